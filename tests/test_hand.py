"""One hand: the deal, every rule of play with its own test, errors, actions, explicit melds."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrules
from ginrules import (
    CARDS,
    Action,
    ActionKind,
    Card,
    CardNotationError,
    Deck,
    EndKind,
    GinRulesError,
    HandState,
    IllegalActionError,
    InvalidMeldError,
    Meld,
    Phase,
    arrange,
    deadwood,
    format_cards,
    parse_card,
    parse_cards,
    rules,
)
from ginrules import hand as h
from strategies import every_pair, hand_of

# -- helpers ------------------------------------------------------------------------------


def c(text: str) -> Card:
    return parse_card(text)


def make_deck(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> Deck:
    """The deck that deals exactly these hands: the non-dealer's 10 cards, the dealer's 10,
    the upcard, then the stock top first (the cards not named follow in canonical order)."""
    nd, d = parse_cards(non_dealer), parse_cards(dealer)
    assert len(nd) == 10 and len(d) == 10
    order: list[Card] = []
    for a, b in zip(nd, d, strict=True):
        order += [a, b]
    order.append(c(upcard))
    order += parse_cards(stock)
    assert len(set(order)) == len(order), "a card is named twice"
    rest = [x for x in CARDS if x not in set(order)]
    return Deck([*order, *rest])


def start(
    non_dealer: str,
    dealer: str,
    upcard: str,
    stock: str = "",
    *,
    ruleset: str | object = "classic",
    dealer_player: int = 0,
) -> HandState:
    the_rules = rules(ruleset) if isinstance(ruleset, str) else ruleset
    deck = make_deck(non_dealer, dealer, upcard, stock)
    return h.deal(the_rules, deck=deck, dealer=dealer_player)  # type: ignore[arg-type]


def play(state: HandState, *actions: str) -> HandState:
    for action in actions:
        state = h.apply(state, action)
    return state


def texts(actions: tuple[Action, ...]) -> list[str]:
    return [str(a) for a in actions]


def fields(state: HandState) -> tuple[object, ...]:
    return tuple(getattr(state, f.name) for f in attrs.fields(HandState))


def refused(state: HandState, action: str, reason: str, **kw: object) -> IllegalActionError:
    """Check ``action`` is refused with exactly ``reason`` and leaves ``state`` untouched."""
    before = attrs.evolve(state)
    before_fields = fields(state)
    with pytest.raises(IllegalActionError) as info:
        h.apply(state, action, **kw)  # type: ignore[arg-type]
    error = info.value
    act = Action.parse(action)
    assert error.reason == reason
    assert str(error) == f"cannot {act}: {reason}"
    assert error.action == act
    assert error.phase == state.phase.value
    assert error.player == state.turn
    assert state == before
    assert fields(state) == before_fields
    if "player" not in kw:
        assert not h.is_legal(state, action)
        assert act not in h.legal_actions(state)
    return error


# Hands used below. The dealer is player 0, so the non-dealer (ND, player 1) moves first.
ND_LOW = "2C 3C 4C 5D 6D 7D 8D AH 2H QS"  # 2C-4C, 5D-8D; deadwood AH 2H QS = 13
ND_GIN = "2C 3C 4C 5D 6D 7D 8D AH 2H 3H"  # gin as dealt
ND_14 = "2C 3C 4C 5D 6D 7D 8D AH 3H QS"  # deadwood 14
DEALER = "9C JC 4S 6S 8S KD JH TD 8H QH"  # no melds, deadwood 85


# -- the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_order(dealer: int) -> None:
    deck = Deck.shuffled(12345)
    state = h.deal(rules("classic"), deck=deck, dealer=dealer)
    non_dealer = 1 - dealer
    cards = deck.cards
    assert state.cards(non_dealer) == tuple(sorted(cards[0:20:2]))
    assert state.cards(dealer) == tuple(sorted(cards[1:20:2]))
    assert len(state.cards(0)) == len(state.cards(1)) == 10
    assert state.upcard == cards[20]
    assert state.discard_pile == (cards[20],)
    assert state.top_discard == cards[20]
    assert state.stock == cards[21:]
    assert state.stock[0] == cards[21]
    assert state.stock_size == 31 == len(state.stock)
    assert state.phase is Phase.OFFER
    assert state.turn == non_dealer
    assert state.dealer == dealer
    assert state.actions == ()
    assert state.taken is None
    assert state.result is None
    assert not state.is_over
    assert state.turns == 0
    assert state.knock_limit == 10


def test_deal_one_at_a_time_standard_deck() -> None:
    state = h.deal(rules("classic"), deck=Deck.standard(), dealer=1)
    assert format_cards(state.cards(0)) == "AC 3C 5C 7C 9C JC KC 2D 4D 6D"
    assert format_cards(state.cards(1)) == "2C 4C 6C 8C TC QC AD 3D 5D 7D"
    assert str(state.upcard) == "8D"
    assert str(state.stock[0]) == "9D"
    state = h.deal(rules("classic"), deck=Deck.standard(), dealer=0)
    assert format_cards(state.cards(1)) == "AC 3C 5C 7C 9C JC KC 2D 4D 6D"
    assert state.turn == 1


def test_make_deck_helper_deals_what_it_says() -> None:
    state = start(ND_LOW, DEALER, "KS", "AS 9S")
    assert state.cards(1) == tuple(sorted(parse_cards(ND_LOW)))
    assert state.cards(0) == tuple(sorted(parse_cards(DEALER)))
    assert str(state.upcard) == "KS"
    assert [str(x) for x in state.stock[:2]] == ["AS", "9S"]
    flipped = start(ND_LOW, DEALER, "KS", dealer_player=1)
    assert flipped.cards(0) == tuple(sorted(parse_cards(ND_LOW)))
    assert flipped.turn == 0


def test_deal_seed_is_the_shuffled_deck() -> None:
    by_seed = h.deal(rules("classic"), seed=99, dealer=1)
    assert by_seed.deck == Deck.shuffled(99)
    assert by_seed == h.deal(rules("classic"), deck=Deck.shuffled(99), dealer=1)
    assert by_seed != h.deal(rules("classic"), seed=100, dealer=1)


def test_deal_deck_as_cards_or_text() -> None:
    deck = Deck.shuffled(3)
    as_list = h.deal(rules("classic"), deck=list(deck.cards))
    as_text = h.deal(rules("classic"), deck=str(deck))
    assert as_list == as_text == h.deal(rules("classic"), deck=deck)


def test_deal_errors() -> None:
    with pytest.raises(GinRulesError, match="exactly one of seed= or deck="):
        h.deal(rules("classic"))
    with pytest.raises(GinRulesError, match="exactly one of seed= or deck="):
        h.deal(rules("classic"), seed=1, deck=Deck.standard())
    with pytest.raises(GinRulesError, match="dealer must be player 0 or 1"):
        h.deal(rules("classic"), seed=1, dealer=2)
    with pytest.raises(CardNotationError, match="52 cards once each"):
        h.deal(rules("classic"), deck=list(CARDS[:51]))


def test_hand_of_a_bad_player() -> None:
    with pytest.raises(GinRulesError, match="there is no player 2"):
        h.deal(rules("classic"), seed=1).cards(2)


# -- the upcard offer --------------------------------------------------------------------


def test_offer_order_non_dealer_then_dealer_then_stock() -> None:
    s0 = start(ND_14, DEALER, "KS", "9S")
    assert texts(h.legal_actions(s0)) == ["take", "pass"]
    assert s0.turn == 1 and s0.phase is Phase.OFFER
    s1 = h.apply(s0, "pass")
    assert s1.turn == 0 and s1.phase is Phase.OFFER
    assert texts(h.legal_actions(s1)) == ["take", "pass"]
    s2 = h.apply(s1, "pass")
    assert s2.turn == 1 and s2.phase is Phase.DRAW
    assert texts(h.legal_actions(s2)) == ["draw stock"]
    assert s2.discard_pile == (c("KS"),)
    refused(s2, "draw discard",
            "both players passed the upcard, so player 1 draws from the stock")
    s3 = h.apply(s2, "draw stock")
    assert s3.phase is Phase.DISCARD and s3.turn == 1
    assert c("9S") in s3.cards(1) and len(s3.cards(1)) == 11
    assert s3.stock_size == 30
    assert s3.taken is None


def test_both_passed_rule_with_dealer_one() -> None:
    s = start(ND_14, DEALER, "KS", dealer_player=1)
    s = play(s, "pass", "pass")
    assert s.turn == 0
    refused(s, "draw discard", "both players passed the upcard, so player 0 draws from the stock")


def test_both_passed_rule_with_action_values() -> None:
    s = start(ND_14, DEALER, "KS")
    s = h.apply(s, Action(ActionKind.PASS))
    s = h.apply(s, Action(ActionKind.PASS))
    assert texts(h.legal_actions(s)) == ["draw stock"]
    assert not h.is_legal(s, "draw discard")


def test_non_dealer_takes_the_upcard_then_discards() -> None:
    s0 = start(ND_14, DEALER, "KS")
    s1 = h.apply(s0, "take")
    assert s1.phase is Phase.DISCARD and s1.turn == 1
    assert s1.taken == c("KS")
    assert c("KS") in s1.cards(1) and len(s1.cards(1)) == 11
    assert s1.discard_pile == ()
    assert s1.stock_size == 31
    s2 = h.apply(s1, "discard QS")
    assert s2.phase is Phase.DRAW and s2.turn == 0
    assert s2.discard_pile == (c("QS"),)
    assert c("QS") not in s2.cards(1) and len(s2.cards(1)) == 10
    assert s2.taken is None
    # the dealer may now take the discard
    assert texts(h.legal_actions(s2)) == ["draw stock", "draw discard"]
    s3 = h.apply(s2, "draw discard")
    assert c("QS") in s3.cards(0) and s3.discard_pile == ()


def test_dealer_takes_the_upcard_after_a_pass() -> None:
    s = play(start(ND_14, DEALER, "KS"), "pass", "take")
    assert s.turn == 0 and s.phase is Phase.DISCARD and s.taken == c("KS")
    s = h.apply(s, "discard 4S")
    assert s.turn == 1 and s.phase is Phase.DRAW
    assert texts(h.legal_actions(s)) == ["draw stock", "draw discard"]


def test_stock_draw_takes_the_top_card() -> None:
    s = play(start(ND_14, DEALER, "KS", "9S 2S 3S"), "take", "discard QS", "draw stock")
    assert c("9S") in s.cards(0)
    s = play(s, "discard 9S", "draw stock")
    assert c("2S") in s.cards(1)
    assert s.stock[0] == c("3S") and s.stock_size == 29


# -- the card just taken from the discard pile --------------------------------------------


def test_taken_upcard_cannot_be_discarded_or_knocked() -> None:
    s = h.apply(start(ND_LOW, DEALER, "JS"), "take")
    refused(s, "discard JS", "JS was just taken from the discard pile")
    # knocking JS would leave deadwood 13 - but the taken-card rule comes first
    refused(s, "knock JS", "JS was just taken from the discard pile")
    assert "discard QS" in texts(h.legal_actions(s))


def test_taken_card_rule_after_draw_discard() -> None:
    s = play(start(ND_14, DEALER, "KS"), "take", "discard QS", "draw discard")
    assert s.taken == c("QS")
    refused(s, "discard QS", "QS was just taken from the discard pile")
    assert "discard QS" not in texts(h.legal_actions(s))


def test_card_drawn_from_stock_may_be_discarded() -> None:
    s = play(start(ND_14, DEALER, "KS", "QD"), "pass", "pass", "draw stock")
    assert h.is_legal(s, "discard QD")
    assert h.apply(s, "discard QD").discard_pile == (c("KS"), c("QD"))


def test_taken_card_may_be_discarded_when_the_rules_allow() -> None:
    ruleset = rules("classic", may_discard_taken_card=True)
    s = h.apply(start(ND_LOW, DEALER, "AS", ruleset=ruleset), "take")
    assert "discard AS" in texts(h.legal_actions(s))
    # AS with AH 2H: knocking AS leaves AH 2H QS = 13, over 10; knocking QS leaves 4
    assert "knock QS" in texts(h.legal_actions(s))
    after = h.apply(s, "discard AS")
    assert after.discard_pile == (c("AS"),)
    openspiel = h.apply(start(ND_LOW, DEALER, "AS", ruleset="openspiel"), "take")
    assert h.is_legal(openspiel, "discard AS")


def test_taken_card_may_be_knocked_when_the_rules_allow() -> None:
    nd = "2C 3C 4C 5D 6D 7D 8D AH 2H 3S"  # deadwood 6
    s = h.apply(start(nd, DEALER, "JS", ruleset="openspiel"), "take")
    end = h.apply(s, "knock JS")
    assert end.result is not None
    assert end.result.kind is EndKind.KNOCK and end.result.knocker_deadwood == 6
    s = h.apply(start(nd, DEALER, "JS"), "take")
    refused(s, "knock JS", "JS was just taken from the discard pile")


# -- knocking ----------------------------------------------------------------------------


def test_knock_over_the_limit_is_refused() -> None:
    s = h.apply(start(ND_14, DEALER, "KH"), "take")
    refused(s, "knock QS", "deadwood 14 is over the knock limit 10")  # AH 3H KH
    refused(s, "knock AH", "deadwood 23 is over the knock limit 10")  # 3H QS KH
    assert not [a for a in h.legal_actions(s) if a.kind is ActionKind.KNOCK]


def test_knock_counts_the_ten_cards_after_the_discard() -> None:
    s = play(start(ND_14, DEALER, "KH", "AS"), "pass", "pass", "draw stock")
    knocks = [str(a) for a in h.legal_actions(s) if a.kind is ActionKind.KNOCK]
    assert knocks == ["knock QS"]  # AH AS 3H = 5; any other discard keeps QS
    refused(s, "knock 3H", "deadwood 12 is over the knock limit 10")  # AH AS QS
    end = h.apply(s, "knock QS")
    assert end.is_over and end.result is not None
    assert end.result.kind is EndKind.KNOCK
    assert end.result.knocker == 1 and end.result.defender == 0
    assert end.result.knocker_deadwood == 5
    assert end.discard_pile == (c("KH"), c("QS"))
    assert len(end.cards(1)) == 10


@pytest.mark.parametrize("limit", [4, 5, 6])
def test_knock_exactly_at_the_limit(limit: int) -> None:
    ruleset = rules("classic", knock_limit=limit)
    s = play(start(ND_14, DEALER, "KH", "AS", ruleset=ruleset), "pass", "pass", "draw stock")
    assert h.is_legal(s, "knock QS") is (limit >= 5)


def test_knock_on_the_first_turn_right_after_taking_the_upcard() -> None:
    s = h.apply(start(ND_14, DEALER, "AD"), "take")
    assert "knock QS" in texts(h.legal_actions(s))
    end = h.apply(s, "knock QS")
    assert end.result is not None
    assert end.result.kind is EndKind.KNOCK and end.result.knocker_deadwood == 5
    assert end.result.knocker == 1
    assert len(end.actions) == 2


def test_dealer_knocks_on_the_first_turn_after_taking_the_upcard() -> None:
    s = play(start(DEALER, ND_14, "AD"), "pass", "take")
    assert s.turn == 0
    end = h.apply(s, "knock QS")
    assert end.result is not None and end.result.knocker == 0


def test_knock_on_the_first_draw_after_both_pass() -> None:
    s = play(start(ND_LOW, DEALER, "KS", "AS"), "pass", "pass", "draw stock")
    end = h.apply(s, "knock QS")  # AH 2H AS = 4
    assert end.result is not None and end.result.knocker_deadwood == 4


def test_knock_is_never_compulsory() -> None:
    s = play(start(ND_LOW, DEALER, "KS", "AS"), "pass", "pass", "draw stock")
    assert h.is_legal(s, "knock QS") and h.is_legal(s, "discard QS")
    assert not h.apply(s, "discard QS").is_over


def test_gin_has_no_layoffs() -> None:
    # the defender holds 5C, 9D, 4H: all would lay off onto the knocker's runs
    defender = "5C 9D 4H KS QS JS 7S 6S 9S TS"
    s = play(start(ND_GIN, defender, "KH", "KC"), "pass", "pass", "draw stock")
    assert "knock KC" in texts(h.legal_actions(s))
    end = h.apply(s, "knock KC")
    result = end.result
    assert result is not None
    assert result.kind is EndKind.GIN
    assert result.knocker_deadwood == 0
    assert result.layoffs == ()
    assert result.defender_arrangement == arrange(defender)
    assert result.defender_deadwood == deadwood(defender) == 5 + 9 + 4 + 7 + 6


def test_gin_after_drawing_a_meld_card() -> None:
    s = play(start(ND_LOW, DEALER, "KS", "3H"), "pass", "pass", "draw stock")
    end = h.apply(s, "knock QS")
    assert end.result is not None and end.result.kind is EndKind.GIN


@pytest.mark.parametrize("name", ["classic", "straight", "oklahoma", "short"])
def test_big_gin_offered(name: str) -> None:
    s = play(start(ND_GIN, DEALER, "TC", "9D", ruleset=name), "pass", "pass", "draw stock")
    assert "big gin" in texts(h.legal_actions(s))
    assert h.legal_actions(s)[-1] == Action.parse("big gin")
    end = h.apply(s, "big gin")
    result = end.result
    assert result is not None
    assert result.kind is EndKind.BIG_GIN
    assert result.knocker == 1 and result.knocker_deadwood == 0
    assert result.layoffs == ()
    assert len(end.cards(1)) == 11  # big gin does not discard
    assert end.discard_pile == (c("TC"),)
    assert result.defender_deadwood == deadwood(DEALER)


def test_big_gin_function_and_take() -> None:
    s = h.apply(start(ND_GIN, DEALER, "9D"), "take")
    end = h.big_gin(s)
    assert end.result is not None and end.result.kind is EndKind.BIG_GIN


@pytest.mark.parametrize("name", ["dutch-howto", "dutch", "polish", "openspiel"])
def test_big_gin_not_offered(name: str) -> None:
    s = play(start(ND_GIN, DEALER, "TC", "9D", ruleset=name), "pass", "pass", "draw stock")
    assert "big gin" not in texts(h.legal_actions(s))
    refused(s, "big gin", "these rules do not offer big gin")
    # a gin knock is still there
    assert h.is_legal(s, "knock 9D")


def test_big_gin_needs_all_eleven_cards_melded() -> None:
    s = play(start(ND_GIN, DEALER, "TC", "KS"), "pass", "pass", "draw stock")
    refused(s, "big gin", "the 11 cards leave deadwood 10, not 0")


def test_straight_gin_only() -> None:
    s = play(start(ND_LOW, DEALER, "KS", "AS", ruleset="straight"), "pass", "pass", "draw stock")
    assert s.knock_limit == 0
    refused(s, "knock QS", "deadwood 4 is over gin only (knock limit 0)")
    assert not [a for a in h.legal_actions(s) if a.kind is ActionKind.KNOCK]
    s = play(start(ND_LOW, DEALER, "KS", "3H", ruleset="straight"), "pass", "pass", "draw stock")
    assert texts(h.legal_actions(s))[-1] == "knock QS"
    end = h.apply(s, "knock QS")
    assert end.result is not None and end.result.kind is EndKind.GIN


ND_OK = "2C 3C 4C 5D 6D 7D 8D AH 2S QS"  # + AS from the stock: knock QS leaves 4


@pytest.mark.parametrize(
    ("upcard", "limit", "reason"),
    [
        ("3D", 3, "deadwood 4 is over the knock limit 3"),
        ("4H", 4, None),
        ("9S", 9, None),
        ("AC", 0, "deadwood 4 is over gin only (knock limit 0)"),
        ("AD", 0, "deadwood 4 is over gin only (knock limit 0)"),
        ("KC", 10, None),
        ("JD", 10, None),
        ("2D", 2, "deadwood 4 is over the knock limit 2"),
    ],
)
@pytest.mark.parametrize("name", ["oklahoma", "dutch-oklahoma"])
def test_oklahoma_limit_from_the_upcard(
    name: str, upcard: str, limit: int, reason: str | None
) -> None:
    s = start(ND_OK, DEALER, upcard, "AS", ruleset=name)
    assert s.knock_limit == limit
    s = play(s, "pass", "pass", "draw stock")
    if reason is None:
        end = h.apply(s, "knock QS")
        assert end.result is not None
        assert end.result.knock_limit == limit and end.result.knocker_deadwood == 4
    else:
        refused(s, "knock QS", reason)


def test_oklahoma_limit_holds_after_the_upcard_is_taken() -> None:
    s = h.apply(start(ND_OK, DEALER, "3D", ruleset="oklahoma"), "take")
    assert s.knock_limit == 3
    # 3D does not help: AH 2S QS 3D; knock QS leaves 6
    refused(s, "knock QS", "deadwood 6 is over the knock limit 3")


def test_oklahoma_ace_upcard_allows_gin() -> None:
    s = start(ND_LOW, DEALER, "AD", "3H", ruleset="oklahoma")
    assert s.knock_limit == 0
    end = play(s, "pass", "pass", "draw stock", "knock QS")
    assert end.result is not None and end.result.kind is EndKind.GIN


# -- dead hands and the turn cap ---------------------------------------------------------


def draw_and_throw(state: HandState, times: int) -> HandState:
    """Each player in turn draws the stock's top card and discards it."""
    for _ in range(times):
        state = h.apply(state, "draw stock")
        assert state.taken is None
        drawn = state.deck[20 + state.stock_drawn]
        state = h.apply(state, f"discard {drawn}")
    return state


