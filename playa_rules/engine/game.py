"""A game in progress: the public API (legal actions, apply, scores, views, the log),
explicit chance, cloning and pickling.

The flow itself (hand -> phase -> turn -> step -> decision) is :mod:`.flow`; it runs on
until a seat has a decision to make or the match is over, so ``legal_actions()`` is
never empty while the game goes on.
"""

from __future__ import annotations

import itertools

from ..compiler.program import Program
from ..errors import GameRuntimeError, PlayaRulesError
from ..shared.faults import relocated
from . import automata as _automata
from . import chance as _chance
from . import opening as _opening
from . import playout as _playout
from . import sealed as _sealed
from . import view as _view
from . import worlds as _worlds
from .actions import Action
from .chance import CHANCE, NeedChance
from .flow import NO_ACTIONS as _NO_ACTIONS
from .flow import RUNTIME_ERRORS as _RUNTIME_ERRORS
from .flow import Flow
from .flow import action_failed as _action_failed
from .flowcode import after_table
from .frozen import frozen_event
from .legal import Legal
from .log import event as _event
from .resolve import resolve, seat_number
from .segments import Segments
from .state import DECIDE, HAND_START, OVER, STEP_ENTER, State

_TOKENS = itertools.count()
_UNDECIDED = (
    "the {} read a position of a shuffled zone that no chance event has decided yet "
    "(explicit chance decides it only while the rules run)"
)
CHANCE_MODES = ("sample", "explicit")


