"""Environment steps per CPU-second with observations and legal-action masks, side by side:

* ginrules' PettingZoo AEC environment as users make it, ``env()`` (in PettingZoo's
  order-enforcing wrapper), and ``raw_env()`` without the wrapper
  (``ginrules.interop.pettingzoo_env``);
* ginrules' Gymnasium environment against the ``random`` player, and with its default
  opponent (``basic``) (``gymnasium.make`` of its id where the adapter registers one, else
  ``make_env``): a step is one agent step, the opponent's moves inside it;
* ginrules' OpenSpiel game (``ginrules.interop.openspiel_game``, pure Python) stepped
  as OpenSpiel's C++ game is below;
* ginrules' episode engine with the same observation and mask, without PettingZoo's
  machinery (what a custom training loop would call);
* PettingZoo's ``gin_rummy_v4`` ``env()`` (RLCard underneath): in this interpreter if
  it imports, else in the one given by ``--peer-python`` (see below);
* OpenSpiel's C++ ``gin_rummy`` stepped from Python, with ``observation_tensor`` and the
  legal-action mask at every decision: the reference of the ratios.

Every engine plays the same policy: a uniformly random legal action (from the mask). A
step is one player decision as the engine counts them (OpenSpiel's chance outcomes are
not steps, but their time is counted; RLCard ends a hand with a score step of each
player, with one legal action). Every engine keeps playing its own stream of new deals from one
repetition to the next (a distinct deal in every episode).

How it is timed, so that a shared machine slows every engine alike: ``--seconds`` of CPU
time per engine are divided into ``--repetitions`` slices; in each repetition every
engine runs for one slice of CPU time of its process (``time.process_time_ns``; the steps
and the CPU time are both counted exactly), the engines in an order that rotates from
one repetition to the next. The table gives each engine's steps per
CPU-second (median and range over the repetitions) and the ratio of its rate to OpenSpiel
C++'s in the same repetition (paired: median and range). Each engine first runs untimed
(first-use costs are not counted). Engines whose package is missing are reported as "not
installed".

PettingZoo 1.27 dropped ``gin_rummy_v4``; its last release with it is 1.26.1, which would
downgrade the ``rl`` extra's PettingZoo. So it lives in a virtual environment of its own,
made by the command in ``benchmarks/README.md``::

    python3 -m venv .venv-peer && .venv-peer/bin/pip install -q -r benchmarks/peers.txt

and ``--peer-python .venv-peer/bin/python`` runs it there, in a child process that times
its own CPU, interleaved with the others in each repetition like an engine of this one.

    python benchmarks/bench_rl.py --peer-python .venv-peer/bin/python   # about a minute
    python benchmarks/bench_rl.py --quick    # a smoke test, peers optional (CI)
    python benchmarks/bench_rl.py --only Gymnasium    # those rows and OpenSpiel C++
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import Any

from _timing import cpu_slice, interleaved, load_text, paired, spread

REFERENCE = "OpenSpiel C++ gin_rummy"
PEER = "PettingZoo gin_rummy_v4 env() (RLCard)"


def _picker(seed: int) -> Callable[[Any], int]:
    """A uniformly random legal action of a mask, from its own generator."""
    import numpy as np

    integers = np.random.default_rng(seed).integers
    flatnonzero = np.flatnonzero

    def pick(mask: Any) -> int:
        legal = flatnonzero(mask)
        return int(legal[integers(len(legal))])

    return pick


class AECSteps:
    """A PettingZoo AEC environment, played as ``agent_iter`` plays it: ``step()`` is
    one decision (an ended agent's ``step(None)`` is part of the next one)."""

    def __init__(self, env: Any, seed: int) -> None:
        self.env = env
        self.pick = _picker(seed)
        env.reset(seed=seed)  # later episodes: reset(), new deals from the env's own RNG

    def step(self) -> None:
        env = self.env
        while True:
            if not env.agents:
                env.reset()
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(self.pick(obs["action_mask"]))
                return


class GymSteps:
    """A Gymnasium environment: ``step()`` is one agent step."""

    def __init__(self, env: Any, seed: int) -> None:
        self.env = env
        self.pick = _picker(seed)
        self.obs, _ = env.reset(seed=seed)
        self.done = False

    def step(self) -> None:
        env = self.env
        if self.done:
            self.obs, _ = env.reset()
        self.obs, _, terminated, truncated, _ = env.step(self.pick(self.obs["action_mask"]))
        self.done = terminated or truncated


class SpielSteps:
    """An OpenSpiel game: ``step()`` applies the chance outcomes up to the next decision
    (new games as they end), reads the observation tensor and the legal-action mask of
    the player to move, and applies one of its legal actions."""

    def __init__(self, game: Any, seed: int) -> None:
        import numpy as np

        self.asarray, self.float32, self.int8 = np.asarray, np.float32, np.int8
        self.integers = np.random.default_rng(seed + 1).integers
        self.game = game
        self.state = game.new_initial_state()
        self.pick = _picker(seed)

    def step(self) -> None:
        state = self.state
        while True:
            if state.is_terminal():
                state = self.state = self.game.new_initial_state()
            elif state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[self.integers(len(outcomes))][0])
            else:
                break
        player = state.current_player()
        self.asarray(state.observation_tensor(player), dtype=self.float32)
        mask = self.asarray(state.legal_actions_mask(player), dtype=self.int8)
        state.apply_action(self.pick(mask))