@pytest.mark.parametrize("stock_left", [2, 0, 5, 30])
def test_dead_hand_when_the_stock_is_down(stock_left: int) -> None:
    ruleset = rules("classic", dead_hand_stock=stock_left)
    s = play(start(ND_GIN, DEALER, "KS", ruleset=ruleset), "pass", "pass")
    alive = 31 - stock_left - 1
    s = draw_and_throw(s, alive)
    assert not s.is_over
    assert s.stock_size == stock_left + 1
    s = h.apply(s, "draw stock")
    assert s.stock_size == stock_left
    # knocking is still allowed at the wall
    drawn = s.deck[20 + s.stock_drawn]
    assert h.is_legal(s, f"knock {drawn}") is (s.turn == 1)
    dead = h.apply(s, f"discard {drawn}")
    assert dead.is_over and dead.phase is Phase.OVER
    result = dead.result
    assert result is not None
    assert result.kind is EndKind.DEAD
    assert result.knocker is None and result.defender is None
    assert result.knocker_deadwood == result.defender_deadwood == 0
    assert result.layoffs == () and result.knocker_melds == ()
    assert result.knocker_arrangement is None and result.defender_arrangement is None
    assert dead.stock_size == stock_left
    assert h.legal_actions(dead) == ()
    refused(dead, "draw stock", "the hand is over")


