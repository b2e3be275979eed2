"""The board functions of the DSL (compiler/dsl/grid.py) on a 3 x 4 board of cells:
at, neighbours, line, connected and leading, and their compile-time errors."""

from __future__ import annotations

import pytest

import playa_rules as pr
from playa_rules.compiler.dsl.compile import Compiler, Scope
from playa_rules.compiler.dsl.parse import parse_expr
from playa_rules.errors import SpecError

BOARD = """\
game: grid-probe
title: Grid probe
players: [2]
components:
  cell:
    start: board
    label: "{row},{col}"
    vars: {mark: -1}
    items:
      - {each: {row: [0, 1, 2], col: [0, 1, 2, 3]}}
  token:
    start: pile
    items: [{count: 2}]
zones:
  board: {visibility: public, holds: [cell]}
  pile: {visibility: public, holds: [token]}
actions:
  mark:
    text: "mark #{cell}"
    params: {cell: {position_in: board}}
    require: [cell.mark == -1]
    effect: set cell.mark = me.index
  take:
    text: take
    effect: move top(pile) to pile
phases:
  - id: play
    turns: {from: start_player, rounds: 6}
    steps:
      - {id: move, actions: [mark, take]}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("grid") / "grid.yaml"
    path.write_text(BOARD, encoding="utf-8")
    g = pr.load(path).new_game(2, seed=1)
    # marks: seat 0 on (0,0) (0,1) (1,1); seat 1 on (2,3)
    for text in ("mark #0", "mark #11", "mark #1", "take", "mark #5"):
        g.apply(text)
    return g


def value(game, text):
    """The value of an expression in the game's state (components as (row, col) pairs)."""
    cp = Compiler(game.m, {})
    fn = cp.expr(parse_expr(text), Scope()).fn
    out = fn(game.g, {"me": 0})
    rows, cols = game.m.props["row"], game.m.props["col"]
    cell = lambda c: (rows[c], cols[c])  # noqa: E731
    if isinstance(out, list):
        return [cell(c) for c in out]
    is_cell = text.startswith("at(") and text.endswith(")")
    return cell(out) if is_cell and out is not None else out


def test_at_finds_a_cell_or_none(game):
    assert value(game, "at(board, 2, 3)") == (2, 3)
    assert value(game, "at(board, 3, 0)") is None
    assert value(game, "at(board, 0, 1).mark") == 0


def test_neighbours_orthogonal_diagonal_and_all(game):
    assert sorted(value(game, "neighbours(at(board, 1, 1), board)")) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert sorted(value(game, "neighbours(at(board, 1, 1), board, 'diagonal')")) == [
        (0, 0),
        (0, 2),
        (2, 0),
        (2, 2),
    ]
    assert len(value(game, "neighbours(at(board, 1, 1), board, 'all')")) == 8
    assert sorted(value(game, "neighbours(at(board, 0, 0), board)")) == [(0, 1), (1, 0)]  # a corner


def test_line_goes_to_the_edge(game):
    assert value(game, "line(at(board, 0, 0), board, 0, 1)") == [(0, 1), (0, 2), (0, 3)]
    assert value(game, "line(at(board, 2, 3), board, -1, -1)") == [(1, 2), (0, 1)]
    assert value(game, "line(at(board, 0, 0), board, -1, 0)") == []
    # a step of 0 and 0 worked out while the game runs goes nowhere: no cells (written as
    # constants it is a compile error, see test_misuse_is_a_compile_error)
    assert value(game, "line(at(board, 0, 0), board, 0, at(board, 0, 0).row)") == []


def test_neighbours_line_and_connected_of_none_are_empty(game):
    assert value(game, "neighbours(at(board, 9, 9), board)") == []
    assert value(game, "neighbours(at(board, 9, 9), board, 'all')") == []
    assert value(game, "line(at(board, 9, 9), board, 0, 1)") == []
    assert value(game, "connected(at(board, 9, 9), [c in board where true])") == []


def test_connected_diagonally(game):
    """'diagonal' joins cells only through their corners: from (1, 1) the cells whose row and
    column add up to an even number (6 of the 12)."""
    group = value(game, "connected(at(board, 1, 1), [c in board where true], 'diagonal')")
    assert group[0] == (1, 1)
    assert sorted(group) == [(0, 0), (0, 2), (1, 1), (1, 3), (2, 0), (2, 2)]
    assert value(game, "connected(at(board, 0, 0), [c in board where c.mark == 0], 'diagonal')") == [
        (0, 0),
        (1, 1),
    ]


def test_leading_is_the_run_from_the_start(game):
    assert value(game, "count(leading(c in line(at(board, 0, 0), board, 0, 1) where c.mark == 0))") == 1
    assert value(game, "count(leading(c in line(at(board, 2, 1), board, -1, 0) where c.mark == 0))") == 2


def test_connected_is_the_group_joined_to_a_cell(game):
    group = value(game, "connected(at(board, 0, 0), [c in board where c.mark == 0])")
    assert group[0] == (0, 0) and sorted(group) == [(0, 0), (0, 1), (1, 1)]
    assert value(game, "connected(at(board, 2, 3), [c in board where c.mark == 0])") == []  # not in the list
    lone = value(game, "connected(at(board, 0, 0), [c in board where c.mark == 0 and c.row == c.col])")
    assert lone == [(0, 0)]  # (1, 1) is only diagonal to it
    assert sorted(
        value(game, "connected(at(board, 0, 0), [c in board where c.mark == 0 and c.row == c.col], 'all')")
    ) == [(0, 0), (1, 1)]


