"""What a sharper reading of the opponent's hand buys the expert: the danger of its
discards read from a particle filter that replays the opponent's whole hand under the
baseline's own policy.

Run from the dev virtual environment::

    python benchmarks/posterior_danger.py                    # 2000 eaai games, seed 0
    python benchmarks/posterior_danger.py --seed 1 --particles 400
    python benchmarks/posterior_danger.py --brier 6          # calibration, 6 games
    python benchmarks/posterior_danger.py --check 3000       # the shortcut, checked

The expert prices the danger of a discard (the chance the opponent takes it for a meld)
from per-card inference weights. ``oracle_bound.py`` shows that the truth in that one
quantity would win 91% of the games against ``simple`` rather than 78%. Here the danger
comes instead from particles: opponent hands dealt from the cards it may hold, then
carried through each of its turns as the baseline plays (it takes a face-up card only
when it makes a meld, throws a card leaving the least deadwood, chosen at random among
equals, and knocks as soon as it may). A particle's weight is the chance of the
opponent's recorded moves under that policy (an act it would not make counts 0.02/11,
so any opponent can be read); each stock draw is proposed by that chance, a discarded
card the particle does not hold is either drawn and thrown or swapped in for a card it
was dealt, and the particles are resampled when their effective number falls below
half. The danger of a discard is the weighted share of particles that would take it.

The filter is carried through the player's decisions of a hand in turn, taking out
each card the player draws from the stock as it learns it; the view names those draws
(:attr:`~ginrules.players.View.drawn_cards`), so the particles are a function of the
view and the seed, whatever was asked before (``--check`` asks again from scratch), and
the totals do not depend on ``--workers``. It is a measurement, not a player: some 20
times the expert's time at 800 particles. ``--brier`` reads the opponent's true hand
from the game state.
"""

from __future__ import annotations

import argparse
import functools
import random
import zlib
from typing import Any

import attrs
from _script import run

import ginrules
from ginrules import game
from ginrules.actions import ActionKind, Phase
from ginrules.cards import CARDS, cards_to_mask
from ginrules.masks import _best_discards, _deadwood, _discard_deadwoods
from ginrules.players import ExpertPlayer, SimplePlayer
from ginrules.players._estimates import _ALL, _POINTS, _held_chances, _indices, _meld_makers
from ginrules.players.advanced import _memory
from ginrules.players.computer import _makes_meld
from ginrules.players.views import Event, View, _own_hands
from ginrules.simulate import simulate

MISS = 0.02 / 11  # the weight of a discard the baseline's policy would not make
REFUSED = MISS  # the weight of a take or pass it would not make
_TAKES = (ActionKind.TAKE, ActionKind.DRAW_DISCARD)
_THROWS = (ActionKind.DISCARD, ActionKind.KNOCK)

# the least deadwood of a mask, and the least after a discard with the mask of those
# discards, remembered (the particles' hands come back turn after turn)
dead = functools.lru_cache(maxsize=1 << 19)(_deadwood)
best = functools.lru_cache(maxsize=1 << 19)(_best_discards)


@functools.lru_cache(maxsize=1 << 20)
def takes(hand: int, card: int) -> bool:
    """Whether the baseline holding ``hand`` takes the card of index ``card``: it makes
    or extends a meld (the simple player's own test, run only for a card that melds with
    two of the hand's cards: any other stays deadwood; ``--check`` compares the two)."""
    return bool(_meld_makers(hand) >> card & 1) and _makes_meld(hand, CARDS[card])


def throw_chance(hand: int, card: int, taken: int, knocked: bool, limit: int) -> float:
    """The chance the baseline, holding the eleven ``hand`` (``taken``: the card it has
    just taken from the pile, or -1), throws ``card``, knocking or not as it did."""
    if taken < 0:
        least, which = best(hand)
    else:
        options = [(d, i) for i, d in _discard_deadwoods(hand) if i != taken]
        least = min(d for d, _ in options)
        which = sum(1 << i for d, i in options if d == least)
    if which >> card & 1 and (least <= limit) == knocked:
        return 1.0 / which.bit_count()
    return MISS


