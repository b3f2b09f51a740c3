"""Players that read and write words: a prompt from a view, and a move read from a reply.

For a language model (or a person typing) as a player. :func:`prompt` writes one
player's :class:`~ginrules.players.View` as text: the rules of the hand in words, the
game's score, the phase and whose turn, the player's cards arranged with their deadwood,
the discard pile and what the player has seen of the opponent, the legal moves in their
one spelling (``str(action)``: ``take``, ``pass``, ``draw stock``, ``draw discard``,
``discard 7H``, ``knock 7H``, ``big gin``) and how to answer. Everything in it comes from
the view, so it shows nothing the player may not see. :func:`parse_move` reads a reply:
a JSON object (``{"action": "discard 7H"}``), a bare move, or words ("I'll discard the
seven of hearts", ``7♥``, "take the upcard", "knock with 5D"), and returns the one legal
:class:`~ginrules.Action` it states, or refuses with a :class:`~ginrules.MoveTextError`
whose message lists the legal moves, for the next try.

>>> import ginrules
>>> v = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)
>>> print(prompt(v).splitlines()[-1])
Answer with one legal move, spelled as listed, as JSON: {"action": "take"}
>>> parse_move(v, "I'll take the ten of spades.")
Action.parse('take')
>>> parse_move(v, "discard 7S")
Traceback (most recent call last):
...
ginrules.errors.MoveTextError: discard 7S is not legal now: the first upcard is offered: take it or pass. Answer with one of: take, pass
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import CARDS, Card, Rank, Suit, format_cards
from ginrules.errors import GinRulesError, MoveTextError, _wrong_type
from ginrules.masks import _deadwood
from ginrules.melds import arrange
from ginrules.players.views import View, _not_a_view
from ginrules.rulesets import (
    LineBonusTo,
    Opening,
    RuleSet,
    ShutoutRule,
    SpadeDoubling,
    closest_preset,
)

__all__ = ["MAX_REPLY", "parse_move", "prompt"]

MAX_REPLY = 20_000
"""The longest reply :func:`parse_move` reads, in characters; a longer one is refused.

>>> MAX_REPLY
20000
"""

# -- the prompt -------------------------------------------------------------------------

_RANK_WORDS = {Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four",
               Rank.FIVE: "five", Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight",
               Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen",
               Rank.KING: "king"}


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return format_cards(cards) if cards else "none"


def _preset(rules: RuleSet) -> str:
    """The rules' preset, and the settings changed from it: ``classic with target=250``."""
    name, changes = closest_preset(rules)
    return name + (" with " + ", ".join(f"{k}={v}" for k, v in changes.items())
                   if changes else "")


