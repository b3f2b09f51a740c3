"""Cards, ranks, suits, notation, the deck and its seeded shuffle, and id interop."""

from __future__ import annotations

import itertools
import operator
import pickle

import pytest

import ginrules
from ginrules import (
    CARDS,
    Card,
    CardNotationError,
    Deck,
    GinRulesError,
    Rank,
    Suit,
    cards_from_mask,
    cards_to_mask,
    format_cards,
    parse_card,
    parse_cards,
)
from ginrules.interop.openspiel import card_from_openspiel_id, openspiel_id
from ginrules.interop.rlcard import card_from_rlcard_id, rlcard_id

# -- ranks and suits --------------------------------------------------------------------


def test_suit_values_letters_symbols() -> None:
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert [s.name for s in Suit] == ["CLUBS", "DIAMONDS", "HEARTS", "SPADES"]
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]


def test_rank_values_letters_points() -> None:
    assert [int(r) for r in Rank] == list(range(1, 14))
    assert "".join(r.letter for r in Rank) == "A23456789TJQK"
    assert [r.points for r in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert Rank.ACE == 1 and Rank.KING == 13


# -- cards ------------------------------------------------------------------------------


def test_card_fields_and_points() -> None:
    card = Card(Rank.SEVEN, Suit.HEARTS)
    assert card.rank is Rank.SEVEN and card.suit is Suit.HEARTS
    assert card.points == 7
    assert Card(Rank.ACE, Suit.SPADES).points == 1
    assert Card(Rank.TEN, Suit.CLUBS).points == 10
    for rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        assert Card(rank, Suit.DIAMONDS).points == 10


def test_card_converts_ints() -> None:
    card = Card(7, 2)  # type: ignore[arg-type]
    assert card.rank is Rank.SEVEN and card.suit is Suit.HEARTS
    assert card == parse_card("7H")


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1)])
def test_card_rejects_bad_parts(rank: int, suit: int) -> None:
    with pytest.raises(ValueError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_cards_constant_is_canonical() -> None:
    assert len(CARDS) == 52
    assert len(set(CARDS)) == 52
    for i, card in enumerate(CARDS):
        assert card.index == i
        assert card.index == int(card.suit) * 13 + int(card.rank) - 1
        assert Card.from_index(i) is card
        assert card.mask == 1 << i
    assert str(CARDS[0]) == "AC"
    assert str(CARDS[12]) == "KC"
    assert str(CARDS[13]) == "AD"
    assert str(CARDS[26]) == "AH"
    assert str(CARDS[39]) == "AS"
    assert str(CARDS[51]) == "KS"


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_from_index_out_of_range(index: int) -> None:
    with pytest.raises(CardNotationError, match=str(index)):
        Card.from_index(index)


def test_canonical_order() -> None:
    assert sorted(CARDS) == list(CARDS)
    assert sorted(reversed(CARDS)) == list(CARDS)
    ac, kc, ad, ks = (parse_card(t) for t in ("AC", "KC", "AD", "KS"))
    assert ac < kc < ad < ks
    assert ks > ad > kc > ac
    assert ac <= ac and ac >= ac
    assert not ac < ac and not ac > ac
    # suit first: the ace of spades is above the king of hearts
    assert parse_card("AS") > parse_card("KH")
    assert not parse_card("AS") < parse_card("2C")
    for a, b in itertools.combinations(CARDS, 2):
        assert a < b and b > a and a <= b and b >= a and a != b


@pytest.mark.parametrize("op", ["<", "<=", ">", ">="])
@pytest.mark.parametrize("other", [3, "7H", None, 32.0])
def test_order_against_other_types(op: str, other: object) -> None:
    # each of the four comparisons, either side: Python's own TypeError, naming the types
    card = parse_card("7H")
    compare = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}[op]
    for left, right in ((card, other), (other, card)):
        with pytest.raises(TypeError, match=f"'{op}' not supported between instances of "
                           f"'{type(left).__name__}' and '{type(right).__name__}'"):
            compare(left, right)


