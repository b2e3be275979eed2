"""Cells that stay where they start (compiler/dsl/staying.py): where no move or deal of a rule
set can take a board's cells out of it, the generated readers of the board find its cells
by tables, without testing where a cell is; where one can, they keep the tests, and the game
plays as the closures (the reference backend) play it."""

from __future__ import annotations

import pytest
from backend_switch import load_with, play_alike

from playa_rules.compiler import compile as compile_stage
from playa_rules.compiler.dsl.staying import EVERY, NOTHING, Staying, stays

# A row of four cells and a pile of tokens. A cell can be marked when it is the first of the
# row or the cell to its left is on the board; three marks in a row win. Tokens move (take),
# cells never do.
BOARD = """\
game: staying-probe
title: Staying probe
players: [2]
parameters:
  directions: [[0, 1], [0, -1]]
components:
  cell:
    start: board
    label: "{col}"
    vars: {mark: -1}
    items:
      - {each: {row: [0], col: [0, 1, 2, 3]}}
  token:
    start: pile
    items: [{count: 3}]
zones:
  board: {visibility: public, holds: [cell]}
  pile: {visibility: public, holds: [token]}
  taken: {visibility: public, holds: [token]}
define:
  run(x, dr, dc): "count(leading(c in line(x, board, dr, dc) where c.mark == me.index))"
actions:
  mark:
    text: "mark {cell}"
    params: {cell: {one_of: board}}
    require: [cell.mark == -1, "cell.col == 0 or at(board, cell.row, cell.col - 1) != none"]
    effect: |
      set cell.mark = me.index
      if run(cell, 0, 1) + run(cell, 0, -1) >= 2 { win me }
  take:
    text: take
    require: [count(pile) > 0]
    effect: move top(pile) to taken
%(more)s
phases:
  - id: play
    turns: {from: start_player, rounds: 6}
    steps:
      - {id: move, actions: [%(actions)s]}
"""

# Lifting a cell takes it off the board: the cell to its right can no longer be marked, and
# a run stops at the gap.
LIFT = """\
  lift:
    text: "lift {cell}"
    params: {cell: {one_of: board}}
    require: [cell.mark == -1]
    effect: move cell to lifted
"""


def _write(tmp_path, name: str, lifting: bool) -> str:
    text = BOARD % {
        "more": LIFT if lifting else "",
        "actions": "mark, take, lift" if lifting else "mark, take",
    }
    if lifting:
        text = text.replace("  taken: {", "  lifted: {visibility: public, holds: [cell]}\n  taken: {")
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _board_readers(rules) -> list[str]:
    """The generated sources that read the board's cells by location or along a line."""
    return [s for s in rules.program.generated if ".get(" in s]


@pytest.fixture
def passes(monkeypatch):
    """How many compile passes each load takes."""
    count = []
    run = compile_stage._Stage.run

    def counted(self):
        count.append(self.moved)
        return run(self)

    monkeypatch.setattr(compile_stage._Stage, "run", counted)
    return count


def test_cells_no_effect_moves_are_read_by_tables_without_testing_where_they_are(
    monkeypatch, tmp_path, passes
):
    """The tokens move, the cells do not: the row is read without a test of where a cell is,
    in one compile pass."""
    rules = load_with(monkeypatch, "generated", _write(tmp_path, "stays", lifting=False))
    assert rules.program.moved == {"token"}
    assert len(passes) == 1
    readers = _board_readers(rules)
    assert readers, "the board's readers are generated"
    assert not [s for s in readers if "g.loc" in s]
    assert not [s for s in rules.program.generated if "g.loc" in s]


def test_cells_an_effect_can_move_keep_the_test_and_the_rules_compile_again(monkeypatch, tmp_path, passes):
    """'lift' moves a cell: the first pass, which assumed no cell moves, found that it can,
    so the rules compile again, and the readers test where each cell is."""
    rules = load_with(monkeypatch, "generated", _write(tmp_path, "lifts", lifting=True))
    assert rules.program.moved == {"cell", "token"}
    assert [p.types for p in passes] == [frozenset(), {"cell", "token"}]
    assert [s for s in rules.program.generated if "g.loc" in s]


