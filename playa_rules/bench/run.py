"""Benchmark: speed as ratios measured in the same run, never asserted.

    python -m playa_rules.bench [--seconds 2] [--players 2,3,4] [--games ID,...] [--reference PATH]

Prints three tables:

1. The ratio to a hand-written reference: random one-hand games with the engine and with
   the project's own hand-written reference (``benchmarks/playa_reference.py``, checked
   against the engine by ``tests/bench/test_bench_reference.py``), in alternating quarter-second
   slices so that a busy machine slows both alike; a second reference given with
   ``--reference`` (or ``../shared/bench/playa_reference.py`` beside the checkout) is
   measured too.
2. Per game and player count: decisions per second in random play (after a short warm-up,
   in alternating slices with the reference game, before the positions below are gathered:
   kept clones slow every collection), and the cost of one ``apply``, of reading the legal
   action ids (a mask), of ``view(seat to act)`` and of ``clone()``, each in microseconds
   over the same random positions (the best of twelve passes, the four calls' passes taking
   turns, the garbage collector paused while timed, as ``timeit`` does; random play keeps
   it); then each game's cost per decision as a multiple of the reference game's, played
   beside it.
3. Loading each game: cold (a fresh Python process, the time of ``pr.load`` alone; the
   median of three) and warm (loading again in the same process, the rule file's caches
   cleared).
4. With ``--backends``: per game, decisions per second in random play with the generated
   backend and with the closures alone (``PLAYA_RULES_BACKEND=closures``), in alternating
   slices, and their ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from ..errors import PlayaRulesError
from ..rules import collector_paused, games, load
from . import yardsticks

REFERENCE_GAME = "playa-pirata"  # the game the hand-written references play


class _RandomPlay:
    """Plays random matches of one rule set (the reference's game by default): hands and
    decisions counted."""

    def __init__(self, players: int, rules=None):
        self.rules = rules if rules is not None else load(REFERENCE_GAME)
        self.players = players
        self.rng = random.Random(1)
        self.games = 0

    def run(self, seconds: float) -> tuple[int, int, float]:
        hands = actions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            game = self.rules.new_game(self.players, seed=self.games)
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[self.rng.randrange(len(legal))])
                actions += 1
            hands += len(game.hand_scores)
            self.games += 1
        return hands, actions, time.perf_counter() - t0


class _ReferenceRunner:
    """Plays random hands with a hand-written reference module (``random_hand``)."""

    def __init__(self, module, players: int):
        self.ref = module
        self.players = players
        self.rng = random.Random(1)
        self.hands = 0

    def run(self, seconds: float) -> tuple[int, int, float]:
        hands = actions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            _, a = self.ref.random_hand(self.players, self.rng, start=self.hands % self.players)
            hands += 1
            actions += a
            self.hands += 1
        return hands, actions, time.perf_counter() - t0


def measure(runners: list, seconds: float, slice_seconds: float = 0.25) -> list[tuple[float, float]]:
    """(hands/s, actions/s) per runner, running them in alternating slices so load hits both
    alike, after a short warm-up of each, not counted (the rules' generated code is compiled
    when first called: a cost of a game's first moves, not of play)."""
    for r in runners:
        r.run(min(0.1, slice_seconds / 2))
    totals = [[0, 0, 0.0] for _ in runners]
    rounds = max(1, int(seconds / slice_seconds))
    for _ in range(rounds):
        for r, tot in zip(runners, totals):
            h, a, dt = r.run(slice_seconds)
            tot[0] += h
            tot[1] += a
            tot[2] += dt
    return [(h / dt, a / dt) for h, a, dt in totals]


@contextlib.contextmanager
def _backend(name: str):
    """Rules loaded inside use backend ``name`` ('generated' or 'closures')."""
    from .. import rules as _rules

    saved = os.environ.get("PLAYA_RULES_BACKEND")
    if name == "closures":
        os.environ["PLAYA_RULES_BACKEND"] = "closures"
    else:
        os.environ.pop("PLAYA_RULES_BACKEND", None)
    _rules.clear_cache()
    try:
        yield
    finally:
        _rules.clear_cache()
        if saved is None:
            os.environ.pop("PLAYA_RULES_BACKEND", None)
        else:
            os.environ["PLAYA_RULES_BACKEND"] = saved


def backends(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    """(generated, closures) decisions per second in random play, measured in alternating slices."""
    runners = []
    for name in ("generated", "closures"):
        with _backend(name):
            runners.append(_RandomPlay(players, load(game_id)))
    (_, gen), (_, clo) = measure(runners, seconds)
    return gen, clo


def _relative(measured: dict) -> None:
    """Each other game's cost per decision as a multiple of the reference game's, at the same
    player count (by decisions per second, and by the cost of one apply), when both were measured."""
    rows = []
    for (g, n), c in measured.items():
        ref = measured.get((REFERENCE_GAME, n))
        if g != REFERENCE_GAME and "reference/s" in c:  # the reference game played beside it
            by_apply = c["apply"] / ref["apply"] if ref and "apply" in c and "apply" in ref else None
            rows.append((g, n, c["reference/s"] / c["decisions/s"], by_apply))
    if rows:
        print(f"   cost per decision, times {REFERENCE_GAME}'s at the same player count:")
        for g, n, by_rate, by_apply in rows:
            print(
                f"   {g:<18} {n:>4} players   {by_rate:>5.2f}x by decisions/s"
                + (f", {by_apply:.2f}x by apply" if by_apply is not None else "")
            )


# ------------------------------------------------------------------ the references
def own_reference():
    """The project's hand-written reference: the installed module, else benchmarks/ in the checkout."""
    try:
        return importlib.import_module("playa_rules_benchmarks.playa_reference")
    except ImportError:
        pass
    here = Path(__file__).resolve().parents[2]
    for base in (here, Path.cwd()):
        path = base / "benchmarks" / "playa_reference.py"
        if path.is_file():
            return _module(path)
    return None


def find_reference() -> Path | None:
    """The second yardstick beside the checkout (``../shared/bench/playa_reference.py``), if there is one."""
    here = Path(__file__).resolve().parents[2]
    for base in (Path.cwd(), here):
        for candidate in (base / "shared" / "bench", base.parent / "shared" / "bench"):
            p = candidate / "playa_reference.py"
            if p.is_file():
                return p
    return None


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(f"reference_{abs(hash(str(path)))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ costs per call
def costs(game_id: str, players: int, seconds: float) -> dict:
    """Decisions/s and the cost in µs of apply, mask, view and clone over random positions.

    Decisions per second are timed in random play alone (nothing kept), after a short
    warm-up (see :func:`measure`), in alternating slices with the reference game at the same player count
    (``"reference/s"``), so that the cost per decision as a multiple of the reference
    game's compares two figures taken side by side.
    """
    rules = load(game_id)
    runners = [_RandomPlay(players, rules)]
    if game_id != REFERENCE_GAME:
        runners.append(_RandomPlay(players))
    rates = measure(runners, seconds / 2)
    out = {"decisions/s": rates[0][1]}
    if len(rates) > 1:
        out["reference/s"] = rates[1][1]
    rng = random.Random(7)
    positions = []  # then random positions, kept apart from the timed play (their clones cost
    seed = 0  # time, and hundreds kept alive make each collection of the play's garbage slower)
    while len(positions) < 400 and seed < 400:
        game = rules.new_game(players, seed=10_000 + seed)
        seed += 1
        while not game.is_over:
            legal = game.legal_actions()
            if rng.random() < 0.05 and len(positions) < 400:
                positions.append((game.clone(), rng.randrange(len(legal))))
            game.apply(legal[rng.randrange(len(legal))])
    if not positions:
        return out

    def fresh():  # clones to apply to (a clone copies the shared generator when it first draws: not apply's cost)
        clones = [p.clone() for p, _ in positions]
        for g in clones:
            if g.g.rng_shared:
                g.g.own_rng()
        return clones, [g.legal_actions()[i] for g, (_, i) in zip(clones, positions)]

    def apply(ready):
        for g, a in zip(*ready):
            g.apply(a)

    def mask(clones):
        for g in clones:
            g._by_id = None
            g.legal_action_ids()

    def view(_):
        for g, _ in positions:
            g.view(g.current_player)

    def clone(_):
        for g, _ in positions:
            g.clone()

    calls = {
        "apply": (apply, fresh),
        "mask": (mask, lambda: [p.clone() for p, _ in positions]),
        "view": (view, lambda: None),
        "clone": (clone, lambda: None),
    }
    out.update(_per_call(calls, len(positions)))
    return out


def _per_call(calls: dict, n: int, rounds: int = 12) -> dict:
    """Seconds per call of each ``run(setup())`` (``calls``: name -> (run, setup)) over ``n``
    positions: the best of ``rounds`` passes, the passes of every call taking turns (a busy
    moment of the machine slows one round of all of them, not all rounds of one; a pass of
    Playa Pirata's apply lasts 5 ms, and passes of one call vary by 20% on a shared machine,
    so five passes left its best 15% apart from one run to the next), the
    garbage collector paused while timed (as ``timeit`` does): one collection walking
    hundreds of kept clones would land on whichever call triggered it. Random play's
    decisions per second keep the collector running, as a program would."""
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(rounds):
        for name, (run, setup) in calls.items():
            ready = setup()
            with collector_paused():
                t = time.perf_counter()
                run(ready)
                best[name] = min(best[name], time.perf_counter() - t)
    return {name: t / n for name, t in best.items()}


def load_times(game_id: str, runs: int = 3) -> tuple[float, float]:
    """(cold, warm) seconds to load a bundled game: cold the median of ``runs`` fresh
    processes (one alone varies by 10 to 20% on a shared machine), warm the best of three."""
    code = (
        "import time, playa_rules as pr\nt = time.perf_counter()\n"
        f"pr.load({game_id!r})\nprint(time.perf_counter() - t)"
    )
    colds = []
    for _ in range(runs):
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        colds.append(float(proc.stdout.strip()) if proc.returncode == 0 else float("nan"))
    cold = sorted(colds)[len(colds) // 2]
    from .. import rules as _rules

    best = float("inf")
    for _ in range(3):
        _rules.clear_cache(files=True)
        t = time.perf_counter()
        load(game_id)
        best = min(best, time.perf_counter() - t)
    return cold, best


# ------------------------------------------------------------------ the report
def main(argv=None) -> int:
    """Run the benchmark and print the tables."""
    ap = argparse.ArgumentParser(prog="python -m playa_rules.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per measurement (default 2)")
    ap.add_argument(
        "--players", default="2,3,4", help="player counts for the reference ratio (default 2,3,4)"
    )
    ap.add_argument(
        "--games", default=",".join(games()), help="games for the cost table (default: every bundled game)"
    )
    ap.add_argument(
        "--reference", type=Path, default=None, help="a second hand-written reference to compare with"
    )
    ap.add_argument("--no-load", action="store_true", help="skip the load times")
    ap.add_argument("--no-search", action="store_true", help="skip the ISMCTS timing")
    ap.add_argument(
        "--backends", action="store_true", help="also compare the generated backend with the closures alone"
    )
    args = ap.parse_args(argv)
    try:
        counts = [int(p) for p in args.players.split(",") if p.strip()]
        game_ids = [g for g in args.games.split(",") if g.strip()]
        for g in game_ids:
            load(g)
    except (ValueError, PlayaRulesError) as exc:
        print(f"python -m playa_rules.bench: error: {exc}", file=sys.stderr)
        return 2
    own = own_reference()
    second = args.reference or find_reference()
    second = _module(second) if second is not None and Path(second).is_file() else None

    print("1. Playa Pirata, random hands: engine / hand-written reference (same run, interleaved)")
    head = f"{'players':>7}  {'engine hands/s':>14}  {'reference hands/s':>17}  {'ratio':>5}"
    if second is not None:
        head += f"  {'shared ref hands/s':>18}  {'ratio':>5}"
    print(head)
    for n in counts:
        runners = (
            [_RandomPlay(n)]
            + ([_ReferenceRunner(own, n)] if own else [])
            + ([_ReferenceRunner(second, n)] if second else [])
        )
        results = measure(runners, args.seconds)
        line = f"{n:>7}  {results[0][0]:>14.0f}"
        if own:
            line += f"  {results[1][0]:>17.0f}  {results[0][0] / results[1][0]:>5.2f}"
        else:
            line += f"  {'(not found)':>17}  {'':>5}"
        if second:
            line += f"  {results[-1][0]:>18.0f}  {results[0][0] / results[-1][0]:>5.2f}"
        print(line)
    print()
    yardsticks.report(args.seconds, measure, search=not args.no_search)

    print()
    print("2. Per game: random play, and the cost of one call in µs over the same positions")
    print(
        f"{'game':<18} {'players':>7} {'decisions/s':>11} {'apply':>7} {'mask':>7} {'view':>7} "
        f"{'clone':>7}   mask/apply view/apply"
    )
    measured = {}
    for g in game_ids:
        rules = load(g)
        for n in sorted({min(max(3, min(rules.player_counts)), max(rules.player_counts))}):
            c = measured[g, n] = costs(g, n, args.seconds)
            if "apply" not in c:
                print(f"{g:<18} {n:>7} {c['decisions/s']:>11.0f}")
                continue
            us = {k: c[k] * 1e6 for k in ("apply", "mask", "view", "clone")}
            print(
                f"{g:<18} {n:>7} {c['decisions/s']:>11.0f} {us['apply']:>7.1f} {us['mask']:>7.1f} "
                f"{us['view']:>7.1f} {us['clone']:>7.1f}   {us['mask'] / us['apply']:>10.2f} "
                f"{us['view'] / us['apply']:>10.2f}"
            )
    _relative(measured)
    if not args.no_load:
        print()
        print("3. Loading a bundled game (parse, schema, compile, checks), in ms")
        print(f"{'game':<18} {'cold':>8} {'warm':>8}")
        for g in game_ids:
            cold, warm = load_times(g)
            print(f"{g:<18} {cold * 1e3:>8.0f} {warm * 1e3:>8.0f}")
    if args.backends:
        print()
        print(
            "4. Random play, decisions/s: the generated backend / the closures alone (same run, interleaved)"
        )
        print(f"{'game':<18} {'players':>7} {'generated':>10} {'closures':>10} {'ratio':>6}")
        for g in game_ids:
            rules = load(g)
            n = min(max(3, min(rules.player_counts)), max(rules.player_counts))
            gen, clo = backends(g, n, args.seconds)
            print(f"{g:<18} {n:>7} {gen:>10.0f} {clo:>10.0f} {gen / clo:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
