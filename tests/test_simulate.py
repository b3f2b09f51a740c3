"""``ginrules.simulate`` and the ``ginrules simulate`` command."""

from __future__ import annotations

import json
import math
from typing import ClassVar

import pytest

import ginrules
from ginrules.actions import Action
from ginrules.cli import main
from ginrules.errors import GinRulesError
from ginrules.players import BasicPlayer, View
from ginrules.simulate import game_seed, simulate, wilson_interval


def test_totals_do_not_depend_on_the_number_of_workers() -> None:
    one = simulate("classic", ("basic", "random"), games=6, seed=5, workers=1)
    two = simulate("classic", ("basic", "random"), games=6, seed=5, workers=2)
    assert one == two
    assert one.to_dict() == two.to_dict()


class _Seated:
    """A basic player (deterministic: it uses no randomness) that writes down, the first
    time it moves, the seat it sits in, the game's first dealer and the ten cards it was
    dealt. Every instance ever made is kept, in the order simulate made them."""

    name = "?"
    made: ClassVar[list[_Seated]] = []

    def __init__(self, seed: int) -> None:
        self.inner = BasicPlayer()
        self.seat: int | None = None
        self.dealer: int | None = None
        self.dealt: tuple[ginrules.Card, ...] = ()
        _Seated.made.append(self)

    def choose(self, view: View) -> Action:
        if self.seat is None:  # the first move of the first hand: the dealt cards
            self.seat, self.dealer, self.dealt = view.player, view.dealer, view.cards
        return self.inner.choose(view)


class North(_Seated):
    name = "north"


class South(_Seated):
    name = "south"


def test_games_come_in_pairs_with_seats_swapped() -> None:
    """Game 2k seats the first player named in seat 0, game 2k + 1 in seat 1, and both
    games of a pair are dealt from the same seed: the same first dealer and the same ten
    cards in each seat."""
    assert game_seed(3, 0) == game_seed(3, 1) != game_seed(3, 2) == game_seed(3, 3)
    _Seated.made.clear()
    result = simulate("classic", (North, South), games=4, seed=4)
    # simulate may make a player to check the factory (it never moves): keep the ones
    # that played, in the order they were made (game by game, seat 0 first)
    sat = [p for p in _Seated.made if p.seat is not None]
    assert [(p.name, p.seat) for p in sat] == [
        ("north", 0), ("south", 1),  # game 0
        ("south", 0), ("north", 1),  # game 1: the same deal, seats swapped
        ("north", 0), ("south", 1),  # game 2
        ("south", 0), ("north", 1),  # game 3
    ]
    for pair in (sat[0:4], sat[4:8]):
        # one first dealer for the four entries of a pair, and each seat dealt the same
        # cards in both games, whoever sat there
        assert len({p.dealer for p in pair}) == 1
        assert pair[0].dealt == pair[2].dealt and pair[1].dealt == pair[3].dealt
        assert pair[0].dealt != pair[1].dealt
    assert sat[0].dealt != sat[4].dealt  # the next pair is a new deal
    # the two games of a pair are the same game (the same deterministic player in both
    # seats): the same seat wins both, so each named player wins one game of each pair
    # (without the swap one of them would win both)
    assert [p.wins for p in result.players] == [2, 2]


def test_result_counts_add_up() -> None:
    r = simulate("classic", ("advanced", "basic"), games=4, seed=2)
    a, b = r.players
    assert a.wins + b.wins + r.unfinished == r.games == 4
    scored = a.knocks + b.knocks + a.gins + b.gins + a.big_gins + b.big_gins
    assert scored + r.dead_hands == r.hands
    assert a.ci[0] <= a.win_rate <= a.ci[1]
    assert a.points_per_hand == pytest.approx(a.points / r.hands)


def test_max_hands_stops_endless_games() -> None:
    r = simulate("straight", ("random", "random"), games=2, seed=1, max_hands=3)
    assert r.unfinished == 2 and r.hands == 6 and r.dead_hands == 6
    assert r.players[0].win_rate == 0.0 and r.players[0].ci == (0.0, 1.0)


