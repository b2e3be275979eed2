"""The flow between two decisions as Python generated per rule set: one function per step.

When a seat applies an action, the flow (:mod:`.flow`) performs it (its effect's env made,
its log entry, its effect, its ``tell``), then decides what comes next: the same step again
(a repeat step, a free action), the next step of the turn, or the first step of the next
turn of a phase of counted turns, whose start sets the seat, the round and the turn's
variables; then it lists that step's legal actions. The interpreter asks each of those
questions of the program at every decision; most answers are fixed by the rule set.

For each step of each phase this module writes ``after(game, a) -> bool``: the action ``a``
(chosen at that step) performed and the flow run on in straight-line code to the next
decision, True once the flow stops there (legal actions set, the match over, or a search's
world standing between hands). For each phase with no ``next`` it writes ``_e{p}``, which the
step functions call after its last turn: the next phase started and its first steps listed,
or after the last phase the hand scored. Whatever is fixed is decided here: whether
the step repeats, which kinds are free, whether any kind narrates, whether the next step is
plain (:func:`.flow.straight_steps`) and its listing, where the turn ends, the turn's
variables and the component variables kept for a turn, whether the rules have automata.
Anything unusual returns False at a point the interpreter passes through too, and
:meth:`Flow._run <playa_rules.engine.flow.Flow._run>` goes on from there: an ``end`` other
than ``end step``, a next step with a condition or an effect, simultaneous seats, a seat
played by an automaton, a phase with a condition, turns ``until`` or a ``next``, the next
hand's setup. A simultaneous step's actions are sealed (:mod:`.sealed`) and
explicit chance runs segments (:mod:`.segments`): neither comes here. The game is the same,
action for action and log entry for log entry, as the interpreter plays it
(tests/engine/test_flow_code.py plays both side by side).

Why this is safe with rule files from strangers: the source is assembled from fixed templates
and integers only (step indices, state constants); every step, plan, action kind, variable
name and store is an object bound in the function's namespace under a name made here
(``_s1_0``, ``_p1_1``, ``_cn0``), and the functions run with no builtins but ``len``,
``range`` and ``sum``.
"""

from __future__ import annotations

from types import FunctionType

from ..limits import MAX_INT
from .flow import (
    COUNTED,
    NO_ACTIONS,
    RUNTIME_ERRORS,
    action_failed,
    listing_failed,
    rules_failed,
    score_too_big,
    straight_steps,
    turn_stores,
)
from .legal import Legal
from .plans import step_plan
from .state import DECIDE, HAND_END, HAND_START, PHASE_START, STEP_ENTER, TURN_START

_ENTRY = "after"  # the key of Program.extras holding (table, source), made once per rule set


def interpreted(game, a) -> bool:
    """The flow after ``a`` as the interpreter runs it (a step this module does not write)."""
    return game._perform(a) or game._straight_on()


def _listing(ns: dict, p: int, j: int, step, pad: str, blocked: bool = True) -> list[str]:
    """Lines listing step ``j`` of phase ``p`` for ``seat``: the legal actions set and True;
    else (``blocked``) the step logged blocked and its ``on_blocked`` run as the interpreter
    does, any ``end`` it sets left to the interpreter, the step index moved on."""
    name = f"{p}_{j}"
    ns[f"_s{name}"] = step
    ns[f"_p{name}"] = step_plan(step)
    lines = [
        "out = _Legal((game._token, game._stamp + 1))",
        "try:",
        f"    _p{name}(g, seat, out)",
        "except _RE as exc:",
        f"    raise _listing_failed(_s{name}, g, exc) from None",
        "if out._ends[-1]:",
        "    game._stamp += 1",
        "    game._legal = out",
        "    game._by_text = None",
        "    game._by_id = None",
        f"    g.mode = {DECIDE}",
        "    return True",
    ]
    if blocked:
        ns[f"_i{name}"] = step.id
        lines.append(f"log.append(('blocked', seat, _i{name}))")
        if step.on_blocked is not None:
            ns[f"_o{name}"] = step.on_blocked
            lines += [
                "try:",
                f"    _o{name}(g, {{'me': seat}})",
                "except _RE as exc:",
                "    raise _rules_failed(game, exc) from None",
            ]
        lines += [f"g.step_i = {j + 1}", f"g.mode = {STEP_ENTER}"]
        if step.on_blocked is not None:
            lines += ["if g.end is not None:", "    return False"]
    return [pad + line for line in lines]


