"""The observation tensor (adapters.observation) read back piece by piece: a plain
element-by-element writer of the layout its module documents, compared with the fast one
(values gathered, then stored by indexed assignments) at random positions of every bundled
game, for every seat. The fast writer must give exactly the same floats. The plain writer
names components through the seat's view itself (its zones' ids, copies renumbered), the fast
one through ``view.shown_ids``."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import playa_rules as pr
from playa_rules.adapters.observation import Layout, encode
from playa_rules.engine.view import _ids_in, canonical_ids, copy_classes
from playa_rules.engine.viewcode import view_zones
from playa_rules.rules import games

HERE = Path(__file__).resolve().parent.parent


def plain(layout: Layout, game, seat: int) -> np.ndarray:
    """The tensor as the layout's table says, one element at a time."""
    tensor = np.zeros(layout.size, np.float32)
    parts = layout.views(tensor)
    g, m = game.g, layout.m
    parts["observer"][seat] = 1
    cur = game.current_player
    parts["current"][layout.seats + 1 if cur is None else (layout.seats if cur < 0 else cur)] = 1
    if not game.is_over:
        parts["phase"][min(g.phase_i, layout.phases - 1)] = 1
        if g.step_i < layout.steps:
            parts["step"][g.step_i] = 1
    # attached zones take the rows of their owners' places (zone, then position)
    place = {c: (zi, i) for zi, items in enumerate(g.zones) for i, c in enumerate(items)}
    rows = list(range(m.zone_count))
    for table in m.attached.values():
        owners = sorted(
            (c for c, zi in enumerate(table) if zi >= 0), key=lambda c: place.get(c, (m.zone_count, 0))
        )
        for c, row in zip(owners, sorted(zi for zi in table if zi >= 0)):
            rows[table[c]] = row
    # components by the ids the seat's view shows them by (copies numbered by their places)
    shared, owned = view_zones(m)(g, seat, g.n)
    engine_ids = _ids_in(shared, owned, [])
    if copy_classes(m) is not None:
        canonical_ids(shared, owned, *copy_classes(m))
    shown = dict(zip(engine_ids, _ids_in(shared, owned, [])))
    held = game.program.component_vars

    def value(v, key):
        if key not in held or v is None:
            return encode(v)
        if held[key]:
            return shown[v] + 1 if v in shown else -1 - layout.types.index(m.ctype[v])
        return encode(str([shown.get(c, {"type": m.ctype[c], "hidden": True}) for c in v]))

    for c in range(m.component_count):
        if g.loc[c] < 0:
            continue
        z = rows[g.loc[c]]
        if g.known[c] >> seat & 1:
            parts["known"][layout.known_at[z][m.face[c]]] += 1
            for i, name in enumerate(layout.cvar_names):
                parts["cvars"][shown[c], i] = value(g.cvars[name][c], ("component", name))
        else:
            parts["unseen"][z, layout.type_index[c]] += 1
    scope_of = {"pvars": "player", "pmvars": "player_match"}
    for s in range(g.n):
        for i, (store, k) in enumerate(layout.seat_var_names):
            parts["seat_vars"][s, i] = value(getattr(g, store)[k][s], (scope_of[store], k))
    stores = {"turn": g.tvars, "hand": g.hvars, "match": g.mvars}
    for i, (scope, k) in enumerate(layout.var_names):
        parts["vars"][i] = value(stores[scope].get(k), (scope, k))
    scores = game.scores()
    parts["scores"][: len(scores)] = scores
    return tensor


@pytest.mark.parametrize("game_id", [*games(), "seat-lists"])
def test_the_fast_writer_gives_the_layout_s_floats_for_every_seat(game_id):
    """Every bundled game, and a test game with a variable holding a list of components."""
    rules = pr.load(game_id if game_id in games() else HERE / "games" / f"{game_id}.yaml")
    layout = Layout(rules.program)
    rng = random.Random(11)
    checked = 0
    for seed in range(4):
        for players in sorted({min(rules.player_counts), max(rules.player_counts)}):
            game = rules.new_game(players, seed=seed)
            while True:
                if rng.random() < 0.15 or game.is_over:
                    for seat in range(players):
                        fast = np.full(layout.size, 7.0, np.float32)  # not zeroed: write clears it
                        layout.write(game, seat, fast)
                        assert np.array_equal(fast, plain(layout, game, seat)), (game_id, seed, seat)
                        parts = {
                            name: np.zeros(v.shape, np.float32) for name, v in layout.views(fast).items()
                        }
                        layout.fill(game, seat, parts)
                        assert all(np.array_equal(parts[n], v) for n, v in layout.views(fast).items())
                        checked += 1
                if game.is_over:
                    break
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
    assert checked > 20


def test_texts_are_coded_alike_however_often_they_are_asked():
    assert encode("reef") == encode("reef") == encode(str("re" + "ef"))
    assert encode("") > 0  # an empty text is not none
    assert encode(None) == 0.0 and encode(True) == 1.0 and encode(3) == 3.0
