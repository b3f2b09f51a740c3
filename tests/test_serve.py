"""``ginrules serve`` and the player protocol: whole hands played through it, every
malformed or out-of-order request answered with an error that changes nothing, bounded
lines, the end of input and a reader that goes away; every request and reply the tests
make checked against the shipped schema."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from typing import Any

import jsonschema
import pytest

import ginrules
from ginrules import ActionKind, HandState
from ginrules.cli.serve import MAX_LINE, Server
from ginrules.players import make_player, view

SCHEMA = json.loads((resources.files("ginrules.cli") / "protocol.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


class Client:
    """A server in this process; every request and reply checked against the schema
    (``valid=False`` for the requests made to be refused)."""

    def __init__(self, **kwargs: Any) -> None:
        self.server = Server(**kwargs)
        self.count = 0

    def __call__(self, op: str, valid: bool = True, **fields: Any) -> dict[str, Any]:
        self.count += 1
        request = {"id": self.count, "op": op, **fields}
        if valid:
            VALIDATOR.validate(request)
        reply = self.server.handle(json.loads(json.dumps(request)))
        VALIDATOR.validate(reply)
        assert reply["id"] == self.count
        if valid:
            assert reply["ok"], reply
        return reply

    def refused(self, op: str, kind: str, pattern: str, **fields: Any) -> None:
        before = {name: (s.info, s.player) for name, s in self.server.seats.items()}
        reply = self(op, valid=False, **fields)
        assert not reply["ok"] and reply["kind"] == kind, reply
        assert pattern in reply["error"], reply["error"]
        assert "\n" not in reply["error"]
        after = {name: (s.info, s.player) for name, s in self.server.seats.items()}
        assert after == before


def play_hand_through(client: Client, state: HandState, level: str, seed: int,
                      scores: list[int] | None = None) -> HandState:
    """A hand played by two seats of ``level`` that ask the server for every move, each
    seat's view checked equal to the real one after every action."""
    for seat in (0, 1):
        client("open", game=f"s{seat}", player=seat, level=level,
               rules=state.rules.to_dict(), seed=seed + seat)
        deal = {"dealer": state.dealer, "cards": [str(c) for c in state.cards(seat)],
                "upcard": str(state.upcard)}
        client("deal", game=f"s{seat}", **deal, **({"scores": scores} if scores else {}))
    while not state.is_over:
        me = state.turn
        reply = client("decide", game=f"s{me}")
        action = ginrules.Action.parse(reply["action"])
        melds = reply.get("melds")
        if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            assert melds is not None
        state = (ginrules.knock(state, action.card, melds)
                 if action.kind is ActionKind.KNOCK else state.apply(action))
        for seat in (0, 1):
            event: dict[str, Any] = {"player": me, "action": str(action)}
            if seat == me and action.kind is ActionKind.DRAW_STOCK:
                event["card"] = str(state.deck.cards[20 + state.stock_drawn])
            if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
                event["melds"] = melds
            client("event", game=f"s{seat}", **event)
            got = client("view", game=f"s{seat}")["view"]
            expected = view(state, seat, scores=None if scores is None else tuple(scores))
            if state.result is not None and state.result.knocker is not None:
                expected_dict = expected.to_dict()
                expected_dict["result"] = None
                assert got == expected_dict
            else:
                assert got == expected.to_dict()
    result = state.result
    assert result is not None
    if result.knocker is not None:
        defender = 1 - result.knocker
        shown = client("melds", game=f"s{defender}")
        if result.knocker_deadwood:
            assert shown["deadwood"] == result.defender_deadwood
        revealed = client("reveal", game=f"s{defender}",
                          cards=[str(c) for c in state.cards(result.knocker)])
        assert revealed["result"] == result.to_dict()
    return state


@pytest.mark.parametrize(("preset", "level", "seed"), [
    ("classic", "basic", 1), ("eaai", "simple", 2), ("oklahoma", "advanced", 3),
    ("dutch", "basic", 4), ("straight", "random", 5), ("openspiel", "expert", 6)])
