"""The expert player, the levels by name, hint's time budget, and the weighted sampler's
reading of the opponent's play."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrules
from ginrules.actions import Phase
from ginrules.errors import WrongTypeError
from ginrules.players import (
    AdvancedPlayer,
    BasicPlayer,
    ExpertPlayer,
    MasterPlayer,
    SimplePlayer,
    inference_weights,
    make_player,
    sample_hidden,
    sample_weighted,
    view,
)
from ginrules.players.determinize import hidden_cards
from ginrules.players.views import View
from strategies import played_states


@pytest.mark.parametrize("rules", ["eaai", "classic", "oklahoma", "straight"])
def test_the_expert_plays_only_legal_moves_and_repeats_itself(rules: str) -> None:
    for seed in range(4):
        players = [ExpertPlayer(seed=seed), SimplePlayer(seed=seed)]
        state = ginrules.deal(ginrules.rules(rules), seed=seed, dealer=seed % 2)
        moves = 0
        while not state.is_over:
            v = view(state, state.turn)
            action = players[state.turn].choose(v)
            assert action in v.legal_actions
            if state.turn == 0:
                assert ExpertPlayer(seed=seed).choose(v) == action  # a pure function
                moves += 1
            state = state.apply(action)
        assert moves > 0


def test_the_expert_decides_from_the_view_alone_and_its_seed() -> None:
    state = played_states(3, "eaai")[9]
    v = view(state, state.turn)
    assert ExpertPlayer(seed=5).decide(v) == ExpertPlayer(seed=5).decide(v)
    # the same view rebuilt from its wire form gives the same move
    assert ExpertPlayer(seed=5).choose(type(v).from_dict(v.to_dict())) == \
        ExpertPlayer(seed=5).choose(v)


def test_the_expert_wins_most_games_against_the_baseline() -> None:
    from ginrules.simulate import simulate

    r = simulate("eaai", ("expert", "simple"), games=40, seed=3)
    assert r.players[0].wins > r.players[1].wins


def test_the_expert_fears_a_discard_by_the_evidence() -> None:
    # player 1 took TS: the other tens are likelier in its hand than a flat chance says,
    # so throwing TH (a set with TS and one of them) is more dangerous to the expert
    from ginrules.players._estimates import _ALL
    from ginrules.players.advanced import _memory

    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("take")
    state = state.apply(SimplePlayer().choose(view(state, 1))).apply("draw stock")
    v = view(state, 0)
    th = ginrules.Card.parse("TH")
    assert th in v.cards and [str(c) for c in v.opponent_known] == ["TS"]
    memory = _memory(v, ginrules.cards_to_mask(v.opponent_known), True)
    unseen = _ALL & ~v.mask & ~memory.known & ~ginrules.cards_to_mask(v.discard_pile)
    pool = [c.index for c in ginrules.cards_from_mask(unseen)]
    hidden = v.opponent_count - 1
    expert = ExpertPlayer()
    chance = expert._chance(expert._stock(v, memory, pool))
    assert chance is not None
    assert sum(chance[i] for i in pool) == pytest.approx(hidden)  # its hidden cards
    td = ginrules.Card.parse("TD").index
    assert chance[td] > hidden / len(pool)
    assert ExpertPlayer(read_danger=False)._chance(expert._stock(v, memory, pool)) is None
    rest = v.mask & ~th.mask
    pile = ginrules.cards_to_mask(v.discard_pile)
    flat = expert._danger(th.index, rest, memory, pile, hidden / len(pool))
    read = expert._danger(th.index, rest, memory, pile, hidden / len(pool), chance)
    assert read > flat


def test_the_levels_a_person_picks() -> None:
    assert make_player("beginner", seed=2) == SimplePlayer(seed=2)
    assert make_player("intermediate") == BasicPlayer()
    assert make_player("advanced") == AdvancedPlayer()
    assert make_player("expert", seed=4) == ExpertPlayer(seed=4)


def test_hint_uses_the_strongest_level_the_budget_allows() -> None:
    for state in played_states(2, "classic")[:30]:
        v = view(state, state.turn)
        for budget, level, player in ((1.0, "expert", ExpertPlayer),
                                      (0.04, "advanced", AdvancedPlayer)):
            h, decided = ginrules.hint(v, budget=budget), player(opponent="any").decide(v)
            assert (h.action, h.knock, h.level) == (decided.action, decided.knock, level)
            assert h.reason == f"{decided.reason} (the {level} level's move)"
        quick = ginrules.hint(v, budget=0.0)
        assert quick.action == BasicPlayer().choose(v)
        assert quick.reason.startswith("the basic level")


@pytest.mark.parametrize("budget", [-1, -0.001, float("nan"), float("-inf")])
def test_hint_refuses_a_budget_below_0_in_words(budget: float) -> None:
    v = view(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0), 1)
    with pytest.raises(ginrules.GinRulesError,
                       match=rf"^the budget is a number of seconds >= 0, not {budget!r}$"):
        ginrules.hint(v, budget=budget)
    with pytest.raises(ginrules.GinRulesError, match="the budget is a number of seconds"):
        ginrules.hint(v, budget=budget, level="advanced")  # (even with a level named)
    assert ginrules.hint(v, budget=0).level == "basic"


# -- the weighted sampler ------------------------------------------------------------------


def _passed_state() -> tuple[ginrules.HandState, int]:
    """A hand where player 1 passed the upcard, player 0 then drew from the stock: player
    0's view knows player 1 declined the upcard."""
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    return state.apply("pass").apply("pass").apply("draw stock"), 0


