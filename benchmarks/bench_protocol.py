"""The player protocol's cost per decision: a computer level played over ``ginrules
serve`` by the ``cmd:`` client (:class:`ginrules.players.ExternalPlayer`), against the
same level in one process.

    python benchmarks/bench_protocol.py                    # simple and expert, 5 repetitions
    python benchmarks/bench_protocol.py --levels simple --repeats 9 --games 20
    python benchmarks/bench_protocol.py --against /tmp/old # and another checkout's, A/B
    python benchmarks/bench_protocol.py --quick            # a smoke test
    python benchmarks/bench_protocol.py --wake 1.0         # waking sleeps 1 ms, not 0.3

Each repetition plays ``--games`` new games (other seeds each time) of the level against
itself under the classic rules, as ``ginrules simulate`` plays them (a view built for
every decision, the move applied), by each contender:

* ``in-process``: ``make_player(level, seed)`` at each seat, in the measuring process;
* ``waking``: the same games as ``in-process``, played the same way, but before each
  decision (its view built) the process sleeps ``--wake`` milliseconds (0.3 by
  default), as a program waiting for its request would. Sleep is not CPU time, so its
  CPU is the in-process work plus what waking costs: on a virtual machine a process that
  has waited runs its next work slower (caches and predictors cooled, the CPU perhaps
  given to another guest), a penalty that any design of two processes, each waiting
  while the other works, pays on top of its protocol. The 0.3 ms is what a server of
  ``simple`` waits for each request (its wall time a decision, less its own CPU,
  measured here at about 0.28 ms), and short of what a server of ``expert`` waits
  (about 1.3 ms, its peer's decision included): a wait shorter than the real ones, so
  that the penalty is if anything understated and ``protocol - waking`` overstates the
  protocol's own work rather than hides it. The penalty counts the sleep's own CPU too
  (the call, the timer, the switch: about 25 microseconds a sleep on a 2-CPU virtual
  machine), as the protocol counts its blocking reads; and it is one wait a decision,
  where the protocol has two (the client waits for the reply, a server for its
  request), so ``protocol - waking`` still holds the cost of the second wait;
* ``protocol``: at each seat an ``ExternalPlayer("python -m ginrules serve --level
  LEVEL")``, a program of its own (the seat opened again with each game's seed, as a new
  player would be): the games are the same as in process, move for move;
* ``round trip``: the floor of any protocol, as many requests as the in-process games
  had decisions, each to a program that only answers it (``json.loads`` the line,
  ``json.dumps`` a reply, flush), through the same client (``ExternalPlayer``'s pipes
  and bounds);
* ``no pipes``: the protocol's own work without the processes: the ``cmd:`` client's
  requests, as the bytes it writes, answered in this process by the server's
  ``Server`` (the line ``ginrules serve`` reads, the reply it writes, read back by the
  client's reader), the same games. The protocol minus this is what the pipes and the
  switches between processes cost (caches grown cold included).

Every measurement runs in a fresh child process (``python bench_protocol.py --child``,
with the checkout's ``src`` first on ``PYTHONPATH``), which starts its programs and
plays one game untimed first, then times the repetition's games: the CPU time of the
child (``time.process_time_ns``) plus that of its programs (``/proc/PID/schedstat``, the
nanoseconds each ran), divided by the decisions. The contenders run in an order that
rotates from one repetition to the next, and the figures between them are paired within
each repetition: the CPU the protocol adds to a decision (protocol minus in-process) and
the protocol's rate against the in-process rate (in-process CPU over protocol CPU), as
their median and range, and what the protocol adds beyond the wake penalty (protocol
minus waking) beside the penalty itself (waking minus in-process). Issue 47's goals: at most 0.25 ms added, and ``simple`` over the
protocol at least 0.3x its in-process rate.

``--against CHECKOUT`` (another clone, or ``git worktree add /tmp/old COMMIT``) adds that
checkout's ``in-process`` and ``protocol`` as contenders of their own, interleaved with
this one's on the same games, and pairs each side's figures with the other's: an A/B run
that a load changing meanwhile hits alike. Linux only (``/proc``).

``--eaai CLASSES`` measures instead the EAAI adapter (``integrations/eaai/``, a Java
client of the protocol inside the EAAI framework, whose compiled classes are the folder
``CLASSES``): ``integrations/eaai/match.py --level LEVEL --games N --seed REPETITION`` as
a child process, games per CPU-second of it and everything it waited for (``javac`` of
the adapter, the JVM and its ``ginrules serve``, from ``getrusage``), and with
``--against CHECKOUT`` the same run of another checkout (its own ``match.py`` and
``src``), the two sides interleaved and their ratio paired (needs a JDK)::

    python benchmarks/bench_protocol.py --eaai /tmp/eaai/classes --against /tmp/old
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import subprocess
import sys
import time

from _script import run
from _timing import child_cpu, interleaved, load_text, paired, spread

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# a program that answers every line as cheaply as a server can in Python
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


def child(contender: str, level: str, games: int, repetition: int,
          wake_ms: float = 0.3) -> None:
    """One measurement, in this (fresh) process: print the CPU milliseconds a decision
    and the decisions."""
    import ginrules
    from ginrules.game import apply, new_game
    from ginrules.players import Player, make_player
    from ginrules.players.external import ExternalPlayer
    from ginrules.simulate import game_seed

    rules = ginrules.rules("classic")

    def play(g_seed: int, seats: list[Player] | None = None, wake: float = 0.0) -> int:
        players = seats or [make_player(level, seed=g_seed ^ (s + 1)) for s in (0, 1)]
        game = new_game(rules, seed=g_seed)
        decisions = 0
        while not game.is_over and len(game.finished) < 200:
            hand = game.hand
            assert hand is not None
            view = game.view(hand.turn)
            if wake:
                time.sleep(wake)  # (as a program waits for its request)
            game = apply(game, players[hand.turn].choose(view))
            decisions += 1
        return decisions

    serve = f"{shlex.quote(sys.executable)} -m ginrules serve --level {level}"
    clients = [ExternalPlayer(serve), ExternalPlayer(serve)]
    if contender == "no pipes":
        from ginrules._jsonlines import loads
        from ginrules.cli.serve import Server

        class InProcess:
            """The client's program, answered by a server in this process."""

            def __init__(self) -> None:
                self.server, self.pid = Server(level), 0

            def ask(self, request: dict[str, object], timeout: float,
                    text: str | None = None) -> dict[str, object]:
                line = (json.dumps(request) if text is None else text).encode()
                reply, made = self.server._answer_line(line)
                out = (made or json.dumps(reply)).encode()  # (as serve writes it)
                answer: dict[str, object] = loads(out, 64)
                return answer

            def close(self, polite: bool = True) -> None:
                pass

        for client in clients:
            client._program = InProcess()  # type: ignore[assignment]
            client._batched = True

    def protocol(g_seed: int) -> int:
        for s, client in enumerate(clients):
            # the seat opened again with the game's seed, as a new player would be
            client.seed, client._seat = g_seed ^ (s + 1), None
        return play(g_seed, list(clients))

    seeds = [game_seed(1000 * repetition + 1, n) for n in range(games)]
    pids: list[int] = []
    if contender == "in-process":
        play(10**6)  # (first use, untimed)
        measured = lambda: sum(play(g_seed) for g_seed in seeds)  # noqa: E731
    elif contender == "waking":
        wake = wake_ms / 1000
        play(10**6, wake=wake)
        measured = lambda: sum(play(g_seed, wake=wake) for g_seed in seeds)  # noqa: E731
    elif contender == "no pipes":
        protocol(10**6)
        measured = lambda: sum(protocol(g_seed) for g_seed in seeds)  # noqa: E731
    elif contender == "protocol":
        protocol(10**6)
        pids = [c._program.pid for c in clients if c._program is not None]
        measured = lambda: sum(protocol(g_seed) for g_seed in seeds)  # noqa: E731
    else:  # the round trip: as many requests as the games make decisions
        count = sum(play(g_seed) for g_seed in seeds)
        echo = ExternalPlayer(f"{shlex.quote(sys.executable)} -c {shlex.quote(ECHO)}")
        program = echo._program = echo._start()
        pids = [program.pid]
        request = {"op": "decide", "game": "seat"}
        for _ in range(100):
            program.ask(request, 60.0)

        def measured() -> int:
            for _ in range(count):
                program.ask(request, 60.0)
            return count

    before = sum(program_ns(p) for p in pids)
    start = time.process_time_ns()
    decisions = measured()
    cpu = time.process_time_ns() - start + sum(program_ns(p) for p in pids) - before
    for client in clients:
        client.close()
    print(cpu / decisions / 1e6, decisions)


