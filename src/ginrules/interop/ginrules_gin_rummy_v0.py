"""The PettingZoo environment under PettingZoo's naming convention: a module named after
the environment and its version (as ``pettingzoo.classic.gin_rummy_v4``), with
:func:`env` (the environment in PettingZoo's order-enforcing wrapper) and
:func:`raw_env` (the environment itself), whose ``metadata["name"]`` is this module's
name. Both are :mod:`ginrules.interop.pettingzoo_env`'s, documented there; the version
goes up when the environment changes in a way that changes what an agent learns.

>>> from ginrules.interop import ginrules_gin_rummy_v0
>>> ginrules_gin_rummy_v0.NAME
'ginrules_gin_rummy_v0'

Needs pettingzoo (the ``rl`` extra; not run without it):

>>> e = ginrules_gin_rummy_v0.env(rules="oklahoma", reward="win_loss")  # doctest: +SKIP
>>> e.metadata["name"]  # doctest: +SKIP
'ginrules_gin_rummy_v0'
"""

from __future__ import annotations

from ginrules.interop.pettingzoo_env import _NAME, env, raw_env

__all__ = ["NAME", "env", "raw_env"]

NAME = _NAME
"""The environment's name and version: ``metadata["name"]``."""
