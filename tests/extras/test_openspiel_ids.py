"""The action-id mapping against OpenSpiel's own gin_rummy: the ids of every action of
random OpenSpiel hands are what to_openspiel_actions says."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from ginrules.actions import Action  # noqa: E402
from ginrules.interop.openspiel import (  # noqa: E402
    action_from_openspiel,
    from_openspiel,
    to_openspiel_actions,
)


def test_openspiel_histories_use_the_mapped_ids() -> None:
    game = pyspiel.load_game("gin_rummy")
    rng = np.random.default_rng(11)
    compared = knocks = 0
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                legal = np.array(state.legal_actions())
                knock = legal[legal == 55]
                state.apply_action(int(knock[0] if len(knock) else rng.choice(legal)))
        history = state.history()
        record = from_openspiel(history)
        i = 21
        for text in record["hands"][0]["actions"]:
            words = text.split()[1:]
            if words[:2] == ["draw", "stock"]:
                words = words[:2]  # the record names the card drawn; the action does not
            action = Action.parse(" ".join(words))
            ids = to_openspiel_actions(action)
            assert tuple(history[i : i + len(ids)]) == ids, (text, history[i : i + 3])
            assert action_from_openspiel(ids, action.phase) == action
            i += len(ids) + (1 if ids == (53,) else 0)  # the stock card is a chance outcome
            compared += 1
            knocks += action.kind.value == "knock"
    assert compared > 500 and knocks > 0
