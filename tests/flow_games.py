"""Test games of the flow between decisions, and playing one match two ways: by the flow
generated per rule set (engine/flowcode.py) and by the interpreter (engine/flow.py), which
must agree at every decision (tests/engine/test_flow_*.py)."""

from __future__ import annotations

import random
from pathlib import Path

from backend_switch import interpreter_only

import playa_rules as pr
from playa_rules.engine.playout import between_hands, stop_between_hands

GAMES = Path(__file__).resolve().parent / "games"
NAMES = [*pr.games(), *(str(p) for p in sorted(GAMES.glob("*.yaml")))]

# A turn of three steps: a free action beside the decision, a repeat step that an action's
# `end step` or `end turn` leaves, an on_blocked step, a step played only on some turns, and
# an action that narrates; a phase of rounds, then a phase of one seat.
FLOW_PATHS = """
game: flow-paths
title: Flow paths (test game)
players: [2, 3]
components:
  token: {start: pool, label: token, items: [{count: 14}]}
zones:
  pool: {visibility: public, holds: [token]}
  pile: {per: player, visibility: public, holds: [token]}
variables:
  turn: {taken: 0}
  player: {peeks: 0, stuck: 0}
actions:
  peek:
    text: peek
    require: [me.peeks < 2]
    effect: set me.peeks += 1
  take:
    text: take
    require: [count(pool) > 0]
    effect: |
      move top(pool) to me.pile
      set turn.taken += 1
      if turn.taken == 3 { end turn }
    tell: "{me} takes a token"
  stop:
    text: stop
    require: [turn.taken > 0]
    effect: end step
  give:
    text: "give to {to}"
    params: {to: {seat_in: others}}
    require: [count(me.pile) > 1]
    effect: move top(me.pile) to to.pile
  rest:
    text: rest
    require: [count(pool) % 2 == 0]
    effect: set me.peeks = 0
phases:
  - id: main
    turns: {from: start_player, rounds: 3}
    steps:
      - {id: first, actions: [take], free: [peek]}
      - {id: more, actions: [take, stop], repeat: true, on_blocked: set me.stuck += 1}
      - {id: gift, actions: [give], on_blocked: set me.stuck += 1}
      - {id: breather, actions: [rest], when: me.peeks > 0}
  - id: last
    turns: {seat: start_player}
    steps:
      - {id: final, actions: [take, rest]}
scoring:
  - {id: tokens, points: count(me.pile)}
  - {id: stuck, points: me.stuck}
"""


# Phases that end and start between two decisions: lets, an on_start that narrates, a phase
# played only sometimes, one turn for each of a list of seats, a phase of no turns at times
# (counterclockwise otherwise), an on_turn_start, a phase of one seat; three hands scored.
PHASE_ENDS = """
game: phase-ends
title: Phase ends (test game)
players: [2, 3]
components:
  token: {start: pool, label: token, items: [{count: 5}]}
zones:
  pool: {visibility: public, holds: [token]}
  pile: {per: player, visibility: public, holds: [token]}
variables:
  hand: {opened: 0}
  player: {starts: 0, stuck: 0}
actions:
  take:
    text: take
    require: [count(pool) > 0, count(me.pile) < 5]
    effect: move top(pool) to me.pile
  give:
    text: "give to {to}"
    params: {to: {seat_in: others}}
    require: [count(me.pile) > 0]
    effect: move top(me.pile) to to.pile
  rest:
    text: rest
    require: [count(pool) % 3 == 0]
    effect: end step
phases:
  - id: opening
    turns: {from: start_player, rounds: 1}
    let: {bonus: count(pool) % 2}
    on_start: set hand.opened += 1
    tell: "the hand opens ({hand.opened})"
    steps:
      - {id: first, actions: [take]}
  - id: sometimes
    when: count(pool) % 2 == 0
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: grab, actions: [take, give]}
  - id: some_seats
    turns: {seats: "[s in seats where count(s.pile) < 2]"}
    steps:
      - {id: catch_up, actions: [take], on_blocked: set me.stuck += 1}
  - id: maybe_none
    turns: {from: start_player, rounds: count(pool) % 2, order: counterclockwise}
    steps:
      - {id: more, actions: [take, rest], repeat: true}
  - id: counted_starts
    turns: {from: start_player, rounds: 1}
    on_turn_start: set me.starts += 1
    steps:
      - {id: pass_on, actions: [give], fallback: [take]}
  - id: last
    turns: {seat: start_player}
    steps:
      - {id: final, actions: [give, take, rest]}
scoring:
  - {id: tokens, points: count(me.pile)}
  - {id: stuck, points: me.stuck - me.starts}
match:
  hands: 3
"""

