"""The expert's quick playouts: the layoff shortcut agrees with the rules engine, and a
playout's points are those the engine would score."""

from __future__ import annotations

import random

import attrs
import pytest

import ginrules
from ginrules.errors import WrongTypeError
from ginrules.knocking import resolve_knock
from ginrules.masks import _best_discards, _deadwood
from ginrules.melds import arrangements_of_mask
from ginrules.players.lookahead import (
    Table,
    deals,
    defender_deadwood,
    knock_points,
    layoff_chains,
    play_out,
)


def _improved(cards: list[int]) -> int:
    """Ten cards of ``cards`` kept by greedy draws (the first ten, then one at a time)."""
    hand = sum(1 << i for i in cards[:10])
    for c in cards[10:]:
        hand |= 1 << c
        _, which = _best_discards(hand)
        hand &= ~(which & -which)
    return hand


def _knocker(r: random.Random) -> tuple[int, int]:
    """A knocker and a defender, both improved by greedy draws (so undercuts happen)."""
    cards = r.sample(range(52), 40)
    return _improved(cards[:20]), _improved(cards[20:])


def test_the_layoff_shortcut_agrees_with_resolve_knock() -> None:
    r = random.Random(11)
    checked = 0
    while checked < 400:
        mine, theirs = _knocker(r)
        dead = _deadwood(mine)
        if not 0 < dead <= 10:
            continue
        _, defence, _ = resolve_knock(mine, theirs)
        shortcut = max(defender_deadwood(layoff_chains(a), theirs)
                       for a in arrangements_of_mask(mine))
        assert shortcut == defence.deadwood
        checked += 1


@pytest.mark.parametrize("preset", ["eaai", "dutch"])  # Dutch: gin 25, undercut 20
def test_knock_points_score_as_the_rules_do(preset: str) -> None:
    r = random.Random(5)
    rules = ginrules.rules(preset)
    gin = ginrules.cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H TH")
    hands = [(gin, ginrules.cards_to_mask("TC JC QC 2S 3S 4S 9D 9S KD KH"))]
    hands += [_knocker(r) for _ in range(200)]
    for mine, theirs in hands:
        if _deadwood(mine) > 10:
            continue
        # the showdown's facts under classic rules, priced by the preset's bonuses (the
        # eaai showdown lays some hands out otherwise than knock_points, which takes the
        # layout that leaves the defender most)
        result, _ = ginrules.showdown(ginrules.cards_from_mask(mine),
                                      ginrules.cards_from_mask(theirs))
        score = ginrules.score_hand(result, rules)
        expected = score.points if score.winner in ("knocker",) else -score.points
        if score.player is None:
            expected = 0
        assert knock_points(mine, theirs, rules) == expected
    assert knock_points(*hands[0], rules) == 25 + 38  # gin: the bonus and TC-KH's 38


def test_playouts_end_and_deals_split_the_unseen_cards() -> None:
    r = random.Random(3)
    table = Table.of(ginrules.rules("eaai"), 10)
    pool = list(range(20, 52))
    for hand, stock in deals(pool, 10, 0, [1.0] * 52, 30, r, draws=3):
        assert hand.bit_count() == 10 and len(stock) == 22
        assert hand | sum(1 << i for i in stock) == sum(1 << i for i in pool)
        mine = sum(1 << i for i in range(10))
        points = play_out(mine, hand, stock, -1, 0, (0, 10), table)
        assert -100 < points < 100


def test_a_playout_takes_the_card_of_index_0_from_the_pile_as_any_other() -> None:
    # the player to draw takes AC (index 0: the "no card" test is top < 0, not top <= 0),
    # draws nothing from the stock, throws KS and knocks with QS's 10 against 38
    table = Table.of(ginrules.rules("eaai"), 10)
    a = ginrules.cards_to_mask("2C 3C 4D 5D 6D 7H 8H 9H KS QS")
    b = ginrules.cards_to_mask("TC JC QC 2S 3S 4S 9D 9S KD KH")
    stock = [ginrules.Card.parse("JS").index]
    assert play_out(a, b, stock, ginrules.Card.parse("AC").index, 0, (10, 10), table) == 28
    assert stock == [ginrules.Card.parse("JS").index]


def test_deals_take_positive_weights_and_refuse_a_weight_of_0() -> None:
    # one weight per card index, each above 0 (inference_weights keeps them at 0.05 or
    # more): however small, a positive weight is taken, and 0 or less is refused
    weights = [1.0] * 52
    weights[7] = 1e-9
    assert len(deals(list(range(30)), 8, 0, weights, 2, random.Random(1))) == 2
    for bad in (0.0, 0, -1.0):
        weights[7] = bad
        with pytest.raises(WrongTypeError, match="a list of 52 positive numbers"):
            deals(list(range(30)), 8, 0, weights, 2, random.Random(1))


