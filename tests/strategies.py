"""The shared test vocabulary: hypothesis strategies for hands, hand states at every phase,
finished hands of each ending, whole games that finish, and records.

The rare endings (gin, big gin, an undercut, a tie) are not left to chance: each is built
from a deck made for it, under each preset's own rules, so a strategy asked for one always
gives one; games are also built of such hands, so records hold every ending and finished
games; tests/test_strategies.py fails if a strategy stops reaching one of them.

The tests do not leave the (preset, ending) pair to chance either: each is parametrized
over the whole table (:data:`TABLE`, and :data:`HAND_PAIRS` or :data:`GAME_PAIRS` with
played and open hands and games), drawing its examples of each pair from
:func:`hand_of` or :func:`game_of`, :func:`per_pair` of them, so that every pair is in
every test's examples under every profile (the census in tests/test_strategies.py checks
it, test by test).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import assume
from hypothesis import strategies as st

import ginrules
from ginrules import CARDS, Card, Deck, EndKind, HandState, Opening, RuleSet
from ginrules.game import GameState, random_policies

PRESET_NAMES = sorted(ginrules.PRESETS)
ENDINGS = ("knock", "gin", "big gin", "undercut", "tie", "dead")

presets = st.sampled_from(PRESET_NAMES)
seeds = st.integers(0, 2**32 - 1)


def _rng(draw: st.DrawFn) -> random.Random:
    """A random generator seeded from one draw: a builder's many shuffles and choices cost
    one draw each, not one per card (``st.randoms`` made them several times slower)."""
    return random.Random(draw(seeds))


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
    rnd = _rng(draw)
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


def endings_for(preset: str | RuleSet) -> tuple[str, ...]:
    """The endings a hand can have under a preset (or rules): no big gin where the rules
    do not offer it, and only gin and dead hands where the knock limit is 0."""
    the_rules = ginrules.rules(preset) if isinstance(preset, str) else preset
    out = list(ENDINGS)
    if the_rules.big_gin_bonus is None:
        out.remove("big gin")
    if the_rules.knock_limit == 0 and not the_rules.oklahoma:
        out = [e for e in out if e not in ("knock", "undercut", "tie")]
    return tuple(out)


def lays_out_own_hand(the_rules: RuleSet) -> bool:
    """Whether a knocker may state its melds under these rules (the record then states
    them): everywhere but where the rules lay hands out (``auto_layout``)."""
    return not the_rules.auto_layout


@st.composite
def _squares(draw: st.DrawFn) -> list[Card]:
    """Nine cards that are three runs and also three sets (three ranks in three suits):
    the knocker's layout is a choice, so stated melds may differ from the default."""
    start = draw(st.integers(0, 10))
    suits = draw(st.permutations(range(4)))[:3]
    return [CARDS[s * 13 + start + i] for s in suits for i in range(3)]


def _square_melds(cards: Sequence[Card], runs: bool) -> list[list[Card]]:
    groups: dict[object, list[Card]] = {}
    for c in cards:
        groups.setdefault(c.suit if runs else c.rank, []).append(c)
    return [sorted(g, key=lambda c: c.index) for g in groups.values()]


def _end_by_knock(state: HandState, card: Card, melds: list[list[Card]] | None,
                  stated: bool) -> HandState:
    """The knock of ``card``, stating the knocker's ``melds`` or not."""
    if stated and melds is not None:
        return ginrules.hand.knock(state, card, [" ".join(map(str, m)) for m in melds])
    return state.apply(f"knock {card}")


