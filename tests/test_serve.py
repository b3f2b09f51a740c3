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

import attrs
import jsonschema
import pytest

import ginrules
from ginrules import ActionKind, HandState, Phase
from ginrules.cli.serve import KINDS, MAX_DEPTH, MAX_GAMES, MAX_LINE, Server, serve
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


def test_the_usual_event_of_either_player_is_checked_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47's quick path: a well-formed event of player 0 or player 1, with no melds,
    goes to the information set at once; only an event with melds (or anything odd)
    takes the field-by-field checks."""
    from ginrules.cli import serve as serve_module

    slow: list[dict[str, Any]] = []
    field_by_field = serve_module._observed_slowly

    def counted(info: Any, event: dict[str, Any], op: str) -> Any:
        slow.append(event)
        return field_by_field(info, event, op)

    monkeypatch.setattr(serve_module, "_observed_slowly", counted)
    client = Client()
    for seed in (1, 2):
        state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        play_hand_through(client, state, "basic", seed)
    assert all("melds" in event for event in slow), slow
    client("event", game="s0", valid=False, player=2, action="pass")
    assert slow[-1]["player"] == 2


@pytest.mark.parametrize("message", [1, None, ["{}"]])
def test_a_message_that_is_not_text_is_refused_in_words(message: object) -> None:
    from ginrules._jsonlines import MessageError, loads

    with pytest.raises(MessageError, match=f"^a message is text, not "
                                           f"{type(message).__name__}$"):
        loads(message, max_depth=8)  # type: ignore[arg-type]


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
    assert h["action"] in ("take", "pass") and h["reason"] and h["level"] == "basic"
    assert client("hint", game="g", level="advanced", opponent="simple")["level"] == "advanced"
    client.refused("hint", "GinRulesError", "hint consults the level", game="g", level="sage")
    client.refused("hint", "GinRulesError", "no knock model for 'human'", game="g",
                   opponent="human")
    client.refused("hint", "ProtocolError", 'hint: "level" must be a string', game="g",
                   level=3)
    client("close", game="g")
    client.refused("view", "ProtocolError", 'there is no game g: send "open" first', game="g")


def test_a_knock_hint_states_its_figures_as_the_library_does() -> None:
    from ginrules.masks import _best_discards

    client = Client(level="basic")
    basic = ginrules.players.BasicPlayer()
    for seed in range(40):
        state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        for seat in (0, 1):
            client("open", game=f"k{seed}-{seat}", player=seat, seed=5)
            client("deal", game=f"k{seed}-{seat}", dealer=state.dealer,
                   cards=[str(c) for c in state.cards(seat)], upcard=str(state.upcard))
        while not state.is_over:
            me = state.turn
            if state.phase is Phase.DISCARD and \
                    0 < _best_discards(state.masks[me])[0] <= state.knock_limit:
                got = client("hint", game=f"k{seed}-{me}", opponent="advanced")
                h = ginrules.hint(view(state, me), opponent="advanced", seed=5)
                assert got["action"] == str(h.action) and got["reason"] == h.reason
                assert h.knock is not None
                assert got["knock"] == attrs.asdict(h.knock)
                assert got["knock"]["opponent"] == "advanced"
                return
            action = basic.choose(view(state, me))
            state = state.apply(action)
            for seat in (0, 1):
                event: dict[str, Any] = {"player": me, "action": str(action)}
                if seat == me and action.kind is ActionKind.DRAW_STOCK:
                    event["card"] = str(state.deck.cards[20 + state.stock_drawn])
                client("event", game=f"k{seed}-{seat}", **event)
        for seat in (0, 1):
            client("close", game=f"k{seed}-{seat}")
    raise AssertionError("no knock position in 40 hands")


# -- events sent with the decide (or hint) they precede ----------------------------------


def play_hand_batched(client: Client, state: HandState, level: str, seed: int
                      ) -> tuple[HandState, list[list[str]]]:
    """A hand played as :func:`play_hand_through` plays it, each seat told the actions
    since its last move only with its next ``decide`` (its ``events``): the end, and the
    passes each decide's reply derived."""
    told: list[list[dict[str, Any]]] = [[], []]
    derived: list[list[str]] = []
    for seat in (0, 1):
        client("open", game=f"b{seat}", player=seat, level=level,
               rules=state.rules.to_dict(), seed=seed + seat)
        client("deal", game=f"b{seat}", dealer=state.dealer,
               cards=[str(c) for c in state.cards(seat)], upcard=str(state.upcard))
    while not state.is_over:
        me = state.turn
        request: dict[str, Any] = {"game": f"b{me}"}
        if told[me]:
            request["events"] = told[me]
        reply = client("decide", **request)
        assert ("derived" in reply) == bool(told[me])
        derived.append(reply.get("derived", []))
        told[me] = []
        expected = view(state, me)
        assert client("view", game=f"b{me}")["view"] == expected.to_dict()
        action = ginrules.Action.parse(reply["action"])
        melds = reply.get("melds")
        state = (ginrules.knock(state, action.card, melds)
                 if action.kind is ActionKind.KNOCK else state.apply(action))
        for seat in (0, 1):
            event: dict[str, Any] = {"player": me, "action": str(action)}
            if seat == me and action.kind is ActionKind.DRAW_STOCK:
                event["card"] = str(state.deck.cards[20 + state.stock_drawn])
            told[seat].append(event)
    return state, derived


