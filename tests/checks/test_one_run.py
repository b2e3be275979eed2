"""Every problem in one run, at the author's own line (issue 30): the schema's errors no longer
hide what the compiler and the semantic checks find in the rest of the file, and a variant's
mistake is reported in the variant, with the base file's line as a note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli.main import main
from playa_rules.errors import SpecError

ROOT = Path(__file__).resolve().parents[2]
ONE_OF_EACH = ROOT / "tests" / "cases" / "schema" / "one-of-each.yaml"


def _where(d):
    return (Path(d.file).name if d.file else None, d.line, d.column)


def test_a_file_with_one_mistake_of_each_kind_reports_all_of_them_at_once():
    diags = pr.validate(ONE_OF_EACH)
    got = [(d.severity, d.code, _where(d)) for d in diags]
    assert got == [  # in the order of the file's lines, whatever stage found them
        ("error", "schema", ("one-of-each.yaml", 5, 10)),  # players: two
        ("error", "not-an-alternative", ("one-of-each.yaml", 11, 12)),  # a ruling set to no choice
        ("error", "schema", ("one-of-each.yaml", 12, 1)),  # componets: a misspelt top-level key
        ("error", "schema", ("one-of-each.yaml", 21, 5)),  # efect: the misspelt 'effect' of pass
        ("error", "unknown-function", ("one-of-each.yaml", 22, 26)),  # lenght(...), in the misspelt key
        ("error", "unknown-name", ("one-of-each.yaml", 27, 25)),  # a misspelt zone
        ("error", "schema", ("one-of-each.yaml", 29, 22)),  # visibility: hiden
        ("error", "dsl-syntax", ("one-of-each.yaml", 40, 23)),
        ("warning", "not-checked", ("one-of-each.yaml", None, None)),
    ], "\n".join(d.format() for d in diags)
    note = diags[-1].message
    assert "read /actions/pass/efect as 'effect'" in note
    assert "read stand-ins for /players, /zones/deck/visibility" in note and "left out /componets" in note
    with pytest.raises(SpecError) as info:
        pr.load(ONE_OF_EACH)
    assert [d.code for d in info.value.diagnostics] == [d.code for d in diags]


def test_what_follows_only_from_a_mistake_is_not_reported_again(tmp_path):
    """An action whose text is of the wrong kind is set aside: the step naming it is no
    'unknown-action' of its own."""
    text = (ROOT / "docs" / "examples" / "kuhn-poker.yaml").read_text()
    path = tmp_path / "k.yaml"
    path.write_text(text.replace("    text: bet\n", "    text: [bet]\n    efect: set me.put += 1\n", 1))
    codes = [d.code for d in pr.validate(path)]
    assert "unknown-action" not in codes and codes[-1] == "not-checked"


def test_a_file_the_schema_cannot_mend_says_so_once(tmp_path):
    path = tmp_path / "k.yaml"
    path.write_text("game: g\ntitle: G\nplayers: [2]\nphases: 3\n")
    diags = pr.validate(path)
    assert [d.code for d in diags].count("not-checked") == 1
    assert diags[-1].message.startswith("the DSL and semantic checks did not run")


def test_a_variant_with_three_mistakes_reports_the_three_in_the_variant(tmp_path):
    """The issue's house rule: a misspelt top-level key, a ruling set to no alternative and a
    bad DSL call showed 1 error, then 2, then 1."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: playa-pirata\nvariant: house\ntitle: House\n"
        "parametres:\n  skull_points: [0, 0, 12, 18, 18]\n"
        "rulings:\n  umbrella_last_turn: final-round\n"
        "define:\n  extra_points: lenght(me.towels)\n"
        "scoring:\n  - {id: extra, points: extra_points, after: skulls}\n"
    )
    diags = pr.validate(path)
    assert [(d.code, _where(d)) for d in diags] == [
        ("schema", ("house.yaml", 4, 1)),
        ("not-an-alternative", ("house.yaml", 7, 23)),
        ("unknown-function", ("house.yaml", 9, 17)),
        ("not-checked", ("house.yaml", None, None)),
    ]
    assert diags[2].hint.startswith("did you mean 'count'?")


def _bad_variant(tmp_path) -> Path:
    path = tmp_path / "bad-variant.yaml"
    path.write_text(
        "extends: playa-pirata\nvariant: bad\ntitle: Bad\nparameters:\n  skull_points: [0, 0, twelve, 18, 18]\n"
    )
    return path


def test_a_variant_s_mistake_is_at_the_variant_s_line_with_the_base_line_as_a_note(tmp_path):
    path = _bad_variant(tmp_path)
    (d,) = pr.validate(path)
    assert (d.code, _where(d), d.path) == (
        "type-error",
        ("bad-variant.yaml", 5, 24),  # at the bad item, `twelve`, not at the list
        "/parameters/skull_points/2",
    )
    (note,) = d.notes
    assert (note.severity, note.file, note.line, note.column, note.path) == (
        "note",
        "spec/games/playa-pirata.yaml",
        269,
        14,
        "/scoring/2/points",
    )
    assert note.message == "where the rules read 'skull_points', which variant 'bad' changes"
    text = d.format()
    assert "    note: spec/games/playa-pirata.yaml:269:14: where the rules read 'skull_points'" in text
    with pytest.raises(SpecError) as info:
        pr.load(path)
    assert _where(info.value.diagnostics[0]) == ("bad-variant.yaml", 5, 24)


@pytest.mark.parametrize(
    "parameters, at, path",
    [
        # a table by player count, one entry a word: the caret under "seven"
        ('  gives: {3: "seven", 4: 7, 5: 7, 6: 5, 7: 5}\n', (5, 14), "/parameters/gives/3"),
        ('  gives:\n    3: 7\n    4: "seven"\n    5: 7\n', (7, 8), "/parameters/gives/4"),
        # every entry a word: the first of them
        ("  gives: {3: seven, 4: seven, 5: seven, 6: five, 7: five}\n", (5, 14), "/parameters/gives/3"),
        # a scalar value: the value itself, as before
        ("  rounds: three\n", (5, 11), "/parameters/rounds"),
    ],
)
def test_a_wrong_typed_item_of_a_parameter_is_pointed_at_itself_not_at_its_table(
    tmp_path, parameters, at, path
):
    """Pirate Gold: a house rule giving "seven" cards with 3 players is reported at "seven"."""
    file = tmp_path / "seven.yaml"
    file.write_text(f"extends: pirate-gold-cards\nvariant: seven\ntitle: Seven\nparameters:\n{parameters}")
    d = next(d for d in pr.validate(file) if d.code == "type-error")
    assert (_where(d), d.path) == (("seven.yaml", *at), path)
    assert d.notes[0].file == "spec/games/pirate-gold-cards.yaml"


def test_the_note_is_in_the_json_of_validate(tmp_path, capsys):
    path = _bad_variant(tmp_path)
    assert main(["validate", str(path), "--format", "json"]) == 1
    (d,) = json.loads(capsys.readouterr().out)["files"][0]["diagnostics"]
    assert (d["file"], d["line"], d["column"]) == (str(path), 5, 24)
    assert d["notes"] == [
        {
            "file": "spec/games/playa-pirata.yaml",
            "line": 269,
            "column": 14,
            "path": "/scoring/2/points",
            "severity": "note",
            "message": "where the rules read 'skull_points', which variant 'bad' changes",
            "source_line": "    points: \"skull_points[min(count(t in won where t.kind == 'skull'), 4)]\"",
        }
    ]
