"""The knocker's own layout (rules without ``auto_layout``): chosen from the knocker's
information alone, checked against a brute force written from the rules text, and the
same in every pair of worlds that differ only in the defender's hidden cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrules
from brute import brute_best_collections, brute_deadwood
from ginrules import CARDS, Card, HandState, cards_to_mask, parse_cards
from ginrules.actions import ActionKind
from ginrules.errors import GinRulesError
from ginrules.knocking import knocker_layout
from test_layoffs import next_cards

OWN_LAYOUT = ["dutch", "dutch-oklahoma", "eaai", "openspiel"]


def reachable(meld: frozenset[Card], possible: frozenset[Card]) -> frozenset[Card]:
    """Every card of ``possible`` a defender holding all of them could lay off onto
    ``meld``, one card at a time (``next_cards``: the rules text, not the library)."""
    grown = set(meld)
    while True:
        more = [c for c in next_cards(frozenset(grown)) if c in possible and c not in grown]
        if not more:
            return frozenset(grown - meld)
        grown.update(more)


def open_count(melds: list[frozenset[Card]], possible: frozenset[Card]) -> int:
    return len(frozenset().union(*(reachable(m, possible) for m in melds)))


@st.composite
def tie_hands(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """Ten cards whose least-deadwood layouts tie (three runs or three sets of three
    consecutive ranks in three suits), one card of deadwood, and a discard pile."""
    low = draw(st.integers(1, 11))
    suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3, unique=True))
    nine = [CARDS[s * 13 + r - 1] for s in suits for r in range(low, low + 3)]
    rest = [c for c in CARDS if c not in nine and brute_deadwood([*nine, c]) == c.points]
    extra = draw(st.sampled_from(rest))
    others = [c for c in CARDS if c not in nine and c != extra]
    pile = draw(st.lists(st.sampled_from(others), max_size=12, unique=True))
    return [*nine, extra], pile


@st.composite
def few_rank_hands(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """Ten cards of four ranks (sets and runs that share cards: a card goes to a set or
    to a run at the same deadwood), and a discard pile."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=4, max_size=4, unique=True))
    cards = [CARDS[s * 13 + r] for s in range(4) for r in ranks]
    hand = draw(st.lists(st.sampled_from(cards), min_size=10, max_size=10, unique=True))
    pile = draw(st.lists(st.sampled_from(CARDS), max_size=8, unique=True))
    return hand, pile


@given(st.one_of(tie_hands(), few_rank_hands(), st.tuples(
    st.lists(st.sampled_from(CARDS), min_size=10, max_size=10, unique=True),
    st.lists(st.sampled_from(CARDS), max_size=20, unique=True))))
@settings(max_examples=150, deadline=None)
def test_the_layout_is_the_least_deadwood_with_the_fewest_open_cards(
        case: tuple[list[Card], list[Card]]) -> None:
    hand, pile = case
    pile = [c for c in pile if c not in hand]
    possible = frozenset(c for c in CARDS if c not in hand and c not in pile)
    chosen = knocker_layout(cards_to_mask(hand), discard_pile=cards_to_mask(pile))
    assert chosen.deadwood == brute_deadwood(hand)
    assert sorted(chosen.cards) == sorted(hand)
    mine = open_count([frozenset(m.cards) for m in chosen.melds], possible)
    assert mine == min(open_count([frozenset(m) for m in c], possible)
                       for c in brute_best_collections(hand))


def test_a_set_leaves_its_fourth_card_open_and_a_run_its_chains() -> None:
    # 2D goes to the set of twos (2C open) or to the run AD 2D 3D (4D to 9D open, up to
    # the knocker's TD): the set, at the same deadwood 8
    chosen = knocker_layout("3C TC AD 2D 3D TD 2H TH AS 2S")
    assert str(chosen) == "2D 2H 2S | TC TD TH | deadwood 3C AD 3D AS = 8"


