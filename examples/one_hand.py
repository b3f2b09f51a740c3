"""One hand of Gin Rummy step by step, with every state kept (undo is keeping the old one).

Run: python examples/one_hand.py [SEED]
"""

import sys

import ginrules
from ginrules import hand

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
rules = ginrules.rules("classic")
state = hand.deal(rules, seed=seed, dealer=0)
history = [state]
print(f"Dealer: player {state.dealer}; upcard {state.upcard}; knock limit {state.knock_limit}")
for player in (0, 1):
    print(f"Player {player}: {ginrules.format_cards(state.cards(player))}")


def choose(state: hand.HandState) -> ginrules.Action:
    """A simple strategy: knock when allowed, else keep the least deadwood."""
    actions = hand.legal_actions(state)
    knocks = [a for a in actions if a.kind is ginrules.ActionKind.KNOCK]
    if knocks:
        return knocks[0]
    if state.phase is ginrules.Phase.DISCARD:
        mine = state.cards(state.turn)
        # keep the least deadwood; among equals, throw the highest card
        discards = {a.card: a for a in actions if a.card and a.kind is ginrules.ActionKind.DISCARD}
        best = min(discards, key=lambda card: (
            ginrules.deadwood([c for c in mine if c != card]), -card.points))
        return discards[best]
    return actions[-1] if state.phase is ginrules.Phase.OFFER else actions[0]


while not state.is_over:
    action = choose(state)
    print(f"  player {state.turn}: {action}")
    state = hand.apply(state, action)
    history.append(state)

result = state.result
assert result is not None
print(f"The hand ends: {result.kind.value} after {len(state.actions)} actions")
if result.knocker is not None:
    score = ginrules.score_hand(result, rules)
    print(f"  knocker (player {result.knocker}): {result.knocker_arrangement}")
    for layoff in result.layoffs:
        print(f"  layoff: {layoff}")
    print(f"  defender: {result.defender_arrangement}")
    print(f"  {score.winner} scores {score.points}")
print(f"{len(history)} states kept; the first is unchanged: {history[0].phase.value}")
