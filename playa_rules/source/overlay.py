"""Variants: short overlay files that change a game by id, merged before validation.

A variant file names what it ``extends`` (a game, or another variant) and holds only
what changes, in the shape of a rule file:

- a mapping merges key by key: a new key adds, a key holding ``null`` removes, a value
  replaces (``rulings: {x: true}`` is short for ``rulings: {x: {value: true}}``);
- a list whose items have ids (``phases``, ``steps``, ``scoring``, ``tie_breaks``)
  merges by id: an item with a known id changes that item, ``{id: x, remove: true}``
  removes it, and a new id is added where ``before: ID``, ``after: ID`` or
  ``at: start|end`` says;
- any other list is replaced, or changed with ``{add: [...], remove: [...]}``.

The result is one :class:`Layered` document: the merged data, and for every value the
file, line and column it was written at, so validation and compilation report errors
in the file that caused them. Two variants that change the same thing differently are
an error unless one extends the other (then the later one wins, on purpose).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from ..errors import Diagnostic, spelled
from ..shared.spelling import closest, did_you_mean
from .document import Document, escape_pointer_segment
from .layered import Layer, Layered, Prov
from .nouns import NOUNS, TOP_NAMED

META_KEYS = ("$schema", "extends", "variant", "title", "about", "source")
CHOICES = ("rulings", "assumptions")  # sections whose entries a bare value sets (their `value`)
_POSITION_KEYS = ("before", "after", "at")
_LIST_OPS = ("add", "remove")


@dataclass
class _Change:
    path: tuple
    layer: Layer
    ptr: str
    kind: str  # "set" (a value replaced, added or removed) or "items" (list items added/removed)
    value: Any = None


def describe(path: tuple) -> str:
    """A merged path in words: ``('actions', 'bury', 'require', 'x')`` -> "action 'bury', requirement 'x'"."""
    words, i = [], 0
    while i < len(path):
        part = path[i]
        noun = NOUNS.get(part) if isinstance(part, str) else None
        if noun and i + 1 < len(path):
            words.append(f"{noun} '{path[i + 1]}'")
            i += 2
        else:
            words.append(f"'{part}'" if i else str(part))
            i += 1
    return ", ".join(words) if words else "the rules"


class _Merger:
    """Applies one layer onto the merged data, recording what it changes."""

    def __init__(self, layer: Layer, changes: list[_Change], errors: list[Diagnostic], base_name: str):
        self.layer = layer
        self.doc = layer.doc
        self.changes = changes
        self.errors = errors
        self.base_name = base_name
        self.mine: list[_Change] = []
        self.added: list[tuple] = []  # (pointer, path, name, the names already there): new named things

    def error(self, ptr: str, code: str, message: str, hint: str | None = None, key: bool = False) -> None:
        self.errors.append(self.doc.diagnostic(ptr, code, message, key=key, hint=hint))

    def record(self, path: tuple, ptr: str, kind: str, value=None) -> None:
        self.mine.append(_Change(path, self.layer, ptr, kind, value))

    # ------------------------------------------------------------ mappings
    def merge_map(self, m: dict, prov: Prov, o: dict, optr: str, path: tuple) -> None:
        kids = prov.open(m)
        for k, ov in o.items():
            kp = f"{optr}/{escape_pointer_segment(k)}"
            if ov is None:
                if k not in m:
                    self.error(
                        kp,
                        "overlay-target",
                        f"removes {describe(path + (k,))}, which {self.base_name} does not have",
                        did_you_mean(k, m),
                        key=True,
                    )
                    continue
                del m[k]
                kids.pop(str(k), None)
                self.record(path + (k,), kp, "set", None)
            elif k not in m:
                if _names_things(path) and m:
                    self.added.append((kp, path, k, [str(x) for x in m]))
                m[k] = copy.deepcopy(ov)
                kids[str(k)] = Prov(self.doc, kp)
                self.record(path + (k,), kp, "set", ov)
            else:
                if (
                    k == "value"
                    and len(path) == 2
                    and path[0] in CHOICES
                    and "default" not in m
                    and m[k] != ov
                    and "alternatives" not in o
                ):  # (new alternatives: a new ruling)
                    m["default"] = copy.deepcopy(m[k])  # what the game says, for the reader and the checks
                    kids["default"] = kids[str(k)]
                self.merge_value(m, k, kids, ov, kp, path + (k,))

    def merge_value(self, container, k, kids, ov, kp: str, path: tuple) -> None:
        mv = container[k]
        slot = k if isinstance(container, list) else str(k)
        if (
            isinstance(mv, dict)
            and isinstance(ov, dict)
            and ov
            and set(ov) <= set(_LIST_OPS)
            and not set(ov) & set(mv)
            and all(isinstance(v, list) for v in ov.values())
        ):
            self.error(
                kp,
                "overlay-shape",
                f"{describe(path)} is a mapping of named entries, not a list: "
                f"'{next(iter(ov))}' would add an entry of that name",
                "change or add an entry by its name, remove one with 'name: null'",
                key=True,
            )
        elif isinstance(mv, dict) and isinstance(ov, dict):
            self.merge_map(mv, kids[slot], ov, kp, path)
        elif isinstance(mv, list) and isinstance(ov, list) and _has_ids(mv):
            self.merge_ids(mv, kids[slot], ov, kp, path)
        elif isinstance(mv, list) and isinstance(ov, dict) and ov and set(ov) <= set(_LIST_OPS):
            self.list_ops(mv, kids[slot], ov, kp, path)
        elif isinstance(mv, dict) and len(path) == 2 and path[0] in CHOICES and "value" in mv:
            self.merge_map(mv, kids[slot], {"value": ov}, kp, path)  # `x: true` sets x's value
        else:
            if isinstance(ov, dict) and isinstance(mv, list) and _has_ids(mv):
                self.error(
                    kp,
                    "overlay-shape",
                    f"{describe(path)} is a list of parts with ids: give a list "
                    "of items, each with the 'id' of the part it changes, removes or adds",
                )
                return
            container[k] = copy.deepcopy(ov)
            kids[slot] = Prov(self.doc, kp)
            self.record(path, kp, "set", ov)

    # ------------------------------------------------------------ lists of parts with ids
    def merge_ids(self, m: list, prov: Prov, o: list, optr: str, path: tuple) -> None:
        kids = prov.open(m)
        ids = [x.get("id") for x in m]  # kept in step with m (in C: no list rebuilt per item)
        for i, item in enumerate(o):
            ip = f"{optr}/{i}"
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                self.error(
                    ip,
                    "overlay-shape",
                    f"each item given for {describe(path)} needs the 'id' of the "
                    f"{NOUNS.get(path[-1], 'part')} it changes, removes or adds",
                )
                continue
            ident = item["id"]
            at = ids.index(ident) if ident in ids else None
            noun = NOUNS.get(path[-1], "part")
            if item.get("remove") is True:
                if at is None:
                    self.error(
                        ip + "/id",
                        "overlay-target",
                        f"removes {noun} '{ident}', which {describe(path)} of {self.base_name} does not have",
                        did_you_mean(ident, ids),
                    )
                else:
                    del m[at]
                    del kids[at]
                    del ids[at]
                    self.record(path + (ident,), ip, "set", None)
                continue
            body = {k: v for k, v in item.items() if k not in _POSITION_KEYS and k != "remove"}
            wanted = [k for k in _POSITION_KEYS if k in item]
            if at is None and not wanted:
                self.error(
                    ip + "/id",
                    "overlay-target",
                    f"no {noun} '{ident}' in {describe(path)} of {self.base_name} to change",
                    did_you_mean(ident, ids)
                    or f"to add a new {noun}, say where it goes: 'before: ID', "
                    "'after: ID' or 'at: start' / 'at: end'",
                )
                continue
            if wanted:
                others = ids if at is None else [x for x in ids if x != ident]
                spot = self.position(item, wanted, ip, others, noun)
                if spot is None:
                    continue
                if at is not None:  # an existing part moves, then merges
                    moved, moved_prov = m.pop(at), kids.pop(at)
                    del ids[at]
                    m.insert(spot, moved)
                    kids.insert(spot, moved_prov)
                    ids.insert(spot, ident)
                    self.record(path + (ident, "$position"), ip, "set", (wanted[0], item[wanted[0]]))
                    self.merge_map(moved, moved_prov, body, ip, path + (ident,))
                else:
                    m.insert(spot, copy.deepcopy(body))
                    kids.insert(spot, Prov(self.doc, ip))
                    ids.insert(spot, ident)
                    self.record(path + (ident,), ip, "set", body)
                continue
            self.merge_map(m[at], kids[at], body, ip, path + (ident,))

    def position(self, item: dict, wanted: list, ip: str, ids: list, noun: str) -> int | None:
        if len(wanted) > 1:
            self.error(
                ip + "/" + wanted[1],
                "overlay-shape",
                f"give one of 'before', 'after' or 'at', not {' and '.join(repr(w) for w in wanted)}",
            )
            return None
        key = wanted[0]
        anchor = item[key]
        if key == "at":
            if anchor not in ("start", "end"):
                self.error(ip + "/at", "overlay-shape", f"'at' is 'start' or 'end', not {spelled(anchor)}")
                return None
            return 0 if anchor == "start" else len(ids)
        if anchor not in ids:
            self.error(
                ip + "/" + key,
                "overlay-target",
                f"no {noun} '{anchor}' to put '{item['id']}' {key}",
                did_you_mean(anchor, ids),
            )
            return None
        return ids.index(anchor) + (key == "after")

    # ------------------------------------------------------------ other lists
    def list_ops(self, m: list, prov: Prov, ops: dict, optr: str, path: tuple) -> None:
        kids = prov.open(m)
        for j, value in enumerate(_as_list(ops.get("remove"))):
            if value not in m:
                self.error(
                    f"{optr}/remove" + (f"/{j}" if isinstance(ops.get("remove"), list) else ""),
                    "overlay-target",
                    f"removes {spelled(value)} from {describe(path)}, which does not hold it",
                    did_you_mean(value, m),
                )
                continue
            at = m.index(value)
            del m[at]
            del kids[at]
        added = _as_list(ops.get("add"))
        for j, value in enumerate(added):
            if value in m:
                continue  # adding what is there already changes nothing
            m.append(copy.deepcopy(value))
            kids.append(Prov(self.doc, f"{optr}/add" + (f"/{j}" if isinstance(ops.get("add"), list) else "")))
        self.record(path, optr, "items", ops)


def merge(base: Document, layers: list[Layer], base_name: str) -> Layered:
    """The base document with each layer applied in order, less the changes that cannot be
    made; their errors, and the ``unknown-change`` ones (names a variant adds that nothing
    uses), in the merged document's ``unknown_changes``."""
    data = copy.deepcopy(base.data)
    root = Prov(base, "")
    changes: list[_Change] = []
    errors: list[Diagnostic] = []
    added = []
    for layer in layers:
        merger = _Merger(layer, changes, errors, base_name)
        body = {k: v for k, v in layer.doc.data.items() if k not in META_KEYS}
        before = _named_parts(data)
        merger.merge_map(data, root, body, "", ())
        _drop_display_of_removed(data, root, before, layer)
        _conflicts(merger.mine, changes, errors)
        changes.extend(merger.mine)
        added += [(merger, *entry) for entry in merger.added]
    typos: list[Diagnostic] = []
    _typos(data, added, typos, base_name)
    removed = tuple(
        (c.path[-1], describe(c.path), c.layer.doc.diagnostic(c.ptr, "", "", key=True))
        for c in changes
        if c.kind == "set" and c.value is None and isinstance(c.path[-1], str)
    )
    merged = Layered(data, base, root, layers, removed)
    # a change that cannot be made is left out (a name a variant adds that nothing uses changes
    # nothing): the rules merged are whole, so the caller reports these errors with whatever
    # the later checks find in them
    merged.unknown_changes = _sorted(errors + typos)
    return merged


