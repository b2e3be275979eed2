"""A small game the limit and backend tests edit: two or three players take one or two chips
from a bank of six in turn until it is empty, a point a chip (one action with a parameter,
a ``require``, an effect, a phase with an ``until``, a scoring rule: a place for each kind of
text a test swaps for a hostile one with ``PROBE.replace``)."""

PROBE = """\
game: probe
title: Probe
players: [2, 3]
components:
  chip:
    start: bank
    label: chip
    items:
      - {count: 6}
zones:
  bank: {visibility: public, holds: [chip]}
  won: {per: player, visibility: public, holds: [chip]}
actions:
  take:
    text: "take {n}"
    params:
      n: {number_in: [1, 2]}
    require: [n <= count(bank)]
    effect: move take(bank, n) to me.won
phases:
  - id: play
    turns: {from: start_player, until: "count(bank) == 0"}
    steps:
      - {id: t, actions: [take]}
scoring:
  - {id: chips, points: "count(me.won)"}
"""
