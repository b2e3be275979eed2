"""A variant that rewrites a DSL block to change one number and leaves out the rest of it is a
warning at the variant's text (``partial-block``, outside tester, session 19, item 2): a
variant's text replaces the game's whole text (docs/variants.md). The way to change one number
is to name it: a `let` of the action (a mapping, merged key by key) or a parameter."""

from pathlib import Path

import playa_rules as pr

GAME = """\
game: coins
title: Coins
players: [2]
components:
  card:
    start: deck
    items:
      - {value: 1, count: 6}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
variables:
  player: {coins: 0, drawn: 0}
actions:
  draw:
    text: draw
    let: {gain: 2}
    effect: |
      move top(deck) to me.hand
      set me.drawn += 1
      set me.coins += 3
      set me.coins += gain
phases:
  - id: main
    turns: {from: start_player, rounds: 2}
    steps:
      - {id: draw, actions: [draw]}
scoring:
  - {id: coins, points: me.coins}
"""

HEAD = "extends: coins.yaml\nvariant: more\ntitle: More\n"


def _files(tmp_path, variant: str) -> Path:
    (tmp_path / "coins.yaml").write_text(GAME, encoding="utf-8")
    path = tmp_path / "more.yaml"
    path.write_text(HEAD + variant, encoding="utf-8")
    return path


def _partial(path):
    return [d for d in pr.validate(path) if d.code == "partial-block"]


def test_an_effect_given_as_the_one_line_whose_number_changes_is_warned_at_the_variant(tmp_path):
    path = _files(tmp_path, "actions:\n  draw:\n    effect: set me.coins += 4\n")
    (d,) = _partial(path)
    assert (Path(d.file).name, d.line, d.severity, d.path) == (
        "more.yaml",
        6,
        "warning",
        "/actions/draw/effect",
    )
    assert d.message.startswith(
        "this effect changes a number of the one it replaces but leaves out 3 of its lines"
    )
    assert "`move top(deck) to me.hand`; `set me.drawn += 1`; `set me.coins += gain`" in d.message
    assert "a `let` of the action or phase" in d.hint


def test_the_whole_text_a_rewrite_or_a_removal_is_not_warned(tmp_path):
    whole = GAME.split("    effect: |\n", 1)[1].split("phases:", 1)[0].replace("+= 3", "+= 4")
    for variant in (
        "actions:\n  draw:\n    effect: |\n" + whole,  # the whole text, one number changed
        "actions:\n  draw:\n    effect: move top(deck) to me.hand\n",  # a line dropped on purpose
        "actions:\n  draw:\n    effect: |\n      move top(deck) to me.hand\n      set me.coins += 9 * me.drawn\n",
    ):
        assert _partial(_files(tmp_path, variant)) == [], variant


def test_a_let_changes_one_number_without_the_block(tmp_path):
    path = _files(tmp_path, "actions:\n  draw:\n    let: {gain: 5}\n")
    assert [d for d in pr.validate(path) if d.severity != "note"] == []
    game = pr.load(path).new_game(players=2, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.scores() == [16, 16]  # two draws of 3 + 5
