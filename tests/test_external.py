"""``cmd:<command line>``: a program that speaks the player protocol as a player in
``simulate``, ``play`` and :func:`ginrules.game.play`; ginrules' own server behind it
plays exactly as the level itself (the protocol carries all a player needs), and a
program that errs, stops or hangs is an error naming the player, never a hang."""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

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


def logging_server(tmp_path: Path, features: bool) -> tuple[str, Path]:
    """The command line of ginrules' server behind a script that logs every request (and
    with ``features`` false, answers ``hello`` as a server without the ``events``
    addition does), and the log's path."""
    log = tmp_path / f"requests-{features}.jsonl"
    script = tmp_path / f"logging_server_{features}.py"
    script.write_text(textwrap.dedent(f"""
        import json, sys
        from ginrules.cli.serve import Server
        server = Server(level="basic")
        with open({str(log)!r}, "a") as log:
            for line in sys.stdin:
                log.write(line)
                log.flush()
                reply = server.handle(json.loads(line))
                if not {features!r}:
                    reply.pop("features", None)
                print(json.dumps(reply), flush=True)
        """))
    return f"{PYTHON} {shlex.quote(str(script))}", log


@pytest.mark.parametrize("features", [True, False])
@pytest.mark.parametrize("rebuilt", [False, True])
def test_the_events_go_with_each_decide_when_the_program_takes_them(
        tmp_path: Path, features: bool, rebuilt: bool, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    # one request a move (the events since the last one with it) to a server that says
    # it takes them, one request an event to one that does not: the same game either
    # way, and a hand dealt once, whether the views are the game's own (the history
    # grown move by move) or rebuilt from their dict (checked event by event)
    command, log = logging_server(tmp_path, features)
    external = make_player(f"cmd:{command}", seed=2)
    import ginrules.players.external as module

    walks: list[int] = []  # the client's walks of a whole history (a hand's first move)
    own_hands = module._own_hands
    monkeypatch.setattr(module, "_own_hands", lambda v: walks.append(1) or own_hands(v))
    seat_views: list[ginrules.players.View] = []

    class Rebuilding:
        def choose(self, v: ginrules.players.View) -> ginrules.Action:
            seat_views.append(v)
            if rebuilt:
                v = ginrules.players.View.from_dict(v.to_dict())
            return external.choose(v)

    game = ginrules.new_game(ginrules.rules("eaai").evolve(target=40), seed=4)
    through = play(game, [make_player("basic", seed=1), Rebuilding()])
    direct = play(game, [make_player("basic", seed=1), make_player("basic", seed=2)])
    assert through.sheet == direct.sheet
    requests = [json.loads(line) for line in log.read_text().splitlines()]
    ops = [r["op"] for r in requests]
    assert requests[0] == {"op": "hello", "features": ["events"]}
    assert ops.count("decide") == len(seat_views)
    hands = {(v.dealer, v.upcard, v.scores) for v in seat_views}
    assert ops.count("deal") == len(hands)
    # a game's own views are seen to continue the hand in constant time: the history is
    # walked at a hand's first move (and its second, when the first had no history)
    if rebuilt:
        assert len(walks) == len(seat_views)
    else:
        assert len(walks) <= 2 * len(hands) < len(seat_views)
    told = [e for r in requests if r["op"] == "decide" for e in r.get("events", [])]
    if features:
        assert "event" not in ops
    else:
        assert told == [] and "event" in ops
        told = [{k: v for k, v in r.items() if k not in ("op", "game")}
                for r in requests if r["op"] == "event"]
    # every action of the hands the seat moved in, up to its last move, told once
    assert len(told) == sum(len(last.history) for last in last_views(seat_views))


def test_a_decide_and_its_events_are_sent_as_json_dumps_writes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the client makes a decide's line from its events' own JSON, made once: the line
    # is json.dumps of the request (the one its errors quote), byte for byte
    import ginrules.players.external as module

    sent: list[tuple[dict[str, object], str | None]] = []
    ask = module._Program.ask

    def logged(self: object, request: dict[str, object], timeout: float,
               text: str | None = None) -> dict[str, object]:
        sent.append((json.loads(json.dumps(request)), text))
        return ask(self, request, timeout, text)  # type: ignore[arg-type]

    monkeypatch.setattr(module._Program, "ask", logged)
    command, log = logging_server(tmp_path, True)
    game = ginrules.new_game(ginrules.rules("eaai").evolve(target=40), seed=4)
    play(game, [make_player("basic", seed=1), make_player(f"cmd:{command}", seed=2)])
    decides = [(r, t) for r, t in sent if r["op"] == "decide"]
    assert sum("events" in r for r, _ in decides) > 20
    assert any(e.get("card") for r, _ in decides for e in r.get("events", []))  # type: ignore[attr-defined]
    assert all(t == json.dumps(r) for r, t in decides)
    lines = log.read_text().splitlines()
    assert [json.loads(line) for line in lines] == [r for r, _ in sent]
    assert all(line == json.dumps(json.loads(line)) for line in lines)


def last_views(views: list[ginrules.players.View]) -> list[ginrules.players.View]:
    """The last view of each hand, in order."""
    out: list[ginrules.players.View] = []
    for v in views:
        if out and (out[-1].dealer, out[-1].upcard, out[-1].scores) == (
                v.dealer, v.upcard, v.scores) and len(v.history) >= len(out[-1].history):
            out[-1] = v
        else:
            out.append(v)
    return out


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
    with pytest.raises(GinRulesError, match="the answer to 'hello' is not a message of the protocol: "
                       r"not valid JSON: .*; it was 'hi'$"):
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


# -- hostile programs: an error in one line, soon, and no process left -----------------
#
# tests/hostile_player.py misbehaves as its first argument says, and notes the process
# ids of itself and of what it starts in a file; after the error, none of them may run,
# nor anything else in the program's process group (its id is the program's).

HOSTILE = shlex.quote(str(Path(__file__).with_name("hostile_player.py")))
needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="the processes are looked at in /proc")


