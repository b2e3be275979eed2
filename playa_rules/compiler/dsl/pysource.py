"""Generated Python: a rule set's expressions and effect blocks as one function each.

The closure compiler (``compile.py``, ``names.py``, ``effects.py``) turns every DSL text
into nested closures: the reference backend. Where it knows a node's shape it also writes
the node as Python source (``C.src`` for an expression, ``fn.py`` lines for a statement);
for the roots the engine calls (a condition, a let, a block of effects) the
:class:`Generator` compiles that source into one function, so an expression such as
``c.ready or c.type == 'robot'`` or a block of ``set`` statements runs without a closure
call per node. A node without source is called through its closure, so every DSL text
has a generated form, and both backends give the same games (``tests/compiler/test_backends.py``).

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

import ast
import re
import threading
from dataclasses import replace
from types import CodeType, FunctionType
from weakref import WeakSet

from .faults import GENERATED, STATEMENT_FAILURES, RuleFault, statement_fault
from .hoist import hoist_tree, located
from .peephole import tidy_tree

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
_REWRITING = threading.Lock()  # one function's source rewritten at a time (_materialise)
MAX_SOURCE_DEPTH = 40
"""Deepest nesting of one generated expression: deeper nodes stay closures, called from the
source around them (Python refuses source nested 200 brackets deep)."""
PENDING = "pending"
"""The attribute of a generated function holding its source until it is first called:
``(text, fallback, index, generator)``, the generator rewriting the source then
(:meth:`Generator.rewritten`). It lives on the function itself, never in a module-level table,
so a rule set's functions are freed with it (a table of them, even a weak one, whose entries
reach their own keys through the closures they hold, keeps every rule set ever loaded)."""


def _materialise(fn):
    """Compile ``fn``'s source and give ``fn`` its code (same signature, no free variables).
    Two threads calling it at once both compile the same source: harmless. Source Python
    cannot compile (nested too deeply for its parser) leaves ``fn`` calling its fallback,
    the closure it was generated from."""
    entry = fn.__dict__.get(PENDING)
    if entry is not None:
        text, fallback, index, gen = entry
        with _REWRITING:  # ast.parse is not safe from several threads at once (Python 3.11)
            text = gen.rewritten(index, text)  # (:mod:`.hoist`, :mod:`.peephole`)
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


def rewritten_text(text: str, pure: set, fresh, caught: str) -> str:
    """``text`` (one generated function) parsed once, its loops' invariant reads moved
    (:func:`.hoist.hoist_tree`, only where it loops) and the last rewrites made
    (:func:`.peephole.tidy_tree`) in the same tree, written back once; ``text`` itself when
    neither changes it or Python cannot parse or write it (nested too deeply). The text
    :func:`.hoist.hoisted_text` then :func:`.peephole.tidied` would give."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return text
    changed = hoist_tree(tree, text, pure, fresh, caught) if " for " in text else 0
    if not tidy_tree(tree, text) and not changed:
        return text
    try:
        return ast.unparse(located(tree)) + "\n"
    except (RecursionError, MemoryError, ValueError):
        return text


def env(key: str) -> str:
    """Source reading (or binding) variable ``key`` of the environment: a marked slot that a
    generated function writes as ``e['key']``, or as a local name where it binds the variable
    itself and nothing else reads it from the environment (:func:`localized`). The marks are
    the control characters NUL and SOH, which ``repr`` never writes: no literal can contain
    a slot."""
    return f"\x00{literal(key)}\x01"


SLOT = re.compile("\x00[^\x01]*\x01")
_HANDS_ON = re.compile(r"\be\b")  # the environment itself, passed to a closure
_LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")  # a text as repr writes it


def plain_code(src: str) -> str:
    """``src`` with its slots and texts set aside: only the code the package wrote."""
    return _LITERAL.sub("", SLOT.sub("", src))


_TABLE = re.compile(r"(" + _LITERAL.pattern + r")|g\.cvars\[(" + _LITERAL.pattern + r")\]")


