"""A board given as data whose component type says ``next_to_both_ways: true`` writes each
neighbour relation once, on either cell: the other way is added, and a cell's neighbours
are in file order. A name that is no cell is still a located ``bad-board`` error; without
the option a list one way only still is. Nine Men's Morris (tests/games/) is written so
and plays as it did with every relation written twice. The rules text says it in en, it
and es."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from backend_switch import load_with

import playa_rules as pr
from playa_rules.render import rules_markdown

GAMES = Path(__file__).parents[1] / "games"

STAR = """\
game: star-once
title: Star board, each line once (test game)
players: [2]
components:
  point:
    start: board
    label: "{name}"
    next_to_both_ways: true
    vars: {mark: -1}
    items:
      - {name: north, next_to: [east, west, centre]}
      - {name: east, next_to: [south, centre]}
      - {name: south, next_to: [west, centre]}
      - {name: west, next_to: [centre]}
      - {name: centre}
zones:
  board: {visibility: public, holds: [point]}
actions:
  mark:
    text: "mark {point}"
    params: {point: {one_of: board}}
    require: [point.mark == -1]
    effect: |
      set point.mark = me.index
      if count(connected(point, [p in board where p.mark == me.index])) >= 3 { win me }
phases:
  - id: play
    turns: {from: start_player, rounds: 3}
    steps:
      - {id: mark, actions: [mark]}
scoring:
  - id: centre
    points: "count(p in neighbours(first(q in board where q.name == 'centre'), board) where p.mark == me.index)"
"""


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "star-once.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_relation_written_on_one_cell_joins_both(monkeypatch, tmp_path, backend):
    game = load_with(monkeypatch, backend, _write(tmp_path, STAR)).new_game(2, seed=1)
    board = {c["name"]: c for c in game.view(0)["zones"]["board"]}
    assert board["centre"]["next_to"] == ["north", "east", "south", "west"]  # every one names it
    assert board["west"]["next_to"] == ["north", "south", "centre"]  # in file order
    for move in ("mark east", "mark north", "mark centre", "mark south", "mark west"):
        game.apply(move)  # seat 0 joins east, centre and west: lines written on east and west
    assert game.is_over and game.winners() == [0]


def test_a_neighbour_that_is_no_cell_is_a_located_error(tmp_path):
    path = _write(tmp_path, STAR.replace("{name: west, next_to: [centre]}", "{name: west, next_to: [centr]}"))
    (error,) = [d for d in pr.validate(path) if d.severity == "error"]
    assert error.code == "bad-board"
    assert error.message == "cell 'west' is next to 'centr', but no point is named so"
    assert error.hint == "did you mean 'centre'?"
    line = STAR.splitlines().index("      - {name: west, next_to: [centre]}") + 1
    assert (error.line, error.column) == (line, len("      - {name: west, next_to: ") + 1)


def test_without_the_option_a_relation_written_once_is_an_error(tmp_path):
    path = _write(tmp_path, STAR.replace("    next_to_both_ways: true\n", ""))
    messages = [d.message for d in pr.validate(path) if d.severity == "error"]
    assert (
        "cell 'north' is next to 'east', but 'east' does not list 'north': neighbours are next to each other both ways"
        in messages
    )


def test_nine_mens_morris_lists_the_same_moves_as_with_every_line_written_twice():
    rules = pr.load(GAMES / "nine-mens-morris.yaml")
    twice = {  # the points next to each, as the file listed them before it wrote each line once
        "a7": ["d7", "a4"],
        "d7": ["g7", "d6", "a7"],
        "d6": ["d7", "f6", "d5", "b6"],
        "g1": ["g4", "d1"],
        "b4": ["b6", "c4", "b2", "a4"],
        "e3": ["e4", "d3"],
        "f2": ["f4", "d2"],
    }
    board = {c["name"]: c for c in rules.new_game(2, seed=0).view(0)["zones"]["board"]}
    for name, neighbours in twice.items():
        assert sorted(board[name]["next_to"]) == sorted(neighbours), name
    for seed in range(3):  # whole games: the moves offered are those of a board with both ways written
        game, pick = rules.new_game(2, seed=seed), random.Random(seed)
        while not game.is_over:
            moves = [str(a) for a in game.legal_actions()]
            for move in moves:
                if move.startswith("move ") and men_fly(game) is False:
                    start, point = move[5:].split(" to ")
                    assert point in board[start]["next_to"]
            game.apply(pick.choice(moves))


def men_fly(game) -> bool:
    """Whether the seat to move is down to three men (then it moves anywhere)."""
    seat = game.current_player
    view = game.view(seat)
    return (
        view["seats"][seat]["vars"]["in_hand"]
        + sum(c["vars"]["mark"] == seat for c in view["zones"]["board"])
        == 3
    )


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", "Neighbours go both ways"),
        ("it", "Le caselle accanto valgono nei due sensi"),
        ("es", "Las casillas vecinas lo son en los dos sentidos"),
    ],
)
def test_the_rules_text_says_neighbours_go_both_ways(tmp_path, lang, words):
    assert words in rules_markdown(pr.load(_write(tmp_path, STAR)), lang=lang)