def draw_chances(hand: int, free: list[int], card: int, knocked: bool,
                 limit: int) -> list[float]:
    """Per stock card ``c`` of ``free``: :func:`throw_chance` of ``card`` (held in the ten
    ``hand``) after drawing ``c``. A card that makes no meld with ``hand`` stays deadwood
    in every arrangement, so its chance follows from the ten cards' own best discards;
    the solver runs only for the others (``--check`` compares the two)."""
    makers = _meld_makers(hand)
    now = dead(hand)
    least, which = best(hand)
    among, count = which >> card & 1, which.bit_count()
    out = []
    for c in free:
        if makers >> c & 1:
            out.append(throw_chance(hand | 1 << c, card, -1, knocked, limit))
            continue
        after = least + _POINTS[c]  # throwing a card of the ten, keeping c
        if not among or after > now or (after <= limit) != knocked:
            out.append(MISS)
        else:
            out.append(1.0 / (count + 1) if after == now else 1.0 / count)
    return out


def universe(me: int, hand: int, upcard: int, events: tuple[Event, ...]) -> int:
    """The cards the opponent may have been dealt or drawn from the stock, once
    ``events`` have happened with the player (``me``) holding ``hand``: those the player
    has not seen (neither its own nor ever face up), and those the opponent threw that
    it had not taken."""
    seen = hand | 1 << upcard
    for e in events:
        if e.card is not None:
            seen |= e.card.mask
    cards = _ALL & ~seen
    taken = 0
    for e in events:
        if e.player != me and e.card is not None:
            if e.action.kind in _TAKES:
                taken |= e.card.mask
            elif not taken & e.card.mask:
                cards |= e.card.mask
    return cards


