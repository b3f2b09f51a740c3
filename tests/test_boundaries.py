"""Every documented bound, at the bound and one past it (issue 45): what is at the bound is
taken, what is one past it is refused (or is the other case), on each side that reads it.

The bounds tested elsewhere at both sides are not repeated here: ``serve``'s line and
depth (tests/test_serve.py), the deadwood command's line and a record's depth
(tests/test_files_and_streams.py), a record's size (tests/test_problem_codes.py), a
request's id (tests/test_serve.py), the rules' minimums and ``dead_hand_stock``
(tests/test_rules.py), a knock at the knock limit and the stock at ``dead_hand_stock``
(tests/test_hand.py), a target reached (tests/test_game.py), eleven cards
(tests/test_melds.py); the OpenSpiel parameters and Gymnasium's time limit are in
tests/extras/test_boundaries_extras.py.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import Deck, records
from ginrules._protocol import MAX_DEPTH, MAX_LINE
from ginrules.cli.serve import MAX_GAMES, Server
from ginrules.errors import GinRulesError
from ginrules.players.external import ExternalPlayer
from test_every_way_in import _bridge
from test_view_records import view_of

# -- the player protocol, on the cmd: side -----------------------------------------------

#: a program of the protocol whose answer to ``hello`` is a line of exactly SIZE bytes (0:
#: as short as it is), nested DEPTH levels deep, ended by END; it passes every upcard
PROGRAM = '''
import json, sys
size, depth, end = int(sys.argv[1]), int(sys.argv[2]), {"lf": "\\n", "crlf": "\\r\\n"}[sys.argv[3]]
for line in sys.stdin:
    request = json.loads(line)
    reply = {"ok": True}
    if request["op"] == "hello":
        reply["protocol"] = 1
        nested = 0
        for _ in range(depth - 1):
            nested = [nested]
        reply["nested"] = nested
        if size:
            reply["pad"] = ""
            reply["pad"] = "x" * (size - len(json.dumps(reply)))
    elif request["op"] == "decide":
        reply["action"] = "pass"
    sys.stdout.write(json.dumps(reply) + end)
    sys.stdout.flush()
'''


def _cmd_move(tmp_path: Path, size: int, depth: int = 1, end: str = "lf") -> str:
    """The move of a cmd: player whose hello answer is ``size`` bytes and ``depth`` deep,
    or the error it is."""
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    player = ExternalPlayer(f"{sys.executable} -I -S {program} {size} {depth} {end}")
    offered = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0).view(1)
    try:
        return str(player.choose(offered))
    except GinRulesError as error:
        return str(error)
    finally:
        player.close()


@pytest.mark.parametrize("end", ["lf", "crlf"])
def test_a_cmd_answer_of_max_line_bytes_is_read_and_one_more_is_refused(
        tmp_path: Path, end: str) -> None:
    """The bound is MAX_LINE bytes before the line's end (``\\n`` or ``\\r\\n``), as
    ``serve`` reads its requests."""
    assert _cmd_move(tmp_path, MAX_LINE, end=end) == "pass"
    refused = _cmd_move(tmp_path, MAX_LINE + 1, end=end)
    assert "the answer to 'hello' is longer than 65,536 bytes" in refused


def test_a_cmd_answer_nested_max_depth_deep_is_read_and_one_more_is_refused(
        tmp_path: Path) -> None:
    # the answer's object is a level, then depth - 1 lists
    assert _cmd_move(tmp_path, 0, depth=MAX_DEPTH) == "pass"
    refused = _cmd_move(tmp_path, 0, depth=MAX_DEPTH + 1)
    assert "nests 65 levels deep, more than 64" in refused


# -- the player protocol, on the serve side ----------------------------------------------


def test_serve_holds_max_games_and_refuses_one_more() -> None:
    server = Server()
    for n in range(MAX_GAMES):
        assert server.handle({"op": "open", "game": f"g{n}", "player": 0})["ok"]
    refused = server.handle({"op": "open", "game": "one more", "player": 0})
    assert refused["kind"] == "TooManyGamesError"
    assert server.handle({"op": "open", "game": "g0", "player": 1})["ok"]  # (a reopening)
    assert server.handle({"op": "close", "game": "g1"})["ok"]
    assert server.handle({"op": "open", "game": "one more", "player": 0})["ok"]


# -- the web page's engine --------------------------------------------------------------


def _answer(method: str, arguments: str) -> dict[str, Any]:
    return json.loads(_bridge().Engine().call(method, arguments))  # type: ignore[no-any-return]


def test_the_engine_reads_arguments_max_depth_deep_and_refuses_one_more() -> None:
    bridge = _bridge()
    assert bridge.MAX_DEPTH == MAX_DEPTH == records.MAX_DEPTH

    def nested(depth: int) -> str:  # the object of the arguments, and depth - 1 lists
        return '{"game": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"

    at = _answer("legal_actions", nested(MAX_DEPTH))
    assert at["error"]["type"] == "GinRulesError"  # read: a list is no game's handle
    past = _answer("legal_actions", nested(MAX_DEPTH + 1))
    assert past["error"] == {"type": "MessageError", "message": "the arguments are the message "
                             "nests 65 levels deep, more than 64"}


def test_the_engine_takes_names_of_100_characters_and_refuses_101() -> None:
    for method, field in (("deal", "players"), ("table", "names")):
        engine = _bridge().Engine()
        game = engine.deal(rules="classic", seed=1)["game"]
        for size, ok in ((100, True), (101, False)):
            arguments: dict[str, Any] = {field: ["x" * size, "y"]}
            if method == "table":
                arguments.update(game=game, player=0)
            answer = json.loads(engine.call(method, json.dumps(arguments)))
            assert ("ok" in answer) is ok, (method, size, answer)
            if not ok:
                assert answer["error"]["type"] == "WrongTypeError"


def test_the_engine_benches_up_to_max_positions() -> None:
    bridge = _bridge()
    assert bridge.MAX_POSITIONS == 1000
    past = _answer("bench", json.dumps({"positions": bridge.MAX_POSITIONS + 1}))
    assert past["error"]["message"] == "bench: positions is an int from 1 to 1000, not 1001"
    at = bridge.bench(levels=[], positions=bridge.MAX_POSITIONS)  # (no level timed)
    assert at == {"positions": 1000, "levels": []}
    # and down to one position, not none
    below = _answer("bench", json.dumps({"positions": 0}))
    assert below["error"]["message"] == "bench: positions is an int from 1 to 1000, not 0"
    assert bridge.bench(levels=[], positions=1) == {"positions": 1, "levels": []}


# -- records ----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [records.MAX_PROBLEMS, records.MAX_PROBLEMS + 1])
def test_a_report_holds_max_problems_and_counts_the_rest(bad: int) -> None:
    state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
    data = records.to_record(state)
    data["hands"] = [dict(data["hands"][0], actions=["p0 discard 7H"]) for _ in range(bad)]
    data["kind"] = "game"
    report = records.validate(data, lenient=True)
    assert len(report.problems) == records.MAX_PROBLEMS
    assert report.omitted == bad - records.MAX_PROBLEMS


def _knock_at(limit: int, rules: str, upcard: str) -> ginrules.HandState:
    """A hand of ``rules`` where player 0 knocks with deadwood exactly ``limit`` (the
    knock limit: its upcard's under Oklahoma): it passes, player 1 passes, it draws KH
    and knocks with it."""
    knocker = [*ginrules.parse_cards("2C 3C 4C 5D 6D 7D 8H 9H TH"),
               ginrules.parse_card({10: "KS", 7: "7S"}[limit])]
    defender = ginrules.parse_cards("AS 3S 5S 9S JS QD JD 9C 7C QC")
    first = [c for pair in zip(knocker, defender, strict=True) for c in pair]
    dealt = [*first, ginrules.parse_card(upcard), ginrules.parse_card("KH")]
    deck = Deck((*dealt, *(c for c in Deck.standard().cards if c not in dealt)))
    state = ginrules.deal(ginrules.rules(rules), deck=deck, dealer=1)
    return state.apply("pass").apply("pass").apply("draw stock").apply("knock KH")


@pytest.mark.parametrize(("rules", "upcard", "limit"), [
    ("classic", "2S", 10), ("oklahoma", "7H", 7), ("dutch", "4S", 10),
    ("dutch-oklahoma", "7H", 7)])
def test_a_view_record_of_a_knock_at_exactly_the_knock_limit(rules: str, upcard: str,
                                                             limit: int) -> None:
    """Player 0 knocks with deadwood exactly at the limit: the record, and the view of
    either player, are valid; the knocker's deadwood declared one past the limit is not
    (the viewer cannot see the knocker's deadwood card, but a knock leaves at most the
    limit)."""
    hand = _knock_at(limit, rules, upcard)
    result = hand.result
    assert result is not None and (result.knocker, result.knocker_deadwood) == (0, limit)
    assert hand.knock_limit == limit
    full = records.to_record(hand, deal_form="hands")
    assert records.validate(full).valid
    for viewer in (0, 1):
        data = view_of(full, viewer)
        report = records.validate(data)
        assert report.valid, (viewer, report)
        over = json.loads(json.dumps(data))
        outcome = over["hands"][0]["outcome"]
        outcome["deadwood"][0] = limit + 1
        # (the points follow from the deadwood: as the viewer would score the hand)
        outcome["points"] -= 1 if outcome["winner"] == 1 else -1
        problems = records.validate(over).problems
        assert problems and problems[0].code == "wrong-deadwood", (viewer, problems)


def test_a_knock_one_past_the_limit_is_refused() -> None:
    with pytest.raises(ginrules.IllegalActionError) as refused:
        _knock_at(7, "oklahoma", "6H")
    assert str(refused.value) == "cannot knock KH: deadwood 7 is over the knock limit 6"


# -- the terminal -----------------------------------------------------------------------


def test_a_line_of_input_of_max_line_characters_is_read_and_one_more_is_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from ginrules.terminal import MAX_LINE as LINE
    from ginrules.terminal import read_line

    for size, ok in ((LINE, True), (LINE + 1, False)):
        monkeypatch.setattr(sys, "stdin", io.StringIO("x" * size + "\nmore\n"))
        if ok:
            assert read_line("> ") == "x" * size
        else:
            with pytest.raises(GinRulesError, match="at most 1,000 characters"):
                read_line("> ")
    capsys.readouterr()


def test_a_last_line_without_its_newline_is_read_at_max_line_characters(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Input that ends without a newline (a file cut short, ``printf``): its last line is
    read at MAX_LINE characters, and refused at one more, as a line with its newline."""
    from ginrules.terminal import MAX_LINE as LINE
    from ginrules.terminal import read_line

    monkeypatch.setattr(sys, "stdin", io.StringIO("take\n" + "x" * LINE))
    assert read_line("> ") == "take"
    assert read_line("> ") == "x" * LINE
    with pytest.raises(EOFError):
        read_line("> ")
    monkeypatch.setattr(sys, "stdin", io.StringIO("x" * (LINE + 1)))
    with pytest.raises(GinRulesError, match="at most 1,000 characters"):
        read_line("> ")
    capsys.readouterr()
