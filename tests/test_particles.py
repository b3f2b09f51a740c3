"""The particle filter over the opponent's hand (ginrules.players.particles) and the
master player that reads its discards' danger from it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import game
from ginrules.actions import Phase
from ginrules.cards import CARDS, cards_to_mask
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.players import (
    ExpertPlayer,
    MasterPlayer,
    SimplePlayer,
    make_player,
    view,
)
from ginrules.players import particles as pf
from ginrules.players.computer import _in_a_meld
from ginrules.players.particles import read_hand
from strategies import hand_states, played_states


@settings(max_examples=300)
@given(st.randoms(use_true_random=False), st.booleans(), st.integers(0, 10))
def test_the_draw_chances_are_the_throw_chances_of_each_eleven(
        rnd: random.Random, knocked: bool, limit: int) -> None:
    # the shortcuts (no meld: the ten's own best discards; a meld: the deadwood left by
    # the throw first) against the solver run on every eleven cards
    cards = rnd.sample(range(52), 30)
    hand = sum(1 << i for i in cards[:10])
    card = rnd.choice(cards[:10])
    fast = pf._draw_chances(hand, cards[10:], card, knocked, limit)
    slow = [pf._throw_chance(hand | 1 << c, card, -1, knocked, limit) for c in cards[10:]]
    assert fast == slow


@pytest.mark.parametrize(("hand", "taken"), [
    ("AC 5H 6H 7H 8H 8S 9S TS JD QD KD", "AC"),  # the card of index 0
    ("KS 5H 6H 7H 8H 8S 9S TS JD QD KD", "KS"),  # the card of index 51
    ("9C 5H 6H 7H 8H 8S 9S TS JD QD KD", "9C")])
def test_the_baseline_never_throws_the_card_it_took(hand: str, taken: str) -> None:
    # the taken card is the eleven's only deadwood, its best discard were it drawn
    mask, card = cards_to_mask(hand), cards_to_mask(taken).bit_length() - 1
    assert pf._throw_chance(mask, card, -1, True, 10) == 1.0
    for knocked in (False, True):
        assert pf._throw_chance(mask, card, card, knocked, 10) == pf._MISS
    assert pf._throw_chance(mask, cards_to_mask("5H").bit_length() - 1, card, True, 10) > 0


@settings(max_examples=300)
@given(st.randoms(use_true_random=False))
def test_takes_is_the_simple_players_own_test(rnd: random.Random) -> None:
    cards = rnd.sample(range(52), 20)  # the baseline's face-up test, which simple makes
    hand = sum(1 << i for i in cards[:10])
    for c in cards[10:]:
        assert pf._takes(hand, c) == _in_a_meld(hand, CARDS[c])


def _discard_views(seed: int, particles: int, count: int, rules: str = "eaai"
                   ) -> list[ginrules.players.View]:
    """The master's views at its discards in a game against the baseline."""
    state = game.new_game(ginrules.rules(rules), seed=seed)
    players = (MasterPlayer(seed=seed, particles=particles), SimplePlayer(seed=seed))
    out = []
    while not state.is_over and len(out) < count:
        now = state.hand
        assert now is not None
        if now.result is not None:
            state = game.apply(state, game.legal_actions(state)[0])
            continue
        v = state.view(now.turn)
        if now.turn == 0 and v.phase is Phase.DISCARD:
            out.append(v)
        state = game.apply(state, players[now.turn].choose(v))
    return out


def test_a_reading_is_a_function_of_the_view_and_the_seed() -> None:
    views = _discard_views(11, 20, 30)
    asked = [read_hand(v, 20, seed=3) for v in views]  # in the order of the game
    for v, got in reversed(list(zip(views, asked, strict=True))):
        pf._KEPT.clear()  # asked afresh, out of order
        assert read_hand(v, 20, seed=3) == got
    assert read_hand(views[-1], 20, seed=4) != asked[-1]


