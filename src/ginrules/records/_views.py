"""The checks of a record of one player's view (``"view": 0`` or ``1``): that it names no
card its player could not know, and that its declared outcomes agree with everything the
player saw.

Package-internal: the validator's view checks, as a mix-in of its checker (like
_deal.py). The viewer is V and the other player, whose cards the record may write as
``??``, is H.

**What V knows of H's cards.** V sees every card H takes from the discard pile and every
card H discards; at a knock, gin or big gin (by either player) V sees H's final hand (a
:class:`~ginrules.players.View` holds the result, both arrangements); and when the stock is
drawn out, V knows H's hand as the cards V never saw. A card H discards that H did not take
in sight, H got unseen: it was dealt to H or drawn by H from the stock before that discard.
So the cards H got unseen fill H's *slots*, the ten dealt ones (time 0) and H's stock draws
(each at its action), each card in a slot earlier than its first discard. A record names a
card in a slot (``"deal"``'s hands, ``"p1 draw stock 7C"``) only if V can know it is
there: V saw the card, and in every way of placing the cards V saw into H's slots it is in
that slot (one of the dealt ones for a dealt card). The choices are nested (a card that
may go into a slot may go into every earlier one), so the cards fit the slots exactly when
the i-th earliest deadline comes after the i-th earliest slot, for every i (Hall's
condition), and a card is forced into its slot when no other early enough slot leaves the
rest fitting (:func:`_forced`, checked against every placement in tests).

**What V knows of the end.** Who ended the hand and how (a knock, big gin, a dead hand);
V's own cards and so V's deadwood (as the knocker, or with nothing laid off, exactly; as
the defender of H's knock, between what laying off onto any melds H could hold leaves and
V's own deadwood); H's deadwood within what ten cards can hold (98; or the points of the
cards V saw H keep and of the highest cards V did not see), within the knock limit when H
knocked, 0 for gin. The declared winner and points must be the score (by
:func:`ginrules.score_hand`, under the record's rules) of some ending the view allows,
with the declared deadwoods. What is checked only that far is said in the report's notes.

>>> _fits([3, 7], [0, 0, 5])  # cards discarded at actions 3 and 7 fit two dealt slots
True
>>> _fits([3, 4], [0, 5, 9])  # one dealt slot and draws at 5 and 9: only one fits
False
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any, NamedTuple

from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import Card, cards_from_mask, format_cards
from ginrules.errors import GinRulesError
from ginrules.hand import HandState, is_legal
from ginrules.knocking import EndKind, HandResult, lay_off
from ginrules.masks import _deadwood
from ginrules.melds import Meld
from ginrules.records._words import _describe_result, _is_whole, _json_value, _score_text, _who
from ginrules.records.format import _KINDS, UNKNOWN
from ginrules.rulesets import RuleSet
from ginrules.scoring import HandScore, score_hand

NEVER = 1 << 30
"""The deadline of a card H never discarded: it may have come from any slot."""

MOST_DEADWOOD = 98
"""The most deadwood ten cards can hold: 99 or more needs nine unmelded cards of ten
points, but the 16 tens and faces give at most eight without three of a rank (a set);
KS KH QS QH JC JD TC TD 9S 9H holds 98."""

_ALL = (1 << 52) - 1
_Parsed = Sequence[tuple[int, Action, str | None] | None]


# -- what the viewer can know of the other player's cards -----------------------------


def _fits(deadlines: Sequence[int], slots: Sequence[int]) -> bool:
    """Whether cards that must each sit in a slot earlier than its deadline fit into
    distinct ``slots`` (their times), the other slots taking cards with no deadline."""
    due = sorted(deadlines)
    times = sorted(slots)
    return len(due) <= len(times) and all(t < d for t, d in zip(times, due, strict=False))


def _forced(deadline: int, others: Sequence[int], slots: Sequence[int],
            group: Container[int]) -> bool:
    """Whether a card due before ``deadline`` is in one of the slots ``group`` (indices
    into ``slots``) however the cards are placed: no slot outside the group that is early
    enough for it leaves ``others`` (the other cards' deadlines) fitting the rest."""
    tried: set[int] = set()
    for i, time in enumerate(slots):
        if i in group or time >= deadline or time in tried:
            continue
        tried.add(time)  # (slots of one time take the same cards)
        if _fits(others, [*slots[:i], *slots[i + 1:]]):
            return False
    return True


def _exposure(parsed: _Parsed, end: int, hidden: int, upcard: Card | None
              ) -> tuple[list[int], dict[Card, int]]:
    """The hidden player's stock draws up to action ``end`` (their action numbers) and
    the cards it got unseen and discarded, each with the action of its first discard
    (``upcard`` None: none was turned, the pile starts empty)."""
    draws: list[int] = []
    got: dict[Card, int] = {}
    pile = [] if upcard is None else [upcard]
    held: set[Card] = set()  # cards the hidden player took from the pile and holds
    for index, item in enumerate(parsed[:end], 1):
        assert item is not None
        player, action, _ = item
        kind = action.kind
        if kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
            card = pile.pop()
            if player == hidden:
                held.add(card)
        elif action.card is not None:
            pile.append(action.card)
            if player == hidden and action.card in held:
                held.discard(action.card)
            elif player == hidden:
                got.setdefault(action.card, index)
        elif kind is ActionKind.DRAW_STOCK and player == hidden:
            draws.append(index)
    return draws, got


def _unseen_claims(dealt: Sequence[Card], drawn: Mapping[int, Card], draws: Sequence[int],
                   got: Mapping[Card, int], shown: bool, slots_dealt: int = 10
                   ) -> tuple[list[Card], list[int]]:
    """The named cards of the hidden player the viewer cannot know to be where the record
    puts them: ``dealt`` (named as dealt) and ``drawn`` (action of a stock draw: the card
    named). ``shown``: the hidden player's final hand is known to the viewer.
    ``slots_dealt``: how many cards it was dealt (eleven to the non-dealer under the
    eleven-cards opening)."""
    slots = [0] * slots_dealt + list(draws)
    named = [*dealt, *drawn.values()]
    deadline = {c: got.get(c, NEVER) for c in named}
    known = dict(got)
    if shown:
        known.update({c: NEVER for c in named if c not in got})
    bad_dealt: list[Card] = []
    bad_drawn: list[Card] = []
    for card, group, bad in [*((c, range(slots_dealt), bad_dealt) for c in dealt),
                             *((c, {slots_dealt + draws.index(i)}, bad_drawn)
                               for i, c in drawn.items())]:
        if card not in known:  # held to the end, which the viewer never saw
            bad.append(card)
            continue
        others = [d for c, d in known.items() if c != card]
        if not _forced(deadline[card], others, slots, group):
            bad.append(card)
    return bad_dealt, [i for i, c in drawn.items() if c in bad_drawn]


# -- what the viewer can know of the end ----------------------------------------------


class _Box(NamedTuple):
    """Endings a view allows: a kind, and each player's deadwood anywhere in a range
    (every pair of values in the ranges is possible as far as the view shows), with why
    each range is what it is."""

    kind: EndKind
    low: tuple[int, int]
    high: tuple[int, int]
    why: tuple[str, str]

    def allows(self, player: int, value: int) -> bool:
        return self.low[player] <= value <= self.high[player]

    def pinned(self, player: int, value: int) -> _Box:
        low, high = list(self.low), list(self.high)
        low[player] = high[player] = value
        return self._replace(low=(low[0], low[1]), high=(high[0], high[1]))


def _pair(player: int, mine: Any, other: Any) -> tuple[Any, Any]:
    """``(player 0's, player 1's)`` of ``player``'s value ``mine`` and the other's."""
    return (mine, other) if player == 0 else (other, mine)


def _layable(cards: int, possible: int) -> int:
    """The cards of ``cards`` (a defender's mask) that could be laid off onto some meld
    of a knocker who holds only cards of ``possible``: a card whose other three of its
    rank are possible (onto their set), or one next to three possible cards of its suit
    in a row, directly or through a chain of the defender's own cards (onto their run)."""
    out = 0
    for card in cards_from_mask(cards):
        rank = card.index % 13
        base = card.index - rank  # the suit's ace
        mates = sum(1 << (s * 13 + rank) for s in range(4)) & ~card.mask
        if possible & mates == mates:
            out |= card.mask
            continue
        for step in (1, -1):
            r = rank + step
            while 0 <= r < 13 and cards >> (base + r) & 1:
                r += step
            if all(0 <= x < 13 and possible >> (base + x) & 1
                   for x in (r, r + step, r + 2 * step)):
                out |= card.mask
                break
    return out


def _least_after_layoffs(cards: int, layable: int) -> int:
    """The least deadwood ``cards`` can keep when any of ``layable`` may be laid off (a
    bound under the defender's deadwood after its layoffs: at most 2**10 subsets)."""
    best = _deadwood(cards)
    subset = layable
    while subset:
        best = min(best, _deadwood(cards & ~subset))
        subset = (subset - 1) & layable
    return best


def _most_held(known: int, unknown: int, pool: int) -> int:
    """The most deadwood a hand can hold of the cards ``known`` and ``unknown`` more of
    ``pool``: their points at most (capped at :data:`MOST_DEADWOOD`)."""
    highest = sorted((c.points for c in cards_from_mask(pool)), reverse=True)[:unknown]
    return min(MOST_DEADWOOD, sum(c.points for c in cards_from_mask(known)) + sum(highest))


class _End(NamedTuple):
    """The end of a hand as the checker replayed it: who ended it and how, and the cards
    at the end (the hidden player's with stand-ins among them)."""

    rules: RuleSet
    dealer: int
    upcard: Card | None
    knock_limit: int
    viewer: int
    ender: int | None  # who knocked (None: a dead hand)
    kind: EndKind | None  # None: a knock by the hidden player (gin or a knock, unknown)
    action: Action | None  # the ending action (None: a dead hand)
    at: int  # its number in the hand
    viewer_cards: int
    hidden_cards: int
    pile: int
    stand_ins: int
    result: HandResult | None  # the replay's, when the viewer ended the hand


def end_of(state: HandState, viewer: int, stand_ins: frozenset[Card],
           unreplayed: Action | None, index: int) -> _End:
    """The end of ``state`` (over, or just before the hidden player's ``unreplayed``
    knock or big gin, action ``index``)."""
    hidden = 1 - viewer
    masks = list(state.masks)
    pile = sum(c.mask for c in state.discard_pile)
    result = None
    if unreplayed is not None:
        ender: int | None = hidden
        action: Action | None = unreplayed
        if unreplayed.card is not None:
            masks[hidden] &= ~unreplayed.card.mask
            pile |= unreplayed.card.mask
    else:
        assert state.result is not None
        ender = state.result.knocker
        action = state.actions[-1][1] if ender is not None else None
        result = state.result
    if ender is None or action is None:
        kind: EndKind | None = EndKind.DEAD
    elif action.kind is ActionKind.BIG_GIN:
        kind = EndKind.BIG_GIN
    elif ender == viewer:
        assert result is not None
        kind = result.kind
    else:
        kind = None  # the hidden player's knock: gin or a knock, as its cards are
    return _End(state.rules, state.dealer, state.upcard, state.knock_limit, viewer, ender,
                kind, action, index, masks[viewer], masks[hidden], pile,
                sum(c.mask for c in stand_ins), result if ender == viewer else None)


class _ViewChecks:
    """The view checks of the record checker; it provides ``problem`` and ``note``."""

    def note(self, text: str, hand: int | None = None) -> None:
        """Say what could not be checked: the checker's (named for the type checker)."""

    def problem(self, code: str, message: str, hand: int | None = None,
                action: int | None = None, *, expected: Any = None, declared: Any = None
                ) -> None:
        """Report a problem: the checker's (this mix-in only names it for the type checker)."""

    # the cards named ------------------------------------------------------------------

    def check_seen(self, state: HandState, parsed: _Parsed, end: int, viewer: int,
                   entry: Mapping[str, Any], named_dealt: frozenset[Card], number: int,
                   shown: bool) -> None:
        """Report the cards of the hidden player the record names that ``viewer`` cannot
        know (``named_dealt``: those named in ``"deal"``; a ``"deck"`` names them all)."""
        hidden = 1 - viewer
        cards = state.deck.cards
        draws, got = _exposure(parsed, end, hidden, state.upcard)
        deck = "deck" in entry
        # under the eleven-cards opening, card 20 is the non-dealer's eleventh
        eleven = state.upcard is None and hidden != state.dealer
        if deck:
            first = 0 if hidden != state.dealer else 1
            dealt = list(cards[first:20:2]) + ([cards[20]] if eleven else [])
        else:
            dealt = [c for c in cards[:21 if eleven else 20] if c in named_dealt]
        drawn: dict[int, Card] = {}
        count = 0
        for index, item in enumerate(parsed[:end], 1):
            assert item is not None
            player, action, named = item
            if action.kind is ActionKind.DRAW_STOCK:
                if player == hidden and (deck or named not in (None, UNKNOWN)):
                    drawn[index] = cards[21 + count]
                count += 1
        bad_dealt, bad_drawn = _unseen_claims(dealt, drawn, draws, got, shown,
                                              11 if eleven else 10)
        parts = []
        if bad_dealt:
            parts.append(f"that player {hidden} was dealt {format_cards(sorted(bad_dealt))}")
        parts += [f"that player {hidden} drew {drawn[i]} from the stock at action {i}"
                  for i in bad_drawn]
        if deck and count < 31:
            left = 31 - count
            parts.append(f"the order of the {left} stock cards never drawn" if left > 1
                         else "the stock card never drawn")
        if parts:
            how = ("gives the deal as \"deal\" and writes" if deck else "writes")
            self.problem(
                "unseen-card", f"player {viewer}, whose view this record is, cannot know "
                + "; nor ".join(parts) + f": a view {how} the cards its player does not "
                "know as ??", number)

    # the declared outcome -------------------------------------------------------------

    def boxes(self, end: _End, melds: tuple[Meld, ...] | None, number: int
              ) -> tuple[list[_Box], list[str]]:
        """The endings the view allows, and what stays unchecked (the hidden player's
        knock); the hidden player's stated melds are checked to be cards it may hold."""
        viewer, hidden = end.viewer, 1 - end.viewer
        known = end.hidden_cards & ~end.stand_ins
        unknown = (end.hidden_cards & end.stand_ins).bit_count()
        pool = _ALL & ~(end.viewer_cards | end.pile | known)
        own = _deadwood(end.viewer_cards)
        most = _most_held(known, unknown, pool)
        why_most = (f"ten cards hold at most {MOST_DEADWOOD}" if most == MOST_DEADWOOD else
                    f"player {hidden}'s ten cards hold at most {most}: the points of the "
                    f"{known.bit_count()} cards player {viewer} saw them keep and of the {unknown} "
                    f"highest cards player {viewer} did not see")
        if end.ender is None:
            return [_Box(EndKind.DEAD, _pair(viewer, own, 0), _pair(viewer, own, most),
                         _pair(viewer, "the deadwood of the cards held at the end of a dead "
                               "hand", why_most))], []
        if end.ender == viewer:
            assert end.result is not None
            mine = end.result.knocker_deadwood
            return [_Box(end.result.kind, _pair(viewer, mine, 0), _pair(viewer, mine, most),
                         _pair(viewer, "", why_most))], []
        assert end.action is not None
        what = "declare big gin" if end.action.kind is ActionKind.BIG_GIN else str(end.action)
        unchecked = [f"whether player {hidden} could {what}"]
        gin_box = _Box(EndKind.GIN, _pair(viewer, own, 0), _pair(viewer, own, 0),
                       _pair(viewer, "nothing is laid off against gin",
                             "gin leaves no deadwood"))
        if end.kind is EndKind.BIG_GIN:
            return [gin_box._replace(kind=EndKind.BIG_GIN)], unchecked
        limit = end.knock_limit
        laid = _least_after_layoffs(end.viewer_cards, _layable(end.viewer_cards, known | pool))
        knock_box = _Box(EndKind.KNOCK, _pair(viewer, laid, 1), _pair(viewer, own, limit),
                         _pair(viewer, f"what laying off onto melds player {hidden} may "
                               "hold can leave", f"a knock leaves 1 to {limit} (0 is gin)"))
        if melds is not None:
            shown = self.hidden_melds(melds, end, known | pool, number)
            if shown is None:
                return [], unchecked
            if not end.rules.auto_layout:  # the melds stated are the ones the score uses
                used = sum(m.mask for m in melds)
                if shown == 10:
                    return [gin_box], unchecked
                after = lay_off(melds, end.viewer_cards)[0].deadwood
                # the cards left out of the melds are deadwood, an unknown one 1 at least
                rest = known & ~used
                least = sum(c.points for c in cards_from_mask(rest)) \
                    + 10 - shown - rest.bit_count()
                if least > limit:
                    self.problem("illegal-action", f"cannot {end.action}: the melds given "
                                 f"leave deadwood {least} at least, over the knock limit "
                                 f"{limit}", number, end.at)
                    return [], unchecked
                stated = _Box(EndKind.KNOCK, _pair(viewer, after, least),
                              _pair(viewer, after, limit),
                              _pair(viewer, "after laying off onto the knocker's melds",
                                    f"the melds given leave at least {least} and a "
                                    f"knock at most {limit}"))
                return [stated], unchecked
            unchecked.append(f"whether player {hidden}'s knocker_melds leave more deadwood "
                             "than the best layout")
        return ([gin_box, knock_box] if limit >= 1 else [gin_box]), unchecked

    def hidden_melds(self, melds: tuple[Meld, ...], end: _End, possible: int, number: int
                     ) -> int | None:
        """How many cards the hidden knocker's stated melds show, or None (a problem
        reported) if they share a card, hold more than ten, or a card it cannot hold."""
        used = 0
        for meld in melds:
            if meld.mask & used:
                self.problem("bad-melds", f"knocker_melds: meld {meld} shares a card with "
                             "another meld", number)
                return None
            used |= meld.mask
        outside = used & ~possible
        if outside:
            card = cards_from_mask(outside)[0]
            where = ("in the discard pile" if end.pile >> card.index & 1 else
                     f"in player {end.viewer}'s hand")
            self.problem("bad-melds", f"knocker_melds: player {1 - end.viewer} cannot hold "
                         f"{card} at the end: it is {where}", number)
            return None
        if used.bit_count() > 10:
            self.problem("bad-melds", f"knocker_melds: {used.bit_count()} cards, but the "
                         "knocker shows ten", number)
            return None
        return used.bit_count()

    def check_view_outcome(self, end: _End, outcome: Any, melds: tuple[Meld, ...] | None,
                           number: int) -> None:
        """Check a declared outcome against every ending the view allows; say in a note
        what is checked only that far."""
        boxes, unchecked = self.boxes(end, melds, number)
        if isinstance(outcome, Mapping) and boxes:
            unchecked += self.check_declared(end, outcome, boxes, number)
        if unchecked:
            self.note(f"player {1 - end.viewer}'s cards are partly unknown in player "
                      f"{end.viewer}'s view; not checked exactly: " + "; ".join(unchecked),
                      number)

    def check_declared(self, end: _End, outcome: Mapping[str, Any], boxes: list[_Box],
                       number: int) -> list[str]:
        """The problems of a declared outcome against ``boxes``; returns what is checked
        only to be possible."""
        unchecked: list[str] = []
        ending = self.ending_text(end, boxes)
        kinds = {b.kind for b in boxes}
        kind = outcome.get("kind")
        if isinstance(kind, str) and kind.lower() in _KINDS:
            declared_kind = _KINDS[kind.lower()]
            if declared_kind not in kinds:
                only = next(iter(kinds)).value if len(kinds) == 1 else None
                self.problem("wrong-kind", f"the declared kind is {kind!r}, but the hand ended "
                             f"with {ending}", number, expected=only, declared=kind)
            else:
                boxes = [b for b in boxes if b.kind is declared_kind]
        if "knocker" in outcome and outcome["knocker"] != end.ender:
            who = "nobody knocked" if end.ender is None else f"player {end.ender} knocked"
            self.problem("wrong-knocker", f"the declared knocker is {outcome['knocker']!r}, "
                         f"but {who}", number, expected=end.ender,
                         declared=_json_value(outcome["knocker"]))
        dw = outcome.get("deadwood")
        if isinstance(dw, list) and len(dw) == 2 and all(_is_whole(d) for d in dw):
            order = (0, 1) if end.ender is None else (end.ender, 1 - end.ender)
            found = {}
            for p in order:
                low = min(b.low[p] for b in boxes)
                high = max(b.high[p] for b in boxes)
                if any(b.allows(p, dw[p]) for b in boxes):
                    boxes = [b.pinned(p, dw[p]) for b in boxes if b.allows(p, dw[p])]
                    if low < high:
                        unchecked.append(f"player {p}'s deadwood {dw[p]} (only that it is "
                                         f"{low} to {high})")
                    continue
                why = "; ".join(sorted({b.why[p] for b in boxes if b.why[p]}))
                role = "" if end.ender is None else \
                    " (the knocker)" if p == end.ender else " (the defender)"
                value = str(low) if low == high else f"{low} to {high} here"
                found[p] = (f"the declared deadwood of player {p}{role} is {dw[p]}, but it is "
                            f"{value}" + (f" ({why})" if why else ""),
                            low if low == high else None)
            for p in sorted(found):
                text, expected = found[p]
                self.problem("wrong-deadwood", text, number, expected=expected,
                             declared=dw[p])
        scores = _scores(end, boxes)
        winner = outcome.get("winner")
        fair_winner = winner is None or (type(winner) is int and winner in (0, 1))
        winners = sorted({w for w, _ in scores}, key=lambda w: -1 if w is None else w)
        if "winner" in outcome and fair_winner and winner not in winners:
            if len(scores) == 1:
                (result, score), = scores.values()
                why = _score_text(result, score)
            else:
                why = (" or ".join(_who(w) for w in winners) + " can score after "
                       + ending + self.ranges_text(boxes))
            self.problem("wrong-winner", f"the declared winner is {_who(winner)}, but {why}",
                         number, expected=winners[0] if len(winners) == 1 else None,
                         declared=winner)
            return unchecked
        points = outcome.get("points")
        if "points" in outcome and isinstance(points, int) and _is_whole(points) and points >= 0:
            chosen = {k: v for k, v in scores.items()
                      if "winner" not in outcome or not fair_winner or k[0] == winner}
            possible = sorted({p for _, p in chosen})
            if points not in possible:
                if len(chosen) == 1:
                    (result, score), = chosen.values()
                    why = _score_text(result, score)
                else:
                    who = " or ".join(_who(w) for w in sorted(
                        {w for w, _ in chosen}, key=lambda w: -1 if w is None else w))
                    gaps = len(possible) != possible[-1] - possible[0] + 1
                    why = (f"{who} scores {possible[0]} to {possible[-1]}"
                           + (" (not every value between)" if gaps else "")
                           + f" after {ending}{self.ranges_text(boxes)}")
                self.problem("wrong-points", f"the declared points are {points}, but {why}",
                             number, expected=possible[0] if len(possible) == 1 else None,
                             declared=points)
            elif len(possible) > 1:
                unchecked.append(f"the points {points} (only that they are possible)")
        elif "winner" in outcome and fair_winner and len(winners) > 1:
            unchecked.append(f"the winner {_who(winner)} (only that they may score)")
        return unchecked

    @staticmethod
    def ending_text(end: _End, boxes: list[_Box]) -> str:
        """The hand's end as the view shows it, for a message."""
        if end.ender is None:
            return "a dead hand"
        if end.ender == end.viewer:
            assert end.result is not None
            dw = end.result.knocker_deadwood
            return _describe_result(end.result) + (f" (deadwood {dw})" if dw else "")
        assert end.action is not None
        if end.action.kind is ActionKind.BIG_GIN:
            return f"big gin by player {end.ender}"
        if all(b.kind is EndKind.GIN for b in boxes):
            return f"gin by player {end.ender} ({end.action})"
        return f"player {end.ender}'s {end.action} (a knock, or gin if no deadwood is left)"

    @staticmethod
    def ranges_text(boxes: list[_Box]) -> str:
        """The deadwood ranges of ``boxes`` that are not one value, for a message."""
        parts = []
        for p in (0, 1):
            low = min(b.low[p] for b in boxes)
            high = max(b.high[p] for b in boxes)
            if low < high:
                parts.append(f"player {p}'s deadwood {low} to {high}")
        return f" ({', '.join(parts)})" if parts else ""


def _scores(end: _End, boxes: list[_Box]) -> dict[tuple[int | None, int],
                                                  tuple[HandResult, HandScore]]:
    """Every ``(winner, points)`` the boxes allow, each with an ending that scores it
    (priced by :func:`ginrules.score_hand`: the rules' bonuses, ties and doubling)."""
    out: dict[tuple[int | None, int], tuple[HandResult, HandScore]] = {}
    for box in boxes:
        if box.kind is EndKind.DEAD:
            result = HandResult(EndKind.DEAD, None, end.dealer, end.upcard, end.knock_limit,
                                None, None, (), 0, 0)
            out.setdefault((None, 0), (result, score_hand(result, end.rules)))
            continue
        k = end.ender
        assert k is not None
        k_low, k_high, d_low, d_high = box.low[k], box.high[k], box.low[1 - k], box.high[1 - k]
        pairs: list[tuple[int, int]]
        if box.kind is EndKind.KNOCK:  # the score follows the difference
            pairs = []
            for diff in range(d_low - k_high, d_high - k_low + 1):
                knocker = max(k_low, d_low - diff)
                pairs.append((knocker, knocker + diff))
        else:  # gin: the defender's deadwood
            pairs = [(k_low, d) for d in range(d_low, d_high + 1)]
        for knocker, defender in pairs:
            result = HandResult(box.kind, k, end.dealer, end.upcard, end.knock_limit, None,
                                None, (), knocker, defender)
            try:
                score = score_hand(result, end.rules)
            except GinRulesError:  # pragma: no cover - big gin under rules without it
                continue  # (is an illegal action, reported before)
            out.setdefault((score.player, score.points), (result, score))
    return out


def could_end(state: HandState, player: int, action: Action) -> bool:
    """Whether the hidden ``player``'s knock or big gin, illegal with the stand-ins, is
    legal in everything that does not hang on its cards: its turn to discard, the knock
    card one it may discard (held, not the card just taken), big gin offered."""
    if player != state.turn or state.phase is not Phase.DISCARD:
        return False
    if action.kind is ActionKind.BIG_GIN:
        return state.rules.big_gin_bonus is not None
    assert action.card is not None
    return is_legal(state, Action(ActionKind.DISCARD, action.card))
