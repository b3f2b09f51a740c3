"""Layoffs and knock resolution against the brute force of tests/brute.py, plus fixed cases."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from brute import (
    brute_best_collections,
    brute_deadwood,
    brute_defence,
    brute_resolve,
    card_at,
    next_cards,
)
from ginrules import (
    CARDS,
    Arrangement,
    Card,
    Meld,
    arrangements,
    cards_to_mask,
    deadwood,
    format_cards,
    parse_cards,
    rules,
    showdown,
)
from ginrules.knocking import lay_off, resolve_knock


def check_layoffs(melds: tuple[Meld, ...], defender: list[Card], arrangement: Arrangement,
                  layoffs: tuple) -> None:
    """The layoffs are legal in the order given (each card extends its meld as extended so
    far, by :func:`next_cards`) and account for every defender card."""
    current = [frozenset(m.cards) for m in melds]
    laid: list[Card] = []
    for layoff in layoffs:
        assert layoff.meld == melds[layoff.meld_index]
        assert layoff.card in next_cards(current[layoff.meld_index]), str(layoff)
        current[layoff.meld_index] |= {layoff.card}
        laid.append(layoff.card)
    assert len(set(laid)) == len(laid)
    assert set(laid).isdisjoint(arrangement.cards)
    assert sorted([*laid, *arrangement.cards]) == sorted(defender)
    assert arrangement.deadwood == sum(x.points for x in arrangement.deadwood_cards)
    assert arrangement.deadwood == brute_deadwood(arrangement.cards)


# -- strategies ---------------------------------------------------------------------------


@st.composite
def meld_cards(draw: st.DrawFn) -> list[Card]:
    if draw(st.booleans()):
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
        return [CARDS[s * 13 + rank - 1] for s in suits]
    suit = draw(st.integers(0, 3))
    length = draw(st.integers(3, 5))
    low = draw(st.integers(1, 14 - length))
    return [CARDS[suit * 13 + r - 1] for r in range(low, low + length)]


LOW_CARDS = [c for c in CARDS if c.rank <= 4]


@st.composite
def knock_hands(draw: st.DrawFn, *, allow_gin: bool = True) -> tuple[list[Card], list[Card]]:
    """A knocker's 10 cards (deadwood <= 10, built from 2-3 melds and low cards) and a
    defender's 10 cards, many of them near the knocker's melds so layoffs happen."""
    knocker: list[Card] = []
    for _ in range(draw(st.integers(2, 3))):
        meld = draw(meld_cards())
        if set(meld) & set(knocker) or len(knocker) + len(meld) > 10:
            continue
        knocker += meld
    fillers = [c for c in LOW_CARDS if c not in knocker]
    knocker += draw(st.lists(st.sampled_from(fillers), min_size=10 - len(knocker),
                             max_size=10 - len(knocker), unique=True))
    dead = deadwood(knocker)
    assume(dead <= 10 and (allow_gin or dead > 0))
    rest = [c for c in CARDS if c not in knocker]
    # cards next to the knocker's cards (same rank, or same suit one or two ranks away)
    near = [
        c for c in rest
        if any(c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 2)
               for k in knocker)
    ]
    n_near = draw(st.integers(0, min(10, len(near))))
    defender = draw(st.lists(st.sampled_from(near), min_size=n_near, max_size=n_near,
                             unique=True)) if n_near else []
    others = [c for c in rest if c not in defender]
    defender += draw(st.lists(st.sampled_from(others), min_size=10 - len(defender),
                              max_size=10 - len(defender), unique=True))
    return knocker, defender


@st.composite
def breaking_hands(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """A knock where the defender holds a set containing the card next to the end of a
    knocker's run, and the card after it: laying off means breaking its own set."""
    suit = draw(st.integers(0, 3))
    low = draw(st.integers(1, 9))
    run = [CARDS[suit * 13 + r - 1] for r in range(low, low + 3)]
    nxt = low + 3
    set_suits = draw(st.lists(st.integers(0, 3).filter(lambda x: x != suit), min_size=2,
                              max_size=3, unique=True))
    defender = [CARDS[suit * 13 + nxt - 1], *(CARDS[x * 13 + nxt - 1] for x in set_suits)]
    if nxt + 1 <= 13 and draw(st.booleans()):
        defender.append(CARDS[suit * 13 + nxt])
    rest = [c for c in CARDS if c not in run and c not in defender]
    knocker = run + draw(st.lists(st.sampled_from(rest), min_size=7, max_size=7, unique=True))
    assume(deadwood(knocker) <= 10)
    others = [c for c in rest if c not in knocker]
    defender += draw(st.lists(st.sampled_from(others), min_size=10 - len(defender),
                              max_size=10 - len(defender), unique=True))
    return knocker, defender


