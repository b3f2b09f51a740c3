"""Pictures of cards as SVG: a card, a meld, an arranged hand, a finished hand with its
layoffs and score, a view, the table of a hand, a game with its score sheet. Each function
returns an :class:`SVG`, a ``str`` that Jupyter shows as a picture; the values themselves
show one inline (``_repr_svg_``), as python-chess boards do. Standard library only, and
imported only when a picture is drawn.

Every picture has a ``<title>`` and a ``<desc>`` with the same facts as text, for screen
readers and for tests. Cards keep their suit colour (red or black) in every style: a
meld's cards are framed and tinted, the deadwood is drawn on grey with a grey border, a
card laid off by the defender is dashed on yellow.

>>> import ginrules
>>> from ginrules import svg
>>> picture = svg.arrangement(ginrules.arrange("7H 8H 9H 7C 7D 7S KS"))
>>> picture.startswith("<svg"), "<desc>7C 7D 7S | 7H 8H 9H | deadwood KS = 10</desc>" in picture
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrules.actions import Phase
from ginrules.cards import Card, Suit
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.game import GameState
from ginrules.hand import HandState
from ginrules.knocking import EndKind, HandResult
from ginrules.melds import Arrangement, Meld, arrange
from ginrules.players.views import View, _not_a_view
from ginrules.rulesets import RuleSet
from ginrules.scoring import score_hand
from ginrules.text import (
    _final_lines,
    _hand_parts,
    _outcome,
    game_state_repr,
    game_state_text,
    sheet_text,
)

__all__ = ["SVG", "arrangement", "card", "game", "hand", "meld", "result", "view"]


def _escape(text: str) -> str:
    """``text`` as XML character data: ``&``, ``<`` and ``>`` escaped (what
    :func:`xml.sax.saxutils.escape` does, without importing it: it imports urllib, http,
    email and ssl, which the library does not need and the web page's engine would load
    at its start).

    >>> _escape("<b> & c")
    '&lt;b&gt; &amp; c'
    """
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


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
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
MONO_W, MONO_LINE = 7.3, 16  # a character of the 12 px table font, and a line

RED, BLACK = "#c8102e", "#1a1a1a"
FRAME = {"run": "#2b6cb0", "set": "#2f855a"}
TINT = {"run": "#ebf4ff", "set": "#e9f7ef"}
DEADWOOD_FILL, DEADWOOD_LINE, DEADWOOD_LABEL = "#e6e6e6", "#8a8a8a", "#5a5a5a"
LAYOFF_FILL, LAYOFF_LINE = "#fff3c4", "#b7791f"
BACK_FILL, BACK_LINE = "#2c5282", "#1a365d"
NOTE = "#4a4a4a"


def _text(x: float, y: float, text: str, *, size: int = 13, fill: str = BLACK,
          weight: str = "normal", anchor: str = "start") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{_escape(text)}</text>')


def _card(card: Card, x: int, y: int, style: str = "plain") -> str:
    """One card: a rounded rectangle with its rank and suit symbol in the suit's colour.

    ``style`` is ``plain``, ``deadwood`` (grey card, grey border: the colour of the suit
    stays) or ``layoff`` (laid off by the defender: dashed, on yellow).
    """
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    colour = RED if red else BLACK
    fill, line, dash = "#ffffff", "#4a4a4a", ""
    if style == "deadwood":
        fill, line = DEADWOOD_FILL, DEADWOOD_LINE
    elif style == "layoff":
        fill, line, dash = LAYOFF_FILL, LAYOFF_LINE, ' stroke-dasharray="4 3"'
    rank = card.unicode[:-1]  # "10" for a ten
    cx = x + CARD_W // 2
    what = {"deadwood": " (deadwood)", "layoff": " (laid off)"}.get(style, "")
    return "\n".join([
        f'<g><title>{card}{what}</title>',
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{fill}" '
        f'stroke="{line}" stroke-width="1.2"{dash}/>',
        _text(cx, y + 27, rank, size=18, fill=colour, weight="bold", anchor="middle"),
        _text(cx, y + 51, card.suit.symbol, size=20, fill=colour, anchor="middle"),
        "</g>",
    ])


def _back(x: int, y: int, count: int) -> str:
    """The stock: a face-down card with the number of cards left on it."""
    return "\n".join([
        f"<g><title>the stock: {count} cards face down</title>",
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{BACK_FILL}" '
        f'stroke="{BACK_LINE}" stroke-width="1.2"/>',
        f'<rect x="{x + 5}" y="{y + 5}" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" '
        f'fill="none" stroke="#90cdf4" stroke-width="1"/>',
        _text(x + CARD_W // 2, y + 38, str(count), size=16, fill="#ffffff", weight="bold",
              anchor="middle"),
        "</g>",
    ])


def _space(x: int, y: int, what: str) -> str:
    """An empty place on the table (no stock, no discard pile): a dashed outline."""
    return "\n".join([
        f"<g><title>{_escape(what)}: empty</title>",
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="none" '
        f'stroke="#9a9a9a" stroke-width="1.2" stroke-dasharray="3 3"/>',
        _text(x + CARD_W // 2, y + 36, "empty", size=10, fill=NOTE, anchor="middle"),
        "</g>",
    ])


def _width(count: int) -> int:
    return count * CARD_W + max(count - 1, 0) * CARD_GAP


class _Row:
    """A row of card groups (melds, deadwood, the stock and the discard pile) drawn left
    to right."""

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

    def _advance(self, width: int, label: str) -> None:
        self.extent = max(self.extent, self.x + width, self.x - PAD + 2 + 8 * len(label))
        self.x = max(self.x + width, self.x - PAD + 2 + 8 * len(label)) + GROUP_GAP

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
        """The deadwood cards (grey, in their suit colours), labelled with their total."""
        label = f"deadwood {total}" if cards else "no deadwood: gin"
        self._label(label, DEADWOOD_LABEL)
        width = self._cards(cards, ["deadwood"] * len(cards))
        self.extent = max(self.extent, self.x + width)
        self.x += width + GROUP_GAP

    def cards(self, label: str, cards: Sequence[Card], empty: str = "") -> None:
        """Cards face up under a label (the top of the discard pile, known cards), or an
        empty place when there are none and ``empty`` names it."""
        self._label(label, NOTE)
        if cards:
            width = self._cards(cards, ["plain"] * len(cards))
        elif empty:
            self.parts.append(_space(self.x, self.y + LABEL_H + PAD, empty))
            width = CARD_W
        else:
            width = 0
        self._advance(width, label)

    def stock(self, count: int) -> None:
        """The stock, face down, with its size."""
        label = f"stock {count}"
        self._label(label, NOTE)
        top = self.y + LABEL_H + PAD
        self.parts.append(_back(self.x, top, count) if count else _space(self.x, top,
                                                                          "the stock"))
        self._advance(CARD_W, label)

    @property
    def right(self) -> int:
        return self.extent + MARGIN


class _Drawing:
    """The body of a picture and its size, to be framed by :func:`_svg` or placed inside
    a larger picture."""

    def __init__(self, body: list[str], width: int, height: int) -> None:
        self.body, self.width, self.height = body, width, height

    def at(self, y: int) -> list[str]:
        return [f'<g transform="translate(0,{y})">', *self.body, "</g>"]


def _svg(width: int, height: int, title: str, body: Sequence[str], desc: str = "") -> SVG:
    return SVG("\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" font-family="{FONT}">',
        f"<title>{_escape(title)}</title>",
        *([f"<desc>{_escape(desc)}</desc>"] if desc else []),
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        *body,
        "</svg>",
        "",
    ]))


def _player_rows(y: int, rows: Sequence[tuple[str, Arrangement]]) -> tuple[list[str], int, int]:
    """Labelled rows of arranged hands from ``y``: the parts, the width, the next ``y``."""
    body: list[str] = []
    width = 0
    for who, arranged in rows:
        body.append(_text(MARGIN, y + 12, who, size=14, weight="bold"))
        row = _Row(y + 18)
        for meld_ in arranged.melds:
            row.meld(meld_)
        row.deadwood(arranged.deadwood_cards, arranged.deadwood)
        body += row.parts
        width = max(width, row.right, MARGIN + 9 * len(who) + MARGIN)
        y += ROW_H + 18
    return body, width, y


def _table_row(y: int, stock: int, pile: Sequence[Card], phase: Phase | None,
               known: Sequence[Card] | None = None) -> tuple[list[str], int, int]:
    """The middle of the table: the stock face down, the top of the discard pile (the
    upcard while it is offered) and, in a view, the cards the opponent is known to hold."""
    row = _Row(y)
    row.stock(stock)
    if phase is Phase.OFFER and pile:
        label = "upcard"
    else:
        label = "top discard" + (f" (pile {len(pile)})" if len(pile) > 1 else "")
    row.cards(label, pile[-1:], empty="the discard pile")
    if known is not None:
        row.cards("known in the opponent's hand" + ("" if known else ": none"), known)
    return row.parts, row.right, y + ROW_H - 4


def _hand_picture(arrangement: Arrangement, caption: str, desc: str | None = None) -> SVG:
    """A hand as cards: each meld framed and labelled set or run, the deadwood greyed
    with its total, and the arrangement as text underneath."""
    row = _Row(MARGIN)
    for meld_ in arrangement.melds:
        row.meld(meld_)
    row.deadwood(arrangement.deadwood_cards, arrangement.deadwood)
    bottom = MARGIN + ROW_H
    body = [*row.parts, _text(MARGIN, bottom, str(arrangement), size=13, fill=NOTE),
            _text(MARGIN, bottom + 18, caption, size=12, fill="#6b6b6b")]
    title = f"{caption}: {arrangement}" if caption else str(arrangement)
    return _svg(row.right, bottom + 30, title, body,
                desc=str(arrangement) if desc is None else desc)


def _score_line(value: HandResult, rules: RuleSet | None, names: Sequence[str]) -> str:
    """Who scores how much for a finished hand (empty without the rules to price it)."""
    if rules is None or value.knocker is None:
        return ""
    score = score_hand(value, rules)
    if score.player is None:
        return "nobody scores: a tie"
    how = " (an undercut)" if score.undercut else ""
    who = names[score.player]
    verb = "score" if who.lower() == "you" else "scores"  # "you score", "player 1 scores"
    return f"{who} {verb} {score.points}{how}"


def _knock_drawing(result_: HandResult, labels: Sequence[str], score: str) -> _Drawing:
    """The end of a knocked hand: the knocker's melds with the defender's layoffs on them
    (dashed, yellow), the defender's melds, both deadwood counts and the score."""
    knocker, defender = result_.knocker_arrangement, result_.defender_arrangement
    assert knocker is not None and defender is not None and result_.knocker is not None
    body: list[str] = []
    width = 0
    y = MARGIN
    for who, arranged, laid in ((labels[0], knocker, True), (labels[1], defender, False)):
        body.append(_text(MARGIN, y + 12, who, size=14, weight="bold"))
        row = _Row(y + 18)
        for index, meld_ in enumerate(arranged.melds if not laid else result_.knocker_melds):
            cards = ([lay.card for lay in result_.layoffs if lay.meld_index == index]
                     if laid else [])
            row.meld(meld_, cards)
        row.deadwood(arranged.deadwood_cards, arranged.deadwood)
        body += row.parts
        width = max(width, row.right, MARGIN + 9 * len(who) + MARGIN)
        y += ROW_H + 18
    laid_text = ", ".join(str(lay) for lay in result_.layoffs) or "nothing"
    body.append(_text(MARGIN, y + 2, f"laid off: {laid_text}", fill=NOTE))
    if score:
        y += 20
        body.append(_text(MARGIN, y + 2, score, size=14, weight="bold"))
        width = max(width, MARGIN + 9 * len(score) + MARGIN)
    return _Drawing(body, width, y + 16)


