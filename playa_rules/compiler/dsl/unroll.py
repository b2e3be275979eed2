"""Generated source for ``any``/``all``/``count``/``sum`` over a short constant list: unrolled.

``any(run(x, d[0], d[1]) >= 2 for d in directions)``, with ``directions`` a parameter of
the rules, is known when the rules load: its body is compiled once per item, the variable
bound to that item as a constant, so everything the item decides folds (``d[0]`` is a
number, ``line(x, board, 0, 1)`` a fixed direction, see :mod:`.gridsource`) and the loop
becomes ``or``/``and``/``+`` over the bodies, evaluated in the same order and stopping at
the same item as the loop would. Only for the generated backend (the closures, the
reference, keep the loop) and lists of at most ``MAX_UNROLL`` items; the loop's cost is
counted as the loop's (``cost.enter``) and the body is compiled once per item.
"""

from __future__ import annotations

from . import cost
from . import types as T
from .fuse import fused_quantifier
from .pysource import too_deep, with_src
from .values import C, Scope, const

MAX_UNROLL = 8
"""Longest constant list a quantifier is unrolled over (each item compiles the body once)."""

_UNROLLED = ("any", "all", "count", "sum")


def unrollable(cp, name: str, coll: C) -> bool:
    """Whether ``name(... for x in coll ...)`` is unrolled: a short constant list, generated backend."""
    return (
        cp.gen is not None
        and name in _UNROLLED
        and coll.is_const
        and isinstance(coll.const, (list, tuple))
        and 0 < len(coll.const) <= MAX_UNROLL
    )


def unrolled(cp, name: str, node, coll: C, scope: Scope) -> C | None:
    """``name(... for x in coll ...)`` compiled once per item of the constant ``coll``
    (``unrollable``), or None when its parts leave nothing to gain (no source)."""
    comp = node.comp
    saved, loops = cp.hoist, cost.enter(cp, coll, comp, scope)
    if saved is not None:  # as in a loop: parts reading the variable are not hoisted
        cp.hoist = saved | {comp.var}
    parts = []
    try:
        for item in coll.const:
            inner = Scope(scope.names, scope.mutable - {comp.var})
            bound = inner.names[comp.var] = const(item)
            where = cp.expr(comp.where, inner) if comp.where is not None else None
            expr = cp.expr(comp.expr, inner) if comp.expr is not None else None
            parts.append((where, expr, bound))
    finally:
        cp.hoist, cp.loops = saved, loops
    if name == "all" and comp.expr is None:
        cp.error(node, "wrong-form", "all(...) needs a condition: all(COND for x in COLLECTION)")
    if too_deep([p for where, expr, _ in parts for p in (where, expr)]):
        return None
    gen = cp.gen
    src, fn, terms = _combine(gen, name, parts)
    c = C(fn, T.BOOL if name in ("any", "all") else T.INT, is_bool=name in ("any", "all"))
    fused = fused_quantifier(gen, name, terms, fn)  # the items' walks along lines inline (fuse.py)
    if fused is not None:
        object.__setattr__(c, "fn", fused)
        object.__setattr__(c, "src", f"{gen.bind(fused)}(g, e)")
        return c
    return with_src(gen, c, src)


def _truth(c: C | None):
    """True or False when ``c`` is a constant (or absent: True), else None."""
    if c is None:
        return True
    return bool(c.const) if c.is_const else None


def _combine(gen, name: str, parts: list) -> tuple[str, object, list[str]]:
    """(source, closure, the items' terms) of the unrolled quantifier over ``parts`` [(where, expr)]."""
    terms, fns = [], []
    for where, expr, item in parts:
        w = _truth(where)
        if w is False:
            continue  # this item never passes
        ws = None if w is True else gen.of(where)
        wf = None if w is True else where.fn
        if name in ("any", "all"):
            x = _truth(expr) if expr is not None else True
            xs = None if x is not None else gen.of(expr)
            xf = None if x is not None else expr.fn
            if name == "any":
                if x is False:
                    continue
                terms.append(" and ".join(s for s in (ws, xs) if s is not None) or "True")
            else:
                if x is True:
                    continue
                if x is False:  # fails whenever the item passes
                    terms.append(f"not {ws}" if ws is not None else "False")
                else:
                    terms.append(f"(not {ws} or {xs})" if ws is not None else xs)
            fns.append((wf, xf, x))
        else:
            value = "1" if name == "count" else gen.of(expr if expr is not None else item)
            terms.append(value if ws is None else f"({value} if {ws} else 0)")
            fns.append((wf, None if name == "count" else (expr or item).fn, None))
    if name == "any":
        src = f"(True if ({' or '.join(f'({t})' for t in terms)}) else False)" if terms else "False"
    elif name == "all":
        src = f"(True if ({' and '.join(f'({t})' for t in terms)}) else False)" if terms else "True"
    else:
        src = f"({' + '.join(terms)})" if terms else "0"
    return src, _closure(name, fns), terms


def _closure(name: str, fns: list):
    """The same quantifier as a closure over the items' callables (the generated function's
    fallback, used only when Python cannot compile its source)."""
    if name == "any":

        def f(g, e):
            for wf, xf, x in fns:
                if (wf is None or wf(g, e)) and (xf(g, e) if xf is not None else x is not False):
                    return True
            return False

    elif name == "all":

        def f(g, e):
            for wf, xf, x in fns:
                if (wf is None or wf(g, e)) and not (xf(g, e) if xf is not None else x):
                    return False
            return True

    elif name == "count":

        def f(g, e):
            return sum(1 for wf, _, _ in fns if wf is None or wf(g, e))

    else:

        def f(g, e):
            return sum(xf(g, e) for wf, xf, _ in fns if wf is None or wf(g, e))

    return f
