"""sample_hidden: every sample agrees with the view it came from, and the unseen cards
are shared out with the frequencies the view implies."""

from __future__ import annotations

import random

import pytest

import ginrules
from ginrules.actions import ActionKind, Phase
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.game import random_policies
from ginrules.players import AdvancedPlayer, BasicPlayer, view
from ginrules.players.determinize import hidden_cards, sample_hidden
from ginrules.players.views import _own_hands
from strategies import played_states


@pytest.mark.parametrize("rules", [
    "classic", "oklahoma", "openspiel", "straight",
    "rlcard",  # the eleven-cards opening: the non-dealer is dealt eleven
])
def test_every_sample_agrees_with_the_view(rules: str) -> None:
    count = 0
    for seed in range(12):
        for state in played_states(seed, rules):
            for player in (0, 1):
                v = view(state, player)
                sampled = sample_hidden(v, seed=count)
                assert view(sampled, player) == v
                # the cards it was dealt, as the view's history and draws give them
                first = 0 if player != state.dealer else 1
                dealt = state.deck.cards[first:20:2]
                if state.rules.opening is ginrules.Opening.ELEVEN_CARDS and first == 0:
                    dealt += (state.deck.cards[20],)  # the non-dealer's eleventh
                assert _own_hands(v)[0] == ginrules.cards_to_mask(dealt)
                assert sampled.stock_size == state.stock_size
                count += 1
    assert count > 500


def test_samples_agree_in_hands_played_by_computer_players() -> None:
    players = [AdvancedPlayer(seed=1, samples=4), BasicPlayer()]
    for seed in range(6):
        state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        while not state.is_over:
            for player in (0, 1):
                v = view(state, player)
                assert view(sample_hidden(v, seed=seed), player) == v
            state = state.apply(players[state.turn].choose(view(state, state.turn)))


def test_known_cards_stay_and_the_drawn_card_is_the_one_drawn() -> None:
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("take")
    state = state.apply(state.legal_actions()[0]).apply("draw stock")
    v = view(state, 0)  # player 0 has just drawn from the stock; player 1 took TS
    assert v.drawn is not None and [str(c) for c in v.opponent_known] == ["TS"]
    for k in range(50):
        sampled = sample_hidden(v, seed=k)
        assert sampled.deck[21] == v.drawn
        assert set(v.opponent_known) <= set(sampled.cards(1))


def test_the_unseen_cards_land_with_the_frequency_the_view_implies() -> None:
    # a view in the middle of a hand: each unseen card is in the opponent's hand with
    # chance hidden / unseen; a chi-square statistic over the unseen cards, fixed seeds
    state = played_states(4, "classic")[14]
    v = view(state, state.turn)
    unseen, hidden = hidden_cards(v)
    assert hidden and len(unseen) > hidden
    runs = 3000
    counts = dict.fromkeys(unseen, 0)
    rng = random.Random(2026)
    for _ in range(runs):
        sampled = sample_hidden(v, rng)
        held = set(sampled.cards(1 - v.player))
        for card in unseen:
            counts[card] += card in held
        assert len(held & set(unseen)) == hidden
    p = hidden / len(unseen)
    expected = runs * p
    chi2 = sum((c - expected) ** 2 / (expected * (1 - p)) for c in counts.values())
    dof = len(unseen) - 1
    assert chi2 < dof + 5 * (2 * dof) ** 0.5, (chi2, dof)
    # and the test can fail: a biased sampler (the lowest cards first) is caught
    biased = dict.fromkeys(unseen, 0)
    for card in unseen[:hidden]:
        biased[card] = runs
    chi2_biased = sum((c - expected) ** 2 / (expected * (1 - p)) for c in biased.values())
    assert chi2_biased > dof + 5 * (2 * dof) ** 0.5


def test_the_stock_order_is_shuffled_too() -> None:
    v = view(played_states(3, "classic")[6], 0)
    tops = {sample_hidden(v, seed=k).stock[0] for k in range(200)}
    assert len(tops) > 20


def test_the_same_seed_gives_the_same_state() -> None:
    v = view(played_states(5, "oklahoma")[9], 1)
    assert sample_hidden(v, seed=9) == sample_hidden(v, seed=9)
    assert sample_hidden(v, random.Random(1)) == sample_hidden(v, random.Random(1))


def test_bad_input_is_an_actionable_error() -> None:
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    with pytest.raises(WrongTypeError, match="View"):
        sample_hidden(state, seed=1)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="seed"):
        sample_hidden(view(state, 0), seed="1")  # type: ignore[arg-type]
    last = ginrules.game.play(ginrules.new_game(ginrules.rules("short"), seed=3),
                              random_policies(3)).finished[0]
    with pytest.raises(GinRulesError, match="in play"):
        sample_hidden(view(last, 0), seed=1)
    import attrs

    edited = attrs.evolve(view(state, 0), opponent_count=12)
    with pytest.raises(GinRulesError, match="does not add up"):
        sample_hidden(edited, seed=1)
    # the phase edited (the player has drawn, so it is to discard, not to draw)
    drawn = state.apply("pass").apply("pass").apply("draw stock")
    edited = attrs.evolve(view(drawn, 1), phase=Phase.DRAW)
    with pytest.raises(GinRulesError, match="its history does not lead to its cards and "
                                            "phase; was it edited"):
        sample_hidden(edited, seed=1)