def test_equality_against_other_types() -> None:
    card = parse_card("7H")
    assert card != "7H"
    assert card != 32


def test_hashing_and_equality() -> None:
    a = Card(Rank.SEVEN, Suit.HEARTS)
    # the seven of hearts: rank 7, suit hearts (the third of C D H S), index 2 * 13 + 6
    assert (int(a.rank), a.suit, str(a), a.index, a.points) == (7, Suit.HEARTS, "7H", 32, 7)
    b = parse_card("7h")
    assert a == b and hash(a) == hash(b)
    assert a != Card(Rank.SEVEN, Suit.SPADES) and a != "7H"
    assert len({a, b, parse_card("7♥"), CARDS[32]}) == 1
    assert len({*CARDS, *CARDS}) == 52
    d = {a: "seven"}
    assert d[parse_card("7H")] == "seven"
    assert a != parse_card("7D")
    assert a != parse_card("8H")


def test_card_is_immutable() -> None:
    card = parse_card("7H")
    with pytest.raises(AttributeError):
        card.rank = Rank.EIGHT  # type: ignore[misc]


def test_card_pickles() -> None:
    for card in CARDS:
        assert pickle.loads(pickle.dumps(card)) == card


# -- parsing ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["7H", "7h", "7♥", "7♡", " 7H ", "\t7h\n"],
)
def test_parse_seven_of_hearts(text: str) -> None:
    assert parse_card(text) == Card(Rank.SEVEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10H", "10h", "TH", "Th", "tH", "th", "10♥", "T♥"])
def test_parse_ten_of_hearts(text: str) -> None:
    assert parse_card(text) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AC", Rank.ACE, Suit.CLUBS),
        ("ac", Rank.ACE, Suit.CLUBS),
        ("A♣", Rank.ACE, Suit.CLUBS),
        ("A♧", Rank.ACE, Suit.CLUBS),
        ("2d", Rank.TWO, Suit.DIAMONDS),
        ("2♦", Rank.TWO, Suit.DIAMONDS),
        ("2♢", Rank.TWO, Suit.DIAMONDS),
        ("jS", Rank.JACK, Suit.SPADES),
        ("J♠", Rank.JACK, Suit.SPADES),
        ("J♤", Rank.JACK, Suit.SPADES),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("Kc", Rank.KING, Suit.CLUBS),
        ("9s", Rank.NINE, Suit.SPADES),
    ],
)
def test_parse_other_notations(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


def test_parse_every_card_every_way() -> None:
    for card in CARDS:
        rank_texts = [card.rank.letter, card.rank.letter.lower()]
        if card.rank == Rank.TEN:
            rank_texts.append("10")
        suit_texts = [card.suit.letter, card.suit.letter.lower(), card.suit.symbol]
        for r in rank_texts:
            for s in suit_texts:
                assert parse_card(r + s) is card
                # the hand functions' fast path reads each spelling as the same card
                assert ginrules.arrange(r + s).deadwood_cards == (card,)
                other = "3C" if str(card) == "2C" else "2C"
                assert ginrules.arrange([r + s, other]).deadwood == card.points + int(other[0])
        assert Card.parse(str(card)) is card
        assert parse_card(card.unicode) is card
    for part in ("h", "H", "♥", "7", "t", "10"):  # a rank or suit alone is no card, either way
        with pytest.raises(ginrules.CardNotationError):
            ginrules.arrange(part)
        with pytest.raises(ginrules.CardNotationError):
            ginrules.deadwood([part, "2C"])


@pytest.mark.parametrize(
    "text",
    ["7H 8H 9H", "7h,8h,9h", "7H, 8H, 9H", " 7H\t8H\n9H ", "7♥ 8h,9H", "7H ,8H , 9H", "7H 8H  9H"],
)
def test_parse_cards_separators(text: str) -> None:
    assert parse_cards(text) == (CARDS[32], CARDS[33], CARDS[34])


def test_parse_cards_keeps_order() -> None:
    assert [str(c) for c in parse_cards("KS 2C 7H AD")] == ["KS", "2C", "7H", "AD"]


def test_parse_cards_iterables() -> None:
    seven = parse_card("7H")
    expected = (seven, parse_card("8H"), parse_card("9H"))
    assert parse_cards(["7h", parse_card("8H"), "9♥"]) == expected
    assert parse_cards((seven, "8H", "9H")) == expected
    assert parse_cards(c for c in ["7H", "8H", "9H"]) == expected
    assert parse_cards([]) == ()
    assert parse_cards(seven) == (seven,)
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()


def test_parse_cards_allow_duplicates() -> None:
    assert len(parse_cards("7H 7h", allow_duplicates=True)) == 2


def _assert_notation_error(exc: pytest.ExceptionInfo[CardNotationError], token: str) -> None:
    assert isinstance(exc.value, GinRulesError)
    assert isinstance(exc.value, ValueError)
    assert repr(token) in str(exc.value) or token in str(exc.value)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("1H", "1H"),
        ("7X", "7X"),
        ("77", "77"),
        ("H", "H"),
        ("10", "10"),
        ("11H", "11H"),
        ("7HH", "7HH"),
        ("0S", "0S"),
        ("X7H", "X7H"),
    ],
)
def test_parse_card_errors_name_the_token(text: str, token: str) -> None:
    with pytest.raises(CardNotationError) as exc:
        parse_card(text)
    _assert_notation_error(exc, token)
    assert f"'{token}'" in str(exc.value)


