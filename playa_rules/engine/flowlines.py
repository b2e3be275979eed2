"""The lines of the generated flow (:mod:`.flowcode`) after an action chosen at one step: the
action performed, then the steps listed on to the next decision.

The same lines are written two ways, told by their *exits*: as the body of a function
``after(game, a) -> bool`` (:class:`Returns`: True where the flow stops at a decision, False
where the interpreter goes on), or inline in a search's playout loop (:class:`Loops`: the
step of the next decision kept in ``at`` and the loop continued, the interpreter run
where the function would return False). Every name the lines read is bound in ``ns``
under a name made here; the source holds templates and integers only.
"""

from __future__ import annotations

from .flow import COUNTED, turn_stores
from .plans import step_plan
from .state import DECIDE, STEP_ENTER


class Returns:
    """Exits of a function ``after(game, a) -> bool``."""

    resets = True  # whether a listing clears the caches of the decision before (Game._by_text, _by_id)
    logs = True  # whether the actions, turns and blocked steps are logged (and the lists stamped)

    def listed(self, p: int, j: int) -> list[str]:
        """The legal actions of step ``j`` of phase ``p`` are set: a decision."""
        return ["return True"]

    def back(self) -> list[str]:
        """The interpreter goes on from here."""
        return ["return False"]

    def then(self, call: str) -> list[str]:
        """``call`` (True when it stopped at a decision) goes on from here."""
        return [f"return {call}"]


_MASKED = ["if g.nchance != game._nmasked:", "    game._mask_chance()"]  # as after every apply
LOCATE = f"at = _at[g.phase_i][g.step_i] if g.mode == {DECIDE} else -1"


class Loops(Returns):
    """Exits inside a playout loop: ``at`` the index (``index[p][j]``) of the step whose
    decision comes next, -1 when the loop must ask the game (the interpreter's step)."""

    resets = False  # (the loop clears them once on entry, and nothing in it fills them)

    def __init__(self, index: list, logs: bool = True):
        self.index = index
        self.logs = logs  # False: a playout nobody reads the moves of (engine.playout ``log=False``)
        self.masked = _MASKED if logs else []  # (who knows a chance outcome: for log_for only)

    def listed(self, p: int, j: int) -> list[str]:
        return [f"at = {self.index[p][j]}", *self.masked, "continue"]

    def back(self) -> list[str]:
        return ["game._run()", LOCATE, *self.masked, "continue"]

    def then(self, call: str) -> list[str]:
        return [f"if not {call}:", "    game._run()", LOCATE, *self.masked, "continue"]


RETURNS = Returns()

# ``Legal((game._token, game._stamp + 1))`` with its slots set here: no ``__init__`` run
# through a call of the class (tests/engine/test_flow_playouts.py checks the slots are all set).
NEW_LEGAL = [
    "out = _new(_Legal)",
    "out._runs = []",
    "out._ends = [0]",
    "out.stamp = (game._token, game._stamp + 1)",
]
# ... in a playout that logs nothing: one list made as the loop starts (``spare``, unstamped)
# filled anew, as no Action is made from it (the loop reads its runs before it lists the next
# decision) and the interpreter, where the loop hands over, lists and stamps its own.
NEW_UNSTAMPED = ["out = spare", "out._runs = []", "out._ends = [0]"]


def padded(pad: str, lines: list[str]) -> list[str]:
    return [pad + line for line in lines]


def listing(ns: dict, p: int, j: int, step, pad: str, x: Returns, blocked: bool = True) -> list[str]:
    """Lines listing step ``j`` of phase ``p`` for ``seat``: the legal actions set and a
    decision; else (``blocked``) the step logged blocked and its ``on_blocked`` run as the
    interpreter does (its ``end step`` ends only the blocked step), any other ``end`` it sets left
    to the interpreter, the step index moved on."""
    name = f"{p}_{j}"
    ns[f"_s{name}"] = step
    ns[f"_p{name}"] = step_plan(step)
    lines = [
        *(NEW_LEGAL if x.logs else NEW_UNSTAMPED),
        "try:",
        f"    _p{name}(g, seat, out)",
        "except _RE as exc:",
        f"    raise _listing_failed(_s{name}, g, exc) from None",
        "if out._ends[-1]:",
        *(["    game._stamp += 1"] if x.logs else []),
        "    game._legal = out",
        *(["    game._by_text = None", "    game._by_id = None"] if x.resets else []),
        f"    g.mode = {DECIDE}",
        *padded("    ", x.listed(p, j)),
    ]
    if blocked:
        if x.logs:
            ns[f"_i{name}"] = step.id
            lines.append(f"log.append(('blocked', seat, _i{name}))")
        if step.on_blocked is not None:
            ns[f"_o{name}"] = step.on_blocked
            lines += [
                "try:",
                f"    _o{name}(g, {{'me': seat}})",
                "except _RE as exc:",
                "    raise _rules_failed(game, exc) from None",
                "if g.end == 'step':",  # the blocked step's own end (Flow._blocked)
                "    g.end = None",
            ]
        lines += [f"g.step_i = {j + 1}", f"g.mode = {STEP_ENTER}"]
        if step.on_blocked is not None:
            lines += ["if g.end is not None:", *padded("    ", x.back())]
    return padded(pad, lines)


