"""Sealed simultaneous decisions (a step with ``simultaneous: SEATS``, engine/sealed.py): every
seat of the list chooses in secret, nothing happens until all have chosen, then the choices
are applied in the list's order. What others may learn before that is only who has chosen:
views, logs and sampled worlds are checked to be the same whatever the others chose."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from backend_switch import load_with
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules.adapters.observation import Layout
from playa_rules.errors import IllegalAction, SpecError

GAMES = Path(__file__).resolve().parent.parent / "games"
ORDER = GAMES / "sealed-order.yaml"
GOOFSPIEL = GAMES / "goofspiel.yaml"


def _order(players=2, seed=0, chance="sample"):
    return pr.load(ORDER).new_game(players, seed=seed, chance=chance)


# ---------------------------------------------------------------- the API, one seat at a time
def test_every_seat_of_the_list_is_asked_and_the_first_is_the_current_player():
    game = _order(3)  # seat 0's turn: [me.left, me] is [1, 0]
    assert game.acting == (1, 0)
    assert game.current_player == 1
    assert [str(a) for a in game.legal_actions(0)] == ["show 1", "show 2", "show 3", "fold"]
    assert game.legal_actions(2) == []  # not asked this turn
    assert game.legal_action_ids(0) == sorted(a.id for a in game.legal_actions(0))


def test_a_choice_is_sealed_until_every_seat_has_chosen_then_applied_in_the_lists_order():
    game = _order(3)
    game.apply("show 2")  # seat 1, the current player
    assert game.acting == (0,) and game.current_player == 0
    assert game.view(None)["seats"][1]["vars"]["shown"] == 0  # nothing applied yet
    game.apply("show 3")
    hand = game.view(None)["vars"]["hand"]
    assert hand["trace"] == 21  # seat 1's choice first, then seat 0's: the list's order
    assert hand["turns"] == 1  # the next step runs with me the turn's seat (0) again
    assert [s["vars"]["shown"] for s in game.view(None)["seats"]] == [3, 2, 0]
    assert game.acting == (2, 1)  # seat 1's turn: [me.left, me]


def test_a_seat_named_chooses_out_of_turn_and_cannot_choose_twice():
    game = _order(3)
    game.apply("fold", seat=0)
    assert game.acting == (1,)
    with pytest.raises(IllegalAction, match="seat 0 has chosen already"):
        game.apply("show 1", seat=0)
    with pytest.raises(IllegalAction, match="seat 2 does not act now"):
        game.apply("show 1", seat=2)
    with pytest.raises(IllegalAction, match="no seat 7"):
        game.apply("show 1", seat=7)


def test_a_joint_action_gives_every_seat_to_act_a_choice_or_applies_nothing():
    game = _order(3)
    with pytest.raises(IllegalAction, match="one choice for each seat to act"):
        game.apply_joint({1: "show 1"})
    with pytest.raises(IllegalAction, match="'show 9' is not legal now for seat 0"):
        game.apply_joint({1: "show 1", 0: "show 9"})
    assert game.acting == (1, 0) and game.log[-1]["event"] == "turn"  # nothing sealed
    game.apply_joint([game.legal_actions(0)[0], "fold", None])  # a list by seat
    assert game.view(None)["vars"]["hand"]["trace"] == 21


def test_a_seat_with_no_legal_action_is_blocked_and_not_asked():
    game = _order(2)
    game.apply_joint({1: "fold", 0: "show 1"})
    # seat 1's turn: [me.left, me] is [0, 1]; seat 1 folded, so only seat 0 is asked
    assert game.acting == (0,)
    assert game.log[-1] == {"event": "blocked", "seat": 1, "step": "reveal"}
    assert game.view(None)["seats"][1]["vars"]["blocked"] == 1  # on_blocked ran with me = 1


def test_sequential_decisions_take_a_seat_too():
    game = pr.load(GAMES / "pig.yaml").new_game(2, seed=1)
    assert game.acting == (0,)
    with pytest.raises(IllegalAction, match="seat 1 does not act now"):
        game.apply("roll", seat=1)
    game.apply_joint({0: "stop"})
    assert game.current_player == 1


# ---------------------------------------------------------------- what others learn
def test_others_see_that_a_seat_has_chosen_not_what():
    game = _order(2)
    game.apply("show 3", seat=1)
    mine, theirs = game.view(1)["simultaneous"], game.view(0)["simultaneous"]
    assert theirs == {"seats": [1, 0], "chosen": [1], "to_choose": [0]}
    assert mine["choices"] == {"1": {"id": game.log[-1]["id"], "text": "show 3"}}
    assert game.log_for(0)[-1] == {"event": "chose", "seat": 1}
    assert game.log_for(1)[-1]["action"] == "show 3"
    assert [a["text"] for a in game.view(0)["legal_actions"]][:1] == ["show 1"]
    game.apply("show 1", seat=0)
    events = [e for e in game.log_for(0) if e["event"] == "action"]
    assert [(e["seat"], e["action"], e["sealed"]) for e in events] == [
        (1, "show 3", True),
        (0, "show 1", True),
    ]


def _what_seat_sees(game, seat: int):
    layout = Layout(game.rules.program)
    tensor = np.zeros(layout.size, np.float32)
    layout.write(game, seat, tensor)
    return game.view(seat), game.log_for(seat), tensor.tolist()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rounds=st.integers(0, 11), players=st.sampled_from([2, 3]))
def test_nothing_a_seat_is_shown_depends_on_anothers_sealed_choice(seed, rounds, players):
    """For any goofspiel position, two games that differ only in the bid seat 0 sealed look
    the same to every other seat: views, logs, observation tensors, and worlds it samples."""
    rules = pr.load(GOOFSPIEL)
    game = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        game.apply_joint({s: rng.choice(list(game.legal_actions(s))) for s in game.acting})
    legal = game.legal_actions(0)
    if len(legal) < 2:
        return
    a, b = game.clone(), game.clone()
    a.apply(legal[0], seat=0)
    b.apply(legal[-1], seat=0)
    for seat in range(1, players):
        seen_a, seen_b = _what_seat_sees(a, seat), _what_seat_sees(b, seat)
        assert seen_a == seen_b
        wa, wb = a.sample_world(seat, random.Random(seed)), b.sample_world(seat, random.Random(seed))
        assert wa.view(seat) == a.view(seat)  # a world looks as the real game to the seat
        assert wa.chosen == a.chosen and wa.log == wb.log and wa.view(None) == wb.view(None)
    assert _what_seat_sees(a, 0) != _what_seat_sees(b, 0)  # seat 0 sees its own choice


def test_a_world_keeps_the_seats_own_sealed_choice_and_asks_it_first():
    game = pr.load(GOOFSPIEL).new_game(2, seed=3)
    game.apply("bid 13", seat=0)
    mine = game.sample_world(0, random.Random(1))
    assert mine.acting == (1,) and mine.view(0)["simultaneous"]["choices"]["0"]["text"] == "bid 13"
    assert mine.view(0) == game.view(0)


def test_a_world_draws_anothers_sealed_choice_again_uniformly():
    """Seat 0 sealed "bid 13"; in seat 1's worlds seat 0 has chosen too (that is public),
    each of its 13 bids about as often: nothing of the real one leaks into them."""
    game = pr.load(GOOFSPIEL).new_game(2, seed=3)
    game.apply("bid 13", seat=0)
    rng = random.Random(5)
    bids = Counter()
    for _ in range(1300):
        world = game.sample_world(1, rng)
        assert world.acting == (1,) and world.chosen == (0,) and world.view(1) == game.view(1)
        bids[world.view(None)["simultaneous"]["choices"]["0"]["text"]] += 1
    assert len(bids) == 13 and all(60 <= k <= 140 for k in bids.values())  # 100 each expected


# ---------------------------------------------------------------- log, replay, copies, chance
@pytest.mark.parametrize("chance", ["sample", "explicit"])
def test_a_game_of_sealed_choices_replays_from_its_log(chance):
    rules = pr.load(GOOFSPIEL)
    game = rules.new_game(3, seed=5, chance=chance)
    rng = random.Random(5)
    while not game.is_over:
        if game.is_chance:
            game.apply(rng.choice(game.chance_outcomes())[0])
        else:  # one seat at a time, in a random order
            seat = rng.choice(game.acting)
            game.apply(rng.choice(list(game.legal_actions(seat))), seat=seat)
    again = pr.replay(rules, game.log)
    assert again.log[1:] == game.log[1:] and again.scores() == game.scores()


def test_a_game_pickles_and_clones_between_two_sealed_choices():
    game = _order(3, seed=2, chance="explicit")
    game.apply("show 2")
    for copy in (pickle.loads(pickle.dumps(game)), game.clone()):
        assert copy.acting == (0,) and copy.view(None)["simultaneous"] == game.view(None)["simultaneous"]
        copy.apply("fold")
        assert copy.view(None)["vars"]["hand"]["trace"] == 21
    assert game.acting == (0,)


def test_a_log_that_has_a_seat_choose_twice_does_not_replay():
    game = _order(2)
    game.apply("show 1")
    log = game.log + [dict(game.log[-1])]
    with pytest.raises(IllegalAction, match="seat 1 choose where seat 0 is to act"):
        pr.replay(pr.load(ORDER), log)


# ---------------------------------------------------------------- agents and simulation
@pytest.mark.parametrize("agents", [["random"], ["greedy", "random"], ["ismcts", "random"]])
def test_agents_play_sealed_choices(agents):
    result = pr.simulate(str(GOOFSPIEL), players=2, games=4, agents=agents, seed=1, workers=1)
    assert result["games"] == 4


# ---------------------------------------------------------------- bad rule files
@pytest.mark.parametrize(
    "step,message",
    [
        (
            "{id: s, simultaneous: seats, actions: [a], repeat: true}",
            "step 's' is simultaneous and cannot repeat",
        ),
        ("{id: s, simultaneous: seats, actions: [a], free: [a]}", "cannot offer free actions"),
        ("{id: s, simultaneous: seats, effect: end step}", "offers no actions"),
        ("{id: s, simultaneous: 'me', actions: [a]}", "must be a list of seats, but this is a seat"),
    ],
)
def test_a_simultaneous_step_that_cannot_be_is_a_located_error(tmp_path, step, message):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "game: bad\ntitle: Bad\nplayers: [2]\nactions:\n  a: {effect: end step}\n"
        f"phases:\n  - id: p\n    turns: {{seat: start_player}}\n    steps:\n      - {step}\n"
        "scoring:\n  - {id: s, points: '0'}\n"
    )
    with pytest.raises(SpecError) as err:
        pr.load(path)
    assert message in str(err.value) and f"{path}:10:" in str(err.value)


def test_chosen_lists_the_seats_that_sealed_their_choice():
    game = _order(3)
    assert game.chosen == ()
    game.apply("fold", seat=0)
    assert game.chosen == (0,) and game.acting == (1,)
    game.apply("show 1")
    assert game.chosen == ()


DUMMY = """
game: sealed-dummy
title: Sealed dummy
players: [1, 2]
variables:
  player: {shown: 0}
