"""Effects that shape a block: ``let`` (a local name), ``while`` (a loop bounded by a
number of rounds) and ``do`` (a procedure: a named effect block of the rule file).

A ``let`` binds its name for the rest of its block, in a slot of the environment as the
``for`` variable is; ``set NAME = ...`` changes it (:func:`set_local`). A ``while`` loop
runs at most its bound of rounds (``up to N times``, N known when the rules load, else
``MAX_WHILE_ROUNDS``); a condition that still holds after them is a runtime error located
at the ``while``, never a game that runs on. A procedure is compiled at each ``do`` that
calls it, its parameters bound to the arguments (each worked out once), seeing only its
parameters and the global names, as a define does; it may not call itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...shared.limits import MAX_INLINES, MAX_INT, MAX_WHILE_ROUNDS
from ...source.document import escape_pointer_segment
from . import ast as A
from . import cost
from . import types as T
from .effects import effect
from .held import bounded, setter, too_big
from .names import BUILTIN_NAMES, NAMESPACES
from .parse import Origin, parse_block
from .pysource import env, indent, statement_lines
from .values import Scope


@dataclass(frozen=True)
class Procedure:
    """A named effect block from the rule file's ``procedures`` section."""

    name: str
    params: tuple
    body: A.Block
    origin: Origin
    text: str


def signature(key: str) -> tuple[str, tuple] | None:
    """``name`` and its parameters from a key ``name(a, b)`` (or ``name``); None if it is not one."""
    name, params = str(key), ()
    if "(" in name:
        name, _, rest = name.partition("(")
        if not rest.rstrip().endswith(")"):
            return None
        params = tuple(p.strip() for p in rest.rstrip()[:-1].split(",") if p.strip())
    name = name.strip()
    if not name.isidentifier() or not all(p.isidentifier() for p in params) or len(set(params)) < len(params):
        return None
    return name, params


def _taken(cp, name: str, scope: Scope) -> str | None:
    """What ``name`` already means where a ``let`` would bind it, or None when it is free."""
    if name in scope.names:
        return "a name already bound here (a parameter, a loop variable or another let)"
    if name == "me" or name in BUILTIN_NAMES:
        return "a built-in name"
    if name in NAMESPACES:
        return "a namespace of variables"
    if name in cp.m.zones:
        return "a zone"
    if name in cp.m.constants:
        return "a parameter, assumption or ruling"
    if name in cp.defines:
        return "a define"
    return None


@effect(
    A.Let,
    "let",
    "Name a value for the rest of the block (worked out once, here); 'set NAME = ...' changes it.",
    "let card = top(me.hand)",
)
def _let(cp, node: A.Let, scope: Scope):
    taken = _taken(cp, node.name, scope)
    if taken is not None:
        cp.error(node, "name-taken", f"'let {node.name}' would hide {taken}: choose another name")
    value = cp.expr(node.value, scope)
    vf, key = value.fn, cp.fresh(node.name)
    t = T.ANY if value.t.kind == "none" else value.t  # 'let best = none': set later to anything

    def let(g, e):
        e[key] = vf(g, e)

    if cp.gen is not None:
        let.py, let.may_end = [f"{env(key)} = {cp.gen.of(value)}"], False
    let.scope = scope.bind(node.name, key, t, mutable=True)  # what the rest of the block sees
    return let


def set_local(cp, node: A.Set, scope: Scope, value):
    """``set NAME = / += / -= value`` of a ``let`` of the block around it."""
    key, t = scope.names[node.target[0]]
    if node.op != "=":
        cp.expect(value, "int", node.value, f"what '{node.op}' adds or takes away")
        if t.kind not in ("int", "any"):
            cp.error(node, "type-error", f"'{node.op}' needs a number, but '{node.target[0]}' holds {t}")
    elif t.kind != "any" and not T.accepts(t.kind, value.t):
        cp.error(
            node.value,
            "type-error",
            f"'{node.target[0]}' holds {t} (its let), so it cannot be set to {value.t}",
        )
    check = bounded(node.op, value) and t.kind in ("int", "any")
    fn = setter(node.op, lambda g, e: e, lambda g, e: key, value.fn, check)
    gen = cp.gen
    if gen is not None:
        slot, v = env(key), gen.of(value)
        if node.op == "=" and not check:
            fn.py = [f"{slot} = {v}"]
        else:
            x = gen.fresh("x")
            new = v if node.op == "=" else f"{slot} {'+' if node.op == '+=' else '-'} ({v})"
            fn.py = [f"{x} = {new}", f"if not -{MAX_INT} <= {x} <= {MAX_INT}: raise {gen.bind(too_big)}({x})"]
            fn.py.append(f"{slot} = {x}")
        fn.may_end = False
    return fn