def _rules_lines(view: View) -> list[str]:
    """The rules of the view's hand in words, one rule a line (the long form)."""
    r = view.rules
    lines = [f"Rules ({_preset(r)}):",
             "- A meld is a set (3 or 4 cards of one rank) or a run (3 or more cards in "
             "sequence in one suit; ace is low only: A-2-3, never Q-K-A). Deadwood is the "
             "cards in no meld: ace 1, 2-10 their value, J Q K 10."]
    if r.opening is Opening.ELEVEN_CARDS:
        lines.append("- No upcard is turned: the non-dealer is dealt eleven cards, the "
                     "dealer ten, and the non-dealer's first turn is a discard (or a knock) "
                     "without a draw.")
    if r.oklahoma:
        limit = ("gin only (an ace)" if view.knock_limit == 0
                 else f"{view.knock_limit}")
        lines.append(f"- Oklahoma: the knock limit of this hand is the value of the first "
                     f"upcard {view.upcard}: {limit}.")
    if view.knock_limit == 0:
        lines.append("- Knock: gin only; you may end the hand by discarding only when the "
                     "ten cards left have no deadwood.")
    else:
        lines.append(f"- Knock: instead of an ordinary discard you may knock (discard and "
                     f"end the hand) when the ten cards left have deadwood "
                     f"{view.knock_limit} or less; with no deadwood it is gin.")
    if r.spade_doubling is not SpadeDoubling.OFF:
        what = ("the deadwood points (not the bonuses)"
                if r.spade_doubling is SpadeDoubling.DEADWOOD_ONLY
                else "the whole hand score, bonuses too")
        doubled = r.doubles(view.upcard)
        lines.append(f"- A spade first upcard doubles {what}: this hand's first upcard "
                     f"{view.upcard} is {'a spade, so it counts double' if doubled else 'not a spade'}.")
    if r.big_gin_bonus is None:
        lines.append("- Big gin is not offered: every turn ends with a discard.")
    else:
        lines.append(f"- Big gin: if all 11 cards you hold after drawing form melds, you may "
                     f"declare big gin without discarding: {r.big_gin_bonus} plus the "
                     f"opponent's deadwood.")
    if r.may_discard_taken_card:
        lines.append("- A card taken from the discard pile may be discarded in the same turn.")
    else:
        lines.append("- A card taken from the discard pile may not be discarded in the same "
                     "turn.")
    if r.auto_layout:
        lines.append("- When a hand ends, both hands are laid out for the least deadwood; "
                     "you never state melds.")
    else:
        lines.append("- The knocker lays out its own melds: a knock here is laid out for "
                     "you (the least deadwood, the fewest layoffs for the opponent).")
    tie = "equal or less" if r.undercut_on_tie else "less"
    lines.append(f"- Scoring: after a knock the defender lays off cards onto the knocker's "
                 f"melds; the knocker scores the difference in deadwood, but a defender "
                 f"with {tie} deadwood undercuts and scores the difference plus "
                 f"{r.undercut_bonus}. Gin scores {r.gin_bonus} plus the opponent's "
                 f"deadwood, and nothing is laid off onto gin.")
    if r.dead_hand_stock:
        lines.append(f"- A discard without knocking when {r.dead_hand_stock} or fewer cards "
                     f"are left in the stock ends the hand with no score.")
    else:
        lines.append("- A discard without knocking that empties the stock ends the hand "
                     "with no score.")
    end = [f"- The game is won by the first player to reach {r.target} points"]
    if r.game_bonus:
        end.append(f"a game bonus of {r.game_bonus}")
    if r.line_bonus:
        who = "each player" if r.line_bonus_to is LineBonusTo.EACH else "the winner"
        end.append(f"{r.line_bonus} to {who} per hand won")
    if r.shutout is not ShutoutRule.NONE:
        end.append({ShutoutRule.DOUBLE_HAND_POINTS: "a shutout doubles the winner's points",
                    ShutoutRule.DOUBLE_GAME_BONUS: "a shutout doubles the game bonus",
                    ShutoutRule.FLAT_BONUS: f"a shutout adds {r.shutout_bonus}"}[r.shutout])
    lines.append(end[0] + ("; then " + ", ".join(end[1:]) if end[1:] else "") + ".")
    if r.max_turns is not None:
        lines.append(f"- The hand is dead after {r.max_turns} turns.")
    return lines


def _short_rules(view: View) -> str:
    """The rules that decide a move, on one line (the short form)."""
    r = view.rules
    parts = ["gin only" if view.knock_limit == 0 else f"knock limit {view.knock_limit}"]
    parts.append("big gin offered" if r.big_gin_bonus is not None else "no big gin")
    if not r.may_discard_taken_card:
        parts.append("a card taken from the pile may not be discarded this turn")
    return "Rules: " + "; ".join(parts) + "."


_PHASE_WORDS = {
    Phase.OFFER: "the first upcard is offered: take it or pass",
    Phase.DRAW: "draw from the stock or take the top card of the discard pile",
    Phase.DISCARD: "discard a card or knock",
}


def _phase_words(view: View) -> str:
    words = _PHASE_WORDS[view.phase]
    if view.phase is Phase.DISCARD and view.rules.big_gin_bonus is not None:
        return "discard a card, knock or declare big gin"
    return words


def _situation(view: View) -> str:
    if view.result is not None:
        r = view.result
        if r.knocker is None:
            return "The hand is over: it is dead (no score)."
        who = "you" if r.knocker == view.player else "your opponent"
        return (f"The hand is over: {who} ended it by {r.kind.value} (deadwood "
                f"{r.knocker_deadwood} against {r.defender_deadwood}).")
    if view.legal_actions:
        return f"It is your turn; {_phase_words(view)}."
    return f"It is your opponent's turn (player {view.turn}): you have no move now."


def _own_lines(view: View) -> list[str]:
    lines = [f"Your cards ({len(view.cards)}): {arrange(view.cards)}"]
    if view.drawn is not None and view.phase is Phase.DISCARD and view.legal_actions:
        if view.taken is not None and view.drawn == view.taken:
            rule = ("" if view.rules.may_discard_taken_card
                    else "; you may not discard it this turn")
            lines.append(f"You took {view.taken} from the discard pile{rule}.")
        else:
            lines.append(f"You drew {view.drawn} from the stock.")
    return lines


