"""The "did you mean" hints of unknown names and functions, pointed the right way.

A function named as other languages name it (``length``, ``len``, ``size``) is pointed at
this language's (``count``) before any spelling comparison, which would pick a name that
merely looks alike. Where only one kind of value fits (a zone, after ``roll`` or
``shuffle``), an unknown name is compared with the names of that kind only.
"""

from __future__ import annotations

import difflib

from ...shared import spelling
from .types import T

# what other languages call the DSL's functions
COMMON_NAMES = {
    "length": "count",
    "len": "count",
    "size": "count",
    "sizeof": "count",
    "number": "count",
    "maximum": "max",
    "minimum": "min",
    "total": "sum",
    "exists": "any",
    "some": "any",
    "every": "all",
    "forall": "all",
    "includes": "contains",
    "has": "contains",
    "absolute": "abs",
    "peek": "top",
    "last": "top",
}


# functions of other languages this one has no counterpart of: what to write instead
WRITTEN_OUT = {
    "range": "there is no range: write the numbers as a list, or name one as a parameter "
    "(houses: [0, 1, 2, 3]) and walk it ([h for h in houses])",
}


# values as YAML or other languages write them (``null``, ``None``, ``True``): this one's
OTHER_WORDS = {"null": "none", "nil": "none", "none": "none", "true": "true", "false": "false"}

# numbers written as words (``max_groups: "two"`` is read as a name)
NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}


def function_hint(cp, word: str, choices) -> str | None:
    """The hint of an unknown function ``word`` (``choices``: the functions and defines).

    A name as other languages call it, or a misspelling of one (``lenght``), points at this
    language's function when it is closer than any function's name."""
    lower = word.lower()
    known = COMMON_NAMES.get(lower)
    if known is None:
        alias = spelling.closest(lower, list(COMMON_NAMES), cutoff=0.75)
        direct = spelling.closest(word, choices)
        if alias is not None and (direct is None or _ratio(lower, alias) > _ratio(word, direct)):
            known = COMMON_NAMES[alias]
    if known is not None and known in cp.functions:  # as this language calls it
        f = cp.functions[known]
        return f"did you mean '{known}'? {f.doc}"
    if lower in WRITTEN_OUT and word not in choices:
        return WRITTEN_OUT[lower]
    return cp.suggest(word, choices)


def expecting(cp, node, scope, kind: str):
    """Compile ``node`` where a value of ``kind`` (``"zone"``) is needed: if it is an unknown
    name, the hint names only names of that kind."""
    saved, cp.wanted = cp.wanted, (node, kind)
    try:
        return cp.expr(node, scope)
    finally:
        cp.wanted = saved


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(a=a, b=b).ratio()


def name_hint(cp, node, scope) -> str | None:
    """The hint of the unknown name ``node`` (an A.Name); a number written as a word is told
    to be written in digits, not pointed at a name that looks alike (``two`` is not ``won``)."""
    word = node.id
    if word.lower() in OTHER_WORDS:  # null, None, True: as YAML or another language writes them
        said = OTHER_WORDS[word.lower()]
        return (
            f"this language writes '{said}'{', in lower case' if said == word.lower() else ''}, not '{word}'"
        )
    if word.lower() in NUMBER_WORDS:
        return f"a number is written in digits: {NUMBER_WORDS[word.lower()]}, not '{word}'"
    if word in getattr(cp, "effect_lets", ()):  # a tell's field reading a let of the effect
        return (
            f"'{word}' is a let inside the effect, gone when the effect ends: a tell sees the "
            f"parameters and the action's own let:; keep the value in a variable (declare it under "
            f"variables: turn, set turn.{word} = ... in the effect, tell {{turn.{word}}})"
        )
    if cp.wanted is None or cp.wanted[0] is not node:
        return cp.suggest(word, cp.known_names(scope))
    # a zone is needed here: the shared zones, and bound names and defines that are one
    zones = [z.name for z in cp.m.zones.values() if z.per is None] + [
        k for k, v in scope.names.items() if isinstance(v, tuple) and v[1].kind == "zone"
    ]
    close = cp.suggest(word, zones)
    if close is not None or not zones:
        return close
    shown = ", ".join(zones[:8]) + (", ..." if len(zones) > 8 else "")
    return f"a zone is needed here; the shared zones are {shown}"


def type_hint(t) -> str | None:
    """The hint of a type error about ``t``: for an item of a list mixing kinds, how that happens."""
    if not t.mix:
        return None
    bare = "; in YAML a bare word is a text, not a name" if "str" in t.mix else ""
    kinds = " and ".join(sorted(str(T(k)) for k in t.mix))
    return f"its items mix {kinds}{bare}: give them all one kind"


def table_key(cp, n, o, i) -> tuple[str, str | None] | None:
    """The type error of a table ``o`` read with a value ``i`` that cannot be one of its keys:
    a component (its number inside the engine is no key a rule file writes: ``tbl[c]`` for
    ``tbl[c.rank]``), a zone or a list; or, for a table known now whose keys are all numbers
    (all texts), a text (a number). None when the key may fit."""
    kind = i.t.kind
    if kind in ("comp", "zone", "list", "seats"):
        hint = _property_hint(cp, n, o, i.t.types) if kind == "comp" else None
        return f"a table's key is a number or a text, but this is {i.t}", hint
    keys = list(o.const) if o.is_const and isinstance(o.const, dict) else []
    kinds = {k.__class__ for k in keys}
    if (
        keys
        and kind in ("int", "str")
        and kinds in ({int}, {str})
        and kinds != {int if kind == "int" else str}
    ):
        shown = ", ".join(spelling_of(k) for k in keys[:4]) + (", ..." if len(keys) > 4 else "")
        return (
            f"the keys of this table are {T('str' if str in kinds else 'int').plural()} ({shown}), but this is {i.t}",
            None,
        )
    return None


def spelling_of(key) -> str:
    """A table key as the file writes it."""
    return repr(key) if isinstance(key, str) else str(key)


def _property_hint(cp, n, o, types) -> str:
    """Which property of the component to read instead: those whose every value is a key of
    the table first (when the table is known now)."""
    m = cp.m
    props = sorted(set().union(*(m.type_props.get(t, set()) for t in types))) if types else []
    if o.is_const and isinstance(o.const, dict):
        comps = [c for c, t in enumerate(m.ctype) if t in types]
        fit = [p for p in props if comps and all(m.props[p][c] in o.const for c in comps)]
        props = fit or props
    if not props:
        return "a table is read with a number or a text"
    obj = n.obj.id if n.obj.__class__.__name__ == "Name" else "table"
    var = n.index.id if n.index.__class__.__name__ == "Name" else "c"
    return f"read one of its properties: {obj}[{var}.{props[0]}]" + (
        f" ({', '.join(props[1:4])} are others)" if len(props) > 1 else ""
    )


def deal_to_a_players_zone(cp, to, scope) -> None:
    """``deal N from deck to hand``: a per-player zone named alone where 'deal' deals to one
    zone; most likely every seat's was meant (``to each hand``), so the error says that."""
    per = cp.m.zones.get(to.id) if to.__class__.__name__ == "Name" and to.id not in scope.names else None
    if per is not None and per.per == "player":
        cp.error(
            to,
            "zone-needs-owner",
            f"'{per.name}' is a zone of each player: deal to every seat's with 'to each {per.name}'",
            f"'to each {per.name}' deals to every seat, start player first; "
            f"to one seat's, name whose: to me.{per.name}",
        )
