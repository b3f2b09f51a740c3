"""The numpy observations: made from a view alone, with the documented planes."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

import ginrules  # noqa: E402
from ginrules.game import random_policies  # noqa: E402
from ginrules.interop.observation import (  # noqa: E402
    OBSERVATION_SIZE,
    PLANES,
    SCALARS,
    encode,
    planes,
    scalars,
)
from ginrules.players import sample_hidden, view  # noqa: E402


def _playout(seed: int, rules: str = "classic") -> list[ginrules.HandState]:
    state = ginrules.deal(ginrules.rules(rules), seed=seed, dealer=seed % 2)
    choose, _ = random_policies(seed)
    out = [state]
    while not state.is_over:
        state = state.apply(choose(state, state.turn))
        out.append(state)
    return out


def _cards(row: object) -> set[ginrules.Card]:
    return {ginrules.CARDS[i] for i in np.flatnonzero(row)}


def test_the_planes_are_the_documented_facts() -> None:
    for seed in range(8):
        for state in _playout(seed, ("classic", "oklahoma")[seed % 2]):
            for player in (0, 1):
                v = view(state, player)
                p = planes(v)
                assert p.shape == (len(PLANES), 52) and p.dtype == np.float32
                assert _cards(p[0]) == set(v.cards)
                assert _cards(p[1]) == set(v.opponent_known)
                assert _cards(p[2]) == set(v.discard_pile)
                assert _cards(p[3]) == ({v.top_discard} if v.top_discard else set())
                events = v.events
                face_up = {v.upcard} | {e.card for e in events if e.card is not None}
                assert _cards(p[4]) == set(v.cards) | face_up
                theirs = [e for e in events if e.player != player]
                assert _cards(p[5]) == {e.card for e in theirs if e.card is not None
                                        and e.action.kind.value in ("discard", "knock")}
                assert _cards(p[6]) == {e.declined for e in theirs if e.declined is not None}
                assert _cards(p[7]) == {v.upcard}
                assert _cards(p[8]) == ({v.taken} if v.taken else set())


def test_the_scalars_are_the_documented_facts() -> None:
    state = ginrules.deal(ginrules.rules("oklahoma"), seed=7, dealer=0)
    v = view(state, 1)
    target = v.rules.target
    s = dict(zip(SCALARS, scalars(v, (target // 2, target // 4)).tolist(), strict=True))
    assert s["phase_offer"] == 1.0 and s["my_turn"] == 1.0 and s["i_dealt"] == 0.0
    assert s["knock_limit"] == pytest.approx(v.knock_limit / 10)
    assert s["stock_size"] == 1.0 and s["my_score"] == pytest.approx(0.5, abs=0.01)
    assert s["opponent_score"] == pytest.approx(0.25, abs=0.01)
    assert scalars(v, (30, 0), target=60)[SCALARS.index("my_score")] == 0.5
    assert s["oklahoma"] == 1.0
    assert encode(v).shape == (OBSERVATION_SIZE,)


def test_hidden_cards_never_reach_an_observation() -> None:
    # states that differ only in what the player cannot see encode alike
    for seed in range(6):
        for state in _playout(seed)[:-1:3]:
            for player in (0, 1):
                v = view(state, player)
                other = sample_hidden(v, seed=seed + 1)
                assert other.masks[1 - player] != state.masks[1 - player] or not v.history
                assert np.array_equal(encode(view(other, player)), encode(v))
