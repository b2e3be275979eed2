"""The docs agree with the code: every DSL function and effect is documented, every example parses."""

import re
from pathlib import Path

import pytest
import yaml

import playa_rules as pr
from playa_rules.compiler.dsl.effects import EFFECTS
from playa_rules.compiler.dsl.functions import FUNCTIONS
from playa_rules.compiler.dsl.parse import parse_block, parse_expr

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
DSL = (DOCS / "dsl.md").read_text(encoding="utf-8")


def _blocks(kind):
    return re.findall(r"```" + kind + r"\n(.*?)```", DSL, flags=re.S)


def _sections():
    return set(re.findall(r"^### (\w+)$", DSL, flags=re.M))


def test_every_function_has_a_section_with_its_registry_example():
    sections = _sections()
    for name, fn in FUNCTIONS.items():
        assert name in sections, f"docs/dsl.md has no section for function {name}"
        parse_expr(fn.example)


def test_every_effect_has_a_section():
    sections = _sections()
    for effect in EFFECTS.values():
        assert effect.keyword in sections, f"docs/dsl.md has no section for effect {effect.keyword}"


def test_no_section_documents_something_that_does_not_exist():
    known = set(FUNCTIONS) | {e.keyword for e in EFFECTS.values()}
    assert _sections() <= known


@pytest.mark.parametrize("text", _blocks("dsl-expr"))
def test_expression_examples_parse(text):
    parse_expr(text.strip())


@pytest.mark.parametrize("text", _blocks("dsl-effect"))
def test_effect_examples_parse(text):
    parse_block(text)


# An example runs in a game: ``<!-- examples: GAME, action NAME -->`` on the page sets the game
# (a bundled id or a path from the checkout) and the action whose parameters and lets the
# examples below it may read, until the next such line.
_CONTEXT = re.compile(r"^<!-- examples: (?P<game>[\w./-]+), action (?P<action>\w+) -->$", re.M)
_EXAMPLE = re.compile(r"^```(?P<kind>dsl-expr|dsl-effect)\n(?P<text>.*?)^```$", re.S | re.M)


def _examples() -> list:
    """Every example of docs/dsl.md with the game and action it runs in (or None, None)."""
    marks = sorted(
        [(m.start(), m) for m in _CONTEXT.finditer(DSL)] + [(m.start(), m) for m in _EXAMPLE.finditer(DSL)],
        key=lambda x: x[0],
    )
    out, game, action = [], None, None
    for start, m in marks:
        if m.re is _CONTEXT:
            game, action = m["game"], m["action"]
            continue
        line = DSL.count("\n", 0, start) + 1
        out.append(pytest.param(m["kind"], m["text"], game, action, id=f"dsl.md:{line}"))
    return out


def _with_example(game: str, action: str, kind: str, text: str) -> dict:
    """The rule file of ``game`` with the example at the end of ``action``'s effect (an
    expression as ``let example = ...``, so that it is compiled with the action's names)."""
    path = ROOT / "spec" / "games" / f"{game}.yaml" if "/" not in game else ROOT / game
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    statement = f"let example = ({text.strip()})" if kind == "dsl-expr" else text
    spec = data["actions"][action]
    spec["effect"] = (spec.get("effect") or "").rstrip("\n") + "\n" + statement
    return data


def test_every_example_names_the_game_it_runs_in():
    examples = _examples()
    assert len(examples) >= 40
    assert [p.id for p in examples if p.values[2] is None] == []


@pytest.mark.parametrize("kind, text, game, action", _examples())
def test_every_example_compiles_in_its_game(tmp_path, kind, text, game, action):
    """An example calling a function that does not exist, or reading a name its game does not
    have, fails here: the examples are compiled against a game, not only parsed."""
    path = tmp_path / "example.yaml"
    path.write_text(
        yaml.safe_dump(_with_example(game, action, kind, text), sort_keys=False), encoding="utf-8"
    )
    errors = [d.format() for d in pr.validate(path) if d.severity == "error"]
    assert errors == []


def test_an_example_with_a_function_or_a_name_its_game_lacks_fails(tmp_path):
    for text in ("count(me.towels) + tally(me.towels)", "count(me.sunshades)"):
        path = tmp_path / "example.yaml"
        data = _with_example("playa-pirata", "place_towels", "dsl-expr", text)
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        assert [d.code for d in pr.validate(path) if d.severity == "error"] != [], text


def test_grammar_keywords_are_documented():
    grammar = (Path(__file__).resolve().parents[2] / "grammar" / "effects.lark").read_text()
    statements = re.findall(r'^([a-z]\w*): "(\w+)"', grammar, flags=re.M)
    for rule, keyword in statements:
        assert f"### {keyword}" in DSL or keyword in ("if", "for", "sorted"), keyword


def test_the_reference_is_generated_from_the_schemas_and_registries():
    """docs/reference.md is exactly what `python -m playa_rules.render.reference` prints."""
    from playa_rules.render.reference import markdown

    assert (DOCS / "reference.md").read_text(encoding="utf-8") == markdown(), (
        "docs/reference.md is out of date: run python -m playa_rules.render.reference > docs/reference.md"
    )


def _bundled_variants() -> set:
    return {(f.parent.name, f.name) for f in (ROOT / "spec" / "variants").glob("*/*.yaml")}


def test_the_readme_names_every_bundled_variant_file():
    """README.md's row for spec/variants/ names each file, grouped by game:
    (`game/a.yaml`, `b.yaml`; `other-game/c.yaml`)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `spec/variants/` |"))
    named = set()
    for group in row.split(";"):
        game = re.search(r"`([\w-]+)/[\w-]+\.yaml`", group).group(1)
        named |= {(game, name) for name in re.findall(r"`(?:[\w-]+/)?([\w-]+\.yaml)`", group)}
    assert named == _bundled_variants()


def test_the_variants_page_lists_every_bundled_variant_in_one_table():
    page = (DOCS / "variants.md").read_text(encoding="utf-8")
    section = page.split("## The bundled variants", 1)[1].lstrip("\n")
    table = section.split("\n\n", 1)[0]  # a table ends at the first blank line
    rows = set(re.findall(r"^\| `([\w-]+)` \| `([\w-]+)` \|", table, flags=re.M))
    assert rows == {(game, name[: -len(".yaml")]) for game, name in _bundled_variants()}


def test_the_architecture_page_is_a_map_not_a_diary():
    """docs/ describe the design as it is: architecture.md stays a short map, and no page
    carries the history of past work or dated measurements (those live in benchmarks/README.md)."""
    assert len((DOCS / "architecture.md").read_text(encoding="utf-8").splitlines()) < 300
    history = re.compile(r"tried and dropped|\bsession\b|\b20\d\d-\d\d-\d\d\b|µs\b", re.I)
    for page in sorted(DOCS.glob("**/*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            assert not history.search(line), f"{page.relative_to(ROOT)}:{number}: {line.strip()}"


def test_the_measurements_page_exists_and_labels_its_runs():
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert "python -m playa_rules.bench" in text and "2026-" in text
