"""Errors of DSL expressions while a game runs, located where the expression is written.

An expression that fails at play time (an index past the end of a list, a missing table
key, a division by zero) raises :class:`RuleFault`, whose one-line message names the file,
line and column of the expression, its pointer, the values involved and the source text;
the engine wraps it in the ``GameRuntimeError`` that names the action or phase.
"""
from __future__ import annotations


def fault_site(origin, text: str, pos):
    """A function making the RuleFault for an expression at ``pos`` of ``text`` (from ``origin``)."""
    def fault(message: str) -> "RuleFault":
        d = origin.diagnostic("runtime-error", message, text, pos)
        source = " ".join((d.source_line or "").split())
        return RuleFault(f"{d.location()}: runtime-error: {message} (at {d.path})"
                         + (f": {source[:120]}" if source else ""))
    return fault


def located(f, where, message: str):
    """An effect statement whose Python errors (reading a part of none, mostly) become a
    RuleFault located at the statement."""
    def run(g, e):
        try:
            return f(g, e)
        except (TypeError, AttributeError, KeyError):
            raise where(message) from None
    return run


class RuleFault(ValueError):
    """A DSL expression failed while the game ran; the message names its file, line and
    column and the values involved (the engine adds the action or phase it ran in)."""


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
        return f"index {key} is past the end of {value_text(list(obj))} ({len(obj)} items: 0 to {len(obj) - 1})"
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
    return divide
