"""Diagnostics caused by a variant, located at the variant's own line.

A variant changes values that rules of the game it extends read: a house rule setting
``skull_points: [0, 0, twelve, 18, 18]`` makes the base file's scoring rule fail to compile,
and the compiler reports the line of that rule, in a file the variant's author does not
have. Here such a diagnostic moves to the line of the variant that sets a name the failing
text reads (the latest variant first), and the base file's line becomes a ``note:`` beside
it: editors and CI annotate the author's file, and the rule that broke is still shown.
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
        text = _text_at(doc.data, d.path)
        words = _NAME.findall(text if isinstance(text, str) else d.source_line or "")
        found = next(
            ((layer, names[w], w) for layer, names in sets for w in words if w in names),
            None,
        )
        if found is None:
            out.append(d)
            continue
        layer, pointer, name = found
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
