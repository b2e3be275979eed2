"""A rule set's observation as a flat tensor, laid out once from the model.

The same layout serves every state of one rule set (and every player count: per-seat
blocks are sized for the largest). It holds only what the observing seat may know, as a
seat's view does: counts of the faces it knows in each zone, counts of the backs it does
not know (type per zone: zone sizes and backs are public), the variables of the
components it knows, every variable of seats and of the turn, hand and match, the phase
and step, the seat to act, and the scores. Pieces, in order:

============  ===========================================  =======================================
piece         shape                                        value
============  ===========================================  =======================================
observer      (seats,)                                     1 at the observing seat
current       (seats + 2,)                                 the seat to act; chance; over
phase         (phases,)                                    1 at the current phase
step          (max steps of a phase,)                      1 at the current step
known         (faces each zone can hold, zone by zone,)    components of that face it knows there
unseen        (zones, types)                               components of that type it does not know
cvars         (components, component variables)            a known component's variables
seat_vars     (seats, player variables)                    every seat's variables
vars          (turn + hand + match variables,)             their values
scores        (seats,)                                     points so far
============  ===========================================  =======================================

Zones are rows in the model's order, except zones attached to components (a stack on a
card): which card a stack belongs to may be hidden, so their rows follow the place of
the card they are attached to (zone, then position), not the card.

Values: numbers as they are, booleans 0 or 1, ``none`` 0, a text a stable code in
(0, 1] (crc32 / 2**32, so equal texts give equal codes in every process). Components are
named as the observing seat's view names them (:meth:`Layout.named`, ``view.shown_ids``),
never by the engine's id: a variable holding one by the id the view shows it by (+ 1), or
by its back; a component's row of ``cvars`` is the row of that id (copies by their places).
"""

from __future__ import annotations

import zlib

import numpy as np

from ..engine.view import copy_classes, shown_ids


def encode(v) -> float:
    """A variable's value as one float."""
    if v is None:
        return 0.0
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, (int, float)):
        return float(v)
    text = str(v)
    code = _CODES.get(text)
    if code is None:
        if len(_CODES) >= 4096:  # texts come from rule files: remembered, but boundedly
            _CODES.clear()
        code = _CODES[text] = (zlib.crc32(text.encode("utf-8")) + 1) / 2**32
    return code


_CODES: dict = {}  # text -> its code


