"""The docs agree with the code: every DSL function and effect is documented, every example parses."""

import functools
import re
from pathlib import Path

import pytest

from playa_rules.compiler.dsl.effects import EFFECTS
from playa_rules.compiler.dsl.functions import FUNCTIONS
from playa_rules.compiler.dsl.parse import parse_expr
from playa_rules.errors import PlayaRulesError

DOCS = Path(__file__).resolve().parent.parent / "docs"
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


EXAMPLES = [(text.strip(), False) for text in _blocks("dsl-expr")] + [
    (text, True) for text in _blocks("dsl-effect")
]
# The names an example may use besides the rules' own, as the parameters of an action: ``spot``
# a treasure (with ``card`` and ``t`` treasures, ``cards`` towels, ``position`` a number), or
# a cell of the board (with ``cell`` and ``x`` cells).
EXAMPLE_SCOPES = {
    "treasure": {
        "spot": {"position_in": "beach"},
        "t": {"position_in": "beach"},
        "card": {"one_of": "me.treasures"},
        "cards": {"group_of": "me.towels", "by": "value"},
        "position": {"number_in": [0, 3]},
    },
    "cell": {
        "spot": {"position_in": "board"},
        "cell": {"position_in": "board"},
        "x": {"position_in": "board"},
    },
}


@functools.cache
def _example_problems(scope: str) -> dict:
    """Each example of docs/dsl.md as an action of the examples' rules (Playa Pirata with a
    board, a cup, a deck and a draft: tests/variants/dsl-examples.yaml), compiled by the
    real compile stage: example index -> the errors located in its action."""
    import json
    import tempfile

    import playa_rules as pr

    lines = ["extends: playa-pirata", f"variant: dsl-example-{scope}", "actions:"]
    for i, (text, effect) in enumerate(EXAMPLES):
        # the scope's names the example uses (not a function call of the same name)
        params = {k: v for k, v in EXAMPLE_SCOPES[scope].items() if re.search(rf"\b{k}\b(?!\s*\()", text)}
        lines += [
            f"  example_{i}:",
            "    text: " + json.dumps(" ".join(["example"] + ["{%s}" % p for p in params])),
        ]
        if params:
            lines.append("    params: " + json.dumps(params))
        if effect:
            lines.append("    effect: " + json.dumps(text))
        else:  # an expression of any type, in an effect where any type may stand
            lines.append("    effect: " + json.dumps(f"for ex_value in [{text}] {{ end step }}"))
    # offered by a step, so that the overlay does not take them for misspelt actions
    names = ", ".join(f"example_{i}" for i in range(len(EXAMPLES)))
    lines += [
        "phases:",
        "  - id: examples",
        "    at: end",
        "    steps:",
        f"      - {{id: examples, actions: [{names}]}}",
    ]
    with tempfile.TemporaryDirectory() as where:
        path = Path(where) / f"dsl-example-{scope}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            pr.load(
                "playa-pirata", variants=[str(ROOT / "tests" / "variants" / "dsl-examples.yaml"), str(path)]
            )
            return {}
        except PlayaRulesError as exc:
            found: dict = {}
            for d in getattr(exc, "diagnostics", []):
                m = re.match(r"/actions/example_(\d+)/", d.path or "")
                assert m, f"a problem outside the examples' actions: {d}"
                found.setdefault(int(m.group(1)), []).append(str(d))
            return found


def _compiles(index: int) -> None:
    """Example ``index`` compiles in one of the scopes; else every scope's errors."""
    errors = {scope: _example_problems(scope).get(index) for scope in EXAMPLE_SCOPES}
    if any(problems is None for problems in errors.values()):
        return
    shown = "\n".join(f"{scope}: {p}" for scope, problems in errors.items() for p in problems)
    raise AssertionError(f"docs/dsl.md example does not compile: {EXAMPLES[index][0]!r}:\n{shown}")


@pytest.mark.parametrize(
    "index", range(len(EXAMPLES)), ids=[text.split("\n")[0][:40] for text, _ in EXAMPLES]
)
def test_every_example_compiles_against_a_game(index):
    _compiles(index)


def test_an_example_naming_no_function_fails_to_compile():
    """The check itself: a made-up function is a compile error in every scope."""
    EXAMPLES.append(("count(me.towels) + nosuchfunction(spot)", False))
    _example_problems.cache_clear()
    try:
        with pytest.raises(AssertionError, match="does not compile"):
            _compiles(len(EXAMPLES) - 1)
    finally:
        EXAMPLES.pop()
        _example_problems.cache_clear()


def test_grammar_keywords_are_documented():
    grammar = (Path(__file__).resolve().parent.parent / "grammar" / "effects.lark").read_text()
    statements = re.findall(r'^([a-z]\w*): "(\w+)"', grammar, flags=re.M)
    for rule, keyword in statements:
        assert f"### {keyword}" in DSL or keyword in ("if", "for", "sorted"), keyword


def test_the_reference_is_generated_from_the_schemas_and_registries():
    """docs/reference.md is exactly what `python -m playa_rules.render.reference` prints."""
    from playa_rules.render.reference import markdown

    assert (DOCS / "reference.md").read_text(encoding="utf-8") == markdown(), (
        "docs/reference.md is out of date: run python -m playa_rules.render.reference > docs/reference.md"
    )


ROOT = DOCS.parent


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
