"""The Python side of ginrules.js: the engine of a web game, JSON in and JSON out.

The JavaScript module runs this file in Pyodide, in a Web Worker, and calls
:meth:`Engine.call` with a method's name and its arguments as JSON text; the answer is
JSON text, ``{"ok": value}`` or ``{"error": {"type": ..., "message": ...}}`` with the
library's own words. A game is a *handle* (a string such as ``"g3"``) naming an immutable
game held here, with the moves that led to it (for undo): the page that uses the engine
never holds a hidden card, only the views of its seat. The same file runs in CPython
(the tests and the benchmark call it there).

>>> engine = Engine()
>>> game = engine.deal(rules="classic", seed=3)["game"]
>>> engine.legal_actions(game)
['take', 'pass']
>>> import json
>>> json.loads(engine.call("apply", json.dumps({"game": game, "action": "draw stock"})))
{'error': {'type': 'IllegalActionError', 'message': 'cannot draw stock: player 1 must take or pass the upcard now'}}
"""

from __future__ import annotations

import html
import inspect
import json
import random
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import attrs

import ginrules
from ginrules import records, svg
from ginrules._jsonlines import MessageError, dumps, loads
from ginrules.actions import ActionKind
from ginrules.cards import CARDS
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.game import GameState
from ginrules.history import History
from ginrules.knocking import EndKind, HandResult
from ginrules.melds import arrange
from ginrules.players import PLAYERS, Player, make_player
from ginrules.players.knock_models import KNOCK_MODELS
from ginrules.players.views import View
from ginrules.rulesets import PRESETS
from ginrules.scoring import score_hand
from ginrules.text import hand_result_text, move_in_words, rules_name

__all__ = ["LEVELS", "MAX_DEPTH", "Engine", "bench"]

MAX_DEPTH = 64
"""How deeply the arguments of a call may nest (the protocol's and a record's bound);
deeper is an error answer, refused before it is parsed."""

LEVELS = ("beginner", "intermediate", "advanced", "expert", "master", "random", "simple",
          "basic")
"""The computer players a page offers, the levels a person picks first (weakest first),
then the players' own names (see :data:`ginrules.players.PLAYERS`)."""

_DESCRIPTIONS = {
    "beginner": "the simple player: melds what it can, knocks at once",
    "intermediate": "the basic player: least deadwood, knocks at once",
    "advanced": "counts the unseen cards, reads your discards",
    "expert": "the advanced player with playouts to decide its knocks",
    "master": "the expert reading your whole hand with a particle filter (slow)",
    "random": "any legal move",
    "simple": "the EAAI challenge's baseline",
    "basic": "least deadwood, knocks at once",
}


_KEPT_PLAYERS = 32  # the computer players kept between moves, by (level, seed)

MAX_POSITIONS = 1000
"""The most positions :func:`bench` times (its work grows with them)."""


class _Game:
    """What a handle names: the moves so far (a History), and how to write the record."""

    __slots__ = ("history", "players", "preset")

    def __init__(self, history: History, preset: str | None, players: list[str]) -> None:
        self.history = history
        self.preset = preset
        self.players = players


def _cards(cards: Any) -> list[str]:
    return [str(card) for card in cards]


def _arrangement(cards: Any) -> dict[str, Any]:
    best = arrange(cards)
    return {"melds": [_cards(meld.cards) for meld in best.melds],
            "deadwood_cards": _cards(best.deadwood_cards), "deadwood": best.deadwood,
            "text": str(best)}


def _result(result: HandResult, game: GameState, number: int, names: list[str]
            ) -> dict[str, Any]:
    """A finished hand, for everyone to see: both hands, the layoffs, the score."""
    out: dict[str, Any] = {"hand": number, "kind": result.kind.value,
                           "knocker": result.knocker, "text": hand_result_text(result)}
    hand = game.finished[number - 1]
    if result.kind is EndKind.DEAD:
        out.update(winner=None, points=0,
                   picture=str(svg.hand(hand)),
                   words="a dead hand: nobody scores")
        return out
    score = score_hand(result, game.rules)
    knocker, defender = result.knocker_arrangement, result.defender_arrangement
    assert knocker is not None and defender is not None  # a knock: both laid out
    knocker_seat = result.knocker or 0
    out.update(winner=score.player, points=score.points,
               # the picture's rows are the knocker's, then the defender's
               picture=_seats_named(str(svg.result(
                   result, names=(names[knocker_seat], names[1 - knocker_seat]),
                   rules=game.rules)), names),
               knocker_melds=[_cards(m.cards) for m in knocker.melds],
               knocker_deadwood=knocker.deadwood,
               defender_deadwood=defender.deadwood,
               layoffs=[str(layoff) for layoff in result.layoffs])
    out["undercut"] = score.undercut
    out["words"] = _result_words(result.kind.value, names[knocker_seat],
                                 None if score.player is None else names[score.player],
                                 score.points, score.undercut)
    return out


