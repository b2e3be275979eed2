"""The score lines `playa-rules play` prints after each hand name the scoring rules as a
player reads them (docs/cli.md): the rules' own name under ``display: names``, else the
rule's id in words, never the id itself ("numbered 7 + towel_treasures 8" before)."""

from __future__ import annotations

import re

from playa_rules.cli import main
from playa_rules.cli.narrate import Narrator


def _play(capsys, *argv) -> str:
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out


def test_a_hand_of_playa_pirata_is_scored_in_the_rulebooks_words(capsys):
    out = _play(capsys, "playa-pirata", "--players", "2", "--seed", "1")
    assert "  seat 1: 15  (numbered Treasures 7 + Treasures with Towel 8)" in out
    assert "  seat 1: 27  (numbered Treasures 13 + Treasures with Towel 4 + Skulls 10)" in out
    assert "  seat 0: 1  (kept Umbrella 1)" in out
    assert "towel_treasures" not in out and "kept_umbrella" not in out


def test_a_scoring_rule_without_a_display_name_reads_as_its_id_in_words(capsys):
    spec = {"scoring": [{"id": "unplayed_towels", "points": "1"}, {"id": "kept_umbrella", "points": "1"}]}
    narrator = Narrator(hands=1, humans=set(), quiet=False, spec=spec)
    narrator.event(
        {"event": "score", "hand": 1, "scores": [3], "detail": [{"unplayed_towels": 2, "kept_umbrella": 1}]}
    )
    assert capsys.readouterr().out.splitlines() == [
        "Hand 1 scores:",
        "  seat 0: 3  (unplayed towels 2 + kept umbrella 1)",
    ]


def test_mauis_score_lines_read_its_rule_ids_in_words(capsys):
    out = _play(capsys, "maui", "--players", "3", "--seed", "2")
    lines = [line for line in out.splitlines() if re.match(r"  seat \d+: -?\d+  \(", line)]
    assert "  seat 1: 24  (tracks 14 + pearls 5 + sand dollars 5)" in lines
    assert all("_" not in line for line in lines)
