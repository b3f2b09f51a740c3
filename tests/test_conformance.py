"""The conformance corpus (``conformance/``, docs/conformance.rst): every case is confirmed
twice, by the engine and by what shares no code with it: the brute force of
``tests/brute.py`` (every meld split, every layoff), the rules text written out here
(the price of a hand, the bonuses of a game) and a replayer of the records written here
(the legal actions).

The corpus is written by ``benchmarks/make_conformance.py``; a case that fails here is a
case the engine or the generator got wrong, or a rule this file reads otherwise.
"""

from __future__ import annotations

import copy
import functools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import ginrules
from brute import (
    all_melds,
    brute_best_discards,
    brute_deadwood,
    brute_defence,
    brute_resolve,
    card_points,
    layable_subsets,
)
from ginrules import Card, parse_cards
from ginrules.records import replay, validate
from ginrules.rulesets import (
    PRESETS,
    LineBonusTo,
    Opening,
    RuleSet,
    ShutoutRule,
    SpadeDoubling,
)

ROOT = Path(__file__).resolve().parent.parent / "conformance"
KINDS = ("deadwood", "discards", "showdowns", "legal", "hands", "games")


@functools.cache
def corpus(kind: str) -> dict[str, Any]:
    return json.loads((ROOT / f"{kind}.json").read_text())


def cases(kind: str) -> list[dict[str, Any]]:
    return corpus(kind)["cases"]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text)) if text else []