@st.composite
def finished_hands(draw: st.DrawFn, ending: str, preset: str | RuleSet = "classic", *,
                   dealer: int | None = None, stated: bool | None = None,
                   turn_cap: bool | None = None) -> HandState:
    """A finished hand that ended as asked: ``knock`` (the knocker scores), ``gin``,
    ``big gin``, ``undercut``, ``tie`` (equal deadwood after a knock) or ``dead``, under
    the preset's own rules (or the rules given) unchanged, which must allow the ending
    (:func:`endings_for`). The non-dealer (``dealer``: drawn if not given) is offered the
    upcard, passes, the dealer passes, the non-dealer draws from the stock and ends it
    (under the eleven-cards opening the non-dealer is dealt that eleventh card and ends
    it on its first turn);
    its knock states its melds (``stated``; drawn if not given, three times in four, where
    the rules let the knocker lay out its hand): a knock then states three runs where its
    own layout would show three sets (:func:`layout_of` says ``"stated"``). A dead hand is played out by random players who never knock: to the stock's
    end, or under a turn cap (``turn_cap``: drawn if not given; the rules then differ from
    the preset's by ``max_turns``)."""
    the_rules = ginrules.rules(preset) if isinstance(preset, str) else preset
    if ending not in endings_for(the_rules):
        raise ValueError(f"{ending!r} cannot happen under these rules")
    dealer = dealer if dealer is not None else draw(st.integers(0, 1))
    rnd = _rng(draw)
    if stated is None:
        stated = lays_out_own_hand(the_rules) and draw(st.integers(0, 3)) > 0
    if ending == "dead":
        if turn_cap if turn_cap is not None else draw(st.booleans()):
            the_rules = the_rules.evolve(max_turns=draw(st.integers(1, 6)))
        state = ginrules.deal(the_rules, seed=draw(seeds), dealer=dealer)
        while not state.is_over:
            legal = [a for a in state.legal_actions() if a.kind.value not in ("knock", "big gin")]
            state = state.apply(rnd.choice(legal))
        return state
    # the knocker's ten cards, the melds it may state, its discard; the defender's ten
    knocker_melds: list[list[Card]] | None
    defender: list[Card] = []
    if ending in ("big gin", "gin"):
        sizes = (4, 4, 3) if ending == "big gin" else draw(st.sampled_from(
            [(4, 3, 3), (5, 5), (4, 6), (3, 3, 4)]))
        cards = draw(melded_hands(sizes))
        knocker_melds = None
        kept = cards
        if ending == "gin":
            knocker_melds, at = [], 0
            for n in sizes:
                knocker_melds.append(cards[at:at + n])
                at += n
    else:
        # knock, undercut, tie: the knocker keeps one deadwood card next to three melds;
        # the defender melds all but one card worth more (knock), less or nothing
        # (undercut) or the same (tie); neither deadwood card can meld or be laid off
        square = stated or draw(st.booleans())
        nine = draw(_squares()) if square else draw(melded_hands((3, 3, 3)))
        # (the knocker's own layout of a square shows the sets, onto which fewer cards
        # can be laid off: stated, the runs are the melds other than its own)
        knocker_melds = (_square_melds(nine, runs=True) if square
                         else [nine[i:i + 3] for i in (0, 3, 6)])
        taken = frozenset(nine)
        # and no card of the defender can be laid off: a layoff may free melded cards to
        # meld anew (6 v 6 became 6 v 5 when 4S 3S went onto 5S 6S 7S and the sets 3D 3H,
        # 4D 4H, 5C 5D 5H with 6D melded as 3D 4D 5D 6D and 3H 4H 5H, leaving 5C)
        layoffs = frozenset(c for c in CARDS if c not in taken and not _isolated(c, nine))
        melded = ending == "undercut" and draw(st.integers(0, 4)) == 0  # no deadwood at all
        defender = draw(melded_hands((4, 3, 3) if melded else (3, 3, 3), taken | layoffs))
        pool = [c for c in rnd.sample(CARDS, 52) if c not in taken | set(defender)]
        alone = [c for c in pool if _isolated(c, nine) and _isolated(c, defender)]
        # the two deadwood cards are drawn from the pairs that give the ending (not drawn
        # by value first and then looked for, which left too many draws without a card)
        pairs: list[tuple[Card, Card | None]]
        if melded:
            pairs = [(k, None) for k in alone]
        else:
            pairs = [(k, d) for k in alone for d in alone if d != k and (
                d.points > k.points if ending == "knock" else
                d.points < k.points if ending == "undercut" else d.points == k.points)]
        assume(pairs)
        k_dead, d_dead = rnd.choice(pairs)
        kept = [*nine, k_dead]
        if d_dead is not None:
            defender.append(d_dead)
    used = set(kept) | set(defender)
    rest = [c for c in rnd.sample(CARDS, 52) if c not in used]
    if not defender:
        defender, rest = rest[:10], rest[10:]
    # the upcard (Oklahoma: worth at least the knocker's deadwood, so the knock is legal)
    least = kept[-1].points if ending in ("knock", "undercut", "tie") else 0
    ups = [c for c in rest if not the_rules.oklahoma or the_rules.knock_limit_for(c) >= least]
    assume(ups)
    upcard = ups[0]
    rest.remove(upcard)
    # the knocker is dealt its ten kept cards and draws one more, to discard with the
    # knock; or (the discard a card it was dealt) is dealt nine of them and an extra card
    extra = rest.pop(0)
    if ending == "big gin":
        dealt, drawn = kept[1:], kept[0]
    elif draw(st.booleans()):
        dealt, drawn = kept, extra
    else:
        i = draw(st.integers(0, len(kept) - 1))
        dealt, drawn = [*kept[:i], extra, *kept[i + 1:]], kept[i]
    if the_rules.opening is Opening.ELEVEN_CARDS:
        # no upcard is turned: the non-dealer is dealt the card it would draw as its
        # eleventh, and its first turn ends the hand
        deck = _deck(dealt, defender, drawn, [], [*rest, extra, upcard])
        state = ginrules.deal(the_rules, deck=deck, dealer=dealer)
    else:
        deck = _deck(dealt, defender, upcard, [drawn], [*rest, extra])
        state = ginrules.deal(the_rules, deck=deck, dealer=dealer)
        state = state.apply("pass").apply("pass").apply("draw stock")
    if ending == "big gin":
        return state.apply("big gin")
    return _end_by_knock(state, extra, knocker_melds, stated)


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


