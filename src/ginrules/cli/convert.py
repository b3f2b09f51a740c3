"""``ginrules convert``: games from other engines as ginrules records (and a record as an
OpenSpiel history), checked by the validator on the way."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ginrules._files import check_writable, write_atomically
from ginrules.errors import GinRulesError

__all__: list[str] = []  # the command is ginrules.cli.main

_FROM = ("openspiel", "kaggle", "eaai", "rlcard", "record")
_TO = ("record", "openspiel")


def _read_text(path: str) -> str:
    """The text of ``path`` (``-``: standard input), bounded as a record is."""
    from ginrules._files import shown
    from ginrules.records.format import MAX_RECORD_BYTES

    if path == "-":
        text = sys.stdin.read(MAX_RECORD_BYTES + 1)
    else:
        from ginrules._files import open_regular

        try:
            with open_regular(path) as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as error:
            raise GinRulesError(f"cannot read {shown(path)}: {error.strerror or error}"
                                ) from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise GinRulesError(f"{shown(path)} is not UTF-8 text (byte {error.start + 1})"
                                ) from None
    if len(text) > MAX_RECORD_BYTES:
        raise GinRulesError(f"{'the input' if path == '-' else shown(path)} is larger than "
                            f"{MAX_RECORD_BYTES:,} bytes")
    return text


def _cmd_convert(args: argparse.Namespace) -> int:
    from ginrules.interop import convert
    from ginrules.records import validate

    if args.output is not None:
        check_writable(args.output)
    if args.source == "record" and args.to == "record":
        raise GinRulesError("--from record converts to --to openspiel only")
    if args.params is not None and args.source != "openspiel":
        raise GinRulesError("--params is for --from openspiel (a Kaggle episode holds its "
                            "own parameters)")
    if args.openspiel_endings and args.source not in ("openspiel", "kaggle"):
        raise GinRulesError("--openspiel-endings is for --from openspiel or kaggle")
    if args.rlcard_endings and args.source != "rlcard":
        raise GinRulesError("--rlcard-endings is for --from rlcard")
    rules = args.rules or (args.source if args.source in ("eaai", "rlcard") else "openspiel")
    text = _read_text(args.file)
    out: Any
    if args.hand is not None and args.to != "openspiel":
        raise GinRulesError("--hand is for --to openspiel (OpenSpiel plays one hand at a "
                            "time)")
    if args.source == "record":
        out = convert.to_openspiel_history(text, hand=args.hand)
    else:
        if args.source == "openspiel":
            from ginrules.interop.openspiel import from_openspiel

            record = from_openspiel(convert.read_openspiel_history(text), rules=rules,
                                    params=convert.read_openspiel_params(args.params),
                                    openspiel_endings=args.openspiel_endings)
        elif args.source == "eaai":
            record = convert.from_eaai_log(text, rules=rules)
        elif args.source == "rlcard":
            record = convert.from_rlcard(text, rules=rules, rlcard_endings=args.rlcard_endings)
        else:
            record = convert.from_kaggle_episode(text.encode("utf-8"), rules=rules,
                                                 openspiel_endings=args.openspiel_endings)
        report = validate(record)
        print(f"{'<stdin>' if args.file == '-' else args.file}: {report.summary()}",
              file=sys.stderr)
        out = convert.to_openspiel_history(record, hand=args.hand) \
            if args.to == "openspiel" else record
        if not report.valid and args.to == "openspiel":
            raise GinRulesError("the hand is not valid under these rules: no OpenSpiel "
                                "history is written")
    body = json.dumps(out, indent=None if args.to == "openspiel" else 2) + "\n"
    if args.output is None:
        sys.stdout.write(body)
    else:
        write_atomically(args.output, body)
    if args.source != "record" and not report.valid:
        return 1
    return 0


def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "convert",
        description="Convert a game from another engine into a ginrules record and "
        "validate it (the validator's line goes to stderr; exit code 1 when the game "
        "breaks the rules it claims, with the record still written): an OpenSpiel "
        "gin_rummy action history (a JSON list or one action id a line), or an episode "
        "of Kaggle's OpenSpiel gin rummy environment (its JSON), or the log that "
        "GinRummyGame of Neller's EAAI framework prints in verbose mode, or the move sheet "
        "of a game of RLCard's gin-rummy (str() of each move of game.round.move_sheet, one "
        "a line, or a JSON list of them). With --to openspiel, "
        "write the OpenSpiel parameters and history instead; --from record converts a "
        "one-hand ginrules record to OpenSpiel.",
        epilog="examples: ginrules convert --from kaggle episode.json -o hand.json; "
        "ginrules convert --from openspiel history.txt --params 'gin_rummy(knock_card=8)'; "
        "ginrules convert --from eaai game.log -o game.json; "
        "ginrules convert --from rlcard moves.txt -o hand.json",
    )
    p.add_argument("file", metavar="FILE", help="the input file ('-': standard input)")
    p.add_argument("--from", dest="source", choices=_FROM, required=True,
                   help="what the file holds")
    p.add_argument("--to", choices=_TO, default="record",
                   help="what to write (default: a ginrules record)")
    p.add_argument("--params", default=None, metavar="PARAMS",
                   help="OpenSpiel's game parameters: a JSON object or a game string such "
                   "as 'gin_rummy(knock_card=8,oklahoma=True)'")
    p.add_argument("--rules", default=None, metavar="NAME",
                   help="the preset the record claims (default: eaai for --from eaai, "
                   "rlcard for --from rlcard, else openspiel; OpenSpiel's parameters "
                   "become its overrides)")
    p.add_argument("--openspiel-endings", action="store_true",
                   help="write OpenSpiel's own endings (its wall knock, its caps) as far "
                   "as these rules play the hand, instead of as errors")
    p.add_argument("--rlcard-endings", action="store_true",
                   help="write RLCard's own endings (play after the hand is dead at two "
                   "stock cards, going out with the card just picked up) as far as these "
                   "rules play the hand, instead of as errors")
    p.add_argument("--hand", type=int, default=None, metavar="N",
                   help="with --to openspiel, the hand of a game of several to write "
                   "(1 for the first; OpenSpiel plays one hand at a time)")
    p.add_argument("-o", "--output", default=None, metavar="FILE",
                   help="write here instead of standard output")
    p.set_defaults(func=_cmd_convert)

