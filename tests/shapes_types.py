"""The types and bracketing of the generated DSL text of tests/fuzz_shapes.py (shared by
tests/shapes_gen.py, tests/shapes_boards.py and tests/shapes_statements.py)."""

from __future__ import annotations

NUM, BOOL, TEXT, SEAT, CARD, SPOT = "num", "bool", "text", "seat", "card", "spot"
CARDS, SPOTS, SEATS, NUMS = "cards", "spots", "seats", "nums"
CELL, CELLS, DIR, DIRS = "cell", "cells", "dir", "dirs"  # a 3 x 3 board's cells; steps [row, col]
TILE, TILES = "tile", "tiles"  # the cells of a seat's own board (its mat)
ELEMENT = {CARDS: CARD, SPOTS: SPOT, SEATS: SEAT, NUMS: NUM, CELLS: CELL, DIRS: DIR, TILES: TILE}
ATOMIC_END = (")", "]")


def _atomic(text: str) -> bool:
    """Whether ``text`` needs no brackets as an operand (a name, a number, a call, a list)."""
    return text.replace("_", "").replace(".", "").isalnum() or (
        text.endswith(ATOMIC_END) and _balanced_call(text)
    )


def _balanced_call(text: str) -> bool:
    """``f(...)``, ``x.y(...)``, ``[...]`` or ``(...)`` whose first bracket closes at the end."""
    start = next((i for i, ch in enumerate(text) if ch in "([ "), len(text))
    if start == len(text) or text[start] == " ":
        return False
    depth = 0
    for i, ch in enumerate(text[start:], start):
        depth += ch in "(["
        depth -= ch in ")]"
        if depth == 0:
            return i == len(text) - 1 or (text[i + 1] == "." and _atomic(text[i + 2 :]))
    return False


def wrap(text: str) -> str:
    """``text`` in brackets unless it is an operand as it is."""
    return text if _atomic(text) else f"({text})"
