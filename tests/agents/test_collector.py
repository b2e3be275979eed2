"""Searches and whole games make no reference cycles, so pausing the garbage collector while
they run (ismcts's search, ``play_game``) loses no memory: reference counting frees it all."""

import gc
import random

import pytest

import playa_rules as pr
from playa_rules.agents import ISMCTSAgent, LazyLog, LazyView, Worlds
from playa_rules.simulation.play import Unit, play_game


def _made_cycles(run):
    """The unreachable cycles ``run()`` leaves behind (the collector held off meanwhile, so none is
    collected before it is counted; only the youngest generation is searched: a full pass is slow)."""
    gc.collect(0)
    gc.disable()
    try:
        run()
        return gc.collect(0)
    finally:
        gc.enable()


def _decide(agent, game):
    seat = game.current_player
    worlds = Worlds(lambda r: game.sample_world(seat, r), seat, agent.rng)
    view, log = LazyView(lambda: game.view(seat)), LazyLog(lambda: game.log_for(seat))
    choice = agent.act(view, game.legal_actions(), log, worlds)
    view.close()
    log.close()
    return choice


@pytest.mark.parametrize("game_id", pr.games())
def test_an_ismcts_search_leaves_no_cycles_and_gives_the_collector_back(game_id):
    rules = pr.load(game_id)
    game, moves = rules.new_game(rules.player_counts[0], seed=3), random.Random(3)
    agent, found = ISMCTSAgent(random.Random(1), playouts=3), []
    while not game.is_over and len(found) < 3:
        legal = game.legal_actions()
        if len(legal) > 1 and game.current_player == 0:
            _decide(agent, game)  # (the first search also fills one-time caches)
            assert gc.isenabled()
            chosen = []
            found.append(_made_cycles(lambda: chosen.append(_decide(agent, game))))
            game.apply(chosen[0])
        else:
            game.apply(legal[moves.randrange(len(legal))])
    assert found == [0, 0, 0]


@pytest.mark.parametrize("game_id", pr.games())
def test_a_whole_game_of_play_game_leaves_no_cycles_and_gives_the_collector_back(game_id):
    rules = pr.load(game_id)
    n = rules.player_counts[0]
    play_game(Unit(0, rules, n, 1, ("random",)))  # one-time caches
    assert gc.isenabled()
    assert _made_cycles(lambda: play_game(Unit(1, rules, n, 2, ("random",)))) == 0
