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
(0, 1] (crc32 / 2**32, so equal texts give equal codes in every process).
"""
from __future__ import annotations

import zlib

import numpy as np


def encode(v) -> float:
    """A variable's value as one float."""
    if v is None:
        return 0.0
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, (int, float)):
        return float(v)
    return (zlib.crc32(str(v).encode("utf-8")) + 1) / 2 ** 32


class Layout:
    """The pieces of one rule set's observation tensor (names, shapes, offsets)."""

    def __init__(self, program):
        m = self.m = program.model
        self.seats = m.max_players
        self.types = sorted(m.types)
        self.type_index = [self.types.index(t) for t in m.ctype]
        self.cvar_names = sorted(m.cvars)
        self.seat_var_names = [("pvars", k) for k in sorted(m.variables.get("player", {}))] + \
                              [("pmvars", k) for k in sorted(m.variables.get("player_match", {}))]
        self.var_names = [(scope, k) for scope, attr in (("turn", "tvars"), ("hand", "hvars"), ("match", "mvars"))
                          for k in sorted(m.variables.get(scope, {}))]
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
        self.size = sum(int(np.prod(shape)) for _, shape in self.pieces)
        # per attachment: its zone instances (by owning component) and the rows they share
        self.attached = [(table, sorted(zi for zi in table if zi >= 0)) for table in m.attached.values()]

    def rows(self, g) -> list:
        """Zone index -> tensor row: attached zones ordered by the place of their owner."""
        rows = list(range(self.m.zone_count))
        if not self.attached:
            return rows
        place = {}
        for zi, items in enumerate(g.zones):
            for i, c in enumerate(items):
                place[c] = (zi, i)
        far = (self.m.zone_count, 0)
        for table, slots in self.attached:
            owners = sorted((c for c, zi in enumerate(table) if zi >= 0), key=lambda c: place.get(c, far))
            for c, row in zip(owners, slots):
                rows[table[c]] = row
        return rows

    def views(self, tensor: np.ndarray) -> dict:
        """Named, reshaped views into a flat tensor of this layout."""
        out, at = {}, 0
        for name, shape in self.pieces:
            n = int(np.prod(shape))
            out[name] = tensor[at:at + n].reshape(shape)
            at += n
        return out

    def fill(self, game, seat: int, parts: dict) -> None:
        """Write what ``seat`` may know of ``game`` into the named views ``parts`` (zeroed first)."""
        for v in parts.values():
            v.fill(0)
        g, m = game.g, self.m
        parts["observer"][seat] = 1
        cur = game.current_player
        parts["current"][self.seats + 1 if cur is None else (self.seats if cur < 0 else cur)] = 1
        if not game.is_over:
            parts["phase"][min(g.phase_i, self.phases - 1)] = 1
            if g.step_i < self.steps:
                parts["step"][g.step_i] = 1
        known, unseen, cvars, known_at = parts["known"], parts["unseen"], parts["cvars"], self.known_at
        face, tix, loc, kn = m.face, self.type_index, g.loc, g.known
        names = self.cvar_names
        rows = self.rows(g)
        for c in range(m.component_count):
            z = loc[c]
            if z < 0:
                continue
            z = rows[z]
            if kn[c] >> seat & 1:
                slot = known_at[z].get(face[c])
                if slot is not None:      # always, as moves are typed by what a zone holds
                    known[slot] += 1
                for i, name in enumerate(names):
                    cvars[c, i] = encode(g.cvars[name][c])
            else:
                unseen[z, tix[c]] += 1
        for s in range(g.n):
            for i, (store, k) in enumerate(self.seat_var_names):
                parts["seat_vars"][s, i] = encode(getattr(g, store)[k][s])
        stores = {"turn": g.tvars, "hand": g.hvars, "match": g.mvars}
        for i, (scope, k) in enumerate(self.var_names):
            parts["vars"][i] = encode(stores[scope].get(k))
        scores = game.scores()
        parts["scores"][:len(scores)] = scores
