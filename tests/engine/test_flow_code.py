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
from playa_rules.engine.flowcode import after_table, interpreted, play_loop, source
from playa_rules.engine.playout import between_hands, stop_between_hands

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

# Rules that fail between two decisions, and where the error says they failed.
ENDS_FAILING = {
    "a phase's let": (
        ("  - id: some_seats\n", "  - id: some_seats\n    let: {share: 6 // (count(pool) - count(pool))}\n"),
        "the rules failed in phase 'some_seats': ",
    ),
    "a phase's on_start": (
        ("  - id: last\n", "  - id: last\n    on_start: set hand.opened += 6 // count(pool)\n"),
        "the rules failed in phase 'last': ",
    ),
    "the scoring": (
        ("points: count(me.pile)}", "points: 7 // (count(me.pile) - 1)}"),
        "the rules failed in the scoring of hand 1: ",
    ),
    "a score too large": (
        ("points: count(me.pile)}", "points: count(me.pile) * 9007199254740992}"),
        "the rules failed in the scoring of hand 1: seat ",
    ),
    "the match's end_when": (
        ("  hands: 3\n", "  hands: 3\n  end_when: 6 // count(pool) > 9\n"),
        "the rules failed after the scoring of hand 1: ",
    ),
}


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


@pytest.mark.parametrize("form", ["step functions", "playout loop", "playout loop logging nothing"])
def test_the_source_holds_no_text_of_the_rule_file(tmp_path, form):
    """Step ids, action names and variable names are objects bound in the namespace: the
    source is the same whatever the rule file calls them, and reads no name but its own."""
    path = tmp_path / "odd.yaml"
    path.write_text(FLOW_PATHS.replace("{id: first,", "{id: os_system,").replace("taken", "log_append"))
    texts = []
    for program in (pr.load(str(_write(tmp_path, FLOW_PATHS))).program, pr.load(str(path)).program):
        if form != "step functions":
            logs = form == "playout loop"
            play_loop(program, logs)
            text, ns = program.extras["play" if logs else "play unlogged"][1], program.extras["after"][2]
        else:
            text, ns, _ = source(program)
        texts.append(text)
    assert texts[0] == texts[1] and "os_system" not in text and "log_append" not in text
    assert ns["__builtins__"] == {}
    tree = ast.parse(text)
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert strings <= {"act", "turn", "blocked", "step", "$turns", "me", "phase", "score"}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    bound = set(ns) | {"game", "a", "g", "d", "seat", "vals", "e", "entry", "log", "exc", "hides", "out"}
    bound |= {"k", "order", "n", "r", "cvars", "first", "s", "i", "row", "detail", "parts", "total", "shared"}
    bound |= {"random", "at", "ends", "keys", "items", "lo", "v", "key", "spare"}
    bound |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}  # (a phase's end, by name)
    assert names <= bound


def _unlogged(game) -> dict:
    """The state of a game but its log (its random generator as the state of it)."""
    rng = game.g._rng
    return game.g.__getstate__() | {"log": None, "_rng": rng if rng is None else rng.getstate()}


def _play_out_both(rules, players: int, seed: int, pause: bool) -> None:
    """A search's playout (``play_at_random``, the generated loop) against the same random
    draws applied one at a time through the interpreter: the same game; and the loop that
    logs nothing (``log=False``) plays it too, to the same state."""
    fast, slow, quiet = (rules.new_game(players, seed=seed) for _ in range(3))
    _interpreter_only(slow)
    if pause:
        for game in (fast, slow, quiet):
            stop_between_hands(game)
    fast.play_at_random(random.Random(seed).random)
    quiet.play_at_random(random.Random(seed).random, log=False)
    assert _unlogged(quiet) == _unlogged(fast)
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


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_out_at_random_as_the_interpreter_does(name):
    rules = pr.load(name)
    for players in sorted({min(rules.player_counts), max(rules.player_counts)}):
        for seed in (0, 1):
            _play_out_both(rules, players, seed, pause=seed == 1)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3]),
    pause=st.booleans(),
    game=st.sampled_from(["flow paths", *sorted(ENDS_VARIANTS)]),
)
def test_test_games_play_out_at_random_as_the_interpreter_does(tmp_path_factory, seed, players, pause, game):
    folder = tmp_path_factory.mktemp("out")
    if game == "flow paths":
        path = _write(folder, FLOW_PATHS)
    else:
        path = _phase_ends(folder, *ENDS_VARIANTS[game])
    _play_out_both(pr.load(str(path)), players, seed, pause)


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "plain.yaml"
    path.write_text(text)
    return path


def _phase_ends(tmp_path, old: str = "", new: str = "") -> str:
    path = tmp_path / "phase-ends.yaml"
    path.write_text(PHASE_ENDS.replace(old, new, 1))
    return str(path)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3]),
    by_index=st.booleans(),
    variant=st.sampled_from(sorted(ENDS_VARIANTS)),
)
def test_phases_and_hands_ending_between_decisions_play_the_same(
    tmp_path_factory, seed, players, by_index, variant
):
    path = _phase_ends(tmp_path_factory.mktemp("ends"), *ENDS_VARIANTS[variant])
    _play_both(pr.load(path), players, seed, by_index)


