"""Records: writing, reading, replaying, the validator, the corpus and the CLI."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrules
from ginrules import game, hand, records
from ginrules.cli import main
from strategies import GAME_PAIRS, every_pair, game_of, gin_deck

DATA = Path(__file__).parent / "data" / "records"
EXPECTED: dict[str, str | None] = json.loads((DATA / "expected.json").read_text())


def play_some(rules: ginrules.RuleSet, seed: int, max_hands: int = 4) -> game.GameState:
    """A game played by random players, stopped after ``max_hands`` hands (straight gin
    between random players can take thousands of hands)."""
    g = game.new_game(rules, seed=seed)
    players = game.random_policies(seed)
    while not g.is_over and len(g.finished) < max_hands:
        h = g.hand
        assert h is not None
        g = game.apply(g, players[h.turn](h, h.turn))
    return g


@every_pair(GAME_PAIRS, examples=24, games=True)
@given(data=st.data(), form=st.sampled_from(["deck", "hands"]))
def test_round_trip_every_preset(pair: tuple[str, str], data: st.DataObject, form: str) -> None:
    g = data.draw(game_of(pair))
    text = records.dump(g, deal_form=form)
    record = records.load(text)
    states = record.hands
    assert len(states) == len(g.finished) + (g.hand is not None)
    for original, again in zip(g.finished, states, strict=False):
        assert again.result == original.result
        assert again.actions == original.actions
        assert again.masks == original.masks
        if form == "deck":
            assert again == original
    if g.is_over:
        assert record.game is not None and record.game.sheet == g.sheet
    assert records.validate(text).valid
    assert records.validate(json.loads(text), lenient=True).valid


def test_written_records_match_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = records.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    g = play_some(ginrules.rules("classic"), 5, max_hands=3)
    for form in ("deck", "hands"):
        validator.validate(records.to_record(g, deal_form=form, players=["A", "B"]))
    for name in EXPECTED:
        if name.startswith("valid") or name.startswith("view"):
            validator.validate(json.loads((DATA / name).read_text()))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus(name: str) -> None:
    report = records.validate(DATA / name)
    expected = EXPECTED[name]
    if expected is None:
        assert report.valid, str(report)
    else:
        assert not report.valid
        assert expected in str(report.problems[0])
        assert report.problems[0].message
    lenient = records.validate(DATA / name, lenient=True)
    assert lenient.valid == report.valid
    assert len(lenient.problems) >= len(report.problems)


def test_strict_load_raises_with_the_place() -> None:
    with pytest.raises(ginrules.InvalidRecordError) as info:
        records.load(DATA / "illegal_discard.json")
    assert info.value.hand == 1  # type: ignore[attr-defined]
    assert info.value.action == 3  # type: ignore[attr-defined]
    assert str(info.value).startswith("hand 1, action 3: cannot discard")


def test_lenient_collects_every_problem() -> None:
    data = json.loads((DATA / "valid_hand.json").read_text())
    data["hands"][0]["outcome"]["points"] += 1
    data["hands"][0]["outcome"]["kind"] = "gin"
    data["players"] = ["only one"]
    strict = records.validate(data)
    lenient = records.validate(data, lenient=True)
    assert len(strict.problems) == 1
    assert len(lenient.problems) == 3
    assert "hand 1" in str(lenient)


def test_view_records_say_what_was_not_checked() -> None:
    report = records.validate(DATA / "view_player0.json")
    assert report.valid
    assert any("not checked" in note for note in report.notes)
    data = json.loads((DATA / "view_player0.json").read_text())
    data.pop("view")
    report = records.validate(data)
    assert not report.valid and "??" in str(report)


def test_unknown_fields_and_bad_values() -> None:
    data = json.loads((DATA / "valid_hand.json").read_text())
    data["hnads"] = []
    assert "unknown field 'hnads'" in str(records.validate(data))
    data = json.loads((DATA / "valid_hand.json").read_text())
    data["hands"][0]["dealer"] = 2
    assert "dealer must be 0 or 1" in str(records.validate(data))
    assert "a record is a JSON object" in str(records.validate(b"[1, 2]"))
    assert "cannot read" in str(records.validate("/no/such/file.json"))


def test_incomplete_hand_records() -> None:
    state = hand.deal(ginrules.rules("classic"), deck=ginrules.Deck.standard(), dealer=1)
    data = records.to_record(state)
    assert records.validate({**data, "complete": True}).valid is False
    assert records.validate(data).valid


@pytest.mark.parametrize("count", [4, 5, 6])
def test_a_hands_actions_past_four_are_written_one_per_line(count: int) -> None:
    """A record lists a hand's actions one per line once there are more than four (a
    short list stays on one line): five actions are five lines."""
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    for action in ("pass", "pass", "draw stock", "discard 7C", "draw stock",
                   "discard 3C")[:count]:
        state = state.apply(action)
    text = records.dump(state)
    lines = [line.strip() for line in text.splitlines()]
    start = lines.index('"actions": [' if count > 4 else next(
        line for line in lines if line.startswith('"actions": ["')))
    if count > 4:
        assert lines[start + count + 1] == "]"
        assert all(line.startswith('"p') for line in lines[start + 1:start + count + 1])
    else:
        assert lines[start].endswith('"]') and lines[start].count('"p') == count


def test_a_list_of_one_hand_is_the_record_of_that_hand() -> None:
    """A list of hands writes a game record only when it holds more than one: a list of
    one hand is that hand's record (no running totals), as the hand alone gives."""
    played = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
    first, second = played.finished[:2]
    assert records.to_record([first]) == records.to_record(first)
    assert records.to_record([first])["kind"] == "hand"
    assert records.to_record([first, second])["kind"] == "game"


