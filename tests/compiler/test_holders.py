"""Picks without a scan over a zone that keeps its components (each with a pile attached):
the holder of a component (compiler/dsl/holders.py), first(x in Z where top(x.A) == E),
reads the pile E lies on; first(x in Z where x.P == E and x.Q == F) reads a table by the
pair (picks.first_by_value), F only where some component has P == E. Each finds what the
scan finds (the closures, the reference backend), E none included (the first empty pile),
and a rule set where the scan could tell otherwise keeps it."""

from __future__ import annotations

import pytest
from backend_switch import load_with, play_alike

# Three spots in a row, each with a pile; cards go from a seat's hand onto a pile or from
# one pile to the next. 'claim' names the spot a card lies on top of, 'open' the first spot
# whose pile is empty (top(me.hand) once the hand is empty is none: the first empty pile).
GAME = """\
game: holders-probe
title: Holders probe
players: [2, 3]
components:
  spot:
    start: row
    label: "spot {n}{lane}"
    items:
      - {each: {n: [0, 1, 2], lane: [0, 1]}}
  card:
    start: deck
    label: "card {v}"
    items:
      - {each: {v: [1, 2, 3, 4, 5, 6, 7, 8]}}
zones:
  row: {visibility: public, holds: [spot]}
  pile: {per: spot, visibility: public, holds: [card]}
  deck: {visibility: public, holds: [card]}
  hand: {per: player, visibility: public, holds: [card]}
  won: {per: player, visibility: public, holds: [card]}
variables:
  player: {claims: 0}
actions:
  draw:
    text: draw
    require: ["count(deck) > 0", "count(me.hand) < 2"]
    effect: move top(deck) to me.hand
  lay:
    text: "lay {card} on {spot}"
    params: {card: {one_of: me.hand}, spot: {one_of: row}}
    effect: move card to spot.pile
  claim:
    text: "claim {card}"
    params: {card: {one_of: deck}}
    require: ["first(s in row where top(s.pile) == card) != none", "first(s in row where top(s.pile) == card).n != 1"]
    effect: |
      set me.claims += first(s in row where top(s.pile) == card).n + 1
      move card to me.won
  take:
    text: "take {spot}"
    params: {spot: {one_of: row}}
    require: ["count(spot.pile) > 0"]
    effect: |
      set me.claims += first(s in row where top(s.pile) == top(spot.pile)).n
      move top(spot.pile) to me.won
  shift:
    text: "shift {spot}"
    params: {spot: {one_of: row}}
    require:
      - "count(spot.pile) > 0"
      - "first(s in row where s.lane == 1 - spot.lane and s.n == spot.n + 1) != none"
      - "first(s in row where s.n == 7 and s.lane == top(me.hand).v) == none"
    effect: move top(spot.pile) to first(s in row where s.n == spot.n + 1 and s.lane == 1 - spot.lane).pile
  open:
    text: open
    require: ["first(s in row where top(s.pile) == top(me.hand)) != none"]
    effect: "set me.claims += first(s in row where top(s.pile) == top(me.hand)).n"
%(shuffled)s
phases:
  - id: play
    turns: {from: start_player, rounds: 8}
    steps:
      - {id: act, actions: [draw, lay, claim, take, shift, open]}
scoring:
  - {id: claims, points: me.claims}
"""


def _write(tmp_path, shuffled: bool) -> str:
    extra = "setup: |\n  shuffle deck\n  for s in row { move top(deck) to s.pile }\n  shuffle first(s in row where s.n == 0).pile"
    path = tmp_path / ("shuffled.yaml" if shuffled else "holders.yaml")
    path.write_text(GAME % {"shuffled": extra if shuffled else ""}, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("shuffled", [False, True], ids=["piles-in-order", "a-pile-shuffled"])
def test_the_spot_a_card_lies_on_is_read_by_its_holder_where_no_pile_is_shuffled(
    monkeypatch, tmp_path, shuffled
):
    """Piles never shuffled: no scan of the row, one call of the holder with the card; a
    pile shuffled (its order undecided until read): the scan, which settles the tops it reads."""
    rules = load_with(monkeypatch, "generated", _write(tmp_path, shuffled))
    scans = [s for s in rules.program.generated if "next((" in s and "g.zones[0]" in s]
    assert bool(scans) == shuffled


def test_a_component_found_by_two_fixed_properties_is_a_table_read(monkeypatch, tmp_path):
    """first(s in row where s.lane == ... and s.n == ...): a table by the first value, then
    by the second; no scan of the row."""
    rules = load_with(monkeypatch, "generated", _write(tmp_path, shuffled=False))
    pairs = [s for s in rules.program.generated if "].get(" in s and " else None)" in s]
    assert len(pairs) >= 3


@pytest.mark.parametrize("shuffled", [False, True], ids=["piles-in-order", "a-pile-shuffled"])
@pytest.mark.parametrize("players", [2, 3])
def test_both_backends_play_the_same(monkeypatch, tmp_path, shuffled, players):
    """Seeded random games: the same legal actions, logs and scores as the closures."""
    path = _write(tmp_path, shuffled)
    closures = load_with(monkeypatch, "closures", path)
    generated = load_with(monkeypatch, "generated", path)
    play_alike(generated, closures, players, range(25))