def hand_text(cards: list[Card]) -> str:
    return format_cards(sorted(cards))


# -- properties ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(knock_hands())
def test_resolve_knock_matches_the_brute_force(hands: tuple[list[Card], list[Card]]) -> None:
    knocker, defender = hands
    k_arr, d_arr, layoffs = resolve_knock(knocker, defender)
    note = f"knocker {hand_text(knocker)}, defender {hand_text(defender)}"
    assert k_arr.deadwood == brute_deadwood(knocker), note
    assert sorted(k_arr.cards) == sorted(knocker)
    assert k_arr in arrangements(knocker)
    assert d_arr.deadwood == brute_resolve(knocker, defender), note
    check_layoffs(k_arr.melds, defender, d_arr, layoffs)
    if k_arr.deadwood == 0:
        assert layoffs == ()  # nothing is laid off against gin
        assert sorted(d_arr.cards) == sorted(defender)
        assert d_arr.deadwood == brute_deadwood(defender)


@settings(max_examples=100, deadline=None)
@given(st.one_of(knock_hands(), breaking_hands()))
def test_resolve_knock_when_the_defender_may_break_a_meld(
    hands: tuple[list[Card], list[Card]],
) -> None:
    knocker, defender = hands
    k_arr, d_arr, layoffs = resolve_knock(knocker, defender)
    note = f"knocker {hand_text(knocker)}, defender {hand_text(defender)}"
    assert d_arr.deadwood == brute_resolve(knocker, defender), note
    check_layoffs(k_arr.melds, defender, d_arr, layoffs)


@settings(max_examples=150, deadline=None)
@given(knock_hands(allow_gin=False), st.data())
def test_lay_off_matches_the_brute_force(
    hands: tuple[list[Card], list[Card]], data: st.DataObject
) -> None:
    knocker, defender = hands
    # any least-deadwood arrangement of the knocker, not only the one resolve_knock picks
    options = arrangements(knocker)
    shown = data.draw(st.sampled_from(options))
    arrangement, layoffs = lay_off(shown.melds, defender)
    best, fewest = brute_defence([m.cards for m in shown.melds], frozenset(defender))
    note = f"melds {[str(m) for m in shown.melds]}, defender {hand_text(defender)}"
    assert arrangement.deadwood == best, note
    assert len(layoffs) == fewest, note  # among equal deadwood, the fewest layoffs
    check_layoffs(shown.melds, defender, arrangement, layoffs)


@settings(max_examples=100, deadline=None)
@given(knock_hands(allow_gin=False))
def test_knocker_choice_leaves_the_defender_the_most(hands: tuple[list[Card], list[Card]]) -> None:
    knocker, defender = hands
    _, d_arr, _ = resolve_knock(knocker, defender)
    d = frozenset(defender)
    # against every least-deadwood arrangement the knocker could show, the defender would
    # keep at most this much (the brute force's best defence), and against one exactly this
    kept = [brute_defence(collection, d)[0] for collection in brute_best_collections(knocker)]
    assert max(kept) == d_arr.deadwood


def score_by_the_rules(knocker_deadwood: int, defender_deadwood: int) -> tuple[str, int]:
    """The classic hand score, from the rules text (RULES.md, hand scoring): gin is 25
    plus the defender's deadwood; a defender with equal or less deadwood undercuts and
    scores the difference plus 25; otherwise the knocker scores the difference."""
    if knocker_deadwood == 0:
        return "knocker", 25 + defender_deadwood
    if defender_deadwood <= knocker_deadwood:
        return "defender", knocker_deadwood - defender_deadwood + 25
    return "knocker", defender_deadwood - knocker_deadwood


@settings(max_examples=100, deadline=None)
@given(knock_hands())
def test_showdown_matches_the_brute_force_and_the_rules_text(
    hands: tuple[list[Card], list[Card]],
) -> None:
    knocker, defender = hands
    result, score = showdown(knocker, defender)
    note = f"knocker {hand_text(knocker)}, defender {hand_text(defender)}"
    k, d = brute_deadwood(knocker), brute_resolve(knocker, defender)
    assert (result.knocker_deadwood, result.defender_deadwood) == (k, d), note
    assert (score.winner, score.points) == score_by_the_rules(k, d), note
    assert result.knocker_arrangement is not None and result.defender_arrangement is not None
    check_layoffs(result.knocker_melds, defender, result.defender_arrangement, result.layoffs)


