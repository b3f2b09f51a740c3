"""What a knock is worth against a stated opponent: models measured against outcomes.

Sampling the opponent's hand from the evidence of its play (the expert's inference
weights, :func:`~ginrules.players.determinize.inference_weights`) gets the risk wrong in
both directions: against ``simple``, which knocks as soon as it may, knocks were
undercut far less often than the samples said, and against the levels that wait for gin
far more often (at 1-4% stated, 20-30% undercut). The samples' share carries little of
what decides an undercut; how long the opponent has played carries most of it. So when a
level is told its opponent (``ExpertPlayer(opponent=...)``, ``hint(view,
opponent=...)``), the risk it states is a logistic model of an undercut, fit for that
opponent by ``python research/calibration.py --fit`` on knocks priced against the
opponent's real hand:

    logit(risk) = a + b * logit(share) + c * deadwood / 10 + d * draws / 10 + e * stock / 30

where *share* is the samples' undercut share (kept within 0.5% and 99.5%), *deadwood* the
knock's, *draws* the opponent's stock draws so far and *stock* the cards left in the
stock. The samples are then weighed again so that their undercut share is the model's
risk. The points of knocking and of playing on, averaged over the samples so weighed,
and the chance of winning the game that :func:`~ginrules.players.odds.game_chance`
gives (as if both players were alike), are each mapped by a line fit the same way (the
playouts assume an opponent that knocks as soon as it may, so against the levels that
wait for gin playing on won far less than they said). How well the figures hold against
outcomes, per bin, is on the players page.

>>> sorted(KNOCK_MODELS)
['advanced', 'any', 'basic', 'beginner', 'expert', 'intermediate', 'master', 'simple']
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from ginrules.errors import GinRulesError, WrongTypeError

if TYPE_CHECKING:
    from ginrules.players.computer import KnockEstimate
    from ginrules.players.lookahead import Table

__all__ = ["KNOCK_MODELS", "KnockModel", "undercut_risk"]

_Coefficients = tuple[float, float, float, float, float]
_Line = tuple[float, float]
_KNOTS = (-15.0, -5.0, 5.0, 15.0, 25.0)  # the bends of the advised points' line
_IDENTITY_RISK = (0.0, 1.0, 0.0, 0.0, 0.0)
_RISK_BEND = -2.0  # the logit where the advised risk's line bends (a risk of 12%)
_IDENTITY_POINTS = (0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
_IDENTITY_GAME = (0.0, 1.0, 0.0, 0.0, 0.0)
_LOGIT_995 = math.log(0.995 / 0.005)


@attrs.frozen
class KnockModel:
    """The model of one opponent: ``risk``, the coefficients ``(a, b, c, d, e)`` of the
    undercut risk (see the module's summary); ``knock`` and ``play_on``, ``(a, b)`` of
    the points a knock and playing on are stated to win, ``a + b * sampled``, where
    *sampled* is their mean over the samples (weighed again for the risk); and ``game``,
    ``(a, b)`` of the chance of winning the game, ``logit(stated) = a + b *
    logit(sampled)``, where *sampled* is that chance by
    :func:`~ginrules.players.odds.game_chance` (which takes both players alike);
    ``game_measured``, ``(a, b, c1, c2, c3)`` of that chance as measured against the games
    won (see :meth:`_chance`); ``advised``, ``(a, b, c, d, e)`` of the undercut risk stated
    where the hint advises the knock (see :meth:`_advised_risk`); ``advised_knock`` and
    ``advised_play_on``, the eight coefficients of the points of knocking stated where
    the hint advises the knock, and of playing on where it advises playing on (see
    :meth:`_advised_points`); each the identity unless measured.

    >>> KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), knock=(-1.0, 0.5)).knock
    (-1.0, 0.5)
    >>> KnockModel((0.0, 1.0), knock=(-1.0, 0.5))
    Traceback (most recent call last):
    ...
    ginrules.errors.WrongTypeError: a KnockModel's risk is a tuple of 5 finite numbers, not (0.0, 1.0)
    """

    risk: _Coefficients = attrs.field(validator=lambda i, a, v: _numbers(a.name, v, 5))
    knock: _Line = attrs.field(default=(0.0, 1.0),
                               validator=lambda i, a, v: _numbers(a.name, v, 2))
    play_on: _Line = attrs.field(default=(0.0, 1.0),
                                 validator=lambda i, a, v: _numbers(a.name, v, 2))
    game: _Line = attrs.field(default=(0.0, 1.0),
                              validator=lambda i, a, v: _numbers(a.name, v, 2))
    advised: tuple[float, float, float, float, float] = attrs.field(
        default=_IDENTITY_RISK, validator=lambda i, a, v: _numbers(a.name, v, 5))
    advised_knock: tuple[float, ...] = attrs.field(
        default=_IDENTITY_POINTS,
        validator=lambda i, a, v: _numbers(a.name, v, len(_IDENTITY_POINTS)))
    advised_play_on: tuple[float, ...] = attrs.field(
        default=_IDENTITY_POINTS,
        validator=lambda i, a, v: _numbers(a.name, v, len(_IDENTITY_POINTS)))
    game_measured: tuple[float, ...] = attrs.field(
        default=_IDENTITY_GAME,
        validator=lambda i, a, v: _numbers(a.name, v, len(_IDENTITY_GAME)))

    def _advised_risk(self, risk: float, stock: int, deadwood: int) -> float:
        """The undercut risk a hint states when it advises the knock: ``logit(stated) =
        a + b * z + c * stock / 30 + d * deadwood / 10 + e * max(0, z + 2)`` by
        ``advised``, where *z* is the logit of the model's risk (kept within 0.5% and
        99.5%) and *deadwood* the knock's: a line bent where the model's risk is 12%. The
        knocks a hint advises are a chosen few (late in a hand, where playing on is worse
        still, or early with much to win), and on them the model's risk, true over every
        knock weighed, was not; against ``advanced`` no straight line in *z* held below
        and above 12% at once (fit on the advised knocks themselves, it stated 8% where
        17% were undercut).

        >>> KnockModel((0.0, 1.0, 0.0, 0.0, 0.0))._advised_risk(0.25, 20, 5)
        0.25
        >>> m = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), advised=(0.0, 1.0, -3.0, 0.0, 0.0))
        >>> round(m._advised_risk(0.5, 30, 5), 4)
        0.0474
        >>> bent = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), advised=(0.0, 2.0, 0.0, 0.0, -1.0))
        >>> round(bent._advised_risk(0.05, 0, 5), 4), round(bent._advised_risk(0.5, 0, 5), 4)
        (0.0028, 0.1192)
        """
        if self.advised == _IDENTITY_RISK:
            return risk
        a, b, c, d, e = self.advised
        risk = min(0.995, max(0.005, risk))
        x = math.log(risk / (1.0 - risk))
        z = a + b * x + c * stock / 30 + d * deadwood / 10 + e * max(0.0, x - _RISK_BEND)
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def _advised_points(self, points: float, stock: int, which: str = "knock") -> float:
        """The points of ``which`` (``"knock"`` or ``"play_on"``) a hint states where it
        advises that move, for the model's ``points``: by ``advised_knock`` or
        ``advised_play_on``, ``(a, b, c1, ..., c5, e)``, the broken line ``a + b * points
        + c1 * max(0, points - k1) + ... + c5 * max(0, points - k5) + e * stock / 30``
        with the knots *k* at -15, -5, 5, 15 and 25 points. On the knocks a hint advises,
        the model's points were several points too low where a knock was safe and too
        high where it was not, and where it advised playing on, too far from the middle
        at both ends; one straight line could not mend both ends (see the players page).

        >>> KnockModel((0.0, 1.0, 0.0, 0.0, 0.0))._advised_points(7.5, 20)
        7.5
        >>> m = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0),
        ...                advised_knock=(1.0, 1.0, 0.0, 0.0, 0.5, 0.0, 0.0, 3.0))
        >>> m._advised_points(15.0, 10)  # 1 + 15 + 0.5 * (15 - 5) + 3 * 10 / 30
        22.0
        >>> m._advised_points(15.0, 10, "play_on")
        15.0
        """
        line = self.advised_knock if which == "knock" else self.advised_play_on
        if line == _IDENTITY_POINTS:
            return points
        a, b, *bends, e = line
        return a + b * points + sum(c * max(0.0, points - k)
                                    for c, k in zip(bends, _KNOTS, strict=True)) \
            + e * stock / 30

    def _points(self, which: str, sampled: float) -> float:
        """The points of ``which`` (``"knock"`` or ``"play_on"``) this model states when
        the samples' mean is ``sampled``."""
        a, b = self.knock if which == "knock" else self.play_on
        return a + b * sampled

    def _chance(self, sampled: float) -> float:
        """The chance of winning the game this model states when the samples' is
        ``sampled`` (1 and 0 stay as they are: the game is decided): ``z = a + b *
        logit(sampled)`` by ``game``, kept within the logits of 0.5% and 99.5%, then
        ``logit(stated) = a + b * z + c1 * max(0, z + 1) + c2 * max(0, z) + c3 * max(0, z
        - 1)`` by ``game_measured`` (a line bent where the chance is 27%, 50% and 73%,
        rising everywhere, so that of two chances the higher stays the higher).

        >>> m = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), game_measured=(0, 1, 0, -0.5, 0))
        >>> round(m._chance(0.2), 4), round(m._chance(0.8), 4), m._chance(1.0)
        (0.2, 0.6667, 1.0)
        """
        if sampled <= 0.0 or sampled >= 1.0:
            return sampled
        a, b = self.game
        z = a + b * math.log(sampled / (1.0 - sampled))
        if self.game_measured != _IDENTITY_GAME:
            z = min(_LOGIT_995, max(-_LOGIT_995, z))
            a, b, c1, c2, c3 = self.game_measured
            z = a + b * z + c1 * max(0.0, z + 1.0) + c2 * max(0.0, z) + c3 * max(0.0, z - 1.0)
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def _numbers(name: str, value: object, count: int) -> None:
    """Refuse a model's ``name`` unless it is a tuple of ``count`` finite numbers."""
    if not (isinstance(value, tuple) and len(value) == count and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
            for x in value)):
        raise WrongTypeError(f"a KnockModel's {name} is a tuple of {count} finite numbers, "
                             f"not {value!r}")