def _seats_named(picture: str, names: list[str]) -> str:
    r"""A picture with "player 0" and "player 1" (its description and score line say
    them) written as the page names the seats.

    >>> _seats_named("<desc>gin by player 1 (0 vs 9)\nplayer 1 scores 34</desc>",
    ...              ["you", "the computer <expert>"])
    '<desc>gin by the computer &lt;expert&gt; (0 vs 9)\nthe computer &lt;expert&gt; scores 34</desc>'
    >>> _seats_named("player 0 scores 34", ["you", "the computer"])
    'you score 34'
    """
    def seat(match: re.Match[str]) -> str:
        return html.escape(names[int(match.group(1))], quote=False)

    named = re.sub(r"\bplayer ([01])\b", seat, picture)
    return re.sub(r"\b(you|You) scores\b", r"\1 score", named)


def _scores(who: str) -> str:
    """``who`` with the verb: "you score", "the computer scores".

    >>> _scores("you"), _scores("the computer (expert)")
    ('you score', 'the computer (expert) scores')
    """
    return f"{who} score" if who.lower() == "you" else f"{who} scores"


def _result_words(kind: str, knocker: str, scorer: str | None, points: int,
                  undercut: bool) -> str:
    """A finished hand in words, an undercut named.

    >>> _result_words("gin", "you", "you", 44, False)
    'gin by you; you score 44'
    >>> _result_words("knock", "you", "the computer", 29, True)
    'knock by you, undercut by the computer; the computer scores 29'
    >>> _result_words("knock", "you", None, 0, False)
    'knock by you; nobody scores: a tie'
    """
    if scorer is None:
        return f"{kind} by {knocker}; nobody scores: a tie"
    under = f", undercut by {scorer}" if undercut else ""
    return f"{kind} by {knocker}{under}; {_scores(scorer)} {points}"


def _sheet(game: GameState) -> dict[str, Any]:
    """The score sheet: each hand with the running totals (``totals``: of game 1 in
    Hollywood; ``game_totals``: of each game, three in Hollywood, one otherwise), and
    each game's totals so far (``games``).

    >>> import ginrules
    >>> g = ginrules.new_game(ginrules.rules("short"), seed=2, hollywood=True)
    >>> _sheet(g)["games"]
    [[0, 0], [0, 0], [0, 0]]
    """
    data = game.sheet.to_dict()
    totals = [0, 0]
    columns = len(game.sheet.games)
    running = [[0, 0] for _ in range(columns)]
    rows = []
    results = list(game.results)
    hands: list[dict[str, Any]] = data["hands"]  # type: ignore[assignment]
    for index, row in enumerate(hands):
        if row["winner"] is not None and 0 in row["games"]:
            totals[row["winner"]] += row["points"]
        if row["winner"] is not None:
            for column in row["games"]:
                running[column][row["winner"]] += row["points"]
        result = results[index] if index < len(results) else None
        # an undercut: a knock the defender scored (the sheet's row says who scored)
        undercut = (result is not None and result.kind is EndKind.KNOCK
                    and row["winner"] is not None and row["winner"] != result.knocker)
        rows.append({**row, "totals": list(totals), "undercut": undercut,
                     "game_totals": [list(pair) for pair in running]})
    return {"hands": rows, "totals": list(game.totals), "hands_won": list(game.hands_won),
            "games": [list(column.totals) for column in game.sheet.games],
            "final_scores": data["final_scores"], "winner": data["winner"],
            "text": str(game.sheet)}


def _short(text: str, most: int = 80) -> str:
    """``text`` as an error message shows it: cut to ``most`` characters.

    >>> _short("x" * 100, 10)
    'xxxxxxxxxx... (100 characters)'
    """
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def _check(method: str, name: str, value: object, wanted: str,
           test: Callable[[Any], bool]) -> None:
    """Refuse an argument of the wrong kind with a :class:`WrongTypeError` that says what
    to pass (JavaScript gives any value)."""
    if not test(value):
        raise WrongTypeError(f"{method}: {name} is {wanted}, not {_short(repr(value))}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object) -> bool:
    return _is_int(value) and value in (0, 1)


def _are_names(value: object) -> bool:
    """Two players' names (short strings)."""
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(name, str) and len(name) <= 100 for name in value))