class Game(Segments, Flow):
    """One match of a rule set for a number of players, from a seed.

    ``chance="sample"`` draws every chance event from the seeded generator;
    ``chance="explicit"`` stops at each one (``is_chance``) until an outcome is applied.
    """

    def __init__(
        self,
        rules,
        players: int,
        seed=None,
        chance: str = "sample",
        *,
        _state: State | None = None,
        _queue: list | None = None,
    ):
        self.rules = rules
        self.program: Program = rules.program
        self.m = self.program.model
        self._legal = Legal()
        self._by_text: dict | None = None
        self._by_id: list | None = None  # the legal actions' ids, worked out when first asked (see _ids)
        self._stamp = 0
        self._token = next(_TOKENS)  # unique per game object, never reused
        self._segment = None  # explicit chance: (state at the segment's start, what it runs, outcomes)
        self._node = None  # the chance node waiting for an outcome
        self._masked = 0  # log entries before this have their knowledge masks
        self._nmasked = 0  # ... and that many chance events
        self._log_json: list = []
        self._seen: dict = {}  # seat -> its events of log_for, those that can no longer change
        self._choosing: dict = {}  # a simultaneous step: seat -> its legal actions (engine.sealed)
        self._after = self.program.extras.get("after_table")  # the generated flow (engine.flowcode)
        if _state is not None:
            self.g = _state
            self._log = _state.log
            return
        if chance not in CHANCE_MODES:
            raise PlayaRulesError(f"chance is 'sample' or 'explicit', not {chance!r}")
        seats = _automata.seats_of(self.program, players)
        if chance == "sample" and _queue is None and _opening.start_from_kept(self, players, seed):
            return
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
            raise GameRuntimeError(f"the match settings could not be evaluated: {relocated(exc)}") from None
        g.mode = HAND_START
        self._begin(None)
        if chance == "sample" and _queue is None:
            _opening.keep(self, players)

    # ------------------------------------------------------------ public API
    @property
    def players(self) -> int:
        """How many seats play."""
        return self.g.n

    @property
    def current_player(self):
        """The seat to act, ``CHANCE`` (-1) at a chance node, or None once the match is over (or
        while a search's world waits between hands: :meth:`stop_between_hands`)."""
        if self._node is not None:
            return CHANCE
        mode = self.g.mode
        return None if mode == OVER or mode == HAND_START else self.g.seat

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

    @property
    def acting(self) -> tuple:
        """The seats whose choice the game waits for: ``(current_player,)`` at a decision, every
        seat still to choose in a simultaneous step, ``()`` at a chance node or once over."""
        return _sealed.acting(self)

    @property
    def chosen(self) -> tuple:
        """The seats that have sealed their choice in the simultaneous step under way, in the
        order they chose (``()`` at any other decision)."""
        sim = self.g.sim
        return () if sim is None else tuple(s for s, _ in sim[2])

    def legal_actions(self, seat=None) -> Legal:
        """The legal actions of the seat to act (or of ``seat``, one of :attr:`acting`), a
        read-only list; empty once over, and for a seat that does not act now."""
        if seat is None:
            return self._legal
        return _sealed.legal_for(self, seat_number(self, seat))

    def legal_action_ids(self, seat=None) -> list[int]:
        """The integer ids of the legal actions (of ``seat``), ascending (an action mask's ones)."""
        if seat is not None and (seat != self.g.seat or self._node is not None):
            return sorted(_sealed.legal_for(self, seat_number(self, seat)).ids())
        known = self._ids()
        if known[1] is None:
            known[1] = sorted(known[0])
        return known[1][:]

    def _ids(self) -> list:
        """``[the ids of the legal actions in list order, the same ascending, id -> index in
        the list]``, the first read off the runs once per decision (no Action object made),
        the others made when first asked (None until then)."""
        known = self._by_id
        if known is None or self._legal is _NO_ACTIONS:
            known = self._by_id = [self._legal.ids(), None, None]
        return known

    def _index_of(self, action_id: int):
        """The index in the legal actions of the one whose integer id is ``action_id``, or None
        (a clone lists the same actions in the same order)."""
        known = self._ids()
        if known[2] is None:
            known[2] = dict(zip(known[0], range(len(known[0]))))
        return known[2].get(action_id)

    def _action_by_id(self, action_id: int):
        """The legal action whose integer id is ``action_id`` (applying an id makes only that
        Action object), or None."""
        k = self._index_of(action_id)
        return None if k is None else self._legal[k]

    def apply(self, action, seat=None) -> None:
        """Apply an action (or at a chance node an outcome), its text or its integer id.

        ``seat`` names the seat choosing (one of :attr:`acting`; by default the current
        player). In a simultaneous step the choice is sealed: nothing happens until every
        seat has chosen. Raises IllegalAction if it is not legal now.
        """
        if seat is not None or self.g.sim is not None:
            _sealed.apply(self, action, seat)
            return
        if self._node is not None:
            oid = _chance.resolve_outcome(self, action)
            snap, what, taken = self._segment
            taken.append(oid)
            self._resume()
            return
        g = self.g
        if action.__class__ is Action and action.stamp is self._legal.stamp is not None:
            a = action  # made from this decision's list (resolve's first case, inline; over: no stamp)
        else:
            a = resolve(self, action)
        if g.explicit:
            self._begin(a)
            return
        after = self._after or self._flow_code()
        if not after[g.phase_i][g.step_i](self, a):  # sampled chance: no segments (see _begin)
            self._run()
        if g.nchance != self._nmasked:
            self._mask_chance()

    def _flow_code(self) -> list:
        """Per phase, per step, the generated flow after an action (made once per rule set)."""
        self._after = after_table(self.program)
        return self._after

    def apply_joint(self, choices) -> None:
        """Apply one choice for every seat of :attr:`acting` at once: a mapping seat -> action
        (an Action, its text or its id), or a list by seat with None for the others. Nothing
        is applied if one of them is not legal."""
        _sealed.apply_joint(self, choices)

    def _simultaneous(self, step) -> bool:
        """A simultaneous step starts (the flow's hook): True when the game waits for choices."""
        return _sealed.begin(self, step)

    def _perform(self, a) -> bool:
        """Run an action; True when the same seat decides again (a repeat step), legal actions set."""
        g = self.g
        d = a.defn
        e = d.env(g, g.seat, a.values)
        entry = ["act", g.seat, a, None]
        self._log.append(entry)
        try:
            d.effect(g, e)
            if d.tell is not None:
                self._tell(d.tell, e, entry[1])
        except _RUNTIME_ERRORS as exc:
            raise _action_failed(self, a, exc) from None
        if d.hides is not None:  # who knew the faces named by the action, just after it: for log_for(seat)
            entry[3] = d.hides(g.known, a.values)
        step = self.program.phases[g.phase_i].steps[g.step_i]
        if g.end is not None:
            pass  # _run handles it, inside the runtime-error guard
        elif step.free and d in step.free and d not in step.actions:  # a free action: same step, decide again
            legal = self._step_legal(step)
            if legal._ends[-1]:  # not empty (without a call of Legal.__bool__)
                self._set_legal(legal)
                return True
            self._blocked(step)
        elif step.repeat:
            legal = self._step_legal(step)
            if legal._ends[-1]:  # not empty (without a call of Legal.__bool__)
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
                raise GameRuntimeError(f"match points failed: {relocated(exc)}") from None
            except NeedChance:
                raise GameRuntimeError(_UNDECIDED.format("match points")) from None
        done = self.g.hand_scores
        return list(map(sum, zip(*done))) if done else [0] * self.g.n  # each seat's column added up

    def running_scores(self) -> list[int]:
        """Points per seat if the hand were scored now (the scoring rules on the current state,
        plus the hands already scored): what a score column shows during play. Only for rules
        whose scoring reads what every seat may know; the display hint ``scores: running``
        says so and puts it in the views."""
        if self.is_over:
            return self.scores()
        try:
            return _view.running_scores(self)
        except _RUNTIME_ERRORS as exc:
            raise GameRuntimeError(f"running scores failed: {relocated(exc)}") from None
        except NeedChance:
            raise GameRuntimeError(_UNDECIDED.format("running scores")) from None

    @property
    def automata(self) -> list[int]:
        """The seats the rules play themselves (automata), never offering a decision."""
        return [s for s, auto in enumerate(self.g.auto) if auto is not None]

    @property
    def hand_scores(self) -> list[list[int]]:
        """Points per seat of each finished hand."""
        return [h[:] for h in self.g.hand_scores]

    @property
    def hands_played(self) -> int:
        """How many hands are scored so far: ``len(hand_scores)`` without copying the rows (a
        search agent reads it at every step to stop at the end of a hand)."""
        return len(self.g.hand_scores)

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
                raise GameRuntimeError(f"tie-break '{tid}' failed: {relocated(exc)}") from None
            except NeedChance:
                raise GameRuntimeError(_UNDECIDED.format(f"tie-break '{tid}'")) from None
            top = max(vals.values())
            tied = [s for s in tied if vals[s] == top]
        return tied

    def view(self, seat) -> dict:
        """What ``seat`` may know, as JSON-serialisable data; ``view(None)`` shows everything."""
        return _view.view(self, None if seat is None else seat_number(self, seat, everything=True))

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
            del done[len(self._log) :]
        for ev in self._log[len(done) :]:
            done.append(frozen_event(_event(self, ev)))
        return list(done)

    def log_for(self, seat: int) -> list[dict]:
        """The events as ``seat`` saw them: faces it did not know are shown as their type.

        No seed, and no integer id for an action that names a face the seat did not
        know at the time (ids encode faces): nothing here tells a seat more than its views.
        As with :attr:`log`, the list is a copy and reading it again only converts the
        events added since.
        """
        seat = seat_number(self, seat)
        log = self._log
        final = min(self._masked, len(log))  # entries before this have their knowledge masks for good
        done = self._seen.get(seat)
        if done is None:
            done = self._seen[seat] = []
        elif len(done) > final:  # rewound to the start of a segment (explicit chance)
            del done[final:]
        for ev in log[len(done) : final]:
            done.append(frozen_event(_event(self, ev, seat)))  # None: an event the seat does not learn of
        events = done + [frozen_event(_event(self, ev, seat)) for ev in log[final:]]
        return [x for x in events if x is not None] if None in events else events

    def sample_world(self, seat: int, rng=None, chance: str = "sample") -> Game:
        """An independent game consistent with all ``seat`` knows, the rest redrawn (engine.worlds).

        ``rng`` is a ``random.Random`` (or a seed); the world draws its own future chance
        from it (``chance="sample"``) or stops at chance nodes (``"explicit"``).
        """
        return _worlds.sample_world(self, seat, rng, chance)

    def __deepcopy__(self, memo) -> Game:
        """``copy.deepcopy`` is :meth:`clone` (the rules are shared, never copied)."""
        return self.clone()

    def clone(self) -> Game:
        """An independent copy of this game (cheap: for search agents)."""
        other = Game(self.rules, self.g.n, _state=self.g.copy())
        other._log_json = list(self._log_json)
        other._masked, other._nmasked = self._masked, self._nmasked
        if self._node is not None:
            snap, a, taken = self._segment
            other._segment = (snap, a, list(taken))
            other._node = self._node
            other._legal = _NO_ACTIONS
        elif other.g.mode == DECIDE:
            if self._legal is not _NO_ACTIONS and self._legal.stamp == (self._token, self._stamp):
                other._set_legal(self._legal.restamped((other._token, other._stamp + 1)))
            else:
                other._set_legal(other._current_legal())
        return other

    # ------------------------------------------------------------ pickling
    def __getstate__(self) -> dict:
        """A game pickles as its rule set (by source), its state and its log; it continues identically."""
        seg = self._segment
        return {
            "rules": self.rules,
            "g": self.g,
            "node": self._node,
            "masked": self._masked,
            "segment": None if seg is None else (seg[0], seg[1], list(seg[2])),
        }

    def __setstate__(self, data: dict) -> None:
        rules = data["rules"]
        self.__init__(rules, data["g"].n, _state=data["g"].attach(rules.program))
        self._masked = data["masked"]
        self._nmasked = -1  # unknown: the next segment checks every entry since _masked
        if data["segment"] is not None:
            snap, a, taken = data["segment"]
            self._segment = (snap.attach(rules.program), a, taken)
        self._node = data["node"]
        if self._node is None and self.g.mode == DECIDE:
            self._set_legal(self._current_legal())

    # ------------------------------------------------------------ playouts (engine.playout)
    apply_index = _playout.apply_index
    play_at_random = _playout.play_at_random
    stop_between_hands = _playout.stop_between_hands
    between_hands = property(_playout.between_hands)
    go_on = _playout.go_on
