"""Games from other engines as ginrules records, and records as OpenSpiel histories: what
``ginrules convert`` runs.

* :func:`read_openspiel_history`: an OpenSpiel ``gin_rummy`` action history written as a
  JSON list or one action id a line;
* :func:`read_openspiel_params`: its game parameters, as a JSON object or OpenSpiel's own
  game string (``gin_rummy(knock_card=8,oklahoma=True)``);
* :func:`from_kaggle_episode`: an episode of Kaggle's OpenSpiel gin rummy environment
  (``open_spiel_gin_rummy`` of the ``kaggle-environments`` package), as Kaggle writes it;
* :func:`to_openspiel_history`: a one-hand record as an OpenSpiel history, where
  OpenSpiel can play the hand.

Every record made here names its source, so the validator says which of OpenSpiel's
known rule differences a hand meets (:class:`ginrules.interop.openspiel.OpenSpielExplanations`).

>>> read_openspiel_history("[0, 1, 2]"), read_openspiel_history("0\\n1\\n\\n2\\n")
([0, 1, 2], [0, 1, 2])
>>> read_openspiel_params("gin_rummy(knock_card=8,oklahoma=True)")
{'knock_card': 8, 'oklahoma': True}
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from typing import Any

from ginrules.errors import InvalidRecordError, _type_name, _wrong_type
from ginrules.interop.openspiel import (
    _OS_DRAW_STOCK,
    _OS_DRAW_UPCARD,
    _OS_KNOCK,
    _OS_MELD,
    _OS_PASS,
    _os_meld,
    from_openspiel,
    openspiel_id,
)
from ginrules.records.format import RecordLike, _read

__all__ = ["from_kaggle_episode", "read_openspiel_history", "read_openspiel_params",
           "to_openspiel_history"]

#: the most action ids an OpenSpiel history may hold here (a hand of OpenSpiel's ends by
#: its own rules within some 300 actions; a million is far past any real one)
MAX_HISTORY = 1_000_000

_PARAMS: dict[str, type] = {"knock_card": int, "oklahoma": bool, "gin_bonus": int, "undercut_bonus": int,
           "hand_size": int, "num_ranks": int, "num_suits": int}


def read_openspiel_history(text: str) -> list[int]:
    """The action ids of an OpenSpiel ``gin_rummy`` history: a JSON list of integers, or
    one integer a line (blank lines and lines starting with ``#`` are skipped). An
    error names the line (or the list's item) that is not an action id.

    >>> read_openspiel_history("[52, 53, x]")
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: the OpenSpiel history is not a JSON list of action ids (malformed JSON at line 1, column 10)
    >>> read_openspiel_history("52\\nfifty\\n")
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: line 2 of the OpenSpiel history: 'fifty' is not an action id (a whole number 0..240)
    """
    if not isinstance(text, str):
        raise InvalidRecordError("an OpenSpiel history is text (a JSON list, or one action "
                                 f"id a line), not {_type_name(text)}")
    if len(text) > 8 * MAX_HISTORY:
        raise InvalidRecordError(f"the OpenSpiel history is longer than {8 * MAX_HISTORY:,} "
                                 "characters")
    body = text.strip()
    if body.startswith("["):
        try:
            items = json.loads(body)
        except (json.JSONDecodeError, RecursionError, ValueError) as error:
            where = (f" at line {error.lineno}, column {error.colno}"
                     if isinstance(error, json.JSONDecodeError) else "")
            raise InvalidRecordError("the OpenSpiel history is not a JSON list of action "
                                     f"ids (malformed JSON{where})") from None
        if not isinstance(items, list):
            raise InvalidRecordError("the OpenSpiel history is not a JSON list of action ids")
        out = []
        for number, item in enumerate(items, 1):
            if type(item) is not int or not 0 <= item <= 240:
                raise InvalidRecordError(f"item {number} of the OpenSpiel history: "
                                         f"{_shown(item)} is not an action id (a whole "
                                         "number 0..240)")
            out.append(item)
        return out
    out = []
    for number, line in enumerate(body.splitlines(), 1):
        word = line.strip()
        if not word or word.startswith("#"):
            continue
        if not word.isascii() or not word.isdigit() or len(word) > 3 or int(word) > 240:
            raise InvalidRecordError(f"line {number} of the OpenSpiel history: "
                                     f"{_shown(word)} is not an action id (a whole number "
                                     "0..240)")
        out.append(int(word))
    if not out:
        raise InvalidRecordError("the OpenSpiel history is empty")
    return out


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_openspiel_params(text: str | Mapping[str, Any] | None) -> dict[str, Any]:
    """OpenSpiel ``gin_rummy`` game parameters from a JSON object, a dict, or OpenSpiel's
    game string (``gin_rummy(knock_card=8)``; Kaggle's ``gin_rummy_proxy(...)`` too).
    Only the parameters of ``gin_rummy`` are accepted, with their types.

    >>> read_openspiel_params('{"knock_card": 8}')
    {'knock_card': 8}
    >>> read_openspiel_params("gin_rummy(knock=8)")
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: 'knock' is not a parameter of OpenSpiel's gin_rummy (its parameters: gin_bonus, hand_size, knock_card, num_ranks, num_suits, oklahoma, undercut_bonus)
    """
    if text is None:
        return {}
    raw: dict[str, Any]
    if isinstance(text, Mapping):
        raw = dict(text)
    elif isinstance(text, str):
        body = text.strip()
        match = re.fullmatch(r"(?:gin_rummy(?:_proxy)?)?\((.*)\)", body, re.S)
        if body.startswith("{"):
            try:
                loaded = json.loads(body)
            except (json.JSONDecodeError, RecursionError, ValueError):
                raise InvalidRecordError("the OpenSpiel parameters are not a JSON object "
                                         "(malformed JSON)") from None
            if not isinstance(loaded, dict):
                raise InvalidRecordError("the OpenSpiel parameters are not a JSON object")
            raw = loaded
        elif match is not None or body == "gin_rummy":
            raw = {}
            inner = match.group(1).strip() if match is not None else ""
            for part in filter(None, (p.strip() for p in inner.split(","))):
                key, sep, value = part.partition("=")
                if not sep:
                    raise InvalidRecordError(f"{_shown(part)} in the OpenSpiel game string is "
                                             "not name=value")
                raw[key.strip()] = _game_string_value(value.strip())
        else:
            raise InvalidRecordError("the OpenSpiel parameters are a JSON object or a game "
                                     "string like gin_rummy(knock_card=8), not "
                                     f"{_shown(body)}")
    else:
        raise InvalidRecordError("the OpenSpiel parameters are a dict, a JSON object or a "
                                 f"game string, not {_type_name(text)}")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        kind = _PARAMS.get(key) if isinstance(key, str) else None
        if kind is None:
            raise InvalidRecordError(f"{_shown(key)} is not a parameter of OpenSpiel's "
                                     f"gin_rummy (its parameters: {', '.join(sorted(_PARAMS))})")
        if type(value) is not kind:
            raise InvalidRecordError(f"OpenSpiel parameter {key} is "
                                     f"{'true or false' if kind is bool else 'a whole number'}"
                                     f", not {_shown(value)}")
        if isinstance(value, int) and kind is int and not 0 <= value <= 1000:
            raise InvalidRecordError(f"OpenSpiel parameter {key}={value} is not in 0..1000")
        out[key] = value
    return out


def _game_string_value(text: str) -> int | bool | str:
    if text in ("True", "true"):
        return True
    if text in ("False", "false"):
        return False
    if text.lstrip("-").isdigit() and text.isascii() and len(text) <= 6:
        return int(text)
    return text


def from_kaggle_episode(episode: RecordLike, *, rules: str = "openspiel",
                        openspiel_endings: bool = False) -> dict[str, Any]:
    """A hand record from an episode of Kaggle's OpenSpiel gin rummy environment
    (``kaggle_environments.make("open_spiel_gin_rummy")``; ``env.toJSON()``, or the
    episode file Kaggle writes), given as a dict, JSON text, bytes or a path.

    The hand is read from the OpenSpiel state Kaggle serializes in the last step (its
    ``history=`` line: every chance outcome and action), the game parameters from the
    episode's configuration; then it is :func:`ginrules.interop.openspiel.from_openspiel`'s
    record, with the episode's id, its agents' rewards and statuses in the source. The
    declared points are the rewards Kaggle gave, so a harness that scored the hand
    otherwise than the rules is caught by the validator.

    >>> from_kaggle_episode({"name": "open_spiel_gin_rummy", "steps": []})
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: the Kaggle episode has no step with OpenSpiel's serialized state (serializedGameAndState): is it an episode of open_spiel_gin_rummy?
    """
    if not isinstance(openspiel_endings, bool):
        raise _wrong_type("from_kaggle_episode", "openspiel_endings as True or False",
                          openspiel_endings)
    if not isinstance(rules, str):
        raise _wrong_type("from_kaggle_episode", "the name of a preset as rules (like "
                          "'openspiel')", rules)
    if not isinstance(episode, (Mapping, str, bytes, os.PathLike)):
        raise InvalidRecordError("a Kaggle episode is a JSON object (a dict, JSON text, "
                                 f"bytes or a path), not {_type_name(episode)}")
    data, _ = _read(episode)
    if not isinstance(data, dict):
        raise InvalidRecordError("a Kaggle episode is a JSON object, not "
                                 f"{_type_name(data)}")
    name = data.get("name")
    config = data.get("configuration")
    config = config if isinstance(config, dict) else {}
    game_name = config.get("openSpielGameName")
    if name not in (None, "open_spiel_gin_rummy") or game_name not in (None, "gin_rummy"):
        raise InvalidRecordError(f"the Kaggle episode is of {_shown(game_name or name)}, not "
                                 "of OpenSpiel's gin_rummy (open_spiel_gin_rummy)")
    steps = data.get("steps")
    if not isinstance(steps, list):
        raise InvalidRecordError("the Kaggle episode has no list of steps")
    serialized, where = None, ""
    for number in range(len(steps) - 1, -1, -1):
        step = steps[number]
        for agent, entry in enumerate(step if isinstance(step, list) else []):
            observation = entry.get("observation") if isinstance(entry, dict) else None
            text = observation.get("serializedGameAndState") if isinstance(
                observation, dict) else None
            if isinstance(text, str):
                serialized, where = text, f"step {number + 1}, agent {agent}"
                break
        if serialized is not None:
            break
    if serialized is None:
        raise InvalidRecordError("the Kaggle episode has no step with OpenSpiel's serialized "
                                 "state (serializedGameAndState): is it an episode of "
                                 "open_spiel_gin_rummy?")
    history = _serialized_history(serialized, where)
    params_source: Any = config.get("openSpielGameParameters")
    if params_source is None:
        params_source = config.get("openSpielGameString")
    params = read_openspiel_params(params_source)
    record = from_openspiel(history, rules=rules, params=params,
                            openspiel_endings=openspiel_endings)
    rewards = data.get("rewards")
    statuses = data.get("statuses")
    source = record["source"]
    source["via"] = "kaggle"
    if isinstance(data.get("id"), str):
        source["episode"] = data["id"]
    if isinstance(rewards, list):
        source["kaggle_rewards"] = rewards
    if isinstance(statuses, list):
        source["kaggle_statuses"] = statuses
    hand = record["hands"][0]
    # the outcome OpenSpiel played to (kept in the hand's source when these rules end
    # the hand otherwise, see from_openspiel's openspiel_endings)
    outcome = hand["source"].get("openspiel_outcome", hand.get("outcome"))
    if outcome is not None and isinstance(rewards, list) and len(rewards) == 2 and all(
            type(r) in (int, float) and float(r).is_integer() for r in rewards):
        # the points Kaggle gave (player 0 of OpenSpiel is the record's player 0)
        scored = [int(r) for r in rewards]
        if scored[0] > 0:
            outcome["winner"], outcome["points"] = 0, scored[0]
        elif scored[1] > 0:
            outcome["winner"], outcome["points"] = 1, scored[1]
        else:
            outcome["winner"], outcome["points"] = None, 0
    return record


def _serialized_history(text: str, where: str) -> list[int]:
    """The action ids of OpenSpiel's ``SerializeGameAndState`` text (its ``history=``
    line, ``player:action`` pairs; chance outcomes are player -1)."""
    for line in text.splitlines():
        if line.startswith("history="):
            out = []
            for number, pair in enumerate(filter(None, line[8:].split(",")), 1):
                _, _, action = pair.rpartition(":")
                if not action.isascii() or not action.isdigit() or len(action) > 3:
                    raise InvalidRecordError(f"{where} of the Kaggle episode: entry {number} "
                                             f"of OpenSpiel's history, {_shown(pair)}, is "
                                             "not player:action")
                out.append(int(action))
            return out
    raise InvalidRecordError(f"{where} of the Kaggle episode: OpenSpiel's serialized state "
                             "has no history= line")


def to_openspiel_history(record: RecordLike) -> dict[str, Any]:
    """A one-hand record as OpenSpiel ``gin_rummy``: its game parameters and the action
    history that plays the hand (``{"params": ..., "history": [...]}``).

    OpenSpiel's player 0 is the non-dealer. The deal is the 21 chance outcomes (player 0's
    ten cards, player 1's ten, the upcard), each stock draw 53 then the card, a knock 55
    then the card, then the knocker's melds (ids 56 and up) and a pass, and the
    defender's layoffs and a pass (none after gin), its melds and a pass, as ginrules
    adjudicated them. Where
    OpenSpiel cannot play the hand the error says why: big gin (OpenSpiel has none), rules
    beyond its parameters (a tie that is an undercut, spade doubling, a line or game
    bonus do not change the actions, so they are accepted; the hand's actions are what
    must be legal there), a game of several hands.

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("openspiel"), deck=ginrules.Deck.standard(),
    ...                       dealer=1).apply("pass").apply("pass").apply("draw stock")
    >>> out = to_openspiel_history(ginrules.records.to_record(state))
    >>> out["history"][21:], out["params"]
    ([54, 54, 53, 34], {})
    """
    from ginrules.records.reader import load
    from ginrules.records.writer import to_record

    loaded = load(record)
    if len(loaded.hands) != 1:
        raise InvalidRecordError(f"OpenSpiel plays one hand at a time; this record has "
                                 f"{len(loaded.hands)} (convert each hand's record)")
    (state,) = loaded.hands
    rules = state.rules
    params: dict[str, Any] = {}
    if rules.oklahoma:
        params["oklahoma"] = True
    elif rules.knock_limit != 10:
        params["knock_card"] = rules.knock_limit
    if rules.gin_bonus != 25:
        params["gin_bonus"] = rules.gin_bonus
    if rules.undercut_bonus != 25:
        params["undercut_bonus"] = rules.undercut_bonus
    cards = state.deck.cards
    non_dealer, dealer = list(cards[0:20:2]), list(cards[1:20:2])
    history = [openspiel_id(c) for c in [*non_dealer, *dealer, cards[20]]]
    drawn = 0
    pile_draws = 0
    repeats = 0
    taken: Any = None
    pile = [cards[20]]
    for number, (_, action) in enumerate(state.actions, 1):
        kind = action.kind.value
        if kind == "discard":  # as OpenSpiel counts its repeated moves
            repeats = repeats + 1 if action.card == taken else 0
            if repeats >= 2:
                raise InvalidRecordError(
                    f"OpenSpiel would end this hand at action {number} (its repeated-move "
                    "rule: the card taken from the pile discarded again twice in a row)")
        if kind in ("take", "draw discard"):
            taken = pile.pop()
            if kind == "draw discard":
                pile_draws += 1
                if pile_draws >= 50:
                    raise InvalidRecordError(
                        f"OpenSpiel would end this hand at action {number} (its cap of 50 "
                        "draws from the discard pile)")
            history.append(_OS_DRAW_UPCARD)
        elif kind == "pass":
            history.append(_OS_PASS)
        elif kind == "draw stock":
            history += [_OS_DRAW_STOCK, openspiel_id(cards[21 + drawn])]
            drawn += 1
            taken = None
        elif kind == "discard":
            assert action.card is not None
            history.append(openspiel_id(action.card))
            pile.append(action.card)
        elif kind == "knock":
            assert action.card is not None
            history += [_OS_KNOCK, openspiel_id(action.card)]
        else:
            raise InvalidRecordError("OpenSpiel's gin_rummy has no big gin: this hand "
                                     "cannot be played there")
    result = state.result
    if result is not None and result.knocker is not None:
        for meld in result.knocker_melds:
            history += [_MELD_IDS[frozenset(piece)] for piece in _pieces(list(meld.cards))]
        history.append(_OS_PASS)
        if result.kind.value != "gin":  # after gin OpenSpiel asks for no layoffs
            history += [openspiel_id(x.card) for x in result.layoffs]
            history.append(_OS_PASS)
        for meld in result.defender_melds:
            history += [_MELD_IDS[frozenset(piece)] for piece in _pieces(list(meld.cards))]
        history.append(_OS_PASS)
    elif result is not None:  # a dead hand: OpenSpiel's wall, where the player passes
        history.append(_OS_PASS)
    del to_record
    return {"params": params, "history": history}


_MELD_IDS = {frozenset(_os_meld(i)): _OS_MELD + i for i in range(185)}


def _pieces(cards: list[Any]) -> list[list[Any]]:
    """A meld as OpenSpiel's melds (at most five cards): a longer run in pieces of three
    to five, the same cards with the same two ends."""
    cards = sorted(cards)
    out = []
    while len(cards) > 5:
        size = max(3, min(5, len(cards) - 3)) if len(cards) - 3 > 5 else 3
        out.append(cards[:size])
        cards = cards[size:]
    return [*out, cards]
