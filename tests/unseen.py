"""Hidden information, tested by changing it: pairs of components a seat has not seen, and a
copy of the game with two of them exchanged (their places and what goes with a place). A
seat's view, its sampled worlds and an adapter's observation must not tell the two apart.

They reach into the engine's state (``game.g``, ``game.m``, ``Game._set_legal``) the way
tests/scenario.py does, to build a position no legal play need reach."""

from __future__ import annotations

import itertools


def unseen_pairs(game, seat: int):
    """Pairs of components the seat has not seen, of the same type and owner, in different places."""
    m, g = game.m, game.g
    unseen = [c for c in range(m.component_count) if not g.known[c] >> seat & 1 and g.loc[c] >= 0]
    for a, b in itertools.combinations(unseen, 2):
        if (m.ctype[a], m.owner[a]) == (m.ctype[b], m.owner[b]) and m.face[a] != m.face[b]:
            yield a, b


def swapped(game, a: int, b: int):
    """The game with components a and b exchanged (their places and what goes with a place)."""
    other = game.clone()
    g, m = other.g, other.m
    za, zb = g.loc[a], g.loc[b]
    ia, ib = g.zones[za].index(a), g.zones[zb].index(b)
    g.zones[za][ia], g.zones[zb][ib] = b, a
    g.loc[a], g.loc[b] = zb, za
    g.known[a], g.known[b] = g.known[b], g.known[a]
    for store in g.cvars.values():
        store[a], store[b] = store[b], store[a]
    for name, table in m.attached.items():
        if table[a] >= 0 and table[b] >= 0:
            g.zones[table[a]], g.zones[table[b]] = g.zones[table[b]], g.zones[table[a]]
            for zi in (table[a], table[b]):
                for c in g.zones[zi]:
                    g.loc[c] = zi
    other._set_legal(other._current_legal())
    return other
