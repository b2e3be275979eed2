"""The uniformly random agent: the baseline every other agent is measured against."""

from __future__ import annotations


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"

    def __init__(self, rng):
        self.rng = rng

    def act(self, view, legal, log, worlds):
        """One legal action at random."""
        return legal[self.rng.randrange(len(legal))]
