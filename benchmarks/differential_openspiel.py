"""Differential test of ginrules against OpenSpiel's gin_rummy (and RLCard's deadwood).

Plays OpenSpiel games with two policies (uniformly random, and "knock-happy": it knocks
whenever it may and lays melds, so there are many knocks, gins, undercuts and layoffs),
converts every history with ``ginrules.interop.openspiel.from_openspiel``, validates it (lenient)
and compares ginrules' own result (kind, knocker, deadwood after layoffs, points) with
OpenSpiel's returns. Every disagreement is put in a class; the expected classes are the
documented rule differences (see the OpenSpiel section of docs/records.rst). It also
compares, in the same games:

* the least deadwood of every 10-card hand that occurs (OpenSpiel
  ``GinRummyUtils.min_deadwood`` against ``ginrules.deadwood``): must be 0 mismatches;
* knock legality at every discard decision (OpenSpiel's knock action and its legal
  discards after the knock against ginrules' legal knocks in the replayed state); the
  only expected difference is OpenSpiel's 11-card deadwood error;
* for every knock, the defender's best play within OpenSpiel (a search over its layoff
  phase) against ginrules' defender, which always lays off and melds for the least
  deadwood. A third run lets OpenSpiel's defender play that best, so every difference
  left there is unexplained.

With ``--rlcard`` it also compares RLCard's least deadwood with ginrules' on dense
10-card hands (ranks A-7 only).

Needs pyspiel (and rlcard for ``--rlcard``); run it in the environment that has them:

    /work/benchvenv/bin/python benchmarks/differential_openspiel.py [--games N] [--rlcard]
"""

from __future__ import annotations

import argparse
import collections
import copy
import json
import random
import time
from typing import Any

import pyspiel  # type: ignore[import-not-found]

import ginrules
from ginrules import ActionKind, Card, EndKind, Phase, hand, records
from ginrules.interop.openspiel import card_from_openspiel_id, from_openspiel, openspiel_id
from ginrules.scoring import score_hand

PH = pyspiel.gin_rummy.Phase
UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD = 52, 53, 54, 55, 56


def card_text(ids: list[int]) -> str:
    return " ".join(str(card_from_openspiel_id(i)) for i in sorted(ids))


# -- policies ---------------------------------------------------------------------------


def random_policy(state: Any, rng: random.Random) -> int:
    return int(rng.choice(state.legal_actions()))


def knock_happy_policy(state: Any, rng: random.Random) -> int:
    """Greedy on deadwood, knocks at once, mostly lays melds; the defender is erratic."""
    legal = state.legal_actions()
    phase = state.current_phase()
    me = state.current_player()
    held = list(state.hands()[me])
    if phase in (PH.FIRST_UPCARD, PH.DRAW):
        if DRAW_UPCARD in legal:
            up = state.upcard()
            if UTILS.min_deadwood(held, up) < UTILS.min_deadwood(held):
                return DRAW_UPCARD
        return DRAW_STOCK if DRAW_STOCK in legal else PASS
    if phase == PH.DISCARD:
        gin_hunter = getattr(rng, "gin_hunter", False)
        gin = KNOCK in legal and min(
            UTILS.min_deadwood([c for c in held if c != a]) for a in held) == 0
        if KNOCK in legal and (gin or not gin_hunter) and (gin_hunter or rng.random() < 0.9):
            return KNOCK
        if rng.random() < 0.1:
            return int(rng.choice([a for a in legal if a < 52]))
        scored = [(UTILS.min_deadwood([c for c in held if c != a]), rng.random(), a)
                  for a in legal if a < 52]
        return min(scored)[2]
    if phase == PH.WALL:
        return KNOCK if KNOCK in legal else PASS
    if phase == PH.KNOCK:
        cards = [a for a in legal if a < 52]
        if cards:
            return int(rng.choice(cards))
        melds = [a for a in legal if a >= MELD]
        if melds and (PASS not in legal or rng.random() < 0.85):
            return int(rng.choice(melds))
        return PASS
    if phase == PH.LAYOFF and getattr(rng, "best_defender", False):
        scores = [(best_defence(state.child(a), me, [20000]), a) for a in legal]
        return min((v if v is not None else 999, a) for v, a in scores)[1]
    if phase == PH.LAYOFF:
        others = [a for a in legal if a != PASS]
        if others and rng.random() < 0.75:
            return int(rng.choice(others))
        return PASS if PASS in legal else int(rng.choice(legal))
    return int(rng.choice(legal))


