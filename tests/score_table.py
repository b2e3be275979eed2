"""A table game that makes no decision, for the tests of what DSL expressions are worth: each
case is a scoring rule whose points are its expression; the match ends at once, and the score's
detail gives seat 0's points for each rule (tests/compiler/test_dsl_functions.py,
test_unroll.py). A test writes the table's components, zones and setup; the rest is here."""

from __future__ import annotations

from pathlib import Path

import pytest
from backend_switch import load_with

# one step nobody plays: the hand ends as the phase starts
NO_DECISION = """\
actions:
  pass: {text: pass, effect: "end turn"}
phases:
  - id: only
    on_start: "end hand"
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: act, actions: [pass]}
scoring:
"""


def write_table(folder: Path, head: str, cases: dict) -> Path:
    """The rule file ``head`` (its game id names the file) with a scoring rule per case
    (``name -> (expression, value, why)``)."""
    game = head.split("\n", 1)[0].removeprefix("game:").strip()
    path = folder / f"{game}.yaml"
    rules = "".join(f'  - {{id: {name}, points: "{expr}"}}\n' for name, (expr, _, _) in cases.items())
    path.write_text(head + NO_DECISION + rules, encoding="utf-8")
    return path


def seat_zero_points(backend: str, path: Path) -> tuple:
    """The table loaded with ``backend`` ("generated" or "closures") and played: the rules
    and seat 0's points for each scoring rule."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        rules = load_with(monkeypatch, backend, str(path))
    game = rules.new_game(2, seed=1)
    assert game.is_over
    (score,) = [event for event in game.log if event["event"] == "score"]
    return rules, score["detail"][0]
