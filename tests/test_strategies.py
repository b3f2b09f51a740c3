"""The shared strategies reach what they are for: every ending, finished games, records.

If a strategy stops reaching a rare ending, these tests fail (they do not merely count)."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import ginrules
from strategies import (
    ENDINGS,
    any_finished_hand,
    ending_of,
    finished_games,
    finished_hands,
    hand_states,
    records_of_games,
)


@pytest.mark.parametrize("ending", ENDINGS)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_each_ending_is_built_as_asked(ending: str, data: st.DataObject) -> None:
    preset = data.draw(st.sampled_from(["classic", "polish", "dutch", "eaai"]))
    state = data.draw(finished_hands(ending, preset))
    assert state.is_over
    assert ending_of(state) == ending, (ending, state.result)
    if ending == "tie":
        score = ginrules.score_hand(state.result, state.rules)
        assert score.undercut == state.rules.undercut_on_tie


@settings(max_examples=30, deadline=None)
@given(any_finished_hand())
def test_any_finished_hand_covers_the_endings(state: ginrules.HandState) -> None:
    event(ending_of(state))
    assert state.result is not None


@settings(max_examples=20, deadline=None)
@given(hand_states())
def test_hand_states_reach_every_phase(state: ginrules.HandState) -> None:
    event(state.phase.value)
    assert state.legal_actions() or state.is_over


@settings(max_examples=8, deadline=None)
@given(finished_games())
def test_finished_games_finish(game: ginrules.GameState) -> None:
    assert game.is_over and game.winner in (0, 1)
    final = game.sheet.final_totals()
    assert final[game.winner] >= game.rules.target


@settings(max_examples=5, deadline=None)
@given(records_of_games())
def test_records_of_games_are_valid(data: dict[str, object]) -> None:
    assert ginrules.validate(data).valid
    assert data["winner"] in (0, 1)
