"""``view.shown_ids(g, m, seat)``: the id ``view(seat)`` shows each component by, worked out from
the state without building the view (for the adapters' tensors, docs/adapters.md). It must be
the view's own numbering (copies by their places, zones attached to components in between) at
every position of random play of every bundled game and of the test games with attached zones."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.engine.view import _ids_in, canonical_ids, copy_classes, shown_ids
from playa_rules.engine.viewcode import view_zones

GAMES = Path(__file__).resolve().parent.parent / "games"
CASES = [*pr.games(), "float-join", "param-shapes", "shuffled-piles", "open-piles", "seat-lists"]


def _the_views(game, seat) -> dict:
    g, m = game.g, game.m
    shared, owned = view_zones(m)(g, seat, g.n)
    engine = _ids_in(shared, owned, [])
    if copy_classes(m) is not None:
        canonical_ids(shared, owned, *copy_classes(m))
    return dict(zip(engine, _ids_in(shared, owned, [])))


@pytest.mark.parametrize("name", CASES)
def test_shown_ids_are_the_views(name):
    rules = pr.load(name if name in pr.games() else GAMES / f"{name}.yaml")
    checked = 0
    for seed in range(2):
        players = rules.player_counts[-1 if seed else 0]
        game = rules.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if rng.random() < 0.2:
                for seat in range(players):
                    assert shown_ids(game.g, game.m, seat) == _the_views(game, seat), (name, seed, seat)
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked
