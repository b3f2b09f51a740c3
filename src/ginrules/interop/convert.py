"""Games from other engines as ginrules records, and records as OpenSpiel histories: what
``ginrules convert`` runs.

* :func:`read_openspiel_history`: an OpenSpiel ``gin_rummy`` action history written as a
  JSON list or one action id a line;
* :func:`read_openspiel_params`: its game parameters, as a JSON object or OpenSpiel's own
  game string (``gin_rummy(knock_card=8,oklahoma=True)``);
* :func:`from_kaggle_episode`: an episode of Kaggle's OpenSpiel gin rummy environment
  (``open_spiel_gin_rummy`` of the ``kaggle-environments`` package), as Kaggle writes it;
* :func:`from_eaai_log`: a game of Neller's EAAI Gin Rummy framework, from the log its
  ``GinRummyGame`` prints in verbose mode (the validator's explanations of the
  framework's scoring difference, :class:`EaaiExplanations`, are registered as
  ``"eaai"`` when this module is imported);
* :func:`from_rlcard`: a game of RLCard's ``gin-rummy``, from its move sheet (the
  validator's explanations of what RLCard's judge allows beyond the ``rlcard`` preset,
  :class:`RLCardExplanations`, are registered as ``"rlcard"`` when this module is
  imported);
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
from collections.abc import Mapping, Sequence
from typing import Any

from ginrules.actions import Action, ActionKind
from ginrules.cards import Deck, parse_card
from ginrules.errors import GinRulesError, InvalidRecordError, _type_name, _wrong_type
from ginrules.hand import HandState, deal
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
from ginrules.knocking import EndKind
from ginrules.melds import deadwood as _least_deadwood
from ginrules.records.format import FORMAT, VERSION, RecordLike, _read
from ginrules.records.validator import Explanations, register_explanations
from ginrules.rulesets import Opening
from ginrules.rulesets import rules as preset_rules

__all__ = ["EaaiExplanations", "RLCardExplanations", "from_eaai_log", "from_kaggle_episode",
           "from_rlcard", "read_openspiel_history", "read_openspiel_params",
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


def to_openspiel_history(record: RecordLike, hand: int | None = None) -> dict[str, Any]:
    """A hand of a record as OpenSpiel ``gin_rummy``: its game parameters and the action
    history that plays the hand (``{"params": ..., "history": [...]}``). ``hand`` names
    the hand of a record of several (1 for the first); a record of one needs none.

    OpenSpiel's player 0 is the non-dealer. The deal is the 21 chance outcomes (player 0's
    ten cards, player 1's ten, the upcard), each stock draw 53 then the card, a knock 55
    then the card, then the knocker's melds (ids 56 and up) and a pass, and the
    defender's layoffs and a pass (none after gin), its melds and a pass, as ginrules
    adjudicated them. OpenSpiel's melds have at most five cards: a longer run is declared
    in two, lowest cards first, three and the rest for six to eight cards, five and the
    rest for nine or ten. Where
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
    >>> to_openspiel_history(ginrules.records.to_record(state), hand=2)
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: this record has 1 hand, not a hand 2
    """
    from ginrules.records.reader import load
    from ginrules.records.writer import to_record

    if hand is not None and type(hand) is not int:
        raise _wrong_type("to_openspiel_history", "hand as a hand's number (an int, 1 for "
                          "the first) or None", hand)
    if hand is not None and hand < 1:
        raise GinRulesError(f"a record's hands are numbered from 1, not {hand}")
    loaded = load(record)
    count = len(loaded.hands)
    if hand is None and count != 1:
        raise InvalidRecordError(f"OpenSpiel plays one hand at a time; this record has "
                                 f"{count}: name one (hand=1 to {count}; the command's "
                                 f"--hand)")
    if hand is not None and hand > count:
        raise InvalidRecordError(f"this record has {count} hand{'s' if count != 1 else ''}, "
                                 f"not a hand {hand}")
    state = loaded.hands[0 if hand is None else hand - 1]
    rules = state.rules
    if state.upcard is None:
        raise InvalidRecordError("OpenSpiel deals ten cards each and offers an upcard; this "
                                 "hand opens with eleven cards to the non-dealer and no "
                                 "upcard (the 'eleven-cards' opening): it cannot be played "
                                 "there")
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


# -- Neller's EAAI framework ------------------------------------------------------------


class EaaiExplanations(Explanations):
    """The validator's explanations for a record converted from the EAAI framework's log
    (:func:`from_eaai_log`): its defender states its melds before laying off, and lays off
    in its own order (docs/rules.rst, **The EAAI preset**).

    >>> EaaiExplanations({"from": "eaai"}).tie_scorers
    'the EAAI framework'
    """

    tie_scorers = "the EAAI framework"

    def deadwood(self, state: HandState, player: int, declared: int) -> str:
        """The framework's defender may keep more deadwood than ginrules' layoffs leave."""
        if type(state) is not HandState:
            raise _wrong_type("EaaiExplanations.deadwood", "a HandState", state)
        if type(player) is not int or type(declared) is not int:
            raise _wrong_type("EaaiExplanations.deadwood", "a player and the deadwood "
                              "declared (ints)", declared if type(player) is int else player)
        result = state.result
        if result is None or player == result.knocker:
            return ""
        if declared > result.defender_deadwood:
            return ("; in the EAAI framework the defender states its melds before laying "
                    "off and lays off one card at a time in the framework's order (this "
                    f"left {declared - result.defender_deadwood} more deadwood), while these "
                    "rules lay off for the defender to leave the least deadwood")
        return ""


register_explanations("eaai", EaaiExplanations)

_EAAI_CARD = r"[A2-9TJQK][CHSD]"
_EAAI_LIST = rf"\[(?:{_EAAI_CARD}(?:, {_EAAI_CARD})*)?\]"
_EAAI_MELDS = rf"\[(?:{_EAAI_LIST}(?:, {_EAAI_LIST})*)?\]"
_EAAI_LINES = [(kind, re.compile(pattern)) for kind, pattern in [
    ("dealt", rf"Player ([01]) is dealt ({_EAAI_LIST})\."),
    ("starts", r"Player ([01]) starts\."),
    ("upcard", rf"The initial face up card is ({_EAAI_CARD})\."),
    ("declines", rf"Player ([01]) declines ({_EAAI_CARD})\."),
    ("draws", rf"Player ([01]) draws ({_EAAI_CARD})\."),
    ("forfeits", r"Player ([01]) (?:discards|melds) .* (?:illegally|greater than \d+ "
                 r"deadwood) and forfeits\."),
    ("discards", rf"Player ([01]) discards ({_EAAI_CARD})\."),
    ("has", r"Player ([01]) has \[.*\] with \d{1,6} deadwood\."),
    ("knocks", rf"Player ([01]) melds ({_EAAI_MELDS}) with (\d{{1,6}}) deadwood from "
               rf"({_EAAI_LIST})\."),
    ("gin", rf"Player ([01]) goes gin with melds ({_EAAI_MELDS})\."),
    ("melds", rf"Player ([01]) melds ({_EAAI_MELDS})\."),
    ("layoff", rf"Player ([01]) lays off ({_EAAI_CARD}) on ({_EAAI_LIST})\."),
    ("left", rf"Player ([01]) has (\d{{1,6}}) deadwood with ({_EAAI_LIST})"),
    ("scores", r"Player ([01]) (?:scores the gin bonus of 25 plus opponent deadwood (\d{1,6}) "
               r"for (\d{1,6}) total points|scores the deadwood difference of (\d{1,6})"
               r"|undercuts and scores the undercut bonus of 25 plus deadwood difference of "
               r"(\d{1,6}) for (\d{1,6}) total points)\."),
    ("cancelled", r"The draw pile was reduced to two cards without knocking, so the hand "
                  r"is cancelled\."),
    ("table", r"Player\tScore"),
    ("total", r"([01])\t(\d{1,6})"),
    ("wins", r"Player ([01]) wins\."),
]]
_EAAI_RANKS = "A23456789TJQK"


def _eaai_cards(text: str) -> list[str]:
    return re.findall(_EAAI_CARD, text)


def _eaai_melds(text: str) -> list[list[str]]:
    return [_eaai_cards(m) for m in re.findall(_EAAI_LIST, text[1:-1])]


def _eaai_points(card: str) -> int:
    return min(10, _EAAI_RANKS.index(card[0]) + 1)


def from_eaai_log(text: str, *, rules: str = "eaai") -> dict[str, Any]:
    """A game record from the log that ``GinRummyGame`` of Neller's EAAI Gin Rummy
    framework prints in verbose mode (``GinRummyGame.setPlayVerbose(true)``): each hand's
    deal, its draws (the face-up card or the stock, told apart by the card drawn),
    discards and knock, the knocker's melds as stated, and the hand's score as the
    framework gave it.

    The framework's player 0 and 1 are the record's; the player who starts a hand is its
    non-dealer. The log names every card drawn from the stock, so nothing is made up.
    The defender's melds and layoffs, which the framework makes its own way (see
    docs/rules.rst, **The EAAI preset**), are kept in the hand's ``source``; where they
    leave more deadwood than ginrules' layoffs would, the validator says so. A line the
    framework does not print, a card drawn or discarded that cannot be, a score that is
    not the framework's for the deadwood shown, or a forfeit (ginrules records have none)
    is an error naming the line.

    >>> log = '''Player 0 is dealt [AC, 2C, 3C, 4C, 5C, 6C, 7C, 8C, 9C, KD].
    ... Player 1 is dealt [AH, 2H, 3H, 4H, 5H, 6H, 7H, 8H, 9H, KS].
    ... Player 1 starts.
    ... The initial face up card is TC.'''
    >>> from_eaai_log(log)["hands"][0]["dealer"]
    0
    >>> from_eaai_log("Player 2 starts.")
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: line 1 of the EAAI log: 'Player 2 starts.' is not a line GinRummyGame prints in verbose mode
    """
    if not isinstance(text, str):
        raise InvalidRecordError("an EAAI log is the text GinRummyGame prints in verbose "
                                 f"mode, not {_type_name(text)}")
    if not isinstance(rules, str):
        raise InvalidRecordError(f"rules is a preset's name, not {_type_name(rules)}")
    if len(text) > 8 * MAX_HISTORY:
        raise InvalidRecordError(f"the EAAI log is longer than {8 * MAX_HISTORY:,} characters")
    hands: list[dict[str, Any]] = []
    totals = [0, 0]
    shown: list[int | None] = [None, None]
    hand: dict[str, Any] | None = None
    held: list[list[str]] = [[], []]
    pile: list[str] = []
    known: set[str] = set()
    offer = False
    taken: str | None = None
    knocker: int | None = None
    over = False
    where = ""

    def fail(why: str) -> InvalidRecordError:
        return InvalidRecordError(f"{where}{why}")

    for number, line in enumerate(text.splitlines(), 1):
        where = f"line {number} of the EAAI log: "
        line = line.rstrip("\r")
        if not line.strip():
            continue
        found = next(((name, m) for name, pattern in _EAAI_LINES
                      if (m := pattern.fullmatch(line)) is not None), None)
        if found is None:
            raise fail(f"{_shown(line)} is not a line GinRummyGame prints in verbose mode")
        kind, match = found
        groups = match.groups()
        player = int(groups[0]) if groups and groups[0] in ("0", "1") else 0
        if over:
            raise fail(f"{_shown(line)} comes after the game's winner")
        if kind == "dealt":
            cards = _eaai_cards(groups[1])
            if player != (0 if hand is None or "deal" in hand else 1) or len(cards) != 10 or (
                    player == 1 and hand is not None and (
                        "dealer" in hand or len(hand["deal_lines"]) != 1)):
                raise fail("a deal is player 0's ten cards, then player 1's")
            if hand is None or "deal" in hand:
                if hand is not None and "outcome" not in hand:
                    raise fail("a new deal before the last hand ended")
                hand = {"deal_lines": [], "actions": []}
                hands.append(hand)
                known = set()
                held = [[], []]
            if known & set(cards) or len(set(cards)) != 10:
                raise fail("a card is dealt twice")
            known |= set(cards)
            held[player] = cards
            hand["deal_lines"].append(cards)
            continue
        if hand is None:
            raise fail(f"{_shown(line)} comes before any deal")
        if kind == "starts":
            if len(hand.get("deal_lines", ())) != 2 or "dealer" in hand:
                raise fail("the starting player is named after both deals")
            hand["dealer"] = 1 - player
        elif kind == "upcard":
            if "dealer" not in hand or "deal" in hand:
                raise fail("the face-up card is turned after the deal and the starting player")
            card = groups[0]
            if card in known:
                raise fail(f"{card} is dealt already")
            known.add(card)
            pile = [card]
            hand["deal"] = {"hands": [" ".join(h) for h in hand.pop("deal_lines")],
                            "upcard": card}
            offer, taken, knocker = True, None, None
        elif "deal" not in hand:
            raise fail(f"{_shown(line)} comes before the face-up card")
        elif "outcome" in hand and kind not in ("table", "total", "wins"):
            raise fail(f"{_shown(line)} comes after the hand ended")
        elif kind == "declines":
            if not offer or groups[1] != pile[-1]:
                raise fail(f"{groups[1]} is not the face-up card on offer")
            hand["actions"].append(f"p{player} pass")
        elif kind == "draws":
            card = groups[1]
            if pile and card == pile[-1]:
                hand["actions"].append(f"p{player} {'take' if offer else 'draw discard'}")
                pile.pop()
                taken = card
            elif card in known:
                raise fail(f"{card} cannot be drawn: it is not the face-up card and it is "
                           "not in the stock (it was seen already)")
            else:
                known.add(card)
                hand["actions"].append(f"p{player} draw stock {card}")
                taken = None
            offer = False
            held[player].append(card)
        elif kind == "discards":
            card = groups[1]
            if card not in held[player]:
                raise fail(f"player {player} discards {card}, which it does not hold")
            if card == taken:
                raise fail(f"player {player} discards {card}, the face-up card it just took")
            held[player].remove(card)
            pile.append(card)
            hand["actions"].append(f"p{player} discard {card}")
        elif kind == "has":
            pass  # the framework's own view of the hand: nothing the record keeps
        elif kind in ("knocks", "gin"):
            last = hand["actions"][-1] if hand["actions"] else ""
            if not last.startswith(f"p{player} discard ") or knocker is not None:
                raise fail(f"player {player} knocks, but not right after its discard")
            hand["actions"][-1] = last.replace(" discard ", " knock ")
            knocker = player
            melds = _eaai_melds(groups[1])
            hand["knocker_melds"] = [" ".join(m) for m in melds]
            melded = {c for m in melds for c in m}
            if not melded <= set(held[player]):
                raise fail(f"player {player} melds cards it does not hold")
            deadwood = sum(_eaai_points(c) for c in held[player] if c not in melded)
            if kind == "knocks" and int(groups[2]) != deadwood:
                raise fail(f"player {player}'s deadwood is {deadwood}, not {groups[2]}")
            hand["source"] = {"from": "eaai", "knocker_deadwood": deadwood,
                              "defender_melds": [], "defender_layoffs": []}
        elif kind in ("melds", "layoff", "left", "scores"):
            source = hand.get("source")
            if knocker is None or source is None or (player == knocker and kind != "scores"):
                raise fail(f"{_shown(line)} comes before a knock")
            if kind == "melds":
                source["defender_melds"] = [" ".join(m) for m in _eaai_melds(groups[1])]
            elif kind == "layoff":
                source["defender_layoffs"].append(groups[1])
            elif kind == "left":
                source["defender_deadwood"] = int(groups[1])
            else:
                kdw, ddw = source["knocker_deadwood"], source.get("defender_deadwood")
                if ddw is None:
                    raise fail("the score comes before the defender's deadwood")
                if kdw == 0:
                    winner, points = knocker, 25 + ddw
                elif kdw < ddw:
                    winner, points = knocker, ddw - kdw
                else:
                    winner, points = 1 - knocker, 25 + kdw - ddw
                said = int(next(g for g in reversed(groups) if g is not None))
                if player != winner or said != points:
                    raise fail(f"player {winner} scores {points} (deadwood {kdw} against "
                               f"{ddw}), not player {player} {said}")
                both = [0, 0]
                both[knocker], both[1 - knocker] = kdw, ddw
                hand["outcome"] = {"kind": "gin" if kdw == 0 else "knock",
                                   "knocker": knocker, "winner": winner, "points": points,
                                   "deadwood": both}
                totals[winner] += points
                shown = [None, None]
        elif kind == "cancelled":
            if knocker is not None:
                raise fail("a hand with a knock is not cancelled")
            hand["outcome"] = {"kind": "dead", "winner": None, "points": 0}
            shown = [None, None]
        elif kind == "table":
            if "outcome" not in hand:
                raise fail("the scores come before the hand ended")
        elif kind == "total":
            if "outcome" not in hand or shown[player] is not None or player != (
                    0 if shown[0] is None else 1):
                raise fail("the score table is player 0's total, then player 1's, after a hand")
            shown[player] = int(groups[1])
            if shown[player] != totals[player]:
                raise fail(f"player {player}'s total is {totals[player]}, not {groups[1]}")
        elif kind == "wins":
            if max(totals) < 100 or totals[player] != max(totals):
                raise fail(f"player {player} has not won (the scores are {totals[0]} to "
                           f"{totals[1]})")
            over = True
        else:  # forfeits
            raise fail("the framework ends the game with a forfeit here; ginrules records "
                       "hold legal play only (convert the log up to the line before)")
    if not hands:
        raise InvalidRecordError("the EAAI log has no deal (a line 'Player 0 is dealt "
                                 "[...]'): is it GinRummyGame's verbose output?")
    for entry in hands:
        if "deal" not in entry:
            raise InvalidRecordError("the EAAI log ends before the last hand's face-up card")
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": "game",
                            "rules": {"preset": rules}, "source": {"from": "eaai"},
                            "hands": hands}
    if not over:
        data["complete"] = False
    return data


# -- RLCard's gin-rummy ------------------------------------------------------------------


class RLCardExplanations(Explanations):
    """The validator's explanations for a record converted from RLCard's gin-rummy
    (:func:`from_rlcard`): where RLCard's judge lets a player do what the ``rlcard``
    preset, made from RLCard's own settings and docs, does not.

    >>> RLCardExplanations({"from": "rlcard", "end": "declared-dead"}).stopped(None)
    "; RLCard declared the hand dead here, where these rules play on (RLCard's stockpile_dead_card_count or max_move_count differ from the preset's dead_hand_stock or max_turns)"
    """

    tie_scorers = "RLCard's payoffs"

    def illegal(self, state: HandState, action: Action) -> str:
        """RLCard lets a player go out with the card it has just picked up."""
        _rl_check("illegal", state, action)
        if action.kind is ActionKind.KNOCK and action.card is not None \
                and action.card == state.taken:
            return ("; RLCard's judge lets a player go out (knock or gin) with the card it "
                    "has just picked up from the discard pile: its rule that the card may "
                    "not be discarded (is_allowed_to_discard_picked_up_card) holds for "
                    "discards only")
        return ""

    def after_over(self, state: HandState, action: Action) -> str:
        """RLCard's player may pick up the discard once the stock is down to its dead
        count."""
        _rl_check("after_over", state, action)
        result = state.result
        if result is not None and result.kind is EndKind.DEAD \
                and action.kind is ActionKind.DRAW_DISCARD:
            return ("; RLCard's judge lets the next player pick up the discard when the "
                    "stock is down to its dead count (pick_up_discard beside "
                    "declare_dead_hand), while RLCard's docs and these rules end the hand "
                    "at that discard (\"If the stockpile is reduced to two cards only, then "
                    "the hand is declared dead\")")
        return ""

    def stopped(self, state: HandState | None) -> str:
        """RLCard's dead hand declared early, or a move sheet cut short."""
        if state is not None:
            _rl_check("stopped", state)
        if self.source.get("end") == "declared-dead":
            return ("; RLCard declared the hand dead here, where these rules play on "
                    "(RLCard's stockpile_dead_card_count or max_move_count differ from the "
                    "preset's dead_hand_stock or max_turns)")
        return "; the RLCard move sheet ends here"