def _error_answer(kind: str, message: str) -> str:
    return json.dumps({"error": {"type": kind, "message": _short(message, 2000)}})


class Engine:
    """The games of one page, by handle, and the computer players; JSON in, JSON out
    through :meth:`call`, or the methods themselves from Python.

    >>> engine = Engine()
    >>> g = engine.deal(rules="short", seed=1)["game"]
    >>> table = engine.table(g, 0)
    >>> table["target"], len(table["view"]["cards"]), "opponent_cards" in table["view"]
    (50, 10, False)
    """

    def __init__(self) -> None:
        self._games: dict[str, _Game] = {}
        self._count = 0
        self._players: dict[tuple[str, int], Player] = {}
        self._methods: dict[str, Callable[..., Any]] = {
            "info": self.info, "deal": self.deal, "legal_actions": self.legal_actions,
            "apply": self.apply, "view": self.view, "table": self.table,
            "choose": self.choose, "hint": self.hint, "undo": self.undo,
            "take_back": self.take_back,
            "dump": self.dump, "load": self.load, "validate": self.validate,
            "release": self.release, "cards": self.cards, "bench": bench,
        }

    # -- the wire ------------------------------------------------------------------

    def call(self, method: str, arguments: str) -> str:
        """Call ``method`` with the keyword arguments of the JSON object ``arguments``;
        the answer as JSON text: ``{"ok": value}`` or ``{"error": {...}}``. Never raises,
        whatever it is given: text that is not strict JSON, or nests deeper than
        :data:`MAX_DEPTH`, arguments a method does not take, and any failure inside a
        method are error answers (a failure that is not the library's own refusal has
        the type ``InternalError``), and no game changes.

        >>> Engine().call("deal", '{"rules": "grand"}')  # doctest: +ELLIPSIS
        '{"error": {"type": "RuleSetError", "message": "unknown rule set \\'grand\\'...'
        >>> Engine().call("validate", "\\x00")  # doctest: +ELLIPSIS
        '{"error": {"type": "MessageError", "message": "the arguments are not valid JSON: ...'
        """
        try:
            function = self._methods.get(method) if isinstance(method, str) else None
            if function is None:
                raise GinRulesError(f"the engine has no method {_short(repr(method))}; it has "
                                    + ", ".join(sorted(self._methods)))
            try:
                kwargs = loads(arguments, MAX_DEPTH)
            except MessageError as error:
                raise MessageError(f"the arguments are {error}".replace(
                    "are not valid JSON: not valid JSON", "are not valid JSON")) from None
            if not isinstance(kwargs, dict):
                raise WrongTypeError("the arguments are a JSON object")
            try:
                bound = inspect.signature(function).bind(**kwargs)
            except TypeError as error:  # arguments that the method does not take
                raise WrongTypeError(f"{method}: {_short(str(error), 300)}") from None
            return dumps({"ok": function(*bound.args, **bound.kwargs)})
        except GinRulesError as error:
            return _error_answer(type(error).__name__, str(error))
        except Exception as error:  # a bug, or a bound of the machine: an answer all the same
            return _error_answer("InternalError", f"{method if isinstance(method, str) else '?'}"
                                 f": {type(error).__name__}: {error}")

    def _keep(self, game: _Game) -> str:
        self._count += 1
        handle = f"g{self._count}"
        self._games[handle] = game
        return handle

    def _game(self, handle: object) -> _Game:
        game = self._games.get(handle) if isinstance(handle, str) else None
        if game is None:
            raise GinRulesError(f"no game {handle!r} in this engine: deal or load one "
                                "(a handle is released by release, or was never made)")
        return game

    def _then(self, game: _Game, history: History) -> dict[str, Any]:
        return {"game": self._keep(_Game(history, game.preset, game.players))}

    # -- the methods ---------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """The version, the presets and the computer levels, for a page's choices.

        >>> [p["name"] for p in Engine().info()["presets"]][:3]
        ['classic', 'straight', 'oklahoma']
        """
        return {
            "version": ginrules.__version__,
            "presets": [{"name": name, "target": rules.target,
                         "knock_limit": rules.knock_limit, "oklahoma": rules.oklahoma,
                         "summary": repr(rules)}
                        for name, rules in PRESETS.items()],
            "levels": [{"name": name, "player": PLAYERS[name].__name__,
                        "description": _DESCRIPTIONS[name]} for name in LEVELS],
        }

    def deal(self, rules: str = "classic", seed: int | None = None,
             hollywood: bool = False, players: list[str] | None = None) -> dict[str, Any]:
        """A new game under the preset ``rules``, its first hand dealt from ``seed`` (a
        random one if none): ``{"game": handle, "seed": seed}``."""
        if not isinstance(rules, str):
            raise WrongTypeError(f"rules is a preset's name, one of {', '.join(PRESETS)}")
        _check("deal", "seed", seed, "an int or null", lambda x: x is None or _is_int(x))
        _check("deal", "hollywood", hollywood, "true or false", lambda x: isinstance(x, bool))
        _check("deal", "players", players, "two names (strings)",
               lambda x: x is None or _are_names(x))
        if seed is None:
            seed = random.SystemRandom().getrandbits(52)  # exact as a JavaScript number
        start = ginrules.new_game(ginrules.rules(rules), seed=seed, hollywood=hollywood)
        names = list(players) if players is not None else ["player 0", "player 1"]
        return {"game": self._keep(_Game(History(start), rules, names)), "seed": seed}

    def legal_actions(self, game: str) -> list[str]:
        """The legal actions of the player to move, as text."""
        return [str(action) for action in self._game(game).history.state.legal_actions()]

    def apply(self, game: str, action: str, player: int | None = None) -> dict[str, Any]:
        """The game after ``action`` (checked to be ``player``'s when given), as a new
        handle; the handle given still names the game before (undo is keeping it)."""
        if not isinstance(action, str):
            raise WrongTypeError("action is text, like 'draw stock' or 'discard 7H'")
        _check("apply", "player", player, "0, 1 or null", lambda x: x is None or _is_seat(x))
        kept = self._game(game)
        return self._then(kept, kept.history.apply(action, player=player))

    def undo(self, game: str, player: int) -> dict[str, Any]:
        """The game without ``player``'s last move, as the table's rules allow
        (:class:`ginrules.history.History`): a new handle."""
        _check("undo", "player", player, "0 or 1", _is_seat)
        kept = self._game(game)
        return self._then(kept, kept.history.undo(player))

    def take_back(self, game: str, player: int) -> dict[str, Any]:
        """``player``'s last move taken back together with the opponent's reply to it,
        as a card-game site's undo does: ``{"game": handle, "taken": [words, ...]}``,
        the moves taken back in the order they were made, in words that name only what
        ``player`` saw. The table's rules still bound it (:meth:`History.undo
        <ginrules.history.History.undo>`): a card drawn from the stock stays drawn, and
        nothing before a new deal or a finished hand comes back.

        >>> engine = Engine()
        >>> g = engine.deal(rules="classic", seed=3, players=["you", "the computer"])["game"]
        >>> g = engine.apply(g, "pass")["game"]        # the computer passes,
        >>> g = engine.apply(g, "take")["game"]        # you take the upcard,
        >>> g = engine.apply(g, "discard KH")["game"]  # discard,
        >>> g = engine.apply(g, "draw stock")["game"]  # and the computer replies
        >>> engine.take_back(g, 0)["taken"]
        ['you discard KH', 'the computer draws from the stock']
        """
        _check("take_back", "player", player, "0 or 1", _is_seat)
        kept = self._game(game)
        history = kept.history
        moves = list(history.moves())  # the most recent first
        replies = 0
        while replies < len(moves) and moves[replies][0] != player:
            replies += 1
        shorter = history
        if replies:  # the history without the opponent's reply, replayed from its start
            hand = history.state.hand
            if replies == len(moves):
                raise GinRulesError(f"player {player} has no move to take back: "
                                    "no move of theirs has been made")
            if hand is None or replies + 1 > len(hand.actions):
                raise GinRulesError(f"player {player} has no move to take back: their last "
                                    "move was in a hand that is over, and its cards are shown")
            shorter = History(history.start)
            for who, action in reversed(moves[replies:]):
                shorter = shorter.apply(action, player=who)
        before = shorter.undo(player)
        # the moves taken back in words, each from player's view just before it
        names = kept.players
        taken, state = [], before.state
        for who, action in reversed(moves[:replies + 1]):
            taken.append(move_in_words(names[who], action, state.view(player)))
            state = state.apply(action)
        return {"game": self._keep(_Game(before, kept.preset, kept.players)), "taken": taken}

    def view(self, game: str, player: int) -> dict[str, Any]:
        """What ``player`` sees of the hand in play (:meth:`ginrules.View.to_dict`)."""
        _check("view", "player", player, "0 or 1", _is_seat)
        return self._game(game).history.state.view(player).to_dict()

    def table(self, game: str, player: int, names: list[str] | None = None
              ) -> dict[str, Any]:
        """Everything a page shows ``player``: the view, the hand arranged, the knocks
        with their melds, the score sheet, the last finished hand, whether undo may."""
        _check("table", "player", player, "0 or 1", _is_seat)
        _check("table", "names", names, "two names (strings)", lambda x: x is None or _are_names(x))
        kept = self._game(game)
        state = kept.history.state
        labels = list(names) if names is not None else kept.players
        out: dict[str, Any] = {
            "rules": kept.preset, "rules_name": rules_name(state.rules),
            "target": state.rules.target, "hollywood": state.hollywood, "seed": state.seed,
            "finished_hands": len(state.finished), "is_over": state.is_over,
            "winner": state.winner, "sheet": _sheet(state), "players": labels,
            "can_undo": kept.history.can_undo(player),
            "can_take_back": self._can_take_back(kept, player),
            "last_result": (_result(state.results[-1], state, len(state.finished), labels)
                            if state.finished else None),
            "view": None, "arrangement": None, "knocks": [],
        }
        if state.hand is not None:
            v = state.view(player)
            out["view"] = v.to_dict()
            out["arrangement"] = _arrangement(v.cards)
            knocks = []
            for action in v.legal_actions:
                if action.kind is ActionKind.KNOCK:
                    rest = [card for card in v.cards if card != action.card]
                    knocks.append({"action": str(action), "card": str(action.card),
                                   **_arrangement(rest)})
            out["knocks"] = knocks
        return out

    def _can_take_back(self, kept: _Game, player: int) -> bool:
        """Whether :meth:`take_back` would take something back, found without replaying:
        ``player``'s last move was made in the hand in play (so no reply ended a hand)
        and was not a draw from the stock."""
        hand = kept.history.state.hand
        if hand is None:
            return False
        for made, (who, action) in enumerate(kept.history.moves(), 1):
            if who == player:
                return made <= len(hand.actions) and action.kind is not ActionKind.DRAW_STOCK
        return False

    def _player(self, level: str, seed: int) -> Player:
        key = (level, seed)
        if key not in self._players:
            if not isinstance(level, str) or level not in PLAYERS:
                raise GinRulesError(f"unknown level {_short(repr(level))}; the levels are "
                                    + ", ".join(LEVELS))
            if len(self._players) >= _KEPT_PLAYERS:  # the oldest goes: the cache is bounded
                del self._players[next(iter(self._players))]
            self._players[key] = make_player(level, seed=seed)
        return self._players[key]

    def choose(self, game: str, level: str, seed: int = 0, who: str = "the computer"
               ) -> dict[str, Any]:
        """The move of the computer player ``level`` for the player to move, from that
        player's view alone: the action, the move in words, and the seconds it took."""
        _check("choose", "seed", seed, "an int", _is_int)
        _check("choose", "who", who, "a name (a string)", lambda x: isinstance(x, str))
        state = self._game(game).history.state
        if state.hand is None:
            raise GinRulesError("no hand is in play: "
                                + ("the game is over" if state.is_over else "deal one first"))
        player = self._player(level, seed)
        v = state.view(state.hand.turn)
        start = time.perf_counter()
        action = player.choose(v)
        seconds = time.perf_counter() - start
        return {"action": str(action), "player": v.player, "words": move_in_words(who, action, v),
                "seconds": seconds}

    def hint(self, game: str, player: int, level: str | None = None,
             opponent: str | None = None) -> dict[str, Any]:
        """The hint for ``player`` (:func:`ginrules.hint`): an action, its reason and the
        level it comes from (``level``, unless the rules' own); a knock is weighed against
        the level ``opponent`` plays at (a level with no knock model: ``any``), and its
        figures come as ``knock``."""
        _check("hint", "player", player, "0 or 1", _is_seat)
        _check("hint", "level", level, "a level's name (a string) or null",
               lambda x: x is None or isinstance(x, str))
        _check("hint", "opponent", opponent, "the opponent's level (a string) or null",
               lambda x: x is None or isinstance(x, str))
        model = None if opponent is None else opponent if opponent in KNOCK_MODELS else "any"
        advice = ginrules.hint(self._game(game).history.state.view(player), level=level,
                               opponent=model)
        reply: dict[str, Any] = {"action": str(advice.action), "reason": advice.reason,
                                 "level": advice.level}
        if advice.knock is not None:
            reply["knock"] = attrs.asdict(advice.knock)
        return reply

    def dump(self, game: str) -> str:
        """The game as a ginrules record (JSON text), the hand in play included."""
        kept = self._game(game)
        return records.dump(kept.history.state, preset=kept.preset, players=kept.players)

    def load(self, record: str | Mapping[str, Any]) -> dict[str, Any]:
        """A game read from a record, replayed strictly (a bad record is refused with
        the validator's reason): ``{"game": handle, "players": [...], "rules": ...}``."""
        loaded = records.load(record)
        game = loaded.game
        if game is None:
            raise GinRulesError("this record is of a hand, not a game: the page plays games")
        if game.hand is None and not game.is_over:
            raise GinRulesError("this record's game has no seed to deal its next hand from")
        data = loaded.data
        rules = data.get("rules")
        preset = rules.get("preset") if isinstance(rules, Mapping) else None
        names = data.get("players")
        players = ([str(name) for name in names] if isinstance(names, list) and len(names) == 2
                   else ["player 0", "player 1"])
        handle = self._keep(_Game(History(game), preset if isinstance(preset, str) else None,
                                  players))
        return {"game": handle, "players": players, "rules": preset, "seed": game.seed}

    def validate(self, record: str | Mapping[str, Any]) -> dict[str, Any]:
        """The validator's report of a record (:func:`ginrules.records.validate`)."""
        report = records.validate(record)
        out: dict[str, Any] = {"valid": report.valid, "text": str(report),
                               "problems": [problem.to_dict() for problem in report.problems],
                               "hands": report.hands, "actions": report.actions}
        if report.valid:
            loaded = records.load(record)
            if loaded.game is not None:
                out["sheet"] = _sheet(loaded.game)
        return out

    def release(self, game: str) -> None:
        """Forget a handle (the other handles of the same game stay)."""
        self._game(game)
        del self._games[game]

    def cards(self) -> dict[str, str]:
        """The picture of each card (:func:`ginrules.svg.card`), by its notation."""
        return {str(card): str(svg.card(card)) for card in CARDS}


def bench(levels: list[str] | None = None, positions: int = 60, seed: int = 1
          ) -> dict[str, Any]:
    """The mean time of one move (wall-clock seconds) of each level, over the same
    ``positions`` decisions (from games of the basic player against itself, dealt from
    ``seed``): the same numbers in CPython and in the browser.

    >>> result = bench(["basic"], positions=3)
    >>> result["levels"][0]["level"], result["levels"][0]["moves"]
    ('basic', 3)
    >>> bench(positions=0)
    Traceback (most recent call last):
    ...
    ginrules.errors.WrongTypeError: bench: positions is an int from 1 to 1000, not 0
    """
    _check("bench", "positions", positions, f"an int from 1 to {MAX_POSITIONS}",
           lambda x: _is_int(x) and 1 <= x <= MAX_POSITIONS)
    _check("bench", "seed", seed, "an int", _is_int)
    _check("bench", "levels", levels, "a list of levels (strings) or null",
           lambda x: x is None or (isinstance(x, list) and len(x) <= len(PLAYERS)
                                   and all(isinstance(level, str) for level in x)))
    for level in levels or ():
        if level not in PLAYERS:
            raise GinRulesError(f"bench: unknown level {_short(repr(level))}; the levels are "
                                + ", ".join(LEVELS))
    basic = make_player("basic", seed=seed)
    views: list[View] = []
    game = ginrules.new_game(ginrules.rules("classic"), seed=seed)
    while len(views) < positions:
        if game.hand is None:
            seed += 1
            game = ginrules.new_game(ginrules.rules("classic"), seed=seed)
            continue
        v = game.view(game.hand.turn)
        if len(game.hand.actions) % 7 == 3:  # every seventh decision: every phase, many hands
            views.append(v)
        game = game.apply(basic.choose(v))
    out = []
    for level in levels if levels is not None else list(LEVELS[:5]):
        player = make_player(level, seed=seed)
        times = []
        for v in views:
            start = time.perf_counter()
            player.choose(v)
            times.append(time.perf_counter() - start)
        times.sort()
        out.append({"level": level, "moves": len(times), "mean_ms": 1000 * sum(times) / len(times),
                    "median_ms": 1000 * times[len(times) // 2],
                    "max_ms": 1000 * times[-1]})
    return {"positions": positions, "levels": out}
