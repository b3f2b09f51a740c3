"""What the sub-commands of ``ginrules`` share: the rules option and the progress line."""

from __future__ import annotations

import argparse
import sys

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




def _player_names(text: str) -> list[str]:
    """The names in ``--players`` (two, normally): split at the commas, except that a
    ``cmd:<command line>`` runs on to the comma before the next player's name (so a
    command line may hold commas, as long as the next name is a level or ``cmd:``).

    >>> _player_names("expert, basic")
    ['expert', 'basic']
    >>> _player_names("cmd:node bot.js --x=1,2,expert")
    ['cmd:node bot.js --x=1,2', 'expert']
    >>> _player_names('cmd:bot --name "a, b" , basic')  # the command line kept as written
    ['cmd:bot --name "a, b"', 'basic']
    """
    from ginrules.players import PLAYERS  # here: the sub-commands without players are lighter

    names: list[str] = []
    for raw in text.split(","):
        part = raw.strip()
        continues = names and names[-1].startswith("cmd:") and not (
            part.lower() in PLAYERS or part.lower() == "human" or part.startswith("cmd:"))
        if continues:
            names[-1] += "," + raw
        else:
            names.append(part)
    return [name.rstrip() for name in names]


def _add_rules_option(parser: argparse.ArgumentParser) -> None:
    from ginrules.rulesets import PRESETS

    parser.add_argument("--rules", default="classic", metavar="NAME",
                        help="a preset: " + ", ".join(PRESETS) + " (default: classic)")



