"""A wrong argument to any public callable is a GinRulesError: a WrongTypeError (also a
TypeError) for a wrong type, with a message that says what to pass instead; never an
AttributeError, TypeError, KeyError, IndexError, ZeroDivisionError or plain ValueError from
inside.

The callables are found, not listed, so that a new one is covered the day it is added:
every function and class in the ``__all__`` of every public module, each class's
constructor and its public methods (its own and its ginrules bases', classmethods and
staticmethods too). Each parameter in turn gets wrong values (``FIXED``, then more drawn
by hypothesis) while the others get valid example values (``examples``, ``BY_NAME``,
``OVERRIDES``; :func:`test_the_valid_examples_are_valid` checks that they are valid). A
value of the type the annotation names is not wrong and is not tried, except strings where
a string is taken (a NUL character, text that is no card, no rule set, no path). A
parameter annotated ``Any`` or ``object`` gets every value: what it takes, it checks.

What is not called, and why, is ``EXEMPT``; the cases whose fix lies in a file being
changed elsewhere are ``WAITING`` (strict xfail: the mark goes when the fix is merged).
Side effects: files are written in a temporary folder (the callables that write take a
path: ``dump``); ``play_in_terminal`` gets functions for its input and output; processes
are never started (``workers`` is an int, and no int is a wrong value for it).

The interop callables whose extras are missing are skipped here;
``tests/extras/test_wrong_types_interop.py`` runs them where the extras are installed.
"""

from __future__ import annotations

import collections.abc as cabc
import contextlib
import enum
import functools
import importlib
import inspect
import io
import os
import pkgutil
import random
import re
import sys
import types
import typing
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import GinRulesError
from strategies import gin_deck

# -- finding the callables ------------------------------------------------------------


def public_modules() -> list[str]:
    """Every module of ginrules whose dotted name has no part starting with ``_``."""
    names = ["ginrules", *sorted(
        info.name for info in pkgutil.walk_packages(ginrules.__path__, "ginrules."))]
    return [name for name in names
            if not any(part.startswith("_") for part in name.split(".")[1:])]


@dataclass(frozen=True)
class Target:
    """One public callable: ``owner`` is the class of a method (``bound`` when it needs an
    instance), ``function`` what is called."""

    qualname: str
    module: str
    function: Callable[..., Any]
    owner: type | None = None
    bound: bool = False

    @property
    def is_constructor(self) -> bool:
        return inspect.isclass(self.function)

    @property
    def is_enum(self) -> bool:
        return self.is_constructor and issubclass(self.function, enum.Enum)


def _methods(cls: type) -> Iterator[tuple[str, Any, bool]]:
    """The public methods of ``cls`` (its own and its ginrules bases'), as (name,
    function, needs an instance)."""
    seen: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("ginrules") or issubclass(klass, BaseException):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") or name in seen or isinstance(value, enum.Enum):
                continue
            if "__mutmut_" in name or "\u01c1" in name:  # mutmut's copies, not the API
                continue
            if isinstance(value, staticmethod):
                seen.add(name)
                yield name, value.__func__, False
            elif isinstance(value, classmethod):
                seen.add(name)
                yield name, getattr(cls, name), False
            elif inspect.isfunction(value):
                seen.add(name)
                yield name, value, True


def public_callables(prefix: str = "ginrules") -> list[Target]:
    """Every public callable of the modules under ``prefix``."""
    out: list[Target] = []
    seen: set[int] = set()
    for module_name in public_modules():
        if not (module_name == prefix or module_name.startswith(prefix + ".")):
            continue
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue
            if id(value) in seen or not (value.__module__ or "").startswith("ginrules"):
                continue
            seen.add(id(value))
            qualname = f"{module_name}.{name}"
            out.append(Target(qualname, module_name, value))
            if inspect.isclass(value) and not issubclass(value, (BaseException, enum.Enum)):
                for method, function, bound in _methods(value):
                    out.append(Target(f"{qualname}.{method}", module_name, function,
                                      owner=value, bound=bound))
    return out


# -- annotations ----------------------------------------------------------------------


def _namespace(module_name: str) -> dict[str, Any]:
    """The names an annotation of ``module_name`` may use, some only for type checking."""
    from concurrent.futures import Executor

    ns: dict[str, Any] = {}
    for name in public_modules():
        with contextlib.suppress(ImportError):
            module = importlib.import_module(name)
            ns.update({n: getattr(module, n) for n in getattr(module, "__all__", ())
                       if hasattr(module, n)})
    ns.update(vars(typing))
    ns.update({"os": os, "random": random, "Executor": Executor, "argparse":
               importlib.import_module("argparse"), "Iterable": cabc.Iterable,
               "Iterator": cabc.Iterator, "Sequence": cabc.Sequence, "Mapping":
               cabc.Mapping, "Callable": cabc.Callable})
    from ginrules.game import Policy
    from ginrules.simulate import PlayerSpec
    ns.update({"Policy": Policy, "PlayerSpec": PlayerSpec})
    ns.update(vars(sys.modules[module_name]))
    return ns


def _resolve(annotation: Any, ns: dict[str, Any]) -> Any:
    if isinstance(annotation, str):
        return _resolve(eval(annotation, ns), ns)
    if isinstance(annotation, typing.ForwardRef):
        return _resolve(eval(annotation.__forward_arg__, ns), ns)
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[tuple(  # noqa: UP007 (a union built at run time)
            _resolve(a, ns) for a in typing.get_args(annotation))]
    return annotation


