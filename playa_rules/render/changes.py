"""What a variant changes, rule by rule, in words: a walk over two rule data trees.

Items are matched by what names them, never by where they stand: actions, zones and
rulings by key; phases, steps, scoring rules and tie-breaks by ``id``. Only lists of
conditions (an action's ``require``) and of items are compared item by item, aligned like a text
diff, so a replaced requirement is one change and an inserted one does not renumber
the rest into changes; a component type's items read "item 6 added: ...".

    >>> base = {"rulings": {"may_pass": {"value": False, "question": "May a player pass?"}}}
    >>> new = {"rulings": {"may_pass": {"value": True, "question": "May a player pass?"}}}
    >>> [c.sentence for c in describe_changes(base, new)]
    ['Ruling `may_pass`: now `true` (was `false`): May a player pass?']
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from typing import Any

from .words import prose

# Top-level keys and the section they belong to, in the order changes are listed.
SECTIONS: dict[str, str] = {
    "game": "game",
    "title": "game",
    "source": "game",
    "players": "game",
    "assumptions": "assumption",
    "rulings": "ruling",
    "parameters": "parameter",
    "components": "component",
    "zones": "zone",
    "variables": "variable",
    "define": "definition",
    "procedures": "procedure",
    "setup": "setup",
    "actions": "action",
    "phases": "phase",
    "scoring": "scoring rule",
    "match": "match",
    "automata": "automaton",
}
SECTION_ORDER: tuple[str, ...] = (
    "game",
    "assumption",
    "ruling",
    "parameter",
    "component",
    "zone",
    "variable",
    "definition",
    "procedure",
    "setup",
    "action",
    "phase",
    "step",
    "automaton",
    "scoring rule",
    "match",
)
# Not rules: the schema pointer and a variant file's own header.
IGNORED: frozenset[str] = frozenset({"$schema", "extends", "variant"})
# Texts for people: shown in quotes, not as code.
TEXTS: frozenset[str] = frozenset({"title", "source", "about", "question", "cites", "means", "rule"})
# Bookkeeping, not rules: the game's own value a merged ruling or assumption remembers.
_SKIPPED = (("rulings", "*", "default"), ("assumptions", "*", "default"))
# Values compared whole, however deep: a parameter's table, an action's parameter, a variable.
_WHOLE = (
    ("parameters", "*"),
    ("define", "*"),
    ("procedures", "*"),
    ("variables", "*"),
    ("actions", "*", "params", "*"),
    ("actions", "*", "let", "*"),
    ("components", "*", "vars", "*"),
    ("rulings", "*", "alternatives"),
    ("assumptions", "*", "alternatives"),
    ("automata", "*", "seats"),
    ("automata", "*", "plays"),
)
_MISSING = object()
# Lists of items compared item by item: a component type's items.
_ITEMS = (("components", "*", "items"),)


@dataclass(frozen=True)
class Change:
    """One difference between two rule sets: what changed, from what, to what, in a sentence."""

    kind: str  # "added", "removed" or "changed"
    section: str  # "action", "ruling", "step"... (see SECTION_ORDER)
    what: str  # "action place_towels, requirement 3"
    before: Any
    after: Any
    sentence: str  # Markdown: "Action `place_towels`, requirement 3: now `...` (was `...`)"


def describe_changes(base_spec: dict, new_spec: dict) -> list[Change]:
    """Every difference between two rule data trees, section by section, each in words."""
    out: list[Change] = []
    keys = [k for k in base_spec if k not in IGNORED] + [
        k for k in new_spec if k not in IGNORED and k not in base_spec
    ]
    for key in keys:
        old, new = base_spec.get(key, _MISSING), new_spec.get(key, _MISSING)
        if key == "variables":
            old, new = _flat_variables(old), _flat_variables(new)
        if isinstance(old, (dict, list)) and new is _MISSING:  # a whole section: entry by entry
            new = type(old)()
        elif isinstance(new, (dict, list)) and old is _MISSING:
            old = type(new)()
        for path, before, after, *where in _diff(old, new, (key,)):
            out.append(_change(path, before, after, base_spec, new_spec, *where))
    order = {s: i for i, s in enumerate(SECTION_ORDER)}
    return sorted(out, key=lambda c: order.get(c.section, len(order)))  # stable: file order within a section


def changes_markdown(changes: list[Change], headings: bool = True) -> str:
    """The changes as a Markdown list, grouped under one heading per section."""
    lines: list[str] = []
    for section in SECTION_ORDER + tuple(sorted({c.section for c in changes} - set(SECTION_ORDER))):
        group = [c for c in changes if c.section == section]
        if not group:
            continue
        if headings:
            lines += ["", f"## {_plural(section).capitalize()}", ""]
        lines += [f"- {c.sentence}" for c in group]
    return "\n".join(lines).strip("\n") + "\n" if lines else ""


# ---------------------------------------------------------------- the walk
def _diff(old, new, path):
    """(path, before, after) for every difference; a path names list items by id or position."""
    if _same(old, new) or _matches(path, _SKIPPED):
        return
    if old is _MISSING or new is _MISSING or _matches(path, _WHOLE):
        yield path, old, new
    elif isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            yield from _diff(old.get(key, _MISSING), new.get(key, _MISSING), path + (key,))
    elif _by_id(old) and _by_id(new):
        olds, news = {i["id"]: i for i in old}, {i["id"]: i for i in new}
        order = list(news)
        for key in list(olds) + [k for k in news if k not in olds]:
            if key not in olds:  # a new part: say where it went
                at = order.index(key)
                yield path + (key,), _MISSING, news[key], ("first" if at == 0 else f"after `{order[at - 1]}`")
                continue
            yield from _diff(olds.get(key, _MISSING), news.get(key, _MISSING), path + (key,))
        common = [k for k in olds if k in news]
        if common != [k for k in news if k in olds]:
            yield path + ("#order",), [i["id"] for i in old], [i["id"] for i in new]
    elif path[-1] == "require" and isinstance(old, list) and isinstance(new, list):
        yield from _diff_conditions(old, new, path)
    elif _matches(path, _ITEMS) and isinstance(old, list) and isinstance(new, list):
        yield from _diff_items(old, new, path)
    else:
        yield path, old, new


def _aligned(old: list, new: list):
    """Two lists aligned like a text diff: ``(place, before, after)`` for each item that differs,
    its place counted from 1 (in the new list where it has one), ``_MISSING`` on the side
    that has no such item."""
    matcher = difflib.SequenceMatcher(a=[_text(x) for x in old], b=[_text(x) for x in new], autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        pairs = min(i2 - i1, j2 - j1) if op == "replace" else 0
        for k in range(pairs):
            yield j1 + k + 1, old[i1 + k], new[j1 + k]
        for k in range(i1 + pairs, i2):
            yield k + 1, old[k], _MISSING
        for k in range(j1 + pairs, j2):
            yield k + 1, _MISSING, new[k]


def _diff_conditions(old: list, new: list, path):
    for place, before, after in _aligned(old, new):
        yield path + (place,), before, after


def _diff_items(old: list, new: list, path):
    """A component type's items, aligned like a text diff: an item added or removed is one
    change, an item that differs in a few keys (its ``count``) is changed key by key."""
    for place, before, after in _aligned(old, new):
        if isinstance(before, dict) and isinstance(after, dict):
            yield from _diff(before, after, path + (place,))
        else:
            yield path + (place,), before, after


def _by_id(value) -> bool:
    return isinstance(value, list) and all(isinstance(i, dict) and "id" in i for i in value)


def _matches(path, patterns) -> bool:
    return any(len(p) == len(path) and all(a in ("*", b) for a, b in zip(p, path)) for p in patterns)


def _same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return (
        type(a) is type(b)
        and a == b
        or (isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b)
    )


def _flat_variables(scopes):
    if not isinstance(scopes, dict):
        return scopes
    return {
        f"{scope}.{name}": value for scope, names in scopes.items() for name, value in (names or {}).items()
    }


# ---------------------------------------------------------------- the words
def _name(path) -> tuple[str, list]:
    """The section of ``path`` and its name as parts: (label, id or None)."""
    top = path[0]
    section = SECTIONS.get(top, top)
    if top in ("title", "source", "players", "game"):
        return "game", [(top, None)]
    if top in ("setup",):
        return section, [("setup", None)]
    if len(path) == 1:
        return section, [(_plural(section), None)]
    parts: list = []
    rest = list(path[1:])
    if top == "match":
        parts.append(("match", None))
    elif rest[0] == "#order":
        return section, [(f"order of the {_plural(section)}", None)]
    else:
        parts.append((section, rest.pop(0)))
    if top in ("rulings", "assumptions") and rest == ["value"]:
        rest = []
    while rest:
        field = rest.pop(0)
        if field == "steps" and top == "phases":
            section = "step"
            if rest and rest[0] == "#order":
                parts.append(("order of the steps", None))
                rest.pop(0)
            elif rest:
                parts.append(("step", rest.pop(0)))
            else:
                parts.append(("steps", None))
        elif field == "require" and rest:
            parts.append(("requirement", rest.pop(0)))
        elif field == "items" and top == "components" and rest:
            parts.append(("item", rest.pop(0)))
        elif field in ("params", "let", "vars", "tie_breaks") and rest:
            label = {"params": "parameter", "let": "value", "vars": "variable"}.get(field)
            label = label or field.replace("_", "-")[:-1]  # tie_breaks: tie-break
            if rest[0] == "#order":
                parts.append((f"order of the {label}s", None))
                rest.pop(0)
            else:
                parts.append((label, rest.pop(0)))
        else:
            parts.append((field.replace("_", " ") if isinstance(field, str) else field, None))
    return section, parts


def _plural(section: str) -> str:
    return {"match": "match", "setup": "setup", "game": "game", "automaton": "automata"}.get(
        section, section + "s"
    )


def _what(parts, markdown: bool) -> str:
    words = []
    for label, name in parts:
        if name is None:
            words.append(label)
        elif isinstance(name, int):
            words.append(f"{label} {name}")
        else:
            words.append(f"{label} `{name}`" if markdown else f"{label} {name}")
    return ", ".join(words)


def _change(path, before, after, base_spec: dict, new_spec: dict, where: str | None = None) -> Change:
    section, parts = _name(path)
    kind = "added" if before is _MISSING else "removed" if after is _MISSING else "changed"
    what_md = _what(parts, markdown=True)
    head = what_md[:1].upper() + what_md[1:]
    is_text = isinstance(path[-1], str) and path[-1] in TEXTS
    if is_text:  # a text's {constants} read as each side plays them
        before, after = (
            prose("en", before, constants_of(base_spec)),
            prose("en", after, constants_of(new_spec)),
        )
    if kind != "changed" and _matches(path[:-1], _ITEMS):  # an item: all its keys, whatever they are
        sentence = f"{head} {kind}: " + _show(after if kind == "added" else before, False)
    elif kind == "added":
        sentence = f"{head} added" + (f" ({where})" if where else "") + _detail(after, new_spec)
    elif kind == "removed":
        sentence = f"{head} removed" + _detail(before, base_spec)
    elif _multiline(before) or _multiline(after):
        sentence = f"{head}: " + _lines_changed(str(before), str(after))
    else:
        sentence = f"{head}: now {_show(after, is_text)} (was {_show(before, is_text)})"
        context = _context(path, new_spec)
        if context:
            sentence += f": {context}"
    return Change(
        kind,
        section,
        _what(parts, markdown=False),
        None if before is _MISSING else before,
        None if after is _MISSING else after,
        sentence,
    )


def constants_of(spec: dict) -> dict:
    """The parameters, assumptions and rulings of rule data, by name: what a text's
    ``{fields}`` read."""
    out = dict(spec.get("parameters") or {}) if isinstance(spec.get("parameters"), dict) else {}
    for part in ("assumptions", "rulings"):
        for name, entry in (spec.get(part) or {}).items() if isinstance(spec.get(part), dict) else ():
            if isinstance(entry, dict) and "value" in entry:
                out[name] = entry["value"]
    return out


def _context(path, spec: dict) -> str | None:
    """What a changed value is about: a ruling's question, an assumption's ``about``."""
    if path[0] in ("rulings", "assumptions") and len(path) <= 3 and path[-1] in (path[1], "value"):
        entry = (spec.get(path[0]) or {}).get(path[1])
        if isinstance(entry, dict):
            text = entry.get("question") or entry.get("about")
            return " ".join(prose("en", text, constants_of(spec)).split()) if isinstance(text, str) else None
    return None


def _detail(value, spec: dict) -> str:
    if isinstance(value, dict):
        for key in ("rule", "question", "about"):
            if isinstance(value.get(key), str):
                return ": " + " ".join(prose("en", value[key], constants_of(spec)).split())
        if "value" in value and len(value) <= 2:
            return ": " + _show(value["value"], False)
        return ": " + _show(value, False) if len(_text(value)) <= 120 else ""
    if _multiline(value):
        return ": " + "; ".join(
            _code(line.strip()) for line in str(value).strip().splitlines() if line.strip()
        )
    return ": " + _show(value, False)


def _lines_changed(before: str, after: str) -> str:
    old = [line.strip() for line in before.strip().splitlines() if line.strip()]
    new = [line.strip() for line in after.strip().splitlines() if line.strip()]
    parts = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op in ("replace", "delete"):
            parts += [f"drops {_code(line)}" for line in old[i1:i2]]
        if op in ("replace", "insert"):
            parts += [f"adds {_code(line)}" for line in new[j1:j2]]
    return (
        "; ".join(parts) if parts else "now " + _code(" ".join(new)) + " (was " + _code(" ".join(old)) + ")"
    )


def _multiline(value) -> bool:
    return isinstance(value, str) and "\n" in value.strip()


def _show(value, is_text: bool) -> str:
    if is_text and isinstance(value, str):
        return "“" + " ".join(value.split()) + "”"
    return _code(_text(value))


def _text(value) -> str:
    """A value as the rule file writes it (``true``, ``[1, 2]``, ``own``)."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_text(k)}: {_text(v)}" for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False)


def _code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
