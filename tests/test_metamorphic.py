"""Metamorphic properties (issue 45): relations between two runs of the library that need
no oracle, over every (preset, ending) pair of tests/strategies.py.

* Swapping the seats (the same deck dealt by the other player, the same actions) mirrors
  everything: each view, the result, the score, the rewards of an episode, a game's
  sheet and totals (Hollywood too), a record and every problem the validator finds in it
  (a record corrupted in player 0's fields is reported as its mirror corrupted in
  player 1's, with the mirrored message: every check the validator makes on one player
  is made on the other).
* Relabelling the suits (a permutation of them; one that keeps spades where a rule names
  the suit: Oklahoma's spade doubling) changes nothing but the names of the cards: the
  legal actions, the deadwood, the melds and layoffs (renamed), the result and the score.
* A record validated, dumped and read again validates the same, valid or not.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrules
from ginrules import CARDS, Action, Card, Deck, GameState, HandState, records
from ginrules.cards import Suit
from ginrules.interop.episode import Episode
from ginrules.interop.rewards import REWARDS, Rewards
from ginrules.players import view
from ginrules.rulesets import SpadeDoubling
from strategies import GAME_PAIRS, every_pair, game_of, hand_of, layout_of
from test_view_records import view_of

# -- replaying a hand another way ------------------------------------------------------


def replay(hand: HandState, deck: Deck, dealer: int,
           rename: Callable[[Card], Card] = lambda c: c) -> list[HandState]:
    """Every state of ``hand`` replayed from ``deck`` dealt by ``dealer``, its actions'
    cards renamed: from the deal to the end. A knock that stated its melds (other than
    the knocker's own layout) states them renamed; any other knock is left to the rules,
    as it was."""
    state = ginrules.deal(hand.rules, deck=deck, dealer=dealer)
    out = [state]
    result = hand.result
    stated = layout_of(hand) == "stated"
    for index, (_, action) in enumerate(hand.actions):
        card = None if action.card is None else rename(action.card)
        if stated and index + 1 == len(hand.actions):
            assert result is not None and card is not None
            state = ginrules.hand.knock(state, card, [[rename(c) for c in m.cards]
                                                      for m in result.knocker_melds])
        else:
            state = state.apply(Action(action.kind, card))
        out.append(state)
    return out


def states_of(hand: HandState) -> list[HandState]:
    return replay(hand, hand.deck, hand.dealer)


# -- swapping the seats ----------------------------------------------------------------


def flip(value: Any) -> Any:
    """A player number mirrored (0 and 1 swap; anything else stays)."""
    return 1 - value if type(value) is int and value in (0, 1) else value


def mirror_result(data: Any) -> Any:
    return None if data is None else {**data, "knocker": flip(data["knocker"]),
                                      "dealer": flip(data["dealer"])}


def mirror_view(data: dict[str, Any]) -> dict[str, Any]:
    scores = data["scores"]
    return {**data, "player": flip(data["player"]), "dealer": flip(data["dealer"]),
            "turn": flip(data["turn"]), "history": [[flip(p), a] for p, a in data["history"]],
            "result": mirror_result(data["result"]),
            "scores": None if scores is None else scores[::-1]}


def mirror_sheet(data: dict[str, Any]) -> dict[str, Any]:
    return {"winner": flip(data["winner"]), "final_scores": data["final_scores"][::-1],
            "hands": [{**row, "winner": flip(row["winner"])} for row in data["hands"]],
            "games": [{"totals": g["totals"][::-1], "hands_won": g["hands_won"][::-1],
                       "winner": flip(g["winner"]),
                       "final": None if g["final"] is None else g["final"][::-1]}
                      for g in data["games"]]}


def mirror_record(data: dict[str, Any]) -> dict[str, Any]:
    """A record with the seats swapped: each hand dealt by the other player (the same
    deck; the dealt hands swapped), every field of a player given to the other."""
    out = copy.deepcopy(data)
    for key in ("players", "final"):
        if isinstance(out.get(key), list):
            out[key].reverse()
    for key in ("winner", "view"):
        if key in out:
            out[key] = flip(out[key])
    for entry in out["hands"]:
        entry["dealer"] = flip(entry["dealer"])
        if "deal" in entry:
            entry["deal"]["hands"].reverse()
        entry["actions"] = [{"p0": "p1", "p1": "p0"}[a[:2]] + a[2:] for a in entry["actions"]]
        outcome = entry.get("outcome", {})
        for key in ("knocker", "winner"):
            if key in outcome:
                outcome[key] = flip(outcome[key])
        for where, key in ((outcome, "deadwood"), (entry, "totals")):
            if isinstance(where.get(key), list):
                where[key].reverse()
    return out


_SEATS = {"player 0": "player 1", "player 1": "player 0", "p0": "p1", "p1": "p0"}
#: the problems whose expected and declared values are a player
_PLAYER_VALUES = {"wrong-knocker", "wrong-winner", "wrong-dealer", "wrong-game-winner"}


def mirror_message(text: str) -> str:
    """A problem's message with the seats swapped: players, and pairs of numbers (a-b,
    [a, b]) read player 0's first."""
    text = re.sub(r"player [01]|\bp[01]\b", lambda m: _SEATS[m.group()], text)
    text = re.sub(r"\b(\d+)-(\d+)\b", r"\2-\1", text)
    text = re.sub(r"\[(\d+), (\d+)\]", r"[\2, \1]", text)
    return re.sub(r"\b(knocker|winner) is ([01])\b",
                  lambda m: f"{m.group(1)} is {1 - int(m.group(2))}", text)


