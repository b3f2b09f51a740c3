"""The end of a hand by a knock: layoffs, the knocker's arrangement, and the facts.

Pure functions of the two hands, below the hand's state machine: :func:`lay_off` (the
defender's best play against the knocker's melds), :func:`knocker_layout` (the melds a
knocker who lays out its own hand chooses from what it has seen), :func:`resolve_knock`
(the knocker's arrangement given, or chosen for the knocker by rules that lay hands out,
with the defender's answer), and :class:`HandResult`, the facts of a finished hand that
:func:`ginrules.score_hand` prices.

>>> from ginrules.knocking import resolve_knock
>>> k, d, layoffs = resolve_knock("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
...                               "7H 8H 9H KS QS JS 5C 5D 7S 7D")
>>> k.deadwood, d.deadwood, [str(x) for x in layoffs]
(2, 18, ['9H onto 9C 9D 9S'])
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable

import attrs

from ginrules import _wire
from ginrules._fields import check_fields
from ginrules.cards import _ALL_CARDS, CARDS, Card, CardsLike, to_mask
from ginrules.errors import (
    CardNotationError,
    GinRulesError,
    InvalidMeldError,
    _not_a_member,
    _wrong_type,
)
from ginrules.masks import _deadwood
from ginrules.melds import Arrangement, Meld, MeldKind, arrangement_of_mask, arrangements_of_mask

__all__ = ["EndKind", "HandResult", "Layoff", "dead_result", "knock_result", "knocker_layout",
           "lay_off", "resolve_knock"]


class EndKind(enum.Enum):
    """How a hand ended.

    >>> [k.value for k in EndKind]
    ['knock', 'gin', 'big gin', 'dead']
    """

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big gin"
    DEAD = "dead"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value)


@attrs.frozen
class Layoff:
    """A defender's card laid off onto one of the knocker's melds.

    ``meld`` is the knocker's meld as it was shown (an index into
    :attr:`HandResult.knocker_melds` is ``meld_index``); layoffs onto the same meld are
    listed in the order they were laid, so a chain reads 7H, then 8H onto 4H-5H-6H.

    >>> from ginrules import Meld
    >>> _, layoffs = lay_off([Meld.of("4H 5H 6H")], "7H 8H KS")
    >>> [str(x) for x in layoffs], layoffs[0].meld_index
    (['7H onto 4H 5H 6H', '8H onto 4H 5H 6H'], 0)
    """

    card: Card
    meld_index: int
    meld: Meld

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        if self.meld_index < 0:
            raise GinRulesError(f"a layoff's meld_index counts from 0, not {self.meld_index}")

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: the card and the meld it was laid onto, as ASCII cards.

        >>> Layoff(Card.parse("7H"), 0, Meld.of("4H 5H 6H")).to_dict()
        {'card': '7H', 'meld': ['4H', '5H', '6H']}
        """
        return {"card": str(self.card), "meld": self.meld.to_list()}

    def __str__(self) -> str:
        return f"{self.card} onto {self.meld}"


