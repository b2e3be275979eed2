"""Where a character inside a YAML scalar lies in the file.

DSL errors are found at a (line, column) inside a string's value; a rule author needs
the position in the file, whatever the scalar's style: plain, quoted (with escapes and
folded lines) or a block (| or >).
"""

from __future__ import annotations

import re

from yaml.nodes import ScalarNode

BREAKS = "\r\n\x85\u2028\u2029"
BREAK_SET = frozenset(BREAKS)
BLANKS = frozenset(" \t" + BREAKS)
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def index_in_value(value: str, line: int, column: int) -> int:
    """The index in ``value`` of 1-based (line, column), lines split at ``\\n``."""
    index = 0
    for _ in range(max(line, 1) - 1):
        found = value.find("\n", index)
        if found < 0:
            return len(value)
        index = found + 1
    end = value.find("\n", index)
    end = len(value) if end < 0 else end
    return min(index + max(column, 1) - 1, end)


def break_length(text: str, at: int) -> int:
    return 2 if text.startswith("\r\n", at) else 1


def content_start(text: str, node: ScalarNode) -> int:
    """Skip an anchor/tag (and comments between) to where the scalar itself starts."""
    at, end = node.start_mark.index, node.end_mark.index
    while at < end and text[at] in ("&", "!"):
        while at < end and text[at] not in BLANKS:
            at += 1
        while at < end and (text[at] in BLANKS or text[at] == "#"):
            if text[at] == "#":
                while at < end and text[at] not in BREAK_SET:
                    at += 1
            else:
                at += 1
    return at


def scalar_offsets(text: str, node: ScalarNode) -> list[int]:
    """For each character of the scalar's value (plus one past its end), its index in ``text``.

    Walks the source alongside the value: quotes, escapes, indentation and folded
    line breaks are stepped over, so each value character lands on the source
    character that produced it (a folded line break lands on the source break).
    """
    value, style = node.value, node.style or ""
    end = len(text)
    at = content_start(text, node)
    block = style in ("|", ">")
    indent = 0
    if style in ("'", '"'):
        at += 1
    elif block:
        found = LINE_BREAK.search(text, at)
        at = found.end() if found else end
        indent = block_indent(text, at, node.end_mark.index, value)

    def char_at(index: int) -> str:
        return text[index] if index < end else ""

    offsets: list[int] = []
    line_start = block
    for char in value:
        if line_start:
            skipped = 0
            while char_at(at) in ((" ",) if block else (" ", "\t")) and (skipped < indent or not block):
                at += 1
                skipped += 1
            line_start = False
        if char not in (" ", "\t") and char not in BREAK_SET:
            at = skip_blanks(text, at, char, style == '"')
        if style == '"':
            while char_at(at) == "\\" and char_at(at + 1) in BREAK_SET:
                at += 1 + break_length(text, at + 1)
                while char_at(at) in (" ", "\t"):
                    at += 1
            if char_at(at) == "\\":
                offsets.append(at)
                at += {"x": 4, "u": 6, "U": 10}.get(char_at(at + 1), 2)
                continue
        if style == "'" and char == "'" and text.startswith("''", at):
            offsets.append(at)
            at += 2
            continue
        if char in BREAK_SET or (char in (" ", "\t") and char_at(at) in BREAK_SET):
            while char_at(at) and char_at(at) not in BREAK_SET:
                at += 1
            offsets.append(at)
            at += break_length(text, at) if char_at(at) else 0
            line_start = True
            continue
        offsets.append(at)
        at += 1 if char_at(at) else 0
    offsets.append(at)
    return offsets


def skip_blanks(text: str, at: int, char: str, escapes: bool) -> int:
    """Step over spaces, line breaks (and escaped line breaks) that folding dropped before ``char``."""
    while at < len(text) and text[at] != char:
        if text[at] in (" ", "\t"):
            at += 1
        elif text[at] in BREAK_SET:
            at += break_length(text, at)
        elif escapes and text[at] == "\\" and at + 1 < len(text) and text[at + 1] in BREAK_SET:
            at += 1 + break_length(text, at + 1)
        else:
            break
    return at


def block_indent(text: str, start: int, stop: int, value: str) -> int:
    """The indentation of a block scalar's content: source indent minus the value's own."""
    source_lead = None
    for line in LINE_BREAK.split(text[start : max(stop, start)]):
        if line.strip(" "):
            source_lead = len(line) - len(line.lstrip(" "))
            break
    if source_lead is None:
        return 0
    for line in value.split("\n"):
        if line.strip(" "):
            return max(source_lead - (len(line) - len(line.lstrip(" "))), 0)
    return source_lead
