"""OpenSpiel gin_rummy histories (real ones, saved from pyspiel) as ginrules records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ginrules import InvalidRecordError, records, score_hand
from ginrules.interop.openspiel import from_openspiel

DATA = Path(__file__).parent / "data" / "openspiel"


def fixture(kind: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DATA / f"{kind}.json").read_text())
    return loaded


def problems(data: dict[str, Any]) -> str:
    return " | ".join(str(p) for p in records.validate(data, lenient=True).problems)


@pytest.mark.parametrize("kind", sorted(p.stem for p in DATA.glob("*.json")))
def test_declared_points_are_openspiels_returns(kind: str) -> None:
    game = fixture(kind)
    data = from_openspiel(game["history"], params=game["params"])
    outcome = data["hands"][0].get("outcome")
    returns = game["returns"]
    if outcome is None:
        assert returns == [0.0, 0.0]
        return
    assert outcome["points"] == abs(returns[0])
    if outcome["winner"] is not None:
        assert returns[outcome["winner"]] > 0


@pytest.mark.parametrize("kind", ["gin", "undercut", "tie", "wall", "rediscard",
                                  "long-layoff-chain"])
def test_hands_within_the_openspiel_preset_are_valid(kind: str) -> None:
    data = from_openspiel(fixture(kind)["history"])
    report = records.validate(data)
    assert report.valid, str(report)


def test_tie_scored_zero_is_explained_under_tie_undercut_rules() -> None:
    data = from_openspiel(fixture("tie")["history"])
    data["rules"]["overrides"] = {"undercut_on_tie": True}
    text = problems(data)
    assert "OpenSpiel score a tie 0-0" in text and "undercut_on_tie" in text


def test_rediscarding_the_taken_card_is_explained_under_classic() -> None:
    data = from_openspiel(fixture("rediscard")["history"], rules="classic")
    report = records.validate(data)
    assert "was just taken from the discard pile" in str(report)
    assert "OpenSpiel allows discarding the card just taken" in str(report)


def test_layoffs_grow_runs_past_five_cards_in_openspiel() -> None:
    # OpenSpiel's defender laid 8S off onto the knocker's 9S TS JS QS KS (a six-card run):
    # OpenSpiel does not cap layoff chains at five cards, and neither does ginrules
    data = from_openspiel(fixture("long-layoff-chain")["history"])
    assert data["hands"][0]["source"]["defender_layoffs"] == ["8S"]
    report = records.validate(data)
    assert report.valid, str(report)
    result = records.replay(data)[0].result
    assert result is not None
    assert [str(x) for x in result.layoffs] == ["8S onto 9S TS JS QS KS"]


def test_defender_skipping_layoffs_is_its_own_choice() -> None:
    # the defender could lay 6D and QD off onto 7D 8D 9D TD JD (OpenSpiel offered both)
    # but passed: the deadwood difference is the defender's choice, not a rule difference
    text = problems(from_openspiel(fixture("defender-skips-layoffs")["history"]))
    assert "the defender chooses its own melds and layoffs (this one left 16 more " \
        "deadwood)" in text
    assert "(laying off 6D QD)" in text
    assert "caps" not in text
    assert "scores 35 (a knock by player 1: 35) (this follows from the deadwood " \
        "difference)" in text


def test_defender_choices() -> None:
    text = problems(from_openspiel(fixture("defender-choice")["history"]))
    assert "the defender chooses its own melds and layoffs" in text


def test_wall_knock() -> None:
    data = from_openspiel(fixture("wall-knock")["history"])
    report = records.validate(data)
    assert "play continues after the hand was over" in str(report)
    assert "OpenSpiel's wall phase" in str(report)


@pytest.mark.parametrize(("kind", "reason"), [
    ("draw-upcard-limit", "after 50 draws from the discard pile"),
    ("repeated-move", "discarded again twice in a row"),
])
def test_openspiel_only_endings(kind: str, reason: str) -> None:
    data = from_openspiel(fixture(kind)["history"])
    report = records.validate(data)
    assert "the hand stops before it is over" in str(report) and reason in str(report)


def test_knocker_melds_are_openspiels() -> None:
    data = from_openspiel(fixture("knock")["history"])
    # the meld actions 98, 130, 72 of this history, decoded by hand: 56 + 8 * 5 + 2 (the
    # nines without diamonds), 56 + 65 + 9 (spades from ten), 56 + 3 * 5 + 1 (fours, no clubs)
    assert data["hands"][0]["knocker_melds"] == [["9S", "9C", "9H"], ["TS", "JS", "QS"],
                                                 ["4S", "4D", "4H"]]
    assert data["hands"][0]["dealer"] == 1


def test_the_knock_hand_priced_by_hand() -> None:
    """The hand ends with player 1 (the dealer) holding 9C 9H 9S, TS JS QS, 4D 4H 4S and
    QH (deadwood 10) and player 0 holding AC 2C KC 2D 8D 9D 8H AS 2S 5S. By these rules the
    defender melds 2C 2D 2S, lays 9D off onto the nines and keeps AC KC 8D 8H AS 5S =
    1 + 10 + 8 + 8 + 1 + 5 = 33: the knocker scores 33 - 10 = 23. OpenSpiel's defender
    melded nothing and laid off 9D only: 33 + 2 + 2 + 2 = 39, and OpenSpiel scored
    39 - 10 = 29 (its returns are -29, 29); the record keeps OpenSpiel's outcome."""
    game = fixture("knock")
    assert game["returns"] == [-29.0, 29.0]
    data = from_openspiel(game["history"])
    entry = data["hands"][0]
    assert entry["outcome"] == {"kind": "knock", "knocker": 1, "winner": 1, "points": 29,
                                "deadwood": [39, 10]}
    assert entry["source"]["defender_layoffs"] == ["9D"]
    assert entry["source"]["defender_melds"] == []
    text = problems(data)
    assert "the declared deadwood of player 0 (the defender) is 39, but it is 33" in text
    assert "the declared points are 29, but player 1 scores 23" in text
    # without OpenSpiel's outcome the record replays, priced by these rules
    del entry["outcome"]
    state = records.replay(data)[0]
    assert [str(c) for c in state.cards(0)] == ["AC", "2C", "KC", "2D", "8D", "9D", "8H",
                                                "AS", "2S", "5S"]
    result = state.result
    assert result is not None and (result.knocker, result.dealer) == (1, 1)
    assert [str(m) for m in result.knocker_melds] == ["4D 4H 4S", "9C 9H 9S", "TS JS QS"]
    assert result.knocker_arrangement is not None and result.defender_arrangement is not None
    assert [str(c) for c in result.knocker_arrangement.deadwood_cards] == ["QH"]
    assert [str(x) for x in result.layoffs] == ["9D onto 9C 9H 9S"]
    assert [str(m) for m in result.defender_arrangement.melds] == ["2C 2D 2S"]
    assert (result.knocker_deadwood, result.defender_deadwood) == (10, 33)
    score = score_hand(result, state.rules)
    assert (score.winner, score.player, score.points) == ("knocker", 1, 23)


