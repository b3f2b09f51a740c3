"""OpenSpiel's least deadwood of eleven cards against the true one (docs/rules.rst, the
OpenSpiel preset).

OpenSpiel's ``gin_rummy`` decides whether a player holding eleven cards may knock from
``GinRummyUtils::MinDeadwood`` of the eleven: it keeps one meld group of the eleven cards
that melds the most points and drops the highest-ranked card left over. When several
groups meld the same points, the one it keeps may leave a worse hand after that drop than
another group would, and OpenSpiel then counts more deadwood than the least deadwood after
the best discard (``ginrules.best_discards``); if that count is over the knock limit while
the true one is not, it refuses a knock the rules allow.

The script shows one such hand played in OpenSpiel (its legal actions after the draw,
without the knock, 55) and in ginrules under the ``openspiel`` preset (which offers the
knocks), then counts, over random eleven-card hands (a fixed seed), how often OpenSpiel's
count is above the true one, how often it is below (never: its count is reachable by
discarding the card it drops), and how often the difference refuses a knock.

Needs pyspiel; run it in the environment of the ``openspiel`` extra::

    .venv-extras/bin/python benchmarks/openspiel_eleven_cards.py            # 6000 hands, seed 0
    .venv-extras/bin/python benchmarks/openspiel_eleven_cards.py --hands 20000 --seed 1
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import pyspiel  # type: ignore[import-not-found]
from _script import run

import ginrules
from ginrules import Card, hand
from ginrules.interop.openspiel import card_from_openspiel_id, openspiel_id

UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
PH = pyspiel.gin_rummy.Phase
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55
KNOCK_LIMIT = 10

# the example of docs/rules.rst: player 0 (offered the upcard first) takes 5S
EXAMPLE_HAND = "4H 6S 6H 2S 5C 6C 4C 5H 2D 3C"
EXAMPLE_UPCARD = "5S"


def openspiel_count(ids: list[int]) -> int:
    """OpenSpiel's least deadwood of these cards (eleven: after its one drop)."""
    return int(UTILS.min_deadwood(ids))


def example() -> tuple[list[int], list[str], int, int]:
    """The example in both engines: OpenSpiel's legal actions after player 0 takes the
    upcard, ginrules' legal knocks, OpenSpiel's count and the true least deadwood."""
    hand0 = EXAMPLE_HAND.split()
    taken = {*hand0, EXAMPLE_UPCARD}
    others = [str(c) for c in ginrules.Deck.standard().cards if str(c) not in taken]
    hand1, stock = others[:10], others[10:]
    state = pyspiel.load_game("gin_rummy").new_initial_state()
    for text in [*hand0, *hand1, EXAMPLE_UPCARD]:  # OpenSpiel deals player 0, player 1, upcard
        state.apply_action(openspiel_id(Card.parse(text)))
    state.apply_action(DRAW_UPCARD)
    openspiel_legal = [int(a) for a in state.legal_actions()]
    held = [int(c) for c in state.hands()[0]]
    # the same deal in ginrules: player 1 deals, so player 0 gets the even cards of the deck
    deck = [card for pair in zip(hand0, hand1, strict=True) for card in pair]
    deck += [EXAMPLE_UPCARD, *stock]
    g = hand.deal(ginrules.rules("openspiel"), deck=" ".join(deck), dealer=1)
    g = hand.apply(g, "take")
    knocks = [str(a) for a in hand.legal_actions(g) if a.kind is ginrules.ActionKind.KNOCK]
    true = ginrules.best_discards(" ".join([*hand0, EXAMPLE_UPCARD])).deadwood
    return openspiel_legal, knocks, openspiel_count(held), true


def count(hands: int, seed: int, *, knockable: bool = False) -> tuple[int, int, int]:
    """Over ``hands`` random eleven-card hands (with ``knockable``, only hands whose true
    least deadwood after the best discard is within the knock limit, drawn by rejection):
    how many OpenSpiel counts above that least deadwood, how many below, and how many of
    the first refuse a knock the rules allow."""
    rng = random.Random(seed)
    above = below = refused = done = 0
    while done < hands:
        ids = rng.sample(range(52), 11)
        true = ginrules.best_discards([card_from_openspiel_id(i) for i in ids]).deadwood
        if knockable and true > KNOCK_LIMIT:
            continue
        done += 1
        ours = openspiel_count(ids)
        above += ours > true
        below += ours < true
        refused += true <= KNOCK_LIMIT < ours
    return above, below, refused