def test_the_phase_ends_game_takes_every_path(tmp_path):
    """Blocked steps, a phase skipped, a phase of no turns, a narrated start, every hand scored."""
    rules = pr.load(_phase_ends(tmp_path))
    seen = set()
    for seed in range(10):
        game = rules.new_game(2 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply_index(rng.randrange(len(game.legal_actions())))
        phases = [ev["phase"] for ev in game.log if ev["event"] == "phase"]
        seen |= {ev["event"] for ev in game.log} | {
            "skipped" for _ in range(phases.count("opening") - phases.count("sometimes"))
        }
        seen |= {
            "no turns"
            for i, p in enumerate(phases[:-1])
            if p == "maybe_none" and phases[i + 1] == "counted_starts"
        }
        seen |= {
            "blocked at a phase's start"
            for ev in game.log
            if ev["event"] == "blocked" and ev["step"] == "catch_up"
        }
        assert sum(ev["event"] == "score" for ev in game.log) == 3
    assert {"tell", "blocked", "skipped", "no turns", "blocked at a phase's start"} <= seen


def test_the_interpreter_runs_only_to_set_up_each_hand(tmp_path):
    """Playa Pirata's phases end, start and the hand is scored in the generated flow: after
    the first hand's setup the interpreter's loop runs once per hand, for the next one's."""
    rules = pr.load("playa-pirata")
    for seed in range(3):
        game = rules.new_game(3, seed=seed)
        runs = []
        run = game._run
        game._run = lambda: runs.append(1) or run()
        rng = random.Random(seed)
        while not game.is_over:
            game.apply_index(rng.randrange(len(game.legal_actions())))
        assert len(runs) == 2  # the setups of hands 2 and 3


@pytest.mark.parametrize("what", sorted(ENDS_FAILING))
def test_rules_failing_between_decisions_fail_alike(tmp_path, what):
    """The same error, word for word, whether the flow between the decisions was generated or
    interpreted; it says where the rules failed."""
    (old, new), said = ENDS_FAILING[what]
    rules = pr.load(_phase_ends(tmp_path, old, new))
    failed = 0
    for seed in range(6):
        outcomes = []
        for game in (rules.new_game(2 + seed % 2, seed=seed), rules.new_game(2 + seed % 2, seed=seed)):
            if outcomes:
                _interpreter_only(game)
            rng = random.Random(seed)
            try:
                while not game.is_over:
                    game.apply_index(rng.randrange(len(game.legal_actions())))
                outcomes.append(game.log)
            except pr.GameRuntimeError as exc:
                outcomes.append(str(exc))
        assert outcomes[0] == outcomes[1]
        if isinstance(outcomes[0], str):
            assert outcomes[0].startswith(said)
            failed += 1
    assert failed >= 2


def test_a_search_world_stops_between_hands_alike(tmp_path):
    """A game told to stop between hands (engine.playout) stops after the scoring on both
    paths, with nothing to do, and goes on to the same next hand."""
    from playa_rules.engine.playout import go_on, play_at_random

    rules = pr.load(_phase_ends(tmp_path))
    for seed in range(3):
        fast, slow = rules.new_game(3, seed=seed), rules.new_game(3, seed=seed)
        _interpreter_only(slow)
        for game in (fast, slow):
            stop_between_hands(game)
            play_at_random(game, random.Random(seed).random)
            assert between_hands(game) and not game.legal_actions() and not game.is_over
        assert fast.log == slow.log and fast.log[-1]["event"] == "score"
        go_on(fast)
        go_on(slow)
        assert fast.log == slow.log and fast.legal_action_ids() == slow.legal_action_ids()


def test_the_generated_flow_sets_every_slot_of_the_actions_and_lists_it_makes():
    """The step functions and the playout loop make Legal and Action objects without calling
    their classes (engine/flowlines.py NEW_LEGAL): every slot is set as the constructor sets it."""
    from playa_rules.engine.actions import Action
    from playa_rules.engine.legal import Legal

    def slots(obj, cls) -> dict:
        return {s: getattr(obj, s) for s in cls.__slots__}  # (an unset slot raises AttributeError)

    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=4)
    rng = random.Random(4)
    for _ in range(6):
        game.apply_index(rng.randrange(len(game.legal_actions())))
        got = slots(game._legal, Legal)
        assert (
            type(got["_runs"]) is list and got["_ends"][0] == 0 and len(got["_ends"]) == len(got["_runs"]) + 1
        )
        assert got["stamp"] == (game._token, game._stamp)
    stop_between_hands(game)
    game.play_at_random(rng.random)
    made = [entry[2] for entry in game.g.log if entry[0] == "act"]
    assert len(made) > 20
    for a in made:
        assert slots(a, Action) == slots(Action(a.defn, a.values, a.keys, a.stamp), Action)
