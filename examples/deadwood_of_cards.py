"""Deadwood of a list of cards: the script writer's use of ginrules.

Run: python examples/deadwood_of_cards.py [CARDS...]
"""

import sys

import ginrules

hands = [" ".join(sys.argv[1:])] if len(sys.argv) > 1 else [
    "7H 8H 9H KS QS",
    "AS 2S 3S 4D 4H 4C 9C 9D TC JC",
    "As 2s 8s Ac 2c 8c Ad 2d 3d 2h 8h",  # eleven cards: which discard is best?
]

for text in hands:
    try:
        arrangement = ginrules.arrange(text)
    except ginrules.GinRulesError as error:  # bad notation: say which card and why
        print(f"{text!r}: {error}")
        continue
    print(f"{text}\n  -> {arrangement}")
    if len(arrangement.cards) == 11:
        best = ginrules.best_discards(text)
        choices = ", ".join(str(c) for c in best.discards)
        print(f"  -> discard {choices} to leave deadwood {best.deadwood}")
