"""The DSL's functions for boards: cells are components with whole-number ``row`` and
``col`` properties, held in a zone (a board; one per player if the zone is per player).

``at(board, r, c)`` finds a cell; ``neighbours(x, board)`` the cells next to one
(orthogonally, diagonally, both, or the six of a hex board); ``line(x, board, dr, dc)`` the cells from one in a
direction to the edge; ``connected(x, cells)`` the group of cells joined to one;
``leading(c in cells where ...)`` the cells from the start while a condition holds (a
run). Registered in the same registry as :mod:`.functions`, documented in docs/dsl.md.
"""

from __future__ import annotations

from . import ast as A
from . import linked
from . import types as T
from .functions import FUNCTIONS, Function, arity, collection, function
from .gridsource import at_by_cell, lazy_group, leading_source, line_reader, line_source
from .names import zone_index
from .pysource import literal, too_deep, with_src
from .seatboards import seat_at
from .values import C

DIRECTIONS = {
    "orthogonal": ((-1, 0), (1, 0), (0, -1), (0, 1)),
    "diagonal": ((-1, -1), (-1, 1), (1, -1), (1, 1)),
}
DIRECTIONS["all"] = DIRECTIONS["orthogonal"] + DIRECTIONS["diagonal"]
# a hex board drawn as a rhombus, each row half a cell right of the one above (row and col
# are axial coordinates): the six cells around, with a line along each of the three axes
DIRECTIONS["hex"] = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))


def _tables(cp, node, c: C):
    """The row and column tables of the components a collection holds (a compile error if
    they have no whole-number ``row`` and ``col``)."""
    types = c.t.types if c.t.kind == "zone" else (c.t.elem.types if c.t.elem else frozenset())
    props = cp.m.props
    if "row" not in props or "col" not in props:
        cp.error(
            node,
            "not-a-board",
            f"'{node.func}' reads cells: components with a 'row' and a 'col' "
            "(give the cell items both, e.g. each: {row: [0, 1, 2], col: [0, 1, 2]})",
        )
    missing = _without_row_col(cp, types)
    if missing:
        cp.error(
            node,
            "not-a-board",
            f"'{node.func}' reads cells, but component '{missing[0]}' has no 'row' and 'col' properties",
        )
    return props["row"], props["col"]


def _without_row_col(cp, types) -> list:
    return [t for t in sorted(types) if not {"row", "col"} <= cp.m.type_props.get(t, set())]


def _by_links(cp, node, args, n: int) -> bool:
    """Whether a board function's call reads a board given as data: ``n`` arguments (no
    direction word, no row and column steps) over cells that name their neighbours."""
    if len(args) < 2 or not linked.linked(cp, linked.board_types(args[1])):
        return False
    if len(args) == n:
        return True
    if _without_row_col(cp, linked.board_types(args[1])):
        cp.error(
            node,
            "bad-argument",
            f"'{node.func}' over a board given as data (cells that name their neighbours in "
            f"'next_to') takes {n} arguments, not {len(args)}: the cells have no 'row' and 'col' to step along",
        )
    return False


def _cell(cp, node, arg: C, by_links: bool = False) -> None:
    """The cell a board function starts from: a component (or none); one of types known
    when the rules load (a zone's ``holds``) must have a ``row`` and a ``col`` (a cell of
    a board given as data, ``by_links``: a ``next_to``)."""
    at = node.args[0]
    cp.expect(arg, "comp", at, f"the cell given to '{node.func}'")
    types = sorted(arg.t.types) if arg.t.kind == "comp" else []
    missing = [t for t in types if not linked.linked(cp, [t])] if by_links else _without_row_col(cp, types)
    if missing:
        has = "a 'next_to' list of neighbours" if by_links else "'row' and 'col' properties"
        cp.error(
            at,
            "not-a-board",
            f"'{node.func}' starts from a cell, but this is a component '{missing[0]}', which has no {has}",
        )


def _not_a_cell(cp, node, has: str = "'row' and 'col'"):
    """A run-time fault for a component without a row and a col (``has``) given as a board
    function's cell (one whose type the compiler could not know)."""
    where = cp.fault_site(node)

    def fault(g, x):
        return where(
            f"'{node.func}' was given '{g.m.labels[x]}', a component of type '{g.m.ctype[x]}' "
            f"without {has}: not a cell of a board"
        )

    return fault


