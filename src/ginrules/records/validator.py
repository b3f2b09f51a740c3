"""The record validator: replay a record under its rules and report every problem with
its place (hand and action numbers count from 1).

Strict by default, it stops at the first problem:

>>> import ginrules
>>> from ginrules.records import to_record, validate
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> data = to_record(ginrules.hand.apply(state, "pass"))
>>> validate(data).valid
True
>>> data["hands"][0]["actions"][0] = "p1 discard 7H"
>>> print(validate(data))
invalid: hand 1, action 1: cannot discard 7H: player 1 must take or pass the upcard now

**Explanations.** A record made from another engine's game (its ``source`` says
``"from": "openspiel"``) may differ from these rules where that engine's rules do, and a
problem then says why (*OpenSpiel allows discarding the card just taken*). What an engine
does differently is known to its adapter in :mod:`ginrules.interop`, which sits above the
records and is never imported from here: an adapter registers its engine's
:class:`Explanations` with :func:`register_explanations` when it is imported
(:mod:`ginrules.interop.openspiel` registers ``"openspiel"``; the ``ginrules validate``
command imports it), and the validator uses what is registered for the record's engine, or
the plain :class:`Explanations`. The verdict never depends on it: whether a record is
valid, and which problems it has with their codes and places, are the same whatever is
registered; only the words after a problem are richer. :func:`validate_many` sends what is
registered to the processes or the cluster it runs on, so that its reports are the same
whatever runs them.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import time
from collections.abc import Generator, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeGuard

import attrs

from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import Card, cards_from_mask
from ginrules.errors import (
    GinRulesError,
    IllegalActionError,
    InvalidRecordError,
    NotationError,
    _type_name,
    _wrong_type,
)
from ginrules.hand import HandState, apply, deal, knock
from ginrules.knocking import EndKind, HandResult
from ginrules.masks import _deadwood
from ginrules.melds import Meld
from ginrules.records._deal import _DealChecks
from ginrules.records._parallel import check_workers, ordered_map
from ginrules.records._views import _ViewChecks, could_end, end_of
from ginrules.records._words import _describe_result, _is_whole, _json_value, _score_text, _who
from ginrules.records.format import (
    _HAND_KEYS,
    _KINDS,
    _OUTCOME_KEYS,
    _TOP_KEYS,
    FORMAT,
    UNKNOWN,
    VERSION,
    RecordLike,
    _name_of,
    _read,
    _written_as,
    parse_action,
    player_text,
)
from ginrules.records.report import MAX_PROBLEMS, Problem, Report
from ginrules.rulesets import NextDealer, Opening, RuleSet
from ginrules.rulesets import rules as preset_rules
from ginrules.scoring import HandScore, score_hand

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from ginrules.game import GameState
    from ginrules.sheet import ScoreSheet

__all__ = ["Explanations", "register_explanations", "validate", "validate_many"]


class _Stop(Exception):
    """Raised inside the validator to stop at the first problem (strict mode)."""


def validate(source: RecordLike, *, lenient: bool = False, name: str | None = None,
             fail_unchecked: bool = False) -> Report:
    """Replay a record under its rules and report its problems, each with its place.

    ``source`` is a path, JSON text, bytes or a parsed dict. Strict by default: the
    first problem ends the check. ``lenient=True`` continues where it can and collects
    every problem. Malformed JSON and unreadable files are problems too (never an
    exception).

    What a record of one player's view cannot show (the other player's deadwood, say)
    is checked as far as the view goes and named in the report's notes; the record is
    valid if nothing it shows is wrong. ``fail_unchecked=True`` makes each such note a
    problem too (code ``unchecked``), for a check that must vouch for every claim.

    >>> print(validate('{"format": "ginrules-record"'))
    invalid: malformed JSON: line 1, column 29: Expecting ',' delimiter
    >>> print(validate({"format": "ginrules-record", "version": 1, "rules": "classic",
    ...                 "hands": [{"dealer": 3}]}, lenient=True))
    invalid: hand 1: the dealer must be 0 or 1, not 3 (and 1 more problem)
      hand 1: the deal is missing: give "deck" (52 cards) or "deal" (both hands and the upcard)
      note: the game totals after an unchecked hand were not checked
    """
    try:
        data, read_name = _read(source)
    except InvalidRecordError as error:
        code = getattr(error, "code", "unreadable")
        return Report(name or _name_of(source), (Problem(None, None, str(error), code),))
    checker = _Checker(strict=not lenient, keep_states=False)
    with contextlib.suppress(_Stop):
        checker.check(data)
        if fail_unchecked:  # each note a problem, at its hand
            for hand, what in checker.unchecked:
                checker.problem("unchecked", f"not checked: {what}", hand)
    return Report(name or read_name, tuple(checker.problems), tuple(checker.notes),
                  checker.hand_count, checker.action_count, checker.omitted)



def validate_many(
    sources: Iterable[RecordLike],
    *,
    executor: Executor | None = None,
    workers: int = 1,
    lenient: bool = False,
    fail_unchecked: bool = False,
) -> Iterator[Report]:
    """Validate many records, yielding their reports in the order of ``sources``.

    Each source is what :func:`validate` takes (a path, JSON text, bytes or a dict). The
    records are checked in this process, or over ``workers`` local processes, or on
    ``executor`` (any :class:`concurrent.futures.Executor`, such as a Dask cluster's
    ``client.get_executor()``; paths are then read where the work runs, so the workers
    need to see the same files). The reports are the same whatever runs them (``lenient``
    and ``fail_unchecked`` as :func:`validate` takes them). It streams:
    ``sources`` is read only as reports are taken, and at most a few batches per worker
    are in flight, so memory stays bounded however many records there are.

    >>> import ginrules
    >>> from ginrules.records import to_record
    >>> good = to_record(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0))
    >>> [report.valid for report in validate_many([good, "{", good])]
    [True, False, True]
    """
    check_workers(workers)
    if isinstance(sources, (str, bytes, Mapping)) or not isinstance(sources, Iterable):
        raise _wrong_type("validate_many", "an iterable of records (paths, JSON texts, bytes "
                          "or dicts; validate takes one)", sources)
    return _validate_stream(((source, None) for source in sources), executor=executor,
                            workers=workers, lenient=lenient, fail_unchecked=fail_unchecked)


def _validate_stream(
    items: Iterable[tuple[RecordLike, str | None]], *, executor: Executor | None,
    workers: int, lenient: bool, fail_unchecked: bool = False,
) -> Generator[Report, None, None]:
    """:func:`validate_many` of ``(source, name)`` pairs (``name`` as :func:`validate`
    takes it): :func:`_validate_timed` without the times."""
    with contextlib.closing(_validate_timed(items, executor=executor, workers=workers,
                                            lenient=lenient, fail_unchecked=fail_unchecked)
                            ) as timed:
        for report, _ in timed:
            yield report


def _validate_timed(
    items: Iterable[tuple[RecordLike, str | None]], *, executor: Executor | None,
    workers: int, lenient: bool, fail_unchecked: bool = False,
) -> Generator[tuple[Report, float], None, None]:
    """Each report of ``(source, name)`` pairs with the seconds its check took where it
    ran (reading the record included), in the order of ``items`` whatever ran them; the
    ``ginrules validate`` command sends absolute paths named as typed. Records go in
    batches: 16 to a local process pool, 64 to another executor (a cluster's scheduler
    has more overhead per call)."""
    if executor is None and workers == 1:
        for source, name in items:
            yield _validate_one(source, name, lenient, fail_unchecked)
        return
    batch = 16 if executor is None else 64
    iterator = iter(items)
    # what is registered here goes with each batch (a worker process may not have
    # imported the adapters that registered it): the same words whatever runs the check
    registered = tuple((engine, cls.__module__, cls.__qualname__)
                       for engine, cls in _REGISTERED.items())
    calls = iter(lambda: (list(itertools.islice(iterator, batch)), lenient, fail_unchecked,
                          registered),
                 ([], lenient, fail_unchecked, registered))
    for results in ordered_map(_validate_batch, calls, executor=executor, workers=workers):
        yield from results


def _validate_batch(items: list[tuple[RecordLike, str | None]], lenient: bool,
                    fail_unchecked: bool = False,
                    registered: tuple[tuple[str, str, str], ...] = (),
                    ) -> list[tuple[Report, float]]:
    _register_by_name(registered)
    return [_validate_one(source, name, lenient, fail_unchecked) for source, name in items]


def _register_by_name(registered: Iterable[tuple[str, str, str]]) -> None:
    """Register, where a batch runs, what was registered where it was sent from: each
    ``(engine, module, qualified name)`` whose class is not registered here yet, imported
    by its names (the module registers it when imported, if it is an adapter). They are
    sent by name, not as classes, so that a class that cannot be imported here (made in a
    notebook or a function, or a module this machine lacks) is left out instead of
    failing the batch: its engine's problems then have plainer words, the same verdicts."""
    for engine, module, qualname in registered:
        known = _REGISTERED.get(engine)
        if known is not None and (known.__module__, known.__qualname__) == (module, qualname):
            continue
        try:
            found: Any = importlib.import_module(module)
            for part in qualname.split("."):
                found = getattr(found, part)
        except Exception:  # whatever importing it raises, it is left out
            continue
        if isinstance(found, type) and issubclass(found, Explanations):
            _REGISTERED[engine] = found