def mirror_problem(problem: records.Problem) -> dict[str, Any]:
    out = problem.to_dict()
    out["message"] = mirror_message(problem.message)
    for key in ("expected", "declared"):
        value = out.get(key)
        if isinstance(value, list) and len(value) == 2:
            out[key] = value[::-1]
        elif problem.code in _PLAYER_VALUES:
            out[key] = flip(value)
    return out


def mirrored(hand: HandState) -> list[HandState]:
    """Every state of ``hand`` with the seats swapped."""
    return replay(hand, hand.deck, 1 - hand.dealer)


@every_pair(examples=120)
@given(st.data())
def test_swapping_the_seats_mirrors_a_hand(pair: tuple[str, str], data: st.DataObject
                                           ) -> None:
    hand = data.draw(hand_of(pair))
    scores = data.draw(st.none() | st.tuples(st.integers(0, 99), st.integers(0, 99)))
    ours, theirs = states_of(hand), mirrored(hand)
    assert ours[-1] == hand
    for a, b in zip(ours, theirs, strict=True):
        assert a.turn == 1 - b.turn and a.legal_actions() == b.legal_actions()
        for seat in (0, 1):
            mine = view(a, seat, scores=scores).to_dict()
            other = view(b, 1 - seat, scores=None if scores is None else scores[::-1])
            assert other.to_dict() == mirror_view(mine)
    result, mirror = hand.result, theirs[-1].result
    assert result is not None and mirror is not None
    assert mirror.to_dict() == mirror_result(result.to_dict())
    score, other_score = (ginrules.score_hand(r, hand.rules) for r in (result, mirror))
    assert (other_score.player, other_score.points) == (flip(score.player), score.points)


@pytest.mark.parametrize("reward", REWARDS)
@every_pair(examples=60)
@given(st.data())
def test_swapping_the_seats_mirrors_the_rewards(pair: tuple[str, str], reward: str,
                                                data: st.DataObject) -> None:
    """An episode of the hand and of its mirror (the plain actions: an episode's actions
    carry no melds) pay each player what the other is paid, step by step."""
    hand = data.draw(hand_of(pair))
    paid = []
    for dealer in (hand.dealer, 1 - hand.dealer):
        episode = Episode(hand.rules, mode="hand")
        episode.hand = ginrules.deal(hand.rules, deck=hand.deck, dealer=dealer)
        rewarder = Rewards(episode, reward)
        rewarder.restart()  # (the hand was set from outside)
        paid.append([rewarder.step(action) for _, action in hand.actions])
        assert episode.over
    assert paid[1] == [(b, a) for a, b in paid[0]]
    if hand.result is not None and layout_of(hand) != "stated" and reward == "points":
        score = ginrules.score_hand(hand.result, hand.rules)
        won = 0 if score.player is None else score.points * (1 if score.player == 0 else -1)
        assert paid[0][-1] == (won, -won)


