"""A search's playout (``play_at_random``: the loop generated per rule set, logging or not)
plays as the interpreter does with the same random draws, every game and the test games;
the Legal and Action objects it makes without their classes have every slot set."""

from __future__ import annotations

import random

import pytest
from flow_games import ENDS_VARIANTS, FLOW_PATHS, NAMES, phase_ends, play_out_both, write_rules
from hypothesis import given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules.engine.playout import stop_between_hands


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_out_at_random_as_the_interpreter_does(name):
    rules = pr.load(name)
    for players in sorted({min(rules.player_counts), max(rules.player_counts)}):
        for seed in (0, 1):
            play_out_both(rules, players, seed, pause=seed == 1)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3]),
    pause=st.booleans(),
    game=st.sampled_from(["flow paths", *sorted(ENDS_VARIANTS)]),
)
def test_test_games_play_out_at_random_as_the_interpreter_does(tmp_path_factory, seed, players, pause, game):
    folder = tmp_path_factory.mktemp("out")
    if game == "flow paths":
        path = write_rules(folder, FLOW_PATHS)
    else:
        path = phase_ends(folder, *ENDS_VARIANTS[game])
    play_out_both(pr.load(str(path)), players, seed, pause)


def test_the_generated_flow_sets_every_slot_of_the_actions_and_lists_it_makes():
    """The step functions and the playout loop make Legal and Action objects without calling
    their classes (engine/flowlines.py NEW_LEGAL): every slot is set as the constructor sets it."""
    from playa_rules.engine.actions import Action
    from playa_rules.engine.legal import Legal

    def slots(obj, cls) -> dict:
        return {s: getattr(obj, s) for s in cls.__slots__}  # (an unset slot raises AttributeError)

    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=4)
    rng = random.Random(4)
    for _ in range(6):
        game.apply_index(rng.randrange(len(game.legal_actions())))
        got = slots(game._legal, Legal)
        assert (
            type(got["_runs"]) is list and got["_ends"][0] == 0 and len(got["_ends"]) == len(got["_runs"]) + 1
        )
        assert got["stamp"] == (game._token, game._stamp)
    stop_between_hands(game)
    game.play_at_random(rng.random)
    made = [entry[2] for entry in game.g.log if entry[0] == "act"]
    assert len(made) > 20
    for a in made:
        assert slots(a, Action) == slots(Action(a.defn, a.values, a.keys, a.stamp), Action)
