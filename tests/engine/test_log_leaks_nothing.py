"""A seat's log tells it nothing its view does not: a die it cannot see is named, when rolled, by
its type and its place, as its view shows it, not by its label (engine/chance.py ``event``); a
zone attached to a component it does not know is named by that component's type; a die of one
value among dice of its back that show several is still a roll in the log (``plain_dice``).

The outside tester's case (session 19, finding 0): each seat secretly puts its red or blue die,
whose faces differ, in its cup and rolls it; the other seat's log said ``red die`` or
``blue die``, and OpenSpiel's information state with it: information sets split by a fact the
seat cannot know. Here the two states differ only in what seat 1 cannot see (which die and
mat seat 0 chose, what the die shows): seat 1's log and information state must be the same."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playa_rules as pr

RULES = """
game: hidden-rolls
title: Hidden rolls
players: [2]
components:
  die:
    per_player: true
    start: bag
    label: "{colour} die"
    items:
      - {colour: red, faces: [1, 1, 1, 6, 6, 6]}
      - {colour: blue, faces: [2, 3, 4, 5, 2, 3]}
      - {colour: green, faces: [4, 4, 4, 4, 4, 4]}
  mat:
    per_player: true
    start: hand
    label: "{name} mat"
    items:
      - {name: sun}
      - {name: moon}
zones:
  bag: {per: player, visibility: owner, holds: [die]}
  cup: {per: player, visibility: owner, holds: [die]}
  hand: {per: player, visibility: owner, holds: [mat]}
  tray: {per: mat, visibility: hidden, holds: [die]}
actions:
  cup:
    text: "cup {d}"
    rule: Secretly put one of your dice in your cup and roll it.
    params:
      d: {one_of: me.bag}
    effect: |
      move d to me.cup
      roll me.cup
  tray:
    text: "put {d} on {t}"
    rule: Secretly put one of your dice on one of your mats and roll it there, unseen.
    params:
      d: {one_of: me.bag}
      t: {one_of: me.hand}
    effect: |
      move d to t.tray
      roll t.tray
phases:
  - id: g
    turns: {from: start_player, rounds: 1}
    steps: [{id: g, actions: [cup, tray]}]
scoring:
  - id: face
    rule: Your dice's faces.
    points: sum(d.face for d in me.cup)
