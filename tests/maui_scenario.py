"""Helpers to build Maui rulebook situations in a real game.

Reading uses the public API (``view``, ``legal_actions``, ``apply``, ``scores``). Arranging a
position (the patterns already on a beach, which piece lies on a market space, a marker's
space) touches the engine's internals; this is the complete list:

``game.g.zones`` (lists of component ids, the last on top), ``game.g.move(c, z)``,
``game.g.cvars[name][c]`` (the cells' ``pattern``/``wild``/``dead``, the markers' ``pos``,
the reserves' ``dollars``), ``game.g.pvars[name][seat]`` (``dollars``, ``overhangs``),
``game.g.hvars`` (``ending``), ``game.m.zone_index(name, seat=...)``, ``game.m.ctype``,
``game.m.owner``, ``game.m.props[name][c]``, ``game.m.attached[zone][c]`` (the zone attached
to a component) and ``game._set_legal(game._current_legal())`` after changing the state.
"""

from __future__ import annotations

import playa_rules as pr

GAME = "maui"


def rules(variants=()):
    return pr.load(GAME, variants=list(variants))


def new(players: int = 2, seed=0, variants=()):
    return rules(variants).new_game(players, seed=seed)


def zone(game, name: str, seat: int | None = None) -> list[int]:
    return game.g.zones[game.m.zone_index(name, seat=seat)]


def of_type(game, ctype: str, seat: int | None = None) -> list[int]:
    m = game.m
    return [
        c for c in range(m.component_count) if m.ctype[c] == ctype and (seat is None or m.owner[c] == seat)
    ]


def cell(game, seat: int, row: int, col: int) -> int:
    m = game.m
    return next(
        c for c in of_type(game, "cell", seat) if m.props["row"][c] == row and m.props["col"][c] == col
    )


def pattern(game, seat: int, row: int, col: int):
    return game.g.cvars["pattern"][cell(game, seat, row, col)]


def set_column(game, seat: int, col: int, patterns: dict) -> None:
    """Give the cells of one column of a beach these patterns by row; the others none."""
    for row in range(7):
        game.g.cvars["pattern"][cell(game, seat, row, col)] = patterns.get(row)


def piece(game, patterns: list[str]) -> int:
    m = game.m
    return next(c for c in of_type(game, "piece") if m.props["patterns"][c] == list(patterns))


def slot(game, market_row: int, pos: int) -> int:
    m = game.m
    return next(
        c
        for c in of_type(game, "slot")
        if m.props["market_row"][c] == market_row and m.props["pos"][c] == pos
    )


def tile_zone(game, s: int) -> int:
    return game.m.attached["tile"][s]


def on_market(game, market_row: int, pos: int):
    z = game.g.zones[tile_zone(game, slot(game, market_row, pos))]
    return z[-1] if z else None


def put_on_market(game, patterns: list[str], market_row: int, pos: int) -> int:
    """Lay the piece with these patterns on a market space (the piece there goes to the bag)."""
    g, m = game.g, game.m
    p = piece(game, patterns)
    target = tile_zone(game, slot(game, market_row, pos))
    if g.loc[p] == target:
        return p
    bag = m.zone_index("bag")
    if p not in g.zones[bag]:  # on another space or a beach: swap with a bag piece
        g.settle_all(bag)
        g.move(g.zones[bag][-1], g.loc[p])
    else:
        g.settle_all(bag)
    for c in list(g.zones[target]):
        g.move(c, bag)
    g.move(p, target)
    return p


def marker(game, seat: int, pat: str) -> int:
    m = game.m
    return next(c for c in zone(game, "markers", seat) if m.props["pattern"][c] == pat)


def marker_pos(game, seat: int, pat: str) -> int:
    return game.g.cvars["pos"][marker(game, seat, pat)]


def reserve(game, market_row: int) -> int:
    m = game.m
    return next(c for c in of_type(game, "reserve") if m.props["market_row"][c] == market_row)


def dollars(game, seat: int) -> int:
    return game.g.pvars["dollars"][seat]


def refresh_legal(game) -> None:
    game._set_legal(game._current_legal())


def texts(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def under(game, c: int) -> list[int]:
    return game.g.zones[game.m.attached["under"][c]]


def clear_beach_tokens(game, seat: int) -> None:
    """Take every token off a seat's beach (to the box), for a position without umbrellas."""
    g = game.g
    box = game.m.zone_index("box")
    for c in of_type(game, "cell", seat):
        for t in list(under(game, c)):
            g.move(t, box)
