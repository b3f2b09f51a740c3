"""Rule sets: one frozen value with a validated field per setting, and named presets.

The four rule sources (the German rules page, the Dutch how-to, the Dutch game manual and
the Polish site's rules) agree on the core of Gin Rummy and differ on the parameters
below; :data:`PRESETS` names their tables. Any field can be changed with
:func:`attrs.evolve` (or :meth:`RuleSet.evolve`), which validates again.

>>> import ginrules
>>> classic = ginrules.rules("classic")
>>> classic.knock_limit, classic.undercut_bonus, classic.target
(10, 25, 100)
>>> classic.evolve(target=250).target
250
>>> classic.evolve(undercut_bonus=-5)
Traceback (most recent call last):
...
ginrules.errors.RuleSetError: undercut_bonus must be an int >= 0, not -5
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

import attrs

from ginrules.cards import Card, Rank, Suit, parse_card
from ginrules.errors import RuleSetError, _not_a_member, _wrong_type

__all__ = [
    "PRESETS",
    "LineBonusTo",
    "NextDealer",
    "Opening",
    "RuleSet",
    "ShutoutRule",
    "SpadeDoubling",
    "closest_preset",
    "rules",
]


class SpadeDoubling(enum.Enum):
    """What a spade as the first upcard doubles (Oklahoma).

    * ``OFF``: nothing;
    * ``WHOLE_SCORE``: the whole hand score, bonuses included (a common table rule that
      none of the four sources has; the German rules page never mentions spades);
    * ``DEADWOOD_ONLY``: only the deadwood points, not the gin or undercut bonus (the Dutch
      game manual, the only source with a spade rule: "de restpunten dubbel geteld").

    >>> SpadeDoubling("deadwood-only")
    <SpadeDoubling.DEADWOOD_ONLY: 'deadwood-only'>
    """

    OFF = "off"
    WHOLE_SCORE = "whole-score"
    DEADWOOD_ONLY = "deadwood-only"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, RuleSetError)


class ShutoutRule(enum.Enum):
    """What a shutout (the loser won no hand) gives the winner at the end of a game.

    * ``NONE``: nothing extra (the Polish site's rules);
    * ``DOUBLE_HAND_POINTS``: the winner's hand points are doubled before the bonuses
      (the German rules page and the Dutch how-to);
    * ``DOUBLE_GAME_BONUS``: the game bonus is doubled;
    * ``FLAT_BONUS``: :attr:`RuleSet.shutout_bonus` points are added.

    >>> ShutoutRule.DOUBLE_HAND_POINTS.value
    'double-hand-points'
    """

    NONE = "none"
    DOUBLE_HAND_POINTS = "double-hand-points"
    DOUBLE_GAME_BONUS = "double-game-bonus"
    FLAT_BONUS = "flat-bonus"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, RuleSetError)


class LineBonusTo(enum.Enum):
    """Who gets the line bonus at the end of a game, for the hands they won.

    * ``EACH``: each player, for every hand they won (the German rules page);
    * ``WINNER``: the game's winner only, for the hands the winner won (the Dutch how-to:
      "De winnaar ontvangt ook 25 bonuspunten voor elke hand die tijdens het spel is
      gewonnen").

    >>> LineBonusTo("winner")
    <LineBonusTo.WINNER: 'winner'>
    """

    EACH = "each"
    WINNER = "winner"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, RuleSetError)


class NextDealer(enum.Enum):
    """Who deals the next hand.

    >>> [d.value for d in NextDealer]
    ['alternate', 'same', 'winner', 'loser']
    """

    ALTERNATE = "alternate"
    SAME = "same"
    WINNER = "winner"
    LOSER = "loser"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, RuleSetError)


class Opening(enum.Enum):
    """How a hand opens.

    * ``UPCARD``: ten cards each, then the upcard is turned and offered to the non-dealer,
      then to the dealer; if both pass, the non-dealer draws from the stock (every source
      of the other presets);
    * ``ELEVEN_CARDS``: the non-dealer is dealt eleven cards and the dealer ten; no upcard
      is turned, and the non-dealer's first turn is a discard (or a knock) without a draw
      (RLCard's gin-rummy: "The dealer deals 11 cards to his opponent and 10 cards to
      himself", "The non-dealer discards first"). With no upcard, Oklahoma's knock limit
      and spade doubling cannot be played.

    >>> Opening("eleven-cards")
    <Opening.ELEVEN_CARDS: 'eleven-cards'>
    """

    UPCARD = "upcard"
    ELEVEN_CARDS = "eleven-cards"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, RuleSetError)


def _int_at_least(minimum: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise RuleSetError(f"{attribute.name} must be an int >= {minimum}, not {value!r}")

    return check


def _optional_int_at_least(minimum: int) -> Any:
    inner = _int_at_least(minimum)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def _bool(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise RuleSetError(f"{attribute.name} must be True or False, not {value!r}")


_E = TypeVar("_E", bound=enum.Enum)


def _to_enum(kind: type[_E], value: object) -> _E:
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(m.value) for m in kind)
        article = "an" if kind.__name__[0] in "AEIOU" else "a"  # (an Opening)
        raise RuleSetError(f"{value!r} is not {article} {kind.__name__}; choose one of "
                           f"{choices}") from None


def _to_spade_doubling(value: object) -> SpadeDoubling:
    return _to_enum(SpadeDoubling, value)


def _to_shutout(value: object) -> ShutoutRule:
    return _to_enum(ShutoutRule, value)


def _to_line_bonus_to(value: object) -> LineBonusTo:
    return _to_enum(LineBonusTo, value)


def _to_next_dealer(value: object) -> NextDealer:
    return _to_enum(NextDealer, value)


def _to_opening(value: object) -> Opening:
    return _to_enum(Opening, value)


@attrs.frozen(kw_only=True, repr=False)
class RuleSet:
    """Every setting of a game of Gin Rummy, validated when the value is made.

    The defaults are the **classic** rules (the German rules page). Field by field:

    * ``knock_limit``: the most deadwood a player may knock with; ``0`` means gin only
      (straight gin).
    * ``oklahoma``: the knock limit of each hand is the value of its first upcard (J/Q/K
      10; an ace means gin only) instead of ``knock_limit``.
    * ``spade_doubling``: what a spade first upcard doubles (:class:`SpadeDoubling`).
    * ``undercut_bonus``: the bonus of a defender whose deadwood (after layoffs) is less
      than the knocker's, or equal when ``undercut_on_tie``.
    * ``undercut_on_tie``: whether equal deadwood is an undercut; if not, a tie scores
      nothing for either player.
    * ``gin_bonus``; ``big_gin_bonus`` (``None``: big gin is not offered).
    * ``line_bonus`` (per hand won), ``line_bonus_to`` (:class:`LineBonusTo`: each player,
      or the game's winner only), ``game_bonus`` (for the winner),
      ``shutout`` (:class:`ShutoutRule`) and ``shutout_bonus`` (for ``FLAT_BONUS``).
    * ``target``: the game ends when a player's total reaches it.
    * ``dead_hand_stock``: when a player discards without knocking and the stock has this
      many cards or fewer, the hand is dead (no score). ``0`` plays to the last card.
    * ``dealer_after_hand`` (after a scored hand) and ``dealer_after_dead_hand``
      (:class:`NextDealer`).
    * ``may_discard_taken_card``: whether the card just taken from the discard pile may be
      discarded in the same turn (no on the German page and the Polish site; the Dutch
      game manual allows "een willekeurige kaart", any card; so does OpenSpiel).
    * ``auto_layout``: whether the knocker's hand is always laid out for the least
      deadwood (the German page: "Du musst deine Karten nie selbst ordnen"; the Polish
      site). Melds a knocker states are then checked but not used, and the hand is laid
      out for the knocker's best. Without it the knocker lays out its own hand: stated
      melds are used, after checking that they are real and within the limit, and a
      knock without them is laid out as the knocker would choose from what it has seen
      (:func:`ginrules.knocking.knocker_layout`).
    * ``max_turns``: not a rule but a guard for simulations: the hand is dead after this
      many turns (discards). ``None`` (the default) means no cap.
    * ``opening``: how a hand opens (:class:`Opening`): the upcard offered to the
      non-dealer, then the dealer (the default), or eleven cards to the non-dealer, who
      discards first, and no upcard (RLCard's game).

    >>> RuleSet().knock_limit
    10
    >>> RuleSet(knock_limit="ten")
    Traceback (most recent call last):
    ...
    ginrules.errors.RuleSetError: knock_limit must be an int >= 0, not 'ten'
    >>> RuleSet(shutout="triple")
    Traceback (most recent call last):
    ...
    ginrules.errors.RuleSetError: 'triple' is not a ShutoutRule; choose one of 'none', ...
    """

    knock_limit: int = attrs.field(default=10, validator=_int_at_least(0))
    oklahoma: bool = attrs.field(default=False, validator=_bool)
    spade_doubling: SpadeDoubling = attrs.field(
        default=SpadeDoubling.OFF, converter=_to_spade_doubling
    )
    undercut_bonus: int = attrs.field(default=25, validator=_int_at_least(0))
    undercut_on_tie: bool = attrs.field(default=True, validator=_bool)
    gin_bonus: int = attrs.field(default=25, validator=_int_at_least(0))
    big_gin_bonus: int | None = attrs.field(default=31, validator=_optional_int_at_least(0))
    line_bonus: int = attrs.field(default=25, validator=_int_at_least(0))
    line_bonus_to: LineBonusTo = attrs.field(default=LineBonusTo.EACH,
                                             converter=_to_line_bonus_to)
    game_bonus: int = attrs.field(default=100, validator=_int_at_least(0))
    shutout: ShutoutRule = attrs.field(
        default=ShutoutRule.DOUBLE_HAND_POINTS, converter=_to_shutout
    )
    shutout_bonus: int = attrs.field(default=0, validator=_int_at_least(0))
    target: int = attrs.field(default=100, validator=_int_at_least(1))
    dead_hand_stock: int = attrs.field(default=2, validator=_int_at_least(0))
    dealer_after_hand: NextDealer = attrs.field(
        default=NextDealer.ALTERNATE, converter=_to_next_dealer
    )
    dealer_after_dead_hand: NextDealer = attrs.field(
        default=NextDealer.SAME, converter=_to_next_dealer
    )
    may_discard_taken_card: bool = attrs.field(default=False, validator=_bool)
    auto_layout: bool = attrs.field(default=True, validator=_bool)
    max_turns: int | None = attrs.field(default=None, validator=_optional_int_at_least(1))
    opening: Opening = attrs.field(default=Opening.UPCARD, converter=_to_opening)

    def __attrs_post_init__(self) -> None:
        if self.dead_hand_stock > 31:
            raise RuleSetError(
                f"dead_hand_stock must be at most 31 (the stock after the deal), "
                f"not {self.dead_hand_stock}"
            )
        if self.dealer_after_dead_hand in (NextDealer.WINNER, NextDealer.LOSER):
            raise RuleSetError("dealer_after_dead_hand must be 'same' or 'alternate': "
                               "a dead hand has no winner")
        if self.opening is Opening.ELEVEN_CARDS and (
                self.oklahoma or self.spade_doubling is not SpadeDoubling.OFF):
            rule = "oklahoma" if self.oklahoma else "spade_doubling"
            raise RuleSetError(f"{rule} reads the first upcard, and the 'eleven-cards' "
                               "opening turns none: play it with opening='upcard'")

    def evolve(self, **changes: Any) -> RuleSet:
        """A copy with some settings changed, validated again.

        >>> rules("classic").evolve(knock_limit=0) == rules("straight")
        True
        """
        unknown = sorted(set(changes) - {f.name for f in attrs.fields(RuleSet)})
        if unknown:
            raise RuleSetError(f"unknown setting {unknown[0]!r}; the settings are "
                               + ", ".join(f.name for f in attrs.fields(RuleSet)))
        return attrs.evolve(self, **changes)

    def knock_limit_for(self, upcard: Card | str | None) -> int:
        """The knock limit in force for a hand with this first upcard.

        Oklahoma: the upcard's value (J/Q/K 10), and an ace means gin only (0).

        >>> from ginrules import parse_card
        >>> rules("oklahoma").knock_limit_for(parse_card("7S"))
        7
        >>> rules("oklahoma").knock_limit_for(parse_card("AS"))
        0
        >>> rules("classic").knock_limit_for(parse_card("AS"))
        10
        """
        if not self.oklahoma:
            return self.knock_limit
        if upcard is None:
            raise RuleSetError("Oklahoma rules need the first upcard to set the knock limit")
        card = parse_card(upcard) if isinstance(upcard, str) else upcard
        return 0 if card.rank == Rank.ACE else card.points

    def doubles(self, upcard: Card | str | None) -> bool:
        """Whether a hand with this first upcard scores double (a spade, if the rules say so).

        >>> from ginrules import parse_card
        >>> rules("oklahoma").doubles(parse_card("7S")), rules("classic").doubles(parse_card("7S"))
        (True, False)
        """
        if self.spade_doubling is SpadeDoubling.OFF or upcard is None:
            return False
        card = parse_card(upcard) if isinstance(upcard, str) else upcard
        return card.suit == Suit.SPADES

    def __repr__(self) -> str:
        from ginrules.text import rules_repr  # presentation lives in ginrules.text

        return rules_repr(self)

    def to_dict(self) -> dict[str, object]:
        """The settings as a JSON-ready dict (enums by value).

        >>> rules("classic").to_dict()["shutout"]
        'double-hand-points'
        """
        return {
            f.name: (v.value if isinstance(v, enum.Enum) else v)
            for f, v in ((f, getattr(self, f.name)) for f in attrs.fields(RuleSet))
        }


_CLASSIC = RuleSet()

PRESETS: dict[str, RuleSet] = {
    # the German rules page (Gin Rommé - So spielst du Gin Rummy): its four tables
    "classic": _CLASSIC,
    # "Straight", which the German page names ("Das klassische Spiel und Straight gehen bis
    # 100 Punkte") but never defines: read as straight gin, gin only (knock limit 0)
    "straight": _CLASSIC.evolve(knock_limit=0),
    # Oklahoma: the German page's target 150 and knock limit from the first upcard; the
    # German page never mentions spades, so the spade rule is the Dutch game manual's,
    # the only source that has one: "de restpunten dubbel geteld" (the deadwood points)
    "oklahoma": _CLASSIC.evolve(
        oklahoma=True, spade_doubling=SpadeDoubling.DEADWOOD_ONLY, target=150
    ),
    "short": _CLASSIC.evolve(target=50),
    # the Dutch how-to (Hoe speel je Gin Rummy): the classic game, but the line bonus goes
    # to the game's winner only, for the hands the winner won ("De winnaar ontvangt ook 25
    # bonuspunten voor elke hand die tijdens het spel is gewonnen"), and no big gin: every
    # turn ends with a discard ("Spelers moeten bij elke beurt altijd een kaart afleggen";
    # "zodat je je beurt altijd eindigt met tien kaarten in je hand")
    "dutch-howto": _CLASSIC.evolve(line_bonus_to=LineBonusTo.WINNER, big_gin_bonus=None),
    # the Dutch game manual (Gin Rummy: Spelhandleiding), with two variants: "Gin"
    # (undercut 20, no big gin) and "Oklahoma-Gin" (the same, with the knock limit from
    # the first upcard and the deadwood points doubled under a spade); a turn takes and
    # discards "een willekeurige kaart" (any card, so also the one just taken); the
    # target is chosen at the table (50, 100 or 200; 100 here); nothing says hands are
    # laid out for the player
    "dutch": _CLASSIC.evolve(undercut_bonus=20, big_gin_bonus=None,
                             may_discard_taken_card=True, auto_layout=False),
    "dutch-oklahoma": _CLASSIC.evolve(
        undercut_bonus=20,
        oklahoma=True,
        spade_doubling=SpadeDoubling.DEADWOOD_ONLY,
        big_gin_bonus=None,
        may_discard_taken_card=True,
        auto_layout=False,
    ),
    # the Polish site's rules (Zasady gry w Gin Rummy): no game or line bonus, no shutout
    # rule, no big gin; "Gracze rozdaja na zmiane": the deal alternates, dead hands too
    "polish": _CLASSIC.evolve(
        line_bonus=0, game_bonus=0, shutout=ShutoutRule.NONE, big_gin_bonus=None,
        dealer_after_dead_hand=NextDealer.ALTERNATE,
    ),
    # the AAAI/EAAI Gin Rummy challenge (Neller's framework): to 100, gin and undercut
    # bonus 25 with ties as undercuts, no big gin, no line, game or shutout bonus, a hand
    # that reaches two stock cards cancelled without changing the dealer; the knocker
    # states its melds
    "eaai": _CLASSIC.evolve(
        big_gin_bonus=None, line_bonus=0, game_bonus=0, shutout=ShutoutRule.NONE,
        auto_layout=False,
    ),
    # OpenSpiel's gin_rummy defaults, as far as these settings express them
    "openspiel": _CLASSIC.evolve(
        undercut_on_tie=False,
        big_gin_bonus=None,
        line_bonus=0,
        game_bonus=0,
        shutout=ShutoutRule.NONE,
        may_discard_taken_card=True,
        auto_layout=False,
    ),
    # RLCard's gin-rummy (rlcard/games/gin_rummy: utils/settings.py's defaults, and the Gin
    # Rummy section of RLCard's docs/games.md): "The dealer deals 11 cards to his opponent
    # and 10 cards to himself", "The non-dealer discards first", no upcard; knock with 10
    # or less (going_out_deadwood_count 10); a tie is an undercut ("if the score is zero
    # or negative, the opponent has undercut ... plus a 25 point undercut bonus"); the
    # hand is dead at two stock cards (stockpile_dead_card_count 2); the card picked up
    # may not be discarded (is_allowed_to_discard_picked_up_card False); scored on each
    # player's best melds (get_best_meld_clusters); gin always discards, so no big gin;
    # one hand a game, so no line, game or shutout bonus; declared dead at its 200th
    # move (max_move_count 200: the 100th discard). Its docs name no gin bonus: 25 here.
    "rlcard": _CLASSIC.evolve(
        opening=Opening.ELEVEN_CARDS,
        big_gin_bonus=None,
        line_bonus=0,
        game_bonus=0,
        shutout=ShutoutRule.NONE,
        max_turns=100,
    ),
}
"""The named rule sets; see :func:`rules` and the rules reference in the docs."""


def rules(name: str | RuleSet, **changes: Any) -> RuleSet:
    """The preset rule set with this name, optionally with some settings changed.

    A :class:`RuleSet` may stand for the name (it is returned, with the changes), so a
    function that takes "a rule set or a preset name" reads it with ``rules(value)``.

    >>> rules("straight").knock_limit
    0
    >>> rules(rules("classic"), target=50) == rules("short")
    True
    >>> rules("dutch-oklahoma", target=200).target
    200
    >>> rules("Classic") == rules("classic")
    True
    >>> rules("gin-only")
    Traceback (most recent call last):
    ...
    ginrules.errors.RuleSetError: unknown rule set 'gin-only'; the presets are classic, ...
    """
    if isinstance(name, RuleSet):
        return name.evolve(**changes) if changes else name
    try:
        preset = PRESETS[name.strip().lower()]  # case-insensitive, as cards and actions
    except (KeyError, TypeError, AttributeError):
        raise RuleSetError(
            f"unknown rule set {name!r}; the presets are " + ", ".join(PRESETS)
        ) from None
    return preset.evolve(**changes) if changes else preset


def closest_preset(ruleset: RuleSet) -> tuple[str, dict[str, object]]:
    """The preset ``ruleset`` differs least from (the first in :data:`PRESETS` order among
    equals), and the settings that differ from it, JSON-ready (enums by value).

    >>> closest_preset(rules("classic", target=250))
    ('classic', {'target': 250})
    >>> closest_preset(rules("polish"))
    ('polish', {})
    """
    if not isinstance(ruleset, RuleSet):
        raise _wrong_type("closest_preset", "a RuleSet (see ginrules.rules)", ruleset)
    settings = ruleset.to_dict()
    best: tuple[int, str, dict[str, object]] | None = None
    for name, preset in PRESETS.items():
        base = preset.to_dict()
        diff = {k: v for k, v in settings.items() if base[k] != v}
        if best is None or len(diff) < best[0]:
            best = (len(diff), name, diff)
    assert best is not None
    return best[1], best[2]