def test_knock_at_the_wall() -> None:
    s = play(start(ND_GIN, DEALER, "KS"), "pass", "pass")
    s = draw_and_throw(s, 28)
    s = h.apply(s, "draw stock")
    assert s.stock_size == 2 and s.turn == 1
    drawn = s.deck[20 + s.stock_drawn]
    end = h.apply(s, f"knock {drawn}")
    assert end.result is not None and end.result.kind is EndKind.GIN


def test_dead_hand_at_two_cards_by_default() -> None:
    s = play(start(ND_GIN, DEALER, "KS"), "pass", "pass")
    s = draw_and_throw(s, 28)
    assert not s.is_over and s.stock_size == 3
    s = draw_and_throw(s, 1)
    assert s.is_over and s.stock_size == 2
    assert s.result is not None and s.result.kind is EndKind.DEAD
    assert s.turns == 29


@pytest.mark.parametrize("cap", [1, 2, 3, 10])
def test_max_turns_makes_the_hand_dead(cap: int) -> None:
    ruleset = rules("classic", max_turns=cap)
    s = play(start(ND_14, DEALER, "KS", ruleset=ruleset), "pass", "pass")
    s = draw_and_throw(s, cap - 1)
    assert not s.is_over and s.turns == cap - 1
    s = draw_and_throw(s, 1)
    assert s.is_over and s.turns == cap
    assert s.result is not None and s.result.kind is EndKind.DEAD
    assert s.stock_size == 31 - cap


