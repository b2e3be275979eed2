"""The Ayoayo reference (ayoayo.py) plays the rules of ayoayo-rules.md: one hand-worked position
per rule, and random games for the invariants (seeds are conserved, every game ends)."""

from __future__ import annotations

import pytest
from ayoayo import Ayoayo
from hypothesis import given, settings
from hypothesis import strategies as st


def position(houses: list[int], seat: int = 0, stores: tuple[int, int] = (0, 0), moves: int = 0) -> Ayoayo:
    """A game set to a position by hand: the houses 0-11, the seat to act, the stores."""
    assert len(houses) == 12
    game = Ayoayo()
    game.houses = list(houses)
    game.current_player = seat
    game.stores = list(stores)
    game.moves = moves
    return game


def test_the_game_starts_with_four_seeds_in_each_house_and_seat_0_to_act():
    game = Ayoayo()
    assert game.houses == [4] * 12
    assert game.stores == [0, 0]
    assert (game.current_player, game.moves, game.is_over) == (0, 0, False)
    assert game.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert game.returns() == [0, 0]


def test_a_move_sows_the_seeds_of_a_house_one_by_one_up_the_numbers():
    # House 4's three seeds go to houses 5, 6 and 7; house 7 was empty, so the move ends there.
    game = position([0, 0, 0, 0, 3, 0, 0, 0, 2, 2, 2, 2])
    game.apply(4)
    assert game.houses == [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    assert game.stores == [0, 0]
    assert (game.current_player, game.moves) == (1, 1)


def test_sowing_goes_from_house_11_round_to_house_0():
    # Seat 1 sows house 10's three seeds into houses 11, 0 and 1, and ends in house 1.
    game = position([2, 0, 2, 2, 2, 2, 0, 0, 0, 0, 3, 0], seat=1)
    game.apply(10)
    assert game.houses == [3, 1, 2, 2, 2, 2, 0, 0, 0, 0, 0, 1]
    assert game.current_player == 0


def test_a_seat_chooses_only_its_own_houses_that_hold_seeds():
    game = position([0, 3, 0, 1, 0, 0, 2, 2, 0, 2, 0, 2])
    assert game.legal_actions() == [1, 3]
    for house in (0, 6, 12, -1):
        with pytest.raises(ValueError):
            game.apply(house)
    game = position([0, 3, 0, 1, 0, 0, 2, 2, 0, 2, 0, 2], seat=1)
    assert game.legal_actions() == [6, 7, 9, 11]


def test_a_lap_of_12_seeds_skips_the_house_it_was_taken_from():
    # House 5's twelve seeds: one each to houses 6-11 and 0-4, house 5 skipped, the twelfth to
    # house 6 (now 11 seeds). Relay: house 6's eleven seeds go to houses 7-11, 0-4 and 5, which
    # got nothing in the first lap, so the move ends there; house 6 opposite is empty now.
    game = position([0, 0, 0, 0, 0, 12, 9, 0, 0, 0, 0, 0])
    game.apply(5)
    assert game.houses == [2, 2, 2, 2, 2, 1, 0, 2, 2, 2, 2, 2]
    assert game.stores == [0, 0]


def test_a_lap_ending_in_an_occupied_house_goes_on_with_the_seeds_of_that_house():
    # House 3's two seeds go to houses 4 and 5; house 5 held one (now two): its two seeds go on to
    # houses 6 and 7, and house 7 was empty: the move ends there, on seat 1's side.
    game = position([0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 3, 0])
    game.apply(3)
    assert game.houses == [0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 3, 0]
    assert game.stores == [0, 0]


def test_a_move_ending_in_an_empty_house_of_ones_own_side_captures_the_house_opposite():
    # House 2's two seeds go to houses 3 and 4; house 4 was empty and faces house 7 (five seeds).
    game = position([0, 0, 2, 1, 0, 0, 1, 5, 0, 0, 0, 0], stores=(3, 4))
    game.apply(2)
    assert game.houses == [0, 0, 0, 2, 1, 0, 1, 0, 0, 0, 0, 0]
    assert game.stores == [8, 4]


def test_seat_1_captures_from_seat_0s_side_the_same_way():
    # House 9's two seeds go to houses 10 and 11; house 11 was empty and faces house 0 (three seeds).
    game = position([3, 1, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0], seat=1)
    game.apply(9)
    assert game.houses == [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1]
    assert game.stores == [0, 3]


def test_a_move_ending_on_the_opponents_side_captures_nothing():
    # House 5's three seeds go to houses 6, 7 and 8; house 8 was empty, but it is seat 1's.
    game = position([0, 0, 0, 4, 0, 3, 1, 1, 0, 0, 2, 0])
    game.apply(5)
    assert game.houses == [0, 0, 0, 4, 0, 0, 2, 2, 1, 0, 2, 0]
    assert game.stores == [0, 0]


def test_nothing_is_captured_when_the_house_opposite_is_empty():
    # House 1's seed ends in empty house 2, which faces house 9: empty too.
    game = position([0, 1, 0, 0, 0, 0, 3, 3, 3, 0, 3, 3])
    game.apply(1)
    assert game.houses == [0, 0, 1, 0, 0, 0, 3, 3, 3, 0, 3, 3]
    assert game.stores == [0, 0]


def test_when_the_opponent_has_no_seed_the_mover_must_leave_it_one():
    # Seat 1's side is empty. House 0's seed ends in house 1 and leaves it empty; house 4's two
    # seeds reach house 6.
    game = position([1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], stores=(20, 25))
    assert game.legal_actions() == [4]
    with pytest.raises(ValueError):
        game.apply(0)
    game.apply(4)
    assert game.houses == [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]
    assert (game.current_player, game.is_over) == (1, False)


def test_a_mover_that_cannot_feed_the_opponent_may_play_any_move():
    game = position([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], stores=(20, 26))
    assert game.legal_actions() == [0, 2]


def test_the_game_ends_when_the_seat_to_act_has_no_move_and_the_other_collects_its_side():
    # Seat 0 cannot feed seat 1: after house 0's seed moves to house 1, seat 1 has no move, and
    # seat 0 collects its two seeds left.
    game = position([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], stores=(20, 26))
    game.apply(0)
    assert game.is_over
    assert game.houses == [0] * 12
    assert game.stores == [22, 26]
    assert game.legal_actions() == []
    assert game.returns() == [-1, 1]
    with pytest.raises(ValueError):
        game.apply(1)


def test_capturing_the_opponents_last_seeds_ends_the_game():
    # House 2's two seeds end in empty house 4, which captures house 7: seat 1 has no seed left.
    game = position([0, 0, 2, 1, 0, 5, 0, 3, 0, 0, 0, 0], stores=(17, 20))
    game.apply(2)
    assert game.is_over
    assert game.stores == [17 + 3 + (2 + 1 + 5), 20]  # the capture, then seat 0's side
    assert game.returns() == [1, -1]


def test_a_seat_left_without_seeds_by_its_own_move_does_not_end_the_game():
    game = position([0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0])
    game.apply(5)
    assert game.houses == [0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0]
    assert (game.current_player, game.is_over) == (1, False)


def test_the_game_ends_after_the_200th_move_and_each_seat_collects_its_side():
    houses = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    game = position(houses, stores=(22, 23), moves=198)
    game.apply(0)
    assert (game.is_over, game.moves) == (False, 199)
    game = position(houses, stores=(22, 23), moves=199)
    game.apply(0)
    assert (game.is_over, game.moves) == (True, 200)
    assert game.houses == [0] * 12
    assert game.stores == [23, 25]
    assert game.returns() == [-1, 1]


def test_equal_stores_are_a_draw():
    game = position([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0], seat=1, stores=(24, 23))
    game.apply(8)
    assert game.is_over
    assert game.stores == [24, 24]
    assert game.returns() == [0, 0]


def test_a_move_ends_after_its_50th_lap_wherever_its_last_seed_fell():
    # A pair of seeds walks up over the single seeds two houses a lap and never lands in an empty
    # house: the move stops after lap 50, whose last seed fell into house 0 (two seeds).
    game = position([2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 2, 1], stores=(19, 20))
    game.apply(0)
    assert game.houses == [2, 0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 1]
    assert game.stores == [19, 20]
    assert (game.current_player, game.is_over) == (1, False)


def test_the_50th_lap_captures_nothing_even_when_it_ends_in_an_empty_house_of_ones_own_side():
    # The 50th lap of house 2's move ends in house 2, empty, facing house 9 (two seeds): the
    # ruling ends the move with no capture (a 51st lap would not happen either way).
    game = position([3, 6, 1, 1, 0, 1, 0, 1, 0, 2, 3, 4], stores=(10, 16))
    game.apply(2)
    assert game.houses == [3, 4, 1, 1, 2, 1, 0, 1, 0, 2, 3, 4]
    assert game.stores == [10, 16]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_games_conserve_the_48_seeds_and_end_within_200_moves(rng):
    game = Ayoayo()
    while not game.is_over:
        assert game.moves < 200
        actions = game.legal_actions()
        assert actions and actions == sorted(actions)
        assert all(6 * game.current_player <= a < 6 * game.current_player + 6 for a in actions)
        game.apply(rng.choice(actions))
        assert sum(game.houses) + sum(game.stores) == 48
        assert min(game.houses) >= 0
    assert game.moves <= 200
    assert game.houses == [0] * 12
    assert game.legal_actions() == []
    r0, r1 = game.returns()
    assert r0 + r1 == 0 and r0 == (game.stores[0] > game.stores[1]) - (game.stores[0] < game.stores[1])
