"""A game that fails while it runs because of a value a variant set is reported at the
variant's line (source/blame.py), with the game's text that failed as a note: the author of
a house rule sees their own file, not a line of the installed game's file."""

from __future__ import annotations

import json
from pathlib import Path

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.simulation.smoke import simulate

CASES = Path(__file__).parent.parent / "cases" / "simulate"

SHORT_SKULLS = "extends: playa-pirata\nvariant: short-skulls\nparameters:\n  skull_points: [0, 0, 10]\n"


def test_a_skull_table_too_short_for_three_skulls_fails_at_the_variants_line(tmp_path):
    """Four players can win three skulls: skull_points[3] is past the end of [0, 0, 10]."""
    variant = tmp_path / "short-skulls.yaml"
    variant.write_text(SHORT_SKULLS)
    (d,) = simulate(pr.load(variant), 1, seed=9)
    assert (d.code, d.file, d.line, d.column, d.path) == (
        "sim-runtime-error",
        str(variant),
        4,
        17,
        "/parameters/skull_points",
    )
    assert "index 3 is past the end of [0, 0, 10]" in d.message
    assert d.message.startswith("with 4 players, seed 9: the rules failed in the scoring of hand 2")
    (note,) = d.notes
    assert note.file.endswith("playa-pirata.yaml")
    assert note.path == "/scoring/2/points"
    assert note.message == "where the rules read 'skull_points', which variant 'short-skulls' changes"
    assert "skull_points[min(count(" in note.source_line


def test_the_json_report_of_validate_simulate_is_at_the_variants_line_too(tmp_path, capsys):
    variant = tmp_path / "short-skulls.yaml"
    variant.write_text(SHORT_SKULLS)
    assert main(["validate", str(variant), "--simulate", "1", "--seed", "9", "--format", "json"]) == 1
    (found,) = json.loads(capsys.readouterr().out)["files"][0]["diagnostics"]
    assert (found["file"], found["line"], found["column"]) == (str(variant), 4, 17)
    assert found["source_line"] == "  skull_points: [0, 0, 10]"
    assert [(n["path"], n["severity"]) for n in found["notes"]] == [("/scoring/2/points", "note")]


def test_a_fault_the_variant_has_no_part_in_stays_at_the_games_text(tmp_path):
    """The variant renames an action the failing effect does not read: the division by zero
    is the game's own, reported at its line."""
    game = tmp_path / "runtime-error.yaml"
    game.write_text((CASES / "runtime-error.yaml").read_text())
    variant = tmp_path / "polite.yaml"
    variant.write_text("extends: runtime-error.yaml\nvariant: polite\nactions:\n  wait:\n    text: pass\n")
    first = simulate(pr.load(variant), 4)[0]
    assert (first.code, first.file, first.line, first.column) == ("sim-runtime-error", str(game), 12, 23)
    assert first.notes == ()


def test_a_fault_in_an_effect_a_variant_replaces_shows_the_variants_line(tmp_path, capsys):
    """The variant's own block-scalar effect divides by zero: the report is at the variant's
    line and quotes that line under its caret, in text and JSON, not an empty line (outside
    tester, session 19, item 17): the merged rules have no text of their own."""
    variant = tmp_path / "zero.yaml"
    line = "      set turn.groups = 1 / (count(me.towels) - count(me.towels))"
    variant.write_text(f"extends: playa-pirata\nvariant: zero\nactions:\n  done:\n    effect: |\n{line}\n")
    d = simulate(pr.load(variant), 1)[0]
    assert (d.code, d.file, d.line, d.column) == ("sim-runtime-error", str(variant), 6, 27)
    assert d.source_line == line
    shown = str(d).splitlines()
    assert shown[1].strip() == line.strip() and shown[2].strip() == "^"
    assert main(["validate", str(variant), "--simulate", "1", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["files"][0]["diagnostics"][0]
    assert (found["line"], found["column"], found["source_line"]) == (6, 27, line)
