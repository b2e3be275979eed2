"""benchmarks/obligations.py measures what the API's promises cost at the least: it is an
honest yardstick only if its tic-tac-toe is the bare one's, move for move, and if it keeps
the promises it names (actions with ids and texts, illegal moves rejected, a log)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def module(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    out = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(out)
    return out


def test_the_obliged_game_offers_the_bare_game_s_moves_and_ends_alike():
    obliged, bare = module("obligations"), module("tic_tac_toe")
    for seed in range(200):
        rng = random.Random(seed)
        mine, plain = obliged.Game(), bare.Game()
        while not plain.over:
            assert not mine.is_over and mine.current_player == plain.seat
            legal = mine.legal_actions()
            assert [a.id for a in legal] == plain.legal()
            assert [a.text for a in legal] == [bare.text(c) for c in plain.legal()]
            action = legal[rng.randrange(len(legal))]
            mine.apply(action)
            plain.apply(action.id)
        assert mine.is_over and mine.current_player is None
        assert mine.winners == plain.winners
        assert len(mine.log) == 9 - plain.board.count(-1)


def test_the_obliged_game_rejects_what_is_not_legal_now():
    obliged = module("obligations")
    game = obliged.Game()
    game.apply(obliged.ACTIONS[4])
    with pytest.raises(obliged.IllegalAction):
        game.apply(obliged.ACTIONS[4])  # marked already
    with pytest.raises(obliged.IllegalAction):
        game.apply(4)  # not an action
    for cell in (0, 1, 3, 7):
        game.apply(obliged.ACTIONS[cell])  # x: 4, 1, 7 (the middle column) / o: 0, 3
    assert game.is_over and game.winners == [0]
    with pytest.raises(obliged.IllegalAction):
        game.apply(obliged.ACTIONS[8])  # the game is over
    assert game.log == [(0, 4), (1, 0), (0, 1), (1, 3), (0, 7)]