# fit by `python research/calibration.py --fit --games 600 --seed 100000 --opponents
# simple,basic,advanced,expert`: 600 games per opponent under each of the classic and
# eaai rules (seeds 100000 to 100599) between the expert told its opponent and that
# opponent, every knock the expert weighed priced against the opponent's real hand
_MODELS: dict[str, KnockModel] = {
    # 11452 knocks, 452 undercut
    "simple": KnockModel((0.8854, 0.3089, 3.1059, -3.3140, -5.8368), knock=(1.8590, 0.7447),
                         play_on=(4.9290, 0.7977), game=(1.0883, 1.1455),
                         advised=(-0.9246, 0.7370, -0.1748, 0.0, 0.0)),
    # 11321 knocks, 488 undercut
    "basic": KnockModel((4.1610, 0.3053, 3.4409, -5.5308, -9.2476), knock=(2.1080, 0.6786),
                        play_on=(5.8479, 0.7157), game=(0.8113, 1.0075)),
    # 22878 knocks, 7348 undercut
    "advanced": KnockModel((6.5279, 0.2169, 1.8203, -3.7030, -9.7987),
                           knock=(-3.3970, 0.8158), play_on=(-8.1283, 0.6931),
                           game=(-0.1232, 0.6965),
                           advised=(1.9945, 2.3098, 1.4828, -1.3009, -1.3228),
                           advised_knock=(-4.5194, 0.7459, -0.4701, -0.1284, 0.5537, -0.0222,
                                          0.5017, 28.4412),
                           advised_play_on=(-3.8758, 0.3655, 0.0173, -0.1163, 1.1938,
                                            1.0799, -2.4940, 8.4750),
                           game_measured=(-0.2659, 1.2224, 0.3184, -0.5039, -0.4419)),
    # 25402 knocks, 10025 undercut
    "expert": KnockModel((5.0792, 0.1656, 1.4377, -2.6380, -7.4730), knock=(-4.4390, 0.7767),
                         play_on=(-8.2960, 0.5181), game=(-0.5094, 0.9091),
                         advised=(-1.6146, 1.5250, 2.6290, -0.7133, 0.0),
                         advised_knock=(15.4206, 1.6603, -1.7125, 0.4269, 1.2137, -0.6255,
                                        0.9542, 17.0129),
                         advised_play_on=(5.2009, 0.9718, -0.6834, 0.3113, 2.4105, -0.5762,
                                          0.0000, 5.0287),
                         game_measured=(0.1595, 1.1130, -0.1594, -0.1781, -0.3185)),
    # the 71053 knocks above
    "any": KnockModel((5.6991, 0.1968, 1.0678, -3.1806, -8.6179), knock=(-2.8138, 0.8806),
                      play_on=(-6.0096, 0.7350), game=(0.0153, 0.8727)),
}
# `advised`, `advised_knock`, `advised_play_on` and `game_measured`: fit on the moves the
# hint advised, by `python research/calibration.py --fit-advised`, which plays with none
# of them (the identity), under each of the classic and eaai rules: against `simple`,
# seeds 0 to 799 (2292 knocks advised; its points and chances need no mending, and its
# risk no deadwood term); against `advanced`, seeds 20000 to 25399 and 30000 to 35399
# (8312), checked on seeds 35400 to 38099 (2007); against `expert`, seeds 0 to 2999 and
# 200000 to 202999 (2147). The advised risks of `simple` and `expert` were fit before the
# risk's line was bent (its last coefficient 0): their bins hold without it. Some of the
# expert's rows were played with an earlier advised risk: seeds 0 to 2999 with one
# without the deadwood term, (-1.8889, 1.5708, 2.5525); for `advised`, their risk was
# mapped back to the model's through it (a logistic map: one to one)
for _alias, _level in (("master", "expert"), ("beginner", "simple"),
                       ("intermediate", "basic")):
    _MODELS[_alias] = _MODELS[_level]