def conforms(value: object, tp: Any) -> bool:
    """Whether ``value`` is of the type ``tp`` (shallowly: a container's first items)."""
    if tp is Any or tp is object or isinstance(tp, typing.TypeVar):
        return True
    if tp is None or tp is type(None):
        return value is None
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if origin is typing.Literal:
        return value in args
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if origin is None:
        if tp is typing.IO or tp is io.IOBase:
            return hasattr(value, "write")
        if not isinstance(tp, type):
            return True  # an alias the checker cannot read: nothing is wrong
        try:
            return isinstance(value, tp)
        except TypeError:  # a protocol that is not runtime-checkable
            return True
    if origin is typing.IO:
        return hasattr(value, "write")
    if origin is os.PathLike:
        return isinstance(value, os.PathLike)
    if origin is cabc.Callable:
        return callable(value)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value[:4])
        return len(args) == len(value) and all(conforms(v, a) for v, a in zip(value, args,
                                                                          strict=True))
    if origin in (dict, cabc.Mapping):
        if not isinstance(value, cabc.Mapping):
            return False
        items = list(value.items())[:4]
        return not args or all(conforms(k, args[0]) and conforms(v, args[1])
                               for k, v in items)
    if isinstance(origin, type):
        if not isinstance(value, origin):
            return False
        if args and isinstance(value, (list, tuple, set, frozenset)):
            return all(conforms(v, args[0]) for v in list(value)[:4])
        return True
    return True


