"""The examples of the docs work: every ```python block of docs/api.md runs, every
```yaml block of docs/format.md parses."""
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _blocks(page: str, lang: str) -> list:
    text = (DOCS / page).read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"^```" + lang + r"[ \t]*\n(.*?)^```[ \t]*$", text, flags=re.S | re.M):
        line = text.count("\n", 0, m.start()) + 1
        out.append(pytest.param(m.group(1), id=f"{page}:{line}"))
    return out


API_BLOCKS = _blocks("api.md", "python")
FORMAT_BLOCKS = _blocks("format.md", "yaml")


def test_the_pages_have_examples():
    assert len(API_BLOCKS) >= 8
    assert len(FORMAT_BLOCKS) >= 15


@pytest.mark.parametrize("code", API_BLOCKS)
def test_api_example_runs(code, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)  # examples name files relative to the checkout
    namespace = {"__name__": "__docs_example__"}
    exec(compile(code, "<docs/api.md>", "exec"), namespace)


@pytest.mark.parametrize("text", FORMAT_BLOCKS)
def test_format_example_is_yaml(text):
    data = yaml.safe_load(text)
    assert isinstance(data, dict) and data