def _mirrored_game(game: GameState, hollywood: bool) -> tuple[GameState, GameState]:
    """The game's hands recorded in a game of the scoring asked (as far as it goes), and
    in the game with the seats swapped."""
    out = []
    for swap in (False, True):
        first = flip(game.first_dealer) if swap else game.first_dealer
        g = ginrules.new_game(game.rules, dealer=first, hollywood=hollywood)
        for hand in game.finished:
            if g.is_over:
                break
            g = ginrules.game.record_hand(g, mirrored(hand)[-1] if swap else hand)
        out.append(g)
    return out[0], out[1]


@every_pair(GAME_PAIRS, examples=40, games=True)
@given(st.data(), st.booleans())
def test_swapping_the_seats_mirrors_a_game(pair: tuple[str, str], data: st.DataObject,
                                           hollywood: bool) -> None:
    """The sheet (every row, each game's totals, hands won, winner and final score) and
    the dealers, in a game of one score or in Hollywood scoring."""
    game = data.draw(game_of(pair))
    ours, theirs = _mirrored_game(game, hollywood)
    assert theirs.sheet.to_dict() == mirror_sheet(ours.sheet.to_dict())
    assert theirs.dealer == flip(ours.dealer) and theirs.is_over == ours.is_over
    assert [h.dealer for h in theirs.finished] == [flip(h.dealer) for h in ours.finished]
    assert theirs.sheet.final_totals() == ours.sheet.final_totals()[::-1]


# -- the validator, on either player ----------------------------------------------------


def _per_player(record: dict[str, Any], field: str, player: int, number: int, k: int,
                held: list[list[int]]) -> bool:
    """Corrupt ``field`` of ``player`` in hand ``number`` (of the record, mod its hands)
    by ``k``; whether the record had that field to corrupt. ``held`` is each hand's
    deadwood of each player's cards at its end: a dead hand's record declares none, so
    its true deadwoods are declared first, then one is corrupted."""
    at = number % len(record["hands"])
    entry = record["hands"][at]
    outcome = entry.get("outcome", {})
    if field == "totals" and "totals" in entry:
        entry["totals"][player] += k
    elif field == "deadwood" and outcome:
        if outcome["kind"] == "dead":
            outcome["deadwood"] = list(held[at])
        outcome["deadwood"][player] += k
    elif field == "final" and "final" in record:
        record["final"][player] += k
    elif field in ("winner", "knocker") and outcome.get(field) == 1 - player:
        outcome[field] = player  # (the other player's hand declared this player's)
    elif field == "action":  # an action of the player written as the other player's
        mine = [i for i, a in enumerate(entry["actions"]) if a.startswith(f"p{player} ")]
        if not mine:
            return False
        i = mine[k % len(mine)]
        entry["actions"][i] = f"p{1 - player}" + entry["actions"][i][2:]
    elif field == "dealt card" and "??" not in entry["deal"]["hands"][player]:
        cards = entry["deal"]["hands"][player].split()
        dealt = set(entry["deal"]["hands"][0].split() + entry["deal"]["hands"][1].split())
        # (no upcard under the eleven-cards opening)
        named = {a.split()[-1] for a in entry["actions"]} | set(
            entry["deal"].get("upcard", "").split())
        spare = [str(c) for c in CARDS if str(c) not in dealt | named]
        cards[k % 10] = spare[k % len(spare)]
        entry["deal"]["hands"][player] = " ".join(cards)
    elif field == "stock draw":  # the card the player drew named as another
        mine = [i for i, a in enumerate(entry["actions"])
                if a.startswith(f"p{player} draw stock ") and not a.endswith("??")]
        if not mine:
            return False
        i = mine[k % len(mine)]
        drawn = entry["actions"][i].split()[-1]
        other = next(str(c) for c in CARDS[k % 52:] + CARDS if str(c) != drawn)
        entry["actions"][i] = entry["actions"][i][: -len(drawn)] + other
    else:
        return False
    return True


#: the fields of a player in a record: those whose corruption is always caught (where the
#: record is the player's own view, or both players'), then those that may leave a
#: record valid (another card dealt or drawn may change nothing the record declares)
CAUGHT = ("totals", "deadwood", "final", "winner", "knocker", "action")
FIELDS = (*CAUGHT, "dealt card", "stock draw")


def _problems(record: dict[str, Any], lenient: bool = False) -> list[dict[str, Any]]:
    return [p.to_dict() for p in records.validate(record, lenient=lenient).problems]


def _held(hands: list[HandState]) -> list[list[int]]:
    return [[ginrules.deadwood(h.cards(p)) for p in (0, 1)] for h in hands]