class EpisodeSteps:
    """ginrules' episode engine with ``observe`` (the observation and the mask)."""

    def __init__(self, seed: int) -> None:
        from ginrules.actions import Action
        from ginrules.interop.episode import Episode
        from ginrules.interop.pettingzoo_env import observe

        self.from_index, self.observe = Action.from_index, observe
        self.episode = Episode("classic")
        self.next_seed = seed
        self.episode.reset(seed)
        self.pick = _picker(seed)

    def step(self) -> None:
        episode = self.episode
        if episode.over:
            self.next_seed += 1
            episode.reset(self.next_seed)
        obs = self.observe(episode, episode.turn)
        episode.step(self.from_index(self.pick(obs["action_mask"])))


# -- the engines: each makes its stepper, or raises ImportError when its package is missing


def ginrules_env(seed: int) -> AECSteps:
    from ginrules.interop.pettingzoo_env import env

    return AECSteps(env(rules="classic"), seed)


def ginrules_raw_env(seed: int) -> AECSteps:
    from ginrules.interop.pettingzoo_env import raw_env

    return AECSteps(raw_env(rules="classic"), seed)


GYM_ID = "ginrules/GinRummy-v0"


def ginrules_gymnasium(seed: int) -> GymSteps:
    import gymnasium

    from ginrules.interop import gymnasium_env

    if GYM_ID in gymnasium.registry:  # the registered id: what users call
        print(f"ginrules Gymnasium env: gymnasium.make({GYM_ID!r}, opponent='random') "
              "(with Gymnasium's wrappers)")
        return GymSteps(gymnasium.make(GYM_ID, opponent="random", rules="classic"), seed)
    print("ginrules Gymnasium env: make_env(opponent='random') (no id registered)")
    return GymSteps(gymnasium_env.make_env(opponent="random", rules="classic"), seed)


def ginrules_gymnasium_default(seed: int) -> GymSteps:
    """The environment as ``gymnasium.make`` of its id makes it, its default opponent
    (``basic``) included."""
    import gymnasium

    from ginrules.interop import gymnasium_env

    if GYM_ID in gymnasium.registry:
        return GymSteps(gymnasium.make(GYM_ID, rules="classic"), seed)
    return GymSteps(gymnasium_env.make_env(rules="classic"), seed)