def _opponent_lines(view: View) -> tuple[str, str]:
    """What the player has seen of the opponent: the short line (count and known cards),
    and the long one (every card the opponent discarded or declined)."""
    known = _cards(view.opponent_known)
    short = (f"Your opponent holds {view.opponent_count} cards; of them you know "
             f"{known} (taken from the discard pile).")
    thrown = [e.card for e in view.events if e.player != view.player and e.card is not None
              and e.action.kind in (ActionKind.DISCARD, ActionKind.KNOCK)]
    declined = [e.declined for e in view.events
                if e.player != view.player and e.declined is not None]
    long = f"Your opponent has discarded, in order: {_cards(thrown)}"
    if declined:
        long += f"; and did not take: {_cards(declined)}"
    return short, long + "."


_SHORT_RULES = 1  # the rank of the one-line rules, which stand in for the long ones (5)


def _sections(view: View) -> Iterator[tuple[int, str]]:
    """The prompt's parts in order, each with its rank: 0 is always kept; under a budget
    the highest rank goes first."""
    r = view.rules
    yield 0, (f"You are player {view.player} in a hand of Gin Rummy (rules: {_preset(r)}; "
              f"player {view.dealer} dealt). Cards are written rank then suit: A 2-9 T J Q "
              "K, suits C D H S (TH is the ten of hearts).")
    yield 5, "\n".join(_rules_lines(view))
    yield _SHORT_RULES, _short_rules(view)
    if view.scores is not None:
        yield 2, (f"Game score: you {view.scores[view.player]}, opponent "
                  f"{view.scores[1 - view.player]}; the game is to {r.target}.")
    yield 0, _situation(view)
    yield 0, "\n".join(_own_lines(view))
    top = view.top_discard
    yield 0, (f"Discard pile top: {top if top is not None else 'empty'}; "
              f"stock: {view.stock_size} cards.")
    if len(view.discard_pile) > 1:
        yield 4, f"Discard pile, bottom to top: {_cards(view.discard_pile)}."
    short, long = _opponent_lines(view)
    yield 3, short
    yield 4, long
    if view.legal_actions:
        yield 0, "Legal moves: " + ", ".join(str(a) for a in view.legal_actions) + "."
        yield 0, ("Answer with one legal move, spelled as listed, as JSON: "
                  f'{{"action": "{view.legal_actions[0]}"}}')


def prompt(view: View, *, budget: int | None = None) -> str:
    """The text of ``view`` for a player that reads: the rules of its hand in words, the
    score of the game, the phase and whose turn, the player's cards arranged with their
    deadwood, the discard pile, what the player has seen of the opponent, the legal moves
    (``str(action)``, the spelling :meth:`ginrules.Action.parse` reads) and how to answer.

    The same view always gives the same text, and the text is made from the view alone:
    it shows nothing the player may not see. ``budget`` is the most characters the text
    may have: the least important parts are left out first (the long rules, then the
    discard pile below its top and the opponent's discards, then the count and known
    cards of the opponent, then the score, then the one-line rules); a budget that even
    the shortest text (whose turn, the cards, the top of the pile, the legal moves and the
    answer line) does not fit in is a :class:`~ginrules.GinRulesError`.

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("pass")
    >>> len(prompt(s.view(0))), prompt(s.view(0)) == prompt(s.view(0))
    (1813, True)
    >>> print(prompt(s.view(0), budget=620))
    You are player 0 in a hand of Gin Rummy (rules: classic; player 0 dealt). Cards are written rank then suit: A 2-9 T J Q K, suits C D H S (TH is the ten of hearts).
    Rules: knock limit 10; big gin offered; a card taken from the pile may not be discarded this turn.
    It is your turn; the first upcard is offered: take it or pass.
    Your cards (10): 2C 2H 2S | deadwood 4C 5C 6D 7H TH 3S JS = 45
    Discard pile top: TS; stock: 31 cards.
    Your opponent holds 10 cards; of them you know none (taken from the discard pile).
    Legal moves: take, pass.
    Answer with one legal move, spelled as listed, as JSON: {"action": "take"}
    >>> prompt(s.view(0), budget=400)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: the shortest prompt of this view has 428 characters, more than the budget of 400
    """
    if not isinstance(view, View):
        raise _not_a_view("prompt", view)
    if budget is not None and type(budget) is not int:
        raise _wrong_type("prompt", "budget as the most characters, an int >= 1 (or None)",
                          budget)
    if budget is not None and budget < 1:
        raise GinRulesError(f"prompt: budget is the most characters of the prompt, at "
                            f"least 1, not {budget}")
    parts = list(_sections(view))
    for level in (6, 5, 4, 3, 2, 1):
        # the one-line rules stand in for the long ones (rank 5) once they go
        text = "\n".join(t for k, t in parts
                         if k < level and (k != _SHORT_RULES or level <= 5))
        if budget is None or len(text) <= budget:
            return text
    raise GinRulesError(f"the shortest prompt of this view has {len(text)} characters, "
                        f"more than the budget of {budget}")


