"""Observations for learning agents, made from a player's view only (never the state).

Two forms of the same facts, both functions of a :class:`~ginrules.players.View` (so a
hidden card can never leak into them):

* :func:`planes`, :func:`scalars`, :func:`encode`: numpy arrays (the ``rl`` extra; numpy
  is imported when they are first called, never by ``import ginrules``);
* :func:`describe`: a short text for a language-model agent, with the legal actions by
  name and id (the JSON form is :meth:`View.to_dict <ginrules.players.View.to_dict>`).

The card planes (:data:`PLANES`, shape ``(9, 52)``, card ``i`` at column
:attr:`Card.index <ginrules.cards.Card.index>`: clubs, diamonds, hearts, spades, ace to
king), each 1.0 where the card is:

==  ==================  ==========================================================
0   ``hand``            in the player's hand
1   ``opponent``        known to be in the opponent's hand (taken from the pile)
2   ``pile``            in the discard pile
3   ``top``             the top card of the discard pile
4   ``seen``            seen by the player: in its hand or ever face up
5   ``opp_discarded``   discarded by the opponent at some time in this hand
6   ``opp_declined``    passed over by the opponent (upcard passed, or left on the
                        pile for a stock draw)
7   ``upcard``          the first upcard of the hand (none under the ``eleven-cards``
                        opening)
8   ``taken``           the card just taken from the pile (it may not be discarded)
==  ==================  ==========================================================

The scalars (:data:`SCALARS`, 14 values): the phase one-hot (offer, draw, discard,
over), my turn, I dealt, the knock limit / 10, the stock size / 31, the opponent's card
count / 11, my score and the opponent's score / the game target (0 in one-hand play),
the gin bonus / 100, the undercut bonus / 100, and 1.0 when the knock limit was set by an
Oklahoma upcard. :func:`encode` is the planes, flattened, then the scalars: 482 float32.
:func:`scalar_bounds` gives the least and the greatest value of each scalar under a rule
set (the bounds of the environments' observation spaces).
"""

from __future__ import annotations

import array
import importlib
import math
from collections.abc import Sequence
from numbers import Integral
from typing import Any

from ginrules._chunked import Chunked
from ginrules.actions import _DRAW_STOCK_KIND, _PASS_KIND, Phase
from ginrules.errors import GinRulesError, _peer_hint, _wrong_type
from ginrules.hand import HandState
from ginrules.players.views import View, _not_a_view
from ginrules.rulesets import RuleSet

__all__ = ["OBSERVATION_SIZE", "PLANES", "SCALARS", "describe", "encode", "masks",
           "planes", "scalar_bounds", "scalars"]

PLANES = ("hand", "opponent", "pile", "top", "seen", "opp_discarded", "opp_declined",
          "upcard", "taken")
"""The names of the card planes, in order."""

SCALARS = ("phase_offer", "phase_draw", "phase_discard", "phase_over", "my_turn",
           "i_dealt", "knock_limit", "stock_size", "opponent_count", "my_score",
           "opponent_score", "gin_bonus", "undercut_bonus", "oklahoma")
"""The names of the scalar features, in order."""

OBSERVATION_SIZE = len(PLANES) * 52 + len(SCALARS)
"""The length of :func:`encode`'s vector (482)."""

_PHASES = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.OVER)


# The history scan of the last view of each player, so that the next view of the same
# hand (its history one or two actions longer) scans only the new actions: an
# environment asks for a view at every step. A pure memo: a history that does not extend
# the remembered one is scanned from the start.
_SCANNED: dict[int, tuple[Any, ...]] = {}


def _scan(history: Sequence[tuple[int, Any]], me: int, up: int) -> tuple[int, int, int]:
    """The masks of the cards ever face up, discarded by the opponent, and passed over by
    the opponent, from the public history."""
    history = Chunked.of(history)
    memo = _SCANNED.get(me)
    if memo is None or memo[1] != up or not history.startswith(memo[0]):
        memo = None
    memo = _SCANNED[me] = _scan_on(memo, history, me, up)
    return memo[2], memo[3], memo[4]


