"""A ``move`` whose destination zones show faces alike is written out in the generated
source (``compiler/dsl/moving.py``): the component leaves its zone, joins the new one and
the seats that zone shows it to learn its face, as ``State.move`` does; a component whose
zone's order is still undecided (a shuffled deck) goes through ``State.move``. Played
against the closures (the reference backend), every view of every seat must read the same."""

from __future__ import annotations

from backend_switch import load_with, play_alike

RULES = """\
game: moves-probe
title: Moves probe
players: [2, 3]
components:
  card:
    start: deck
    label: "{value}"
    items:
      - {each: {value: [1, 2, 3, 4, 5, 6, 7, 8, 9]}}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
  table: {visibility: public, holds: [card]}
  discard: {visibility: hidden, holds: [card]}
setup: |
  shuffle deck
  deal 2 from deck to each hand
actions:
  play:
    text: "play {card}"
    params: {card: {one_of: me.hand}}
    effect: move card to table
  bury:
    text: "bury {card}"
    params: {card: {one_of: me.hand}}
    effect: move card to discard
  take:
    text: "take {card}"
    params: {card: {one_of: table}}
    effect: move card to me.hand
  pass:
    text: "pass {card}"
    params: {card: {one_of: me.hand}}
    effect: move card to me.left.hand
  sweep:
    text: sweep
    require: [count(deck) > 0]
    effect: |
      move deck to discard
      move top(discard) to me.hand
phases:
  - id: play
    turns: {from: start_player, rounds: 4}
    steps:
      - {id: act, actions: [play, bury, take, pass, sweep]}
"""


def test_moves_written_out_play_as_the_closures_play(monkeypatch, tmp_path):
    path = tmp_path / "moves.yaml"
    path.write_text(RULES, encoding="utf-8")
    generated = load_with(monkeypatch, "generated", str(path))
    closures = load_with(monkeypatch, "closures", str(path))
    chosen = [
        text for players in (2, 3) for text in play_alike(generated, closures, players, range(40), views=True)
    ]
    kinds = {text.split()[0] for text in chosen}
    assert kinds == {"play", "bury", "take", "pass", "sweep"}
    written = [s for s in generated.program.generated if "g.mix[" in s]
    assert len(written) >= 3  # play (public), bury (hidden), take (owner), the sweep's deck
    assert any("g.known[" in s and "g.all_seats" in s for s in written)
    assert any("1 << g.zowner[" in s for s in written)