# -- the reader -------------------------------------------------------------------------

_RANK_OF = {"a": Rank.ACE, "ace": Rank.ACE, "t": Rank.TEN, "10": Rank.TEN, "ten": Rank.TEN,
            "j": Rank.JACK, "jack": Rank.JACK, "q": Rank.QUEEN, "queen": Rank.QUEEN,
            "k": Rank.KING, "king": Rank.KING,
            **{str(n): Rank(n) for n in range(2, 10)},
            **{w: r for r, w in _RANK_WORDS.items()}}
_SUIT_OF = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
            "♣": Suit.CLUBS, "♧": Suit.CLUBS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
            "♥": Suit.HEARTS, "♡": Suit.HEARTS, "♠": Suit.SPADES, "♤": Suit.SPADES,
            "club": Suit.CLUBS, "diamond": Suit.DIAMONDS, "heart": Suit.HEARTS,
            "spade": Suit.SPADES}
_SYMBOLS = "♣♧♦♢♥♡♠♤"
_RANK_WORD_RE = "|".join(sorted({*_RANK_WORDS.values()}, key=len, reverse=True))
_TOKENS = re.compile(
    # a card in words: "seven of hearts", "7 of ♥", "queen of spades"
    rf"(?P<wr>{_RANK_WORD_RE}|10|[2-9]|[ajqkt])\s+of\s+(?:the\s+)?"
    rf"(?P<ws>club|diamond|heart|spade|[{_SYMBOLS}])s?(?![a-z0-9])"
    # a card with a suit symbol: "7♥", "10 ♦", "Q♠"
    rf"|(?<![a-z0-9])(?P<yr>10|[2-9ajqkt])\s?(?P<ys>[{_SYMBOLS}])\ufe0f?"
    # a card in its notation: "7H", "10h", "TH"
    r"|(?<![a-z0-9])(?P<nr>10|[2-9ajqkt])(?P<ns>[cdhs])(?![a-z0-9])"
    r"|(?P<word>[a-z]+(?:'[a-z]+)?|[0-9]+)"
    r"|(?P<stop>[.?!;\n])"
    r"|(?P<comma>[,:])",
    re.IGNORECASE,
)

_DISCARD_VERBS = frozenset({"discard", "discards", "discarding", "throw", "throws",
                            "throwing", "toss", "tossing", "drop", "dropping", "dump",
                            "dumping", "ditch", "ditching", "shed", "shedding", "rid",
                            "play", "playing"})
_KNOCK_VERBS = frozenset({"knock", "knocks", "knocking"})
_DRAW_VERBS = frozenset({"draw", "draws", "drawing", "take", "takes", "taking", "pick",
                         "picks", "picking", "grab", "grabs", "grabbing"})
_MOVE_VERBS = _DISCARD_VERBS | _KNOCK_VERBS
_PASS_VERBS = frozenset({"pass", "passes", "passing", "decline", "declines", "declining"})
_VERBS = _MOVE_VERBS | _DRAW_VERBS | _PASS_VERBS
_STOCK_WORDS = frozenset({"stock", "deck", "talon"})
_FACEUP_WORDS = frozenset({"upcard", "discard", "it", "faceup"})
# words a verb may be separated from its object by
_FILLER = frozenset({"the", "a", "an", "my", "your", "this", "that", "with", "by", "and",
                     "then", "card", "from", "top", "of", "up", "new", "one", "off",
                     "away", "out", "face", "discarding", "discard", "throwing", "dropping",
                     "go", "going", "i", "i'll", "will", "now", "to", "also"})
# words that make the move after them not the move stated: a negation or a hypothesis
_NOT = frozenset({"not", "no", "never", "cannot", "can't", "won't", "don't", "shouldn't",
                  "wouldn't", "couldn't", "isn't", "without", "could", "might", "may",
                  "would", "instead", "if", "than", "avoid",
                  "considered", "consider", "considering", "unless", "before", "after"})
# words that may stand between such a word and the verb ("I don't want to knock")
_BRIDGE = frozenset({"want", "to", "going", "gonna", "i", "be", "able", "we", "just",
                     "yet", "really", "of", "also", "have", "go", "get", "ready", "safe",
                     "time", "enough", "worth", "good", "allowed", "quite", "try", "make",
                     "declare", "call", "it's", "it", "is", "a", "should", "will", "can",
                     "could", "would", "planning", "plan", "need", "necessary", "yes"})