def test_simulate_accepts_a_rule_set() -> None:
    r = simulate(ginrules.rules("short"), ("basic", "random"), games=2)
    assert r.rules == "short"
    assert simulate(ginrules.rules("short", target=40), ("basic", "random"), 2).rules == "custom"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ("basic",)}, "name two players"),
        ({"players": ("basic", "grandmaster")}, "unknown player 'grandmaster'"),
        ({"games": 0}, "games must be"),
        ({"workers": 0}, "workers must be"),
        ({"max_hands": 0}, "max_hands must be"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"rules": "classic", "players": ("basic", "random"), "games": 2}
    args.update(kwargs)
    with pytest.raises(GinRulesError, match=message):
        simulate(**args)  # type: ignore[arg-type]


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(10, 10)[1] == 1.0
    # no success is a low bound of exactly 0, all successes a high bound of exactly 1,
    # whatever rounding (the formula leaves 5.6e-17 for 0 of 3)
    for trials in range(1, 101):
        assert wilson_interval(0, trials)[0] == 0.0
        assert wilson_interval(trials, trials)[1] == 1.0


@pytest.mark.parametrize("successes", [-1, 11])
def test_the_wilson_interval_refuses_successes_outside_the_trials(successes: int) -> None:
    """0 and all 10 of 10 are counts; one fewer or one more is refused, not an interval
    outside 0..1 or a math error."""
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    with pytest.raises(GinRulesError, match=f"successes are 0 to the 10 trials, not "
                                            f"{successes}"):
        wilson_interval(successes, 10)


@pytest.mark.parametrize("z", [0, 0.0, -1.96])
def test_the_wilson_interval_refuses_a_z_not_above_zero(z: float) -> None:
    with pytest.raises(GinRulesError, match=f"z must be a number above 0, not {z!r}"):
        wilson_interval(5, 10, z=z)


@pytest.mark.parametrize(("name", "value"), [("z", math.inf), ("z", math.nan),
                                             ("design_effect", 0.0), ("design_effect", -1),
                                             ("design_effect", math.inf),
                                             ("design_effect", math.nan)])
def test_the_wilson_interval_refuses_a_number_not_above_zero_or_not_finite(
        name: str, value: float) -> None:
    with pytest.raises(GinRulesError, match=f"{name} must be a number above 0, not "):
        wilson_interval(5, 10, **{name: value})


@pytest.mark.parametrize("effect", [0.5, 1.0, 2.0, 2.5])
def test_the_design_effect_counts_the_trials_as_fewer(effect: float) -> None:
    # 60 of 100 with a design effect is 60% of 100 / effect independent trials: the same
    # formula, so 120 of 200 with an effect of 2 is the interval of 60 of 100 exactly
    z = 1.959963984540054
    n, p = 100 / effect, 0.6
    d = 1 + z * z / n
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    centre = (p + z * z / (2 * n)) / d
    assert wilson_interval(60, 100, design_effect=effect) == pytest.approx(
        (centre - half, centre + half))
    assert wilson_interval(120, 200, design_effect=2.0) == pytest.approx(
        wilson_interval(60, 100))
    assert wilson_interval(0, 100, design_effect=effect)[0] == 0.0


@pytest.mark.parametrize("z", [1e-9, 0.5, 1, 1.0, 1.96])
def test_the_wilson_interval_takes_any_z_above_zero(z: float) -> None:
    """Any z above 0 is an interval about the share, narrower for a smaller z."""
    low, high = wilson_interval(5, 10, z=z)
    assert 0.0 < low < 0.5 < high < 1.0
    wider = wilson_interval(5, 10, z=z * 2)
    assert wider[0] < low and high < wider[1]


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "4", "--players", "basic,random", "--seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""  # no progress bar: stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("4 games (4 finished), classic rules, seed 3; ")
    assert lines[2].split() == ["player", "wins", "win", "rate", "95%", "CI", "pts/hand",
                                "knock", "gin", "big", "gin", "undercut"]
    assert lines[3].split()[:3] == ["basic", "4", "100.0%"]
    assert lines[4].split()[0] == "random"


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "4", "--players", "basic,random", "--seed", "3",
                 "--json", "--workers", "2"])
    out, _ = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"rules", "seed", "games", "max_hands", "hands", "unfinished",
                         "dead_hands", "dead_hand_rate", "players"}
    assert [p["name"] for p in data["players"]] == ["basic", "random"]
    assert set(data["players"][0]) == {
        "name", "wins", "win_rate", "ci95", "points", "points_per_hand", "knocks", "gins",
        "big_gins", "undercuts", "knock_rate", "gin_rate", "big_gin_rate", "undercut_rate"}
    assert data["players"][0]["wins"] == 4 and data["games"] == 4


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--players", "basic,grandmaster", "--games", "1"],
        ["simulate", "--players", "basic", "--games", "1"],
        ["simulate", "--rules", "nope", "--games", "1"],
        ["simulate", "--games", "0"],
        ["simulate", "--workers", "0", "--games", "1"],
    ],
)
def test_cli_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("ginrules simulate: error: ")
    assert len(err.splitlines()) == 1