actions:
  show:
    text: "show {n}"
    params:
      n: {number_in: [1, 3]}
    effect: set me.shown = n
automata:
  dummy:
    seats: {1: 1, 2: 1}
    plays:
      - {action: show, when: "n == 2"}
phases:
  - id: p
    turns: {seat: start_player}
    steps:
      - {id: s, simultaneous: seats, actions: [show]}
scoring:
  - {id: shown, points: me.shown}
"""


@pytest.mark.parametrize("people", [1, 2])
def test_a_seat_the_rules_play_chooses_at_once_and_sealed(tmp_path, people):
    path = tmp_path / "dummy.yaml"
    path.write_text(DUMMY)
    rules = pr.load(path)
    game = rules.new_game(people, seed=0)
    dummy = game.automata[0]
    assert dummy not in game.acting and game.chosen == (dummy,)  # chose as the step started
    assert game.log_for(0)[-1] == {"event": "chose", "seat": dummy}  # what, nobody knows yet
    game.apply_joint({s: "show 3" for s in game.acting})
    assert game.is_over and game.scores() == [3] * people + [2]
    assert [e["seat"] for e in game.log if e["event"] == "action"] == list(range(people + 1))
    world = pr.replay(rules, game.log)
    assert world.scores() == game.scores()


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_let_failing_once_the_choices_before_it_are_applied_is_a_located_game_runtime_error(
    monkeypatch, tmp_path, backend
):
    """``let: {room: 10 // (2 - hand.trace)}``: listed before any choice (trace 0) it holds;
    once seat 1's choice is applied (trace 2), seat 0's choice works its lets out again and
    divides by zero: a GameRuntimeError naming the action and the place in the file, not the
    bare fault (found by tests/fuzz_shapes.py)."""
    text = ORDER.read_text(encoding="utf-8").replace(
        '    text: "show {n}"\n', '    text: "show {n}"\n    let: {room: "10 // (2 - hand.trace)"}\n'
    )
    path = tmp_path / "order.yaml"
    path.write_text(text, encoding="utf-8")
    game = load_with(monkeypatch, backend, path).new_game(2, seed=0)
    assert game.acting == (1, 0)
    game.apply("show 1")  # seat 1: sealed
    with pytest.raises(pr.GameRuntimeError) as err:
        game.apply("show 2")  # seat 0: both applied, seat 1's first
    line = text.splitlines().index('    let: {room: "10 // (2 - hand.trace)"}') + 1
    assert str(err.value).startswith(f"action 'show 2' failed: {path}:{line}:")
    assert "runtime-error: division by zero" in str(err.value)
