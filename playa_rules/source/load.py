"""Safe YAML loading that remembers where every value came from.

Rule files are untrusted input, and every later stage (schema, DSL, engine) must
point at the exact spot of a problem. So this module reads the file, composes the YAML node tree
(:mod:`.compose`: libyaml's events, bounded as they are composed) and converts the nodes to plain Python
itself (:mod:`.convert`), recording the position of every node under its JSON pointer (RFC 6901).

Converting by hand is also what makes the loader safe: it bounds file size,
nesting depth, alias uses and the number of values produced (so a "billion
laughs" file fails in milliseconds), reports *every* duplicate key, and never
constructs anything but dict, list, str, int, float, bool and None.

Choices worth knowing:

* Scalars resolve as with ``yaml.safe_load`` (YAML 1.1: ``yes``/``no`` are
  booleans, ``0x1f`` is an int, ``1:30`` is 90), except that timestamps stay the
  string exactly as written (``2014-05-01`` is ``"2014-05-01"``): rule files have
  no use for dates and a bad date (``2014-13-45``) must not crash the loader.
* A decimal number with a whole value (``2.0``, ``1e0`` is text in YAML 1.1) is read as that
  whole number (``2``), keys too: the DSL has whole numbers and fractions, no floats, and
  ``players: [2.0]`` means two players. A decimal that is not whole (``5.5``) stays a float.
* Non-finite floats (``.inf``, ``.nan``, ``1e999``) are rejected (``bad-value``):
  they have no JSON form and no meaning in a rule; so are whole numbers beyond 2**53 in
  size (``0xfff...`` of thousands of digits too) and texts holding control characters
  (an escape sequence in a label would reach every terminal that prints it).
* Mapping keys are strings or ints (``{2: 5, 3: 4}``); keys that YAML reads as
  booleans, null or floats that are not whole, and non-scalar keys, are rejected (``bad-key``).
  Keys whose pointer segments coincide (``1`` and ``"1"``) are duplicates.
* Merge keys (``<<: *defaults``) work as in PyYAML; merged values are located
  where the anchored mapping was written.
* Any tag outside the YAML core schema (``!!python/...``, ``!local``,
  ``!!binary``, ``!!set``) is rejected (``unsafe-tag``).

Diagnostic codes: ``unreadable``, ``not-utf8``, ``too-large``, ``yaml-syntax``,
``too-deep``, ``alias-limit``, ``duplicate-key``, ``bad-key``, ``bad-value``,
``unsafe-tag``, ``internal-error`` (a bug: the parser failed unexpectedly).
"""

from __future__ import annotations

import os
import stat

from ..errors import Diagnostic, LoadError
from ..shared.limits import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, MAX_INT, MAX_NODES  # noqa: F401 - re-exported
from .convert import Converter
from .document import Document, escape_pointer_segment, pointer_of


def load_text(text: str, name: str = "<string>", recover: bool = False) -> Document:
    """Load rule-file text; raise :class:`LoadError` with every problem found (with
    ``recover``, unless they are all duplicate keys: then the document, holding the first value
    of each key and the problems in ``load_problems``, for the later stages to report with theirs)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise LoadError(
            Diagnostic(
                "too-large",
                f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                file=name,
                hint="rule files are small; this one is probably not a rule file",
            )
        )
    return Converter(text, name, recover).run()


def load_file(path, recover: bool = False) -> Document:
    """Read and load a UTF-8 rule file; raise :class:`LoadError` if unreadable or invalid
    (``recover``: as :func:`load_text`)."""
    name = os.fspath(path)
    name = name.decode("utf-8", "replace") if isinstance(name, bytes) else name
    try:
        # never blocking: a pipe opens at once (O_NONBLOCK) and, not being a regular file, is refused
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as handle:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                what = (
                    "a folder, not a rule file"
                    if stat.S_ISDIR(mode)
                    else "not a regular file (a pipe, device or socket)"
                )
                raise LoadError(Diagnostic("unreadable", f"cannot read {name}: it is {what}", file=name))
            raw = handle.read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if isinstance(exc, OSError) and os.path.isdir(path):
            reason = "it is a folder, not a rule file"
        raise LoadError(Diagnostic("unreadable", f"cannot read {name}: {reason}", file=name)) from None
    if len(raw) > MAX_BYTES:
        raise LoadError(
            Diagnostic(
                "too-large",
                f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                file=name,
                hint="rule files are small; this one is probably not a rule file",
            )
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LoadError(_not_utf8(raw, exc, name)) from None
    return load_text(text, name, recover)


def _not_utf8(raw: bytes, exc: UnicodeDecodeError, name: str) -> Diagnostic:
    before = raw[: exc.start]
    line_start = before.rfind(b"\n") + 1
    line = before.count(b"\n") + 1
    column = len(before[line_start:].decode("utf-8", "replace")) + 1
    bad = raw[exc.start : exc.start + 1].hex()
    hint = None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        hint = "the file looks like UTF-16; save it as UTF-8"
    return Diagnostic(
        "not-utf8",
        f"file is not valid UTF-8: byte 0x{bad} at line {line}, column {column}",
        file=name,
        line=line,
        column=column,
        hint=hint,
    )


__all__ = [
    "Document",
    "load_text",
    "load_file",
    "pointer_of",
    "escape_pointer_segment",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_ALIASES",
]
