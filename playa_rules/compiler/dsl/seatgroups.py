"""Defines read while a hand is scored: one value per seat, and a seat's items grouped for every seat.

Scoring changes nothing (its texts are expressions: no effect, no chance event), so a
define without parameters that a scoring rule reads has one value per seat's evaluation:
the first rule of a seat reading it works it out and keeps it in the seat's environment
(``e['$name']``), the others read it there.

A define of the shape ``[x in Z where F == me]`` (or ``me == F``), where neither ``Z`` nor
``F`` reads ``me`` (nor ``others``, nor a define that does), and ``F`` is a seat, a number,
a text, a truth value or none (values a table finds by ``==``), is the same filter for
every seat: the hand end gives its seats' environments one shared table under
:data:`SEATS`, and the first seat to read the define works out ``F`` once per item of
``Z`` and groups the items by that value, in ``Z``'s order; each seat takes its group.
``Z`` and ``F`` are evaluated in the order the first seat's filter evaluates them, so a
rule that fails fails at the same item with the same fault. Where an environment has no
shared table (a view's running score) the define is worked out per seat as above.
"""

from __future__ import annotations

from dataclasses import replace

from ...errors import RuleError
from ...shared.envkeys import SEATS
from . import ast as A
from .values import C

_KEYED = frozenset({"seat", "int", "str", "bool", "none"})  # a table finds them as == does
_UNSET = object()


def remembered(cp, d, body: C) -> C:
    """The read of define ``d`` (no parameters; ``body`` its inlined value) in a pure context."""
    bf, mk = body.fn, "$" + d.name
    parts = _per_item(cp, d)
    if parts is None:

        def remembered(g, e):  # one value per evaluation env
            v = e.get(mk, _UNSET)
            if v is _UNSET:
                v = e[mk] = bf(g, e)
            return v

        return C(remembered, body.t)
    xf, kf = parts

    def grouped(g, e):  # every seat's list from one pass, when the seats share a table
        v = e.get(mk, _UNSET)
        if v is not _UNSET:
            return v
        shared = e.get(SEATS)
        if shared is None:
            v = e[mk] = bf(g, e)
            return v
        groups = shared.get(mk)
        if groups is None:
            groups = shared[mk] = {}
            for x, k in zip(xf(g, e), kf(g, e)):
                if k in groups:
                    groups[k].append(x)
                else:
                    groups[k] = [x]
        v = e[mk] = groups.get(e["me"], [])
        return v

    return C(grouped, body.t)


def _per_item(cp, d) -> tuple | None:
    """For a define of the grouped shape: the functions of its items (``[x in Z]``) and of
    each item's ``F`` (``[F for x in Z]``), compiled as the define's body is; else None."""
    b = d.body
    if d.params or not isinstance(b, A.Comprehension) or b.expr is not None or b.var == "me":
        return None
    w = b.where
    if not (isinstance(w, A.Compare) and w.op == "=="):
        return None
    f = w.right if _is_me(w.left) else w.left if _is_me(w.right) else None
    if f is None or _reads_me(cp, f, set()) or _reads_me(cp, b.coll, set()):
        return None
    items = replace(d, body=A.Comprehension(b.var, b.coll, None, None, pos=b.pos))
    keys = replace(d, body=A.Comprehension(b.var, b.coll, None, f, pos=b.pos))
    inlined = cp._inlined  # the parts are the body again: no more calls counted against the file
    try:
        xc = cp.inline(items, [], b, None)
        kc = cp.inline(keys, [], b, None)
    except RuleError:
        return None
    finally:
        cp._inlined = inlined
    elem = kc.t.elem
    if elem is None or elem.kind not in _KEYED or elem.mix:
        return None
    return xc.fn, kc.fn


def _is_me(node) -> bool:
    return isinstance(node, A.Name) and node.id == "me"


def _reads_me(cp, node, seen: set) -> bool:
    """Whether ``node`` may read ``me``: itself, through ``others``, or in a define it uses."""
    for n in A.walk(node):
        name = n.id if isinstance(n, A.Name) else n.func if isinstance(n, (A.Call, A.CallOver)) else None
        if name in ("me", "others"):
            return True
        if name in cp.defines and name not in seen:
            seen.add(name)
            if _reads_me(cp, cp.defines[name].body, seen):
                return True
    return False
