"""Generated source for the board functions ``line`` and ``leading`` (see :mod:`.grid`).

``line(x, board, dr, dc)`` over a board zone reads one bound helper, :func:`line_reader`:
the locations a line passes through from a cell in a direction are fixed when the rules
load (a cell's ``row`` and ``col`` are properties), so each path (the cells that could be
at each location, one per owner) is worked out once and kept per rule set, and a call
only walks it while a cell of the path is in the board. ``leading(c in L where P)`` is a
generator of ``(c, P)`` pairs handed to :func:`take_leading`, so ``P`` runs as source,
element by element, and stops at the first element that fails, as the closure does.

The helpers are package code bound by name in the rule set's namespace; nothing from the
rule file enters the source but the checked expressions' own source.
"""

from __future__ import annotations

from .pysource import localized, too_deep, with_src

MAX_LINE_PATHS = 1 << 14
"""Paths kept per ``line`` call site (a start cell and a step each); past this a path is
worked out at every call, so steps computed at run time cannot grow memory without bound."""


def line_reader(spots: dict, rows, cols, not_a_cell):
    """``line(g, zone, cell, dr, dc)``: the cells of zone ``zone`` from ``cell`` (not
    included) in steps of ``dr`` rows and ``dc`` columns, up to the first location without
    one; ``spots``: (row, col) -> the cells there, of any owner."""
    paths: dict = {}

    def line(g, zi, cell, sr, sc):
        if cell is None or (sr == 0 and sc == 0):
            return []
        key = (cell, sr, sc)
        path = paths.get(key)
        if path is None:
            r, c = rows[cell], cols[cell]
            if r is None or c is None:
                raise not_a_cell(g, cell)
            found = []
            r, c = r + sr, c + sc
            while (r, c) in spots:
                found.append(tuple(spots[r, c]))
                r, c = r + sr, c + sc
            path = tuple(found)
            if len(paths) < MAX_LINE_PATHS:
                paths[key] = path
        loc, out = g.loc, []
        for there in path:
            for x in there:
                if loc[x] == zi:
                    out.append(x)
                    break
            else:
                break
        return out

    return line


def line_source(gen, c, reader, args):
    """``c`` (``line`` over a board zone) with its source: one call of ``reader``."""
    if gen is None or any(a.src is None and not a.is_const for a in args) or too_deep(args):
        return c
    x, zone, dr, dc = (gen.of(a) for a in args)
    return with_src(gen, c, f"{gen.bind(reader)}(g, {zone}, {x}, {dr}, {dc})")


def take_leading(pairs) -> list:
    """The elements of ``(element, passes)`` pairs up to the first that does not pass."""
    out = []
    for x, ok in pairs:
        if not ok:
            break
        out.append(x)
    return out


def leading_source(gen, c, coll, key: str, where):
    """``c`` (``leading(x in coll where cond)``) with its source, when the condition has some."""
    if gen is None or where.src is None or too_deep((coll, where)):
        return c
    t, (cond,) = localized(gen, key, [gen.of(where)])
    return with_src(gen, c, f"{gen.bind(take_leading)}(({t}, {cond}) for {t} in {gen.of(coll)})")