def hoisted(gen: Generator, lines: list[str]) -> list[str]:
    """``lines`` of a function that changes no store of the state (a listing) reading each
    component variable's table (``g.cvars['name']``) once, into a local at the start, instead
    of at every read (in a loop, at every element). Texts are skipped whole, so a text that
    looks like a table read stays as it is."""
    names: dict = {}

    def local(m):
        if m.group(1) is not None:  # a text: left as it is
            return m.group(0)
        key = m.group(2)
        if key not in names:
            names[key] = gen.fresh("k")
        return names[key]

    body = [_TABLE.sub(local, line) for line in lines]
    return [f"{name} = g.cvars[{key}]" for key, name in names.items()] + body


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
        self.tables: dict = {}  # tables a reader makes once per rule set, by what they are of (seatboards)
        self.walks: dict = {}  # bound name of a counting walk along a line -> its lines inline (fuse.py)
        self.caught = self.bind(Exception)  # a read moved out of a loop that fails: the statement as written

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
        stub that compiles the source (its loops' invariant reads moved first:
        :meth:`rewritten`) and takes its code object in its place, so callers keep the same
        function object. Nothing is executed to define it."""
        text = (
            (f"def _generated({args}):\n" + "".join(f"    {line}\n" for line in lines))
            .replace("\x00", "e[")
            .replace("\x01", "]")
        )  # the slots left (see env)
        self.sources.append(text)
        fn = FunctionType(_STUB, self.ns, "_generated")
        fn.__kwdefaults__ = {"_self": fn}
        setattr(fn, PENDING, (text, fallback, len(self.sources) - 1, self))
        if pure and fallback is not None:
            self.retry[len(self.sources) - 1] = fallback
        self.made.add(fn)
        return fn

    def rewritten(self, index: int, text: str) -> str:
        """``text``, the source of function ``index`` about to be compiled, with the reads
        that no turn of its loops changes worked out before them (:mod:`.hoist`) and the
        last rewrites of :mod:`.peephole`; kept in :attr:`sources` in its place. Done when the function is first called, not when the
        rules load: parsing and rewriting every function of a large rule set would make
        loading it several times slower, and a game runs only some of them."""
        text = rewritten_text(text, self.pure, self.fresh, self.caught)
        self.sources[index] = text
        return text

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


def if_lines(gen: Generator, test, lines: list[str], more: list[str] | None) -> list[str]:
    """``if test:`` running ``lines``, else ``more`` (None: no else block); a test ``any(...)``
    or ``all(...)`` over a collection as the loop itself (:func:`if_loop_lines`)."""
    loop = if_loop_lines(test, lines, more)
    if loop is not None:
        return loop
    return [f"if {gen.of(test)}:"] + indent(lines) + (["else:"] + indent(more) if more is not None else [])


def if_loop_lines(test, lines: list[str], more: list[str] | None) -> list[str] | None:
    """``if any(...)``/``if all(...)`` over a collection as the loop itself (no generator):
    the test of each element in the loop's order, the block run on the element that decides
    (``any``: the first that passes; ``all``: after the last, or ``more``, the else block, on
    the first that fails), stopping there as the quantifier stops; None for another test."""
    if test.loop is None or not test.loop[1].isidentifier():
        return None
    name, t, coll, cond, x = test.loop
    head = [f"for {t} in {coll}:"]
    if name == "any":
        passes = x if cond is None else cond if x == "True" else f"({cond}) and ({x})"
        out = head + [f"    if {passes}:"] + indent(indent(lines + ["break"]))
        return out + (["else:"] + indent(more) if more is not None else [])
    if cond is not None:
        return None
    out = head + [f"    if not {x}:"] + indent(indent((more or []) + ["break"]))
    return out + ["else:"] + indent(lines)


def indent(lines: list[str]) -> list[str]:
    """Lines one level deeper."""
    return [f"    {line}" for line in lines]


def with_src(gen: Generator, c, src: str):
    """``c``, made just now by its compile function, with its source, and its callable
    generated from it: a parent with source reads the source inline, and a closure that
    calls this node (a loop of a function without source) calls the generated function,
    compiled when first called. (A frozen dataclass is set this way; ``dataclasses.replace``
    is slow enough to show in load times.)"""
    object.__setattr__(c, "fn", gen.function([f"return {src}"], fallback=c.fn, pure=True))
    object.__setattr__(c, "src", src)
    return c


def too_deep(parts) -> bool:
    """Whether source built on ``parts`` (compiled expressions, None for none) would nest
    deeper than MAX_SOURCE_DEPTH."""
    for p in parts:
        if p is not None and p.depth >= MAX_SOURCE_DEPTH and p.src is not None:
            return True
    return False
