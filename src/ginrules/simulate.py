"""Many games between computer players: win rates with confidence intervals, and rates.

:func:`simulate` plays ``games`` games between two computer players (by name, see
:data:`ginrules.players.PLAYERS`, or your own players through factories) and returns a
:class:`SimulationResult`. Games come in pairs: game ``2k`` and game ``2k + 1`` are played
from the same seed (the same first dealer and decks) with the players' seats swapped,
which is fairer than alternating seats alone and lowers the noise. Each game's seed is
derived from ``seed`` and the game's number, so the totals are the same whatever runs
the games: this process, ``workers`` local processes, or any
:class:`concurrent.futures.Executor` (a Dask cluster's, see :doc:`/howto_cluster`).

>>> from ginrules.simulate import simulate
>>> result = simulate("classic", ("basic", "random"), games=4, seed=1)
>>> result.players[0].wins, result.games, result.unfinished
(4, 4, 0)
>>> result == simulate("classic", ("basic", "random"), games=4, seed=1, workers=2)
True
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor

import attrs

from ginrules._fields import check_fields
from ginrules._splitmix import GOLDEN, check_seed, mix
from ginrules.errors import GinRulesError, WrongTypeError, _type_name, _wrong_type
from ginrules.game import apply, new_game
from ginrules.knocking import EndKind
from ginrules.players import PLAYERS, Player, make_player
from ginrules.records._parallel import check_workers, executor_width, ordered_map
from ginrules.rulesets import RuleSet, closest_preset
from ginrules.rulesets import rules as preset
from ginrules.scoring import score_hand

__all__ = ["PlayerFactory", "PlayerSpec", "PlayerStats", "SimulationResult", "game_seed",
           "simulate", "wilson_interval"]

PlayerFactory = Callable[..., Player]
"""Makes a computer player: called as ``factory(seed=...)`` with the seed of each game
and seat, it returns a :class:`ginrules.players.Player` (``choose(view) -> Action``). A
player class that takes ``seed`` (``BasicPlayer``) is one; so is a function defined at a
module's top level or a :func:`functools.partial` of one. To run on other processes it
must pickle (a lambda or a nested function does not)."""

PlayerSpec = str | PlayerFactory
"""A player of a simulation: a name of :data:`ginrules.players.PLAYERS` or a
:data:`PlayerFactory`."""


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (0-based) of a simulation from ``seed``: the games
    ``2k`` and ``2k + 1`` share one (SplitMix64 of ``seed`` and ``k``).

    >>> game_seed(7, 0) == game_seed(7, 1) != game_seed(7, 2)
    True
    """
    pair = check_seed(number, "number") // 2
    state = check_seed(seed) * 0xD1B54A32D192ED03 + pair * GOLDEN + 1
    return mix(state)


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054, *,
                    design_effect: float = 1.0) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Trials that come in groups whose outcomes go together (the two games of a pair dealt
    alike, the positions of one hand) vary more than independent ones; ``design_effect``
    is how many times more (the variance of the share over the groups against that of
    independent trials), and the interval is Wilson's with the trials counted as
    ``trials / design_effect``.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> low, high = wilson_interval(120, 200, design_effect=2.0)  # as 60 of 100
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    for name, value in (("successes", successes), ("trials", trials)):
        if type(value) is not int:
            raise _wrong_type("wilson_interval", f"a count (an int) as {name}", value)
    for name, number in (("z", z), ("design_effect", design_effect)):
        if not isinstance(number, (int, float)) or isinstance(number, bool):
            raise _wrong_type("wilson_interval", f"a number as {name}", number)
        if not 0 < number < math.inf:
            raise GinRulesError(f"{name} must be a number above 0, not {number!r}")
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise GinRulesError(f"successes are 0 to the {trials} trials, not {successes}")
    p = successes / trials
    n = trials / design_effect
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


# One game's facts, per player position (0 = the first player named, 1 = the second):
# (winner position or None when unfinished, hands, dead hands, points, knocks, gins,
#  big gins, undercuts made), the last five as pairs.
_Tally = tuple[int | None, int, int, tuple[int, int], tuple[int, int], tuple[int, int],
               tuple[int, int], tuple[int, int]]


def _make(spec: PlayerSpec, seed: int) -> Player:
    return make_player(spec, seed=seed) if isinstance(spec, str) else spec(seed=seed)


def _play_one(rules: RuleSet, specs: tuple[PlayerSpec, PlayerSpec], seed: int, number: int,
              max_hands: int | None) -> _Tally:
    g_seed = game_seed(seed, number)
    first_seat = number % 2  # the seat of the first player named
    by_seat = [
        _make(specs[0] if s == first_seat else specs[1], g_seed ^ (s + 1)) for s in (0, 1)
    ]
    game = new_game(rules, seed=g_seed)
    while not game.is_over and (max_hands is None or len(game.finished) < max_hands):
        hand = game.hand
        assert hand is not None
        game = apply(game, by_seat[hand.turn].choose(game.view(hand.turn)))
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


