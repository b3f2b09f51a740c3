"""The ``ginrules`` command.

Every sub-command prints for a person by default and JSON with ``--json``. Bad input
prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn
from xml.sax.saxutils import escape, quoteattr

from ginrules._version import __version__
from ginrules.cards import Card, format_cards, parse_cards
from ginrules.errors import CardNotationError, GinRulesError
from ginrules.game import apply as game_apply
from ginrules.game import new_game
from ginrules.knock import EndKind, HandResult
from ginrules.melds import Arrangement, MeldKind, arrange, best_discards
from ginrules.players import PLAYERS, Player, make_player, view
from ginrules.rulesets import PRESETS, RuleSet, SpadeDoubling
from ginrules.rulesets import rules as preset
from ginrules.scoring import HandScore, showdown

if TYPE_CHECKING:
    from ginrules.records import Report

__all__ = ["main"]


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


def _deadwood_batch(lines: Iterable[str]) -> int:
    """One JSON line per input line; a bad line gets an error line and the run goes on."""
    bad = 0
    write = sys.stdout.write
    for number, line in enumerate(lines, 1):
        text = line.rstrip("\r\n")
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
            return _deadwood_batch(sys.stdin)
        try:
            with open(args.file, encoding="utf-8") as handle:
                return _deadwood_batch(handle)
        except OSError as error:
            raise GinRulesError(f"cannot read {args.file}: {error.strerror or error}"
                                ) from None
        except UnicodeDecodeError:
            raise GinRulesError(f"{args.file} is not UTF-8 text") from None
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


def _cmd_showdown(args: argparse.Namespace) -> int:
    rules = preset(args.rules)
    result, score = showdown(args.knocker, args.defender, rules=rules, upcard=args.upcard)
    if args.json:
        facts = result.to_dict()
        out = {
            "winner": score.winner,
            "points": score.points,
            "kind": facts["kind"],
            "undercut": score.undercut,
            "doubled": score.doubled,
            **{key: facts[key] for key in ("knock_limit", "knocker_deadwood",
                                           "defender_deadwood", "knocker_melds",
                                           "defender_melds")},
            "knocker_deadwood_cards": _dead_cards(result.knocker_arrangement),
            "defender_deadwood_cards": _dead_cards(result.defender_arrangement),
            "layoffs": facts["layoffs"],
        }
        print(json.dumps(out))
        return 0
    uni = args.unicode
    k, d = result.knocker_arrangement, result.defender_arrangement
    assert k is not None and d is not None

    def show(cards: Sequence[Card]) -> str:
        return format_cards(cards, unicode=uni) or "none"

    print(f"Rules     {args.rules} (knock limit {result.knock_limit})")
    def line(arrangement: Arrangement) -> str:
        melds = " | ".join(show(m.cards) for m in arrangement.melds) or "no melds"
        return f"{melds}  deadwood {show(arrangement.deadwood_cards)} = {arrangement.deadwood}"

    print(f"Knocker   {line(k)}")
    for layoff in result.layoffs:
        print(f"Layoff    {show([layoff.card])} onto {show(layoff.meld.cards)}")
    print(f"Defender  {line(d)}")
    if score.winner is None:
        print("Result    a tie: nobody scores")
    else:
        what = {"gin": "gin", "big gin": "big gin"}.get(result.kind.value, "knock")
        if score.undercut:
            what = "undercut"
        print(f"Result    {what}: the {score.winner} scores {score.points} "
              f"({_price_parts(score, rules)})")
    return 0


def _price_parts(score: HandScore, rules: RuleSet) -> str:
    """How the points add up, written so that the sum reads right: ``2 x 1 + 20 bonus``
    when only the deadwood points are doubled, ``2 x (1 + 20 bonus)`` when all are."""
    bonus = f" + {score.bonus} bonus" if score.bonus else ""
    if not score.doubled or score.points == 0:
        return f"{score.base}{bonus}"
    if rules.spade_doubling is SpadeDoubling.WHOLE_SCORE:
        inner = f"({score.base}{bonus})" if bonus else f"{score.base}"
        return f"2 x {inner}: a spade upcard doubles the whole score"
    return f"2 x {score.base}{bonus}: a spade upcard doubles the deadwood points"


def _dead_cards(arrangement: Arrangement | None) -> list[str]:
    return [] if arrangement is None else [str(c) for c in arrangement.deadwood_cards]


def _seats(text: str, seed: int) -> list[Player | None]:
    """The two seats of ``--players``: a computer player by name, or ``human`` (None)."""
    names = [n.strip().lower() for n in text.split(",")]
    if len(names) != 2:
        raise GinRulesError(f"--players names two players, like advanced,basic or "
                            f"human,advanced; got {text!r}")
    return [None if name == "human" else make_player(name, seed=seed ^ (seat + 1))
            for seat, name in enumerate(names)]


def _cmd_play(args: argparse.Namespace) -> int:
    rules = preset(args.rules)
    if args.target is not None:
        rules = rules.evolve(target=args.target)
    if args.max_turns is not None:
        rules = rules.evolve(max_turns=args.max_turns)
    if args.max_hands is not None and args.max_hands < 1:
        raise GinRulesError(f"--max-hands must be at least 1, not {args.max_hands}")
    seats = _seats(args.players, args.seed)
    start = new_game(rules, seed=args.seed, hollywood=args.hollywood)
    if None in seats:
        from ginrules.terminal import play_in_terminal

        if args.json or args.record == "-":
            raise GinRulesError("a game with a human player is played in the terminal: "
                                "--json and --record - are for games between computers")
        print(f"Gin Rummy, {args.rules} rules, to {rules.target}: "
              f"{args.players.replace(',', ' against ')}. Type 'help' for the commands.")
        return play_in_terminal(start, seats, max_hands=args.max_hands)
    players = [p for p in seats if p is not None]
    bar = sys.stderr.isatty() and not args.json
    game = start
    try:
        while not game.is_over and (args.max_hands is None
                                    or len(game.finished) < args.max_hands):
            hand = game.hand
            assert hand is not None
            before = len(game.finished)
            game = game_apply(game, players[hand.turn].choose(view(hand, hand.turn)))
            if bar and len(game.finished) > before:
                print(f"\r\x1b[Kplaying: hand {len(game.finished)}, totals "
                      f"{game.totals[0]}-{game.totals[1]}", end="", file=sys.stderr,
                      flush=True)
    finally:
        if bar:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)
    final = game
    if args.record is not None:
        from ginrules.records import dump

        if args.record == "-":  # the record alone on stdout, for a pipe
            dump(final, sys.stdout, preset=args.rules)
            return 0
        dump(final, args.record, preset=args.rules)
    sheet = final.sheet
    if args.json:
        out = {"rules": args.rules, "seed": args.seed, "first_dealer": start.first_dealer,
           "players": [n.strip().lower() for n in args.players.split(",")],
           "finished": final.is_over}
        out.update(sheet.to_dict())
        print(json.dumps(out))
        return 0
    kind = "Hollywood game" if args.hollywood else "Game"
    print(f"{kind}: {args.rules} rules, target {rules.target}, seed {args.seed}; "
          f"{args.players.replace(',', ' against ')}")
    print()
    print("     Hand  Dealer  Result                                  Points   Totals")
    totals = [0, 0]
    rows = list(zip(sheet.rows, final.results, strict=True))
    i = 0
    while i < len(rows):
        row, result = rows[i]
        if result.kind is EndKind.DEAD:  # a run of dead hands is one line
            j = i
            while j + 1 < len(rows) and rows[j + 1][1].kind is EndKind.DEAD:
                j += 1
            numbers = f"{row.number}" if i == j else f"{row.number}-{rows[j][0].number}"
            what = "dead hand" if i == j else f"{j - i + 1} dead hands"
            print(f"{numbers:>9s}  {row.dealer:6d}  {what:38s}{'-':>6s}"
                  f"  {totals[0]:4d} {totals[1]:4d}")
            i = j + 1
            continue
        if row.player is not None and 0 in row.columns:
            totals[row.player] += row.points
        print(f"{row.number:9d}  {row.dealer:6d}  {_describe(result, row.player):38s}"
              f"{(str(row.points) if row.player is not None else '-'):>6s}"
              f"  {totals[0]:4d} {totals[1]:4d}")
        i += 1
    for game_number, column in enumerate(sheet.games, 1):
        print()
        title = f"Game {game_number}" if args.hollywood else "Final score"
        print(f"{title:14s}  Player 0  Player 1")
        if column.final is None:
            print("(not finished)")
            continue
        for label, field in (("Hand points", "hand_points"), ("Line bonus", "line_bonus"),
                             ("Game bonus", "game_bonus"), ("Shutout", "shutout"),
                             ("Total", "total")):
            a, b = (getattr(f, field) for f in column.final)
            print(f"{label:14s}  {a:8d}  {b:8d}")
    print()
    winner = sheet.winner
    a, b = sheet.final_totals()
    if not final.is_over:
        print(f"Not finished: stopped after {len(final.finished)} hands (--max-hands); "
              f"totals {a} to {b}")
    else:
        print(f"Winner: player {winner} ({a} to {b})" if winner is not None
              else f"A tie ({a} to {b})")
    return 0


def _describe(result: HandResult, scorer: int | None) -> str:
    kind = result.kind
    if kind is EndKind.DEAD:
        return "dead hand"
    knocker = result.knocker
    dw = f"({result.knocker_deadwood} vs {result.defender_deadwood})"
    if kind is EndKind.GIN:
        return f"gin by player {knocker} {dw}"
    if kind is EndKind.BIG_GIN:
        return f"big gin by player {knocker} {dw}"
    if scorer is None:
        return f"knock by player {knocker}, a tie {dw}"
    if scorer != knocker:
        return f"player {scorer} undercuts player {knocker} {dw}"
    return f"knock by player {knocker} {dw}"


def _cmd_simulate(args: argparse.Namespace) -> int:
    from ginrules.records._parallel import dask_executor
    from ginrules.simulate import simulate

    names = [n.strip() for n in args.players.split(",")]
    progress = _progress_bar if sys.stderr.isatty() else None
    with contextlib.ExitStack() as stack:
        executor = None
        if args.scheduler is not None:
            executor = stack.enter_context(dask_executor(args.scheduler))
        result = simulate(args.rules, names, args.games, args.seed, workers=args.workers,
                          executor=executor, max_hands=args.max_hands or None,
                          progress=progress)
    if progress is not None:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    print(result)
    return 0


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


def _record_sources(arguments: Sequence[str], absolute: bool
                    ) -> Iterator[tuple[str | bytes, str]]:
    """``(source, name)`` for each record: a file as named, every ``*.json`` under a
    folder (recursively, not into symbolic links, in the order the file system lists
    them: nothing is held but the folders still to visit), ``-`` as standard input. With ``absolute``, paths are
    made absolute (the work may run in another current folder, on a cluster)."""
    for argument in arguments:
        if argument == "-":
            yield sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else \
                sys.stdin.read().encode("utf-8"), "<stdin>"
        elif os.path.isdir(argument):
            folders = [argument]
            while folders:
                folder = folders.pop()
                subfolders = []
                try:
                    with os.scandir(folder) as entries:
                        for entry in entries:
                            if entry.is_dir(follow_symlinks=False):
                                subfolders.append(entry.path)
                            elif entry.name.endswith(".json"):
                                yield (os.path.abspath(entry.path) if absolute
                                       else entry.path), entry.path
                except OSError:
                    yield folder, folder  # validated as unreadable, with a reason
                folders.extend(reversed(subfolders))
        else:
            yield (os.path.abspath(argument) if absolute else argument), argument


def _junit_case(report: Report) -> str:
    name = quoteattr(_xml_text(report.source or "?"))
    if report.valid:
        return f'    <testcase classname="ginrules.validate" name={name}/>\n'
    first = report.problems[0]
    body = escape(_xml_text("\n".join(str(p) for p in report.problems)))
    return (f'    <testcase classname="ginrules.validate" name={name}>\n'
            f'      <failure type={quoteattr(first.code)} '
            f'message={quoteattr(_xml_text(str(first)))}>{body}</failure>\n'
            f'    </testcase>\n')


def _xml_text(text: str) -> str:
    """Text XML 1.0 may hold: other control characters become U+FFFD."""
    return "".join(c if c >= " " or c in "\t\n\r" else "\ufffd" for c in text)


class _JUnit:
    """A JUnit XML report written as the files are checked (the test cases go to a
    temporary file, so memory stays bounded), then put in place atomically."""

    def __init__(self, path: str) -> None:
        self.path = os.path.abspath(path)
        folder = os.path.dirname(self.path)
        if os.path.isdir(self.path):
            raise GinRulesError(f"--junit {path}: that is a folder; name a file")
        try:
            self.cases = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed in finish/abort
                "w+", encoding="utf-8", dir=folder, prefix=".junit-", suffix=".part",
                delete=False)
        except OSError as error:
            raise GinRulesError(f"cannot write the JUnit report {path}: "
                                f"{error.strerror or error}") from None
        self.tests = self.failures = 0

    def add(self, report: Report) -> None:
        self.tests += 1
        self.failures += not report.valid
        self.cases.write(_junit_case(report))

    def finish(self, seconds: float) -> None:
        try:
            self._write(seconds)
        except OSError as error:
            raise GinRulesError(f"cannot write the JUnit report {self.path}: "
                                f"{error.strerror or error}") from None
        finally:
            self.abort()

    def _write(self, seconds: float) -> None:
        folder = os.path.dirname(self.path)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder,
                                         prefix=".junit-", suffix=".tmp",
                                         delete=False) as out:
            counts = f'tests="{self.tests}" failures="{self.failures}" errors="0"'
            out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                      f'<testsuites name="ginrules validate" {counts} time="{seconds:.3f}">\n'
                      f'  <testsuite name="ginrules validate" {counts} '
                      f'time="{seconds:.3f}">\n')
            self.cases.seek(0)
            shutil.copyfileobj(self.cases, out)
            out.write("  </testsuite>\n</testsuites>\n")
        try:
            os.replace(out.name, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(out.name)
            raise

    def abort(self) -> None:
        self.cases.close()
        with contextlib.suppress(OSError):
            os.unlink(self.cases.name)


def _cmd_validate(args: argparse.Namespace) -> int:
    from ginrules.records._parallel import check_workers, dask_executor
    from ginrules.records.validator import _validate_stream

    check_workers(args.workers)
    bar = sys.stderr.isatty() and not args.no_progress
    junit = _JUnit(args.junit) if args.junit is not None else None
    codes: Counter[str] = Counter()
    checked = invalid = 0
    started = last_drawn = time.monotonic()
    try:
        with contextlib.ExitStack() as stack:
            executor = None
            if args.scheduler is not None:
                executor = stack.enter_context(dask_executor(args.scheduler))
            sources = _record_sources(args.files, absolute=executor is not None)
            reports = stack.enter_context(contextlib.closing(_validate_stream(
                sources, executor=executor, workers=args.workers, lenient=args.lenient)))
            for report in reports:
                checked += 1
                if not report.valid:
                    invalid += 1
                    codes.update(p.code for p in report.problems)
                if junit is not None:
                    junit.add(report)
                if not (args.quiet and report.valid):
                    if bar:
                        print("\r\x1b[K", end="", file=sys.stderr)
                    if args.json:
                        print(json.dumps(report.to_dict()))
                    else:
                        print(str(report) if args.lenient else report.summary())
                now = time.monotonic()
                if bar and now - last_drawn >= 0.1:
                    last_drawn = now
                    _progress_bar(checked, None, "files", checked / max(now - started, 1e-9))
    except BrokenPipeError:
        # the reader went away (ginrules validate ... | head -1): stop quietly; stdout
        # points at nothing so that the interpreter's last flush does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        if junit is not None:
            junit.abort()
        return 1
    except BaseException:
        if junit is not None:
            junit.abort()
        raise
    elapsed = time.monotonic() - started
    if bar:
        _progress_bar(checked, None, "files", checked / max(elapsed, 1e-9))
        print(file=sys.stderr)
    if junit is not None:
        junit.finish(elapsed)
    if checked != 1 and not (args.quiet and not invalid):
        summary = f"{checked - invalid} of {checked} files valid"
        if codes:
            summary += "; problems: " + ", ".join(
                f"{code} {count}" for code, count in sorted(codes.items(),
                                                           key=lambda i: (-i[1], i[0])))
        print(summary, file=sys.stderr)
    return 1 if invalid else 0


def _add_rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="classic", metavar="NAME",
                        help="a preset: " + ", ".join(PRESETS) + " (default: classic)")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``ginrules`` command.

    >>> build_parser().parse_args(["deadwood", "7H"]).command
    'deadwood'
    """
    parser = _Parser(
        prog="ginrules",
        description="The rules of Gin Rummy, exactly.",
        epilog="Cards are written rank then suit: 7H, TH or 10H, QS, AC (case-insensitive, "
        "♣♦♥♠ accepted).",
    )
    parser.add_argument("--version", action="version",
                        version=f"ginrules {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)

    p = sub.add_parser(
        "deadwood",
        help="arrange a hand into melds and show its least deadwood",
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

    p = sub.add_parser(
        "showdown",
        help="adjudicate a knock: melds, layoffs, deadwood and points",
        description="Adjudicate a knock from the knocker's and the defender's ten cards: "
        "both hands are arranged, the defender lays off, and the hand is priced.",
        epilog='example: ginrules showdown --knocker "4H 5H 6H 9C 9D 9S AC 2C 3C 2S" '
        '--defender "7H 8H KS QS JS 5C 5D 7S 7D 2D"',
    )
    p.add_argument("--knocker", required=True, help="the knocker's ten cards (one string)")
    p.add_argument("--defender", required=True, help="the defender's ten cards (one string)")
    _add_rules_option(p)
    p.add_argument("--upcard", default=None, metavar="CARD",
                   help="the first upcard (sets the knock limit and doubling in Oklahoma)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--unicode", action="store_true", help="show suits as ♣ ♦ ♥ ♠")
    p.set_defaults(func=_cmd_showdown)

    p = sub.add_parser(
        "play",
        help="play a whole game (computer players, or you in the terminal)",
        description="Play a complete game and print each hand's result and the final "
        "score sheet. The players are computer players (" + ", ".join(PLAYERS) + ") or "
        "'human': a person plays in the terminal (type 'help' there).",
        epilog="examples: ginrules play --rules classic --seed 1   or   ginrules play "
        "--players human,advanced",
    )
    _add_rules_option(p)
    p.add_argument("--players", default="advanced,basic", metavar="A,B",
                   help="seat 0 and seat 1: " + ", ".join(PLAYERS) + " or human "
                   "(default: advanced,basic)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default: 0)")
    p.add_argument("--max-hands", type=int, default=None, metavar="N",
                   help="stop after N hands even if nobody has reached the target")
    p.add_argument("--target", type=int, default=None, help="override the rules' target")
    p.add_argument("--max-turns", type=int, default=None, metavar="N",
                   help="end a hand as dead after N turns (a guard for simulations)")
    p.add_argument("--hollywood", action="store_true", help="Hollywood scoring (three games)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="also save the game as a record ('-': print only the record); "
                   "see 'ginrules validate'")
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser(
        "simulate",
        help="play many games between computer players and show win rates",
        description="Play GAMES games between two computer players (" + ", ".join(PLAYERS)
        + "), alternating seats, and print each player's win rate with a 95% "
        "confidence interval, points per hand and the rates of knock, gin, big gin, "
        "undercut and dead hands.",
        epilog="example: ginrules simulate --rules classic --games 200 "
        "--players advanced,basic --seed 1 --workers 2",
    )
    _add_rules_option(p)
    p.add_argument("--games", type=int, default=100, metavar="N",
                   help="how many games (default: 100)")
    p.add_argument("--players", default="advanced,basic", metavar="A,B",
                   help="two of " + ", ".join(PLAYERS) + " (default: advanced,basic)")
    p.add_argument("--seed", type=int, default=0, help="the seed (default: 0)")
    p.add_argument("--workers", type=int, default=1, metavar="K",
                   help="local processes to spread the games over; the totals do not "
                   "depend on it (default: 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="play the games on the Dask cluster whose scheduler listens at "
                   "ADDRESS (tcp://host:8786; needs pip install 'ginrules[dask]')")
    p.add_argument("--max-hands", type=int, default=500, metavar="N",
                   help="stop a game after N hands and count it unfinished; 0 for no "
                   "limit (default: 500)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser(
        "validate",
        help="check game records: every action legal, the declared results right",
        description="Replay each record under its rules and check that every action was "
        "legal and that the declared outcomes, totals and final scores are right. Prints "
        "one line per file (a file that cannot be read is invalid, with the reason), then "
        "on stderr how many are valid and the problems by code. Exit code 0 when every "
        "file is valid, 1 when any is invalid or unreadable, 2 on usage errors.",
        epilog="example: ginrules validate games/   or   ginrules play --record - "
        "| ginrules validate -",
    )
    p.add_argument("files", nargs="+", metavar="PATH",
                   help="record files, or folders (every *.json in them, recursively, in "
                   "the order the file system lists them); '-' reads stdin")
    p.add_argument("--lenient", action="store_true",
                   help="continue after a problem and list every problem")
    p.add_argument("--quiet", action="store_true",
                   help="print only the invalid files (also with --json)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per file (JSON lines) for machines")
    p.add_argument("--junit", default=None, metavar="FILE",
                   help="also write a JUnit XML report to FILE (one test case per record)")
    p.add_argument("--workers", type=int, default=1, metavar="K",
                   help="local processes to check the files with (default: 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="check the files on the Dask cluster whose scheduler listens at "
                   "ADDRESS (its workers must see the same paths; needs "
                   "pip install 'ginrules[dask]')")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress line on a terminal's stderr")
    p.set_defaults(func=_cmd_validate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ginrules`` command; returns the exit code.

    >>> main(["deadwood", "7H 8H 9H KS QS", "--json"])
    {"deadwood": 20, "melds": [["7H", "8H", "9H"]], "deadwood_cards": ["QS", "KS"]}
    0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    previous = _stop_on_sigterm()
    try:
        code: int = args.func(args)
    except GinRulesError as error:
        print(f"ginrules {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (see _stop_on_sigterm)
        print(f"\nginrules {args.command}: interrupted", file=sys.stderr)
        _exit_now_if_workers_ran(130)
        return 130
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, and keep Python from
        # complaining when it flushes stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return code


def _exit_now_if_workers_ran(code: int) -> None:
    """After an interruption, leave at once if worker processes were used: their pool's
    threads would otherwise keep the interpreter waiting at exit (the workers themselves
    were already stopped). Only the ``ginrules`` command does this, never a caller of
    :func:`main` in the same process (``main`` runs in the command's main thread)."""
    others = [t for t in threading.enumerate()
              if t is not threading.current_thread() and not t.daemon]
    if others and sys.argv and os.path.basename(sys.argv[0]) in ("ginrules", "__main__.py"):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _stop_on_sigterm() -> Any:
    """Make SIGTERM stop the command as Ctrl-C does (workers stopped, one line, exit
    130), when this runs in the main thread; returns the handler it replaced."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    return signal.signal(signal.SIGTERM, stop)
