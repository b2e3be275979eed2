"""Score tracks as data (tests/games/track-race.yaml): printed values per space, a cap at
the last space, milestones that hand out a limited stock when reached or passed. No engine
concept is needed: markers are components with a position, the track a list parameter."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import playa_rules as pr

RACE = Path(__file__).resolve().parent.parent / "games" / "track-race.yaml"


def _markers(game, seat):
    return {m["label"]: m["vars"]["pos"] for m in game.view(None)["seats"][seat]["zones"]["markers"]}


def _bonuses(game, seat):
    return sorted(b["space"] for b in game.view(None)["seats"][seat]["zones"]["bonuses"])


def test_passing_a_milestone_takes_one_of_its_tokens_and_the_stock_runs_out():
    game = pr.load(RACE).new_game(2, seed=0)
    game.apply("advance red 3")  # seat 0 reaches space 3: a milestone token
    assert _markers(game, 0)["red"] == 3 and _bonuses(game, 0) == [3]
    game.apply("advance red 3")  # seat 1 reaches 3 too: the second (last) token
    game.apply("advance red 3")  # seat 0 passes 6 (3 -> 6 reached)
    assert _bonuses(game, 0) == [3, 6] and _bonuses(game, 1) == [3]
    game.apply("advance blue 3")  # seat 1's blue reaches 3: the stock of 3 is empty
    assert _bonuses(game, 1) == [3]
    game.apply("advance blue 3")  # seat 0's blue reaches 3: still empty
    assert _bonuses(game, 0) == [3, 6]


def test_a_marker_stops_at_the_last_space_and_ends_the_match():
    game = pr.load(RACE).new_game(2, seed=0)
    for text in ("advance red 3", "advance red 1", "advance red 3", "advance red 1", "advance red 3"):
        game.apply(text)  # seat 0: 3, 6, then 9 capped at 7; seat 1: 1, 2
    assert game.is_over and _markers(game, 0)["red"] == 7
    # 12 printed on the last space + 0 for blue; tokens of spaces 3 and 6: 2 points each
    assert game.scores()[0] == 12 + 0 + 2 * 2
    assert game.scores()[1] == 2  # seat 1's red on space 2, printed 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_races_end_and_hand_out_at_most_the_stock(players):
    rules = pr.load(RACE)
    for seed in range(10):
        game, rnd = rules.new_game(players, seed=seed), random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
        taken = [b for s in range(players) for b in _bonuses(game, s)]
        assert taken.count(3) <= 2 and taken.count(6) <= 2
        assert all(p <= 7 for s in range(players) for p in _markers(game, s).values())
