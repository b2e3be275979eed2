"""What the compiler hands around: a compiled expression (:class:`C`), a define, a scope.

``C`` carries a callable ``fn(g, e)``, its static type, its value when constant, and the
shape facts (a property of a bound name, a count of its zone, ...) that let the
compiler and the engine fuse common expressions into one call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from . import ast as A
from . import types as T
from .parse import Origin

_NO = object()


@dataclass(frozen=True)
class C:
    """A compiled expression: its callable, its static type, and its value if constant."""

    fn: Callable
    t: T.T
    const: Any = _NO
    local: str | None = None  # the env key, when this is a plain read of a bound name
    prop: Any = None  # (env key, table) when this reads a property of a bound name
    zone_of: Any = None  # (env key, table) when this is a zone attached to a bound name
    count_of: Any = None  # (env key, table) when this counts such a zone
    top_of: Any = None  # (env key, table) when this is the top of such a zone
    count_test: Any = None  # (op, env key, table, constant) for count(x.zone) OP constant
    is_bool: bool = False  # the callable always returns True or False
    negated: Any = None  # a callable giving ``not fn(g, e)`` in one call, when there is one
    top_prop: Any = None  # (env key, zone table, property table) for top(x.zone).prop
    prop_test: Any = None  # (env key, property table, op, constant) for x.prop OP constant
    zone_src: Any = None  # the zone (a C), when this list is a zone's components in order
    src: str | None = None  # the same expression as Python source (compiler/dsl/pysource.py)
    depth: int = 0  # how deeply that source nests (bounded: MAX_SOURCE_DEPTH)
    first: Any = None  # (target, collection, condition or None, element) sources of a first(...)
    loop: Any = None  # (name, target, collection, condition or None, element) sources of an any/all(...)
    var: Any = None  # (scope, name) when this reads a variable that starts as none, type untold (held.py)
    walk: Any = (
        None  # (leading reader, zone source, cell source) for a line of a fixed direction (gridsource.py)
    )
    count_src: str | None = None  # source of how many elements this list has, without making it
    mixed: Any = None  # (property, component) when this reads a property of mixed kinds (types.prop_type)

    @property
    def is_const(self) -> bool:
        """Whether the value is known at compile time."""
        return self.const is not _NO


def const(value, t: T.T | None = None) -> C:
    """A compiled constant."""
    src = repr(value) if value is None or type(value) in (bool, int, str) else None
    return C(lambda g, e, v=value: v, t or T.of_value(value), value, src=src)


def retyped(c: C, t: T.T) -> C:
    """``c`` with the static type ``t`` (a conditional decided when the rules load keeps the
    type of both its branches, so a file checks the same whichever a ruling picks)."""
    return replace(c, t=t)


@dataclass
class Define:
    """A named expression from the rule file's ``define`` section."""

    name: str
    params: tuple
    body: A.Node
    origin: Origin
    text: str


class Scope:
    """The names one piece of DSL can see besides the global ones: name -> (env key, type)."""

    def __init__(self, names: dict | None = None, mutable: frozenset = frozenset()):
        self.names = dict(names or {})
        self.mutable = mutable  # the names a ``set NAME = ...`` may change: the block's ``let``s

    def bind(self, name: str, key: str, t: T.T, mutable: bool = False) -> Scope:
        """A child scope with one more name (``mutable``: a ``let``, which ``set`` may change)."""
        s = Scope(self.names, self.mutable | {name} if mutable else self.mutable - {name})
        s.names[name] = (key, t)
        return s
