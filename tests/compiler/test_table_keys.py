"""A table of the rule file read with a value that cannot be one of its keys is a type error
where it is read, found at load like a list read with a component (dsl.md: types are checked
at load). An outside tester's probe: ``tbl: {0: 5, 1: 6, 2: 7, 3: 8}`` read as ``tbl[c]`` of
each card validated and scored the cards' numbers inside the engine as keys; Crazy Eights'
``card_points[c]`` gave wrong points quietly until a card's number passed 13."""

from __future__ import annotations

import pytest

import playa_rules as pr

KEYPROBE = """game: keyprobe
title: Key probe
players: [2]
parameters:
  tbl: {0: 5, 1: 6, 2: 7, 3: 8}
  pts: [10, 20, 30, 40]
components:
  card:
    start: deck
    items:
      - {each: {suit: [hearts], rank: [3, 2, 1, 0]}}
zones:
  deck: {visibility: public, holds: [card]}
actions:
  go:
    effect: end match
phases:
  - id: p
    turns: {from: start_player, rounds: 1}
    steps: [{id: s, actions: [go]}]
scoring:
  - id: tab
    points: "POINTS"
"""


def _rules(tmp_path, points: str):
    path = tmp_path / "keyprobe.yaml"
    path.write_text(KEYPROBE.replace("POINTS", points), encoding="utf-8")
    return path


def _error(tmp_path, points: str):
    (error,) = [d for d in pr.validate(_rules(tmp_path, points)) if d.severity == "error"]
    return error


def test_a_table_read_with_a_card_is_a_type_error_that_names_the_property_to_read(tmp_path):
    error = _error(tmp_path, "sum(tbl[c] for c in deck)")
    assert error.code == "type-error"
    assert error.message == "a table's key is a number or a text, but this is a component (card)"
    assert (error.line, error.column) == (23, 22)  # at the c inside tbl[c]
    assert error.hint == "read one of its properties: tbl[c.rank]"  # the one whose values are keys


def test_the_same_table_read_with_the_cards_rank_scores_the_table(tmp_path):
    game = pr.load(_rules(tmp_path, "sum(tbl[c.rank] for c in deck)")).new_game(players=2, seed=1)
    game.apply(game.legal_actions()[0])
    assert game.scores() == [26, 26]  # 8 + 7 + 6 + 5


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ("tbl['2']", "the keys of this table are numbers (0, 1, 2, 3), but this is a text"),
        ("count(tbl[deck])", "a table's key is a number or a text, but this is a zone (card)"),
    ],
)
def test_a_key_of_another_kind_than_the_tables_is_a_type_error(tmp_path, points, message):
    error = _error(tmp_path, points)
    assert (error.code, error.message) == ("type-error", message)


def test_a_list_of_numbers_never_contains_a_card(tmp_path):
    """The same probe's `contains(pts, top(deck))` (a list of numbers and a card) was accepted."""
    error = _error(tmp_path, "if contains(pts, top(deck)) then 1 else 0")
    assert (error.code, error.message) == (
        "type-error",
        "'contains' looks for a component (card) in a list of numbers: it can never be there",
    )
