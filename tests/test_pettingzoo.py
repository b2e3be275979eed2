"""Every rule set is a PettingZoo AEC environment: PettingZoo's own api_test and seed_test,
and the random-policy loop from PettingZoo's documentation, unchanged."""
from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is the optional extra 'pettingzoo'")
np = pytest.importorskip("numpy")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import playa_rules as pr  # noqa: E402
from playa_rules.pettingzoo import env  # noqa: E402

CASES = [
    dict(rules="playa-pirata", players=2),
    dict(rules="playa-pirata", players=3, variants=["special-cards"]),
    dict(rules="playa-pirata", players=4, variants=["special-cards", "short-game-two-hands"]),
    dict(rules="pirate-gold-cards", players=2),
    dict(rules="pirate-gold-cards", players=6),
    dict(rules="lying-pirates", players=2),
    dict(rules="lying-pirates", players=5),
]


@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("kwargs", CASES, ids=lambda k: f"{k['rules']}-{k['players']}-{'+'.join(k.get('variants', []))}")
def test_pettingzoo_api_and_seed_tests(kwargs):
    api_test(env(**kwargs), num_cycles=300)
    seed_test(lambda: env(**kwargs), num_cycles=100)


def test_the_random_policy_loop_from_pettingzoos_docs_runs_unchanged():
    e = env(rules="playa-pirata", players=3, render_mode="ansi")
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            # this is where you would insert your policy
            action = e.action_space(agent).sample(mask)
        e.step(action)
    e.close()
    assert e.unwrapped.game.is_over


def test_agents_masks_and_rewards_follow_the_rules():
    e = env(rules="pirate-gold-cards", players=2)
    e.reset(seed=3)
    assert e.possible_agents == ["player_0", "player_1"]       # the dummy seat is the rules'
    game = e.unwrapped.game
    obs = e.observe(e.agent_selection)
    assert list(np.flatnonzero(obs["action_mask"])) == game.legal_action_ids()
    other = [a for a in e.possible_agents if a != e.agent_selection][0]
    assert not e.observe(other)["action_mask"].any()
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        total[agent] += reward
        e.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))
    winners = [s for s in game.winners() if s < 2]
    assert total == {f"player_{s}": (0.0 if len(winners) in (0, 2) else (1.0 if s in winners else -1.0))
                     for s in range(2)}


def test_the_same_seed_gives_the_same_match_as_the_engine():
    e = env(rules="lying-pirates", players=3)
    e.reset(seed=11)
    game = pr.load("lying-pirates").new_game(3, seed=11)
    assert e.unwrapped.game.view(None) == game.view(None)