def test_parse_card_rank_and_suit_messages() -> None:
    with pytest.raises(CardNotationError, match="rank '1'"):
        parse_card("1H")
    with pytest.raises(CardNotationError, match="suit 'X'"):
        parse_card("7X")


def test_parse_card_empty() -> None:
    for text in ("", "   "):
        with pytest.raises(CardNotationError, match="empty") as exc:
            parse_card(text)
        _assert_notation_error(exc, "''")


@pytest.mark.parametrize("value", [7, None, 7.0, b"7H", ["7H"]])
def test_parse_card_non_string(value: object) -> None:
    with pytest.raises(CardNotationError) as exc:
        parse_card(value)  # type: ignore[arg-type]
    assert isinstance(exc.value, GinRulesError) and isinstance(exc.value, ValueError)
    assert str(exc.value).endswith("not " + ("None" if value is None else type(value).__name__))


@pytest.mark.parametrize(
    ("hand", "token"),
    [
        ("7H 8H 1H", "1H"),
        ("7H 7X", "7X"),
        ("77 8H", "77"),
        ("7H,8H,9Z", "9Z"),
    ],
)
def test_parse_cards_errors_name_the_token(hand: str, token: str) -> None:
    with pytest.raises(CardNotationError) as exc:
        parse_cards(hand)
    _assert_notation_error(exc, token)
    assert f"'{token}'" in str(exc.value)


@pytest.mark.parametrize("hand", ["7H,,8H", ",7H", "7H,8H,", "7H , , 8H"])
def test_parse_cards_empty_token(hand: str) -> None:
    with pytest.raises(CardNotationError, match="comma") as exc:
        parse_cards(hand)
    _assert_notation_error(exc, hand.strip())


def test_parse_cards_empty_token_position() -> None:
    with pytest.raises(CardNotationError, match="card 2 is empty") as exc:
        parse_cards("7H,,8H")
    assert exc.value.position == 2 and exc.value.token is None
    with pytest.raises(CardNotationError, match="starts with a comma") as exc:
        parse_cards(",7H")
    assert exc.value.position == 1
    with pytest.raises(CardNotationError, match="ends with a comma") as exc:
        parse_cards("7H,8H,9H,")
    assert exc.value.position == 4