def test_dump_to_a_file_object(tmp_path: Path) -> None:
    g = play_some(ginrules.rules("short"), 1, max_hands=2)
    buffer = io.StringIO()
    text = records.dump(g, buffer)
    assert buffer.getvalue() == text
    path = tmp_path / "g.json"
    records.dump(records.to_record(g), path)
    assert records.load(path).data == json.loads(text)


# -- the command ----------------------------------------------------------------------


def test_cli_validate_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(DATA / "valid_hand.json"), str(DATA / "valid_game.json")]) == 0
    out = capsys.readouterr().out
    assert out.count(": valid (") == 2
    assert main(["validate", str(DATA / "valid_hand.json"), str(DATA / "wrong_points.json")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "invalid: hand 1: the declared points" in out[1]
    assert main(["validate", str(DATA / "no_such_file.json")]) == 1  # unreadable: invalid
    with pytest.raises(SystemExit) as usage:
        main(["validate"])
    assert usage.value.code == 2


def test_cli_validate_json_and_lenient(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", str(DATA / "wrong_winner.json")]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line["valid"] is False and line["problems"][0]["hand"] == 1
    assert main(["validate", "--lenient", str(DATA / "wrong_winner.json")]) == 1


def test_cli_validate_stdin(monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO((DATA / "valid_hand.json").read_text()))
    assert main(["validate", "-"]) == 0
    assert capsys.readouterr().out.startswith("<stdin>: valid")


def test_cli_play_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "--rules", "short", "--seed", "2", "--record", str(path)]) == 0
    capsys.readouterr()
    assert records.validate(path).valid
    assert main(["validate", str(path)]) == 0


@pytest.mark.parametrize("key, value, what", [("winner", 0, "winner"),
                                              ("final", [10, 0], "final scores")])
def test_an_unfinished_game_declares_no_end(key: str, value: object, what: str) -> None:
    started = game.apply(game.new_game(ginrules.rules("short"), seed=3), "take")
    data = records.to_record(started)
    assert data.get("complete") is False and ginrules.validate(json.dumps(data)).valid
    data[key] = value
    report = ginrules.validate(json.dumps(data))
    assert not report.valid
    assert f"declares the game's {what}, but the game is not over" in str(report)


def test_dump_writes_atomically_and_keeps_the_old_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    g = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
    path = tmp_path / "game.json"
    records.dump(g, path)
    before = path.read_text("utf-8")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", full_disk)
    with pytest.raises(ginrules.GinRulesError, match=r"cannot write .*No space left on device"):
        records.dump(game.new_game(ginrules.rules("classic"), seed=9), path)
    monkeypatch.undo()
    assert path.read_text("utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
    with pytest.raises(ginrules.GinRulesError, match="it is a folder"):
        records.dump(g, tmp_path)
    with pytest.raises(ginrules.GinRulesError, match="does not exist"):
        records.dump(g, tmp_path / "no" / "such.json")


def test_dump_refuses_what_json_cannot_hold() -> None:
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    with pytest.raises(ginrules.GinRulesError, match="not JSON: Out of range float"):
        records.dump(state, meta={"x": float("nan")})
    deep: dict[str, object] = {}
    node = deep
    for _ in range(5000):
        node["a"] = {}
        node = node["a"]  # type: ignore[assignment]
    with pytest.raises(ginrules.GinRulesError, match="nested too deeply"):
        records.dump(state, meta=deep)


def test_a_game_in_progress_is_resumed_from_its_record() -> None:
    """load(dump(game)).game gives back the game, equal, and it can be played on."""
    from ginrules.players import BasicPlayer

    g = ginrules.new_game(ginrules.rules("classic"), seed=5)
    for _ in range(150):
        g = g.apply(BasicPlayer().choose(g.view(g.hand.turn)))
    assert g.finished and not g.is_over and g.hand is not None
    resumed = records.load(records.dump(g)).game
    assert resumed == g
    while not resumed.is_over:
        resumed = resumed.apply(BasicPlayer().choose(resumed.view(resumed.hand.turn)))
    assert resumed.winner in (0, 1)
    fresh = ginrules.new_game(ginrules.rules("short"), seed=3).apply("pass")
    assert records.load(records.dump(fresh)).game == fresh


def test_a_view_record_gives_no_game_of_made_up_cards() -> None:
    data = json.loads((DATA / "view_player0.json").read_text("utf-8"))
    record = records.load(data)
    assert record.game is None  # the other player's cards were made up to replay it


def test_a_view_record_refuses_states_of_made_up_cards() -> None:
    """The issue's repro: scoring a loaded view record's hand gave an undercut for 32
    where the record declares a win for 34. The states are now refused, and the made-up
    cards are named."""
    data = json.loads((DATA / "view_player0.json").read_text("utf-8"))
    declared = data["hands"][0]["outcome"]
    record = records.load(data)
    assert record.view == 0
    made_up = record.stand_ins[0]
    # player 1's ten dealt cards and three stock draws were "??"; the discards AS, KH and
    # AH show three of them, so the other ten are stand-ins, none of them a card the
    # record shows anywhere
    assert len(made_up) == 10
    shown = set(ginrules.parse_cards(data["hands"][0]["deal"]["hands"][0]))
    shown |= set(ginrules.parse_cards("3C 6S AS KH AH"))
    assert not made_up & shown
    with pytest.raises(ginrules.UnknownCardsError,
                       match=r"player 0's view: hand 1 .* 10 made-up cards .* player 1's"):
        _ = record.hands
    with pytest.raises(ginrules.UnknownCardsError):
        records.replay(data)
    # the caller who asks for the stand-in states knowingly gets them
    state = record.replayed_with_stand_ins[0]
    assert set(state.cards(1)) == made_up  # player 1 ends with exactly the stand-ins
    assert declared == {"kind": "knock", "knocker": 0, "winner": 0, "points": 34,
                        "deadwood": [8, 42]}


@pytest.mark.parametrize("viewer", [0, 1])
def test_one_card_made_up_is_one_card(viewer: int) -> None:
    """The hidden player takes the upcard and eight discards and throws away nine of its
    dealt cards: one card of its hand is unknown, and the error says so in the
    singular, naming the hidden player."""
    hidden = 1 - viewer
    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=hidden)
    dealt = set(s.cards(hidden))

    def throw_dealt(s: ginrules.HandState) -> ginrules.HandState:
        return s.apply(f"discard {next(c for c in s.cards(hidden) if c in dealt)}")

    s = throw_dealt(s.apply("pass").apply("take"))
    for _ in range(8):
        s = s.apply("draw stock")
        s = throw_dealt(s.apply(f"discard {s.cards(viewer)[0]}").apply("draw discard"))
    data = records.to_record(s, deal_form="hands")
    data["view"] = viewer
    data["hands"][0]["deal"]["hands"][hidden] = " ".join(["??"] * 10)
    record = records.load(data)
    assert len([c for c in s.cards(hidden) if c in dealt]) == 1
    (made_up,) = record.stand_ins[0]  # (a card the record does not show)
    with pytest.raises(ginrules.UnknownCardsError, match=re.escape(
            f"this record is player {viewer}'s view: hand 1 was replayed with 1 made-up "
            f"card standing in for player {hidden}'s unknown ones ({made_up}), so its "
            "states are not facts")):
        _ = record.hands


def test_a_whole_record_has_no_stand_ins() -> None:
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    record = records.load(records.to_record(state))
    assert record.view is None and record.stand_ins == (frozenset(),)
    assert record.hands == record.replayed_with_stand_ins == (state,)


def _gin_hand() -> hand.HandState:
    return ginrules.deal(ginrules.rules("classic"), deck=gin_deck(), dealer=1).apply("take") \
        .apply("knock KH")


def test_messages_that_say_what_happened() -> None:
    # a stock draw after gin: the hand is over (not "a stock draw must name its card")
    data = records.to_record(_gin_hand(), deal_form="hands")
    data["hands"][0]["actions"].append("p1 draw stock")
    assert "play continues after the hand was over (gin by player 0" in str(
        records.validate(data))
    # a missing format field is missing, not "None"
    data = records.to_record(_gin_hand())
    del data["format"]
    assert 'the "format" field is missing' in str(records.validate(data))
    # lenient: the first problem once
    data = records.to_record(_gin_hand())
    data["hands"][0]["actions"] += ["p1 juggle", "p1 fold"]
    text = str(records.validate(data, lenient=True))
    assert text.count("'p1 juggle'") == 1 and text.count("'p1 fold'") == 1


def test_a_defender_deadwood_declared_before_the_layoffs_is_named() -> None:
    knocker = ginrules.parse_cards("4H 5H 6H 9C 9D 9S AC 2C 3C 2S")
    defender = ginrules.parse_cards("7H 8H KS QS JS 5C 5D 7S 7D 9H")
    rest = [c for c in ginrules.CARDS if c not in knocker and c not in defender]
    order: list[ginrules.Card] = []
    for a, b in zip(knocker, defender, strict=True):
        order += [a, b]
    state = ginrules.deal(ginrules.rules("classic"), deck=[*order, *rest], dealer=1)
    state = state.apply("pass").apply("pass").apply("draw stock").apply(f"knock {rest[1]}")
    data = records.to_record(state)
    data["hands"][0]["outcome"]["deadwood"][1] = 27  # 18 + the 9H laid off
    assert ("the declared deadwood of player 1 (the defender) is 27, but it is 18 after "
            "laying off 9H (27 before the layoffs)") in str(records.validate(data))


def test_a_lenient_report_lists_at_most_max_problems() -> None:
    """A file of a thousand bad actions gives a short report: the first MAX_PROBLEMS
    problems, and a count of the rest."""
    data = records.to_record(_gin_hand())
    data["hands"][0]["actions"] += [f"p1 juggle {n}" for n in range(1000)]
    report = records.validate(data, lenient=True)
    assert len(report.problems) == records.MAX_PROBLEMS
    assert report.omitted == 1000 - records.MAX_PROBLEMS
    assert f"(and {1000 - 1} more problems)" in report.summary()
    assert report.to_dict()["omitted_problems"] == report.omitted
    assert str(report).splitlines()[-2].endswith(f"and {report.omitted} more problems, not listed")


@pytest.mark.parametrize(("hands", "actions", "size"), [
    (1, 0, "1 hand, 0 actions"), (1, 1, "1 hand, 1 action"), (2, 2, "2 hands, 2 actions"),
    (0, 0, "0 hands, 0 actions")])
def test_a_valid_reports_summary_counts_in_words(hands: int, actions: int, size: str) -> None:
    from ginrules.records import Report

    assert Report("a.json", (), (), hands, actions).summary() == f"a.json: valid ({size})"


# -- from mutmut survivors in the writer, the reader and the report (issue 16) ----------


def test_a_record_says_whether_it_is_complete() -> None:
    from ginrules.players import BasicPlayer, view

    dealt = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0)
    assert json.loads(records.dump(dealt))["complete"] is False
    started = ginrules.new_game(ginrules.rules("classic"), seed=3)
    assert json.loads(records.dump(started))["complete"] is False
    s = dealt
    while s.result is None:  # two basic players: a knock after 42 actions
        s = s.apply(BasicPlayer().choose(view(s, s.turn)))
    assert "complete" not in json.loads(records.dump(s))  # complete is the default
    assert records.validate(records.dump(s), name="x.json").to_dict() == {
        "file": "x.json", "valid": True, "hands": 1, "actions": 42, "problems": [],
        "omitted_problems": 0, "notes": []}


