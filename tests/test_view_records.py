"""Records of one player's view (issue 29): the validator checks everything the view shows
and never calls a forgery of it valid.

A view record is made from a real record (``to_record(..., deal_form="hands")``) by
writing the hidden player's dealt cards and stock draws as ``??``. Its forgeries change
one thing the view shows: the outcome's kind, knocker, winner, points or a deadwood, an
action after the end, or a card of the hidden player's named that the viewer cannot know.
The oracles here are the game itself (the true hand) and plain arguments written apart
from the checker's: which card the viewer can know is decided by swapping two cards of the
true hand (the checker counts deadlines against slots, Hall's condition), and which
outcome fields the view determines is said by the ending alone.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import CARDS, ActionKind, EndKind, HandState, game, hand, parse_card, records
from ginrules.cli import main
from ginrules.game import random_policies
from ginrules.players import BasicPlayer, SimplePlayer, seat
from ginrules.records import _views
from strategies import every_pair, gin_deck, hand_of

DATA = Path(__file__).parent / "data" / "records"
NEVER = 1 << 30
KINDS = ("knock", "gin", "big gin", "dead")


# -- making view records ---------------------------------------------------------------


def view_of(data: dict[str, Any], viewer: int) -> dict[str, Any]:
    """``data`` (a record of the hands) as ``viewer``'s view: the other player's dealt
    cards and stock draws written ``??``."""
    out = copy.deepcopy(data)
    out["view"] = viewer
    hidden = 1 - viewer
    for entry in out["hands"]:
        dealt = len(entry["deal"]["hands"][hidden].split())  # (eleven: RLCard's non-dealer)
        entry["deal"]["hands"][hidden] = " ".join(["??"] * dealt)
        entry["actions"] = [f"p{hidden} draw stock ??" if a.startswith(f"p{hidden} draw stock")
                            else a for a in entry["actions"]]
    return out


def honest_view(state: HandState, viewer: int) -> dict[str, Any]:
    return view_of(records.to_record(state, deal_form="hands"), viewer)


def _classic_hands() -> dict[str, HandState]:
    """Hands of real games between the library's players, one of each ending."""
    out: dict[str, HandState] = {}
    for seed in (0, 3, 6, 7):
        g = game.play(game.new_game(ginrules.rules("classic"), seed=seed),
                      [seat(BasicPlayer()), seat(SimplePlayer(seed=seed))])
        for state in g.finished:
            r = state.result
            assert r is not None
            if r.kind is EndKind.KNOCK and r.defender_deadwood <= r.knocker_deadwood:
                name = "undercut"
            else:
                name = f"{r.kind.value} by {r.knocker}"
            out.setdefault(name, state)
    return out


def random_hand(preset: str, seed: int, *, knocky: bool, **overrides: Any) -> HandState:
    """A hand between random players; ``knocky`` players end it when they may."""
    state = hand.deal(ginrules.rules(preset, **overrides), seed=seed, dealer=seed % 2)
    choose = random_policies(seed)[0]
    while not state.is_over:
        legal = hand.legal_actions(state)
        ends = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)]
        state = hand.apply(state, ends[-1] if knocky and ends else choose(state, state.turn))
    return state


def _big_gin(history: bool) -> HandState:
    """Player 0 declares big gin: at once after taking the upcard (AS-JS), or after seven
    actions (it draws 9S, throws KD, which player 1 takes for QH, and draws JS to AS-JS)."""
    if not history:
        deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC "
                                    "TS JC JS")
        deck += tuple(c for c in CARDS if c not in deck)
        return hand.deal(ginrules.rules("classic"), deck=deck, dealer=1).apply(
            "take").apply("big gin")
    p0 = ginrules.parse_cards("AS 2S 3S 4S 5S 6S 7S 8S KD TS")
    p1 = ginrules.parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC QH")
    order = tuple(c for pair in zip(p0, p1, strict=True) for c in pair)
    order += ginrules.parse_cards("KH 9S JS")  # the upcard, then the stock
    state = hand.deal(ginrules.rules("classic"), dealer=1,
                      deck=order + tuple(c for c in CARDS if c not in order))
    for text in ("pass", "pass", "draw stock", "discard KD", "draw discard", "discard QH",
                 "draw stock", "big gin"):
        state = state.apply(text)
    return state


HANDS: dict[str, HandState] = {
    **_classic_hands(),
    "big gin at once": _big_gin(False),
    "big gin after play": _big_gin(True),
    "dead": random_hand("classic", 0, knocky=False),
    "dead, the stock drawn out": random_hand("classic", 1, knocky=False, dead_hand_stock=0),
    # a knock limit of 4 set by the upcard 4S, a spade: the deadwood points doubled
    "oklahoma": random_hand("oklahoma", 85, knocky=True),
    # the least knock limit that allows a knock, and a knock by player 1 at that limit
    "knock limit 1": random_hand("classic", 85, knocky=True, knock_limit=1),
}


def test_the_corpus_has_every_ending() -> None:
    endings = {name: (s.result.kind.value, s.result.knocker) for name, s in HANDS.items()
               if s.result is not None}
    assert {"knock by 0", "knock by 1", "gin by 0", "gin by 1", "undercut", "dead"} <= set(HANDS)
    assert endings["big gin after play"] == ("big gin", 0)
    assert endings["big gin at once"] == ("big gin", 0)
    assert HANDS["dead, the stock drawn out"].stock_drawn == 31
    assert endings["oklahoma"] == ("knock", 1) and HANDS["oklahoma"].knock_limit == 4
    assert endings["knock limit 1"] == ("knock", 1)
    assert HANDS["knock limit 1"].result.knocker_deadwood == 1
    for state in HANDS.values():  # every honest view is valid
        for viewer in (0, 1):
            report = records.validate(honest_view(state, viewer), lenient=True)
            assert report.valid, report


# -- the oracles ------------------------------------------------------------------------


def hidden_slots(state: HandState, hidden: int) -> list[tuple[int, ginrules.Card]]:
    """The hidden player's slots in the true hand, ``(time, card)``: its ten dealt cards
    at time 0, then each of its stock draws at its action number."""
    cards = state.deck.cards
    first = 0 if hidden != state.dealer else 1
    out = [(0, c) for c in cards[first:20:2]]
    if state.upcard is None and hidden != state.dealer:  # the eleven-cards opening
        out.append((0, cards[20]))
    drawn = 0
    for index, (player, action) in enumerate(state.actions, 1):
        if action.kind is ActionKind.DRAW_STOCK:
            if player == hidden:
                out.append((index, cards[21 + drawn]))
            drawn += 1
    return out


def first_discards(state: HandState, hidden: int) -> dict[ginrules.Card, int]:
    """Each card the hidden player discarded without having taken it in sight, with the
    action of its first discard."""
    pile = [state.deck.cards[20]] if state.upcard is not None else []
    taken: set[ginrules.Card] = set()
    out: dict[ginrules.Card, int] = {}
    for index, (player, action) in enumerate(state.actions, 1):
        if action.kind in (ActionKind.TAKE, ActionKind.DRAW_DISCARD):
            card = pile.pop()
            if player == hidden:
                taken.add(card)
        elif action.card is not None:
            pile.append(action.card)
            if player == hidden and action.card in taken:
                taken.discard(action.card)
            elif player == hidden:
                out.setdefault(action.card, index)
    return out


