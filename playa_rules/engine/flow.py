"""The flow of a game: the small state machine that runs the rules between decisions.

``hand -> phase -> turn -> step -> decision``: :class:`Flow` is the part of
:class:`~playa_rules.engine.game.Game` that starts hands, phases and turns, lists a step's
legal actions, handles blocked steps and early ends, and scores hands; it runs on until a
seat has a decision to make or the match is over.
"""

from __future__ import annotations

from ..errors import GameRuntimeError
from ..shared.envkeys import SEATS
from ..shared.faults import relocated
from ..shared.limits import MAX_AUTOMATON_ACTIONS, MAX_INT, MAX_STEPS
from . import automata as _automata
from .endless import Watch
from .legal import Legal
from .plans import relisted, step_plan
from .state import DECIDE, HAND_END, HAND_START, OVER, PHASE_START, STEP_ENTER, TURN_START

RUNTIME_ERRORS = (
    TypeError,
    IndexError,
    KeyError,
    ValueError,
    ZeroDivisionError,
    AttributeError,
    RecursionError,
)

NO_ACTIONS = Legal()  # while the flow runs, and once the game is over
COUNTED = ("rounds", "seat", "seats")  # the turn forms whose number of turns is known as a phase starts


class Flow:
    """The flow state machine, mixed into Game (which holds ``g``, ``program``, ``_log``)."""

    _pause_between_hands = False  # stop once a hand is scored, before the next (engine.playout)

    def _step_legal(self, step) -> Legal:
        """A step's legal actions: its fallback actions only when none of the others is legal.

        Its free actions join them, unless nothing else is legal (then the step is blocked).
        """
        g = self.g
        out = Legal((self._token, self._stamp + 1))
        try:
            (step.plan or step_plan(step))(g, g.seat, out)
        except RUNTIME_ERRORS as exc:
            raise listing_failed(step, g, exc) from None
        return out

    def _set_legal(self, legal: Legal) -> None:
        self._stamp += 1
        self._legal = legal
        self._by_text = None
        self._by_id = None
        self.g.mode = DECIDE

    def _blocked(self, step) -> None:
        """No action of the step is legal: log it, run its on_blocked, go on to the next step
        (an ``end step`` of the on_blocked ends the blocked step, which ends anyway: not the next)."""
        g = self.g
        self._log.append(("blocked", g.seat, step.id))
        if step.on_blocked is not None:
            try:
                step.on_blocked(g, {"me": g.seat})
            except RUNTIME_ERRORS as exc:  # (also when reached straight after an action, not from _run)
                raise rules_failed(self, exc) from None
            if g.end == "step":
                g.end = None
        g.step_i += 1
        g.mode = STEP_ENTER

    def _tell(self, fn, e: dict, seat=None) -> None:
        """Log the text a ``tell`` narrates (an action's: its seat; a phase's: none)."""
        text = fn(self.g, e)
        if text is not None:
            self._log.append(("tell", seat, text))

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

    def _straight_on(self) -> bool:
        """After an action that ended its step, go straight to the next decision when only
        listings lie between: the next steps of the turn, or the first steps of the next turn
        of a phase of counted turns, plain (no condition, no effect, one seat choosing, no
        automaton); a blocked one is handled as :meth:`_run` does (logged, its on_blocked
        run) and the next tried, for one turn's steps at most, and so is an ``end step`` or
        ``end turn``. True when the legal actions are set; False leaves the rest to
        :meth:`_run` (nothing done that it would not do the same way)."""
        g = self.g
        row = (self.program.extras.get("straight") or straight_steps(self.program))[g.phase_i]
        last = len(row) - 1
        for _ in row:  # (one turn's steps at most)
            end = g.end
            if end is not None:  # the action (or an on_blocked) ended its step or its turn
                if end == "step":  # as _handle_end does
                    g.step_i += 1
                elif end == "turn":  # the step after the last: the turn's end below, or the loop's
                    g.step_i = last
                else:
                    return False
                g.end = None
                g.mode = STEP_ENTER
            i = g.step_i
            step = row[i]
            if step is None:
                return False
            if i < last:
                if g.auto[g.seat] is not None:
                    return False
            else:  # the turn ends: the next one starts
                k = g.turn_k + 1
                if k >= g.plet["$turns"]:
                    return False
                order = g.turn_order
                if g.auto[order[k % len(order)]] is not None:
                    return False
                g.turn_k = k
                self._turn_begins(k, order)
                g.step_i = 0
            legal = self._step_legal(step)
            if legal._ends[-1]:
                self._set_legal(legal)
                return True
            self._blocked(step)  # as _run does: on with the next step
        return False

    def _run(self) -> None:
        """Run the flow until a seat has a decision to make or the match is over; a Python
        error of the rules becomes a GameRuntimeError naming the phase."""
        try:
            g = self.g
            prog = self.program
            phases = prog.phases
            explicit = g.explicit
            self._legal = NO_ACTIONS
            automatic = 0  # actions the automata took since the last person's decision
            idle, watch = 0, None  # turns and phases started with no decision; an endless.Watch
            for _ in range(MAX_STEPS):
                if explicit and g.qi:  # outcomes taken since the last checkpoint: a new one here
                    self._checkpoint()
                if g.end is not None:
                    self._handle_end()
                    continue
                mode = g.mode
                if mode == STEP_ENTER:
                    steps = phases[g.phase_i].steps
                    if g.step_i >= len(steps):
                        g.turn_k += 1
                        g.mode = TURN_START
                        continue
                    step = steps[g.step_i]
                    if step.when is not None and not step.when(g, {"me": g.seat}):
                        g.step_i += 1  # not played this turn: no effect, no decision, no event
                        continue
                    if step.effect is not None:
                        step.effect(g, {"me": g.seat})
                        if g.end is not None:
                            continue
                    if step.simultaneous is not None:  # several seats choose at once (engine.sealed)
                        if self._simultaneous(step):
                            return
                        continue
                    if not step.actions and not step.fallback:
                        g.step_i += 1
                        continue
                    legal = self._step_legal(step)
                    if legal._ends[-1]:  # not empty (without a call of Legal.__bool__)
                        self._set_legal(legal)
                        auto = g.auto[g.seat]
                        if auto is None:
                            return
                        while self._perform(_automata.choose(self, auto)):
                            automatic += 1
                            if automatic > MAX_AUTOMATON_ACTIONS:
                                self._endless_automaton(auto, step)
                        automatic += 1
                        if automatic > MAX_AUTOMATON_ACTIONS:
                            self._endless_automaton(auto, step)
                        idle, watch = 0, None  # an automaton decided
                        continue
                    self._blocked(step)
                elif mode == TURN_START or mode == PHASE_START:
                    idle += 1
                    if idle > 2 * g.n + 2 + len(phases):  # every phase and a round: watch
                        watch = watch or Watch()
                        watch.started(self)
                    if mode == TURN_START:
                        self._start_turn(phases[g.phase_i])
                    else:
                        self._start_phase()
                elif mode == HAND_START:
                    self._start_hand()
                elif mode == HAND_END:
                    self._score_hand()
                    g.hand += 1
                    if g.hand >= g.hands or (prog.end_when is not None and prog.end_when(g, {"me": g.start})):
                        self._finish()
                        return
                    g.start = (
                        prog.next_start(g, {"me": g.start}) if prog.next_start else g.start + prog.rotate
                    ) % g.n
                    g.mode = HAND_START
                    if self._pause_between_hands:  # a search's world (engine.playout): nothing after is read
                        self._legal = NO_ACTIONS  # (an automaton's decision may have set them since)
                        return
                elif mode == OVER:
                    return
                else:
                    return
            sites, i = self.program.phase_sites, min(g.phase_i, len(self.program.phases) - 1)
            where = f"{sites[i]}: runtime-error: " if i < len(sites) else ""
            raise GameRuntimeError(
                f"{where}the rules ran {MAX_STEPS} steps without a decision: is a phase endless?"
            )
        except RUNTIME_ERRORS as exc:
            raise rules_failed(self, exc) from None

    def _where(self) -> str:
        """Where the flow was: in a hand's setup, its scoring, or a phase (the one starting)."""
        g, phases = self.g, self.program.phases
        hand = f" of hand {g.hand + 1}" if g.hands > 1 else ""
        if g.mode == HAND_START:
            return f"in the setup{hand}"
        if g.mode == HAND_END:  # scoring the hand, else (scored) deciding whether another starts
            log = self._log
            return (
                f"after the scoring of hand {g.hand}"
                if log and log[-1][0] == "score"
                else f"in the scoring{hand}"
            )
        if g.mode == PHASE_START and g.phase_i < len(phases):
            return f"in phase '{phases[g.phase_i].id}'"
        return f"in phase '{g.phase_id}'" if g.phase_id else "in the setup"

    def _endless_automaton(self, auto, step) -> None:
        g = self.g
        raise GameRuntimeError(
            f"{auto.site}: runtime-error: automaton '{auto.id}' (seat {g.seat}) took "
            f"{MAX_AUTOMATON_ACTIONS:,} actions without a person "
            f"deciding, in step '{step.id}' of phase '{g.phase_id}': does that step repeat forever "
            f"(repeat: true with an action always legal)?"
        )

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
        g.plet = {k: f(g, e) for k, f in phase.lets} if phase.lets else {}
        g.turn_k = 0
        g.round = 1
        if phase.on_start is not None:
            phase.on_start(g, e)
        if phase.tell is not None:
            self._tell(phase.tell, e)
        if phase.turns is None:
            self._next_phase()
            return
        if phase.turns == "seats":
            n = g.n
            g.turn_order = [s % n for s in phase.seats(g, e)]
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
        seat = self._turn_begins(k, g.turn_order)
        if phase.on_turn_start is not None:
            phase.on_turn_start(g, {"me": seat})
        g.step_i = 0
        g.mode = STEP_ENTER

    def _turn_begins(self, k: int, order: list) -> int:
        """Turn ``k`` of the phase begins: its seat and round set, the turn's variables (and the
        component variables kept for a turn) back to their start, logged. Returns the seat."""
        g = self.g
        n = len(order)
        g.seat = seat = order[k % n]
        g.round = k // n + 1
        fresh = self.program.extras.get("turn_stores") or turn_stores(self.program)
        g.tvars = fresh[0].copy()
        self._log.append(("turn", seat, g.round))
        if fresh[1]:
            cvars = g.cvars
            for name, store in fresh[1]:
                cvars[name][:] = store
        return seat

    def _next_phase(self) -> None:
        """Leave the current phase for the one its ``next`` names, or else the next in order."""
        g, phases = self.g, self.program.phases
        nxt = phases[g.phase_i].next
        target = nxt(g, {"me": g.start}) if nxt is not None else None
        if target is None:
            g.phase_i += 1
        else:
            index = self.program.extras.get("phase_index") or self.program.extras.setdefault(
                "phase_index", {p.id: i for i, p in enumerate(phases)}
            )
            if target not in index:
                raise GameRuntimeError(
                    f"phase '{phases[g.phase_i].id}' continues with '{target}', which is not a phase id"
                )
            g.phase_i = index[target]
        g.mode = PHASE_START

    def _score_hand(self) -> None:
        g = self.g
        row, detail, shared = [], [], {}
        for s in range(g.n):
            e = {"me": s, SEATS: shared}  # the seats share their lists grouped by seat (seatgroups)
            parts = {sid: fn(g, e) for sid, _, fn in self.program.scoring}
            total = sum(parts.values())
            if not -MAX_INT <= total <= MAX_INT:  # (views and logs are JSON: a score stays a number it holds)
                raise score_too_big(s)
            row.append(total)
            detail.append(parts)
        g.hand_scores.append(row)
        g.score_detail.append(detail)
        self._log.append(("score", g.hand, row, detail))

    def _finish(self) -> None:
        g = self.g
        g.mode = OVER
        g.seat = None
        self._legal = NO_ACTIONS
        self._log.append(("end", self.scores(), self.winners()))


