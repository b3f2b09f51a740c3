"""``ginrules serve``: the player protocol (version 1) on standard input and output.

A program that runs its own game opens seats, reports what each seat observes and asks
for decisions and hints, one JSON object a line each way (the how-to "use ginrules
players from another program" has the protocol; ``protocol.schema.json`` beside this
module is its schema). :class:`Server` answers one request; :func:`serve` runs it on
streams.

Every line gets exactly one reply, and every reply is strict JSON on one line: a request
that is not one of the protocol, or whose handling fails in any way, is an error reply
of one of the :data:`KINDS`, and the server's games are as they were.

>>> server = Server()
>>> server.handle({"id": 1, "op": "open", "game": "g", "player": 1, "seed": 3})
{'id': 1, 'ok': True}
>>> server.handle({"op": "decide", "game": "g"})["error"]
'decide: no hand was dealt to game g: send "deal" first'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import IO, Any

import attrs

from ginrules import _protocol
from ginrules._jsonlines import MessageError, dumps, loads
from ginrules._version import __version__
from ginrules.actions import ActionKind
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.players import PLAYERS, InformationSet, Player, View, hint, make_player
from ginrules.players.words import parse_move, prompt
from ginrules.rulesets import PRESETS, Opening, RuleSet, rules

__all__: list[str] = []  # the command is ginrules.cli.main (Server: for tests and docs)

PROTOCOL = 1
"""The version of the protocol this server speaks."""

FEATURES = ("events",)
"""The additions to version 1 this server has, for a ``hello`` that asks for them
(``"features": [...]``: the reply names those of them it has): ``events``, a list of
events on ``decide`` and ``hint``, observed in order before the answer (one request a
move instead of one an event).

>>> Server().handle({"op": "hello", "features": ["events", "teleport"]})["features"]
['events']
>>> "features" in Server().handle({"op": "hello"})
False
"""

MAX_LINE = _protocol.MAX_LINE
"""The longest request line read, in bytes before its ``\n`` (a longer one is an error
reply, and is skipped without being held in memory).