def test_the_pile_decides_between_runs_and_sets() -> None:
    hand = "3C 4C 5C 3D 4D 5D 3H 4H 5H KC"
    sets = [str(m) for m in knocker_layout(hand).melds]
    assert sets == ["3C 3D 3H", "4C 4D 4H", "5C 5D 5H"]  # 3S, 4S, 5S open; runs: 24 cards
    closed = knocker_layout(hand, discard_pile="2C 6C 2D 6D 2H 6H")
    assert [str(m) for m in closed.melds] == ["3C 4C 5C", "3D 4D 5D", "3H 4H 5H"]
    with pytest.raises(GinRulesError, match="KC is both in the knocker's hand and in the "
                                            "discard pile"):
        knocker_layout(hand, discard_pile="KC")


# -- two worlds that differ only in the defender's hidden cards ------------------------


def _knock_deck(knocker: list[Card], seed: int) -> list[Card]:
    """A deck dealing ``knocker`` to player 0 (the non-dealer), then the rest shuffled."""
    rest = [c for c in CARDS if c not in knocker]
    random.Random(seed).shuffle(rest)
    deck: list[Card] = []
    for i in range(10):
        deck += [knocker[i], rest[i]]
    return deck + rest[10:]


def _hidden(state: HandState, defender: int) -> list[int]:
    """The deck positions of the defender's cards the knocker never saw (never in the
    discard pile), and of the stock cards nobody drew."""
    deck = state.deck.cards
    seen = {a.card for _, a in state.actions if a.card is not None} | {deck[20]}
    held = state.masks[defender]
    first = 21 + state.stock_drawn
    return ([i for i in range(first) if deck[i] not in seen and held >> deck[i].index & 1]
            + list(range(first, 52)))


def _other_world(state: HandState, defender: int, seed: int) -> HandState:
    """The same actions from a deck whose hidden cards (see :func:`_hidden`) are dealt
    anew: a world the knocker cannot tell from ``state``."""
    deck = list(state.deck.cards)
    places = _hidden(state, defender)
    cards = [deck[i] for i in places]
    random.Random(seed).shuffle(cards)
    for i, c in zip(places, cards, strict=True):
        deck[i] = c
    other = ginrules.deal(state.rules, deck=deck, dealer=state.dealer)
    for _, action in state.actions:
        other = other.apply(action)
    return other