def _chain(ns: dict, program, p: int, row: list, j: int) -> list[str]:
    """Lines going on from step index ``j`` of phase ``p`` (``g.step_i == j``, the step before
    ended) to the next decision, as :meth:`Flow._straight_on` does: plain steps listed, a
    blocked one logged and the next tried, the turn's end starting the next turn of a phase
    of counted turns; at most one turn's steps written out, then the interpreter's loop."""
    last = len(row) - 1
    automata = bool(program.automata)
    counted = program.phases[p].turns in COUNTED
    lines: list[str] = []
    for _ in row:
        step = row[j]
        if j == last and counted:  # the turn ends: the phase's end after its last turn
            lines += [
                "    k = g.turn_k + 1",
                "    if k >= g.plet['$turns']:",
                *_ended(program, p, "        "),
            ]
        if step is None:
            return [*lines, "    return False"]
        if j < last:
            if automata:
                lines += ["    if g.auto[seat] is not None:", "        return False"]
        else:
            lines.append("    order = g.turn_order")
            if automata:
                lines += ["    if g.auto[order[k % len(order)]] is not None:", "        return False"]
            lines.append("    g.turn_k = k")
            lines += _turn_start(ns, program, "    ")
            lines.append("    g.step_i = 0")
            j = 0
        lines += _listing(ns, p, j, step, "    ")
        j += 1
    return [*lines, "    return game._straight_on()"]


def _turn_start(ns: dict, program, pad: str) -> list[str]:
    """Lines starting turn ``k`` of ``order`` as :meth:`Flow._turn_begins` does."""
    fresh, kept = program.extras.get("turn_stores") or turn_stores(program)
    ns["_tv"] = fresh
    lines = [
        "n = len(order)",
        "g.seat = seat = order[k % n]",
        "g.round = r = k // n + 1",
        "g.tvars = _tv.copy()" if fresh else "g.tvars = {}",
        "log.append(('turn', seat, r))",
    ]
    if kept:
        lines.append("cvars = g.cvars")
    for i, (name, store) in enumerate(kept):
        ns[f"_cn{i}"], ns[f"_cs{i}"] = name, store
        lines.append(f"cvars[_cn{i}][:] = _cs{i}")
    return [pad + line for line in lines]


def _ended(program, p: int, pad: str, turn: str = "k") -> list[str]:
    """Lines after the last turn of phase ``p`` (``turn`` the turn past it, kept in
    ``g.turn_k``): the phase's end generated when no ``next`` names the phase to continue
    with, else the interpreter's."""
    if program.phases[p].next is not None:
        return [pad + "return False"]
    keep = [pad + f"g.turn_k = {turn}"] if turn != "0" else []  # (a phase of no turns: still 0)
    return [*keep, pad + f"return _e{p}(game, g, log)"]


def _phase_end(ns: dict, program, p: int) -> list[str]:
    """The source of ``_e{p}(game, g, log)``: phase ``p`` (no ``next``) has had its turns, as
    :meth:`Flow._next_phase` leaves it; the next phase starts as :meth:`Flow._start_phase` and
    :meth:`Flow._start_turn` start it, its first steps listed as after an action, or after
    the last phase the hand is scored as :meth:`Flow._score_hand` scores it and the match
    ends or the next hand is due. The rules failing anywhere here fail as in ``Flow._run``
    (:func:`.flow.rules_failed`, the flow's state the same when they run)."""
    q = p + 1
    if q == len(program.phases):
        body = _hand_end(ns, program)
    else:
        body = _phase_start(ns, program, q)
    return [
        f"def _e{p}(game, g, log):",
        f"    g.phase_i = {q}",
        f"    g.mode = {PHASE_START}",
        "    try:",
        *("    " + line for line in body),
        "    except _RE as exc:",
        "        raise _rules_failed(game, exc) from None",
    ]