@settings(max_examples=100, deadline=None)
@given(knock_hands(allow_gin=False))
def test_given_knocker_arrangement_is_used(hands: tuple[list[Card], list[Card]]) -> None:
    knocker, defender = hands
    for option in arrangements(knocker):
        k_arr, d_arr, layoffs = resolve_knock(knocker, defender, knocker_arrangement=option)
        assert k_arr == option
        # the defence against the melds shown, whatever the knocker's best would have been
        best, fewest = brute_defence([m.cards for m in option.melds], frozenset(defender))
        assert (d_arr.deadwood, len(layoffs)) == (best, fewest)
        check_layoffs(option.melds, defender, d_arr, layoffs)


def test_lay_off_accepts_masks_and_text() -> None:
    melds = [Meld.of("4H 5H 6H")]
    # 3H below, then 7H and 8H above (a chain); KS fits nowhere and is the deadwood
    expected = ["3H onto 4H 5H 6H", "7H onto 4H 5H 6H", "8H onto 4H 5H 6H"]
    for defender in ("7H 8H 3H KS", cards_to_mask(parse_cards("7H 8H 3H KS")),
                     parse_cards("KS 3H 8H 7H")):
        arrangement, layoffs = lay_off(melds, defender)
        assert laid(layoffs) == expected
        assert arrangement.deadwood_cards == parse_cards("KS") and arrangement.deadwood == 10
    assert laid(lay_off(tuple(melds), "7H 8H 3H KS")[1]) == expected


# -- fixed cases --------------------------------------------------------------------------


def laid(layoffs: tuple) -> list[str]:
    return [str(x) for x in layoffs]


def test_chained_layoffs_from_both_ends() -> None:
    arrangement, layoffs = lay_off([Meld.of("4H 5H 6H")], "7H 8H 3H KS")
    assert laid(layoffs) == ["3H onto 4H 5H 6H", "7H onto 4H 5H 6H", "8H onto 4H 5H 6H"]
    assert arrangement.deadwood == 10
    assert arrangement.deadwood_cards == parse_cards("KS")
    assert all(x.meld_index == 0 for x in layoffs)


def test_chain_needs_every_link() -> None:
    # 8H without 7H does not lay off; 2H without 3H neither
    arrangement, layoffs = lay_off([Meld.of("4H 5H 6H")], "8H 2H KS")
    assert layoffs == ()
    assert arrangement.deadwood == 20


def test_chain_to_the_ends_of_the_suit() -> None:
    arrangement, layoffs = lay_off([Meld.of("4S 5S 6S")], "2S 3S 7S 8S KC")
    assert laid(layoffs) == ["3S onto 4S 5S 6S", "2S onto 4S 5S 6S", "7S onto 4S 5S 6S",
                             "8S onto 4S 5S 6S"]
    assert arrangement.deadwood == 10
    # ace is low only: no wrap from K to A
    arrangement, layoffs = lay_off([Meld.of("JS QS KS")], "AS 2S 9C")
    assert layoffs == () and arrangement.deadwood == 12


def test_fourth_card_of_a_three_card_set() -> None:
    arrangement, layoffs = lay_off([Meld.of("9C 9D 9S")], "9H KS")
    assert laid(layoffs) == ["9H onto 9C 9D 9S"]
    assert arrangement.deadwood == 10
    # nothing lays off onto a set of four
    arrangement, layoffs = lay_off([Meld.of("9C 9D 9S 9H")], "8C TC KS")
    assert layoffs == () and arrangement.deadwood == 28


def test_defender_breaks_its_own_set() -> None:
    arrangement, layoffs = lay_off([Meld.of("4H 5H 6H")], "7H 7S 7D 7C 8H")
    assert laid(layoffs) == ["7H onto 4H 5H 6H", "8H onto 4H 5H 6H"]
    assert arrangement.deadwood == 0
    assert arrangement.melds == (Meld.of("7C 7D 7S"),)


