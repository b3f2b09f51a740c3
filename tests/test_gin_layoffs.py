"""Issue 45: what the protocol answers that the library already knows. Against gin (and
big gin) the defender may not lay off (RULES.md; :func:`ginrules.knocking.resolve_knock`):
``InformationSet.defence`` and ``serve``'s ``melds`` both answer no layoffs then, and the
right layoffs against a knock; ``serve``'s reply to a ``decide`` that is ``big gin``
carries its melds, which score as the engine scores them."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ginrules
from ginrules import ActionKind
from ginrules.cli.serve import Server
from ginrules.players.observed import InformationSet

# the defender (player 1, the dealer) holds these; player 0 takes the upcard AS
MINE = "7H 8H 3H KS QS JS 2C 2D 9C 9D"
# onto any of the melds below the defender can lay off exactly 3H, 7H and 8H (onto
# 4H 5H 6H): it holds no club, and no spade that fits AS 2S 3S
KNOCK = ["AS 2S 3S", "4H 5H 6H"]                      # a knock: deadwood not shown
GIN = ["AS 2S 3S", "4H 5H 6H", "4C 5C 6C 7C"]          # ten cards: gin, after "knock 9S"
BIG_GIN = ["AS 2S 3S", "4H 5H 6H", "4C 5C 6C 7C 8C"]   # eleven cards: big gin
LAYOFFS_AGAINST_KNOCK = ["3H", "7H", "8H"]


def defender(preset: str) -> InformationSet:
    return InformationSet.start(ginrules.rules(preset), 1, 1, MINE, "AS").observe(0, "take")


def test_defence_lays_off_against_a_knock_and_not_against_gin() -> None:
    info = defender("classic")
    knocked = info.observe(0, "knock 9S", melds=KNOCK)
    arrangement, layoffs = knocked.defence()
    assert sorted(str(x.card) for x in layoffs) == LAYOFFS_AGAINST_KNOCK
    assert arrangement.deadwood == 22  # 2C 2D 9C 9D left beside KS QS JS
    gin = info.observe(0, "knock 9S", melds=GIN)
    arrangement, layoffs = gin.defence()
    assert layoffs == ()
    assert arrangement == ginrules.arrange(MINE)  # every card kept, laid out alone
    # the knocker's melds given instead of reported: the same answers
    assert gin.defence(GIN)[1] == () and len(knocked.defence(GIN)[1]) == 0
    assert sorted(str(x.card) for x in gin.defence(KNOCK)[1]) == LAYOFFS_AGAINST_KNOCK


def test_defence_against_big_gin_lays_nothing_off() -> None:
    big = defender("classic").observe(0, "big gin", melds=BIG_GIN)
    arrangement, layoffs = big.defence()
    assert layoffs == () and arrangement == ginrules.arrange(MINE)


def serve(server: Server, op: str, **fields: Any) -> dict[str, Any]:
    reply = server.handle(json.loads(json.dumps({"id": 1, "op": op, **fields})))
    assert reply["ok"], reply
    return reply


def a_defending_seat(preset: str) -> Server:
    server = Server()
    serve(server, "open", game="d", player=1, level="basic",
          rules=ginrules.rules(preset).to_dict(), seed=1)
    serve(server, "deal", game="d", dealer=1, cards=MINE.split(), upcard="AS")
    serve(server, "event", game="d", player=0, action="take")
    return server


@pytest.mark.parametrize(("action", "melds", "expected"), [
    ("knock 9S", KNOCK, LAYOFFS_AGAINST_KNOCK), ("knock 9S", GIN, []),
    ("big gin", BIG_GIN, [])])
def test_serve_melds_answers_the_layoffs_the_rules_allow(
        action: str, melds: list[str], expected: list[str]) -> None:
    server = a_defending_seat("classic")
    serve(server, "event", game="d", player=0, action=action,
          melds=[m.split() for m in melds])
    shown = serve(server, "melds", game="d")
    assert sorted(shown["layoffs"]) == expected
    info = InformationSet.start(ginrules.rules("classic"), 1, 1, MINE, "AS").observe(
        0, "take").observe(0, action, melds=melds)
    arrangement, layoffs = info.defence()
    assert sorted(str(x.card) for x in layoffs) == expected
    assert shown["deadwood"] == arrangement.deadwood
    assert shown["melds"] == [m.to_list() for m in arrangement.melds]
    # given as knocker_melds to a seat told of no melds: the same answer
    bare = a_defending_seat("classic")
    serve(bare, "event", game="d", player=0, action=action)
    again = serve(bare, "melds", game="d", knocker_melds=[m.split() for m in melds])
    assert sorted(again["layoffs"]) == expected


@pytest.mark.parametrize("preset", ["classic", "oklahoma", "straight"])
def test_a_big_gin_decided_by_serve_carries_its_melds(preset: str) -> None:
    # player 0 (not the dealer) is dealt gin and the upcard makes it big gin
    cards = "AS 2S 3S 4H 5H 6H 4C 5C 6C 7C"
    server = Server()
    serve(server, "open", game="b", player=0, level="basic",
          rules=ginrules.rules(preset).to_dict(), seed=1)
    serve(server, "deal", game="b", dealer=1, cards=cards.split(), upcard="8C")
    assert serve(server, "decide", game="b")["action"] == "take"
    serve(server, "event", game="b", player=0, action="take")
    reply = serve(server, "decide", game="b")
    assert reply["action"] == "big gin"
    assert "melds" in reply
    melds = [ginrules.Meld.of(" ".join(m)) for m in reply["melds"]]
    assert sorted(c for m in melds for c in m.cards) == sorted(
        ginrules.parse_cards(cards + " 8C"))
    assert ginrules.Action.parse(reply["action"]).kind is ActionKind.BIG_GIN