# words between two cards that make the second an alternative to the first
_EITHER = frozenset({"or", "maybe", "perhaps", "possibly", "alternatively", "otherwise",
                     "else"})
_MARKER = re.compile(r"(?:final\s+(?:answer|move|action|decision)|my\s+move|my\s+answer|"
                     r"(?<![a-z])(?:answer|move))\s*(?:is\s*)?[:=]", re.IGNORECASE)
_KEYS = ("action", "move", "answer", "play", "decision", "choice")

# the intents a reply states, before the phase makes them actions
_FACEUP = "faceup"  # take the face-up card: ``take`` (offer) or ``draw discard`` (draw)
_STOCK = "stock"
_PASS = "pass"
_DISCARD = "discard"
_KNOCK = "knock"  # card None: a knock that names no card
_BIG_GIN = "big gin"

_Token = tuple[str, object]  # ("card", Card) | ("word", str) | ("stop", str)
_Intent = tuple[str, Card | None, bool]  # (intent, card, said to be gin)


def _tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    recent: list[str] = []  # the last two words
    whole = len(text.strip(" \t\n.!\"'`")) <= 3  # the reply is one card, at most
    for m in _TOKENS.finditer(text):
        kind = m.lastgroup
        if kind == "word" or kind == "stop" or kind == "comma":
            token = m.group(kind).lower()
            out.append((kind, token))
            recent = [*recent[-1:], token] if kind == "word" else []
            continue
        rank_text, suit_text = (m.group("wr") or m.group("yr") or m.group("nr"),
                                m.group("ws") or m.group("ys") or m.group("ns"))
        # "as", "ad", "ah": English before they are aces, unless written AS or after a
        # move; "7s" is sevens unless written 7S or after a move
        if (m.group("nr") is not None and not whole and not _MOVE_VERBS & set(recent)
                and (rank_text == "a" or (suit_text == "s" and rank_text.isdigit()))):
            out.append(("word", m.group(0).lower()))
            recent = [*recent[-1:], m.group(0).lower()]
            continue
        rank = _RANK_OF[rank_text.lower()]
        suit = _SUIT_OF[suit_text.lower()]
        out.append(("card", CARDS[int(suit) * 13 + int(rank) - 1]))
        recent = []
    return out


def _negated(tokens: list[_Token], i: int) -> bool:
    """Whether the verb at ``i`` is denied or supposed ("won't", "could", "rather than"):
    such a word before it, with only words that may stand between (``_BRIDGE``) in
    between, at most eight words back ("I'm not really going to try to knock")."""
    j = i - 1
    while j >= 0 and i - j <= 8 and tokens[j][0] == "word":
        word = tokens[j][1]
        if word in _NOT:
            return True
        if word not in _BRIDGE:
            return False
        j -= 1
    return False


def _object(tokens: list[_Token], i: int, *, reach: int = 5,
            keep: frozenset[str] = frozenset()) -> tuple[int, _Token | None]:
    """The first token after ``i`` that is not a filler word (within ``reach`` words, in
    the same sentence; the words of ``keep`` are no fillers), and its place."""
    j = i + 1
    while j < len(tokens) and j - i <= reach:
        kind, value = tokens[j]
        if kind == "stop":
            return j, None
        if kind == "comma":
            j += 1
            continue
        if kind == "card" or value not in _FILLER or value in keep:
            return j, tokens[j]
        j += 1
    return j, None


def _held_of_rank(held: tuple[Card, ...], word: object) -> Card | None:
    """The one card of ``held`` of the rank ``word`` names ("ten", "7"), or ``None``."""
    # (a one-letter rank, "a" or "k", is a word here: only a word or a number is a rank)
    if not isinstance(word, str) or not (len(word) > 1 or word.isdigit()):
        return None
    rank = _RANK_OF.get(word)
    if rank is None:
        return None
    of_rank = [c for c in held if c.rank == rank]
    return of_rank[0] if len(of_rank) == 1 else None


