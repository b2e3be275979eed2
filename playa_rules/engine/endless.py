"""A flow that can never reach a decision, found as soon as it repeats itself.

Between two decisions the flow is a function of the state alone: the components and
their knowledge, the variables, the phase, the turn's place in the order, the start
player, the random generator. When the flow starts a turn or a phase in a state it was
already in since the last decision, it will go round the same way for ever (a full board
where every step is blocked, a phase whose ``until`` can no longer come true): the game
stops there with a :class:`GameRuntimeError` located at the phase, instead of after
``MAX_STEPS`` steps. Nothing is watched until the flow has started more turns and
phases than a pass through every phase and a whole round of every seat without a decision
(games that resolve much on their own, fights and events, chain many phases between two
decisions: snapshots there would cost more than the play), and then one saved state is
compared with each new one (Brent's cycle finding: the saved one is renewed at powers of
two), so a flow that does reach a decision pays nothing and memory stays constant.
"""

from __future__ import annotations

from ..errors import GameRuntimeError


class Watch:
    """The states of one run of the flow between decisions (see the module's docstring)."""

    __slots__ = ("saved", "seen", "power")

    def __init__(self):
        self.saved = None
        self.seen = 0
        self.power = 1

    def started(self, flow) -> None:
        """A turn or a phase is about to start (the flow has started more than every phase
        and a round of turns with no decision): raise when the flow is back in a state it had."""
        now = _state(flow)
        if now == self.saved:
            _endless(flow)
        self.seen += 1
        if self.seen == self.power:
            self.saved, self.seen, self.power = now, 0, self.power * 2


def _state(flow) -> tuple:
    """Everything the flow's next steps depend on, as one comparable value (the round only
    when a rule reads it: else a phase that goes round would never repeat)."""
    g = flow.g
    phases = flow.program.phases
    phase = phases[g.phase_i] if g.phase_i < len(phases) else None
    until = phase is not None and phase.turns == "until"
    order = g.turn_order
    return (
        g.mode,
        g.phase_i,
        g.hand,
        g.start,
        g.turn_k % len(order) if until and order else g.turn_k,
        tuple(order) if order else None,
        g.round if flow.program.reads_round else 0,
        tuple(tuple(z) for z in g.zones),
        tuple(g.known),
        tuple((k, tuple(v)) for k, v in g.cvars.items()),
        tuple((k, tuple(v)) for k, v in g.pvars.items()),
        tuple((k, tuple(v)) for k, v in g.pmvars.items()),
        tuple(g.hvars.items()),
        tuple(g.mvars.items()),
        tuple(g.tvars.items()),
        tuple((k, v if not isinstance(v, list) else tuple(v)) for k, v in g.plet.items()),
        tuple(g.mix),
        g.nchance,
        g.rng.getstate(),
    )


def _endless(flow) -> None:
    g = flow.g
    phases = flow.program.phases
    i = min(g.phase_i, len(phases) - 1)
    sites = flow.program.phase_sites
    where = f"{sites[i]}: " if i < len(sites) else ""
    until = phases[i].turns == "until"  # (where the compile stage's phase_site points)
    ask = (
        "does its 'until' need a way to come true, or a step an action that is always possible?"
        if until
        else "does a step need an action that is always possible, such as a fallback?"
    )
    raise GameRuntimeError(
        f"{where}endless-flow: the rules can never reach a decision: phase '{phases[i].id}' comes back "
        f"to a state it was in (round {g.round}) with no decision since, every step blocked or "
        f"without a choice, so it would go round for ever ({ask}) "
        f"(at /phases/{i}{'/turns/until' if until else ''})"
    )
