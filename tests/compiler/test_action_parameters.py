"""Action.parameters(): an action's parameters one by one, as its text writes them."""

import random

import playa_rules as pr


def test_each_parameter_is_named_with_its_kind_and_text():
    game = pr.load("playa-pirata").new_game(players=3, seed=7)
    bury = game.legal_actions()[0]
    assert str(bury) == "bury 5"
    assert bury.parameters() == [{"name": "card", "kind": "one_of", "text": "5"}]


def test_a_group_lists_its_items_one_per_unit_and_the_texts_rebuild_the_action():
    game = pr.load("playa-pirata").new_game(players=2, seed=1)
    while not any(a.name == "place_towels" for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    towels = [a for a in game.legal_actions() if a.name == "place_towels"]
    for a in towels:
        spot, cards = a.parameters()
        assert (spot["name"], spot["kind"], cards["kind"]) == ("spot", "position_in", "group_of")
        assert "+".join(cards["items"]) == cards["text"]
        assert str(a) == f"towels {cards['text']} on #{spot['text']}"
    assert len({tuple(p["text"] for p in a.parameters()) for a in towels}) == len(towels)


def test_an_action_without_parameters_has_none():
    game = pr.load("pirate-gold-cards").new_game(players=3, seed=1)
    rng = random.Random(1)
    stop = None
    while stop is None and not game.is_over:
        legal = game.legal_actions()
        stop = next((a for a in legal if a.name == "stop"), None)
        game.apply(legal[rng.randrange(len(legal))])
    assert stop is not None and str(stop) == "stop"
    assert stop.parameters() == []
