"""``cmd:<command line>``: a program that speaks the player protocol as a player in
``simulate``, ``play`` and :func:`ginrules.game.play`; ginrules' own server behind it
plays exactly as the level itself (the protocol carries all a player needs), and a
program that errs, stops or hangs is an error naming the player, never a hang."""

from __future__ import annotations

import json
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

import ginrules
from ginrules.cli import main
from ginrules.errors import GinRulesError
from ginrules.game import play
from ginrules.players import make_player
from ginrules.players.external import ExternalPlayer

PYTHON = shlex.quote(sys.executable)
SERVER = f"{PYTHON} -m ginrules serve"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def without_names(result: dict[str, object]) -> dict[str, object]:
    players = result["players"]
    assert isinstance(players, list)
    return {**result, "players": [{k: v for k, v in p.items() if k != "name"}
                                  for p in players]}


@pytest.mark.parametrize(("mine", "theirs"), [("expert", "expert"), ("advanced", "basic")])
def test_simulate_seats_an_external_player_with_the_same_results(
        capsys: pytest.CaptureFixture[str], mine: str, theirs: str) -> None:
    args = ["simulate", "--games", "2", "--seed", "3", "--json", "--rules", "short"]
    external = run_json(capsys, *args, "--players",
                        f"{theirs},cmd:{SERVER} --level {mine}")
    internal = run_json(capsys, *args, "--players", f"{theirs},{mine}")
    assert without_names(external) == without_names(internal)
    assert external["players"][1]["name"] == f"cmd:{SERVER} --level {mine}"  # type: ignore[index]


def test_play_seats_an_external_player(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "--seed", "2", "--rules", "short", "--json"]
    external = run_json(capsys, *args, "--players", f"cmd:{SERVER} --level basic,advanced")
    internal = run_json(capsys, *args, "--players", "basic,advanced")
    assert external["players"] == [f"cmd:{SERVER} --level basic", "advanced"]
    assert {**external, "players": None} == {**internal, "players": None}


def test_a_whole_game_is_the_same_through_the_protocol() -> None:
    game = ginrules.new_game(ginrules.rules("eaai").evolve(target=60), seed=9)
    through = play(game, [make_player("expert", seed=1),
                          make_player(f"cmd:{SERVER} --level master", seed=2)])
    direct = play(game, [make_player("expert", seed=1), make_player("master", seed=2)])
    assert [list(h.actions) for h in through.finished] == \
        [list(h.actions) for h in direct.finished]
    assert through.sheet == direct.sheet


def test_the_program_ends_with_the_player() -> None:
    player = ExternalPlayer(SERVER, seed=1)
    state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
    assert player.choose(state.view(1)) in state.legal_actions()
    program = player._program
    assert program is not None and program.process.poll() is None
    player.close()
    assert program.process.poll() == 0


def test_the_players_requests_follow_the_schema(tmp_path: Path) -> None:
    # a server that checks every request and its reply against the shipped schema, and
    # stops at the first that does not follow it
    script = tmp_path / "checking_server.py"
    script.write_text(textwrap.dedent("""
        import json, sys
        from importlib import resources
        import jsonschema
        from ginrules.cli.serve import Server
        schema = json.loads((resources.files("ginrules.cli") / "protocol.schema.json")
                            .read_text())
        validator = jsonschema.Draft202012Validator(schema)
        server = Server(level="basic")
        for line in sys.stdin:
            request = json.loads(line)
            validator.validate(request)
            reply = server.handle(request)
            validator.validate(reply)
            print(json.dumps(reply), flush=True)
        """))
    game = ginrules.new_game(ginrules.rules("eaai").evolve(target=40), seed=4)
    through = play(game, [make_player("basic", seed=1),
                          make_player(f"cmd:{PYTHON} {shlex.quote(str(script))}", seed=2)])
    direct = play(game, [make_player("basic", seed=1), make_player("basic", seed=2)])
    assert through.sheet == direct.sheet


# -- programs that misbehave -----------------------------------------------------------


def fake(tmp_path: Path, body: str) -> str:
    """The command line of a Python program that answers each line with ``body``'s
    ``answer(request)`` (a dict, printed as JSON)."""
    script = tmp_path / "fake.py"
    script.write_text("import json, sys\n" + textwrap.dedent(body) + textwrap.dedent("""
        for line in sys.stdin:
            print(json.dumps(answer(json.loads(line))), flush=True)
        """))
    return f"{PYTHON} {shlex.quote(str(script))}"


def first_move(command: str, timeout: float = 30.0) -> ginrules.Action:
    state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
    return ExternalPlayer(command, timeout=timeout).choose(state.view(1))


def test_a_program_that_chooses_an_illegal_move(tmp_path: Path) -> None:
    command = fake(tmp_path, """
        def answer(request):
            return {"ok": True, "protocol": 1, "action": "knock 2C"}
        """)
    with pytest.raises(GinRulesError, match=r"^player cmd:.*fake.py chose 'knock 2C', "
                       "which is not one of the legal actions: take, pass"):
        first_move(command)


def test_a_program_that_refuses(tmp_path: Path) -> None:
    command = fake(tmp_path, """
        def answer(request):
            if request["op"] == "hello":
                return {"ok": True, "protocol": 1}
            return {"ok": False, "error": "no seats today", "kind": "ProtocolError"}
        """)
    with pytest.raises(GinRulesError, match=r'refused \{"op": "open".*: no seats today'):
        first_move(command)


def test_a_program_of_another_protocol(tmp_path: Path) -> None:
    command = fake(tmp_path, """
        def answer(request):
            return {"ok": True, "protocol": 2}
        """)
    with pytest.raises(GinRulesError, match="speaks protocol 2, not 1"):
        first_move(command)


def test_a_program_that_stops_or_says_nonsense() -> None:
    with pytest.raises(GinRulesError, match=r"the program stopped before .*hello.*"
                       r"\(it exited with code 3\); its last error output: bye"):
        first_move(f"{PYTHON} -c 'import sys; sys.stderr.write(\"bye\\n\"); sys.exit(3)'")
    with pytest.raises(GinRulesError, match="the answer to 'hello' is not JSON: b'hi'"):
        first_move(f"{PYTHON} -c 'print(\"hi\"); import time; time.sleep(5)'")


def test_a_program_that_does_not_answer_is_not_waited_for() -> None:
    with pytest.raises(GinRulesError, match="no answer to 'hello' in time"):
        first_move(f"{PYTHON} -c 'import time; time.sleep(60)'", timeout=1.0)


def test_bad_command_lines_and_timeouts() -> None:
    with pytest.raises(GinRulesError, match="cannot split the command line"):
        first_move("python 'unclosed")
    with pytest.raises(GinRulesError, match="the command line is empty"):
        first_move("  ")
    with pytest.raises(GinRulesError, match="timeout must be a number of seconds > 0"):
        ExternalPlayer(SERVER, timeout=0)
    with pytest.raises(GinRulesError, match="player cmd:ginrules-no-such-program: cannot "
                       "start"):
        first_move("ginrules-no-such-program")
