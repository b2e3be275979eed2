"""``if any(...)`` and ``if all(...)`` in an effect are written as the loop itself in generated code
(no generator): the block runs on the element that decides, the else block too, as the
quantifier decides.

A table game on a 4 x 3 board whose marks a parameter sets; the setup runs one ``if`` per case,
each writing ``out`` of its own cell of row 0 or 1 (1 for the block, 2 for the else block), and
a scoring rule per case reads it back, with the generated backend and with the closures alone,
on a board from the figure below and on random boards.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from score_table import seat_zero_points, write_table

from playa_rules import rules as rules_module

# name -> (the if statement's test, whether it has an else block, its outcome on FIGURE, why)
IFS = {
    "all_marked": ("all(c.mark >= 0 for c in board)", True, 2, "(1,2) and (2,2) are empty"),
    "any_of_seat_1": ("any(c in board where c.mark == 1)", True, 1, "(0,1) is seat 1's"),
    "any_low_zero": ("any(c.mark == 0 and c.row > 1 for c in board)", False, 1, "(2,0) and (3,2)"),
    "any_where_expr": ("any(c.col == 2 for c in board where c.mark == -1)", True, 1, "(1,2) is empty"),
    "all_not_two": ("all(c.mark != 2 for c in board)", False, 1, "no mark 2"),
    "any_empty_row_0": ("any(c in board where c.row == 0 and c.mark == -1)", True, 2, "row 0 is full"),
}
HOME = {name: divmod(i, 3) for i, name in enumerate(IFS)}  # the cell whose out each case writes

HEAD = """\
game: if-loop-table
title: If loops table (test game)
players: [2]
parameters:
  marks: {marks}
components:
  cell:
    start: board
    label: "{{row}},{{col}}"
    vars: {{mark: -1, out: 0}}
    items:
      - {{each: {{row: [0, 1, 2, 3], col: [0, 1, 2]}}}}
zones:
  board: {{visibility: public, holds: [cell]}}
setup: |
  for c in board {{ set c.mark = marks[c.row * 3 + c.col] }}
{ifs}"""

FIGURE = [
    [0, 1, 0],
    [0, 0, -1],
    [0, 1, -1],
    [1, 1, 0],
]


def _head(marks: list[int]) -> str:
    ifs = ""
    for name, (test, orelse, _, _) in IFS.items():
        r, c = HOME[name]
        ifs += f"  if {test} {{ set at(board, {r}, {c}).out = 1 }}"
        ifs += f" else {{ set at(board, {r}, {c}).out = 2 }}\n" if orelse else "\n"
    return HEAD.format(marks=marks, ifs=ifs)


CASES = {name: (f"at(board, {HOME[name][0]}, {HOME[name][1]}).out", None, None) for name in IFS}


def _outs(marks: list[int], backend: str) -> tuple:
    with tempfile.TemporaryDirectory() as folder:
        path = write_table(Path(folder), _head(marks), CASES)
        try:
            rules, points = seat_zero_points(backend, path)
        finally:
            rules_module._CACHE.clear()
    return rules, points


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_each_if_runs_the_block_the_quantifier_decides(backend):
    _, outs = _outs([m for row in FIGURE for m in row], backend)
    for name, (test, _, expected, why) in IFS.items():
        assert outs[name] == expected, f"if {test}: {why}"


def test_the_generated_setup_loops_without_a_generator():
    rules, _ = _outs([m for row in FIGURE for m in row], "generated")
    (setup,) = [s for s in rules.program.generated if "break" in s]
    assert "any(" not in setup and "all(" not in setup
    assert setup.count("break") == len(IFS), "one loop per if, stopping where the quantifier stops"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([-1, 0, 1, 2]), min_size=12, max_size=12))
def test_random_boards_take_the_loops_branches(marks):
    assert _outs(marks, "generated")[1] == _outs(marks, "closures")[1]