def test_max_turns_counts_the_upcard_turn() -> None:
    s = play(start(ND_14, DEALER, "KS", ruleset=rules("classic", max_turns=1)), "take",
             "discard QS")
    assert s.result is not None and s.result.kind is EndKind.DEAD


# -- errors ------------------------------------------------------------------------------


def test_card_not_in_hand() -> None:
    s = h.apply(start(ND_14, DEALER, "KS"), "take")
    refused(s, "discard 7H", "7H is not in player 1's hand")
    refused(s, "knock 7H", "7H is not in player 1's hand")
    s = play(start(ND_14, DEALER, "KS"), "pass", "take")
    refused(s, "discard QS", "QS is not in player 0's hand")


def test_wrong_player() -> None:
    s = play(start(ND_14, DEALER, "KS"), "take", "discard QS")
    error = refused(s, "draw stock", "it is player 0's turn to draw", player=1)
    assert error.player == 0 and error.phase == "draw"
    assert h.apply(s, "draw stock", player=0).turn == 0
    s0 = start(ND_14, DEALER, "KS")
    refused(s0, "pass", "it is player 1's turn to take or pass the upcard", player=0)
    s1 = h.apply(s0, "take")
    refused(s1, "discard QS", "it is player 1's turn to discard", player=0)


@pytest.mark.parametrize(
    ("setup", "action", "reason"),
    [
        ((), "draw stock", "player 1 must take or pass the upcard now"),
        ((), "draw discard", "player 1 must take or pass the upcard now"),
        ((), "discard QS", "player 1 must take or pass the upcard now"),
        ((), "knock QS", "player 1 must take or pass the upcard now"),
        ((), "big gin", "player 1 must take or pass the upcard now"),
        (("pass", "pass"), "take", "player 1 must draw now"),
        (("pass", "pass"), "pass", "player 1 must draw now"),
        (("pass", "pass"), "discard QS", "player 1 must draw now"),
        (("take", "discard QS"), "knock 4S", "player 0 must draw now"),
        (("take",), "draw stock", "player 1 must discard now"),
        (("take",), "take", "player 1 must discard now"),
        (("take",), "pass", "player 1 must discard now"),
        (("pass",), "draw stock", "player 0 must take or pass the upcard now"),
    ],
)
def test_wrong_phase(setup: tuple[str, ...], action: str, reason: str) -> None:
    refused(play(start(ND_14, DEALER, "KS"), *setup), action, reason)


