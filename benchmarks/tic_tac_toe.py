"""Tic-tac-toe written by hand, the way a programmer would without playa-rules: a speed
yardstick for board games.

The rules of ``tests/games/tic-tac-toe.yaml``: seat 0 (x) plays first; a move marks an
empty cell, 0 to 8 row by row; three in a row, column or diagonal wins, a full board is a
draw. ``tests/bench/test_bench_board_references.py`` checks that it offers the engine's legal
actions and ends with the engine's winners over seeded games; ``python -m playa_rules.bench``
plays it beside the engine and prints the ratio.

An action is the cell's number; ``text(action)`` spells it as the engine does: ``place #4``.
"""

from __future__ import annotations

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


class Game:
    """One game of tic-tac-toe."""

    __slots__ = ("board", "seat", "over", "winners")

    def __init__(self):
        self.board = [-1] * 9
        self.seat = 0
        self.over = False
        self.winners: list[int] = []

    def legal(self) -> list[int]:
        board = self.board
        return [c for c in range(9) if board[c] < 0]

    def apply(self, cell: int) -> None:
        board, me = self.board, self.seat
        board[cell] = me
        for a, b, c in THROUGH[cell]:
            if board[a] == me and board[b] == me and board[c] == me:
                self.over, self.winners = True, [me]
                return
        if -1 not in board:
            self.over = True
            return
        self.seat = 1 - me


def text(cell: int) -> str:
    return f"place #{cell}"
