"""Quarto and misère Nim (tests/games/quarto.yaml, tests/games/nim.yaml), written from the docs
alone by a newcomer: seeded random games played to the end, and one worked example of each
rulebook's winning rule.

Quarto: a turn places the piece the opponent chose, then chooses the opponent's piece from those
left; four pieces in a row, column or diagonal sharing one attribute win; a full board without
that is a draw (no winner). Nim: heaps of 3, 4 and 5 in ``hand.heaps``; a move takes one or more
objects from one heap; whoever takes the last object loses."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import playa_rules as pr

GAMES = Path(__file__).resolve().parent.parent / "games"
QUARTO = pr.load(GAMES / "quarto.yaml")
NIM = pr.load(GAMES / "nim.yaml")


def _play_out(rules, seed: int) -> tuple[object, list[str]]:
    game = rules.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    played = []
    while not game.is_over:
        legal = game.legal_actions()
        assert len(legal) > 0
        action = legal[rng.randrange(len(legal))]
        played.append(str(action))
        game.apply(action)
    return game, played


LINES = (
    [[(r, c) for c in range(4)] for r in range(4)]
    + [[(r, c) for r in range(4)] for c in range(4)]
    + [[(i, i) for i in range(4)], [(i, 3 - i) for i in range(4)]]
)


def _quarto_on(board: dict) -> bool:
    """A line of four pieces sharing an attribute, from the pieces' texts (tall-dark-round-hollow)."""
    for line in LINES:
        if all(cell in board for cell in line):
            pieces = [board[cell].split("-") for cell in line]
            if any(len({p[i] for p in pieces}) == 1 for i in range(4)):
                return True
    return False


@pytest.mark.parametrize("seed", [*range(6), 37, 87])  # seeds 37 and 87 fill the board: draws
def test_quarto_random_games_end_at_the_first_line_or_on_a_full_board(seed):
    game, played = _play_out(QUARTO, seed)
    board, given, quarto_at = {}, None, None
    for n, action in enumerate(played):
        if action.startswith("give "):
            assert given is None
            given = action.removeprefix("give ")
        else:
            cell = action.removeprefix("place on ")
            assert cell not in board and given is not None
            board[(int(cell[1]), int(cell[3]))], given = given, None
            if _quarto_on(board):
                quarto_at = n
                break
    if quarto_at is not None:
        assert quarto_at == len(played) - 1  # the game ends at the place that made the line
        placer = 1 if len(board) % 2 == 1 else 0  # seat 1 places first
        assert game.winners() == [placer]
    else:
        assert len(board) == 16 and game.winners() == []  # a draw: a full board, nobody wins


# Row 0 gets four tall pieces that share nothing else; the other pieces go where they make no line.
QUARTO_OPENING = [
    "give tall-dark-round-hollow",
    "place on r0c0",
    "give short-dark-round-hollow",
    "place on r2c0",
    "give tall-light-square-solid",
    "place on r0c1",
    "give short-light-square-solid",
    "place on r2c1",
    "give tall-dark-square-hollow",
    "place on r0c2",
]


def _quarto_before_fourth(last_piece: str):
    game = QUARTO.new_game(players=2, seed=0)
    for action in QUARTO_OPENING + ["give short-light-round-hollow", "place on r3c3", f"give {last_piece}"]:
        game.apply(action)
    assert not game.is_over and game.current_player == 1
    return game


def test_quarto_fourth_tall_piece_in_a_row_wins():
    game = _quarto_before_fourth("tall-light-round-solid")
    game.apply("place on r0c3")
    assert game.is_over and game.winners() == [1]


def test_quarto_four_pieces_sharing_no_attribute_do_not_win():
    game = _quarto_before_fourth("short-light-round-solid")
    game.apply("place on r0c3")
    assert not game.is_over
    assert all(str(a).startswith("give") for a in game.legal_actions())


@pytest.mark.parametrize("seed", range(8))
def test_nim_random_games_end_with_the_last_taker_losing(seed):
    game, played = _play_out(NIM, seed)
    taken = sum(int(a.split()[1]) for a in played)
    assert taken == 3 + 4 + 5
    last_taker = (len(played) - 1) % 2  # seat 0 moves first
    assert game.winners() == [1 - last_taker]
    assert game.view(0)["vars"]["hand"]["heaps"] == [0, 0, 0]


def test_nim_a_seat_left_with_one_object_must_take_it_and_loses():
    game = NIM.new_game(players=2, seed=0)
    for action in ["take 3 from heap 0", "take 4 from heap 1", "take 4 from heap 2"]:
        game.apply(action)
    assert game.view(0)["vars"]["hand"]["heaps"] == [0, 0, 1]
    assert game.current_player == 1
    assert [str(a) for a in game.legal_actions()] == ["take 1 from heap 2"]
    game.apply("take 1 from heap 2")
    assert game.is_over and game.winners() == [0]


def test_nim_cannot_take_more_than_a_heap_holds():
    game = NIM.new_game(players=2, seed=0)
    legal = {str(a) for a in game.legal_actions()}
    assert "take 3 from heap 0" in legal and "take 4 from heap 0" not in legal
    with pytest.raises(pr.IllegalAction):
        game.apply("take 4 from heap 0")
