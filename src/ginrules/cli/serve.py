"""``ginrules serve``: the player protocol (version 1) on standard input and output.

A program that runs its own game opens seats, reports what each seat observes and asks
for decisions and hints, one JSON object a line each way (the how-to "use ginrules
players from another program" has the protocol; ``protocol.schema.json`` beside this
module is its schema). :class:`Server` answers one request; :func:`serve` runs it on
streams.

>>> server = Server()
>>> server.handle({"id": 1, "op": "open", "game": "g", "player": 1, "seed": 3})
{'id': 1, 'ok': True}
>>> server.handle({"op": "decide", "game": "g"})["error"]
'decide: no hand was dealt to game g: send "deal" first'
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import IO, Any

import attrs

from ginrules._version import __version__
from ginrules.actions import ActionKind
from ginrules.errors import GinRulesError
from ginrules.players import PLAYERS, InformationSet, Player, hint, make_player
from ginrules.rulesets import PRESETS, RuleSet, rules

__all__: list[str] = []  # the command is ginrules.cli.main (Server: for tests and docs)

PROTOCOL = 1
"""The version of the protocol this server speaks."""

MAX_LINE = 65536
"""The longest request line read, in bytes (a longer one is an error reply)."""


class ProtocolError(GinRulesError):
    """A request that is not a message of the protocol, or comes at the wrong moment.

    >>> str(ProtocolError("unknown op 'deel'"))
    "unknown op 'deel'"
    """


@attrs.define
class _Seat:
    player: int
    level: str
    seed: int
    rules: RuleSet
    decider: Player
    info: InformationSet | None = None


_MISSING = object()


def _get(request: dict[str, Any], key: str, kind: type | tuple[type, ...], op: str,
         default: object = _MISSING) -> Any:
    """``request[key]``, checked to be of ``kind`` (a bool is no int); a missing or
    mistyped field is a :class:`ProtocolError`."""
    if key not in request or (request[key] is None and default is not _MISSING):
        if default is _MISSING:
            raise ProtocolError(f'{op}: "{key}" is missing')
        return default
    value = request[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join({str: "a string", int: "an int", float: "a number",
                             list: "a list", dict: "an object"}[k] for k in kinds)
        raise ProtocolError(f'{op}: "{key}" must be {names}, not {json.dumps(value)}')
    return value


def _player(request: dict[str, Any], key: str, op: str) -> int:
    value: int = _get(request, key, int, op)
    if value not in (0, 1):
        raise ProtocolError(f'{op}: "{key}" must be 0 or 1, not {value}')
    return value


def _strings(request: dict[str, Any], key: str, op: str,
             default: object = _MISSING) -> list[str] | None:
    value = _get(request, key, list, op, default)
    if value is None:
        return None
    if not all(isinstance(x, str) for x in value):
        raise ProtocolError(f'{op}: "{key}" must be a list of cards (strings)')
    return list(value)


def _melds(request: dict[str, Any], key: str, op: str) -> list[list[str]] | None:
    value = _get(request, key, list, op, None)
    if value is None:
        return None
    if not all(isinstance(m, list) and all(isinstance(c, str) for c in m) for m in value):
        raise ProtocolError(f'{op}: "{key}" must be a list of melds, each a list of cards')
    return [list(m) for m in value]


class Server:
    """The seats of one client and the answer to each request (:meth:`handle`).

    ``level`` and ``rule_set`` are those of a seat opened without them.

    >>> Server().handle({"op": "hello"})["protocol"]
    1
    """

    def __init__(self, level: str = "expert", rule_set: str = "classic") -> None:
        make_player(level)  # an unknown level is refused at once
        rules(rule_set)
        self.level = level
        self.rule_set = rule_set
        self.seats: dict[str, _Seat] = {}
        self._ops: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello, "open": self._open, "deal": self._deal,
            "event": self._event, "decide": self._decide, "hint": self._hint,
            "melds": self._defend, "reveal": self._reveal, "view": self._view,
            "close": self._close,
        }

    def handle_line(self, line: bytes | str) -> dict[str, Any]:
        """The reply to one line of input (its JSON parsed here).

        >>> Server().handle_line(b"{not json")["kind"]
        'ProtocolError'
        """
        try:
            request = json.loads(line)
        except (ValueError, TypeError) as error:  # (bad UTF-8 is a ValueError)
            return _error(None, ProtocolError(f"the line is not valid JSON: {error}"))
        return self.handle(request)

    def handle(self, request: object) -> dict[str, Any]:
        """The reply to one request (a parsed JSON object); never raises: an error is an
        error reply, and leaves every seat as it was.

        >>> Server().handle({"op": "fly"})["error"]
        "unknown op 'fly'; the ops are hello, open, deal, event, decide, hint, melds, reveal, view, close"
        """
        if not isinstance(request, dict):
            return _error(None, ProtocolError("a request is a JSON object, like "
                                              '{"op": "hello"}'))
        ident = request.get("id")
        try:
            op = request.get("op")
            if not isinstance(op, str) or op not in self._ops:
                raise ProtocolError(
                    ('"op" is missing' if op is None else f"unknown op {op!r}")
                    + "; the ops are " + ", ".join(self._ops))
            reply = self._ops[op](request)
        except GinRulesError as error:
            return _error(ident, error)
        except Exception as error:  # a bug: reported, and the server goes on
            return {"id": ident, "ok": False, "kind": "InternalError",
                    "error": f"{type(error).__name__}: {error}"}
        return {"id": ident, "ok": True, **reply}

    # -- the ops -------------------------------------------------------------------------

    def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"protocol": PROTOCOL, "ginrules": __version__, "levels": list(PLAYERS),
                "rules": list(PRESETS), "max_line": MAX_LINE}

    def _seat(self, request: dict[str, Any], op: str) -> tuple[str, _Seat]:
        name: str = _get(request, "game", str, op)
        seat = self.seats.get(name)
        if seat is None:
            raise ProtocolError(f"{op}: there is no game {name}: send \"open\" first")
        return name, seat

    def _hand(self, request: dict[str, Any], op: str) -> tuple[str, _Seat, InformationSet]:
        name, seat = self._seat(request, op)
        if seat.info is None:
            raise ProtocolError(f'{op}: no hand was dealt to game {name}: send "deal" first')
        return name, seat, seat.info

    def _open(self, request: dict[str, Any]) -> dict[str, Any]:
        name: str = _get(request, "game", str, "open")
        player = _player(request, "player", "open")
        level: str = _get(request, "level", str, "open", self.level)
        if level not in PLAYERS:
            raise ProtocolError(f"open: unknown level {level!r}; the levels are "
                                + ", ".join(PLAYERS))
        seed: int = _get(request, "seed", int, "open", 0)
        given = _get(request, "rules", (str, dict), "open", self.rule_set)
        if isinstance(given, str):
            rule_set = rules(given)
        else:
            try:
                rule_set = RuleSet(**given)
            except TypeError as error:
                raise ProtocolError(f"open: rules: {error}") from None
        self.seats[name] = _Seat(player, level, seed, rule_set, make_player(level, seed))
        return {}

    def _deal(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat = self._seat(request, "deal")
        dealer = _player(request, "dealer", "deal")
        cards = _strings(request, "cards", "deal")
        upcard: str = _get(request, "upcard", str, "deal")
        scores = _get(request, "scores", list, "deal", None)
        if scores is not None:
            if len(scores) != 2 or not all(type(x) is int and x >= 0 for x in scores):
                raise ProtocolError(f'deal: "scores" must be two ints >= 0 (the game '
                                    f"totals), not {json.dumps(scores)}")
            scores = tuple(scores)
        seat.info = InformationSet.start(seat.rules, seat.player, dealer, cards or [],
                                         upcard, scores)
        return {}

    def _event(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "event")
        player = _player(request, "player", "event")
        action: str = _get(request, "action", str, "event")
        card: str | None = _get(request, "card", str, "event", None)
        melds = _melds(request, "melds", "event")
        after = info.observe(player, action, card, melds)
        seat.info = after
        return {"derived": [f"player {p} {a}" for p, a in after.derived]}

    def _turn(self, info: InformationSet, seat: _Seat, op: str) -> None:
        if info.is_over:
            raise ProtocolError(f"{op}: the hand is over")
        v = info.view()
        if not v.legal_actions:
            raise ProtocolError(f"{op}: it is player {v.turn}'s turn, not player "
                                f"{seat.player}'s")

    def _decide(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "decide")
        self._turn(info, seat, "decide")
        action = seat.decider.choose(info.view())
        reply: dict[str, Any] = {"action": str(action)}
        if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            reply["melds"] = [m.to_list() for m in info.knock_layout(action).melds]
        return reply

    def _hint(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "hint")
        budget = _get(request, "budget", (int, float), "hint", 1.0)
        self._turn(info, seat, "hint")
        h = hint(info.view(), seed=seat.seed, budget=budget)
        return {"action": str(h.action), "reason": h.reason}

    def _defend(self, request: dict[str, Any]) -> dict[str, Any]:
        _, _, info = self._hand(request, "melds")
        arrangement, layoffs = info.defence(_melds(request, "knocker_melds", "melds"))
        return {"melds": [m.to_list() for m in arrangement.melds],
                "layoffs": [str(x.card) for x in layoffs],
                "deadwood": arrangement.deadwood,
                "deadwood_cards": [str(c) for c in arrangement.deadwood_cards]}

    def _reveal(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "reveal")
        after = info.reveal(_strings(request, "cards", "reveal") or [])
        seat.info = after
        result = after.view().result
        assert result is not None
        return {"result": result.to_dict()}

    def _view(self, request: dict[str, Any]) -> dict[str, Any]:
        _, _, info = self._hand(request, "view")
        return {"view": info.view().to_dict()}

    def _close(self, request: dict[str, Any]) -> dict[str, Any]:
        name, _ = self._seat(request, "close")
        del self.seats[name]
        return {}


def _error(ident: object, error: GinRulesError) -> dict[str, Any]:
    text = " ".join(str(error).split())  # one line
    return {"id": ident, "ok": False, "error": text, "kind": type(error).__name__}


def _lines(stream: IO[bytes]) -> Any:
    """Each line of ``stream`` (without its end), or ``None`` for a line over
    :data:`MAX_LINE` bytes, which is skipped without being held in memory."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the line
                line = stream.readline(MAX_LINE + 1)
            yield None
            continue
        yield line.rstrip(b"\r\n")