register_explanations("rlcard", RLCardExplanations)


def _rl_check(method: str, state: object, *action: object) -> None:
    """The checks of an explanation's arguments: a hand state (and an action)."""
    if type(state) is not HandState:
        raise _wrong_type(f"RLCardExplanations.{method}", "a HandState", state)
    if action and type(action[0]) is not Action:
        raise _wrong_type(f"RLCardExplanations.{method}", "an Action", action[0])


_RL_CARD = r"[A2-9TJQK][SHDC]"
_RL_MELD = rf"\[(?:'{_RL_CARD}'(?:, '{_RL_CARD}')*)?\]"
_RL_MELDS = rf"\[(?:{_RL_MELD}(?:, {_RL_MELD})*)?\]"
_RL_LINES = [(kind, re.compile(pattern)) for kind, pattern in [
    ("deal", rf"([NS]) deal shuffled_deck=\[((?:{_RL_CARD}(?: {_RL_CARD})*)?)\]"),
    ("draw", rf"([NS]) draw_card ({_RL_CARD})"),
    ("pickup", rf"([NS]) pick_up_discard ({_RL_CARD})"),
    ("dead", r"([NS]) declare_dead_hand"),
    ("discard", rf"([NS]) discard ({_RL_CARD})"),
    ("knock", rf"([NS]) knock ({_RL_CARD})"),
    ("gin", r"([NS]) gin"),
    ("score", rf"([NS]) score ([NS]) (\d{{1,3}}) ({_RL_MELDS})"),
]]


