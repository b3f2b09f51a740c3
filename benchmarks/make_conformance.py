"""Write the conformance corpus (``conformance/``, docs/conformance.rst): adjudicated cases
any Gin Rummy engine can check itself against, under every preset of ginrules.

The corpus is data, not code: six JSON files of cases (deadwood of ten cards, the best
discards of eleven, showdowns, the legal actions after a record's prefix, hand outcomes
and whole-game totals) and ``schema.json``, which describes them. Every case names the
rule points it tests (``"points"``), so an engine that differs on a case learns which
rule it reads otherwise.

The script lives beside ``differential_openspiel.py`` and ``openspiel_eleven_cards.py``
because it does the same job for every peer at once (what another engine must answer,
case by case), not an experiment with the computer players (``research/``). It is
deterministic: the same seed writes the same bytes, and ``tests/test_conformance.py``
checks that the committed corpus is what the script writes now, and confirms every case
with the tests' own brute force (``tests/brute.py``) as well as with the engine.

Run it from the top of a clone::

    .venv/bin/python benchmarks/make_conformance.py            # writes conformance/*.json
    .venv/bin/python benchmarks/make_conformance.py --check    # compares, writes nothing
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from _script import run

import ginrules
from ginrules import CARDS, Action, ActionKind, Card, Meld, arrangements
from ginrules import best_discards as engine_best_discards
from ginrules.game import GameState
from ginrules.hand import HandState
from ginrules.knocking import EndKind, knock_result, knocker_layout, resolve_knock
from ginrules.masks import _best_discard_deadwood, _deadwood
from ginrules.melds import Arrangement
from ginrules.records.writer import to_record
from ginrules.rulesets import PRESETS, Opening
from ginrules.scoring import score_hand

CORPUS = "ginrules-conformance"
VERSION = 1
ROOT = Path(__file__).resolve().parent.parent / "conformance"
KINDS = ("deadwood", "discards", "showdowns", "legal", "hands", "games")

#: how many cases of each kind (per preset for the kinds that depend on the rules)
COUNTS = {"deadwood": 1000, "discards": 900, "showdowns": 220, "legal": 90, "hands": 40,
          "games": 8}


# -- cards and melds ------------------------------------------------------------------


def text(cards: Iterable[Card]) -> str:
    """Cards in canonical order, as ginrules writes them (rank then suit letters)."""
    return " ".join(str(c) for c in sorted(cards))


def parse(cards: str) -> list[Card]:
    return list(ginrules.parse_cards(cards))


def card_at(suit: int, rank: int) -> Card:
    """The card of ``suit`` (0..3, ginrules' order) and ``rank`` (ace 1 .. king 13)."""
    return CARDS[suit * 13 + rank - 1]


def every_meld() -> list[frozenset[Card]]:
    """Every set (3 or 4 cards) and every run of 3 to 6 cards of the deck."""
    found: list[frozenset[Card]] = []
    for rank in range(1, 14):
        same = [card_at(s, rank) for s in range(4)]
        for size in (3, 4):
            found += [frozenset(c) for c in itertools.combinations(same, size)]
    for suit in range(4):
        for low in range(1, 12):
            for length in range(3, 7):
                if low + length - 1 <= 13:
                    found.append(frozenset(card_at(suit, low + i) for i in range(length)))
    return found


MELDS = every_meld()


def melds_in(cards: Iterable[Card]) -> list[frozenset[Card]]:
    """Every meld of :data:`MELDS` made of these cards."""
    held = set(cards)
    return [m for m in MELDS if m <= held]


def neighbours(cards: Iterable[Card]) -> list[Card]:
    """The cards that share a rank with one of ``cards`` or sit next to one in its suit."""
    held = set(cards)
    near: set[Card] = set()
    for c in held:
        rank, suit = int(c.rank), int(c.suit)
        near |= {card_at(s, rank) for s in range(4)}
        near |= {card_at(suit, r) for r in (rank - 2, rank - 1, rank + 1, rank + 2)
                 if 1 <= r <= 13}
    return sorted(near - held)


def built_hand(rng: random.Random, size: int, used: frozenset[Card] = frozenset(),
               *, melds: int | None = None, tight: float = 0.6) -> list[Card]:
    """``size`` cards not in ``used``: some melds (overlapping ones allowed), then cards
    near them (``tight`` of the time) or anywhere."""
    free = [c for c in CARDS if c not in used]
    hand: set[Card] = set()
    for _ in range(rng.randint(0, 3) if melds is None else melds):
        options = [m for m in MELDS if not (m & used) and len(hand | m) <= size]
        if not options:
            break
        hand |= rng.choice(options)
    while len(hand) < size:
        near = [c for c in neighbours(hand) if c not in used]
        pool = near if near and rng.random() < tight else [c for c in free if c not in hand]
        hand.add(rng.choice(pool))
    return sorted(hand)


# -- rule points ----------------------------------------------------------------------


def shape_points(cards: Sequence[Card]) -> list[str]:
    """The rule points of a hand's shape: which melds it holds and how they interlock."""
    found = melds_in(cards)
    points = []
    if not found:
        points.append("no-meld")
    if any(len({c.rank for c in m}) == 1 for m in found):
        points.append("set")
    if any(len(m) == 4 and len({c.rank for c in m}) == 1 for m in found):
        points.append("set-of-four")
    runs = [m for m in found if len({c.suit for c in m}) == 1]
    if runs:
        points.append("run")
    if any(len(m) >= 5 for m in runs):
        points.append("long-run")
    if any(any(int(c.rank) == 1 for c in m) for m in runs):
        points.append("ace-low-run")
    for suit in range(4):
        held = {int(c.rank) for c in cards if int(c.suit) == suit}
        if {12, 13, 1} <= held or {13, 1, 2} <= held:
            points.append("no-wrap")  # Q-K-A or K-A-2 of one suit: not a run
            break
    if any(a & b for a, b in itertools.combinations(found, 2)):
        points.append("shared-card")  # a card that can go in more than one meld
    return points


def deadwood_points(cards: Sequence[Card], dead: int) -> list[str]:
    points = shape_points(cards)
    if dead == 0:
        points.append("gin")
    if len(arrangements(text(cards))) > 1:
        points.append("several-arrangements")
    return points


# -- deadwood and best discards ---------------------------------------------------------


def deadwood_cases(rng: random.Random) -> list[dict[str, Any]]:
    cases = []
    wanted = {"no-wrap": 25, "gin": 60, "ace-low-run": 60, "set-of-four": 60,
              "shared-card": 200, "several-arrangements": 120, "long-run": 60}
    seen: set[str] = set()
    tally: dict[str, int] = {}
    while len(cases) < COUNTS["deadwood"]:
        kind = rng.random()
        if kind < 0.15:
            cards = rng.sample(CARDS, 10)
        elif kind < 0.2:  # around the corner of a suit: A, 2, Q, K of one suit
            suit = rng.randrange(4)
            corner = [card_at(suit, r) for r in (1, 2, 3, 11, 12, 13)]
            start = rng.sample(corner, 4)
            cards = built_hand(rng, 10, frozenset(), melds=0)
            cards = sorted(set(start) | set(cards[: 10 - len(start)]))
            while len(cards) < 10:
                cards = sorted({*cards, rng.choice(CARDS)})
        else:
            cards = built_hand(rng, 10, melds=rng.choice((1, 2, 2, 3, 3, 4)),
                               tight=rng.random())
        key = text(cards)
        if key in seen or len(cards) != 10:
            continue
        dead = ginrules.deadwood(key)
        points = deadwood_points(cards, dead)
        # keep the rarer rule points coming: once a point has its share, a case that
        # brings nothing else is kept only now and then
        fresh = [p for p in points if tally.get(p, 0) < wanted.get(p, 0)]
        if not fresh and rng.random() < 0.5:
            continue
        seen.add(key)
        for p in points:
            tally[p] = tally.get(p, 0) + 1
        cases.append({"id": f"deadwood-{len(cases) + 1:04d}", "points": points,
                      "input": {"cards": key}, "expected": {"deadwood": dead}})
    return cases


#: eleven-card hands worth a case of their own: several meld groups meld the same points,
#: and the group to keep is the one that leaves the least deadwood after the discard
#: (docs/rules.rst: OpenSpiel keeps 5C 5H 5S and 6C 6H 6S and counts 11, not 9)
KNOWN_ELEVEN = ("4H 6S 6H 2S 5C 6C 4C 5H 2D 3C 5S",)


def discard_case(number: int, key: str, points: list[str]) -> dict[str, Any]:
    best = engine_best_discards(key)
    return {"id": f"discards-{number:04d}", "points": points, "input": {"cards": key},
            "expected": {"deadwood": best.deadwood, "discards": text(best.discards),
                         "all_melded": ginrules.deadwood(key) == 0}}


def discard_cases(rng: random.Random) -> list[dict[str, Any]]:
    cases = []
    for known in KNOWN_ELEVEN:
        key = text(parse(known))
        cases.append(discard_case(len(cases) + 1, key,
                                  [*shape_points(parse(known)), "tied-meld-groups"]))
    seen: set[str] = {c["input"]["cards"] for c in cases}
    tally: dict[str, int] = {}
    wanted = {"big-gin-shape": 80, "gin-after-discard": 150, "several-best-discards": 200,
              "shared-card": 250}
    while len(cases) < COUNTS["discards"]:
        kind = rng.random()
        if kind < 0.1:
            cards = rng.sample(CARDS, 11)
        elif kind < 0.25:  # eleven cards in melds, two ways or more
            cards = built_hand(rng, 11, melds=4, tight=1.0)
        else:
            cards = built_hand(rng, 11, melds=rng.choice((1, 2, 3, 3, 4)), tight=rng.random())
        key = text(cards)
        if key in seen or len(cards) != 11:
            continue
        best = engine_best_discards(key)
        points = shape_points(cards)
        if ginrules.deadwood(key) == 0:
            points.append("big-gin-shape")
        if best.deadwood == 0:
            points.append("gin-after-discard")
        if len(best.discards) > 1:
            points.append("several-best-discards")
        fresh = [p for p in points if tally.get(p, 0) < wanted.get(p, 0)]
        if not fresh and rng.random() < 0.5:
            continue
        seen.add(key)
        for p in points:
            tally[p] = tally.get(p, 0) + 1
        cases.append(discard_case(len(cases) + 1, key, points))
    return cases


# -- showdowns -------------------------------------------------------------------------


def melds_json(melds: Iterable[Meld]) -> list[str]:
    return [text(m.cards) for m in melds]


def layoff_sets(melds: Sequence[Meld], defender: frozenset[Card]) -> set[frozenset[Card]]:
    """Every set of defender cards that can be laid off one at a time onto ``melds``
    (chains included), to tell whether the fewest layoffs that leave the least deadwood
    are one set of cards or several."""
    found: set[frozenset[Card]] = set()
    seen: set[tuple[frozenset[Card], tuple[frozenset[Card], ...]]] = set()

    def extend(meld: frozenset[Card]) -> list[Card]:
        ranks = sorted(int(c.rank) for c in meld)
        if len(set(ranks)) == 1:
            return [card_at(s, ranks[0]) for s in range(4)
                    if card_at(s, ranks[0]) not in meld] if len(meld) == 3 else []
        suit = int(next(iter(meld)).suit)
        return [card_at(suit, r) for r in (ranks[0] - 1, ranks[-1] + 1) if 1 <= r <= 13]

    def search(laid: frozenset[Card], current: tuple[frozenset[Card], ...]) -> None:
        if (laid, current) in seen:
            return
        seen.add((laid, current))
        found.add(laid)
        for i, meld in enumerate(current):
            for c in extend(meld):
                if c in defender and c not in laid:
                    search(laid | {c}, (*current[:i], meld | {c}, *current[i + 1:]))

    search(frozenset(), tuple(frozenset(m.cards) for m in melds))
    return found


def unique_layoffs(melds: Sequence[Meld], defender: frozenset[Card]) -> frozenset[Card] | None:
    """The cards laid off, when one set of fewest layoffs leaves the least deadwood."""
    scored = [(_deadwood(sum(c.mask for c in defender - laid)), len(laid), laid)
              for laid in layoff_sets(melds, defender)]
    best = min(s[:2] for s in scored)
    sets = [laid for dead, count, laid in scored if (dead, count) == best]
    return sets[0] if len(sets) == 1 else None


def showdown_deal(rng: random.Random, preset: str
                  ) -> tuple[list[Card], list[Card], Card | None] | None:
    """A knocker's ten cards within the knock limit, a defender's ten and an upcard (none
    under the eleven-cards opening)."""
    the_rules = PRESETS[preset]
    style = rng.random()
    knocker = built_hand(rng, 10, melds=rng.choice((2, 3, 3, 4)), tight=0.2)
    if style < 0.1:  # gin
        knocker = built_hand(rng, 10, melds=4, tight=1.0)
        if _deadwood(sum(c.mask for c in knocker)):
            return None
    used = frozenset(knocker)
    rest = [c for c in CARDS if c not in used]
    upcard: Card | None = None
    if the_rules.opening is not Opening.ELEVEN_CARDS:
        upcard = rng.choice(rest)
        if the_rules.oklahoma and rng.random() < 0.1:
            aces = [c for c in rest if int(c.rank) == 1]
            upcard = rng.choice(aces) if aces else upcard
        used |= {upcard}
    limit = the_rules.knock_limit_for(upcard)
    if _deadwood(sum(c.mask for c in knocker)) > limit:
        return None
    # the defender: cards that lay off (next to the knocker's melds), some of its own
    # melds, and the rest anywhere
    defender: set[Card] = set()
    ends = [c for c in neighbours(knocker) if c not in used]
    for c in rng.sample(ends, min(len(ends), rng.choice((0, 1, 2, 3, 4)))):
        defender.add(c)
    while len(defender) < 10:
        if rng.random() < 0.5:
            options = [m for m in MELDS if not (m & used) and len(defender | m) <= 10]
            if options and rng.random() < 0.4:
                defender |= rng.choice(options)
                continue
            near = [c for c in neighbours(defender | set(knocker)) if c not in used]
            if near:
                defender.add(rng.choice(near))
                continue
        defender.add(rng.choice([c for c in CARDS if c not in used]))
    return knocker, sorted(defender), upcard


def knocker_melds_for(preset: str, knocker: list[Card], defender: list[Card],
                      upcard: Card | None, rng: random.Random) -> tuple[Arrangement, bool]:
    """The melds the knocker shows, and whether the knocker states them: under presets that
    lay hands out, the layout that leaves the defender the most deadwood; under the others
    the knocker's own choice (ginrules' :func:`knocker_layout`, or now and then another
    arrangement within the limit)."""
    kmask = sum(c.mask for c in knocker)
    dmask = sum(c.mask for c in defender)
    if PRESETS[preset].auto_layout:
        arrangement, _, _ = resolve_knock(kmask, dmask)
        return arrangement, False
    options = list(arrangements(text(knocker)))
    if len(options) > 1 and rng.random() < 0.5:
        return rng.choice(options), True
    return knocker_layout(kmask, discard_pile=0 if upcard is None else upcard.mask), True


def showdown_points(preset: str, knocker: list[Card], defender: list[Card],
                    upcard: Card | None, arrangement: Arrangement, result: Any, score: Any
                    ) -> list[str]:
    the_rules = PRESETS[preset]
    points = [result.kind.value]
    if score.undercut:
        points.append("undercut")
    if result.knocker_deadwood == result.defender_deadwood and result.kind is EndKind.KNOCK:
        points.append("tie")
    if result.layoffs:
        points.append("layoff")
        onto: dict[int, int] = {}
        for x in result.layoffs:
            onto[x.meld_index] = onto.get(x.meld_index, 0) + 1
        runs = {i for i, m in enumerate(result.knocker_melds) if m.kind.value == "run"}
        if any(n >= 2 and i in runs for i, n in onto.items()):
            points.append("layoff-chain")
        if any(i not in runs for i in onto):
            points.append("layoff-onto-set")
        laid = {x.card for x in result.layoffs}
        if any(m & laid for m in melds_in(defender)):
            points.append("layoff-breaks-own-meld")
    if result.kind is EndKind.GIN and any(
            c in {card for m in result.knocker_melds for card in m.layoff_cards()}
            for c in defender):
        points.append("no-layoff-after-gin")
    if the_rules.oklahoma:
        assert upcard is not None
        points.append("oklahoma-knock-limit")
        if int(upcard.rank) == 1:
            points.append("oklahoma-ace")
        if int(upcard.suit) == int(ginrules.Suit.SPADES):
            points.append("oklahoma-spade")
    if len(arrangements(text(knocker))) > 1:
        points.append("knocker-layout")
    return points


def showdown_cases(rng: random.Random) -> list[dict[str, Any]]:
    cases = []
    for preset in PRESETS:
        the_rules = PRESETS[preset]
        wanted = {"gin": 20, "undercut": 30, "tie": 15, "layoff-chain": 25,
                  "layoff-onto-set": 20, "layoff-breaks-own-meld": 8, "knocker-layout": 25,
                  "no-layoff-after-gin": 8, "oklahoma-ace": 8, "oklahoma-spade": 20}
        tally: dict[str, int] = {}
        made = 0
        tries = 0
        while made < COUNTS["showdowns"]:
            tries += 1
            deal = showdown_deal(rng, preset)
            if deal is None:
                continue
            knocker, defender, upcard = deal
            arrangement, stated = knocker_melds_for(preset, knocker, defender, upcard, rng)
            kmask = sum(c.mask for c in knocker)
            dmask = sum(c.mask for c in defender)
            result = knock_result(kmask, dmask, knocker=0, dealer=1, upcard=upcard,
                                  knock_limit=the_rules.knock_limit_for(upcard),
                                  knocker_arrangement=arrangement)
            score = score_hand(result, the_rules)
            points = showdown_points(preset, knocker, defender, upcard, arrangement,
                                     result, score)
            fresh = [p for p in points if tally.get(p, 0) < wanted.get(p, 0)]
            if not fresh and rng.random() < 0.75 and tries < 40 * COUNTS["showdowns"]:
                continue
            for p in points:
                tally[p] = tally.get(p, 0) + 1
            made += 1
            laid = None if result.kind is EndKind.GIN else unique_layoffs(
                result.knocker_melds, frozenset(defender))
            expected: dict[str, Any] = {
                "kind": result.kind.value,
                "knocker_deadwood": result.knocker_deadwood,
                "defender_deadwood": result.defender_deadwood,
                "layoffs": "" if result.kind is EndKind.GIN else (
                    None if laid is None else text(laid)),
                "winner": score.winner, "points": score.points, "undercut": score.undercut,
            }
            case_input: dict[str, Any] = {"knocker": text(knocker), "defender": text(defender),
                                          "upcard": None if upcard is None else str(upcard),
                                          "knocker_melds": melds_json(arrangement.melds),
                                          "melds_stated": stated}
            cases.append({"id": f"showdown-{preset}-{made:03d}", "rules": preset,
                          "points": points, "input": case_input, "expected": expected})
    return cases


# -- played hands: legal actions, outcomes, games -----------------------------------------


def director(rng: random.Random, wanted: str) -> Callable[[HandState], Action]:
    """A policy that sees the whole hand and steers it toward the ending ``wanted``
    (``knock``, ``gin``, ``big-gin``, ``undercut``, ``tie``, ``dead`` or ``any``): it
    ends the hand only when that ending comes, else keeps the least deadwood, and now and
    then plays at random so that the hands differ."""

    def ending(after: HandState) -> str:
        result = after.result
        assert result is not None
        if result.kind is EndKind.DEAD:
            return "dead"
        if result.kind is EndKind.KNOCK:
            score = score_hand(result, after.rules)
            if result.knocker_deadwood == result.defender_deadwood:
                return "tie"
            return "undercut" if score.undercut else "knock"
        return result.kind.value.replace(" ", "-")

    def choose(state: HandState) -> Action:
        legal = state.legal_actions()
        ends = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)]
        for action in ends:
            if wanted == "any" or ending(state.apply(action)) == wanted:
                return action
        others = [a for a in legal if a.kind not in (ActionKind.KNOCK, ActionKind.BIG_GIN)]
        if not others:
            return legal[0]
        if rng.random() < 0.1:
            return rng.choice(others)
        mine = state.masks[state.turn]
        kinds = {a.kind: a for a in others}
        top = state.top_discard
        if ActionKind.PASS in kinds:
            take = kinds.get(ActionKind.TAKE)
            if take is not None and top is not None and \
                    _best_discard_deadwood(mine | top.mask) < _deadwood(mine):
                return take
            return kinds[ActionKind.PASS]
        if ActionKind.DRAW_STOCK in kinds:
            pile = kinds.get(ActionKind.DRAW_DISCARD)
            if pile is not None and top is not None and state.turns < 30 and state.stock and (
                    _best_discard_deadwood(mine | top.mask)
                    < _best_discard_deadwood(mine | state.stock[0].mask)):
                return pile
            return kinds[ActionKind.DRAW_STOCK]
        return min(others, key=lambda a: (_deadwood(mine & ~a.card.mask),  # type: ignore[union-attr]
                                          a.index))

    return choose


