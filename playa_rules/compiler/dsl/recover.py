"""Compiling on past a mistake, so one run reports every mistake of a text.

While a text compiles (``Compiler.recovering`` set by the compile stage's ``guard``), a part
that fails (an unknown name, a type error) is recorded and read as a value of any kind, and
a statement that fails is recorded and skipped, so the rest of the text is checked too.
What only follows from a part's mistake (``x.y`` of an unknown ``x``) adds nothing. Not
recovered: a syntax error (the text has no parts to go on with), a limit (the text is too
large to check further), a mistake inside a define's body (reported at the call, with the
call's note). A text with a mistake is never run: the compile stage reports it instead.
"""

from __future__ import annotations

from ...errors import Diagnostic, RuleError
from . import ast as A
from . import types as T
from .values import C

UNRECOVERABLE = ("define-too-large", "loops-too-large", "too-many-actions")


def poisoned(g, e):  # a part of a text that did not compile: the text is reported, never run
    raise AssertionError("a rule text with a mistake was run")


class Recovered:
    """The mistakes met so far in one text, compiled on past each of them."""

    def __init__(self):
        self.errors: list[Diagnostic] = []
        self.failed = False

    def absorbs(self, err: RuleError) -> bool:
        """Record ``err`` and say so, unless it is of a kind that stops the text (a limit)."""
        if any(d.code.startswith("dsl-") or d.code in UNRECOVERABLE for d in err.diagnostics):
            return False
        self.errors.extend(err.diagnostics)
        self.failed = True  # (a define whose own text is wrong raises no diagnostic: reported there)
        return True


def recovered_part(cp, err: RuleError, kids: list) -> C:
    """The stand-in of a part that failed with ``err`` (``kids``: its compiled parts), or
    ``err`` raised again when it is no mistake to go on past."""
    if cp.recovering is None or cp._inlining:
        raise err
    if not any(k.fn is poisoned for k in kids) and not cp.recovering.absorbs(err):
        raise err
    return C(poisoned, T.ANY)


def statements(cp, stmts: list, scope, nothing) -> list | None:
    """Each statement of a block compiled (``cp.statement``), in order; a statement that
    fails is recorded and read as ``nothing``, and a ``let`` that fails still names a value
    for the rest of the block. None when the text has a mistake (it is never run)."""
    fns = []
    for s in stmts:
        met = len(cp.recovering.errors) if cp.recovering is not None else 0
        try:
            fns.append(cp.statement(s, scope))
        except RuleError as err:
            if cp.recovering is None or cp._inlining:
                raise
            if len(cp.recovering.errors) == met and not cp.recovering.absorbs(err):
                raise  # (a statement failing after a part's mistake, recorded: adds nothing)
            fns.append(nothing)
            if isinstance(s, A.Let):
                scope = scope.bind(s.name, cp.fresh(s.name), T.ANY)
            continue
        scope = getattr(fns[-1], "scope", scope)  # a let: the rest of the block sees its name
    if cp.recovering is not None and cp.recovering.failed:
        return None
    return fns
