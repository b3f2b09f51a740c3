"""Melds, layoffs, deadwood, arrangements and best discards: fixed cases."""

from __future__ import annotations

import pytest

from brute import brute_best_discards, brute_deadwood
from ginrules import (
    CARDS,
    Arrangement,
    BestDiscards,
    Card,
    CardNotationError,
    GinRulesError,
    InvalidMeldError,
    Meld,
    MeldKind,
    WrongTypeError,
    arrange,
    arrangements,
    best_discard_deadwood_of_mask,
    best_discards,
    cards_to_mask,
    deadwood,
    deadwood_of_mask,
    discard_deadwoods_of_mask,
    format_cards,
    parse_card,
    parse_cards,
)
from ginrules.melds import arrangement_of_mask, arrangements_of_mask


def c(text: str) -> Card:
    return parse_card(text)


def texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(x) for x in cards]


def meld_texts(arrangement: Arrangement) -> list[str]:
    return [str(m) for m in arrangement.melds]


# -- meld validation --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("7C 7D 7H", MeldKind.SET),
        ("7C 7D 7H 7S", MeldKind.SET),
        ("KS KH KC", MeldKind.SET),
        ("AC AD AS", MeldKind.SET),
        ("AS 2S 3S", MeldKind.RUN),
        ("JD QD KD", MeldKind.RUN),
        ("9H 7H 8H", MeldKind.RUN),
        ("3C 4C 5C 6C 7C 8C", MeldKind.RUN),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", MeldKind.RUN),
    ],
)
def test_valid_melds(cards: str, kind: MeldKind) -> None:
    meld = Meld.of(cards)
    assert meld.kind is kind
    assert len(meld) == len(parse_cards(cards))
    assert set(meld) == set(parse_cards(cards))
    assert meld.mask == cards_to_mask(parse_cards(cards))
    assert meld.points == sum(x.points for x in parse_cards(cards))


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        ("QH KH AH", "ace is low"),
        ("KH AH 2H", "ace is low"),
        ("JH QH KH AH", "ace is low"),
        ("7C 7D 8S", "one rank"),
        ("7H 8H 9S", "one suit"),
        ("7H 8H", "at least 3"),
        ("7H", "at least 3"),
        ("", "at least 3"),
        ("7C 7D", "at least 3"),
        ("7H 8H TH", "consecutive"),
        ("2S 3S 5S 6S", "consecutive"),
    ],
)
def test_invalid_melds(cards: str, why: str) -> None:
    with pytest.raises(InvalidMeldError, match=why) as exc:
        Meld.of(cards)
    assert isinstance(exc.value, GinRulesError)
    assert isinstance(exc.value, ValueError)


def test_meld_duplicates() -> None:
    seven = c("7H")
    with pytest.raises(InvalidMeldError, match="twice"):
        Meld((seven, seven, c("8H")))
    with pytest.raises(InvalidMeldError, match="twice"):
        Meld((seven, c("8H"), c("9H"), seven))
    # in text form the duplicate is a notation error
    with pytest.raises(CardNotationError):
        Meld.of("7H 8H 7H")


def test_five_of_a_rank_is_impossible() -> None:
    with pytest.raises(InvalidMeldError):
        Meld((c("7C"), c("7D"), c("7H"), c("7S"), c("7C")))
    with pytest.raises(InvalidMeldError):
        Meld((c("7C"), c("7D"), c("7H"), c("7S"), c("7S")))


def test_meld_sorted_and_equal() -> None:
    assert Meld.of("9H 7H 8H") == Meld.of("7H 8H 9H")
    assert hash(Meld.of("9H 7H 8H")) == hash(Meld.of("7H 8H 9H"))
    assert Meld.of("7S 7C 7D").cards == (c("7C"), c("7D"), c("7S"))
    assert Meld.of("7S 7C 7D") != Meld.of("7S 7C 7H")
    assert repr(Meld.of("9H 7H 8H")) == "Meld.of('7H 8H 9H')"
    assert str(Meld.of("9H 7H 8H")) == "7H 8H 9H"
    assert eval(repr(Meld.of("KS KC KD")), {"Meld": Meld}) == Meld.of("KC KD KS")
    assert Meld.from_mask(0b111) == Meld.of("AC 2C 3C")
    assert c("8H") in Meld.of("7H 8H 9H") and c("8S") not in Meld.of("7H 8H 9H")