def test_defender_keeps_its_run_when_laying_off_gains_nothing() -> None:
    # 7H 8H 9H is already a meld: laying off 7H and 8H would leave 9H
    arrangement, layoffs = lay_off([Meld.of("4H 5H 6H")], "7H 8H 9H KS")
    assert arrangement.deadwood == 10
    assert layoffs == ()  # the fewest layoffs among equal deadwood


def test_layoff_onto_two_runs_of_one_suit() -> None:
    # 5H fits either 2H-4H or 6H-8H, but only once
    arrangement, layoffs = lay_off([Meld.of("2H 3H 4H"), Meld.of("6H 7H 8H")], "5H 9H KS")
    assert arrangement.deadwood == 10
    assert len(layoffs) == 2
    assert {x.card for x in layoffs} == set(parse_cards("5H 9H"))


def test_no_layoffs_after_gin() -> None:
    k, d, layoffs = resolve_knock("4H 5H 6H 9C 9D 9S AC 2C 3C 4C",
                                  "7H 3H 9H 5C KS QS JD 8D 2D 4D")
    assert k.deadwood == 0
    assert layoffs == ()
    # the defender has no meld of its own (no three of a rank; 2D 4D and 8D lack 3D, 9D,
    # 7H 9H lack 8H) and lays nothing off although 7H and 3H fit 4H-6H, 9H fits the nines
    # and 5C fits AC-4C: 7 + 3 + 9 + 5 + 10 + 10 + 10 + 8 + 2 + 4 = 68
    assert d.melds == () and d.deadwood == 68
    result, score = showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 4C", "7H 3H 9H 5C KS QS JD 8D 2D 4D")
    assert result.layoffs == ()
    assert (score.winner, score.points) == ("knocker", 25 + 68)


def test_knocker_choice_set_of_four_against_the_run() -> None:
    # The knocker's 7C 7D 7H 7S 8H 9H TH can be shown as the four sevens + 8H-TH, or as
    # 7C 7D 7S + 7H-TH: the same deadwood (AC 2C = 3). The run 7H-TH takes the
    # defender's 6H (and 5H after it); 8H-TH takes nothing the defender has (7H is the
    # knocker's), so the knocker shows the four sevens.
    knocker = "7C 7D 7H 7S 8H 9H TH AC 2C 3S"
    defender = "6H 5H KS QD JC 4D 9C 2D 3H KD"
    assert len(arrangements(knocker)) == 2
    k, d, layoffs = resolve_knock(knocker, defender)
    assert set(k.melds) == {Meld.of("7C 7D 7H 7S"), Meld.of("8H 9H TH")}
    assert layoffs == ()
    # no meld (two kings only; 5H 6H and 3H, 2D 4D are broken runs):
    # 6 + 5 + 10 + 10 + 10 + 4 + 9 + 2 + 3 + 10 = 69
    assert d.deadwood == 69
    assert d.deadwood == brute_resolve(parse_cards(knocker), parse_cards(defender))
    # shown the other way, the defender would lay off 6H and 5H
    other = next(a for a in arrangements(knocker) if a != k)
    d2, layoffs2 = lay_off(other.melds, defender)
    assert laid(layoffs2) == ["6H onto 7H 8H 9H TH", "5H onto 7H 8H 9H TH"]
    assert d2.deadwood == 69 - 6 - 5


def test_knocker_choice_when_both_arrangements_take_the_same_card() -> None:
    # the defender's JH fits 8H-TH as well as 7H-TH: either way it is laid off
    knocker = "7C 7D 7H 7S 8H 9H TH AC 2C 3S"
    defender = "JH KS QD JC 4D 9C 2D 3H KD 5S"
    _, d, layoffs = resolve_knock(knocker, defender)
    assert [x.card for x in layoffs] == list(parse_cards("JH"))
    # no meld: 10 + 10 + 10 + 10 + 4 + 9 + 2 + 3 + 10 + 5 = 73, less the JH laid off
    assert d.deadwood == 73 - 10


# -- showdowns worked out by hand -------------------------------------------------------


