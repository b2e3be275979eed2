"""What a search works out once and uses again is what it would work out afresh.

A search samples many worlds at one position, and lists the groups of a hand whose cards
are other copies of the same faces again and again (another seat's towels, dealt again in
each world). Two things are remembered for that: the plan of a position's worlds (which
components a world redraws, and where they are: engine.worlds) and a group parameter's
join values per hand of the same faces (compiler.domains). These tests compare each with
the same thing worked out with nothing remembered.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import playa_rules as pr

GAMES = [(gid, p) for gid in pr.games() for p in pr.load(gid).player_counts]


def _at_decision(gid: str, players: int, seed: int, steps: int):
    """The game after ``steps`` random decisions (None if it ended)."""
    game = pr.load(gid).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return None
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return None if game.is_over else game


def _whole(world) -> tuple:
    """Everything a world is: every face, place and variable, who knows what, its own generator."""
    g = world.g
    return world.view(None), g.zones, g.loc, g.known, g.cvars, g.rng.getstate()


def _forget_plan(game) -> None:
    game.m.__dict__.pop("_world_plan", None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 10_000))
def test_a_world_is_the_same_whether_its_position_was_sampled_before_or_not(case, seed, steps, world_seed):
    gid, players = case
    game = _at_decision(gid, players, seed, steps)
    if game is None:
        return
    seat = game.current_player
    _forget_plan(game)
    fresh = _whole(game.sample_world(seat, random.Random(world_seed)))
    for k in range(3):  # the position sampled again, for this seat and the others
        game.sample_world((seat + k) % players, random.Random(k))
        game.sample_world(seat, random.Random(k))
    assert _whole(game.sample_world(seat, random.Random(world_seed))) == fresh
    legal = game.legal_actions()  # the game moves on: what was remembered of it no longer holds
    game.apply(legal[random.Random(seed).randrange(len(legal))])
    if game.is_over or game.is_chance:
        return
    seat = game.current_player
    remembered = _whole(game.sample_world(seat, random.Random(world_seed)))
    _forget_plan(game)
    assert _whole(game.sample_world(seat, random.Random(world_seed))) == remembered


def _listed(game) -> list:
    """The legal actions as the seat reads them: id, text and the components each names."""
    legal = game.legal_actions()
    return list(zip(legal.ids(), legal.texts(), (a.values for a in legal)))


def _forget_listings(game) -> None:
    for d in game.program.actions.values():
        for p in d.params:
            p.memo.clear()
            p.shapes.clear()
            p.runs.clear()
            p.runs_held = 0
            p.last_entry = None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10_000), st.integers(0, 40), st.integers(0, 10_000))
def test_towels_of_other_copies_list_the_groups_a_fresh_listing_lists(players, seed, steps, world_seed):
    """Playa Pirata: in worlds sampled for a seat, the other seats' towels are other copies
    of the same values at other places; each world's towel groups (the total of each
    against the top card it must beat) are those a listing with nothing remembered finds,
    naming that world's own cards."""
    game = _at_decision("playa-pirata", players, seed, steps)
    if game is None:
        return
    rng = random.Random(world_seed)
    for _ in range(4):
        world = game.sample_world(game.current_player, rng)
        for _ in range(12):  # on through the others' turns, their towels included
            if world.is_over:
                break
            remembered = _listed(world)
            again = world.clone()
            _forget_listings(again)
            again._set_legal(again._current_legal())
            assert _listed(again) == remembered
            legal = world.legal_actions()
            world.apply(legal[rng.randrange(len(legal))])