ENDINGS = ("knock", "gin", "big-gin", "undercut", "tie", "dead")


def endings_of(preset: str) -> tuple[str, ...]:
    the_rules = PRESETS[preset]
    return tuple(e for e in ENDINGS if not (
        (e == "big-gin" and the_rules.big_gin_bonus is None)
        or (e in ("knock", "undercut", "tie") and the_rules.knock_limit == 0
            and not the_rules.oklahoma)))


def played_hand(rng: random.Random, preset: str, wanted: str) -> HandState:
    the_rules = PRESETS[preset]
    state = ginrules.deal(the_rules, seed=rng.randrange(2**32), dealer=rng.randrange(2))
    choose = director(rng, wanted)
    while not state.is_over:
        state = state.apply(choose(state))
    return state


def hand_ending(state: HandState) -> str:
    result = state.result
    assert result is not None
    if result.kind is EndKind.DEAD:
        return "dead"
    if result.kind is EndKind.KNOCK:
        if result.knocker_deadwood == result.defender_deadwood:
            return "tie"
        return "undercut" if score_hand(result, state.rules).undercut else "knock"
    return result.kind.value.replace(" ", "-")


def record_input(state: HandState | GameState, preset: str) -> dict[str, Any]:
    data = to_record(state, preset=preset, deal_form="hands", outcome=False)
    data.pop("meta", None)
    return data


