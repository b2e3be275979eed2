"""What one seat may know: a JSON-serialisable view derived from the state.

A component whose face the seat does not know shows only its type (its back):
no id, no properties, no variables, so nothing ties it to a card seen before.
Zones attached to it (a stack on a face-down card) follow their own visibility.

Copies that nothing tells apart (the same type, owner, properties and label: one face class
of the rules) are not told apart by their ids either: in a seat's view the copies of a class
it sees are numbered by their places, the first in the view's order (shared zones, then each
seat's, each zone from its first component, a component before the zones attached to it)
showing the lowest id of the class, the next the next (:func:`canonical_ids`). Which copy a
seat was dealt would otherwise tell the order of a deal it did not see.
"""

from __future__ import annotations

from . import sealed as _sealed
from .log import plain
from .viewcode import view_zones


def view(game, seat) -> dict:
    """The view of ``seat``: shared zones, every seat's zones and variables, scores, its legal actions.

    ``seat`` None: everything, every face shown (for debugging, logs and tests).
    """
    g, m = game.g, game.m
    over, current = game.is_over, game.current_player
    sim = g.sim is not None and not game.is_chance  # a simultaneous step: the first seat to choose
    if sim:  # (what Game.current_player is, but in a world, where it is the seat that sampled it)
        current = _sealed.pending(g)[0]
    shared, owned = view_zones(m)(g, seat, g.n)
    held = game.program.component_vars if seat is not None else None
    if seat is not None:
        classes = copy_classes(m)
        engine_ids = _ids_in(shared, owned, []) if held else None
        if classes is not None:
            canonical_ids(shared, owned, *classes)
        if held:  # each component the view shows: engine id -> the id shown
            shown = dict(zip(engine_ids, _ids_in(shared, owned, [])))
    seats = []
    pvars, pmvars = g.pvars, g.pmvars
    for s, zones in enumerate(owned):
        entry = {"seat": s, "zones": zones}
        if pvars or pmvars:  # loops, not comprehensions: no frame each
            pv = {}
            for k, v in pvars.items():
                pv[k] = v[s]
            for k, v in pmvars.items():
                pv[k] = v[s]
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
        "vars": {"turn": plain(g.tvars), "hand": plain(g.hvars), "match": plain(g.mvars)},  # copies
        "scores": plain(game.scores()),
        "hand_scores": plain(g.hand_scores),  # a copy, each hand's list too
        "is_over": over,
    }
    if held:
        _component_vars(out, held, shown, m)
    if (game.program.spec.get("display") or {}).get("scores") == "running":  # scoring reads public state only
        out["running_scores"] = plain(game.running_scores())
    if not over:  # (no phase while a search's world waits between hands: its last has ended)
        phases = game.program.phases
        phase = phases[g.phase_i] if g.phase_i < len(phases) else None
        out["step"] = phase.steps[g.step_i].id if phase is not None and g.step_i < len(phase.steps) else None
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


def copy_classes(m) -> tuple | None:
    """``(class of each component or -1 when it has no copy, the ids of each class in order)``,
    None when no component has a copy (made once per model). A class: the same face (type,
    owner, properties) and the same label."""
    made = m.__dict__.get("_copy_classes", False)
    if made is False:
        groups: dict = {}
        for c in range(m.component_count):
            groups.setdefault((m.face[c], m.labels[c]), []).append(c)
        ids = [members for members in groups.values() if len(members) > 1]
        cls = [-1] * m.component_count
        for k, members in enumerate(ids):
            for c in members:
                cls[c] = k
        made = m.__dict__["_copy_classes"] = (cls, ids) if ids else None
    return made


def canonical_ids(shared: dict, owned: list, cls: list, ids: list) -> None:
    """Number the copies of each class a seat's view shows by their places (module doc), in place."""
    taken = [0] * len(ids)
    for zone in shared.values():
        _number(zone, cls, ids, taken)
    for zones in owned:
        for zone in zones.values():
            _number(zone, cls, ids, taken)


def _number(items: list, cls: list, ids: list, taken: list) -> None:
    """(A function of the module, not a closure: one that calls itself would make a reference
    cycle each view.)"""
    for x in items:
        c = x.get("id")
        if c is not None and cls[c] >= 0:
            k = cls[c]
            x["id"] = ids[k][taken[k]]
            taken[k] += 1
        sub = x.get("zones")
        if sub:
            for zone in sub.values():
                _number(zone, cls, ids, taken)