@attrs.frozen(repr=False)
class HandResult:
    """The facts of a finished hand, before any pricing (see :func:`ginrules.score_hand`).

    For a knock, gin or big gin: who knocked, both arrangements (the defender's after its
    layoffs), the layoffs, both deadwood counts. For a dead hand there is no knocker, no
    arrangement and both deadwood counts are 0 (the final hands are in the state).

    >>> from ginrules import showdown
    >>> result, _ = showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 2D")
    >>> result.kind, result.knocker, result.defender, result.defender_deadwood
    (<EndKind.KNOCK: 'knock'>, 0, 1, 20)
    >>> [str(m) for m in result.knocker_melds], [str(m) for m in result.defender_melds]
    (['AC 2C 3C', '4H 5H 6H', '9C 9D 9S'], ['7D 7H 7S', 'JS QS KS'])
    """

    kind: EndKind
    knocker: int | None
    dealer: int
    upcard: Card | None
    knock_limit: int
    knocker_arrangement: Arrangement | None
    defender_arrangement: Arrangement | None
    layoffs: tuple[Layoff, ...]
    knocker_deadwood: int
    defender_deadwood: int

    def __attrs_post_init__(self) -> None:
        """Each field of its type, the players 0 or 1, no count below 0, and a knocker
        for every ending but a dead hand.

        >>> HandResult(EndKind.KNOCK, None, 0, None, 10, None, None, (), 3, 20)
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: a knock has a knocker, 0 or 1, not None
        """
        check_fields(self)
        if self.dealer not in (0, 1):
            raise GinRulesError(f"a hand's dealer is player 0 or 1, not {self.dealer}")
        if (self.knocker is None) != (self.kind is EndKind.DEAD):
            raise GinRulesError(
                "a dead hand has no knocker, not " + str(self.knocker)
                if self.kind is EndKind.DEAD else
                f"a {self.kind.value} has a knocker, 0 or 1, not None")
        if self.knocker not in (None, 0, 1):
            raise GinRulesError(f"the knocker is player 0 or 1, not {self.knocker}")
        for name in ("knock_limit", "knocker_deadwood", "defender_deadwood"):
            if getattr(self, name) < 0:
                raise GinRulesError(f"a hand result's {name} is 0 or more, not "
                                    f"{getattr(self, name)}")

    @property
    def defender(self) -> int | None:
        """The player who did not knock (``None`` for a dead hand)."""
        return None if self.knocker is None else 1 - self.knocker

    @property
    def knocker_melds(self) -> tuple[Meld, ...]:
        """The knocker's melds as shown (before layoffs)."""
        return () if self.knocker_arrangement is None else self.knocker_arrangement.melds

    @property
    def defender_melds(self) -> tuple[Meld, ...]:
        """The defender's own melds (of the cards it kept after laying off)."""
        return () if self.defender_arrangement is None else self.defender_arrangement.melds

    def _repr_svg_(self) -> str:
        from ginrules import svg  # drawn only when a notebook asks

        return svg.result(self)

    def __repr__(self) -> str:
        from ginrules.text import hand_result_repr

        return hand_result_repr(self)

    def __str__(self) -> str:
        from ginrules.text import hand_result_text

        return hand_result_text(self)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready summary of the facts.

        >>> from ginrules import showdown
        >>> result, _ = showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 9H")
        >>> facts = result.to_dict()
        >>> facts["kind"], facts["knocker_melds"][0], facts["layoffs"][0]
        ('knock', ['AC', '2C', '3C'], {'card': '9H', 'meld': ['9C', '9D', '9S']})
        """
        return {
            "kind": self.kind.value,
            "knocker": self.knocker,
            "dealer": self.dealer,
            "upcard": None if self.upcard is None else str(self.upcard),
            "knock_limit": self.knock_limit,
            "knocker_deadwood": self.knocker_deadwood,
            "defender_deadwood": self.defender_deadwood,
            "knocker_melds": [m.to_list() for m in self.knocker_melds],
            "defender_melds": [m.to_list() for m in self.defender_melds],
            "layoffs": [x.to_dict() for x in self.layoffs],
            "knocker_deadwood_cards": _dead_texts(self.knocker_arrangement),
            "defender_deadwood_cards": _dead_texts(self.defender_arrangement),
        }

    @classmethod
    def from_dict(cls, data: object) -> HandResult:
        """The result :meth:`to_dict` wrote, read back and checked (a client that receives
        a view as JSON gets its result this way). A malformed dict is a
        :class:`~ginrules.GinRulesError` that names the field.

        >>> from ginrules import showdown
        >>> result, _ = showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 9H")
        >>> HandResult.from_dict(result.to_dict()) == result
        True
        >>> HandResult.from_dict({"kind": "fold"})
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: result: "kind" must be one of knock, gin, big gin, dead, not 'fold'
        """
        where = "result"
        d = _wire.mapping(data, where)
        kind_text = _wire.field(d, "kind", str, where)
        try:
            kind = EndKind(kind_text)
        except ValueError:
            raise GinRulesError(f'{where}: "kind" must be one of '
                                + ", ".join(k.value for k in EndKind)
                                + f", not {kind_text!r}") from None
        knocker = _wire.optional_player(d, "knocker", where)
        dealer = _wire.player(d, "dealer", where)
        up = d.get("upcard")
        upcard = None if up is None else _wire.card(up, f'{where}: "upcard"')
        limit = _wire.field(d, "knock_limit", int, where)
        if (kind is EndKind.DEAD) != (knocker is None):
            raise GinRulesError(f"{where}: a dead hand has no knocker, and every other "
                                "ending has one")
        if kind is EndKind.DEAD:
            return dead_result(dealer=dealer, upcard=upcard, knock_limit=limit)
        arrangements = []
        for role in ("knocker", "defender"):
            try:
                melds = tuple(Meld.of(m) for m in _wire.field(d, f"{role}_melds", list,
                                                              where))
            except (TypeError, CardNotationError, InvalidMeldError) as error:
                raise GinRulesError(f'{where}: "{role}_melds": {error}') from None
            dead = _wire.cards(d, f"{role}_deadwood_cards", where)
            points = sum(c.points for c in dead)
            declared = _wire.field(d, f"{role}_deadwood", int, where)
            if declared != points:
                raise GinRulesError(f'{where}: "{role}_deadwood" is {declared}, but the '
                                    f"deadwood cards add up to {points}")
            arrangements.append(Arrangement(melds, tuple(sorted(dead)), points))
        layoffs = []
        for number, item in enumerate(_wire.field(d, "layoffs", list, where), 1):
            place = f"{where}: layoff {number}"
            entry = _wire.mapping(item, place)
            laid = _wire.card(entry.get("card"), place)
            try:
                onto = Meld.of(_wire.field(entry, "meld", list, place))
            except (CardNotationError, InvalidMeldError) as error:
                raise GinRulesError(f"{place}: {error}") from None
            if onto not in arrangements[0].melds:
                raise GinRulesError(f"{place}: {onto} is not one of the knocker's melds")
            layoffs.append(Layoff(laid, arrangements[0].melds.index(onto), onto))
        return cls(kind, knocker, dealer, upcard, limit, arrangements[0], arrangements[1],
                   tuple(layoffs), arrangements[0].deadwood, arrangements[1].deadwood)



def _dead_texts(arrangement: Arrangement | None) -> list[str]:
    return [] if arrangement is None else [str(c) for c in arrangement.deadwood_cards]


def _as_melds(melds: Iterable[Meld | CardsLike], function: str) -> tuple[Meld, ...]:
    """Melds given as :class:`Meld` values or as cards (validated by :meth:`Meld.of`)."""
    if isinstance(melds, (str, Meld)):
        raise _wrong_type(function, "melds: a list of Meld values, or of each meld's cards "
                          "(like ['7H 8H 9H'])", melds)
    try:
        items = tuple(melds)
    except TypeError:
        raise _wrong_type(function, "melds: a list of Meld values, or of each meld's cards "
                          "(like ['7H 8H 9H'])", melds) from None
    return tuple(m if isinstance(m, Meld) else Meld.of(m) for m in items)



def _chain(start_index: int, step: int, limit_rank_ok: int, defender: int) -> list[int]:
    """Defender card bits continuing a run from ``start_index`` in direction ``step``."""
    out = []
    index = start_index
    for _ in range(limit_rank_ok):
        index += step
        if not defender >> index & 1:
            break
        out.append(1 << index)
    return out


def _open_layoffs(melds: Iterable[Meld], possible: int) -> int:
    """The cards of ``possible`` that could be laid off onto ``melds``: the missing card of
    a three-card set, the chains of cards of ``possible`` from either end of a run."""
    spots = 0
    for meld in melds:
        if meld.kind is MeldKind.SET:
            spots |= sum(c.mask for c in meld.layoff_cards()) & possible
            continue
        low, high = meld.cards[0], meld.cards[-1]
        for bit in (*_chain(low.index, -1, int(low.rank) - 1, possible),
                    *_chain(high.index, 1, 13 - int(high.rank), possible)):
            spots |= bit
    return spots


def knocker_layout(knocker_cards: CardsLike | int, *,
                   discard_pile: CardsLike | int = 0) -> Arrangement:
    """The melds a knocker who lays out its own hand shows, chosen from what it knows: its
    ten cards and the discard pile (``discard_pile``, the knock's discard included).

    Among the arrangements that leave the least deadwood, the one onto which the fewest
    cards could be laid off that the defender may hold (every card that is neither the
    knocker's nor in the discard pile, the cards the defender took from the pile
    included); among equals, the first of :func:`ginrules.arrangements`. The defender's
    hidden cards play no part, so the choice is the same in every world the knocker
    cannot tell apart. This is how ginrules completes a ``knock`` without stated melds
    under rules where the knocker lays out its own hand (``auto_layout`` false: the Dutch
    game manual, the EAAI framework, OpenSpiel).

    Three sets of threes, fours and fives leave three cards open to the defender (3S,
    4S, 5S); three runs leave six ends, and the cards beyond them, until the discard pile
    closes the ends:

    >>> print(knocker_layout("3C 4C 5C 3D 4D 5D 3H 4H 5H KC"))
    3C 3D 3H | 4C 4D 4H | 5C 5D 5H | deadwood KC = 10
    >>> print(knocker_layout("3C 4C 5C 3D 4D 5D 3H 4H 5H KC",
    ...                      discard_pile="2C 6C 2D 6D 2H 6H"))
    3C 4C 5C | 3D 4D 5D | 3H 4H 5H | deadwood KC = 10
    """
    kmask, pile = to_mask(knocker_cards), to_mask(discard_pile)
    if kmask & pile:
        card = CARDS[(kmask & pile).bit_length() - 1]
        raise GinRulesError(f"{card} is both in the knocker's hand and in the discard pile")
    possible = _ALL_CARDS & ~kmask & ~pile
    return min(arrangements_of_mask(kmask),
               key=lambda a: _open_layoffs(a.melds, possible).bit_count())


def _layoff_options(meld: Meld, defender: int) -> list[tuple[int, ...]]:
    """Each way of laying defender cards onto ``meld``: tuples of card bits in laying order."""
    if meld.kind is MeldKind.SET:
        fits = [c.mask for c in meld.layoff_cards() if defender & c.mask]
        return [(), *((bit,) for bit in fits)]
    low, high = meld.cards[0], meld.cards[-1]
    below = _chain(low.index, -1, int(low.rank) - 1, defender)
    above = _chain(high.index, 1, 13 - int(high.rank), defender)
    return [
        (*below[:i], *above[:j]) for i in range(len(below) + 1) for j in range(len(above) + 1)
    ]


def lay_off(
    knocker_melds: Iterable[Meld | CardsLike], defender: CardsLike | int
) -> tuple[Arrangement, tuple[Layoff, ...]]:
    """The defender's best play against a knock: its own melds and its layoffs onto the
    knocker's melds, chosen together for the least deadwood.

    Runs take chains of cards from either end (7H then 8H onto 4H-5H-6H); a three-card set
    takes its fourth card. Among equal deadwood, the fewest layoffs. Returns the defender's
    arrangement of the cards it keeps and the layoffs.

    >>> from ginrules import Meld, format_cards
    >>> arrangement, layoffs = lay_off([Meld.of("4H 5H 6H")], "7H 8H 3H KS")
    >>> [str(x) for x in layoffs], arrangement.deadwood
    (['3H onto 4H 5H 6H', '7H onto 4H 5H 6H', '8H onto 4H 5H 6H'], 10)

    The defender breaks its own set of four sevens when laying 7H off leaves less deadwood:

    >>> arrangement, layoffs = lay_off([Meld.of("4H 5H 6H")], "7H 7S 7D 7C 8H")
    >>> [str(x) for x in layoffs], arrangement.deadwood
    (['7H onto 4H 5H 6H', '8H onto 4H 5H 6H'], 0)
    """
    melds = _as_melds(knocker_melds, "lay_off")
    mask = to_mask(defender)
    best: tuple[int, int] | None = None
    best_choice: tuple[tuple[int, ...], ...] = ()
    for choice in itertools.product(*(_layoff_options(m, mask) for m in melds)):
        laid = 0
        clash = False
        count = 0
        for bits in choice:
            for bit in bits:
                if laid & bit:
                    clash = True
                laid |= bit
                count += 1
        if clash:
            continue
        key = (_deadwood(mask & ~laid), count)
        if best is None or key < best:
            best, best_choice = key, choice
    laid_mask = 0
    layoffs = []
    for index, (meld, bits) in enumerate(zip(melds, best_choice, strict=True)):
        for bit in bits:
            layoffs.append(Layoff(CARDS[bit.bit_length() - 1], index, meld))
            laid_mask |= bit
    return arrangement_of_mask(mask & ~laid_mask), tuple(layoffs)


def resolve_knock(
    knocker_cards: CardsLike | int,
    defender_cards: CardsLike | int,
    *,
    knocker_arrangement: Arrangement | None = None,
) -> tuple[Arrangement, Arrangement, tuple[Layoff, ...]]:
    """Arrange a knock: the knocker's melds (given, or the least-deadwood arrangement that
    leaves the defender the most deadwood, and among those the fewest layoffs: the
    knocker's best, as rules that lay hands out for the players choose it) and the
    defender's melds and layoffs. Where the knocker lays out its own hand, the hand
    passes :func:`knocker_layout`'s choice as ``knocker_arrangement``.

    No layoffs are made against gin (a knocker with no deadwood).

    >>> k, d, layoffs = resolve_knock("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
    ...                               "7H 8H 9H KS QS JS 5C 5D 7S 7D")
    >>> k.deadwood, d.deadwood, [str(x) for x in layoffs]
    (2, 18, ['9H onto 9C 9D 9S'])
    """
    kmask, dmask = to_mask(knocker_cards), to_mask(defender_cards)
    if knocker_arrangement is not None and not isinstance(knocker_arrangement, Arrangement):
        raise _wrong_type("resolve_knock", "the knocker's Arrangement as knocker_arrangement "
                          "(see ginrules.arrange), or None", knocker_arrangement)
    candidates = (
        (knocker_arrangement,) if knocker_arrangement is not None else arrangements_of_mask(kmask)
    )
    best: tuple[Arrangement, Arrangement, tuple[Layoff, ...]] | None = None
    outcome: tuple[Arrangement, Arrangement, tuple[Layoff, ...]]
    for candidate in candidates:
        if candidate.deadwood == 0:
            outcome = (candidate, arrangement_of_mask(dmask), ())
        else:
            defence, layoffs = lay_off(candidate.melds, dmask)
            outcome = (candidate, defence, layoffs)
        if best is None or (outcome[1].deadwood, -len(outcome[2])) > (
            best[1].deadwood, -len(best[2])
        ):
            best = outcome
    assert best is not None
    return best


def knock_result(
    knocker_cards: CardsLike | int,
    defender_cards: CardsLike | int,
    *,
    knocker: int,
    dealer: int,
    upcard: Card | None,
    knock_limit: int,
    kind: EndKind | None = None,
    knocker_arrangement: Arrangement | None = None,
) -> HandResult:
    """The facts of a knock from the knocker's ten cards (eleven for big gin) and the
    defender's: both arrangements and the layoffs (see :func:`resolve_knock`). ``kind``
    is gin or knock by the knocker's deadwood unless given (big gin).

    >>> r = knock_result("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 2D",
    ...                  knocker=0, dealer=1, upcard=None, knock_limit=10)
    >>> r.kind.value, r.knocker_deadwood, r.defender_deadwood
    ('knock', 2, 20)
    """
    if type(knocker) is not int:
        raise _wrong_type("knock_result", "the knocker, 0 or 1, as knocker", knocker)
    knocker_arr, defender_arr, layoffs = resolve_knock(
        knocker_cards, defender_cards, knocker_arrangement=knocker_arrangement
    )
    if kind is None:
        kind = EndKind.GIN if knocker_arr.deadwood == 0 else EndKind.KNOCK
    return HandResult(
        kind=kind,
        knocker=knocker,
        dealer=dealer,
        upcard=upcard,
        knock_limit=knock_limit,
        knocker_arrangement=knocker_arr,
        defender_arrangement=defender_arr,
        layoffs=layoffs,
        knocker_deadwood=knocker_arr.deadwood,
        defender_deadwood=defender_arr.deadwood,
    )


def dead_result(*, dealer: int, upcard: Card | None, knock_limit: int) -> HandResult:
    """The facts of a dead hand: no knocker, no arrangement, no deadwood counted.

    >>> dead_result(dealer=0, upcard=None, knock_limit=10).kind.value
    'dead'
    """
    return HandResult(
        kind=EndKind.DEAD,
        knocker=None,
        dealer=dealer,
        upcard=upcard,
        knock_limit=knock_limit,
        knocker_arrangement=None,
        defender_arrangement=None,
        layoffs=(),
        knocker_deadwood=0,
        defender_deadwood=0,
    )
