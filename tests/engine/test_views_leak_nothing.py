"""A seat learns nothing from its view and its log that it could not see: not from which of two
identical cards it holds (their ids), not from the probability of a card it drew (engine/view.py,
engine/chance.py ``odds_known``).

The outside tester's case: two Playa Pirata deals in which seat 0 gets the same cards, seat 1
the same cards in another order. Seat 0 cannot tell the deals apart, so its view, its log and
its OpenSpiel information state must be the same in both."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import playa_rules as pr

sys.path.insert(0, str(Path(__file__).parent.parent))
from unseen import swapped  # noqa: E402

# the deal, card by card from the top of the shuffled supply: seat 0, seat 1, ..., then the beach
DEAL_A = ["6", "7", "3 (treasure)", "3 (treasure)", "4", "4", "5", "5", "6", "7", "towel"]
DEAL_B = ["6", "3 (treasure)", "3 (treasure)", "7", "4", "4", "5", "5", "6", "7", "towel"]


def _dealt(cards: list):
    game = pr.load("playa-pirata").new_game(players=2, chance="explicit")
    for card in cards:
        game.apply(f"{card} from supply")
    return game


def test_a_seat_cannot_tell_two_deals_that_differ_only_in_the_other_seats_order():
    """Seat 0 holds 6, 3, 4, 5, 6 in both deals; seat 1 got its 7 before or after its 3. In deal A
    seat 0's 3 came while both 3s were in the supply (2 chances in 13), in deal B after seat 1
    took the other (1 in 13): the full log says so, seat 0's log does not. And the 3 it holds is
    the first copy in deal A, the second in deal B: its view shows the same id for both."""
    a, b = _dealt(DEAL_A), _dealt(DEAL_B)
    assert a.view(None) != b.view(None)  # the deals differ
    third = (
        [ev for ev in a.log if ev["event"] == "chance"][2],
        [ev for ev in b.log if ev["event"] == "chance"][2],
    )
    assert [ev["probability"] for ev in third] == ["2/13", "1/13"]  # the full log keeps them

    assert a.view(0) == b.view(0)
    assert a.log_for(0) == b.log_for(0)
    drawn = [ev for ev in a.log_for(0) if ev["event"] == "chance" and "id" in ev]
    assert [ev["outcome"] for ev in drawn] == [
        f"{c} from supply" for c in ("6", "3 (treasure)", "4", "5", "6")
    ]
    # the first card came from the untouched supply, 2 sixes in 15: seat 0 could tell that one
    assert drawn[0]["probability"] == "2/15"
    assert all("probability" not in ev for ev in drawn[1:])


def test_the_deals_still_replay_from_their_full_logs():
    """pr.replay checks every probability of the full log, and takes a log without them."""
    rules = pr.load("playa-pirata")
    for cards in (DEAL_A, DEAL_B):
        game = _dealt(cards)
        assert pr.replay(rules, game.log).view(None) == game.view(None)
        stripped = [{k: v for k, v in ev.items() if k != "probability"} for ev in game.log]
        assert pr.replay(rules, stripped).view(None) == game.view(None)


def test_the_openspiel_information_state_is_the_same_for_both_deals():
    pyspiel = pytest.importorskip("pyspiel")
    import playa_rules.openspiel  # noqa: F401  (registers the game)

    for kind in ("compact", "json"):
        game = pyspiel.load_game(
            "playa_rules", {"rules": "playa-pirata", "players": 2, "information_state": kind}
        )
        states = []
        for cards in (DEAL_A, DEAL_B):
            state = game.new_initial_state()
            for card in cards:
                named = {
                    state.action_to_string(pyspiel.PlayerId.CHANCE, o): o for o, _ in state.chance_outcomes()
                }
                state.apply_action(named[f"{card} from supply"])
            states.append(state)
        a, b = states
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.observation_string(0) == b.observation_string(0)
        assert a.information_state_string(1) != b.information_state_string(1)  # seat 1 can tell


@settings(max_examples=25, deadline=None)
@given(
    order=st.permutations(range(15)), i=st.sampled_from([1, 3, 5, 7, 9]), j=st.sampled_from([1, 3, 5, 7, 9])
)
def test_any_two_cards_of_seat_1_dealt_in_the_other_order_look_the_same_to_seat_0(order, i, j):
    """Any order of the 15 treasures of a two-player supply: cards 1, 3, ..., 9 go to seat 1.
    Exchanging two of them changes nothing seat 0 sees."""
    labels = _supply_outcomes()
    cards = [labels[k] for k in order]
    other = list(cards)
    other[i], other[j] = other[j], other[i]
    a, b = _dealt(cards[:11]), _dealt(other[:11])
    assert a.view(0) == b.view(0)
    assert a.log_for(0) == b.log_for(0)


def _supply_outcomes() -> list:
    """The outcome text of each treasure of the supply (a two-player game)."""
    game = pr.load("playa-pirata").new_game(players=2, chance="explicit")
    m, g = game.m, game.g
    texts = {o.id: o.text.removesuffix(" from supply") for o, _ in game.chance_outcomes()}
    return [texts[m.face[c]] for c in g.zones[g.loc[m.type_members["treasure"][0]]]]


def _copy_pairs(game):
    """Pairs of identical copies (the same face and label) in different places."""
    m, g = game.m, game.g
    for a in range(m.component_count):
        for b in range(a + 1, m.component_count):
            if (m.face[a], m.labels[a]) == (m.face[b], m.labels[b]) and g.loc[a] >= 0 and g.loc[b] >= 0:
                if (g.loc[a], g.zones[g.loc[a]].index(a)) != (g.loc[b], g.zones[g.loc[b]].index(b)):
                    yield a, b


@pytest.mark.parametrize("name", pr.games())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_exchanging_two_identical_copies_changes_no_seats_view(name, seed, steps):
    """A random position of a bundled game, two copies of one card exchanged (their places and
    all that goes with them): no seat can tell, so every seat's view is the same."""
    rules = pr.load(name)
    rng = random.Random(seed)
    game = rules.new_game(rules.player_counts[0], seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assume(not game.is_over)  # (a position to act in: the copy recomputes its legal actions)
    pairs = list(_copy_pairs(game))
    for a, b in rng.sample(pairs, min(3, len(pairs))):
        other = swapped(game, a, b)
        assert other.view(None) != game.view(None)
        for seat in range(game.players):
            assert other.view(seat) == game.view(seat)
