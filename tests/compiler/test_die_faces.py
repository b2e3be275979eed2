"""A die's ``faces`` (docs/format.md, components): a list, or the name of a list parameter.
``faces: sides`` was taken as the text "sides", whose letters were rolled (``die shows i, s,
d``: found while checking item 1 of session 19's outside tester, a Farkle-like game)."""

from __future__ import annotations

import playa_rules as pr

DICE = """\
game: dicey
title: Dicey
players: [2]
parameters:
  sides: [1, 2, 3, 4, 5, 6]
components:
  die:
    start: pool
    items:
      - {faces: FACES, count: 2}
zones:
  pool: {visibility: public, holds: [die]}
setup: |
  roll pool
actions:
  pass:
    text: pass
    effect: end step
phases:
  - id: main
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: p, actions: [pass]}
"""


def _path(tmp_path, faces: str):
    path = tmp_path / "dicey.yaml"
    path.write_text(DICE.replace("FACES", faces), encoding="utf-8")
    return path


def test_faces_named_by_a_list_parameter_are_its_values(tmp_path):
    path = _path(tmp_path, "sides")
    assert pr.validate(path) == []  # and 'sides' counts as read
    for seed in range(5):
        game = pr.load(path).new_game(players=2, seed=seed)
        assert all(d["vars"]["face"] in range(1, 7) for d in game.view(None)["zones"]["pool"])


def test_faces_that_are_no_list_are_refused_where_written(tmp_path):
    (d,) = [d for d in pr.validate(_path(tmp_path, "3")) if d.severity == "error"]
    assert (d.code, d.path) == ("bad-faces", "/components/die/items/0/faces")
    (d,) = [d for d in pr.validate(_path(tmp_path, "sidez")) if d.severity == "error"]
    assert (d.code, d.path) == ("unknown-name", "/components/die/items/0/faces")
