"""A property an item leaves out reads none; storing that none in a variable whose start
value fixes its kind (a text, a number, a truth value) is a located runtime error naming
the variable and the component, alike in both backends, as ``set hand.x = none`` is refused
when the rules load. A variable that starts as none takes it."""

from __future__ import annotations

import pytest
from backend_switch import load_with

import playa_rules as pr

GAME = """\
game: colours
title: Colours
players: [2]
components:
  card:
    start: deck
    label: "{name}"
    vars:
      shade: ''
    items:
      - {name: red one, colour: red}
      - {name: wild, value: 3}
zones:
  deck: {visibility: public, holds: [card]}
  pile: {visibility: public, holds: [card]}
variables:
  hand: {colour: '', seen: ~, points: 0}
actions:
  play:
    text: "play {card}"
    params:
      card: {one_of: deck}
    effect: |
      move card to pile
      STATEMENT
phases:
  - id: main
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: play, actions: [play]}
scoring:
  - {id: points, points: "hand.points + count(pile)"}
"""


def _play_wild(monkeypatch, tmp_path, backend: str, statement: str) -> pr.Game:
    path = tmp_path / "colours.yaml"
    path.write_text(GAME.replace("STATEMENT", statement), encoding="utf-8")
    game = load_with(monkeypatch, backend, path).new_game(2, seed=1)
    game.apply(next(a for a in game.legal_actions() if "wild" in str(a)))
    return game


def _line_col(statement: str) -> tuple[int, int]:
    text = GAME.replace("STATEMENT", statement)
    for i, line in enumerate(text.splitlines(), 1):
        if statement in line:
            return i, line.index(statement) + 1 + statement.rindex(".") + 1  # at the part read
    raise AssertionError(statement)


@pytest.mark.parametrize(
    "statement,variable",
    [
        ("set hand.colour = card.colour", "hand.colour holds a text (its initial value is '')"),
        ("set hand.points = card.colour_count", None),
        ("set card.shade = card.colour", "component variable 'shade' holds a text (its initial value is '')"),
    ],
)
@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_property_the_item_leaves_out_cannot_be_stored_in_a_text_variable(
    monkeypatch, tmp_path, backend, statement, variable
):
    if variable is None:  # a property no item has is no property: refused when the rules load
        with pytest.raises(pr.RuleError, match="colour_count"):
            _play_wild(monkeypatch, tmp_path, backend, statement)
        return
    with pytest.raises(pr.GameRuntimeError) as err:
        _play_wild(monkeypatch, tmp_path, backend, statement)
    line, column = _line_col(statement)
    assert f"colours.yaml:{line}:{column}: runtime-error: {variable}, so it cannot be set to none: " in str(
        err.value
    )
    assert "wild (a card) has no property 'colour', so it reads none" in str(err.value)


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_variable_that_starts_as_none_may_hold_a_property_the_item_leaves_out(
    monkeypatch, tmp_path, backend
):
    game = _play_wild(monkeypatch, tmp_path, backend, "set hand.seen = card.colour")
    assert game.view(0)["vars"]["hand"]["seen"] is None


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_an_item_with_the_property_is_stored_as_before(monkeypatch, tmp_path, backend):
    path = tmp_path / "colours.yaml"
    path.write_text(GAME.replace("STATEMENT", "set hand.colour = card.colour"), encoding="utf-8")
    game = load_with(monkeypatch, backend, path).new_game(2, seed=1)
    game.apply(next(a for a in game.legal_actions() if "red one" in str(a)))
    assert game.view(0)["vars"]["hand"]["colour"] == "red"


def test_none_written_in_the_rules_is_refused_when_they_load(tmp_path):
    path = tmp_path / "colours.yaml"
    path.write_text(GAME.replace("STATEMENT", "set hand.colour = none"), encoding="utf-8")
    errors = [d for d in pr.validate(path) if d.severity == "error"]
    assert [d.code for d in errors] == ["type-error"]
    assert "hand.colour holds a text" in errors[0].message
