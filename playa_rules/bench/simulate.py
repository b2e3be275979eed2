"""``python -m playa_rules.bench.simulate [--games K] [--ismcts-games K] [--example-games K]``: how fast ``simulate`` plays.

For every bundled game at its smallest player count it prints games per second with
random agents and with ismcts at its default budget on every seat (one worker each),
then the speed-up of two workers over one (random agents; pool start-up included).

With ``--example-games K`` it also plays the README's example, ``simulate playa-pirata
-p 3 --agents ismcts,random,random``, K games on one worker and on two: the wall and CPU
time of each (CPU: this process and its workers), the two-worker speed-up, the time 200
games would take at the two-worker rate, and the ismcts seat's win rate with its 95%
interval (the same games on both runs).
"""

from __future__ import annotations

import argparse
import resource
import time

from ..rules import games, load
from ..simulation.batch import simulate


def rate(game: str, players: int, count: int, agents, workers: int) -> float:
    """Games per second of one ``simulate`` call."""
    start = time.perf_counter()
    simulate(load(game), players=players, games=count, agents=agents, workers=workers)
    return count / (time.perf_counter() - start)


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def example(count: int) -> None:
    """The README's ismcts example on one worker and on two (module doc)."""
    rules = load("playa-pirata")
    runs = {}
    for workers in (1, 2):
        wall, cpu = time.perf_counter(), _cpu()
        result = simulate(
            rules, players=3, games=count, agents=("ismcts", "random", "random"), workers=workers
        )
        runs[workers] = (time.perf_counter() - wall, _cpu() - cpu, result)
    for workers, (wall, cpu, _) in runs.items():
        print(f"README example, {count} games, {workers} worker(s): {wall:.1f} s wall, {cpu:.1f} s CPU")
    one, two = runs[1][0], runs[2][0]
    agent = runs[2][2]["by_agent"]["ismcts"]
    lo, hi = agent["win_rate_ci"]
    print(
        f"2 workers / 1: {one / two:.2f}; 200 games at the 2-worker rate: {200 * two / count / 60:.1f} min; "
        f"ismcts wins {agent['wins']} of {agent['seat_games']}, {100 * agent['win_rate']:.1f}% "
        f"(95% CI {100 * lo:.1f}% - {100 * hi:.1f}%)"
    )


def main(argv=None) -> int:
    """Print the table of games per second and the two-worker speed-up."""
    parser = argparse.ArgumentParser(prog="python -m playa_rules.bench.simulate")
    parser.add_argument("--games", type=int, default=200, help="games per random run (default 200)")
    parser.add_argument("--ismcts-games", type=int, default=4, help="games per ismcts run (default 4)")
    parser.add_argument(
        "--example-games", type=int, default=0, help="also time the README's ismcts example with K games"
    )
    args = parser.parse_args(argv)
    if args.example_games > 0:
        example(args.example_games)
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
