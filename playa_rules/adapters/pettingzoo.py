"""Every rule set as a PettingZoo AEC environment: ``playa_rules.pettingzoo.env(...)``.

Agents are the people's seats, ``player_0`` .. ``player_{n-1}`` (seats the rules play
themselves move inside ``step``). An observation is ``{"observation": the rule set's
tensor (adapters.observation), "action_mask": 1 at each legal action id}``; actions are
``Discrete(rules.num_distinct_actions)``. Chance is sampled from the generator that
``reset(seed=...)`` seeds. Rewards come once, at the end, from the scores (``returns``:
``win``, ``relative`` or ``scores``, see :func:`~playa_rules.adapters.common.returns_of`).
"""
from __future__ import annotations

import json

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import common
from .observation import Layout


def env(**kwargs):
    """The environment with PettingZoo's usual wrappers (illegal moves end the game with a
    penalty, actions checked against the space, the order of calls enforced)."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    """A playa-rules rule set as an AEC environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "playa_rules_v0", "is_parallelizable": False}

    def __init__(self, rules="playa-pirata", players=None, variants=(), render_mode=None,
                 returns="win", max_cycles=None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if returns not in common.RETURNS:
            raise ValueError(f"returns is one of {', '.join(common.RETURNS)}, not {returns!r}")
        self.rules = common.rules_from(rules, variants)
        self.people = common.people(self.rules, players)
        self.render_mode = render_mode
        self.returns = returns
        self.max_cycles = max_cycles
        self.layout = Layout(self.rules.program)
        self.possible_agents = [f"player_{s}" for s in range(self.people)]
        self.agents = self.possible_agents[:]
        n = self.rules.num_distinct_actions
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(self.layout.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
        })
        self._act_space = spaces.Discrete(n)
        self.game = None

    def observation_space(self, agent):
        """The same Dict space for every agent."""
        return self._obs_space

    def action_space(self, agent):
        """Discrete over every action id of the rule set."""
        return self._act_space

    def reset(self, seed=None, options=None):
        """A new match; ``seed`` fixes its chance (None: unseeded)."""
        self.game = self.rules.new_game(self.people, seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self._agent_of(self.game.current_player)

    def _agent_of(self, seat) -> str:
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent):
        """What ``agent`` may know, as a tensor, and its action mask (zeros unless it is to act)."""
        seat = self.possible_agents.index(agent)
        tensor = np.empty(self.layout.size, np.float32)
        self.layout.write(self.game, seat, tensor)   # (zeroes it first)
        mask = np.zeros(self.rules.num_distinct_actions, np.int8)
        if not self.game.is_over and self.game.current_player == seat:
            mask[self.game.legal_action_ids()] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action):
        """Play ``action`` (an id) for the agent to act; the match's end gives the rewards."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(int(action))
        self.steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over:
            for a, r in zip(self.possible_agents, common.returns_of(self.game, self.people, self.returns)):
                self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.steps >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if not self.game.is_over:
            self.agent_selection = self._agent_of(self.game.current_player)
        else:
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        if self.render_mode == "ansi":
            pass  # rendered on request: render() returns the text

    def render(self):
        """The current view of the agent to act, as text (render_mode 'ansi')."""
        if self.render_mode is None or self.game is None:
            return None
        seat = self.game.current_player if self.game.current_player is not None else 0
        view = self.game.view(seat)
        lines = [f"{self.rules.title}: hand {view['hand']} of {view['hands']}, phase {view['phase']}, "
                 f"seat {view['current_player']} to act, scores {view['scores']}"]
        lines += [f"  {a['id']}: {a['text']}" for a in view.get("legal_actions", [])[:20]]
        return "\n".join(lines)

    def close(self):
        """Nothing to release."""

    def state(self):
        """The whole state as JSON text (for debugging)."""
        return json.dumps(self.game.view(None), sort_keys=True)
