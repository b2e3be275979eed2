"""Every rule set as a PettingZoo parallel environment: ``playa_rules.pettingzoo.parallel_env(...)``.

Each ``step(actions)`` is one decision of the game: the agents of every seat the game waits
for (``game.acting``: all the seats a simultaneous step asks, else the one seat to act)
give their action ids together, applied as one joint action (``Game.apply_joint``); the
actions given for the other agents are ignored (their ``action_mask`` is all zeros, from
which ``action_space(agent).sample(mask)`` gives 0). Observations, spaces, chance and
rewards are those of the AEC environment (:mod:`.pettingzoo`): ``{"observation": tensor,
"action_mask": ...}`` per agent, chance seeded by ``reset(seed=...)``, rewards once at the
end. Every agent terminates when the match ends, and is truncated after ``max_cycles`` steps.
An action id that is not legal for its agent ends the match as PettingZoo's
``TerminateIllegalWrapper`` does for the AEC environment: every agent terminates, the
agents at fault get -1 (the others 0) and ``infos[agent]["illegal_action"]`` names the id;
``illegal="raise"`` raises ``IllegalAction`` instead.
"""

from __future__ import annotations

import json
from operator import index as _index

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from ..errors import IllegalAction, PlayaRulesError, shown
from ..rules import load
from . import common
from .observation import Layout


class parallel_env(ParallelEnv):
    """A playa-rules rule set as a PettingZoo ParallelEnv (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "playa_rules_parallel_v0"}

    def __init__(
        self,
        rules="playa-pirata",
        players=None,
        variants=(),
        render_mode=None,
        returns="win",
        max_cycles=None,
        illegal="terminate",
    ):
        if render_mode not in (None, "ansi"):
            raise PlayaRulesError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if illegal not in ("terminate", "raise"):
            raise PlayaRulesError(f"illegal is 'terminate' or 'raise', not {illegal!r}")
        self.illegal = illegal
        if returns not in common.RETURNS:
            raise PlayaRulesError(f"returns is one of {', '.join(common.RETURNS)}, not {returns!r}")
        if max_cycles is not None and (
            isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
        ):
            raise PlayaRulesError(
                f"max_cycles is a whole number from 1 (or None: no limit), not {max_cycles!r}"
            )
        self.rules = load(rules, variants=variants)
        self.people = common.people(self.rules, players)
        self.render_mode = render_mode
        self.returns = returns
        self.max_cycles = max_cycles
        self.layout = Layout(self.rules.program)
        self.possible_agents = [f"player_{s}" for s in range(self.people)]
        self.agents = []
        n = self.rules.num_distinct_actions
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(self.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(n)
        self.game = None

    def observation_space(self, agent):
        """The same Dict space for every agent."""
        return self._obs_space

    def action_space(self, agent):
        """Discrete over every action id of the rule set."""
        return self._act_space

    def reset(self, seed=None, options=None):
        """A new match; ``seed`` fixes its chance. Returns (observations, infos)."""
        self.game = self.rules.new_game(self.people, seed=seed)
        self.agents = self.possible_agents[:]
        self.steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict:
        game, out = self.game, {}
        acting = set(game.acting)
        for seat, agent in enumerate(self.possible_agents):
            tensor = np.empty(self.layout.size, np.float32)
            self.layout.write(game, seat, tensor)  # (zeroes it first)
            mask = np.zeros(self.rules.num_distinct_actions, np.int8)
            if seat in acting:
                mask[game.legal_action_ids(seat)] = 1
            out[agent] = {"observation": tensor, "action_mask": mask}
        return out

    def step(self, actions):
        """Apply the actions of the agents the game waits for, together; returns (observations,
        rewards, terminations, truncations, infos)."""
        if self.game is None:
            raise PlayaRulesError("reset() the environment before the first step()")
        if not self.agents:
            raise PlayaRulesError("the match is over: reset() the environment for another")
        if not isinstance(actions, dict):
            raise IllegalAction(f"step takes a dict agent -> action id, not {shown(actions)}", action=actions)
        joint = {}
        for seat in self.game.acting:
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise IllegalAction(
                    f"{agent} is to act: step needs its action id (the agents to act: "
                    f"{', '.join(self.possible_agents[s] for s in self.game.acting)})",
                    action=None,
                )
            joint[seat] = self._id_of(actions[agent], agent)
        faults = {s: a for s, a in joint.items() if a not in self.game.legal_action_ids(s)}
        if faults and self.illegal == "terminate":
            return self._illegal(faults)
        self.game.apply_joint(joint)  # (with faults and illegal="raise": IllegalAction, nothing applied)
        self.steps += 1
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        over = self.game.is_over
        if over:
            for a, r in zip(self.possible_agents, common.returns_of(self.game, self.people, self.returns)):
                rewards[a] = float(r)
        cut = not over and self.max_cycles is not None and self.steps >= self.max_cycles
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, cut)
        observations = self._observations()
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, {a: {} for a in agents}

    def _illegal(self, faults: dict):
        """An illegal action: the match ends, -1 to each agent at fault (TerminateIllegalWrapper's rule)."""
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        infos = {a: {} for a in agents}
        for seat, action in faults.items():
            agent = self.possible_agents[seat]
            rewards[agent] = -1.0
            infos[agent]["illegal_action"] = action
        self.agents = []
        return self._observations(), rewards, dict.fromkeys(agents, True), dict.fromkeys(agents, False), infos

    def _id_of(self, action, agent: str) -> int:
        if action.__class__ is not bool:
            try:
                return _index(action)
            except TypeError:
                pass
        raise IllegalAction(f"{agent} is to act: {shown(action)} is not an action id", action=action)

    def render(self):
        """The whole view and the seats to act, as text (render_mode 'ansi')."""
        if self.render_mode is None or self.game is None:
            return None
        view = self.game.view(None)
        return f"{self.rules.title}: phase {view['phase']}, seats to act {list(self.game.acting)}, scores {view['scores']}"

    def close(self):
        """Nothing to release."""

    def state(self):
        """The whole state as JSON text (for debugging)."""
        return json.dumps(self.game.view(None), sort_keys=True)
