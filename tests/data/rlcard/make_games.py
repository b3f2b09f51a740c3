"""Play one game of RLCard's gin-rummy and write its move sheet, one move a line (each
``str(move)`` of ``env.game.round.move_sheet``), as the games of this folder were made
(see README.md).

It needs RLCard (a pure-Python wheel, with numpy), in an environment of its own::

    python3 -m venv /tmp/rlcard && /tmp/rlcard/bin/pip install rlcard
    /tmp/rlcard/bin/python make_games.py random SEED OUT.txt
    /tmp/rlcard/bin/python make_games.py knocker SEED OUT.txt
    /tmp/rlcard/bin/python make_games.py hoarder SEED OUT.txt
    /tmp/rlcard/bin/python make_games.py deal DEALER "NON-DEALER'S 11" "DEALER'S 10" \
        "STOCK TOP" SEED OUT.txt

The agents see only RLCard's state: ``random`` picks any legal action (RLCard's
RandomAgent); ``knocker`` goes out (gin, else a knock) whenever it may, else plays at
random; ``hoarder`` always picks up the discard rather than draw, so that the stock
never runs down and RLCard's own move cap (max_move_count, 200 moves) ends the hand.
``deal`` has knockers (seeded with SEED) play a deal chosen by hand (the stock's top
cards first; ``-`` for none): RLCard's random generator is replaced for the deal only
(the dealer and the order of the shuffled deck), and RLCard plays the rest by its own
rules.
"""

import sys

import numpy as np
import rlcard
from rlcard.agents import RandomAgent

GIN, PICK_UP, DRAW, KNOCKS = 5, 3, 2, range(58, 110)


class Chooser:
    """An agent that prefers some actions and plays any other at random."""

    use_raw = False

    def __init__(self, seed, prefer):
        self.rng = np.random.RandomState(seed)
        self.prefer = prefer

    def step(self, state):
        legal = sorted(state["legal_actions"])
        wanted = [a for a in legal if self.prefer(a)]
        return int(self.rng.choice(wanted or legal))

    def eval_step(self, state):
        return self.step(state), {}


class RiggedDeal:
    """RLCard's random generator, but for the deal: ``choice([0, 1])`` gives the dealer
    and ``shuffle`` orders the deck so that RLCard, which deals from its end, gives the
    non-dealer ``non_dealer`` and the dealer ``dealer_cards``."""

    def __init__(self, dealer, non_dealer, dealer_cards, stock_top, seed=0):
        self.dealer = dealer
        mine, theirs, top = non_dealer.split(), dealer_cards.split(), stock_top.split()
        ranks, suits = "A23456789TJQK", "SHDC"
        rest = [r + s for s in suits for r in ranks if r + s not in mine + theirs + top]
        order = rest + top[::-1] + theirs[::-1] + mine[::-1]
        assert len(set(order)) == 52, "the deal must name different cards"
        self.place = {text: i for i, text in enumerate(order)}
        self.inner = np.random.RandomState(seed)

    def choice(self, options, *args, **kwargs):
        if list(options) == [0, 1]:
            return self.dealer
        return self.inner.choice(options, *args, **kwargs)

    def shuffle(self, deck):
        deck.sort(key=lambda card: self.place[str(card)])

    def __getattr__(self, name):
        return getattr(self.inner, name)


def main(argv):
    env = rlcard.make("gin-rummy", config={"seed": 0})
    mode = argv[0]
    if mode == "deal":
        dealer, non_dealer, dealer_cards, top, seed, out = argv[1:7]
        env.set_agents([Chooser(int(seed) * 2 + p, lambda a: a == GIN or a in KNOCKS)
                        for p in (0, 1)])
        env.game.np_random = RiggedDeal(int(dealer), non_dealer, dealer_cards,
                                        "" if top == "-" else top)
    else:
        seed, out = int(argv[1]), argv[2]
        if mode == "random":
            agents = [RandomAgent(num_actions=env.num_actions) for _ in (0, 1)]
        elif mode == "knocker":
            agents = [Chooser(seed * 2 + p, lambda a: a == GIN or a in KNOCKS) for p in (0, 1)]
        elif mode == "hoarder":
            agents = [Chooser(seed * 2 + p, lambda a: a == PICK_UP) for p in (0, 1)]
        else:
            raise SystemExit(f"unknown mode {mode!r}: random, knocker, hoarder or deal")
        env.set_agents(agents)
        env.seed(seed)
        np.random.seed(seed)  # (RLCard's RandomAgent draws from numpy's own generator)
    env.run(is_training=False)
    with open(out, "w") as file:
        file.write("".join(f"{move}\n" for move in env.game.round.move_sheet))


if __name__ == "__main__":
    main(sys.argv[1:])
