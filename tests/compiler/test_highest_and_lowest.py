"""``highest``, ``lowest``, ``unique_highest`` and ``unique_lowest`` pick the element of a
collection with the highest or lowest number: "the seat with the most points wins, a tie
wins nobody", "play your card of highest value". A tie gives the first in order, or none
for the unique forms; a key that is none is a located runtime error; a form without a key
is refused when the rules load. Both backends alike."""

from __future__ import annotations

import pytest
from backend_switch import load_with

import playa_rules as pr

GAME = """\
game: most-points
title: Most points (test game)
players: [3]
components:
  card:
    start: row
    label: "card {value}"
    items:
      - {value: 3}
      - {value: 5}
      - {value: 5}
      - {kind: blank}
zones:
  row: {visibility: public, holds: [card]}
  kept: {visibility: public, holds: [card]}
variables:
  player: {points: 0}
setup: |
  set seat(0).points = POINTS0
  set seat(1).points = 5
  set seat(2).points = 5
actions:
  score:
    text: score
    effect: |
      EFFECT
phases:
  - id: only
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: act, actions: [score]}
"""


def _after_one_move(monkeypatch, tmp_path, backend, effect: str, points0: int = 2) -> pr.Game:
    path = tmp_path / "most-points.yaml"
    path.write_text(GAME.replace("EFFECT", effect).replace("POINTS0", str(points0)), encoding="utf-8")
    game = load_with(monkeypatch, backend, path).new_game(3, seed=1)
    game.apply("score")
    return game


BACKENDS = pytest.mark.parametrize("backend", ["generated", "closures"])


@BACKENDS
def test_the_seat_with_strictly_the_most_points_wins(monkeypatch, tmp_path, backend):
    game = _after_one_move(monkeypatch, tmp_path, backend, "win unique_highest(s.points for s in seats)", 9)
    assert game.is_over and game.winners() == [0]


@BACKENDS
def test_a_tie_for_the_most_points_wins_nobody(monkeypatch, tmp_path, backend):
    game = _after_one_move(monkeypatch, tmp_path, backend, "win unique_highest(s.points for s in seats)")
    assert game.is_over and game.winners() == []


@BACKENDS
def test_the_fewest_points_are_one_seats_alone_or_nobodys(monkeypatch, tmp_path, backend):
    game = _after_one_move(monkeypatch, tmp_path, backend, "win unique_lowest(s.points for s in seats)")
    assert game.winners() == [0]
    game = _after_one_move(monkeypatch, tmp_path, backend, "win unique_lowest(s.points for s in seats)", 5)
    assert game.winners() == []


@BACKENDS
def test_the_card_of_highest_value_is_the_first_of_those_that_tie(monkeypatch, tmp_path, backend):
    effect = "move highest(c.value for c in row where c.kind != 'blank') to kept"
    game = _after_one_move(monkeypatch, tmp_path, backend, effect)
    row = game.view(0)["zones"]["row"]
    assert [c["id"] for c in game.view(None)["zones"]["kept"]] == [
        1
    ]  # the first 5 from the bottom (the engine's ids)
    assert [c.get("value") for c in row] == [3, 5, None]


@BACKENDS
def test_the_lowest_of_nothing_is_none(monkeypatch, tmp_path, backend):
    effect = "if lowest(c.value for c in row where c.kind != 'blank' and c.value > 9) == none { win seat(2) }"
    assert _after_one_move(monkeypatch, tmp_path, backend, effect).winners() == [2]


@BACKENDS
def test_a_key_that_is_none_is_a_located_runtime_error(monkeypatch, tmp_path, backend):
    with pytest.raises(pr.GameRuntimeError) as err:
        _after_one_move(monkeypatch, tmp_path, backend, "move highest(c.value for c in row) to kept")
    line = GAME.splitlines().index("      EFFECT") + 1
    column = len("      move highest(c.") + 1  # at the part read
    assert (
        f"most-points.yaml:{line}:{column}: runtime-error: 'highest' compares numbers, but this is none here"
        in str(err.value)
    )


def test_highest_without_a_number_to_compare_is_refused_when_the_rules_load(tmp_path):
    path = tmp_path / "most-points.yaml"
    path.write_text(
        GAME.replace("EFFECT", "move highest(c in row) to kept").replace("POINTS0", "2"), encoding="utf-8"
    )
    (error,) = [d for d in pr.validate(path) if d.severity == "error"]
    assert error.code == "wrong-form"
    assert error.message == "'highest' needs the number to compare: highest(c.value for c in COLLECTION)"
    assert (error.line, error.column) == (GAME.splitlines().index("      EFFECT") + 1, len("      move ") + 1)
