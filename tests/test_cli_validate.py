"""``ginrules validate``: a line per file (an unreadable file is invalid with its reason),
folders, --quiet, --json, --junit, workers, the summary by problem code, exit codes, and a
closed pipe."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import game, records
from ginrules.cli import main

DATA = Path(__file__).parent / "data" / "records"
PLAYED = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """good.json, bad.json (wrong points), and in sub/deeper: two more good ones, a
    malformed one and a text file that is not looked at."""
    records.dump(PLAYED, tmp_path / "good.json")
    bad = records.to_record(PLAYED)
    bad["hands"][1]["outcome"]["points"] = 69
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    deeper = tmp_path / "sub" / "deeper"
    deeper.mkdir(parents=True)
    shutil.copy(tmp_path / "good.json", tmp_path / "sub" / "good2.json")
    shutil.copy(tmp_path / "good.json", deeper / "good3.json")
    (deeper / "broken.json").write_text("{", encoding="utf-8")
    (deeper / "notes.txt").write_text("not a record", encoding="utf-8")
    return tmp_path


def test_an_unreadable_file_is_invalid_with_its_reason(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(folder / "bad.json"), str(folder / "missing.json"), str(folder / "good.json")]
    assert main(["validate", *files]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{files[0]}: invalid: hand 2: the declared points are 69")
    assert lines[1].startswith(f"{files[1]}: invalid: cannot read")
    assert lines[2].startswith(f"{files[2]}: valid (")
    assert err == "1 of 3 files valid; problems: unreadable 1, wrong-points 1\n"
    assert main(["validate", "--json", *files]) == 1
    out, _ = capsys.readouterr()
    reports = [json.loads(line) for line in out.splitlines()]
    assert [r["valid"] for r in reports] == [False, False, True]
    assert reports[1]["file"] == files[1]
    assert reports[1]["problems"][0]["code"] == "unreadable"
    assert reports[0]["problems"][0] | {"message": ""} == {
        "hand": 2, "action": None, "code": "wrong-points", "message": "",
        "expected": 59, "declared": 69}


def test_exit_0_only_when_every_file_is_valid(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(folder / "good.json"), str(folder / "sub")]) == 1
    assert main(["validate", str(folder / "good.json"), str(folder / "sub" / "good2.json")]) == 0
    assert main(["validate", str(folder / "missing.json")]) == 1
    capsys.readouterr()


@pytest.mark.parametrize("argv", [["--workers", "0"], ["--workers", "x"], []])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["validate", *argv, *(["x.json"] if argv else [])])
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    _, err = capsys.readouterr()
    assert "error" in err and "Traceback" not in err


def test_a_scheduler_without_dask_is_a_usage_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    for command in (["validate", "x.json"], ["simulate", "--games", "2"]):
        assert main([*command, "--scheduler", "tcp://127.0.0.1:9"]) == 2
        _, err = capsys.readouterr()
        assert "pip install distributed (or ginrules with its dask extra: pip install -e " \
            "'.[dask]' in a clone of ginrules)" in err and len(err.splitlines()) == 1


def test_folders_are_walked_recursively(folder: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    assert main(["validate", "--json", str(folder)]) == 1
    out, err = capsys.readouterr()
    reports = {Path(r["file"]).name: r for r in map(json.loads, out.splitlines())}
    assert set(reports) == {"good.json", "bad.json", "good2.json", "good3.json", "broken.json"}
    assert reports["broken.json"]["problems"][0]["code"] == "malformed-json"
    assert reports["good3.json"]["file"] == str(folder / "sub" / "deeper" / "good3.json")
    assert err == "3 of 5 files valid; problems: malformed-json 1, wrong-points 1\n"


def test_quiet_prints_only_the_problems(folder: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    assert main(["validate", "--quiet", str(folder)]) == 1
    out, _ = capsys.readouterr()
    assert sorted(Path(line.split(":")[0]).name for line in out.splitlines()) == [
        "bad.json", "broken.json"]
    assert main(["validate", "--quiet", "--json", str(folder)]) == 1
    out, _ = capsys.readouterr()
    assert all(not json.loads(line)["valid"] for line in out.splitlines())
    assert len(out.splitlines()) == 2
    assert main(["validate", "--quiet", str(folder / "good.json"),
                 str(folder / "sub" / "good2.json")]) == 0
    assert capsys.readouterr() == ("", "")  # a clean run prints nothing


def test_workers_give_the_same_lines_in_the_same_order(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(folder / "bad.json"), str(folder / "good.json"), str(folder / "nope.json"),
             str(folder / "sub")]
    assert main(["validate", "--json", *files]) == 1
    one = capsys.readouterr()
    assert main(["validate", "--json", "--workers", "2", *files]) == 1
    assert capsys.readouterr() == one


def test_junit_report(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = folder / "out" / "validate.xml"
    target.parent.mkdir()
    target.write_text("an old report", encoding="utf-8")
    assert main(["validate", "--quiet", "--junit", str(target), str(folder / "good.json"),
                 str(folder / "bad.json"), str(folder / "missing.json")]) == 1
    capsys.readouterr()
    root = ET.parse(target).getroot()
    assert root.tag == "testsuites" and root.get("tests") == "3" and root.get("failures") == "2"
    cases = root.findall("./testsuite/testcase")
    assert [c.get("name") for c in cases] == [str(folder / n) for n in
                                              ("good.json", "bad.json", "missing.json")]
    assert cases[0].find("failure") is None
    failures = [c.find("failure") for c in cases[1:]]
    assert [f.get("type") for f in failures if f is not None] == ["wrong-points", "unreadable"]
    assert os.listdir(target.parent) == ["validate.xml"]  # no temporary file left


def test_junit_escapes_what_xml_cannot_hold(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = records.to_record(PLAYED)
    bad["hands"][0]["actions"][0] = "p1 <take> & \x01"
    path = tmp_path / "odd <name> & co.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert main(["validate", "--junit", str(tmp_path / "j.xml"), str(path)]) == 1
    capsys.readouterr()
    case = ET.parse(tmp_path / "j.xml").getroot().find("./testsuite/testcase")
    assert case is not None and case.get("name") == str(path)
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "bad-action"
    assert "<take> &" in (failure.text or "")


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(records.dump(PLAYED).encode())))
    assert main(["validate", "-"]) == 0
    assert capsys.readouterr().out.startswith("<stdin>: valid (2 hands")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_with_files_per_second_on_a_terminal(
        folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["validate", "--quiet", str(folder)]) == 1
    err = terminal.getvalue()
    assert "5 files, " in err and " files/s" in err
    assert err.rstrip("\n").endswith("3 of 5 files valid; problems: malformed-json 1, "
                                      "wrong-points 1")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["validate", "--quiet", "--no-progress", str(folder)]) == 1
    assert "files/s" not in terminal.getvalue()


def test_a_closed_pipe_prints_no_traceback(tmp_path: Path) -> None:
    one = DATA / "valid_hand.json"
    for n in range(300):
        shutil.copy(one, tmp_path / f"r{n:03d}.json")
    files = " ".join(str(p) for p in sorted(tmp_path.iterdir()))
    command = f"{sys.executable} -m ginrules validate {files} | head -1"
    done = subprocess.run(["bash", "-c", "set -o pipefail; " + command],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.count("\n") == 1 and ": valid (" in done.stdout
    assert done.stderr == "", done.stderr
    assert done.returncode == 1  # not every file was checked


def test_a_junit_report_that_cannot_be_written_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = str(DATA / "valid_hand.json")
    for target in (tmp_path / "no" / "such" / "folder.xml", tmp_path):
        assert main(["validate", "--junit", str(target), good]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("ginrules validate: error: ")
        assert len(err.splitlines()) == 1
    assert os.listdir(tmp_path) == []


def test_folders_are_walked_without_following_symbolic_links(tmp_path: Path) -> None:
    from ginrules.cli.validate import _record_sources

    root, other = tmp_path / "root", tmp_path / "other"
    (root / "sub").mkdir(parents=True)
    other.mkdir()
    for path in (root / "a.json", root / "sub" / "b.json", other / "c.json",
                 root / "notes.txt"):
        path.write_text("{}", "utf-8")
    (root / "link").symlink_to(other, target_is_directory=True)
    found = sorted(name for _, name in _record_sources([str(root)], absolute=False))
    assert found == [str(root / "a.json"), str(root / "sub" / "b.json")]


def test_paths_are_made_absolute_for_a_cluster(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrules.cli.validate import _record_sources

    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "x.json").write_text("{}", "utf-8")
    monkeypatch.chdir(tmp_path)
    relative = os.path.join("d", "x.json")
    assert list(_record_sources(["d", relative], absolute=True)) == [
        (str(tmp_path / "d" / "x.json"), relative), (str(tmp_path / "d" / "x.json"), relative)]
    assert list(_record_sources(["d", relative], absolute=False)) == [
        (relative, relative), (relative, relative)]


def test_junit_report_names_each_file_and_its_first_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ginrules-record", "version": 1, "kind": "hand", '
                   '"rules": "classic", "hands": [{"dealer": 3, "x": 1}]}', "utf-8")
    target = tmp_path / "j.xml"
    assert main(["validate", "--quiet", "--lenient", "--junit", str(target), str(bad),
                 str(DATA / "valid_hand.json")]) == 1
    suite = ET.parse(target).getroot()
    assert suite.attrib["tests"] == "2" and suite.attrib["failures"] == "1"
    cases = suite.findall("./testsuite/testcase")
    assert [c.attrib["name"] for c in cases] == [str(bad), str(DATA / "valid_hand.json")]
    failure = cases[0].find("failure")
    assert failure is not None and cases[1].find("failure") is None
    problems = failure.text.split("\n")  # every problem, one a line; the first as message
    assert failure.attrib["message"] == problems[0] and "unknown field 'x'" in problems[0]
    assert "the dealer must be 0 or 1, not 3" in problems[1]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_redrawn_and_cleared(
        folder: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """On a terminal, stderr shows the files checked and the rate, redrawn at most every
    0.1 s, and each printed line first clears the bar; the clock here moves 1 s a call."""
    clock = iter(range(1000))
    monkeypatch.setattr("time.monotonic", lambda: float(next(clock)))
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    files = sorted(str(p) for p in folder.glob("*.json"))
    assert len(files) == 2
    main(["validate", "--lenient", *files])
    out = capsys.readouterr().out
    drawn = err.getvalue()
    # the clock: 0 at the start, 1 after the first file (1 file in 1 s), 2 after the
    # second, 3 at the end; each report line first clears the bar ("\r\x1b[K")
    clear = "\r\x1b[K"
    assert drawn.split("\n")[0] == (clear + clear + "1 files, 1 files/s" + clear + clear
                                    + "2 files, 1 files/s" + clear + "2 files, 1 files/s")
    assert out.count("\n") == len(files)  # the lenient report of each file
    main(["validate", "--no-progress", *files])
    assert "files/s" not in capsys.readouterr().err + err.getvalue()[len(drawn):]


# -- in this process, where mutation testing sees them (issue 16) ----------------------


def _two_problems(path: Path) -> None:
    """A record with two problems: an unknown field, and points 39 for a knock worth 34."""
    data = json.loads((DATA / "wrong_points.json").read_text("utf-8"))
    data["hands"][0]["x"] = 1
    path.write_text(json.dumps(data), encoding="utf-8")


_FIELDS = "actions, deal, dealer, deck, knocker_melds, outcome, source, totals"


def test_lenient_prints_every_problem_strict_only_the_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    _two_problems(bad)
    first = (f"{bad}: invalid: hand 1: unknown field 'x' in a hand (the fields are "
             f"{_FIELDS})")
    assert main(["validate", "--lenient", str(bad)]) == 1
    assert capsys.readouterr() == (
        first + " (and 1 more problem)\n  hand 1: the declared points are 39, but player 0 "
        "scores 34 (a knock by player 0: 34)\n", "")  # one file: no summary line
    assert main(["validate", str(bad)]) == 1
    assert capsys.readouterr() == (first + "\n", "")
    assert main(["validate", "--lenient", str(bad), str(bad)]) == 1
    assert capsys.readouterr().err == "0 of 2 files valid; problems: unknown-field 2, " \
        "wrong-points 2\n"


def test_the_summary_orders_the_codes_by_count_then_name(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # wrong-points twice, then malformed-json and unreadable once each: by count, the
    # most frequent first, and ties by name (neither alphabetical nor least first)
    files = [str(folder / "bad.json"), str(folder / "missing.json"),
             str(folder / "sub" / "deeper" / "broken.json"), str(folder / "bad.json")]
    assert main(["validate", *files]) == 1
    assert capsys.readouterr().err == (
        "0 of 4 files valid; problems: wrong-points 2, malformed-json 1, unreadable 1\n")


def test_one_file_gets_no_summary_line(folder: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    assert main(["validate", str(folder / "bad.json")]) == 1
    assert capsys.readouterr().err == ""
    assert main(["validate", str(folder / "good.json"), str(folder / "good.json")]) == 0
    assert capsys.readouterr().err == "2 of 2 files valid\n"
    assert main(["validate", "--quiet", str(folder / "good.json"),
                 str(folder / "good.json")]) == 0
    assert capsys.readouterr() == ("", "")


def test_stdin_is_read_as_bytes_whatever_its_text_encoding(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # the record's UTF-8 bytes are read as they are, not decoded as stdin's text (here
    # Latin-1, which would turn "é" into "Ã©")
    data = records.to_record(PLAYED)
    data["é"] = 1
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="latin-1"))
    assert main(["validate", "-"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("<stdin>: invalid: unknown field 'é' (the fields are ")
    # a stdin without bytes underneath (a text stream) is read as text
    monkeypatch.setattr("sys.stdin", io.StringIO(raw.decode("utf-8")))
    assert main(["validate", "-"]) == 1
    assert capsys.readouterr().out == out


def test_progress_rates_on_a_clock_that_does_not_start_at_0(
        folder: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The line is redrawn once 0.1 s has passed since the last drawing (0.1 exactly
    included), and the rate is files over the time since the start. The clock: 0.1 at
    the start, 0.2 after the first file (0.1 s: 10 files/s, drawn), 0.25 after the
    second (0.05 s since the last drawing: not drawn), 0.5 at the end (2 files in
    0.4 s); each record's check takes 0.125 s by the validator's clock."""
    import types

    from ginrules.records import validator

    clock = iter([0.1, 0.2, 0.25, 0.5])
    monkeypatch.setattr("time.monotonic", lambda: next(clock))
    record_clock = iter(0.125 * n for n in range(4))
    monkeypatch.setattr(validator, "time", types.SimpleNamespace(
        perf_counter=lambda: next(record_clock)))
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    good = str(folder / "good.json")
    target = folder / "j.xml"
    assert main(["validate", "--junit", str(target), good, good]) == 0
    clear = "\r\x1b[K"
    assert err.getvalue() == (clear + clear + "1 files, 10 files/s" + clear + clear
                              + "2 files, 5 files/s\n2 of 2 files valid\n")
    assert capsys.readouterr().out == f"{good}: valid (2 hands, 212 actions)\n" * 2
    case = f'    <testcase classname="ginrules.validate" name="{good}" time="0.125000"/>\n'
    assert target.read_text("utf-8") == (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<testsuites name="ginrules validate" tests="2" failures="0" errors="0" '
        'time="0.400">\n'
        '  <testsuite name="ginrules validate" tests="2" failures="0" errors="0" '
        'time="0.400">\n' + case + case + "  </testsuite>\n</testsuites>\n")


