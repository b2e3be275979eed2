"""Generated Python: a rule set's expressions and effect blocks as one function each.

The closure compiler (``compile.py``, ``names.py``, ``effects.py``) turns every DSL text
into nested closures: the reference backend. Where it knows a node's shape it also writes
the node as Python source (``C.src`` for an expression, ``fn.py`` lines for a statement);
for the roots the engine calls (a condition, a let, a block of effects) the
:class:`Generator` compiles that source into one function, so an expression such as
``c.ready or c.type == 'robot'`` or a block of ``set`` statements runs without a closure
call per node. A node without source is called through its closure, so every DSL text
has a generated form, and both backends give the same games (``tests/test_backends.py``).

Why this is safe with rule files from strangers: the source is assembled only by this
package, from fixed templates and the checked AST, and turned into functions by
``compile`` and ``FunctionType`` (never ``eval`` or ``exec``). A value from a rule file
enters it only as a literal written by ``repr`` of an int, a bool, None or a str (which
reads back as the same value and cannot be code), or as a bound name ``_bN`` standing for
an object (a table, a closure) kept in the generated functions' own namespace; names and
texts from the file never become identifiers, attribute names or statements. The
functions run with no builtins but ``len``, ``list``, ``tuple``, ``sum``, ``min``, ``max``, ``any``,
``all``, ``next``, ``enumerate`` and three exception types.

A variable is written as a marked slot (:func:`env`) until the function that binds it
is known: that function reads it as a local (:func:`localized`), and the slots left are
written ``e['key']`` when the function is made. The marks are control characters that
``repr`` never writes, so rewriting slots never touches a literal.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import CodeType, FunctionType
from weakref import WeakSet

from .faults import GENERATED, STATEMENT_FAILURES, RuleFault, statement_fault

_NAMESPACE = {
    "len": len,
    "list": list,
    "tuple": tuple,
    "sum": sum,
    "min": min,
    "max": max,
    "any": any,
    "all": all,
    "next": next,
    "enumerate": enumerate,
    "TypeError": TypeError,
    "AttributeError": AttributeError,
    "KeyError": KeyError,
}
_PLAIN = (bool, int, str, type(None))
MAX_SOURCE_DEPTH = 40
"""Deepest nesting of one generated expression: deeper nodes stay closures, called from the
source around them (Python refuses source nested 200 brackets deep)."""
PENDING = "pending"
"""The attribute of a generated function holding its source until it is first called:
``(text, fallback, index)``. It lives on the function itself, never in a module-level table,
so a rule set's functions are freed with it (a table of them, even a weak one, whose entries
reach their own keys through the closures they hold, keeps every rule set ever loaded)."""


def _materialise(fn):
    """Compile ``fn``'s source and give ``fn`` its code (same signature, no free variables).
    Two threads calling it at once both compile the same source: harmless. Source Python
    cannot compile (nested too deeply for its parser) leaves ``fn`` calling its fallback,
    the closure it was generated from."""
    entry = fn.__dict__.get(PENDING)
    if entry is not None:
        text, fallback, index = entry
        try:  # named by its index in Program.generated, so a profile says which function it is
            module = compile(text, f"{GENERATED}{index}>", "exec")
        except (SyntaxError, RecursionError, MemoryError):
            fn.__kwdefaults__ = {"_self": fallback if fallback is not None else _uncompilable}
            fn.__code__ = _DELEGATE
        else:
            fn.__code__ = next(c for c in module.co_consts if isinstance(c, CodeType))
            fn.__kwdefaults__ = None
        fn.__dict__.pop(PENDING, None)
    return fn


def _uncompilable(*args):
    raise RuleFault(
        "the rules' generated code could not be compiled (nested too deeply): "
        "load them with PLAYA_RULES_BACKEND=closures"
    )


def _stub(*args, _self=None):
    return _materialise(_self)(*args)


def _delegate(*args, _self=None):  # _self: the closure called instead of source Python refused
    return _self(*args)


_STUB, _DELEGATE = _stub.__code__, _delegate.__code__
_NAMESPACE["_materialise"] = _materialise


def env(key: str) -> str:
    """Source reading (or binding) variable ``key`` of the environment: a marked slot that a
    generated function writes as ``e['key']``, or as a local name where it binds the variable
    itself and nothing else reads it from the environment (:func:`localized`). The marks are
    the control characters NUL and SOH, which ``repr`` never writes: no literal can contain
    a slot."""
    return f"\x00{literal(key)}\x01"


_SLOT = re.compile("\x00[^\x01]*\x01")
_HANDS_ON = re.compile(r"\be\b")  # the environment itself, passed to a closure
_LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")  # a text as repr writes it


def plain_code(src: str) -> str:
    """``src`` with its slots and texts set aside: only the code the package wrote."""
    return _LITERAL.sub("", _SLOT.sub("", src))


def hands_on(src: str) -> bool:
    """Whether ``src`` hands the environment itself to a closure (which may read any slot there)."""
    return _HANDS_ON.search(plain_code(src)) is not None


_CALL = re.compile(r"[\w\])]\(|\bfor\b")  # a call or a loop in source (texts set aside first)
_BOUND_CALL = re.compile(r"\b(_b\d+|len)\(")


def calls(gen: Generator, src: str) -> bool:
    """Whether ``src`` calls something (a closure, a helper that may decide chance) or loops,
    its texts and slots set aside and its calls of pure helpers (:meth:`Generator.bind_pure`)
    and of ``len`` not counted."""
    code = _BOUND_CALL.sub(
        lambda m: "(" if m.group(1) in gen.pure or m.group(1) == "len" else m.group(0), plain_code(src)
    )
    return _CALL.search(code) is not None


def item_source(gen: Generator, obj, index, item) -> str:
    """Source of ``obj[index]`` read by ``item`` (``faults.item_reader``); a list bound to a
    variable at a constant index that is not negative (``d[0]``) is read inline, the reader
    called only when the list is too short (to raise its located fault)."""
    o, i = gen.of(obj), gen.of(index)
    if (
        obj.t.kind == "list"
        and _SLOT.fullmatch(o)
        and index.is_const
        and index.const.__class__ is int
        and index.const >= 0
    ):
        return f"({o}[{i}] if len({o}) > {i} else {gen.bind_pure(item)}({o}, {i}))"
    return f"{gen.bind_pure(item)}({o}, {i})"


def any_call(src: str) -> bool:
    """Whether ``src`` calls anything or loops (its texts and slots set aside), pure helpers included."""
    return _CALL.search(plain_code(src)) is not None


def localized(gen: Generator, key: str, parts: list[str]) -> tuple[str, list[str]]:
    """``(target, parts)`` for variable ``key`` bound by a comprehension over ``parts`` (its
    condition and element): a fresh local name read in ``parts`` in place of the slot, unless
    a part hands the environment on (a closure called with ``e`` reads the variable there),
    then the slot. Slots and texts are set aside before looking for ``e``."""
    slot = env(key)
    if any(hands_on(p) for p in parts):
        return slot, parts
    name = gen.fresh("v")
    return name, [p.replace(slot, name) for p in parts]


def literal(value) -> str:
    """A Python literal for a plain value (an int, a bool, None or a str)."""
    if type(value) not in _PLAIN:
        raise TypeError(f"not a plain value: {type(value).__name__}")
    return repr(value)


class Generator:
    """The namespace of one rule set's generated functions, and the objects bound in it."""

    def __init__(self):
        self.ns = {"__builtins__": {}, **_NAMESPACE}
        self.retry: dict = {}  # a pure expression function's index -> its closures, for faults.relocated
        self.ns["__retry__"] = self.retry
        self._names: dict[int, str] = {}
        self._fresh = 0
        self.sources: list[str] = []  # every function's source, for tests and curious readers
        self.made: WeakSet = WeakSet()  # the functions generated so far
        self.settled: frozenset = frozenset()  # the zones never shuffled, by index (analysis.never_shuffled)
        self.pure: set = set()  # bound names of helpers that only read their arguments (see bind_pure)

    def bind(self, obj) -> str:
        """A name standing for ``obj`` in generated source."""
        name = self._names.get(id(obj))
        if name is None:
            name = self._names[id(obj)] = f"_b{len(self._names)}"
            self.ns[name] = obj  # kept alive here, so its id stays its own
        return name

    def bind_pure(self, obj) -> str:
        """A name standing for ``obj``, a helper that only reads its arguments (an item of a
        list or a table): a call of it reads the same however often it is made and decides
        no chance event (see :func:`calls`)."""
        name = self.bind(obj)
        self.pure.add(name)
        return name

    def fresh(self, stem: str) -> str:
        """A local variable name of generated source."""
        self._fresh += 1
        return f"_{stem}{self._fresh}"

    def of(self, c) -> str:
        """The source of compiled expression ``c``: its own, a constant (a table, a list) by
        its bound name, or a call of its closure."""
        if c.src is not None:
            return c.src
        return self.bind(c.const) if c.is_const else f"{self.bind(c.fn)}(g, e)"

    def function(self, lines: list[str], args: str = "g, e", fallback=None, pure: bool = False):
        """``fn(g, e)`` (or ``fn(ARGS)``) running ``lines`` (a body, 4-space indents);
        ``fallback``: a callable doing the same, called instead if Python cannot compile them;
        ``pure``: the lines work out an expression and change nothing, so on the error path
        the fallback may run again to locate a failure (:func:`.faults.relocated`).

        The source is compiled when the function is first called (a rule set loads faster,
        and what a game never runs is never compiled): until then the function's code is a
        stub that compiles the source and takes its code object in its place, so callers
        keep the same function object. Nothing is executed to define it."""
        text = (
            (f"def _generated({args}):\n" + "".join(f"    {line}\n" for line in lines))
            .replace("\x00", "e[")
            .replace("\x01", "]")
        )  # the slots left (see env)
        self.sources.append(text)
        fn = FunctionType(_STUB, self.ns, "_generated")
        fn.__kwdefaults__ = {"_self": fn}
        setattr(fn, PENDING, (text, fallback, len(self.sources) - 1))
        if pure and fallback is not None:
            self.retry[len(self.sources) - 1] = fallback
        self.made.add(fn)
        return fn

    def expression(self, c):
        """``c`` with its callable generated from its source, when it has source."""
        if c.src is None or c.is_const or c.local is not None or c.fn in self.made:
            return c
        return replace(c, fn=self.function([f"return {c.src}"], fallback=c.fn, pure=True))


