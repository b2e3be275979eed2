"""What one seat may know: a JSON-serialisable view derived from the state.

A component whose face the seat does not know shows only its type (its back):
no id, no properties, no variables, so nothing ties it to a card seen before.
Zones attached to it (a stack on a face-down card) follow their own visibility.
"""
from __future__ import annotations


def _component(game, seat, c: int) -> dict:
    g, m = game.g, game.m
    if seat is None or g.known[c] >> seat & 1:
        out = {"id": c, "type": m.ctype[c], "label": m.labels[c]}
        for name, table in m.props.items():
            v = table[c]
            if v is not None:
                out[name] = v
        if m.owner[c] is not None:
            out["owner"] = m.owner[c]
        for name, (types, _) in m.cvars.items():
            if m.ctype[c] in types:
                out.setdefault("vars", {})[name] = g.cvars[name][c]
    else:
        out = {"type": m.ctype[c], "hidden": True}
    attached = {}
    for name, table in m.attached.items():
        zi = table[c]
        if zi >= 0:
            attached[name] = [_component(game, seat, x) for x in g.zones[zi]]
    if attached:
        out["zones"] = attached
    return out


def _zone(game, seat, zi: int) -> list:
    return [_component(game, seat, c) for c in game.g.zones[zi]]


def view(game, seat) -> dict:
    """The view of ``seat``: shared zones, every seat's zones and variables, scores, its legal actions.

    ``seat`` None: everything, every face shown (for debugging, logs and tests).
    """
    g, m = game.g, game.m
    shared = {name: _zone(game, seat, z.base) for name, z in m.zones.items() if z.per is None}
    seats = []
    for s in range(g.n):
        zones = {name: _zone(game, seat, z.base + s) for name, z in m.zones.items() if z.per == "player"}
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
        out["legal_actions"] = [a.to_json() for a in game.legal_actions()]
    return out
