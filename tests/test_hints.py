"""The figures a hint states, each recomputed from its definition on a built position;
the knock models; the level a hint comes from; and its words at a tie."""

from __future__ import annotations

import itertools
import math
import random
import re
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import ginrules
from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import cards_from_mask
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.hand import HandState
from ginrules.masks import _best_discards
from ginrules.players import AdvancedPlayer, ExpertPlayer, Hint, KnockEstimate, view
from ginrules.players.knock_models import KNOCK_MODELS, _tilted, undercut_risk
from ginrules.players.lookahead import Table, play_out


def _knock_position(rules: str, seed: int) -> HandState:
    """A state of a hand between two basic players where the player to discard may knock
    with some deadwood (not gin)."""
    players = [ginrules.players.BasicPlayer(), ginrules.players.BasicPlayer()]
    for s in range(seed, seed + 200):
        state = ginrules.deal(ginrules.rules(rules), seed=s, dealer=s % 2)
        while not state.is_over:
            if state.phase is Phase.DISCARD and state.stock_size > 6 and \
                    0 < _best_discards(state.masks[state.turn])[0] <= state.knock_limit:
                return state
            state = state.apply(players[state.turn].choose(view(state, state.turn)))
    raise AssertionError("no knock position")


@attrs.frozen
class _Fixed(ExpertPlayer):
    """The expert weighing its knock against given opponent hands (``HANDS``), each with
    the rest of the unseen cards as the stock, in their order."""

    HANDS: ClassVar[list[int]] = []

    def _opponent_sample(self, v: Any, memory: Any, pool: list[int], rng: random.Random
                         ) -> list[tuple[int, list[int], float]]:
        return [(h, [i for i in pool if not h >> i & 1], 1.0) for h in self.HANDS]


def _signed(knocker: int, defender: int, rules: str | ginrules.RuleSet) -> int:
    """The knock's points from the knocker's side, by the engine's showdown."""
    _, score = ginrules.showdown(cards_from_mask(knocker), cards_from_mask(defender),
                                 rules=rules)
    return 0 if score.player is None else score.points if score.winner == "knocker" \
        else -score.points


def _advised_risk(opponent: str, risk: float, stock_size: int, deadwood: int) -> float:
    """The undercut risk a hint advising a knock states: the logistic model of
    ``opponent``'s knock model, measured on the knocks hints advise."""
    a, b, c, d, e = KNOCK_MODELS[opponent].advised
    r = min(0.995, max(0.005, risk))
    z = math.log(r / (1 - r))  # the line bends where the model's risk is 12% (z = -2)
    return 1 / (1 + math.exp(-(a + b * z + c * stock_size / 30 + d * deadwood / 10
                               + e * max(0.0, z + 2))))


@pytest.mark.parametrize("opponent", [None, "expert"])
def test_an_undercut_by_one_point_without_a_bonus_is_an_undercut(opponent: str | None) -> None:
    """Under rules with no undercut bonus, a defender one point under the knocker scores
    1 point: that hand counts in the undercut risk as any other undercut."""
    rules = ginrules.rules("classic").evolve(undercut_bonus=0)
    state = _knock_position("classic", 3)  # a knock with 10 deadwood
    v = attrs.evolve(view(state, state.turn), rules=rules)
    knock = min((a for a in v.legal_actions if a.kind is ActionKind.KNOCK),
                key=lambda a: ginrules.deadwood(cards_from_mask(v.mask & ~a.card.mask)))
    mine = v.mask & ~knock.card.mask
    unseen = [i for i in range(52) if not v.mask >> i & 1
              and i not in {c.index for c in v.discard_pile}]
    rng = random.Random(3)
    by_points: dict[int, int] = {}
    for _ in range(1000):
        hand = sum(1 << i for i in rng.sample(unseen, 10))
        by_points.setdefault(_signed(mine, hand, rules), hand)
    won = next(p for p in by_points if p > 0)
    _Fixed.HANDS = [by_points[-1], by_points[won]]
    h = _Fixed(seed=1, opponent=opponent, play_for_game=False).decide(v)
    e = h.knock
    assert e is not None and e.deadwood == ginrules.deadwood(cards_from_mask(mine))
    risk = 0.5
    if opponent is not None:
        draws = sum(1 for ev in v.events if ev.player != v.player
                    and ev.action.kind is ActionKind.DRAW_STOCK)
        risk = undercut_risk(opponent, 0.5, e.deadwood, draws, v.stock_size)
        if h.action.kind is ActionKind.KNOCK:
            risk = _advised_risk(opponent, risk, v.stock_size, e.deadwood)
    assert e.undercut_risk == pytest.approx(risk)