KNOCK_MODELS: Mapping[str, KnockModel] = MappingProxyType(_MODELS)
"""Per opponent, its :class:`KnockModel`: ``simple``, ``basic``, ``advanced`` and
``expert`` each fit on games against that level (and ``beginner`` and ``intermediate``
by their other names); ``master`` knocks as the expert does and takes its model; ``any``
is fit on the four together, for an opponent that is none of them (a person)."""


def undercut_risk(opponent: str, share: float, deadwood: int, draws: int,
                  stock: int) -> float:
    """The chance that a knock with ``deadwood`` is undercut by ``opponent`` (a key of
    :data:`KNOCK_MODELS`), when the samples' undercut share is ``share``, the opponent
    has drawn ``draws`` stock cards and ``stock`` cards are left (see the module's
    summary).

    >>> 0.0 < undercut_risk("expert", 0.05, 6, 4, 20) < 1.0
    True
    >>> undercut_risk("grandmaster", 0.05, 6, 4, 20)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: no knock model for 'grandmaster'; the models are simple, basic, advanced, expert, any, master, beginner, intermediate
    """
    a, b, c, d, e = _model_of(opponent).risk
    if isinstance(share, bool) or not isinstance(share, (int, float)):
        raise WrongTypeError(f"undercut_risk takes the samples' undercut share as a number "
                             f"from 0 to 1, not {share!r}")
    if not 0 <= share <= 1:
        raise GinRulesError(f"the samples' undercut share is from 0 to 1, not {share!r}")
    for name, count in (("deadwood", deadwood), ("draws", draws), ("stock", stock)):
        if type(count) is not int:
            raise WrongTypeError(f"undercut_risk takes {name} as an int, not {count!r}")
        if count < 0:
            raise GinRulesError(f"{name} is at least 0, not {count}")
    share = min(0.995, max(0.005, share))
    z = a + b * math.log(share / (1.0 - share)) + c * deadwood / 10 + d * draws / 10 \
        + e * stock / 30
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def _model_of(opponent: object) -> KnockModel:
    if not isinstance(opponent, str):
        raise WrongTypeError(f"an opponent's model is named by a string (one of "
                             f"{', '.join(KNOCK_MODELS)}), not {opponent!r}")
    try:
        return KNOCK_MODELS[opponent]
    except KeyError:
        raise GinRulesError(f"no knock model for {opponent!r}; the models are "
                            + ", ".join(KNOCK_MODELS)) from None


