"""The player protocol's bounds, in one place for both of its ends: ``ginrules serve``
(:mod:`ginrules.cli.serve`, the server) and the ``cmd:`` players
(:mod:`ginrules.players.external`, the client), without the core importing the command
line.

Package-internal. A line is at most :data:`MAX_LINE` bytes (its end not counted) and a
message nests at most :data:`MAX_DEPTH` lists and objects deep; anything longer or deeper
is refused with an error, never held whole nor parsed.

>>> MAX_LINE, MAX_DEPTH
(65536, 64)
"""

from __future__ import annotations

__all__ = ["MAX_DEPTH", "MAX_LINE"]

MAX_LINE = 65536
"""The longest line of the protocol, in bytes, without its end (64 KiB)."""

MAX_DEPTH = 64
"""The deepest nesting of lists and objects in a message of the protocol."""
