"""Quantifiers over a short constant list are unrolled in generated code, and give the values
the loop gives: ``any``/``all``/``count``/``sum`` over a parameter of the rules, each item's
body compiled with the item known (``d[0]`` folds, ``line`` takes a fixed direction).

A table game that makes no decision: a 3 x 3 board with (0,0), (0,1) and (1,1) marked by seat
0; each case is a scoring rule whose points are the expression, read from the score's
detail with the generated backend and with the closures alone.
"""

from __future__ import annotations

import pytest
from score_table import seat_zero_points, write_table

TABLE = """\
game: unroll-table
title: Unroll table (test game)
players: [2]
parameters:
  steps: [[0, 1], [1, 0], [1, 1], [1, -1]]
  weights: [3, 0, 5]
  none_of_them: []
components:
  cell:
    start: board
    label: "{row},{col}"
    vars: {mark: -1}
    items:
      - {each: {row: [0, 1, 2], col: [0, 1, 2]}}
zones:
  board: {visibility: public, holds: [cell]}
define:
  run(x, dr, dc): "count(leading(c in line(x, board, dr, dc) where c.mark == 0))"
setup: |
  for c in board {
    if (c.row == 0 and c.col < 2) or (c.row == 1 and c.col == 1) { set c.mark = 0 }
  }
"""

# name -> (the expression, seat 0's value, why)
CASES = {
    "any_run": (
        "if any(run(at(board, 0, 0), d[0], d[1]) >= 1 for d in steps) then 1 else 0",
        1,
        "(0,1) follows (0,0)",
    ),
    "any_none": (
        "if any(run(at(board, 2, 2), d[0], d[1]) >= 1 for d in steps) then 1 else 0",
        0,
        "nothing after (2,2)",
    ),
    "count_runs": (
        "count(d in steps where run(at(board, 0, 0), d[0], d[1]) >= 1)",
        2,
        "along the row and the diagonal",
    ),
    "sum_runs": ("sum(run(at(board, 0, 0), d[0], d[1]) for d in steps)", 2, "1 + 0 + 1 + 0"),
    "all_weights": ("if all(w >= 0 for w in weights) then 1 else 0", 1, "no weight below 0"),
    "all_where": ("if all(w > 2 for w in weights where w > 0) then 1 else 0", 1, "3 and 5, the 0 skipped"),
    "sum_where": ("sum(w in weights where w > 0)", 8, "3 + 5"),
    "sum_expr": ("sum(w * 2 for w in weights)", 16, "6 + 0 + 10"),
    "count_all": ("count(w in weights)", 3, "three weights"),
    "any_empty": ("if any(w in none_of_them) then 1 else 0", 0, "an empty list"),
    "all_empty": ("if all(w > 9 for w in none_of_them) then 1 else 0", 1, "all of nothing"),
    "nested": (
        "sum(count(d in steps where d[0] == w) for w in [0, 1])",
        4,
        "one step along a row, three down",
    ),
}


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return write_table(tmp_path_factory.mktemp("unroll"), TABLE, CASES)


@pytest.fixture(scope="module", params=["generated", "closures"])
def loaded(request, table):
    return (request.param, *seat_zero_points(request.param, table))


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_unrolled_quantifier_gives_the_loops_value(name, loaded):
    expr, expected, why = CASES[name]
    assert loaded[2][name] == expected, f"{expr}: {why}"


def test_the_generated_source_has_no_loop_over_the_parameter(loaded):
    backend, rules, _ = loaded
    if backend != "generated":
        pytest.skip("the closures keep the loop")
    # any(... for d in steps): an 'or' of its four items, with no loop
    assert any(s.count(" or ") == 3 and " for " not in s for s in rules.program.generated)