# display hints that name one kind of part: `display: {names: {id: ...}}` names phases, steps and
# scoring rules; `components` and `zones` name templates and zones
_DISPLAY_OF = {"names": "ids", "components": "components", "zones": "zones"}


def _named_parts(data: dict) -> dict[str, set]:
    """The names a ``display`` hint can name, by kind: the ids of phases, steps and scoring
    rules, the component templates and the zones."""
    phases = [ph for ph in _as_list(data.get("phases")) if isinstance(ph, dict)]
    ids = [ph.get("id") for ph in phases]
    ids += [st.get("id") for ph in phases for st in _as_list(ph.get("steps")) if isinstance(st, dict)]
    ids += [r.get("id") for r in _as_list(data.get("scoring")) if isinstance(r, dict)]
    return {
        "ids": {i for i in ids if isinstance(i, str)},  # (an id of another kind is the schema's error)
        "components": set(data["components"]) if isinstance(data.get("components"), dict) else set(),
        "zones": set(data["zones"]) if isinstance(data.get("zones"), dict) else set(),
    }


def _drop_display_of_removed(data: dict, root: Prov, before: dict[str, set], layer: Layer) -> None:
    """A part ``layer`` removed (a scoring rule, a phase and its steps, a zone...) takes with it
    the display hint that only named it, written before the layer (the game's name for the
    scoring rule): the author removed the part and never wrote the hint, so it is no mistake of
    theirs to warn about. A hint the layer itself writes for a part it removes is kept (and
    warned about)."""
    display = data.get("display")
    if not isinstance(display, dict):
        return
    after = _named_parts(data)
    shown = root.open(data).get("display")
    for key, kind in _DISPLAY_OF.items():
        hints = display.get(key)
        gone = before[kind] - after[kind]
        if not isinstance(hints, dict) or not gone or shown is None:
            continue
        kids = shown.open(display).get(key)
        if kids is None:
            continue
        kids = kids.open(hints)
        for name in [n for n in hints if n in gone]:
            where = kids.get(str(name))
            if where is None or where.doc is not layer.doc:
                del hints[name]
                kids.pop(str(name), None)