# Variants of PHASE_ENDS for the hands' and phases' other forms: (text replaced, by).
ENDS_VARIANTS = {
    "plain": ("", ""),
    "next": (
        "    on_turn_start: set me.starts += 1\n",
        "    on_turn_start: set me.starts += 1\n    next: \"'last'\"\n",
    ),
    "next_start": ("  hands: 3\n", "  hands: 3\n  next_start: current_player.left\n"),
    "end_when": ("  hands: 3\n", "  hands: 3\n  end_when: count(me.pile) == 0\n"),
    "ended_on_start": ("  - id: last\n", "  - id: last\n    on_start: end phase\n"),
}


def write_rules(tmp_path, text: str) -> Path:
    path = tmp_path / "plain.yaml"
    path.write_text(text)
    return path


def phase_ends(tmp_path, old: str = "", new: str = "") -> str:
    path = tmp_path / "phase-ends.yaml"
    path.write_text(PHASE_ENDS.replace(old, new, 1))
    return str(path)


def play_both(rules, players: int, seed: int, by_index: bool) -> int:
    """Play one random match twice, the generated flow against the interpreter; the same at
    every decision. Returns how many decisions were compared."""
    fast, slow = rules.new_game(players, seed=seed), rules.new_game(players, seed=seed)
    interpreter_only(slow)
    rng = random.Random(seed)
    decisions = 0
    while not fast.is_over:
        assert fast.current_player == slow.current_player and fast.acting == slow.acting
        seat = fast.acting[0]
        ids = fast.legal_action_ids(seat)
        assert ids == slow.legal_action_ids(seat)
        k = rng.randrange(len(ids))
        if by_index and fast.current_player == seat:
            fast.apply_index(k)
            slow.apply_index(k)
        else:
            action = fast.legal_actions(seat)[k]
            fast.apply(action.id, seat)
            slow.apply(action.id, seat)
        decisions += 1
    assert slow.is_over
    assert fast.log == slow.log
    assert [fast.log_for(s) for s in range(players)] == [slow.log_for(s) for s in range(players)]
    assert fast.view(None) == slow.view(None)
    assert (fast.scores(), fast.winners()) == (slow.scores(), slow.winners())
    return decisions


def unlogged(game) -> dict:
    """The state of a game but its log (its random generator as the state of it)."""
    rng = game.g._rng
    return game.g.__getstate__() | {"log": None, "_rng": rng if rng is None else rng.getstate()}


def play_out_both(rules, players: int, seed: int, pause: bool) -> None:
    """A search's playout (``play_at_random``, the generated loop) against the same random
    draws applied one at a time through the interpreter: the same game; and the loop that
    logs nothing (``log=False``) plays it too, to the same state."""
    fast, slow, quiet = (rules.new_game(players, seed=seed) for _ in range(3))
    interpreter_only(slow)
    if pause:
        for game in (fast, slow, quiet):
            stop_between_hands(game)
    fast.play_at_random(random.Random(seed).random)
    quiet.play_at_random(random.Random(seed).random, log=False)
    assert unlogged(quiet) == unlogged(fast)
    draw = random.Random(seed).random
    while slow._legal:
        slow.apply_index(int(draw() * len(slow._legal)))
    assert fast.log == slow.log
    assert [fast.log_for(s) for s in range(players)] == [slow.log_for(s) for s in range(players)]
    assert (fast.is_over, between_hands(fast)) == (slow.is_over, between_hands(slow))
    if not between_hands(fast):  # (a world stopped between hands is not viewed: it stands in no phase)
        assert fast.view(None) == slow.view(None)
    if fast.is_over:
        assert (fast.scores(), fast.winners()) == (slow.scores(), slow.winners())