def test_meld_from_mask_invalid() -> None:
    with pytest.raises(InvalidMeldError):
        Meld.from_mask(0b1011)


# -- layoffs ----------------------------------------------------------------------------


def test_layoff_run_both_ends() -> None:
    assert texts(Meld.of("4H 5H 6H").layoff_cards()) == ["3H", "7H"]
    assert texts(Meld.of("7H 8H 9H").layoff_cards()) == ["6H", "TH"]


def test_layoff_run_chain() -> None:
    meld = Meld.of("4H 5H 6H")
    meld = meld.extended(c("7H"))
    assert meld == Meld.of("4H 5H 6H 7H")
    assert texts(meld.layoff_cards()) == ["3H", "8H"]
    meld = meld.extended(c("8H"))
    assert meld == Meld.of("4H 5H 6H 7H 8H")
    assert meld.kind is MeldKind.RUN
    assert texts(meld.extended(c("3H")).cards) == ["3H", "4H", "5H", "6H", "7H", "8H"]


def test_layoff_not_allowed() -> None:
    meld = Meld.of("4H 5H 6H")
    for bad in ("8H", "9H", "4S", "7S", "5H"):
        with pytest.raises(InvalidMeldError, match="cannot be laid off"):
            meld.extended(c(bad))


def test_layoff_ace_low_and_king_high_ends() -> None:
    assert texts(Meld.of("AS 2S 3S").layoff_cards()) == ["4S"]
    assert texts(Meld.of("JD QD KD").layoff_cards()) == ["TD"]
    assert texts(Meld.of("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC").layoff_cards()) == []
    with pytest.raises(InvalidMeldError):
        Meld.of("JD QD KD").extended(c("AD"))
    with pytest.raises(InvalidMeldError):
        Meld.of("AS 2S 3S").extended(c("KS"))


def test_layoff_set() -> None:
    assert texts(Meld.of("7C 7D 7S").layoff_cards()) == ["7H"]
    assert texts(Meld.of("7D 7H 7S").layoff_cards()) == ["7C"]
    assert texts(Meld.of("AC AD AH").layoff_cards()) == ["AS"]
    full = Meld.of("7C 7D 7S").extended(c("7H"))
    assert full == Meld.of("7C 7D 7H 7S")
    assert full.kind is MeldKind.SET
    assert full.layoff_cards() == ()
    with pytest.raises(InvalidMeldError):
        full.extended(c("7H"))
    with pytest.raises(InvalidMeldError):
        Meld.of("7C 7D 7S").extended(c("8S"))


# -- deadwood ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AC", 1),
        ("7H", 7),
        ("KS", 10),
        ("AS", 1),
        ("7H 8H", 15),
        ("7H 8H 9H", 0),
        ("7H 8H 9H KS QS", 20),
        ("QH KH AH", 21),
        ("KH AH 2H", 13),
        ("AH 2H 3H", 0),
        ("AS 2S 3S AC AD", 2),
        ("7C 7D 7H 7S 5H 6H", 0),
        ("7C 7D 7H 7S 8S 9S", 0),
        ("7C 7D 7H 7S 8S", 8),
        ("7C 7D 7H 7S", 0),
        ("3C 4C 5C 3D 4D 5D 3H 4H 5H", 0),
        ("TC TD TH JC QC KC", 0),
        ("2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h", 11),
        ("As 2s 8s Ac 2c 8c Ad 2d 3d 2h 8h", 2),
        ("AS 2S 3S AC 2C 8C AD 2D 3D 2H 8H", 21),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", 0),
        ("KC KD KH KS QS", 10),
        ("JC QD KH AS 2C 3D 4H 5S 6C 7D", 58),
    ],
)
def test_deadwood_cases(hand: str, expected: int) -> None:
    assert deadwood(hand) == expected
    assert brute_deadwood(parse_cards(hand)) == expected  # the reference agrees


def test_deadwood_input_forms() -> None:
    text = "7H 8H 9H KS QS"
    cards = parse_cards(text)
    assert deadwood(text) == 20
    assert deadwood("7h,8h,9h,ks,qs") == 20
    assert deadwood(list(text.split())) == 20
    assert deadwood(cards) == 20
    assert deadwood(list(cards)) == 20
    assert deadwood(["7H", cards[1], "9♥", "KS", "QS"]) == 20
    assert deadwood(x for x in cards) == 20
    assert deadwood(c("KS")) == 10
    assert deadwood(()) == 0
    assert deadwood([]) == 0
    assert deadwood_of_mask(cards_to_mask(cards)) == 20
    assert deadwood_of_mask(0) == 0