def _rlcard_lines(moves: object) -> list[str]:
    """The text of each move of an RLCard move sheet, given as text (one move a line, or
    a JSON list of the lines), a list of the lines or of RLCard's move objects (read by
    their ``str()``), or an RLCard game or environment (its ``round.move_sheet``)."""
    if isinstance(moves, str):
        if len(moves) > 8 * MAX_HISTORY:
            raise InvalidRecordError(f"the RLCard move sheet is longer than "
                                     f"{8 * MAX_HISTORY:,} characters")
        body = moves.strip()
        if not body.startswith("["):
            return [line.strip() for line in body.splitlines()
                    if line.strip() and not line.lstrip().startswith("#")]
        try:
            items = json.loads(body)
        except (json.JSONDecodeError, RecursionError, ValueError):
            raise InvalidRecordError("the RLCard move sheet is not a JSON list of moves "
                                     "(malformed JSON)") from None
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise InvalidRecordError("the RLCard move sheet is not a JSON list of moves "
                                     "(strings like \"N discard 7H\")")
        return [item.strip() for item in items]
    sheet: object = moves
    game = getattr(moves, "game", None)  # an RLCard environment: its game
    if game is not None and hasattr(game, "round"):
        sheet = game
    if hasattr(sheet, "round"):  # an RLCard game: its round's move sheet
        sheet = getattr(getattr(sheet, "round", None), "move_sheet", None)
    if isinstance(sheet, (bytes, bytearray, Mapping)) or not isinstance(
            sheet, (list, tuple)):
        raise InvalidRecordError("an RLCard move sheet is its text (str(move), one move a "
                                 "line), a list of its moves or of their texts, or the "
                                 f"RLCard game that holds it, not {_type_name(moves)}")
    if len(sheet) > MAX_HISTORY:
        raise InvalidRecordError(f"the RLCard move sheet holds more than {MAX_HISTORY:,} "
                                 "moves")
    return [item.strip() if isinstance(item, str) else str(item) for item in sheet]


