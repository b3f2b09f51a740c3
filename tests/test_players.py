"""Views hide what must be hidden; the computer players' behaviours, determinism, hints."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import (
    CARDS,
    PRESETS,
    Action,
    ActionKind,
    Card,
    Deck,
    GinRulesError,
    HandState,
    Phase,
    cards_to_mask,
    parse_cards,
)
from ginrules import hand as h
from ginrules.game import new_game, play
from ginrules.masks import best_discards_of_mask
from ginrules.players import (
    AdvancedPlayer,
    BasicPlayer,
    Hint,
    Player,
    RandomPlayer,
    View,
    make_player,
    seat,
    view,
)

# -- views hide what must be hidden ----------------------------------------------------


def cards_in(value: Any, out: set[Card]) -> None:
    """Every card reachable from a view's fields (rules excluded: they hold no cards)."""
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, (tuple, list)):
        for item in value:
            cards_in(item, out)
    elif isinstance(value, ginrules.RuleSet):
        return
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            cards_in(getattr(value, field.name), out)


def check_view(state: HandState, player: int, seen: int) -> View:
    v = view(state, player)
    assert v.mask == state.masks[player] == cards_to_mask(v.cards)
    found: set[Card] = set()
    cards_in(v, found)
    for event in v.events:
        cards_in(event, found)
    hidden = cards_to_mask(found) & ~seen
    assert not hidden, f"player {player} sees unseen cards {ginrules.cards_from_mask(hidden)}"
    # what the view says about the opponent is true
    assert cards_to_mask(v.opponent_known) & ~state.masks[1 - player] == 0
    assert v.opponent_count == state.masks[1 - player].bit_count()
    assert v.stock_size == state.stock_size
    # its own stock draws, in order: the cards the stock dealt it, each seen by it
    deck, drawn = state.deck.cards, []
    draws = [who for who, a in state.actions if a.kind is ActionKind.DRAW_STOCK]
    for k, who in enumerate(draws):
        if who == player:
            drawn.append(deck[21 + k])
    assert list(v.drawn_cards) == drawn
    if v.drawn is not None and state.actions[-1][1].kind is ActionKind.DRAW_STOCK:
        assert v.drawn == v.drawn_cards[-1]
    if state.turn == player and not state.is_over:
        assert v.legal_actions == h.legal_actions(state)
    else:
        assert v.legal_actions == ()
    json.dumps(v.to_dict())
    return v


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 1),
    preset=st.sampled_from(sorted(PRESETS)),
    kinds=st.tuples(st.sampled_from(["random", "basic"]), st.sampled_from(["random", "basic"])),
)
def test_no_view_contains_an_unseen_card(
    seed: int, dealer: int, preset: str, kinds: tuple[str, str]
) -> None:
    state = h.deal(ginrules.rules(preset), seed=seed, dealer=dealer)
    players = [make_player(kinds[0], seed), make_player(kinds[1], seed + 1)]
    up = state.upcard.mask if state.upcard is not None else 0  # (none: RLCard's opening)
    seen = [state.masks[0] | up, state.masks[1] | up]
    while True:
        for p in (0, 1):
            seen[p] |= state.masks[p] | cards_to_mask(state.discard_pile)
        if state.is_over:
            result = state.result
            assert result is not None
            shown: set[Card] = set()
            cards_in(result, shown)
            for p in (0, 1):
                seen[p] |= cards_to_mask(shown)
        for p in (0, 1):
            check_view(state, p, seen[p])
        if state.is_over:
            break
        state = h.apply(state, players[state.turn].choose(view(state, state.turn)))