def of_its_type(value: object, tp: Any) -> bool:
    """Whether ``value``'s own class is one ``tp`` takes, whatever it holds (a tuple of the
    wrong length, a list of the wrong things are of the type: their contents are wrong)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(of_its_type(value, a) for a in typing.get_args(tp))
    if origin in (cabc.Iterable, cabc.Sequence, cabc.Collection):
        return isinstance(value, cabc.Iterable)
    if origin in (tuple, list, dict, set, frozenset, cabc.Mapping):
        return isinstance(value, origin)
    return conforms(value, tp)


def _takes_str(tp: Any) -> bool:
    """Whether ``tp`` names ``str`` itself (not a sequence of strings)."""
    if tp is str:
        return True
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return any(_takes_str(a) for a in typing.get_args(tp))
    return False


@functools.cache
def parameters(target: Target) -> tuple[tuple[inspect.Parameter, Any], ...]:
    """The parameters of ``target`` that an argument can be passed to (not ``self``), with
    their resolved annotations."""
    function = target.function
    if target.is_enum:
        return ((inspect.Parameter("value", inspect.Parameter.POSITIONAL_ONLY), Any),)
    signature = inspect.signature(function)
    ns = _namespace(getattr(function, "__module__", target.module))
    out = []
    for index, parameter in enumerate(signature.parameters.values()):
        if target.bound and index == 0:
            continue  # self
        if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            continue
        annotation = parameter.annotation
        tp = Any if annotation is inspect.Parameter.empty else _resolve(annotation, ns)
        out.append((parameter, tp))
    return tuple(out)


# -- valid example values -------------------------------------------------------------


def _played(state: Any, until: Callable[[Any], bool]) -> Any:
    """``state`` played on by random legal actions until ``until`` holds."""
    from ginrules.game import random_policies

    choose, _ = random_policies(3)
    while not until(state):
        state = state.apply(choose(state, state.turn))
    return state


@functools.cache
def examples() -> dict[str, Any]:
    """One valid value of each kind, made once."""
    from ginrules import game as games
    from ginrules import players
    from ginrules.history import History
    from ginrules.interop.episode import Episode
    from ginrules.interop.rewards import Rewards
    from ginrules.players.lookahead import Table
    from ginrules.players.particles import read_hand
    from ginrules.sheet import ScoreSheet
    from ginrules.simulate import simulate

    classic = ginrules.rules("classic")
    state = ginrules.deal(classic, seed=7, dealer=0)
    game = ginrules.new_game(classic, seed=1)
    view = ginrules.view(state, 1)
    result, score = ginrules.showdown("7H 8H 9H 7C 7D 7S 2C 3C 4C AS",
                                      "KS QS JS 2D 4D 6D 8D TD 9C 5H")
    record_data = ginrules.records.to_record(state)
    episode = Episode()
    episode.reset(1)
    rewards = Rewards(Episode(), "shaped")
    rewards.reset(1)
    over = games.play(ginrules.new_game(ginrules.rules("short"), seed=3),
                      games.random_policies(3))
    assert game.hand is not None
    return {
        "rules": classic,
        "state": state,
        "drawing": _played(state, lambda s: s.phase is ginrules.Phase.DRAW),
        "discarding": _played(state, lambda s: s.phase is ginrules.Phase.DISCARD),
        "knocking": _played(state, lambda s: any(a.kind is ginrules.ActionKind.KNOCK
                                                 for a in s.legal_actions())),
        "game": game,
        "game_over": over,
        "hand_over": _played(game.hand, lambda s: s.is_over),
        "view": view,
        "result": result,
        "score": score,
        "card": ginrules.Card.parse("TH"),
        "action": ginrules.Action.parse("pass"),
        "meld": ginrules.Meld.of("7H 8H 9H"),
        "arrangement": ginrules.arrange("7H 8H 9H 7C 7D 7S 2C 3C 4C AS"),
        "deck": ginrules.Deck.standard(),
        "record_data": record_data,
        "record": ginrules.load(record_data),
        "report": ginrules.validate(record_data),
        "sheet": ScoreSheet.empty(),
        "history": History(game),
        "history_moved": History(game).apply(game.legal_actions()[0]),
        "episode": episode,
        "rewards": rewards,
        "reading": read_hand(view, particles=20),
        "table": Table.of(classic, 10),
        "player": players.RandomPlayer(),
        "simulation": simulate("classic", ("random", "random"), games=1, max_hands=1),
    }


def _instances() -> dict[type, Any]:
    """A valid instance of each class that has one here (also the values of parameters
    annotated with the class)."""
    ex = examples()
    out: dict[type, Any] = {}
    for value in ex.values():
        out.setdefault(type(value), value)
    from ginrules import players
    from ginrules.interop.convert import EaaiExplanations, RLCardExplanations
    from ginrules.interop.openspiel import OpenSpielExplanations
    from ginrules.records import Explanations, Problem

    for cls in (players.BasicPlayer, players.SimplePlayer, players.AdvancedPlayer):
        out[cls] = cls()
    out[players.ExpertPlayer] = players.ExpertPlayer(samples=2, playouts=2)
    out[players.MasterPlayer] = players.MasterPlayer(samples=2, playouts=2, particles=20)
    out[Explanations] = Explanations()
    out[OpenSpielExplanations] = OpenSpielExplanations({})
    out[EaaiExplanations] = EaaiExplanations({"from": "eaai"})
    out[RLCardExplanations] = RLCardExplanations({"from": "rlcard"})
    out[Problem] = Problem(1, 1, "a problem")
    out[ginrules.Layoff] = ginrules.Layoff(ex["card"], 0, ex["meld"])
    out[ginrules.BestDiscards] = ginrules.best_discards("7H 8H 9H 7C 7D 7S 2C 3C 4C AS KS")
    out[ginrules.Hint] = ginrules.hint(ex["view"], budget=0.01)
    out[players.KnockEstimate] = players.KnockEstimate(6, 0.1, 3.0, 2.0, None, None, 48, "any")
    from ginrules.players.knock_models import KnockModel

    out[KnockModel] = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0))
    out[players.Event] = players.Event(0, ex["action"], None)
    out[type(ex["state"].setup)] = ex["state"].setup
    sim = ex["simulation"]
    out[type(sim.players[0])] = sim.players[0]
    sheet = ex["sheet"].add(ex["result"], ex["rules"])
    out[type(sheet)] = sheet
    out[type(sheet.rows[0])] = sheet.rows[0]
    out[type(sheet.games[0])] = sheet.games[0]
    final = ex["game_over"].sheet.games[0].final
    out[type(final[0])] = final[0]
    state = ex["state"]
    out[players.InformationSet] = players.InformationSet.start(
        state.rules, 1, state.dealer, state.cards(1), state.upcard)
    from ginrules.players.external import ExternalPlayer

    out[ExternalPlayer] = ExternalPlayer("python -m ginrules serve")
    return out


def _knocked(seat: int) -> Any:
    """The information set of ``seat`` in the gin-deck hand: after the take (the
    knocker, seat 0) or after the knock (the defender, seat 1)."""
    from ginrules.players import InformationSet

    state = ginrules.deal(ginrules.rules("classic"), deck=gin_deck(), dealer=1)
    info = InformationSet.start(state.rules, seat, 1, state.cards(seat), state.upcard)
    info = info.observe(0, "take")
    return info if seat == 0 else info.observe(0, "knock KH",
                                               melds=["AS 2S 3S 4S 5S 6S 7S 8S 9S TS"])


@functools.cache
def instances() -> dict[type, Any]:
    return _instances()


# Valid values of parameters by name, where the annotation alone does not say (an int,
# a string); a function of the examples.
BY_NAME: dict[str, Callable[[dict[str, Any]], Any]] = {
    "cards": lambda ex: "7H 8H 9H 7C 7D 7S 2C 3C 4C AS",
    "knocker_cards": lambda ex: "7H 8H 9H 7C 7D 7S 2C 3C 4C AS",
    "defender_cards": lambda ex: "KS QS JS 2D 4D 6D 8D TD 9C 5H",
    "defender": lambda ex: "KS QS JS 2D 4D 6D 8D TD 9C 5H",
    "knocker_melds": lambda ex: ["7H 8H 9H"],
    "text": lambda ex: "7H",
    "mask": lambda ex: ginrules.cards_to_mask("7H 8H 9H 7C 7D 7S 2C 3C 4C AS"),
    "index": lambda ex: 5,
    "card_id": lambda ex: 5,
    "action_id": lambda ex: 0,
    "seed": lambda ex: 0,
    "number": lambda ex: 1,
    "player": lambda ex: 1,
    "dealer": lambda ex: 0,
    "knocker": lambda ex: 0,
    "knock_limit": lambda ex: 10,
    "count": lambda ex: 3,
    "successes": lambda ex: 3,
    "trials": lambda ex: 10,
    "mine": lambda ex: 50,
    "theirs": lambda ex: 40,
    "target": lambda ex: 100,
    "name": lambda ex: "classic",
    "source": lambda ex: ex["record_data"],
    "sources": lambda ex: [ex["record_data"]],
    "item": lambda ex: ex["state"],
    "data": lambda ex: ex["result"].to_dict(),
    "history": lambda ex: [0, 1],
    "ids": lambda ex: [52],
    "phase": lambda ex: ginrules.Phase.OFFER,
    "declared": lambda ex: 20,
    "upcard": lambda ex: ginrules.Card.parse("7H"),
    "message": lambda ex: "a problem",
    "hands": lambda ex: [ex["result"]],
    "players": lambda ex: ("random", "random"),
    "seats": lambda ex: (None, ginrules.players.RandomPlayer()),
    "argv": lambda ex: ["deadwood", "7H 8H 9H"],
}

def _const(value: object) -> Callable[[dict[str, Any]], Any]:
    """The function of the examples that gives ``value``."""
    return lambda ex: value


# Valid values of one callable's parameters: (qualname, parameter) -> a function of the
# examples. Also the optional parameters whose default would be slow, or would read the
# terminal.
OVERRIDES: dict[tuple[str, str], Callable[[dict[str, Any]], Any]] = {
    ("ginrules.Action.parse", "text"): lambda ex: "pass",
    ("ginrules.Action", "kind"): lambda ex: ginrules.ActionKind.TAKE,
    ("ginrules.Card", "rank"): lambda ex: 7,
    ("ginrules.simulate.simulate", "games"): lambda ex: 1,
    ("ginrules.simulate.simulate", "max_hands"): lambda ex: 1,
    ("ginrules.terminal.play_in_terminal", "read"): lambda ex: (lambda prompt: "quit"),
    ("ginrules.terminal.play_in_terminal", "write"): lambda ex: (lambda text: None),
    ("ginrules.hint", "budget"): lambda ex: 0.01,
    ("ginrules.parse_move", "text"): lambda ex: "pass",  # (the example view's offer)
    ("ginrules.players.particles.read_hand", "particles"): lambda ex: 20,
    **{("ginrules.players.KnockEstimate", name): _const(value) for name, value in (("deadwood", 6), ("undercut_risk", 0.1), ("knock_points", 3.0),
                           ("play_on_points", 2.0), ("knock_wins_game", 0.5),
                           ("play_on_wins_game", 0.4), ("samples", 48),
                           ("opponent", "expert"))},
    **{("ginrules.players.knock_models.undercut_risk", name): _const(value)
       for name, value in (("opponent", "expert"), ("share", 0.1), ("deadwood", 6),
                                   ("draws", 3), ("stock", 20))},
    ("ginrules.players.knock_models.KnockModel", "risk"): _const((0.0, 1.0, 0.0, 0.0, 0.0)),
    ("ginrules.players.knock_models.KnockModel", "knock"): _const((0.0, 1.0)),
    ("ginrules.players.knock_models.KnockModel", "play_on"): _const((0.0, 1.0)),
    ("ginrules.players.knock_models.KnockModel", "game"): _const((0.0, 1.0)),
    ("ginrules.hint", "level"): lambda ex: "advanced",
    ("ginrules.hint", "opponent"): lambda ex: "expert",
    ("ginrules.interop.episode.Episode.step", "action"): lambda ex: ex["episode"].view(
        ex["episode"].turn).legal_actions[0],
    ("ginrules.interop.rewards.Rewards.step", "action"): lambda ex: ex["rewards"].episode.view(
        ex["rewards"].episode.turn).legal_actions[0],
    ("ginrules.Card", "suit"): lambda ex: ginrules.Suit.HEARTS,
    ("ginrules.Meld.of", "cards"): lambda ex: "7H 8H 9H",
    ("ginrules.Meld.from_mask", "mask"): lambda ex: ginrules.cards_to_mask("7H 8H 9H"),
    ("ginrules.Meld.extended", "card"): lambda ex: ginrules.Card.parse("TH"),
    ("ginrules.View.from_dict", "data"): lambda ex: ex["view"].to_dict(),
    ("ginrules.deal", "seed"): lambda ex: 7,
    ("ginrules.new_game", "seed"): lambda ex: 1,
    ("ginrules.cli.main", "argv"): lambda ex: ["deadwood", "7H 8H 9H"],
    ("ginrules.game.deal_hand", "game"): lambda ex: ginrules.new_game(ex["rules"], dealer=1),
    ("ginrules.game.deal_hand", "deck"): lambda ex: ex["deck"],
    ("ginrules.game.play", "players"): lambda ex: (ex["player"], ex["player"]),
    ("ginrules.game.record_hand", "finished"): lambda ex: ex["hand_over"],
    ("ginrules.draw", "state"): lambda ex: ex["drawing"],
    ("ginrules.discard", "state"): lambda ex: ex["discarding"],
    ("ginrules.discard", "card"): lambda ex: ex["discarding"].cards(
        ex["discarding"].turn)[0],
    ("ginrules.knock", "state"): lambda ex: ex["knocking"],
    ("ginrules.knock", "card"): lambda ex: next(
        a.card for a in ex["knocking"].legal_actions() if a.kind is ginrules.ActionKind.KNOCK),
    ("ginrules.history.History.undo", "player"): lambda ex: ex["game"].hand.turn,
    ("ginrules.interop.openspiel.from_openspiel", "history"): lambda ex: (
        [*range(21), 54, 54, 53, 21, 21]),
    ("ginrules.interop.convert.from_kaggle_episode", "episode"): lambda ex: str(
        Path(__file__).parent / "data" / "kaggle" / "knock.json"),
    ("ginrules.interop.convert.from_eaai_log", "text"): lambda ex: (
        Path(__file__).parent / "data" / "eaai" / "seed1.log").read_text(),
    ("ginrules.interop.convert.from_rlcard", "moves"): lambda ex: (
        Path(__file__).parent / "data" / "rlcard" / "knock.txt").read_text(),
    ("ginrules.interop.convert.from_rlcard", "rules"): lambda ex: "rlcard",
    ("ginrules.interop.convert.read_openspiel_history", "text"): lambda ex: "[0, 1, 2]",
    ("ginrules.interop.convert.read_openspiel_params", "text"): lambda ex: (
        '{"knock_card": 10}'),
    ("ginrules.interop.convert.to_openspiel_history", "record"): lambda ex: (
        ginrules.records.to_record(ginrules.deal(ginrules.rules("openspiel"), seed=7,
                                                 dealer=1))),
    ("ginrules.players.make_player", "name"): lambda ex: "random",
    ("ginrules.players.lookahead.deals", "pool"): lambda ex: list(range(30)),
    ("ginrules.players.lookahead.deals", "hidden"): lambda ex: 8,
    ("ginrules.players.lookahead.deals", "known"): lambda ex: 1 << 40,
    ("ginrules.players.lookahead.deals", "weights"): lambda ex: [1.0] * 52,
    ("ginrules.players.lookahead.deals", "count"): lambda ex: 2,
    ("ginrules.players.lookahead.deals", "rng"): lambda ex: random.Random(1),
    ("ginrules.players.lookahead.play_out", "first"): lambda ex: ginrules.cards_to_mask(
        "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"),
    ("ginrules.players.lookahead.play_out", "second"): lambda ex: ginrules.cards_to_mask(
        "TC JC QC 2S 3S 4S 9D 9S KD KH"),
    ("ginrules.players.lookahead.play_out", "stock"): lambda ex: [
        ginrules.Card.parse(c).index for c in ("5C", "7C", "6S")],
    ("ginrules.players.lookahead.play_out", "top"): lambda ex: -1,
    ("ginrules.players.lookahead.play_out", "turn"): lambda ex: 0,
    ("ginrules.players.lookahead.play_out", "limits"): lambda ex: (10, 10),
    ("ginrules.players.lookahead.knock_points", "knocker"): lambda ex: ginrules.cards_to_mask(
        "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"),
    ("ginrules.players.lookahead.knock_points", "defender"): lambda ex: ginrules.cards_to_mask(
        "TC JC QC 2S 3S 4S 9D 9S KD KH"),
    ("ginrules.players.lookahead.defender_deadwood", "chains"): lambda ex: (
        ginrules.players.lookahead.layoff_chains(ginrules.arrange("4H 5H 6H 9C 9D 9S AC 2C"))),
    ("ginrules.players.lookahead.defender_deadwood", "defender"): lambda ex: (
        ginrules.cards_to_mask("7H 8H 9H KS QS JS 5C 5D 7S 7D")),
    ("ginrules.records.parse_action", "text"): lambda ex: "p0 pass",
    # (an engine no record names, with the plain explanations: registering changes nothing)
    ("ginrules.records.register_explanations", "engine"): lambda ex: "wrong-types-test",
    ("ginrules.records.register_explanations", "explanations"): lambda ex: (
        ginrules.records.Explanations),
    ("ginrules.players.seat", "player"): lambda ex: ex["player"],
    ("ginrules.format_cards", "cards"): lambda ex: ginrules.parse_cards("7H 8H 9H"),
    ("ginrules.players.InformationSet.start", "upcard"): lambda ex: "KD",
    ("ginrules.text.move_in_words", "who"): lambda ex: "the computer",
    ("ginrules.players.InformationSet.knock_layout", "action"): lambda ex: "knock KH",
    ("ginrules.players.InformationSet.reveal", "cards"): lambda ex: ginrules.deal(
        ginrules.rules("classic"), deck=gin_deck(), dealer=1).apply("take").apply(
        "knock KH").cards(0),
}

# The instance a method is called on, where the example of its class will not do.
SELF: dict[str, Callable[[dict[str, Any]], Any]] = {
    "ginrules.history.History.undo": lambda ex: ex["history_moved"],
    "ginrules.players.InformationSet.knock_layout": lambda ex: _knocked(0),
    "ginrules.players.InformationSet.reveal": lambda ex: _knocked(1),
    "ginrules.players.InformationSet.defence": lambda ex: _knocked(1),
}

# What a valid call may still refuse, and why (the state it would need is rare).
REFUSED_WHEN_VALID = {
    "ginrules.big_gin": "a state where big gin is legal is rare: the state is checked "
                        "first, and the test of a wrong state still runs",
}


class NoExample(LookupError):
    pass


def _classes_of(tp: Any) -> list[type]:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [c for a in typing.get_args(tp) for c in _classes_of(a)]
    return [tp] if isinstance(tp, type) else []


def valid_value(target: Target, parameter: inspect.Parameter, tp: Any) -> Any:
    """A valid value of ``parameter`` of ``target``."""
    ex = examples()
    key = (target.qualname, parameter.name)
    if key in OVERRIDES:
        return OVERRIDES[key](ex)
    if target.is_enum:
        return next(iter(target.function)).value
    if parameter.name in BY_NAME:
        return BY_NAME[parameter.name](ex)
    known = instances()
    for cls in _classes_of(tp):
        if cls in known:
            return known[cls]
        for klass, value in known.items():
            if isinstance(klass, type) and issubclass(klass, cls) and cls is not object:
                return value
    raise NoExample(f"no valid example for {target.qualname}({parameter.name}: {tp})")


def _attrs_fields(cls: type) -> dict[str, Any] | None:
    """The valid arguments of an attrs class's constructor: an instance's fields."""
    if cls not in instances():
        return None
    instance = instances()[cls]
    if hasattr(instance, "_asdict"):  # a NamedTuple
        return dict(instance._asdict())
    if not attrs.has(cls):
        return None
    return {f.alias: getattr(instance, f.name) for f in attrs.fields(cls) if f.init}


def call_with(target: Target, name: str, value: object) -> Any:
    """Call ``target`` with ``value`` for the parameter ``name`` (``**options:key`` for the
    keyword ``key`` of a ``**options``) and valid values for the others (the optional
    ones keep their defaults unless OVERRIDES says)."""
    name, _, keyword = name.partition(":")
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    fields = _attrs_fields(target.function) if target.is_constructor else None
    for parameter, tp in parameters(target):
        if parameter.name == name.lstrip("*"):
            argument = value
        elif parameter.kind is inspect.Parameter.VAR_KEYWORD:
            continue
        elif (target.qualname, parameter.name) in OVERRIDES:
            argument = OVERRIDES[(target.qualname, parameter.name)](examples())
        elif fields is not None and parameter.name in fields:
            argument = fields[parameter.name]
        elif parameter.default is not inspect.Parameter.empty:
            continue
        else:
            argument = valid_value(target, parameter, tp)
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            kwargs[keyword] = argument
        elif parameter.kind is inspect.Parameter.POSITIONAL_ONLY:
            args.append(argument)
        else:
            kwargs[parameter.name] = argument
    function = target.function
    if target.bound:
        owner = target.owner
        assert owner is not None
        self = SELF[target.qualname](examples()) if target.qualname in SELF else (
            instances()[owner])
        args.insert(0, self)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
            io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the deprecated names too
        return function(*args, **kwargs)


# The keywords a callable's ``**options`` is tried with (one at a time), besides one it
# does not take.
KEYWORDS = {
    "ginrules.rules": ("knock_limit", "spade_doubling"),
    "ginrules.RuleSet.evolve": ("knock_limit", "spade_doubling"),
    "ginrules.dump": ("deal_form", "players", "meta"),
    "ginrules.interop.openspiel_game.load_game": ("rules", "max_turns"),
}
UNKNOWN_KEYWORD = "no_such_option"


def keywords(target: Target) -> tuple[str, ...]:
    return (*KEYWORDS.get(target.qualname, ()), UNKNOWN_KEYWORD)


# -- what is exempt, and why ----------------------------------------------------------

EXEMPT: dict[str, str] = {
    "ginrules.players.Player": "a Protocol: it has no instances",
    "ginrules.players.Player.choose": "a Protocol's method: it has no instances",
    "ginrules.svg.SVG": "a str (the SVG text): it takes what str() takes",
    "ginrules.terminal.read_line": "reads standard input (its prompt is checked in "
                                   "test_files_and_streams)",
    "ginrules.players.external.ExternalPlayer.choose": "starts a program (its refusals "
                                                       "are tested in test_external)",
}

# The classes whose constructor takes what it is given: the library makes them on every
# action (a state, a view, an arrangement) and its functions are how a user gets one;
# checking each field would cost every move. Every other class refuses a wrong type
# where it is given (ginrules._fields.check_fields), not later, deep in another call.
MADE_BY_THE_LIBRARY: dict[str, str] = {
    "ginrules.HandState": "made by deal and apply",
    "ginrules.View": "made by view (state.view)",
    "ginrules.GameState": "made by new_game and apply",
    "ginrules.Arrangement": "made by arrange and the solver",
    "ginrules.BestDiscards": "a named tuple made by best_discards",
    "ginrules.history.History": "made by History.start and its moves",
    "ginrules.Record": "made by read",
}

# (qualname, parameter) -> the file whose fix the case waits for: marked strict xfail, so
# the mark must go when the fix is merged.
WAITING: dict[tuple[str, str], str] = {
}


# -- wrong values ---------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A ginrules object of :func:`examples`, named (made when the test runs)."""

    key: str

    def value(self) -> object:
        return examples()[self.key]


