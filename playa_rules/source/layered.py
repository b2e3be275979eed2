"""A game merged with its variants, as one document that knows where each value was written.

:class:`Layer` is one variant file as the merger reads it; :class:`Layered` the merged
document (:mod:`.overlay` makes it), whose :meth:`Layered.source` gives, for any pointer,
the file and pointer the value came from, so every later stage reports a variant's
mistake at the variant's own line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .document import Document, escape_pointer_segment


@dataclass
class Layer:
    """One variant file: its document, id, and the files it extends (nearest first)."""

    doc: Document
    id: str
    key: str  # the resolved path: the layer's identity
    ancestors: frozenset = field(default_factory=frozenset)
    title: str = ""
    #: the variant file's own schema errors, when its data was mended to merge it anyway
    #: (checks/partial.py), and what was mended
    schema_errors: list = field(default_factory=list)
    mended: Any = None

    @property
    def file(self) -> str | None:
        return self.doc.file


class Prov:
    """Where a merged value was written: a file and pointer, refined for merged children."""

    __slots__ = ("doc", "ptr", "kids")

    def __init__(self, doc: Document, ptr: str):
        self.doc = doc
        self.ptr = ptr
        self.kids: Any = None

    def open(self, value) -> Any:
        if self.kids is None:
            if isinstance(value, dict):
                self.kids = {str(k): Prov(self.doc, f"{self.ptr}/{escape_pointer_segment(k)}") for k in value}
            elif isinstance(value, list):
                self.kids = [Prov(self.doc, f"{self.ptr}/{i}") for i in range(len(value))]
        return self.kids


class Layered(Document):
    """A game merged with its variants: every value located in the file it came from."""

    def __init__(self, data, base: Document, root: Prov, layers: list[Layer], removed: tuple = ()):
        super().__init__(data=data, file=layers[-1].file if layers else base.file, text="")
        self.base = base
        self.layers = layers
        self._root = root
        self.unknown_changes: list = []  # errors of source/overlay.py's merge, to report with the rest
        self.removed = (
            removed  # (name, what in words, the diagnostic of the removal) per part a layer removed
        )

    def noting_removals(self, diagnostics: list) -> list:
        """``diagnostics`` with, on each that names a part a variant removed (an action, a
        define, a zone...), a hint pointing at the line that removed it: the problem shows
        in the file that still uses the part, its cause is in the variant."""
        if not self.removed:
            return diagnostics
        out = []
        for d in diagnostics:
            notes = [
                f"{where.location()} removes {what}"
                for name, what, where in self.removed
                if f"'{name}'" in d.message and where.file != d.file
            ]
            if notes:  # (a did-you-mean for a name a variant removed points the wrong way)
                kept = [d.hint] if d.hint and not d.hint.startswith("did you mean") else []
                d = replace(d, hint="; ".join(kept + notes))
            out.append(d)
        return out

    def source(self, pointer: str) -> tuple[Document, str]:
        node = self._root
        parts = pointer.split("/")[1:] if pointer else []
        for i, raw in enumerate(parts):
            part = raw.replace("~1", "/").replace("~0", "~")
            kids = node.kids
            nxt = None
            if isinstance(kids, dict):
                nxt = kids.get(part)
            elif isinstance(kids, list) and part.isdigit() and int(part) < len(kids):
                nxt = kids[int(part)]
            if nxt is None:
                rest = "/".join(parts[i:])
                return node.doc, f"{node.ptr}/{rest}"
            node = nxt
        return node.doc, node.ptr
