"""Semantic checks: what a rule file can get wrong that the schema and the compiler accept.

The schema checks the shape of a file and the compiler checks every DSL text on its
own (names, types); the checks here look across the file: ids used twice, actions no
step offers, phases that never take a turn, zones and variables nothing reads,
comparisons with values no component or ruling has. Each check is one small function
registered with :func:`check`, reading a :class:`Context` and yielding located
:class:`~playa_rules.errors.Diagnostic`\\ s; :func:`semantic_diagnostics` runs them all.

Checks marked ``needs_program`` read the compiled :class:`~playa_rules.compiler.program.Program`
(its model of components and zones); the others read only the document, so they also
run on a file that does not compile. Codes: ``duplicate-id``, ``unknown-phase``,
``unknown-component``, ``unknown-display``, ``misplaced-end``, ``endless-flow`` (errors); ``unused-action``, ``unreachable-phase``,
``endless-phase``, ``unused-zone``, ``unused-component``, ``unused-variable``,
``unset-variable``, ``impossible-value``, ``unknown-alternative``, ``duplicate-text``,
``text-omits-parameter``, ``unknown-prose-field``, ``turns-without-steps`` (warnings).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ..compiler.dsl import ast as A
from ..compiler.dsl.faults import value_text
from ..compiler.model import FIELD, PROSE_KEYS, did_you_mean
from ..errors import Diagnostic, spelled
from ..source.load import escape_pointer_segment
from .base import UNKNOWN, Context, check, items_of, list_of


def _duplicates(ctx: Context, entries, what: Callable[[object], str], hint: str) -> Iterator[Diagnostic]:
    """``entries``: (pointer of the id, id). The second and later uses of an id are errors."""
    first: dict = {}
    for pointer, ident in entries:
        if not isinstance(ident, (str, int)) or isinstance(ident, bool):
            continue
        if ident in first:
            line = ctx.line_of(first[ident])
            where = f" (first used at line {line})" if line else ""
            yield ctx.at(pointer, "duplicate-id", f"duplicate {what(ident)}{where}", hint=hint)
        else:
            first[ident] = pointer


@check("duplicate-id")
def duplicate_phase_ids(ctx: Context):
    """Two phases with one id: the log and ``phase.id`` could not tell them apart."""
    phases = list_of(ctx.data.get("phases"))
    yield from _duplicates(
        ctx,
        [(f"/phases/{i}/id", ph.get("id")) for i, ph in enumerate(phases) if isinstance(ph, dict)],
        lambda x: f"phase id '{x}'",
        "phase ids name phases in the log and in phase.id: give each its own",
    )


@check("duplicate-id")
def duplicate_step_ids(ctx: Context):
    """Two steps of one phase with one id."""
    for i, ph in enumerate(list_of(ctx.data.get("phases"))):
        if not isinstance(ph, dict):
            continue
        steps = [
            (f"/phases/{i}/steps/{j}/id", st.get("id"))
            for j, st in enumerate(list_of(ph.get("steps")))
            if isinstance(st, dict)
        ]
        yield from _duplicates(
            ctx,
            steps,
            lambda x, p=ph.get("id"): f"step id '{x}' in phase '{p}'",
            "step ids name steps in the log: give each step of a phase its own",
        )


@check("duplicate-id")
def duplicate_scoring_ids(ctx: Context):
    """Two scoring rules with one id: the score detail keeps one, and the other's points are lost."""
    rules = list_of(ctx.data.get("scoring"))
    yield from _duplicates(
        ctx,
        [(f"/scoring/{i}/id", r.get("id")) for i, r in enumerate(rules) if isinstance(r, dict)],
        lambda x: f"scoring id '{x}'",
        "points are kept per scoring id: with one id twice, one rule's points would be lost",
    )


@check("duplicate-id")
def duplicate_tie_break_ids(ctx: Context):
    """Two tie-breaks with one id."""
    match = ctx.data.get("match")
    ties = list_of(match.get("tie_breaks")) if isinstance(match, dict) else []
    yield from _duplicates(
        ctx,
        [(f"/match/tie_breaks/{i}/id", t.get("id")) for i, t in enumerate(ties) if isinstance(t, dict)],
        lambda x: f"tie-break id '{x}'",
        "give each tie-break its own id",
    )


# ================================================================== actions
@check("unused-action")
def unused_actions(ctx: Context):
    """An action no step offers (in ``actions``, ``fallback`` or ``free``) can never be taken."""
    offered = set()
    for ph in list_of(ctx.data.get("phases")):
        for st in list_of(ph.get("steps") if isinstance(ph, dict) else None):
            if isinstance(st, dict):
                offered.update(
                    a
                    for f in ("actions", "fallback", "free")
                    for a in list_of(st.get(f))
                    if isinstance(a, str)
                )
    for name, _ in items_of(ctx.data.get("actions")):
        if name not in offered:
            yield ctx.at(
                f"/actions/{escape_pointer_segment(name)}",
                "unused-action",
                f"action '{name}' is in no step's actions, fallback or free, so it can never be taken",
                severity="warning",
                hint="add it to a step of a phase, or remove it",
                key=True,
            )


