"""Pricing a finished hand under a rule set, and adjudicating a knock directly.

A :class:`~ginrules.knocking.HandResult` records what happened; :func:`score_hand` prices it,
so the same result can be priced again under other rules:

>>> import ginrules
>>> result, score = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
...                                   "7H 8H KS QS JS 5C 5D 7S 7D 2D")
>>> score.winner, score.points, result.defender_deadwood
('knocker', 18, 20)
>>> ginrules.score_hand(result, ginrules.rules("dutch")).points
18
"""

from __future__ import annotations

import attrs

from ginrules._fields import check_fields
from ginrules.cards import Card, CardsLike, cards_to_mask, parse_card, parse_cards
from ginrules.errors import GinRulesError, WrongTypeError, _type_name
from ginrules.knocking import EndKind, HandResult, knock_result, knocker_layout
from ginrules.masks import _deadwood
from ginrules.rulesets import RuleSet, SpadeDoubling
from ginrules.rulesets import rules as preset

__all__ = ["HandScore", "score_hand", "showdown"]


@attrs.frozen
class HandScore:
    """The price of a hand: who scores (``"knocker"``, ``"defender"`` or ``None``), the
    player who scores (``None`` when nobody does), the points, and the parts of the price.

    ``base`` is the deadwood difference (or the defender's deadwood after gin), ``bonus``
    the gin, big gin or undercut bonus, ``doubled`` whether a spade upcard doubled them.

    >>> _, score = showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 2D")
    >>> score.winner, score.points, score.to_dict()["base"]
    ('knocker', 18, 18)
    """

    winner: str | None
    player: int | None
    points: int
    base: int
    bonus: int
    undercut: bool
    doubled: bool

    def __attrs_post_init__(self) -> None:
        """Each field of its type, a player (0 or 1) exactly when someone scores, and no
        count below 0.

        >>> HandScore("knocker", 2, 20, 20, 0, False, False)
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: a hand score's player is 0 or 1 when the knocker scores, not 2
        """
        check_fields(self)
        if self.winner not in ("knocker", "defender", None):
            raise GinRulesError(f"a hand score's winner is 'knocker', 'defender' or None, "
                                f"not {self.winner!r}")
        if self.winner is None and self.player is not None:
            raise GinRulesError(f"a hand score with no winner has no player, not "
                                f"{self.player}")
        if self.winner is not None and self.player not in (0, 1):
            raise GinRulesError(f"a hand score's player is 0 or 1 when the {self.winner} "
                                f"scores, not {self.player}")
        for name in ("points", "base", "bonus"):
            if getattr(self, name) < 0:
                raise GinRulesError(f"a hand score's {name} is 0 or more, not "
                                    f"{getattr(self, name)}")

    def to_dict(self) -> dict[str, object]:
        """The score as a JSON-ready dict."""
        return attrs.asdict(self)


