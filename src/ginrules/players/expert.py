"""The expert computer player: the advanced player's heuristics, with its knocks decided
by playing the hand out over deals sampled from the evidence.

>>> import ginrules
>>> from ginrules.players import ExpertPlayer, view
>>> state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
>>> str(ExpertPlayer().choose(view(state, 1)))
'pass'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

import attrs

from ginrules.actions import Action
from ginrules.masks import _deadwood
from ginrules.players._estimates import _ALL, _knock_chains
from ginrules.players.advanced import (
    AdvancedPlayer,
    _apart,
    _Memory,
    _named,
    _pointed,
    _read_weights,
)
from ginrules.players.computer import Hint, KnockEstimate, _at_least, _seed, _stream
from ginrules.players.knock_models import KNOCK_MODELS, _stated, _tilted, undercut_risk
from ginrules.players.lookahead import Table, _deals, _play_out, _points
from ginrules.players.odds import game_chance
from ginrules.players.views import View

__all__ = ["ExpertPlayer"]


@attrs.frozen
class ExpertPlayer(AdvancedPlayer):
    """The expert computer player (stronger than the advanced level; the master's lead
    over it against the EAAI baseline, a point or so, is at the edge of what the games
    measured can see).

    It draws and discards as :class:`~ginrules.players.AdvancedPlayer` does, with its
    own weights, and with ``read_danger`` it prices the danger of a discard (the chance
    it gives the opponent a meld) by the chance each unseen card is in the opponent's
    hand, read from the evidence (the advanced player takes every unseen card alike; off,
    it won slightly fewer games against the EAAI baseline, within the noise). Before a
    knock (not gin) it deals the unseen cards ``playouts`` times (the opponent's hand
    weighted by the evidence of its play, see
    :func:`~ginrules.players.determinize.inference_weights`, improved for up to
    ``improve`` of its stock draws; a hand that could have knocked already counts
    ``knock_evidence`` times, once the opponent has discarded) and plays each deal out
    (:mod:`ginrules.players.lookahead`): it knocks when the knock wins more points on
    average than its discard and playing on, with itself waiting for a knock at
    ``follow_limit`` or less (0: gin) and the opponent knocking as soon as it may.
    ``playouts=0`` knocks as the advanced player does. With ``play_for_game`` (on by
    default: over eight seeds it won 0.41 percentage points more games against the EAAI
    baseline, more on seven of them) and the game scores in the view (:attr:`View.scores
    <ginrules.players.View.scores>`), it prices each playout by the chance of winning the
    game after it (:func:`~ginrules.players.odds.game_chance`) rather than by its points,
    playing on by the better of waiting for gin and knocking as soon as it may, and
    knocks when the knock's chance is at least as high (``knock_margin`` applies to
    points alone, and a view without scores is priced in points). Decides from the view
    alone; deterministic for a given ``seed`` and view.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
    >>> ExpertPlayer(seed=1).choose(view(s, 1)) == ExpertPlayer(seed=1).choose(view(s, 1))
    True
    """

    seed: int = attrs.field(default=0, validator=_seed)
    samples: int = attrs.field(default=16, validator=_at_least(1))
    potential_weight: float = 1.0
    danger_weight: float = 2.0
    gin_wait: float = 2.0
    take_margin: float = 3.0
    knock_at: int = 10
    playouts: int = attrs.field(default=48, validator=_at_least(0))
    follow_limit: int = 0
    knock_evidence: float = 0.25
    knock_margin: float = 0.0
    improve: int = 2
    read_danger: bool = True
    play_for_game: bool = True
    _weighs: ClassVar[bool] = True  # its draws and discards read the weights too
    _weighed: ClassVar[int] = 6  # the discards it weighs (its measured figures weighed six)

    def choose(self, view: View) -> Action:
        """The expert player's action in ``view``.

        >>> import ginrules
        >>> from ginrules.players import view
        >>> s = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
        >>> str(ExpertPlayer().choose(view(s, 1)))
        'pass'
        """
        return self.decide(view).action

    def _knock(self, v: View, knock: tuple[Action, int], memory: _Memory,
               pool: list[int]) -> Hint | str | tuple[str, KnockEstimate] | None:
        action, dead = knock
        if dead > max(0, self.knock_at) and v.stock_size - 1 > v.rules.dead_hand_stock:
            return (f"do not knock with {dead} deadwood: this level knocks with "
                    f"{max(0, self.knock_at)} or less until the stock runs out")
        if dead == 0 or self.playouts <= 0:
            return super()._knock(v, knock, memory, pool)
        return self._weigh_knock(v, action, dead, memory, pool)

    def _weigh_knock(self, v: View, action: Action, dead: int, memory: _Memory,
                     pool: list[int]) -> Hint:
        """Knock, or the discard it would make to play on, whichever wins more points over
        playouts of deals sampled from the evidence (or, playing for the game, whichever
        wins the game more often)."""
        assert action.card is not None
        plan = self._discard(v, memory, pool, self._stock(v, memory, pool))
        kept_card = plan.action.card
        assert kept_card is not None
        table = Table.of(v.rules, v.knock_limit)
        mine = v.mask & ~action.card.mask
        kept = v.mask & ~kept_card.mask
        rng = random.Random(next(_stream(self.seed ^ 0x4B4E, v)))
        plays_on = v.stock_size > table.dead_stock
        limits = (self.follow_limit, v.knock_limit)
        chains = _knock_chains(v, mine, action.card)
        scores = v.scores if self.play_for_game else None
        value = None if scores is None else _game_value(scores[v.player],
                                                        scores[1 - v.player], v.rules.target)
        played = self._opponent_sample(v, memory, pool, rng)
        # the knock, against every hand weighed
        weight = undercut = knock_points = knock_game = 0.0
        priced = [(_points(dead, chains, opp, table), w) for opp, _, w in played]
        if self.opponent is not None:  # the undercut risk of the opponent's model
            share = sum(w for p, w in priced if p < 0) / sum(w for _, w in priced)
            priced = _tilted(priced, undercut_risk(self.opponent, share, dead,
                                                   memory.stock_draws, v.stock_size),
                             dead, table)
        for points, w in priced:
            if points < 0:
                undercut += w
            knock_points += w * points
            if value is not None:
                knock_game += w * value(points)
            weight += w
        # playing on, over the hands played out: waiting for gin (and, playing for the
        # game, the better of that and knocking as soon as it may: near the target a
        # small win may be all it needs)
        on_weight = on_points = on_game = soon_game = 0.0
        for opp, stock, w in played:
            on_weight += w
            if not plays_on:
                if value is not None:
                    on_game += w * value(0)
                    soon_game += w * value(0)
                continue
            waited = _play_out(kept, opp, list(stock) if value is not None else stock,
                               kept_card.index, 1, limits, table)
            on_points += w * waited
            if value is not None:
                on_game += w * value(waited)
                soon_game += w * value(_play_out(kept, opp, stock, kept_card.index, 1,
                                                 (v.knock_limit, v.knock_limit), table))
        estimate = KnockEstimate(
            dead, undercut / weight, knock_points / weight, on_points / on_weight,
            None if value is None else knock_game / weight,
            None if value is None else max(on_game, soon_game) / on_weight,
            len(played), self.opponent or "evidence")
        advised = None
        if self.opponent is not None:  # the points and chances its model states
            model = KNOCK_MODELS[self.opponent]
            estimate = _stated(model, estimate)
            advised = (attrs.evolve(
                estimate,
                undercut_risk=model._advised_risk(estimate.undercut_risk, v.stock_size, dead),
                knock_points=model._advised_points(estimate.knock_points, v.stock_size)),
                attrs.evolve(estimate, play_on_points=model._advised_points(
                    estimate.play_on_points, v.stock_size, "play_on")))
        return self._knock_hint(action, plan, estimate, advised)

    def _knock_hint(self, action: Action, plan: Hint, e: KnockEstimate,
                    advised: tuple[KnockEstimate, KnockEstimate] | None = None) -> Hint:
        """The knock or the discard ``plan``, by the figures ``e``, with its reason.
        ``advised``, when given, holds the figures to state where the knock is advised
        and where playing on is (measured on the moves hints advise): the first's undercut
        risk and points of knocking, the second's points of playing on."""
        if advised is None:
            return self._reasoned(action, plan, e)
        h = self._reasoned(action, plan, e)  # the choice is made on e's figures
        knocks = h.action == action
        told = advised[0] if knocks else advised[1]
        said = self._reasoned(action, plan, told)
        if said.action == h.action:
            return said
        # measured on the moves advised like this one, the other is worth more here:
        # the hint still makes its choice, and says why (only points can cross: the
        # chances of the game are mapped alike, keeping their order)
        k, o = _apart(e.knock_points, e.play_on_points, "")
        tk, to = _apart(told.knock_points, told.play_on_points, "")
        n, dead = e.samples, e.deadwood
        if knocks:
            k, o = _net(k, o)
            return Hint(action, f"knocking with {dead} deadwood: over {n} played-out deals "
                                f"it {_pointed(k)} on average and playing on {o}, so this "
                                f"level knocks; on the knocks it advises like this one, a "
                                f"knock has {_net(tk, tk, 'won')[0]} on average (undercut "
                                f"risk {told.undercut_risk:.0%})", knock=told)
        o, k = _net(o, k)
        return Hint(plan.action, f"play on rather than knock with {dead} deadwood: over {n} "
                                 f"played-out deals playing on {_pointed(o)} on average "
                                 f"and knocking {k}, so this level plays on; where it advises "
                                 f"playing on like this, playing on has {_net(to, to, 'won')[0]} "
                                 f"on average; among the discards, {_named(plan)}", knock=told)

    def _reasoned(self, action: Action, plan: Hint, e: KnockEstimate) -> Hint:
        """The knock or the discard ``plan``, by the figures ``e``, with its reason."""
        n, dead, risk = e.samples, e.deadwood, e.undercut_risk
        if e.knock_wins_game is not None and e.play_on_wins_game is not None:
            ev, on = e.knock_wins_game, e.play_on_wins_game
            a, b = _apart(ev, on, "%")
            if ev >= on:
                return Hint(action, f"knocking with {dead} deadwood wins the game {a} of the "
                                    f"time, playing on {b} (over {n} played-out deals; "
                                    f"undercut risk {risk:.0%}){_tie(ev, on)}", knock=e)
            return Hint(plan.action, f"play on rather than knock with {dead} deadwood: "
                                     f"playing on wins the game {b} of the time, knocking "
                                     f"{a} (over {n} played-out deals); among the discards, "
                                     f"{_named(plan)}", knock=e)
        ev, on = e.knock_points, e.play_on_points
        a, b = _apart(ev, on, "")
        if ev >= on + self.knock_margin:
            a, b = _net(a, b)
            return Hint(action, f"knocking with {dead} deadwood {_pointed(a)} on average, "
                                f"playing on {b} (over {n} played-out deals; undercut risk "
                                f"{risk:.0%}){_tie(ev, on)}", knock=e)
        b, a = _net(b, a)
        return Hint(plan.action, f"play on rather than knock with {dead} deadwood: playing "
                                 f"on {_pointed(b)} on average, knocking {a} (over {n} "
                                 f"played-out deals); among the discards, {_named(plan)}",
                    knock=e)

    def _opponent_sample(self, v: View, memory: _Memory, pool: list[int],
                         rng: random.Random) -> list[tuple[int, list[int], float]]:
        """The ``playouts`` opponent hands a knock is weighed against and played out
        from, each as ``(hand, stock, weight)``, dealt by the evidence (see the class's
        summary)."""
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        tested = memory.discarded != 0  # it has had a chance to knock
        draws = min(memory.stock_draws, self.improve)
        played = []
        for opp, stock in _deals(pool, hidden, memory.known & _ALL, _read_weights(v, memory),
                                self.playouts, rng, draws):
            w = self.knock_evidence if tested and _deadwood(opp) <= v.knock_limit else 1.0
            played.append((opp, stock, w))
        return played

    def _stock(self, v: View, memory: _Memory, pool: list[int]) -> list[float] | None:
        """Per card index, the chance an unseen card is in the stock rather than the
        opponent's hand, by :func:`~ginrules.players.determinize.inference_weights`."""
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        w = _read_weights(v, memory)
        total = sum(w[i] for i in pool)
        if not total:
            return None
        return [max(0.0, 1.0 - min(1.0, hidden * x / total)) for x in w]

    def _chance(self, stock: list[float] | None) -> list[float] | None:
        """Per card index, the chance an unseen card is in the opponent's hand (the rest of
        :meth:`_stock`'s chance), so that the danger of a discard reads the evidence too
        (``read_danger``); ``None`` takes every unseen card alike."""
        if not self.read_danger or stock is None:
            return None
        return [1.0 - s for s in stock]


