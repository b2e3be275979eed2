"""Boards held by seats whose cells stay (compiler/dsl/seatboards.py): at(s.board, r, c) on a
board per seat that no move can take a cell from is a table read by the number of seats,
the seat's zone and the location; it finds the cell the closures find (the reference
backend, which tests where each cell is), for every player count, seats out of play
included; where a cell can be moved the readers keep the test."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from backend_switch import load_with, play_alike

from playa_rules.compiler.dsl.seatboards import seat_tables
from playa_rules.compiler.dsl.staying import Moves, Staying

# Each seat marks cells of its own board, left to right along a row (a cell is found by
# its row and column: at(me.board, r, c), off the board none); stones move, cells do not.
# The score reads every seat's corner: at(s.board, 0, 0) for s in seats.
BOARD = """\
game: seat-boards-probe
title: Seat boards probe
players: [2, 3, 4]
components:
  cell:
    per_player: true
    start: board
    label: "{row},{col}"
    vars: {mark: 0}
    items:
      - {each: {row: [0, 1, 2], col: [0, 1, 2, 3]}}
  stone:
    per_player: true
    start: bag
    items: [{count: 2}]
zones:
  board: {per: player, visibility: public, holds: [cell]}
  bag: {per: player, visibility: public, holds: [stone]}
  used: {per: player, visibility: public, holds: [stone]}
%(more_zones)s
actions:
  mark:
    text: "mark {r} {c}"
    params: {r: {number_in: [-1, 3]}, c: {number_in: [-1, 4]}}
    require:
      - "at(me.board, r, c) != none"
      - "at(me.board, r, c).mark == 0"
      - "c == 0 or at(me.board, r, c - 1) == none or at(me.board, r, c - 1).mark == 1"
    effect: set at(me.board, r, c).mark = 1
  place:
    text: place a stone
    require: ["count(me.bag) > 0"]
    effect: move top(me.bag) to me.used
%(more)s
phases:
  - id: play
    turns: {from: start_player, rounds: 5}
    steps:
      - {id: move, actions: [%(actions)s]}
scoring:
  - {id: corners, points: "count(s in seats where at(s.board, 0, 0) != none and at(s.board, 0, 0).mark == 1)"}
  - {id: marks, points: "count(c in me.board where c.mark == 1)"}
"""

# Lifting a cell takes it off its board: at() no longer finds it there.
LIFT = """\
  lift:
    text: "lift {cell}"
    params: {cell: {one_of: me.board}}
    require: [cell.mark == 0]
    effect: move cell to me.lifted
"""


def _write(tmp_path, lifting: bool) -> str:
    text = BOARD % {
        "more_zones": "  lifted: {per: player, visibility: public, holds: [cell]}" if lifting else "",
        "more": LIFT if lifting else "",
        "actions": "mark, place, lift" if lifting else "mark, place",
    }
    path = tmp_path / ("lifts.yaml" if lifting else "stays.yaml")
    path.write_text(text, encoding="utf-8")
    return str(path)


_LOC_TEST = re.compile(r"g\.loc\[[^\]]*\]\s*(==|!=|>=|<|in\b)")  # a reader testing where a component is


def test_a_seat_board_whose_cells_stay_is_read_by_tables(monkeypatch, tmp_path):
    """Stones move, cells do not: every at() of a seat's board reads the table of the seats
    in play, none tests where a cell is."""
    rules = load_with(monkeypatch, "generated", _write(tmp_path, lifting=False))
    assert rules.program.moved == {"stone"}
    assert [s for s in rules.program.generated if "[g.n][" in s]
    assert not [s for s in rules.program.generated if _LOC_TEST.search(s)]  # (a move writes g.loc)


def test_a_seat_board_whose_cells_can_move_keeps_the_test(monkeypatch, tmp_path):
    """'lift' moves a cell: the readers find each cell by where it is."""
    rules = load_with(monkeypatch, "generated", _write(tmp_path, lifting=True))
    assert rules.program.moved == {"cell", "stone"}
    assert not [s for s in rules.program.generated if "[g.n][" in s]


@pytest.mark.parametrize("lifting", [False, True], ids=["cells-stay", "cells-lift"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_backends_play_the_same(monkeypatch, tmp_path, lifting, players):
    """Seeded random games with every player count: the same as the closures."""
    path = _write(tmp_path, lifting)
    closures = load_with(monkeypatch, "closures", path)
    generated = load_with(monkeypatch, "generated", path)
    play_alike(generated, closures, players, range(15))


def test_the_tables_find_the_cell_a_scan_of_the_state_finds(monkeypatch):
    """Maui's beaches, for every player count and every seat (those out of play included),
    at every location and around the board's edges: the table's cell is the one a scan of
    the seat's zone in a new game finds there (none where the zone holds none)."""
    rules = load_with(monkeypatch, "generated", "maui")
    m = rules.program.model
    base = m.zones["beach"].base
    family = [base + s for s in range(m.max_players)]
    cells = [x for x in range(m.component_count) if m.ctype[x] == "cell"]
    spots: dict = {}
    for x in cells:
        spots.setdefault((m.props["row"][x], m.props["col"][x]), []).append(x)
    cp = SimpleNamespace(
        gen=SimpleNamespace(tables={}), staying=Staying(m, Moves(frozenset(rules.program.moved))), m=m
    )
    tables = seat_tables(cp, SimpleNamespace(zone_of=("me", family), t=SimpleNamespace(kind="zone")), spots)
    assert tables is not None and cp.staying.proven()
    for n in (2, 3, 4):
        g = rules.new_game(n, seed=n).g
        for z in family:
            for row in range(-2, 10):
                for col in range(-2, 15):
                    scan = next(
                        (x for x in g.zones[z] if (m.props["row"][x], m.props["col"][x]) == (row, col)), None
                    )
                    assert tables[n][family.index(z)].get((row, col)) == scan


def test_a_seat_board_of_a_type_that_moves_has_no_tables(monkeypatch):
    """Were Maui's cells moved, the tables are refused (and nothing is relied on)."""
    rules = load_with(monkeypatch, "generated", "maui")
    m = rules.program.model
    staying = Staying(m, Moves(frozenset({"cell"})))
    spots = {(0, 0): [x for x in range(m.component_count) if m.ctype[x] == "cell"][:1]}
    cp = SimpleNamespace(gen=SimpleNamespace(tables={}), staying=staying, m=m)
    arg = SimpleNamespace(zone_of=("me", [m.zones["beach"].base]), t=SimpleNamespace(kind="zone"))
    assert seat_tables(cp, arg, spots) is None and not staying.relied
