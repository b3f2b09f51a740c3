"""Play one episode of Kaggle's OpenSpiel gin rummy environment and write its JSON, as
the episodes of this folder were made (see README.md).

It needs the kaggle-environments package (which brings open-spiel), in an environment of
its own::

    python3 -m venv /tmp/kaggle && /tmp/kaggle/bin/pip install kaggle-environments
    /tmp/kaggle/bin/python make_episode.py SEED OUT.json ['{"oklahoma": true}']

The two agents are seeded and greedy: they knock when they may, keep the least deadwood
(OpenSpiel's own count), and now and then play at random.
"""

import json
import random
import sys

import pyspiel
from kaggle_environments import make

UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
RANKS, SUITS = "A23456789TJQK", "scdh"


def card_id(text):
    """OpenSpiel's id of a card written as Kaggle's observation writes it ('Ts')."""
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def make_agent(rng):
    def agent(observation, configuration):
        legal = observation.get("legalActions") or []
        if not legal:
            return {"submission": -1}
        if rng.random() < 0.15:
            return {"submission": rng.choice(legal)}
        if 55 in legal:
            return {"submission": 55}
        seen = json.loads(observation["observationString"])
        held = [card_id(c) for c in seen["hands"][str(observation["playerId"])]]
        cards = [a for a in legal if a < 52]
        if cards and 54 not in legal and len(held) == 11:  # a discard
            return {"submission": min(cards, key=lambda a: (
                UTILS.min_deadwood([c for c in held if c != a]), rng.random()))}
        if 53 in legal and 52 in legal:
            return {"submission": 52 if rng.random() < 0.1 else 53}
        return {"submission": rng.choice(legal)}

    return agent


def main():
    seed, out = int(sys.argv[1]), sys.argv[2]
    params = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    config = {"includeLegalActions": True, "episodeSteps": 1000}
    if params:
        config["openSpielGameParameters"] = {
            "gin_bonus": 25, "hand_size": 10, "knock_card": 10, "num_ranks": 13,
            "num_suits": 4, "oklahoma": False, "undercut_bonus": 25, **params}
    env = make("open_spiel_gin_rummy", configuration=config, debug=True)
    rng = random.Random(seed)
    env.run([make_agent(rng), make_agent(rng)])
    data = env.toJSON()
    with open(out, "w") as handle:
        json.dump(data, handle)
    print(out, len(data["steps"]), data["rewards"], data["statuses"])


if __name__ == "__main__":
    main()
