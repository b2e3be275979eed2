"""``group_of ... by:`` a die's rolled face or an item's ``vars`` (outside tester, session 19).

A group's id counts its components per value of ``by``, values known when the rules load
(format.md, Parameter kinds). A die's face changes with every roll, so ``by: face`` is
refused where it is written, saying why and what to write instead (a value and a count),
never 'did you mean faces?'. The way the hint gives plays as a Farkle-like keep.
"""

from __future__ import annotations

import random

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
    vars: {held: 0}
    items:
      - {faces: [1, 2, 3, 4, 5, 6], count: 5}
zones:
  pool: {visibility: public, holds: [die]}
  kept: {per: player, visibility: public, holds: [die]}
setup: |
  roll pool
actions:
  keep:
    text: "keep {dice}"
    params:
      dice: {group_of: pool, by: BY}
    effect: move dice to me.kept
phases:
  - id: main
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: keep, actions: [keep]}
"""

KEEP = """\
  keep:
    text: "keep {n} x {face}"
    params:
      face: {one_of: sides}
      n: {number_in: [1, 5]}
    require:
      - face == 1 or face == 5
      - count(d in pool where d.face == face) >= n
    effect: move take([d in pool where d.face == face], n) to me.kept
  done:
    text: done
    effect: end step
"""


def _errors(tmp_path, text):
    path = tmp_path / "dicey.yaml"
    path.write_text(text, encoding="utf-8")
    return [d for d in pr.validate(path) if d.severity == "error"]


def test_group_of_by_a_rolled_face_is_refused_at_by_saying_why_and_what_to_write(tmp_path):
    diags = _errors(tmp_path, DICE.replace("BY", "face"))
    assert [(d.code, d.path) for d in diags] == [("bad-param", "/actions/keep/params/dice/by")]
    assert "'face' is the face a roll gives a die, which changes while playing" in diags[0].message
    assert "take([x in ZONE where x.face == v], n)" in diags[0].hint and "faces" not in diags[0].hint


def test_group_of_by_an_items_variable_is_refused_the_same_way(tmp_path):
    diags = _errors(tmp_path, DICE.replace("BY", "held"))
    assert [d.code for d in diags] == ["bad-param"]
    assert "'held' is a variable of die, which changes while playing" in diags[0].message


def test_the_way_the_hint_gives_keeps_dice_by_their_rolled_face(tmp_path):
    head, _ = DICE.split("  keep:\n", 1)
    text = (
        head
        + KEEP
        + DICE.split("effect: move dice to me.kept\n", 1)[1].replace(
            "actions: [keep]", "actions: [keep, done], repeat: true"
        )
    )
    path = tmp_path / "dicey.yaml"
    path.write_text(text, encoding="utf-8")
    assert not [d for d in pr.validate(path) if d.severity == "error"]
    kept = 0
    for seed in range(20):
        game = pr.load(path).new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        for seat in (0, 1):
            faces = [d["vars"]["face"] for d in game.view(None)["seats"][seat]["zones"]["kept"]]
            assert set(faces) <= {1, 5}
            kept += len(faces)
    assert kept > 0