def score_too_big(seat: int) -> ValueError:
    """The fault of a seat's hand total out of the bounds a score keeps."""
    return ValueError(f"seat {seat} would score more than {MAX_INT:,} in size")


def listing_failed(step, g, exc: BaseException) -> GameRuntimeError:
    """The error of a step's listing failed with ``exc`` (its located fault, if any)."""
    return GameRuntimeError(f"could not list the legal actions (step '{step.id}'): {relisted(step, g, exc)}")


def rules_failed(game, exc: BaseException) -> GameRuntimeError:
    """The error of the rules failing with ``exc`` where the flow is (:meth:`Flow._where`)."""
    return GameRuntimeError(f"the rules failed {game._where()}: {relocated(exc)}")


def action_failed(game, a, exc: BaseException) -> GameRuntimeError:
    """The error of action ``a``'s effect (or its ``tell``) failed with ``exc``."""
    return GameRuntimeError(f"action '{a.text_with(game.m)}' failed: {exc}")


def turn_stores(program) -> tuple:
    """``(turn variables, [(component variable, its store)])`` as every turn starts: the
    component variables kept for a turn (``turn_cvars``) are copied in place from these
    stores. Worked out once per rule set."""
    m = program.model
    fresh = (
        dict(m.variables.get("turn", {})),
        [(name, [init] * m.component_count) for name, init in m.turn_cvars],
    )
    program.extras["turn_stores"] = fresh
    return fresh


def straight_steps(program) -> list:
    """Per phase, per step index ``i`` from 0 to the number of steps, the plain step the flow
    may list straight after the step before ``i`` ends (:meth:`Flow._straight_on`), or None:
    step ``i`` itself, or at ``i`` = the number of steps (the turn ends) the first step, for
    a phase of counted turns (rounds, one seat or listed seats) with no ``on_turn_start``. A
    step is plain with no ``when``, no effect, no simultaneous seats and actions to offer.
    Worked out once per rule set."""

    def plain(step):
        return (
            step.when is None
            and step.effect is None
            and step.simultaneous is None
            and bool(step.actions or step.fallback)
        )

    out = []
    for phase in program.phases:
        row = [step if plain(step) else None for step in phase.steps]
        counted = phase.turns in COUNTED and phase.on_turn_start is None
        row.append(row[0] if counted and row else None)
        out.append(row)
    program.extras["straight"] = out
    return out
