"""examples/embed_server.py: the server answers every message with a JSON reply, never
changes its state on a refusal, and may be shared between threads."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import game, records
from ginrules.players import BasicPlayer, View

ROOT = Path(__file__).resolve().parent.parent


def load_example() -> ModuleType:
    """The example as a module, imported by its path (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location("embed_server",
                                                  ROOT / "examples" / "embed_server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


example = load_example()
Server = example.Server
CLASSIC = ginrules.rules("classic")


def new_server(seed: int = 2026) -> Any:
    return Server(CLASSIC, seed=seed)


def finished_server() -> Any:
    """A server whose game is over."""
    server = new_server()
    server.game = game.play(server.game, [BasicPlayer(seed=1), BasicPlayer(seed=2)])
    assert server.game.is_over
    return server


def refused(text: str) -> str:
    """The error of a refusal reply (and that it is one)."""
    answer = json.loads(text)
    assert answer["ok"] is False, answer
    assert isinstance(answer["error"], str) and answer["error"], answer
    assert set(answer) == {"ok", "error"}, answer
    return str(answer["error"])


# -- every kind of malformed message gets a reply and changes nothing -------------------

MAX = example.MAX_MESSAGE
MALFORMED: dict[str, object] = {
    "not JSON": "not json",
    "empty": "",
    "bad UTF-8": b"\xff\xfe\xfa",
    "a number of 5,000 digits": '{"action": ' + "9" * 5000 + "}",
    "deep nesting": "[" * 100_000,
    "nesting within the length bound": "[" * 500,
    "too long, though legal inside": '{"action": "pass"}' + " " * MAX,
    "JSON null": "null",
    "a JSON list": "[]",
    "a JSON number": "7",
    "a JSON string": '"pass"',
    "no action": "{}",
    "another field": '{"move": "pass"}',
    "action null": '{"action": null}',
    "action a number": '{"action": 7}',
    "action a list": '{"action": ["pass"]}',
    "action an object": '{"action": {"kind": "pass"}}',
    "not an action": '{"action": "fold"}',
    "not a card": '{"action": "discard 7X"}',
    "a discard before the draw": '{"action": "discard 7C"}',
    "illegal now": '{"action": "draw discard"}',
    "no message": None,
    "a number, not text": 7,
    "a dict, not text": {"action": "pass"},
}


@pytest.mark.parametrize("message", list(MALFORMED.values()), ids=list(MALFORMED))
def test_a_malformed_message_is_refused_and_changes_nothing(message: object) -> None:
    server = new_server()
    assert server.game.hand.turn == 0
    before = server.game
    refused(server.receive(0, message))
    assert server.game is before


def test_a_long_message_is_refused_unread_with_the_bound() -> None:
    server = new_server()
    assert refused(server.receive(0, " " * (MAX + 1))) == (
        f"a message is at most {MAX} characters, not {MAX + 1}")
    assert refused(server.receive(0, b" " * (MAX + 1))) == (
        f"a message is at most {MAX} bytes, not {MAX + 1}")
    padded = '{"action": "pass"}'.ljust(MAX)  # exactly at the bound: read
    assert json.loads(server.receive(0, padded)) == {"ok": True}


def test_a_number_over_the_digit_limit_under_the_length_bound_is_refused() -> None:
    """The length bound is not what saves the server from json's digit limit: with a
    lower limit, a short message hits it and is still answered."""
    server = new_server()
    before = server.game
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        assert refused(server.receive(0, '{"action": ' + "1" * 700 + "}")).startswith(
            "not JSON")
    finally:
        sys.set_int_max_str_digits(old)
    assert server.game is before


BAD_SEATS: list[object] = [2, -1, 10**100, "0", 0.0, True, None, [0]]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_an_unknown_seat_or_one_not_an_int_is_refused_everywhere(seat: object) -> None:
    server = new_server()
    before = server.game
    error = refused(server.receive(seat, '{"action": "pass"}'))
    assert error.startswith("a seat is 0 or 1, not ")
    assert refused(server.hint_message(seat)) == error
    assert refused(server.view_message(seat)) == error
    assert server.game is before


def test_a_seat_of_another_type_is_named_by_its_type_not_its_repr() -> None:
    server = new_server()
    assert refused(server.receive("0" * 900, '{"action": "pass"}')) == "a seat is 0 or 1, not a str"


def test_out_of_turn_is_refused_with_whose_turn_it_is() -> None:
    server = new_server()
    before = server.game
    assert refused(server.receive(1, '{"action": "pass"}')) == "it is seat 0's turn"
    assert server.game is before
    assert json.loads(server.receive(0, '{"action": "pass"}')) == {"ok": True}
    assert refused(server.receive(0, '{"action": "pass"}')) == "it is seat 1's turn"


def test_after_the_game_is_over_every_request_says_so() -> None:
    server = finished_server()
    before = server.game
    for seat in (0, 1):
        assert refused(server.receive(seat, '{"action": "draw stock"}')) == (
            "the game is over")
        assert refused(server.hint_message(seat)) == "the game is over"
        last = View.from_dict(json.loads(server.view_message(seat))["view"])
        assert last.result is not None  # the view of the last hand, with its result
    assert server.game is before


# -- hints ------------------------------------------------------------------------------


def test_a_hint_out_of_turn_says_whose_turn_it_is() -> None:
    server = new_server()
    assert refused(server.hint_message(1)) == "it is seat 0's turn"
    answer = json.loads(server.hint_message(0))
    assert answer["ok"] is True and isinstance(answer["reason"], str)
    assert ginrules.Action.parse(answer["action"]) in server.game.legal_actions()


# -- views ------------------------------------------------------------------------------


def test_a_view_is_the_seats_view_and_never_the_stock() -> None:
    server = new_server()
    answer = json.loads(server.view_message(1))
    assert answer["ok"] is True and "stock" not in answer["view"]
    assert View.from_dict(answer["view"]) == ginrules.view(server.game.hand, 1)


# -- any text at all --------------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=20)
MESSAGES = st.one_of(
    st.text(),
    st.binary(),
    JSON.map(json.dumps),
    st.fixed_dictionaries({"action": st.text() | JSON}).map(json.dumps),
    st.sampled_from(["take", "pass", "draw stock", "discard 7C", "knock 9C", "big gin"]).map(
        lambda text: json.dumps({"action": text})),
)


@settings(deadline=None)  # the examples count comes from the profile (conftest.py)
@given(seat=st.one_of(st.sampled_from([0, 1]), st.integers(), st.text(), st.none()),
       message=MESSAGES)
def test_any_message_gets_a_json_reply_and_a_refusal_changes_nothing(
        seat: object, message: str | bytes) -> None:
    server = new_server()
    before = server.game
    answer = json.loads(server.receive(seat, message))
    if answer["ok"]:
        assert answer == {"ok": True}
        assert len(server.game.hand.actions) == 1  # one action, by the seat on turn
        assert server.game.hand.actions[0][0] == seat == before.hand.turn
    else:
        refused(json.dumps(answer))
        assert server.game is before


# -- threads ----------------------------------------------------------------------------

THREADS = 16


class WideWindow(Server):  # type: ignore[misc, valid-type]
    """A server that waits between checking an action and applying it, so that other
    threads run in between: a race that the lock allows is then all but certain."""

    def check(self, seat: object, action: ginrules.Action) -> int:
        player: int = super().check(seat, action)
        time.sleep(0.001)
        return player


class Unlocked(WideWindow):
    """The bug the lock prevents: the same server with no lock."""

    def __init__(self, rules: ginrules.RuleSet, seed: int) -> None:
        super().__init__(rules, seed)
        self.lock = contextlib.nullcontext()


def actions_of(final: ginrules.GameState) -> Counter[tuple[int, str]]:
    """Every action of the game, as (seat, action text)."""
    hands = (*final.finished, *(() if final.hand is None else (final.hand,)))
    return Counter((seat, str(action)) for hand in hands for seat, action in hand.actions)


def play_from_threads(server: Any, seconds: float = 60.0) -> list[str]:
    """16 threads, 8 for each seat, send actions for their seat until the game is over:
    the computer's move from the view when the seat is on turn, "draw stock" when it is
    not. Return what went wrong: an exception that escaped, an action applied that no
    thread was told was applied (or the reverse), a record that does not replay."""
    stop = threading.Event()
    deadline = time.monotonic() + seconds

    def client(number: int) -> Counter[tuple[int, str]]:
        seat, player = number % 2, BasicPlayer(seed=number)
        applied: Counter[tuple[int, str]] = Counter()
        try:
            while not stop.is_set() and not server.snapshot().is_over:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the game did not end in {seconds} s")
                seen = View.from_dict(json.loads(server.view_message(seat))["view"])
                action = str(player.choose(seen)) if seen.legal_actions else "draw stock"
                answer = json.loads(server.receive(seat, json.dumps({"action": action})))
                if answer["ok"]:
                    applied[seat, action] += 1
        except BaseException:
            stop.set()
            raise
        return applied

    problems: list[str] = []
    told: Counter[tuple[int, str]] = Counter()
    with ThreadPoolExecutor(THREADS) as pool:
        for future in [pool.submit(client, number) for number in range(THREADS)]:
            try:
                told += future.result()
            except Exception as error:  # a problem to report
                problems.append(f"{type(error).__name__}: {error}")
    final = server.snapshot()
    if not problems and not final.is_over:
        problems.append("the game is not over")
    if told != actions_of(final):
        problems.append("the actions applied are not the actions the clients were told")
    report = records.validate(records.dump(final))
    if not report.valid:
        problems.append(f"the record does not replay: {report}")
    return problems


def test_sixteen_threads_play_a_whole_game_on_one_server() -> None:
    server = WideWindow(CLASSIC, seed=5)
    assert play_from_threads(server) == []
    assert server.game.is_over and sum(actions_of(server.game).values()) > 100


def test_without_the_lock_the_threads_test_fails() -> None:
    """The threads test can fail: with the lock removed, two threads pass the check for
    the same turn and the second one's action escapes as an IllegalActionError."""
    problems = play_from_threads(Unlocked(CLASSIC, seed=5))
    assert any(problem.startswith("IllegalActionError") for problem in problems), problems


class SlowPlayer:
    """The basic player, taking a millisecond to choose, so that other threads run while
    it thinks."""

    def __init__(self, seed: int) -> None:
        self.player = BasicPlayer(seed=seed)

    def choose(self, seen: View) -> ginrules.Action:
        time.sleep(0.001)
        return self.player.choose(seen)


def computer_from_threads(server: Any) -> list[str]:
    """Both seats are the computer, and 4 threads each let it move (run_computer) at
    once. Return what went wrong: an exception that escaped, a record that does not
    replay."""
    server.computer = {0: SlowPlayer(seed=0), 1: SlowPlayer(seed=1)}
    problems = []
    with ThreadPoolExecutor(4) as pool:
        for future in [pool.submit(server.run_computer) for _ in range(4)]:
            try:
                future.result()
            except Exception as error:  # a problem to report
                problems.append(f"{type(error).__name__}: {error}")
    if not problems and not server.game.is_over:
        problems.append("the game is not over")
    report = records.validate(records.dump(server.game))
    if not report.valid:
        problems.append(f"the record does not replay: {report}")
    return problems


def test_the_computer_moves_safely_from_many_threads() -> None:
    """Each move of the computer is chosen and applied under the lock, so none is chosen
    from a view that another thread's move has made stale."""
    assert computer_from_threads(new_server(seed=8)) == []


def test_without_the_lock_the_computer_test_fails() -> None:
    problems = computer_from_threads(Unlocked(CLASSIC, seed=8))
    assert any(problem.startswith("IllegalActionError") for problem in problems), problems


# -- the example as it runs -------------------------------------------------------------


def test_main_plays_a_game_and_shows_the_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    example.main()
    out = capsys.readouterr().out
    assert 'hint for seat 1: {"ok": false, "error": "it is seat 0\'s turn"}' in out
    assert f"a message is at most {MAX} characters" in out
    assert "winner: seat" in out and "after the end: the game is over" in out