def prefix(state: HandState, length: int) -> HandState:
    replay = ginrules.deal(state.rules, deck=state.deck, dealer=state.dealer)
    for _, action in list(state.actions)[:length]:
        replay = replay.apply(action)
    return replay


def first_turn_state(rng: random.Random, preset: str) -> HandState | None:
    """A hand whose non-dealer takes the upcard and may knock at once (the rules let a
    player knock on the very first turn, right after taking the upcard); under the
    eleven-cards opening, whose non-dealer is dealt those eleven cards and may knock
    before any draw."""
    the_rules = PRESETS[preset]
    for _ in range(200):
        eleven = built_hand(rng, 11, melds=rng.choice((3, 4)), tight=1.0)
        upcard = rng.choice(eleven)  # (the eleventh card, under the eleven-cards opening)
        mine = [c for c in eleven if c != upcard]
        rest = [c for c in CARDS if c not in eleven]
        rng.shuffle(rest)
        theirs, stock = rest[:10], rest[10:]
        deck = [c for pair in zip(mine, theirs, strict=True) for c in pair] + [upcard, *stock]
        state = ginrules.deal(the_rules, deck=ginrules.Deck(tuple(deck)), dealer=1)
        if the_rules.opening is not Opening.ELEVEN_CARDS:
            state = state.apply("take")
        if any(a.kind is ActionKind.KNOCK for a in state.legal_actions()):
            return state
    return None