def test_weights_read_passes_discards_and_takes() -> None:
    state, me = _passed_state()
    v = view(state, me)
    w = inference_weights(v)
    upcard = state.deck[20]
    unseen, _ = hidden_cards(v)
    assert set(w) == set(unseen)
    related = [c for c in unseen if c.rank == upcard.rank or (
        c.suit == upcard.suit and abs(int(c.rank) - int(upcard.rank)) <= 2)]
    assert related and all(w[c] < 1.0 for c in related)
    assert any(w[c] == 1.0 for c in unseen)
    # a taken card makes its neighbours likelier
    taken = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("take")
    wt = inference_weights(view(taken, 0))
    ts = ginrules.Card.parse("TS")
    near = [c for c in wt if c.rank == ts.rank or (
        c.suit == ts.suit and abs(int(c.rank) - int(ts.rank)) <= 2)]
    assert near and all(wt[c] > 1.0 for c in near)
    assert ts not in wt


def test_a_declined_card_s_neighbours_are_rarer_in_the_sampled_hand() -> None:
    # statistically, fixed seeds: the cards that meld with the upcard player 1 passed are
    # in its sampled hand less often by the weighted sampler than by the uniform one
    state, me = _passed_state()
    v = view(state, me)
    upcard = state.deck[20]
    unseen, hidden = hidden_cards(v)
    related = {c for c in unseen if c.rank == upcard.rank or (
        c.suit == upcard.suit and abs(int(c.rank) - int(upcard.rank)) <= 2)}
    runs = 600
    uniform = weighted = 0
    for k in range(runs):
        uniform += len(related & set(sample_hidden(v, seed=k).cards(1 - me)))
        weighted += len(related & set(sample_weighted(v, seed=k).cards(1 - me)))
    expected = runs * len(related) * hidden / len(unseen)
    assert abs(uniform - expected) < 0.1 * expected  # the uniform one is unbiased
    assert weighted < 0.8 * uniform, (weighted, uniform)


def test_weighted_samples_agree_with_the_view() -> None:
    count = 0
    for seed in range(5):
        for state in played_states(seed, "oklahoma"):
            for player in (0, 1):
                v = view(state, player)
                sampled = sample_weighted(v, seed=count)
                assert view(sampled, player) == v
                count += 1
    assert count > 100
    v = view(played_states(1, "classic")[8], 0)
    assert sample_weighted(v, seed=4) == sample_weighted(v, seed=4)
    with pytest.raises(WrongTypeError, match="sample_weighted takes a View"):
        sample_weighted("nope", seed=1)  # type: ignore[arg-type]


# -- playing for the game --------------------------------------------------------------