@pytest.mark.parametrize(
    ("text", "token", "position", "message"),
    [
        ("7H 8H 1H", "1H", 3, "rank '1' is not one of"),
        ("Joker", "Joker", 1, "there are no jokers"),
        ("7H8H9H", "7H8H9H", 1, r"3 cards run together \(7H 8H 9H\); separate cards"),
        ("AS 10h10s", "10h10s", 2, r"2 cards run together \(TH TS\)"),
        ("7H 8X", "8X", 2, "suit 'X' is not one of"),
        # three characters, as 10H has: the rank or the suit named, not the generic words
        ("7H 10X", "10X", 2, "suit 'X' is not one of"),
        ("11H 7H", "11H", 1, "rank '11' is not one of"),
        # four, as no card has: what a card is
        ("7H 100H", "100H", 2, r"a card is a rank \(A 2 3"),
    ],
)
def test_notation_errors_say_what_and_where(text: str, token: str, position: int,
                                            message: str) -> None:
    with pytest.raises(CardNotationError, match=message) as exc:
        parse_cards(text)
    assert (exc.value.token, exc.value.position) == (token, position)
    assert f"card {position} of {text!r}" in str(exc.value)
    with pytest.raises(CardNotationError) as listed:
        parse_cards(text.split())
    assert listed.value.position == position and listed.value.token == token


def test_parse_cards_empty_token_position_with_spaces() -> None:
    with pytest.raises(CardNotationError, match="card 3 is empty"):
        parse_cards("7H 8H,,9H")


@pytest.mark.parametrize(
    ("hand", "dup"),
    [("7H 8H 7h", "7H"), ("TH 10h", "TH"), ("7♥ 7H", "7H"), (["AS", "as"], "AS")],
)
def test_parse_cards_duplicates(hand: object, dup: str) -> None:
    with pytest.raises(CardNotationError, match="duplicate") as exc:
        parse_cards(hand)  # type: ignore[arg-type]
    _assert_notation_error(exc, dup)
    assert dup in str(exc.value)


def test_parse_cards_duplicate_card_objects() -> None:
    with pytest.raises(CardNotationError, match="duplicate card 7H"):
        parse_cards([CARDS[32], "8H", CARDS[32]])


@pytest.mark.parametrize("items", [["7H", 7], ["7H", None], [7.5]])
def test_parse_cards_non_string_items(items: list[object]) -> None:
    with pytest.raises(CardNotationError) as exc:
        parse_cards(items)  # type: ignore[arg-type]
    assert isinstance(exc.value, GinRulesError) and isinstance(exc.value, ValueError)


def test_errors_hierarchy() -> None:
    assert issubclass(CardNotationError, GinRulesError)
    assert issubclass(GinRulesError, ValueError)
    for name in ("InvalidMeldError", "RuleSetError", "IllegalActionError", "InvalidRecordError"):
        assert issubclass(getattr(ginrules, name), GinRulesError)


# -- text round trips -------------------------------------------------------------------


def test_str_unicode_repr_round_trips() -> None:
    for card in CARDS:
        text = str(card)
        assert len(text) == 2
        assert parse_card(text) is card
        assert parse_card(card.unicode) is card
        assert eval(repr(card), {"Card": Card}) == card
        assert repr(card) == f"Card.parse('{text}')"


def test_str_and_unicode_examples() -> None:
    assert str(parse_card("10h")) == "TH"
    assert parse_card("TS").unicode == "10♠"
    assert parse_card("7h").unicode == "7♥"
    assert parse_card("ad").unicode == "A♦"
    assert parse_card("kc").unicode == "K♣"


def test_format_cards() -> None:
    cards = parse_cards("7H 8H TH")
    assert format_cards(cards) == "7H 8H TH"
    assert format_cards(cards, unicode=True) == "7♥ 8♥ 10♥"
    assert format_cards(cards, sep=",") == "7H,8H,TH"
    assert format_cards([]) == ""
    assert parse_cards(format_cards(CARDS)) == CARDS
    assert parse_cards(format_cards(CARDS, unicode=True)) == CARDS


def test_masks() -> None:
    assert cards_to_mask([]) == 0
    assert cards_to_mask(parse_cards("AC 2C")) == 3
    assert cards_to_mask(parse_cards("KS")) == 1 << 51
    assert cards_to_mask(CARDS) == (1 << 52) - 1
    assert cards_from_mask(0) == ()
    assert cards_from_mask((1 << 52) - 1) == CARDS
    hand = parse_cards("KS 7H 2C AD")
    assert cards_from_mask(cards_to_mask(hand)) == tuple(sorted(hand))