def statement_lines(gen: Generator, f) -> tuple[list[str], bool]:
    """(the lines of statement ``f``, whether it may end something): its own source, else a
    call of its closure."""
    lines = getattr(f, "py", None)
    if lines is None:
        return [f"{gen.bind(f)}(g, e)"], True
    return lines, f.may_end


def block_lines(gen: Generator, fns: list, sites: list, located: bool) -> list[str]:
    """A block's statements run in order until one ends something; ``located``: a Python
    TypeError, AttributeError or KeyError (or a ValueFault of a closure it calls) becomes
    the statement's located RuleFault (effects.compile_block does the same with closures)."""
    counter = gen.fresh("i") if located else None
    body = []
    for i, f in enumerate(fns):
        lines, may_end = statement_lines(gen, f)
        if counter is not None and i:
            body.append(f"{counter} = {i}")
        body += lines
        if may_end and i < len(fns) - 1:
            body.append("if g.end is not None: return")
    if counter is None:
        return body
    sites_name, failed = gen.bind(sites), gen.fresh("x")
    return (
        [f"{counter} = 0", "try:"]
        + indent(body)
        + [
            f"except {gen.bind(STATEMENT_FAILURES)} as {failed}:",
            f"    raise {gen.bind(statement_fault)}({sites_name}[{counter}], {failed}) from None",
        ]
    )