def test_junit_names_a_file_with_no_name_and_replaces_control_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    odd = tmp_path / "a\x01b\tc.json"
    odd.write_text(DATA.joinpath("valid_hand.json").read_text("utf-8"), "utf-8")
    target = tmp_path / "j.xml"
    assert main(["validate", "--junit", str(target), str(odd), ""]) == 1
    capsys.readouterr()
    cases = ET.parse(target).getroot().findall("./testsuite/testcase")
    # XML 1.0 holds a tab but no U+0001; an empty name is shown as "?"
    assert [c.get("name") for c in cases] == [str(tmp_path / "a\ufffdb\tc.json"), "?"]


def test_the_junit_reports_cases_are_kept_in_a_file_without_a_name(tmp_path: Path) -> None:
    # an anonymous temporary file (O_TMPFILE on Linux): nothing a kill could leave behind
    from ginrules.cli.validate import _JUnit

    report = _JUnit(str(tmp_path / "j.xml"))
    report.cases.write("é")  # UTF-8, whatever the locale
    report.cases.flush()
    assert list(tmp_path.iterdir()) == []
    report.cases.seek(0)
    assert report.cases.read() == "é"
    report.abort()
    report.abort()  # twice: quiet
    assert list(tmp_path.iterdir()) == []


def test_a_junit_report_that_cannot_be_written_says_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = str(DATA / "valid_hand.json")
    missing = tmp_path / "no" / "such.xml"
    assert main(["validate", "--junit", str(missing), good]) == 2
    assert capsys.readouterr() == ("", f"ginrules validate: error: --junit: cannot write "
                                   f"{missing}: the folder {missing.parent} does not exist\n")
    assert main(["validate", "--junit", str(tmp_path), good]) == 2
    assert capsys.readouterr() == ("", f"ginrules validate: error: --junit: cannot write "
                                   f"{tmp_path}: it is a folder; name a file\n")


