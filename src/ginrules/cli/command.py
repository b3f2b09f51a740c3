"""The ``ginrules`` command: the parser, and running a sub-command with errors, pipes
and signals handled.

Every sub-command prints for a person by default and JSON with ``--json``. Bad input
prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from ginrules._startup import release
from ginrules._version import __version__
from ginrules.errors import GinRulesError, _wrong_type

if TYPE_CHECKING:
    pass

from ginrules.cli import deadwood as deadwood_command
from ginrules.cli import play as play_command
from ginrules.cli import serve as serve_command
from ginrules.cli import showdown as showdown_command
from ginrules.cli import simulate as simulate_command
from ginrules.cli import validate as validate_command

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``ginrules`` command.

    >>> build_parser().parse_args(["deadwood", "7H"]).command
    'deadwood'
    """
    parser = _Parser(
        prog="ginrules",
        description="The rules of Gin Rummy, exactly.",
        epilog="Cards are written rank then suit: 7H, TH or 10H, QS, AC (case-insensitive, "
        "♣♦♥♠ accepted).",
    )
    parser.add_argument("--version", action="version",
                        version=f"ginrules {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)

    deadwood_command.add_parser(sub)

    showdown_command.add_parser(sub)

    play_command.add_parser(sub)

    simulate_command.add_parser(sub)

    serve_command.add_parser(sub)

    validate_command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ginrules`` command; returns the exit code.

    >>> main(["deadwood", "7H 8H 9H KS QS", "--json"])
    {"deadwood": 20, "melds": [["7H", "8H", "9H"]], "deadwood_cards": ["QS", "KS"]}
    0
    """
    if argv is not None and (isinstance(argv, (str, bytes)) or not isinstance(argv, Sequence)
                             or not all(isinstance(word, str) for word in argv)):
        raise _wrong_type("main", "the command's words as a list of strings, like "
                          "['deadwood', '7H 8H 9H'] (or None for sys.argv)", argv)
    previous = None
    name = "ginrules"
    try:
        previous = _stop_on_sigterm()
        release()  # Ctrl-C is a KeyboardInterrupt again (see ginrules._startup)
        parser = build_parser()
        args = parser.parse_args(argv)
        name = f"ginrules {args.command}"
        code: int = args.func(args)
    except GinRulesError as error:
        print(f"{name}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM (see _stop_on_sigterm)
        code = 143 if isinstance(stop, _Terminated) else 130
        print(f"\n{name}: interrupted", file=sys.stderr)
        _exit_now_if_workers_ran(code)
        return code
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, and keep Python from
        # complaining when it flushes stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return code


def _exit_now_if_workers_ran(code: int) -> None:
    """After an interruption, leave at once if worker processes were used: their pool's
    threads would otherwise keep the interpreter waiting at exit (the workers themselves
    were already stopped). Only the ``ginrules`` command does this, never a caller of
    :func:`main` in the same process (``main`` runs in the command's main thread)."""
    others = [t for t in threading.enumerate()
              if t is not threading.current_thread() and not t.daemon]
    if others and sys.argv and os.path.basename(sys.argv[0]) in ("ginrules", "__main__.py"):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised as Ctrl-C is (so that everything that stops on Ctrl-C stops on it),
    and told apart at the end: exit code 143 (128 + 15), Ctrl-C's being 130.

    >>> issubclass(_Terminated, KeyboardInterrupt)
    True
    """


def _stop_on_sigterm() -> Any:
    """Make SIGTERM stop the command as Ctrl-C does (workers stopped, one line; exit
    143), when this runs in the main thread; returns the handler it replaced."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: object) -> None:
        raise _Terminated

    return signal.signal(signal.SIGTERM, stop)
