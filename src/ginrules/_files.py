"""Files as a careful tool writes and reads them. Package-internal.

Writing (:func:`write_atomically`): the text goes to a temporary file beside the target,
is flushed to disk and replaces the target in one step, so a failure (no space, a file
too large, a read-only folder, a name too long, a missing folder) is one
:class:`~ginrules.GinRulesError` saying why and leaves the old file whole. A symbolic link
is followed and its target replaced; a new file gets the mode the umask gives, a replaced
one keeps its mode (and, where the writer may set it, its owner). What is not a regular
file is never replaced: standard output and error, a terminal, ``/dev/null``, a FIFO with
a reader and an open file descriptor (``/dev/fd/N``) are written through, as a user who
names them means; a folder, a socket, a block device, any other device and a FIFO that
nobody reads are refused. A temporary file that a killed writer left behind is removed by
the next write to the same folder from the same machine: the temporary name carries the
writer's host as well as its process id, so on a folder shared between machines (NFS) a
write in progress on another machine is never taken for a dead one.

Reading (:func:`open_regular`): only regular files are opened; a FIFO, a device or a
socket is refused after a look at it, without blocking.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.json"
>>> write_atomically(path, "{}")
>>> path.read_text()
'{}'
>>> write_atomically(path.parent, "{}")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ginrules.errors.GinRulesError: cannot write ...: it is a folder; name a file
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import stat
import sys
from collections.abc import Callable
from typing import IO, BinaryIO

from ginrules.errors import GinRulesError, _type_name

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows, which has no FIFOs to wait on
    fcntl = None  # type: ignore[assignment]

__all__ = ["check_writable", "open_regular", "shown", "write_atomically"]

Content = str | Callable[[IO[str]], None]

# file descriptors named as paths: written to as they are, never replaced
_FD_FOLDERS = ("/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/")
_STD_PATH = {"/dev/stdout": 1, "/dev/stderr": 2}
_TTY_MAJORS = frozenset({4, 5, *range(136, 144)})  # virtual consoles, /dev/tty, ptys
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_TEMPORARY = ".ginrules-tmp"  # .NAME.HOST.PID-RANDOM.ginrules-tmp
# the end of a temporary name as _replace makes it: host, process id, 8 hex digits
_WRITER = re.compile(r"\.([A-Za-z0-9_-]{1,63})\.([0-9]+)-[0-9a-f]{8}"
                     + re.escape(_TEMPORARY) + r"\Z")


def _host() -> str:
    """This machine's name as a temporary file's name carries it: its letters, digits
    and hyphens, the rest written ``_`` (so never a dot), at most 63 characters.

    >>> all(c.isalnum() or c in "-_" for c in _host()) and 0 < len(_host()) <= 63
    True
    """
    uname = getattr(os, "uname", None)
    name = uname().nodename if uname is not None else os.environ.get("COMPUTERNAME", "")
    tag = "".join(c if c.isascii() and (c.isalnum() or c == "-") else "_" for c in name)
    return tag[:63] or "_"


def shown(path: str | os.PathLike[str]) -> str:
    """A path as an error message names it: a long one by its start, so the message
    stays one short line.

    >>> shown("x" * 5000)  # doctest: +ELLIPSIS
    'xxxx...xxx... (5,000 characters)'
    """
    name = os.fsdecode(path)
    return name if len(name) <= 80 else f"{name[:60]}... ({len(name):,} characters)"


def _path(path: object) -> str:
    if not isinstance(path, (str, os.PathLike)):
        raise GinRulesError(f"a path is a string or a path object, not {_type_name(path)}")
    name = os.fsdecode(path)
    if not name:
        raise GinRulesError("the path is empty: name a file")
    if "\x00" in name:
        raise GinRulesError(f"the path {shown(name)!r} holds a NUL character")
    return name


def _failure(name: str, error: OSError) -> GinRulesError:
    reason = error.strerror or str(error)
    if error.errno == errno.EFBIG:
        reason += " (the size limit for files, ulimit -f?)"
    elif error.errno == errno.ENXIO:
        reason = "it is a FIFO that nobody reads (start its reader first)"
    return GinRulesError(f"cannot write {shown(name)}: {reason}")


def _where(name: str) -> tuple[str, int | None, os.stat_result | None]:
    """Where a write to ``name`` goes: ``("replace", None, stat)`` of an existing regular
    file (the path resolved through its links), ``("create", None, None)``,
    ``("through", fd, None)`` for a descriptor to write to as it is; or an error."""
    if name in _STD_PATH:
        return name, _STD_PATH[name], None
    for folder in _FD_FOLDERS:
        number = name[len(folder):]
        if name.startswith(folder) and number.isdigit() and number.isascii():
            return name, int(number), None
    real = os.path.realpath(name)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        folder = os.path.dirname(real) or "."
        if not os.path.isdir(folder):
            raise GinRulesError(f"cannot write {shown(name)}: the folder "
                                f"{shown(folder)} does not exist") from None
        return real, None, None
    except OSError as error:
        raise _failure(name, error) from None
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return real, None, info
    if stat.S_ISDIR(mode):
        raise GinRulesError(f"cannot write {shown(name)}: it is a folder; name a file")
    if stat.S_ISFIFO(mode):
        return real, -1, None
    if stat.S_ISCHR(mode) and _writable_device(info):
        return real, -1, None
    kind = ("a socket" if stat.S_ISSOCK(mode) else "a block device" if stat.S_ISBLK(mode)
            else "a device")
    raise GinRulesError(f"cannot write {shown(name)}: it is {kind}, not a regular file "
                        "(name a file, or '-' for standard output)")


def _writable_device(info: os.stat_result) -> bool:
    """Whether a character device is one a user writes to on purpose: ``/dev/null``, a
    terminal, or this process's standard output or error."""
    with contextlib.suppress(OSError):
        if info.st_rdev == os.stat(os.devnull).st_rdev:
            return True
    if hasattr(os, "major") and os.major(info.st_rdev) in _TTY_MAJORS:
        return True
    for fd in (1, 2):
        with contextlib.suppress(OSError):
            if os.path.samestat(info, os.fstat(fd)):
                return True
    return False


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse, before any work is done, a path that :func:`write_atomically` would refuse
    (a folder, a device, a missing folder, a NUL in the name).

    >>> check_writable("/no/such/folder/a.json")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: cannot write /no/such/folder/a.json: the folder /no/such/folder does not exist
    """
    _where(_path(path))


def write_atomically(path: str | os.PathLike[str], text: Content) -> None:
    """Write ``text`` (UTF-8) to ``path`` as the module says; ``text`` may be a function
    that writes the content to the open file it is given (a long report).

    >>> import pathlib, stat, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "hand.txt"
    >>> path.write_text("old"); path.chmod(0o640)
    3
    >>> write_atomically(path, lambda out: out.write("7♠ 8♠ 9♠"))
    >>> path.read_text("utf-8"), oct(stat.S_IMODE(path.stat().st_mode))  # its mode kept
    ('7♠ 8♠ 9♠', '0o640')
    >>> write_atomically(os.devnull, "nothing is lost")  # written through, not replaced
    """
    name = _path(path)
    target, fd, old = _where(name)
    try:
        if fd is not None:
            _write_through(target, fd, text)
        else:
            _replace(target, old, text)
    except OSError as error:
        raise _failure(name, error) from None
    except UnicodeEncodeError as error:
        raise GinRulesError(f"cannot write {shown(name)}: the text is not UTF-8 "
                            f"({error.reason})") from None


def _write_through(target: str, fd: int, text: Content) -> None:
    if fd in (1, 2):
        stream = sys.stdout if fd == 1 else sys.stderr
        if stream is not None and fd == _fileno(stream):
            _write(stream, text)
            stream.flush()
            return
    if fd >= 0:
        own = os.dup(fd)
    else:
        # a FIFO nobody reads would block the open: refuse it instead (ENXIO)
        own = os.open(target, os.O_WRONLY | _NONBLOCK | _NOCTTY | _CLOEXEC)
        _blocking(own)
    with open(own, "w", encoding="utf-8", newline="") as handle:
        _write(handle, text)


def _fileno(stream: IO[str]) -> int:
    try:
        return stream.fileno()
    except (OSError, ValueError, io.UnsupportedOperation):
        return -1


def _write(handle: IO[str], text: Content) -> None:
    if isinstance(text, str):
        handle.write(text)
    else:
        text(handle)


def _replace(target: str, old: os.stat_result | None, text: Content) -> None:
    folder, base = os.path.split(target)
    folder = folder or "."
    _remove_left_behind(folder)
    # the temporary name fits a file system's 255 bytes whatever the target's length
    tail = f".{_host()}.{os.getpid()}-{os.urandom(4).hex()}{_TEMPORARY}"
    stem = os.fsencode(base)[:254 - len(tail)].decode("utf-8", "ignore")
    temporary = os.path.join(folder, f".{stem}{tail}")
    # 0o666 less the umask, as any new file; a replaced file's mode is put back below
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o666)
    try:
        with open(fd, "w", encoding="utf-8", newline="") as handle:
            _write(handle, text)
            handle.flush()
            if old is not None:
                os.chmod(handle.fileno(), stat.S_IMODE(old.st_mode))
                if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                    with contextlib.suppress(OSError):  # only the owner's group, or root
                        os.chown(handle.fileno(), old.st_uid, old.st_gid)
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # the new name on disk too
        directory = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def _remove_left_behind(folder: str) -> None:
    """Remove the temporary files of this machine's writers that were killed before they
    finished (their process is gone); a live writer's file, any other machine's, and any
    file whose name is not in the writers' form (``.NAME.HOST.PID-RANDOM.ginrules-tmp``,
    RANDOM 8 hex digits) is left alone."""
    try:
        entries = [entry.name for entry in os.scandir(folder)
                   if entry.name.endswith(_TEMPORARY)]
    except OSError:
        return
    host = _host()
    for entry in entries:
        writer = _WRITER.search(entry)  # a name in the writers' form alone
        if writer is None or writer[1] != host:
            continue
        try:
            os.kill(int(writer[2]), 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, entry))
        except (OSError, OverflowError):
            pass  # another user's process, alive: not ours to judge


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """Open a regular file for reading in binary; anything else (a FIFO, a device, a
    socket, a folder) is refused with a :class:`~ginrules.GinRulesError`, without
    blocking.

    >>> open_regular("/dev/null")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: cannot read /dev/null: it is a device, not a regular file
    """
    name = _path(path)
    try:
        _refuse_special(name, os.stat(name))
        # O_NONBLOCK: should the path have become a FIFO since, the open does not wait
        fd = os.open(name, os.O_RDONLY | _NONBLOCK | _NOCTTY | _CLOEXEC)
    except OSError as error:
        raise GinRulesError(f"cannot read {shown(name)}: {error.strerror or error}") from None
    try:
        _refuse_special(name, os.fstat(fd))  # (O_NONBLOCK does nothing to a regular file)
    except BaseException:
        os.close(fd)
        raise
    return open(fd, "rb")


def _blocking(fd: int) -> None:
    """Clear O_NONBLOCK, set only so that the open could not wait."""
    if fcntl is not None:
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~_NONBLOCK)


def _refuse_special(name: str, info: os.stat_result) -> None:
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return
    kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device")
    raise GinRulesError(f"cannot read {shown(name)}: it is {kind}, not a regular file")
