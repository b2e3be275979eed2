"""The state of one game: every component's place, what each seat knows, variables, flow.

Plain lists indexed by integers, so that compiled rules run fast and a copy (for
search agents) is a handful of list copies. Only four primitives change where
components are and who knows them: :meth:`move`, :meth:`reveal` (done inline by the
effect), :meth:`shuffle` and :meth:`roll`.
"""
from __future__ import annotations

import random

from ..compiler.model import Model

# flow modes
HAND_START, PHASE_START, TURN_START, STEP_ENTER, DECIDE, HAND_END, OVER = range(7)


class State:
    """Everything about one game in progress."""

    __slots__ = ("m", "n", "all_seats", "zones", "loc", "known", "cvars", "pvars", "pmvars", "tvars",
                 "hvars", "mvars", "rng", "seed", "hand", "hands", "start", "phase_i", "phase_id",
                 "plet", "turn_k", "round", "seat", "step_i", "mode", "end", "won", "hand_scores",
                 "score_detail", "vis", "zowner", "turn_order", "auto")

    def __init__(self, model: Model, players: int, seed):
        m = self.m = model
        self.n = players
        self.all_seats = (1 << players) - 1
        self.zones = [[] for _ in range(m.zone_count)]
        self.loc = [-1] * m.component_count
        self.known = [0] * m.component_count
        self.cvars = {name: [init] * m.component_count for name, (_, init) in m.cvars.items()}
        self.pvars = {k: [v] * players for k, v in m.variables.get("player", {}).items()}
        self.pmvars = {k: [v] * players for k, v in m.variables.get("player_match", {}).items()}
        self.tvars = dict(m.variables.get("turn", {}))
        self.hvars = dict(m.variables.get("hand", {}))
        self.mvars = dict(m.variables.get("match", {}))
        self.seed = seed
        self.rng = random.Random(seed)
        self.hand = 0
        self.hands = 1
        self.start = 0
        self.phase_i = 0
        self.phase_id = ""
        self.plet = {}
        self.turn_k = 0
        self.round = 1
        self.seat = None
        self.step_i = 0
        self.mode = HAND_START
        self.end = None
        self.won = []
        self.hand_scores = []
        self.score_detail = []
        self.vis = m.zone_vis
        self.zowner = m.zone_owner
        self.turn_order = None
        self.auto = (None,) * players   # per seat: None for a person, or the automaton playing it

    # ------------------------------------------------------------ primitives
    def move(self, c: int, z: int) -> None:
        """Move component ``c`` on top of zone ``z``; seats that can see ``z`` learn its face."""
        src = self.loc[c]
        if src >= 0:
            self.zones[src].remove(c)
        self.zones[z].append(c)
        self.loc[c] = z
        vis = self.vis[z]
        if vis == "public":
            self.known[c] = self.all_seats
        elif vis == "owner":
            self.known[c] |= 1 << self.zowner[z]

    def shuffle(self, z: int) -> None:
        """Shuffle zone ``z``; faces hidden in it are forgotten by everyone."""
        items = self.zones[z]
        self.rng.shuffle(items)
        vis = self.vis[z]
        if vis == "hidden":
            for c in items:
                self.known[c] = 0
        elif vis == "owner":
            bit = 1 << self.zowner[z]
            for c in items:
                self.known[c] = bit

    def roll(self, c: int) -> None:
        """Component ``c`` shows a random one of its faces, known to the seats its zone shows it to.

        A new face is news: seats that knew the old one (a die revealed earlier) do not
        know this one unless its zone is public or theirs.
        """
        faces = self.m.props["faces"][c]
        self.cvars["face"][c] = faces[self.rng.randrange(len(faces))] if faces else None
        z = self.loc[c]
        vis = self.vis[z] if z >= 0 else "hidden"
        self.known[c] = self.all_seats if vis == "public" else (1 << self.zowner[z] if vis == "owner" else 0)

    def reset_components(self) -> None:
        """Put every component of the seats in play back where it starts a hand."""
        m = self.m
        n = self.n
        start = m.hand_starts.get(n)
        if start is None:
            start = m.hand_starts[n] = self._hand_start()
        for z in self.zones:
            z.clear()
        zones = self.zones
        for z, comps in start[0]:
            zones[z].extend(comps)
        self.loc[:] = start[1]
        self.known[:] = start[2]
        for name, (_, init) in m.cvars.items():
            if name in m.match_cvars and self.hand > 0:
                continue
            store = self.cvars[name]
            store[:] = [init] * len(store)
        for k, v in m.variables.get("player", {}).items():
            self.pvars[k] = [v] * n
        self.hvars = dict(m.variables.get("hand", {}))

    def _hand_start(self) -> tuple:
        """Where every component starts a hand with this many players: (zone contents, loc, known)."""
        m, n, vis, zowner, full = self.m, self.n, self.vis, self.zowner, self.all_seats
        contents: dict = {}
        loc, known = [-1] * m.component_count, [0] * m.component_count
        for c in range(m.component_count):
            owner = m.owner[c]
            z = m.start_zone[c]
            if (owner is not None and owner >= n) or z < 0:
                continue
            contents.setdefault(z, []).append(c)
            loc[c] = z
            v = vis[z]
            known[c] = full if v == "public" else (1 << zowner[z] if v == "owner" else 0)
        return list(contents.items()), loc, known

    def copy(self) -> "State":
        """An independent copy (the random generator included)."""
        s = State.__new__(State)
        for name in State.__slots__:
            setattr(s, name, getattr(self, name))
        s.zones = [z[:] for z in self.zones]
        s.loc = self.loc[:]
        s.known = self.known[:]
        s.cvars = {k: v[:] for k, v in self.cvars.items()}
        s.pvars = {k: v[:] for k, v in self.pvars.items()}
        s.pmvars = {k: v[:] for k, v in self.pmvars.items()}
        s.tvars = dict(self.tvars)
        s.hvars = dict(self.hvars)
        s.mvars = dict(self.mvars)
        s.plet = dict(self.plet)
        s.won = list(self.won)
        s.hand_scores = [h[:] for h in self.hand_scores]
        s.score_detail = list(self.score_detail)
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        return s

    def in_play(self) -> list[int]:
        """The components of this game (those of absent seats excluded)."""
        m = self.m
        return [c for c in range(m.component_count) if m.owner[c] is None or m.owner[c] < self.n]
