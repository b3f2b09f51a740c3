"""A whole game for people at a terminal: ``ginrules play --players human,advanced``.

Each seat is a person (``None``) or a computer :class:`~ginrules.players.Player`. Each hand
opens with its header and, for a person playing a computer, that person's cards, before
any move is reported. Before a person's move the game shows that person's view (their
cards arranged, the discard pile, the stock, what they know of the opponent's cards) and
the legal moves, numbered. The messages call the person "you" and the opponent "the
computer" (the library's own messages, which say "player 0", are reworded so). After a
hand's result a person presses Enter for the next hand. A move
is typed as everywhere in ginrules (``take``, ``pass``, ``draw stock``, ``draw discard``,
``discard 7H``, ``knock 3C``, ``big gin``), as a bare card to discard it (``7H``), or as
the number of a legal move. ``hint`` asks the advanced player, ``undo`` takes back your
last move (as far back as the last card you were shown), ``sheet`` prints the score
sheet, ``help`` the commands, ``quit`` stops. The game stops cleanly at the end of the
input and on Ctrl-C.

>>> import ginrules
>>> from ginrules.players import BasicPlayer
>>> lines = iter(["hint", "pass", "quit"])
>>> out = []
>>> code = play_in_terminal(ginrules.new_game(ginrules.rules("classic"), seed=4),
...                         (None, BasicPlayer()), read=lambda prompt: next(lines),
...                         write=out.append)
>>> code, out[-1]
(0, 'you quit: the game stops here, in hand 1 (0 to 0).')
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable, Sequence

from ginrules.actions import Action, ActionKind
from ginrules.cards import format_cards, parse_card
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.game import GameState
from ginrules.history import History
from ginrules.melds import arrange
from ginrules.players.advanced import hint
from ginrules.players.computer import Player
from ginrules.players.views import View
from ginrules.text import _final_lines, _hand_lines, hands_in_words, move_in_words

__all__ = ["HELP", "MAX_LINE", "play_in_terminal", "read_line"]

HELP = ("commands: a legal move ('draw stock', 'discard 7H', 'knock 3C', ...), a card to "
        "discard it ('7H'), the number of a legal move, 'hint', 'undo', 'sheet', 'help' "
        "or 'quit'")


class _Stop(Exception):
    """The person quit, or the input ended (``code``: the exit code)."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


MAX_LINE = 1000
"""The longest line of input a person's move is read from, in characters, when the input
is not a terminal (a terminal bounds its own lines); a longer one stops the game."""


def read_line(prompt: str) -> str:
    """A line of input, as :func:`input` reads it, but bounded by :data:`MAX_LINE` when
    standard input is a pipe or a file (``< /dev/zero`` would otherwise be read for ever).

    >>> import io, sys
    >>> sys.stdin, saved = io.StringIO("take\\n" + "x" * 2000), sys.stdin
    >>> read_line("> ")
    > 'take'
    >>> read_line("> ")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: a line of input is at most 1,000 characters (it starts 'xxxxxxxxxxxxxxxxxxxx')
    >>> sys.stdin = saved
    """
    if not isinstance(prompt, str):
        raise _wrong_type("read_line", "the prompt as a string", prompt)
    stdin = sys.stdin
    if stdin is None:
        raise EOFError
    if stdin.isatty():
        return input(prompt)
    print(prompt, end="", flush=True)
    line = stdin.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_LINE and not line.endswith("\n"):
        raise GinRulesError(f"a line of input is at most {MAX_LINE:,} characters (it starts "
                            f"{line[:20]!r})")
    return line.rstrip("\r\n")


def _names(seats: Sequence[Player | None]) -> tuple[str, str]:
    people = sum(seat is None for seat in seats)
    if people == 1:
        return ("you", "the computer") if seats[0] is None else ("the computer", "you")
    return "player 0", "player 1"


_SEAT = re.compile(r"\bplayer ([01])('s(?= \w))?('s)?( has| is| draws)?\b")
_SECOND_PERSON = {"'s ": "your", "'s": "yours", " has": " have", " is": " are", " draws": " draw"}


