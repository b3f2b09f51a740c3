"""Are the other figures a hint states true? The danger of a discard and what a stock card
saves, stated against observed, per bin.

Run from the dev virtual environment::

    python research/hint_figures.py                      # 300 games per opponent and rules
    python research/hint_figures.py --opponents expert --rules eaai --games 50
    python research/hint_figures.py --level advanced     # the advanced level's hints
    python research/hint_figures.py --fit --games 100    # fit the danger's map again

Games are played between a hinted player (seat 0 plays ``ginrules.hint(view,
opponent=O)``'s move at every turn) and the opponent ``O`` (seat 1), for each opponent of
``--opponents`` and rule set of ``--rules``. Wherever a hint's reason states one of these
figures, it is read from the reason (as a person reads it, in whole per cents or tenths)
and set against what the game held:

* **the danger of a discard**, "the opponent can use it with chance 11% (JH: 18%)" and
  "the opponent may use it (16% against 0%)": for each card named, whether the opponent's
  hand at that moment held two cards that meld with it (a set of three with two of its
  rank, or a run of three with two of its suit next to it), the chance the figure states;
* **what a stock card saves**, "a stock card saves 7.0 on average" where the hint decides
  whether to draw the discard pile's top card (the draw, not the upcard's offer): the
  deadwood the stock's real top card would save, drawn with the best discard after it
  (none when it saves nothing), the expectation the figure states.

The chances are tabled as ``research/calibration.py`` tables the knock's (per bin of the
stated figure: the positions, the mean stated, the observed rate with its Wilson 95%
interval, a Brier score), the savings as its points are (the observed mean with its
standard error; a bin holds when within 2 points of the mean stated, or two standard
errors), both clustered by hand (the figures of one hand share the opponent's hand). This peeks at the game state (the opponent's hand, the stock's order), which no
player may do: it is a measurement, not a player. It reads private names of the players
package (``_estimates._PAIRS``, ``_estimates._best_discard_memo``, ``_danger._MAP``).

``--level`` names the level the hints consult (by default the hint's own choice, the
expert under these rules). ``--fit`` plays with the chance of a discard's danger
unmapped and prints the line that maps it (``ginrules.players._danger._MAP``), fit on
the positions of every opponent together.
"""

from __future__ import annotations

import argparse
import re
import time
from typing import Any

from _script import run
from calibration import _logistic, _logit, arguments, chance_table, collect, points_table

import ginrules
from ginrules.actions import ActionKind, Phase
from ginrules.cards import Card
from ginrules.masks import _deadwood
from ginrules.players import _danger, make_player
from ginrules.players._estimates import _PAIRS, _best_discard_memo

SAVE_BINS = (0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 1e9)

# "it is safer: the opponent can use it with chance 11% (JH: 18%)"
_SAFER = re.compile(r"the opponent can use it with chance (\d+)% \((\w\w): (\d+)%\)")
# "it leaves 8 less deadwood than 2C (38 against 46); ... the opponent may use it (16%
# against 0%)": the other card is the one named first
_OTHER = re.compile(r"than (\w\w) \(")
_MAY = re.compile(r"the opponent may use it \((\d+)% against (\d+)%\)")
_SAVES = re.compile(r"a stock card saves (\d+\.\d) on average")


def _hand(row: dict[str, Any]) -> tuple[Any, ...]:
    """The hand a row was stated in (its positions share the opponent's hand): the
    intervals and standard errors are clustered by it."""
    return row["rules"], row["opponent"], row["seed"], row["hand"]


def _usable(card: Card, opponent_hand: int) -> bool:
    """Whether the opponent's hand holds two cards that meld with ``card``."""
    return any(opponent_hand >> a & 1 and opponent_hand >> b & 1
               for a, b in _PAIRS[card.index])