@pytest.mark.parametrize("action", ["draw stock", "take", "pass", "discard 2C", "knock 2C",
                                    "big gin", "draw discard"])
def test_the_hand_is_over(action: str) -> None:
    s = play(start(ND_14, DEALER, "AD"), "take", "knock QS")
    assert s.is_over and h.legal_actions(s) == ()
    error = refused(s, action, "the hand is over")
    assert error.phase == "over"


def test_over_is_checked_before_the_player() -> None:
    s = play(start(ND_14, DEALER, "AD"), "take", "knock QS")
    refused(s, "draw stock", "the hand is over", player=0)


def test_error_is_a_value_error() -> None:
    s = start(ND_14, DEALER, "KS")
    with pytest.raises(ValueError, match="cannot draw stock"):
        h.apply(s, "draw stock")
    with pytest.raises(GinRulesError):
        h.apply(s, "draw stock")


def test_helpers() -> None:
    s = start(ND_14, DEALER, "KS", "9S")
    assert h.take_upcard(s) == h.apply(s, "take")
    assert h.pass_upcard(s) == h.apply(s, "pass")
    s2 = play(s, "pass", "pass")
    assert h.draw(s2) == h.draw(s2, "stock") == h.apply(s2, "draw stock")
    with pytest.raises(IllegalActionError):
        h.draw(s2, "discard")
    with pytest.raises(GinRulesError, match="draw from 'stock' or 'discard', not 'deck'"):
        h.draw(s2, "deck")
    s3 = h.draw(s2)
    assert h.discard(s3, "QS") == h.discard(s3, c("QS")) == h.apply(s3, "discard QS")
    assert h.is_legal(s3, "discard QS") and h.is_legal(s3, Action.parse("discard QS"))


