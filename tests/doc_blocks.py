"""The code blocks of a docs page, as test parameters: the tests of docs/ and of the adapters
run the examples the pages show."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def blocks(page: str, lang: str) -> list:
    """The ```lang blocks of docs/``page``, each a ``pytest.param`` of its text with the id
    ``page:line`` (``.values[0]`` is the text)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"^```" + lang + r"[ \t]*\n(.*?)^```[ \t]*$", text, flags=re.S | re.M):
        line = text.count("\n", 0, m.start()) + 1
        out.append(pytest.param(m.group(1), id=f"{page}:{line}"))
    return out
