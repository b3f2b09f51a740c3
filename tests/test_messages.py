"""Every error of the game and scoring functions, its message pinned whole: a message is
what a user acts on, so a changed word is a changed interface (and mutation testing
showed that the tests checked only the type of most of these errors)."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import ginrules
from ginrules import game, hand, rules
from ginrules.history import History


def _dead_hand(r: ginrules.RuleSet, seed: int, dealer: int) -> ginrules.HandState:
    s = hand.deal(r, seed=seed, dealer=dealer)
    s = s.apply("pass").apply("pass").apply("draw stock")
    return s.apply(s.legal_actions()[0])  # max_turns=1: the turn cap ends it, dead


CAPPED = rules("classic", max_turns=1)
NO_SEED = game.new_game(CAPPED, dealer=0)
OVER = game.play(game.new_game(rules("short"), seed=3), game.random_policies(3))
IN_PLAY = game.new_game(rules("classic"), seed=5)


def _empty_stock() -> ginrules.HandState:
    """A state no play reaches (every rule set ends the hand dead by the stock's last
    card), built by hand: the stock drawn out and player 1 to draw."""
    s = hand.deal(rules("classic"), seed=1, dealer=0).apply("pass").apply("pass")
    return attrs.evolve(s, stock_drawn=31)


def _empty_pile() -> ginrules.HandState:
    """A state no play reaches either (a draw always finds a discard), built by hand:
    player 0 to draw after player 1's first discard, the discard pile emptied."""
    s = hand.deal(rules("classic"), seed=1, dealer=0).apply("pass").apply("pass")
    s = s.apply("draw stock")
    s = s.apply(f"discard {s.cards(1)[0]}")
    return attrs.evolve(s, discard_pile=())


CASES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("apply, the stock drawn out", lambda: _empty_stock().apply("draw stock"),
     ginrules.IllegalActionError, "cannot draw stock: the stock is empty"),
    ("apply, the discard pile empty", lambda: _empty_pile().apply("draw discard"),
     ginrules.IllegalActionError, "cannot draw discard: the discard pile is empty"),
    ("new_game, rules not a RuleSet", lambda: game.new_game("classic", seed=1),  # type: ignore[arg-type]
     ginrules.WrongTypeError, "rules must be a RuleSet (see ginrules.rules), not str"),
    ("new_game, no seed nor dealer", lambda: game.new_game(CAPPED),
     ginrules.GinRulesError, "new_game needs a seed (to draw the first dealer) or a dealer"),
    ("new_game, dealer 2", lambda: game.new_game(CAPPED, dealer=2),
     ginrules.GinRulesError, "dealer must be player 0 or 1, not 2"),
    ("deal_hand, game over", lambda: game.deal_hand(OVER),
     ginrules.GinRulesError, "the game is over: no more hands are dealt"),
    ("deal_hand, a hand in play", lambda: game.deal_hand(IN_PLAY),
     ginrules.GinRulesError, "a hand is already in play"),
    ("deal_hand, no seed", lambda: game.deal_hand(NO_SEED),
     ginrules.GinRulesError, "this game has no seed: give the deck of the next hand"),
    ("record_hand, not over", lambda: game.record_hand(NO_SEED, hand.deal(CAPPED, seed=1, dealer=0)),
     ginrules.GinRulesError, "the hand is not over yet"),
    ("record_hand, game over", lambda: game.record_hand(OVER, _dead_hand(CAPPED, 1, OVER.dealer)),
     ginrules.GinRulesError, "the game is already over"),
    ("record_hand, other rules", lambda: game.record_hand(NO_SEED, _dead_hand(rules("straight", max_turns=1), 1, 0)),
     ginrules.GinRulesError, "the hand was played under other rules than the game's"),
    ("record_hand, other dealer", lambda: game.record_hand(NO_SEED, _dead_hand(CAPPED, 1, 1)),
     ginrules.GinRulesError, "the hand was dealt by player 1, but player 0 deals"),
    ("apply, game over", lambda: game.apply(OVER, "pass"),
     ginrules.IllegalActionError, "cannot act: the game is over"),
    ("apply, no hand", lambda: game.apply(NO_SEED, "pass"),
     ginrules.IllegalActionError, "cannot act: no hand is dealt"),
    ("view, game over", lambda: OVER.view(0),
     ginrules.GinRulesError, "no hand is in play: the game is over"),
    ("view, no hand", lambda: NO_SEED.view(0),
     ginrules.GinRulesError, "no hand is in play: deal one first"),
    ("History.apply, game over", lambda: History(OVER).apply("pass"),
     ginrules.GinRulesError, "no hand is in play: the game is over"),
    ("History.apply, no hand", lambda: History(NO_SEED).apply("pass"),
     ginrules.GinRulesError, "no hand is in play: deal one first"),
    ("play, no seed", lambda: game.play(NO_SEED, game.random_policies(1)),
     ginrules.GinRulesError, "play needs a game with a seed (it deals the hands)"),
    ("play, a player named, not made", lambda: game.play(IN_PLAY, ["basic", 1.5]),  # type: ignore[list-item]
     ginrules.WrongTypeError, "a player is a ginrules.players.Player (with choose(view)) or "
     "a function (state, seat) -> action, not str"),
    ("play, a number for a player", lambda: game.play(IN_PLAY, [*game.random_policies(1)[:1], 1]),  # type: ignore[list-item]
     ginrules.WrongTypeError, "a player is a ginrules.players.Player (with choose(view)) or "
     "a function (state, seat) -> action, not int"),
    ("play, three players", lambda: game.play(IN_PLAY, [*game.random_policies(1), None]),  # type: ignore[list-item]
     ginrules.GinRulesError, "a game has two players, not [<function"),
    ("score_hand, not over", lambda: ginrules.score_hand(hand.deal(CAPPED, seed=1).result,  # type: ignore[arg-type]
                                                         CAPPED),
     ginrules.WrongTypeError, "score_hand takes the HandResult of a finished hand; this hand "
     "is not over yet (its result is None)"),
    ("score_hand, rules not a RuleSet", lambda: ginrules.score_hand(
        _dead_hand(CAPPED, 1, 0).result, "classic"),  # type: ignore[arg-type]
     ginrules.WrongTypeError, "score_hand takes a RuleSet (see ginrules.rules), not str"),
]