@pytest.mark.parametrize(("preset", "level", "seed"), [
    ("classic", "basic", 1), ("eaai", "simple", 2), ("oklahoma", "advanced", 3),
    ("straight", "random", 5), ("openspiel", "expert", 6)])
def test_events_sent_with_each_decide_play_the_same_hand(preset: str, level: str,
                                                         seed: int) -> None:
    state = ginrules.deal(ginrules.rules(preset), seed=seed, dealer=seed % 2)
    one_by_one = play_hand_through(Client(), state, level, seed)
    batched, derived = play_hand_batched(Client(), state, level, seed)
    assert list(batched.actions) == list(one_by_one.actions)
    assert all(d == [] for d in derived)  # every pass was told


def test_passes_left_out_of_the_events_are_derived(dealt: tuple[Client, HandState]
                                                   ) -> None:
    client, s = dealt  # player 1 of a hand player 0 deals
    drawn = str(s.deck.cards[21])
    reply = client("decide", game="g",
                   events=[{"player": 1, "action": "draw stock", "card": drawn}])
    assert reply["derived"] == ["player 1 pass", "player 0 pass"]
    assert reply["action"].startswith(("discard", "knock", "big gin"))
    assert client("view", game="g")["view"] == view(
        s.apply("pass").apply("pass").apply("draw stock"), 1).to_dict()


def test_hello_names_the_features_asked_for() -> None:
    client = Client()
    assert client("hello", features=["events"])["features"] == ["events"]
    assert client("hello", features=["telepathy"])["features"] == []
    assert "features" not in client("hello")  # the reply of version 1, unchanged
    client.refused("hello", "ProtocolError", '"features" must be a list of names',
                   features=[1])


def test_a_bad_event_in_the_events_is_refused_by_its_place_and_changes_nothing(
        dealt: tuple[Client, HandState]) -> None:
    client, s = dealt  # player 1 of a hand player 0 deals: player 1 moves first
    mine = str(s.cards(1)[0])
    passes = [{"player": 1, "action": "pass"}, {"player": 0, "action": "pass"}]
    # the third event is not legal: the two passes before it are not kept either
    client.refused("decide", "GinRulesError",
                   f"decide: events[2]: event 3 (player 1 draw stock): player 1 cannot "
                   f"draw {mine}: it is player 1's card", game="g",
                   events=[*passes, {"player": 1, "action": "draw stock", "card": mine}])
    client.refused("decide", "IllegalActionError",
                   "decide: events[1]: event 2 (player 1 pass): cannot pass: it is "
                   "player 0's turn", game="g", events=[passes[0], passes[0]])
    client.refused("hint", "IllegalActionError", "hint: events[0]: event 1 (player 0 pass)",
                   game="g", events=[passes[1]])
    client.refused("decide", "ActionNotationError", "decide: events[1]: ", game="g",
                   events=[passes[0], {"player": 0, "action": "fly"}])
    client.refused("decide", "ProtocolError", 'decide: events[1]: "player" is missing',
                   game="g", events=[passes[0], {"action": "pass"}])
    client.refused("decide", "ProtocolError", "decide: events[0] must be an object", game="g",
                   events=["pass"])
    client.refused("decide", "ProtocolError", 'decide: "events" must be a list', game="g",
                   events={"player": 1, "action": "pass"})
    client.refused("hint", "ProtocolError", 'hint: events[0]: "melds" must be a list of melds',
                   game="g", events=[{"player": 1, "action": "pass", "melds": ["2C"]}])
    # every event legal, but the decision not the seat's to make: nothing is kept
    client.refused("decide", "ProtocolError", "it is player 0's turn, not player 1's",
                   game="g", events=passes[:1])
    # and the events that are legal, with the decide that follows them, are kept
    assert client("decide", game="g", events=passes)["action"] == "draw stock"
    assert client("view", game="g")["view"]["history"] == [[1, "pass"], [0, "pass"]]
    assert client("decide", game="g", events=[])["derived"] == []


