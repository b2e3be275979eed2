"""Defines: a call of a define compiles its body in place, its parameters bound to the arguments.

A define sees its parameters and the global names, never the caller's; a constant argument
is substituted so the body folds it; the number of calls inlined into one text is bounded
(``define-too-large``) and a define may not use itself.
"""
from __future__ import annotations

from . import ast as A
from ...limits import MAX_INLINES
from .values import C, Define, Scope


def inline(cp, d: Define, args: list[C], node: A.Node) -> C:
    """The compiled call of define ``d`` with ``args`` (compiled by ``cp``, a Compiler)."""
    if len(args) != len(d.params):
        cp.error(node, "wrong-arity", f"'{d.name}' takes {len(d.params)} argument(s), not {len(args)}")
    if d.name in cp._inlining:
        cp.error(node, "recursive-define", f"'{d.name}' refers to itself; defines cannot recurse")
    cp._inlined += 1
    if cp._inlined > MAX_INLINES:
        cp.error(node, "define-too-large", f"using '{d.name}' here expands the defines to over "
                 f"{MAX_INLINES} calls in one text (defines that use each other several times "
                 "double at each level)")
    inner = Scope()  # a define sees its parameters and the global names, not the caller's
    binds = []
    for pname, a in zip(d.params, args):
        if a.local is not None:  # a bound name: the parameter reads the same slot
            inner.names[pname] = (a.local, a.t)
            continue
        if a.is_const:  # a constant: substituted, so the body folds it
            inner.names[pname] = a
            continue
        key = cp.fresh(pname)
        binds.append((key, a.fn))
        inner.names[pname] = (key, a.t)
    saved = (cp.origin, cp.text)
    saved_hoist, cp.hoist = cp.hoist, None   # a define's body: hoisted whole or not at all
    cp._inlining.append(d.name)
    try:
        cp.origin, cp.text = d.origin, d.text
        body = cp.expr(d.body, inner)
    finally:
        cp._inlining.pop()
        cp.origin, cp.text = saved
        cp.hoist = saved_hoist
    bf = body.fn
    if not binds:
        return body
    if len(binds) == 1:
        (k1, a1), = binds

        def call1(g, e):
            e[k1] = a1(g, e)
            return bf(g, e)
        return C(call1, body.t)

    def call(g, e):
        for k, af in binds:
            e[k] = af(g, e)
        return bf(g, e)
    return C(call, body.t)
