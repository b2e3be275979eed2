"""Connect Four written by hand, the way a programmer would without playa-rules: a speed
yardstick for board games.

The rules of ``tests/games/connect-four.yaml``: 6 rows of 7 columns, seat 0 plays first;
a move drops a disc into a column that is not full; four in a row, column or diagonal
wins, a full board is a draw. ``tests/bench/test_bench_board_references.py`` checks that it
offers the engine's legal actions and ends with the engine's winners over seeded games;
``python -m playa_rules.bench`` plays it beside the engine and prints the ratio.

An action is the column; ``text(action)`` spells it as the engine does: ``drop 3``.
"""

from __future__ import annotations

ROWS, COLS = 6, 7
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


class Game:
    """One game of Connect Four: ``board[row][col]`` is the seat of the disc there or -1, row 0 the bottom."""

    __slots__ = ("board", "height", "seat", "over", "winners", "filled")

    def __init__(self):
        self.board = [[-1] * COLS for _ in range(ROWS)]
        self.height = [0] * COLS
        self.seat = 0
        self.over = False
        self.winners: list[int] = []
        self.filled = 0

    def legal(self) -> list[int]:
        height = self.height
        return [c for c in range(COLS) if height[c] < ROWS]

    def apply(self, col: int) -> None:
        board, me = self.board, self.seat
        row = self.height[col]
        self.height[col] = row + 1
        board[row][col] = me
        self.filled += 1
        for dr, dc in DIRECTIONS:
            run = 0
            for sign in (1, -1):
                r, c = row + sign * dr, col + sign * dc
                while 0 <= r < ROWS and 0 <= c < COLS and board[r][c] == me:
                    run += 1
                    r, c = r + sign * dr, c + sign * dc
            if run >= 3:
                self.over, self.winners = True, [me]
                return
        if self.filled == ROWS * COLS:
            self.over = True
            return
        self.seat = 1 - me


def text(col: int) -> str:
    return f"drop {col}"
