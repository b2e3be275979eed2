"""The examples of the docs work: every ```python block of docs/api.md runs, every
```yaml block of docs/format.md parses."""
import json
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
    schema = json.loads((ROOT / "spec" / "schema" / "playa-rules.schema.json").read_text(encoding="utf-8"))
    fragments = {"params"}  # an action's params, shown alone
    assert set(data) <= set(schema["properties"]) | fragments, "not a rule-file section"


def _random_match(players=3, seed=7):
    import random

    import playa_rules as pr

    game = pr.load("playa-pirata").new_game(players=players, seed=seed)
    rng = random.Random(1)
    views = [game.view(game.current_player)]
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    views.append(game.view(0))
    return game, views


def test_every_log_event_and_view_key_is_documented():
    api = (DOCS / "api.md").read_text(encoding="utf-8")
    game, views = _random_match()
    for kind in {e["event"] for e in game.log}:
        assert f"| `{kind}` |" in api, f"docs/api.md does not document the log event '{kind}'"
    for key in set().union(*views):
        assert f"`{key}`" in api, f"docs/api.md does not document the view key '{key}'"