def _validate_one(source: RecordLike, name: str | None, lenient: bool,
                  fail_unchecked: bool) -> tuple[Report, float]:
    started = time.perf_counter()
    report = validate(source, lenient=lenient, name=name, fail_unchecked=fail_unchecked)
    return report, time.perf_counter() - started


def _before_layoffs(result: HandResult, player: int, declared: object) -> str:
    """Why a declared defender's deadwood may be the count before its layoffs."""
    if player == result.knocker or not result.layoffs or result.defender_arrangement is None:
        return ""
    laid = [x.card for x in result.layoffs]
    before = result.defender_deadwood + sum(c.points for c in laid)
    if declared != before:
        return ""
    return (f" after laying off {' '.join(str(c) for c in laid)} ({before} before the "
            "layoffs)")


# -- explanations ---------------------------------------------------------------------


class Explanations:
    """What the validator adds to a problem to say why a record may differ from these
    rules, made with the record's ``source`` (``{}`` when it has none). This base class
    explains only a tie scored as an undercut; a record whose ``source`` names the engine
    it came from (``"from"``) gets the explanations registered for that engine
    (:func:`register_explanations`): OpenSpiel's are
    :class:`ginrules.interop.openspiel.OpenSpielExplanations`, registered when that module
    is imported.

    >>> Explanations().stopped(None), Explanations({"from": "elsewhere"}).source
    ('', {'from': 'elsewhere'})
    """

    #: who, in the explanation of a tie, scores it 0-0
    tie_scorers = "some tables"

    def __init__(self, source: Mapping[str, Any] | None = None) -> None:
        if source is not None and not isinstance(source, Mapping):
            raise _wrong_type("Explanations", "a record's source (a dict) or None", source)
        #: the record's ``source``
        self.source: Mapping[str, Any] = {} if source is None else source

    def tie(self, result: HandResult, score: HandScore) -> str:
        """Why a tie is an undercut here (empty when the hand is no tie)."""
        if not isinstance(result, HandResult) or not isinstance(score, HandScore):
            wrong = score if isinstance(result, HandResult) else result
            raise _wrong_type("Explanations.tie", "a HandResult and its HandScore", wrong)
        if (result.kind is EndKind.KNOCK and result.knocker_deadwood == result.defender_deadwood
                and score.undercut):
            return (f"; {self.tie_scorers} score a tie 0-0, these rules score it as an "
                    "undercut (undercut_on_tie is true; the 'openspiel' preset sets it to false)")
        return ""

    def deadwood(self, state: HandState, player: int, declared: int) -> str:
        """Why the declared deadwood of ``player`` may differ."""
        return ""

    def illegal(self, state: HandState, action: Action) -> str:
        """Why an action illegal here may have been legal where the record comes from."""
        return ""

    def after_over(self, state: HandState, action: Action) -> str:
        """Why play may continue after the hand is over here."""
        return ""

    def stopped(self, state: HandState | None) -> str:
        """Why the hand may stop before it is over here."""
        return ""


