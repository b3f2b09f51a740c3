"""``simple`` is the EAAI challenge's baseline (the Java ``SimpleGinRummyPlayer``) exactly:
it takes a face-up card whenever the card is in some meld of its hand with that card, and
never repeats a (card drawn, card discarded) pair within a hand. The decisions pinned
here are the ones where ginrules' earlier rule (take only a card that lowers the
deadwood; no memory of pairs) and the baseline's differ."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import CARDS, Action, ActionKind, Card, Deck, HandState, Phase, parse_cards
from ginrules import hand as h
from ginrules.players import BasicPlayer, SimplePlayer, View, view
from ginrules.players.computer import (
    _baseline_discards,
    _draw_discard_pairs,
    _in_a_meld,
    _makes_meld,
)


def deal(non_dealer: str, dealer: str, upcard: str, stock: str = "",
         actions: tuple[str, ...] = ()) -> HandState:
    """A hand under the ``eaai`` rules dealt by player 0 (the non-dealer is player 1) from
    a deck that gives these hands, this upcard and these first stock cards."""
    a, b = parse_cards(non_dealer), parse_cards(dealer)
    first = [*parse_cards(upcard), *parse_cards(stock)]
    used = {*a, *b, *first}
    rest = [c for c in CARDS if c not in used]
    order = [card for pair in zip(a, b, strict=True) for card in pair]
    state = h.deal(ginrules.rules("eaai"), deck=Deck((*order, *first, *rest)), dealer=0)
    for action in actions:
        state = h.apply(state, action)
    return state


# Player 1 holds the run 5S 6S 7S and 6H. 6D is in a meld with them (6S 6H 6D), but
# every arrangement with 6D leaves 12 of 5S 7S 6H 6D, as much as 6H and 6D unmelded:
# 6D lowers no deadwood (the earlier test said no), and the baseline takes it.
SIXES = "5S 6S 7S 6H 2C 9C KC 3D JD AH"
OTHER = "8C TC QC 2H 4H 8H TH QH 4S 9S"


def test_takes_a_face_up_card_in_a_meld_that_lowers_no_deadwood() -> None:
    state = deal(SIXES, OTHER, "6D")
    v = view(state, 1)
    six = Card.parse("6D")
    assert _in_a_meld(v.mask, six) and not _makes_meld(v.mask, six)
    assert ginrules.deadwood_of_mask(v.mask | six.mask) == ginrules.deadwood_of_mask(v.mask) + 6
    # the first upcard offer
    assert {SimplePlayer(seed=s).choose(v) for s in range(8)} == {Action.parse("take")}
    assert BasicPlayer().choose(v) == Action.parse("pass")  # basic keeps its own test
    # then it throws a card leaving the least deadwood (KC or JD), never 6D
    taken = h.apply(state, "take")
    assert {SimplePlayer(seed=s).choose(view(taken, 1)) for s in range(8)} == {
        Action.parse("discard KC"), Action.parse("discard JD")}


def test_draws_a_top_discard_in_a_meld_that_lowers_no_deadwood() -> None:
    # both pass 5C; player 1 draws JS and throws KC, player 0 draws 6D from the stock and
    # throws it: player 1 draws it from the discard pile, basic from the stock
    state = deal(SIXES, OTHER, "5C", stock="JS 6D",
                 actions=("pass", "pass", "draw stock", "discard KC", "draw stock",
                          "discard 6D"))
    v = view(state, 1)
    assert v.phase is Phase.DRAW and v.top_discard == Card.parse("6D")
    assert SimplePlayer().choose(v) == Action.parse("draw discard")
    assert BasicPlayer().choose(v) == Action.parse("draw stock")


def test_a_face_up_card_in_no_meld_is_not_taken() -> None:
    # 8D melds with none of player 1's cards (7S and 8C are of other suits)
    v = view(deal(SIXES, OTHER, "8D"), 1)
    assert not _in_a_meld(v.mask, Card.parse("8D"))
    assert SimplePlayer().choose(v) == Action.parse("pass")


# A hand of two baselines (ginrules' ``simple`` with seeds 2615 and 2616, deal seed 2615):
# player 1 drew 5S from the discard pile and threw 5H; player 0 took 5H and threw it back;
# player 1 takes 5H again (5D 5H 5S). Throwing 5S would leave the least deadwood, but
# (5S drawn, 5H thrown) was done: the baseline throws 4C or 7D instead.
LOOP_DECK = ("AC TC 8S KH 6D JC TD 4C 3C JS 7H 5H 4D 2H 5S AS 4H 9S 5C 7D 3D 3H 5D QC 9C "
             "9H 7C JH TS 7S QH 8C KS 6S JD 4S 2S 9D 6C 6H AH KD 2D 8H 2C QD AD 3S TH KC "
             "8D QS")
LOOP = ("pass", "pass", "draw stock", "discard TD", "draw stock", "discard TC", "draw stock",
        "discard QC", "draw stock", "discard JS", "draw stock", "discard 9H", "draw discard",
        "discard KH", "draw stock", "discard 8S", "draw stock", "discard JH", "draw stock",
        "discard TS", "draw stock", "discard JC", "draw stock", "discard QH", "draw stock",
        "discard 8C", "draw stock", "discard KS", "draw stock", "discard 7S", "draw discard",
        "discard 6D", "draw discard", "discard 6S", "draw discard", "discard 5S",
        "draw discard", "discard 5H", "draw discard", "discard 6S", "draw stock",
        "discard JD", "draw stock", "discard 5H", "draw discard")


def test_never_repeats_a_drawn_and_discarded_pair() -> None:
    state = h.deal(ginrules.rules("eaai"), deck=Deck(parse_cards(LOOP_DECK)), dealer=1)
    for action in LOOP:
        state = h.apply(state, action)
    v = view(state, 1)
    five_h, five_s = Card.parse("5H"), Card.parse("5S")
    assert v.taken == five_h and five_h.mask | five_s.mask in _draw_discard_pairs(v)
    # without the rule, 5S alone leaves the least deadwood
    assert _baseline_discards(v.mask, v.drawn, v.taken, set()) == [five_s.index]
    chosen = {SimplePlayer(seed=s).choose(v) for s in range(16)}
    assert chosen == {Action.parse("discard 4C"), Action.parse("discard 7D")}


def test_the_pairs_are_unordered_and_dropped_when_they_exclude_everything() -> None:
    # the baseline records a pair as the set of its two cards: (KD drawn, KC thrown)
    # also forbids (KC drawn, KD thrown)
    mask = ginrules.cards_to_mask("2C 3C 4C 9D 9H 5S 6S 7S KC KD QS")
    kc, kd, qs = Card.parse("KC"), Card.parse("KD"), Card.parse("QS")
    assert _baseline_discards(mask, kc, kc, {kd.mask | kc.mask}) == [qs.index]
    # every card but the one taken excluded (the Java player would fail): the pair rule
    # is dropped for that discard, the card taken is still never thrown
    every = {kc.mask | card.mask for card in ginrules.cards_from_mask(mask)}
    assert _baseline_discards(mask, kc, kc, every) == [kd.index, qs.index]


class Echo:
    """Takes every face-up card it may and throws each back on its next turn: the
    opponent that returns the baseline's discards to it most often."""

    def choose(self, v: View) -> Action:
        actions = v.legal_actions
        if v.phase is not Phase.DISCARD:
            return actions[0] if v.phase is Phase.OFFER else actions[-1]
        took = [e.card for e in v.events if e.player == v.player
                and e.action.kind in (ActionKind.TAKE, ActionKind.DRAW_DISCARD)]
        for card in reversed(took):
            if card != v.taken and card in v.cards:
                return Action(ActionKind.DISCARD, card)
        return SimplePlayer().choose(v)