def knowable(state: HandState, viewer: int, slot: int) -> bool:
    """Whether ``viewer`` can know the hidden player's card in ``slot`` (an index into
    :func:`hidden_slots`) to be there: the viewer saw it (the hidden player discarded it,
    or holds it at an end that shows the hands: a knock, or the stock drawn out), and no
    other slot's card could have swapped places with it (a dealt card only with a drawn
    one) with every card still held before its first discard."""
    hidden = 1 - viewer
    slots = hidden_slots(state, hidden)
    due = first_discards(state, hidden)
    time, card = slots[slot]
    over = state.result is not None
    shown = (over and state.result.kind is not EndKind.DEAD) or state.stock_drawn == 31
    if card not in due and not shown:
        return False
    deadline = due.get(card, NEVER)
    for other, (t, c) in enumerate(slots):
        if other == slot or (time == 0 and t == 0):
            continue
        if t < deadline and due.get(c, NEVER) > time:
            return False
    return True


def determined(field: str, value: Any, state: HandState, viewer: int) -> bool:
    """Whether the view determines the outcome field ``field`` (``deadwood.0`` for player
    0's deadwood) enough that ``value``, differing from the true one, is wrong: every
    field is, but the hidden player's deadwood in a dead hand (any of 0..98 may be true)."""
    assert state.result is not None
    dead = state.result.kind is EndKind.DEAD
    return not (dead and field == f"deadwood.{1 - viewer}" and 0 <= value <= 98)


# -- the forgeries ----------------------------------------------------------------------


def outcome_forgeries(state: HandState, viewer: int
                      ) -> Iterator[tuple[str, str, Any, dict[str, Any]]]:
    """Every single-field forgery of the honest view's outcome: ``(kind of forgery,
    field, value, record)``."""
    base = honest_view(state, viewer)
    outcome = base["hands"][0]["outcome"]
    result = state.result
    assert result is not None
    hidden = 1 - viewer
    true_dw = list(outcome.get("deadwood", [ginrules.deadwood(state.cards(0)),
                                           ginrules.deadwood(state.cards(1))]))

    def forged(field: str, value: Any) -> dict[str, Any]:
        data = copy.deepcopy(base)
        out = data["hands"][0]["outcome"]
        if field.startswith("deadwood"):
            dw = list(true_dw)
            dw[int(field[-1])] = value
            out["deadwood"] = dw
        else:
            out[field] = value
        return data

    for kind in KINDS:
        if kind != outcome["kind"]:
            label = ("gin for the viewer's knock" if kind == "gin" and result.knocker == viewer
                     and result.kind is EndKind.KNOCK else "kind")
            yield label, "kind", kind, forged("kind", kind)
    for who in (0, 1, None):
        if who != outcome.get("knocker"):
            yield "knocker", "knocker", who, forged("knocker", who)
    for who in (0, 1, None):
        if who != outcome["winner"]:
            yield "winner flipped", "winner", who, forged("winner", who)
    for change in (-1, 1, 10, 999):
        if outcome["points"] + change >= 0:
            yield "points off", "points", outcome["points"] + change, forged(
                "points", outcome["points"] + change)
    for change in (-1, 1, 5):
        if true_dw[viewer] + change >= 0:
            yield ("the viewer's deadwood", f"deadwood.{viewer}", true_dw[viewer] + change,
                   forged(f"deadwood.{viewer}", true_dw[viewer] + change))
    for value in (true_dw[hidden] + 1, true_dw[hidden] + 7, 99, 200):
        yield ("the opponent's deadwood", f"deadwood.{hidden}", value,
               forged(f"deadwood.{hidden}", value))
    if result.kind is EndKind.DEAD and true_dw != [0, 0]:
        data = copy.deepcopy(base)
        data["hands"][0]["outcome"]["deadwood"] = [0, 0]
        who = viewer if true_dw[viewer] else hidden
        yield "dead hand declared [0, 0]", f"deadwood.{who}", 0, data


def naming(base: dict[str, Any], hidden: int, slot: int, time: int, card: ginrules.Card
           ) -> dict[str, Any]:
    """``base`` with the hidden player's card in ``slot`` named: a dealt card (``time``
    0) in the deal, or a stock draw at action ``time``."""
    data = copy.deepcopy(base)
    entry = data["hands"][0]
    if time == 0:
        cards = entry["deal"]["hands"][hidden].split()
        cards[slot] = str(card)
        entry["deal"]["hands"][hidden] = " ".join(cards)
    else:
        entry["actions"][time - 1] = f"p{hidden} draw stock {card}"
    return data


