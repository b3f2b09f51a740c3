"""The advanced computer player, and :func:`hint`, which gives its move with a reason.

>>> import ginrules
>>> from ginrules.players import AdvancedPlayer, view
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> print(AdvancedPlayer().decide(view(state, 1)))
pass: TS does not make a meld and a stock card is worth more
"""

from __future__ import annotations

import itertools
import math
import operator
import random
from typing import ClassVar

import attrs

from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import CARDS, Card, cards_to_mask
from ginrules.masks import (
    _DEAD,
    _DROP,
    _best_discard_deadwood,
    _deadwood,
    _discard_deadwoods,
    _drop_table,
)
from ginrules.melds import arrangements_of_mask
from ginrules.players.computer import (
    Hint,
    _at_least,
    _high_first,
    _least_deadwood,
    _need_turn,
    _seed,
    _stream,
)
from ginrules.players.determinize import _evidence, _opponent_masks, _weights
from ginrules.players.lookahead import defender_deadwood, layoff_chains
from ginrules.players.views import View

__all__ = ["AdvancedPlayer", "hint"]

_ALL = (1 << 52) - 1
_RANK_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # (1 << rank) * this: the rank in every suit


@attrs.frozen
class _Memory:
    """What the advanced player recalls of the opponent, as card masks."""

    known: int  # taken from the discard pile and still held
    declined: int  # the upcard passed, or top discards left for a stock draw
    discarded: int  # put on the discard pile
    stock_draws: int  # how many stock cards the opponent has drawn
    weights: tuple[float, ...] | None  # inference_weights per card index, when read


def _memory(v: View, known: int, weigh: bool) -> _Memory:
    """What ``v`` shows of the opponent's play; ``known`` is the mask of the cards it took
    and still holds (already in the view, see ``View.opponent_known``)."""
    declined, discarded, draws, weights = _evidence(v, weigh)
    return _Memory(known, declined, discarded, draws,
                   None if weights is None else tuple(weights))


def _read_weights(v: View, memory: _Memory) -> list[float]:
    """The inference weights per card index: from ``memory`` when it read them."""
    return _weights(v) if memory.weights is None else list(memory.weights)


def _meld_pairs(index: int) -> list[tuple[int, int]]:
    """The pairs of cards that make a three-card meld with the card ``index``."""
    rank, suit = index % 13, index // 13
    same = [s * 13 + rank for s in range(4) if s != suit]
    pairs = [(same[0], same[1]), (same[0], same[2]), (same[1], same[2])]
    for a, b in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
        if a >= 0 and b <= 12:
            pairs.append((suit * 13 + a, suit * 13 + b))
    return pairs


_PAIRS = tuple(_meld_pairs(i) for i in range(52))
# the cards of a card's rank (itself too), and of its suit within two ranks (not itself)
_SAME_RANK = tuple(sum(1 << (s * 13 + i % 13) for s in range(4)) for i in range(52))
_RUN_NEAR = tuple(sum(1 << (i - i % 13 + r) for r in range(13) if 0 < abs(r - i % 13) <= 2)
                  for i in range(52))
_POINTS = tuple(min(i % 13 + 1, 10) for i in range(52))


# the card indices of each byte of a mask: _BYTES[k][b] for the byte b at bits 8k to 8k+7
_BYTES = tuple(tuple(tuple(8 * k + j for j in range(8) if b >> j & 1) for b in range(256))
               for k in range(7))


def _indices(mask: int) -> list[int]:
    """The card indices of ``mask``, lowest first (a byte at a time, from tables).

    >>> _indices(0b1011 | 1 << 51)
    [0, 1, 3, 51]
    """
    b0, b1, b2, b3, b4, b5, b6 = _BYTES
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255],
            *b3[mask >> 24 & 255], *b4[mask >> 32 & 255], *b5[mask >> 40 & 255],
            *b6[mask >> 48]]


