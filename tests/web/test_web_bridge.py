"""The engine of the web page (web/src/ginrules_bridge.py), run in CPython: the same file
the browser runs in Pyodide, called through the same JSON wire."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_the_table_offers_undo_to_the_seat_that_has_a_move_to_take_back() -> None:
    """After player 1 takes the upcard, player 1's table offers undo and player 0's does
    not (player 0 has made no move), as undo itself answers."""
    engine = bridge.Engine()
    start = call(engine, "deal", rules="classic", seed=3)["game"]
    assert [call(engine, "table", game=start, player=p)["can_undo"] for p in (0, 1)] == [
        False, False]
    taken = call(engine, "apply", game=start, action="take")["game"]
    assert [call(engine, "table", game=taken, player=p)["can_undo"] for p in (0, 1)] == [
        False, True]
    assert "no move to take back" in call(engine, "undo", game=taken, player=0)["message"]


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
    assert advice["level"] == "expert" and "knock" not in advice  # an offer: no knock
    assert call(engine, "hint", game=game, player=turn, level="basic")["level"] == "basic"
    for opponent in ("expert", "beginner", "random", None):  # random: no model, "any"
        assert call(engine, "hint", game=game, player=turn, opponent=opponent)["level"] \
            == "expert"
    assert call(engine, "hint", game=game, player=turn, level="sage")["type"] == \
        "GinRulesError"
    assert call(engine, "hint", game=game, player=turn, level=3)["type"] == "WrongTypeError"
    assert call(engine, "hint", game=game, player=turn, opponent=[])["type"] == \
        "WrongTypeError"
    assert len(call(engine, "cards")) == 52
    info = call(engine, "info")
    assert [p["name"] for p in info["presets"]] == list(ginrules.PRESETS)
    for shown in info["presets"]:  # what the page's choices say of each preset is its own
        preset = ginrules.rules(shown["name"])
        assert (shown["target"], shown["knock_limit"], shown["oklahoma"]) == (
            preset.target, preset.knock_limit, preset.oklahoma), shown
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


# -- hostile calls: every call answers, and no game changes -----------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                              max_size=4),
    max_leaves=12)
_NAMES = ["game", "rules", "seed", "hollywood", "players", "action", "player", "names",
          "level", "who", "record", "levels", "positions"]


def _answer(engine: Any, method: object, arguments: object) -> dict[str, Any]:
    text = engine.call(method, arguments)
    answer = json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in {text}"))
    assert isinstance(answer, dict) and len(answer) == 1 and ("ok" in answer or "error" in answer)
    if "error" in answer:
        error = answer["error"]
        assert set(error) == {"type", "message"} and isinstance(error["message"], str)
        assert error["type"] != "InternalError", error  # a refusal in the library's words
        assert len(error["message"]) <= 2100
    return answer


def _engine_with_games() -> tuple[Any, str]:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="short", seed=3, players=["you", "the computer"])["game"]
    started = call(engine, "apply", game=game, action="pass")["game"]
    return engine, json.dumps(engine.table(started, 0))


@settings(max_examples=300)
@given(method=st.sampled_from([*bridge.Engine()._methods, "nonsense"]),
       arguments=st.dictionaries(st.sampled_from(_NAMES), _JSON | st.sampled_from(
           ["g1", "g2", "short", "expert", "take", "pass", "draw stock", 0, 1, 10**300,
            -1, 2, 10**20]), max_size=4))
def test_every_call_with_any_json_arguments_answers(method: str,
                                                     arguments: dict[str, Any]) -> None:
    engine, before = _engine_with_games()
    if method == "bench":  # (its work grows with its positions: bounded, but slow to test)
        arguments.pop("positions", None)
        arguments["levels"] = ["random"]
    _answer(engine, method, json.dumps(arguments))
    if method not in ("apply", "undo", "deal", "load", "release"):
        assert list(engine._games) == ["g1", "g2"]
    if "g2" in engine._games:
        assert json.dumps(engine.table("g2", 0)) == before


@settings(max_examples=300)
@given(method=st.one_of(st.sampled_from([*bridge.Engine()._methods]), st.text(max_size=10),
                        st.none(), st.integers()),
       arguments=st.one_of(st.text(), st.binary().map(lambda b: b.decode("latin-1")),
                           st.sampled_from(["\x00", "[" * 5000, "{" * 100_000, "1" * 5000,
                                            '{"seed": ' + "9" * 5000 + "}", '{"seed": NaN}',
                                            '{"seed": 1e999}', '{"a": 1, "a": 2}', "",
                                            "[]", "null", '{"game": "g1"}' * 2])))
def test_every_call_with_any_text_answers(method: Any, arguments: str) -> None:
    engine, before = _engine_with_games()
    _answer(engine, method, arguments)
    assert json.dumps(engine.table("g2", 0)) == before


def test_the_reported_hostile_calls_answer_with_errors() -> None:
    engine = bridge.Engine()
    for method, arguments, kind in [
            ("validate", "\x00", "MessageError"),
            ("deal", "[" * 100_000, "MessageError"),
            ("deal", '{"seed": ' + "1" * 5000 + "}", "MessageError"),
            ("deal", '{"seed": NaN}', "MessageError"),
            ("bench", '{"positions": 0}', "WrongTypeError"),
            ("bench", '{"positions": 1000000}', "WrongTypeError"),
            ("bench", '{"levels": ["grandmaster"]}', "GinRulesError"),
            ("table", '{"game": "g1", "player": 0, "names": ["only one"]}', "WrongTypeError"),
            ("deal", '{"players": ["a", "b", "c"]}', "WrongTypeError"),
            ("nonsense" * 100_000, "{}", "GinRulesError")]:
        if method == "table":
            engine.deal(rules="short", seed=1)
        answer = _answer(engine, method, arguments)
        assert answer["error"]["type"] == kind, (method, arguments[:40], answer)


def test_a_failure_inside_a_method_is_an_internal_error_answer() -> None:
    engine = bridge.Engine()

    def broken() -> None:
        raise RecursionError("maximum recursion depth exceeded")

    engine._methods["info"] = broken
    assert json.loads(engine.call("info", "{}")) == {"error": {
        "type": "InternalError", "message": "info: RecursionError: maximum recursion depth "
        "exceeded"}}
    engine._methods["info"] = lambda: float("nan")  # a value that is not JSON
    assert json.loads(engine.call("info", "{}"))["error"]["type"] == "MessageError"


def test_the_result_words_say_you_score_and_name_an_undercut() -> None:
    """Issue 46: "gin by you; you scores 44", and an undercut named only in the picture's
    caption. The words, the picture and the sheet's rows, over whole games."""
    from ginrules.knocking import EndKind
    from ginrules.scoring import score_hand

    names = ["you", "the computer (expert)"]
    seen: set[str] = set()
    for seed in range(1, 80):
        game = ginrules.new_game(ginrules.rules("short"), seed=seed)
        player = ginrules.players.make_player("basic", seed=seed)
        while not game.is_over:
            assert game.hand is not None
            game = game.apply(player.choose(game.view(game.hand.turn)))
        rows = bridge._sheet(game)["hands"]
        for number, result in enumerate(game.results, 1):
            out = bridge._result(result, game, number, names)
            assert "you scores" not in out["words"] and "you scores" not in out["picture"]
            # the picture names the seats as the page does, not "player 0/1"
            assert not re.search(r"player [01]", out["picture"]), out["picture"]
            if result.kind is EndKind.DEAD:
                assert not rows[number - 1]["undercut"]
                continue
            score = score_hand(result, game.rules)
            assert out["undercut"] == score.undercut == rows[number - 1]["undercut"]
            if score.player == 0:
                assert out["words"].endswith(f"; you score {score.points}")
                seen.add("you")
            elif score.player == 1:
                assert out["words"].endswith(f"; the computer (expert) scores {score.points}")
            if score.undercut:
                scorer = names[score.player or 0]
                assert f"undercut by {scorer}" in out["words"]
                seen.add("undercut")
        if seen == {"you", "undercut"}:
            break
    assert seen == {"you", "undercut"}


