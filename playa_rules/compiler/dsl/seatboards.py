"""Boards held by seats whose cells stay: ``at(s.board, r, c)`` as a table read.

A zone ``per: player`` of cells owned by its seat (a seat's board of 7 x 13 cells) holds
at each location one cell per seat; the closures find the one in the zone asked for by
testing where each is (``g.loc[x] == zone``). When those cells stay where they start
(:mod:`.staying`, counting a seat's components: ``owned``), the cell of a seat's board at a
location is fixed for a given number of seats: a table ``by_seats[n][seat][(row, col)]``
made when the rules load, once per board. A seat beyond ``n`` is out of play and its
components with it, so its board is empty in the table of ``n`` seats, as it is in the
state.

The generated read is ``_bG(_bT[g.n][S], (R, C))``, ``_bG`` being ``dict.get`` (a pure
reader) and ``S`` the seat's own source (``e['me']``): every call site of one board reads
the same table, so the loop-invariant reads (:mod:`.hoist`) take ``_bT[g.n][S]`` out of a
loop over rows or cells once for all of them.
"""

from __future__ import annotations

from .pysource import env


def seat_tables(cp, arg, spots: dict) -> list | None:
    """Per number of seats ``n`` (0 to the most), per seat, ``{(row, col): cell}`` of board
    ``arg``, a zone per seat read through a bound seat (``me.board``: ``zone_of``), when
    every cell of its types at every location (``spots``) stays where it starts, a seat's
    where its seat is in play; None otherwise."""
    if cp.gen is None or cp.staying is None or arg.zone_of is None or arg.t.kind != "zone":
        return None
    cells = [x for there in spots.values() for x in there]
    if not cp.staying.cells_stay(cells, owned=True):
        return None
    m, family = cp.m, tuple(arg.zone_of[1])  # the zone of seat s is family[s]
    key = ("seat boards", family, tuple(cells))
    tables = cp.gen.tables.get(key)
    if tables is None:
        tables = cp.gen.tables[key] = [_of_seats(m, family, spots, n) for n in range(m.max_players + 1)]
    return tables


def _of_seats(m, family: tuple, spots: dict, n: int) -> list:
    """Per seat, ``{(row, col): cell}`` of the board in a game of ``n`` seats: at each location
    the first of its cells (as the closures look) that starts in the seat's zone and is in
    play; empty for a seat out of play."""
    seat_of = {z: s for s, z in enumerate(family)}
    out: list = [{} for _ in family]
    for at, there in spots.items():
        for x in there:
            s, owner = seat_of.get(m.start_zone[x]), m.owner[x]
            if s is not None and s < n and (owner is None or owner < n):
                out[s].setdefault(at, x)
    return out


def seat_at(cp, arg, spots: dict, row: str, col: str) -> str | None:
    """Source of ``at(arg, row, col)`` (row and col given as source) read from
    :func:`seat_tables`, or None where they do not apply."""
    tables = seat_tables(cp, arg, spots)
    if tables is None:
        return None
    gen = cp.gen
    return f"{gen.bind_pure(dict.get)}({gen.bind(tables)}[g.n][{env(arg.zone_of[0])}], ({row}, {col}))"