def chain(ns: dict, program, p: int, row: list, j: int, x: Returns) -> list[str]:
    """Lines going on from step index ``j`` of phase ``p`` (``g.step_i == j``, the step before
    ended) to the next decision, as :meth:`Flow._straight_on` does: plain steps listed, a
    blocked one logged and the next tried, the turn's end starting the next turn of a phase
    of counted turns, or after its last turn the phase's end (:func:`ended`); at most one
    turn's steps written out, then the interpreter's shortcut."""
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
                *ended(program, p, "        ", x),
            ]
        if step is None:
            return [*lines, *padded("    ", x.back())]
        if j < last:
            if automata:
                lines += ["    if g.auto[seat] is not None:", *padded("        ", x.back())]
        else:
            lines.append("    order = g.turn_order")
            if automata:
                lines += ["    if g.auto[order[k % len(order)]] is not None:", *padded("        ", x.back())]
            lines.append("    g.turn_k = k")
            lines += turn_start(ns, program, "    ", x.logs)
            lines.append("    g.step_i = 0")
            j = 0
        lines += listing(ns, p, j, step, "    ", x)
        j += 1
    return [*lines, *padded("    ", x.then("game._straight_on()"))]


def turn_start(ns: dict, program, pad: str, logs: bool = True) -> list[str]:
    """Lines starting turn ``k`` of ``order`` as :meth:`Flow._turn_begins` does (``logs``
    False: not logged)."""
    fresh, kept = program.extras.get("turn_stores") or turn_stores(program)
    ns["_tv"] = fresh
    lines = [
        "n = len(order)",
        "g.seat = seat = order[k % n]",
        "g.round = r = k // n + 1",
        "g.tvars = _tv.copy()" if fresh else "g.tvars = {}",
        *(["log.append(('turn', seat, r))"] if logs else []),
    ]
    if kept:
        lines.append("cvars = g.cvars")
    for i, (name, store) in enumerate(kept):
        ns[f"_cn{i}"], ns[f"_cs{i}"] = name, store
        lines.append(f"cvars[_cn{i}][:] = _cs{i}")
    return padded(pad, lines)


def ended(program, p: int, pad: str, x: Returns, turn: str = "k") -> list[str]:
    """Lines after the last turn of phase ``p`` (``turn`` the turn past it, kept in
    ``g.turn_k``): the phase's end generated (``_e{p}``, :mod:`.flowcode`) when no ``next``
    names the phase to continue with, else the interpreter's."""
    if program.phases[p].next is not None:
        return padded(pad, x.back())
    keep = [f"g.turn_k = {turn}"] if turn != "0" else []  # (a phase of no turns: still 0)
    return padded(pad, [*keep, *x.then(f"_e{p}(game, g, log)")])


def after_step(ns: dict, program, p: int, s: int, row: list, x: Returns) -> list[str]:
    """The lines (at one indent) performing action ``a`` chosen at step ``s`` of phase ``p``
    (``g``, ``seat``, ``a``, ``vals`` = ``a.values``, ``d`` = ``a.defn`` and ``log`` set) and
    running on to the next decision."""
    step = program.phases[p].steps[s]
    kinds = step.actions + step.fallback + step.free
    free = [d for d in step.free if not any(d is x for x in step.actions)]
    logs = x.logs  # else no log entry, its masks not worked out, no ``a`` made: ``out[k]`` it was
    lines = ["    entry = ['act', seat, a, None]", "    log.append(entry)"] if logs else []
    one = kinds[0] if kinds and all(d is kinds[0] for d in kinds) else None
    if one is not None:  # one kind of action: its env, effect, tell and masks bound, no reads of ``a.defn``
        k = f"{p}_{s}"
        ns[f"_v{k}"], ns[f"_x{k}"], ns[f"_t{k}"], ns[f"_h{k}"] = one.env, one.effect, one.tell, one.hides
        lines[:0] = [f"    e = _v{k}(g, seat, vals)"]
        lines += ["    try:", f"        _x{k}(g, e)"]
        if one.tell is not None:
            lines.append(f"        game._tell(_t{k}, e, seat)")
        lines += _failed(logs)
        if one.hides is not None and logs:
            lines.append(f"    entry[3] = _h{k}(g.known, vals)")
    else:
        lines[:0] = ["    e = d.env(g, seat, vals)"]
        lines += ["    try:", "        d.effect(g, e)"]
        if any(d.tell is not None for d in kinds):
            lines += ["        if d.tell is not None:", "            game._tell(d.tell, e, seat)"]
        lines += _failed(logs)
        if any(d.hides is not None for d in kinds) and logs:
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
        lines += listing(ns, p, s, step, "            ", x)
        lines += padded("            ", x.then("game._straight_on()"))
    if step.repeat:  # nothing legal: the step ends, as after any other action
        lines += listing(ns, p, s, step, "        ", x, blocked=False)
    elif not free:
        lines.append("        pass")
    lines += [
        "    elif g.end == 'step':",
        "        g.end = None",
        "    else:",
        *padded("        ", x.back()),
        f"    g.step_i = {s + 1}",
        f"    g.mode = {STEP_ENTER}",
    ]
    return lines + chain(ns, program, p, row, s + 1, x)


def _failed(logs: bool = True) -> list[str]:
    a = "a" if logs else "out[k]"  # (unlogged: the loop's list, not listed again yet, and the index in it)
    return ["    except _RE as exc:", f"        raise _action_failed(game, {a}, exc) from None"]