def other_forgeries(state: HandState, viewer: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """The forgeries of the hand itself: play after the end, cards named that the viewer
    cannot know, the whole deck given."""
    base = honest_view(state, viewer)
    hidden = 1 - viewer
    for text in (f"p{hidden} pass", f"p{hidden} draw stock ??", f"p{viewer} pass",
                 f"p{hidden} discard {state.deck.cards[51]}"):
        data = copy.deepcopy(base)
        data["hands"][0]["actions"].append(text)
        yield "play after the end", data
    slots = hidden_slots(state, hidden)
    draw_numbers = [t for t, _ in slots[10:]]
    for slot, (time, card) in enumerate(slots):
        if knowable(state, viewer, slot):
            continue
        assert time == 0 or time in draw_numbers
        yield ("names a dealt card" if time == 0 else "names a stock draw",
               naming(base, hidden, slot, time, card))
    deck = records.to_record(state)
    deck["view"] = viewer
    yield "gives the whole deck", deck


def test_every_forgery_of_a_view_is_invalid() -> None:
    """Every forgery the view exposes, of each kind, for both viewers and every ending of
    the corpus (751): all invalid (before issue 29's part 3, 700 of them passed)."""
    counts: Counter[str] = Counter()
    for name, state in HANDS.items():
        for viewer in (0, 1):
            for label, field, value, data in outcome_forgeries(state, viewer):
                if not determined(field, value, state, viewer):
                    continue
                report = records.validate(data, lenient=True)
                assert not report.valid, (name, viewer, label, field, value)
                assert all(p.code in records.CODES for p in report.problems)
                counts[label] += 1
            for label, data in other_forgeries(state, viewer):
                report = records.validate(data, lenient=True)
                assert not report.valid, (name, viewer, label)
                counts[label] += 1
    print(dict(counts), sum(counts.values()))
    assert counts["names a stock draw"] >= 20 and counts["names a dealt card"] >= 50
    assert counts["gin for the viewer's knock"] >= 4 and sum(counts.values()) >= 750


def consistent(state: HandState, viewer: int, deadwood: list[int], kind: str | None = None
               ) -> dict[str, Any]:
    """The honest view with the deadwood (and the kind) forged, and the winner and points
    the forged deadwood implies under the rules: only the deadwood can be wrong."""
    data = honest_view(state, viewer)
    result = state.result
    assert result is not None and result.knocker is not None
    k = result.knocker
    end = EndKind(kind) if kind is not None else result.kind
    forged = ginrules.HandResult(end, k, state.dealer, state.upcard, state.knock_limit, None,
                                 None, (), deadwood[k], deadwood[1 - k])
    score = ginrules.score_hand(forged, state.rules)
    data["hands"][0]["outcome"].update(kind=end.value, deadwood=deadwood,
                                       winner=score.player, points=score.points)
    return data


def _bounds(state: HandState, viewer: int) -> tuple[int, int]:
    """The bounds of the viewer's deadwood as the defender of the other's knock."""
    hidden = 1 - viewer
    mine = state.masks[viewer]
    pile = sum(c.mask for c in state.discard_pile)
    public = state.masks[hidden] & state.public
    possible = ((1 << 52) - 1) & ~(mine | pile) | public
    low = _views._least_after_layoffs(mine, _views._layable(mine, possible))
    return low, ginrules.deadwood(state.cards(viewer))


@pytest.mark.parametrize("name", ["knock by 0", "knock by 1", "undercut", "oklahoma"])
@pytest.mark.parametrize("viewer", [0, 1])
def test_deadwood_out_of_the_views_bounds_with_a_score_to_match(name: str, viewer: int
                                                               ) -> None:
    state = HANDS[name]
    result = state.result
    assert result is not None
    if result.knocker is None:  # a dead hand: the viewer's exact, the other's at most 98
        data = honest_view(state, viewer)
        held = [ginrules.deadwood(state.cards(p)) for p in (0, 1)]
        for p, value in ((viewer, held[viewer] + 1), (1 - viewer, 99)):
            dw = list(held)
            dw[p] = value
            data["hands"][0]["outcome"]["deadwood"] = dw
            assert [x[0] for x in _problems(data)][:1] == ["wrong-deadwood"]
        return
    k = result.knocker
    true = [0, 0]
    true[k], true[1 - k] = result.knocker_deadwood, result.defender_deadwood
    assert _problems(consistent(state, viewer, true)) == []
    forged = []
    if k == viewer:  # the viewer's own is a fact; the other's at most what cards hold
        forged.append([true[0] + (viewer == 0), true[1] + (viewer == 1)])
        forged.append(_pair(viewer, true[viewer], 99))
    else:  # the knocker's within the limit, the viewer's between its bounds
        low, own = _bounds(state, viewer)
        assert low <= true[viewer] <= own
        forged.append(_pair(viewer, true[viewer], state.knock_limit + 1))
        forged.append(_pair(viewer, own + 1, true[k]))
        if low:
            forged.append(_pair(viewer, low - 1, true[k]))
        if own != true[viewer]:  # gin: nothing laid off, the viewer's own deadwood
            forged.append(_pair(viewer, true[viewer], 0))
    for dw in forged:
        kind = "gin" if dw[k] == 0 else "knock"
        found = _problems(consistent(state, viewer, dw, kind))
        assert found and found[0][0] == "wrong-deadwood", (dw, found)


def _pair(player: int, mine: int, other: int) -> list[int]:
    return [mine, other] if player == 0 else [other, mine]


# -- the issue's cases, whole -------------------------------------------------------------


def _problems(data: Any, **options: Any) -> list[tuple[Any, ...]]:
    report = records.validate(data, lenient=True, **options)
    return [(p.code, p.hand, p.action, p.message, p.expected, p.declared)
            for p in report.problems]


@pytest.mark.parametrize(("name", "viewer"), [
    ("gin by 0", 1), ("gin by 1", 0), ("knock by 0", 1), ("knock by 1", 0)])
def test_a_wrong_deadwood_against_the_hidden_players_end_says_why_for_each_side(
        name: str, viewer: int) -> None:
    """The hidden player ended the hand: each side's declared deadwood, wrong, is refused
    with the reason of that side's range (the knocker's from the knock, the defender's
    from the layoffs)."""
    state = HANDS[name]
    assert state.result is not None and state.result.knocker == 1 - viewer
    data = honest_view(state, viewer)
    data["hands"][0]["outcome"]["deadwood"] = [77, 77]
    knocker, defender = ("(gin leaves no deadwood)", "(nothing is laid off against gin)") \
        if name.startswith("gin") else (
            "(a knock leaves 1 to 10 (0 is gin))",
            f"(what laying off onto melds player {1 - viewer} may hold can leave)")
    found = {p[3].split(" is 77")[0]: p[3] for p in _problems(data)}
    assert set(found) == {f"the declared deadwood of player {1 - viewer} (the knocker)",
                          f"the declared deadwood of player {viewer} (the defender)"}
    assert found[f"the declared deadwood of player {1 - viewer} (the knocker)"].endswith(
        knocker)
    assert found[f"the declared deadwood of player {viewer} (the defender)"].endswith(
        defender)


@pytest.mark.parametrize("limit", [2, 1])
def test_the_hidden_players_melds_at_the_knock_limit_and_one_under(limit: int) -> None:
    """Under the Dutch rules the knocker's melds are its own: player 1 knocks with two
    runs and the unseen aces AC AD, deadwood 2 at the least player 0 can tell. At a
    knock limit of 2 that is an honest record; at 1 the knock cannot have been legal."""
    # dealt in turn from player 1 (the non-dealer): 4S 5S 6S 7S 8H 9H TH JH AC AD to it,
    # then the upcard QD and KS, the stock's top
    top = ginrules.parse_cards("4S 2C 5S 3D 6S 5C 7S 7D 8H 9C 9H JC TH KC JH 2H AC 4H AD 6H "
                               "QD KS")
    deck = top + tuple(c for c in CARDS if c not in top)
    state = hand.deal(ginrules.rules("dutch", knock_limit=2), deck=deck, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    state = hand.knock(state, parse_card("KS"), ("4S 5S 6S 7S", "8H 9H TH JH"))
    assert state.result is not None and state.result.knocker_deadwood == 2
    data = honest_view(state, 0)
    data["rules"]["overrides"]["knock_limit"] = limit
    assert _problems(data) == ([] if limit == 2 else [
        ("illegal-action", 1, 4, "cannot knock KS: the melds given leave deadwood 2 at least, "
         "over the knock limit 1", None, None)])
    # a third meld of cards player 0 never saw makes eleven: more than a knocker shows
    data["hands"][0]["knocker_melds"].append(["AC", "AD", "AH"])
    assert _problems(data) == [("bad-melds", 1, None, "knocker_melds: 11 cards, but the "
                                "knocker shows ten", None, None)]


@pytest.mark.parametrize(("name", "viewer"), [("knock by 0", 1), ("gin by 1", 0)])
def test_a_views_negative_points_are_a_bad_field_and_not_priced(name: str,
                                                                 viewer: int) -> None:
    data = honest_view(HANDS[name], viewer)
    data["hands"][0]["outcome"]["points"] = -1
    assert _problems(data) == [("bad-field", 1, None, "outcome: points must be a whole "
                                "number >= 0, not -1", None, None)]


def test_points_that_are_one_of_two_possible_are_noted_as_unchecked() -> None:
    """Player 1 knocks QS at the knock limit 1, and player 0 cannot lay off: with the kind
    and the deadwood left out, the points are a knock's or a gin's, and so only possible."""
    data = honest_view(HANDS["knock limit 1"], 0)
    for key in ("kind", "deadwood"):
        del data["hands"][0]["outcome"][key]
    report = records.validate(data)
    assert report.valid and report.notes == (
        "hand 1: player 1's cards are partly unknown in player 0's view; not checked "
        "exactly: whether player 1 could knock QS; the points 29 (only that they are "
        "possible)",)


@pytest.mark.parametrize("name", ["big gin at once", "big gin after play"])
def test_a_wrong_kind_against_the_hidden_players_big_gin_names_big_gin(name: str) -> None:
    data = honest_view(HANDS[name], 1)
    data["hands"][0]["outcome"]["kind"] = "knock"
    assert _problems(data) == [("wrong-kind", 1, None, "the declared kind is 'knock', but "
                                "the hand ended with big gin by player 0", "big gin", "knock")]


def test_the_issues_forgery_of_a_knock_with_deadwood_8() -> None:
    data = json.loads((DATA / "view_player0.json").read_text("utf-8"))
    data["hands"][0]["outcome"] = {"kind": "gin", "winner": 1, "points": 999,
                                   "deadwood": [9, 3]}
    assert _problems(data) == [
        ("wrong-kind", 1, None, "the declared kind is 'gin', but the hand ended with a knock "
         "by player 0 (deadwood 8)", "knock", "gin"),
        ("wrong-deadwood", 1, None, "the declared deadwood of player 0 (the knocker) is 9, but "
         "it is 8", 8, 9),
        ("wrong-points", 1, None, "the declared points are 999, but player 1 scores 30 (an "
         "undercut: 5 + 25 bonus)", 30, 999)]


def test_the_honest_view_record_notes_what_it_could_not_check() -> None:
    report = records.validate(DATA / "view_player0.json")
    assert report.valid
    assert report.notes == ("hand 1: player 1's cards are partly unknown in player 0's view; "
                            "not checked exactly: player 1's deadwood 42 (only that it is 0 to "
                            "98)",)


@pytest.mark.parametrize(("outcome", "found"), [
    ({"winner": 1}, ("wrong-winner", "the declared winner is player 1, but player 0 scores 34 "
                     "(a knock by player 0: 34)", 0, 1)),
    ({"points": 35}, ("wrong-points", "the declared points are 35, but player 0 scores 34 (a "
                      "knock by player 0: 34)", 34, 35)),
    ({"deadwood": [8, 200]}, ("wrong-deadwood", "the declared deadwood of player 1 (the "
                              "defender) is 200, but it is 0 to 98 here (ten cards hold at "
                              "most 98)", None, 200)),
    ({"deadwood": [7, 42]}, ("wrong-deadwood", "the declared deadwood of player 0 (the "
                             "knocker) is 7, but it is 8", 8, 7)),
    ({"knocker": 1}, ("wrong-knocker", "the declared knocker is 1, but player 0 knocked", 0, 1)),
])
def test_each_fact_of_the_viewers_knock(outcome: dict[str, Any], found: tuple[Any, ...]
                                        ) -> None:
    data = json.loads((DATA / "view_player0.json").read_text("utf-8"))
    data["hands"][0]["outcome"].update(outcome)
    code, message, expected, declared = found
    assert _problems(data)[0] == (code, 1, None, message, expected, declared)


def test_a_dead_hand_declares_the_deadwood_of_its_cards() -> None:
    """Not only in views: a dead hand's declared deadwood is each player's deadwood of the
    cards it holds at the end (it was not checked at all)."""
    state = HANDS["dead"]
    held = [ginrules.deadwood(state.cards(p)) for p in (0, 1)]
    assert held == [72, 39]
    data = records.to_record(state)
    data["hands"][0]["outcome"]["deadwood"] = [0, 0]
    assert _problems(data) == [
        ("wrong-deadwood", 1, None, f"the declared deadwood of player {p} is 0, but it is "
         f"{held[p]} (the deadwood of the cards held at the end of a dead hand)", held[p], 0)
        for p in (0, 1)]
    data["hands"][0]["outcome"]["deadwood"] = held
    assert _problems(data) == []
    # in player 0's view, player 0's is exact and player 1's within what cards can hold
    view = honest_view(state, 0)
    view["hands"][0]["outcome"]["deadwood"] = [0, 0]
    assert [p[:3] + p[4:] for p in _problems(view)] == [("wrong-deadwood", 1, None, 72, 0)]
    view["hands"][0]["outcome"]["deadwood"] = [72, 0]
    assert _problems(view) == []
    assert records.validate(view).notes == (
        "hand 1: player 1's cards are partly unknown in player 0's view; not checked "
        "exactly: player 1's deadwood 0 (only that it is 0 to 62)",)
    view["hands"][0]["outcome"]["deadwood"] = [72, 63]
    assert _problems(view) == [
        ("wrong-deadwood", 1, None, "the declared deadwood of player 1 is 63, but it is 0 to 62 "
         "here (player 1's ten cards hold at most 62: the points of the 5 cards player 0 saw "
         "them keep and of the 5 highest cards player 0 did not see)", None, 63)]


def test_a_dead_hand_with_the_stock_drawn_out_shows_the_hidden_hand() -> None:
    # the viewer knows the other hand as the cards it never saw: checked exactly
    state = HANDS["dead, the stock drawn out"]
    view = honest_view(state, 0)
    held = [ginrules.deadwood(state.cards(p)) for p in (0, 1)]
    view["hands"][0]["outcome"]["deadwood"] = held
    assert _problems(view) == [] and records.validate(view).notes == ()
    view["hands"][0]["outcome"]["deadwood"] = [held[0], held[1] + 1]
    assert [p[0] for p in _problems(view)] == ["wrong-deadwood"]


@pytest.mark.parametrize(("name", "viewer", "note"), [
    ("gin by 1", 0, "whether player 1 could knock 6H"),  # only the ginner can score
    ("knock by 0", 0, "the winner player 0 (only that they may score)"),  # or an undercut
    ("undercut", 0, "the winner player 1 (only that they may score)")])
def test_a_declared_winner_is_left_unchecked_only_where_another_could_score(
        name: str, viewer: int, note: str) -> None:
    view = honest_view(HANDS[name], viewer)
    outcome = view["hands"][0]["outcome"]
    view["hands"][0]["outcome"] = {"kind": outcome["kind"], "winner": outcome["winner"]}
    assert records.validate(view).notes == (
        f"hand 1: player {1 - viewer}'s cards are partly unknown in player {viewer}'s view; "
        f"not checked exactly: {note}",)


@pytest.mark.parametrize(("name", "viewer", "ranges", "scores"), [
    # the hidden knocker's, the layoffs': 15 - 10 to 29 - 1
    ("knock by 0", 1, {0: (1, 10), 1: (15, 29)}, (5, 28)),
    ("knock by 1", 0, {0: (11, 13), 1: (1, 10)}, (1, 12)),
    ("undercut", 1, {0: (1, 10), 1: (0, 12)}, (25, 35)),  # 25 + 0 to 25 + 10
    # its own deadwood known (7): only the other's range
    ("knock by 0", 0, {1: (0, 98)}, (1, 91))])
def test_wrong_points_name_each_deadwood_the_view_leaves_open_with_its_range(
        name: str, viewer: int, ranges: dict[int, tuple[int, int]],
        scores: tuple[int, int]) -> None:
    state = HANDS[name]
    assert state.result is not None
    view = honest_view(state, viewer)
    outcome = view["hands"][0]["outcome"]
    view["hands"][0]["outcome"] = {"kind": outcome["kind"], "winner": outcome["winner"],
                                   "points": 999}
    (found,) = _problems(view)
    named = {int(p): (int(lo), int(hi)) for p, lo, hi in re.findall(
        r"player (\d)'s deadwood (\d+) to (\d+)", found[3])}
    assert found[0] == "wrong-points" and named == ranges, found[3]
    true = {state.result.knocker: state.result.knocker_deadwood,
            1 - state.result.knocker: state.result.defender_deadwood}
    assert all(lo <= true[p] <= hi for p, (lo, hi) in named.items())
    # the points the winner may score, from the least to the most
    winner = outcome["winner"]
    assert f"player {winner} scores {scores[0]} to {scores[1]} after " in found[3], found[3]
    assert scores[0] <= outcome["points"] <= scores[1]


def test_actions_after_the_hidden_players_big_gin() -> None:
    # player 1's view: player 0's big gin cannot be replayed (made-up cards), but it ends
    # the hand all the same
    view = honest_view(HANDS["big gin after play"], 1)
    assert records.validate(view).notes == (
        "hand 1: player 0's cards are partly unknown in player 1's view; not checked "
        "exactly: whether player 0 could declare big gin",)
    view["hands"][0]["actions"] += ["p1 draw stock 5H", "p1 discard 5H"]
    (found,) = _problems(view)
    assert found[:4] == ("play-after-end", 1, len(view["hands"][0]["actions"]) - 1,
                         "play continues after the hand was over (player 0's big gin at action "
                         f"{len(view['hands'][0]['actions']) - 2}): p1 draw stock")


def test_a_big_gin_of_rules_without_it_is_illegal_whatever_the_cards() -> None:
    view = honest_view(HANDS["big gin after play"], 1)
    view["rules"] = {"preset": "polish"}
    assert ginrules.rules("polish").big_gin_bonus is None
    found = _problems(view)
    assert found[0][:2] == ("illegal-action", 1)
    assert found[0][3] == "cannot big gin: these rules do not offer big gin"


@pytest.mark.parametrize("name", ["knock by 1", "big gin after play"])
def test_a_hidden_knock_out_of_turn_is_illegal_whatever_the_cards(name: str) -> None:
    state = HANDS[name]
    hidden = state.result.knocker if state.result is not None else None
    view = honest_view(state, 1 - hidden if hidden is not None else 0)
    actions = view["hands"][0]["actions"]
    assert actions[-1].startswith(f"p{hidden} knock") or actions[-1] == f"p{hidden} big gin"
    end = actions.pop()
    actions.insert(len(actions) - 1, end)  # before the hidden player drew
    assert [p[:3] for p in _problems(view)] == [("illegal-action", 1, len(actions) - 1)]
    view["hands"][0]["actions"] = [actions[-1], *actions[:-1]]  # the first action, or
    assert [p[:3] for p in _problems(view)] == [("illegal-action", 1, 1)]  # out of turn


def _stated(state: HandState, viewer: int) -> dict[str, Any]:
    """The honest view of ``state`` with the knocker's melds stated."""
    data = honest_view(state, viewer)
    assert state.result is not None
    data["hands"][0]["knocker_melds"] = [m.to_list() for m in state.result.knocker_melds]
    return data


def test_the_hidden_knockers_stated_melds() -> None:
    # dutch rules score the melds stated: player 1 knocks with deadwood 7 and player 0
    # lays off one card, so player 0's deadwood after the layoff is a fact of the view
    state = random_hand("dutch", 54, knocky=True)
    result = state.result
    assert result is not None and not state.rules.auto_layout
    assert (result.knocker, result.knocker_deadwood, len(result.layoffs)) == (1, 7, 1)
    data = _stated(state, 0)
    assert _problems(data) == []
    mine = result.defender_deadwood
    data["hands"][0]["outcome"]["deadwood"] = [mine + 1, 7]
    assert [p[0] for p in _problems(data)][:1] == ["wrong-deadwood"]
    assert _problems(data)[0][4:] == (mine, mine + 1)
    assert _problems(data)[0][3] == (
        f"the declared deadwood of player 0 (the defender) is {mine + 1}, but it is {mine} "
        "(after laying off onto the knocker's melds)")
    # the knocker's deadwood is bounded by its melds (at least 5 left out) and the limit
    data["hands"][0]["outcome"]["deadwood"] = [mine, 3]
    assert [p[3] for p in _problems(data)] == [
        "the declared deadwood of player 1 (the knocker) is 3, but it is 5 to 10 here (the "
        "melds given leave at least 5 and a knock at most 10)"]
    data["hands"][0]["outcome"]["deadwood"] = [mine + 1, 7]
    # without the melds, player 0's deadwood is bounded only (and so it passes)
    del data["hands"][0]["knocker_melds"]
    data["hands"][0]["outcome"]["points"] += 1  # (the points follow from the deadwood)
    assert [p[0] for p in _problems(data)] == []
    # a meld with a card player 0 holds, or one twice, is no meld of player 1's
    data = _stated(state, 0)
    meld = data["hands"][0]["knocker_melds"][0]
    data["hands"][0]["knocker_melds"].append(meld)
    assert [p[0] for p in _problems(data)] == ["bad-melds"]
    assert "shares a card with another meld" in _problems(data)[0][3]
    knocked = state.actions[-1][1].card
    assert knocked is not None
    for card, where in ((knocked, "in the discard pile"), (state.cards(0)[0],
                                                           "in player 0's hand")):
        data = _stated(state, 0)
        same_rank = [c for c in CARDS if c.rank == card.rank and c != card][:2]
        data["hands"][0]["knocker_melds"] = [[str(c) for c in (card, *same_rank)]]
        found = _problems(data)
        assert [p[0] for p in found] == ["bad-melds"]
        assert found[0][3].startswith("knocker_melds: player 1 cannot hold ")
        assert found[0][3].endswith(f"at the end: it is {where}")


def test_stated_melds_that_leave_more_than_the_knock_limit() -> None:
    # dutch-oklahoma: the upcard sets the knock limit at 2; melds of no card leave ten
    # cards of deadwood, at least 10: the knock was illegal, whatever the cards
    state = random_hand("dutch-oklahoma", 54, knocky=True)
    assert state.knock_limit == 2 and state.result is not None and state.result.knocker == 1
    data = _stated(state, 0)
    assert _problems(data) == []
    data["hands"][0]["knocker_melds"] = []
    knock = len(data["hands"][0]["actions"])
    assert _problems(data) == [("illegal-action", 1, knock, f"cannot {state.actions[-1][1]}: "
                                "the melds given leave deadwood 10 at least, over the knock "
                                "limit 2", None, None)]


def test_a_view_names_only_what_its_player_can_know() -> None:
    state = HANDS["dead"]  # player 0 discards four cards it was dealt before any draw
    slots = hidden_slots(state, 0)
    can = [knowable(state, 1, s) for s in range(len(slots))]
    assert can.count(True) == 4
    view = honest_view(state, 1)
    entry = view["hands"][0]
    cards = entry["deal"]["hands"][0].split()
    for slot, (time, card) in enumerate(slots):
        if can[slot] and time == 0:
            cards[slot] = str(card)
        elif can[slot]:
            entry["actions"][time - 1] = f"p0 draw stock {card}"
    entry["deal"]["hands"][0] = " ".join(cards)
    assert _problems(view) == []
    bad = next(s for s in range(10) if not can[s])
    cards[bad] = str(slots[bad][1])
    entry["deal"]["hands"][0] = " ".join(cards)
    (found,) = _problems(view)
    assert found[:3] == ("unseen-card", 1, None)
    assert found[3] == (f"player 1, whose view this record is, cannot know that player 0 was "
                        f"dealt {slots[bad][1]}: a view writes the cards its player does not "
                        "know as ??")


def test_a_card_the_hidden_player_just_drew_is_unseen_at_the_records_end() -> None:
    """A view of a hand still in play whose last action is the other player's stock draw
    cannot name the card drawn: the draw at the very end is checked as any other."""
    before = ginrules.deal(ginrules.rules("classic"), seed=4, dealer=0)
    state = before.apply("pass").apply("pass").apply("draw stock")  # player 1 draws
    view = honest_view(state, 0)
    assert view["hands"][0]["actions"][-1] == "p1 draw stock ??" and _problems(view) == []
    (drawn,) = set(state.cards(1)) - set(before.cards(1))
    view["hands"][0]["actions"][-1] = f"p1 draw stock {drawn}"
    (found,) = _problems(view)
    assert found[:3] == ("unseen-card", 1, None)
    assert f"cannot know that player 1 drew {drawn} from the stock at action 3" in found[3]


def test_a_view_that_gives_the_deck_of_a_stock_drawn_out_names_no_stock_order() -> None:
    # every stock card was drawn: no order of cards never drawn is claimed (only the
    # hidden player's deal and draws, which the view cannot know)
    data = records.to_record(HANDS["dead, the stock drawn out"])
    data["view"] = 0
    (found,) = _problems(data)
    assert found[0] == "unseen-card" and "never drawn" not in found[3]
    assert "; nor that player 1 drew " in found[3]
    assert re.search(r"from the stock at action \d+: a view gives the deal as \"deal\" "
                     r"and writes the cards its player does not know as \?\?$", found[3])


@pytest.mark.parametrize("slot", [0, 9, 10])  # 10: the non-dealer's eleventh card
def test_the_dealers_view_cannot_name_any_of_the_non_dealers_eleven_cards(slot: int) -> None:
    """Under the eleven-cards opening (RLCard's) the non-dealer is dealt eleven cards:
    the dealer's view can no more name the eleventh than the other ten."""
    dealt = ginrules.deal(ginrules.rules("rlcard"), seed=4, dealer=0)
    state = dealt.apply(f"discard {dealt.deck.cards[4]}").apply("draw stock")
    true = records.to_record(state, deal_form="hands")["hands"][0]["deal"]["hands"][1].split()
    view = honest_view(state, 0)
    assert _problems(view) == [] and len(true) == 11
    hand = view["hands"][0]["deal"]["hands"][1].split()
    hand[slot] = true[slot]
    view["hands"][0]["deal"]["hands"][1] = " ".join(hand)
    (found,) = _problems(view)
    assert found[:3] == ("unseen-card", 1, None)
    assert f"cannot know that player 1 was dealt {true[slot]}:" in found[3]


def test_a_view_that_gives_the_deck() -> None:
    data = records.to_record(HANDS["knock by 0"])
    data["view"] = 0
    (found,) = _problems(data)
    assert found[0] == "unseen-card"
    assert found[3].startswith("player 0, whose view this record is, cannot know that player "
                               "1 was dealt ")
    assert found[3].endswith("stock cards never drawn: a view gives the deal as \"deal\" and "
                             "writes the cards its player does not know as ??")


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("viewer", [0, 1])
def test_a_view_that_gives_the_deck_names_every_card_dealt_to_the_other(
        dealer: int, viewer: int) -> None:
    """Each of the ten cards dealt to the hidden player is named in the problem, whoever
    dealt (the dealer's cards are the deck's odd ones, to its twentieth card)."""
    state = ginrules.deal(ginrules.rules("classic"), seed=5, dealer=dealer)
    data = records.to_record(state)
    data["view"] = viewer
    (found,) = _problems(data)
    dealt = ginrules.format_cards(sorted(state.cards(1 - viewer)))
    assert found[:3] == ("unseen-card", 1, None)
    assert f"cannot know that player {1 - viewer} was dealt {dealt}; nor the order of the " \
        "31 stock cards never drawn: " in found[3]


@pytest.mark.parametrize(("dead_hand_stock", "said"), [
    (1, "; nor the stock card never drawn: "),
    (2, "; nor the order of the 2 stock cards never drawn: "), (0, None)])
def test_a_view_that_gives_the_deck_of_a_hand_that_drew_the_stock_out(
        dead_hand_stock: int, said: str | None) -> None:
    """A deck names the order of the stock cards nobody drew, which no view can know: one
    card left (dead_hand_stock 1) or two are still unknown; with all 31 drawn, nothing
    is."""
    state = ginrules.deal(ginrules.rules("classic", dead_hand_stock=dead_hand_stock),
                          seed=3, dealer=0).apply("pass").apply("pass")
    while not state.is_over:  # each player draws the stock and throws the card drawn
        state = state.apply("draw stock")
        state = state.apply(f"discard {state.deck.cards[21 + state.stock_drawn - 1]}")
    assert state.result is not None and state.result.kind is EndKind.DEAD
    data = records.to_record(state)
    data["view"] = 0
    (found,) = _problems(data)
    assert found[0] == "unseen-card" and found[3].count("never drawn") == (said is not None)
    assert said is None or said in found[3]


def test_an_outcome_of_a_hand_still_in_play() -> None:
    state = HANDS["knock by 0"]
    data = records.to_record(state, deal_form="hands")
    data["complete"] = False
    data["hands"][0]["actions"].pop()
    assert _problems(data) == [("hand-not-over", 1, None, "the record declares the outcome of "
                                "this hand, but the hand is not over (it is still in play)",
                                None, None)]
    del data["hands"][0]["outcome"]
    assert _problems(data) == []


@pytest.mark.parametrize("name", ["knock by 0", "gin by 0", "undercut"])
def test_the_totals_after_a_hidden_knock_without_its_outcome_are_left_unchecked(
        name: str) -> None:
    # player 1's view of a game whose first hand player 0 ended, its outcome not given:
    # the hand's points are not known, so neither are the totals after it (whatever they
    # say), which is noted, never called wrong; nor is its winner, who deals next
    state = HANDS[name]
    for dealer in (0, 1):
        data = view_of(records.to_record(
            [state, hand.deal(state.rules, seed=1, dealer=dealer)], deal_form="hands"), 1)
        del data["hands"][0]["outcome"]
        for totals in (data["hands"][0]["totals"], [0, 0]):
            data["hands"][0]["totals"] = totals
            report = records.validate(data)
            assert report.valid, report.problems
            assert report.notes[-1] == ("the game totals after an unchecked hand were not "
                                        "checked")


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_dealer_after_a_hidden_knock_without_its_outcome_is_either(dealer: int) -> None:
    # hand 1 (player 1's own knock) names hand 2's dealer; hand 2, player 0's undercut in
    # player 1's view with no outcome, leaves its winner, who deals hand 3, unknown
    state = HANDS["undercut"]
    data = view_of(records.to_record(
        [HANDS["knock by 1"], state, hand.deal(state.rules, seed=1, dealer=dealer)],
        deal_form="hands"), 1)
    del data["hands"][1]["outcome"]
    report = records.validate(data)
    assert report.valid, report.problems
    assert report.notes[-1] == "the game totals after an unchecked hand were not checked"


def test_declared_points_of_0_after_a_knock_are_checked() -> None:
    # a knock scores at least 1: 0 is a forgery the view refutes as any other number
    view = honest_view(HANDS["knock by 0"], 1)
    view["hands"][0]["outcome"]["points"] = 0
    (found,) = _problems(view)
    assert found[:2] == ("wrong-points", 1) and found[3].startswith(
        "the declared points are 0, but player 0 scores 22")


@pytest.mark.parametrize("rule", ["winner", "loser"])
def test_the_next_dealer_after_a_hidden_knock_is_checked(rule: str) -> None:
    # a game in player 1's view: player 0's gin is not replayed, but the declared winner
    # (player 0) names the next dealer when the winner (or the loser) deals
    state = HANDS["gin by 0"]
    after = hand.deal(state.rules, seed=1, dealer=0)
    data = view_of(records.to_record([state, after], deal_form="hands"), 1)
    data["rules"] = {"preset": "classic", "overrides": {"dealer_after_hand": rule}}
    dealer = 0 if rule == "winner" else 1
    data["hands"][1]["dealer"] = dealer
    assert _problems(data) == []
    assert records.load(data).replayed_with_stand_ins[0] is None  # not replayed
    data["hands"][1]["dealer"] = 1 - dealer
    assert [p[:2] for p in _problems(data)] == [("wrong-dealer", 2)]


# -- fail_unchecked, and the command ------------------------------------------------------


def test_unchecked_claims_fail_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "view_player0.json"
    assert records.validate(path).valid
    report = records.validate(path, fail_unchecked=True)
    assert [(p.code, p.hand, p.message) for p in report.problems] == [
        ("unchecked", 1, "not checked: player 1's cards are partly unknown in player 0's "
         "view; not checked exactly: player 1's deadwood 42 (only that it is 0 to 98)")]
    assert records.validate(DATA / "valid_hand.json", fail_unchecked=True).valid
    assert main(["validate", str(path)]) == 0
    assert main(["validate", "--fail-unchecked", str(path)]) == 1
    assert "unchecked 1" not in capsys.readouterr().err  # (one file: no summary line)
    reports = list(records.validate_many([path, path], workers=2, fail_unchecked=True))
    assert [r.problems[0].code for r in reports] == ["unchecked", "unchecked"]


# -- non-string keys (a dict made in Python) -----------------------------------------------


@pytest.mark.parametrize("where", ["record", "rules", "hand", "outcome"])
def test_a_key_that_is_no_string_is_a_problem(where: str) -> None:
    data = records.to_record(HANDS["knock by 0"])
    data["rules"] = {"preset": "classic"}
    target = {"record": data, "rules": data["rules"], "hand": data["hands"][0],
              "outcome": data["hands"][0]["outcome"]}[where]
    target[1] = 2
    target[None] = 3
    target["zz"] = 4
    found = _problems(data)
    code = "bad-rules" if where == "rules" else "bad-field"
    assert [p[0] for p in found[:2]] == [code, code]
    assert "must be a string, not 1" in found[0][3] and "not None" in found[1][3]
    assert found[2][0] == ("bad-rules" if where == "rules" else "unknown-field")
    assert not records.validate(data).valid
    with pytest.raises(ginrules.InvalidRecordError):
        records.load(data)


# -- the matching, against every placement -------------------------------------------------


@st.composite
def placements(draw: st.DrawFn) -> tuple[list[int], list[int], int, int]:
    """Slots (times) and the deadlines of the cards known to fill some of them, with one
    of those cards placed in one slot (a valid placement of all of them exists)."""
    dealt = draw(st.integers(1, 3))
    draws = sorted(draw(st.sets(st.integers(1, 12), max_size=4)))
    slots = [0] * dealt + draws
    n = draw(st.integers(1, len(slots)))
    chosen = draw(st.permutations(range(len(slots))))[:n]
    # each card after its own slot: one valid placement, card i in slot chosen[i]
    deadlines = [slots[s] + draw(st.integers(1, 14)) for s in chosen]
    return slots, deadlines, chosen[0], n


def _every_placement(slots: list[int], deadlines: list[int]) -> Iterator[tuple[int, ...]]:
    for where in itertools.permutations(range(len(slots)), len(deadlines)):
        if all(slots[s] < d for s, d in zip(where, deadlines, strict=True)):
            yield where


@settings(max_examples=300, deadline=None)
@given(placements())
def test_forced_and_fits_agree_with_every_placement(
        case: tuple[list[int], list[int], int, int]) -> None:
    slots, deadlines, slot, _ = case
    every = list(_every_placement(slots, deadlines))
    assert _views._fits(deadlines, slots) == bool(every)
    assert every  # (made so)
    dealt = {i for i, t in enumerate(slots) if t == 0}
    group = dealt if slot in dealt else {slot}
    assert _views._forced(deadlines[0], deadlines[1:], slots, group) == all(
        where[0] in group for where in every)
    # a card that cannot be placed: no placement, and no fit
    assert not _views._fits([*deadlines, 0], slots)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=6), st.lists(st.integers(1, 12), max_size=6))
