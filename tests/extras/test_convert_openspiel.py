"""``ginrules convert`` against OpenSpiel itself: real games played by pyspiel convert to
records that validate (or whose difference the validator names), a record's OpenSpiel
history plays in pyspiel to the same returns, and the conformance runner runs."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import ginrules  # noqa: E402
from ginrules.interop.convert import read_openspiel_history, to_openspiel_history  # noqa: E402
from ginrules.interop.openspiel import from_openspiel  # noqa: E402
from ginrules.records import validate  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KNOCK = 55


def play(seed: int, params: dict[str, object]) -> tuple[list[int], list[float]]:
    """A game of OpenSpiel's gin_rummy: random chance, players that knock when they may
    and otherwise play at random."""
    rng = random.Random(seed)
    state = pyspiel.load_game("gin_rummy", params).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        legal = state.legal_actions()
        state.apply_action(KNOCK if KNOCK in legal else rng.choice(legal))
    return [int(a) for a in state.history()], list(state.returns())


def replay_returns(history: list[int], params: dict[str, object]) -> list[float]:
    state = pyspiel.load_game("gin_rummy", params).new_initial_state()
    for action in history:
        assert state.is_chance_node() or action in state.legal_actions(), action
        state.apply_action(action)
    assert state.is_terminal()
    return list(state.returns())


@pytest.mark.parametrize("params", [{}, {"knock_card": 8}, {"oklahoma": True},
                                    {"gin_bonus": 20, "undercut_bonus": 10}])
def test_real_openspiel_games_convert_and_validate(params: dict[str, object]) -> None:
    valid = 0
    for seed in range(25):
        history, returns = play(seed, params)
        text = "\n".join(str(a) for a in history)
        record = from_openspiel(read_openspiel_history(text), params=params,
                                openspiel_endings=True)
        report = validate(record)
        if report.valid:
            valid += 1
            outcome = record["hands"][0].get("outcome")
            if outcome is not None and outcome["kind"] != "dead":
                # the declared points are OpenSpiel's returns
                assert outcome["points"] == max(int(r) for r in returns)
        else:  # the difference is one of OpenSpiel's, named
            assert "OpenSpiel" in report.summary(), report.summary()
    assert valid >= 5


@pytest.mark.parametrize("preset", ["openspiel", "classic", "dutch"])
def test_records_play_in_openspiel_to_the_same_returns(preset: str) -> None:
    """ginrules' own games written as OpenSpiel histories: legal in pyspiel; under the
    openspiel preset, a knock or a dead hand ends with the returns of its points."""
    checked = 0
    for seed in range(15):
        game = ginrules.game.play(ginrules.new_game(ginrules.rules(preset), seed=seed),
                                  ginrules.game.random_policies(seed))
        for hand in game.finished:
            if any(a.kind is ginrules.ActionKind.BIG_GIN for _, a in hand.actions):
                continue
            if hand.result is not None and hand.result.kind.value == "dead":
                continue  # OpenSpiel's wall may let the next player knock instead
            try:
                out = to_openspiel_history(ginrules.records.to_record(hand))
            except ginrules.InvalidRecordError as error:  # OpenSpiel ends it earlier
                assert "OpenSpiel would end this hand" in str(error)
                continue
            returns = replay_returns(out["history"], out["params"])
            score = ginrules.score_hand(hand.result, hand.rules)
            if preset == "openspiel":
                os_player = hand.dealer == 0  # OpenSpiel's player 0 is the non-dealer
                want = 0 if score.player is None else (
                    score.points if (score.player == 1) == os_player else -score.points)
                assert returns[0] == want, (seed, hand.result.kind)
            checked += 1
    assert checked >= 10


def test_openspiel_plays_on_where_a_stock_draw_broke_the_repeated_moves() -> None:
    """Player 1 takes 7H, later draws from the stock and discards 7H, player 0 takes it
    and discards it (actions 49 to 56 of this hand): pyspiel counts one repeated move,
    not two, and plays the hand on to its end (dead, no points) as the history says."""
    hand = ginrules.game.play(ginrules.new_game(ginrules.rules("openspiel"), seed=21),
                              ginrules.game.random_policies(21)).finished[0]
    assert [str(a) for _, a in hand.actions[52:56]] == [
        "draw stock", "discard 7H", "draw discard", "discard 7H"]
    out = to_openspiel_history(ginrules.records.to_record(hand))
    assert replay_returns(out["history"], out["params"]) == [0.0, 0.0]


def test_the_conformance_runner_runs() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run([sys.executable, "examples/conformance_openspiel.py", "--limit",
                           "40"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(line.startswith("== deadwood: 40 of 40 agree") for line in lines)
    assert any(line.startswith("== showdowns:") for line in lines)
    assert "Traceback" not in done.stderr
