"""Property tests: random legal play of whole Lying Pirates matches, for seeds and 2-6 players.

After every action: every die, tile and captain is in exactly one zone and none is created
or lost; no view and no per-seat log shows a die under another player's cup before the
dice are revealed. Matches end within a bound and replay identically from their seed.
Sized to run in a few seconds.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lying_scenario import new, refresh_legal, rules, zone
from sizes import property_test
from view_checks import same_kind

PLAYERS = st.sampled_from([2, 3, 4, 5, 6])
SEEDS = st.one_of(st.integers(min_value=0, max_value=2**32), st.text(max_size=6))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOUND = 20_000  # actions: far above any random match seen (a few hundred)


def check_conserved(game) -> None:
    """Every component of the game in exactly one zone, where ``loc`` says; the counts of
    dice, tiles and captains never change."""
    g, m = game.g, game.m
    seen = {}
    for zi, comps in enumerate(g.zones):
        for c in comps:
            assert c not in seen, f"component {c} is in zones {seen[c]} and {zi}"
            seen[c] = zi
            assert g.loc[c] == zi
            assert m.ctype[c] in m.zones[m.zone_names[zi][0]].holds
    counts = {}
    for c in seen:
        counts[m.ctype[c]] = counts.get(m.ctype[c], 0) + 1
    spec = rules().spec
    assert counts["crew"] == spec["assumptions"]["crew_dice"]["value"]
    assert counts["special"] == 4 and counts["sail_die"] == 1
    assert counts["tile"] == 1 + spec["assumptions"]["blank_tiles"]["value"]
    assert counts["captain"] == g.n
    assert counts["phantom"] == 1 and counts["phantom_card"] == 6
    phantom = next(c for c in seen if m.ctype[c] == "phantom")
    assert m.zone_names[g.loc[phantom]][0] == ("fleet" if g.n == 2 else "ashore")
    for c in range(m.component_count):
        if m.owner[c] is not None and m.owner[c] >= g.n:
            assert c not in seen, "a component of an absent seat is in play"


def hidden_cups(game):
    """(seat, die) for every die under a cup that only its owner may know now: during the
    Betting Phase, before the call, the dice of the captains in the betting."""
    g, m = game.g, game.m
    if game.is_over or g.phase_id != "betting" or g.hvars["bet_done"]:
        return []
    out = []
    for s in range(g.n):
        cap = next(c for c in zone(game, "fleet") if m.owner[c] == s and m.ctype[c] == "captain")
        if g.cvars["counted"][cap]:
            out.extend((s, d) for d in zone(game, "cup", seat=s))
    return out


def check_no_leak(game) -> None:
    """Views show a component's face only to seats that know it, and nobody knows a die
    under another player's cup before the call."""
    g = game.g
    for owner, d in hidden_cups(game):
        assert g.known[d] == 1 << owner, f"die {d} under seat {owner}'s cup is known to {g.known[d]:b}"
    if hidden_cups(game) and g.n == 2:
        pilot = g.hvars["pilot"]  # a player sitting out flies the Phantom, and sees its dice
        for d in zone(game, "phantom_cup"):
            assert g.known[d] == (1 << pilot if pilot >= 0 else 0)
    for seat in range(g.n):
        view = game.view(seat)
        json.dumps(view)
        for other in range(g.n):
            cup = view["seats"][other]["zones"]["cup"]
            for entry, d in zip(cup, zone(game, "cup", seat=other)):
                if g.known[d] >> seat & 1:
                    assert same_kind(game.m, entry["id"], d) and entry["vars"]["face"] == g.cvars["face"][d]
                else:
                    assert entry == {"type": game.m.ctype[d], "hidden": True}
        if seat in game.acting:  # the seat to act, or a seat still to choose in the catch-up, at once
            assert [a["text"] for a in view["legal_actions"]] == [str(a) for a in game.legal_actions(seat)]
        else:
            assert "legal_actions" not in view


@property_test(quick=6, full=15, seed=SEEDS, players=PLAYERS, rnd=st.randoms(use_true_random=False))
def test_random_play_ends_and_keeps_every_invariant(seed, players, rnd):
    game = new(players, seed=seed)
    check_conserved(game)
    check_no_leak(game)
    for _ in range(BOUND):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert len(legal) > 0
        game.apply(legal[rnd.randrange(len(legal))])
        check_conserved(game)
        check_no_leak(game)
    assert game.is_over
    assert game.current_player is None and len(game.legal_actions()) == 0
    assert game.log[-1]["event"] == "end" and game.log[-1]["winners"] == game.winners()
    assert all(0 <= s < players for s in game.winners())
    json.dumps(game.log)


def _play(seed, players, rnd):
    game = new(players, seed=seed)
    played = []
    while not game.is_over:
        legal = game.legal_actions()
        a = legal[rnd.randrange(len(legal))]
        played.append(a.id)
        game.apply(a)
        assert len(played) <= BOUND
    return game, played


@settings(max_examples=10, **SETTINGS)
@given(seed=SEEDS, players=PLAYERS, rnd=st.randoms(use_true_random=False))
def test_the_same_seed_and_actions_give_the_same_game(seed, players, rnd):
    game, played = _play(seed, players, rnd)
    again = new(players, seed=seed)
    for i in played:
        again.apply(i)
    assert again.is_over
    assert json.dumps(again.log) == json.dumps(game.log)
    for s in range(players):
        assert again.view(s) == game.view(s)
        assert again.log_for(s) == game.log_for(s)
    assert again.winners() == game.winners()


@settings(max_examples=20, **SETTINGS)
@given(
    seed=SEEDS,
    players=PLAYERS,
    cut=st.integers(min_value=0, max_value=60),
    rnd=st.randoms(use_true_random=False),
)
def test_a_hidden_die_is_the_same_whatever_it_shows(seed, players, cut, rnd):
    """Changing the face of a die under another player's cup, before the call, changes
    nothing that seat can see: its view, its log and its legal actions."""
    game = new(players, seed=seed)
    for _ in range(cut):
        if game.is_over:
            return
        legal = game.legal_actions()
        game.apply(legal[rnd.randrange(len(legal))])
    hidden = hidden_cups(game)
    if not hidden:
        return
    owner, d = rnd.choice(hidden)
    other = game.clone()
    other.g.cvars["face"][d] = 1 + (game.g.cvars["face"][d] % 6)
    refresh_legal(other)
    for seat in range(players):
        if seat == owner:
            continue
        assert game.view(seat) == other.view(seat)
        assert game.log_for(seat) == other.log_for(seat)
        if game.current_player == seat:
            assert [str(a) for a in game.legal_actions()] == [str(a) for a in other.legal_actions()]


def test_per_seat_logs_carry_no_seed_and_every_action():
    game, _ = _play(11, 4, __import__("random").Random(3))
    for seat in range(4):
        mine = game.log_for(seat)
        assert "seed" not in mine[0]
        assert [e for e in mine if e["event"] == "action"] == [e for e in game.log if e["event"] == "action"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_count_plays_to_the_end(players):
    """Whatever hypothesis samples: each player count, a few seeded matches, to the end."""
    import random

    for seed in range(6):
        game = new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(BOUND):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        assert game.is_over
        check_conserved(game)


def test_the_simulator_finds_no_dead_end():
    from playa_rules.simulation.smoke import simulate

    assert simulate(rules(), 3, seed=5) == []