def _scan_on(memo: tuple[Any, ...] | None, history: Chunked[tuple[int, Any]], me: int,
             up: int) -> tuple[Any, ...]:
    """The scan of ``history`` (see :func:`_scan`) as a memo, from the memo of a history
    it extends (``memo``: its actions are not scanned again), or from the start."""
    if memo is not None:
        _, _, public, discarded, declined, old_stack, both_passed = memo
        start = len(memo[0])
        stack = list(old_stack)
    else:
        # (no upcard, ``up`` 0, under the eleven-cards opening: the pile starts empty)
        start, public, discarded, declined, stack, both_passed = 0, up, 0, 0, [up], False
        if not up:
            stack = []
    # the pile's top card as the history goes (for what a pass or a stock draw declined)
    for n, (player, action) in enumerate(history.since(start), start):
        moved = action.card
        if moved is not None:  # a discard or a knock
            public |= moved.mask
            stack.append(moved.mask)
            if player != me:
                discarded |= moved.mask
            continue
        kind = action.kind
        if kind is _PASS_KIND:
            if player != me:
                declined |= up
            if n == 1:
                both_passed = True
        elif kind is _DRAW_STOCK_KIND:
            if player != me and stack and not (n == 2 and both_passed):
                declined |= stack[-1]
        elif stack:  # take or draw discard
            stack.pop()
    return (history, up, public, discarded, declined, tuple(stack), both_passed)


def masks(view: View) -> tuple[int, ...]:
    """The card planes as 52-bit masks (no numpy): the same order as :data:`PLANES`.

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("pass")
    >>> m = masks(s.view(0))
    >>> len(m), m[0] == s.view(0).mask, bin(m[6]).count("1")  # player 1 passed TS
    (9, True, 1)
    """
    if type(view) is not View:
        raise _not_a_view("masks", view)
    return _masks(view)


def _masks(view: View, scan: tuple[int, int, int] | None = None) -> tuple[int, ...]:
    """The planes' masks; ``scan`` is :func:`_scan` of the view's history, when the caller
    keeps it."""
    me = view.player
    pile = 0
    for card in view.discard_pile:
        pile |= card.mask
    top = view.discard_pile[-1].mask if view.discard_pile else 0
    up = view.upcard.mask if view.upcard is not None else 0
    known = 0
    for card in view.opponent_known:
        known |= card.mask
    taken = view.taken.mask if view.taken is not None else 0
    return _plane_masks(view.mask, known, pile, top, up, taken,
                        scan if scan is not None else _scan(view.history, me, up))


def _plane_masks(mine: int, known: int, pile: int, top: int, up: int, taken: int,
                 scan: tuple[int, int, int]) -> tuple[int, ...]:
    """The planes' masks in the order of :data:`PLANES`, from the player's cards, the
    opponent's known cards, the pile, its top card, the upcard, the card just taken and
    the scan of the history (:func:`_scan`)."""
    public, discarded, declined = scan
    return (mine, known, pile, top, mine | public, discarded, declined, up, taken)


_NUMPY: list[Any] = []  # numpy, once imported (looked up on every observation)


def _numpy() -> Any:
    """numpy, imported on first use (an optional peer, in the ``rl`` extra)."""
    if not _NUMPY:
        try:
            _NUMPY.append(importlib.import_module("numpy"))
        except ImportError:
            raise GinRulesError("the array observations need numpy: "
                                + _peer_hint("numpy", "rl")) from None
    return _NUMPY[0]


def planes(view: View) -> Any:
    """The card planes, a float32 array of shape ``(9, 52)`` (see :data:`PLANES`).

    Needs numpy (the ``rl`` extra; the example is not run without it):

    >>> import ginrules
    >>> v = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)
    >>> planes(v).shape, float(planes(v)[0].sum())  # doctest: +SKIP
    ((9, 52), 10.0)
    """
    if type(view) is not View:
        raise _not_a_view("planes", view)
    return _planes(view, _numpy())


def _planes(view: View, np: Any) -> Any:
    packed = b"".join(m.to_bytes(7, "little") for m in _masks(view))
    bits = np.unpackbits(np.frombuffer(packed, dtype=np.uint8), bitorder="little")
    return bits.reshape(len(PLANES), 56)[:, :52].astype(np.float32)


def scalars(view: View, scores: tuple[int, int] = (0, 0), target: int | None = None) -> Any:
    """The scalar features, a float32 array of 14 (see :data:`SCALARS`). ``scores`` are
    the running game scores as (this player's, the opponent's), over ``target`` (the
    rules' game target unless given).

    Needs numpy (the ``rl`` extra; the example is not run without it):

    >>> import ginrules
    >>> v = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)
    >>> scalars(v, (40, 20))[:6].tolist(), round(float(scalars(v, (40, 20))[9]), 3)  # doctest: +SKIP
    ([1.0, 0.0, 0.0, 0.0, 1.0, 0.0], 0.4)
    """
    _check_scalars("scalars", view, scores, target)
    np = _numpy()
    return np.asarray(_scalar_list(view, scores, target), dtype=np.float32)


