"""The ginrules exception family.

Every error ginrules raises on purpose is a :class:`GinRulesError`, which is a
:class:`ValueError`, so callers can catch broadly or narrowly:

>>> import ginrules
>>> try:
...     ginrules.deadwood("7H 8H 1H")
... except ginrules.GinRulesError as error:
...     print(error)
bad card '1H': rank '1' is not one of A 2 3 4 5 6 7 8 9 10 T J Q K (card 3 of '7H 8H 1H')
"""

from __future__ import annotations

__all__ = [
    "ActionNotationError",
    "CardNotationError",
    "GinRulesError",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidRecordError",
    "MoveTextError",
    "NotationError",
    "RuleSetError",
    "UnknownCardsError",
    "WrongTypeError",
]


class GinRulesError(ValueError):
    """Root of every error that ginrules raises on purpose.

    >>> issubclass(GinRulesError, ValueError)
    True
    """


class NotationError(GinRulesError):
    """Text that could not be read: a card, a hand or an action. Catch this to catch both
    :class:`CardNotationError` and :class:`ActionNotationError`.

    >>> issubclass(CardNotationError, NotationError), issubclass(ActionNotationError, NotationError)
    (True, True)
    """


class CardNotationError(NotationError):
    """A card or a hand could not be read: bad rank, bad suit, empty token, duplicate card.

    ``token`` is the text that could not be read (``None`` when the problem is not one
    token, such as a duplicate card or an empty hand) and ``position`` its place in the
    hand, counting cards from 1 (``None`` for a single card).

    >>> from ginrules import parse_card, parse_cards
    >>> parse_card("7X")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: bad card '7X': suit 'X' is not one of C D H S (or ♣ ♦ ♥ ♠)
    >>> try:
    ...     parse_cards("7H 8H 1H")
    ... except CardNotationError as error:
    ...     print(error.token, error.position)
    1H 3
    """

    def __init__(self, message: str, *, token: str | None = None,
                 position: int | None = None) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


class ActionNotationError(NotationError):
    """An action could not be read: an unknown verb, a missing or extra card, a record
    action without its player (a bad card inside an action is a
    :class:`CardNotationError`).

    >>> from ginrules import Action
    >>> Action.parse("draw deck")
    Traceback (most recent call last):
    ...
    ginrules.errors.ActionNotationError: bad action 'draw deck': expected take, pass, draw stock, draw discard, discard CARD, knock CARD or big gin
    """


class InvalidMeldError(GinRulesError):
    """Cards that were given as a meld do not form a set or a run.

    >>> from ginrules import Meld
    >>> Meld.of("QH KH AH")
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidMeldError: AH QH KH is not a meld: ...  ace is low only
    """


class RuleSetError(GinRulesError):
    """A rule set setting has a value it cannot have, or a preset name is unknown.

    >>> from ginrules import rules
    >>> rules("classic", knock_limit=-1)
    Traceback (most recent call last):
    ...
    ginrules.errors.RuleSetError: knock_limit must be an int >= 0, not -1
    """


class IllegalActionError(GinRulesError):
    """An action that is not legal in the current state; the message says what and why.

    The parts are also attributes: ``action`` (the action refused), ``phase`` (the phase
    of the hand, as text), ``player`` (the player to move) and ``reason``.

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7)
    >>> try:
    ...     ginrules.hand.apply(state, "draw stock")
    ... except IllegalActionError as error:
    ...     print(error.phase, error.player, error.reason)
    offer 1 player 1 must take or pass the upcard now
    """

    def __init__(
        self,
        message: str,
        *,
        action: object = None,
        phase: str | None = None,
        player: int | None = None,
        reason: str | None = None,
    ) -> None:
        super().__init__(message)
        self.action = action
        self.phase = phase
        self.player = player
        self.reason = reason


class InvalidRecordError(GinRulesError):
    """A game record breaks the format or the rules; the message says where.

    >>> from ginrules import load
    >>> load('{"format": "ginrules-record"')
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: malformed JSON: line 1, column 29: Expecting ',' delimiter
    """


class WrongTypeError(GinRulesError, TypeError):
    """An argument of the wrong type; the message says what to pass instead. It is also a
    :class:`TypeError`, so code written for the built-in error keeps working.

    >>> import ginrules
    >>> game = ginrules.new_game(ginrules.rules("classic"), seed=1)
    >>> ginrules.legal_actions(game)
    Traceback (most recent call last):
    ...
    ginrules.errors.WrongTypeError: legal_actions takes a HandState, not a GameState: call game.legal_actions() (or pass game.hand)
    """


