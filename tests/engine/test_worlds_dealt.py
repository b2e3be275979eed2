"""A world is dealt as ``random.shuffle`` deals it, and what sits on a redrawn card moves with
its place, whichever way the engine does it.

``sample_world`` shuffles each kind of back with the draws of ``random.shuffle`` made inline
for a plain ``random.Random``, and through ``rng.shuffle`` for a generator of another class;
it moves the zones attached to the redrawn components (the towels on a buried treasure) in
one go when their contents are known from the position's plan, and one by one otherwise;
it seeds the world's own generator when the world first draws. These tests deal the same
worlds both ways, for every bundled game and player count.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules.engine import worlds
from playa_rules.engine.state import State

GAMES = [(gid, p) for gid in pr.games() for p in pr.load(gid).player_counts]


class _Subclassed(random.Random):
    """The same generator under another class: ``sample_world`` then calls ``rng.shuffle``."""


def _at_decision(gid: str, players: int, seed: int, steps: int):
    """The game after ``steps`` random decisions (None if it ended or waits for chance)."""
    game = pr.load(gid).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return None
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return None if game.is_over or game.is_chance else game


def _whole(world) -> tuple:
    """Everything a world is: every face, place and variable, who knows what, its own generator."""
    g = world.g
    return world.view(None), g.zones, g.loc, g.known, g.cvars, g.rng.getstate(), world.legal_actions().ids()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 80), st.integers(0, 10_000))
def test_a_world_dealt_inline_is_the_world_random_shuffle_deals(case, seed, steps, world_seed):
    gid, players = case
    game = _at_decision(gid, players, seed, steps)
    if game is None:
        return
    for seat in range(players):
        inline, shuffled = random.Random(world_seed), _Subclassed(world_seed)
        dealt = _whole(game.sample_world(seat, inline))
        assert _whole(game.sample_world(seat, shuffled)) == dealt
        assert inline.getstate() == shuffled.getstate()  # the same draws, no more


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 80), st.integers(0, 10_000))
def test_what_sits_on_a_redrawn_card_moves_with_its_place_in_one_go_as_one_by_one(
    case, seed, steps, world_seed
):
    gid, players = case
    game = _at_decision(gid, players, seed, steps)
    if game is None:
        return
    seat = game.current_player
    game.m.__dict__.pop("_world_plan", None)
    at_once = _whole(game.sample_world(seat, random.Random(world_seed)))
    planned = worlds._stacks
    try:
        worlds._stacks = lambda *args: None  # every attached zone moved one by one
        game.m.__dict__.pop("_world_plan", None)
        one_by_one = _whole(game.sample_world(seat, random.Random(world_seed)))
    finally:
        worlds._stacks = planned
        game.m.__dict__.pop("_world_plan", None)
    assert at_once == one_by_one


def test_towels_on_a_treasure_buried_face_down_stay_on_its_place_in_every_world():
    """Playa Pirata: a treasure another seat buried face down is redrawn among the unseen
    treasures, and the towels played on it stay on the place, over whichever treasure a
    world puts there; a place without towels has none over its new treasure either."""
    for seed in range(40):
        game = _at_decision("playa-pirata", 3, seed, 14)
        if game is None:
            continue
        seat = game.current_player
        worlds._plan(game.m, game.g, seat)
        tables = game.m.__dict__["_world_plan"][-1].tables
        stacked = [t for t in tables if t[2] is not None and t[2][0]]
        if not stacked:
            continue
        table, having, (held, _) = stacked[0]
        contents = {
            c: items for c, _, items in held
        }  # the redrawn treasures with towels on them, and those towels
        having = [c for c, _ in having]
        places = {c: (game.g.loc[c], game.g.zones[game.g.loc[c]].index(c)) for c in having}
        for k in range(5):
            w = game.sample_world(seat, random.Random(k)).g
            for c in having:
                zi, i = places[c]
                now = w.zones[zi][i]  # the treasure a world put at c's place
                assert w.zones[table[now]] == list(contents.get(c, ()))
                assert all(w.loc[x] == table[now] for x in contents.get(c, ()))
        return
    raise AssertionError("no position with towels on a redrawn treasure in 40 games")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 40), st.integers(0, 10_000))
def test_a_worlds_generator_seeded_when_it_first_draws_deals_what_one_seeded_at_once_deals(
    case, seed, steps, world_seed
):
    """A world draws its own chance (the next hands' deals) from a generator seeded by the
    sampler: made when first drawn from, it gives what one made with the world gives."""
    gid, players = case
    game = _at_decision(gid, players, seed, steps)
    if game is None:
        return

    def played(world) -> list:
        moves = random.Random(world_seed)
        while not world.is_over:
            legal = world.legal_actions()
            world.apply(legal[moves.randrange(len(legal))])
        return world.log

    seat = game.current_player
    late = played(game.sample_world(seat, random.Random(world_seed)))
    reseed = State.reseed
    try:
        State.reseed = lambda g, s: setattr(g, "rng", random.Random(s)) or setattr(g, "rng_shared", False)
        at_once = played(game.sample_world(seat, random.Random(world_seed)))
    finally:
        State.reseed = reseed
    assert late == at_once
