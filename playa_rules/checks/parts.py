"""Semantic checks of the parts a game is made of: component types, zones, their values, rulings and variables.

Each check is one function registered with :func:`.base.check` (see :mod:`.rules` for the
registry's other checks). Codes: ``unknown-component``, ``unused-zone``, ``unused-component``,
``impossible-value``, ``unknown-alternative``, ``not-an-alternative``, ``unused-variable``,
``unset-variable``, ``start-expression``.
"""

from __future__ import annotations

from ..compiler.dsl import ast as A
from ..compiler.dsl.faults import value_text
from ..compiler.dsl.parse import parse_expr
from ..compiler.model import did_you_mean
from ..errors import SpecError, spelled
from ..source.load import escape_pointer_segment
from .base import Context, check, items_of, list_of
from .flow import is_phase_id


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
        if is_phase_id(subject) or (
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
    for _, node in ctx.nodes(A.SetOn):  # set at(board, r, c).mark = ..., set hand.board[i] = ...
        sets_named.add(node.name)
        listed = node.obj.obj if not node.name and isinstance(node.obj, A.Index) else None
        if isinstance(listed, A.Attr) and isinstance(listed.obj, A.Name):
            sets_scoped.add((listed.obj.id, listed.name))
            sets_named.add(listed.name)
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


# a text start value holding one of these reads as an expression, not as a word
_EXPRESSION_NODES = (A.Call, A.CallOver, A.Comprehension, A.Attr, A.Index, A.Conditional)
_LITERALS = (A.Str, A.Num, A.Bool, A.NoneLit, A.Name)


@check("start-expression")
def start_values_written_as_expressions(ctx: Context):
    """A variable whose start value is a text that reads as an expression of the file
    (``best: me.index``, ``target: "count(deck)"``): start values are literals, never
    worked out, so it would silently start as that text."""
    d = ctx.data
    known = {"me", "players", "turn", "hand", "match", "phase", "round"}
    for section in ("parameters", "assumptions", "rulings"):
        known.update(str(k) for k, _ in items_of(d.get(section)))
    known.update(str(k).split("(", 1)[0] for k, _ in items_of(d.get("define")))
    p = escape_pointer_segment
    starts = []
    for scope, names in items_of(d.get("variables")):
        for name, init in items_of(names):
            target = f"{scope}.{name}" if scope in ("turn", "hand", "match") else f"s.{name}"
            starts.append((f"/variables/{p(scope)}/{p(name)}", target, scope, init))
    for tname, comp in items_of(d.get("components")):
        for name, init in items_of(comp.get("vars") if isinstance(comp, dict) else None):
            ptr = f"/components/{p(tname)}/vars/{p(name)}"
            if isinstance(init, dict):
                ptr, init = f"{ptr}/value", init.get("value")
            starts.append((ptr, f"c.{name}", "component", init))
    for ptr, target, scope, init in starts:
        if not isinstance(init, str) or not _reads_as_expression(init, known):
            continue
        where = {
            "turn": "in a phase's on_start or the effect that begins the turn",
            "player": f"in setup: for s in seats: set {target} = ...",
            "player_match": f"in setup, on the match's first hand: for s in seats: set {target} = ...",
            "component": f"in setup: for c in ZONE: set {target} = ...",
        }.get(scope, f"in setup (run at the start of every hand): set {target} = {init}")
        yield ctx.at(
            ptr,
            "start-expression",
            f"the start value {init!r} reads as an expression, but a start value is a literal "
            f"that is never worked out: a number, true or false, a text, [] or null",
            hint=f"start it as null (or 0, '', false) and set it with an effect {where}",
        )


def _reads_as_expression(text: str, known: set) -> bool:
    """Whether a text reads as DSL: a call, a property, an index, or only names of the file
    and literals joined by operators (``me.index``, ``count(deck)``, ``goal - 1``); a word
    (``winner``, ``none``, ``red-green``) stays a text."""
    try:
        tree = parse_expr(text)
    except SpecError:
        return False
    nodes = list(A.walk(tree))
    if any(isinstance(n, _EXPRESSION_NODES) for n in nodes):
        return True
    names = {n.id for n in nodes if isinstance(n, A.Name)}
    if isinstance(tree, _LITERALS):
        return isinstance(tree, A.Name) and tree.id in known - {"turn", "hand", "match", "phase"}
    return names <= known
