"""Train MaskablePPO (sb3-contrib) on ginrules' Gymnasium environment, made by its id,
then measure how often it wins a hand against the random player.

Run: python examples/train_maskable_ppo.py [--steps N] [--hands N] [--rules PRESET] [--seed S]

Needs the RL extra and sb3-contrib (pip install -e '.[rl]' and pip install sb3-contrib in
a clone); without them it says so and exits 0. It trains a few thousand steps by default
(about 20 seconds on one core): enough to see the loop work, not to learn the game. The
environment is ``ginrules/GinRummy-v0`` (one hand an episode) against the random player
(a uniformly random legal action), with the shaped reward (the points, plus a tenth of a
point for every point of deadwood the agent sheds); the win rate is counted with
``reward="win_loss"``, beside a random agent's over the same deals.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4096,
                        help="training steps, agent decisions (default: 4096)")
    parser.add_argument("--hands", type=int, default=100,
                        help="hands to measure the win rate over (default: 100)")
    parser.add_argument("--rules", default="classic", help="a preset (default: classic)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default: 1)")
    args = parser.parse_args(argv)
    missing = [m for m in ("numpy", "gymnasium", "sb3_contrib")
               if importlib.util.find_spec(m) is None]
    if missing:
        print(f"train_maskable_ppo needs {', '.join(missing)}: pip install -e '.[rl]' and "
              "pip install sb3-contrib (skipped)")
        return 0

    import gymnasium
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    import ginrules.interop.gymnasium_env  # noqa: F401 (registers the ids)

    torch.set_num_threads(1)
    env_id = "ginrules/GinRummy-v0"
    train = make_vec_env(env_id, n_envs=2, seed=args.seed,
                         env_kwargs={"opponent": "random", "rules": args.rules,
                                     "reward": "shaped", "render_mode": None})
    model = MaskablePPO("MultiInputPolicy", train, n_steps=256, batch_size=64,
                        n_epochs=4, seed=args.seed, verbose=0)
    model.learn(total_timesteps=args.steps)
    train.close()

    def win_rate(choose) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
        env = gymnasium.make(env_id, opponent="random", rules=args.rules,
                             reward="win_loss")
        won = lost = 0
        for hand in range(args.hands):
            obs, info = env.reset(seed=args.seed * 1_000_003 + hand)
            total, done = 0.0, False
            while not done:
                obs, reward, terminated, truncated, info = env.step(choose(obs, info))
                total += reward
                done = terminated or truncated
            won += total > 0
            lost += total < 0
        env.close()
        return won, lost, args.hands - won - lost

    def trained(obs, info):  # type: ignore[no-untyped-def]
        action, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def random_agent(obs, info):  # type: ignore[no-untyped-def]
        return int(rng.choice(np.flatnonzero(info["action_mask"])))

    for name, choose in ((f"MaskablePPO after {args.steps} steps", trained),
                         ("a random agent", random_agent)):
        won, lost, dead = win_rate(choose)
        print(f"{name}: won {won / args.hands:.0%} of {args.hands} hands against the "
              f"random player ({won} won, {lost} lost, {dead} dead)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
