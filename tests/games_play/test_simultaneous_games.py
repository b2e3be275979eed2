"""Goofspiel, a game of sealed simultaneous bids written from the docs
(tests/games/goofspiel.yaml), compared with OpenSpiel's own goofspiel move by move over
seeded games: at every chance event the same prize cards with the same odds (our draw of
prize N is OpenSpiel's outcome N - 1), at every simultaneous node the same seats to act
with the same legal bids each (our "bid N" is OpenSpiel's action N - 1), a random joint
bid applied to both, and the same winners at the end. Mismatches are counted and must be
zero.

OpenSpiel plays the last round by itself (one card left in every hand and in the deck);
ours asks for it like any other round, each seat with one legal bid: those forced bids
are applied, and checked to be the only legal ones."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

import playa_rules as pr

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

GOOFSPIEL = Path(__file__).resolve().parent.parent / "games" / "goofspiel.yaml"


def _value(text: str) -> int:
    """The card a text names: 'bid 7' and '7 (prize) from deck' are 7."""
    return int(text.split()[1] if text.startswith("bid ") else text.split()[0])


def _winners(returns) -> list[int]:
    best = max(returns)
    return [] if min(returns) == best else [p for p, r in enumerate(returns) if r == best]


def compare(rules, players: int, seed: int, openspiel: str = "goofspiel") -> dict:
    """Play one seeded game in both at once: the kinds of mismatch seen (empty: none) and the
    joint decisions and chance events compared."""
    state = pyspiel.load_game(openspiel, {"players": players}).new_initial_state()
    game = rules.new_game(players, seed=seed, chance="explicit")
    rng = random.Random(seed)
    seen = {"decisions": 0, "chance": 0, "forced": 0, "mismatches": []}
    while not state.is_terminal():
        if game.is_over:
            seen["mismatches"].append("ours ended first")
            return seen
        if state.is_chance_node():
            theirs = {a + 1: Fraction(p).limit_denominator(10**6) for a, p in state.chance_outcomes()}
            if not game.is_chance:
                seen["mismatches"].append("no chance event in ours")
                return seen
            ours = {_value(str(o)): (o, p) for o, p in game.chance_outcomes()}
            if theirs != {k: p for k, (o, p) in ours.items()}:
                seen["mismatches"].append("chance outcomes")
                return seen
            pick = rng.choice(sorted(theirs))
            state.apply_action(pick - 1)
            game.apply(ours[pick][0])
            seen["chance"] += 1
            continue
        if not state.is_simultaneous_node() or game.acting != tuple(range(players)):
            seen["mismatches"].append("seats to act")
            return seen
        joint, ours = [], {}
        for p in range(players):
            mine = {_value(str(a)) - 1: a for a in game.legal_actions(p)}
            if sorted(mine) != sorted(state.legal_actions(p)):
                seen["mismatches"].append("legal bids")
                return seen
            joint.append(rng.choice(sorted(mine)))
            ours[p] = mine[joint[-1]]
        state.apply_actions(joint)
        game.apply_joint(ours)
        seen["decisions"] += 1
    while not game.is_over:  # OpenSpiel played the last round itself: ours has only forced bids
        if game.is_chance or any(len(game.legal_actions(p)) != 1 for p in game.acting):
            seen["mismatches"].append("a choice left in ours")
            return seen
        game.apply_joint({p: game.legal_actions(p)[0] for p in game.acting})
        seen["forced"] += 1
    if game.winners() != _winners(state.returns()) and not (
        _winners(state.returns()) == [] and game.winners() == list(range(players))
    ):
        seen["mismatches"].append("returns")
    return seen


def _run(players: int, seeds) -> dict:
    rules = pr.load(GOOFSPIEL)
    totals = {"decisions": 0, "chance": 0, "forced": 0}
    for seed in seeds:
        seen = compare(rules, players, seed)
        assert seen["mismatches"] == [], (players, seed, seen)
        for k in totals:
            totals[k] += seen[k]
    return totals


def test_goofspiel_agrees_with_openspiel_move_by_move():
    """200 seeded games of two and 50 of three players (12 joint bids and 12 prizes
    turned up by chance in each, the 13th round forced): 0 mismatches."""
    two = _run(2, range(200))
    assert two == {"decisions": 12 * 200, "chance": 12 * 200, "forced": 200}
    three = _run(3, range(50))
    assert three["decisions"] == 12 * 50


@pytest.mark.slow
def test_goofspiel_agrees_with_openspiel_over_thousands_of_games():
    """3,000 seeded games of two players and 1,000 each of three and four: 0 mismatches
    (60,000 joint decisions and as many chance events)."""
    assert _run(2, range(3000))["decisions"] == 12 * 3000
    assert _run(3, range(1000))["decisions"] == 12 * 1000
    assert _run(4, range(1000))["decisions"] == 12 * 1000


def test_a_tie_that_splits_the_prize_is_told_apart(tmp_path):
    """The comparison finds a rule that differs: a tie for the highest bid giving the prize to
    the first tied seat instead of discarding it."""
    path = tmp_path / "goofspiel-first-wins.yaml"
    path.write_text(
        GOOFSPIEL.read_text(encoding="utf-8").replace(
            "if count(s in seats where s.bid == best) == 1 {",
            "if count(s in seats where s.bid == best) >= 1 {",
        )
    )
    rules = pr.load(path)
    assert any(compare(rules, 2, seed)["mismatches"] for seed in range(100))
