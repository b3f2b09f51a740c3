"""``ginrules showdown``: a knock adjudicated from the two hands."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ginrules.cards import Card, format_cards
from ginrules.cli.common import _add_rules_option
from ginrules.knocking import HandResult
from ginrules.melds import Arrangement
from ginrules.rulesets import RuleSet, SpadeDoubling
from ginrules.rulesets import rules as preset
from ginrules.scoring import HandScore, showdown

__all__: list[str] = []  # the command is ginrules.cli.main


def _cmd_showdown(args: argparse.Namespace) -> int:
    rules = preset(args.rules)
    result, score = showdown(args.knocker, args.defender, rules=rules, upcard=args.upcard)
    if args.json:
        print(json.dumps(_showdown_json(result, score, rules)))
        return 0
    uni = args.unicode
    k, d = result.knocker_arrangement, result.defender_arrangement
    assert k is not None and d is not None

    def show(cards: Sequence[Card]) -> str:
        return format_cards(cards, unicode=uni) or "none"

    print(f"Rules     {args.rules} (knock limit {result.knock_limit})")
    def line(arrangement: Arrangement) -> str:
        melds = " | ".join(show(m.cards) for m in arrangement.melds) or "no melds"
        return f"{melds}  deadwood {show(arrangement.deadwood_cards)} = {arrangement.deadwood}"

    print(f"Knocker   {line(k)}")
    for layoff in result.layoffs:
        print(f"Layoff    {show([layoff.card])} onto {show(layoff.meld.cards)}")
    print(f"Defender  {line(d)}")
    if score.winner is None:
        print("Result    a tie: nobody scores")
    else:
        what = {"gin": "gin", "big gin": "big gin"}.get(result.kind.value, "knock")
        if score.undercut:
            what = "undercut"
        print(f"Result    {what}: the {score.winner} scores {score.points} "
              f"({_price_parts(score, rules)})")
    return 0


def _showdown_json(result: HandResult, score: HandScore, rules: RuleSet) -> dict[str, object]:
    """The JSON of ``ginrules showdown --json``: every field of the score
    (:meth:`HandScore.to_dict`: winner, player, points, base, bonus, undercut, doubled), the
    rule set's ``spade_doubling`` (so ``2 x 9 + 25`` reads apart from ``2 x (9 + 25)``),
    and the facts of the hand."""
    facts = result.to_dict()
    return {
        **score.to_dict(),
        "spade_doubling": rules.spade_doubling.value,
        "kind": facts["kind"],
        **{key: facts[key] for key in ("knock_limit", "knocker_deadwood",
                                       "defender_deadwood", "knocker_melds",
                                       "defender_melds")},
        "knocker_deadwood_cards": _dead_cards(result.knocker_arrangement),
        "defender_deadwood_cards": _dead_cards(result.defender_arrangement),
        "layoffs": facts["layoffs"],
    }


def _price_parts(score: HandScore, rules: RuleSet) -> str:
    """How the points add up, written so that the sum reads right: ``2 x 1 + 20 bonus``
    when only the deadwood points are doubled, ``2 x (1 + 20 bonus)`` when all are.

    >>> from ginrules.rulesets import rules
    >>> doubled = HandScore("defender", 1, 42, 1, 20, True, True)
    >>> _price_parts(doubled, rules("oklahoma"))
    '2 x 1 + 20 bonus: a spade upcard doubles the deadwood points'
    >>> _price_parts(doubled, rules("oklahoma", spade_doubling="whole-score"))
    '2 x (1 + 20 bonus): a spade upcard doubles the whole score'
    >>> _price_parts(HandScore("knocker", 0, 0, 0, 0, False, True), rules("oklahoma"))
    '0'
    """
    bonus = f" + {score.bonus} bonus" if score.bonus else ""
    if not score.doubled or score.points == 0:
        return f"{score.base}{bonus}"
    if rules.spade_doubling is SpadeDoubling.WHOLE_SCORE:
        inner = f"({score.base}{bonus})" if bonus else f"{score.base}"
        return f"2 x {inner}: a spade upcard doubles the whole score"
    return f"2 x {score.base}{bonus}: a spade upcard doubles the deadwood points"


def _dead_cards(arrangement: Arrangement | None) -> list[str]:
    return [] if arrangement is None else [str(c) for c in arrangement.deadwood_cards]


def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "showdown",
        description="Adjudicate a knock from the knocker's and the defender's ten cards: "
        "both hands are arranged, the defender lays off, and the hand is priced.",
        epilog='example: ginrules showdown --knocker "4H 5H 6H 9C 9D 9S AC 2C 3C 2S" '
        '--defender "7H 8H KS QS JS 5C 5D 7S 7D 2D"',
    )
    p.add_argument("--knocker", required=True, help="the knocker's ten cards (one string)")
    p.add_argument("--defender", required=True, help="the defender's ten cards (one string)")
    _add_rules_option(p)
    p.add_argument("--upcard", default=None, metavar="CARD",
                   help="the first upcard (sets the knock limit and doubling in Oklahoma)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--unicode", action="store_true", help="show suits as ♣ ♦ ♥ ♠")
    p.set_defaults(func=_cmd_showdown)

