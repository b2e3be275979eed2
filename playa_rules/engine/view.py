"""What one seat may know: a JSON-serialisable view derived from the state.

A component whose face the seat does not know shows only its type (its back):
no id, no properties, no variables, so nothing ties it to a card seen before.
Zones attached to it (a stack on a face-down card) follow their own visibility.
"""
from __future__ import annotations


def _statics(m) -> tuple:
    """Per component: what a seat that knows its face sees of it that never changes (id,
    type, label, properties, owner), the component variables it carries, its attached
    zone tables, and what a seat that does not know it sees; then the shared zones and the
    zones each seat has, as (name, first zone index). Worked out once per rule set."""
    cached = getattr(m, "_view_tables", None)
    if cached is None:
        known, cvars, attached, hidden = [], [], [], []
        for c in range(m.component_count):
            out = {"id": c, "type": m.ctype[c], "label": m.labels[c]}
            for name, table in m.props.items():
                v = table[c]
                if v is not None:
                    out[name] = v
            if m.owner[c] is not None:
                out["owner"] = m.owner[c]
            known.append(out)
            cvars.append(tuple(name for name, (types, _) in m.cvars.items() if m.ctype[c] in types))
            attached.append(tuple((name, table) for name, table in m.attached.items() if table[c] >= 0))
            hidden.append({"type": m.ctype[c], "hidden": True})
        shared = tuple((name, z.base) for name, z in m.zones.items() if z.per is None)
        owned = tuple((name, z.base) for name, z in m.zones.items() if z.per == "player")
        cached = m._view_tables = (known, cvars, attached, hidden, shared, owned)
    return cached


def _zone(g, seat, zi: int, statics) -> list:
    """The components of zone ``zi`` as ``seat`` sees them (None: every face), bottom first."""
    known, cvars, attached, hidden = statics[:4]
    knows, values, zones = g.known, g.cvars, g.zones
    out = []
    for c in zones[zi]:
        if seat is None or knows[c] >> seat & 1:
            item = known[c].copy()
            names = cvars[c]
            if names:
                carried = item["vars"] = {}
                for name in names:   # a loop, not a comprehension: no frame per component
                    carried[name] = values[name][c]
        else:
            item = hidden[c].copy()
        tables = attached[c]
        if tables:
            held = item["zones"] = {}
            for name, table in tables:   # mostly empty (no stack on a card): no list built for those
                z = table[c]
                held[name] = _zone(g, seat, z, statics) if zones[z] else []
        out.append(item)
    return out


def view(game, seat) -> dict:
    """The view of ``seat``: shared zones, every seat's zones and variables, scores, its legal actions.

    ``seat`` None: everything, every face shown (for debugging, logs and tests).
    """
    g, m = game.g, game.m
    statics = _statics(m)
    shared = {name: _zone(g, seat, base, statics) for name, base in statics[4]}
    seats = []
    for s in range(g.n):
        zones = {name: _zone(g, seat, base + s, statics) for name, base in statics[5]}
        entry = {"seat": s, "zones": zones}
        pv = {k: v[s] for k, v in g.pvars.items()}
        pv.update({k: v[s] for k, v in g.pmvars.items()})
        if pv:
            entry["vars"] = pv
        seats.append(entry)
    out = {
        "game": game.rules.id,
        "seat": seat,
        "players": g.n,
        "hand": g.hand + 1 if not game.is_over else g.hand,
        "hands": g.hands,
        "phase": g.phase_id,
        "current_player": game.current_player,
        "start_player": g.start,
        "round": g.round,
        "zones": shared,
        "seats": seats,
        "vars": {"turn": dict(g.tvars), "hand": dict(g.hvars), "match": dict(g.mvars)},
        "scores": game.scores(),
        "hand_scores": [h[:] for h in g.hand_scores],
        "is_over": game.is_over,
    }
    if not game.is_over:
        phase = game.program.phases[g.phase_i]
        out["step"] = phase.steps[g.step_i].id if g.step_i < len(phase.steps) else None
    if game.is_chance:  # what could come up tells what is left where nobody sees: not in a seat's view
        out["chance"] = True
        if seat is None:
            out["chance_outcomes"] = [dict(o.to_json(), probability=str(p)) for o, p in game.chance_outcomes()]
    elif game.current_player is not None and (seat is None or game.current_player == seat):
        legal = game.legal_actions()
        out["legal_actions"] = [{"id": i, "text": t} for i, t in zip(game._ids()[0], legal.texts())]
    return out
