"""The state of one game: every component's place, what each seat knows, variables, flow.

Plain lists indexed by integers, so that compiled rules run fast and a copy (for
search agents) is a handful of list copies. Only four primitives change where
components are and who knows them: :meth:`move`, :meth:`reveal` (done inline by the
effect), :meth:`shuffle` and :meth:`roll`.

Chance goes through one door, :meth:`decide`, with the undecided order of shuffled zones
(``mix``): the part of the state in :mod:`.decide`.
"""

from __future__ import annotations

from ..compiler.model import Model
from .chance import roll_node, rolls
from .decide import Chance

# flow modes
HAND_START, PHASE_START, TURN_START, STEP_ENTER, DECIDE, HAND_END, OVER = range(7)


class State(Chance):
    """Everything about one game in progress."""

    __slots__ = (
        "m",
        "n",
        "all_seats",
        "zones",
        "loc",
        "known",
        "cvars",
        "pvars",
        "pmvars",
        "tvars",
        "hvars",
        "mvars",
        "_rng",
        "seed",
        "hand",
        "hands",
        "start",
        "phase_i",
        "phase_id",
        "plet",
        "turn_k",
        "round",
        "seat",
        "step_i",
        "mode",
        "end",
        "won",
        "hand_scores",
        "score_detail",
        "vis",
        "zowner",
        "turn_order",
        "auto",
        "mix",
        "explicit",
        "queue",
        "qi",
        "log",
        "nchance",
        "rng_shared",
        "sim",
    )

    def __init__(self, model: Model, players: int, seed, explicit: bool = False):
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
        self._rng = None  # made from the seed when first drawn from (see rng): most games of
        # a board game, and every clone that never draws, need not seed a generator
        self.rng_shared = False  # rng is shared with a copy: take one's own before drawing
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
        self.auto = (None,) * players  # per seat: None for a person, or the automaton playing it
        self.mix = [None] * model.zone_count  # per zone: None, or (lo, hi) the slice whose order is undecided
        self.explicit = explicit
        self.queue = None  # outcome ids to take before anything else (explicit chance, replays)
        self.qi = 0
        self.log = []  # the game's internal log (see engine.log)
        self.nchance = 0  # chance events logged so far
        self.sim = None  # a simultaneous step's sealed choices, while pending (engine.sealed)

    # ------------------------------------------------------------ primitives
    def move(self, c: int, z: int) -> None:
        """Move component ``c`` on top of zone ``z``; seats that can see ``z`` learn its face."""
        src = self.loc[c]
        if src >= 0:
            if self.mix[src] is not None:
                items = self.zones[src]
                i = items.index(c)
                del items[i]
                lo, hi = self.mix[src]
                if i < lo:
                    self._shrink(src, lo - 1, hi - 1)
                elif i < hi:
                    self._shrink(src, lo, hi - 1)
            else:
                self.zones[src].remove(c)
        self.zones[z].append(c)
        self.loc[c] = z
        vis = self.vis[z]
        if vis == "public":
            self.known[c] = self.all_seats
        elif vis == "owner":
            self.known[c] |= 1 << self.zowner[z]

    def move_bottom(self, c: int, z: int) -> None:
        """Move component ``c`` under the pile of zone ``z`` (position 0): :meth:`move`, then from
        the top to the bottom; an undecided slice of ``z`` moves up one place."""
        self.move(c, z)
        items = self.zones[z]
        items.insert(0, items.pop())
        mix = self.mix[z]
        if mix is not None:
            self.mix[z] = (mix[0] + 1, mix[1] + 1)

    def move_top(self, z: int, dest: int) -> None:
        """Move the top component of the non-empty zone ``z`` on top of zone ``dest``, deciding
        it first if a shuffle left it undecided: :meth:`settle_top` then :meth:`move` with
        fewer calls (a deal takes many), the same state, log and chance."""
        items = self.zones[z]
        mix = self.mix[z]
        if mix is not None and mix[1] == len(items):  # the top is undecided: draw it
            self._settle_high(z)
        self.move(items[-1], dest)

    def shuffle(self, z: int) -> None:
        """Shuffle zone ``z``; faces hidden in it are forgotten by everyone.

        Nothing is decided yet: the order becomes undecided, and each position is decided
        (a chance event) when something reads it. The order of a zone someone can see is
        decided at once, position by position from the top.
        """
        items = self.zones[z]
        vis = self.vis[z]
        if vis == "hidden":
            for c in items:
                self.known[c] = 0
        elif vis == "owner":
            bit = 1 << self.zowner[z]
            for c in items:
                self.known[c] = bit
        items.sort()  # the undecided part is kept in a canonical order: nothing in it tells where a card was
        self._shrink(z, 0, len(items))
        if vis != "hidden":
            self.settle_all(z)

    def roll(self, c: int) -> None:
        """Component ``c`` shows a random one of its faces, known to the seats its zone shows it to.

        A new face is news: seats that knew the old one (a die revealed earlier) do not
        know this one unless its zone is public or theirs.
        """
        faces = self.m.props["faces"][c]
        z = self.loc[c]
        if not faces:
            self.cvars["face"][c] = None
        elif self.explicit or self.queue is not None:
            n = self.nchance
            self.cvars["face"][c] = self.decide(roll_node(self.m, c))
            if self.nchance != n:  # logged: where the die was, to name it to seats that do not know it
                self.log[-1].append(z)
        else:  # sampled: a uniform face, logged as the outcome decide would log
            v, node = rolls(self.m, c)[
                (self.own_rng() if self.rng_shared else self.rng).randrange(len(faces))
            ]
            if node is not None:
                self.log.append(["chance", node, node.options[0][0], None, v, z])
                self.nchance += 1
            self.cvars["face"][c] = v
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
        self.mix = [None] * len(self.zones)
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

    def reseed(self, seed) -> None:
        """Draw from now on from a generator seeded with ``seed``, made when first drawn from
        (as a new game's: a world that never draws seeds none)."""
        self.seed, self._rng, self.rng_shared = seed, None, False

    def copy(self, log: bool = True) -> State:
        """An independent copy (the random generator included); ``log=False`` leaves its log
        empty (a world, which starts a log of its own)."""
        s = State.__new__(State)
        # what a copy shares (_SHARED), stored slot by slot: a loop of setattr costs three times more
        s.m, s.n, s.all_seats, s._rng, s.seed, s.vis, s.zowner, s.auto = (
            self.m,
            self.n,
            self.all_seats,
            self._rng,
            self.seed,
            self.vis,
            self.zowner,
            self.auto,
        )
        s.hand, s.hands, s.start, s.phase_i, s.phase_id, s.turn_k, s.round, s.seat, s.step_i = (
            self.hand,
            self.hands,
            self.start,
            self.phase_i,
            self.phase_id,
            self.turn_k,
            self.round,
            self.seat,
            self.step_i,
        )
        s.mode, s.end, s.turn_order, s.explicit, s.queue, s.qi, s.nchance, s.sim = (
            self.mode,
            self.end,
            self.turn_order,
            self.explicit,
            self.queue,
            self.qi,
            self.nchance,
            self.sim,  # a tuple: shared safely
        )
        s.zones = list(map(list.copy, self.zones))
        s.loc = self.loc[:]
        s.known = self.known[:]
        # (a comprehension costs a call: an empty mapping or list is copied without one)
        s.cvars = {k: v[:] for k, v in self.cvars.items()} if self.cvars else {}
        s.pvars = {k: v[:] for k, v in self.pvars.items()} if self.pvars else {}
        s.pmvars = {k: v[:] for k, v in self.pmvars.items()} if self.pmvars else {}
        s.tvars = self.tvars.copy()
        s.hvars = self.hvars.copy()
        s.mvars = self.mvars.copy()
        s.plet = self.plet.copy()
        s.won = self.won[:]
        s.hand_scores = [h[:] for h in self.hand_scores] if self.hand_scores else []
        s.score_detail = self.score_detail[:]
        s.rng_shared = self.rng_shared = True  # the generator is copied by whichever draws first
        s.mix = self.mix[:]  # its ranges are tuples: shared safely
        s.log = list(self.log) if log else []
        return s

    _COPIED = (
        "zones",
        "loc",
        "known",
        "cvars",
        "pvars",
        "pmvars",
        "tvars",
        "hvars",
        "mvars",
        "plet",
        "won",
        "hand_scores",
        "score_detail",
        "rng_shared",
        "mix",
        "log",
    )  # what copy() copies itself

    # ------------------------------------------------------------ pickling
    _REBUILT = ("m", "vis", "zowner", "auto")

    def __getstate__(self) -> dict:
        """Plain data: the model and the automata are the rule set's and come back with it."""
        out = {k: getattr(self, k) for k in State.__slots__ if k not in State._REBUILT}
        out["auto"] = tuple(None if a is None else a.id for a in self.auto)
        return out

    def __setstate__(self, data: dict) -> None:
        self.rng_shared = False  # a state pickled before this slot existed
        self.sim = None  # ... or this one
        for k, v in data.items():
            setattr(self, k, v)

    def attach(self, program) -> State:
        """Reconnect an unpickled state to its rule set's program."""
        m = self.m = program.model
        self.vis, self.zowner = m.zone_vis, m.zone_owner
        by_id = {a.id: a for a in program.automata}
        self.auto = tuple(None if a is None else by_id[a] for a in self.auto)
        return self

    def in_play(self) -> list[int]:
        """The components of this game (those of absent seats excluded)."""
        m = self.m
        return [c for c in range(m.component_count) if m.owner[c] is None or m.owner[c] < self.n]


_SHARED = tuple(name for name in State.__slots__ if name not in State._COPIED)  # what a copy shares