def texts(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def test_views_before_and_after_a_knock_worked_by_hand() -> None:
    """Dealer 0 holds 7H 8H TD AS 5C 6S 3D KC 8S 4C, player 1 holds 4H 5H 6H 9C 9D 9S
    JD QD KD 2C; the upcard is QS and 3S tops the stock. Player 1 passes, player 0 takes QS
    and discards KC, player 1 draws 3S (and later knocks with it: deadwood 2C = 2)."""
    knocker = "4H 5H 6H 9C 9D 9S JD QD KD 2C"
    state = situation(knocker, "7H 8H TD AS 5C 6S 3D KC 8S 4C", "QS", "3S",
                      actions=("pass", "take", "discard KC", "draw stock"))
    events = ["player 1 pass (declined QS)", "player 0 take QS", "player 0 discard KC",
              "player 1 draw stock (declined KC)"]
    # player 0, waiting: its own ten (QS in, KC out), the public pile and count, nothing
    # of player 1's hand: not even the 3S it drew, since a stock draw is not shown
    v0 = view(state, 0)
    assert texts(v0.cards) == ["4C", "5C", "3D", "TD", "7H", "8H", "AS", "6S", "8S", "QS"]
    assert v0.drawn is None and texts(v0.discard_pile) == ["KC"] and v0.stock_size == 30
    assert v0.opponent_known == () and v0.opponent_count == 11
    assert (v0.turn, v0.phase, v0.legal_actions) == (1, Phase.DISCARD, ())
    assert [str(e) for e in v0.events] == events
    seen: set[Card] = set()
    cards_in(v0, seen)
    assert sorted(seen) == sorted(parse_cards("4C 5C 3D TD 7H 8H AS 6S 8S QS KC"))
    # player 1, to discard: its eleven with the 3S drawn, and the QS it saw player 0 take
    v1 = view(state, 1)
    assert texts(v1.cards) == ["2C", "9C", "9D", "JD", "QD", "KD", "4H", "5H", "6H", "3S",
                               "9S"]
    assert str(v1.drawn) == "3S" and texts(v1.opponent_known) == ["QS"]
    assert v1.opponent_count == 10 and len(v1.legal_actions) == 13  # 11 discards, 2 knocks
    assert [str(e) for e in v1.events] == events
    seen = set()
    cards_in(v1, seen)
    assert sorted(seen) == sorted(parse_cards(knocker + " 3S QS KC"))
    # after the knock both see both arrangements: the knocker's melds, the defender's
    # layoffs (7H then 8H onto 4H-6H, TD onto JD-KD) and deadwood AS 5C 6S 3D QS 8S 4C =
    # 1 + 5 + 6 + 3 + 10 + 8 + 4 = 37
    over = h.apply(state, "knock 3S")
    for player in (0, 1):
        v = view(over, player)
        assert (v.phase, v.legal_actions, texts(v.discard_pile)) == (Phase.OVER, (),
                                                                      ["KC", "3S"])
        result = v.result
        assert result is not None and result.knocker == 1
        assert texts(result.knocker_melds) == ["4H 5H 6H", "9C 9D 9S", "JD QD KD"]
        assert texts(result.layoffs) == ["7H onto 4H 5H 6H", "8H onto 4H 5H 6H",
                                         "TD onto JD QD KD"]
        assert (result.knocker_deadwood, result.defender_deadwood) == (2, 37)
        assert result.defender_arrangement is not None
        assert sorted(result.defender_arrangement.deadwood_cards) == sorted(
            parse_cards("AS 5C 6S 3D QS 8S 4C"))
    assert texts(view(over, 1).opponent_known) == ["QS"]
    assert view(over, 0).opponent_known == ()


def test_view_of_a_dead_hand_shows_no_opponent_cards() -> None:
    state = h.deal(ginrules.rules("classic", max_turns=2), seed=3, dealer=0)
    player = RandomPlayer(seed=1)
    while not state.is_over:
        state = h.apply(state, player.choose(view(state, state.turn)))
    result = state.result
    assert result is not None and result.kind is ginrules.EndKind.DEAD
    found: set[Card] = set()
    cards_in(view(state, 0), found)
    assert cards_to_mask(found) & state.masks[1] & ~cards_to_mask(view(state, 0).opponent_known) == 0


def test_view_rejects_a_bad_player() -> None:
    state = h.deal(ginrules.rules("classic"), seed=1)
    with pytest.raises(GinRulesError, match="no player 2"):
        view(state, 2)


def test_events_name_the_public_cards() -> None:
    state = h.deal(ginrules.rules("classic"), seed=7, dealer=0)  # upcard TS
    state = h.apply(state, "take")
    drop = next(a for a in h.legal_actions(state) if a.kind is ActionKind.DISCARD)
    state = h.apply(state, drop)
    state = h.apply(state, "draw stock")
    v = view(state, 1)
    assert [str(e) for e in v.events] == [
        "player 1 take TS",
        f"player 1 discard {drop.card}",
        f"player 0 draw stock (declined {drop.card})",
    ]
    assert v.drawn is None and view(state, 0).drawn in view(state, 0).cards
    assert [str(c) for c in view(state, 0).opponent_known] == ["TS"]


def test_a_big_gin_event_names_the_player_who_went_big_gin() -> None:
    spades, clubs = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC"
    for who, hands, actions in ((1, (spades, clubs), ("take",)),
                                (0, (clubs, spades), ("pass", "take"))):
        state = situation(*hands, "JS", actions=(*actions, "big gin"))
        assert state.result is not None and state.result.knocker == who
        for viewer in (0, 1):
            assert [str(e) for e in view(state, viewer).events][-2:] == [
                f"player {who} take JS", f"player {who} big gin"]


# -- constructed situations --------------------------------------------------------------


def deck_for(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> Deck:
    """A deck dealing these hands (dealer 0 deals: the non-dealer is player 1)."""
    a, b = parse_cards(non_dealer), parse_cards(dealer)
    assert len(a) == len(b) == 10
    first = [*parse_cards(upcard), *parse_cards(stock)]
    used = set(a) | set(b) | set(first)
    rest = [c for c in CARDS if c not in used]
    order = [card for pair in zip(a, b, strict=True) for card in pair]
    return Deck((*order, *first, *rest))


def situation(non_dealer: str, dealer: str, upcard: str, stock: str = "",
              actions: tuple[str, ...] = (), rules: str = "classic") -> HandState:
    state = h.deal(ginrules.rules(rules), deck=deck_for(non_dealer, dealer, upcard, stock),
                   dealer=0)
    for action in actions:
        state = h.apply(state, action)
    return state


PLAIN = "AC 2C 3C 4D 5D 6D 9S KH KD QC"
OTHER = "2H 3H 4H 5S 6S 7S 8H JC JH TC"


def choose(player: Player, state: HandState) -> str:
    return str(player.choose(view(state, state.turn)))


@pytest.mark.parametrize(("drawn", "reason"), [
    # AS leaves 9, the least (1) and 8 more: weighed, and named as the rival
    ("9D", "discard 9D: it leaves the least deadwood, 1 (AS: 9)"),
    # every other discard leaves 9 more or more: none is weighed, and the reason says so
    ("TD", "discard TD: it leaves the least deadwood (1); every other discard leaves at "
           "least 9 more"),
])
@pytest.mark.parametrize("level", ["advanced", "expert"])
def test_a_discard_leaving_more_than_eight_above_the_least_is_not_weighed(
        drawn: str, reason: str, level: str) -> None:
    """The advanced and expert levels weigh only the discards within 8 points of the
    least deadwood; where no other discard is, the reason says how much more each leaves.
    Gin only (knock limit 0), so that a discard leaving 1 is no knock."""
    deck = deck_for("4C 4D 4S 7H 8H 9H 5C 6C 7C AS", "2H 3H 4H 5S 6S 7S JC JH TC QC",
                    "QD", drawn)
    state = h.deal(ginrules.rules("classic", knock_limit=0), deck=deck, dealer=0)
    for action in ("pass", "pass", "draw stock"):
        state = h.apply(state, action)
    assert str(make_player(level).decide(view(state, 1))) == reason


@pytest.mark.parametrize(("expected", "said"), [
    (10.0, "pass: 7D saves only 10 deadwood (39 -> 29); a stock card saves 10.0 on average"),
    (9.5, "take: 7D makes a meld (deadwood 39 -> 29), saving 10; a stock card saves 9.5 on "
          "average"),
])
def test_the_advanced_level_takes_a_card_only_when_it_saves_more_than_a_stock_card(
        monkeypatch: pytest.MonkeyPatch, expected: float, said: str) -> None:
    """The upcard 7D makes a meld and saves 10 deadwood; a stock card is made to save
    ``expected`` on average. At a tie the stock card is as good: the upcard is passed, and
    the reason says it saves only as much (not that it makes no meld)."""
    import ginrules.players.advanced as advanced

    monkeypatch.setattr(advanced, "_potential", lambda *_: expected)
    v = view(situation(PLAIN, OTHER, "7D"), 1)
    assert str(AdvancedPlayer().decide(v)) == said


@pytest.mark.parametrize(("hand", "said"), [
    # 9H 2S (11) over the limit: 8S for 9H leaves 10, a knock, though it saves only 1
    ("AC 2C 3C 4C 5D 6D 7D 8D 9H 2S", "take: 8S lets you knock (deadwood 11 -> 10)"),
    # 9H AS (10) at the limit already: saving 1 is no better than a stock card
    ("AC 2C 3C 4C 5D 6D 7D 8D 9H AS", "pass: 8S saves only 1 deadwood (10 -> 9)"),
])
def test_the_advanced_level_takes_a_card_that_brings_it_to_the_knock_limit(
        hand: str, said: str) -> None:
    """A take that brings the deadwood from over the knock limit to it is taken, whatever
    it saves; from the limit (a knock already), it is weighed as any other."""
    v = view(situation(hand, OTHER, "8S"), 1)
    assert str(AdvancedPlayer().decide(v)).startswith(said)


@pytest.mark.parametrize(("expected", "said"), [
    (2.0, "take: AH lowers your deadwood (deadwood 39 -> 30), saving 9; a stock card "
          "saves 2.0 on average"),
    (6.0, "take: AH lowers your deadwood (deadwood 39 -> 30), saving 9; a stock card "
          "saves 6.0 on average"),  # 9 is exactly 6 and the margin, 3
    (6.5, "pass: AH saves 9 deadwood (39 -> 30) without making a meld; a stock card saves "
          "6.5 on average, and a card that makes no meld must save 3 more to be taken"),
])
def test_a_card_that_makes_no_meld_is_taken_when_it_saves_the_margin_more(
        monkeypatch: pytest.MonkeyPatch, expected: float, said: str) -> None:
    """AH melds with nothing; taken for KH it saves 9. A stock card is made to save
    ``expected`` on average: AH is taken when 9 is at least that and the take margin
    (3), and the reason says it lowers the deadwood, not that it makes a meld."""
    import ginrules.players.advanced as advanced

    monkeypatch.setattr(advanced, "_potential", lambda *_: expected)
    v = view(situation("AC 2C 3C 4D 5D 6D KH QS JS 9H", OTHER, "AH"), 1)
    assert str(AdvancedPlayer().decide(v)) == said


def test_the_dealers_first_stock_draw_after_a_take_declines_the_discard() -> None:
    """Player 1 (the non-dealer) takes the upcard KS and discards QC; dealer 0 draws from
    the stock: it declined QC (only a stock draw after two passes declines nothing).
    The events, the inference weights, the advanced player's memory and the
    observation's plane all say so, as seen by player 1."""
    from ginrules.interop.observation import PLANES, masks
    from ginrules.players.advanced import _memory
    from ginrules.players.determinize import DECLINED_FACTOR, inference_weights

    state = situation(PLAIN, OTHER, "KS", actions=("take", "discard QC", "draw stock"))
    qc = Card.parse("QC")
    v = view(state, 1)
    assert [str(e) for e in v.events] == [
        "player 1 take KS", "player 1 discard QC", "player 0 draw stock (declined QC)"]
    # the cards that meld with QC (queens, and clubs within two ranks) and player 1 has
    # not seen weigh 0.55; nothing else is evidence
    near = set(parse_cards("QD QH QS TC JC KC"))
    weights = inference_weights(v)
    assert near <= set(weights)
    assert {c: w for c, w in weights.items() if w != 1.0} == dict.fromkeys(near, DECLINED_FACTOR)
    assert _memory(v, 0, False).declined == qc.mask
    planes = dict(zip(PLANES, masks(v), strict=True))
    assert planes["opp_declined"] == qc.mask
    # player 0's own draw is no evidence of player 1's, who took what it was offered
    own = view(state, 0)
    assert _memory(own, 0, False).declined == 0
    assert dict(zip(PLANES, masks(own), strict=True))["opp_declined"] == 0


def test_basic_takes_the_upcard_only_when_it_makes_a_meld() -> None:
    assert choose(BasicPlayer(), situation(PLAIN, OTHER, "4C")) == "take"  # extends AC-3C
    assert choose(BasicPlayer(), situation(PLAIN, OTHER, "KS")) == "take"  # KH KD KS
    assert choose(BasicPlayer(), situation(PLAIN, OTHER, "AH")) == "pass"  # lower, no meld


def test_basic_draws_the_discard_only_when_it_makes_a_meld() -> None:
    # player 1 passes the upcard TS, player 0 takes it and discards; player 1 draws
    run = situation(PLAIN, OTHER.replace("TC", "4C"), "TS", actions=(
        "pass", "take", "discard 4C"))  # 4C extends AC 2C 3C
    assert choose(BasicPlayer(), run) == "draw discard"
    lone = situation(PLAIN, OTHER, "TS", actions=("pass", "take", "discard JC"))
    assert choose(BasicPlayer(), lone) == "draw stock"  # JC melds with nothing


def test_basic_discards_the_least_deadwood_highest_card_among_equals() -> None:
    # AC-3C and 4D-6D melded; 9S KH KD QC and the drawn JS are deadwood: any ten-pointer
    # leaves 39, and the highest is a king, KH before KD (hearts rank above diamonds)
    state = situation(PLAIN, OTHER, "8C", "JS", actions=("pass", "pass", "draw stock"))
    assert choose(BasicPlayer(), state) == "discard KH"


def test_the_basic_hint_gives_the_deadwood_its_discard_leaves() -> None:
    # the state above: AC-3C and 4D-6D melded, 9S KH KD QC JS deadwood (49); throwing
    # KH leaves 9 + 10 + 10 + 10 = 39. A knock says the same of its card: KH leaves QD
    # (10); TS, drawn instead, makes 7S-TS and leaves nothing: gin
    state = situation(PLAIN, OTHER, "8C", "JS", actions=("pass", "pass", "draw stock"))
    quick = ginrules.hint(view(state, 1), budget=0)
    assert str(quick) == "discard KH: the basic level discards to leave the least deadwood (39)"
    hand = "AC 2C 3C 4D 5D 6D 7S 8S 9S KH"
    other = OTHER.replace("7S", "7C").replace("8H", "8C")
    knock = situation(hand, other, "5C", "QD", actions=("pass", "pass", "draw stock"))
    assert str(ginrules.hint(view(knock, 1), budget=0)) == (
        "knock KH: the basic level knocks as soon as it may, with the least deadwood (10)")
    gin = situation(hand, other, "5C", "TS", actions=("pass", "pass", "draw stock"))
    assert str(ginrules.hint(view(gin, 1), budget=0)) == (
        "knock KH: the basic level goes gin whenever it can")
    # after both players pass the upcard, the stock is the one draw there is
    first = situation(PLAIN, OTHER, "8C", "JS", actions=("pass", "pass"))
    assert str(ginrules.hint(view(first, 1), budget=0)) == (
        "draw stock: the basic level draws from the stock: the discard pile cannot be drawn "
        "now")
    # eleven cards in melds (AS-JS after taking JS): big gin, where the rules offer it
    deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC TS JC "
                                "JS")
    deck += tuple(c for c in ginrules.CARDS if c not in deck)
    big = ginrules.deal(ginrules.rules("classic"), deck=deck, dealer=1).apply("take")
    assert str(ginrules.hint(view(big, 0), budget=0)) == (
        "big gin: the basic level declares big gin whenever it can")


def test_basic_knocks_as_soon_as_it_may() -> None:
    hand = "AC 2C 3C 4D 5D 6D 7S 8S 9S KH"
    state = situation(hand, OTHER.replace("7S", "7C").replace("8H", "8C"), "5C", "QD",
                      actions=("pass", "pass", "draw stock"))
    assert choose(BasicPlayer(), state) == "knock KH"  # KH or QD leave 10: the higher goes
    gin = situation(hand, OTHER.replace("7S", "7C").replace("8H", "8C"), "5C", "TS",
                    actions=("pass", "pass", "draw stock"))
    assert choose(BasicPlayer(), gin) == "knock KH"  # gin


def test_basic_declares_big_gin() -> None:
    hand = "AC 2C 3C 4D 5D 6D 7S 8S 9S TS"
    state = situation(hand, OTHER.replace("7S", "7C").replace("8H", "8C"), "5C", "JS",
                      actions=("pass", "pass", "draw stock"))
    assert choose(BasicPlayer(), state) == "big gin"
    assert choose(AdvancedPlayer(), state) == "big gin"


def test_players_refuse_to_act_out_of_turn() -> None:
    state = h.deal(ginrules.rules("classic"), seed=1, dealer=0)
    for player in (RandomPlayer(), BasicPlayer(), AdvancedPlayer()):
        with pytest.raises(GinRulesError, match="player 1's turn"):
            player.choose(view(state, 0))


def feeding_situation() -> HandState:
    """Straight gin. Player 1 takes the upcard 7H and later draws 7D from the pile, so
    player 0 knows both; player 0 then holds 7C and 6S as its only deadwood."""
    return situation(
        non_dealer="2H 3H 4H KS QS JS TD 8D 2S 3S",
        dealer="AC 2C 3C 4D 5D 6D 9S 9C 9H 7D",
        upcard="7H",
        stock="7C 6S",
        actions=("take", "discard KS", "draw stock", "discard 7D", "draw discard",
                 "discard QS", "draw stock"),
        rules="straight",
    )


def test_advanced_does_not_feed_a_known_meld() -> None:
    state = feeding_situation()
    v = view(state, 0)
    assert {str(c) for c in v.opponent_known} == {"7H", "7D"}
    assert choose(BasicPlayer(), state) == "discard 7C"  # the least deadwood
    assert choose(AdvancedPlayer(), state) != "discard 7C"  # but 7C makes their set


def test_hint_is_the_expert_move_with_a_reason() -> None:
    state = feeding_situation()
    hint = ginrules.hint(view(state, 0))
    assert isinstance(hint, Hint)
    assert hint.action == ginrules.players.ExpertPlayer().choose(view(state, 0))
    assert hint.action in h.legal_actions(state)
    assert "opponent" in hint.reason and str(hint).startswith(str(hint.action))


def test_advanced_takes_gin() -> None:
    hand = "AC 2C 3C 4D 5D 6D 7S 8S 9S KH"
    state = situation(hand, OTHER.replace("7S", "7C").replace("8H", "8C"), "5C", "TS",
                      actions=("pass", "pass", "draw stock"))
    assert choose(AdvancedPlayer(), state) == "knock KH"
    assert ginrules.hint(view(state, 1)).reason == \
        "gin: the ten cards left all meld (the expert level's move)"


def test_advanced_takes_a_card_that_lets_it_knock_and_says_so() -> None:
    # 9S melds 7S 8S; thrown KH leaves QH alone, 10 at the limit: from 35 to a knock
    state = situation("AC 2C 3C 4D 5D 6D 7S 8S KH QH", "2H 3H 4H 5S 6S 7H 9H JC JH TC",
                      "9S")
    assert str(AdvancedPlayer().decide(view(state, 1))) == (
        "take: 9S lets you knock (deadwood 35 -> 10)")
    # without 6D's meld the same take saves as much but leaves 29, over the limit: it
    # makes a meld, and says that instead
    state = situation("AC 2C 3C 4D 5D JD 7S 8S KH QH", "2H 3H 4H 5S 6S 7H 9H JC JH TC",
                      "9S")
    assert str(AdvancedPlayer().decide(view(state, 1))).startswith(
        "take: 9S makes a meld (deadwood 54 -> 29), saving 25")


# -- determinism, protocol, adapter -------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "basic", "advanced"])
def test_players_are_deterministic_for_a_seed(name: str) -> None:
    def game() -> ginrules.game.GameState:
        return play(new_game(ginrules.rules("classic", max_turns=40), seed=9),
                    [make_player(name, 1), make_player(name, 2)])

    first, second = game(), game()
    assert [x.actions for x in first.finished] == [x.actions for x in second.finished]


def test_random_player_depends_on_its_seed() -> None:
    state = h.deal(ginrules.rules("classic"), seed=4)
    state = h.apply(h.apply(h.apply(state, "pass"), "pass"), "draw stock")
    choices = {str(RandomPlayer(seed=s).choose(view(state, state.turn))) for s in range(20)}
    assert len(choices) > 3
    assert all(Action.parse(c) in h.legal_actions(state) for c in choices)


def test_players_follow_the_protocol() -> None:
    for name in ("random", "basic", "advanced", "expert", "master", "beginner",
                 "intermediate"):
        assert isinstance(make_player(name), Player)
    with pytest.raises(GinRulesError, match="unknown player"):
        make_player("grandmaster")


def test_seat_adapts_a_view_player_for_game_play() -> None:
    g = ginrules.game.play(new_game(ginrules.rules("short"), seed=2),
                           [seat(BasicPlayer()), seat(AdvancedPlayer(seed=2))])
    assert g.is_over and g.winner in (0, 1)
    with pytest.raises(GinRulesError, match="two players"):
        play(new_game(ginrules.rules("short"), seed=2), [BasicPlayer()])


# -- the EAAI baseline ----------------------------------------------------------------


def _states_for(player: object, preset: str, seeds: range) -> list[tuple[ginrules.HandState, int]]:
    """Every decision point of hands played by ``player`` in both seats."""
    from ginrules.players import SimplePlayer

    assert isinstance(player, SimplePlayer)
    out = []
    for seed in seeds:
        state = ginrules.deal(ginrules.rules(preset), seed=seed, dealer=seed % 2)
        while not state.is_over:
            out.append((state, state.turn))
            state = state.apply(player.choose(view(state, state.turn)))
    return out


def _in_a_meld(hand: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` makes a set or a run of three with two cards of ``hand``."""
    rank = int(card.rank)
    suited = {int(c.rank) for c in hand if c.suit == card.suit}
    return sum(c.rank == card.rank for c in hand) >= 2 or any(
        {rank + a, rank + b} <= suited for a, b in ((-2, -1), (-1, 1), (1, 2)))


def _own_pairs(state: ginrules.HandState, player: int) -> set[frozenset[Card]]:
    """The (card drawn, card discarded) pairs of ``player``'s turns so far."""
    pile, stock = [state.upcard], iter(state.deck.cards[21:])
    drawn: Card | None = None
    out: set[frozenset[Card]] = set()
    for who, action in state.actions:
        if action.kind is ActionKind.DRAW_STOCK:
            drawn = next(stock)
        elif action.kind in (ActionKind.TAKE, ActionKind.DRAW_DISCARD):
            drawn = pile.pop()
        elif action.card is not None:
            pile.append(action.card)
            if who == player:
                assert drawn is not None
                out.add(frozenset((drawn, action.card)))
    return out


@pytest.mark.parametrize("preset", ["eaai", "dutch"])
def test_simple_player_follows_the_published_policy(preset: str) -> None:
    from ginrules.players import SimplePlayer

    player = SimplePlayer(seed=3)
    for state, mover in _states_for(player, preset, range(40)):
        v = view(state, mover)
        action = player.choose(v)
        kind = action.kind.value
        if state.phase.value == "offer":
            # the face-up card is taken exactly when it is in a meld with two of the hand
            assert (kind == "take") == _in_a_meld(v.cards, v.upcard)
        elif state.phase.value == "draw":
            top = v.top_discard
            melds = top is not None and state.turns > 0 and _in_a_meld(v.cards, top)
            assert (kind == "draw discard") == melds
        elif kind != "big gin":
            assert action.card is not None
            assert action.card != state.taken  # never the card just taken, whatever the rules
            done = _own_pairs(state, mover)
            left = [(d, i) for i, d in ginrules.discard_deadwoods_of_mask(v.mask)
                    if (state.taken is None or i != state.taken.index)
                    and frozenset((v.drawn, CARDS[i])) not in done]
            least = min(d for d, _ in left)
            assert frozenset((v.drawn, action.card)) not in done
            assert ginrules.deadwood_of_mask(v.mask & ~action.card.mask) == least
            assert (kind == "knock") == (least <= state.knock_limit)


# Non-dealer 1 holds AC 3C 4C 5C 2D 3D 4D 5D 4H AS (runs 3C-5C and 2D-5D, deadwood AC 4H
# AS = 6) and is offered 5H, which melds (the fours and the fives as sets: AC 2D 3D AS
# 3C = 10 < 6 + 5). Taken, 5H is the best discard (back to 6); the best of the others
# leave 7: 3C, 3D or 4H (for 3C, the sets and AC 2D 3D AS).
TAKES_5H = "AC 3C 4C 5C 2D 3D 4D 5D 4H AS"
AGAINST_5H = "6H 7H 8H 9S TS JS QH KC KD 9C"


@pytest.mark.parametrize("preset", ["dutch", "openspiel", "eaai", "classic"])
def test_simple_player_never_discards_the_card_it_took(preset: str) -> None:
    """Where the rules allow the card just taken to be thrown (dutch, openspiel) as where
    they forbid it, the simple player does not: it throws the best of the others, at
    random among equals, and knocks with it (deadwood 7)."""
    from ginrules.players import SimplePlayer

    state = situation(TAKES_5H, AGAINST_5H, "5H", rules=preset)
    assert SimplePlayer().choose(view(state, 1)) == Action.parse("take")
    state = h.apply(state, "take")
    taken_is_legal = Action.parse("knock 5H") in state.legal_actions()
    assert taken_is_legal is state.rules.may_discard_taken_card
    chosen = {SimplePlayer(seed=seed).choose(view(state, 1)) for seed in range(12)}
    assert chosen == {Action.parse(f"knock {c}") for c in ("3C", "3D", "4H")}


def test_simple_player_is_reproducible_and_by_name() -> None:
    """The simple player breaks ties between its least-deadwood discards at random, from
    its seed (its only randomness): the same deals played by the same seeds give the
    same game, by other seeds another game."""
    from ginrules.players import SimplePlayer

    def game_of(seed: int) -> list[tuple[tuple[int, Action], ...]]:
        players = [SimplePlayer(seed=seed), SimplePlayer(seed=seed + 10)]
        final = play(new_game(ginrules.rules("eaai"), seed=5), players)
        return [tuple(hand.actions) for hand in final.finished]

    first = game_of(2)
    assert len(first) > 5 and game_of(2) == first
    assert all(game_of(seed) != first for seed in (3, 4))
    assert make_player("simple", seed=4) == SimplePlayer(seed=4)


def test_the_danger_of_a_discard_worked_by_hand() -> None:
    # 7H (rank 7, hearts) melds with two of 7C 7D 7S, or with 5H 6H, 6H 8H or 8H 9H: six
    # pairs. Each unseen card is in the opponent's hand with chance q = 0.5, so a pair
    # with chance 0.25, and the danger is 1 - 0.75 ** 6 = 0.822021484375.
    from ginrules.players.advanced import AdvancedPlayer, _Memory

    seven = ginrules.Card.parse("7H").index
    player = AdvancedPlayer()
    nothing = _Memory(known=0, declined=0, discarded=0, stock_draws=0, weights=None)
    assert player._danger(seven, 0, nothing, 0, 0.5) == pytest.approx(0.822021484375)
    # The opponent passed 7D: sets of sevens are less likely, each set pair counts 0.4 of
    # its chance (0.1); the runs keep 0.25: 1 - 0.9 ** 3 * 0.75 ** 3 = 0.692453125.
    passed = _Memory(known=0, declined=ginrules.Card.parse("7D").mask, discarded=0,
                     stock_draws=0, weights=None)
    assert player._danger(seven, 0, passed, 0, 0.5) == pytest.approx(0.692453125)
    thrown = _Memory(known=0, declined=0, discarded=ginrules.Card.parse("7D").mask,
                     stock_draws=0, weights=None)  # thrown away: the same reading
    assert player._danger(seven, 0, thrown, 0, 0.5) == pytest.approx(0.692453125)
    # It passed 6H instead: the three runs count 0.4 of their chance, the sets keep theirs
    near = _Memory(known=0, declined=ginrules.Card.parse("6H").mask, discarded=0,
                   stock_draws=0, weights=None)
    assert player._danger(seven, 0, near, 0, 0.5) == pytest.approx(0.692453125)
    # The opponent is known to hold 8H: the pairs with it are 0.5 likely, and 6H 8H and
    # 8H 9H are both there: 1 - 0.75 ** 4 * 0.5 ** 2 = 0.9208984375.
    holds = _Memory(known=ginrules.Card.parse("8H").mask, declined=0, discarded=0,
                    stock_draws=0, weights=None)
    assert player._danger(seven, 0, holds, 0, 0.5) == pytest.approx(0.9208984375)
    # The opponent is known to hold 7C and 7S, and passed 7D: the set is certain, and a
    # certainty is not discounted by what was passed: the danger is 1.
    both = _Memory(known=ginrules.cards_to_mask("7C 7S"), declined=ginrules.Card.parse(
        "7D").mask, discarded=0, stock_draws=0, weights=None)
    assert player._danger(seven, 0, both, 0, 0.5) == 1.0


def test_the_quick_melded_cards_worked_by_hand() -> None:
    # _melded over-estimates what is melded: every run of three and every rank held
    # three times, overlaps and all; a pair and lone cards are left out
    from ginrules.players._estimates import _melded

    def mask(text: str) -> int:
        return ginrules.cards_to_mask(text)

    assert _melded(mask("5H 6H 7H 9C 9D 9S KS QD 2C 2D")) == mask("5H 6H 7H 9C 9D 9S")
    assert _melded(mask("AC 2C 3C 4C JD QD")) == mask("AC 2C 3C 4C")
    assert _melded(mask("JS QS KS 7S 7H 7D 7C")) == mask("JS QS KS 7S 7H 7D 7C")
    assert _melded(mask("QC KC AD 2D")) == 0  # no run wraps round the king


_HAND_MASKS = st.lists(st.integers(0, 51), min_size=0, max_size=17, unique=True).map(
    lambda cards: sum(1 << i for i in cards))


def _can_meld(a: int, b: int, c: int) -> bool:
    """Whether three distinct card indices make a set or a run (the naive way)."""
    ranks = sorted(i % 13 for i in (a, b, c))
    suits = {i // 13 for i in (a, b, c)}
    if len(set(ranks)) == 1:
        return True
    return len(suits) == 1 and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1


# a king or queen of one suit with an ace or two of the next: a shift must not wrap
_WRAPS = [ginrules.cards_to_mask(f"{high}{suit} {low}{after}")
          for suit, after in zip("CDH", "DHS", strict=True) for high in "QK" for low in "A2"]


@given(_HAND_MASKS)
@example(ginrules.cards_to_mask("QC KC AD 2D QD KD AH 2H QH KH AS 2S"))
def test_the_advanced_players_bit_tricks_agree_with_their_definitions(mask: int) -> None:
    _check_bit_tricks(mask)


@pytest.mark.parametrize("mask", _WRAPS)
def test_the_advanced_players_bit_tricks_do_not_wrap_round_a_suit(mask: int) -> None:
    _check_bit_tricks(mask)


def _check_bit_tricks(mask: int) -> None:
    # exact, then fast: the mask functions the advanced player decides with, against
    # their definitions card by card
    from ginrules.players._estimates import _indices, _meld_makers, _partnered

    held = [i for i in range(52) if mask >> i & 1]
    assert _indices(mask) == held
    makers = sum(1 << c for c in range(52) if not mask >> c & 1 and any(
        _can_meld(c, a, b) for a in held for b in held if a < b))
    assert _meld_makers(mask) == makers
    partnered = sum(1 << a for a in held if any(
        b != a and (b % 13 == a % 13 or (b // 13 == a // 13 and abs(b - a) <= 2))
        for b in held))
    assert _partnered(mask) == partnered


@given(_HAND_MASKS, st.integers(0, 7), st.integers(0, 2**52 - 1))
def test_keep_best_throws_the_cards_its_order_names(mask: int, drop: int, keep: int) -> None:
    # the reference: sort the cards not kept by (melded, has a partner, higher rank first,
    # higher suit first) and throw the first `drop`
    from ginrules.players._estimates import _keep_best, _melded

    keep &= mask
    melded = _melded(mask)
    held = [i for i in range(52) if mask >> i & 1]

    def key(a: int) -> tuple[int, int, int, int]:
        partner = any(b != a and (b % 13 == a % 13 or (
            b // 13 == a // 13 and abs(b - a) <= 2)) for b in held)
        return melded >> a & 1, int(partner), -(a % 13), -(a // 13)

    order = sorted((a for a in held if not keep >> a & 1), key=key)
    expected = mask & ~sum(1 << a for a in order[:max(0, drop)])
    assert _keep_best(mask, drop, keep) == expected


# any ten cards, and ten of the twenty aces to fives (ranks held three times, sets to make)
_TEN_CARDS = st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True) | st.lists(
    st.sampled_from([i for i in range(52) if i % 13 < 5]), min_size=10, max_size=10,
    unique=True)


@settings(max_examples=300)
@given(_TEN_CARDS, st.lists(st.floats(0.0, 1.0), min_size=52, max_size=52) | st.none())
def test_the_potential_of_a_hand_agrees_with_its_definition(
        cards: list[int], stock: list[float] | None) -> None:
    # the expected deadwood saved by one more card of the pool, each card weighed by its
    # chance to be in the stock: drawing it and throwing the best discard
    from ginrules.masks import _best_discard_deadwood, _deadwood
    from ginrules.players._estimates import _potential

    mask = sum(1 << i for i in cards)
    pool = [i for i in range(52) if not mask >> i & 1][::2]
    weight = [1.0 if stock is None else stock[i] for i in pool]
    base = _deadwood(mask)
    saved = sum(w * max(0, base - _best_discard_deadwood(mask | 1 << i))
                for i, w in zip(pool, weight, strict=True))
    expected = saved / sum(weight) if base and sum(weight) else 0.0
    assert _potential(mask, pool, stock) == pytest.approx(expected, abs=1e-9)


@given(_TEN_CARDS, st.lists(st.floats(0.0, 1.0), min_size=52, max_size=52) | st.none(),
       st.integers(0, 2**52 - 1))
def test_the_potential_bound_is_never_below_the_potential(
        cards: list[int], stock: list[float] | None, pool_bits: int) -> None:
    # the discard skips pricing a card whose bound cannot win: the bound must hold
    from ginrules.players._estimates import _pool_points, _potential, _potential_bound

    mask = sum(1 << i for i in cards)
    pool = [i for i in range(52) if not mask >> i & 1 and pool_bits >> i & 1]
    counts = _pool_points(pool, stock)
    assert _potential_bound(mask, counts) >= _potential(mask, pool, stock, counts) - 1e-12


def test_player_counts_are_checked() -> None:
    from ginrules.players import ExpertPlayer

    for bad in (0, -1, 1.5, True, "8"):
        with pytest.raises(GinRulesError, match="samples must be a whole number of at least 1"):
            AdvancedPlayer(samples=bad)  # type: ignore[arg-type]
        with pytest.raises(GinRulesError, match="samples must be a whole number"):
            ExpertPlayer(samples=bad)  # type: ignore[arg-type]
    with pytest.raises(GinRulesError, match="playouts must be a whole number of at least 0"):
        ExpertPlayer(playouts=-1)
    assert AdvancedPlayer(samples=1).samples == 1 and ExpertPlayer(playouts=0).playouts == 0


@given(st.lists(st.sampled_from(range(52)), min_size=11, max_size=11, unique=True),
       st.integers(0, 10))
def test_the_best_discard_after_taking_a_card_settles_whether_it_helps(
        cards: list[int], which: int) -> None:
    # the advanced player's draw: the least deadwood after taking a card and throwing
    # another (brute force) is below the deadwood before exactly when the best discard of
    # the eleven is, and is then that best discard
    from ginrules.masks import _best_discard_deadwood

    hand = sum(1 << i for i in cards)
    taken = cards[which]
    before = ginrules.deadwood_of_mask(hand & ~(1 << taken))
    brute = min(ginrules.deadwood_of_mask(hand & ~(1 << i)) for i in cards if i != taken)
    best = _best_discard_deadwood(hand)
    assert (brute < before) == (best < before)
    if best < before:
        assert brute == best


def test_the_card_tables_of_the_danger_match_their_definitions() -> None:
    from ginrules.players._estimates import _PAIRS, _RUN_NEAR, _SAME_RANK

    for i in range(52):
        rank, suit = i % 13, i // 13
        assert _SAME_RANK[i] == sum(1 << j for j in range(52) if j % 13 == rank)
        assert _RUN_NEAR[i] == sum(1 << j for j in range(52) if j // 13 == suit
                                   and 0 < abs(j % 13 - rank) <= 2)
        melds_with = {frozenset((a, b)) for a in range(52) for b in range(52)
                      if len({a, b, i}) == 3 and ginrules.deadwood_of_mask(
                          (1 << a) | (1 << b) | (1 << i)) == 0}
        assert {frozenset(p) for p in _PAIRS[i]} == melds_with


def _knock_reasons(monkeypatch: pytest.MonkeyPatch | None = None) -> list[str]:
    """The reasons of the knocks the advanced player made in a few games, but for the
    knocks on the last turn before the hand dies (which never sample the second half)."""
    reasons = []
    rules = ginrules.rules("classic")
    for number in range(6):
        players = [AdvancedPlayer(seed=number), AdvancedPlayer(seed=number + 100)]
        game = new_game(rules, seed=number)
        while not game.is_over:
            state = game.hand
            assert state is not None
            decided = players[state.turn].decide(view(state, state.turn))
            last_chance = state.stock_size - 1 <= rules.dead_hand_stock
            if decided.action.kind is ActionKind.KNOCK and not last_chance:
                reasons.append(decided.reason)
            game = game.apply(decided.action)
    return reasons


def test_a_knock_samples_the_second_half_only_when_the_first_leaves_it_in_doubt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrules.players import advanced

    reasons = " ".join(_knock_reasons())
    assert "over 8 sampled hands" in reasons and "over 16 sampled hands" in reasons
    monkeypatch.setattr(advanced, "_settled", lambda n, sums: False)
    reasons = " ".join(_knock_reasons())
    assert "over 16 sampled hands" in reasons and "over 8 sampled" not in reasons
    monkeypatch.setattr(advanced, "_settled", lambda n, sums: True)
    reasons = " ".join(_knock_reasons())
    assert "over 8 sampled hands" in reasons and "over 16 sampled" not in reasons


def _last_chances(rules: ginrules.RuleSet, seeds: range) -> list[View]:
    """The views, in hands of the intermediate level that never knocks, where the player
    may knock on the last turn before the hand dies."""
    found = []
    for number in seeds:
        players = [BasicPlayer(seed=number), BasicPlayer(seed=number + 100)]
        state = ginrules.deal(rules, seed=number, dealer=number % 2)
        while not state.is_over:
            v = view(state, state.turn)
            if state.stock_size - 1 <= rules.dead_hand_stock and any(
                    a.kind is ActionKind.KNOCK for a in v.legal_actions):
                found.append(v)
            action = players[state.turn].choose(v)
            if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN):  # play on instead
                action = next(a for a in v.legal_actions if a.kind is ActionKind.DISCARD
                              and action.card in (a.card, None))
            state = state.apply(action)
    return found


def test_at_its_last_chance_the_advanced_level_knocks_unless_it_loses_half_the_bonus(
        ) -> None:
    """When the hand dies otherwise, the advanced level knocks unless it expects to lose
    half the undercut bonus or more, and its reason names that half of the rules' bonus."""
    import re

    for bonus in (30, 20):
        rules = ginrules.rules("classic", undercut_bonus=bonus)
        told = 0
        for v in _last_chances(rules, range(12)):
            decided = AdvancedPlayer(opponent="advanced").decide(v)
            if "at its last chance" not in decided.reason:
                continue
            assert decided.action.kind is ActionKind.KNOCK
            assert decided.reason.endswith(
                f"this level knocks unless it expects to lose {bonus // 2} points or more")
            loses = re.search(r"loses ([\d.]+) points? on average", decided.reason)
            assert loses is not None and float(loses.group(1)) <= bonus // 2
            told += 1
        assert told >= 2


def test_a_knock_is_settled_by_both_means_beyond_two_standard_errors() -> None:
    from ginrules.players.advanced import _settled

    def sums(points: list[float], gains: list[float]) -> list[float]:
        return [sum(points), sum(p * p for p in points), sum(gains),
                sum(g * g for g in gains)]

    sure = [12.0, 10.0, 14.0, 9.0, 11.0, 13.0, 10.0, 12.0]
    assert _settled(8, sums(sure, [g - 5 for g in sure]))  # knocks
    assert _settled(8, sums(sure, [g - 20 for g in sure]))  # waits: gin is worth more
    assert _settled(8, sums([-30.0] * 8, [-30.0] * 8))  # waits: undercut every time
    assert not _settled(8, sums(sure, [g - 11 for g in sure]))  # gains about 0
    mixed = [20.0, -30.0, 15.0, 12.0, -28.0, 18.0, 16.0, 14.0]  # wins 4.6, spread 20
    assert not _settled(8, sums(mixed, mixed))
    # half a point of margin even without spread: 1 point every time is not settled...
    assert not _settled(8, sums([1.0] * 8, [1.0] * 8))
    # ...but 1.5 points is (more than 2 * 0.5 above the line)
    assert _settled(8, sums([1.5] * 8, [1.5] * 8))
    # and below the line alike: losing 1 point (or gaining -1 over waiting) every time is
    # exactly at the margin, not beyond it, so more hands are sampled; 1.5 is beyond it
    assert not _settled(8, sums([-1.0] * 8, [0.0] * 8))
    assert not _settled(8, sums([0.0] * 8, [-1.0] * 8))
    assert _settled(8, sums([-1.5] * 8, [0.0] * 8))
    assert _settled(8, sums([0.0] * 8, [-1.5] * 8))
    # the gain over waiting may sit exactly at its margin (>=), the points may not (>):
    # a sure 10 points that gains 1 every time is settled; one that gains 0.5 is not
    assert _settled(8, sums([10.0] * 8, [1.0] * 8))
    assert not _settled(8, sums([10.0] * 8, [0.5] * 8))


def test_the_advanced_level_decides_a_hand_alike_whatever_the_game_is_played_to() -> None:
    """The advanced level weighs one hand at a time: the game's target and its game and
    line bonuses change none of its moves, nor a word of their reasons (how many of the
    opponent's hands a knock sampled, what waiting for gin is worth)."""
    rules = ginrules.rules("classic")
    other = attrs.evolve(rules, target=250, game_bonus=40, line_bonus=10)
    knocks = 0
    for number in range(4):
        players = [AdvancedPlayer(seed=number), AdvancedPlayer(seed=number + 100)]
        state = ginrules.deal(rules, seed=number, dealer=number % 2)
        while not state.is_over:
            seen = view(state, state.turn)
            decided = players[state.turn].decide(seen)
            assert players[state.turn].decide(attrs.evolve(seen, rules=other)) == decided
            knocks += decided.action.kind is ActionKind.KNOCK
            state = state.apply(decided.action)
    assert knocks >= 2  # the knocks' sampling was compared, not only draws and discards


def _basic_by_its_first_rules(v: Any) -> Action:
    """The basic player as it was first written, from the helpers it was made of: the
    face-up card when it makes a meld, then the least-deadwood knock, else discard."""
    from ginrules.players.computer import _draw_if, _least_deadwood, _makes_meld

    drawn = _draw_if(v, v.legal_actions, _makes_meld)
    if drawn is not None:
        return drawn
    chosen = (_least_deadwood(v, ActionKind.KNOCK)
              or _least_deadwood(v, ActionKind.DISCARD))
    assert chosen is not None
    return chosen[0]


@pytest.mark.parametrize("preset", ["classic", "oklahoma", "eaai", "dutch", "polish"])
def test_the_basic_player_chooses_as_its_first_rules_did(preset: str) -> None:
    # every decision of random playouts (random play takes face-up cards often, so the
    # taken card is sometimes the one best discard, which the basic player must not pick)
    taken_best = 0
    for seed in range(120):
        s = ginrules.deal(ginrules.rules(preset), seed=seed)
        chooser = RandomPlayer(seed=seed)
        while not s.is_over:
            v = s.view(s.turn)
            assert BasicPlayer().choose(v) == _basic_by_its_first_rules(v), (seed, v.history)
            if v.taken is not None and not v.rules.may_discard_taken_card:
                _, best = best_discards_of_mask(v.mask)
                taken_best += best == v.taken.mask
            s = s.apply(chooser.choose(v))
    assert taken_best > 0 or ginrules.rules(preset).may_discard_taken_card


def test_a_sampled_tie_that_is_no_undercut_is_worth_0_to_the_knock() -> None:
    """Under OpenSpiel's rules a tie is no undercut: each sampled hand that ties the knock
    is worth 0 points. The same view under rules where a tie is an undercut samples the
    same hands, and differs only by the ties: the knock's points by the undercut bonus
    per tie, its undercut risk by one per tie (two views where both runs drew 16 hands,
    some of them ties)."""
    import attrs

    from ginrules import ActionKind
    from ginrules.players import SimplePlayer

    rules = ginrules.rules("openspiel")
    as_undercuts = attrs.evolve(rules, undercut_on_tie=True)
    for seed, actions in ((0, 35), (2, 21)):
        state = ginrules.deal(rules, seed=seed, dealer=seed % 2)
        players = [SimplePlayer(seed=seed), SimplePlayer(seed=seed + 1)]
        while len(state.actions) < actions:  # play on rather than knock
            v = view(state, state.turn)
            action = players[state.turn].choose(v)
            if action.kind is ActionKind.KNOCK:
                action = next(a for a in v.legal_actions if a.kind is ActionKind.DISCARD)
            state = state.apply(action)
        v = view(state, state.turn)
        tie_is_0 = AdvancedPlayer().decide(v).knock
        tie_undercuts = AdvancedPlayer().decide(attrs.evolve(v, rules=as_undercuts)).knock
        assert tie_is_0 is not None and tie_undercuts is not None
        assert tie_is_0.samples == tie_undercuts.samples == 16
        ties = round((tie_undercuts.undercut_risk - tie_is_0.undercut_risk) * 16)
        assert ties > 0
        assert tie_is_0.knock_points - tie_undercuts.knock_points == pytest.approx(
            rules.undercut_bonus * ties / 16)


@pytest.mark.parametrize("level", ["advanced", "expert"])
def test_a_game_s_own_bonuses_change_no_decision_within_a_hand(level: str) -> None:
    """What a hand's play is worth depends on the hand's rules (knock limit, gin and
    undercut bonuses, the dead-hand stock), not on what only a whole game pays: the same
    positions under other line, game and shutout bonuses and another target, with no
    game scores in the view, get the same decisions and the same knock figures."""
    base = ginrules.rules("classic")
    other = base.evolve(line_bonus=200, game_bonus=7, shutout_bonus=90, target=500)
    player = make_player(level, seed=1)
    compared = knocks = 0
    for seed in range(30 if level == "advanced" else 8):
        state = ginrules.deal(base, seed=seed, dealer=seed % 2)
        twin = ginrules.deal(other, seed=seed, dealer=seed % 2)
        while not state.is_over:
            mine, theirs = view(state, state.turn), view(twin, twin.turn)
            decided, again = player.decide(mine), player.decide(theirs)
            assert (decided.action, decided.knock) == (again.action, again.knock), (
                seed, len(state.actions))
            compared += 1
            knocks += decided.knock is not None
            state, twin = state.apply(decided.action), twin.apply(decided.action)
    assert compared > 200 and knocks > 5, (compared, knocks)


def test_a_knocks_figures_take_the_knockers_best_arrangement_in_every_sampled_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Three runs or three sets: the engine lays out the one that leaves the defender
    the most deadwood, hand by hand. The figures do not depend on the order of the two
    arrangements, and are at least those of either alone."""
    import ginrules.players.advanced as advanced

    state = situation("3C 4C 5C 3D 4D 5D 3H 4H 5H KC", "2H 9D TD 5S 6S 7S 8H JC JH TC",
                      "7C", "QS", actions=("pass", "pass", "draw stock"))
    v = view(state, 1)
    both = advanced._knock_chains(v, v.mask & ~Card.parse("QS").mask, Card.parse("QS"))
    assert len(both) == 2

    def points(chains: tuple[object, ...]) -> float:
        monkeypatch.setattr(advanced, "_knock_chains", lambda *_: chains)
        hint = AdvancedPlayer().decide(v)
        assert str(hint.action) == "knock KC" and hint.knock is not None
        return hint.knock.knock_points

    best = points(both)
    assert points(both[::-1]) == best
    assert best >= max(points(both[:1]), points(both[1:]))
    assert best > min(points(both[:1]), points(both[1:]))  # the samples tell them apart


_KNOCK_AT_10 = ("3C 4C 5C 3D 4D 5D 3H 4H 5H KC", "2H 9D TD 5S 6S 7S 8H JC JH TC", "7C",
                "QS")
_WINS_1 = "8S 9S TS JS KD KH KS AS 2S 8C"  # 11 deadwood, none laid off on KC's knock
_WINS_25 = "9S TS JS KD KH KS QH JD 9C 6S"  # 35
_TIES = "8S 9S TS JS KD KH KS AS 2S 7D"  # 10: an undercut (25) at a tie


def _knock_hint(monkeypatch: pytest.MonkeyPatch, opponents: tuple[str, ...],
                gin_wait: float = 0.0) -> ginrules.players.Hint:
    """The advanced level's hint for the knock of KC at 10 deadwood, its sampled opponent
    hands made to be ``opponents`` in turn."""
    masks = [ginrules.cards_to_mask(ginrules.parse_cards(o)) for o in opponents]
    monkeypatch.setattr(AdvancedPlayer, "_opponent_hands",
                        lambda *args: [masks[k % len(masks)] for k in range(args[-1])])
    non_dealer, dealer, upcard, stock = _KNOCK_AT_10
    state = situation(non_dealer, dealer, upcard, stock, actions=("pass", "pass",
                                                                  "draw stock"))
    return AdvancedPlayer(gin_wait=gin_wait).decide(view(state, 1))


def test_a_knock_is_made_when_it_wins_anything_and_no_less_than_waiting(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sampled hand leaves the defender 1 more than the knocker: the knock wins 1 on
    average and is made while waiting for gin is worth no more; if it is worth more, it
    waits. Winning nothing on average (as many undercuts as wins of 25), it waits too,
    even when waiting is worth nothing."""
    import math

    hint = _knock_hint(monkeypatch, (_WINS_1,))
    assert hint.knock is not None and hint.knock.knock_points == 1.0
    assert str(hint).startswith(
        "knock KC: knocking with 10 deadwood wins 1 point on average")
    # waiting worth exactly as much as knocking: gin_wait found so that the figures tie
    weight = _knock_hint(monkeypatch, (_WINS_1,), gin_wait=1.0).knock
    assert weight is not None and weight.play_on_points > 0
    wait = 1.0 / weight.play_on_points
    for _ in range(20):
        tied = _knock_hint(monkeypatch, (_WINS_1,), gin_wait=wait)
        assert tied.knock is not None
        if tied.knock.play_on_points == 1.0:
            break
        wait = math.nextafter(wait, 0.0 if tied.knock.play_on_points > 1.0 else math.inf)
    assert tied.knock.play_on_points == 1.0 and str(tied.action) == "knock KC"
    above = _knock_hint(monkeypatch, (_WINS_1,), gin_wait=math.nextafter(wait, math.inf)
                        * 1.01)
    assert str(above.action) != "knock KC" and "do not knock" in above.reason
    nothing = _knock_hint(monkeypatch, (_WINS_25, _TIES))
    assert nothing.knock is not None and nothing.knock.knock_points == 0.0
    assert str(nothing.action) != "knock KC"
    assert "do not knock with 10 deadwood: that wins nothing on average" in nothing.reason


@pytest.mark.parametrize(("potential_weight", "danger_weight"), [
    (0.5, 4.0), (0.0, 4.0), (2.0, 0.0), (-0.5, 4.0), (-1.0, 0.0), (-0.25, 1.0)])
def test_the_advanced_discard_is_the_least_score_among_the_four_least_deadwoods(
        potential_weight: float, danger_weight: float) -> None:
    """Worked out plainly: of the four discards leaving the least deadwood (and within 8
    of the least), the one of least deadwood - potential_weight * potential +
    danger_weight * danger, ties to the higher card. The pruning the player does by a
    bound on the potential (for a weight of 0 or more) changes no discard."""
    from ginrules.players._estimates import _SAVINGS, _held_chances, _potential
    from ginrules.players.advanced import _discard_deadwoods, _memory
    from ginrules.players.computer import _high_first

    player = AdvancedPlayer(potential_weight=potential_weight, danger_weight=danger_weight)
    rules = ginrules.rules("classic", knock_limit=0)  # no knock to weigh: discards only
    checked = 0
    for seed in range(12):
        state = ginrules.deal(rules, seed=seed, dealer=seed % 2)
        players = [AdvancedPlayer(seed=seed), BasicPlayer()]
        while not state.is_over and checked < 40 * (seed + 1):
            v = view(state, state.turn)
            action = players[state.turn].choose(v)
            if v.phase is Phase.DISCARD and action.kind is ActionKind.DISCARD:
                _SAVINGS.clear()  # pruning skips the hands whose potential is not known
                chosen = player.choose(v).card
                known = ginrules.cards_to_mask(v.opponent_known)
                pile = ginrules.cards_to_mask(v.discard_pile)
                unseen = ((1 << 52) - 1) & ~v.mask & ~known & ~pile
                pool = [i for i in range(52) if unseen >> i & 1]
                memory = _memory(v, known, False)
                q = (v.opponent_count - known.bit_count()) / len(pool)
                held = _held_chances(known, v.mask | pile, q, None)
                legal = {a.card.index for a in v.legal_actions if a.kind is ActionKind.DISCARD
                         and a.card is not None}
                options = sorted((d, i) for i, d in _discard_deadwoods(v.mask) if i in legal)
                least = options[0][0]
                scores = []
                for dead, i in options[:4]:
                    if dead <= least + 8:
                        rest = v.mask & ~(1 << i)
                        scores.append((dead - potential_weight * _potential(rest, pool)
                                       + danger_weight * player._danger(i, rest, memory, pile,
                                                                        q, held=held),
                                       _high_first(i), i))
                assert chosen == ginrules.CARDS[min(scores)[2]]
                checked += 1
            state = state.apply(action)
    assert checked > 200


def test_a_stated_figure_shows_up_to_twelve_decimals_and_no_more() -> None:
    """A figure that is not nothing gets the decimals it takes to show, up to twelve:
    1e-12 shows, 1e-13 (beyond twelve) reads as nothing, in points and per cents."""
    from ginrules.players.advanced import _apart

    assert _apart(1e-12, 0.0, "") == ("0.000000000001", "0.000000000000")
    assert _apart(1e-13, 0.0, "") == ("0.000000000000", "0.000000000000")
    assert _apart(3e-14, 0.0, "%") == ("0.000000000003%", "0.000000000000%")
    assert _apart(3e-15, 0.0, "%") == ("0.000000000000%", "0.000000000000%")


def test_a_discard_reason_when_only_one_card_may_be_discarded() -> None:
    from ginrules.players.advanced import _discard_reason

    s3 = Card.parse("3S").index
    assert _discard_reason(s3, {s3: (12, 2.0, 0.5)}, {}, [s3], [(s3, 12)], 0.5, 4.0) == \
        "3S is the only card you may discard"


@pytest.mark.parametrize(("mine", "theirs"), [(2.0, 3.0), (3.0, 2.0)])
def test_a_discard_reason_weighing_no_potential_says_nothing_of_chances(
        mine: float, theirs: float) -> None:
    """At a potential weight of 0 the chances the two discards keep weigh nothing: the
    reason neither praises nor blames them, though they differ."""
    from ginrules.players.advanced import _discard_reason

    s3, h9 = Card.parse("3S").index, Card.parse("9H").index
    parts = {s3: (12, mine, 0.2), h9: (17, theirs, 0.1)}
    assert _discard_reason(s3, parts, {}, [s3, h9], [(s3, 12), (h9, 17)], 0.0, 4.0) == (
        "it leaves the least deadwood, 12 (9H: 17); the opponent may use it (20% against "
        "10%), but weighing deadwood, chances and danger it costs 12.8 against 17.4 for 9H")
    # alike in deadwood and danger, apart only in the chances that weigh nothing: a tie
    even = {s3: (12, mine, 0.2), h9: (12, theirs, 0.2)}
    assert _discard_reason(s3, even, {}, [s3, h9], [(s3, 12), (h9, 12)], 0.0, 4.0) == (
        "it weighs the same as 9H (deadwood 12, chance 20% that the opponent can use it): "
        "a tie, broken by the order of the cards")


def test_the_advanced_level_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    """After the first turn (the draw phase, not the offer of the upcard): the top
    discard KS lowers nothing, so it draws from the stock, and the two are not confused."""
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock").apply("discard KS")
    hint = AdvancedPlayer().decide(view(state, 0))
    assert str(hint) == ("draw stock: KS would not lower your deadwood (45) whatever you "
                         "discard; a stock card may lower it")


@pytest.mark.parametrize("discards", [(), ("discard KH", "draw stock", "discard AC")])
def test_the_expert_weighs_knockable_hands_down_once_the_opponent_could_knock(
        discards: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand the opponent could have knocked with (deadwood at most the knock limit)
    weighs ``knock_evidence`` once the opponent has discarded (and so had a chance to
    knock and did not), 1 before; every other hand weighs 1. Here the opponent's one
    discard is AC, the card of index 0."""
    from ginrules.masks import _deadwood
    from ginrules.players import expert

    hands = [ginrules.cards_to_mask(text) for text in (
        "2D 3D 4D 5C 6C 7C 9D 9S 9H AS",  # deadwood 1
        "2D 3D 4D 5C 6C 7C 9D 9S TH AS",  # 29
        "2D 3D 4D 5C 6C 7C 9D 9S 9H TS",  # 10: the limit
        "2D 3D 4D 5C 6C 7C AH 2S 3H 5H")]  # 11
    assert [_deadwood(m) for m in hands] == [1, 29, 10, 11]
    monkeypatch.setattr(expert, "_deals", lambda *_: [(m, []) for m in hands])
    state = situation("2C 3C 4D 5D 6D 9S KH KD QC TS", "AC 2H 3H 4H 5S 6S 7S 8H JC JH", "QH",
                      actions=("pass", "pass", "draw stock", *discards))
    if discards:
        state = state.apply("draw stock")
    v = view(state, 1)
    assert [str(e.card) for e in v.events if e.player == 0 and e.card] == [
        "AC"] * bool(discards)
    player = expert.ExpertPlayer()
    played = player._opponent_sample(v, player._recall(v, 0, True), [], random.Random(1))
    assert [w for _, _, w in played] == [
        player.knock_evidence if discards and _deadwood(m) <= v.knock_limit else 1.0
        for m in hands]