class UnknownCardsError(GinRulesError):
    """Something was asked of a record that would rest on cards it leaves unknown: a record
    of one player's view writes the other player's cards as ``??``, and a replay fills them
    with made-up stand-ins, which are not facts.

    >>> import ginrules
    >>> from ginrules.records import load, to_record
    >>> data = to_record(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0),
    ...                  deal_form="hands")
    >>> data["view"], data["hands"][0]["deal"]["hands"][1] = 0, " ".join(["??"] * 10)
    >>> try:
    ...     states = load(data).hands
    ... except ginrules.UnknownCardsError:
    ...     states = ()  # a view record: only its declared outcomes are facts
    >>> states
    ()
    """


class MoveTextError(GinRulesError):
    """A reply that does not state one legal move (:func:`ginrules.parse_move`): no move,
    two different moves, or a move that is not legal in the view (another phase, a card
    not held). The message says why and lists the legal moves, ready to be sent back for
    another try.

    The parts are also attributes: ``reason`` (why, in words) and ``legal`` (the legal
    moves, each in its one spelling).

    >>> import ginrules
    >>> v = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)
    >>> try:
    ...     ginrules.parse_move(v, "draw from the stock")
    ... except MoveTextError as error:
    ...     print(error.legal)
    ('take', 'pass')
    """

    def __init__(self, message: str, *, reason: str = "",
                 legal: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.reason = reason
        self.legal = legal


# -- how the checks at the boundary say what is wrong (package-internal) ----------------


def _peer_hint(package: str, extra: str) -> str:
    """How to install an optional peer, in words that work before ginrules is published:
    the package itself, or ginrules' extra that brings it, from a clone."""
    return (f"pip install {package} (or ginrules with its {extra} extra: "
            f"pip install -e '.[{extra}]' in a clone of ginrules)")


def _type_name(value: object) -> str:
    """The name of ``value``'s type, as a message says it (``None`` for None)."""
    return "None" if value is None else type(value).__name__


def _wrong_type(function: str, wanted: str, value: object) -> WrongTypeError:
    """The error for ``value`` given to ``function``, which takes ``wanted`` (what to pass
    and where to get it).

    An int is named with its value, which may be the right type out of its range:

    >>> _wrong_type("hint", "a View (see ginrules.players.view)", None)
    WrongTypeError('hint takes a View (see ginrules.players.view), not None')
    >>> _wrong_type("play_out", "the player to draw, 0 or 1, as turn", 2)
    WrongTypeError('play_out takes the player to draw, 0 or 1, as turn, not int 2')
    """
    if type(value) is int:
        shown = str(value) if -10**30 < value < 10**30 else f"of {value.bit_length()} bits"
        return WrongTypeError(f"{function} takes {wanted}, not int {shown}")
    return WrongTypeError(f"{function} takes {wanted}, not {_type_name(value)}")


def _not_a_member(enum: type, value: object,
                  error: type[GinRulesError] = GinRulesError) -> GinRulesError:
    """The error for ``value`` looked up in ``enum`` (an :class:`enum.Enum` whose
    ``_missing_`` raises it): a WrongTypeError for a value of the wrong type, ``error``
    for one of the right type that is no member.

    >>> import enum
    >>> class Colour(enum.Enum):
    ...     RED = "red"
    >>> _not_a_member(Colour, "blue")
    GinRulesError("'blue' is not a Colour: one of 'red'")
    >>> _not_a_member(Colour, None)
    WrongTypeError("Colour takes one of 'red', not None")
    """
    values = [member.value for member in enum]  # type: ignore[attr-defined]
    if all(type(v) is int for v in values) and values == list(range(values[0],
                                                                     values[-1] + 1)):
        listed = f"an int from {values[0]} to {values[-1]}"
    else:
        listed = "one of " + ", ".join(map(repr, values))
    name = enum.__name__
    if not any(type(value) is type(v) for v in values):
        return WrongTypeError(f"{name} takes {listed}, not {_type_name(value)}")
    article = "an" if name[0] in "AEIOU" else "a"
    return error(f"{value!r} is not {article} {name}: {listed}")
