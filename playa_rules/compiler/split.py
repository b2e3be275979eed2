"""Conditions split by level: what reads only earlier parameters is decided once.

A condition tested per candidate of an action's k-th parameter often has parts that read
only the earlier ones. A raise in a game of bets, ``beats(qty, face)``, is ``qty >
hand.qty or (qty == hand.qty and face > hand.face)``: for most quantities the first part
decides every face at once. The compiler splits such a level's conditions into parts (the
``and``/``or`` operands, a define's body in place of its call) and gives the level a
``resolve(g, e)`` (:class:`~.program.LevelChecks`) that the engine calls once per binding
of the earlier parameters. It answers None (no candidate passes), ``[]`` (every candidate
passes) or the conditions still to test per candidate.

Same answers, same order: parts are worked out left to right, as ``and``/``or`` evaluate
them, and the working out stops at the first part that needs the candidate; what follows
is tested per candidate exactly as written. If working a part out early fails while the
game runs, the level tests its whole conditions per candidate, which then fail (or not)
exactly as they would have.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import SpecError
from .dsl import ast as A
from .dsl.analysis import free_names
from .dsl.pysource import indent
from .dsl.values import Scope
from .program import LevelChecks

# what an expression can raise while a game runs (see engine.flow.RUNTIME_ERRORS)
_FAILURES = (TypeError, IndexError, KeyError, ValueError, ZeroDivisionError, AttributeError, RecursionError)
_INNER = "inner"


def level_checks(cp, entries: list, scope, order: list, level: int) -> list:
    """The checks of one level: ``entries`` [(node, origin, text, fn)] in the order written.

    A LevelChecks when some part can be decided before the candidates, else the plain list
    of fns. ``cp`` is the expression compiler, ``scope`` the action's names.
    """
    fns = [fn for *_, fn in entries]
    if level < 1:
        return fns
    sp = _Splitter(cp, order, level)
    parts = []
    for node, origin, text, fn in entries:
        p = sp.part(node, _Context(scope, origin, text, None)) if node is not None else None
        parts.append(p if p is not None else (_INNER, fn))
    if parts[0][0] == _INNER:
        return fns
    if cp.gen is not None:
        return LevelChecks(fns, _generated_resolver(cp.gen, parts, fns))
    return LevelChecks(fns, _level_resolver(parts, fns))


class _Context:
    """Where a part is written: the names it sees, its text (for located errors), and
    inside a define's body which caller parameter each define parameter stands for."""

    def __init__(self, scope, origin, text, rename):
        self.scope, self.origin, self.text, self.rename = scope, origin, text, rename


class _Splitter:
    def __init__(self, cp, order: list, level: int):
        self.cp, self.order = cp, set(order)
        self.earlier, self.newest = set(order[: level - 1]), order[level - 1]
        self.hoist = frozenset(order)

    def reads(self, node, ctx: _Context) -> set:
        names = free_names(node)
        if ctx.rename is None:
            return names & self.order
        return {ctx.rename[n] for n in names if ctx.rename.get(n) is not None}

    def compile(self, node, ctx: _Context):
        """The compiled part (C), or None if it does not compile on its own."""
        cp = self.cp
        saved, recovering = cp.hoist, cp.recovering
        cp.hoist = self.hoist if ctx.rename is None else None
        cp.recovering = None  # a trial: a part that does not compile alone is no mistake
        try:
            c = cp.with_origin(ctx.origin, ctx.text).expr(node, ctx.scope)
            return cp.gen.expression(c) if cp.gen is not None else c
        except (SpecError, RecursionError):
            return None
        finally:
            cp.hoist, cp.recovering = saved, recovering

    def part(self, node, ctx: _Context, depth: int = 0):
        """("const", bool) | ("outer", C) | ("bool", (absorbing, parts, tails)) | (_INNER, None)
        (a part needing the candidate: what is left is tested through the tails or the
        level's own fns) | None (it cannot be split)."""
        reads = self.reads(node, ctx)
        if reads <= self.earlier:
            c = self.compile(node, ctx)
            if c is None:
                return None
            return ("const", bool(c.const)) if c.is_const else ("outer", c)
        if isinstance(node, A.Call) and depth < 8:
            inner = self.define_body(node, ctx)
            if inner is not None:
                return self.part(inner[0], inner[1], depth + 1)
        if isinstance(node, A.BoolOp):
            parts = [self.part(v, ctx, depth) for v in node.values]
            if None not in parts and parts[0][0] != _INNER:
                tails = []
                for i in range(1, len(parts)):
                    rest = node.values[i] if i == len(parts) - 1 else replace(node, values=node.values[i:])
                    c = self.compile(rest, ctx)
                    if c is None:
                        return None
                    tails.append(c.fn)
                tails = [None] + tails + [None]
                return ("bool", (node.op == "or", parts, tails))
        return (_INNER, None)

    def define_body(self, node: A.Call, ctx: _Context):
        """(body, its context) for a call of a define with names or literals as arguments,
        bound as the define's call binds them (see defines.inline); None otherwise."""
        d = self.cp.defines.get(node.func)
        if d is None or node.func in ctx.scope.names or len(node.args) != len(d.params):
            return None
        inner = Scope()
        rename = {}
        for pname, a in zip(d.params, node.args):
            if not isinstance(a, (A.Name, A.Num, A.Str, A.Bool, A.NoneLit)):
                return None
            c = self.compile(a, ctx)
            if c is None:
                return None
            if c.local is not None:
                inner.names[pname] = (c.local, c.t)
            elif c.is_const:
                inner.names[pname] = c
            else:
                return None
            if isinstance(a, A.Name):
                rename[pname] = a.id if ctx.rename is None else ctx.rename.get(a.id)
            else:
                rename[pname] = None
        if ctx.rename is None:
            rename = {k: (v if v in self.order else None) for k, v in rename.items()}
        return d.body, _Context(inner, d.origin, d.text, rename)


