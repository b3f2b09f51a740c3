"""Draw the pictures of the documentation: hands shown as cards, with their melds marked.

The pictures are SVG files in ``docs/_static/``, made from ginrules itself (standard library
only), and committed. ``tests/test_pictures.py`` draws them again and checks that they are
the same as the committed files, so a change to ginrules that changes a picture fails the
tests until the pictures are drawn again:

    .venv/bin/python docs/make_pictures.py            # writes docs/_static/*.svg
    .venv/bin/python docs/make_pictures.py --out DIR  # somewhere else
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

import ginrules
from ginrules import Arrangement, Card, HandResult, Meld, Suit

STATIC = Path(__file__).resolve().parent / "_static"

# -- sizes and colours ------------------------------------------------------------------

CARD_W, CARD_H, CARD_GAP = 44, 62, 4  # a card, and the space between two cards
GROUP_GAP = 26  # the space between two melds (or a meld and the deadwood)
PAD = 6  # a meld's frame around its cards
MARGIN = 16
LABEL_H = 20  # the label above a frame
ROW_H = LABEL_H + CARD_H + 2 * PAD + 18  # one row of cards, its labels and some air
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

RED, BLACK = "#c8102e", "#1a1a1a"
FRAME = {"run": "#2b6cb0", "set": "#2f855a"}
TINT = {"run": "#ebf4ff", "set": "#e9f7ef"}
GREY_FILL, GREY_TEXT, GREY_LINE = "#ececec", "#9a9a9a", "#bdbdbd"
LAYOFF_FILL, LAYOFF_LINE = "#fff3c4", "#b7791f"


def _text(x: int, y: int, text: str, *, size: int = 13, fill: str = BLACK,
          weight: str = "normal", anchor: str = "start") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{escape(text)}</text>')


def _card(card: Card, x: int, y: int, style: str = "plain") -> str:
    """One card: a rounded rectangle with its rank and suit symbol.

    ``style`` is ``plain``, ``deadwood`` (greyed) or ``layoff`` (laid off by the defender).
    """
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    colour = RED if red else BLACK
    fill, line, dash = "#ffffff", "#4a4a4a", ""
    if style == "deadwood":
        fill, line, colour = GREY_FILL, GREY_LINE, GREY_TEXT
    elif style == "layoff":
        fill, line, dash = LAYOFF_FILL, LAYOFF_LINE, ' stroke-dasharray="4 3"'
    rank = card.unicode[:-1]  # "10" for a ten
    cx = x + CARD_W // 2
    return "\n".join([
        f'<g><title>{card}</title>',
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{fill}" '
        f'stroke="{line}" stroke-width="1.2"{dash}/>',
        _text(cx, y + 27, rank, size=18, fill=colour, weight="bold", anchor="middle"),
        _text(cx, y + 51, card.suit.symbol, size=20, fill=colour, anchor="middle"),
        "</g>",
    ])


def _width(count: int) -> int:
    return count * CARD_W + max(count - 1, 0) * CARD_GAP


class _Row:
    """A row of card groups (melds, deadwood) drawn left to right."""

    def __init__(self, y: int) -> None:
        self.x = MARGIN + PAD
        self.y = y
        self.parts: list[str] = []
        self.extent = 0  # the right end of the widest thing drawn (a label may be wider)

    def _label(self, text: str, colour: str) -> None:
        left = self.x - PAD + 2
        self.parts.append(_text(left, self.y + LABEL_H - 6, text, fill=colour, weight="bold"))
        self.extent = max(self.extent, left + 8 * len(text))  # about 8 px a bold letter

    def _cards(self, cards: Sequence[Card], styles: Sequence[str]) -> int:
        top = self.y + LABEL_H + PAD
        for i, (card, style) in enumerate(zip(cards, styles, strict=True)):
            self.parts.append(_card(card, self.x + i * (CARD_W + CARD_GAP), top, style))
        return _width(len(cards))

    def meld(self, meld: Meld, layoffs: Sequence[Card] = ()) -> None:
        """A meld framed and labelled with its kind; cards laid off onto it come after
        the meld's own cards (in the order of the run, where they fit) in a dashed style."""
        kind = meld.kind.value
        cards = list(meld.cards)
        if layoffs:
            cards = sorted(cards + list(layoffs), key=lambda c: (c.rank, c.suit))
        styles = ["layoff" if c in layoffs else "plain" for c in cards]
        width = _width(len(cards))
        label = kind + (" + laid off" if layoffs else "")
        self.parts.append(
            f'<rect x="{self.x - PAD}" y="{self.y + LABEL_H}" width="{width + 2 * PAD}" '
            f'height="{CARD_H + 2 * PAD}" rx="8" fill="{TINT[kind]}" stroke="{FRAME[kind]}" '
            f'stroke-width="2"/>'
        )
        self._label(label, FRAME[kind])
        self._cards(cards, styles)
        self.extent = max(self.extent, self.x + width + PAD)
        self.x += width + GROUP_GAP

    def deadwood(self, cards: Sequence[Card], total: int) -> None:
        """The deadwood cards, greyed, labelled with their total."""
        label = f"deadwood {total}" if cards else "no deadwood: gin"
        self._label(label, "#6b6b6b")
        width = self._cards(cards, ["deadwood"] * len(cards))
        self.extent = max(self.extent, self.x + width)
        self.x += width + GROUP_GAP

    @property
    def right(self) -> int:
        return self.extent + MARGIN