_REGISTERED: dict[str, type[Explanations]] = {}  # engine -> its explanations


def register_explanations(engine: str, explanations: type[Explanations]) -> None:
    """Have the validator explain the problems of records from ``engine`` (whose
    ``source`` says ``"from": engine``) with ``explanations``, a subclass of
    :class:`Explanations` made with the record's ``source``. A second registration of an
    engine replaces the first.

    An adapter registers its engine's explanations when it is imported:
    :mod:`ginrules.interop.openspiel` registers ``"openspiel"`` (the ``ginrules validate``
    command imports it). Only the words of a problem depend on what is registered, never
    the verdict. :func:`validate_many` sends the registrations to the processes or the
    cluster it runs on by the class's module and name: a class that cannot be imported
    there (one made in a notebook or inside a function) explains only in this process.

    >>> import ginrules
    >>> from ginrules.records import to_record
    >>> class Patient(Explanations):
    ...     def stopped(self, state):
    ...         return f"; {self.source['from']} stops when the players agree"
    >>> register_explanations("patient-engine", Patient)
    >>> data = to_record(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0))
    >>> data["complete"], data["source"] = True, {"from": "patient-engine"}
    >>> print(validate(data))
    invalid: hand 1: the hand stops before it is over: player 1 is to take or pass the upcard; patient-engine stops when the players agree
    """
    if type(engine) is not str:
        raise _wrong_type("register_explanations", "an engine's name (a string: a "
                          "record's source says it as \"from\")", engine)
    if not (isinstance(explanations, type) and issubclass(explanations, Explanations)):
        raise _wrong_type("register_explanations", "a subclass of Explanations (a class, "
                          "made with a record's source)", explanations)
    _REGISTERED[engine] = explanations


def _explanations(source: Mapping[str, Any]) -> Explanations:
    """The explanations of a record with this ``source``: its engine's, if registered."""
    engine = source.get("from")
    registered = _REGISTERED.get(engine) if isinstance(engine, str) else None
    return (registered or Explanations)(source)


# -- the checker ----------------------------------------------------------------------


