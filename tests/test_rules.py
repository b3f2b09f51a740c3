"""Rule sets: validation of every field, evolve, the presets pinned to RULES.md, helpers."""

from __future__ import annotations

import attrs
import pytest

from ginrules import (
    PRESETS,
    GinRulesError,
    LineBonusTo,
    NextDealer,
    Opening,
    RuleSet,
    RuleSetError,
    ShutoutRule,
    SpadeDoubling,
    parse_card,
    rules,
)

# -- validation -------------------------------------------------------------------------

INT_FIELDS = {  # field: minimum
    "knock_limit": 0,
    "undercut_bonus": 0,
    "gin_bonus": 0,
    "line_bonus": 0,
    "game_bonus": 0,
    "shutout_bonus": 0,
    "target": 1,
    "dead_hand_stock": 0,
}
OPTIONAL_INT_FIELDS = {"big_gin_bonus": 0, "max_turns": 1}
BOOL_FIELDS = ["oklahoma", "undercut_on_tie", "may_discard_taken_card", "auto_layout"]
ENUM_FIELDS = {
    "spade_doubling": SpadeDoubling,
    "line_bonus_to": LineBonusTo,
    "shutout": ShutoutRule,
    "dealer_after_hand": NextDealer,
    "dealer_after_dead_hand": NextDealer,
    "opening": Opening,
}


def test_every_field_is_covered() -> None:
    names = {f.name for f in attrs.fields(RuleSet)}
    covered = set(INT_FIELDS) | set(OPTIONAL_INT_FIELDS) | set(BOOL_FIELDS) | set(ENUM_FIELDS)
    assert names == covered


def test_rule_set_error_is_a_gin_rules_error_and_a_value_error() -> None:
    assert issubclass(RuleSetError, GinRulesError)
    assert issubclass(RuleSetError, ValueError)


@pytest.mark.parametrize("field", sorted({**INT_FIELDS, **OPTIONAL_INT_FIELDS}))
@pytest.mark.parametrize("bad", ["10", 10.0, 2.5, True, False, [3], object()])
def test_int_fields_reject_non_ints(field: str, bad: object) -> None:
    with pytest.raises(RuleSetError, match=field):
        RuleSet(**{field: bad})


@pytest.mark.parametrize("field", sorted(INT_FIELDS))
def test_int_fields_reject_none(field: str) -> None:
    with pytest.raises(RuleSetError, match=field):
        RuleSet(**{field: None})


@pytest.mark.parametrize(("field", "minimum"), sorted({**INT_FIELDS, **OPTIONAL_INT_FIELDS}.items()))
def test_int_fields_minimum(field: str, minimum: int) -> None:
    with pytest.raises(RuleSetError, match=rf"{field} must be an int >= {minimum}, not {minimum - 1}"):
        RuleSet(**{field: minimum - 1})
    with pytest.raises(RuleSetError, match=field):
        RuleSet(**{field: -100})
    assert getattr(RuleSet(**{field: minimum}), field) == minimum
    assert getattr(RuleSet(**{field: minimum + 7}), field) == minimum + 7


@pytest.mark.parametrize("field", sorted(OPTIONAL_INT_FIELDS))
def test_optional_int_fields_accept_none(field: str) -> None:
    assert getattr(RuleSet(**{field: None}), field) is None


@pytest.mark.parametrize("field", BOOL_FIELDS)
@pytest.mark.parametrize("bad", [0, 1, "yes", "True", None, 1.0])
def test_bool_fields_reject_non_bools(field: str, bad: object) -> None:
    with pytest.raises(RuleSetError, match=rf"{field} must be True or False"):
        RuleSet(**{field: bad})


@pytest.mark.parametrize("field", BOOL_FIELDS)
def test_bool_fields_accept_bools(field: str) -> None:
    assert getattr(RuleSet(**{field: True}), field) is True
    assert getattr(RuleSet(**{field: False}), field) is False


