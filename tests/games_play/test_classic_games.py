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

import pytest
from sizes import parts

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

from openspiel_compare import GAMES, by_winners, chance_text, compare, our_roll  # noqa: E402


def _blackjack_move(state, text: str) -> int:
    return {"Hit": 0, "Stand": 1}[text]


@pytest.mark.parametrize("seeds", parts(2000, quick=500))
def test_blackjack_agrees_with_openspiel_move_by_move(seeds):
    """2,000 seeded games (about 2,800 decisions and 10,500 cards dealt), the first 500 in
    every run: 0 mismatches."""
    totals = {"decisions": 0, "chance": 0}
    for seed in seeds:
        seen = compare("blackjack", GAMES / "blackjack.yaml", seed, _blackjack_move, chance_text)
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
        compare("blackjack", path, seed, _blackjack_move, chance_text)["mismatches"] for seed in range(300)
    ]
    assert any(found)


def _hex_move(state, text: str) -> int:
    return int(text.split("#")[1])  # "place #7": the cell, row by row, as OpenSpiel numbers it


def test_hex_agrees_with_openspiel_move_by_move():
    """1,000 seeded games on the 5 x 5 board: 0 mismatches."""
    decisions = 0
    for seed in range(1000):
        seen = compare("hex(board_size=5)", GAMES / "hex.yaml", seed, _hex_move, result=by_winners)
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    assert decisions > 10 * 1000


def test_a_square_board_is_told_apart_from_hex(tmp_path):
    """The comparison finds a rule that differs: chains joined orthogonally, not six ways."""
    path = tmp_path / "square.yaml"
    path.write_text((GAMES / "hex.yaml").read_text(encoding="utf-8").replace("'hex')", "'orthogonal')"))
    found = [
        compare("hex(board_size=5)", path, seed, _hex_move, result=by_winners)["mismatches"]
        for seed in range(50)
    ]
    assert any(found)


def test_kalah_agrees_with_openspiel_move_by_move():
    """1,000 seeded games (about 44,000 decisions): 0 mismatches."""
    decisions = 0
    for seed in range(1000):
        seen = compare("mancala", GAMES / "kalah.yaml", seed, _hex_move, result=by_winners)
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
        compare("mancala", path, seed, _hex_move, result=by_winners)["mismatches"] for seed in range(20)
    )


def _pig_move(state, text: str) -> int:
    return {"roll": 0, "stop": 1}[text]


def test_pig_agrees_with_openspiel_move_by_move():
    """1,000 seeded races to 20 points: 0 mismatches."""
    decisions = 0
    for seed in range(1000):
        seen = compare(
            "pig(winscore=20)", GAMES / "pig.yaml", seed, _pig_move, chance_text, by_winners, our_roll
        )
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    assert decisions > 10 * 1000
