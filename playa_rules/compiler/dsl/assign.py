"""The DSL's effects that store a value: ``set`` (a variable, a property of each component of
a collection: ``set c.mark = 1``, ``set x.prop = v on ZONE``) and ``pick`` (one of a
collection into a variable), checked against the declared kind and bounded; registered in the registry of :mod:`.effects` (imported from there).
"""

from __future__ import annotations

from ...shared.limits import MAX_INT
from . import ast as A
from . import control
from . import types as T
from .effects import effect
from .held import bounded, check_set, guarded, none_guard, read_as_none, too_big
from .held import set_source as _source
from .held import setter as _setter
from .names import zone_list
from .pysource import literal


@effect(
    A.Set, "set", "Give a variable a value, or add to it (+=) or take from it (-=).", "set turn.groups += 1"
)
def _set(cp, node: A.Set, scope):
    value = cp.expr(node.value, scope)
    vf = value.fn
    op = node.op
    target = node.target
    if target == ("start_player",):
        cp.expect(value, "seat", node.value, "the new start player")
        if op != "=":
            cp.error(node, "bad-target", "'set start_player' takes '=', a seat")

        def set_start(g, e):
            g.start = vf(g, e) % g.n

        return set_start
    if len(target) == 1 and target[0] in scope.mutable:
        return control.set_local(cp, node, scope, value)
    if len(target) != 2:
        cp.error(
            node,
            "bad-target",
            "'set' changes a variable: turn.NAME, hand.NAME, match.NAME, "
            "SEAT.NAME or COMPONENT.NAME, a name a 'let' of the block made, or the start_player",
        )
    head, name = target
    if head in ("turn", "hand", "match") and head not in scope.names:
        declared = cp.m.variables.get(head, {})
        if name not in declared:
            cp.error(
                node,
                "unknown-variable",
                f"no {head} variable '{name}' is declared",
                cp.suggest(name, list(declared)),
            )
        store = {"turn": "tvars", "hand": "hvars", "match": "mvars"}[head]
        check_set(cp, node, value, (head, name), declared[name])
        many = isinstance(declared[name], list)
        refuse = none_guard(cp, node, value, (head, name), declared[name])
        return _source(
            cp,
            _setter(
                op,
                lambda g, e: getattr(g, store),
                lambda g, e: name,
                guarded(vf, refuse),
                bounded(op, value),
                many,
            ),
            op,
            f"g.{store}",
            literal(name),
            value,
            many,
            refuse,
        )
    owner = cp.expr(A.Name(head, pos=node.pos), scope)
    of = owner.fn
    if owner.t.kind == "seat":
        for scope_name, store in (("player", "pvars"), ("player_match", "pmvars")):
            if name in cp.m.variables.get(scope_name, {}):
                init = cp.m.variables[scope_name][name]
                check_set(cp, node, value, (scope_name, name), init)
                many = isinstance(init, list)
                refuse = none_guard(cp, node, value, (scope_name, name), init)
                return _source(
                    cp,
                    _setter(
                        op,
                        lambda g, e, s=store: getattr(g, s)[name],
                        of,
                        guarded(vf, refuse),
                        bounded(op, value),
                        many,
                    ),
                    op,
                    f"g.{store}[{literal(name)}]",
                    owner,
                    value,
                    many,
                    refuse,
                )
        cp.error(
            node,
            "unknown-variable",
            f"no player variable '{name}' is declared",
            cp.suggest(name, list(cp.m.variables.get("player", {}))),
        )
    if owner.t.kind in ("comp", "any"):
        if name not in cp.m.cvars:
            cp.error(
                node,
                "unknown-variable",
                f"no component variable '{name}' is declared (components: ... vars:)",
                cp.suggest(name, list(cp.m.cvars)),
            )
        types = owner.t.types
        if types and not set(cp.m.cvars[name][0]) & types:
            cp.error(
                node,
                "unknown-variable",
                f"{'/'.join(sorted(types))} has no variable '{name}' "
                f"(it is a variable of {', '.join(sorted(cp.m.cvars[name][0]))})",
            )
        check_set(cp, node, value, ("component", name), cp.m.cvars[name][1])
        many = isinstance(cp.m.cvars[name][1], list)
        refuse = none_guard(cp, node, value, ("component", name), cp.m.cvars[name][1])
        return _source(
            cp,
            _setter(op, lambda g, e: g.cvars[name], of, guarded(vf, refuse), bounded(op, value), many),
            op,
            f"g.cvars[{literal(name)}]",
            owner,
            value,
            many,
            refuse,
        )
    cp.error(
        node, "type-error", f"'set {head}.{name}' needs a seat or a component, but '{head}' is {owner.t}"
    )