def test_showdown_worked_example_chained_layoffs_onto_a_run() -> None:
    """Knocker 4H 5H 6H, 9C 9D 9S, JD QD KD and 2C: deadwood 2 (no other arrangement).
    The defender has no meld (8H 8S, 4C 5C, 3D, 6S...: no three of a rank, no three in a
    suit row) and 7 + 8 + 10 + 1 + 5 + 6 + 3 + 10 + 8 + 4 = 62. It lays off 7H then 8H
    onto 4H-6H (8H only after 7H) and TD below JD-KD: 62 - 7 - 8 - 10 = 37 left, so the
    knocker scores 37 - 2 = 35."""
    result, score = showdown("4H 5H 6H 9C 9D 9S JD QD KD 2C",
                             "7H 8H TD AS 5C 6S 3D KC 8S 4C")
    assert [str(m) for m in result.knocker_melds] == ["4H 5H 6H", "9C 9D 9S", "JD QD KD"]
    assert laid(result.layoffs) == ["7H onto 4H 5H 6H", "8H onto 4H 5H 6H",
                                    "TD onto JD QD KD"]
    defence = result.defender_arrangement
    assert defence is not None and defence.melds == ()
    assert sorted(defence.deadwood_cards) == sorted(parse_cards("AS 5C 6S 3D KC 8S 4C"))
    assert (result.knocker_deadwood, result.defender_deadwood) == (2, 37)
    assert (score.winner, score.player, score.points, score.undercut) == ("knocker", 0, 35,
                                                                          False)


def test_showdown_worked_example_undercut_with_layoffs_and_own_melds() -> None:
    """Knocker 7C 7D 7S, 2H 3H 4H, TS JS QS and 5D: deadwood 5. The defender melds
    AC 2C 3C and 5H 6H 7H (it could lay 7H onto the sevens and 5H 6H onto 2H-4H instead,
    for the same deadwood but three more layoffs), lays KS above TS-QS and 9S then 8S
    below it, and keeps 4D: deadwood 4 <= 5, an undercut worth 5 - 4 + 25 = 26."""
    result, score = showdown("7C 7D 7S 2H 3H 4H TS JS QS 5D",
                             "7H KS 9S 8S AC 2C 3C 5H 6H 4D")
    assert [str(m) for m in result.knocker_melds] == ["2H 3H 4H", "7C 7D 7S", "TS JS QS"]
    assert sorted(laid(result.layoffs)) == ["8S onto TS JS QS", "9S onto TS JS QS",
                                            "KS onto TS JS QS"]
    order = [str(x.card) for x in result.layoffs]
    assert order.index("9S") < order.index("8S")  # 8S goes on only after 9S
    defence = result.defender_arrangement
    assert defence is not None
    assert [str(m) for m in defence.melds] == ["AC 2C 3C", "5H 6H 7H"]
    assert defence.deadwood_cards == parse_cards("4D")
    assert (result.knocker_deadwood, result.defender_deadwood) == (5, 4)
    assert (score.winner, score.player, score.points, score.undercut) == ("defender", 1, 26,
                                                                          True)
    # without the undercut on a tie rule nothing changes here (4 < 5), but a smaller
    # undercut bonus does: 1 + 20
    assert showdown("7C 7D 7S 2H 3H 4H TS JS QS 5D", "7H KS 9S 8S AC 2C 3C 5H 6H 4D",
                    rules="dutch")[1].points == 21


def test_showdown_worked_example_gin_takes_no_layoffs() -> None:
    """Knocker AS-4S, 8C 8D 8H, JH QH KH: gin. The defender's 5S, 8S and TH would fit, but
    nothing is laid off after gin: 5 + 8 + 10 + 2 + 3 + 4 + 6 + 9 + 10 + 10 = 67, and the
    knocker scores 25 + 67 = 92."""
    result, score = showdown("AS 2S 3S 4S 8C 8D 8H JH QH KH",
                             "5S 8S TH 2D 3C 4H 6C 9D KC QC")
    assert [str(m) for m in result.knocker_melds] == ["AS 2S 3S 4S", "8C 8D 8H", "JH QH KH"]
    assert result.kind.value == "gin" and result.layoffs == ()
    assert (result.knocker_deadwood, result.defender_deadwood) == (0, 67)
    assert (score.winner, score.points, score.bonus) == ("knocker", 92, 25)


# -- OpenSpiel's gameplay tests as scripted showdowns --------------------------------------


