"""OpenSpiel's ``gin_rummy`` in ginrules' terms: its card ids, its action histories as
records, and what the validator says when such a record differs from these rules
(:class:`OpenSpielExplanations`, registered for records from ``"openspiel"`` with
:func:`ginrules.records.register_explanations` when this module is imported).

OpenSpiel orders the suits spades, clubs, diamonds, hearts (0..3) and the ranks ace to
king (0..12); a card's id is ``suit * 13 + rank``.

>>> from ginrules import Card
>>> openspiel_id(Card.parse("AS")), openspiel_id(Card.parse("KH"))
(0, 51)
>>> str(card_from_openspiel_id(14))
'2C'
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ginrules.actions import _PLAIN_ACTIONS, Action, ActionKind, Phase
from ginrules.cards import CARDS, Card, Suit
from ginrules.errors import (
    ActionNotationError,
    CardNotationError,
    InvalidRecordError,
    _type_name,
    _wrong_type,
)
from ginrules.hand import HandState
from ginrules.knocking import EndKind
from ginrules.records.format import FORMAT, VERSION
from ginrules.records.validator import Explanations, register_explanations

__all__ = ["OpenSpielExplanations", "action_from_openspiel", "card_from_openspiel_id",
           "from_openspiel", "openspiel_id", "to_openspiel_actions"]

_OPENSPIEL_SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
_OPENSPIEL_SUIT = {s: i for i, s in enumerate(_OPENSPIEL_SUITS)}


def openspiel_id(card: Card) -> int:
    """The card's integer in OpenSpiel's ``gin_rummy``: ``suit * 13 + rank``.

    >>> openspiel_id(Card.parse("2C"))
    14
    """
    if not isinstance(card, Card):
        raise _wrong_type("openspiel_id", "a Card (see ginrules.Card.parse)", card)
    return _OPENSPIEL_SUIT[card.suit] * 13 + int(card.rank) - 1


def card_from_openspiel_id(card_id: int) -> Card:
    """The card for an OpenSpiel ``gin_rummy`` card integer (0..51).

    >>> str(card_from_openspiel_id(0))
    'AS'
    >>> card_from_openspiel_id(52)
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: OpenSpiel card id 52 is not in 0..51
    """
    if type(card_id) is not int or not 0 <= card_id < 52:
        raise CardNotationError(f"OpenSpiel card id {card_id!r} is not in 0..51")
    suit = _OPENSPIEL_SUITS[card_id // 13]
    return CARDS[int(suit) * 13 + card_id % 13]


def to_openspiel_actions(action: Action | str) -> tuple[int, ...]:
    """The OpenSpiel ``gin_rummy`` action ids that play ``action``.

    ``take`` and ``draw discard`` are 52 (draw upcard), ``draw stock`` 53, ``pass`` 54,
    ``discard C`` the card's OpenSpiel id. Where it cannot be exact:

    * ``knock C`` is two ids, 55 (knock) then the card; OpenSpiel then asks the knocker
      for its melds (ids 56 and up) and a pass, and the defender for its layoffs and
      melds: ginrules makes those choices itself (the knocker's own layout,
      :func:`ginrules.knocking.knocker_layout`, under the ``openspiel`` rules; the
      defender's layoffs that leave it the least deadwood), so they have no action here;
    * ``big gin`` has no OpenSpiel action (its ``gin_rummy`` has no big gin): an error;
    * OpenSpiel's wall phase (a knock on the upcard with two stock cards left) has no
      ginrules action: under these rules the hand is dead there.

    >>> to_openspiel_actions("take"), to_openspiel_actions("discard 2C")
    ((52,), (14,))
    >>> to_openspiel_actions("knock AS")
    (55, 0)
    >>> to_openspiel_actions("big gin")
    Traceback (most recent call last):
    ...
    ginrules.errors.ActionNotationError: OpenSpiel's gin_rummy has no big gin: its players knock with 10 cards (play 'knock CARD' instead)
    """
    act = Action.parse(action)
    kind = act.kind
    if kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
        return (_OS_DRAW_UPCARD,)
    if kind is ActionKind.DRAW_STOCK:
        return (_OS_DRAW_STOCK,)
    if kind is ActionKind.PASS:
        return (_OS_PASS,)
    if kind is ActionKind.BIG_GIN:
        raise ActionNotationError("OpenSpiel's gin_rummy has no big gin: its players knock "
                                  "with 10 cards (play 'knock CARD' instead)")
    assert act.card is not None
    if kind is ActionKind.KNOCK:
        return (_OS_KNOCK, openspiel_id(act.card))
    return (openspiel_id(act.card),)


def action_from_openspiel(ids: Sequence[int], phase: Phase) -> Action:
    """The ginrules action for OpenSpiel ``gin_rummy`` action ids in a hand's ``phase``:
    one id, or two for a knock (55 then the card). The inverse of
    :func:`to_openspiel_actions`; meld, layoff and wall-phase ids are errors (see there).

    >>> str(action_from_openspiel([52], Phase.OFFER)), str(action_from_openspiel([52], Phase.DRAW))
    ('take', 'draw discard')
    >>> str(action_from_openspiel([55, 51], Phase.DISCARD))
    'knock KH'
    >>> action_from_openspiel([60], Phase.DISCARD)
    Traceback (most recent call last):
    ...
    ginrules.errors.ActionNotationError: OpenSpiel action 60 has no ginrules action in the discard phase (expected a card id 0..51, or 55 and a card id)
    """
    if not isinstance(phase, Phase):
        raise _wrong_type("action_from_openspiel", "the hand's Phase (state.phase)", phase)
    try:
        got = [operator.index(i) for i in ids]
    except TypeError:
        raise _wrong_type("action_from_openspiel", "OpenSpiel action ids (a list of ints)",
                          ids) from None
    if phase is Phase.OFFER and got in ([_OS_DRAW_UPCARD], [_OS_PASS]):
        return _PLAIN_ACTIONS[ActionKind.TAKE if got[0] == _OS_DRAW_UPCARD else ActionKind.PASS]
    if phase is Phase.DRAW and got in ([_OS_DRAW_UPCARD], [_OS_DRAW_STOCK]):
        return _PLAIN_ACTIONS[ActionKind.DRAW_DISCARD if got[0] == _OS_DRAW_UPCARD
                              else ActionKind.DRAW_STOCK]
    if phase is Phase.DISCARD:
        if len(got) == 1 and 0 <= got[0] < 52:
            return Action(ActionKind.DISCARD, card_from_openspiel_id(got[0]))
        if len(got) == 2 and got[0] == _OS_KNOCK and 0 <= got[1] < 52:
            return Action(ActionKind.KNOCK, card_from_openspiel_id(got[1]))
        expected = "a card id 0..51, or 55 and a card id"
    elif phase is Phase.OFFER:
        expected = "52 (take) or 54 (pass)"
    elif phase is Phase.DRAW:
        expected = "52 (draw discard) or 53 (draw stock)"
    else:
        expected = "nothing: the hand is over"
    shown = " ".join(str(i) for i in got)
    raise ActionNotationError(f"OpenSpiel action {shown} has no ginrules action in the "
                              f"{phase.value} phase (expected {expected})")


class OpenSpielExplanations(Explanations):
    """The validator's explanations for a record imported from OpenSpiel: where OpenSpiel's
    rules differ from ginrules' (see :func:`from_openspiel`).

    >>> OpenSpielExplanations({"from": "openspiel", "end": "repeated-move"}).stopped(None)
    '; OpenSpiel ends a hand with no score when the upcard is taken and discarded again twice in a row'
    """

    tie_scorers = "OpenSpiel"

    def __init__(self, source: Mapping[str, Any]) -> None:
        if not isinstance(source, Mapping):
            raise _wrong_type("OpenSpielExplanations", "a hand's source (a dict, as "
                              "from_openspiel writes it)", source)
        super().__init__(source)

    def deadwood(self, state: HandState, player: int, declared: int) -> str:
        """OpenSpiel's defender chooses its own melds and layoffs."""
        _check_state("deadwood", state)
        if type(player) is not int or type(declared) is not int:
            raise _wrong_type("OpenSpielExplanations.deadwood", "a player and the deadwood "
                              "declared (ints)", declared if type(player) is int else player)
        result = state.result
        if result is None or player == result.knocker:
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

    def illegal(self, state: HandState, action: Action) -> str:
        """OpenSpiel lets a player discard the card just taken."""
        _check_state("illegal", state, action)
        if action.card is not None and action.card == state.taken:
            return ("; OpenSpiel allows discarding the card just taken (set "
                    "may_discard_taken_card, as the 'openspiel' preset does)")
        return ""

    def after_over(self, state: HandState, action: Action) -> str:
        """OpenSpiel's wall phase: a move after a dead hand, which OpenSpiel still plays;
        nothing to say of a hand that is not over.

        >>> import ginrules
        >>> explain = OpenSpielExplanations({"from": "openspiel"})
        >>> state = ginrules.deal(ginrules.rules("openspiel"), seed=1)
        >>> explain.after_over(state, state.legal_actions()[0])
        ''
        """
        _check_state("after_over", state, action)
        if state.result is None:
            return ""
        if state.result.kind is EndKind.DEAD:
            return ("; OpenSpiel's wall phase (two stock cards left, after the 50th card) "
                    "lets the next player knock with the upcard, while under these rules the "
                    "hand is dead at that discard")
        return ""

    def stopped(self, state: HandState | None) -> str:
        """OpenSpiel's endings with no score."""
        if state is not None:
            _check_state("stopped", state)
        end = self.source.get("end")
        if end == "draw-upcard-limit":
            return "; OpenSpiel ends a hand with no score after 50 draws from the discard pile"
        if end == "repeated-move":
            return ("; OpenSpiel ends a hand with no score when the upcard is taken and "
                    "discarded again twice in a row")
        return "; the OpenSpiel history ends here"


# the validator explains the records of OpenSpiel games with these (it never imports this
# module: the records are below ginrules.interop)
register_explanations("openspiel", OpenSpielExplanations)


def _check_state(method: str, state: object, *action: object) -> None:
    """The checks of an explanation's arguments: a hand state (and an action)."""
    if type(state) is not HandState:
        raise _wrong_type(f"OpenSpielExplanations.{method}", "a HandState", state)
    if action and type(action[0]) is not Action:
        raise _wrong_type(f"OpenSpielExplanations.{method}", "an Action", action[0])


_OS_DRAW_UPCARD, _OS_DRAW_STOCK, _OS_PASS, _OS_KNOCK, _OS_MELD = 52, 53, 54, 55, 56


def _os_meld(meld_id: int) -> list[Card]:
    """The cards of OpenSpiel meld id ``meld_id`` (0..184)."""
    if meld_id < 65:
        rank, j = divmod(meld_id, 5)
        suits = [s for s in range(4) if s != j] if j < 4 else list(range(4))
        return [card_from_openspiel_id(s * 13 + rank) for s in suits]
    for base, length, starts in ((65, 3, 11), (109, 4, 10), (149, 5, 9)):
        if meld_id < base + 4 * starts:
            suit, start = divmod(meld_id - base, starts)
            return [card_from_openspiel_id(suit * 13 + start + i) for i in range(length)]
    raise InvalidRecordError(f"OpenSpiel meld id {meld_id} is not in 0..184")


def from_openspiel(
    history: Iterable[int],
    *,
    rules: str = "openspiel",
    params: Mapping[str, Any] | None = None,
    players: Sequence[str] | None = None,
    openspiel_endings: bool = False,
) -> dict[str, Any]:
    """A hand record from an OpenSpiel ``gin_rummy`` action history (``state.history()``).

    Three endings exist only in OpenSpiel: the 50-upcard-draw cap, the repeated move,
    and a knock at the wall (two stock cards left; under these rules the hand is dead at
    the discard that left them). By default such a record is invalid, and the validator
    says which ending it was. With ``openspiel_endings=True`` the record is written as far
    as these rules play the hand: a knock at the wall is a dead hand, and a hand stopped
    by the cap or the repeated move is an unfinished one (``"complete": false``);
    OpenSpiel's own outcome is kept in the hand's ``source`` (``openspiel_outcome``).

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
    >>> from ginrules.records import validate
    >>> validate(data).summary()
    'invalid: hand 1: the hand stops before it is over: player 1 is to draw; the OpenSpiel history ends here'
    """
    if not isinstance(openspiel_endings, bool):
        raise InvalidRecordError(f"openspiel_endings is true or false, not {openspiel_endings!r}")
    if not isinstance(rules, str):
        raise _wrong_type("from_openspiel", "the name of a preset as rules (like "
                          "'openspiel')", rules)
    if params is not None and not isinstance(params, Mapping):
        raise _wrong_type("from_openspiel", "the OpenSpiel game parameters as a dict, or "
                          "None", params)
    if players is not None and (isinstance(players, str) or not isinstance(players, Sequence)
                                or not all(isinstance(name, str) for name in players)):
        raise _wrong_type("from_openspiel", "the players' names as a list of strings, or "
                          "None", players)
    try:
        ids = [_os_int(a) for a in history]
    except TypeError:
        raise InvalidRecordError("an OpenSpiel history is a list of action integers, not "
                                 f"{_type_name(history)}") from None
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
    card = card_from_openspiel_id
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
    wall_at = -1  # how many actions were played when the wall was reached
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
            if phase == "wall":
                wall_at = len(actions)
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
    complete = True
    if openspiel_endings and end in ("wall-knock", "draw-upcard-limit", "repeated-move"):
        # as far as these rules play the hand; OpenSpiel's own outcome goes to the source
        source["openspiel_outcome"] = entry.pop("outcome", None)
        if end == "wall-knock":
            del actions[wall_at:]  # the hand is dead at the discard that reached the wall
            entry.pop("knocker_melds", None)
            entry["outcome"] = {"kind": "dead", "winner": None, "points": 0}
        else:
            complete = False  # stopped by OpenSpiel's own rule before these rules end it
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": "hand",
                            "rules": {"preset": rules}}
    if not complete:
        data["complete"] = False
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
    except (TypeError, ValueError, OverflowError):
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
