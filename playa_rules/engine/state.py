"""The state of one game: every component's place, what each seat knows, variables, flow.

Plain lists indexed by integers, so that compiled rules run fast and a copy (for
search agents) is a handful of list copies. Only four primitives change where
components are and who knows them: :meth:`move`, :meth:`reveal` (done inline by the
effect), :meth:`shuffle` and :meth:`roll`.

Chance goes through one door, :meth:`decide` (see :mod:`.chance`): an outcome queued by
the caller (explicit chance, a replay), else the seeded generator, else (explicit mode)
the flow stops with :class:`~.chance.NeedChance`. A shuffled hidden zone keeps its order
undecided (``mix``: zone -> [lo, hi), the undecided slice of its list) until a position
in it is read: :meth:`settle_top`, :meth:`settle_bottom`, :meth:`settle_all`.
"""

from __future__ import annotations

import random

from ..compiler.model import Model
from ..errors import IllegalAction
from .chance import NeedChance, Node, choice_node, draw_node, roll_node, rolls

# flow modes
HAND_START, PHASE_START, TURN_START, STEP_ENTER, DECIDE, HAND_END, OVER = range(7)


class State:
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

    # ------------------------------------------------------------ chance
    def decide(self, node):
        """The pick of a chance node: a queued outcome, else the generator, else (explicit) stop."""
        options = node.options
        if len(options) == 1:
            return options[0][2]  # nothing to decide: not a chance event
        q = self.queue
        if q is not None and self.qi < len(q):
            oid = q[self.qi]
            self.qi += 1
            for opt in options:
                if opt[0] == oid:
                    break
            else:  # a replayed log that does not fit: not the rules' fault, so no GameRuntimeError
                exc = IllegalAction(
                    f"chance outcome {oid!r} is not possible here (a {node.kind}; possible: "
                    f"{', '.join(str(o[0]) for o in options[:8])}{', ...' if len(options) > 8 else ''})",
                    action=oid,
                )
                exc.chance_index = self.nchance  # which chance event of the log it is (engine.replay)
                raise exc
        elif self.explicit:
            raise NeedChance(node)
        else:
            r = (self.own_rng() if self.rng_shared else self.rng).randrange(node.total)
            for opt in options:
                r -= opt[1]
                if r < 0:
                    break
        self.log.append(["chance", node, opt[0], None, opt[2]])  # the mask is filled in by the game
        self.nchance += 1
        return opt[2]

    def _draw(self, z: int, items, lo: int, hi: int, end: str) -> int:
        """The component drawn at one end of the undecided slice ``items[lo:hi]`` of zone ``z``.

        Sampled play takes the same odds as :meth:`decide` on a ``draw_node`` (a face
        weighted by its count, then the lowest id of that face) without building the node.
        """
        if self.explicit or self.queue is not None:
            return self.decide(draw_node(self.m, z, items, lo, hi, end))
        face = self.m.face
        f = face[items[lo]]
        for i in range(lo + 1, hi):
            if face[items[i]] != f:
                break
        else:  # every undecided component looks the same: nothing to decide
            return min(items[lo:hi])
        f = face[items[lo + (self.own_rng() if self.rng_shared else self.rng).randrange(hi - lo)]]
        alike = [x for x in items[lo:hi] if face[x] == f]
        n, first = len(alike), min(alike)
        self.log.append(["chance", Node("draw", (z, end), [(f, n, first)], hi - lo), f, None, first])
        self.nchance += 1
        return first

    def chance_choice(self, texts: list) -> int:
        """A random one of ``len(texts)`` options, each equally likely (a chance event)."""
        return self.decide(choice_node(self.m, texts))

    def settle_top(self, z: int) -> None:
        """Decide which component is on top of zone ``z`` if that is still undecided."""
        if self.mix[z][1] == len(self.zones[z]):  # else the top was put there after the shuffle
            self._settle_high(z)

    def settle_bottom(self, z: int, k: int = 1) -> None:
        """Decide which components are in the bottom ``k`` places of zone ``z`` where still undecided."""
        items = self.zones[z]
        while self.mix[z] is not None and self.mix[z][0] < k:
            lo, hi = self.mix[z]
            c = self._draw(z, items, lo, hi, "bottom")
            i = items.index(c, lo, hi)
            items[i], items[lo] = items[lo], c
            self._shrink(z, lo + 1, hi)

    def settle_all(self, z: int) -> None:
        """Decide the whole order of zone ``z`` (something reads more than its ends)."""
        while self.mix[z] is not None:
            self._settle_high(z)

    def _settle_high(self, z: int) -> None:
        """Decide the highest undecided position of zone ``z``."""
        lo, hi = self.mix[z]
        items = self.zones[z]
        c = self._draw(z, items, lo, hi, "top")
        i = items.index(c, lo, hi)
        items[i], items[hi - 1] = items[hi - 1], c
        self._shrink(z, lo, hi - 1)

    def _shrink(self, z: int, lo: int, hi: int) -> None:
        if hi - lo > 1:
            self.mix[z] = (lo, hi)
        else:
            self.mix[z] = None

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
        if not faces:
            self.cvars["face"][c] = None
        elif self.explicit or self.queue is not None:
            self.cvars["face"][c] = self.decide(roll_node(self.m, c))
        else:  # sampled: a uniform face, logged as the outcome decide would log
            v, node = rolls(self.m, c)[
                (self.own_rng() if self.rng_shared else self.rng).randrange(len(faces))
            ]
            if node is not None:
                self.log.append(["chance", node, node.options[0][0], None, v])
                self.nchance += 1
            self.cvars["face"][c] = v
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

    def copy(self) -> State:
        """An independent copy (the random generator included)."""
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
        s.mode, s.end, s.turn_order, s.explicit, s.queue, s.qi, s.nchance = (
            self.mode,
            self.end,
            self.turn_order,
            self.explicit,
            self.queue,
            self.qi,
            self.nchance,
        )
        s.zones = list(map(list.copy, self.zones))
        s.loc = self.loc[:]
        s.known = self.known[:]
        s.cvars = dict(zip(self.cvars, map(list.copy, self.cvars.values())))
        s.pvars = {k: v[:] for k, v in self.pvars.items()}
        s.pmvars = {k: v[:] for k, v in self.pmvars.items()}
        s.tvars = dict(self.tvars)
        s.hvars = dict(self.hvars)
        s.mvars = dict(self.mvars)
        s.plet = dict(self.plet)
        s.won = list(self.won)
        s.hand_scores = [h[:] for h in self.hand_scores]
        s.score_detail = list(self.score_detail)
        s.rng_shared = self.rng_shared = True  # the generator is copied by whichever draws first
        s.mix = self.mix[:]  # its ranges are tuples: shared safely
        s.log = list(self.log)
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

    @property
    def rng(self) -> random.Random:
        """The seeded generator, made from ``seed`` when first asked for (a generator seeded
        and never drawn from gives what a fresh one gives, so making it late changes nothing)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng

    def own_rng(self) -> random.Random:
        """The random generator, made this state's own first if a copy shares it: copying
        its state costs half a clone, and a clone that never draws (a search that only
        reads, a game with no chance left) need not pay it."""
        if self._rng is None:  # never drawn from: this state's own, from the seed
            self.rng_shared = False
            return self.rng
        rng = random.Random.__new__(random.Random)  # not Random(): that seeds from the OS first
        rng.setstate(self._rng.getstate())
        self.rng, self.rng_shared = rng, False
        return rng

    # ------------------------------------------------------------ pickling
    _REBUILT = ("m", "vis", "zowner", "auto")

    def __getstate__(self) -> dict:
        """Plain data: the model and the automata are the rule set's and come back with it."""
        out = {k: getattr(self, k) for k in State.__slots__ if k not in State._REBUILT}
        out["auto"] = tuple(None if a is None else a.id for a in self.auto)
        return out

    def __setstate__(self, data: dict) -> None:
        self.rng_shared = False  # a state pickled before this slot existed
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
