"""How often the EAAI framework scores a knock differently from ginrules' ``eaai`` preset
(docs/rules.rst, the EAAI preset).

The framework (Todd Neller's gin-rummy-eaai, ``GinRummyGame.play``) takes the defender's
own melds first (``SimpleGinRummyPlayer.getFinalMelds``: one of its least-deadwood meld
sets, drawn at random), then lays its other cards off one at a time, each pass taking the
first card that fits the first of the knocker's melds it fits, until none fits. ginrules
(``ginrules.knocking.lay_off``) chooses the defender's melds and layoffs together, for the
least deadwood. The two differ when a meld the defender keeps holds a card that would
have been worth more laid off, or when a card laid onto one meld blocks a longer chain
onto another.

The script compiles ``integrations/eaai/EaaiKnocks.java`` (a separate GPL program, see
its README) against the framework's compiled classes, which plays seeded games between two
``SimpleGinRummyPlayer`` players and prints each knock that is not gin as the framework
scored it. For every "layoff-rich" knock (the defender holds a card that fits one of the
knocker's melds as shown) ginrules scores the same knock, with the same knocker melds
(``knock_result(..., knocker_arrangement=...)``, so only the defender's play differs),
under ``rules("eaai")``. It counts the knocks that the framework scored differently, and
those where ginrules' defender deadwood is outside every outcome the baseline player could
produce: the framework's layoff loop after each of the defender's least-deadwood meld sets.

Needs a JDK (javac, java) and the framework (https://github.com/tneller/gin-rummy-eaai),
compiled by its own means: give the folder that holds its compiled classes
(``ginrummy/GinRummyGame.class`` and the rest)::

    python benchmarks/eaai_layoffs.py --framework-classes DIR      # 2000 knocks, seed 0
    python benchmarks/eaai_layoffs.py --framework-classes DIR --knocks 10000 --seed 1
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
from typing import NamedTuple

from _script import run

import ginrules
from ginrules import Arrangement, Meld, parse_cards
from ginrules.knocking import knock_result, lay_off
from ginrules.scoring import score_hand

ROOT = pathlib.Path(__file__).resolve().parent.parent
DRIVER = ROOT / "integrations" / "eaai" / "EaaiKnocks.java"
RULES = ginrules.rules("eaai")


class Knock(NamedTuple):
    """One knock as the framework played and scored it."""

    rich: bool
    knocker: str
    knocker_melds: list[str]
    knocker_deadwood: int
    defender: str
    defender_melds: list[str]
    laid: str
    defender_deadwood: int
    scorer: str
    points: int
    outcomes: list[int]
    chosen: int


def parse(line: str) -> Knock:
    f = line.rstrip("\n").split("\t")
    return Knock(f[0] == "1", f[1], [m for m in f[2].split(",") if m], int(f[3]), f[4],
                 [m for m in f[5].split(",") if m], f[6], int(f[7]), f[8], int(f[9]),
                 [int(x) for x in f[10].split()], int(f[11]))


def framework_knocks(classes: pathlib.Path, knocks: int, seed: int) -> list[Knock]:
    """Compile the driver against the framework's classes and play until ``knocks``
    layoff-rich knocks."""
    if not (classes / "ginrummy" / "GinRummyGame.class").is_file():
        sys.exit(f"eaai_layoffs.py: no ginrummy/GinRummyGame.class under {classes} (give the "
                 "folder of the framework's compiled classes)")
    for tool in ("javac", "java"):
        if shutil.which(tool) is None:
            sys.exit(f"eaai_layoffs.py: {tool} is not on PATH (a JDK is needed)")
    with tempfile.TemporaryDirectory() as build:
        subprocess.run(["javac", "-nowarn", "-cp", str(classes), "-d", build, str(DRIVER)],
                       check=True, capture_output=True, text=True)
        out = subprocess.run(["java", "-cp", os.pathsep.join([str(classes), build]), "EaaiKnocks",
                              str(knocks), str(seed)],
                             check=True, capture_output=True, text=True).stdout
    played, rich = [], 0
    for line in out.splitlines():  # the driver ends with the game: stop at the knock wanted
        played.append(parse(line))
        rich += played[-1].rich
        if rich == knocks:
            break
    return played


def knocker_arrangement(knock: Knock) -> Arrangement:
    """The knocker's melds as the framework's knocker stated them, as an Arrangement."""
    melds = sorted((Meld.of(m) for m in knock.knocker_melds),
                   key=lambda m: (m.cards[0].rank, m.cards[0].suit))
    used = {c for m in melds for c in m.cards}
    dead = tuple(sorted(c for c in parse_cards(knock.knocker) if c not in used))
    return Arrangement(tuple(melds), dead, sum(c.points for c in dead))


def compare(knocks: list[Knock]) -> dict[str, object]:
    """The counts of docs/rules.rst, with a few examples."""
    rich = [k for k in knocks if k.rich]
    differs: list[tuple[Knock, int, str]] = []
    outside: list[tuple[Knock, int, str]] = []
    plain_differs = below = order = 0
    for k in knocks:
        arrangement = knocker_arrangement(k)
        assert arrangement.deadwood == k.knocker_deadwood, k
        result = knock_result(k.knocker, k.defender, knocker=0, dealer=1, upcard=None,
                              knock_limit=RULES.knock_limit, knocker_arrangement=arrangement)
        score = score_hand(result, RULES)
        ours = result.defender_deadwood
        if min(k.outcomes) < ours:
            below += 1  # the framework found less deadwood: a ginrules bug
        layoffs = ", ".join(str(x) for x in result.layoffs)
        different = (score.winner, score.points) != (k.scorer, k.points)
        assert different == (ours != k.defender_deadwood), k
        if not k.rich:
            plain_differs += different
            continue
        if different:
            differs.append((k, ours, layoffs))
            # the best layoffs the defender's stated melds allow: when the framework's loop
            # reached them, the difference comes from those melds, else from the loop's order
            kept = [c for c in parse_cards(k.defender)
                    if not any(c in parse_cards(m) for m in k.defender_melds)]
            if lay_off(k.knocker_melds, kept)[0].deadwood < k.defender_deadwood:
                order += 1
        if ours not in k.outcomes:
            outside.append((k, ours, layoffs))
    return {"knocks": len(knocks), "rich": len(rich), "differs": differs, "outside": outside,
            "plain_differs": plain_differs, "below": below, "order": order}


def show(k: Knock, ours: int, layoffs: str) -> str:
    return (f"knocker {k.knocker} shows {' | '.join(k.knocker_melds)}; defender "
            f"{k.defender} melds {' | '.join(k.defender_melds) or 'nothing'}, the framework "
            f"lays off {k.laid or 'nothing'}: deadwood {k.defender_deadwood} (over its best "
            f"meld sets: {sorted(set(k.outcomes))}); ginrules lays off {layoffs or 'nothing'}: "
            f"deadwood {ours}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--framework-classes", type=pathlib.Path, required=True,
                        help="the framework's compiled classes (the folder holding ginrummy/)")
    parser.add_argument("--knocks", type=int, default=2000, help="layoff-rich knocks")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args()
    counts = compare(framework_knocks(args.framework_classes, args.knocks, args.seed))
    differs = counts["differs"]
    outside = counts["outside"]
    assert isinstance(differs, list) and isinstance(outside, list)
    print(f"{counts['knocks']} knocks (not gin) by SimpleGinRummyPlayer in the framework "
          f"(seed {args.seed}); {counts['rich']} layoff-rich (the defender holds a card that "
          f"fits a knocker meld)")
    print(f"  scored differently by ginrules (same knocker melds): {len(differs)} of "
          f"{counts['rich']}; ginrules' defender deadwood outside every outcome the baseline "
          f"could produce: {len(outside)}")
    print(f"  of those, from the defender's melds stated before the layoffs: "
          f"{len(differs) - counts['order']}; from the layoff loop's order: {counts['order']}")
    print(f"  the other knocks scored differently: {counts['plain_differs']}; knocks where the "
          f"framework leaves less deadwood than ginrules: {counts['below']}")
    for k, ours, layoffs in outside[: args.examples]:
        print("  e.g. (outside)", show(k, ours, layoffs))
    inside = [x for x in differs if x not in outside]
    for k, ours, layoffs in inside[: args.examples]:
        print("  e.g. (another meld set of the baseline gives it)", show(k, ours, layoffs))


if __name__ == "__main__":
    run(main, "eaai_layoffs.py")
