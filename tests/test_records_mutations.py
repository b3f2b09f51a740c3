"""Mutations of valid records are always rejected with a reason; valid records pass."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

import ginrules
from ginrules import hand, records
from ginrules.cards import CARDS
from strategies import TABLE, every_pair, hand_of, lays_out_own_hand, without

#: the (preset, ending) pairs under which a knocker lays out its own hand (and the
#: record states it)
OWN_LAYOUT = [pair for pair in TABLE if lays_out_own_hand(ginrules.rules(pair[0]))]

# Each test draws hands of every pair (strategies.HAND_PAIRS): every ending built for it
# under every preset, with stated melds where the rules let the knocker lay out its hand,
# and hands played by random players.


def rejected(data: dict[str, Any]) -> records.Report:
    report = records.validate(data)
    assert not report.valid
    assert report.problems[0].message
    assert report.problems[0].code in records.CODES
    lenient = records.validate(data, lenient=True)
    assert not lenient.valid
    assert all(p.code in records.CODES for p in lenient.problems)
    return report


@every_pair()
@given(st.data(), st.sampled_from(["deck", "hands"]))
def test_valid_records_pass(pair: tuple[str, str], drawn: st.DataObject, form: str) -> None:
    state = drawn.draw(hand_of(pair))
    data = records.to_record(state, deal_form=form)
    assert records.validate(data).valid
    assert records.validate(data, lenient=True).valid


#: a hand built for big gin has no card played before it (pass, pass, draw stock, big gin)
NO_CARD_PLAYED = "a big gin built for it plays no card (pass, pass, draw stock, big gin)"


@every_pair(without(["big gin"], NO_CARD_PLAYED))
@given(st.data())
def test_discarding_a_card_not_in_hand(pair: tuple[str, str], data: st.DataObject) -> None:
    state = data.draw(hand_of(pair))
    record = records.to_record(state)
    actions = record["hands"][0]["actions"]
    places = [i for i, (_, a) in enumerate(state.actions) if a.card is not None]
    assume(places)
    i = data.draw(st.sampled_from(places))
    player, action = state.actions[i]
    before = hand.deal(state.rules, deck=state.deck, dealer=state.dealer)
    for p, a in state.actions[:i]:
        before = hand.apply(before, a, player=p)
    held = set(before.cards(player))
    card = data.draw(st.sampled_from([c for c in CARDS if c not in held]))
    actions[i] = f"p{player} {action.kind.value} {card}"
    report = rejected(record)
    assert report.problems[0].action == i + 1
    assert f"{card} is not in player {player}'s hand" in report.problems[0].message


@every_pair()
@given(st.data())
def test_dropping_an_action(pair: tuple[str, str], data: st.DataObject) -> None:
    state = data.draw(hand_of(pair))
    record = records.to_record(state)
    actions = record["hands"][0]["actions"]
    i = data.draw(st.integers(0, len(actions) - 1))
    del actions[i]
    rejected(record)


@every_pair()
@given(st.data())
def test_duplicating_an_action(pair: tuple[str, str], data: st.DataObject) -> None:
    state = data.draw(hand_of(pair))
    record = records.to_record(state)
    actions = record["hands"][0]["actions"]
    i = data.draw(st.integers(0, len(actions) - 1))
    actions.insert(i, actions[i])
    rejected(record)


@every_pair(without(["big gin"], NO_CARD_PLAYED))
@given(st.data())
def test_swapping_two_cards_of_the_deal(pair: tuple[str, str], data: st.DataObject) -> None:
    """A card a player was dealt and later discards is swapped with a stock card that is
    never drawn: the discard becomes illegal."""
    state = data.draw(hand_of(pair))
    record = records.to_record(state)
    cards = record["hands"][0]["deck"].split()
    nd = 1 - state.dealer
    dealt = {nd: cards[0:20:2], state.dealer: cards[1:20:2]}
    discards = [(i, p, str(a.card)) for i, (p, a) in enumerate(state.actions)
                if a.card is not None and str(a.card) in dealt[p]]
    assume(discards and state.stock_size > 0)
    i, _, card = data.draw(st.sampled_from(discards))
    j = data.draw(st.integers(21 + state.stock_drawn, 51))
    k = cards.index(card)
    cards[k], cards[j] = cards[j], cards[k]
    record["hands"][0]["deck"] = " ".join(cards)
    report = rejected(record)
    assert report.problems[0].action is not None and report.problems[0].action <= i + 1


@every_pair()
@given(st.data(), st.integers(1, 40), st.sampled_from(["points", "winner", "deadwood", "kind"]))
def test_changing_the_declared_outcome(pair: tuple[str, str], drawn: st.DataObject, delta: int,
                                       field: str) -> None:
    state = drawn.draw(hand_of(pair))
    record = records.to_record(state)
    outcome = record["hands"][0]["outcome"]
    if field == "points":
        outcome["points"] += delta
    elif field == "winner":
        outcome["winner"] = {None: delta % 2, 0: 1, 1: None}[outcome["winner"]]
    elif field == "deadwood":
        assume("deadwood" in outcome)
        outcome["deadwood"][delta % 2] += delta
    else:
        outcome["kind"] = "dead" if outcome["kind"] != "dead" else "knock"
    report = rejected(record)
    assert "declared" in report.problems[0].message
    assert report.problems[0].code == f"wrong-{field}"
    if field == "points":
        assert report.problems[0].declared == outcome["points"]
        assert report.problems[0].expected == outcome["points"] - delta


@every_pair()
@given(st.data(), st.sampled_from(["1H", "7X", "10", "H7", "77H", "", "♥"]))
def test_a_card_written_badly(pair: tuple[str, str], data: st.DataObject, bad: str) -> None:
    state = data.draw(hand_of(pair))
    record = records.to_record(state)
    h = record["hands"][0]
    where = data.draw(st.sampled_from(["deck", "action"]))
    if where == "deck":
        cards = h["deck"].split()
        cards[data.draw(st.integers(0, 51))] = bad or "?"
        h["deck"] = " ".join(cards)
    else:
        places = [i for i, t in enumerate(h["actions"]) if len(t.split()) == 3]
        i = data.draw(st.sampled_from(places))
        h["actions"][i] = h["actions"][i].rsplit(" ", 1)[0] + " " + bad
    report = rejected(copy.deepcopy(record))
    assert report.problems[0].hand == 1


@every_pair(without(["dead"], "a dead hand has no knocker's melds", OWN_LAYOUT), examples=60)
@given(st.data())
def test_a_stated_meld_with_a_card_taken_out(pair: tuple[str, str], data: st.DataObject
                                            ) -> None:
    """The knocker's stated melds lose a card: no meld (three cards), or more deadwood
    than the outcome declares."""
    state = data.draw(hand_of(pair))
    record = records.to_record(state)
    entry = record["hands"][0]
    assume("knocker_melds" in entry)
    melds = entry["knocker_melds"]
    i = data.draw(st.integers(0, len(melds) - 1))
    melds[i] = melds[i][1:]
    report = rejected(record)
    assert report.problems[0].code in ("bad-melds", "wrong-deadwood", "wrong-kind",
                                       "illegal-action", "wrong-points", "wrong-winner")
