"""Environment steps per second with observations and legal-action masks, side by side:

* ginrules' PettingZoo AEC environment (``ginrules.interop.pettingzoo_env``);
* ginrules' episode engine with the same observation and mask, without PettingZoo's
  machinery (what a custom training loop would call);
* PettingZoo's ``gin_rummy_v4`` (RLCard underneath; needs pettingzoo 1.24 and rlcard);
* OpenSpiel's C++ ``gin_rummy`` stepped from Python, with ``observation_tensor`` and the
  legal-action mask at every decision.

Every engine plays the same policy: a uniformly random legal action (from the mask). A
step is one player decision (chance outcomes of OpenSpiel are not counted as steps).
Engines whose package is missing are reported as such.

    python benchmarks/bench_rl.py            # about 5 seconds per engine
    python benchmarks/bench_rl.py --quick    # 1 second per engine
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any


def _random_aec_steps(env: Any, seconds: float) -> int:
    """Random legal moves in a PettingZoo AEC env for ``seconds``: the steps taken."""
    import numpy as np

    rng = np.random.default_rng(0)
    steps = 0
    episode = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        env.reset(seed=episode)
        episode += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps


def bench_ginrules_pettingzoo(seconds: float) -> int:
    from ginrules.interop.pettingzoo_env import raw_env

    return _random_aec_steps(raw_env(rules="classic"), seconds)


def bench_ginrules_episode(seconds: float) -> int:
    import numpy as np

    from ginrules.actions import Action
    from ginrules.interop.episode import Episode
    from ginrules.interop.pettingzoo_env import observe

    episode = Episode("classic")
    rng = np.random.default_rng(0)
    steps = 0
    n = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        episode.reset(n)
        n += 1
        while not episode.over:
            obs = observe(episode, episode.turn)
            legal = np.flatnonzero(obs["action_mask"])
            episode.step(Action.from_index(int(legal[rng.integers(len(legal))])))
            steps += 1
    return steps


def bench_gin_rummy_v4(seconds: float) -> int:
    from pettingzoo.classic import gin_rummy_v4

    return _random_aec_steps(gin_rummy_v4.env(), seconds)


def bench_openspiel_cpp(seconds: float) -> int:
    import numpy as np
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = np.random.default_rng(0)
    steps = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            player = state.current_player()
            np.asarray(state.observation_tensor(player), dtype=np.float32)
            mask = np.asarray(state.legal_actions_mask(player), dtype=np.int8)
            legal = np.flatnonzero(mask)
            state.apply_action(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps


ENGINES: list[tuple[str, Callable[[float], int]]] = [
    ("ginrules PettingZoo AEC env", bench_ginrules_pettingzoo),
    ("ginrules episode engine (no PettingZoo)", bench_ginrules_episode),
    ("PettingZoo gin_rummy_v4 (RLCard)", bench_gin_rummy_v4),
    ("OpenSpiel C++ gin_rummy from Python", bench_openspiel_cpp),
]


def main(argv: list[str] | None = None) -> int:
    """Run every engine and print steps per second side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine")
    parser.add_argument("--quick", action="store_true", help="1 second per engine")
    args = parser.parse_args(argv)
    seconds = 1.0 if args.quick else args.seconds
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("bench_rl needs numpy and the peers: pip install -e '.[rl,openspiel]'")
        return 0
    rates: dict[str, float] = {}
    for name, run in ENGINES:
        try:
            start = time.perf_counter()
            steps = run(seconds)
            rate = steps / (time.perf_counter() - start)
        except ImportError as error:
            print(f"{name:42s} skipped: {error}")
            continue
        rates[name] = rate
        print(f"{name:42s} {rate:12,.0f} steps/s", flush=True)
    mine = rates.get(ENGINES[0][0])
    if mine:
        for name, _ in ENGINES[2:]:
            if name in rates:
                print(f"ginrules AEC env / {name}: {mine / rates[name]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
