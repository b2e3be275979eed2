"""Diagnostics caused by a variant, located at the variant's own line.

A variant changes values that rules of the game it extends read: a house rule setting
``skull_points: [0, 0, twelve, 18, 18]`` makes the base file's scoring rule fail to compile,
and the compiler reports the line of that rule, in a file the variant's author does not
have. Here such a diagnostic moves to the line of the variant that sets a name the failing
text reads (the latest variant first), and the base file's line becomes a ``note:`` beside
it: editors and CI annotate the author's file, and the rule that broke is still shown.

A type error about a parameter whose value is a mapping or a list (``gives: {3: "seven", 4: 7}``) points
inside it, at the first item whose kind the value it replaces never had (a text where the
game's table held only numbers), or, for a name the game did not have, at the first item of
the kind fewest items share: the line and column are the bad item's own, not the mapping's.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..errors import Diagnostic
from .document import escape_pointer_segment

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SECTIONS = ("parameters", "assumptions", "rulings", "define", "zones", "components", "variables", "actions")
"""Sections whose entries a variant sets by name (and rules read by that name)."""


def _names_set(layer) -> dict[str, str]:
    """The names ``layer`` (a variant) sets, each with its pointer in the variant file."""
    data = layer.doc.data if isinstance(layer.doc.data, dict) else {}
    out: dict[str, str] = {}
    for section in SECTIONS:
        entries = data.get(section)
        if isinstance(entries, dict):
            for key in entries:
                name = str(key).split("(")[0].strip()
                out.setdefault(name, f"/{section}/{escape_pointer_segment(key)}")
    for section in ("phases", "scoring"):
        for i, item in enumerate(data.get(section) or [] if isinstance(data.get(section), list) else []):
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                out.setdefault(item["id"], f"/{section}/{i}")
    return out


def _text_at(data, pointer: str):
    node = data
    for raw in pointer.split("/")[1:] if pointer else []:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def _kind(value) -> str:
    return (
        "bool"
        if isinstance(value, bool)
        else "number"
        if isinstance(value, (int, float))
        else type(value).__name__
    )


def _leaves(value, pointer: str):
    """(pointer, kind) of every item that is neither a mapping nor a list, in document order."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, f"{pointer}/{escape_pointer_segment(k)}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{pointer}/{i}")
    else:
        yield pointer, _kind(value)


def _bad_item(layer, layers, base, pointer: str) -> str:
    """The pointer of the item of ``layer``'s value at ``pointer`` (a mapping or a list) whose kind
    stands out (module doc); ``pointer`` itself when the value is a single item or nothing stands out."""
    value = _text_at(layer.doc.data, pointer)
    if not isinstance(value, (dict, list)):
        return pointer
    items = list(_leaves(value, pointer))
    below = [other.doc.data for other in layers[: layers.index(layer)]][::-1] + [base.data]
    before = next((v for v in (_text_at(data, pointer) for data in below) if v is not None), None)
    if before is not None:
        kinds = {kind for _, kind in _leaves(before, "")}
        odd = [p for p, kind in items if kind not in kinds]
    else:
        counts: dict[str, int] = {}
        for _, kind in items:
            counts[kind] = counts.get(kind, 0) + 1
        rare = min(counts, key=counts.get)
        odd = [p for p, kind in items if kind == rare] if len(counts) > 1 else []
    return odd[0] if odd else pointer


def _file_data(doc, file):
    """The data of the file ``file`` among ``doc``'s (the game's, a variant's); else the merged data."""
    for source in (doc.base, *(layer.doc for layer in doc.layers)):
        if source.file == file:
            return source.data
    return doc.data


def blamed(doc, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` of the merged ``doc``, each one located in a file the variants did not
    write but reading a name a variant sets moved to that variant's line, with its old
    place as a note. Unchanged for a game without variants."""
    layers = getattr(doc, "layers", None)
    if not layers:
        return diagnostics
    own = {layer.doc.file for layer in layers}
    sets = [(layer, _names_set(layer)) for layer in reversed(layers)]  # the latest variant first
    out = []
    for d in diagnostics:
        if d.file in own or d.line is None:
            out.append(d)
            continue
        text = _text_at(_file_data(doc, d.file), d.path)  # the path is the file's own pointer
        words = _NAME.findall(text if isinstance(text, str) else d.source_line or "")
        found = next(
            ((layer, names[w], w) for layer, names in sets for w in words if w in names),
            None,
        )
        if found is None:
            out.append(d)
            continue
        layer, pointer, name = found
        if d.code == "type-error" and pointer.startswith("/parameters/"):
            pointer = _bad_item(layer, layers, doc.base, pointer)
        moved = layer.doc.diagnostic(pointer, d.code, d.message, severity=d.severity, hint=d.hint)
        note = replace(
            d,
            severity="note",
            message=f"where the rules read '{name}', which variant '{layer.id}' changes",
            hint=None,
            notes=(),
        )
        out.append(replace(moved, notes=(note, *d.notes)))
    return out