class _Checker(_DealChecks, _ViewChecks):
    """Walks a record; collects problems (strict: stops at the first)."""

    def __init__(self, *, strict: bool, keep_states: bool = True) -> None:
        self.strict = strict
        # load() keeps every replayed hand for its Record; validate() needs none, and a
        # long game's states would take several times the size of its file
        self.keep_states = keep_states
        self.problems: list[Problem] = []
        self.notes: list[str] = []
        self.unchecked: list[tuple[int | None, str]] = []  # each note: its hand, its text
        self.rules: RuleSet | None = None
        self.states: list[HandState | None] = []
        self.stand_ins: frozenset[Card] = frozenset()  # the last deal's made-up cards
        self.states_stand_ins: list[frozenset[Card]] = []  # each kept state's made-up cards
        self.game: GameState | None = None
        self.hand_count = 0
        self.action_count = 0
        self.explain = Explanations()
        self.made_up = False  # whether any hand was replayed with made-up cards
        self.omitted = 0  # problems past MAX_PROBLEMS
        self.filled = False  # whether the last hand replayed had made-up cards filled in
        self.hidden_named: frozenset[Card] = _NO_CARDS  # see _DealChecks
        self.determined = False  # see _DealChecks
        self.unreplayed_dealer: int | None = None  # the dealer of a hand that ended unreplayed

    def keep(self, state: HandState | None) -> None:
        """Keep a replayed hand (``None``: not replayed), with the made-up cards that
        stood in for unknown ones, so that the kept hands line up with the record's."""
        if self.keep_states:
            self.states.append(state)
            self.states_stand_ins.append(self.stand_ins if self.filled else _NO_CARDS)

    def note(self, text: str, hand: int | None = None) -> None:
        """Say what could not be checked (in the report's notes; a problem with
        ``fail_unchecked``)."""
        self.notes.append(text if hand is None else f"hand {hand}: {text}")
        self.unchecked.append((hand, text))

    def problem(self, code: str, message: str, hand: int | None = None,
                action: int | None = None, *, expected: Any = None, declared: Any = None
                ) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.omitted += 1  # counted, not kept: a report stays short
        else:
            self.problems.append(Problem(hand, action, message, code, expected, declared))
        if self.strict:
            raise _Stop

    # the record ----------------------------------------------------------------------

    def check(self, data: Any) -> None:
        if not isinstance(data, Mapping):
            self.problem("not-a-record", f"a record is a JSON object, not {_type_name(data)}")
            return
        if "format" not in data:
            self.problem("not-a-record", f"not a ginrules record: the \"format\" field is "
                         f"missing (it is {FORMAT!r})", expected=FORMAT, declared=None)
        elif data.get("format") != FORMAT:
            self.problem("not-a-record", f"not a ginrules record: \"format\" must be {FORMAT!r}, "
                         f"not {data.get('format')!r}", expected=FORMAT,
                         declared=_json_value(data.get("format")))
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            self.problem("unsupported-version", f"unsupported format version {version!r} "
                         f"(this ginrules reads version {VERSION})", expected=VERSION,
                         declared=_json_value(version))
            return
        for key in _odd_keys(data):
            self.problem("bad-field", f"a field's name must be a string, not {key!r}")
        for key in _unknown_keys(data, _TOP_KEYS):
            self.problem("unknown-field", f"unknown field {key!r} (the fields are {', '.join(sorted(_TOP_KEYS))})")
        rules = self.read_rules(data.get("rules"))
        if rules is None:
            return
        self.rules = rules
        kind = data.get("kind", "game")
        if kind not in ("game", "hand"):
            self.problem("bad-field", f"\"kind\" must be 'game' or 'hand', not {kind!r}")
            kind = "game"
        complete = data.get("complete", True)
        if not isinstance(complete, bool):
            self.problem("bad-field", f"\"complete\" must be true or false, not {complete!r}")
            complete = True
        hollywood = data.get("hollywood", False)
        if not isinstance(hollywood, bool):
            self.problem("bad-field", f"\"hollywood\" must be true or false, not {hollywood!r}")
            hollywood = False
        players = data.get("players")
        if players is not None and (
            not isinstance(players, list) or len(players) != 2
            or not all(isinstance(p, str) for p in players)
        ):
            self.problem("bad-field", "\"players\" must be a list of two names")
        meta = data.get("meta")
        if meta is not None and not isinstance(meta, Mapping):
            self.problem("bad-field", "\"meta\" must be an object")
        view = data.get("view")
        if view is not None and (type(view) is not int or view not in (0, 1)):
            self.problem("bad-field", f"\"view\" must be 0 or 1 (the player whose view this is), not {view!r}")
            view = None
        source = data.get("source")
        if source is not None and not isinstance(source, Mapping):
            self.problem("bad-field", f"\"source\" must be an object, not {_type_name(source)}")
        self.explain = _explanations(source if isinstance(source, Mapping) else {})
        final, winner = data.get("final"), data.get("winner")
        if final is not None and not _is_pair(final):
            self.problem("bad-field", "\"final\" must be two whole numbers (player 0's and "
                         "player 1's final scores)")
        if winner is not None and (type(winner) is not int or winner not in (0, 1)):
            self.problem("bad-field", f"the game's \"winner\" must be 0, 1 or null, not {winner!r}")
        if kind == "hand":
            for key in ("final", "winner"):
                if data.get(key) is not None:
                    self.problem("bad-field", f"a record of kind 'hand' has no game {key!r}: "
                                 "the hand's result is its \"outcome\"")
        hands = data.get("hands")
        if not isinstance(hands, list) or not hands:
            self.problem("bad-field", "\"hands\" must be a non-empty list of hands")
            return
        if kind == "hand" and len(hands) != 1:
            self.problem("bad-field", f"a record of kind 'hand' has exactly one hand, not {len(hands)}")
        self.check_game(hands, rules, kind == "game", complete, hollywood, view, data)

    def read_rules(self, spec: Any) -> RuleSet | None:
        if isinstance(spec, str):
            spec = {"preset": spec}
        if not isinstance(spec, Mapping):
            self.problem("bad-rules", "\"rules\" must be a preset name or {\"preset\": NAME, "
                         "\"overrides\": {...}}")
            return None
        for key in _odd_keys(spec):
            self.problem("bad-rules", f"rules: a field's name must be a string, not {key!r}")
        for key in _unknown_keys(spec, _RULES_KEYS):
            self.problem("bad-rules", f"rules: unknown field {key!r} (use \"preset\" and \"overrides\")")
        if "preset" not in spec:
            self.problem("bad-rules", "rules: the \"preset\" is missing: {\"preset\": NAME, "
                         "\"overrides\": {...}} (a preset's name alone is \"rules\": NAME)")
            return None
        overrides = spec.get("overrides", {})
        if not isinstance(overrides, Mapping):
            self.problem("bad-rules", "rules: \"overrides\" must be an object of settings")
            overrides = {}
        try:
            return preset_rules(spec.get("preset", "classic"), **dict(overrides))
        except GinRulesError as error:
            self.problem("bad-rules", f"rules: {error}")
        except TypeError as error:  # a key that is no string (a dict given in Python)
            self.problem("bad-rules", f"rules: {error}")
        return None

    # the game ------------------------------------------------------------------------

    def check_game(self, hands: list[Any], rules: RuleSet, is_game: bool, complete: bool,
                   hollywood: bool, view: int | None, data: Mapping[str, Any]) -> None:
        # the sheet is extended by each priced hand (ScoreSheet.add, as a game does):
        # checking a hand costs the same however many came before. Only a game has a
        # sheet and a next dealer: the game's modules are imported for a game record
        # alone (``ginrules validate`` of single hands starts without them).
        sheet: ScoreSheet
        if is_game:
            from ginrules.game import GameState, next_dealer
            from ginrules.sheet import ScoreSheet

            sheet = ScoreSheet.empty(hollywood=hollywood)
        priced: HandResult | HandScore | None = None
        over_at: int | None = None
        expected_dealer: int | None = None
        track = True  # whether the score sheet can still be followed
        in_progress = False  # whether the last hand is still being played
        for number, entry in enumerate(hands, 1):
            self.hand_count = number
            if is_game and over_at is not None:
                self.problem("game-continues",
                    f"play continues after the game was over (player {sheet.winner} "
                    f"reached the target {rules.target} in hand {over_at})", number)
                break
            last = number == len(hands)
            priced = None
            self.stand_ins, self.filled = _NO_CARDS, False
            self.hidden_named, self.determined, self.unreplayed_dealer = _NO_CARDS, False, None
            state, declared = self.check_hand(
                entry, number, rules, expected_dealer if is_game else None, view,
                allow_open=last and not complete, is_game=is_game)
            if state is not None and state.result is not None and self.filled \
                    and not self.determined and state.result.kind is not EndKind.DEAD:
                # made-up cards stood in for the hidden player's: price the hand by its
                # declared outcome, not by the made-up cards
                self.keep(state)
                if declared is None:
                    track = False
                    expected_dealer = None
                else:
                    priced = declared
                    expected_dealer = _next_dealer_declared(state.dealer, declared, rules)
            elif state is not None and state.result is not None:
                self.keep(state)
                result = state.result
                priced = result
                expected_dealer = next_dealer(result, rules) if is_game else None
            elif state is not None:  # the last hand, still being played
                self.keep(state)
                in_progress = True
            elif declared is not None:
                self.keep(None)  # not replayed (a view record's unchecked knock)
                priced = declared
                expected_dealer = None if self.unreplayed_dealer is None else \
                    _next_dealer_declared(self.unreplayed_dealer, declared, rules)
            else:
                self.keep(None)
                track = False
                expected_dealer = None
            if not (is_game and track):
                continue
            if priced is not None:
                try:
                    sheet = sheet.add(priced, rules)
                except GinRulesError:  # pragma: no cover - guarded by over_at
                    break
            totals = entry.get("totals") if isinstance(entry, Mapping) else None
            if _is_pair(totals):  # (another shape is reported with the hand)
                got = sheet.games[0].totals
                if tuple(totals) != got:
                    self.problem("wrong-totals",
                        f"the running totals {totals[0]}-{totals[1]} do not add up: "
                        f"after this hand they are {got[0]}-{got[1]}", number,
                        expected=list(got), declared=totals)
            if sheet.is_over and over_at is None:
                over_at = number
        declared_end = [name for key, name in (("final", "final scores"), ("winner", "winner"))
                        if data.get(key) is not None]
        if is_game and declared_end and over_at is None and (track or in_progress):
            self.problem("game-not-over", f"the record declares the game's {' and '.join(declared_end)}, "
                         "but the game is not over")
        if not is_game or not track:
            if is_game and not track:
                self.note("the game totals after an unchecked hand were not checked")
            return
        if complete and over_at is None:
            a, b = sheet.games[0].totals
            self.problem("game-incomplete",
                f"the record stops before the game is over: the totals are {a}-{b} "
                f"and the target is {rules.target}")
        final = data.get("final")
        if _is_pair(final) and over_at is not None:  # (another shape is reported above)
            got_final = sheet.final_totals()
            if tuple(final) != got_final:
                self.problem("wrong-final", f"the declared final scores {final} are wrong: they are "
                             f"{got_final[0]}-{got_final[1]} with the bonuses",
                             expected=list(got_final), declared=_json_value(final))
        winner = data.get("winner", None)
        if "winner" in data and over_at is not None and winner != sheet.winner \
                and (winner is None or type(winner) is int):  # (another type: reported above)
            self.problem("wrong-game-winner", f"the declared game winner {winner!r} is wrong: player "
                         f"{sheet.winner} won", expected=sheet.winner,
                         declared=_json_value(winner))

        states = [state for state in self.states if state is not None]
        if self.made_up or not self.keep_states or len(states) < len(self.states):
            return  # no game of made-up cards or of hands not replayed
        if over_at is not None or (not complete and len(states) == len(hands)):
            # a whole game, or one in progress: it can be played on from here
            first = states[0].dealer if states else 0
            finished = tuple(states[:-1] if in_progress else states)
            playing = states[-1] if in_progress else None
            game = GameState(rules, first, None, hollywood, finished, playing, sheet)
            meta = data.get("meta")
            seed = meta.get("seed") if isinstance(meta, Mapping) else None
            if type(seed) is int:  # not a bool
                game = attrs.evolve(game, seed=seed)
            self.game = game

    # one hand ------------------------------------------------------------------------

    def check_hand(
        self, entry: Any, number: int, rules: RuleSet, expected_dealer: int | None,
        view: int | None, *, allow_open: bool, is_game: bool = True,
    ) -> tuple[HandState | None, HandScore | None]:
        if not isinstance(entry, Mapping):
            self.problem("bad-field", "a hand is a JSON object", number)
            return None, None
        if not _HAND_KEYS.issuperset(entry):  # (every key known: no odd or unknown one)
            for key in _odd_keys(entry):
                self.problem("bad-field", f"a hand's field name must be a string, not {key!r}",
                             number)
            for key in _unknown_keys(entry, _HAND_KEYS):
                self.problem("unknown-field", f"unknown field {key!r} in a hand (the fields "
                             f"are {', '.join(sorted(_HAND_KEYS))})", number)
        source = entry.get("source")
        if source is not None and not isinstance(source, Mapping):
            self.problem("bad-field", f"a hand's \"source\" must be an object, not "
                         f"{_type_name(source)}", number)
        totals = entry.get("totals")
        if totals is not None and not _is_pair(totals):
            self.problem("bad-field", "\"totals\" must be two whole numbers", number)
        elif totals is not None and not is_game:
            self.problem("bad-field", "a record of kind 'hand' has no running \"totals\": "
                         "the hand's result is its \"outcome\"", number)
        declared = self.declared_score(entry.get("outcome"), number)
        dealer = entry.get("dealer")
        if type(dealer) is not int or dealer not in (0, 1):
            self.problem("bad-field", f"the dealer must be 0 or 1, not {dealer!r}", number)
            dealer = None
        elif expected_dealer is not None and dealer != expected_dealer:
            self.problem("wrong-dealer", f"the dealer is player {dealer}, but the next dealer is player "
                         f"{expected_dealer} under these rules", number,
                         expected=expected_dealer, declared=dealer)
        raw_actions = entry.get("actions", [])  # none: a hand just dealt
        if not isinstance(raw_actions, list):
            self.problem("bad-field", "\"actions\" must be a list of actions like \"p0 discard 7H\"", number)
            raw_actions = []
        parsed: list[tuple[int, Action, str | None] | None] = []
        for index, text in enumerate(raw_actions, 1):
            try:
                item = _WELL_WRITTEN.get(text)
            except TypeError:  # a list or a dict given for an action
                item = None
            if item is None:
                try:
                    item = parse_action(text)
                except NotationError as error:
                    self.problem("bad-action", str(error), number, index)
                    parsed.append(None)
                    continue
                if not _written_as("action", text):  # read, but not as the format writes it
                    self.problem("bad-action", f"bad action {text!r}: write the player and "
                                 "the action's words separated by spaces, none before or "
                                 "after (like 'p0 discard 7H'; any case)", number, index)
                    parsed.append(None)
                    continue
                if len(_WELL_WRITTEN) < _WELL_WRITTEN_MOST:
                    _WELL_WRITTEN[text] = item
            player, action, named = item
            if named == UNKNOWN and action.kind is not ActionKind.DRAW_STOCK:
                self.problem("unknown-card", f"the card player {player} takes from the discard pile is face "
                             "up: it cannot be unknown (\"??\")", number, index)
                item = (player, action, None)
            elif named == UNKNOWN and "deck" in entry and (view is None or player == view):
                # (a record that gives the hands checks this with the deal)
                self.problem("unknown-card", f"player {player}'s stock draw is unknown (\"??\"), which only "
                             "a record of the other player's view may write", number, index)
                item = (player, action, None)
            parsed.append(item)
        self.action_count += len(raw_actions)
        deck, filled = self.read_deal(entry, number, parsed, view, dealer or 0,
                                      rules.opening is Opening.ELEVEN_CARDS)
        if deck is None or dealer is None:
            return None, declared
        if None in parsed:
            self.note("not replayed (an action could not be read)", number)
            return None, declared
        melds = self.read_melds(entry.get("knocker_melds"), number)
        state = deal(rules, deck=deck, dealer=dealer)
        hidden = 1 - view if (view is not None and filled) else None
        self.filled = hidden is not None
        self.made_up = self.made_up or self.filled
        return self.replay_hand(state, parsed, number, melds, view, hidden, entry, allow_open,
                                declared)

    def declared_score(self, outcome: Any, number: int) -> HandScore | None:
        if outcome is None:
            return None
        if not isinstance(outcome, Mapping):
            self.problem("bad-field", "\"outcome\" must be an object", number)
            return None
        if not _OUTCOME_KEYS.issuperset(outcome):  # (every key known: none odd or unknown)
            for key in _odd_keys(outcome):
                self.problem("bad-field", f"outcome: a field's name must be a string, not "
                             f"{key!r}", number)
            for key in _unknown_keys(outcome, _OUTCOME_KEYS):
                self.problem("unknown-field", f"outcome: unknown field {key!r} (the fields "
                             f"are {', '.join(sorted(_OUTCOME_KEYS))})", number)
        kind = outcome.get("kind")
        if kind is not None and (not _written_as("endKind", kind) or kind.lower() not in _KINDS):
            self.problem("bad-field", f"outcome: unknown kind {kind!r}; the kinds are "
                         f"{', '.join(_KINDS)}", number)
        winner = outcome.get("winner")
        points = outcome.get("points", 0)
        knocker = outcome.get("knocker")
        if knocker is not None and (type(knocker) is not int or knocker not in (0, 1)):
            self.problem("bad-field", f"outcome: the knocker must be 0, 1 or null, not {knocker!r}", number)
            return None
        if winner is not None and (type(winner) is not int or winner not in (0, 1)):
            self.problem("bad-field", f"outcome: the winner must be 0, 1 or null, not {winner!r}", number)
            return None
        if not _is_whole(points) or points < 0:
            self.problem("bad-field", f"outcome: points must be a whole number >= 0, not {points!r}", number)
            return None
        dw = outcome.get("deadwood")
        if dw is not None and (not isinstance(dw, list) or len(dw) != 2
                               or not all(_is_whole(d) for d in dw)):
            self.problem("bad-field", "outcome: \"deadwood\" must be two whole numbers "
                         "(player 0's, player 1's)", number)
        if winner is not None and "points" not in outcome:
            return None  # a partial outcome: it does not say what the hand is worth
        return HandScore(None if winner is None else "knocker", winner, points if winner
                         is not None else 0, points, 0, False, False)

    def read_melds(self, raw: Any, number: int) -> tuple[Meld, ...] | None:
        if raw is None:
            return None
        if not isinstance(raw, list):
            self.problem("bad-melds", "\"knocker_melds\" must be a list of melds", number)
            return None
        out = []
        for meld in raw:
            cards = meld.replace(",", " ").split() if isinstance(meld, str) else meld
            if not isinstance(cards, list) or not all(_written_as("card", c) for c in cards):
                self.problem("bad-melds", f"knocker_melds: a meld is a string of cards or a "
                             f"list of cards like \"7H\", not {_shown(meld)}", number)
                return None
            try:
                out.append(Meld.of(meld if isinstance(meld, str) else list(meld)))
            except (GinRulesError, TypeError) as error:
                self.problem("bad-melds", f"knocker_melds: {error}", number)
                return None
        return tuple(out)

    # the replay ----------------------------------------------------------------------

    def replay_hand(
        self, state: HandState, parsed: list[tuple[int, Action, str | None] | None],
        number: int, melds: tuple[Meld, ...] | None, view: int | None, hidden: int | None,
        entry: Mapping[str, Any], allow_open: bool, declared: HandScore | None,
    ) -> tuple[HandState | None, HandScore | None]:
        # exact: nothing made up, or only the one way the hidden cards can be
        exact = hidden is None or self.determined
        unreplayed: tuple[int, Action, HandState] | None = None  # the hidden player's end
        for index, item in enumerate(parsed, 1):
            assert item is not None
            player, action, named = item
            if state.phase is Phase.OVER or unreplayed is not None:
                if unreplayed is None:
                    assert state.result is not None
                    what = _describe_result(state.result)
                    why = self.explain.after_over(state, action)
                else:  # (a knock or big gin ends the hand, whatever the hidden cards)
                    what, why = f"player {hidden}'s {unreplayed[1]}", ""
                self.problem("play-after-end",
                    f"play continues after the hand was over ({what} at action {index - 1}): "
                    f"{player_text(player, action)}" + why, number, index)
                return (state if unreplayed is None else None), None
            if named is not None and named != UNKNOWN:
                actual = self.card_moved(state, action)
                if actual is not None and str(actual) != named:
                    where = ("the stock" if action.kind is ActionKind.DRAW_STOCK
                             else "the discard pile")
                    self.problem("wrong-card", f"the record says player {player} drew {named} from {where}, "
                                 f"but the top card there is {actual}", number, index,
                                 expected=str(actual), declared=named)
                    return None, declared
            try:
                if action.kind is ActionKind.KNOCK and melds is not None and player == state.turn:
                    state = knock(state, action.card, melds)  # type: ignore[arg-type]
                else:
                    state = apply(state, action, player=player)
            except IllegalActionError as error:
                if not exact and player == hidden and action.kind in (
                        ActionKind.KNOCK, ActionKind.BIG_GIN) and could_end(state, player, action):
                    # it hangs on the hidden cards: the hand ends here all the same
                    unreplayed = (index, action, state)
                    continue
                self.problem("illegal-action", str(error) + self.explain.illegal(state, action),
                             number, index)
                return None, declared
        if unreplayed is not None:
            assert view is not None
            at, action, before = unreplayed
            self.unreplayed_dealer = before.dealer
            self.check_seen(before, parsed, at, view, entry, self.hidden_named, number, True)
            self.check_view_outcome(end_of(before, view, self.stand_ins, action, at),
                                    entry.get("outcome"), melds, number)
            return None, declared
        if state.phase is not Phase.OVER:
            if view is not None:  # the hidden hand is known when the stock is drawn out
                self.check_seen(state, parsed, len(parsed), view, entry, self.hidden_named,
                                number, state.stock_drawn == 31)
            if not allow_open:
                what = {Phase.OFFER: "take or pass the upcard", Phase.DRAW: "draw",
                        Phase.DISCARD: "discard"}[state.phase]
                self.problem("hand-incomplete", f"the hand stops before it is over: player {state.turn} is "
                             f"to {what}" + self.explain.stopped(state), number)
            elif isinstance(entry.get("outcome"), Mapping) and entry["outcome"]:
                self.problem("hand-not-over", "the record declares the outcome of this hand, "
                             "but the hand is not over (it is still in play)", number)
            return state, None
        assert state.result is not None
        if view is not None:  # a knock shows both hands
            self.check_seen(state, parsed, len(state.actions), view, entry, self.hidden_named,
                            number, state.result.kind is not EndKind.DEAD
                            or state.stock_drawn == 31)
        if melds is not None and state.actions[-1][1].kind is not ActionKind.KNOCK:
            self.problem("bad-melds", f"\"knocker_melds\" are given, but the hand ended with "
                         f"{_describe_result(state.result)}, not a knock", number)
        elif melds is not None and state.rules.auto_layout and state.result.knocker is not None \
                and (exact or state.result.knocker != hidden):
            # rules that lay hands out for the players: worse melds are a false statement
            used = 0
            for meld in melds:
                used |= meld.mask
            stated = sum(c.points for c in cards_from_mask(
                state.masks[state.result.knocker] & ~used))
            best = state.result.knocker_deadwood
            if stated > best:
                self.problem(
                    "worse-melds", f"the knocker's melds leave deadwood {stated}, but these "
                    f"rules lay the hand out for the least deadwood, {best} (auto_layout: "
                    "the German rules page and the Polish site arrange hands for the "
                    "players)", number, expected=best, declared=stated)
        if exact:
            self.check_outcome(state, entry.get("outcome"), number)
            return state, None
        assert view is not None
        self.check_view_outcome(end_of(state, view, self.stand_ins, None, len(state.actions)),
                                entry.get("outcome"), melds, number)
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
        if kind is not None and (not isinstance(kind, str) or kind.lower() != result.kind.value):
            self.problem("wrong-kind", f"the declared kind is {kind!r}, but the hand ended with "
                         f"{_describe_result(result)}", number,
                         expected=result.kind.value, declared=_json_value(kind))
        if "knocker" in outcome and outcome["knocker"] != result.knocker:
            who = "nobody knocked" if result.knocker is None else \
                f"player {result.knocker} knocked"
            self.problem("wrong-knocker", f"the declared knocker is {outcome['knocker']!r}, but {who}", number,
                         expected=result.knocker, declared=_json_value(outcome["knocker"]))
        dw = outcome.get("deadwood")
        follows = ""
        # (deadwood that is not two whole numbers is a bad field, reported already)
        if isinstance(dw, list) and len(dw) == 2 and all(_is_whole(d) for d in dw) \
                and result.knocker is None:
            for p in (0, 1):  # a dead hand: what each player's cards hold at its end
                held = _deadwood(state.masks[p])
                if dw[p] != held:
                    self.problem("wrong-deadwood", f"the declared deadwood of player {p} is "
                                 f"{dw[p]}, but it is {held} (the deadwood of the cards held "
                                 "at the end of a dead hand)", number, expected=held,
                                 declared=dw[p])
        elif isinstance(dw, list) and len(dw) == 2 and all(_is_whole(d) for d in dw) \
                and result.knocker is not None:
            actual = [0, 0]
            actual[result.knocker] = result.knocker_deadwood
            actual[1 - result.knocker] = result.defender_deadwood
            for p in (0, 1):
                if dw[p] != actual[p]:
                    follows = " (this follows from the deadwood difference)"
                    role = "the knocker" if p == result.knocker else "the defender"
                    self.problem("wrong-deadwood", f"the declared deadwood of player {p} ({role}) is {dw[p]}, "
                                 f"but it is {actual[p]}" + _before_layoffs(result, p, dw[p])
                                 + self.explain.deadwood(state, p, dw[p]), number,
                                 expected=actual[p], declared=_json_value(dw[p]))
        if "winner" in outcome and outcome["winner"] != score.player:
            self.problem("wrong-winner", f"the declared winner is {_who(outcome['winner'])}, but "
                         f"{_score_text(result, score)}" + self.explain.tie(result, score)
                         + follows, number, expected=score.player,
                         declared=_json_value(outcome["winner"]))
        elif "points" in outcome and outcome["points"] != score.points:
            self.problem("wrong-points", f"the declared points are {outcome['points']!r}, but "
                         f"{_score_text(result, score)}{follows}", number,
                         expected=score.points, declared=_json_value(outcome["points"]))


