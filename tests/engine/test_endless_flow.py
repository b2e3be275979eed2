"""A flow that can never reach a decision stops at once with an error located at its phase
(engine/endless.py), not after a million steps: tic-tac-toe written with "take turns until
someone wins" and no rule for a full board goes round its blocked turns for ever once the
board is full."""

from __future__ import annotations

from pathlib import Path

import pytest
from cpu import cpu_within

import playa_rules as pr
from playa_rules.errors import GameRuntimeError
from playa_rules.simulation.smoke import simulate

TTT = (Path(__file__).parent.parent / "games" / "tic-tac-toe.yaml").read_text(encoding="utf-8")
UNTIL_WON = (
    TTT.replace("      if all(c.mark >= 0 for c in board) { win none }\n", "")
    .replace(
        "      if three_through(cell) { win me }", "      if three_through(cell) { set hand.winner = me }"
    )
    .replace(
        "turns: {from: start_player, rounds: 5}", "turns: {from: start_player, until: hand.winner != none}"
    )
    .replace("define:\n", "variables:\n  hand: {winner: null}\ndefine:\n")
)
DRAW = [
    "place #0",
    "place #1",
    "place #2",
    "place #4",
    "place #3",
    "place #5",
    "place #7",
    "place #6",
    "place #8",
]


def _rules(tmp_path, text: str):
    path = tmp_path / "ttt.yaml"
    path.write_text(text, encoding="utf-8")
    return pr.load(path), path, text


def test_a_full_board_where_every_turn_is_blocked_is_an_endless_flow_located_at_the_phase(tmp_path):
    rules, path, text = _rules(tmp_path, UNTIL_WON)
    game = rules.new_game(2, seed=0)
    for move in DRAW[:-1]:
        game.apply(move)
    # (the million steps took tens of seconds of CPU; here a few turns)
    with cpu_within(30, "finding the endless flow"), pytest.raises(GameRuntimeError) as exc:
        game.apply(DRAW[-1])
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "until: hand.winner" in t)
    message = str(exc.value)
    assert f"{path}:{line}:" in message
    assert "endless-flow: the rules can never reach a decision: phase 'play'" in message


def test_a_won_game_with_the_same_rules_ends_normally(tmp_path):
    rules, _, _ = _rules(tmp_path, UNTIL_WON)
    game = rules.new_game(2, seed=0)
    for move in ["place #0", "place #3", "place #1", "place #4"]:
        game.apply(move)
    assert game.legal_actions()  # a decision: nothing endless yet
    game.apply("place #2")  # the top row: the next turn does not start
    assert game.is_over


def test_a_phase_that_reads_the_round_is_not_endless_while_the_round_still_changes(tmp_path):
    text = UNTIL_WON.replace("until: hand.winner != none", "until: hand.winner != none or round > 40")
    rules, _, _ = _rules(tmp_path, text)
    game = rules.new_game(2, seed=0)
    for move in DRAW:
        game.apply(move)
    assert game.is_over  # round 41 came: the phase and the hand ended


def test_a_phase_whose_turns_never_end_and_offer_no_action_is_refused_when_the_rules_load(tmp_path):
    text = (
        UNTIL_WON.replace("until: hand.winner != none", "until: 1 > 2")
        .replace("      - {id: move, actions: [place]}", "      - {id: look, effect: set hand.winner = none}")
        .replace("  place:\n", "  place:\n    rule: unused\n")
    )
    path = tmp_path / "ttt.yaml"
    path.write_text(text, encoding="utf-8")
    (d,) = [d for d in pr.validate(path) if d.severity == "error"]
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "until: 1 > 2" in t)
    assert (d.code, d.line) == ("endless-flow", line)
    assert d.message == (
        "phase 'play' can never reach a decision: its 'until' never holds, no effect ends a phase, "
        "hand or match, and none of its steps offers an action"
    )


def test_an_endless_flow_without_until_is_located_at_its_phase_by_simulate_and_asks_for_a_fallback(tmp_path):
    """An outside tester's Crazy Eights without its draw fallback: turns given to a seat, the
    phase coming back to itself by 'next', every step blocked. --simulate located the failure at
    1:1 (its own message said the phase's line) and asked about an 'until' the phase has not."""
    text = (
        TTT.replace("      if all(c.mark >= 0 for c in board) { win none }\n", "")
        .replace("      if three_through(cell) { win me }\n", "")
        .replace(
            "turns: {from: start_player, rounds: 5}", "turns: {seat: start_player}\n    next: \"'play'\""
        )
    )
    rules, path, text = _rules(tmp_path, text)
    (d,) = [d for d in simulate(rules, 2) if d.code == "sim-runtime-error"]
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "- id: play" in t)
    assert (d.file, d.line, d.path) == (str(path), line, "/phases/0")
    assert "such as a fallback?" in d.message and "'until'" not in d.message
