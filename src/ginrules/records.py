"""Game records: a documented JSON format, a writer, a strict validator, OpenSpiel import.

A record holds a whole game or a single hand: the rules (a preset plus overrides), the
players, and for each hand the dealer, the deal, the actions in a compact notation
(``"p0 discard 7H"``) and, optionally, the declared outcome and running totals. The format
is described in the docs (``docs/records.rst``) and by the JSON Schema shipped with the
package (:func:`schema`).

>>> import ginrules
>>> from ginrules import records
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> for text in ("pass", "pass", "draw stock"):
...     state = ginrules.hand.apply(state, text)
>>> data = records.to_record(state)
>>> data["hands"][0]["actions"]
['p1 pass', 'p0 pass', 'p1 draw stock 9S']
>>> records.validate(data).valid
True

:func:`validate` replays a record and reports every problem with its place (hand and
action numbers count from 1); strict by default, it stops at the first problem:

>>> data["hands"][0]["actions"][2] = "p1 discard 7H"
>>> print(records.validate(data))
invalid: hand 1, action 3: cannot discard 7H: player 1 must draw now
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import IO, Any, Union

import attrs

from ginrules.cards import CARDS, Card, Deck, parse_card
from ginrules.errors import CardNotationError, GinRulesError, IllegalActionError, InvalidRecordError
from ginrules.game import GameState, next_dealer, score_sheet
from ginrules.hand import (
    Action,
    ActionKind,
    EndKind,
    HandResult,
    HandState,
    Phase,
    apply,
    deal,
    knock,
    resolve_knock,
)
from ginrules.melds import Meld
from ginrules.rules import NextDealer, RuleSet, closest_preset
from ginrules.rules import rules as preset_rules
from ginrules.scoring import HandScore, score_hand

__all__ = [
    "FORMAT",
    "VERSION",
    "Problem",
    "Record",
    "Report",
    "dump",
    "from_openspiel",
    "load",
    "replay",
    "schema",
    "to_record",
    "validate",
]

FORMAT = "ginrules-record"
"""The value of the ``format`` field of every record."""

VERSION = 1
"""The format version this ginrules writes and reads."""

UNKNOWN = "??"
"""How a record of one player's view writes a card that player never saw."""

RecordLike = Union[Mapping[str, Any], str, "os.PathLike[str]", bytes]
"""What :func:`validate` and :func:`load` accept: a parsed record (a dict), JSON text
(a string starting with ``{``), a path, or bytes."""

_TOP_KEYS = frozenset({
    "format", "version", "kind", "rules", "hollywood", "players", "meta", "view", "complete",
    "hands", "final", "winner", "source",
})
_HAND_KEYS = frozenset({
    "dealer", "deck", "deal", "actions", "knocker_melds", "outcome", "totals", "source",
})
_OUTCOME_KEYS = frozenset({"kind", "knocker", "winner", "points", "deadwood"})
_KINDS = {k.value: k for k in EndKind}


# -- problems and reports -------------------------------------------------------------


@attrs.frozen
class Problem:
    """One problem of a record: where (``hand`` and ``action`` numbers from 1, ``None``
    when the problem is not tied to one) and a reason a person understands.

    >>> str(Problem(2, 14, "cannot discard 7H: 7H is not in player 1's hand"))
    "hand 2, action 14: cannot discard 7H: 7H is not in player 1's hand"
    >>> str(Problem(None, None, "unsupported format version 2"))
    'unsupported format version 2'
    """

    hand: int | None
    action: int | None
    message: str

    @property
    def place(self) -> str:
        """Where the problem is, as text (empty for the record as a whole).

        >>> Problem(3, None, "x").place
        'hand 3'
        """
        parts = []
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        if self.action is not None:
            parts.append(f"action {self.action}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, object]:
        """The problem as a JSON-ready dict.

        >>> Problem(1, 2, "bad").to_dict()
        {'hand': 1, 'action': 2, 'message': 'bad'}
        """
        return {"hand": self.hand, "action": self.action, "message": self.message}

    def __str__(self) -> str:
        place = self.place
        return f"{place}: {self.message}" if place else self.message


@attrs.frozen
class Report:
    """The result of :func:`validate`: whether the record is valid, its problems (with
    their places), notes on what could not be checked, and what was replayed.

    >>> report = Report("a.json", (Problem(1, 3, "bad"),), (), 1, 3)
    >>> report.valid, str(report)
    (False, 'a.json: invalid: hand 1, action 3: bad')
    """

    source: str | None
    problems: tuple[Problem, ...]
    notes: tuple[str, ...] = ()
    hands: int = 0
    actions: int = 0

    @property
    def valid(self) -> bool:
        """Whether the record has no problem.

        >>> Report(None, ()).valid
        True
        """
        return not self.problems

    def summary(self) -> str:
        """One line: the source, valid or invalid, and the first problem or the size.

        >>> Report("a.json", (), (), 2, 150).summary()
        'a.json: valid (2 hands, 150 actions)'
        """
        head = f"{self.source}: " if self.source else ""
        if self.valid:
            size = (f"{self.hands} hand{'s' * (self.hands != 1)}, "
                    f"{self.actions} action{'s' * (self.actions != 1)}")
            extra = f"; {len(self.notes)} unchecked" if self.notes else ""
            return f"{head}valid ({size}{extra})"
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'s' * (more != 1)})" if more else ""
        return f"{head}invalid: {self.problems[0]}{tail}"

    def to_dict(self) -> dict[str, object]:
        """The report as a JSON-ready dict.

        >>> Report("a.json", ()).to_dict()["valid"]
        True
        """
        return {
            "file": self.source,
            "valid": self.valid,
            "hands": self.hands,
            "actions": self.actions,
            "problems": [p.to_dict() for p in self.problems],
            "notes": list(self.notes),
        }

    def raise_if_invalid(self) -> None:
        """Raise :class:`~ginrules.InvalidRecordError` for the first problem, if any.

        >>> Report(None, (Problem(1, 2, "bad"),)).raise_if_invalid()
        Traceback (most recent call last):
        ...
        ginrules.errors.InvalidRecordError: hand 1, action 2: bad
        """
        if self.problems:
            raise _error(self.problems[0])

    def __str__(self) -> str:
        lines = [self.summary()]
        if len(self.problems) > 1:
            lines += [f"  {p}" for p in self.problems]
        lines += [f"  note: {n}" for n in self.notes]
        return "\n".join(lines)


def _error(problem: Problem) -> InvalidRecordError:
    error = InvalidRecordError(str(problem))
    error.hand = problem.hand  # type: ignore[attr-defined]
    error.action = problem.action  # type: ignore[attr-defined]
    error.problem = problem  # type: ignore[attr-defined]
    return error


class _Stop(Exception):
    """Raised inside the validator to stop at the first problem (strict mode)."""


# -- the schema -----------------------------------------------------------------------


