"""The harness that compares a game of tests/games/ with OpenSpiel's implementation of it,
move by move over one seeded game (tests/games_play/test_classic_games.py and
test_known_games.py): at every decision the same player and the same legal moves, at every
chance event the same outcomes with the same odds (ours mapped to OpenSpiel's by their
text), and the same returns at the end."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

import playa_rules as pr

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

GAMES = Path(__file__).resolve().parent / "games"


def by_scores(game, returns) -> bool:
    """Returns are the scores (blackjack: +1, 0, -1)."""
    return [float(s) for s in game.scores()] == returns


def by_winners(game, returns) -> bool:
    """Returns +1 to the winner and -1 to the other, or 0 to both for a draw (where our
    seats tie: all lead, or none wins)."""
    best = max(returns)
    if min(returns) == best:
        return game.winners() in ([], list(range(len(returns))))
    return game.winners() == [s for s, r in enumerate(returns) if r == best]


def drawn(text: str) -> str:
    """Our outcome's text as OpenSpiel writes it: the card drawn ('CA from deck': 'CA')."""
    return text.split(" from ")[0]


def compare(
    name: str, path: Path, seed: int, ours_to_theirs, outcome_text=None, result=by_scores, our_outcome=drawn
) -> dict:
    """Play one seeded game in both at once; the kinds of mismatch seen (empty: none) and the
    decisions and chance events compared."""
    rules = pr.load(path)
    state = pyspiel.load_game(name).new_initial_state()
    game = rules.new_game(state.num_players(), seed=seed, chance="explicit")
    rng = random.Random(seed)
    seen = {"decisions": 0, "chance": 0, "mismatches": []}
    while not state.is_terminal():
        if game.is_over:
            seen["mismatches"].append("ours ended first")
            return seen
        if state.is_chance_node() and len(state.legal_actions()) == 1:
            state.apply_action(state.legal_actions()[0])  # decides nothing (docs/patterns.md)
            continue
        if state.is_chance_node():
            theirs = {
                outcome_text(state, a): (a, Fraction(p).limit_denominator(10**6))
                for a, p in state.chance_outcomes()
            }
            if not game.is_chance:
                seen["mismatches"].append("no chance event in ours")
                return seen
            ours = {our_outcome(str(o)): (o, p) for o, p in game.chance_outcomes()}
            if {k: v[1] for k, v in theirs.items()} != {k: v[1] for k, v in ours.items()}:
                seen["mismatches"].append("chance outcomes")
                return seen
            pick = rng.choice(sorted(theirs))
            state.apply_action(theirs[pick][0])
            game.apply(ours[pick][0])
            seen["chance"] += 1
            continue
        if game.is_chance:
            seen["mismatches"].append("a chance event only in ours")
            return seen
        if game.current_player != state.current_player():
            seen["mismatches"].append("player")
            return seen
        ours = {ours_to_theirs(state, str(a)): a for a in game.legal_actions()}
        if sorted(ours) != sorted(state.legal_actions()):
            seen["mismatches"].append("legal moves")
            return seen
        move = rng.choice(sorted(ours))
        state.apply_action(move)
        game.apply(ours[move])
        seen["decisions"] += 1
    if not game.is_over:
        seen["mismatches"].append("theirs ended first")
    elif not result(game, state.returns()):
        seen["mismatches"].append("returns")
    return seen


def chance_text(state, action: int) -> str:
    """OpenSpiel's text of a chance outcome ("CA", "Roll 3")."""
    return state.action_to_string(pyspiel.PlayerId.CHANCE, action)


def our_roll(text: str) -> str:
    """Our roll's text as OpenSpiel writes it ("d6 shows 3": "Roll 3")."""
    return "Roll " + text.split(" shows ")[1]
