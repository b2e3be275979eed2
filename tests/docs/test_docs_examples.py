"""The examples of the docs work: every ```python block of docs/api.md runs, every
```yaml block of docs/format.md parses.

The outputs docs/api.md shows are real: a comment ``# -> text`` after a ``print(...)``
(on its line, or alone on the line under it) is what that line prints, further lines of
output following as ``#    text`` and ``...`` standing for any text within a line; the
view and the log excerpt it shows as JSON are those of its examples."""

import json
import re
import sys

import pytest
import yaml
from doc_blocks import DOCS, ROOT, blocks

API_BLOCKS = blocks("api.md", "python")
FORMAT_BLOCKS = blocks("format.md", "yaml")


def _shown_outputs(code: str) -> dict:
    """Line number (in the block) of each ``print`` with a ``# -> text`` comment -> its shown lines."""
    lines = code.split("\n")
    shown, statement, i = {}, None, 0
    while i < len(lines):
        m = re.match(r"^\s*(.*?)\s*# -> (.*)$", lines[i])
        if not m:
            if lines[i].strip() and not lines[i].lstrip().startswith("#"):
                statement = i + 1
            i += 1
            continue
        target = i + 1 if m.group(1) else statement
        out = [m.group(2)]
        i += 1
        while i < len(lines) and re.match(r"^\s*#    ", lines[i]):
            out.append(re.sub(r"^\s*#    ", "", lines[i]))
            i += 1
        shown[target] = out
    return shown


def _shows(shown: list, printed: str) -> bool:
    """``...`` inside a shown line stands for any text; trailing spaces do not count."""
    pattern = "\n".join(".*?".join(re.escape(part) for part in line.rstrip().split("...")) for line in shown)
    text = "\n".join(line.rstrip() for line in printed.rstrip("\n").split("\n"))
    return re.fullmatch(pattern, text) is not None


def test_the_pages_have_examples():
    assert len(API_BLOCKS) >= 8
    assert len(FORMAT_BLOCKS) >= 15
    assert sum(len(_shown_outputs(p.values[0])) for p in API_BLOCKS) >= 20


@pytest.mark.parametrize("code", API_BLOCKS)
def test_api_example_runs(code, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)  # examples name files relative to the checkout
    printed = {}

    def doc_print(*args, sep=" ", end="\n", file=None, flush=False):
        if file is not None:
            return print(*args, sep=sep, end=end, file=file, flush=flush)
        line = sys._getframe(1).f_lineno
        printed[line] = printed.get(line, "") + sep.join(map(str, args)) + end

    namespace = {"__name__": "__docs_example__", "print": doc_print}
    exec(compile(code, "<docs/api.md>", "exec"), namespace)
    for line, shown in _shown_outputs(code).items():
        assert line in printed, f"line {line} of the block shows an output but printed nothing"
        assert _shows(shown, printed[line]), (
            f"line {line} of the block prints\n{printed[line]}which is not what the page shows:\n"
            + "\n".join(shown)
        )


def _api_section(heading: str, lang: str) -> str:
    """The first ``lang`` block under the heading (or sentence) ``heading`` of docs/api.md."""
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    return re.search(
        re.escape(heading) + r".*?^```" + lang + r"[ \t]*\n(.*?)^```", text, flags=re.S | re.M
    ).group(1)


def _run_api_section(heading: str, monkeypatch) -> dict:
    monkeypatch.chdir(ROOT)
    namespace = {"__name__": "__docs_example__", "print": lambda *a, **k: None}
    exec(compile(_api_section(heading, "python"), "<docs/api.md>", "exec"), namespace)
    return namespace


def _like(shown, real) -> bool:
    """JSON the page shows against real data; a list item "..." stands for any items."""
    if isinstance(shown, dict):
        return (
            isinstance(real, dict)
            and set(shown) == set(real)
            and all(_like(shown[k], real[k]) for k in shown)
        )
    if isinstance(shown, list):
        if not isinstance(real, list):
            return False
        if "..." not in shown:
            return len(shown) == len(real) and all(map(_like, shown, real))
        k = shown.index("...")
        head, tail = shown[:k], shown[k + 1 :]
        return (
            len(head) + len(tail) <= len(real)
            and all(map(_like, head, real[: len(head)]))
            and all(map(_like, tail, real[len(real) - len(tail) :]))
        )
    return shown == real


def test_the_view_shown_is_the_view_of_its_example(monkeypatch):
    view = _run_api_section("## The view", monkeypatch)["view"]
    shown = json.loads(_api_section("That view, for seat 0", "json"))
    assert _like(shown, json.loads(json.dumps(view))), "docs/api.md shows another view than its example's"


def test_the_log_excerpt_is_from_the_random_match_above(monkeypatch):
    log = _run_api_section("## A complete random agent", monkeypatch)["game"].log
    shown = json.loads(_api_section("From the random match above", "json"))
    rest = iter(log)
    for event in shown:
        assert any(e == event for e in rest), (
            f"docs/api.md's log excerpt: {event} is not next in the real log"
        )


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