def _dead_drawing(state: HandState | None, view_: View | None) -> _Drawing:
    """A dead hand: the cards each player was left with (one's own in a view), and the
    table as it stood."""
    headline = "a dead hand: nobody scores"
    body = [_text(MARGIN, MARGIN + 12, headline, size=15, weight="bold")]
    y = MARGIN + 30
    width = MARGIN * 2 + 8 * len(headline)
    if state is not None:
        rows = [(f"player {p}", arrange(state.cards(p))) for p in (0, 1)]
        stock, pile = state.stock_size, state.discard_pile
        known: Sequence[Card] | None = None
    elif view_ is not None:
        rows = [(f"player {view_.player} (you)", arrange(view_.cards))]
        stock, pile, known = view_.stock_size, view_.discard_pile, view_.opponent_known
    else:
        return _Drawing(body, width, MARGIN * 2 + 14)
    parts, row_width, y = _player_rows(y, rows)
    table, table_width, y = _table_row(y, stock, pile, None, known)
    return _Drawing([*body, *parts, *table], max(width, row_width, table_width), y + 4)


def _hand_drawing(value: HandState) -> _Drawing:
    """The table of a hand in play, seen from above."""
    rows = [(f"player {p}" + (" (to play)" if value.turn == p else ""),
             arrange(value.cards(p))) for p in (0, 1)]
    body, width, y = _player_rows(MARGIN, rows)
    table, table_width, y = _table_row(y, value.stock_size, value.discard_pile, value.phase)
    top = "empty" if value.top_discard is None else str(value.top_discard)
    body += [*table, _text(MARGIN, y + 2, f"top discard {top}, stock {value.stock_size}",
                           fill=NOTE)]
    return _Drawing(body, max(width, table_width), y + 16)