def eaai(args: argparse.Namespace, sides: dict[str, str]) -> None:
    """Games per CPU-second of the EAAI adapter, each side's own."""
    games = args.games or (4 if args.quick else 40)
    repeats = 1 if args.quick else args.repeats
    print(f"EAAI adapter, integrations/eaai/match.py, {games} games a run, each side "
          f"with its own match.py and src; {load_text()}; {repeats} repetitions (other "
          f"seeds), the sides interleaved, CPU time of match.py and its children")
    for level in args.levels.split(","):
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="simple,expert",
                        help="comma-separated levels (default: simple,expert)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=0,
                        help="games a repetition (default: 30 of simple, 4 of others)")
    parser.add_argument("--quick", action="store_true", help="a smoke test")
    parser.add_argument("--wake", type=float, default=0.3, metavar="MS",
                        help="milliseconds the waking contender sleeps before each "
                             "decision (default: 0.3)")
    parser.add_argument("--against", metavar="CHECKOUT",
                        help="another checkout of ginrules, measured too (A/B)")
    parser.add_argument("--eaai", metavar="CLASSES",
                        help="measure the EAAI adapter, with the framework's classes")
    parser.add_argument("--child", nargs=3, metavar=("CONTENDER", "LEVEL", "REPETITION"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        contender, level, repetition = args.child
        child(contender, level, args.games, int(repetition), args.wake)
        return
    sides = {"this": HERE}
    if args.against:
        sides["other"] = os.path.abspath(args.against)
    if args.eaai:
        eaai(args, sides)
        print(f"\nafter: {load_text()}")
        return
    repeats = 1 if args.quick else args.repeats
    names = ["in-process", "waking", "protocol", "round trip", "no pipes"]
    if args.against:
        names += ["in-process (other)", "protocol (other)"]
    print(f"Python {platform.python_version()} on {platform.machine()}; {load_text()}; "
          f"{repeats} repetitions (new games each), the contenders interleaved, each "
          "measured in a fresh process: CPU time of it and of its programs; waking "
          f"sleeps {args.wake:g} ms before each decision")
    for side, root in sides.items():
        commit = subprocess.run(["git", "-C", root, "log", "-1", "--format=%h %s"],
                                capture_output=True, text=True).stdout.strip()
        print(f"  {side}: {root} ({commit[:70] or 'not a git checkout'})")
    for level in args.levels.split(","):
        games = args.games or (2 if args.quick else {"simple": 30}.get(level, 4))
        made: list[int] = []

        def measure(name: str, repetition: int, level: str = level,
                    games: int = games, made: list[int] = made) -> float:
            root = sides["other" if name.endswith("(other)") else "this"]
            env = {**os.environ, "PYTHONPATH": os.path.join(root, "src")}
            out = subprocess.run(
                [sys.executable, os.path.abspath(__file__), "--child",
                 name.removesuffix(" (other)"), level, str(repetition), "--games",
                 str(games), "--wake", str(args.wake)], env=env, capture_output=True, text=True, check=True)
            ms, decisions = out.stdout.split()
            made.append(int(decisions))
            return float(ms)

        ms = interleaved(names, repeats, measure)
        if len(set(made)) > repeats:
            print(f"warning: the contenders made other decisions in a repetition: {made}")
        print()
        print(f"{level} v {level} under classic, {games} games a repetition, "
              f"{min(made)}-{max(made)} decisions")
        print(f"{'contender':20s} {'ms CPU a decision: median (range)':>36s}")
        for name in names:
            print(f"{name:20s} {spread(ms[name], 3, ' ms'):>36s}")
        for side in sides:
            suffix = "" if side == "this" else " (other)"
            added = paired(ms["protocol" + suffix], ms["in-process" + suffix],
                           lambda a, b: a - b)
            rate = paired(ms["in-process" + suffix], ms["protocol" + suffix])
            print(f"{side}: added by the protocol (protocol - in-process), paired: "
                  f"{spread(added, 3, ' ms', signed=True)} (goal: at most 0.25 ms); "
                  f"protocol rate / in-process rate: {spread(rate, 3)}"
                  + (" (goal: at least 0.3x)" if level == "simple" else ""))
        beyond = paired(ms["protocol"], ms["waking"], lambda a, b: a - b)
        penalty = paired(ms["waking"], ms["in-process"], lambda a, b: a - b)
        print(f"this: added beyond waking (protocol - waking), paired: "
              f"{spread(beyond, 3, ' ms', signed=True)}; the wake penalty (waking - "
              f"in-process): {spread(penalty, 3, ' ms', signed=True)}")
        own = paired(ms["no pipes"], ms["in-process"], lambda a, b: a - b)
        pipes = paired(ms["protocol"], ms["no pipes"], lambda a, b: a - b)
        print(f"this: the protocol's own work (no pipes - in-process), paired: "
              f"{spread(own, 3, ' ms', signed=True)}; the pipes and the switches between "
              f"processes (protocol - no pipes): {spread(pipes, 3, ' ms', signed=True)}")
        if args.against:
            print("this / other, CPU a decision, paired: protocol "
                  f"{spread(paired(ms['protocol'], ms['protocol (other)']))}, in-process "
                  f"{spread(paired(ms['in-process'], ms['in-process (other)']))}")
    print()
    print(f"after: {load_text()}")


if __name__ == "__main__":
    run(main, "bench_protocol.py")
