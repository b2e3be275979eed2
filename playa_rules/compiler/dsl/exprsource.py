"""Generated source of expressions: operators, quantifiers, lists and reads of a zone's top.

The parts of :mod:`.pysource` that write one compiled expression (a ``C``) as Python source
from its children's: ``composed`` for the operators whose Python reads as the DSL's,
``over_source`` and ``list_source`` for comprehensions, ``top_source`` for the top of a
zone, ``item_source`` for an item of a list. What they write follows the rules of
:mod:`.pysource` (literals only, bound names, slots for variables).
"""

from __future__ import annotations

from .pysource import SLOT, Generator, env, localized, too_deep, with_src


def item_source(gen: Generator, obj, index, item) -> str:
    """Source of ``obj[index]`` read by ``item`` (``faults.item_reader``); a list bound to a
    variable at a constant index that is not negative (``d[0]``) is read inline, the reader
    called only when the list is too short (to raise its located fault)."""
    o, i = gen.of(obj), gen.of(index)
    if (
        obj.t.kind == "list"
        and SLOT.fullmatch(o)
        and index.is_const
        and index.const.__class__ is int
        and index.const >= 0
    ):
        return f"({o}[{i}] if len({o}) > {i} else {gen.bind_pure(item)}({o}, {i}))"
    return f"{gen.bind_pure(item)}({o}, {i})"


_ARITY = {"Compare": 2, "BinOp": 2, "Not": 1, "Neg": 1, "Conditional": 3}


def composed(gen: Generator, node, c, kids: list):
    """``c`` (node compiled from ``kids``) with its source, for the operators whose Python
    reads as the DSL's: comparisons, and/or/not (always true or false), + - *, negation and
    conditionals; a child without source is called through its closure."""
    kind = type(node).__name__
    want = len(node.values) if kind == "BoolOp" else _ARITY.get(kind)
    if (
        want is None
        or len(kids) != want
        or c.local is not None
        or not any(k.src is not None for k in kids)
        or any(k is c for k in kids)
        or too_deep(kids)
        or (kind == "Conditional" and c.t.kind != "zone" and "zone" in (kids[1].t.kind, kids[2].t.kind))
    ):
        return c  # (a zone read as its components in an if: the closure reads it so)
    if any(k.src is None for k in kids) and (
        c.count_test is not None
        or c.prop_test is not None
        or (kind == "Conditional" and kids[1].top_prop is not None)
    ):
        return c  # a fused closure (one call) is as quick as source that still calls a child
    parts = [gen.of(k) for k in kids]
    if kind == "Compare":
        if node.op not in ("==", "!=", "<", "<=", ">", ">="):
            return c
        src = f"({parts[0]} {node.op} {parts[1]})"
    elif kind == "BoolOp":
        src = f"(True if ({f' {node.op} '.join(parts)}) else False)"
    elif kind == "Not":
        src = f"(not {parts[0]})"
    elif kind == "BinOp":
        if node.op not in ("+", "-", "*") or not _numbers(kids):
            return c
        src = f"({parts[0]} {node.op} {parts[1]})"
    elif kind == "Neg":
        if not _numbers(kids):
            return c
        src = f"(-{parts[0]})"
    else:
        src = f"({parts[1]} if {parts[0]} else {parts[2]})"
    return with_src(gen, c, src)


def _numbers(kids) -> bool:
    """Whether the operands are typed numbers: one the compiler could not type (``phase.x``) is
    checked by its closure (operators.numeric) before a text or list is multiplied."""
    return all(k.t.kind == "int" and not k.t.mix for k in kids)


def in_order(gen: Generator | None, zone) -> bool:
    """Whether the zone ``zone`` (a compiled expression) names is never shuffled: a constant
    zone or a zone of a bound name (``me.hand``) whose order is always decided."""
    if gen is None:
        return False
    if zone.is_const:
        return zone.const in gen.settled
    return zone.zone_of is not None and _table_in_order(gen, zone.zone_of[1])


def _table_in_order(gen: Generator, table) -> bool:
    """Whether every zone of ``table`` (a zone per seat or per component, -1 for none) is never shuffled."""
    return all(z < 0 or z in gen.settled for z in table)