def _view_drawing(value: View) -> _Drawing:
    """What one player sees of a hand in play."""
    mine = arrange(value.cards)
    to_play = " (you, to play)" if value.turn == value.player else " (you)"
    body, width, y = _player_rows(MARGIN, [(f"player {value.player}{to_play}", mine)])
    table, table_width, y = _table_row(y, value.stock_size, value.discard_pile, value.phase,
                                       value.opponent_known)
    top = "empty" if value.top_discard is None else str(value.top_discard)
    known = " ".join(str(c) for c in value.opponent_known) or "none"
    caption = (f"player {value.player}: top discard {top}, stock {value.stock_size}, "
               f"opponent holds {value.opponent_count} (known: {known})")
    body += [*table, _text(MARGIN, y + 2, caption, size=12, fill="#6b6b6b")]
    return _Drawing(body, max(width, table_width, MARGIN * 2 + 7 * len(caption)), y + 16)


def _result_drawing(value: HandResult, names: Sequence[str] | None, rules: RuleSet | None,
                    state: HandState | None = None, view_: View | None = None) -> _Drawing:
    if value.kind is EndKind.DEAD or value.knocker is None:
        return _dead_drawing(state, view_)
    seats = ("player 0", "player 1")
    if names is None:
        how = "knocks" if value.kind is EndKind.KNOCK else f"goes {value.kind.value}"
        labels: Sequence[str] = (
            f"player {value.knocker} {how} (deadwood {value.knocker_deadwood})",
            f"player {1 - value.knocker} (deadwood {value.defender_deadwood} after "
            "laying off)")
    else:
        labels = names
    return _knock_drawing(value, labels, _score_line(value, rules, seats))


