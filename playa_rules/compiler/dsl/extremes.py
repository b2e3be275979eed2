"""The DSL's functions that pick the element of a collection with the highest or lowest
number: ``highest``, ``lowest`` (the first such element in order when several tie) and
``unique_highest``, ``unique_lowest`` (none when several tie: "the seat with the strictly
highest score"). Each takes ``KEY for x in COLLECTION where COND`` and gives the element,
where ``max`` gives the number. Registered in the registry of :mod:`.functions`.
"""

from __future__ import annotations

from .exprsource import in_order
from .functions import FUNCTIONS, Function, ordered
from .values import C


def _extreme_element(high: bool, unique: bool):
    def over(cp, node, coll, key, where, expr):
        name = node.func
        if expr is None:
            cp.error(
                node,
                "wrong-form",
                f"'{name}' needs the number to compare: {name}(c.value for c in COLLECTION)",
            )
        cp.expect(expr, "int", node.comp.expr, f"what '{name}' compares")
        if not unique and coll.zone_src is not None and not in_order(cp.gen, coll.zone_src):
            coll = C(ordered(cp, node, coll, "all"), coll.t)  # the first of a tie: the zone's order decided
        cf, wf, xf = coll.fn, where.fn if where is not None else None, expr.fn
        fault = cp.fault_site(node.comp.expr)

        def best(g, e):
            found, top, tied = None, None, False
            for x in cf(g, e):
                e[key] = x
                if wf is not None and not wf(g, e):
                    continue
                v = xf(g, e)
                if v is None or v is True or v is False:
                    raise fault(
                        f"'{name}' compares numbers, but this is {'none' if v is None else 'a truth value'} here"
                    )
                if top is None or (v > top if high else v < top):
                    found, top, tied = x, v, False
                elif v == top:
                    tied = True
            return None if unique and tied else found

        return C(best, coll.t.element())

    return over


_DOCS = {
    "highest": (
        True,
        False,
        "The element with the highest number (the first in order when several tie), or none if there is none.",
        "highest(c.value for c in me.hand)",
    ),
    "lowest": (
        False,
        False,
        "The element with the lowest number (the first in order when several tie), or none if there is none.",
        "lowest(c.value for c in me.hand)",
    ),
    "unique_highest": (
        True,
        True,
        "The element with the strictly highest number, or none when several tie for it or there is none.",
        "unique_highest(s.score for s in seats)",
    ),
    "unique_lowest": (
        False,
        True,
        "The element with the strictly lowest number, or none when several tie for it or there is none.",
        "unique_lowest(s.score for s in seats)",
    ),
}
for _name, (_high, _unique, _doc, _example) in _DOCS.items():
    FUNCTIONS[_name] = Function(_name, _doc, _example, None, _extreme_element(_high, _unique), static=True)
