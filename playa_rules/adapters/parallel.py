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

from operator import index as _index

from pettingzoo import ParallelEnv

from ..errors import IllegalAction, PlayaRulesError, shown
from . import common, zoo


class parallel_env(zoo.ZooEnv, ParallelEnv):
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
        zoo.check_settings(render_mode, returns, max_cycles)
        if illegal not in ("terminate", "raise"):
            raise PlayaRulesError(f"illegal is 'terminate' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self._serve(rules, players, variants, render_mode, returns, max_cycles)
        self.agents = []
        self.game = None

    def reset(self, seed=None, options=None):
        """A new match; ``seed`` fixes its chance. Returns (observations, infos)."""
        self.game = self.rules.new_game(self.people, seed=seed)
        self.agents = self.possible_agents[:]
        self.steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict:
        game = self.game
        acting = set(game.acting)
        return {
            agent: self._observation(seat, game.legal_action_ids(seat) if seat in acting else None)
            for seat, agent in enumerate(self.possible_agents)
        }

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