@effect(
    A.While,
    "while",
    "Do a block again and again while a condition holds, at most N times ('up to N times', "
    f"else {MAX_WHILE_ROUNDS:,}); a condition still true after them is a runtime error.",
    "while count(me.hand) < 7 and count(deck) > 0 up to 52 times { move top(deck) to me.hand }",
)
def _while(cp, node: A.While, scope: Scope):
    test = cp.expr(node.test, scope)
    limit = MAX_WHILE_ROUNDS
    if node.bound is not None:
        b = cp.expr(node.bound, scope)
        if not b.is_const or type(b.const) is not int or not 1 <= b.const <= MAX_WHILE_ROUNDS:
            cp.error(
                node.bound,
                "bad-bound",
                f"'up to N times' needs a whole number from 1 to {MAX_WHILE_ROUNDS:,} known when the rules "
                "load (a number, a parameter, an assumption or a ruling)",
            )
        limit = b.const
    loops = cost.rounds(cp, limit, node)  # the body runs up to limit times
    try:
        with cp.never_run(test.is_const and not test.const):
            body = cp.block(node.body, scope)
    finally:
        cp.loops = loops
    tf = test.fn
    where = cp.fault_site(node)
    message = f"'while' went round {limit:,} times and its condition still holds" + (
        "" if node.bound is not None else f" (a while loop runs at most {MAX_WHILE_ROUNDS:,} times)"
    )

    def fault():
        return where(message)

    def run_while(g, e):
        n = 0
        while tf(g, e):
            if n == limit:
                raise fault()
            n += 1
            body(g, e)
            if g.end is not None:
                return

    gen = cp.gen
    if gen is not None:
        lines, may_end = statement_lines(gen, body)
        n = gen.fresh("i")
        run_while.py = (
            [f"{n} = 0", f"while {gen.of(test)}:", f"    if {n} == {limit}: raise {gen.bind(fault)}()"]
            + [f"    {n} += 1"]
            + indent(lines)
            + (["    if g.end is not None: return"] if may_end else [])
        )
        run_while.may_end = may_end
    return run_while


@effect(
    A.Do,
    "do",
    "Run a procedure (an effect block of the file's 'procedures') with its parameters bound to the arguments.",
    "do draw_up_to(me, 7)",
)
def _do(cp, node: A.Do, scope: Scope):
    procs = cp.procedures
    proc = procs.get(node.name)
    if proc is None:
        if node.name in cp.broken_procedures:
            from ...errors import RuleError

            raise RuleError([])  # its own text is wrong: reported there, once
        cp.error(node, "unknown-procedure", f"no procedure '{node.name}'", cp.suggest(node.name, list(procs)))
    if len(node.args) != len(proc.params):
        cp.error(
            node, "wrong-arity", f"'{proc.name}' takes {len(proc.params)} argument(s), not {len(node.args)}"
        )
    if proc.name in cp._inlining:
        cp.error(node, "recursive-procedure", f"'{proc.name}' calls itself; procedures cannot recurse")
    cp._inlined += 1
    if cp._inlined > MAX_INLINES:
        cp.error(
            node,
            "define-too-large",
            f"calling '{proc.name}' here expands the defines and procedures to over {MAX_INLINES} calls in one text",
        )
    args = [cp.expr(a, scope) for a in node.args]
    inner, binds = Scope(), []  # a procedure sees its parameters and the global names
    for pname, a in zip(proc.params, args):
        if a.is_const:
            inner.names[pname] = a
            continue
        key = cp.fresh(pname)
        binds.append((key, a))
        inner.names[pname] = (key, a.t)
    saved = (cp.origin, cp.text)
    cp._inlining.append(proc.name)
    try:
        cp.origin, cp.text = proc.origin, proc.text
        body = cp.block(proc.body, inner)
    finally:
        cp._inlining.pop()
        cp.origin, cp.text = saved
    fns = [(k, a.fn) for k, a in binds]

    def run_do(g, e):
        for k, af in fns:
            e[k] = af(g, e)
        body(g, e)

    gen = cp.gen
    if gen is not None:
        lines, may_end = statement_lines(gen, body)
        run_do.py = [f"{env(k)} = {gen.of(a)}" for k, a in binds] + lines
        run_do.may_end = may_end
    return run_do


def read_procedures(stage) -> tuple[dict, set]:
    """The ``procedures`` of the document ``stage`` compiles (compiler/compile.py), parsed:
    ``({name: Procedure}, the names whose key or text is wrong)``, each problem recorded once."""
    out, broken = {}, set()
    for key, text in (stage.data.get("procedures") or {}).items():
        pointer = f"/procedures/{escape_pointer_segment(key)}"
        sig = signature(key)
        if sig is None:
            stage.error(
                pointer, "bad-procedure", f"'{key}' is not a name or name(arg, ...) with distinct args"
            )
            continue
        origin = stage.origin(pointer)
        body = stage.guard(parse_block, text, origin)
        if body is None:
            broken.add(sig[0])
            continue
        out[sig[0]] = Procedure(sig[0], sig[1], body, origin, text)
    return out, broken