@pytest.mark.parametrize(("what", "call", "kind", "message"), CASES, ids=[c[0] for c in CASES])
def test_the_message(what: str, call: Callable[[], object], kind: type[Exception],
                     message: str) -> None:
    with pytest.raises(kind) as error:
        call()
    text = str(error.value)
    assert text == message or (message.endswith("<function") and text.startswith(message))


def test_the_record_hand_of_another_deal() -> None:
    g = game.new_game(rules("classic", max_turns=1), seed=4)
    other = _dead_hand(g.rules, 99, g.dealer)
    with pytest.raises(ginrules.GinRulesError) as error:
        game.record_hand(g, other)
    assert str(error.value) == "the hand is not the one in play: it comes from another deal"


def test_the_first_dealer_of_a_seeded_game() -> None:
    # the first output of SplitMix64 (written out in test_game, not the library's) from
    # the state seed ^ 0xD1CED1CED1CED1CE, modulo 2 (a stream of its own, so the first
    # dealer and the first deck are independent)
    from test_game import splitmix64_outputs

    expected = [splitmix64_outputs(s ^ 0xD1CE_D1CE_D1CE_D1CE, 1)[0] % 2 for s in range(16)]
    assert [game.new_game(rules("classic"), seed=s).dealer for s in range(16)] == expected
    assert 0 < sum(expected) < 16


def test_the_messages_of_a_hand_result_read_back() -> None:
    result, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
                                  "7H 8H KS QS JS 5C 5D 7S 7D 2D")
    for field, value, message in [
        ("kind", "x", "result: \"kind\" must be one of knock, gin, big gin, dead, not 'x'"),
        ("upcard", "ZZ", "result: \"upcard\": bad card 'ZZ': suit 'Z' is not one of C D H S "
                         "(or ♣ ♦ ♥ ♠)"),
        ("kind", "dead", "result: a dead hand has no knocker, and every other ending has one"),
        ("layoffs", [{"card": "7H", "meld": ["7D", "8D", "9D"]}],
         "result: layoff 1: 7D 8D 9D is not one of the knocker's melds"),
        # each side's deadwood is checked against its cards, the defender's as the knocker's
        ("knocker_deadwood", 3,
         "result: \"knocker_deadwood\" is 3, but the deadwood cards add up to 2"),
        ("defender_deadwood", 19,
         "result: \"defender_deadwood\" is 19, but the deadwood cards add up to 20"),
    ]:
        data = result.to_dict() | {field: value}
        with pytest.raises(ginrules.GinRulesError) as error:
            ginrules.HandResult.from_dict(data)
        assert str(error.value) == message


