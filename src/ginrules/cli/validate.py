"""``ginrules validate``: records checked, a line per file, JUnit, workers or a cluster.

The command imports :mod:`ginrules.interop.openspiel` and :mod:`ginrules.interop.convert`,
which register the validator's explanations of records from OpenSpiel games and from the
EAAI framework's logs (the records never import the adapters).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from ginrules._files import check_writable, write_atomically
from ginrules.errors import GinRulesError

if TYPE_CHECKING:
    from ginrules.records import Report

from ginrules.cli.common import _progress_bar

__all__: list[str] = []  # the command is ginrules.cli.main


def _record_sources(arguments: Sequence[str], absolute: bool
                    ) -> Iterator[tuple[str | bytes, str]]:
    """``(source, name)`` for each record, in a fixed order: the arguments in the order
    given; for a folder, every ``*.json`` under it (recursively, not into symbolic links),
    sorted by path, whatever order the file system lists them in (two machines list the
    same folder in two orders); ``-`` as standard input (at most
    :data:`~ginrules.records.format.MAX_RECORD_BYTES`, and one byte more to tell). A
    ``*.json`` in a folder that is not a regular file (a FIFO, a device, a socket) is named
    as it is, and the validator reports it without opening it. With ``absolute``, paths
    are made absolute (the work may run in another current folder, on a cluster)."""
    from ginrules.records.format import MAX_RECORD_BYTES

    for argument in arguments:
        if argument == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            if stdin is not None:
                yield stdin.read(MAX_RECORD_BYTES + 1), "<stdin>"
            else:
                yield sys.stdin.read(MAX_RECORD_BYTES + 1).encode("utf-8"), "<stdin>"
        elif os.path.isdir(argument):
            for path in _folder_records(argument):
                yield (os.path.abspath(path) if absolute else path), path
        else:
            yield (os.path.abspath(argument) if absolute else argument), argument


def _folder_records(top: str) -> Iterator[str]:
    """The ``*.json`` under ``top`` in the order of their paths (as strings, by code
    point), and a folder that cannot be listed as itself (validated as unreadable, with
    the reason). Depth first, one folder's entries sorted at a time: a folder's name
    sorts as itself followed by the separator, so that ``a.json`` comes before ``a/x.json``
    as their whole paths do. Only the names in the folders on the way down are held, not
    the whole tree."""
    stack: list[tuple[str, Iterator[tuple[str, bool]]]] = [("", iter([(top, True)]))]
    while stack:
        folder, names = stack[-1]
        entry = next(names, None)
        if entry is None:  # this folder is done
            stack.pop()
            continue
        name, is_folder = entry
        path = os.path.join(folder, name) if folder else name
        if not is_folder:
            yield path
            continue
        try:
            with os.scandir(path) as listing:
                found = [(item.name, item.is_dir(follow_symlinks=False)) for item in listing]
        except OSError:
            yield path  # validated as unreadable, with the reason
            continue
        found.sort(key=lambda item: item[0] + os.sep if item[1] else item[0])
        stack.append((path, iter([item for item in found
                                  if item[1] or item[0].endswith(".json")])))


def _junit_case(report: Report, seconds: float) -> str:
    """A record's test case: its name, the seconds its check took, its problems."""
    # imported here, for --junit alone: xml.sax.saxutils imports urllib, http and email
    from xml.sax.saxutils import escape, quoteattr

    head = (f'    <testcase classname="ginrules.validate" '
            f'name={quoteattr(_xml_text(report.source or "?"))} time="{seconds:.6f}"')
    if report.valid:
        return f'{head}/>\n'
    first = report.problems[0]
    body = escape(_xml_text("\n".join(str(p) for p in report.problems)))
    return (f'{head}>\n'
            f'      <failure type={quoteattr(first.code)} '
            f'message={quoteattr(_xml_text(str(first)))}>{body}</failure>\n'
            f'    </testcase>\n')


def _xml_text(text: str) -> str:
    """Text XML 1.0 may hold: other control characters become U+FFFD."""
    return "".join(c if c >= " " or c in "\t\n\r" else "\ufffd" for c in text)


class _JUnit:
    """A JUnit XML report written as the files are checked: the test cases go to an
    anonymous temporary file beside the report (so memory stays bounded, and a kill
    leaves nothing behind), then the report is put in place atomically."""

    def __init__(self, path: str) -> None:
        import tempfile  # here, for --junit alone (as shutil below): a lighter start

        try:
            check_writable(path)
        except GinRulesError as error:
            raise GinRulesError(f"--junit: {error}") from None
        self.path = path
        folder = os.path.dirname(os.path.realpath(path))
        try:
            self.cases = tempfile.TemporaryFile(  # noqa: SIM115 - closed in abort
                "w+", encoding="utf-8", dir=folder)
        except OSError:
            try:  # a folder that takes no new file (a FIFO's, /dev): the system's
                self.cases = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise GinRulesError(f"--junit: cannot keep the report's test cases: "
                                    f"{error.strerror or error}") from None
        self.tests = self.failures = 0

    def add(self, report: Report, seconds: float) -> None:
        self.tests += 1
        self.failures += not report.valid
        try:
            self.cases.write(_junit_case(report, seconds))
        except OSError as error:
            raise GinRulesError(f"--junit: cannot keep the report's test cases: "
                                f"{error.strerror or error}") from None

    def finish(self, seconds: float) -> None:
        import shutil

        counts = f'tests="{self.tests}" failures="{self.failures}" errors="0"'

        def write(out: IO[str]) -> None:
            out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                      f'<testsuites name="ginrules validate" {counts} time="{seconds:.3f}">\n'
                      f'  <testsuite name="ginrules validate" {counts} '
                      f'time="{seconds:.3f}">\n')
            self.cases.seek(0)
            shutil.copyfileobj(self.cases, out)
            out.write("  </testsuite>\n</testsuites>\n")

        try:
            write_atomically(self.path, write)
        except GinRulesError as error:
            raise GinRulesError(f"--junit: {error}") from None
        finally:
            self.abort()

    def abort(self) -> None:
        with contextlib.suppress(OSError):
            self.cases.close()


