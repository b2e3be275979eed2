"""Errors of DSL expressions while a game runs, located where the expression is written.

An expression that fails at play time (an index past the end of a list, a missing table
key, a division by zero) raises :class:`RuleFault`, whose one-line message names the file,
line and column of the expression, its pointer, the values involved and the source text;
the engine wraps it in the ``GameRuntimeError`` that names the action or phase.
"""

from __future__ import annotations

from fractions import Fraction

from ...shared.faults import GENERATED, NoneFault, RuleFault, ValueFault, relocated  # noqa: F401 (re-exported)


def fault_site(origin, text: str, pos):
    """A function making the RuleFault (or ``cls``) for an expression at ``pos`` of ``text`` (from ``origin``)."""

    def fault(message: str, cls=None) -> RuleFault:
        d = origin.diagnostic("runtime-error", message, text, pos)
        source = " ".join((d.source_line or "").split())
        return (cls or RuleFault)(
            f"{d.location()}: runtime-error: {message} (at {d.path})"
            + (f": {source[:120]}" if source else "")
        )

    return fault


def located(f, site):
    """An effect statement whose Python errors (reading a part of none, mostly) become a
    RuleFault located at the statement (``site``: its fault site and keyword)."""

    def run(g, e):
        try:
            return f(g, e)
        except STATEMENT_FAILURES as exc:
            raise statement_fault(site, exc) from None

    return run


class OverLimit(ValueError):
    """A ``set`` that would store a number or a collection past the rules' limits
    (``limits.MAX_INT``, ``limits.MAX_COLLECTION``): located at the statement."""


STATEMENT_FAILURES = (TypeError, AttributeError, KeyError, ValueFault, OverLimit)  # what a location replaces


def statement_fault(site, exc) -> RuleFault:
    """The fault of a statement (``site``: its fault site and keyword) that failed with ``exc``:
    a read of none (Python's own errors about None, AttributeError, KeyError), a value past
    the limits, else values of mismatched kinds. Both backends come here with the same
    failures."""
    where, keyword = site
    if isinstance(exc, OverLimit):
        return where(str(exc))
    if isinstance(exc, ValueFault):
        none = isinstance(exc, NoneFault)
    else:
        none = not isinstance(exc, TypeError) or "NoneType" in str(exc)
    if none:
        return where(f"'{keyword}' read a part of none (no component or seat is there)")
    return where(
        f"'{keyword}' met a value of the wrong kind (a text or a list where a number, "
        "a component or a seat is needed)"
    )


_NOTHING = " (none: nothing is there, as after a first(...) that found nothing, or the top of an empty zone)"


def operand_fault(where, sign: str, values) -> RuleFault:
    """The fault of operator ``sign`` given ``values`` it cannot work with (not numbers)."""
    shown = " and ".join(value_text(v) for v in values)
    need = "a number" if len(values) == 1 else "two numbers"
    none = any(v is None for v in values)
    return where(
        f"'{sign}' needs {need}, not {shown}" + (_NOTHING if none else ""), NoneFault if none else ValueFault
    )


def numbers_fault(where, func: str, verb: str, values) -> RuleFault:
    """The fault of ``sum``, ``max`` or ``min`` (``func``, which ``verb``s numbers) given
    ``values`` (worked out again) of which one is no number."""
    for v in values:
        if v is None or not isinstance(v, (int, float, Fraction)):
            return where(
                f"'{func}' {verb} numbers, not {value_text(v)}" + (_NOTHING if v is None else ""),
                NoneFault if v is None else ValueFault,
            )
    return where(f"'{func}' {verb} numbers", ValueFault)


def operator_fault(where, sign: str, fns, g, e, exc):
    """On the error path of ``a SIGN b`` (``fns``: its operands' callables): its operands worked
    out again (one that fails raises its own located fault) for :func:`operand_fault`; ``exc``
    itself when they are numbers (the failure came from further in)."""
    values = [f(g, e) for f in fns]
    if all(isinstance(v, int) for v in values):
        return exc
    return operand_fault(where, sign, values)


def part_fault(where, name: str, obj, what: str) -> RuleFault:
    """The fault of ``x.name`` read on ``obj``, which is none or no ``what``."""
    if obj is None:
        why = (
            "a variable holding none"
            if what == "seat"
            else "as after a first(...) that found nothing, or the top of an empty zone"
        )
        return where(f"'.{name}' of none: there is no {what} here ({why})", NoneFault)
    return where(f"'.{name}' needs {what}, not {value_text(obj)}", ValueFault)


def value_text(v) -> str:
    if v is True or v is False:
        return str(v).lower()
    if v is None:
        return "none"
    text = repr(v) if isinstance(v, (str, list, tuple, dict)) else str(v)
    return text if len(text) <= 60 else text[:57] + "..."


def index_fault(obj, key) -> str:
    if isinstance(obj, (list, tuple)) and isinstance(key, int) and not isinstance(key, bool):
        if key < 0:
            return f"index {key} is before the start of {value_text(list(obj))} (indexes count from 0)"
        return (
            f"index {key} is past the end of {value_text(list(obj))} ({len(obj)} items: 0 to {len(obj) - 1})"
        )
    if isinstance(obj, dict):
        return f"{value_text(key)} is not a key of {value_text(obj)}"
    return f"{value_text(obj)} cannot be indexed by {value_text(key)}"


def item_reader(where):
    """``item(obj, key)``: ``obj[key]``, a failure (or a negative list index: no counting from
    the end, -1 is a mistake, not the last) raised as the located fault ``where`` makes."""

    def item(obj, key):
        try:
            if key.__class__ is int and key < 0 and obj.__class__ is list:
                raise IndexError
            return obj[key]
        except (IndexError, KeyError, TypeError):
            raise where(index_fault(obj, key)) from None

    return item


def divider(where, op, sign: str):
    """``divide(left, right)``: ``op(left, right)`` (``//`` or ``%``), a division by zero raised
    as the located fault ``where`` makes."""

    def divide(left, right):
        try:
            return op(left, right)
        except ZeroDivisionError:
            raise where(f"division by zero: {value_text(left)} {sign} {value_text(right)}") from None
        except TypeError:
            raise operand_fault(where, sign, (left, right)) from None

    return divide