def test_a_take_from_an_empty_pile_does_not_add_up() -> None:
    """A view edited so that the player took from an empty discard pile (its upcard
    removed) is refused, though its eleven cards are as many as an eleven-cards
    non-dealer holds: the take's card is unknown, so the hands cannot be walked back."""
    import attrs

    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("take")
    edited = attrs.evolve(view(state, 1), upcard=None)
    with pytest.raises(GinRulesError, match="does not add up"):
        _own_hands(edited)


def test_a_sample_keeps_the_players_own_stock_draws_where_they_were_drawn() -> None:
    import attrs

    from ginrules import Card

    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    for text in ("pass", "pass", "draw stock"):
        state = state.apply(text)
    state = state.apply(f"discard {state.deck[21]}")  # the card drawn, thrown at once
    state = state.apply("draw stock")
    v = view(state, 0)
    assert v.drawn_cards == (state.deck[22],) and view(state, 1).drawn_cards == (
        state.deck[21],)
    drawn_by_1 = set()
    for seed in range(20):
        sampled = sample_hidden(v, seed=seed)
        assert sampled.deck[22] == state.deck[22] and view(sampled, 0) == v
        drawn_by_1.add(sampled.deck[21])  # player 1 drew a card unseen, or the one it threw
    assert len(drawn_by_1) > 1
    # a draw the history cannot account for: a card it never held, or one too many
    other = next(c for c in state.deck.cards[30:] if c not in v.cards)
    for wrong in ((other,), (state.deck[22], Card.parse(str(other)))):
        with pytest.raises(GinRulesError, match="drawn_cards"):
            sample_hidden(attrs.evolve(v, drawn_cards=wrong), seed=1)


def test_opponent_hands_are_drawn_by_weight_without_replacement() -> None:
    """The players' sampler against the definition: each card drawn with chance its weight
    over the weight of the cards left. Pairs from five cards, worked out exactly."""
    import itertools
    import random

    from ginrules.players.determinize import _opponent_masks

    pool = [3, 17, 30, 41, 50]
    weights = [1.0] * 52
    for index, w in zip(pool, (1.0, 2.0, 0.5, 3.0, 1.0), strict=True):
        weights[index] = w
    whole = 7.5
    exact = {}
    for a, b in itertools.combinations(pool, 2):
        wa, wb = weights[a], weights[b]
        exact[1 << a | 1 << b] = wa / whole * wb / (whole - wa) + wb / whole * wa / (whole - wb)
    assert abs(sum(exact.values()) - 1) < 1e-12
    n = 40_000
    known = 1 << 8  # a card the opponent is known to hold is in every hand
    hands = _opponent_masks(pool, 2, known, n, random.Random(3), weights)
    assert all(h & known for h in hands)
    counts = {m: 0 for m in exact}
    for h in hands:
        counts[h & ~known] += 1
    for m, p in exact.items():
        spread = (p * (1 - p) / n) ** 0.5
        assert abs(counts[m] / n - p) < 4 * spread, (m, counts[m] / n, p)
    # the pair of the two heaviest cards (2.0 and 3.0) against the two lightest
    assert exact[1 << 17 | 1 << 41] > 0.25 > 0.02 > exact[1 << 3 | 1 << 30]


def _late_state(keep: int, stock_left: int) -> ginrules.HandState:
    """Player 0 always draws from the stock; player 1 always takes the discard and
    throws the cards player 0 has not seen first, keeping ``keep`` of them: when the
    stock is down to ``stock_left``, player 0 has seen all but ``keep + stock_left``."""
    rnd = random.Random(5)
    s = ginrules.deal(ginrules.rules("classic", dead_hand_stock=0), seed=1, dealer=0)
    seen = {s.upcard}
    while not (s.phase is Phase.DRAW and s.turn == 0 and s.stock_size == stock_left):
        legal = {a.kind: a for a in s.legal_actions()}
        if s.phase is Phase.OFFER:
            action = legal[ActionKind.TAKE if s.turn == 1 else ActionKind.PASS]
        elif s.phase is Phase.DRAW:
            take = ActionKind.DRAW_DISCARD if s.turn == 1 and ActionKind.DRAW_DISCARD in legal \
                else ActionKind.DRAW_STOCK
            action = legal[take]
        else:
            throws = [a for a in s.legal_actions() if a.kind is ActionKind.DISCARD]
            fresh = [a for a in throws if a.card not in seen]
            action = fresh[0] if s.turn == 1 and len(fresh) > keep else rnd.choice(
                [a for a in throws if a not in fresh[:keep]] if s.turn == 1 else throws)
        if action.card is not None:
            seen.add(action.card)
        s = s.apply(action)
    return s


