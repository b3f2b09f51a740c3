"""Nothing at the edge does harm: writes never destroy what is at the path, reads are
bounded and never block, and every failure is one line and exit code 2.

Special files are made here (FIFOs; device nodes with mknod where the tests run as root,
in a temporary folder, never the system's), limits are set in child processes
(``ulimit -f``, a memory limit), and a small file system is mounted where that is
allowed, so that each way of failing is met for real."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import resource
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import records
from ginrules._files import _host, check_writable, open_regular, write_atomically
from ginrules.cli import main

DATA = Path(__file__).parent / "data" / "records"
GOOD = str(DATA / "valid_hand.json")
ROOT = os.geteuid() == 0
COMMAND = [sys.executable, "-m", "ginrules"]
needs_root = pytest.mark.skipif(not ROOT, reason="mknod and mount need root")


def run(*argv: str, stdin: bytes | None = None, timeout: float = 60,
        limits: dict[int, int] | None = None, cwd: Path | None = None,
        umask: int | None = None) -> subprocess.CompletedProcess[bytes]:
    """The ``ginrules`` command in a child process, with resource limits if asked."""
    def child() -> None:
        for which, value in (limits or {}).items():
            resource.setrlimit(which, (value, value))
        if umask is not None:
            os.umask(umask)

    return subprocess.run([*COMMAND, *argv], input=stdin, capture_output=True,
                          timeout=timeout, preexec_fn=child, cwd=cwd)


def one_line_error(done: subprocess.CompletedProcess[bytes], command: str) -> str:
    err = done.stderr.decode()
    assert done.returncode == 2, (done.returncode, err)
    assert err.startswith(f"ginrules {command}: error: ") and err.count("\n") == 1, err
    return err


@contextlib.contextmanager
def mounted(folder: Path, options: str) -> Iterator[Path]:
    """A small tmpfs at ``folder`` (skips the test where mounting is not allowed)."""
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


# -- writes: what is at the path ---------------------------------------------------------


@needs_root
def test_a_device_is_never_replaced(tmp_path: Path) -> None:
    # private device nodes: the null device, a disk (a loop device), another character
    # device (the zero device); --record and --junit leave each a device
    null, disk, zero = tmp_path / "null", tmp_path / "disk", tmp_path / "zero"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    os.mknod(disk, 0o600 | stat.S_IFBLK, os.makedev(7, 0))
    os.mknod(zero, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    assert run("play", "--seed", "1", "--record", str(null)).returncode == 0  # through
    assert stat.S_ISCHR(os.stat(null).st_mode)
    for path, kind in ((disk, "a block device"), (zero, "a device")):
        err = one_line_error(run("play", "--seed", "1", "--record", str(path)), "play")
        assert err.endswith(f"it is {kind}, not a regular file (name a file, or '-' for "
                            "standard output)\n")
        err = one_line_error(run("validate", "--junit", str(path), GOOD), "validate")
        assert f"--junit: cannot write {path}: it is {kind}" in err
    assert stat.S_ISBLK(os.stat(disk).st_mode) and stat.S_ISCHR(os.stat(zero).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["disk", "null", "zero"]


@needs_root
def test_a_terminal_device_is_written_to_whatever_its_number(tmp_path: Path) -> None:
    """Terminals are the devices a user writes to on purpose: virtual consoles (4),
    /dev/tty (5) and the pseudo-terminals' majors 136 to 143, each at both ends; the
    character devices next to them (3, 6, 135, 144) are refused before any work."""
    for major in (4, 5, 136, 143):
        node = tmp_path / f"tty{major}"
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(major, 200))
        check_writable(node)  # a terminal: it would be written through
    for major in (3, 6, 135, 144):
        other = tmp_path / f"other{major}"
        os.mknod(other, 0o666 | stat.S_IFCHR, os.makedev(major, 0))
        with pytest.raises(ginrules.GinRulesError,
                           match="it is a device, not a regular file"):
            check_writable(other)


@needs_root
def test_a_device_that_is_standard_output_is_written_through(tmp_path: Path) -> None:
    """A device named by its path that is this process's standard output (a shell's
    ``> /dev/zero`` named again as ``--record``) is written through: it is where the
    user sends the output anyway. The same device not on standard output is refused."""
    zero = tmp_path / "zero"
    os.mknod(zero, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    with open(zero, "wb") as out:
        done = subprocess.run([*COMMAND, "play", "--seed", "1", "--record", str(zero)],
                              stdout=out, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    one_line_error(run("play", "--seed", "1", "--record", str(zero)), "play")


def test_a_fifo_is_written_through_to_its_reader_and_refused_without_one(
        tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    started = time.monotonic()
    err = one_line_error(run("play", "--seed", "1", "--record", str(fifo), timeout=30),
                         "play")
    assert err.endswith("it is a FIFO that nobody reads (start its reader first)\n")
    assert time.monotonic() - started < 30  # it did not wait for a reader
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    try:
        time.sleep(0.2)  # (cat opens the FIFO; if not yet, the write is refused: retry)
        for _ in range(50):
            done = run("play", "--seed", "1", "--record", str(fifo))
            if done.returncode == 0:
                break
            time.sleep(0.1)
        out, _ = reader.communicate(timeout=30)
    finally:
        reader.kill()
    assert done.returncode == 0
    assert records.validate(out).valid
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_symbolic_link_is_followed_and_its_target_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "game.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "game.json"
    link.symlink_to(target)
    assert main(["play", "--seed", "1", "--record", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert records.validate(target).valid
    dangling = tmp_path / "later.json"
    dangling.symlink_to(tmp_path / "real" / "new.json")  # the target does not exist yet
    assert main(["play", "--seed", "1", "--record", str(dangling)]) == 0
    assert dangling.is_symlink() and records.validate(tmp_path / "real" / "new.json").valid
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["game.json", "new.json"]


def test_a_new_file_gets_the_umasks_mode_and_a_replaced_one_keeps_its_own(
        tmp_path: Path) -> None:
    for umask, mode in ((0o022, 0o644), (0o027, 0o640), (0o077, 0o600)):
        path = tmp_path / f"{umask:o}.json"
        assert run("play", "--seed", "1", "--record", str(path), umask=umask).returncode == 0
        assert stat.S_IMODE(path.stat().st_mode) == mode
        assert run("validate", "--junit", str(path) + ".xml", GOOD, umask=umask
                   ).returncode == 0
        assert stat.S_IMODE(Path(str(path) + ".xml").stat().st_mode) == mode
    kept = tmp_path / "kept.json"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o604)
    assert run("play", "--seed", "2", "--record", str(kept), umask=0o077).returncode == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and records.validate(kept).valid


@needs_root
def test_a_replaced_file_keeps_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "theirs.json"
    path.write_text("old", encoding="utf-8")
    os.chown(path, 1234, 5678)
    write_atomically(path, "{}")
    assert (path.stat().st_uid, path.stat().st_gid) == (1234, 5678)


def test_standard_output_named_as_a_path_is_standard_output(tmp_path: Path) -> None:
    # --record /dev/stdout is --record -: the record alone, and not a replaced file
    # behind a shell's redirection
    for name in ("/dev/stdout", "/dev/fd/1"):
        with open(tmp_path / "out.json", "wb") as out:
            done = subprocess.run([*COMMAND, "play", "--seed", "1", "--record", name],
                                  stdout=out, stderr=subprocess.PIPE, timeout=60)
        assert done.returncode == 0 and done.stderr == b""
        assert records.validate(tmp_path / "out.json").valid
    # the library writes through to a descriptor too, after what was written before
    with open(tmp_path / "log", "wb") as out:
        done = subprocess.run([sys.executable, "-c", "import ginrules, ginrules.records as r; "
                               "print('first', flush=True); "
                               "r.dump(ginrules.deal(ginrules.rules('classic'), seed=1), "
                               "'/dev/stdout')"], stdout=out, timeout=60)
    assert done.returncode == 0
    first, rest = (tmp_path / "log").read_text("utf-8").split("\n", 1)
    assert first == "first" and records.validate(rest).valid


@pytest.mark.skipif(not hasattr(socket, "socketpair"), reason="no socketpair")
@pytest.mark.parametrize("fd", [0, 3])
def test_a_descriptor_named_by_its_number_is_written_through_zero_included(fd: int) -> None:
    """``--record /dev/fd/N`` writes to the descriptor the shell opened (``3<>socket``),
    standard input's 0 as any other: a socket cannot be opened again by its path, so a
    write that reopened the name instead of using the descriptor would fail."""
    mine, theirs = socket.socketpair()
    with mine, theirs:
        def child() -> None:
            os.dup2(theirs.fileno(), fd)

        done = subprocess.run([*COMMAND, "play", "--seed", "1", "--record", f"/dev/fd/{fd}"],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=60,
                              preexec_fn=child, pass_fds=(theirs.fileno(), fd))
        assert done.returncode == 0 and done.stderr == b"", done.stderr
        theirs.close()
        got = b"".join(iter(lambda: mine.recv(65536), b""))
    assert records.validate(got.decode("utf-8")).valid


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1"])
def test_a_record_dumped_to_standard_output_keeps_its_place_among_prints(
        tmp_path: Path, name: str) -> None:
    """A script's prints still in sys.stdout's buffer (a pipe or a file is block
    buffered) come before a record dumped to standard output by its path, and the prints
    after it come after: the record is written through sys.stdout, not past it."""
    script = ("import ginrules, ginrules.records as r\n"
              "print('before')\n"
              f"r.dump(ginrules.deal(ginrules.rules('classic'), seed=1), {name!r})\n"
              "print('after')\n")
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with open(tmp_path / "log", "wb") as out:
        done = subprocess.run([sys.executable, "-c", script], stdout=out, env=buffered,
                              timeout=60)
    assert done.returncode == 0
    first, rest = (tmp_path / "log").read_text("utf-8").split("\n", 1)
    record, last = rest.rsplit("after\n", 1)
    assert (first, last) == ("before", "") and records.validate(record).valid


# -- writes: every way of failing is one line, and the old file stays whole -----------


def test_a_file_too_large_for_ulimit_is_one_line_and_the_old_file_stays(
        tmp_path: Path) -> None:
    record, junit = tmp_path / "game.json", tmp_path / "report.xml"
    record.write_text("the old record", encoding="utf-8")
    junit.write_text("the old report", encoding="utf-8")
    small = {resource.RLIMIT_FSIZE: 2000}  # a game's record is some 11 kB
    err = one_line_error(run("play", "--seed", "1", "--record", str(record), limits=small),
                         "play")
    assert err.endswith("File too large (the size limit for files, ulimit -f?)\n"), err
    files = [GOOD] * 60  # 60 test cases: more than 2,000 bytes of report
    err = one_line_error(run("validate", "--quiet", "--junit", str(junit), *files,
                             limits=small), "validate")
    assert "File too large" in err
    assert record.read_text("utf-8") == "the old record"
    assert junit.read_text("utf-8") == "the old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "report.xml"]


@needs_root
def test_a_full_disk_and_a_read_only_folder_are_one_line(tmp_path: Path) -> None:
    with mounted(tmp_path / "small", "size=16k") as small:
        old = small / "game.json"
        old.write_text("the old record", encoding="utf-8")
        (small / "filler").write_bytes(b"x" * 8192)
        err = one_line_error(run("play", "--seed", "1", "--record", str(old)), "play")
        assert err.endswith("No space left on device\n"), err
        assert old.read_text("utf-8") == "the old record"
        err = one_line_error(run("validate", "--quiet", "--junit", str(small / "r.xml"),
                                 *[GOOD] * 200), "validate")
        assert "No space left on device" in err
        assert sorted(p.name for p in small.iterdir()) == ["filler", "game.json"]
    with mounted(tmp_path / "ro", "ro,size=16k") as read_only:
        err = one_line_error(run("play", "--seed", "1", "--record",
                                 str(read_only / "game.json")), "play")
        assert err.endswith("Read-only file system\n"), err


def test_names_too_long_and_missing_folders_are_one_line(tmp_path: Path) -> None:
    long = str(tmp_path / ("x" * 5000))
    err = one_line_error(run("play", "--seed", "1", "--record", long), "play")
    assert "(5,0" in err and "characters): File name too long" in err and len(err) < 200
    err = one_line_error(run("validate", "--junit", long, GOOD), "validate")
    assert "File name too long" in err
    missing = tmp_path / "no" / "such.json"
    err = one_line_error(run("play", "--seed", "1", "--record", str(missing)), "play")
    assert err.endswith(f"the folder {missing.parent} does not exist\n")
    with pytest.raises(ginrules.GinRulesError, match="holds a NUL character"):
        check_writable("a\x00b.json")
    with pytest.raises(ginrules.GinRulesError, match="the text is not UTF-8"):
        write_atomically(tmp_path / "a.txt", "\ud800")
    assert list(tmp_path.iterdir()) == []


def test_a_bad_record_path_is_refused_before_the_game_is_played(tmp_path: Path) -> None:
    started = time.process_time()
    assert main(["play", "--players", "expert,expert", "--record",
                 str(tmp_path / "no" / "x.json")]) == 2
    assert time.process_time() - started < 5  # no expert game was played first


def test_nothing_a_kill_leaves_behind_accumulates(tmp_path: Path) -> None:
    # a writer killed in the middle of its write leaves its temporary file; the next
    # write to the folder removes it (its process is gone), and a live writer's stays
    script = ("import sys, time; from ginrules._files import write_atomically; "
              "write_atomically(sys.argv[1], lambda out: (out.write('half'), out.flush(), "
              "print('writing', flush=True), time.sleep(60)))")
    for _ in range(3):
        writer = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "a.json")],
                                  stdout=subprocess.PIPE)
        assert writer.stdout is not None and writer.stdout.readline() == b"writing\n"
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    left = [p.name for p in tmp_path.iterdir()]  # each writer removed the one before's
    assert len(left) == 1 and left[0].endswith(".ginrules-tmp")
    host = _host()
    alive = tmp_path / f".b.json.{host}.{os.getpid()}-0123abcd.ginrules-tmp"  # this process's
    alive.write_text("in progress", encoding="utf-8")
    write_atomically(tmp_path / "b.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == [alive.name, "b.json"]


def test_another_machines_write_in_progress_is_left_alone(tmp_path: Path) -> None:
    # on a folder shared over NFS, a process id names a process of the machine that
    # wrote the file: only this machine's dead writers' files are removed
    dead = _dead_pid()
    ours = tmp_path / f".a.json.{_host()}.{dead}-0123abcd.ginrules-tmp"
    theirs = [tmp_path / f".a.json.{name}.{dead}-0123abcd.ginrules-tmp"
              for name in ("another-host", _host() + "x", _host()[:-1] or "y")]
    older = tmp_path / f".a.json.{dead}-0123abcd.ginrules-tmp"  # (no host: not ours to judge)
    # names not in the writers' form (8 hex digits after the process id) are no writer's
    others = [tmp_path / f".a.json.{_host()}.{dead}{tag}.ginrules-tmp"
              for tag in ("", "-", "-0123abc", "-0123abcd9", "-0123ABCD", "x-0123abcd")]
    for path in [ours, *theirs, older, *others]:
        path.write_text("in progress", encoding="utf-8")
    write_atomically(tmp_path / "a.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["a.json", older.name, *(p.name for p in theirs), *(p.name for p in others)])


@pytest.mark.parametrize("name", ["é" * 127, "a" * 255])  # 254 bytes; 255, the most
def test_a_temporary_name_fits_255_bytes_with_any_host(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path, name: str) -> None:
    seen: list[str] = []
    real_open = os.open

    def spy(path: str, *args: Any) -> int:
        seen.append(os.path.basename(path))
        return real_open(path, *args)

    monkeypatch.setattr("ginrules._files._host", lambda: "h" * 63)
    monkeypatch.setattr(os, "open", spy)
    write_atomically(tmp_path / name, "{}")
    assert seen and all(len(os.fsencode(made)) <= 255 for made in seen)
    assert re.fullmatch(rf"\.{name[0]}+\.{'h' * 63}\.{os.getpid()}-[0-9a-f]{{8}}"
                        rf"\.ginrules-tmp", seen[0])
    if name[0] == "a":  # one byte a character: the stem as long as 255 bytes allow
        assert len(seen[0]) == 255
    assert (tmp_path / name).read_text("utf-8") == "{}"


@pytest.mark.parametrize(("nodename", "tag"), [
    ("a" * 63, "a" * 63), ("a" * 64, "a" * 63), ("b" * 70, "b" * 63),
    ("box.example.org", "box_example_org"), ("héte-1", "h_te-1"), ("", "_")])
def test_the_host_in_a_temporary_name_is_at_most_63_safe_characters(
        monkeypatch: pytest.MonkeyPatch, nodename: str, tag: str) -> None:
    """The machine's name in a temporary file's name: letters, digits and hyphens, the
    rest ``_`` (never a dot), cut to 63 characters (a DNS label's most), ``_`` if none."""
    class Uname:
        pass

    named = Uname()
    named.nodename = nodename  # type: ignore[attr-defined]
    monkeypatch.setattr(os, "uname", lambda: named)
    assert _host() == tag


def test_an_empty_path_is_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(ginrules.GinRulesError, match=r"^the path is empty: name a file$"):
        write_atomically("", "{}")
    with pytest.raises(ginrules.GinRulesError, match=r"^the path is empty: name a file$"):
        check_writable("")
    err = one_line_error(run("play", "--seed", "1", "--record", "", cwd=tmp_path), "play")
    assert err.endswith("the path is empty: name a file\n") and not any(tmp_path.iterdir())


def _dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_killed_junit_run_leaves_nothing_behind(tmp_path: Path) -> None:
    files = [GOOD] * 3000
    for _ in range(3):
        checker = subprocess.Popen([*COMMAND, "validate", "--junit",
                                    str(tmp_path / "report.xml"), *files],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert checker.stdout is not None and b"valid" in checker.stdout.readline()
        checker.send_signal(signal.SIGKILL)
        checker.wait()
    assert list(tmp_path.iterdir()) == []


# -- reads: bounded, and never blocking -----------------------------------------------


def test_a_long_line_is_refused_at_once_within_a_memory_limit() -> None:
    # 300 MB in one line under a 400 MB address-space limit: refused after 10,000 bytes
    line = b"7H 8H 9H " + b"K" * 300_000_000 + b"\n"
    done = run("deadwood", "-", stdin=b"7H 8H 9H\n" + line + b"2C\n",
               limits={resource.RLIMIT_AS: 400 * 2**20}, timeout=120)
    err = one_line_error(done, "deadwood")
    assert err == ("ginrules deadwood: error: line 2 is longer than 10,000 bytes (it starts "
                   "'7H 8H 9H KKKKKKKKKKK'): one hand per line\n")
    assert json.loads(done.stdout.splitlines()[0])["deadwood"] == 0  # line 1 was answered


def test_a_line_of_exactly_the_limit_is_read_and_one_byte_more_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The bound is MAX_LINE bytes before the line's end ("\\n", "\\r\\n" or the end of
    the input), not one byte either way."""
    from ginrules.cli.deadwood import MAX_LINE, _deadwood_batch

    padded = b"7H 8H 9H" + b" " * (MAX_LINE - 8)
    assert len(padded) == MAX_LINE
    for end in (b"\n", b"\r\n"):
        assert _deadwood_batch(io.BytesIO(padded + end + b"2C" + end)) == 0
        answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [a["deadwood"] for a in answers] == [0, 2]
        with pytest.raises(ginrules.GinRulesError, match="line 1 is longer than 10,000 bytes"):
            _deadwood_batch(io.BytesIO(padded + b" " + end + b"2C" + end))
        capsys.readouterr()
    # the last line, with no end: read at the bound, refused one past it
    assert _deadwood_batch(io.BytesIO(b"2C\n" + padded)) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["deadwood"] for a in answers] == [2, 0]
    with pytest.raises(ginrules.GinRulesError, match="line 2 is longer than 10,000 bytes"):
        _deadwood_batch(io.BytesIO(b"2C\n" + padded + b" "))


@pytest.mark.parametrize("given", [b"7H 8H 9H\n2C\n", b"7H 8H 9H\n2C", b""])
def test_deadwood_stops_at_the_end_of_its_input(given: bytes) -> None:
    """``ginrules deadwood -`` answers each line and stops at the end of its input, with a
    last newline or without (the end is not read as empty lines, without end). The
    answers are read to 64 KiB at most, so a run that did not stop fails, not hangs."""
    with subprocess.Popen([*COMMAND, "deadwood", "-"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as child:
        assert child.stdin is not None and child.stdout is not None
        try:
            child.stdin.write(given)
            child.stdin.close()
            out = child.stdout.read(65536)
        finally:
            child.kill()
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["deadwood"] for a in answers] == [0, 2][:len(given.splitlines())]


def test_deadwood_reads_regular_files_only(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "hands"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a FIFO"), (Path("/dev/zero"), "a device"),
                       (tmp_path, "a folder")):
        assert main(["deadwood", "--file", str(path)]) == 2
        assert capsys.readouterr().err == (f"ginrules deadwood: error: cannot read {path}: "
                                           f"it is {kind}, not a regular file\n")


def test_a_folder_yields_regular_files_and_names_the_rest_unopened(tmp_path: Path) -> None:
    # a FIFO with a record's name would block an open for ever; it is reported instead
    for number in range(3):
        (tmp_path / f"{number}.json").write_bytes(Path(GOOD).read_bytes())
    os.mkfifo(tmp_path / "1a.json")
    if ROOT:
        os.mknod(tmp_path / "2a.json", 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    done = run("validate", str(tmp_path), timeout=60)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 1
    assert {f"{tmp_path / n}.json: valid (1 hand, 15 actions)" for n in "012"} <= set(lines)
    assert f"{tmp_path / '1a.json'}: invalid: cannot read {tmp_path / '1a.json'}: it is a " \
        "FIFO, not a regular file" in lines
    if ROOT:
        assert any(line.endswith("2a.json: it is a device, not a regular file")
                   for line in lines)


def test_records_that_are_too_large_or_special_are_problems_not_waits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert records.validate("/dev/zero").problems[0].message == (
        "cannot read /dev/zero: it is a device, not a regular file")
    done = run("validate", "-", stdin=b" " * (64 * 2**20 + 1))
    assert done.returncode == 1
    assert done.stdout == (b"<stdin>: invalid: the record is larger than 67,108,864 bytes, "
                           b"the most a record may hold\n")
    with pytest.raises(ginrules.InvalidRecordError, match="holds a NUL character"):
        records.load("x\x00y")
    assert records.validate("x\x00y").problems[0].code == "unreadable"
    with pytest.raises(ginrules.GinRulesError, match="it is a FIFO"):
        os.mkfifo(tmp_path / "f")
        open_regular(tmp_path / "f")


def test_json_nested_past_the_bound_and_numbers_past_a_float_are_malformed() -> None:
    from ginrules.records.format import MAX_DEPTH

    record = json.loads(records.dump(records.load(GOOD)))

    def nested(depth: int) -> str:
        record["meta"] = {"x": 1}
        inner = record["meta"]
        for _ in range(depth - 2):  # the record is level 1, meta level 2
            inner["x"] = {}
            inner = inner["x"]
        return json.dumps(record)

    assert records.validate(nested(MAX_DEPTH)).valid
    problem = records.validate(nested(MAX_DEPTH + 1)).problems[0]
    assert problem.code == "malformed-json" and "nested too deeply" in problem.message
    record.pop("meta")
    text = json.dumps(record)[:-1] + ', "meta": {"big": 1e99999}}'
    problem = records.validate(text).problems[0]
    assert problem.code == "malformed-json"
    assert problem.message == "malformed JSON: the number 1e99999 is too large"


def test_validate_json_output_is_strict_json(tmp_path: Path) -> None:
    record = json.loads(Path(GOOD).read_text("utf-8"))
    record["hands"][0]["outcome"]["points"] = 1e308  # finite: a wrong value, not malformed
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = run("validate", "--json", str(path))

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} is not JSON")

    report = json.loads(done.stdout, parse_constant=refuse)
    assert report["valid"] is False


def test_a_game_played_in_the_terminal_is_saved_however_it_stops(tmp_path: Path) -> None:
    # before, --record was silently ignored when a person played
    for stdin, hands in ((b"take\n", 1), (b"", 1), (b"quit\n", 1)):
        path = tmp_path / "game.json"
        done = run("play", "--players", "human,basic", "--seed", "3", "--record", str(path),
                   stdin=stdin)
        assert done.returncode == 0, done.stderr
        assert done.stdout.decode().endswith(f"The game is saved in {path}.\n")
        report = records.validate(path)
        assert report.valid and report.hands == hands
        assert json.loads(path.read_text("utf-8"))["complete"] is False


def test_read_lines_prompt_is_a_string() -> None:
    from ginrules.terminal import read_line

    with pytest.raises(ginrules.WrongTypeError, match="read_line takes the prompt as a string"):
        read_line(None)  # type: ignore[arg-type]


def test_a_persons_moves_are_read_in_bounded_lines(tmp_path: Path) -> None:
    # a pipe that never ends a line (< /dev/zero) used to be read for ever
    path = tmp_path / "game.json"
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([*COMMAND, "play", "--players", "human,basic", "--record",
                               str(path)], stdin=zero, capture_output=True, timeout=60)
    assert done.returncode == 2
    assert "a line of input is at most 1,000 characters" in done.stdout.decode()
    assert records.validate(path).valid


def test_reading_a_long_record_holds_its_text_not_its_bytes_beside_it(tmp_path: Path) -> None:
    """A record's file is read and decoded, and its bytes are gone before its JSON is
    parsed: the peak of Python's allocations (tracemalloc: the same in every run, whatever
    else the process holds) while validating one long hand is the file's bytes and its
    text at once, twice its size, not the bytes, the text and the parse (issue 47: they
    were 2.46 times the file's size, against 2.00 at commit 8927889)."""
    import tracemalloc

    state = ginrules.deal(ginrules.rules("dutch"), seed=1, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    state = state.apply(state.legal_actions()[0])  # one discard: a card to take back
    player, last = state.actions[-1]
    head, tail = json.dumps(records.to_record(state)).rsplit("]}]}", 1)
    pair = ", ".join([f'"p{1 - player} draw discard"', f'"p{1 - player} discard {last.card}"',
                      f'"p{player} draw discard"', f'"p{player} discard {last.card}"'])
    path = tmp_path / "long.json"
    path.write_text(head + (", " + pair) * 20_000 + "]}]}" + tail, encoding="utf-8")
    size = path.stat().st_size
    assert records.validate(str(path)).valid  # (first-use costs, outside the measure)
    tracemalloc.start()
    try:
        report = records.validate(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.valid and report.actions > 80_000
    assert peak < 2.05 * size, peak / size


def test_the_depth_is_checked_whenever_a_text_could_nest_past_the_bound() -> None:
    """The depth check is skipped only for a text of at most MAX_DEPTH brackets (which
    cannot nest deeper); brackets inside strings count too, so they never hide one."""
    from ginrules.records.format import MAX_DEPTH, _read

    def nested(levels: int, padding: str = "") -> str:
        return '{"meta": ' + "[" * (levels - 1) + "]" * (levels - 1) + padding + "}"

    _read(nested(MAX_DEPTH))
    with pytest.raises(ginrules.GinRulesError, match="nested too deeply"):
        _read(nested(MAX_DEPTH + 1))
    _read(nested(MAX_DEPTH, ', "x": "' + "[" * 10 + '"'))  # 74 brackets, 64 levels
    with pytest.raises(ginrules.GinRulesError, match="nested too deeply"):
        _read(nested(MAX_DEPTH + 1, ', "x": "]]]]"'))


def test_a_path_is_named_whole_up_to_80_characters_then_by_its_first_60(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A message names a path of 80 characters whole; one of 81 by its first 60
    characters and its length."""
    monkeypatch.chdir(tmp_path)  # (relative paths: their length is the test's own)
    at, past = "m" + "y" * 79, "m" + "y" * 80
    assert main(["validate", at]) == 1
    assert f"cannot read {at}: No such file" in capsys.readouterr().out
    assert main(["validate", past]) == 1
    assert f"cannot read {past[:60]}... (81 characters): No such file" in (
        capsys.readouterr().out)
