"""The shared test vocabulary: hypothesis strategies for hands, hand states at every phase,
finished hands of each ending, whole games that finish, and records.

The rare endings (gin, big gin, an undercut, a tie) are not left to chance: each is built
from a deck made for it, so a strategy asked for one always gives one, and
tests/test_strategies.py fails if it stops doing so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

import ginrules
from ginrules import CARDS, Card, Deck, EndKind, HandState, RuleSet
from ginrules.game import GameState, random_policies

PRESET_NAMES = sorted(ginrules.PRESETS)
ENDINGS = ("knock", "gin", "big gin", "undercut", "tie", "dead")

presets = st.sampled_from(PRESET_NAMES)
seeds = st.integers(0, 2**32 - 1)


def _rank_cards(rank: int) -> list[Card]:
    return [CARDS[s * 13 + rank] for s in range(4)]


def _all_melds() -> dict[int, list[tuple[Card, ...]]]:
    out: dict[int, list[tuple[Card, ...]]] = {n: [] for n in range(3, 14)}
    for rank in range(13):
        four = _rank_cards(rank)
        out[4].append(tuple(four))
        out[3] += [tuple(c for c in four if c is not skip) for skip in four]
    for n in range(3, 14):
        for suit in range(4):
            out[n] += [tuple(CARDS[suit * 13 + start + i] for i in range(n))
                       for start in range(14 - n)]
    return out


_MELDS_OF_SIZE = _all_melds()


@st.composite
def melds(draw: st.DrawFn, used: frozenset[Card] = frozenset(), *, size: int | None = None
          ) -> list[Card]:
    """The cards of one meld (a set of 3-4 or a run of 3-5) avoiding ``used``."""
    rnd = draw(st.randoms(use_true_random=False))
    n = size if size is not None else rnd.choice((3, 3, 4, 3, 4, 5))
    candidates = _MELDS_OF_SIZE[n][:]
    rnd.shuffle(candidates)  # every meld of that size is tried, so one is always found
    for cards in candidates:
        if not set(cards) & used:
            return list(cards)
    raise AssertionError("no meld found")  # pragma: no cover


@st.composite
def melded_hands(draw: st.DrawFn, sizes: Sequence[int], used: frozenset[Card] = frozenset()
                 ) -> list[Card]:
    """Cards that form disjoint melds of the given sizes (runs for 5+)."""
    out: list[Card] = []
    taken = set(used)
    for n in sizes:
        cards = draw(melds(frozenset(taken), size=n))
        out += cards
        taken |= set(cards)
    return out


def _deck(non_dealer: Sequence[Card], dealer: Sequence[Card], upcard: Card,
          stock_top: Sequence[Card], rest_order: Sequence[Card]) -> Deck:
    order: list[Card] = []
    for a, b in zip(non_dealer, dealer, strict=True):
        order += [a, b]
    order.append(upcard)
    order += stock_top
    placed = set(order)
    order += [c for c in rest_order if c not in placed]
    return Deck(tuple(order))


@st.composite
def hands(draw: st.DrawFn, size: int = 10) -> tuple[Card, ...]:
    """``size`` distinct random cards."""
    return tuple(draw(st.randoms(use_true_random=False)).sample(CARDS, size))


@st.composite
def hand_states(draw: st.DrawFn, preset: str | None = None, *, steps: int | None = None
                ) -> HandState:
    """A hand under a preset, after a random number of random legal actions (any phase,
    over included)."""
    the_rules = ginrules.rules(preset if preset is not None else draw(presets))
    state = ginrules.deal(the_rules, seed=draw(seeds), dealer=draw(st.integers(0, 1)))
    count = steps if steps is not None else draw(st.integers(0, 120))
    rnd = draw(st.randoms(use_true_random=False))
    for _ in range(count):
        if state.is_over:
            break
        state = state.apply(rnd.choice(state.legal_actions()))
    return state


def _start(draw: st.DrawFn, the_rules: RuleSet, non_dealer: Sequence[Card],
           dealer: Sequence[Card], upcard: Card, stock_top: Sequence[Card]) -> HandState:
    rest = draw(st.randoms(use_true_random=False)).sample(CARDS, 52)
    deck = _deck(non_dealer, dealer, upcard, stock_top, rest)
    return ginrules.deal(the_rules, deck=deck, dealer=1)  # player 0 is offered first


def _others(draw: st.DrawFn, used: set[Card], n: int) -> list[Card]:
    pool = [c for c in draw(st.randoms(use_true_random=False)).sample(CARDS, 52)
            if c not in used]
    return pool[:n]


@st.composite
def finished_hands(draw: st.DrawFn, ending: str, preset: str = "classic") -> HandState:
    """A finished hand that ended as asked: ``knock`` (the knocker scores), ``gin``,
    ``big gin``, ``undercut``, ``tie`` (equal deadwood after a knock) or ``dead``. Player
    0 is offered the upcard, passes, player 1 passes, player 0 draws and ends it."""
    the_rules = ginrules.rules(preset, oklahoma=False, knock_limit=10)
    if ending == "dead":
        the_rules = the_rules.evolve(max_turns=draw(st.integers(1, 6)))
        state = ginrules.deal(the_rules, seed=draw(seeds), dealer=1)
        rnd = draw(st.randoms(use_true_random=False))
        while not state.is_over:
            legal = [a for a in state.legal_actions() if a.kind.value not in ("knock", "big gin")]
            state = state.apply(rnd.choice(legal))
        return state
    if ending == "big gin":
        the_rules = the_rules.evolve(big_gin_bonus=31)
        eleven = draw(melded_hands((4, 4, 3)))
        drawn = eleven[0]  # the card player 0 draws completes the first four
        ten = eleven[1:]
        dealer = _others(draw, set(eleven), 11)
        state = _start(draw, the_rules, ten, dealer[:10], dealer[10], [drawn])
        return state.apply("pass").apply("pass").apply("draw stock").apply("big gin")
    if ending == "gin":
        ten = draw(melded_hands(draw(st.sampled_from([(4, 3, 3), (5, 5), (4, 6), (3, 3, 4)]))))
        others = _others(draw, set(ten), 12)
        state = _start(draw, the_rules, ten, others[:10], others[10], [others[11]])
        state = state.apply("pass").apply("pass").apply("draw stock")
        return state.apply(f"knock {others[11]}")
    # knock, undercut, tie: the knocker keeps one deadwood card next to three melds; the
    # defender melds all but one card worth more (knock), less or nothing (undercut) or
    # the same (tie); neither deadwood card can meld or be laid off
    knocker_melds = draw(melded_hands((3, 3, 3)))
    taken = frozenset(knocker_melds)
    # and no card of the defender can be laid off: a layoff may free melded cards to meld
    # anew (6 v 6 became 6 v 5 when 4S 3S went onto 5S 6S 7S and the sets 3D 3H, 4D 4H,
    # 5C 5D 5H with 6D melded as 3D 4D 5D 6D and 3H 4H 5H, leaving 5C)
    layoffs = frozenset(c for c in CARDS if c not in taken and not _isolated(c, knocker_melds))
    melded = ending == "undercut" and draw(st.integers(0, 4)) == 0  # no deadwood at all
    defender = draw(melded_hands((4, 3, 3) if melded else (3, 3, 3), taken | layoffs))
    rnd = draw(st.randoms(use_true_random=False))
    pool = [c for c in rnd.sample(CARDS, 52) if c not in taken | set(defender)]
    alone = [c for c in pool if _isolated(c, knocker_melds) and _isolated(c, defender)]
    # the two deadwood cards are drawn from the pairs that give the ending (not drawn by
    # value first and then looked for, which left too many draws without a card)
    pairs: list[tuple[Card, Card | None]]
    if melded:
        pairs = [(k, None) for k in alone]
    else:
        pairs = [(k, d) for k in alone for d in alone if d != k and (
            d.points > k.points if ending == "knock" else
            d.points < k.points if ending == "undercut" else d.points == k.points)]
    assume(pairs)
    k_dead, d_dead = rnd.choice(pairs)
    knocker = [*knocker_melds, k_dead]
    if d_dead is not None:
        defender.append(d_dead)
    rest = [c for c in pool if c not in knocker and c not in defender]
    stock_card, upcard = rest[0], rest[1]
    state = _start(draw, the_rules, knocker, defender, upcard, [stock_card])
    state = state.apply("pass").apply("pass").apply("draw stock")
    return state.apply(f"knock {stock_card}")


def _isolated(card: Card, melded: Sequence[Card]) -> bool:
    """Whether ``card`` adds no meld to the cards of ``melded`` (so it stays deadwood there,
    and cannot be laid off onto them)."""
    return ginrules.deadwood([*melded, card]) == ginrules.deadwood(list(melded)) + card.points


def ending_of(state: HandState, the_rules: RuleSet | None = None) -> str:
    """Which of :data:`ENDINGS` a finished hand is."""
    result = state.result
    assert result is not None
    if result.kind is EndKind.DEAD:
        return "dead"
    if result.kind is not EndKind.KNOCK:
        return result.kind.value
    if result.knocker_deadwood == result.defender_deadwood:
        return "tie"
    return "undercut" if result.defender_deadwood < result.knocker_deadwood else "knock"


@st.composite
def any_finished_hand(draw: st.DrawFn) -> HandState:
    """A finished hand of any ending (each about equally often)."""
    return draw(finished_hands(draw(st.sampled_from(ENDINGS)), draw(st.sampled_from(
        ["classic", "polish", "dutch", "eaai"]))))


@st.composite
def finished_games(draw: st.DrawFn, preset: str | None = None) -> GameState:
    """A game that finishes (a target of 25 to 60, basic players, who knock as soon as
    they may), under any preset without Hollywood."""
    name = preset if preset is not None else draw(st.sampled_from(
        ["classic", "short", "polish", "dutch", "eaai", "oklahoma"]))
    target = draw(st.integers(25, 60))
    the_rules = ginrules.rules(name, target=target)
    seed = draw(seeds)
    game = ginrules.new_game(the_rules, seed=seed)
    players = ginrules.players
    return ginrules.game.play(game, [players.BasicPlayer(), players.SimplePlayer(seed=seed)])


@st.composite
def records_of_games(draw: st.DrawFn) -> dict[str, Any]:
    """The record of a finished game, in either deal form."""
    game = draw(finished_games())
    return ginrules.records.to_record(game, deal_form=draw(st.sampled_from(["deck", "hands"])))


def played_states(seed: int, rules: str) -> list[HandState]:
    """Every state of one hand played by random policies, from the deal to before the end."""
    state = ginrules.deal(ginrules.rules(rules), seed=seed, dealer=seed % 2)
    choose, _ = random_policies(seed)
    out = []
    while not state.is_over:
        out.append(state)
        state = state.apply(choose(state, state.turn))
    return out
