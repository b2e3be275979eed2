"""Semantic checks of the flow: phases that never take a turn or never end, steps, ends outside
a turn, references to phases that do not exist.

Each check is one function registered with :func:`.base.check` (see :mod:`.rules` for the
registry's other checks). Codes: ``unreachable-phase``, ``endless-phase``, ``endless-flow``, ``bad-count``,
``turns-without-steps``, ``misplaced-end``, ``unknown-phase``.
"""

from __future__ import annotations

import re

from ..compiler.dsl import ast as A
from ..compiler.model import did_you_mean
from ..errors import spelled
from .base import UNKNOWN, Context, check, list_of


# ================================================================== phases
def _ends_phase(ctx: Context) -> bool:
    """Whether any effect of the file can end a phase early (end phase / hand / match, win)."""
    for _, node in ctx.nodes((A.End, A.Win)):
        if isinstance(node, A.Win) or node.what in ("phase", "hand", "match"):
            return True
    return False


@check("unreachable-phase", "endless-phase", "endless-flow", "bad-count", needs_program=True)
def phase_turns(ctx: Context):
    """Phases whose turns are fixed by constants: none at all (a ``bad-count`` error, as a
    match of no hands), or no end; and phases after an endless one."""
    hands = ctx.constant(
        (ctx.data.get("match") or {}).get("hands", 1) if isinstance(ctx.data.get("match"), dict) else 1
    )
    if hands is not UNKNOWN and isinstance(hands, int) and not isinstance(hands, bool) and hands < 1:
        yield ctx.at(
            "/match/hands",
            "bad-count",
            f"a match of {hands} hands: hands must be from 1",
            hint="a match plays at least one hand (1, the default)",
        )
    endless_before = None
    can_end = None
    for i, ph in enumerate(list_of(ctx.data.get("phases"))):
        if not isinstance(ph, dict):
            continue
        turns = ph.get("turns") if isinstance(ph.get("turns"), dict) else {}
        pid = ph.get("id")
        if endless_before is not None:
            yield ctx.at(
                f"/phases/{i}",
                "unreachable-phase",
                f"phase '{pid}' is never reached: phase '{endless_before}' before it never ends",
                severity="warning",
                hint="give the earlier phase an end: rounds, an until that can "
                "hold, or an effect with 'end phase'",
            )
            continue
        if "rounds" in turns:
            rounds = ctx.constant(turns["rounds"])
            if rounds is not UNKNOWN and isinstance(rounds, int) and rounds <= 0:
                yield ctx.at(
                    f"/phases/{i}/turns/rounds",
                    "bad-count",
                    f"phase '{pid}' would never take a turn: its rounds are always {rounds}, and "
                    "they must be from 1",
                    hint="rounds is how many times every seat plays in the phase; a phase without "
                    "turns leaves out 'turns' (it runs its on_start), one that may be skipped has a 'when'",
                )
        elif "until" in turns:
            until = ctx.constant(turns["until"])
            if until is True:
                yield ctx.at(
                    f"/phases/{i}/turns/until",
                    "unreachable-phase",
                    f"phase '{pid}' never takes a turn: its 'until' condition always holds, "
                    f"and it is tested before the first turn",
                    severity="warning",
                    hint="write a condition that is false when the phase starts; a phase that takes no "
                    "turns leaves out 'turns' (it runs its on_start), one that may be skipped has a 'when'",
                )
            elif until is False:
                if can_end is None:
                    can_end = _ends_phase(ctx)
                if not can_end and not any(
                    isinstance(st, dict) and (st.get("actions") or st.get("fallback"))
                    for st in list_of(ph.get("steps"))
                ):  # no decision either: the flow would go round without one, for ever
                    yield ctx.at(
                        f"/phases/{i}/turns/until",
                        "endless-flow",
                        f"phase '{pid}' can never reach a decision: its 'until' never holds, no effect "
                        "ends a phase, hand or match, and none of its steps offers an action",
                    )
                    return
                if not can_end:
                    endless_before = pid
                    yield ctx.at(
                        f"/phases/{i}/turns/until",
                        "endless-phase",
                        f"phase '{pid}' never ends: its 'until' condition never holds and no effect "
                        f"ends a phase, hand or match",
                        severity="warning",
                        hint="the game cannot finish; write a condition that becomes true",
                    )


