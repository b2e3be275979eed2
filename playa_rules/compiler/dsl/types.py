"""Static types of DSL values, checked while compiling so mistakes surface in the file.

A value is a number, a truth value, a text, a seat, a component (of some component
types), a zone (holding some types), a list, or ``none``. ``ANY`` switches checks off
where the compiler cannot know (for example an element of a list parameter). An item of a
constant list (or table) whose items are of several kinds (``[1, x, 3]``) is ``any`` with
those kinds in ``mix``: it may stand only where each of them may (not where a number is needed).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class T:
    """A static type: ``kind`` plus, for components and zones, the component types."""

    kind: str
    types: frozenset = frozenset()
    elem: T | None = None
    mix: frozenset = frozenset()  # kind "any": the kinds an item of a mixed constant list may be

    def __str__(self) -> str:
        if self.mix:
            return f"{' or '.join(_WORDS.get(k, k) for k in sorted(self.mix))} (an item of a list that mixes them)"
        if self.kind in ("comp", "zone") and self.types:
            return f"{'a component' if self.kind == 'comp' else 'a zone'} ({', '.join(sorted(self.types))})"
        if self.kind == "list" and self.elem is not None:
            return f"a list of {self.elem.plural()}"
        return _WORDS.get(self.kind, self.kind)

    def plural(self) -> str:
        """Several values of this type, as in "a list of numbers"."""
        if self.mix or self.kind not in _PLURALS:
            return f"items each {self}"
        if self.kind in ("comp", "zone") and self.types:
            return f"{_PLURALS[self.kind]} ({', '.join(sorted(self.types))})"
        if self.kind == "list" and self.elem is not None:
            return f"lists of {self.elem.plural()}"
        return _PLURALS[self.kind]

    @property
    def is_collection(self) -> bool:
        """A zone or a list: something to count, iterate or filter."""
        return self.kind in ("zone", "list", "any")

    def element(self) -> T:
        """The type of one element of this collection."""
        if self.kind == "zone":
            return T("comp", self.types)
        if self.kind == "list" and self.elem is not None:
            return self.elem
        return ANY


_PLURALS = {
    "seats": "lists of seats",
    "int": "numbers",
    "bool": "truth values",
    "str": "texts",
    "seat": "seats",
    "comp": "components",
    "zone": "zones",
    "list": "lists",
}

_WORDS = {
    "seats": "a list of seats",
    "int": "a number",
    "bool": "a truth value",
    "str": "a text",
    "seat": "a seat",
    "comp": "a component",
    "zone": "a zone",
    "list": "a list",
    "any": "a value",
    "none": "none",
    "effect": "an effect",
}

_SIMPLE = {bool, int, str}

INT = T("int")
BOOL = T("bool")
STR = T("str")
SEAT = T("seat")
NONE = T("none")
ANY = T("any")


def comp(types) -> T:
    """A component of the given types."""
    return T("comp", frozenset(types))


def zone(types) -> T:
    """A zone holding the given types."""
    return T("zone", frozenset(types))


def list_of(elem: T) -> T:
    """A list whose elements have type ``elem``."""
    return T("list", elem=elem)


def of_value(v) -> T:
    """The type of a constant from the rule file."""
    if isinstance(v, bool):
        return BOOL
    if isinstance(v, int):
        return INT
    if isinstance(v, str):
        return STR
    if v is None:
        return NONE
    if isinstance(v, list):
        return list_of(items_of(v))
    if isinstance(v, dict):
        return T("table", elem=items_of(list(v.values())))
    return ANY


def items_of(values: list) -> T:
    """The type of an item of a constant list: the join of its items' types; items of several
    kinds (numbers and texts) make ``any`` with those kinds in ``mix`` (``none`` items join
    like an unset value)."""
    classes = {x.__class__ for x in values}
    if len(classes) == 1 and classes <= _SIMPLE:  # the common case: no walk over the items
        return of_value(values[0])
    return join_all([of_value(x) for x in values])


def join_all(types: list) -> T:
    """The type of a value that is any one of ``types`` (the items of a list); ``any`` with
    the kinds in ``mix`` when they are of several kinds."""
    out, kinds = None, set()
    for t in types:
        if t.kind != "none":
            kinds.add(t.kind)
        out = t if out is None else join(out, t)
    if out is None:
        return ANY
    if out.kind == "any" and len(kinds) > 1:
        return T("any", mix=frozenset(kinds))
    return out


def join(a: T, b: T) -> T:
    """The type of a value that is either ``a`` or ``b`` (if/else branches)."""
    if a == b:
        return a
    if a.kind == "none":
        return b
    if b.kind == "none":
        return a
    if a.kind == b.kind and a.kind in ("comp", "zone"):
        return T(a.kind, a.types | b.types)
    return ANY


def accepts(expected: str, got: T) -> bool:
    """Whether a value of type ``got`` may stand where ``expected`` (a kind) is needed."""
    if got.mix:  # an item of a mixed list: only where each kind it may be would stand
        return all(accepts(expected, T(k)) for k in got.mix)
    if got.kind in ("any", expected):
        return True
    if expected == "collection":
        return got.is_collection
    if expected == "seats":  # a list of seats (a simultaneous step's)
        return got.kind in ("list", "any") and accepts("seat", got.element())
    if expected == "comp" and got.kind == "none":
        return True
    if expected == "seat" and got.kind in ("none", "int"):
        return True
    if expected == "int" and got.kind == "bool":
        return False
    return expected == "any"


def prop_type(model, name: str) -> tuple:
    """``(type, odd)``: the static type of property ``name`` of ``model``'s components, over
    those that have it (a number, a text...; ``any`` with the kinds in ``mix`` when they differ:
    ``value: "two"`` among numbers), and then the first component of the kind the fewest
    have: the odd one. Worked out once per model."""
    known = model.prop_types.get(name)
    if known is None:
        known = model.prop_types[name] = _prop_type(model.props.get(name, ()))
    return known


def _prop_type(values) -> tuple:
    found = [(c, v) for c, v in enumerate(values) if v is not None]
    t = items_of([v for _, v in found]) if found else ANY
    if not t.mix:
        return t, None
    if "any" in t.mix:  # a number that is no whole number (0.5) among them: no kind to check
        return ANY, None
    kinds: dict = {}
    for c, v in found:
        kinds.setdefault(of_value(v).kind, []).append(c)
    return t, min(kinds.values(), key=len)[0]
