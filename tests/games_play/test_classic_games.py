"""Classic games written from the docs, compared with OpenSpiel's own implementations move by
move over seeded games: at every decision the same player and the same legal moves, at every
chance event the same outcomes with the same odds (ours mapped to OpenSpiel's by their text),
and the same returns at the end. Mismatches are counted and must be zero.

- blackjack (tests/games/blackjack.yaml): the dealer's "draw while under 17" is a bounded
  ``while``, drawing a card a procedure, the cards made with ``pairs``;
- hex on a 5 x 5 board (tests/games/hex.yaml): a hex board's six neighbours and the chain
  joining two sides with ``connected(..., 'hex')``;
- kalah, OpenSpiel's mancala (tests/games/kalah.yaml): sowing is a ``while`` over a
  ``let`` counting the seeds left, the pits made with ``pairs``, "store the rest" a
  procedure, the extra turn a repeated step ended unless the last seed is stored;
- pig, the dice race (tests/games/pig.yaml): a die rolled as a chance event, the turn kept
  by a repeated step, a roll read once with a ``let``."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from sizes import parts

import playa_rules as pr

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

GAMES = Path(__file__).resolve().parent.parent / "games"


def _by_scores(game, returns) -> bool:
    """Returns are the scores (blackjack: +1, 0, -1)."""
    return [float(s) for s in game.scores()] == returns


def _by_winners(game, returns) -> bool:
    """Returns +1 to the winner and -1 to the other, or 0 to both for a draw (where our
    seats tie: all lead, or none wins)."""
    best = max(returns)
    if min(returns) == best:
        return game.winners() in ([], list(range(len(returns))))
    return game.winners() == [s for s, r in enumerate(returns) if r == best]


def _drawn(text: str) -> str:
    """Our outcome's text as OpenSpiel writes it: the card drawn ('CA from deck': 'CA')."""
    return text.split(" from ")[0]


def _compare(
    name: str, path: Path, seed: int, ours_to_theirs, outcome_text=None, result=_by_scores, our_outcome=_drawn
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


def _blackjack_move(state, text: str) -> int:
    return {"Hit": 0, "Stand": 1}[text]


def _blackjack_card(state, action: int) -> str:
    return state.action_to_string(pyspiel.PlayerId.CHANCE, action)


@pytest.mark.parametrize("seeds", parts(2000, quick=500))
def test_blackjack_agrees_with_openspiel_move_by_move(seeds):
    """2,000 seeded games (about 2,800 decisions and 10,500 cards dealt), the first 500 in
    every run: 0 mismatches."""
    totals = {"decisions": 0, "chance": 0}
    for seed in seeds:
        seen = _compare("blackjack", GAMES / "blackjack.yaml", seed, _blackjack_move, _blackjack_card)
        assert seen["mismatches"] == [], (seed, seen)
        totals["decisions"] += seen["decisions"]
        totals["chance"] += seen["chance"]
    assert totals["decisions"] > len(seeds) and totals["chance"] > 4 * len(seeds)


def test_a_dealer_who_stands_at_16_is_told_apart_from_openspiels(tmp_path):
    """The comparison finds a rule that differs: the dealer standing at 16, not 17."""
    path = tmp_path / "blackjack-16.yaml"
    path.write_text(
        (GAMES / "blackjack.yaml").read_text(encoding="utf-8").replace("stand_at: 17", "stand_at: 16")
    )
    found = [
        _compare("blackjack", path, seed, _blackjack_move, _blackjack_card)["mismatches"]
        for seed in range(300)
    ]
    assert any(found)


def _hex_move(state, text: str) -> int:
    return int(text.split("#")[1])  # "place #7": the cell, row by row, as OpenSpiel numbers it


def test_hex_agrees_with_openspiel_move_by_move():
    """1,000 seeded games on the 5 x 5 board: 0 mismatches."""
    decisions = 0
    for seed in range(1000):
        seen = _compare("hex(board_size=5)", GAMES / "hex.yaml", seed, _hex_move, result=_by_winners)
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    assert decisions > 10 * 1000


def test_a_square_board_is_told_apart_from_hex(tmp_path):
    """The comparison finds a rule that differs: chains joined orthogonally, not six ways."""
    path = tmp_path / "square.yaml"
    path.write_text((GAMES / "hex.yaml").read_text(encoding="utf-8").replace("'hex')", "'orthogonal')"))
    found = [
        _compare("hex(board_size=5)", path, seed, _hex_move, result=_by_winners)["mismatches"]
        for seed in range(50)
    ]
    assert any(found)


def test_kalah_agrees_with_openspiel_move_by_move():
    """1,000 seeded games (about 44,000 decisions): 0 mismatches."""
    decisions = 0
    for seed in range(1000):
        seen = _compare("mancala", GAMES / "kalah.yaml", seed, _hex_move, result=_by_winners)
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    assert decisions > 30 * 1000


def test_a_kalah_without_the_extra_turn_is_told_apart(tmp_path):
    path = tmp_path / "kalah.yaml"
    path.write_text(
        (GAMES / "kalah.yaml")
        .read_text(encoding="utf-8")
        .replace("if not last.store { end step }", "end step")
    )
    assert any(
        _compare("mancala", path, seed, _hex_move, result=_by_winners)["mismatches"] for seed in range(20)
    )


def _pig_move(state, text: str) -> int:
    return {"roll": 0, "stop": 1}[text]


def _pig_roll(state, action: int) -> str:
    return state.action_to_string(pyspiel.PlayerId.CHANCE, action)  # "Roll 3"


def _our_roll(text: str) -> str:
    return "Roll " + text.split(" shows ")[1]  # "d6 shows 3"


def test_pig_agrees_with_openspiel_move_by_move():
    """1,000 seeded races to 20 points: 0 mismatches."""
    decisions = 0
    for seed in range(1000):
        seen = _compare(
            "pig(winscore=20)", GAMES / "pig.yaml", seed, _pig_move, _pig_roll, _by_winners, _our_roll
        )
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    assert decisions > 10 * 1000
