"""Play a whole game of Gin Rummy in the terminal against the advanced computer player.

Run: python examples/terminal_game.py [--rules NAME] [--seed N] [--target N] [--auto]

The same game as ``ginrules play --players human,advanced``: this example shows how a
program seats a person and a computer player with :func:`ginrules.terminal.play_in_terminal`.
You are player 0. Type a move (``take``, ``draw stock``, ``discard 7H``, ``knock 3C``), a
bare card to discard it, or the number of a legal move; ``hint``, ``undo``, ``sheet``,
``help`` and ``quit`` do what they say. The game stops cleanly at the end of the input.
``--auto`` lets the basic computer player take your seat (a demonstration).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import ginrules
from ginrules.players import AdvancedPlayer, BasicPlayer
from ginrules.terminal import play_in_terminal


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", help="a preset (default: classic)")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default: 1)")
    parser.add_argument("--target", type=int, help="play to this score instead")
    parser.add_argument("--auto", action="store_true",
                        help="let the basic computer player make your moves")
    args = parser.parse_args(argv)
    try:
        overrides = {} if args.target is None else {"target": args.target}
        rules = ginrules.rules(args.rules, **overrides)
    except ginrules.GinRulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    you = BasicPlayer(seed=args.seed) if args.auto else None
    print(f"Gin Rummy, {args.rules} rules, to {rules.target}: you against the advanced "
          "computer player. Type 'help' for the commands.")

    def read(prompt: str) -> str:
        text = input(prompt)
        if not sys.stdin.isatty():
            print(text)  # echo scripted input, so that a transcript reads like a session
        return text

    return play_in_terminal(ginrules.new_game(rules, seed=args.seed),
                            (you, AdvancedPlayer(seed=args.seed)), read=read)


if __name__ == "__main__":
    raise SystemExit(main())
