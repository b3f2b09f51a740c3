"""A player that is another program: :class:`ExternalPlayer` starts a command that
speaks the player protocol (``ginrules serve`` does; see the how-to "use ginrules
players from another program") and asks it for each move, as the protocol's client.

It is made by name as ``cmd:<command line>`` (``make_player("cmd:python -m ginrules
serve")``, ``ginrules simulate --players expert,"cmd:..."``). The program is started on
the first move, told the seat, the rules and the seed (``open``, without a level: the
program chooses), then each hand's deal and every action as the view shows it (its own
stock draws with their cards, nothing it may not see), and asked to ``decide``: the
actions since its last move go with that ``decide`` (its ``events``) when the program's
``hello`` says it takes them (``"features": ["events"]``, as ``ginrules serve`` does),
one ``event`` request each otherwise. A hand is dealt to the program again whenever its
events do not continue those already told, the same deal played again included (the
same seed in a second game).

The program runs in a session (and process group) of its own. It is ended when the
player is dropped or :meth:`ExternalPlayer.close` is called, at the first error, on an
interruption and at the interpreter's exit: its input is closed (the protocol's end), it
has a moment to stop, then its whole process group is killed, with whatever it started.

A program that answers with an error, a move that is not legal, a line that is not
strict JSON (UTF-8, nested at most 64 deep) or is longer than 64 KiB, nothing within
``timeout`` seconds, or that stops, exits or closes its input or output, is a
:class:`~ginrules.GinRulesError` naming the player, in one line: what the program sent
is quoted cut to 200 characters, and the last line of its error output is added (only
the last 4 KiB of its standard error are kept). A program that has exited is not waited
for, even if a process it started still holds its output. POSIX only.

>>> ExternalPlayer("python -m ginrules serve", seed=3)
ExternalPlayer(command='python -m ginrules serve', seed=3, timeout=60.0)
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import signal
import subprocess
import time
import weakref
from collections.abc import Callable
from typing import Any

import attrs

from ginrules._chunked import Chunked
from ginrules._jsonlines import MessageError, loads
from ginrules._protocol import MAX_DEPTH, MAX_LINE
from ginrules.actions import Action, ActionKind
from ginrules.cards import CARDS, cards_from_mask
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.players.computer import _need_turn, _seed
from ginrules.players.views import View, _own_hands

__all__ = ["ExternalPlayer"]

_TAIL = 4096  # bytes of the program's standard error kept (the last ones)
_EXCERPT = 200  # characters of what the program sent quoted in an error
_GRACE = 1.0  # seconds to read what is still in the pipe once the program has exited
_STOP = 2.0  # seconds the program has to stop once its input is closed
_POLL = 0.1  # how often the process is looked at while waiting on it, in seconds


def _excerpt(data: object) -> str:
    r"""What a program sent, quoted on one line, cut to :data:`_EXCERPT` characters.

    >>> _excerpt(b"hi")
    "'hi'"
    >>> _excerpt("x" * 1000)[-32:]
    "xxxx'... (cut: 1,000 characters)"
    >>> print(_excerpt(b"\xff\n"))
    '\\xff\n'
    >>> _excerpt([1, 2])
    '[1, 2]'
    """
    quote: Callable[[str], str] = repr
    if isinstance(data, (bytes, bytearray)):
        size, unit = len(data), "bytes"
        text = bytes(data[:_EXCERPT * 4]).decode("utf-8", "backslashreplace")
    else:
        text = data if isinstance(data, str) else repr(data)
        size, unit = len(text), "characters"
        if not isinstance(data, str):
            quote = _one_line
    if len(text) <= _EXCERPT and (unit == "characters" or size <= _EXCERPT * 4):
        return quote(text)
    return f"{quote(text[:_EXCERPT])}... (cut: {size:,} {unit})"


def _one_line(text: str, end: bool = False) -> str:
    """``text`` printable on one line, cut to :data:`_EXCERPT` characters: its start, or
    its ``end``.

    >>> _one_line("a\\nb"), _one_line("x" * 300 + "yz", end=True)[-12:]
    ('a\\\\nb', 'xxxxxxxxxxyz')
    """
    part = text[-_EXCERPT:] if end else text[:_EXCERPT]
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in part)
    if len(shown) <= _EXCERPT and len(part) == len(text):
        return shown
    return "(cut) ..." + shown[-_EXCERPT:] if end else shown[:_EXCERPT] + "... (cut)"


class _Program:
    """The running program: its process (the leader of a session of its own), its input
    and output, and the last :data:`_TAIL` bytes of its standard error, read through a
    pipe whenever the program is waited on (so it never blocks on a full pipe for long,
    and never fills memory or a disk)."""

    def __init__(self, command: str, name: str) -> None:
        self.name = name
        try:
            words = shlex.split(command)
        except ValueError as error:
            raise GinRulesError(f"player {name}: cannot split the command line: "
                                f"{error}") from None
        if not words:
            raise GinRulesError(f"player {name}: the command line is empty")
        try:
            self.process = subprocess.Popen(
                words, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True)
        except (OSError, ValueError, subprocess.SubprocessError) as error:
            why = getattr(error, "strerror", None) or error
            raise GinRulesError(f"player {name}: cannot start {_one_line(words[0])!r}: "
                                f"{why}") from None
        self.pid = self.process.pid  # and the process group's, and the session's
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self.stdin = self.process.stdin.fileno()
        self.stdout = self.process.stdout.fileno()
        self.stderr = self.process.stderr.fileno()
        for fd in (self.stdin, self.stdout, self.stderr):
            os.set_blocking(fd, False)
        self.buffer = b""  # what was read of the output and not yet answered
        self.tail = b""  # the end of the error output
        self.code: int | None = None  # the exit status, once seen
        self.exited_at: float | None = None
        self.closed = False
        # what is waited on: the output, the error output, and the input's errors only
        # (it has one when the program closes its end), or its room while writing
        self.poller = select.poll()
        self.names = {self.stdout: "out", self.stderr: "err", self.stdin: "in"}
        self.watched = {self.stdout: select.POLLIN, self.stderr: select.POLLIN,
                        self.stdin: 0}
        for fd, mask in self.watched.items():
            self.poller.register(fd, mask)

    # -- the process ---------------------------------------------------------------

    def exited(self) -> bool:
        """Whether the program has exited (its status is looked at, not collected: the
        process group keeps its number until it is killed)."""
        if self.code is None:
            try:
                info = os.waitid(os.P_PID, self.pid,
                                 os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:  # collected elsewhere (a SIGCHLD handler)
                info = None
                self.code = self.process.returncode if self.process.returncode is not None \
                    else -1
            else:
                if info is None:  # still running (os.waitid's answer for si_pid 0)
                    return False
                self.code = info.si_status if info.si_code == os.CLD_EXITED \
                    else -info.si_status
            self.exited_at = time.monotonic()
        return True

    def _kill(self) -> None:
        """Kill the program's whole process group and collect the program."""
        with contextlib.suppress(OSError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.process.kill()  # (the leader cannot leave its group; for certainty)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)

    def close(self, polite: bool = True) -> None:
        """End the program: close its input (the protocol's end) and give it a moment to
        stop (``polite``), then kill its process group, whatever happens meanwhile."""
        if self.closed:
            return
        self.closed = True
        try:
            if polite and not self.exited():
                self._unwatch(self.stdin)
                with contextlib.suppress(OSError):
                    self.process.stdin.close()  # type: ignore[union-attr]
                deadline = time.monotonic() + _STOP
                while not self.exited() and time.monotonic() < deadline:
                    # (what it still says is not kept)
                    if "out" in self._poll(_POLL) and self._read(self.stdout, 65536) == b"":
                        self._unwatch(self.stdout)
        finally:
            self._kill()
            self._drain()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()

    # -- the pipes -----------------------------------------------------------------

    def _watch(self, fd: int, mask: int) -> None:
        self.watched[fd] = mask
        self.poller.register(fd, mask)

    def _unwatch(self, fd: int) -> None:
        if self.watched.pop(fd, None) is not None:
            self.poller.unregister(fd)

    def _poll(self, seconds: float) -> dict[str, int]:
        """The pipes that have something within ``seconds`` (at the most), and what; the
        error output is drained."""
        events = {self.names[fd]: mask
                  for fd, mask in self.poller.poll(max(0.0, seconds) * 1000)}
        if "err" in events:
            self._drain()
        return events

    @staticmethod
    def _read(fd: int, size: int) -> bytes | None:
        """Up to ``size`` bytes of ``fd``; ``b""`` at its end, None if none is there."""
        try:
            return os.read(fd, size)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            return b""

    def _drain(self) -> None:
        """Read what the error output holds now (a bounded amount), keeping its end."""
        for _ in range(64):
            chunk = self._read(self.stderr, 65536)
            if not chunk:
                if chunk == b"":
                    self._unwatch(self.stderr)
                return
            self.tail = (self.tail + chunk)[-_TAIL:]

    def stderr_tail(self) -> str:
        lines = self.tail.decode("utf-8", "replace").strip().splitlines()
        if not lines:
            return ""
        # (its end, if it is long: where the news is)
        return f"; its last error output: {_one_line(lines[-1].strip(), end=True)}"

    def fail(self, why: str) -> GinRulesError:
        """The error naming the player and why; the program is ended."""
        ended = f" (it exited with code {self.code})" if self.exited() else ""
        self.close(polite=False)
        return GinRulesError(f"player {self.name}: {why}{ended}{self.stderr_tail()}")

    def _wait(self, deadline: float, op: str, writing: bool = False) -> None:
        """Wait until the output can be read (or the input written, ``writing``), draining
        the error output meanwhile; the program's end, its input's, or the deadline, is
        an error naming the request (``op``). The process is looked at every
        :data:`_POLL` seconds: once it has exited, only :data:`_GRACE` seconds are left
        to read what is in the pipe."""
        if writing:  # (the output is not looked at meanwhile)
            self._unwatch(self.stdout)
            self._watch(self.stdin, select.POLLOUT)
        try:
            while True:
                now = time.monotonic()
                if self.exited():
                    assert self.exited_at is not None
                    if writing or now > self.exited_at + _GRACE:
                        raise self.fail(f"the program stopped before answering {op!r}")
                left = deadline - now
                if left <= 0:
                    raise self.fail(f"the program did not read {op!r} in time" if writing
                                    else f"no answer to {op!r} in time")
                events = self._poll(min(left, _POLL))
                if "in" in events and (writing or "out" not in events):
                    if writing and not events["in"] & ~select.POLLOUT:
                        return
                    raise self._ended(op, "input")
                if "out" in events:
                    return
        finally:
            if writing and not self.closed:
                self._watch(self.stdin, 0)
                self._watch(self.stdout, select.POLLIN)

    def _ended(self, op: str, pipe: str) -> GinRulesError:
        """The error for a program that closed its ``pipe`` (or stopped)."""
        deadline = time.monotonic() + _GRACE  # a moment to stop, if it is stopping
        while not self.exited() and time.monotonic() < deadline:
            self._drain()
            time.sleep(_POLL / 5)
        why = "stopped" if self.exited() else f"closed its {pipe}"
        return self.fail(f"the program {why} before answering {op!r}")

    # -- the protocol --------------------------------------------------------------

    def ask(self, request: dict[str, Any], timeout: float, text: str | None = None
            ) -> dict[str, Any]:
        """The program's reply to ``request``: an object with ``"ok": true``. ``text``
        is the request's JSON when the caller has made it (``json.dumps(request)``)."""
        if self.closed:
            raise GinRulesError(f"player {self.name}: the program was ended")
        op = request["op"]
        deadline = time.monotonic() + timeout
        try:
            self._send((json.dumps(request) if text is None else text).encode() + b"\n",
                       deadline, op)
            line = self._line(deadline, op)
            try:
                reply = loads(line, max_depth=MAX_DEPTH)
            except MessageError as error:
                raise self.fail(f"the answer to {op!r} is not a message of the protocol: "
                                f"{error}; it was {_excerpt(line)}") from None
        except BaseException:  # an error, or an interruption: the program is ended
            self.close(polite=False)
            raise
        if not isinstance(reply, dict) or reply.get("ok") is not True:
            said = reply.get("error") if isinstance(reply, dict) else reply
            text = said if isinstance(said, str) else _excerpt(said)
            raise self.fail(f"the program refused {json.dumps(request)}: "
                            f"{_one_line(text)}")
        return reply

    def _send(self, data: bytes, deadline: float, op: str) -> None:
        if self.exited():
            raise self.fail(f"the program stopped before answering {op!r}")
        while data:
            # (written at once while the pipe has room, as it mostly has: waited for
            # only when it is full)
            try:
                data = data[os.write(self.stdin, data):]
                continue
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:  # BrokenPipeError: nobody reads the input any more
                raise self._ended(op, "input") from None
            self._wait(deadline, op, writing=True)

    def _line(self, deadline: float, op: str) -> bytes:
        """The next line of the output, without its end (``\\n`` or ``\\r\\n``); a line of
        more than :data:`MAX_LINE` bytes before its end is an error, and at most its end
        more is held."""
        while b"\n" not in self.buffer:
            # (MAX_LINE bytes and a \r may come before the \n: a read never asks for more)
            if len(self.buffer) > MAX_LINE + 1 or len(self.buffer.rstrip(b"\r")) > MAX_LINE:
                raise self._too_long(op)
            self._wait(deadline, op)
            chunk = self._read(self.stdout, MAX_LINE + 2 - len(self.buffer))
            if chunk == b"":
                raise self._ended(op, "output")
            self.buffer += chunk or b""
        line, _, rest = self.buffer.partition(b"\n")
        line = line.rstrip(b"\r")
        if len(line) > MAX_LINE:
            raise self._too_long(op)
        self.buffer = rest
        return line

    def _too_long(self, op: str) -> GinRulesError:
        return self.fail(f"the answer to {op!r} is longer than {MAX_LINE:,} bytes: "
                         f"{_excerpt(self.buffer[:_EXCERPT])}... (cut)")


def _positive(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise _wrong_type("ExternalPlayer", "timeout: a number of seconds > 0", value)
    if not value > 0:
        raise GinRulesError(f"timeout must be a number of seconds > 0, not {value!r}")


def _text(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise _wrong_type("ExternalPlayer", "command: its command line as a str", value)


# the text of each card and the event of each player's action, made once (an event with a
# card drawn from the stock is made for it)
_CARD_TEXTS = tuple(str(c) for c in CARDS)
_EVENTS = tuple(tuple({"player": who, "action": str(Action.from_index(i))}
                      for i in range(109)) for who in (0, 1))
# the JSON of each (json.dumps's own), and of a player's stock draw of each card
_EVENT_JSON = tuple(tuple(json.dumps(e) for e in row) for row in _EVENTS)
_DRAW_JSON = tuple(tuple(json.dumps({"player": who, "action": "draw stock", "card": c})
                         for c in _CARD_TEXTS) for who in (0, 1))
_DECIDE = json.dumps({"op": "decide", "game": "seat"})


def _events_told(view: View) -> list[tuple[object, ...]]:
    """The hand's events as the program is told them: who, what, and the card of each of
    the player's own stock draws."""
    told: list[tuple[object, ...]] = []
    draws = 0
    for who, done in view.history:
        card = None
        if who == view.player and done.kind is ActionKind.DRAW_STOCK:
            card, draws = view.drawn_cards[draws], draws + 1
        told.append((who, done, card))
    return told


@attrs.define(eq=False)
class ExternalPlayer:
    """A player whose moves another program chooses, over the player protocol (see the
    module). ``command`` is its command line (split as a shell would, not run by one).

    >>> p = ExternalPlayer("no-such-program-here")
    >>> import ginrules
    >>> p.choose(ginrules.deal(ginrules.rules("classic"), seed=1).view(1))
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: player cmd:no-such-program-here: cannot start 'no-such-program-here': No such file or directory
    """

    command: str = attrs.field(validator=_text)
    seed: int = attrs.field(default=0, validator=_seed)
    timeout: float = attrs.field(default=60.0, validator=_positive)
    _program: _Program | None = attrs.field(default=None, init=False, repr=False)
    _end: weakref.finalize | None = attrs.field(  # type: ignore[type-arg]
        default=None, init=False, repr=False)
    _seat: int | None = attrs.field(default=None, init=False, repr=False)
    _hand: tuple[object, ...] | None = attrs.field(default=None, init=False, repr=False)
    _reported: int = attrs.field(default=0, init=False, repr=False)
    # the events reported, each with the card of an own stock draw: a hand with the same
    # deal (the same seed again) but other events is a new hand, dealt to the program again
    _told: list[tuple[object, ...]] = attrs.field(factory=list, init=False, repr=False)
    _draws: int = attrs.field(default=0, init=False, repr=False)  # own stock draws reported
    # the last event reported, the view's own (player, action) pair (see _continues)
    _last: object = attrs.field(default=None, init=False, repr=False)
    # whether the program takes the events with "decide" (hello's "features")
    _batched: bool = attrs.field(default=False, init=False, repr=False)

    @property
    def name(self) -> str:
        """The player's name, ``cmd:<command>``."""
        return f"cmd:{self.command}"

    def _start(self) -> _Program:
        program = _Program(self.command, self.name)
        # the program is ended with the player, or at the interpreter's exit
        self._program, self._end = program, weakref.finalize(self, program.close)
        hello = program.ask({"op": "hello", "features": ["events"]}, self.timeout)
        if hello.get("protocol") != 1:
            raise program.fail(f"the program speaks protocol "
                               f"{_excerpt(hello.get('protocol'))}, not 1")
        features = hello.get("features")
        self._batched = isinstance(features, list) and "events" in features
        return program

    def choose(self, view: View) -> Action:
        """The program's move in ``view``: the hand's new events are reported first. Any
        error (or an interruption) ends the program; the next move starts it again."""
        legal = _need_turn(view)
        try:
            return self._choose(view, legal)
        except BaseException:
            self.close()
            raise

    def _choose(self, view: View, legal: tuple[Action, ...]) -> Action:
        program = self._program or self._start()
        if self._seat != view.player:
            program.ask({"op": "open", "game": "seat", "player": view.player,
                         "rules": view.rules.to_dict(), "seed": self.seed}, self.timeout)
            self._seat, self._hand = view.player, None
        history = view.history
        if not self._continues(view):
            dealt = _own_hands(view)[0]
            hand = (view.dealer, view.upcard, dealt, view.scores)
            if hand != self._hand or _events_told(view)[:self._reported] != self._told:
                request: dict[str, Any] = {
                    "op": "deal", "game": "seat", "dealer": view.dealer,
                    "cards": [str(c) for c in cards_from_mask(dealt)],
                    "upcard": None if view.upcard is None else str(view.upcard)}
                if view.scores is not None:
                    request["scores"] = list(view.scores)
                program.ask(request, self.timeout)
                self._hand, self._reported, self._draws, self._told = hand, 0, 0, []
        events: list[dict[str, Any]] = []
        texts: list[str] = []  # each event's JSON
        me, told = view.player, self._told
        new = (history.since(self._reported) if isinstance(history, Chunked)
               else history[self._reported:])
        for who, done in new:  # only the new events
            if who == me and done.kind is ActionKind.DRAW_STOCK:
                card = view.drawn_cards[self._draws]
                self._draws += 1
                events.append({"player": who, "action": "draw stock",
                               "card": _CARD_TEXTS[card.index]})
                texts.append(_DRAW_JSON[who][card.index])
                told.append((who, done, card))
            else:
                events.append(_EVENTS[who][done.index])  # (never changed: shared)
                texts.append(_EVENT_JSON[who][done.index])
                told.append((who, done, None))
        self._reported = len(history)
        self._last = history[-1] if history else None
        decide: dict[str, Any] = {"op": "decide", "game": "seat"}
        line = _DECIDE
        if self._batched:
            if events:
                decide["events"] = events
                # json.dumps(decide), made of the events' own (as a rule, one or two)
                line = f'{_DECIDE[:-1]}, "events": [{", ".join(texts)}]}}'
        else:
            for event in events:
                program.ask({"op": "event", "game": "seat", **event}, self.timeout)
        reply = program.ask(decide, self.timeout, line)
        text = reply.get("action")
        action: Action | None
        try:  # (a with-statement costs more than the parse)
            action = Action.parse(text) if isinstance(text, str) else None
        except GinRulesError:
            action = None
        if action is None or action not in legal:
            raise GinRulesError(f"player {self.name} chose {_excerpt(text)}, which is not "
                                "one of the legal actions: "
                                + ", ".join(str(a) for a in legal))
        return action

    def _continues(self, view: View) -> bool:
        """Whether ``view`` continues the hand told so far, seen in constant time:
        its history holds, where the last event told was, that very object (a hand's
        history is grown, never copied, as a game hands out its views), with the same
        deal, scores and draws. Otherwise (a view rebuilt, a new hand) the caller checks
        the deal and every event told."""
        reported, hand, history = self._reported, self._hand, view.history
        return (reported > 0 and hand is not None and len(history) >= reported
                and history[reported - 1] is self._last and view.dealer == hand[0]
                and view.upcard == hand[1] and view.scores == hand[3]
                and len(view.drawn_cards) >= self._draws)

    def close(self) -> None:
        """End the program (it is also ended when the player is dropped).

        >>> ExternalPlayer("python -m ginrules serve").close()
        """
        end, self._end, self._program, self._seat = self._end, None, None, None
        if end is not None:
            end()
