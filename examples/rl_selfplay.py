"""Self-play on ginrules' PettingZoo environment: one linear policy plays both seats and
learns from the real score (REINFORCE), a few hundred hands.

Run: python examples/rl_selfplay.py [--hands N] [--rules PRESET] [--seed S]

Needs the RL extras (pip install -e '.[rl]' in a clone); without them it says so and exits 0.
The policy is deliberately tiny (a softmax over the legal actions, scored by one weight
vector per action on the 482 observation features): the point is the loop, which is the
same for any learner: observe, mask, act, collect the rewards PettingZoo hands out.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands to play (default: 200)")
    parser.add_argument("--rules", default="classic", help="a preset (default: classic)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default: 1)")
    parser.add_argument("--learning-rate", type=float, default=0.01)
    args = parser.parse_args(argv)
    missing = [m for m in ("numpy", "pettingzoo", "gymnasium") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"rl_selfplay needs {', '.join(missing)}: pip install -e '.[rl]' (skipped)")
        return 0

    import numpy as np

    from ginrules.interop.observation import OBSERVATION_SIZE
    from ginrules.interop.pettingzoo_env import env as make_env

    rng = np.random.default_rng(args.seed)
    weights = np.zeros((109, OBSERVATION_SIZE), dtype=np.float64)
    env = make_env(rules=args.rules, normalize=True)
    report = max(1, args.hands // 4)
    knocks = scored = 0
    for hand in range(1, args.hands + 1):
        env.reset(seed=args.seed * 100_003 + hand)
        trajectory: dict[str, list[tuple[np.ndarray, np.ndarray, int]]] = {}
        returns: dict[str, float] = {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            returns[agent] = returns.get(agent, 0.0) + reward
            if terminated or truncated:
                env.step(None)
                continue
            x = obs["observation"].astype(np.float64)
            legal = np.flatnonzero(obs["action_mask"])
            logits = weights[legal] @ x
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = int(rng.choice(len(legal), p=p))
            trajectory.setdefault(agent, []).append((x, legal, k))
            knocks += legal[k] >= 56
            env.step(int(legal[k]))
        scored += any(r != 0 for r in returns.values())
        # REINFORCE: push each choice's log-probability up by the hand's result
        for agent, steps in trajectory.items():
            g = returns.get(agent, 0.0)
            if g == 0.0:
                continue
            for x, legal, k in steps:
                logits = weights[legal] @ x
                p = np.exp(logits - logits.max())
                p /= p.sum()
                grad = -p
                grad[k] += 1.0
                weights[legal] += args.learning_rate * g * np.outer(grad, x)
        if hand % report == 0:
            print(f"hands {hand:5d}: {scored / hand:.0%} scored, "
                  f"{knocks / hand:.2f} knocks per hand, |w| = {np.abs(weights).sum():.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