def test_take_back_takes_your_move_with_the_reply_as_the_table_allows() -> None:
    """Undo as a card-game site's: your discard and the computer's reply (issue 46)."""
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=3,
                players=["you", "the computer"])["game"]
    assert call(engine, "table", game=game, player=0)["can_take_back"] is False
    moves = ["pass", "take", "discard KH", "draw stock"]  # the computer, you, you, it
    handles = [game]
    for action in moves:
        handles.append(call(engine, "apply", game=handles[-1], action=action)["game"])
    back = call(engine, "take_back", game=handles[-1], player=0)
    assert back["taken"] == ["you discard KH", "the computer draws from the stock"]
    assert call(engine, "view", game=back["game"], player=0) == call(
        engine, "view", game=handles[2], player=0)
    # the plain undo refuses it: the last move was the computer's
    assert call(engine, "undo", game=handles[-1], player=0)["type"] == "GinRulesError"
    # and again: your take of the upcard (the computer's pass before it stays)
    again = call(engine, "take_back", game=back["game"], player=0)
    assert again["taken"] == ["you take the upcard TS"]
    assert call(engine, "view", game=again["game"], player=0) == call(
        engine, "view", game=handles[1], player=0)
    assert call(engine, "table", game=again["game"], player=0)["can_take_back"] is False
    refused = call(engine, "take_back", game=again["game"], player=0)
    assert refused["message"] == "player 0 has no move to take back: no move of theirs has been made"


