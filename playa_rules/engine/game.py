"""A game in progress: the turn structure, legal actions, apply, scoring, the log.

The flow is a small state machine (hand -> phase -> turn -> step -> decision)
driven by the compiled program. It runs on until a seat has a decision to make
or the match is over, so ``legal_actions()`` is never empty while the game goes on.
"""
from __future__ import annotations

import itertools

from ..errors import GameRuntimeError, IllegalAction, PlayaRulesError
from ..compiler.program import Program
from . import automata as _automata
from . import chance as _chance
from . import view as _view
from .chance import CHANCE, NeedChance
from .log import event as _event
from .resolve import resolve
from .log import mask as _mask
from .actions import Legal
from .plans import plan_of
from .state import DECIDE, HAND_END, HAND_START, OVER, PHASE_START, STEP_ENTER, TURN_START, State

_RUNTIME_ERRORS = (TypeError, IndexError, KeyError, ValueError, ZeroDivisionError, AttributeError,
                   RecursionError)
_TOKENS = itertools.count()
MAX_STEPS = 1_000_000  # flow transitions without a decision before the engine gives up
_NO_ACTIONS = Legal()  # while the flow runs, and once the game is over


CHANCE_MODES = ("sample", "explicit")


class Game:
    """One match of a rule set for a number of players, from a seed.

    ``chance="sample"`` draws every chance event from the seeded generator;
    ``chance="explicit"`` stops at each one (``is_chance``) until an outcome is applied.
    """

    def __init__(self, rules, players: int, seed=None, chance: str = "sample", *,
                 _state: State | None = None, _queue: list | None = None):
        self.rules = rules
        self.program: Program = rules.program
        self.m = self.program.model
        self._legal = Legal()
        self._by_text: dict | None = None
        self._stamp = 0
        self._token = next(_TOKENS)  # unique per game object, never reused
        self._segment = None   # explicit chance: (state at the segment's start, what it runs, outcomes)
        self._node = None      # the chance node waiting for an outcome
        self._masked = 0       # log entries before this have their knowledge masks
        self._log_json: list = []
        if _state is not None:
            self.g = _state
            self._log = _state.log
            return
        if chance not in CHANCE_MODES:
            raise PlayaRulesError(f"chance is 'sample' or 'explicit', not {chance!r}")
        seats = _automata.seats_of(self.program, players)
        self.g = State(self.m, len(seats), seed, explicit=chance == "explicit")
        self.g.auto = seats
        self._log = self.g.log
        self._log.append(("start", rules.id, players, seed))
        g = self.g
        g.queue = _queue
        e = {"me": 0}
        try:
            g.hands = self.program.hands(g, e)
            g.start = self.program.first_start(g, e) % players
        except _RUNTIME_ERRORS as exc:
            raise GameRuntimeError(f"the match settings could not be evaluated: {exc}") from None
        g.mode = HAND_START
        self._begin(None)

    # ------------------------------------------------------------ public API
    @property
    def players(self) -> int:
        """How many seats play."""
        return self.g.n

    @property
    def current_player(self):
        """The seat to act, ``CHANCE`` (-1) at a chance node, or None once the match is over."""
        if self._node is not None:
            return CHANCE
        return None if self.g.mode == OVER else self.g.seat

    @property
    def is_chance(self) -> bool:
        """Whether the game waits for the outcome of a chance event (explicit chance only)."""
        return self._node is not None

    @property
    def chance_mode(self) -> str:
        """'sample' or 'explicit'."""
        return "explicit" if self.g.explicit else "sample"

    def chance_outcomes(self) -> list:
        """At a chance node, ``[(outcome, probability)]``: probabilities are Fractions summing to 1."""
        if self._node is None:
            return []
        return _chance.outcomes(self.m, self._node)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.g.mode == OVER

    def legal_actions(self) -> Legal:
        """The legal actions of the seat to act, a read-only list (empty once over)."""
        return self._legal

    def apply(self, action) -> None:
        """Apply an action (or at a chance node an outcome), its text or its integer id.

        Raises IllegalAction if it is not legal now.
        """
        if self._node is not None:
            oid = _chance.resolve_outcome(self, action)
            snap, what, taken = self._segment
            taken.append(oid)
            self._resume()
            return
        a = resolve(self, action)
        self._begin(a)

    # ------------------------------------------------------------ segments and chance
    def _begin(self, a) -> None:
        """Run from a decision (or the start) to the next one: ``a`` the action taken, or None."""
        if not self.g.explicit:
            self._segment_run(a)
            self._mask_chance()
            return
        self._segment = (self.g.copy(), a, [])
        self._resume()

    def _segment_run(self, a) -> None:
        if a is None or not self._perform(a):
            self._run()

    def _resume(self) -> None:
        """(Re)run the current segment from its start, taking the outcomes chosen so far.

        The flow cannot stop in the middle of an effect, so a chance event met without an
        outcome rewinds: the segment runs again from its start with one more outcome queued.
        """
        snap, a, taken = self._segment
        g = self.g = snap.copy()
        self._log = g.log
        g.queue = (g.queue[g.qi:] if g.queue else []) + taken  # what a replay still queues comes first
        g.qi = 0
        try:
            self._segment_run(a)
        except NeedChance as need:
            self._node = need.node  # the state stays as the segment left it, for views
            self._legal = _NO_ACTIONS
            return
        self._node = None
        self._segment = None
        g.queue = g.queue[g.qi:] or None
        g.qi = 0
        self._mask_chance()

    def _mask_chance(self) -> None:
        """Record who knows each chance outcome of the last segment, for log_for."""
        log, g = self._log, self.g
        for i in range(self._masked, len(log)):
            ev = log[i]
            if ev[0] == "chance" and ev[3] is None:
                node = ev[1]
                if node.kind == "draw":
                    ev[3] = g.known[ev[4]]
                elif node.kind == "roll":
                    ev[3] = g.known[node.subject]
                else:
                    ev[3] = -1
        self._masked = len(log)

    def _perform(self, a) -> bool:
        """Run an action; True when the same seat decides again (a repeat step), legal actions set."""
        g = self.g
        d = a.defn
        e = {"me": g.seat}
        for key, f in d.lets:
            e[key] = f(g, e)
        for p, v in zip(d.params, a.values):
            e[p.key] = v
        entry = ["act", g.seat, a, None]
        self._log.append(entry)
        try:
            d.effect(g, e)
        except _RUNTIME_ERRORS as exc:
            raise GameRuntimeError(f"action '{a.text_with(self.m)}' failed: {exc}") from None
        if d.hides:  # who knew the faces named by the action, just after it: for log_for(seat)
            entry[3] = tuple([_mask(g.known, p, v) for p, v in zip(d.params, a.values)])
        step = self.program.phases[g.phase_i].steps[g.step_i]
        if g.end is not None:
            pass  # _run handles it, inside the runtime-error guard
        elif step.free and d in step.free and d not in step.actions:  # a free action: same step, decide again
            legal = self._step_legal(step)
            if legal:
                self._set_legal(legal)
                return True
            self._blocked(step)
        elif step.repeat:
            legal = self._step_legal(step)
            if legal:
                self._set_legal(legal)
                return True
            g.step_i += 1
            g.mode = STEP_ENTER
        else:
            g.step_i += 1
            g.mode = STEP_ENTER
        return False

    def scores(self) -> list[int]:
        """Points per seat for the match so far (hands added up, or the rules' ``match.points``)."""
        fn = self.program.match_points
        if fn is not None:
            try:
                return [fn(self.g, {"me": s}) for s in range(self.g.n)]
            except _RUNTIME_ERRORS as exc:
                raise GameRuntimeError(f"match points failed: {exc}") from None
        return [sum(h[s] for h in self.g.hand_scores) for s in range(self.g.n)]

    @property
    def automata(self) -> list[int]:
        """The seats the rules play themselves (automata), never offering a decision."""
        return [s for s, auto in enumerate(self.g.auto) if auto is not None]

    @property
    def hand_scores(self) -> list[list[int]]:
        """Points per seat of each finished hand."""
        return [h[:] for h in self.g.hand_scores]

    def winners(self) -> list[int]:
        """The seats leading (the winners once the match is over): most points, then tie-breaks."""
        g = self.g
        if g.won:  # 'win none' records None: the match ended with no winning seat
            return sorted({s for s in g.won if s is not None})
        totals = self.scores()
        able = [s for s in range(g.n) if g.auto[s] is None or g.auto[s].can_win]
        best = max(totals[s] for s in able)
        tied = [s for s in able if totals[s] == best]
        for tid, _, fn in self.program.tie_breaks:
            if len(tied) < 2:
                break
            try:
                vals = {s: fn(g, {"me": s}) for s in tied}
            except _RUNTIME_ERRORS as exc:
                raise GameRuntimeError(f"tie-break '{tid}' failed: {exc}") from None
            top = max(vals.values())
            tied = [s for s in tied if vals[s] == top]
        return tied

    def view(self, seat) -> dict:
        """What ``seat`` may know, as JSON-serialisable data; ``view(None)`` shows everything."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.g.n):
            raise IllegalAction(f"no seat {seat!r}: seats are 0 to {self.g.n - 1} (or None for everything)")
        return _view.view(self, seat)

    @property
    def hands(self) -> int:
        """How many hands the match has."""
        return self.g.hands

    @property
    def log(self) -> list[dict]:
        """Every event so far, as JSON-serialisable dicts (the full, omniscient record).

        Events: ``start``, ``hand``, ``phase``, ``turn``, ``chance`` (a chance event and
        its outcome), ``action``, ``blocked``, ``score`` and ``end``. The list returned is
        a copy; reading it again only converts the events added since.
        """
        done = self._log_json
        if len(done) > len(self._log):  # rewound to the start of a segment (explicit chance)
            del done[len(self._log):]
        for ev in self._log[len(done):]:
            done.append(_event(self, ev))
        return list(done)

    def log_for(self, seat: int) -> list[dict]:
        """The events as ``seat`` saw them: faces it did not know are shown as their type.

        No seed, and no integer id for an action that names a face the seat did not
        know at the time (ids encode faces): nothing here tells a seat more than its views.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.g.n:
            raise IllegalAction(f"no seat {seat!r}: seats are 0 to {self.g.n - 1}")
        return [_event(self, ev, seat) for ev in self._log]

    def sample_world(self, seat: int, rng=None, chance: str = "sample") -> "Game":
        """An independent game consistent with all ``seat`` knows, the rest redrawn (engine.worlds).

        ``rng`` is a ``random.Random`` (or a seed); the world draws its own future chance
        from it (``chance="sample"``) or stops at chance nodes (``"explicit"``).
        """
        from .worlds import sample_world
        return sample_world(self, seat, rng, chance)

    def clone(self) -> "Game":
        """An independent copy of this game (cheap: for search agents)."""
        other = Game(self.rules, self.g.n, _state=self.g.copy())
        other._log_json = list(self._log_json)
        other._masked = self._masked
        if self._node is not None:
            snap, a, taken = self._segment
            other._segment = (snap, a, list(taken))
            other._node = self._node
            other._legal = _NO_ACTIONS
        elif other.g.mode == DECIDE:
            other._set_legal(other._current_legal())
        return other

    # ------------------------------------------------------------ pickling
    def __getstate__(self) -> dict:
        """A game pickles as its rule set (by source), its state and its log; it continues identically."""
        seg = self._segment
        return {"rules": self.rules, "g": self.g, "node": self._node, "masked": self._masked,
                "segment": None if seg is None else (seg[0], seg[1], list(seg[2]))}

    def __setstate__(self, data: dict) -> None:
        rules = data["rules"]
        self.__init__(rules, data["g"].n, _state=data["g"].attach(rules.program))
        self._masked = data["masked"]
        if data["segment"] is not None:
            snap, a, taken = data["segment"]
            self._segment = (snap.attach(rules.program), a, taken)
        self._node = data["node"]
        if self._node is None and self.g.mode == DECIDE:
            self._set_legal(self._current_legal())

    # ------------------------------------------------------------ flow
    def _generate(self, defs, out: Legal | None = None) -> Legal:
        g = self.g
        if out is None:
            out = Legal((self._token, self._stamp + 1))
        try:
            for d in defs:
                (d.plan or plan_of(d))(g, g.seat, out)
        except _RUNTIME_ERRORS as exc:
            raise GameRuntimeError(f"could not list the legal actions (step "
                                   f"'{self.program.phases[g.phase_i].steps[g.step_i].id}'): {exc}") from None
        return out

    def _set_legal(self, legal: Legal) -> None:
        self._stamp += 1
        self._legal = legal
        self._by_text = None
        self.g.mode = DECIDE

    def _step_legal(self, step) -> Legal:
        """A step's legal actions; its fallback actions only when none of the others is legal.

        Its free actions join them, unless nothing else is legal (then the step is blocked).
        """
        legal = self._generate(step.actions)
        if not legal and step.fallback:
            legal = self._generate(step.fallback)
        if legal and step.free:
            self._generate(step.free, legal)
        return legal

    def _blocked(self, step) -> None:
        """No action of the step is legal: log it, run its on_blocked, go on to the next step."""
        g = self.g
        self._log.append(("blocked", g.seat, step.id))
        if step.on_blocked is not None:
            step.on_blocked(g, {"me": g.seat})
        g.step_i += 1
        g.mode = STEP_ENTER

    def _current_legal(self) -> Legal:
        return self._step_legal(self.program.phases[self.g.phase_i].steps[self.g.step_i])

    def _handle_end(self) -> None:
        g = self.g
        what, g.end = g.end, None
        if what == "step":
            g.step_i += 1
            g.mode = STEP_ENTER
        elif what == "turn":
            g.turn_k += 1
            g.mode = TURN_START
        elif what == "phase":
            self._next_phase()
        elif what == "hand":
            g.mode = HAND_END
        else:
            self._score_hand()
            self._finish()

    def _run(self) -> None:
        try:
            self._flow()
        except _RUNTIME_ERRORS as exc:
            raise GameRuntimeError(f"the rules failed in phase '{self.g.phase_id}': {exc}") from None

    def _flow(self) -> None:
        g = self.g
        prog = self.program
        self._legal = _NO_ACTIONS
        for _ in range(MAX_STEPS):
            mode = g.mode
            if g.end is not None:
                self._handle_end()
                continue
            if mode == STEP_ENTER:
                phase = prog.phases[g.phase_i]
                if g.step_i >= len(phase.steps):
                    g.turn_k += 1
                    g.mode = TURN_START
                    continue
                step = phase.steps[g.step_i]
                if step.effect is not None:
                    step.effect(g, {"me": g.seat})
                    if g.end is not None:
                        continue
                if not step.actions and not step.fallback:
                    g.step_i += 1
                    continue
                legal = self._step_legal(step)
                if legal:
                    self._set_legal(legal)
                    auto = g.auto[g.seat]
                    if auto is None:
                        return
                    while self._perform(_automata.choose(self, auto)):
                        pass
                    continue
                self._blocked(step)
            elif mode == TURN_START:
                self._start_turn(prog.phases[g.phase_i])
            elif mode == PHASE_START:
                self._start_phase()
            elif mode == HAND_START:
                self._start_hand()
            elif mode == HAND_END:
                self._score_hand()
                g.hand += 1
                if g.hand >= g.hands or (prog.end_when is not None and prog.end_when(g, {"me": g.start})):
                    self._finish()
                    return
                g.start = (prog.next_start(g, {"me": g.start}) if prog.next_start else g.start + prog.rotate) % g.n
                g.mode = HAND_START
            elif mode == OVER:
                return
            else:
                return
        raise GameRuntimeError(f"the rules ran {MAX_STEPS} steps without a decision: is a phase endless?")

    def _start_hand(self) -> None:
        g = self.g
        g.reset_components()
        g.phase_i = 0
        self._log.append(("hand", g.hand + 1, g.start))
        self.program.setup(g, {"me": g.start})
        g.mode = PHASE_START

    def _start_phase(self) -> None:
        g = self.g
        prog = self.program
        if g.phase_i >= len(prog.phases):
            g.mode = HAND_END
            return
        phase = prog.phases[g.phase_i]
        e = {"me": g.start}
        if phase.when is not None and not phase.when(g, e):
            g.phase_i += 1
            return
        g.phase_id = phase.id
        self._log.append(("phase", phase.id))
        g.plet = {k: f(g, e) for k, f in phase.lets}
        g.turn_k = 0
        g.round = 1
        if phase.on_start is not None:
            phase.on_start(g, e)
        if phase.turns is None:
            self._next_phase()
            return
        if phase.turns == "seats":
            g.turn_order = [s % g.n for s in phase.seats(g, e)]
            g.plet["$turns"] = len(g.turn_order)
            g.mode = TURN_START
            return
        first = phase.start(g, e) % g.n
        g.turn_order = [(first + phase.direction * k) % g.n for k in range(g.n)]
        if phase.turns == "rounds":
            g.plet["$turns"] = phase.rounds(g, e) * g.n
        elif phase.turns == "seat":
            g.turn_order = [first]
            g.plet["$turns"] = 1
        g.mode = TURN_START

    def _start_turn(self, phase) -> None:
        g = self.g
        k = g.turn_k
        if phase.turns == "until":
            seat = g.turn_order[k % g.n]
            if phase.until(g, {"me": seat}):
                self._next_phase()
                return
        elif k >= g.plet["$turns"]:
            self._next_phase()
            return
        order = g.turn_order
        g.seat = order[k % len(order)]
        g.round = k // len(order) + 1
        g.tvars = dict(self.m.variables.get("turn", {}))
        self._log.append(("turn", g.seat, g.round))
        self._reset_turn_marks()
        if phase.on_turn_start is not None:
            phase.on_turn_start(g, {"me": g.seat})
        g.step_i = 0
        g.mode = STEP_ENTER

    def _next_phase(self) -> None:
        """Leave the current phase for the one its ``next`` names, or else the next in order."""
        g, phases = self.g, self.program.phases
        nxt = phases[g.phase_i].next
        target = nxt(g, {"me": g.start}) if nxt is not None else None
        index = self.program.extras.get("phase_index") or \
            self.program.extras.setdefault("phase_index", {p.id: i for i, p in enumerate(phases)})
        if target is not None and target not in index:
            raise GameRuntimeError(f"phase '{phases[g.phase_i].id}' continues with '{target}', which is not a phase id")
        g.phase_i = g.phase_i + 1 if target is None else index[target]
        g.mode = PHASE_START

    def _reset_turn_marks(self) -> None:
        turn_vars = self.m.turn_cvars
        if not turn_vars:
            return
        g = self.g
        for name, init in turn_vars:
            store = g.cvars[name]
            store[:] = [init] * len(store)

    def _score_hand(self) -> None:
        g = self.g
        row, detail = [], []
        for s in range(g.n):
            e = {"me": s}
            parts = {sid: fn(g, e) for sid, _, fn in self.program.scoring}
            row.append(sum(parts.values()))
            detail.append(parts)
        g.hand_scores.append(row)
        g.score_detail.append(detail)
        self._log.append(("score", g.hand, row, detail))

    def _finish(self) -> None:
        g = self.g
        g.mode = OVER
        g.seat = None
        self._legal = _NO_ACTIONS
        self._log.append(("end", self.scores(), self.winners()))
