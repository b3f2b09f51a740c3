"""The engine of the web page (web/src/ginrules_bridge.py), run in CPython: the same file
the browser runs in Pyodide, called through the same JSON wire."""

from __future__ import annotations

import doctest
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import records

BRIDGE = Path(__file__).resolve().parents[2] / "web" / "src" / "ginrules_bridge.py"


def _load_bridge() -> Any:
    spec = importlib.util.spec_from_file_location("ginrules_bridge", BRIDGE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ginrules_bridge"] = module
    spec.loader.exec_module(module)
    return module


bridge = _load_bridge()


def call(engine: Any, method: str, **kwargs: Any) -> Any:
    """A call through the wire, as ginrules.js makes it; the value, or the error dict."""
    answer = json.loads(engine.call(method, json.dumps(kwargs)))
    return answer["ok"] if "ok" in answer else answer["error"]


def test_doctests() -> None:
    failures, tried = doctest.testmod(bridge, optionflags=doctest.ELLIPSIS)
    assert tried > 5 and failures == 0


def test_a_whole_game_through_the_wire_matches_the_library() -> None:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="short", seed=11, players=["you", "basic"])["game"]
    expected = ginrules.new_game(ginrules.rules("short"), seed=11)
    players = [ginrules.players.make_player("basic", seed=11)] * 2
    while not expected.is_over:
        assert expected.hand is not None
        action = players[0].choose(expected.view(expected.hand.turn))
        assert call(engine, "legal_actions", game=game) == [
            str(a) for a in expected.legal_actions()]
        game = call(engine, "apply", game=game, action=str(action),
                    player=expected.hand.turn)["game"]
        expected = expected.apply(action)
    table = call(engine, "table", game=game, player=0)
    assert table["is_over"] and table["winner"] == expected.winner
    last = table["last_result"]
    assert last["hand"] == len(expected.finished) and last["kind"] != "dead"
    knocker = last["knocker"]
    names = ["you", "basic"]
    picture = last["picture"]  # its rows: the knocker's, then the defender's
    assert picture.index(f">{names[knocker]}<") < picture.index(f">{names[1 - knocker]}<")
    assert last["words"].startswith(f"{last['kind']} by {names[knocker]}")
    assert table["sheet"]["final_scores"] == list(expected.sheet.final_totals())
    assert table["sheet"]["totals"] == list(expected.totals)
    # the record the page saves is valid, and its sheet is the game's
    text = call(engine, "dump", game=game)
    assert records.validate(text).valid
    assert records.load(text).game.sheet == expected.sheet  # type: ignore[union-attr]
    report = call(engine, "validate", record=text)
    assert report["valid"] and report["sheet"]["final_scores"] == table["sheet"]["final_scores"]


def test_the_table_shows_one_seat_only() -> None:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=5)["game"]
    state = ginrules.new_game(ginrules.rules("classic"), seed=5)
    assert state.hand is not None
    theirs = {str(card) for card in state.hand.cards(1)}
    table = call(engine, "table", game=game, player=0)
    words = json.dumps(table)
    upcard = str(state.hand.upcard)
    leaked = {card for card in theirs - {upcard} if f'"{card}"' in words}
    assert not leaked
    assert sorted(table["view"]["cards"]) == sorted(str(c) for c in state.hand.cards(0))


def test_an_illegal_move_is_refused_in_the_librarys_words() -> None:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=3)["game"]
    error = call(engine, "apply", game=game, action="discard 7H", player=1)
    state = ginrules.new_game(ginrules.rules("classic"), seed=3)
    assert state.hand is not None
    with pytest.raises(ginrules.GinRulesError) as library:
        state.hand.check(ginrules.Action.parse("discard 7H"), player=1)
    assert error == {"type": "IllegalActionError", "message": str(library.value)}
    wrong_turn = call(engine, "apply", game=game, action="pass", player=0)
    assert wrong_turn["type"] == "IllegalActionError" and "player 1" in wrong_turn["message"]