def test_take_back_stops_at_a_stock_draw_and_a_new_deal_and_says_so_in_the_table() -> None:
    engine = bridge.Engine()
    player = ginrules.players.make_player("basic", seed=5)
    game = call(engine, "deal", rules="short", seed=5)["game"]
    kinds: set[str] = set()
    while not call(engine, "table", game=game, player=0)["is_over"]:
        can = call(engine, "table", game=game, player=0)["can_take_back"]
        answer = call(engine, "take_back", game=game, player=0)
        assert can == ("game" in answer), answer
        if not can:
            kinds.add(answer["message"].split(": ", 1)[1])
        else:
            assert engine._games[answer["game"]].history.state.hand.turn == 0
        state = engine._games[game].history.state
        action = str(player.choose(state.view(state.hand.turn)))
        game = call(engine, "apply", game=game, action=action)["game"]
    assert kinds >= {"a card drawn from the stock cannot be put back",
                     "their last move was in a hand that is over, and its cards are shown"}, kinds


def test_a_wrong_value_is_shown_whole_up_to_80_characters_then_cut() -> None:
    """An error names the wrong value as written (its repr) when that takes 80 characters
    or fewer, and cuts a longer one to 80, saying how long it was."""
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=3, players=["you", "basic"])["game"]
    at, past = "x" * 78, "x" * 79  # reprs of 80 and 81 characters
    error = call(engine, "choose", game=game, level=at)
    assert error["type"] == "GinRulesError"
    assert f"unknown level '{at}';" in error["message"]
    error = call(engine, "choose", game=game, level=past)
    assert f"unknown level '{past[:79]}... (81 characters);" in error["message"]


def test_load_refuses_the_record_of_a_single_hand_in_words() -> None:
    """The page plays games: a valid record of one hand is refused, saying so."""
    state = ginrules.deal(ginrules.rules("classic"), seed=4, dealer=0)
    error = call(bridge.Engine(), "load", record=records.dump(state))
    assert error == {"type": "GinRulesError",
                     "message": "this record is of a hand, not a game: the page plays games"}


@pytest.mark.parametrize("arguments", ["[1]", '"x"', "null", "3", "[]"])
def test_arguments_that_are_json_but_no_object_are_refused_in_words(arguments: str) -> None:
    """The arguments of a call are a JSON object; any other JSON value is refused as such."""
    assert json.loads(bridge.Engine().call("deal", arguments)) == {"error": {
        "type": "WrongTypeError", "message": "the arguments are a JSON object"}}


def test_bench_times_the_five_levels_a_person_picks_by_default() -> None:
    """Without levels, bench times the five a person picks on the page, weakest first."""
    timed = bridge.bench(positions=1)["levels"]
    assert [row["level"] for row in timed] == [
        "beginner", "intermediate", "advanced", "expert", "master"]
    assert all(row["moves"] == 1 for row in timed)


def test_choose_in_a_game_that_is_over_says_so() -> None:
    """Asking a level for a move once the game is over is refused, saying why."""
    players = [ginrules.players.make_player("basic", seed=s) for s in (1, 2)]
    over = ginrules.game.play(ginrules.new_game(ginrules.rules("short"), seed=5), players)
    engine = bridge.Engine()
    game = call(engine, "load", record=records.dump(over))["game"]
    assert call(engine, "choose", game=game, level="basic") == {
        "type": "GinRulesError", "message": "no hand is in play: the game is over"}


# -- each argument refused in the method's own words (survivors of a plausible-bug pool) -


_SEAT_METHODS = ["undo", "take_back", "view", "table", "hint"]