_RANKS = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))
# the cards worth 1 to 10 points (T, J, Q and K are worth 10)
_POINT_RANKS = (*_RANKS[:9], _RANKS[9] | _RANKS[10] | _RANKS[11] | _RANKS[12])
_ONE_TO_TEN = tuple(range(1, 11))
_STARTS = sum(0x7FF << (13 * s) for s in range(4))
# the ranks at the ends of each suit, to keep shifted masks within their suits
_NOT_ACES = _ALL & ~_RANKS[0]
_NOT_KINGS = _ALL & ~_RANKS[12]
_NOT_LOW2 = _ALL & ~(_RANKS[0] | _RANKS[1])
_NOT_HIGH2 = _ALL & ~(_RANKS[11] | _RANKS[12])


def _melded(mask: int) -> int:
    """The cards of ``mask`` in a run of three or more or a rank held three times or more
    (a quick over-estimate of the melded cards, without the solver)."""
    a = mask & (mask >> 1) & (mask >> 2) & _STARTS
    out = a | (a << 1) | (a << 2)
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    three = (c & d & (h | s)) | (h & s & (c | d))  # the ranks held three times or more
    return out | (mask & (three | three << 13 | three << 26 | three << 39))


def _partnered(mask: int) -> int:
    """The cards of ``mask`` that could share a meld with another of its cards: another
    card of their rank, or of their suit within two ranks."""
    near = (((mask << 1) & _NOT_ACES) | ((mask >> 1) & _NOT_KINGS)
            | ((mask << 2) & _NOT_LOW2) | ((mask >> 2) & _NOT_HIGH2))
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    same = (d | h | s) | (c | h | s) << 13 | (c | d | s) << 26 | (c | d | h) << 39
    return mask & (near | same)


def _keep_best(mask: int, drop: int, keep: int) -> int:
    """``mask`` less ``drop`` cards, as a player keeping its best cards would throw them:
    unmelded cards with no partner first, then unmelded cards with one, then melded
    cards, the highest first (the higher rank, then the higher suit); never the cards of
    ``keep``.

    >>> from ginrules import cards_from_mask, cards_to_mask
    >>> hand = cards_to_mask("AC 2C 3C 9D TD KS QH 5H")
    >>> " ".join(map(str, cards_from_mask(_keep_best(hand, 2, 0))))  # KS, then QH
    'AC 2C 3C 9D TD 5H'
    >>> " ".join(map(str, cards_from_mask(_keep_best(hand, 4, cards_to_mask("5H")))))
    'AC 2C 3C 5H'
    """
    if drop <= 0:
        return mask
    melded = _melded(mask)
    partnered = _partnered(mask)
    rest = mask & ~keep
    for group in (rest & ~melded & ~partnered, rest & ~melded & partnered, rest & melded):
        ranks = (group | group >> 13 | group >> 26 | group >> 39) & 0x1FFF
        while ranks:
            rank = ranks.bit_length() - 1  # the highest rank first
            ranks ^= 1 << rank
            cards = group & _RANKS[rank]
            while cards:
                top = 1 << (cards.bit_length() - 1)  # the highest suit first
                mask ^= top
                cards ^= top
                drop -= 1
                if not drop:
                    return mask
    return mask


_MEMO: dict[int, int] = {}


def _best_discard_memo(mask: int) -> int:
    """:func:`~ginrules.masks._best_discard_deadwood`, remembered (the same hands come
    back turn after turn); the memory is dropped when it grows large."""
    value = _MEMO.get(mask)
    if value is None:
        if len(_MEMO) > 500_000:
            _MEMO.clear()
        value = _MEMO[mask] = _best_discard_deadwood(mask)
    return value


def _meld_makers(mask: int) -> int:
    """The cards not in ``mask`` that make a meld with two of its cards.

    >>> from ginrules import cards_from_mask, cards_to_mask
    >>> " ".join(map(str, cards_from_mask(_meld_makers(cards_to_mask("KC KD 2S 3S")))))
    'KH AS 4S KS'
    """
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    two = (c & d) | (c & h) | (c & s) | (d & h) | (d & s) | (h & s)
    up1 = (mask << 1) & _NOT_ACES  # a card whose rank below is held
    up2 = (mask << 2) & _NOT_LOW2
    down1 = (mask >> 1) & _NOT_KINGS  # a card whose rank above is held
    down2 = (mask >> 2) & _NOT_HIGH2
    runs = (up1 & up2) | (down1 & up1) | (down1 & down2)
    return (two * _RANK_SPREAD | runs) & ~mask