def layout_of(state: HandState) -> str | None:
    """How a knock's melds were chosen: ``"laid out"`` (the rules lay hands out), ``"own"``
    (the knocker's own layout, :func:`ginrules.knocking.knocker_layout`) or ``"stated"``
    (melds the knocker stated, other than its own layout); ``None`` for other ends."""
    result = state.result
    if result is None or result.knocker is None or result.kind is EndKind.BIG_GIN:
        return None
    if state.rules.auto_layout:
        return "laid out"
    own = ginrules.knocking.knocker_layout(state.masks[result.knocker],
                                        discard_pile=state.discard_pile)
    return "own" if set(own.melds) == set(result.knocker_melds) else "stated"


@st.composite
def any_finished_hand(draw: st.DrawFn, preset: str | None = None) -> HandState:
    """A finished hand of any ending (each about equally often), under any preset that
    allows it (or the one given, of the endings it allows)."""
    if preset is not None:
        return draw(finished_hands(draw(st.sampled_from(endings_for(preset))), preset))
    ending = draw(st.sampled_from(ENDINGS))
    name = draw(st.sampled_from([p for p in PRESET_NAMES if ending in endings_for(p)]))
    return draw(finished_hands(ending, name))


def play_hand(preset: str, seed: int, knocky: bool) -> HandState:
    """A hand between random players; ``knocky`` players knock whenever they may (most
    such hands still end dead: random players seldom get to knock)."""
    state = ginrules.deal(ginrules.rules(preset), seed=seed, dealer=seed % 2)
    choose = random_policies(seed)[0]
    while not state.is_over:
        actions = state.legal_actions()
        knocks = [a for a in actions if a.kind is ginrules.ActionKind.KNOCK]
        state = state.apply(knocks[0] if knocky and knocks else choose(state, state.turn))
    return state


def gin_deck() -> tuple[Card, ...]:
    """A deck on which player 0 (the non-dealer; dealer 1) holds AS-9S and KH, takes the
    upcard TS and goes gin by knocking KH (AS-5S and 6S-TS); player 1 holds 2C-JC. The
    stock is the other cards in their order."""
    deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC KH "
                                "JC TS")
    return deck + tuple(c for c in ginrules.CARDS if c not in deck)


