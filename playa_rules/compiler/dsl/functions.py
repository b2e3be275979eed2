"""The DSL's functions: one small entry each in one registry.

Adding a function is one entry here, one test and one line in docs/dsl.md; a test
checks that the registry and the docs agree. Functions that take a comprehension
(``count(c in scored where c.kind == 'bonus')``, ``sum(c.value for c in scored)``) have an
``over`` form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import cost
from . import types as T
from .exprsource import over_source
from .faults import numbers_fault
from .names import zone_list
from .pysource import env, too_deep
from .unroll import unrollable, unrolled
from .values import C, const


@dataclass(frozen=True)
class Function:
    """One DSL function: how it compiles with plain arguments and over a comprehension, and
    what the compiler may assume about it.

    ``static``: its value depends on its arguments alone (no state of its own read, no
    chance), so a condition reading only a parameter's fixed properties through it may be
    remembered (``analysis.is_static``). ``walks``: its plain form walks the zones and lists
    it is given, which counts in the bound on nested loops (``cost.walked_args``); False for
    a read of a length, an end or a board cell.
    """

    name: str
    doc: str
    example: str
    call: Callable | None = None  # (compiler, node, [C]) -> C
    over: Callable | None = None  # (compiler, node, coll, key, where, expr) -> C
    static: bool = False
    walks: bool = True

    def compile_call(self, cp, node, scope) -> C:
        """Compile ``name(a, b, ...)``."""
        if self.call is None:
            cp.error(node, "wrong-form", f"'{self.name}' takes 'x in COLLECTION ...', as in {self.example}")
        args = [cp.expr(a, scope) for a in node.args]
        if self.walks:  # a collection walked once per run of the loops around
            cost.walked_args(cp, node, args, scope)
        cp.call_scope = scope  # the names the call sees (gridsource.at_by_cell)
        return self.call(cp, node, args)

    def compile_over(self, cp, node, scope) -> C:
        """Compile ``name(x in coll where c)`` or ``name(expr for x in coll where c)``."""
        coll = cp.collection(node.comp.coll, scope, "what follows 'in'")
        if unrollable(cp, self.name, coll):
            c = unrolled(cp, self.name, node, coll, scope)
            if c is not None:
                return c
        coll, key, where, expr = cp.comprehension(node.comp, scope, coll)
        cp.call_scope = scope  # the names the call sees, outside its variable (picks.first_by_value)
        c = self.over(cp, node, coll, key, where, expr)
        if cp.gen is not None and c.src is None and not c.is_const:
            c = over_source(cp.gen, self.name, c, coll, key, where, expr)
        return c


FUNCTIONS: dict[str, Function] = {}


def function(
    name: str,
    doc: str,
    example: str,
    over: Callable | None = None,
    *,
    static: bool = False,
    walks: bool = True,
):
    """Register a function; the decorated callable is its plain-argument form (or None).
    ``static`` and ``walks``: see :class:`Function`."""

    def deco(call):
        FUNCTIONS[name] = Function(name, doc, example, call, over, static=static, walks=walks)
        return call

    return deco


def arity(cp, node, args, n):
    if len(args) != n:
        cp.error(node, "wrong-arity", f"'{node.func}' takes {n} argument(s), not {len(args)}")


def ordered(cp, node, c: C, end: str) -> Callable:
    """Like :func:`collection`, for readers of a zone's order: an undecided end of a shuffled zone
    is decided first (a chance event, see engine.chance); ``end`` is 'top', 'bottom' or 'all'."""
    cp.expect(c, "collection", node, f"the argument of '{node.func}'")
    if c.t.kind == "zone":
        return zone_list(c, end)
    if c.zone_src is not None and end == "all":  # a zone's components, read as a list
        return zone_list(c.zone_src, "all")
    return c.fn


def collection(cp, node, c: C) -> Callable:
    cp.expect(c, "collection", node, f"the argument of '{node.func}'")
    if c.t.kind == "zone":
        return zone_list(c)
    return c.fn


def iterate(coll, key, where, expr):
    """A generator function yielding expr (or the element) for elements passing where."""
    cf = coll.fn
    wf = where.fn if where is not None else None
    xf = expr.fn if expr is not None else None
    if wf is None and xf is None:
        return cf
    if xf is None:

        def gen(g, e):
            for x in cf(g, e):
                e[key] = x
                if wf(g, e):
                    yield x

        return gen
    if wf is None:

        def gen(g, e):
            for x in cf(g, e):
                e[key] = x
                yield xf(g, e)

        return gen

    def gen(g, e):
        for x in cf(g, e):
            e[key] = x
            if wf(g, e):
                yield xf(g, e)

    return gen


# ---------------------------------------------------------------- counting
def _count_over(cp, node, coll, key, where, expr):
    cf = coll.fn
    if where is None:
        return C(lambda g, e: len(cf(g, e)), T.INT)
    wf = where.fn

    def count(g, e):
        n = 0
        for x in cf(g, e):
            e[key] = x
            if wf(g, e):
                n += 1
        return n

    return C(count, T.INT)


@function(
    "count",
    "How many elements a zone or list has, or how many pass a condition.",
    "count(c in scored where c.kind == 'bonus')",
    over=_count_over,
    static=True,
    walks=False,
)
def _count(cp, node, args):
    arity(cp, node, args, 1)
    f = collection(cp, node, args[0])
    if args[0].is_const and isinstance(args[0].const, (list, tuple)):  # a constant list: known now
        return const(len(args[0].const), T.INT)
    if args[0].zone_of is not None:  # count(x.zone): comparisons fuse it (see Compiler._Compare)
        key, table = args[0].zone_of
        return C(
            lambda g, e: len(g.zones[table[e[key]]]),
            T.INT,
            count_of=(key, table),
            src=cp.gen and f"len(g.zones[{cp.gen.bind(table)}[{env(key)}]])",
        )
    if args[0].count_src is not None:  # count(leading(...)) along a line: a walk counting its cells
        return C(lambda g, e: len(f(g, e)), T.INT, src=args[0].count_src)
    src = args[0].src if not too_deep((args[0],)) else None
    if (
        src is not None and args[0].t.kind == "zone"
    ):  # a zone worked out (count(cup_of(c))): read as f reads it
        src = f"g.zones[{src}]"
    return C(lambda g, e: len(f(g, e)), T.INT, src=cp.gen and src and f"len({src})")


def _sum_over(cp, node, coll, key, where, expr):
    if expr is not None:
        cp.expect(expr, "int", node.comp.expr, "what 'sum' adds")
    else:
        _numbers(cp, node.comp.coll, coll, "what 'sum' adds")
    where_ = cp.fault_site(node)  # a value that is no number: located here, on the error path
    if where is None and expr is not None and expr.prop is not None and expr.prop[0] == key:
        read, cf = expr.prop[1].__getitem__, coll.fn  # sum of a property: no per-element closure

        def sum_of_property(g, e):
            try:
                return sum(map(read, cf(g, e)))
            except TypeError:
                raise numbers_fault(where_, "sum", "adds", map(read, cf(g, e))) from None

        return C(sum_of_property, T.INT)
    gen = iterate(coll, key, where, expr)

    def sum_over(g, e):
        try:
            return sum(gen(g, e))
        except TypeError:
            raise numbers_fault(where_, "sum", "adds", gen(g, e)) from None

    return C(sum_over, T.INT)


def _numbers(cp, node, c: C, what: str) -> None:
    """A type error unless the items of ``c`` (what ``sum``, ``max``, ``min`` read) may be numbers."""
    if c.t.kind in ("list", "zone") and not T.accepts("int", c.t.element()):
        cp.error(node, "type-error", f"{what} must be numbers, but this is {c.t}")


@function(
    "sum",
    "The total of a list of numbers, or of an expression over a collection.",
    "sum(c.value for c in cards)",
    over=_sum_over,
    static=True,
)
def _sum(cp, node, args):
    arity(cp, node, args, 1)
    if _int_list(args[0]):  # a list known when the rules load: its total known now
        return const(sum(args[0].const), T.INT)
    f = collection(cp, node, args[0])
    _numbers(cp, node.args[0], args[0], "what 'sum' adds")
    where_ = cp.fault_site(node)

    def sum_of(g, e):
        try:
            return sum(f(g, e))
        except TypeError:
            raise numbers_fault(where_, "sum", "adds", f(g, e)) from None

    return C(sum_of, T.INT)


def _int_list(c) -> bool:
    """Whether ``c`` is a list of whole numbers known when the rules load."""
    return c.is_const and isinstance(c.const, (list, tuple)) and all(type(v) is int for v in c.const)


def _extreme(pick):
    def plain(cp, node, args):
        if len(args) == 1 and _int_list(args[0]):  # a list known when the rules load: known now
            return const(pick(args[0].const, default=0), T.INT)
        where, name = cp.fault_site(node), node.func  # a value that is no number: located here
        if len(args) == 1:
            f = collection(cp, node, args[0])
            _numbers(cp, node.args[0], args[0], f"what '{name}' compares")

            def extreme_of(g, e):
                try:
                    return pick(f(g, e), default=0)
                except TypeError:
                    raise numbers_fault(where, name, "compares", f(g, e)) from None

            return C(extreme_of, T.INT)
        if not args:
            cp.error(node, "wrong-arity", f"'{name}' needs at least one argument")
        fns = [a.fn for a in args]
        for a, n in zip(args, node.args):
            cp.expect(a, "int", n, f"an argument of '{name}'")
        if all(a.is_const for a in args):
            return const(pick(a.const for a in args), T.INT)
        if len(fns) == 2:
            a, b = fns

            def extreme2(g, e):
                try:
                    return pick(a(g, e), b(g, e))
                except TypeError:
                    raise numbers_fault(where, name, "compares", (a(g, e), b(g, e))) from None

            return C(extreme2, T.INT)

        def extreme(g, e):
            try:
                return pick(f(g, e) for f in fns)
            except TypeError:
                raise numbers_fault(where, name, "compares", [f(g, e) for f in fns]) from None

        return C(extreme, T.INT)

    def over(cp, node, coll, key, where, expr):
        if expr is not None:
            cp.expect(expr, "int", node.comp.expr, f"what '{node.func}' compares")
        else:
            _numbers(cp, node.comp.coll, coll, f"what '{node.func}' compares")
        gen, site, name = iterate(coll, key, where, expr), cp.fault_site(node), node.func

        def extreme_over(g, e):
            try:
                return pick(gen(g, e), default=0)
            except TypeError:
                raise numbers_fault(site, name, "compares", gen(g, e)) from None

        return C(extreme_over, T.INT)

    return plain, over


_min, _min_over = _extreme(min)
_max, _max_over = _extreme(max)
FUNCTIONS["min"] = Function(
    "min",
    "The smallest of its arguments, or of a collection (0 if empty).",
    "min(2 * count(t.stack), 8)",
    _min,
    _min_over,
    static=True,
)
FUNCTIONS["max"] = Function(
    "max",
    "The largest of its arguments, or of a collection (0 if empty).",
    "max(me.hand_scores)",
    _max,
    _max_over,
    static=True,
)


@function("abs", "The absolute value of a number.", "abs(a - b)", static=True)
def _abs(cp, node, args):
    arity(cp, node, args, 1)
    f = cp.expect(args[0], "int", node, "the argument of 'abs'").fn
    return C(lambda g, e: abs(f(g, e)), T.INT)


# ---------------------------------------------------------------- truth over collections
def _quant(pick):
    def over(cp, node, coll, key, where, expr):
        gen = iterate(coll, key, where, expr)
        if expr is None and pick is any:
            return C(lambda g, e: any(True for _ in gen(g, e)), T.BOOL)
        if expr is None:
            cp.error(node, "wrong-form", "all(...) needs a condition: all(COND for x in COLLECTION)")
        return C(lambda g, e: pick(gen(g, e)), T.BOOL)

    def plain(cp, node, args):
        arity(cp, node, args, 1)
        f = collection(cp, node, args[0])
        return C(lambda g, e: pick(f(g, e)), T.BOOL)

    return plain, over


_any, _any_over = _quant(any)
_all, _all_over = _quant(all)
FUNCTIONS["any"] = Function(
    "any",
    "Whether some element passes the condition.",
    "any(c in table where top(c.pile).owner == me)",
    _any,
    _any_over,
    static=True,
)
FUNCTIONS["all"] = Function(
    "all",
    "Whether every element makes the expression true.",
    "all(count(p.hand) == 0 for p in seats)",
    _all,
    _all_over,
    static=True,
)


# the other functions register themselves in FUNCTIONS when imported, last
from . import extremes, grid, picks  # noqa: E402,F401  (highest...; boards; picking components, seats, knowledge)
