"""Listing plans: for each action kind, a loop made once for the shape of its parameters.

Listing legal actions is the engine's hot loop: a hand of a card game lists some sixty steps'
actions, each step several kinds. The general way (:func:`.actions.list_nested`) recurses over the
parameters and looks up levels, checks and joins as it goes; a plan looks them up once, when
the kind is first listed, and keeps the loop it chose on the ``ActionDef``. Kinds without
parameters, with one, or with a first parameter and an independent last one with checks of
its own or joins but not both (``put {cards} on #{pile}``) get a loop written for them;
every other kind goes the general way. The compiler's generated backend may have set a
kind's plan already (compiler/listing.py), or its first level (``ActionDef.level1``). A
step's plan (:func:`step_plan`) lists its kinds, fallback and free kinds in the engine's
order: one generated function when the backend wrote one, else the kinds' plans in turn.
Whatever the plan, the actions listed and their order are the same.
"""

from __future__ import annotations

from ..compiler.domains import checked as _checked
from ..compiler.domains import items as _items
from ..compiler.domains import prepare_join as _prepare_join
from ..compiler.program import ActionDef, LevelChecks, StepDef
from ..errors import GameRuntimeError
from ..shared.faults import RuleFault, relocated
from ..shared.limits import MAX_LEGAL_ACTIONS
from .actions import joined_domain, list_nested
from .legal import Legal


def step_plan(step: StepDef):
    """``fn(g, me, out)`` recording in ``out`` the legal actions of ``step`` for seat ``me``:
    its fallback kinds only when none of its actions is legal; its free kinds join them,
    unless nothing else is legal (then the step is blocked)."""
    plan = step.plan
    if plan is None:
        plan = step.plan = _step_plan(step)
    return plan


def _step_plan(step: StepDef):
    # Every kind's plan is made first: a generated step listing calls ``d.plan`` of the
    # kinds it does not write inline.
    kinds = [plan_of(d) for d in step.actions]
    fallback = [plan_of(d) for d in step.fallback]
    free = [plan_of(d) for d in step.free]
    if sum(d.size for d in step.actions + step.fallback + step.free) > MAX_LEGAL_ACTIONS:
        return _bounded(step)  # could list too many: counted after each kind (no other step pays)
    if step.inline is not None:  # written by the compiler's generated backend (compiler/listing.py)
        return step.inline
    if len(kinds) == 1 and not fallback and not free:
        return kinds[0]

    def listing(g, me, out):
        for plan in kinds:
            plan(g, me, out)
        if fallback and not out._ends[-1]:
            for plan in fallback:
                plan(g, me, out)
        if free and out._ends[-1]:
            for plan in free:
                plan(g, me, out)

    return listing


def _bounded(step: StepDef):
    """The listing of a step whose kinds can name more than ``MAX_LEGAL_ACTIONS`` together
    (each kind is at most ``MAX_ACTION_IDS``, checked by the compiler): the same actions in
    the same order, stopped by a GameRuntimeError once a kind takes the total past the limit."""
    groups = [
        (lambda out: True, step.actions),
        (lambda out: not out._ends[-1], step.fallback),
        (lambda out: out._ends[-1], step.free),
    ]

    def listing(g, me, out):
        for wanted, kinds in groups:
            if kinds and wanted(out):
                for d in kinds:
                    d.plan(g, me, out)
                    if out._ends[-1] > MAX_LEGAL_ACTIONS:
                        phase = getattr(g, "phase_id", None)
                        raise GameRuntimeError(
                            f"step '{step.id}'" + (f" of phase '{phase}'" if phase else "") + f" has over "
                            f"{MAX_LEGAL_ACTIONS:,} legal actions at one decision ({out._ends[-1]:,} once action "
                            f"'{d.name}' is listed), over the limit: narrow the number_in ranges or the "
                            f"require of its actions, or offer them in separate steps"
                        )

    return listing


def relisted(step: StepDef, g, exc: BaseException) -> BaseException:
    """The error path of listing ``step`` for the seat to act, failed with ``exc``: a Python
    TypeError in a generated listing, which writes its kinds' conditions inline, is no located
    fault. The kinds are listed again by plans made of their lets and checks alone (no
    generated plan or first level), whose operators and reads raise located faults
    (:func:`~playa_rules.shared.faults.relocated`); the first such fault, else ``exc``."""
    found = relocated(exc)
    if found is not exc or not isinstance(exc, (TypeError, KeyError)):
        return found
    try:
        out = Legal()
        for d in step.actions + step.fallback + step.free:
            _plan(d, generated=False)(g, g.seat, out)
    except Exception as again:  # noqa: BLE001 - the error path: a located fault, else the first error
        again = relocated(again)
        if isinstance(again, RuleFault):
            return again
    return exc


