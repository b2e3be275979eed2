"""A bound on the actions of one game in ``simulate`` and ``compare`` (docs/simulation.md, the
README's "Safety"): a game not over after ``max_actions`` actions (``--max-actions``, default
100,000, as ``play`` and ``validate --simulate``) stops the run with an error naming the game,
its seed and the bound, quoting the rules' ``endless-phase`` warning when they have one. A rule
file from a stranger whose game cannot finish no longer keeps a batch playing for 100,000
decisions per game unless asked to."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli import main

NO_END = Path(__file__).parent.parent / "cases" / "simulate" / "no-end.yaml"


def test_simulate_stops_a_game_past_max_actions_naming_it():
    with pytest.raises(pr.PlayaRulesError) as caught:
        pr.simulate(str(NO_END), games=3, workers=1, max_actions=40, seed=5)
    message = str(caught.value)
    assert message.startswith(
        "game 0 (seed 5) did not end within 40 actions: stopped (give --max-actions, or max_actions=, "
        "to play longer); "
    )
    assert "the rules cannot finish: phase 'main' never ends" in message


def test_compare_stops_too(tmp_path):
    shutil.copy(NO_END, tmp_path / "no-end.yaml")
    variant = tmp_path / "longer.yaml"
    variant.write_text(
        "extends: no-end.yaml\nvariant: longer\nactions:\n  wait: {text: hold}\n", encoding="utf-8"
    )
    with pytest.raises(pr.PlayaRulesError, match=r"did not end within 30 actions"):
        pr.compare(str(tmp_path / "no-end.yaml"), [str(variant)], games=2, workers=1, max_actions=30)


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "10"])
def test_max_actions_is_a_whole_number_from_1(bad):
    with pytest.raises(pr.PlayaRulesError, match="max_actions must be a whole number from 1"):
        pr.simulate(str(NO_END), games=1, workers=1, max_actions=bad)


def test_a_game_that_ends_within_the_bound_plays_as_before():
    a = pr.simulate("playa-pirata", players=3, games=2, workers=1)
    b = pr.simulate("playa-pirata", players=3, games=2, workers=1, max_actions=10_000)
    assert a == b


def test_the_command_line_takes_max_actions(capsys):
    assert main(["simulate", str(NO_END), "-n", "2", "-w", "1", "--max-actions", "25"]) == 1
    err = capsys.readouterr().err
    assert "playa-rules: error: game 0 (seed 0) did not end within 25 actions: stopped" in err
    from playa_rules.cli.main import build_parser

    parsed = build_parser().parse_args(["simulate", "playa-pirata"])
    assert parsed.max_actions == 100_000  # as play and validate --simulate
    assert main(["simulate", "playa-pirata", "--max-actions", "0"]) == 2
