"""A blocked step whose ``on_blocked`` says ``end step`` ends only itself: the next step is
played as usual, and the turn's last step blocked that way ends the turn as a blocked step
does. The long shape-fuzz campaign found it (seed 1000110): a turn's last step, blocked
straight after an action, whose on_blocked ended the step went one step past the turn's end
(IndexError on the interpreted flow); the interpreter between decisions and the generated
flow skipped the step after it. Played here on the generated flow, the interpreted one and
the closures alone."""

from __future__ import annotations

import pytest
from backend_switch import interpreter_only, load_with

from playa_rules.engine.state import DECIDE

RULES = """
game: blocked-ends
title: Blocked steps that end themselves (test game)
players: [2, 3]
components:
  token: {start: pool, label: token, items: [{count: 12}]}
zones:
  pool: {visibility: public, holds: [token]}
  pile: {per: player, visibility: public, holds: [token]}
variables:
  player: {stuck: 0, noted: 0}
actions:
  take:
    text: take
    require: [count(pool) > 0]
    effect: move top(pool) to me.pile
  never:
    text: never
    require: [count(pool) > 99]
    effect: set me.stuck += 100
  note:
    text: note
    effect: set me.noted += 1
phases:
  - id: middle
    turns: {from: start_player, rounds: 2}
    steps:
      - {id: first, actions: [take]}
      - {id: stuck, actions: [never], on_blocked: "set me.stuck += 1\\nend step"}
      - {id: after, actions: [note]}
  - id: closing
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: last_take, actions: [take]}
      - {id: stuck_last, actions: [never], on_blocked: "set me.stuck += 1\\nend step"}
  - id: together
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: first, actions: [take]}
      - {id: all_stuck, simultaneous: seats, actions: [never], on_blocked: "set me.stuck += 1\\nend step"}
      - {id: after, actions: [note]}
scoring:
  - {id: noted, points: me.noted}
"""


@pytest.fixture(scope="module", params=["generated", "interpreted", "closures"])
def played(request, tmp_path_factory):
    """Two players, the first legal action each time; the game and the steps decided."""
    path = tmp_path_factory.mktemp("blocked") / "blocked-ends.yaml"
    path.write_text(RULES, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        rules = load_with(mp, "closures" if request.param == "closures" else "generated", str(path))
    game = rules.new_game(2, seed=1)
    if request.param != "generated":
        interpreter_only(game)
    decided = []
    while not game.is_over:
        assert game.g.mode == DECIDE
        decided.append(game.program.phases[game.g.phase_i].steps[game.g.step_i].id)
        game.apply(game.legal_actions()[0])
    return game, decided


def test_the_step_after_a_blocked_step_that_ends_itself_is_played(played):
    game, decided = played
    middle = ["first", "after"] * 4  # two rounds of two seats: take, blocked, note
    closing = ["last_take"] * 2  # the turn's last step blocked: the next seat's turn
    together = ["first", "after"] * 2  # every seat blocked at once: on to the note
    assert decided == middle + closing + together
    blocked = [(e["step"], e["seat"]) for e in game.log if e["event"] == "blocked"]
    assert [step for step, _ in blocked] == ["stuck"] * 4 + ["stuck_last"] * 2 + ["all_stuck"] * 4


def test_every_seat_ran_each_on_blocked_and_noted_each_turn(played):
    game, _ = played
    seats = game.view(None)["seats"]
    assert [s["vars"]["stuck"] for s in seats] == [5, 5]  # 2 + 1 turns, 2 simultaneous steps
    assert [s["vars"]["noted"] for s in seats] == [3, 3]
    assert game.scores() == [3, 3]