"""

DICE = ["red", "blue", "green"]


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    p = tmp_path_factory.mktemp("leak") / "hidden-rolls.yaml"
    p.write_text(RULES)
    return p


def _after(rules, move: str, outcome_index: int):
    """Seat 0 makes ``move``; its roll, if it is an event, shows outcome ``outcome_index`` (modulo
    the outcomes offered). The game then waits for seat 1."""
    game = rules.new_game(players=2, chance="explicit")
    game.apply(move)
    while game.is_chance:
        outcomes = game.chance_outcomes()
        game.apply(outcomes[outcome_index % len(outcomes)][0])
    assert game.current_player == 1
    return game


def _move(die: str, place: str) -> str:
    return f"cup {die} die" if place == "cup" else f"put {die} die on {place} mat"


@settings(max_examples=30, deadline=None)
@given(
    place=st.sampled_from(["cup", "sun", "moon"]),
    a=st.sampled_from(DICE),
    b=st.sampled_from(DICE),
    i=st.integers(0, 5),
    j=st.integers(0, 5),
)
def test_seat_1_cannot_tell_which_die_seat_0_rolled_nor_what_it_shows(path, place, a, b, i, j):
    """Any two dice seat 0 puts in its cup or on one of its mats, showing any faces: seat 1's view,
    its log and the ids it is shown are the same (which mat seat 0 chose it sees in its view: the
    mats' places in seat 0's hand)."""
    rules = pr.load(path)
    x, y = _after(rules, _move(a, place), i), _after(rules, _move(b, place), j)
    assert x.view(1) == y.view(1)
    assert x.log_for(1) == y.log_for(1)
    if a != b:
        assert x.log != y.log
        if place == "cup":  # seat 0 sees its cup (in a hidden tray, nobody sees the die rolled)
            assert x.log_for(0) != y.log_for(0)


def test_the_tester_case_names_the_die_by_its_type_and_place(path):
    rules = pr.load(path)
    red, blue = _after(rules, "cup red die", 0), _after(rules, "cup blue die", 0)
    rolled = [ev for ev in red.log_for(1) if ev["event"] == "chance"]
    assert rolled == [
        {"event": "chance", "kind": "roll", "component": "die", "zone": "seat 0 cup", "outcome": "unseen"}
    ]
    assert red.log_for(1) == blue.log_for(1)
    # seat 0 saw its own die: its label, the outcome and its id (the full log too)
    mine = [ev for ev in red.log_for(0) if ev["event"] == "chance"]
    assert mine[0]["component"] == "red die" and "id" in mine[0] and "zone" not in mine[0]
    assert red.log_for(0) != blue.log_for(0)
    assert [ev for ev in red.log if ev["event"] == "chance"] == mine


def test_a_zone_on_a_mat_seat_1_cannot_see_is_named_by_the_mats_type(path):
    game = _after(pr.load(path), "put blue die on sun mat", 2)
    rolled = [ev for ev in game.log_for(1) if ev["event"] == "chance"]
    assert rolled == [
        {"event": "chance", "kind": "roll", "component": "die", "zone": "tray of mat", "outcome": "unseen"}
    ]
    # the full log names the die; the outcome is seen by nobody in a hidden tray
    assert [ev["component"] for ev in game.log if ev["event"] == "chance"] == ["blue die"]


def test_a_die_of_one_value_is_rolled_as_an_event_when_others_of_its_back_are_not(path):
    """The green die shows 4 whatever happens, but seat 1 does not know seat 0 rolled the green
    die: a log without the roll would tell it. The event has one outcome, of probability 1."""
    game = _after(pr.load(path), "cup green die", 0)
    rolled = [ev for ev in game.log if ev["event"] == "chance"]
    assert (
        len(rolled) == 1 and rolled[0]["outcome"] == "green die shows 4" and rolled[0]["probability"] == "1"
    )
    sampled = pr.load(path).new_game(players=2, seed=1)
    sampled.apply("cup green die")
    assert [ev for ev in sampled.log if ev["event"] == "chance"] == rolled
    assert pr.replay(pr.load(path), sampled.log).log[1:] == sampled.log[1:]


def test_dice_that_all_show_one_value_still_roll_as_nothing(tmp_path):
    """Where the rules alone decide the roll (every die of the back shows one value), nothing is logged."""
    p = tmp_path / "one-value.yaml"
    p.write_text(RULES.replace("[1, 1, 1, 6, 6, 6]", "[1, 1]").replace("[2, 3, 4, 5, 2, 3]", "[2]"))
    game = pr.load(p).new_game(players=2, seed=0)
    game.apply("cup red die")
    assert [ev for ev in game.log if ev["event"] == "chance"] == []


@pytest.mark.parametrize("seed", range(3))
def test_bundled_dice_rolled_unseen_are_named_by_their_type(seed):
    """Lying Pirates: every roll a seat did not see names a component type, never a label."""
    rules = pr.load("lying-pirates")
    game = rules.new_game(3, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    types = set(game.m.ctype)
    for seat in range(3):
        unseen = [ev for ev in game.log_for(seat) if ev["event"] == "chance" and "id" not in ev]
        assert unseen and all(ev["component"] in types for ev in unseen)


def test_the_openspiel_information_state_of_seat_1_is_the_same_for_red_and_blue(path):
    pyspiel = pytest.importorskip("pyspiel")
    import playa_rules.openspiel  # noqa: F401  (registers the game)

    for kind in ("compact", "json"):
        game = pyspiel.load_game("playa_rules", {"rules": str(path), "players": 2, "information_state": kind})
        states = []
        for move in ("cup red die", "cup blue die", "cup green die", "put red die on moon mat"):
            state = game.new_initial_state()
            named = {state.action_to_string(0, a): a for a in state.legal_actions()}
            state.apply_action(named[move])
            while state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            states.append(state)
        cups = states[:3]
        assert len({s.information_state_string(1) for s in cups}) == 1
        assert len({s.information_state_string(0) for s in cups}) == 3  # seat 0 knows its die
        mat = states[3].information_state_string(1)
        assert mat != cups[0].information_state_string(1)  # a mat is not a cup