def _phase_start(ns: dict, program, q: int) -> list[str]:
    """Lines starting phase ``q`` (``g.phase_i == q``, ``g.mode`` PHASE_START) and its first
    turn, then listing its first steps; a phase with a condition or with no counted turns
    is left to the interpreter."""
    phase = program.phases[q]
    if phase.when is not None or phase.turns not in COUNTED:
        return ["    return False"]
    ns[f"_n{q}"] = phase.id
    lines = ["e = {'me': g.start}", f"g.phase_id = _n{q}", f"log.append(('phase', _n{q}))"]
    lets = []
    for i, (name, fn) in enumerate(phase.lets):
        ns[f"_lk{q}_{i}"], ns[f"_lf{q}_{i}"] = name, fn
        lets.append(f"_lk{q}_{i}: _lf{q}_{i}(g, e)")
    lines += ["g.plet = {" + ", ".join(lets) + "}", "g.turn_k = 0", "g.round = 1"]
    if phase.on_start is not None:
        ns[f"_os{q}"] = phase.on_start
        lines.append(f"_os{q}(g, e)")
    if phase.tell is not None:
        ns[f"_ot{q}"] = phase.tell
        lines.append(f"game._tell(_ot{q}, e)")
    lines.append("n = g.n")
    if phase.turns == "seats":
        ns[f"_ss{q}"] = phase.seats
        lines += [f"g.turn_order = order = [s % n for s in _ss{q}(g, e)]", "g.plet['$turns'] = len(order)"]
    else:
        ns[f"_st{q}"] = phase.start
        lines.append(f"first = _st{q}(g, e) % n")
        if phase.turns == "rounds":
            ns[f"_ro{q}"] = phase.rounds
            step = int(phase.direction)
            lines += [
                f"g.turn_order = order = [(first + {step} * i) % n for i in _range(n)]",
                f"g.plet['$turns'] = _ro{q}(g, e) * n",
            ]
        else:  # one seat
            lines += ["g.turn_order = order = [first]", "g.plet['$turns'] = 1"]
    lines.append(f"g.mode = {TURN_START}")
    if phase.on_start is not None:  # an `end` it ran: the interpreter's
        lines += ["if g.end is not None:", "    return False"]
    lines += ["if 0 >= g.plet['$turns']:", *_ended(program, q, "    ", "0"), "k = 0"]
    lines += _turn_start(ns, program, "")
    if phase.on_turn_start is not None:
        ns[f"_ts{q}"] = phase.on_turn_start
        lines.append(f"_ts{q}(g, {{'me': seat}})")
    lines += ["g.step_i = 0", f"g.mode = {STEP_ENTER}"]
    if phase.on_turn_start is not None:
        lines += ["if g.end is not None:", "    return False"]
    rows = program.extras.get("straight") or straight_steps(program)
    return ["    " + line for line in lines] + _chain(ns, program, q, rows[q], 0)


def _hand_end(ns: dict, program) -> list[str]:
    """Lines scoring the hand after its last phase, then ending the match or (its start
    seat moved on) standing before the next hand: True when the flow stops there."""
    parts = []
    for i, (sid, _, fn) in enumerate(program.scoring):
        ns[f"_ck{i}"], ns[f"_cf{i}"] = sid, fn
        parts.append(f"_ck{i}: _cf{i}(g, e)")
    lines = [
        f"g.mode = {HAND_END}",
        "row = []",
        "detail = []",
        "for s in _range(g.n):",
        "    e = {'me': s}",
        "    parts = {" + ", ".join(parts) + "}",
        "    total = _sum(parts.values())",
        "    if not -_MAX_INT <= total <= _MAX_INT:",
        "        raise _too_big(s)",
        "    row.append(total)",
        "    detail.append(parts)",
        "g.hand_scores.append(row)",
        "g.score_detail.append(detail)",
        "log.append(('score', g.hand, row, detail))",
        "g.hand += 1",
    ]
    over = "g.hand >= g.hands"
    if program.end_when is not None:
        ns["_ew"] = program.end_when
        over += " or _ew(g, {'me': g.start})"
    lines += [f"if {over}:", "    game._finish()", "    return True"]
    if program.next_start is not None:
        ns["_nx"] = program.next_start
        lines.append("g.start = _nx(g, {'me': g.start}) % g.n")
    else:
        ns["_rot"] = program.rotate
        lines.append("g.start = (g.start + _rot) % g.n")
    lines += [
        f"g.mode = {HAND_START}",
        "if game._pause_between_hands:",
        "    game._legal = _NO_ACTIONS",
        "    return True",
        "return False",
    ]
    return ["    " + line for line in lines]


def _logged() -> list[str]:
    """Lines logging the action (its knowledge masks filled in once the effect has run)."""
    return ["    entry = ['act', seat, a, None]", "    log = game._log", "    log.append(entry)", "    try:"]


def _failed() -> list[str]:
    return ["    except _RE as exc:", "        raise _action_failed(game, a, exc) from None"]


