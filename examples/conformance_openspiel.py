"""Run OpenSpiel's ``gin_rummy`` against the conformance corpus (``conformance/``) and print
each case where it answers otherwise, with the rule points the case tests.

What each kind of case asks of OpenSpiel (``pyspiel``, the ``openspiel`` extra):

* ``deadwood``: ``GinRummyUtils.min_deadwood`` of the ten cards;
* ``discards``: ``min_deadwood`` of the eleven cards (OpenSpiel's count of an eleven-card
  hand, which decides whether it may knock) against the least deadwood after the best
  discard;
* ``showdowns``: a deal where the knocker holds its ten cards and the case's upcard,
  under the game parameters of the case's preset (``knock_card``, ``oklahoma``,
  ``gin_bonus``, ``undercut_bonus``); the knocker takes the upcard, knocks with it and
  lays down the case's melds; the defender plays its best layoffs and melds (a search
  over OpenSpiel's own actions); OpenSpiel's return to the knocker against the points;
* ``legal``: the record's actions replayed in OpenSpiel (its player 0 is the
  non-dealer), then its legal actions in ginrules' notation;
* ``hands``: the whole hand replayed, the knocker's melds as the rules lay them out, the
  defender's best defence; OpenSpiel's returns against the hand's points;
* ``games``: OpenSpiel plays single hands; none is run.

The cases of the ``rlcard`` preset (RLCard's opening: eleven cards to the non-dealer, no
upcard) are not run: OpenSpiel's deal always turns an upcard and offers it.

OpenSpiel's parameters cannot express every preset (spade doubling, ties that are not
undercuts, big gin, a dead hand at two stock cards): such a case shows the difference it
meets, named by its rule points. Run it from the top of a clone, in the environment of
the ``openspiel`` extra::

    .venv-extras/bin/python examples/conformance_openspiel.py              # every case
    .venv-extras/bin/python examples/conformance_openspiel.py --kind showdowns --show 5
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ginrules
from ginrules import Card, parse_cards
from ginrules.interop.openspiel import _os_meld, card_from_openspiel_id, openspiel_id
from ginrules.knocking import resolve_knock
from ginrules.rulesets import PRESETS, Opening, RuleSet

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError:  # the example is skipped where OpenSpiel is not installed
    print("conformance_openspiel needs pyspiel: pip install -e '.[openspiel]' (skipped)")
    sys.exit(0)

ROOT = Path(__file__).resolve().parent.parent / "conformance"
UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
PH = pyspiel.gin_rummy.Phase
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD = 52, 53, 54, 55, 56
MELD_ID = {frozenset(_os_meld(i)): MELD + i for i in range(185)}


def ids(text: str) -> list[int]:
    return [openspiel_id(c) for c in parse_cards(text)] if text else []


def params_of(rules: RuleSet) -> dict[str, Any]:
    """OpenSpiel's game parameters nearest to a preset."""
    return {"knock_card": rules.knock_limit if not rules.oklahoma else 10,
            "oklahoma": rules.oklahoma, "gin_bonus": rules.gin_bonus,
            "undercut_bonus": rules.undercut_bonus}


def best_defence(state: Any) -> Any:
    """The terminal state the defender reaches with its best play (the most return to it)
    in OpenSpiel's layoff phase, searched over OpenSpiel's own actions."""
    memo: dict[Any, Any] = {}

    def key(s: Any) -> Any:
        return (tuple(sorted(s.hands()[s.current_player()])), s.finished_layoffs(),
                tuple(sorted(s.layoffs())), s.current_player(), s.current_phase(),
                tuple(tuple(sorted(m)) for m in s.layed_melds()))

    def search(s: Any) -> Any:
        if s.is_terminal() or s.current_phase() != PH.LAYOFF:
            return s
        k = key(s)
        if k not in memo:
            me = s.current_player()
            memo[k] = max((search(s.child(a)) for a in s.legal_actions()),
                          key=lambda end: end.returns()[me] if end.is_terminal() else 0)
        return memo[k]

    return search(state)


def pieces(meld: list[Card]) -> list[list[Card]]:
    """A meld as OpenSpiel's melds, which hold at most five cards: a longer run in pieces
    of three to five (the same cards melded, the same two ends open to layoffs)."""
    cards = sorted(meld)
    out = []
    while len(cards) > 5:
        size = 3 if len(cards) - 3 <= 5 and len(cards) - 3 >= 3 else 5
        size = max(3, min(size, len(cards) - 3))
        out.append(cards[:size])
        cards = cards[size:]
    return [*out, cards]


def finish_knock(state: Any, melds: list[list[Card]]) -> Any:
    """After the knock's discard: lay the melds down, pass, then the defender's best."""
    for meld in melds:
        for piece in pieces(meld):
            state.apply_action(MELD_ID[frozenset(piece)])
    state.apply_action(PASS)
    return best_defence(state)


