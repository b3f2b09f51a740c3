"""Hostile input: any record, however malformed, gets a report (never a traceback), and
any command line gets a result or a one-line usage error."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import InvalidRecordError, records
from ginrules.cli import main

DATA = Path(__file__).resolve().parent / "data" / "records"
GOOD = [json.loads(path.read_text("utf-8"))
        for path in sorted([*DATA.glob("valid*.json"), DATA / "view_player0.json"])]

# JSON values of every type, including the awkward ones: floats that equal ints, bools,
# huge ints, deep nesting, NUL characters, card-like and action-like strings
leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(10**20, 10**30),
    st.sampled_from([0.0, 1.0, -0.0, 1e308, 2.5]),
    st.sampled_from(["", "7H", "??", "p0 discard 7H", "p1 draw stock ??", "knock", "gin",
                     "Gin", "dead", "classic", "\x00", "p0", "deck", "7H 8H"]),
    st.text(max_size=8),
)
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*path, index))
    return out


def _replace(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.copy(node)
    out[path[0]] = _replace(node[path[0]], path[1:], value)
    return out


def _check_report(data: Any) -> None:
    for source in (data, json.dumps(data)):
        for lenient in (False, True):
            report = records.validate(source, lenient=lenient)
            assert isinstance(report, records.Report)
            assert report.valid or report.problems[0].code in records.CODES
            str(report), report.to_dict()
    with contextlib.suppress(InvalidRecordError):
        records.load(data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(GOOD))), st.data(), values)
def test_a_record_with_any_value_anywhere_gets_a_report(which: int, data: st.DataObject,
                                                        value: Any) -> None:
    record = GOOD[which]
    path = data.draw(st.sampled_from(_paths(record)))
    _check_report(_replace(record, path, value))


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_get_a_report(raw: bytes) -> None:
    report = records.validate(raw)
    assert isinstance(report, records.Report)


@pytest.mark.parametrize("text", [
    '{"format": "ginrules-record", "version": ' + "9" * 5000 + "}",
    "[" * 100000 + "]" * 100000,
    '{"format": "ginrules-record", "version": 1, "version": 1}',
    '{"format": "ginrules-record", "version": NaN}',
    '{"format": "ginrules-record"}\x00',
    b'{"format": "ginrules-r\xe9cord"}',
])
def test_crafted_texts_get_a_report(text: str | bytes) -> None:
    report = records.validate(text)
    assert not report.valid and report.problems[0].code in ("malformed-json", "unreadable")


def test_floats_are_not_players() -> None:
    record = copy.deepcopy(GOOD[0])
    record["hands"][0]["dealer"] = float(record["hands"][0]["dealer"])
    report = records.validate(record)
    assert not report.valid and "the dealer must be 0 or 1" in str(report)
    record = copy.deepcopy(GOOD[0])
    record["view"] = 0.0
    assert not records.validate(record).valid


def test_outcome_kinds_are_case_insensitive_as_actions_are() -> None:
    record = copy.deepcopy(GOOD[0])
    for entry in record["hands"]:
        if "outcome" in entry and "kind" in entry["outcome"]:
            entry["outcome"]["kind"] = entry["outcome"]["kind"].title()
    assert records.validate(record).valid


# -- the command line -----------------------------------------------------------------

words = st.sampled_from([
    "deadwood", "showdown", "play", "validate", "simulate", "-", "--json", "--rules",
    "classic", "nope", "--seed", "x", "-1", "0", "3", "--games", "--players",
    "random,random", "human", "basic,,", "--max-hands", "--target", "7H", "8H 9H",
    "--knocker", "--defender", "--upcard", "--workers", "--file", "/nonexistent",
    "--lenient", "--quiet", "--record", "--hollywood", "--unicode", "--version", "",
])


@settings(max_examples=120, deadline=None)
@given(st.lists(words, max_size=6))
def test_any_command_line_gets_a_result_or_a_one_line_error(argv: list[str]) -> None:
    if "--record" in argv or "human" in argv:
        return  # writes a file, or reads a person's moves
    if "play" in argv or "simulate" in argv:
        argv = [*argv, "--max-hands", "2"]
    if "simulate" in argv:
        argv = [*argv, "--games", "2"]
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO("7H 8H 9H\n\nJoker\n")  # for '-'
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                contextlib.suppress(SystemExit):
            code = main(argv)
            assert code in (0, 1, 2, 130)
    finally:
        sys.stdin = saved
    assert "Traceback" not in err.getvalue()
    if err.getvalue().strip() and ": error: " in err.getvalue():
        assert err.getvalue().count("\n") == 1, err.getvalue()


def test_the_strategies_module_is_the_one_vocabulary() -> None:
    assert ginrules.validate(GOOD[0]).valid