def test_fits_agrees_with_every_placement(slots: list[int], deadlines: list[int]) -> None:
    assert _views._fits(deadlines, slots) == any(
        True for _ in _every_placement(slots, deadlines))


# -- the layoff bound, against the real layoffs ---------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_layoff_bound_is_never_above_the_real_layoffs(rnd: Any) -> None:
    cards = rnd.sample(CARDS, 20)
    knocker, defender = cards[:10], cards[10:]
    # the knocker may hold only cards of ``possible``: its own and some others not the
    # defender's
    others = [c for c in CARDS if c not in cards]
    possible = sum(c.mask for c in knocker + rnd.sample(others, rnd.randint(0, 20)))
    dmask = sum(c.mask for c in defender)
    _, after, _ = ginrules.knocking.resolve_knock(knocker, defender)
    low = _views._least_after_layoffs(dmask, _views._layable(dmask, possible))
    assert low <= after.deadwood <= ginrules.deadwood(defender)


@pytest.mark.parametrize(("defender", "possible", "layable"), [
    ("7H 8H KS", "4H 5H 6H", "7H 8H"),  # a chain onto a run
    ("7H 8H KS", "4H 5H 9H TH JH", "7H 8H"),  # onto the run above, through 8H
    ("7H 8H KS", "5H 6H 9H TH", ""),  # two in a row are no run
    ("AS 7C", "2S 3S 4S 7D 7H 7S", "AS 7C"),  # the ace below a run; the fourth seven
    ("7C", "7D 7H", ""),  # no set of three to take it
    ("KD QD", "JD TD 9D", "KD QD"),  # down from the king
    ("KD", "AD 2D 3D", ""),  # aces are low: no K-A-2
    ("4S", "AS 2S 3S", "4S"),  # onto a run from the ace
    ("5S 4S", "AS 2S 3S", "5S 4S"),  # through 4S onto the run from the ace
    ("TD", "JD QD KD", "TD"),  # onto a run to the king
    ("JD", "QD KD AH", ""),  # the king is the top: the next suit's ace is no rank above
    ("3H", "AH 2H KD", ""),  # nor is the suit below's king under the ace
])
def test_the_cards_that_could_be_laid_off(defender: str, possible: str, layable: str
                                          ) -> None:
    def mask(text: str) -> int:
        return sum(c.mask for c in ginrules.parse_cards(text)) if text else 0

    assert _views._layable(mask(defender), mask(possible)) == mask(layable)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_cards_that_could_be_laid_off_agree_with_every_meld(rnd: Any) -> None:
    """A defender's card could be laid off when the possible cards hold the other three of
    its rank, or three in a row of its suit that the defender's own cards join to it."""
    cards = rnd.sample(CARDS, rnd.randint(0, 30))
    defender = cards[:rnd.randint(0, min(11, len(cards)))]
    possible = sum(c.mask for c in cards[len(defender):])
    dmask = sum(c.mask for c in defender)

    def held(suit: int, ranks: range, mask: int) -> bool:
        return all(mask >> (suit * 13 + r) & 1 for r in ranks)

    expected = 0
    for c in defender:
        suit, rank = divmod(c.index, 13)
        onto_set = all(possible >> (s * 13 + rank) & 1 for s in range(4) if s != suit)
        onto_run = any(held(suit, range(t, t + 3), possible)
                       and (held(suit, range(rank + 1, t), dmask) if t > rank
                            else held(suit, range(t + 3, rank), dmask))
                       for t in range(11) if not t <= rank <= t + 2)
        if onto_set or onto_run:
            expected |= c.mask
    assert _views._layable(dmask, possible) == expected


