"""Deprecated since 0.2.0: the module :mod:`ginrules.knocking`, under its old name.

The end of a hand by a knock (layoffs, the knocker's arrangement, :class:`HandResult`) is
:mod:`ginrules.knocking`, so that ``ginrules.knock`` is one thing, the verb
:func:`ginrules.knock`. Importing this module warns and gives the same names: write
``from ginrules.knocking import lay_off`` (or ``ginrules.lay_off``) instead of
``from ginrules.knock import lay_off``.

Whatever is imported, ``ginrules.knock`` stays the verb: the package never lets a
submodule replace one of its names (see ``ginrules._Package``).
"""

from __future__ import annotations

import warnings

from ginrules.knocking import (
    EndKind,
    HandResult,
    Layoff,
    dead_result,
    knock_result,
    knocker_layout,
    lay_off,
    resolve_knock,
)

__all__ = ["EndKind", "HandResult", "Layoff", "dead_result", "knock_result", "knocker_layout",
           "lay_off", "resolve_knock"]

# stacklevel 2 names the line that imports this module: the warnings module skips the
# import system's own frames.
warnings.warn("the module ginrules.knock is deprecated since 0.2.0: import from "
              "ginrules.knocking (ginrules.knock is the verb, the hand's knock)",
              DeprecationWarning, stacklevel=2)