@pytest.mark.parametrize("rules", ["eaai", "rlcard"])
def test_a_reading_holds_as_many_particles_as_asked(rules: str) -> None:
    # under the eleven-cards opening (rlcard) too, where the opponent who opened was
    # dealt the card it threw first for sure
    views = _discard_views(5, 20, 12, rules)
    assert any(v.rules.opening is ginrules.Opening.ELEVEN_CARDS
               and v.dealer == v.player for v in views) == (rules == "rlcard")
    for v in views:
        reading = read_hand(v, 20)
        assert len(reading.hands) == len(reading.weights) == 20


@pytest.mark.parametrize("upcard", ["AC", "KS"])  # card indices 0 and 51
def test_no_particle_holds_the_upcard_left_face_up(upcard: str) -> None:
    # both players pass the upcard: it lies face up on the pile, seen by both, and the
    # player to draw reads no opponent hand that holds it (AC is card 0: "none turned"
    # is -1, not 0)
    cards = [c for c in CARDS if str(c) != upcard]
    deck = ginrules.Deck((*cards[:20], ginrules.Card.parse(upcard), *cards[20:]))
    state = ginrules.deal(ginrules.rules("classic"), deck=deck, dealer=0)
    state = state.apply("pass").apply("pass")
    reading = read_hand(view(state, state.turn), 40)
    assert reading.hands and not any(h & ginrules.Card.parse(upcard).mask
                                     for h in reading.hands)


def test_every_particle_is_a_hand_the_opponent_may_hold() -> None:
    checked = 0
    for seed in (1, 2):
        for v in _discard_views(seed, 40, 40):
            reading = read_hand(v, 40)
            assert reading.total > 0
            seen = v.mask | cards_to_mask(v.discard_pile)
            known = cards_to_mask(v.opponent_known)
            for h in reading.hands:
                assert h.bit_count() == v.opponent_count
                assert not h & seen
                assert h & known == known
                checked += 1
    assert checked > 1000


def test_the_chances_and_the_danger_read_the_particles() -> None:
    v = _discard_views(5, 60, 12)[-1]
    reading = read_hand(v, 60)
    assert sum(reading.chance(c) for c in CARDS) == pytest.approx(v.opponent_count)
    for c in v.opponent_known:
        assert reading.chance(c) == pytest.approx(1.0)
    for c in v.cards:
        assert reading.chance(c) == 0.0
        assert 0.0 <= reading.danger(c) <= 1.0
        by_hand = sum(w for h, w in zip(reading.hands, reading.weights, strict=True)
                      if _in_a_meld(h, c)) / reading.total
        assert reading.danger(str(c)) == pytest.approx(by_hand)


@settings(max_examples=40, deadline=None)
@given(hand_states())
def test_any_view_can_be_read(state: ginrules.HandState) -> None:
    # random play, any preset and phase: acts the baseline would not make weigh little
    for seat in (0, 1):
        reading = read_hand(view(state, seat), 10)
        assert len(reading.hands) == len(reading.weights) <= 10
        assert all(w > 0 for w in reading.weights)


def test_random_opponents_are_read_too() -> None:
    for state in played_states(4, "classic")[::5]:
        reading = read_hand(view(state, state.turn), 10)
        assert 0.0 <= reading.danger("7H") <= 1.0


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "8"])
def test_a_bad_particle_count_is_one_error(bad: object) -> None:
    v = view(ginrules.deal(ginrules.rules("eaai"), seed=1, dealer=0), 1)
    with pytest.raises(GinRulesError, match="particles must be at least 1"):
        read_hand(v, bad)  # type: ignore[arg-type]
    with pytest.raises(GinRulesError, match="particles must be a whole number"):
        MasterPlayer(particles=bad)  # type: ignore[arg-type]


def test_one_particle_is_enough() -> None:
    """The least particle count, 1, reads a hand of one particle (and the master
    player takes it)."""
    v = view(ginrules.deal(ginrules.rules("eaai"), seed=1, dealer=0), 1)
    reading = read_hand(v, 1)
    assert len(reading.hands) == 1 and reading.hands[0].bit_count() == 10
    assert MasterPlayer(particles=1).particles == 1