@check("turns-without-steps")
def phases_with_turns_have_steps(ctx: Context):
    """A phase that takes turns but has no steps: every turn passes with nothing done (a
    variant that removed the phase's last step, most often)."""
    for i, ph in enumerate(list_of(ctx.data.get("phases"))):
        if isinstance(ph, dict) and ph.get("turns") is not None and not list_of(ph.get("steps")):
            yield ctx.at(
                f"/phases/{i}" + ("/steps" if "steps" in ph else ""),
                "turns-without-steps",
                f"phase '{ph.get('id')}' takes turns but has no steps: each turn passes with nothing done",
                severity="warning",
                hint="give it a step, or remove the phase",
                key="steps" in ph,
            )


@check("misplaced-end")
def ends_outside_a_turn(ctx: Context):
    """``end step`` / ``end turn`` in setup or a phase's on_start: no turn is being played there."""
    for dsl, node in ctx.nodes(A.End):
        where = _outside_turn(dsl.pointer)
        if where and node.what in ("step", "turn"):
            yield ctx.in_text(
                dsl,
                node,
                "misplaced-end",
                f"'end {node.what}' in {where}: no turn is being played when it runs",
                hint="use 'end phase', 'end hand' or 'end match' here, or put it in "
                "on_turn_start or an action",
            )


def _outside_turn(pointer: str) -> str | None:
    if pointer == "/setup":
        return "setup"
    if re.fullmatch(r"/phases/\d+/on_start", pointer):
        return "a phase's on_start"
    return None


@check("unknown-phase")
def unknown_phase_references(ctx: Context):
    """``phase.id == 'x'`` with no phase 'x': never true, surely a typo."""
    ids = [x for x in ctx.phase_ids if isinstance(x, str)]
    for dsl, _, subject, lit in ctx.literal_comparisons():
        if is_phase_id(subject) and isinstance(lit, A.Str) and lit.value not in ids:
            yield ctx.in_text(
                dsl,
                lit,
                "unknown-phase",
                f"no phase has the id '{lit.value}'",
                hint=_phase_hint(lit.value, ids),
            )


@check("unknown-phase")
def unknown_next_phase(ctx: Context):
    """A phase's ``next`` that is a constant naming no phase, or an if-then-else with a text
    in a branch that names no phase (``if ... then 'trik' else none``)."""
    ids = [x for x in ctx.phase_ids if isinstance(x, str)]
    nexts = {dsl.pointer: (dsl, tree) for dsl, tree in ctx.trees if dsl.pointer.endswith("/next")}
    for i, ph in enumerate(list_of(ctx.data.get("phases"))):
        if isinstance(ph, dict) and "next" in ph:
            target = ctx.constant(ph["next"])
            if isinstance(target, str) and target not in ids:
                yield ctx.at(
                    f"/phases/{i}/next",
                    "unknown-phase",
                    f"no phase has the id {spelled(target)}",
                    hint=_phase_hint(target, ids),
                )
            elif target is UNKNOWN and f"/phases/{i}/next" in nexts:
                dsl, tree = nexts[f"/phases/{i}/next"]
                for lit in _branches(tree):
                    if isinstance(lit, A.Str) and lit.value not in ids:
                        yield ctx.in_text(
                            dsl,
                            lit,
                            "unknown-phase",
                            f"no phase has the id {spelled(lit.value)}",
                            hint=_phase_hint(lit.value, ids),
                        )


def _phase_hint(name: str, ids: list[str]) -> str:
    """The hint of a phase id ``name`` that names no phase: the id it is closest to, else them all."""
    return did_you_mean(name, ids) or f"the phases are {', '.join(ids)}"


def _branches(node):
    """The nodes whose value ``node`` gives: itself, or the branches of an if-then-else."""
    if isinstance(node, A.Conditional):
        yield from _branches(node.then)
        yield from _branches(node.orelse)
    else:
        yield node


def is_phase_id(node) -> bool:
    """Whether ``node`` reads ``phase.id``."""
    return (
        isinstance(node, A.Attr)
        and node.name == "id"
        and isinstance(node.obj, A.Name)
        and node.obj.id == "phase"
    )