def expected_return(expected: dict[str, Any], knocker_is: str = "knocker") -> int:
    if expected["winner"] is None:
        return 0
    return expected["points"] if expected["winner"] == knocker_is else -expected["points"]


# -- one function per kind: None when OpenSpiel agrees, else what it says ---------------------


def check_deadwood(case: dict[str, Any]) -> str | None:
    got = int(UTILS.min_deadwood(ids(case["input"]["cards"])))
    want = case["expected"]["deadwood"]
    return None if got == want else f"deadwood {got}, expected {want}"


def check_discards(case: dict[str, Any]) -> str | None:
    got = int(UTILS.min_deadwood(ids(case["input"]["cards"])))
    want = case["expected"]["deadwood"]
    return None if got == want else (f"eleven-card deadwood {got}, expected {want} after "
                                     f"the best discard ({case['expected']['discards']})")


def check_showdown(case: dict[str, Any]) -> str | None:
    rules = PRESETS[case["rules"]]
    given, expected = case["input"], case["expected"]
    game = pyspiel.load_game("gin_rummy", params_of(rules))
    state = game.new_initial_state()
    upcard = openspiel_id(Card.parse(given["upcard"]))
    for a in [*ids(given["knocker"]), *ids(given["defender"]), upcard]:
        state.apply_action(a)
    state.apply_action(DRAW_UPCARD)
    if KNOCK not in state.legal_actions():
        return (f"the knock is refused (OpenSpiel's deadwood of the eleven cards "
                f"{UTILS.min_deadwood(list(state.hands()[0]))}, knock card "
                f"{state.knock_card()})")
    state.apply_action(KNOCK)
    if upcard not in state.legal_actions():
        return "the knock with the card just taken is refused"
    state.apply_action(upcard)
    melds = [list(parse_cards(m)) for m in given["knocker_melds"]]
    try:
        end = finish_knock(state, melds)
    except pyspiel.SpielError as error:
        return f"the knocker's melds are refused: {error}"
    got = int(end.returns()[0])
    want = expected_return(expected)
    deadwood = list(end.deadwood())
    if got != want:
        return (f"knocker's return {got}, expected {want} (deadwood {deadwood[0]} against "
                f"{deadwood[1]}; expected {expected['knocker_deadwood']} against "
                f"{expected['defender_deadwood']})")
    return None


def replay(record: dict[str, Any], upto_end: bool) -> tuple[Any, Callable[[int], int], str]:
    """The record's hand replayed in OpenSpiel: the state, the map from ginrules' players to
    OpenSpiel's, and what stopped the replay ('' if nothing)."""
    rules = PRESETS[record["rules"]["preset"]]
    (entry,) = record["hands"]
    hands = entry["deal"]["hands"]
    dealer = entry["dealer"]
    seat = (lambda p: p) if dealer == 1 else (lambda p: 1 - p)  # OpenSpiel's 0: non-dealer
    first, second = (hands[0], hands[1]) if dealer == 1 else (hands[1], hands[0])
    state = pyspiel.load_game("gin_rummy", params_of(rules)).new_initial_state()
    for a in [*ids(first), *ids(second), openspiel_id(Card.parse(entry["deal"]["upcard"]))]:
        state.apply_action(a)
    for number, text in enumerate(entry["actions"], 1):
        _, verb, *rest = text.split(" ", 2)
        if verb in ("take", "draw") and rest in ([], ["discard"]):
            moves = [DRAW_UPCARD]
        elif verb == "pass":
            moves = [PASS]
        elif verb == "draw":
            moves = [DRAW_STOCK, openspiel_id(Card.parse(rest[0].split()[1]))]
        elif verb == "discard":
            moves = [openspiel_id(Card.parse(rest[0]))]
        elif verb == "knock":
            moves = [KNOCK, openspiel_id(Card.parse(rest[0]))]
        else:
            return state, seat, f"action {number} ({text}): OpenSpiel has no big gin"
        for move in moves:
            if state.is_terminal():
                return state, seat, (f"action {number} ({text}): OpenSpiel's hand is over "
                                     "already (its cap of 50 draws from the pile, or its "
                                     "repeated-move rule)")
            if state.is_chance_node() or move in state.legal_actions():
                state.apply_action(move)
            else:
                return state, seat, (f"action {number} ({text}) is not legal in OpenSpiel "
                                     f"(its phase {state.current_phase().name.lower()})")
    return state, seat, ""


def openspiel_legal(state: Any) -> list[str]:
    """OpenSpiel's legal actions in ginrules' notation ([] once the play is over)."""
    phase = state.current_phase()
    if state.is_terminal() or phase in (PH.KNOCK, PH.LAYOFF, PH.GAME_OVER):
        return []
    out = []
    for a in state.legal_actions():
        if a == DRAW_UPCARD:
            out.append("take" if phase == PH.FIRST_UPCARD else "draw discard")
        elif a == DRAW_STOCK:
            out.append("draw stock")
        elif a == PASS:
            out.append("pass")
        elif a == KNOCK:
            after = state.child(KNOCK)
            out += [f"knock {card_from_openspiel_id(c)}" for c in after.legal_actions()
                    if c < 52]
            if phase == PH.WALL:
                out.append("knock (wall)")
        elif a < 52:
            out.append(f"discard {card_from_openspiel_id(a)}")
    return out


