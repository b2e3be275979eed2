"""The project's hand-written Playa Pirata (benchmarks/playa_reference.py) is an honest
yardstick: over seeded random matches it offers exactly the engine's legal actions, at
every decision, to the same seat, and scores every hand as the engine does."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

import playa_rules as pr

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "playa_reference.py"
spec = importlib.util.spec_from_file_location("playa_reference", PATH)
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)


def mirror(game) -> ref.Hand:
    """The reference's hand dealt as the engine dealt this one."""
    view = game.view(None)
    dealt = [[ref.Treasure(t["kind"], t["value"]) for t in s["zones"]["treasures"]] for s in view["seats"]]
    (middle,) = view["zones"]["beach"]
    return ref.Hand(game.players, view["start_player"], dealt, ref.Treasure(middle["kind"], middle["value"]))


def agree(players: int, seed: int) -> int:
    """Play one random match with both; the decisions checked."""
    game = pr.load("playa-pirata").new_game(players, seed=seed)
    rnd = random.Random(seed)
    hand, hand_no, decisions = mirror(game), 0, 0
    while not game.is_over:
        legal = [str(a) for a in game.legal_actions()]
        assert game.current_player == hand.seat, f"decision {decisions}"
        mine = {ref.text(a): a for a in hand.legal()}
        assert sorted(legal) == sorted(mine), f"decision {decisions}"
        action = legal[rnd.randrange(len(legal))]
        game.apply(action)
        hand.apply(mine[action])
        decisions += 1
        if len(game.hand_scores) > hand_no:  # the engine scored the hand
            assert hand.over
            assert list(game.hand_scores[hand_no]) == hand.scores()
            hand_no += 1
            if not game.is_over:
                hand = mirror(game)
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_reference_offers_the_engine_s_actions_and_scores_every_hand_alike(players):
    decisions = sum(agree(players, seed) for seed in range(12))
    assert decisions > 12 * players * 20


def test_the_reference_plays_whole_hands_and_matches_by_itself():
    rng = random.Random(5)
    for players in (2, 3, 4):
        scores, actions = ref.random_hand(players, rng)
        assert len(scores) == players and actions > 0
        totals, _ = ref.random_match(players, rng)
        assert len(totals) == players
