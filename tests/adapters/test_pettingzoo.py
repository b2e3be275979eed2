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
    dict(rules="maui", players=2),
    dict(rules="maui", players=4, variants=["crabs"]),
]


@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(
    "kwargs", CASES, ids=lambda k: f"{k['rules']}-{k['players']}-{'+'.join(k.get('variants', []))}"
)
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
    assert e.possible_agents == ["player_0", "player_1"]  # the dummy seat is the rules'
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
    assert total == {
        f"player_{s}": (0.0 if len(winners) in (0, 2) else (1.0 if s in winners else -1.0)) for s in range(2)
    }


def test_the_same_seed_gives_the_same_match_as_the_engine():
    e = env(rules="lying-pirates", players=3)
    e.reset(seed=11)
    game = pr.load("lying-pirates").new_game(3, seed=11)
    assert e.unwrapped.game.view(None) == game.view(None)


# ---------------------------------------------------------------- bad input: the library's errors
def _raw(**kwargs):
    from playa_rules.pettingzoo import raw_env

    e = raw_env(**{"rules": "playa-pirata", "players": 2, **kwargs})
    e.reset(seed=1)
    return e


def test_raw_step_takes_a_numpy_integer_id_and_says_why_anything_else_is_not_an_action():
    e = _raw()
    first = e.unwrapped.game.legal_action_ids()[0]
    with pytest.raises(
        pr.IllegalAction,
        match="player_0 is to act: None is the action of an agent that is terminated or truncated only",
    ):
        e.step(None)
    with pytest.raises(pr.IllegalAction, match=r"'bury 5' is not an action id \(the id of 'bury 5' is 2\)"):
        e.step("bury 5")
    for junk in (2.0, [2], True):
        with pytest.raises(
            pr.IllegalAction, match="is not an action id; step takes one of its legal action ids"
        ):
            e.step(junk)
    assert e.agent_selection == "player_0"  # nothing was played
    e.step(np.int64(first))
    assert e.unwrapped.game.log[-2]["id"] == first and e.agent_selection == "player_1"


def test_raw_observe_of_an_unknown_agent_and_use_before_reset_raise_clearly():
    from playa_rules.pettingzoo import raw_env

    e = _raw()
    for agent in ("player_9", 0, ["player_0"]):
        with pytest.raises(pr.PlayaRulesError, match="no agent .*: the agents are player_0, player_1"):
            e.observe(agent)
    fresh = raw_env(rules="maui")
    with pytest.raises(pr.PlayaRulesError, match=r"reset\(\) the environment before the first step"):
        fresh.step(0)
    with pytest.raises(pr.PlayaRulesError, match=r"reset\(\) the environment first"):
        fresh.observe("player_0")


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(render_mode="human"), "render_mode is None or 'ansi', not 'human'"),
        (dict(returns="points"), "returns is one of win, relative, scores, not 'points'"),
        (dict(variants="special-cards"), "variants is a list of variant ids or paths, not str"),
        (dict(max_cycles=0), "max_cycles is a whole number from 1"),
        (dict(players=9), r"playa-pirata is for 2 to 4 players, not 9"),
    ],
)
def test_bad_environment_arguments_raise_playa_rules_errors_as_pr_load_does(kwargs, message):
    with pytest.raises(pr.PlayaRulesError, match=message):
        env(**{"rules": "playa-pirata", **kwargs})
    if "variants" in kwargs:
        with pytest.raises(pr.PlayaRulesError, match=message):
            pr.load("playa-pirata", variants=kwargs["variants"])


def test_render_after_the_end_gives_the_result_not_a_seat_to_act():
    e = env(rules="pirate-gold-cards", players=2, render_mode="ansi")
    e.reset(seed=3)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        e.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))
    game = e.unwrapped.game
    text = e.render()
    assert "to act" not in text and "None" not in text
    assert text.startswith(f"{game.rules.title}: the match is over after hand {game.view(None)['hand']}")
    assert f"scores {game.scores()}" in text


def test_render_shows_the_seat_to_act_its_table_and_hands_as_play_does():
    from playa_rules.render.screen import Screen

    e = env(rules="playa-pirata", players=3, render_mode="ansi")
    e.reset(seed=1)
    game = e.unwrapped.game
    text = e.render()
    spec = game.rules.spec
    screen = Screen(spec.get("display"), spec.get("variables"), game.rules.program.model.constants)
    for line in screen.text(game.view(0), 100).splitlines():  # the screen of `play --human 0`
        assert line.rstrip() in text
    hand = [c["label"] for c in game.view(0)["seats"][0]["zones"]["treasures"]]
    assert " ".join(hand) in text  # seat 0's own treasures, face up
    assert "seat 1             0   4 hidden (treasure)" in text  # the others' hands, face down
    assert "player_0's legal actions (id: text):" in text