def _after_step(ns: dict, program, p: int, s: int, row: list) -> list[str]:
    """The source of ``_a{p}_{s}(game, a)``: ``a`` chosen at step ``s`` of phase ``p``."""
    step = program.phases[p].steps[s]
    kinds = step.actions + step.fallback + step.free
    free = [d for d in step.free if not any(d is x for x in step.actions)]
    lines = [f"def _a{p}_{s}(game, a):", "    g = game.g", "    seat = g.seat", "    vals = a.values"]
    one = kinds[0] if kinds and all(d is kinds[0] for d in kinds) else None
    if one is not None:  # one kind of action: its env, effect, tell and masks bound, no reads of ``a.defn``
        k = f"{p}_{s}"
        ns[f"_v{k}"], ns[f"_x{k}"], ns[f"_t{k}"], ns[f"_h{k}"] = one.env, one.effect, one.tell, one.hides
        lines += [f"    e = _v{k}(g, seat, vals)", *_logged(), f"        _x{k}(g, e)"]
        if one.tell is not None:
            lines.append(f"        game._tell(_t{k}, e, seat)")
        lines += _failed()
        if one.hides is not None:
            lines.append(f"    entry[3] = _h{k}(g.known, vals)")
    else:
        lines += ["    d = a.defn", "    e = d.env(g, seat, vals)", *_logged(), "        d.effect(g, e)"]
        if any(d.tell is not None for d in kinds):
            lines += ["        if d.tell is not None:", "            game._tell(d.tell, e, seat)"]
        lines += _failed()
        if any(d.hides is not None for d in kinds):
            lines += [
                "    hides = d.hides",
                "    if hides is not None:",
                "        entry[3] = hides(g.known, vals)",
            ]
    lines.append("    if g.end is None:")
    if free:
        for i, d in enumerate(free):
            ns[f"_f{p}_{s}_{i}"] = d
        test = " or ".join(f"d is _f{p}_{s}_{i}" for i in range(len(free)))
        lines.append(f"        if {test}:")  # a free action: the same step, decided again
        lines += _listing(ns, p, s, step, "            ")
        lines += ["            return game._straight_on()"]
    if step.repeat:  # nothing legal: the step ends, as after any other action
        lines += _listing(ns, p, s, step, "        ", blocked=False)
    elif not free:
        lines.append("        pass")
    lines += [
        "    elif g.end == 'step':",
        "        g.end = None",
        "    else:",
        "        return False",
        f"    g.step_i = {s + 1}",
        f"    g.mode = {STEP_ENTER}",
    ]
    return lines + _chain(ns, program, p, row, s + 1)


def source(program) -> tuple[str, dict, list]:
    """The source of every step's function, the objects its names stand for, and per phase
    per step the function's name (None: the step is left to the interpreter)."""
    ns = {
        "__builtins__": {},
        "len": len,
        "_Legal": Legal,
        "_RE": RUNTIME_ERRORS,
        "_action_failed": action_failed,
        "_listing_failed": listing_failed,
        "_rules_failed": rules_failed,
        "_range": range,
        "_sum": sum,
        "_MAX_INT": MAX_INT,
        "_too_big": score_too_big,
        "_NO_ACTIONS": NO_ACTIONS,
    }
    rows = program.extras.get("straight") or straight_steps(program)
    lines: list[str] = []
    names: list = []
    for p, phase in enumerate(program.phases):
        names.append([])
        for s, step in enumerate(phase.steps):
            if step.simultaneous is not None:
                names[-1].append(None)
                continue
            lines += _after_step(ns, program, p, s, rows[p])
            names[-1].append(f"_a{p}_{s}")
        if phase.next is None:
            lines += _phase_end(ns, program, p)
    return "\n".join(lines) + "\n", ns, names


def after_table(program) -> list:
    """Per phase, per step, ``fn(game, a) -> bool`` running the flow after action ``a`` to the
    next decision (made on first use, kept in ``program.extras``)."""
    made = program.extras.get(_ENTRY)
    if made is None:
        text, ns, names = source(program)
        module = compile(text, "<playa-rules flow>", "exec")
        made_fns = {
            c.co_name: FunctionType(c, ns, c.co_name) for c in module.co_consts if hasattr(c, "co_code")
        }
        ns.update(made_fns)  # the step functions call the phases' ends by name
        table = [[interpreted if f is None else made_fns[f] for f in row] for row in names]
        made = program.extras[_ENTRY] = (table, text)
        program.extras["after_table"] = table
    return made[0]