WRONG_OBJECTS = [Example(key) for key in ("game", "state", "view", "card", "rules", "result",
                                          "arrangement", "action", "player")]


FIXED = [None, 0, -1, 2**70, 1.5, float("nan"), True, "", "x", "x\x00y", b"x", [], [None],
         ["x"], {}, {"x": None}, (1, 2), object(), *WRONG_OBJECTS]

WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
    st.binary(max_size=6),
    st.lists(st.none() | st.integers() | st.text(max_size=3), max_size=3),
    st.tuples(st.integers() | st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.none() | st.integers(), max_size=2),
    st.builds(object),
    st.sampled_from(WRONG_OBJECTS),
)


def _names_paths(tp: Any) -> bool:
    """Whether ``tp`` takes a path (``os.PathLike``): random text is not tried as one."""
    if typing.get_origin(tp) is os.PathLike:
        return True
    return typing.get_origin(tp) in (typing.Union, types.UnionType) and any(
        _names_paths(a) for a in typing.get_args(tp))


def is_wrong(value: object, parameter: inspect.Parameter, tp: Any) -> bool:
    """Whether ``value`` is a wrong argument for ``parameter`` worth trying: not of its
    type, or a string where a string is taken."""
    if tp is Any or tp is object or parameter.kind is inspect.Parameter.VAR_KEYWORD:
        return True  # anything may be wrong: the callable checks it itself
    if isinstance(value, str) and _takes_str(tp):
        return True
    return not conforms(value, tp)


