"""``ginrules play``: a whole game between computer players, or a person in the terminal."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ginrules._files import check_writable
from ginrules.cli.common import _add_rules_option, _player_names
from ginrules.errors import GinRulesError
from ginrules.game import GameState, new_game
from ginrules.game import apply as game_apply
from ginrules.players import PLAYERS, Player, make_player
from ginrules.rulesets import rules as preset

__all__: list[str] = []  # the command is ginrules.cli.main


_STDOUT = frozenset({"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})


def _seats(text: str, seed: int) -> list[Player | None]:
    """The two seats of ``--players``: a computer player by name, or ``human`` (None)."""
    names = [n if n.startswith("cmd:") else n.lower() for n in _player_names(text)]
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
    levels = [n if n.startswith("cmd:") else n.lower()
              for n in _player_names(args.players)]  # as _seats read them
    if args.record in _STDOUT:
        args.record = "-"  # the record alone on stdout, as the user means
    elif args.record is not None:
        check_writable(args.record)  # before the game is played, not after
    start = new_game(rules, seed=args.seed, hollywood=args.hollywood)
    if None in seats:
        from ginrules.terminal import play_in_terminal

        if args.json or args.record == "-":
            raise GinRulesError("a game with a human player is played in the terminal: "
                                "--json and --record - are for games between computers")
        sides = ([f"player {seat}" for seat in (0, 1)] if seats == [None, None] else
                 ["you" if level == "human" else f"the computer ({level})"
                  for level in levels])
        print(f"Gin Rummy, {args.rules} rules, to {rules.target}: "
              f"{' against '.join(sides)}. Type 'help' for the commands.")
        save = None
        if args.record is not None:
            from ginrules.records import dump

            def save(game: GameState) -> None:
                dump(game, args.record, preset=args.rules)
                print(f"The game is saved in {args.record}.")

        return play_in_terminal(start, seats, max_hands=args.max_hands, save=save)
    players = [p for p in seats if p is not None]
    bar = sys.stderr.isatty() and not args.json
    game = start
    try:
        while not game.is_over and (args.max_hands is None
                                    or len(game.finished) < args.max_hands):
            hand = game.hand
            assert hand is not None
            before = len(game.finished)
            game = game_apply(game, players[hand.turn].choose(game.view(hand.turn)))
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
           "players": levels,
           "finished": final.is_over}
        out.update(sheet.to_dict())
        print(json.dumps(out))
        return 0
    from ginrules.text import hands_in_words, sheet_text

    names = _seat_names(levels)
    kind = "Hollywood game" if args.hollywood else "Game"
    print(f"{kind}: {args.rules} rules, target {rules.target}, seed {args.seed}; "
          f"{names[0]} against {names[1]}")
    print()
    print(sheet_text(final, names=names))
    if not final.is_over:
        print(f"Not finished: stopped after {hands_in_words(len(final.finished))} "
              "(--max-hands)")
    return 0


def _seat_names(levels: list[str]) -> tuple[str, str]:
    """The seats' names in the tables: each player's level and seat, ``advanced (0)``
    and ``basic (1)`` (so that two players of the same level are told apart)."""
    return f"{levels[0]} (0)", f"{levels[1]} (1)"


def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "play",
        description="Play a complete game and print each hand's result and the final "
        "score sheet. The players are computer players (" + ", ".join(PLAYERS) + "), "
        "'human': a person plays in the terminal (type 'help' there), or "
        "cmd:<command line>: a program that speaks the player protocol.",
        epilog="examples: ginrules play --rules classic --seed 1   or   ginrules play "
        "--players human,advanced",
    )
    _add_rules_option(p)
    p.add_argument("--players", default="advanced,basic", metavar="A,B",
                   help="seat 0 and seat 1: " + ", ".join(PLAYERS) + ", human or "
                   "cmd:<command line> (default: advanced,basic)")
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

