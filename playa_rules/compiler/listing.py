"""Listing plans and action environments as generated Python, for the common shapes.

The engine lists a kind's legal actions with a loop chosen for its parameters
(:mod:`playa_rules.engine.plans`), calling each let and check as a closure. With the
generated backend (:mod:`.dsl.pysource`) the compiler writes that loop itself for kinds
with no parameter, one ``position_in``, ``one_of`` or ``seat_in`` parameter with plain
checks, or two parameters whose last is independent of the first (engine.plans' ``two``),
the lets and checks inline, and sets it as the kind's plan; then one function per step
lists all its kinds (those bodies inline, the other kinds' plans called, a let meaning the
same in several kinds worked out once), and one per kind makes the environment its
effect runs in. The same actions in the same order as the
engine's loops (``tests/compiler/test_backends.py`` plays every game with both backends and
compares a step's listing with its kinds' plans). Other shapes keep the engine's plans.
"""

from __future__ import annotations

from .anyloops import listed_lines
from .domains import ORDERED, checked
from .domains import items as domain_items
from .dsl.pysource import Generator, env, hoisted, indent, literal, localized
from .joinlines import domain_source, fused_join, join_lines, remembered_groups, run_line, some, source_of
from .params import PARAM_KINDS
from .program import ActionDef, LevelChecks, StepDef


def generated_plan(gen: Generator, d: ActionDef, lets: list, checks: list, bodies: dict, joins: list):
    """``fn(g, me, out)`` listing kind ``d`` (see engine.plans), or None for other shapes: a
    kind with no parameter, or one ``position_in``, ``one_of`` or ``seat_in`` with plain
    checks, or two parameters whose last is independent of the first (:func:`_two_lines`).
    For a kind whose first parameter is a ``position_in`` with plain
    checks and more parameters follow, sets ``d.level1``: the first parameter's (value, key)
    pairs passing its checks, as ``fn(g, e)`` (engine.plans uses it for the first level).

    ``lets`` [(env key, C, its text if it reads no name of the kind's own, else None)],
    ``checks`` [[C or fn]] and ``joins`` [[the outer side's C]] per level: what ``d`` was
    built from. ``bodies``: the body of each kind generated here and its shareable lets, by
    name, for :func:`step_listing`."""
    params = d.params
    if len(params) > 1:
        split = d.checks[1].__class__ is LevelChecks  # then tested by domains.checked
        if not (_plain(d, checks, PARAM_KINDS) or (split and not d.joins[1])):  # any first kind
            return None
        if params[0].kind == "position_in" and not split:
            d.level1 = gen.function([f"return {_kept(gen, params[0], checks[1])}"])
    elif params and not _plain(d, checks, _SINGLE):
        return None
    if len(checks[0]) != len(d.checks[0]):
        return None
    kind = gen.bind(d)
    if not params:
        add = [run_line(kind, "()", "()", "None", count="1")]
    elif len(params) > 1:
        add = _two_lines(gen, d, checks, joins)
        if add is None:
            return None
    else:
        kept = gen.fresh("l")
        add = _kept_lines(gen, d, checks[1], kept) + [f"if {kept}: " + run_line(kind, "()", "()", kept)]
    tests = " and ".join(f"({source_of(gen, c)})" for c in checks[0])
    rest = ([f"if {tests}:"] + indent(add)) if tests else add
    lines, local, shared = [], {"me": "me"}, []  # variables the source reads as locals (me is an argument)
    for key, c, text in lets:  # each let in the env for the closures, and a local for the source
        name, start = gen.fresh("v"), len(lines)
        lines += [_localize(line, local) for line in _let_lines(gen, key, c, name)]
        if text is not None:
            shared.append((start, len(lines) - start, text, key, name))
        local[key] = name
    lines += [_localize(line, local) for line in rest]
    bodies[d.name] = (lines, shared)
    return gen.function([*_PROLOGUE, *hoisted(gen, lines)], "g, me, out")


