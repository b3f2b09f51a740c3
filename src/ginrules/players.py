"""What each player may see, and computer players that decide from that alone.

A :class:`View` is one player's information set at a moment of a hand: their own cards,
the discard pile, the stock size, the cards the opponent took from the discard pile and
still holds, the first upcard, the phase, whose turn it is, the knock limit in force, the
legal actions (on their turn), the public history, and once the hand is over the result
(both arrangements and the layoffs). It never holds the opponent's other cards or the
stock order, so a game server can send it to a client as it is.

>>> import ginrules
>>> from ginrules import hand
>>> from ginrules.players import view, BasicPlayer
>>> state = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> v = view(state, 1)
>>> len(v.hand), v.stock_size, str(v.upcard), v.phase.value, [str(a) for a in v.legal_actions]
(10, 31, 'TS', 'offer', ['take', 'pass'])
>>> view(state, 0).legal_actions  # not player 0's turn
()
>>> str(BasicPlayer().choose(v))
'pass'

Computer players implement :class:`Player`: ``choose(view) -> Action``. They are pure
functions of their seed and the view, so the same seed and view give the same action
whatever happened before, in any process. :func:`seat` turns one into the callable that
:func:`ginrules.game.play` expects, and :func:`play` plays a whole game with them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

import attrs

from ginrules._splitmix import below, check_seed, mix, sample, splitmix64
from ginrules.cards import CARDS, Card, cards_from_mask, cards_to_mask
from ginrules.errors import GinRulesError
from ginrules.game import GameState
from ginrules.game import Player as GamePlayer
from ginrules.game import play as _play_game
from ginrules.hand import (
    Action,
    ActionKind,
    HandResult,
    HandState,
    Phase,
    legal_actions,
    resolve_knock,
)
from ginrules.melds import (
    best_discard_deadwood_of_mask,
    deadwood_of_mask,
    discard_deadwoods_of_mask,
)
from ginrules.rules import RuleSet

__all__ = [
    "PLAYERS",
    "AdvancedPlayer",
    "BasicPlayer",
    "Event",
    "Hint",
    "Player",
    "RandomPlayer",
    "View",
    "hint",
    "make_player",
    "play",
    "seat",
    "view",
]

_ALL = (1 << 52) - 1


# -- views ----------------------------------------------------------------------------


@attrs.frozen
class Event:
    """One action of the public history, with the cards everybody saw.

    ``card`` is the card the action moved in public: the card taken from the discard pile
    (``take``, ``draw discard``) or put on it (``discard``, ``knock``); ``None`` otherwise
    (a stock draw shows nobody else its card). ``declined`` is the top of the discard pile
    that the player could have taken and did not (on ``pass`` and ``draw stock``).

    >>> from ginrules import Action
    >>> str(Event(1, Action.parse("draw stock"), None, Card.parse("7H")))
    'player 1 draw stock (declined 7H)'
    """

    player: int
    action: Action
    card: Card | None
    declined: Card | None = None

    def __str__(self) -> str:
        text = f"player {self.player} {self.action.kind.value}"
        if self.card is not None:
            text += f" {self.card}"
        if self.declined is not None:
            text += f" (declined {self.declined})"
        return text


def _events(history: tuple[tuple[int, Action], ...], upcard: Card) -> tuple[Event, ...]:
    pile = [upcard]
    out = []
    for player, action in history:
        kind = action.kind
        if kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
            out.append(Event(player, action, pile.pop()))
        elif kind is ActionKind.DISCARD or kind is ActionKind.KNOCK:
            assert action.card is not None
            pile.append(action.card)
            out.append(Event(player, action, action.card))
        elif kind is ActionKind.PASS:
            out.append(Event(player, action, None, pile[-1]))
        elif kind is ActionKind.DRAW_STOCK:
            # after both players passed the upcard, the first stock draw declines nothing
            both_passed = len(out) == 2 and out[1].action.kind is ActionKind.PASS
            declined = pile[-1] if pile and not both_passed else None
            out.append(Event(player, action, None, declined))
        else:
            out.append(Event(player, action, None))
    return tuple(out)


def _opponent_known(state: HandState, me: int) -> int:
    """The mask of cards the opponent took from the discard pile and still holds.

    A card that has been face up (the upcard or a discard) and is now in the opponent's
    hand can only have come from the discard pile, so this is the opponent's hand
    intersected with :attr:`~ginrules.hand.HandState.public`: only cards everybody saw.
    """
    return state.masks[1 - me] & state.public


@attrs.frozen
class View:
    """What one player may see of a hand. Make one with :func:`view`.

    * ``player``: whose view it is (0 or 1); ``turn``: the player to move; ``dealer``.
    * ``hand``: the player's own cards (canonical order); ``mask``: the same as a 52-bit
      card mask; ``drawn``: the card the player has just drawn this turn, if any.
    * ``discard_pile`` (top card last), ``stock_size``, ``upcard`` (the first upcard),
      ``taken`` (the card just taken from the discard pile by the player to move, which
      may not be discarded this turn).
    * ``opponent_known``: the cards the opponent took from the discard pile and still
      holds; ``opponent_count``: how many cards the opponent holds.
    * ``phase``, ``knock_limit`` (in force for this hand), ``legal_actions`` (empty when it
      is not this player's turn or the hand is over).
    * ``history``: every action so far as ``(player, action)``. All of it is public (a
      stock draw does not name its card); :attr:`events` adds the cards everybody saw.
    * ``result``: once the hand is over, the facts (both arrangements and the layoffs
      after a knock; no cards after a dead hand).

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.apply(hand.deal(ginrules.rules("classic"), seed=7, dealer=0), "take")
    >>> v = view(s, 0)
    >>> [str(c) for c in v.opponent_known], v.opponent_count, v.legal_actions
    (['TS'], 11, ())
    """

    player: int
    rules: RuleSet
    dealer: int
    hand: tuple[Card, ...]
    mask: int
    drawn: Card | None
    discard_pile: tuple[Card, ...]
    stock_size: int
    upcard: Card
    taken: Card | None
    opponent_known: tuple[Card, ...]
    opponent_count: int
    phase: Phase
    turn: int
    knock_limit: int
    legal_actions: tuple[Action, ...]
    history: tuple[tuple[int, Action], ...]
    result: HandResult | None

    @property
    def events(self) -> tuple[Event, ...]:
        """The history with the cards everybody saw (see :class:`Event`).

        >>> import ginrules
        >>> from ginrules import hand
        >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> s = hand.apply(hand.apply(s, "pass"), "pass")
        >>> [str(e) for e in view(s, 0).events]
        ['player 1 pass (declined TS)', 'player 0 pass (declined TS)']
        """
        return _events(self.history, self.upcard)

    @property
    def is_my_turn(self) -> bool:
        """Whether this player is to act now (and the hand is not over).

        >>> import ginrules
        >>> from ginrules import hand
        >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> view(s, 1).is_my_turn, view(s, 0).is_my_turn
        (True, False)
        """
        return bool(self.legal_actions)

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty.

        >>> import ginrules
        >>> from ginrules import hand
        >>> str(view(hand.deal(ginrules.rules("classic"), seed=7), 0).top_discard)
        'TS'
        """
        return self.discard_pile[-1] if self.discard_pile else None

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict, cards as ASCII text: what a server sends a client.

        >>> import ginrules
        >>> from ginrules import hand
        >>> d = view(hand.deal(ginrules.rules("classic"), seed=7, dealer=0), 1).to_dict()
        >>> d["phase"], d["legal_actions"], d["stock_size"], len(d["hand"])
        ('offer', ['take', 'pass'], 31, 10)
        """
        return {
            "player": self.player,
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase.value,
            "hand": [str(c) for c in self.hand],
            "drawn": None if self.drawn is None else str(self.drawn),
            "discard_pile": [str(c) for c in self.discard_pile],
            "stock_size": self.stock_size,
            "upcard": str(self.upcard),
            "taken": None if self.taken is None else str(self.taken),
            "opponent_known": [str(c) for c in self.opponent_known],
            "opponent_count": self.opponent_count,
            "knock_limit": self.knock_limit,
            "legal_actions": [str(a) for a in self.legal_actions],
            "history": [[p, str(a)] for p, a in self.history],
            "result": None if self.result is None else self.result.to_dict(),
        }


def view(state: HandState, player: int) -> View:
    """The view of ``player`` (0 or 1) of a hand state.

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> s = hand.apply(hand.apply(hand.apply(s, "pass"), "pass"), "draw stock")
    >>> v = view(s, 1)
    >>> v.drawn in v.hand, len(v.hand), v.stock_size, v.phase.value
    (True, 11, 30, 'discard')
    >>> view(s, 2)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: there is no player 2: players are 0 and 1
    """
    if type(player) is not int or player not in (0, 1):
        raise GinRulesError(f"there is no player {player!r}: players are 0 and 1")
    history = state.actions
    upcard = state.deck.cards[20]
    mask = state.masks[player]
    over = state.phase is Phase.OVER
    drawn = None
    if not over and state.phase is Phase.DISCARD and state.turn == player and history:
        last = history[-1][1].kind
        if last is ActionKind.DRAW_STOCK:
            drawn = state.deck.cards[20 + state.stock_drawn]
        else:
            drawn = state.taken
    return View(
        player=player,
        rules=state.rules,
        dealer=state.dealer,
        hand=cards_from_mask(mask),
        mask=mask,
        drawn=drawn,
        discard_pile=state.discard_pile,
        stock_size=31 - state.stock_drawn,
        upcard=upcard,
        taken=state.taken,
        opponent_known=cards_from_mask(_opponent_known(state, player)),
        opponent_count=state.masks[1 - player].bit_count(),
        phase=state.phase,
        turn=state.turn,
        knock_limit=state.knock_limit,
        legal_actions=legal_actions(state) if state.turn == player and not over else (),
        history=history,
        result=state.result,
    )


# -- players --------------------------------------------------------------------------


@runtime_checkable
class Player(Protocol):
    """A player that sees only its view: ``choose(view)`` returns one of
    ``view.legal_actions``.

    >>> isinstance(BasicPlayer(), Player)
    True
    """

    def choose(self, view: View) -> Action:
        """The action to play in this view."""
        ...


def _stream(seed: int, v: View) -> Iterator[int]:
    """A SplitMix64 stream determined by the seed and the view (not by any past calls)."""
    state = seed
    for part in (v.player, v.mask, len(v.history), v.stock_size, len(v.discard_pile),
                 v.upcard.index):
        state = mix(state ^ part)
    return splitmix64(state)


def _seed(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    check_seed(value, attribute.name)


def _need_turn(v: View) -> tuple[Action, ...]:
    if not v.legal_actions:
        raise GinRulesError(f"player {v.player} has no action to choose: "
                            + ("the hand is over" if v.phase is Phase.OVER
                               else f"it is player {v.turn}'s turn"))
    return v.legal_actions


@attrs.frozen
class RandomPlayer:
    """A uniformly random legal action, reproducible from ``seed`` (SplitMix64, not
    :mod:`random`). Random play rarely knocks: most of its hands end dead.

    >>> import ginrules
    >>> from ginrules import hand
    >>> v = view(hand.deal(ginrules.rules("classic"), seed=7, dealer=0), 1)
    >>> RandomPlayer(seed=3).choose(v) == RandomPlayer(seed=3).choose(v)
    True
    """

    seed: int = attrs.field(default=0, validator=_seed)

    def choose(self, view: View) -> Action:
        """A uniformly random action of ``view.legal_actions``."""
        actions = _need_turn(view)
        return actions[below(_stream(self.seed, view), len(actions))]


def _makes_meld(mask: int, card: Card) -> bool:
    """Whether ``card`` makes or extends a meld with the cards of ``mask``."""
    return deadwood_of_mask(mask | card.mask) < deadwood_of_mask(mask) + card.points


def _high_first(index: int) -> tuple[int, int, int]:
    """Sort key: higher points, then higher rank, then higher suit first."""
    card = CARDS[index]
    return (-card.points, -int(card.rank), -int(card.suit))


def _least_deadwood(view: View, kind: ActionKind) -> tuple[Action, int] | None:
    """The legal ``kind`` action (discard or knock) leaving the least deadwood, the highest
    card among equals, with that deadwood."""
    cards = {a.card.index: a for a in view.legal_actions if a.kind is kind and a.card}
    if not cards:
        return None
    options = [(d, _high_first(i), i) for i, d in discard_deadwoods_of_mask(view.mask)
               if i in cards]
    dead, _, index = min(options)
    return cards[index], dead


@attrs.frozen
class BasicPlayer:
    """The intermediate computer player (seed 003's *Średni*).

    It takes the upcard or the top discard only when that card makes or extends a meld,
    discards to leave the least deadwood (the highest card among equals), knocks as soon
    as it may (with the least deadwood) and declares big gin when it can. It has no use
    for randomness: ``seed`` is accepted so every player is made the same way.

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> str(BasicPlayer().choose(view(s, 1)))
    'pass'
    """

    seed: int = attrs.field(default=0, validator=_seed)

    def choose(self, view: View) -> Action:
        """The basic player's action in ``view``."""
        actions = _need_turn(view)
        phase = view.phase
        if phase is Phase.OFFER:
            return actions[0] if _makes_meld(view.mask, view.upcard) else actions[1]
        if phase is Phase.DRAW:
            top = view.top_discard
            if len(actions) == 2 and top is not None and _makes_meld(view.mask, top):
                return actions[1]
            return actions[0]
        if actions[-1].kind is ActionKind.BIG_GIN:
            return actions[-1]
        knock = _least_deadwood(view, ActionKind.KNOCK)
        if knock is not None:
            return knock[0]
        best = _least_deadwood(view, ActionKind.DISCARD)
        assert best is not None
        return best[0]


@attrs.frozen
class Hint:
    """A suggested action and a short reason, as :func:`hint` gives it.

    >>> from ginrules import Action
    >>> str(Hint(Action.parse("draw stock"), "9C does not help"))
    'draw stock: 9C does not help'
    """

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


@attrs.frozen
class _Memory:
    """What the advanced player recalls of the opponent, as card masks."""

    known: int  # taken from the discard pile and still held
    declined: int  # the upcard passed, or top discards left for a stock draw
    discarded: int  # put on the discard pile
    stock_draws: int  # how many stock cards the opponent has drawn


def _memory(v: View) -> _Memory:
    # what the opponent took and still holds is already in the view (see _opponent_known)
    declined = discarded = draws = 0
    for event in v.events:
        if event.player == v.player:
            continue
        kind = event.action.kind
        if event.declined is not None:
            declined |= event.declined.mask
        if kind is ActionKind.DRAW_STOCK:
            draws += 1
        elif event.card is not None and (kind is ActionKind.DISCARD or kind is ActionKind.KNOCK):
            discarded |= event.card.mask
    return _Memory(cards_to_mask(v.opponent_known), declined, discarded, draws)


def _meld_pairs(index: int) -> list[tuple[int, int]]:
    """The pairs of cards that make a three-card meld with the card ``index``."""
    rank, suit = index % 13, index // 13
    same = [s * 13 + rank for s in range(4) if s != suit]
    pairs = [(same[0], same[1]), (same[0], same[2]), (same[1], same[2])]
    for a, b in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
        if a >= 0 and b <= 12:
            pairs.append((suit * 13 + a, suit * 13 + b))
    return pairs


_PAIRS = tuple(_meld_pairs(i) for i in range(52))


@attrs.frozen
class AdvancedPlayer:
    """The advanced computer player (seed 003's *Zaawansowany*); :func:`hint` gives its move.

    From its view alone it remembers the cards the opponent took from the discard pile
    (and still holds), passed over and discarded, and:

    * **draws** the top discard when it lowers the deadwood more than a stock card is
      expected to (the average over the cards it has not seen);
    * **discards** to balance the deadwood left, the chance that the next card improves
      the hand, and the danger of feeding the opponent a meld (a card that melds with
      cards the opponent is known to hold is all but banned; ranks and neighbours the
      opponent passed over or threw away are safer);
    * **knocks** after weighing it: it samples hands the opponent may hold (its known
      cards, plus unseen cards improved as many times as it drew from the stock), prices
      the knock against each with layoffs and undercuts, and compares that with waiting
      for gin, by the gin cards still unseen and the stock left. Gin and big gin are
      always taken.

    ``samples`` sets how many opponent hands a knock decision tries; the other weights are
    tuning knobs. Deterministic for a given ``seed`` and view.

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> str(AdvancedPlayer(seed=1).choose(view(s, 1)))
    'pass'
    """

    seed: int = attrs.field(default=0, validator=_seed)
    samples: int = 24
    potential_weight: float = 0.5
    danger_weight: float = 4.0
    gin_wait: float = 0.5

    def choose(self, view: View) -> Action:
        """The advanced player's action in ``view``."""
        return self.decide(view).action

    def decide(self, view: View) -> Hint:
        """The action with a short reason (what :func:`hint` returns).

        >>> import ginrules
        >>> from ginrules import hand
        >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> print(AdvancedPlayer().decide(view(s, 1)))
        pass: TS does not make a meld and a stock card is worth more
        """
        actions = _need_turn(view)
        memory = _memory(view)
        unknown = _ALL & ~view.mask & ~memory.known
        for card in view.discard_pile:
            unknown &= ~card.mask
        pool = [c.index for c in cards_from_mask(unknown)]
        phase = view.phase
        if phase is Phase.OFFER or phase is Phase.DRAW:
            top = view.upcard if phase is Phase.OFFER else view.top_discard
            can_take = phase is Phase.OFFER or len(actions) == 2
            if top is None or not can_take:
                return Hint(actions[0], "the discard pile cannot be drawn now")
            take, dont = (actions[0], actions[1]) if phase is Phase.OFFER else (
                actions[1], actions[0])
            return self._draw(view, top, take, dont, pool)
        if actions[-1].kind is ActionKind.BIG_GIN:
            return Hint(actions[-1], "all eleven cards are melded")
        knock = _least_deadwood(view, ActionKind.KNOCK)
        if knock is not None:
            decided = self._knock(view, knock, memory, pool)
            if decided is not None:
                return decided
        return self._discard(view, memory, pool)

    # -- drawing ----------------------------------------------------------------------

    def _potential(self, mask: int, pool: list[int]) -> float:
        """The expected deadwood saved by drawing one unseen card into ``mask``."""
        base = deadwood_of_mask(mask)
        if not base or not pool:
            return 0.0
        total = 0
        for index in pool:
            total += base - best_discard_deadwood_of_mask(mask | 1 << index)
        return total / len(pool)

    def _draw(self, v: View, top: Card, take: Action, dont: Action, pool: list[int]) -> Hint:
        mask = v.mask
        now = deadwood_of_mask(mask)
        with_top = mask | top.mask
        after = min(d for i, d in discard_deadwoods_of_mask(with_top) if i != top.index)
        saved = now - after
        expected = self._potential(mask, pool)
        if after <= v.knock_limit and now > v.knock_limit and saved > 0:
            return Hint(take, f"{top} lets it knock (deadwood {now} -> {after})")
        if saved > expected and (_makes_meld(mask, top) or saved >= expected + 3):
            what = "makes a meld" if _makes_meld(mask, top) else "lowers the deadwood"
            return Hint(take, f"{top} {what} (deadwood {now} -> {after}); a stock card "
                              f"saves {expected:.1f} on average")
        why = "does not make a meld" if not _makes_meld(mask, top) else "saves too little"
        return Hint(dont, f"{top} {why} and a stock card is worth more")

    # -- knocking ---------------------------------------------------------------------

    def _opponent_hands(self, v: View, memory: _Memory, pool: list[int],
                        stream: Iterator[int]) -> list[int]:
        """Sampled opponent hands: the known cards plus unseen cards, improved once for
        every stock card the opponent drew (it keeps the best ten)."""
        hidden = v.opponent_count - memory.known.bit_count()
        if v.phase is Phase.DISCARD and v.turn == v.player:
            hidden = 10 - memory.known.bit_count()
        extra = min(memory.stock_draws, 6, max(0, len(pool) - hidden))
        hands = []
        for _ in range(self.samples):
            cards = sample(stream, pool, hidden + extra)
            m = memory.known
            for index in cards:
                m |= 1 << index
            for _ in range(extra):
                options = [(d, _high_first(i), i) for i, d in discard_deadwoods_of_mask(m)
                           if not memory.known >> i & 1]
                m &= ~(1 << min(options)[2])
            hands.append(m)
        return hands

    def _knock(self, v: View, knock: tuple[Action, int], memory: _Memory,
               pool: list[int]) -> Hint | None:
        action, dead = knock
        if dead == 0:
            return Hint(action, "gin")
        assert action.card is not None
        mine = v.mask & ~action.card.mask
        stream = _stream(self.seed, v)
        rules = v.rules
        opponents = self._opponent_hands(v, memory, pool, stream)
        total = 0
        undercut = 0
        opp_dead = 0
        for opp in opponents:
            k, d, _ = resolve_knock(mine, opp)
            opp_dead += deadwood_of_mask(opp)
            diff = d.deadwood - k.deadwood
            if diff > 0:
                total += diff
            elif diff < 0 or rules.undercut_on_tie:
                total -= rules.undercut_bonus - diff
                undercut += 1
        n = len(opponents)
        ev = total / n
        risk = undercut / n
        # waiting: the chance to draw gin before the stock runs out, worth the gin bonus
        # plus the opponent's deadwood, discounted for what can go wrong meanwhile
        draws = max(0, (v.stock_size - rules.dead_hand_stock) // 2)
        outs = sum(1 for i in pool if best_discard_deadwood_of_mask(mine | 1 << i) == 0)
        p_gin = 1 - (1 - outs / len(pool)) ** min(draws, 5) if pool else 0.0
        wait = self.gin_wait * p_gin * (rules.gin_bonus + opp_dead / n)
        if ev >= wait and ev > 0:
            return Hint(action, f"knock with {dead} deadwood: wins {ev:.0f} points on "
                                f"average, undercut risk {risk:.0%}")
        if v.stock_size - 1 <= rules.dead_hand_stock and ev > -rules.undercut_bonus / 2:
            return Hint(action, f"knock with {dead} deadwood: the hand dies otherwise "
                                f"(undercut risk {risk:.0%})")
        return None

    # -- discarding -------------------------------------------------------------------

    def _danger(self, index: int, mine: int, memory: _Memory, dead_cards: int,
                q: float) -> float:
        """The chance the opponent can meld the card ``index`` if it is discarded."""
        rank, suit = index % 13, index // 13
        safe_set = any(memory.declined >> (s * 13 + rank) & 1 or
                       memory.discarded >> (s * 13 + rank) & 1 for s in range(4))
        near = 0
        for r in (rank - 2, rank - 1, rank + 1, rank + 2):
            if 0 <= r <= 12:
                near |= 1 << (suit * 13 + r)
        safe_run = bool((memory.declined | memory.discarded) & near)
        p_none = 1.0
        for n, (a, b) in enumerate(_PAIRS[index]):
            pa = 1.0 if memory.known >> a & 1 else (0.0 if (mine | dead_cards) >> a & 1 else q)
            pb = 1.0 if memory.known >> b & 1 else (0.0 if (mine | dead_cards) >> b & 1 else q)
            p = pa * pb
            if p < 1.0 and ((n < 3 and safe_set) or (n >= 3 and safe_run)):
                p *= 0.4
            p_none *= 1.0 - p
        return 1.0 - p_none

    def _discard(self, v: View, memory: _Memory, pool: list[int]) -> Hint:
        legal = {a.card.index: a for a in v.legal_actions
                 if a.kind is ActionKind.DISCARD and a.card is not None}
        options = [(d, i) for i, d in discard_deadwoods_of_mask(v.mask) if i in legal]
        least = min(d for d, _ in options)
        pile = 0
        for card in v.discard_pile:
            pile |= card.mask
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        q = hidden / len(pool) if pool else 0.0
        best: tuple[float, tuple[int, int, int], int] | None = None
        parts: dict[int, tuple[int, float, float]] = {}
        for dead, index in options:
            if dead > least + 12:
                continue
            rest = v.mask & ~(1 << index)
            potential = self._potential(rest, pool)
            danger = self._danger(index, rest, memory, pile, q)
            score = dead - self.potential_weight * potential + self.danger_weight * danger
            parts[index] = (dead, potential, danger)
            key = (score, _high_first(index), index)
            if best is None or key < best:
                best = key
        assert best is not None
        index = best[2]
        dead, _, danger = parts[index]
        card = CARDS[index]
        reason = f"discard {card}: leaves deadwood {dead}"
        if dead > least:
            reason += f" (the least is {least}) but keeps better chances"
        reason += f"; the opponent can use it with chance {danger:.0%}"
        if v.knock_limit and least <= v.knock_limit:
            reason = "wait for a better knock; " + reason
        return Hint(legal[index], reason)


def hint(view: View, *, seed: int = 0) -> Hint:
    """The advanced player's move in ``view``, with a short reason (seed 003's hint
    button).

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> h = ginrules.hint(view(s, 1))
    >>> str(h.action), h.reason
    ('pass', 'TS does not make a meld and a stock card is worth more')
    """
    return AdvancedPlayer(seed=seed).decide(view)


PLAYERS: dict[str, type[RandomPlayer] | type[BasicPlayer] | type[AdvancedPlayer]] = {
    "random": RandomPlayer,
    "basic": BasicPlayer,
    "advanced": AdvancedPlayer,
}
"""The computer players by name, for :func:`make_player` and ``ginrules simulate``."""


def make_player(name: str, seed: int = 0) -> Player:
    """The computer player called ``name`` (``random``, ``basic`` or ``advanced``).

    >>> make_player("basic", seed=1)
    BasicPlayer(seed=1)
    >>> make_player("expert")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: unknown player 'expert'; the players are random, basic, advanced
    """
    try:
        kind = PLAYERS[name]
    except (KeyError, TypeError):
        raise GinRulesError(
            f"unknown player {name!r}; the players are " + ", ".join(PLAYERS)
        ) from None
    return kind(seed=seed)


def seat(player: Player) -> GamePlayer:
    """Seat a view player at a game: the ``(state, seat) -> action`` callable that
    :func:`ginrules.game.play` takes. The player is shown only its seat's view.

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> str(seat(BasicPlayer())(s, s.turn))
    'pass'
    """

    def act(state: HandState, index: int) -> Action:
        return player.choose(view(state, index))

    return act


def play(game: GameState, players: Sequence[Player]) -> GameState:
    """Play a game to its end with two view players (seat 0, seat 1).

    >>> import ginrules
    >>> from ginrules import game
    >>> g = play(game.new_game(ginrules.rules("classic"), seed=5),
    ...          [BasicPlayer(), AdvancedPlayer(seed=5)])
    >>> g.is_over, g.winner in (0, 1)
    (True, True)
    """
    if len(players) != 2:
        raise GinRulesError(f"a game has two players, not {len(players)}")
    return _play_game(game, [seat(p) for p in players])
