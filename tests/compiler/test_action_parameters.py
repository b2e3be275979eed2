"""Action.parameters(): an action's parameters one by one, as its text writes them."""

import random
from pathlib import Path

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


PER_SEAT = """\
game: own-cards
title: Own cards (test game)
players: [2]
components:
  card:
    per_player: true
    start: hand
    label: "{value}"
    items:
      - {each: {value: [1, 2]}}
zones:
  hand: {per: player, visibility: owner, holds: [card]}
  pile: {visibility: public, holds: [card]}
actions:
  play:
    text: "play {card} before {then}"
    params:
      card: {one_of: me.hand}
      then: {one_of: "[c in me.hand where c != card]"}
    effect: move card to pile
phases:
  - id: main
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: play, actions: [play]}
scoring:
  - {id: kept, points: "count(me.hand)"}
"""


def test_one_of_over_per_player_cards_gives_each_seat_ids_of_its_own(tmp_path):
    path = tmp_path / "own-cards.yaml"
    path.write_text(PER_SEAT, encoding="utf-8")
    rules = pr.load(path)
    assert rules.num_distinct_actions == 16  # (2 cards x 2 seats) for each parameter
    game = rules.new_game(2, seed=0)
    first = {str(a): a.id for a in game.legal_actions()}
    game.apply("play 1 before 2")
    second = {str(a): a.id for a in game.legal_actions()}
    assert set(first) == set(second) == {"play 1 before 2", "play 2 before 1"}
    assert not set(first.values()) & set(second.values())  # the same texts, other ids


def test_a_domain_reads_the_parameters_before_it_not_those_after(tmp_path):
    path = tmp_path / "own-cards.yaml"
    path.write_text(
        PER_SEAT.replace(
            '      card: {one_of: me.hand}\n      then: {one_of: "[c in me.hand where c != card]"}\n',
            '      card: {one_of: "[c in me.hand where c != then]"}\n      then: {one_of: me.hand}\n',
        ),
        encoding="utf-8",
    )
    errors = [(d.code, d.message) for d in pr.validate(path) if d.severity == "error"]
    assert ("unknown-name", "unknown name 'then'") in errors


NIM = (Path(__file__).resolve().parents[1] / "games" / "nim.yaml").read_text(encoding="utf-8")


def test_a_number_range_may_end_at_the_largest_of_a_list_parameter(tmp_path):
    """max (and min, sum) of a list known when the rules load is known then too."""
    path = tmp_path / "nim.yaml"
    path.write_text(
        NIM.replace("n: {number_in: [1, 5]}", 'n: {number_in: [1, "max(start_heaps)"]}'), encoding="utf-8"
    )
    assert [d for d in pr.validate(path) if d.severity == "error"] == []
    game = pr.load(path).new_game(2, seed=1)
    assert "take 5 from heap 2" in game.legal_actions().texts()


def test_a_parameter_that_fails_is_reported_once_not_again_where_it_is_used(tmp_path):
    path = tmp_path / "nim.yaml"
    path.write_text(
        NIM.replace("n: {number_in: [1, 5]}", 'n: {number_in: [1, "me.index"]}'), encoding="utf-8"
    )
    errors = [(d.code, d.message) for d in pr.validate(path) if d.severity == "error"]
    assert [code for code, _ in errors] == ["bad-range"]