>>> Server().handle_line(b'"' + b"x" * MAX_LINE + b'"')["error"]
'the line is refused: it is longer than 65536 bytes'
"""

MAX_DEPTH = _protocol.MAX_DEPTH
"""How deeply a request may nest lists and objects (a request of the protocol nests three
levels; the bound is the records' :data:`ginrules.records.MAX_DEPTH`); a deeper line is
an error reply, measured before it is parsed.

>>> Server().handle_line("[" * 65 + "]" * 65)["error"]
'the line is refused: the message nests 65 levels deep, more than 64'
"""

MAX_GAMES = 1000
"""How many games a server holds open at most, unless told otherwise (``--max-games``,
``Server(max_games=...)``); one more ``open`` is a ``TooManyGamesError`` reply.

>>> Server().max_games
1000
"""

MAX_ID = 2**53 - 1
"""The largest integer ``id`` (in size): the largest integer every JSON reader holds
exactly. An ``id`` is a string, such an integer, or null; anything else is refused with
an error reply whose ``id`` is null.

>>> Server().handle({"id": 2**53, "op": "hello"})["error"]
'"id" must be a string, an integer of at most 2**53 - 1 in size, or null, not 9007199254740992'
"""

KINDS = ("ProtocolError", "TooManyGamesError", "InternalError", "GinRulesError",
         "NotationError", "CardNotationError", "ActionNotationError", "InvalidMeldError",
         "IllegalActionError", "RuleSetError", "WrongTypeError", "UnknownCardsError",
         "MoveTextError")
"""The ``kind`` of an error reply, one of these (the schema's enum): ``ProtocolError``
for a line that is not a request of the protocol or comes at the wrong moment,
``TooManyGamesError`` for an ``open`` beyond :data:`MAX_GAMES`, ``InternalError`` for a
failure of the server itself (a bug; the server goes on), and otherwise the library's
error (its nearest class among these).

>>> Server().handle({"op": "event", "game": "g"})["kind"] in KINDS
True
"""


class ProtocolError(GinRulesError):
    """A request that is not a message of the protocol, or comes at the wrong moment.

    >>> str(ProtocolError("unknown op 'deel'"))
    "unknown op 'deel'"
    """


class TooManyGamesError(ProtocolError):
    """An ``open`` of a new game when the server holds its most (:data:`MAX_GAMES`, or
    ``--max-games``): close one first.

    >>> server = Server(max_games=1)
    >>> server.handle({"op": "open", "game": "a", "player": 0})["ok"]
    True
    >>> server.handle({"op": "open", "game": "b", "player": 0})["kind"]
    'TooManyGamesError'
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
        raise ProtocolError(f'{op}: "{key}" must be {names}, not {_shown(value)}')
    return value


def _shown(value: object, limit: int = 60) -> str:
    """``value`` as JSON for a message, cut to ``limit`` characters.

    >>> _shown([1, "x" * 100])
    '[1, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'
    >>> whole, cut = _shown("x" * 58), _shown("x" * 59)  # JSON of 60 characters, and 61
    >>> (len(whole), whole[-3:]), (len(cut), cut[-4:])
    ((60, 'xx"'), (60, 'x...'))
    >>> _shown({1, 2})
    'a set'
    """
    try:
        text = dumps(value)
    except Exception:  # (not JSON: a value a Python caller gave)
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _ident(request: dict[str, Any]) -> object:
    """The request's ``id``, checked (see :data:`MAX_ID`)."""
    ident = request.get("id")
    if ident is None or isinstance(ident, str) or (
            type(ident) is int and -MAX_ID <= ident <= MAX_ID):
        return ident
    raise ProtocolError('"id" must be a string, an integer of at most 2**53 - 1 in size, '
                        f"or null, not {_shown(ident)}")


def _player(request: dict[str, Any], key: str, op: str) -> int:
    value: int = _get(request, key, int, op)
    if value not in (0, 1):
        raise ProtocolError(f'{op}: "{key}" must be 0 or 1, not {value}')
    return value


def _strings(request: dict[str, Any], key: str, op: str) -> list[str]:
    value = _get(request, key, list, op)
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


def _observed(info: InformationSet, event: dict[str, Any], op: str) -> InformationSet:
    """``info`` after the event the fields of ``event`` say (``player``, ``action``,
    ``card``, ``melds``: those of the ``event`` request)."""
    player = event.get("player")
    action = event.get("action")
    card = event.get("card")
    # (the usual event, well formed, checked at once; anything else is checked field by
    # field below, which says what is wrong)
    if (type(player) is int and (player == 0 or player == 1) and type(action) is str
            and (card is None or type(card) is str) and event.get("melds") is None):
        return info.observe(player, action, card)
    return _observed_slowly(info, event, op)


def _observed_slowly(info: InformationSet, event: dict[str, Any], op: str
                     ) -> InformationSet:
    player = _player(event, "player", op)
    action: str = _get(event, "action", str, op)
    card: str | None = _get(event, "card", str, op, None)
    melds = _melds(event, "melds", op)
    return info.observe(player, action, card, melds)


class Server:
    """The seats of one client and the answer to each request (:meth:`handle`).

    ``level`` and ``rule_set`` are those of a seat opened without them; ``max_games`` is
    how many games it holds open at most (:data:`MAX_GAMES`).

    >>> Server().handle({"op": "hello"})["protocol"]
    1
    """

    def __init__(self, level: str = "expert", rule_set: str = "classic",
                 max_games: int = MAX_GAMES) -> None:
        make_player(level)  # an unknown level is refused at once
        rules(rule_set)
        if type(max_games) is not int:
            raise _wrong_type("Server", "max_games as an int >= 1", max_games)
        if max_games < 1:
            raise GinRulesError(f"max_games is the most games open at once, >= 1, not "
                                f"{max_games}")
        self.level = level
        self.rule_set = rule_set
        self.max_games = max_games
        self.seats: dict[str, _Seat] = {}
        self._ops: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello, "open": self._open, "deal": self._deal,
            "event": self._event, "decide": self._decide, "hint": self._hint,
            "melds": self._defend, "reveal": self._reveal, "view": self._view,
            "close": self._close, "prompt": self._prompt, "parse": self._parse,
        }

    def handle_line(self, line: bytes | str) -> dict[str, Any]:
        """The reply to one line of input (its JSON parsed here, strictly and within
        :data:`MAX_LINE` and :data:`MAX_DEPTH`); never raises.

        >>> Server().handle_line(b"{not json")["error"]
        'the line is refused: not valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'
        >>> Server().handle_line('{"id": NaN, "op": "hello"}')
        {'id': None, 'ok': False, 'error': 'the line is refused: NaN is not a JSON value', 'kind': 'ProtocolError'}
        """
        return self._answer_line(line)[0]

    def _answer_line(self, line: bytes | str) -> tuple[dict[str, Any], str | None]:
        """:meth:`handle_line`'s reply, and its JSON text when it was made (a reply
        that is not an error is written once)."""
        try:
            size = (len(line.encode("utf-8", "surrogatepass")) if isinstance(line, str)
                    else len(line))
            if size > MAX_LINE:
                raise MessageError(f"it is longer than {MAX_LINE} bytes")
            request = loads(line, MAX_DEPTH)
        except MessageError as error:
            return _error(None, ProtocolError(f"the line is refused: {error}")), None
        except Exception as error:  # (memory, say): the server goes on
            return _internal(None, error), None
        return self._answer(request)

    def handle(self, request: object) -> dict[str, Any]:
        """The reply to one request (a parsed JSON object); never raises: an error is an
        error reply, and leaves every seat as it was.

        >>> Server().handle({"op": "fly"})["error"]
        "unknown op 'fly'; the ops are hello, open, deal, event, decide, hint, melds, reveal, view, close, prompt, parse"
        """
        return self._answer(request)[0]

    def _answer(self, request: object) -> tuple[dict[str, Any], str | None]:
        """:meth:`handle`'s reply, and its JSON text when it was made."""
        ident: object = None
        try:
            if not isinstance(request, dict):
                raise ProtocolError('a request is a JSON object, like {"op": "hello"}')
            ident = _ident(request)
            op = request.get("op")
            if not isinstance(op, str) or op not in self._ops:
                raise ProtocolError(
                    ('"op" is missing' if op is None else f"unknown op {op!r}")
                    + "; the ops are " + ", ".join(self._ops))
            reply = {"id": ident, "ok": True, **self._ops[op](request)}
            text = dumps(reply)  # strict JSON, or an InternalError below
        except MessageError as error:  # (the reply is not strict JSON: a bug)
            return _internal(ident, error), None
        except GinRulesError as error:
            return _error(ident, error), None
        except Exception as error:  # a bug, RecursionError, MemoryError: the server goes on
            return _internal(ident, error), None
        return reply, text

    # -- the ops -------------------------------------------------------------------------

    def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        asked = _get(request, "features", list, "hello", None)
        if asked is not None and not all(isinstance(x, str) for x in asked):
            raise ProtocolError('hello: "features" must be a list of names (strings)')
        reply = {"protocol": PROTOCOL, "ginrules": __version__, "levels": list(PLAYERS),
                 "rules": list(PRESETS), "max_line": MAX_LINE, "max_depth": MAX_DEPTH,
                 "max_games": self.max_games}
        if asked is not None:
            reply["features"] = [f for f in FEATURES if f in asked]
        return reply

    def _seat(self, request: dict[str, Any], op: str) -> tuple[str, _Seat]:
        name = request.get("game")
        if type(name) is not str:  # (a game's name, as a rule: checked at once)
            name = _get(request, "game", str, op)
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
        if name not in self.seats and len(self.seats) >= self.max_games:
            raise TooManyGamesError(f"open: {len(self.seats)} games are open, the most this "
                                    "server holds (--max-games): close one first")
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
        # (none is turned under the eleven-cards opening: null or absent there)
        upcard: str | None = _get(request, "upcard", str, "deal",
                                  None if seat.rules.opening is Opening.ELEVEN_CARDS
                                  else _MISSING)
        scores = _get(request, "scores", list, "deal", None)
        if scores is not None:
            if len(scores) != 2 or not all(type(x) is int and x >= 0 for x in scores):
                raise ProtocolError(f'deal: "scores" must be two ints >= 0 (the game '
                                    f"totals), not {_shown(scores)}")
            scores = tuple(scores)
        seat.info = InformationSet.start(seat.rules, seat.player, dealer, cards or [],
                                         upcard, scores)
        return {}

    def _event(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "event")
        after = _observed(info, request, "event")
        seat.info = after
        return {"derived": [f"player {p} {a}" for p, a in after.derived]}

    @staticmethod
    def _told(request: dict[str, Any], info: InformationSet, op: str
              ) -> tuple[InformationSet, list[str] | None]:
        """``info`` once the request's ``events`` (if any) are observed in order, and the
        passes derived before them (``None`` without ``events``); the seat is not
        changed: the caller keeps the information set once its answer is made. A bad
        event is an error naming it by its place in the list."""
        events = _get(request, "events", list, op, None)
        if events is None:
            return info, None
        derived: list[str] = []
        for place, event in enumerate(events):
            where = f"{op}: events[{place}]"
            if not isinstance(event, dict):
                raise ProtocolError(f'{where} must be an object like {{"player": 0, '
                                    f'"action": "pass"}}, not {_shown(event)}')
            try:
                info = _observed(info, event, where)
            except GinRulesError as error:
                if not isinstance(error, ProtocolError):
                    error.args = (f"{where}: {error}",)
                raise
            if info.derived:
                derived += (f"player {p} {a}" for p, a in info.derived)
        return info, derived

    def _turn(self, info: InformationSet, seat: _Seat, op: str) -> View:
        """The seat's view, on its turn."""
        if info.is_over:
            raise ProtocolError(f"{op}: the hand is over")
        v = info.view()
        if not v.legal_actions:
            raise ProtocolError(f"{op}: it is player {v.turn}'s turn, not player "
                                f"{seat.player}'s")
        return v

    def _decide(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "decide")
        info, derived = self._told(request, info, "decide")
        action = seat.decider.choose(self._turn(info, seat, "decide"))
        reply: dict[str, Any] = {"action": str(action)}
        if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            reply["melds"] = [m.to_list() for m in info.knock_layout(action).melds]
        if derived is not None:
            reply["derived"] = derived
        seat.info = info
        return reply

    def _hint(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "hint")
        budget = _get(request, "budget", (int, float), "hint", 1.0)
        level = _get(request, "level", str, "hint", None)
        opponent = _get(request, "opponent", str, "hint", None)
        info, derived = self._told(request, info, "hint")
        h = hint(self._turn(info, seat, "hint"), level=level, opponent=opponent,
                 seed=seat.seed, budget=budget)
        reply: dict[str, Any] = {"action": str(h.action), "reason": h.reason,
                                 "level": h.level}
        if h.knock is not None:
            reply["knock"] = attrs.asdict(h.knock)
        if derived is not None:
            reply["derived"] = derived
        seat.info = info
        return reply

    def _defend(self, request: dict[str, Any]) -> dict[str, Any]:
        _, _, info = self._hand(request, "melds")
        arrangement, layoffs = info.defence(_melds(request, "knocker_melds", "melds"))
        return {"melds": [m.to_list() for m in arrangement.melds],
                "layoffs": [str(x.card) for x in layoffs],
                "deadwood": arrangement.deadwood,
                "deadwood_cards": [str(c) for c in arrangement.deadwood_cards]}

    def _reveal(self, request: dict[str, Any]) -> dict[str, Any]:
        _, seat, info = self._hand(request, "reveal")
        after = info.reveal(_strings(request, "cards", "reveal"))
        result = after.view().result
        assert result is not None
        seat.info = after
        return {"result": result.to_dict()}

    def _view(self, request: dict[str, Any]) -> dict[str, Any]:
        _, _, info = self._hand(request, "view")
        return {"view": info.view().to_dict()}

    def _close(self, request: dict[str, Any]) -> dict[str, Any]:
        name, _ = self._seat(request, "close")
        del self.seats[name]
        return {}

    # -- words, for a language-model player (ginrules.players.words) --------------------

    def _prompt(self, request: dict[str, Any]) -> dict[str, Any]:
        _, _, info = self._hand(request, "prompt")
        budget = _get(request, "budget", int, "prompt", None)
        return {"prompt": prompt(info.view(), budget=budget)}

    def _parse(self, request: dict[str, Any]) -> dict[str, Any]:
        _, _, info = self._hand(request, "parse")
        text: str = _get(request, "text", str, "parse")
        action = parse_move(info.view(), text)
        reply: dict[str, Any] = {"action": str(action)}
        if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            reply["melds"] = [m.to_list() for m in info.knock_layout(action).melds]
        return reply


def _one_line(text: str, limit: int = 1000) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _error(ident: object, error: GinRulesError) -> dict[str, Any]:
    """The error reply for ``error``: one line, its kind the nearest of :data:`KINDS`."""
    kind = next(c.__name__ for c in type(error).__mro__
                if c.__name__ in KINDS or c is GinRulesError)
    try:
        text = _one_line(str(error))
    except Exception:
        text = "(an error whose text could not be made)"
    return {"id": ident, "ok": False, "error": text, "kind": kind}


def _internal(ident: object, error: BaseException) -> dict[str, Any]:
    """The error reply for a failure of the server itself (it goes on)."""
    try:
        text = _one_line(f"{type(error).__name__}: {error}")
    except Exception:
        text = type(error).__name__
    return {"id": ident, "ok": False, "error": text, "kind": "InternalError"}


_FALLBACK = ('{"id": null, "ok": false, "error": "the reply could not be written as JSON", '
             '"kind": "InternalError"}')


def _reply_line(reply: dict[str, Any]) -> str:
    """``reply`` as one line of strict JSON (never anything else)."""
    try:
        return dumps(reply) + "\n"
    except Exception:
        return _FALLBACK + "\n"


def _lines(stream: IO[bytes]) -> Any:
    """Each line of ``stream`` (without its end, ``\\n`` or ``\\r\\n``), or ``None`` for a
    line over :data:`MAX_LINE` bytes, which is skipped without being held in memory."""
    while True:
        line = stream.readline(MAX_LINE + 2)
        if not line:
            return
        content = line.rstrip(b"\r\n")
        if len(content) > MAX_LINE or (len(line) == MAX_LINE + 2
                                       and not line.endswith(b"\n")):
            while line and not line.endswith(b"\n"):  # skip the rest of the line
                line = stream.readline(MAX_LINE + 2)
            yield None
            continue
        yield content


def serve(stdin: IO[bytes], stdout: IO[str], server: Server) -> int:
    """Answer every request of ``stdin`` on ``stdout`` until the end of the input; 0.

    >>> import io, json
    >>> out = io.StringIO()
    >>> serve(io.BytesIO(b'{"id": 7, "op": "hello"}\\n[]\\n'), out, Server())
    0
    >>> [json.loads(line)["ok"] for line in out.getvalue().splitlines()]
    [True, False]
    """
    for line in _lines(stdin):
        if line is None:
            reply = _error(None, ProtocolError(f"the line is refused: it is longer than "
                                               f"{MAX_LINE} bytes"))
        elif not line.strip():
            continue
        else:
            reply, text = server._answer_line(line)
            if text is not None:
                stdout.write(text + "\n")
                stdout.flush()
                continue
        stdout.write(_reply_line(reply))
        stdout.flush()
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    server = Server(args.level, args.rules, args.max_games)
    return serve(sys.stdin.buffer, sys.stdout, server)


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a count >= 1")
    return value


def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "serve",
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
    p.add_argument("--max-games", type=_at_least_one, default=MAX_GAMES, metavar="N",
                   help="the most games open at once; one more 'open' is an error reply "
                   f"(default: {MAX_GAMES})")
    p.set_defaults(func=_cmd_serve)
