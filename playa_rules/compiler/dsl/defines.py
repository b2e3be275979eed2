"""Defines: a call of a define compiles its body in place, its parameters bound to the arguments.

A define sees its parameters and the global names, never the caller's; a constant argument
is substituted so the body folds it; the number of calls inlined into one text is bounded
(``define-too-large``) and a define may not use itself.
"""

from __future__ import annotations

from ast import literal_eval
from dataclasses import replace

from ...errors import RuleError
from ...shared.limits import MAX_INLINES
from . import ast as A
from .analysis import define_reads
from .pysource import MAX_SOURCE_DEPTH, SLOT, any_call, calls, env, hands_on, with_src
from .values import C, Define, Scope


def _called_here(err: RuleError, where: tuple, name: str, node: A.Node) -> RuleError:
    """``err``, raised in the body of define ``name``, with a note at its call (``node`` in the
    text of ``where``, the caller's origin and text): the argument that made the body wrong
    is there, not in the define."""
    if not err.diagnostics:
        return err
    origin, text = where
    first, *rest = err.diagnostics
    note = replace(origin.diagnostic(first.code, f"in this use of '{name}'", text, node.pos), severity="note")
    return RuleError([replace(first, notes=(*first.notes, note)), *rest])


def inline(cp, d: Define, args: list[C], node: A.Node) -> C:
    """The compiled call of define ``d`` with ``args`` (compiled by ``cp``, a Compiler)."""
    if len(args) != len(d.params):
        cp.error(node, "wrong-arity", f"'{d.name}' takes {len(d.params)} argument(s), not {len(args)}")
    if d.name in cp._inlining:
        cp.error(node, "recursive-define", f"'{d.name}' refers to itself; defines cannot recurse")
    cp._inlined += 1
    if cp._inlined > MAX_INLINES:
        cp.error(
            node,
            "define-too-large",
            f"using '{d.name}' here expands the defines to over "
            f"{MAX_INLINES} calls in one text (defines that use each other several times "
            "double at each level)",
        )
    inner = Scope()  # a define sees its parameters and the global names, not the caller's
    binds = []
    for pname, a in zip(d.params, args):
        if a.local is not None:  # a bound name: the parameter reads the same slot
            inner.names[pname] = (a.local, a.t)
            continue
        if a.is_const:  # a constant: substituted, so the body folds it
            inner.names[pname] = a
            continue
        key = cp.fresh(pname)
        binds.append((key, a.fn, a, pname))
        inner.names[pname] = (key, a.t)
    saved = (cp.origin, cp.text)
    saved_hoist, cp.hoist = cp.hoist, None  # a define's body: hoisted whole or not at all
    cp._inlining.append(d.name)
    try:
        cp.origin, cp.text = d.origin, d.text
        body = cp.expr(d.body, inner)
    except RuleError as err:  # a mistake the arguments of this call made: say where it is
        raise _called_here(err, saved, d.name, node) from None
    finally:
        cp._inlining.pop()
        cp.origin, cp.text = saved
        cp.hoist = saved_hoist
    bf = body.fn
    if not binds:
        return body
    if len(binds) == 1:
        ((k1, a1, _, _),) = binds

        def call1(g, e):
            e[k1] = a1(g, e)
            return bf(g, e)

        return _substituted(cp, d, C(call1, body.t), body, binds)

    def call(g, e):
        for k, af, _, _ in binds:
            e[k] = af(g, e)
        return bf(g, e)

    return _substituted(cp, d, C(call, body.t), body, binds)


def _substituted(cp, d: Define, c: C, body: C, binds: list) -> C:
    """``c`` (a call of ``d`` binding ``binds`` [(key, fn, C, parameter)] then reading
    ``body``) with the body's source, each argument's source in place of its parameter: no
    closure call per argument and none for the call. Only for plain arguments (slots,
    tables, arithmetic: no call, no loop; a call of a pure reader, a list's item or ``len``,
    where the body reads the parameter once, so no call is made twice), which read the same
    however often the body reads them and decide no chance event (a call might:
    ``top(deck)``), that the body reads
    whatever the state (so an argument that fails, a part of none, fails as the closures'
    does: ``analysis.define_reads``); and only when nothing in the body reads the
    environment through a closure (it would look for the parameter there)."""
    gen = cp.gen
    if (
        gen is None
        or body.src is None
        or hands_on(body.src)
        or any(
            a.src is None or calls(gen, a.src) or (any_call(a.src) and body.src.count(env(k)) > 1)
            for k, _, a, _ in binds
        )
        or body.depth + max(a.depth for _, _, a, _ in binds) >= MAX_SOURCE_DEPTH - 1
        or not all(define_reads(d, p, cp.defines, cp.reads) for _, _, _, p in binds)
    ):
        return _per_site(cp, c, body, binds)
    src = body.src
    for key, _, a, _ in binds:
        src = src.replace(env(key), f"({a.src})")
    object.__setattr__(c, "depth", body.depth + max(a.depth for _, _, a, _ in binds) + 1)
    return with_src(gen, c, src)


def _per_site(cp, c: C, body: C, binds: list) -> C:
    """``c`` (a call of a define whose arguments cannot stand in the body's source: an
    argument read several times that calls a reader, ``active(left_of(c))``) with source
    calling a function generated for this call: ``_bN(g, arg1, ..., slot1, ...)``, its
    parameters the arguments, worked out once as the closure works them out, and every
    slot the body reads; the body inline in it. Only when the body and the arguments call
    nothing but pure readers and do not loop (:func:`.pysource.calls`) and nothing reads
    the environment through a closure: then the function is a pure reader itself (it reads
    only its arguments and the state, decides no chance event), which a loop around it
    may read once (:mod:`.hoist`)."""
    gen = cp.gen
    if (
        gen is None
        or body.src is None
        or hands_on(body.src)
        or calls(gen, body.src)
        or any(a.src is None or calls(gen, a.src) for _, _, a, _ in binds)
        or body.depth + max(a.depth for _, _, a, _ in binds) >= MAX_SOURCE_DEPTH - 1
    ):
        return c
    src, names, keys = body.src, [], []
    for key, _, _, _ in binds:
        names.append(gen.fresh("v"))
        keys.append(key)
        src = src.replace(env(key), names[-1])
    slots = list(dict.fromkeys(SLOT.findall(src)))  # what else the body reads: passed in
    for slot in slots:
        names.append(gen.fresh("v"))
        keys.append(slot_key(slot))
        src = src.replace(slot, names[-1])
    fn = gen.function([f"return {src}"], "g, " + ", ".join(names), fallback=_by_closure(body.fn, keys))
    args = [a.src for _, _, a, _ in binds] + slots
    object.__setattr__(c, "depth", body.depth + max(a.depth for _, _, a, _ in binds) + 1)
    return with_src(gen, c, f"{gen.bind_pure(fn)}(g, {', '.join(args)})")


def slot_key(slot: str) -> str:
    """The environment key a slot's source (:func:`.pysource.env`) names."""
    return literal_eval(slot[1:-1])


def _by_closure(bf, keys: list):
    """The function :func:`_per_site` generates, made of the body's closure (if Python
    refuses the generated one): the values bound under their keys, then the body."""

    def call(g, *values):
        return bf(g, dict(zip(keys, values)))

    return call
