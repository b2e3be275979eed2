"""Benchmark: random hands per second, as a ratio to a hand-written reference.

    python -m playa_rules.bench [--players 3] [--seconds 3] [--reference PATH]

Plays random one-hand games of a bundled game with the engine, and the same with
the hand-written reference (``shared/bench/playa_reference.py``, found beside the
checkout or given with ``--reference``), in the same run, and prints both speeds
and their ratio. Speed is reported, never asserted: timings on a shared machine vary.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path

from .errors import PlayaRulesError
from .rules import load


def engine_hands_per_second(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    """(hands/s, actions/s) playing whole random matches of ``game_id`` (each hand counts)."""
    rules = load(game_id)
    rng = random.Random(1)
    hands = actions = matches = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game = rules.new_game(players, seed=matches)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
        hands += len(game.hand_scores)
        matches += 1
    dt = time.perf_counter() - t0
    return hands / dt, actions / dt


def reference_hands_per_second(path: Path, players: int, seconds: float) -> tuple[float, float]:
    """(hands/s, actions/s) of the hand-written reference."""
    spec = importlib.util.spec_from_file_location("playa_reference", path)
    ref = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ref)
    rng = random.Random(1)
    hands = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _, a = ref.random_hand(players, rng, start=hands % players)
        hands += 1
        actions += a
    dt = time.perf_counter() - t0
    return hands / dt, actions / dt


def find_reference() -> Path | None:
    """The reference file beside the checkout (../shared/bench/), if there is one."""
    here = Path(__file__).resolve().parent.parent
    for base in (Path.cwd(), here):
        for candidate in (base / "shared" / "bench", base.parent / "shared" / "bench"):
            p = candidate / "playa_reference.py"
            if p.is_file():
                return p
    return None


def main(argv=None) -> int:
    """Run the benchmark and print the ratio."""
    ap = argparse.ArgumentParser(prog="python -m playa_rules.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="playa-pirata")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--reference", type=Path, default=None)
    args = ap.parse_args(argv)
    ref_path = args.reference or find_reference()
    try:
        eh, ea = engine_hands_per_second(args.game, args.players, args.seconds)
    except PlayaRulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"engine     players={args.players} hands/s={eh:8.1f} actions/s={ea:9.0f}")
    if ref_path is None or not ref_path.is_file():
        print("reference  not found (give --reference PATH to playa_reference.py)")
        return 0
    rh, ra = reference_hands_per_second(ref_path, args.players, args.seconds)
    print(f"reference  players={args.players} hands/s={rh:8.1f} actions/s={ra:9.0f}")
    print(f"ratio      engine/reference hands/s = {eh / rh:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
