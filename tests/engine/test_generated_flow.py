"""The flow between decisions generated per rule set (engine/flowcode.py) plays every game as
the interpreter (engine/flow.py) does: the same legal actions at every decision, the same
log entry for entry, the same views, scores and winners; clones and pickles go on by it;
simultaneous steps stay with the interpreter, which runs only to set each hand up."""

from __future__ import annotations

import random

import pytest
from flow_games import GAMES, NAMES, play_both

import playa_rules as pr
from playa_rules.engine.flowcode import after_table, interpreted


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_the_same_generated_and_interpreted(name):
    rules = pr.load(name)
    for players in sorted({min(rules.player_counts), max(rules.player_counts)}):
        for seed in (0, 1):
            assert play_both(rules, players, seed, by_index=seed == 1) > 0


@pytest.mark.parametrize("name", NAMES)
def test_clones_and_pickles_of_a_game_go_on_by_the_generated_flow(name):
    import pickle

    rules = pr.load(name)
    game = rules.new_game(max(rules.player_counts), seed=3)
    rng = random.Random(3)
    for _ in range(6):
        if game.is_over or game.current_player is None or game.current_player < 0:
            break
        game.apply_index(rng.randrange(len(game.legal_actions())))
    if game.is_over or game.current_player is None or game.current_player < 0:
        return
    k = rng.randrange(len(game.legal_actions()))
    copies = [game.clone(), pickle.loads(pickle.dumps(game))]
    for g in [game, *copies]:
        g.apply_index(k)
    assert copies[0].log == game.log == copies[1].log
    assert copies[0].legal_action_ids() == game.legal_action_ids() == copies[1].legal_action_ids()


def test_simultaneous_steps_are_left_to_the_interpreter():
    rules = pr.load(str(GAMES / "goofspiel.yaml"))
    table = after_table(rules.program)
    for phase, row in zip(rules.program.phases, table):
        for step, fn in zip(phase.steps, row):
            assert (fn is interpreted) == (step.simultaneous is not None)
    assert any(fn is interpreted for row in table for fn in row)


def test_the_interpreter_runs_only_to_set_up_each_hand(tmp_path):
    """Playa Pirata's phases end, start and the hand is scored in the generated flow: after
    the first hand's setup the interpreter's loop runs once per hand, for the next one's."""
    rules = pr.load("playa-pirata")
    for seed in range(3):
        game = rules.new_game(3, seed=seed)
        runs = []
        run = game._run
        game._run = lambda: runs.append(1) or run()
        rng = random.Random(seed)
        while not game.is_over:
            game.apply_index(rng.randrange(len(game.legal_actions())))
        assert len(runs) == 2  # the setups of hands 2 and 3
