"""ismcts keeps its tree between its decisions only while the seat has learnt nothing hidden."""

import random

import pytest

import playa_rules as pr
from playa_rules.agents import ISMCTSAgent, LazyLog, LazyView, Worlds, parse_spec


def _decide(agent, game, seat=None):
    """One decision of ``agent`` in ``game``, given what the runner gives it."""
    seat = game.current_player if seat is None else seat
    worlds = Worlds(lambda r: game.sample_world(seat, r), seat, agent.rng)
    view, log = LazyView(lambda: game.view(seat)), LazyLog(lambda: game.log_for(seat))
    choice = agent.act(view, game.legal_actions(), log, worlds)
    view.close()
    log.close()
    return choice


def _turn_with_a_choice_of_cards(seed):
    """A Playa Pirata (3 players) position where the seat to act may bury a treasure or peek with a Telescope."""
    game = pr.load("playa-pirata").new_game(3, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        names = {a.name for a in game.legal_actions()}
        if {"bury", "telescope"} <= names and game.view(None)["phase"] == "regular":
            return game
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no such position")


def _after(game, name):
    """A copy of ``game`` after the seat to act plays its first legal action called ``name``."""
    other = game.clone()
    other.apply(next(a for a in other.legal_actions() if a.name == name))
    return other


class _Counted(ISMCTSAgent):
    """ismcts counting the iterations it plays, and never ending a search early."""

    def __init__(self, rng, **options):
        super().__init__(rng, **options)
        self.iterations = 0

    def _iterate(self, root, world):
        self.iterations += 1
        super()._iterate(root, world)

    @staticmethod
    def _settled(root, ids, left):
        return False


def test_burying_a_known_card_keeps_the_tree_and_peeking_at_a_hidden_treasure_drops_it():
    game = _turn_with_a_choice_of_cards(seed=1)
    seat = game.current_player
    kept = {}
    for name in ("bury", "telescope"):
        agent = _Counted(random.Random(7), playouts=50)  # every card tried at least once
        _decide(agent, game)
        after = _after(game, name)
        assert after.current_player == seat and len(after.legal_actions()) > 1  # now the towels
        agent.iterations = 0
        _decide(agent, after)
        kept[name] = agent.reused
        assert agent.reused + agent.iterations == 50  # the budget counts what was taken over
    assert kept["bury"] > 0  # the seat learnt nothing: the subtree under its card is the search so far
    assert (
        kept["telescope"] == 0
    )  # it saw a buried treasure: the worlds of the old tree are not its worlds now


@pytest.mark.parametrize("seed", [2])
def test_a_search_that_takes_over_no_tree_chooses_as_a_fresh_agent_would_from_the_same_random_state(seed):
    rules = pr.load("playa-pirata", variants=["short-game"])
    game, moves = rules.new_game(3, seed=seed), random.Random(seed)
    agent = ISMCTSAgent(random.Random(seed), playouts=20)
    fresh_compared = reused = 0
    while not game.is_over:
        legal = game.legal_actions()
        if game.current_player != 0:
            game.apply(legal[moves.randrange(len(legal))])
            continue
        twin = random.Random()
        twin.setstate(agent.rng.getstate())
        before = agent.reused
        choice = _decide(agent, game)
        assert choice in legal
        if agent.reused == before and len(legal) > 1:
            assert choice == _decide(ISMCTSAgent(twin, playouts=20, reuse=False), game)
            fresh_compared += 1
        reused += agent.reused > before
        game.apply(choice)
    assert fresh_compared >= 5 and reused >= 1


def test_without_reuse_every_search_starts_from_an_empty_tree():
    game = _turn_with_a_choice_of_cards(seed=1)
    agent = _Counted(random.Random(7), playouts=50, reuse=False)
    _decide(agent, game)
    _decide(agent, _after(game, "bury"))  # where the agent above took a tree over
    assert agent.reused == 0 and agent.iterations == 100


def test_reuse_is_an_option_of_the_spec():
    assert parse_spec("ismcts:reuse=0") == ("ismcts", {"reuse": False})
    assert parse_spec("ismcts:playouts=50,reuse=yes") == ("ismcts", {"playouts": 50, "reuse": True})
    with pytest.raises(
        pr.PlayaRulesError,
        match=r"ismcts reuse is 1 or 0 \(true or false, yes or no, on or off\), not 'maybe'",
    ):
        parse_spec("ismcts:reuse=maybe")