# -- OpenSpiel: the defender's best play ---------------------------------------------------


def best_defence(state: Any, defender: int, budget: list[int]) -> int | None:
    """The least defender deadwood reachable in OpenSpiel's layoff phase (None if the
    search is too big)."""
    memo: dict[Any, int] = {}

    def key(s: Any) -> Any:
        return (tuple(sorted(s.hands()[defender])), s.finished_layoffs(),
                tuple(sorted(s.layoffs())), s.current_player(),
                tuple(tuple(sorted(m)) for m in s.layed_melds()))

    def search(s: Any) -> int:
        if s.is_terminal():
            return int(s.deadwood()[defender])
        k = key(s)
        if k in memo:
            return memo[k]
        budget[0] -= 1
        if budget[0] < 0:
            raise TimeoutError
        best = min(search(s.child(a)) for a in s.legal_actions())
        memo[k] = best
        return best

    try:
        return search(state.clone())
    except TimeoutError:
        return None


# -- playing one game ---------------------------------------------------------------------


def play(seed: int, policy: Any, params: dict[str, Any], mode: str) -> dict[str, Any]:
    rng: Any = random.Random(seed)
    rng.gin_hunter = mode == "gin-hunter" or (mode == "mixed" and seed % 3 == 0)
    rng.best_defender = mode == "best-defender"
    game = pyspiel.load_game("gin_rummy", params)
    s = game.new_initial_state()
    decisions = []  # discard decisions: (player, 11 cards, knock legal, knock discards)
    tens: set[tuple[int, ...]] = set()
    knocker = None
    opt = None
    laid_melds: list[int] = []
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(rng.choice(outcomes)[0])
            continue
        phase = s.current_phase()
        me = s.current_player()
        if phase in (PH.DRAW, PH.FIRST_UPCARD):
            tens.add(tuple(sorted(s.hands()[me])))
        if phase == PH.DISCARD:
            legal = s.legal_actions()
            can = KNOCK in legal
            discards: frozenset[int] = frozenset()
            if can:
                after = s.child(KNOCK)
                discards = frozenset(a for a in after.legal_actions() if a < 52)
            decisions.append((me, tuple(sorted(s.hands()[me])), can, discards,
                              frozenset(a for a in legal if a < 52)))
        if phase == PH.LAYOFF and opt is None and knocker is not None and me != knocker:
            opt = best_defence(s, me, [20000])
            opt = -1 if opt is None else opt
        a = policy(s, rng)
        if a == KNOCK:
            knocker = me
        if phase == PH.KNOCK and a >= MELD:
            laid_melds.append(a)
        s.apply_action(a)
    return {
        "seed": seed, "history": [int(x) for x in s.history()],
        "returns": [float(r) for r in s.returns()], "deadwood": list(s.deadwood()),
        "knocker": knocker, "best_defence": opt, "decisions": decisions, "tens": tens,
        "laid": laid_melds,
    }


# -- ginrules' side ----------------------------------------------------------------------


def ginrules_result(data: dict[str, Any]) -> tuple[Any, str | None]:
    """ginrules' own replay of the record (the declared outcome removed): the final state,
    or None and the reason it cannot be replayed."""
    bare = copy.deepcopy(data)
    bare["hands"][0].pop("outcome", None)
    bare["complete"] = False
    try:
        return records.load(bare).hands[0], None
    except ginrules.InvalidRecordError as error:
        return None, str(error)


