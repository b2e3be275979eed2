"""A loaded rule file: its plain data and where every value came from.

Every later stage points at the source through a :class:`Document`: a JSON pointer
(RFC 6901) to a value gives its line and column, and a spot inside a DSL string maps to
the file through :mod:`playa_rules.source.positions`.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from yaml.nodes import ScalarNode

from ..errors import Diagnostic
from . import positions

_LINE_BREAK = positions.LINE_BREAK


@dataclass(frozen=True)
class Origin:
    """Where a piece of DSL text comes from, to locate its errors in the rule file.

    ``locate(line, col)`` maps a position inside the text to the file; ``source``
    returns a file line.
    """

    file: str | None = None
    path: str = ""
    locate: Callable[[int, int], tuple] | None = None
    source: Callable[[int], str] | None = None

    def diagnostic(
        self, code: str, message: str, text: str, pos=None, hint=None, severity: str = "error"
    ) -> Diagnostic:
        """A diagnostic at ``pos`` (1-based line, column inside ``text``)."""
        line, col = pos or (1, 1)
        if self.locate is not None:
            fline, fcol = self.locate(line, col)
            src = self.source(fline) if self.source else None
        else:
            fline, fcol = line, col
            lines = text.splitlines() or [""]
            src = lines[line - 1] if 0 < line <= len(lines) else ""
        return Diagnostic(
            code=code,
            message=message,
            file=self.file,
            line=fline,
            column=fcol,
            path=self.path,
            severity=severity,
            source_line=src,
            hint=hint,
        )

    def shifted(self, line: int, column: int) -> Origin:
        """The origin of a piece of this text starting at its 1-based (``line``, ``column``)
        (a ``{field}`` of a template): its errors point into the piece, not at the text's start."""
        base = self.locate or (lambda ln, col: (ln, col))
        return Origin(
            file=self.file,
            path=self.path,
            locate=lambda ln, col: base(ln + line - 1, col + column - 1 if ln == 1 else col),
            source=self.source,
        )


def escape_pointer_segment(segment: object) -> str:
    """One JSON pointer segment for a key or index (``~`` -> ``~0``, ``/`` -> ``~1``)."""
    return str(segment).replace("~", "~0").replace("/", "~1")


def pointer_of(parts) -> str:
    """The JSON pointer for a sequence of keys and indices (``()`` -> ``""``)."""
    return "".join("/" + escape_pointer_segment(p) for p in parts)


@dataclass
class Document:
    """A loaded rule file: plain data plus the source position of every value."""

    data: Any
    file: str | None
    text: str
    _values: dict = field(default_factory=dict, repr=False, compare=False)
    _keys: dict = field(default_factory=dict, repr=False, compare=False)
    _line_starts: list | None = field(default=None, repr=False, compare=False)
    _scalar_maps: dict = field(default_factory=dict, repr=False, compare=False)
    #: the schema stage's diagnostics, once it has run (documents are cached per file version)
    schema_checked: list | None = field(default=None, repr=False, compare=False)
    #: problems of the YAML that left the data whole (duplicate keys: source/convert.py RECOVERABLE)
    load_problems: list = field(default_factory=list, repr=False, compare=False)

    def source(self, pointer: str) -> tuple[Document, str]:
        """The file document and pointer the value at ``pointer`` comes from (here: itself).

        A document merged from several files (a game and its variants) answers with the
        file each value was written in; every stage locates through this method.
        """
        return self, _normalise(pointer)

    def diagnostic(
        self,
        pointer: str,
        code: str,
        message: str,
        *,
        key: bool = False,
        severity: str = "error",
        hint: str | None = None,
    ) -> Diagnostic:
        """A diagnostic at the value at ``pointer`` (or at its key, with ``key``), in the file it comes from."""
        doc, pointer = self.source(pointer)
        line, column = (doc.key_location(pointer) if key else doc.locate(pointer)) or (None, None)
        return Diagnostic(
            code=code,
            message=message,
            file=doc.file,
            line=line,
            column=column,
            path=pointer,
            severity=severity,
            source_line=doc.source_line(line) if line else None,
            hint=hint,
        )

    def origin(self, pointer: str):
        """Where the DSL text at ``pointer`` lies, to locate errors inside it."""
        doc, pointer = self.source(pointer)
        return Origin(
            file=doc.file,
            path=pointer,
            locate=lambda line, col: doc.locate_in_scalar(pointer, line, col),
            source=doc.source_line,
        )

    def locate(self, pointer: str) -> tuple[int, int] | None:
        """1-based (line, column) of the value at ``pointer``, else of its nearest located ancestor."""
        pointer = _normalise(pointer)
        while True:
            entry = self._values.get(pointer)
            if entry is not None:
                return entry[0], entry[1]
            if not pointer:
                return None
            pointer = pointer[: pointer.rfind("/")]

    def key_location(self, pointer: str) -> tuple[int, int] | None:
        """1-based (line, column) of the key of the mapping member at ``pointer``; else ``locate``."""
        found = self._keys.get(_normalise(pointer))
        return found if found is not None else self.locate(pointer)

    def locate_in_scalar(self, pointer: str, line: int, column: int) -> tuple[int, int]:
        """File (line, column) of the 1-based (line, column) inside the string value at ``pointer``.

        Exact for plain, quoted and block (``|``, ``>``) scalars, escapes and folded
        lines included; inside the whitespace of a folded multi-line scalar the spot
        may be off by a few columns. If ``pointer`` is not a scalar, its ``locate``.
        """
        entry = self._values.get(_normalise(pointer))
        node = entry[2] if entry is not None else None
        if not isinstance(node, ScalarNode):
            return self.locate(pointer) or (1, 1)
        offsets = self._scalar_maps.get(id(node))
        if offsets is None:
            offsets = positions.scalar_offsets(self.text, node)
            self._scalar_maps[id(node)] = offsets
        index = positions.index_in_value(node.value, line, column)
        return self._position(offsets[min(index, len(offsets) - 1)])

    def source_line(self, line: int) -> str:
        """The text of 1-based ``line`` without its line break, or ``''`` if out of range."""
        starts = self._starts()
        if not 1 <= line <= len(starts):
            return ""
        begin = starts[line - 1]
        if line == len(starts):
            return self.text[begin:]
        end = starts[line]
        found = _LINE_BREAK.search(self.text, max(begin, end - 2), end)  # the break ending this line
        return self.text[begin : found.start() if found else end]

    def _starts(self) -> list[int]:
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in _LINE_BREAK.finditer(self.text)]
        return self._line_starts

    def _position(self, offset: int) -> tuple[int, int]:
        starts = self._starts()
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1


def _normalise(pointer: str) -> str:
    return "/" + pointer if pointer and not pointer.startswith("/") else pointer