def _mode(cp, node, arg: C | None) -> tuple:
    if arg is None:
        return DIRECTIONS["orthogonal"]
    if not arg.is_const or arg.const not in DIRECTIONS:
        cp.error(
            node,
            "bad-argument",
            f"'{node.func}' takes 'orthogonal', 'diagonal', 'all' or 'hex' as its last argument",
        )
    return DIRECTIONS[arg.const]


def _cell_and_cells(cp, node, args) -> tuple:
    """``f(x, cells[, 'orthogonal'|'diagonal'|'all'|'hex'])``: the cell, the cells, their row and
    column tables and the steps to a neighbour."""
    if len(args) not in (2, 3):
        cp.error(node, "wrong-arity", f"'{node.func}' takes 2 or 3 arguments, not {len(args)}")
    cells = collection(cp, node, args[1])
    rows, cols = _tables(cp, node, args[1])
    _cell(cp, node, args[0])
    return args[0].fn, cells, rows, cols, _mode(cp, node, args[2] if len(args) == 3 else None)


def _index(cells, rows, cols) -> dict:
    return {(rows[c], cols[c]): c for c in cells}


def _spots(cp, arg: C, rows, cols) -> dict:
    """(row, col) -> the cells of a board's types at that location (a few: one per owner)."""
    types = arg.t.types or frozenset(cp.m.types)
    ctype = cp.m.ctype
    spots: dict = {}
    for x in range(cp.m.component_count):
        if ctype[x] in types and rows[x] is not None and cols[x] is not None:
            spots.setdefault((rows[x], cols[x]), []).append(x)
    return spots


def _locator(cp, arg: C, rows, cols):
    """``find(g, e) -> (row, col) -> cell or None`` for a board given as a zone: the cells
    with those coordinates are known when the rules load (a few, one per owner), and the
    one in the zone is found by its location; for a list of cells, an index of the list."""
    if arg.t.kind != "zone":
        cells = arg.fn

        def by_list(g, e):
            return _index(cells(g, e), rows, cols).get

        return by_list
    spots = _spots(cp, arg, rows, cols)
    zf = zone_index(arg)

    def by_zone(g, e):
        zi, loc = zf(g, e), g.loc

        def find(key):
            for x in spots.get(key, ()):
                if loc[x] == zi:
                    return x
            return None

        return find

    return by_zone


def _inside(cp, arg: C, spots: dict) -> dict | None:
    """(row, col) -> the cell of board ``arg`` there, when the board is one zone whose cells
    (those of its types at every location) stay where they start (:mod:`.staying`): generated
    readers then find them without testing where a cell is. None otherwise (the closures,
    the reference backend, always test)."""
    if cp.gen is None or cp.staying is None or not arg.is_const or arg.t.kind != "zone":
        return None
    if not cp.staying.cells_stay(x for there in spots.values() for x in there):
        return None
    z, start = arg.const, cp.m.start_zone
    return {at: x for at, there in spots.items() for x in there if start[x] == z}


@function("at", "The cell of a board at a row and a column, or none.", "at(board, 0, 2)", walks=False)
def _at(cp, node, args):
    arity(cp, node, args, 3)
    board, r, c = collection(cp, node, args[0]), args[1].fn, args[2].fn
    cp.expect(args[1], "int", node, "the row")
    cp.expect(args[2], "int", node, "the column")
    rows, cols = _tables(cp, node, args[0])
    if args[0].t.kind != "zone":
        locate = _locator(cp, args[0], rows, cols)
        del board
        return C(lambda g, e: locate(g, e)((r(g, e), c(g, e))), args[0].t.element())
    spots, zf = _spots(cp, args[0], rows, cols), zone_index(args[0])
    del board

    flat = {at: there[0] for at, there in spots.items() if len(there) == 1}  # one cell there: no loop

    def cell(g, zi, row, col):  # a zone board: its cell at a location, looked up without a finder per call
        x = flat.get((row, col))
        if x is not None:
            return x if g.loc[x] == zi else None
        loc = g.loc
        for x in spots.get((row, col), ()):
            if loc[x] == zi:
                return x
        return None

    if cp.gen is not None:  # cell reads only the state and its arguments: a pure reader (see hoist.py)
        cp.gen.bind_pure(cell)

    def at(g, e):
        return cell(g, zf(g, e), r(g, e), c(g, e))

    out = C(at, args[0].t.element())
    gen = cp.gen
    if gen is None or args[0].src is None or too_deep(args):  # else one call, its parts inline
        return out
    row, col = gen.of(args[1]), gen.of(args[2])
    table = _inside(cp, args[0], spots)
    if table is not None:  # a board whose cells stay in it: a table of its cells by location
        if args[1].is_const and args[2].is_const:
            return with_src(gen, out, literal(table.get((args[1].const, args[2].const))))
        by_cell = at_by_cell(cp, node, args, table)
        if by_cell is not None:
            return with_src(gen, out, by_cell)
        return with_src(gen, out, f"{gen.bind_pure(table.get)}(({row}, {col}))")
    by_seat = seat_at(cp, args[0], spots, row, col)  # a board per seat whose cells stay
    if by_seat is not None:
        return with_src(gen, out, by_seat)
    return with_src(gen, out, f"{gen.bind(cell)}(g, {gen.of(args[0])}, {row}, {col})")