def _game_value(mine: int, theirs: int, target: int) -> Callable[[int], float]:
    """The chance of winning the game after a hand that scores ``points`` (from this
    player's side: negative when the opponent scores them), by
    :func:`~ginrules.players.odds.game_chance`."""

    def value(points: int) -> float:
        if points >= 0:
            return game_chance(mine + points, theirs, target)
        return game_chance(mine, theirs - points, target)

    return value


def _net(first: str, second: str, tense: str = "wins") -> tuple[str, str]:
    """Two signed figures of points, as :func:`_apart` writes them, as what they win or
    lose; the second without its verb where it is the first's.

    >>> _net("5", "3"), _net("-25", "-35"), _net("-2", "3.5"), _net("-4", "-4", "won")
    (('wins 5', '3'), ('loses 25', '35'), ('loses 2', 'wins 3.5'), ('lost 4', '4'))
    """
    lose = {"wins": "loses", "won": "lost"}[tense]
    (v1, t1), (v2, t2) = ((lose, t[1:]) if t.startswith("-") else (tense, t)
                          for t in (first, second))
    return f"{v1} {t1}", t2 if v2 == v1 else f"{v2} {t2}"


def _tie(knock: float, on: float) -> str:
    """What a knock's reason adds when its figures tie with playing on's."""
    return "; the two are equal, and a knock ends the hand now" if knock == on else ""