def schema() -> dict[str, Any]:
    """The JSON Schema of the record format (shipped as ``ginrules/record.schema.json``).

    >>> schema()["properties"]["version"]["const"]
    1
    """
    text = resources.files("ginrules").joinpath("record.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


# -- writing --------------------------------------------------------------------------


def _rules_spec(rules: RuleSet, name: str | None) -> dict[str, Any]:
    if name is None:
        name, overrides = closest_preset(rules)
    else:
        base = preset_rules(name).to_dict()
        overrides = {k: v for k, v in rules.to_dict().items() if base[k] != v}
    spec: dict[str, Any] = {"preset": name}
    if overrides:
        spec["overrides"] = overrides
    return spec


def _hand_entry(
    state: HandState, *, deal_form: str, outcome: bool, sheet_totals: tuple[int, int] | None
) -> dict[str, Any]:
    entry: dict[str, Any] = {"dealer": state.dealer}
    cards = state.deck.cards
    if deal_form == "deck":
        entry["deck"] = " ".join(str(c) for c in cards)
    elif deal_form == "hands":
        nd, d = cards[0:20:2], cards[1:20:2]
        hands = (nd, d) if state.dealer == 1 else (d, nd)
        entry["deal"] = {
            "hands": [" ".join(str(c) for c in h) for h in hands],
            "upcard": str(cards[20]),
        }
    else:
        raise GinRulesError(f"deal_form must be 'deck' or 'hands', not {deal_form!r}")
    texts = []
    drawn = 0
    for player, action in state.actions:
        if action.kind is ActionKind.DRAW_STOCK:
            texts.append(f"p{player} draw stock {cards[21 + drawn]}")
            drawn += 1
        else:
            texts.append(f"p{player} {action}")
    entry["actions"] = texts
    result = state.result
    if result is not None and result.knocker is not None and result.kind is not EndKind.BIG_GIN:
        default, _, _ = resolve_knock(state.masks[result.knocker],
                                      state.masks[1 - result.knocker])
        arrangement = result.knocker_arrangement
        if arrangement is not None and arrangement != default:
            entry["knocker_melds"] = [m.to_list() for m in arrangement.melds]
    if outcome and result is not None:
        entry["outcome"] = _outcome_of(result, score_hand(result, state.rules))
        if sheet_totals is not None:
            entry["totals"] = list(sheet_totals)
    return entry


def _outcome_of(result: HandResult, score: HandScore) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": result.kind.value}
    if result.knocker is not None:
        out["knocker"] = result.knocker
    out["winner"] = score.player
    out["points"] = score.points
    if result.knocker is not None:
        dw = [0, 0]
        dw[result.knocker] = result.knocker_deadwood
        dw[1 - result.knocker] = result.defender_deadwood
        out["deadwood"] = dw
    return out


def to_record(
    item: HandState | GameState | Sequence[HandState],
    *,
    preset: str | None = None,
    players: Sequence[str] | None = None,
    meta: Mapping[str, Any] | None = None,
    deal_form: str = "deck",
    outcome: bool = True,
) -> dict[str, Any]:
    """The record (a JSON-ready dict) of a hand, a game, or a list of hands of one game.

    ``preset`` names the preset the rules are written against (by default the preset
    they differ least from; the differences are written as overrides). ``deal_form`` is
    ``"deck"`` (the whole deck order) or ``"hands"`` (both hands and the upcard; the
    stock draws name their cards). ``outcome`` writes each finished hand's declared
    outcome and, for games, the running totals.

    >>> import ginrules
    >>> from ginrules import game
    >>> g = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_players(3))
    >>> data = to_record(g)
    >>> data["kind"], data["rules"], len(data["hands"]) == len(g.finished)
    ('game', {'preset': 'short'}, True)
    """
    spec: dict[str, Any]
    hollywood = False
    complete = True
    game: GameState | None = None
    if isinstance(item, HandState):
        hands: tuple[HandState, ...] = (item,)
        rules = item.rules
        kind = "hand"
        complete = item.is_over
    elif isinstance(item, GameState):
        game = item
        rules = item.rules
        hands = item.finished + ((item.hand,) if item.hand is not None else ())
        kind = "game"
        hollywood = item.hollywood
        complete = item.is_over
    else:
        try:
            hands = tuple(item)
        except TypeError:
            hands = (None,)  # type: ignore[assignment]
        if not all(isinstance(h, HandState) for h in hands):
            raise TypeError("to_record takes a HandState, a GameState or a sequence of hand "
                            f"states, not {type(item).__name__}")
        if not hands:
            raise GinRulesError("a record needs at least one hand")
        rules = hands[0].rules
        kind = "game" if len(hands) > 1 else "hand"
        complete = hands[-1].is_over
    spec = _rules_spec(rules, preset)
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": kind, "rules": spec}
    if hollywood:
        data["hollywood"] = True
    if players is not None:
        data["players"] = list(players)
    if meta:
        data["meta"] = dict(meta)
    if not complete:
        data["complete"] = False
    sheet = None
    if kind == "game":
        sheet = score_sheet((h.result for h in hands if h.result is not None), rules,
                            hollywood=hollywood)
    entries = []
    finished = 0
    for state in hands:
        totals = None
        if sheet is not None and state.result is not None:
            finished += 1
            partial = score_sheet((h.result for h in hands[:finished] if h.result is not None),
                                  rules, hollywood=hollywood)
            totals = partial.games[0].totals
        entries.append(_hand_entry(state, deal_form=deal_form, outcome=outcome,
                                   sheet_totals=totals))
    data["hands"] = entries
    if sheet is not None and sheet.is_over and outcome:
        data["final"] = list(sheet.final_totals())
        data["winner"] = sheet.winner
    if game is not None and game.seed is not None:
        data.setdefault("meta", {})["seed"] = game.seed
    return data


def _format_json(data: Mapping[str, Any]) -> str:
    """JSON with one action per line: readable and diff-friendly."""
    def block(value: Any, indent: str) -> str:
        inner = indent + "  "
        if isinstance(value, dict) and value:
            items = [f"{inner}{json.dumps(k)}: {block(v, inner)}" for k, v in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + indent + "}"
        if isinstance(value, list) and value and any(isinstance(v, (dict, list))
                                                      for v in value):
            items = [f"{inner}{block(v, inner)}" for v in value]
            return "[\n" + ",\n".join(items) + "\n" + indent + "]"
        if isinstance(value, list) and len(value) > 4:  # actions: one per line
            items = [f"{inner}{json.dumps(v, ensure_ascii=False)}" for v in value]
            return "[\n" + ",\n".join(items) + "\n" + indent + "]"
        return json.dumps(value, ensure_ascii=False)

    return block(dict(data), "") + "\n"


def dump(
    item: Mapping[str, Any] | HandState | GameState | Record,
    file: str | os.PathLike[str] | IO[str] | None = None,
    **options: Any,
) -> str:
    """Write a record as JSON text (one action per line); also to ``file`` if given.

    ``item`` is a record dict, a :class:`Record`, or a hand or game (written with
    :func:`to_record`, which takes ``options``).

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> print(dump(ginrules.hand.apply(state, "take")))  # doctest: +ELLIPSIS
    {
      "format": "ginrules-record",
      "version": 1,
      "kind": "hand",
      "rules": {
        "preset": "classic"
      },
      "complete": false,
      "hands": [
        {
          "dealer": 0,
          "deck": "... TS ...",
          "actions": ["p1 take"]
        }
      ]
    }
    """
    if isinstance(item, Record):
        data: Mapping[str, Any] = item.data
    elif isinstance(item, (HandState, GameState)):
        data = to_record(item, **options)
    elif isinstance(item, Mapping):
        data = item
    else:
        raise TypeError("dump takes a record dict, a Record, a HandState or a GameState, "
                        f"not {type(item).__name__}")
    text = _format_json(data)
    if file is not None:
        if isinstance(file, (str, os.PathLike)):
            Path(file).write_text(text, encoding="utf-8")
        else:
            file.write(text)
    return text


# -- reading --------------------------------------------------------------------------


def _read(source: RecordLike) -> tuple[Any, str | None]:
    """The parsed JSON and a name for the source; raises InvalidRecordError."""
    if isinstance(source, Mapping):
        return source, None
    if not isinstance(source, (str, bytes, os.PathLike)):
        raise InvalidRecordError(f"a record is a dict, JSON text, bytes or a path, "
                                 f"not {type(source).__name__}")
    name: str | None = None
    if isinstance(source, bytes):
        text = source.decode("utf-8", errors="replace")
    elif isinstance(source, str) and source.lstrip().startswith("{"):
        text = source
    else:
        name = os.fspath(source) if not isinstance(source, str) else source
        try:
            text = Path(name).read_text(encoding="utf-8")
        except OSError as error:
            raise InvalidRecordError(f"cannot read {name}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise InvalidRecordError(f"{name} is not UTF-8 text") from None
    try:
        return json.loads(text), name
    except json.JSONDecodeError as error:
        raise InvalidRecordError(
            f"malformed JSON: line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None


@attrs.frozen(eq=False)
class Record:
    """A record read and replayed by :func:`load`: its data (the JSON), the rules, and
    every hand as replayed (the final :class:`~ginrules.HandState` of each), plus the
    game (for game records).

    >>> import ginrules
    >>> from ginrules import game
    >>> g = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_players(3))
    >>> record = load(dump(g))
    >>> record.hands == g.finished, record.game.sheet == g.sheet
    (True, True)
    """

    data: Mapping[str, Any]
    rules: RuleSet
    hands: tuple[HandState, ...]
    game: GameState | None


def load(source: RecordLike) -> Record:
    """Read a record (a path, JSON text, bytes or a dict) and replay it strictly.

    Raises :class:`~ginrules.InvalidRecordError` at the first problem: a corrupt record
    is rejected, never trusted.

    >>> load('{"format": "ginrules-record", "version": 2}')
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: unsupported format version 2 (this ginrules reads version 1)
    """
    data, name = _read(source)
    checker = _Checker(name, strict=True)
    with contextlib.suppress(_Stop):
        checker.check(data)
    if checker.problems:
        raise _error(checker.problems[0])
    assert checker.rules is not None
    return Record(data, checker.rules, tuple(checker.states), checker.game)


def replay(source: RecordLike) -> tuple[HandState, ...]:
    """The hands of a record as replayed (strict; see :func:`load`).

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> replay(to_record(state))[0] == state
    True
    """
    return load(source).hands


def validate(source: RecordLike, *, lenient: bool = False, name: str | None = None) -> Report:
    """Replay a record under its rules and report its problems, each with its place.

    ``source`` is a path, JSON text, bytes or a parsed dict. Strict by default: the
    first problem ends the check. ``lenient=True`` continues where it can and collects
    every problem. Malformed JSON and unreadable files are problems too (never an
    exception).

    >>> print(validate('{"format": "ginrules-record"'))
    invalid: malformed JSON: line 1, column 29: Expecting ',' delimiter
    >>> print(validate({"format": "ginrules-record", "version": 1, "rules": "classic",
    ...                 "hands": [{"dealer": 3}]}, lenient=True))
    invalid: hand 1: the dealer must be 0 or 1, not 3 (and 1 more problem)
      hand 1: the dealer must be 0 or 1, not 3
      hand 1: the deal is missing: give "deck" (52 cards) or "deal" (both hands and the upcard)
      note: the game totals after an unchecked hand were not checked
    """
    try:
        data, read_name = _read(source)
    except InvalidRecordError as error:
        return Report(name or _name_of(source), (Problem(None, None, str(error)),))
    checker = _Checker(name or read_name, strict=not lenient)
    with contextlib.suppress(_Stop):
        checker.check(data)
    return Report(name or read_name, tuple(checker.problems), tuple(checker.notes),
                  checker.hand_count, checker.action_count)


def _name_of(source: RecordLike) -> str | None:
    if not isinstance(source, (str, os.PathLike)):
        return None
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return None
    return os.fspath(source)


# -- the checker ----------------------------------------------------------------------

_ACTION_CACHE: dict[str, tuple[int, Action, str | None]] = {}
_NAMED = {"take": ActionKind.TAKE, "draw stock": ActionKind.DRAW_STOCK,
          "draw discard": ActionKind.DRAW_DISCARD, "take upcard": ActionKind.TAKE}


def parse_action(text: object) -> tuple[int, Action, str | None]:
    """Read one action of a record: ``"p0 discard 7H"``, ``"p1 draw stock 5C"`` (the
    card drawn), ``"p1 draw stock ??"`` (unknown to the viewer), ``"p0 take 7H"``.

    Returns the player, the action and the named card's text (or ``None``).

    >>> parse_action("p1 draw stock 5c")
    (1, Action.parse('draw stock'), '5C')
    >>> parse_action("p2 pass")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: bad action 'p2 pass': it must start with the player, p0 or p1
    """
    if not isinstance(text, str):
        raise CardNotationError(f"an action must be a string like 'p0 discard 7H', not {text!r}")
    cached = _ACTION_CACHE.get(text)
    if cached is not None:
        return cached
    head, _, rest = text.strip().partition(" ")
    if head.lower() not in ("p0", "p1"):
        raise CardNotationError(
            f"bad action {text!r}: it must start with the player, p0 or p1")
    player = int(head[1])
    named: str | None = None
    try:
        action = Action.parse(rest) if rest.strip() else Action.parse("?")
    except CardNotationError as error:
        words = rest.split()
        kind = _NAMED.get(" ".join(words[:-1]).lower()) if len(words) >= 2 else None
        if kind is None:
            raise CardNotationError(f"bad action {text!r}: {_reason(error)}") from None
        if words[-1] == UNKNOWN:
            named = UNKNOWN
        else:
            try:
                named = str(parse_card(words[-1]))
            except CardNotationError as bad:
                raise CardNotationError(f"bad action {text!r}: {bad}") from None
        action = Action(kind)
    out = (player, action, named)
    if len(_ACTION_CACHE) < 10000:
        _ACTION_CACHE[text] = out
    return out


def _reason(error: Exception) -> str:
    text = str(error)
    return text.split(": ", 1)[1] if text.startswith("bad action") and ": " in text else text


def _describe_result(result: HandResult) -> str:
    if result.kind is EndKind.DEAD:
        return "a dead hand"
    return f"{'a ' if result.kind is EndKind.KNOCK else ''}{result.kind.value} by player {result.knocker}"


class _Checker:
    """Walks a record; collects problems (strict: stops at the first)."""

    def __init__(self, name: str | None, *, strict: bool) -> None:
        self.name = name
        self.strict = strict
        self.problems: list[Problem] = []
        self.notes: list[str] = []
        self.rules: RuleSet | None = None
        self.states: list[HandState] = []
        self.game: GameState | None = None
        self.hand_count = 0
        self.action_count = 0
        self.source: Mapping[str, Any] = {}
        self.filled = False  # whether the last hand replayed had made-up cards filled in

    def problem(self, message: str, hand: int | None = None, action: int | None = None) -> None:
        self.problems.append(Problem(hand, action, message))
        if self.strict:
            raise _Stop

    # the record ----------------------------------------------------------------------

    def check(self, data: Any) -> None:
        if not isinstance(data, Mapping):
            self.problem(f"a record is a JSON object, not {type(data).__name__}")
            return
        if data.get("format") != FORMAT:
            self.problem(f"not a ginrules record: \"format\" must be {FORMAT!r}, "
                         f"not {data.get('format')!r}")
        version = data.get("version")
        if version != VERSION:
            self.problem(f"unsupported format version {version!r} "
                         f"(this ginrules reads version {VERSION})")
            return
        for key in sorted(set(data) - _TOP_KEYS):
            self.problem(f"unknown field {key!r} (the fields are {', '.join(sorted(_TOP_KEYS))})")
        rules = self.read_rules(data.get("rules"))
        if rules is None:
            return
        self.rules = rules
        kind = data.get("kind", "game")
        if kind not in ("game", "hand"):
            self.problem(f"\"kind\" must be 'game' or 'hand', not {kind!r}")
            kind = "game"
        complete = data.get("complete", True)
        if not isinstance(complete, bool):
            self.problem(f"\"complete\" must be true or false, not {complete!r}")
            complete = True
        hollywood = data.get("hollywood", False)
        if not isinstance(hollywood, bool):
            self.problem(f"\"hollywood\" must be true or false, not {hollywood!r}")
            hollywood = False
        players = data.get("players")
        if players is not None and (
            not isinstance(players, list) or len(players) != 2
            or not all(isinstance(p, str) for p in players)
        ):
            self.problem("\"players\" must be a list of two names")
        meta = data.get("meta")
        if meta is not None and not isinstance(meta, Mapping):
            self.problem("\"meta\" must be an object")
        view = data.get("view")
        if view not in (None, 0, 1) or isinstance(view, bool):
            self.problem(f"\"view\" must be 0 or 1 (the player whose view this is), not {view!r}")
            view = None
        source = data.get("source")
        self.source = source if isinstance(source, Mapping) else {}
        hands = data.get("hands")
        if not isinstance(hands, list) or not hands:
            self.problem("\"hands\" must be a non-empty list of hands")
            return
        if kind == "hand" and len(hands) != 1:
            self.problem(f"a record of kind 'hand' has exactly one hand, not {len(hands)}")
        self.check_game(hands, rules, kind == "game", complete, hollywood, view, data)

    def read_rules(self, spec: Any) -> RuleSet | None:
        if isinstance(spec, str):
            spec = {"preset": spec}
        if not isinstance(spec, Mapping):
            self.problem("\"rules\" must be a preset name or {\"preset\": NAME, "
                         "\"overrides\": {...}}")
            return None
        for key in sorted(set(spec) - {"preset", "overrides"}):
            self.problem(f"rules: unknown field {key!r} (use \"preset\" and \"overrides\")")
        overrides = spec.get("overrides", {})
        if not isinstance(overrides, Mapping):
            self.problem("rules: \"overrides\" must be an object of settings")
            overrides = {}
        try:
            return preset_rules(spec.get("preset", "classic"), **dict(overrides))
        except GinRulesError as error:
            self.problem(f"rules: {error}")
        except TypeError as error:  # pragma: no cover - defensive
            self.problem(f"rules: {error}")
        return None

    # the game ------------------------------------------------------------------------

    def check_game(self, hands: list[Any], rules: RuleSet, is_game: bool, complete: bool,
                   hollywood: bool, view: int | None, data: Mapping[str, Any]) -> None:
        priced: list[HandResult | HandScore] = []
        sheet = score_sheet((), rules, hollywood=hollywood)
        over_at: int | None = None
        expected_dealer: int | None = None
        track = True  # whether the score sheet can still be followed
        in_progress = False  # whether the last hand is still being played
        for number, entry in enumerate(hands, 1):
            self.hand_count = number
            if is_game and over_at is not None:
                self.problem(
                    f"play continues after the game was over (player {sheet.winner} "
                    f"reached the target {rules.target} in hand {over_at})", number)
                break
            last = number == len(hands)
            state, declared = self.check_hand(
                entry, number, rules, expected_dealer if is_game else None, view,
                allow_open=last and not complete)
            if state is not None and state.result is not None and self.filled \
                    and state.result.kind is not EndKind.DEAD:
                # made-up cards stood in for the hidden player's: price the hand by its
                # declared outcome, not by the made-up cards
                self.states.append(state)
                if declared is None:
                    track = False
                    expected_dealer = None
                else:
                    priced.append(declared)
                    expected_dealer = _next_dealer_declared(state.result, declared, rules)
            elif state is not None and state.result is not None:
                self.states.append(state)
                result = state.result
                priced.append(result)
                expected_dealer = next_dealer(result, rules)
            elif state is not None:
                self.states.append(state)
                track = False
                in_progress = True
            elif declared is not None:
                priced.append(declared)
                expected_dealer = None
            else:
                track = False
                expected_dealer = None
            if not (is_game and track):
                continue
            try:
                sheet = score_sheet(priced, rules, hollywood=hollywood)
            except GinRulesError:  # pragma: no cover - guarded by over_at
                break
            totals = entry.get("totals") if isinstance(entry, Mapping) else None
            if totals is not None:
                got = sheet.games[0].totals
                if (not isinstance(totals, list) or len(totals) != 2
                        or not all(isinstance(t, int) for t in totals)):
                    self.problem("\"totals\" must be two whole numbers", number)
                elif tuple(totals) != got:
                    self.problem(
                        f"the running totals {totals[0]}-{totals[1]} do not add up: "
                        f"after this hand they are {got[0]}-{got[1]}", number)
            if sheet.is_over and over_at is None:
                over_at = number
        declared_end = [name for key, name in (("final", "final scores"), ("winner", "winner"))
                        if data.get(key) is not None]
        if is_game and declared_end and over_at is None and (track or in_progress):
            self.problem(f"the record declares the game's {' and '.join(declared_end)}, "
                         "but the game is not over")
        if not is_game or not track:
            if is_game and not track:
                self.notes.append("the game totals after an unchecked hand were not checked")
            return
        if complete and over_at is None:
            a, b = sheet.games[0].totals
            self.problem(
                f"the record stops before the game is over: the totals are {a}-{b} "
                f"and the target is {rules.target}")
        final = data.get("final")
        if final is not None and over_at is not None:
            got_final = sheet.final_totals()
            if not isinstance(final, list) or tuple(final) != got_final:
                self.problem(f"the declared final scores {final} are wrong: they are "
                             f"{got_final[0]}-{got_final[1]} with the bonuses")
        winner = data.get("winner", None)
        if "winner" in data and over_at is not None and winner != sheet.winner:
            self.problem(f"the declared game winner {winner!r} is wrong: player "
                         f"{sheet.winner} won")

        if over_at is not None:
            first = self.states[0].dealer if self.states else 0
            game = GameState(rules, first, None, hollywood, tuple(self.states), None, sheet)
            meta = data.get("meta")
            seed = meta.get("seed") if isinstance(meta, Mapping) else None
            if isinstance(seed, int):
                game = attrs.evolve(game, seed=seed)
            self.game = game

    # one hand ------------------------------------------------------------------------

    def check_hand(
        self, entry: Any, number: int, rules: RuleSet, expected_dealer: int | None,
        view: int | None, *, allow_open: bool,
    ) -> tuple[HandState | None, HandScore | None]:
        if not isinstance(entry, Mapping):
            self.problem("a hand is a JSON object", number)
            return None, None
        for key in sorted(set(entry) - _HAND_KEYS):
            self.problem(f"unknown field {key!r} in a hand (the fields are "
                         f"{', '.join(sorted(_HAND_KEYS))})", number)
        declared = self.declared_score(entry.get("outcome"), number)
        dealer = entry.get("dealer")
        if dealer not in (0, 1) or isinstance(dealer, bool):
            self.problem(f"the dealer must be 0 or 1, not {dealer!r}", number)
            dealer = None
        elif expected_dealer is not None and dealer != expected_dealer:
            self.problem(f"the dealer is player {dealer}, but the next dealer is player "
                         f"{expected_dealer} under these rules", number)
        raw_actions = entry.get("actions", [])
        if not isinstance(raw_actions, list):
            self.problem("\"actions\" must be a list of actions like \"p0 discard 7H\"", number)
            raw_actions = []
        parsed: list[tuple[int, Action, str | None] | None] = []
        for index, text in enumerate(raw_actions, 1):
            try:
                item = parse_action(text)
            except CardNotationError as error:
                self.problem(str(error), number, index)
                parsed.append(None)
                continue
            player, action, named = item
            if named == UNKNOWN and action.kind is not ActionKind.DRAW_STOCK:
                self.problem(f"the card player {player} takes from the discard pile is face "
                             "up: it cannot be unknown (\"??\")", number, index)
                item = (player, action, None)
            elif named == UNKNOWN and "deck" in entry and (view is None or player == view):
                # (a record that gives the hands checks this with the deal)
                self.problem(f"player {player}'s stock draw is unknown (\"??\"), which only "
                             "a record of the other player's view may write", number, index)
                item = (player, action, None)
            parsed.append(item)
        self.action_count += len(raw_actions)
        deck, filled = self.read_deal(entry, number, parsed, view, dealer or 0)
        if deck is None or dealer is None:
            return None, declared
        if None in parsed:
            self.notes.append(f"hand {number}: not replayed (an action could not be read)")
            return None, declared
        melds = self.read_melds(entry.get("knocker_melds"), number)
        state = deal(rules, deck=deck, dealer=dealer)
        hidden = 1 - view if (view is not None and filled) else None
        self.filled = hidden is not None
        return self.replay_hand(state, parsed, number, melds, hidden, entry, allow_open,
                                declared)

    def declared_score(self, outcome: Any, number: int) -> HandScore | None:
        if outcome is None:
            return None
        if not isinstance(outcome, Mapping):
            self.problem("\"outcome\" must be an object", number)
            return None
        for key in sorted(set(outcome) - _OUTCOME_KEYS):
            self.problem(f"outcome: unknown field {key!r} (the fields are "
                         f"{', '.join(sorted(_OUTCOME_KEYS))})", number)
        kind = outcome.get("kind")
        if kind is not None and kind not in _KINDS:
            self.problem(f"outcome: unknown kind {kind!r}; the kinds are "
                         f"{', '.join(_KINDS)}", number)
        winner = outcome.get("winner")
        points = outcome.get("points", 0)
        if winner not in (None, 0, 1) or isinstance(winner, bool):
            self.problem(f"outcome: the winner must be 0, 1 or null, not {winner!r}", number)
            return None
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            self.problem(f"outcome: points must be a whole number >= 0, not {points!r}", number)
            return None
        dw = outcome.get("deadwood")
        if dw is not None and (not isinstance(dw, list) or len(dw) != 2
                               or not all(isinstance(d, int) for d in dw)):
            self.problem("outcome: \"deadwood\" must be two whole numbers "
                         "(player 0's, player 1's)", number)
        if winner is not None and "points" not in outcome:
            return None  # a partial outcome: it does not say what the hand is worth
        return HandScore(None if winner is None else "knocker", winner, points if winner
                         is not None else 0, points, 0, False, False)

    def read_melds(self, raw: Any, number: int) -> tuple[Meld, ...] | None:
        if raw is None:
            return None
        if not isinstance(raw, list):
            self.problem("\"knocker_melds\" must be a list of melds", number)
            return None
        out = []
        for meld in raw:
            try:
                out.append(Meld.of(meld if isinstance(meld, str) else list(meld)))
            except (GinRulesError, TypeError) as error:
                self.problem(f"knocker_melds: {error}", number)
                return None
        return tuple(out)

    # the deal ------------------------------------------------------------------------

    def card(self, text: Any, number: int, where: str, *, unknown_ok: bool = False
             ) -> Card | str | None:
        if unknown_ok and text == UNKNOWN:
            return UNKNOWN
        if isinstance(text, Card):
            return text
        try:
            return parse_card(text)
        except CardNotationError as error:
            self.problem(f"{where}: {error}", number)
            return None

    def cards(self, text: Any, number: int, where: str, *, unknown_ok: bool = False
              ) -> list[Card | str] | None:
        if isinstance(text, str):
            tokens: list[Any] = text.replace(",", " ").split()
        elif isinstance(text, list):
            tokens = text
        else:
            self.problem(f"{where} must be a string of cards or a list of cards", number)
            return None
        out: list[Card | str] = []
        ok = True
        for token in tokens:
            card = self.card(token, number, where, unknown_ok=unknown_ok)
            if card is None:
                ok = False
            else:
                out.append(card)
        return out if ok else None

    def read_deal(
        self, entry: Mapping[str, Any], number: int,
        parsed: list[tuple[int, Action, str | None] | None], view: int | None, dealer: int,
    ) -> tuple[Deck | None, bool]:
        if "deck" in entry and "deal" in entry:
            self.problem("give either \"deck\" or \"deal\", not both", number)
            return None, False
        if "deck" in entry:
            cards = self.cards(entry["deck"], number, "deck")
            if cards is None:
                return None, False
            if not self.complete_deck(cards, number, "the deck"):
                return None, False
            return Deck(tuple(c for c in cards if isinstance(c, Card))), False
        if "deal" not in entry:
            self.problem("the deal is missing: give \"deck\" (52 cards) or \"deal\" "
                         "(both hands and the upcard)", number)
            return None, False
        return self.deck_from_hands(entry["deal"], number, parsed, view, dealer)

    def complete_deck(self, cards: Sequence[Card | str], number: int, what: str) -> bool:
        seen: set[Card | str] = set()
        ok = True
        for card in cards:
            if card in seen:
                self.problem(f"{what} has {card} twice", number)
                ok = False
            seen.add(card)
        missing = [c for c in CARDS if c not in seen]
        if len(cards) != 52 or missing:
            self.problem(f"{what} has {len(cards)} cards, not the 52 cards once each"
                         + (f"; missing {' '.join(map(str, missing))}" if missing else ""),
                         number)
            ok = False
        return ok

    def deck_from_hands(
        self, spec: Any, number: int,
        parsed: list[tuple[int, Action, str | None] | None], view: int | None, dealer: int,
    ) -> tuple[Deck | None, bool]:
        if not isinstance(spec, Mapping) or not isinstance(spec.get("hands"), list) \
                or len(spec["hands"]) != 2:
            self.problem("\"deal\" must be {\"hands\": [player 0's cards, player 1's cards], "
                         "\"upcard\": CARD}", number)
            return None, False
        dealer_hands: list[list[Card | str]] = []
        ok = True
        for player in (0, 1):
            cards = self.cards(spec["hands"][player], number, f"player {player}'s hand",
                               unknown_ok=view is not None and player != view)
            if cards is None:
                ok = False
                cards = []
            elif len(cards) != 10:
                self.problem(f"player {player}'s hand has {len(cards)} cards, not 10", number)
                ok = False
            dealer_hands.append(cards)
        up = self.card(spec.get("upcard"), number, "the upcard")
        if up is None or not ok:
            return None, False
        assert isinstance(up, Card)
        # where each known card is, to name duplicates precisely
        place: dict[Card, str] = {}
        for player in (0, 1):
            for card in dealer_hands[player]:
                if isinstance(card, Card):
                    if card in place:
                        self.problem(f"{card} is dealt twice ({place[card]} and player "
                                     f"{player}'s hand)", number)
                        ok = False
                    place[card] = f"player {player}'s hand"
        if up in place:
            self.problem(f"{up} is dealt twice ({place[up]} and the upcard)", number)
            ok = False
        place[up] = "the upcard"
        draws: list[Card | str] = []
        for index, item in enumerate(parsed, 1):
            if item is None or item[1].kind is not ActionKind.DRAW_STOCK:
                continue
            player, _, named = item
            if named is None:
                self.problem("a stock draw must name the card drawn (like \"p0 draw stock "
                             "5C\") in a record that gives the hands rather than the deck",
                             number, index)
                ok = False
                continue
            if named == UNKNOWN:
                if view is None or player == view:
                    self.problem(f"player {player}'s stock draw is unknown (\"??\"), which "
                                 "only a record of the other player's view may write",
                                 number, index)
                    ok = False
                draws.append(UNKNOWN)
                continue
            card = parse_card(named)
            if card in place:
                self.problem(f"the record says player {player} drew {card} from the stock, "
                             f"but {card} is already in {place[card]}", number, index)
                ok = False
            place[card] = f"the stock (drawn at action {index})"
            draws.append(card)
        if len(draws) > 31:
            self.problem(f"{len(draws)} cards are drawn from a stock of 31", number)
            ok = False
        if not ok:
            return None, False
        filled = False
        hidden = None if view is None else 1 - view
        if hidden is not None and (any(c == UNKNOWN for c in dealer_hands[hidden])
                                   or UNKNOWN in draws):
            filled = True
            self.fill_unknown(dealer_hands, draws, parsed, hidden, place, number)
        rest = [c for c in CARDS if c not in place and c not in draws
                and c not in dealer_hands[0] and c not in dealer_hands[1]]
        nd = 1 - dealer
        first, second = dealer_hands[nd], dealer_hands[1 - nd]
        order: list[Card] = []
        for i in range(10):
            order += [first[i], second[i]]  # type: ignore[list-item]
        order.append(up)
        order += draws  # type: ignore[arg-type]
        order += rest
        return Deck(tuple(order)), filled

    def fill_unknown(
        self, hands: list[list[Card | str]], draws: list[Card | str],
        parsed: list[tuple[int, Action, str | None] | None], hidden: int,
        place: dict[Card, str], number: int,
    ) -> None:
        """Fill the hidden player's unknown cards: first with the cards they later
        discard that nobody saw them get, then with unseen cards in canonical order."""
        slots: list[tuple[int, str, int]] = []  # (time, where, position)
        for pos, card in enumerate(hands[hidden]):
            if card == UNKNOWN:
                slots.append((0, "hand", pos))
        draw_no = 0
        for index, item in enumerate(parsed, 1):
            if item is None:
                continue
            if item[1].kind is ActionKind.DRAW_STOCK:
                if draws[draw_no] == UNKNOWN:
                    slots.append((index, "draw", draw_no))
                draw_no += 1
        seen_discarded: set[Card] = set()
        assigned: set[Card] = set()
        for index, item in enumerate(parsed, 1):
            if item is None:
                continue
            player, action, _ = item
            dropped = action.card
            if dropped is None:
                continue
            if player == hidden and dropped not in place and dropped not in seen_discarded \
                    and dropped not in assigned:
                free = [s for s in slots if s[0] < index]
                if not free:
                    self.problem(f"player {hidden} discards {dropped}, but no card of theirs "
                                 "that the record leaves unknown can be it", number, index)
                    return
                slot = free[0]
                slots.remove(slot)
                (hands[hidden] if slot[1] == "hand" else draws)[slot[2]] = dropped
                assigned.add(dropped)
            seen_discarded.add(dropped)
        known = set(place) | assigned
        spare = iter(c for c in CARDS if c not in known)
        for _, where, pos in slots:
            (hands[hidden] if where == "hand" else draws)[pos] = next(spare)
        self.notes.append(
            f"hand {number}: player {hidden}'s unknown cards were filled in; whether player "
            f"{hidden} could knock and the declared deadwood and points were not checked")

    # the replay ----------------------------------------------------------------------

    def replay_hand(
        self, state: HandState, parsed: list[tuple[int, Action, str | None] | None],
        number: int, melds: tuple[Meld, ...] | None, hidden: int | None,
        entry: Mapping[str, Any], allow_open: bool, declared: HandScore | None,
    ) -> tuple[HandState | None, HandScore | None]:
        for index, item in enumerate(parsed, 1):
            assert item is not None
            player, action, named = item
            if state.phase is Phase.OVER:
                assert state.result is not None
                self.problem(
                    f"play continues after the hand was over ({_describe_result(state.result)}"
                    f" at action {index - 1}): {player_text(player, action)}"
                    + self.openspiel_after_over(state, action), number, index)
                return state, None
            if named is not None and named != UNKNOWN:
                actual = self.card_moved(state, action)
                if actual is not None and str(actual) != named:
                    where = ("the stock" if action.kind is ActionKind.DRAW_STOCK
                             else "the discard pile")
                    self.problem(f"the record says player {player} drew {named} from {where}, "
                                 f"but the top card there is {actual}", number, index)
                    return None, declared
            try:
                if action.kind is ActionKind.KNOCK and melds is not None and player == state.turn:
                    state = knock(state, action.card, melds)  # type: ignore[arg-type]
                else:
                    state = apply(state, action, player=player)
            except IllegalActionError as error:
                if hidden is not None and player == hidden and action.kind in (
                        ActionKind.KNOCK, ActionKind.BIG_GIN):
                    self.notes.append(f"hand {number}, action {index}: player {hidden}'s "
                                      f"{action} could not be checked (their hand is partly "
                                      "unknown)")
                    return None, declared
                self.problem(str(error) + self.openspiel_illegal(state, action),
                             number, index)
                return None, declared
        if state.phase is not Phase.OVER:
            if not allow_open:
                what = {Phase.OFFER: "take or pass the upcard", Phase.DRAW: "draw",
                        Phase.DISCARD: "discard"}[state.phase]
                self.problem(f"the hand stops before it is over: player {state.turn} is "
                             f"to {what}" + self.openspiel_stopped(state), number)
            return state, None
        assert state.result is not None
        if melds is not None and state.actions[-1][1].kind is not ActionKind.KNOCK:
            self.problem(f"\"knocker_melds\" are given, but the hand ended with "
                         f"{_describe_result(state.result)}, not a knock", number)
        if hidden is None:
            self.check_outcome(state, entry.get("outcome"), number)
            return state, None
        return state, declared

    @staticmethod
    def card_moved(state: HandState, action: Action) -> Card | None:
        if action.kind is ActionKind.DRAW_STOCK and state.stock_drawn < 31:
            return state.deck.cards[21 + state.stock_drawn]
        if action.kind in (ActionKind.TAKE, ActionKind.DRAW_DISCARD):
            return state.top_discard
        return None

    def check_outcome(self, state: HandState, outcome: Any, number: int) -> None:
        if not isinstance(outcome, Mapping):
            return
        result = state.result
        assert result is not None
        score = score_hand(result, state.rules)
        kind = outcome.get("kind")
        if kind is not None and kind != result.kind.value:
            self.problem(f"the declared kind is {kind!r}, but the hand ended with "
                         f"{_describe_result(result)}", number)
        if "knocker" in outcome and outcome["knocker"] != result.knocker:
            who = "nobody knocked" if result.knocker is None else \
                f"player {result.knocker} knocked"
            self.problem(f"the declared knocker is {outcome['knocker']!r}, but {who}", number)
        dw = outcome.get("deadwood")
        follows = ""
        if isinstance(dw, list) and len(dw) == 2 and result.knocker is not None:
            actual = [0, 0]
            actual[result.knocker] = result.knocker_deadwood
            actual[1 - result.knocker] = result.defender_deadwood
            for p in (0, 1):
                if dw[p] != actual[p]:
                    follows = " (this follows from the deadwood difference)"
                    role = "the knocker" if p == result.knocker else "the defender"
                    self.problem(f"the declared deadwood of player {p} ({role}) is {dw[p]}, "
                                 f"but it is {actual[p]}" + self.explain_deadwood(
                                     state, p, dw[p]), number)
        if "winner" in outcome and outcome["winner"] != score.player:
            self.problem(f"the declared winner is {_who(outcome['winner'])}, but "
                         f"{_score_text(result, score)}" + self.explain_tie(result, score)
                         + follows, number)
        elif "points" in outcome and outcome["points"] != score.points:
            self.problem(f"the declared points are {outcome['points']!r}, but "
                         f"{_score_text(result, score)}{follows}", number)

    # OpenSpiel explanations ----------------------------------------------------------

    @property
    def from_openspiel(self) -> bool:
        return self.source.get("from") == "openspiel"

    def explain_tie(self, result: HandResult, score: HandScore) -> str:
        if (result.kind is EndKind.KNOCK and result.knocker_deadwood == result.defender_deadwood
                and score.undercut):
            who = "OpenSpiel" if self.from_openspiel else "some tables"
            return (f"; {who} score a tie 0-0, these rules score it as an undercut "
                    "(undercut_on_tie is true; the 'openspiel' preset sets it to false)")
        return ""

    def explain_deadwood(self, state: HandState, player: int, declared: int) -> str:
        result = state.result
        if not self.from_openspiel or result is None or player == result.knocker:
            return ""
        if declared > result.defender_deadwood:
            # OpenSpiel's defender may lay off or meld less than it could (even nothing);
            # its layoffs are not limited to five-card runs, so this is the only cause
            plays = []
            if result.layoffs:
                plays.append("laying off " + " ".join(str(x.card) for x in result.layoffs))
            if result.defender_melds:
                plays.append("melding " + ", ".join(str(m) for m in result.defender_melds))
            how = f" ({' and '.join(plays)})" if plays else ""
            return ("; in OpenSpiel the defender chooses its own melds and layoffs (this "
                    f"one left {declared - result.defender_deadwood} more deadwood), while "
                    f"these rules lay off for the defender to leave the least deadwood{how}")
        return ""

    def openspiel_illegal(self, state: HandState, action: Action) -> str:
        if not self.from_openspiel:
            return ""
        if action.card is not None and action.card == state.taken:
            return ("; OpenSpiel allows discarding the card just taken (set "
                    "may_discard_taken_card, as the 'openspiel' preset does)")
        return ""

    def openspiel_after_over(self, state: HandState, action: Action) -> str:
        if not self.from_openspiel or state.result is None:
            return ""
        if state.result.kind is EndKind.DEAD:
            return ("; OpenSpiel's wall phase (two stock cards left, after the 50th card) "
                    "lets the next player knock with the upcard, while under these rules the "
                    "hand is dead at that discard")
        return ""

    def openspiel_stopped(self, state: HandState) -> str:
        end = self.source.get("end")
        if not self.from_openspiel:
            return ""
        if end == "draw-upcard-limit":
            return "; OpenSpiel ends a hand with no score after 50 draws from the discard pile"
        if end == "repeated-move":
            return ("; OpenSpiel ends a hand with no score when the upcard is taken and "
                    "discarded again twice in a row")
        return "; the OpenSpiel history ends here"


def _next_dealer_declared(result: HandResult, declared: HandScore, rules: RuleSet) -> int:
    """:func:`~ginrules.game.next_dealer` with the winner taken from the declared outcome
    (for a hand replayed with made-up cards)."""
    how = rules.dealer_after_hand
    if how is NextDealer.WINNER and declared.player is not None:
        return declared.player
    if how is NextDealer.LOSER and declared.player is not None:
        return 1 - declared.player
    return result.dealer if how is NextDealer.SAME else 1 - result.dealer


def _who(player: Any) -> str:
    return "nobody" if player is None else f"player {player}"


def _score_text(result: HandResult, score: HandScore) -> str:
    if score.player is None:
        return "nobody scores" if result.kind is EndKind.DEAD else "nobody scores (a tie)"
    parts = f"{score.base}" + (f" + {score.bonus} bonus" if score.bonus else "")
    what = "an undercut" if score.undercut else _describe_result(result)
    doubled = ", doubled" if score.doubled else ""
    return f"player {score.player} scores {score.points} ({what}: {parts}{doubled})"


def player_text(player: int, action: Action) -> str:
    """An action with its player, as a record writes it.

    >>> player_text(1, Action.parse("knock 3C"))
    'p1 knock 3C'
    """
    return f"p{player} {action}"


# -- OpenSpiel import ------------------------------------------------------------------

_OS_DRAW_UPCARD, _OS_DRAW_STOCK, _OS_PASS, _OS_KNOCK, _OS_MELD = 52, 53, 54, 55, 56


def _os_meld(meld_id: int) -> list[Card]:
    """The cards of OpenSpiel meld id ``meld_id`` (0..184)."""
    if meld_id < 65:
        rank, j = divmod(meld_id, 5)
        suits = [s for s in range(4) if s != j] if j < 4 else list(range(4))
        return [Card.from_openspiel_id(s * 13 + rank) for s in suits]
    for base, length, starts in ((65, 3, 11), (109, 4, 10), (149, 5, 9)):
        if meld_id < base + 4 * starts:
            suit, start = divmod(meld_id - base, starts)
            return [Card.from_openspiel_id(suit * 13 + start + i) for i in range(length)]
    raise InvalidRecordError(f"OpenSpiel meld id {meld_id} is not in 0..184")


def from_openspiel(
    history: Iterable[int],
    *,
    rules: str = "openspiel",
    params: Mapping[str, Any] | None = None,
    players: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A hand record from an OpenSpiel ``gin_rummy`` action history (``state.history()``).

    ``params`` are the OpenSpiel game parameters (``knock_card``, ``oklahoma``,
    ``gin_bonus``, ``undercut_bonus``); they become overrides of the preset ``rules``.
    Player 0 of OpenSpiel is offered the upcard first, so player 1 is the dealer. The
    declared outcome is OpenSpiel's (its deadwood after the knocker's melds and the
    defender's own layoffs and melds, and its scoring); the record's ``source`` keeps
    what the validator needs to explain a difference. See the docs for the mapping.

    >>> deal_ids = list(range(21))  # player 0: AS..TS, player 1: JS QS KS AC..7C, up 8C
    >>> data = from_openspiel(deal_ids + [54, 54, 53, 21, 21])
    >>> data["hands"][0]["actions"]
    ['p0 pass', 'p1 pass', 'p0 draw stock 9C', 'p0 discard 9C']
    >>> validate(data).summary()
    'invalid: hand 1: the hand stops before it is over: player 1 is to draw; the OpenSpiel history ends here'
    """
    try:
        ids = [_os_int(a) for a in history]
    except TypeError:
        raise InvalidRecordError("an OpenSpiel history is a list of action integers, not "
                                 f"{type(history).__name__}") from None
    overrides: dict[str, Any] = {}
    p = dict(params or {})
    unknown = sorted(set(p) - {"knock_card", "oklahoma", "gin_bonus", "undercut_bonus",
                                "hand_size", "num_ranks", "num_suits"})
    if unknown:
        raise InvalidRecordError(f"OpenSpiel parameter {unknown[0]!r} cannot be expressed")
    for key, default in (("hand_size", 10), ("num_ranks", 13), ("num_suits", 4)):
        if p.get(key, default) != default:
            raise InvalidRecordError(f"OpenSpiel {key}={p[key]} cannot be expressed: "
                                     "ginrules plays 10-card hands with a 52-card deck")
    if p.get("knock_card", 10) != 10:
        overrides["knock_limit"] = _os_int(p["knock_card"], "knock_card")
    if p.get("oklahoma", False):
        overrides["oklahoma"] = True
        overrides["spade_doubling"] = "off"
    if p.get("gin_bonus", 25) != 25:
        overrides["gin_bonus"] = _os_int(p["gin_bonus"], "gin_bonus")
    if p.get("undercut_bonus", 25) != 25:
        overrides["undercut_bonus"] = _os_int(p["undercut_bonus"], "undercut_bonus")
    if len(ids) < 21 or any(not 0 <= a < 52 for a in ids[:21]):
        raise InvalidRecordError("an OpenSpiel history starts with the 21 deal outcomes "
                                 "(cards 0..51)")
    card = Card.from_openspiel_id
    hands = [[card(a) for a in ids[0:10]], [card(a) for a in ids[10:20]]]
    upcard = card(ids[20])
    actions: list[str] = []
    source: dict[str, Any] = {"from": "openspiel", "history": ids}
    held = [set(hands[0]), set(hands[1])]
    turn = 0
    phase = "upcard"
    passes = 0
    pile = [upcard]
    knocker: int | None = None
    knocker_melds: list[list[Card]] = []
    defender_layoffs: list[Card] = []
    defender_melds: list[list[Card]] = []
    draw_upcards = 0
    end = "incomplete"
    i = 21
    n = len(ids)
    last_taken: list[Card | None] = [None, None]
    repeats = 0
    stock = 31
    while i < n:
        a = ids[i]
        i += 1
        if phase == "upcard":
            if a == _OS_DRAW_UPCARD:
                actions.append(f"p{turn} take")
                held[turn].add(pile.pop())
                last_taken[turn] = upcard
                phase = "discard"
            elif a == _OS_PASS:
                actions.append(f"p{turn} pass")
                passes += 1
                turn = 1 - turn
                if passes == 2:
                    phase = "draw"
            elif a == _OS_DRAW_STOCK and passes == 2:
                phase = "draw"
                i -= 1
            else:
                raise InvalidRecordError(f"OpenSpiel action {i - 1} ({a}) is not legal in the "
                                         "upcard offer")
        elif phase == "draw":
            if a == _OS_DRAW_UPCARD:
                draw_upcards += 1
                top = pile.pop()
                held[turn].add(top)
                last_taken[turn] = top
                actions.append(f"p{turn} draw discard")
                phase = "discard"
                if draw_upcards >= 50:
                    end = "draw-upcard-limit"
                    break
            elif a == _OS_DRAW_STOCK:
                if i >= n:
                    break
                drawn = card(ids[i])
                i += 1
                held[turn].add(drawn)
                last_taken[turn] = None
                actions.append(f"p{turn} draw stock {drawn}")
                stock -= 1
                phase = "discard"
            else:
                raise InvalidRecordError(f"OpenSpiel action {i - 1} ({a}) is not a draw")
        elif phase == "discard":
            if a == _OS_KNOCK:
                phase = "knock"
                knocker = turn
                continue
            if not 0 <= a < 52:
                raise InvalidRecordError(f"OpenSpiel action {i - 1} ({a}) is not a discard")
            c = card(a)
            if c == last_taken[turn]:
                repeats += 1
            else:
                repeats = 0
            held[turn].discard(c)
            pile.append(c)
            actions.append(f"p{turn} discard {c}")
            turn = 1 - turn
            phase = "wall" if stock <= 2 else "draw"
            if repeats >= 2:
                end = "repeated-move"
                break
        elif phase == "wall":
            # two stock cards left: OpenSpiel lets the player knock with the upcard; a
            # pass ends the hand with no score (a dead hand under these rules)
            if a == _OS_PASS:
                end = "wall"
                break
            if a != _OS_KNOCK:
                raise InvalidRecordError(f"OpenSpiel action {i - 1} ({a}) is not legal at "
                                         "the wall")
            end = "wall-knock"
            top = pile.pop()
            held[turn].add(top)
            actions.append(f"p{turn} draw discard")
            knocker = turn
            phase = "knock"
        elif phase == "knock":
            if 0 <= a < 52 and not actions[-1].startswith(f"p{turn} knock"):
                c = card(a)
                held[turn].discard(c)
                actions.append(f"p{turn} knock {c}")
            elif a >= _OS_MELD:
                knocker_melds.append(_os_meld(a - _OS_MELD))
            elif a == _OS_PASS:
                phase = "layoff"
                turn = 1 - turn
                if end != "wall-knock":
                    end = "knock"
            else:
                raise InvalidRecordError(f"OpenSpiel action {i - 1} ({a}) is not legal "
                                         "after a knock")
        elif phase == "layoff":
            if 0 <= a < 52:
                defender_layoffs.append(card(a))
            elif a >= _OS_MELD:
                defender_melds.append(_os_meld(a - _OS_MELD))
            elif a != _OS_PASS:
                raise InvalidRecordError(f"OpenSpiel action {i - 1} ({a}) is not legal in "
                                         "the layoff phase")
    entry: dict[str, Any] = {"dealer": 1, "deal": {
        "hands": [" ".join(str(c) for c in h) for h in hands], "upcard": str(upcard)},
        "actions": actions}
    if knocker_melds:
        entry["knocker_melds"] = [[str(c) for c in m] for m in knocker_melds]
    if knocker is not None and end in ("knock", "wall-knock"):
        entry["outcome"] = _os_outcome(held, knocker, knocker_melds, defender_layoffs,
                                       defender_melds, p)
        source["defender_layoffs"] = [str(c) for c in defender_layoffs]
        source["defender_melds"] = [[str(c) for c in m] for m in defender_melds]
    elif end in ("wall", "draw-upcard-limit", "repeated-move"):
        entry["outcome"] = {"kind": "dead", "winner": None, "points": 0}
    source["end"] = end
    entry["source"] = source
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": "hand",
                            "rules": {"preset": rules}}
    if overrides:
        data["rules"]["overrides"] = overrides
    if players is not None:
        data["players"] = list(players)
    data["source"] = {"from": "openspiel", "end": end}
    data["hands"] = [entry]
    return data


def _os_int(value: Any, what: str = "action") -> int:
    """An OpenSpiel action or parameter as an int; an InvalidRecordError if it is none."""
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InvalidRecordError(f"OpenSpiel {what} {value!r} is not an integer") from None


def _os_outcome(held: list[set[Card]], knocker: int, kmelds: list[list[Card]],
                layoffs: list[Card], dmelds: list[list[Card]], params: Mapping[str, Any]
                ) -> dict[str, Any]:
    melded = {c for m in kmelds for c in m}
    kdw = sum(c.points for c in held[knocker] if c not in melded)
    dgone = set(layoffs) | {c for m in dmelds for c in m}
    ddw = sum(c.points for c in held[1 - knocker] if c not in dgone)
    gin = kdw == 0
    value = ddw - kdw + (int(params.get("gin_bonus", 25)) if gin else 0)
    if value < 0:
        value -= int(params.get("undercut_bonus", 25))
    winner = None if value == 0 else (knocker if value > 0 else 1 - knocker)
    deadwood = [0, 0]
    deadwood[knocker], deadwood[1 - knocker] = kdw, ddw
    return {"kind": "gin" if gin else "knock", "knocker": knocker, "winner": winner,
            "points": abs(value), "deadwood": deadwood}