@pytest.mark.parametrize(("keep", "stock_left"), [(0, 4), (1, 3)])
def test_every_order_of_the_stock_is_sampled(keep: int, stock_left: int) -> None:
    """Four cards unseen, late in a hand: every way to deal them (the opponent's unseen
    card, if any, and the order of the stock) is one of 4! = 24, each of chance 1/24.
    In 1,000 seeded samples each is missed with chance (23/24)**1000 < 4e-19, so that
    some of them is missed has chance under 1e-17: a sampler that shuffles less (only
    the top card, or all but the last two) is caught."""
    state = _late_state(keep, stock_left)
    v = view(state, 0)
    unseen, hidden = hidden_cards(v)
    assert (len(unseen), hidden, state.stock_size) == (4, keep, stock_left)
    runs = 1000
    assert 24 * (23 / 24) ** runs < 1e-9
    dealt: dict[tuple[frozenset[ginrules.Card], tuple[ginrules.Card, ...]], int] = {}
    for seed in range(runs):
        sampled = sample_hidden(v, seed=seed)
        held = frozenset(sampled.cards(1)) & frozenset(unseen)
        key = (held, sampled.stock)
        dealt[key] = dealt.get(key, 0) + 1
    assert all(len(h) == keep and set(h) | set(s) == set(unseen) for h, s in dealt)
    assert len(dealt) == 24, sorted(dealt.values())


def test_a_view_whose_opponent_throws_a_card_before_it_could_hold_one_names_it() -> None:
    """Player 1 takes each of player 0's discards and throws the ten cards it was dealt,
    then (player 0 drawing from the stock and throwing that card) draws from the stock
    and throws that card. Edited so that the throw comes before
    the draw, the view says player 1 threw a card it had not drawn yet: every card it held
    then was seen. The error names that card."""
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("pass")
    state = state.apply("pass")
    dealt = state.cards(1)
    state = state.apply("draw stock")
    state = state.apply(f"discard {(set(state.cards(1)) - set(dealt)).pop()}")
    for card in dealt:
        state = state.apply("draw stock")
        state = state.apply(f"discard {view(state, 0).drawn}")
        state = state.apply("draw discard").apply(f"discard {card}")
    assert set(view(state, 0).opponent_known) == set(state.cards(1))
    state = state.apply("draw stock")
    state = state.apply(f"discard {view(state, 0).drawn}")
    held = set(state.cards(1))
    state = state.apply("draw stock")
    thrown = (set(state.cards(1)) - held).pop()
    state = state.apply(f"discard {thrown}")
    state = state.apply("draw stock")  # player 0 acts last: the error names the thrower
    state = state.apply(f"discard {view(state, 0).drawn}")
    v = view(state, 0)
    sample_hidden(v, seed=1)  # as played, it adds up
    *before, draw, throw, own_draw, own_throw = v.history
    import attrs

    edited = attrs.evolve(v, history=(*before, throw, draw, own_draw, own_throw))
    with pytest.raises(GinRulesError, match=f"player 1 discarded {thrown} before it could "
                                            "have held it"):
        sample_hidden(edited, seed=1)


@pytest.mark.parametrize("above", [-1, 0, 1])
def test_the_shuffle_of_the_unseen_cards_rejects_draws_from_the_bound_up(above: int) -> None:
    """The first swap of the unseen cards draws below their number n by rejecting outputs
    of limit = 2**64 - 2**64 % n and more. A seed whose first output is limit or limit + 1
    samples as the next seed of its stream does (that output is skipped); one whose first
    output is limit - 1 does not."""
    from ginrules._splitmix import GOLDEN  # the stream's step: the next seed's outputs
    from test_cards import _seed_whose_first_output_is

    v = view(ginrules.deal(ginrules.rules("classic"), seed=3, dealer=0), 1)
    n = 52 - 10 - 1  # all but the player's ten and the upcard
    limit = 2**64 - 2**64 % n
    seed = _seed_whose_first_output_is(limit + above)
    skipped = sample_hidden(v, seed=seed) == sample_hidden(v, seed=seed + GOLDEN)
    assert skipped == (above >= 0)


@pytest.mark.parametrize("hidden", [0, 1, 2, 3, 4, 5])
def test_the_players_opponent_hands_hold_the_known_and_as_many_unseen_as_hidden(
        hidden: int) -> None:
    """The players' fast sampler of opponent hands: the known cards and ``hidden`` of the
    pool, all of the pool when it has no more, none when nothing is hidden."""
    from ginrules.players.determinize import _opponent_masks

    pool, known = [3, 9, 20, 41], 1 << 51
    hands = _opponent_masks(pool, hidden, known, 20, random.Random(hidden), [1.0] * 52)
    every = sum(1 << i for i in pool)
    for h in hands:
        assert h & known == known and not h & ~(known | every)
        assert (h & every).bit_count() == min(hidden, len(pool))
    if 0 < hidden < len(pool):
        assert len(set(hands)) > 1


def test_a_card_of_weight_0_is_never_in_a_sampled_opponent_hand() -> None:
    from ginrules.players.determinize import _opponent_masks

    weights = [1.0] * 52
    weights[9] = 0.0
    hands = _opponent_masks([3, 9, 20, 41], 3, 0, 50, random.Random(2), weights)
    assert all(h == (1 << 3) | (1 << 20) | (1 << 41) for h in hands)