def _check_scalars(function: str, view: View, scores: tuple[int, int],
                   target: int | None) -> None:
    if type(view) is not View:
        raise _not_a_view(function, view)
    if not (isinstance(scores, (tuple, list)) and len(scores) == 2
            and all(isinstance(x, Integral) and not isinstance(x, bool) for x in scores)):
        raise _wrong_type(function, "the game scores as a pair of ints (this player's, the "
                          "opponent's)", scores)
    if target is not None:
        if not isinstance(target, Integral) or isinstance(target, bool):
            raise _wrong_type(function, "the game target (an int) or None", target)
        if not target >= 1:
            raise GinRulesError(f"the game target is at least 1, not {target!r}")


def _scalar_list(view: View, scores: tuple[int, int], target: int | None) -> list[float]:
    return _scalar_values(view.rules, view.phase, bool(view.legal_actions),
                          view.dealer == view.player, view.knock_limit, view.stock_size,
                          view.opponent_count, scores, target)


def _scalar_values(rules: RuleSet, phase: Phase, my_turn: bool, i_dealt: bool,
                   knock_limit: int, stock_size: int, opponent_count: int,
                   scores: tuple[int, int], target: int | None) -> list[float]:
    """The scalars in the order of :data:`SCALARS`."""
    goal = target if target is not None else rules.target
    return [
        float(phase is Phase.OFFER), float(phase is Phase.DRAW),
        float(phase is Phase.DISCARD), float(phase is Phase.OVER),
        float(my_turn), float(i_dealt),
        knock_limit / 10.0, stock_size / 31.0, opponent_count / 11.0,
        scores[0] / goal, scores[1] / goal,
        rules.gin_bonus / 100.0, rules.undercut_bonus / 100.0, float(rules.oklahoma),
    ]


def encode(view: View, scores: tuple[int, int] = (0, 0), target: int | None = None) -> Any:
    """The whole observation: the planes flattened, then the scalars; a float32 vector of
    :data:`OBSERVATION_SIZE` (482).

    Needs numpy (the ``rl`` extra; the example is not run without it):

    >>> import ginrules
    >>> v = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)
    >>> encode(v).shape, encode(v).dtype  # doctest: +SKIP
    ((482,), dtype('float32'))
    """
    _check_scalars("encode", view, scores, target)
    return _encode(view, scores, target, _numpy())


_PLANE_BYTES = (len(PLANES) * 52 + 7) // 8


def _encode(view: View, scores: tuple[int, int], target: int | None, np: Any,
            scan: tuple[int, int, int] | None = None, out: Any = None) -> Any:
    """:func:`encode` of arguments known to be right (``scan`` as :func:`_masks` takes
    it): the card planes' masks laid end to end in one int, unpacked once. Written into
    the first :data:`OBSERVATION_SIZE` floats of ``out`` when given (an observer's tensor),
    else into a new array."""
    return _pack(_masks(view, scan), _scalar_list(view, scores, target), np, out)


def _encode_hand(state: HandState, player: int, scan: tuple[int, int, int],
                 scores: tuple[int, int], my_turn: bool, np: Any, out: Any) -> Any:
    """:func:`_encode` of ``view(state, player)`` (``scan`` is :func:`_scan` of its history,
    ``my_turn`` whether it has legal actions) read from the hand itself, without making
    the view: the cards on the pile are the face-up cards in neither hand, the opponent's
    known cards its cards that were face up. What OpenSpiel's observer asks at every
    step; the property tests hold it equal to :func:`_encode` of the view."""
    masks = state.masks
    public = state.public
    pile_cards = state.discard_pile
    planes = _plane_masks(
        masks[player], masks[1 - player] & public, public & ~(masks[0] | masks[1]),
        pile_cards[-1].mask if pile_cards else 0,
        state.upcard.mask if state.upcard is not None else 0,
        state.taken.mask if state.taken is not None else 0, scan)
    scalars = _scalar_values(state.rules, state.phase, my_turn, state.dealer == player,
                             state.knock_limit, 31 - state.stock_drawn,
                             masks[1 - player].bit_count(), scores, None)
    return _pack(planes, scalars, np, out)


def _pack(planes: tuple[int, ...], scalars: list[float], np: Any, out: Any) -> Any:
    """The observation of the planes' masks and the scalars: the masks laid end to end
    in one int, unpacked once; written into the first :data:`OBSERVATION_SIZE` floats of
    ``out`` when given, else into a new array."""
    hand, known, pile, top, seen, discarded, declined, up, taken = planes
    packed = (hand | known << 52 | pile << 104 | top << 156 | seen << 208
              | discarded << 260 | declined << 312 | up << 364 | taken << 416)
    if out is None:
        out = np.empty(OBSERVATION_SIZE, dtype=np.float32)
    out[: len(PLANES) * 52] = np.unpackbits(
        np.frombuffer(packed.to_bytes(_PLANE_BYTES, "little"), dtype=np.uint8),
        count=len(PLANES) * 52, bitorder="little")
    # an array of C floats: numpy copies it at once, a list item by item
    out[len(PLANES) * 52 : OBSERVATION_SIZE] = array.array("f", scalars)
    return out