@check("duplicate-text")
def duplicate_action_texts(ctx: Context):
    """Two actions with the same text template: ``game.apply(text)`` could not tell them apart."""
    seen: dict = {}
    for name, spec in items_of(ctx.data.get("actions")):
        text = spec.get("text", name) if isinstance(spec, dict) else name
        shape = FIELD.sub("{}", str(text))
        pointer = f"/actions/{escape_pointer_segment(name)}"
        if shape in seen:
            yield ctx.at(
                pointer + ("/text" if isinstance(spec, dict) and "text" in spec else ""),
                "duplicate-text",
                f"actions '{seen[shape]}' and '{name}' have the same text '{text}': "
                f"an action given by its text could be either",
                severity="warning",
                hint="give each action a text of its own",
                key=not (isinstance(spec, dict) and "text" in spec),
            )
        else:
            seen[shape] = name


@check("text-omits-parameter")
def texts_show_every_parameter(ctx: Context):
    """An action whose text leaves out a parameter: its actions that differ only there read
    alike, so a person (or ``game.apply(text)``) cannot tell them apart."""
    for name, spec in items_of(ctx.data.get("actions")):
        params = spec.get("params") if isinstance(spec, dict) else None
        if not isinstance(params, dict) or not params:
            continue
        text = str(spec.get("text", name))
        shown = set(FIELD.findall(text))
        missing = [p for p in params if isinstance(p, str) and p not in shown]
        if missing:
            has_text = "text" in spec
            fields = " ".join("{" + p + "}" for p in missing)
            yield ctx.at(
                f"/actions/{escape_pointer_segment(name)}" + ("/text" if has_text else ""),
                "text-omits-parameter",
                f"the text '{text}' of action '{name}' does not show its parameter"
                f"{'s' if len(missing) > 1 else ''} {', '.join(repr(p) for p in missing)}: "
                f"actions that differ only there read alike",
                severity="warning",
                hint=f"add {fields} to the text",
                key=not has_text,
            )


@check("unknown-prose-field")
def prose_fields_name_constants(ctx: Context):
    """A ``{name}`` in a rule text that names no parameter, assumption or ruling: it is
    printed as written, where the author meant a value."""
    data = ctx.data
    known = [k for part in ("parameters", "assumptions", "rulings") for k, _ in items_of(data.get(part))]

    def walk(node, pointer):
        if isinstance(node, dict):
            for key, value in node.items():
                here = f"{pointer}/{escape_pointer_segment(key)}"
                if key in PROSE_KEYS and isinstance(value, str):
                    for name in FIELD.findall(value):
                        if name not in known:
                            yield ctx.at(
                                here,
                                "unknown-prose-field",
                                f"'{{{name}}}' names no parameter, assumption or ruling: "
                                f"it is printed as written",
                                severity="warning",
                                hint=did_you_mean(name, known)
                                or "a {field} in a rule text shows a parameter's value",
                            )
                else:
                    yield from walk(value, here)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from walk(value, f"{pointer}/{i}")

    yield from walk(data, "")


# ================================================================== phases
def _ends_phase(ctx: Context) -> bool:
    """Whether any effect of the file can end a phase early (end phase / hand / match, win)."""
    for _, node in ctx.nodes((A.End, A.Win)):
        if isinstance(node, A.Win) or node.what in ("phase", "hand", "match"):
            return True
    return False


@check("unreachable-phase", "endless-phase", "endless-flow", needs_program=True)
def phase_turns(ctx: Context):
    """Phases whose turns are fixed by constants: none at all, or no end; and phases after an endless one."""
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
                    "unreachable-phase",
                    f"phase '{pid}' never takes a turn: its rounds are always {rounds}",
                    severity="warning",
                    hint="rounds is how many times every seat plays in the phase",
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
        if _is_phase_id(subject) and isinstance(lit, A.Str) and lit.value not in ids:
            yield ctx.in_text(
                dsl,
                lit,
                "unknown-phase",
                f"no phase has the id '{lit.value}'",
                hint=did_you_mean(lit.value, ids) or f"the phases are {', '.join(ids)}",
            )


