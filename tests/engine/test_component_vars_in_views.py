"""Variables that hold components, in a seat's view (outside tester, session 19, item 6).

A seat's view numbers identical copies by their places (docs/api.md, The view), so which
physical copy a card is never shows. A variable set to a card showed the engine's id instead:
``hand.led`` read 4 where the table, in the same view, showed that card as 3, telling which of
the three identical 1s was led (and so something of the deal). Now a component variable names
the component as the view's zones do, and one the seat does not see by its back alone;
``view(None)`` keeps the engine's ids.
"""

from __future__ import annotations

import random

import playa_rules as pr

LED = """\
game: led
title: Led
players: [2]
components:
  card:
    start: deck
    vars: {twin: null}
    items:
      - {value: 1, count: 3}
      - {value: 2, count: 3}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
  table: {visibility: public, holds: [card]}
variables:
  hand: {led: null, kept: []}
  player: {last: null}
setup: |
  shuffle deck
  deal 2 from deck to each hand
actions:
  play:
    text: play {card}
    params:
      card: {one_of: me.hand}
    effect: |
      move card to table
      set hand.led = card
      set me.last = card
      set hand.kept = [c in me.hand]
      set card.twin = top(me.hand)
phases:
  - id: main
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: play, actions: [play]}
"""


def _games(tmp_path, seeds=range(12)):
    path = tmp_path / "led.yaml"
    path.write_text(LED, encoding="utf-8")
    rules = pr.load(path)
    for seed in seeds:
        game = rules.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        yield game


def test_a_variable_holding_a_card_names_it_as_the_views_zones_do(tmp_path):
    differed = False
    for game in _games(tmp_path):
        engine = game.g.hvars["led"]
        assert game.view(None)["vars"]["hand"]["led"] == engine  # the engine's own id
        for seat in (0, 1):
            view = game.view(seat)
            (on_table,) = view["zones"]["table"]
            assert view["vars"]["hand"]["led"] == on_table["id"]
            assert view["seats"][0]["vars"]["last"] == on_table["id"]
            differed |= on_table["id"] != engine
    assert differed  # some deal led a copy other than the first of its kind


def test_a_card_the_seat_does_not_see_is_named_by_its_back(tmp_path):
    for game in _games(tmp_path):
        mine = [c["id"] for c in game.view(0)["seats"][0]["zones"]["hand"]]
        assert game.view(0)["vars"]["hand"]["kept"] == mine  # a list: each card as the hand shows it
        assert game.view(1)["vars"]["hand"]["kept"] == [{"type": "card", "hidden": True}]
        (on_table,) = game.view(1)["zones"]["table"]
        assert on_table["vars"]["twin"] == {"type": "card", "hidden": True}  # an item's variable
        assert game.view(0)["zones"]["table"][0]["vars"]["twin"] == mine[-1]