def hostile(tmp_path: Path, mode: str, *more: str) -> tuple[str, Path]:
    """The command line of the hostile program in ``mode``, and its file of ids."""
    pids = tmp_path / f"{mode}.pids"
    words = [HOSTILE, mode, shlex.quote(str(pids)), *map(shlex.quote, more)]
    return f"{PYTHON} {' '.join(words)}", pids


def noted(pids: Path) -> list[int]:
    return [int(line) for line in pids.read_text().split()] if pids.exists() else []


def running() -> dict[int, int]:
    """The process group of each process that runs (zombies, which only wait to be
    collected, are not counted)."""
    groups = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        if fields[0] != "Z":
            groups[int(stat.parent.name)] = int(fields[2])
    return groups


def left_running(pids: Path) -> list[int]:
    """The noted processes, and those of the program's group, that still run, once they
    have had 10 seconds to end (they end at once when things go right)."""
    ids = noted(pids)
    assert ids, "the program did not start"
    deadline = time.monotonic() + 10
    while True:
        now = running()
        left = sorted({p for p in ids if p in now} | {p for p, g in now.items()
                                                       if g == ids[0]})
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


@pytest.fixture
def reaper(tmp_path: Path) -> Iterator[None]:
    """Whatever a failing test leaves running is killed after it."""
    yield
    for pids in tmp_path.glob("*.pids"):
        for pid in noted(pids):
            for kill in (os.killpg, os.kill):
                with contextlib.suppress(OSError):
                    kill(pid, signal.SIGKILL)


