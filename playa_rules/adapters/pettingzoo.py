"""Every rule set as a PettingZoo AEC environment: ``playa_rules.pettingzoo.env(...)``.

Agents are the people's seats, ``player_0`` .. ``player_{n-1}`` (seats the rules play
themselves move inside ``step``). An observation is ``{"observation": the rule set's
tensor (adapters.observation), "action_mask": 1 at each legal action id}``; actions are
``Discrete(rules.num_distinct_actions)``. Chance is sampled from the generator that
``reset(seed=...)`` seeds. Rewards come once, at the end, from the scores (``returns``:
``win``, ``relative`` or ``scores``, see :func:`~playa_rules.adapters.common.returns_of`).
"""

from __future__ import annotations

from operator import index as _index

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..errors import IllegalAction, PlayaRulesError, shown
from ..render.progress import end_condition, hand_progress
from ..render.screen import Screen
from . import common, zoo

RENDER_WIDTH = 100  # characters of an ansi render's lines


class _BeforeReset:
    """What ``raw_env.game`` is until ``reset()``: any use says so, as a PlayaRulesError."""

    def __getattr__(self, name):
        if name.startswith("__"):  # copy and pickle probe for these: plain Python answers
            raise AttributeError(name)
        raise PlayaRulesError("reset() the environment first: it has no match yet")


_BEFORE_RESET = _BeforeReset()


def env(**kwargs):
    """The environment with PettingZoo's usual wrappers (illegal moves end the game with a
    penalty, actions checked against the space, the order of calls enforced)."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(zoo.ZooEnv, AECEnv):
    """A playa-rules rule set as an AEC environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "playa_rules_v0", "is_parallelizable": False}

    def __init__(
        self,
        rules="playa-pirata",
        players=None,
        variants=(),
        render_mode=None,
        returns="win",
        max_cycles=None,
    ):
        super().__init__()
        zoo.check_settings(render_mode, returns, max_cycles)
        self._serve(rules, players, variants, render_mode, returns, max_cycles)
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self.game = _BEFORE_RESET
        self._screen = None  # made at the first render

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
        try:
            seat = self._seats[agent]
        except (KeyError, TypeError):
            raise PlayaRulesError(
                f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}"
            ) from None
        to_act = not self.game.is_over and self.game.current_player == seat
        return self._observation(seat, self.game.legal_action_ids() if to_act else None)

    def step(self, action):
        """Play ``action`` (an id) for the agent to act; the match's end gives the rewards."""
        try:
            agent = self.agent_selection
        except AttributeError:  # (set by reset)
            raise PlayaRulesError("reset() the environment before the first step()") from None
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # PettingZoo's own: ValueError for anything but None (its protocol)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(action if action.__class__ is int else self._id_of(action, agent))
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

    def _id_of(self, action, agent: str) -> int:
        """The action id ``action`` is (an integer-like such as numpy's), else IllegalAction saying why."""
        if action.__class__ is not bool:  # (never a subclass: bool has none)
            try:
                return _index(action)  # numpy's integers, as action_space(agent).sample(mask) gives them
            except TypeError:
                pass
        if action is None:
            why = "None is the action of an agent that is terminated or truncated only"
        else:
            why = f"{shown(action)} is not an action id"
            if isinstance(action, str):
                ids = [a.id for a in self.game.legal_actions() if str(a) == action.strip()]
                why += f" (the id of '{action.strip()}' is {ids[0]})" if ids else ""
        raise IllegalAction(
            f"{agent} is to act: {why}; step takes one of its legal action ids (the 1s of its "
            f"action_mask, in Discrete({self.rules.num_distinct_actions}))",
            action=action,
            legal=[str(a) for a in self.game.legal_actions()],
        )

    def render(self):
        """The current view of the agent to act, as text (render_mode 'ansi'); after the end, the result."""
        if self.render_mode is None or self.game is _BEFORE_RESET:
            return None
        game = self.game
        if game.is_over:
            view = game.view(None)
            winners = game.winners()
            won = f"won by {', '.join(self.possible_agents[s] for s in winners)}" if winners else "no winner"
            return f"{self.rules.title}: the match is over after hand {view['hand']}, scores {view['scores']}, {won}"
        seat = game.current_player if game.current_player is not None else 0
        view = game.view(seat)
        ends_early = end_condition(self.rules.spec) is not None
        lines = [
            f"{self.rules.title}: {hand_progress(view['hand'], view['hands'], ends_early)}, "
            f"phase {view['phase']}, "
            f"seat {view['current_player']} to act, scores {view['scores']}"
        ]
        if self._screen is None:  # the terminal's screen of `playa-rules play --human`, as plain text
            spec = self.rules.spec
            self._screen = Screen(
                spec.get("display"), spec.get("variables"), self.rules.program.model.constants, ends_early
            )
        lines += [line.rstrip() for line in self._screen.text(view, RENDER_WIDTH).rstrip("\n").splitlines()]
        legal = view.get("legal_actions", [])
        lines.append(f"{self.possible_agents[seat]}'s legal actions (id: text):")
        lines += [f"  {a['id']}: {a['text']}" for a in legal[:20]]
        lines += [f"  ... {len(legal) - 20} more"] if len(legal) > 20 else []
        return "\n".join(lines)
