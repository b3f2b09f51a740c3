"""States you can read and use: methods that delegate, one-line reprs, text pictures, and
clear errors for values of the wrong type."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import (
    PRESETS,
    Action,
    GameState,
    HandState,
    IllegalActionError,
    WrongTypeError,
    game,
    hand,
    rules,
)
from ginrules.players import BasicPlayer, view


def _states(seed: int, preset: str) -> list[HandState]:
    """Every state of one random hand under ``preset``, from the deal to the end."""
    rnd = random.Random(seed)
    state = hand.deal(rules(preset), seed=seed, dealer=seed % 2)
    states = [state]
    while not state.is_over:
        legal = state.legal_actions()
        ends = [a for a in legal if a.kind.value in ("knock", "big gin")]
        state = state.apply(rnd.choice(ends) if ends else rnd.choice(legal))
        states.append(state)
    return states


# -- methods are the module functions -------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(PRESETS)))
def test_hand_methods_agree_with_the_functions(seed: int, preset: str) -> None:
    for state in _states(seed, preset):
        assert state.legal_actions() == hand.legal_actions(state)
        for action in state.legal_actions():
            assert state.is_legal(action) and state.is_legal(str(action))
            state.check(action)  # returns: legal
            assert state.apply(action) == hand.apply(state, action)
        for p in (0, 1):
            assert state.view(p) == view(state, p)


# Every action there is: a verb is tried with each, legal or not.
ALL_ACTIONS = (
    *(Action.parse(text) for text in ("take", "pass", "draw stock", "draw discard", "big gin")),
    *(Action.parse(f"{kind} {card}") for kind in ("discard", "knock")
      for card in ginrules.CARDS),
)


def _by_verb(state: HandState, action: Action) -> HandState:
    """``action`` played by its verb at the top level (``ginrules.draw(state)``)."""
    kind, card = action.kind.value, action.card
    if card is not None:
        return (ginrules.knock if kind == "knock" else ginrules.discard)(state, card)
    if kind.startswith("draw "):
        return ginrules.draw(state, kind.removeprefix("draw "))
    verbs = {"take": ginrules.take_upcard, "pass": ginrules.pass_upcard,
             "big gin": ginrules.big_gin}
    return verbs[kind](state)


def _outcome(play: Callable[[HandState, Action], HandState], state: HandState,
             action: Action) -> object:
    """The state ``play`` makes, or the refusal with all its parts."""
    try:
        return play(state, action)
    except IllegalActionError as error:
        return (str(error), error.action, error.phase, error.player, error.reason)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(PRESETS)))
def test_each_verb_is_apply_with_the_same_refusals(seed: int, preset: str) -> None:
    for state in _states(seed, preset):
        for action in ALL_ACTIONS:
            assert _outcome(_by_verb, state, action) == _outcome(hand.apply, state, action)


def test_check_raises_the_reason_and_names_the_player() -> None:
    state = hand.deal(rules("classic"), seed=7, dealer=0)
    with pytest.raises(IllegalActionError, match="player 1 must take or pass the upcard now"):
        state.check("draw stock")
    with pytest.raises(IllegalActionError,
                       match="it is player 1's turn to take or pass the upcard"):
        state.check("pass", player=0)
    with pytest.raises(ginrules.GinRulesError, match="there is no player 2"):
        state.check("pass", player=2)
    state.check("pass", player=1)


def test_apply_with_player_is_checked_on_games_too() -> None:
    g = ginrules.new_game(rules("classic"), seed=3)
    turn = g.hand.turn
    with pytest.raises(IllegalActionError, match=f"it is player {turn}'s turn"):
        g.apply("pass", player=1 - turn)
    after = g.apply("pass", player=turn)
    assert after == game.apply(g, "pass") and after != g
    assert g.legal_actions() == game.legal_actions(g) == g.hand.legal_actions()
    assert g.is_legal("take") and not g.is_legal("draw stock")
    assert g.view(0) == view(g.hand, 0, scores=(0, 0)) == attrs.evolve(view(g.hand, 0),
                                                                         scores=g.totals)


def test_a_game_without_a_hand_has_no_moves_and_no_view() -> None:
    g = ginrules.new_game(rules("classic"), dealer=0)
    assert g.legal_actions() == () and not g.is_legal("take")
    with pytest.raises(ginrules.GinRulesError, match="no hand is in play: deal one first"):
        g.view(0)
    over = game.play(ginrules.new_game(rules("short"), seed=3), [BasicPlayer(), BasicPlayer()])
    with pytest.raises(ginrules.GinRulesError, match="the game is over"):
        over.view(0)
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.apply("pass")


# -- reprs and pictures ---------------------------------------------------------------


def test_reprs_are_one_short_line() -> None:
    state = hand.deal(rules("classic"), seed=7, dealer=0)
    assert repr(state) == ("<HandState classic, dealer 0: player 1 to take or pass the "
                           "upcard TS, stock 31>")
    drawn = state.apply("pass").apply("pass").apply("draw stock")
    assert repr(drawn) == "<HandState classic, dealer 0: player 1 to discard, stock 30>"
    assert repr(drawn.view(0)) == ("<View of player 0, classic: player 1 to discard, "
                                   "10 cards, stock 30>")
    assert repr(rules("classic", target=250)) == "rules('classic', target=250)"
    assert repr(rules("polish")) == "rules('polish')"
    g = ginrules.new_game(rules("short"), seed=3)
    assert repr(g) == ("<GameState short, hand 1, totals 0-0: player 1 to take or pass the "
                       "upcard TS>")
    over = game.play(g, [BasicPlayer(), BasicPlayer()])
    assert repr(over).startswith("<GameState short, over after ")
    assert repr(ginrules.arrange("7H 8H 9H KS")) == "<Arrangement 7H 8H 9H | deadwood KS = 10>"


def test_a_rule_set_repr_reads_back() -> None:
    for value in (rules("classic"), rules("dutch-oklahoma", target=200),
                  rules("polish", shutout="flat-bonus", shutout_bonus=50, max_turns=9)):
        assert eval(repr(value), {"rules": ginrules.rules}) == value


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(PRESETS)))
def test_repr_and_str_never_raise_and_repr_is_one_line(seed: int, preset: str) -> None:
    for state in _states(seed, preset):
        for value in (state, state.view(0), state.view(1), state.result):
            if value is None:
                continue
            text = repr(value)
            assert "\n" not in text and len(text) < 140, text
            assert str(value)


def test_str_of_a_finished_hand_shows_melds_and_layoffs() -> None:
    result, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
                                  "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    assert str(result).splitlines() == [
        "a knock by player 0 (2 vs 18)",
        "knocker    AC 2C 3C | 4H 5H 6H | 9C 9D 9S | deadwood 2S = 2",
        "layoff     9H onto 9C 9D 9S",
        "defender   7D 7H 7S | JS QS KS | deadwood 5C 5D 8H = 18",
    ]


def test_repr_of_two_layoffs_and_str_of_a_finished_game() -> None:
    # the defender lays off 6H, then 5H, onto the knocker's 7H 8H 9H
    result, _ = ginrules.showdown("7H 8H 9H 2C 3C 4C 5D 6D 7D 2S",
                                  "2D 3D 4D 5H 6H KH 9C TC JC 2H")
    assert repr(result) == "<HandResult a knock by player 0 (2 vs 12), layoffs 6H 5H>"
    game = ginrules.new_game(rules("classic", target=25), seed=1)
    players = (BasicPlayer(), BasicPlayer())
    while not game.is_over:
        hand = game.hand
        assert hand is not None
        game = game.apply(players[hand.turn].choose(view(hand, hand.turn)))
    # player 1 wins all four hands, 27 points: + 4 x 25 line bonus + 100 game bonus + 27
    # for the shutout (classic doubles the hand points) = 254
    assert str(game) == ("classic (target=25) rules, target 25; over after 4 hands: player 1 "
                         "won, 0 to 254 with the bonuses (hand points 0-27, hands won 0-4)")


def test_str_of_a_tied_hollywood_match() -> None:
    # 2 x (30 + 27) = 114 = 2 x 57: a tie (see strategies.tied_hollywood_match)
    from strategies import tied_hollywood_match

    game = tied_hollywood_match()
    finals = [column.final for column in game.sheet.games]
    assert [(a.hand_points, b.hand_points) for a, b in finals] == [
        (0, 30), (57, 0), (0, 27)]
    assert game.winner is None
    assert "over after 61 hands: a tie, 114 to 114 with the bonuses" in str(game)


def test_str_of_a_view_hides_the_opponent() -> None:
    state = hand.deal(rules("classic"), seed=7, dealer=0).apply("take")
    text = str(state.view(0))
    for card in state.cards(1):
        if card != state.upcard:
            assert str(card) not in text
    assert "known: TS" in text


# -- wrong types ----------------------------------------------------------------------


def test_a_game_given_where_a_hand_is_expected() -> None:
    g = ginrules.new_game(rules("classic"), seed=1)
    with pytest.raises(WrongTypeError, match=r"call game.legal_actions\(\)"):
        ginrules.legal_actions(g)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"call game.view\(player\)"):
        ginrules.view(g, 0)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"call game.apply\(\)"):
        hand.apply(g, "pass")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"call game.is_legal\(\)"):
        hand.is_legal(g, "pass")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"takes a HandState \(see ginrules\.deal\), not str"):
        ginrules.legal_actions("classic")  # type: ignore[arg-type]
    assert g.hand is not None
    for verb, args in ((ginrules.draw, ()), (ginrules.discard, ("7C",)),
                       (ginrules.knock, ("7C",)), (ginrules.take_upcard, ()),
                       (ginrules.pass_upcard, ()), (ginrules.big_gin, ()),
                       (ginrules.draw, ("discard",))):
        with pytest.raises(WrongTypeError) as error:
            verb(g, *args)  # type: ignore[operator]
        assert str(error.value) == (f"{verb.__name__} takes a HandState, not a GameState: "
                                    "pass game.hand (a game moves on by game.apply(action))")
    assert issubclass(WrongTypeError, TypeError) and issubclass(WrongTypeError, ValueError)


def test_a_hand_given_where_a_game_is_expected() -> None:
    state = hand.deal(rules("classic"), seed=1)
    with pytest.raises(WrongTypeError, match=r"use ginrules\.hand\.apply or state\.apply"):
        game.apply(state, "pass")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError) as error:
        game.legal_actions(state)  # type: ignore[arg-type]
    assert str(error.value) == ("ginrules.game.legal_actions takes a GameState, not a "
                                "HandState: use ginrules.hand.legal_actions or "
                                "state.legal_actions()")
    with pytest.raises(WrongTypeError) as error:
        game.is_legal(state, "pass")  # type: ignore[arg-type]
    assert str(error.value) == ("ginrules.game.is_legal takes a GameState, not a HandState: "
                                "use ginrules.hand.is_legal or state.is_legal()")
    with pytest.raises(WrongTypeError, match="takes a GameState"):
        game.is_legal(None, "pass")  # type: ignore[arg-type]


def test_score_hand_of_an_unfinished_hand_says_so() -> None:
    state = hand.deal(rules("classic"), seed=1)
    with pytest.raises(WrongTypeError, match="this hand is not over yet"):
        ginrules.score_hand(state.result, rules("classic"))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="not HandState"):
        ginrules.score_hand(state, rules("classic"))  # type: ignore[arg-type]
    result, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
                                  "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    with pytest.raises(WrongTypeError, match="takes a RuleSet"):
        ginrules.score_hand(result, "classic")  # type: ignore[arg-type]


def test_wrong_seed_and_rules_types_are_ginrules_errors() -> None:
    with pytest.raises(WrongTypeError, match="seed must be an int, not str"):
        ginrules.deal(rules("classic"), seed="7")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="rules must be a RuleSet"):
        ginrules.deal("classic", seed=7)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="rules must be a RuleSet"):
        ginrules.new_game("classic", seed=7)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="seed must be an int"):
        ginrules.players.RandomPlayer(seed=1.5)  # type: ignore[arg-type]


def test_state_types_are_exported() -> None:
    assert ginrules.GameState is GameState and ginrules.HandState is HandState
    assert isinstance(Action.parse("take"), Action)


# -- views and results over the wire --------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(PRESETS)))
def test_view_from_dict_reads_back_what_to_dict_wrote(seed: int, preset: str) -> None:
    import json

    from ginrules import HandResult, View
    from ginrules.players import AdvancedPlayer

    for state in _states(seed, preset):
        for p in (0, 1):
            v = state.view(p)
            wire = json.loads(json.dumps(v.to_dict()))
            back = View.from_dict(wire)
            assert back == v
            if v.legal_actions:
                assert BasicPlayer().choose(back) == BasicPlayer().choose(v)
                assert AdvancedPlayer(samples=4).choose(back) == \
                    AdvancedPlayer(samples=4).choose(v)
        if state.result is not None:
            assert HandResult.from_dict(json.loads(json.dumps(state.result.to_dict()))) \
                == state.result


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player": 2}, '"player" must be player 0 or 1'),
        ({"player": True}, '"player" must be an int'),
        ({"cards": "7H 8H"}, '"cards" must be a list'),
        ({"cards": ["7H", 7]}, "a card must be a string"),
        ({"cards": ["7X"]}, "suit 'X'"),
        ({"phase": "dance"}, '"phase" must be one of offer, draw, discard, over'),
        ({"rules": {"target": -1}}, "rules: target must be an int >= 1"),
        ({"rules": {"colour": "red"}}, "rules: "),
        ({"legal_actions": ["fold"]}, "bad action 'fold'"),
        ({"legal_actions": [7]}, '"legal_actions" holds 7'),
        ({"history": [[0]]}, '"history" holds'),
        ({"history": ["pass"]}, '"history" holds \'pass\', not [player, action]'),
        ({"history": [{"a": 0, "b": "pass"}]}, '"history" holds {\'a\': 0, \'b\': \'pass\'}'),
        ({"history": [[0, "pass", 1]]}, '"history" holds [0, \'pass\', 1]'),
        ({"history": [[2, "pass"]]}, '"history" holds [2, \'pass\']'),
        ({"history": [[True, "pass"]]}, '"history" holds [True, \'pass\']'),
        ({"history": [[1, 7]]}, '"history" holds [1, 7]'),
        ({"result": {"kind": "knock"}}, 'result: "knocker" is missing'),
        ({"stock_size": "31"}, '"stock_size" must be an int'),
        ({"scores": [1]}, '"scores" must be null or two ints >= 0'),
        ({"scores": [1, -2]}, '"scores" must be null or two ints >= 0'),
        ({"scores": [0, -1]}, '"scores" must be null or two ints >= 0'),
        ({"scores": [-1, 0]}, '"scores" must be null or two ints >= 0'),
        ({"scores": [True, 2]}, '"scores" must be null or two ints >= 0'),
        ({"drawn_cards": ["7H"]}, '"drawn_cards" holds 1 cards (1 distinct) where the '
                                  "history has 0 stock draws by player 1"),
        ({"drawn_cards": "7H"}, '"drawn_cards" must be a list'),
    ],
)
def test_view_from_dict_names_the_bad_field(change: dict[str, object], message: str) -> None:
    from ginrules import View

    good = hand.deal(rules("classic"), seed=7, dealer=0).view(1).to_dict()
    with pytest.raises(ginrules.GinRulesError) as error:
        View.from_dict({**good, **change})
    assert message in str(error.value)
    with pytest.raises(WrongTypeError, match="must be a JSON object"):
        View.from_dict([1, 2])
    without = dict(good)
    del without["upcard"]
    with pytest.raises(ginrules.CardNotationError, match="a card must be a string"):
        View.from_dict(without)


def test_a_view_in_a_game_has_the_game_scores_and_they_go_over_the_wire() -> None:
    import json

    from ginrules import View
    from ginrules.game import apply as game_apply

    g = ginrules.new_game(rules("eaai"), seed=5)
    while len(g.finished) < 3 or g.totals == (0, 0):
        hand_state = g.hand
        assert hand_state is not None
        g = game_apply(g, BasicPlayer().choose(g.view(hand_state.turn)))
    for p in (0, 1):
        v = g.view(p)
        assert v.scores == g.totals and v.scores != (0, 0)
        assert View.from_dict(json.loads(json.dumps(v.to_dict()))) == v
        assert f"game       you {g.totals[p]}, opponent {g.totals[1 - p]}; to 100" in str(v)
    bare = g.view(0).to_dict()
    assert bare["scores"] == list(g.totals)
    del bare["scores"]  # a view written before the field, or of a hand on its own
    assert View.from_dict(bare).scores is None
    assert View.from_dict(bare) == attrs.evolve(g.view(0), scores=None)
    assert ginrules.new_game(rules("classic"), seed=5, hollywood=True).view(0).scores is None
    for bad in ([1, 2], (1, 2, 3), (1.5, 2), (-1, 2), (0, -1), (1, "2"), (True, 2)):
        with pytest.raises(ginrules.GinRulesError, match="scores are a pair"):
            view(g.hand, 0, scores=bad)  # type: ignore[arg-type]
    zero = view(g.hand, 0, scores=(0, 0))  # the least totals, read back as given
    assert zero.scores == (0, 0) and View.from_dict(zero.to_dict()).scores == (0, 0)


def test_a_game_played_by_players_shows_them_the_scores() -> None:
    from ginrules.game import play

    seen: list[tuple[int, int] | None] = []

    @attrs.frozen
    class Recorder:
        def choose(self, v: ginrules.View) -> Action:
            seen.append(v.scores)
            return BasicPlayer().choose(v)

    g = play(ginrules.new_game(rules("short"), seed=3), [Recorder(), BasicPlayer()])
    assert seen[0] == (0, 0) and None not in seen and max(sum(s or ()) for s in seen) > 0
    assert g.is_over


def test_view_hand_is_deprecated_for_cards() -> None:
    v = hand.deal(rules("classic"), seed=7, dealer=0).view(1)
    with pytest.warns(DeprecationWarning, match="View.cards"):
        assert v.hand == v.cards


def test_a_game_over_after_one_hand_says_one_hand() -> None:
    from ginrules.game import play

    g = play(ginrules.new_game(ginrules.rules("classic", target=1), seed=1),
             [BasicPlayer(), BasicPlayer()])
    # player 1 knocks 8 against 12: 4 points, doubled for the shutout, + game bonus 100
    # + one line bonus 25 = 133
    assert repr(g) == "<GameState classic (target=1), over after 1 hand: player 1 won 0-133>"
    assert str(g) == ("classic (target=1) rules, target 1; over after 1 hand: player 1 won, "
                      "0 to 133 with the bonuses (hand points 0-4, hands won 0-1)")


def test_a_discard_pile_of_seven_is_cut_short_and_one_of_six_is_not() -> None:
    """Both text pictures (a view's, a state's) show the top six discards, with ``...``
    in front when more lie below: at seven cards, not at six."""
    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("pass").apply("pass")
    lines = {}
    while len(s.discard_pile) < 7:  # each player draws from the stock, throws its first card
        s = s.apply("draw stock")
        s = s.apply(f"discard {s.cards(s.turn)[0]}")
        lines[len(s.discard_pile)] = (str(s.view(0)).splitlines()[3],
                                      str(s.view(1)).splitlines()[3], str(s).splitlines()[3])
    assert ginrules.format_cards(s.discard_pile) == "TS 7C 2C TC 3C 4D 4C"
    assert set(lines[6]) == {"discard    TS 7C 2C TC 3C 4D   stock 26"}
    assert set(lines[7]) == {"discard    ... 7C 2C TC 3C 4D 4C   stock 25"}