@pytest.mark.parametrize("opponent", [None, "expert", "simple", "advanced"])
@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_every_figure_of_a_knock_hint_is_its_definition(seed: int,
                                                         opponent: str | None) -> None:
    state = _knock_position("classic", seed)
    v = view(state, state.turn)
    truth = state.masks[1 - state.turn]
    rng = random.Random(seed)
    unseen = [i for i in range(52) if not (v.mask | truth) >> i & 1 and i not in
              {c.index for c in v.discard_pile}]
    hands = [truth]
    for _ in range(5):  # other hands of ten from the cards the player has not seen
        hands.append(sum(1 << i for i in rng.sample(unseen + [
            i for i in range(52) if truth >> i & 1], 10)))
    _Fixed.HANDS = hands
    player = _Fixed(seed=seed, opponent=opponent, play_for_game=False)
    h = player.decide(v)
    e = h.knock
    assert e is not None
    knock = min((a for a in v.legal_actions if a.kind is ActionKind.KNOCK),
                key=lambda a: ginrules.deadwood(cards_from_mask(v.mask & ~a.card.mask)))
    mine = v.mask & ~knock.card.mask
    assert e.deadwood == ginrules.deadwood(cards_from_mask(mine))
    points = [_signed(mine, opp, "classic") for opp in hands]
    share = sum(p < 0 for p in points) / len(points)
    if opponent is None:
        risk = share
        mean = sum(points) / len(points)
    else:
        draws = sum(1 for ev in v.events if ev.player != v.player
                    and ev.action.kind is ActionKind.DRAW_STOCK)
        risk = undercut_risk(opponent, share, e.deadwood, draws, v.stock_size)
        under = [p for p in points if p < 0]
        over = [p for p in points if p >= 0]
        if under and over:
            mean = risk * sum(under) / len(under) + (1 - risk) * sum(over) / len(over)
        elif over:
            bonus = ginrules.rules("classic").undercut_bonus
            mean = (1 - risk) * sum(over) / len(over) - risk * (bonus + (e.deadwood + 1) // 2)
        else:
            mean = risk * sum(under) / len(under) + (1 - risk) * 1
        a, b = KNOCK_MODELS[opponent].knock  # the model's line through the samples' mean
        mean = a + b * mean
    if opponent is not None and h.action.kind is ActionKind.KNOCK:
        # advising the knock, it states the risk and points measured on the knocks
        # hints advise: a logistic model, and a line bent at -15, -5, 5, 15 and 25 points
        risk = _advised_risk(opponent, risk, v.stock_size, e.deadwood)
        assert f"undercut risk {risk:.0%}" in h.reason
        a, b, c1, c2, c3, c4, c5, g = KNOCK_MODELS[opponent].advised_knock
        mean = a + b * mean + c1 * max(0, mean + 15) + c2 * max(0, mean + 5) \
            + c3 * max(0, mean - 5) + c4 * max(0, mean - 15) + c5 * max(0, mean - 25) \
            + g * v.stock_size / 30
    assert e.undercut_risk == pytest.approx(risk)
    assert e.knock_points == pytest.approx(mean)
    # playing on: each hand played out from the discard it would make, waiting for gin,
    # the rest of the unseen cards the stock
    pool = _pool(v)
    memory = player._recall(v, ginrules.cards_to_mask(v.opponent_known), True)
    plan = player._discard(v, memory, pool, player._stock(v, memory, pool))
    if h.action.kind is ActionKind.DISCARD:
        assert plan.action == h.action
    kept_card = plan.action.card
    assert kept_card is not None
    table = Table.of(v.rules, v.knock_limit)
    on = [play_out(v.mask & ~kept_card.mask, opp, [i for i in pool if not opp >> i & 1],
                   kept_card.index, 1, (0, v.knock_limit), table) for opp in hands]
    a, b = (0.0, 1.0) if opponent is None else KNOCK_MODELS[opponent].play_on
    mean = a + b * sum(on) / len(on)
    if opponent is not None and h.action.kind is not ActionKind.KNOCK:
        # advising to play on, it states the points measured where hints advise it
        a, b, c1, c2, c3, c4, c5, g = KNOCK_MODELS[opponent].advised_play_on
        mean = a + b * mean + c1 * max(0, mean + 15) + c2 * max(0, mean + 5) \
            + c3 * max(0, mean - 5) + c4 * max(0, mean - 15) + c5 * max(0, mean - 25) \
            + g * v.stock_size / 30
    assert e.play_on_points == pytest.approx(mean)
    assert e.samples == len(hands)
    assert e.opponent == (opponent or "evidence")
    assert e.knock_wins_game is None and e.play_on_wins_game is None


def _pool(v: Any) -> list[int]:
    """The cards the player has not seen (the expert's pool), lowest first."""
    seen = v.mask | ginrules.cards_to_mask(v.opponent_known)
    for c in v.discard_pile:
        seen |= c.mask
    return [i for i in range(52) if not seen >> i & 1]


@pytest.mark.parametrize("model", sorted(KNOCK_MODELS))
def test_the_undercut_risk_is_the_logistic_model_of_its_coefficients(model: str) -> None:
    a, b, c, d, e = KNOCK_MODELS[model].risk
    for share, dead, draws, stock in ((0.0, 3, 0, 31), (0.2, 7, 5, 15), (1.0, 10, 12, 3)):
        s = min(0.995, max(0.005, share))
        z = a + b * math.log(s / (1 - s)) + c * dead / 10 + d * draws / 10 + e * stock / 30
        assert undercut_risk(model, share, dead, draws, stock) == pytest.approx(
            1 / (1 + math.exp(-z)))


def test_a_knock_model_is_named_by_a_known_string() -> None:
    with pytest.raises(GinRulesError, match="no knock model for 'human'"):
        undercut_risk("human", 0.1, 5, 0, 20)
    with pytest.raises(WrongTypeError):
        undercut_risk(3, 0.1, 5, 0, 20)  # type: ignore[arg-type]
    with pytest.raises(GinRulesError, match="no knock model"):
        ExpertPlayer(opponent="grandmaster")


@pytest.mark.parametrize("which", range(3))
def test_the_undercut_risk_takes_counts_of_0_and_refuses_any_below(which: int) -> None:
    """The knock's deadwood, the opponent's stock draws and the stock left are each at
    least 0: 0 is a count (a risk from 0 to 1), -1 is refused by its name."""
    counts = [5, 3, 20]
    counts[which] = 0
    assert 0.0 < undercut_risk("expert", 0.1, *counts) < 1.0
    counts[which] = -1
    name = ("deadwood", "draws", "stock")[which]
    with pytest.raises(GinRulesError, match=f"^{name} is at least 0, not -1$"):
        undercut_risk("expert", 0.1, *counts)


def test_the_undercut_risk_takes_a_share_of_0_to_1_and_refuses_any_outside() -> None:
    for share in (0, 0.0, 1, 1.0):
        assert 0.0 < undercut_risk("expert", share, 5, 3, 20) < 1.0
    for share in (-0.5, -1e-9, 1.000001, 2):
        with pytest.raises(GinRulesError, match=rf"^the samples' undercut share is from 0 to "
                                                rf"1, not {share!r}$"):
            undercut_risk("expert", share, 5, 3, 20)


_TABLE = Table.of(ginrules.rules("classic"), 10)


@given(st.lists(st.tuples(st.integers(-60, 60), st.floats(0.01, 10)), min_size=1,
                max_size=12),
       st.floats(0.0, 1.0), st.integers(1, 10))
@example([(5, 1.0)], 1.0, 4)  # no undercut sampled, a certain one stated
@example([(-27, 1.0)], 0.0, 4)  # every sample undercut, none stated
def test_tilting_makes_the_undercut_share_the_risk_and_keeps_the_rest(
        priced: list[tuple[int, float]], risk: float, dead: int) -> None:
    tilted = _tilted(priced, risk, dead, _TABLE)
    total = sum(w for _, w in tilted)
    share = sum(w for p, w in tilted if p < 0) / total
    assert share == pytest.approx(risk, abs=1e-9)
    under = [w for p, w in priced if p < 0]
    if under and len(under) < len(priced):
        assert total == pytest.approx(sum(w for _, w in priced))
        # within each side, the weights keep their proportions
        for side in (True, False):
            old = [(p, w) for p, w in priced if (p < 0) is side]
            new = [(p, w) for p, w in tilted if (p < 0) is side]
            if sum(w for _, w in new) > 1e-9:  # (a share near 0 leaves too few digits)
                for (p0, w0), (p1, w1) in zip(old, new, strict=True):
                    assert p0 == p1
                    assert w1 / sum(w for _, w in new) == pytest.approx(
                        w0 / sum(w for _, w in old))


@pytest.mark.parametrize(("figures", "knocks", "words"), [
    ((5.0, 3.0, None, None), True, "wins 5 points on average, playing on 3"),
    ((3.0, 3.0, None, None), True, "the two are equal, and a knock ends the hand now"),
    ((3.2, 2.9, None, None), True, "wins 3.2 points on average, playing on 2.9"),
    ((2.9, 3.2, None, None), False, "playing on wins 3.2 points on average, knocking 2.9"),
    # a figure below 0 is a loss, said so
    ((-25.0, -35.0, None, None), True, "loses 25 points on average, playing on 35 "),
    ((-2.0, 3.5, None, None), False, "playing on wins 4 points on average, knocking "
                                     "loses 2 "),
    # a figure that rounds to nothing is written with its decimal; one point is singular
    ((1.0, -0.4, None, None), True, "wins 1.0 points on average, playing on loses 0.4 "),
    ((1.0, 0.0, None, None), True, "wins 1 point on average, playing on 0 "),
    ((0.0, 0.0, 0.624, 0.619), True, "wins the game 62.4% of the time, playing on 61.9%"),
    ((0.0, 0.0, 0.5, 0.5), True, "the two are equal"),
    ((0.0, 0.0, 0.61, 0.62), False, "playing on wins the game 62% of the time, knocking 61%"),
])
def test_a_knock_hint_never_knocks_where_playing_on_is_worth_more_and_says_why_at_a_tie(
        figures: tuple[float, float, float | None, float | None], knocks: bool,
        words: str) -> None:
    action, discard = Action.parse("knock 5H"), Hint(Action.parse("discard KS"), "it is high")
    estimate = KnockEstimate(6, 0.1, *figures, 48, "any")
    h = ExpertPlayer()._knock_hint(action, discard, estimate)
    assert (h.action == action) is knocks
    assert words in h.reason
    assert h.knock == estimate


def test_a_knock_hint_states_the_figures_measured_on_advised_moves_and_says_why() -> None:
    action, discard = Action.parse("knock 5H"), Hint(Action.parse("discard KS"), "it is high")
    e = KnockEstimate(6, 0.1, 8.0, 5.0, None, None, 48, "expert")
    player = ExpertPlayer()
    # advising the knock, the measured figures of a knock are said; they hold the choice
    told = attrs.evolve(e, undercut_risk=0.2, knock_points=11.0)
    h = player._knock_hint(action, discard, e, (told, attrs.evolve(e, play_on_points=1.0)))
    assert h.action == action and h.knock == told
    assert "wins 11 points on average, playing on 5" in h.reason
    assert "undercut risk 20%" in h.reason
    # they put the knock below playing on: it still knocks, and says why
    told = attrs.evolve(e, undercut_risk=0.3, knock_points=3.0)
    h = player._knock_hint(action, discard, e, (told, e))
    assert h.action == action and h.knock == told
    assert "it wins 8 points on average and playing on 5, so this level knocks" in h.reason
    assert "a knock has won 3 on average (undercut risk 30%)" in h.reason
    # advising to play on, the measured figure of playing on is said
    e = KnockEstimate(6, 0.1, 4.0, 5.0, None, None, 48, "expert")
    told = attrs.evolve(e, play_on_points=7.5)
    h = player._knock_hint(action, discard, e, (attrs.evolve(e, knock_points=30.0), told))
    assert h.action == discard.action and h.knock == told
    assert "playing on wins 8 points on average, knocking 4" in h.reason
    # ... and where it puts playing on below the knock, it still plays on, and says why
    told = attrs.evolve(e, play_on_points=2.0)
    h = player._knock_hint(action, discard, e, (e, told))
    assert h.action == discard.action and h.knock == told
    assert ("over 48 played-out deals playing on wins 5 points on average and knocking 4, "
            "so this level plays on; where it advises playing on like this, playing on "
            "has won 2 on average") in h.reason
    # ... in losses where the figures are below 0
    e = KnockEstimate(6, 0.1, -9.0, -5.0, None, None, 48, "expert")
    h = player._knock_hint(action, discard, e, (e, attrs.evolve(e, play_on_points=-12.0)))
    assert ("playing on loses 5 points on average and knocking 9, so this level plays on; "
            "where it advises playing on like this, playing on has lost 12 on average"
            ) in h.reason
    e = KnockEstimate(6, 0.1, 2.0, -1.0, None, None, 48, "expert")
    h = player._knock_hint(action, discard, e, (attrs.evolve(e, knock_points=-3.0), e))
    assert ("it wins 2 points on average and playing on loses 1, so this level knocks; on "
            "the knocks it advises like this one, a knock has lost 3 on average") in h.reason
    # playing for the game, the chances decide and are said; the points measured ride
    e = KnockEstimate(6, 0.1, 4.0, 5.0, 0.61, 0.6, 48, "expert")
    told = attrs.evolve(e, undercut_risk=0.25, knock_points=-3.0)
    h = player._knock_hint(action, discard, e, (told, e))
    assert h.action == action and h.knock == told
    assert "wins the game 61% of the time, playing on 60%" in h.reason
    assert "undercut risk 25%" in h.reason


@pytest.mark.parametrize("model", sorted(KNOCK_MODELS))
def test_the_measured_chance_of_the_game_keeps_the_order_of_two_chances(model: str) -> None:
    m = KNOCK_MODELS[model]
    chances = [i / 200 for i in range(1, 200)]
    stated = [m._chance(c) for c in chances]
    assert all(a < b for a, b in itertools.pairwise(stated)), model


def test_a_hint_names_its_level_and_the_polish_preset_asks_the_advanced_level() -> None:
    for rules, level in (("classic", "expert"), ("polish", "advanced"), ("eaai", "expert")):
        v = view(ginrules.deal(ginrules.rules(rules), seed=7, dealer=0), 1)
        h = ginrules.hint(v)
        assert h.level == level
        assert h.reason.endswith(f"(the {level} level's move)")
        assert h.action == {"expert": ExpertPlayer, "advanced": AdvancedPlayer}[level](
            opponent="any").choose(v)
    v = view(ginrules.deal(ginrules.rules("polish"), seed=7, dealer=0), 1)
    assert ginrules.hint(v, level="expert").level == "expert"
    assert ginrules.hint(v, level="Intermediate").level == "basic"
    assert ginrules.hint(v, budget=0.0).level == "advanced"  # the source's level
    assert ginrules.hint(view(ginrules.deal(ginrules.rules("classic"), seed=7), 1),
                         budget=0.0).level == "basic"
    with pytest.raises(GinRulesError, match="hint consults the level"):
        ginrules.hint(v, level="grandmaster")
    with pytest.raises(WrongTypeError):
        ginrules.hint(v, level=3)  # type: ignore[arg-type]
    with pytest.raises(GinRulesError, match="no knock model"):
        ginrules.hint(v, level="basic", opponent="human")


def test_a_knock_hint_states_the_figures_of_its_opponents_model() -> None:
    state = _knock_position("eaai", 11)
    v = view(state, state.turn)
    for opponent in ("simple", "expert", None):
        h = ginrules.hint(v, opponent=opponent)
        assert h.knock is not None, h
        assert h.knock.opponent == (opponent or "any")
        assert 0.0 <= h.knock.undercut_risk <= 1.0
        assert f"undercut risk {h.knock.undercut_risk:.0%}" in h.reason or \
            "play on" in h.reason


@pytest.mark.parametrize("opponent", [None, "advanced"])
def test_a_knock_hints_game_chance_is_its_definition(opponent: str | None) -> None:
    from ginrules.players.odds import game_chance

    state = _knock_position("eaai", 5)
    scores = (62, 71)
    v = view(state, state.turn, scores=scores)
    truth = state.masks[1 - state.turn]
    rng = random.Random(9)
    pool = _pool(v)
    hands = [truth] + [sum(1 << i for i in rng.sample(pool, 10)) for _ in range(4)]
    _Fixed.HANDS = hands
    e = _Fixed(seed=2, opponent=opponent).decide(v).knock
    assert e is not None and e.knock_wins_game is not None
    mine, theirs = scores[v.player], scores[1 - v.player]
    knock = min((a for a in v.legal_actions if a.kind is ActionKind.KNOCK),
                key=lambda a: ginrules.deadwood(cards_from_mask(v.mask & ~a.card.mask)))
    points = [_signed(v.mask & ~knock.card.mask, opp, "eaai") for opp in hands]

    def value(p: int) -> float:
        return game_chance(mine + p, theirs, 100) if p >= 0 else game_chance(
            mine, theirs - p, 100)

    if opponent is None:
        assert e.knock_wins_game == pytest.approx(sum(map(value, points)) / len(points))
        return
    share = sum(p < 0 for p in points) / len(points)
    draws = sum(1 for ev in v.events if ev.player != v.player
                and ev.action.kind is ActionKind.DRAW_STOCK)
    risk = undercut_risk(opponent, share, e.deadwood, draws, v.stock_size)
    under = [value(p) for p in points if p < 0]
    over = [value(p) for p in points if p >= 0]
    bonus = ginrules.rules("eaai").undercut_bonus
    sampled = (risk * (sum(under) / len(under) if under else
                       value(-(bonus + (e.deadwood + 1) // 2)))
               + (1 - risk) * (sum(over) / len(over) if over else value(1)))
    a, b = KNOCK_MODELS[opponent].game
    if 0 < sampled < 1:  # the model's line, then the line measured against games won
        z = a + b * math.log(sampled / (1 - sampled))
        z = min(math.log(199), max(-math.log(199), z))
        a, b, c1, c2, c3 = KNOCK_MODELS[opponent].game_measured
        z = a + b * z + c1 * max(0, z + 1) + c2 * max(0, z) + c3 * max(0, z - 1)
        sampled = 1 / (1 + math.exp(-z))
    assert e.knock_wins_game == pytest.approx(sampled)


@attrs.frozen
class _FixedAdvanced(AdvancedPlayer):
    """The advanced level weighing its knock against given opponent hands."""

    HANDS: ClassVar[list[int]] = []

    def _opponent_hands(self, v: Any, memory: Any, pool: list[int], rng: random.Random,
                        weights: list[float], count: int) -> list[int]:
        return self.HANDS[:count]


@pytest.mark.parametrize("preset", ["classic", "dutch"])
@pytest.mark.parametrize("outcome", ["won by 1", "tied", "won by 30"])
def test_the_advanced_level_prices_each_sampled_knock_as_the_showdown(
        preset: str, outcome: str) -> None:
    """Against sampled hands that each leave the knock the same points by the engine's
    showdown (won by 1 point; a tie, an undercut under these rules, worth the undercut
    bonus: 25 under classic, 20 under the Dutch rules, whose gin bonus is 25; won by 30),
    the advanced level states those points and an undercut risk of 0 or 1."""
    rules = ginrules.rules(preset)
    points = {"won by 1": 1, "tied": -rules.undercut_bonus, "won by 30": 30}[outcome]
    state = _knock_position(preset, 1)
    v = view(state, state.turn)
    knock = min((a for a in v.legal_actions if a.kind is ActionKind.KNOCK),
                key=lambda a: ginrules.deadwood(cards_from_mask(v.mask & ~a.card.mask)))
    mine = v.mask & ~knock.card.mask
    hand = next(m for m in (sum(1 << i for i in c)
                            for c in itertools.combinations(_pool(v), 10))
                if _signed(mine, m, preset) == points)
    _FixedAdvanced.HANDS = [hand] * 4
    e = _FixedAdvanced(samples=4, opponent=None).decide(v).knock
    assert e is not None and e.deadwood == ginrules.deadwood(cards_from_mask(mine))
    assert (e.knock_points, e.undercut_risk) == (points, float(points < 0))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_advanced_levels_knock_figures_are_their_definition(seed: int) -> None:
    state = _knock_position("classic", seed)
    v = view(state, state.turn)
    pool = _pool(v)
    rng = random.Random(seed)
    hands = [state.masks[1 - state.turn]] + [sum(1 << i for i in rng.sample(pool, 10))
                                             for _ in range(3)]
    _FixedAdvanced.HANDS = hands
    e = _FixedAdvanced(samples=8, opponent="advanced").decide(v).knock
    assert e is not None
    knock = min((a for a in v.legal_actions if a.kind is ActionKind.KNOCK),
                key=lambda a: ginrules.deadwood(cards_from_mask(v.mask & ~a.card.mask)))
    points = [_signed(v.mask & ~knock.card.mask, opp, "classic") for opp in hands]
    share = sum(p < 0 for p in points) / len(points)
    draws = sum(1 for ev in v.events if ev.player != v.player
                and ev.action.kind is ActionKind.DRAW_STOCK)
    risk = undercut_risk("advanced", share, e.deadwood, draws, v.stock_size)
    assert e.undercut_risk == pytest.approx(risk)
    assert e.opponent == "advanced" and e.samples in (4, 8)
    tilted = _tilted([(p, 1.0) for p in points], risk, e.deadwood,
                     Table.of(v.rules, v.knock_limit))
    a, b = KNOCK_MODELS["advanced"].knock
    assert e.knock_points == pytest.approx(
        a + b * sum(p * w for p, w in tilted) / sum(w for _, w in tilted))
    # waiting: the chance to draw gin in the draws left to it (at most 5), worth the gin
    # bonus and the sampled hands' mean deadwood, by the level's weight
    mine = v.mask & ~knock.card.mask
    outs = sum(1 for i in pool if _best_discards(mine | 1 << i)[0] == 0)
    draws = min(5, max(0, (v.stock_size - v.rules.dead_hand_stock) // 2))
    p_gin = 1 - (1 - outs / len(pool)) ** draws
    mean = sum(ginrules.deadwood(cards_from_mask(h)) for h in hands) / len(hands)
    assert e.play_on_points == pytest.approx(
        AdvancedPlayer().gin_wait * p_gin * (v.rules.gin_bonus + mean))
    assert e.play_on_points > 0 or outs == 0


def _fixed_knock(preset: str, wanted: list[int]) -> tuple[Any, int, list[int]]:
    """A knock position of ``preset``, its least-deadwood knock's ten cards, and opponent
    hands whose showdowns give the knock the ``wanted`` points, in that order."""
    state = _knock_position(preset, 1)
    v = view(state, state.turn)
    knock = min((a for a in v.legal_actions if a.kind is ActionKind.KNOCK),
                key=lambda a: ginrules.deadwood(cards_from_mask(v.mask & ~a.card.mask)))
    mine = v.mask & ~knock.card.mask
    found: dict[int, int] = {}
    rng = random.Random(1)
    while not all(p in found for p in wanted):
        m = sum(1 << i for i in rng.sample(_pool(v), 10))
        found.setdefault(_signed(mine, m, preset), m)
    return v, mine, [found[p] for p in wanted]


@pytest.mark.parametrize("preset", ["classic", "dutch"])
def test_the_advanced_level_settles_its_knock_on_the_gain_over_waiting(
        preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sums the advanced level stops sampling on (after half its samples) are the
    sampled knock points and their gains over waiting for gin: each hand's points less
    the level's gin weight times the gin bonus plus that hand's deadwood."""
    from ginrules.players import advanced

    calls: list[tuple[int, list[float]]] = []
    settled = advanced._settled
    monkeypatch.setattr(advanced, "_settled",
                        lambda n, sums: calls.append((n, list(sums))) or settled(n, sums))
    v, mine, hands = _fixed_knock(preset, [30, 2, -ginrules.rules(preset).undercut_bonus, 9])
    _FixedAdvanced.HANDS = hands
    e = _FixedAdvanced(samples=8, opponent=None).decide(v).knock
    assert e is not None and calls and calls[0][0] == 4
    points = [_signed(mine, h, preset) for h in hands]
    deadwoods = [ginrules.deadwood(cards_from_mask(h)) for h in hands]
    gin_weight = e.play_on_points / (v.rules.gin_bonus + sum(deadwoods) / 4)
    gains = [p - gin_weight * (v.rules.gin_bonus + d)
             for p, d in zip(points, deadwoods, strict=True)]
    assert calls[0][1] == pytest.approx([sum(points), sum(p * p for p in points), sum(gains),
                                         sum(g * g for g in gains)])
    assert e.play_on_points > 0  # (else the gains would not depend on the gin bonus)


@pytest.mark.parametrize(("wanted", "outcome"), [([25, -25], "wins nothing on average"),
                                                 ([24, -25], "loses 0.5 points on average"),
                                                 ([26, -25], "wins 0.5 points on average")])
def test_the_advanced_level_waits_for_gin_only_when_its_knock_would_win(
        wanted: list[int], outcome: str) -> None:
    """A knock the advanced level declines is "not yet", for gin, only when it would win
    points; a knock that wins nothing or loses is declined outright."""
    v, mine, hands = _fixed_knock("classic", wanted)
    _FixedAdvanced.HANDS = hands * 2
    h = _FixedAdvanced(samples=4, opponent=None).decide(v)
    assert h.knock is not None and h.action.kind is not ActionKind.KNOCK
    dead = ginrules.deadwood(cards_from_mask(mine))
    said = f"do not knock with {dead} deadwood{' yet' * (h.knock.knock_points > 0)}: that "
    assert said + outcome in h.reason, h.reason
    # the discard played instead, its reason's "it" named by the card, one space apart
    discard = h.reason.split("; among the discards, ")[1]
    assert re.match(rf"{h.action.card} (leaves|costs|is) ", discard), h.reason
    assert "  " not in h.reason, h.reason


@pytest.mark.parametrize("playouts", [1, 2])
def test_the_expert_weighs_a_knock_by_as_few_playouts_as_it_is_given(playouts: int) -> None:
    """One playout is a playout: the expert's knock figures come from its played-out
    deals (as many as ``playouts``), not from the advanced level's sampled hands, down to
    one; with none, they are the advanced level's."""
    for seed in (1, 2, 3):
        state = _knock_position("classic", seed)
        h = ExpertPlayer(playouts=playouts).decide(view(state, state.turn))
        assert h.knock is not None and h.knock.samples == playouts
        assert f"over {playouts} played-out deals" in h.reason
        h = ExpertPlayer(playouts=0).decide(view(state, state.turn))
        assert "played-out" not in h.reason and "sampled hands of the opponent" in h.reason


@pytest.mark.parametrize(("won", "knocks"), [(10, False), (11, True)])
def test_at_its_last_chance_the_advanced_level_knocks_unless_it_loses_half_the_undercut_bonus(
        won: int, knocks: bool) -> None:
    """Under the Dutch rules (undercut bonus 20, gin bonus 25), with the stock at its
    last draw: against sampled hands that leave the knock a tie (an undercut, -20), a tie
    again and ``won`` points, the advanced level expects (won - 40) / 3. At -10, half the
    undercut bonus lost, it plays on; at -9.7 it knocks."""
    players = [ginrules.players.BasicPlayer(), ginrules.players.BasicPlayer()]
    state = ginrules.deal(ginrules.rules("dutch"), seed=184, dealer=0)
    while not (state.phase is Phase.DISCARD and state.stock_size == 3
               and 0 < _best_discards(state.masks[state.turn])[0] <= state.knock_limit):
        state = state.apply(players[state.turn].choose(view(state, state.turn)))
    v = view(state, state.turn)
    knock = min((a for a in v.legal_actions if a.kind is ActionKind.KNOCK),
                key=lambda a: ginrules.deadwood(cards_from_mask(v.mask & ~a.card.mask)))
    mine = v.mask & ~knock.card.mask
    rest = [i for i in range(52) if not (v.mask >> i) & 1]
    found: dict[int, int] = {}
    rng = random.Random(1)
    while -20 not in found or won not in found:
        m = sum(1 << i for i in rng.sample(rest, 10))
        found.setdefault(_signed(mine, m, "dutch"), m)
    _FixedAdvanced.HANDS = [found[-20], found[-20], found[won]]
    h = _FixedAdvanced(samples=6, opponent=None).decide(v)
    assert h.knock is not None and h.knock.samples == 3
    assert h.knock.knock_points == pytest.approx((won - 40) / 3)
    assert (h.action == knock) is knocks, h.reason
    if knocks:
        assert "at its last chance this level knocks unless it expects to lose 10 points " \
               "or more" in h.reason


@pytest.mark.parametrize("model", ["any", "basic"])
def test_a_model_with_no_advised_map_states_the_risk_it_is_given(model: str) -> None:
    """Where no advised risk was measured (the ``any`` model a person's hint is weighed
    against, and ``basic``), the hint states the model's risk as it is: not kept within
    0.5% and 99.5%, as the advised map keeps the risk it reads."""
    m = KNOCK_MODELS[model]
    for risk in (0.0, 0.001, 0.25, 0.999, 1.0):
        assert m._advised_risk(risk, 20, 5) == risk


@pytest.mark.parametrize(("z", "positive"), [(-699.5, True), (-700.0, False),
                                             (-750.0, False)])
def test_an_advised_risk_far_below_is_0_past_the_overflow_guard(z: float,
                                                                positive: bool) -> None:
    """The stated risk is the logistic of z; from z = -700 down it is 0 (exp(-z) would
    overflow a little below), and just above it the tiny chance it is."""
    from ginrules.players.knock_models import KnockModel

    model = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), advised=(z, 0.0, 0.0, 0.0, 0.0))
    risk = model._advised_risk(0.3, 20, 5)
    assert (risk > 0.0) == positive and risk < 1e-300


@pytest.mark.parametrize(("z", "positive"), [(-699.5, True), (-700.0, False),
                                             (-750.0, False)])
def test_the_game_chance_and_the_undercut_risk_far_below_are_0_past_the_guard(
        monkeypatch: pytest.MonkeyPatch, z: float, positive: bool) -> None:
    """As the advised risk: the logistic of z, 0 from z = -700 down (the game chance's
    measured line and a model's undercut risk, with coefficients that make z a
    constant)."""
    from ginrules.players import knock_models
    from ginrules.players.knock_models import KnockModel, undercut_risk

    game = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), game_measured=(z, 0.0, 0.0, 0.0, 0.0))
    chance = game._chance(0.4)
    assert (chance > 0.0) == positive and chance < 1e-300
    monkeypatch.setattr(knock_models, "KNOCK_MODELS", {
        **knock_models.KNOCK_MODELS, "expert": KnockModel((z, 0.0, 0.0, 0.0, 0.0))})
    risk = undercut_risk("expert", 0.05, 6, 4, 20)
    assert (risk > 0.0) == positive and risk < 1e-300


def test_a_game_chance_of_0_or_1_stays_as_it_is() -> None:
    from ginrules.players.knock_models import KnockModel

    m = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), game=(0.5, 2.0),
                   game_measured=(0.0, 1.0, 0.0, -0.5, 0.0))
    assert (m._chance(0.0), m._chance(1.0)) == (0.0, 1.0)
    assert 0.0 < m._chance(0.01) < m._chance(0.99) < 1.0
