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
or after the last phase the hand scored. For a search's playouts it writes ``_play``, a loop
applying random actions with the same lines inside it (:func:`loop_source`; the lines are
:mod:`.flowlines`). Whatever is fixed is decided here: whether
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
(tests/engine/test_generated_flow.py and test_flow_*.py play both side by side).

Why this is safe with rule files from strangers: the source is assembled from fixed templates
and integers only (step indices, state constants); every step, plan, action kind, variable
name and store is an object bound in the function's namespace under a name made here
(``_s1_0``, ``_p1_1``, ``_cn0``), and the functions run with no builtins but ``len``,
``range``, ``sum``, ``int`` and ``object.__new__``.
"""

from __future__ import annotations

from bisect import bisect_right
from types import FunctionType

from ..shared.envkeys import SEATS
from ..shared.limits import MAX_INT
from .actions import Action
from .flow import (
    COUNTED,
    NO_ACTIONS,
    RUNTIME_ERRORS,
    action_failed,
    listing_failed,
    rules_failed,
    score_too_big,
    straight_steps,
)
from .flowlines import LOCATE, RETURNS, Loops, after_step, chain, ended, padded, turn_start
from .legal import Legal
from .state import HAND_END, HAND_START, PHASE_START, STEP_ENTER, TURN_START

_ENTRY = "after"  # the key of Program.extras holding (table, source, names), made once per rule set
_LOOP = "play"  # ... holding (the playout loop, its source)
_UNLOGGED = "play unlogged"  # ... the same of the loop that logs nothing (``loop_source`` logs False)


def interpreted(game, a) -> bool:
    """The flow after ``a`` as the interpreter runs it (a step this module does not write)."""
    return game._perform(a) or game._straight_on()


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
    lines += ["if 0 >= g.plet['$turns']:", *ended(program, q, "    ", RETURNS, "0"), "k = 0"]
    lines += turn_start(ns, program, "")
    if phase.on_turn_start is not None:
        ns[f"_ts{q}"] = phase.on_turn_start
        lines.append(f"_ts{q}(g, {{'me': seat}})")
    lines += ["g.step_i = 0", f"g.mode = {STEP_ENTER}"]
    if phase.on_turn_start is not None:
        lines += ["if g.end is not None:", "    return False"]
    rows = program.extras.get("straight") or straight_steps(program)
    return ["    " + line for line in lines] + chain(ns, program, q, rows[q], 0, RETURNS)


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
        "shared = {}",
        "for s in _range(g.n):",
        "    e = {'me': s, _SEATS: shared}",
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


def _after_fn(ns: dict, program, p: int, s: int, row: list) -> list[str]:
    """The source of ``_a{p}_{s}(game, a)``: ``a`` chosen at step ``s`` of phase ``p``."""
    step = program.phases[p].steps[s]
    kinds = step.actions + step.fallback + step.free
    lines = [f"def _a{p}_{s}(game, a):", "    g = game.g", "    seat = g.seat", "    vals = a.values"]
    if not (kinds and all(d is kinds[0] for d in kinds)) or step.free:
        lines.append("    d = a.defn")
    return [*lines, "    log = game._log", *after_step(ns, program, p, s, row, RETURNS)]


def _namespace() -> dict:
    return {
        "__builtins__": {},
        "len": len,
        "_Legal": Legal,
        "_RE": RUNTIME_ERRORS,
        "_action_failed": action_failed,
        "_listing_failed": listing_failed,
        "_rules_failed": rules_failed,
        "_range": range,
        "_sum": sum,
        "_SEATS": SEATS,
        "_MAX_INT": MAX_INT,
        "_too_big": score_too_big,
        "_NO_ACTIONS": NO_ACTIONS,
        "_new": object.__new__,
    }


def source(program) -> tuple[str, dict, list]:
    """The source of every step's function, the objects its names stand for, and per phase
    per step the function's name (None: the step is left to the interpreter)."""
    ns = _namespace()
    rows = program.extras.get("straight") or straight_steps(program)
    lines: list[str] = []
    names: list = []
    for p, phase in enumerate(program.phases):
        names.append([])
        for s, step in enumerate(phase.steps):
            if step.simultaneous is not None:
                names[-1].append(None)
                continue
            lines += _after_fn(ns, program, p, s, rows[p])
            names[-1].append(f"_a{p}_{s}")
        if phase.next is None:
            lines += _phase_end(ns, program, p)
    return "\n".join(lines) + "\n", ns, names