def shown_ids(g, m, seat: int) -> dict:
    """Engine id -> the id ``view(seat)`` shows it by, for every component that view shows with an
    id (those in a zone whose face ``seat`` knows), worked out from the state without building
    the view: the view's order (shared zones, then each seat's, each zone from its first
    component, a component before the zones attached to it) and :func:`canonical_ids`'
    numbering of copies. For what reads the state on a seat's behalf (the adapters' tensors)."""
    order = m.__dict__.get("_view_order")
    if order is None:  # (shared zone indices, per-player zone bases, attached tables): once per model
        zones = [z for z in m.zones.values() if z.per in (None, "player")]
        order = m.__dict__["_view_order"] = (
            [z.base for z in zones if z.per is None],
            [z.base for z in zones if z.per == "player"],
            list(m.attached.values()),
        )
    shared, bases, tables = order
    classes = copy_classes(m)
    cls, ids = classes if classes is not None else (None, None)
    out: dict = {}
    walk = (g.zones, g.known, 1 << seat, cls, ids, [0] * len(ids) if ids else None, tables, out)
    for z in shared:
        _shown_in(z, walk)
    for p in range(g.n):
        for b in bases:
            _shown_in(b + p, walk)
    return out


def _shown_in(z: int, walk: tuple) -> None:
    """:func:`shown_ids` of zone ``z`` and the zones attached to its components (as ``_ids_of``)."""
    zones, known, bit, cls, ids, taken, tables, out = walk
    for c in zones[z]:
        if known[c] & bit:
            k = -1 if cls is None else cls[c]
            if k >= 0:
                out[c] = ids[k][taken[k]]
                taken[k] += 1
            else:
                out[c] = c
        for t in tables:
            a = t[c]
            if a >= 0 and zones[a]:
                _shown_in(a, walk)


def _ids_in(shared: dict, owned: list, out: list) -> list:
    """The ids of the components a view shows, in the view's order (:func:`canonical_ids`)."""
    for zones in (shared, *owned):
        for zone in zones.values():
            _ids_of(zone, out)
    return out


def _ids_of(items: list, out: list) -> None:
    for x in items:
        if "id" in x:
            out.append(x["id"])
        sub = x.get("zones")
        if sub:
            for zone in sub.values():
                _ids_of(zone, out)


def _component_vars(out: dict, held: dict, shown: dict, m) -> None:
    """Variables that hold components, in a seat's view, name them as its zones do: by the id
    the component shows there (a copy by its kind and place, not which physical copy), or, for
    one the seat does not see, by its back, ``{"type": ..., "hidden": true}``."""
    for (scope, name), one in held.items():
        if scope in ("turn", "hand", "match"):
            table = out["vars"][scope]
            if name in table:
                table[name] = _named(table[name], one, shown, m)
        elif scope in ("player", "player_match"):
            for entry in out["seats"]:
                table = entry.get("vars")
                if table is not None and name in table:
                    table[name] = _named(table[name], one, shown, m)
    names = {name: one for (scope, name), one in held.items() if scope == "component"}
    if names:
        for zones in (out["zones"], *(entry["zones"] for entry in out["seats"])):
            for zone in zones.values():
                _item_vars(zone, names, shown, m)


def _item_vars(items: list, names: dict, shown: dict, m) -> None:
    for x in items:
        table = x.get("vars")
        if table:
            for name, one in names.items():
                if name in table:
                    table[name] = _named(table[name], one, shown, m)
        sub = x.get("zones")
        if sub:
            for zone in sub.values():
                _item_vars(zone, names, shown, m)


def _named(value, one: bool, shown: dict, m):
    if value is None:
        return None
    if not one:
        return [_named(c, True, shown, m) for c in value]
    if value in shown:
        return shown[value]
    return {"type": m.ctype[value], "hidden": True}


def running_scores(game) -> list[int]:
    """The scoring rules on the current state, plus the hands already scored (Game.running_scores)."""
    g = game.g
    now = [sum(fn(g, {"me": s}) for _, _, fn in game.program.scoring) for s in range(g.n)]
    done = g.hand_scores
    return [a + b for a, b in zip(now, map(sum, zip(*done)))] if done else now
