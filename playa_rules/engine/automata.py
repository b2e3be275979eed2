"""Seats the rules play themselves: which seats they are, and the action each one picks.

An automaton's behaviour is data (``automata: ... plays:`` in the rule file): an ordered
list of action kinds, each with an optional condition over the action's parameters. At
a decision of such a seat, the engine takes the first legal action matching the first
entry that matches any; no person or agent is asked, and the action is logged like any
other.
"""

from __future__ import annotations

from ..errors import GameRuntimeError


def seats_of(program, players: int) -> tuple:
    """Per seat, None for a person or the AutomatonDef playing it; automata sit after the people."""
    seats = [None] * players
    for auto in program.automata:
        seats += [auto] * auto.seats.get(players, 0)
    return tuple(seats)


def choose(game, auto):
    """The action ``auto`` plays now, from ``game.legal_actions()``."""
    g = game.g
    legal = game.legal_actions()
    for defn, when in auto.plays:
        for a in legal:
            if a.defn is not defn:
                continue
            if when is None:
                return a
            e = {"me": g.seat}
            for key, f in defn.lets:
                e[key] = f(g, e)
            for p, v in zip(defn.params, a.values):
                e[p.key] = v
            if when(g, e):
                return a
    raise GameRuntimeError(
        f"{auto.site}: runtime-error: automaton '{auto.id}' (seat {g.seat}) has no entry for any legal "
        f"action: {[str(a) for a in legal]} (a last entry without 'when' makes its behaviour total)"
    )