def test_cli_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--games", "many"])
    assert exc.value.code == 2


# -- executors and player factories ------------------------------------------------------

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor  # noqa: E402
from functools import partial  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


class FirstLegal:
    """A bot of a game project: it always plays the first legal action (and says so)."""

    name = "first-legal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        return view.legal_actions[0]


def careful(seed: int, *, patience: int) -> BasicPlayer:
    """A module-level factory with a parameter: partial(careful, patience=3) pickles."""
    return BasicPlayer(seed=seed + patience)


BASELINE = simulate("classic", (FirstLegal, "basic"), games=6, seed=9, max_hands=30)


def test_a_factory_plays_as_its_own_player() -> None:
    assert [p.name for p in BASELINE.players] == ["first-legal", "basic"]
    by_name = simulate("classic", ("random", "basic"), games=6, seed=9, max_hands=30)
    # the factory's player really played (not the random player under another name)
    played = [(p.wins, p.points, p.knocks, p.gins) for p in BASELINE.players]
    assert [(p.wins, p.points, p.knocks, p.gins) for p in by_name.players] != played
    # a factory of a library player plays exactly as the player named
    assert simulate("classic", (BasicPlayer, "random"), games=4, seed=2).players[0].wins == \
        simulate("classic", ("basic", "random"), games=4, seed=2).players[0].wins
    named = simulate("classic", (partial(careful, patience=3), "basic"), games=2, seed=1)
    assert named.players[0].name == "careful"


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["threads", "processes", "workers"]), st.integers(1, 3))
def test_the_result_is_the_same_for_every_executor(kind: str, width: int) -> None:
    args = ("classic", (FirstLegal, "basic"))
    options = {"games": 6, "seed": 9, "max_hands": 30}
    if kind == "workers":
        assert simulate(*args, workers=width, **options) == BASELINE  # type: ignore[arg-type]
        return
    pool = ThreadPoolExecutor(width) if kind == "threads" else ProcessPoolExecutor(width)
    with pool:
        assert simulate(*args, executor=pool, **options) == BASELINE  # type: ignore[arg-type]