def test_the_game_chance_table_is_a_chance_that_grows_with_my_score() -> None:
    from ginrules.players.odds import _table, game_chance

    table = _table(100)
    # a and b up to 100, no further; the other needing nothing more is a loss
    assert len(table) == 101 and {len(row) for row in table} == {101}
    assert all(table[a][0] == 0.0 for a in range(1, 101))
    for a in range(101):
        for b in range(1, 101):
            if a:
                assert 0.0 < table[a][b] < 1.0
                assert table[a][b] <= table[a][min(100, b + 1)] + 1e-12  # they need more
                assert table[a][b] <= table[a - 1][b] + 1e-12  # I need less
                # the model is symmetric: one of the two players wins
                assert table[a][b] + table[b][a] == pytest.approx(1.0)
            else:
                assert table[a][b] == 1.0  # needing nothing more is a win
    assert game_chance(100, 99, 100) == 1.0 and game_chance(99, 100, 100) == 0.0
    assert game_chance(120, 3, 100) == 1.0
    # exactly at the target is reached, and mine is looked at first
    assert game_chance(100, 100, 100) == 1.0 and game_chance(99, 100, 100) == 0.0
    assert game_chance(99, 130, 100) == 0.0 and game_chance(10, 101, 100) == 0.0
    assert 0.0 < game_chance(40, 99, 100) < 0.5  # one point to go is not the game
    assert game_chance(50, 50, 100) == pytest.approx(0.5)
    # a target far away counts 500 points to go, and the tables agree where they overlap
    assert game_chance(0, 0, 5000) == pytest.approx(0.5)
    assert _table(150)[70][40] == table[70][40]


def _expert_state(seed: int, actions: int) -> ginrules.HandState:
    state = ginrules.deal(ginrules.rules("eaai"), seed=seed, dealer=seed % 2)
    players = [ExpertPlayer(seed=1, play_for_game=False), SimplePlayer(seed=seed)]
    while len(state.actions) < actions:
        state = state.apply(players[state.turn].choose(view(state, state.turn)))
    return state


def test_the_expert_plays_for_the_game_near_its_target() -> None:
    import attrs

    from ginrules import ActionKind

    state = _expert_state(16, 13)  # the expert may knock with 6 deadwood
    v = view(state, 0)
    assert any(a.kind is ActionKind.KNOCK for a in v.legal_actions)
    points = ExpertPlayer(seed=1, play_for_game=False)
    game = ExpertPlayer(seed=1, play_for_game=True)
    # for points, playing on wins more (28 against 22): it plays on
    assert points.choose(v).kind is ActionKind.DISCARD
    assert points.choose(view(state, 0, scores=(99, 0))) == points.choose(v)
    # without scores the expert decides for points, as before
    assert game.decide(v) == points.decide(v)
    # at 99-0 a knock that wins ends the game: it knocks
    hint = game.decide(view(state, 0, scores=(99, 0)))
    assert hint.action.kind is ActionKind.KNOCK and "wins the game" in hint.reason
    # at 0-0 the game hardly depends on this hand: it plays on, as for points
    assert game.choose(attrs.evolve(v, scores=(0, 0))).kind is ActionKind.DISCARD


# -- the risk stated against a named opponent --------------------------------------------


def test_the_risk_against_a_named_opponent_reads_the_samples_undercut_share() -> None:
    """Told its opponent, the expert states the risk of that opponent's model, a function
    of the samples' undercut share (knock_models' summary): the share the expert told no
    opponent states for the same view. Under rules where a tie is no undercut (OpenSpiel's
    defaults), a sampled hand that ties the knock is not in that share."""
    import attrs

    from ginrules import ActionKind
    from ginrules.players.knock_models import undercut_risk

    rules = ginrules.rules("openspiel")
    assert not rules.undercut_on_tie
    as_undercuts = attrs.evolve(rules, undercut_on_tie=True)
    knocks = ties = 0
    for seed in range(4):
        state = ginrules.deal(rules, seed=seed, dealer=seed % 2)
        players = [SimplePlayer(seed=seed), SimplePlayer(seed=seed + 1)]
        while not state.is_over:
            v = view(state, state.turn)
            sampled = ExpertPlayer().decide(v).knock
            if sampled is not None:
                told = ExpertPlayer(opponent="basic").decide(v).knock  # (advised: as stated)
                assert told is not None and told.opponent == "basic"
                draws = sum(1 for p, a in v.history
                            if p != v.player and a.kind is ActionKind.DRAW_STOCK)
                assert told.undercut_risk == pytest.approx(undercut_risk(
                    "basic", sampled.undercut_risk, sampled.deadwood, draws, v.stock_size))
                knocks += 1
                # were ties undercuts, the share would be higher: this knock's samples tie
                tied = ExpertPlayer().decide(attrs.evolve(v, rules=as_undercuts)).knock
                assert tied is not None
                ties += tied.undercut_risk > sampled.undercut_risk
            state = state.apply(players[state.turn].choose(v))
    assert knocks >= 4 and ties >= 2