def _conflicts(mine: list[_Change], earlier: list[_Change], errors: list[Diagnostic]) -> None:
    for c in mine:
        for d in earlier:
            if d.layer.key == c.layer.key or d.layer.key in c.layer.ancestors:
                continue  # a variant may change what the variants it extends changed
            n = min(len(c.path), len(d.path))
            if c.path[:n] != d.path[:n]:
                continue
            if c.kind == d.kind == "items" or (
                c.kind == d.kind == "set" and c.path == d.path and c.value == d.value
            ):
                continue
            where = d.layer.doc.diagnostic(d.ptr, "x", "x")
            errors.append(
                c.layer.doc.diagnostic(
                    c.ptr,
                    "overlay-conflict",
                    f"variant '{c.layer.id}' and variant '{d.layer.id}' both change {describe(c.path[:n] or c.path)}",
                    key=c.kind == "set" and c.value is None,
                    hint=f"'{d.layer.id}' changes it at {where.location()}; use one of them, or make one "
                    f"extend the other so that it overrides it on purpose",
                )
            )
            break


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _names_things(path: tuple) -> bool:
    """Whether the keys at ``path`` name things (a parameter, an action...): a new key there may be a typo."""
    return (len(path) == 1 and path[0] in TOP_NAMED) or (len(path) == 2 and path[0] == "variables")