def test_a_lifted_cell_is_no_longer_on_the_board(monkeypatch, tmp_path):
    """Once cell 0 is lifted, at(board, 0, 0) is none: cell 1 cannot be marked; marks on 2
    and 3 do not make three in a row with a gap."""
    rules = load_with(monkeypatch, "generated", _write(tmp_path, "lifts", lifting=True))
    game = rules.new_game(2, seed=1)
    assert "mark 1" in game.legal_actions().texts()
    game.apply("lift 0")
    assert "mark 1" not in game.legal_actions().texts()
    assert "mark 0" not in game.legal_actions().texts()
    game.apply("take")


@pytest.mark.parametrize("lifting", [False, True], ids=["cells-stay", "cells-lift"])
def test_both_backends_play_the_same(monkeypatch, tmp_path, lifting):
    """Seeded random games: the same legal actions, logs and winners with the closures."""
    path = _write(tmp_path, "probe", lifting)
    closures = load_with(monkeypatch, "closures", path)
    generated = load_with(monkeypatch, "generated", path)
    play_alike(generated, closures, 2, range(40))


def test_what_stays(monkeypatch, tmp_path):
    """A component stays unless its type is moved, it belongs to a seat, or others of its
    type and owner start elsewhere (a sampled world may swap them); relied on, a pass is kept
    only if what it relied on stays by the moves it found."""
    m = load_with(monkeypatch, "generated", _write(tmp_path, "stays", lifting=False)).program.model
    cells = [x for x in range(m.component_count) if m.ctype[x] == "cell"]
    tokens = [x for x in range(m.component_count) if m.ctype[x] == "token"]
    assert all(stays(m, frozenset({"token"}))[x] for x in cells)
    assert not any(stays(m, frozenset({"token"}))[x] for x in tokens)
    assert not any(stays(m, EVERY))
    owned = type(m.owner)(m.owner)
    split = list(m.start_zone)
    m.owner = [0 if x == cells[0] else o for x, o in enumerate(owned)]
    assert not stays(m, frozenset())[cells[0]] and stays(m, frozenset())[cells[1]]
    m.owner, m.start_zone = owned, [split[tokens[0]] if x == cells[0] else z for x, z in enumerate(split)]
    assert not any(stays(m, frozenset())[x] for x in cells)
    m.start_zone = split
    staying = Staying(m)
    assert staying.cells_stay(cells) and staying.proven()
    staying.note_moved(frozenset({"cell"}))
    assert not staying.proven()
    staying.note_moved(frozenset())
    assert staying.found().types is EVERY
    staying = Staying(m, NOTHING)
    assert staying.receives_nothing(0) and staying.proven()
    staying.note_into({0})
    assert not staying.proven()


# A cell found by the value of a property: first(c in board where c.col == n).
FIND = """\
  echo:
    text: "echo {n}"
    params: {n: {number_in: [0, 3]}}
    require: [first(c in board where c.col == n).mark == -1]
    effect: set first(c in board where c.col == n).mark = me.index
"""


@pytest.mark.parametrize("drop", [False, True], ids=["closed-board", "tokens-dropped-in"])
def test_a_cell_found_by_a_property_is_a_table_read_where_the_board_keeps_its_cells(
    monkeypatch, tmp_path, drop
):
    """Where nothing is moved into the board, first(c in board where c.col == n) reads a
    table by column; where tokens can be dropped onto it, it searches the board. Both play as
    the closures play."""
    text = BOARD % {"more": FIND, "actions": "mark, take, echo"}
    if drop:
        text = (
            text.replace("holds: [cell]}", "holds: [cell, token]}")
            .replace("move top(pile) to taken", "move top(pile) to board")
            .replace("items: [{count: 3}]", "items: [{count: 3, row: 9, col: 9}]")  # off the row
        )
    path = tmp_path / "find.yaml"
    path.write_text(text, encoding="utf-8")
    generated = load_with(monkeypatch, "generated", str(path))
    searched = [s for s in generated.program.generated if "next((" in s and "g.zones[0]" in s]
    assert bool(searched) == drop
    closures = load_with(monkeypatch, "closures", str(path))
    play_alike(generated, closures, 2, range(30))


def test_a_move_into_a_zone_of_a_component_worked_out_is_into_that_zones_name(monkeypatch, passes):
    """Maui moves tiles into first(t in market where ...).tile, a zone attached to a market
    slot worked out while playing: that is some slot's tile zone, not any zone, so the
    reserves (which nothing enters) are read by a table from the first pass on."""
    rules = load_with(monkeypatch, "generated", "maui")
    assert len(passes) == 1
    assert rules.program.moved == {"piece", "towel_token", "umbrella_token"}