def knock_check(data: dict[str, Any], decisions: list[Any], stats: collections.Counter[str],
                examples: dict[str, Any], seed: int) -> None:
    """Knock legality at each discard decision: OpenSpiel vs ginrules' replayed state."""
    rules = ginrules.rules("openspiel", **data["rules"].get("overrides", {}))
    entry = data["hands"][0]
    deal_hands = [ginrules.parse_cards(h) for h in entry["deal"]["hands"]]
    up = ginrules.parse_card(entry["deal"]["upcard"])
    draws = [ginrules.parse_card(t.split()[-1]) for t in entry["actions"] if "draw stock" in t]
    order: list[Card] = []
    for i in range(10):
        order += [deal_hands[0][i], deal_hands[1][i]]
    order.append(up)
    order += draws
    order += [c for c in ginrules.CARDS if c not in order]
    state = hand.deal(rules, deck=ginrules.Deck(tuple(order)), dealer=1)
    index = 0
    for text in entry["actions"]:
        if state.is_over:
            break
        if state.phase is Phase.DISCARD and index < len(decisions):
            me, cards, os_can, os_discards, os_legal = decisions[index]
            index += 1
            mine = tuple(sorted(openspiel_id(c) for c in state.cards(state.turn)))
            if mine != cards or me != state.turn:
                stats["knock: hands out of step (bug in the harness)"] += 1
                return
            acts = hand.legal_actions(state)
            gr_knocks = frozenset(openspiel_id(a.card) for a in acts
                                  if a.kind is ActionKind.KNOCK and a.card is not None)
            gr_discards = frozenset(openspiel_id(a.card) for a in acts
                                    if a.kind is ActionKind.DISCARD and a.card is not None)
            stats["knock: decisions"] += 1
            if gr_discards != os_legal:
                stats["discard sets differ (unexplained)"] += 1
                examples.setdefault("discard sets differ", (seed, card_text(list(cards))))
            if bool(gr_knocks) == os_can and (not os_can or gr_knocks == os_discards):
                stats["knock: agree"] += 1
            elif gr_knocks and not os_can and UTILS.min_deadwood(list(cards)) > state.knock_limit:
                stats["knock: OpenSpiel refuses a legal knock (11-card deadwood error)"] += 1
                examples.setdefault("11-card error", (seed, card_text(list(cards)),
                                                      UTILS.min_deadwood(list(cards))))
            else:
                stats["knock: DIFFER (unexplained)"] += 1
                examples.setdefault("knock differ", (seed, card_text(list(cards)), os_can,
                                                     sorted(os_discards), sorted(gr_knocks)))
        player, action, _ = records.parse_action(text)
        state = hand.apply(state, action, player=player)


def signed(result: Any, rules: Any) -> int:
    score = score_hand(result, rules)
    if score.player is None:
        return 0
    return score.points if score.player == 0 else -score.points


def os_long_chain(data: dict[str, Any], state: Any) -> bool:
    """Whether OpenSpiel's own defender grew one of the knocker's runs past five cards."""
    offs = {ginrules.parse_card(t) for t in data["hands"][0]["source"]["defender_layoffs"]}
    for meld in state.result.knocker_melds:
        if meld.kind.value != "run":
            continue
        suit, low, high = meld.cards[0].suit, int(meld.cards[0].rank), int(meld.cards[-1].rank)
        grew = True
        while grew:
            grew = False
            for c in list(offs):
                if c.suit == suit and int(c.rank) in (low - 1, high + 1):
                    low, high = min(low, int(c.rank)), max(high, int(c.rank))
                    offs.discard(c)
                    grew = True
        if high - low + 1 > 5:
            return True
    return False