# -- the engine's own messages and checks (from mutmut survivors in cards, masks, melds,
# hand, actions and rulesets) ---------------------------------------------------------


def _message(call: Callable[[], object]) -> tuple[str, str]:
    with pytest.raises(ginrules.GinRulesError) as caught:
        call()
    return type(caught.value).__name__, str(caught.value)


def test_engine_messages_pinned_whole() -> None:
    from ginrules.actions import Action, ActionKind
    from ginrules.masks import best_discards_of_mask
    from ginrules.melds import arrangement_of_mask

    too_big = 1 << 60
    assert _message(lambda: best_discards_of_mask(too_big)) == (
        "CardNotationError", "best_discards_of_mask: 1152921504606846976 is not a 52-bit "
        "card mask")
    assert _message(lambda: arrangement_of_mask(too_big)) == (
        "CardNotationError", "arrangement_of_mask takes a 52-bit card mask, not "
        "1152921504606846976")
    assert _message(lambda: ginrules.Meld.of("7H 8S 9D")) == (
        "InvalidMeldError", "7H 8S 9D is not a meld: a set needs one rank and a run needs "
        "one suit")
    # the duplicate is named, not the first card
    assert _message(lambda: ginrules.parse_cards("2C 7H 7H")) == (
        "CardNotationError", "duplicate card 7H in '2C 7H 7H'")
    assert _message(lambda: Action(ActionKind.DISCARD)) == (
        "ActionNotationError", "action 'discard' needs a card")
    assert _message(lambda: Action(ActionKind.PASS, ginrules.CARDS[0])) == (
        "ActionNotationError", "action 'pass' takes no card")
    assert _message(lambda: Action.from_index(109)) == (
        "ActionNotationError", "action id 109 is not in 0..108 (0 take, 1 pass, 2 draw "
        "stock, 3 draw discard, 4..55 discard, 56..107 knock, 108 big gin)")
    assert _message(lambda: rules("classic", dealer_after_dead_hand="x")) == (
        "RuleSetError", "'x' is not a NextDealer; choose one of 'alternate', 'same', "
        "'winner', 'loser'")
    assert _message(lambda: rules("classic", dealer_after_dead_hand="winner")) == (
        "RuleSetError", "dealer_after_dead_hand must be 'same' or 'alternate': a dead hand "
        "has no winner")


def test_to_mask_of_cards_made_anew() -> None:
    # Card values equal to, but not the same objects as, those of CARDS miss the fast
    # path by object identity, and take the one by value
    from ginrules.cards import to_mask

    fresh = tuple(ginrules.Card(c.rank, c.suit) for c in ginrules.CARDS)
    assert fresh[0] is not ginrules.CARDS[0]
    assert to_mask(fresh) == (1 << 52) - 1
    assert to_mask(fresh[:13]) == (1 << 13) - 1
    assert _message(lambda: to_mask(fresh[:12] + fresh[:1])) == (
        "CardNotationError", "duplicate card AC in the hand")


def test_the_state_method_checks_the_player() -> None:
    s = ginrules.deal(rules("classic"), seed=7, dealer=0)
    assert s.turn == 1
    assert _message(lambda: s.apply("pass", player=0)) == (
        "IllegalActionError", "cannot pass: it is player 1's turn to take or pass the upcard")
    assert s.apply("pass", player=1) == s.apply("pass")


def test_a_knock_after_a_taken_discard_leaves_nothing_taken() -> None:
    # seed 1, two basic players: the knocker draws 6H from the discard pile, then knocks
    from ginrules.players import BasicPlayer, view

    s = ginrules.deal(rules("classic"), seed=1, dealer=0)
    before = s
    while s.result is None:
        before = s
        s = s.apply(BasicPlayer().choose(view(s, s.turn)))
    assert [str(a) for _, a in s.actions[-2:]] == ["draw discard", "knock 5S"]
    assert str(before.taken) == "6H"
    assert s.taken is None