def _rl_melds(text: str) -> list[list[str]]:
    return [re.findall(_RL_CARD, m) for m in re.findall(r"\[([^\[\]]*)\]", text[1:-1])]


def from_rlcard(moves: object, *, rules: str = "rlcard", rlcard_endings: bool = False,
                players: Sequence[str] | None = None) -> dict[str, Any]:
    """A hand record from a game of RLCard's ``gin-rummy`` (``rlcard.make("gin-rummy")``),
    read from its move sheet (``env.game.round.move_sheet``): the moves themselves, the
    game or environment that holds them, or the sheet's text, each move as ``str(move)``
    writes it, one a line (``N deal shuffled_deck=[...]``, ``S draw_card 7H``, ``N
    pick_up_discard 5C``, ``S discard 9D``, ``N knock 4S``, ``S gin``, ``N
    declare_dead_hand``, ``N score N 12 [['AS', '2S', '3S']]``), or a JSON list of them.

    RLCard's player 0 (North, ``N``) and 1 (South, ``S``) are the record's. A game of
    RLCard is one hand: the deal move names the dealer and the whole shuffled deck (the
    non-dealer is dealt eleven cards from its end, the dealer ten, the stock is the rest),
    so the record gives the deck and nothing is made up. RLCard's ``gin`` move names no
    card: the card discarded is the one the ginner's score move leaves out of its melds.
    The score moves (each player's deadwood of its best melds, before any layoff; RLCard
    pays a player no points but 1 for gin, 0.2 for a knock or minus its deadwood / 100)
    are kept in the hand's ``source`` (``rlcard_deadwood``, ``rlcard_melds``); the record
    declares how the hand ended, and for a dead hand each player's deadwood.

    RLCard's judge allows two things the ``rlcard`` preset (its settings and docs) does
    not: the player after the discard that leaves two stock cards may pick that discard up
    and play on, and a player may go out with the card it has just picked up. By default
    such a record is invalid, and the validator says which it is
    (:class:`RLCardExplanations`). With ``rlcard_endings=True`` the record is written as
    far as these rules play the hand: dead at that discard, or unfinished (``"complete":
    false``) before the knock; RLCard's own ending is kept in the hand's ``source``
    (``rlcard_outcome``). A move RLCard does not make, or a card that cannot be where the
    move says, is an error naming the move.

    >>> import ginrules
    >>> deck = " ".join(str(c) for c in ginrules.Deck.standard().cards)
    >>> record = from_rlcard([f"N deal shuffled_deck=[{deck}]", "S discard KS"])
    >>> record["hands"][0]["dealer"], record["hands"][0]["actions"], record["complete"]
    (0, ['p1 discard KS'], False)
    >>> from_rlcard("N deal shuffled_deck=[AS]")
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: move 1 of the RLCard move sheet: the deal names 1 card, not the 52 cards once each
    """
    if not isinstance(rlcard_endings, bool):
        raise _wrong_type("from_rlcard", "rlcard_endings as True or False", rlcard_endings)
    if not isinstance(rules, str):
        raise _wrong_type("from_rlcard", "the name of a preset as rules (like 'rlcard')",
                          rules)
    if players is not None and (isinstance(players, str) or not isinstance(players, Sequence)
                                or len(players) != 2
                                or not all(isinstance(name, str) for name in players)):
        raise _wrong_type("from_rlcard", "the players' names as a list of two strings, or "
                          "None", players)
    the_rules = preset_rules(rules)
    if the_rules.opening is not Opening.ELEVEN_CARDS:
        raise InvalidRecordError(f"RLCard's games open with eleven cards to the non-dealer "
                                 f"and no upcard; the rules {rules!r} turn an upcard (use a "
                                 "preset with the 'eleven-cards' opening, like 'rlcard')")
    lines = _rlcard_lines(moves)
    if not lines:
        raise InvalidRecordError("the RLCard move sheet is empty")
    where = ""

    def fail(why: str) -> InvalidRecordError:
        return InvalidRecordError(f"{where}{why}")

    actions: list[str] = []
    held: list[set[str]] = [set(), set()]
    stock: list[str] = []  # RLCard's stock pile: its top card last
    pile: list[str] = []
    dealer = -1
    turn = -1
    phase = "deal"  # deal, discard, draw, score, over
    state: HandState | None = None  # the hand as these rules play it
    dealt: Deck | None = None  # its deck, in ginrules' dealing order
    end = ""  # how RLCard's play first leaves these rules (or ends)
    cut = -1  # the actions these rules play, under rlcard_endings
    gin_at = -1  # the action of RLCard's gin, its card told by the score move
    out: dict[str, Any] = {}  # RLCard's ending: the kind and who went out
    scores: dict[int, tuple[int, list[list[str]]]] = {}
    for number, line in enumerate(lines, 1):
        where = f"move {number} of the RLCard move sheet: "
        found = next(((name, m) for name, pattern in _RL_LINES
                      if (m := pattern.fullmatch(line)) is not None), None)
        if found is None:
            raise fail(f"{_shown(line)} is not a move of RLCard's gin-rummy move sheet")
        kind, match = found
        who = "NS".index(match.group(1))
        if kind == "deal":
            if phase != "deal":
                raise fail("a second deal: an RLCard move sheet holds one hand")
            deck = match.group(2).split()
            if len(deck) != 52 or len(set(deck)) != 52:
                raise fail(f"the deal names {len(deck)} card{'' if len(deck) == 1 else 's'}"
                           f"{'' if len(set(deck)) == len(deck) else ' (some twice)'}, not "
                           "the 52 cards once each")
            dealer = who
            stock = list(deck)
            # RLCard deals from the end of the shuffled deck: eleven cards to the
            # non-dealer, then ten to the dealer; the rest is the stock, its top last
            for player, count in ((1 - dealer, 11), (dealer, 10)):
                held[player] = {stock.pop() for _ in range(count)}
            nd = [deck[51 - i] for i in range(11)]
            order = [c for i in range(10) for c in (nd[i], deck[40 - i])]
            order += [nd[10], *reversed(deck[:31])]
            dealt = Deck(tuple(parse_card(c) for c in order))
            state = deal(the_rules, deck=dealt, dealer=dealer)
            turn, phase = 1 - dealer, "discard"
            continue
        if phase == "deal":
            raise fail(f"{_shown(line)} comes before the deal")
        if phase == "over":
            raise fail(f"{_shown(line)} comes after both score moves")
        if kind == "score":
            if phase != "score" or match.group(2) != match.group(1) or who != (
                    0 if not scores else 1):
                raise fail("the score moves are North's (N score N), then South's, after "
                           "the hand ends")
            melds = _rl_melds(match.group(4))
            melded = [c for m in melds for c in m]
            hand = set(held[who])
            if who == out.get("knocker") and out.get("kind") == "gin":
                # RLCard's gin discards the one card its melds leave out
                rest = hand - set(melded)
                if len(rest) != 1 or int(match.group(3)):
                    raise fail(f"player {who} went gin, but its score move leaves "
                               f"{len(rest)} cards out of its melds, with deadwood "
                               f"{match.group(3)}")
                (card,) = rest
                hand.discard(card)
                actions[gin_at] = f"p{who} knock {card}"
                held[who] = hand
                before_gin = state
                state = _rl_play(state, who, f"knock {card}")
                if state is None and before_gin is not None and not end:
                    end = _rl_departure(before_gin, f"knock {card}")
                    cut = gin_at if cut < 0 else cut
            if not set(melded) <= hand or len(melded) != len(set(melded)):
                raise fail(f"player {who}'s score move melds cards it does not hold")
            left = sum(_eaai_points(c) for c in hand - set(melded))
            if left != int(match.group(3)):
                raise fail(f"player {who}'s deadwood outside its melds is {left}, not "
                           f"{match.group(3)}")
            scores[who] = (left, melds)
            if len(scores) == 2:
                phase = "over"
            continue
        if who != turn or phase == "score":
            raise fail(f"it is {'NS'[turn]}'s turn to {phase}, not {_shown(line)}"
                       if phase != "score" else f"{_shown(line)} comes after the hand ended")
        if kind in ("draw", "pickup", "dead"):
            if phase != "draw":
                raise fail(f"player {who} must {phase} now, not {_shown(line)}")
            if kind == "dead":
                phase = "score"
                out = {"kind": "dead"}
                if state is not None and not state.is_over:
                    end = end or "declared-dead"
                    if cut < 0:
                        cut = len(actions)
                elif not end:
                    end = "dead"
                continue
            card = match.group(2)
            if kind == "draw":
                if not stock or stock[-1] != card:
                    raise fail(f"the top card of the stock is {stock[-1] if stock else 'none'}"
                               f", not {card}")
                stock.pop()
                text = f"draw stock {card}"
            else:
                if not pile or pile[-1] != card:
                    raise fail(f"the top card of the discard pile is "
                               f"{pile[-1] if pile else 'none'}, not {card}")
                pile.pop()
                text = "draw discard"
            held[who].add(card)
            phase = "discard"
        else:  # discard, knock or gin
            if phase != "discard":
                raise fail(f"player {who} must {phase} now, not {_shown(line)}")
            if kind == "gin":
                gin_at = len(actions)
                actions.append(f"p{who} gin")  # (its card is told by the score move)
                out = {"kind": "gin", "knocker": who}
                phase = "score"
                continue
            card = match.group(2)
            if card not in held[who]:
                raise fail(f"player {who} {kind}s {card}, which it does not hold")
            held[who].discard(card)
            text = f"{kind} {card}"
            if kind == "knock":
                out = {"kind": "knock", "knocker": who}
                phase = "score"
            else:
                pile.append(card)
                turn, phase = 1 - turn, "draw"
        before = len(actions)
        actions.append(f"p{who} {text}")
        replayed = _rl_play(state, who, text)
        if replayed is None and state is not None:  # these rules end or refuse here
            end = end or _rl_departure(state, text)
            if cut < 0:
                cut = before
        state = replayed
    assert dealt is not None  # (a sheet has a move, and its first must be the deal)
    if gin_at >= 0 and actions[gin_at].endswith(" gin"):
        # no score move tells the gin card: the only card whose discard leaves gin
        who = out["knocker"]
        cards = held[who]
        gins = sorted(c for c in cards
                      if _least_deadwood(" ".join(sorted(cards - {c}))) == 0)
        if len(gins) != 1:
            raise InvalidRecordError(
                f"player {who}'s gin names no card, and no score move shows it: "
                + (" or ".join(gins) + " may be the discard" if gins else
                   "no discard leaves it gin"))
        actions[gin_at] = f"p{who} knock {gins[0]}"
        before_gin = state
        state = _rl_play(state, who, f"knock {gins[0]}")
        if state is None and before_gin is not None and not end:
            end = _rl_departure(before_gin, f"knock {gins[0]}")
            cut = gin_at if cut < 0 else cut
    finished = phase in ("score", "over")
    if not end:
        end = out.get("kind", "incomplete") if finished else "incomplete"
    entry: dict[str, Any] = {"dealer": dealer,
                             "deck": " ".join(str(c) for c in dealt.cards),
                             "actions": actions}
    source: dict[str, Any] = {"from": "rlcard", "end": end, "move_sheet": lines}
    if len(scores) == 2:
        source["rlcard_deadwood"] = [scores[0][0], scores[1][0]]
        source["rlcard_melds"] = [[" ".join(m) for m in scores[p][1]] for p in (0, 1)]
    complete = finished
    outcome: dict[str, Any] | None = None
    if out.get("kind") in ("gin", "knock"):
        outcome = {"kind": out["kind"], "knocker": out["knocker"]}
    elif out.get("kind") == "dead":
        outcome = {"kind": "dead", "winner": None, "points": 0}
        if len(scores) == 2:
            outcome["deadwood"] = [scores[0][0], scores[1][0]]
    if rlcard_endings and cut >= 0:
        # as far as these rules play the hand; RLCard's own ending goes to the source
        source["rlcard_outcome"] = outcome
        del actions[cut:]
        if end == "after-dead-hand":
            outcome = {"kind": "dead", "winner": None, "points": 0}
        else:  # out with the card just taken, or declared dead early: unfinished here
            outcome = None
            complete = False
    if outcome is not None:
        entry["outcome"] = outcome
    entry["source"] = source
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": "hand",
                            "rules": {"preset": rules}}
    if not complete:
        data["complete"] = False
    if players is not None:
        data["players"] = list(players)
    data["source"] = {"from": "rlcard", "end": end}
    data["hands"] = [entry]
    return data


def _rl_departure(state: HandState, text: str) -> str:
    """How RLCard's action ``text`` leaves these rules in ``state``: play after the hand
    ended dead here, a knock with the card just taken, or another refused action."""
    if state.is_over:
        return "after-dead-hand"
    taken = state.taken
    if text.startswith("knock ") and taken is not None and text.endswith(str(taken)):
        return "out-with-taken-card"
    return "refused"


def _rl_play(state: HandState | None, who: int, text: str) -> HandState | None:
    """``state`` after player ``who``'s action ``text``; ``None`` once these rules have
    ended the hand or refuse an action (the record then says how, and the validator
    explains)."""
    if state is None or state.is_over:
        return None
    # (the record names the card of a stock draw; the action does not)
    action = "draw stock" if text.startswith("draw stock") else text
    try:
        return state.apply(action, player=who)
    except GinRulesError:
        return None
