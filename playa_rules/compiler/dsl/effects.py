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
from . import cost, hints, wholes
from . import types as T
from .faults import STATEMENT_FAILURES, ValueFault, located, statement_fault, value_text
from .hints import expecting
from .moving import move_source, move_under, sort_property, target_zones
from .pysource import block_lines, each_source, env, if_lines, indent, literal, statement_lines, too_deep
from .recover import statements
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
    fns = statements(cp, node.stmts, scope, _nothing)  # every mistake of the text (recover.py)
    if fns is None:
        return _nothing  # the text is reported, never run
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
        fn.py, fn.may_end = head + lines + [f"    {line}" for line in body(x).split("\n")], False
    return fn


def moves(cp, t: T.T, into: C | None, node=None) -> None:
    """Record that an effect may move components of type ``t`` out of their zone (any type,
    unless ``t`` is a component of known types) into the zone ``into`` names, written
    ``node`` (``staying.Staying``): the zone known when the rules load, the zones of a table
    (``me.hand``, ``spot.stack``), every zone of a name (``first(...).stack``), or any zone;
    None: the zones recorded by the caller. ``cp.move_targets``, when a list, gets the zones
    too (None: any), for an action's effect (compiler/unseen_choice.py)."""
    where = None if into is None else target_zones(cp, into, node)
    if cp.move_targets is not None:
        cp.move_targets.append(where)
    if cp.staying is None:
        return
    cp.staying.note_moved(t.types if t is not None and t.kind == "comp" else ())
    if into is not None:
        cp.staying.note_into(where)


def _zone(cp, node, scope, what: str):
    c = expecting(cp, node, scope, "zone")
    if c.t.kind not in ("zone", "any"):
        cp.error(node, "type-error", f"{what} must be a zone, but this is {c.t}")
    return c


@effect(
    A.Move,
    "move",
    "Move a component, a list of them or a whole zone onto a zone (on top), or under it with 'to "
    "bottom(ZONE)'. 'sorted by PROP descending' orders a group so its lowest ends on top.",
    "move cards to spot.stack sorted by value descending",
)
def _move(cp, node: A.Move, scope):
    what, wt, named = _components(cp, node.what, scope, "what 'move' moves")
    to = _zone(cp, node.to, scope, "where 'move' moves to")
    moves(cp, wt, to, node.to)
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
    if node.bottom:  # under the pile: the closure on both backends (State.move_bottom)
        return move_under(cp, node, what, tf)
    if node.sort_by is not None:
        prop = sort_property(cp, node)
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
            move_source(cp.m, cp.gen, to, z) if cp.gen is not None else None,
            partial(sorted, key=prop.__getitem__, reverse=rev),
        )

    def move(g, e):
        z = tf(g, e)
        for c in what(g, e):
            g.move(c, z)

    return _each(cp, move, named, head, move_source(cp.m, cp.gen, to, z) if cp.gen is not None else None)


def seat_checked(where, fn):
    """``fn`` (a value the compiler could not type), refused unless a seat of the game."""

    def seat(g, e):
        v = fn(g, e)
        if type(v) is not int or not 0 <= v < g.n:
            raise where(f"'reveal ... to' needs a seat (0 to {g.n - 1}), not {value_text(v)}", ValueFault)
        return v

    return C(seat, T.SEAT)


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
        who = seat_checked(cp.fault_site(node.to), who.fn)
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
    what = "how many 'deal' deals"
    count = cp.expect(cp.expr(node.count, scope), "int", node.count, what)
    nf = wholes.counted(cp, count, node.count, what, "deal", "components")
    source = _zone(cp, node.source, scope, "where 'deal' deals from")
    src = source.fn
    if node.zone is None:
        hints.deal_to_a_players_zone(cp, node.to, scope)  # 'to hand' for 'to each hand'
        target = _zone(cp, node.to, scope, "where 'deal' deals to")
        moves(cp, source.t.element(), target, node.to)
        to = target.fn

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
    moves(cp, source.t.element(), None)
    if cp.staying is not None:
        cp.staying.note_into(range(base, base + cp.m.max_players))

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


@effect(A.If, "if", "Do one block or the other.", "if count(me.hand) == 0 { end turn } else { ... }")
def _if(cp, node: A.If, scope):
    test = cp.expr(node.test, scope)
    tf, decided = test.fn, test.is_const  # a ruling or parameter decides it: one side never runs
    with cp.never_run(decided and not test.const):
        body = cp.block(node.body, scope)
    with cp.never_run(decided and bool(test.const)):
        orelse = cp.block(node.orelse, scope) if node.orelse is not None else None

    def run_if(g, e):
        if tf(g, e):
            body(g, e)
        elif orelse is not None:
            orelse(g, e)

    gen = cp.gen
    if gen is not None:
        lines, may_end = statement_lines(gen, body)
        more, also = statement_lines(gen, orelse) if orelse is not None else (None, False)
        run_if.py = if_lines(gen, test, lines, more)
        run_if.may_end = may_end or also
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


__all__ = ["EFFECTS", "Effect", "T"]


# effects registered by their own modules when imported, last: let, while and do (control.py);
# set and pick (assign.py). Both import ``effect`` from here.
from . import assign, control  # noqa: E402,F401
