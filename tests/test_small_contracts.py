"""Small contracts the first mutation sample of the outer modules found unpinned (issue
16): the package's lazy names, the words for JSON types, atomic writes, the progress
bar, and the reader's problem codes. Every expected value is written out."""

from __future__ import annotations

import importlib
import io
import json
import os
import sys
from pathlib import Path

import pytest

import ginrules
from ginrules import records


def test_the_package_finds_each_lazy_name_when_asked() -> None:
    # called directly: an ordinary attribute access is cached after its first use
    assert ginrules.__getattr__("new_game") is importlib.import_module("ginrules.game").new_game
    assert ginrules.__getattr__("svg") is importlib.import_module("ginrules.svg")
    with pytest.raises(AttributeError, match=r"^module 'ginrules' has no attribute 'nope'$"):
        ginrules.__getattr__("nope")
    names = ginrules.__dir__()
    assert names == sorted(names)
    assert {"deadwood", "new_game", "svg", "Card", "__version__"} <= set(names)


def test_records_from_openspiel_says_where_it_is_in_full_words() -> None:
    with pytest.raises(AttributeError) as caught:
        records.__getattr__("from_openspiel")
    assert str(caught.value) == ("module 'ginrules.records' has no attribute "
                                 "'from_openspiel': since 0.2.0 it is "
                                 "ginrules.interop.openspiel.from_openspiel")


def test_the_words_for_json_types() -> None:
    from ginrules._wire import _kind_name

    assert [_kind_name(k) for k in (int, str, list, bool, dict, float)] == [
        "an int", "a string", "a list", "true or false", "an object", "float"]


def test_a_file_is_written_through_a_temporary_file_beside_it(tmp_path: Path) -> None:
    from ginrules._files import _host, write_atomically

    seen: list[str] = []

    def write(handle: io.TextIOBase) -> None:
        handle.write("7\u2660 8\u2660 9\u2660\n")
        seen.extend(os.listdir(tmp_path))

    target = tmp_path / "hand.txt"
    write_atomically(target, write)
    # while it was written, the only file was a hidden temporary one in the same folder
    assert len(seen) == 1 and seen[0].startswith(f".hand.txt.{_host()}.{os.getpid()}-")
    assert seen[0].endswith(".ginrules-tmp")
    assert os.listdir(tmp_path) == ["hand.txt"]
    assert target.read_bytes() == "7\u2660 8\u2660 9\u2660\n".encode()


def test_the_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrules.cli.common import _progress_bar

    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    _progress_bar(5, 20)  # a quarter of 30 places, rounded down: 7
    assert err.getvalue() == "\r\x1b[K[#######.......................] 5/20 games"
    err.seek(0), err.truncate()
    _progress_bar(1234, None, "files", rate=99.6)
    assert err.getvalue() == "\r\x1b[K1,234 files, 100 files/s"


def test_the_reader_names_its_problem_for_deep_nesting_and_a_repeated_key(
        tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(ginrules.GinRulesError, match="nested too deeply") as caught:
        records.load(deep)
    assert caught.value.code == "malformed-json"  # type: ignore[attr-defined]
    twice = tmp_path / "twice.json"
    twice.write_text(json.dumps({"a": 1})[:-1] + ', "a": 2}', encoding="utf-8")
    with pytest.raises(ginrules.GinRulesError) as caught:
        records.load(twice)
    assert str(caught.value) == ("malformed JSON: the key 'a' is given twice in one object")
    assert caught.value.code == "malformed-json"  # type: ignore[attr-defined]


class _Gone:
    """A worker process that has already gone: terminating it fails."""

    def __init__(self) -> None:
        self.asked = 0

    def terminate(self) -> None:
        self.asked += 1
        raise ProcessLookupError("no such process")


class _Pool:
    def __init__(self) -> None:
        self._processes = {1: _Gone(), 2: _Gone()}
        self.shutdown_with: tuple[bool, bool] | None = None

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shutdown_with = (wait, cancel_futures)
        raise RuntimeError("already shut down")


def test_stopping_a_pool_whose_workers_are_gone_raises_nothing() -> None:
    from ginrules.records._parallel import _stop

    pool = _Pool()
    _stop(pool)  # type: ignore[arg-type]
    assert [p.asked for p in pool._processes.values()] == [1, 1]  # each one asked
    assert pool.shutdown_with == (False, True)  # no waiting; queued work cancelled


def test_the_command_leaves_at_once_only_when_worker_threads_remain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from ginrules.cli import command

    exits: list[int] = []
    monkeypatch.setattr(os, "_exit", exits.append)
    main = threading.current_thread()
    daemon = threading.Thread(target=print, daemon=True)  # never started: only looked at
    worker = threading.Thread(target=print)
    running = [main, daemon]
    monkeypatch.setattr(threading, "enumerate", lambda: list(running))
    monkeypatch.setattr(sys, "argv", ["/usr/bin/ginrules", "simulate"])
    command._exit_now_if_workers_ran(130)  # only a daemon thread: an ordinary exit
    assert exits == []
    running.append(worker)
    command._exit_now_if_workers_ran(130)  # a pool's thread would hold the exit
    assert exits == [130]
    monkeypatch.setattr(sys, "argv", ["pytest"])  # a caller of main in its process: never
    command._exit_now_if_workers_ran(130)
    assert exits == [130]


def test_a_long_text_that_is_no_path_is_named_by_its_start() -> None:
    # JSON text is a string that starts with '{'; anything else is a path, and a long
    # one is named by its first 60 characters, so the error stays one short line
    with pytest.raises(ginrules.GinRulesError) as caught:
        records.load("[" * 10_000)
    assert str(caught.value) == (
        "cannot read " + "[" * 60 + "... (10,000 characters): File name too long")
    assert caught.value.code == "unreadable"  # type: ignore[attr-defined]
    with pytest.raises(ginrules.GinRulesError, match=r"^cannot read no/such\.json: No such"):
        records.load("no/such.json")  # a short name is shown whole


def test_no_test_depends_on_the_machines_load() -> None:
    # the README's test command must pass on a busy machine: no profile has a wall-clock
    # deadline or the too-slow health check, and no test sets a deadline of its own
    import re
    from pathlib import Path

    from hypothesis import HealthCheck, settings

    for name in ("default", "ci", "thorough", "mutation"):
        profile = settings.get_profile(name)
        assert profile.deadline is None, name
        assert HealthCheck.too_slow in profile.suppress_health_check, name
    for path in Path(__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"deadline=(?!None)\w", text), path