def legal_points(state: HandState) -> list[str]:
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    points = [f"phase-{state.phase.value}"]
    if state.is_over:
        points.append("hand-over")
        if state.result is not None and state.result.kind is EndKind.DEAD:
            points.append("dead-hand")
    if ActionKind.PASS in kinds and state.turn == state.dealer:
        points.append("dealer-offer")
    if state.rules.opening is Opening.ELEVEN_CARDS and not state.actions:
        points.append("eleven-cards-opening")
    if ActionKind.DRAW_STOCK in kinds and ActionKind.DRAW_DISCARD not in kinds:
        points.append("stock-only")
    if state.taken is not None and state.phase.value == "discard":
        points.append("discard-taken-card" if state.rules.may_discard_taken_card
                      else "no-discard-taken-card")
    if ActionKind.KNOCK in kinds:
        points.append("knock-limit")
        if state.turns == 0:
            points.append("first-turn-knock")
    elif state.phase.value == "discard":
        points.append("no-knock")
    if ActionKind.BIG_GIN in kinds:
        points.append("big-gin-offered")
    if state.rules.oklahoma:
        assert state.upcard is not None
        points.append("oklahoma-knock-limit")
        if int(state.upcard.rank) == 1:
            points.append("oklahoma-ace")
    if state.phase.value != "over" and state.stock_size <= state.rules.dead_hand_stock + 1:
        points.append("near-dead-hand")
    return points


