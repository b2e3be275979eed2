"""What the engine's API costs at the least: tic-tac-toe written by hand twice, once bare
(``benchmarks/tic_tac_toe.py``) and once keeping the promises the engine's API makes at
every decision, in the fewest operations Python allows; the ratio of their random games
per second is the most any engine keeping those promises can reach against the bare one.

The promises kept (``docs/api.md``): ``legal_actions()`` returns action objects (with an
integer id and a text), not bare integers; ``apply`` rejects an action that is not legal
now with an error instead of corrupting the game; every decision is logged (a game can be
replayed and shown); ``is_over`` and ``current_player`` are read as the API reads them.
Nothing else: no flow, no effects language, no views. The actions are made once per cell
(no object per decision), the legality check is one comparison, the log one append.

    python benchmarks/obligations.py --seconds 3

prints games per second of both and their ratio (the two run in alternating slices, as
``python -m playa_rules.bench`` runs its yardsticks). ``tests/bench/test_bench_obligations.py``
checks that both play the same games.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


class IllegalAction(ValueError):
    """An action that is not legal now."""


class Action:
    """One cell to mark: its integer id (the cell) and its text, as the engine spells it."""

    __slots__ = ("id",)

    def __init__(self, cell: int):
        self.id = cell

    @property
    def text(self) -> str:
        return f"place #{self.id}"


ACTIONS = tuple(Action(cell) for cell in range(9))


class Game:
    """Tic-tac-toe with the API's promises: action objects, checked moves, a log."""

    __slots__ = ("board", "seat", "over", "winners", "log", "_legal")

    def __init__(self):
        self.board = [-1] * 9
        self.seat = 0
        self.over = False
        self.winners: list[int] = []
        self.log: list = []
        self._legal = list(ACTIONS)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def current_player(self):
        return None if self.over else self.seat

    def legal_actions(self) -> list[Action]:
        return self._legal

    def apply(self, action: Action) -> None:
        board, me = self.board, self.seat
        if action.__class__ is not Action or self.over or board[action.id] >= 0:
            raise IllegalAction(f"not legal now: {action!r}")
        cell = action.id
        self.log.append((me, cell))
        board[cell] = me
        for a, b, c in THROUGH[cell]:
            if board[a] == me and board[b] == me and board[c] == me:
                self.over, self.winners, self._legal = True, [me], []
                return
        if -1 not in board:
            self.over, self._legal = True, []
            return
        self.seat = 1 - me
        self._legal = [ACTIONS[c] for c in range(9) if board[c] < 0]


def play(rng: random.Random) -> Game:
    """One random game, driven as ``python -m playa_rules.bench`` drives the engine."""
    game = Game()
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


class _Obliged:
    def __init__(self):
        self.rng = random.Random(1)

    def run(self, seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        rng = self.rng
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            decisions += len(play(rng).log)
            games += 1
        return games, decisions, time.perf_counter() - t0


def bare_module():
    """``benchmarks/tic_tac_toe.py``, the bare hand-written game."""
    spec = importlib.util.spec_from_file_location("bare_tic_tac_toe", HERE / "tic_tac_toe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv=None) -> int:
    from playa_rules.bench.run import measure
    from playa_rules.bench.yardsticks import HandWrittenGames

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per runner (default 2)")
    args = parser.parse_args(argv)
    (obliged, _), (bare, _) = measure([_Obliged(), HandWrittenGames(bare_module())], args.seconds)
    print("tic-tac-toe, random games per second (alternating slices, same run)")
    print(f"  bare hand-written                 {bare:>9.0f}")
    print(f"  hand-written with the API's promises {obliged:>6.0f}")
    print(f"  ratio (the most an engine keeping them reaches): {obliged / bare:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