def _records_of(game: GameState, viewer: int, number: int
                ) -> list[tuple[dict[str, Any], list[HandState]]]:
    """The game's record (the deal as hands), and the view of one of its hands by
    ``viewer``; each with its hands."""
    hands = [*game.finished, *([game.hand] if game.hand is not None else [])]
    out = [(records.to_record(game, deal_form="hands", players=["ann", "bob"]), hands)]
    if hands:
        hand = hands[number % len(hands)]
        out.append((view_of(records.to_record(hand, deal_form="hands"), viewer), [hand]))
    return out


@every_pair(GAME_PAIRS, examples=60, games=True)
@given(st.data(), st.integers(0, 1), st.integers(0, 40))
def test_swapping_the_seats_mirrors_every_record_check(
        pair: tuple[str, str], data: st.DataObject, viewer: int, number: int) -> None:
    """A game's record, a view of one of its hands, and their mirrors: the mirror is the
    record the writer writes of the mirrored game, and the validator finds the same
    problems in it (none), mirrored, strict or lenient."""
    game = data.draw(game_of(pair))
    for record, _ in _records_of(game, viewer, number):
        mirror = mirror_record(record)
        assert mirror_record(mirror) == record
        if record.get("view") is None and game.hand is None:
            written = records.to_record(_mirrored_game(game, game.hollywood)[1],
                                        deal_form="hands", players=["bob", "ann"])
            keys = ("hands", "final", "winner", "players")
            assert {k: written.get(k) for k in keys} == {k: mirror.get(k) for k in keys}
        for lenient in (False, True):
            assert _problems(mirror, lenient) == [
                mirror_problem(records.Problem(**p)) for p in _problems(record, lenient)]


@every_pair(GAME_PAIRS, examples=60, games=True)
@given(st.data(), st.integers(0, 1), st.integers(0, 40), st.integers(1, 30))
def test_every_check_on_one_player_is_made_on_the_other(
        pair: tuple[str, str], data: st.DataObject, viewer: int, number: int, k: int
        ) -> None:
    """Each field of player 0 and of player 1 (running totals, declared deadwood, final
    score, winner, knocker, an action, a dealt card, a stock draw) is corrupted in a
    game's record and in a view of one of its hands; its mirror is the same field of the
    other player corrupted in the mirrored record. The validator must find the mirrored
    problems in the mirror, with the mirrored messages, and must catch the corruptions it
    always can (of a record of both players, or of the viewer's own fields)."""
    game = data.draw(game_of(pair))
    for record, hands in _records_of(game, viewer, number):
        mirror, held = mirror_record(record), _held(hands)
        for field in FIELDS:
            for player in (0, 1):
                ours, theirs = copy.deepcopy(record), copy.deepcopy(mirror)
                if not _per_player(ours, field, player, number, k, held):
                    continue
                assert _per_player(theirs, field, 1 - player, number, k,
                                   [h[::-1] for h in held])
                assert mirror_record(ours) == theirs
                report = records.validate(ours)
                if field in CAUGHT and record.get("view") in (None, player):
                    assert not report.valid, (field, player, record.get("view"))
                assert _problems(theirs) == [mirror_problem(p) for p in report.problems], (
                    field, player)


# -- relabelling the suits -------------------------------------------------------------


def suit_permutations(rules: ginrules.RuleSet, upcard: Card | None) -> list[tuple[int, ...]]:
    """The permutations of the suits that keep spades where a rule names them, and move
    the upcard's suit where they may (the upcard is where the rules look at a suit; none
    is turned under the eleven-cards opening)."""
    perms = [p for p in itertools.permutations(range(4))
             if rules.spade_doubling is SpadeDoubling.OFF or p[Suit.SPADES] == Suit.SPADES]
    moving = [p for p in perms if upcard is None or p[upcard.suit] != upcard.suit]
    return moving or perms


