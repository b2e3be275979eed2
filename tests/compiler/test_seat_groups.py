"""A hand end's lists of a seat's items, made for every seat in one pass (compiler/dsl/seatgroups.py).

In the game below each seat plants its three flags on five spots; a spot is held by the seat
whose flag is on top. The scoring reads `held` (the spots a seat holds: `holder(s) == me`)
and `doubled` (`me == ...`: the spots held with two flags or more): both lists of the
shape `[x in Z where F == me]`, whose F and Z do not read `me`, so the hand end works out
F once per spot for all seats and groups the spots by it.
`crowded` compares with the seat's own flags as well, so it is worked out per seat."""

from __future__ import annotations

import random

import pytest
from backend_switch import load_with, play_alike
from hypothesis import given, settings
from hypothesis import strategies as st

from playa_rules.shared.envkeys import SEATS

FLAGS = """\
game: flag-spots
title: Flags on spots (test game)
players: [2, 3]
components:
  spot:
    start: row
    label: "spot {n}"
    items:
      - {each: {n: [0, 1, 2, 3, 4]}}
  flag:
    per_player: true
    start: flags
    label: "{v}"
    items:
      - {each: {v: [1, 2, 3]}}
zones:
  row: {visibility: public, holds: [spot]}
  pile: {per: spot, visibility: public, holds: [flag]}
  flags: {per: player, visibility: public, holds: [flag]}
define:
  holder(s): "if count(s.pile) > 0 then top(s.pile).owner else none"
  held: "[s in row where holder(s) == me]"
  doubled: "[s in row where me == (if count(s.pile) > 1 then top(s.pile).owner else none)]"
  crowded: "[s in row where holder(s) == me and count(s.pile) > count(me.flags)]"
actions:
  plant:
    text: "plant {flag} on {spot}"
    params:
      flag: {one_of: me.flags}
      spot: {one_of: row}
    effect: move flag to spot.pile
phases:
  - id: play
    turns: {from: start_player, rounds: 3}
    steps:
      - {id: plant, actions: [plant]}
scoring:
  - {id: spots, rule: 1 point per spot you hold, points: count(held)}
  - {id: tops, rule: the value of your flag on top of each spot you hold, points: "sum(top(s.pile).v for s in held)"}
  - {id: doubles, rule: 2 points per spot of two flags or more you hold, points: 2 * count(doubled)}
  - {id: crowds, rule: 1 point per spot you hold with more flags than you have left, points: count(crowded)}
"""


@pytest.fixture(scope="module")
def flags(tmp_path_factory):
    path = tmp_path_factory.mktemp("seat_groups") / "flags.yaml"
    path.write_text(FLAGS, encoding="utf-8")
    return path


def _played(rules, players: int, seed: int):
    game = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _by_the_rulebook(game) -> list[int]:
    """Each seat's score worked out from the final view, as the scoring rules read."""
    spots = game.view(0)["zones"]["row"]
    scores = [0] * game.players
    for spot in spots:
        pile = spot["zones"]["pile"]
        if not pile:
            continue
        top = pile[-1]  # the flag planted last
        crowded = 1  # at the end no seat has a flag left: a held spot has more
        scores[top["owner"]] += 1 + top["v"] + (2 if len(pile) > 1 else 0) + crowded
    return scores


@pytest.mark.parametrize("backend", ["generated", "closures"])
@pytest.mark.parametrize("players", [2, 3])
def test_each_seat_scores_the_spots_it_holds(flags, monkeypatch, backend, players):
    rules = load_with(monkeypatch, backend, flags)
    for seed in range(20):
        game = _played(rules, players, seed)
        assert game.scores() == _by_the_rulebook(game), seed


def test_the_hand_end_works_out_each_spots_holder_once_for_every_seat(flags, monkeypatch):
    rules = load_with(monkeypatch, "generated", flags)
    game = _played(rules, 3, 4)
    shared = {}
    together = [
        [fn(game.g, {"me": s, SEATS: shared}) for _, _, fn in rules.program.scoring] for s in range(3)
    ]
    assert set(shared) == {"$held", "$doubled"}  # crowded reads the seat's own flags: per seat
    spots = game.view(0)["zones"]["row"]
    by_holder = {}
    for spot in spots:
        holder = spot["zones"]["pile"][-1]["owner"] if spot["zones"]["pile"] else None
        by_holder.setdefault(holder, []).append(spot["id"])
    assert shared["$held"] == by_holder  # every spot's holder worked out once, the spots grouped by it
    alone = [[fn(game.g, {"me": s}) for _, _, fn in rules.program.scoring] for s in range(3)]
    assert together == alone


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), moves=st.integers(0, 9))
def test_grouped_lists_are_the_filtered_lists_at_any_point(flags, seed, players, moves):
    """Mid-game too (spots empty, held once or twice): every seat's values, read with the
    shared table, are the values each seat's filter gives alone, in the same order."""
    import playa_rules as pr

    rules = pr.load(flags)
    game = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(min(moves, 3 * players)):
        game.apply(rng.choice(game.legal_actions()))
    shared = {}
    for s in range(players):
        e, alone = {"me": s, SEATS: shared}, {"me": s}
        for _, _, fn in rules.program.scoring:
            assert fn(game.g, e) == fn(game.g, alone)
        assert e["$held"] == alone["$held"] and e["$doubled"] == alone["$doubled"]


@pytest.mark.parametrize("players", [2, 3])
def test_both_backends_and_both_flows_play_alike(flags, monkeypatch, players):
    generated = load_with(monkeypatch, "generated", flags)
    closures = load_with(monkeypatch, "closures", flags)
    play_alike(generated, closures, players, range(15), views=True, interpreted=True)