def _knocks(preset: str, seed: int, knocker: list[Card] | None) -> list[HandState]:
    """Hands that end in a knock: player 0 dealt ``knocker`` and knocking on its first
    draw, or (``None``) random play that knocks as soon as it may."""
    the_rules = ginrules.rules(preset, oklahoma=False, knock_limit=10)
    rnd = random.Random(seed)
    if knocker is not None:
        state = ginrules.deal(the_rules, deck=_knock_deck(knocker, seed), dealer=1)
        state = state.apply("pass").apply("pass").apply("draw stock")
        drawn = state.masks[0] & ~cards_to_mask(knocker)
        return [state.apply(f"knock {CARDS[drawn.bit_length() - 1]}")]
    out = []
    state = ginrules.deal(the_rules, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        knocks = [a for a in legal if a.kind is ActionKind.KNOCK]
        state = state.apply(rnd.choice(knocks or legal))
    if state.result is not None and state.result.knocker is not None:
        out.append(state)
    return out


@given(preset=st.sampled_from(OWN_LAYOUT), seed=st.integers(0, 2**32 - 1),
       tie=st.one_of(st.none(), tie_hands()))
@settings(max_examples=120, deadline=None)
def test_the_knockers_layout_is_the_same_in_worlds_it_cannot_tell_apart(
        preset: str, seed: int, tie: tuple[list[Card], list[Card]] | None) -> None:
    for state in _knocks(preset, seed, None if tie is None else tie[0]):
        result = state.result
        assert result is not None and result.knocker is not None
        view = state.view(result.knocker)  # what the knocker saw, the knock's discard on top
        assert knocker_layout(view.mask, discard_pile=cards_to_mask(view.discard_pile)) \
            == result.knocker_arrangement
        for k in range(3):
            other = _other_world(state, 1 - result.knocker, seed + k)
            assert other.masks[result.knocker] == state.masks[result.knocker]
            assert other.result is not None
            assert other.result.knocker_arrangement == result.knocker_arrangement


def test_the_old_omniscient_choice_would_differ_between_such_worlds() -> None:
    """The test above can fail: the knocker's best (the defender's deadwood decides)
    differs between two of these worlds, where the knocker's own layout does not."""
    knocker = parse_cards("3C 4C 5C 3D 4D 5D 3H 4H 5H KS")
    differ = 0
    for seed in range(40):
        state = _knocks("eaai", seed, list(knocker))[0]
        other = _other_world(state, 1, seed)
        best = [ginrules.knocking.resolve_knock(s.masks[0], s.masks[1])[0]
                for s in (state, other)]
        differ += best[0] != best[1]
        assert state.result is not None and other.result is not None
        assert state.result.knocker_arrangement == other.result.knocker_arrangement
    assert differ > 0


def test_auto_layout_rules_keep_the_knockers_best() -> None:
    """Where the rules lay the hands out (German page, Polish site), the site's layout is
    the knocker's best: least deadwood, then the most deadwood left to the defender."""
    knocker = list(parse_cards("3C 4C 5C 3D 4D 5D 3H 4H 5H KS"))
    for preset in ("classic", "polish"):
        for seed in range(10):
            state = _knocks(preset, seed, knocker)[0]
            assert state.result is not None
            best = ginrules.knocking.resolve_knock(state.masks[0], state.masks[1])[0]
            assert state.result.knocker_arrangement == best


def test_the_records_state_the_knockers_melds_where_the_knocker_lays_out() -> None:
    knocker = list(parse_cards("3C 4C 5C 3D 4D 5D 3H 4H 5H KS"))
    for preset, stated in (("eaai", True), ("classic", False)):
        state = _knocks(preset, 3, knocker)[0]
        record = ginrules.records.to_record(state, preset=preset)
        (entry,) = record["hands"]
        assert ("knocker_melds" in entry) is stated
        report = ginrules.records.validate(record)
        assert report.valid, report.problems


def test_stated_melds_other_than_the_default_round_trip() -> None:
    """A record of a knock whose melds are not the engine's default (runs where the
    knocker's own layout shows sets) is written with them and reads back valid."""
    knocker = list(parse_cards("3C 4C 5C 3D 4D 5D 3H 4H 5H KS"))
    state = _knocks("eaai", 5, knocker)[0]
    before = state.actions
    start = ginrules.deal(state.rules, deck=state.deck.cards, dealer=state.dealer)
    for _, action in list(before)[:-1]:
        start = start.apply(action)
    card = list(before)[-1][1].card
    assert card is not None
    runs = ["3C 4C 5C", "3D 4D 5D", "3H 4H 5H"]
    end = ginrules.hand.knock(start, card, runs)
    assert end.result is not None
    assert [str(m) for m in end.result.knocker_melds] == runs != [
        str(m) for m in state.result.knocker_melds]  # type: ignore[union-attr]
    record = ginrules.records.to_record(end, preset="eaai")
    assert record["hands"][0]["knocker_melds"] == [m.split() for m in runs]
    report = ginrules.records.validate(record)
    assert report.valid, report.problems
    again = ginrules.records.load(record)
    assert again.hands[0].result == end.result  # type: ignore[union-attr]


def test_showdown_lays_the_knocker_out_as_a_hand_would() -> None:
    """The knocker cannot see that the defender holds 3S and 5S: it shows the sets, which
    leave three cards open where the runs leave 24, and the defender lays both off; the
    rules that lay hands out show the runs, which take neither."""
    knocker, defender = "3C 4C 5C 3D 4D 5D 3H 4H 5H KS", "AC 8C QC QD KD 7H JH 3S 5S 7S"
    own, _ = ginrules.showdown(knocker, defender, rules="eaai")
    assert [str(m) for m in own.knocker_melds] == ["3C 3D 3H", "4C 4D 4H", "5C 5D 5H"]
    assert [str(x) for x in own.layoffs] == ["3S onto 3C 3D 3H", "5S onto 5C 5D 5H"]
    assert own.defender_deadwood == 63
    best, _ = ginrules.showdown(knocker, defender, rules="classic")
    assert [str(m) for m in best.knocker_melds] == ["3C 4C 5C", "3D 4D 5D", "3H 4H 5H"]
    assert (best.layoffs, best.defender_deadwood) == ((), 71)


RUNS = ["3C 4C 5C", "3D 4D 5D", "3H 4H 5H"]
SETS = ["3C 3D 3H", "4C 4D 4H", "5C 5D 5H"]


def _before_the_knock(preset: str) -> HandState:
    """Player 0 (the non-dealer) holds the 3s, 4s and 5s of three suits and KS, player 1
    holds 3S and 5S among high cards: both pass KH, player 0 draws QH and is to knock
    (under the eleven-cards opening, player 0 is dealt QH as its eleventh card).
    The sets take 3S and 5S as layoffs (defender deadwood 63), the runs take nothing (71)."""
    knocker = list(parse_cards("3C 4C 5C 3D 4D 5D 3H 4H 5H KS"))
    defender = list(parse_cards("AC 8C QC QD KD 7H JH 3S 5S 7S"))
    the_rules = ginrules.rules(preset, oklahoma=False, knock_limit=10)
    eleven = the_rules.opening is ginrules.Opening.ELEVEN_CARDS
    top = list(parse_cards("QH KH" if eleven else "KH QH"))
    deck = [c for pair in zip(knocker, defender, strict=True) for c in pair] + top
    deck += [c for c in CARDS if c not in deck]
    state = ginrules.deal(the_rules, deck=deck, dealer=1)
    return state if eleven else state.apply("pass").apply("pass").apply("draw stock")


@pytest.mark.parametrize("preset", sorted(ginrules.PRESETS))
@pytest.mark.parametrize("stated", [RUNS, SETS])
def test_a_record_of_stated_melds_reads_back_under_every_preset(
        preset: str, stated: list[str]) -> None:
    """Writer, reader and validator agree on a knock with stated melds, the default
    layout or not: where the knocker lays out (auto_layout off) the record states the
    melds and reads back with them; where the rules lay hands out, the stated melds are
    checked but the best layout (the runs) is used, and the record reads back the same."""
    start = _before_the_knock(preset)
    end = ginrules.hand.knock(start, "QH", stated)
    assert end.result is not None
    own = not start.rules.auto_layout
    used = stated if own else RUNS
    assert [str(m) for m in end.result.knocker_melds] == used
    assert end.result.defender_deadwood == (63 if used == SETS else 71)
    default = ginrules.hand.knock(start, "QH").result
    assert default is not None
    assert [str(m) for m in default.knocker_melds] == (SETS if own else RUNS)
    record = ginrules.records.to_record(end, preset=preset)
    (entry,) = record["hands"]
    assert entry.get("knocker_melds") == ([m.split() for m in stated] if own else None)
    assert entry["outcome"]["deadwood"] == [10, end.result.defender_deadwood]
    for data in (record, ginrules.records.dump(end, preset=preset)):
        report = ginrules.records.validate(data)
        assert report.valid, report.problems
        again = ginrules.records.load(data).hands[0]
        assert again.result == end.result and again.actions == end.actions
    if own and stated != SETS:
        # the melds are what the outcome rests on: without them the record is refused
        del entry["knocker_melds"]
        assert not ginrules.records.validate(record).valid
