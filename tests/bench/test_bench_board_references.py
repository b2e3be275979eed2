"""The hand-written tic-tac-toe and Connect Four of benchmarks/ are honest yardsticks: over
seeded random games each offers exactly the engine's legal actions at every decision, to
the same seat, and ends when the engine ends with the same winners (a draw: none)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.bench.yardsticks import random_game

ROOT = Path(__file__).resolve().parents[2]


def reference(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def agree(ref, rules, seed: int) -> int:
    """One random game with both, the engine's choices mirrored; the decisions checked."""
    game, mine = rules.new_game(2, seed=seed), ref.Game()
    rnd = random.Random(seed)
    decisions = 0
    while not game.is_over:
        assert not mine.over, f"decision {decisions}: the reference ended first"
        assert game.current_player == mine.seat, f"decision {decisions}"
        legal = [str(a) for a in game.legal_actions()]
        offered = {ref.text(a): a for a in mine.legal()}
        assert sorted(legal) == sorted(offered), f"decision {decisions}"
        action = legal[rnd.randrange(len(legal))]
        game.apply(action)
        mine.apply(offered[action])
        decisions += 1
    assert mine.over
    assert game.winners() == mine.winners
    return decisions


@pytest.mark.parametrize(
    "name, rule_file", [("tic_tac_toe", "tic-tac-toe"), ("connect_four", "connect-four")]
)
def test_the_hand_written_board_game_offers_the_engine_s_moves_and_ends_alike(name, rule_file):
    ref, rules = reference(name), pr.load(ROOT / "tests" / "games" / f"{rule_file}.yaml")
    decisions = sum(agree(ref, rules, seed) for seed in range(150))
    assert decisions > 150 * 5
    wins = [tuple(random_game(ref.Game, random.Random(s))[0]) for s in range(200)]
    assert {(0,), (1,)} <= set(wins)  # both seats win some random games


def test_draws_are_ended_alike():
    ref, rules = reference("tic_tac_toe"), pr.load(ROOT / "tests" / "games" / "tic-tac-toe.yaml")
    game, mine = rules.new_game(2, seed=0), ref.Game()
    for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8):  # x o x / x o o / o x x: nobody has three
        game.apply(f"place #{cell}")
        mine.apply(cell)
    assert game.is_over and mine.over
    assert game.winners() == mine.winners == []


def test_the_bench_plays_both_board_games_beside_their_hand_written_versions():
    from playa_rules.bench.run import measure
    from playa_rules.bench.yardsticks import board_games, mid_hand_position

    rows = board_games(0.02, measure)
    assert [r["game"] for r in rows] == ["tic-tac-toe", "connect-four"]
    for row in rows:
        assert row["engine"] > 0 and row["hand"] > 0 and row["ratio"] == row["engine"] / row["hand"]
    game = mid_hand_position()
    assert not game.hand_scores and len(game.legal_actions()) >= 4  # a real choice, inside the first hand