def test_a_reading_built_by_hand_needs_a_weight_per_hand() -> None:
    with pytest.raises(GinRulesError, match="a weight per hand: 2 hands, 1 weights"):
        pf.HandReading((1, 2), (1.0,), 1.0)


def test_a_reading_where_no_particle_fits_gives_every_card_a_chance_of_0() -> None:
    """No particle fits the opponent's play (``hands`` empty, ``total`` 0): no card is
    held or taken, rather than a division by zero."""
    empty = pf.HandReading((), (), 0.0)
    assert empty.chance("7H") == 0.0 and empty.danger("7H") == 0.0
    assert empty.chance(0) == 0.0 and empty.danger(0) == 0.0
    # a total below 1 is a total: the one hand, all four sevens and 8H, holds 7H and
    # would take 9H
    sevens = cards_to_mask(ginrules.parse_cards("7C 7D 7H 7S 8H"))
    small = pf.HandReading((sevens,), (0.25,), 0.25)
    assert small.chance("7H") == 1.0 and small.danger("9H") == 1.0


def test_a_reading_built_by_hand_takes_every_52_bit_mask_and_no_other() -> None:
    """A hand is a card mask from 0 (no card) to all 52 cards; one past either end, or
    not an int, is refused as a wrong type."""
    every = (1 << 52) - 1
    reading = pf.HandReading((0, every), (1.0, 1.0), 2.0)
    assert reading.chance("7H") == 0.5 and reading.chance(0) == 0.5
    for bad in ((-1,), (every + 1,), (True,), [1]):
        with pytest.raises(WrongTypeError, match="hands as a tuple of 52-bit card masks"):
            pf.HandReading(bad, (1.0,), 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [52, -1, "XX", True, None])
def test_a_bad_card_is_one_error(bad: object) -> None:
    reading = read_hand(view(ginrules.deal(ginrules.rules("eaai"), seed=1, dealer=0), 1), 5)
    with pytest.raises(GinRulesError):
        reading.danger(bad)  # type: ignore[arg-type]


def test_the_master_is_the_expert_but_for_the_danger_of_its_discards() -> None:
    assert make_player("master", seed=4) == MasterPlayer(seed=4)
    assert MasterPlayer().particles == 800
    views = _discard_views(3, 30, 25)
    master, expert = MasterPlayer(seed=3, particles=30), ExpertPlayer(seed=3)
    differ = 0
    for v in views:
        assert master.choose(v) in v.legal_actions
        assert master.decide(v) == master.decide(type(v).from_dict(v.to_dict()))
        differ += master.choose(v) != expert.choose(v)
    assert differ > 0  # the reading changes some discards
    # before a discard it decides as the expert does
    state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
    assert master.decide(view(state, 1)) == expert.decide(view(state, 1))


def test_the_particles_are_drawn_again_only_when_their_effective_number_is_below_half(
        ) -> None:
    """Weights whose effective number (total² / sum of squares) is at least half the
    particles are only normalized, the particles kept; below half, the particles are
    drawn again by weight, and the weights are all alike."""
    hands = [1 << i for i in range(8)]

    def filtered(weights: list[float]) -> pf._Filter:
        f = pf._Filter(hands=list(hands), used=list(hands), weights=list(weights))
        f.resample(random.Random(5))
        return f

    even = filtered([2.0] * 8)  # effective number 8 of 8
    assert even.hands == hands and even.weights == [0.125] * 8
    half = filtered([3.0, 3.0, 3.0, 3.0, 0.0, 0.0, 0.0, 0.0])  # 4 of 8: kept
    assert half.hands == hands and half.weights == [0.25] * 4 + [0.0] * 4
    few = filtered([1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0])  # 3 of 8: drawn again
    assert set(few.hands) <= set(hands[:3]) and few.weights == [1.0] * 8
    assert few.used == few.hands
    small = filtered([0.1] * 8)  # weights that sum to less than 1 are only normalized
    assert small.hands == hands and small.weights == pytest.approx([0.125] * 8)
    none = filtered([0.0] * 8)  # no particle fits: all alike again, kept
    assert none.hands == hands and none.weights == [1.0] * 8