def test_a_hint_with_the_events_keeps_them() -> None:
    client = Client(level="basic")
    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    client("open", game="g", player=0)
    client("deal", game="g", dealer=0, cards=[str(c) for c in s.cards(0)],
           upcard=str(s.upcard))
    reply = client("hint", game="g", budget=0.001, events=[{"player": 1, "action": "pass"}])
    assert reply["derived"] == [] and reply["action"] in ("take", "pass")
    assert client("view", game="g")["view"]["history"] == [[1, "pass"]]


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
    for scores in ([-1, 0], [0, -1]):  # a total one below the least, either seat's
        client.refused("deal", "ProtocolError", '"scores" must be two ints >= 0', game="g",
                       dealer=0, cards=[str(c) for c in s.cards(1)], upcard=str(s.upcard),
                       scores=scores)
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


def test_a_decision_or_a_hint_after_the_hand_is_refused_as_over() -> None:
    client = Client()
    play_hand_through(client, ginrules.deal(ginrules.rules("classic"), seed=1, dealer=1),
                      "basic", 1)
    for seat in ("s0", "s1"):
        client.refused("decide", "ProtocolError", "decide: the hand is over", game=seat)
        client.refused("hint", "ProtocolError", "hint: the hand is over", game=seat)


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


# -- hostile input: every line one strict-JSON reply, the games unchanged ----------------


def strict(line: str) -> Any:
    """``line`` read as strict JSON (NaN, Infinity refused)."""
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} in a reply")
    return json.loads(line, parse_constant=refuse)


def games(server: Server) -> dict[str, tuple[Any, ...]]:
    return {name: (s.player, s.level, s.seed, s.rules, s.decider, id(s.info))
            for name, s in server.seats.items()}


