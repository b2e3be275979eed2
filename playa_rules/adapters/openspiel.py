"""Every rule set as an OpenSpiel game: ``pyspiel.load_game("playa_rules", {...})``.

Parameters: ``rules`` (a bundled id or a path), ``players`` (-1: the smallest count),
``variants`` (comma-separated), ``returns`` (``win``, ``relative`` or ``scores``, see
:func:`~playa_rules.adapters.common.returns_of`), ``max_abs_score`` (a positive bound on
the absolute scores, from which the utility range of score returns is declared; a match
whose returns fall outside that range raises rather than break the declaration). Chance is explicit: OpenSpiel's chance player (-1) is the
engine's ``CHANCE``, its outcomes the engine's, with exact probabilities. Seats the rules
play themselves are not OpenSpiel players: their moves happen inside ``apply_action``.
A rule set with a simultaneous step (``simultaneous:`` in a step) is a game of dynamics
``SIMULTANEOUS``: there the state is a simultaneous node (``current_player()`` is
``PlayerId.SIMULTANEOUS``), each person has its own legal actions (none for a seat the step
does not ask, which passes 0) and ``apply_actions`` applies the joint action; every other
decision is a node of one player, as in a sequential game. With ``simultaneous="sequential"``
the game is ``SEQUENTIAL`` instead: the seats of a simultaneous step choose in turn, each
choice sealed (the engine's one-seat-at-a-time API: the others see that it chose, not what),
for algorithms that play sequential games only (OpenSpiel's ISMCTS bot).
"""

from __future__ import annotations

import hashlib
import json
import math
import random

import numpy as np
import pyspiel

from ..engine import sealed as _sealed
from ..engine.chance import CHANCE
from ..errors import PlayaRulesError
from . import common, game_type
from .observation import Layout

_PARAMS = {
    "rules": "playa-pirata",
    "players": -1,
    "variants": "",
    "returns": "win",
    "max_abs_score": 1000,
    "information_state": "compact",
    "simultaneous": "joint",
}
INFORMATION_STATES = ("compact", "json")
SIMULTANEOUS = ("joint", "sequential")

GAME_TYPE = pyspiel.GameType(
    short_name="playa_rules",
    long_name="playa-rules: a rule set given as data",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)


def _game_type(utility, simultaneous: bool = False, perfect: bool = False, deterministic: bool = False):
    """The rule set's own game type (:mod:`.game_type` decides ``perfect`` and ``deterministic``);
    the registered GAME_TYPE says what any rule set may be."""
    t, kinds = GAME_TYPE, pyspiel.GameType
    return pyspiel.GameType(
        short_name=t.short_name,
        long_name=t.long_name,
        dynamics=kinds.Dynamics.SIMULTANEOUS if simultaneous else t.dynamics,
        chance_mode=kinds.ChanceMode.DETERMINISTIC if deterministic else t.chance_mode,
        information=kinds.Information.PERFECT_INFORMATION if perfect else t.information,
        utility=utility,
        reward_model=t.reward_model,
        max_num_players=t.max_num_players,
        min_num_players=t.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMS,
    )


