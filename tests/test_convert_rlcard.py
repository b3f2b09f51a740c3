"""Games of RLCard's gin-rummy as ginrules records (ginrules.interop.convert.from_rlcard,
``ginrules convert --from rlcard``): the real games of tests/data/rlcard (played by RLCard,
see its README) convert; those RLCard plays by the preset's rules validate, the others
are refused with the difference named, or written as far as the preset plays them with
``rlcard_endings``; a move sheet RLCard could not have written is an error naming the
move. tests/extras/test_convert_rlcard.py plays fresh games where RLCard is installed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules.cli import main
from ginrules.errors import InvalidRecordError, WrongTypeError
from ginrules.interop.convert import RLCardExplanations, from_rlcard
from ginrules.records import load, validate

RLCARD = Path(__file__).parent / "data" / "rlcard"

#: each game: how RLCard's play ends (the converter's "end"), and the words of the
#: validator's verdict (None: valid)
GAMES: dict[str, tuple[str, str | None]] = {
    "dead.txt": ("dead", None),
    "knock.txt": ("knock", None),
    "knock-layoff.txt": ("knock", None),
    "move-cap.txt": ("dead", None),
    "gin-first-turn.txt": ("gin", None),
    "gin-eleven-melded.txt": ("gin", None),
    "gin-after-draw.txt": ("gin", None),
    "after-dead-hand.txt": ("after-dead-hand", "RLCard's judge lets the next player pick up "
                            "the discard when the stock is down to its dead count"),
    "out-with-taken-card.txt": ("out-with-taken-card", "RLCard's judge lets a player go out "
                                "(knock or gin) with the card it has just picked up"),
    "gin-with-taken-card.txt": ("out-with-taken-card", "RLCard's judge lets a player go out "
                                "(knock or gin) with the card it has just picked up"),
}


def sheet(name: str) -> str:
    return (RLCARD / name).read_text()


def lines(name: str) -> list[str]:
    return sheet(name).splitlines()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_real_games_convert_and_the_validator_names_the_difference(name: str) -> None:
    end, words = GAMES[name]
    record = from_rlcard(sheet(name))
    report = validate(record)
    assert record["source"] == {"from": "rlcard", "end": end}
    assert record["rules"] == {"preset": "rlcard"} and record["kind"] == "hand"
    assert report.valid == (words is None), report.summary()
    if words is not None:
        assert words in report.summary()
    (entry,) = record["hands"]
    assert entry["source"]["move_sheet"] == lines(name)
    assert entry["dealer"] == "NS".index(lines(name)[0][0])
    # the same record from the sheet's lines, or a JSON list of them
    assert from_rlcard(lines(name)) == record
    assert from_rlcard(json.dumps(lines(name))) == record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_with_rlcard_endings_every_game_is_valid_as_far_as_the_preset_plays_it(name: str
                                                                           ) -> None:
    end, words = GAMES[name]
    plain = from_rlcard(sheet(name))
    record = from_rlcard(sheet(name), rlcard_endings=True)
    report = validate(record)
    assert report.valid, report.summary()
    (entry,) = record["hands"]
    if words is None:  # RLCard played by the preset's rules: nothing to cut
        assert record == plain
        return
    assert "rlcard_outcome" in entry["source"]
    assert entry["source"]["rlcard_outcome"] == plain["hands"][0].get("outcome")
    kept = entry["actions"]
    assert kept == plain["hands"][0]["actions"][:len(kept)] and len(kept) < len(
        plain["hands"][0]["actions"])
    state = load(record).hands[0]
    if end == "after-dead-hand":  # dead at the discard that left two stock cards
        assert state.is_over and state.result is not None
        assert state.result.kind.value == "dead" and state.stock_size == 2
        assert entry["outcome"] == {"kind": "dead", "winner": None, "points": 0}
        assert "complete" not in record
    else:  # the knock with the card just taken is not played: the hand is unfinished
        assert record["complete"] is False and "outcome" not in entry
        assert not state.is_over and state.taken is not None
        assert state.phase.value == "discard"


def test_the_deal_is_rlcards_from_the_end_of_its_shuffled_deck() -> None:
    """RLCard deals the non-dealer eleven cards from the end of the shuffled deck, then
    the dealer ten; its stock is the rest, drawn from the end. The record's deck puts
    them where ginrules deals them (card 20 the non-dealer's eleventh)."""
    record = from_rlcard(sheet("dead.txt"))
    shuffled = lines("dead.txt")[0].split("[")[1].rstrip("]").split()
    state = load(record).hands[0]
    dealer = record["hands"][0]["dealer"]
    start = ginrules.deal(state.rules, deck=state.deck, dealer=dealer)
    assert {str(c) for c in start.cards(1 - dealer)} == set(shuffled[41:])
    assert {str(c) for c in start.cards(dealer)} == set(shuffled[31:41])
    assert [str(c) for c in start.stock] == shuffled[30::-1]
    draws = [line.split()[-1] for line in lines("dead.txt") if " draw_card " in line]
    assert draws == [str(c) for c in start.stock[:len(draws)]]


def test_gin_names_the_card_its_score_move_leaves_out() -> None:
    """RLCard's gin move names no card: its score move shows which one it discarded."""
    assert from_rlcard(sheet("gin-first-turn.txt"))["hands"][0]["actions"] == ["p1 knock KC"]
    # all eleven meld: RLCard discards a card of its four-card run
    assert from_rlcard(sheet("gin-eleven-melded.txt"))["hands"][0]["actions"] == [
        "p0 knock AS"]
    record = from_rlcard(sheet("gin-after-draw.txt"))
    assert record["hands"][0]["actions"][1:] == ["p0 draw stock 4S", "p0 knock QC"]
    assert record["hands"][0]["outcome"] == {"kind": "gin", "knocker": 0}
    # without the score moves: the only card whose discard leaves gin
    cut = from_rlcard(lines("gin-after-draw.txt")[:-2])
    assert cut["hands"][0]["actions"] == record["hands"][0]["actions"]
    assert "rlcard_deadwood" not in cut["hands"][0]["source"]


def test_rlcards_score_moves_are_the_deadwood_before_layoffs() -> None:
    """RLCard's score moves count each hand's best melds alone: the knocker's deadwood
    is ginrules', the defender's the count before its layoffs (RLCard pays no points)."""
    for name in ("knock.txt", "knock-layoff.txt", "dead.txt", "gin-after-draw.txt"):
        record = from_rlcard(sheet(name))
        state = load(record).hands[0]
        said = record["hands"][0]["source"]["rlcard_deadwood"]
        assert said == [ginrules.deadwood(state.cards(p)) for p in (0, 1)], name
    state = load(from_rlcard(sheet("knock-layoff.txt"))).hands[0]
    result = state.result
    assert result is not None and [str(x.card) for x in result.layoffs] == ["TH"]
    assert (result.knocker_deadwood, result.defender_deadwood) == (2, 46)
    assert from_rlcard(sheet("knock-layoff.txt"))["hands"][0]["source"][
        "rlcard_deadwood"] == [56, 2]


def test_a_dead_hand_declares_each_players_deadwood() -> None:
    record = from_rlcard(sheet("dead.txt"))
    outcome = record["hands"][0]["outcome"]
    assert outcome["kind"] == "dead" and outcome["deadwood"] == record["hands"][0]["source"][
        "rlcard_deadwood"]
    wrong = json.loads(json.dumps(record))
    wrong["hands"][0]["outcome"]["deadwood"][0] += 1
    assert [p.code for p in validate(wrong).problems] == ["wrong-deadwood"]


def test_rlcards_move_cap_is_the_presets_turn_cap() -> None:
    """RLCard declares the hand dead at its 200th move (max_move_count): the 100th
    discard, where the rlcard preset's max_turns ends it."""
    assert len(lines("move-cap.txt")) == 203  # the deal, 199 moves, the dead hand, scores
    state = load(from_rlcard(sheet("move-cap.txt"))).hands[0]
    assert state.result is not None and state.result.kind.value == "dead"
    assert state.turns == 100 and state.stock_size > 2
    assert sum(1 for line in lines("move-cap.txt") if " draw_card " in line) == 0
    assert validate(from_rlcard(sheet("move-cap.txt"))).valid


def test_a_dead_hand_declared_where_the_preset_plays_on_is_named() -> None:
    """RLCard with other settings (a larger stockpile_dead_card_count) declares the hand
    dead earlier: the record stops there, and the validator says why."""
    sheet_lines = lines("dead.txt")[:6]  # the deal, a discard, a draw and a discard, ...
    assert sheet_lines[-1].split()[1] == "discard"
    mover = "NS"[1 - "NS".index(sheet_lines[-1][0])]
    record = from_rlcard([*sheet_lines, f"{mover} declare_dead_hand"])
    assert record["source"]["end"] == "declared-dead"
    summary = validate(record).summary()
    assert "the hand stops before it is over" in summary
    assert "RLCard declared the hand dead here, where these rules play on" in summary
    cut = from_rlcard([*sheet_lines, f"{mover} declare_dead_hand"], rlcard_endings=True)
    assert cut["complete"] is False and validate(cut).valid


def test_a_move_sheet_in_progress_is_an_unfinished_record() -> None:
    record = from_rlcard(lines("dead.txt")[:10])
    assert record["complete"] is False and record["source"]["end"] == "incomplete"
    assert "outcome" not in record["hands"][0]
    assert validate(record).valid
    # a record that claims to be complete stops before the hand is over
    del record["complete"]
    assert "the RLCard move sheet ends here" in validate(record).summary()


def test_the_command_converts_and_validates(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hand.json"
    assert main(["convert", "--from", "rlcard", str(RLCARD / "knock.txt"), "-o",
                 str(out)]) == 0
    assert json.loads(out.read_text()) == from_rlcard(sheet("knock.txt"))
    assert capsys.readouterr().err.strip().endswith("knock.txt: valid (1 hand, 13 actions)")
    assert main(["convert", "--from", "rlcard", str(RLCARD / "after-dead-hand.txt"), "-o",
                 str(out)]) == 1
    err = capsys.readouterr().err
    assert "play continues after the hand was over" in err and "RLCard's judge" in err
    assert json.loads(out.read_text()) == from_rlcard(sheet("after-dead-hand.txt"))
    assert main(["convert", "--from", "rlcard", "--rlcard-endings",
                 str(RLCARD / "after-dead-hand.txt"), "-o", str(out)]) == 0
    assert json.loads(out.read_text()) == from_rlcard(sheet("after-dead-hand.txt"),
                                                      rlcard_endings=True)
    # ginrules validate explains the record as convert does
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(from_rlcard(sheet("out-with-taken-card.txt"))))
    capsys.readouterr()
    assert main(["validate", str(wrong)]) == 1
    assert "RLCard's judge lets a player go out" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "words"), [
    (["--from", "eaai", "--rlcard-endings"], "--rlcard-endings is for --from rlcard"),
    (["--from", "rlcard", "--rules", "classic"], "RLCard's games open with eleven cards"),
    (["--from", "rlcard", "--to", "openspiel"], "OpenSpiel deals ten cards each"),
    # --hand picks a hand for OpenSpiel; a record keeps every hand, so it is refused
    (["--from", "rlcard", "--hand", "1"], "--hand is for --to openspiel"),
])
def test_the_command_refuses(args: list[str], words: str,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", *args, str(RLCARD / "knock.txt")]) != 0
    assert words in capsys.readouterr().err


def _deal_line() -> str:
    return lines("dead.txt")[0]


def _sheet_with(*moves: str) -> list[str]:
    return [_deal_line(), *moves]


# the dead.txt game: N deals; S discards first
FIRST = lines("dead.txt")[1]


@pytest.mark.parametrize(("moves", "words"), [
    (["N deal shuffled_deck=[AS 2S]"],
     "move 1 of the RLCard move sheet: the deal names 2 cards, not the 52 cards once each"),
    ([_deal_line().replace("[", "[" + _deal_line().split("[")[1].split()[1] + " ", 1)
      .rsplit(" ", 1)[0] + "]"],
     "move 1 of the RLCard move sheet: the deal names 52 cards (some twice), not the 52 "
     "cards once each"),
    (["S discard 7H"], "move 1 of the RLCard move sheet: 'S discard 7H' comes before the deal"),
    ([_deal_line(), _deal_line()], "move 2 of the RLCard move sheet: a second deal"),
    (_sheet_with("S play 7H"), "'S play 7H' is not a move of RLCard's gin-rummy move sheet"),
    (_sheet_with("N discard 7H"), "it is S's turn to discard, not 'N discard 7H'"),
    (_sheet_with("S draw_card 7H"), "player 1 must discard now, not 'S draw_card 7H'"),
    (_sheet_with(f"S discard {lines('dead.txt')[2].split()[-1]}"),
     "player 1 discards"),
    (_sheet_with(FIRST, "N draw_card AS"), "the top card of the stock is"),
    (_sheet_with(FIRST, "N pick_up_discard AS"), "the top card of the discard pile is"),
    (_sheet_with(FIRST, "N score N 0 []"), "the score moves are North's (N score N)"),
    (_sheet_with("S gin", "N score N 0 []"), "player 0's deadwood outside its melds is"),
    (_sheet_with("S gin"), "player 1's gin names no card, and no score move shows it"),
    ([*lines("dead.txt"), "N discard 7H"], "comes after both score moves"),
    ([], "the RLCard move sheet is empty"),
])
def test_a_move_rlcard_could_not_have_made_is_an_error_naming_it(moves: list[str],
                                                                 words: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        from_rlcard(moves)
    assert words in str(caught.value)


def test_the_gin_score_move_must_show_one_card_left_out() -> None:
    gin = lines("gin-first-turn.txt")
    south = gin[3].replace("[['AS', '2S', '3S', '4S'], ", "[")
    with pytest.raises(InvalidRecordError, match="player 1 went gin, but its score move "
                       "leaves 5 cards out of its melds"):
        from_rlcard([*gin[:3], south])


@pytest.mark.parametrize(("value", "words"), [
    (3, "an RLCard move sheet is its text"),
    ({"moves": []}, "an RLCard move sheet is its text"),
    (b"N gin", "an RLCard move sheet is its text"),
    ("[1, 2]", "not a JSON list of moves"),
    ("[1, 2", "malformed JSON"),
])
def test_what_is_no_move_sheet_is_refused(value: Any, words: str) -> None:
    with pytest.raises(InvalidRecordError, match=words):
        from_rlcard(value)


def test_the_options_are_checked() -> None:
    with pytest.raises(WrongTypeError, match="rlcard_endings as True or False"):
        from_rlcard(sheet("knock.txt"), rlcard_endings=1)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="the name of a preset"):
        from_rlcard(sheet("knock.txt"), rules=ginrules.rules("rlcard"))  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="the rules 'classic' turn an upcard"):
        from_rlcard(sheet("knock.txt"), rules="classic")
    named = from_rlcard(sheet("knock.txt"), players=["North", "South"])
    assert named["players"] == ["North", "South"] and validate(named).valid


def test_the_explanations_refuse_what_is_no_hand() -> None:
    explain = RLCardExplanations({"from": "rlcard"})
    state = load(from_rlcard(sheet("knock.txt"))).hands[0]
    with pytest.raises(WrongTypeError):
        explain.illegal(None, ginrules.Action.parse("pass"))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        explain.after_over(state, "pass")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        explain.stopped("state")  # type: ignore[arg-type]
    assert explain.stopped(None) == "; the RLCard move sheet ends here"
    assert explain.illegal(state, ginrules.Action.parse("discard 7H")) == ""


def test_the_howto_shows_what_convert_from_rlcard_prints(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = (Path(__file__).parent.parent / "docs" / "howto_other_engines.rst").read_text()
    shown = [(a.strip()[2:], b.strip()) for a, b in zip(page.splitlines(),
                                                         page.splitlines()[1:], strict=False)
             if a.strip().startswith("$ ginrules convert --from rlcard")]
    assert len(shown) == 4
    monkeypatch.chdir(Path(__file__).parent.parent)
    for command, output in shown:
        args = command.split()[1:]
        args[args.index("-o") + 1] = str(tmp_path / "hand.json")
        main(args)
        assert capsys.readouterr().err.strip() == output
