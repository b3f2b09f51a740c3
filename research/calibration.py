"""Are the figures a knock hint states true? Stated against observed, per bin.

Run from the dev virtual environment::

    python research/calibration.py                       # 400 games per opponent and rules
    python research/calibration.py --opponents expert --rules eaai --games 100
    python research/calibration.py --fit --seed 100      # fits ginrules.players.knock_models
    python research/calibration.py --save rows.jsonl     # keeps every row; --load reads them
    python research/calibration.py --fit-advised --load rows.jsonl   # the advised figures
    python research/calibration.py --advise --load rows.jsonl   # rows of --fit-advised

Games are played between a hinted player (seat 0: ``ExpertPlayer(opponent=O)``, the move
``ginrules.hint(view, opponent=O)`` gives, played at every turn) and the opponent ``O``
(seat 1), for each opponent of ``--opponents`` and rule set of ``--rules``. Wherever the
hinted player weighs a knock (not gin), its figures are recorded with what came of them:

* the **undercut risk**, against whether a knock there is undercut (the opponent's real
  hand laid off against the knock, as the engine would: a knock is priced whether or not
  the hint said to knock, so the table has a row for hinted knocks alone and one for all);
* the **expected points of knocking**, against the points the knock scores there;
* the **expected points of playing on**, against the points the hand gave where the hint
  said to play on (and was followed);
* the **chance of winning the game** by the move the hint chose, against the games won.

Each table gives per bin of the stated figure the positions, the mean stated, the
observed rate with its Wilson 95% interval (for the chances) or the observed mean with its
standard error (for points), and a Brier score. The positions of one hand share its
outcome (and those of one game the game's), so the intervals and standard errors are
clustered by hand (by game for the game's chance): a bin's design effect divides its
positions. The goal (issue 44): every bin's observed
undercut rate within max(3 points, its 95% interval) of the mean stated, and expected
points within 2 points of the observed mean; a line after each opponent's tables says
whether it is met, and whether every bin of points holds too (a stricter reading).

With ``--fit``, the models' points and game chances are set aside (each states the
samples' own) and the script fits, per opponent and for all together (``any``), the
:class:`~ginrules.players.knock_models.KnockModel` of every knock weighed (the risk on
the share of the evidence's samples, ``ExpertPlayer(opponent=None)``), and prints them
to paste into :mod:`ginrules.players.knock_models`. With ``--fit-advised``, each model's
``advised``, ``advised_knock``, ``advised_play_on`` and ``game_measured`` are set aside
and the script fits them on the moves the hint advised (the figures a knock hint states:
``KnockModel._advised_risk``, ``KnockModel._advised_points`` and ``KnockModel._chance``). Fit and check on different seeds (``--seed``). With ``--advise``, the rows
``--load`` reads, saved by a ``--fit-advised`` run, are tabled as the models' advised
maps state them: one run both fits and checks, on different seeds.

This peeks at the game state (the opponent's real hand), which no player may do: it is a
measurement, not a player. It reads private names of the players package
(``advanced._least_deadwood``, ``_estimates._knock_chains``, ``lookahead._points``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
from _script import run

import ginrules
from ginrules.actions import ActionKind, Phase
from ginrules.masks import _discard_deadwoods
from ginrules.players import ExpertPlayer, knock_models, make_player
from ginrules.players._estimates import _knock_chains
from ginrules.players.advanced import _least_deadwood
from ginrules.players.knock_models import (
    _IDENTITY_GAME,
    _IDENTITY_POINTS,
    _IDENTITY_RISK,
    _KNOTS,
    _RISK_BEND,
    KnockModel,
)
from ginrules.players.lookahead import Table, _points
from ginrules.simulate import wilson_interval

OPPONENTS = ("simple", "advanced", "expert")
BINS = (0.0, 0.005, 0.05, 0.15, 0.30, 0.50, 1.000001)
POINT_BINS = (-math.inf, -10.0, 0.0, 5.0, 10.0, 15.0, 20.0, math.inf)


def _game(task: tuple[str, str, int, bool]) -> list[dict[str, Any]]:
    """The knocks weighed by the hinted player in one game, with what came of them."""
    rules_name, opponent, seed, fit = task
    rules = ginrules.rules(rules_name)
    hinted = ExpertPlayer(seed=seed, opponent=opponent)
    evidence = ExpertPlayer(seed=seed)  # the samples' own figures, for the fit
    other = make_player(opponent, seed=seed + 1)
    game = ginrules.new_game(rules, seed=seed)
    rows: list[dict[str, Any]] = []
    in_hand: list[dict[str, Any]] = []
    hands = len(game.finished)
    while not game.is_over:
        hand = game.hand
        assert hand is not None
        v = game.view(hand.turn)
        if hand.turn == 1:
            game = game.apply(other.choose(v))
        else:
            h = hinted.decide(v)
            if hand.phase is Phase.DISCARD and h.knock is not None:
                row = _row(v, h, hand.masks[1], rules_name, opponent, seed)
                if fit:
                    sampled = evidence.decide(v).knock
                    assert sampled is not None
                    row["share"] = sampled.undercut_risk
                in_hand.append(row)
            game = game.apply(h.action)
        if len(game.finished) != hands:  # the hand is over: what it gave seat 0
            hands = len(game.finished)
            result = game.finished[-1].result
            assert result is not None
            score = ginrules.score_hand(result, rules)
            points = 0 if score.player is None else (
                score.points if score.player == 0 else -score.points)
            for row in in_hand:
                row["hand_points"] = points
            rows += in_hand
            in_hand = []
    for row in rows:
        row["won_game"] = game.winner == 0
    return rows


def _row(v: Any, h: Any, opponent_hand: int, rules_name: str, opponent: str,
         seed: int) -> dict[str, Any]:
    e = h.knock
    knock = _least_deadwood(v, ActionKind.KNOCK, _discard_deadwoods(v.mask))
    assert knock is not None
    action, dead = knock
    chains = _knock_chains(v, v.mask & ~action.card.mask, action.card)
    points = _points(dead, chains, opponent_hand, Table.of(v.rules, v.knock_limit))
    draws = sum(1 for ev in v.events
                if ev.player != v.player and ev.action.kind is ActionKind.DRAW_STOCK)
    knocked = h.action.kind is ActionKind.KNOCK
    chance = e.knock_wins_game if knocked else e.play_on_wins_game
    return {"rules": rules_name, "opponent": opponent, "seed": seed, "knocks": knocked,
            "risk": e.undercut_risk, "knock_points": e.knock_points,
            "on_points": e.play_on_points, "game_chance": chance, "dead": dead,
            "draws": draws, "stock": v.stock_size, "undercut": points < 0,
            "points": points, "knock_game": e.knock_wins_game,
            "on_game": e.play_on_wins_game, "scores": list(v.scores or ())}


def _binned(rows: list[dict[str, Any]], key: str, edges: tuple[float, ...]
            ) -> Iterator[tuple[float, float, list[dict[str, Any]]]]:
    """Each bin of ``edges`` that holds rows, with its rows (by their ``key``)."""
    for lo, hi in itertools.pairwise(edges):
        sel = [r for r in rows if lo <= r[key] < hi]
        if sel:
            yield lo, hi, sel


def _hand(row: dict[str, Any]) -> tuple[Any, ...]:
    """The hand a row was weighed in: its game and the scores then (a hand that scored
    nothing shares the next one's key, which only widens the intervals)."""
    return row["rules"], row["opponent"], row["seed"], tuple(row["scores"])


def _game_of(row: dict[str, Any]) -> tuple[Any, ...]:
    """The game a row was weighed in."""
    return row["rules"], row["opponent"], row["seed"]


def _design_effect(values: list[float], keys: list[Any]) -> float:
    """How many times the variance of the mean of ``values`` is that of as many
    independent values, when the values of one key (one hand, one game) go together: the
    clustered (sandwich) variance over the plain one, at least 1.

    >>> _design_effect([1.0, 0.0, 1.0, 0.0], ["a", "b", "c", "d"])
    1.0
    >>> pairs = [1.0, 1.0, 0.0, 0.0] * 50  # pairs that agree: about twice
    >>> round(_design_effect(pairs, [i // 2 for i in range(200)]), 2)
    2.01
    """
    n = len(values)
    m = sum(values) / n
    plain = sum((x - m) ** 2 for x in values)
    groups: dict[Any, float] = {}
    for x, key in zip(values, keys, strict=True):
        groups[key] = groups.get(key, 0.0) + x - m
    g = len(groups)
    if plain <= 0 or g < 2:
        return 1.0
    clustered = g / (g - 1) * sum(d * d for d in groups.values())
    return max(1.0, clustered / (plain * n / (n - 1)))


def chance_table(rows: list[dict[str, Any]], stated: str, observed: str,
                 title: str, by: Callable[[dict[str, Any]], Any] = _hand) -> bool:
    """Print the stated chance against the observed rate per bin; whether every bin is
    within max(3 points, its Wilson interval) of its mean stated. The rows of one ``by``
    (a hand, or a game for the game's chance) share its outcome: the interval is
    Wilson's with the bin's design effect (:func:`ginrules.simulate.wilson_interval`)."""
    rows = [r for r in rows if r[stated] is not None]
    print(f"{title}: {len(rows)} positions")
    if not rows:
        return True
    print(f"  {'stated':>12s} {'n':>6s} {'mean':>7s} {'observed':>9s} {'95% CI':>15s}  ok")
    ok = True
    for lo, hi, sel in _binned(rows, stated, BINS):
        n = len(sel)
        k = sum(bool(r[observed]) for r in sel)
        mean = sum(r[stated] for r in sel) / n
        effect = _design_effect([float(bool(r[observed])) for r in sel], [by(r) for r in sel])
        low, high = wilson_interval(k, n, design_effect=effect)
        good = low - 0.03 <= mean <= high + 0.03 or abs(k / n - mean) <= 0.03
        ok &= good
        print(f"  {lo:5.1%}-{min(hi, 1):6.1%} {n:6d} {mean:7.1%} {k / n:9.1%} "
              f"{low:7.1%}-{high:6.1%}  {'yes' if good else 'NO'}")
    brier = sum((r[stated] - bool(r[observed])) ** 2 for r in rows) / len(rows)
    print(f"  Brier score {brier:.4f}")
    return ok


def points_table(rows: list[dict[str, Any]], stated: str, observed: str,
                 title: str, edges: tuple[float, ...] = POINT_BINS,
                 by: Callable[[dict[str, Any]], Any] = _hand) -> bool:
    """Print the stated expected points against the observed mean per bin of ``edges``;
    whether every bin's mean is within 2 points (or two standard errors) of the mean
    stated. The positions of one hand (one ``by``) share its outcome, so a bin's
    standard error is clustered by hand (the sandwich estimator); a bin of fewer than 30
    hands takes the standard deviation and the design effect of the whole table (its own
    say little: two equal points have none)."""
    print(f"{title}: {len(rows)} positions")
    if not rows:
        return True
    print(f"  {'stated':>14s} {'n':>6s} {'mean':>7s} {'observed':>9s} {'s.e.':>6s}  ok")
    ok = True
    everything = [float(r[observed]) for r in rows]
    m_all = sum(everything) / len(everything)
    sd_all = math.sqrt(sum((x - m_all) ** 2 for x in everything) / max(1, len(rows) - 1))
    effect_all = _design_effect(everything, [by(r) for r in rows])
    for lo, hi, sel in _binned(rows, stated, edges):
        n = len(sel)
        mean = sum(r[stated] for r in sel) / n
        seen = [float(r[observed]) for r in sel]
        m = sum(seen) / n
        hands = [by(r) for r in sel]
        if len(set(hands)) >= 30:  # the bin's own spread and clustering
            sd = math.sqrt(sum((x - m) ** 2 for x in seen) / max(1, n - 1))
            se = sd * math.sqrt(_design_effect(seen, hands) / n)
        else:  # too few hands to say: the table's
            se = sd_all * math.sqrt(effect_all / n)
        good = abs(m - mean) <= max(2.0, 2 * se)
        ok &= good
        print(f"  {lo:6.0f}-{hi:<6.0f} {n:6d} {mean:7.1f} {m:9.1f} {se:6.1f}  "
              f"{'yes' if good else 'NO'}")
    overall = sum(r[observed] for r in rows) / len(rows)
    stated_mean = sum(r[stated] for r in rows) / len(rows)
    print(f"  all: stated {stated_mean:.1f}, observed {overall:.1f}")
    return ok


def _logistic(xs: list[tuple[float, ...]], ys: list[float]) -> tuple[float, ...]:
    """The coefficients of a logistic regression of ``ys`` on ``xs`` (Newton's method)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(30):
        grad = [0.0] * k
        hess = [[1e-6 * (i == j) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-700.0, min(700.0, z))))
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return tuple(w)


def _line(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """``(a, b)`` of the least-squares line ``y = a + b x``."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    return my - b * mx, b


def _logit(p: float) -> float:
    p = min(0.995, max(0.005, p))
    return math.log(p / (1 - p))


def fit(rows: list[dict[str, Any]]) -> str:
    """The :class:`~ginrules.players.knock_models.KnockModel` of ``rows``, as Python
    text: the undercut risk by a logistic regression on the evidence's share and the
    hand's facts; the points of knocking (every knock weighed, priced against the real
    hand) and of playing on (where the hint said so: the hand's points) by least
    squares on the samples' figures; the game chance of the move chosen by a logistic
    regression on the logit of the samples' (the game not decided)."""
    risk = _logistic([(1.0, _logit(r["share"]), r["dead"] / 10, r["draws"] / 10,
                       r["stock"] / 30) for r in rows],
                     [1.0 if r["undercut"] else 0.0 for r in rows])
    knock = _line([r["knock_points"] for r in rows], [r["points"] for r in rows])
    on_rows = [r for r in rows if not r["knocks"]]
    on = _line([r["on_points"] for r in on_rows], [r["hand_points"] for r in on_rows])
    games = [r for r in rows if r["game_chance"] is not None and 0 < r["game_chance"] < 1]
    game = _logistic([(1.0, _logit(r["game_chance"])) for r in games],
                     [1.0 if r["won_game"] else 0.0 for r in games])

    def fixed(values: tuple[float, ...]) -> str:
        return "(" + ", ".join(f"{v:.4f}" for v in values) + ")"

    return (f"KnockModel({fixed(risk)}, knock={fixed(knock)}, play_on={fixed(on)}, "
            f"game={fixed(game)})")


def fit_advised(rows: list[dict[str, Any]]) -> str:
    """The coefficients a :class:`~ginrules.players.knock_models.KnockModel` states its
    figures by where the hint advises a move, from ``rows`` played with none of them (the
    identity): ``advised``, a logistic regression of an undercut on the logit of the
    model's risk (bent where the risk is 12%), the stock and the knock's deadwood, over
    the knocks the hint advised; ``advised_knock``
    and ``advised_play_on``, the least-squares broken lines of the points the knock scored
    (where advised) and the hand gave (where playing on was) on the model's points, bent
    at the knots of :meth:`~ginrules.players.knock_models.KnockModel._advised_points`,
    and the stock; ``game_measured``, a logistic regression of the game won on the
    logit of the chance stated for the move advised, bent as
    :meth:`~ginrules.players.knock_models.KnockModel._chance` says."""
    knocks = [r for r in rows if r["knocks"]]
    on = [r for r in rows if not r["knocks"]]
    risk = _logistic([(1.0, z, r["stock"] / 30, r["dead"] / 10, max(0.0, z - _RISK_BEND))
                      for z, r in ((_logit(r["risk"]), r) for r in knocks)],
                     [1.0 if r["undercut"] else 0.0 for r in knocks])

    def bent(points: float, stock: int) -> tuple[float, ...]:
        return (1.0, points, *(max(0.0, points - k) for k in _KNOTS), stock / 30)

    knock = _least_squares([bent(r["knock_points"], r["stock"]) for r in knocks],
                           [r["points"] for r in knocks])
    play_on = _least_squares([bent(r["on_points"], r["stock"]) for r in on],
                             [r["hand_points"] for r in on])
    games = [r for r in rows if r["game_chance"] is not None and 0 < r["game_chance"] < 1]
    game = _logistic([(1.0, z, max(0.0, z + 1), max(0.0, z), max(0.0, z - 1))
                      for z in (_logit(r["game_chance"]) for r in games)],
                     [1.0 if r["won_game"] else 0.0 for r in games])

    def fixed(values: Iterable[float]) -> str:
        return "(" + ", ".join(f"{v:.4f}" for v in values) + ")"

    return (f"advised={fixed(risk)}, advised_knock={fixed(knock)}, "
            f"advised_play_on={fixed(play_on)}, game_measured={fixed(game)}")


def advised(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` played with none of the advised figures (as ``--fit-advised`` plays), with
    the figures each opponent's model states by its advised maps in their place: the
    risk and points of knocking where the hint advised the knock, the points of playing
    on where it advised that, and the chance of the game by ``game_measured``."""
    out = []
    for r in rows:
        model = knock_models.KNOCK_MODELS[r["opponent"]]
        s = dict(r)
        if r["knocks"]:
            s["risk"] = model._advised_risk(r["risk"], r["stock"], r["dead"])
            s["knock_points"] = model._advised_points(r["knock_points"], r["stock"])
        else:
            s["on_points"] = model._advised_points(r["on_points"], r["stock"], "play_on")
        if r["game_chance"] is not None:  # the row's chance is the model's line's
            s["game_chance"] = attrs.evolve(model, game=(0.0, 1.0))._chance(r["game_chance"])
        out.append(s)
    return out


def goal(hinted: list[dict[str, Any]], on: list[dict[str, Any]], risk: bool,
         binned: bool) -> str:
    """Whether the rows meet issue 44's goal, in one line: at least 2000 hinted knocks,
    every bin of their undercut risk holding (``risk``, from :func:`chance_table`), and
    the points of knocking and of playing on each within 2 points of the observed mean;
    and whether every bin of points holds too (``binned``, from :func:`points_table`).

    >>> knock = {"knock_points": 10.0, "points": 11.5}
    >>> goal([knock] * 2000, [{"on_points": 3.0, "hand_points": 1.5}], True, False)
    'goal (issue 44): met (2000 hinted knocks; every bin of the risk holds; points of knocking 10.0 stated, 11.5 observed; of playing on 3.0 and 1.5); every bin of points holds: no'
    >>> goal([knock] * 2000, [{"on_points": 3.0, "hand_points": 0.5}], True, True)[:25]
    'goal (issue 44): not met '
    """
    def means(rows: list[dict[str, Any]], stated: str, observed: str) -> tuple[float, float]:
        n = max(1, len(rows))
        return sum(r[stated] for r in rows) / n, sum(r[observed] for r in rows) / n

    k_stated, k_seen = means(hinted, "knock_points", "points")
    o_stated, o_seen = means(on, "on_points", "hand_points")
    met = (len(hinted) >= 2000 and risk and abs(k_stated - k_seen) <= 2
           and abs(o_stated - o_seen) <= 2)
    return (f"goal (issue 44): {'met' if met else 'not met'} ({len(hinted)} hinted knocks; "
            f"{'every bin of the risk holds' if risk else 'a bin of the risk misses'}; "
            f"points of knocking {k_stated:.1f} stated, {k_seen:.1f} observed; of playing "
            f"on {o_stated:.1f} and {o_seen:.1f}); every bin of points holds: "
            f"{'yes' if binned else 'no'}")


def _least_squares(xs: list[tuple[float, ...]], ys: list[float]) -> list[float]:
    """The coefficients of the least-squares fit of ``ys`` on ``xs`` (normal equations)."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + 1e-9 * (i == j) for j in range(k)]
         for i in range(k)]
    return _solve(a, [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)])


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def collect(tasks: Iterable[Any], workers: int,
            play: Callable[[Any], list[dict[str, Any]]] = _game) -> list[dict[str, Any]]:
    """The rows ``play`` gives for each task, in order, over ``workers`` processes."""
    tasks = list(tasks)
    if workers <= 1:
        return [row for task in tasks for row in play(task)]
    with ProcessPoolExecutor(workers) as pool:
        return [row for rows in pool.map(play, tasks, chunksize=4) for row in rows]


def arguments(parser: argparse.ArgumentParser, games: int) -> None:
    """The options of the games played: opponents, rules, games, seed and workers."""
    parser.add_argument("--opponents", default=",".join(OPPONENTS),
                        help="opponents, comma-separated (default: simple,advanced,expert)")
    parser.add_argument("--rules", default="classic,eaai",
                        help="rule sets, comma-separated (default: classic,eaai)")
    parser.add_argument("--games", type=int, default=games,
                        help=f"games per opponent and rule set (default: {games})")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments(parser, 400)
    parser.add_argument("--save", metavar="FILE",
                        help="also write every row (one knock weighed) to FILE, JSON lines")
    parser.add_argument("--load", metavar="FILE",
                        help="read the rows of an earlier --save instead of playing")
    parser.add_argument("--fit-advised", action="store_true",
                        help="fit the risk and points stated where the hint advises a "
                             "knock instead (the models' advised figures set aside)")
    parser.add_argument("--advise", action="store_true",
                        help="with --load: the rows of a --fit-advised run, mapped by the "
                             "models' advised figures before they are tabled")
    parser.add_argument("--fit", action="store_true",
                        help="fit the knock models instead (the hinted player reads the "
                             "evidence)")
    args = parser.parse_args()
    opponents = args.opponents.split(",")
    rules = args.rules.split(",")
    if args.fit:  # the figures of the samples, each model's risk its own
        for name, model in knock_models._MODELS.items():
            knock_models._MODELS[name] = KnockModel(model.risk)
    elif args.fit_advised:
        for name, model in knock_models._MODELS.items():
            knock_models._MODELS[name] = attrs.evolve(
                model, advised=_IDENTITY_RISK, advised_knock=_IDENTITY_POINTS,
                advised_play_on=_IDENTITY_POINTS, game_measured=_IDENTITY_GAME)
    loaded = None
    if args.load:
        with open(args.load, encoding="utf-8") as f:
            loaded = [json.loads(line) for line in f]
    start = time.perf_counter()
    all_rows: list[dict[str, Any]] = []
    for opponent in opponents:
        if loaded is not None:
            rows = [r for r in loaded if r["opponent"] == opponent and r["rules"] in rules]
            if args.advise:
                rows = advised(rows)
        else:
            tasks = [(r, opponent, args.seed + g, args.fit) for r in rules
                     for g in range(args.games)]
            rows = collect(tasks, args.workers)
        if args.save:
            with open(args.save, "a", encoding="utf-8") as out:
                out.writelines(json.dumps(r) + "\n" for r in rows)
        all_rows += rows
        games = f"the rows of {args.load}" if loaded is not None else (
            f"{args.games} games each, seeds {args.seed}-{args.seed + args.games - 1}")
        print(f"== against {opponent} ({', '.join(rules)} rules, {games}; "
              f"{time.perf_counter() - start:.0f} s so far)")
        if args.fit_advised:
            print(f"    {opponent!r}: {fit_advised(rows)},"
                  f"  # {sum(r['knocks'] for r in rows)} knocks advised", flush=True)
            continue
        if args.fit:
            print(f"    {opponent!r}: {fit(rows)},"
                  f"  # {len(rows)} knocks, {sum(r['undercut'] for r in rows)} undercut",
                  flush=True)
            continue
        hinted = [r for r in rows if r["knocks"]]
        on = [r for r in rows if not r["knocks"]]
        risk = chance_table(hinted, "risk", "undercut", "undercut risk, hinted knocks")
        chance_table(rows, "risk", "undercut", "undercut risk, every knock weighed")
        binned = points_table(hinted, "knock_points", "points",
                              "points of knocking, hinted knocks")
        binned &= points_table(on, "on_points", "hand_points",
                               "points of playing on, where hinted")
        chance_table(rows, "game_chance", "won_game", "chance to win the game", by=_game_of)
        print(goal(hinted, on, risk, binned))
        print()
    if args.fit and len(opponents) > 1:
        print(f"    'any': {fit(all_rows)},  # {len(all_rows)} knocks")


if __name__ == "__main__":
    run(main, "calibration.py")
