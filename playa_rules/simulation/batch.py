"""``pr.simulate``: many seeded games between agents, summarized (the ``simulate`` command).

>>> import playa_rules as pr
>>> result = pr.simulate("playa-pirata", players=2, games=4, workers=1)
>>> result["games"], len(result["seats"]), result["agents"]
(4, 2, ['random'])
"""

from __future__ import annotations

import operator
import os
import pickle

from ..agents import agent_name, make_agent
from ..errors import PlayaRulesError, shown
from ..rules import Rules, load
from ..shared.limits import seed_range_problem
from .play import MAX_ACTIONS, Unit
from .runner import run
from .summary import summarize

MAX_GAMES = 10_000_000


def resolve_rules(game, variants=()) -> Rules:
    """A ``Rules`` from a ``Rules``, a bundled id or a path, with ``variants`` applied."""
    if isinstance(game, Rules):
        if variants:
            raise PlayaRulesError("give variants with a game id or path, not with loaded Rules")
        return game
    return load(game, variants=list(variants or ()))


def check_agents(agents) -> tuple:
    """The agent specs as a tuple, each checked now (a bad name fails before any game starts)."""
    if isinstance(agents, (str, type)) or callable(agents):
        agents = (agents,)
    agents = tuple(agents)
    if not agents:
        raise PlayaRulesError("no agents: give at least one")
    import random

    for spec in agents:
        make_agent(spec, random.Random(0))
    return agents


def check_seed(seed) -> int:
    """The first game's seed, a whole number (game ``i`` plays with ``seed + i``)."""
    if not isinstance(seed, bool):
        try:
            return int(operator.index(seed))  # an int, or an integer-like such as numpy's
        except TypeError:
            pass
    raise PlayaRulesError(
        f"a batch's seed is a whole number, not {seed!r}: game i plays with seed + i "
        f"(for a text seed, play single games with rules.new_game(players, seed=...))"
    )


def _whole(x):
    """``x`` as an int when it is an integer-like but a bool (numpy's integers too), else as it is."""
    if isinstance(x, int) and not isinstance(x, bool):
        return int(x)
    if not isinstance(x, bool):
        try:
            return operator.index(x)
        except TypeError:
            pass
    return x


def check_workers(workers) -> int:
    """The number of worker processes: None (the CPU count) or a whole number from 1."""
    if workers is None:
        return os.cpu_count() or 1
    workers = _whole(workers)
    if not isinstance(workers, int) or workers < 1:
        raise PlayaRulesError(
            f"workers is a whole number from 1 (or None for the CPU count), not {workers!r}"
        )
    return workers


def check_max_actions(max_actions) -> int:
    """``max_actions``, the actions a game may take before it stops with an error: a whole number from 1."""
    value = _whole(max_actions)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PlayaRulesError(f"max_actions must be a whole number from 1, not {max_actions!r}")
    return value


def units_for(
    rules: Rules,
    players: int,
    games: int,
    agents: tuple,
    seed: int,
    rotate: bool,
    side: str = "",
    max_actions: int = MAX_ACTIONS,
) -> list[Unit]:
    """The work units of a batch: game ``i`` has the seed ``seed + i`` (``seed`` as check_seed gives it)."""
    max_actions = check_max_actions(max_actions)
    games, players = _whole(games), _whole(players)
    if not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise PlayaRulesError(f"games must be a whole number from 1 to {MAX_GAMES}, not {games!r}")
    if not isinstance(players, int) or players not in rules.player_counts:
        raise PlayaRulesError(rules.not_for(players))
    probe = rules.new_game(players, seed=0)
    deciding = probe.players - len(probe.automata)
    if len(agents) not in (1, deciding):
        raise PlayaRulesError(f"{len(agents)} agents for {deciding} seats: give one agent, or one per seat")
    problem = seed_range_problem(seed, seed + games - 1, texts=False)
    if problem:  # each game would fail at new_game
        raise PlayaRulesError(f"{problem} (game i plays with seed + i, here {seed} to {seed + games - 1})")
    return [Unit(i, rules, players, seed + i, agents, rotate, side, max_actions) for i in range(games)]


def checked(rules: Rules, players, agents, seed, workers, backend: str = "process") -> tuple:
    """The settings simulate and compare share, checked: ``(players, agents, seed, workers)``,
    the players by default the rule set's smallest count."""
    players = rules.player_counts[0] if players is None else players
    agents = check_agents(agents)
    return players, agents, check_seed(seed), shippable(agents, check_workers(workers), workers, backend)


def shippable(agents: tuple, workers: int, asked, backend: str) -> int:
    """The number of worker processes to use: an agent that cannot be pickled (a lambda, a
    function or class defined inside a function) cannot be sent to one. With ``workers`` left
    at its default (None) the games are then played in this process; with a number of workers
    asked for, PlayaRulesError says what to do. (Ray pickles functions itself.)"""
    if workers <= 1 or backend != "process":
        return workers
    for spec in agents:
        try:
            pickle.dumps(spec)
        except Exception as exc:  # noqa: BLE001 - pickle raises PicklingError, AttributeError or TypeError
            if asked is None:
                return 1
            raise PlayaRulesError(
                f"the agent {agent_name(spec)!r} cannot be sent to worker processes ({shown(str(exc))}): "
                f"define it at the top level of a module (a function or a class, not a lambda or one "
                f"defined inside a function), or play in this process with workers=1"
            ) from None
    return workers


def simulate(
    game,
    variants=(),
    *,
    players: int | None = None,
    games: int = 100,
    agents=("random",),
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    rotate: bool = True,
    max_actions: int = MAX_ACTIONS,
    on_done=None,
) -> dict:
    """Play ``games`` seeded games of ``game`` (with ``variants``) between ``agents``; the summary as plain data.

    ``players`` defaults to the smallest count; ``agents`` is one spec for every seat or one
    per seat (rotated over the seats from game to game unless ``rotate=False``);
    ``seed`` is a whole number (game ``i`` plays with ``seed + i``); ``workers`` is a whole
    number from 1, None for the CPU count; a game not over after ``max_actions`` actions stops
    the batch with a PlayaRulesError naming it; ``on_done(records)`` is called as games finish.
    The result is the ``--json`` document of ``playa-rules simulate`` (docs/simulation.md).
    """
    rules = resolve_rules(game, variants)
    players, agents, seed, workers = checked(rules, players, agents, seed, workers, backend)
    units = units_for(rules, players, games, agents, seed, rotate, max_actions=max_actions)
    records, interrupted = run(units, workers, backend, address, on_done)
    return summarize(records, meta_of(rules, players, games, agents, seed, rotate, interrupted))


def meta_of(rules, players, games, agents, seed, rotate, interrupted) -> dict:
    """The settings a summary starts with (never the worker count: it does not change results)."""
    return {
        "game": rules.id,
        "title": rules.title,
        "variants": list(rules.variants),
        "players": players,
        "requested": games,
        "seed": seed,
        "agents": [agent_name(a) for a in agents],
        "rotate": rotate,
        "interrupted": interrupted,
    }
