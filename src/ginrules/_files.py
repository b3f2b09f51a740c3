"""Writing a file so that nothing is lost: the text goes to a temporary file in the same
folder, is flushed to disk, and replaces the target in one step. A failure (a read-only
folder, a full disk, a folder where the file should be) leaves the old file as it was
and no temporary file behind, and is one :class:`~ginrules.GinRulesError` saying why.

Package-internal.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.json"
>>> write_atomically(path, "{}")
>>> path.read_text()
'{}'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from ginrules.errors import GinRulesError


def write_atomically(path: str | os.PathLike[str], text: str | Callable[[IO[str]], None]
                     ) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically (see the module); ``text`` may be a
    function that writes the content to the open file it is given (a long report)."""
    target = Path(path)
    if target.is_dir():
        raise GinRulesError(f"cannot write {target}: it is a folder")
    folder = target.parent
    if not folder.is_dir():
        raise GinRulesError(f"cannot write {target}: the folder {folder} does not exist")
    temporary = None
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder,
                                         prefix=f".{target.name}.", suffix=".tmp",
                                         delete=False) as handle:
            temporary = handle.name
            if isinstance(text, str):
                handle.write(text)
            else:
                text(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
        temporary = None
    except OSError as error:
        raise GinRulesError(f"cannot write {target}: {error.strerror or error}") from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
