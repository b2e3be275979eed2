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

from ..errors import PlayaRulesError
from ..rules import load


class _EngineRunner:
    """Plays whole random matches of a game with the engine, a slice of time at a time."""

    def __init__(self, game_id: str, players: int):
        self.rules = load(game_id)
        self.players = players
        self.rng = random.Random(1)
        self.matches = 0

    def run(self, seconds: float) -> tuple[int, int, float]:
        """(hands, actions, elapsed) for whole matches played in about ``seconds``."""
        hands = actions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            game = self.rules.new_game(self.players, seed=self.matches)
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[self.rng.randrange(len(legal))])
                actions += 1
            hands += len(game.hand_scores)
            self.matches += 1
        return hands, actions, time.perf_counter() - t0


class _ReferenceRunner:
    """Plays random hands with the hand-written reference, a slice of time at a time."""

    def __init__(self, path: Path, players: int):
        spec = importlib.util.spec_from_file_location("playa_reference", path)
        self.ref = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.ref)
        self.players = players
        self.rng = random.Random(1)
        self.hands = 0

    def run(self, seconds: float) -> tuple[int, int, float]:
        """(hands, actions, elapsed) for hands played in about ``seconds``."""
        hands = actions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            _, a = self.ref.random_hand(self.players, self.rng, start=self.hands % self.players)
            hands += 1
            actions += a
            self.hands += 1
        return hands, actions, time.perf_counter() - t0


def measure(runners: list, seconds: float, slice_seconds: float = 0.25) -> list[tuple[float, float]]:
    """(hands/s, actions/s) per runner, running them in alternating slices so load hits both alike."""
    totals = [[0, 0, 0.0] for _ in runners]
    rounds = max(1, int(seconds / slice_seconds))
    for _ in range(rounds):
        for r, tot in zip(runners, totals):
            h, a, dt = r.run(slice_seconds)
            tot[0] += h
            tot[1] += a
            tot[2] += dt
    return [(h / dt, a / dt) for h, a, dt in totals]


def find_reference() -> Path | None:
    """The reference file beside the checkout (../shared/bench/), if there is one."""
    here = Path(__file__).resolve().parents[2]
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
        runners = [_EngineRunner(args.game, args.players)]
    except PlayaRulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if ref_path is not None and ref_path.is_file():
        runners.append(_ReferenceRunner(ref_path, args.players))
    results = measure(runners, args.seconds)
    eh, ea = results[0]
    print(f"engine     players={args.players} hands/s={eh:8.1f} actions/s={ea:9.0f}")
    if len(results) == 1:
        print("reference  not found (give --reference PATH to playa_reference.py)")
        return 0
    rh, ra = results[1]
    print(f"reference  players={args.players} hands/s={rh:8.1f} actions/s={ra:9.0f}")
    print(f"ratio      engine/reference hands/s = {eh / rh:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
