"""The game log: internal entries turned into JSON events, whole or as one seat saw them.

``Game`` appends compact tuples while it runs; :func:`event` converts one when the log
is read. An action that names a face another seat did not know is shown to that seat with
the face replaced by its type (:func:`_redacted`), using the knowledge masks recorded when
the action was applied (``ActionDef.hides``, compiler.program ``knowledge_masks``). The
seat that acted always sees its action whole, with its id (perfect recall), even when the
action itself hid the face from it (a component moved into a hidden zone that is then
shuffled, or rolled where nobody sees it).
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import PlayaRulesError

# The entry a playout that logs nothing leaves where its moves would be (engine.playout
# ``log=False``): the log is incomplete from there on, and reading it fails.
UNLOGGED = ("unlogged",)

# returned as they are, tested first: isinstance of Fraction (an ABC) costs more
_AS_IS = frozenset((int, str, bool, float, type(None)))


def plain(x):
    """``x`` as JSON holds it: an exact fraction a rule made with ``/`` as its text (``'7/2'``),
    inside lists and mappings too; everything else as it is."""
    cls = x.__class__
    if cls in _AS_IS:
        return x
    if cls is list:  # the common containers first, each copied whole when it holds only plain values
        return x[:] if _AS_IS.issuperset(map(type, x)) else [plain(v) for v in x]
    if cls is dict:
        return dict(x) if _AS_IS.issuperset(map(type, x.values())) else {k: plain(v) for k, v in x.items()}
    if isinstance(x, Fraction):
        return str(x)
    if isinstance(x, list):
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x


def all_plain(values: list) -> bool:
    """Whether every one of ``values`` is as JSON holds it (a number, a text, a truth value,
    none: no fraction, no list), in one pass in C (a view's table of a component variable)."""
    return _AS_IS.issuperset(map(type, values))


def event(game, ev, seat=None) -> dict | None:
    """One internal log entry as a JSON-serialisable event, as ``seat`` saw it (None:
    everything); None when ``seat`` learns nothing of it (an action whose ``others_see`` is
    ``nothing``, taken by another seat)."""
    kind = ev[0]
    if kind == "start":
        out = {"event": "start", "game": ev[1], "players": ev[2]}
        if seat is None:
            out["seed"] = ev[3]
        out["variants"] = list(game.rules.variants)  # which rules: pr.replay checks both
        out["rules"] = game.rules.digest
        if game.g.explicit:
            out["chance"] = "explicit"
        return out
    if kind == "hand":
        return {"event": "hand", "hand": ev[1], "start_player": ev[2]}
    if kind == "phase":
        return {"event": "phase", "phase": ev[1]}
    if kind == "turn":
        return {"event": "turn", "seat": ev[1], "round": ev[2]}
    if kind == "act":
        out = _action(game, ev, seat)
        if len(ev) > 4 and out is not None:  # a sealed choice of a simultaneous step, now applied
            out["sealed"] = True
        return out
    if kind == "chose":  # a sealed choice: the others learn that the seat chose, not what
        if seat is None or seat == ev[1]:
            return {"event": "chose", "seat": ev[1], "action": ev[2].text_with(game.m), "id": ev[2].id}
        return {"event": "chose", "seat": ev[1]}
    if kind == "world":
        return {"event": "world", "seat": ev[1]}
    if kind == "chance":
        from .chance import event as chance_event

        return chance_event(game, ev, seat)
    if kind == "tell":
        return {"event": "tell", "seat": ev[1], "text": ev[2]}
    if kind == "blocked":
        return {"event": "blocked", "seat": ev[1], "step": ev[2]}
    if kind == "unlogged":
        raise PlayaRulesError(
            "this game's log is incomplete: a playout applied its moves without logging them "
            "(play_at_random(..., log=False)); the scores and the state are the game's own"
        )
    if kind == "score":
        return {
            "event": "score",
            "hand": ev[1] + 1,
            "scores": plain(list(ev[2])),
            "detail": [plain(dict(d)) for d in ev[3]],
        }
    return {"event": "end", "scores": plain(list(ev[1])), "winners": list(ev[2])}


def _action(game, ev, seat) -> dict | None:
    a = ev[2]
    masks = ev[3]
    if seat is None or seat == ev[1]:  # the seat that acted knows what it chose (perfect recall)
        return {"event": "action", "seat": ev[1], "action": a.text_with(game.m), "id": a.id}
    if a.defn.others_see != "move":
        return {"event": "action", "seat": ev[1]} if a.defn.others_see == "turn" else None
    if masks is None or all(mk >> seat & 1 for mk in masks):
        return {"event": "action", "seat": ev[1], "action": a.text_with(game.m), "id": a.id}
    return {"event": "action", "seat": ev[1], "action": _redacted(game, a, masks, seat)}


def _redacted(game, a, masks, seat: int) -> str:
    """An action's text with the faces ``seat`` did not know replaced by their type."""
    from ..compiler.model import fill
    from .actions import render_value

    m = game.m
    parts = {}
    for p, v, k, mk in zip(a.defn.params, a.values, a.keys, masks):
        if mk >> seat & 1:
            parts[p.name] = render_value(p, v, k, m)
        elif p.kind == "one_of":
            parts[p.name] = m.ctype[v]
        else:
            parts[p.name] = "+".join(m.ctype[c] for c in v)
    return fill(a.defn.text, parts)
