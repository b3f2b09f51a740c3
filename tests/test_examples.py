"""The examples run, quickly, with no input; the terminal game plays a whole game from
scripted input; the README's example is right (the game server's own tests are in
test_embed_server.py)."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
SRC = str(ROOT / "src")


def run(script: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run an example as CI does: a fresh interpreter, stdin from /dev/null unless given."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [SRC, env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, str(script), *args],
        input=stdin if stdin is not None else None,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=ROOT,
        env=env,
    )


def test_the_examples_are_there() -> None:
    names = {path.name for path in EXAMPLES}
    assert {"deadwood_of_cards.py", "one_hand.py", "embed_server.py", "validate_folder.py",
            "terminal_game.py", "simulate_presets.py"} <= names


@pytest.mark.parametrize("script", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_example_runs_with_no_input(script: Path) -> None:
    done = run(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert "Traceback" not in done.stderr


def test_validate_folder_reports_every_file_and_exits_0() -> None:
    done = run(ROOT / "examples" / "validate_folder.py")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert any(line.startswith("ok   valid_game.json: valid") for line in lines)
    assert any(line.startswith("FAIL wrong_points.json: invalid: hand 1:") for line in lines)
    assert " valid, " in lines[-1] and " invalid (" in lines[-1]


def test_validate_folder_check_flag_fails_on_invalid_records(tmp_path: Path) -> None:
    records = ROOT / "tests" / "data" / "records"
    assert run(ROOT / "examples" / "validate_folder.py", "--check").returncode == 1
    (tmp_path / "game.json").write_text((records / "valid_game.json").read_text("utf-8"),
                                        encoding="utf-8")
    done = run(ROOT / "examples" / "validate_folder.py", str(tmp_path), "--check")
    assert done.returncode == 0, done.stdout
    assert "1 valid, 0 invalid" in done.stdout


GAME = ROOT / "examples" / "terminal_game.py"


def test_terminal_game_stops_cleanly_at_end_of_input() -> None:
    done = run(GAME)
    assert done.returncode == 0, done.stderr
    assert "your hand" in done.stdout and "moves        1 take   2 pass" in done.stdout
    assert "no more input: the game stops here" in done.stdout


def test_terminal_game_auto_plays_a_whole_game() -> None:
    done = run(GAME, "--auto", "--target", "30", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "=== Game over:" in done.stdout
    assert "final score" in done.stdout.splitlines()[-1]


def test_terminal_game_from_scripted_input() -> None:
    """A person who always types the first legal move plays a whole (short) game."""
    done = run(GAME, "--target", "20", stdin="1\n" * 5000)
    assert done.returncode == 0, done.stderr
    assert "=== Game over: the computer wins." in done.stdout
    assert "final score" in done.stdout


def test_terminal_game_explains_bad_moves() -> None:
    script = "help\nhint\nfoo\n7\npass\ndraw discard\ndraw stock\n9Z\nquit\n"
    done = run(GAME, stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "commands: a legal move" in out
    assert "hint: pass" in out and "(the expert level's move)" in out
    assert "bad action 'foo': expected take, pass" in out
    assert "bad card '9Z': suit 'Z' is not one of C D H S" in out
    assert "there is no move 7: choose 1 to 2" in out
    assert "cannot draw discard: both players passed the upcard, so you draw from the " \
           "stock" in out
    assert "you quit: the game stops here" in out


def test_readme_example() -> None:
    """The README's five-line example, run as a doctest."""
    failures, tried = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False,
        optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS,
    )
    assert tried > 0 and failures == 0



def test_the_javascript_protocol_client_plays_a_hand() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node (Node.js) is not installed: examples/protocol_client.mjs, the "
                    "protocol's JavaScript client, was not run")
    if " " in sys.executable:
        pytest.skip("the client splits $GINRULES_SERVE on spaces, and the path of this "
                    f"Python has one: {sys.executable}")
    env = dict(os.environ, GINRULES_SERVE=f"{sys.executable} -m ginrules serve")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [SRC, env.get("PYTHONPATH")]))
    for _ in range(3):  # three random hands
        done = subprocess.run([node, str(ROOT / "examples" / "protocol_client.mjs")],
                              capture_output=True, text=True, timeout=120, cwd=ROOT,
                              env=env, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        last = done.stdout.splitlines()[-1]
        assert last in ("hand over: knock", "hand over: gin", "hand over: big gin",
                        "hand over: dead"), done.stdout


def test_the_language_model_player_plays_a_whole_game_and_answers_again_when_refused(
) -> None:
    done = run(ROOT / "examples" / "language_model_player.py", "3")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "won by " in out and "final score" in out
    refused = re.search(r"answered (\d+) times; (\d+) answers were refused", out)
    assert refused is not None and int(refused.group(2)) > 0, out
    assert "Answer with one of: " in out and "-> read as " in out