# -- the deck ---------------------------------------------------------------------------


def test_standard_deck() -> None:
    deck = Deck.standard()
    assert len(deck) == 52
    assert deck.cards == CARDS
    assert list(deck) == list(CARDS)
    assert str(deck[0]) == "AC" and str(deck[-1]) == "KS"
    assert [str(c) for c in deck[:3]] == ["AC", "2C", "3C"]
    assert str(deck).split()[13] == "AD"
    assert deck == Deck(CARDS)
    assert deck == Deck(format_cards(CARDS))


# Regression values: any change to the documented generator changes these.
SHUFFLE_PINS = {
    0: "8S JH 9C 2S 2D QD 6S TC",
    1: "7D 9C 4D 8H 8D 5S JD 6D",
    42: "7C 3H KC AS 2S AC AH KD",
    2026: "8H KH 4D 5S 9D AH 8C 8D",
}


@pytest.mark.parametrize(("seed", "first"), SHUFFLE_PINS.items())
def test_shuffle_pinned(seed: int, first: str) -> None:
    assert format_cards(Deck.shuffled(seed).cards[:8]) == first
    assert format_cards(Deck.shuffled(seed=seed)[:8]) == first


def test_shuffle_seed_modulo_2_64() -> None:
    assert Deck.shuffled(2**64) == Deck.shuffled(0)
    assert Deck.shuffled(-1) == Deck.shuffled(2**64 - 1)
    assert format_cards(Deck.shuffled(-1)[:4]) == "JC KS 7S 4C"


_M64 = (1 << 64) - 1


def _reference_splitmix64(seed: int) -> list[int]:
    """SplitMix64 written from its published definition (independently of ginrules)."""
    out, state = [], seed & _M64
    for _ in range(400):
        state = (state + 0x9E3779B97F4A7C15) & _M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        out.append(z ^ (z >> 31))
    return out


def _reference_shuffle(seed: int) -> list[Card]:
    """The shuffle as the Deck docstring describes it."""
    stream = iter(_reference_splitmix64(seed))
    order = list(CARDS)
    for i in range(51, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = x % n
        order[i], order[j] = order[j], order[i]
    return order


def test_reference_splitmix64_known_values() -> None:
    # published SplitMix64 outputs for seed 0
    assert _reference_splitmix64(0)[:3] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def _seed_whose_first_output_is(output: int) -> int:
    """The seed whose first SplitMix64 output is ``output``: each step of the output's mix
    is undone (an xor-shift by repeating it, a product by the inverse modulo 2**64)."""
    def unshift(y: int, k: int) -> int:
        x = y
        for _ in range(64 // k + 1):
            x = y ^ (x >> k)
        return x

    z = unshift(output, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & _M64, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & _M64, 30)
    return (z - 0x9E3779B97F4A7C15) & _M64


@pytest.mark.parametrize("above", [-1, 0, 1])
def test_the_shuffle_rejects_draws_from_the_bound_up(above: int) -> None:
    """The first swap draws below 52 by rejecting outputs of limit = 2**64 - 2**64 % 52
    and more: seeds built so that the first output is limit - 1 (kept), limit or
    limit + 1 (rejected) shuffle as the documented algorithm does."""
    limit = 2**64 - 2**64 % 52
    seed = _seed_whose_first_output_is(limit + above)
    assert _reference_splitmix64(seed)[0] == limit + above
    assert list(Deck.shuffled(seed)) == _reference_shuffle(seed)


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2026, 2**63, -5, 123456789])
def test_shuffle_matches_documented_algorithm(seed: int) -> None:
    assert list(Deck.shuffled(seed)) == _reference_shuffle(seed)


def test_shuffle_determinism_and_permutation() -> None:
    decks = [Deck.shuffled(seed) for seed in range(50)]
    for seed, deck in enumerate(decks):
        assert deck == Deck.shuffled(seed)
        assert len(deck) == 52
        assert sorted(deck) == list(CARDS)
        assert deck != Deck.standard()
    assert len({d.cards for d in decks}) == 50