def _type_names(value: object) -> set[str]:
    """The names a message may give ``value``'s type by: its class or a base (a bool is
    an int), ``None`` for None."""
    if value is None:
        return {"None"}
    return {type(value).__name__} | {
        klass.__name__ for klass in type(value).__mro__ if klass is not object}


def names_what_was_given(message: str, value: object, name: str) -> bool:
    """Whether a WrongTypeError's ``message`` says what was given for the parameter
    ``name``: the type of ``value`` or of one of its items (the first wrong one, for a
    collection), or its repr (an option's name, for ``**options``)."""
    names = _type_names(value)
    shown = {repr(value)}
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        for item in value:
            names |= _type_names(item)
            shown.add(repr(item))
    if name.startswith("**"):
        shown.add(repr(name.partition(":")[2]))
    return any(re.search(rf"\b{re.escape(type_name)}\b", message) for type_name in names) or any(
        text in message for text in shown)


def check(target: Target, name: str, value: object) -> None:
    """Call with ``value`` for the parameter ``name``; any exception must be a
    GinRulesError."""
    parameter, tp = _lookup(target, name)
    if isinstance(value, Example):
        value = value.value()
    if not is_wrong(value, parameter, tp):
        return
    try:
        call_with(target, name, value)
        typed = tp is not Any and tp is not object
        assert not (typed and target.is_constructor and not of_its_type(value, tp)
                    and target.qualname not in MADE_BY_THE_LIBRARY), (
            f"{target.qualname}({name}={value!r}) was accepted: a value class refuses a "
            "wrong type where it is given, not later in another call")
    except GinRulesError as error:
        assert str(error), f"{target.qualname}({name}={value!r}): an error with no message"
        assert not isinstance(error, ginrules.WrongTypeError) or names_what_was_given(
            str(error), value, name), (
            f"{target.qualname}({name}={value!r}): the message does not say what was given "
            f"(its type, an item's type, or its repr): {error}")
        # a wrong type is a WrongTypeError, or an error of a kind more precise than the
        # root (a CardNotationError for cards that are no cards, as before 0.2)
        typed = tp is not Any and tp is not object and (
            parameter.kind is not inspect.Parameter.VAR_KEYWORD)
        assert not (typed and not of_its_type(value, tp) and type(error) is GinRulesError), (
            f"{target.qualname}({name}={value!r}) raised a GinRulesError, not a "
            f"WrongTypeError: {error}")
    except SystemExit as exit_:  # a command's bad command line is exit code 2
        assert target.qualname == "ginrules.cli.main" and exit_.code == 2, exit_
    except Exception as error:
        raise AssertionError(
            f"{target.qualname}({name}={value!r}) raised "
            f"{type(error).__name__}: {error}") from error


