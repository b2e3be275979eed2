"""Boards the terminal draws other than as a square grid (see :mod:`.screen`): a hex board,
each row half a cell to the right of the one above, and a board given as data (cells that
name their neighbours), one cell a line with the cells next to it."""

from __future__ import annotations


def hex_shift(rows: list, width: int) -> dict:
    """row -> the spaces before it: half a cell (``width`` and a space) more each row down,
    so a cell sits between its two neighbours of the row above (axial coordinates)."""
    return {r: " " * ((i * (width + 1)) // 2) for i, r in enumerate(sorted(rows))}


def linked_text(cells: list, text) -> str:
    """A board given as data, one line a cell: its label, what it shows (``text(cell)``) and
    the cells next to it, e.g. ``d1  x  next to a1, d2, g1``."""
    label = max(len(str(c.get("label", ""))) for c in cells)
    shown = [text(c) for c in cells]
    width = max(len(t) for t in shown)
    return "\n".join(
        f"{str(c.get('label', '')).ljust(label)}  {t.ljust(width)}  next to {', '.join(map(str, c['next_to']))}"
        for c, t in zip(cells, shown)
    )
