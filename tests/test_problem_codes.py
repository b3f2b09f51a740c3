"""Every problem has a stable code (documented in docs/records.rst), and the expected and
the declared value where the record declares a wrong one."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import game, records
from ginrules.records import CODES, Problem
from strategies import gin_deck

PLAYED = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
GAME = records.to_record(PLAYED)  # two hands: a dead hand, then player 0 knocks for 59
HAND = records.to_record(PLAYED.finished[1])
_GIN_DECK = gin_deck()
GIN = records.to_record(ginrules.deal(ginrules.rules("classic"), deck=_GIN_DECK, dealer=1)
                        .apply("take").apply("knock KH"))  # gin, laid out by the rules


def first_problem(data: Any) -> Problem:
    report = records.validate(data)
    assert not report.valid
    problem = report.problems[0]
    assert problem.code in CODES
    assert all(p.code in CODES for p in records.validate(data, lenient=True).problems)
    return problem


def edit(change: Callable[[dict[str, Any]], object], base: dict[str, Any] = GAME
         ) -> dict[str, Any]:
    data = copy.deepcopy(base)
    change(data)
    return data


def actions(data: dict[str, Any], number: int = 1) -> list[str]:
    out: list[str] = data["hands"][number - 1]["actions"]
    return out


def set_item(mapping: Any, key: Any, value: Any) -> None:
    mapping[key] = value


CASES: list[tuple[str, Any, Any, Any]] = [
    # code, the record, expected, declared (None: not compared)
    ("malformed-json", '{"format": ', None, None),
    ("not-a-record", b"[1, 2]", None, None),
    ("not-a-record", edit(lambda d: set_item(d, "format", "pgn")), records.FORMAT, "pgn"),
    ("unsupported-version", edit(lambda d: set_item(d, "version", 7)), 1, 7),
    ("unknown-field", edit(lambda d: set_item(d, "colour", "red")), None, None),
    ("bad-field", edit(lambda d: set_item(d, "complete", "yes")), None, None),
    ("bad-rules", edit(lambda d: set_item(d, "rules", {"preset": "chess"})), None, None),
    ("bad-card", edit(lambda d: set_item(d["hands"][0], "deck",
                                         d["hands"][0]["deck"].replace("5H", "5X"))), None, None),
    ("bad-deal", edit(lambda d: d["hands"][0].pop("deck")), None, None),
    ("bad-action", edit(lambda d: set_item(actions(d), 0, "p1 juggle")), None, None),
    ("unknown-card", edit(lambda d: set_item(actions(d), 6, "p0 draw stock ??")), None, None),
    ("wrong-card", edit(lambda d: set_item(actions(d), 6, "p0 draw stock 2C")), "KS", "2C"),
    ("illegal-action", edit(lambda d: set_item(actions(d), 1, "p1 discard 2C")), None, None),
    ("play-after-end", edit(lambda d: actions(d, 2).append("p1 pass")), None, None),
    ("hand-incomplete", edit(lambda d: actions(d, 2).pop()), None, None),
    ("hand-not-over", edit(lambda d: (actions(d, 2).pop(), set_item(d, "complete", False),
                                      d.pop("final"), d.pop("winner"))), None, None),
    ("unseen-card", edit(lambda d: set_item(d, "view", 0)), None, None),
    ("bad-melds", edit(lambda d: set_item(d["hands"][0], "knocker_melds", "x")), None, None),
    ("worse-melds", edit(lambda d: set_item(d["hands"][0], "knocker_melds",
                                            [["AS", "2S", "3S"], ["5S", "6S", "7S", "8S", "9S",
                                                                  "TS"]]), GIN), 0, 4),
    ("wrong-dealer", edit(lambda d: set_item(d["hands"][1], "dealer", 1 - PLAYED.finished[1].dealer)),
     PLAYED.finished[1].dealer, 1 - PLAYED.finished[1].dealer),
    ("wrong-kind", edit(lambda d: set_item(d["hands"][1]["outcome"], "kind", "gin")),
     "knock", "gin"),
    ("wrong-knocker", edit(lambda d: set_item(d["hands"][1]["outcome"], "knocker", 1)), 0, 1),
    ("wrong-deadwood", edit(lambda d: set_item(d["hands"][1]["outcome"], "deadwood", [9, 69])),
     10, 9),
    ("wrong-winner", edit(lambda d: set_item(d["hands"][1]["outcome"], "winner", 1)), 0, 1),
    ("wrong-points", edit(lambda d: set_item(d["hands"][1]["outcome"], "points", 69)), 59, 69),
    ("wrong-totals", edit(lambda d: set_item(d["hands"][1], "totals", [60, 0])),
     [59, 0], [60, 0]),
    ("game-continues", edit(lambda d: d["hands"].append(copy.deepcopy(d["hands"][0]))),
     None, None),
    ("game-incomplete", edit(lambda d: (d["hands"].pop(), d.pop("final"), d.pop("winner"))),
     None, None),
    ("game-not-over", edit(lambda d: (d["hands"].pop(), set_item(d, "complete", False))),
     None, None),
    ("wrong-final", edit(lambda d: set_item(d, "final", [244, 0])), [243, 0], [244, 0]),
    ("wrong-game-winner", edit(lambda d: set_item(d, "winner", 1)), 0, 1),
]


@pytest.mark.parametrize(("code", "data", "expected", "declared"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_problem_has_its_code(code: str, data: Any, expected: Any, declared: Any) -> None:
    problem = first_problem(data)
    assert problem.code == code, problem
    if expected is not None or declared is not None:
        assert (problem.expected, problem.declared) == (expected, declared)
        out = problem.to_dict()
        assert (out["code"], out["expected"], out["declared"]) == (code, expected, declared)


def test_every_code_is_reached_and_documented() -> None:
    # (unchecked only with fail_unchecked: tests/test_view_records.py)
    reached = {case[0] for case in CASES} | {"unreadable", "too-large", "unchecked"}
    assert reached == set(CODES)
    text = (Path(__file__).parent.parent / "docs" / "records.rst").read_text("utf-8")
    table = text.split(".. the problem codes")[1].split(".. end of the problem codes")[0]
    documented = set(re.findall(r"^``([a-z-]+)``\s{2,}", table, re.MULTILINE))
    assert documented == set(CODES)


def test_an_unreadable_file_is_a_problem(tmp_path: Path) -> None:
    problem = first_problem(str(tmp_path / "missing.json"))
    assert problem.code == "unreadable" and "cannot read" in problem.message
    (tmp_path / "latin.json").write_bytes(b"\xff\xfe{")
    assert first_problem(str(tmp_path / "latin.json")).code == "unreadable"
    assert first_problem(str(tmp_path)).code == "unreadable"  # a folder


def test_a_record_larger_than_the_bound_is_refused_before_it_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrules.records import format as record_format

    text = records.dump(HAND)
    monkeypatch.setattr(record_format, "MAX_RECORD_BYTES", len(text.encode()) - 1)
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    for source in (path, str(path), text, text.encode()):
        problem = first_problem(source)
        assert problem.code == "too-large", problem
        assert f"larger than {len(text.encode()) - 1:,} bytes" in problem.message
    # ... before it is read: a file over the bound by its size is not read at all
    read: list[int] = []
    opened = record_format.open_regular

    class Counted:
        def __init__(self, handle: Any) -> None:
            self.handle = handle

        def __enter__(self) -> Counted:
            return self

        def __exit__(self, *_: object) -> None:
            self.handle.close()

        def fileno(self) -> int:
            return int(self.handle.fileno())

        def read(self, size: int = -1) -> bytes:
            data: bytes = self.handle.read(size)
            read.append(len(data))
            return data

    monkeypatch.setattr(record_format, "open_regular", lambda name: Counted(opened(name)))
    assert first_problem(path).code == "too-large" and sum(read) == 0
    monkeypatch.setattr(record_format, "MAX_RECORD_BYTES", len(text.encode()))
    assert all(records.validate(source).valid for source in (path, text, text.encode()))
    assert sum(read) == len(text.encode())  # (read whole once it is within the bound)


def test_a_record_that_grows_past_the_bound_while_it_is_read_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose size was within the bound when it was opened and that grew past it
    before it was read (a log still being written) is too large, not read to its end."""
    from ginrules.records import format as record_format

    text = records.dump(HAND)
    big, small = tmp_path / "big.json", tmp_path / "small.json"
    big.write_text(text, encoding="utf-8")
    small.write_bytes(b"{}")  # its size is what the reader sees first
    opened = record_format.open_regular

    class Growing:
        def __init__(self, name: str) -> None:
            self.handle, self.sized = opened(str(big)), opened(str(small))

        def __enter__(self) -> Growing:
            return self

        def __exit__(self, *_: object) -> None:
            self.handle.close()
            self.sized.close()

        def fileno(self) -> int:
            return int(self.sized.fileno())

        def read(self, size: int = -1) -> bytes:
            return bytes(self.handle.read(size))

    monkeypatch.setattr(record_format, "open_regular", Growing)
    assert records.validate(big).valid  # within the bound, read whole though it grew
    monkeypatch.setattr(record_format, "MAX_RECORD_BYTES", len(text.encode()) - 1)
    problem = first_problem(big)
    assert problem.code == "too-large", problem
    assert f"larger than {len(text.encode()) - 1:,} bytes" in problem.message


