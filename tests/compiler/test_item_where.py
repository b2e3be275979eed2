"""An item line's ``where`` keeps only the combinations of ``each`` for which a condition
over the item's properties (and the constants) holds, worked out once when the rules load:
a double-six set of dominoes is every pair (left, right) with left <= right, 28 tiles.
Problems are located in the condition; the rules text says it in en, it and es."""

from __future__ import annotations

from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.render import rules_markdown

DOMINOES = """\
game: dominoes
title: Dominoes (test game)
players: [2]
parameters:
  pips: [0, 1, 2, 3, 4, 5, 6]
components:
  tile:
    start: boneyard
    label: "{left}-{right}"
    items:
      - {each: {left: pips, right: pips}, where: WHERE}
zones:
  boneyard: {visibility: public, holds: [tile]}
actions:
  pass: {text: pass, effect: "end turn"}
phases:
  - id: main
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: play, actions: [pass]}
scoring:
  - {id: doubles, points: "count(t in boneyard where t.left == t.right)"}
"""


def _write(tmp_path, where: str) -> Path:
    path = tmp_path / "dominoes.yaml"
    path.write_text(DOMINOES.replace("WHERE", where), encoding="utf-8")
    return path


def test_a_double_six_set_is_every_pair_once(tmp_path):
    game = pr.load(_write(tmp_path, "left <= right")).new_game(2, seed=0)
    tiles = [(t["left"], t["right"]) for t in game.view(0)["zones"]["boneyard"]]
    assert len(tiles) == 28 == len(set(tiles))
    assert all(a <= b for a, b in tiles)
    assert (2, 5) in tiles and (5, 2) not in tiles
    assert sum(a == b for a, b in tiles) == 7  # the seven doubles


def test_the_condition_reads_the_constants_too(tmp_path):
    game = pr.load(_write(tmp_path, '"left <= right and right < count(pips) - 1"')).new_game(2, seed=0)
    assert len(game.view(0)["zones"]["boneyard"]) == 21  # a double-five set


@pytest.mark.parametrize(
    "where,code,message,hint",
    [
        ("left <= rigth", "unknown-name", "unknown name 'rigth'", "did you mean 'right'?"),
        (
            '"left + right"',
            "type-error",
            "an item line's 'where' must be a truth value, but this is a number",
            None,
        ),
        (
            '"seat(left).index == 0"',
            "bad-where",
            "'where' cannot be worked out for the item {left: 0, right: 0}: it reads the item's properties "
            "and the constants, before any game is played",
            None,
        ),
    ],
)
def test_a_condition_that_cannot_be_worked_out_is_a_located_error(tmp_path, where, code, message, hint):
    (error,) = [d for d in pr.validate(_write(tmp_path, where)) if d.severity == "error"]
    assert (error.code, error.message, error.hint) == (code, message, hint)
    line = DOMINOES.splitlines().index("      - {each: {left: pips, right: pips}, where: WHERE}") + 1
    assert error.line == line and error.column >= len("      - {each: {left: pips, right: pips}, where: ") + 1


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", "- 28, one for each `left` in `pips`"),
        ("en", "only those where `left <= right`"),
        ("it", "solo quelli in cui `left <= right`"),
        ("es", "solo aquellos en que `left <= right`"),
    ],
)
def test_the_rules_text_says_which_combinations_are_kept(tmp_path, lang, words):
    assert words in rules_markdown(pr.load(_write(tmp_path, "left <= right")), lang=lang)