def ginrules_openspiel(seed: int) -> SpielSteps:
    from ginrules.interop.openspiel_game import load_game

    return SpielSteps(load_game(rules="classic"), seed)


def ginrules_episode(seed: int) -> EpisodeSteps:
    import numpy  # noqa: F401  (observe needs it: missing, the engine is not installed)

    return EpisodeSteps(seed)


def gin_rummy_v4(seed: int) -> AECSteps:
    from pettingzoo.classic import gin_rummy_v4

    return AECSteps(gin_rummy_v4.env(), seed)


def openspiel_cpp(seed: int) -> SpielSteps:
    import pyspiel

    return SpielSteps(pyspiel.load_game("gin_rummy"), seed)


ENGINES: dict[str, Callable[[int], Any]] = {
    "ginrules PettingZoo AEC env()": ginrules_env,
    "ginrules PettingZoo AEC raw_env()": ginrules_raw_env,
    "ginrules Gymnasium env v random *": ginrules_gymnasium,
    "ginrules Gymnasium env, default (basic) *": ginrules_gymnasium_default,
    "ginrules OpenSpiel game (Python)": ginrules_openspiel,
    "ginrules episode engine (no PettingZoo)": ginrules_episode,
    PEER: gin_rummy_v4,
    REFERENCE: openspiel_cpp,
}
SERVED = {"gin_rummy_v4": PEER}  # what --serve can run in a peer interpreter
VERSIONS = ("pettingzoo", "gymnasium", "open_spiel", "rlcard", "numpy")


def _versions() -> str:
    found = []
    for name in VERSIONS:
        with contextlib.suppress(metadata.PackageNotFoundError):
            found.append(f"{name} {metadata.version(name)}")
    return ", ".join(found)