def _greedy(state: Any, rng: random.Random) -> int:
    """Draws the upcard when it lowers the least deadwood, discards for the least
    deadwood, knocks whenever OpenSpiel offers it, lays its melds, lays off at random."""
    legal = [int(a) for a in state.legal_actions()]
    phase = state.current_phase()
    held = [card_from_openspiel_id(int(c)) for c in state.hands()[state.current_player()]]
    if phase in (PH.FIRST_UPCARD, PH.DRAW):
        if DRAW_UPCARD in legal:
            up = card_from_openspiel_id(int(state.upcard()))
            if ginrules.best_discards([*held, up]).deadwood < ginrules.deadwood(held):
                return DRAW_UPCARD
        return PASS if PASS in legal else DRAW_STOCK
    if phase == PH.DISCARD:
        if KNOCK in legal:
            return KNOCK
        return min((ginrules.deadwood([c for c in held if openspiel_id(c) != a]), rng.random(), a)
                   for a in legal)[2]
    if phase == PH.WALL:
        return KNOCK if KNOCK in legal else PASS
    if phase == PH.KNOCK:
        cards = [a for a in legal if a < 52]
        return cards[0] if cards else max(legal)  # the discard, then melds, then pass
    return int(rng.choice(legal))


def in_play(decisions: int, seed: int) -> tuple[int, int, int, int]:
    """Over the first ``decisions`` discard decisions of OpenSpiel games between two greedy
    players: the games played, how many decisions OpenSpiel counts above the true least
    deadwood after the best discard, and how many of those refuse a knock the rules
    allow (OpenSpiel's knock action, 55, is missing though a discard leaves at most 10)."""
    rng = random.Random(seed)
    game = pyspiel.load_game("gin_rummy")
    games = seen = above = refused = 0
    while seen < decisions:
        state = game.new_initial_state()
        games += 1
        while not state.is_terminal() and seen < decisions:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if state.current_phase() == PH.DISCARD:
                seen += 1
                ids = [int(c) for c in state.hands()[state.current_player()]]
                true = ginrules.best_discards([card_from_openspiel_id(i) for i in ids]).deadwood
                ours = openspiel_count(ids)
                assert (KNOCK in state.legal_actions()) == (ours <= KNOCK_LIMIT)
                above += ours > true
                refused += true <= KNOCK_LIMIT < ours
            state.apply_action(_greedy(state, rng))
    return games, above, refused, seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=6000, help="random 11-card hands")
    parser.add_argument("--decisions", type=int, default=300_000,
                        help="discard decisions in OpenSpiel games between greedy players")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    legal, knocks, ours, true = example()
    print(f"example: player 0 holds {EXAMPLE_HAND}, takes the upcard {EXAMPLE_UPCARD}")
    print(f"  OpenSpiel's legal actions {legal}: knock (55) "
          f"{'offered' if KNOCK in legal else 'not offered'}; its count {ours}, the least "
          f"deadwood after the best discard {true}")
    print(f"  ginrules (openspiel preset) offers: {', '.join(knocks)}")
    for knockable, what in ((False, "random 11-card hands"),
                            (True, "random 11-card hands within the knock limit")):
        above, below, refused = count(args.hands, args.seed, knockable=knockable)
        print(f"{args.hands} {what} (seed {args.seed}): OpenSpiel counts more than the least "
              f"deadwood after the best discard in {above}, less in {below}; it refuses a "
              f"knock the rules allow in {refused}")
    games, above, refused, seen = in_play(args.decisions, args.seed)
    print(f"{seen} discard decisions of {games} OpenSpiel games between greedy players "
          f"(seed {args.seed}): OpenSpiel counts more in {above}; it refuses a knock the "
          f"rules allow in {refused}")


if __name__ == "__main__":
    run(main, "openspiel_eleven_cards.py")