class _ClosedPipe(io.StringIO):
    """A stdout whose reader went away; its file descriptor is ``fd``."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def fileno(self) -> int:
        return self.fd


def test_a_closed_pipe_in_this_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    # stdout is pointed at the null device (so that the last flush cannot fail), exit 1,
    # and the JUnit report is abandoned, with no temporary file left
    fd = os.open(tmp_path / "out", os.O_WRONLY | os.O_CREAT)
    try:
        monkeypatch.setattr(sys, "stdout", _ClosedPipe(fd))
        good = str(DATA / "valid_hand.json")
        assert main(["validate", "--junit", str(tmp_path / "j.xml"), good, good]) == 1
        assert os.path.samestat(os.fstat(fd), os.stat(os.devnull))
    finally:
        os.close(fd)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert capsys.readouterr().err == ""


def test_a_scheduler_gets_the_records_as_absolute_paths(
        folder: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """With --scheduler, the records go to the cluster's executor (here a thread pool
    standing in for it), named by absolute paths (its workers may run in another
    folder), and the lines name the files as typed."""
    from concurrent.futures import ThreadPoolExecutor

    from ginrules.records import _parallel

    asked: list[str] = []
    sent: list[Any] = []

    class Cluster(ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            sent.extend(args[0])
            return super().submit(fn, *args, **kwargs)

    @contextlib.contextmanager
    def executor(address: str, timeout: float) -> Iterator[Cluster]:
        asked.append(address)
        assert timeout == 30
        with Cluster(2) as cluster:
            yield cluster

    monkeypatch.setattr(_parallel, "dask_executor", executor)
    monkeypatch.chdir(folder)
    assert main(["validate", "--scheduler", "tcp://x:1", "good.json",
                 os.path.join("sub", "good2.json")]) == 0
    assert asked == ["tcp://x:1"]
    assert sent == [(str(folder / "good.json"), "good.json"),
                    (str(folder / "sub" / "good2.json"), os.path.join("sub", "good2.json"))]
    assert capsys.readouterr().out.splitlines() == [
        "good.json: valid (2 hands, 212 actions)",
        f"{os.path.join('sub', 'good2.json')}: valid (2 hands, 212 actions)"]


@pytest.mark.parametrize("columns", ["1", "2", "0", "-3", "wide", "120", None])
def test_the_help_is_as_wide_as_shutil_says(monkeypatch: pytest.MonkeyPatch,
                                            columns: str | None) -> None:
    """The command formats its help at the width :func:`shutil.get_terminal_size` gives,
    without importing shutil: ``COLUMNS`` from 1 up, else the terminal's, else 80."""
    import shutil

    from ginrules.cli.command import _columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert _columns() == shutil.get_terminal_size().columns