def legal_cases(rng: random.Random) -> list[dict[str, Any]]:
    cases = []
    for preset in PRESETS:
        wanted = {"dealer-offer": 10, "no-discard-taken-card": 10, "discard-taken-card": 10,
                  "first-turn-knock": 4, "big-gin-offered": 6, "oklahoma-ace": 4,
                  "eleven-cards-opening": 6,
                  "dead-hand": 6, "near-dead-hand": 10, "knock-limit": 20, "hand-over": 10}
        tally: dict[str, int] = {}
        made = 0
        tries = 0
        endings = endings_of(preset)
        while made < COUNTS["legal"]:
            tries += 1
            first = first_turn_state(rng, preset) if made % 15 == 0 else None
            if first is not None:
                state = first
            else:
                hand = played_hand(rng, preset, rng.choice(endings))
                total = len(hand.actions)
                # the offer, a prefix near the end, one at random, the whole hand
                length = rng.choice((0, 1, total, max(0, total - rng.randint(1, 4)),
                                     rng.randint(0, total)))
                state = prefix(hand, length)
            points = legal_points(state)
            fresh = [p for p in points if tally.get(p, 0) < wanted.get(p, 0)]
            if not fresh and rng.random() < 0.7 and tries < 50 * COUNTS["legal"]:
                continue
            for p in points:
                tally[p] = tally.get(p, 0) + 1
            made += 1
            legal = [str(a) for a in state.legal_actions()]
            cases.append({"id": f"legal-{preset}-{made:03d}", "rules": preset,
                          "points": points, "input": {"record": record_input(state, preset)},
                          "expected": {"to_move": None if state.is_over else state.turn,
                                       "legal": legal}})
    return cases


