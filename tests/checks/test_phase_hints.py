"""A phase id that names no phase gets one hint wherever it is written (checks/flow.py
``_phase_hint``): the id it is closest to, else the phases there are."""

from __future__ import annotations

from pathlib import Path

import playa_rules as pr

GAME = (Path(__file__).parent.parent / "cases" / "semantic" / "unknown-phase.yaml").read_text(
    encoding="utf-8"
)


def _phase_errors(tmp_path, text):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return [(d.message, d.hint) for d in pr.validate(path) if d.code == "unknown-phase"]


def test_a_comparison_with_a_misspelt_phase_suggests_the_phase(tmp_path):
    assert _phase_errors(tmp_path, GAME) == [("no phase has the id 'mian'", "did you mean 'main'?")]


def test_a_comparison_with_a_phase_like_none_lists_the_phases(tmp_path):
    text = GAME.replace("'mian'", "'auction'")
    assert _phase_errors(tmp_path, text) == [("no phase has the id 'auction'", "the phases are main")]


def test_a_next_naming_no_phase_lists_the_phases(tmp_path):
    text = GAME.replace("'mian'", "'main'").replace("    turns:", "    next: \"'auction'\"\n    turns:", 1)
    assert _phase_errors(tmp_path, text) == [("no phase has the id 'auction'", "the phases are main")]


def test_a_next_whose_branch_names_no_phase_suggests_the_phase(tmp_path):
    text = GAME.replace("'mian'", "'main'").replace(
        "    turns:", "    next: \"if round > 1 then 'mains' else none\"\n    turns:", 1
    )
    assert _phase_errors(tmp_path, text) == [("no phase has the id 'mains'", "did you mean 'main'?")]
