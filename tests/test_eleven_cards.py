"""The 'eleven-cards' opening (RuleSet.opening, the rlcard preset: RLCard's gin-rummy):
the non-dealer is dealt eleven cards and discards first, no upcard is turned or offered;
every part of ginrules that knows the opening (the deal, the legal actions, the views and
information sets, the records and their validator, the protocol) keeps it, rule by rule.
The tests that draw from every preset (tests/strategies.py) play it too."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import jsonschema
import pytest

import ginrules
from ginrules import CARDS, Deck, IllegalActionError, Opening, parse_cards, rules
from ginrules.cli.serve import Server
from ginrules.errors import GinRulesError, InvalidRecordError
from ginrules.interop.convert import to_openspiel_history
from ginrules.players import InformationSet, View, view
from ginrules.players.determinize import sample_hidden, sample_weighted
from ginrules.records import load, schema, to_record, validate

RLCARD = rules("rlcard")
#: the deck in dealing order: the non-dealer's ten (even places), the dealer's ten, card 20
#: (the non-dealer's eleventh), then the stock from its top
NON_DEALER = parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 8C KD")
DEALER = parse_cards("TS 9S 2D 3C 4C 5C 7H QH JD QC")
ELEVENTH = parse_cards("7S")
STOCK_TOP = parse_cards("8D 2H 6D")
ORDER = [c for pair in zip(NON_DEALER, DEALER, strict=True) for c in pair]
ORDER += [*ELEVENTH, *STOCK_TOP]
ORDER += [c for c in CARDS if c not in ORDER]
DECK = Deck(tuple(ORDER))


def start(dealer: int = 0) -> ginrules.HandState:
    return ginrules.deal(RLCARD, deck=DECK, dealer=dealer)


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_non_dealer_is_dealt_eleven_cards_and_no_upcard_is_turned(dealer: int) -> None:
    state = start(dealer)
    nd = 1 - dealer
    assert set(state.cards(nd)) == {*NON_DEALER, *ELEVENTH}
    assert set(state.cards(dealer)) == set(DEALER)
    assert state.upcard is None and state.discard_pile == () and state.top_discard is None
    assert state.public == 0 and state.stock_size == 31
    assert state.stock[:3] == STOCK_TOP  # the stock starts at card 21, as under the offer
    assert (state.phase.value, state.turn, state.turns, state.taken) == ("discard", nd, 0,
                                                                         None)
    assert state.knock_limit == 10
    # the same deck under the upcard opening turns card 20 up and offers it
    offered = ginrules.deal(rules("classic"), deck=DECK, dealer=dealer)
    assert offered.upcard == ELEVENTH[0] and len(offered.cards(nd)) == 10


def test_the_first_turn_is_a_discard_or_a_knock_of_the_eleven_cards() -> None:
    state = start()
    legal = [str(a) for a in state.legal_actions()]
    assert legal[:11] == [f"discard {c}" for c in sorted(state.cards(1))]
    # with 7S the non-dealer holds three melds and 8C KD: knocking with KD leaves 8
    assert legal[11:] == ["knock 8C", "knock KD"]
    assert not any(a.split()[0] in ("take", "pass", "draw") for a in legal)
    after = state.apply("knock KD")
    assert after.result is not None and after.result.knocker_deadwood == 8


@pytest.mark.parametrize(("action", "words"), [
    ("pass", "cannot pass: these rules turn no upcard (the 'eleven-cards' opening: the "
             "non-dealer is dealt eleven cards and discards first)"),
    ("take", "cannot take: these rules turn no upcard"),
    ("draw stock", "cannot draw stock: player 1 must discard now"),
    ("draw discard", "cannot draw discard: player 1 must discard now"),
])
def test_no_upcard_is_offered_and_nothing_is_drawn_before_the_first_discard(
        action: str, words: str) -> None:
    state = start()
    assert not state.is_legal(action)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert str(caught.value).startswith(words)
    with pytest.raises(IllegalActionError, match="these rules turn no upcard"):
        start().apply("pass", player=0)  # (not the dealer's turn either: the opening first)


def test_after_the_first_discard_the_dealer_may_take_it() -> None:
    state = start().apply("discard KD")
    assert [str(a) for a in state.legal_actions()] == ["draw stock", "draw discard"]
    taken = state.apply("draw discard")
    assert taken.taken == parse_cards("KD")[0]
    assert not taken.is_legal("discard KD")  # the card just taken, as under the offer
    # a take, or a pass, is still no action of this opening
    with pytest.raises(IllegalActionError, match="these rules turn no upcard"):
        state.apply("take")


def test_the_opening_cannot_be_played_with_rules_that_read_the_upcard() -> None:
    with pytest.raises(ginrules.RuleSetError, match="oklahoma reads the first upcard"):
        rules("oklahoma", opening="eleven-cards")
    assert rules("rlcard", opening="upcard").opening is Opening.UPCARD


# -- views, information sets, sampled worlds ----------------------------------------------


def played(seed: int) -> list[ginrules.HandState]:
    """Every state of a hand under the rlcard preset between random players."""
    state = ginrules.deal(RLCARD, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_the_views_show_eleven_cards_and_no_upcard() -> None:
    state = start()
    dealer, non_dealer = view(state, 0), view(state, 1)
    assert non_dealer.upcard is None and len(non_dealer.cards) == 11
    assert dealer.opponent_count == 11 and dealer.legal_actions == ()
    assert non_dealer.events == () and non_dealer.is_my_turn
    after = start().apply("discard KD").apply("draw stock")
    assert [str(e) for e in view(after, 1).events] == ["player 1 discard KD",
                                                       "player 0 draw stock (declined KD)"]
    data = non_dealer.to_dict()
    assert data["upcard"] is None
    assert View.from_dict(json.loads(json.dumps(data))) == non_dealer
    data["upcard"] = "7S"
    with pytest.raises(GinRulesError, match="\"upcard\" must be null: the 'eleven-cards' "
                       "opening turns no upcard"):
        View.from_dict(data)


@pytest.mark.parametrize("seed", range(6))
def test_an_information_set_follows_the_hand_and_sampled_worlds_agree(seed: int) -> None:
    states = played(seed)
    first, last = states[0], states[-1]
    infos = [InformationSet.start(RLCARD, p, first.dealer, first.cards(p), None)
             for p in (0, 1)]
    for before, after in itertools.pairwise(states):
        for p in (0, 1):
            assert infos[p].view() == view(before, p)
            if not before.is_over and p == before.turn and before.turns < 6:
                for sample in (sample_hidden, sample_weighted):
                    assert view(sample(view(before, p), seed), p) == view(before, p)
        who, action = after.actions[-1]
        for p in (0, 1):
            card = (after.deck.cards[20 + after.stock_drawn]
                    if p == who and action.kind is ginrules.ActionKind.DRAW_STOCK else None)
            infos[p] = infos[p].observe(who, action, card)
    assert last.is_over
    with pytest.raises(GinRulesError, match="a player is dealt 11 cards, not 10"):
        InformationSet.start(RLCARD, 1, 0, first.cards(1)[:10], None)
    with pytest.raises(GinRulesError, match="give None, not 7S"):
        InformationSet.start(RLCARD, 1, 0, start().cards(1), "7S")


# -- records ------------------------------------------------------------------------------


def test_a_record_deals_the_non_dealer_eleven_cards_and_no_upcard() -> None:
    state = start().apply("discard KD").apply("draw stock").apply("discard QH")
    data = to_record(state, deal_form="hands")
    deal = data["hands"][0]["deal"]
    assert "upcard" not in deal and data["rules"] == {"preset": "rlcard"}
    assert [len(h.split()) for h in deal["hands"]] == [10, 11]
    assert validate(data).valid
    again = load(data).hands[0]  # (the stock never drawn is in no order in this form)
    assert (again.masks, again.actions, again.deck[:22]) == (state.masks, state.actions,
                                                             state.deck[:22])
    jsonschema.Draft202012Validator(schema()).validate(data)
    as_deck = to_record(state)
    assert validate(as_deck).valid and load(as_deck).hands[0] == state


def _hands_record(**deal: Any) -> dict[str, Any]:
    data = to_record(start().apply("discard KD"), deal_form="hands")
    data["hands"][0]["deal"].update(deal)
    return data


@pytest.mark.parametrize(("edit", "words"), [
    ({"upcard": "8D"}, "these rules turn no upcard (the eleven-cards opening: the "
                       "non-dealer is dealt eleven cards): give no \"upcard\""),
    ({"hands": ["TS 9S 2D 3C 4C 5C 7H QH JD QC", "AS 2S 3S 4H 5H 6H 7C 7D 8C KD"]},
     "player 1's hand has 10 cards, not 11 (the non-dealer's: the eleven-cards opening "
     "deals the non-dealer eleven cards, the dealer ten)"),
    ({"hands": ["TS 9S 2D 3C 4C 5C 7H QH JD QC 8D", "AS 2S 3S 4H 5H 6H 7C 7D 8C KD 7S"]},
     "player 0's hand has 11 cards, not 10 (the dealer's"),
])
def test_the_validator_says_how_a_deal_breaks_the_opening(edit: dict[str, Any],
                                                          words: str) -> None:
    report = validate(_hands_record(**edit))
    assert not report.valid
    assert words in report.summary(), report.summary()
    assert report.problems[0].code == "bad-deal"


@pytest.mark.parametrize(("actions", "words"), [
    (["p1 pass"], "hand 1, action 1: cannot pass: these rules turn no upcard"),
    (["p1 take"], "hand 1, action 1: cannot take: these rules turn no upcard"),
    (["p0 discard TS"], "hand 1, action 1: cannot discard TS: it is player 1's turn to "
                        "discard"),
    (["p1 draw stock 8D"], "hand 1, action 1: cannot draw stock: player 1 must discard now"),
])
def test_the_validator_says_how_play_breaks_the_opening(actions: list[str], words: str
                                                        ) -> None:
    data = to_record(start())
    data["hands"][0]["actions"] = actions
    assert words in validate(data).summary()


def test_a_record_of_the_upcard_opening_under_these_rules_is_refused() -> None:
    classic = to_record(ginrules.deal(rules("classic"), deck=DECK, dealer=0).apply("pass"),
                        deal_form="hands")
    classic["rules"] = {"preset": "rlcard"}
    assert "these rules turn no upcard" in validate(classic).summary()


def test_openspiel_cannot_play_the_opening() -> None:
    with pytest.raises(InvalidRecordError, match="OpenSpiel deals ten cards each and offers "
                       "an upcard; this hand opens with eleven cards"):
        to_openspiel_history(to_record(start().apply("knock KD")))


# -- the protocol ---------------------------------------------------------------------------


def test_the_protocol_deals_eleven_cards_and_no_upcard() -> None:
    server = Server()
    for seat in (0, 1):
        assert server.handle({"id": 1, "op": "open", "game": f"g{seat}", "player": seat,
                              "rules": "rlcard"})["ok"]
    state = start()
    assert server.handle({"id": 2, "op": "deal", "game": "g1", "dealer": 0,
                          "cards": [str(c) for c in state.cards(1)]})["ok"]
    assert server.handle({"id": 3, "op": "deal", "game": "g0", "dealer": 0,
                          "cards": [str(c) for c in state.cards(0)], "upcard": None})["ok"]
    reply = server.handle({"id": 4, "op": "decide", "game": "g1"})
    assert reply["ok"] and state.is_legal(reply["action"])
    refused = server.handle({"id": 5, "op": "deal", "game": "g1", "dealer": 0,
                             "cards": [str(c) for c in state.cards(1)], "upcard": "8D"})
    assert not refused["ok"] and "turns no upcard: give None, not 8D" in refused["error"]
    classic = Server()
    classic.handle({"id": 1, "op": "open", "game": "g", "player": 1})
    missing = classic.handle({"id": 2, "op": "deal", "game": "g", "dealer": 0,
                              "cards": [str(c) for c in start().cards(0)]})
    assert not missing["ok"] and '"upcard" is missing' in missing["error"]


@pytest.mark.parametrize(("seed", "card"), [(0, ""), (1, ""), (2, ""), (3, ""),
                                             (2, "AC")])  # AC is card 0
def test_the_particle_reading_deals_the_opponent_its_eleven_cards(seed: int,
                                                                   card: str) -> None:
    """The master player's reading of the opponent's hand (particles): under this opening
    the non-dealer was dealt the card it discarded first, so no particle holds it, and
    each holds the ten the opponent kept of cards the reader never saw."""
    from ginrules.players.particles import read_hand

    state = ginrules.deal(RLCARD, seed=seed, dealer=0)
    first = (ginrules.Action.parse(f"discard {card}") if card
             else random.Random(seed).choice(state.legal_actions()[:11]))  # a discard
    state = state.apply(first)
    seen = view(state, 0)
    reading = read_hand(seen, particles=50, seed=seed)
    assert reading.hands and first.card is not None
    for hand in reading.hands:
        assert hand.bit_count() == 10
        assert not hand & (first.card.mask | seen.mask)
    # before it discards, the non-dealer's particles hold eleven cards
    before = read_hand(view(ginrules.deal(RLCARD, seed=seed, dealer=0), 0), particles=20)
    assert {h.bit_count() for h in before.hands} == {11}


def test_a_null_upcard_is_as_if_absent() -> None:
    """As every optional field of a record: under this opening a deal's ``"upcard": null``
    is no upcard (the schema allows it too); under the upcard opening it is a missing
    card."""
    data = _hands_record(upcard=None)
    assert validate(data).valid
    jsonschema.Draft202012Validator(schema()).validate(data)
    classic = to_record(ginrules.deal(rules("classic"), deck=DECK, dealer=0), deal_form="hands")
    classic["hands"][0]["deal"]["upcard"] = None
    assert [p.code for p in validate(classic).problems] == ["bad-card"]