def _result_title(value: HandResult, names: Sequence[str] | None = None) -> str:
    """The title of a finished hand's picture: both arrangements, each after its row's
    label (``names``) or its seat."""
    if value.knocker is None:
        return "a dead hand: nobody scores"
    assert value.knocker_arrangement is not None and value.defender_arrangement is not None
    first, second = names or (f"player {value.knocker}", f"player {1 - value.knocker}")
    return f"{first}: {value.knocker_arrangement}; {second}: {value.defender_arrangement}"


def _result_desc(value: HandResult, rules: RuleSet | None) -> str:
    score = _score_line(value, rules, ("player 0", "player 1"))
    return str(value) + (f"\n{score}" if score else "")


def _sheet_drawing(game_: GameState, rows_shown: int = 12) -> _Drawing:
    """The score sheet as a table in a fixed-width font: the hands (the last
    ``rows_shown`` of them), the notes, the final scores and the outcome."""
    names = ("player 0", "player 1")
    head, rows, notes = _hand_parts(game_.sheet, names, game_.results)
    if len(rows) > rows_shown:
        rows = [f"... {len(rows) - rows_shown} earlier lines", *rows[-rows_shown:]]
    final = _final_lines(game_.sheet, names)
    title = game_state_repr(game_)[1:-1].replace("GameState ", "", 1)
    body = [_text(MARGIN, MARGIN + 12, title, size=14, weight="bold")]
    y = MARGIN + 24
    widest = len(title) * 8
    lines: list[tuple[str, str]] = [*((line, "head") for line in head),
                                    *((line, "row") for line in rows),
                                    *((line, "note") for line in notes)]
    if final:
        lines += [("", "row"), *((line, "final") for line in final)]
    lines.append((_outcome(game_.sheet, names), "outcome"))
    for line, kind in lines:
        y += MONO_LINE
        if not line:
            continue
        weight = "bold" if kind in ("head", "outcome") or line.startswith("final score") \
            else "normal"
        fill = NOTE if kind == "note" else BLACK
        body.append(f'<text x="{MARGIN}" y="{y}" font-family="{MONO}" font-size="12" '
                    f'font-weight="{weight}" fill="{fill}" xml:space="preserve">'
                    f"{_escape(line)}</text>")
        widest = max(widest, round(len(line) * MONO_W))
        if kind == "head" and line is head[-1]:
            body.append(f'<line x1="{MARGIN}" y1="{y + 4}" x2="{MARGIN + round(len(line) * MONO_W)}" '
                        f'y2="{y + 4}" stroke="#9a9a9a" stroke-width="1"/>')
    return _Drawing(body, widest + 2 * MARGIN, y + 10)


