"""The yardsticks beyond Playa Pirata: board games, OpenSpiel's C++ games, search.

Printed by ``python -m playa_rules.bench`` after the Playa Pirata ratio:

- tic-tac-toe and Connect Four (the rule files of ``tests/games/``): random games with
  the engine and with the project's hand-written versions (``benchmarks/tic_tac_toe.py``,
  ``benchmarks/connect_four.py``, checked against the engine by
  ``tests/bench/test_bench_board_references.py``), in alternating slices: the ratio of games per
  second; and, when ``pyspiel`` is installed, the engine's random-play decisions per second
  over those of OpenSpiel's C++ ``tic_tac_toe`` and ``connect_four`` driven from Python;
- ISMCTS: the time of 1,000 playouts at one mid-hand decision of Playa Pirata with 3
  players (the same position every run, after a search of a tenth of that as a warm-up:
  the generated code compiles when first called), beside random play's cost per decision
  there.

Each ratio compares two figures measured in the same run; nothing here is asserted.
"""

from __future__ import annotations

import importlib.util
import random
import time
from pathlib import Path

from ..rules import load

ROOT = Path(__file__).resolve().parents[2]
BOARD_GAMES = ("tic_tac_toe", "connect_four")  # benchmarks/NAME.py plays tests/games/NAME-with-dashes.yaml


def _checkout_file(*parts: str) -> Path | None:
    """``parts`` in the checkout (or the current folder), else the same file name in the
    installed ``playa_rules_benchmarks`` (the wheel ships the board yardsticks there)."""
    for base in (ROOT, Path.cwd()):
        path = base.joinpath(*parts)
        if path.is_file():
            return path
    found = importlib.util.find_spec("playa_rules_benchmarks")
    for base in (found.submodule_search_locations or []) if found is not None else []:
        path = Path(base, parts[-1])
        if path.is_file():
            return path
    return None


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(f"yardstick_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class EngineGames:
    """Random games of a rule set through the public API: (games, decisions, seconds)."""

    def __init__(self, rules, players: int = 2):
        self.rules, self.players, self.rng, self.games = rules, players, random.Random(1), 0

    def run(self, seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        rng, rules, players = self.rng, self.rules, self.players
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            game = rules.new_game(players, seed=self.games)
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
            self.games += 1
        return games, decisions, time.perf_counter() - t0


def random_game(game_class, rng: random.Random) -> tuple[list[int], int]:
    """One game of random legal moves of a hand-written game (a class with ``legal()``,
    ``apply(action)``, ``over`` and ``winners``, as in benchmarks/): (winners, moves)."""
    game = game_class()
    moves = 0
    while not game.over:
        legal = game.legal()
        game.apply(legal[rng.randrange(len(legal))])
        moves += 1
    return game.winners, moves


class HandWrittenGames:
    """Random games of a hand-written module (its ``Game`` class, played by :func:`random_game`)."""

    def __init__(self, module):
        self.module, self.rng = module, random.Random(1)

    def run(self, seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        game_class, rng = self.module.Game, self.rng
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            decisions += random_game(game_class, rng)[1]
            games += 1
        return games, decisions, time.perf_counter() - t0


class OpenSpielGames:
    """Random games of an OpenSpiel game (C++), driven from Python as an agent would."""

    def __init__(self, name: str):
        import pyspiel

        self.game, self.rng = pyspiel.load_game(name), random.Random(1)

    def run(self, seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        rng, game = self.rng, self.game
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
        return games, decisions, time.perf_counter() - t0


def board_games(seconds: float, measure) -> list[dict]:
    """Per board game: engine and hand-written games/s, their ratio, and the decisions/s
    ratio to OpenSpiel's C++ game when pyspiel is installed (None otherwise)."""
    rows = []
    for module_name in BOARD_GAMES:
        rule_name = module_name.replace("_", "-")
        rule_file = _checkout_file("tests", "games", f"{rule_name}.yaml")
        ref_file = _checkout_file("benchmarks", f"{module_name}.py")
        if rule_file is None or ref_file is None:
            rows.append({"game": rule_name, "missing": True})
            continue
        runners = [EngineGames(load(rule_file)), HandWrittenGames(_module(ref_file))]
        try:
            runners.append(OpenSpielGames(module_name))
        except ImportError:
            pass
        rates = measure(runners, seconds)
        row = {
            "game": rule_name,
            "engine": rates[0][0],
            "hand": rates[1][0],
            "ratio": rates[0][0] / rates[1][0],
        }
        row["openspiel"] = rates[2][1] and rates[0][1] / rates[2][1] if len(rates) > 2 else None
        rows.append(row)
    return rows


def mid_hand_position(players: int = 3, seed: int = 11, decisions: int = 6):
    """Playa Pirata, ``players`` seats: after ``decisions`` random decisions of the first hand,
    the first decision with a real choice (at least four legal actions)."""
    game = load("playa-pirata").new_game(players, seed=seed)
    rng = random.Random(seed)
    done = 0
    while done < decisions or len(game.legal_actions()) < 4:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        done += 1
    return game


def ismcts_seconds(playouts: int = 1000) -> tuple[float, int, float]:
    """(seconds for ``playouts`` ISMCTS playouts at the mid-hand position, its legal actions,
    random play's µs per decision of Playa Pirata 3p measured just after)."""
    from ..agents.ismcts import ISMCTSAgent
    from ..agents.protocol import Worlds

    game = mid_hand_position()
    seat = game.current_player

    def search_once(n: int) -> float:
        agent_rng = random.Random(5)
        agent = ISMCTSAgent(agent_rng, playouts=n)
        worlds = Worlds(lambda r: game.sample_world(seat, r), seat, agent_rng)
        t0 = time.perf_counter()
        agent.act(game.view(seat), game.legal_actions(), game.log_for(seat), worlds)
        return time.perf_counter() - t0

    search_once(max(1, playouts // 10))  # warm-up: the generated code compiles when first called
    search = search_once(playouts)
    _, decisions, dt = EngineGames(load("playa-pirata"), 3).run(min(1.0, max(0.2, search / 4)))
    return search, len(game.legal_actions()), dt / max(1, decisions) * 1e6


def report(seconds: float, measure, search: bool = True) -> None:
    """Print the board-game ratios and the ISMCTS time."""
    print(
        "1b. Board games, random games: engine / hand-written (games/s), engine / OpenSpiel C++ (decisions/s)"
    )
    print(f"{'game':<14} {'engine g/s':>10} {'hand g/s':>10} {'ratio':>6} {'/ OpenSpiel':>12}")
    for row in board_games(seconds, measure):
        if row.get("missing"):
            print(
                f"{row['game']:<14} (not measured: its rule file and yardstick are in a checkout's "
                "tests/games/ and benchmarks/, or an installed playa_rules_benchmarks, and neither was found)"
            )
            continue
        spiel = "(no pyspiel)" if row["openspiel"] is None else f"{row['openspiel']:.3f}"
        print(
            f"{row['game']:<14} {row['engine']:>10.0f} {row['hand']:>10.0f} {row['ratio']:>6.3f} {spiel:>12}"
        )
    if search:
        t, width, per = ismcts_seconds()
        print()
        print(
            f"1c. ISMCTS, 1,000 playouts at a mid-hand Playa Pirata 3p decision ({width} legal actions): "
            f"{t:.2f} s; random play {per:.0f} µs per decision"
        )