@attrs.define
class Filter:
    """The particles of one hand: each an opponent hand and the cards of the universe it
    has used (dealt or drawn), with a weight; ``done`` events consumed."""

    hands: list[int]
    used: list[int]
    weights: list[float]
    taken: int = 0  # the cards the opponent took from the pile
    done: int = 0
    cards: int = 0  # the universe it was last carried in

    @classmethod
    def deal(cls, n: int, cards: int, rng: random.Random) -> Filter:
        pool = _indices(cards)
        hands = [sum(1 << i for i in rng.sample(pool, 10)) for _ in range(n)]
        return cls(hands, list(hands), [1.0] * n, cards=cards)

    def copy(self) -> Filter:
        return attrs.evolve(self, hands=list(self.hands), used=list(self.used),
                            weights=list(self.weights))

    def restrict(self, cards: int, rng: random.Random) -> None:
        """The cards that left the universe (the player drew them) leave the particles,
        each replaced by an unused card."""
        for j, used in enumerate(self.used):
            gone = used & ~cards
            if gone:
                free = _indices(cards & ~used)
                for g in _indices(gone):
                    self.hands[j] &= ~(1 << g)
                    used &= ~(1 << g)
                    if free:
                        r = free.pop(rng.randrange(len(free)))
                        self.hands[j] |= 1 << r
                        used |= 1 << r
                self.used[j] = used
        self.cards = cards

    def resample(self, rng: random.Random) -> None:
        total = sum(self.weights)
        n = len(self.weights)
        if total <= 0:
            self.weights = [1.0] * n
            return
        if total * total >= n / 2 * sum(w * w for w in self.weights):
            self.weights = [w / total for w in self.weights]
            return
        chosen = rng.choices(range(n), weights=self.weights, k=n)
        self.hands = [self.hands[j] for j in chosen]
        self.used = [self.used[j] for j in chosen]
        self.weights = [1.0] * n

    def step(self, events: tuple[Event, ...], k: int, me: int, limit: int,
             rng: random.Random) -> int:
        """Carry the particles through the opponent's act at ``k`` (a draw with the
        discard after it); the index of the next event."""
        e = events[k]
        kind = e.action.kind
        if e.player == me:
            return k + 1
        hands, ws, cards = self.hands, self.weights, self.cards
        if e.declined is not None:  # passed, or drew from the stock instead
            f = e.declined.index
            for j, hand in enumerate(hands):
                if takes(hand, f):
                    ws[j] *= REFUSED
        after = events[k + 1] if k + 1 < len(events) else None
        if kind is ActionKind.PASS or after is None or after.player != e.player \
                or after.action.kind not in _THROWS or after.card is None:
            return k + 1  # a pass, or a draw not yet followed by its discard
        d, knocked = after.card.index, after.action.kind is ActionKind.KNOCK
        if kind in _TAKES:
            assert e.card is not None
            f = e.card.index
            self.taken |= 1 << f
            for j, hand in enumerate(hands):
                if not takes(hand, f):
                    ws[j] *= REFUSED
                hand |= 1 << f
                if not hand >> d & 1:  # d was dealt in place of a card it holds
                    spare = _indices(hand & ~self.taken)
                    if not spare or not cards >> d & 1 or self.used[j] >> d & 1:
                        ws[j] = 0.0
                        hands[j] = hand & ~(1 << d)
                        continue
                    y = spare[rng.randrange(len(spare))]
                    hand = (hand & ~(1 << y)) | 1 << d
                    self.used[j] = (self.used[j] & ~(1 << y)) | 1 << d
                ws[j] *= throw_chance(hand, d, f, knocked, limit)
                hands[j] = hand & ~(1 << d)
            self.resample(rng)
            return k + 2
        # a stock draw, then the discard d
        memo: dict[tuple[int, int], list[float]] = {}
        for j, hand in enumerate(hands):
            used = self.used[j]
            free = _indices(cards & ~used)
            if not free:
                ws[j] = 0.0
                continue
            if hand >> d & 1:
                chances = memo.get((hand, used))
                if chances is None:
                    chances = memo[(hand, used)] = draw_chances(hand, free, d, knocked, limit)
                options = free
            else:
                if not cards >> d & 1 or used >> d & 1:
                    ws[j] = 0.0
                    continue
                # d drawn and thrown, or dealt in place of a card y it holds
                thrown = throw_chance(hand | 1 << d, d, -1, knocked, limit)
                spare = _indices(hand & ~self.taken)
                swapped, y, swap_hand, swap_free, swap_chances = 0.0, -1, 0, [], []
                if spare:
                    y = spare[rng.randrange(len(spare))]
                    swap_hand = (hand & ~(1 << y)) | 1 << d
                    swap_free = [c for c in free if c != d] + [y]
                    swap_chances = draw_chances(swap_hand, swap_free, d, knocked, limit)
                    swapped = sum(swap_chances)
                if rng.random() * (thrown + swapped) < swapped:
                    hand, used = swap_hand, (used & ~(1 << y)) | 1 << d
                    options, chances = swap_free, swap_chances
                else:
                    options, chances = [d], [thrown]
            total = sum(chances)
            if total <= 0:
                ws[j] = 0.0
                continue
            # weighed by the branch taken (not by both branches' sum): a proposal of
            # this script's own, under which the players page's figures were measured
            ws[j] *= total / len(free)
            c = rng.choices(options, weights=chances)[0]
            hands[j] = (hand | 1 << c) & ~(1 << d)
            self.used[j] = used | 1 << c
        self.resample(rng)
        return k + 2


_HAND: dict[Any, dict[tuple[Any, ...], Filter]] = {}


def _rng(*key: Any) -> random.Random:
    return random.Random(zlib.crc32(repr(key).encode()))