def _game(task: tuple[str, str, int, str | None]) -> list[dict[str, Any]]:
    """The figures stated to the hinted player in one game, with what the game held."""
    rules_name, opponent, seed, level = task
    rules = ginrules.rules(rules_name)
    other = make_player(opponent, seed=seed + 1)
    game = ginrules.new_game(rules, seed=seed)
    rows: list[dict[str, Any]] = []
    while not game.is_over:
        hand = game.hand
        assert hand is not None
        v = game.view(hand.turn)
        if hand.turn == 1:
            game = game.apply(other.choose(v))
            continue
        h = ginrules.hint(v, opponent=opponent, level=level)
        theirs = hand.masks[1]
        base = {"rules": rules_name, "opponent": opponent, "seed": seed, "level": h.level,
                "hand": len(game.finished)}
        if h.action.kind is ActionKind.DISCARD and h.action.card is not None:
            card = h.action.card
            if m := _SAFER.search(h.reason):
                rows.append({**base, "kind": "danger", "stated": int(m[1]) / 100,
                             "used": _usable(card, theirs)})
                rows.append({**base, "kind": "danger", "stated": int(m[3]) / 100,
                             "used": _usable(Card.parse(m[2]), theirs)})
            if (m := _MAY.search(h.reason)) and (o := _OTHER.search(h.reason)):
                rows.append({**base, "kind": "danger", "stated": int(m[1]) / 100,
                             "used": _usable(card, theirs)})
                rows.append({**base, "kind": "danger", "stated": int(m[2]) / 100,
                             "used": _usable(Card.parse(o[1]), theirs)})
        if hand.phase is Phase.DRAW and (m := _SAVES.search(h.reason)) and hand.stock:
            now = _deadwood(v.mask)
            saved = max(0, now - _best_discard_memo(v.mask | hand.stock[0].mask))
            rows.append({**base, "kind": "saves", "stated": float(m[1]),
                         "saved": saved})
        game = game.apply(h.action)
    return rows


def fit_danger(rows: list[dict[str, Any]]) -> str:
    """``(a, b)`` of ``logit(stated) = a + b * logit(danger)`` by a logistic regression
    of whether the opponent could use the card on the logit of the chance stated (0 and
    1 left out: they stay as they are), as the Python text of
    ``ginrules.players._danger._MAP``."""
    fit = [r for r in rows if 0 < r["stated"] < 1]
    a, b = _logistic([(1.0, _logit(r["stated"])) for r in fit],
                     [float(r["used"]) for r in fit])
    return f"_MAP = ({a:.4f}, {b:.4f})  # {len(fit)} positions"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments(parser, 300)
    parser.add_argument("--level", help="the level the hints consult (default: the hint's "
                                        "own choice, the strongest within its budget)")
    parser.add_argument("--fit", action="store_true",
                        help="fit the map of each level's danger to the chance it states "
                             "instead, on the danger as the level weighs it")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.fit:
        _danger._MAP = None  # the figures unmapped
        rows = collect([(r, opponent, args.seed + g, args.level)
                        for opponent in args.opponents.split(",")
                        for r in args.rules.split(",") for g in range(args.games)],
                       args.workers, _game)
        print(f"# fit on {args.opponents} ({args.rules} rules, {args.games} games each, "
              f"seeds {args.seed}-{args.seed + args.games - 1})")
        print(fit_danger([r for r in rows if r["kind"] == "danger"]))
        return
    for opponent in args.opponents.split(","):
        rows = collect([(r, opponent, args.seed + g, args.level)
                        for r in args.rules.split(",")
                        for g in range(args.games)], args.workers, _game)
        print(f"== {args.level or 'hints'} against {opponent} ({args.rules} rules, "
              f"{args.games} games each, seeds "
              f"{args.seed}-{args.seed + args.games - 1}; "
              f"{time.perf_counter() - start:.0f} s so far)")
        chance_table([r for r in rows if r["kind"] == "danger"], "stated", "used",
                     "the danger of a discard (the card and the one set against it)",
                     by=_hand)
        points_table([r for r in rows if r["kind"] == "saves"], "stated", "saved",
                     "what a stock card saves, where the hint weighs the discard pile",
                     SAVE_BINS, by=_hand)
        print()


if __name__ == "__main__":
    run(main, "hint_figures.py")
