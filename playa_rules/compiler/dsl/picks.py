"""The DSL's functions that pick components, name seats and read knowledge: ``first``,
``top``, ``bottom``, ``contains``, ``position``, ``clockwise``, ``seat``, ``revealed``,
``knows``, ``take``. Registered in the registry of :mod:`.functions` (imported from there).
"""

from __future__ import annotations

from . import ast as A
from . import types as T
from . import wholes
from .exprsource import in_order, over_source, top_of_source
from .faults import NoneFault, ValueFault, value_text
from .functions import arity, collection, function, iterate, ordered
from .holders import first_holding
from .names import zone_index
from .pysource import with_src
from .values import C


# ---------------------------------------------------------------- picking components
def _first_over(cp, node, coll, key, where, expr):
    if coll.zone_src is not None and not in_order(cp.gen, coll.zone_src):
        coll = C(
            ordered(cp, node, coll, "all"), coll.t
        )  # the first of a zone in order: its order decided first
    c = _first_of(cp, node, coll, key, where, expr)
    found = first_by_value(cp, node, coll, where, expr) or first_holding(cp, node, coll, where, expr)
    if found is not None:
        return with_src(cp.gen, c, found)
    if cp.gen is None or (where is not None and where.prop_test is not None and where.prop_test[0] == key):
        return c  # first(x in coll where x.prop OP constant): a plain loop is quicker than a generator
    return over_source(cp.gen, "first", c, coll, key, where, expr)


def _first_of(cp, node, coll, key, where, expr):
    t = expr.t if expr is not None else coll.t.element()
    if expr is None and where is not None:  # first(x in coll where test): a plain loop
        cf, wf = coll.fn, where.fn
        if where.prop_test is not None and where.prop_test[0] == key:
            _, table, op, v = where.prop_test  # where x.prop OP constant: x need not be bound

            def first_with(g, e):
                for x in cf(g, e):
                    if op(table[x], v):
                        return x
                return None

            return C(first_with, t)

        def first(g, e):
            for x in cf(g, e):
                e[key] = x
                if wf(g, e):
                    return x
            return None

        return C(first, t)
    gen = iterate(coll, key, where, expr)
    return C(lambda g, e: next(iter(gen(g, e)), None), t)


def first_by_value(cp, node, coll, where, expr) -> str | None:
    """Source of ``first(x in Z where x.P == E)`` (or ``E == x.P``; or two such joined by
    ``and``: ``x.row == R and x.pos == P``) as a table read: where the zone ``Z`` is known when
    the rules load, its cells stay in it and nothing is moved into it (:mod:`.staying`), so it
    always holds the cells it starts with; each ``P`` is a fixed property, the values (or
    pairs of values) differ from cell to cell (so the order of the zone does not matter),
    and each ``E`` does not read ``x`` and is a number, a truth value, a text or a seat (found
    by the same equality a dictionary uses). Of two, the second is read only where some cell
    has the first value, as the scan reads it: ``(_bI[R].get(P) if R in _bI else None)``, a
    table per first value (``R`` read twice: a DSL expression reads the same until an effect
    runs). None where that does not hold."""
    cond, m = node.comp.where, cp.m
    if cp.gen is None or cp.staying is None or expr is not None or coll.zone_src is None:
        return None
    if not coll.zone_src.is_const:
        return None
    z = coll.zone_src.const
    cells = [x for x in range(m.component_count) if m.start_zone[x] == z]
    types = {m.ctype[x] for x in cells}
    tests = cond.values if isinstance(cond, A.BoolOp) and cond.op == "and" else (cond,)
    pairs = [_prop_equal(m, t, node.comp.var, types) for t in tests]
    if len(pairs) > 2 or None in pairs:
        return None
    index: dict = {}
    try:
        for x in cells:
            key = tuple(m.props[prop][x] for prop, _ in pairs)
            index.setdefault(key, x)
    except TypeError:  # a value that is a list
        return None
    values = [cp.expr(other, cp.call_scope) for _, other in pairs]
    if len(index) != len(cells) or any(
        v.t.kind not in ("int", "str", "bool", "seat") or v.t.mix for v in values
    ):
        return None
    if not cp.staying.cells_stay(cells) or not cp.staying.receives_nothing(z):
        return None
    gen, first = cp.gen, cp.gen.of(values[0])
    if len(values) == 1:
        return f"{gen.bind({k[0]: x for k, x in index.items()})}.get({first})"
    by_first: dict = {}
    for (a, b), x in index.items():
        by_first.setdefault(a, {})[b] = x
    table = gen.bind(by_first)
    return f"({table}[{first}].get({gen.of(values[1])}) if {first} in {table} else None)"