def generated_env(gen: Generator, d: ActionDef, lets: list):
    """``fn(g, me, v)``: the environment an action of kind ``d`` with parameter values ``v``
    runs its effect in (the seat, each parameter by its key, then the lets), in one call."""
    items = ", ".join(["'me': me"] + [f"{literal(key)}: v[{i}]" for i, key in enumerate(d.keys)])
    lines = [f"e = {{{items}}}"]
    for key, c, _ in lets:
        lines += _let_lines(gen, key, c, gen.fresh("v"))
    return gen.function(lines + ["return e"], "g, me, v", _env_of(d))


def _let_lines(gen: Generator, key: str, c, name: str) -> list[str]:
    """Lines setting local ``name`` and the env's ``key`` to let ``c``'s value: a
    ``first(x in ... where ...)`` as a loop that stops at the first (no generator made),
    anything else as its expression."""
    if c.first is None:
        return [f"{env(key)} = {name} = {gen.of(c)}"]
    target, coll, cond, x = c.first
    found = [f"{name} = {x}", "break"]
    return (
        [f"{name} = None", f"for {target} in {coll}:"]
        + (indent([f"if {cond}:"] + indent(found)) if cond is not None else indent(found))
        + [f"{env(key)} = {name}"]
    )


def _two_lines(gen: Generator, d: ActionDef, checks: list, joins: list):
    """Lines listing a kind of two parameters, the first with plain checks and the last
    independent of it, as engine.plans' ``two`` does: the last one's items
    (:func:`.domains.items`; none: no action, and no check of either parameter tested), then
    the first parameter's pairs kept, then per first value either the
    last one's checks (inline in a comprehension when every one was compiled here
    (``checks[2]``); split by level: the level's ``resolve`` called inline, then
    :func:`.domains.checked`), or one ordering join (``sum(c.value for c in cards) >
    top_value(spot)``): its items' join (:func:`.domains.prepare_join`), then per first
    value the outer side inline and the binary search of the sorted inner values. None for
    other shapes (more parameters, checks and joins together, other joins): the engine's
    plan lists them."""
    if len(d.params) != 2 or not d.params[1].independent:
        return None
    first, last = d.params
    if d.joins[2] and (
        d.checks[2] or len(d.joins[2]) != 1 or len(joins[2]) != 1 or d.joins[2][0][1] not in ORDERED
    ):
        return None
    kind, p = gen.bind(d), gen.bind(last)
    kept, items, k = gen.fresh("l"), gen.fresh("l"), gen.fresh("k")
    slot = env(first.key)
    entry = gen.fresh("x") if d.joins[2] and last.kind == "group_of" and last.domain_src is not None else None
    fetch = (
        remembered_groups(gen, last, items, entry)
        if entry
        else [f"{items} = {gen.bind(domain_items)}({p}, g, e)"]
    )
    head = (
        fetch
        + [f"if {some(items, entry)}:"]
        + indent([f"{kept} = {_first_pairs(gen, d, checks[1])}", f"if {kept}:"])
    )
    if d.joins[2]:
        as_written = head + indent(indent(join_lines(gen, d, joins[2][0], kept, items, k, entry=entry)))
        if first.kind != "position_in" or d.checks[1].__class__ is LevelChecks:
            return as_written
        return fused_join(gen, d, checks[1], joins[2][0], fetch, items, entry, as_written)
    checks2, pairs = d.checks[2], gen.fresh("l")
    if checks2 and checks2.__class__ is not LevelChecks and len(checks[2]) == len(checks2):
        k2 = gen.fresh("k")  # each check inline: no call of domains.checked, of a check per value
        target, (test,) = localized(gen, last.key, [" and ".join(source_of(gen, c) for c in checks[2])])
        after = f"if {pairs}: " + run_line(kind, f"({slot},)", f"({k},)", pairs)
        body = listed_lines(gen, (slot, k, kept), pairs, (target, k2), items, test, after)
    elif not checks2:
        body = [
            f"if {items}:",
            f"    for {slot}, {k} in {kept}:",
            "        " + run_line(kind, f"({slot},)", f"({k},)", items),
        ]
    elif checks2.__class__ is LevelChecks:
        rest = gen.fresh("x")
        body = [
            f"for {slot}, {k} in {kept}:",
            f"    {rest} = {gen.bind(checks2.resolve)}(g, e)",
            f"    if {rest} is not None:",
            f"        {pairs} = {gen.bind(checked)}({p}, {rest}, {items}, g, e) if {rest} else {items}",
            f"        if {pairs}: " + run_line(kind, f"({slot},)", f"({k},)", pairs),
        ]
    else:
        body = [
            f"for {slot}, {k} in {kept}:",
            f"    {pairs} = {gen.bind(checked)}({p}, {gen.bind(checks2)}, {items}, g, e)",
            f"    if {pairs}: " + run_line(kind, f"({slot},)", f"({k},)", pairs),
        ]
    return head + indent(indent(body))


