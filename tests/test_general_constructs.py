"""The engine runs a game that is not Playa Pirata: dice, numbers, seats, win, end."""
import random
from pathlib import Path

import pytest

import playa_rules as pr

GAME = Path(__file__).parent / "games" / "dice-duel.yaml"


@pytest.fixture(scope="module")
def rules():
    return pr.load(GAME)


def test_it_validates(rules):
    assert pr.validate(GAME) == [] or all(d.severity == "warning" for d in pr.validate(GAME))
    assert rules.player_counts == [2, 3]


def test_roll_sets_faces_from_the_seeded_generator(rules):
    a, b = rules.new_game(2, seed=5), rules.new_game(2, seed=5)
    a.apply("roll")
    b.apply("roll")
    die = a.g.zones[a.m.zone_index("cup", seat=0)][0]
    assert a.g.cvars["face"][die] in range(1, 7)
    assert a.g.cvars["face"][die] == b.g.cvars["face"][die]
    assert a.view(0)["seats"][0]["vars"]["total"] == a.g.cvars["face"][die]


def test_number_and_seat_parameters(rules):
    game = rules.new_game(3, seed=1)
    game.apply("roll")
    texts = [str(a) for a in game.legal_actions()]
    assert texts == ["bid 1", "bid 2", "bid 3", "stop"]  # nothing won yet: no gift
    game.apply("bid 2")
    assert game.is_over or [str(a) for a in game.legal_actions()] == ["roll"]


def test_win_ends_the_match_at_once(rules):
    for seed in range(40):
        game = rules.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if game.g.won:
            assert game.winners() == sorted(set(game.g.won))
            return
    pytest.fail("no seed reached the target")


def test_hidden_dice_stay_hidden(rules):
    game = rules.new_game(2, seed=3)
    game.apply("roll")
    other = game.view(1)["seats"][0]["zones"]["cup"]
    assert other == [{"type": "die", "hidden": True}]


@pytest.mark.parametrize("players", [2, 3])
def test_random_matches_end(rules, players):
    for seed in range(20):
        game = rules.new_game(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(500):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        assert game.is_over