@pytest.mark.parametrize(("field", "kind"), sorted(ENUM_FIELDS.items()))
@pytest.mark.parametrize("bad", ["triple", "", "OFF", 3, None, "whole score"])
def test_enum_fields_reject_unknown_values(field: str, kind: type, bad: object) -> None:
    article = "an" if kind.__name__[0] in "AEIOU" else "a"  # (an Opening)
    with pytest.raises(RuleSetError, match=rf"is not {article} {kind.__name__}; choose one of"):
        RuleSet(**{field: bad})


@pytest.mark.parametrize(("field", "kind"), sorted(ENUM_FIELDS.items()))
def test_enum_fields_reject_another_enums_member(field: str, kind: type) -> None:
    other = ShutoutRule.NONE if kind is not ShutoutRule else SpadeDoubling.OFF
    with pytest.raises(RuleSetError):
        RuleSet(**{field: other})


@pytest.mark.parametrize(("field", "kind"), sorted(ENUM_FIELDS.items()))
def test_enum_fields_accept_members_and_their_text(field: str, kind: type) -> None:
    for member in kind:
        if field == "dealer_after_dead_hand" and member in (NextDealer.WINNER, NextDealer.LOSER):
            continue
        assert getattr(RuleSet(**{field: member}), field) is member
        assert getattr(RuleSet(**{field: member.value}), field) is member


@pytest.mark.parametrize("who", [NextDealer.WINNER, NextDealer.LOSER, "winner", "loser"])
def test_dead_hand_has_no_winner_or_loser_dealer(who: object) -> None:
    with pytest.raises(RuleSetError, match="a dead hand has no winner"):
        RuleSet(dealer_after_dead_hand=who)


@pytest.mark.parametrize("changes", [{"oklahoma": True},
                                     {"spade_doubling": SpadeDoubling.WHOLE_SCORE},
                                     {"spade_doubling": "deadwood-only"}])
def test_the_eleven_cards_opening_has_no_upcard_to_read(changes: dict[str, object]) -> None:
    """Oklahoma's knock limit and the spade doubling read the first upcard, which the
    eleven-cards opening never turns: the two cannot be combined."""
    rule = next(iter(changes))
    with pytest.raises(RuleSetError, match=rf"^{rule} reads the first upcard, and the "
                       r"'eleven-cards' opening turns none: play it with opening='upcard'$"):
        RuleSet(opening="eleven-cards", **changes)  # type: ignore[arg-type]
    with pytest.raises(RuleSetError, match=rule):
        rules("rlcard", **changes)
    assert RuleSet(opening="upcard", **changes).opening is Opening.UPCARD  # type: ignore[arg-type]


def test_dead_hand_stock_at_most_31() -> None:
    assert RuleSet(dead_hand_stock=31).dead_hand_stock == 31
    with pytest.raises(RuleSetError, match="dead_hand_stock must be at most 31"):
        RuleSet(dead_hand_stock=32)


def test_rule_set_is_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        RuleSet().target = 5  # type: ignore[misc]


def test_rule_set_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        RuleSet(10)  # type: ignore[misc]


# -- evolve ------------------------------------------------------------------------------


def test_evolve_changes_one_setting() -> None:
    base = rules("classic")
    changed = base.evolve(target=250)
    assert changed.target == 250
    assert base.target == 100
    assert attrs.evolve(changed, target=100) == base


@pytest.mark.parametrize(
    "changes",
    [
        {"undercut_bonus": -5},
        {"knock_limit": "ten"},
        {"oklahoma": 1},
        {"shutout": "triple"},
        {"target": 0},
        {"dead_hand_stock": 40},
        {"dealer_after_dead_hand": "winner"},
        {"max_turns": 0},
        {"big_gin_bonus": True},
    ],
)
def test_evolve_validates_again(changes: dict[str, object]) -> None:
    with pytest.raises(RuleSetError):
        rules("classic").evolve(**changes)
    with pytest.raises(RuleSetError):
        attrs.evolve(rules("classic"), **changes)


def test_evolve_rejects_unknown_settings() -> None:
    with pytest.raises(RuleSetError, match=r"unknown setting 'knock_card'; the settings are knock_limit"):
        rules("classic").evolve(knock_card=10)
    with pytest.raises(RuleSetError, match="unknown setting 'aaa'"):
        rules("classic").evolve(target=50, aaa=1, zzz=2)


