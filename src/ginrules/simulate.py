"""Many games between computer players: win rates with confidence intervals, and rates.

:func:`simulate` plays ``games`` games between two computer players (by name, see
:data:`ginrules.players.PLAYERS`) and returns a :class:`SimulationResult`. Games come in
pairs: game ``2k`` and game ``2k + 1`` are played from the same seed (the same first
dealer and decks) with the players' seats swapped, which is fairer than alternating seats
alone and lowers the noise. Each game's seed is derived from ``seed`` and the game's
number, so the totals are the same whatever the number of worker processes.

>>> from ginrules.simulate import simulate
>>> result = simulate("classic", ("basic", "random"), games=4, seed=1)
>>> result.players[0].wins, result.games, result.unfinished
(4, 4, 0)
>>> result == simulate("classic", ("basic", "random"), games=4, seed=1, workers=2)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

import attrs

from ginrules._splitmix import GOLDEN, check_seed, mix
from ginrules.errors import GinRulesError
from ginrules.game import apply, new_game
from ginrules.knock import EndKind
from ginrules.players import PLAYERS, make_player, view
from ginrules.rulesets import RuleSet, closest_preset
from ginrules.rulesets import rules as preset
from ginrules.scoring import score_hand

__all__ = ["PlayerStats", "SimulationResult", "game_seed", "simulate", "wilson_interval"]


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (0-based) of a simulation from ``seed``: the games
    ``2k`` and ``2k + 1`` share one (SplitMix64 of ``seed`` and ``k``).

    >>> game_seed(7, 0) == game_seed(7, 1) != game_seed(7, 2)
    True
    """
    state = check_seed(seed) * 0xD1B54A32D192ED03 + (number // 2) * GOLDEN + 1
    return mix(state)


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054
                    ) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


# One game's facts, per player position (0 = the first player named, 1 = the second):
# (winner position or None when unfinished, hands, dead hands, points, knocks, gins,
#  big gins, undercuts made), the last five as pairs.
_Tally = tuple[int | None, int, int, tuple[int, int], tuple[int, int], tuple[int, int],
               tuple[int, int], tuple[int, int]]


def _play_one(rules: RuleSet, names: tuple[str, str], seed: int, number: int,
              max_hands: int | None) -> _Tally:
    g_seed = game_seed(seed, number)
    first_seat = number % 2  # the seat of the first player named
    by_seat = [
        make_player(names[0] if s == first_seat else names[1], seed=g_seed ^ (s + 1))
        for s in (0, 1)
    ]
    game = new_game(rules, seed=g_seed)
    while not game.is_over and (max_hands is None or len(game.finished) < max_hands):
        hand = game.hand
        assert hand is not None
        game = apply(game, by_seat[hand.turn].choose(view(hand, hand.turn)))
    points, knocks, gins, big, under = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
    dead = 0
    for finished in game.finished:
        result = finished.result
        assert result is not None
        if result.kind is EndKind.DEAD or result.knocker is None:
            dead += 1
            continue
        knocker = 0 if result.knocker == first_seat else 1
        {EndKind.KNOCK: knocks, EndKind.GIN: gins, EndKind.BIG_GIN: big}[result.kind][
            knocker] += 1
        score = score_hand(result, rules)
        if score.player is not None:
            position = 0 if score.player == first_seat else 1
            points[position] += score.points
            if score.undercut:
                under[position] += 1
    winner = None if game.winner is None else (0 if game.winner == first_seat else 1)
    return (winner, len(game.finished), dead, (points[0], points[1]), (knocks[0], knocks[1]),
            (gins[0], gins[1]), (big[0], big[1]), (under[0], under[1]))


def _play_chunk(rules: RuleSet, names: tuple[str, str], seed: int, start: int, stop: int,
                max_hands: int | None) -> list[_Tally]:
    return [_play_one(rules, names, seed, n, max_hands) for n in range(start, stop)]