def checked(server: Server, reply: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    """``reply`` checked: strict JSON of the schema, an error of a known kind that
    changed no game."""
    again = strict(json.dumps(reply))
    assert again == reply
    VALIDATOR.validate(reply)
    if not reply["ok"]:
        assert reply["kind"] in KINDS
        assert games(server) == before
    return reply


def a_dealt_server(**kwargs: Any) -> tuple[Server, HandState]:
    server = Server(level="basic", **kwargs)
    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    for seat in (0, 1):
        server.handle({"op": "open", "game": f"s{seat}", "player": seat, "seed": seat})
        server.handle({"op": "deal", "game": f"s{seat}", "dealer": 0,
                       "cards": [str(c) for c in s.cards(seat)], "upcard": str(s.upcard)})
    return server, s


def test_a_line_nested_60000_deep_is_refused_and_the_server_goes_on() -> None:
    server, _ = a_dealt_server()
    before = games(server)
    for line in ("[" * 60000, "{\"a\":" * 13000, "[" * 65 + "]" * 65):
        reply = checked(server, server.handle_line(line), before)
        assert reply["kind"] == "ProtocolError" and "levels deep, more than 64" in reply["error"]
    deepest = "[" * MAX_DEPTH + "]" * MAX_DEPTH  # at the bound: read (and not an object)
    assert "a request is a JSON object" in server.handle_line(deepest)["error"]
    # at the bound with more brackets than the bound beside it (the depth is measured)
    wide = "[" + "[]," * MAX_DEPTH + "[" * (MAX_DEPTH - 1) + "]" * MAX_DEPTH
    assert "a request is a JSON object" in server.handle_line(wide)["error"]
    wider = "[" + "[]," * MAX_DEPTH + "[" * MAX_DEPTH + "]" * (MAX_DEPTH + 1)
    assert "levels deep, more than 64" in server.handle_line(wider)["error"]
    assert server.handle_line(b'{"id": 9, "op": "view", "game": "s1"}')["ok"]
    done = run_serve(b"[" * 60000 + b'\n{"id": 2, "op": "hello"}\n')
    assert done.returncode == 0 and done.stderr == b""
    replies = [strict(line) for line in done.stdout.decode().splitlines()]
    assert [(r["id"], r["ok"]) for r in replies] == [(None, False), (2, True)]
    assert replies[1]["max_depth"] == MAX_DEPTH


def test_an_unterminated_string_of_escaped_quotes_is_read_in_linear_time() -> None:
    import time
    line = '"' + '\\"' * (MAX_LINE // 2 - 1)
    start = time.monotonic()
    assert Server().handle_line(line)["kind"] == "ProtocolError"
    assert time.monotonic() - start < 5  # (it took some 20 s when it was quadratic)


def test_a_line_of_max_line_bytes_is_read_and_one_more_is_refused() -> None:
    import io

    def line(size: int) -> bytes:
        head = b'{"id": 1, "op": "hello", "pad": "'
        return head + b"x" * (size - len(head) - 2) + b'"}'

    assert len(line(MAX_LINE)) == MAX_LINE
    assert Server().handle_line(line(MAX_LINE))["ok"]
    over = Server().handle_line(line(MAX_LINE + 1))
    assert over["id"] is None and over["error"].endswith(f"longer than {MAX_LINE} bytes")
    unicode = '{"id": 1, "op": "hello", "pad": "' + "é" * MAX_LINE + '"}'
    assert not Server().handle_line(unicode)["ok"]  # counted in bytes, not characters
    out = io.StringIO()
    data = (line(MAX_LINE) + b"\n" + line(MAX_LINE + 1) + b"\n" + line(MAX_LINE)
            + b"\r\n" + line(MAX_LINE + 1))  # (the last one without its newline)
    assert serve(io.BytesIO(data), out, Server()) == 0
    replies = [strict(r) for r in out.getvalue().splitlines()]
    assert [(r["id"], r["ok"]) for r in replies] == [(1, True), (None, False), (1, True),
                                                     (None, False)]


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])
def test_a_non_finite_id_is_refused_never_echoed(text: str) -> None:
    server = Server()
    reply = server.handle_line(f'{{"id": {text}, "op": "hello"}}')
    assert reply["id"] is None and reply["kind"] == "ProtocolError"
    strict(json.dumps(reply))
    done = run_serve(f'{{"id": {text}, "op": "hello"}}\n{{"id": 1, "op": "hello"}}\n'.encode())
    replies = [strict(line) for line in done.stdout.decode().splitlines()]
    assert [r["id"] for r in replies] == [None, 1] and done.returncode == 0


def test_a_number_too_large_is_refused_naming_its_first_40_characters() -> None:
    digits = "1234567890" * 5  # 50 digits, then an exponent no float reaches
    reply = Server().handle_line(f'{{"id": 1, "op": "hello", "x": {digits}e400}}')
    assert reply["id"] is None and reply["kind"] == "ProtocolError"
    assert reply["error"] == (f"the line is refused: the number {digits[:40]} is too large")


@pytest.mark.parametrize("ident", [float("nan"), float("inf"), 1.5, 2**53, -(2**53), 10**4000,
                                   True, [1], {"a": 1}, [[[[1]]]], {1, 2}, object()])
def test_an_id_that_could_break_the_reply_is_refused(ident: object) -> None:
    server, _ = a_dealt_server()
    reply = checked(server, server.handle({"id": ident, "op": "hello"}), games(server))
    assert reply["id"] is None and reply["kind"] == "ProtocolError"
    assert reply["error"].startswith('"id" must be a string, an integer of at most 2**53 - 1')


