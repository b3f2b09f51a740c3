"""Pictures of cards as SVG: an arranged hand, a finished hand with its layoffs, a view,
the table of a hand. Each function returns an :class:`SVG`, a ``str`` that Jupyter shows
as a picture; the values themselves show one inline (``_repr_svg_``), as python-chess
boards do. Standard library only, and imported only when a picture is drawn.

Every picture has a ``<title>`` and a ``<desc>`` with the same facts as text, for screen
readers and for tests.

>>> import ginrules
>>> from ginrules import svg
>>> picture = svg.arrangement(ginrules.arrange("7H 8H 9H 7C 7D 7S KS"))
>>> picture.startswith("<svg"), "<desc>7C 7D 7S | 7H 8H 9H | deadwood KS = 10</desc>" in picture
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from ginrules.cards import Card, Suit
from ginrules.errors import _wrong_type
from ginrules.hand import HandState
from ginrules.knock import EndKind, HandResult
from ginrules.melds import Arrangement, Meld, arrange
from ginrules.players.views import View, _not_a_view

__all__ = ["SVG", "arrangement", "hand", "result", "view"]


class SVG(str):
    """SVG text that Jupyter (and anything that looks for ``_repr_svg_``) shows as a picture.

    >>> SVG("<svg/>")._repr_svg_()
    '<svg/>'
    """

    def _repr_svg_(self) -> str:
        return str(self)


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


def _svg(width: int, height: int, title: str, body: Sequence[str], desc: str = "") -> SVG:
    return SVG("\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" font-family="{FONT}">',
        f"<title>{escape(title)}</title>",
        *([f"<desc>{escape(desc)}</desc>"] if desc else []),
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        *body,
        "</svg>",
        "",
    ]))


def _hand_picture(arrangement: Arrangement, caption: str, desc: str | None = None) -> SVG:
    """A hand as cards: each meld framed and labelled set or run, the deadwood greyed
    with its total, and the arrangement as text underneath."""
    row = _Row(MARGIN)
    for meld in arrangement.melds:
        row.meld(meld)
    row.deadwood(arrangement.deadwood_cards, arrangement.deadwood)
    bottom = MARGIN + ROW_H
    body = [*row.parts, _text(MARGIN, bottom, str(arrangement), size=13, fill="#4a4a4a"),
            _text(MARGIN, bottom + 18, caption, size=12, fill="#6b6b6b")]
    title = f"{caption}: {arrangement}" if caption else str(arrangement)
    return _svg(row.right, bottom + 30, title, body,
                desc=str(arrangement) if desc is None else desc)


def _knock_picture(result: HandResult, names: Sequence[str]) -> SVG:
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
    return _svg(width, y + 16, title, body, desc=str(result))




def arrangement(value: Arrangement, *, caption: str | None = None) -> SVG:
    """An arranged hand as cards: each meld framed and labelled set or run, the deadwood
    greyed with its total, and the arrangement as text underneath (and ``caption``).

    >>> import ginrules
    >>> "deadwood 10" in arrangement(ginrules.arrange("7H 8H 9H 7C 7D 7S KS"))
    True
    """
    if not isinstance(value, Arrangement):
        raise _wrong_type("svg.arrangement", "an Arrangement (see ginrules.arrange)", value)
    if caption is not None and not isinstance(caption, str):
        raise _wrong_type("svg.arrangement", "a caption (a string), or None", caption)
    return _hand_picture(value, caption if caption is not None else "")


def result(value: HandResult, *, names: Sequence[str] | None = None) -> SVG:
    """A finished hand: the knocker's melds with the defender's layoffs on them (dashed,
    yellow), the defender's melds, and both deadwood counts; ``names`` label the two rows.
    A dead hand is a line of text.

    >>> import ginrules
    >>> r, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    >>> "laid off: 9H onto 9C 9D 9S" in result(r)
    True
    """
    if not isinstance(value, HandResult):
        raise _wrong_type("svg.result", "a HandResult (state.result of a finished hand)",
                          value)
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)
                              or len(names) != 2
                              or not all(isinstance(name, str) for name in names)):
        raise _wrong_type("svg.result", "names: the two rows' labels (two strings), or None",
                          names)
    if value.kind is EndKind.DEAD or value.knocker is None:
        text = "a dead hand: nobody scores"
        return _svg(MARGIN * 2 + 8 * len(text), 2 * MARGIN + 14, text,
                    [_text(MARGIN, MARGIN + 12, text)], desc=str(value))
    if names is None:
        names = (f"player {value.knocker} knocks (deadwood {value.knocker_deadwood})",
                 f"player {1 - value.knocker} (deadwood {value.defender_deadwood} after "
                 "laying off)")
    return _knock_picture(value, names)


def view(value: View) -> SVG:
    """What one player sees: their cards arranged, the top of the discard pile and the
    cards the opponent is known to hold.

    >>> import ginrules
    >>> picture = view(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1))
    >>> "top discard TS" in picture and "player 1" in picture
    True
    """
    if not isinstance(value, View):
        raise _not_a_view("svg.view", value)
    if value.result is not None:
        return result(value.result)
    mine = arrange(value.cards)
    top = "empty" if value.top_discard is None else str(value.top_discard)
    known = " ".join(str(c) for c in value.opponent_known) or "none"
    caption = (f"player {value.player}: top discard {top}, stock {value.stock_size}, "
               f"opponent holds {value.opponent_count} (known: {known})")
    return _hand_picture(mine, caption, desc=str(value))


def hand(value: HandState) -> SVG:
    """The table of a hand seen from above: both players' cards arranged (or, once the
    hand is over, its result).

    >>> import ginrules
    >>> picture = hand(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0))
    >>> picture.count("deadwood") >= 2
    True
    """
    if not isinstance(value, HandState):
        raise _wrong_type("svg.hand", "a HandState (see ginrules.deal; for one player's view "
                          "call svg.view)", value)
    if value.result is not None:
        return result(value.result)
    rows = [arrange(value.cards(p)) for p in (0, 1)]
    body: list[str] = []
    width = 0
    y = MARGIN
    for player, arranged in enumerate(rows):
        who = f"player {player}" + (" (to play)" if value.turn == player else "")
        body.append(_text(MARGIN, y + 12, who, size=14, weight="bold"))
        row = _Row(y + 18)
        for meld in arranged.melds:
            row.meld(meld)
        row.deadwood(arranged.deadwood_cards, arranged.deadwood)
        body += row.parts
        width = max(width, row.right)
        y += ROW_H + 18
    top = "empty" if value.top_discard is None else str(value.top_discard)
    body.append(_text(MARGIN, y + 2, f"top discard {top}, stock {value.stock_size}",
                      fill="#4a4a4a"))
    return _svg(width, y + 16, f"player 0: {rows[0]}; player 1: {rows[1]}", body,
                desc=str(value))