def tied_hollywood_match() -> GameState:
    """A Hollywood match that ends tied, 114 to 114 with the bonuses: no line or game
    bonus, to 10; player 1 wins the first game with 30 hand points and the third with 27,
    player 0 the second with 57, each shutout doubling the hand points (classic)."""
    game = ginrules.new_game(ginrules.rules("classic", target=10, game_bonus=0, line_bonus=0),
                             seed=60, hollywood=True)
    choose, _ = random_policies(60)
    while not game.is_over:
        hand = game.hand
        assert hand is not None
        game = game.apply(choose(hand, hand.turn))
    assert game.winner is None
    return game


played_hands = st.builds(play_hand, presets, st.integers(0, 2**32), st.booleans())

#: the hands the record tests draw: built for an ending (every ending, every preset, stated
#: melds), or played by random players (long hands, mostly dead; about a quarter of them)
record_hands = st.one_of(any_finished_hand(), played_hands)


@st.composite
def played_games(draw: st.DrawFn, preset: str | None = None) -> GameState:
    """A game played to its end (a target of 25 to 60, basic players, who knock as soon
    as they may), under any preset (or the one given)."""
    name = preset if preset is not None else draw(presets)
    target = draw(st.integers(25, 60))
    the_rules = ginrules.rules(name, target=target)
    seed = draw(seeds)
    game = ginrules.new_game(the_rules, seed=seed)
    players = ginrules.players
    return ginrules.game.play(game, [players.BasicPlayer(), players.SimplePlayer(seed=seed)])


@st.composite
def built_games(draw: st.DrawFn, preset: str | None = None, first: str | None = None
                ) -> GameState:
    """A game of hands built for their endings (each ending the preset allows, about
    equally often; the first hand's ``first``, if given) to a target of 25 to 60, under
    any preset (or the one given): a game without a seed, each hand dealt from its own
    deck by the game's dealer."""
    name = preset if preset is not None else draw(presets)
    the_rules = ginrules.rules(name, target=draw(st.integers(25, 60)))
    game = ginrules.new_game(the_rules, dealer=draw(st.integers(0, 1)))
    endings = endings_for(the_rules)
    while not game.is_over:
        # (after eight hands, gin: ties under openspiel and dead hands score nothing)
        ending = draw(st.sampled_from(endings)) if len(game.finished) < 8 else "gin"
        if first is not None and not game.finished:
            ending = first
        state = draw(finished_hands(ending, the_rules, dealer=game.dealer, turn_cap=False))
        game = ginrules.game.record_hand(game, state)
    return game


@st.composite
def finished_games(draw: st.DrawFn, preset: str | None = None) -> GameState:
    """A game that finishes, under any preset (or the one given): played by basic
    players, or built of hands of every ending (:func:`built_games`)."""
    return draw(st.one_of(played_games(preset), built_games(preset)))


@st.composite
def open_games(draw: st.DrawFn, preset: str | None = None, max_hands: int = 4) -> GameState:
    """A game between random players, stopped after at most ``max_hands`` hands (most
    often in the middle of a hand), to a target of 40, under any preset (or the one
    given); never over: a game the next action would end stops before it (random
    players seldom finish a game, but may: one of the first examples under the rlcard
    preset did, in one hand)."""
    name = preset if preset is not None else draw(presets)
    seed = draw(st.integers(0, 2**32))
    game = ginrules.new_game(ginrules.rules(name, target=40), seed=seed)
    players = random_policies(seed)
    while len(game.finished) < max_hands:
        h = game.hand
        assert h is not None
        after = game.apply(players[h.turn](h, h.turn))
        if after.is_over:
            break
        game = after
    return game


#: the games the record tests draw: finished (played or built of every ending) or open
record_games = st.one_of(finished_games(), open_games())


@st.composite
def records_of_games(draw: st.DrawFn) -> dict[str, Any]:
    """The record of a finished game (played, or built of hands of every ending), in
    either deal form."""
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


# -- the whole (preset, ending) table, pair by pair -------------------------------------

#: every (preset, ending) pair a hand can have (:func:`endings_for`)
TABLE: tuple[tuple[str, str], ...] = tuple(
    (p, e) for p in PRESET_NAMES for e in endings_for(p))