def test_parameters() -> None:
    history = fixture("gin")["history"]
    data = from_openspiel(history, params={"knock_card": 5, "oklahoma": True})
    assert data["rules"]["overrides"] == {"knock_limit": 5, "oklahoma": True,
                                          "spade_doubling": "off"}
    with pytest.raises(InvalidRecordError, match="hand_size=11 cannot be expressed"):
        from_openspiel(history, params={"hand_size": 11})
    with pytest.raises(InvalidRecordError, match="21 deal outcomes"):
        from_openspiel([1, 2, 3])


@pytest.mark.parametrize("at", [0, 9, 10, 20])
@pytest.mark.parametrize("outcome", [-1, 52])
def test_a_deal_outcome_past_the_cards_is_refused_as_the_deal(at: int, outcome: int) -> None:
    """A deal outcome one past either end of the card ids (0..51), in either hand or as
    the upcard, is refused with what a history must start with (the first id of each
    hand, the last of a hand, the upcard)."""
    history = list(fixture("gin")["history"])
    history[at] = outcome
    deal = r"starts with the 21 deal outcomes \(cards 0..51\)"
    with pytest.raises(InvalidRecordError, match=deal):
        from_openspiel(history)


@pytest.mark.parametrize("length", [20, 21])
def test_a_history_of_fewer_than_21_deal_outcomes_is_refused_as_the_deal(length: int) -> None:
    """20 ids are a deal without its upcard: refused; 21, the deal alone: a hand just
    dealt."""
    history = list(fixture("gin")["history"])[:length]
    if length == 21:
        assert from_openspiel(history)["hands"][0]["actions"] == []
        return
    with pytest.raises(InvalidRecordError, match=r"starts with the 21 deal outcomes"):
        from_openspiel(history)


def test_a_history_cut_between_a_stock_draw_and_its_card_stops_before_the_draw() -> None:
    """A stock draw's card is the chance outcome after it: a history that ends between
    the two is the hand up to the draw, which the record says it stops before."""
    history = list(fixture("gin")["history"])
    draw = history.index(53, 21)  # OpenSpiel's "draw stock"
    data = from_openspiel(history[:draw + 1])
    assert data["hands"][0]["actions"] == from_openspiel(history[:draw])["hands"][0]["actions"]
    assert data["hands"][0]["actions"][-1] == "p1 pass"
    assert "the hand stops before it is over: player 0 is to draw" in problems(data)
    assert from_openspiel(history[:draw + 2])["hands"][0]["actions"][-1].startswith(
        "p0 draw stock ")


