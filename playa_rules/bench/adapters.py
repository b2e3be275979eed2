"""Random play through each adapter and directly, in the same run: actions per second.

    python -m playa_rules.bench.adapters [--game playa-pirata] [--players 3] [--seconds 2]

Direct play and PettingZoo sample chance; OpenSpiel plays it explicitly, so its count
includes the chance outcomes it applies (reported apart). Needs the extras ``openspiel``
and ``pettingzoo``; a missing one is skipped with a note.
"""

from __future__ import annotations

import argparse
import random
import time

from ..rules import load


def direct(game_id: str, players: int, seconds: float) -> float:
    """Decisions per second with the engine's own API."""
    rules, rng, n, t0, seed = load(game_id), random.Random(1), 0, time.perf_counter(), 0
    while time.perf_counter() - t0 < seconds:
        game = rules.new_game(players, seed=seed)
        seed += 1
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            n += 1
    return n / (time.perf_counter() - t0)


def openspiel(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    """(decisions, chance outcomes) per second through pyspiel."""
    import pyspiel

    from .. import openspiel as _  # noqa: F401  (registers the game)

    game = pyspiel.load_game("playa_rules", {"rules": game_id, "players": players})
    rng, decisions, chance, t0 = random.Random(1), 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    dt = time.perf_counter() - t0
    return decisions / dt, chance / dt


def pettingzoo(game_id: str, players: int, seconds: float) -> float:
    """Decisions per second through the AEC environment (observations and masks included)."""
    import numpy as np

    from ..pettingzoo import env as make

    e, rng, n, t0, seed = (
        make(rules=game_id, players=players),
        np.random.default_rng(1),
        0,
        time.perf_counter(),
        0,
    )
    while time.perf_counter() - t0 < seconds:
        e.reset(seed=seed)
        seed += 1
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
    return n / (time.perf_counter() - t0)


def main(argv=None) -> int:
    """Print actions per second directly and through each adapter."""
    ap = argparse.ArgumentParser(
        prog="python -m playa_rules.bench.adapters", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--game", default="playa-pirata")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    base = direct(args.game, args.players, args.seconds)
    print(f"direct      {args.game} players={args.players} decisions/s={base:9.0f}")
    try:
        dec, ch = openspiel(args.game, args.players, args.seconds)
        print(
            f"openspiel   decisions/s={dec:9.0f} (+ chance outcomes/s={ch:8.0f})  ratio to direct {dec / base:.2f}"
        )
    except ImportError:
        print("openspiel   not installed (pip install 'playa-rules[openspiel]')")
    try:
        pz = pettingzoo(args.game, args.players, args.seconds)
        print(f"pettingzoo  decisions/s={pz:9.0f}  ratio to direct {pz / base:.2f}")
    except ImportError:
        print("pettingzoo  not installed (pip install 'playa-rules[pettingzoo]')")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
