"""Explicit chance as segments: a game runs from one decision to the next as a segment
that a chance event without an outcome rewinds.

:class:`Segments` is the part of :class:`~.game.Game` that runs a segment, keeps the state
at its start (or at the last checkpoint between two flow transitions), queues the outcomes
applied so far, and records who learnt each chance outcome for ``log_for``. In sample mode
a segment is just a run of the flow.
"""

from __future__ import annotations

from . import chance as _chance
from . import sealed as _sealed
from .chance import NeedChance
from .flow import NO_ACTIONS as _NO_ACTIONS
from .state import State


class Segments:
    """Mixed into Game (which holds ``g``, ``_log``, ``_segment``, ``_node``, ``_legal``,
    ``_masked``, ``_nmasked`` and runs ``_perform`` and ``_run``)."""

    def _begin(self, a) -> None:
        """Run from a decision (or the start) to the next one: ``a`` the action taken, or None."""
        if not self.g.explicit:
            self._segment_run(a)
            self._mask_chance()
            return
        self._segment = (self.g.copy(), a, [])
        self._resume(self.g)  # the first run on the state itself: the copy is kept for a rewind

    def _segment_run(self, a) -> None:
        if a is None or not (self._perform(a) if a is not _sealed.JOINT else _sealed.perform(self)):
            self._run()

    def _resume(self, g: State | None = None) -> None:
        """(Re)run the current segment from its start, taking the outcomes chosen so far
        (``g``: the state to run on, already as at the segment's start; else a copy of it).

        The flow cannot stop in the middle of an effect, so a chance event met without an
        outcome rewinds: the segment runs again from its start (or from its last checkpoint
        between two flow transitions) with one more outcome queued.
        """
        snap, a, taken = self._segment
        if g is None:
            g = self.g = snap.copy()
        self._log = g.log
        g.queue = (g.queue[g.qi :] if g.queue else []) + taken  # what a replay still queues comes first
        g.qi = 0
        try:
            self._segment_run(a)
        except NeedChance as need:
            self._node = need.node  # the state stays as the segment left it, for views
            self._legal = _NO_ACTIONS
            return
        self._node = None
        self._segment = None
        g.queue = g.queue[g.qi :] or None
        g.qi = 0
        self._mask_chance()

    def _checkpoint(self) -> None:
        """Between two transitions of the flow the state is whole: a later chance event
        rewinds only to here, so a long run of events costs one copy each, not a re-run."""
        g = self.g
        g.queue, g.qi = g.queue[g.qi :], 0
        self._segment = (g.copy(), None, [])

    def _mask_chance(self) -> None:
        """Record who knows each chance outcome of the last segment, for log_for."""
        log, g = self._log, self.g
        if g.nchance == self._nmasked:
            self._masked = len(log)
            return
        self._nmasked = g.nchance
        for i in range(self._masked, len(log)):
            ev = log[i]
            if ev[0] == "chance" and ev[3] is None:
                ev[3] = _chance.knew(g, ev)
                if len(ev) == 6:  # a draw or a roll: who knew the component its zone is attached to
                    ev.append(_chance.host_knew(g, ev))
        self._masked = len(log)
