"""Narrated texts (``tell``): a text for people with ``{expression}`` fields, worked out when an
action's effect or a phase's ``on_start`` has run and written to the log for every seat.

A rule file says what happened in its own words (``tell: "{hand.found} dice show
{hand.bid_face}"``); the engine only fills the fields. A field may end in a number form, as in
a rule text: ``{n} {n:card|cards}`` agrees the noun with ``n``, ``{n:words}`` says it in words. Each field is an expression of the
rules language, compiled like any other; its value is written as people read it: a seat
as ``seat 2``, a component as its label (with its owner), a zone or
a list as its items joined by commas, true/false and none as the rule file spells them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from ..shared.numbers import known_form, say

MAX_TOLD = 400  # characters of one narrated text, after its fields are filled


def pieces(text: str) -> list[tuple[bool, str]]:
    """(is_field, text) parts of a template: ``{...}`` with nested braces balanced is a field."""
    out, i, literal = [], 0, []
    while i < len(text):
        ch = text[i]
        if ch != "{":
            literal.append(ch)
            i += 1
            continue
        depth, j = 0, i
        while j < len(text):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
            j += 1
        if depth:  # an unclosed brace is literal text
            literal.append(text[i:])
            break
        if literal:
            out.append((False, "".join(literal)))
            literal = []
        out.append((True, text[i + 1 : j].strip()))
        i = j + 1
    if literal:
        out.append((False, "".join(literal)))
    return out


def compile_tell(compiler, spec, pointer: str, scope, effect=None) -> Callable | None:
    """``fn(g, e) -> str | None`` for a ``tell`` (a template, or ``{text, when}``: told only
    when the condition holds), or None (with diagnostics) if a field is wrong. ``effect``:
    the action's effect text, whose ``let`` names an unknown-name error's hint then explains."""
    compiler.cp.effect_lets = (
        set(re.findall(r"\blet\s+([A-Za-z_]\w*)", effect)) if isinstance(effect, str) else set()
    )
    try:
        return _compile_tell(compiler, spec, pointer, scope)
    finally:
        compiler.cp.effect_lets = set()


def _compile_tell(compiler, spec, pointer: str, scope) -> Callable | None:
    when = None
    if isinstance(spec, dict):
        if "when" in spec:
            when = compiler.expr(spec["when"], f"{pointer}/when", scope, "bool")
            if when is None:
                return None
        text, pointer = spec.get("text"), f"{pointer}/text"
    else:
        text = spec
    if not isinstance(text, str):
        return None
    parts, ok, start = [], True, 0
    for is_field, piece in pieces(text):
        if not is_field:
            parts.append(piece)
            continue
        start = text.index(piece, text.index("{", start))  # where the field's text lies
        line = text.count("\n", 0, start) + 1
        at = (line, start - (text.rfind("\n", 0, start) + 1) + 1)
        start += len(piece)
        expr, form = number_form(piece)
        c = compiler.expr(expr, pointer, scope, at=at)
        if c is None:
            ok = False
            continue
        parts.append((c.fn, c.t, form))
    if not ok:
        return None
    model = compiler.model

    test = when.fn if when is not None else None

    def tell(g, e) -> str | None:
        if test is not None and not test(g, e):
            return None
        out = "".join(p if isinstance(p, str) else field(model, g, p[0](g, e), p[1], p[2]) for p in parts)
        return out if len(out) <= MAX_TOLD else out[: MAX_TOLD - 3] + "..."

    return tell


def number_form(piece: str) -> tuple[str, str | None]:
    """A field's expression and its number form: ``{n:card|cards}`` is ``n`` told with the noun
    that agrees with it (``card`` at 1), ``{n:words}`` ``n`` in words (docs/format.md, ``rule``);
    a field with no such ``:form`` at its end is all expression (the rules language has no
    colon outside texts, and a form holds no quote)."""
    head, colon, form = piece.rpartition(":")
    form = form.strip()
    if colon and head.strip() and "'" not in form and '"' not in form and known_form(form):
        return head.strip(), form
    return piece, None


def field(m, g, value, t, form: str | None) -> str:
    """A field's value as people read it, in its number form if it has one (a value that is
    no number is told as it is)."""
    if form is not None and isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return say("en", value, form)
    return words(m, g, value, t)


def words(m, g, value, t) -> str:
    """A value as people read it, by its static type."""
    kind = getattr(t, "kind", "any")
    if value is None:
        return "none"
    if value is True or value is False:
        return str(value).lower()
    if kind == "seat":
        return f"seat {value}"
    if kind == "comp" and isinstance(value, int):
        return component(m, g, value)
    if kind == "zone" and isinstance(value, int):
        return ", ".join(component(m, g, c) for c in g.zones[value]) or "nothing"
    if isinstance(value, (list, tuple, set, frozenset)):
        elem = t.element() if hasattr(t, "element") else None
        return ", ".join(words(m, g, v, elem) for v in value) or "nothing"
    return str(value)


def component(m, g, c: int) -> str:
    """``pawn (seat 1)``: a component's label and its owner (a face is a field of its own:
    ``{d.face}``)."""
    owner = m.owner[c] if c < len(m.owner) else None
    return str(m.labels[c]) + (f" (seat {owner})" if owner is not None else "")