def each_source(gen: Generator, c, x: str, order: str | None = None) -> list[str] | None:
    """Lines binding ``x`` to each component ``c`` names (a zone's, a list's, or one; none
    for none), the last line opening the body; ``order``: a callable's source sorting a
    list or a zone's copy first. None when ``c`` has no source (the closure stays)."""
    if c.src is None or too_deep((c,)):
        return None
    kind = c.t.kind
    if kind == "zone":
        items = f"g.zones[{c.src}]"
    elif kind == "list":
        items = c.src
    elif kind in ("comp", "any", "none"):
        return [f"{x} = {c.src}", f"if {x} is not None:"]
    else:
        return None
    return [f"for {x} in {order or 'list'}({items}):"]  # a copy: moving changes the zone


def indent(lines: list[str]) -> list[str]:
    """Lines one level deeper."""
    return [f"    {line}" for line in lines]


_ARITY = {"Compare": 2, "BinOp": 2, "Not": 1, "Neg": 1, "Conditional": 3}


def composed(gen: Generator, node, c, kids: list):
    """``c`` (node compiled from ``kids``) with its source, for the operators whose Python
    reads as the DSL's: comparisons, and/or/not (always true or false), + - *, negation and
    conditionals; a child without source is called through its closure."""
    kind = type(node).__name__
    want = len(node.values) if kind == "BoolOp" else _ARITY.get(kind)
    if (
        want is None
        or len(kids) != want
        or c.local is not None
        or not any(k.src is not None for k in kids)
        or any(k is c for k in kids)
        or too_deep(kids)
    ):
        return c
    if any(k.src is None for k in kids) and (
        c.count_test is not None
        or c.prop_test is not None
        or (kind == "Conditional" and kids[1].top_prop is not None)
    ):
        return c  # a fused closure (one call) is as quick as source that still calls a child
    parts = [gen.of(k) for k in kids]
    if kind == "Compare":
        if node.op not in ("==", "!=", "<", "<=", ">", ">="):
            return c
        src = f"({parts[0]} {node.op} {parts[1]})"
    elif kind == "BoolOp":
        src = f"(True if ({f' {node.op} '.join(parts)}) else False)"
    elif kind == "Not":
        src = f"(not {parts[0]})"
    elif kind == "BinOp":
        if node.op not in ("+", "-", "*") or not _numbers(kids):
            return c
        src = f"({parts[0]} {node.op} {parts[1]})"
    elif kind == "Neg":
        if not _numbers(kids):
            return c
        src = f"(-{parts[0]})"
    else:
        src = f"({parts[1]} if {parts[0]} else {parts[2]})"
    return with_src(gen, c, src)