#: the pairs of the record tests' hands: the table, and a hand played by random players
#: (long, mostly dead) under each preset
HAND_PAIRS: tuple[tuple[str, str], ...] = TABLE + tuple((p, "played") for p in PRESET_NAMES)

#: the pairs of the record tests' games: a game whose first hand ends as the pair says
#: (the rest of its hands built for endings drawn at random), and under each preset a game
#: played by basic players and one stopped in play
GAME_PAIRS: tuple[tuple[str, str], ...] = TABLE + tuple(
    (p, kind) for p in PRESET_NAMES for kind in ("played", "open"))


def pair_id(pair: tuple[str, str]) -> str:
    """A pair as a test id: ``classic-big gin``."""
    return "-".join(pair)


def per_pair(examples: int | None = None, pairs: Sequence[object] = HAND_PAIRS) -> int:
    """How many examples to draw of each pair for a test of ``examples`` in all (by
    default, the loaded profile's ``max_examples``): at least one."""
    from hypothesis import settings

    loaded = settings.default
    assert loaded is not None  # (conftest.py loads a profile)
    total = loaded.max_examples if examples is None else examples
    return max(1, total // len(pairs))


def hand_of(pair: tuple[str, str]) -> st.SearchStrategy[HandState]:
    """A finished hand of the pair: ``(preset, ending)`` built for the ending under the
    preset's rules (:func:`finished_hands`), or ``(preset, "played")`` played by random
    players (:func:`play_hand`, about one in two knocking whenever they may)."""
    preset, ending = pair
    if ending == "played":
        return st.builds(play_hand, st.just(preset), st.integers(0, 2**32), st.booleans())
    return finished_hands(ending, preset)


def game_of(pair: tuple[str, str]) -> st.SearchStrategy[GameState]:
    """A game of the pair: ``(preset, ending)`` built of hands for endings
    (:func:`built_games`), its first hand ending as the pair says; ``(preset, "played")``
    played to its end by basic players (:func:`played_games`); ``(preset, "open")``
    stopped in play (:func:`open_games`)."""
    preset, ending = pair
    if ending == "played":
        return played_games(preset)
    if ending == "open":
        return open_games(preset)
    return built_games(preset, first=ending)


_Test = TypeVar("_Test", bound=Callable[..., None])


def without(endings: Sequence[str], reason: str,
            pairs: Sequence[tuple[str, str]] = HAND_PAIRS) -> list[Any]:
    """``pairs``, those of ``endings`` skipped with the ``reason`` (a test whose premise
    such a hand does not have says so by name: the census counts the pair as named)."""
    import pytest

    return [pytest.param(pair, id=pair_id(pair), marks=pytest.mark.skip(
        reason=f"{pair_id(pair)}: {reason}")) if pair[1] in endings else pair
        for pair in pairs]


def every_pair(pairs: Sequence[Any] = HAND_PAIRS, examples: int | None = None, *,
               games: bool = False, **options: Any) -> Callable[[_Test], _Test]:
    """A test over every pair of ``pairs``: parametrized by ``pair`` (its ids
    :func:`pair_id`), with :func:`per_pair` examples of each (of ``examples`` in all, by
    default the profile's) and the other hypothesis ``options`` (``deadline=None``
    always). Put it above ``@given``; the test draws its example of the pair with
    ``data.draw(hand_of(pair))`` (or :func:`game_of`).

    A test of ``games`` does not shrink a failing example: a game of many hands takes
    minutes and hundreds of megabytes to shrink, and a bug fails most pairs at once (the
    example is shown as found, and replayed from the database)."""
    import pytest
    from hypothesis import Phase, settings

    if games:
        loaded = settings.default
        assert loaded is not None
        options.setdefault("phases", [p for p in loaded.phases if p is not Phase.shrink])

    def wrap(test: _Test) -> _Test:
        tuned = settings(max_examples=per_pair(examples, pairs), deadline=None,
                         **options)(test)
        return pytest.mark.parametrize("pair", pairs, ids=pair_id)(tuned)  # type: ignore[no-any-return]

    return wrap
