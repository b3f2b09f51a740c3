"""Play a whole game of Gin Rummy in the terminal against the advanced computer player.

Run: python examples/terminal_game.py [--rules NAME] [--seed N] [--target N] [--auto]

You are player 0, the computer (ginrules.players.AdvancedPlayer) is player 1. Before each
of your moves the game shows your view of the hand: your cards arranged into melds, the
top of the discard pile, the size of the stock, what you know of the computer's hand,
and your legal moves, numbered. Type a move in the action notation (``take``, ``pass``,
``draw stock``, ``draw discard``, ``discard 7H``, ``knock 3C``, ``big gin``), a bare card
to discard it (``7H``), or the number of a legal move. ``hint`` asks the advanced player
what it would do, ``help`` lists the commands and ``quit`` stops.

When the input ends (Ctrl-D, or a script that runs out of moves) the game stops cleanly
and says so. ``--auto`` lets the basic computer player type your moves (a demonstration,
and what the tests use), and ``--target`` shortens the game.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence

import ginrules
from ginrules import Action, ActionKind, GinRulesError, game
from ginrules.players import AdvancedPlayer, BasicPlayer, View, view

YOU, COMPUTER = 0, 1
NAMES = ("you", "the computer")
HELP = """\
commands: a legal move ('draw stock', 'discard 7H', 'knock 3C', ...), a card to discard
it ('7H'), the number of a legal move, 'hint', 'help' or 'quit'"""


class Stop(Exception):
    """The person quit, or the input ended."""


def show_view(v: View, g: game.GameState) -> None:
    """Print what player 0 may see, and the legal moves, numbered."""
    you, computer = g.totals
    number = len(g.finished) + 1
    print(f"\n--- hand {number}, your move ({v.phase.value}) --- "
          f"you {you}, computer {computer}; target {g.rules.target}")
    print(f"  your hand    {ginrules.arrange(v.hand)}")
    if v.drawn is not None:
        print(f"  you drew     {v.drawn}")
    top = "empty" if v.top_discard is None else str(v.top_discard)
    known = ginrules.format_cards(v.opponent_known) or "nothing"
    print(f"  top discard  {top}   (pile {len(v.discard_pile)}, stock {v.stock_size})")
    print(f"  computer     holds {v.opponent_count} cards; known: {known}"
          f"   knock limit {v.knock_limit}")
    moves = "   ".join(f"{i} {a}" for i, a in enumerate(v.legal_actions, 1))
    print(textwrap.fill(moves, width=88, initial_indent="  moves        ",
                        subsequent_indent=" " * 15))


def read_move(state: ginrules.HandState, v: View, auto: BasicPlayer | None) -> Action:
    """Ask for a move until a legal one is given (``state`` only explains illegal ones)."""
    while True:
        if auto is not None:
            action = auto.choose(v)
            print(f"> {action}")
            return action
        try:
            text = input("> ").strip()
        except EOFError:
            raise Stop("no more input") from None
        if not sys.stdin.isatty():
            print(text)  # echo scripted input, so that a transcript reads like a session
        if not text:
            continue
        lowered = text.lower()
        if lowered in ("quit", "q", "exit"):
            raise Stop("you quit")
        if lowered in ("help", "h"):
            print(HELP)
            continue
        if lowered in ("hint", "?"):
            print(f"  hint: {ginrules.hint(v)}")
            continue
        if text.isdigit():
            index = int(text)
            if 1 <= index <= len(v.legal_actions):
                return v.legal_actions[index - 1]
            print(f"  there is no move {index}: choose 1 to {len(v.legal_actions)}")
            continue
        try:
            try:
                action = Action.parse(text)
            except GinRulesError:
                action = Action(ActionKind.DISCARD, ginrules.parse_card(text))
        except GinRulesError:
            print(f"  not a move: {text!r}. {HELP}")
            continue
        if action in v.legal_actions:
            return action
        try:  # the hand engine says why the move is illegal
            ginrules.hand.apply(state, action)
        except GinRulesError as error:
            print(f"  {error}")
        else:
            print(f"  {action} is not a legal move now")


def describe(action: Action, v: View) -> str:
    """The computer's move as a person at the table sees it."""
    kind = action.kind
    if kind is ActionKind.TAKE:
        return f"the computer takes the upcard {v.top_discard}"
    if kind is ActionKind.PASS:
        return "the computer passes"
    if kind is ActionKind.DRAW_STOCK:
        return "the computer draws from the stock"
    if kind is ActionKind.DRAW_DISCARD:
        return f"the computer takes {v.top_discard} from the discard pile"
    if kind is ActionKind.DISCARD:
        return f"the computer discards {action.card}"
    if kind is ActionKind.KNOCK:
        return f"the computer knocks, discarding {action.card}"
    return "the computer declares big gin"


def show_result(g: game.GameState) -> None:
    """Print how the hand that just ended went."""
    result = g.results[-1]
    row = g.sheet.rows[-1]
    print(f"\n=== hand {row.number}: {result.kind.value}", end="")
    if result.knocker is None:
        print(" (nobody scores)")
    else:
        print(f" by {NAMES[result.knocker]}")
        knocker, defender = result.knocker, 1 - result.knocker
        print(f"  {NAMES[knocker]:12s}  {result.knocker_arrangement}")
        for layoff in result.layoffs:
            print(f"  {'':12s}  laid off by {NAMES[defender]}: {layoff}")
        print(f"  {NAMES[defender]:12s}  {result.defender_arrangement}")
        if row.player is not None:
            verb = "score" if row.player == YOU else "scores"
            print(f"  {NAMES[row.player]} {verb} {row.points}")
    you, computer = g.totals
    print(f"  totals: you {you}, computer {computer}")


def show_final(g: game.GameState) -> None:
    """The final score sheet."""
    column = g.sheet.games[0]
    assert column.final is not None
    print("\n=== Game over:", "you win!" if g.winner == YOU else "the computer wins.")
    print(f"  {'':12s}  {'you':>8s}  {'computer':>8s}")
    for label, part in (("hand points", "hand_points"), ("line bonus", "line_bonus"),
                        ("game bonus", "game_bonus"), ("shutout", "shutout"),
                        ("final score", "total")):
        a, b = (getattr(final, part) for final in column.final)
        print(f"  {label:12s}  {a:8d}  {b:8d}")


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
    except GinRulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    g = game.new_game(rules, seed=args.seed)
    computer = AdvancedPlayer(seed=args.seed)
    auto = BasicPlayer(seed=args.seed) if args.auto else None
    print(f"Gin Rummy, {args.rules} rules, to {rules.target}: you against the advanced "
          "computer player. Type 'help' for the commands.")

    try:
        while not g.is_over:
            state = g.hand
            assert state is not None  # a seeded game deals every hand itself
            if state.turn == COMPUTER:
                computer_view = view(state, COMPUTER)
                action = computer.choose(computer_view)
                print(f"  {describe(action, computer_view)}")
            else:
                your_view = view(state, YOU)
                show_view(your_view, g)
                action = read_move(state, your_view, auto)
            before = len(g.finished)
            g = game.apply(g, action)
            if len(g.finished) > before:
                show_result(g)
    except Stop as stop:
        you, computer_total = g.totals
        print(f"\n{stop}: the game stops here, in hand {len(g.finished) + 1} "
              f"(you {you}, computer {computer_total}).")
        return 0
    show_final(g)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