def outcome_json(state: HandState) -> dict[str, Any]:
    result = state.result
    assert result is not None
    score = score_hand(result, state.rules)
    out: dict[str, Any] = {"kind": result.kind.value, "knocker": result.knocker,
                           "winner": score.player, "points": score.points,
                           "undercut": score.undercut}
    if result.knocker is not None:
        dw = [0, 0]
        dw[result.knocker] = result.knocker_deadwood
        dw[1 - result.knocker] = result.defender_deadwood
        out["deadwood"] = dw
    else:
        out["deadwood"] = None
    return out


def hand_points(state: HandState) -> list[str]:
    result = state.result
    assert result is not None
    points = [hand_ending(state)]
    if result.kind is EndKind.DEAD:
        points.append("dead-hand")
    if result.layoffs:
        points.append("layoff")
    if state.rules.oklahoma:
        assert state.upcard is not None
        points.append("oklahoma-knock-limit")
        if int(state.upcard.rank) == 1:
            points.append("oklahoma-ace")
        if state.rules.doubles(state.upcard) and result.kind is not EndKind.DEAD:
            points.append("oklahoma-spade")
    if state.rules.opening is Opening.ELEVEN_CARDS:
        points.append("eleven-cards-opening")
    if not state.rules.auto_layout and result.knocker is not None and \
            result.kind is not EndKind.BIG_GIN:
        points.append("stated-melds")
    if any(a.kind is ActionKind.TAKE for _, a in state.actions):
        points.append("upcard-taken")
    return points


