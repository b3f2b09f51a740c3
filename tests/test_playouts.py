"""Random legal playouts from random deals under every preset: invariants of the engine."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrules import (
    CARDS,
    PRESETS,
    Action,
    ActionKind,
    EndKind,
    HandState,
    IllegalActionError,
    Phase,
    deadwood,
    rules,
)
from ginrules import hand as h

UNIVERSE: tuple[Action, ...] = (
    *(Action(k) for k in ActionKind if k not in (ActionKind.DISCARD, ActionKind.KNOCK)),
    *(Action(ActionKind.DISCARD, c) for c in CARDS),
    *(Action(ActionKind.KNOCK, c) for c in CARDS),
)


def snapshot(state: HandState) -> tuple[object, ...]:
    return tuple(getattr(state, f.name) for f in attrs.fields(HandState))


def check_cards(state: HandState) -> None:
    every = [*state.cards(0), *state.cards(1), *state.stock, *state.discard_pile]
    assert len(every) == 52
    assert Counter(every) == Counter(CARDS)


def check_universe(state: HandState) -> None:
    legal = set(h.legal_actions(state))
    for action in UNIVERSE:
        if action in legal:
            assert h.is_legal(state, action), action
            h.apply(state, action)
            h.apply(state, str(action))
        else:
            assert not h.is_legal(state, action), action
            try:
                h.apply(state, action)
            except IllegalActionError as error:
                assert error.action == action
                assert error.phase == state.phase.value and error.player == state.turn
            else:
                raise AssertionError(f"{action} was applied but is not legal")


def playout(state: HandState, rnd: random.Random, eager: float,
            universe_checks: int) -> list[HandState]:
    states = [state]
    check_at = set(rnd.sample(range(80), universe_checks))
    step = 0
    while not state.is_over:
        legal = h.legal_actions(state)
        assert legal, state
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert h.is_legal(state, action)
        if step in check_at:
            check_universe(state)
        ends = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)]
        action = rnd.choice(ends) if ends and rnd.random() < eager else rnd.choice(legal)
        new = h.apply(state, action)
        assert new.actions == (*state.actions, (state.turn, action))
        check_cards(new)
        state = new
        states.append(state)
        step += 1
    return states


def check_hand(states: list[HandState], snapshots: list[tuple[object, ...]]) -> None:
    final = states[-1]
    the_rules = final.rules
    # nothing was mutated along the way
    for state, snap in zip(states, snapshots, strict=True):
        assert snapshot(state) == snap
    result = final.result
    assert result is not None
    assert final.phase is Phase.OVER and h.legal_actions(final) == ()
    assert result.dealer == final.dealer and result.upcard == final.upcard
    assert result.knock_limit == final.knock_limit == the_rules.knock_limit_for(final.upcard)
    discards = [s for s in states[1:] if s.actions[-1][1].kind is ActionKind.DISCARD]
    for s in discards:
        if s is not final:  # an ordinary discard that did not end the hand
            assert s.stock_size > the_rules.dead_hand_stock
    if result.kind is EndKind.DEAD:
        assert final.actions[-1][1].kind is ActionKind.DISCARD
        capped = the_rules.max_turns is not None and final.turns >= the_rules.max_turns
        assert final.stock_size <= the_rules.dead_hand_stock or capped
        assert result.knocker is None
    else:
        last_player, last = final.actions[-1]
        assert result.knocker == last_player
        assert last.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)
        knocker_cards = final.cards(last_player)
        assert len(knocker_cards) == (11 if last.kind is ActionKind.BIG_GIN else 10)
        assert result.knocker_deadwood == deadwood(knocker_cards)
        assert result.knocker_deadwood <= final.knock_limit
        assert (result.kind is EndKind.KNOCK) == (result.knocker_deadwood > 0)
        if last.kind is ActionKind.BIG_GIN:
            assert result.kind is EndKind.BIG_GIN and the_rules.big_gin_bonus is not None
        if result.kind is not EndKind.KNOCK:
            assert result.layoffs == ()


@settings(deadline=None)  # the profile's max_examples (200; 300 under ci)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**64 - 1),
    dealer=st.integers(0, 1),
    rnd=st.randoms(use_true_random=False),
    eager=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_random_playouts(name: str, seed: int, dealer: int, rnd: random.Random,
                         eager: float) -> None:
    state = h.deal(rules(name), seed=seed, dealer=dealer)
    check_cards(state)
    states = playout(state, rnd, eager, universe_checks=0)
    snapshots = [snapshot(s) for s in states]
    # replaying from the start gives the same states (determinism, nothing shared)
    replay = state
    for (_, action), expected in zip(states[-1].actions, states[1:], strict=True):
        replay = h.apply(replay, action)
        assert replay == expected
    check_hand(states, snapshots)


@settings(max_examples=100, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**64 - 1),
    rnd=st.randoms(use_true_random=False),
    dead_hand_stock=st.integers(0, 31),
    max_turns=st.one_of(st.none(), st.integers(1, 40)),
    may_discard=st.booleans(),
)
def test_playouts_with_changed_rules(name: str, seed: int, rnd: random.Random,
                                     dead_hand_stock: int, max_turns: int | None,
                                     may_discard: bool) -> None:
    the_rules = rules(name, dead_hand_stock=dead_hand_stock, max_turns=max_turns,
                      may_discard_taken_card=may_discard)
    state = h.deal(the_rules, seed=seed, dealer=seed % 2)
    states = playout(state, rnd, 0.0, universe_checks=0)
    snapshots = [snapshot(s) for s in states]
    check_hand(states, snapshots)


@settings(max_examples=50, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**64 - 1),
    rnd=st.randoms(use_true_random=False),
    eager=st.sampled_from([0.0, 0.5]),
)
def test_the_action_universe(name: str, seed: int, rnd: random.Random, eager: float) -> None:
    """Every legal action applies; every other action is refused (at a few random points,
    always including the offer)."""
    state = h.deal(rules(name), seed=seed, dealer=seed % 2)
    check_universe(state)
    states = playout(state, rnd, eager, universe_checks=4)
    check_universe(states[-1])
    check_hand(states, [snapshot(s) for s in states])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), rnd=st.randoms(use_true_random=False))
def test_the_taken_card_is_never_discarded(seed: int, rnd: random.Random) -> None:
    state = h.deal(rules("classic"), seed=seed)
    states = playout(state, rnd, 0.0, universe_checks=0)
    for before, after in itertools.pairwise(states):
        _, action = after.actions[-1]
        if before.taken is not None and action.card is not None:
            assert action.card != before.taken