def particles(v: View, n: int, seed: int) -> tuple[list[int], list[float]]:
    """The opponent's hand now, as ``n`` weighted particles (masks). The filter is
    carried through the player's decisions of the hand in turn (after each of its draws,
    the universe it then had, the opponent's acts since); each step's randomness comes
    from the hand and the step, so the particles are a function of the view and the
    seed, whatever was asked before. The steps are remembered (for one hand at a time,
    keyed by what the player had seen), so each decision carries on from the last."""
    hands = _own_hands(v)
    me, events, history = v.player, v.events, tuple(v.history)
    streams = (me, v.dealer, v.upcard.index, seed, v.scores, v.knock_limit)
    hand = (*streams, n, hands[0])  # the cards it was dealt too
    if hand not in _HAND:
        _HAND.clear()
        _HAND[hand] = {}
    kept = _HAND[hand]
    # the player's decisions: after each of its draws (a stock draw, a take)
    points = [k + 1 for k, e in enumerate(events) if e.player == me
              and (e.action.kind in _TAKES or e.action.kind is ActionKind.DRAW_STOCK)]
    if not points or points[-1] != len(events):
        points.append(len(events))
    draws = [0]
    for e in events:
        draws.append(draws[-1] + (e.player == me and e.action.kind is ActionKind.DRAW_STOCK))
    f = None
    todo = []
    for point in reversed(points):
        f = kept.get((history[:point], v.drawn_cards[:draws[point]]))
        if f is not None:
            break
        todo.append(point)
    for point in reversed(todo):
        cards = universe(me, hands[point], v.upcard.index, events[:point])
        rng = _rng(streams, point)
        f = Filter.deal(n, cards, rng) if f is None else f.copy()
        f.restrict(cards, rng)
        while f.done < point:
            f.done = f.step(events[:point], f.done, me, v.knock_limit, rng)
        kept[(history[:point], v.drawn_cards[:draws[point]])] = f
    assert f is not None
    return f.hands, f.weights


_NOW: dict[str, Any] = {}


@attrs.frozen
class PosteriorExpert(ExpertPlayer):
    """The expert, with the danger of a discard read from :func:`particles`."""

    particles: int = 200

    def decide(self, view: View) -> Any:
        if view.legal_actions and view.phase is Phase.DISCARD:
            hands, weights = particles(view, self.particles, self.seed)
            _NOW["particles"] = (hands, weights, sum(weights))
        try:
            return super().decide(view)
        finally:
            _NOW.pop("particles", None)

    def _danger(self, index: int, mine: int, memory: Any, dead_cards: int, q: float,
                chance: list[float] | None = None, held: list[float] | None = None) -> float:
        now = _NOW.get("particles")
        if now is None or now[2] <= 0:
            return super()._danger(index, mine, memory, dead_cards, q, chance, held)
        hands, weights, total = now
        return sum(w for h, w in zip(hands, weights, strict=True)
                   if w and takes(h, index)) / total


@attrs.frozen
class _Factory:
    """A picklable player factory."""

    particles: int

    @property
    def name(self) -> str:
        """The name the simulation's table shows."""
        return f"posterior-{self.particles}"

    def __call__(self, seed: int = 0) -> PosteriorExpert:
        return PosteriorExpert(seed=seed, particles=self.particles)


