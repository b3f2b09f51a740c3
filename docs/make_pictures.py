"""Draw the pictures of the documentation: hands shown as cards, with their melds marked.

The pictures are SVG files in ``docs/_static/``, drawn by :mod:`ginrules.svg`, and
committed. ``tests/test_pictures.py`` draws them again and checks that they are
the same as the committed files, so a change to ginrules that changes a picture fails the
tests until the pictures are drawn again:

    .venv/bin/python docs/make_pictures.py            # writes docs/_static/*.svg
    .venv/bin/python docs/make_pictures.py --out DIR  # somewhere else
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

import ginrules
from ginrules import svg

STATIC = Path(__file__).resolve().parent / "_static"

def _quickstart_hand() -> str:
    hand = "7H 8H 9H 7C 7D 7S KS QS 2D AH"
    return svg.arrangement(ginrules.arrange(hand), caption=f'ginrules.arrange("{hand}")')


def _tutorial_knock() -> str:
    result, score = ginrules.showdown("AC 2C 3C 5H 6H 7H 9C 9D 9S 2D",
                                      "4C 8H KH KD KS 5S 6S 7S TC KC")
    return svg.result(result, names=(
        f"Knocker (deadwood {result.knocker_deadwood})",
        f"Defender (deadwood {result.defender_deadwood} after laying off;"
        f" the knocker scores {score.points})",
    ))


#: Every picture: its file name in ``docs/_static`` and how it is drawn.
PICTURES: dict[str, Callable[[], str]] = {
    "hand-melds.svg": _quickstart_hand,
    "knock-layoffs.svg": _tutorial_knock,
}


def write_pictures(folder: Path = STATIC) -> list[Path]:
    """Draw every picture into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in PICTURES.items():
        path = folder / name
        path.write_text(draw(), encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=STATIC, help="the folder to write to")
    args = parser.parse_args(argv)
    for path in write_pictures(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
