"""War: "the winner puts the won cards under their pile" (`move X to bottom(ZONE)`, dsl.md):
the cards go under the pile, a group in its own order, on both backends; under a shuffled
pile whose order is still undecided, the card put under is the last one drawn."""

from __future__ import annotations

import random

import pytest

import playa_rules as pr
from playa_rules import rules as rules_module

PILES = """\
game: piles
title: Piles
players: [2]
components:
  card:
    start: pile
    label: "{rank}"
    items:
      - {each: {rank: [1, 2, 3, 4, 5, 6]}}
zones:
  pile: {visibility: public, holds: [card]}
  won: {visibility: public, holds: [card]}
  deck: {visibility: hidden, holds: [card]}
actions:
  under:
    text: "top card under"
    effect: move top(pile) to bottom(pile)
  win_two:
    text: "win the top two"
    effect: |
      move [c in pile where c.rank >= 5] to won
      move won to bottom(pile)
  sorted_under:
    text: "the top three under, highest first"
    effect: move [c in pile where c.rank >= 4] to bottom(pile) sorted by rank descending
  hide:
    text: "hide"
    effect: |
      move [c in pile where c.rank <= 5] to deck
      shuffle deck
      move top(pile) to bottom(deck)
phases:
  - id: play
    turns: {from: start_player, rounds: 1}
    steps: [{id: s, actions: [under, win_two, sorted_under, hide]}]
"""


@pytest.fixture(params=["generated", "closures"])
def rules(tmp_path, monkeypatch, request):
    if request.param == "closures":
        monkeypatch.setenv("PLAYA_RULES_BACKEND", "closures")
    else:
        monkeypatch.delenv("PLAYA_RULES_BACKEND", raising=False)
    path = tmp_path / "piles.yaml"
    path.write_text(PILES)
    rules_module.clear_cache()
    yield pr.load(path)
    rules_module.clear_cache()


def pile(game, zone="pile"):
    return [c.get("rank") for c in game.view(0)["zones"][zone]]


def test_the_top_card_goes_under_the_pile(rules):
    game = rules.new_game(players=2, seed=1)
    assert pile(game) == [1, 2, 3, 4, 5, 6]  # the last is the top
    game.apply("top card under")
    assert pile(game) == [6, 1, 2, 3, 4, 5]


def test_won_cards_go_under_the_pile_in_their_order(rules):
    game = rules.new_game(players=2, seed=1)
    game.apply("win the top two")
    assert pile(game) == [5, 6, 1, 2, 3, 4] and pile(game, "won") == []


def test_a_sorted_group_goes_under_in_its_sorted_order(rules):
    game = rules.new_game(players=2, seed=1)
    game.apply("the top three under, highest first")
    assert pile(game) == [6, 5, 4, 1, 2, 3]  # sorted descending: its lowest nearest the top


@pytest.mark.parametrize("chance", ["sample", "explicit"])
def test_a_card_put_under_a_shuffled_deck_is_drawn_last(rules, chance):
    for seed in range(5):
        game = rules.new_game(players=2, seed=seed, chance=chance)
        game.apply("hide")
        rng = random.Random(seed)
        while game.is_chance:
            outcomes = game.chance_outcomes()
            game.apply(outcomes[rng.randrange(len(outcomes))][0])
        assert game.view(0)["zones"]["deck"][0] == {"id": 5, "type": "card", "label": "6", "rank": 6}
        assert len(game.view(0)["zones"]["deck"]) == 6
        world = game.sample_world(1, random.Random(seed))  # a world seat 1 cannot tell apart
        assert world.view(None)["zones"]["deck"][0]["id"] == 5
