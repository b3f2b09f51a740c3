"""InformationSet: a player's view built from the events it observes equals the view of
the real hand at every point, under every preset; derived passes; every inconsistent
event is refused, naming it, and changes nothing."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import Action, ActionKind, Card, HandState
from ginrules.errors import GinRulesError, IllegalActionError
from ginrules.players import InformationSet, view
from strategies import every_pair, gin_deck, hand_of, played_hands


def real_states(final: HandState) -> list[HandState]:
    """The real hand after each of its actions (the last is ``final`` itself, whose
    knock may have had stated melds)."""
    state = ginrules.deal(final.rules, deck=final.deck, dealer=final.dealer)
    out = [state]
    for _, action in list(final.actions)[:-1]:
        state = state.apply(action)
        out.append(state)
    out.append(final)
    return out


def observations(final: HandState, seat: int) -> list[tuple[int, Action, Card | None]]:
    """What ``seat`` observes: every action, with the card of its own stock draws."""
    out = []
    draws = 0
    for who, action in final.actions:
        card = None
        if action.kind is ActionKind.DRAW_STOCK:
            draws += 1
            if who == seat:
                card = final.deck.cards[20 + draws]
        out.append((who, action, card))
    return out


def knock_melds(final: HandState) -> list[list[str]] | None:
    result = final.result
    if result is None or result.knocker is None:
        return None
    return [[str(c) for c in m.cards] for m in result.knocker_melds]


def check_hand(final: HandState, seat: int, scores: tuple[int, int] | None,
               skip_passes: bool, with_melds: bool) -> None:
    states = real_states(final)
    info = InformationSet.start(final.rules, seat, final.dealer, states[0].cards(seat),
                                states[0].upcard, scores)
    assert info.view() == view(states[0], seat, scores=scores)
    ended_by_knock = final.result is not None and final.result.knocker is not None
    for number, (who, action, card) in enumerate(observations(final, seat), 1):
        if skip_passes and action.kind is ActionKind.PASS:
            continue
        last = number == len(states) - 1
        melds = knock_melds(final) if last and ended_by_knock and with_melds else None
        before = len(info.history)
        info = info.observe(who, action, card, melds=melds)
        assert [a for _, a in info.derived] == [Action.parse("pass")] * (number - 1 - before)
        expected = view(states[number], seat, scores=scores)
        got = info.view()
        if last and ended_by_knock:
            assert got.result is None
            assert got == attrs.evolve(expected, result=None)
            opponent = 1 - seat
            info = info.reveal(final.cards(opponent))
            got = info.view()
        assert got == expected, f"event {number}: {who} {action}"
    assert info.is_over


scores_or_none = st.one_of(st.none(), st.tuples(st.integers(0, 200), st.integers(0, 200)))


@every_pair()
@given(st.data(), st.integers(0, 1), scores_or_none, st.booleans())
def test_the_view_equals_the_real_view_at_every_event(pair: tuple[str, str],
                                                      data: st.DataObject, seat: int,
                                                      scores: tuple[int, int] | None,
                                                      skip_passes: bool) -> None:
    check_hand(data.draw(hand_of(pair)), seat, scores, skip_passes, with_melds=True)


@settings(deadline=None, max_examples=50)
@given(played_hands, st.integers(0, 1))
def test_without_melds_the_rules_choose_them_as_the_real_hand(final: HandState,
                                                              seat: int) -> None:
    check_hand(final, seat, None, False, with_melds=False)


# -- the completion, kept in constant time per event ------------------------------------


def replayed(state: HandState) -> HandState:
    """``state``'s hand dealt again from its deck and replayed, action by action: what the
    completion must equal after every event (it is kept without a replay)."""
    again = ginrules.deal(state.rules, deck=state.deck, dealer=state.dealer)
    for _, action in state.actions:
        again = again.apply(action)
    return again


@every_pair()
@given(st.data(), st.integers(0, 1))
def test_the_completion_is_the_hand_its_deck_deals(pair: tuple[str, str],
                                                   data: st.DataObject, seat: int) -> None:
    # an unseen card drawn or discarded is swapped into the completion's deck in constant
    # time: the state must be the very one that deck deals, the same actions played (the
    # opponent's hand, the stock, every card where the replay puts it), and it must hold
    # every card the player holds and saw as the real hand does
    final = data.draw(hand_of(pair))
    states = real_states(final)
    info = InformationSet.start(final.rules, seat, final.dealer, states[0].cards(seat),
                                final.upcard)
    for number, (who, action, card) in enumerate(observations(final, seat), 1):
        if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            break
        info = info.observe(who, action, card)
        completion = info._state
        assert completion == replayed(completion), f"event {number}"
        real = states[number]
        assert completion.masks[seat] == real.masks[seat]
        assert completion.masks[1 - seat] & real.public == real.masks[1 - seat] & real.public


def test_an_event_costs_the_same_however_long_the_hand(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    # no event deals or replays the hand again: a long hand of stock draws and discards
    # (each a swap of unseen cards) never calls deal after the start
    import ginrules.players.observed as observed

    s, info = start(dealer=0, seat=1, seed=3)
    dealt = []
    monkeypatch.setattr(observed, "deal", lambda *a, **k: dealt.append(1) or
                        ginrules.deal(*a, **k))
    player = ginrules.players.make_player("simple", seed=1)
    while not s.is_over and len(s.actions) < 40:
        action = player.choose(s.view(s.turn))
        if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            break
        s = s.apply(action)
        drawn = s.deck.cards[20 + s.stock_drawn] if (
            action.kind is ActionKind.DRAW_STOCK and s.turn == 1) else None
        info = info.observe(s.actions[-1][0], action, drawn)
        assert info.view() == view(s, 1)
    assert len(s.actions) > 20 and dealt == []


def test_an_event_keeps_every_field_it_does_not_change() -> None:
    # _evolved builds the next information set field by field, without the validators:
    # it sets every field (an unset one is an AttributeError here), and carries each one
    # it is not given
    s, info = start(dealer=0, seat=1, seed=3)
    info = attrs.evolve(info, scores=(12, 40))
    after = info.observe(1, "pass")
    for name in (a.name for a in attrs.fields(InformationSet)):
        if name not in ("_state", "derived"):
            assert getattr(after, name) is getattr(info, name), name
    assert after.view() == view(s.apply("pass"), 1, scores=(12, 40))


@pytest.mark.parametrize("scores", [(1, 2, 3), (1,), (), (5, -1), (-2, 0), (1, True),
                                    (1.0, 2)])
def test_scores_that_are_not_a_pair_of_totals_are_refused(scores: tuple[Any, ...]) -> None:
    """The game totals are two whole numbers of at least 0, at the start and evolved."""
    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    with pytest.raises(GinRulesError, match=r"^scores are a pair of game totals \(ints >= 0\), "
                       rf"not {re.escape(repr(scores))}$"):
        InformationSet.start(s.rules, 1, 0, s.cards(1), s.upcard, scores=scores)
    _, info = start()
    with pytest.raises(GinRulesError, match=r"^scores are a pair of game totals"):
        attrs.evolve(info, scores=scores)
    assert InformationSet.start(s.rules, 1, 0, s.cards(1), s.upcard,
                                scores=(0, 99)).view().scores == (0, 99)


# -- derived passes ---------------------------------------------------------------------


def start(dealer: int = 0, seat: int = 1, seed: int = 7) -> tuple[HandState, InformationSet]:
    s = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=dealer)
    return s, InformationSet.start(s.rules, seat, dealer, s.cards(seat), s.upcard)


def test_a_take_by_the_dealer_derives_the_non_dealers_pass() -> None:
    s, info = start(dealer=0, seat=1)
    after = info.observe(0, "take")
    assert after.derived == ((1, Action.parse("pass")),)
    assert after.view() == view(s.apply("pass").apply("take"), 1)


def test_the_non_dealers_stock_draw_derives_both_passes() -> None:
    s, info = start(dealer=0, seat=0)
    after = info.observe(1, "draw stock")
    assert [p for p, _ in after.derived] == [1, 0]
    assert after.view() == view(s.apply("pass").apply("pass").apply("draw stock"), 0)
    # and once the non-dealer has passed, the dealer's pass alone
    after = info.observe(1, "pass").observe(1, "draw stock")
    assert after.derived == ((0, Action.parse("pass")),)


def test_an_information_set_is_checked_and_kept_with_the_passes_it_derived() -> None:
    # built again from its fields (attrs.evolve runs the validators), the derived passes
    # are (player, Action) pairs, as observe made them; anything else is refused
    _, info = start(dealer=0, seat=0)
    after = info.observe(1, "draw stock")
    assert attrs.evolve(after, derived=after.derived) == after
    with pytest.raises(ginrules.WrongTypeError, match="derived: a tuple of"):
        attrs.evolve(after, derived=((Action.parse("pass"), 1),))


def test_nothing_is_derived_for_the_dealers_stock_draw() -> None:
    _, info = start(dealer=0, seat=0)
    with pytest.raises(IllegalActionError, match=r"^event 1 \(player 0 draw stock\)"):
        info.observe(0, "draw stock", "2C")


# -- what contradicts the rules or what the player saw -----------------------------------


def refused(info: InformationSet, pattern: str, *args: object, **kwargs: object) -> None:
    before = info
    with pytest.raises(GinRulesError, match=pattern):
        info.observe(*args, **kwargs)  # type: ignore[arg-type]
    assert info == before  # unchanged


def test_wrong_turn_is_refused_naming_the_event() -> None:
    _, info = start(dealer=0, seat=1)
    refused(info, r"^event 1 \(player 0 pass\): cannot pass: it is player 1's turn", 0,
            "pass")


@pytest.mark.parametrize("dealer", [0, 1])
def test_an_illegal_event_keeps_the_parts_the_hand_engine_names(dealer: int) -> None:
    """An illegal event's IllegalActionError has the action, phase, player to move and
    reason the hand engine gives for the same move, whichever seat is to move."""
    s, info = start(dealer=dealer, seat=1)
    mover = 1 - dealer
    for who, move in ((dealer, "pass"), (mover, "draw discard"),
                      (mover, f"discard {s.upcard}")):
        with pytest.raises(IllegalActionError) as observed:
            info.observe(who, move)
        with pytest.raises(IllegalActionError) as engine:
            s.check(move, player=who)
        parts = [(e.action, e.phase, e.player, e.reason) for e in (observed.value,
                                                                   engine.value)]
        assert parts[0] == parts[1]
        assert observed.value.player == mover


def test_own_discard_of_a_card_not_held() -> None:
    s, info = start(dealer=0, seat=1)
    info = info.observe(1, "take")
    missing = next(c for c in ginrules.CARDS if c not in s.cards(1) and c != s.upcard)
    refused(info, rf"^event 2 \(player 1 discard {missing}\): cannot discard {missing}: "
            rf"{missing} is not in player 1's hand", 1, f"discard {missing}")


def test_opponent_discard_of_a_card_the_player_holds_or_saw() -> None:
    s, info = start(dealer=1, seat=1)  # player 0 is offered the upcard first
    mine = s.cards(1)[0]
    info = info.observe(0, "take")
    refused(info, rf"event 2 .*player 0 cannot hold {mine}: it is player 1's card", 0,
            f"discard {mine}")
    refused(info, "was just taken from the discard pile", 0, f"discard {s.upcard}")


def test_opponent_taking_a_card_not_on_the_pile() -> None:
    s, info = start(dealer=1, seat=1)
    other = next(c for c in ginrules.CARDS if c != s.upcard)
    refused(info, rf"{other} is not on the discard pile \(its top is {s.upcard}\)", 0,
            "take", str(other))
    assert info.observe(0, "take", str(s.upcard)).view().opponent_known == (s.upcard,)


def test_stock_draw_cards() -> None:
    s, info = start(dealer=0, seat=1)
    info = info.observe(1, "pass").observe(0, "pass")
    refused(info, "own stock draw needs the card drawn", 1, "draw stock")
    refused(info, rf"cannot draw {s.cards(1)[0]}: it is player 1's card", 1, "draw stock",
            s.cards(1)[0])
    refused(info, "it is in the discard pile", 1, "draw stock", s.upcard)
    _, theirs = start(dealer=1, seat=1)
    theirs = theirs.observe(0, "pass").observe(1, "pass")
    refused(theirs, "cannot see the card player 0 draws", 0, "draw stock", "2C")


def test_a_card_goes_only_with_a_draw_and_melds_only_with_a_knock() -> None:
    _, info = start(dealer=0, seat=1)
    refused(info, "a card goes only with a draw or a take", 1, "pass", "2C")
    refused(info, "melds go only with a knock", 1, "pass", melds=[["2C", "3C", "4C"]])


def test_nothing_after_the_end_and_reveal_needs_an_end() -> None:
    final = ginrules.knock(ginrules.take_upcard(ginrules.deal(
        ginrules.rules("classic"), deck=gin_deck(), dealer=1)), "KH")
    info = InformationSet.start(final.rules, 1, 1, real_states(final)[0].cards(1),
                                final.upcard).observe(0, "take").observe(0, "knock KH")
    refused(info, r"^event 3 \(player 1 pass\): cannot play on: the hand is over", 1,
            "pass")
    with pytest.raises(GinRulesError, match="nothing to reveal"):
        start()[1].reveal([])
    short = [*[c for c in final.cards(0) if c != final.upcard][1:], final.upcard]
    with pytest.raises(GinRulesError, match="holds 10 cards that player 1 has not seen, "
                       "not 9"):
        info.reveal(short)
    with pytest.raises(GinRulesError, match="player 0 holds TS, which it took"):
        info.reveal(final.cards(0)[:9])
    # one of the reader's own cards in place of one it has not seen
    unseen = next(c for c in final.cards(0) if c != final.upcard)
    mine = final.cards(1)[0]
    with pytest.raises(GinRulesError, match=f"^player 0 cannot hold {mine}: it is player "
                                            "1's card$"):
        info.reveal([mine if c == unseen else c for c in final.cards(0)])
    assert info.reveal(final.cards(0)).view() == final.view(1)


def test_an_opponent_who_holds_only_taken_cards_cannot_discard_an_unseen_one() -> None:
    # 11 discard-pile cards in the opponent's hand cannot happen in a short test; the
    # check is that an opponent's discard must come from a hidden card: planted by hand
    _s, info = start(dealer=1, seat=1)
    info = info.observe(0, "take")
    state = info._state
    bare = attrs.evolve(info, state=attrs.evolve(state, public=state.public | state.masks[0]))
    card = next(c for c in ginrules.CARDS if not (state.masks[1] | state.public
                                                  | state.masks[0]) >> c.index & 1)
    refused(bare, "every card it holds was taken from the discard pile", 0, f"discard {card}")


def test_knock_layout_and_defence_use_the_players_own_information() -> None:
    final = ginrules.knock(ginrules.take_upcard(ginrules.deal(
        ginrules.rules("classic"), deck=gin_deck(), dealer=1)), "KH")
    start_state = real_states(final)[0]
    knocker = InformationSet.start(final.rules, 0, 1, start_state.cards(0),
                                   final.upcard).observe(0, "take")
    layout = knocker.knock_layout("knock KH")
    assert layout.deadwood == 0
    defender = InformationSet.start(final.rules, 1, 1, start_state.cards(1), final.upcard)
    defender = defender.observe(0, "take").observe(0, "knock KH",
                                                   melds=[m.cards for m in layout.melds])
    _arrangement, layoffs = defender.defence()
    assert layoffs == ()  # no layoffs against gin
    with pytest.raises(GinRulesError, match="defends only after the opponent's knock"):
        knocker.defence()
    # a legal move that is no knock has no layout, nor has a hand that is over
    with pytest.raises(GinRulesError, match=r"^knock_layout takes a knock or big gin, not "
                                            r"discard KH$"):
        knocker.knock_layout("discard KH")
    over = knocker.observe(0, "knock KH", melds=[m.cards for m in layout.melds])
    assert over.is_over
    with pytest.raises(GinRulesError, match=r"^knock_layout takes a knock or big gin, not "
                                            r"knock KH$"):
        over.knock_layout("knock KH")


@pytest.mark.parametrize(("melds", "why"), [
    (["7H 8H 9H"], "meld 7H 8H 9H: player 1 holds 7H 8H$"),
    (["9S TS JS"], "meld 9S TS JS: player 1 holds JS and saw 9S discarded$"),
    (["6S 7S 8S", "AH 2H 3H"], "meld AH 2H 3H: player 1 holds 3H$"),
])
def test_defence_names_every_card_of_a_knocker_meld_the_defender_holds_or_saw(
        melds: list[str], why: str) -> None:
    info = InformationSet.start(ginrules.rules("classic"), 1, 1,
                                "7H 8H 3H KS QS JS 2C 2D 9C 9D", "AS")
    info = info.observe(0, "take").observe(0, "knock 9S")
    with pytest.raises(GinRulesError, match="the knocker cannot hold " + why):
        info.defence(melds)


def test_an_opponent_knocking_with_a_card_it_took_is_no_longer_known_to_hold_it() -> None:
    # under the Dutch rules the card just taken may be thrown: player 0 takes TS and
    # knocks with it at once (its nine spades are a run, KH is its deadwood)
    real = ginrules.deal(ginrules.rules("dutch"), deck=gin_deck(), dealer=1)
    final = real.apply("take").apply("knock TS")
    info = InformationSet.start(real.rules, 1, 1, real.cards(1), real.upcard)
    info = info.observe(0, "take")
    assert info.view().opponent_known == (real.upcard,)
    info = info.observe(0, "knock TS")
    assert info.view() == attrs.evolve(final.view(1), result=None)
    assert info.reveal(final.cards(0)).view() == final.view(1)


def test_an_information_set_built_on_a_state_takes_its_own_stock_draws() -> None:
    """Built from a state directly, an information set's stock draws default to those
    of its player in that state (never the opponent's)."""
    start = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    state = start.apply("pass").apply("pass")
    for _ in range(4):  # each player draws from the stock and throws what it drew
        state = state.apply("draw stock")
        drawn = state.view(state.turn).drawn_cards[-1]
        state = state.apply(f"discard {drawn}")
    for player in (0, 1):
        info = InformationSet(player, None, start.cards(player), state)
        assert info.view() == state.view(player)
        assert info.view().drawn_cards != state.view(1 - player).drawn_cards


def test_an_information_set_needs_an_upcard_where_one_is_turned() -> None:
    s = ginrules.deal(ginrules.rules("classic"), seed=3, dealer=1)
    with pytest.raises(ginrules.WrongTypeError, match="the upcard: a Card or its text"):
        InformationSet.start(s.rules, 0, 1, s.cards(0), None)


def test_an_upcard_among_the_players_cards_and_a_player_minus_one_are_refused() -> None:
    s = ginrules.deal(ginrules.rules("classic"), seed=3, dealer=1)
    mine = s.cards(0)
    with pytest.raises(GinRulesError, match=f"the upcard {mine[0]} is also one of the "
                                            "player's cards"):
        InformationSet.start(s.rules, 0, 1, mine, mine[0])
    info = InformationSet.start(s.rules, 0, 1, mine, s.upcard)
    for player in (-1, 2):
        with pytest.raises(GinRulesError, match=f"player must be player 0 or 1, not {player}"):
            info.observe(player, "pass")


def test_an_opponents_big_gin_where_the_rules_have_none_says_so() -> None:
    """The opponent declares big gin at its turn to discard, under rules that offer no
    big gin: refused, and the reason is the rules (not the turn)."""
    s = ginrules.deal(ginrules.rules("eaai"), seed=3, dealer=0)
    info = InformationSet.start(s.rules, 0, 0, s.cards(0), s.upcard).observe(1, "take")
    with pytest.raises(IllegalActionError, match=r"^event 2 \(player 1 big gin\): cannot "
                                                 "big gin: these rules do not offer big gin$"):
        info.observe(1, "big gin")


@pytest.mark.parametrize(("meld", "why"), [
    ("7H 8H 9H", "meld 7H 8H 9H holds 7H, which player 0 cannot hold: it is player 1's card"),
    ("7S 8S 9S", "meld 7S 8S 9S holds 9S, which player 0 cannot hold: it discards it"),
])
def test_an_opponents_knock_showing_a_meld_it_cannot_hold_is_refused(meld: str, why: str
                                                                     ) -> None:
    info = InformationSet.start(ginrules.rules("classic"), 1, 1,
                                "7H 8H 3H KS QS JS 2C 2D 9C 9D", "AS").observe(0, "take")
    refused(info, "^event 2 \\(player 0 knock 9S\\): " + why + "$", 0, "knock 9S",
            melds=[meld])


def _take_and_knock_kh(cards: str) -> tuple[HandState, InformationSet]:
    """Player 0 (the non-dealer) takes the upcard and knocks with KH, from a deck that
    starts with ``cards`` (dealt in turn, then the upcard): the hand's end, and the
    information set of player 1, the defender, that saw it."""
    deck = ginrules.parse_cards(cards)
    deck += tuple(c for c in ginrules.CARDS if c not in deck)
    s = ginrules.deal(ginrules.rules("classic"), deck=deck, dealer=1)
    info = InformationSet.start(s.rules, 1, 1, s.cards(1), s.upcard)
    return (s.apply("take").apply("knock KH"),
            info.observe(0, "take").observe(0, "knock KH"))


def test_the_defence_lays_nothing_off_against_gin_and_needs_the_melds() -> None:
    """Against gin the defender lays off nothing, though its JS would extend the
    knocker's run AS-TS (the real hand's result agrees); a defence of a knock whose melds
    were not reported asks for them."""
    end, info = _take_and_knock_kh("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC "
                                   "KH JS TS")
    with pytest.raises(GinRulesError, match=r"^the knocker's melds were not reported: give "
                                            r"them$"):
        info.defence()
    for melds in (["AS 2S 3S 4S 5S 6S 7S 8S 9S TS"], ["AS 2S 3S 4S 5S", "6S 7S 8S 9S TS"]):
        arrangement, layoffs = info.defence(melds)
        assert layoffs == () and arrangement.deadwood == 10
    assert end.result is not None and end.result.layoffs == ()


def test_the_defence_lays_off_against_a_knock_with_nine_cards_melded() -> None:
    """One short of gin (nine cards melded, 2H deadwood), the defender lays TS off onto
    the knocker's run AS-9S, as in the real hand."""
    end, info = _take_and_knock_kh("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 2H TC "
                                   "KH TS 9S")
    arrangement, layoffs = info.defence(["AS 2S 3S 4S 5S 6S 7S 8S 9S"])
    assert [str(x.card) for x in layoffs] == ["TS"] and arrangement.deadwood == 0
    assert end.result is not None and end.result.layoffs == layoffs