@pytest.mark.parametrize(
    ("mask", "error", "message"),
    [
        ((1 << 52) - 1, GinRulesError, "at most 11 cards, not 52"),
        (-218, CardNotationError, "-218 is not a 52-bit card mask"),
        (1 << 52, CardNotationError, "is not a 52-bit card mask"),
        (True, WrongTypeError, "takes a 52-bit card mask .an int., not bool"),
        ("7H", WrongTypeError, "not str"),
    ],
)
def test_mask_functions_check_their_input(mask: object, error: type, message: str) -> None:
    """Nothing hangs or answers nonsense: a negative mask, 52 cards, a wrong type."""
    from ginrules.masks import best_discards_of_mask

    for function in (deadwood_of_mask, best_discard_deadwood_of_mask,
                     discard_deadwoods_of_mask, best_discards_of_mask):
        with pytest.raises(error, match=message):
            function(mask)  # type: ignore[arg-type]


def test_the_discard_mask_functions_take_11_cards_and_refuse_12() -> None:
    """An eleven-card hand (the discard's) is the most the discard functions take: one
    card more is refused, naming the count."""
    from ginrules.masks import best_discards_of_mask

    eleven = (1 << 11) - 1  # AC..JC
    for function in (best_discard_deadwood_of_mask, discard_deadwoods_of_mask,
                     best_discards_of_mask):
        function(eleven)
        with pytest.raises(GinRulesError, match="at most 11 cards, not 12"):
            function(eleven | 1 << 51)


def test_the_discard_mask_functions_refuse_an_empty_hand() -> None:
    """No discard is made from no cards: the best discard's functions say so (the quick
    path of a hand with no rank held three times is the one taken), and the list of
    every card's discard is empty."""
    from ginrules.masks import best_discards_of_mask

    for function in (best_discard_deadwood_of_mask, best_discards_of_mask):
        with pytest.raises(GinRulesError, match="cannot discard from an empty hand"):
            function(0)
    assert discard_deadwoods_of_mask(0) == []


def test_deadwood_bad_inputs() -> None:
    with pytest.raises(CardNotationError, match="1H"):
        deadwood("7H 8H 1H")
    with pytest.raises(CardNotationError, match="duplicate"):
        deadwood("7H 7h")
    with pytest.raises(CardNotationError, match="duplicate"):
        deadwood((c("7H"), c("8H"), c("7H")))
    with pytest.raises(GinRulesError):
        deadwood(1 << 52)
    with pytest.raises(GinRulesError):
        deadwood(-1)
    with pytest.raises(GinRulesError):
        deadwood(True)  # type: ignore[arg-type]


def test_deadwood_every_single_card() -> None:
    for card in CARDS:
        assert deadwood([card]) == card.points
        assert deadwood_of_mask(card.mask) == card.points


def test_deadwood_hand_sizes_0_to_11() -> None:
    hand = parse_cards("7C 7D 7H 7S 5H 6H KS QS JS 2D 9C")
    # 7C; 7C 7D; set of three; set of four; +5H; run 5H-6H-7H and set 7C 7D 7S; +KS; +QS;
    # run JS-QS-KS; +2D; +9C
    expected = [0, 7, 14, 0, 0, 5, 0, 10, 20, 0, 2, 11]
    assert [deadwood(hand[:n]) for n in range(12)] == expected
    assert [brute_deadwood(hand[:n]) for n in range(12)] == expected
    assert [arrange(hand[:n]).deadwood for n in range(12)] == expected


# -- arrangements -----------------------------------------------------------------------


def test_arrange_overlapping_set_and_run() -> None:
    a = arrange("7C 7D 7H 7S 5H 6H")
    assert a.deadwood == 0 and a.is_gin
    assert set(a.melds) == {Meld.of("5H 6H 7H"), Meld.of("7C 7D 7S")}
    assert meld_texts(a) == ["5H 6H 7H", "7C 7D 7S"]


def test_arrange_four_of_a_kind_as_set_of_three_plus_run_card() -> None:
    a = arrange("7C 7D 7H 7S 8S 9S")
    assert a.deadwood == 0
    assert set(a.melds) == {Meld.of("7C 7D 7H"), Meld.of("7S 8S 9S")}