def _numbers(kids) -> bool:
    """Whether the operands are typed numbers: one the compiler could not type (``phase.x``) is
    checked by its closure (operators.numeric) before a text or list is multiplied."""
    return all(k.t.kind == "int" and not k.t.mix for k in kids)


def in_order(gen: Generator | None, zone) -> bool:
    """Whether the zone ``zone`` (a compiled expression) names is never shuffled: a constant
    zone or a zone of a bound name (``me.hand``) whose order is always decided."""
    if gen is None:
        return False
    if zone.is_const:
        return zone.const in gen.settled
    return zone.zone_of is not None and _table_in_order(gen, zone.zone_of[1])


def _table_in_order(gen: Generator, table) -> bool:
    """Whether every zone of ``table`` (a zone per seat or per component, -1 for none) is never shuffled."""
    return all(z < 0 or z in gen.settled for z in table)


def top_source(gen: Generator | None, c, key: str, table, ptable, orelse):
    """``c``, compiled from ``if count(x.zone) > 0 then top(x.zone).prop else orelse``, with
    its source: one read of the zone, its top decided first if its order is still undecided
    (as the closure does, :meth:`State.settle_top`). ``table`` maps x to its zone, ``ptable``
    a component to the property. ``c`` as it is without a generator or without source for
    ``orelse`` (the fused closure is one call either way). A zone the rules never shuffle
    (``gen.settled``) has its order decided always: no check."""
    if gen is None or (orelse.src is None and not orelse.is_const) or too_deep((orelse,)):
        return c
    at = f"{gen.bind(table)}[{env(key)}]"
    other = orelse.src if orelse.src is not None else gen.bind(orelse.const)
    if _table_in_order(gen, table):
        return with_src(gen, c, f"({gen.bind(ptable)}[g.zones[{at}][-1]] if g.zones[{at}] else {other})")
    return with_src(
        gen,
        c,
        f"({gen.bind(ptable)}[g.zones[{at}][-1]] if g.zones[{at}] and "
        f"(g.mix[{at}] is None or g.settle_top({at}) is None) else {other})",
    )


