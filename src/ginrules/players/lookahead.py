"""Quick playouts of the rest of a hand on card masks, for the expert's decisions.

The expert weighs a knock against playing on by dealing the cards it has not seen at
random (the opponent's hand by the evidence of its play, the stock shuffled) and playing
the hand out many times between two quick policies: take the top discard when it makes or
extends a meld, otherwise draw from the stock; discard to leave the least deadwood (the
highest card among equals); knock as soon as the deadwood is within a limit. The score of
each playout is the hand's points from the first player's side (positive when it wins
them), with the layoffs, the gin and undercut bonuses and the dead hand of the rules.

>>> from ginrules import cards_to_mask, rules
>>> mine = cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS")
>>> theirs = cards_to_mask("TC JC QC 2S 3S 4S 9D 9S KD KH")
>>> knock_points(mine, theirs, rules("eaai"))  # a knock with 10 against 38 deadwood
28
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs

from ginrules._fields import check_fields
from ginrules.errors import _wrong_type
from ginrules.masks import _POINTS as _SUIT_POINTS
from ginrules.masks import _best_discards, _deadwood, _discard_deadwoods
from ginrules.melds import Arrangement, MeldKind, arrangements_of_mask
from ginrules.rulesets import RuleSet

__all__ = ["Table", "deals", "defender_deadwood", "knock_points", "layoff_chains", "play_out"]

_POINTS = tuple(min(i % 13 + 1, 10) for i in range(52))
_ALL = (1 << 52) - 1


def _check_mask(value: object, function: str, name: str) -> None:
    if type(value) is not int or not 0 <= value <= _ALL:
        raise _wrong_type(function, f"a 52-bit card mask (an int) as {name}", value)


def _check_indices(value: object, function: str, name: str, kind: type) -> None:
    if not isinstance(value, kind) or not all(type(i) is int and 0 <= i < 52
                                              for i in value):  # type: ignore[attr-defined]
        raise _wrong_type(function, f"card indices (a {kind.__name__} of ints, 0 to 51) "
                          f"as {name}", value)


@attrs.frozen
class Table:
    """The settings a playout needs, read once from a rule set: the knock limit of the
    hand, the gin and undercut bonuses, whether a tie is an undercut, and the stock size
    at which a hand dies.

    >>> from ginrules import rules
    >>> Table.of(rules("eaai"), 10)
    Table(knock_limit=10, gin_bonus=25, undercut_bonus=25, undercut_on_tie=True, dead_stock=2)
    """

    knock_limit: int
    gin_bonus: int
    undercut_bonus: int
    undercut_on_tie: bool
    dead_stock: int

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    @classmethod
    def of(cls, rules: RuleSet, knock_limit: int) -> Table:
        """The table of ``rules`` for a hand whose knock limit is ``knock_limit``.

        >>> from ginrules import rules
        >>> Table.of(rules("classic"), 7).knock_limit
        7
        """
        if not isinstance(rules, RuleSet):
            raise _wrong_type("Table.of", "a RuleSet (see ginrules.rules)", rules)
        if type(knock_limit) is not int:
            raise _wrong_type("Table.of", "the hand's knock limit (an int)", knock_limit)
        return cls(knock_limit, rules.gin_bonus, rules.undercut_bonus,
                   rules.undercut_on_tie, rules.dead_hand_stock)


def knock_points(knocker: int, defender: int, rules: RuleSet | Table) -> int:
    """The points of a knock by the ten cards ``knocker`` against the ten cards
    ``defender`` (card masks): positive when the knocker scores them, negative when the
    defender does (an undercut). Gin takes the gin bonus; layoffs are made.

    >>> from ginrules import cards_to_mask, rules
    >>> gin = cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H TH")
    >>> knock_points(gin, cards_to_mask("TC JC QC 2S 3S 4S 9D 9S KD KH"), rules("eaai"))
    63
    >>> low = cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H 3S")
    >>> knock_points(low, cards_to_mask("TC JC QC 4S 5S 6S KH KD KS AD"), rules("eaai"))
    -27
    """
    _check_mask(knocker, "knock_points", "knocker")
    _check_mask(defender, "knock_points", "defender")
    if not isinstance(rules, (RuleSet, Table)):
        raise _wrong_type("knock_points", "a RuleSet (see ginrules.rules) or a Table as rules",
                          rules)
    return _knock_points(knocker, defender, rules)


def _knock_points(knocker: int, defender: int, rules: RuleSet | Table) -> int:
    """:func:`knock_points`, unchecked (the expert's inner loops call it)."""
    table = rules if isinstance(rules, Table) else Table.of(rules, rules.knock_limit)
    mine = _deadwood(knocker)
    if mine == 0:
        return table.gin_bonus + _deadwood(defender)
    chains = [_layoff_chains(a) for a in arrangements_of_mask(knocker)]
    return _points(mine, chains, defender, table)


def _points(mine: int, chains: Sequence[tuple[tuple[int, ...], ...]], defender: int,
            table: Table) -> int:
    """:func:`knock_points` of a knock with ``mine`` deadwood (not gin) whose
    arrangements have the layoff ``chains``: the one leaving the defender most counts."""
    diff = max(_defender_deadwood(c, defender) for c in chains) - mine
    if diff > 0:
        return diff
    if diff < 0 or table.undercut_on_tie:
        return diff - table.undercut_bonus
    return 0


def _highest(which: int) -> int:
    """The highest card of the mask ``which`` (by points, then rank; -1 if empty)."""
    best = -1
    while which:
        low = which & -which
        i = low.bit_length() - 1
        if best < 0 or (_POINTS[i], i % 13) >= (_POINTS[best], best % 13):
            best = i
        which ^= low
    return best


def _discard(hand: int, taken: int) -> tuple[int, int]:
    """The quick policy's discard from eleven cards: the card leaving the least deadwood,
    the highest among equals, never ``taken`` (a card index, or -1); with that deadwood."""
    dead, which = _best_discards(hand)
    if taken >= 0:
        which &= ~(1 << taken)
        if not which:
            dead = min(d for i, d in _discard_deadwoods(hand) if i != taken)
            which = 0
            for i, d in _discard_deadwoods(hand):
                if d == dead and i != taken:
                    which |= 1 << i
    return _highest(which), dead


def play_out(first: int, second: int, stock: list[int], top: int, turn: int,
             limits: tuple[int, int], table: Table) -> int:
    """Play a hand out between two quick players and return the points from ``first``'s
    side. ``first`` and ``second`` hold ten cards each (masks); ``stock`` is the stock,
    drawn from its end (it is consumed); ``top`` is the top discard (a card index, or -1);
    ``turn`` (0 or 1) is the player to draw; each player knocks as soon as its deadwood is
    at most its entry of ``limits`` (and the table's knock limit).

    >>> from ginrules import Card, cards_to_mask, rules
    >>> a = cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS")
    >>> b = cards_to_mask("TC JC QC 2S 3S 4S 9D 9S KD KH")
    >>> t = Table.of(rules("eaai"), 10)
    >>> stock = [Card.parse(c).index for c in ("5C", "7C", "6S")]
    >>> play_out(a, b, list(stock), -1, 0, (10, 10), t)  # a draws 6S, knocks with 6
    32
    >>> play_out(a, b, list(stock), -1, 0, (0, 0), t)  # both wait for gin: a dead hand
    0
    """
    _check_mask(first, "play_out", "first")
    _check_mask(second, "play_out", "second")
    _check_indices(stock, "play_out", "stock", list)
    if type(top) is not int or not -1 <= top < 52:
        raise _wrong_type("play_out", "the top discard's card index (an int, 0 to 51) or "
                          "-1 as top", top)
    if type(turn) is not int or turn not in (0, 1):
        raise _wrong_type("play_out", "the player to draw, 0 or 1, as turn", turn)
    if not (isinstance(limits, tuple) and len(limits) == 2
            and all(type(limit) is int for limit in limits)):
        raise _wrong_type("play_out", "two knock limits (a tuple of two ints) as limits",
                          limits)
    if not isinstance(table, Table):
        raise _wrong_type("play_out", "a Table (see Table.of)", table)
    return _play_out(first, second, stock, top, turn, limits, table)


def _play_out(first: int, second: int, stock: list[int], top: int, turn: int,
              limits: tuple[int, int], table: Table) -> int:
    """:func:`play_out`, unchecked (the expert's inner loops call it)."""
    hands = [first, second]
    limit = table.knock_limit
    allowed = (min(limits[0], limit), min(limits[1], limit))
    while True:
        hand = hands[turn]
        taken = -1
        if top >= 0:
            bit = 1 << top
            if _deadwood(hand | bit) < _deadwood(hand) + _POINTS[top]:
                hand |= bit
                taken = top
        if taken < 0:
            if not stock:
                return 0
            hand |= 1 << stock.pop()
        card, dead = _discard(hand, taken)
        hand &= ~(1 << card)
        if dead <= allowed[turn]:
            points = _knock_points(hand, hands[1 - turn], table)
            return points if turn == 0 else -points
        if len(stock) <= table.dead_stock:
            return 0
        hands[turn] = hand
        top = card
        turn = 1 - turn


def deals(pool: list[int], hidden: int, known: int, weights: list[float], count: int,
          rng: random.Random, draws: int = 0) -> list[tuple[int, list[int]]]:
    """``count`` deals of the unseen cards ``pool``: the opponent's hand (``known`` plus
    ``hidden`` cards of ``pool`` drawn by ``weights``, per card index, without
    replacement) and the stock (the other cards, shuffled; drawn from the end).

    The opponent has been improving its hand: for each of ``draws`` stock draws it adds
    one more card and throws the card that leaves the least deadwood (never a card of
    ``known``), as the quick policy does; the card thrown goes back to the stock.

    >>> import random
    >>> [(h.bit_count(), len(s)) for h, s in deals(list(range(30)), 8, 1 << 40, [1.0] * 52,
    ...                                               2, random.Random(1), draws=3)]
    [(9, 22), (9, 22)]
    """
    _check_indices(pool, "deals", "pool", list)
    for name, value in (("hidden", hidden), ("count", count), ("draws", draws)):
        if type(value) is not int:
            raise _wrong_type("deals", f"an int as {name}", value)
    _check_mask(known, "deals", "known")
    if not (isinstance(weights, list) and len(weights) == 52 and all(
            (type(w) is float or type(w) is int) and w > 0 for w in weights)):
        raise _wrong_type("deals", "weights: a list of 52 positive numbers, one per card "
                          "index", weights)
    if not isinstance(rng, random.Random):
        raise _wrong_type("deals", "a random.Random as rng", rng)
    return _deals(pool, hidden, known, weights, count, rng, draws)


def _deals(pool: list[int], hidden: int, known: int, weights: list[float], count: int,
           rng: random.Random, draws: int = 0) -> list[tuple[int, list[int]]]:
    """:func:`deals`, unchecked (the expert's inner loops call it)."""
    out = []
    hidden = max(0, min(hidden, len(pool)))
    draws = max(0, min(draws, len(pool) - hidden)) if hidden else 0
    ws = [weights[i] for i in pool]
    rand = rng.random
    for _ in range(count):
        keyed = sorted(zip([-math.log(1.0 - rand()) / w for w in ws], pool, strict=True))
        hand = known
        for _, i in keyed[:hidden]:
            hand |= 1 << i
        stock = [i for _, i in keyed[hidden + draws:]]
        for _, i in keyed[hidden:hidden + draws]:
            hand |= 1 << i
            card = _throw(hand, known)
            hand &= ~(1 << card)
            stock.append(card)
        rng.shuffle(stock)
        out.append((hand, stock))
    return out


def _held(weights: Sequence[float], hidden: int) -> list[float]:
    """Per entry of ``weights``, the chance :func:`_deals` deals that card into the
    ``hidden`` cards of the opponent's hand: it keeps the ``hidden`` cards of least key
    ``E / w`` (``E`` exponential), so a card is dealt when its key falls under a
    threshold ``t``, with chance ``1 - exp(-w t)``, where ``t`` makes the chances add up
    to ``hidden`` (the usual approximation of successive sampling's inclusion chances).
    No chance is 1 (nor rounds to it) unless every card of positive weight must be dealt.
    The weights are the inference weights, a few powers of ten apart at most (weights some
    1e300 times apart would put the threshold past the largest float).

    >>> [round(p, 3) for p in _held([1.0, 1.0, 1.0, 1.0], 2)]
    [0.5, 0.5, 0.5, 0.5]
    >>> [round(p, 3) for p in _held([8.0, 1.0, 1.0, 1.0, 1.0], 2)]  # never above 1
    [0.919, 0.27, 0.27, 0.27, 0.27]
    >>> _held([2.0, 0.0, 1.0], 2), _held([2.0, 1.0], 0)
    ([1.0, 0.0, 1.0], [0.0, 0.0])
    """
    live = sum(1 for w in weights if w > 0)
    if hidden <= 0 or not live:
        return [0.0] * len(weights)
    if hidden >= live:
        return [1.0 if w > 0 else 0.0 for w in weights]
    # Newton's method from t = 0: the sum is concave and rising in t, so each step
    # lands short of the root and the steps rise to it
    t = 0.0
    for _ in range(60):
        kept = [math.exp(-w * t) for w in weights]
        short = hidden - (len(weights) - sum(kept))
        if short <= 1e-9:
            break
        t += short / sum(w * e for w, e in zip(weights, kept, strict=True))
    # a chance that rounds to 1 is still not a certainty
    return [min(1.0 - 1e-9, 1.0 - math.exp(-w * t)) for w in weights]


def _throw(hand: int, keep: int) -> int:
    """The card of the eleven ``hand`` whose discard leaves the least deadwood, the
    highest among equals, never a card of ``keep``."""
    _, which = _best_discards(hand)
    which &= ~keep
    if not which:
        options = [(d, i) for i, d in _discard_deadwoods(hand) if not keep >> i & 1]
        least = min(d for d, _ in options)
        for d, i in options:
            if d == least:
                which |= 1 << i
    return _highest(which)


def layoff_chains(arrangement: Arrangement) -> tuple[tuple[int, ...], ...]:
    """The cards a defender may lay off onto the melds of ``arrangement`` (a knocker's),
    as chains of card indices: a card of a chain can go only after the cards before it
    (7H then 8H onto 4H-5H-6H); the fourth card of a three-card set is a chain of one.

    >>> from ginrules import CARDS, arrange
    >>> chains = layoff_chains(arrange("4H 5H 6H 9C 9D 9S AC 2C"))
    >>> [[str(CARDS[i]) for i in chain] for chain in chains]
    [['3H', '2H', 'AH'], ['7H', '8H', '9H', 'TH', 'JH', 'QH', 'KH'], ['9H']]
    """
    if not isinstance(arrangement, Arrangement):
        raise _wrong_type("layoff_chains", "an Arrangement (see ginrules.arrange)",
                          arrangement)
    return _layoff_chains(arrangement)


def _layoff_chains(arrangement: Arrangement) -> tuple[tuple[int, ...], ...]:
    """:func:`layoff_chains`, unchecked (the expert's inner loops call it)."""
    chains: list[tuple[int, ...]] = []
    for meld in arrangement.melds:
        indices = sorted(c.index for c in meld.cards)
        if meld.kind is MeldKind.RUN:
            low, high = indices[0], indices[-1]
            base = low - low % 13
            chains.append(tuple(range(low - 1, base - 1, -1)))
            chains.append(tuple(range(high + 1, base + 13)))
        elif len(indices) == 3:
            rank = indices[0] % 13
            chains.append(tuple(s * 13 + rank for s in range(4)
                                if s * 13 + rank not in indices))
    return tuple(c for c in chains if c)


def defender_deadwood(chains: tuple[tuple[int, ...], ...], defender: int,
                      deadwood: int | None = None) -> int:
    """The defender's least deadwood after laying off onto melds whose
    :func:`layoff_chains` are ``chains``: its own melds and its layoffs chosen together
    (``deadwood``: the defender's deadwood before any layoff, when known).

    >>> from ginrules import arrange, cards_to_mask
    >>> chains = layoff_chains(arrange("4H 5H 6H 9C 9D 9S AC 2C 3C 2S"))
    >>> defender_deadwood(chains, cards_to_mask("7H 8H 9H KS QS JS 5C 5D 7S 7D"))
    18
    """
    if not isinstance(chains, tuple):
        raise _wrong_type("defender_deadwood", "layoff chains (a tuple of tuples of card "
                          "indices, as layoff_chains returns)", chains)
    for chain in chains:
        _check_indices(chain, "defender_deadwood", "chains", tuple)
    _check_mask(defender, "defender_deadwood", "defender")
    if deadwood is not None and type(deadwood) is not int:
        raise _wrong_type("defender_deadwood", "the defender's deadwood (an int) or None",
                          deadwood)
    return _defender_deadwood(chains, defender, deadwood)


def _defender_deadwood(chains: tuple[tuple[int, ...], ...], defender: int,
                       deadwood: int | None = None) -> int:
    """:func:`defender_deadwood`, unchecked (the expert's inner loops call it)."""
    options = [0]
    for chain in chains:
        grown: list[int] = []
        prefix = 0
        for index in chain:
            bit = 1 << index
            if not defender & bit:
                break
            prefix |= bit
            grown.extend(o | prefix for o in options)
        options.extend(grown)
    before = least = _deadwood(defender) if deadwood is None else deadwood
    points = _SUIT_POINTS
    # laying cards off lowers the deadwood by at most their points: the largest layoffs
    # (built last) first, and a layoff that cannot go below the best so far is skipped
    for k in range(len(options) - 1, 0, -1):
        o = options[k]
        if before - (points[o & 0x1FFF] + points[(o >> 13) & 0x1FFF]
                     + points[(o >> 26) & 0x1FFF] + points[o >> 39]) >= least:
            continue
        after = _deadwood(defender & ~o)
        if after < least:
            least = after
    return least
