"""The DSL's effects: one compile function each, in one registry keyed by AST node.

An effect compiles to ``fn(g, e)`` that changes the state ``g`` through its few
primitives (``move``, ``reveal``, ``shuffle``, ``roll``), so knowledge and the
location of every component stay consistent whatever the rule file says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from . import ast as A
from . import cost
from . import types as T
from .faults import STATEMENT_FAILURES, ValueFault, located, statement_fault, value_text
from .held import bounded, check_set, read_as_none
from .held import set_source as _source
from .held import setter as _setter
from .hints import expecting
from .names import zone_list
from .pysource import block_lines, each_source, env, indent, literal, statement_lines, too_deep
from .values import C


@dataclass(frozen=True)
class Effect:
    """One effect statement: its doc, an example, and its compile function."""

    keyword: str
    doc: str
    example: str
    compile: Callable  # (compiler, node, scope) -> fn(g, e)


EFFECTS: dict[str, Effect] = {}


def effect(node_type: type, keyword: str, doc: str, example: str):
    """Register the compile function of one statement."""

    def deco(fn):
        EFFECTS[node_type.__name__] = Effect(keyword, doc, example, fn)
        return fn

    return deco


def compile_block(cp, node: A.Block, scope, root: bool = False) -> Callable:
    """A block of effects as one callable ``fn(g, e)``, run statement by statement until an
    effect ends something. A statement that reads a part of none or meets a value of the
    wrong kind (a Python TypeError, AttributeError or KeyError, or a ValueFault of an
    operator in it) fails with a RuleFault located at it; the one statement of
    an inner block (``if``, ``for``) is located at its ``if`` or ``for``. The counter and
    the ``try`` cost nothing while nothing fails."""
    fns = []
    for s in node.stmts:
        fns.append(cp.statement(s, scope))
        scope = getattr(fns[-1], "scope", scope)  # a let: the rest of the block sees its name
    sites = [
        (cp.fault_site(s), getattr(EFFECTS.get(type(s).__name__), "keyword", "effect")) for s in node.stmts
    ]
    if not fns:
        return _nothing
    if len(fns) == 1:
        run = located(fns[0], sites[0]) if root else fns[0]
    else:

        def run(g, e):
            i = 0
            try:
                for f in fns:
                    f(g, e)
                    if g.end is not None:
                        return
                    i += 1
            except STATEMENT_FAILURES as exc:
                raise statement_fault(sites[i], exc) from None

    gen = cp.gen
    if gen is None or (len(fns) == 1 and not root):
        return run
    lines = block_lines(gen, fns, sites, located=True)
    if root:  # the generated backend: the whole block as one function (the closures if Python refuses it)
        return gen.function(lines, fallback=run)
    run.py, run.may_end = lines, True  # its source, for the generated block around it
    return run


def _nothing(g, e):
    return None


def _components(cp, node, scope, what: str, hinted: str | None = None):
    """Compile something that names components: one, a list, or a whole zone. (The
    components' callable, their type, and the compiled expression, for a statement's source;
    ``hinted``: the kind an unknown name's hint names, hints.py.)"""
    c = expecting(cp, node, scope, hinted) if hinted else cp.expr(node, scope)
    f = c.fn
    if c.t.kind == "zone":
        return lambda g, e: list(g.zones[f(g, e)]), c.t.element(), c
    if c.t.kind == "list":
        return lambda g, e: list(f(g, e)), c.t.element(), c
    if c.t.kind in ("comp", "any", "none"):

        def one(g, e):
            x = f(g, e)
            return () if x is None else (x,)

        return one, c.t, c
    cp.error(
        node, "type-error", f"{what} must be a component, a list of components or a zone, but this is {c.t}"
    )


def _each(cp, fn, c, head: list[str] | None, body, order=None):
    """``fn`` (a statement over each component ``c`` names) with its source when ``head``
    (lines run first, None if they have no source) and ``c`` have some: ``body(x)``, one
    line, for each component ``x``; ``order`` a callable sorting a list or a zone first."""
    gen = cp.gen
    if gen is None or head is None:
        return fn
    x = gen.fresh("x")
    lines = each_source(
        gen, c, x, gen.bind(order) if order is not None and c.t.kind in ("list", "zone") else None
    )
    if lines is not None:
        fn.py, fn.may_end = head + lines + [f"    {body(x)}"], False
    return fn


def _zone(cp, node, scope, what: str):
    c = expecting(cp, node, scope, "zone")
    if c.t.kind not in ("zone", "any"):
        cp.error(node, "type-error", f"{what} must be a zone, but this is {c.t}")
    return c


@effect(
    A.Move,
    "move",
    "Move a component, a list of them or a whole zone onto a zone (on top). "
    "'sorted by PROP descending' orders a group so its lowest ends on top.",
    "move cards to spot.stack sorted by value descending",
)
def _move(cp, node: A.Move, scope):
    what, wt, named = _components(cp, node.what, scope, "what 'move' moves")
    to = _zone(cp, node.to, scope, "where 'move' moves to")
    z = cp.gen.fresh("v") if cp.gen is not None else ""
    head = [f"{z} = {to.src}"] if cp.gen is not None and to.src is not None and not too_deep((to,)) else None
    held = to.t.types
    if held and wt.kind == "comp" and wt.types and not (wt.types <= held):
        cp.error(
            node,
            "type-error",
            f"zone holds {', '.join(sorted(held))}, not {', '.join(sorted(wt.types - held))}",
        )
    tf = to.fn
    if node.sort_by is not None:
        if node.sort_by not in cp.m.props:
            cp.error(
                node,
                "unknown-attribute",
                f"no component has a property '{node.sort_by}' to sort by",
                cp.suggest(node.sort_by, list(cp.m.props)),
            )
        prop = cp.m.props[node.sort_by]
        rev = node.descending

        def move_sorted(g, e):
            z = tf(g, e)
            for c in sorted(what(g, e), key=prop.__getitem__, reverse=rev):
                g.move(c, z)

        return _each(
            cp,
            move_sorted,
            named,
            head,
            lambda x: f"g.move({x}, {z})",
            partial(sorted, key=prop.__getitem__, reverse=rev),
        )

    def move(g, e):
        z = tf(g, e)
        for c in what(g, e):
            g.move(c, z)

    return _each(cp, move, named, head, lambda x: f"g.move({x}, {z})")


@effect(
    A.Reveal,
    "reveal",
    "Let one seat, or all seats ('to all'), know the faces of components.",
    "reveal spot to me",
)
def _reveal(cp, node: A.Reveal, scope):
    what, _, named = _components(cp, node.what, scope, "what 'reveal' shows")
    if node.to is None:

        def reveal_all(g, e):
            for c in what(g, e):
                g.known[c] = g.all_seats

        return _each(cp, reveal_all, named, [], lambda x: f"g.known[{x}] = g.all_seats")
    who = cp.expr(node.to, scope)
    if who.t.kind not in ("seat", "any"):
        cp.error(node.to, "type-error", f"'reveal ... to' needs a seat or 'all', but this is {who.t}")
    if who.t.kind == "any":  # (a phase.x): a seat of this game, checked before it makes a bit
        who = _seat_checked(cp.fault_site(node.to), who.fn)
    wf = who.fn
    bit = cp.gen.fresh("v") if cp.gen is not None else ""
    head = (
        [f"{bit} = 1 << ({who.src})"]
        if cp.gen is not None and who.src is not None and not too_deep((who,))
        else None
    )

    def reveal(g, e):
        bit = 1 << wf(g, e)
        for c in what(g, e):
            g.known[c] |= bit

    return _each(cp, reveal, named, head, lambda x: f"g.known[{x}] |= {bit}")


def _seat_checked(where, fn):
    """``fn`` (a value the compiler could not type), refused unless a seat of the game."""

    def seat(g, e):
        v = fn(g, e)
        if type(v) is not int or not 0 <= v < g.n:
            raise where(f"'reveal ... to' needs a seat (0 to {g.n - 1}), not {value_text(v)}", ValueFault)
        return v

    return C(seat, T.SEAT)


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
        return _source(
            cp,
            _setter(op, lambda g, e: getattr(g, store), lambda g, e: name, vf, bounded(op, value), many),
            op,
            f"g.{store}",
            literal(name),
            value,
            many,
        )
    owner = cp.expr(A.Name(head, pos=node.pos), scope)
    of = owner.fn
    if owner.t.kind == "seat":
        for scope_name, store in (("player", "pvars"), ("player_match", "pmvars")):
            if name in cp.m.variables.get(scope_name, {}):
                check_set(cp, node, value, (scope_name, name), cp.m.variables[scope_name][name])
                many = isinstance(cp.m.variables[scope_name][name], list)
                return _source(
                    cp,
                    _setter(op, lambda g, e, s=store: getattr(g, s)[name], of, vf, bounded(op, value), many),
                    op,
                    f"g.{store}[{literal(name)}]",
                    owner,
                    value,
                    many,
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
        return _source(
            cp,
            _setter(op, lambda g, e: g.cvars[name], of, vf, bounded(op, value), many),
            op,
            f"g.cvars[{literal(name)}]",
            owner,
            value,
            many,
        )
    cp.error(
        node, "type-error", f"'set {head}.{name}' needs a seat or a component, but '{head}' is {owner.t}"
    )


@effect(
    A.Shuffle,
    "shuffle",
    "Shuffle a zone; its hidden faces are forgotten. Its order is "
    "decided as it is read: each card dealt or read from the top or bottom is a chance event.",
    "shuffle supply",
)
def _shuffle(cp, node: A.Shuffle, scope):
    zf = _zone(cp, node.zone, scope, "what 'shuffle' shuffles").fn
    return lambda g, e: g.shuffle(zf(g, e))


@effect(
    A.Deal,
    "deal",
    "Deal N components from the top of a zone, one at a time: to a per-player "
    "zone of every seat ('to each ZONE', from the start player clockwise), or to one zone.",
    "deal hand_size[players] from deck to each hand",
)
def _deal(cp, node: A.Deal, scope):
    nf = cp.expect(cp.expr(node.count, scope), "int", node.count, "how many 'deal' deals").fn
    src = _zone(cp, node.source, scope, "where 'deal' deals from").fn
    if node.zone is None:
        to = _zone(cp, node.to, scope, "where 'deal' deals to").fn

        def deal_to(g, e):
            zi = src(g, e)
            source = g.zones[zi]
            target = to(g, e)
            for _ in range(nf(g, e)):
                if not source:
                    break
                g.move_top(zi, target)

        return deal_to
    z = cp.m.zones.get(node.zone)
    if z is None or z.per != "player":
        cp.error(
            node,
            "unknown-zone",
            f"'{node.zone}' is not a per-player zone",
            cp.suggest(node.zone, [z.name for z in cp.m.zones.values() if z.per == "player"]),
        )
    base = z.base

    def deal(g, e):
        zi = src(g, e)
        source = g.zones[zi]
        for _ in range(nf(g, e)):
            for k in range(g.n):
                if not source:
                    return
                g.move_top(zi, base + (g.start + k) % g.n)

    return deal


@effect(
    A.Roll,
    "roll",
    "Each component shows a random one of its 'faces' (read it as x.face); "
    "each die rolled is a chance event.",
    "roll me.dice",
)
def _roll(cp, node: A.Roll, scope):
    what, _, named = _components(cp, node.what, scope, "what 'roll' rolls", "zone")
    if "faces" not in cp.m.props:
        cp.error(node, "no-faces", "no component type has 'faces' to roll")

    def roll(g, e):
        for c in what(g, e):
            g.roll(c)

    return _each(cp, roll, named, [], lambda x: f"g.roll({x})")


@effect(
    A.SetOn,
    "set",
    "Give a variable of a component or seat found by an expression a value.",
    "set at(board, 0, 1).mark = me.index",
)
def _set_on(cp, node: A.SetOn, scope):
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


@effect(A.If, "if", "Do one block or the other.", "if count(me.hand) == 0 { end turn } else { ... }")
def _if(cp, node: A.If, scope):
    test = cp.expr(node.test, scope)
    tf = test.fn
    body = cp.block(node.body, scope)
    orelse = cp.block(node.orelse, scope) if node.orelse is not None else None

    def run_if(g, e):
        if tf(g, e):
            body(g, e)
        elif orelse is not None:
            orelse(g, e)

    gen = cp.gen
    if gen is not None:
        lines, may_end = statement_lines(gen, body)
        run_if.py = [f"if {gen.of(test)}:"] + indent(lines)
        if orelse is not None:
            more, also = statement_lines(gen, orelse)
            run_if.py += ["else:"] + indent(more)
            may_end = may_end or also
        run_if.may_end = may_end
    return run_if


@effect(
    A.For,
    "for",
    "Do a block once for each element of a finite collection.",
    "for c in table { set c.marked = false }",
)
def _for(cp, node: A.For, scope):
    coll = cp.collection(node.coll, scope, "what 'for' goes over")
    key = cp.fresh(node.var)
    loops = cost.enter(cp, coll, node, scope)  # the body runs once per element
    try:
        body = cp.block(node.body, scope.bind(node.var, key, coll.t.element()))
    finally:
        cp.loops = loops
    cf = coll.fn

    def run_for(g, e):
        for x in list(cf(g, e)):
            e[key] = x
            body(g, e)
            if g.end is not None:
                return

    gen = cp.gen
    if gen is not None:
        lines, may_end = statement_lines(gen, body)
        x = gen.fresh("x")  # the body's source reads the local; closures it calls, the env
        lines = [line.replace(env(key), x) for line in lines]
        run_for.py = (
            [f"for {x} in list({gen.of(coll)}):", f"    {env(key)} = {x}"]
            + indent(lines)
            + (["    if g.end is not None: return"] if may_end else [])
        )
        run_for.may_end = may_end
    return run_for


@effect(A.End, "end", "End the current step, turn, phase, hand or match now.", "end step")
def _end(cp, node: A.End, scope):
    what = node.what

    def end(g, e):
        g.end = what

    if cp.gen is not None:
        end.py, end.may_end = [f"g.end = {literal(what)}"], True
    return end


@effect(
    A.Win,
    "win",
    "The seat wins the match at once (the match ends); a list of seats win "
    "together; 'win none' ends the match with no winning seat.",
    "win me",
)
def _win(cp, node: A.Win, scope):
    wf = cp.expr(node.who, scope)
    f = wf.fn
    if wf.t.kind == "list" and (wf.t.elem is None or wf.t.elem.kind in ("seat", "int", "any")):

        def win_all(g, e):
            g.won.extend(f(g, e))
            g.won.append(None)  # decided, even when the list is empty
            g.end = "match"

        return win_all
    if wf.t.kind not in ("seat", "any", "none"):
        cp.error(node.who, "type-error", f"'win' needs a seat, a list of seats or none, but this is {wf.t}")

    def win(g, e):
        g.won.append(f(g, e))
        g.end = "match"

    return win


from . import control  # noqa: E402 (registers let, while and do; it imports effect from here)

__all__ = ["EFFECTS", "Effect", "T"]