def _prop_equal(m, cond, var: str, types: set) -> tuple | None:
    """``(P, E)`` when ``cond`` is ``var.P == E`` or ``E == var.P``, ``P`` a fixed property of
    the components of ``types`` (a variable of other types may share its name) and ``E`` not
    reading ``var``."""
    if not isinstance(cond, A.Compare) or cond.op != "==":
        return None
    for prop, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if (
            isinstance(prop, A.Attr)
            and isinstance(prop.obj, A.Name)
            and prop.obj.id == var
            and prop.name in m.props
            and not types & set(m.cvars.get(prop.name, ((),))[0])
            and prop.name not in m.zones
            and not any(isinstance(n, A.Name) and n.id == var for n in A.walk(other))
        ):
            return prop.name, other
    return None


@function(
    "first",
    "The first element (bottom of a zone) passing the condition, or none.",
    "first(c in me.hand where c.suit == 'hearts')",
    over=_first_over,
)
def _first(cp, node, args):
    arity(cp, node, args, 1)
    f = ordered(cp, node, args[0], "bottom")
    return C(lambda g, e: next(iter(f(g, e)), None), args[0].t.element())


@function(
    "top",
    "The last component of a zone (the top of a stack), or none if it is empty.",
    "top(t.stack).owner",
    walks=False,
)
def _top(cp, node, args):
    arity(cp, node, args, 1)
    f = ordered(cp, node, args[0], "top")
    if args[0].zone_of is not None:
        key, table = args[0].zone_of

        def top_of(g, e):
            zi = table[e[key]]
            if g.mix[zi] is not None:
                g.settle_top(zi)
            z = g.zones[zi]
            return z[-1] if z else None

        return C(top_of, args[0].t.element(), top_of=(key, table), src=top_of_source(cp.gen, key, table))

    def top(g, e):
        z = f(g, e)
        return z[-1] if z else None

    return C(top, args[0].t.element())


@function("bottom", "The first component of a zone, or none if it is empty.", "bottom(deck)", walks=False)
def _bottom(cp, node, args):
    arity(cp, node, args, 1)
    f = ordered(cp, node, args[0], "bottom")
    return C(lambda g, e: (f(g, e) or [None])[0], args[0].t.element())


@function("contains", "Whether a zone or list holds an element.", "contains(me.hand, card)")
def _contains(cp, node, args):
    arity(cp, node, args, 2)
    f, x = collection(cp, node, args[0]), args[1].fn
    a, b = args[0].t.element(), args[1].t  # contains(points, top(deck)): a card is in no list of numbers
    if "any" not in (a.kind, b.kind) and "none" not in (a.kind, b.kind) and a.kind != b.kind:
        if not {a.kind, b.kind} <= {"int", "bool"}:
            cp.error(node, "type-error", f"'contains' looks for {b} in {args[0].t}: it can never be there")
    return C(lambda g, e: x(g, e) in f(g, e), T.BOOL)


@function(
    "position", "Where a component stands in its zone, counting from 0 at the bottom.", "position(card)"
)
def _position(cp, node, args):
    arity(cp, node, args, 1)
    f = cp.expect(args[0], "comp", node, "the argument of 'position'").fn
    where = cp.fault_site(node)

    def pos(g, e):
        c = f(g, e)
        if c is None:
            raise _of_none(where, "position")
        zi = g.loc[c]
        if g.mix[zi] is not None:
            g.settle_all(zi)
        return g.zones[zi].index(c)

    return C(pos, T.INT)