def test_progress_reaches_the_total_with_an_executor() -> None:
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        simulate("classic", ("basic", "random"), games=5, seed=1, executor=pool,
                 progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_factory_that_does_not_pickle_is_refused_for_other_processes() -> None:
    def nested(seed: int) -> BasicPlayer:
        return BasicPlayer(seed=seed)

    # in this process it is fine
    assert simulate("classic", (nested, "random"), games=2).players[0].name == "nested"
    with pytest.raises(GinRulesError, match="cannot be sent to other processes"):
        simulate("classic", (nested, "random"), games=2, workers=2)
    with pytest.raises(GinRulesError, match="cannot be sent"), ThreadPoolExecutor(1) as pool:
        simulate("classic", (lambda seed: BasicPlayer(seed=seed), "random"), games=2,
                 executor=pool)


@pytest.mark.parametrize(
    ("player", "message"),
    [
        (42, "a player is a name"),
        (lambda: BasicPlayer(), "must take seed"),
        (lambda seed: object(), "has no choose"),
    ],
)
def test_bad_factories(player: object, message: str) -> None:
    with pytest.raises(GinRulesError, match=message):
        simulate("classic", (player, "basic"), games=2)  # type: ignore[arg-type]


def test_executor_must_be_an_executor() -> None:
    with pytest.raises(GinRulesError, match="executor must be"):
        simulate("classic", ("basic", "basic"), games=2, executor="dask")  # type: ignore[arg-type]


def test_simulate_max_hands_zero_means_no_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """``--max-hands 0`` is no limit (the help says so): basic players finish every game,
    as they do with no option, while a limit of 1 stops games after one hand."""
    import json

    assert main(["simulate", "--players", "basic,simple", "--games", "2", "--max-hands", "0",
                 "--json"]) == 0
    unlimited = json.loads(capsys.readouterr().out)
    assert unlimited["max_hands"] is None and unlimited["unfinished"] == 0
    assert main(["simulate", "--players", "basic,simple", "--games", "2", "--max-hands", "1",
                 "--json", "--rules", "classic"]) == 0
    limited = json.loads(capsys.readouterr().out)
    assert limited["max_hands"] == 1 and limited["hands"] == 2


def test_rates_are_per_hand_and_zero_without_hands() -> None:
    import attrs

    r = simulate("classic", ("basic", "random"), games=2, seed=1)
    assert r.hands == 5  # pinned by the SimulationResult doctest
    assert r.rate(2) == 0.4 and r.rate(5) == 1.0
    assert attrs.evolve(r, hands=0).rate(3) == 0.0  # no hands: no rate, not a division


def test_the_wilson_interval_worked_by_hand() -> None:
    # 1 of 1, z = 1.96: centre (1 + z²/2) / (1 + z²) = 2.9208 / 4.8416 = 0.6033, half
    # width z * sqrt(z² / 4) / (1 + z²) = 1.9208 / 4.8416 = 0.3967: 0.2065 to 1
    low, high = wilson_interval(1, 1)
    assert round(low, 4) == 0.2065 and high == 1.0
    # 3 of 3: centre (1 + z²/6) / (1 + z²/3) = 1.6403 / 2.2805 = 0.7193, half width
    # z * sqrt(z² / 36) / 2.2805 = 0.2807: 0.4385 to 1
    assert round(wilson_interval(3, 3)[0], 4) == 0.4385
    assert wilson_interval(0, 0) == (0.0, 1.0) and wilson_interval(0, -1) == (0.0, 1.0)


def test_the_printed_summary_counts_finished_games_and_their_intervals() -> None:
    # four games cut at two hands: one is unfinished, and basic wins the three others
    r = simulate("classic", ("basic", "random"), games=4, seed=1, max_hands=2)
    assert (r.games, r.unfinished, r.hands) == (4, 1, 8)
    lines = str(r).splitlines()
    assert lines[0] == "4 games (3 finished), classic rules, seed 1; 8 hands, 0.0% dead"
    # 3 of 3 and 0 of 3, with the intervals worked above: 43.9%-100.0% and 0.0%-56.1%
    assert lines[3].split()[:5] == ["basic", "3", "100.0%", "43.9%-100.0%", lines[3].split()[4]]
    assert lines[4].split()[:4] == ["random", "0", "0.0%", "0.0%-56.1%"]


class _NeverEnds:
    """A basic player that never ends a hand: where it would knock or go gin it
    discards the same card (any card, for a big gin)."""

    name = "never-ends"

    def __init__(self, seed: int = 0) -> None:
        self.inner = BasicPlayer(seed=seed)

    def choose(self, view: View) -> Action:
        action = self.inner.choose(view)
        if action.kind in (ginrules.ActionKind.KNOCK, ginrules.ActionKind.BIG_GIN):
            return next(a for a in view.legal_actions if a.kind is ginrules.ActionKind.DISCARD
                        and action.card in (a.card, None))
        return action


@pytest.mark.parametrize("first", [0, 1])
def test_each_player_s_tallies_are_its_own_in_either_seat(first: int) -> None:
    # straight gin: every hand ends in gin or big gin, all of them the basic player's
    players = (_NeverEnds, "basic") if first == 0 else ("basic", _NeverEnds)
    result = simulate("straight", players, games=20, seed=1)
    never, basic = result.players[first], result.players[1 - first]
    assert (never.name, basic.name) == ("never-ends", "basic")
    assert (never.wins, never.points, never.knocks, never.gins, never.big_gins,
            never.undercuts) == (0, 0, 0, 0, 0, 0)
    assert basic.wins == 20 and basic.gins > 0 and basic.big_gins > 0
    assert basic.knocks == basic.undercuts == 0  # (a knock must be gin: no undercut)
