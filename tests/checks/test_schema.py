"""The JSON Schema for rule files and the schema stage's located, readable diagnostics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playa_rules import resources
from playa_rules.checks.schema import check_schema_file, schema_diagnostics
from playa_rules.source.load import load_file, load_text

CASES = Path(__file__).parent.parent / "cases" / "schema"
REFERENCE = resources.games_dir() / "playa-pirata.yaml"
SCHEMA = json.loads(resources.schema_path().read_text(encoding="utf-8"))


def test_schema_is_valid_draft_2020_12():
    check_schema_file()
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"] == "https://playa-rules.dev/schema/playa-rules.schema.json"
    assert SCHEMA["title"] and SCHEMA["description"]


def _walk(schema, path="#"):
    if isinstance(schema, dict):
        yield path, schema
        for key, value in schema.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            yield from _walk(value, f"{path}/{index}")


def test_every_property_has_a_title_and_description():
    missing = []
    for path, node in _walk(SCHEMA):
        for name, sub in (
            node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else ()
        ):
            if not (sub.get("title") and sub.get("description")):
                missing.append(f"{path}/properties/{name}")
    assert not missing, missing


def test_every_defined_object_is_closed():
    open_by_design = {"#/$defs/item", "#/properties/parameters"}  # free-form properties, checked by type
    for path, node in _walk(SCHEMA):
        if node.get("type") == "object" and "properties" in node and path not in open_by_design:
            assert node.get("additionalProperties") is False, path


def test_reference_game_validates_without_errors():
    assert schema_diagnostics(load_file(REFERENCE)) == []


def test_minimal_game_and_variant_file_validate():
    assert schema_diagnostics(load_file(CASES / "minimal.yaml")) == []
    assert schema_diagnostics(load_text("extends: playa-pirata\nvariant: short-game\n"), variant=True) == []
    # a variant file is not a game: the game schema wants what the merge provides
    assert schema_diagnostics(load_text("extends: playa-pirata\nvariant: short-game\n"))


# file, then the diagnostics expected, headline first: (message fragment, line, column, path)
BAD_FILES = [
    (
        "unknown-key.yaml",
        [
            (
                "unknown key 'requires' in action 'draw' (did you mean 'require'?)",
                16,
                5,
                "/actions/draw/requires",
            )
        ],
    ),
    (
        "wrong-enum.yaml",
        [
            (
                "'visibility' must be one of hidden, owner, public, not 'secret'",
                11,
                22,
                "/zones/deck/visibility",
            )
        ],
    ),
    ("missing-required.yaml", [("phase 1 is missing required key 'id'", 18, 5, "/phases/0")]),
    (
        "several-errors.yaml",
        [
            ("'players' must be a list, not the text 'two'", 4, 10, "/players"),
            ("unknown key 'txt' in action 'draw' (did you mean 'text'?)", 15, 5, "/actions/draw/txt"),
            (
                "'turns.order' must be one of clockwise, counterclockwise, not 'widdershins'",
                19,
                51,
                "/phases/0/turns/order",
            ),
        ],
    ),
]


@pytest.mark.parametrize("name, expected", BAD_FILES, ids=[case[0] for case in BAD_FILES])
def test_bad_file_diagnostics(name, expected):
    diagnostics = schema_diagnostics(load_file(CASES / name))
    assert [(d.line, d.column, d.path) for d in diagnostics] == [(l, c, p) for _, l, c, p in expected]
    for diagnostic, (fragment, _, _, _) in zip(diagnostics, expected):
        assert diagnostic.code == "schema"
        assert fragment in diagnostic.message
        assert diagnostic.file == str(CASES / name)
        assert diagnostic.source_line == load_file(CASES / name).source_line(diagnostic.line)


BASE = (CASES / "minimal.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "old, new, fragment",
    [
        ("game: minimal", "game: Minimal Game", "'game' is not a valid id: 'Minimal Game'"),
        ("  draw:\n", "  draw it:\n", "'draw it' is not a valid action name"),
        (
            "{from: start_player, rounds: 1}",
            "{from: start_player}",
            "'turns' of phase 'main' must have exactly one of: from + rounds, from + until, seat, seats (it has from)",
        ),
        ("{from: start_player, rounds: 1}", "{seat: start_player, rounds: 1}", "must have exactly one of"),
        (
            "    text: draw\n",
            "    text: draw\n    params: {card: {one_of: deck, position_in: deck}}\n",
            "parameter 'card' of action 'draw' must have exactly one of: one_of, position_in, group_of + by",
        ),
        (
            "    text: draw\n",
            "    text: draw\n    params: {card: {one_of: deck, by: value}}\n",
            "in parameter 'card' of action 'draw', 'by' needs 'group_of'",
        ),
        (
            "{id: draw, actions: [draw]}",
            "{id: draw}",
            "step 'draw' of phase 'main' must have one of: actions, effect",
        ),
        ("players: [2]", "players: [2, 2]", "'players' must not repeat a value"),
        ("players: [2]", "players: []", "'players' must have at least 1 item"),
        (
            "{value: 1, count: 3}",
            "{value: {x: 1}, count: 3}",
            "in item 1 of component 'card', 'value' must be",
        ),
        ("phases:\n", "variables:\n  round: {x: 1}\nphases:\n", "unknown key 'round' in 'variables'"),
        ("game: minimal\n", "", "the rule file is missing required key 'game'"),
        (
            "game: minimal\n",
            "game: minimal\nphase: []\n",
            "unknown key 'phase' at the top level (did you mean 'phases'?)",
        ),
    ],
)
def test_messages_read_well(old, new, fragment):
    assert old in BASE
    diagnostics = schema_diagnostics(load_text(BASE.replace(old, new, 1), "game.yaml"))
    assert diagnostics, "expected a schema error"
    assert fragment in diagnostics[0].message, [d.message for d in diagnostics]
    assert all(d.line is not None for d in diagnostics)


def test_empty_and_non_mapping_files():
    assert schema_diagnostics(load_text(""))[0].message == "the rule file is empty"
    assert schema_diagnostics(load_text("- 1\n"))[0].message == "the rule file must be a mapping, not a list"


def test_comma_in_flow_mapping_gets_a_hint():
    text = BASE.replace(
        "deck: {visibility: hidden, holds: [card]}",
        "deck: {visibility: hidden, holds: [card], about: cards, face down}",
    )
    diagnostic = schema_diagnostics(load_text(text))[0]
    assert diagnostic.message.startswith("unknown key 'face down' in zone 'deck'")
    assert "quote text that contains commas" in diagnostic.hint


def test_the_validator_reads_the_schema_with_its_references_inlined_and_finds_the_same_errors(tmp_path):
    """The validator runs the schema with each ``$ref`` replaced by its definition (quicker:
    no reference to resolve per node); the errors are the same as with the file's schema,
    for the bundled files and for mutants of them (the fuzzer's)."""
    import random

    import fuzz_rules
    import yaml as _yaml

    from playa_rules.checks import schema as S

    inlined, plain = S._validator(False), S._Validator(S._schema(False))
    assert "$ref" not in json.dumps(inlined.schema) and "$ref" in json.dumps(plain.schema)
    docs = [_yaml.safe_load(p.read_text(encoding="utf-8")) for p in fuzz_rules.SOURCES]
    docs += [_yaml.safe_load(fuzz_rules._text(tmp_path, random.Random(seed))[1]) for seed in range(120)]
    for data in docs:
        data = S._jsonable(data)
        got = sorted((e.validator, e.message, list(e.absolute_path)) for e in inlined.iter_errors(data))
        assert got == sorted((e.validator, e.message, list(e.absolute_path)) for e in plain.iter_errors(data))


def test_an_id_that_breaks_its_pattern_gets_a_conforming_example():
    diagnostics = schema_diagnostics(
        load_text(BASE.replace("game: minimal", "game: Minimal Game", 1), "game.yaml")
    )
    assert diagnostics[0].hint == "for example 'minimal-game'"
    variant = load_text("extends: playa-pirata\nvariant: My House Rule\ntitle: Mine\n", "mine.yaml")
    found = schema_diagnostics(variant, variant=True)
    assert "is not a valid variant id: 'My House Rule'; use lowercase letters" in found[0].message
    assert found[0].hint == "for example 'my-house-rule'"


@pytest.mark.parametrize(
    "old, new, fragment",
    [
        ("    text: draw\n", "    text: draw\n    efect: move top(deck) to me.hand\n", "unknown key 'efect'"),
        (
            "    text: draw\n",
            "    text: draw\n    params: {card: {one_off: deck}}\n",
            "unknown key 'one_off'",
        ),
    ],
)
def test_a_misspelt_key_is_one_error_not_two(old, new, fragment):
    """The missing key or the 'exactly one of' that only echo the misspelling are not repeated."""
    text = BASE.replace(old, new, 1)
    if "efect" in new:
        text = text.replace("    effect:", "    # effect:", 1)
    diagnostics = schema_diagnostics(load_text(text, "game.yaml"))
    assert [fragment in d.message for d in diagnostics] == [True], [d.message for d in diagnostics]