@functools.cache
def _needs_missing_extra(target: Target) -> str | None:
    """Why ``target`` cannot run here: an optional extra its module needs is missing."""
    try:
        call_with(target, "", None)
    except GinRulesError as error:
        if "extra: pip install -e '.[" in str(error):
            return f"needs an optional extra: {error}"
    except (Exception, SystemExit):
        pass
    return None


def exempt(target: Target) -> str | None:
    """Why ``target`` is not called with wrong values, if it is not."""
    if target.qualname in EXEMPT:
        return EXEMPT[target.qualname]
    if target.is_constructor and issubclass(target.function, BaseException):
        return "an exception: it takes any message, as every exception does"
    return None


def cases(prefix: str = "ginrules") -> list[Any]:
    """The (target, parameter) cases, as pytest params with their marks."""
    out = []
    for target in public_callables(prefix):
        if exempt(target):
            continue
        for parameter, _ in parameters(target):
            key = (target.qualname, parameter.name)
            marks = []
            if key in WAITING:
                marks.append(pytest.mark.xfail(strict=True, reason=f"fixed in {WAITING[key]} "
                                               "by the lead"))
            names = [parameter.name]
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                names = [f"**{parameter.name}:{k}" for k in keywords(target)]
            out.extend(pytest.param(target, name, marks=marks, id=f"{target.qualname}:{name}")
                       for name in names)
    return out


