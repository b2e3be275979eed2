"""Steps in the generated flow: a free action beside the decision, a repeat step that an
action's `end step` or `end turn` leaves, an on_blocked step, a step played only on some
turns, an action that narrates (the test game FLOW_PATHS, tests/flow_games.py), played as the
interpreter plays them."""

from __future__ import annotations

import random

import pytest
from flow_games import FLOW_PATHS, play_both
from hypothesis import given, settings
from hypothesis import strategies as st

import playa_rules as pr


@pytest.fixture(scope="module")
def flow_paths(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("flow") / "flow-paths.yaml"
    path.write_text(FLOW_PATHS)
    return str(path)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), by_index=st.booleans())
def test_free_repeat_blocked_and_ended_steps_play_the_same(flow_paths, seed, players, by_index):
    play_both(pr.load(flow_paths), players, seed, by_index)


def test_the_flow_paths_game_takes_every_path(flow_paths):
    """The test game above does what it is for: free actions, narration, ended and blocked
    steps, steps not played, turns and phases ending, over a few matches."""
    rules = pr.load(flow_paths)
    seen = set()
    for seed in range(20):
        game = rules.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply_index(rng.randrange(len(game.legal_actions())))
        for ev in game.log:
            seen.add(ev["event"] + (":" + ev["action"].split()[0] if ev["event"] == "action" else ""))
    assert {"action:peek", "action:stop", "action:give", "action:rest", "tell", "blocked", "turn"} <= seen