def _words(value, out: set) -> set:
    """Every identifier written in a string value (DSL texts, step action lists...)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.update(_WORD.findall(v))
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


def _typos(data: dict, added: list, errors: list[Diagnostic], base_name: str) -> None:
    """A variant that adds a named thing nothing uses, spelled like one the game has:
    a typo (``skull_pionts`` for ``skull_points``) that would otherwise change nothing."""
    if not added:
        return
    used = _words(data, set())
    for merger, ptr, path, key, existing in added:
        name = str(key).split("(")[0].strip()
        if name in used:
            continue  # something reads it: it adds something new on purpose
        shorts = [e.split("(")[0].strip() for e in existing]
        found = closest(name, shorts, cutoff=0.75)
        if found is None:
            continue
        noun = NOUNS.get(path[0], "entry") if path[0] != "variables" else f"{path[1]} variable"
        errors.append(
            merger.doc.diagnostic(
                ptr,
                "unknown-change",
                f"variant '{merger.layer.id}' adds {noun} '{name}', which nothing uses; {base_name} has "
                f"{noun} '{found}'",
                key=True,
                hint=f"did you mean '{found}'? (a new {noun} is fine once a rule uses it)",
            )
        )


def _has_ids(items: list) -> bool:
    return bool(items) and all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in items)


def _as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _sorted(diags: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(diags, key=lambda d: (d.file or "", d.line or 0, d.column or 0))
