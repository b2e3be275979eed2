"""A seat always knows what it did itself (perfect recall): its ``log_for`` and what the adapters
build from it (OpenSpiel's information state, string and tensor) keep every action it took,
whole and with its id, even when the action itself hid the face it named from the seat (a card
put face down into a pile that is then shuffled, a die rolled in a zone nobody sees). The other
seats still see only what they may (docs/api.md, "The log as one seat saw it").

Before the fix a seat that buried its card 3 and shuffled the pit read ``bury card`` in its own
log, with no id: its information state forgot its own choice."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playa_rules as pr

RULES = """
game: bury-test
title: Bury test
players: [2, 3]
components:
  card:
    start: deck
    items:
      - {value: 1, count: 2}
      - {value: 2, count: 2}
      - {value: 3, count: 2}
      - {value: 4, count: 2}
      - {value: 5, count: 2}
      - {value: 6, count: 2}
  die:
    start: bag
    label: "{colour} die"
    items:
      - {colour: red, faces: [1, 1, 1, 6, 6, 6]}
      - {colour: blue, faces: [2, 3, 4, 5, 2, 3]}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
  pit: {visibility: hidden, holds: [card]}
  bag: {visibility: public, holds: [die]}
  cup: {visibility: hidden, holds: [die]}
phases:
  - id: deal
    on_start: |
      shuffle deck
      deal 3 from deck to each hand
  - id: play
    turns: {from: start_player, rounds: 2}
    steps:
      - {id: choose, actions: [bury, stash, sink, cup, pass]}
actions:
  bury:
    text: "bury {card}"
    params:
      card: {one_of: me.hand}
    rule: Put a card of your hand into the pit, face down, and shuffle the pit.
    effect: |
      move card to pit
      shuffle pit
  stash:
    text: "stash {card}"
    others_see: turn
    params:
      card: {one_of: me.hand}
    rule: Put a card back into the deck, face down, and shuffle the deck.
    effect: |
      move card to deck
      shuffle deck
  sink:
    text: "sink {cards}"
    params:
      cards: {group_of: me.hand, by: value}
    rule: Put some cards of your hand into the pit, face down, and shuffle the pit.
    effect: |
      move cards to pit
      shuffle pit
  cup:
    text: "cup {d}"
    params:
      d: {one_of: bag}
    rule: Put a die of the bag in the cup, where nobody sees it, and roll it there.
    effect: |
      move d to cup
      roll cup
  pass:
    text: pass
    rule: Do nothing.
    effect: set me.passed = true
variables:
  player: {passed: false}
scoring:
  - id: card
    rule: Your cards score their value.
    points: sum(c.value for c in me.hand)
"""


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    p = tmp_path_factory.mktemp("recall") / "bury-test.yaml"
    p.write_text(RULES, encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def rules(path):
    return pr.load(path)


def _own(events, seat) -> list:
    return [e for e in events if e["event"] == "action" and e["seat"] == seat]


def test_a_seat_that_buries_its_card_and_shuffles_still_knows_which(rules):
    game = rules.new_game(players=2, seed=1)
    move = next(a for a in game.legal_actions() if str(a).startswith("bury"))
    game.apply(move)
    mine, theirs = game.log_for(0)[-2], game.log_for(1)[-2]
    assert mine == {"event": "action", "seat": 0, "action": str(move), "id": move.id}
    assert theirs == {"event": "action", "seat": 0, "action": "bury card"}  # no face, no id


def test_a_move_others_see_only_as_a_turn_is_whole_in_its_own_log(rules):
    game = rules.new_game(players=2, seed=2)
    move = next(a for a in game.legal_actions() if str(a).startswith("stash"))
    game.apply(move)
    assert game.log_for(0)[-2] == {"event": "action", "seat": 0, "action": str(move), "id": move.id}
    assert game.log_for(1)[-2] == {"event": "action", "seat": 0}


def test_a_die_rolled_where_nobody_sees_it_is_named_in_its_own_log(rules):
    game = rules.new_game(players=2, seed=3)
    game.apply("cup red die")
    (mine,) = _own(game.log_for(0), 0)
    assert mine["action"] == "cup red die" and mine == _own(game.log, 0)[0]
    assert _own(game.log_for(1), 0) == [{"event": "action", "seat": 0, "action": "cup die"}]


GAMES = ["bury", "playa-pirata", "lying-pirates", "tests/games/dark-hex.yaml", "tests/games/hearts.yaml"]


def _load(name, rules):
    if name == "bury":
        return rules
    if name.startswith("tests/"):
        from pathlib import Path

        return pr.load(Path(__file__).parent.parent / name[len("tests/") :])
    return pr.load(name)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**16), moves=st.integers(1, 60))
def test_a_seats_log_never_forgets_its_own_actions(rules, name, seed, moves):
    """After any run of random moves, every seat's ``log_for`` holds each action it took exactly
    as the full log does (its text and its id), in order."""
    r = _load(name, rules)
    n = r.player_counts[0]
    game = r.new_game(players=n, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    for seat in range(n):
        assert _own(game.log_for(seat), seat) == _own(game.log, seat)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**16), moves=st.integers(1, 12))
def test_openspiel_information_state_never_forgets_its_own_actions(path, seed, moves):
    """OpenSpiel: the perfect-recall tensor's ``played`` counts every action a seat took, and its
    information state string holds each of them by its text."""
    pyspiel = pytest.importorskip("pyspiel")
    import playa_rules.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("playa_rules", {"rules": str(path), "players": 2, "information_state": "json"})
    state = game.new_initial_state()
    rng = random.Random(seed)
    taken: dict = {0: [], 1: []}
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        taken[player].append(action)
        state.apply_action(action)
    from playa_rules.adapters.openspiel import PlayaObserver

    obs = PlayaObserver(game, perfect_recall=True)
    for player in (0, 1):
        obs.set_from(state, player)
        played = obs.dict["played"]
        for action in set(taken[player]):
            assert played[player, action] == taken[player].count(action)
        info = json.loads(state.information_state_string(player))
        assert [e["id"] for e in _own(info["log"], player)] == taken[player]