HOSTILE_ERRORS = {
    "close-stdout": r"the program closed its output before answering 'hello'",
    "close-stdin": r"the program closed its input before answering 'hello'",
    "exit-child-holds": r"the program stopped before answering 'hello' \(it exited with "
                        r"code 0\)",
    # (the program is the process started: a child that answers once it has exited is
    # not listened to, whichever request comes first after its exit)
    "exit-child-answers": r"the program stopped before answering '\w+' \(it exited with "
                          r"code 0\)",
    "grandchildren": r"the answer to 'hello' is not a message of the protocol: not valid "
                     r"JSON: Expecting value: .*; it was 'not json'",
    "deep": r"the answer to 'hello' is longer than 65,536 bytes: '\[\[\[+'\.\.\. \(cut\)",
    "deep-short": r"the answer to 'hello' is not a message of the protocol: the message "
                  r"nests 30000 levels deep, more than 64; it was '\[\[\[+'\.\.\. \(cut: "
                  r"60,000 bytes\)",
    "huge-line": r"the answer to 'hello' is longer than 65,536 bytes: "
                 r"'\{\"ok\": true, \"x\": \"x+'\.\.\. \(cut\)",
    "huge-no-newline": r"the answer to 'hello' is longer than 65,536 bytes: 'y{200}'\.\.\. "
                       r"\(cut\)",  # (its first 200 bytes)
    "unclosed-strings": r"""the answer to 'hello' is not a message of the protocol: not """
                        r"""valid JSON: Unterminated string .*; it was '"(\\\\")+(\\\\)?'\.\.\. """
                        r"""\(cut: 64,001 bytes\)""",
    "stderr-flood": r"the answer to 'hello' is not a message of the protocol: .*; it was "
                    r"'not json'; its last error output: \(cut\) \.\.\.[\\x0]+the last words of "
                    r"the flood",
    "not-utf8": r"the answer to 'hello' is not a message of the protocol: not UTF-8 text "
                r"\(byte 1\); it was '\\\\xff\\\\xfe\{\"ok\": true, \"protocol\": 1\}'",
    "nan": r"the answer to 'hello' is not a message of the protocol: NaN is not a JSON "
           r"value; it was '\{\"ok\": true, \"protocol\": NaN\}'",
}


@needs_proc
@pytest.mark.parametrize("mode", list(HOSTILE_ERRORS))
def test_a_hostile_program_is_one_line_of_error_soon_and_leaves_nothing(
        tmp_path: Path, reaper: None, mode: str) -> None:
    command, pids = hostile(tmp_path, mode)
    start, cpu = time.monotonic(), time.process_time()
    with pytest.raises(GinRulesError) as caught:
        first_move(command, timeout=30.0)
    elapsed, cpu = time.monotonic() - start, time.process_time() - cpu
    message = str(caught.value)
    assert re.fullmatch(rf"player cmd:{re.escape(command)}: {HOSTILE_ERRORS[mode]}",
                        message), message
    assert "\n" not in message and len(message) < len(command) + 600
    assert elapsed < 20, f"{elapsed:.1f} s: the program was waited for"
    assert cpu < 5, f"{cpu:.1f} s of processor time"  # the line is read, not rescanned
    assert left_running(pids) == []


@needs_proc
def test_a_program_that_floods_its_error_output_does_not_fill_memory(
        tmp_path: Path, reaper: None) -> None:
    # in a process of its own, whose largest size is what this measures: VmHWM, the peak
    # of its own memory (ru_maxrss would also hold the peak of the process it was forked
    # from, before its exec: the whole test run's, at the end of a long one)
    command, pids = hostile(tmp_path, "stderr-flood")
    script = textwrap.dedent(f"""
        import re, ginrules
        from ginrules.players.external import ExternalPlayer
        state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
        try:
            ExternalPlayer({command!r}, timeout=60).choose(state.view(1))
        except ginrules.GinRulesError as error:
            print(error)
        with open("/proc/self/status") as status:
            print(int(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1)) // 1024)
        """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()
    assert out[0].endswith("the last words of the flood"), out
    assert int(out[1]) < 120, f"{out[1]} MB for 200 MB of error output"
    assert left_running(pids) == []


@needs_proc
@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("mode", ["close-stdout", "close-stdin", "exit-child-holds",
                                  "deep", "huge-no-newline", "not-utf8"])
def test_the_commands_end_with_one_line_on_a_hostile_program(
        tmp_path: Path, reaper: None, command: str, mode: str) -> None:
    line, pids = hostile(tmp_path, mode)
    args = ["--games", "2"] if command == "simulate" else []
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "ginrules", command, *args, "--players",
                           f"basic,cmd:{line}"], capture_output=True, text=True,
                          timeout=120)
    assert time.monotonic() - start < 30
    assert done.returncode == 2, done.stderr
    assert re.fullmatch(rf"ginrules {command}: error: player cmd:{re.escape(line)}: "
                        rf"{HOSTILE_ERRORS[mode]}\n", done.stderr), done.stderr
    assert left_running(pids) == []