def _personal(text: str, names: tuple[str, str]) -> str:
    """A library message (which names the seats "player 0" and "player 1") in the words
    of the table: "you" for the person, "the computer" for the computer player.

    >>> _personal("cannot discard AH: AH is not in player 0's hand", ("you", "the computer"))
    'cannot discard AH: AH is not in your hand'
    >>> _personal("player 0 has no move to take back: the last move was player 1's",
    ...           ("you", "the computer"))
    "you have no move to take back: the last move was the computer's"
    >>> _personal("the last move was player 1's", ("the computer", "you"))
    'the last move was yours'
    """
    def say(match: re.Match[str]) -> str:
        name = names[int(match.group(1))]
        possessive = match.group(2) or match.group(3)
        verb = match.group(4) or ""
        if name != "you":
            return f"{name}{possessive or ''}{verb}"
        if possessive:
            return "your" if match.group(2) else "yours"
        return "you" + _SECOND_PERSON.get(verb, verb)

    return _SEAT.sub(say, text)


def _show_deal(g: GameState, names: tuple[str, str], seats: Sequence[Player | None],
               write: Callable[[str], None]) -> None:
    """A new hand's header and, for a person playing a computer, that person's cards,
    before any move of the hand is reported."""
    state = g.hand
    assert state is not None
    a, b = g.totals
    dealer = names[state.dealer]
    write(f"\n=== hand {len(g.finished) + 1}: {dealer} deal{'s' * (dealer != 'you')}; "
          f"{names[0]} {a}, {names[1]} {b}; target {g.rules.target}")
    if sum(seat is None for seat in seats) == 1:
        v = g.view(list(seats).index(None))
        write(f"  your hand    {arrange(v.cards)}")
        write(f"  upcard       {v.top_discard}")


def _show_view(v: View, g: GameState, names: tuple[str, str], write: Callable[[str], None]
               ) -> None:
    a, b = g.totals
    what = {"offer": "take or pass", "draw": "draw", "discard": "discard"}[v.phase.value]
    write(f"\n--- hand {len(g.finished) + 1}, {names[v.player]} to {what} --- "
          f"{names[0]} {a}, {names[1]} {b}; target {g.rules.target}")
    write(f"  your hand    {arrange(v.cards)}")
    if v.drawn is not None:
        write(f"  you drew     {v.drawn}")
    top = "empty" if v.top_discard is None else str(v.top_discard)
    known = format_cards(v.opponent_known) or "nothing"
    write(f"  top discard  {top}   (pile {len(v.discard_pile)}, stock {v.stock_size})")
    write(f"  {names[1 - v.player]:12s} holds {v.opponent_count} cards; known: {known}"
          f"   knock limit {v.knock_limit}")
    moves = "   ".join(f"{i} {a}" for i, a in enumerate(v.legal_actions, 1))
    write(textwrap.fill(moves, width=88, initial_indent="  moves        ",
                        subsequent_indent=" " * 15))


def _sheet(g: GameState, names: tuple[str, str]) -> list[str]:
    """The hands so far: the table of :func:`ginrules.text.sheet_text`, indented."""
    return [f"  {line}".rstrip() for line in _hand_lines(g.sheet, names, g.results)]


def _show_result(g: GameState, names: tuple[str, str], write: Callable[[str], None]) -> None:
    result = g.results[-1]
    row = g.sheet.rows[-1]
    if result.knocker is None:
        write(f"\n=== hand {row.number}: a dead hand (nobody scores)")
    else:
        knocker, defender = result.knocker, 1 - result.knocker
        write(f"\n=== hand {row.number}: {result.kind.value} by {names[knocker]}")
        write(f"  {names[knocker]:12s}  {result.knocker_arrangement}")
        for layoff in result.layoffs:
            write(f"  {'':12s}  laid off by {names[defender]}: {layoff}")
        write(f"  {names[defender]:12s}  {result.defender_arrangement}")
        if row.player is not None:
            write(f"  {names[row.player]} score{'s' * (names[row.player] != 'you')} "
                  f"{row.points}")
    for line in _sheet(g, names):
        write(line)


def _show_final(g: GameState, names: tuple[str, str], write: Callable[[str], None]) -> None:
    winner = g.winner  # (None: a Hollywood match tied on its totals)
    who = names[winner] if winner is not None else "nobody"
    write(f"\n=== Game over: {who} win{'s' * (who != 'you')}.")
    # the final scores of ginrules.text.sheet_text (each game's, in Hollywood)
    for line in _final_lines(g.sheet, names):
        write(f"  {line}".rstrip())


_MOVE_WORDS = frozenset({"take", "pass", "draw", "discard", "knock", "big"})
_RANK_FIRST = frozenset("a23456789tjqk1")


