"""Bad input to public entry points is an error the user can act on: a GinRulesError
(a ValueError) with a message that says what, or a TypeError for a wrong kind of value."""

from __future__ import annotations

import pytest

import ginrules
from ginrules import (
    Action,
    Card,
    CardNotationError,
    GinRulesError,
    InvalidRecordError,
    hand,
    players,
    records,
)
from ginrules.cards import to_mask
from ginrules.game import hand_seed, new_game, random_policies
from ginrules.interop.openspiel import from_openspiel
from ginrules.simulate import game_seed, simulate

CLASSIC = ginrules.rules("classic")


@pytest.fixture
def state() -> hand.HandState:
    return hand.deal(CLASSIC, seed=7, dealer=0)


@pytest.mark.parametrize(
    ("cards", "mask"),
    [
        # bit card.index = suit * 13 + rank - 1, suits in the order C D H S: 7H is
        # 2 * 13 + 6 = 32, 8H 33, AC 0, KS 3 * 13 + 12 = 51
        ("7H", 1 << 32),
        (["7H", "8H"], 1 << 32 | 1 << 33),
        ("AC KS", 1 | 1 << 51),
        ((), 0),
    ],
)
def test_cards_to_mask_reads_any_cards(cards: object, mask: int) -> None:
    assert ginrules.cards_to_mask(cards) == mask  # type: ignore[arg-type]
    assert to_mask(cards) == mask  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5])
def test_cards_to_mask_says_what_is_wrong(bad: object) -> None:
    with pytest.raises(CardNotationError, match="cards must be"):
        ginrules.cards_to_mask(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("mask", [-1, 1 << 52, 1 << 60])
def test_cards_from_mask_rejects_a_mask_that_is_not_52_bits(mask: int) -> None:
    with pytest.raises(CardNotationError, match="is not a 52-bit mask"):
        ginrules.cards_from_mask(mask)
    with pytest.raises(CardNotationError):
        ginrules.Meld.from_mask(mask)


def test_to_mask_errors_are_card_notation_errors() -> None:
    with pytest.raises(CardNotationError, match="not a bool"):
        to_mask(True)
    with pytest.raises(CardNotationError, match="duplicate card"):
        to_mask("7H 7H")


def test_card_with_a_bad_rank_or_suit() -> None:
    with pytest.raises(CardNotationError, match="rank 14 is not a Rank"):
        Card(14, 0)  # type: ignore[arg-type]
    with pytest.raises(CardNotationError, match="suit 'x' is not a Suit"):
        Card(1, "x")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, 1.5])
def test_action_parse_of_a_non_string(state: hand.HandState, bad: object) -> None:
    with pytest.raises(ginrules.ActionNotationError, match="an action must be an Action or a string"):
        Action.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(ginrules.ActionNotationError, match="an action must be"):
        hand.apply(state, bad)  # type: ignore[arg-type]
    with pytest.raises(ginrules.ActionNotationError, match="an action must be"):
        hand.is_legal(state, bad)  # type: ignore[arg-type]


def test_action_with_an_unknown_kind() -> None:
    with pytest.raises(ginrules.ActionNotationError, match="'fold' is not an ActionKind"):
        Action("fold")  # type: ignore[arg-type]
    assert Action("take") == Action.parse("take")  # type: ignore[arg-type]


def test_a_player_is_0_or_1_not_a_bool(state: hand.HandState) -> None:
    with pytest.raises(GinRulesError, match="there is no player True"):
        state.cards(True)
    with pytest.raises(GinRulesError, match="there is no player True"):
        ginrules.view(state, True)


def test_lay_off_takes_melds_as_cards() -> None:
    arrangement, layoffs = ginrules.lay_off(["4H 5H 6H"], "7H KS")
    assert [str(x) for x in layoffs] == ["7H onto 4H 5H 6H"]
    assert arrangement.deadwood == 10
    with pytest.raises(ginrules.InvalidMeldError):
        ginrules.lay_off(["4H 5H 7H"], "7H")


