"""The ``ginrules`` command.

Every sub-command prints for a person by default and JSON with ``--json``. Bad input
prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ginrules.cards import format_cards, parse_cards
from ginrules.errors import GinRulesError
from ginrules.melds import MeldKind, arrange, best_discards

__all__ = ["main"]


def _cards_argument(words: Sequence[str]) -> str:
    return " ".join(words)


def _cmd_deadwood(args: argparse.Namespace) -> int:
    cards = parse_cards(_cards_argument(args.cards))
    arrangement = arrange(cards)
    if args.json:
        out: dict[str, object] = arrangement.to_dict()
        if len(cards) == 11:
            best = best_discards(cards)
            out["best_discards"] = [str(c) for c in best.discards]
            out["deadwood_after_discard"] = best.deadwood
        print(json.dumps(out))
        return 0
    uni = args.unicode
    print(f"Hand      {format_cards(sorted(cards), unicode=uni)}  ({len(cards)} cards)")
    for meld in arrangement.melds:
        kind = "set" if meld.kind is MeldKind.SET else "run"
        print(f"Meld      {format_cards(meld.cards, unicode=uni)}  ({kind})")
    if not arrangement.melds:
        print("Meld      none")
    dead = format_cards(arrangement.deadwood_cards, unicode=uni) or "none"
    print(f"Deadwood  {dead}  = {arrangement.deadwood}")
    if len(cards) == 11:
        best = best_discards(cards)
        choices = " or ".join(c.unicode if uni else str(c) for c in best.discards)
        print(f"Discard   {choices}  (leaves deadwood {best.deadwood})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``ginrules`` command."""
    parser = argparse.ArgumentParser(
        prog="ginrules",
        description="The rules of Gin Rummy, exactly.",
        epilog="Cards are written rank then suit: 7H, TH or 10H, QS, AC (case-insensitive, "
        "♣♦♥♠ accepted).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "deadwood",
        help="arrange a hand into melds and show its least deadwood",
        description="Arrange a hand into the melds that leave the least deadwood. With "
        "11 cards, also show the discards that leave the least deadwood.",
        epilog='example: ginrules deadwood 7H 8H 9H KS QS   or   ginrules deadwood "7h,8h,9h"',
    )
    p.add_argument("cards", nargs="+", help="the cards, as separate words or one quoted string")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--unicode", action="store_true", help="show suits as ♣ ♦ ♥ ♠")
    p.set_defaults(func=_cmd_deadwood)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ginrules`` command; returns the exit code.

    >>> main(["deadwood", "7H 8H 9H KS QS", "--json"])
    {"deadwood": 20, "melds": [["7H", "8H", "9H"]], "deadwood_cards": ["QS", "KS"]}
    0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except GinRulesError as error:
        print(f"ginrules {args.command}: error: {error}", file=sys.stderr)
        return 2
    return code
