"""What a person reads and sees, pinned whole: the text and SVG pictures of hands of every
ending, of both players' views at every step, of results, score sheets and games.

Each case draws everything a program may show of a few fixed hands (decks written out
below) and a few seeded games, and compares it with the committed file in
``tests/data/golden/``. The other tests check what the words and pictures must say; these
catch any change at all, such as a card drawn a little off, a column shifted, a word
dropped. After a deliberate change, write the files again and read their diff before
committing it::

    GINRULES_WRITE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_golden_output.py
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import ginrules
from ginrules import Deck, HandState, parse_cards, svg, text
from ginrules.game import random_policies
from ginrules.players import view
from ginrules.players.roster import make_player

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
WRITE = os.environ.get("GINRULES_WRITE_GOLDEN") == "1"


def _deal(rules: str, non_dealer: str, dealer: str, upcard: str, stock: str,
          dealer_seat: int = 0) -> HandState:
    """A hand dealt from a deck written out: the two hands, the upcard, the stock's top
    cards; the rest of the stock in the deck's order."""
    first = [*parse_cards(non_dealer)]
    second = [*parse_cards(dealer)]
    order = [card for pair in zip(first, second, strict=True) for card in pair]
    order += [*parse_cards(upcard), *parse_cards(stock)]
    order += [card for card in ginrules.CARDS if card not in order]
    return ginrules.deal(ginrules.rules(rules), deck=Deck(tuple(order)), dealer=dealer_seat)


def _steps(state: HandState, *actions: str) -> list[HandState]:
    states = [state]
    for action in actions:
        states.append(states[-1].apply(action))
    return states


def _knock() -> list[HandState]:
    """The non-dealer takes the upcard for a set and knocks on its next turn with 8
    points; the defender lays 7H off onto the knocker's run."""
    state = _deal("classic", "AS 2S 3S 4H 5H 6H 7C 7D 8C KD", "TS 9S 2D 3C 4C 5C 7H QH JD QC",
                  "7S", "8D 2H 6D")
    return _steps(state, "take", "discard KD", "draw stock", "discard QH", "draw stock",
                  "knock 2H")


def _eleven_cards() -> list[HandState]:
    """The hand of ``_knock`` under RLCard's opening: no upcard; the non-dealer is dealt
    7S as its eleventh card, discards KD first, and knocks on its next turn."""
    state = _deal("rlcard", "AS 2S 3S 4H 5H 6H 7C 7D 8C KD", "TS 9S 2D 3C 4C 5C 7H QH JD QC",
                  "7S", "8D 2H 6D")
    return _steps(state, "discard KD", "draw stock", "discard QH", "draw stock", "knock 2H")


def _gin() -> list[HandState]:
    """Gin under Oklahoma rules, with a spade upcard (the score doubled)."""
    state = _deal("oklahoma", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "TS 9S 2D 3C 4C 5C 7H QH JD QC",
                  "5S", "TC")
    return _steps(state, "pass", "pass", "draw stock", "knock KD")


def _big_gin() -> list[HandState]:
    state = _deal("classic", "AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "TS 9S 2D 3C 4C 5C 7H QH JD QC",
                  "5S", "JC", dealer_seat=1)
    return _steps(state, "pass", "pass", "draw stock", "big gin")


def _undercut() -> list[HandState]:
    """A knock with 7 points against a defender's 3."""
    state = _deal("classic", "AS 2S 3S 4H 5H 6H 7C 8C 9C 8D",
                  "TS JS QS 2D 2C 2H KC KD KS 3D", "9H", "7D")
    return _steps(state, "pass", "pass", "draw stock", "knock 8D")


def _dead() -> list[HandState]:
    """Both players draw from the stock and throw the card back, to the wall."""
    states = _steps(ginrules.deal(ginrules.rules("classic"), seed=11, dealer=1), "pass", "pass")
    while not states[-1].is_over:
        state = states[-1]
        drawn = state.apply("draw stock")
        states.append(drawn)
        if not drawn.is_over:
            (card,) = set(drawn.cards(state.turn)) - set(state.cards(state.turn))
            states.append(drawn.apply(f"discard {card}"))
    return states


HANDS: dict[str, Callable[[], list[HandState]]] = {
    "knock": _knock, "gin": _gin, "big-gin": _big_gin, "undercut": _undercut, "dead": _dead,
    "eleven-cards": _eleven_cards,
}


