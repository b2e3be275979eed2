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

from . import ast as A
from .pysource import SLOT, env, indent, localized, too_deep, with_src

MAX_LINE_PATHS = 1 << 14
"""Paths kept per ``line`` call site (a start cell and a step each); past this a path is
worked out at every call, so steps computed at run time cannot grow memory without bound."""


def line_reader(spots: dict, rows, cols, not_a_cell, inside: dict | None = None):
    """``line(g, zone, cell, dr, dc)``: the cells of zone ``zone`` from ``cell`` (not
    included) in steps of ``dr`` rows and ``dc`` columns, up to the first location without
    one; ``spots``: (row, col) -> the cells there, of any owner. ``line.fixed(dr, dc)``
    makes the reader of one direction (:func:`fixed_line`; :func:`staying_line` given
    ``inside``, the cells of a board whose cells stay in it by location)."""
    paths: dict = {}

    def line(g, zi, cell, sr, sc):
        if cell is None or (sr == 0 and sc == 0):
            return []
        key = (cell, sr, sc)
        path = paths.get(key)
        if path is None:
            path = _path(spots, rows, cols, not_a_cell, g, cell, sr, sc)
            if len(paths) < MAX_LINE_PATHS:
                paths[key] = path
        return _walk(path, g.loc, zi)

    line.fixed = lambda sr, sc: (
        (inside is not None and staying_line(spots, inside, rows, cols, not_a_cell, sr, sc))
        or fixed_line(spots, rows, cols, not_a_cell, sr, sc)
    )
    return line


def _walk(path: tuple, loc: list, zi: int) -> list:
    """The cells of zone ``zi`` along ``path`` (per location, the cells that can be there),
    up to the first location where none of them is in the zone."""
    out = []
    for there in path:
        for x in there:
            if loc[x] == zi:
                out.append(x)
                break
        else:
            break
    return out


def _path(spots, rows, cols, not_a_cell, g, cell, sr, sc) -> tuple:
    """The locations from ``cell`` in steps of ``sr`` rows and ``sc`` columns while the board
    has one: for each, the cells that can be there (one per owner)."""
    r, c = rows[cell], cols[cell]
    if r is None or c is None:
        raise not_a_cell(g, cell)
    found = []
    r, c = r + sr, c + sc
    while (r, c) in spots:
        found.append(tuple(spots[r, c]))
        r, c = r + sr, c + sc
    return tuple(found)


def fixed_line(spots: dict, rows, cols, not_a_cell, sr: int, sc: int):
    """The reader of ``line`` in one direction known when the rules load, as a pair of
    functions: ``line(g, zone, cell)``, and ``leading(g, e, zone, cell, test)``, the cells of
    that line from the start while ``test(g, e, cell)`` holds (``leading(c in line(...)
    where ...)`` without making the line). Paths are kept per cell (up to ``MAX_LINE_PATHS``);
    a path whose locations hold one cell each is kept flat."""
    paths: dict = {}

    def path_of(g, cell):
        path = _path(spots, rows, cols, not_a_cell, g, cell, sr, sc)
        if all(len(there) == 1 for there in path):
            path = tuple(there[0] for there in path)
        if len(paths) < MAX_LINE_PATHS:
            paths[cell] = path
        return path

    def line(g, zi, cell):
        if cell is None:
            return []
        path = paths.get(cell)
        if path is None:
            path = path_of(g, cell)
        if path and path[0].__class__ is int:
            loc, out = g.loc, []
            for x in path:
                if loc[x] != zi:
                    break
                out.append(x)
            return out
        return _walk(path, g.loc, zi)

    def leading(g, e, zi, cell, test):
        if cell is None:
            return []
        path = paths.get(cell)
        if path is None:
            path = path_of(g, cell)
        loc, out = g.loc, []
        if path and path[0].__class__ is int:
            for x in path:
                if loc[x] != zi or not test(g, e, x):
                    break
                out.append(x)
            return out
        for there in path:
            for x in there:
                if loc[x] == zi:
                    break
            else:
                break
            if not test(g, e, x):
                break
            out.append(x)
        return out

    leading.flat, leading.stays = _flat_paths(spots, path_of), False
    return line, leading


def staying_line(spots: dict, inside: dict, rows, cols, not_a_cell, sr: int, sc: int):
    """:func:`fixed_line` over a zone whose cells stay in it (:mod:`.staying`): ``inside``,
    (row, col) -> its cell there. Every cell's path is worked out when the rules load, as
    the cells of the zone along it, so neither reader tests where a cell is; None where the
    board is too large for that or a row or col is no whole number."""
    if len(spots) > MAX_LINE_PATHS or not all(r.__class__ is int and c.__class__ is int for r, c in spots):
        return None
    flat = {x: _cells_along(inside, rows, cols, x, sr, sc) for there in spots.values() for x in there}

    def path_of(g, cell):
        path = flat.get(cell)
        if path is None:  # not a cell of the board's types: any cell with a row and a col starts a line
            if rows[cell] is None or cols[cell] is None:
                raise not_a_cell(g, cell)
            path = _cells_along(inside, rows, cols, cell, sr, sc)
        return path

    def line(g, zi, cell):
        return [] if cell is None else list(path_of(g, cell))

    def leading(g, e, zi, cell, test):
        out = []
        if cell is None:
            return out
        for x in path_of(g, cell):
            if not test(g, e, x):
                break
            out.append(x)
        return out

    leading.flat, leading.stays = flat, True
    return line, leading


