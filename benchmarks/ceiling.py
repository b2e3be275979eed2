"""How fast could the engine be with nothing between the rules' own code? A measurement.

    python benchmarks/ceiling.py [--seconds 2] [--players 2,3,4]

Plays random Playa Pirata matches three ways, in alternating quarter-second slices, and
prints hands per second as ratios to the project's hand-written reference
(``playa_reference.py``) and, when found, to ``../shared/bench/playa_reference.py``:

- ``engine``: the public API loop the benchmark times (``legal_actions``, ``legal[i]``,
  ``apply``);
- ``lean``: the same compiled program (the same generated listings, effects and hooks)
  driven directly: an action is picked off the listing's runs and its effect run, with no
  ``Action`` object, no stamp check, no ``act`` log entry or knowledge masks, no error
  guards and no flow loop around each decision. Turn, phase and hand starts and scoring
  are the engine's own methods. It plays the very same games as the API loop for a seed
  (``tests/bench/test_bench_ceiling.py``), so the difference is what the engine's machinery
  around the rules costs, and ``lean`` is an upper bound for any rewrite of that machinery
  that keeps today's generated rules code.

It reads engine internals on purpose; it is a measuring tool, not an API.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from bisect import bisect_right
from pathlib import Path

import playa_rules as pr
from playa_rules.engine.state import HAND_END, HAND_START, PHASE_START, STEP_ENTER, TURN_START

HERE = Path(__file__).resolve().parent
GAME = "playa-pirata"


def _module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Runs:
    """What a step's listing writes into: runs and their cumulative ends (as ``Legal``)."""

    __slots__ = ("_runs", "_ends")

    def __init__(self):
        self._runs, self._ends = [], [0]


def lean_match(rules, players: int, seed, rng: random.Random):
    """One random match driven without the API; returns the finished ``Game`` (its state
    as the engine left it: scores, hands). Picks ``rng.randrange(len(legal))`` as the API
    loop does, so the same ``rng`` and seed play the same match."""
    game = rules.new_game(players, seed=seed)
    g, prog = game.g, game.program
    if any(a is not None for a in g.auto) or any(s.free for p in prog.phases for s in p.steps):
        raise ValueError("the lean driver plays rules without automata or free actions")
    phases = prog.phases
    runs, ends = game._legal._runs, game._legal._ends
    while True:
        i = rng.randrange(ends[-1])
        r = bisect_right(ends, i) - 1
        d, vals, _, items, lo = runs[r]
        if items is not None:
            vals = vals + (items[lo + i - ends[r]][0],)
        d.effect(g, d.env(g, g.seat, vals))
        if g.end is None:  # (an end is handled by the flow below, as the engine does)
            step = phases[g.phase_i].steps[g.step_i]
            if step.repeat:
                out = _Runs()
                step.plan(g, g.seat, out)
                if out._ends[-1]:
                    runs, ends = out._runs, out._ends
                    continue
            g.step_i += 1
            g.mode = STEP_ENTER
        while True:  # the flow, to the next decision
            if g.end is not None:
                game._handle_end()
                if game.is_over:
                    return game
                continue
            mode = g.mode
            if mode == STEP_ENTER:
                steps = phases[g.phase_i].steps
                if g.step_i >= len(steps):
                    g.turn_k += 1
                    g.mode = TURN_START
                    continue
                step = steps[g.step_i]
                if step.when is not None and not step.when(g, {"me": g.seat}):
                    g.step_i += 1
                    continue
                if step.effect is not None:
                    step.effect(g, {"me": g.seat})
                    if g.end is not None:
                        continue
                out = _Runs()
                step.plan(g, g.seat, out)
                if out._ends[-1]:
                    runs, ends = out._runs, out._ends
                    break
                game._blocked(step)
            elif mode == TURN_START:
                game._start_turn(phases[g.phase_i])
            elif mode == PHASE_START:
                game._start_phase()
            elif mode == HAND_START:
                game._start_hand()
            elif mode == HAND_END:
                game._score_hand()
                g.hand += 1
                if g.hand >= g.hands or (prog.end_when is not None and prog.end_when(g, {"me": g.start})):
                    game._finish()
                    return game
                g.start = (
                    prog.next_start(g, {"me": g.start}) if prog.next_start else g.start + prog.rotate
                ) % g.n
                g.mode = HAND_START
            else:
                return game


def api_match(rules, players: int, seed, rng: random.Random):
    """One random match through the public API, as ``python -m playa_rules.bench`` plays it."""
    game = rules.new_game(players, seed=seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


class _Runner:
    def __init__(self, kind: str, players: int, reference=None):
        self.kind, self.players, self.ref = kind, players, reference
        self.rules = pr.load(GAME)
        self.rng = random.Random(1)
        self.count = 0

    def run(self, seconds: float) -> tuple[int, float]:
        hands, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            if self.ref is not None:
                self.ref.random_hand(self.players, self.rng, start=self.count % self.players)
                hands += 1
            else:
                play = lean_match if self.kind == "lean" else api_match
                hands += len(play(self.rules, self.players, self.count, self.rng).g.hand_scores)
            self.count += 1
        return hands, time.perf_counter() - t0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per player count and runner (default 2)")
    parser.add_argument("--players", default="2,3,4", help="player counts (default 2,3,4)")
    args = parser.parse_args(argv)
    own = _module(HERE / "playa_reference.py", "own_reference")
    shared_path = HERE.parent.parent / "shared" / "bench" / "playa_reference.py"
    shared = _module(shared_path, "shared_reference") if shared_path.is_file() else None
    print("Playa Pirata, random hands per second as ratios (same run, alternating slices)")
    print(f"{'players':>7} {'engine/own':>10} {'lean/own':>9} {'engine/shared':>13} {'lean/shared':>11}")
    for players in (int(p) for p in args.players.split(",")):
        runners = {
            "engine": _Runner("engine", players),
            "lean": _Runner("lean", players),
            "own": _Runner("own", players, own),
        }
        if shared is not None:
            runners["shared"] = _Runner("shared", players, shared)
        for r in runners.values():
            r.run(0.1)
        totals = {k: [0, 0.0] for k in runners}
        for _ in range(max(1, int(args.seconds / 0.25))):
            for k, r in runners.items():
                h, dt = r.run(0.25)
                totals[k][0] += h
                totals[k][1] += dt
        rate = {k: h / dt for k, (h, dt) in totals.items()}
        cells = [rate["engine"] / rate["own"], rate["lean"] / rate["own"]]
        line = f"{players:>7} {cells[0]:>10.2f} {cells[1]:>9.2f}"
        if shared is not None:
            line += f" {rate['engine'] / rate['shared']:>13.2f} {rate['lean'] / rate['shared']:>11.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