def _encode_from_planes(view: View, scores: tuple[int, int], target: int | None,
                        np: Any) -> Any:
    """:func:`encode` as it was first written, from :func:`planes` (the reference of the
    property tests of :func:`_encode`)."""
    out = np.empty(OBSERVATION_SIZE, dtype=np.float32)
    out[: len(PLANES) * 52] = _planes(view, np).reshape(-1)
    out[len(PLANES) * 52 :] = _scalar_list(view, scores, target)
    return out


_MAX_DEADWOOD = 100  # ten cards of at most 10 points (the real most is 98)


def _score_bound(rules: RuleSet) -> float:
    """The most a player's final game score can be under ``rules`` (``inf`` when a hand
    may be won for 0 points, so that the line bonuses have no bound)."""
    if not rules.undercut_on_tie or rules.undercut_bonus < 1:
        return math.inf  # a tie, or an undercut with no bonus, can win a hand for nothing
    # a hand pays at most its bonus plus the defender's deadwood (an undercut: its bonus
    # plus the knocker's deadwood), doubled by a spade
    bonus = max(rules.gin_bonus, rules.big_gin_bonus or 0, rules.undercut_bonus)
    hand = 2 * (bonus + _MAX_DEADWOOD)
    points = rules.target - 1 + hand  # under the target until the last hand
    # every won hand pays at least 1 point, so a player wins at most `target` hands (its
    # line bonuses); the shutout doubles the points or the game bonus, or adds its bonus
    lines = rules.line_bonus * rules.target
    return float(2 * points + lines + 2 * rules.game_bonus + rules.shutout_bonus)


def scalar_bounds(rules: RuleSet | str | None = None) -> tuple[tuple[float, ...],
                                                                tuple[float, ...]]:
    """The least and the greatest value of each scalar (:data:`SCALARS`) under ``rules``
    (a preset name or a :class:`~ginrules.RuleSet`), as two tuples of 14 floats; with no
    rules, bounds that hold under every rule set (``inf`` where a rule has no maximum).

    Every scalar is at least 0. The flags (the phase one-hot, my turn, I dealt, Oklahoma)
    and the fractions of a count (the stock over 31, the opponent's cards over 11) are at
    most 1; the knock limit, the gin and the undercut bonuses at most their value under
    the rules (over 10, 100 and 100), and at most 1 when smaller; the game scores at most
    the greatest final score under the rules (every line bonus a player can collect, the
    shutout's doubling) over the target. A score observed during a game is below 1.

    >>> low, high = scalar_bounds("classic")
    >>> set(low), high[:9]
    ({0.0}, (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0))
    >>> high[9:]
    (34.22, 34.22, 1.0, 1.0, 1.0)
    >>> scalar_bounds()[1][6]  # a rule set may set any knock limit
    inf
    """
    if rules is None:
        unbounded = (1.0,) * 6 + (math.inf, 1.0, 1.0, math.inf, math.inf, math.inf,
                                  math.inf, 1.0)
        return (0.0,) * len(SCALARS), unbounded
    if isinstance(rules, str):
        from ginrules.rulesets import rules as preset  # the function, not the module

        rules = preset(rules)
    elif not isinstance(rules, RuleSet):
        raise _wrong_type("scalar_bounds", "rules: a preset name such as 'oklahoma', a "
                          "RuleSet or None", rules)
    limit = 10 if rules.oklahoma else rules.knock_limit
    score = _score_bound(rules) / rules.target
    high = (1.0,) * 6 + (max(1.0, limit / 10.0), 1.0, 1.0, score, score,
                         max(1.0, rules.gin_bonus / 100.0),
                         max(1.0, rules.undercut_bonus / 100.0), 1.0)
    return (0.0,) * len(SCALARS), high


def describe(view: View) -> str:
    """A short text of the view for a language-model agent: the view's own text
    (``str(view)``), then every legal action with its id, so the model can answer with
    either.

    >>> import ginrules
    >>> text = describe(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1))
    >>> text.splitlines()[-1]
    'Legal actions (id: action): 0: take, 1: pass'
    """
    if type(view) is not View:
        raise _not_a_view("describe", view)
    lines = [str(view)]
    if view.legal_actions:
        lines.append("Legal actions (id: action): "
                     + ", ".join(f"{a.index}: {a}" for a in view.legal_actions))
    elif view.phase is Phase.OVER:
        lines.append("The hand is over.")
    else:
        lines.append(f"Waiting for player {view.turn}.")
    return "\n".join(lines)