def test_apply_records_the_actions() -> None:
    s = play(start(ND_14, DEALER, "KS", "9S"), "pass", "pass", "draw stock", "discard 9S")
    assert [(p, str(a)) for p, a in s.actions] == [
        (1, "pass"), (0, "pass"), (1, "draw stock"), (1, "discard 9S")
    ]
    assert s.turns == 1


# -- action text -------------------------------------------------------------------------


def all_actions() -> list[Action]:
    plain = [Action(k) for k in ActionKind if k not in (ActionKind.DISCARD, ActionKind.KNOCK)]
    with_card = [Action(k, x) for k in (ActionKind.DISCARD, ActionKind.KNOCK) for x in CARDS]
    return plain + with_card


def test_action_round_trip() -> None:
    actions = all_actions()
    assert len(actions) == 5 + 104
    assert len({str(a) for a in actions}) == len(actions)
    for action in actions:
        assert Action.parse(str(action)) == action
        assert Action.parse(str(action).upper()) == action
        assert repr(action) == f"Action.parse({str(action)!r})"
        assert Action.parse(action) is action  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("take", "take"),
        ("Take Upcard", "take"),
        ("pass upcard", "pass"),
        ("  PASS ", "pass"),
        ("draw   stock", "draw stock"),
        ("Draw Discard", "draw discard"),
        ("discard 10h", "discard TH"),
        ("knock 3c", "knock 3C"),
        ("knock 7♥", "knock 7H"),
        ("BIG GIN", "big gin"),
    ],
)
def test_action_parse_variants(text: str, expected: str) -> None:
    action = Action.parse(text)
    assert str(action) == expected
    assert action.phase is {"take": Phase.OFFER, "pass": Phase.OFFER, "draw": Phase.DRAW}.get(
        expected.split()[0], Phase.DISCARD
    )


def test_action_kinds_and_cards() -> None:
    a = Action.parse("knock 7H")
    assert a.kind is ActionKind.KNOCK and a.card == c("7H")
    assert Action.parse("draw stock").card is None


@pytest.mark.parametrize(
    "text",
    ["", "discard", "knock", "fold", "discard 1H", "knock 7X", "draw", "take 7H",
     "discard 7H 8H", "big", "gin", "draw deck", "pass card"],
)
def test_bad_action_text(text: str) -> None:
    with pytest.raises(ginrules.NotationError):
        Action.parse(text)


def test_discard_without_a_card_names_the_fix() -> None:
    with pytest.raises(ginrules.ActionNotationError, match="say which card, like 'discard 7H'"):
        Action.parse("discard")
    with pytest.raises(ginrules.ActionNotationError, match="say which card, like 'knock 7H'"):
        Action.parse(" Knock ")


def test_action_values_need_the_right_card() -> None:
    with pytest.raises(ginrules.ActionNotationError, match="needs a card"):
        Action(ActionKind.DISCARD)
    with pytest.raises(ginrules.ActionNotationError, match="takes no card"):
        Action(ActionKind.TAKE, c("7H"))


def test_apply_bad_action_text() -> None:
    s = start(ND_14, DEALER, "KS")
    with pytest.raises(ginrules.ActionNotationError):
        h.apply(s, "grab")
    with pytest.raises(ginrules.ActionNotationError):
        h.is_legal(s, "grab")


# -- explicit knocker melds --------------------------------------------------------------