def _weighed_position(seed: int = 7) -> tuple[View, Any, list[int], int]:
    """A view where player 1 took TS from the pile, with its memory, pool and hidden count."""
    from ginrules.players._estimates import _ALL
    from ginrules.players.advanced import _memory

    state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=0).apply("take")
    state = state.apply(SimplePlayer().choose(view(state, 1))).apply("draw stock")
    v = view(state, 0)
    memory = _memory(v, ginrules.cards_to_mask(v.opponent_known), True)
    unseen = _ALL & ~v.mask & ~memory.known & ~ginrules.cards_to_mask(v.discard_pile)
    pool = [c.index for c in ginrules.cards_from_mask(unseen)]
    return v, memory, pool, v.opponent_count - memory.known.bit_count()


def test_the_held_chances_are_those_of_the_hands_the_expert_deals() -> None:
    # _held's chance for each unseen card is the share of the sampled opponent hands that
    # hold it (_deals keeps the cards of least exponential key over weight)
    import random

    from ginrules.players.advanced import _read_weights
    from ginrules.players.lookahead import _deals, _held

    v, memory, pool, hidden = _weighed_position()
    weights = _read_weights(v, memory)
    held = _held([weights[i] for i in pool], hidden)
    assert sum(held) == pytest.approx(hidden)
    assert max(held) < 1.0
    count = 20000
    hands = _deals(pool, hidden, 0, weights, count, random.Random(5))
    for i, p in zip(pool, held, strict=True):
        share = sum(hand >> i & 1 for hand, _ in hands) / count
        assert share == pytest.approx(p, abs=0.015), ginrules.CARDS[i]
    # the weights favour the other tens: the clamped chance the expert weighs by took one
    # of them for certain, the held chance does not
    weighed = ExpertPlayer()._chance(ExpertPlayer()._stock(v, memory, pool))
    assert weighed is not None
    td = ginrules.Card.parse("TD").index
    assert held[pool.index(td)] > hidden / len(pool)
    assert held[pool.index(td)] <= weighed[td]


@given(st.lists(st.one_of(st.just(0.0), st.floats(1e-6, 50.0)), min_size=1, max_size=40),
       st.integers(0, 45))
def test_the_held_chances_add_up_to_the_hidden_cards(weights: list[float],
                                                      hidden: int) -> None:
    from ginrules.players.lookahead import _held

    held = _held(weights, hidden)
    live = sum(1 for w in weights if w > 0)
    assert sum(held) == pytest.approx(min(hidden, live), abs=1e-6)
    assert all(0.0 <= p <= 1.0 for p in held)
    assert all(p == 0.0 for p, w in zip(held, weights, strict=True) if w == 0)
    if hidden < live:
        assert all(p < 1.0 for p in held)
    for (p, w), (q, x) in itertools.combinations(zip(held, weights, strict=True), 2):
        assert (p - q) * (w - x) >= -1e-12  # more weight, no less chance


def _stated_dangers(reason: str) -> list[tuple[str, int]]:
    """The cards a discard's reason states the danger of, with the chance in per cent."""
    if m := re.search(r"can use it with chance (\d+)% \((\w\w): (\d+)%\)", reason):
        return [("", int(m[1])), (m[2], int(m[3]))]
    if (m := re.search(r"may use it \((\d+)% against (\d+)%\)", reason)) and (
            o := re.search(r"than (\w\w) \(", reason)):
        return [("", int(m[1])), (o[1], int(m[2]))]
    return []


@pytest.mark.parametrize("player", [ExpertPlayer(), AdvancedPlayer(opponent="simple"),
                                    MasterPlayer(particles=40)],
                         ids=["expert", "advanced", "master"])
