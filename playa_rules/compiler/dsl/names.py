"""Names and attributes of the DSL: what ``me``, ``players``, ``x.name`` and ``turn.x`` mean.

The compiler resolves every name here at compile time to a closure that indexes the
state's lists; a name that means nothing is a located error with a "did you mean".
"""

from __future__ import annotations

from collections.abc import Callable

from . import ast as A
from . import held, hints
from . import types as T
from .pysource import env, literal, too_deep
from .reads import cvar_negated, offset_read, part_site, seat_part, store_read, table_read
from .values import C

NAMESPACES = ("turn", "hand", "match", "phase")
SEAT_BUILTINS = ("hand_scores", "score", "left", "right", "index")
COMP_BUILTINS = ("owner", "type", "label")


def attribute(cp, n: A.Attr, scope) -> C:
    """Compile ``x.name``: a namespace variable, or a zone, variable or property of a seat or component."""
    obj = n.obj
    if isinstance(obj, A.Name) and obj.id in NAMESPACES and obj.id not in scope.names:
        return namespace_var(cp, obj.id, n.name, n)
    o = cp.expr(obj, scope)
    of = o.fn
    name = n.name
    m = cp.m
    S = cp.gen if not too_deep((o,)) else None  # the generated backend's sources (None: closures only)
    os_ = S.of(o) if S else None
    if o.top_of is not None and (
        name == "owner" or (name in m.props and name not in m.cvars and name not in m.zones)
    ):
        key, ztable = o.top_of
        table = m.owner if name == "owner" else m.props[name]
        fault = part_site(cp, n, name, "component")

        def top_attr(g, e):
            zi = ztable[e[key]]
            if g.mix[zi] is not None:
                g.settle_top(zi)
            z = g.zones[zi]
            if z:
                return table[z[-1]]
            raise fault(None)  # the top of an empty zone

        if name == "owner":
            return C(top_attr, T.SEAT, top_prop=(key, ztable, table))
        pt, odd = T.prop_type(m, name)
        return C(top_attr, pt, top_prop=(key, ztable, table), mixed=odd is not None and (name, odd) or None)
    if o.t.kind == "seat":
        z = m.zones.get(name)
        fault = part_site(cp, n, name, "seat")  # a seat that is none (a variable not set)
        if z is not None and z.per == "player":
            base = z.base
            if o.local is not None:  # me.hand: a table by seat, so zone readers fuse the lookup
                lk, table = o.local, [base + s for s in range(m.max_players)]
                return C(
                    table_read(table, lk, of, fault),
                    T.zone(z.holds),
                    zone_of=(lk, table),
                    src=S and f"{S.bind(table)}[{env(lk)}]",
                )
            return C(offset_read(base, of, fault), T.zone(z.holds), src=S and f"({base} + {os_})")
        for scope_name, store in (("player", "pvars"), ("player_match", "pmvars")):
            if name in m.variables.get(scope_name, {}):
                init, key = m.variables[scope_name][name], (scope_name, name)
                vt = held.var_type(cp, key, init)
                return C(
                    store_read(store, name, None, of, fault),
                    vt,
                    var=key if vt.kind == "none" else None,
                    src=S and f"g.{store}[{literal(name)}][{os_}]",
                )
        if name in SEAT_BUILTINS:
            src = S and os_ and _SEAT_SOURCES.get(name, "").format(os_)
            return C(
                seat_part(name, of, fault),
                T.list_of(T.INT)
                if name == "hand_scores"
                else (T.SEAT if name in ("left", "right") else T.INT),
                src=src or None,
            )
        choices = (
            [z.name for z in m.zones.values() if z.per == "player"]
            + list(SEAT_BUILTINS)
            + list(m.variables.get("player", {}))
            + list(m.variables.get("player_match", {}))
        )
        cp.error(
            n, "unknown-attribute", f"a seat has no zone or variable '{name}'", cp.suggest(name, choices)
        )
    if o.t.kind in ("comp", "any", "none"):
        types = o.t.types or frozenset(m.types)
        z = m.zones.get(name)
        lk = o.local
        fault = part_site(cp, n, name, "component")
        if z is not None and z.per in types:
            table = m.attached[name]
            if lk is not None:
                return C(
                    table_read(table, lk, of, fault),
                    T.zone(z.holds),
                    zone_of=(lk, table),
                    src=S and f"{S.bind(table)}[{env(lk)}]",
                )
            return C(table_read(table, None, of, fault), T.zone(z.holds), src=S and f"{S.bind(table)}[{os_}]")
        if name in m.cvars and (
            not o.t.types
            or set(m.cvars[name][0]) & types
            or not any(name in m.type_props.get(t, ()) for t in types)
        ):
            store_name = name
            vt = (
                held.face_type(m, types)
                if name == "face" and m.cvars[name][1] is None
                else held.var_type(cp, ("component", name), m.cvars[name][1], T.ANY)
            )
            src = S and f"g.cvars[{literal(store_name)}][{os_}]"
            if lk is not None:
                return C(
                    store_read("cvars", store_name, lk, of, fault),
                    vt,
                    negated=cvar_negated(store_name, lk, fault),
                    src=src,
                )
            return C(store_read("cvars", store_name, None, of, fault), vt, src=src)
        if name == "owner":
            owners = m.owner
            return C(table_read(owners, None, of, fault), T.SEAT, src=S and f"{S.bind(owners)}[{os_}]")
        if name == "type":
            ct = m.ctype
            return C(table_read(ct, None, of, fault), T.STR, src=S and f"{S.bind(ct)}[{os_}]")
        if name == "label":
            lb = m.labels
            return C(table_read(lb, None, of, fault), T.STR, src=S and f"{S.bind(lb)}[{os_}]")
        if any(name in m.type_props.get(t, ()) for t in types):
            prop = m.props[name]
            pt, odd = T.prop_type(m, name)
            mixed = (name, odd) if odd is not None else None
            src = S and f"{S.bind(prop)}[{os_}]"
            if lk is not None:
                return C(table_read(prop, lk, of, fault), pt, prop=(lk, prop), src=src, mixed=mixed)
            return C(table_read(prop, None, of, fault), pt, src=src, mixed=mixed)
        choices = set(COMP_BUILTINS) | set(m.cvars)
        for t in types:
            choices |= m.type_props.get(t, set())
            choices |= {z.name for z in m.zones.values() if z.per == t}
        what = "/".join(sorted(types)) if o.t.types else "a component"
        if o.var is not None:
            held.read_as_none(
                cp,
                n,
                o.var,
                f"'.{name}' reads it as a component, and {what} has no property, variable or zone '{name}'",
            )
        cp.error(
            n,
            "unknown-attribute",
            f"{what} has no property, variable or zone '{name}'",
            cp.suggest(name, sorted(choices)),
        )
    known = hints.COMMON_NAMES.get(name.lower()) if o.t.is_collection else None
    cp.error(  # me.hand.length: as other languages ask for a size
        n,
        "type-error",
        f"'.{name}' needs a seat or a component, but this is {o.t}",
        f"did you mean '{known}'? {cp.functions[known].doc}" if known in cp.functions else None,
    )