def renamer(perm: tuple[int, ...]) -> Callable[[Card], Card]:
    return lambda card: CARDS[perm[card.index // 13] * 13 + card.index % 13]


@every_pair(examples=60)  # (each example is played under up to 18 relabellings)
@given(st.data())
def test_relabelling_the_suits_changes_only_the_names_of_cards(pair: tuple[str, str],
                                                              data: st.DataObject) -> None:
    hand = data.draw(hand_of(pair))
    for perm in suit_permutations(hand.rules, hand.upcard):
        _check_relabelled(hand, perm)


def _check_relabelled(hand: HandState, perm: tuple[int, ...]) -> None:
    rename = renamer(perm)
    deck = Deck(tuple(rename(c) for c in hand.deck.cards))
    ours, theirs = states_of(hand), replay(hand, deck, hand.dealer, rename)

    def names(cards: Any) -> set[Card]:
        return {rename(c) for c in cards}

    for a, b in zip(ours, theirs, strict=True):
        assert (a.phase, a.turn, a.stock_size, a.knock_limit) == (
            b.phase, b.turn, b.stock_size, b.knock_limit)
        assert {Action(x.kind, None if x.card is None else rename(x.card))
                for x in a.legal_actions()} == set(b.legal_actions())
        for seat in (0, 1):
            assert names(a.cards(seat)) == set(b.cards(seat))
            assert ginrules.deadwood(a.cards(seat)) == ginrules.deadwood(b.cards(seat))
    result, other = hand.result, theirs[-1].result
    assert result is not None and other is not None
    assert (result.kind, result.knocker, result.dealer, result.knock_limit,
            result.knocker_deadwood, result.defender_deadwood) == (
        other.kind, other.knocker, other.dealer, other.knock_limit,
        other.knocker_deadwood, other.defender_deadwood)
    for mine, yours in ((result.knocker_melds, other.knocker_melds),
                        (result.defender_melds, other.defender_melds)):
        assert {frozenset(names(m.cards)) for m in mine} == {frozenset(m.cards) for m in yours}
    assert {(rename(x.card), frozenset(names(x.meld.cards))) for x in result.layoffs} == {
        (x.card, frozenset(x.meld.cards)) for x in other.layoffs}
    assert ginrules.score_hand(result, hand.rules) == ginrules.score_hand(other, hand.rules)
    # and its record is as valid, with the same counts
    a_report, b_report = (records.validate(records.to_record(s)) for s in (hand, theirs[-1]))
    assert a_report.valid and b_report.valid
    assert (a_report.hands, a_report.actions) == (b_report.hands, b_report.actions)


def test_relabelling_a_spade_upcard_changes_oklahomas_score() -> None:
    """The exception is real: under Oklahoma, a spade upcard doubles the hand; the same
    hand with spades and hearts swapped is not doubled."""
    rules = ginrules.rules("oklahoma")
    deck = Deck.standard()
    upcard = ginrules.parse_card("7S")
    order = [c for c in deck.cards if c != upcard]
    order.insert(20, upcard)
    swap = renamer((0, 1, 3, 2))
    for cards, doubled in ((order, True), ([swap(c) for c in order], False)):
        state = ginrules.deal(rules, deck=Deck(tuple(cards)), dealer=0)
        assert rules.doubles(state.upcard) is doubled


# -- a record read again ---------------------------------------------------------------


@every_pair(GAME_PAIRS, examples=60, games=True)
@given(st.data(), st.sampled_from(FIELDS), st.integers(0, 1), st.integers(0, 40),
       st.integers(1, 30), st.sampled_from(["deck", "hands"]))
def test_a_record_validated_dumped_and_read_again_validates_the_same(
        pair: tuple[str, str], data: st.DataObject, field: str, player: int, number: int,
        k: int, form: str) -> None:
    """Valid or corrupted, a record dumped as text and read from it (as text, bytes, a
    parsed dict) gets the same report; a valid one loads as the same record, and dumps
    to the same text."""
    game = data.draw(game_of(pair))
    record = records.to_record(game, deal_form=form)
    if data.draw(st.booleans()) and form == "hands":
        hands = [*game.finished, *([game.hand] if game.hand is not None else [])]
        _per_player(record, field, player, number, k, _held(hands))
    report = records.validate(record)
    text = records.dump(record)
    for again in (text, text.encode(), json.loads(text)):
        assert records.validate(again).problems == report.problems
        assert records.validate(again, lenient=True).problems == records.validate(
            record, lenient=True).problems
        assert (records.validate(again).hands, records.validate(again).actions) == (
            report.hands, report.actions)
    if report.valid:
        loaded = records.load(text)
        assert loaded.data == record and records.dump(loaded) == text
        assert records.validate(records.dump(loaded)) == records.validate(text)