@effect(
    A.SetOn,
    "set",
    "Give a variable of a component or seat found by an expression a value.",
    "set at(board, 0, 1).mark = me.index",
)
def _set_on(cp, node: A.SetOn, scope):
    if not node.name and isinstance(node.obj, A.Index):
        return _set_item(cp, node, scope)
    if not node.name:
        cp.error(
            node,
            "bad-target",
            "'set' changes a variable: turn.NAME, hand.NAME, match.NAME, "
            "SEAT.NAME or COMPONENT.NAME (the component may be found by an "
            "expression: at(board, 0, 1).mark)",
        )
    obj = cp.expr(node.obj, scope)
    if obj.t.kind not in ("comp", "seat", "any"):
        if obj.var is not None:
            read_as_none(cp, node.obj, obj.var, f"'set ... .{node.name}' needs a component or a seat")
        cp.error(node.obj, "type-error", f"'set ... .{node.name}' needs a component or a seat, not {obj.t}")
    key = cp.fresh("target")
    inner = scope.bind("$target", key, obj.t)
    store = _set(cp, A.Set(("$target", node.name), node.op, node.value, pos=node.pos), inner)
    of = obj.fn
    where = cp.fault_site(node.obj)

    def set_on(g, e):
        target = of(g, e)
        if target is None:
            raise where(f"'set' on none: no component or seat to set '{node.name}' of")
        e[key] = target
        store(g, e)

    return set_on


def _set_item(cp, node: A.SetOn, scope):
    """``set VARIABLE[i] = v`` (or ``+=``, ``-=``): the variable (a list) set to a copy of its
    list with item ``i`` changed, so a list another variable or a copy of the game holds is
    never changed under it; ``i`` from 0, within the list (a located fault otherwise)."""
    where, index_node = node.obj.obj, node.obj.index
    if not (isinstance(where, A.Attr) and isinstance(where.obj, A.Name)):
        cp.error(
            node,
            "bad-target",
            "'set ...[i]' changes one item of a list variable: turn.NAME[i], hand.NAME[i], "
            "match.NAME[i], SEAT.NAME[i] or COMPONENT.NAME[i]",
        )
    listed = cp.expr(where, scope)
    if listed.t.kind not in ("list", "any"):
        cp.error(where, "type-error", f"'set ...[i]' changes an item of a list, but this is {listed.t}")
    index = cp.expr(index_node, scope)
    cp.expect(index, "int", index_node, "the position of the item (0 for the first)")
    value = cp.expr(node.value, scope)
    if node.op != "=":
        cp.expect(value, "int", node.value, f"what 'set ...[i] {node.op}' adds or takes away")
    elem = listed.t.elem if listed.t.kind == "list" else None
    if node.op == "=" and elem is not None and elem.kind in ("int", "str", "bool"):
        cp.expect(value, elem.kind, node.value, f"an item of {where.obj.id}.{where.name}")
    key = cp.fresh("list")
    item = value.t if node.op == "=" else T.INT  # the list stored, as a collection that starts [] learns it
    inner = scope.bind("$list", key, T.list_of(item) if listed.t.kind == "list" else listed.t)
    store = _set(
        cp, A.Set((where.obj.id, where.name), "=", A.Name("$list", pos=node.pos), pos=node.pos), inner
    )
    lf, xf, vf, op = listed.fn, index.fn, value.fn, node.op
    fault = cp.fault_site(index_node)

    def set_item(g, e):
        old, i, v = lf(g, e), xf(g, e), vf(g, e)
        if not (i.__class__ is int and 0 <= i < len(old)):
            raise fault(f"no item {i!r} in a list of {len(old)} items (0 to {len(old) - 1})")
        new = list(old)
        if op == "=":
            new[i] = v
        else:
            new[i] = old[i] + v if op == "+=" else old[i] - v
            if not -MAX_INT <= new[i] <= MAX_INT:
                raise too_big(new[i])
        e[key] = new
        store(g, e)

    return set_item


@effect(
    A.Pick,
    "pick",
    "Give a variable a random element of a list, each equally likely: a chance event "
    "(an empty list is a runtime error).",
    "pick hand.first from [s in seats where s.points == min(p.points for p in seats)]",
)
def _pick(cp, node: A.Pick, scope):
    options = cp.expr(node.options, scope)
    cp.expect(options, "collection", node.options, "what 'pick' picks from")
    listed = zone_list(options) if options.t.kind == "zone" else options.fn
    key = cp.fresh("picked")
    inner = scope.bind("$picked", key, options.t.element())
    store = _set(cp, A.Set(node.target, "=", A.Name("$picked", pos=node.pos), pos=node.pos), inner)
    where = cp.fault_site(node)
    seat_kind = options.t.element().kind == "seat"

    def pick(g, e):
        items = list(listed(g, e))
        if not items:
            raise where("'pick' from an empty list")
        texts = [
            f"seat {x}"
            if seat_kind
            else (g.m.labels[x] if isinstance(x, int) and options.t.element().kind == "comp" else str(x))
            for x in items
        ]
        e[key] = items[g.chance_choice(texts)]
        store(g, e)

    return pick