@check("unknown-phase")
def unknown_next_phase(ctx: Context):
    """A phase's ``next`` that is a constant naming no phase."""
    ids = [x for x in ctx.phase_ids if isinstance(x, str)]
    for i, ph in enumerate(list_of(ctx.data.get("phases"))):
        if isinstance(ph, dict) and "next" in ph:
            target = ctx.constant(ph["next"])
            if isinstance(target, str) and target not in ids:
                yield ctx.at(
                    f"/phases/{i}/next",
                    "unknown-phase",
                    f"no phase has the id {spelled(target)}",
                    hint=did_you_mean(target, ids) or f"the phases are {', '.join(ids)}",
                )


def _is_phase_id(node) -> bool:
    return (
        isinstance(node, A.Attr)
        and node.name == "id"
        and isinstance(node.obj, A.Name)
        and node.obj.id == "phase"
    )


# ================================================================== components and zones
@check("unknown-component")
def unknown_component_references(ctx: Context):
    """``x.type == 'name'`` with no component type 'name'."""
    types = [str(t) for t, _ in items_of(ctx.data.get("components"))]
    for dsl, _, subject, lit in ctx.literal_comparisons():
        if (
            isinstance(subject, A.Attr)
            and subject.name == "type"
            and isinstance(lit, A.Str)
            and lit.value not in types
        ):
            yield ctx.in_text(
                dsl,
                lit,
                "unknown-component",
                f"no component type is named '{lit.value}'",
                hint=did_you_mean(lit.value, types)
                or (f"the component types are {', '.join(types)}" if types else None),
            )


@check("unused-zone")
def unused_zones(ctx: Context):
    """A zone no DSL text names and no component starts in: nothing can ever be in it."""
    starts = {c.get("start") for _, c in items_of(ctx.data.get("components")) if isinstance(c, dict)}
    for name, _ in items_of(ctx.data.get("zones")):
        if name not in ctx.words and name not in starts:
            yield ctx.at(
                f"/zones/{escape_pointer_segment(name)}",
                "unused-zone",
                f"zone '{name}' is used nowhere: no expression or effect names it and no component "
                f"starts in it",
                severity="warning",
                hint="remove it, or use it in the rules",
                key=True,
            )


@check("unused-component")
def unused_components(ctx: Context):
    """A component type whose start zone no DSL text names: its items never move and nothing reads them."""
    for tname, comp in items_of(ctx.data.get("components")):
        start = comp.get("start") if isinstance(comp, dict) else None
        if isinstance(start, str) and start in (ctx.data.get("zones") or {}) and start not in ctx.words:
            yield ctx.at(
                f"/components/{escape_pointer_segment(tname)}/start",
                "unused-component",
                f"component type '{tname}' starts in zone '{start}', which no expression or effect "
                f"names: its items never move and nothing reads them",
                severity="warning",
                hint="move them with an effect (in setup, for example), or remove the component",
            )


@check("impossible-value", needs_program=True)
def impossible_property_values(ctx: Context):
    """``c.kind == 'numbr'`` where no component has that value: the comparison is never true."""
    m = ctx.program.model
    special = set(m.cvars) | set(m.zones) | {"owner", "type", "label", "id"}
    # a list of words in parameters or assumptions declares a vocabulary (the events a rule
    # knows, the targets a card may have): comparing with one of its words is not a typo
    vocabulary = {
        v for value in m.constants.values() if isinstance(value, list) for v in value if isinstance(v, str)
    }
    for dsl, node, subject, lit in ctx.literal_comparisons():
        if lit.value in vocabulary:
            continue
        if node.op != "==" or not isinstance(subject, A.Attr) or subject.name in special:
            continue
        if _is_phase_id(subject) or (
            isinstance(subject.obj, A.Name) and subject.obj.id in ("turn", "hand", "match", "phase")
        ):
            continue
        table = m.props.get(subject.name)
        if table is None:
            continue
        values = {v for v in table if v is not None and not isinstance(v, (list, dict))}
        if not values or any(isinstance(v, bool) for v in values) or lit.value in values:
            continue
        if isinstance(lit.value, int) and not all(isinstance(v, int) for v in values):
            continue
        shown = sorted(map(str, values))
        yield ctx.in_text(
            dsl,
            lit,
            "impossible-value",
            f"no component has {subject.name} {spelled(lit.value)}, so this comparison is never true",
            severity="warning",
            hint=(did_you_mean(str(lit.value), shown) if isinstance(lit.value, str) else None)
            or f"the values of '{subject.name}' are {', '.join(shown[:12])}"
            + (", ..." if len(shown) > 12 else ""),
        )


def _word(value) -> str:
    """A value in a list of choices as YAML spells it: a text bare, ``true``, ``null``, ``[1, 2]``."""
    return value if isinstance(value, str) else spelled(value)