@needs_proc
@pytest.mark.parametrize("how", ["close", "drop"])
def test_the_whole_process_group_ends_with_the_player(
        tmp_path: Path, reaper: None, how: str) -> None:
    command, pids = hostile(tmp_path, "good-with-grandchild")
    player = ExternalPlayer(command)
    state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
    assert player.choose(state.view(1)) == ginrules.Action.parse("pass")
    assert len(noted(pids)) == 2 and set(noted(pids)) <= set(running())
    if how == "close":
        player.close()
    else:
        del player
        gc.collect()
    assert left_running(pids) == []


@needs_proc
def test_the_program_ends_at_the_interpreters_exit(tmp_path: Path, reaper: None) -> None:
    command, pids = hostile(tmp_path, "good-with-grandchild")
    script = textwrap.dedent(f"""
        import ginrules
        from ginrules.players.external import ExternalPlayer
        PLAYER = ExternalPlayer({command!r})
        state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
        print(PLAYER.choose(state.view(1)))
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "pass\n", "")
    assert left_running(pids) == []


@needs_proc
def test_an_interruption_ends_the_program(tmp_path: Path, reaper: None) -> None:
    command, pids = hostile(tmp_path, "silent-with-grandchild")
    player = ExternalPlayer(command, timeout=30)

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 1.0)
        with pytest.raises(KeyboardInterrupt):
            first = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
            player.choose(first.view(1))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert left_running(pids) == []  # although the player is still here
    assert player._program is None


# replies that are protocol messages (of any content), JSON of any shape, or any bytes
_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                     max_leaves=8)
_message = st.fixed_dictionaries(
    {"ok": st.sampled_from([True, True, True, False, 1, None])},
    optional={"protocol": st.sampled_from([1, 1, 1, 2, "1", None]),
              "action": st.sampled_from(["take", "pass", "draw stock", "knock 2C", "", "x"
                                         * 300]) | st.text(max_size=20),
              "error": st.text(max_size=300)})
_reply = st.one_of(
    _message.map(lambda m: json.dumps(m).encode() + b"\n"),
    _json.map(lambda v: json.dumps(v).encode() + b"\n"),
    st.binary(max_size=300),
    st.binary(max_size=40).map(lambda b: b + b"\n"),
)


# the replies a program that plays would send to hello, open, deal and decide
_GOOD = [b'{"ok": true, "protocol": 1}\n', b'{"ok": true}\n', b'{"ok": true}\n',
         b'{"ok": true, "action": "pass"}\n']


@st.composite
def _replies(draw: st.DrawFn) -> list[bytes]:
    """Each reply the one of a player that plays (most often) or any of :data:`_reply`."""
    return [_GOOD[n] if n < len(_GOOD) and draw(st.sampled_from([True, True, False]))
            else draw(_reply) for n in range(draw(st.integers(0, 5)))]


@needs_proc
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(replies=_replies())
def test_any_replies_are_a_legal_move_or_an_error_and_leave_nothing(
        tmp_path_factory: pytest.TempPathFactory, replies: list[bytes]) -> None:
    where = tmp_path_factory.mktemp("scripted")
    script = where / "replies.json"
    script.write_text(json.dumps([r.decode("latin-1") for r in replies]))
    command, pids = hostile(where, "scripted", str(script))
    player = ExternalPlayer(command, timeout=30)
    state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
    try:
        try:
            assert player.choose(state.view(1)) in state.legal_actions()
            event("a legal move")
        except GinRulesError as error:
            assert "\n" not in str(error) and str(error).startswith(f"player cmd:{command}")
            event(str(error)[len(command) + 13:][:40])
        player.close()
        assert left_running(pids) == []
    finally:
        for pid in noted(pids):
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_second_hand_with_the_same_deal_is_dealt_again(seed: int) -> None:
    # issue 45: the same deal twice (the same seed) through one player, the opponent's
    # moves different the second time; the program is told the second hand from its deal,
    # never the events of the second after those of the first
    player = ExternalPlayer(f"{SERVER} --level basic", seed=1)
    direct = make_player("basic", seed=1)
    dealt = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=1)
    first = dealt.apply(ginrules.Action.parse("pass"))
    assert player.choose(first.view(1)) == direct.choose(first.view(1))
    second = dealt.apply(ginrules.Action.parse("take"))
    second = second.apply(second.legal_actions()[0])  # the opponent's discard
    try:
        while not second.is_over and len(second.actions) < 12:
            if second.turn == 1:
                assert player.choose(second.view(1)) == direct.choose(second.view(1))
                second = second.apply(direct.choose(second.view(1)))
            else:
                second = second.apply(second.legal_actions()[0])
    finally:
        player.close()


def test_two_games_with_the_same_seed_through_one_player() -> None:
    # the same deals in both games against different opponents: each played as the level
    # plays it, as if the player were new
    game = ginrules.new_game(ginrules.rules("classic").evolve(target=40), seed=5)
    player = make_player(f"cmd:{SERVER} --level basic", seed=2)
    try:
        for opponent in ("random", "simple"):
            through = play(game, [make_player(opponent, seed=1), player])
            direct = play(game, [make_player(opponent, seed=1), make_player("basic", seed=2)])
            assert [list(h.actions) for h in through.finished] == \
                [list(h.actions) for h in direct.finished]
    finally:
        assert isinstance(player, ExternalPlayer)
        player.close()


def test_a_request_larger_than_the_pipe_reaches_a_slow_program_whole(tmp_path: Path) -> None:
    """A request is written whole however the pipe takes it: to a program that reads
    only after a while, a line of 300,000 bytes (several times a pipe's room) goes in
    many writes, and every byte arrives, in order."""
    import hashlib

    from ginrules.players.external import _Program

    script = tmp_path / "slow_echo.py"
    script.write_text(textwrap.dedent("""\
        import hashlib, json, sys, time
        time.sleep(0.3)  # the pipe fills meanwhile
        line = sys.stdin.buffer.readline()
        print(json.dumps({"ok": True, "length": len(line),
                          "sha256": hashlib.sha256(line).hexdigest()}), flush=True)
        """), encoding="utf-8")
    program = _Program(f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}", "slow")
    try:
        request = {"op": "echo", "pad": "0123456789" * 30_000}
        line = json.dumps(request).encode() + b"\n"
        reply = program.ask(request, timeout=60)
        assert (reply["length"], reply["sha256"]) == (len(line),
                                                      hashlib.sha256(line).hexdigest())
    finally:
        program.close(polite=False)


def test_an_answer_of_exactly_the_longest_line_is_read_though_its_end_comes_late(
        tmp_path: Path) -> None:
    """An answer of MAX_LINE bytes, then "\\r", then (after a pause, so that the client
    holds MAX_LINE + 1 bytes and no newline) "\\n", is a line of exactly the limit: read,
    not refused as too long."""
    from ginrules._protocol import MAX_LINE
    from ginrules.players.external import _Program

    head = '{"ok": true, "pad": "'
    line = head + "x" * (MAX_LINE - len(head) - 2) + '"}'
    assert len(line) == MAX_LINE
    script = tmp_path / "late_end.py"
    script.write_text(textwrap.dedent(f"""\
        import sys, time
        sys.stdin.buffer.readline()
        sys.stdout.buffer.write({line.encode()!r} + b"\\r")
        sys.stdout.flush()
        time.sleep(0.3)
        sys.stdout.buffer.write(b"\\n")
        sys.stdout.flush()
        time.sleep(5)
        """), encoding="utf-8")
    program = _Program(f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}", "late")
    try:
        reply = program.ask({"op": "hello"}, timeout=60)
        assert len(reply["pad"]) == MAX_LINE - len(head) - 2
    finally:
        program.close(polite=False)


def test_one_drain_of_the_error_output_reads_64_chunks_at_the_most(tmp_path: Path) -> None:
    """A program that writes without end to its error output cannot hold the player in
    one drain: a drain reads 64 reads of 64 KiB at the most, and keeps the last 4096
    bytes. (The error output is a file here, so that more than a pipe holds is there.)"""
    import types

    from ginrules.players import external

    path = tmp_path / "err"
    path.write_bytes(b"x" * (70 * 65536 - 1) + b"!")
    with open(path, "rb") as err:
        unwatched: list[int] = []
        program = types.SimpleNamespace(stderr=err.fileno(), tail=b"",
                                        _read=external._Program._read,
                                        _unwatch=unwatched.append)
        external._Program._drain(program)
        assert err.tell() == 64 * 65536 and program.tail == b"x" * external._TAIL
        external._Program._drain(program)
        assert program.tail.endswith(b"!") and len(program.tail) == external._TAIL
        assert unwatched == [err.fileno()]  # the end of the file: no longer watched
