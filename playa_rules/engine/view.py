"""What one seat may know: a JSON-serialisable view derived from the state.

A component whose face the seat does not know shows only its type (its back):
no id, no properties, no variables, so nothing ties it to a card seen before.
Zones attached to it (a stack on a face-down card) follow their own visibility.
"""

from __future__ import annotations

from . import sealed as _sealed
from .log import plain


def _statics(m) -> tuple:
    """``(per component, shared zones, zones each seat has)``. Per component: what a seat
    that knows its face sees of it that never changes (id, type, label, properties, owner),
    what a seat that does not know it sees, the component variables it carries and its
    attached zone tables; the zones as (name, first zone index). Worked out once per rule set."""
    cached = getattr(m, "_view_per_component", None)
    if cached is None:
        per = []
        for c in range(m.component_count):
            out = {"id": c, "type": m.ctype[c], "label": m.labels[c]}
            for name, table in m.props.items():
                v = table[c]
                if v is not None:
                    out[name] = v
            if m.owner[c] is not None:
                out["owner"] = m.owner[c]
            per.append(
                (
                    out,
                    {"type": m.ctype[c], "hidden": True},
                    tuple(name for name, (types, _) in m.cvars.items() if m.ctype[c] in types),
                    tuple((name, table) for name, table in m.attached.items() if table[c] >= 0),
                )
            )
        shared = tuple((name, z.base) for name, z in m.zones.items() if z.per is None)
        owned = tuple((name, z.base) for name, z in m.zones.items() if z.per == "player")
        cached = m._view_per_component = (per, shared, owned)
    return cached


def _zone(g, seat, zi: int, per: list) -> list:
    """The components of zone ``zi`` as ``seat`` sees them (None: every face), bottom first."""
    knows, values, zones = g.known, g.cvars, g.zones
    everything = seat is None
    out = []
    for c in zones[zi]:
        known, hidden, names, tables = per[c]
        if everything or knows[c] >> seat & 1:
            item = known.copy()
            if names:
                carried = item["vars"] = {}
                for name in names:  # a loop, not a comprehension: no frame per component
                    carried[name] = values[name][c]
        else:
            item = hidden.copy()
        if tables:
            held = item["zones"] = {}
            for name, table in tables:  # mostly empty (no stack on a card): no list built for those
                z = table[c]
                held[name] = _zone(g, seat, z, per) if zones[z] else []
        out.append(item)
    return out


def view(game, seat) -> dict:
    """The view of ``seat``: shared zones, every seat's zones and variables, scores, its legal actions.

    ``seat`` None: everything, every face shown (for debugging, logs and tests).
    """
    g, m = game.g, game.m
    over, current = game.is_over, game.current_player
    sim = g.sim is not None and not game.is_chance  # a simultaneous step: the first seat to choose
    if sim:  # (what Game.current_player is, but in a world, where it is the seat that sampled it)
        current = _sealed.pending(g)[0]
    per, shared_zones, owned_zones = _statics(m)
    shared = {name: _zone(g, seat, base, per) for name, base in shared_zones}
    seats = []
    for s in range(g.n):
        zones = {name: _zone(g, seat, base + s, per) for name, base in owned_zones}
        entry = {"seat": s, "zones": zones}
        pv = {k: v[s] for k, v in g.pvars.items()}
        pv.update({k: v[s] for k, v in g.pmvars.items()})
        if pv:
            entry["vars"] = plain(pv)
        seats.append(entry)
    out = {
        "game": game.rules.id,
        "seat": seat,
        "players": g.n,
        "hand": g.hand + 1
        if not over
        else len(g.hand_scores),  # over: the hands played (an early end scores its hand)
        "hands": g.hands,
        "phase": g.phase_id,
        "current_player": current,
        "start_player": g.start,
        "round": g.round,
        "zones": shared,
        "seats": seats,
        "vars": plain({"turn": dict(g.tvars), "hand": dict(g.hvars), "match": dict(g.mvars)}),
        "scores": plain(game.scores()),
        "hand_scores": plain([h[:] for h in g.hand_scores]),
        "is_over": over,
    }
    if (game.rules.spec.get("display") or {}).get("scores") == "running":  # scoring reads public state only
        out["running_scores"] = plain(game.running_scores())
    if not over:
        phase = game.program.phases[g.phase_i]
        out["step"] = phase.steps[g.step_i].id if g.step_i < len(phase.steps) else None
    if game.is_chance:  # what could come up tells what is left where nobody sees: not in a seat's view
        out["chance"] = True
        if seat is None:
            out["chance_outcomes"] = [
                dict(o.to_json(), probability=str(p)) for o, p in game.chance_outcomes()
            ]
    elif sim:  # who has chosen, not what; each seat still to choose sees its own actions
        out["simultaneous"] = _sealed.public(game, seat)
        asked = current if seat is None else seat
        if asked in out["simultaneous"]["to_choose"]:
            legal = _sealed.legal_for(game, asked)
            out["legal_actions"] = [{"id": i, "text": t} for i, t in zip(legal.ids(), legal.texts())]
    elif current is not None and (seat is None or current == seat):
        legal = game.legal_actions()
        out["legal_actions"] = [{"id": i, "text": t} for i, t in zip(game._ids()[0], legal.texts())]
    return out


def running_scores(game) -> list[int]:
    """The scoring rules on the current state, plus the hands already scored (Game.running_scores)."""
    g = game.g
    now = [sum(fn(g, {"me": s}) for _, _, fn in game.program.scoring) for s in range(g.n)]
    done = g.hand_scores
    return [a + b for a, b in zip(now, map(sum, zip(*done)))] if done else now
