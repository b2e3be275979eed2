"""A game's opening, worked out once per rule set and player count.

Every new game of a rule set runs the same flow from the same start up to its first
decision: the setup, the first phase and turn, the first listing. When that run draws no
chance (a board game, or a card game whose deal comes later), it is the same for every seed,
so the state it reaches is kept, and a new game starts from a copy of it with its own seed
written in (``Rules.new_game``'s cost is then a copy, not a run). A run that drew from the
generator, stopped at a chance node, waits on simultaneous choices or ended is not kept.
"""

from __future__ import annotations

from .state import DECIDE


def start_from_kept(game, players: int, seed) -> bool:
    """Start ``game`` (sampled chance, nothing queued) from the kept opening for ``players``
    seats, with ``seed``; False when there is none."""
    kept = game.program.extras.get("openings")
    opening = kept.get(players) if kept else None
    if opening is None:
        return False
    state, legal = opening
    g = game.g = state.copy()
    g.seed = seed
    g.log[0] = ("start", game.rules.id, players, seed)
    game._log = g.log
    game._masked = len(g.log)
    game._set_legal(legal.restamped((game._token, game._stamp + 1)))
    return True


def keep(game, players: int) -> None:
    """Keep the opening ``game`` has just run (sampled chance) if it is the same for every seed."""
    g = game.g
    if g._rng is not None or g.nchance or g.mode != DECIDE or g.sim is not None or game._node is not None:
        return
    kept = game.program.extras.setdefault("openings", {})
    kept[players] = (g.copy(), game._legal)