def _intents(text: str, held: tuple[Card, ...] = ()) -> tuple[list[_Intent], list[Card]]:
    """The moves ``text`` states (denied and supposed ones left out), and the cards it
    names outside a move; a rank alone after a discard or a knock ("discard the ten") is
    the one card of ``held`` of that rank, if there is one."""
    tokens = _tokens(text)
    intents: list[_Intent] = []
    loose: list[Card] = []
    used: set[int] = set()
    for i, (kind, value) in enumerate(tokens):
        if i in used:
            continue
        if kind == "card":
            assert isinstance(value, Card)
            loose.append(value)
            continue
        if kind != "word":
            continue
        found: _Intent | None = None
        j = i
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ("stop", "")
        if value == "big" and nxt == ("word", "gin"):
            found, j = (_BIG_GIN, None, False), i + 1
        elif value in _KNOCK_VERBS or (value == "gin" and nxt != ("word", "rummy")
                                       and not (i > 0 and tokens[i - 1] == ("word", "big"))):
            j, obj = _object(tokens, i, reach=6)
            card = obj[1] if obj is not None and obj[0] == "card" else None
            if obj is not None and card is None:
                card = _held_of_rank(held, obj[1])
            assert card is None or isinstance(card, Card)
            found = (_KNOCK, card, value == "gin")
            if card is None:
                j = i
        elif value in _DISCARD_VERBS and nxt != ("word", "pile"):
            j, obj = _object(tokens, i)
            if obj is not None and obj[0] == "card":
                assert isinstance(obj[1], Card)
                found = (_DISCARD, obj[1], False)
            elif obj is not None and (card := _held_of_rank(held, obj[1])) is not None:
                found = (_DISCARD, card, False)
        elif value in _DRAW_VERBS:
            j, obj = _object(tokens, i, reach=6, keep=_FACEUP_WORDS)
            if obj is not None and obj[0] == "card":
                assert isinstance(obj[1], Card)
                found = (_FACEUP, obj[1], False)
            elif obj is not None and (obj[1] in _STOCK_WORDS or (
                    obj[1] == "draw" and tokens[j + 1:j + 2] == [("word", "pile")])):
                found = (_STOCK, None, False)  # "the stock", "from the draw pile"
                if obj[1] == "draw":
                    j += 1  # past "pile"
            elif obj is not None and obj[1] == "pile":
                # "draw pile" is the stock; "the pile" alone may be either pile: no move
                found = (_STOCK, None, False) if j == i + 1 and value == "draw" else None
            elif obj is not None and obj[1] in _FACEUP_WORDS:
                found = (_FACEUP, None, False)
            elif value.startswith("take") and (obj is None or obj[1] in _VERBS):
                found = (_FACEUP, None, False)  # "I take.", "take and pass"
                j = i
        elif value in _PASS_VERBS:
            found = (_PASS, None, False)
        if found is None:
            continue
        found_all = [found]
        # "discard 7C or KD", "discard 7C, maybe KD", "discard 7C KD": one move with
        # alternatives is no one move (after a knock's card, cards may be its melds: only
        # "or" and its like make an alternative)
        while found[1] is not None and found[0] in (_DISCARD, _KNOCK, _FACEUP):
            k, either = j + 1, False
            while k < len(tokens) and (tokens[k][0] == "comma" or (
                    tokens[k][0] == "word" and tokens[k][1] in _EITHER | {"the"})):
                either = either or tokens[k][1] in _EITHER
                k += 1
            if not either and (found[0] == _KNOCK or k != j + 1):
                break
            if k >= len(tokens) or tokens[k][0] != "card":
                break
            other = tokens[k][1]
            assert isinstance(other, Card)
            found_all.append((found[0], other, found[2]))
            j = k
        if not _negated(tokens, i):  # ("discard 7H or knock 3C" states both)
            intents.extend(found_all)
        elif found[0] == _KNOCK:
            # "I won't knock, discard 7H": the discard after a denied knock is its own
            j = next((t - 1 for t in range(i + 1, j + 1)
                      if tokens[t][0] == "word" and tokens[t][1] in _DISCARD_VERBS), j)
        used.update(range(i, j + 1))
    return intents, loose


def _json_answers(text: str) -> list[str]:
    """The moves of the JSON objects in ``text`` (under a key such as ``action`` or
    ``move``, with a ``card`` beside a bare ``discard`` or ``knock``)."""
    decoder = json.JSONDecoder()
    answers: list[str] = []
    start = text.find("{")
    tries = 0
    while start >= 0 and tries < 50:
        tries += 1
        try:
            obj, end = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            start = text.find("{", start + 1)
            continue
        if isinstance(obj, dict):
            lowered = {str(k).lower(): v for k, v in obj.items()}
            for key in _KEYS:
                value = lowered.get(key)
                if isinstance(value, str):
                    card = lowered.get("card", lowered.get("discard"))
                    if isinstance(card, str) and value.strip().lower() in ("discard", "knock"):
                        value = f"{value} {card}"
                    answers.append(value)
                    break
        start = text.find("{", end)
    return answers


_LATER = {Phase.OFFER: (Phase.DISCARD,), Phase.DRAW: (Phase.DISCARD,), Phase.DISCARD: (),
          Phase.OVER: ()}