class Layout:
    """The pieces of one rule set's observation tensor (names, shapes, offsets)."""

    def __init__(self, program):
        m = self.m = program.model
        self.seats = m.max_players
        self.types = sorted(m.types)
        self.type_index = [self.types.index(t) for t in m.ctype]
        self.cvar_names = sorted(m.cvars)
        self.seat_var_names = [("pvars", k) for k in sorted(m.variables.get("player", {}))] + [
            ("pmvars", k) for k in sorted(m.variables.get("player_match", {}))
        ]
        self.var_names = [
            (scope, k)
            for scope, attr in (("turn", "tvars"), ("hand", "hvars"), ("match", "mvars"))
            for k in sorted(m.variables.get(scope, {}))
        ]
        held = program.component_vars  # (scope, name) -> one component (True) or a list of them
        scopes = {"pvars": "player", "pmvars": "player_match"}
        self.held_cvars = {
            i: held[key] for i, n in enumerate(self.cvar_names) if (key := ("component", n)) in held
        }
        self.held_seat = {
            i: held[key] for i, (st, k) in enumerate(self.seat_var_names) if (key := (scopes[st], k)) in held
        }
        self.held_vars = {i: held[key] for i, key in enumerate(self.var_names) if key in held}
        classes = copy_classes(m)
        carries = {t for types, _ in m.cvars.values() for t in types}  # types with component variables
        self.renumber = bool(held) or (
            classes is not None and any(k >= 0 and m.ctype[c] in carries for c, k in enumerate(classes[0]))
        )  # whether write needs the ids the seat's view shows (view.shown_ids)
        self.phases = len(program.phases)
        # known: for each zone, a slot per face of the types it holds (a board of cells would
        # otherwise be zones x faces, mostly pairs that cannot occur)
        face_type = [m.ctype[c] for c in m.faces]
        self.known_at, at = [], 0
        for zi in range(m.zone_count):
            holds = set(m.zones[m.zone_names[zi][0]].holds)
            slots = {f: at + i for i, f in enumerate(f for f, t in enumerate(face_type) if t in holds)}
            at += len(slots)
            self.known_at.append(slots)
        self.steps = max([len(p.steps) for p in program.phases] + [1])
        self.pieces = [
            ("observer", (self.seats,)),
            ("current", (self.seats + 2,)),
            ("phase", (self.phases,)),
            ("step", (self.steps,)),
            ("known", (sum(len(at) for at in self.known_at),)),
            ("unseen", (m.zone_count, len(self.types))),
            ("cvars", (m.component_count, len(self.cvar_names))),
            ("seat_vars", (self.seats, len(self.seat_var_names))),
            ("vars", (len(self.var_names),)),
            ("scores", (self.seats,)),
        ]
        self.offset, at = {}, 0  # each piece's first index in the flat tensor
        for name, shape in self.pieces:
            self.offset[name] = at
            at += int(np.prod(shape))
        self.size = at
        # per attachment: its owning components, and the rows their zone instances share
        self.attached = [
            ([c for c, zi in enumerate(table) if zi >= 0], table, sorted(zi for zi in table if zi >= 0))
            for table in m.attached.values()
        ]
        self._rows = list(range(m.zone_count))

    def rows(self, g) -> list:
        """Zone index -> tensor row: attached zones ordered by the place of their owner."""
        if not self.attached:
            return self._rows
        rows = self._rows[:]
        zones, loc = g.zones, g.loc
        far = (self.m.zone_count, 0)
        where: dict = {}  # zone -> {component: its position}, for the zones holding owners

        def place(c):
            z = loc[c]
            if z < 0:
                return far
            at = where.get(z)
            if at is None:
                at = where[z] = {x: i for i, x in enumerate(zones[z])}
            return z, at[c]

        for owners, table, slots in self.attached:
            for c, row in zip(sorted(owners, key=place), slots):
                rows[table[c]] = row
        return rows

    def views(self, tensor: np.ndarray) -> dict:
        """Named, reshaped views into a flat tensor of this layout."""
        out = {}
        for name, shape in self.pieces:
            at = self.offset[name]
            out[name] = tensor[at : at + int(np.prod(shape))].reshape(shape)
        return out

    def fill(self, game, seat: int, parts: dict) -> None:
        """Write what ``seat`` may know of ``game`` into the named views ``parts`` (see :meth:`views`)."""
        flat = np.zeros(self.size, np.float32)
        self.write(game, seat, flat)
        for name, view in self.views(flat).items():
            parts[name][...] = view

    def write(self, game, seat: int, tensor: np.ndarray) -> None:
        """Write what ``seat`` may know of ``game`` into the flat ``tensor`` (zeroed first).

        The values are gathered in Python and stored by one indexed assignment each (the
        counts, the rest): storing element by element into an array costs more than the
        work itself."""
        tensor[:] = 0
        g, m, o = game.g, self.m, self.offset
        at, values = [o["observer"] + seat], [1]
        cur = game.current_player
        at.append(o["current"] + (self.seats + 1 if cur is None else (self.seats if cur < 0 else cur)))
        values.append(1)
        if not game.is_over:
            at.append(o["phase"] + min(g.phase_i, self.phases - 1))
            values.append(1)
            if g.step_i < self.steps:
                at.append(o["step"] + g.step_i)
                values.append(1)
        counts: dict = {}  # flat index -> components counted there (known faces, unseen types)
        known_at, face, tix, kn = self.known_at, m.face, self.type_index, g.known
        bit, ko, uo, ntypes = 1 << seat, o["known"], o["unseen"], len(self.types)
        seen = []
        rows = self.rows(g)
        for zi, items in enumerate(g.zones):
            if not items:
                continue
            r = rows[zi]
            slots = known_at[r]
            for c in items:
                if kn[c] & bit:
                    slot = slots.get(face[c])
                    if slot is not None:  # always, as moves are typed by what a zone holds
                        k = ko + slot
                        counts[k] = counts.get(k, 0) + 1
                    seen.append(c)
                else:
                    k = uo + r * ntypes + tix[c]
                    counts[k] = counts.get(k, 0) + 1
        # components as the seat's view names them (view.shown_ids): needed where copies carry
        # variables (a copy's row is the id the view shows it by, not which physical copy) or
        # variables hold components
        ids = shown_ids(g, m, seat) if self.renumber else None
        co, width = o["cvars"], len(self.cvar_names)
        bases = [co + c * width for c in seen] if ids is None else [co + ids[c] * width for c in seen]
        held = self.held_cvars
        for i, name in enumerate(self.cvar_names):
            store = g.cvars[name]
            one = held.get(i) if held else None
            for c, b in zip(seen, bases):
                v = store[c]
                if one is not None:
                    v = self.named(v, one, ids)
                elif v.__class__ not in _NUMBERS:
                    v = encode(v)
                if v:  # zero stays as the tensor was cleared
                    at.append(b + i)
                    values.append(v)
        held = self.held_seat
        so, width = o["seat_vars"], len(self.seat_var_names)
        for i, (store, k) in enumerate(self.seat_var_names):
            column = getattr(g, store)[k]
            one = held.get(i) if held else None
            for s in range(g.n):
                at.append(so + s * width + i)
                values.append(encode(column[s]) if one is None else self.named(column[s], one, ids))
        stores = {"turn": g.tvars, "hand": g.hvars, "match": g.mvars}
        held = self.held_vars
        vo = o["vars"]
        for i, (scope, k) in enumerate(self.var_names):
            at.append(vo + i)
            v = stores[scope].get(k)
            one = held.get(i) if held else None
            values.append(encode(v) if one is None else self.named(v, one, ids))
        scores = game.scores()
        at.extend(range(o["scores"], o["scores"] + len(scores)))
        values.extend(scores)
        tensor[at] = values
        if counts:
            tensor[list(counts)] = list(counts.values())

    def named(self, value, one: bool, ids: dict) -> float:
        """A variable holding a component (``one``) or a list of them, as the seat's view names
        them: a component it sees by the id its view shows (that id + 1: 0 is none), one it does
        not by its back, minus (1 + the index of its type); a list as the text code of the view's
        list (``[3, {'type': 'card', 'hidden': True}]``). Never the engine's own id, which would
        tell a seat which hidden component, or which of the copies it sees, it is."""
        if value is None:
            return 0.0
        if one:
            shown = ids.get(value)
            return float(shown + 1) if shown is not None else -1.0 - self.type_index[value]
        return encode(str([ids.get(c, {"type": self.m.ctype[c], "hidden": True}) for c in value]))


_NUMBERS = (int, bool, float)  # stored as they are (True as 1)