def test_a_whole_hand_through_the_protocol(preset: str, level: str, seed: int) -> None:
    client = Client()
    hello = client("hello")
    assert hello["protocol"] == 1 and level in hello["levels"] and preset in hello["rules"]
    state = ginrules.deal(ginrules.rules(preset), seed=seed, dealer=seed % 2)
    play_hand_through(client, state, level, seed, scores=[seed, 2 * seed])


def test_the_seats_move_as_the_level_does_in_ginrules() -> None:
    state = ginrules.deal(ginrules.rules("classic"), seed=11, dealer=0)
    client = Client()
    end = play_hand_through(client, state, "expert", 5)
    players = [make_player("expert", seed=5), make_player("expert", seed=6)]
    replay = state
    while not replay.is_over:
        replay = replay.apply(players[replay.turn].choose(view(replay, replay.turn)))
    assert list(replay.actions) == list(end.actions)


def test_hint_and_close() -> None:
    client = Client(level="basic", rule_set="eaai")
    client("open", game="g", player=1)
    s = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
    client("deal", game="g", dealer=0, cards=[str(c) for c in s.cards(1)],
           upcard=str(s.upcard))
    h = client("hint", game="g", budget=0.001)
    assert h["action"] in ("take", "pass") and h["reason"]
    client("close", game="g")
    client.refused("view", "ProtocolError", 'there is no game g: send "open" first', game="g")


# -- errors: each answered, none changes anything --------------------------------------


@pytest.fixture
def dealt() -> tuple[Client, HandState]:
    client = Client()
    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    client("open", game="g", player=1, seed=1)
    client("deal", game="g", dealer=0, cards=[str(c) for c in s.cards(1)],
           upcard=str(s.upcard))
    return client, s


def test_malformed_requests(dealt: tuple[Client, HandState]) -> None:
    client, s = dealt
    client.refused("fly", "ProtocolError", "unknown op 'fly'; the ops are hello, open")
    client.refused("event", "ProtocolError", 'event: "player" is missing', game="g",
                   action="take")
    client.refused("event", "ProtocolError", 'event: "player" must be an int, not true',
                   game="g", player=True, action="take")
    client.refused("event", "ProtocolError", 'event: "player" must be 0 or 1, not 2',
                   game="g", player=2, action="take")
    client.refused("event", "ProtocolError", 'event: "action" must be a string, not 7',
                   game="g", player=1, action=7)
    client.refused("event", "ActionNotationError", "", game="g", player=1, action="fly")
    client.refused("event", "ProtocolError", '"melds" must be a list of melds', game="g",
                   player=1, action="take", melds=["2C"])
    client.refused("deal", "ProtocolError", '"cards" must be a list of cards', game="g",
                   dealer=0, cards=[1], upcard="2C")
    client.refused("deal", "ProtocolError", '"scores" must be two ints', game="g",
                   dealer=0, cards=[str(c) for c in s.cards(1)], upcard=str(s.upcard),
                   scores=[1])
    client.refused("deal", "GinRulesError", "a player is dealt 10 cards, not 9", game="g",
                   dealer=0, cards=[str(c) for c in s.cards(1)][:9], upcard=str(s.upcard))
    client.refused("deal", "CardNotationError", "bad card", game="g", dealer=0,
                   cards=[*[str(c) for c in s.cards(1)][:9], "ZZ"], upcard=str(s.upcard))
    client.refused("open", "ProtocolError", "unknown level 'grandmaster'", game="h",
                   player=0, level="grandmaster")
    client.refused("open", "ProtocolError", "unknown level 'cmd:x'", game="h", player=0,
                   level="cmd:x")
    client.refused("open", "RuleSetError", "unknown rule set", game="h", player=0,
                   rules="nope")
    client.refused("open", "ProtocolError", "open: rules:", game="h", player=0,
                   rules={"colour": "red"})
    client.refused("open", "ProtocolError", '"seed" must be an int', game="h", player=0,
                   seed="1")
    client.refused("hint", "ProtocolError", '"budget" must be an int or a number',
                   game="g", budget="x")
    for line in (b"{not json", b"[1, 2]", b'"hello"', b"\xff\xfe"):
        reply = client.server.handle_line(line)
        VALIDATOR.validate(reply)
        assert reply["kind"] == "ProtocolError" and reply["id"] is None
    reply = client.server.handle({"id": "x"})
    assert reply == {"id": "x", "ok": False, "kind": "ProtocolError",
                     "error": reply["error"]} and reply["error"].startswith('"op" is missing')