class PlayaGame(pyspiel.Game):
    """A playa-rules rule set (with its variants) for a number of players."""

    def __init__(self, params=None):
        params = {**_PARAMS, **(params or {})}
        self.rules = common.rules_from(params["rules"], params["variants"])
        # OpenSpiel writes a game as "playa_rules(k=v,...)": commas inside a value would not
        # read back, so variants are kept joined by '+' (both separators are accepted)
        params["variants"] = "+".join(common.variant_list(params["variants"]))
        self.people = common.people(self.rules, params["players"])
        self.returns_mapping = params["returns"]
        self.information_state = params["information_state"]
        if self.information_state not in INFORMATION_STATES:
            raise PlayaRulesError(
                f"information_state is one of {', '.join(INFORMATION_STATES)}, not {self.information_state!r}"
            )
        self.sim_mode = params["simultaneous"]
        if self.sim_mode not in SIMULTANEOUS:
            raise PlayaRulesError(f"simultaneous is one of {', '.join(SIMULTANEOUS)}, not {self.sim_mode!r}")
        if self.returns_mapping not in common.RETURNS:
            raise PlayaRulesError(
                f"returns is one of {', '.join(common.RETURNS)}, not {self.returns_mapping!r}"
            )
        low, high = common.utility_bounds(
            self.returns_mapping, self.people, common.score_bound(params["max_abs_score"])
        )
        self.utility_range = (low, high)
        zero_sum = self.returns_mapping in ("win", "relative")
        source = self.rules.program.model.source
        self.length = common.length_bound((source[0], tuple(source[1])), self.people)
        self.layout = Layout(self.rules.program)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.num_distinct_actions,
            max_chance_outcomes=self.rules.max_chance_outcomes,
            num_players=self.people,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.length,
        )
        utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        self.simultaneous = self.sim_mode == "joint" and any(
            st.simultaneous is not None for ph in self.rules.program.phases for st in ph.steps
        )
        program = self.rules.program
        kind = _game_type(
            utility,
            self.simultaneous,
            game_type.perfect_information(program),
            game_type.deterministic(program.spec),
        )
        super().__init__(kind, info, params)

    def new_initial_state(self):
        """The start of a match (before its first chance event)."""
        return PlayaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer: observation (or, with perfect recall, information state) tensors and strings."""
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return PlayaObserver(self, recall)


class PlayaState(pyspiel.State):
    """A match in progress, played with explicit chance."""

    def __init__(self, game: PlayaGame):
        super().__init__(game)
        self._people = game.people
        self._mapping = game.returns_mapping
        self._limit = game.length
        self._range = game.utility_range
        self._moves = 0
        self.game = game.rules.new_game(game.people, chance="explicit")
        self._past = None  # in a resampled state: the history as the player who sampled it knows it
        self._joint_nodes = game.simultaneous  # False: a simultaneous step's seats choose in turn, sealed

    # ---------------------------------------------------------------- the OpenSpiel API
    def current_player(self):
        """The person to act, chance (-1), simultaneous (-2) in a simultaneous step, or terminal."""
        g = self.game
        if g.is_over:
            return pyspiel.PlayerId.TERMINAL
        if g.current_player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return (
            pyspiel.PlayerId.SIMULTANEOUS if self._joint_nodes and g.g.sim is not None else g.current_player
        )

    def _legal_actions(self, player):
        if player == pyspiel.PlayerId.SIMULTANEOUS:  # the flat joint actions: one per combination
            return list(range(math.prod(len(self.game.legal_actions(s)) for s in self.game.acting)))
        return self.game.legal_action_ids(player)  # (none for a seat that does not act now)

    def _apply_actions(self, actions):
        """A simultaneous node: one action per person; those of seats the step does not ask are ignored."""
        self._moves += 1
        if self._moves > self._limit:
            raise PlayaRulesError(f"the match went past {self._limit} moves, the game's declared bound")
        self.game.apply_joint({s: int(actions[s]) for s in self.game.acting})

    def chance_outcomes(self):
        """(outcome id, probability) pairs, sorted by id."""
        node = self.game._node  # (the floats of chance_outcomes()' Fractions, without their texts)
        return [] if node is None else sorted((oid, w / node.total) for oid, w, _ in node.options)

    def _apply_action(self, action):
        if (
            self._joint_nodes and self.game.g.sim is not None and not self.game.is_chance
        ):  # a flat joint action
            self._apply_actions(self._joint(int(action)))
            return
        self._moves += 1
        if self._moves > self._limit:
            raise PlayaRulesError(f"the match went past {self._limit} moves, the game's declared bound")
        self.game.apply(int(action))

    def _joint(self, flat: int) -> list:
        """A flat joint action as one action per person, OpenSpiel's way (the first player's
        the fastest-changing digit; a player with no legal action counts as one, -1)."""
        out = []
        for p in range(self._people):
            legal = self.game.legal_action_ids(p)
            if legal:
                flat, k = divmod(flat, len(legal))
                out.append(legal[k])
            else:
                out.append(-1)
        if flat:
            raise PlayaRulesError("that flat joint action is out of range")
        return out

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            for o, _ in self.game.chance_outcomes():
                if o.id == action:
                    return o.text
            return common.chance_text(self.game.rules, action)  # (an out-of-range id raises)
        if player == pyspiel.PlayerId.SIMULTANEOUS:  # a flat joint action: each person's text
            parts = [
                self._action_to_string(p, a) if a >= 0 else "-" for p, a in enumerate(self._joint(action))
            ]
            return "[" + ", ".join(parts) + "]"
        if player is not None and player >= 0 and player != self.game.current_player:
            a = next((a for a in self.game.legal_actions(player) if a.id == action), None)
        else:
            a = self.game._action_by_id(action)
        return str(a) if a is not None else common.action_text(self.game.rules, action)

    def is_terminal(self):
        """Whether the match is over."""
        return self.game.is_over

    def returns(self):
        """Per person, from the final scores (0 until the end)."""
        if not self.game.is_over:
            return [0.0] * self._people
        out = common.returns_of(self.game, self._people, self._mapping)
        low, high = self._range
        if low <= min(out) and max(out) <= high:
            return out
        raise PlayaRulesError(
            f"the match ended with returns {out} (scores {self.game.scores()}), outside the "
            f"utility range [{low:g}, {high:g}] the game declares: load it with a larger "
            f"max_abs_score (at least the largest absolute score a match can end with)"
        )

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, the rest redrawn (the engine's ``sample_world``).

        ``probability_sampler()`` (OpenSpiel's, a number in [0, 1)) seeds the draw, so the same
        sampler sequence gives the same worlds. What OpenSpiel's ``ISMCTSBot`` calls at each search.
        The seat to move is the real state's: in a sealed step (``simultaneous="sequential"``)
        sampled for a seat that chooses later, the world asks the same seat first.
        """
        seed = int(probability_sampler() * 2**53)
        player = int(player_id)
        other = self.clone()
        other._past = self.history_for(player)
        world = self.game.sample_world(player, random.Random(seed), chance="explicit")
        real = self.game.current_player
        if world.current_player != real and real in world.acting:  # a sealed step, sampled for a
            _sealed.focus(world, real)  # seat that does not choose next: the order stays the real one
        other.game = world
        return other

    def history_for(self, player: int) -> list:
        """``player``'s log: ``game.log_for(player)``, or in a resampled state the sampling player's
        log up to the sampling followed by what ``player`` saw since (the world's own log starts there)."""
        log = self.game.log_for(player)
        return log if self._past is None else self._past + log[1:]

    def __str__(self):
        return json.dumps(self.game.view(None), sort_keys=True)


class PlayaObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    The tensor is the rule set's :class:`~playa_rules.adapters.observation.Layout`; with
    perfect recall it also counts, per seat, the actions the observer saw it take (by id).
    The strings are the seat's view (observation) and the seat's log plus view (information
    state), as JSON: equal exactly when the seat cannot tell two states apart. The
    information state is given compact by default (the game parameter
    ``information_state="compact"``): the 32 hexadecimal digits of the BLAKE2b-128 digest of
    that JSON, a key for tabular algorithms that is equal exactly when the JSON is (but for
    a collision, chance about 2**-64 among 2**32 information states); ``"json"`` gives the
    JSON itself.
    """

    def __init__(self, game: PlayaGame, perfect_recall: bool):
        self.layout = game.layout
        self.recall = perfect_recall
        self.compact = game.information_state == "compact"
        size = self.layout.size + (game.people * game.rules.num_distinct_actions if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = self.layout.views(self.tensor[: self.layout.size])
        if perfect_recall:
            self.dict["played"] = self.tensor[self.layout.size :].reshape(
                game.people, game.rules.num_distinct_actions
            )

    def set_from(self, state: PlayaState, player: int) -> None:
        """Fill the tensor with what ``player`` may know of ``state``."""
        self.layout.write(state.game, player, self.tensor[: self.layout.size])
        if self.recall:
            played = self.dict["played"]
            played.fill(0)
            seats = played.shape[0]
            for ev in state.game._log:  # the actions log_for(player) shows with their id
                if (
                    ev[0] == "act"
                    and ev[1] < seats
                    and (
                        ev[1] == player  # its own moves, always (perfect recall)
                        or ev[2].defn.others_see == "move"  # not a move kept secret
                        and (ev[3] is None or all(mk >> player & 1 for mk in ev[3]))
                    )
                ):
                    played[ev[1], ev[2].id] += 1

    def string_from(self, state: PlayaState, player: int) -> str:
        """The seat's view (and, with perfect recall, its log) as JSON."""
        view = state.game.view(player)
        if not self.recall:
            return json.dumps(view, sort_keys=True)
        full = json.dumps({"log": state.history_for(player), "view": view}, sort_keys=True)
        return hashlib.blake2b(full.encode(), digest_size=16).hexdigest() if self.compact else full


pyspiel.register_game(GAME_TYPE, PlayaGame)
