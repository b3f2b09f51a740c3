"""What the sub-commands of ``ginrules`` share: the rules option and the progress line."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ginrules.rulesets import PRESETS

if TYPE_CHECKING:
    pass


__all__: list[str] = []


def _progress_bar(done: int, total: int | None, what: str = "games",
                  rate: float | None = None) -> None:
    """One line on stderr, redrawn: a bar when the total is known, and the rate."""
    speed = f", {rate:,.0f} {what}/s" if rate is not None else ""
    if total:
        width = 30
        filled = width * min(done, total) // total
        print(f"\r\x1b[K[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {what}{speed}",
              end="", file=sys.stderr, flush=True)
    else:
        print(f"\r\x1b[K{done:,} {what}{speed}", end="", file=sys.stderr, flush=True)




def _add_rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="classic", metavar="NAME",
                        help="a preset: " + ", ".join(PRESETS) + " (default: classic)")



