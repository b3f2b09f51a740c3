"""Property tests: the fast solver against the naive brute force in tests/brute.py."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from brute import (
    brute_best_collections,
    brute_best_discards,
    brute_deadwood,
    brute_discard_results,
    brute_tiebreak_key,
    is_set,
)
from ginrules import (
    CARDS,
    Card,
    Meld,
    arrange,
    arrangements,
    best_discard_deadwood_of_mask,
    best_discards,
    cards_to_mask,
    deadwood,
    deadwood_of_mask,
    discard_deadwoods_of_mask,
    format_cards,
)

ALL = list(range(52))
DENSE = [i for i in range(52) if CARDS[i].rank <= 7]  # ranks A-7: 28 cards
VERY_DENSE = [i for i in range(52) if CARDS[i].rank <= 4]  # ranks A-4: 16 cards


def hands(pool: list[int], min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[list[Card]]:
    """Hands of distinct cards drawn from ``pool`` (indices into CARDS), in random order."""
    return st.lists(
        st.sampled_from(pool), min_size=min_size, max_size=max_size, unique=True
    ).map(lambda idx: [CARDS[i] for i in idx])


ANY_HAND = st.one_of(hands(ALL), hands(DENSE), hands(VERY_DENSE))


def test_pools() -> None:
    assert len(DENSE) == 28 and len(VERY_DENSE) == 16
    assert {CARDS[i].rank for i in VERY_DENSE} == {1, 2, 3, 4}


# -- deadwood ---------------------------------------------------------------------------


@given(st.sets(st.sampled_from(ALL), max_size=11))
def test_deadwood_random_hands(indices: set[int]) -> None:
    hand = [CARDS[i] for i in indices]
    assert deadwood(hand) == brute_deadwood(hand)


@given(hands(DENSE))
def test_deadwood_dense_hands(hand: list[Card]) -> None:
    assert deadwood(hand) == brute_deadwood(hand)


@given(hands(VERY_DENSE))
def test_deadwood_very_dense_hands(hand: list[Card]) -> None:
    assert deadwood(hand) == brute_deadwood(hand)


@given(ANY_HAND)
def test_deadwood_input_forms_agree(hand: list[Card]) -> None:
    expected = deadwood(hand)
    assert deadwood(tuple(hand)) == expected
    assert deadwood(list(reversed(hand))) == expected
    if hand:  # empty text is a mistake (an empty list is an empty hand)
        assert deadwood(format_cards(hand)) == expected
        assert deadwood(format_cards(hand, unicode=True, sep=",")) == expected
    assert deadwood_of_mask(cards_to_mask(hand)) == expected


# -- arrangements ---------------------------------------------------------------------


@given(ANY_HAND)
def test_arrange_invariants(hand: list[Card]) -> None:
    a = arrange(hand)
    for meld in a.melds:
        assert isinstance(meld, Meld)
        assert Meld(meld.cards) == meld  # revalidates
    in_melds = [card for meld in a.melds for card in meld]
    assert len(in_melds) == len(set(in_melds))  # pairwise disjoint
    assert sorted(in_melds + list(a.deadwood_cards)) == sorted(hand)
    assert len(in_melds) + len(a.deadwood_cards) == len(hand)
    assert a.deadwood == sum(card.points for card in a.deadwood_cards)
    assert a.deadwood == deadwood(hand)
    assert list(a.deadwood_cards) == sorted(a.deadwood_cards)
    assert a.cards == tuple(sorted(hand))
    assert a.is_gin == (not a.deadwood_cards)
    firsts = [(int(m.cards[0].rank), int(m.cards[0].suit)) for m in a.melds]
    assert firsts == sorted(firsts)
    # runs are kept whole: no two runs of one suit touch
    runs = [m for m in a.melds if not is_set(m)]
    for r1, r2 in itertools.permutations(runs, 2):
        if r1.cards[0].suit == r2.cards[0].suit:
            assert int(r2.cards[0].rank) - int(r1.cards[-1].rank) != 1


@given(ANY_HAND)
def test_arrange_tie_break(hand: list[Card]) -> None:
    a = arrange(hand)
    in_sets = sum(len(m) for m in a.melds if is_set(m))
    assert (a.deadwood, len(a.deadwood_cards), in_sets) == brute_tiebreak_key(hand)


@given(ANY_HAND)
def test_arrangements_all_least_and_distinct(hand: list[Card]) -> None:
    result = arrangements(hand)
    least = brute_deadwood(hand)
    assert len(result) >= 1
    assert result[0] == arrange(hand)
    assert all(r.deadwood == least for r in result)
    assert all(sorted(r.cards) == sorted(hand) for r in result)
    assert len(set(result)) == len(result)
    # the tie-break keys are in order
    keys = [
        (r.deadwood, len(r.deadwood_cards), sum(len(m) for m in r.melds if is_set(m)))
        for r in result
    ]
    assert keys == sorted(keys)


@given(st.one_of(hands(DENSE, max_size=10), hands(VERY_DENSE, max_size=10)))
def test_arrangements_cover_every_choice_of_sets(hand: list[Card]) -> None:
    """arrangements() lists exactly one arrangement per way of choosing the sets among the
    brute-force optimal meld collections (runs may be split there; here they are whole)."""
    listed = {frozenset(m.mask for m in r.melds if is_set(m)) for r in arrangements(hand)}
    brute = {
        frozenset(cards_to_mask(m) for m in collection if is_set(m))
        for collection in brute_best_collections(hand)
    }
    assert listed == brute
    assert len(arrangements(hand)) == len(brute)


# -- best discards --------------------------------------------------------------------


def _check_best_discards(hand: list[Card]) -> None:
    result = best_discards(hand)
    best, discards = brute_best_discards(hand)
    assert result.deadwood == best
    assert set(result.discards) == discards
    assert list(result.discards) == sorted(discards)
    assert len(result.discards) == len(set(result.discards))
    # the mask-level functions the players use, against the same brute force
    mask = sum(1 << card.index for card in hand)
    assert best_discard_deadwood_of_mask(mask) == best
    each = brute_discard_results(hand)
    assert discard_deadwoods_of_mask(mask) == [(c.index, each[c]) for c in sorted(hand)]


@given(hands(ALL, min_size=11, max_size=11))
def test_best_discards_random_11(hand: list[Card]) -> None:
    _check_best_discards(hand)


@given(hands(DENSE, min_size=11, max_size=11))
def test_best_discards_dense_11(hand: list[Card]) -> None:
    _check_best_discards(hand)


@given(hands(VERY_DENSE, min_size=11, max_size=11))
def test_best_discards_very_dense_11(hand: list[Card]) -> None:
    _check_best_discards(hand)


@given(
    st.one_of(
        hands(ALL, min_size=1, max_size=11),
        hands(DENSE, min_size=1, max_size=11),
        hands(VERY_DENSE, min_size=1, max_size=11),
    )
)
def test_best_discards_other_sizes(hand: list[Card]) -> None:
    _check_best_discards(hand)
