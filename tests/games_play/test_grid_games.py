"""Grid games written in today's rule format agree with OpenSpiel's own implementations:
tic-tac-toe and Connect Four, over many random games, legal moves at every decision and
the result (who won, or a draw). OpenSpiel is an independent implementation nobody here
wrote; these files only use the generic constructs (components with row and column
properties, positions, list parameters), which is what a board concept will make shorter."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import playa_rules as pr

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

GAMES = Path(__file__).resolve().parent.parent / "games"


def _ours_to_theirs(name: str, text: str) -> int:
    """Our action text as OpenSpiel's action number."""
    if name == "tic_tac_toe":
        return int(text.split("#")[1])  # "place #4": the cell, row by row
    return int(text.split()[1])  # "drop 3": the column


def _agree(name: str, path: Path, seed: int) -> str:
    game = pr.load(path).new_game(2, seed=seed)
    state = pyspiel.load_game(name).new_initial_state()
    rnd = random.Random(seed)
    while not state.is_terminal():
        assert not game.is_over
        assert game.current_player == state.current_player()
        ours = {_ours_to_theirs(name, str(a)): a for a in game.legal_actions()}
        assert sorted(ours) == sorted(state.legal_actions())
        move = rnd.choice(sorted(ours))
        game.apply(ours[move])
        state.apply_action(move)
    assert game.is_over
    returns = state.returns()
    if returns[0] == returns[1]:
        assert game.winners() == []
        return "draw"
    winner = 0 if returns[0] > returns[1] else 1
    assert game.winners() == [winner]
    return f"seat {winner}"


@pytest.mark.parametrize(
    "name,file,games", [("tic_tac_toe", "tic-tac-toe.yaml", 300), ("connect_four", "connect-four.yaml", 80)]
)
def test_random_games_agree_with_openspiel(name, file, games):
    results = [_agree(name, GAMES / file, seed) for seed in range(games)]
    assert {"seat 0", "seat 1"} <= set(results)  # both seats win some games
    if name == "tic_tac_toe":
        assert "draw" in results  # and some end full


def test_a_winning_line_ends_tic_tac_toe_at_once():
    game = pr.load(GAMES / "tic-tac-toe.yaml").new_game(2, seed=0)
    for move in ("place #0", "place #3", "place #1", "place #4", "place #2"):
        game.apply(move)
    assert game.is_over and game.winners() == [0]