def _model(instance: Any, attribute: Any, value: object) -> None:
    """The attrs validator of a player's ``opponent``: ``None`` or a model's name."""
    if value is not None:
        _model_of(value)


def _tilted(priced: list[tuple[int, float]], risk: float, dead: int,
            table: Table) -> list[tuple[int, float]]:
    """``priced`` weighed again so that the share of undercuts is ``risk``: the
    undercuts' weights scaled by one factor and the others' by another. When no sample
    (or every sample) is undercut, one is added with the weight that makes the share
    ``risk``: an undercut by half the knock's deadwood (its points: the undercut bonus
    and that half), or a knock that wins 1 point.

    >>> from ginrules import rules
    >>> from ginrules.players.lookahead import Table
    >>> t = Table.of(rules("classic"), 10)
    >>> _tilted([(-27, 1.0), (5, 3.0)], 0.5, 4, t)
    [(-27, 2.0), (5, 2.0)]
    >>> _tilted([(5, 1.0)], 0.2, 4, t)
    [(5, 1.0), (-27, 0.25)]
    >>> _tilted([], 0.2, 4, t)  # nothing weighed: nothing to tilt
    []
    """
    total = sum(w for _, w in priced)
    under = sum(w for p, w in priced if p < 0)
    if total <= 0:
        return priced
    if 0 < under < total:
        up, down = risk * total / under, (1.0 - risk) * total / (total - under)
        return [(p, w * (up if p < 0 else down)) for p, w in priced]
    if under == 0:
        if risk >= 1.0:
            return [(-(table.undercut_bonus + (dead + 1) // 2), total)]
        return [*priced, (-(table.undercut_bonus + (dead + 1) // 2),
                          total * risk / (1.0 - risk))]
    if risk <= 0.0:
        return [(1, total)]
    return [*priced, (1, total * (1.0 - risk) / risk)]


def _stated(model: KnockModel, sampled: KnockEstimate) -> KnockEstimate:
    """The figures ``model`` states for those of the samples (the risk already its own).

    >>> from ginrules.players import KnockEstimate
    >>> m = KnockModel((0.0, 1.0, 0.0, 0.0, 0.0), knock=(-1.0, 0.5), play_on=(2.0, 1.0))
    >>> e = _stated(m, KnockEstimate(5, 0.1, 10.0, 4.0, None, None, 48, "expert"))
    >>> e.knock_points, e.play_on_points, e.knock_wins_game
    (4.0, 6.0, None)
    """
    knock, on = sampled.knock_wins_game, sampled.play_on_wins_game
    return attrs.evolve(
        sampled, knock_points=model._points("knock", sampled.knock_points),
        play_on_points=model._points("play_on", sampled.play_on_points),
        knock_wins_game=None if knock is None else model._chance(knock),
        play_on_wins_game=None if on is None else model._chance(on))