def test_the_danger_a_reason_states_is_its_definition(player: AdvancedPlayer) -> None:
    # recomputed from the definition: the chance the opponent holds two cards that meld
    # with the card, each unseen card by the share of the hands dealt from the evidence
    # that hold it, mapped by the measured line; the same for every level, and 100% only
    # where the opponent has shown two such cards; stated only where it orders the two
    # cards as the level's own danger does
    from ginrules.players._danger import _stated_danger
    from ginrules.players._estimates import _ALL, _PAIRS, _held_chances
    from ginrules.players.advanced import _memory, _read_weights
    from ginrules.players.lookahead import _held

    stated = 0
    for seed in range(12):
        state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        other = SimplePlayer(seed=seed)
        while not state.is_over and stated < 30:
            v = view(state, state.turn)
            if state.turn == 1:
                state = state.apply(other.choose(v))
                continue
            h = player.decide(v)
            claims = _stated_dangers(h.reason)
            if claims and h.action.card is not None:
                known = ginrules.cards_to_mask(v.opponent_known)
                memory = _memory(v, known, True)
                pile = ginrules.cards_to_mask(v.discard_pile)
                pool = [c.index for c in ginrules.cards_from_mask(
                    _ALL & ~v.mask & ~memory.known & ~pile)]
                hidden = max(0, v.opponent_count - memory.known.bit_count())
                w = _read_weights(v, memory)
                chance = [0.0] * 52
                for i, p in zip(pool, _held([w[i] for i in pool], hidden), strict=True):
                    chance[i] = p
                held = _held_chances(memory.known, v.mask | pile, 0.0, chance)
                figures = []
                for name, per_cent in claims:
                    card = h.action.card if not name else ginrules.Card.parse(name)
                    danger = AdvancedPlayer._danger(player, card.index, 0, memory, pile,
                                                    0.0, held=held)
                    assert round(100 * _stated_danger(danger)) == per_cent, h.reason
                    if per_cent == 100:
                        assert any(known >> a & 1 and known >> b & 1
                                   for a, b in _PAIRS[card.index]), h.reason
                    figures.append(per_cent)
                    stated += 1
                # the card named first is the one discarded: safer when said so
                assert (figures[0] < figures[1]) == ("is safer" in h.reason), h.reason
            state = state.apply(h.action)
    assert stated >= 20


def test_a_discard_one_point_better_says_so() -> None:
    # a gap of one point is a gap: the least deadwood, or less than the card weighed
    from ginrules.players.advanced import _discard_reason

    s3, h9, kd = (ginrules.Card.parse(c).index for c in ("3S", "9H", "KD"))
    assert _discard_reason(s3, {s3: (12, 2.0, 0.1), h9: (13, 2.0, 0.1)}, {}, [s3, h9],
                           [(s3, 12), (h9, 13)], 0.5, 4.0) == (
        "it leaves the least deadwood, 12 (9H: 13)")
    three = {s3: (12, 2.0, 0.1), h9: (13, 3.0, 0.1), kd: (12, 1.0, 0.5)}
    assert _discard_reason(s3, three, {}, [s3, h9, kd], [(s3, 12), (h9, 13), (kd, 12)],
                           0.5, 4.0).startswith(
        "it leaves 1 less deadwood than 9H (12 against 13); it keeps worse chances")


def test_danger_weighed_at_nothing_is_no_reason_either_way() -> None:
    # with a danger weight of 0 the chance the opponent can use a card decided nothing:
    # the reason neither praises the safer card nor warns of the more dangerous one
    from ginrules.players.advanced import _discard_reason

    s3, h9 = (ginrules.Card.parse(c).index for c in ("3S", "9H"))
    for mine, theirs in ((0.1, 0.7), (0.7, 0.1)):
        parts = {s3: (12, 2.0, mine), h9: (12, 1.0, theirs)}
        assert _discard_reason(s3, parts, {}, [s3, h9], [(s3, 12), (h9, 12)], 0.5, 0.0) == (
            "it keeps better chances: your next card saves 2.0 deadwood on average "
            "(9H: 1.0)")
        even = {s3: (12, 2.0, mine), h9: (12, 2.0, theirs)}
        assert _discard_reason(s3, even, {}, [s3, h9], [(s3, 12), (h9, 12)], 0.5, 0.0) == (
            f"it weighs the same as 9H (deadwood 12, chance {mine:.0%} that the opponent "
            "can use it): a tie, broken by the order of the cards")


