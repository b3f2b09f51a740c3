"""The games of "one game, every way in" (issue 45): seeded games that reach every ending
under every preset, each with the list of its actions, to be replayed through every
surface of the library (tests/test_every_way_in.py for the core, the command line,
``serve``, ``cmd:`` players and the web page's engine; tests/extras/test_every_way_in_extras.py
for PettingZoo, Gymnasium and OpenSpiel).

The games are played by a *director*: a policy that sees the whole hand (the stock
included) and steers each hand towards one ending, the first of the preset's endings
(:func:`strategies.endings_for`) that no game has reached yet. It knocks (or declares big
gin) only when the move ends the hand as wanted, and otherwise keeps the least deadwood,
drawing whichever card (the stock's next one or the pile's) helps most. Once every ending
has been reached it ends hands as soon as any knock scores, so the games stay short. A
hand it steers may end otherwise (most often dead): that ending counts too.

The seeds are searched, from 0, at the first use (a fraction of a second): the first
games, dealt first by player 1 (as OpenSpiel's game deals), that reach every ending of
the preset. :data:`HOLLYWOOD` adds games in Hollywood scoring. Every surface is then
driven by the same actions, and every result, sheet, reward and record must agree.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ginrules
from ginrules import Action, ActionKind, GameState, HandState
from ginrules.masks import _best_discard_deadwood, _deadwood
from ginrules.players import View
from strategies import PRESET_NAMES, ending_of, endings_for

#: the endings any knock may give once every ending is reached: the game goes on fast
SCORING = frozenset({"knock", "gin", "big gin", "undercut"})

#: the presets whose games are also played in Hollywood scoring (Oklahoma: a spade upcard
#: doubles a hand's points in each of the three games)
HOLLYWOOD = ("classic", "oklahoma")

#: how many turns in a hand the director may still take from the discard pile (two
#: players who keep taking each other's discards would never reach the stock's end)
_PILE_TURNS = 30


def director(wanted: frozenset[str]) -> Callable[[HandState, int], Action]:
    """A policy of the whole state (:data:`ginrules.game.Policy`) that steers a hand
    towards one of the ``wanted`` endings (see the module)."""

    def choose(state: HandState, seat: int) -> Action:
        legal = state.legal_actions()
        for action in legal:
            if action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN) and \
                    ending_of(state.apply(action)) in wanted:
                return action
        mine = state.masks[seat]
        by_kind = {a.kind: a for a in legal}
        if ActionKind.PASS in by_kind:  # the offer: take the upcard if it helps
            top = state.top_discard
            assert top is not None
            take = by_kind.get(ActionKind.TAKE)
            if take is not None and _best_discard_deadwood(mine | top.mask) < _deadwood(mine):
                return take
            return by_kind[ActionKind.PASS]
        if ActionKind.DRAW_STOCK in by_kind:
            best = by_kind[ActionKind.DRAW_STOCK]
            pile = by_kind.get(ActionKind.DRAW_DISCARD)
            top = state.top_discard
            if pile is not None and top is not None and state.turns < _PILE_TURNS and (
                    _best_discard_deadwood(mine | top.mask)
                    < _best_discard_deadwood(mine | state.stock[0].mask)):
                best = pile
            return best
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if not discards:  # (only knocks left: none ends the hand as wanted)
            return legal[0]
        return min(discards, key=lambda a: (_deadwood(mine & ~a.card.mask), a.index))  # type: ignore[union-attr]

    return choose


Move = tuple[int, Action]


@dataclass(frozen=True)
class Scenario:
    """A game of the differential tests: its preset, seed and scoring, the core's game
    played to its end, and every action of it (seat, action) in order."""

    preset: str
    seed: int
    hollywood: bool
    game: GameState
    moves: tuple[Move, ...]

    @property
    def name(self) -> str:
        return f"{self.preset}{'-hollywood' if self.hollywood else ''}-{self.seed}"

    @property
    def rules(self) -> ginrules.RuleSet:
        return self.game.rules

    @property
    def endings(self) -> tuple[str, ...]:
        return tuple(ending_of(h) for h in self.game.finished)

    def seat_moves(self, seat: int) -> list[Action]:
        """The actions of ``seat``, in order (what a scripted player replays)."""
        return [action for who, action in self.moves if who == seat]

    def start(self) -> GameState:
        """The game before its first action."""
        return ginrules.new_game(self.rules, seed=self.seed, hollywood=self.hollywood)

    def __repr__(self) -> str:  # (the test ids)
        return self.name


def play_directed(preset: str, seed: int, reached: set[str], hollywood: bool = False,
                  max_hands: int = 40) -> Scenario:
    """The game of ``seed`` under ``preset`` played by the director, each hand steered
    towards an ending not in ``reached`` (nor reached earlier in this game), else towards
    any scoring knock."""
    wanted_all = endings_for(preset)
    game = ginrules.new_game(ginrules.rules(preset), seed=seed, hollywood=hollywood)
    moves: list[Move] = []
    got: set[str] = set()
    while not game.is_over:
        assert len(game.finished) < max_hands, (preset, seed, "the game does not end")
        todo = [e for e in wanted_all if e not in reached and e not in got]
        choose = director(frozenset(todo[:1]) if todo else SCORING & set(wanted_all))
        number = len(game.finished)
        while len(game.finished) == number:
            hand = game.hand
            assert hand is not None
            action = choose(hand, hand.turn)
            moves.append((hand.turn, action))
            game = game.apply(action)
        got.add(ending_of(game.finished[-1]))
    return Scenario(preset, seed, hollywood, game, tuple(moves))


def _ends_before_the_dealer_moves(seed: int) -> bool:
    """Whether the classic game of ``seed`` is dealt by player 1 and its first hand's
    non-dealer may knock at once after taking the upcard."""
    game = ginrules.new_game(ginrules.rules("classic"), seed=seed)
    assert game.hand is not None
    taken = game.hand.apply("take")
    return game.first_dealer == 1 and any(a.kind is ActionKind.KNOCK
                                          for a in taken.legal_actions())


@functools.cache
def scenarios() -> tuple[Scenario, ...]:
    """The games: for each preset, the first seeds (player 1 dealing first) whose
    directed games reach every ending of the preset; then :data:`HOLLYWOOD`'s games; then
    a classic game whose first hand the non-dealer ends (takes the upcard and knocks)
    before the dealer moves at all."""
    out: list[Scenario] = []
    for preset in PRESET_NAMES:
        reached: set[str] = set()
        seed = 0
        while not reached >= set(endings_for(preset)):
            seed += 1
            assert seed < 500, (preset, "no seed reaches", set(endings_for(preset)) - reached)
            if ginrules.new_game(ginrules.rules(preset), seed=seed).first_dealer != 1:
                continue
            scenario = play_directed(preset, seed, reached)
            if set(scenario.endings) - reached:
                reached |= set(scenario.endings)
                out.append(scenario)
    for preset in HOLLYWOOD:
        seed = next(s for s in range(1, 100)
                    if ginrules.new_game(ginrules.rules(preset), seed=s).first_dealer == 1)
        out.append(play_directed(preset, seed, set(), hollywood=True))
    seed = next(s for s in range(1, 1000) if _ends_before_the_dealer_moves(s))
    out.append(play_directed("classic", seed, set(endings_for("classic"))))
    return tuple(out)


def table() -> list[tuple[str, str]]:
    """Every (preset, ending) pair a hand can have (:func:`strategies.endings_for`)."""
    return [(p, e) for p in PRESET_NAMES for e in endings_for(p)]


# -- what the surfaces are compared on ------------------------------------------------


def hand_before(game: GameState, number: int) -> GameState:
    """``game`` (a finished one) just before its hand ``number`` (0-based) was dealt:
    the earlier hands recorded, that one not yet."""
    out = ginrules.new_game(game.rules, dealer=game.first_dealer, hollywood=game.hollywood)
    for hand in game.finished[:number]:
        out = ginrules.game.record_hand(out, hand)
    return out


def totals_before(game: GameState, number: int) -> tuple[int, int] | None:
    """Both players' game totals before hand ``number`` as a player's view has them
    (``None`` in Hollywood scoring)."""
    if game.hollywood:
        return None
    return hand_before(game, number).totals


def payments(scenario: Scenario) -> list[tuple[int, int]]:
    """What each action pays both players in a game episode: the change of player 0's
    final score minus player 1's (hand points as hands end, the bonuses at the end)."""
    out: list[tuple[int, int]] = []
    game = scenario.start()
    margin = 0
    for _, action in scenario.moves:
        game = game.apply(action)
        totals = game.sheet.final_totals()
        paid = (totals[0] - totals[1]) - margin
        margin += paid
        out.append((paid, -paid))
    return out


def drawn_card(after: HandState) -> ginrules.Card:
    """The card of the stock draw that led to ``after``."""
    return after.deck.cards[20 + after.stock_drawn]


class ScriptedPlayer:
    """A :class:`ginrules.players.Player` that replays a seat's actions, each checked to
    be among the legal actions of the view it is shown."""

    def __init__(self, moves: Sequence[Action]) -> None:
        self.moves = list(moves)
        self.views: list[View] = []

    def choose(self, view: View) -> Action:
        assert self.moves, "the script has no move left"
        action = self.moves.pop(0)
        assert action in view.legal_actions, (str(action), [str(a) for a in view.legal_actions])
        self.views.append(view)
        return action


def scripted_policies(scenario: Scenario) -> list[Callable[[HandState, int], Action]]:
    """Two policies (:data:`ginrules.game.Policy`) that replay the game's actions."""
    queues = [scenario.seat_moves(0), scenario.seat_moves(1)]

    def policy(state: HandState, seat: int) -> Action:
        return queues[seat].pop(0)

    return [policy, policy]


def as_json(value: object) -> object:
    """``value`` through JSON and back (tuples become lists), to compare with a wire's."""
    return json.loads(json.dumps(value))
