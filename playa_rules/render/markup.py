"""The renderer's building blocks: Markdown for code and values, and the page being written.

:class:`Writer` holds what every section of :mod:`.markdown` and :mod:`.flow` needs:
the language, the catalogue, the lines written so far and the constants of the rules.
"""

from __future__ import annotations

import json
import re

from ..compiler.model import PROSE_KEYS
from ..errors import PlayaRulesError
from .catalogue import Catalogue
from .words import phrase, prose

PROSE = PROSE_KEYS  # the texts for people, where {fields} are constants


def code(text) -> str:
    """``text`` as inline code, whatever backticks it holds (line breaks become spaces)."""
    text = " ".join(str(text).split()) if "\n" in str(text) else str(text)
    fence = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def block(text, indent: str = "") -> list[str]:
    """``text`` as a fenced code block, its lines indented by ``indent``."""
    text = str(text).strip("\n")
    fence = "`" * max(3, max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    return [indent + fence] + [(indent + line).rstrip() for line in text.splitlines()] + [indent + fence]


# Texts YAML would read as something else unquoted: a number, true/false, null.
_NOT_A_BARE_TEXT = re.compile(
    r"[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?|true|false|null|~", re.IGNORECASE
)


def value_text(value) -> str:
    """A value as the rule file writes it (``true``, ``[1, 2]``, ``own``); a text that would
    read otherwise bare (empty, ``'0'``, ``'true'``) in quotes."""
    if isinstance(value, str):
        return repr(value) if value == "" or _NOT_A_BARE_TEXT.fullmatch(value) else value
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{value_text(k)}: {value_text(v)}" for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False)


class Writer:
    """The page of one rule set in one language, and the helpers its sections share."""

    def __init__(self, rules, lang: str, catalogue: Catalogue, base_spec: dict | None):
        self.rules = rules
        self.spec = rules.spec
        self.lang = lang
        self.cat = catalogue
        self.base = base_spec
        self.out: list[str] = []
        program = getattr(rules, "program", None)
        self.constants = dict(getattr(getattr(program, "model", None), "constants", None) or {})
        self.line_sizes = dict(getattr(getattr(program, "model", None), "line_sizes", None) or {})

    def w(self, key: str, **fields) -> str:
        return phrase(self.lang, key, **fields)

    def t(self, path, english):
        """The game's text at ``path`` in the renderer's language; in a text for people (a
        ``rule``, ``about``...), each ``{name}`` of a parameter, assumption or ruling is its
        value in these rules, so a house rule's text says what its variant plays. A text left in
        English (no translation of it) says its ``{name:words}`` in English too."""
        if english is None:
            return None
        text = self.cat.text(tuple(path), None)
        if text is None:
            return prose("en", english, self.constants) if path and path[-1] in PROSE else english
        return self.prose(text) if path and path[-1] in PROSE else text

    def prose(self, text):
        """``text`` (in the page's language) with each ``{name}`` of a constant replaced by its value in words."""
        return prose(self.lang, text, self.constants)

    def emit(self, *lines: str) -> None:
        self.out.extend(lines)

    def heading(self, level: int, text: str) -> None:
        if self.out and self.out[-1] != "":
            self.out.append("")
        self.emit("#" * level + " " + text, "")

    def para(self, text) -> None:
        if text:
            self.emit(" ".join(str(text).split()), "")

    def dsl(self, text, indent: str = "") -> list[str]:
        """An expression inline, or a multi-line text as a block (one list of lines)."""
        text = str(text)
        return block(text, indent) if "\n" in text.strip("\n") else [code(text)]

    def constant(self, text: str):
        """The value of a constant expression, as the engine computed it when the rules loaded."""
        try:
            from ..compiler.dsl.compile import Compiler, Scope
            from ..compiler.dsl.parse import parse_expr
            from ..compiler.model import Model

            c = Compiler(Model(game_id="", max_players=1, constants=self.constants), {}).expr(
                parse_expr(text), Scope()
            )
            return c.const if c.is_const else None
        except PlayaRulesError:
            return None


def linked(spec: dict, zone: dict) -> bool:
    """Whether a zone is a board given as data: a type it holds has items naming their
    neighbours (``next_to``)."""
    types = spec.get("components") or {}
    return any(
        "next_to" in item
        for name in zone.get("holds") or []
        for item in (types.get(name) or {}).get("items") or []
        if isinstance(item, dict)
    )
