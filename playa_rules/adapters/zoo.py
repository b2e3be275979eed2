"""What the two PettingZoo environments share, the AEC one (:mod:`.pettingzoo`) and the
parallel one (:mod:`.parallel`): their settings checked, the rules they serve with the
agents' names and spaces, and an agent's observation with its action mask."""

from __future__ import annotations

import json

import numpy as np
from gymnasium import spaces

from ..errors import PlayaRulesError
from ..rules import load
from . import common
from .observation import Layout


def check_settings(render_mode, returns, max_cycles) -> None:
    """PlayaRulesError for a render mode, returns mapping or cycle bound the environments do not take."""
    if render_mode not in (None, "ansi"):
        raise PlayaRulesError(f"render_mode is None or 'ansi', not {render_mode!r}")
    if returns not in common.RETURNS:
        raise PlayaRulesError(f"returns is one of {', '.join(common.RETURNS)}, not {returns!r}")
    if max_cycles is not None and (
        isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
    ):
        raise PlayaRulesError(f"max_cycles is a whole number from 1 (or None: no limit), not {max_cycles!r}")


class ZooEnv:
    """The part of a PettingZoo environment that is the rule set's: listed first among the
    bases, so that its spaces, ``close`` and ``state`` are the ones used."""

    def _serve(self, rules, players, variants, render_mode, returns, max_cycles) -> None:
        """Load the rules (``variants``: a list, as pr.load takes them) and set what every
        environment has: the people, the settings, the layout, the agents and the spaces."""
        self.rules = load(rules, variants=variants)
        self.people = common.people(self.rules, players)
        self.render_mode = render_mode
        self.returns = returns
        self.max_cycles = max_cycles
        self.layout = Layout(self.rules.program)
        self.possible_agents = [f"player_{s}" for s in range(self.people)]
        n = self.rules.num_distinct_actions
        if n == 0:  # gymnasium has no Discrete(0), and an agent with no decision has nothing to learn
            raise PlayaRulesError(
                f"{self.rules.id} has no actions: no seat ever decides, so a PettingZoo environment "
                "has no agent to step; play it with pr.load(...).new_game(...), whose game is over "
                "when made, or through the OpenSpiel adapter"
            )
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(self.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(n)

    def observation_space(self, agent):
        """The same Dict space for every agent."""
        return self._obs_space

    def action_space(self, agent):
        """Discrete over every action id of the rule set."""
        return self._act_space

    def _observation(self, seat: int, legal_ids=None) -> dict:
        """What ``seat`` may know as a tensor, and its action mask: 1 at each of ``legal_ids``
        (None: the seat is not to act, all zeros)."""
        tensor = np.empty(self.layout.size, np.float32)
        self.layout.write(self.game, seat, tensor)  # (zeroes it first)
        mask = np.zeros(self.rules.num_distinct_actions, np.int8)
        if legal_ids is not None:
            mask[legal_ids] = 1
        return {"observation": tensor, "action_mask": mask}

    def close(self):
        """Nothing to release."""

    def state(self):
        """The whole state as JSON text, for debugging only: not an array, and the environments
        declare no ``state_space`` (docs/adapters.md)."""
        return json.dumps(self.game.view(None), sort_keys=True)
