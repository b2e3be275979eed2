"""``python -m playa_rules.bench.simulate [--games K] [--ismcts-games K]``: how fast ``simulate`` plays.

For every bundled game at its smallest player count it prints games per second with
random agents and with ismcts at its default budget on every seat (one worker each),
then the speed-up of two workers over one (random agents; pool start-up included).
"""

from __future__ import annotations

import argparse
import time

from ..rules import games, load
from ..simulation.batch import simulate


def rate(game: str, players: int, count: int, agents, workers: int) -> float:
    """Games per second of one ``simulate`` call."""
    start = time.perf_counter()
    simulate(load(game), players=players, games=count, agents=agents, workers=workers)
    return count / (time.perf_counter() - start)


def main(argv=None) -> int:
    """Print the table of games per second and the two-worker speed-up."""
    parser = argparse.ArgumentParser(prog="python -m playa_rules.bench.simulate")
    parser.add_argument("--games", type=int, default=200, help="games per random run (default 200)")
    parser.add_argument("--ismcts-games", type=int, default=4, help="games per ismcts run (default 4)")
    args = parser.parse_args(argv)
    print(f"{'game':<20} {'players':>7} {'random g/s':>11} {'ismcts g/s':>11} {'2 workers / 1':>14}")
    for gid in games():
        n = load(gid).player_counts[0]
        one = rate(gid, n, args.games, ("random",), 1)
        two = rate(gid, n, args.games, ("random",), 2)
        ismcts = rate(gid, n, args.ismcts_games, ("ismcts",), 1)
        print(f"{gid:<20} {n:>7} {one:>11.1f} {ismcts:>11.3f} {two / one:>14.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
