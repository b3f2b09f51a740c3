"""A deliberately naive brute-force deadwood solver, the reference for the real one.

No bitmasks and no cleverness, so that it is obviously correct by reading:

1. list every meld contained in the hand: every 3- and 4-card subset of one rank, and every
   stretch of 3 or more consecutive ranks of one suit (ace low only: ranks 1..13, no wrap);
2. list every collection of pairwise disjoint melds (a plain recursive search over the
   meld list, each collection produced exactly once);
3. the deadwood of a collection is the points of the cards in none of its melds; the least
   deadwood is the minimum over all collections (the empty collection included).

Cards are ginrules ``Card`` values; only their ``rank``, ``suit`` and ``points`` are used.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator

from ginrules import CARDS, Card

Meld = frozenset[Card]


def card_points(card: Card) -> int:
    """Ace 1, two to ten face value, jack, queen and king 10 (written out, not reused)."""
    rank = int(card.rank)
    return 10 if rank >= 10 else rank


def all_melds(hand: Iterable[Card]) -> list[Meld]:
    """Every set and every run (of any length >= 3) made only of cards of ``hand``."""
    cards = set(hand)
    melds: list[Meld] = []
    # sets: every subset of 3 or 4 cards that all have the same rank
    for rank in range(1, 14):
        same_rank = [c for c in cards if int(c.rank) == rank]
        for size in (3, 4):
            for combo in itertools.combinations(same_rank, size):
                melds.append(frozenset(combo))
    # runs: for each suit, every interval [low, high] of ranks with high - low >= 2
    # whose cards are all held; ace is 1 and king 13, so nothing wraps around
    for suit in range(4):
        held = {int(c.rank): c for c in cards if int(c.suit) == suit}
        for low in range(1, 14):
            for high in range(low + 2, 14):
                if all(r in held for r in range(low, high + 1)):
                    melds.append(frozenset(held[r] for r in range(low, high + 1)))
    return melds


def meld_collections(hand: Iterable[Card]) -> Iterator[list[Meld]]:
    """Every collection of pairwise disjoint melds of the hand (the empty one included)."""
    melds = all_melds(hand)

    def search(start: int, chosen: list[Meld], used: frozenset[Card]) -> Iterator[list[Meld]]:
        yield list(chosen)
        for i in range(start, len(melds)):
            if not (melds[i] & used):
                chosen.append(melds[i])
                yield from search(i + 1, chosen, used | melds[i])
                chosen.pop()

    yield from search(0, [], frozenset())


def deadwood_cards_of(hand: Iterable[Card], collection: list[Meld]) -> set[Card]:
    """The cards of the hand in no meld of the collection."""
    in_melds: set[Card] = set()
    for meld in collection:
        in_melds |= meld
    return set(hand) - in_melds


def brute_deadwood(hand: Iterable[Card]) -> int:
    """The least deadwood of the hand, over every collection of disjoint melds."""
    hand = list(hand)
    return min(
        sum(card_points(c) for c in deadwood_cards_of(hand, collection))
        for collection in meld_collections(hand)
    )


def brute_best_collections(hand: Iterable[Card]) -> list[list[Meld]]:
    """Every collection of disjoint melds that leaves the least deadwood."""
    hand = list(hand)
    scored = [
        (sum(card_points(c) for c in deadwood_cards_of(hand, collection)), collection)
        for collection in meld_collections(hand)
    ]
    best = min(score for score, _ in scored)
    return [collection for score, collection in scored if score == best]


def is_set(meld: Iterable[Card]) -> bool:
    """True for a meld whose cards all have one rank."""
    return len({int(c.rank) for c in meld}) == 1


def brute_tiebreak_key(hand: Iterable[Card]) -> tuple[int, int, int]:
    """The least (deadwood, number of deadwood cards, number of cards in sets) of the hand,
    compared in that order, over every collection of disjoint melds."""
    hand = list(hand)
    keys = []
    for collection in meld_collections(hand):
        dead = deadwood_cards_of(hand, collection)
        in_sets = sum(len(m) for m in collection if is_set(m))
        keys.append((sum(card_points(c) for c in dead), len(dead), in_sets))
    return min(keys)


def brute_discard_results(hand: Iterable[Card]) -> dict[Card, int]:
    """For every card of the hand: the least deadwood of the hand without it."""
    hand = list(hand)
    return {card: brute_deadwood([c for c in hand if c != card]) for card in hand}


def brute_best_discards(hand: Iterable[Card]) -> tuple[int, set[Card]]:
    """The least deadwood over every discard, and every discard that achieves it."""
    results = brute_discard_results(hand)
    best = min(results.values())
    return best, {card for card, dead in results.items() if dead == best}


# -- layoffs: every set of cards the defender can lay off, one at a time ----------------

BruteMeld = frozenset[Card]


def card_at(suit: int, rank: int) -> Card:
    """The card of ``suit`` (0-3) and ``rank`` (ace 1 .. king 13)."""
    return CARDS[suit * 13 + rank - 1]


def next_cards(meld: BruteMeld) -> list[Card]:
    """The cards that extend ``meld`` by one, from the rules text alone: the fourth card of
    a three-card set (none for a set of four), or the card just below or just above a run
    in its suit (ace low only: nothing below the ace, nothing above the king)."""
    ranks = sorted(int(c.rank) for c in meld)
    suits = {int(c.suit) for c in meld}
    if len(set(ranks)) == 1:
        return [card_at(s, ranks[0]) for s in range(4) if s not in suits] if len(meld) == 3 \
            else []
    (suit,) = suits
    return [card_at(suit, r) for r in (ranks[0] - 1, ranks[-1] + 1) if 1 <= r <= 13]


def layable_subsets(melds: Iterable[Iterable[Card]], defender: frozenset[Card]
                    ) -> set[frozenset[Card]]:
    """Every set of defender cards that can be laid off, one card at a time, each onto one of
    the knocker's melds as extended so far (chains allowed). Melds are plain sets of cards:
    nothing here uses the library's melds."""
    start = tuple(frozenset(m) for m in melds)
    seen: set[tuple[frozenset[Card], tuple[BruteMeld, ...]]] = set()
    found: set[frozenset[Card]] = set()

    def search(laid: frozenset[Card], current: tuple[BruteMeld, ...]) -> None:
        key = (laid, current)
        if key in seen:
            return
        seen.add(key)
        found.add(laid)
        for i, meld in enumerate(current):
            for card in next_cards(meld):
                if card in defender and card not in laid:
                    extended = (*current[:i], meld | {card}, *current[i + 1 :])
                    search(laid | {card}, extended)

    search(frozenset(), start)
    return found


@functools.lru_cache(maxsize=4096)
def cached_deadwood(cards: frozenset[Card]) -> int:
    return brute_deadwood(cards)


def brute_defence(melds: Iterable[Iterable[Card]], defender: frozenset[Card]) -> tuple[int, int]:
    """The defender's least deadwood after layoffs, and the fewest layoffs that reach it."""
    return min(
        (cached_deadwood(defender - laid), len(laid))
        for laid in layable_subsets(melds, defender)
    )


def brute_resolve(knocker: list[Card], defender: list[Card]) -> int:
    """The defender's deadwood after a knock: no layoffs against gin; otherwise the knocker
    shows the least-deadwood melds that leave the defender the most deadwood."""
    d = frozenset(defender)
    if brute_deadwood(knocker) == 0:
        return cached_deadwood(d)
    return max(
        brute_defence(collection, d)[0]
        for collection in brute_best_collections(knocker)
    )
