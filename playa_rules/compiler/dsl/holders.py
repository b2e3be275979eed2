"""The holder of a component: ``first(x in Z where top(x.A) == E)`` without a scan.

A row of spots, each with a zone ``pile`` attached: ``first(s in row where top(s.pile) ==
c)`` (the spot a card is offered on) scans the spots and reads each one's top. A component
is in one zone at a time, so at most one spot's ``pile`` has ``E`` on top, and which one is
known from where ``E`` is: the zone ``g.loc[E]`` is attached to one component (a table made
when the rules load), which is the answer when ``E`` is that zone's top. So the generated
source calls a reader made per call site, ``holder(g, E)``:

- ``E`` none: the closures' answer is the first ``x`` whose zone is empty; the reader
  scans as they do;
- otherwise the component the zone holding ``E`` is attached to, if ``E`` is on top of it,
  else none.

It applies only where the scan cannot tell otherwise: ``Z`` is a zone known when the rules
load, whose components stay in it and that receives nothing (:mod:`.staying`), so it always
holds the components it starts with, each with an ``A`` zone; ``Z`` and every ``A`` zone
are never shuffled (no top is left undecided for the scan to settle: a chance event);
``E`` is a component, read by generated source that does not read ``x``.
"""

from __future__ import annotations

from . import ast as A
from .exprsource import in_order


def _top_of_var(side, var: str) -> str | None:
    """The zone name ``A`` when ``side`` is ``top(var.A)``."""
    if isinstance(side, A.Call) and side.func == "top" and len(side.args) == 1:
        arg = side.args[0]
        if isinstance(arg, A.Attr) and isinstance(arg.obj, A.Name) and arg.obj.id == var:
            return arg.name
    return None


def first_holding(cp, node, coll, where, expr) -> str | None:
    """Source of ``first(x in Z where top(x.A) == E)`` (or ``E == top(x.A)``) read by the
    holder of ``E``'s zone (see the module); None where that does not hold."""
    cond, m, gen = node.comp.where, cp.m, cp.gen
    if gen is None or cp.staying is None or expr is not None or coll.zone_src is None:
        return None
    if not isinstance(cond, A.Compare) or cond.op != "==" or not coll.zone_src.is_const:
        return None
    var = node.comp.var
    for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
        name = _top_of_var(side, var)
        if name is not None and not any(isinstance(n, A.Name) and n.id == var for n in A.walk(other)):
            break
    else:
        return None
    z, attached = coll.zone_src.const, m.attached.get(name)
    members = [x for x in range(m.component_count) if m.start_zone[x] == z]
    if attached is None or not members or not in_order(gen, coll.zone_src):
        return None
    zones = [attached[x] for x in members]
    if any(a < 0 or a not in gen.settled for a in zones):
        return None
    value = cp.expr(other, cp.call_scope)
    if value.t.kind != "comp" or value.src is None:
        return None
    if not cp.staying.cells_stay(members) or not cp.staying.receives_nothing(z):
        return None
    held_by = {a: x for x, a in zip(members, zones)}

    def holder(g, c):
        if c is None:  # the first of Z whose A zone is empty, as the scan finds it
            for x in g.zones[z]:
                if not g.zones[attached[x]]:
                    return x
            return None
        x = held_by.get(g.loc[c])
        return x if x is not None and g.zones[g.loc[c]][-1] == c else None

    return f"{gen.bind_pure(holder)}(g, {gen.of(value)})"
