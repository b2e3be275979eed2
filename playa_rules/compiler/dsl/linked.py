"""The board functions over a board given as data: cells that name their neighbours
(``next_to``, resolved when the rules load into ``Model.links``, see compiler/boards.py).

``neighbours(x, board)`` reads the cell's list, keeping the cells the board holds;
``connected(x, cells)`` walks the lists through the cells of a list; ``line(x, board,
'dir')`` follows a property naming the next cell in a direction (``up: a4``) to the edge.
:mod:`.grid` hands a call here when the board's cells have ``next_to``.
"""

from __future__ import annotations

from .. import boards
from . import types as T
from .names import zone_index
from .pysource import too_deep, with_src
from .values import C

DIRECTION_WORDS = ("orthogonal", "diagonal", "all", "hex")


def linked(cp, types) -> bool:
    """Whether the cells of these types (all of them, and some) name their neighbours."""
    props = cp.m.type_props
    return bool(types) and all(boards.LINKS in props.get(t, ()) for t in types)


def board_types(c: C):
    """The component types a board (a zone or a list of cells) holds, as the compiler knows them."""
    return c.t.types if c.t.kind == "zone" else (c.t.elem.types if c.t.elem else frozenset())


def _member(arg: C, fn):
    """``(g, e) -> (cell -> whether the board holds it)``: a zone board by its index, a list
    of cells as a set."""
    if arg.t.kind == "zone":
        zf = zone_index(arg)

        def in_zone(g, e):
            zi, loc = zf(g, e), g.loc
            return lambda x: loc[x] == zi

        return in_zone
    return lambda g, e: set(fn(g, e)).__contains__


def staying_cells(cp, arg: C) -> set | None:
    """The cells of board ``arg`` when it is one zone whose cells (every component of the
    types it holds) stay where they start (:mod:`.staying`): what the generated backend's
    readers take as the board, without testing where a cell is. None otherwise (the closures,
    the reference backend, always test)."""
    if cp.gen is None or cp.staying is None or not arg.is_const or arg.t.kind != "zone" or not arg.t.types:
        return None
    m, types = cp.m, arg.t.types
    if not cp.staying.cells_stay(x for x in range(m.component_count) if m.ctype[x] in types):
        return None
    return {x for x in range(m.component_count) if m.start_zone[x] == arg.const}


def neighbours(cp, node, x, board_fn, arg: C, fault) -> C:
    """``neighbours(x, board)``: the cells ``x`` names that the board holds, in its order
    (``fault(g, cell)``: the error for a component that names none)."""
    links = cp.m.links
    inside = staying_cells(cp, arg)
    if inside is not None:  # each cell's neighbours in the board, worked out when the rules load
        near_in = [None if near is None else tuple(n for n in near if n in inside) for near in links]

        def staying(g, e):
            cell = x(g, e)
            if cell is None:
                return []
            near = near_in[cell]
            if near is None:
                raise fault(g, cell)
            return list(near)

        return C(staying, T.list_of(arg.t.element()))
    if arg.t.kind == "zone":  # the common case, read without a closure per call
        zf = zone_index(arg)

        def in_zone(g, e):
            cell = x(g, e)
            if cell is None:
                return []
            near = links[cell]
            if near is None:
                raise fault(g, cell)
            zi, loc = zf(g, e), g.loc
            return [n for n in near if loc[n] == zi]

        return C(in_zone, T.list_of(arg.t.element()))
    member = _member(arg, board_fn)

    def neighbours(g, e):
        cell = x(g, e)
        if cell is None:
            return []
        if links[cell] is None:
            raise fault(g, cell)
        holds = member(g, e)
        return [n for n in links[cell] if holds(n)]

    return C(neighbours, T.list_of(arg.t.element()))


def connected(cp, node, x, cells_fn, arg: C, fault) -> C:
    """``connected(x, cells)``: the cells of the list joined to ``x`` through the list."""
    links = cp.m.links

    def connected(g, e):
        start, among = x(g, e), set(cells_fn(g, e))
        if start is None or start not in among:
            return []
        if links[start] is None:
            raise fault(g, start)
        group, todo = [start], [start]
        among.discard(start)
        while todo:
            for n in links[todo.pop()] or ():
                if n in among:
                    among.discard(n)
                    group.append(n)
                    todo.append(n)
        return group

    return C(connected, T.list_of(arg.t.element()))


def line(cp, node, at: C, board_fn, arg: C, direction: C) -> C:
    """``line(x, board, 'up')``: from ``x`` (not included), the cell its ``up`` names, then
    that cell's, while the board holds them (a loop of names stops where it began)."""
    if not direction.is_const or not isinstance(direction.const, str):
        cp.error(
            node,
            "bad-argument",
            f"'{node.func}' over a board given as data takes a direction as a property's name, "
            "e.g. line(spot, board, 'up'), where each cell's 'up' names the next cell",
        )
    prop = direction.const
    if prop not in cp.m.props:
        cp.error(node, "bad-argument", f"no cell has a property '{prop}' naming the next cell that way")
    step, problems = boards.steps(cp.m, prop)
    if problems:
        cp.error(node, "bad-board", problems[0])
    x = at.fn
    inside = staying_cells(cp, arg)
    if inside is not None:
        return staying_line(cp, at, arg, step, inside)
    member = _member(arg, board_fn)

    def line(g, e):
        cell = x(g, e)
        out: list = []
        if cell is None:
            return out
        holds, nxt = member(g, e), step[cell]
        while nxt is not None and nxt != cell and holds(nxt) and nxt not in out:
            out.append(nxt)
            nxt = step[nxt]
        return out

    return C(line, T.list_of(arg.t.element()))


def staying_line(cp, at: C, arg: C, step: list, inside: set) -> C:
    """``line(x, board, 'up')`` over a board whose cells stay in it: every cell's line worked
    out when the rules load, so ``leading`` over it is a generated walk (``gridsource``)."""
    paths = {}
    for cell, nxt in enumerate(step):
        out: list = []
        while nxt is not None and nxt != cell and nxt in inside and nxt not in out:
            out.append(nxt)
            nxt = step[nxt]
        paths[cell] = tuple(out)
    x = at.fn

    def line(g, e):
        cell = x(g, e)
        return [] if cell is None else list(paths[cell])

    def leading(g, e, zi, cell, test):  # the walk's fallback: a cell read as none
        out = []
        for c in () if cell is None else paths[cell]:
            if not test(g, e, c):
                break
            out.append(c)
        return out

    leading.flat, leading.stays = paths, True
    c = C(line, T.list_of(arg.t.element()))
    gen = cp.gen
    if at.src is None or too_deep((at, arg)):
        return c
    object.__setattr__(c, "walk", (leading, gen.of(arg), at.src))
    return with_src(gen, c, f"{gen.bind_pure(line_of)}({gen.bind(paths)}, {at.src})")


def line_of(paths: dict, cell) -> list:
    """A cell's line from a table of every cell's (none: no cells)."""
    return [] if cell is None else list(paths[cell])
