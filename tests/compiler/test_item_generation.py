"""Items generated with a constraint: every ordered (permutations) or unordered
(combinations) choice of N different elements of a list, one item each; the property
holds the chosen list, and a label reads it joined by '-'."""

from __future__ import annotations

import pytest

import playa_rules as pr

BASE = """\
game: choices
title: Choices
players: [2]
parameters:
  patterns: [shell, flower, star, wave, sun]
components:
  piece:
    start: market
    label: "{strip}"
    items:
      - {each: {strip: EACH}}
zones:
  market: {visibility: public, holds: [piece]}
  taken: {per: player, visibility: public, holds: [piece]}
actions:
  take:
    text: "take {p}"
    params: {p: {one_of: market}}
    effect: move p to me.taken
phases:
  - id: play
    turns: {from: start_player, rounds: 2}
    steps:
      - {id: t, actions: [take]}
"""


def _rules(tmp_path, each: str):
    path = tmp_path / "choices.yaml"
    path.write_text(BASE.replace("EACH", each), encoding="utf-8")
    return path


def test_every_ordered_choice_of_three_of_five_patterns_is_one_piece(tmp_path):
    """Maui's towel pieces: "all ordered choices of 3 of 5 patterns" are 60 pieces."""
    game = pr.load(_rules(tmp_path, "{permutations: patterns, size: 3}")).new_game(2, seed=1)
    strips = [tuple(c["strip"]) for c in game.view(None)["zones"]["market"]]
    assert len(strips) == 60 == len(set(strips))
    assert all(len(set(s)) == 3 for s in strips)
    assert strips[0] == ("shell", "flower", "star")
    assert str(game.legal_actions()[0]) == "take shell-flower-star"


def test_unordered_choices(tmp_path):
    game = pr.load(_rules(tmp_path, "{combinations: [1, 2, 3, 4], size: 2}")).new_game(2, seed=1)
    assert [c["strip"] for c in game.view(None)["zones"]["market"]] == [
        [1, 2],
        [1, 3],
        [1, 4],
        [2, 3],
        [2, 4],
        [3, 4],
    ]


@pytest.mark.parametrize(
    "each,code",
    [
        ("{permutations: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], size: 6}", "bad-count"),  # 151,200 items
        ("{permutations: patterns_typo, size: 2}", "unknown-name"),
        ("{permutations: patterns}", "schema"),
        ("{permutations: patterns, combinations: patterns, size: 2}", "schema"),
    ],
)
def test_bad_choices_are_located_errors(tmp_path, each, code):
    diags = [d for d in pr.validate(_rules(tmp_path, each)) if d.severity == "error"]
    assert diags and diags[0].code == code and diags[0].line


@pytest.mark.parametrize(
    "each,code,message",
    [
        ("{permutations: [1, 2, 3], size: 2.5}", "schema", "'each.strip.size' must be a whole number, not"),
        ("{combinations: patterns, size: -1}", "schema", "'each.strip.size' must be at least 1, not -1"),
        ("{combinations: patterns, size: 65}", "schema", "'each.strip.size' must be at most 64, not 65"),
    ],
)
def test_a_bad_size_is_an_error_at_the_size_saying_what_is_wrong(tmp_path, each, code, message):
    """size: 2.0 blamed the list ('permutations' needs a list...), size: -1 said the
    documented mapping form is no mapping allowed (outside tester, session 19, item 16)."""
    (d,) = [d for d in pr.validate(_rules(tmp_path, each)) if d.severity == "error"]
    assert (d.code, d.path, d.line) == (code, "/components/piece/items/0/each/strip/size", 11)
    assert message in d.message


def test_a_size_written_as_a_whole_decimal_is_that_number(tmp_path):
    """size: 2.0 blamed the list; a decimal with a whole value is that whole number."""
    game = pr.load(_rules(tmp_path, "{permutations: [1, 2, 3], size: 2.0}")).new_game(2, seed=1)
    assert len(game.view(None)["zones"]["market"]) == 6