@pytest.mark.parametrize(
    "text,code",
    [
        ("at(pile, 0, 0)", "not-a-board"),
        ("neighbours(at(board, 0, 0), board, 'sideways')", "bad-argument"),
        ("line(at(board, 0, 0), board, 1)", "wrong-arity"),
        ("line(at(board, 0, 0), board, 0, 0)", "bad-argument"),  # a step going nowhere
        ("line(at(board, 0, 0), board, 'up', 0)", "type-error"),
        ("neighbours(top(pile), board)", "not-a-board"),  # a token: no row and col
        ("line(top(pile), board, 0, 1)", "not-a-board"),
        ("connected(top(pile), [c in board where true])", "not-a-board"),
        ("neighbours(me, board)", "type-error"),  # a seat is not a cell
        ("leading(c in board)", "wrong-form"),
    ],
)
def test_misuse_is_a_compile_error(game, text, code):
    with pytest.raises(SpecError) as info:
        Compiler(game.m, {}).expr(parse_expr(text), Scope())
    assert info.value.diagnostics[0].code == code


def test_boards_per_player_are_read_with_me():
    """A per-player zone of cells: each seat's own board, read as me.beach."""
    from pathlib import Path

    rules = pr.load(Path(__file__).resolve().parent.parent / "games" / "personal-boards.yaml")
    game = rules.new_game(2, seed=1)
    assert [str(a) for a in game.legal_actions()] == ["mark #0", "mark #3"]  # column 0 of each row
    for text in ("mark #0", "mark #3", "mark #1", "mark #4", "mark #2", "mark #0"):
        game.apply(text)
    assert game.is_over
    # seat 0 marked (0,0) (0,1) (0,2); seat 1 (1,0) (1,1) (0,0): each group from the corner has 3
    assert game.scores() == [3, 3]
    assert rules.new_game(2, seed=1).view(0)["seats"][1]["zones"]["beach"][0]["vars"]["mark"] == 0


def test_set_on_a_cell_found_by_an_expression(tmp_path):
    """``set at(board, r, c).mark = ...``: a variable of a component found by an expression
    (a piece covering the cell below its anchor); on none, a located runtime error."""
    text = BOARD.replace(
        "    effect: set cell.mark = me.index",
        "    effect: |\n      set cell.mark = me.index\n"
        "      set at(board, cell.row + 1, cell.col).mark = me.index",
    )
    path = tmp_path / "cover.yaml"
    path.write_text(text, encoding="utf-8")
    assert [d.code for d in pr.validate(path) if d.severity == "error"] == []
    game = pr.load(path).new_game(2, seed=1)
    game.apply("mark #1")  # (0,1) and the cell below it, (1,1)
    marks = {(c["row"], c["col"]): c["vars"]["mark"] for c in game.view(None)["zones"]["board"]}
    assert marks[(0, 1)] == 0 and marks[(1, 1)] == 0 and marks[(2, 1)] == -1
    with pytest.raises(pr.GameRuntimeError, match=r"cover.yaml:\d+:\d+: runtime-error: 'set' on none"):
        game.apply("mark #9")  # seat 1 on (2,1): no cell below


@pytest.mark.parametrize("backend", ["generated", "closures"])
@pytest.mark.parametrize("func", ["neighbours(thing, board)", "line(thing, board, 0, 1)"])
def test_a_component_without_row_and_col_fails_as_such_in_the_setup(monkeypatch, tmp_path, backend, func):
    """A token where a cell was meant, of a type the compiler cannot know (an item of lists
    of different types, whose join is untyped; a flat list's items join to cell or token,
    checked while compiling): a runtime error saying so, in the setup (no phase yet), alike
    in both backends."""
    from backend_switch import load_with

    text = BOARD.replace(
        "phases:",
        "setup: |\n  set hand.n = count("
        + func.replace("thing", "[[at(board, 0, 0)], [top(pile)]][1][0]")
        + ")\nphases:",
    )
    text = text.replace("actions:", "variables:\n  hand: {n: 0}\nactions:", 1)
    path = tmp_path / "token.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_with(monkeypatch, backend, path)
    with pytest.raises(pr.GameRuntimeError) as info:
        rules.new_game(2, seed=1)
    message = str(info.value)
    assert message.startswith("the rules failed in the setup: ")
    assert f"'{func.split('(')[0]}' was given 'token" in message
    assert "without 'row' and 'col': not a cell of a board" in message
    assert "part of none" not in message


def test_an_illegal_cell_number_lists_the_legal_actions_of_its_kind(tmp_path):
    """'mark #0' once (0, 0) is marked: the hint lists the legal marks (at most 10, then how
    many more), not another number as a guess, and not the other kinds ('take')."""
    path = tmp_path / "marks.yaml"
    path.write_text(BOARD, encoding="utf-8")
    game = pr.load(path).new_game(2, seed=1)
    game.apply("mark #0")
    with pytest.raises(pr.IllegalAction) as info:
        game.apply("mark #0")
    message = str(info.value)
    marks = [str(a) for a in game.legal_actions() if a.name == "mark"]
    assert f"; legal now: {', '.join(marks[:10])}, ... ({len(marks) - 10} more) (legal: " in message
    assert "did you mean" not in message and "take" not in message.split("legal now:")[1]