def hand_cases(rng: random.Random) -> list[dict[str, Any]]:
    cases = []
    for preset in PRESETS:
        endings = endings_of(preset)
        made = 0
        tries = 0
        tally: dict[str, int] = {}
        while made < COUNTS["hands"]:
            tries += 1
            want = endings[made % len(endings)]
            hand = played_hand(rng, preset, want)
            got = hand_ending(hand)
            if got != want and tally.get(got, 0) >= COUNTS["hands"] // len(endings) and \
                    tries < 400 * COUNTS["hands"]:
                continue
            tally[got] = tally.get(got, 0) + 1
            made += 1
            cases.append({"id": f"hand-{preset}-{made:03d}", "rules": preset,
                          "points": hand_points(hand),
                          "input": {"record": record_input(hand, preset)},
                          "expected": outcome_json(hand)})
    return cases


def game_points(game: GameState) -> list[str]:
    sheet = game.sheet
    column = sheet.games[0]
    points = ["game-over", "target"]
    if 0 in column.hands_won:
        points.append("shutout")
    rules = game.rules
    if rules.line_bonus:
        points.append(f"line-bonus-{rules.line_bonus_to.value}")
    if rules.game_bonus:
        points.append("game-bonus")
    results = game.results
    if any(r.kind is EndKind.DEAD for r in results):
        points.append(f"dead-hand-dealer-{rules.dealer_after_dead_hand.value}")
    if any(score_hand(r, rules).undercut for r in results):
        points.append("undercut-counts-as-won")
    return points


