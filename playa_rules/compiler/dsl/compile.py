"""AST -> fast Python callables, with names and types checked against the Model.

Every expression compiles to ``fn(g, e)``: ``g`` is the running game's state, ``e``
a dict of bound names (``me``, action parameters, loop variables). Names resolve
at compile time, so the hot loop only indexes lists; nothing is parsed or looked up
by text while a game runs. DSL text never reaches ``eval``, ``exec`` or attribute
access on Python objects: each construct maps to one closure written here.
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
import os
from collections.abc import Callable
from contextlib import contextmanager

from ...errors import Diagnostic, RuleError, spelled
from ...shared.limits import MAX_INT, MAX_PROBLEMS
from ..model import Model, did_you_mean
from . import ast as A
from . import by_players, cost, defines, hints, names, seatgroups, wholes
from . import types as T
from .analysis import HOISTABLE, free_names, narrowed_type
from .exprsource import composed, item_source, list_source
from .faults import RuleFault, fault_site, index_fault, item_reader  # noqa: F401 (RuleFault: re-exported)
from .opnodes import OperatorNodes
from .parse import Origin
from .pysource import Generator, env, too_deep, with_src
from .recover import Recovered, recovered_part
from .values import C, Define, Scope, const, retyped  # noqa: F401  (Define, Scope: re-exported)

_DEPTH, _UNSET = operator.attrgetter("depth"), object()


def _found(obj, index) -> bool:
    """Whether ``obj[index]`` is there: a list's item at an index that is not negative, a table's key."""
    if isinstance(obj, (list, tuple)):
        return index.__class__ is int and 0 <= index < len(obj)
    return isinstance(obj, dict) and (index.__class__ in (int, str, bool) or index is None) and index in obj


class Compiler(OperatorNodes):
    """Compiles AST nodes of one rule set; errors are RuleErrors located in the file."""

    def __init__(self, model: Model, defines: dict[str, Define]):
        self.m = model
        self.defines = defines
        self.broken: set[str] = set()  # defines whose text does not parse (already reported)
        self.hints_left = MAX_PROBLEMS  # "did you mean" hints this compile may still work out
        self.hoist: frozenset | None = None  # while compiling a condition: the names that vary per candidate
        self.origin = Origin()
        self.text = ""
        self._fresh = itertools.count()
        self._inlining: list[str] = []  # the defines and procedures being compiled in place
        self.unreached = 0  # > 0 in a branch these rules never run (if false { ... }): never_run
        self.procedures: dict = {}  # name -> control.Procedure, from the file's procedures
        self.broken_procedures: set[str] = set()  # procedures whose text does not parse (reported)
        self._inlined, self.loops, self.sizes = 0, (), {}  # calls inlined (MAX_INLINES); loops (cost.py)
        self.reads: dict = {}  # (define, parameter) -> whether its body always reads it (analysis.define_reads)
        self.phase_lets: set[str] = set()
        self.phase_let_types: dict[
            str, T.T
        ] = {}  # a phase value every phase gives as a number (or true/false)
        self.memo_defines = False  # set while compiling pure contexts (scoring, tie-breaks)
        self.held, self.given, self.assigned, self.wanted = {}, {}, {}, None  # held.py; hints.py
        from . import effects, functions  # registries, imported late: they import this module

        self.functions = functions.FUNCTIONS
        self.effects = effects.EFFECTS
        self.effect_blocks = effects
        # the generated backend (pysource.py); PLAYA_RULES_BACKEND=closures: the closures only
        self.gen = None if os.environ.get("PLAYA_RULES_BACKEND") == "closures" else Generator()
        self._kids: list | None = None
        self.staying = None  # staying.Staying: which components stay where they start (set per pass)
        self.move_targets = None  # a list while an action's effect compiles: the zones it moves into
        self.call_scope = None  # the scope of the function call being compiled (functions.Function)
        self.recovering: Recovered | None = None  # while a text compiles: its mistakes so far (expr)
        self.locate = None  # (pointer, code, message) -> a Diagnostic in the file (the compile stage's)
        self.player_counts: list[int] = []  # what `players` reads in each game the file allows: by_players.py
        self.parameter_names: set[str] = set()
        self.by_players_told: set = set()  # names whose NAME[players] was reported short

    # ------------------------------------------------------------ helpers
    def fresh(self, name: str) -> str:
        """A unique env key for a bound name."""
        return f"{name}#{next(self._fresh)}"

    def suggest(self, word, choices) -> str | None:
        """A "did you mean" hint, while the compile has hints left: past MAX_PROBLEMS mistakes
        they would not be shown, and each costs a comparison with every known name."""
        if self.hints_left <= 0:
            return None
        self.hints_left -= 1
        return did_you_mean(word, choices)

    def error(self, node: A.Node | None, code: str, message: str, hint: str | None = None):
        """Raise a RuleError at ``node``."""
        pos = node.pos if node is not None else (1, 1)
        raise RuleError(self.origin.diagnostic(code, message, self.text, pos, hint=hint))

    def warn(self, node, code, message) -> Diagnostic:
        """A warning diagnostic at ``node`` (not raised)."""
        return self.origin.diagnostic(code, message, self.text, node.pos, severity="warning")

    def expect(self, c: C, kind: str, node: A.Node, what: str) -> C:
        """Check that ``c`` fits where ``kind`` is needed."""
        if not T.accepts(kind, c.t):
            if c.mixed is not None and self.locate is not None:
                raise RuleError(self.mixed_error(c, kind, node, what))
            self.error(
                node,
                "type-error",
                f"{what} must be {T.T(kind) if kind != 'collection' else 'a zone or a list'}, "
                f"but this is {c.t}",
                hints.type_hint(c.t),
            )
        return c

    def mixed_error(self, c: C, kind: str, node: A.Node, what: str) -> Diagnostic:
        """The type error of a property whose values are of several kinds (``value: "two"``
        among numbers) read where ``kind`` is needed: at the odd component's line in the file,
        with a note at the text that reads it."""
        name, comp = c.mixed
        m, wanted = self.m, T.T(kind) if kind != "collection" else "a zone or a list"
        value, tname = m.props[name][comp], m.ctype[comp]
        odd, others = T.of_value(value), sorted(c.t.mix - {T.of_value(value).kind})
        d = self.locate(
            f"{m.item_lines[comp]}/{name}",
            "type-error",
            f"{tname} '{name}' is {odd} here ({spelled(value)}), {' or '.join(str(T.T(k)) for k in others)} "
            f"in the other items, and the rules read it where {what} must be {wanted}",
            hint=f"give every {tname} a '{name}' of one kind"
            + (f" (a number is written without quotes: {name}: 2)" if kind == "int" else ""),
        )
        use = self.origin.diagnostic(
            "note", f"where the rules read '{name}' as {wanted}", self.text, node.pos, severity="note"
        )
        return dataclasses.replace(d, notes=(use,))

    def fault_site(self, node: A.Node):
        """A function making the error raised when ``node`` fails while the game runs."""
        return fault_site(self.origin, self.text, node.pos)

    def with_origin(self, origin: Origin, text: str):
        """Compile the next texts as coming from ``origin``."""
        self.origin, self.text = origin, text
        self._inlined, self.loops = 0, ()
        return self

    # ------------------------------------------------------------ expressions
    def expr(self, node: A.Node, scope: Scope) -> C:
        """Compile one expression node. While a text compiles with ``recovering`` set, a
        mistake in a part (an unknown name, a type error) is recorded there and the part
        read as a value of any type, so the rest of the text is checked too: every mistake
        of a text in one run (not inside a define's body: its mistake is reported at the
        call, with the call's note; nor a syntax error or a limit). A part failing only
        because one of its own parts did (``x.y`` of an unknown ``x``) adds nothing."""
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            self.error(node, "not-an-expression", f"{type(node).__name__.lower()} is not an expression")
        parent, self._kids = self._kids, []  # the compiled children, for the generated source
        try:
            if (
                self.hoist is not None
                and (
                    isinstance(node, HOISTABLE)
                    or (isinstance(node, A.Name) and node.id in self.defines and node.id not in scope.names)
                )
                and not (free_names(node) & self.hoist)
            ):
                c = self._hoisted(method, node, scope)
            else:
                c = method(node, scope)
                if self.gen is not None and not c.is_const:
                    if c.src is None:
                        c = composed(self.gen, node, c, self._kids)
                    if c.src is not None and self._kids and c.depth == 0:
                        object.__setattr__(c, "depth", 1 + max(map(_DEPTH, self._kids)))
        except RuleError as err:  # recorded, and the rest of the text checked too (recover.py)
            c = recovered_part(self, err, self._kids)
        finally:
            self._kids = parent
        if parent is not None:
            parent.append(c)
        return c

    def _hoisted(self, method, node: A.Node, scope: Scope) -> C:
        """A part of a condition that reads none of the action's parameters: while one action
        kind is listed the state does not change, so it is worked out once per listing
        (remembered in the listing's environment) instead of once per candidate; a define
        named alone (``bid_cap``) by its name, so a step's kinds listed in one function share it."""
        saved, self.hoist = self.hoist, None
        try:
            c = method(node, scope)
        finally:
            self.hoist = saved
        if c.is_const:
            return c
        if self.gen is not None:  # worked out once per listing, by a generated function when it can
            c = self.gen.expression(composed(self.gen, node, c, self._kids) if c.src is None else c)
        slot, f = (
            (f"once:{node.id}" if isinstance(node, A.Name) else self.fresh("once")),
            c.fn,
        )  # a define: one slot

        def once(g, e):  # (no try: a KeyError raised at each listing's first read costs more)
            v = e.get(slot, _UNSET)
            if v is _UNSET:
                v = e[slot] = f(g, e)
            return v

        src = (
            self.gen and f"({env(slot)} if {slot!r} in e else {self.gen.bind(once)}(g, e))"
        )  # read in place once known
        return C(once, c.t, is_bool=c.is_bool, src=src)

    def collection(self, node: A.Node, scope: Scope, what: str = "this") -> C:
        """Compile an expression used as a collection: a zone becomes its list of components."""
        c = self.expr(node, scope)
        self.expect(c, "collection", node, what)
        if c.t.kind == "zone":
            return C(
                names.zone_list(c),
                T.list_of(c.t.element()),
                zone_src=c,
                depth=c.depth + 1,
                src=f"g.zones[{self.gen.of(c)}]" if self.gen is not None and not too_deep((c,)) else None,
            )
        return c

    def _Num(self, n, s):
        if n.value.__class__ is int and not -MAX_INT <= n.value <= MAX_INT:
            self.error(
                n,
                "bad-value",
                f"{n.value} is a larger number than a rule may use (at most {MAX_INT:,} in size)",
                "JSON readers of views and logs hold whole numbers exactly up to 2**53",
            )
        return const(n.value, T.INT)

    def _Str(self, n, s):
        return const(n.value, T.STR)

    def _Bool(self, n, s):
        return const(n.value, T.BOOL)

    def _NoneLit(self, n, s):
        return const(None, T.NONE)

    def _Name(self, n: A.Name, scope: Scope) -> C:
        name = n.id
        if name in scope.names:
            entry = scope.names[name]
            if isinstance(entry, C):  # a define's parameter bound to a constant
                return entry
            key, t = entry
            return C(lambda g, e: e[key], t, local=key, src=env(key))
        if name == "me":
            return C(lambda g, e: e["me"], T.SEAT, local="me", src=env("me"))
        builtin = names.BUILTIN_NAMES.get(name)
        if builtin is not None:
            return C(builtin[0], builtin[1], src=self.gen and names.BUILTIN_SOURCES.get(name))
        z = self.m.zones.get(name)
        if z is not None:
            if z.per is not None:
                owner = "a seat (me.%s)" % name if z.per == "player" else f"a {z.per} (x.{name})"
                self.error(
                    n, "zone-needs-owner", f"'{name}' is a zone of each {z.per}: name whose, as in {owner}"
                )
            return const(z.base, T.zone(z.holds))
        if name in self.m.constants:
            return const(self.m.constants[name])
        d = self.defines.get(name)
        if d is not None:
            body = self.inline(d, [], n, scope)
            return seatgroups.remembered(self, d, body) if self.memo_defines else body
        if name in names.NAMESPACES:
            self.error(n, "namespace-alone", f"'{name}' holds variables: write {name}.NAME")
        if name in self.broken:
            raise RuleError([])  # a define whose own text is wrong: reported there, once
        self.error(n, "unknown-name", f"unknown name '{name}'", hints.name_hint(self, n, scope))

    def known_names(self, scope: Scope) -> list[str]:
        """Every name visible here, for "did you mean" hints."""
        return (
            list(scope.names)
            + ["me"]
            + list(names.BUILTIN_NAMES)
            + list(self.m.zones)
            + list(self.m.constants)
            + list(self.defines)
            + list(names.NAMESPACES)
            + list(self.functions)
        )

    @contextmanager
    def never_run(self, dead: bool):
        """Compile what the block compiles as a branch that never runs under these rules when
        ``dead`` (the other side of an ``if`` whose test is known when the rules load, what
        follows a constant that decides an ``and`` or ``or``): a value that would fail when
        read there (a constant index out of range) is no error, since it is never read."""
        self.unreached += dead
        try:
            yield
        finally:
            self.unreached -= dead

    def inline(self, d: Define, args: list[C], node: A.Node, scope: Scope) -> C:
        """Compile a call of a define: its body with its parameters bound to the arguments."""
        return defines.inline(self, d, args, node)

    def _Attr(self, n: A.Attr, scope: Scope) -> C:
        return names.attribute(self, n, scope)

    def namespace_var(self, ns: str, name: str, node: A.Node) -> C:
        """``turn.x``, ``hand.x``, ``match.x``, ``phase.x``."""
        return names.namespace_var(self, ns, name, node)

    def _Index(self, n: A.Index, scope: Scope) -> C:
        o = self.expr(n.obj, scope)
        i = self.expr(n.index, scope)
        if o.t.kind not in ("list", "table", "any"):
            self.error(n, "type-error", f"only a list or a table can be indexed, not {o.t}")
        of, fi = o.fn, i.fn
        elem = o.t.elem or T.ANY
        by_players_read = isinstance(n.index, A.Name) and n.index.id == "players" and self.player_counts
        if o.is_const and by_players_read:  # (checked for every count there: no-value-for-players)
            by_players.check(self, n, o)
        if o.t.kind == "list":
            wholes.check(self, self.expect(i, "int", n.index, "a list index"), n.index, "a list index")
        elif o.t.kind == "table" and (wrong := hints.table_key(self, n, o, i)) is not None:
            self.error(n.index, "type-error", *wrong)
        if o.is_const and i.is_const and _found(o.const, i.const):  # d[0] of a constant d: known now
            return const(o.const[i.const], elem if elem is not T.ANY else None)
        if (  # [1, 2, 3][-1], a table's missing key, as written: it would fail every time it is read
            o.is_const
            and i.is_const
            and isinstance(o.const, (list, tuple, dict))
            and not by_players_read
            and not self._inlining  # (a define's argument, a loop's item unrolled: maybe guarded)
            and not self.unreached  # (a branch that never runs: never read)
            and not free_names(n) & set(scope.names)
        ):
            self.error(
                n.index,
                "bad-index",
                f"{index_fault(o.const, i.const)}: both are known when the rules load, so reading it "
                f"would fail every time",
            )
        item = item_reader(self.fault_site(n))  # obj[key], a failure located here

        def index(g, e):
            return item(of(g, e), fi(g, e))

        if self.gen is None or (o.src is None and i.src is None and not o.is_const) or too_deep((o, i)):
            return C(index, elem)
        return with_src(self.gen, C(index, elem), item_source(self.gen, o, i, item))

    def _Call(self, n: A.Call, scope: Scope) -> C:
        d = self.defines.get(n.func)
        if d is not None:
            return self.inline(d, [self.expr(a, scope) for a in n.args], n, scope)
        f = self.functions.get(n.func)
        if f is None and n.func in self.broken:
            raise RuleError([])  # a define whose own text is wrong: reported there, once
        if f is None:
            self.error(
                n,
                "unknown-function",
                f"unknown function '{n.func}'",
                hints.function_hint(self, n.func, list(self.functions) + list(self.defines)),
            )
        return f.compile_call(self, n, scope)

    def _CallOver(self, n: A.CallOver, scope: Scope) -> C:
        f = self.functions.get(n.func)
        if f is None or f.over is None:
            over = [k for k, v in self.functions.items() if v.over is not None]
            self.error(
                n,
                "unknown-function",
                f"unknown function '{n.func}'"
                if f is None
                else f"'{n.func}' does not take 'x in COLLECTION' or 'EXPR for x in ...'",
                hints.function_hint(self, n.func, over) if f is None else self.suggest(n.func, over),
            )
        return f.compile_over(self, n, scope)

    def comprehension(self, comp: A.Comprehension, scope: Scope, coll: C | None = None):
        """Compile the parts of ``[expr for x in coll where cond]``: (coll, key, where, expr)
        (``coll``: the collection, when the caller compiled it already)."""
        if coll is None:
            coll = self.collection(comp.coll, scope, "what follows 'in'")
        narrow = narrowed_type(coll.t.element(), comp.var, comp.where)
        if narrow is not None:  # the same list (its source too), its elements' type narrowed
            coll = C(coll.fn, T.list_of(narrow), zone_src=coll.zone_src, src=coll.src, depth=coll.depth)
        key = self.fresh(comp.var)
        inner = scope.bind(comp.var, key, coll.t.element())
        saved, loops = self.hoist, cost.enter(self, coll, comp, scope)  # where and expr: once per element
        if saved is not None:  # what reads the variable changes with it
            self.hoist = saved | {comp.var}
        try:
            where = self.expr(comp.where, inner) if comp.where is not None else None
            expr = self.expr(comp.expr, inner) if comp.expr is not None else None
        finally:
            self.hoist, self.loops = saved, loops
        return coll, key, where, expr

    def _Comprehension(self, n: A.Comprehension, scope: Scope) -> C:
        coll, key, where, expr = self.comprehension(n, scope)
        cf = coll.fn
        wf = where.fn if where else None
        xf = expr.fn if expr else None
        out_t = T.list_of(expr.t if expr else coll.t.element())

        def comp(g, e):
            out = []
            for x in cf(g, e):
                e[key] = x
                if wf is None or wf(g, e):
                    out.append(xf(g, e) if xf is not None else x)
            return out

        c = C(comp, out_t)
        return list_source(self.gen, c, coll, key, where, expr) if self.gen is not None else c

    def _ListLit(self, n: A.ListLit, scope: Scope) -> C:
        items = [self.expr(i, scope) for i in n.items]
        t = T.list_of(T.join_all([i.t for i in items]))  # [1, 'x']: its items are numbers or texts
        if all(i.is_const for i in items):
            return const([i.const for i in items], t)
        fns = [i.fn for i in items]
        return C(lambda g, e: [f(g, e) for f in fns], t)

    def block(self, node: A.Block, scope: Scope, root: bool = False) -> Callable:
        """Compile a block of effects into one callable ``fn(g, e)`` (effects.compile_block)."""
        return self.effect_blocks.compile_block(self, node, scope, root)

    def statement(self, node: A.Node, scope: Scope) -> Callable:
        """Compile one effect statement through the effects registry."""
        handler = self.effects.get(type(node).__name__)
        if handler is None:
            self.error(node, "not-an-effect", f"{type(node).__name__.lower()} is not an effect")
        return handler.compile(self, node, scope)