def _cells_along(inside: dict, rows, cols, cell, sr: int, sc: int) -> tuple:
    """The cells of ``inside`` from ``cell`` (not included) in steps of ``sr`` rows and ``sc``
    columns, up to the first location without one."""
    found, r, c = [], rows[cell] + sr, cols[cell] + sc
    while (r, c) in inside:
        found.append(inside[r, c])
        r, c = r + sr, c + sc
    return tuple(found)


def _flat_paths(spots: dict, path_of) -> dict | None:
    """Every cell's path, flat, when each location of the board holds one cell (worked out
    when the rules load, so a generated ``leading`` reads it without a call); else None."""
    if len(spots) > MAX_LINE_PATHS or any(len(there) != 1 for there in spots.values()):
        return None
    if not all(r.__class__ is int and c.__class__ is int for r, c in spots):
        return None  # a row or col that is not a whole number: a compile error, reported elsewhere
    return {there[0]: path_of(None, there[0]) for there in spots.values()}


def line_source(gen, c, reader, args):
    """``c`` (``line`` over a board zone) with its source: one call of ``reader``."""
    if gen is None or any(a.src is None and not a.is_const for a in args) or too_deep(args):
        return c
    x, zone, dr, dc = (gen.of(a) for a in args)
    if all(a.is_const and a.const.__class__ is int for a in args[2:]):  # a direction known now
        line, leading = reader.fixed(args[2].const, args[3].const)
        object.__setattr__(c, "walk", (leading, zone, x))
        return with_src(gen, c, f"{gen.bind(line)}(g, {zone}, {x})")
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
    if coll.walk is not None and t != env(key):  # along a line of a direction known now: one walk
        leading, zone, x = coll.walk
        test = gen.function([f"return {cond}"], args=f"g, e, {t}")
        if leading.flat is None:
            return with_src(gen, c, f"{gen.bind(leading)}(g, e, {zone}, {x}, {gen.bind(test)})")
        p, loc, out = gen.fresh("x"), gen.fresh("l"), gen.fresh("r")
        where = [f"{loc} = g.loc"] if not leading.stays else []  # cells that stay: no test where one is
        stop = f"if {f'{loc}[{t}] != {zone} or ' if where else ''}not ({cond}):"
        fallback = f"{gen.bind(leading)}(g, e, {zone}, {t}, {gen.bind(test)})"
        head = [
            f"{p} = {gen.bind(leading.flat)}.get({t})",
            f"if {p} is None:",
        ]  # None: no cell, or not a cell
        walk = gen.function(  # the path read from the rule set's table, the test inline
            [*head, f"    return {fallback}", *where, f"{out} = []", f"for {t} in {p}:"]
            + [f"    {stop}", "        break", f"    {out}.append({t})", f"return {out}"],
            args=f"g, e, {t}",
        )
        counted = gen.function(  # count(leading(...)): the same walk, counting
            [*head, f"    return len({fallback})", *where, f"{out} = 0", f"for {t} in {p}:"]
            + [f"    {stop}", f"        return {out}", f"    {out} += 1", f"return {out}"],
            args=f"g, e, {t}",
        )
        name = gen.bind(counted)
        gen.walks[name] = CountingWalk(gen, leading, zone, t, where, stop, test)
        object.__setattr__(c, "count_src", f"{name}(g, e, {x})")
        return with_src(gen, c, f"{gen.bind(walk)}(g, e, {x})")
    return with_src(gen, c, f"{gen.bind(take_leading)}(({t}, {cond}) for {t} in {gen.of(coll)})")


class CountingWalk:
    """A generated ``count(leading(c in line(...) where P))`` along a line of a fixed direction,
    as lines to write inline (:mod:`.fuse`): ``flat``, the rule set's table of every cell's path
    in that direction."""

    def __init__(self, gen, leading, zone: str, t: str, where: list[str], stop: str, test):
        self.gen, self.leading, self.zone, self.t, self.where, self.stop = gen, leading, zone, t, where, stop
        self.flat, self.test = leading.flat, test

    def lines(self, start: str, out: str) -> list[str]:
        """Lines setting local ``out`` to the count from ``start`` (source that may be read more
        than once: a name, a constant or a slot), as the walk's own function counts."""
        gen, p = self.gen, self.gen.fresh("x")
        fallback = f"{gen.bind(self.leading)}(g, e, {self.zone}, {start}, {gen.bind(self.test)})"
        return [
            f"{p} = {gen.bind(self.flat)}.get({start})",
            f"if {p} is None:",
            f"    {out} = len({fallback})",
            "else:",
            *indent(self.counting(p, out)),
        ]

    def counting(self, path: str, out: str, local: dict | None = None) -> list[str]:
        """Lines setting local ``out`` to the count along ``path``, a local holding the start's
        path read from :attr:`flat`; ``local``: variables' slots the test reads -> the locals
        holding them (read once before)."""
        stop = self.stop
        for slot, name in (local or {}).items():
            stop = stop.replace(slot, name)
        return [
            *self.where,
            f"{out} = 0",
            f"for {self.t} in {path}:",
            f"    {stop}",
            "        break",
            f"    {out} += 1",
        ]

    def slots(self) -> set:
        """The variables' slots the test reads."""
        return set(SLOT.findall(self.stop))


