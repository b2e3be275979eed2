"""Phases and hands that end and start between two decisions in the generated flow (lets, an
on_start that narrates, a phase played only sometimes, turns for a list of seats, a phase of
no turns, next, next_start, end_when: the test game PHASE_ENDS, tests/flow_games.py), played
as the interpreter plays them; rules failing there fail alike; a search's world stops
between hands alike."""

from __future__ import annotations

import random

import pytest
from flow_games import ENDS_VARIANTS, interpreter_only, phase_ends, play_both
from hypothesis import given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules.engine.playout import between_hands, stop_between_hands

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
    path = phase_ends(tmp_path_factory.mktemp("ends"), *ENDS_VARIANTS[variant])
    play_both(pr.load(path), players, seed, by_index)


def test_the_phase_ends_game_takes_every_path(tmp_path):
    """Blocked steps, a phase skipped, a phase of no turns, a narrated start, every hand scored."""
    rules = pr.load(phase_ends(tmp_path))
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


@pytest.mark.parametrize("what", sorted(ENDS_FAILING))
def test_rules_failing_between_decisions_fail_alike(tmp_path, what):
    """The same error, word for word, whether the flow between the decisions was generated or
    interpreted; it says where the rules failed."""
    (old, new), said = ENDS_FAILING[what]
    rules = pr.load(phase_ends(tmp_path, old, new))
    failed = 0
    for seed in range(6):
        outcomes = []
        for game in (rules.new_game(2 + seed % 2, seed=seed), rules.new_game(2 + seed % 2, seed=seed)):
            if outcomes:
                interpreter_only(game)
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

    rules = pr.load(phase_ends(tmp_path))
    for seed in range(3):
        fast, slow = rules.new_game(3, seed=seed), rules.new_game(3, seed=seed)
        interpreter_only(slow)
        for game in (fast, slow):
            stop_between_hands(game)
            play_at_random(game, random.Random(seed).random)
            assert between_hands(game) and not game.legal_actions() and not game.is_over
        assert fast.log == slow.log and fast.log[-1]["event"] == "score"
        go_on(fast)
        go_on(slow)
        assert fast.log == slow.log and fast.legal_action_ids() == slow.legal_action_ids()