def test_ten_cards_hold_at_most_98() -> None:
    assert ginrules.deadwood("KS KH QS QH JC JD TC TD 9S 9H") == _views.MOST_DEADWOOD == 98


# -- the property: honest views valid, every determined forgery invalid --------------------


PRESETS = ["classic", "oklahoma", "openspiel", "dutch", "polish", "straight", "eaai", "rlcard"]


@every_pair(examples=60)  # every ending under every preset (stated melds), played hands
@given(st.data(), st.sampled_from([0, 1]))
def test_honest_views_are_valid_and_their_forgeries_are_not(pair: tuple[str, str],
                                                            drawn: st.DataObject, viewer: int
                                                            ) -> None:
    state = drawn.draw(hand_of(pair))
    report = records.validate(honest_view(state, viewer), lenient=True)
    assert report.valid, report
    for label, field, value, data in outcome_forgeries(state, viewer):
        if determined(field, value, state, viewer):
            assert not records.validate(data).valid, (label, field, value)
    for label, data in other_forgeries(state, viewer):
        assert not records.validate(data).valid, label


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.booleans(), st.sampled_from([0, 1]))
def test_a_named_card_is_valid_exactly_when_its_viewer_can_know_it(
        preset: str, seed: int, knocky: bool, viewer: int) -> None:
    state = random_hand(preset, seed, knocky=knocky)
    hidden = 1 - viewer
    slots = hidden_slots(state, hidden)
    assume(len(slots) > 10)
    base = honest_view(state, viewer)
    for slot, (time, card) in enumerate(slots):
        data = naming(base, hidden, slot, time, card)
        report = records.validate(data, lenient=True)
        assert report.valid == knowable(state, viewer, slot), (slot, time, card, report)
        if not report.valid:
            assert [p.code for p in report.problems] == ["unseen-card"]


