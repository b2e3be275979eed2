"""A game of one seat alone: the searching agents play for points (docs/agents.md).

Blackjack as tests/games/blackjack.yaml plays it: one player against a dealer the rules play.
The seat leads whatever it scores, so a reward of leading and rank alone would never tell its
actions apart; the agents scale its points instead."""

import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.agents import LazyLog, LazyView, Worlds, make_agent

BLACKJACK = Path(__file__).resolve().parent.parent / "games" / "blackjack.yaml"


def _total(cards) -> int:
    """A hand as the rules count it: an ace counts 11 when that stays within 21."""
    total = sum(c["value"] for c in cards)
    return total + 10 if any(c["rank"] == 1 for c in cards) and total <= 11 else total


def _first_decisions(seeds):
    """The first decision of each seeded game, with the player's total and the dealer's (its cards
    are dealt face up in this file)."""
    rules = pr.load(BLACKJACK)
    for seed in seeds:
        game = rules.new_game(1, seed=seed)
        if not game.is_over:
            view = game.view(0)
            yield seed, game, _total(view["seats"][0]["zones"]["hand"]), _total(view["zones"]["dealer"])


def _decide(spec, game, seed):
    rng = random.Random(seed)
    agent = make_agent(spec, rng)
    worlds = Worlds(lambda r: game.sample_world(0, r), 0, rng)
    legal = game.legal_actions()
    return str(agent.act(LazyView(lambda: game.view(0)), legal, LazyLog(lambda: game.log_for(0)), worlds))


@pytest.mark.parametrize("spec", ["ismcts", "greedy:samples=8"])
def test_one_seat_hits_where_standing_surely_loses_and_stands_on_a_strong_hand(spec):
    """Against a dealer who stands (17 to 20), standing on 11 or less loses for sure and a hit
    can never go over 21; on 19 or more beating the dealer's total (or the dealer still to draw),
    a hit goes over more often than not."""
    seen = {"Hit": 0, "Stand": 0}
    for seed, game, mine, dealers in _first_decisions(range(150)):
        if mine <= 11 and 17 <= dealers <= 20:
            assert _decide(spec, game, seed) == "Hit", (seed, mine, dealers)
            seen["Hit"] += 1
        elif mine >= 19 and (dealers < 17 or mine > dealers):
            assert _decide(spec, game, seed) == "Stand", (seed, mine, dealers)
            seen["Stand"] += 1
    assert seen["Hit"] >= 3 and seen["Stand"] >= 5, seen


def test_one_seat_ismcts_scores_more_than_random_play():
    """Over the same 150 deals, ismcts's mean points beat random play's by a clear margin."""
    means = {}
    for spec in ("random", "ismcts"):
        result = pr.simulate(BLACKJACK, players=1, games=150, agents=[spec], workers=1)
        means[spec] = result["seats"][0]["mean_score"]
    assert means["ismcts"] > means["random"] + 0.25, means