def _parse_move(text: str) -> Action:
    """The move ``text`` names: a move as :meth:`Action.parse` reads it, or a card alone
    (a discard); a :class:`GinRulesError` with the library's own words when it is neither
    (a bad card named, a move word without its card, or what the terminal also accepts).

    >>> str(_parse_move("7h")), str(_parse_move("knock 10C"))
    ('discard 7H', 'knock TC')
    >>> _parse_move("discard ZZ")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: bad card 'zz': suit 'Z' is not one of C D H S (or ♣ ♦ ♥ ♠)
    >>> _parse_move("1H")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: bad card '1H': rank '1' is not one of A 2 3 4 5 6 7 8 9 10 T J Q K
    """
    try:
        return Action.parse(text)
    except GinRulesError as error:
        words = text.lower().split()
        if words[0] in _MOVE_WORDS:
            raise  # a move word: the library says what is wrong with the rest
        if len(words) == 1 and words[0][0] in _RANK_FIRST:
            return Action(ActionKind.DISCARD, parse_card(text))  # a card alone, or why not
        raise GinRulesError(f"{error}; or a card to discard it ('7H'), the number of a "
                            "legal move, 'hint', 'undo', 'sheet', 'help' or 'quit'") from None


def _read_text(read: Callable[[str], str], prompt: str) -> str:
    """A line the person typed, stripped; :class:`_Stop` at the end of the input or on
    input that cannot be read."""
    try:
        return read(prompt).strip()
    except EOFError:
        raise _Stop("no more input") from None
    except UnicodeDecodeError:
        raise _Stop("the input is not UTF-8 text", 2) from None
    except GinRulesError as error:  # a line longer than the bound
        raise _Stop(str(error), 2) from None


def _model_of(seat: Player | None) -> str | None:
    """The knock model of the opponent ``seat`` (see
    :data:`~ginrules.players.knock_models.KNOCK_MODELS`): its level's, when it is a
    computer level that has one, else ``None`` (a person, or another player).

    >>> from ginrules.players import ExpertPlayer, RandomPlayer
    >>> _model_of(ExpertPlayer()), _model_of(RandomPlayer()), _model_of(None)
    ('expert', None, None)
    """
    from ginrules.players import PLAYERS
    from ginrules.players.knock_models import KNOCK_MODELS

    return next((name for name, kind in PLAYERS.items()
                 if type(seat) is kind and name in KNOCK_MODELS), None)


def _read_move(history: History, v: View, names: tuple[str, str],
               read: Callable[[str], str], write: Callable[[str], None],
               opponent: str | None = None) -> Action | History:
    """A legal move of the person to play, or the history after an undo (a hint
    weighs a knock against the level ``opponent`` plays at, see :func:`ginrules.hint`)."""
    while True:
        text = _read_text(read, "> ")
        if not text:
            continue
        lowered = text.lower()
        if lowered in ("quit", "q", "exit"):
            raise _Stop("you quit")
        if lowered in ("help", "h"):
            write(HELP)
            continue
        if lowered in ("hint", "?"):
            suggested = hint(v, opponent=opponent)
            reason = suggested.reason.replace("the opponent", names[1 - v.player])
            write(textwrap.fill(f"hint: {suggested.action}: {reason}", width=88,
                                initial_indent="  ", subsequent_indent="        "))
            continue
        if lowered == "sheet":
            for line in _sheet(history.state, names):
                write(line)
            continue
        if lowered == "undo":
            try:
                return history.undo(v.player)
            except GinRulesError as error:
                write(f"  {_personal(str(error), names)}")
                continue
        if re.fullmatch(r"[+-]?[0-9]+", text):  # ASCII: "²".isdigit(), int("²") fails
            digits = text.lstrip("+-").lstrip("0") or "0"
            index = int(text) if len(digits) <= 9 else None
            if index is not None and 1 <= index <= len(v.legal_actions):
                return v.legal_actions[index - 1]
            shown = str(index) if index is not None else f"{text[:12]}..."
            write(f"  there is no move {shown}: choose 1 to {len(v.legal_actions)}")
            continue
        try:
            action = _parse_move(text)
        except GinRulesError as error:
            write(f"  {error}")
            continue
        if action in v.legal_actions:
            return action
        try:  # the hand engine says why the move is illegal
            hand = history.state.hand
            assert hand is not None
            hand.check(action, player=v.player)
        except GinRulesError as error:
            write(f"  {_personal(str(error), names)}")
        else:  # pragma: no cover - legal moves are in v.legal_actions
            write(f"  {action} is not a legal move now")


