"""The library's error root and the located diagnostic every stage reports with.

Nothing but these types escapes the public API: a bad rule file, bad DSL text or an
illegal move is always a :class:`PlayaRulesError` whose message says where and why.
"""

from __future__ import annotations

from dataclasses import dataclass


def shown(value, limit: int = 60) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters (a huge number, which Python
    will not even write, reads as its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a {'negative ' if value < 0 else ''}number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a message must never fail on what it shows
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def spelled(value) -> str:
    """A value as a rule file spells it, for messages: ``true``, ``null``, ``'text'``, ``[1, 'a']``."""
    if value is True or value is False:
        return str(value).lower()
    if value is None:
        return "null"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(spelled(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {spelled(v)}" for k, v in value.items()) + "}"
    return str(value)


SOURCE_WIDTH = 160  # longest source line shown under a message; longer ones are cut around the caret


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a rule file, located as precisely as the stage can.

    ``path`` is a JSON pointer into the document (``/actions/bury/effect``); ``line``
    and ``column`` are 1-based; ``source_line`` and ``caret`` show DSL text with a
    caret under the exact spot.
    """

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    path: str = ""
    severity: str = "error"
    source_line: str | None = None
    hint: str | None = None
    #: other places that explain this one (a variant's diagnostic: the base file's line it
    #: shows in), each a Diagnostic of severity "note"
    notes: tuple = ()

    def location(self) -> str:
        """``file:line:column`` as far as it is known."""
        parts = [self.file or "<rules>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def format(self) -> str:
        """A human-readable, multi-line rendering (what the CLI prints)."""
        head = f"{self.location()}: {self.severity} {self.code}: {self.message}"
        if self.path:
            head += f" (at {self.path})"
        lines = [head]
        if self.source_line is not None:
            text, caret = self._window()
            lines.append("    " + text)
            if self.column is not None and self.line is not None:
                lines.append("    " + " " * max(caret, 0) + "^")
        if self.hint:
            lines.append(f"    hint: {self.hint}")
        for note in self.notes:
            lines.append(f"    note: {note.location()}: {note.message}")
            if note.source_line is not None:
                text, caret = note._window()
                lines.append("        " + text)
                if note.column is not None and note.line is not None:
                    lines.append("        " + " " * max(caret, 0) + "^")
        return "\n".join(lines)

    def _caret_offset(self) -> int:
        return (self.column or 1) - 1

    def _window(self, width: int = SOURCE_WIDTH) -> tuple[str, int]:
        """The source line, cut to ``width`` characters around the caret when longer
        (``...`` marks what is cut), and the caret's offset in it."""
        text, caret = self.source_line or "", self._caret_offset()
        if len(text) <= width:
            return text, caret
        start = min(max(0, caret - width // 2), len(text) - width)
        window = text[start : start + width]
        prefix = "..." if start > 0 else ""
        suffix = "..." if start + width < len(text) else ""
        return prefix + window + suffix, caret - start + len(prefix)

    def to_json(self) -> dict:
        """A plain dict for ``--format json`` and tools."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "source_line": self._window()[0] if self.source_line is not None else None,
            "hint": self.hint,
            "notes": [
                {k: v for k, v in note.to_json().items() if k not in ("code", "hint", "notes")}
                for note in self.notes
            ],
        }

    def __str__(self) -> str:
        return self.format()


class PlayaRulesError(Exception):
    """The root of every error the library raises."""


class SpecError(PlayaRulesError):
    """A rule file is invalid: it carries every diagnostic found, headline first."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic, headline: str | None = None):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        if headline is None:
            headline = self.diagnostics[0].format() if self.diagnostics else "invalid rules"
            more = len(self.diagnostics) - 1
            if more > 0:
                headline += f"\n(and {more} more problem{'s' if more > 1 else ''})"
        super().__init__(headline)

    @property
    def diagnostic(self) -> Diagnostic:
        """The headline diagnostic."""
        return self.diagnostics[0]


class DSLSyntaxError(SpecError):
    """DSL text (a condition, effect or scoring rule) does not parse."""


class RuleError(SpecError):
    """DSL text parses but means nothing: unknown name, wrong type, bad reference."""


class LoadError(SpecError):
    """A file cannot be read or is unsafe to load (size, depth, aliases, duplicate keys)."""


class GameRuntimeError(PlayaRulesError):
    """The rules led the engine somewhere it cannot go (for example a move from an empty zone)."""


class IllegalAction(PlayaRulesError):
    """An action that is not legal now was applied."""

    def __init__(self, message: str, *, action=None, legal: list[str] | None = None):
        self.action = action
        self.legal = legal or []
        super().__init__(message)


__all__ = [
    "Diagnostic",
    "PlayaRulesError",
    "SpecError",
    "DSLSyntaxError",
    "RuleError",
    "LoadError",
    "GameRuntimeError",
    "IllegalAction",
]
