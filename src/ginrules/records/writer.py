"""Writing records: a hand, a game or a list of hands as a record dict, and as JSON text.

>>> import ginrules
>>> from ginrules.records import to_record
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> for text in ("pass", "pass", "draw stock"):
...     state = ginrules.hand.apply(state, text)
>>> to_record(state)["hands"][0]["actions"]
['p1 pass', 'p0 pass', 'p1 draw stock 9S']
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

from ginrules._files import write_atomically
from ginrules.actions import ActionKind
from ginrules.errors import GinRulesError, WrongTypeError, _wrong_type
from ginrules.game import GameState
from ginrules.hand import HandState
from ginrules.knocking import EndKind, HandResult
from ginrules.records.format import FORMAT, VERSION
from ginrules.records.reader import Record
from ginrules.rulesets import RuleSet, closest_preset
from ginrules.rulesets import rules as preset_rules
from ginrules.scoring import HandScore, score_hand
from ginrules.sheet import ScoreSheet

__all__ = ["dump", "to_record"]


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
        if state.upcard is None:  # the eleven-cards opening: card 20 is the non-dealer's
            nd += (cards[20],)
        hands = (nd, d) if state.dealer == 1 else (d, nd)
        entry["deal"] = {"hands": [" ".join(str(c) for c in h) for h in hands]}
        if state.upcard is not None:
            entry["deal"]["upcard"] = str(state.upcard)
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
        # where the knocker lays out its own hand, its melds are a fact of the hand and
        # the record states them; where the rules lay hands out, they follow from the cards
        arrangement = result.knocker_arrangement
        if arrangement is not None and not state.rules.auto_layout:
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
    ``"deck"`` (the whole deck order) or ``"hands"`` (both hands and the upcard, or no
    upcard under the ``eleven-cards`` opening; the stock draws name their cards). ``outcome`` writes each finished hand's declared
    outcome and, for games, the running totals.

    >>> import ginrules
    >>> from ginrules import game
    >>> g = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
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
        wanted = "a HandState, a GameState or a sequence of hand states"
        if isinstance(item, (str, bytes, Mapping)) or not isinstance(item, Iterable):
            raise _wrong_type("to_record", wanted, item)
        hands = tuple(item)
        if not all(isinstance(h, HandState) for h in hands):
            raise _wrong_type("to_record", wanted, item)
        if not hands:
            raise GinRulesError("a record needs at least one hand")
        rules = hands[0].rules
        kind = "game" if len(hands) > 1 else "hand"
        complete = hands[-1].is_over
    if preset is not None and not isinstance(preset, str):
        raise _wrong_type("to_record", "a preset's name as preset, or None", preset)
    if players is not None and (isinstance(players, str) or not isinstance(players, Sequence)
                                or not all(isinstance(name, str) for name in players)):
        raise _wrong_type("to_record", "the players' names as a list of strings, or None",
                          players)
    if meta is not None and not isinstance(meta, Mapping):
        raise _wrong_type("to_record", "meta as a dict, or None", meta)
    if not isinstance(deal_form, str):
        raise _wrong_type("to_record", "'deck' or 'hands' as deal_form", deal_form)
    if not isinstance(outcome, bool):
        raise _wrong_type("to_record", "True or False as outcome", outcome)
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
    # the running totals come from one sheet extended hand by hand (ScoreSheet.add):
    # writing a hand costs the same however many came before
    sheet = ScoreSheet.empty(hollywood=hollywood) if kind == "game" else None
    entries = []
    for state in hands:
        totals = None
        if sheet is not None and state.result is not None:
            sheet = sheet.add(state.result, rules)
            totals = sheet.games[0].totals
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
            items = [f"{inner}{json.dumps(v, ensure_ascii=False, allow_nan=False)}"
                     for v in value]
            return "[\n" + ",\n".join(items) + "\n" + indent + "]"
        return json.dumps(value, ensure_ascii=False, allow_nan=False)

    return block(dict(data), "") + "\n"


_OPTIONS = frozenset({"preset", "players", "meta", "deal_form", "outcome"})


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
    unknown = sorted(set(options) - _OPTIONS)
    if unknown:
        raise WrongTypeError(f"dump takes the options of to_record ({', '.join(sorted(_OPTIONS))}"
                             f"), not {unknown[0]!r}")
    if isinstance(item, Record):
        data: Mapping[str, Any] = item.data
    elif isinstance(item, (HandState, GameState)):
        data = to_record(item, **options)
    elif isinstance(item, Mapping):
        data = item
    else:
        raise _wrong_type("dump", "a record dict, a Record, a HandState or a GameState", item)
    if file is not None and not isinstance(file, (str, os.PathLike)) and not callable(
            getattr(file, "write", None)):
        raise _wrong_type("dump", "a path or an open text file as file, or None", file)
    try:
        text = _format_json(data)
    except (ValueError, TypeError) as error:  # NaN or Infinity, or not a JSON value
        raise GinRulesError(f"the record is not JSON: {error}") from None
    except RecursionError:
        raise GinRulesError("the record is not JSON: nested too deeply") from None
    if file is not None:
        if isinstance(file, (str, os.PathLike)):
            write_atomically(file, text)  # the old file stays whole if this fails
        else:
            file.write(text)
    return text

