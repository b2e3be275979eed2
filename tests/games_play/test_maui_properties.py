"""Property tests: random legal play of whole Maui games, 2-4 players, with and without crabs.

After every action: every component is in exactly one zone and none is created or lost
(60 pieces, the umbrella and crab tokens of the seats that play, the towel tokens; the sand
dollars always number 2 + players); no view shows the face of a crab that is not covered
yet, nor the order of the bag. Games end within a bound, every beach holds at most 13
pieces, and a game replays identically from its seed.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from maui_scenario import new, of_type, under
from sizes import property_test

PLAYERS = st.sampled_from([2, 3, 4])
VARIANTS = st.sampled_from([(), ("crabs",), ("long-game",)])
SEEDS = st.integers(min_value=0, max_value=2**32)
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=12)
BOUND = 2_000  # decisions: far above any random game seen (about 30 to 60)


def check_conserved(game, variants) -> None:
    g, m = game.g, game.m
    seen = set()
    for zi, comps in enumerate(g.zones):
        for c in comps:
            assert c not in seen
            seen.add(c)
            assert g.loc[c] == zi
    by_type = {}
    for c in seen:
        by_type[m.ctype[c]] = by_type.get(m.ctype[c], 0) + 1
    assert by_type["piece"] == 60
    assert by_type["umbrella_token"] == (10 if variants else 8) * g.n  # the crab side adds 2 a player
    assert by_type.get("crab", 0) == (7 * g.n if variants else 0)  # long-game extends crabs
    assert by_type["towel_token"] == 4
    assert (
        sum(g.pvars["dollars"][: g.n]) + sum(g.cvars["dollars"][r] for r in of_type(game, "reserve"))
        == 2 + g.n
    )
    for s in range(g.n):
        assert len(g.zones[m.zone_index("placed", seat=s)]) <= 13


def check_no_leak(game) -> None:
    """No seat sees a crab that no piece covers, nor a piece of the bag."""
    for viewer in range(game.g.n):
        view = game.view(viewer)
        assert all(e.get("hidden") for e in view["zones"]["bag"])
        for entry in view["seats"]:
            for cell in entry["zones"]["beach"]:
                covered = (cell.get("vars") or {}).get("pattern") is not None
                for t in (cell.get("zones") or {}).get("under", []):
                    if t.get("type") == "crab" and not t.get("hidden"):
                        assert covered, f"seat {viewer} sees an uncovered crab: {t}"


def play(players, variants, seed, check=True):
    game = new(players, seed=seed, variants=variants)
    rng = random.Random(seed)
    texts = []
    while not game.is_over:
        assert len(texts) < BOUND
        action = rng.choice(list(game.legal_actions()))
        texts.append(str(action))
        game.apply(action)
        if check:
            check_conserved(game, variants)
            check_no_leak(game)
    return game, texts


@property_test(quick=5, full=12, players=PLAYERS, variants=VARIANTS, seed=SEEDS)
def test_random_games_end_conserve_and_leak_nothing(players, variants, seed):
    game, texts = play(players, variants, seed)
    assert game.is_over and game.winners()
    placed = [len(game.g.zones[game.m.zone_index("placed", seat=s)]) for s in range(players)]
    assert max(placed) == 13  # the game ends because a beach is full
    assert game.g.hvars["side"] == ("umbrellas" if not variants else "crabs")


@settings(**SETTINGS)
@given(players=PLAYERS, variants=VARIANTS, seed=SEEDS)
def test_the_same_seed_replays_the_same_game(players, variants, seed):
    a, texts_a = play(players, variants, seed, check=False)
    b, texts_b = play(players, variants, seed, check=False)
    assert texts_a == texts_b
    assert json.dumps(a.log, sort_keys=True) == json.dumps(b.log, sort_keys=True)
    assert a.scores() == b.scores() and a.winners() == b.winners()


def test_covered_crabs_are_face_up_for_everyone():
    game, _ = play(3, ("crabs",), 5, check=False)
    for s in range(3):
        for c in of_type(game, "cell", s):
            if game.g.cvars["pattern"][c] is not None:
                for t in under(game, c):
                    assert game.g.known[t] & 0b111 == 0b111