@check("unknown-alternative")
def ruling_alternatives(ctx: Context):
    """``a_ruling == 'x'`` where 'x' is neither the ruling's value nor one of its alternatives."""
    known = {}
    for section in ("rulings", "assumptions"):
        for name, entry in items_of(ctx.data.get(section)):
            if isinstance(entry, dict) and entry.get("alternatives"):
                values = [entry.get("value")] + [
                    a.get("value") if isinstance(a, dict) else a for a in list_of(entry["alternatives"])
                ]
                if "default" in entry:
                    values.append(entry["default"])
                known[name] = (section[:-1], values)
    for dsl, _, subject, lit in ctx.literal_comparisons():
        if isinstance(subject, A.Name) and subject.id in known:
            what, values = known[subject.id]
            if lit.value not in values:
                shown = [_word(v) for v in values]  # as YAML spells them: true, not True
                words = [v for v in values if isinstance(v, str)]
                yield ctx.in_text(
                    dsl,
                    lit,
                    "unknown-alternative",
                    f"{what} '{subject.id}' is never {spelled(lit.value)}: its value and alternatives "
                    f"are {', '.join(shown)}",
                    severity="warning",
                    hint=did_you_mean(lit.value, words) if isinstance(lit.value, str) else None,
                )


@check("not-an-alternative")
def ruling_values(ctx: Context):
    """A ruling whose value (picked by a variant) is neither its default nor one of its alternatives."""
    for name, entry in items_of(ctx.data.get("rulings")):
        if not isinstance(entry, dict) or "default" not in entry or not entry.get("alternatives"):
            continue
        values = [entry["default"]] + [
            a.get("value") if isinstance(a, dict) else a for a in list_of(entry["alternatives"])
        ]
        if entry.get("value") not in values:
            shown = list(dict.fromkeys(_word(v) for v in values))  # as YAML spells them: true, not True
            words = [v for v in values if isinstance(v, str)]
            value = entry.get("value")
            yield ctx.at(
                f"/rulings/{escape_pointer_segment(name)}/value",
                "not-an-alternative",
                f"ruling '{name}' cannot be {spelled(value)}: it is one of {', '.join(shown)}",
                hint=did_you_mean(value, words) if isinstance(value, str) else None,
            )


# ================================================================== variables
@check("unused-variable", "unset-variable")
def variables_read_and_set(ctx: Context):
    """Declared variables nothing reads or sets (unused), or that are read but never set (always initial)."""
    sets_scoped, sets_named = set(), set()
    for _, node in ctx.nodes((A.Set, A.Pick)):  # pick sets its target too
        if len(node.target) == 2:
            sets_scoped.add(tuple(node.target))
            sets_named.add(node.target[1])
    for _, node in ctx.nodes(A.SetOn):  # set at(board, r, c).mark = ...
        sets_named.add(node.name)
    reads_scoped, reads_named = set(), set()
    for _, node in ctx.nodes(A.Attr):
        reads_named.add(node.name)
        if isinstance(node.obj, A.Name):
            reads_scoped.add((node.obj.id, node.name))
    declared = []
    for scope, names in items_of(ctx.data.get("variables")):
        for name, init in items_of(names):
            scoped = scope in ("turn", "hand", "match")
            is_set = (scope, name) in sets_scoped if scoped else name in sets_named
            is_read = (scope, name) in reads_scoped if scoped else name in reads_named
            shown = f"{scope}.{name}" if scoped else f"{scope} variable '{name}'"
            target = f"{scope}.{name}" if scoped else f"me.{name}"
            declared.append(
                (
                    f"/variables/{escape_pointer_segment(scope)}/{escape_pointer_segment(name)}",
                    shown,
                    init,
                    is_set,
                    is_read,
                    target,
                )
            )
    for tname, comp in items_of(ctx.data.get("components")):
        for name, init in items_of(comp.get("vars") if isinstance(comp, dict) else None):
            declared.append(
                (
                    f"/components/{escape_pointer_segment(tname)}/vars/{escape_pointer_segment(name)}",
                    f"component variable '{name}'",
                    init.get("value") if isinstance(init, dict) else init,
                    name in sets_named,
                    name in reads_named,
                    f"ITEM.{name}",
                )
            )
    for pointer, shown, init, is_set, is_read, target in declared:
        if pointer.rsplit("/", 1)[-1] in ctx.unparsed_words:
            continue  # named in a text that does not parse: unknown whether it is read or set
        if not is_set and not is_read:
            yield ctx.at(
                pointer,
                "unused-variable",
                f"{shown} is never read or set",
                severity="warning",
                hint="remove it, or use it in the rules",
                key=True,
            )
        elif not is_set:
            yield ctx.at(
                pointer,
                "unset-variable",
                f"{shown} is read but no effect sets it: it is always {value_text(init)}",
                severity="warning",
                hint=f"set it in an effect (set {target} = ...), or make it a parameter",
                key=True,
            )