def plan_of(d: ActionDef):
    """The plan of kind ``d``: ``fn(g, me, out)`` recording in ``out`` its legal actions for seat ``me``."""
    plan = d.plan
    if plan is None:
        plan = d.plan = _plan(d)
    return plan


def _plan(d: ActionDef, generated: bool = True):
    # Each loop starts the same way, written out rather than called: the lets, then the checks
    # that read no parameter (which can rule the whole kind out).
    lets, checks0, params = d.lets, d.checks[0], d.params
    if not params:

        def no_params(g, me, out):
            e = {"me": me}
            for key, f in lets:
                e[key] = f(g, e)
            for chk in checks0:
                if not chk(g, e):
                    return
            out.add(d, (), (), None)

        return no_params
    if len(params) > 2 or (len(params) == 2 and (not params[1].independent or (d.checks[2] and d.joins[2]))):

        def nested(g, me, out):
            e = {"me": me}
            for key, f in lets:
                e[key] = f(g, e)
            for chk in checks0:
                if not chk(g, e):
                    return
            list_nested(d, g, e, 0, (), (), out, {})

        return nested
    first = _first_level(d, generated)
    if len(params) == 1:

        def one(g, me, out):
            e = {"me": me}
            for key, f in lets:
                e[key] = f(g, e)
            for chk in checks0:
                if not chk(g, e):
                    return
            items = first(g, e)
            if items:
                out.add(d, (), (), items)

        return one
    last_param, joins, pk, checks2 = params[1], d.joins[2], params[0].key, d.checks[2]
    resolve = checks2.resolve if checks2.__class__ is LevelChecks else None

    def two(g, me, out):
        e = {"me": me}
        for key, f in lets:
            e[key] = f(g, e)
        for chk in checks0:
            if not chk(g, e):
                return
        last = _items(last_param, g, e)  # the same for every value of the first parameter
        if not last:  # no value to bind: no action, and no check of either parameter is tested
            return
        items = first(g, e)
        if not items:
            return
        add = out.add
        if resolve is not None:  # split checks of the last parameter: decided per first value
            runs, ends = out._runs, out._ends  # Legal.add, inline
            for v, k in items:
                e[pk] = v
                rest = resolve(g, e)
                if rest is None:
                    continue
                kept = _checked(last_param, rest, last, g, e) if rest else last
                if kept:
                    runs.append((d, (v,), (k,), kept, 0))
                    ends.append(ends[-1] + len(kept))
            return
        if checks2:  # checks of the last parameter's own (no joins): tested per first value
            for v, k in items:
                e[pk] = v
                kept = _checked(last_param, checks2, last, g, e)
                if kept:
                    add(d, (v,), (k,), kept)
            return
        if not joins:
            for v, k in items:
                add(d, (v,), (k,), last)
            return
        cut, search = _prepare_join(last_param, joins, last, g, e)
        if search is None:
            for v, k in items:
                e[pk] = v
                its, lo, hi = cut(g, e)
                if lo < hi:
                    add(d, (v,), (k,), its, lo, hi)
            return
        sitems, svals, outer, find, suffix = search  # the binary search of the sorted cut, inline
        n = len(sitems)
        runs, ends = out._runs, out._ends  # Legal.add, inline
        total = ends[-1]
        for v, k in items:
            e[pk] = v
            at = find(svals, outer(g, e))
            lo, hi = (at, n) if suffix else (0, at)
            if lo < hi:
                runs.append((d, (v,), (k,), sitems, lo))
                total += hi - lo
                ends.append(total)

    return two


def _first_level(d: ActionDef, generated: bool = True):
    """``fn(g, e)``: the (value, key) pairs of the first parameter that pass its checks."""
    if generated and d.level1 is not None:  # written by the compiler's generated backend
        return d.level1
    p = d.params[0]
    checks = d.checks[1]
    if d.joins[1]:
        if not checks:
            return lambda g, e: joined_domain(d, g, e, 0, {})
        return lambda g, e: _checked(p, checks, joined_domain(d, g, e, 0, {}), g, e)
    if p.kind != "position_in":
        if not checks:
            return lambda g, e: _items(p, g, e)
        return lambda g, e: _checked(p, checks, _items(p, g, e), g, e)
    dom, pk = p.domain, p.key
    if not checks:

        def positions(g, e):
            z = dom(g, e)
            return list(zip(z, range(len(z))))

        return positions
    if len(checks) != 2 or checks.__class__ is LevelChecks:
        return lambda g, e: _checked(p, checks, None, g, e)
    c1, c2 = checks  # two checks (a common case): tested without a loop over the checks

    def checked_positions(g, e):
        kept = []
        for k, c in enumerate(dom(g, e)):
            e[pk] = c
            if c1(g, e) and c2(g, e):
                kept.append((c, k))
        return kept

    return checked_positions