@pytest.mark.parametrize("ident", [None, "", "x" * 1000, "\ud800", 0, 2**53 - 1, -(2**53 - 1)])
def test_an_id_is_echoed(ident: object) -> None:
    reply = Server().handle({"id": ident, "op": "hello"})
    assert reply["ok"] and reply["id"] == ident
    VALIDATOR.validate(strict(json.dumps(reply)))


def test_the_cap_on_open_games() -> None:
    client = Client(max_games=2)
    assert client("hello")["max_games"] == 2
    client("open", game="a", player=0)
    client("open", game="b", player=0)
    client("open", game="a", player=1)  # re-opening replaces: still two
    client.refused("open", "TooManyGamesError", "2 games are open, the most", game="c",
                   player=0)
    assert sorted(client.server.seats) == ["a", "b"] and client.server.seats["a"].player == 1
    client("close", game="a")
    client("open", game="c", player=0)
    client.refused("open", "TooManyGamesError", "close one first", game="d", player=0)
    assert Server().max_games == MAX_GAMES == 1000
    for bad in (0, -1):
        with pytest.raises(ginrules.GinRulesError, match="max_games"):
            Server(max_games=bad)
    with pytest.raises(ginrules.WrongTypeError):
        Server(max_games=2.0)  # type: ignore[arg-type]
    done = run_serve(b'{"op": "hello"}\n', "--max-games", "0")
    assert done.returncode == 2 and b"--max-games: '0' is not a count >= 1" in done.stderr
    # --max-games 1, the least: one game open, a second refused
    done = run_serve(b'{"op": "hello"}\n{"op": "open", "game": "a", "player": 0}\n'
                     b'{"op": "open", "game": "b", "player": 0}\n', "--max-games", "1")
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert replies[0]["max_games"] == 1
    assert replies[1]["ok"] and not replies[2]["ok"]
    assert replies[2]["kind"] == "TooManyGamesError"


def test_any_failure_of_a_request_is_an_error_reply(dealt: tuple[Client, HandState],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    client, _ = dealt
    server = client.server

    class Fails:
        def __init__(self, error: BaseException) -> None:
            self.error = error

        def choose(self, view: object) -> Any:
            raise self.error

    for error in (RecursionError("deep"), MemoryError(), ValueError("x\ny" * 600)):
        server.seats["g"].decider = Fails(error)
        before = games(server)
        reply = checked(server, server.handle({"id": 4, "op": "decide", "game": "g"}), before)
        assert reply["kind"] == "InternalError" and reply["id"] == 4, reply
        assert reply["error"].startswith(type(error).__name__) and len(reply["error"]) <= 1000
        if len(str(error)) > 1000:  # cut to the limit exactly, the cut marked
            assert len(reply["error"]) == 1000 and reply["error"].endswith("yx...")
    class OddError(ginrules.IllegalActionError):
        pass

    server.seats["g"].decider = Fails(OddError("odd"))  # a kind not in the enum: its base's
    before = games(server)
    reply = checked(server, server.handle({"id": 5, "op": "decide", "game": "g"}), before)
    assert (reply["kind"], reply["error"]) == ("IllegalActionError", "odd")
    for n, text in ((1000, "z" * 1000), (1001, "z" * 997 + "...")):  # the bound, one past
        server.seats["g"].decider = Fails(OddError("z" * n))
        before = games(server)
        reply = checked(server, server.handle({"id": 6, "op": "decide", "game": "g"}), before)
        assert reply["error"] == text, n
    server.seats["g"].decider = Fails(KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):  # Ctrl-C is no failure of a request
        server.handle({"op": "decide", "game": "g"})
    monkeypatch.setattr(server, "_hello", lambda request: {"max_line": float("nan")})
    server._ops["hello"] = server._hello
    before = games(server)
    reply = checked(server, server.handle({"id": "h", "op": "hello"}), before)
    assert reply["kind"] == "InternalError" and reply["id"] == "h"
    assert "not JSON" in reply["error"]


def test_the_schema_lists_the_kinds() -> None:
    assert SCHEMA["$defs"]["kind"]["enum"] == list(KINDS)
    from ginrules import errors
    assert {c.__name__ for c in vars(errors).values() if isinstance(c, type)
            and issubclass(c, errors.GinRulesError)} - {"InvalidRecordError"} <= set(KINDS)


def test_the_server_answers_after_each_bad_line() -> None:
    import io
    bad = [b"[" * 60000, b'{"id": NaN}', b"\xff\xfe", b"{", b"[]", b'"op"', b"null",
           b'{"id": 1.5, "op": "hello"}', b'{"op": "open", "game": "g", "player": 7}',
           b'{"op": "event", "game": "nope", "player": 0, "action": "pass"}',
           b"x" * (MAX_LINE + 5)]
    data = b"".join(line + b'\n{"id": %d, "op": "hello"}\n' % n for n, line in enumerate(bad))
    out = io.StringIO()
    serve(io.BytesIO(data), out, Server())
    replies = [strict(line) for line in out.getvalue().splitlines()]
    assert len(replies) == 2 * len(bad)
    for n in range(len(bad)):
        VALIDATOR.validate(replies[2 * n])
        assert not replies[2 * n]["ok"] and replies[2 * n]["id"] is None
        assert replies[2 * n + 1]["ok"] and replies[2 * n + 1]["id"] == n


# -- fuzz: arbitrary values and lines, and mutations of a real game's requests ------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-2**60, 2**60)
           | st.floats() | st.text(max_size=20)
           | st.sampled_from(["hello", "open", "deal", "event", "decide", "hint", "melds",
                              "reveal", "view", "close", "s0", "s1", "g", "pass", "take",
                              "draw stock", "2C", "KS", "classic", "basic"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8) | st.sampled_from(
                          ["id", "op", "game", "player", "cards", "card", "action", "melds",
                           "dealer", "upcard", "rules", "level", "seed", "budget"]),
                          inner, max_size=5), max_leaves=20)
