"""Generic constructs Maui needed, each on a small game of its own: a step played only
`when` a condition holds, `for x in Z where COND`, a component variable and another type's
property of the same name, a part of none read by an effect (a located runtime error), a
variable written `none` in YAML (the text, a warning), and a board found by coordinates."""

from __future__ import annotations

import pytest

import playa_rules as pr
from playa_rules.errors import GameRuntimeError

BASE = """
game: t
title: t
players: [2]
components:
  slot: {start: market, vars: {n: 0}, items: [{each: {pos: [0, 1, 2]}}]}
  marker: {start: markers, vars: {pos: 0}, items: [{each: {track: [a, b]}}]}
zones:
  market: {visibility: public, holds: [slot]}
  markers: {visibility: public, holds: [marker]}
  tile: {per: slot, visibility: public, holds: [slot, marker]}
variables:
  hand: {bonus: false, seen: 0}
actions:
  go:
    effect: |
      for s in market where s.pos >= 1 { set s.n += 1 }
      set first(m in markers where m.track == 'b').pos = first(s in market where s.pos == 2).pos
  bonus:
    effect: set hand.seen += 1
phases:
  - id: play
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: main, actions: [go]}
      - {id: extra, when: hand.bonus, actions: [bonus]}
"""


def load(tmp_path, text=BASE):
    path = tmp_path / "t.yaml"
    path.write_text(text)
    return pr.load(path)


def test_for_where_and_a_property_named_like_another_types_variable(tmp_path):
    game = load(tmp_path).new_game(2)
    game.apply("go")
    g, m = game.g, game.m
    slots = {m.props["pos"][c]: c for c in g.zones[m.zone_index("market")]}
    assert [g.cvars["n"][slots[p]] for p in (0, 1, 2)] == [0, 1, 1]
    b = next(c for c in g.zones[m.zone_index("markers")] if m.props["track"][c] == "b")
    assert g.cvars["pos"][b] == 2  # the slot's property pos, not the marker variable pos (0)


def test_setting_a_variable_another_type_declares_is_an_error(tmp_path):
    text = BASE.replace("set s.n += 1", "set s.pos = 1")
    with pytest.raises(pr.RuleError) as err:
        load(tmp_path, text)
    assert "slot has no variable 'pos'" in str(err.value)


def test_a_step_with_a_false_when_is_not_played_and_logs_nothing(tmp_path):
    game = load(tmp_path).new_game(2)
    game.apply("go")
    assert game.current_player == 1 and [str(a) for a in game.legal_actions()] == ["go"]
    assert not any(e.get("type") == "blocked" for e in game.log)
    rules = load(tmp_path, BASE.replace("hand: {bonus: false", "hand: {bonus: true"))
    game = rules.new_game(2)
    game.apply("go")
    assert [str(a) for a in game.legal_actions()] == ["bonus"]


def test_the_rules_text_says_when_a_step_is_played(tmp_path):
    from playa_rules.render import rules_markdown

    assert "only if `hand.bonus` holds when it starts" in rules_markdown(load(tmp_path))


def test_an_effect_reading_a_zone_of_none_is_a_located_runtime_error(tmp_path):
    text = BASE.replace(
        "set first(m in markers where m.track == 'b').pos = first(s in market where s.pos == 2).pos",
        "move first(m in markers where m.track == 'b') to first(s in market where s.pos == 7).tile",
    )
    game = load(tmp_path, text).new_game(2)
    with pytest.raises(GameRuntimeError) as err:
        game.apply("go")
    message = str(err.value)
    assert "t.yaml:18:7: runtime-error: 'move' read a part of none" in message
    assert "(at /actions/go/effect)" in message


def test_a_variable_written_none_in_yaml_is_the_text_none(tmp_path):
    text = BASE.replace("seen: 0}", "seen: 0, last: none}")
    path = tmp_path / "t.yaml"
    path.write_text(text)
    found = [d for d in pr.validate(path) if d.code == "none-text"]
    assert len(found) == 1 and found[0].severity == "warning" and found[0].line == 13
    # where 'none' is a word the rules use (an item's value), it is meant as text
    path.write_text(text.replace("{each: {track: [a, b]}}", "{each: {track: [a, none]}}"))
    assert not [d for d in pr.validate(path) if d.code == "none-text"]


def test_at_finds_the_cell_of_the_board_it_is_given():
    rules = pr.load("tests/games/personal-boards.yaml")
    game = rules.new_game(2)
    game.apply("mark #0")
    g, m = game.g, game.m
    marked = [c for c in range(m.component_count) if m.ctype[c] == "cell" and g.cvars["mark"][c] == 1]
    assert [m.owner[c] for c in marked] == [0]
    assert [str(a) for a in game.legal_actions()] == ["mark #0", "mark #3"]  # seat 1's own board


def test_a_count_of_a_constant_list_is_a_constant(tmp_path):
    """number_in needs constants; a define counting a list parameter is one (Maui's rows)."""
    text = BASE.replace(
        "actions:\n  go:",
        'parameters:\n  sizes: [4, 5, 6]\ndefine:\n  last: "count(sizes) - 1"\n'
        'actions:\n  pick_one:\n    text: "size {i}"\n    params: {i: {number_in: [0, last]}}\n'
        "    effect: set hand.seen = sizes[i]\n  go:",
    )
    text = text.replace("{id: main, actions: [go]}", "{id: main, actions: [go, pick_one]}")
    game = load(tmp_path, text).new_game(2)
    assert [str(a) for a in game.legal_actions()] == ["go", "size 0", "size 1", "size 2"]


def test_an_unknown_name_is_never_said_to_be_close_to_itself(tmp_path):
    text = BASE.replace("set hand.seen += 1", "set hand.seen += top")
    with pytest.raises(pr.RuleError) as err:
        load(tmp_path, text)
    assert "unknown name 'top'" in str(err.value) and "did you mean 'top'" not in str(err.value)


def test_an_if_reading_a_part_of_none_is_located_at_the_if(tmp_path):
    text = BASE.replace(
        "set hand.seen += 1", "if first(m in markers where m.track == 'z').pos > 0 { set hand.seen += 1 }"
    )
    text = text.replace("hand: {bonus: false", "hand: {bonus: true")
    game = load(tmp_path, text).new_game(2)
    game.apply("go")
    with pytest.raises(GameRuntimeError) as err:
        game.apply("bonus")
    assert "t.yaml:20:13: runtime-error: 'if' read a part of none" in str(err.value)


def test_a_board_game_observation_has_a_slot_per_face_a_zone_can_hold():
    """The observation tensor's `known` piece: for each zone, only the faces of the types it
    holds. Maui's 403 zones x 474 faces would be 191,022 floats, almost all impossible pairs."""
    np = pytest.importorskip("numpy")
    from playa_rules.adapters.observation import Layout

    rules = pr.load("maui")
    layout = Layout(rules.program)
    assert layout.size < 20_000
    m = rules.program.model
    for zi, slots in enumerate(layout.known_at):
        holds = set(m.zones[m.zone_names[zi][0]].holds)
        assert {m.ctype[m.faces[f]] for f in slots} <= holds
    game = rules.new_game(2, seed=3)
    tensor = np.zeros(layout.size, np.float32)
    layout.fill(game, 0, layout.views(tensor))
    known = layout.views(tensor)["known"]
    seen = sum(1 for c in range(m.component_count) if game.g.loc[c] >= 0 and game.g.known[c] & 1)
    assert known.sum() == seen  # every component seat 0 knows is counted once
