"""The flow between decisions generated per rule set (engine/flowcode.py) plays every game as
the interpreter (engine/flow.py) does: the same legal actions at every decision, the same
log entry for entry, the same views, scores and winners."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules.engine.flowcode import after_table, interpreted, source

GAMES = Path(__file__).resolve().parents[1] / "games"
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


@pytest.fixture(scope="module")
def flow_paths(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("flow") / "flow-paths.yaml"
    path.write_text(FLOW_PATHS)
    return str(path)


def _interpreter_only(game) -> None:
    """Make ``game`` run every step's flow through the interpreter (its own table of steps)."""
    game._after = [[interpreted] * len(phase.steps) for phase in game.program.phases]


def _play_both(rules, players: int, seed: int, by_index: bool) -> int:
    """Play one random match twice, the generated flow against the interpreter; the same at
    every decision. Returns how many decisions were compared."""
    fast, slow = rules.new_game(players, seed=seed), rules.new_game(players, seed=seed)
    _interpreter_only(slow)
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


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_the_same_generated_and_interpreted(name):
    rules = pr.load(name)
    for players in sorted({min(rules.player_counts), max(rules.player_counts)}):
        for seed in (0, 1):
            assert _play_both(rules, players, seed, by_index=seed == 1) > 0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), by_index=st.booleans())
def test_free_repeat_blocked_and_ended_steps_play_the_same(flow_paths, seed, players, by_index):
    _play_both(pr.load(flow_paths), players, seed, by_index)


def test_the_flow_paths_game_takes_every_path(flow_paths):
    """The test game above does what it is for: free actions, narration, ended and blocked
    steps, steps not played, turns and phases ending, over a few matches."""
    rules = pr.load(flow_paths)
    seen = set()
    for seed in range(20):
        game = rules.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply_index(rng.randrange(len(game.legal_actions())))
        for ev in game.log:
            seen.add(ev["event"] + (":" + ev["action"].split()[0] if ev["event"] == "action" else ""))
    assert {"action:peek", "action:stop", "action:give", "action:rest", "tell", "blocked", "turn"} <= seen


@pytest.mark.parametrize("name", NAMES)
def test_clones_and_pickles_of_a_game_go_on_by_the_generated_flow(name):
    import pickle

    rules = pr.load(name)
    game = rules.new_game(max(rules.player_counts), seed=3)
    rng = random.Random(3)
    for _ in range(6):
        if game.is_over or game.current_player is None or game.current_player < 0:
            break
        game.apply_index(rng.randrange(len(game.legal_actions())))
    if game.is_over or game.current_player is None or game.current_player < 0:
        return
    k = rng.randrange(len(game.legal_actions()))
    copies = [game.clone(), pickle.loads(pickle.dumps(game))]
    for g in [game, *copies]:
        g.apply_index(k)
    assert copies[0].log == game.log == copies[1].log
    assert copies[0].legal_action_ids() == game.legal_action_ids() == copies[1].legal_action_ids()


def test_simultaneous_steps_are_left_to_the_interpreter():
    rules = pr.load(str(GAMES / "goofspiel.yaml"))
    table = after_table(rules.program)
    for phase, row in zip(rules.program.phases, table):
        for step, fn in zip(phase.steps, row):
            assert (fn is interpreted) == (step.simultaneous is not None)
    assert any(fn is interpreted for row in table for fn in row)


def test_the_source_holds_no_text_of_the_rule_file(tmp_path):
    """Step ids, action names and variable names are objects bound in the namespace: the
    source is the same whatever the rule file calls them, and reads no name but its own."""
    path = tmp_path / "odd.yaml"
    path.write_text(FLOW_PATHS.replace("{id: first,", "{id: os_system,").replace("taken", "log_append"))
    plain, _, _ = source(pr.load(str(_write(tmp_path, FLOW_PATHS))).program)
    text, ns, _ = source(pr.load(str(path)).program)
    assert text == plain and "os_system" not in text and "log_append" not in text
    assert ns["__builtins__"] == {}
    tree = ast.parse(text)
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert strings <= {"act", "turn", "blocked", "step", "$turns", "me"}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    bound = set(ns) | {"game", "a", "g", "d", "seat", "vals", "e", "entry", "log", "exc", "hides", "out"}
    bound |= {"k", "order", "n", "r", "cvars"}
    assert names <= bound


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "plain.yaml"
    path.write_text(text)
    return path