def play_in_terminal(
    game: GameState,
    seats: Sequence[Player | None],
    *,
    read: Callable[[str], str] = read_line,
    write: Callable[[str], None] = print,
    max_hands: int | None = None,
    save: Callable[[GameState], None] | None = None,
) -> int:
    """Play ``game`` to its end with people (``None`` seats) and computer players, reading
    a person's moves with ``read`` and writing with ``write``. Returns the exit code: 0
    when the game ends or the input does, 130 on Ctrl-C. ``max_hands`` stops the game
    after that many hands. ``save`` is given the game as it stands when play stops,
    however it stops (``ginrules play --record`` saves it).

    >>> import ginrules
    >>> from ginrules.players import BasicPlayer
    >>> def no_more_input(prompt):
    ...     raise EOFError
    >>> out = []
    >>> play_in_terminal(ginrules.new_game(ginrules.rules("classic"), seed=4),
    ...                  (BasicPlayer(), None), read=no_more_input, write=out.append)
    0
    >>> out[-1]
    'no more input: the game stops here, in hand 1 (0 to 0).'
    """
    if not isinstance(game, GameState):
        raise _wrong_type("play_in_terminal", "a GameState (see ginrules.new_game)", game)
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
        raise _wrong_type("play_in_terminal", "the two seats as a list or a tuple (a "
                          "computer Player, or None for a person)", seats)
    if len(seats) != 2:
        raise GinRulesError(f"a game has two seats, not {len(seats)}")
    for seat in seats:
        if seat is not None and not callable(getattr(seat, "choose", None)):
            raise _wrong_type("play_in_terminal", "seats that are computer players (with "
                              "choose(view)) or None (a person)", seat)
    for name, function in (("read", read), ("write", write)):
        if not callable(function):
            raise _wrong_type("play_in_terminal", f"a function as {name}", function)
    if max_hands is not None and type(max_hands) is not int:
        raise _wrong_type("play_in_terminal", "a number of hands (an int) as max_hands, or "
                          "None", max_hands)
    if save is not None and not callable(save):
        raise _wrong_type("play_in_terminal", "a function as save, or None", save)
    names = _names(seats)
    code, history = _play(History(game), seats, names, read, write, max_hands)
    if save is not None:
        save(history.state)
    return code


def _pause(g: GameState, seats: Sequence[Player | None], max_hands: int | None,
           read: Callable[[str], str]) -> None:
    """After a hand's result, when a person plays and another hand follows: wait for
    Enter, so that the result does not scroll away (``quit`` stops; the end of the input
    stops too, without waiting)."""
    if None not in seats or g.is_over or (max_hands is not None
                                          and len(g.finished) >= max_hands):
        return
    if _read_text(read, "press Enter for the next hand ").lower() in ("quit", "q", "exit"):
        raise _Stop("you quit")


def _play(history: History, seats: Sequence[Player | None], names: tuple[str, str],
          read: Callable[[str], str], write: Callable[[str], None], max_hands: int | None
          ) -> tuple[int, History]:
    """The game played on from ``history``; the exit code, and the history at the end."""
    shown = -1  # the hand whose header has been shown, by its number of finished hands
    try:
        while not history.state.is_over and (
            max_hands is None or len(history.state.finished) < max_hands
        ):
            g = history.state
            state = g.hand
            if state is None:
                raise GinRulesError("the game deals no hand: start it with a seed")
            if len(g.finished) != shown:  # a new hand: its header before any move
                shown = len(g.finished)
                _show_deal(g, names, seats, write)
            seat = seats[state.turn]
            v = g.view(state.turn)
            if seat is not None:
                action: Action | History = seat.choose(v)
                assert isinstance(action, Action)
                write(f"  {move_in_words(names[state.turn], action, v)}")
            else:
                _show_view(v, g, names, write)
                action = _read_move(history, v, names, read, write,
                                    _model_of(seats[1 - state.turn]))
                if isinstance(action, History):
                    history = action
                    write("  taken back")
                    continue
            before = len(g.finished)
            history = history.apply(action)
            if len(history.state.finished) > before:
                _show_result(history.state, names, write)
                _pause(history.state, seats, max_hands, read)
    except _Stop as stop:
        a, b = history.state.totals
        write(f"{stop}: the game stops here, in hand {len(history.state.finished) + 1} "
              f"({a} to {b}).")
        return stop.code, history
    except KeyboardInterrupt:
        a, b = history.state.totals
        write(f"\ninterrupted: the game stops here, in hand "
              f"{len(history.state.finished) + 1} ({a} to {b}).")
        return 130, history
    if history.state.is_over:
        _show_final(history.state, names, write)
    else:
        write(f"stopped after {hands_in_words(len(history.state.finished))} (--max-hands)")
    return 0, history