def test_openspiel_gameplay_1_defender_breaks_its_set_to_undercut() -> None:
    # knocker 5S-7S, 9C-JC, KS KC KD, deadwood JD = 10; the defender's 8s are not laid
    # as a set: 8S 9S go onto 5S-7S and 7C 8C onto 9C-JC, leaving AC 8D = 9: undercut
    knocker = "5S 6S 7S KS 9C TC JC KC JD KD"
    defender = "2S 8S 9S AC 2C 7C 8C 2D 8D 2H"
    result, score = showdown(knocker, defender, rules=rules("classic", undercut_bonus=20))
    assert result.knocker_deadwood == 10
    assert result.defender_deadwood == 9
    assert sorted(laid(result.layoffs)) == sorted([
        "8S onto 5S 6S 7S", "9S onto 5S 6S 7S", "8C onto 9C TC JC", "7C onto 9C TC JC",
    ])
    assert result.defender_arrangement is not None
    assert result.defender_arrangement.melds == (Meld.of("2C 2D 2H 2S"),)
    assert score.winner == "defender" and score.undercut
    assert score.points == 21
    assert result.defender_deadwood == brute_resolve(parse_cards(knocker), parse_cards(defender))


def test_openspiel_gameplay_2_knocker_keeps_sets() -> None:
    # runs 5-7 in three suits would take 4S, 3S (chained), 8S, 4C, 8C, 4D, 8D; the
    # three sets of 5s, 6s, 7s take only 5H, 6H, 7H, which the defender melds anyway
    knocker = "AS 5S 6S 7S 5C 6C 7C 5D 6D 7D"
    defender = "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H"
    result, score = showdown(knocker, defender)
    assert set(result.knocker_melds) == {Meld.of("5C 5D 5S"), Meld.of("6C 6D 6S"),
                                         Meld.of("7C 7D 7S")}
    assert result.knocker_deadwood == 1
    assert result.defender_deadwood == 3
    assert score.winner == "knocker" and score.points == 2
    runs = next(a for a in arrangements(knocker) if a.melds[0].kind.value == "run")
    assert lay_off(runs.melds, defender)[0].deadwood == 0  # the undercut it avoids


def test_openspiel_gameplay_3_chain_after_the_ten() -> None:
    # TS fits the tens and JS-KS; laid onto JS-KS it lets 9S follow: deadwood 0
    knocker = "AS AC AD 2H JS QS KS TC TD TH"
    defender = "4S 5S 9S TS 4C 5C 4D 5D 4H 5H"
    result, score = showdown(knocker, defender)
    assert result.knocker_deadwood == 2
    assert result.defender_deadwood == 0
    assert laid(result.layoffs) == ["TS onto JS QS KS", "9S onto JS QS KS"]
    assert score.winner == "defender" and score.points == 27


# -- the cards a meld takes, against the definition of a meld ------------------------------


def is_meld(cards: list[Card]) -> bool:
    """Whether ``cards`` are a meld, from the rules text alone: three or four cards of one
    rank, or three or more cards of one suit in consecutive ranks (the ace low only)."""
    if len(set(cards)) != len(cards) or len(cards) < 3:
        return False
    if len({int(c.rank) for c in cards}) == 1:
        return len(cards) <= 4
    if len({int(c.suit) for c in cards}) != 1:
        return False
    ranks = sorted(int(c.rank) for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def every_meld() -> list[list[Card]]:
    """Every run (each suit, each first rank, each length) and every set (each rank: the
    four sets of three and the set of four)."""
    runs = [[card_at(s, r) for r in range(low, high + 1)]
            for s in range(4) for low in range(1, 12) for high in range(low + 2, 14)]
    sets = [[card_at(s, rank) for s in suits] for rank in range(1, 14)
            for suits in ([0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [0, 1, 2, 3])]
    return runs + sets


def test_the_layoff_cards_are_exactly_the_cards_that_make_a_bigger_meld() -> None:
    melds = every_meld()
    assert len(melds) == 4 * 66 + 13 * 5
    for cards in melds:
        assert is_meld(cards)
        takes = [c for c in CARDS if c not in cards and is_meld([*cards, c])]
        meld = Meld.of(cards)
        assert meld.layoff_cards() == tuple(takes), format_cards(cards)  # canonical order
        for c in takes:
            assert set(meld.extended(c).cards) == {*cards, c}


def test_the_ends_of_a_suit() -> None:
    # a run to the queen takes the king, one to the king nothing above, one from the ace
    # nothing below
    assert format_cards(Meld.of("TD JD QD").layoff_cards()) == "9D KD"
    assert format_cards(Meld.of("JD QD KD").layoff_cards()) == "TD"
    assert format_cards(Meld.of("AD 2D 3D").layoff_cards()) == "4D"
    assert format_cards(Meld.of("2D 3D 4D").layoff_cards()) == "AD 5D"
    assert format_cards(Meld.of("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH").layoff_cards()) == "KH"