# -- the corpus as a whole ----------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_every_file_follows_the_schema(kind: str) -> None:
    schema = json.loads((ROOT / "schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(corpus(kind)))
    assert not errors, errors[0].message
    assert corpus(kind)["kind"] == kind


def test_the_corpus_holds_every_preset_ending_and_rule_point() -> None:
    total = sum(len(cases(kind)) for kind in KINDS)
    assert total >= 5000
    ids = [case["id"] for kind in KINDS for case in cases(kind)]
    assert len(ids) == len(set(ids))
    for kind in ("showdowns", "legal", "hands", "games"):
        assert {case["rules"] for case in cases(kind)} == set(PRESETS), kind
    by_preset: dict[str, Counter[str]] = {name: Counter() for name in PRESETS}
    for case in cases("hands"):
        by_preset[case["rules"]].update(case["points"])
    for name, points in by_preset.items():
        endings = {"knock", "gin", "undercut", "tie", "dead"}
        if PRESETS[name].knock_limit == 0 and not PRESETS[name].oklahoma:
            endings = {"gin", "dead"}
        if PRESETS[name].big_gin_bonus is not None:
            endings.add("big-gin")
        assert endings <= set(points), (name, endings - set(points))
    every = Counter(p for kind in KINDS for case in cases(kind) for p in case["points"])
    for point in ("tie", "undercut", "layoff-chain", "layoff-onto-set", "no-layoff-after-gin",
                  "layoff-breaks-own-meld", "oklahoma-ace", "oklahoma-spade", "big-gin",
                  "big-gin-shape", "big-gin-offered", "dead-hand", "shutout", "no-wrap",
                  "ace-low-run", "shared-card", "knocker-layout", "stated-melds",
                  "discard-taken-card", "no-discard-taken-card", "first-turn-knock",
                  "dealer-offer", "line-bonus-each", "line-bonus-winner", "game-bonus",
                  "dead-hand-dealer-same", "dead-hand-dealer-alternate",
                  "undercut-counts-as-won", "eleven-cards-opening"):
        assert every[point] >= 1, point


# -- deadwood and best discards -------------------------------------------------------


def test_deadwood_cases() -> None:
    for case in cases("deadwood"):
        hand = cards(case["input"]["cards"])
        want = case["expected"]["deadwood"]
        assert len(hand) == 10, case["id"]
        assert brute_deadwood(hand) == want, case["id"]
        assert ginrules.deadwood(case["input"]["cards"]) == want, case["id"]


def test_discard_cases() -> None:
    for case in cases("discards"):
        hand = cards(case["input"]["cards"])
        expected = case["expected"]
        best, which = brute_best_discards(hand)
        assert (best, which) == (expected["deadwood"], set(cards(expected["discards"]))), \
            case["id"]
        assert (brute_deadwood(hand) == 0) == expected["all_melded"], case["id"]
        engine = ginrules.best_discards(hand)
        assert (engine.deadwood, set(engine.discards)) == (best, which), case["id"]


# -- showdowns ------------------------------------------------------------------------


def price(rules: RuleSet, kind: str, knocker: int, defender: int, upcard: Card | None
          ) -> tuple[str | None, int, bool]:
    """Who scores, the points and whether it is an undercut, from the rules text: the
    difference to the knocker; to the defender with the undercut bonus when it has less,
    or as much where ties are undercuts; after gin (big gin) its bonus and the defender's
    deadwood; under a spade upcard, Oklahoma doubles the deadwood points (the Dutch game
    manual) or the whole score."""
    if kind in ("gin", "big gin"):
        bonus = rules.gin_bonus if kind == "gin" else rules.big_gin_bonus
        assert bonus is not None
        who, base, undercut = "knocker", defender, False
    elif knocker < defender:
        who, base, bonus, undercut = "knocker", defender - knocker, 0, False
    elif knocker > defender or rules.undercut_on_tie:
        who, base, bonus, undercut = "defender", knocker - defender, rules.undercut_bonus, True
    else:
        return None, 0, False
    spade = upcard is not None and upcard.suit == ginrules.Suit.SPADES
    if spade and rules.spade_doubling is SpadeDoubling.WHOLE_SCORE:
        return who, 2 * (base + bonus), undercut
    if spade and rules.spade_doubling is SpadeDoubling.DEADWOOD_ONLY:
        return who, 2 * base + bonus, undercut
    return who, base + bonus, undercut


def knock_limit(rules: RuleSet, upcard: Card | None) -> int:
    """The knock limit from the rules text: Oklahoma's is the upcard's value, an ace gin."""
    if not rules.oklahoma:
        return rules.knock_limit
    assert upcard is not None  # (Oklahoma is played with an upcard)
    return 0 if int(upcard.rank) == 1 else card_points(upcard)


def is_meld(meld: list[Card]) -> bool:
    return frozenset(meld) in set(all_melds(meld))


def test_showdown_cases() -> None:
    for case in cases("showdowns"):
        rules = PRESETS[case["rules"]]
        given, expected = case["input"], case["expected"]
        knocker, defender = cards(given["knocker"]), cards(given["defender"])
        # (none under the eleven-cards opening)
        upcard = None if given["upcard"] is None else Card.parse(given["upcard"])
        assert (upcard is None) == (rules.opening is Opening.ELEVEN_CARDS), case["id"]
        melds = [cards(m) for m in given["knocker_melds"]]
        note = case["id"]
        assert len(knocker) == len(defender) == 10 and upcard not in {*knocker, *defender}
        assert not set(knocker) & set(defender), note
        # the brute force: the knocker's melds are melds of its cards, within the limit
        assert all(is_meld(m) and set(m) <= set(knocker) for m in melds), note
        assert sum(len(m) for m in melds) == len({c for m in melds for c in m}), note
        kdw = sum(card_points(c) for c in knocker if not any(c in m for m in melds))
        assert kdw == expected["knocker_deadwood"] <= knock_limit(rules, upcard), note
        assert given["melds_stated"] == (not rules.auto_layout), note
        if rules.auto_layout:  # laid out for the knocker's best
            assert kdw == brute_deadwood(knocker), note
            ddw = brute_resolve(knocker, defender)
        elif kdw == 0:
            ddw = brute_deadwood(defender)
        else:
            ddw = brute_defence(melds, frozenset(defender))[0]
        assert expected["kind"] == ("gin" if kdw == 0 else "knock"), note
        assert ddw == expected["defender_deadwood"], note
        assert price(rules, expected["kind"], kdw, ddw, upcard) == (
            expected["winner"], expected["points"], expected["undercut"]), note
        if expected["kind"] == "gin":
            assert expected["layoffs"] == "", note
        elif expected["layoffs"] is not None:
            # the one set of fewest cards that leaves the least deadwood
            scored = [(brute_deadwood(set(defender) - laid), len(laid), laid)
                      for laid in layable_subsets(melds, frozenset(defender))]
            least = min(s[:2] for s in scored)
            assert [s[2] for s in scored if s[:2] == least] == \
                [frozenset(cards(expected["layoffs"]))], note
        # the engine: the same result from the melds, and from its own layout where the
        # rules lay hands out
        stated = ginrules.Meld.of
        shown = ginrules.melds.Arrangement(
            tuple(stated(" ".join(str(c) for c in m)) for m in melds),
            tuple(sorted(c for c in knocker if not any(c in m for m in melds))), kdw)
        result = ginrules.knocking.knock_result(
            " ".join(map(str, knocker)), " ".join(map(str, defender)), knocker=0, dealer=1,
            upcard=upcard, knock_limit=knock_limit(rules, upcard), knocker_arrangement=shown)
        score = ginrules.score_hand(result, rules)
        assert (result.kind.value, result.knocker_deadwood, result.defender_deadwood) == (
            expected["kind"], kdw, ddw), note
        assert (score.winner, score.points, score.undercut) == (
            expected["winner"], expected["points"], expected["undercut"]), note
        if expected["layoffs"]:
            assert {x.card for x in result.layoffs} == set(cards(expected["layoffs"])), note
        if rules.auto_layout:
            own, own_score = ginrules.showdown(knocker, defender, rules=rules, upcard=upcard)
            assert own.defender_deadwood == ddw and own_score.points == expected["points"], note


# -- the legal actions after a record's prefix ------------------------------------------


def replayed(record: dict[str, Any]) -> dict[str, Any]:
    """The state after a one-hand record's actions, replayed from its text alone: both
    hands, the discard pile, who is to move, in which phase, the card just taken, and how
    many cards the stock has left (the rules text: ten cards each, the upcard, 31 in the
    stock; the non-dealer is offered the upcard first, then the dealer; a hand is dead
    when a discard leaves the stock at the preset's dead-hand count or fewer, or is the
    preset's last turn; RLCard's opening deals the non-dealer eleven cards, turns no
    upcard, and the non-dealer discards first)."""
    rules = PRESETS[record["rules"]["preset"]]
    (entry,) = record["hands"]
    hands = [set(cards(h)) for h in entry["deal"]["hands"]]
    dealer = entry["dealer"]
    eleven = rules.opening is Opening.ELEVEN_CARDS
    assert [len(h) for h in hands] == ([11 if p != dealer else 10 for p in (0, 1)]
                                       if eleven else [10, 10])
    assert ("upcard" in entry["deal"]) != eleven
    pile = [] if eleven else [Card.parse(entry["deal"]["upcard"])]
    state: dict[str, Any] = {"turn": 1 - dealer, "phase": "discard" if eleven else "offer",
                             "passes": 0, "taken": None, "stock": 31, "over": False,
                             "turns": 0}
    for text in entry["actions"]:
        player, verb, *rest = text.split(" ", 2)
        me = int(player[1])
        assert me == state["turn"] and not state["over"], text
        if verb == "pass":
            state["passes"] += 1
            state["turn"] = 1 - me
            if state["passes"] == 2:
                state["phase"] = "draw"
        elif verb == "take" or (verb == "draw" and rest == ["discard"]):
            state["taken"] = pile.pop()
            hands[me].add(state["taken"])
            state["phase"] = "discard"
        elif verb == "draw":
            hands[me].add(Card.parse(rest[0].split()[1]))
            state["stock"] -= 1
            state["taken"] = None
            state["phase"] = "discard"
        elif verb == "discard":
            card = Card.parse(rest[0])
            hands[me].remove(card)
            pile.append(card)
            state["turn"] = 1 - me
            state["phase"] = "draw"
            state["taken"] = None
            state["turns"] += 1
            if state["stock"] <= rules.dead_hand_stock or state["turns"] == rules.max_turns:
                state["over"] = True
        else:  # knock or big gin ends the hand
            state["over"] = True
    state["hands"], state["pile"], state["rules"] = hands, pile, rules
    return state


def brute_legal(state: dict[str, Any]) -> list[str]:
    """The legal actions by the rules text and the brute force's deadwood."""
    if state["over"]:
        return []
    rules = state["rules"]
    if state["phase"] == "offer":
        return ["take", "pass"]
    if state["phase"] == "draw":
        return ["draw stock", "draw discard"] if state["pile"] else ["draw stock"]
    hand = state["hands"][state["turn"]]
    limit = knock_limit(rules, state["upcard"])
    out = []
    for card in sorted(hand):
        if card == state["taken"] and not rules.may_discard_taken_card:
            continue
        out.append(f"discard {card}")
        if brute_deadwood(hand - {card}) <= limit:
            out.append(f"knock {card}")
    if rules.big_gin_bonus is not None and brute_deadwood(hand) == 0:
        out.append("big gin")
    return out


def test_legal_action_cases() -> None:
    for case in cases("legal"):
        record = case["input"]["record"]
        expected = case["expected"]
        note = case["id"]
        state = replayed(record)
        up = record["hands"][0]["deal"].get("upcard")  # (none: the eleven-cards opening)
        state["upcard"] = None if up is None else Card.parse(up)
        assert sorted(brute_legal(state)) == sorted(expected["legal"]), note
        assert expected["to_move"] == (None if state["over"] else state["turn"]), note
        # the engine: the record is valid as far as it goes, and offers the same actions
        (engine,) = replay(record)
        assert [str(a) for a in engine.legal_actions()] == expected["legal"], note
        assert validate(record).valid, note


# -- hand outcomes and whole games -----------------------------------------------------


def brute_outcome(record: dict[str, Any]) -> dict[str, Any]:
    """A finished hand's outcome from its final hands: the brute force's deadwood and
    layoffs (the knocker's stated melds where it states them) and the rules text."""
    rules = PRESETS[record["rules"]["preset"]]
    (entry,) = record["hands"]
    state = replayed(record)
    last = entry["actions"][-1].split()
    up = entry["deal"].get("upcard")  # (none: the eleven-cards opening)
    upcard = None if up is None else Card.parse(up)
    if last[1] not in ("knock", "big"):
        return {"kind": "dead", "knocker": None, "winner": None, "points": 0,
                "undercut": False, "deadwood": None}
    me = int(last[0][1])
    knocker, defender = state["hands"][me], state["hands"][1 - me]
    if last[1] == "big":
        kind, kdw, ddw = "big gin", 0, brute_deadwood(defender)
        assert brute_deadwood(knocker) == 0
    else:
        knocker = knocker - {Card.parse(last[2])}
        stated = entry.get("knocker_melds")
        if stated is not None and not rules.auto_layout:
            melds = [cards(" ".join(m)) for m in stated]
            kdw = sum(card_points(c) for c in knocker if not any(c in m for m in melds))
            ddw = brute_deadwood(defender) if kdw == 0 else \
                brute_defence(melds, frozenset(defender))[0]
        else:
            kdw = brute_deadwood(knocker)
            ddw = brute_resolve(sorted(knocker), sorted(defender))
        kind = "gin" if kdw == 0 else "knock"
    who, points, undercut = price(rules, kind, kdw, ddw, upcard)
    winner = None if who is None else (me if who == "knocker" else 1 - me)
    deadwood = [0, 0]
    deadwood[me], deadwood[1 - me] = kdw, ddw
    return {"kind": kind, "knocker": me, "winner": winner, "points": points,
            "undercut": undercut, "deadwood": deadwood}


def test_hand_outcome_cases() -> None:
    for case in cases("hands"):
        record = case["input"]["record"]
        expected = case["expected"]
        assert brute_outcome(record) == expected, case["id"]
        declared = copy.deepcopy(record)
        outcome = {k: v for k, v in expected.items() if k != "undercut"}
        if outcome["knocker"] is None:
            del outcome["knocker"], outcome["deadwood"]
        declared["hands"][0]["outcome"] = outcome
        report = validate(declared)
        assert report.valid, (case["id"], report.summary())


def rules_text_sheet(rules: RuleSet, outcomes: list[dict[str, Any]]
                     ) -> tuple[list[list[int]], list[int], int, list[int]]:
    """The running totals, final scores, winner and hands won, from the rules text: a
    hand's points go to its winner; the game ends when a total reaches the target; the
    winner adds the game bonus, doubles its hand points on a shutout (or what the preset
    says), and the line bonus goes to each player (or the winner only) per hand won."""
    totals, won, running = [0, 0], [0, 0], []
    for out in outcomes:
        if out["winner"] is not None:
            totals[out["winner"]] += out["points"]
            won[out["winner"]] += 1
        running.append(list(totals))
    winner = 0 if totals[0] >= rules.target else 1
    assert totals[winner] >= rules.target
    final = list(totals)
    if won[1 - winner] == 0:
        final[winner] += {ShutoutRule.NONE: 0, ShutoutRule.DOUBLE_HAND_POINTS: totals[winner],
                          ShutoutRule.DOUBLE_GAME_BONUS: rules.game_bonus,
                          ShutoutRule.FLAT_BONUS: rules.shutout_bonus}[rules.shutout]
    final[winner] += rules.game_bonus
    for p in (0, 1):
        if rules.line_bonus_to is LineBonusTo.EACH or p == winner:
            final[p] += rules.line_bonus * won[p]
    return running, final, winner, won


def test_game_cases() -> None:
    for case in cases("games"):
        record = case["input"]["record"]
        rules = PRESETS[case["rules"]]
        expected = case["expected"]
        outcomes = []
        dealer = record["hands"][0]["dealer"]
        for number, entry in enumerate(record["hands"]):
            one = {**record, "kind": "hand", "hands": [entry]}
            one.pop("complete", None)
            outcomes.append(brute_outcome(one))
            # the deal passes by the rules text: alternately, or the same dealer after a
            # dead hand where the preset says so
            assert entry["dealer"] == dealer, (case["id"], number)
            same = outcomes[-1]["kind"] == "dead" and \
                rules.dealer_after_dead_hand.value == "same"
            dealer = dealer if same else 1 - dealer
        running, final, winner, won = rules_text_sheet(rules, outcomes)
        assert (running, final, winner, won) == (
            expected["totals"], expected["final"], expected["winner"], expected["hands_won"]
        ), case["id"]
        declared = copy.deepcopy(record)
        for entry, totals in zip(declared["hands"], expected["totals"], strict=True):
            entry["totals"] = totals
        declared["final"], declared["winner"] = expected["final"], expected["winner"]
        report = validate(declared)
        assert report.valid, (case["id"], report.summary())