def test_shuffle_rejects_non_int_seed() -> None:
    for seed in (1.0, "1", True, None):
        with pytest.raises(TypeError):
            Deck.shuffled(seed)  # type: ignore[arg-type]


def test_deck_validation() -> None:
    with pytest.raises(CardNotationError, match="got 2 cards, missing"):
        Deck(parse_cards("AC 2C"))
    with pytest.raises(CardNotationError, match="got 51 cards, missing KS"):
        Deck(CARDS[:51])
    with pytest.raises(CardNotationError, match="got 52 cards, missing KS"):
        Deck((*CARDS[:51], CARDS[0]))
    with pytest.raises(CardNotationError, match="got 53 cards"):
        Deck((*CARDS, CARDS[0]))
    with pytest.raises(CardNotationError):
        Deck(())
    with pytest.raises(CardNotationError, match="1H"):
        Deck(format_cards(CARDS[:51]) + " 1H")
    custom = Deck(tuple(reversed(CARDS)))
    assert custom[0] == CARDS[51] and custom.cards == tuple(reversed(CARDS))
    assert custom != Deck.standard()


def test_deck_is_immutable_and_hashable() -> None:
    deck = Deck.standard()
    with pytest.raises(AttributeError):
        deck.cards = ()  # type: ignore[misc]
    assert hash(deck) == hash(Deck.standard())


# -- OpenSpiel and RLCard ids ---------------------------------------------------------


OPENSPIEL_PINS = {
    0: "AS", 1: "2S", 12: "KS", 13: "AC", 25: "KC", 26: "AD", 38: "KD", 39: "AH", 44: "6H",
    51: "KH",
}
RLCARD_PINS = {
    0: "AS", 1: "2S", 12: "KS", 13: "AH", 25: "KH", 26: "AD", 38: "KD", 39: "AC", 44: "6C",
    51: "KC",
}


@pytest.mark.parametrize(("card_id", "text"), OPENSPIEL_PINS.items())
def test_openspiel_pinned(card_id: int, text: str) -> None:
    assert str(card_from_openspiel_id(card_id)) == text
    assert openspiel_id(parse_card(text)) == card_id


@pytest.mark.parametrize(("card_id", "text"), RLCARD_PINS.items())
def test_rlcard_pinned(card_id: int, text: str) -> None:
    assert str(card_from_rlcard_id(card_id)) == text
    assert rlcard_id(parse_card(text)) == card_id


def test_openspiel_formula_and_round_trip() -> None:
    suits = "SCDH"
    ids = set()
    for card in CARDS:
        expected = suits.index(card.suit.letter) * 13 + int(card.rank) - 1
        assert openspiel_id(card) == expected
        assert card_from_openspiel_id(openspiel_id(card)) is card
        ids.add(openspiel_id(card))
    assert ids == set(range(52))
    for i in range(52):
        assert openspiel_id(card_from_openspiel_id(i)) == i


def test_rlcard_formula_and_round_trip() -> None:
    suits = "SHDC"
    ids = set()
    for card in CARDS:
        expected = suits.index(card.suit.letter) * 13 + int(card.rank) - 1
        assert rlcard_id(card) == expected
        assert card_from_rlcard_id(rlcard_id(card)) is card
        ids.add(rlcard_id(card))
    assert ids == set(range(52))
    for i in range(52):
        assert rlcard_id(card_from_rlcard_id(i)) == i


@pytest.mark.parametrize("card_id", [-1, 52, 1000])
def test_interop_ids_out_of_range(card_id: int) -> None:
    with pytest.raises(CardNotationError, match=str(card_id)):
        card_from_openspiel_id(card_id)
    with pytest.raises(CardNotationError, match=str(card_id)):
        card_from_rlcard_id(card_id)


def test_parse_cards_rejects_a_non_iterable() -> None:
    with pytest.raises(CardNotationError, match="not int"):
        parse_cards(7)  # type: ignore[arg-type]
