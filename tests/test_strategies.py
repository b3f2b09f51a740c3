"""The shared strategies reach what they are for: every ending under every preset, stated
melds, finished games, records.

If a strategy stops reaching an ending, these tests fail (they do not merely count): each
draws a fixed number of examples, derandomized (the same examples on every run, under
every HYPOTHESIS_PROFILE), and asserts at the end that every ending was among them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import ginrules
from strategies import (
    ENDINGS,
    PRESET_NAMES,
    any_finished_hand,
    built_games,
    ending_of,
    endings_for,
    finished_games,
    finished_hands,
    hand_states,
    layout_of,
    record_games,
    record_hands,
    records_of_games,
)

T = TypeVar("T")


def sample(strategy: st.SearchStrategy[T], n: int, check: Callable[[T], None] = lambda _: None
           ) -> list[T]:
    """``n`` examples of ``strategy``, the same ones on every run (derandomized, no example
    database, whatever the profile), each passed to ``check`` as it is drawn."""
    out: list[T] = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(example: T) -> None:
        check(example)
        out.append(example)

    collect()
    return out


def endings_of_hands(hands: list[ginrules.HandState]) -> Counter[str]:
    return Counter(ending_of(h) if h.is_over else "open" for h in hands)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_ending_of_every_preset_is_built_as_asked(preset: str) -> None:
    the_rules = ginrules.rules(preset)
    for ending in endings_for(preset):
        def check(state: ginrules.HandState, ending: str = ending) -> None:
            assert state.is_over
            assert ending_of(state) == ending, (preset, ending, state.result)
            # the preset's own rules (a dead hand may have a turn cap)
            assert attrs_without_turns(state.rules) == attrs_without_turns(the_rules)
            if ending == "tie":
                score = ginrules.score_hand(state.result, state.rules)  # type: ignore[arg-type]
                assert score.undercut == state.rules.undercut_on_tie
        assert len(sample(finished_hands(ending, preset), 4, check)) == 4


def attrs_without_turns(rules: ginrules.RuleSet) -> dict[str, Any]:
    return {k: v for k, v in rules.to_dict().items() if k != "max_turns"}


def test_endings_for_names_what_each_preset_allows() -> None:
    assert endings_for("classic") == ENDINGS
    assert "big gin" not in endings_for("eaai")
    assert endings_for("straight") == ("gin", "big gin", "dead")
    with pytest.raises(ValueError, match="cannot happen"):
        sample(finished_hands("knock", "straight"), 1)


def test_any_finished_hand_reaches_every_ending_and_stated_melds() -> None:
    hands = sample(any_finished_hand(), 120)
    endings = endings_of_hands(hands)
    assert set(endings) == set(ENDINGS), endings
    layouts = Counter(layout_of(h) for h in hands)
    # the knocker's melds: laid out by the rules, its own, and stated other than its own
    assert {"laid out", "own", "stated"} <= set(layouts), layouts
    assert {h.rules.to_dict()["auto_layout"] for h in hands} == {True, False}


def test_the_record_hands_reach_every_ending_and_every_preset() -> None:
    hands = sample(record_hands, 150)
    endings = endings_of_hands(hands)
    assert set(endings) == set(ENDINGS), endings
    assert min(endings.values()) >= 3, endings
    assert "stated" in {layout_of(h) for h in hands}
    presets = {name for h in hands for name in PRESET_NAMES
               if attrs_without_turns(h.rules) == attrs_without_turns(ginrules.rules(name))}
    assert presets == set(PRESET_NAMES)


def test_the_record_games_finish_and_hold_every_ending() -> None:
    games = sample(record_games, 40)
    finished = sum(g.is_over for g in games)
    assert 10 <= finished < len(games), finished  # finished games, and games in play
    endings = endings_of_hands([h for g in games for h in g.finished])
    assert set(endings) == set(ENDINGS), endings
    assert "stated" in {layout_of(h) for g in games for h in g.finished}


def test_built_games_finish_with_every_ending() -> None:
    def check(game: ginrules.GameState) -> None:
        assert game.is_over and game.winner in (0, 1) and game.seed is None
        assert game.sheet.final_totals()[game.winner] >= game.rules.target

    games = sample(built_games(), 12, check)
    endings = endings_of_hands([h for g in games for h in g.finished])
    assert set(endings) == set(ENDINGS), endings


def test_hand_states_reach_every_phase() -> None:
    states = sample(hand_states(), 40, lambda s: None if s.legal_actions() or s.is_over
                    else pytest.fail(f"no legal action: {s}"))
    assert {s.phase for s in states} == set(ginrules.Phase)


@settings(max_examples=8, deadline=None)
@given(finished_games())
def test_finished_games_finish(game: ginrules.GameState) -> None:
    assert game.is_over and game.winner in (0, 1)
    final = game.sheet.final_totals()
    assert final[game.winner] >= game.rules.target


def test_records_of_games_are_valid_and_hold_every_ending() -> None:
    def check(data: dict[str, Any]) -> None:
        report = ginrules.validate(data)
        assert report.valid, report.problems
        assert data["winner"] in (0, 1)

    records = sample(records_of_games(), 16, check)
    kinds = Counter(h["outcome"]["kind"] for r in records for h in r["hands"])
    assert set(kinds) == {"knock", "gin", "big gin", "dead"}, kinds
    assert any("knocker_melds" in h for r in records for h in r["hands"])
    assert {"deck", "deal"} <= {k for r in records for h in r["hands"] for k in h}