@pytest.mark.parametrize("method", [*_SEAT_METHODS, "apply"])
@pytest.mark.parametrize("player", ["0", -1, 2, True, 1.5, [0], None])
def test_a_seat_that_is_not_0_or_1_is_refused_naming_what_was_given(method: str,
                                                                    player: Any) -> None:
    """Every method that takes a seat refuses anything but 0 or 1 (``apply`` also takes
    null) with a WrongTypeError that names the method and the value as given."""
    if method == "apply" and player is None:
        return  # apply's player is optional
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=3)["game"]
    arguments: dict[str, Any] = {"game": game, "player": player}
    if method == "apply":
        arguments["action"] = "pass"
    wanted = "0, 1 or null" if method == "apply" else "0 or 1"
    assert call(engine, method, **arguments) == {
        "type": "WrongTypeError",
        "message": f"{method}: player is {wanted}, not {player!r}"}


def test_an_action_or_a_preset_that_is_not_text_is_refused_in_words() -> None:
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=3)["game"]
    for action in (5, None, ["pass"]):
        assert call(engine, "apply", game=game, action=action) == {
            "type": "WrongTypeError",
            "message": "action is text, like 'draw stock' or 'discard 7H'"}
    for rules in (5, None, {"preset": "classic"}):
        assert call(engine, "deal", rules=rules) == {
            "type": "WrongTypeError",
            "message": f"rules is a preset's name, one of {', '.join(ginrules.PRESETS)}"}


def test_the_hint_weighs_a_knock_against_the_opponent_named() -> None:
    """A knock hint through the bridge is the library's, weighed against the opponent's
    level when it has a knock model, against ``any`` when it has none or none is named."""
    import attrs

    engine = bridge.Engine()
    basic = ginrules.players.make_player("basic", seed=1)
    game = call(engine, "deal", rules="classic", seed=0)["game"]
    while True:  # to the first position with a knock (not gin) to weigh
        state = engine._games[game].history.state
        v = state.view(state.hand.turn)
        if ginrules.hint(v).knock is not None:
            break
        game = call(engine, "apply", game=game, action=str(basic.choose(v)))["game"]
    for named, model in (("expert", "expert"), ("simple", "simple"), ("random", "any"),
                         (None, None)):
        advice = call(engine, "hint", game=game, player=v.player, opponent=named)
        assert advice["knock"] == attrs.asdict(ginrules.hint(v, opponent=model).knock), named
    assert call(engine, "hint", game=game, player=v.player, opponent="expert")["knock"] != \
        call(engine, "hint", game=game, player=v.player, opponent="random")["knock"]


def test_bench_names_an_unknown_level_and_takes_every_level_at_once() -> None:
    """bench refuses a level it does not know in its own words, and takes a list of as
    many levels as there are (each once), not one more."""
    with pytest.raises(ginrules.GinRulesError, match=r"^bench: unknown level 'grandmaster'; "
                       r"the levels are "):
        bridge.bench(["basic", "grandmaster"], positions=1)
    every = list(ginrules.players.PLAYERS)
    assert [row["level"] for row in bridge.bench(every, positions=1)["levels"]] == every
    with pytest.raises(ginrules.errors.WrongTypeError, match="bench: levels is a list"):
        bridge.bench([*every, "basic"], positions=1)


def test_the_computer_players_kept_are_at_most_the_bound() -> None:
    """The players kept between moves, by level and seed, are bounded: at the bound the
    oldest goes as a new one comes."""
    engine = bridge.Engine()
    game = call(engine, "deal", rules="classic", seed=3)["game"]
    for seed in range(bridge._KEPT_PLAYERS + 3):
        call(engine, "choose", game=game, level="random", seed=seed)
        assert len(engine._players) == min(seed + 1, bridge._KEPT_PLAYERS)
    newest = ("random", bridge._KEPT_PLAYERS + 2)
    assert ("random", 0) not in engine._players and newest in engine._players


def test_load_refuses_a_game_between_hands_with_no_seed_to_deal_from() -> None:
    from ginrules.game import deal_hand

    game = deal_hand(ginrules.new_game(ginrules.rules("classic"), dealer=0),
                     deck=ginrules.Deck.shuffled(5))
    basic = ginrules.players.make_player("basic", seed=1)
    while not game.finished:
        game = game.apply(basic.choose(game.view(game.hand.turn)))
    assert game.hand is None and not game.is_over and records.validate(records.dump(game)).valid
    assert call(bridge.Engine(), "load", record=records.dump(game)) == {
        "type": "GinRulesError",
        "message": "this record's game has no seed to deal its next hand from"}
