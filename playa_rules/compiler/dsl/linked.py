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


def neighbours(cp, node, x, board_fn, arg: C, fault) -> C:
    """``neighbours(x, board)``: the cells ``x`` names that the board holds, in its order
    (``fault(g, cell)``: the error for a component that names none)."""
    links = cp.m.links
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


def line(cp, node, x, board_fn, arg: C, direction: C) -> C:
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