def test_out_of_order_requests(dealt: tuple[Client, HandState]) -> None:
    client, s = dealt
    client("open", game="fresh", player=0)
    client.refused("decide", "ProtocolError", 'no hand was dealt to game fresh', game="fresh")
    client.refused("melds", "ProtocolError", "no hand was dealt", game="fresh")
    client.refused("event", "IllegalActionError",
                   "event 1 (player 0 pass): cannot pass: it is player 1's turn", game="g",
                   player=0, action="pass")
    client("event", game="g", player=1, action="pass")
    client.refused("decide", "ProtocolError", "it is player 0's turn, not player 1's",
                   game="g")
    client.refused("hint", "ProtocolError", "it is player 0's turn", game="g")
    client.refused("melds", "GinRulesError", "defends only after the opponent's knock",
                   game="g")
    client.refused("reveal", "GinRulesError", "nothing to reveal", game="g", cards=[])
    mine = str(s.cards(1)[0])
    client("event", game="g", player=0, action="pass")
    client.refused("event", "GinRulesError", f"cannot draw {mine}: it is player 1's card",
                   game="g", player=1, action="draw stock", card=mine)
    client.refused("event", "GinRulesError", "own stock draw needs the card drawn",
                   game="g", player=1, action="draw stock")
    assert client("decide", game="g")["action"] == "draw stock"


def test_an_unexpected_failure_is_an_error_reply(dealt: tuple[Client, HandState]) -> None:
    client, _ = dealt

    class Broken:
        def choose(self, view: object) -> ginrules.Action:
            raise RuntimeError("planted")

    client.server.seats["g"].decider = Broken()
    reply = client.server.handle({"id": 1, "op": "decide", "game": "g"})
    VALIDATOR.validate(reply)
    assert reply == {"id": 1, "ok": False, "kind": "InternalError",
                     "error": "RuntimeError: planted"}


# -- the command: lines, end of input, a reader that goes away ----------------------------


def run_serve(data: bytes, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "ginrules", "serve", *args], input=data,
                          capture_output=True, timeout=timeout, check=False)


def test_the_command_answers_each_line_and_ends_at_the_end_of_input() -> None:
    long_line = b'{"op": "hello", "pad": "' + b"x" * (3 * MAX_LINE) + b'"}\n'
    data = (b'{"id": 1, "op": "hello"}\n\n' + long_line
            + b'{"id": 2, "op": "open", "game": "g", "player": 0}\n'
            + b'{"id": 3, "op": "view", "game": "g"}\n')
    done = run_serve(data, "--level", "basic")
    assert done.returncode == 0 and done.stderr == b""
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    for reply in replies:
        VALIDATOR.validate(reply)
    assert [r["ok"] for r in replies] == [True, False, True, False]
    assert replies[1]["error"] == f"the line is refused: it is longer than {MAX_LINE} bytes"
    assert [r["id"] for r in replies] == [1, None, 2, 3]


def test_an_unknown_level_for_the_command_is_refused() -> None:
    done = run_serve(b"", "--level", "grandmaster")
    assert done.returncode == 2
    assert b"unknown player 'grandmaster'" in done.stderr and b"Traceback" not in done.stderr


def test_a_reader_that_goes_away_ends_the_server_quietly() -> None:
    process = subprocess.Popen([sys.executable, "-m", "ginrules", "serve"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    process.stdout.close()  # nobody reads the answers
    try:
        process.stdin.write(b'{"op": "hello"}\n' * 5000)
        process.stdin.close()
    except BrokenPipeError:
        pass
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0
    assert b"Traceback" not in err and err == b""