_NO_CARDS: frozenset[Card] = frozenset()
# The action texts read before that are written as the format writes them, and what they
# read as: a record repeats a few dozen texts thousands of times, and each is read and
# held to the schema's pattern once, not once an action; at most as many as parse_action
# keeps.
_WELL_WRITTEN: dict[str, tuple[int, Action, str | None]] = {}
_WELL_WRITTEN_MOST = 10_000
_RULES_KEYS = frozenset({"preset", "overrides"})


def _next_dealer_declared(dealer: int, declared: HandScore, rules: RuleSet) -> int:
    """:func:`~ginrules.game.next_dealer` after a hand (not dead) that ``dealer`` dealt,
    with the winner taken from the declared outcome (for a hand replayed with made-up
    cards, or not replayed)."""
    how = rules.dealer_after_hand
    if how is NextDealer.WINNER and declared.player is not None:
        return declared.player
    if how is NextDealer.LOSER and declared.player is not None:
        return 1 - declared.player
    return dealer if how is NextDealer.SAME else 1 - dealer


def _shown(value: object) -> str:
    """A value in a message, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_pair(value: object) -> TypeGuard[list[int]]:
    """Whether a JSON value is two whole numbers (a player's each)."""
    return (isinstance(value, list) and len(value) == 2 and _is_whole(value[0])
            and _is_whole(value[1]))


def _odd_keys(mapping: Mapping[Any, Any]) -> list[Any]:
    """The keys of a mapping that are not strings (a dict made in Python, not JSON).

    >>> _odd_keys({"a": 1, 2: 3, None: 4})
    [2, None]
    """
    if _STRINGS.issuperset(map(type, mapping)):  # JSON's: every key a str, seen at C speed
        return []
    return sorted((k for k in mapping if not isinstance(k, str)), key=repr)


def _unknown_keys(mapping: Mapping[Any, Any], known: frozenset[str]) -> list[str]:
    """The string keys of a mapping that are not ``known``, sorted.

    >>> _unknown_keys({"b": 1, "a": 2, 3: 4}, frozenset({"a"}))
    ['b']
    """
    if known.issuperset(mapping):  # the usual case, seen at C speed
        return []
    return sorted(k for k in mapping if isinstance(k, str) and k not in known)


_STRINGS = frozenset({str})

