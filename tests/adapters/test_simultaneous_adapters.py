"""Simultaneous steps through the adapters: in OpenSpiel a game of dynamics SIMULTANEOUS whose
simultaneous nodes take joint actions (OpenSpiel's own random simulation test, with
serialization, and its turn-based transform), the same game as OpenSpiel's goofspiel node
by node; in PettingZoo a parallel environment passing PettingZoo's parallel_api_test and
parallel_seed_test, its steps the game's joint decisions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'openspiel'")
pytest.importorskip("pettingzoo", reason="PettingZoo is the optional extra 'pettingzoo'")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test  # noqa: E402

import playa_rules.openspiel  # noqa: E402,F401  (registers the game)
from playa_rules.errors import IllegalAction  # noqa: E402
from playa_rules.pettingzoo import env, parallel_env  # noqa: E402

GAMES = Path(__file__).resolve().parent.parent / "games"
GOOFSPIEL = str(GAMES / "goofspiel.yaml")
ORDER = str(GAMES / "sealed-order.yaml")


def test_a_rule_set_with_a_simultaneous_step_is_a_simultaneous_game():
    ours = pyspiel.load_game("playa_rules", {"rules": GOOFSPIEL, "players": 2})
    assert ours.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    plain = pyspiel.load_game("playa_rules", {"rules": str(GAMES / "pig.yaml"), "players": 2})
    assert plain.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


@pytest.mark.parametrize(
    "params",
    [{"rules": GOOFSPIEL, "players": 2}, {"rules": GOOFSPIEL, "players": 3}, {"rules": ORDER, "players": 3}],
    ids=["goofspiel-2", "goofspiel-3", "sealed-order-3"],
)
def test_openspiels_random_simulation_test_with_serialization(params):
    game = pyspiel.load_game("playa_rules", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(pyspiel.convert_to_turn_based(game), num_sims=2, serialize=False, verbose=False)


def test_a_seat_the_step_does_not_ask_has_no_legal_action_and_passes_zero():
    state = pyspiel.load_game("playa_rules", {"rules": ORDER, "players": 3}).new_initial_state()
    assert state.is_simultaneous_node()  # seat 0's turn: seats 1 and 0 show at once, seat 2 waits
    assert state.legal_actions(2) == [] and len(state.legal_actions(0)) == 4
    state.apply_actions([state.legal_actions(0)[2], state.legal_actions(1)[0], 0])  # show 3, show 1
    assert state.game.view(None)["vars"]["hand"]["trace"] == 21


def test_our_goofspiel_through_the_adapter_is_openspiels_node_by_node():
    """50 seeded games: the same kind of node, the same outcomes and legal bids per player
    (by their texts), the same winners; OpenSpiel plays the forced last round itself."""
    ours_game = pyspiel.load_game("playa_rules", {"rules": GOOFSPIEL, "players": 2})
    theirs_game = pyspiel.load_game("goofspiel", {"players": 2})
    for seed in range(50):
        rng = random.Random(seed)
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while not theirs.is_terminal():
            assert ours.current_player() == theirs.current_player()
            if theirs.is_chance_node():
                mine = {ours.action_to_string(-1, a).split()[0]: a for a, _ in ours.chance_outcomes()}
                cards = {theirs.action_to_string(-1, a).split()[1]: a for a, _ in theirs.chance_outcomes()}
                assert sorted(mine) == sorted(cards)
                card = rng.choice(sorted(cards))
                ours.apply_action(mine[card])
                theirs.apply_action(cards[card])
                continue
            joint_ours, joint_theirs = [], []
            for p in range(2):
                mine = {ours.action_to_string(p, a).split()[1]: a for a in ours.legal_actions(p)}
                bids = {theirs.action_to_string(p, a).split()[-1]: a for a in theirs.legal_actions(p)}
                assert sorted(mine) == sorted(bids)
                bid = rng.choice(sorted(bids))
                joint_ours.append(mine[bid])
                joint_theirs.append(bids[bid])
            ours.apply_actions(joint_ours)
            theirs.apply_actions(joint_theirs)
        while not ours.is_terminal():  # the 13th round: one card left in every hand
            assert all(len(ours.legal_actions(p)) == 1 for p in range(2))
            ours.apply_actions([ours.legal_actions(p)[0] for p in range(2)])
        assert ours.returns() == theirs.returns()


@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(
    "kwargs",
    [
        dict(rules=GOOFSPIEL, players=2),
        dict(rules=GOOFSPIEL, players=4),
        dict(rules=ORDER, players=3),
        dict(rules="lying-pirates", players=3),  # a turn-based game: one agent a step
    ],
    ids=["goofspiel-2", "goofspiel-4", "sealed-order-3", "lying-pirates-3"],
)
def test_pettingzoo_parallel_api_and_seed_tests(kwargs):
    parallel_api_test(parallel_env(**kwargs), num_cycles=300)
    parallel_seed_test(lambda: parallel_env(**kwargs), num_cycles=100)
    api_test(env(**kwargs), num_cycles=200)  # the AEC environment asks one seat at a time


def test_a_parallel_step_is_one_joint_decision_and_rewards_come_at_the_end():
    p = parallel_env(rules=GOOFSPIEL, players=2)
    obs, _ = p.reset(seed=3)
    game = p.game
    assert game.is_chance is False and game.acting == (0, 1)
    assert all(obs[a]["action_mask"].sum() == 13 for a in p.agents)
    rounds = 0
    while p.agents:
        actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[-1]) for a in p.agents}  # the highest bid
        obs, rewards, terminations, truncations, infos = p.step(actions)
        rounds += 1
    assert rounds == 13 and all(terminations.values()) and rewards == {"player_0": 0.0, "player_1": 0.0}


def test_an_illegal_action_ends_the_match_for_the_agent_at_fault():
    p = parallel_env(rules=GOOFSPIEL, players=2)
    obs, _ = p.reset(seed=3)
    legal = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    _, rewards, terminations, _, infos = p.step({"player_0": legal, "player_1": legal})  # seat 0's card
    assert rewards == {"player_0": 0.0, "player_1": -1.0} and all(terminations.values())
    assert infos["player_1"] == {"illegal_action": legal} and p.agents == []
    strict = parallel_env(rules=GOOFSPIEL, players=2, illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalAction):
        strict.step({"player_0": legal, "player_1": legal})
    assert strict.game.acting == (0, 1)  # nothing applied


def test_a_flat_joint_action_is_openspiels_numbering_of_the_joint_actions():
    """At a simultaneous node ``legal_actions()`` lists flat joint actions, the first
    player's action the fastest-changing digit, a player with no action counting as one."""
    state = pyspiel.load_game("playa_rules", {"rules": ORDER, "players": 3}).new_initial_state()
    assert state.legal_actions() == list(range(16))  # 4 x 4 (seat 2 is not asked)
    assert state.action_to_string(pyspiel.PlayerId.SIMULTANEOUS, 6) == "[show 3, show 2, -]"
    state.apply_action(6)
    assert [s["vars"]["shown"] for s in state.game.view(None)["seats"]] == [3, 2, 0]


def test_a_state_resampled_for_a_seat_that_chooses_later_keeps_the_real_seat_to_move():
    """Sequential mode, goofspiel at 3: seat 0 has bid, seat 1 is to move and seat 2 waits its
    turn. Resampled for seat 2 (belief tracking, a search of several observers), the world
    asks seat 1 as the real state does; the engine's own world would ask its sampling seat first."""
    game = pyspiel.load_game("playa_rules", {"rules": GOOFSPIEL, "players": 3, "simultaneous": "sequential"})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])  # the first seat asked seals its bid
    real = state.current_player()
    waiting = [s for s in state.game.acting if s != real]
    assert waiting, "another seat still to choose after the one asked"
    draws = iter(random.Random(3).random() for _ in range(100))
    for seat in range(3):
        world = state.resample_from_infostate(seat, lambda: next(draws))
        assert world.current_player() == real
        assert world.legal_actions() and len(world.legal_actions()) == len(state.legal_actions())
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