def classify(g: dict[str, Any], data: dict[str, Any], state: Any, why: str | None) -> str:
    end = data["source"]["end"]
    os_ret = g["returns"]
    if end == "wall-knock":
        return "expected: wall-phase knock (ginrules: dead hand at the discard)"
    if end in ("draw-upcard-limit", "repeated-move"):
        return f"expected: OpenSpiel-only ending ({end}); ginrules: hand not over"
    if state is None:
        return f"UNEXPLAINED: ginrules cannot replay: {why}"
    if end == "incomplete":
        return "UNEXPLAINED: incomplete history"
    result = state.result
    if result is None:
        return "UNEXPLAINED: ginrules hand not over"
    rules = state.rules
    if end == "wall":
        return "agree" if result.kind is EndKind.DEAD and os_ret == [0.0, 0.0] else \
            "UNEXPLAINED: wall"
    k = g["knocker"]
    if result.knocker != k:
        return "UNEXPLAINED: knocker differs"
    os_kdw, os_ddw = g["deadwood"][k], g["deadwood"][1 - k]
    os_kind = "gin" if os_kdw == 0 else "knock"
    if result.kind.value != os_kind:
        return "UNEXPLAINED: kind differs"
    if result.knocker_deadwood != os_kdw:
        return "UNEXPLAINED: knocker deadwood differs"
    value = signed(result, rules)
    if result.defender_deadwood == os_ddw:
        return "agree" if value == os_ret[0] else "UNEXPLAINED: same deadwood, other points"
    best = g["best_defence"]
    if best is None or best < 0:
        return "unclassified: defender search too big"
    if result.defender_deadwood > best:
        return "UNEXPLAINED: ginrules' defender worse than OpenSpiel's best"
    if result.defender_deadwood == best < os_ddw:
        return "expected: OpenSpiel's defender chose worse layoffs/melds than its best"
    if result.defender_deadwood < best:
        return "UNEXPLAINED: ginrules' defender better than OpenSpiel's best"
    return "UNEXPLAINED: other"


EXPECTED_PROBLEMS = (
    "the defender chooses its own melds and layoffs",
    "(this follows from the deadwood difference)",
    "OpenSpiel's wall phase",
    "OpenSpiel ends a hand with no score",
)


def run_policy(name: str, policy: Any, mode: str, games: int, params: dict[str, Any],
               seed0: int,
               tens: set[tuple[int, ...]], knock_stats: collections.Counter[str],
               examples: dict[str, Any]) -> collections.Counter[str]:
    classes: collections.Counter[str] = collections.Counter()
    for n in range(games):
        seed = seed0 + n
        g = play(seed, policy, params, mode)
        tens |= g["tens"]
        data = from_openspiel(g["history"], params=params)
        # the declared outcome is OpenSpiel's returns
        outcome = data["hands"][0].get("outcome")
        ret = g["returns"]
        if outcome is None:
            ok = ret == [0.0, 0.0]
        else:
            w = outcome["winner"]
            ok = outcome["points"] == abs(ret[0]) and (w is None or ret[w] > 0)
            if "deadwood" in outcome:
                ok = ok and outcome["deadwood"] == g["deadwood"]
        classes["declared outcome == OpenSpiel returns"] += ok
        if not ok:
            examples.setdefault(f"{name}: declared != returns", (seed, g["history"], ret))
        report = records.validate(data, lenient=True)
        classes["validator: valid"] += report.valid
        for p in report.problems:
            tag = next((e for e in EXPECTED_PROBLEMS if e in p.message), None)
            key = f"validator problem: {tag}" if tag else "validator problem: UNEXPLAINED"
            classes[key] += 1
            if tag is None:
                examples.setdefault(f"{name}: validator {p.message[:60]}",
                                    (seed, str(p), g["history"]))
        state, why = ginrules_result(data)
        cls = classify(g, data, state, why)
        end = data["source"]["end"]
        if end in ("knock", "wall-knock"):
            k = g["knocker"]
            kdw, ddw = g["deadwood"][k], g["deadwood"][1 - k]
            kind = "gin" if kdw == 0 else ("undercut" if ddw < kdw else
                                           "tie" if ddw == kdw else "knock")
            classes[f"OpenSpiel end: {end} ({kind})"] += 1
            if state is not None and state.result is not None and state.result.layoffs:
                classes["ginrules layoffs made"] += 1
            if end == "knock" and state is not None and os_long_chain(data, state):
                classes["OpenSpiel's defender grew a run past five cards"] += 1
        else:
            classes[f"OpenSpiel end: {end}"] += 1
        classes[f"result: {cls}"] += 1
        if not cls.startswith("agree"):
            examples.setdefault(f"{name}: {cls}", (seed, g["history"], ret))
        knock_check(data, g["decisions"], knock_stats, examples, seed)
    return classes