def _hand_outputs(states: list[HandState]) -> Iterator[tuple[str, str]]:
    """The text of the first steps, of every tenth and of the last two; the pictures of
    the deal and of the last two steps (the views only there)."""
    last = len(states) - 1
    pictured = {0, last - 1, last}
    for step, state in enumerate(states):
        if step > 4 and step % 10 and step < last - 1:
            continue
        yield f"step {step}: str(state)", str(state)
        yield f"step {step}: repr(state)", repr(state)
        if step in pictured:
            yield f"step {step}: svg.hand", svg.hand(state)
        for player in (0, 1):
            seen = view(state, player, scores=(12, 30))
            yield f"step {step}: view {player} text", str(seen)
            yield f"step {step}: view {player} repr", repr(seen)
            if step >= last - 1:
                yield f"step {step}: view {player} svg", svg.view(seen)
    last = states[-1]
    result = last.result
    assert result is not None
    yield "result text", str(result)
    yield "result repr", repr(result)
    yield "result svg", svg.result(result)
    yield "result svg, named and scored", svg.result(result, names=["Ann", "Bob"],
                                                     rules=last.rules)
    for player in (0, 1):
        arrangement = ginrules.arrange(last.cards(player))
        yield f"arrangement {player}", str(arrangement)
        yield f"arrangement {player} repr", text.arrangement_repr(arrangement)
        yield f"arrangement {player} svg", svg.arrangement(arrangement, caption=f"seat {player}")
        for meld in arrangement.melds:
            yield f"meld {meld}", svg.meld(meld)


def _games() -> Iterator[tuple[str, str]]:
    for preset, seed in (("short", 3), ("classic", 5), ("oklahoma", 8)):
        the_rules = ginrules.rules(preset)
        game = ginrules.game.play(ginrules.new_game(the_rules, seed=seed),
                                  [make_player("basic", seed=seed), make_player("simple", seed=seed)])
        yield f"{preset} {seed}: sheet_text", text.sheet_text(game)
        yield f"{preset} {seed}: sheet_text named", text.sheet_text(game, names=["Ann", "Bob"])
        yield f"{preset} {seed}: str(sheet)", str(game.sheet)
        yield f"{preset} {seed}: str(game)", str(game)
        yield f"{preset} {seed}: repr(game)", repr(game)
        for player in (0, 1):
            yield f"{preset} {seed}: game text {player}", game.text(player)
        yield f"{preset} {seed}: game svg", svg.game(game)
    game = ginrules.new_game(ginrules.rules("classic"), seed=1)
    for moves in range(0, 30, 7):
        state = game
        policies = random_policies(moves)
        for _ in range(moves):
            assert state.hand is not None
            state = ginrules.game.apply(state, policies[state.hand.turn](state.hand, state.hand.turn))
        yield f"open game after {moves}: str", str(state)
        yield f"open game after {moves}: text 1", state.text(1)
        if moves in (7, 21):
            yield f"open game after {moves}: svg {moves % 2}", svg.game(state, player=moves % 2)
    for name in sorted(ginrules.PRESETS):
        yield f"rules {name}: repr", repr(ginrules.rules(name))
        yield f"rules {name}: name", text.rules_name(ginrules.rules(name))
    for count in range(4):
        yield f"hands_in_words({count})", text.hands_in_words(count)
    for card in ("AS", "TD", "QH", "7C"):
        yield f"card {card} svg", svg.card(ginrules.parse_card(card))


CASES: dict[str, Callable[[], Iterator[tuple[str, str]]]] = {
    **{name: (lambda build=build: _hand_outputs(build())) for name, build in HANDS.items()},
    "games": _games,
}


def render(case: str) -> str:
    return "".join(f"==== {title}\n{output}\n" for title, output in CASES[case]())


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_output_is_the_committed_one(case: str) -> None:
    path = GOLDEN / f"{case}.txt"
    fresh = render(case)
    if WRITE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(fresh, "utf-8")
    committed = path.read_text("utf-8")
    if fresh != committed:
        fresh_lines, committed_lines = fresh.splitlines(), committed.splitlines()
        at = next((i for i, (a, b) in enumerate(zip(fresh_lines, committed_lines,
                                                    strict=False)) if a != b),
                  min(len(fresh_lines), len(committed_lines)))
        title = next((line for line in reversed(committed_lines[:at + 1])
                      if line.startswith("==== ")), "")
        pytest.fail(f"tests/data/golden/{case}.txt differs at line {at + 1} ({title[5:]}):\n"
                    f"  committed: {committed_lines[at] if at < len(committed_lines) else ''}\n"
                    f"  now:       {fresh_lines[at] if at < len(fresh_lines) else ''}\n"
                    "if the change is meant, write the files again (see this module's "
                    "docstring) and read the diff")


def test_the_hands_end_as_named() -> None:
    endings = {name: build()[-1].result for name, build in HANDS.items()}
    kinds = {name: (result.kind.value if result else None) for name, result in endings.items()}
    assert kinds == {"knock": "knock", "gin": "gin", "big-gin": "big gin",
                     "undercut": "knock", "dead": "dead", "eleven-cards": "knock"}, kinds
    first = HANDS["eleven-cards"]()[0]
    assert (first.upcard, first.phase.value, len(first.cards(1))) == (None, "discard", 11)
