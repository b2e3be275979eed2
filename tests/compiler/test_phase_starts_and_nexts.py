"""Where a phase's turns start and which phase comes next, told in the rules' words.

A trick game whose leader starts as none and is set only when a trick is won (the writer
forgot ``set hand.leader = ...`` in setup), a ``next`` naming a zone where a phase id was
meant, and one with a misspelt phase id: each stops at its own line, in both backends.
"""

import pytest
from backend_switch import load_with

import playa_rules as pr
from playa_rules.cli.main import main

TRICKS = """\
game: two-tricks
title: Two tricks
players: [2]
components:
  card:
    start: deck
    label: "{rank}"
    items:
      - {each: {rank: [1, 2, 3, 4]}}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
  trick: {visibility: public, holds: [card]}
variables:
  hand: {leader: null, tricks: 0}
setup: |
  shuffle deck
  deal 2 from deck to each hand
  SETUP_LEADER
actions:
  play:
    text: "play {card}"
    params:
      card: {one_of: me.hand}
    effect: |
      move card to trick
      if count(trick) == 2 {
        set hand.leader = me
        move trick to deck
        set hand.tricks += 1
      }
phases:
  - id: trick
    turns: {from: hand.leader, rounds: 1}
    steps:
      - {id: play, actions: [play]}
    next: NEXT
"""


def _write(
    tmp_path, leader="set hand.leader = start_player", nxt="\"if hand.tricks < 2 then 'trick' else none\""
):
    path = tmp_path / "two-tricks.yaml"
    path.write_text(TRICKS.replace("SETUP_LEADER", leader).replace("NEXT", nxt), encoding="utf-8")
    return path


def test_the_game_as_written_plays_two_tricks(tmp_path):
    game = pr.load(_write(tmp_path)).new_game(2, seed=0)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.g.hvars["tricks"] == 2


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_turns_from_a_leader_never_set_stop_at_the_from_text(tmp_path, monkeypatch, backend):
    path = _write(tmp_path, leader="")
    assert pr.validate(path) == []  # none is a value a seat variable may hold: known only in play
    rules = load_with(monkeypatch, backend, path)
    with pytest.raises(pr.GameRuntimeError) as info:
        rules.new_game(2, seed=0)
    message = str(info.value)
    assert "two-tricks.yaml:34:19: runtime-error: turns from hand.leader, which is none:" in message
    assert "(at /phases/0/turns/from)" in message and "NoneType" not in message


def test_validate_simulate_points_at_the_from_text(tmp_path, capsys):
    path = _write(tmp_path, leader="")
    assert main(["validate", "--simulate", "3", str(path)]) == 1
    out = capsys.readouterr().out
    assert "two-tricks.yaml:34:19: error sim-runtime-error:" in out
    assert "turns from hand.leader, which is none" in out


def test_a_next_naming_a_zone_is_a_type_error_at_load(tmp_path):
    path = _write(tmp_path, nxt='"if hand.tricks < 2 then trick else none"')
    with pytest.raises(pr.SpecError) as info:
        pr.load(path)
    d = info.value.diagnostic
    assert (d.code, d.line, d.path) == ("type-error", 37, "/phases/0/next")
    assert d.message == "next must be a phase id (a text such as 'play') or none, but this is a zone (card)"
    assert d.hint == "a phase id in next is a text, in quotes: 'trick'"


def test_a_misspelt_phase_id_in_a_branch_of_next_says_did_you_mean(tmp_path):
    path = _write(tmp_path, nxt="\"if hand.tricks < 2 then 'trik' else none\"")
    with pytest.raises(pr.SpecError) as info:
        pr.load(path)
    d = info.value.diagnostic
    assert (d.code, d.line, d.column) == ("unknown-phase", 37, 36)
    assert d.message == "no phase has the id 'trik'" and d.hint == "did you mean 'trick'?"
