"""OpenSpiel's ISMCTS bot on ginrules' OpenSpiel game plays a whole game against the
advanced computer player.

Run: python examples/ismcts_openspiel.py [--simulations N] [--rules PRESET] [--seed S]

Needs OpenSpiel (pip install -e '.[openspiel]' in a clone); without it, it says so and exits 0.
The bot searches ``python_ginrules`` (registered by ginrules.interop.openspiel_game);
its worlds are sampled by ginrules.players.sample_hidden, so it never sees the advanced
player's cards, and the advanced player decides from its own view.
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
    args = parser.parse_args(argv)
    missing = [m for m in ("pyspiel", "numpy") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"ismcts_openspiel needs {', '.join(missing)}: pip install -e "
              "'.[openspiel]' (skipped)")
        return 0

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from ginrules.interop.openspiel_game import load_game
    from ginrules.players import AdvancedPlayer, view

    game = load_game(rules=args.rules, mode="game", max_hands=args.max_hands)
    rng = np.random.RandomState(args.seed)
    bot = ismcts.ISMCTSBot(game=game, uct_c=2.0, max_simulations=args.simulations,
                           evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    advanced = AdvancedPlayer(seed=args.seed)
    state = game.new_initial_state()
    hands = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = advanced.choose(view(state.hand, 1)).index
        state.apply_action(action)
        if len(state.game.finished) > hands:  # a hand has ended
            hands = len(state.game.finished)
            result = state.game.finished[-1].result
            assert result is not None
            print(f"hand {hands}: {result.kind.value}; scores (ISMCTS, advanced) "
                  f"{state.scores(0)}", flush=True)
    bot_return, _ = state.returns()
    print(f"game over after {len(state.game.finished)} hands: ISMCTS (player 0) "
          f"{'won' if bot_return > 0 else 'lost' if bot_return < 0 else 'tied'} by "
          f"{abs(bot_return):.0f} points against the advanced player")
    return 0


if __name__ == "__main__":
    sys.exit(main())