def _decisions(player: AdvancedPlayer, hands: int) -> Iterator[tuple[ginrules.View, Any]]:
    """Player 0's views and ``player``'s hints for them, in single classic hands against
    ``simple`` dealt from seeds 0 to ``hands - 1`` (the hint's move is played)."""
    for seed in range(hands):
        state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        other = SimplePlayer(seed=seed)
        while not state.is_over:
            v = view(state, state.turn)
            if state.turn == 1:
                state = state.apply(other.choose(v))
                continue
            h = player.decide(v)
            yield v, h
            state = state.apply(h.action)


@pytest.mark.parametrize("player", [ExpertPlayer(), AdvancedPlayer(opponent="simple")],
                         ids=["expert", "advanced"])
def test_the_deadwood_a_reason_states_is_the_deadwood_left(player: AdvancedPlayer) -> None:
    # every deadwood a discard's reason states, recomputed: what discarding the card (and
    # the card it is weighed against) leaves, and the least any legal discard leaves
    def left(v: ginrules.View, card: ginrules.Card | str) -> int:
        card = ginrules.Card.parse(card) if isinstance(card, str) else card
        return ginrules.deadwood([c for c in v.cards if c != card])

    said = {"least": 0, "less": 0, "more": 0, "alone": 0}
    for v, h in _decisions(player, 10):
        card = h.action.card
        if card is not None and v.phase is Phase.DISCARD:
            least = min(left(v, a.card) for a in v.legal_actions if a.card is not None)
            if m := re.search(r"it leaves the least deadwood, (\d+) \((\w\w): (\d+)\)",
                              h.reason):
                assert (int(m[1]), int(m[3])) == (left(v, card), left(v, m[2])), h.reason
                assert least == int(m[1]) < int(m[3]), h.reason
                said["least"] += 1
            if m := re.search(r"it leaves (\d+) less deadwood than (\w\w) "
                              r"\((\d+) against (\d+)\)", h.reason):
                assert (int(m[3]), int(m[4])) == (left(v, card), left(v, m[2])), h.reason
                assert int(m[1]) == int(m[4]) - int(m[3]) > 0, h.reason
                said["less"] += 1
            if m := re.search(r"it leaves (\d+) more deadwood", h.reason):
                assert int(m[1]) == left(v, card) - least > 0, h.reason
                said["more"] += 1
            if m := re.search(r"it leaves the least deadwood \((\d+)\); every other "
                              r"discard leaves at least (\d+) more", h.reason):
                others = [left(v, a.card) for a in v.legal_actions
                          if a.card is not None and a.card != card]
                assert int(m[1]) == left(v, card) == least, h.reason
                assert int(m[2]) <= min(others) - least, h.reason
                said["alone"] += 1
    assert said["least"] >= 10 and said["more"] + said["less"] >= 3, said


def test_the_deadwood_a_draw_reason_states_is_its_definition() -> None:
    # the advanced level's draws: the deadwood now, after taking the top card and throwing
    # the best discard, what that saves, and what a stock card saves on average (every
    # card the player has not seen alike), each recomputed from the cards
    from ginrules.masks import _best_discard_deadwood

    said = 0
    for v, h in _decisions(AdvancedPlayer(), 40):
        top = v.upcard if v.phase is Phase.OFFER else v.top_discard
        m = re.search(r"\((?:deadwood )?(\d+) -> (\d+)\)", h.reason)
        if m and top is not None and v.phase is not Phase.DISCARD:
            now = ginrules.deadwood(v.cards)
            after = _best_discard_deadwood(v.mask | top.mask)
            assert (int(m[1]), int(m[2])) == (now, after), h.reason
            if saving := re.search(r"saving (\d+)|saves (?:only )?(\d+) deadwood \(",
                                   h.reason):
                assert int(saving[1] or saving[2]) == now - after, h.reason
            if stock := re.search(r"a stock card saves (\d+\.\d) on average", h.reason):
                seen = v.mask | ginrules.cards_to_mask(v.opponent_known) | \
                    ginrules.cards_to_mask(v.discard_pile)
                pool = [i for i in range(52) if not seen >> i & 1]
                gains = [max(0, now - _best_discard_deadwood(v.mask | 1 << i))
                         for i in pool]
                assert stock[1] == f"{sum(gains) / len(gains):.1f}", h.reason
                said += 1
    assert said >= 10