def test_a_playout_takes_the_card_of_index_51_from_the_pile_as_any_other() -> None:
    # KS is index 51, the last card: the second player, to draw, takes it for KD KH KS,
    # throws a nine and knocks with 9 against the first's 10 (-1 from the first's side);
    # the stock is not drawn. The index 52 is no card.
    table = Table.of(ginrules.rules("eaai"), 10)
    a = ginrules.cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H QS")
    b = ginrules.cards_to_mask("TC JC QC 2S 3S 4S 9D 9S KD KH")
    stock = [ginrules.Card.parse(c).index for c in ("5C", "7C", "6S")]
    assert ginrules.Card.parse("KS").index == 51
    assert play_out(a, b, stock, 51, 1, (10, 10), table) == -1
    assert len(stock) == 3
    with pytest.raises(WrongTypeError, match="0 to 51"):
        play_out(a, b, stock, 52, 1, (10, 10), table)


def test_a_runs_layoff_chains_reach_the_ace_and_the_king() -> None:
    chains = layoff_chains(ginrules.arrange("2H 3H 4H JS QS KS 9D TD JD"))
    named = {tuple(str(ginrules.CARDS[i]) for i in chain) for chain in chains}
    assert named == {("AH",), ("5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"),
                     ("TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"),
                     ("8D", "7D", "6D", "5D", "4D", "3D", "2D", "AD"), ("QD", "KD")}


@pytest.mark.parametrize("dead_stock", [2, 5])
def test_a_playout_dies_when_a_draw_leaves_the_stock_at_the_dead_hand_line(
        dead_stock: int) -> None:
    # player a never knocks; b knocks as soon as it may: a's draw that leaves the stock at
    # the line kills the hand (0 points), one card more and b draws and knocks
    rules = attrs.evolve(ginrules.rules("classic"), dead_hand_stock=dead_stock)
    table = Table.of(rules, 10)
    a = ginrules.cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS")
    b = ginrules.cards_to_mask("TC JC QC 2S 3S 4S 5D 6D 7D KH")
    extra = [ginrules.Card.parse(c).index
             for c in ("5C", "7C", "6S", "8S", "9S", "AD", "JD", "QD")]
    assert play_out(a, b, extra[:dead_stock + 1], -1, 0, (0, 10), table) == 0
    assert play_out(a, b, extra[:dead_stock + 2], -1, 0, (0, 10), table) < 0


def test_a_card_mask_is_every_int_from_0_to_all_52_cards_and_no_other() -> None:
    every = (1 << 52) - 1
    for mask in (0, 1, 1 << 51, every):
        assert defender_deadwood((), mask) >= 0
    for mask in (-1, every + 1):
        with pytest.raises(WrongTypeError, match=(
                rf"^defender_deadwood takes a 52-bit card mask \(an int\) as defender, "
                rf"not int {mask}$")):
            defender_deadwood((), mask)


@pytest.mark.parametrize(("last", "openspiel", "classic"), [
    ("2D", -26, -26),  # the defender has 1 less: an undercut under both
    ("3H", 0, -25),  # a tie: an undercut only where the rules say so (not OpenSpiel's)
    ("4H", 1, 1),
])
def test_the_points_of_a_knock_one_either_side_of_a_tie(
        last: str, openspiel: int, classic: int) -> None:
    """The knocker has 3 deadwood (3S); the defender's lone card, laid off on nothing,
    leaves it 2, 3 or 4."""
    from ginrules import cards_to_mask, rules
    from ginrules.players.lookahead import knock_points

    knocker = cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H 3S")
    defender = cards_to_mask(f"TC JC QC 4S 5S 6S KH KD KS {last}")
    assert knock_points(knocker, defender, rules("openspiel")) == openspiel
    assert knock_points(knocker, defender, rules("classic")) == classic


def test_the_quick_discard_takes_the_highest_suit_among_equals_and_never_the_taken_card(
        ) -> None:
    """Of KC and KS (both leaving the same deadwood), the higher suit, KS; a card taken
    from the pile is never thrown, the ace of clubs (index 0) too."""
    from ginrules import Card, cards_to_mask
    from ginrules.players.lookahead import _discard, _highest

    assert _highest(cards_to_mask("KC KS")) == Card.parse("KS").index
    assert _highest(cards_to_mask("KS KC 9H")) == Card.parse("KS").index
    hand = cards_to_mask("AC 4D 5D 6D 7H 8H 9H JS QS KS 2C")
    assert _discard(hand, -1)[0] == Card.parse("2C").index
    assert _discard(hand, Card.parse("2C").index)[0] == Card.parse("AC").index
    high = cards_to_mask("AC 4D 5D 6D 7H 8H 9H JS QS KS 3C")
    assert _discard(high, -1)[0] == Card.parse("3C").index
    gin_but_ace = cards_to_mask("AC 4D 5D 6D 7H 8H 9H TS JS QS KS")  # AC's discard: gin
    assert _discard(gin_but_ace, -1) == (0, 0)
    assert _discard(gin_but_ace, 0) == (Card.parse("KS").index, 1)  # AC was taken