@attrs.frozen
class PlayerStats:
    """One player's totals over a simulation.

    ``win_rate`` is the share of the finished games the player won, with its Wilson 95%
    interval ``ci``; ``points`` are the hand points it scored (before line, game and
    shutout bonuses). The counts are of hands: knocks (that were not gin), gins, big gins,
    and undercuts it made (as the defender).

    >>> stats = simulate("classic", ("basic", "random"), games=2, seed=1).players[0]
    >>> stats.name, stats.wins, stats.win_rate, stats.points, stats.knocks
    ('basic', 2, 1.0, 243, 5)
    """

    name: str
    wins: int
    win_rate: float
    ci: tuple[float, float]
    points: int
    points_per_hand: float
    knocks: int
    gins: int
    big_gins: int
    undercuts: int


@attrs.frozen
class SimulationResult:
    """What :func:`simulate` measured. Rates are per hand played.

    ``unfinished`` counts the games stopped by ``max_hands`` (won by nobody).

    >>> r = simulate("classic", ("basic", "random"), games=2, seed=1)
    >>> r.games, r.hands, r.unfinished, r.rules
    (2, 5, 0, 'classic')
    """

    rules: str
    seed: int
    games: int
    max_hands: int | None
    hands: int
    dead_hands: int
    unfinished: int
    players: tuple[PlayerStats, PlayerStats]

    def rate(self, count: int) -> float:
        """``count`` per hand played.

        >>> r = simulate("classic", ("basic", "random"), games=2, seed=1)
        >>> r.rate(r.hands) == 1.0
        True
        """
        return count / self.hands if self.hands else 0.0

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every number, with the rates per hand.

        >>> from ginrules.simulate import simulate
        >>> sorted(simulate("classic", ("basic", "basic"), games=2).to_dict())
        ['dead_hand_rate', 'dead_hands', 'games', 'hands', 'max_hands', 'players', 'rules', 'seed', 'unfinished']
        """
        return {
            "rules": self.rules,
            "seed": self.seed,
            "games": self.games,
            "max_hands": self.max_hands,
            "hands": self.hands,
            "unfinished": self.unfinished,
            "dead_hands": self.dead_hands,
            "dead_hand_rate": self.rate(self.dead_hands),
            "players": [
                {
                    "name": p.name,
                    "wins": p.wins,
                    "win_rate": p.win_rate,
                    "ci95": list(p.ci),
                    "points": p.points,
                    "points_per_hand": p.points_per_hand,
                    "knocks": p.knocks,
                    "gins": p.gins,
                    "big_gins": p.big_gins,
                    "undercuts": p.undercuts,
                    "knock_rate": self.rate(p.knocks),
                    "gin_rate": self.rate(p.gins),
                    "big_gin_rate": self.rate(p.big_gins),
                    "undercut_rate": self.rate(p.undercuts),
                }
                for p in self.players
            ],
        }

    def __str__(self) -> str:
        finished = self.games - self.unfinished
        lines = [
            f"{self.games} games ({finished} finished), {self.rules} rules, seed {self.seed}; "
            f"{self.hands} hands, {self.rate(self.dead_hands):.1%} dead",
            "",
            f"{'player':10s} {'wins':>6s} {'win rate':>9s} {'95% CI':>15s} {'pts/hand':>9s}"
            f" {'knock':>7s} {'gin':>7s} {'big gin':>7s} {'undercut':>8s}",
        ]
        for p in self.players:
            ci = f"{p.ci[0]:.1%}-{p.ci[1]:.1%}"
            lines.append(
                f"{p.name:10s} {p.wins:6d} {p.win_rate:9.1%} {ci:>15s} {p.points_per_hand:9.2f}"
                f" {self.rate(p.knocks):7.1%} {self.rate(p.gins):7.1%}"
                f" {self.rate(p.big_gins):7.1%} {self.rate(p.undercuts):8.1%}"
            )
        return "\n".join(lines)


def _aggregate(rules_name: str, seed: int, games: int, max_hands: int | None,
               names: tuple[str, str], tallies: Sequence[_Tally]) -> SimulationResult:
    wins = [0, 0]
    hands = dead = unfinished = 0
    sums = [[0, 0] for _ in range(5)]
    for winner, n_hands, n_dead, *pairs in tallies:
        if winner is None:
            unfinished += 1
        else:
            wins[winner] += 1
        hands += n_hands
        dead += n_dead
        for total, pair in zip(sums, pairs, strict=True):
            total[0] += pair[0]
            total[1] += pair[1]
    finished = wins[0] + wins[1]
    stats = tuple(
        PlayerStats(
            name=names[p],
            wins=wins[p],
            win_rate=wins[p] / finished if finished else 0.0,
            ci=wilson_interval(wins[p], finished),
            points=sums[0][p],
            points_per_hand=sums[0][p] / hands if hands else 0.0,
            knocks=sums[1][p],
            gins=sums[2][p],
            big_gins=sums[3][p],
            undercuts=sums[4][p],
        )
        for p in (0, 1)
    )
    return SimulationResult(rules_name, seed, games, max_hands, hands, dead, unfinished,
                            (stats[0], stats[1]))


def simulate(
    rules: RuleSet | str,
    players: Sequence[str] = ("advanced", "basic"),
    games: int = 100,
    seed: int = 0,
    *,
    workers: int = 1,
    max_hands: int | None = 500,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games between two computer players named in ``players`` and total
    them.

    ``workers`` > 1 spreads the games over that many processes; the result is the same
    for any number of workers. ``max_hands`` stops a game after that many hands (random
    players under straight gin never finish one); such games count as unfinished and are
    left out of the win rates. ``progress(done, total)`` is called as games finish.

    >>> r = simulate("classic", ("advanced", "random"), games=2, seed=3)
    >>> [p.name for p in r.players], r.players[0].wins
    (['advanced', 'random'], 2)
    >>> simulate("classic", ("basic",), games=2)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: name two players, like advanced,basic; got 1
    """
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise GinRulesError(f"players must be two names, like ('advanced', 'basic'), "
                            f"not {players!r}")
    names = tuple(players)
    if len(names) != 2:
        raise GinRulesError(f"name two players, like advanced,basic; got {len(names)}")
    for name in names:
        if name not in PLAYERS:
            make_player(name)  # raises the unknown-player error
    pair = (names[0], names[1])
    the_rules = preset(rules)
    if isinstance(rules, RuleSet):
        closest, differences = closest_preset(rules)
        rules_name = "custom" if differences else closest
    else:
        rules_name = rules
    check_seed(seed)
    for what, value in (("games", games), ("workers", workers), ("max_hands", max_hands)):
        if (value is not None or what != "max_hands") and (
            not isinstance(value, int) or isinstance(value, bool) or value < 1
        ):
            raise GinRulesError(f"{what} must be a positive number, not {value!r}")
    tallies: list[_Tally] = []
    if workers == 1:
        for number in range(games):
            tallies.append(_play_one(the_rules, pair, seed, number, max_hands))
            if progress is not None:
                progress(number + 1, games)
    else:
        size = max(1, min(50, games // (workers * 8)))
        chunks = [(start, min(start + size, games)) for start in range(0, games, size)]
        results: dict[int, list[_Tally]] = {}
        done = 0
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(_play_chunk, the_rules, pair, seed, start, stop, max_hands): start
                for start, stop in chunks
            }
            for future in as_completed(futures):
                chunk = future.result()
                results[futures[future]] = chunk
                done += len(chunk)
                if progress is not None:
                    progress(done, games)
        for start, _ in chunks:
            tallies.extend(results[start])
    return _aggregate(rules_name, seed, games, max_hands, pair, tallies)