def test_problems_made_by_hand_keep_their_old_constructor() -> None:
    problem = Problem(1, 2, "bad")
    assert (problem.code, problem.expected, problem.declared) == ("invalid", None, None)
    assert str(problem) == "hand 1, action 2: bad"


def test_a_game_that_stops_short_names_its_totals_and_the_rules_target() -> None:
    # to 60 points: after the last hand but one the totals are 59-50, one short of it
    rules = ginrules.rules("classic", target=60)
    played = game.play(game.new_game(rules, seed=3), game.random_policies(3))
    short = edit(lambda d: (d["hands"].pop(), d.pop("final"), d.pop("winner")),
                 records.to_record(played))
    assert short["hands"][-1]["totals"] == [59, 50]
    problem = first_problem(short)
    assert problem.code == "game-incomplete"
    assert problem.message == ("the record stops before the game is over: the totals are "
                               "59-50 and the target is 60")


def test_a_game_that_goes_on_past_its_end_names_the_winner_and_the_rules_target() -> None:
    # to 60 points: the winner reaches it in the game's last hand; a hand after it is one
    # too many, and the message names the rules' own target (not another field's 100)
    rules = ginrules.rules("classic", target=60)
    played = game.play(game.new_game(rules, seed=3), game.random_policies(3))
    data = records.to_record(played)
    last = len(data["hands"])
    longer = edit(lambda d: d["hands"].append(copy.deepcopy(d["hands"][0])), data)
    problem = first_problem(longer)
    assert problem.code == "game-continues"
    assert problem.message == (f"play continues after the game was over (player "
                               f"{played.winner} reached the target 60 in hand {last})")


@pytest.mark.parametrize("text", ['{"format": "gin\x00rummy"}', '{"format": 1}\x00',
                                  ' {"format": 1}\x00 '])
@pytest.mark.parametrize("given", ["text", "bytes", "file"])
def test_a_nul_character_in_json_text_is_named_wherever_it_is(text: str, given: str,
                                                              tmp_path: Path) -> None:
    # (JSON's own messages would say "Invalid control character" or "Extra data"; a text
    # that does not start with a brace is a path, and a path may hold no NUL)
    path = tmp_path / "nul.json"
    path.write_text(text, "utf-8")
    problem = first_problem({"text": text, "bytes": text.encode(), "file": path}[given])
    assert (problem.code, problem.message) == (
        "malformed-json", "malformed JSON: the text holds a NUL character")