def loop_source(program, ns: dict, logs: bool = True) -> str:
    """The source of ``_play(game, random)``, :func:`.playout.play_at_random`'s loop in sample
    mode: the ``int(random() * n)``-th legal action made and performed, and the flow run on
    to the next decision, by the lines of the step whose decision it is (the step functions'
    own, :mod:`.flowlines`) written in the loop: the step of the next decision is known where
    its actions are listed, so the loop goes on with no call and no table read. A
    simultaneous step, or wherever the interpreter took over, is looked up in ``_at``; a
    simultaneous step's choice goes through ``game.apply_index`` (sealed).

    ``logs`` False writes the loop of a playout whose moves nobody reads
    (:func:`.playout.play_at_random` ``log=False``): the same game, its actions, turns and
    blocked steps not logged, no Action made for them, one list (``spare``, unstamped) filled
    anew at each decision, and no record of who knows each chance outcome (for ``log_for``)."""
    rows = program.extras.get("straight") or straight_steps(program)
    index, steps, i = [], [], 0
    for p, phase in enumerate(program.phases):
        index.append([])
        for s, step in enumerate(phase.steps):
            if step.simultaneous is None:
                index[-1].append(i)
                steps.append((p, s))
                i += 1
            else:
                index[-1].append(-1)
    ns.update(_at=index, _int=int, _bisect=bisect_right, _Action=Action)
    loops = Loops(index, logs)

    def tree(lo: int, hi: int, pad: str) -> list[str]:  # steps lo..hi-1, told apart by ``at``
        if hi - lo == 1:
            p, s = steps[lo]
            body = [pad + line[4:] for line in after_step(ns, program, p, s, rows[p], loops)]
            return body if lo else [*padded(pad, simultaneous), *body]  # (at < 0 comes here too)
        mid = (lo + hi) // 2
        return [
            f"{pad}if at < {mid}:",
            *tree(lo, mid, pad + "    "),
            f"{pad}else:",
            *tree(mid, hi, pad + "    "),
        ]

    simultaneous = [  # sealed choices, or a step the interpreter listed: asked of the game
        "if at < 0:",
        "    game.apply_index(k)",
        "    g = game.g",
        "    log = game._log",
        "    game._by_text = None",
        "    game._by_id = None",
        "    " + LOCATE,
        "    continue",
    ]
    lines = [
        "def _play(game, random):",
        "    g = game.g",
        "    log = game._log",
        "    game._by_text = None",
        "    game._by_id = None",
        "    " + LOCATE,
        *([] if logs else ["    spare = _new(_Legal)", "    spare.stamp = None"]),
        "    while True:",
        "        out = game._legal",
        "        ends = out._ends",
        "        n = ends[-1]",
        "        if not n:",
        "            return",
        "        k = _int(random() * n)",
    ]
    if not steps:
        return "\n".join([*lines, *padded("        ", simultaneous)]) + "\n"
    lines += [
        "        r = _bisect(ends, k) - 1",
        "        d, vals, keys, items, lo = out._runs[r]",
        "        if items is not None:",
    ]
    if logs:
        lines += [
            "            v, key = items[lo + k - ends[r]]",
            "            vals = vals + (v,)",
            "            keys = keys + (key,)",
            "        a = _new(_Action)",  # Action(d, vals, keys, out.stamp), its slots set here (as NEW_LEGAL)
            "        a.defn = d",
            "        a.values = vals",
            "        a.keys = keys",
            "        a.stamp = out.stamp",
            "        a._text = None",
        ]
    else:  # (no Action: the effect reads the values; a failure is told of ``out[k]``)
        lines.append("            vals = vals + (items[lo + k - ends[r]][0],)")
    lines += [
        "        seat = g.seat",
        *tree(0, len(steps), "        "),
    ]
    return "\n".join(lines) + "\n"


def _functions(text: str, name: str, ns: dict) -> dict:
    module = compile(text, name, "exec")
    return {c.co_name: FunctionType(c, ns, c.co_name) for c in module.co_consts if hasattr(c, "co_code")}


def after_table(program) -> list:
    """Per phase, per step, ``fn(game, a) -> bool`` running the flow after action ``a`` to the
    next decision (made on first use, kept in ``program.extras``)."""
    made = program.extras.get(_ENTRY)
    if made is None:
        text, ns, names = source(program)
        made_fns = _functions(text, "<playa-rules flow>", ns)
        ns.update(made_fns)  # the step functions call the phases' ends by name
        table = [[interpreted if f is None else made_fns[f] for f in row] for row in names]
        made = program.extras[_ENTRY] = (table, text, ns)
        program.extras["after_table"] = table
    return made[0]


def play_loop(program, logs: bool = True):
    """``_play(game, random)`` (:func:`loop_source`; ``logs`` False: the loop that logs
    nothing), made on first use and kept in ``program.extras``."""
    key = _LOOP if logs else _UNLOGGED
    made = program.extras.get(key)
    if made is None:
        after_table(program)
        ns = program.extras[_ENTRY][2]
        text = loop_source(program, ns, logs)
        made = program.extras[key] = (_functions(text, "<playa-rules playout>", ns)["_play"], text)
    return made[0]
