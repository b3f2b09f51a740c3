"""The records validator's rarer branches (issue 16), each reached by the smallest record
that reaches it, in lenient mode: every problem is asserted with its code, its place (hand
and action) and the key words of its message."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import game, records

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
_GIN_DECK = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC KH "
                                 "JC TS")
_GIN_DECK += tuple(c for c in ginrules.CARDS if c not in _GIN_DECK)
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
