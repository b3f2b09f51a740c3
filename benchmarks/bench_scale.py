"""How the cost of a hand grows with the length of the game: playing, writing (dump) and
validating games of 25, 200, 1,600 and 6,400 hands, in µs per hand.

The games are played by two random players under the straight-gin rules with a short
turn cap (``max_turns``), so nearly every hand is dead and a game never ends: it is cut
at the wanted number of hands (``complete=False`` records). Each figure is the best of
``--repeat`` runs, CPU time of this process (``time.process_time``).

``--speedup`` measures instead how ``simulate`` (games between two basic players) and
``validate_many`` (a folder of records of such games) scale: the same work in one
process, over 2 local worker processes (``workers=2``) and on a Dask ``LocalCluster`` of
2 worker processes (needs ``pip install -e '.[dask]'``; the cluster is started before
the runs, untimed, and stays up through them). A speed-up is wall time by nature, so
each repetition runs the three ways in turn, in an order that rotates from one
repetition to the next, and the speed-up is the ratio of one process's wall time to the
other way's in the same repetition (paired: median and range over ``--repeat``
repetitions). It prints the wall times, the speed-ups, this process's CPU time, the CPU
time the machine's other processes used meanwhile (a measure of how disturbed the runs
were: the speed-up needs free cores) and the load average, and checks that every run
gives the same result.

Run: python benchmarks/bench_scale.py [--quick] [--hands 25,200,1600,6400]
     python benchmarks/bench_scale.py --speedup [--games 400] [--records 2000]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _timing import interleaved, load_text, paired, spread

import ginrules
from ginrules import game, records


def play(hands: int, seed: int = 1) -> game.GameState:
    """A game of ``hands`` finished hands (none ends it: the target is out of reach)."""
    rules = ginrules.rules("straight", max_turns=4)
    g = game.new_game(rules, seed=seed)
    policies = game.random_policies(seed)
    while len(g.finished) < hands:
        hand = g.hand
        assert hand is not None
        g = game.apply(g, policies[hand.turn](hand, hand.turn))
    return g


def best(run: Callable[[], object], repeat: int) -> float:
    out = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        out = min(out, time.process_time() - start)
    return out


def processes() -> dict[int, tuple[int, float]]:
    """Every process's parent and CPU seconds so far (Linux /proc)."""
    out = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            out[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    return out


def machine_busy() -> float:
    """CPU seconds the whole machine has been busy (all cores; Linux /proc/stat)."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(v) for v in f.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal ...: all but idle and iowait
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def ours(snapshot: dict[int, tuple[int, float]]) -> float:
    """CPU seconds of this process, its finished children and its live descendants."""
    me = os.getpid()

    def mine(pid: int) -> bool:
        seen = 0
        while pid > 1 and seen < 64:
            if pid == me:
                return True
            pid = snapshot.get(pid, (0, 0.0))[0]
            seen += 1
        return False

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    live = sum(cpu for pid, (_, cpu) in snapshot.items() if pid != me and mine(pid))
    return time.process_time() + children.ru_utime + children.ru_stime + live


def timed(run: Callable[[], Any]) -> tuple[Any, float, float, float]:
    """(result, wall seconds, CPU seconds of this process, CPU seconds the machine spent
    on other processes meanwhile: its busy time less ours and our descendants')."""
    busy, mine = machine_busy(), ours(processes())
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    others = (machine_busy() - busy) - (ours(processes()) - mine)
    return result, wall, cpu, max(0.0, others)


def game_records(count: int) -> list[str]:
    """Records of whole games between two basic players (classic rules)."""
    from ginrules.players import BasicPlayer

    out = []
    for seed in range(count):
        final = game.play(game.new_game(ginrules.rules("classic"), seed=seed),
                          [BasicPlayer(seed=seed), BasicPlayer(seed=seed + 1)])
        out.append(records.dump(final))
    return out


def speedup(games: int, count: int, repeat: int) -> None:
    from ginrules.simulate import simulate

    print(f"{load_text()} before; {repeat} repetitions, the ways interleaved")
    texts = game_records(min(count, 500))
    hands = sum(text.count('"dealer"') for text in texts) / len(texts)
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        paths = []
        for n in range(count):
            path = Path(tmp) / f"{n:06d}.json"
            path.write_text(texts[n % len(texts)], encoding="utf-8")
            paths.append(str(path))

        def sim(**how: Any) -> Any:
            return simulate("classic", ("basic", "basic"), games=games, seed=1, **how)

        def check(**how: Any) -> Any:
            return [r.valid for r in records.validate_many(paths, **how)]

        ways: dict[str, dict[str, Any]] = {"1 process": {}, "2 local workers": {"workers": 2}}
        try:
            import distributed
        except ImportError:
            print("(Dask's distributed is not installed: no LocalCluster run)")
        else:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                silence_logs=40))
            client = stack.enter_context(distributed.Client(cluster))
            ways["2-worker LocalCluster"] = {"executor": client.get_executor(pure=False)}
        for what, work, size in (("simulate", sim, f"{games} games"),
                                 ("validate", check, f"{count:,} game records "
                                                     f"({hands:.1f} hands each)")):
            runs = interleaved(list(ways), repeat,
                               lambda way, _, work=work: timed(lambda: work(**ways[way])))
            wall = {way: [run[1] for run in runs[way]] for way in ways}
            print(f"{what} {size}:")
            for way in ways:
                assert all(run[0] == runs["1 process"][0][0] for run in runs[way]), \
                    f"{way} gave another result"
                here = statistics.median(run[2] for run in runs[way])
                others = statistics.median(run[3] for run in runs[way])
                print(f"  {way:22s} {statistics.median(wall[way]):6.2f} s wall "
                      f"({min(wall[way]):.2f}-{max(wall[way]):.2f}), speed-up "
                      f"{spread(paired(wall['1 process'], wall[way]))}; {here:5.2f} s CPU "
                      f"here, {others:5.2f} s CPU of other processes meanwhile (medians)")
    print(f"{load_text()} after")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="25 and 200 hands, once")
    parser.add_argument("--hands", default="25,200,1600,6400")
    parser.add_argument("--repeat", type=int, default=None,
                        help="runs of each (default 3; with --speedup, 5)")
    parser.add_argument("--speedup", action="store_true",
                        help="measure simulate and validate over 1 and 2 workers")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--records", type=int, default=2000)
    args = parser.parse_args()
    if args.speedup:
        speedup(args.games, args.records, args.repeat or 5)
        return
    sizes = [25, 200] if args.quick else [int(n) for n in args.hands.split(",")]
    repeat = 1 if args.quick else args.repeat or 3
    print(f"{'hands':>6s} {'play µs/hand':>13s} {'dump µs/hand':>13s} "
          f"{'validate µs/hand':>17s}")
    first: tuple[float, float, float] | None = None
    for n in sizes:
        final = play(n)
        text = records.dump(final)
        t_play = best(lambda n=n: play(n), repeat) / n * 1e6
        t_dump = best(lambda final=final: records.dump(final), repeat) / n * 1e6

        def check(text: str = text) -> None:
            if not records.validate(text).valid:
                raise SystemExit("a written record did not validate")

        t_check = best(check, repeat) / n * 1e6
        print(f"{n:6d} {t_play:13.1f} {t_dump:13.1f} {t_check:17.1f}")
        if first is None:
            first = (t_play, t_dump, t_check)
    if first is not None and len(sizes) > 1:
        print(f"last/first: play {t_play / first[0]:.2f}x, dump {t_dump / first[1]:.2f}x, "
              f"validate {t_check / first[2]:.2f}x")


if __name__ == "__main__":
    main()
