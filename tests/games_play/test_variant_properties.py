"""Property tests for the bundled variants: random legal play of whole matches with the
special cards (alone and with the short games), for seeds and 2-4 players.

After every action: every component is in exactly one zone, the views show only faces
their seat knows (the checks of tests/view_checks.py), the log as a seat saw it names no
face it did not know; matches end, and replay identically from their seed and actions.
"""

from __future__ import annotations

import json

from hypothesis import strategies as st
from sizes import property_test
from view_checks import check_views

import playa_rules as pr

COMBOS = [["special-cards"], ["special-cards", "short-game-two-hands"]]


def check_components(game) -> None:
    g, m = game.g, game.m
    seen = {}
    for zi, comps in enumerate(g.zones):
        for c in comps:
            assert c not in seen and g.loc[c] == zi
            seen[c] = zi
    for c in range(m.component_count):
        absent = m.owner[c] is not None and m.owner[c] >= g.n
        assert (c in seen) is not absent, m.labels[c]
    specials = [c for c in range(m.component_count) if m.ctype[c] == "special"]
    assert len(specials) == 10 and all(c in seen for c in specials)
    assert len(seen) == 15 + 15 * g.n + 10


@property_test(
    quick=8,
    full=24,
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.sampled_from([2, 3, 4]),
    combo=st.sampled_from(COMBOS),
    rnd=st.randoms(use_true_random=False),
)
def test_special_card_games_end_conserve_cards_and_views_leak_nothing(seed, players, combo, rnd):
    rules = pr.load("playa-pirata", variants=combo)
    game = rules.new_game(players=players, seed=seed)
    played = []
    for _ in range(3000):
        if game.is_over:
            break
        check_components(game)
        check_views(game)
        legal = game.legal_actions()
        action = legal[rnd.randrange(len(legal))]
        played.append(str(action))
        game.apply(action)
    assert game.is_over
    check_components(game)
    # the same seed and the same action texts give the same match
    again = rules.new_game(players=players, seed=seed)
    for text in played:
        again.apply(text)
    assert json.dumps(again.log) == json.dumps(game.log)
    # a seat's log never names a special card it did not know when it was played or kept
    m = game.m
    names = set(m.props["name"][c] for c in range(m.component_count) if m.ctype[c] == "special")
    for seat in range(players):
        for event in game.log_for(seat):
            if event["event"] == "action" and event["seat"] != seat and event["action"].startswith("keep "):
                assert event["action"].split(" ", 1)[1] not in names or "id" in event