def _prepared(parts: list) -> list:
    """The parts with callables: an outer part's fn, a bool part's resolver."""
    return [(kind, x.fn if kind == "outer" else _resolver(*x) if kind == "bool" else x) for kind, x in parts]


def _early(kind: str, x, g, e):
    """A part's value worked out early: True, False or (from a bool part) the fn left to
    test per candidate; None for a part that needs the candidate."""
    if kind == "const":
        return x
    if kind == "outer":
        return bool(x(g, e))
    if kind == "bool":
        return x(g, e)
    return None


def _resolver(absorbing: bool, parts: list, tails: list):
    """``fn(g, e)`` -> True, False or a per-candidate fn: one ``or`` (absorbing True) or
    ``and`` (absorbing False), worked out left to right until a part needs the candidate.
    ``tails[i]``: operands i.. as one per-candidate fn (None past the end)."""
    neutral = not absorbing
    parts = _prepared(parts)

    def resolve(g, e):
        for i, (kind, x) in enumerate(parts):
            v = _early(kind, x, g, e)
            if v is None:
                return tails[i]
            if v is absorbing:
                return absorbing
            if v is not neutral:  # what is left of this part, per candidate
                rest = tails[i + 1]
                if rest is None:
                    return v
                return _either(v, rest) if absorbing else _both(v, rest)
        return neutral

    return resolve


def _level_resolver(parts: list, fns: list):
    """The level's conditions (all must hold): None, [] or the fns to test per candidate."""
    parts = _prepared(parts)

    def resolve(g, e):
        try:
            for i, (kind, x) in enumerate(parts):
                v = _early(kind, x, g, e)
                if v is None:
                    return fns[i:]
                if v is False:
                    return None
                if v is not True:
                    return [v] + fns[i + 1 :]
            return []
        except _FAILURES:
            return fns  # tested whole, per candidate: fails (or not) as written

    return resolve


# ------------------------------------------------------------------ the generated backend
def _either(a, b):
    return lambda g, e: bool(a(g, e) or b(g, e))


def _both(a, b):
    return lambda g, e: bool(a(g, e) and b(g, e))


def _generated_resolver(gen, parts: list, fns: list):
    """The level's resolve as one generated function (compiler/dsl/pysource.py): the same
    decisions as :func:`_level_resolver`, each early part written inline, none, all or the
    conditions left as its answers. Each part is written once (straight-line code, a
    variable per ``and``/``or``), so the source grows with the conditions, not with the
    ways through them."""
    body = []
    for i, (kind, x) in enumerate(parts):
        if kind == "const":
            if not x:
                body.append("return None")
                break
        elif kind == "outer":
            body += [f"if not {gen.of(x)}:", "    return None"]
        elif kind == _INNER:
            body.append(f"return {gen.bind(fns[i:])}")
            break
        else:
            v = gen.fresh("r")
            body += _decided(gen, x, v)
            body += [
                f"if {v} is False:",
                "    return None",
                f"if {v} is not True:",
                f"    return [{v}] + {gen.bind(fns[i + 1 :])}",
            ]
    else:
        body.append(f"return {gen.bind([])}")
    return gen.function(
        ["try:"] + indent(body) + [f"except {gen.bind(_FAILURES)}:", f"    return {gen.bind(fns)}"],
        fallback=_level_resolver(parts, fns),
    )


def _decided(gen, node, v: str) -> list[str]:
    """Lines setting ``v`` to what :func:`_resolver` answers for ``node`` (absorbing, parts,
    tails): True, False or the fn left per candidate; parts after the deciding one are
    skipped by a flag."""
    absorbing, sub, tails = node
    neutral = not absorbing
    done = gen.fresh("d")
    lines = [f"{v} = {neutral}", f"{done} = False"]
    for j, (kind, x) in enumerate(sub):
        if kind == "const":
            if x is absorbing:
                step = [f"{v} = {absorbing}", f"{done} = True"]
            else:
                continue
        elif kind == "outer":
            test = gen.of(x) if absorbing else f"not {gen.of(x)}"
            step = [f"if {test}:", f"    {v} = {absorbing}", f"    {done} = True"]
        elif kind == _INNER:
            step = [f"{v} = {gen.bind(tails[j])}", f"{done} = True"]
        else:
            p = gen.fresh("r")
            rest = (
                f"{p}"
                if tails[j + 1] is None
                else f"{gen.bind(_either if absorbing else _both)}({p}, {gen.bind(tails[j + 1])})"
            )
            step = _decided(gen, x, p) + [
                f"if {p} is {absorbing}:",
                f"    {v} = {absorbing}",
                f"    {done} = True",
                f"elif {p} is not {neutral}:",
                f"    {v} = {rest}",
                f"    {done} = True",
            ]
        lines += [f"if not {done}:"] + indent(step) if j else step
        if kind == _INNER:
            break
    return lines