def test_evolve_converts_enum_text() -> None:
    changed = rules("classic").evolve(spade_doubling="deadwood-only")
    assert changed.spade_doubling is SpadeDoubling.DEADWOOD_ONLY


# -- presets -----------------------------------------------------------------------------

CLASSIC = {
    "knock_limit": 10,
    "oklahoma": False,
    "spade_doubling": SpadeDoubling.OFF,
    "undercut_bonus": 25,
    "undercut_on_tie": True,
    "gin_bonus": 25,
    "big_gin_bonus": 31,
    "line_bonus": 25,
    "line_bonus_to": LineBonusTo.EACH,
    "game_bonus": 100,
    "shutout": ShutoutRule.DOUBLE_HAND_POINTS,
    "shutout_bonus": 0,
    "target": 100,
    "dead_hand_stock": 2,
    "dealer_after_hand": NextDealer.ALTERNATE,
    "dealer_after_dead_hand": NextDealer.SAME,
    "may_discard_taken_card": False,
    "max_turns": None,
    "auto_layout": True,
    "opening": Opening.UPCARD,
}
EXPECTED_PRESETS = {
    "classic": CLASSIC,
    "straight": {**CLASSIC, "knock_limit": 0},
    "oklahoma": {
        **CLASSIC,
        "oklahoma": True,
        "spade_doubling": SpadeDoubling.DEADWOOD_ONLY,
        "target": 150,
    },
    "short": {**CLASSIC, "target": 50},
    "dutch-howto": {**CLASSIC, "line_bonus_to": LineBonusTo.WINNER, "big_gin_bonus": None},
    "dutch": {**CLASSIC, "undercut_bonus": 20, "big_gin_bonus": None,
              "may_discard_taken_card": True, "auto_layout": False},
    "dutch-oklahoma": {
        **CLASSIC,
        "undercut_bonus": 20,
        "oklahoma": True,
        "spade_doubling": SpadeDoubling.DEADWOOD_ONLY,
        "big_gin_bonus": None,
        "may_discard_taken_card": True,
        "auto_layout": False,
    },
    "polish": {
        **CLASSIC,
        "line_bonus": 0,
        "game_bonus": 0,
        "shutout": ShutoutRule.NONE,
        "big_gin_bonus": None,
        "dealer_after_dead_hand": NextDealer.ALTERNATE,
    },
    "eaai": {
        **CLASSIC,
        "big_gin_bonus": None,
        "line_bonus": 0,
        "game_bonus": 0,
        "shutout": ShutoutRule.NONE,
        "auto_layout": False,
    },
    "openspiel": {
        **CLASSIC,
        "undercut_on_tie": False,
        "big_gin_bonus": None,
        "line_bonus": 0,
        "game_bonus": 0,
        "shutout": ShutoutRule.NONE,
        "may_discard_taken_card": True,
        "auto_layout": False,
    },
    "rlcard": {
        **CLASSIC,
        "opening": Opening.ELEVEN_CARDS,
        "big_gin_bonus": None,
        "line_bonus": 0,
        "game_bonus": 0,
        "shutout": ShutoutRule.NONE,
        "max_turns": 100,
    },
}


def test_preset_names() -> None:
    assert list(PRESETS) == list(EXPECTED_PRESETS)


@pytest.mark.parametrize("name", sorted(EXPECTED_PRESETS))
def test_preset_settings(name: str) -> None:
    preset = rules(name)
    assert preset is PRESETS[name]
    assert attrs.asdict(preset, recurse=False) == EXPECTED_PRESETS[name]


def test_classic_is_the_default() -> None:
    assert rules("classic") == RuleSet()


def test_straight_is_classic_with_gin_only() -> None:
    assert rules("classic").evolve(knock_limit=0) == rules("straight")


def test_rules_with_overrides() -> None:
    dutch200 = rules("dutch", target=200)
    assert dutch200.target == 200
    assert dutch200 == attrs.evolve(PRESETS["dutch"], target=200)
    assert PRESETS["dutch"].target == 100  # the preset is untouched
    assert rules("classic", knock_limit=0, target=50) == RuleSet(knock_limit=0, target=50)
    assert rules("polish", shutout="flat-bonus").shutout is ShutoutRule.FLAT_BONUS