FIELDS = ["id", "op", "game", "player", "dealer", "cards", "upcard", "card", "action",
          "melds", "knocker_melds", "rules", "level", "seed", "budget", "scores", "events",
          "features"]


def real_requests() -> list[dict[str, Any]]:
    """Every request of a real hand played through the protocol (basic seats)."""
    client = Client()
    sent: list[dict[str, Any]] = []
    handle = client.server.handle

    def recording(request: Any) -> dict[str, Any]:
        sent.append(json.loads(json.dumps(request)))
        return handle(request)

    client.server.handle = recording  # type: ignore[method-assign]
    state = ginrules.deal(ginrules.rules("classic"), seed=3, dealer=1)
    play_hand_through(client, state, "basic", 1)
    return sent


REAL = real_requests()


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    """A real request, mutated as a careless or hostile client would."""
    request: Any = dict(draw(st.sampled_from(REAL)))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.integers(0, 5))
        key = draw(st.sampled_from(FIELDS))
        if how == 0 and isinstance(request, dict):
            request.pop(draw(st.sampled_from(sorted(request) or ["op"])), None)
        elif how == 1 and isinstance(request, dict):
            request[key] = draw(values)
        elif how == 2 and isinstance(request, dict):
            request[key] = draw(st.sampled_from([float("nan"), float("inf"), 2**53, -1,
                                                 10**30, "", [], {}, [[["2C"]]] * 3]))
        elif how == 3:
            request = [request] if draw(st.booleans()) else {"op": request}
        elif how == 4 and isinstance(request, dict) and request:
            other = draw(st.sampled_from(REAL))
            request[key] = other.get(key, draw(scalars))
        elif how == 5 and isinstance(request, dict):
            request["game"] = draw(st.sampled_from(["s0", "s1", "nope", ""]))
    return request


def fuzz_server() -> Server:
    """A server with the two seats of the real hand just dealt (and room for one more
    game), so that some mutated events are still legal."""
    server = Server(level="basic", max_games=3)
    for request in REAL[:4]:  # (open s0, deal s0, open s1, deal s1)
        assert server.handle(request)["ok"]
    return server