def _play_chunk(rules: RuleSet, specs: tuple[PlayerSpec, PlayerSpec], seed: int, start: int,
                stop: int, max_hands: int | None) -> list[_Tally]:
    return [_play_one(rules, specs, seed, n, max_hands) for n in range(start, stop)]


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

    def __attrs_post_init__(self) -> None:
        check_fields(self)


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

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    def rate(self, count: int) -> float:
        """``count`` per hand played.

        >>> r = simulate("classic", ("basic", "random"), games=2, seed=1)
        >>> r.rate(r.hands) == 1.0
        True
        """
        if not isinstance(count, (int, float)) or isinstance(count, bool):
            raise _wrong_type("SimulationResult.rate", "a count (an int)", count)
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
               names: tuple[str, str], tallies: Iterable[_Tally]) -> SimulationResult:
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


def _name_of(spec: PlayerSpec) -> str:
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str) and name:
        return name
    inner = getattr(spec, "func", spec)  # a functools.partial names its function
    return str(getattr(inner, "__name__", type(spec).__name__))


def _check_player(spec: object, parallel: bool) -> PlayerSpec:
    if isinstance(spec, str):
        if spec not in PLAYERS:
            make_player(spec)  # raises the unknown-player error
        return spec
    if not callable(spec):
        raise WrongTypeError(f"a player is a name ({', '.join(PLAYERS)}) or a factory "
                            f"called as factory(seed=...), not {spec!r}")
    try:
        sample = spec(seed=0)
    except TypeError as error:
        raise GinRulesError(f"the player factory {_name_of(spec)} must take seed=...: "
                            f"{error}") from None
    if not callable(getattr(sample, "choose", None)):
        raise GinRulesError(f"the player factory {_name_of(spec)} made "
                            f"{_type_name(sample)}, which has no choose(view)")
    if parallel:
        try:
            pickle.dumps(spec)
        except Exception as error:
            raise GinRulesError(
                f"the player factory {_name_of(spec)} cannot be sent to other processes "
                f"({type(error).__name__}: {error}); define it at the top level of a "
                "module (a lambda or a nested function does not pickle)") from None
    return spec


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(start + size, games)


def simulate(
    rules: RuleSet | str,
    players: Sequence[PlayerSpec] = ("advanced", "basic"),
    games: int = 100,
    seed: int = 0,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    max_hands: int | None = 500,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games between two computer players and total them.

    A player is a name (``random``, ``basic``, ``advanced``) or a :data:`PlayerFactory`:
    a callable such as your own player class, called as ``factory(seed=...)`` for each
    game and seat (its name in the result is its ``name`` attribute or ``__name__``).

    The games run in this process, or over ``workers`` local processes, or on
    ``executor`` (any :class:`concurrent.futures.Executor`: a process pool, a Dask
    cluster's ``client.get_executor()``); the result is the same whatever runs them. Work
    sent to other processes must pickle: the factories too. ``max_hands`` stops a game
    after that many hands (random players under straight gin never finish one); such
    games count as unfinished and are left out of the win rates. ``progress(done,
    total)`` is called as games finish. Memory does not grow with ``games``: the games
    are sent in batches, a few per worker at a time, and totalled as they come back.

    >>> r = simulate("classic", ("advanced", "random"), games=2, seed=3)
    >>> [p.name for p in r.players], r.players[0].wins
    (['advanced', 'random'], 2)
    >>> from ginrules.players import BasicPlayer
    >>> simulate("classic", (BasicPlayer, "random"), games=2, seed=3).players[0].name
    'BasicPlayer'
    >>> simulate("classic", ("basic",), games=2)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: name two players, like advanced,basic; got 1
    """
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise WrongTypeError(f"players must be two names or factories, like "
                            f"('advanced', 'basic'), not {players!r}")
    given = tuple(players)
    if len(given) != 2:
        raise GinRulesError(f"name two players, like advanced,basic; got {len(given)}")
    check_workers(workers)
    if progress is not None and not callable(progress):
        raise _wrong_type("simulate", "a function progress(done, total), or None", progress)
    if executor is not None and not isinstance(executor, Executor):
        raise WrongTypeError(f"executor must be a concurrent.futures.Executor, not "
                            f"{_type_name(executor)}")
    parallel = executor is not None or workers > 1
    specs = (_check_player(given[0], parallel), _check_player(given[1], parallel))
    names = (_name_of(specs[0]), _name_of(specs[1]))
    the_rules = preset(rules)
    if isinstance(rules, RuleSet):
        closest, differences = closest_preset(rules)
        rules_name = "custom" if differences else closest
    else:
        rules_name = rules
    check_seed(seed)
    for what, value in (("games", games), ("max_hands", max_hands)):
        if (value is not None or what != "max_hands") and (
            not isinstance(value, int) or isinstance(value, bool) or value < 1
        ):
            error = GinRulesError if type(value) is int else WrongTypeError
            raise error(f"{what} must be a positive number, not {value!r}")
    size = 1 if not parallel else max(1, min(50, games // (executor_width(executor,
                                                                          workers) * 8)))
    calls = ((the_rules, specs, seed, start, stop, max_hands)
             for start, stop in _chunks(games, size))

    def tallies() -> Iterator[_Tally]:
        done = 0
        for chunk in ordered_map(_play_chunk, calls, executor=executor, workers=workers):
            yield from chunk
            done += len(chunk)
            if progress is not None:
                progress(done, games)

    return _aggregate(rules_name, seed, games, max_hands, names, tallies())
