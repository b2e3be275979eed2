"""Semantic checks: what a rule file can get wrong that the schema and the compiler accept.

The schema checks the shape of a file and the compiler checks every DSL text on its
own (names, types); the checks look across the file: ids used twice, actions no
step offers, phases that never take a turn (:mod:`.flow`), zones and variables nothing
reads, comparisons with values no component or ruling has (:mod:`.parts`). Each check is one
small function registered with :func:`check`, reading a :class:`Context` and yielding located
:class:`~playa_rules.errors.Diagnostic`\\ s; :func:`semantic_diagnostics` runs them all.

Checks marked ``needs_program`` read the compiled :class:`~playa_rules.compiler.program.Program`
(its model of components and zones); the others read only the document, so they also
run on a file that does not compile. Codes here: ``duplicate-id`` (an error: ids, and an
action named twice in a step);
``unused-action``, ``duplicate-text``, ``text-omits-parameter``, ``unknown-prose-field``
(warnings).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..compiler.item_checks import BRACED
from ..compiler.model import FIELD, PROSE_KEYS, did_you_mean
from ..errors import Diagnostic
from ..shared.numbers import PROSE_FIELD, form_names, known_form
from ..source.load import escape_pointer_segment
from .base import Context, check, items_of, list_of


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
def duplicate_step_actions(ctx: Context):
    """An action named twice in one step's ``actions``, twice in its ``fallback``, or in
    ``free`` beside either: it would be offered twice among the legal actions, which must each
    be unique (OpenSpiel's ids, agents' odds). An action in both ``actions`` and ``fallback``
    is never offered twice: the fallback is offered only when no action is legal."""
    for i, ph in enumerate(list_of(ctx.data.get("phases"))):
        if not isinstance(ph, dict):
            continue
        for j, st in enumerate(list_of(ph.get("steps"))):
            if not isinstance(st, dict):
                continue
            listed = {
                field: [
                    (f"/phases/{i}/steps/{j}/{field}/{k}", a) for k, a in enumerate(list_of(st.get(field)))
                ]
                for field in ("actions", "fallback", "free")
            }
            reported = set()
            for offered_with in ("actions", "fallback"):
                for d in _duplicates(
                    ctx,
                    listed[offered_with] + listed["free"],
                    lambda x, s=st.get("id"), p=ph.get("id"): f"action '{x}' in step '{s}' of phase '{p}'",
                    "a step lists each action once (only actions and fallback may share one): remove this mention",
                ):
                    if d.path not in reported:
                        reported.add(d.path)
                        yield d


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


@check("unknown-prose-field", "unknown-prose-form")
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
                    for odd in BRACED.findall(value):  # {card.x}, {0}, {t[k]}: no field, printed as written
                        if not PROSE_FIELD.fullmatch(odd):
                            yield ctx.at(
                                here,
                                "unknown-prose-field",
                                f"'{odd}' is no field: it is printed as written",
                                severity="warning",
                                hint="a field in a rule text is {name} or {name:form}, "
                                "with the name of a parameter, assumption or ruling",
                            )
                    for name, form in (mt.groups() for mt in PROSE_FIELD.finditer(value)):
                        if form is not None and not known_form(form):
                            yield ctx.at(
                                here,
                                "unknown-prose-form",
                                f"'{{{name}:{form}}}' is no form of a number: a field's form is words, "
                                f"ordinal or nth (Words for a capital letter, words_f for the feminine, words_m for the "
                                f"short masculine), or a noun as one|many",
                                hint=did_you_mean(form, form_names())
                                or "{name:words} writes three, {name:ordinal} third, {name:nth} 3rd",
                            )
                        elif name not in known:
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