def test_rules_overrides_are_validated() -> None:
    with pytest.raises(RuleSetError, match="undercut_bonus"):
        rules("classic", undercut_bonus=-1)
    with pytest.raises(RuleSetError, match="unknown setting 'bonus'"):
        rules("classic", bonus=3)


@pytest.mark.parametrize("name", ["gin-only", "", "hollywood", None, 3, ["classic"]])
def test_unknown_preset(name: object) -> None:
    with pytest.raises(RuleSetError, match=r"unknown rule set .*; the presets are classic, straight"):
        rules(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["Classic", "CLASSIC", " classic ", "Dutch-Oklahoma"])
def test_preset_names_are_case_insensitive(name: str) -> None:
    assert rules(name) == rules(name.strip().lower())


# -- knock_limit_for, doubles, to_dict ---------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [
        ("AS", 0), ("AH", 0), ("2C", 2), ("3D", 3), ("7S", 7), ("9H", 9),
        ("TC", 10), ("JD", 10), ("QH", 10), ("KS", 10),
    ],
)
def test_oklahoma_knock_limit(upcard: str, limit: int) -> None:
    card = parse_card(upcard)
    assert rules("oklahoma").knock_limit_for(card) == limit
    assert rules("dutch-oklahoma").knock_limit_for(card) == limit
    # the knock_limit field does not matter under Oklahoma
    assert rules("oklahoma", knock_limit=0).knock_limit_for(card) == limit
    # and the upcard does not matter otherwise
    assert rules("classic").knock_limit_for(card) == 10
    assert rules("straight").knock_limit_for(card) == 0
    assert rules("classic", knock_limit=7).knock_limit_for(card) == 7


def test_oklahoma_needs_an_upcard() -> None:
    with pytest.raises(RuleSetError, match="Oklahoma rules need the first upcard"):
        rules("oklahoma").knock_limit_for(None)
    assert rules("classic").knock_limit_for(None) == 10


@pytest.mark.parametrize(
    ("name", "upcard", "expected"),
    [
        ("oklahoma", "7S", True),
        ("oklahoma", "KS", True),
        ("oklahoma", "AS", True),
        ("oklahoma", "7H", False),
        ("oklahoma", "7C", False),
        ("oklahoma", None, False),
        ("dutch-oklahoma", "2S", True),
        ("dutch", "2D", False),
        ("classic", "7S", False),
        ("straight", "7S", False),
        ("polish", "7S", False),
        ("openspiel", "7S", False),
    ],
)
def test_doubles(name: str, upcard: str | None, expected: bool) -> None:
    card = None if upcard is None else parse_card(upcard)
    assert rules(name).doubles(card) is expected


def test_doubles_follows_the_setting_not_oklahoma() -> None:
    spade = parse_card("5S")
    assert rules("classic", spade_doubling="whole-score").doubles(spade)
    assert not rules("oklahoma", spade_doubling="off").doubles(spade)


@pytest.mark.parametrize("name", sorted(EXPECTED_PRESETS))
def test_to_dict(name: str) -> None:
    as_dict = rules(name).to_dict()
    expected = {
        k: (v.value if hasattr(v, "value") else v) for k, v in EXPECTED_PRESETS[name].items()
    }
    assert as_dict == expected
    assert list(as_dict) == [f.name for f in attrs.fields(RuleSet)]
    # JSON-ready: plain values only, and it round-trips through the constructor
    assert all(v is None or type(v) in (int, bool, str) for v in as_dict.values())
    assert RuleSet(**as_dict) == rules(name)


def test_to_dict_enum_values() -> None:
    d = rules("dutch-oklahoma").to_dict()
    assert d["spade_doubling"] == "deadwood-only"
    assert d["shutout"] == "double-hand-points"
    assert d["dealer_after_hand"] == "alternate"
    assert d["dealer_after_dead_hand"] == "same"
    assert d["big_gin_bonus"] is None