@FUZZ
@given(request=values | mutated())
def test_fuzz_handle(request: Any) -> None:
    server = fuzz_server()
    before = games(server)
    checked(server, server.handle(request), before)


def as_line(request: Any) -> str:
    return json.dumps(request)  # (NaN written as NaN: the server must refuse it)


@FUZZ
@given(line=st.binary(max_size=200) | st.text(max_size=200)
       | mutated().map(as_line) | values.map(as_line)
       | st.tuples(mutated().map(as_line), st.integers(0, 300), st.binary(max_size=5)).map(
           lambda t: t[0].encode()[:t[1]] + t[2] + t[0].encode()[t[1]:]))
def test_fuzz_handle_line(line: str | bytes) -> None:
    server = fuzz_server()
    before = games(server)
    checked(server, server.handle_line(line), before)


@FUZZ
@given(lines=st.lists(st.binary(max_size=60) | mutated().map(lambda r: as_line(r).encode())
                      | st.sampled_from([b"[" * 70, b"[" * 60000, b"x" * (MAX_LINE + 1),
                                         b"\r", b"  ", b'{"id": NaN, "op": "hello"}']),
                      max_size=12))
def test_fuzz_serve(lines: list[bytes]) -> None:
    import io
    server = fuzz_server()
    data = b"\n".join(line.replace(b"\n", b"") for line in lines)
    expected = [line for line in data.split(b"\n") if line.rstrip(b"\r\n").strip()]
    out = io.StringIO()
    assert serve(io.BytesIO(data), out, server) == 0
    replies = out.getvalue().split("\n")
    assert replies[-1] == ""
    assert len(replies) - 1 == len(expected)
    for reply in replies[:-1]:
        VALIDATOR.validate(strict(reply))


# -- signals: Ctrl-C and SIGTERM at any moment end the command quietly --------------------

import os  # noqa: E402
import queue  # noqa: E402
import signal  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
SIGNALS = [(signal.SIGINT, 130), (signal.SIGTERM, 143)]

# A sitecustomize that stops the import of ginrules in its middle (at ginrules.hand, which
# the package imports among its first modules) and says so, until a signal comes: the test
# knows the command is importing without any timing assumption.
BLOCKER = '''
import importlib.abc, os, sys, time
class _Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "ginrules.hand":
            os.write(2, b"importing\\n")
            time.sleep(600)
        return None
sys.meta_path.insert(0, _Block())
'''
SCRIPT = '''import re
import sys
from ginrules.cli import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
'''  # (what pip writes for the console script ginrules = "ginrules.cli:main")


def read_line(stream: Any, timeout: float = 120) -> bytes:
    """The next line of ``stream``, waited for up to ``timeout`` s (generous: a loaded
    machine is slow, and nothing here depends on speed)."""
    got: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=lambda: got.put(stream.readline()), daemon=True).start()
    return got.get(timeout=timeout)


def src_path() -> str:
    return str(Path(ginrules.__file__).parent.parent)