def _knock_chances(preset: str, stock_sizes: set[int]) -> dict[int, ginrules.View]:
    """A view at each of ``stock_sizes`` (cards left in the stock) whose player may knock,
    but not go gin, from games of two simple players that play on instead of knocking."""
    from ginrules import ActionKind

    found: dict[int, ginrules.View] = {}
    for seed in range(60):
        state = ginrules.deal(ginrules.rules(preset), seed=seed, dealer=seed % 2)
        players = [SimplePlayer(seed=seed), SimplePlayer(seed=seed + 1)]
        while not state.is_over and len(found) < len(stock_sizes):
            v = view(state, state.turn)
            knocks = [a for a in v.legal_actions if a.kind is ActionKind.KNOCK]
            if (knocks and v.stock_size in stock_sizes and v.stock_size not in found
                    and all(ginrules.deadwood([c for c in v.cards if c != a.card]) > 0
                            for a in knocks)):
                found[v.stock_size] = v
            action = players[state.turn].choose(v)
            if action.kind is ActionKind.KNOCK:  # play on, to reach a shorter stock
                action = next(a for a in v.legal_actions if a.kind is ActionKind.DISCARD)
            state = state.apply(action)
    assert set(found) == stock_sizes
    return found


@pytest.mark.parametrize("preset", ["classic", "eaai"])
def test_playing_on_at_the_dead_hand_line_is_worth_nothing(preset: str) -> None:
    """With the stock at the dead-hand line, a discard that does not knock ends the hand
    with no score: the expert prices playing on at 0 points in every such knock of
    simple players' games (no playout lets the opponent draw and knock)."""
    from ginrules import ActionKind

    line = ginrules.rules(preset).dead_hand_stock
    weighed = []
    for seed in range(12):
        state = ginrules.deal(ginrules.rules(preset), seed=seed, dealer=seed % 2)
        players = [SimplePlayer(seed=seed), SimplePlayer(seed=seed + 1)]
        while not state.is_over:
            v = view(state, state.turn)
            if v.stock_size == line and any(a.kind is ActionKind.KNOCK
                                            for a in v.legal_actions):
                h = ExpertPlayer().decide(v)
                if h.knock is not None:
                    weighed.append(h.knock.play_on_points)
            action = players[state.turn].choose(v)
            if action.kind is ActionKind.KNOCK:  # play on, to reach the line
                action = next(a for a in v.legal_actions if a.kind is ActionKind.DISCARD)
            state = state.apply(action)
    assert len(weighed) >= 4 and set(weighed) == {0.0}, weighed


@pytest.mark.parametrize("preset", ["classic", "eaai"])
def test_the_expert_knocks_above_its_knock_at_only_as_the_stock_runs_out(preset: str) -> None:
    """``knock_at=0`` waits for gin while the stock lasts: a knock with deadwood is refused
    (and said so) until the next draw would leave the stock at the dead-hand line, and
    then weighed as any knock."""
    line = ginrules.rules(preset).dead_hand_stock
    for size, v in _knock_chances(preset, {line + 1, line + 2, 20}).items():
        reason = ExpertPlayer(knock_at=0, playouts=0).decide(v).reason
        waits = reason.startswith("do not knock with ") and (
            "this level knocks with 0 or less until the stock runs out" in reason)
        assert waits == (size > line + 1), (size, reason)


def test_the_game_value_of_a_hands_points_moves_the_right_total() -> None:
    """Points won add to my total, points lost to the opponent's (a 1-point undercut
    without a bonus too), as the game chance prices them."""
    from ginrules.players.expert import _game_value
    from ginrules.players.odds import game_chance

    value = _game_value(50, 60, 100)
    for points in (-30, -1, 0, 1, 30):
        mine, theirs = (50 + points, 60) if points >= 0 else (50, 60 - points)
        assert value(points) == game_chance(mine, theirs, 100)
    assert value(-1) < value(0) < value(1)
