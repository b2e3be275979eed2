"""Board expressions of the generated DSL text of tests/fuzz_shapes.py: a mixin of
``shapes_gen.Shapes``. The shared 3 x 3 board (``at``, ``line``, ``leading``, ``neighbours``,
``connected``, a run along a step as tic-tac-toe counts one) and each seat's own 2 x 3 mat
of tiles (a board per seat: ``at(me.mat, r, c)``, what seatboards.py reads by table)."""

from __future__ import annotations

from shapes_types import BOOL, CELL, CELLS, DIR, DIRS, NUM, TILE, TILES, wrap


class Boards:
    """Expressions of cells, tiles and steps (``self``: a ``Shapes``)."""

    def _run(
        self, s: dict, d: int, step: str | None = None, cell: str | None = None, back: bool = False
    ) -> str:
        """How many cells follow a cell along a step while a test holds (tic-tac-toe's run)."""
        x, inner = self._bound(s, CELL)
        step = step or self.expr(DIR, s, d)
        if self.maybe(50) or back:
            sign = "-" if back else ""
            dr, dc = f"{sign}{wrap(step)}[0]", f"{sign}{wrap(step)}[1]"
        else:
            dr = self.one(["0", "1", "-1"])
            dc = self.one(["1", "-1"] if dr == "0" else ["1", "-1", "0"])
        cell = cell or self.expr(CELL, s, d)
        test = (
            f"{x}.mark == {self.one(['me.index', '-1', str(self.pick(2))])}"
            if "@me" in s
            else f"{x}.mark < 0"
        )
        if self.maybe(30):
            test = self.expr(BOOL, inner, d)
        return f"count(leading({x} in line({cell}, board, {dr}, {dc}) where {test}))"

    def _cell(self, s: dict, d: int) -> str:
        k = self.pick(3)
        if k == 0:
            return f"at(board, {self.pick(3)}, {self.pick(3)})"
        cell = self.maybe_cell(s, d)
        return f"if {cell} != none then {cell} else at(board, {self.pick(3)}, {self.pick(3)})"

    def maybe_cell(self, s: dict, d: int) -> str:
        """A cell that may be ``none`` (off the board, nothing found)."""
        k = self.pick(4)
        if k == 0:
            return f"at(board, {self.expr(NUM, s, d)}, {self.expr(NUM, s, d)})"
        x, inner = self._bound(s, CELL)
        if k == 1:
            return f"first({x} in {self.expr(CELLS, s, d)} where {self.expr(BOOL, inner, d)})"
        if k == 2:
            return f"{self.one(['highest', 'lowest'])}({self.expr(NUM, inner, d)} for {x} in {self.expr(CELLS, s, d)})"
        return f"top({self.expr(CELLS, s, d)})"

    def _cells(self, s: dict, d: int) -> str:
        k = self.pick(5)
        x, inner = self._bound(s, CELL)
        if k == 0:
            return f"[{x} in {self.expr(CELLS, s, d)} where {self.expr(BOOL, inner, d)}]"
        if k == 1:
            way = self.one(["", ", 'diagonal'", ", 'all'"])
            return f"neighbours({self.expr(CELL, s, d)}, board{way})"
        if k == 2:
            step = self.expr(DIR, s, d)
            return f"line({self.expr(CELL, s, d)}, board, {wrap(step)}[0], {wrap(step)}[1])"
        if k == 3:
            return f"leading({x} in {self.expr(CELLS, s, d)} where {self.expr(BOOL, inner, d)})"
        test = f"{x}.mark == me.index" if "@me" in s and self.maybe(50) else self.expr(BOOL, inner, d)
        return f"connected({self.expr(CELL, s, d)}, [{x} in board where {test}])"

    def _dir(self, s: dict, d: int) -> str:
        return f"[{self.one(['0', '1', '-1'])}, {self.one(['1', '-1'])}]"

    def _dirs(self, s: dict, d: int) -> str:
        x, inner = self._bound(s, DIR)
        return f"[{x} in {self.expr(DIRS, s, d)} where {self.expr(BOOL, inner, d)}]"

    def _tile(self, s: dict, d: int) -> str:
        tile = self.maybe_tile(s, d)
        return f"if {tile} != none then {tile} else at(start_player.mat, 0, 0)"

    def maybe_tile(self, s: dict, d: int) -> str:
        """A tile of a seat's mat that may be ``none`` (off the mat, nothing found)."""
        if self.maybe(50):
            return f"at({wrap(self.expr('seat', s, d))}.mat, {self.expr(NUM, s, d)}, {self.expr(NUM, s, d)})"
        x, inner = self._bound(s, TILE)
        return f"first({x} in {self.expr(TILES, s, d)} where {self.expr(BOOL, inner, d)})"

    def _tiles(self, s: dict, d: int) -> str:
        x, inner = self._bound(s, TILE)
        if self.maybe(60):
            return f"[{x} in {self.expr(TILES, s, d)} where {self.expr(BOOL, inner, d)}]"
        mat = f"{wrap(self.expr('seat', s, d))}.mat"
        return f"connected(at({mat}, 0, 0), [{x} in {mat} where {x}.lit == 1])"

    def lit_left(self, s: dict, tile: str) -> str:
        """Personal boards' test: the tile is in the first column or the one left of it is lit."""
        return f"{tile}.col == 0 or at(me.mat, {tile}.row, {tile}.col - 1).lit == 1"
