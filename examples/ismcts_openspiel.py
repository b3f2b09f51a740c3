"""OpenSpiel's Python ISMCTS bot on ginrules' OpenSpiel game plays a whole game against
the advanced computer player, or (``--mode hand``) a few hands against any computer
player.

Run: python examples/ismcts_openspiel.py [--simulations N] [--rules PRESET] [--seed S]
     [--opponent NAME] [--mode game|hand] [--hands N]

Needs OpenSpiel (pip install -e '.[openspiel]' in a clone); without it, it says so and exits 0.
The bot is ``open_spiel.python.algorithms.ismcts.ISMCTSBot``: OpenSpiel's C++
``pyspiel.ISMCTSBot`` crashes on a game written in Python (as on OpenSpiel's own
``python_kuhn_poker``). It searches ``python_ginrules`` (registered by
ginrules.interop.openspiel_game); its worlds are sampled by
ginrules.players.sample_hidden, so it never sees the other player's cards, and the other
player decides from its own view.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=20,
                        help="ISMCTS simulations per move (default: 20)")
    parser.add_argument("--rules", default="short", help="a preset (default: short)")
    parser.add_argument("--max-hands", type=int, default=6,
                        help="stop the game after this many hands (default: 6)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default: 1)")
    parser.add_argument("--opponent", default="advanced",
                        help="the computer player it plays (default: advanced)")
    parser.add_argument("--mode", choices=("game", "hand"), default="game",
                        help="a whole game, or single hands (default: game)")
    parser.add_argument("--hands", type=int, default=2,
                        help="the hands to play with --mode hand (default: 2)")
    args = parser.parse_args(argv)
    missing = [m for m in ("pyspiel", "numpy") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"ismcts_openspiel needs {', '.join(missing)}: pip install -e "
              "'.[openspiel]' (skipped)")
        return 0

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from ginrules.interop.openspiel_game import load_game
    from ginrules.players import make_player, view

    rng = np.random.RandomState(args.seed)
    other = make_player(args.opponent, seed=args.seed)

    def play(state, bot) -> None:  # type: ignore[no-untyped-def]
        """Play ``state`` to its end: the bot as player 0, the computer player as 1."""
        hands = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
                continue
            if state.current_player() == 0:
                action = bot.step(state)
            else:
                action = other.choose(view(state.hand, 1)).index
            state.apply_action(action)
            if args.mode == "game" and len(state.game.finished) > hands:  # a hand ended
                hands = len(state.game.finished)
                result = state.game.finished[-1].result
                assert result is not None
                print(f"hand {hands}: {result.kind.value}; scores (ISMCTS, "
                      f"{args.opponent}) {state.scores(0)}", flush=True)

    def outcome(points: float) -> str:
        return "won" if points > 0 else "lost" if points < 0 else "tied"

    if args.mode == "hand":
        game = load_game(rules=args.rules, mode="hand")
        bot = ismcts.ISMCTSBot(game=game, uct_c=2.0, max_simulations=args.simulations,
                               evaluator=mcts.RandomRolloutEvaluator(1, rng),
                               random_state=rng)
        for hand in range(1, args.hands + 1):
            state = game.new_initial_state()
            play(state, bot)
            result = state.hand.result
            assert result is not None
            bot_return, _ = state.returns()
            told = "nobody scored" if bot_return == 0 else (
                f"ISMCTS (player 0) {outcome(bot_return)} {abs(bot_return):.0f} points")
            print(f"hand {hand} against the {args.opponent} player: {result.kind.value}; "
                  f"{told}", flush=True)
        return 0

    game = load_game(rules=args.rules, mode="game", max_hands=args.max_hands)
    bot = ismcts.ISMCTSBot(game=game, uct_c=2.0, max_simulations=args.simulations,
                           evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    play(state, bot)
    bot_return, _ = state.returns()
    print(f"game over after {len(state.game.finished)} hands: ISMCTS (player 0) "
          f"{outcome(bot_return)} by {abs(bot_return):.0f} points against the "
          f"{args.opponent} player")
    return 0


if __name__ == "__main__":
    sys.exit(main())
