"""A player that is another program: :class:`ExternalPlayer` starts a command that
speaks the player protocol (``ginrules serve`` does; see the how-to "use ginrules
players from another program") and asks it for each move, as the protocol's client.

It is made by name as ``cmd:<command line>`` (``make_player("cmd:python -m ginrules
serve")``, ``ginrules simulate --players expert,"cmd:..."``). The program is started on
the first move, told the seat, the rules and the seed (``open``, without a level: the
program chooses), then each hand's deal and every action as the view shows it (its own
stock draws with their cards, nothing it may not see), and asked to ``decide``. It is
ended (its input closed) when the player is dropped or :meth:`ExternalPlayer.close` is
called. A program that answers with an error, a move that is not legal, nothing within
``timeout`` seconds, or stops, is a :class:`~ginrules.GinRulesError` naming the player.

>>> ExternalPlayer("python -m ginrules serve", seed=3)
ExternalPlayer(command='python -m ginrules serve', seed=3, timeout=60.0)
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import subprocess
import tempfile
import time
import weakref
from typing import IO, Any

import attrs

from ginrules.actions import Action, ActionKind
from ginrules.cards import cards_from_mask
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.players.computer import _need_turn, _seed
from ginrules.players.views import View, _own_hands

__all__ = ["ExternalPlayer"]


class _Program:
    """The running program: its process, its input and output, and its stderr kept in a
    temporary file (so that it never blocks on a full pipe)."""

    def __init__(self, command: str, name: str) -> None:
        self.name = name
        try:
            words = shlex.split(command)
        except ValueError as error:
            raise GinRulesError(f"player {name}: cannot split the command line: "
                                f"{error}") from None
        if not words:
            raise GinRulesError(f"player {name}: the command line is empty")
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        try:
            self.process = subprocess.Popen(words, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=self.errors)
        except OSError as error:
            self.errors.close()
            raise GinRulesError(f"player {name}: cannot start {words[0]!r}: "
                                f"{error.strerror or error}") from None
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin: IO[bytes] = self.process.stdin
        self.stdout: IO[bytes] = self.process.stdout
        self.buffer = b""
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)

    def stderr_tail(self) -> str:
        self.errors.seek(0, os.SEEK_END)
        size = self.errors.tell()
        self.errors.seek(max(0, size - 2000))
        tail = self.errors.read().decode("utf-8", "replace").strip().splitlines()
        return f"; its last error output: {tail[-1]}" if tail else ""

    def fail(self, why: str) -> GinRulesError:
        """The error naming the player and why; the program is ended."""
        code = self.process.poll()
        ended = "" if code is None else f" (it exited with code {code})"
        error = GinRulesError(f"player {self.name}: {why}{ended}{self.stderr_tail()}")
        self.close(kill=True)
        return error

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        try:
            self.stdin.write(json.dumps(request).encode() + b"\n")
            self.stdin.flush()
        except (BrokenPipeError, OSError):
            self.process.wait(timeout=5)
            raise self.fail(f"the program stopped before {request['op']!r}") from None
        line = self._readline(time.monotonic() + timeout, request["op"])
        try:
            reply = json.loads(line)
        except ValueError:
            raise self.fail(f"the answer to {request['op']!r} is not JSON: "
                            f"{line[:200]!r}") from None
        if not isinstance(reply, dict) or reply.get("ok") is not True:
            error = reply.get("error") if isinstance(reply, dict) else reply
            raise self.fail(f"the program refused {json.dumps(request)}: {error}")
        return reply

    def _readline(self, deadline: float, op: str) -> bytes:
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise self.fail(f"no answer to {op!r} in time")
            chunk = os.read(self.stdout.fileno(), 65536)
            if not chunk:
                self.process.wait(timeout=5)
                raise self.fail(f"the program stopped before answering {op!r}")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def close(self, kill: bool = False) -> None:
        _stop(self.process, self.errors, self.selector, kill)


def _stop(process: subprocess.Popen[bytes], errors: IO[bytes],
          selector: selectors.BaseSelector, kill: bool = False) -> None:
    """End the program: close its input (the protocol's end), wait a little, kill it if
    it is still running."""
    if process.poll() is None:
        try:
            if not kill and process.stdin is not None:
                process.stdin.close()
                process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if process.poll() is None:
            process.kill()
            process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    selector.close()
    errors.close()


def _positive(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise _wrong_type("ExternalPlayer", "timeout: a number of seconds > 0", value)
    if not value > 0:
        raise GinRulesError(f"timeout must be a number of seconds > 0, not {value!r}")


def _text(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise _wrong_type("ExternalPlayer", "command: its command line as a str", value)


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
    _seat: int | None = attrs.field(default=None, init=False, repr=False)
    _hand: tuple[object, ...] | None = attrs.field(default=None, init=False, repr=False)
    _reported: int = attrs.field(default=0, init=False, repr=False)
    _draws: int = attrs.field(default=0, init=False, repr=False)  # own stock draws reported

    @property
    def name(self) -> str:
        """The player's name, ``cmd:<command>``."""
        return f"cmd:{self.command}"

    def _start(self) -> _Program:
        program = _Program(self.command, self.name)
        weakref.finalize(self, _stop, program.process, program.errors, program.selector)
        hello = program.ask({"op": "hello"}, self.timeout)
        if hello.get("protocol") != 1:
            raise program.fail(f"the program speaks protocol {hello.get('protocol')!r}, "
                               "not 1")
        self._program = program
        return program

    def choose(self, view: View) -> Action:
        """The program's move in ``view``: the hand's new events are reported first."""
        legal = _need_turn(view)
        program = self._program or self._start()
        if self._seat != view.player:
            program.ask({"op": "open", "game": "seat", "player": view.player,
                         "rules": view.rules.to_dict(), "seed": self.seed}, self.timeout)
            self._seat, self._hand = view.player, None
        dealt = _own_hands(view)[0]
        hand = (view.dealer, view.upcard, dealt, view.scores)
        history = view.history
        if hand != self._hand or len(history) < self._reported:
            request: dict[str, Any] = {
                "op": "deal", "game": "seat", "dealer": view.dealer,
                "cards": [str(c) for c in cards_from_mask(dealt)], "upcard": str(view.upcard)}
            if view.scores is not None:
                request["scores"] = list(view.scores)
            program.ask(request, self.timeout)
            self._hand, self._reported, self._draws = hand, 0, 0
        for index in range(self._reported, len(history)):  # only the new events
            who, done = history[index]
            event: dict[str, Any] = {"op": "event", "game": "seat", "player": who,
                                     "action": str(done)}
            if who == view.player and done.kind is ActionKind.DRAW_STOCK:
                event["card"] = str(view.drawn_cards[self._draws])
                self._draws += 1
            program.ask(event, self.timeout)
            self._reported += 1
        reply = program.ask({"op": "decide", "game": "seat"}, self.timeout)
        text = reply.get("action")
        action: Action | None = None
        with contextlib.suppress(GinRulesError):
            action = Action.parse(text) if isinstance(text, str) else None
        if action is None or action not in legal:
            raise GinRulesError(f"player {self.name} chose {text!r}, which is not one of "
                                "the legal actions: " + ", ".join(str(a) for a in legal))
        return action

    def close(self) -> None:
        """End the program (it is also ended when the player is dropped).

        >>> ExternalPlayer("python -m ginrules serve").close()
        """
        if self._program is not None:
            self._program.close()
            self._program = None
            self._seat = None