ND_MELDS = "AS 2S 3S 4S 9C 9D 9H KC KD KH"  # gin as dealt


def knock_state(defender: str = "5H 6H 7D 8C TD QD JH 2D 4D 6C",
                ruleset: str = "classic") -> HandState:
    """ND_MELDS has drawn QC from the stock."""
    return play(start(ND_MELDS, defender, "5S", "QC", ruleset=ruleset), "pass", "pass",
                "draw stock")


def test_stated_melds_are_checked_but_not_used_where_hands_are_laid_out() -> None:
    """The German page: "Du musst deine Karten nie selbst ordnen. Wenn eine Runde endet,
    werden beide Hände so in Kombinationen ausgelegt, dass die wenigsten Restpunkte übrig
    bleiben." The stated melds leave 4 deadwood; the hand is laid out as gin."""
    s = knock_state()
    assert s.rules.auto_layout
    end = h.knock(s, "QC", ["AS 2S 3S", "9C 9D 9H", "KC KD KH"])
    assert end.result is not None and end.result.kind is EndKind.GIN
    assert end == h.apply(s, "knock QC")
    with pytest.raises(IllegalActionError, match="uses KS, which is not in player 1's ten"):
        h.knock(s, "QC", ["AS 2S 3S", "9C 9D 9H", "KC KD KS"])  # still checked


def test_explicit_melds_used_as_given() -> None:
    s = knock_state(ruleset="dutch")  # stated melds count where hands are not laid out
    given = ["AS 2S 3S", "9C 9D 9H", "KC KD KH"]
    end = h.knock(s, "QC", given)
    result = end.result
    assert result is not None
    assert result.knocker_melds == tuple(Meld.of(m) for m in given)
    assert result.knocker_arrangement is not None
    assert result.knocker_arrangement.deadwood_cards == (c("4S"),)
    assert result.kind is EndKind.KNOCK and result.knocker_deadwood == 4
    # the automatic choice would have been gin
    auto = h.apply(s, "knock QC")
    assert auto.result is not None and auto.result.kind is EndKind.GIN


def test_explicit_melds_accept_meld_values_in_any_order() -> None:
    s = knock_state()
    given = [Meld.of("KH KC KD"), "4S 3S 2S AS", ["9D", "9H", "9C"]]
    end = h.knock(s, c("QC"), given)
    assert end.result is not None
    assert end.result.knocker_melds == (Meld.of("AS 2S 3S 4S"), Meld.of("9C 9D 9H"),
                                        Meld.of("KC KD KH"))
    assert end.result.kind is EndKind.GIN
    assert end.discard_pile[-1] == c("QC") and len(end.cards(1)) == 10


def test_explicit_melds_choose_between_equal_arrangements() -> None:
    nd = "5C 5D 5H 6C 6D 6H 7C 7D 7H AS"
    s = play(start(nd, DEALER, "KS", "QS", ruleset="dutch"), "pass", "pass", "draw stock")
    runs = ["5C 6C 7C", "5D 6D 7D", "5H 6H 7H"]
    sets = ["5C 5D 5H", "6C 6D 6H", "7C 7D 7H"]
    for stated in (runs, sets):
        end = h.knock(s, "QS", stated)
        assert end.result is not None
        assert set(end.result.knocker_melds) == {Meld.of(m) for m in stated}
        assert end.result.knocker_deadwood == 1


def test_explicit_melds_agree_with_apply_when_they_are_the_best() -> None:
    s = play(start(ND_14, DEALER, "KH", "AS"), "pass", "pass", "draw stock")
    auto = h.apply(s, "knock QS")
    given = h.knock(s, "QS", ["2C 3C 4C", "5D 6D 7D 8D"])
    assert auto == given


def test_explicit_melds_card_not_in_hand() -> None:
    s = knock_state()
    with pytest.raises(IllegalActionError) as info:
        h.knock(s, "QC", ["JC QC KC", "9C 9D 9H"])
    assert info.value.reason == "meld JC QC KC uses JC, which is not in player 1's ten cards"
    # the discarded card itself is not among the ten cards
    s2 = play(start(ND_GIN, DEALER, "KS", "4H"), "pass", "pass", "draw stock")
    with pytest.raises(IllegalActionError, match="uses 4H, which is not in player 1's ten"):
        h.knock(s2, "4H", ["AH 2H 3H 4H", "2C 3C 4C", "5D 6D 7D 8D"])


def test_explicit_melds_overlapping() -> None:
    s = knock_state()
    before = attrs.evolve(s)
    with pytest.raises(IllegalActionError, match="shares a card with another meld") as info:
        h.knock(s, "QC", ["AS 2S 3S", "2S 3S 4S", "9C 9D 9H", "KC KD KH"])
    assert info.value.player == 1 and info.value.action == Action.parse("knock QC")
    assert s == before


def test_explicit_melds_over_the_limit() -> None:
    s = knock_state()
    with pytest.raises(IllegalActionError) as info:
        h.knock(s, "QC", ["AS 2S 3S 4S", "9C 9D 9H"])
    assert info.value.reason == "the melds given leave deadwood 30, over the knock limit 10"
    with pytest.raises(IllegalActionError, match="leave deadwood 67"):
        h.knock(s, "QC", [])
    s2 = start(ND_MELDS, "5H 6H 7D 8C TD QD JH 2D 4D 6C", "5S", "JS", ruleset="straight")
    s2 = play(s2, "pass", "pass", "draw stock")
    with pytest.raises(IllegalActionError, match="leave deadwood 4, over the knock limit 0"):
        h.knock(s2, "JS", ["AS 2S 3S", "9C 9D 9H", "KC KD KH"])


