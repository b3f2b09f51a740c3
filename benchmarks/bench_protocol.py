"""The player protocol's cost per decision: a computer level played over ``ginrules
serve`` by the ``cmd:`` client (:class:`ginrules.players.ExternalPlayer`), against the
same level in this process.

    python benchmarks/bench_protocol.py                    # simple and expert, 5 repetitions
    python benchmarks/bench_protocol.py --levels simple --repeats 9 --games 20
    python benchmarks/bench_protocol.py --quick            # a smoke test

Each repetition plays ``--games`` new games (other seeds each time) of the level against
itself under the classic rules, in this process, and keeps every view a seat decided
from, in order: the distinct inputs of the repetition, the same for every contender.
Then each contender decides on all of them, seat by seat, as ``ginrules simulate`` asks
its players (a player for each seat, the views of a game in the order played):

* ``in-process``: ``make_player(level, seed).choose(view)``;
* ``protocol``: ``ExternalPlayer("python -m ginrules serve --level LEVEL").choose(view)``,
  one program for each seat, started (``hello``) before the first repetition, untimed;
  each client reports the new events of the hand and asks for the decision, as in a game;
* ``round trip``: the floor of any protocol, one request a decision to a program that
  only answers it (``json.loads`` the line, ``json.dumps`` a reply of a move, flush),
  through the same client (``ExternalPlayer``'s pipes and bounds).

A contender's time is the CPU time of this process (``time.process_time_ns``) plus that
of its programs (``/proc/PID/schedstat``, the nanoseconds each ran) over the
repetition's decisions, divided by their number. The contenders run in an order that
rotates from one repetition to the next, and the figures between them are paired within
each repetition: the CPU the protocol adds to a decision (protocol minus in-process) and
the protocol's rate against the in-process rate (in-process CPU over protocol CPU), as
their median and range. Issue 47's goals: at most 0.25 ms added, and ``simple`` over the
protocol at least 0.3x its in-process rate. Linux only (``/proc``).

``--eaai CLASSES`` measures instead the EAAI adapter (``integrations/eaai/``, a Java
client of the protocol inside the EAAI framework, whose compiled classes are the folder
``CLASSES``): ``integrations/eaai/match.py --level LEVEL --games N --seed REPETITION`` as
a child process, games per CPU-second of it and everything it waited for (the JVM and
its ``ginrules serve``, from ``getrusage``), and with ``--against CHECKOUT`` the same run
of another checkout (its own ``match.py`` and ``src``), the two sides interleaved and
their ratio paired (needs a JDK)::

    python benchmarks/bench_protocol.py --eaai /tmp/eaai/classes --against /tmp/old
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from _script import run
from _timing import child_cpu, interleaved, load_text, paired, spread

import ginrules
from ginrules.game import apply, new_game
from ginrules.players import Player, make_player
from ginrules.players.external import ExternalPlayer
from ginrules.simulate import game_seed

CONTENDERS = ("in-process", "protocol", "round trip")

# a program that answers every line with a move, as cheaply as a server can in Python
ECHO = ("import json, sys\n"
        "for line in sys.stdin:\n"
        "    request = json.loads(line)\n"
        "    reply = {'id': request.get('id'), 'ok': True}\n"
        "    if request.get('op') == 'hello':\n"
        "        reply['protocol'] = 1\n"
        "    sys.stdout.write(json.dumps(reply) + '\\n')\n"
        "    sys.stdout.flush()\n")


def program_ns(pid: int) -> int:
    """The CPU nanoseconds process ``pid`` has run (``/proc/PID/schedstat``)."""
    with open(f"/proc/{pid}/schedstat") as stream:
        return int(stream.read().split()[0])


def play(rules: ginrules.RuleSet, level: str, g_seed: int,
         seats: Sequence[Player] | None = None) -> int:
    """Play the game of ``g_seed`` as ``ginrules simulate`` does (a view built for every
    decision, the move applied), by ``level`` at both seats, in this process or by
    ``seats``: the decisions made."""
    players = seats or [make_player(level, seed=g_seed ^ (s + 1)) for s in (0, 1)]
    game = new_game(rules, seed=g_seed)
    decisions = 0
    while not game.is_over and len(game.finished) < 200:
        hand = game.hand
        assert hand is not None
        game = apply(game, players[hand.turn].choose(game.view(hand.turn)))
        decisions += 1
    return decisions


class Echo:
    """The round trip: one request a decision, answered by :data:`ECHO`, through the
    client's own pipes (``ExternalPlayer``'s program)."""

    def __init__(self) -> None:
        self.player = ExternalPlayer(f"{sys.executable} -c {shlex.quote(ECHO)}")
        self.player._program = self.player._start()  # (hello)

    def ask(self) -> None:
        program = self.player._program
        assert program is not None
        program.ask({"op": "decide", "game": "seat"}, 60.0)


def eaai(args: argparse.Namespace) -> None:
    """Games per CPU-second of the EAAI adapter, this checkout against ``--against``."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sides = {"this": here}
    if args.against:
        sides["other"] = os.path.abspath(args.against)
    games = args.games or (4 if args.quick else 40)
    levels = args.levels.split(",")
    repeats = 1 if args.quick else args.repeats
    print(f"EAAI adapter, integrations/eaai/match.py, {games} games a run, each side "
          f"with its own match.py and src; {load_text()}; {repeats} repetitions (other "
          f"seeds), the sides interleaved, CPU time of match.py and its children")
    for level in levels:
        def measure(side: str, repetition: int, level: str = level) -> float:
            root = sides[side]
            env = {**os.environ, "PYTHONPATH": os.path.join(root, "src")}
            cpu = child_cpu([sys.executable, os.path.join(root, "integrations", "eaai",
                                                          "match.py"),
                             "--framework-classes", args.eaai, "--level", level,
                             "--games", str(games), "--seed", str(repetition), "--quiet"],
                            env=env, stdout=subprocess.DEVNULL)
            return games / cpu

        rates = interleaved(list(sides), repeats, measure)
        print()
        print(f"{level}: games per CPU-second (median, range)")
        for side, root in sides.items():
            print(f"  {side:5s} {spread(rates[side], 2, '')}  ({root})")
        if "other" in sides:
            print(f"  this / other, paired: {spread(paired(rates['this'], rates['other']))}")
    print()
    print(f"after: {load_text()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="simple,expert",
                        help="comma-separated levels (default: simple,expert)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=0,
                        help="games a repetition (default: 30 of simple, 4 of expert)")
    parser.add_argument("--quick", action="store_true", help="a smoke test")
    parser.add_argument("--eaai", metavar="CLASSES",
                        help="measure the EAAI adapter, with the framework's classes")
    parser.add_argument("--against", metavar="CHECKOUT",
                        help="with --eaai: another checkout's adapter and src too (A/B)")
    args = parser.parse_args()
    if args.eaai:
        eaai(args)
        return
    levels = args.levels.split(",")
    repeats = 1 if args.quick else args.repeats
    print(f"Python {platform.python_version()} on {platform.machine()}, ginrules "
          f"{ginrules.__version__} from {os.path.dirname(ginrules.__file__)}; {load_text()}; "
          f"{repeats} repetitions (new games each), the contenders interleaved, CPU time "
          "of this process and of the programs")
    rules = ginrules.rules("classic")
    echo = Echo()
    try:
        for level in levels:
            games = args.games or (2 if args.quick else {"simple": 30}.get(level, 4))
            serve = f"{sys.executable} -m ginrules serve --level {level}"
            clients = [ExternalPlayer(serve), ExternalPlayer(serve)]

            def protocol(g_seed: int, clients: list[ExternalPlayer] = clients,
                         level: str = level) -> int:
                for s, client in enumerate(clients):
                    # the seat opened again with the game's seed, as a new player would be
                    client.seed, client._seat = g_seed ^ (s + 1), None
                return play(rules, level, g_seed, clients)

            # the first use of each contender, untimed
            protocol(10**6)
            play(rules, level, 10**6)
            pids = [c._program.pid for c in clients if c._program is not None]
            assert echo.player._program is not None
            echo_pid = echo.player._program.pid
            made: dict[str, list[int]] = {name: [] for name in CONTENDERS}

            def measure(name: str, repetition: int, level: str = level, games: int = games,
                        protocol: Callable[[int], int] = protocol, pids: list[int] = pids,
                        echo_pid: int = echo_pid, made: dict[str, list[int]] = made
                        ) -> float:
                seeds = [game_seed(1000 * repetition + 1, n) for n in range(games)]
                watched = pids if name == "protocol" else [echo_pid]
                before = sum(program_ns(p) for p in watched)
                start = time.process_time_ns()
                if name == "in-process":
                    count = sum(play(rules, level, g_seed) for g_seed in seeds)
                elif name == "protocol":
                    count = sum(protocol(g_seed) for g_seed in seeds)
                else:  # as many round trips as the in-process games had decisions
                    count = made["in-process"][-1] if made["in-process"] else 1000
                    for _ in range(count):
                        echo.ask()
                own = time.process_time_ns() - start
                made[name].append(count)
                if name == "in-process":
                    return own / count / 1e6
                return (own + sum(program_ns(p) for p in watched) - before) / count / 1e6

            # (the round trip last in each repetition: it counts the in-process decisions)
            ms = interleaved(CONTENDERS[:2], repeats, measure)
            ms["round trip"] = [measure("round trip", r) for r in range(repeats)]
            for client in clients:
                client.close()
            if made["protocol"] != made["in-process"]:
                print(f"warning: the games over the protocol made other decisions "
                      f"({made['protocol']}) than in this process ({made['in-process']})")
            print()
            print(f"{level} v {level} under classic, {games} games a repetition, "
                  f"{statistics.median(made['in-process']):.0f} decisions (median)")
            print(f"{'contender':12s} {'ms CPU a decision: median (range)':>36s}")
            for name in CONTENDERS:
                print(f"{name:12s} {spread(ms[name], 3, ' ms'):>36s}")
            added = paired(ms["protocol"], ms["in-process"], lambda a, b: a - b)
            rate = paired(ms["in-process"], ms["protocol"])
            print(f"added by the protocol (protocol - in-process), paired: "
                  f"{spread(added, 3, ' ms', signed=True)} (goal: at most 0.25 ms)")
            print(f"protocol rate / in-process rate, paired: {spread(rate, 3)}"
                  + (" (goal: at least 0.3x)" if level == "simple" else ""))
    finally:
        echo.player.close()
    print()
    print(f"after: {load_text()}")


if __name__ == "__main__":
    run(main, "bench_protocol.py")