def default_signals() -> None:
    """In the child: Ctrl-C and SIGTERM as a terminal's foreground command gets them, even
    when the tests run where they are ignored (a shell's background job, ``cmd &``),
    which the command rightly keeps (test_a_signal_the_parent_ignores_stays_ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def ended_quietly(process: subprocess.Popen[bytes], code: int, err: bytes = b"") -> None:
    _, rest = process.communicate(timeout=120)
    err += rest
    assert process.returncode == code, (process.returncode, err)
    assert b"Traceback" not in err and b"Error" not in err, err
    assert len([line for line in err.splitlines() if line.strip()]) <= 1, err


@posix_only
@pytest.mark.parametrize(("signum", "code"), SIGNALS)
@pytest.mark.parametrize("how", ["-m", "script"])
def test_a_signal_while_the_command_imports(tmp_path: Path, signum: int, code: int,
                                            how: str) -> None:
    (tmp_path / "sitecustomize.py").write_text(BLOCKER)
    (tmp_path / "ginrules").write_text(SCRIPT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), src_path()])}
    command = ([sys.executable, "-m", "ginrules", "serve"] if how == "-m"
               else [sys.executable, str(tmp_path / "ginrules"), "serve"])
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env, preexec_fn=default_signals)
    assert read_line(process.stderr) == b"importing\n"
    process.send_signal(signum)
    ended_quietly(process, code)


def test_importing_ginrules_leaves_the_signals_alone(tmp_path: Path) -> None:
    check = ("import signal, ginrules.cli; "
             "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler, "
             "signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)")
    default = default_signals if os.name == "posix" else None
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, check=True,
                          timeout=120, preexec_fn=default)
    assert done.stdout == b"True True\n"
    (tmp_path / "tool.py").write_text(check)  # a program with a name of its own
    done = subprocess.run([sys.executable, str(tmp_path / "tool.py")], capture_output=True,
                          check=True, timeout=120, preexec_fn=default)
    assert done.stdout == b"True True\n"


def start_serve(*args: str) -> subprocess.Popen[bytes]:
    """``ginrules serve``, seen to be ready: it answered a hello."""
    process = subprocess.Popen([sys.executable, "-m", "ginrules", "serve", *args],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE,
                               preexec_fn=default_signals if os.name == "posix" else None)
    assert process.stdin is not None
    process.stdin.write(b'{"id": "ready", "op": "hello"}\n')
    process.stdin.flush()
    assert json.loads(read_line(process.stdout))["id"] == "ready"
    return process


@posix_only
@pytest.mark.parametrize(("signum", "code"), SIGNALS)
def test_a_signal_while_the_server_waits_for_a_request(signum: int, code: int) -> None:
    process = start_serve()
    process.send_signal(signum)
    ended_quietly(process, code)


def cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


@posix_only
@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs /proc")
@pytest.mark.parametrize(("signum", "code"), SIGNALS)
def test_a_signal_while_the_server_is_answering(signum: int, code: int) -> None:
    """Requests keep the server busy (a writer thread never lets it wait); once its CPU
    time shows it working, it is in the middle of a request nearly always, and in any case
    it must end the same way."""
    process = start_serve("--level", "master")
    assert process.stdin is not None and process.stdout is not None
    s = ginrules.deal(ginrules.rules("classic"), seed=5, dealer=0)
    setup = [{"op": "open", "game": "g", "player": 1},
             {"op": "deal", "game": "g", "dealer": 0, "cards": [str(c) for c in s.cards(1)],
              "upcard": str(s.upcard)}]
    busy = b"".join(json.dumps(r).encode() + b"\n" for r in setup) + (
        b'{"op": "decide", "game": "g"}\n{"op": "hint", "game": "g", "budget": 100}\n'
        b'{"op": "view", "game": "g"}\n') * 50000
    stdin = process.stdin

    def write() -> None:
        try:
            stdin.write(busy)
            stdin.close()
        except (BrokenPipeError, ValueError, OSError):
            pass

    threading.Thread(target=write, daemon=True).start()
    threading.Thread(target=process.stdout.read, daemon=True).start()  # (drain the replies)
    start = cpu_ticks(process.pid)
    tick = os.sysconf("SC_CLK_TCK")
    import time
    deadline = time.monotonic() + 120
    while cpu_ticks(process.pid) - start < tick // 2:  # half a second of work
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    process.send_signal(signum)
    process.wait(timeout=120)
    err = process.stderr.read() if process.stderr else b""
    assert process.returncode == code, err
    assert b"Traceback" not in err and err.strip() == b"ginrules serve: interrupted"


@posix_only
@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc")
def test_a_signal_the_parent_ignores_stays_ignored() -> None:
    """``ginrules serve &`` in a script runs with Ctrl-C ignored: the command must not
    take it back while it starts, nor after."""
    def ignore() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    process = subprocess.Popen([sys.executable, "-m", "ginrules", "serve"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=ignore)
    assert process.stdin is not None
    process.stdin.write(b'{"id": "ready", "op": "hello"}\n')
    process.stdin.flush()
    assert json.loads(read_line(process.stdout))["id"] == "ready"
    with open(f"/proc/{process.pid}/status") as handle:
        mask = int(next(line for line in handle if line.startswith("SigIgn:")).split()[1], 16)
    assert mask & (1 << (signal.SIGINT - 1))
    process.stdin.close()
    assert process.wait(timeout=120) == 0
