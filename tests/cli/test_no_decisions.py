"""War: nobody ever decides, the rules turn every card (`actions: {}`).

`playa-rules play` still tells the hand, the scores and the winner (and `--quiet` the final
scores and winner, as its help says); the PettingZoo environments refuse such rules with a
PlayaRulesError naming why (docs/adapters.md), not gymnasium's ValueError for Discrete(0).
"""

from __future__ import annotations

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.errors import PlayaRulesError

WAR = """\
game: war
title: War
players: [2]
parameters:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
  max_battles: 30
components:
  card:
    start: deck
    label: "{rank}{suit}"
    items:
      - {each: {rank: ranks, suit: [c, d, h, s]}}
zones:
  deck: {visibility: hidden, holds: [card]}
  pile: {per: player, visibility: hidden, holds: [card]}
  pot: {visibility: public, holds: [card]}
variables:
  hand: {battles: 0}
setup: |
  shuffle deck
  deal 26 from deck to each pile
actions: {}
phases:
  - id: battle
    rule: Both turn up their top card; the higher takes both.
    on_start: |
      set hand.battles += 1
      let a = top(seat(0).pile)
      let b = top(seat(1).pile)
      move a to pot
      move b to pot
      if a.rank > b.rank { move pot to seat(0).pile } else if b.rank > a.rank { move pot to seat(1).pile }
    next: "if count(seat(0).pile) > 0 and count(seat(1).pile) > 0 and hand.battles < max_battles then 'battle' else none"
scoring:
  - id: cards
    rule: Whoever holds more cards wins.
    points: count(me.pile)
"""


@pytest.fixture
def war(tmp_path):
    path = tmp_path / "war.yaml"
    path.write_text(WAR)
    return str(path)


def final_scores(war):
    game = pr.load(war).new_game(players=2, seed=1)
    assert game.is_over  # nobody to ask: the rules played it out
    return game.scores(), game.winners()


def test_play_tells_the_hand_the_scores_and_the_winner(capsys, war):
    scores, winners = final_scores(war)
    assert main(["play", war, "-p", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1 of 1" in out
    assert f"Final scores:\n  seat 0: {scores[0]}\n  seat 1: {scores[1]}\n" in out
    assert f"Winner: seat {winners[0]}" in out if len(winners) == 1 else "Winners (tied)" in out
    assert "--human" not in out  # no seat to play yourself
    assert "No seat ever chose anything: the rules played it all." in out


def test_play_quiet_prints_only_the_final_scores_and_winner(capsys, war):
    scores, winners = final_scores(war)
    assert main(["play", war, "-p", "2", "--seed", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["Final scores:", f"  seat 0: {scores[0]}", f"  seat 1: {scores[1]}"]
    assert lines[3].startswith("Winner") and len(lines) == 4


def test_the_pettingzoo_environments_say_no_seat_ever_decides(war):
    pytest.importorskip("pettingzoo")
    from playa_rules.pettingzoo import env, parallel_env

    for make in (env, parallel_env):
        with pytest.raises(PlayaRulesError, match="war has no actions: no seat ever decides"):
            make(rules=war, players=2)
