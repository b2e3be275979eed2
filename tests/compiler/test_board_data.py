"""Boards given as data (compiler/boards.py, compiler/dsl/linked.py): cells that name their
neighbours in ``next_to``, read by ``neighbours``, ``connected`` and ``line`` as a square or
hex grid is read by its rows and columns; bad boards are located ``bad-board`` errors; the
terminal shows such a board cell by cell, and a hex board row by row, offset."""

from __future__ import annotations

from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.compiler.dsl.compile import Compiler, Scope
from playa_rules.compiler.dsl.parse import parse_expr
from playa_rules.errors import SpecError
from playa_rules.render.screen import Screen

GAMES = Path(__file__).resolve().parent.parent / "games"
STAR = (GAMES / "star-board.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    """north and east marked by seat 0, centre by seat 1."""
    g = pr.load(GAMES / "star-board.yaml").new_game(2, seed=1)
    for text in ("mark north", "mark centre", "mark east"):
        g.apply(text)
    return g


def value(game, text):
    """An expression's value in the game's state, points by their names."""
    out = Compiler(game.m, {}).expr(parse_expr(text), Scope()).fn(game.g, {"me": 0})
    return [game.m.labels[c] for c in out] if isinstance(out, list) else out


def test_neighbours_are_the_cells_a_cell_names(game):
    assert value(game, "neighbours(first(p in board where p.name == 'north'), board)") == [
        "east",
        "west",
        "centre",
    ]
    assert value(game, "neighbours(none, board)") == []


def test_connected_follows_the_lists_through_the_cells_given(game):
    mine = "[p in board where p.mark == 0]"
    assert value(game, f"connected(first(p in board where p.name == 'east'), {mine})") == ["east", "north"]
    theirs = "[p in board where p.mark == 1]"
    assert value(game, f"connected(first(p in board where p.name == 'centre'), {theirs})") == ["centre"]
    assert value(game, f"connected(first(p in board where p.name == 'south'), {mine})") == []


def test_line_follows_a_direction_named_by_a_property_and_stops_where_it_began(game):
    west = "first(p in board where p.name == 'west')"
    assert value(game, f"line({west}, board, 'clockwise')") == ["north", "east", "south"]
    assert value(game, f"count(leading(n in line({west}, board, 'clockwise') where n.mark == 0))") == 2
    assert value(game, "line(first(p in board where p.name == 'centre'), board, 'clockwise')") == []


def test_a_chain_of_three_wins():
    g = pr.load(GAMES / "star-board.yaml").new_game(2, seed=1)
    for text in ("mark north", "mark south", "mark east", "mark west", "mark centre"):
        g.apply(text)
    assert g.is_over and g.winners() == [0]


def _load(tmp_path, text: str):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    return pr.load(path)


@pytest.mark.parametrize(
    "change,message,line",
    [
        (
            (
                "next_to: [east, west, centre], clockwise: east",
                "next_to: [east, wset, centre], clockwise: east",
            ),
            "bad-board: cell 'north' is next to 'wset', but no point is named so",
            15,
        ),
        (
            ("next_to: [north, east, south, west]", "next_to: [north, east, south]"),
            "bad-board: cell 'west' is next to 'centre', but 'centre' does not list 'west': "
            "neighbours are next to each other both ways",
            18,
        ),
        (
            ("next_to: [north, east, south, west]", "next_to: [north, east, south, west, centre]"),
            "bad-board: cell 'centre' lists itself among its neighbours",
            19,
        ),
        (
            ("next_to: [east, west, centre], clockwise: east", "next_to: 3, clockwise: east"),
            "error schema: in item 1 of component 'point', 'next_to' must be",
            15,
        ),
        (
            ("clockwise: south}", "clockwise: nowhere}"),
            "bad-board: cell 'east' has clockwise: 'nowhere', which names no other cell",
            41,
        ),
    ],
)
def test_a_bad_board_is_a_located_error(tmp_path, change, message, line):
    with pytest.raises(SpecError) as err:
        _load(tmp_path, STAR.replace(*change))
    assert message in str(err.value)
    assert f"bad.yaml:{line}:" in str(err.value)


def test_grid_steps_over_a_board_without_rows_and_columns_are_an_error(tmp_path):
    text = STAR.replace("line(p, board, 'clockwise')", "line(p, board, 0, 1)")
    with pytest.raises(SpecError, match="over a board given as data .* takes 3 arguments, not 4"):
        _load(tmp_path, text)


def test_too_many_neighbours_is_over_the_limit(tmp_path):
    from playa_rules.shared.limits import MAX_NEIGHBOURS

    names = [f"p{i}" for i in range(MAX_NEIGHBOURS + 2)]
    items = "".join(
        f"      - {{name: {n}, next_to: [{', '.join(m for m in names if m != n)}]}}\n" for n in names
    )
    start = STAR.index("      - {name: north")
    end = STAR.index("zones:")
    with pytest.raises(SpecError, match=f"'next_to' must have at most {MAX_NEIGHBOURS} items"):
        _load(tmp_path, STAR[:start] + items + STAR[end:])


def _screen(game, hints):
    return Screen(hints, None, game.m.constants).text(game.view(0), width=100)


def test_the_terminal_shows_a_board_given_as_data_cell_by_cell(game):
    text = _screen(game, game.rules.spec["display"])
    assert "north   x  next to east, west, centre" in text
    assert "centre  o  next to north, east, south, west" in text


def test_the_terminal_draws_a_hex_board_offset_row_by_row():
    game = pr.load(GAMES / "hex.yaml").new_game(2, seed=1)
    game.apply("place #0")
    game.apply("place #6")
    lines = [line.rstrip() for line in _screen(game, game.rules.spec["display"]).splitlines()]
    at = next(i for i, line in enumerate(lines) if line.endswith("0 1 2 3 4"))
    assert [line.split("board")[-1].strip("\n") for line in lines[at + 1 : at + 4]] == [
        "         0 x . . . .",
        "         1  . o . . .",
        "         2   . . . . .",
    ]


def test_a_zone_or_a_list_chosen_by_a_condition_reads_as_a_list(game):
    """``if C then board else neighbours(x, board)``: the zone on one side is read as its
    cells (Nine Men's Morris: any point when flying, else the points next to the man)."""
    north = "first(p in board where p.name == 'north')"
    assert value(game, f"if {north}.mark == 0 then neighbours({north}, board) else board") == [
        "east",
        "west",
        "centre",
    ]
    assert value(game, f"count(if {north}.mark == 1 then neighbours({north}, board) else board)") == 5