@function(
    "neighbours",
    "The cells of a board next to a cell: orthogonally (the default), 'diagonal', 'all' eight, or "
    "'hex': the six of a hex board drawn as a rhombus; on a board given as data, those its next_to names.",
    "neighbours(spot, board, 'all')",
)
def _neighbours(cp, node, args):
    if _by_links(cp, node, args, 2):
        _cell(cp, node, args[0], by_links=True)
        fault = _not_a_cell(cp, node, "a 'next_to' list")
        return linked.neighbours(cp, node, args[0].fn, collection(cp, node, args[1]), args[1], fault)
    x, board, rows, cols, steps = _cell_and_cells(cp, node, args)
    locate = _locator(cp, args[1], rows, cols)
    not_a_cell = _not_a_cell(cp, node)

    def neighbours(g, e):
        cell = x(g, e)
        if cell is None:
            return []
        r, c = rows[cell], cols[cell]
        if r is None or c is None:
            raise not_a_cell(g, cell)
        find = locate(g, e)
        return [n for n in (find((r + dr, c + dc)) for dr, dc in steps) if n is not None]

    return C(neighbours, T.list_of(args[1].t.element()))


@function(
    "line",
    "The cells of a board from a cell (not included) in a direction, "
    "rows and columns step, up to the edge (no cells for a step of 0 and 0); on a board given as "
    "data, line(x, board, 'dir') follows each cell's property dir naming the next cell.",
    "line(spot, board, 0, 1)",
)
def _line(cp, node, args):
    if _by_links(cp, node, args, 3):
        _cell(cp, node, args[0], by_links=True)
        return linked.line(cp, node, args[0], collection(cp, node, args[1]), args[1], args[2])
    arity(cp, node, args, 4)
    x, board, dr, dc = args[0].fn, collection(cp, node, args[1]), args[2].fn, args[3].fn
    cp.expect(args[2], "int", node.args[2], "the rows per step")
    cp.expect(args[3], "int", node.args[3], "the columns per step")
    if args[2].is_const and args[3].is_const and args[2].const == 0 == args[3].const:
        cp.error(
            node,
            "bad-argument",
            "'line' with a step of 0 rows and 0 columns goes nowhere: give a "
            "direction, e.g. line(spot, board, 0, 1)",
        )
    rows, cols = _tables(cp, node, args[1])
    _cell(cp, node, args[0])
    locate = _locator(cp, args[1], rows, cols)
    not_a_cell = _not_a_cell(cp, node)
    del board

    def line(g, e):
        cell, sr, sc = x(g, e), dr(g, e), dc(g, e)
        if cell is None or (sr == 0 and sc == 0):
            return []
        if rows[cell] is None or cols[cell] is None:
            raise not_a_cell(g, cell)
        find = locate(g, e)
        out, r, c = [], rows[cell] + sr, cols[cell] + sc
        while (nxt := find((r, c))) is not None:
            out.append(nxt)
            r, c = r + sr, c + sc
        return out

    out = C(line, T.list_of(args[1].t.element()))
    if args[1].t.kind != "zone":
        return out
    spots = _spots(cp, args[1], rows, cols)
    reader = line_reader(spots, rows, cols, not_a_cell, _inside(cp, args[1], spots))
    return line_source(cp.gen, out, reader, args)


