"""Issue 45: the writer and the validator under custom rules. A game under classic rules
changed three ways (the knocker lays out its own hand, big gin worth 40, a target of 40)
ends in a knock with stated melds (melds the rules' own layout would not choose, so the
score depends on them) and a big gin: the record written states the overrides and the
melds, and ``validate``, ``load`` and ``replay`` accept it and score every hand and the
game as played; a record changed in any of these facts is refused."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import ginrules
from ginrules import records
from ginrules.errors import InvalidRecordError

RULES = ginrules.rules("classic", auto_layout=False, big_gin_bonus=40, target=40)


def deck(first: str, second: str, upcard: str) -> tuple[ginrules.Card, ...]:
    """A deck that deals ``first`` to the non-dealer and ``second`` to the dealer."""
    dealt = [c for pair in zip(ginrules.parse_cards(first), ginrules.parse_cards(second),
                               strict=True) for c in pair] + [ginrules.parse_card(upcard)]
    return (*dealt, *(c for c in ginrules.CARDS if c not in dealt))


# the knocker (player 0) takes 3D and knocks KH: 7C 7D 7H 7S 8S 9S TS AH 2H 3D. Its melds
# may be 7C 7D 7H 7S + 8S 9S TS or 7C 7D 7H + 7S 8S 9S TS (6 deadwood either way); it
# states the second, onto which the defender lays off 6S (13 points, not 19)
KNOCK_DECK = deck("7C 7D 7H 7S 8S 9S TS AH 2H KH", "6S 2C 3C 4C 5C 9C TC JD QD KD", "3D")
STATED = ["7C 7D 7H", "7S 8S 9S TS"]
# player 1 (not the dealer) is dealt a ten-card run and takes the eleventh: big gin
BIG_GIN_DECK = deck("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "2C 3C 4C 5C 6C 7C 8C 9C TC JC", "JS")


def the_game() -> tuple[ginrules.GameState, list[ginrules.HandState]]:
    knock = ginrules.knock(ginrules.take_upcard(ginrules.deal(RULES, deck=KNOCK_DECK,
                                                              dealer=1)), "KH", STATED)
    big = ginrules.big_gin(ginrules.take_upcard(ginrules.deal(RULES, deck=BIG_GIN_DECK,
                                                              dealer=0)))
    game = ginrules.new_game(RULES, dealer=1)
    for hand in (knock, big):
        game = ginrules.game.record_hand(game, hand)
    return game, [knock, big]


def test_the_hands_are_what_the_test_says() -> None:
    game, (knock, big) = the_game()
    assert knock.result is not None and big.result is not None
    assert knock.result.kind.value == "knock"
    assert [str(m) for m in knock.result.knocker_melds] == STATED
    assert [str(x.card) for x in knock.result.layoffs] == ["6S"]
    auto = ginrules.take_upcard(ginrules.deal(RULES.evolve(auto_layout=True),
                                              deck=KNOCK_DECK, dealer=1)).apply("knock KH")
    assert auto.result is not None and auto.result.layoffs == ()  # the melds matter
    assert (big.result.kind.value, big.result.knocker) == ("big gin", 1)
    assert game.is_over and game.winner == 1


def written() -> dict[str, Any]:
    game, _ = the_game()
    data: dict[str, Any] = json.loads(records.dump(game))
    return data


def test_the_record_states_the_rules_and_the_melds() -> None:
    data = written()
    assert data["rules"] == {"preset": "classic", "overrides": {
        "big_gin_bonus": 40, "target": 40, "auto_layout": False}}
    knock, big = data["hands"]
    assert knock["knocker_melds"] == [m.split() for m in STATED]
    assert knock["outcome"]["points"] == 13 and knock["totals"] == [13, 0]
    assert "knocker_melds" not in big  # big gin: all eleven cards, nothing to state
    assert big["outcome"] == {"kind": "big gin", "knocker": 1, "winner": 1, "points": 40,
                              "deadwood": [0, 0]}
    assert big["totals"] == [13, 40]


@pytest.mark.parametrize("form", ["text", "dict", "hands"])
def test_the_record_is_valid_and_replays_as_played(form: str) -> None:
    game, hands = the_game()
    source: Any = {"text": records.dump(game), "dict": written(),
                   "hands": records.dump(records.to_record(hands))}[form]
    report = records.validate(source)
    assert report.valid, str(report)
    loaded = records.load(source)
    assert loaded.rules == RULES
    assert loaded.game is not None and loaded.game.sheet == game.sheet
    assert [h.result for h in records.replay(source)] == [h.result for h in hands]
    # written again from what was read: the same record
    assert json.loads(records.dump(loaded.game)) == written()


def corrupted(change: str) -> dict[str, Any]:
    data = copy.deepcopy(written())
    knock, big = data["hands"]
    if change == "other melds":
        knock["knocker_melds"] = [["7C", "7D", "7H", "7S"], ["8S", "9S", "TS"]]
    elif change == "no melds":
        del knock["knocker_melds"]
    elif change == "big gin at the preset's bonus":
        big["outcome"]["points"] = 31
    elif change == "no big gin bonus override":
        del data["rules"]["overrides"]["big_gin_bonus"]
    elif change == "laid out by the rules":
        del data["rules"]["overrides"]["auto_layout"]
    elif change == "melds stated for the big gin":
        big["knocker_melds"] = [["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS",
                                 "JS"]]
    elif change == "the default target":
        del data["rules"]["overrides"]["target"]
    return data


@pytest.mark.parametrize("change", [
    "other melds", "no melds", "big gin at the preset's bonus", "no big gin bonus override",
    "laid out by the rules", "melds stated for the big gin", "the default target"])
def test_a_changed_record_is_refused(change: str) -> None:
    data = corrupted(change)
    report = records.validate(data)
    assert not report.valid, change
    with pytest.raises(InvalidRecordError):
        records.load(data)