def _lookup(target: Target, name: str) -> tuple[inspect.Parameter, Any]:
    for parameter, tp in parameters(target):
        if parameter.name == name.partition(":")[0].lstrip("*"):
            return parameter, tp
    raise LookupError(name)


EXAMPLES_PER_CASE = max(8, settings.default.max_examples // 15)


def wrong_type_test(prefix: str) -> Callable[..., None]:
    """The test of every (callable, parameter) under ``prefix``."""

    @pytest.mark.parametrize(("target", "name"), cases(prefix))
    @settings(max_examples=EXAMPLES_PER_CASE, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(value=WRONG)
    def test(target: Target, name: str, value: object) -> None:
        reason = _needs_missing_extra(target)
        if reason:
            pytest.skip(reason)
        if isinstance(value, str) and value not in FIXED and _names_paths(
                _lookup(target, name)[1]):
            return  # a path drawn at random could name any file: only FIXED's are tried
        check(target, name, value)

    for value in reversed(FIXED):  # every fixed value is tried first, in order
        test = example(value=value)(test)
    return test


@pytest.fixture(autouse=True, scope="module")
def _in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Callables that write files given a name write them in a folder of their own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path_factory.mktemp("wrong_types"))
        yield


test_a_wrong_argument_is_a_ginrules_error = wrong_type_test("ginrules")


def _valid_cases() -> list[Any]:
    return [pytest.param(target, id=target.qualname) for target in public_callables()
            if not exempt(target) and parameters(target)]


@pytest.mark.parametrize("target", _valid_cases())
def test_the_valid_examples_are_valid(target: Target) -> None:
    """With every argument valid the call succeeds: a wrong value is tried alone."""
    reason = _needs_missing_extra(target)
    if reason:
        pytest.skip(reason)
    if target.qualname in REFUSED_WHEN_VALID:
        with pytest.raises(GinRulesError):
            call_with(target, "", None)
    else:
        call_with(target, "", None)


# -- what the messages say: the cases of issue 29 ----------------------------------------


def _state() -> ginrules.HandState:
    return ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: ginrules.hint(None), r"hint takes a View \(see ginrules.players.view\), not None"),
    (lambda: ginrules.hint(_state()), r"hint takes a View .*not a HandState: pass "
                                      r"state.view\(player\)"),
    (lambda: ginrules.players.RandomPlayer(1).choose(None), r"choose takes a View"),
    (lambda: ginrules.svg.view(None), r"svg.view takes a View"),
    (lambda: ginrules.text.view_text(1), r"view_text takes a View .*not int"),
    (lambda: ginrules.Card.from_index("x"), r"Card.from_index takes a card index, an int "
                                             r"in 0..51, not str"),
    (lambda: ginrules.cards_from_mask("x"), r"cards_from_mask takes a 52-bit card mask"),
    (lambda: ginrules.dump([]), r"dump takes a record dict, a Record, a HandState or a "
                                r"GameState, not list"),
    (lambda: ginrules.records.to_record(5), r"to_record takes a HandState, a GameState or "
                                            r"a sequence of hand states, not int"),
    (lambda: ginrules.dump(_state(), 5), r"dump takes a path or an open text file"),
    (lambda: ginrules.dump(_state(), no_such_option=1), r"dump takes the options of "
                                                        r"to_record .*'no_such_option'"),
    (lambda: ginrules.Phase(None), r"Phase takes one of 'offer', 'draw', 'discard', 'over', "
                                   r"not None"),
    (lambda: ginrules.game.play(ginrules.new_game(ginrules.rules("short"), seed=3), 5),
     r"play takes the two players as a list or a tuple, not int"),
    (lambda: ginrules.format_cards("7H 8H"), r"format_cards takes cards \(Card values: "
                                             r"parse_cards reads them from text\), not str"),
    (lambda: ginrules.players.lookahead.play_out(0, 0, [], -1, 0, (10, 10), None),
     r"play_out takes a Table \(see Table.of\), not None"),
    *((lambda top=top: ginrules.players.lookahead.play_out(  # (0..51, or -1: none)
        0, 0, [], top, 0, (10, 10), ginrules.players.lookahead.Table.of(
            ginrules.rules("eaai"), 10)),
       r"play_out takes the top discard's card index \(an int, 0 to 51\) or -1 as top, "
       rf"not int {top}$") for top in (52, -2)),
    *((lambda melds=melds: ginrules.knocking.lay_off(melds, ginrules.parse_cards("TH")),
       r"lay_off takes melds: a list of Meld values, or of each meld's cards \(like "
       rf"\['7H 8H 9H'\]\), not {kind}$")  # one meld, not a list of them
      for melds, kind in (("7H 8H 9H", "str"), (ginrules.Meld.of("7H 8H 9H"), "Meld"))),
    *((lambda stock=stock: ginrules.players.lookahead.play_out(  # a stock of 0..51 alone
        0, 0, stock, -1, 0, (10, 10), ginrules.players.lookahead.Table.of(
            ginrules.rules("eaai"), 10)),
       r"play_out takes card indices \(a list of ints, 0 to 51\) as stock, not list$")
      for stock in ([52], [-1], [0, 51, 52])),
    (lambda: ginrules.players.lookahead.play_out(2**20000, 0, [], -1, 0, (10, 10), None),
     r"play_out takes a 52-bit card mask \(an int\) as first, not int of 20001 bits$"),
])
def test_a_wrong_type_says_what_to_pass(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ginrules.WrongTypeError, match=message) as caught:
        call()
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, GinRulesError)


