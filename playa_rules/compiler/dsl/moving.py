"""The source of a ``move`` (``effects._move``): written out where the visibility of its
destination is known when the rules load, else a call of ``State.move``; and the move under
a pile (``move X to bottom(ZONE)``), a closure on both backends."""

from __future__ import annotations

from . import ast as A


def move_source(m, gen, to, z: str):
    """``body(x)`` for ``effects._each``: the source moving component ``x`` on top of zone ``z``.

    When every zone ``to`` may name shows faces alike (one visibility, known when the rules
    load), ``State.move``'s common case is written out: the component leaves a zone whose
    order is decided, joins ``z``, and the seats ``z`` shows it to learn its face; a
    component in no zone, or in one whose order is still undecided, goes through ``g.move``."""
    if to.is_const and to.const.__class__ is int:
        into = {to.const}
    elif to.zone_of is not None:
        into = set(to.zone_of[1])
    else:
        into = None
    shown = {m.zone_vis[i] for i in into} if into else set()
    if len(shown) != 1:
        return lambda x: f"g.move({x}, {z})"
    vis = shown.pop()
    s = gen.fresh("x")

    def body(x: str) -> str:
        if vis == "public":
            learn = f"; g.known[{x}] = g.all_seats"
        elif vis == "owner":
            learn = f"; g.known[{x}] |= 1 << g.zowner[{z}]"
        else:
            learn = ""
        return (
            f"{s} = g.loc[{x}]\n"
            f"if {s} >= 0 and g.mix[{s}] is None: "
            f"g.zones[{s}].remove({x}); g.zones[{z}].append({x}); g.loc[{x}] = {z}{learn}\n"
            f"else: g.move({x}, {z})"
        )

    return body


def sort_property(cp, node) -> list:
    """The property ``move ... sorted by P`` orders by (each component's value), or the located
    error when no component has it."""
    if node.sort_by not in cp.m.props:
        cp.error(
            node,
            "unknown-attribute",
            f"no component has a property '{node.sort_by}' to sort by",
            cp.suggest(node.sort_by, list(cp.m.props)),
        )
    return cp.m.props[node.sort_by]


def move_under(cp, node, what, tf):
    """``move X to bottom(Z)``: X under Z's pile, a group in its order (its first lowest), so
    each is put under in turn from its last; sorted first with ``sorted by``."""
    key = None if node.sort_by is None else sort_property(cp, node).__getitem__
    rev = node.descending

    def under(g, e):
        z = tf(g, e)
        group = list(what(g, e)) if key is None else sorted(what(g, e), key=key, reverse=rev)
        for c in reversed(group):
            g.move_bottom(c, z)

    return under


def target_zones(cp, into, node) -> set | None:
    """The zones ``into`` (a compiled zone, written ``node``) may name, when the rules load:
    the zone known then, the zones of a table (``me.hand``, ``spot.stack``), every zone of a
    name (``first(...).stack``); None: any zone."""
    if into.is_const and into.const.__class__ is int:
        return {into.const}
    if into.zone_of is not None:
        return set(into.zone_of[1])
    if isinstance(node, A.Attr) and node.name in cp.m.zones and into.t.kind == "zone":
        return {i for i, (name, _, _) in enumerate(cp.m.zone_names) if name == node.name}
    return None
