"""The ``ginrules`` command: the parser, and running a sub-command with errors, pipes
and signals handled.

Every sub-command prints for a person by default and JSON with ``--json``. Bad input
prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

from ginrules._startup import _SCRIPTS, release
from ginrules._version import __version__
from ginrules.errors import GinRulesError, _wrong_type

__all__ = ["build_parser", "main"]

# The sub-commands, in the order of ``ginrules --help``: the module that defines the
# sub-command's arguments (its ``add_parser``) and runs it, and its line in the help.
# A module is imported only when its sub-command is chosen, so that a command imports
# what it needs and no more (``ginrules deadwood`` does not import the computer players,
# nor ``validate`` the game's players; ``xml`` only for ``--junit``).
_COMMANDS: dict[str, tuple[str, str]] = {
    "deadwood": ("ginrules.cli.deadwood",
                 "arrange a hand into melds and show its least deadwood"),
    "showdown": ("ginrules.cli.showdown",
                 "adjudicate a knock: melds, layoffs, deadwood and points"),
    "play": ("ginrules.cli.play",
             "play a whole game (computer players, or you in the terminal)"),
    "simulate": ("ginrules.cli.simulate",
                 "play many games between computer players and show win rates"),
    "serve": ("ginrules.cli.serve",
              "answer the player protocol (JSON lines) on stdin and stdout"),
    "validate": ("ginrules.cli.validate",
                 "check game records: every action legal, the declared results right"),
    "convert": ("ginrules.cli.convert",
                "turn an OpenSpiel history or a Kaggle episode into a record (and back)"),
}


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the terminal's width as :func:`shutil.get_terminal_size`
    would (``COLUMNS``, else the terminal's, else 80), which is all argparse imports
    shutil for: the command starts without shutil's imports (bz2, lzma, zlib, fnmatch).

    >>> _Formatter("ginrules")._width == _columns() - 2
    True
    """

    def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
        if not args and kwargs.get("width") is None:
            kwargs["width"] = _columns() - 2  # as argparse takes 2 from shutil's width
        super().__init__(prog, *args, **kwargs)


def _columns() -> int:
    """The terminal's width, as :func:`shutil.get_terminal_size` gives it."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit code 2, and
    whose help is formatted by :class:`_Formatter`."""

    def __init__(self, **settings: Any) -> None:
        settings.setdefault("formatter_class", _Formatter)
        super().__init__(**settings)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


class _Command(_Parser):
    """The parser of one sub-command, made only when it is used: when the command line
    names it (or its help or usage is asked for), the parser is set up, and its module
    imported and its ``add_parser`` run to add its arguments. Until then it is the name
    of a module (a parser costs about half a millisecond to make, and its module what
    it imports).

    >>> build_parser().parse_args(["deadwood", "7H", "8H"]).cards
    ['7H', '8H']
    """

    _settings: dict[str, Any]
    _module: str
    _loaded: bool

    def __init__(self, **settings: Any) -> None:  # the parser is set up in _load
        self.__dict__.update(_settings=settings, _module="", _loaded=False)

    def _load(self) -> None:
        if not self.__dict__["_loaded"]:
            self._loaded = True
            super().__init__(**self._settings)
            importlib.import_module(self._module).add_parser(_Into(self))

    def __getattr__(self, name: str) -> Any:
        # anything argparse asks of the parser before it is set up sets it up first
        if name.startswith("__") or self.__dict__.get("_loaded", True):
            raise AttributeError(name)
        self._load()
        return getattr(self, name)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._load()
        return super().parse_known_args(args, namespace)


class _Into:
    """What a sub-command's ``add_parser`` adds itself to: ``add_parser(name,
    description=..., epilog=...)`` returns the sub-command's parser (made beforehand by
    :func:`build_parser`, with its line in the help), those set."""

    _SETTINGS = frozenset({"description", "epilog", "usage", "formatter_class"})

    def __init__(self, parser: _Command) -> None:
        self._parser = parser

    def add_parser(self, name: str, **settings: Any) -> argparse.ArgumentParser:
        if not self._parser.prog.endswith(" " + name) or not self._SETTINGS.issuperset(
                settings):
            raise TypeError(f"add_parser({name!r}, {', '.join(settings)}) for the parser "
                            f"of {self._parser.prog!r}")
        for setting, value in settings.items():
            setattr(self._parser, setting, value)
        return self._parser


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
                                parser_class=_Command)
    for name, (module, line) in _COMMANDS.items():
        sub.add_parser(name, help=line)._module = module
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
        _leave_lightly()
    return code


def _is_the_command() -> bool:
    """Whether this process is the ``ginrules`` command (its script, or ``python -m
    ginrules``), not a program that calls :func:`main` (``python -m pytest`` neither).

    >>> _is_the_command()
    False
    """
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    if getattr(spec, "name", None) == "ginrules.__main__":
        return True
    return bool(sys.argv) and os.path.basename(sys.argv[0]).lower() in _SCRIPTS


def _leave_lightly() -> None:
    """When the ``ginrules`` command ends: move every object to the garbage collector's
    permanent generation (:func:`gc.freeze`), so that the interpreter's collections at
    exit do not go through every object of every module once more (for a short command,
    a good part of its CPU time: ``benchmarks/bench_import.py``). Everything is still closed and
    flushed as before (objects are freed by their references as the modules are cleared,
    and the standard streams are flushed); only objects in reference cycles are left to
    the end of the process. A program that calls :func:`main` keeps its collector as it
    was."""
    if _is_the_command():
        gc.freeze()


def _exit_now_if_workers_ran(code: int) -> None:
    """After an interruption, leave at once if worker processes were used: their pool's
    threads would otherwise keep the interpreter waiting at exit (the workers themselves
    were already stopped). Only the ``ginrules`` command does this, never a caller of
    :func:`main` in the same process (``main`` runs in the command's main thread)."""
    others = [t for t in threading.enumerate()
              if t is not threading.current_thread() and not t.daemon]
    if others and _is_the_command():
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