# -- the public pictures ----------------------------------------------------------------


def card(value: Card) -> SVG:
    """One card, in its suit's colour (``_repr_svg_`` of a :class:`~ginrules.Card`).

    >>> import ginrules
    >>> picture = card(ginrules.Card.parse("TH"))
    >>> "<title>TH</title>" in picture, ">10</text>" in picture, 'fill="#c8102e"' in picture
    (True, True, True)
    """
    if not isinstance(value, Card):
        raise _wrong_type("svg.card", "a Card (see ginrules.parse_card)", value)
    size = 4
    return _svg(CARD_W + 2 * size, CARD_H + 2 * size, str(value),
                [_card(value, size, size)], desc=f"{value} ({value.unicode})")


def meld(value: Meld) -> SVG:
    """A meld framed and labelled set or run (``_repr_svg_`` of a
    :class:`~ginrules.Meld`).

    >>> import ginrules
    >>> picture = meld(ginrules.Meld.of("7H 8H 9H"))
    >>> ">run</text>" in picture, "<desc>run 7H 8H 9H (24 points)</desc>" in picture
    (True, True)
    """
    if not isinstance(value, Meld):
        raise _wrong_type("svg.meld", "a Meld (see ginrules.Meld.of)", value)
    row = _Row(MARGIN // 2)
    row.meld(value)
    text = f"{value.kind.value} {value} ({value.points} points)"
    return _svg(row.right - MARGIN // 2, MARGIN + LABEL_H + CARD_H + 2 * PAD, text,
                row.parts, desc=text)


def arrangement(value: Arrangement, *, caption: str | None = None) -> SVG:
    """An arranged hand as cards: each meld framed and labelled set or run, the deadwood
    on grey with its total, and the arrangement as text underneath (and ``caption``).

    >>> import ginrules
    >>> "deadwood 10" in arrangement(ginrules.arrange("7H 8H 9H 7C 7D 7S KS"))
    True
    """
    if not isinstance(value, Arrangement):
        raise _wrong_type("svg.arrangement", "an Arrangement (see ginrules.arrange)", value)
    if caption is not None and not isinstance(caption, str):
        raise _wrong_type("svg.arrangement", "a caption (a string), or None", caption)
    return _hand_picture(value, caption if caption is not None else "")


def result(value: HandResult, *, names: Sequence[str] | None = None,
           rules: RuleSet | None = None) -> SVG:
    """A finished hand: the knocker's melds with the defender's layoffs on them (dashed,
    yellow), the defender's melds, and both deadwood counts; ``names`` label the two
    rows. With ``rules`` the hand is priced, and the picture says who scores how much
    (the picture of a finished hand or view does: they know their rules). A dead hand
    alone has no cards to draw (the picture of its state or view draws the hands).

    >>> import ginrules
    >>> r, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    >>> "laid off: 9H onto 9C 9D 9S" in result(r)
    True
    >>> ">player 0 scores 16</text>" in result(r, rules=ginrules.rules("classic"))
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
    if rules is not None and not isinstance(rules, RuleSet):
        raise _wrong_type("svg.result", "rules: a RuleSet (see ginrules.rules), or None",
                          rules)
    drawing = _result_drawing(value, names, rules)
    return _svg(drawing.width, drawing.height, _result_title(value, names), drawing.body,
                desc=_result_desc(value, rules))


def view(value: View) -> SVG:
    """What one player sees: their cards arranged, the stock, the top of the discard
    pile (the upcard while it is offered) and the cards the opponent is known to hold;
    once the hand is over, its result and score (a dead hand: the player's own cards).

    >>> import ginrules
    >>> picture = view(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1))
    >>> "top discard TS" in picture and "player 1" in picture and ">upcard</text>" in picture
    True
    """
    if not isinstance(value, View):
        raise _not_a_view("svg.view", value)
    if value.result is not None:
        drawing = _result_drawing(value.result, None, value.rules, view_=value)
        return _svg(drawing.width, drawing.height, f"player {value.player}'s view: over",
                    drawing.body, desc=_result_desc(value.result, value.rules))
    drawing = _view_drawing(value)
    return _svg(drawing.width, drawing.height, f"player {value.player}'s view: "
                f"{arrange(value.cards)}", drawing.body, desc=str(value))


def hand(value: HandState) -> SVG:
    """The table of a hand seen from above: both players' cards arranged, the stock and
    the top of the discard pile (the upcard while it is offered); once the hand is over,
    its result and score (a dead hand: both players' cards as they were left).

    >>> import ginrules
    >>> picture = hand(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0))
    >>> picture.count("deadwood") >= 2, "<title>the stock: 31 cards face down</title>" in picture
    (True, True)
    """
    if not isinstance(value, HandState):
        raise _wrong_type("svg.hand", "a HandState (see ginrules.deal; for one player's view "
                          "call svg.view)", value)
    if value.result is not None:
        drawing = _result_drawing(value.result, None, value.rules, state=value)
        return _svg(drawing.width, drawing.height, _result_title(value.result), drawing.body,
                    desc=_result_desc(value.result, value.rules))
    drawing = _hand_drawing(value)
    rows = [arrange(value.cards(p)) for p in (0, 1)]
    return _svg(drawing.width, drawing.height, f"player 0: {rows[0]}; player 1: {rows[1]}",
                drawing.body, desc=str(value))


def game(value: GameState, *, player: int | None = None) -> SVG:
    """A game: its score sheet (the table of :func:`ginrules.text.sheet_text`: the last
    hands, the running totals, the final scores once it is over) above the hand in play,
    seen from above, or with ``player`` as that seat sees it (``_repr_svg_`` of a
    :class:`~ginrules.game.GameState`, from above). Between hands, and at the end, the
    last finished hand is drawn with its score.

    >>> import ginrules
    >>> g = ginrules.new_game(ginrules.rules("classic"), seed=3)
    >>> picture = game(g)
    >>> "no hand is finished yet" in picture, picture.count("(to play)")
    (True, 1)
    >>> "player 1 (you, to play)" in game(g, player=1)
    True
    """
    if not isinstance(value, GameState):
        raise _wrong_type("svg.game", "a GameState (see ginrules.new_game)", value)
    if player is not None:
        if type(player) is not int:
            raise _wrong_type("svg.game", "a player (0 or 1), or None", player)
        if player not in (0, 1):
            raise GinRulesError(f"there is no player {player!r}: players are 0 and 1")
    sheet = _sheet_drawing(value)
    if value.hand is not None:
        below = (_view_drawing(value.view(player)) if player is not None
                 else _hand_drawing(value.hand))
    elif value.finished:
        last = value.finished[-1]
        assert last.result is not None
        if player is not None:
            from ginrules.players.views import view as view_of  # the seat's view of it

            seen = view_of(last, player)
            below = _result_drawing(last.result, None, value.rules, view_=seen)
        else:
            below = _result_drawing(last.result, None, value.rules, state=last)
    else:
        below = _Drawing([], 0, 0)
    desc = game_state_text(value, player) + "\n" + sheet_text(value)
    return _svg(max(sheet.width, below.width), sheet.height + below.height,
                game_state_repr(value)[1:-1], [*sheet.body, *below.at(sheet.height)],
                desc=desc)