class PeerProcess:
    """An engine in another interpreter (``--serve``): each ``run(budget_ns)`` asks it to
    step for that much of its own CPU time and returns the steps and the CPU time it
    counted."""

    def __init__(self, python: str, engine: str, seed: int, warmup_ns: int) -> None:
        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
        try:
            self.process = subprocess.Popen(
                [python, os.path.abspath(__file__), "--serve", engine, "--seed", str(seed),
                 "--warmup-ns", str(warmup_ns)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        except OSError as error:
            raise ImportError(f"{python}: {error.strerror}") from None
        assert self.process.stdout is not None
        for line in self.process.stdout:  # anything printed on import comes first
            if line.startswith("ready "):
                self.versions = line[len("ready "):].strip()
                return
        self.process.communicate()
        raise ImportError(f"no answer from {python} (its error is above)")

    def run(self, budget_ns: int) -> tuple[int, int]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{budget_ns}\n")
        self.process.stdin.flush()
        steps, spent = self.process.stdout.readline().split()
        return int(steps), int(spent)

    def close(self) -> None:
        self.process.communicate()


def serve(engine: str, seed: int, warmup_ns: int) -> int:
    """The child of :class:`PeerProcess`: make the engine, warm it up, say ``ready``, then
    answer each budget read from stdin with the steps taken and the CPU time spent."""
    stepper = ENGINES[SERVED[engine]](seed)
    cpu_slice(stepper.step, warmup_ns)
    print(f"ready {_versions()}", flush=True)
    for line in sys.stdin:
        steps, spent = cpu_slice(stepper.step, int(line))
        print(steps, spent, flush=True)
    return 0


@contextlib.contextmanager
def engines(names: list[str], peer_python: str | None, seed: int, warmup_ns: int
            ) -> Iterator[tuple[dict[str, Callable[[int], tuple[int, int]]], dict[str, str]]]:
    """The runners of the engines that are installed (``budget_ns -> (steps, ns)``), warm,
    and a note for each of the others."""
    runners: dict[str, Callable[[int], tuple[int, int]]] = {}
    missing: dict[str, str] = {}
    peers: list[PeerProcess] = []
    try:
        for name in names:
            try:
                if name == PEER and peer_python is not None:
                    peer = PeerProcess(peer_python, "gin_rummy_v4", seed, warmup_ns)
                    peers.append(peer)
                    runners[name] = peer.run
                    print(f"{name}: in {peer_python} ({peer.versions})")
                    continue
                stepper = ENGINES[name](seed)
            except ImportError as error:
                hint = "; see --peer-python" if name == PEER and peer_python is None else ""
                missing[name] = f"not installed ({error}{hint})"
                continue
            except ValueError as error:  # ginrules' GinRulesError: an extra is missing
                missing[name] = f"unavailable ({error})"
                continue
            cpu_slice(stepper.step, warmup_ns)  # first-use costs, untimed
            runners[name] = lambda budget, step=stepper.step: cpu_slice(step, budget)
        yield runners, missing
    finally:
        for peer in peers:
            peer.close()


def main(argv: list[str] | None = None) -> int:
    """Run every engine, interleaved, and print steps per CPU-second side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="CPU seconds per engine, over all the repetitions (default 6)")
    parser.add_argument("--repetitions", type=int, default=15, help="(default 15)")
    parser.add_argument("--quick", action="store_true",
                        help="0.45 s per engine in 3 repetitions: a smoke test")
    parser.add_argument("--peer-python", metavar="PATH",
                        help="run gin_rummy_v4 in this interpreter (its own virtual "
                             "environment, see the module's documentation)")
    parser.add_argument("--only", action="append", metavar="TEXT",
                        help="run only the engines whose name holds TEXT (repeatable; "
                             "OpenSpiel C++, the reference, always runs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve", choices=sorted(SERVED), help=argparse.SUPPRESS)
    parser.add_argument("--warmup-ns", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.serve, args.seed, args.warmup_ns)
    if args.quick:
        args.seconds, args.repetitions = 0.45, 3
    budget = int(args.seconds * 1e9 / args.repetitions)
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("bench_rl needs numpy and the peers: pip install -e '.[rl,openspiel]'")
        return 0
    print(f"Python {platform.python_version()}; {_versions()}")
    print(f"{args.repetitions} repetitions of {budget / 1e9:g} s of CPU time per engine, "
          f"the engines interleaved (the order rotating); seed {args.seed}")
    print(f"before: {load_text()}")
    names = [name for name in ENGINES if name == REFERENCE or args.only is None
             or any(text in name for text in args.only)]
    with engines(names, args.peer_python, args.seed, min(budget, 200_000_000)
                 ) as (runners, missing):
        counted = interleaved(list(runners), args.repetitions,
                              lambda name, _: runners[name](budget))
    print(f"after: {load_text()}")
    rates = {name: [steps / ns * 1e9 for steps, ns in runs] for name, runs in counted.items()}
    reference = rates.get(REFERENCE)
    print()
    print(f"{'engine':42s} {'steps/s (CPU time): median (range)':>36s} "
          f"{'/ ' + REFERENCE + ', paired':>40s}")
    for name in names:
        if name in missing:
            print(f"{name:42s} {missing[name]}")
            continue
        mine = rates[name]
        rate = (f"{statistics.median(mine):,.0f} "
                f"({min(mine):,.0f}-{max(mine):,.0f})")
        ratio = "" if reference is None else spread(paired(mine, reference))
        print(f"{name:42s} {rate:>36s} {ratio:>40s}")
    if reference is None:
        print(f"({REFERENCE} is not installed: no ratios)")
    wrapped, raw = "ginrules PettingZoo AEC env()", "ginrules PettingZoo AEC raw_env()"
    if wrapped in rates and raw in rates:
        print(f"PettingZoo's wrapper: env() / raw_env(), paired: "
              f"{spread(paired(rates[wrapped], rates[raw]))}")
    print("* agent steps: each holds the agent's decision and the computer opponent's "
          "moves up to its next turn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
