"""Ctrl-C and SIGTERM while the ``ginrules`` command starts: the first thing the package
runs, so that a signal that comes while the command is still importing ends it quietly
(exit 130 or 143 and one line on stderr, as once :func:`ginrules.cli.main` runs), not
with a traceback.

Only the command itself is concerned (the ``ginrules`` script, ``python -m ginrules``):
a program that imports ginrules keeps its signals exactly as they were. And only a signal
left to Python's default is taken: one the command's parent ignores stays ignored.

>>> import signal
>>> signal.getsignal(signal.SIGINT) is not _quit  # this process is not the command
True
>>> _is_the_command(["/usr/bin/ginrules", "serve"], [])
True
>>> _is_the_command(["-m"], ["python3", "-X", "dev", "-m", "ginrules", "serve"])
True
>>> _is_the_command(["my_script.py"], ["python3", "my_script.py"])
False
"""

from __future__ import annotations

import os
import sys

__all__: list[str] = []

_SCRIPTS = ("ginrules", "ginrules.exe", "ginrules-script.py", "ginrules-script.pyw")
_TAKEN: dict[int, object] = {}  # the signals taken, and their handlers before


def _is_the_command(argv: list[str], orig_argv: list[str]) -> bool:
    """Whether the process is the ``ginrules`` command: its script, or ``python -m
    ginrules`` (whose ``argv[0]`` is ``-m`` while the package is imported)."""
    first = argv[0] if argv else ""
    if os.path.basename(first).lower() in _SCRIPTS:
        return True
    if first != "-m":
        return False
    for at, word in enumerate(orig_argv[1:], 1):
        if word.startswith("-") and not word.startswith("--") and "m" in word[1:]:
            module = word[word.index("m", 1) + 1:]
            return (module or "".join(orig_argv[at + 1:at + 2])) == "ginrules"
    return False


def _quit(signum: int, frame: object) -> None:
    """End the starting command at once: one line, 128 + the signal's number."""
    try:
        os.write(2, b"\nginrules: interrupted\n")
    finally:
        os._exit(128 + signum)


def release() -> None:
    """Hand the signals back as they were (Ctrl-C to Python's KeyboardInterrupt) if they
    were taken while the command started; :func:`ginrules.cli.main` calls it when it takes
    over.

    >>> release()  # nothing taken in this process: nothing changes
    """
    if not _TAKEN:
        return
    import signal

    for signum, before in list(_TAKEN.items()):
        if signal.getsignal(signum) is _quit:
            signal.signal(signum, before)  # type: ignore[arg-type]
        del _TAKEN[signum]


def _take() -> None:
    # (signal is imported only by the command: a script that imports ginrules for the
    # deadwood of a hand loads no more than it did)
    if _is_the_command(list(sys.argv), list(getattr(sys, "orig_argv", []))):
        import signal

        for signum, default in ((signal.SIGINT, signal.default_int_handler),
                                (signal.SIGTERM, signal.SIG_DFL)):
            try:
                if signal.getsignal(signum) is default:  # (not one the parent ignores)
                    _TAKEN[signum] = default
                    signal.signal(signum, _quit)
            except (ValueError, OSError):  # (not the main thread, or no such signal)
                _TAKEN.pop(signum, None)


_take()
