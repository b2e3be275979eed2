"""A constant read by the player count (``hand_size[players]``) has a value for every player
count the file allows, checked when the rules load (compiler/dsl/by_players.py), and reported
at the value: in a variant, at the variant's line (variants.md), not at the game's text that
reads it. Before, an outside tester's variant ``hand_size: [1, 2]`` on Playa Pirata validated,
and only ``--simulate`` found it, located inside the installed game's file."""

from __future__ import annotations

import playa_rules as pr

EIGHTS = """game: eights
title: Eights
players: [2, 3, 4, 5]
parameters:
  hand_size: {2: 7, 3: 5, 4: 5}
components:
  card:
    start: stock
    items:
      - {each: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], suit: [c, d, h, s]}}
zones:
  stock: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
setup: |
  shuffle stock
  deal hand_size[players] from stock to each hand
actions:
  go:
    effect: end match
phases:
  - id: p
    turns: {from: start_player, rounds: 1}
    steps: [{id: s, actions: [go]}]
scoring:
  - id: left
    points: "-count(me.hand)"
"""


def _errors(path):
    return [d for d in pr.validate(path) if d.severity == "error"]


def test_a_variant_giving_a_list_too_short_for_the_player_counts_is_reported_at_its_line(tmp_path):
    variant = tmp_path / "list-hand.yaml"
    variant.write_text("extends: playa-pirata\nvariant: list-hand\nparameters:\n  hand_size: [1, 2]\n")
    (error,) = _errors(variant)
    assert (error.code, error.file, error.line, error.column) == ("no-value-for-players", str(variant), 4, 14)
    assert error.message == (
        "hand_size is a list of 2 items (0 to 1), with no item for 2 or 3 or 4 players, "
        "and the rules read hand_size[players]"
    )
    assert error.hint.endswith("or write a table by player count: {2: ..., 3: ..., 4: ...}")
    assert error.notes[0].file.endswith("playa-pirata.yaml")
    assert error.notes[0].message == "where the rules read hand_size[players]"


def test_a_list_with_an_item_at_each_player_count_is_a_fine_variant(tmp_path):
    variant = tmp_path / "list-hand.yaml"
    variant.write_text(
        "extends: playa-pirata\nvariant: list-hand\nparameters:\n  hand_size: [0, 0, 6, 5, 4]\n"
    )
    assert _errors(variant) == []


def test_a_table_missing_a_player_count_the_game_allows_is_an_error_at_the_table(tmp_path):
    path = tmp_path / "eights.yaml"
    path.write_text(EIGHTS)
    (error,) = _errors(path)
    assert (error.code, error.line, error.column) == ("no-value-for-players", 5, 14)
    assert error.message == "hand_size has no key for 5 players, and the rules read hand_size[players]"
    assert (error.notes[0].line, error.notes[0].column) == (16, 8)  # deal hand_size[players] ...


def test_a_table_by_seats_counts_the_automata_seats_too():
    """Pirate Gold Cards' tables start at 3: with 2 players a dummy makes the third seat."""
    rules = pr.load("pirate-gold-cards")
    assert rules.new_game(players=2, seed=1).legal_actions()
