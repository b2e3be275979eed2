"""The "did you mean" hints of unknown names and functions, pointed the right way.

A function named as other languages name it (``length``, ``len``, ``size``) is pointed at
this language's (``count``) before any spelling comparison, which would pick a name that
merely looks alike. Where only one kind of value fits (a zone, after ``roll`` or
``shuffle``), an unknown name is compared with the names of that kind only.
"""

from __future__ import annotations

import difflib

from ... import spelling
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
    if word.lower() in NUMBER_WORDS:
        return f"a number is written in digits: {NUMBER_WORDS[word.lower()]}, not '{word}'"
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