def test_explicit_melds_not_a_meld() -> None:
    with pytest.raises(InvalidMeldError):
        h.knock(knock_state(), "QC", ["KC KD QC"])


def test_explicit_melds_still_check_the_knock() -> None:
    s = h.apply(start(ND_14, DEALER, "KH"), "take")
    with pytest.raises(IllegalActionError, match="deadwood 14 is over the knock limit 10"):
        h.knock(s, "QS", ["2C 3C 4C", "5D 6D 7D 8D"])
    s = h.apply(start(ND_LOW, DEALER, "JS"), "take")
    with pytest.raises(IllegalActionError, match="was just taken"):
        h.knock(s, "JS", ["2C 3C 4C", "5D 6D 7D 8D"])
    done = h.apply(knock_state(), "knock QC")
    with pytest.raises(IllegalActionError, match="the hand is over"):
        h.knock(done, "2S", [])


def test_explicit_melds_layoffs_use_the_given_melds() -> None:
    # defender holds 4S: with the run shown as AS-3S, 4S is the knocker's own deadwood
    # and cannot be laid off by the defender; the defender lays off 9S onto the nines
    defender = "9S TS 5H 6H 7D 8C TD QD JH 2D"
    s = knock_state(defender, ruleset="dutch")
    end = h.knock(s, "QC", ["AS 2S 3S", "9C 9D 9H", "KC KD KH"])
    result = end.result
    assert result is not None
    assert [str(x) for x in result.layoffs] == ["9S onto 9C 9D 9H"]
    assert result.layoffs[0].meld_index == 1
    assert result.defender_deadwood == deadwood(defender) - 9


def test_can_helpers_agree_with_the_rules() -> None:
    s = start(ND_14, DEALER, "AD")
    assert h.can_take_upcard(s) and not h.can_draw_discard(s) and not h.can_knock(s)
    taken = h.apply(s, "take")  # AD makes deadwood 5 after discarding QS
    assert h.can_knock(taken) and h.can_knock(taken, "QS") and h.can_knock(taken, c("QS"))
    assert not h.can_knock(taken, "AD")  # the card just taken
    assert not h.can_knock(taken, "2C")  # breaks a run: deadwood over the limit
    assert not h.can_big_gin(taken) and not h.can_take_upcard(taken)
    passed = play(s, "pass", "pass")
    assert not h.can_draw_discard(passed)
    later = play(passed, "draw stock", "discard QS")
    assert h.can_draw_discard(later)


def test_can_big_gin() -> None:
    s = play(start(ND_GIN, DEALER, "TC", "9D"), "pass", "pass", "draw stock")
    assert h.can_big_gin(s)
    s = play(start(ND_GIN, DEALER, "TC", "9D", ruleset="polish"), "pass", "pass", "draw stock")
    assert not h.can_big_gin(s)


@pytest.mark.parametrize("bad", [True, 1.0, "0"])
def test_deal_refuses_a_dealer_that_is_not_an_int(bad: object) -> None:
    with pytest.raises(GinRulesError, match="dealer must be player 0 or 1"):
        h.deal(rules("classic"), seed=1, dealer=bad)  # type: ignore[arg-type]


@every_pair(examples=60)
@given(data=st.data())
def test_every_card_is_in_one_place_and_the_pile_is_what_was_thrown_and_not_taken(
        pair: tuple[str, str], data: st.DataObject) -> None:
    """Replayed action by action, each state holds each card in one place: the players'
    hands, the discard pile (the cards thrown and not taken, in the order thrown) and the
    stock (the deal's stock less the cards drawn from its top), by a plain model of the
    moves."""
    hand = data.draw(hand_of(pair))
    state = ginrules.deal(hand.rules, deck=hand.deck, dealer=hand.dealer)
    held = [set(state.cards(0)), set(state.cards(1))]
    pile, stock = list(state.discard_pile), list(state.stock)
    for _, action in hand.actions[:-1]:  # (the last, a knock, may state its melds)
        me = state.turn
        if action.kind is ActionKind.DRAW_STOCK:
            held[me].add(stock.pop(0))
        elif action.kind in (ActionKind.TAKE, ActionKind.DRAW_DISCARD):
            held[me].add(pile.pop())
        elif action.kind is ActionKind.DISCARD:
            assert action.card is not None
            held[me].remove(action.card)
            pile.append(action.card)
        state = state.apply(action)
        assert [set(state.cards(0)), set(state.cards(1))] == held
        assert (list(state.discard_pile), list(state.stock)) == (pile, stock)
        assert sorted(held[0] | held[1] | set(pile) | set(stock)) == list(CARDS)
        assert len(held[0]) + len(held[1]) + len(pile) + len(stock) == 52


@every_pair(examples=60)
@given(data=st.data())
def test_a_finished_hands_turn_is_the_player_who_ended_it(
        pair: tuple[str, str], data: st.DataObject) -> None:
    """Whatever ends it (a knock, gin, big gin, the stock run down, the turn cap), the
    hand's turn stays with the player of its last action."""
    hand = data.draw(hand_of(pair))
    assert hand.is_over and hand.turn == hand.actions[-1][0]