# a pool's mask; the weight of its cards worth fewer than k points and the sum of their
# points times their weight, for k from 0 to 11; and its whole weight
_Counts = tuple[int, list[float], list[float], float]


def _pool_points(pool: list[int], stock: list[float] | None) -> _Counts:
    """What :func:`_potential` needs of ``pool``, found once for all the discards it
    compares (each card weighs its entry of ``stock``, or 1): see ``_Counts``."""
    mask = 0
    for index in pool:
        mask |= 1 << index
    by_points: list[float]
    if stock is None:  # counted a rank at a time
        by_points = [(mask & rank).bit_count() for rank in _POINT_RANKS]
    else:
        by_points = [0.0] * 10
        for index in pool:
            by_points[_POINTS[index] - 1] += stock[index]
    weights = [0.0, 0.0, *itertools.accumulate(by_points)]
    points = [0.0, 0.0, *itertools.accumulate(map(operator.mul, by_points, _ONE_TO_TEN))]
    return mask, weights, points, weights[-1]


def _potential(mask: int, pool: list[int], stock: list[float] | None = None,
               counts: _Counts | None = None) -> float:
    """The expected deadwood saved by drawing one card of ``pool`` into ``mask``.

    A card that makes no meld with two cards of ``mask`` saves only by replacing the card
    whose discard costs least: ``base - points - best_discard(mask)``, when positive, so
    those cards are counted by their points; the others are priced by
    :func:`_savings`. ``stock``, per card index, weighs each card by the chance it is in
    the stock (``None``: all alike); ``counts`` is :func:`_pool_points` of the pool and
    ``stock``, when known."""
    if not pool:
        return 0.0
    facts = _SAVINGS.get(mask)
    if facts is None:
        facts = _savings(mask)
    base, room, savings = facts
    if not base:
        return 0.0
    pool_mask, weights, points, whole = counts if counts is not None else _pool_points(
        pool, stock)
    if not whole:
        return 0.0
    # the cards worth fewer points than room save room - points each
    k = room if room < 11 else 11
    total = room * weights[k] - points[k]
    for index, saved in savings:
        if pool_mask >> index & 1:
            total += saved if stock is None else saved * stock[index]
    return total / whole


def _potential_bound(mask: int, counts: _Counts) -> float:
    """An upper bound of :func:`_potential` of ``mask`` for the pool of ``counts``, much
    cheaper when the hand has not been priced before: the cards that make no meld
    counted exactly, and each card that makes one as if it saved the whole deadwood
    (with a weight of at most 1)."""
    pool_mask, weights, points, whole = counts
    if not whole:
        return 0.0
    base = _deadwood(mask)
    room = base - _best_discard_memo(mask)
    k = room if room < 11 else 11
    makers = (_meld_makers(mask) & pool_mask).bit_count()
    return (room * weights[k] - points[k] + makers * base) / whole


# per hand of ten cards: _savings of it (the same hands come back turn after turn)
_SAVINGS: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {}


