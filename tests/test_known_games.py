"""Games people know, written from the docs and compared with OpenSpiel's implementations
move by move over seeded games with the harness of tests/test_classic_games.py: at every
decision the same player and the same legal moves, at every chance event the same outcomes
with the same odds, and the same returns at the end. A short run of each is in the quick
suite; the long runs (thousands of games) are marked ``slow``.

- dark hex (tests/games/dark-hex.yaml): Hex where a player sees only their own stones;
  a move others learn nothing of (``others_see: nothing``), a board per player for what
  each has seen, the turn kept (a repeated step) after running into a hidden stone;
  OpenSpiel's ``dark_hex`` (classical, reveal-nothing) on 3 x 3 and 4 x 4 boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_classic_games import GAMES, _by_winners, _compare

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")


def _cell(state, text: str) -> int:
    return int(text.split("#")[1])  # "place #7": the cell, row by row, as OpenSpiel numbers it


def _dark_hex(tmp_path: Path, size: int) -> Path:
    """The dark hex file on a ``size`` x ``size`` board (the file plays 3 x 3)."""
    if size == 3:
        return GAMES / "dark-hex.yaml"
    lines = ", ".join(str(i) for i in range(size))
    path = tmp_path / f"dark-hex-{size}.yaml"
    path.write_text(
        (GAMES / "dark-hex.yaml")
        .read_text(encoding="utf-8")
        .replace("size: 3", f"size: {size}")
        .replace("row: [0, 1, 2], col: [0, 1, 2]", f"row: [{lines}], col: [{lines}]")
        .replace("rounds: 5", f"rounds: {(size * size + 1) // 2}"),
        encoding="utf-8",
    )
    return path


def _agree(name: str, path: Path, seeds, move, **kw) -> int:
    """The decisions compared over ``seeds``; every game must match."""
    decisions = 0
    for seed in seeds:
        seen = _compare(name, path, seed, move, **kw)
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    return decisions


def test_dark_hex_agrees_with_openspiel_move_by_move(tmp_path):
    """300 seeded games on the 3 x 3 board (about 3,000 decisions): 0 mismatches."""
    assert _agree("dark_hex", _dark_hex(tmp_path, 3), range(300), _cell, result=_by_winners) > 2500


@pytest.mark.slow
@pytest.mark.parametrize("size", [3, 4])
def test_dark_hex_agrees_with_openspiel_over_thousands_of_games(tmp_path, size):
    """5,000 seeded games on each board: 0 mismatches."""
    name = f"dark_hex(num_rows={size},num_cols={size})"
    assert _agree(name, _dark_hex(tmp_path, size), range(5000), _cell, result=_by_winners) > 5000 * size * 2


def test_a_dark_hex_where_a_hidden_stone_ends_the_turn_is_told_apart(tmp_path):
    """The comparison finds the abrupt form (OpenSpiel's gameversion adh): running into a
    stone ends the turn, so the player does not choose again."""
    path = tmp_path / "abrupt.yaml"
    path.write_text(
        (GAMES / "dark-hex.yaml")
        .read_text(encoding="utf-8")
        .replace("repeat: true", "repeat: false")
        .replace("rounds: 5", "rounds: 9"),  # a turn may now place no stone
        encoding="utf-8",
    )
    found = [_compare("dark_hex", path, seed, _cell, result=_by_winners)["mismatches"] for seed in range(50)]
    assert any(found)
    assert all(
        _compare("dark_hex(gameversion=adh)", path, seed, _cell, result=_by_winners)["mismatches"] == []
        for seed in range(200)
    )


def test_what_a_dark_hex_player_sees_is_their_own_board():
    """Seat 1 runs into seat 0's stone: it sees it on its own board and chooses again; seat
    0's log does not show seat 1's move, and seat 0's view shows nothing of seat 1's board."""
    import playa_rules as pr

    game = pr.load(GAMES / "dark-hex.yaml").new_game(2, seed=1)
    game.apply("place #4")
    game.apply("place #4")
    assert game.current_player == 1
    assert "place #4" not in [str(a) for a in game.legal_actions()]
    own = game.view(1)["seats"][1]["zones"]["own_board"]
    assert own[4]["vars"]["mark"] == 0
    assert all(c.get("hidden") for c in game.view(0)["seats"][1]["zones"]["own_board"])
    assert all(c.get("hidden") for c in game.view(0)["zones"]["board"])
    assert [e for e in game.log_for(0) if e["event"] == "action" and e["seat"] == 1] == []