def test_arrange_four_of_a_kind_kept_whole() -> None:
    a = arrange("7C 7D 7H 7S 8S KD")
    assert a.melds == (Meld.of("7C 7D 7H 7S"),)
    assert texts(a.deadwood_cards) == ["KD", "8S"]
    assert a.deadwood == 18


def test_arrange_long_run_is_one_meld() -> None:
    a = arrange("3C 4C 5C 6C 7C 8C 9C")
    assert a.melds == (Meld.of("3C 4C 5C 6C 7C 8C 9C"),)
    assert a.deadwood == 0
    a = arrange("AS 2S 3S 4S 5S 6S KH")
    assert a.melds == (Meld.of("AS 2S 3S 4S 5S 6S"),)
    assert texts(a.deadwood_cards) == ["KH"]
    assert len(arrangements("AS 2S 3S 4S 5S 6S KH")) == 1


def test_arrange_ace_low_only() -> None:
    a = arrange("AH 2H 3H")
    assert a.melds == (Meld.of("AH 2H 3H"),) and a.deadwood == 0
    a = arrange("QH KH AH")
    assert a.melds == () and a.deadwood == 21
    assert texts(a.deadwood_cards) == ["AH", "QH", "KH"]
    a = arrange("QH KH AH 2H 3H")
    assert a.melds == (Meld.of("AH 2H 3H"),)
    assert a.deadwood == 20


def test_arrange_regression_11_cards() -> None:
    a = arrange("2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h")
    assert a.deadwood == 11
    assert meld_texts(a) == ["3H 4H 5H 6H", "5C 5D 5S"]
    assert texts(a.deadwood_cards) == ["AD", "4D", "2S", "4S"]
    a = arrange("As 2s 8s Ac 2c 8c Ad 2d 3d 2h 8h")
    assert a.deadwood == 2
    assert meld_texts(a) == ["AD 2D 3D", "2C 2H 2S", "8C 8H 8S"]
    assert texts(a.deadwood_cards) == ["AC", "AS"]


def test_arrange_documented_example() -> None:
    assert (
        str(arrange("AS 2S 3S AC 2C 8C AD 2D 3D 2H 8H"))
        == "AD 2D 3D | AS 2S 3S | deadwood AC 2C 8C 2H 8H = 21"
    )
    # 12 cards are no hand: the same holding at the mask level, where size is checked too
    with pytest.raises(GinRulesError, match="at most 11 cards"):
        arrange("AS 2S 3S 8S AC 2C 8C AD 2D 3D 2H 8H")
    with pytest.raises(GinRulesError, match="at most 11 cards"):
        arrangement_of_mask(cards_to_mask("AS 2S 3S 8S AC 2C 8C AD 2D 3D 2H 8H"))


def test_arrange_empty_hand() -> None:
    a = arrange([])  # an empty list is an empty hand; empty text is a mistake
    assert a.melds == () and a.deadwood_cards == () and a.deadwood == 0
    assert a.is_gin
    assert a.cards == ()
    assert str(a) == "deadwood none = 0"
    assert arrangements([]) == (a,)
    for blank in ("", "  ", "\t"):
        for function in (arrange, arrangements, deadwood, best_discards):
            with pytest.raises(CardNotationError, match="no cards"):
                function(blank)


def test_hand_functions_refuse_masks_and_big_hands() -> None:
    for function in (arrange, arrangements, deadwood, best_discards):
        with pytest.raises(WrongTypeError, match="_of_mask"):
            function(7)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match="not an int"):
            function(True)  # type: ignore[arg-type]
        with pytest.raises(GinRulesError, match=r"at most 11 cards \(10 in play, 11 after "
                                                r"drawing\), not 12"):
            function("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")
    # -1 last: were its check lost, the solver would never return on it (its bits
    # never run out), and the cases before fail at once
    for function in (arrangement_of_mask, arrangements_of_mask):
        with pytest.raises(CardNotationError, match="52-bit card mask"):
            function(1 << 52)
        with pytest.raises(CardNotationError, match="52-bit card mask"):
            function("7H")  # type: ignore[arg-type]
        with pytest.raises(CardNotationError, match="52-bit card mask"):
            function(-1)


