"""The ceiling measurement (benchmarks/ceiling.py) plays the very games the API plays.

Its lean driver runs the compiled program without the engine's machinery around each
decision; for its figure to mean anything it must take the same decisions and reach the
same state as the public API loop for the same seed and random generator.
"""

import importlib.util
import random
from pathlib import Path

import pytest

import playa_rules as pr

ROOT = Path(__file__).resolve().parents[2]


def _ceiling():
    spec = importlib.util.spec_from_file_location("ceiling", ROOT / "benchmarks" / "ceiling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lean_driver_plays_the_games_the_api_plays(players):
    ceiling = _ceiling()
    rules = pr.load(ceiling.GAME)
    for seed in range(25):
        api = ceiling.api_match(rules, players, seed, random.Random(seed))
        lean = ceiling.lean_match(rules, players, seed, random.Random(seed))
        assert lean.is_over
        assert lean.g.hand_scores == api.g.hand_scores
        assert lean.g.zones == api.g.zones and lean.g.cvars == api.g.cvars
        assert lean.scores() == api.scores()


def test_lean_driver_refuses_rules_it_does_not_drive():
    ceiling = _ceiling()
    automata = [gid for gid in pr.games() if pr.load(gid).program.automata]
    if not automata:
        pytest.skip("no bundled game has automata")
    rules = pr.load(automata[0])
    counts = [n for n in rules.player_counts if any(a is not None for a in rules.new_game(n, seed=0).g.auto)]
    if not counts:
        pytest.skip("no player count seats an automaton")
    with pytest.raises(ValueError, match="lean driver"):
        ceiling.lean_match(rules, counts[0], 0, random.Random(0))