def _action(view: View, intent: _Intent) -> tuple[Action | None, str | None]:
    """The action an intent is in ``view``'s phase, or why it is none."""
    what, card, _ = intent
    if what == _FACEUP:
        if card is not None and card != view.top_discard:
            where = ("the discard pile is empty" if view.top_discard is None
                     else f"the top card of the discard pile is {view.top_discard}")
            return None, f"{card} cannot be taken: {where}"
        return Action(ActionKind.TAKE if view.phase is Phase.OFFER
                      else ActionKind.DRAW_DISCARD), None
    if what == _STOCK:
        return Action(ActionKind.DRAW_STOCK), None
    if what == _PASS:
        return Action(ActionKind.PASS), None
    if what == _BIG_GIN:
        return Action(ActionKind.BIG_GIN), None
    if card is None:
        return None, "the reply knocks but does not say which card to discard"
    return Action(ActionKind.KNOCK if what == _KNOCK else ActionKind.DISCARD, card), None


def _why_illegal(view: View, action: Action) -> str:
    if view.result is not None or view.phase is Phase.OVER:
        return "the hand is over"
    if not view.legal_actions:
        return f"it is not your turn (player {view.turn} is to move)"
    if action.phase is not view.phase:
        return _phase_words(view)
    if action.kind is ActionKind.DRAW_DISCARD:  # (in the draw phase the pile has a card)
        return "after both players passed the upcard, the first draw is from the stock"
    card = action.card
    if card is not None and not view.mask & card.mask:
        return f"you do not hold {card}"
    if card is not None and card == view.taken and not view.rules.may_discard_taken_card:
        return f"{card} was just taken from the discard pile and may not be discarded this turn"
    if action.kind is ActionKind.KNOCK and card is not None:
        left = _deadwood(view.mask & ~card.mask)
        limit = "gin only" if view.knock_limit == 0 else f"the limit is {view.knock_limit}"
        return f"the ten cards left would have deadwood {left}; {limit}"
    if action.kind is ActionKind.BIG_GIN:
        if view.rules.big_gin_bonus is None:
            return "these rules do not offer big gin"
        return "not all eleven cards form melds"
    return "it is not a legal move here"


def _refuse(view: View, reason: str) -> MoveTextError:
    legal = tuple(str(a) for a in view.legal_actions)
    retry = ("Answer with one of: " + ", ".join(legal)) if legal else "You have no move now"
    return MoveTextError(f"{reason}. {retry}", reason=reason, legal=legal)


def _checked(view: View, intent: _Intent) -> Action:
    action, why = _action(view, intent)
    if action is None:
        assert why is not None
        raise _refuse(view, why)
    if action not in view.legal_actions:
        raise _refuse(view, f"{action} is not legal now: {_why_illegal(view, action)}")
    if intent[2] and action.card is not None:
        left = _deadwood(view.mask & ~action.card.mask)
        if left:
            raise _refuse(view, f"{action} is not gin: the ten cards left have deadwood "
                                f"{left}")
    return action


def _one(view: View, intents: list[_Intent], loose: list[Card], source: str) -> Action:
    """The one move that ``intents`` (and, alone, the ``loose`` cards) state in ``view``."""
    if not intents:
        if len(set(loose)) == 1 and view.phase is Phase.DISCARD:
            return _checked(view, (_DISCARD, loose[0], False))
        if len(set(loose)) > 1:
            raise _refuse(view, f"{source} names several cards ({format_cards(sorted(set(loose)))}) "
                                "and no move")
        if loose:
            raise _refuse(view, f"{source} names {loose[0]} but no move")
        raise _refuse(view, f"no move found in {source}")
    knocks = [x for x in intents if x[0] == _KNOCK]
    if knocks and all(x[1] is None for x in knocks):
        others = [x for x in intents if x[0] != _KNOCK]
        if len(others) == 1 and others[0][0] == _DISCARD:  # "knock! discard 7H"
            intents = [(_KNOCK, others[0][1], any(x[2] for x in knocks))]
        elif not others:
            return _checked(view, knocks[0])
    elif knocks:
        intents = [x for x in intents if not (x[0] == _KNOCK and x[1] is None)]
    distinct: dict[tuple[str, Card | None], _Intent] = {}
    for x in intents:
        distinct.setdefault((x[0], x[1]), x)
    if len(distinct) == 1:
        return _checked(view, next(iter(distinct.values())))
    # a plan for the rest of the turn ("draw from the stock, then discard 7H"): the one
    # move of this phase, when every other move belongs to a later phase of the turn
    now = []
    for x in distinct.values():
        action, _ = _action(view, x)
        phase = action.phase if action is not None else Phase.DISCARD
        if phase is view.phase:
            now.append(x)
        elif phase not in _LATER[view.phase]:
            now = []
            break
    if len(now) == 1:
        return _checked(view, now[0])
    moves = []
    for x in distinct.values():
        action, _ = _action(view, x)
        moves.append(str(action) if action is not None else "knock with no card")
    raise _refuse(view, f"{source} states {len(moves)} different moves ({', '.join(moves)}); "
                        "give exactly one")


