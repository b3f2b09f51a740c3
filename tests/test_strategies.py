"""The shared strategies reach what they are for: every ending under every preset, stated
melds, finished games, records.

If a strategy stops reaching an ending, these tests fail (they do not merely count): each
draws a fixed number of examples, derandomized (the same examples on every run, under
every HYPOTHESIS_PROFILE), and asserts at the end that every ending was among them."""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import ginrules
from strategies import (
    ENDINGS,
    GAME_PAIRS,
    HAND_PAIRS,
    PRESET_NAMES,
    TABLE,
    any_finished_hand,
    built_games,
    ending_of,
    endings_for,
    finished_games,
    finished_hands,
    game_of,
    hand_of,
    hand_states,
    layout_of,
    pair_id,
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
    # (150: the derandomized examples draw small values first, and with eleven presets
    # the first 130 hold no melds stated other than the knocker's own)
    hands = sample(any_finished_hand(), 150)
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
    # (80: with eleven presets the first 75 derandomized games hold no melds stated
    # other than the knocker's own)
    games = sample(record_games, 80)
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


# -- the census: every test that draws from these strategies covers the whole table -------

#: the tests that draw hands or games from the strategies, and the pairs each must cover
#: (a pair a test skips with its reason counts: the test says by name why it cannot be)
DRAWING_TESTS = {
    "test_records_mutations": {
        "test_valid_records_pass": HAND_PAIRS,
        "test_discarding_a_card_not_in_hand": HAND_PAIRS,
        "test_dropping_an_action": HAND_PAIRS,
        "test_duplicating_an_action": HAND_PAIRS,
        "test_swapping_two_cards_of_the_deal": HAND_PAIRS,
        "test_changing_the_declared_outcome": HAND_PAIRS,
        "test_a_card_written_badly": HAND_PAIRS,
        # (the presets where the knocker lays out its own hand, and the record states it)
        "test_a_stated_meld_with_a_card_taken_out": tuple(
            (p, e) for p, e in TABLE if not ginrules.rules(p).auto_layout),
    },
    "test_observed": {"test_the_view_equals_the_real_view_at_every_event": HAND_PAIRS},
    "test_hand": {
        "test_every_card_is_in_one_place_and_the_pile_is_what_was_thrown_and_not_taken":
            HAND_PAIRS},
    "test_action_ids": {
        "test_the_mask_marks_exactly_the_legal_actions_up_to_every_ending": HAND_PAIRS},
    "test_records_schema": {
        "test_the_validator_and_the_schema_agree": HAND_PAIRS,
        "test_every_written_record_is_valid_and_satisfies_the_schema": HAND_PAIRS},
    "test_view_records": {"test_honest_views_are_valid_and_their_forgeries_are_not": HAND_PAIRS},
    "test_records": {"test_round_trip_every_preset": GAME_PAIRS},
    "test_game": {"test_finished_games_of_every_ending_keep_every_invariant": tuple(
        pair for pair in GAME_PAIRS if pair[1] != "open")},
    "test_metamorphic": {
        "test_swapping_the_seats_mirrors_a_hand": HAND_PAIRS,
        "test_swapping_the_seats_mirrors_the_rewards": HAND_PAIRS,
        "test_relabelling_the_suits_changes_only_the_names_of_cards": HAND_PAIRS,
        "test_swapping_the_seats_mirrors_a_game": GAME_PAIRS,
        "test_swapping_the_seats_mirrors_every_record_check": GAME_PAIRS,
        "test_every_check_on_one_player_is_made_on_the_other": GAME_PAIRS,
        "test_a_record_validated_dumped_and_read_again_validates_the_same": GAME_PAIRS,
    },
}

#: the strategies that draw the (preset, ending) pair at random: a test that draws from
#: them would leave pairs to chance (tests/test_strategies.py itself measures them)
RANDOM_PAIRS = ("record_hands", "record_games", "any_finished_hand", "finished_games",
                "built_games", "records_of_games")


def pairs_of(test: Any) -> list[tuple[str, str]]:
    """The pairs a test is parametrized over (skipped ones included)."""
    for mark in getattr(test, "pytestmark", []):
        if mark.name == "parametrize" and mark.args[0] == "pair":
            return [p.values[0] if hasattr(p, "values") else p for p in mark.args[1]]
    return []


def test_the_table_is_every_pair_a_hand_can_have() -> None:
    assert len(TABLE) == len(set(TABLE)) == sum(len(endings_for(p)) for p in PRESET_NAMES)
    assert ("classic", "big gin") in TABLE and ("eaai", "big gin") not in TABLE
    assert ("straight", "knock") not in TABLE and ("oklahoma", "undercut") in TABLE
    assert set(HAND_PAIRS) - set(TABLE) == {(p, "played") for p in PRESET_NAMES}


@pytest.mark.parametrize("module", sorted(DRAWING_TESTS))
def test_every_test_that_draws_covers_every_pair(module: str) -> None:
    """Each test that draws from the strategies is parametrized over its whole table, and
    draws as many examples of each pair as the profile allows (at least one)."""
    tests = importlib.import_module(module)
    for name, wanted in DRAWING_TESTS[module].items():
        test = getattr(tests, name)
        assert set(pairs_of(test)) >= set(wanted), (module, name)
        assert test.hypothesis.inner_test is not None  # (a property: it draws each pair)


def test_no_test_leaves_the_pair_to_chance() -> None:
    """Only this file (and the census script) draws from the strategies that pick the
    pair at random; every other test uses hand_of or game_of over the table."""
    here = Path(__file__).parent
    for path in sorted(here.glob("**/test_*.py")):
        if path.name == "test_strategies.py":
            continue
        text = path.read_text(encoding="utf-8")
        for name in RANDOM_PAIRS:
            assert not re.search(rf"\b{name}\b", text), (path.name, name)
    # and every test that draws hand_of or game_of is in the census above
    for path in sorted(here.glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        imported = " ".join(re.findall(r"from strategies import (\([^)]*\)|[^\n]*)", text))
        if path.name != "test_strategies.py" and re.search(r"\b(hand_of|game_of)\b",
                                                           imported):
            assert path.stem in DRAWING_TESTS, path.name


@pytest.mark.parametrize("pair", HAND_PAIRS, ids=pair_id)
def test_each_pair_builds_a_hand_of_it(pair: tuple[str, str]) -> None:
    preset, ending = pair
    (state,) = sample(hand_of(pair), 1)
    assert attrs_without_turns(state.rules) == attrs_without_turns(ginrules.rules(preset))
    assert state.is_over
    if ending != "played":
        assert ending_of(state) == ending


@pytest.mark.parametrize("pair", GAME_PAIRS, ids=pair_id)
def test_each_pair_builds_a_game_of_it(pair: tuple[str, str]) -> None:
    preset, ending = pair
    (game,) = sample(game_of(pair), 1)
    assert attrs_without_turns(game.rules) == attrs_without_turns(
        ginrules.rules(preset, target=game.rules.target))
    if ending == "open":
        assert not game.is_over
    else:
        assert game.is_over
    if ending not in ("open", "played"):
        assert ending_of(game.finished[0]) == ending
