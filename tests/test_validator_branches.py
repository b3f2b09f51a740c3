"""The records validator's rarer branches (issue 16), each reached by the smallest record
that reaches it, in lenient mode: every problem is asserted with its code, its place (hand
and action) and the key words of its message."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import game, records
from ginrules.actions import Phase
from ginrules.hand import HandState
from strategies import gin_deck

DATA = Path(__file__).parent / "data" / "records"

# a hand just dealt (player 1 is to take or pass the upcard TS), as a deck and as hands
DEALT = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
DECK = records.to_record(DEALT)
HANDS = records.to_record(DEALT, deal_form="hands")
P0 = "5C 3S TH 6D 7H 2C JS 2H 4C 2S"  # player 0's cards in HANDS
P1 = "4D JH 4H KS 4S 9D KD TC 7C 7S"  # player 1's
# a game of two hands (a dead hand, then player 0 knocks for 59) and its second hand
PLAYED = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
GAME = records.to_record(PLAYED)
KNOCKED = records.to_record(PLAYED.finished[1])
# a gin by player 0, who takes the upcard TS and knocks KH: AS-5S and 6S-TS
_GIN_DECK = gin_deck()
GIN = records.to_record(ginrules.deal(ginrules.rules("classic"), deck=_GIN_DECK, dealer=1)
                        .apply("take").apply("knock KH"))


def edit(base: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = copy.deepcopy(base)
    change(data)
    return data


def problems(data: Any) -> list[tuple[str, int | None, int | None, str]]:
    """Every problem of a lenient check: (code, hand, action, message)."""
    report = records.validate(data, lenient=True)
    return [(p.code, p.hand, p.action, p.message) for p in report.problems]


def codes(data: Any) -> list[tuple[str, int | None, int | None]]:
    return [(code, hand, action) for code, hand, action, _ in problems(data)]


def message(data: Any, index: int = 0) -> str:
    return problems(data)[index][3]


def deal_of(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = data["hands"][0]["deal"]
    return out


def with_actions(base: dict[str, Any], *texts: str) -> dict[str, Any]:
    return edit(base, lambda d: d["hands"][0].update(actions=list(texts)))


def test_the_base_records_are_valid() -> None:
    for data in (DECK, HANDS, GAME, KNOCKED, GIN):
        assert problems(data) == []


# -- the record's fields (validator.check, read_rules) --------------------------------


def test_hollywood_must_be_a_boolean() -> None:
    data = edit(GAME, lambda d: d.update(hollywood="yes"))
    assert codes(data) == [("bad-field", None, None)]  # and the game is checked as plain
    assert "\"hollywood\" must be true or false, not 'yes'" in message(data)


def test_a_bad_view_is_read_as_no_view() -> None:
    # with no view, "??" is no card; read as a view of player 2, it would be filled in
    data = edit(HANDS, lambda d: (d.update(view=2),
                                  deal_of(d).update(hands=[P0, " ".join(["??"] * 10)])))
    found = problems(data)
    assert found[0][:3] == ("bad-field", None, None)
    assert "\"view\" must be 0 or 1" in found[0][3] and "not 2" in found[0][3]
    assert [p[:3] for p in found[1:]] == [("bad-card", 1, None)] * 10
    assert "player 1's hand: bad card '??'" in found[1][3]


def test_a_hand_record_has_one_hand() -> None:
    data = edit(DECK, lambda d: d["hands"].append(copy.deepcopy(d["hands"][0])))
    # the first hand is not the last, so it may not stop before it is over
    assert codes(data) == [("bad-field", None, None), ("hand-incomplete", 1, None)]
    assert "a record of kind 'hand' has exactly one hand, not 2" in message(data)


def test_the_rules_may_be_a_preset_name() -> None:
    data = edit(DECK, lambda d: d.update(rules="classic"))
    assert problems(data) == []
    assert records.load(data).rules == ginrules.rules("classic")


def test_the_rules_have_only_preset_and_overrides() -> None:
    data = edit(DECK, lambda d: d.update(rules={"preset": "classic", "colour": 1}))
    assert codes(data) == [("bad-rules", None, None)]
    assert "rules: unknown field 'colour'" in message(data)


def test_overrides_must_be_an_object() -> None:
    # a string is no object of settings (and no sequence of pairs either): the preset
    # is read without overrides
    data = edit(DECK, lambda d: d.update(rules={"preset": "classic", "overrides": "abc"}))
    assert codes(data) == [("bad-rules", None, None)]
    assert "rules: \"overrides\" must be an object of settings" in message(data)


# -- a hand's fields (check_hand, declared_score, read_melds) -------------------------


def test_a_hand_has_only_known_fields() -> None:
    data = edit(DECK, lambda d: d["hands"][0].update(colour=1))
    assert codes(data) == [("unknown-field", 1, None)]
    assert "unknown field 'colour' in a hand" in message(data)


def test_an_outcome_must_be_an_object() -> None:
    data = edit(KNOCKED, lambda d: d["hands"][0].update(outcome="x"))
    assert codes(data) == [("bad-field", 1, None)]
    assert "\"outcome\" must be an object" in message(data)


def test_an_outcome_has_only_known_fields() -> None:
    data = edit(KNOCKED, lambda d: d["hands"][0]["outcome"].update(colour=1))
    assert codes(data) == [("unknown-field", 1, None)]
    assert "outcome: unknown field 'colour'" in message(data)


def test_an_outcome_kind_must_be_a_kind() -> None:
    data = edit(KNOCKED, lambda d: d["hands"][0]["outcome"].update(kind="triumph"))
    assert codes(data) == [("bad-field", 1, None), ("wrong-kind", 1, None)]
    assert "outcome: unknown kind 'triumph'; the kinds are" in message(data)


def test_outcome_points_must_be_a_whole_number_at_least_0() -> None:
    data = edit(KNOCKED, lambda d: d["hands"][0]["outcome"].update(points=-1))
    assert codes(data) == [("bad-field", 1, None), ("wrong-points", 1, None)]
    assert "outcome: points must be a whole number >= 0, not -1" in message(data)
    # a hand that cannot be replayed is priced by its outcome, but not by a bad one
    def unreadable(d: dict[str, Any]) -> None:
        d["hands"][1]["outcome"]["points"] = -1
        d["hands"][1]["actions"][0] = "p1 juggle"

    data = edit(GAME, unreadable)
    assert codes(data) == [("bad-field", 2, None), ("bad-action", 2, 1)]
    assert "outcome: points must be a whole number >= 0, not -1" in message(data)
    assert records.validate(data, lenient=True).notes[-1] == (
        "the game totals after an unchecked hand were not checked")


@pytest.mark.parametrize(("melds", "words"), [
    ([["AS", "2S"]], "knocker_melds: "),  # two cards are no meld
    ([5], "knocker_melds: "),  # nor is a number
])
def test_each_knocker_meld_must_be_a_meld(melds: list[Any], words: str) -> None:
    data = edit(GIN, lambda d: d["hands"][0].update(knocker_melds=melds))
    assert codes(data) == [("bad-melds", 1, None)]
    assert message(data).startswith(words)


def test_a_long_meld_is_shown_cut_to_40_characters() -> None:
    """A value in a message is its repr, whole up to 40 characters, else its first 37
    and "...": the reader sees where it went wrong without the whole of it."""
    for meld, shown in ((["x" * 36], "['" + "x" * 36 + "']"),  # 40: whole
                        (["x" * 37], "['" + "x" * 35 + "..."),  # 41: cut
                        (7 * ["AS", 1], "['AS', 1, 'AS', 1, 'AS', 1, 'AS', 1, ...")):
        data = edit(GIN, lambda d, m=meld: d["hands"][0].update(knocker_melds=[m]))
        assert message(data) == ("knocker_melds: a meld is a string of cards or a list of "
                                 f"cards like \"7H\", not {shown}")


def test_melds_as_good_as_the_rules_layout_are_accepted() -> None:
    # auto_layout: stated melds are only checked to be no worse than the rules' layout
    data = edit(GIN, lambda d: d["hands"][0].update(knocker_melds=[
        ["AS", "2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S", "TS"]]))
    assert problems(data) == []


# -- the deal (_deal.py) --------------------------------------------------------------


def test_cards_may_be_card_objects_in_a_dict() -> None:
    data = edit(DECK, lambda d: d["hands"][0].update(deck=list(DEALT.deck.cards)))
    assert problems(data) == []
    assert records.load(data).hands == (DEALT,)
    data = edit(HANDS, lambda d: deal_of(d).update(hands=[list(ginrules.parse_cards(P0)),
                                                          list(ginrules.parse_cards(P1))],
                                                   upcard=ginrules.Card.parse("TS")))
    assert problems(data) == []


def test_the_deck_must_be_cards() -> None:
    data = edit(DECK, lambda d: d["hands"][0].update(deck=5))
    assert codes(data) == [("bad-card", 1, None)]
    assert "deck must be a string of cards or a list of cards" in message(data)


def test_a_hand_gives_a_deck_or_a_deal_not_both() -> None:
    # the hand is not replayed (from the deck, its illegal discard would be reported)
    data = edit(with_actions(DECK, "p1 discard 2C"),
                lambda d: d["hands"][0].update(deal=deal_of(HANDS)))
    assert codes(data) == [("bad-deal", 1, None)]
    assert "give either \"deck\" or \"deal\", not both" in message(data)


@pytest.mark.parametrize("deal", ["x", {"hands": [P0, P1, P0], "upcard": "TS"},
                                  {"hands": P0 + " " + P1, "upcard": "TS"}])
def test_a_deal_is_two_hands_and_an_upcard(deal: Any) -> None:
    data = edit(HANDS, lambda d: d["hands"][0].update(deal=deal))
    assert codes(data) == [("bad-deal", 1, None)]
    assert "\"deal\" must be {\"hands\": [player 0's cards, player 1's cards]" in message(data)


def test_each_hand_is_dealt_10_cards() -> None:
    data = edit(HANDS, lambda d: deal_of(d).update(hands=[P0[:-3], P1]))
    assert codes(data) == [("bad-deal", 1, None)]
    assert "player 0's hand has 9 cards, not 10" in message(data)


def test_a_card_dealt_to_both_players() -> None:
    data = edit(HANDS, lambda d: deal_of(d).update(hands=[P0, P1[:-2] + "5C"]))
    assert codes(data) == [("bad-deal", 1, None)]
    assert "5C is dealt twice (player 0's hand and player 1's hand)" in message(data)


def test_the_upcard_dealt_to_a_player_too() -> None:
    data = edit(HANDS, lambda d: deal_of(d).update(upcard="7S"))
    assert codes(data) == [("bad-deal", 1, None)]
    assert "7S is dealt twice (player 1's hand and the upcard)" in message(data)


def test_a_stock_draw_names_its_card_when_the_hands_are_given() -> None:
    data = with_actions(HANDS, "p1 pass", "p0 pass", "p1 draw stock")
    assert codes(data) == [("bad-action", 1, 3)]
    assert "a stock draw must name the card drawn" in message(data)


@pytest.mark.parametrize("view", [None, 1])
def test_only_the_other_players_stock_draw_may_be_unknown(view: int | None) -> None:
    # no view, or player 1's own view: player 1 saw the card drawn
    data = with_actions(HANDS, "p1 pass", "p0 pass", "p1 draw stock ??")
    if view is not None:
        data["view"] = view
    assert codes(data) == [("unknown-card", 1, 3)]
    assert "player 1's stock draw is unknown (\"??\")" in message(data)


def test_a_stock_draw_of_a_card_already_dealt() -> None:
    data = with_actions(HANDS, "p1 pass", "p0 pass", "p1 draw stock 5C")
    assert codes(data) == [("wrong-card", 1, 3)]
    assert ("the record says player 1 drew 5C from the stock, but 5C is already in "
            "player 0's hand") in message(data)


def test_at_most_31_stock_draws() -> None:
    # player 0's view: player 1's stock draws may be unknown, and there are 32
    data = edit(with_actions(HANDS, *["p1 draw stock ??"] * 32), lambda d: d.update(view=0))
    assert codes(data) == [("bad-deal", 1, None)]
    assert "32 cards are drawn from a stock of 31" in message(data)


def test_known_cards_of_the_hidden_player_are_kept() -> None:
    # player 0's view knows that player 1 was dealt 4D and JH (player 1 discards them
    # before drawing from the stock): they are kept, and the eight others are made up
    hands = [P0, "4D JH " + "?? " * 8]
    data = edit(with_actions(HANDS, "p1 take", "p1 discard 4D", "p0 draw discard",
                             "p0 discard 2C", "p1 draw discard", "p1 discard JH"),
                lambda d: (d.update(view=0), deal_of(d).update(hands=hands)))
    assert problems(data) == []
    record = records.load(data)
    assert len(record.stand_ins[0]) == 8
    dealt = record.replayed_with_stand_ins[0].deck.cards[0:20:2]  # player 1's (not dealer)
    assert set(ginrules.parse_cards("4D JH")) < set(dealt)
    # 7S, which player 1 keeps, player 0 cannot know to be theirs
    data = edit(data, lambda d: deal_of(d).update(hands=[P0, "4D JH 7S " + "?? " * 7]))
    assert problems(data) == [("unseen-card", 1, None, "player 0, whose view this record is, "
                               "cannot know that player 1 was dealt 7S: a view writes the cards "
                               "its player does not know as ??")]


@pytest.mark.parametrize(("actions", "index"), [
    # player 1's dealt cards are all known: the AS discarded is none of them, and the
    # only unknown card of theirs is drawn after it
    (["p1 pass", "p0 pass", "p1 draw stock 3D", "p1 discard AS", "p0 draw stock 5D",
      "p0 discard 5D", "p1 draw stock ??"], 4),
    (["p1 discard AS", "p1 draw stock ??"], 1),
])
def test_a_hidden_discard_that_no_unknown_card_can_be(actions: list[str], index: int) -> None:
    data = edit(with_actions(HANDS, *actions), lambda d: d.update(view=0))
    assert codes(data) == [("wrong-card", 1, index)]  # (this check raised, lenient)
    assert ("player 1 discards AS, but no card of theirs that the record leaves unknown "
            "can be it") in message(data)
    assert not records.validate(data).valid


# -- the replay -----------------------------------------------------------------------


def test_a_take_may_name_the_upcard() -> None:
    assert problems(with_actions(DECK, "p1 take TS")) == []
    data = with_actions(DECK, "p1 take 9C")
    assert codes(data) == [("wrong-card", 1, 1)]
    assert ("the record says player 1 drew 9C from the discard pile, but the top card "
            "there is TS") in message(data)
    report = records.validate(data, lenient=True)
    assert (report.problems[0].expected, report.problems[0].declared) == ("TS", "9C")


def _stock_drawn_out() -> HandState:
    """A classic hand with dead_hand_stock 0 (seed 7), its 31st stock card just drawn."""
    state = ginrules.deal(ginrules.rules("classic", dead_hand_stock=0), seed=7, dealer=0)
    state = state.apply("pass").apply("pass")
    while state.stock_drawn < 31:
        state = state.apply("draw stock")
        if state.stock_drawn < 31:
            state = state.apply(f"discard {state.cards(state.turn)[0]}")
    return state


def test_a_named_stock_draw_after_the_stock_is_drawn_out() -> None:
    # dead_hand_stock 0: the stock is drawn to its last card; after the 31st draw the
    # player must discard, and a 32nd draw (naming a card) is illegal, not a wrong card
    state = _stock_drawn_out()
    assert state.phase is Phase.DISCARD
    data = records.to_record(state)
    actions = data["hands"][0]["actions"]
    actions.append(f"p{state.turn} draw stock 2C")
    assert codes(data) == [("illegal-action", 1, len(actions))]
    assert "cannot draw stock" in message(data)


def test_the_last_card_of_the_stock_is_checked_as_every_other_draw() -> None:
    # dead_hand_stock 0: the 31st stock draw takes the deck's last card (QC here); a record
    # that names another card for it is a wrong card, as for any earlier draw
    state = _stock_drawn_out()
    data = records.to_record(state)
    actions = data["hands"][0]["actions"]
    assert actions[-1] == "p1 draw stock QC" and codes(data) == []
    actions[-1] = "p1 draw stock 2C"
    assert problems(data) == [("wrong-card", 1, len(actions), "the record says player 1 drew "
                               "2C from the stock, but the top card there is QC")]


# -- the game -------------------------------------------------------------------------


def test_a_game_record_without_a_whole_number_seed_gives_a_game_without_one() -> None:
    played = records.load(GAME).game
    assert played is not None and played.seed == 3
    data = edit(GAME, lambda d: d.update(meta={"seed": "3"}))
    assert problems(data) == []
    loaded = records.load(data).game
    assert loaded is not None and loaded.seed is None and loaded.sheet == played.sheet


@pytest.mark.parametrize(("rule", "winner", "points"), [
    ("winner", 0, 34),  # player 0, the dealer, knocks and wins: player 0 deals again
    ("loser", 1, 27),  # player 0 knocks and is undercut: player 0 loses and deals
    ("same", 1, 27),  # the dealer deals again, whoever wins
])
def test_a_hand_of_made_up_cards_passes_the_deal_by_its_declared_winner(
        rule: str, winner: int, points: int) -> None:
    data = json.loads((DATA / "view_player0.json").read_text("utf-8"))
    data.update(kind="game", complete=False,
                rules={"preset": "classic", "overrides": {"dealer_after_hand": rule}})
    data["hands"][0]["outcome"] = {"kind": "knock", "knocker": 0, "winner": winner,
                                   "points": points}
    assert data["hands"][0]["dealer"] == 0
    data["hands"].append({"dealer": 0, "deal": {"hands": [P0, "?? " * 10], "upcard": "TS"},
                          "actions": []})
    assert problems(data) == []  # (alternating, player 1 would deal)
    data["hands"][1]["dealer"] = 1
    assert codes(data) == [("wrong-dealer", 1 + 1, None)]
    assert "the dealer is player 1, but the next dealer is player 0" in message(data)


def test_after_a_hand_that_cannot_be_replayed_or_priced_no_dealer_is_expected() -> None:
    """A hand with a bad deal and no outcome leaves the next dealer unknown: the hand
    after it is not held to the dealer the broken hand was expected to have (player 1
    dealt hand 2, player 0 hand 3), and reports nothing (lenient: every problem)."""
    from ginrules.players import BasicPlayer, seat

    played = game.play(game.new_game(ginrules.rules("short"), seed=0),
                       [seat(BasicPlayer()), seat(BasicPlayer())])
    data = records.to_record(played)
    assert [h["dealer"] for h in data["hands"]][:3] == [0, 1, 0]
    deck = data["hands"][1]["deck"].split()
    data["hands"][1]["deck"] = " ".join([deck[0], *deck[:1], *deck[2:]])
    del data["hands"][1]["outcome"]
    report = records.validate(data, lenient=True)
    assert [(p.code, p.hand) for p in report.problems] == [("bad-deal", 2), ("bad-deal", 2)]
    assert report.notes == ("the game totals after an unchecked hand were not checked",)


def test_a_seed_of_true_is_not_seed_1() -> None:
    g = ginrules.new_game(ginrules.rules("short"), seed=3).apply("pass")
    data = records.to_record(g)
    data["meta"] = {"seed": True}
    assert records.load(data).game.seed is None  # a bool is not a whole number here
    data["meta"] = {"seed": 3}
    assert records.load(data).game.seed == 3


def test_parse_card_gives_a_card_back() -> None:
    card = ginrules.parse_card("7H")
    assert ginrules.parse_card(card) is card
    with pytest.raises(ginrules.CardNotationError, match="not int"):
        ginrules.parse_card(7)  # type: ignore[arg-type]


def test_the_hidden_players_known_discards_fill_their_unknown_cards() -> None:
    """A record of player 0's view of real games, player 1's cards written "??": each
    card player 1 discards that nobody saw them get fills one of their unknown slots,
    and the rest are stand-ins that are none of the cards the record shows. Checked
    against the games themselves, hand by hand (a knock by player 1 is not replayed)."""
    from ginrules.players import BasicPlayer, seat

    replayed_hands = 0
    for seed in range(4):
        g = game.play(game.new_game(ginrules.rules("short"), seed=seed),
                      [seat(BasicPlayer()), seat(BasicPlayer())])
        data = records.to_record(g, deal_form="hands")
        data["view"] = 0
        for entry in data["hands"]:
            entry["deal"]["hands"][1] = " ".join(["??"] * 10)
            entry["actions"] = [a.rsplit(" ", 1)[0] + " ??"
                                if a.startswith("p1 draw stock") else a
                                for a in entry["actions"]]
        record = records.load(data)
        assert len(record.stand_ins) == len(record.replayed_with_stand_ins) == len(g.finished)
        for true, replayed, made_up in zip(g.finished, record.replayed_with_stand_ins,
                                           record.stand_ins, strict=True):
            if replayed is None:
                assert true.result.knocker == 1  # player 1's knock cannot be checked
                continue
            replayed_hands += 1
            # oracle, from the true game: the cards player 1 discards that they did not
            # take from the pile are cards they got unseen (dealt or drawn)
            taken, known = set(), []
            top = true.upcard
            for player, action in true.actions:
                if player == 1 and action.kind.value in ("take", "draw discard"):
                    taken.add(top)
                if action.card is not None:
                    if player == 1 and action.card not in taken:
                        known.append(action.card)
                    top = action.card
            assert [a for _, a in replayed.actions] == [a for _, a in true.actions]
            draws = sum(1 for p, a in true.actions if p == 1 and a.kind.value == "draw stock")
            assert len(made_up) == 10 + draws - len(known)  # every other unknown slot
            shown = set(true.cards(0)) | set(true.discard_pile) | {true.upcard} | set(known)
            assert not made_up & shown
            # player 1's cards at the end: the true ones they got seen, stand-ins for the rest
            end = set(replayed.cards(1))
            assert end - made_up == set(true.cards(1)) - (set(true.cards(1)) - taken)
    assert replayed_hands >= 5


def test_a_message_with_nothing_to_explain_ends_where_it_should() -> None:
    # the explanations appended to a message (a tie, play after the end, a stop) add
    # nothing when they do not apply: 59 is 65 - 6 for player 0's knock, no tie, no layoff
    data = edit(KNOCKED, lambda d: d["hands"][0]["outcome"].update(points=1))
    assert problems(data) == [("wrong-points", 1, None, "the declared points are 1, but "
                               "player 0 scores 59 (a knock by player 0: 59)")]
    gin = edit(GIN, lambda d: d["hands"][0].setdefault("outcome", {}).update(points=1))
    assert message(gin) == ("the declared points are 1, but player 0 scores 25 (gin by "
                            "player 0: 0 + 25 bonus)")


def test_a_record_without_hands_counts_none() -> None:
    report = records.validate({"format": "ginrules-record", "version": 1, "kind": "game",
                               "rules": "classic", "hands": []}, lenient=True)
    assert (report.hands, report.actions) == (0, 0)
    assert [p.code for p in report.problems] == ["bad-field"]


@pytest.mark.parametrize("workers", [1, 2])
def test_validate_many_passes_lenient_on(workers: int) -> None:
    # two problems in one record: strict stops at the first, lenient reports both
    data = edit(KNOCKED, lambda d: (d["hands"][0]["outcome"].update(points=1),
                                    d["hands"][0].update(x=1)))
    texts = [json.dumps(data), json.dumps(DECK)]
    strict = list(records.validate_many(texts, workers=workers))
    lenient = list(records.validate_many(texts, workers=workers, lenient=True))
    assert [len(r.problems) for r in strict] == [1, 0]
    assert [[p.code for p in r.problems] for r in lenient] == [
        ["unknown-field", "wrong-points"], []]


# -- the deal's messages pinned whole, and the unknown cards filled in (issue 16) -----

# player 0's view of HANDS, player 1's cards known; and with one of them (7S) unknown
VIEW = edit(HANDS, lambda d: d.update(view=0))
VIEW_ONE = edit(VIEW, lambda d: deal_of(d).update(hands=[P0, P1[:-2] + "??"]))
VIEW_HIDDEN = edit(VIEW, lambda d: deal_of(d).update(hands=[P0, "?? " * 10]))
# GIN with the hands given: player 0 has AS-9S and KH, player 1 2C-JC, the upcard TS
GIN_HANDS = records.to_record(ginrules.deal(ginrules.rules("classic"), deck=_GIN_DECK, dealer=1),
                              deal_form="hands")


def test_the_upcard_cannot_be_unknown_even_in_a_view() -> None:
    data = edit(VIEW, lambda d: deal_of(d).update(upcard="??"))
    assert problems(data) == [("bad-card", 1, None, "the upcard: bad card '??': suit '?' is "
                               "not one of C D H S (or ♣ ♦ ♥ ♠)")]


def test_a_deck_with_a_card_twice() -> None:
    # 3S replaced by a second 5C: 52 cards, one missing; then a 53rd card, none missing
    deck = DECK["hands"][0]["deck"]
    assert deck.count("3S") == deck.count("5C") == 1
    data = edit(DECK, lambda d: d["hands"][0].update(deck=deck.replace("3S", "5C")))
    assert problems(data) == [
        ("bad-deal", 1, None, "the deck has 5C twice"),
        ("bad-deal", 1, None, "the deck has 52 cards, not the 52 cards once each; missing 3S")]
    data = edit(DECK, lambda d: d["hands"][0].update(deck=deck + " 5C"))
    assert problems(data) == [
        ("bad-deal", 1, None, "the deck has 5C twice"),
        ("bad-deal", 1, None, "the deck has 53 cards, not the 52 cards once each")]
    # two cards left out: both named, in the order clubs, diamonds, hearts, spades
    data = edit(DECK, lambda d: d["hands"][0].update(
        deck=" ".join(c for c in deck.split() if c not in ("3S", "5C"))))
    assert problems(data) == [("bad-deal", 1, None, "the deck has 50 cards, not the 52 cards "
                               "once each; missing 5C 3S")]


def test_draws_named_after_an_unnamed_draw_past_the_end_are_still_checked() -> None:
    # after player 0's gin, an unnamed stock draw is skipped (never drawn), but the named
    # one after it is still placed: 5S is player 0's
    data = with_actions(GIN_HANDS, "p0 take", "p0 knock KH", "p1 draw stock",
                        "p0 draw stock 5S")
    assert problems(data) == [("wrong-card", 1, 4, "the record says player 0 drew 5S from the "
                               "stock, but 5S is already in player 0's hand")]


def test_an_unnamed_draw_past_the_end_in_a_view_record() -> None:
    # player 1's cards unknown: the unnamed draw after the gin is no unknown card to fill
    data = edit(with_actions(GIN_HANDS, "p0 take", "p0 knock KH", "p1 draw stock"),
                lambda d: (d.update(view=0), deal_of(d)["hands"].__setitem__(1, "?? " * 10)))
    assert problems(data) == [("play-after-end", 1, 3, "play continues after the hand was over "
                               "(gin by player 0 at action 2): p1 draw stock")]


def test_a_hidden_card_drawn_then_discarded_at_once() -> None:
    # player 1 draws an unknown card and discards AS, which nobody saw: AS was dealt or
    # drawn, no stand-in; nothing the record claims is left unchecked
    data = with_actions(VIEW_HIDDEN, "p1 pass", "p0 pass", "p1 draw stock ??", "p1 discard AS")
    assert problems(data) == []
    assert records.validate(data).notes == ()
    assert ginrules.Card.parse("AS") not in records.load(data).stand_ins[0]


def test_a_hidden_discard_before_the_unknown_draw() -> None:
    # the unknown stock draw comes after the discard of AS: it cannot be AS
    data = with_actions(VIEW, "p1 pass", "p0 pass", "p1 discard AS", "p1 draw stock ??")
    assert problems(data) == [("wrong-card", 1, 3, "player 1 discards AS, but no card of "
                               "theirs that the record leaves unknown can be it")]


def test_an_unknown_dealt_card_can_be_the_first_actions_discard() -> None:
    # the dealt 10th card can be QH, so the discard is checked by the rules: illegal now
    data = with_actions(VIEW_ONE, "p1 discard QH")
    assert problems(data) == [("illegal-action", 1, 1, "cannot discard QH: player 1 must take or "
                               "pass the upcard now")]


def test_the_one_unknown_card_is_the_one_discarded() -> None:
    # player 1's view of player 0's gin: player 0's hand is shown at the end and it drew
    # nothing, so its cards may be named; the one written ?? is KH, the card it knocked
    data = edit(with_actions(GIN_HANDS, "p0 take", "p0 knock KH"), lambda d: (
        d.update(view=1), deal_of(d)["hands"].__setitem__(0, "AS 2S 3S 4S 5S 6S 7S 8S 9S ??")))
    assert problems(data) == []
    record = records.load(data)
    assert record.stand_ins == (frozenset(),)  # KH is no stand-in: the record shows it
    assert set(record.replayed_with_stand_ins[0].cards(0)) == set(ginrules.parse_cards(
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"))
    # nothing is made up: the outcome is checked exactly, nothing is left unchecked
    assert records.validate(data).notes == ()
    data["hands"][0]["outcome"] = {"kind": "gin", "winner": 0, "points": 1}
    assert problems(data) == [("wrong-points", 1, None, "the declared points are 1, but "
                               "player 0 scores 25 (gin by player 0: 0 + 25 bonus)")]


@pytest.mark.parametrize("data", [
    # the viewer's own discard of a card they lack (9H) is not one of player 1's unknown
    # cards: player 1's one unknown card is still there for QH
    with_actions(VIEW_ONE, "p1 pass", "p0 take", "p0 discard 9H", "p1 draw discard",
                 "p1 discard QH"),
    # player 1 discards 9H, seen discarded before: it needs no unknown card of theirs
    with_actions(VIEW, "p1 pass", "p0 take", "p0 discard 9H", "p1 draw discard",
                 "p1 discard 9H", "p0 draw stock 3D", "p0 discard 3D", "p1 draw stock ??"),
])
def test_the_viewers_illegal_discard_is_reported_by_the_replay(data: dict[str, Any]) -> None:
    assert problems(data) == [("illegal-action", 1, 3, "cannot discard 9H: 9H is not in "
                               "player 0's hand")]


# -- the validator's messages pinned whole (issue 16) ----------------------------------


def _knock(last: str, preset: str = "classic") -> dict[str, Any]:
    """Player 0 takes the upcard 2D and knocks KD with AS-3S, 4H-6H, 7C-9C (deadwood 2,
    the 2D); player 1 has TD-QD, TH-QH, JC-KC and ``last``."""
    p0 = ginrules.parse_cards("AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    p1 = ginrules.parse_cards("TH JH QH JC QC KC TD JD QD " + last)
    deck = tuple(c for pair in zip(p0, p1, strict=True) for c in pair) + ginrules.parse_cards("2D")
    deck += tuple(c for c in ginrules.CARDS if c not in deck)
    state = ginrules.deal(ginrules.rules(preset), deck=deck, dealer=1)
    return records.to_record(state.apply("take").apply("knock KD"))


TIE = _knock("2H")  # 2 against 2: an undercut under classic rules, 0 + 25
UNDERCUT = _knock("AD")  # 2 against 1: 1 + 25
LAID_OFF = _knock("7H")  # player 1 lays 7H off onto 4H-6H: 2 against 0, 2 + 25


def _outcome(base: dict[str, Any], **declared: Any) -> dict[str, Any]:
    return edit(base, lambda d: d["hands"][0]["outcome"].update(declared))


def test_a_wrong_winner_and_the_tie_explained() -> None:
    assert problems(_outcome(TIE, winner=0)) == [(
        "wrong-winner", 1, None, "the declared winner is player 0, but player 1 scores 25 (an "
        "undercut: 0 + 25 bonus); some tables score a tie 0-0, these rules score it as an "
        "undercut (undercut_on_tie is true; the 'openspiel' preset sets it to false)")]
    # an undercut that is no tie, and a knock that is no undercut: nothing to explain
    assert problems(_outcome(UNDERCUT, winner=0)) == [(
        "wrong-winner", 1, None, "the declared winner is player 0, but player 1 scores 26 (an "
        "undercut: 1 + 25 bonus)")]
    for winner, who in ((1, "player 1"), (None, "nobody")):  # KNOCKED: 69 - 10
        assert problems(_outcome(KNOCKED, winner=winner)) == [(
            "wrong-winner", 1, None, f"the declared winner is {who}, but player 0 scores 59 "
            "(a knock by player 0: 59)")]


def test_a_wrong_winner_or_points_where_nobody_scores() -> None:
    """Where nobody scores, the message says so, and says why: a dead hand, or a tie
    that these rules score as nothing (OpenSpiel's, undercut_on_tie false)."""
    dead = records.to_record(PLAYED.finished[0])
    assert problems(_outcome(dead, winner=0)) == [(
        "wrong-winner", 1, None, "the declared winner is player 0, but nobody scores")]
    assert problems(_outcome(dead, points=3)) == [(
        "wrong-points", 1, None, "the declared points are 3, but nobody scores")]
    tie = _knock("2H", "openspiel")
    assert problems(_outcome(tie, winner=1)) == [(
        "wrong-winner", 1, None, "the declared winner is player 1, but nobody scores (a tie)")]
    assert problems(_outcome(tie, points=25)) == [(
        "wrong-points", 1, None, "the declared points are 25, but nobody scores (a tie)")]


def test_a_wrong_knocker() -> None:
    report = records.validate(_outcome(KNOCKED, knocker=1), lenient=True)
    assert [(p.code, p.hand, p.message, p.expected, p.declared) for p in report.problems] == [
        ("wrong-knocker", 1, "the declared knocker is 1, but player 0 knocked", 0, 1)]


def test_wrong_deadwood_of_each_player_and_the_layoffs_explained() -> None:
    report = records.validate(_outcome(KNOCKED, deadwood=[5, 64]), lenient=True)
    assert [(p.code, p.hand, p.message, p.expected, p.declared) for p in report.problems] == [
        ("wrong-deadwood", 1, "the declared deadwood of player 0 (the knocker) is 5, but it "
         "is 10", 10, 5),
        ("wrong-deadwood", 1, "the declared deadwood of player 1 (the defender) is 64, but it "
         "is 69", 69, 64)]
    # the defender's 7 is its count before laying off 7H; the knocker's 7 is just wrong
    assert problems(_outcome(LAID_OFF, deadwood=[7, 7])) == [
        ("wrong-deadwood", 1, None, "the declared deadwood of player 0 (the knocker) is 7, but "
         "it is 2"),
        ("wrong-deadwood", 1, None, "the declared deadwood of player 1 (the defender) is 7, but "
         "it is 0 after laying off 7H (7 before the layoffs)")]
    assert problems(_outcome(LAID_OFF, deadwood=[2, 5])) == [
        ("wrong-deadwood", 1, None, "the declared deadwood of player 1 (the defender) is 5, but "
         "it is 0")]


def test_the_knockers_deadwood_is_explained_only_as_the_knockers() -> None:
    # OpenSpiel's explanation of a defender's higher deadwood is not given for the knocker
    data = edit(_outcome(KNOCKED, deadwood=[70, 69]), lambda d: d.update(
        source={"from": "openspiel"}))
    assert problems(data) == [("wrong-deadwood", 1, None, "the declared deadwood of player 0 "
                               "(the knocker) is 70, but it is 10")]


@pytest.mark.parametrize(("actions", "what"), [
    ((), "take or pass the upcard"), (("p1 pass", "p0 pass"), "draw"),
    (("p1 pass", "p0 pass", "p1 draw stock"), "discard")])
def test_a_complete_record_that_stops_says_who_is_to_do_what(actions: tuple[str, ...],
                                                            what: str) -> None:
    data = edit(with_actions(DECK, *actions), lambda d: d.update(complete=True))
    assert problems(data) == [("hand-incomplete", 1, None, "the hand stops before it is over: "
                               f"player 1 is to {what}")]


@pytest.mark.parametrize(("field", "value", "text"), [
    ("players", "ab", "\"players\" must be a list of two names"),
    ("meta", "x", "\"meta\" must be an object"),
])
def test_a_bad_field_of_the_record(field: str, value: Any, text: str) -> None:
    assert problems(edit(DECK, lambda d: d.update({field: value}))) == [
        ("bad-field", None, None, text)]


@pytest.mark.parametrize("totals", [[0], [True, False], ["0", 0]])
def test_totals_must_be_two_whole_numbers(totals: Any) -> None:
    data = edit(GAME, lambda d: d["hands"][0].update(totals=totals))
    assert problems(data) == [("bad-field", 1, None, "\"totals\" must be two whole numbers")]


def test_an_unknown_stock_draw_in_a_record_of_the_deck() -> None:
    data = with_actions(DECK, "p1 pass", "p0 pass", "p1 draw stock ??")
    assert problems(data) == [("unknown-card", 1, 3, "player 1's stock draw is unknown (\"??\"), "
                               "which only a record of the other player's view may write")]


def test_melds_of_a_hand_that_ended_without_a_knock() -> None:
    data = edit(GAME, lambda d: d["hands"][0].update(knocker_melds=[["AS", "2S", "3S"]]))
    assert GAME["hands"][0]["outcome"]["kind"] == "dead"
    assert problems(data) == [("bad-melds", 1, None, "\"knocker_melds\" are given, but the hand "
                               "ended with a dead hand, not a knock")]


@pytest.mark.parametrize("spec", ["classic", {"preset": "classic",
                                              "overrides": {"undercut_on_tie": False}}])
def test_worse_melds_under_rules_that_lay_the_hand_out(spec: Any) -> None:
    # player 0's AS-TS laid out as 2S-TS leaves AS (1); the best layout leaves nothing
    # (under the classic rules, and with a tie no undercut: the layout is still the rules')
    data = edit(GIN, lambda d: d["hands"][0].update(knocker_melds=[
        ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"]]))
    data["rules"] = spec
    assert ginrules.rules("classic").auto_layout
    report = records.validate(data, lenient=True)
    assert [(p.code, p.hand, p.message, p.expected, p.declared) for p in report.problems] == [(
        "worse-melds", 1, "the knocker's melds leave deadwood 1, but these rules lay the hand "
        "out for the least deadwood, 0 (auto_layout: the German rules page and the Polish "
        "site arrange hands for the players)", 0, 1)]


def test_an_action_that_is_no_string_is_a_bad_action_wherever_it_stands() -> None:
    """A list or an object given for an action is refused at its place: first, or after
    an action read well (never taken for the one before it)."""
    data = edit(HANDS, lambda d: d["hands"][0].update(
        actions=["p1 pass", ["p0", "pass"], {"p0": "x"}]))
    assert problems(data) == [
        ("bad-action", 1, 2, "an action must be a string like 'p0 discard 7H', not "
                             "['p0', 'pass']"),
        ("bad-action", 1, 3, "an action must be a string like 'p0 discard 7H', not "
                             "{'p0': 'x'}")]
    first = edit(HANDS, lambda d: d["hands"][0].update(actions=[["p1 pass"]]))
    assert problems(first) == [("bad-action", 1, 1, "an action must be a string like 'p0 "
                                                    "discard 7H', not ['p1 pass']")]


def test_the_deal_message_whole() -> None:
    data = edit(HANDS, lambda d: d["hands"][0].update(deal="x"))
    assert problems(data) == [("bad-deal", 1, None, "\"deal\" must be {\"hands\": [player 0's "
                               "cards, player 1's cards], \"upcard\": CARD}")]


@pytest.mark.parametrize(("actions", "found"), [
    (["p1 pass", "p0 pass", "p1 draw stock TS"],
     [("wrong-card", 1, 3, "the record says player 1 drew TS from the stock, but TS is "
       "already in the upcard")]),
    (["p1 pass", "p0 pass", "p1 draw stock 5D", "p1 discard 5D", "p0 draw stock 5D"],
     [("wrong-card", 1, 5, "the record says player 0 drew 5D from the stock, but 5D is "
       "already in the stock (drawn at action 3)")]),
    # an unnamed draw is reported, and the draws after it are still checked
    (["p1 pass", "p0 pass", "p1 draw stock", "p1 discard 4D", "p0 draw stock 5C"],
     [("bad-action", 1, 3, "a stock draw must name the card drawn (like \"p0 draw stock 5C\") "
       "in a record that gives the hands rather than the deck"),
      ("wrong-card", 1, 5, "the record says player 0 drew 5C from the stock, but 5C is "
       "already in player 0's hand")]),
    (["p1 pass", "p0 pass", "p1 draw stock ??"],
     [("unknown-card", 1, 3, "player 1's stock draw is unknown (\"??\"), which only a record "
       "of the other player's view may write")]),
    # an unnamed draw alone: the hand is not replayed either (it would stop unfinished)
    (["p1 pass", "p0 pass", "p1 draw stock"],
     [("bad-action", 1, 3, "a stock draw must name the card drawn (like \"p0 draw stock 5C\") "
       "in a record that gives the hands rather than the deck")]),
])
def test_the_stock_draws_of_a_record_of_the_hands(actions: list[str],
                                                  found: list[tuple[Any, ...]]) -> None:
    # complete: a hand replayed although its deal is wrong would be reported as stopping
    data = edit(with_actions(HANDS, *actions), lambda d: d.update(complete=True))
    assert problems(data) == found


def test_a_view_of_player_1_fills_in_player_0s_unknown_card() -> None:
    # player 1's view of player 0's gin, 2S unknown: the stand-in is the first card in the
    # order AC, 2C, ... that the record does not show (AC), in player 0's hand and nowhere
    # else in the deck
    data = edit(with_actions(GIN_HANDS, "p0 take", "p0 knock KH"), lambda d: (
        d.update(view=1), deal_of(d)["hands"].__setitem__(0, "AS ?? 3S 4S 5S 6S 7S 8S 9S KH")))
    assert problems(data) == []
    record = records.load(data)
    assert record.stand_ins == (frozenset(ginrules.parse_cards("AC")),)
    assert set(record.replayed_with_stand_ins[0].cards(0)) == set(ginrules.parse_cards(
        "AS AC 3S 4S 5S 6S 7S 8S 9S TS"))


def test_a_view_with_every_card_known_checks_the_outcome() -> None:
    # nothing is made up in player 0's view of a hand whose cards are all shown: the
    # outcome is checked exactly, and the cards player 0 cannot know are a problem
    data = records.to_record(PLAYED.finished[1], deal_form="hands")
    data = edit(data, lambda d: (d.update(view=0), d["hands"][0]["outcome"].update(points=1)))
    assert codes(data) == [("unseen-card", 1, None), ("wrong-points", 1, None)]
    assert problems(data)[1][3] == ("the declared points are 1, but player 0 scores 59 (a "
                                    "knock by player 0: 59)")
    assert records.validate(data, lenient=True).notes == ()


def test_a_knocker_declared_for_a_dead_hand() -> None:
    data = edit(GAME, lambda d: d["hands"][0]["outcome"].update(knocker=0))
    report = records.validate(data, lenient=True)
    assert [(p.code, p.hand, p.message, p.expected, p.declared) for p in report.problems] == [
        ("wrong-knocker", 1, "the declared knocker is 0, but nobody knocked", None, 0)]


def test_a_doubled_score_says_so() -> None:
    # the first upcard TS is a spade: the gin's 0 + 25 is doubled to 50
    data = edit(GIN, lambda d: (
        d.update(rules={"preset": "classic", "overrides": {"spade_doubling": "whole-score"}}),
        d["hands"][0]["outcome"].update(points=1)))
    assert problems(data) == [("wrong-points", 1, None, "the declared points are 1, but player 0 "
                               "scores 50 (gin by player 0: 0 + 25 bonus, doubled)")]


def test_an_unreadable_file_is_named_by_its_path(tmp_path: Path) -> None:
    missing = tmp_path / "x.json"
    for source in (missing, str(missing)):
        report = records.validate(source)
        assert report.source == str(missing)
        assert [(p.code, p.hand, p.message) for p in report.problems] == [
            ("unreadable", None, f"cannot read {missing}: No such file or directory")]
    assert records.validate(missing, name="mine").source == "mine"


def test_a_deck_cannot_hold_an_unknown_card() -> None:
    deck = DECK["hands"][0]["deck"]
    data = edit(DECK, lambda d: d["hands"][0].update(deck=deck.replace("3S", "??")))
    assert problems(data) == [("bad-card", 1, None, "deck: bad card '??': suit '?' is not one "
                               "of C D H S (or ♣ ♦ ♥ ♠)")]


@pytest.mark.parametrize("comma", [",", ", "])
def test_the_cards_of_a_deck_may_be_separated_by_commas(comma: str) -> None:
    data = edit(DECK, lambda d: d["hands"][0].update(deck=comma.join(d["hands"][0]["deck"].split())))
    assert "," in data["hands"][0]["deck"] and problems(data) == []
    assert records.load(data).hands == (DEALT,)


@pytest.mark.parametrize(("change", "text"), [
    (lambda d: d["hands"][0].pop("deck"),
     "the deal is missing: give \"deck\" (52 cards) or \"deal\" (both hands and the upcard)"),
    (lambda d: d["hands"][0].update(deal=deal_of(HANDS)),
     "give either \"deck\" or \"deal\", not both"),
])
def test_a_hand_gives_its_deal_once(change: Callable[[dict[str, Any]], object], text: str
                                    ) -> None:
    assert problems(edit(DECK, change)) == [("bad-deal", 1, None, text)]


def test_a_view_that_gives_the_whole_deck_checks_the_outcome() -> None:
    # a deck leaves nothing unknown, even in a record of one player's view: the outcome is
    # checked exactly, and the deck (the stock's order, the other hand) is a problem
    data = edit(KNOCKED, lambda d: (d.update(view=0), d["hands"][0]["outcome"].update(points=1)))
    assert codes(data) == [("unseen-card", 1, None), ("wrong-points", 1, None)]
    assert problems(data)[1][3] == ("the declared points are 1, but player 0 scores 59 (a "
                                    "knock by player 0: 59)")


def test_overrides_with_a_key_that_is_no_string() -> None:
    # (a dict given in Python, not JSON): a bad-rules problem, not a TypeError
    data = edit(DECK, lambda d: d.update(rules={"preset": "classic", "overrides": {1: 2}}))
    found = problems(data)
    assert [p[:3] for p in found] == [("bad-rules", None, None)]
    assert found[0][3].startswith("rules: ") and found[0][3].endswith("keywords must be strings")


def test_a_taken_card_cannot_be_unknown() -> None:
    assert problems(with_actions(DECK, "p1 take ??")) == [
        ("unknown-card", 1, 1, "the card player 1 takes from the discard pile is face up: it "
         "cannot be unknown (\"??\")")]


def test_a_hand_without_actions_is_a_hand_just_dealt() -> None:
    data = edit(DECK, lambda d: d["hands"][0].pop("actions"))
    assert problems(data) == []
    assert records.load(data).hands == (DEALT,)


def test_a_hand_is_an_object() -> None:
    assert problems(edit(DECK, lambda d: d.update(hands=[5]))) == [
        ("bad-field", 1, None, "a hand is a JSON object")]


def test_the_hidden_discards_after_an_unreadable_action_are_still_matched() -> None:
    # player 1's AS can be none of their unknown cards (the only one is drawn after it),
    # and an unreadable action before it does not hide that
    data = with_actions(VIEW, "p1 pass", "p0 juggle", "p1 discard AS", "p1 draw stock ??")
    assert problems(data) == [
        ("bad-action", 1, 2, "bad action 'p0 juggle': expected take, pass, draw stock, draw "
         "discard, discard CARD, knock CARD or big gin"),
        ("wrong-card", 1, 3, "player 1 discards AS, but no card of theirs that the record "
         "leaves unknown can be it")]


# -- from a second random sample of the validator's mutants (issue 16) ----------------


def _full(data: Any) -> list[tuple[Any, ...]]:
    """Every problem of a lenient check with its expected and declared values."""
    report = records.validate(data, lenient=True)
    return [(p.code, p.hand, p.action, p.message, p.expected, p.declared)
            for p in report.problems]


def test_the_format_field_missing_or_wrong() -> None:
    assert _full(edit(DECK, lambda d: d.pop("format"))) == [
        ("not-a-record", None, None, "not a ginrules record: the \"format\" field is missing (it "
         "is 'ginrules-record')", "ginrules-record", None)]
    assert _full(edit(DECK, lambda d: d.update(format="x"))) == [
        ("not-a-record", None, None, "not a ginrules record: \"format\" must be "
         "'ginrules-record', not 'x'", "ginrules-record", "x")]


@pytest.mark.parametrize("deadwood", [[10, 69, 0], ["10", 69], 10, [True, 69]])
def test_declared_deadwood_is_two_whole_numbers(deadwood: Any) -> None:
    # reported once: "10" (text) is not also "the declared deadwood ... is 10, but it is 10";
    # true is not a number in a record (it was read as 1)
    data = edit(KNOCKED, lambda d: d["hands"][0]["outcome"].update(deadwood=deadwood))
    assert problems(data) == [("bad-field", 1, None, "outcome: \"deadwood\" must be two whole "
                               "numbers (player 0's, player 1's)")]


def test_a_finished_game_need_not_declare_its_final_scores() -> None:
    assert problems(edit(GAME, lambda d: d.pop("final"))) == []
    # declared, they are checked: the game's are 59 hand points + 25 for the hand won +
    # 100 for the game + 59 for the shutout = 243, against 0
    found = _full(edit(GAME, lambda d: d.update(final=[243, 1])))
    assert found == [("wrong-final", None, None, "the declared final scores [243, 1] are "
                      "wrong: they are 243-0 with the bonuses", [243, 0], [243, 1])]
    # not two whole numbers (as the schema says): a bad field, not compared
    for final in ({"a": 1}, [243, False], [243.0, 0], [243]):
        assert _full(edit(GAME, lambda d, f=final: d.update(final=f))) == [
            ("bad-field", None, None, "\"final\" must be two whole numbers (player 0's and "
             "player 1's final scores)", None, None)]


def test_a_declared_winner_of_nobody_is_reported_as_null() -> None:
    found = _full(_outcome(KNOCKED, winner=None))
    assert [(f[0], f[4], f[5]) for f in found] == [("wrong-winner", 0, None)]


@pytest.mark.parametrize(("change", "found"), [
    (lambda d: d["hands"][0].update(knocker_melds="x"),
     ("bad-melds", 1, None, "\"knocker_melds\" must be a list of melds")),
    (lambda d: d.update(rules=5),
     ("bad-rules", None, None, "\"rules\" must be a preset name or {\"preset\": NAME, "
      "\"overrides\": {...}}")),
])
def test_melds_and_rules_of_the_wrong_type(change: Callable[[dict[str, Any]], object],
                                           found: tuple[Any, ...]) -> None:
    assert problems(edit(GIN, change)) == [found]


def test_a_defender_that_laid_off_three_cards() -> None:
    # player 1 melds TC-KC and TD-QD, and lays off 4S onto AS-3S, 7H and 8H onto 4H-6H
    p0 = ginrules.parse_cards("AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    p1 = ginrules.parse_cards("TD JD QD JC QC KC 7H 8H 4S TC")
    deck = tuple(c for pair in zip(p0, p1, strict=True) for c in pair) + ginrules.parse_cards("2D")
    deck += tuple(c for c in ginrules.CARDS if c not in deck)
    state = ginrules.deal(ginrules.rules("classic"), deck=deck, dealer=1)
    data = _outcome(records.to_record(state.apply("take").apply("knock KD")), deadwood=[2, 19])
    assert problems(data) == [("wrong-deadwood", 1, None, "the declared deadwood of player 1 (the "
                               "defender) is 19, but it is 0 after laying off 4S 7H 8H (19 before "
                               "the layoffs)")]


# -- from a third random sample of the validator's mutants (issue 16) -----------------


@pytest.mark.parametrize(("text", "kind"), [(b"[1, 2]", "list"), (b"5", "int")])
def test_json_that_is_no_object_is_no_record(text: bytes, kind: str) -> None:
    assert problems(text) == [("not-a-record", None, None,
                               f"a record is a JSON object, not {kind}")]


def test_an_outcome_that_is_no_object_message() -> None:
    assert problems(edit(KNOCKED, lambda d: d["hands"][0].update(outcome=5))) == [
        ("bad-field", 1, None, "\"outcome\" must be an object")]


def test_a_record_without_a_kind_is_a_game() -> None:
    data = edit(GAME, lambda d: d.pop("kind"))
    assert problems(data) == []
    assert records.load(data).game is not None


def test_a_game_of_made_up_cards_gives_no_game_state() -> None:
    # player 1's cards were made up: the game cannot be played on from the record
    data = json.loads((DATA / "view_player0.json").read_text("utf-8"))
    data.update(kind="game", complete=False)
    record = records.load(data)
    assert record.game is None and record.stand_ins[0]
