"""The examples that need the extras run with them installed (quick settings), and the
benchmark runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run([sys.executable, str(ROOT / script), *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, env=env, stdin=subprocess.DEVNULL)


def test_the_self_play_example_learns_on_the_pettingzoo_environment() -> None:
    done = _run("examples/rl_selfplay.py", "--hands", "40")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("hands") == 4 and "skipped" not in done.stdout


def test_the_ismcts_example_plays_a_game_against_the_advanced_player() -> None:
    done = _run("examples/ismcts_openspiel.py", "--simulations", "3", "--max-hands", "1")
    assert done.returncode == 0, done.stderr
    assert "hand 1:" in done.stdout and "game over" in done.stdout


def test_the_ismcts_example_plays_hands_against_the_random_player() -> None:
    done = _run("examples/ismcts_openspiel.py", "--mode", "hand", "--opponent", "random",
                "--simulations", "5", "--hands", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "hand 1 against the random player", "hand 2 against the random player"]


def test_the_maskable_ppo_example_trains_by_the_id_and_measures_its_win_rate() -> None:
    pytest.importorskip("sb3_contrib")
    done = _run("examples/train_maskable_ppo.py", "--steps", "300", "--hands", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("MaskablePPO after 300 steps: won ")
    assert lines[1].startswith("a random agent: won ")
    assert all(line.endswith(" dead)") and "of 4 hands" in line for line in lines)


def test_the_benchmark_runs() -> None:
    done = _run("benchmarks/bench_rl.py", "--seconds", "0.3")
    assert done.returncode == 0, done.stderr
    assert "ginrules PettingZoo AEC env" in done.stdout and "steps/s" in done.stdout
