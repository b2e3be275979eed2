"""Converting a composed YAML node tree into plain data, remembering where every value came from.

:class:`Converter` walks the nodes :mod:`.compose` built and makes dict, list, str, int,
float, bool and None only, recording the position of every node under its JSON pointer; it
bounds what it makes (depth, alias uses, values), reports every duplicate key and bad key,
and resolves scalars as ``yaml.safe_load`` does, with the exceptions :mod:`.load` lists.
"""

from __future__ import annotations

import math
import re
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import Diagnostic, LoadError
from ..shared.limits import MAX_DEPTH, MAX_INT, MAX_NODES
from . import positions
from .compose import Alias, BoundedComposer, Fatal, PlainComposer
from .document import Document, escape_pointer_segment

_CORE = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_CORE + t for t in ("str", "int", "float", "bool", "null"))
_TIMESTAMP, _MERGE, _VALUE, _SEQ, _MAP = (_CORE + t for t in ("timestamp", "merge", "value", "seq", "map"))
_SCALAR_TAGS = {_STR, _INT, _FLOAT, _BOOL, _NULL, _TIMESTAMP, _MERGE, _VALUE}
_ALLOWED_TAGS = _SCALAR_TAGS | {_SEQ, _MAP}

_LINE_BREAK = positions.LINE_BREAK
# problems after which the data is still whole (a duplicate key: its first value kept), so a
# caller that asks (``recover``) gets the document and reports them with every later problem
RECOVERABLE = frozenset({"duplicate-key"})


_NUMBERS = SafeConstructor()