@pytest.mark.parametrize("kind", ["wall-knock", "draw-upcard-limit", "repeated-move"])
def test_openspiel_endings_can_be_accepted(kind: str) -> None:
    """With openspiel_endings the record is written as far as these rules play the hand,
    and validates; OpenSpiel's own outcome stays in the source."""
    data = from_openspiel(fixture(kind)["history"], openspiel_endings=True)
    report = records.validate(data)
    assert report.valid, str(report)
    entry = data["hands"][0]
    assert entry["source"]["end"] == kind and "openspiel_outcome" in entry["source"]
    if kind == "wall-knock":
        assert entry["outcome"]["kind"] == "dead" and "knocker_melds" not in entry
        assert not any(" knock " in a for a in entry["actions"])
        assert records.load(data).hands[0].result.kind.value == "dead"
    else:
        assert data["complete"] is False and "outcome" not in entry
    # without the option, the same history is invalid and says why
    assert not records.validate(from_openspiel(fixture(kind)["history"])).valid
    with pytest.raises(InvalidRecordError, match="true or false"):
        from_openspiel(fixture(kind)["history"], openspiel_endings="yes")  # type: ignore[arg-type]


def test_errors_name_the_parameter_and_the_action() -> None:
    history = fixture("gin")["history"]
    # two parameters ginrules cannot express: the first in sorted order is named
    with pytest.raises(InvalidRecordError) as error:
        from_openspiel(history, params={"zeta": 1, "alpha": 2})
    assert str(error.value) == "OpenSpiel parameter 'alpha' cannot be expressed"
    assert from_openspiel(history, params={"undercut_bonus": 10})["rules"] == {
        "preset": "openspiel", "overrides": {"undercut_bonus": 10}}
    # action 188 of this history is the knock at the wall (two stock cards left); a draw
    # from the stock there is no OpenSpiel move
    wall = list(fixture("wall-knock")["history"])
    assert wall[188] == 55
    wall[188] = 53
    with pytest.raises(InvalidRecordError) as error:
        from_openspiel(wall)
    assert str(error.value) == "OpenSpiel action 188 (53) is not legal at the wall"
    # a hand OpenSpiel stops after 50 draws from the discard pile scores nothing
    stopped = from_openspiel(fixture("draw-upcard-limit")["history"])
    assert stopped["hands"][0]["outcome"] == {"kind": "dead", "winner": None, "points": 0}


def test_the_first_meld_id_and_a_wall_knock_without_melds() -> None:
    # 56 is OpenSpiel's first meld id (56 + 5 x rank + which set): the aces without the
    # ace of spades; put in place of this history's first meld (98), it is the knocker's
    knock = list(fixture("knock")["history"])
    assert knock[121] == 98
    knock[121] = 56
    assert from_openspiel(knock)["hands"][0]["knocker_melds"][0] == ["AC", "AD", "AH"]
    # the wall knock of this history without its melds (131, 180): under these rules the
    # hand is dead at the wall all the same
    wall = list(fixture("wall-knock")["history"])
    assert wall[188:] == [55, 29, 131, 180, 54, 54, 54]
    entry = from_openspiel(wall[:190] + wall[192:], openspiel_endings=True)["hands"][0]
    assert "knocker_melds" not in entry
    assert entry["outcome"] == {"kind": "dead", "winner": None, "points": 0}


def test_the_outcome_uses_the_games_own_bonuses() -> None:
    """OpenSpiel's ``gin_bonus`` and ``undercut_bonus`` price the declared outcome: the
    gin fixture scores 70 + 25 = 95 by default (its returns), 70 + 30 with a bonus of 30,
    and the record says so and validates."""
    history = fixture("gin")["history"]
    assert from_openspiel(history)["hands"][0]["outcome"]["points"] == 95
    data = from_openspiel(history, params={"gin_bonus": 30})
    assert data["hands"][0]["outcome"]["points"] == 100
    assert records.validate(data).valid


# A hand dealt by hand and played in pyspiel (its returns [53.0, -53.0]): player 0 holds
# 2S..TS and 2D, draws KH and knocks with it (melds 2S-6S and 7S-TS); the defender, player
# 1, holds AC AD AH, lays off nothing and melds them: OpenSpiel's meld id 0 (action 56).
ACES_MELD = [1, 2, 3, 4, 5, 6, 7, 8, 9, 27, 13, 26, 39, 17, 36, 50, 25, 32, 42, 47, 33,
             54, 54, 53, 51, 55, 51, 206, 171, 54, 54, 56, 54]


def test_the_defenders_meld_of_openspiel_meld_id_0_is_read() -> None:
    """Meld id 0 (the aces but the spade) is a meld like any other for the defender."""
    data = from_openspiel(ACES_MELD)
    hand = data["hands"][0]
    assert hand["source"]["defender_melds"] == [["AC", "AD", "AH"]]
    assert hand["outcome"] == {"kind": "knock", "knocker": 0, "winner": 0, "points": 53,
                               "deadwood": [2, 55]}
    assert records.validate(data).valid