def _pairs_in_order(state: HandState, player: int) -> list[tuple[Card, Card, bool]]:
    """Each (card drawn, card discarded, drawn from the stock) of ``player``'s turns,
    read from the state's deck and history (not from the view the player decides by)."""
    out = []
    pile = [state.upcard]
    stock = iter(state.deck.cards[21:])
    drawn, from_stock = None, False
    for who, action in state.actions:
        kind = action.kind
        if kind is ActionKind.DRAW_STOCK:
            drawn, from_stock = next(stock), True
        elif kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
            drawn, from_stock = pile.pop(), False
        elif action.card is not None and kind in (ActionKind.DISCARD, ActionKind.KNOCK):
            pile.append(action.card)
            if who == player:
                assert drawn is not None
                out.append((drawn, action.card, from_stock))
    return out


@settings(deadline=None)  # a whole hand, on a shared machine
@example(seed=12, echo=True)  # the rule bites in this hand
@example(seed=2615, echo=False)  # and in LOOP's
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_simple_never_repeats_a_pair_within_a_hand(seed: int, echo: bool) -> None:
    """Over whole hands against another baseline or the echoing opponent, no
    (drawn, discarded) pair of the baseline's comes twice (as a set of cards), and a
    card drawn from the stock never could repeat one: it was never in the hand before."""
    state = h.deal(ginrules.rules("eaai"), seed=seed, dealer=seed % 2)
    players = [SimplePlayer(seed=seed), Echo() if echo else SimplePlayer(seed=seed + 1)]
    while not state.is_over:
        state = state.apply(players[state.turn].choose(view(state, state.turn)))
    for player in (0, 1) if not echo else (0,):
        seen: set[frozenset[Card]] = set()
        for drawn, thrown, stock in _pairs_in_order(state, player):
            pair = frozenset((drawn, thrown))
            assert pair not in seen
            assert not stock or all(drawn not in p for p in seen)
            seen.add(pair)