class Converter:
    """Turns the composed node tree into plain data, recording positions and problems."""

    def __init__(self, text: str, name: str, recover: bool = False):
        self.recover = recover  # return the document when its only problems are duplicate keys
        self.text = text
        self.name = name
        self.values: dict[str, tuple[int, int, Node]] = {}
        self.keys: dict[str, tuple[int, int]] = {}
        self.problems: list[Diagnostic] = []
        self.spent = 0
        self.expanded_alias = False
        self.alias_site: Alias | None = None
        self.active: set[int] = set()
        self._doc = Document(None, name, text)

    def compose(self):
        """The node tree: composed from libyaml's events, or, when the text is not valid
        YAML, by the pure-Python parser, whose messages name what it found."""
        for loader_class in (BoundedComposer, PlainComposer):
            loader = loader_class(self.text)
            try:
                return loader.get_single_node()
            except (yaml.YAMLError, UnicodeError):
                if loader_class is PlainComposer:
                    raise
            finally:
                loader.dispose()
        return None  # pragma: no cover

    def run(self) -> Document:
        """Compose and convert, raising LoadError on any problem."""
        try:
            root = self.compose()
            data = None if root is None else self.convert(root, "", 0)
        except Fatal as fatal:
            raise LoadError(
                self.diagnostic(fatal.code, fatal.message, fatal.mark, hint=fatal.hint, path=fatal.path)
            ) from None
        except yaml.MarkedYAMLError as exc:
            raise LoadError(self.syntax(exc)) from None
        except yaml.reader.ReaderError as exc:
            line, column = self._doc._position(min(exc.position, len(self.text)))
            char = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
            raise LoadError(
                self.diagnostic(
                    "yaml-syntax",
                    f"character {char} is not allowed in YAML ({exc.reason})",
                    line=line,
                    column=column,
                )
            ) from None
        except yaml.YAMLError as exc:
            raise LoadError(self.diagnostic("yaml-syntax", f"invalid YAML: {exc}")) from None
        except (RecursionError, MemoryError):
            raise LoadError(
                self.diagnostic("too-deep", "file is too deeply nested or too large to load")
            ) from None
        except Exception as exc:  # noqa: BLE001 - the loader must only ever raise LoadError
            raise LoadError(
                self.diagnostic(
                    "internal-error", f"the YAML parser failed unexpectedly: {type(exc).__name__}: {exc}"
                )
            ) from None
        if self.problems:
            unique: dict = {}
            for found in self.problems:  # an anchored mapping converted twice reports once
                unique.setdefault((found.code, found.line, found.column, found.message), found)
            found = sorted(unique.values(), key=lambda d: (d.line or 0, d.column or 0))
            if not self.recover or any(d.code not in RECOVERABLE for d in found):
                raise LoadError(found)
            self._doc.load_problems = found  # reported with every later stage's problems
        doc = self._doc
        doc.data, doc._values, doc._keys = data, self.values, self.keys
        return doc

    # -- diagnostics -------------------------------------------------------------

    def diagnostic(self, code, message, mark=None, *, path="", line=None, column=None, hint=None):
        """A Diagnostic at a YAML mark (or explicit line/column) in this file."""
        if mark is not None:
            line, column = mark.line + 1, mark.column + 1
        source = None
        if line is not None:
            source = self._doc.source_line(line)
            keep = max(column or 1, 1) + 80
            source = source if len(source) <= keep else source[:keep] + " ..."
        return Diagnostic(
            code, message, file=self.name, line=line, column=column, path=path, source_line=source, hint=hint
        )

    def syntax(self, exc: yaml.MarkedYAMLError) -> Diagnostic:
        """A yaml-syntax diagnostic from a PyYAML scanner/parser/composer error."""
        mark = exc.problem_mark or exc.context_mark
        message = exc.problem or exc.context or "invalid YAML"
        if exc.problem and exc.context:
            where = ""
            if exc.context_mark is not None and exc.context_mark is not mark:
                where = f" at line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}"
            if exc.problem.startswith("but ") or exc.problem == "second occurrence":
                message = f"{exc.context}{where}, {exc.problem}"
            else:
                message = f"{exc.problem} ({exc.context}{where})"
        hint = None
        if "'\\t'" in message:  # PyYAML's own words for a tab where a token would start
            hint = "YAML indents with spaces, never tabs: replace the tab with spaces"
        return self.diagnostic("yaml-syntax", message, mark, hint=hint)

    def problem(self, code, message, mark, path, hint=None):
        """Record a non-fatal problem and carry on to find the others."""
        self.problems.append(self.diagnostic(code, message, mark, path=path, hint=hint))

    # -- conversion --------------------------------------------------------------

    def spend(self, mark, pointer: str) -> None:
        """Count one produced value against MAX_NODES."""
        self.spent += 1
        if self.spent > MAX_NODES:
            if self.expanded_alias:
                site = self.alias_site
                where = f" (expanding *{site.anchor})" if site is not None else ""
                raise Fatal(
                    "alias-limit",
                    f"aliases expand to more than {MAX_NODES} values{where}",
                    site.start_mark if site is not None else mark,
                    hint="a file whose aliases multiply (a 'billion laughs' file) is refused",
                    path=pointer,
                )
            raise Fatal("too-large", f"file holds more than {MAX_NODES} values", mark, path=pointer)

    def convert(self, node, pointer: str, depth: int):
        """Plain data for ``node`` (a Node or an Alias), recorded at ``pointer``."""
        if isinstance(node, Alias) and self.alias_site is None:
            self.alias_site = node
            try:
                return self.convert_node(node, pointer, depth)
            finally:
                self.alias_site = None
        return self.convert_node(node, pointer, depth)

    def convert_node(self, node, pointer: str, depth: int):
        """``convert`` proper: one node and, recursively, its children."""
        mark = node.start_mark
        anchor = None
        if isinstance(node, Alias):
            self.expanded_alias = True
            node, anchor = node.node, node.anchor
        self.spend(mark, pointer)
        if depth >= MAX_DEPTH:
            raise Fatal(
                "too-deep", f"values are nested more than {MAX_DEPTH} levels deep", mark, path=pointer
            )
        self.values[pointer] = (mark.line + 1, mark.column + 1, node)
        if id(node) in self.active:
            raise Fatal(
                "alias-limit", f"alias *{anchor} refers to a value that contains it", mark, path=pointer
            )
        if isinstance(node, ScalarNode):
            value = self.scalar(node, pointer)
            return None if value is _NOTHING else value
        kind = "list" if isinstance(node, SequenceNode) else "mapping"
        expected = _SEQ if isinstance(node, SequenceNode) else _MAP
        if node.tag != expected:
            self.bad_tag(node, kind, pointer)
            return None
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return [self.convert(item, f"{pointer}/{i}", depth + 1) for i, item in enumerate(node.value)]
            out: dict = {}
            self.fill(node, pointer, depth, out, {})
            return out
        finally:
            self.active.discard(id(node))

    def fill(self, node: MappingNode, pointer: str, depth: int, out: dict, taken: dict) -> None:
        """Add the pairs of ``node`` to ``out``, skipping keys in ``taken`` (merge precedence)."""
        own: dict[str, Any] = {}
        merges = []
        for key_node, value_node in node.value:
            self.spend(key_node.start_mark, pointer)
            real = key_node.node if isinstance(key_node, Alias) else key_node
            if isinstance(real, ScalarNode) and real.tag == _MERGE:
                merges.append(value_node)
                continue
            key = self.key(key_node, pointer)
            if key is _NOTHING:
                continue
            segment = escape_pointer_segment(key)
            child = f"{pointer}/{segment}"
            if segment in own:
                first = own[segment]
                self.problem(
                    "duplicate-key",
                    f"duplicate key '{key}' (first defined at line {first.line + 1})",
                    key_node.start_mark,
                    child,
                    hint=f"the other checks read the first one (line {first.line + 1}): remove one of them",
                )
                continue
            own[segment] = key_node.start_mark
            if segment in taken:
                continue
            taken[segment] = True
            self.keys[child] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = self.convert(value_node, child, depth + 1)
        for merge in merges:
            for source in self.merge_sources(merge, pointer):
                self.active.add(id(source))
                try:
                    self.fill(source, pointer, depth, out, taken)
                finally:
                    self.active.discard(id(source))

    def merge_sources(self, node, pointer: str) -> list[MappingNode]:
        """The mappings a ``<<`` value names, in precedence order."""
        if isinstance(node, Alias):
            self.expanded_alias = True
        real = node.node if isinstance(node, Alias) else node
        items = real.value if isinstance(real, SequenceNode) and real.tag == _SEQ else [node]
        sources = []
        for item in items:
            target = item.node if isinstance(item, Alias) else item
            if not isinstance(target, MappingNode) or target.tag != _MAP:
                self.problem(
                    "bad-value",
                    "a merge key (<<) needs a mapping or a list of mappings",
                    item.start_mark,
                    pointer,
                )
            elif id(target) in self.active:
                raise Fatal(
                    "alias-limit",
                    "a merge key (<<) refers to a mapping that contains it",
                    item.start_mark,
                    path=pointer,
                )
            else:
                sources.append(target)
        return sources

    def key(self, key_node, pointer: str):
        """A mapping key as str or int, or _NOTHING after recording why it is not allowed."""
        mark = key_node.start_mark
        node = key_node.node if isinstance(key_node, Alias) else key_node
        if not isinstance(node, ScalarNode):
            self.problem(
                "bad-key",
                "a key must be a name or a number, not a "
                + ("list" if isinstance(node, SequenceNode) else "mapping"),
                mark,
                pointer,
            )
            return _NOTHING
        value = self.scalar(node, pointer, mark)
        if (
            value is _NOTHING
            or isinstance(value, str)
            or (isinstance(value, int) and not isinstance(value, bool))
        ):
            return value
        if isinstance(value, bool):
            message = f"key '{node.value}' is read by YAML as {str(value).lower()}"
        elif value is None:
            message = (
                "a key must not be empty or null"
                if not node.value
                else f"key '{node.value}' is read by YAML as null"
            )
        else:
            message = f"key '{node.value}' is a decimal number"
        shown = node.value or "key"
        hint = f"quote the key to make it a name: '{shown}': ..."
        if value is None:
            hint += " (a display symbol for no value, none, is keyed 'none')"
        self.problem("bad-key", message, mark, pointer, hint=hint)
        return _NOTHING

    def scalar(self, node: ScalarNode, pointer: str, mark=None):
        """Plain value of a scalar node (see the module docstring for the rules)."""
        mark = mark or node.start_mark
        tag = node.tag
        if tag not in _SCALAR_TAGS:
            self.bad_tag(node, "scalar", pointer, mark)
            return _NOTHING
        if tag in (_STR, _TIMESTAMP, _MERGE, _VALUE):
            bad = _CONTROL.search(node.value)
            if bad is not None:  # ("\e[2J" in a label would reach every terminal that shows it)
                self.problem(
                    "bad-value",
                    f"a text holds the control character U+{ord(bad.group()):04X}",
                    mark,
                    pointer,
                    hint="rule texts are printed on terminals: write them without control "
                    "characters (tabs and line breaks are fine)",
                )
                return _NOTHING
            if tag == _STR and node.style is None and _EXPONENT.fullmatch(node.value):
                self.problem(  # YAML 1.1 reads 1e3 (no dot, or no sign after the e) as a text
                    "bad-value",
                    f"'{_short(node.value)}' looks like a number, but YAML reads it as the text "
                    f"'{_short(node.value)}'",
                    mark,
                    pointer,
                    hint=f"write the number in full (1e3 is 1000), or quote the text: '{_short(node.value)}'",
                )
                return _NOTHING
            return node.value
        if tag == _NULL:
            return None
        try:
            if tag == _BOOL:
                return _NUMBERS.bool_values[node.value.lower()]
            value = _NUMBERS.construct_yaml_int(node) if tag == _INT else _NUMBERS.construct_yaml_float(node)
        except (KeyError, ValueError, OverflowError, IndexError):
            kind = "true or false" if tag == _BOOL else ("an integer" if tag == _INT else "a number")
            self.problem("bad-value", f"'{_short(node.value)}' is not {kind}", mark, pointer)
            return _NOTHING
        if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            self.problem(
                "bad-value",
                f"'{_short(node.value)}' is a larger number than a rule may use "
                f"(at most {MAX_INT:,} in size)",
                mark,
                pointer,
                hint="JSON readers of views and logs hold whole numbers exactly up to 2**53",
            )
            return _NOTHING
        if isinstance(value, float) and not math.isfinite(value):
            self.problem(
                "bad-value",
                f"'{_short(node.value)}' is not a finite number",
                mark,
                pointer,
                hint="rule files use plain numbers; write a large integer or quote the text",
            )
            return _NOTHING
        if isinstance(value, float) and value.is_integer() and -MAX_INT <= value <= MAX_INT:
            return int(value)  # 2.0 is the whole number 2, wherever a rule reads it (format.md)
        return value

    def bad_tag(self, node: Node, kind: str, pointer: str, mark=None) -> None:
        """Record a tag that is not plain data (unsafe-tag) or does not fit its node (bad-value)."""
        mark = mark or node.start_mark
        shown = "!!" + node.tag[len(_CORE) :] if node.tag.startswith(_CORE) else node.tag
        if node.tag in _ALLOWED_TAGS:
            self.problem("bad-value", f"tag '{shown}' cannot be used on a {kind}", mark, pointer)
        else:
            self.problem(
                "unsafe-tag",
                f"tag '{shown}' is not allowed: rule files hold plain data only",
                mark,
                pointer,
                hint="remove the tag; only strings, numbers, booleans, lists and mappings are read",
            )


_NOTHING = type("_Nothing", (), {"__repr__": lambda self: "<no value>"})()


_EXPONENT = re.compile(r"[-+]?(?:[0-9][0-9_]*\.?[0-9_]*|\.[0-9]+)[eE][-+]?[0-9]+")
"""A number with an exponent that YAML 1.1 reads as text (1e3, 2E-5, 1.5e3)."""

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # control characters but tab and line breaks


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
