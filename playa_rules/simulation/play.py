"""One game between agents, as plain data: the work unit of every batch.

:func:`play_game` gives each agent only its seat's view, its ``log_for(seat)``, the
legal actions and a world sampler (see :mod:`playa_rules.agents.protocol`). Seeds are
derived from the game's seed alone: the game uses ``seed``, the agent of seat ``s`` a
``random.Random("agent:{seed}:{s}")``, so a game's record depends on nothing but its
unit, whichever process plays it.

A game is played with Python's cyclic garbage collector paused, as an ``ismcts`` search
is (:mod:`playa_rules.agents.collector`; restored after, as it was): the engine and the
bundled agents make no reference cycles as they play (``tests/agents/test_collector.py`` checks
every bundled game), so reference counting frees what they drop, and the collector's
passes, each over every object alive, the rule set's memos included (they grow as games
are played), no longer run between one search and the next. A cycle an agent makes is
collected after the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..agents import LazyLog, LazyView, Worlds, agent_name, make_agent
from ..agents.collector import paused
from ..engine.actions import Action
from ..errors import IllegalAction, PlayaRulesError
from ..shared.limits import MAX_GAME_ACTIONS

MAX_ACTIONS = (
    MAX_GAME_ACTIONS  # actions (decisions of the agents) in one game, unless max_actions says otherwise
)


@dataclass(frozen=True)
class Unit:
    """One game to play: the rules (picklable), the player count, the seed, the agents (one, or one per deciding seat)."""

    index: int
    rules: object
    players: int
    seed: int
    agents: tuple
    rotate: bool = True
    side: str = ""  # in a comparison: which rule set ("base" or "variant"); copied to the record
    max_actions: int = MAX_ACTIONS  # a game not over after this many actions stops with an error


def seats_order(agents: tuple, deciding: int, index: int, rotate: bool) -> tuple:
    """The agent of each deciding seat in game ``index``: game i shifts them i places when rotating."""
    if len(agents) == 1:
        return tuple(agents) * deciding
    if len(agents) != deciding:
        raise PlayaRulesError(f"{len(agents)} agents for {deciding} seats: give one agent, or one per seat")
    if not rotate:
        return tuple(agents)
    shift = index % deciding
    return tuple(agents[(j - shift) % deciding] for j in range(deciding))


def _resolve(choice, legal, unit: Unit, seat: int, name: str):
    """The legal ``Action`` an agent's answer (an Action, an id or a text) names."""
    if choice.__class__ is Action and choice.stamp is not None and choice.stamp is legal.stamp:
        return choice  # one of these legal actions (most agents answer so): nothing to search
    for a in legal:
        if a is choice or a == choice or choice == a.id or choice == str(a):
            return a
    raise IllegalAction(
        f"game {unit.index} (seed {unit.seed}): the agent {name!r} of seat {seat} chose "
        f"{choice!r}, which is not legal now"
    )


def too_long(unit: Unit) -> PlayaRulesError:
    """Game ``unit`` did not end within its ``max_actions`` actions: stopped, naming the bound and,
    when the checker already said the rules cannot finish, its warning (as ``play`` does)."""
    message = (
        f"game {unit.index} (seed {unit.seed}) did not end within {unit.max_actions:,} action{'' if unit.max_actions == 1 else 's'}: "
        "stopped (give --max-actions, or max_actions=, to play longer)"
    )
    endless = [d for d in unit.rules.warnings if d.code == "endless-phase"]
    if endless:
        message += f"; {endless[0].location()}: the rules cannot finish: {endless[0].message}"
    return PlayaRulesError(message)


def play_game(unit: Unit) -> dict:
    """Play one game of ``unit`` to the end and describe it as plain data (module doc)."""
    with paused():
        return _play(unit)


def _play(unit: Unit) -> dict:
    """:func:`play_game` with the collector paused."""
    game = unit.rules.new_game(unit.players, seed=unit.seed)
    deciding = [s for s in range(game.players) if s not in game.automata]
    order = seats_order(unit.agents, len(deciding), unit.index, unit.rotate)
    agents = {}
    names = {seat: agent_name(spec) for seat, spec in zip(deciding, order)}
    for seat, spec in zip(deciding, order):
        rng = random.Random(f"agent:{unit.seed}:{seat}")
        agents[seat] = (make_agent(spec, rng), rng)
    actions: dict[str, int] = {}
    first = game.current_player
    decisions = 0
    while not game.is_over:
        if decisions >= unit.max_actions:
            raise too_long(unit)
        seat = game.current_player
        legal = game.legal_actions()
        agent, rng = agents[seat]
        view = LazyView(lambda: game.view(seat))
        log = LazyLog(lambda: game.log_for(seat))
        worlds = Worlds(lambda r, seat=seat: game.sample_world(seat, r), seat, rng)
        choice = _resolve(agent.act(view, legal, log, worlds), legal, unit, seat, names[seat])
        view.close()
        log.close()
        actions[choice.name] = actions.get(choice.name, 0) + 1
        game.apply(choice)
        decisions += 1
    rules: dict[str, list[int]] = {}
    for detail in game.g.score_detail:  # each hand's points per rule and seat (the log's score events)
        for seat, parts in enumerate(detail):
            for rid, points in parts.items():
                rules.setdefault(rid, [0] * game.players)[seat] += points
    record = {
        "index": unit.index,
        "seed": unit.seed,
        "agents": [agent_name(a) for a in order],
        "seats": deciding,
        "first": first,
        "scores": [s if isinstance(s, int) else float(s) for s in game.scores()],  # JSON numbers
        "winners": game.winners(),
        "decisions": decisions,
        "actions": dict(sorted(actions.items())),
        "rules": {rid: [p if isinstance(p, int) else float(p) for p in row] for rid, row in rules.items()},
    }
    if unit.side:
        record["side"] = unit.side
    return record


def play_chunk(units: list) -> list[dict]:
    """Play several units in order (what one worker task does)."""
    return [play_game(u) for u in units]