def test_undo_follows_the_table_rules_and_keeps_old_handles() -> None:
    engine = bridge.Engine()
    start = call(engine, "deal", rules="classic", seed=3)["game"]
    taken = call(engine, "apply", game=start, action="take")["game"]
    back = call(engine, "undo", game=taken, player=1)["game"]
    assert call(engine, "view", game=back, player=1) == call(engine, "view", game=start, player=1)
    refused = call(engine, "undo", game=start, player=1)
    assert refused["message"] == "player 1 has no move to take back: no move has been made"
    assert call(engine, "legal_actions", game=taken) != call(engine, "legal_actions", game=start)


def test_load_refuses_a_bad_record_and_continues_a_good_one() -> None:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=9, players=["you", "the computer"])["game"]
    for _ in range(3):
        action = call(engine, "legal_actions", game=game)[0]
        game = call(engine, "apply", game=game, action=action)["game"]
    text = call(engine, "dump", game=game)
    loaded = call(engine, "load", record=text)
    assert loaded["players"] == ["you", "the computer"] and loaded["rules"] == "classic"
    assert call(engine, "view", game=loaded["game"], player=0) == call(
        engine, "view", game=game, player=0)
    data = json.loads(text)
    data["hands"][0]["actions"][1] = "p0 discard 7H"
    error = call(engine, "load", record=json.dumps(data))
    assert error["type"] == "InvalidRecordError"
    assert error["message"] == str(records.validate(data).problems[0].message) or \
        "hand 1, action 2" in error["message"]
    assert call(engine, "validate", record=json.dumps(data))["valid"] is False
    assert call(engine, "load", record="{")["type"] == "InvalidRecordError"


def test_choose_is_the_levels_move_from_its_view() -> None:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=4)["game"]
    state = ginrules.new_game(ginrules.rules("classic"), seed=4)
    assert state.hand is not None
    for level in ("beginner", "intermediate", "advanced", "expert"):
        move = call(engine, "choose", game=game, level=level, seed=2)
        player = ginrules.players.make_player(level, seed=2)
        assert move["action"] == str(player.choose(state.view(state.hand.turn)))
        assert move["player"] == state.hand.turn and move["seconds"] >= 0
    assert "unknown level" in call(engine, "choose", game=game, level="grandmaster")["message"]


def test_hint_cards_info_and_errors() -> None:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=4)["game"]
    turn = call(engine, "view", game=game, player=0)["turn"]
    advice = call(engine, "hint", game=game, player=turn)
    assert advice["action"] in call(engine, "legal_actions", game=game) and advice["reason"]
    assert len(call(engine, "cards")) == 52
    info = call(engine, "info")
    assert [p["name"] for p in info["presets"]] == list(ginrules.PRESETS)
    assert {"master", "expert", "beginner"} <= {lv["name"] for lv in info["levels"]}
    assert call(engine, "nonsense")["type"] == "GinRulesError"
    assert call(engine, "view", game="g999", player=0)["type"] == "GinRulesError"
    assert call(engine, "apply", game=game)["type"] == "WrongTypeError"
    call(engine, "release", game=game)
    assert "no game 'g1'" in call(engine, "legal_actions", game=game)["message"]


@pytest.mark.parametrize("knocker", [0, 1])
def test_the_result_picture_names_the_knockers_row_first(knocker: int) -> None:
    basic = ginrules.players.make_player("basic", seed=1)
    for seed in range(100):
        state = ginrules.new_game(ginrules.rules("classic"), seed=seed)
        actions = []
        while not state.finished:
            assert state.hand is not None
            action = basic.choose(state.view(state.hand.turn))
            actions.append(str(action))
            state = state.apply(action)
        if state.results[0].knocker == knocker:
            break
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=seed, players=["you", "the computer"])
    handle = game["game"]
    for action in actions:
        handle = call(engine, "apply", game=handle, action=action)["game"]
    last = call(engine, "table", game=handle, player=0)["last_result"]
    names = ["you", "the computer"]
    assert last["knocker"] == knocker
    picture = last["picture"]
    assert picture.index(f">{names[knocker]}<") < picture.index(f">{names[1 - knocker]}<")