def _savings(mask: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """What :func:`_potential` needs of the ten cards ``mask``, whatever the pool: its
    deadwood ``base``; ``room``, the deadwood its best discard saves; and for each card
    that makes a meld with two of its cards, ``(index, saved)``: the deadwood drawing it
    saves (throwing the best discard), less what :func:`_potential` counts it for as a
    card that melds with nothing (``room - points``, when positive), when not zero.
    Remembered; the memory is dropped when it grows large.

    When no rank is held three times, the deadwood is a sum over the suits (see
    :func:`~ginrules.masks._best_discard_deadwood`): a card changes only its own suit's
    term, or makes a set of three of a rank held twice, so every card is priced from the
    suit tables; with a rank held three times the solver prices them.

    >>> from ginrules import CARDS, cards_to_mask
    >>> base, room, savings = _savings(cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS"))
    >>> # 4C makes gin (saves 10) but as a lone card it would have replaced KS (saving 6)
    >>> base, room, [(str(CARDS[i]), saved) for i, saved in savings][:3]
    (10, 10, [('4C', 4), ('3D', 3), ('7D', 7)])
    """
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    dead, drop = _DEAD, _DROP or _drop_table()
    dc, dd, dh, ds = dead[c], dead[d], dead[h], dead[s]
    xc, xd, xh, xs = drop[c], drop[d], drop[h], drop[s]
    held_thrice = (c & d & (h | s)) | (h & s & (c | d))
    base = _deadwood(mask) if held_thrice else dc + dd + dh + ds
    # base less the deadwood after the best discard
    room = base - _best_discard_memo(mask) if held_thrice else -min(xc, xd, xh, xs)
    makers = _meld_makers(mask)
    savings = []
    if held_thrice:
        memo = _MEMO
        while makers:
            low = makers & -makers
            makers ^= low
            index = low.bit_length() - 1
            after = memo.get(mask | low)
            if after is None:
                after = _best_discard_memo(mask | low)
            saved = (base - after if base > after else 0) - (
                room - _POINTS[index] if room > _POINTS[index] else 0)
            if saved:
                savings.append((index, saved))
    else:
        # a card of a rank held twice makes a set of three (the only rank held three
        # times): the best discard with it is the better of leaving that set unmade
        # (its suit's term changes, as for a run) and making it (the rank's cards out of
        # every suit), as the solver would find
        two = (c & d) | (c & h) | (c & s) | (d & h) | (d & s) | (h & s)
        sets = makers & two * _RANK_SPREAD
        suits = ((0, c, dc, min(xd, xh, xs)), (13, d, dd, min(xc, xh, xs)),
                 (26, h, dh, min(xc, xd, xs)), (39, s, ds, min(xc, xd, xh)))
        for group, makes_set in ((sets, True), (makers & ~sets, False)):
            for shift, suit, suit_dead, other_drop in suits:
                these = (group >> shift) & 0x1FFF
                while these:
                    low = these & -these
                    these ^= low
                    grown = suit | low
                    drop_grown = drop[grown]
                    after = base - suit_dead + dead[grown] + (
                        drop_grown if drop_grown < other_drop else other_drop)
                    if makes_set:
                        c1, d1, h1, s1 = c & ~low, d & ~low, h & ~low, s & ~low
                        with_set = dead[c1] + dead[d1] + dead[h1] + dead[s1] + min(
                            drop[c1], drop[d1], drop[h1], drop[s1])
                        if with_set < after:
                            after = with_set
                    rank = low.bit_length() - 1
                    worth = rank + 1 if rank < 10 else 10
                    saved = (base - after if base > after else 0) - (
                        room - worth if room > worth else 0)
                    if saved:
                        savings.append((shift + rank, saved))
    if len(_SAVINGS) > 50_000:
        _SAVINGS.clear()
    facts = _SAVINGS[mask] = (base, room, tuple(savings))
    return facts


def _held_chances(known: int, blocked: int, q: float, chance: list[float] | None) -> list[float]:
    """Per card index, the chance the opponent holds the card: 1 for the cards of
    ``known``, else 0 for the cards of ``blocked`` (the player's, the discard pile's),
    else ``q``, or the card's entry of ``chance`` when given.

    >>> held = _held_chances(0b100, 0b110, 0.25, None)
    >>> held[:4]
    [0.25, 0.0, 1.0, 0.25]
    """
    held = [q] * 52 if chance is None else list(chance)
    for index in _indices(blocked & ~known):
        held[index] = 0.0
    for index in _indices(known):
        held[index] = 1.0
    return held


# per arrangement, its layoff chains (see layoff_chains)
_Chains = tuple[tuple[tuple[int, ...], ...], ...]
_KNOCKS: dict[int, tuple[_Chains, int]] = {}


def _knock_facts(mine: int) -> tuple[_Chains, int]:
    """For a knock with the ten cards ``mine``: the layoff chains of each of its best
    arrangements (the same for every opponent hand it is tried against), and the mask of
    the cards that would make it gin. Remembered: a player waiting for gin weighs the
    same knock turn after turn (about two knocks in three, in games between advanced
    players); the memory is dropped when it grows large.

    >>> from ginrules import CARDS, cards_to_mask
    >>> chains, gin = _knock_facts(cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS"))
    >>> [str(c) for c in CARDS if gin >> c.index & 1]  # each extends a run; KS goes
    ['4C', '3D', '7D', '6H', 'TH']
    """
    facts = _KNOCKS.get(mine)
    if facts is None:
        if len(_KNOCKS) > 100_000:
            _KNOCKS.clear()
        # only a card that makes a meld can bring gin (another would stay deadwood)
        makers = _meld_makers(mine)
        gin = 0
        for index in _indices(makers):
            if _best_discard_deadwood(mine | 1 << index) == 0:
                gin |= 1 << index
        facts = _KNOCKS[mine] = (
            tuple(layoff_chains(a) for a in arrangements_of_mask(mine)), gin)
    return facts


def _settled(n: int, sums: list[float]) -> bool:
    """Whether ``n`` sampled hands settle a knock: ``sums`` holds the sum and the sum of
    squares of the knock's points and of its gain over waiting; settled when both means
    lie on the same side of the line, each more than two standard errors (plus half a
    point) away from it, or when either lies that far below it.

    >>> _settled(8, [80.0, 800.0, 40.0, 200.0])  # every hand wins 10, gains 5
    True
    >>> _settled(8, [8.0, 200.0, 0.0, 200.0])  # wins 1 on average, 5 either way
    False
    """
    mean_p, mean_g = sums[0] / n, sums[2] / n
    margin_p = 2 * (math.sqrt(max(0.0, sums[1] / n - mean_p * mean_p) / n) + 0.5)
    margin_g = 2 * (math.sqrt(max(0.0, sums[3] / n - mean_g * mean_g) / n) + 0.5)
    if mean_g + margin_g < 0 or mean_p + margin_p < 0:
        return True  # it waits, whatever the other half would show
    return mean_g - margin_g >= 0 and mean_p - margin_p > 0


@attrs.frozen
class AdvancedPlayer:
    """The advanced computer player (the Polish site's *Zaawansowany* level).

    :func:`hint` gives its move.

    From its view alone it remembers the cards the opponent took from the discard pile
    (and still holds), passed over and discarded, and:

    * **draws** the top discard when it lowers the deadwood more than a stock card is
      expected to (the average over the cards it has not seen);
    * **discards** to balance the deadwood left, the chance that the next card improves
      the hand, and the danger of feeding the opponent a meld (a card that melds with
      cards the opponent is known to hold is all but banned; ranks and neighbours the
      opponent passed over or threw away are safer), weighing the four discards that
      leave the least deadwood;
    * **knocks** after weighing it: it samples hands the opponent may hold (its known
      cards, plus unseen cards improved as many times as it drew from the stock), prices
      the knock against each with layoffs and undercuts, and compares that with waiting
      for gin, by the gin cards still unseen and the stock left. Gin and big gin are
      always taken.

    ``samples`` sets how many opponent hands a knock decision tries at most: half of
    them, then the other half only when the first half leaves the choice in doubt (the
    average points of the knock, or its average gain over waiting, within two standard
    errors, plus half a point, of the line). The other weights are tuning knobs.
    Deterministic for a given ``seed`` and view.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> str(AdvancedPlayer(seed=1).choose(view(s, 1)))
    'pass'
    """

    seed: int = attrs.field(default=0, validator=_seed)
    samples: int = attrs.field(default=16, validator=_at_least(1))
    potential_weight: float = 0.5
    danger_weight: float = 4.0
    gin_wait: float = 0.5
    take_margin: float = 3.0
    # whether its draws and discards read the inference weights (the advanced player
    # reads them only to knock; it draws by its cards and the unseen cards alone)
    _weighs: ClassVar[bool] = False
    # how many of the discards leaving the least deadwood it weighs: weighing six, the
    # discard it chose was among the four lowest in 99.5% of the 7,058 discards of 60
    # games between two advanced players
    _weighed: ClassVar[int] = 4

    def choose(self, view: View) -> Action:
        """The advanced player's action in ``view``."""
        return self.decide(view).action

    def decide(self, view: View) -> Hint:
        """The action with a short reason (what :func:`hint` returns).

        >>> import ginrules
        >>> from ginrules.players import view
        >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> print(AdvancedPlayer().decide(view(s, 1)))
        pass: TS does not make a meld and a stock card is worth more
        """
        actions = _need_turn(view)
        known = cards_to_mask(view.opponent_known)
        unknown = _ALL & ~view.mask & ~known
        for card in view.discard_pile:
            unknown &= ~card.mask
        pool = _indices(unknown)
        phase = view.phase
        if phase is Phase.OFFER or phase is Phase.DRAW:
            top = view.upcard if phase is Phase.OFFER else view.top_discard
            can_take = phase is Phase.OFFER or len(actions) == 2
            if top is None or not can_take:
                return Hint(actions[0], "the discard pile cannot be drawn now")
            take, dont = (actions[0], actions[1]) if phase is Phase.OFFER else (
                actions[1], actions[0])
            if not self._weighs:  # the advanced player draws by the cards alone
                return self._draw(view, top, take, dont, pool)
            memory = _memory(view, known, True)
            return self._draw(view, top, take, dont, pool, self._stock(view, memory, pool))
        if actions[-1].kind is ActionKind.BIG_GIN:
            return Hint(actions[-1], "all eleven cards are melded")
        deadwoods = _discard_deadwoods(view.mask)
        knock = _least_deadwood(view, ActionKind.KNOCK, deadwoods)
        # the weights are read once, here, when a knock (not gin) is to be weighed
        memory = _memory(view, known, self._weighs or (knock is not None and knock[1] > 0))
        if knock is not None:
            decided = self._knock(view, knock, memory, pool)
            if decided is not None:
                return decided
        return self._discard(view, memory, pool, self._stock(view, memory, pool), deadwoods)

    # -- drawing ----------------------------------------------------------------------

    def _stock(self, v: View, memory: _Memory, pool: list[int]) -> list[float] | None:
        """Per card index, the chance each unseen card is in the stock (``None``: the
        advanced player takes every unseen card alike)."""
        return None

    def _draw(self, v: View, top: Card, take: Action, dont: Action, pool: list[int],
              stock: list[float] | None = None) -> Hint:
        mask = v.mask
        now = _deadwood(mask)
        with_top = mask | top.mask
        melds = _deadwood(with_top) < now + top.points  # top makes or extends a meld
        why = "does not make a meld" if not melds else "saves too little"
        after = _best_discard_memo(with_top)
        if after >= now:  # no discard but the card taken leaves less than now
            return Hint(dont, f"{top} {why} and a stock card is worth more")
        # below now, the best discard is not the card taken: after is what taking leaves
        saved = now - after
        expected = _potential(mask, pool, stock)
        if after <= v.knock_limit and now > v.knock_limit and saved > 0:
            return Hint(take, f"{top} lets it knock (deadwood {now} -> {after})")
        if saved > expected and (melds or saved >= expected + self.take_margin):
            what = "makes a meld" if melds else "lowers the deadwood"
            return Hint(take, f"{top} {what} (deadwood {now} -> {after}); a stock card "
                              f"saves {expected:.1f} on average")
        return Hint(dont, f"{top} {why} and a stock card is worth more")

    # -- knocking ---------------------------------------------------------------------

    def _opponent_hands(self, v: View, memory: _Memory, pool: list[int],
                        rng: random.Random, weights: list[float], count: int) -> list[int]:
        """``count`` sampled opponent hands: the known cards plus unseen cards drawn by
        ``weights``, improved once for every stock card the opponent drew (it keeps the
        best ten)."""
        hidden = v.opponent_count - memory.known.bit_count()
        if v.phase is Phase.DISCARD and v.turn == v.player:
            hidden = 10 - memory.known.bit_count()
        extra = min(memory.stock_draws, 6, max(0, len(pool) - hidden))
        hands = _opponent_masks(pool, hidden + extra, memory.known, count, rng, weights)
        if extra:
            hands = [_keep_best(m, extra, memory.known) for m in hands]
        return hands

    def _knock(self, v: View, knock: tuple[Action, int], memory: _Memory,
               pool: list[int]) -> Hint | None:
        action, dead = knock
        if dead == 0:
            return Hint(action, "gin")
        assert action.card is not None
        mine = v.mask & ~action.card.mask
        rules = v.rules
        # waiting: the chance to draw gin before the stock runs out, worth the gin bonus
        # plus the opponent's deadwood, discounted for what can go wrong meanwhile
        draws = max(0, (v.stock_size - rules.dead_hand_stock) // 2)
        # only a card that makes a meld can bring gin (another would stay deadwood)
        chains, gin_cards = _knock_facts(mine)
        outs = sum(1 for i in pool if gin_cards >> i & 1)
        p_gin = 1 - (1 - outs / len(pool)) ** min(draws, 5) if pool else 0.0
        gin_weight = self.gin_wait * p_gin
        last_chance = v.stock_size - 1 <= rules.dead_hand_stock
        rng = random.Random(next(_stream(self.seed, v)))
        weights = _read_weights(v, memory)
        # the knock's points and its gain over waiting, per sampled hand: the sums and sums
        # of squares, to stop after the first half of the samples when they settle it
        total = total2 = gains = gains2 = 0.0
        undercut = opp_dead = n = 0
        gin_bonus, undercut_bonus = rules.gin_bonus, rules.undercut_bonus
        on_tie = rules.undercut_on_tie
        only = chains[0] if len(chains) == 1 else None  # the usual case: one arrangement
        first = (self.samples + 1) // 2
        for count in (first, self.samples - first):
            for opp in self._opponent_hands(v, memory, pool, rng, weights, count):
                d = _deadwood(opp)
                if only is not None:
                    diff = defender_deadwood(only, opp, d) - dead
                else:
                    diff = max(defender_deadwood(c, opp, d) for c in chains) - dead
                if diff > 0:
                    points = diff
                elif diff < 0 or on_tie:
                    points = diff - undercut_bonus
                    undercut += 1
                else:
                    points = 0
                opp_dead += d
                n += 1
                gain = points - gin_weight * (gin_bonus + d)
                total += points
                total2 += points * points
                gains += gain
                gains2 += gain * gain
            if last_chance or _settled(n, [total, total2, gains, gains2]):
                break
        ev = total / n
        risk = undercut / n
        wait = gin_weight * (rules.gin_bonus + opp_dead / n)
        if ev >= wait and ev > 0:
            return Hint(action, f"knock with {dead} deadwood: wins {ev:.0f} points on "
                                f"average over {n} sampled hands, undercut risk {risk:.0%}")
        if last_chance and ev > -rules.undercut_bonus / 2:
            return Hint(action, f"knock with {dead} deadwood: the hand dies otherwise "
                                f"(undercut risk {risk:.0%})")
        return None

    # -- discarding -------------------------------------------------------------------

    def _danger(self, index: int, mine: int, memory: _Memory, dead_cards: int,
                q: float, chance: list[float] | None = None,
                held: list[float] | None = None) -> float:
        """The chance the opponent can meld the card ``index`` if it is discarded: an
        unseen card is in its hand with chance ``q``, or its entry of ``chance`` (per card
        index) when given; ``held`` is :func:`_held_chances` of these, when known."""
        if held is None:
            held = _held_chances(memory.known, mine | dead_cards, q, chance)
        seen = memory.declined | memory.discarded
        safe_set = bool(seen & _SAME_RANK[index])
        safe_run = bool(seen & _RUN_NEAR[index])
        p_none = 1.0
        for n, (a, b) in enumerate(_PAIRS[index]):
            p = held[a] * held[b]
            if p < 1.0 and ((n < 3 and safe_set) or (n >= 3 and safe_run)):
                p *= 0.4
            p_none *= 1.0 - p
        return 1.0 - p_none

    def _chance(self, stock: list[float] | None) -> list[float] | None:
        """Per card index, the chance an unseen card is in the opponent's hand, for the
        danger of a discard (``None``: the advanced player takes every card alike)."""
        return None

    def _discard(self, v: View, memory: _Memory, pool: list[int],
                 stock: list[float] | None = None,
                 deadwoods: list[tuple[int, int]] | None = None) -> Hint:
        legal = {a.card.index: a for a in v.legal_actions
                 if a.kind is ActionKind.DISCARD and a.card is not None}
        if deadwoods is None:
            deadwoods = _discard_deadwoods(v.mask)
        options = [(d, i) for i, d in deadwoods if i in legal]
        least = min(d for d, _ in options)
        pile = 0
        for card in v.discard_pile:
            pile |= card.mask
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        q = hidden / len(pool) if pool else 0.0
        best: tuple[float, tuple[int, int, int], int] | None = None
        parts: dict[int, tuple[int, float, float]] = {}
        counts = _pool_points(pool, stock)
        held = _held_chances(memory.known, v.mask | pile, q, self._chance(stock))
        # the bound lets a discard whose potential cannot make it win skip pricing it
        prune = self.potential_weight >= 0
        for dead, index in sorted(options)[:self._weighed]:
            if dead > least + 8:
                continue
            rest = v.mask & ~(1 << index)
            danger = self._danger(index, rest, memory, pile, q, held=held)
            if prune and best is not None and rest not in _SAVINGS and (
                    dead - self.potential_weight * _potential_bound(rest, counts)
                    + self.danger_weight * danger > best[0] + 1e-9):
                continue
            potential = _potential(rest, pool, stock, counts)
            score = dead - self.potential_weight * potential + self.danger_weight * danger
            parts[index] = (dead, potential, danger)
            key = (score, _high_first(index), index)
            if best is None or key < best:
                best = key
        assert best is not None
        index = best[2]
        dead, _, danger = parts[index]
        card = CARDS[index]
        reason = f"discard {card}: leaves deadwood {dead}"
        if dead > least:
            reason += f" (the least is {least}) but keeps better chances"
        reason += f"; the opponent can use it with chance {danger:.0%}"
        if v.knock_limit and least <= v.knock_limit:
            reason = "wait for a better knock; " + reason
        return Hint(legal[index], reason)


# the levels hint may use, strongest first, with the time a decision may take at most
# (measured on a 2-core machine: the expert's slowest decisions, its knocks, take up to
# 31 ms when it plays for the game, over 3,120 decisions of 30 games; the advanced
# player's a few milliseconds, the basic player's well under one)
_HINT_LEVELS = (("expert", 0.05), ("advanced", 0.03), ("basic", 0.0))


def hint(view: View, *, seed: int = 0, budget: float = 1.0) -> Hint:
    """The move of the strongest computer level that decides within ``budget`` seconds
    (the expert by default, see :class:`~ginrules.players.ExpertPlayer`), with a short
    reason (the Polish site's hint button). With less than 50 ms it asks the advanced
    player, with less than 30 ms the basic player (whose reason is its rule).

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> h = ginrules.hint(view(s, 1))
    >>> str(h.action), h.reason
    ('pass', 'TS does not make a meld and a stock card is worth more')
    >>> print(ginrules.hint(view(s, 1), budget=0.001))
    pass: the basic level takes a card only when it makes or extends a meld
    """
    from ginrules.players.computer import BasicPlayer
    from ginrules.players.expert import ExpertPlayer

    level = next(name for name, cost in _HINT_LEVELS if budget >= cost)
    if level == "expert":
        return ExpertPlayer(seed=seed).decide(view)
    if level == "advanced":
        return AdvancedPlayer(seed=seed).decide(view)
    action = BasicPlayer(seed=seed).choose(view)
    kind = action.kind
    if kind is ActionKind.TAKE or kind is ActionKind.PASS or kind is ActionKind.DRAW_STOCK \
            or kind is ActionKind.DRAW_DISCARD:
        why = "the basic level takes a card only when it makes or extends a meld"
    elif kind is ActionKind.DISCARD:
        why = "the basic level discards to leave the least deadwood"
    else:
        why = "the basic level knocks as soon as it may"
    return Hint(action, why)
