"""Reads of a part of a seat or a component (``x.name``) whose object may be none.

Each reader is the one closure names.py would write (``table[x]``), with a ``try`` around
the read: the read costs the same while it works (a ``try`` is free in Python 3.11 until it
catches), and reading a part of none, or of a text, raises a fault located at ``x.name``
(faults.part_fault) instead of Python's "list indices must be integers, not NoneType". The
generated backend writes the same reads inline and, on its error path, works a failing
expression out again through these closures (faults.relocated).
"""

from __future__ import annotations

from collections.abc import Callable

from .faults import part_fault


def part_site(cp, node, name: str, what: str) -> Callable:
    """``fault(x)``: the located fault of reading ``.name`` of ``x`` (none, or no ``what``) at ``node``."""
    where = cp.fault_site(node)
    return lambda x: part_fault(where, name, x, what)


def table_read(table, lk: str | None, of: Callable, fault: Callable) -> Callable:
    """``fn(g, e)``: ``table[x]``, x the object (the env key ``lk`` when it is a bound name)."""
    if lk is not None:

        def read_bound(g, e):
            x = e[lk]
            try:
                return table[x]
            except TypeError:
                raise fault(x) from None

        return read_bound

    def read(g, e):
        x = of(g, e)
        try:
            return table[x]
        except TypeError:
            raise fault(x) from None

    return read


def store_read(store: str, name: str, lk: str | None, of: Callable, fault: Callable) -> Callable:
    """``fn(g, e)``: ``g.<store>[name][x]`` (a variable of a seat or a component)."""
    if lk is not None and store == "cvars":

        def cvar_bound(g, e):
            x = e[lk]
            try:
                return g.cvars[name][x]
            except TypeError:
                raise fault(x) from None

        return cvar_bound
    if store == "cvars":

        def cvar(g, e):
            x = of(g, e)
            try:
                return g.cvars[name][x]
            except TypeError:
                raise fault(x) from None

        return cvar

    def var(g, e):
        x = of(g, e)
        try:
            return getattr(g, store)[name][x]
        except TypeError:
            raise fault(x) from None

    return var


def cvar_negated(name: str, lk: str, fault: Callable) -> Callable:
    """``fn(g, e)``: ``not g.cvars[name][x]``, x the bound name ``lk`` (``not c.ready`` in one call)."""

    def negated(g, e):
        x = e[lk]
        try:
            return not g.cvars[name][x]
        except TypeError:
            raise fault(x) from None

    return negated


def offset_read(base: int, of: Callable, fault: Callable) -> Callable:
    """``fn(g, e)``: ``base + x`` (the zone of seat x of a per-player zone)."""

    def read(g, e):
        x = of(g, e)
        try:
            return base + x
        except TypeError:
            raise fault(x) from None

    return read


def seat_part(name: str, of: Callable, fault: Callable) -> Callable:
    """``fn(g, e)``: a built-in part of seat x (``hand_scores``, ``score``, ``left``, ``right``, ``index``)."""
    if name == "index":
        return of
    if name == "hand_scores":

        def hand_scores(g, e):
            x = of(g, e)
            try:
                return [h[x] for h in g.hand_scores]
            except TypeError:
                raise fault(x) from None

        return hand_scores
    if name == "score":

        def score(g, e):
            x = of(g, e)
            try:
                return sum(h[x] for h in g.hand_scores)
            except TypeError:
                raise fault(x) from None

        return score
    step = 1 if name == "left" else -1

    def beside(g, e):
        x = of(g, e)
        try:
            return (x + step) % g.n
        except TypeError:
            raise fault(x) from None

    return beside
