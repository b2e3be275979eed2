"""The source of a ``move`` (``effects._move``): written out where the visibility of its
destination is known when the rules load, else a call of ``State.move``."""

from __future__ import annotations


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