def top_of_source(gen: Generator | None, key: str, table) -> str | None:
    """Source of ``top(x.zone)`` (``table`` maps x to its zone): the zone's last component, or
    none when it is empty; only for zones the rules never shuffle (``gen.settled``), whose
    order is always decided (else the closure settles the top first: None)."""
    if gen is None or not _table_in_order(gen, table):
        return None
    at = f"{gen.bind(table)}[{env(key)}]"
    return f"(g.zones[{at}][-1] if g.zones[{at}] else None)"


def top_source(gen: Generator | None, c, key: str, table, ptable, orelse):
    """``c``, compiled from ``if count(x.zone) > 0 then top(x.zone).prop else orelse``, with
    its source: one read of the zone, its top decided first if its order is still undecided
    (as the closure does, :meth:`State.settle_top`). ``table`` maps x to its zone, ``ptable``
    a component to the property. ``c`` as it is without a generator or without source for
    ``orelse`` (the fused closure is one call either way). A zone the rules never shuffle
    (``gen.settled``) has its order decided always: no check."""
    if gen is None or (orelse.src is None and not orelse.is_const) or too_deep((orelse,)):
        return c
    at = f"{gen.bind(table)}[{env(key)}]"
    other = orelse.src if orelse.src is not None else gen.bind(orelse.const)
    if _table_in_order(gen, table):
        return with_src(gen, c, f"({gen.bind(ptable)}[g.zones[{at}][-1]] if g.zones[{at}] else {other})")
    return with_src(
        gen,
        c,
        f"({gen.bind(ptable)}[g.zones[{at}][-1]] if g.zones[{at}] and "
        f"(g.mix[{at}] is None or g.settle_top({at}) is None) else {other})",
    )


def over_source(gen: Generator, name: str, c, coll, key: str, where, expr):
    """``c`` (``name(... for x in coll where ...)``) with its source: a generator expression
    whose target is the variable's slot, ``e[key]``, as the closures bind it; only when the
    condition or the expression has source of its own (else the closure is as good)."""
    if c is coll or c is where or c is expr or too_deep((coll, where, expr)):
        return c
    if where is not None:
        if where.src is None:
            return c
    elif expr is None or expr.src is None or expr.prop is not None:
        return c
    t, (cond, x) = localized(
        gen, key, [gen.of(where) if where is not None else "", gen.of(expr) if expr is not None else env(key)]
    )
    loop = f"for {t} in {gen.of(coll)}" + (f" if {cond}" if where is not None else "")
    if name == "count":
        src = f"sum(1 {loop})"
    elif name == "sum":
        src = f"sum({x} {loop})"
    elif name in ("min", "max"):
        src = f"{name}(({x} {loop}), default=0)"
    elif name == "any":
        src = f"any({'True' if expr is None else x} {loop})"
        element = "True" if expr is None else x
        object.__setattr__(c, "loop", ("any", t, gen.of(coll), cond if where is not None else None, element))
    elif name == "all" and expr is not None:
        src = f"all({x} {loop})"
        object.__setattr__(c, "loop", ("all", t, gen.of(coll), cond if where is not None else None, x))
    elif name == "first" and (coll.zone_src is None or in_order(gen, coll.zone_src)):
        src = f"next(({x} {loop}), None)"
        object.__setattr__(c, "first", (t, gen.of(coll), cond if where is not None else None, x))
    else:
        return c
    return with_src(gen, c, src)


def list_source(gen: Generator, c, coll, key: str, where, expr):
    """``c`` (``[expr for x in coll where cond]``) with its source, when its parts have some
    (``[x in coll]`` alone: a copy of the collection)."""
    if where is None and expr is None and coll.src is not None and not too_deep((coll,)):
        return with_src(gen, c, f"list({coll.src})")
    if (
        (where is None or where.src is None)
        and (expr is None or expr.src is None)
        or too_deep((coll, where, expr))
    ):
        return c
    t, (cond, x) = localized(
        gen, key, [gen.of(where) if where is not None else "", gen.of(expr) if expr is not None else env(key)]
    )
    return with_src(gen, c, f"[{x} for {t} in {gen.of(coll)}{f' if {cond}' if where is not None else ''}]")
