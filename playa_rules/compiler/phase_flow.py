"""The compile stage's checks of where a phase's turns start and which phase comes next.

* :func:`seat_start` - the seat a phase's turns start at (``turns: {from: X}``, ``turns:
  {seat: X}``): a value that is none while the game runs (a variable that starts as none
  and was never given a seat) is a runtime error located at the text, in the rules' words.
* :func:`whole_rounds` - a phase's ``rounds``: a fraction or decimal (``3 / 2``, a parameter
  of ``1.5``) is a type error when the rules load, else a located fault while the game runs
  (it played one and a half rounds as ``rounds * players`` turns).
* :func:`checked_next` - a phase's ``next``: at load, a value that is no phase id (a zone, a
  number) is a type error (a literal text naming no phase is ``checks/flow.py``'s
  ``unknown-phase``); while the game runs, a text naming no phase is an error located at
  the text that names the value as written.
"""

from __future__ import annotations

import dataclasses
import re

from .dsl import wholes
from .dsl.faults import NoneFault, fault_site, value_text
from .dsl.parse import parse_expr

_NEXT_KINDS = ("str", "none", "any")


def seat_start(fn, origin, text, form: str):
    """``fn`` (the seat a phase's turns start at, written ``text`` after ``form``: ``from``,
    ``seat``) raising a located fault where it gives none."""
    where = fault_site(origin, str(text), None)
    said = " ".join(str(text).split())

    def start(g, e):
        seat = fn(g, e)
        if seat is None:
            raise where(
                f"turns {form} {said}, which is none: there is no seat to start the turns at "
                f"(give it a seat before this phase starts, in setup or an effect)",
                NoneFault,
            )
        return seat

    return start


def whole_rounds(stage, text, pointer: str, scope):
    """A phase's ``rounds`` compiled (None where it does not), a whole number: checked when
    the rules load where its value is known then, else where the phase starts."""
    c = stage.expr(text, pointer, scope, "int")
    if c is None:
        return None
    origin = stage.origin(pointer)
    cp = stage.cp.with_origin(origin, str(text))
    node = parse_expr(text, origin)
    fn = stage.guard(lambda: wholes.counted(cp, c, node, "a phase's rounds", "rounds", "rounds"))
    return None if fn is None else dataclasses.replace(c, fn=fn)


def _fits(t) -> bool:
    return all(k in _NEXT_KINDS for k in t.mix) if t.mix else t.kind in _NEXT_KINDS


def next_phase(stage, text, pointer: str, scope):
    """A phase's ``next`` compiled and checked (:func:`checked_next`); a phase id written bare
    (a name, not a text) is told how to write it."""
    before = len(stage.diags)
    nxt = stage.expr(text, pointer, scope)
    phases = [p for p in stage.data.get("phases") or [] if isinstance(p, dict)]
    ids = [p.get("id", f"phase{i + 1}") for i, p in enumerate(phases)]
    for i in range(before, len(stage.diags) if nxt is None and isinstance(text, str) else before):
        d = stage.diags[i]  # a bare phase id, alone or inside an if: an unknown name, or turn alone
        name = re.search(r"'([^']*)'", d.message) if d.code in ("unknown-name", "namespace-alone") else None
        if name is not None and name[1] in ids:
            quoted = f"next: \"'{name[1]}'\"" if text.strip() == name[1] else f"'{name[1]}'"
            stage.diags[i] = dataclasses.replace(d, hint=f"a phase id in next is a text, in quotes: {quoted}")
    return None if nxt is None else checked_next(stage, nxt, text, pointer, ids)


def checked_next(stage, c, text, pointer: str, ids: list[str]):
    """The compiled ``next`` ``c`` of text ``text`` checked (errors recorded on ``stage``);
    its function, raising a located fault where it gives a text naming no phase."""
    origin = stage.origin(pointer)
    if not _fits(c.t):
        named = [i for i in ids if re.search(rf"(?<![\w']){re.escape(i)}(?![\w'])", str(text))]
        stage.diags.append(
            origin.diagnostic(
                "type-error",
                f"next must be a phase id (a text such as 'play') or none, but this is {c.t}",
                str(text),
                None,
                hint="a phase id in next is a text, in quotes: '" + (named or ids or ["play"])[0] + "'",
            )
        )
        return None
    where = fault_site(origin, str(text), None)
    fn, known = c.fn, frozenset(ids)

    def nxt(g, e):
        target = fn(g, e)
        if target is not None and target not in known:
            raise where(
                f"next gives {value_text(target)}, which is no phase id (the phases: "
                + ", ".join(f"'{i}'" for i in ids)
                + ")"
            )
        return target

    return nxt