# ---------------------------------------------------------------- seats
@function(
    "clockwise",
    "The seat N places clockwise from a seat (N may be negative: counterclockwise).",
    "clockwise(me, 1 - position)",
)
def _clockwise(cp, node, args):
    arity(cp, node, args, 2)
    s = cp.expect(args[0], "seat", node, "the first argument of 'clockwise'").fn
    n = wholes.check(
        cp,
        cp.expect(args[1], "int", node, "the second argument of 'clockwise'"),
        node.args[1],
        "the second argument of 'clockwise'",
    ).fn
    where = cp.fault_site(node)

    def clockwise(g, e):
        x, k = s(g, e), n(g, e)
        if type(k) is not int:  # a fraction (1 / 2) is no number of places
            raise _not_whole(where, "clockwise", "places", k)
        return (x + k) % g.n

    return C(clockwise, T.SEAT)


@function(
    "seat",
    "The seat numbered N (0 is the first, as SEAT.index reads): a number as a seat; a number "
    "that is no seat of the game is a runtime error.",
    "seat(hand.leader_index)",
)
def _seat(cp, node, args):
    arity(cp, node, args, 1)
    n = wholes.check(
        cp, cp.expect(args[0], "int", node, "the argument of 'seat'"), node.args[0], "the argument of 'seat'"
    ).fn
    where = cp.fault_site(node)

    def seat(g, e):
        x = n(g, e)
        if type(x) is not int or not 0 <= x < g.n:
            raise where(f"seat({value_text(x)}): the seats are numbered 0 to {g.n - 1}")
        return x

    return C(seat, T.SEAT)


# ---------------------------------------------------------------- knowledge
@function("revealed", "Whether every seat knows the face of a component.", "not revealed(spot)")
def _revealed(cp, node, args):
    arity(cp, node, args, 1)
    f = cp.expect(args[0], "comp", node, "the argument of 'revealed'").fn
    where = cp.fault_site(node)

    def revealed(g, e):
        c = f(g, e)
        if c is None:
            raise _of_none(where, "revealed")
        return g.known[c] & g.all_seats == g.all_seats

    return C(revealed, T.BOOL)


@function("knows", "Whether a seat knows the face of a component.", "knows(me, spot)")
def _knows(cp, node, args):
    arity(cp, node, args, 2)
    s = cp.expect(args[0], "seat", node, "the first argument of 'knows'").fn
    c = cp.expect(args[1], "comp", node, "the second argument of 'knows'").fn
    where = cp.fault_site(node)

    def knows(g, e):
        x = c(g, e)
        if x is None:
            raise _of_none(where, "knows")
        return bool(g.known[x] >> s(g, e) & 1)

    return C(knows, T.BOOL)


def _of_none(where, name: str):
    """The located fault of ``name(none)``: a function of a component given none."""
    return where(
        f"'{name}' of none: there is no component here (as after a first(...) that found nothing, "
        "or the top of an empty zone)",
        NoneFault,
    )


@function(
    "take",
    "The first N elements of a zone (from the bottom) or a list; all of them if there are fewer.",
    "take(supply, 2)",
)
def _take(cp, node, args):
    arity(cp, node, args, 2)
    n = wholes.check(
        cp, cp.expect(args[1], "int", node, "how many 'take' takes"), node.args[1], "how many 'take' takes"
    ).fn
    where = cp.fault_site(node)

    def how_many(g, e) -> int:
        k = n(g, e)
        if type(k) is not int:  # a fraction (1 / 2) is no number of elements
            raise _not_whole(where, "take", "elements", k)
        return max(k, 0)

    if args[0].t.kind == "zone":  # the bottom N of a zone: each undecided position is a chance event
        zf = zone_index(args[0])

        def take_zone(g, e):
            zi, k = zf(g, e), how_many(g, e)
            if g.mix[zi] is not None:
                g.settle_bottom(zi, k)
            return g.zones[zi][:k]

        return C(take_zone, T.list_of(args[0].t.element()))
    f = ordered(cp, node, args[0], "all")

    def take(g, e):
        items = f(g, e)
        return list(items[: how_many(g, e)])

    return C(take, T.list_of(args[0].t.element()))


def _not_whole(where, name: str, what: str, k):
    """The located fault of ``name`` given a number of ``what`` that is not whole (a fraction)."""
    return where(f"'{name}' needs a whole number of {what}, not {value_text(k)}", ValueFault)