def deadwood_check(tens: set[tuple[int, ...]]) -> tuple[int, int, Any]:
    bad = 0
    example = None
    for cards in tens:
        ours = ginrules.deadwood([card_from_openspiel_id(i) for i in cards])
        theirs = UTILS.min_deadwood(list(cards))
        if ours != theirs:
            bad += 1
            example = example or (card_text(list(cards)), ours, theirs)
    return len(tens), bad, example


def rlcard_check(count: int, seed: int) -> tuple[int, int, Any]:
    from rlcard.games.gin_rummy.utils import melding  # type: ignore[import-not-found]
    from rlcard.games.gin_rummy.utils import utils as rlu  # type: ignore[import-not-found]

    swap = [0, 3, 2, 1]  # RLCard suits S H D C; OpenSpiel's S C D H
    rng = random.Random(seed)
    deck = [s * 13 + r for s in range(4) for r in range(7)]  # A-7, RLCard ids
    bad = 0
    example = None
    for _ in range(count):
        ids = rng.sample(deck, 10)
        hand_rl = [rlu.get_card(i) for i in ids]
        best = melding.get_best_meld_clusters(hand_rl)
        theirs = rlu.get_deadwood_count(hand_rl, best[0] if best else [])
        ours = ginrules.deadwood([card_from_openspiel_id(swap[i // 13] * 13 + i % 13)
                                  for i in ids])
        if ours != theirs:
            bad += 1
            example = example or ([str(c) for c in hand_rl], ours, theirs)
    return count, bad, example


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per policy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--knock-card", type=int, default=10)
    parser.add_argument("--oklahoma", action="store_true", help="OpenSpiel's oklahoma=True")
    parser.add_argument("--rlcard", action="store_true", help="also RLCard dense deadwood")
    parser.add_argument("--rlcard-hands", type=int, default=20000)
    parser.add_argument("--examples", help="write the first example of each class (JSON)")
    args = parser.parse_args()
    params: dict[str, Any] = {}
    if args.knock_card != 10:
        params["knock_card"] = args.knock_card
    if args.oklahoma:
        params["oklahoma"] = True
    tens: set[tuple[int, ...]] = set()
    knock_stats: collections.Counter[str] = collections.Counter()
    examples: dict[str, Any] = {}
    start = time.perf_counter()
    for name, policy, mode, seed0 in (
        ("random", random_policy, "", args.seed),
        ("knock-happy", knock_happy_policy, "mixed", args.seed + 10**6),
        ("knock-happy, OpenSpiel-optimal defender", knock_happy_policy, "best-defender",
         args.seed + 2 * 10**6),
    ):
        t0 = time.perf_counter()
        classes = run_policy(name, policy, mode, args.games, params, seed0, tens,
                             knock_stats, examples)
        print(f"== {name} policy: {args.games} games ({time.perf_counter() - t0:.1f} s)")
        for key, value in sorted(classes.items()):
            print(f"  {key:<78} {value:6d}  {100 * value / args.games:6.2f}%")
        agree = classes["result: agree"]
        print(f"  => ginrules result agrees with OpenSpiel in {agree}/{args.games} "
              f"({100 * agree / args.games:.2f}%)")
    n, bad, ex = deadwood_check(tens)
    print(f"== deadwood: {n} distinct 10-card hands, {bad} mismatches (OpenSpiel "
          f"min_deadwood vs ginrules.deadwood){'; e.g. ' + str(ex) if ex else ''}")
    print("== knock legality at discard decisions")
    for key, value in sorted(knock_stats.items()):
        print(f"  {key:<70} {value:7d}")
    if args.rlcard:
        n, bad, ex = rlcard_check(args.rlcard_hands, args.seed)
        print(f"== RLCard dense (A-7) 10-card hands: {n}, {bad} mismatches"
              f"{'; e.g. ' + str(ex) if ex else ''}")
    print(f"== examples of each disagreement class ({len(examples)})")
    for key, value in examples.items():
        short = value if len(str(value)) < 300 else (value[0], "...")
        print(f"  {key}: {short}")
    if args.examples:
        with open(args.examples, "w", encoding="utf-8") as out:
            json.dump(examples, out, indent=1, default=str)
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