def _svg(width: int, height: int, title: str, body: Sequence[str]) -> str:
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" font-family="{FONT}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        *body,
        "</svg>",
        "",
    ])


def hand_picture(arrangement: Arrangement, caption: str) -> str:
    """A hand as cards: each meld framed and labelled set or run, the deadwood greyed
    with its total, and the arrangement as text underneath."""
    row = _Row(MARGIN)
    for meld in arrangement.melds:
        row.meld(meld)
    row.deadwood(arrangement.deadwood_cards, arrangement.deadwood)
    bottom = MARGIN + ROW_H
    body = [*row.parts, _text(MARGIN, bottom, str(arrangement), size=13, fill="#4a4a4a"),
            _text(MARGIN, bottom + 18, caption, size=12, fill="#6b6b6b")]
    return _svg(row.right, bottom + 30, f"{caption}: {arrangement}", body)


def knock_picture(result: HandResult, names: Sequence[str]) -> str:
    """The end of a knocked hand: the knocker's melds with the defender's layoffs on them
    (dashed, yellow), the defender's melds, and both deadwood counts."""
    knocker, defender = result.knocker_arrangement, result.defender_arrangement
    assert knocker is not None and defender is not None and result.knocker is not None
    body: list[str] = []
    width = 0
    y = MARGIN
    for who, arrangement, laid in (
        (names[0], knocker, True),
        (names[1], defender, False),
    ):
        body.append(_text(MARGIN, y + 12, who, size=14, weight="bold"))
        row = _Row(y + 18)
        for index, meld in enumerate(arrangement.melds if not laid else result.knocker_melds):
            cards = [lay.card for lay in result.layoffs if lay.meld_index == index] if laid else []
            row.meld(meld, cards)
        row.deadwood(arrangement.deadwood_cards, arrangement.deadwood)
        body += row.parts
        width = max(width, row.right, MARGIN + 9 * len(who) + MARGIN)
        y += ROW_H + 18
    laid_text = ", ".join(str(lay) for lay in result.layoffs) or "nothing"
    body.append(_text(MARGIN, y + 2, f"laid off: {laid_text}", fill="#4a4a4a"))
    title = f"{names[0]}: {knocker}; {names[1]}: {defender}"
    return _svg(width, y + 16, title, body)


def _quickstart_hand() -> str:
    hand = "7H 8H 9H 7C 7D 7S KS QS 2D AH"
    return hand_picture(ginrules.arrange(hand), f'ginrules.arrange("{hand}")')


def _tutorial_knock() -> str:
    result, score = ginrules.showdown("AC 2C 3C 5H 6H 7H 9C 9D 9S 2D",
                                      "4C 8H KH KD KS 5S 6S 7S TC KC")
    return knock_picture(result, (
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