class _Probe(dict):
    """An environment in which every name reads one component: the expressions of
    :func:`at_by_cell` worked out for each component, noting the names they read."""

    def __init__(self, x):
        super().__init__()
        self.x, self.read = x, set()

    def __missing__(self, key):
        self.read.add(key)
        return self.x


def at_by_cell(cp, node, args, inside: dict) -> str | None:
    """Source of ``at(board, R, C)`` on a board whose cells stay (``inside``: location -> cell)
    where ``R`` and ``C`` read only fixed properties of one bound component and constants
    (``at(board, cell.row - 1, cell.col)``): a table by component, worked out for every
    component when the rules load. None where that does not hold, or where the row or the
    column of some component cannot be worked out (its read is then left to fail as it does)."""
    from .analysis import is_static  # (analysis reads the function registry this module fills)

    names = {n.id for a in node.args[1:] for n in A.walk(a) if isinstance(n, A.Name)}
    names = {v for v in names if v not in cp.m.constants or v in cp.m.zones}
    bound = cp.call_scope.names.get(next(iter(names))) if len(names) == 1 and cp.call_scope else None
    if bound is None or bound[1].kind != "comp" or not all(is_static(a, *names, cp.m) for a in node.args[1:]):
        return None
    rf, cf, table = args[1].fn, args[2].fn, []
    for x in range(cp.m.component_count):
        probe = _Probe(x)
        try:
            r, c = rf(None, probe), cf(None, probe)
        except Exception:  # noqa: BLE001 (a component whose row or column cannot be worked out)
            return None
        if probe.read != {bound[0]}:
            return None
        table.append(inside.get((r, c)))
    return f"{cp.gen.bind(table)}[{env(bound[0])}]"


def _plain_test(cp, where, var: str) -> bool:
    """Whether condition ``where`` (a DSL tree) can neither fail nor decide chance for any cell
    ``var``: equalities of the cell's properties and variables, ``me.index`` and constants,
    joined by and, or, not (so working it out for some cells only, in any order, reads the
    same as for all of them)."""
    m = cp.m
    for n in A.walk(where):
        if isinstance(n, (A.Num, A.Str, A.Bool, A.NoneLit, A.BoolOp, A.Not)):
            continue
        if isinstance(n, A.Compare) and n.op in ("==", "!="):
            continue
        if isinstance(n, A.Name) and (n.id in (var, "me") or (n.id in m.constants and n.id not in m.zones)):
            continue
        if isinstance(n, A.Attr) and isinstance(n.obj, A.Name):
            if n.obj.id == var and (n.name in m.props or n.name in m.cvars) and n.name not in m.zones:
                continue
            if n.obj.id == "me" and n.name == "index":
                continue
        return False
    return True


def lazy_group(cp, node, inside: dict | None, steps) -> tuple | None:
    """``(group, test)`` for ``connected(x, [c in Z where P])`` on a board zone ``Z`` whose
    cells stay (``inside``: location -> its cell, one at each) and ``P`` a plain test
    (:func:`_plain_test`): ``group(g, e, start)`` walks the board's table of neighbours from a
    cell of ``Z`` testing ``P`` (a generated function) only on the cells it reaches, the
    group the closures find from the whole list, in the same order; None otherwise (and for
    a start that is not a cell of ``Z``, which the caller reads as the closures do)."""
    comp = node.args[1]
    gen = cp.gen
    if inside is None or not isinstance(comp, A.Comprehension) or comp.where is None or comp.expr is not None:
        return None
    if comp.var == "me" or not _plain_test(cp, comp.where, comp.var) or cp.call_scope is None:
        return None
    if not all(r.__class__ is int and c.__class__ is int for r, c in inside):
        return None
    _, key, where, _ = cp.comprehension(comp, cp.call_scope)
    if where.src is None or too_deep((where,)):
        return None
    t, (cond,) = localized(gen, key, [gen.of(where)])
    if t == env(key):
        return None
    test = gen.function([f"return {cond}"], args=f"g, e, {t}")
    near = {
        x: tuple(n for n in (inside.get((r + dr, c + dc)) for dr, dc in steps) if n is not None)
        for (r, c), x in inside.items()
    }

    def group(g, e, start):
        if not test(g, e, start):
            return []
        seen, found, todo = {start}, [start], [start]
        while todo:
            for n in near[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    if test(g, e, n):
                        found.append(n)
                        todo.append(n)
        return found

    return group, near
