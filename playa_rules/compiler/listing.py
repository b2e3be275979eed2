"""Listing plans as generated Python, for the simplest shapes of action kinds.

The engine lists a kind's legal actions with a loop chosen for its parameters
(:mod:`playa_rules.engine.plans`), calling each let and check as a closure. With the
generated backend (:mod:`.dsl.pysource`) the compiler writes that loop itself for kinds
with no parameter, or one ``position_in`` parameter with plain checks, the lets and checks
inline, and sets it as the kind's plan: the same actions in the same order as the engine's
loop (``tests/test_backends.py`` plays every game with both). Other shapes keep the
engine's plans.
"""
from __future__ import annotations

from .dsl.pysource import Generator, literal
from .program import ActionDef, LevelChecks


def generated_plan(gen: Generator, d: ActionDef, lets: list, checks: list):
    """``fn(g, me, out)`` listing kind ``d`` (see engine.plans), or None for other shapes;
    for a kind whose first parameter is a ``position_in`` with plain checks and more
    parameters follow, sets ``d.level1``: the first parameter's (value, key) pairs passing
    its checks, as ``fn(g, e)`` (engine.plans uses it for the first level).

    ``lets`` [(env key, C)] and ``checks`` [[C or fn]] per level: what ``d`` was built from."""
    params = d.params
    if params and not _plain_position(d, checks):
        return None
    if len(params) > 1:
        d.level1 = gen.function([f"return {_kept(gen, params[0], checks[1])}"])
        return None
    if len(checks[0]) != len(d.checks[0]):
        return None

    kind = gen.bind(d)
    lines = ["e = {'me': me}"]
    lines += [f"e[{literal(key)}] = {gen.of(c)}" for key, c in lets]
    lines += [f"if not {_source(gen, c)}: return" for c in checks[0]]
    if not params:
        return gen.function(lines + [f"out.add({kind}, (), (), None)"], "g, me, out")
    kept = gen.fresh("l")
    lines.append(f"{kept} = {_kept(gen, params[0], checks[1])}")
    lines.append(f"if {kept}: out.add({kind}, (), (), {kept})")
    return gen.function(lines, "g, me, out")


def _plain_position(d: ActionDef, checks: list) -> bool:
    """Whether ``d``'s first parameter is a ``position_in`` with plain checks: no joins, not
    split by level, every one compiled here (``checks[1]``)."""
    return d.params[0].kind == "position_in" and not d.joins[1] and d.checks[1].__class__ is not LevelChecks \
        and len(checks[1]) == len(d.checks[1])


def _source(gen: Generator, x) -> str:
    """A check's source: a compiled expression's, or a call of a plain function."""
    return gen.of(x) if hasattr(x, "src") else f"{gen.bind(x)}(g, e)"


def _kept(gen: Generator, p, checks: list) -> str:
    """The (value, position) pairs of position_in parameter ``p`` passing ``checks``, as a
    list comprehension whose target is the parameter's slot (the checks read it there)."""
    slot, k = f"e[{literal(p.key)}]", gen.fresh("k")
    test = " and ".join(_source(gen, c) for c in checks)
    return (f"[({slot}, {k}) for {k}, {slot} in enumerate({gen.bind(p.domain)}(g, e))"
            + (f" if {test}]" if test else "]"))
