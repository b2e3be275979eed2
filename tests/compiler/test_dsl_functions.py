"""Every function of the DSL registry runs in a game and gives the value it is documented to
give: one case per registry entry (a function added without a case fails the first test).

The table is a small game that makes no decision: a row of four cards (values 3, 1, 4, 1
from the bottom), a board of 3 x 3 cells with the cells (0,0), (0,1) and (1,1) marked by
seat 0, and two chits per seat in a hand only its owner sees. Each case is a scoring rule
whose points are the expression; the match ends at once and the score's detail gives seat
0's points for each rule, with the generated backend and the closures alone.
"""

from __future__ import annotations

import pytest
from score_table import seat_zero_points, write_table

from playa_rules.compiler.dsl.functions import FUNCTIONS

TABLE = """\
game: function-table
title: Function table (test game)
players: [2]
components:
  card:
    start: row
    label: "card {value}"
    items:
      - {value: 3}
      - {value: 1}
      - {value: 4}
      - {value: 1}
  cell:
    start: board
    label: "{row},{col}"
    vars: {mark: -1}
    items:
      - {each: {row: [0, 1, 2], col: [0, 1, 2]}}
  chit:
    per_player: true
    start: hand
    label: chit
    items:
      - {count: 2}
zones:
  row: {visibility: public, holds: [card]}
  board: {visibility: public, holds: [cell]}
  hand: {per: player, visibility: owner, holds: [chit]}
setup: |
  for c in board {
    if (c.row == 0 and c.col < 2) or (c.row == 1 and c.col == 1) { set c.mark = 0 }
  }
"""

# function -> (the expression, seat 0's value, why)
CASES = {
    "count": ("count(c in row where c.value == 1) * 10 + count(row)", 24, "two cards of 1; four cards"),
    "sum": ("sum(c.value for c in row)", 9, "3 + 1 + 4 + 1"),
    "min": ("min(c.value for c in row) * 10 + min(count(row), 2)", 12, "the smallest value; min(4, 2)"),
    "max": ("max(c.value for c in row) * 10 + max(count(row), 2)", 44, "the largest value; max(4, 2)"),
    "abs": ("abs(count(row) - 10)", 6, "|4 - 10|"),
    "any": (
        "(if any(c in row where c.value == 4) then 1 else 0) + (if any(c in row where c.value == 9) then 10 else 0)",
        1,
        "a 4, no 9",
    ),
    "all": (
        "(if all(c.value > 0 for c in row) then 1 else 0) + (if all(c.value > 1 for c in row) then 10 else 0)",
        1,
        "all above 0, not all above 1",
    ),
    "highest": (
        "position(highest(c.value for c in row)) * 10 + highest(c.value for c in row).value",
        24,
        "the 4, third from the bottom",
    ),
    "lowest": ("position(lowest(c.value for c in row))", 1, "the first of the two 1s"),
    "unique_highest": ("unique_highest(c.value for c in row).value", 4, "one card of 4"),
    "unique_lowest": (
        "(if unique_lowest(c.value for c in row) == none then 1 else 0)"
        " + 10 * unique_lowest(c.value for c in row where c.value > 1).value",
        31,
        "two 1s tie: none; of 3 and 4, the 3",
    ),
    "first": ("first(c in row where c.value > 3).value", 4, "the first card above 3"),
    "top": ("top(row).value", 1, "the last card of the row"),
    "bottom": ("bottom(row).value", 3, "the first card of the row"),
    "contains": (
        "(if contains(row, top(row)) then 1 else 0) + (if contains(me.hand, top(row)) then 10 else 0)",
        1,
        "the row holds its top, the hand does not",
    ),
    "position": ("position(first(c in row where c.value == 4))", 2, "0 at the bottom"),
    "seat": ("seat(count(row) - 3).index * 10 + seat(0).index", 10, "the seat numbered 1, then 0"),
    "clockwise": ("clockwise(me, 1).index * 10 + clockwise(me, 2).index", 10, "the other seat, then me"),
    "revealed": (
        "(if revealed(top(row)) then 1 else 0) + (if revealed(top(me.hand)) then 10 else 0)",
        1,
        "a public card is known to all, a chit only to its owner",
    ),
    "knows": (
        "(if knows(me, top(me.hand)) then 1 else 0) + (if knows(me, top(clockwise(me, 1).hand)) then 10 else 0)",
        1,
        "my chit, not the other seat's",
    ),
    "take": (
        "sum(c.value for c in take(row, 2)) * 10 + count(take(row, 0))",
        40,
        "3 + 1 from the bottom; none",
    ),
    "at": ("at(board, 1, 2).row * 10 + at(board, 1, 2).col", 12, "the cell at row 1, column 2"),
    "neighbours": (
        "count(neighbours(at(board, 1, 1), board, 'all')) * 10 + count(neighbours(at(board, 0, 0), board))",
        82,
        "eight around the centre; two beside a corner",
    ),
    "line": ("count(line(at(board, 0, 0), board, 1, 1))", 2, "(1,1) and (2,2)"),
    "connected": (
        "count(connected(at(board, 0, 0), [c in board where c.mark == 0]))",
        3,
        "(0,0), (0,1) and (1,1) joined orthogonally",
    ),
    "leading": (
        "count(leading(c in line(at(board, 0, 0), board, 0, 1) where c.mark == 0))",
        1,
        "(0,1) is marked, (0,2) is not",
    ),
}


def test_every_registry_entry_has_a_case():
    assert set(CASES) == set(FUNCTIONS), (
        f"functions without a case: {sorted(set(FUNCTIONS) - set(CASES))}; "
        f"cases of no function: {sorted(set(CASES) - set(FUNCTIONS))}"
    )


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return write_table(tmp_path_factory.mktemp("functions"), TABLE, CASES)


@pytest.fixture(scope="module", params=["generated", "closures"])
def detail(request, table):
    return seat_zero_points(request.param, table)[1]


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_function_gives_its_documented_value(name, detail):
    expr, expected, why = CASES[name]
    assert detail[name] == expected, f"{expr}: {why}"