def game_cases(rng: random.Random) -> list[dict[str, Any]]:
    cases = []
    for preset in PRESETS:
        the_rules = PRESETS[preset]
        made = 0
        tries = 0
        have: set[str] = set()
        while made < COUNTS["games"]:
            tries += 1
            game = ginrules.new_game(the_rules, seed=rng.randrange(2**32))
            endings = endings_of(preset)
            while not game.is_over:
                hand = game.hand
                assert hand is not None
                if hand.turns == 0 and not hand.actions:
                    choose = director(rng, rng.choice(endings))
                game = game.apply(choose(hand))
            points = game_points(game)
            fresh = {"shutout", "undercut-counts-as-won"} & (set(points) - have)
            fresh |= {p for p in points if p.startswith("dead-hand")} - have
            if not fresh and made >= COUNTS["games"] // 2 and tries < 60 * COUNTS["games"]:
                continue
            have |= set(points)
            made += 1
            sheet = game.sheet
            expected = {"totals": [list(row) for row in _running(game)],
                        "final": list(sheet.final_totals()), "winner": sheet.winner,
                        "hands_won": list(sheet.games[0].hands_won)}
            cases.append({"id": f"game-{preset}-{made:02d}", "rules": preset,
                          "points": points, "input": {"record": record_input(game, preset)},
                          "expected": expected})
    return cases


def _running(game: GameState) -> list[tuple[int, int]]:
    sheet = ginrules.sheet.ScoreSheet.empty()
    totals = []
    for result in game.results:
        sheet = sheet.add(result, game.rules)
        totals.append(sheet.games[0].totals)
    return totals


# -- writing ----------------------------------------------------------------------------


def corpus(seed: int) -> dict[str, dict[str, Any]]:
    makers = {"deadwood": deadwood_cases, "discards": discard_cases,
              "showdowns": showdown_cases, "legal": legal_cases, "hands": hand_cases,
              "games": game_cases}
    out = {}
    for offset, (kind, make) in enumerate(makers.items()):
        rng = random.Random(seed * 1000 + offset)  # each kind its own stream
        out[kind] = {"corpus": CORPUS, "version": VERSION, "kind": kind,
                     "generator": f"benchmarks/make_conformance.py --seed {seed}",
                     "ginrules": ginrules.__version__, "cases": make(rng)}
    return out


def dumps(data: dict[str, Any]) -> str:
    """The file's text: the header, then one case a line (diffs show a case per line)."""
    head = {k: v for k, v in data.items() if k != "cases"}
    lines = [json.dumps(head, ensure_ascii=True)[:-1] + ', "cases": [']
    cases = data["cases"]
    for i, case in enumerate(cases):
        lines.append(json.dumps(case, ensure_ascii=True, separators=(",", ":"))
                     + ("," if i < len(cases) - 1 else ""))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--out", type=Path, default=ROOT)
    parser.add_argument("--check", action="store_true",
                        help="compare with the files in --out; write nothing")
    args = parser.parse_args()
    files = {f"{kind}.json": dumps(data) for kind, data in corpus(args.seed).items()}
    if args.check:
        stale = [name for name, body in files.items()
                 if not (args.out / name).is_file() or (args.out / name).read_text() != body]
        if stale:
            sys.exit("make_conformance: out of date: " + ", ".join(stale))
        print("make_conformance: up to date")
        return
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, body in files.items():
        (args.out / name).write_text(body)
        n = body.count("\n") - 2
        total += n
        print(f"{name}: {n} cases")
    print(f"total: {total} cases")


if __name__ == "__main__":
    run(main, "make_conformance")