@function(
    "connected",
    "The cells of a list joined to a cell through cells of the list, "
    "orthogonally (the default), 'diagonal', 'all' eight ways or 'hex' six ways (on a board given "
    "as data, through the cells each names); the cell first.",
    "connected(spot, [c in board where c.mark == spot.mark])",
)
def _connected(cp, node, args):
    if _by_links(cp, node, args, 2):
        _cell(cp, node, args[0], by_links=True)
        fault = _not_a_cell(cp, node, "a 'next_to' list")
        return linked.connected(cp, node, args[0].fn, collection(cp, node, args[1]), args[1], fault)
    x, cells, rows, cols, steps = _cell_and_cells(cp, node, args)
    near = _adjacent(cp, args[1].t.element(), rows, cols, steps) if cp.gen is not None else None
    domain = frozenset(near or ())
    lazy = _lazy(cp, node, rows, cols, steps)

    def connected(g, e):
        start = x(g, e)
        if lazy is not None and start in lazy[1]:  # a cell of a board whose cells stay: P tested as reached
            return lazy[0](g, e, start)
        if near is not None and start in near:  # cells alone at their locations: by the table of neighbours
            listed = cells(g, e)
            among = set(listed)
            if among <= domain:
                return _joined(start, near, among)
            return _group(start, listed, rows, cols, steps)
        return _group(start, cells(g, e), rows, cols, steps)

    return C(connected, T.list_of(args[1].t.element()))


def _lazy(cp, node, rows, cols, steps):
    """``connected(x, [c in board where P])`` on a board zone whose cells stay, one at each
    location: the walk of :func:`.gridsource.lazy_group`, or None."""
    comp = node.args[1]
    if cp.gen is None or not isinstance(comp, A.Comprehension) or cp.call_scope is None:
        return None
    board = cp.expr(comp.coll, cp.call_scope)
    if board.t.kind != "zone" or not board.is_const:
        return None
    spots = _spots(cp, board, rows, cols)
    if any(len(there) != 1 for there in spots.values()):
        return None
    return lazy_group(cp, node, _inside(cp, board, spots), steps)


def _group(start, cells: list, rows, cols, steps) -> list:
    """The cells of ``cells`` joined to ``start`` through cells of the list, found by their
    locations (the reference: the closures' backend reads every ``connected`` so)."""
    where = _index(cells, rows, cols)
    if start is None or (rows[start], cols[start]) not in where:
        return []
    seen, group, todo = {start}, [start], [start]
    while todo:
        cell = todo.pop()
        r, c = rows[cell], cols[cell]
        for dr, dc in steps:
            other = where.get((r + dr, c + dc))
            if other is not None and other not in seen:
                seen.add(other)
                group.append(other)
                todo.append(other)
    return group


def _joined(start: int, near: dict, among: set) -> list:
    """:func:`_group` where no two components share a location: the cells next to each are
    in the table ``near`` (in the order of the steps), and a cell is in the list by its id."""
    if start not in among:
        return []
    among.discard(start)
    group, todo = [start], [start]
    while todo:
        for other in near[todo.pop()]:
            if other in among:
                among.discard(other)
                group.append(other)
                todo.append(other)
    return group


def _adjacent(cp, t: T.T, rows, cols, steps) -> dict | None:
    """cell -> the cells next to it (in the order of ``steps``), for every component of the
    types ``t`` names (any, if none) with a whole-number row and col, when no two of them share
    a location (then a list of such cells holds at most one at each, and a cell is found in
    it by its id); else None."""
    where: dict = {}
    types = t.types if t.kind == "comp" else frozenset()
    for x in range(cp.m.component_count):
        if types and cp.m.ctype[x] not in types:
            continue
        r, c = rows[x], cols[x]
        if r.__class__ is int and c.__class__ is int:
            if (r, c) in where:
                return None
            where[r, c] = x
    return {
        x: tuple(n for n in (where.get((r + dr, c + dc)) for dr, dc in steps) if n is not None)
        for (r, c), x in where.items()
    }


def _leading_over(cp, node, coll, key, where, expr):
    if where is None or expr is not None:
        cp.error(node, "wrong-form", "'leading' takes 'x in COLLECTION where CONDITION'")
    cf, wf = coll.fn, where.fn

    def leading(g, e):
        out = []
        for x in cf(g, e):
            e[key] = x
            if not wf(g, e):
                break
            out.append(x)
        return out

    return leading_source(cp.gen, C(leading, T.list_of(coll.t.element())), coll, key, where)


FUNCTIONS["leading"] = Function(
    "leading",
    "The elements from the start of a collection while the condition holds (a run).",
    "count(leading(c in line(spot, board, 0, 1) where c.mark == spot.mark))",
    None,
    _leading_over,
)