def score_hand(result: HandResult, rules: RuleSet) -> HandScore:
    """Price a hand result under ``rules``.

    * knock, knocker lower after layoffs: the difference, to the knocker;
    * knock, defender lower (or equal, when ties are undercuts): the difference plus the
      undercut bonus, to the defender; a tie that is not an undercut scores nothing;
    * gin: the gin bonus plus the defender's deadwood; big gin: the big gin bonus plus it;
    * a dead hand: nothing;
    * a spade first upcard doubles the whole score or only the deadwood points, if the
      rules say so (Oklahoma).

    >>> import ginrules
    >>> r, _ = ginrules.showdown("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "KH KD KC QH QD QC JH JD JC 2H")
    >>> s = score_hand(r, ginrules.rules("classic"))
    >>> s.winner, s.points, s.base, s.bonus
    ('knocker', 27, 2, 25)
    """
    if not isinstance(result, HandResult):
        raise WrongTypeError(
            "score_hand takes the HandResult of a finished hand; this hand is not over yet "
            "(its result is None)" if result is None else
            f"score_hand takes a HandResult (state.result of a finished hand), "
            f"not {_type_name(result)}")
    if not isinstance(rules, RuleSet):
        raise WrongTypeError(f"score_hand takes a RuleSet (see ginrules.rules), "
                             f"not {_type_name(rules)}")
    if result.kind is EndKind.DEAD or result.knocker is None:
        return HandScore(None, None, 0, 0, 0, False, False)
    knocker, defender = result.knocker, 1 - result.knocker
    doubled = rules.doubles(result.upcard)
    if result.kind is EndKind.GIN:
        base, bonus, who, undercut = result.defender_deadwood, rules.gin_bonus, knocker, False
    elif result.kind is EndKind.BIG_GIN:
        if rules.big_gin_bonus is None:
            raise GinRulesError("this result is a big gin, which these rules do not offer")
        base, bonus, who, undercut = result.defender_deadwood, rules.big_gin_bonus, knocker, False
    else:
        diff = result.defender_deadwood - result.knocker_deadwood
        if diff > 0:
            base, bonus, who, undercut = diff, 0, knocker, False
        elif diff < 0 or rules.undercut_on_tie:
            base, bonus, who, undercut = -diff, rules.undercut_bonus, defender, True
        else:
            return HandScore(None, None, 0, 0, 0, False, doubled)
    if doubled and rules.spade_doubling is SpadeDoubling.WHOLE_SCORE:
        points = 2 * (base + bonus)
    elif doubled:
        points = 2 * base + bonus
    else:
        points = base + bonus
    return HandScore(
        "knocker" if who == knocker else "defender", who, points, base, bonus, undercut, doubled
    )


def showdown(
    knocker_cards: CardsLike,
    defender_cards: CardsLike,
    *,
    rules: RuleSet | str = "classic",
    upcard: Card | str | None = None,
) -> tuple[HandResult, HandScore]:
    """Adjudicate a knock from the two ten-card hands, for scripts and score sheets.

    The knocker's hand must be within the knock limit in force (Oklahoma: set by
    ``upcard``). Returns the facts (melds, layoffs, deadwood) and their price. The hands
    have no seats, so in the result the knocker is player 0 and the dealer player 1. The
    knocker's hand is laid out as in a hand under these rules: for the knocker's best
    where the rules lay hands out (``auto_layout``), else as the knocker would choose from
    its own cards and the upcard (:func:`ginrules.knocking.knocker_layout`).

    >>> result, score = showdown("AS 2S 3S 4S 5S 6S 7S 8S 9S KD",
    ...                          "TS 5D 5C 5H 7C 8C 9C 2H 3H 4H")
    >>> [str(x) for x in result.layoffs], score.winner, score.points
    (['TS onto AS 2S 3S 4S 5S 6S 7S 8S 9S'], 'defender', 35)
    >>> showdown("AS 2S 3S 4S 5S 6S 7S KH QD KD", "TS 5D 5C 5H 7C 8C 9C 2H 3H 4H")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: the knocker's deadwood 30 is over the knock limit 10
    """
    the_rules = preset(rules)
    knocker = parse_cards(knocker_cards)
    defender = parse_cards(defender_cards)
    for who, cards in (("knocker", knocker), ("defender", defender)):
        if len(cards) != 10:
            raise GinRulesError(f"the {who} must have 10 cards, not {len(cards)}")
    both = set(knocker) & set(defender)
    if both:
        raise GinRulesError(f"{min(both)} is in both hands")
    up = None if upcard is None else (upcard if isinstance(upcard, Card) else parse_card(upcard))
    if up is not None and (up in knocker or up in defender):
        raise GinRulesError(f"the upcard {up} is also in a hand")
    limit = the_rules.knock_limit_for(up)
    kmask, dmask = cards_to_mask(knocker), cards_to_mask(defender)
    knocker_dead = _deadwood(kmask)
    if knocker_dead > limit:
        raise GinRulesError(
            f"the knocker's deadwood {knocker_dead} is over the knock limit {limit}"
        )
    # where the knocker lays out its own hand, it knows its cards and the upcard it saw
    own = None if the_rules.auto_layout else knocker_layout(
        kmask, discard_pile=0 if up is None else up.mask)
    result = knock_result(kmask, dmask, knocker=0, dealer=1, upcard=up, knock_limit=limit,
                          knocker_arrangement=own)
    return result, score_hand(result, the_rules)