def _first_pairs(gen: Generator, d: ActionDef, checks: list) -> str:
    """The (value, key) pairs of ``d``'s first parameter passing its checks, in the engine's
    order: split by level, by :func:`.domains.checked`; else a position's as :func:`_kept`,
    any other's its items tested in turn."""
    p = d.params[0]
    if d.checks[1].__class__ is LevelChecks:
        pairs = "None" if p.kind == "position_in" else f"{gen.bind(domain_items)}({gen.bind(p)}, g, e)"
        return f"{gen.bind(checked)}({gen.bind(p)}, {gen.bind(d.checks[1])}, {pairs}, g, e)"
    if p.kind == "position_in":
        return _kept(gen, p, checks)
    domain = f"{gen.bind(domain_items)}({gen.bind(p)}, g, e)"
    if not checks:
        return domain
    k = gen.fresh("k")
    target, (test,) = localized(gen, p.key, [" and ".join(source_of(gen, c) for c in checks)])
    return f"[({target}, {k}) for {target}, {k} in {domain} if {test}]"


_PROLOGUE = ("e = {'me': me}", "runs, ends = out._runs, out._ends")  # a listing function's start


def _env_of(d: ActionDef):
    """The same environment made by a loop (if Python refuses the generated one)."""

    def make(g, me, v):
        e = {"me": me}
        e.update(zip(d.keys, v))
        for key, f in d.lets:
            e[key] = f(g, e)
        return e

    return make


def step_listing(gen: Generator, step: StepDef, bodies: dict):
    """``fn(g, me, out)`` listing every kind of ``step`` in one function: the bodies of kinds
    generated here inline (one env for all: each kind's keys are its own), a call of
    ``d.plan`` for the others (the engine makes every kind's plan before it uses this), the
    fallback kinds only when nothing else is legal, the free ones only when something is.
    None when no kind of the step has a body here (nothing to gain)."""
    if not any(d.name in bodies for d in step.actions + step.fallback + step.free):
        return None
    lines = list(_PROLOGUE)
    lines += _listed(gen, step.actions, bodies, {})
    if step.fallback:
        lines += ["if not ends[-1]:"] + indent(_listed(gen, step.fallback, bodies, {}))  # nothing listed
    if step.free:
        lines += ["if ends[-1]:"] + indent(_listed(gen, step.free, bodies, {}))
    return gen.function([*_PROLOGUE, *hoisted(gen, lines[len(_PROLOGUE) :])], "g, me, out", _by_plans(step))


def _listed(gen: Generator, kinds: list, bodies: dict, seen: dict) -> list[str]:
    """The kinds' listings one after the other. A let whose text reads no name of its own
    kind (``who: actor(me)`` in three kinds) means the same in each: it is worked out once,
    by the first kind (its lets run unconditionally, before the others), and later kinds
    read that value (``seen``: text -> local). Listing changes nothing a let reads (a
    position decided by chance stays decided), so the values are the ones it would compute."""
    lines = []
    for d in kinds:
        if d.name not in bodies:
            lines.append(f"{gen.bind(d)}.plan(g, me, out)")
            continue
        body, shared = bodies[d.name]
        body, again = list(body), []
        for i, n, text, key, name in shared:  # a let's lines start at i, n of them
            if text in seen:
                again.append((i, n, f"{env(key)} = {name} = {seen[text]}"))
            else:
                seen[text] = name
        for i, n, line in reversed(again):
            body[i : i + n] = [line]
        lines += body
    return lines