def test_arrange_tie_break_runs_over_sets() -> None:
    a = arrange("3C 4C 5C 3D 4D 5D 3H 4H 5H")
    assert meld_texts(a) == ["3C 4C 5C", "3D 4D 5D", "3H 4H 5H"]
    assert all(m.kind is MeldKind.RUN for m in a.melds)
    all_arr = arrangements("3C 4C 5C 3D 4D 5D 3H 4H 5H")
    assert len(all_arr) == 2
    assert all_arr[0] == a
    assert meld_texts(all_arr[1]) == ["3C 3D 3H", "4C 4D 4H", "5C 5D 5H"]
    assert all(m.kind is MeldKind.SET for m in all_arr[1].melds)


def test_arrange_tie_break_fewest_set_cards() -> None:
    # J-Q-K of hearts or three kings: 20 points of deadwood either way, two cards each
    hand = "KC KD KH JH QH"
    a = arrange(hand)
    assert a.melds == (Meld.of("JH QH KH"),)
    assert texts(a.deadwood_cards) == ["KC", "KD"]
    assert a.deadwood == 20
    others = arrangements(hand)
    assert len(others) == 2
    assert others[0] == a
    assert others[1].melds == (Meld.of("KC KD KH"),)
    assert texts(others[1].deadwood_cards) == ["JH", "QH"]


def test_arrange_tie_break_fixed_order_between_sets() -> None:
    # 5C 5D 5H + 3S 4S 5S or 5D 5H 5S + 3C 4C 5C: deadwood 7 in two cards, three cards in a
    # set either way; the fixed order takes the set with the lower cards (5C over 5S)
    hand = "3C 4C 5C 5D 5H 3S 4S 5S"
    a = arrange(hand)
    assert meld_texts(a) == ["3S 4S 5S", "5C 5D 5H"]
    assert texts(a.deadwood_cards) == ["3C", "4C"]
    result = arrangements(hand)
    assert [meld_texts(r) for r in result] == [
        ["3S 4S 5S", "5C 5D 5H"],
        ["3C 4C 5C", "5D 5H 5S"],
    ]
    assert [r.deadwood for r in result] == [7, 7]


def test_arrangements_all_least_deadwood() -> None:
    hand = "2C 3C 4C 5C 2D 2H 2S 3S 4S 5S"
    result = arrangements(hand)
    assert [meld_texts(r) for r in result] == [
        ["2C 2D 2H", "2S 3S 4S 5S", "3C 4C 5C"],  # 3 cards in sets, lowest set first
        ["2C 3C 4C 5C", "2D 2H 2S", "3S 4S 5S"],  # 3 cards in sets
        ["2C 2D 2H 2S", "3C 4C 5C", "3S 4S 5S"],  # 4 cards in sets
    ]
    assert result[0] == arrange(hand)
    assert all(r.is_gin and r.deadwood == 0 for r in result)
    assert len(set(result)) == 3
    # a worse arrangement (no set at all leaves 2D 2H) is not listed
    assert arrangements("7C 7D 7H 7S 6H 8H 6S 8S")[0].deadwood == 14
    assert len(arrangements("7C 7D 7H 7S 6H 8H 6S 8S")) == 3


def test_arrangement_to_dict_and_str() -> None:
    a = arrange("7H 8H 9H KS QS")
    assert a.to_dict() == {
        "deadwood": 20,
        "melds": [["7H", "8H", "9H"]],
        "deadwood_cards": ["QS", "KS"],
    }
    assert str(a) == "7H 8H 9H | deadwood QS KS = 20"
    b = arrange("7C 7D 7H 7S 5H 6H")
    assert b.to_dict() == {
        "deadwood": 0,
        "melds": [["5H", "6H", "7H"], ["7C", "7D", "7S"]],
        "deadwood_cards": [],
    }
    assert str(b) == "5H 6H 7H | 7C 7D 7S | deadwood none = 0"
    assert str(arrange("KS 2C")) == "deadwood 2C KS = 12"


def test_arrangement_cards_and_is_gin() -> None:
    a = arrange("9H 7H 8H KS")
    assert texts(a.cards) == ["7H", "8H", "9H", "KS"]
    assert not a.is_gin
    assert arrange("AS 2S 3S 4D 4H 4C").is_gin


def test_arrange_input_forms_agree() -> None:
    text = "7C 7D 7H 7S 5H 6H QS"
    cards = parse_cards(text)
    expected = arrange(text)
    assert arrange(cards) == expected
    assert arrange(list(reversed(cards))) == expected
    assert arrange(text.lower().replace(" ", ",")) == expected
    assert arrangement_of_mask(cards_to_mask(cards)) == expected
    assert arrangements_of_mask(cards_to_mask(cards)) == arrangements(text)


