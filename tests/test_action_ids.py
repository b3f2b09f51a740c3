"""Action ids: the stable 109-id table, its inverse, and the legal-action masks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrules
from ginrules.actions import Action, ActionKind
from ginrules.cards import CARDS
from ginrules.errors import ActionNotationError, GinRulesError, WrongTypeError
from ginrules.game import random_policies
from ginrules.interop.ids import NUM_ACTIONS, action_from_id, legal_action_ids, legal_action_mask
from strategies import every_pair, hand_of


def test_the_table_is_the_documented_one() -> None:
    assert [Action.from_index(i) for i in range(4)] == [
        Action(ActionKind.TAKE), Action(ActionKind.PASS), Action(ActionKind.DRAW_STOCK),
        Action(ActionKind.DRAW_DISCARD)]
    for card in CARDS:
        assert Action(ActionKind.DISCARD, card).index == 4 + card.index
        assert Action(ActionKind.KNOCK, card).index == 56 + card.index
    assert Action(ActionKind.BIG_GIN).index == 108 == NUM_ACTIONS - 1
    assert str(Action.from_index(4)) == "discard AC"
    assert str(Action.from_index(55)) == "discard KS"
    assert str(Action.from_index(107)) == "knock KS"


def test_every_id_round_trips() -> None:
    ids = [Action.from_index(i).index for i in range(NUM_ACTIONS)]
    assert ids == list(range(NUM_ACTIONS))
    assert len({Action.from_index(i) for i in range(NUM_ACTIONS)}) == NUM_ACTIONS
    assert action_from_id(60) == Action.from_index(60)


@pytest.mark.parametrize("bad", [-1, 109, 1.0, "3", True, None])
def test_a_bad_id_is_an_actionable_error(bad: object) -> None:
    with pytest.raises(ActionNotationError, match=r"0\.\.108"):
        Action.from_index(bad)  # type: ignore[arg-type]


def test_the_mask_marks_exactly_the_legal_actions_along_playouts() -> None:
    for seed in range(20):
        rules = ginrules.rules(("classic", "oklahoma", "openspiel")[seed % 3])
        state = ginrules.deal(rules, seed=seed, dealer=seed % 2)
        choose, _ = random_policies(seed)
        while not state.is_over:
            mask = legal_action_mask(state)
            assert len(mask) == NUM_ACTIONS and set(mask) <= {0, 1}
            legal = set(state.legal_actions())
            assert {Action.from_index(i) for i, m in enumerate(mask) if m} == legal
            assert legal_action_ids(state) == tuple(sorted(a.index for a in legal))
            assert legal_action_mask(state.view(state.turn)) == mask
            assert sum(legal_action_mask(state.view(1 - state.turn))) == 0
            state = state.apply(choose(state, state.turn))
        assert sum(legal_action_mask(state)) == 0


@every_pair(examples=40)
@given(st.data())
def test_the_mask_marks_exactly_the_legal_actions_up_to_every_ending(
        pair: tuple[str, str], data: st.DataObject) -> None:
    """Replayed to every ending (built for it, under every preset) and along random hands."""
    end = data.draw(hand_of(pair))
    state = ginrules.deal(end.rules, deck=end.deck, dealer=end.dealer)
    for player, action in end.actions:
        mask = legal_action_mask(state)
        assert {Action.from_index(i) for i, m in enumerate(mask) if m} == set(
            state.legal_actions())
        assert mask[action.index] == 1
        assert legal_action_mask(state.view(player)) == mask
        state = state.apply(action, player=player)
    assert sum(legal_action_mask(state)) == 0


def test_the_mask_of_a_game_says_to_pass_its_hand() -> None:
    game = ginrules.new_game(ginrules.rules("classic"), seed=1)
    with pytest.raises(GinRulesError, match=r"game\.hand"):
        legal_action_mask(game)  # type: ignore[arg-type]


def test_openspiel_action_ids_round_trip() -> None:
    from ginrules.interop.openspiel import action_from_openspiel, to_openspiel_actions

    for i in range(NUM_ACTIONS):
        action = Action.from_index(i)
        if action.kind is ActionKind.BIG_GIN:
            with pytest.raises(ActionNotationError, match="no big gin"):
                to_openspiel_actions(action)
            continue
        ids = to_openspiel_actions(action)
        assert action_from_openspiel(ids, action.phase) == action
    with pytest.raises(ActionNotationError, match="over"):
        action_from_openspiel([52], ginrules.Phase.OVER)
    with pytest.raises(ActionNotationError, match=r"54 \(pass\)"):
        action_from_openspiel([53], ginrules.Phase.OFFER)


def test_the_mask_of_a_game_names_its_type() -> None:
    with pytest.raises(WrongTypeError) as error:
        legal_action_mask(ginrules.new_game(ginrules.rules("classic"), seed=1))  # type: ignore[arg-type]
    assert str(error.value) == ("a legal-action mask is of a HandState or a View, not "
                                "GameState (for a game, pass game.hand)")
