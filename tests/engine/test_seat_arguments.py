"""Every method that takes a seat treats it alike: any integer-like but a bool names a seat
(numpy's integers too, as from an argmax), and anything else, or a seat the game does not
have, raises IllegalAction 'no seat ...'. A seat of the game that does not act now has no
legal actions (an empty list)."""

from __future__ import annotations

import numpy as np
import pytest

import playa_rules as pr


@pytest.fixture(scope="module")
def game():
    return pr.load("playa-pirata").new_game(players=3, seed=7)


SEATED = {
    "legal_actions": lambda g, s: g.legal_actions(seat=s),
    "legal_action_ids": lambda g, s: g.legal_action_ids(seat=s),
    "view": lambda g, s: g.view(s),
    "log_for": lambda g, s: g.log_for(s),
    "sample_world": lambda g, s: g.sample_world(s, 1),
    "apply": lambda g, s: g.clone().apply(g.legal_actions()[0], seat=s),
}


@pytest.mark.parametrize("method", SEATED)
@pytest.mark.parametrize("seat", [9, -1, 3, "x", "0", True, 1.0, None if False else [0]])
def test_a_seat_the_game_does_not_have_is_an_illegal_action_everywhere(game, method, seat):
    with pytest.raises(pr.IllegalAction, match=r"^no seat .*: seats are 0 to 2"):
        SEATED[method](game, seat)


@pytest.mark.parametrize("method", ["legal_actions", "legal_action_ids", "view", "log_for", "sample_world"])
def test_numpy_integers_name_seats_everywhere(game, method):
    assert SEATED[method](game, np.int64(0)) == SEATED[method](game, 0) or method == "sample_world"


def test_a_seat_that_does_not_act_now_has_no_legal_actions(game):
    assert game.current_player == 0
    assert list(game.legal_actions(seat=1)) == [] and game.legal_action_ids(seat=np.int32(2)) == []
    assert game.legal_actions(seat=np.int64(0)).ids() == game.legal_actions().ids()


def test_new_game_takes_numpy_integers_for_players_and_seed():
    rules = pr.load("playa-pirata")
    game = rules.new_game(players=np.int64(3), seed=np.int64(7))
    assert game.log == rules.new_game(players=3, seed=7).log and type(game.log[0]["seed"]) is int
    for bad, words in [({"players": 3.0}, "not 3.0"), ({"players": True}, "not True")]:
        with pytest.raises(pr.PlayaRulesError, match=words):
            rules.new_game(**bad)
    with pytest.raises(pr.PlayaRulesError, match="a seed is a whole number or a text, not float64"):
        rules.new_game(players=3, seed=np.float64(7))


def test_apply_index_takes_numpy_integers_and_refuses_other_numbers():
    game = pr.load("playa-pirata").new_game(players=3, seed=7)
    other = game.clone()
    game.apply_index(np.int64(1))
    other.apply_index(1)
    assert game.log == other.log
    for bad in (True, 1.0, "0"):
        with pytest.raises(pr.IllegalAction, match="no legal action"):
            game.apply_index(bad)
