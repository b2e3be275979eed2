"""A constant read by the player count (``hand_size[players]``) is checked for every player
count the file allows when the rules load: a list too short or a table without a key for one
of them would otherwise stop only the games of that count, while they are played.

The error is at the value that is short (a variant's line when a variant wrote it: a list
where the game has a table by player count), with a note at the text that reads it.
"""

from __future__ import annotations

import dataclasses

from ...errors import RuleError, spelled
from . import ast as A


def check(cp, n: A.Index, o) -> None:
    """Raise the error of ``NAME[players]`` (``n``) whose constant ``o`` has no item for one of
    the player counts the file allows, once per name."""
    counts = [p for p in cp.player_counts if not _has(o.const, p)]
    name = n.obj.id if isinstance(n.obj, A.Name) else None
    if not counts or name in cp.by_players_told:
        return
    cp.by_players_told.add(name)
    what = name or "this"
    games = " or ".join(str(p) for p in counts)
    if isinstance(o.const, list):
        message = f"{what} is a list of {len(o.const)} items (0 to {len(o.const) - 1}), with no item for {games} players"
        hint = f"a list read by the player count needs an item at each count the game allows (up to index {max(counts)})"
        hint += f", or write a table by player count: {{{', '.join(f'{p}: ...' for p in cp.player_counts)}}}"
    else:
        message = f"{what} has no key for {games} players"
        hint = "give a value for each player count the game allows"
    message += f", and the rules read {what}[players]"
    use = cp.origin.diagnostic(
        "note", f"where the rules read {what}[players]", cp.text, n.pos, severity="note"
    )
    if name in cp.parameter_names and cp.locate is not None:
        d = cp.locate(f"/parameters/{name}", "no-value-for-players", message, hint=hint)
        raise RuleError(dataclasses.replace(d, notes=(use,)))
    cp.error(n, "no-value-for-players", f"{message} ({spelled(o.const)})", hint)


def _has(value, players: int) -> bool:
    if isinstance(value, list):
        return 0 <= players < len(value)
    return isinstance(value, dict) and players in value
