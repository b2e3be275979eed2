"""Property tests: random legal play of whole pirate-gold-cards matches, for every player count.

After every action: the 53 cards are each in exactly one zone, the treasure tokens are
conserved (the seats' plus those beside the deck), nobody holds a negative count, and no
view shows a face its seat does not know. Matches end within a bound, the 2-player dummy
is never asked to decide, the same seed and action texts replay the same match, and
swapping two unseen deck cards changes no view and no seat's log. Sized to run in
seconds per player count.
"""

from __future__ import annotations

import json

import pytest
from gold_scenario import new, rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from view_checks import same_kind

PLAYER_COUNTS = [2, 3, 4, 5, 6, 7]
SEEDS = st.one_of(st.integers(min_value=0, max_value=2**32), st.text(max_size=6))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
CARDS = 53
ROUNDS = 3
BOUND = ROUNDS * 2 * CARDS  # a decision draws a card or says stop (after at least 3 draws)


def start_tokens(players: int) -> int:
    seats = max(players, 3)
    return rules().spec["parameters"]["start_tokens"][seats] * seats


def check_cards(game) -> None:
    """Every card in exactly one zone, where ``g.loc`` says."""
    g = game.g
    seen = {}
    for zi, comps in enumerate(g.zones):
        for c in comps:
            assert c not in seen, f"card {c} in zones {seen[c]} and {zi}"
            seen[c] = zi
            assert g.loc[c] == zi
    assert sorted(seen) == list(range(CARDS))


def check_tokens(game, total: int) -> None:
    view = game.view(0)
    held = [s["vars"]["tokens"] for s in view["seats"]]
    beside = view["vars"]["match"]["deck_tokens"]
    assert min(held) >= 0 and beside >= 0
    assert sum(held) + beside == total, (held, beside)


def _entries(view):
    for name, entries in view["zones"].items():
        yield name, None, entries
    for s in view["seats"]:
        for name, entries in s["zones"].items():
            yield name, s["seat"], entries


def check_views(game) -> None:
    """Each seat sees a face exactly when it knows it; the deck is never seen."""
    g, m = game.g, game.m
    for seat in range(g.n):
        view = game.view(seat)
        json.dumps(view)
        for name, owner, entries in _entries(view):
            comps = g.zones[m.zone_index(name, seat=owner)]
            assert len(entries) == len(comps)
            for entry, c in zip(entries, comps):
                if g.known[c] >> seat & 1:
                    assert same_kind(m, entry["id"], c) and entry["gold"] == m.props["gold"][c]
                else:
                    assert entry == {"type": "card", "hidden": True}
                if name == "deck":
                    assert entry.get("hidden") is True, f"seat {seat} sees a deck card"


def play(game, rnd, each=None) -> list[str]:
    """Random legal play to the end; ``each(game)`` after every action. Returns the texts played."""
    played = []
    auto = set(game.automata)
    while not game.is_over:
        assert game.current_player not in auto
        legal = game.legal_actions()
        assert len(legal) > 0
        a = legal[rnd.randrange(len(legal))]
        played.append(str(a))
        game.apply(a)
        if each is not None:
            each(game)
        assert len(played) <= BOUND, "the match does not end"
    return played


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=6, **SETTINGS)
@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_random_matches_end_and_conserve_cards_and_tokens(players, seed, rnd):
    game = new(players, seed=seed)
    total = start_tokens(players)

    def invariants(g):
        check_cards(g)
        check_tokens(g, total)
        check_views(g)

    invariants(game)
    play(game, rnd, invariants)
    scores = [e for e in game.log if e["event"] == "score"]
    assert 1 <= len(scores) <= ROUNDS
    end = game.log[-1]
    assert end["event"] == "end" and end["scores"] == game.scores()
    assert game.scores() == [s["vars"]["tokens"] for s in game.view(0)["seats"]]
    contenders = [s for s in range(game.players) if s not in game.automata]
    best = max(game.scores()[s] for s in contenders)
    assert set(game.winners()) <= {s for s in contenders if game.scores()[s] == best}
    if len(scores) < ROUNDS:  # it ended early: someone had to give a token and had none
        assert 0 in game.scores()


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=4, **SETTINGS)
@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_the_same_seed_and_actions_give_the_same_match(players, seed, rnd):
    game = new(players, seed=seed)
    views = []
    played = play(game, rnd, lambda g: views.append([g.view(s) for s in range(g.players)]))
    again = new(players, seed=seed)
    replayed = []
    for text in played:
        again.apply(text)
        replayed.append([again.view(s) for s in range(again.players)])
    assert json.dumps(again.log) == json.dumps(game.log)
    assert replayed == views
    assert [again.log_for(s) for s in range(again.players)] == [game.log_for(s) for s in range(game.players)]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=8, **SETTINGS)
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=150), rnd=st.randoms(use_true_random=False))
def test_unseen_cards_leak_through_no_view_and_no_log(players, seed, cut, rnd):
    """Swapping two deck cards nobody has seen changes nothing any seat is shown."""
    game = new(players, seed=seed)
    for _ in range(cut):
        if game.is_over:
            return
        legal = game.legal_actions()
        game.apply(legal[rnd.randrange(len(legal))])
    deck = game.g.zones[game.m.zone_index("deck")]
    if len(deck) < 2:
        return
    i, j = rnd.sample(range(len(deck)), 2)
    if game.m.face[deck[i]] == game.m.face[deck[j]]:
        return
    other = game.clone()
    od = other.g.zones[other.m.zone_index("deck")]
    od[i], od[j] = od[j], od[i]
    for seat in range(game.players):
        assert other.view(seat) == game.view(seat)
        assert other.log_for(seat) == game.log_for(seat)
        assert "seed" not in game.log_for(seat)[0]