def test_upcard_as_text_in_rule_questions() -> None:
    oklahoma = ginrules.rules("oklahoma")
    assert oklahoma.knock_limit_for("7S") == 7
    assert oklahoma.doubles("7S") and not oklahoma.doubles("7H")
    with pytest.raises(CardNotationError):
        oklahoma.knock_limit_for("7X")


def test_rules_accepts_a_rule_set() -> None:
    assert ginrules.rules(CLASSIC) is CLASSIC
    assert ginrules.rules(CLASSIC, target=50) == ginrules.rules("short")


def test_rules_must_be_a_rule_set() -> None:
    with pytest.raises(TypeError, match="rules must be a RuleSet"):
        hand.deal(None, seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a RuleSet"):
        new_game("classic", seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a RuleSet"):  # (checked first)
        new_game("classic")  # type: ignore[arg-type]


@pytest.mark.parametrize("call", [
    lambda: new_game(CLASSIC, seed="1"),  # type: ignore[arg-type]
    lambda: hand_seed("1", 0),  # type: ignore[arg-type]
    lambda: random_policies("1"),  # type: ignore[arg-type]
    lambda: game_seed("1", 0),  # type: ignore[arg-type]
    lambda: players.RandomPlayer(seed="1"),  # type: ignore[arg-type]
    lambda: players.make_player("advanced", seed=None),  # type: ignore[arg-type]
    lambda: simulate("classic", ("basic", "basic"), games=1, seed="1"),  # type: ignore[arg-type]
])
def test_a_seed_must_be_an_int(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match="seed must be an int"):
        call()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": None}, "players must be two names"),
    ({"players": "basic"}, "players must be two names"),
    ({"games": True}, "games must be a positive number"),
    ({"workers": 0}, "workers must be a positive number"),
    ({"max_hands": "a"}, "max_hands must be a positive number"),
    ({"max_hands": 0}, "max_hands must be a positive number"),
])
def test_simulate_checks_its_arguments(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"players": ("basic", "basic"), "games": 1}
    args.update(kwargs)
    with pytest.raises(GinRulesError, match=message):
        simulate("classic", **args)  # type: ignore[arg-type]


def test_simulate_names_a_rule_set_by_its_preset() -> None:
    assert simulate(ginrules.rules("short"), ("basic", "basic"), games=1).rules == "short"
    custom = ginrules.rules("short", gin_bonus=30)
    assert simulate(custom, ("basic", "basic"), games=1).rules == "custom"


@pytest.mark.parametrize("source", [None, 5, [], 1.5])
def test_a_record_of_the_wrong_type(source: object) -> None:
    report = ginrules.validate(source)  # type: ignore[arg-type]
    assert not report.valid
    assert "a record is a dict, JSON text, bytes or a path" in report.problems[0].message
    with pytest.raises(InvalidRecordError, match="a record is a dict"):
        ginrules.load(source)  # type: ignore[arg-type]


def test_a_path_object_whose_name_is_bytes_is_refused_in_words() -> None:
    class BytesPath:
        def __fspath__(self) -> bytes:
            return b"/tmp/record.json"

    with pytest.raises(InvalidRecordError, match=r"^a path is a string or a path object, "
                                                 r"not bytes$"):
        ginrules.load(BytesPath())  # type: ignore[arg-type]
    report = ginrules.validate(BytesPath())  # type: ignore[arg-type]
    assert report.problems[0].code == "unreadable"
    assert report.source == "/tmp/record.json"  # named in text, as the report's source is


def test_to_record_and_dump_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match="to_record takes"):
        records.to_record(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="to_record takes"):
        records.to_record([1, 2])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="dump takes"):
        records.dump(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("history", "params", "message"), [
    (None, None, "an OpenSpiel history is a list of action integers"),
    (["a"], None, "OpenSpiel action 'a' is not an integer"),
    (list(range(21)), {"knock_card": "x"}, "OpenSpiel knock_card 'x' is not an integer"),
    (list(range(21)), {"gin_bonus": None}, "OpenSpiel gin_bonus None is not an integer"),
])
def test_from_openspiel_bad_input(history: object, params: object, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        from_openspiel(history, params=params)  # type: ignore[arg-type]