def test_the_player_of_an_action_is_read_in_either_case() -> None:
    """``P0 take`` is ``p0 take``, as ``p0 TAKE`` is: the player prefix is as
    case-insensitive as the rest of the action (issue 32)."""
    from ginrules.records.format import parse_action

    take = (0, ginrules.Action.parse("take"), None)
    for text in ("p0 take", "P0 take", "p0 TAKE", "P0 Take"):
        assert parse_action(text) == take, text
    assert parse_action("P1 DRAW STOCK 5c") == (1, ginrules.Action.parse("draw stock"), "5C")
    assert parse_action("P1 draw stock ??")[2] == "??"
    # a whole record written in capitals reads back as the hand it was
    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    for text in ("pass", "pass", "draw stock"):
        s = hand.apply(s, text)
    data = records.to_record(s)
    data["hands"][0]["actions"] = [a.upper() for a in data["hands"][0]["actions"]]
    assert data["hands"][0]["actions"][0] == "P1 PASS"
    assert records.validate(data).valid
    assert records.load(data).hands[0] == s


def test_a_bad_card_after_a_known_action_is_named() -> None:
    from ginrules.records.format import parse_action

    with pytest.raises(ginrules.CardNotationError) as caught:
        parse_action("p1 draw stock 5X")
    assert str(caught.value) == ("bad action 'p1 draw stock 5X': bad card '5X': suit 'X' is "
                                 "not one of C D H S (or ♣ ♦ ♥ ♠)")