def check_legal(case: dict[str, Any]) -> str | None:
    state, _, stopped = replay(case["input"]["record"], upto_end=False)
    if stopped:
        return stopped
    got = sorted(openspiel_legal(state))
    want = sorted(case["expected"]["legal"])
    if got == want:
        return None
    extra = sorted(set(got) - set(want))
    missing = sorted(set(want) - set(got))
    parts = []
    if extra:
        parts.append("also offers " + ", ".join(extra))
    if missing:
        parts.append("does not offer " + ", ".join(missing))
    return f"OpenSpiel ({state.current_phase().name.lower()}) " + "; ".join(parts)


def check_hand(case: dict[str, Any]) -> str | None:
    record = case["input"]["record"]
    expected = case["expected"]
    state, seat, stopped = replay(record, upto_end=True)
    if stopped:
        return stopped
    rules = PRESETS[case["rules"]]
    if expected["kind"] == "dead":
        if state.current_phase() == PH.WALL and KNOCK in state.legal_actions():
            return "the hand is dead here, but OpenSpiel's wall lets the next player knock"
        if not state.is_terminal() and PASS in state.legal_actions():
            state.apply_action(PASS)
        if not state.is_terminal():
            return f"OpenSpiel goes on ({state.current_phase().name.lower()})"
        returns = [int(r) for r in state.returns()]
        return None if returns == [0, 0] else f"OpenSpiel returns {returns} for a dead hand"
    knocker = expected["knocker"]
    entry = record["hands"][0]
    os_knocker = seat(knocker)
    if "knocker_melds" in entry:
        melds = [[Card.parse(c) for c in m] for m in entry["knocker_melds"]]
    else:  # the rules lay the hand out: that layout
        hand = [card_from_openspiel_id(c) for c in state.hands()[os_knocker]]
        other = [card_from_openspiel_id(c) for c in state.hands()[1 - os_knocker]]
        arrangement, _, _ = resolve_knock(" ".join(map(str, hand)),
                                          " ".join(map(str, other)))
        melds = [list(m.cards) for m in arrangement.melds]
    try:
        end = finish_knock(state, melds)
    except pyspiel.SpielError as error:
        return f"the knocker's melds are refused: {error}"
    got = int(end.returns()[os_knocker])
    want = 0 if expected["winner"] is None else (
        expected["points"] if expected["winner"] == knocker else -expected["points"])
    del rules
    return None if got == want else f"knocker's return {got}, expected {want}"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "deadwood": check_deadwood, "discards": check_discards, "showdowns": check_showdown,
    "legal": check_legal, "hands": check_hand,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=sorted(CHECKS), action="append")
    parser.add_argument("--show", type=int, default=3,
                        help="differing cases printed per kind and rule point (default 3)")
    parser.add_argument("--limit", type=int, default=None,
                        help="run only the first N cases of each kind")
    args = parser.parse_args()
    for kind in args.kind or list(CHECKS):
        cases = json.loads((ROOT / f"{kind}.json").read_text())["cases"][:args.limit]
        differ = Counter[str]()
        by_preset = Counter[str]()
        shown = Counter[str]()
        failed = 0
        # OpenSpiel's deal always turns an upcard: the eleven-cards opening is not run
        skipped = [c for c in cases
                   if "rules" in c and PRESETS[c["rules"]].opening is Opening.ELEVEN_CARDS]
        cases = [c for c in cases if c not in skipped]
        for case in cases:
            why = CHECKS[kind](case)
            if why is None:
                continue
            failed += 1
            by_preset[case.get("rules", "-")] += 1
            differ.update(case["points"])
            headline = case["points"][0] if case["points"] else "-"
            if shown[headline] < args.show:
                shown[headline] += 1
                print(f"{case['id']} [{', '.join(case['points'])}]: {why}")
        print(f"== {kind}: {len(cases) - failed} of {len(cases)} agree; differ: {failed}")
        if failed:
            print("   by preset: " + ", ".join(f"{k} {v}" for k, v in sorted(by_preset.items())))
            print("   by rule point: " + ", ".join(f"{k} {v}" for k, v in differ.most_common()))
        if skipped:
            print(f"   not run: {len(skipped)} cases of the rlcard preset (OpenSpiel's deal "
                  "turns an upcard)")
    print("== games: not run (OpenSpiel's gin_rummy plays single hands)")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit("conformance_openspiel: interrupted")
    except ginrules.GinRulesError as error:
        sys.exit(f"conformance_openspiel: {error}")
