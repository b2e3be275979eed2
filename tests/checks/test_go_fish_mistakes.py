"""A designer writing Go Fish makes four mistakes; each message says what is wrong and how
the language says it, at the mistake (an outside tester's files, trimmed).

- `target: {one_of: others}` for `seat_in`: the parameter is named for what it is given (a
  list of seats) and the hint offers seat_in, not "card has no zone 'hand'" at each use;
- `move c in target.hand where ... to me.hand` without brackets: the hint writes the brackets;
- a `tell` reading a `let` of the effect: the caret is at that name inside the text, and the
  hint says why the tell does not see it and how to keep the value;
- `faces` on the component type: the hint says a property goes on each item.
"""

from __future__ import annotations

import pytest

import playa_rules as pr

GO_FISH = """\
game: go-fish
title: Go Fish
players: [2, 3]
parameters:
  ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]
components:
  card:
    start: deck
    label: "{rank}{suit}"
    items:
      - {each: {rank: ranks, suit: [c, d, h, s]}}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
setup: |
  shuffle deck
  deal 5 from deck to each hand
actions:
  ask:
    text: "ask {target} for {rank}"
    params:
      target: {seat_in: others}
      rank: {one_of: ranks}
    require:
      - count(target.hand) > 0
    effect: |
      move [c in target.hand where c.rank == rank] to me.hand
phases:
  - id: play
    turns: {from: start_player, rounds: 3}
    steps: [{id: ask, actions: [ask]}]
"""


def problems(tmp_path, old: str, new: str) -> list:
    assert old in GO_FISH
    path = tmp_path / "go-fish.yaml"
    path.write_text(GO_FISH.replace(old, new))
    return [d for d in pr.validate(path) if d.severity == "error"]


def test_the_fixture_is_valid(tmp_path):
    assert problems(tmp_path, "", "") == []


def test_one_of_others_is_a_list_of_seats_and_the_hint_offers_seat_in(tmp_path):
    [d] = problems(tmp_path, "target: {seat_in: others}", "target: {one_of: others}")
    assert d.code == "bad-param" and d.path == "/actions/ask/params/target/one_of"
    assert "but this is a list of seats" in d.message
    assert d.hint.startswith("pick a seat with seat_in (target: {seat_in: others})")
    # target.hand in require and effect read as a seat's: no error about a card there


def test_a_filter_without_brackets_is_shown_with_its_brackets(tmp_path):
    [d] = problems(
        tmp_path,
        "move [c in target.hand where c.rank == rank] to me.hand",
        "move c in target.hand where c.rank == rank to me.hand",
    )
    assert d.code == "dsl-syntax" and d.message == "unexpected 'in'"
    assert (
        d.hint
        == "a list filtered with 'where' is written in brackets: [c in target.hand where c.rank == rank]"
    )


def test_a_tell_reading_a_let_of_the_effect_points_at_that_name(tmp_path):
    [d] = problems(
        tmp_path,
        "      move [c in target.hand where c.rank == rank] to me.hand\n",
        "      let got = [c in target.hand where c.rank == rank]\n      move got to me.hand\n"
        '    tell: "{me} asks {target} for {rank}: {count(got)} given"\n',
    )
    assert d.code == "unknown-name" and d.message == "unknown name 'got'"
    assert d.source_line[d.column - 1 :].startswith("got)} given")
    assert "'got' is a let inside the effect" in d.hint and "set turn.got" in d.hint


@pytest.mark.parametrize("field", ["{rank}", "{ rank }"])
def test_a_tell_field_error_is_located_in_its_field(tmp_path, field):
    [d] = problems(
        tmp_path,
        "    effect: |\n",
        f'    tell: "{{me}} asks for {field}: {{rank.size}}"\n    effect: |\n',
    )
    assert d.source_line[d.column - 1 :].startswith("size}")


def test_faces_on_the_component_type_says_it_goes_on_each_item(tmp_path):
    [d, *_] = problems(tmp_path, "    start: deck\n", "    start: deck\n    faces: [1, 2, 3, 4, 5, 6]\n")
    assert d.code == "schema" and d.message == "unknown key 'faces' in component 'card'"
    assert "a property of the components ('faces') goes on each of its items" in d.hint
