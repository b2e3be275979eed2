"""The README's ismcts example, timed by CPU and checked for strength: `PYTHONPATH=. python benchmarks/ismcts.py`.

``simulate playa-pirata -p 3 --agents AGENT,random,random`` played game by game in this
process (one worker, so the CPU time is the agent's and the engine's, with no pool), for
each agent spec given (``--agents ismcts ismcts:reuse=0 main@ismcts``: the same seeds for each, the specs
taking turns game by game so that a change in the machine's load falls on all;
``REV@spec`` is the agent of ``playa_rules/agents/ismcts.py`` at git revision REV, the
rest of the package this checkout's).
For each it prints the process CPU seconds per game, the ratio to the first spec, the
ismcts seat's wins with the Wilson 95% interval, and the search's iterations per game
(played, and taken over from earlier searches by tree reuse).

``--positions N`` searches instead, with a fresh agent of each spec (seeded by the
position's number), at N decisions with a choice spread over a seeded random 3-player
match: the same positions for every spec, and a fixed, deterministic workload for
``valgrind --tool=callgrind`` (instructions, which a shared machine's load does not
disturb; give one spec per run there).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time
import types

from playa_rules.agents import ISMCTSAgent, LazyLog, LazyView, Worlds, parse_spec
from playa_rules.rules import load
from playa_rules.simulation.play import Unit, play_game
from playa_rules.simulation.stats import wilson


class _Counted:
    """An ismcts with the options of a spec, counting (per class: see :func:`counted`) its
    iterations and searches."""

    options: dict = {}
    iterations = 0
    searches = 0
    reused_total = 0

    def __init__(self, rng):
        super().__init__(rng, **self.options)

    def act(self, view, legal, log, worlds):
        if len(legal) > 1:
            cls = type(self)
            cls.searches += 1
            before = getattr(self, "reused", 0)  # (0 for an ismcts without tree reuse)
            choice = super().act(view, legal, log, worlds)
            cls.reused_total += getattr(self, "reused", 0) - before
            return choice
        return super().act(view, legal, log, worlds)

    def _iterate(self, root, world):
        type(self).iterations += 1
        super()._iterate(root, world)


def at_revision(rev: str) -> type:
    """``ISMCTSAgent`` as ``playa_rules/agents/ismcts.py`` was at git revision ``rev`` (a reference
    run in the same process: the rest of the package is this checkout's)."""
    text = subprocess.run(
        ["git", "show", f"{rev}:playa_rules/agents/ismcts.py"], capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(f"playa_rules.agents.ismcts_at_{rev}")
    module.__package__ = "playa_rules.agents"
    exec(compile(text, f"{rev}:playa_rules/agents/ismcts.py", "exec"), module.__dict__)
    return module.ISMCTSAgent


def counted(spec: str) -> type:
    """A counting agent class for an ismcts spec, ``REV@spec`` for the agent of git revision REV."""
    rev, at, spec = spec.rpartition("@")
    name, options = parse_spec(spec)
    if name != "ismcts":
        raise SystemExit(f"{spec!r} is not an ismcts spec")
    base = at_revision(rev) if at else ISMCTSAgent
    return type("Searcher", (_Counted, base), {"options": options})


def play(rules, cls: type, index: int) -> tuple[float, bool]:
    """CPU seconds of game ``index`` with ``cls`` the first agent (rotated), and whether it won."""
    start = time.process_time()
    record = play_game(Unit(index, rules, 3, index, (cls, "random", "random")))
    cpu = time.process_time() - start
    seats = record["seats"]
    return cpu, any(record["agents"][seats.index(w)] == cls.__name__ for w in record["winners"])


def positions(rules, classes: dict, count: int) -> int:
    """Search with each spec at ``count`` fixed positions (module doc)."""
    game, rng, every = rules.new_game(3, seed=0), random.Random(0), []
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) > 1:
            every.append(game.clone())
        game.apply(legal[rng.randrange(len(legal))])
    found = [every[k * len(every) // count] for k in range(min(count, len(every)))]  # spread over the match
    for spec, cls in classes.items():
        start = time.process_time()
        for k, position in enumerate(found):
            seat = position.current_player
            agent = cls(random.Random(k))
            worlds = Worlds(lambda r, p=position, s=seat: p.sample_world(s, r), seat, agent.rng)
            view, log = LazyView(lambda: position.view(seat)), LazyLog(lambda: position.log_for(seat))
            agent.act(view, position.legal_actions(), log, worlds)
        cpu = time.process_time() - start
        print(f"{spec:<24} {len(found)} positions: {cpu:.2f} s CPU, {cls.iterations} iterations")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/ismcts.py")
    parser.add_argument("--games", type=int, default=20, help="games per agent (default 20)")
    parser.add_argument("--agents", nargs="+", default=["ismcts"], help="ismcts specs to compare")
    parser.add_argument("--positions", type=int, default=None, help="search at N fixed positions instead")
    args = parser.parse_args(argv)
    rules = load("playa-pirata")
    classes = {spec: counted(spec) for spec in args.agents}
    if args.positions is not None:
        return positions(rules, classes, args.positions)
    play_game(Unit(0, rules, 3, 10**6, ("random",)))  # warm-up: the generated code compiles
    cpu = dict.fromkeys(args.agents, 0.0)
    wins = dict.fromkeys(args.agents, 0)
    for i in range(args.games):
        for spec in args.agents:
            seconds, won = play(rules, classes[spec], i)
            cpu[spec] += seconds
            wins[spec] += won
    first = cpu[args.agents[0]]
    print(f"{args.games} games of playa-pirata, 3 players, AGENT,random,random (rotated), one process")
    for spec, cls in classes.items():
        n, k = args.games, wins[spec]
        lo, hi = wilson(k, n)
        print(
            f"{spec:<24} {cpu[spec] / n:6.2f} s CPU a game (x{cpu[spec] / first:.2f}), "
            f"wins {k}/{n} {100 * k / n:.1f}% ({100 * lo:.1f}% - {100 * hi:.1f}%), "
            f"{cls.iterations / n:.0f} iterations a game over {cls.searches / n:.1f} searches, "
            f"{cls.reused_total / n:.0f} reused"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