def test_only_the_opponents_acts_weigh_the_particles() -> None:
    """A card the opponent passed weighs down the particles that would have taken it;
    the same pass made by the reader says nothing of the opponent's hand."""
    state = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0).apply("pass")
    events = view(state, 1).events  # player 1 passed the upcard, 6S
    assert events[0].declined == ginrules.Card.parse("6S")
    sixes = cards_to_mask(ginrules.parse_cards("6H 6D"))  # would take 6S

    def weights_after(me: int) -> list[float]:
        f = pf._Filter(hands=[sixes], used=[sixes], weights=[1.0])
        assert f.step(events, 0, me, 10, random.Random(1)) == 1
        return f.weights

    assert weights_after(me=1) == [1.0]  # the reader's own pass
    assert weights_after(me=0) == [pf._MISS]  # the opponent's


@pytest.mark.parametrize("opener", [0, 1, 51])
def test_an_eleven_cards_opener_is_dealt_to_every_particle(opener: int) -> None:
    """Under the eleven-cards opening the opponent's first discard (here AC, 2C or KS:
    the lowest index too) was dealt to it: every particle has used it, none holds it,
    each holds ten other cards, and that first event is consumed."""
    f = pf._Filter.deal(30, (1 << 52) - 1, random.Random(2), 10, opener)
    assert f.done == 1 and len(f.hands) == 30
    for hand, used in zip(f.hands, f.used, strict=True):
        assert used == hand | 1 << opener and not hand >> opener & 1
        assert hand.bit_count() == 10
    plain = pf._Filter.deal(30, (1 << 52) - 1, random.Random(2), 11)
    assert plain.done == 0 and {h.bit_count() for h in plain.hands} == {11}
    assert plain.used == plain.hands


@pytest.mark.parametrize("how", ["draw", "take"])
@pytest.mark.parametrize("why", ["used", "gone"])
def test_a_throw_cannot_be_of_a_card_a_particle_used_or_that_left(why: str, how: str
                                                                  ) -> None:
    """The opponent drew from the stock (or took QH from the pile) and threw d, which a
    particle does not hold: d was drawn then, or dealt in place of a card it holds.
    Neither can be if the particle already used d (it held d and threw it before) or d
    has left the universe (the reader drew it): that particle's weight is 0; a particle
    for which d is fresh keeps a weight."""
    d, f = (c.index for c in ginrules.parse_cards("KS QH"))
    hand = cards_to_mask(ginrules.parse_cards("AC 2C 3C 5D 6D 7D 9H TH JH QS"))
    universe = (1 << 52) - 1
    used = hand | (1 << d if why == "used" else 0)
    cards = universe & ~(1 << d) if why == "gone" else universe
    particles = pf._Filter(hands=[hand, hand], used=[used, hand], weights=[1.0, 1.0],
                           cards=cards)
    if how == "draw":
        particles._draw(d, False, 10, random.Random(3))
    else:
        particles._take(f, d, False, 10, random.Random(3))
    assert particles.weights[0] == 0.0
    assert (particles.weights[1] > 0.0) == (why == "used")


def test_under_the_eleven_cards_opening_each_reader_deals_the_opponent_its_count() -> None:
    """Under the eleven-cards opening the dealer reads a non-dealer of eleven cards (ten
    kept once it has discarded first, never that discard), and the non-dealer reads a
    dealer of ten."""
    state = ginrules.deal(ginrules.rules("rlcard"), seed=4, dealer=0)
    assert state.upcard is None
    first = state.legal_actions()[0]
    after = state.apply(first)
    for s, seat, count in ((state, 0, 11), (state, 1, 10), (after, 0, 10), (after, 1, 10)):
        v = view(s, seat)
        reading = read_hand(v, 20)
        assert {h.bit_count() for h in reading.hands} == {count}, (seat, count)
        if s is after and seat == 0:
            assert first.card is not None
            assert not any(h & first.card.mask for h in reading.hands)
