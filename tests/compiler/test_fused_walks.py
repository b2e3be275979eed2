"""An unrolled ``any``/``all`` whose items count walks along lines (tic-tac-toe's ``three_through``)
is one generated function with the walks as loops inside it: it gives the loop's answers.

A table game on a 4 x 3 board whose marks a parameter sets; each case is a scoring rule whose
points are the expression (seat 0's points: ``me`` is seat 0), read with the generated backend and
with the closures alone, on a board from the rulebook-style figure below and on random boards.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from score_table import seat_zero_points, write_table

from playa_rules import rules as rules_module

ROWS, COLS = 4, 3

HEAD = """\
game: fused-table
title: Fused walks table (test game)
players: [2]
parameters:
  steps: [[0, 1], [1, 0], [1, 1], [1, -1]]
  marks: {marks}
  nothing: [null]
components:
  cell:
    start: board
    label: "{{row}},{{col}}"
    vars: {{mark: -1}}
    items:
      - {{each: {{row: [0, 1, 2, 3], col: [0, 1, 2]}}}}
zones:
  board: {{visibility: public, holds: [cell]}}
define:
  mine(c): "c.mark == me.index"
  run(x, dr, dc): "count(leading(c in line(x, board, dr, dc) where mine(c)))"
setup: |
  for c in board {{ set c.mark = marks[c.row * 3 + c.col] }}
"""

# name -> (the expression, seat 0's value on FIGURE, why)
CASES = {
    "three_through": (
        "count(c in board where any(run(c, d[0], d[1]) + run(c, -d[0], -d[1]) >= 2 for d in steps))",
        10,
        "all but (3,1) and (3,2): every other cell has two of seat 0's marks on a line through it",
    ),
    "no_three": (
        "count(c in board where all(run(c, d[0], d[1]) + run(c, -d[0], -d[1]) < 2 for d in steps))",
        2,
        "(3,1) and (3,2)",
    ),
    "four_through": (
        "count(c in board where any(run(c, d[0], d[1]) + run(c, -d[0], -d[1]) >= 3 for d in steps))",
        1,
        "(3,0): the three marks of column 0 above it",
    ),
    "walk_then_mark": (
        "count(c in board where any(run(c, d[0], d[1]) >= 1 and c.mark == 0 for d in steps))",
        4,
        "a mark of seat 0 followed by one: (0,0), (0,2), (1,0) and (1,1); not (2,0) nor (3,2)",
    ),
    "two_starts": (
        "count(c in board where any(x in board where "
        "any(run(c, d[0], d[1]) + run(x, d[0], d[1]) >= 3 for d in steps)))",
        6,
        "down: (0,0) with itself, (1,0), (0,1) or (2,2); down-left: (0,2) with itself, (0,1) or (1,1)",
    ),
    "from_nothing": (
        "count(x in nothing where any(run(x, d[0], d[1]) >= 0 for d in steps))",
        1,
        "a line from none is empty: a count of 0",
    ),
}

# row 0 first; 0 and 1 the seats, -1 empty
FIGURE = [
    [0, 1, 0],
    [0, 0, -1],
    [0, 1, -1],
    [1, 1, 0],
]


def _points(marks: list[int], backend: str) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = write_table(Path(folder), HEAD.format(marks=marks), CASES)
        try:
            return seat_zero_points(backend, path)[1]
        finally:
            rules_module._CACHE.clear()


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_the_figure_gives_the_rulebook_counts(backend):
    points = _points([m for row in FIGURE for m in row], backend)
    for name, (expr, expected, why) in CASES.items():
        assert points[name] == expected, f"{expr}: {why}"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([-1, 0, 1]), min_size=ROWS * COLS, max_size=ROWS * COLS))
def test_random_boards_give_the_loops_answers(marks):
    assert _points(marks, "generated") == _points(marks, "closures")


def test_the_win_check_of_tic_tac_toe_walks_inside_one_function():
    from backend_switch import load_with

    with pytest.MonkeyPatch.context() as monkeypatch:
        rules = load_with(
            monkeypatch, "generated", str(Path(__file__).parents[1] / "games" / "tic-tac-toe.yaml")
        )
    fused = [s for s in rules.program.generated if s.count(" for ") == 8]
    assert len(fused) == 1, "one function, a loop per walk (four directions, two ways each)"
    assert "(g, e, " not in fused[0], "no walk's own function called from it"