def test_an_enum_refuses_an_unknown_value_with_its_own_error() -> None:
    with pytest.raises(ginrules.CardNotationError, match="14 is not a Rank: an int from 1 "
                                                         "to 13"):
        ginrules.Rank(14)
    with pytest.raises(ginrules.RuleSetError, match="'x' is not a SpadeDoubling: one of "
                                                    "'off', 'whole-score', 'deadwood-only'"):
        ginrules.SpadeDoubling("x")
    with pytest.raises(ginrules.ActionNotationError, match="'fold' is not an ActionKind"):
        ginrules.ActionKind("fold")
    assert ginrules.Rank(7) is ginrules.Rank.SEVEN and ginrules.Phase("draw") is (
        ginrules.Phase.DRAW)


def test_a_path_with_a_nul_character_is_refused_before_anything_is_written(
        tmp_path: Any) -> None:
    with pytest.raises(GinRulesError, match="holds a NUL character"):
        ginrules.dump(_state(), str(tmp_path / "a\x00b.json"))
    assert list(tmp_path.iterdir()) == []


# -- every refusal's words, pinned ---------------------------------------------------------

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
#: wrong values whose repr is the same in every run
STABLE_WRONG: tuple[object, ...] = (None, 1.5, [None])


def _refusals(interop: bool) -> list[str]:
    """What each public callable of the core (or of ``ginrules.interop``, whose extras
    only the extras suite has) says to each stable wrong value of each parameter."""
    lines = []
    for target in public_callables():
        if exempt(target) or target.module.startswith("ginrules.interop") is not interop:
            continue
        for parameter, tp in parameters(target):
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                continue
            for value in STABLE_WRONG:
                if not is_wrong(value, parameter, tp):
                    continue
                try:
                    call_with(target, parameter.name, value)
                except GinRulesError as error:
                    said = f"{type(error).__name__}: {error}"
                except (Exception, SystemExit) as error:  # the sweep above reports these
                    said = f"not a GinRulesError: {type(error).__name__}"
                else:
                    said = "accepted"
                said = re.sub(r" at 0x[0-9a-f]+", " at 0x...", said)
                lines.append(f"{target.qualname}({parameter.name}={value!r}) -> {said}")
    return lines


def check_the_committed_words(name: str, interop: bool = False) -> None:
    """A message is part of what a user reads: each refusal is pinned in
    ``tests/data/golden/{name}``, so that a word lost or changed is seen. After a
    deliberate change, write the file again (``GINRULES_WRITE_GOLDEN=1``) and read its
    diff."""
    path = GOLDEN / name
    fresh = "\n".join(_refusals(interop)) + "\n"
    if os.environ.get("GINRULES_WRITE_GOLDEN") == "1":
        path.write_text(fresh, "utf-8")
    committed = path.read_text("utf-8").splitlines()
    changed = sorted(set(fresh.splitlines()) ^ set(committed))
    assert not changed, f"the messages differ from tests/data/golden/{name} " \
        "(- committed, + now):\n" + "\n".join(
            ("- " if line in committed else "+ ") + line for line in changed[:20])


def test_every_refusal_says_the_committed_words() -> None:
    check_the_committed_words("wrong_type_messages.txt")
