"""``ginrules deadwood``: a hand arranged, one hand or a file of them (JSON lines)."""

from __future__ import annotations

import argparse
import io
import itertools
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, BinaryIO

from ginrules._files import open_regular, shown
from ginrules.cards import Card, format_cards, parse_cards
from ginrules.errors import CardNotationError, GinRulesError
from ginrules.melds import MeldKind, arrange, best_discards

if TYPE_CHECKING:
    pass


__all__: list[str] = []  # the command is ginrules.cli.main


def _cards_argument(words: Sequence[str]) -> str:
    return " ".join(words)


def _deadwood_facts(cards: Sequence[Card]) -> dict[str, object]:
    """The JSON of one hand: its arrangement, and the best discards of eleven cards."""
    out: dict[str, object] = arrange(cards).to_dict()
    if len(cards) == 11:
        best = best_discards(cards)
        out["best_discards"] = [str(c) for c in best.discards]
        out["deadwood_after_discard"] = best.deadwood
    return out


MAX_LINE = 10_000
"""The longest line ``ginrules deadwood -`` and ``--file`` read, in bytes before its end
(``\\n``, ``\\r\\n`` or the end of the input; a hand of all 52 cards, written long, takes
some 200)."""


def _deadwood_batch(lines: BinaryIO) -> int:
    """One JSON line per input line; a bad line gets an error line and the run goes on.
    A line longer than :data:`MAX_LINE` ends the run with an error (the rest of it is
    not read)."""
    bad = 0
    write = sys.stdout.write
    for number in itertools.count(1):
        raw = lines.readline(MAX_LINE + 2)  # the line and its end, "\r\n" at most
        if not raw:
            break
        if len(raw.removesuffix(b"\n").removesuffix(b"\r")) > MAX_LINE:
            start = raw[:20].decode("utf-8", "replace")
            sys.stdout.flush()
            raise GinRulesError(f"line {number} is longer than {MAX_LINE:,} bytes (it "
                                f"starts {start!r}): one hand per line")
        try:
            text = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as error:
            bad += 1
            write(json.dumps({"line": number, "error": f"the line is not UTF-8 text (byte "
                              f"{error.start + 1})"}) + "\n")
            continue
        try:
            out = {"line": number, **_deadwood_facts(parse_cards(text) if text.strip()
                                                     else _no_cards(text))}
        except GinRulesError as error:
            bad += 1
            out = {"line": number, "input": text, "error": str(error)}
        write(json.dumps(out) + "\n")
    return 1 if bad else 0


def _no_cards(text: str) -> tuple[Card, ...]:
    raise CardNotationError("no cards: the line is empty" if not text else
                            "no cards: the line holds only spaces")


def _cmd_deadwood(args: argparse.Namespace) -> int:
    if args.file is not None or args.cards == ["-"]:
        if args.file is not None and args.cards:
            raise GinRulesError("give the cards or --file, not both")
        if args.file is None:
            stdin = getattr(sys.stdin, "buffer", None)
            return _deadwood_batch(stdin if stdin is not None else
                                   io.BytesIO(sys.stdin.read().encode("utf-8")))
        with open_regular(args.file) as handle:
            try:
                return _deadwood_batch(handle)
            except OSError as error:
                raise GinRulesError(f"cannot read {shown(args.file)}: "
                                    f"{error.strerror or error}") from None
    if not args.cards:
        raise CardNotationError("no cards given: name the cards, like 7H 8H 9H KS QS")
    cards = parse_cards(_cards_argument(args.cards))
    if not cards:
        raise CardNotationError("no cards given: name the cards, like 7H 8H 9H KS QS")
    arrangement = arrange(cards)
    if args.json:
        print(json.dumps(_deadwood_facts(cards)))
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




def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "deadwood",
        description="Arrange a hand into the melds that leave the least deadwood. With "
        "11 cards, also show the discards that leave the least deadwood.",
        epilog='example: ginrules deadwood 7H 8H 9H KS QS   or   ginrules deadwood "7h,8h,9h"',
    )
    p.add_argument("cards", nargs="*",
                   help="the cards, as separate words or one quoted string; '-' reads one "
                   "hand per line from stdin and prints one JSON line per hand")
    p.add_argument("--file", default=None, metavar="F",
                   help="read one hand per line from F (like '-' for stdin)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--unicode", action="store_true", help="show suits as ♣ ♦ ♥ ♠")
    p.set_defaults(func=_cmd_deadwood)

