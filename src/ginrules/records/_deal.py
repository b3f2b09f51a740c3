"""Reading a record's deal: a whole deck, or both hands and the upcard with the stock
draws named (and, in a record of one player's view, the other player's cards unknown).

Package-internal: the validator's checks of a deal, as a mix-in of its checker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ginrules.actions import Action, ActionKind
from ginrules.cards import _CARD_BY_TEXT, CARDS, Card, Deck, _is_deck, parse_card
from ginrules.errors import CardNotationError
from ginrules.records.format import _DEAL_KEYS, UNKNOWN, _written_as


class _DealChecks:
    """The deal checks of the record checker; it provides ``problem`` and ``notes``."""

    notes: list[str]
    stand_ins: frozenset[Card]  # the made-up cards of the last deal read
    hidden_named: frozenset[Card]  # the cards a view record names as dealt to the other player
    # whether the stand-ins are the only cards they can be (every unknown card of the
    # hidden player's, the stock drawn out): the hidden player's hand is then a fact
    determined: bool

    def problem(self, code: str, message: str, hand: int | None = None,
                action: int | None = None, *, expected: Any = None, declared: Any = None
                ) -> None:
        """Report a problem: the checker's (this mix-in only names it for the type checker)."""

    def card(self, text: Any, number: int, where: str, *, unknown_ok: bool = False
             ) -> Card | str | None:
        if unknown_ok and text == UNKNOWN:
            return UNKNOWN
        if isinstance(text, Card):
            return text
        try:
            card = parse_card(text)
        except CardNotationError as error:
            self.problem("bad-card", f"{where}: {error}", number)
            return None
        if not _written_as("card", text):  # read, but not as the format writes a card
            self.problem("bad-card", f"{where}: bad card {text!r}: a card is its rank and "
                         "suit alone, like 7H, 10h or 7♥ (nothing before or after)", number)
            return None
        return card

    def cards(self, text: Any, number: int, where: str, *, unknown_ok: bool = False
              ) -> list[Card | str] | None:
        if isinstance(text, str):
            tokens: list[Any] = text.replace(",", " ").split()
            known = [_CARD_BY_TEXT.get(token) for token in tokens]
            if all(known):  # every token a card: the usual case, read at C speed
                return known  # type: ignore[return-value]
        elif isinstance(text, list):
            tokens = text
        else:
            self.problem("bad-card", f"{where} must be a string of cards or a list of cards", number)
            return None
        out: list[Card | str] = []
        ok = True
        for token in tokens:
            card = self.card(token, number, where, unknown_ok=unknown_ok)
            if card is None:
                ok = False
            else:
                out.append(card)
        return out if ok else None

    def read_deal(
        self, entry: Mapping[str, Any], number: int,
        parsed: list[tuple[int, Action, str | None] | None], view: int | None, dealer: int,
        eleven: bool = False,
    ) -> tuple[Deck | None, bool]:
        """The deck of a hand's ``"deck"`` or ``"deal"`` (``eleven``: under the
        eleven-cards opening, which deals the non-dealer eleven cards and turns no
        upcard), and whether cards unknown to a view were filled in."""
        if "deck" in entry and "deal" in entry:
            self.problem("bad-deal", "give either \"deck\" or \"deal\", not both", number)
            return None, False
        if "deck" in entry:
            cards = self.cards(entry["deck"], number, "deck")
            if cards is None:
                return None, False
            if not self.complete_deck(cards, number, "the deck"):
                return None, False
            return Deck(tuple(cards)), False  # (a complete deck is 52 Card values)
        if "deal" not in entry:
            self.problem("bad-deal", "the deal is missing: give \"deck\" (52 cards) or \"deal\" "
                         + ("(both hands: the non-dealer's eleven cards, the dealer's ten)"
                            if eleven else "(both hands and the upcard)"), number)
            return None, False
        return self.deck_from_hands(entry["deal"], number, parsed, view, dealer, eleven)

    def complete_deck(self, cards: Sequence[Card | str], number: int, what: str) -> bool:
        """Whether ``cards`` are the 52 cards once each; if not, False, with the cards
        given twice and the count reported (52 cards that are not a deck have a card twice
        and one missing, so the count is always wrong or a card missing)."""
        if _is_deck(cards):
            return True
        seen: set[Card | str] = set()
        for card in cards:
            if card in seen:
                self.problem("bad-deal", f"{what} has {card} twice", number)
            seen.add(card)
        missing = [c for c in CARDS if c not in seen]
        self.problem("bad-deal", f"{what} has {len(cards)} cards, not the 52 cards once each"
                     + (f"; missing {' '.join(map(str, missing))}" if missing else ""), number)
        return False

    def deck_from_hands(
        self, spec: Any, number: int,
        parsed: list[tuple[int, Action, str | None] | None], view: int | None, dealer: int,
        eleven: bool = False,
    ) -> tuple[Deck | None, bool]:
        if not isinstance(spec, Mapping) or not isinstance(spec.get("hands"), list) \
                or len(spec["hands"]) != 2:
            self.problem("bad-deal", "\"deal\" must be {\"hands\": [player 0's cards, player 1's cards]"
                         + ("} (no upcard under the eleven-cards opening)" if eleven
                            else ", \"upcard\": CARD}"), number)
            return None, False
        unknown = sorted((k for k in spec if not isinstance(k, str) or k not in _DEAL_KEYS),
                         key=repr)
        for key in unknown:
            self.problem("unknown-field", f"deal: unknown field {key!r} (the fields are "
                         f"{', '.join(sorted(_DEAL_KEYS))})", number)
        if unknown:
            return None, False
        if eleven and spec.get("upcard") is not None:  # (first: a deal of the other opening)
            self.problem("bad-deal", "these rules turn no upcard (the eleven-cards "
                         "opening: the non-dealer is dealt eleven cards): give no "
                         "\"upcard\"", number)
            return None, False
        dealer_hands: list[list[Card | str]] = []
        ok = True
        for player in (0, 1):
            cards = self.cards(spec["hands"][player], number, f"player {player}'s hand",
                               unknown_ok=view is not None and player != view)
            size = 11 if eleven and player != dealer else 10
            if cards is None:
                ok = False
                cards = []
            elif len(cards) != size:
                why = ""
                if eleven:
                    who = "the non-dealer" if player != dealer else "the dealer"
                    why = (f" ({who}'s: the eleven-cards opening deals the non-dealer eleven "
                           "cards, the dealer ten)")
                self.problem("bad-deal", f"player {player}'s hand has {len(cards)} cards, "
                             f"not {size}{why}", number)
                ok = False
            dealer_hands.append(cards)
        up: Card | str | None = None
        if eleven:
            if not ok:
                return None, False
        else:
            up = self.card(spec.get("upcard"), number, "the upcard")
            if up is None or not ok:
                return None, False
            assert isinstance(up, Card)
        # where each known card is, to name duplicates precisely
        place: dict[Card, str] = {}
        for player in (0, 1):
            for card in dealer_hands[player]:
                if isinstance(card, Card):
                    if card in place:
                        self.problem("bad-deal", f"{card} is dealt twice ({place[card]} and player "
                                     f"{player}'s hand)", number)
                        ok = False
                    place[card] = f"player {player}'s hand"
        if isinstance(up, Card):
            if up in place:
                self.problem("bad-deal", f"{up} is dealt twice ({place[up]} and the upcard)",
                             number)
                ok = False
            place[up] = "the upcard"
        draws: list[Card | str] = []
        ended = False  # a knock or big gin ended the hand: the replay says what follows
        for index, item in enumerate(parsed, 1):
            if item is not None and item[1].kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
                ended = True
            if item is None or item[1].kind is not ActionKind.DRAW_STOCK:
                continue
            player, _, named = item
            if named is None and ended:
                continue  # never drawn: the hand was over, and the replay says so
            if named is None:
                self.problem("bad-action", "a stock draw must name the card drawn (like \"p0 draw stock "
                             "5C\") in a record that gives the hands rather than the deck",
                             number, index)
                ok = False
                continue
            if named == UNKNOWN:
                if view is None or player == view:
                    self.problem("unknown-card", f"player {player}'s stock draw is unknown (\"??\"), which "
                                 "only a record of the other player's view may write",
                                 number, index)
                    ok = False
                draws.append(UNKNOWN)
                continue
            card = parse_card(named)
            if card in place:
                self.problem("wrong-card", f"the record says player {player} drew {card} from the stock, "
                             f"but {card} is already in {place[card]}", number, index)
                ok = False
            place[card] = f"the stock (drawn at action {index})"
            draws.append(card)
        if len(draws) > 31:
            self.problem("bad-deal", f"{len(draws)} cards are drawn from a stock of 31", number)
            ok = False
        if not ok:
            return None, False
        filled = False
        hidden = None if view is None else 1 - view
        if hidden is not None:
            self.hidden_named = frozenset(c for c in dealer_hands[hidden] if isinstance(c, Card))
        if hidden is not None and (any(c == UNKNOWN for c in dealer_hands[hidden])
                                   or UNKNOWN in draws):
            filled = True
            if not self.fill_unknown(dealer_hands, draws, parsed, hidden, place, number):
                return None, False
        rest = [c for c in CARDS if c not in place and c not in draws
                and c not in dealer_hands[0] and c not in dealer_hands[1]]
        nd = 1 - dealer
        first, second = dealer_hands[nd], dealer_hands[1 - nd]
        order: list[Card] = []
        for i in range(10):
            order += [first[i], second[i]]  # type: ignore[list-item]
        # card 20: the upcard, or the non-dealer's eleventh card (eleven-cards opening)
        order.append(first[10] if eleven else up)  # type: ignore[arg-type]
        order += draws  # type: ignore[arg-type]
        order += rest
        return Deck(tuple(order)), filled

    def fill_unknown(
        self, hands: list[list[Card | str]], draws: list[Card | str],
        parsed: list[tuple[int, Action, str | None] | None], hidden: int,
        place: dict[Card, str], number: int,
    ) -> bool:
        """Fill the hidden player's unknown cards: first with the cards they later
        discard that nobody saw them get, then with unseen cards in canonical order.
        False (a problem reported, some cards left unknown) if a discard can be none of
        them."""
        slots: list[tuple[int, str, int]] = []  # (time, where, position)
        for pos, card in enumerate(hands[hidden]):
            if card == UNKNOWN:
                slots.append((0, "hand", pos))
        draw_no = 0
        for index, item in enumerate(parsed, 1):
            if item is None:
                continue
            if item[1].kind is ActionKind.DRAW_STOCK:
                if draw_no < len(draws) and draws[draw_no] == UNKNOWN:
                    slots.append((index, "draw", draw_no))
                draw_no += 1
        seen_discarded: set[Card] = set()
        assigned: set[Card] = set()
        for index, item in enumerate(parsed, 1):
            if item is None:
                continue
            player, action, _ = item
            dropped = action.card
            if dropped is None:
                continue
            if player == hidden and dropped not in place and dropped not in seen_discarded \
                    and dropped not in assigned:
                free = [s for s in slots if s[0] < index]
                if not free:
                    self.problem("wrong-card", f"player {hidden} discards {dropped}, but no card of theirs "
                                 "that the record leaves unknown can be it", number, index)
                    return False
                slot = free[0]
                slots.remove(slot)
                (hands[hidden] if slot[1] == "hand" else draws)[slot[2]] = dropped
                assigned.add(dropped)
            seen_discarded.add(dropped)
        known = set(place) | assigned
        spare = [c for c in CARDS if c not in known]
        for (_, where, pos), card in zip(slots, spare, strict=False):
            (hands[hidden] if where == "hand" else draws)[pos] = card
        self.stand_ins = frozenset(spare[:len(slots)])
        self.determined = not slots or len(spare) == len(slots)
        return True