def test_worse_melds_are_refuted_in_the_knockers_view_and_noted_in_the_others() -> None:
    """Player 0 goes gin with AS-5S and 6S-TS; its melds stated as 2S-TS leave AS. The
    knocker's own view holds its cards: the worse melds are refuted. Player 1's view
    cannot tell which cards player 0 held, and notes the claim unchecked."""
    state = hand.deal(ginrules.rules("classic"), deck=gin_deck(), dealer=1)
    state = state.apply("take").apply("knock KH")
    found: dict[int, tuple[list[tuple[Any, ...]], str]] = {}
    for viewer in (0, 1):
        data = honest_view(state, viewer)
        data["hands"][0]["knocker_melds"] = [["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S",
                                              "TS"]]
        found[viewer] = (_problems(data), records.validate(data, lenient=True).notes[-1])
    assert [p[:2] for p in found[0][0]] == [("worse-melds", 1)]
    assert found[1][0] == []
    assert found[1][1].endswith("whether player 0's knocker_melds leave more deadwood than "
                                "the best layout")


def test_a_hidden_knock_under_gin_only_rules_can_only_be_gin() -> None:
    """Under ``straight`` (knock limit 0) player 1's view cannot see player 0's cards,
    but player 0's knock can only be gin: a record declaring a knock is the wrong kind,
    and its points are gin's, 25. Under ``classic`` the same view leaves the knock open."""
    found: dict[str, list[tuple[Any, Any]]] = {}
    for preset in ("straight", "classic"):
        state = hand.deal(ginrules.rules(preset), deck=gin_deck(), dealer=1)
        state = state.apply("take").apply("knock KH")
        assert state.result is not None and state.result.kind is EndKind.GIN
        view = honest_view(state, 1)
        view["hands"][0]["outcome"].update(kind="knock", points=999)
        found[preset] = [(p[0], p[3]) for p in _problems(view)]
    assert found["straight"] == [
        ("wrong-kind", "the declared kind is 'knock', but the hand ended with gin by player 0 "
                       "(knock KH)"),
        ("wrong-points", "the declared points are 999, but player 0 scores 25 (gin by player "
                         "0: 0 + 25 bonus)")]
    assert [code for code, _ in found["classic"]] == ["wrong-deadwood", "wrong-winner"]