def with_src(gen: Generator, c, src: str):
    """``c``, made just now by its compile function, with its source, and its callable
    generated from it: a parent with source reads the source inline, and a closure that
    calls this node (a loop of a function without source) calls the generated function,
    compiled when first called. (A frozen dataclass is set this way; ``dataclasses.replace``
    is slow enough to show in load times.)"""
    object.__setattr__(c, "fn", gen.function([f"return {src}"], fallback=c.fn, pure=True))
    object.__setattr__(c, "src", src)
    return c


def over_source(gen: Generator, name: str, c, coll, key: str, where, expr):
    """``c`` (``name(... for x in coll where ...)``) with its source: a generator expression
    whose target is the variable's slot, ``e[key]``, as the closures bind it; only when the
    condition or the expression has source of its own (else the closure is as good)."""
    if c is coll or c is where or c is expr or too_deep((coll, where, expr)):
        return c
    if where is not None:
        if where.src is None:
            return c
    elif expr is None or expr.src is None or expr.prop is not None:
        return c
    t, (cond, x) = localized(
        gen, key, [gen.of(where) if where is not None else "", gen.of(expr) if expr is not None else env(key)]
    )
    loop = f"for {t} in {gen.of(coll)}" + (f" if {cond}" if where is not None else "")
    if name == "count":
        src = f"sum(1 {loop})"
    elif name == "sum":
        src = f"sum({x} {loop})"
    elif name in ("min", "max"):
        src = f"{name}(({x} {loop}), default=0)"
    elif name == "any":
        src = f"any({'True' if expr is None else x} {loop})"
    elif name == "all" and expr is not None:
        src = f"all({x} {loop})"
    elif name == "first" and (coll.zone_src is None or in_order(gen, coll.zone_src)):
        src = f"next(({x} {loop}), None)"
        object.__setattr__(c, "first", (t, gen.of(coll), cond if where is not None else None, x))
    else:
        return c
    return with_src(gen, c, src)


def list_source(gen: Generator, c, coll, key: str, where, expr):
    """``c`` (``[expr for x in coll where cond]``) with its source, when its parts have some
    (``[x in coll]`` alone: a copy of the collection)."""
    if where is None and expr is None and coll.src is not None and not too_deep((coll,)):
        return with_src(gen, c, f"list({coll.src})")
    if (
        (where is None or where.src is None)
        and (expr is None or expr.src is None)
        or too_deep((coll, where, expr))
    ):
        return c
    t, (cond, x) = localized(
        gen, key, [gen.of(where) if where is not None else "", gen.of(expr) if expr is not None else env(key)]
    )
    return with_src(gen, c, f"[{x} for {t} in {gen.of(coll)}{f' if {cond}' if where is not None else ''}]")


def too_deep(parts) -> bool:
    """Whether source built on ``parts`` (compiled expressions, None for none) would nest
    deeper than MAX_SOURCE_DEPTH."""
    for p in parts:
        if p is not None and p.depth >= MAX_SOURCE_DEPTH and p.src is not None:
            return True
    return False