def serve(stdin: IO[bytes], stdout: IO[str], server: Server) -> int:
    """Answer every request of ``stdin`` on ``stdout`` until the end of the input; 0.

    >>> import io
    >>> out = io.StringIO()
    >>> serve(io.BytesIO(b'{"id": 7, "op": "hello"}\\n[]\\n'), out, Server())
    0
    >>> [json.loads(line)["ok"] for line in out.getvalue().splitlines()]
    [True, False]
    """
    for line in _lines(stdin):
        if line is None:
            reply = _error(None, ProtocolError(f"the line is longer than {MAX_LINE} bytes"))
        elif not line.strip():
            continue
        else:
            reply = server.handle_line(line)
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    import sys

    server = Server(args.level, args.rules)
    return serve(sys.stdin.buffer, sys.stdout, server)


def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "serve",
        help="answer the player protocol (JSON lines) on stdin and stdout",
        description="Seat ginrules' computer players in a game another program runs: "
        "read requests of the player protocol (version 1), one JSON object a line, on "
        "standard input, and answer each with one line on standard output, until the "
        "end of the input. See the how-to 'use ginrules players from another program'.",
        epilog='example: echo \'{"op": "hello"}\' | ginrules serve',
    )
    p.add_argument("--level", default="expert", metavar="NAME",
                   help="the level of a seat opened without one: " + ", ".join(PLAYERS)
                   + " (default: expert)")
    p.add_argument("--rules", default="classic", metavar="NAME",
                   help="the rules of a seat opened without them: " + ", ".join(PRESETS)
                   + " (default: classic)")
    p.set_defaults(func=_cmd_serve)