def zone_index(c: C) -> Callable:
    """``fn(g, e)`` giving the index of the zone ``c`` names (c has the type zone)."""
    if c.is_const:
        z = c.const
        return lambda g, e: z
    if c.zone_of is not None:
        key, table = c.zone_of
        return lambda g, e: table[e[key]]
    return c.fn


def zone_list(c: C, settle: str | None = None) -> Callable:
    """``fn(g, e)`` giving the components of the zone ``c`` names (c has the type zone).

    ``settle`` ('top', 'bottom' or 'all'): the reader depends on that part of the zone's
    order, which a shuffle may have left undecided: decide it first (engine.chance).
    """
    if settle is None:
        if c.is_const:
            z = c.const
            return lambda g, e: g.zones[z]
        if c.zone_of is not None:  # a zone of a bound name: one lookup less
            key, table = c.zone_of
            return lambda g, e: g.zones[table[e[key]]]
        zf = c.fn
        return lambda g, e: g.zones[zf(g, e)]
    method = "settle_" + settle
    if c.is_const:
        z = c.const

        def read_const(g, e):
            if g.mix[z] is not None:
                getattr(g, method)(z)
            return g.zones[z]

        return read_const
    if c.zone_of is not None:
        key, table = c.zone_of

        def read_of(g, e):
            zi = table[e[key]]
            if g.mix[zi] is not None:
                getattr(g, method)(zi)
            return g.zones[zi]

        return read_of
    zf = c.fn

    def read(g, e):
        zi = zf(g, e)
        if g.mix[zi] is not None:
            getattr(g, method)(zi)
        return g.zones[zi]

    return read


def namespace_var(cp, ns: str, name: str, node: A.Node) -> C:
    """``turn.x``, ``hand.x``, ``match.x``, ``phase.x``."""
    if ns == "phase":
        if name == "id":
            return C(lambda g, e: g.phase_id, T.STR)
        if name not in cp.phase_lets:
            cp.error(
                node,
                "unknown-phase-value",
                f"no phase defines '{name}' in its let",
                cp.suggest(name, sorted(cp.phase_lets)),
            )
        where = cp.fault_site(node)

        def phase_value(g, e):
            try:
                return g.plet[name]
            except KeyError:
                raise where(f"phase '{g.phase_id}' gives no '{name}' in its let (phase.{name})") from None

        return C(phase_value, cp.phase_let_types.get(name, T.ANY), src=cp.gen and f"g.plet[{literal(name)}]")
    declared = cp.m.variables.get(ns, {})
    if name not in declared:
        cp.error(
            node,
            "unknown-variable",
            f"no {ns} variable '{name}' is declared (variables: {ns}:)",
            cp.suggest(name, list(declared)),
        )
    store = {"turn": "tvars", "hand": "hvars", "match": "mvars"}[ns]
    vt = held.var_type(cp, (ns, name), declared[name])
    return C(
        _ns_var(store, name),
        vt,
        var=(ns, name) if vt.kind == "none" else None,
        src=cp.gen and f"g.{store}[{literal(name)}]",
    )


def _ns_var(store, name):
    if store == "tvars":
        return lambda g, e: g.tvars[name]
    if store == "hvars":
        return lambda g, e: g.hvars[name]
    return lambda g, e: getattr(g, store)[name]


_SEAT_SOURCES = {
    "index": "{}",
    "left": "(({}) + 1) % g.n",
    "right": "(({}) - 1) % g.n",
}  # as generated source

# Names every rule set can use: (callable, type).
BUILTIN_NAMES = {
    "players": (lambda g, e: g.n, T.INT),
    "seats": (lambda g, e: list(range(g.n)), T.list_of(T.SEAT)),
    "others": (lambda g, e: [s for s in range(g.n) if s != e["me"]], T.list_of(T.SEAT)),
    "start_player": (lambda g, e: g.start, T.SEAT),
    "current_player": (lambda g, e: g.seat, T.SEAT),
    "hand_number": (lambda g, e: g.hand + 1, T.INT),
    "round": (lambda g, e: g.round, T.INT),
}
BUILTIN_SOURCES = {
    "players": "g.n",
    "start_player": "g.start",
    "current_player": "g.seat",
    "hand_number": "(g.hand + 1)",
    "round": "g.round",
}  # as generated source
