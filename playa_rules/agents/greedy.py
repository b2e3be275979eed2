"""The greedy agent: one step of lookahead on a sampled world, judged by the rule file's scoring.

For each legal action it samples a world the seat cannot tell from the real one, applies
the action, finishes the hand under way with random play (the world stops once the hand
is scored: ``Game.stop_between_hands``) and scores the result with
:func:`~playa_rules.agents.protocol.evaluate` (the game's own ``scores()``: half for
leading, half for rank). It keeps the best actions, averaged over ``samples`` worlds,
and breaks ties at random. With more than ``width`` legal actions (64 by default) it
looks at ``width`` of them drawn at random, which keeps a turn with hundreds of choices cheap.
"""

from __future__ import annotations

from .options import check
from .protocol import evaluate, finish_hand


class GreedyAgent:
    """Best action after one step and a random finish of the hand, on ``samples`` sampled worlds."""

    name = "greedy"

    def __init__(self, rng, samples: int = 1, width: int = 64):
        self.rng = rng
        self.samples = check("greedy", "samples", samples)
        self.width = check("greedy", "width", width)

    def act(self, view, legal, log, worlds):
        """The legal action with the best mean reward for this seat (ties at random)."""
        if len(legal) == 1:
            return legal[0]
        seat = worlds.seat
        if len(legal) > self.width:
            legal = self.rng.sample(list(legal), self.width)
        value = [0.0] * len(legal)
        points = [0.0] * len(legal)  # (one seat alone: its points, in place of its rank)
        wanted = [a.id for a in legal]
        seats = 0
        for _ in range(self.samples):
            world = worlds()
            seats = world.players
            for i, action_id in enumerate(wanted):
                k = world._index_of(action_id)  # the same index in each clone's listing
                if k is None:  # not legal in this world
                    continue
                trial = world.clone()
                trial.stop_between_hands()  # nothing after the hand's scoring is read (engine.playout)
                trial.apply_index(k)
                finish_hand(trial, self.rng, world.hands_played)
                value[i] += evaluate(trial, seats)[seat]
                if seats == 1:
                    points[i] += trial.scores()[0]
        if (
            seats == 1
        ):  # rank says nothing with one seat: half the reward is the points, scaled to the trials'
            lo, hi = min(points), max(points)
            if hi > lo:
                value = [
                    v - 0.5 * self.samples + 0.5 * self.samples * (p - lo) / (hi - lo)
                    for v, p in zip(value, points)
                ]
        top = max(value)
        best = [a for a, v in zip(legal, value) if v == top]
        return best[self.rng.randrange(len(best))]
