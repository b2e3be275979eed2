"""Composing the YAML node tree of a rule file, bounded.

libyaml (when pyyaml has it) scans and parses; pyyaml's own composer builds the nodes,
so that depth, the number of values and alias uses are bounded as they are composed
(a "billion laughs" file fails in milliseconds). When the text is not valid YAML the
pure-Python parser is run instead, since its messages name what it found where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent
from yaml.nodes import Node
from yaml.resolver import Resolver

from ..shared.limits import MAX_ALIASES, MAX_DEPTH, MAX_NODES


class Fatal(Exception):
    """A limit was hit: stop at once with this diagnostic."""

    def __init__(self, code: str, message: str, mark=None, hint: str | None = None, path: str = ""):
        super().__init__(message)
        self.code, self.message, self.mark, self.hint, self.path = code, message, mark, hint, path


@dataclass(frozen=True)
class Alias:
    """An alias use in the composed tree: the anchored node plus where ``*name`` was written."""

    node: Node
    anchor: str
    start_mark: Any


try:  # libyaml scans and parses in C; composing (with the bounds below) stays in Python
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - pyyaml built without libyaml
    _CParser = None

if _CParser is not None:

    class _Base(_CParser, Composer, SafeConstructor, Resolver):
        """libyaml's events, composed by pyyaml's own composer (so the bounds below apply)."""

        def __init__(self, text: str):
            _CParser.__init__(self, text)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self.anchors = {}

        def get_single_node(self):
            return Composer.get_single_node(self)

        def compose_scalar_node(self, anchor):
            node = Composer.compose_scalar_node(self, anchor)
            if node.style == "":  # libyaml writes '' for a plain scalar, pyyaml None
                node.style = None
            return node
else:  # pragma: no cover
    _Base = yaml.SafeLoader


class _Bounds:
    """Bounds depth, node count and alias uses while composing (mixed into a safe loader)."""

    def __init__(self, text: str):
        super().__init__(text)
        self.depth = 0
        self.composed = 0
        self.alias_uses = 0

    def compose_node(self, parent, index):
        if self.check_event(AliasEvent):
            event = self.peek_event()
            self.alias_uses += 1
            if self.alias_uses > MAX_ALIASES:
                raise Fatal("alias-limit", f"more than {MAX_ALIASES} alias uses (*name)", event.start_mark)
            return Alias(super().compose_node(parent, index), event.anchor, event.start_mark)
        self.depth += 1
        self.composed += 1
        if self.depth > MAX_DEPTH:
            raise Fatal(
                "too-deep",
                f"values are nested more than {MAX_DEPTH} levels deep",
                self.peek_event().start_mark,
            )
        if self.composed > MAX_NODES:
            raise Fatal("too-large", f"file holds more than {MAX_NODES} values", self.peek_event().start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class BoundedComposer(_Bounds, _Base):
    """The fast loader: libyaml's events when pyyaml has them."""


class PlainComposer(_Bounds, yaml.SafeLoader):
    """The pure-Python loader, whose syntax errors say what was found where (re-run on an error)."""
