"""What the library keeps and hands out again is read-only: a game's log events, a seat's
log, the shared Rules' lists and rule data. Changing one raises TypeError (as a tuple does)
and changes nothing; a plain copy (``dict(e)``, ``copy.deepcopy``) can be changed freely."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import playa_rules as pr


@pytest.fixture
def game():
    game = pr.load("playa-pirata").new_game(players=3, seed=7)
    for _ in range(6):
        game.apply_index(0)
    return game


def test_changing_a_logged_event_is_refused_and_the_game_s_log_stays_as_played(game):
    before = json.dumps(game.log)
    log = game.log
    with pytest.raises(TypeError, match="read-only"):
        log[0]["seed"] = 4
    with pytest.raises(TypeError, match="read-only"):
        log[-1].update(seat=2)
    log.append({"event": "forged"})  # the list itself is the caller's own copy
    assert json.dumps(game.log) == before and len(game.log) == len(log) - 1


def test_a_seat_s_log_is_read_only_too_and_its_lists_inside(game):
    while not game.is_over:
        game.apply_index(0)
    mine = game.log_for(0)
    with pytest.raises(TypeError):
        mine[1]["hand"] = 9
    end = mine[-1]
    with pytest.raises(TypeError):
        end["scores"][0] = 1000
    with pytest.raises(TypeError):
        end["winners"].append(1)
    assert game.log_for(0) == mine and game.log_for(0)[-1]["scores"] == game.scores()


def test_read_only_events_are_plain_data_to_json_pickle_and_copies(game):
    log = game.log
    assert json.loads(json.dumps(log)) == log  # equal to the plain dicts JSON gives back
    assert pickle.loads(pickle.dumps(log)) == log
    edited = copy.deepcopy(log)  # a plain copy, to forge or edit a log
    edited[0]["seed"] = 4
    assert type(edited[0]) is dict and game.log[0]["seed"] == 7
    first = dict(log[0])
    first["players"] = 2
    assert game.log[0]["players"] == 3


def test_the_shared_rules_cannot_be_changed_by_one_of_their_users():
    rules = pr.load("playa-pirata")
    with pytest.raises(TypeError):
        rules.player_counts.append(9)
    with pytest.raises(TypeError):
        rules.spec["players"].append(9)
    with pytest.raises(TypeError):
        rules.spec["match"]["hands"] = 1
    with pytest.raises(TypeError):
        rules.variants.append("short-game")
    again = pr.load("playa-pirata")
    assert again is rules and rules.player_counts == [2, 3, 4] and rules.spec["players"] == [2, 3, 4]
    with pytest.raises(pr.PlayaRulesError, match="for 2 to 4 players, not 9"):
        rules.new_game(players=9)
    mine = copy.deepcopy(rules.spec)  # a changeable copy of the rule data
    mine["players"].append(5)
    assert rules.spec["players"] == [2, 3, 4] and json.dumps(rules.spec)