@pytest.mark.parametrize("stopped", [False, True], ids=["over", "stopped before the last discard"])
@pytest.mark.parametrize("dead_hand_stock", [0, 1])
def test_a_hand_held_to_a_stock_drawn_out_may_be_named_as_dealt(dead_hand_stock: int,
                                                                stopped: bool) -> None:
    """With every stock card drawn, the viewer knows the other hand (the cards that are
    nowhere else), whether the hand is over or the record stops before the last discard,
    so the cards of it that were dealt there (it drew only from the discard pile) may be
    named in the deal; with one stock card left the viewer cannot tell that card from
    the others, and naming them is refused."""
    state = ginrules.deal(ginrules.rules("classic", dead_hand_stock=dead_hand_stock),
                          seed=3, dealer=1).apply("pass").apply("pass")
    while not state.is_over:  # player 0 draws out the stock; player 1 takes every discard
        if state.turn == 0:
            state = state.apply("draw stock")
            if stopped and state.stock_size == dead_hand_stock:
                break
            state = state.apply(f"discard {state.deck.cards[21 + state.stock_drawn - 1]}")
        else:
            state = state.apply("draw discard")
            state = state.apply(f"discard {next(c for c in state.cards(1) if c != state.taken)}")
    assert state.is_over is not stopped and state.stock_drawn == 31 - dead_hand_stock
    assert stopped or (state.result is not None and state.result.kind is EndKind.DEAD)
    view = honest_view(state, 0)
    dealt = records.to_record(state, deal_form="hands")["hands"][0]["deal"]["hands"][1]
    held = [c if parse_card(c) in state.cards(1) else "??" for c in dealt.split()]
    assert held.count("??") < 10
    view["hands"][0]["deal"]["hands"][1] = " ".join(held)
    if dead_hand_stock == 0:
        assert _problems(view) == []
    else:
        (found,) = _problems(view)
        named = ginrules.format_cards(sorted(parse_card(c) for c in held if c != "??"))
        assert found[:3] == ("unseen-card", 1, None)
        assert f"cannot know that player 1 was dealt {named}: " in found[3]