def _cmd_validate(args: argparse.Namespace) -> int:
    # imported for what they register: the validator's explanations of records from
    # OpenSpiel and from the EAAI framework (the records never import ginrules.interop,
    # which is above them)
    import ginrules.interop.convert
    import ginrules.interop.openspiel  # noqa: F401
    from ginrules.records._parallel import check_workers, dask_executor
    from ginrules.records.validator import _validate_timed

    check_workers(args.workers)
    bar = sys.stderr.isatty() and not args.no_progress
    junit = _JUnit(args.junit) if args.junit is not None else None
    codes: Counter[str] = Counter()
    checked = invalid = 0
    started = last_drawn = time.monotonic()
    try:
        with contextlib.ExitStack() as stack:
            executor = None
            if args.scheduler is not None:
                executor = stack.enter_context(dask_executor(args.scheduler, args.timeout))
            sources = _record_sources(args.files, absolute=executor is not None)
            reports = stack.enter_context(contextlib.closing(_validate_timed(
                sources, executor=executor, workers=args.workers, lenient=args.lenient,
                fail_unchecked=args.fail_unchecked)))
            for report, seconds in reports:
                checked += 1
                if not report.valid:
                    invalid += 1
                    codes.update(p.code for p in report.problems)
                if junit is not None:
                    junit.add(report, seconds)
                if not (args.quiet and report.valid):
                    if bar:
                        print("\r\x1b[K", end="", file=sys.stderr)
                    if args.json:
                        print(json.dumps(report.to_dict()))
                    else:
                        print(str(report) if args.lenient else report.summary())
                now = time.monotonic()
                if bar and now - last_drawn >= 0.1:
                    last_drawn = now
                    _progress_bar(checked, None, "files", checked / max(now - started, 1e-9))
    except BrokenPipeError:
        # the reader went away (ginrules validate ... | head -1): stop quietly; stdout
        # points at nothing so that the interpreter's last flush does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        if junit is not None:
            junit.abort()
        return 1
    except BaseException:
        if junit is not None:
            junit.abort()
        raise
    elapsed = time.monotonic() - started
    if bar:
        _progress_bar(checked, None, "files", checked / max(elapsed, 1e-9))
        print(file=sys.stderr)
    if junit is not None:
        junit.finish(elapsed)
    if checked != 1 and not (args.quiet and not invalid):
        summary = f"{checked - invalid} of {checked} files valid"
        if codes:
            summary += "; problems: " + ", ".join(
                f"{code} {count}" for code, count in sorted(codes.items(),
                                                           key=lambda i: (-i[1], i[0])))
        print(summary, file=sys.stderr)
    return 1 if invalid else 0




def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "validate",
        description="Replay each record under its rules and check that every action was "
        "legal and that the declared outcomes, totals and final scores are right. Prints "
        "one line per file (a file that cannot be read is invalid, with the reason), then "
        "on stderr how many are valid and the problems by code. Exit code 0 when every "
        "file is valid, 1 when any is invalid or unreadable, 2 on usage errors.",
        epilog="example: ginrules validate games/   or   ginrules play --record - "
        "| ginrules validate -",
    )
    p.add_argument("files", nargs="+", metavar="PATH",
                   help="record files, or folders (every *.json in them, recursively, "
                   "sorted by path); '-' reads stdin")
    p.add_argument("--lenient", action="store_true",
                   help="continue after a problem and list every problem")
    p.add_argument("--fail-unchecked", action="store_true",
                   help="a record whose claims could not all be checked (a record of one "
                   "player's view: the other player's cards) is invalid too, with code "
                   "'unchecked' (by default it is valid when nothing it shows is wrong, "
                   "and its notes say what was not checked)")
    p.add_argument("--quiet", action="store_true",
                   help="print only the invalid files (also with --json)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per file (JSON lines) for machines")
    p.add_argument("--junit", default=None, metavar="FILE",
                   help="also write a JUnit XML report to FILE (one test case per record)")
    p.add_argument("--workers", type=int, default=1, metavar="K",
                   help="local processes to check the files with (default: 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="check the files on the Dask cluster whose scheduler listens at "
                   "ADDRESS (its workers must see the same paths; needs Dask: "
                   "pip install distributed)")
    p.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                   help="with --scheduler: how long to wait for the scheduler and for a "
                   "worker, when the cluster has none, before giving up (default: 30)")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress line on a terminal's stderr")
    p.set_defaults(func=_cmd_validate)