def _by_plans(step: StepDef):
    """The same listing as calls of each kind's plan (if Python refuses the generated one)."""

    def listing(g, me, out):
        for d in step.actions:
            d.plan(g, me, out)
        if step.fallback and not out:
            for d in step.fallback:
                d.plan(g, me, out)
        if step.free and out:
            for d in step.free:
                d.plan(g, me, out)

    return listing


def _localize(text: str, local: dict) -> str:
    """``text`` reading the variables in ``local`` (env key -> local name) as locals."""
    for key, name in local.items():
        text = text.replace(env(key), name)
    return text


_SINGLE = ("position_in", "one_of", "seat_in")  # the single parameters listed by generated source


def _plain(d: ActionDef, checks: list, kinds: tuple) -> bool:
    """Whether ``d``'s first parameter is of one of ``kinds`` with plain checks: no joins,
    not split by level, every one compiled here (``checks[1]``)."""
    return (
        d.params[0].kind in kinds
        and not d.joins[1]
        and d.checks[1].__class__ is not LevelChecks
        and len(checks[1]) == len(d.checks[1])
    )


def _kept_lines(gen: Generator, d: ActionDef, checks: list, kept: str) -> list[str]:
    """Lines setting local ``kept`` to the (value, key) pairs of ``d``'s single parameter
    passing ``checks``, in the engine's order (compiler.domains ``items``, engine.actions ``_checked``): a
    ``one_of`` keeps the first component of each face, then tests it."""
    p = d.params[0]
    if p.kind == "position_in":
        if not checks:
            return [f"{kept} = {_kept(gen, p, checks)}"]
        k = gen.fresh("k")  # a loop, not a comprehension: no function made and called per listing
        slot, (test,) = localized(gen, p.key, [" and ".join(source_of(gen, c) for c in checks)])
        return [
            f"{kept} = []",
            f"for {k}, {slot} in enumerate({domain_source(gen, p)}):",
            f"    if {test}: {kept}.append(({slot}, {k}))",
        ]
    target, (test,) = localized(gen, p.key, [" and ".join(source_of(gen, c) for c in checks)])
    domain = domain_source(gen, p)
    if p.kind == "seat_in":
        return [
            f"{kept} = [({target}, {target}) for {target} in {domain}" + (f" if {test}]" if test else "]")
        ]
    if len(d.model.faces) == d.model.component_count:  # no two components alike: each is its face's first
        faces = gen.bind(d.model.face)
        return [
            f"{kept} = [({target}, {faces}[{target}]) for {target} in {domain}"
            + (f" if {test}]" if test else "]")
        ]
    seen, face = gen.fresh("d"), gen.fresh("x")
    return [
        f"{kept} = []",
        f"{seen} = {{}}",
        f"for {target} in {domain}:",
        f"    {face} = {gen.bind(d.model.face)}[{target}]",
        f"    if {face} not in {seen}:",
        f"        {seen}[{face}] = 1",
    ] + (
        [f"        if {test}: {kept}.append(({target}, {face}))"]
        if test
        else [f"        {kept}.append(({target}, {face}))"]
    )


def _kept(gen: Generator, p, checks: list) -> str:
    """The (value, position) pairs of position_in parameter ``p`` passing ``checks``, as a
    list comprehension whose target is the parameter's slot (the checks read it there), or
    with no checks ``list(zip(zone, range(len(zone))))``, the zone read once."""
    if not checks:  # every position: the pairs made by zip in C, no comprehension
        z = gen.fresh("x")
        pairs, count = gen.bind_pure(zip), gen.bind_pure(range)
        return f"list({pairs}(({z} := {domain_source(gen, p)}), {count}(len({z}))))"
    k = gen.fresh("k")
    slot, (test,) = localized(gen, p.key, [" and ".join(source_of(gen, c) for c in checks)])
    return f"[({slot}, {k}) for {k}, {slot} in enumerate({domain_source(gen, p)})" + (
        f" if {test}]" if test else "]"
    )