def brier(games: int, n: int) -> None:
    """The Brier score of the expert's danger and of the particles' against the truth
    (whether the opponent would take the card), over every card the expert could throw
    at each of its discards, in ``games`` games against ``simple`` from seed 1000."""
    rules = ginrules.rules("eaai")
    expert = ExpertPlayer()
    sums = [0.0, 0.0]
    count = 0
    for g in range(games):
        state = game.new_game(rules, seed=1000 + g)
        players = (ExpertPlayer(seed=g), SimplePlayer(seed=g))
        while not state.is_over:
            hand = state.hand
            if hand.result is not None:
                state = game.apply(state, game.legal_actions(state)[0])
                continue
            v = state.view(hand.turn)
            if hand.turn == 0 and v.phase is Phase.DISCARD:
                truth = hand.masks[1]
                hands, weights = particles(v, n, 0)
                total = sum(weights)
                known = cards_to_mask(v.opponent_known)
                memory = _memory(v, known, True)
                unseen = _ALL & ~v.mask & ~known
                pile = 0
                for c in v.discard_pile:
                    pile |= c.mask
                unseen &= ~pile
                pool = _indices(unseen)
                hidden = max(0, v.opponent_count - known.bit_count())
                q = hidden / len(pool) if pool else 0.0
                held = _held_chances(known, v.mask | pile, q,
                                     expert._chance(expert._stock(v, memory, pool)))
                for c in v.cards:
                    if c == v.taken:
                        continue
                    i = c.index
                    real = 1.0 if takes(truth, i) else 0.0
                    mine = expert._danger(i, v.mask & ~c.mask, memory, pile, q, held=held)
                    read = sum(w for h, w in zip(hands, weights, strict=True)
                               if w and takes(h, i)) / total if total else mine
                    sums[0] += (mine - real) ** 2
                    sums[1] += (read - real) ** 2
                    count += 1
            state = game.apply(state, players[hand.turn].choose(v))
    print(f"{count} cards weighed in {games} games: Brier score of the expert's danger "
          f"{sums[0] / count:.4f}, of {n} particles {sums[1] / count:.4f}")


def check(count: int) -> None:
    """:func:`draw_chances` against :func:`throw_chance` of each eleven-card hand."""
    rng = random.Random(16)
    for _ in range(count):
        cards = rng.sample(range(52), 30)
        hand = sum(1 << i for i in cards[:10])
        card = rng.choice(cards[:10])
        for knocked in (False, True):
            fast = draw_chances(hand, cards[10:], card, knocked, 10)
            slow = [throw_chance(hand | 1 << c, card, -1, knocked, 10) for c in cards[10:]]
            if fast != slow:
                raise SystemExit(f"posterior_danger.py: draw_chances disagrees for the hand "
                                 f"mask {hand:#x}, discard {card}")
        for c in cards[10:]:
            if takes(hand, c) != _makes_meld(hand, CARDS[c]):
                raise SystemExit(f"posterior_danger.py: takes disagrees for the hand mask "
                                 f"{hand:#x}, card {c}")
    # the particles are a function of the view: asked afresh at every decision of a
    # game, they are those of the game played in order
    state = game.new_game(ginrules.rules("eaai"), seed=count)
    players = (ExpertPlayer(seed=count), SimplePlayer(seed=count))
    asked: list[tuple[View, tuple[list[int], list[float]]]] = []
    while not state.is_over and len(asked) < 40:
        now = state.hand
        assert now is not None
        if now.result is not None:
            state = game.apply(state, game.legal_actions(state)[0])
            continue
        v = state.view(now.turn)
        if now.turn == 0 and v.phase is Phase.DISCARD:
            asked.append((v, particles(v, 20, 0)))
        state = game.apply(state, players[now.turn].choose(v))
    for v, got in reversed(asked):
        _HAND.clear()
        if particles(v, 20, 0) != got:
            raise SystemExit("posterior_danger.py: the particles of a view asked afresh "
                             "differ from those of the game played in order")
    print(f"draw_chances agrees with throw_chance, and takes with the simple player's "
          f"test, on {count} hands; the particles of {len(asked)} views asked afresh "
          "are those of the game played in order")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--particles", type=int, default=200)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--brier", type=int, metavar="GAMES",
                        help="the calibration of both dangers over GAMES games instead")
    parser.add_argument("--check", type=int, metavar="HANDS",
                        help="check the draw chances' shortcut on HANDS hands instead")
    args = parser.parse_args()
    counts = (args.particles, args.games, args.workers, args.brier, args.check)
    if any(n is not None and n < 1 for n in counts):
        parser.error("--particles, --games, --workers, --brier and --check must be at "
                     "least 1")
    if args.check is not None:
        check(args.check)
    elif args.brier is not None:
        brier(args.brier, args.particles)
    else:
        print(simulate("eaai", (_Factory(args.particles), "simple"), args.games, args.seed,
                       workers=args.workers))


if __name__ == "__main__":
    run(main, "posterior_danger.py")
