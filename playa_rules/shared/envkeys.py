"""Keys of an evaluation environment (``e``) that the engine and the compiled rules agree on.

A compiled text reads its bound names in ``e`` under keys a DSL name never spells (``me``,
``t#3`` for a loop variable, ``$won`` for a define remembered while a hand is scored), so
the keys below, which begin with ``$$``, are the engine's alone.
"""

from __future__ import annotations

SEATS = "$$seats"
"""At a hand end, the table every seat's environment shares: the scoring's defines grouped
by seat, worked out in one pass for all seats (compiler/dsl/seatgroups.py)."""