def test_the_help(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # the help is the command's documentation: pinned whole (wide, so no line is wrapped)
    monkeypatch.setenv("COLUMNS", "1000")
    with pytest.raises(SystemExit) as done:
        main(["validate", "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out == (
        "usage: ginrules validate [-h] [--lenient] [--fail-unchecked] [--quiet] [--json] "
        "[--junit FILE] [--workers K] [--scheduler ADDRESS] [--timeout SECONDS] "
        "[--no-progress] PATH [PATH ...]\n\n"
        "Replay each record under its rules and check that every action was legal and that "
        "the declared outcomes, totals and final scores are right. Prints one line per file "
        "(a file that cannot be read is invalid, with the reason), then on stderr how many "
        "are valid and the problems by code. Exit code 0 when every file is valid, 1 when "
        "any is invalid or unreadable, 2 on usage errors.\n\n"
        "positional arguments:\n"
        "  PATH                 record files, or folders (every *.json in them, recursively, "
        "sorted by path); '-' reads stdin\n\n"
        "options:\n"
        "  -h, --help           show this help message and exit\n"
        "  --lenient            continue after a problem and list every problem\n"
        "  --fail-unchecked     a record whose claims could not all be checked (a record of "
        "one player's view: the other player's cards) is invalid too, with code 'unchecked' "
        "(by default it is valid when nothing it shows is wrong, and its notes say what was "
        "not checked)\n"
        "  --quiet              print only the invalid files (also with --json)\n"
        "  --json               print one JSON object per file (JSON lines) for machines\n"
        "  --junit FILE         also write a JUnit XML report to FILE (one test case per "
        "record)\n"
        "  --workers K          local processes to check the files with (default: 1)\n"
        "  --scheduler ADDRESS  check the files on the Dask cluster whose scheduler listens "
        "at ADDRESS (its workers must see the same paths; needs Dask: pip "
        "install distributed)\n"
        "  --timeout SECONDS    with --scheduler: how long to wait for the scheduler and "
        "for a worker, when the cluster has none, before giving up (default: 30)\n"
        "  --no-progress        no progress line on a terminal's stderr\n\n"
        "example: ginrules validate games/ or ginrules play --record - | ginrules "
        "validate -\n")
    # and the short help of the command in the list of commands
    with pytest.raises(SystemExit):
        main(["--help"])
    assert ("    validate  check game records: every action legal, the declared results "
            "right\n") in capsys.readouterr().out


def test_lenient_prints_the_notes_too(capsys: pytest.CaptureFixture[str]) -> None:
    view = str(DATA / "view_player0.json")
    summary = f"{view}: valid (1 hand, 15 actions; 1 unchecked)\n"
    assert main(["validate", view]) == 0
    assert capsys.readouterr().out == summary
    assert main(["validate", "--lenient", view]) == 0
    assert capsys.readouterr().out == summary + (
        "  note: hand 1: player 1's cards are partly unknown in player 0's view; not checked "
        "exactly: player 1's deadwood 42 (only that it is 0 to 98)\n")


def _listed_backwards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every folder list its entries in reverse order of their names, an order a
    file system may have (the order of os.scandir is the file system's own)."""
    scandir = os.scandir

    class Backwards(list):  # type: ignore[type-arg]
        def __enter__(self) -> Backwards:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

    def backwards(path: Any = ".") -> Backwards:
        with scandir(path) as entries:
            return Backwards(sorted(entries, key=lambda entry: entry.name, reverse=True))

    monkeypatch.setattr(os, "scandir", backwards)


def test_folders_are_checked_in_the_order_of_their_paths_whatever_the_file_system_says(
        folder: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A folder's records come sorted by path (a.json before a/x.json, as the paths
    sort), the arguments in the order given; the same with workers and in the JUnit
    report."""
    (folder / "sub" / "a").mkdir()
    (folder / "sub" / "a.json.d").mkdir()  # a folder whose name starts with a file's
    for name in ("a.json", "a-b.json", os.path.join("a", "x.json"),
                 os.path.join("a.json.d", "x.json")):
        shutil.copy(folder / "good.json", folder / "sub" / name)
    _listed_backwards(monkeypatch)
    sub = sorted(str(p) for p in (folder / "sub").rglob("*.json"))
    assert [Path(p).relative_to(folder / "sub").as_posix() for p in sub] == [
        "a-b.json", "a.json", "a.json.d/x.json", "a/x.json", "deeper/broken.json",
        "deeper/good3.json", "good2.json"]
    everything = sorted(str(p) for p in folder.rglob("*.json"))
    expected = [*sub, str(folder / "good.json"), *everything]
    for workers in ("1", "2"):
        target = folder.parent / f"{folder.name}-{workers}.xml"
        assert main(["validate", "--json", "--workers", workers, "--junit", str(target),
                     str(folder / "sub"), str(folder / "good.json"), str(folder)]) == 1
        out = capsys.readouterr().out
        assert [json.loads(line)["file"] for line in out.splitlines()] == expected
        cases = ET.parse(target).getroot().findall("./testsuite/testcase")
        assert [case.get("name") for case in cases] == expected


def test_a_cluster_s_results_are_put_back_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Batches that a cluster finishes last first still come out in the files' order."""
    import time
    from concurrent.futures import ThreadPoolExecutor

    from ginrules.records import _parallel

    for number in range(130):  # three batches of a cluster's 64
        (tmp_path / f"r{number:03}.json").write_text("{" if number % 2 else "[]", "utf-8")
    batches: list[int] = []

    def late_first(function: Any, items: Any, *rest: Any) -> Any:
        time.sleep(0.2 * (2 - batches.index(id(items))))  # the first batch ends last
        return function(items, *rest)

    class Cluster(ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            batches.append(id(args[0]))
            return super().submit(late_first, fn, *args, **kwargs)

    @contextlib.contextmanager
    def executor(address: str, timeout: float) -> Iterator[Cluster]:
        with Cluster(3) as cluster:
            yield cluster

    monkeypatch.setattr(_parallel, "dask_executor", executor)
    _listed_backwards(monkeypatch)
    assert main(["validate", "--scheduler", "tcp://x:1", "--json", str(tmp_path)]) == 1
    assert len(batches) == 3
    out = capsys.readouterr().out
    assert [json.loads(line)["file"] for line in out.splitlines()] == [
        str(tmp_path / f"r{number:03}.json") for number in range(130)]


def test_a_json_error_is_given_whole_with_its_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The json module's message "Unterminated string starting at" leaves the place to
    its str(): the line says it whole, for a record read at C speed and for one whose
    strings are shared as read (a hand of a megabyte and more)."""
    small = tmp_path / "small.json"
    small.write_text('{"format": "ginrules-record",\n "rules": "clas', "utf-8")
    large = tmp_path / "large.json"
    large.write_text('{"hands": [{"actions": ["' + "x" * 1_000_000, "utf-8")
    control = tmp_path / "control.json"
    control.write_text('{"rules": "a\tb"}', "utf-8")
    assert main(["validate", str(small), str(large), str(control)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{small}: invalid: malformed JSON: line 2, column 11: Unterminated string starting "
        "at line 2, column 11 (the text ends before its closing quote)",
        f"{large}: invalid: malformed JSON: line 1, column 25: Unterminated string starting "
        "at line 1, column 25 (the text ends before its closing quote)",
        f"{control}: invalid: malformed JSON: line 1, column 13: Invalid control character "
        "at line 1, column 13 (U+0009, written \\t in a JSON string)"]


def test_junit_test_cases_carry_the_seconds_each_check_took(
        folder: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each test case has the seconds its record took (here a clock that moves a quarter
    of a second a call), the suites the seconds of the whole run."""
    import types

    from ginrules.records import validator

    clock = iter(0.25 * n for n in range(1000))
    monkeypatch.setattr(validator, "time", types.SimpleNamespace(
        perf_counter=lambda: next(clock)))
    target = folder / "j.xml"
    assert main(["validate", "--quiet", "--junit", str(target), str(folder / "good.json"),
                 str(folder / "bad.json")]) == 1
    capsys.readouterr()
    root = ET.parse(target).getroot()
    cases = root.findall("./testsuite/testcase")
    assert [case.get("time") for case in cases] == ["0.250000", "0.250000"]
    for suite in (root, root.find("testsuite")):
        assert suite is not None and float(suite.get("time", "-1")) >= 0


def test_the_workers_results_are_put_back_in_order(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With --workers, a batch of long records (a game of some fifty hands) that ends
    after the next batch of small ones still comes out first."""
    long_game = game.play(game.new_game(ginrules.rules("classic"), seed=3),
                          game.random_policies(3))
    for name in ("a0.json", "a1.json", "a2.json"):
        records.dump(long_game, tmp_path / name)
    for number in range(29):  # with the long ones, two batches of 16
        (tmp_path / f"b{number:02}.json").write_text("{", "utf-8")
    assert main(["validate", "--workers", "2", "--json", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert [Path(json.loads(line)["file"]).name for line in out.splitlines()] == [
        "a0.json", "a1.json", "a2.json", *(f"b{number:02}.json" for number in range(29))]