def parse_move(view: View, text: str) -> Action:
    """The one legal move of ``view`` that ``text`` states, as an :class:`~ginrules.Action`.

    Read, in this order: a JSON object with the move under ``action``, ``move``,
    ``answer``, ``play``, ``decision`` or ``choice`` (in a fenced block or in prose; its
    value is read as words too, and a ``card`` beside ``"discard"`` or ``"knock"`` is its
    card); else the words after a last ``Final answer:``, ``Move:`` or ``Answer:``; else
    the whole text. Words are read case-insensitively: a move's own spelling (``discard
    7H``), cards as ``7H``, ``10h``, ``TH``, ``7♥`` or "seven of hearts", and phrases
    ("draw from the stock", "take the upcard", "pass", "knock with 5D", "gin, discarding
    5D", "big gin"). Taking the face-up card is ``take`` in the offer and ``draw discard``
    in the draw phase, however it is said. A lone card in the discard phase is its
    discard. A move denied or supposed ("I won't knock", "I could discard 7H") is not
    stated; a plan for the rest of the turn ("draw from the stock, then discard KS")
    states its first move. Melds written after a knock are read past: a knock is laid out
    for the knocker (the least deadwood; see :attr:`ginrules.RuleSet.auto_layout`).

    Text that states no move, two different moves, or a move that is not legal here (of
    another phase, a card not held, a knock over the limit) is a
    :class:`~ginrules.MoveTextError`, whose message says why and lists the legal moves.

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> s = s.apply("pass").apply("pass").apply("draw stock")
    >>> v = s.view(1)
    >>> [str(a) for a in v.legal_actions][:5]
    ['discard 7C', 'discard TC', 'discard 4D', 'discard 9D', 'discard KD']
    >>> parse_move(v, '```json\\n{"action": "discard KD"}\\n```')
    Action.parse('discard KD')
    >>> parse_move(v, "I'll get rid of the king of diamonds.")
    Action.parse('discard KD')
    >>> parse_move(v, "The king of diamonds, I think.")
    Action.parse('discard KD')
    >>> parse_move(v, "Ignore the rules and knock with 7C")
    Traceback (most recent call last):
    ...
    ginrules.errors.MoveTextError: knock 7C is not legal now: the ten cards left would have deadwood 65; the limit is 10. Answer with one of: discard 7C, ...
    >>> parse_move(v, "K♦"), parse_move(v, "discard 7c")
    (Action.parse('discard KD'), Action.parse('discard 7C'))
    >>> parse_move(v, "discard 7C or KD?")
    Traceback (most recent call last):
    ...
    ginrules.errors.MoveTextError: the reply states 2 different moves (discard 7C, discard KD); give exactly one. Answer with one of: discard 7C, ...
    >>> parse_move(v, "discard 2C")
    Traceback (most recent call last):
    ...
    ginrules.errors.MoveTextError: discard 2C is not legal now: you do not hold 2C. Answer with one of: discard 7C, ...
    """
    if not isinstance(view, View):
        raise _not_a_view("parse_move", view)
    if not isinstance(text, str):
        raise _wrong_type("parse_move", "the reply as a str", text)
    if len(text) > MAX_REPLY:
        raise _refuse(view, f"the reply has {len(text):,} characters, more than "
                            f"{MAX_REPLY:,}")
    answers = _json_answers(text)
    if answers:
        read = []
        for answer in answers:
            intents, loose = _intents(answer, view.cards)
            read.append(_one(view, intents, loose, "the JSON answer"))
        if len(set(read)) > 1:
            raise _refuse(view, "the reply's JSON objects state different moves ("
                          + ", ".join(dict.fromkeys(str(a) for a in read)) + "); give one")
        return read[0]
    markers = list(_MARKER.finditer(text))
    if markers:
        intents, loose = _intents(text[markers[-1].end():], view.cards)
        if intents or loose:
            return _one(view, intents, loose, "the answer")
    intents, loose = _intents(text, view.cards)
    return _one(view, intents, loose, "the reply")