# -- best discards ----------------------------------------------------------------------


def test_best_discards_gin_after_discard() -> None:
    result = best_discards("As 2s 8s Ac 2c 8c Ad 2d 3d 2h 8h")
    assert result == BestDiscards(deadwood=0, discards=(c("3D"),))
    assert arrange(format_cards(x for x in parse_cards("As 2s 8s Ac 2c 8c Ad 2d 2h 8h"))).is_gin


def test_best_discards_regression_6() -> None:
    hand = "2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h"
    result = best_discards(hand)
    assert result.deadwood == 6
    assert texts(result.discards) == ["6H"]
    assert brute_best_discards(parse_cards(hand)) == (6, {c("6H")})


def test_best_discards_ties_in_canonical_order() -> None:
    result = best_discards("AS 2S 3S 4S 5S 6S 7S")
    assert result.deadwood == 0
    assert texts(result.discards) == ["AS", "4S", "7S"]
    result = best_discards("KS QH 7C 8C 9C")
    assert result.deadwood == 10
    assert texts(result.discards) == ["QH", "KS"]


def test_best_discards_small_hands() -> None:
    assert best_discards("KS") == BestDiscards(0, (c("KS"),))
    assert best_discards("KS 2C") == BestDiscards(2, (c("KS"),))
    assert best_discards("7C 7D 7H 7S") == BestDiscards(0, parse_cards("7C 7D 7H 7S"))
    with pytest.raises(GinRulesError, match="empty"):
        best_discards("")
    with pytest.raises(GinRulesError):
        best_discards(0)


def test_best_discards_input_forms_agree() -> None:
    text = "2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h"
    cards = parse_cards(text)
    expected = best_discards(text)
    assert best_discards(cards) == expected
    assert best_discards(list(reversed(cards))) == expected
    assert best_discards(tuple(cards)) == expected


def test_one_suit_tables_match_their_definition() -> None:
    # Every 13-bit suit mask, from the definition: a card is dead unless it lies in a
    # stretch of three or more consecutive ranks; rank r (0 = ace) is worth min(r + 1, 10).
    from ginrules.masks import _DEAD, _POINTS

    for m in range(1 << 13):
        held = [r for r in range(13) if m >> r & 1]
        in_run = {r for r in held
                  if any(all(m >> s & 1 for s in range(lo, lo + 3))
                         for lo in range(max(0, r - 2), min(r, 10) + 1))}
        assert _POINTS[m] == sum(min(r + 1, 10) for r in held), m
        assert _DEAD[m] == sum(min(r + 1, 10) for r in held if r not in in_run), m


def test_option_tables_are_built_on_first_use() -> None:
    # In a fresh interpreter, importing ginrules leaves the best-discard tables empty;
    # the first call that needs each one fills it.
    import subprocess
    import sys

    code = (
        "import ginrules, ginrules.masks as m\n"
        "print(len(m._DISCARD_OPTIONS), len(m._ALL_OPTIONS), len(m._DROP))\n"
        "hand = ginrules.parse_cards('7H 7S 7D 8H 9H 8S 8D 8C 2C 3C 5S')\n"
        "ginrules.best_discard_deadwood_of_mask(sum(1 << c.index for c in hand))\n"
        "print(len(m._DISCARD_OPTIONS), len(m._ALL_OPTIONS), len(m._DROP))\n"
        "ginrules.best_discards(hand)\n"
        "print(len(m._DISCARD_OPTIONS), len(m._ALL_OPTIONS), len(m._DROP))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "0 0 0"
    assert out[1] == "624 0 8192"
    assert out[2] == "624 624 8192"


@pytest.mark.parametrize("hand, expected", [
    # a rank held four times, where the best discard needs that rank's "no set" choice
    # (values from the brute force in tests/brute.py)
    ("QC KC TD JD QD KD JH QH KH TS KS", 10),
    ("8C 7D 8D 9D TD 5H 8H 9H 8S 9S TS", 21),
    ("3C 5C AD 3D 3H 4H 5H AS 2S 3S 4S", 7),
    ("2C 3C 4C 3D 5D 2H 3H 4H AS 2S 3S", 3),
])
def test_best_discard_with_four_of_a_rank(hand: str, expected: int) -> None:
    mask = sum(1 << card.index for card in parse_cards(hand))
    assert best_discard_deadwood_of_mask(mask) == expected
    assert best_discards(hand).deadwood == expected
