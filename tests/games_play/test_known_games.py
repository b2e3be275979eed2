"""Games people know, written from the docs and compared with OpenSpiel's implementations
move by move over seeded games with the harness of tests/openspiel_compare.py: at every
decision the same player and the same legal moves, at every chance event the same outcomes
with the same odds, and the same returns at the end. A short run of each is in the quick
suite; the long runs (thousands of games) are marked ``slow``.

- dark hex (tests/games/dark-hex.yaml): Hex where a player sees only their own stones;
  a move others learn nothing of (``others_see: nothing``), a board per player for what
  each has seen, the turn kept (a repeated step) after running into a hidden stone;
  OpenSpiel's ``dark_hex`` (classical, reveal-nothing) on 3 x 3 and 4 x 4 boards;
- Y (tests/games/y.yaml): a triangle of hexagons made one row per item line, the chain
  joining all three sides found with ``connected(..., 'hex')``;
- Nine Men's Morris (tests/games/nine-mens-morris.yaml): a board given as data, each
  point naming its neighbours and which way each lies; mills found with ``line`` along
  those directions, the capture a step of the turn played only after a mill;
- Liar's Dice (tests/games/liars-dice.yaml): dice rolled in secret (chance events
  mapped to OpenSpiel's rolls), bids as two numbers, the call settled with wild sixes;
- Hearts (tests/games/hearts.yaml): a trick-taking game; a deal of 52 chance events,
  following suit, the winner leading the next trick (a phase repeated from a variable
  seat), shooting the moon in the scoring;
- Leduc poker (tests/games/leduc-poker.yaml): two betting rounds, each a phase whose turns
  go round until the bets are settled, a public card turned up between them, the pot
  settled in the scoring (chips won or lost, OpenSpiel's returns)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

from openspiel_compare import GAMES, by_winners, chance_text, compare, our_roll  # noqa: E402


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
        seen = compare(name, path, seed, move, **kw)
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    return decisions


def test_dark_hex_agrees_with_openspiel_move_by_move(tmp_path):
    """300 seeded games on the 3 x 3 board (about 3,000 decisions): 0 mismatches."""
    assert _agree("dark_hex", _dark_hex(tmp_path, 3), range(300), _cell, result=by_winners) > 2500


@pytest.mark.slow
@pytest.mark.parametrize("size", [3, 4])
def test_dark_hex_agrees_with_openspiel_over_thousands_of_games(tmp_path, size):
    """5,000 seeded games on each board: 0 mismatches."""
    name = f"dark_hex(num_rows={size},num_cols={size})"
    assert _agree(name, _dark_hex(tmp_path, size), range(5000), _cell, result=by_winners) > 5000 * size * 2


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
    found = [compare("dark_hex", path, seed, _cell, result=by_winners)["mismatches"] for seed in range(50)]
    assert any(found)
    assert all(
        compare("dark_hex(gameversion=adh)", path, seed, _cell, result=by_winners)["mismatches"] == []
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


def _y_cell(state, text: str) -> int:
    row, col = text.split(" ")[1].split(",")  # "place 2,1": OpenSpiel numbers a cell col + row x size
    return int(col) + int(row) * 5


def test_y_agrees_with_openspiel_move_by_move():
    """300 seeded games on the triangle of side 5: 0 mismatches."""
    assert _agree("y(board_size=5)", GAMES / "y.yaml", range(300), _y_cell, result=by_winners) > 300 * 7


@pytest.mark.slow
def test_y_agrees_with_openspiel_over_thousands_of_games():
    """5,000 seeded games: 0 mismatches."""
    assert _agree("y(board_size=5)", GAMES / "y.yaml", range(5000), _y_cell, result=by_winners) > 5000 * 7


def test_a_y_won_by_two_sides_is_told_apart(tmp_path):
    """The comparison finds a rule that differs: a chain joining only two of the sides."""
    path = tmp_path / "two-sides.yaml"
    path.write_text(
        (GAMES / "y.yaml")
        .read_text(encoding="utf-8")
        .replace("\n    and any(x.row + x.col", "\n    or any(x.row + x.col"),
        encoding="utf-8",
    )
    assert any(
        compare("y(board_size=5)", path, s, _y_cell, result=by_winners)["mismatches"] for s in range(50)
    )


MORRIS_POINTS = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()


def _morris_move(state, text: str) -> int:
    """OpenSpiel numbers the points row by row from the top (a7 is 0, g1 is 23): placing and
    removing are the point, a move from s to d is 24 + s x 24 + d."""
    words = text.split()
    if words[0] == "move":
        return 24 + MORRIS_POINTS.index(words[1]) * 24 + MORRIS_POINTS.index(words[3])
    return MORRIS_POINTS.index(words[1])


def test_nine_mens_morris_agrees_with_openspiel_move_by_move():
    """30 seeded games (about 5,000 decisions): 0 mismatches."""
    path = GAMES / "nine-mens-morris.yaml"
    assert _agree("nine_mens_morris", path, range(30), _morris_move, result=by_winners) > 30 * 100


@pytest.mark.slow
def test_nine_mens_morris_agrees_with_openspiel_over_thousands_of_games():
    """2,000 seeded games (about 320,000 decisions): 0 mismatches."""
    path = GAMES / "nine-mens-morris.yaml"
    assert _agree("nine_mens_morris", path, range(2000), _morris_move, result=by_winners) > 2000 * 100


def _liars_dice_move(state, text: str) -> int:
    """A bid of q dice of face f is OpenSpiel's (q - 1) x 6 + f - 1; calling liar comes after every bid."""
    if text == "liar":
        return state.get_game().num_distinct_actions() - 1
    quantity, face = text.split(" ")[1].split("-")
    return (int(quantity) - 1) * 6 + int(face) - 1


def test_liars_dice_agrees_with_openspiel_move_by_move():
    """1,000 seeded games, each die's roll a chance event: 0 mismatches."""
    path = GAMES / "liars-dice.yaml"
    assert _agree("liars_dice", path, range(1000), _liars_dice_move, **LIARS_DICE) > 1000 * 2


LIARS_DICE = {"outcome_text": chance_text, "result": by_winners, "our_outcome": our_roll}


@pytest.mark.slow
@pytest.mark.parametrize("dice", [1, 2])
def test_liars_dice_agrees_with_openspiel_over_thousands_of_games(tmp_path, dice):
    """10,000 seeded games with one die each, 5,000 with two: 0 mismatches."""
    path = tmp_path / "liars-dice.yaml"
    text = (GAMES / "liars-dice.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("dice_each: 1", f"dice_each: {dice}"), encoding="utf-8")
    games = 10_000 // dice
    assert (
        _agree(f"liars_dice(numdice={dice})", path, range(games), _liars_dice_move, **LIARS_DICE) > games * 2
    )


def _card_played(state, text: str) -> int:
    """ "play QS": OpenSpiel numbers a card rank x 4 + suit, ranks from 2 to A, suits C D H S."""
    card = text.split(" ")[1]
    return "23456789TJQKA".index(card[0]) * 4 + "CDHS".index(card[1])


def test_hearts_agrees_with_openspiel_move_by_move():
    """100 seeded deals (5,200 cards dealt, 5,200 cards played): 0 mismatches."""
    path = GAMES / "hearts.yaml"
    assert (
        _agree("hearts(pass_cards=false)", path, range(100), _card_played, outcome_text=chance_text) == 5200
    )


@pytest.mark.slow
def test_hearts_agrees_with_openspiel_over_thousands_of_deals():
    """2,000 seeded deals: 0 mismatches."""
    path = GAMES / "hearts.yaml"
    kw = {"outcome_text": chance_text}
    assert _agree("hearts(pass_cards=false)", path, range(2000), _card_played, **kw) == 2000 * 52


def test_hearts_led_before_they_are_broken_is_told_apart(tmp_path):
    """The comparison finds a rule left out: hearts led before a heart or the queen of spades is played."""
    path = tmp_path / "hearts.yaml"
    text = (GAMES / "hearts.yaml").read_text(encoding="utf-8")
    start = text.index("      hearts_not_led_until_broken:")
    path.write_text(text[:start] + text[text.index("    effect:", start) :], encoding="utf-8")
    found = [
        compare("hearts(pass_cards=false)", path, s, _card_played, chance_text)["mismatches"]
        for s in range(20)
    ]
    assert any(found)


def _leduc_move(state, text: str) -> int:
    return {"fold": 0, "call": 1, "raise": 2}[text]


def _leduc_card_theirs(state, action: int) -> str:
    return str(action)  # OpenSpiel deals card 0-5: J1 J2 Q1 Q2 K1 K2


def _leduc_card_ours(text: str) -> str:
    card = text.split(" from ")[0]  # "Q2 from deck"
    return str("JQK".index(card[0]) * 2 + int(card[1]) - 1)


LEDUC = {"outcome_text": _leduc_card_theirs, "our_outcome": _leduc_card_ours}


def test_leduc_poker_agrees_with_openspiel_move_by_move():
    """2,000 seeded deals, returns the chips won or lost: 0 mismatches."""
    path = GAMES / "leduc-poker.yaml"
    assert _agree("leduc_poker", path, range(2000), _leduc_move, **LEDUC) > 2000 * 2


@pytest.mark.slow
def test_leduc_poker_agrees_with_openspiel_over_thousands_of_deals():
    """20,000 seeded deals: 0 mismatches."""
    path = GAMES / "leduc-poker.yaml"
    assert _agree("leduc_poker", path, range(20_000), _leduc_move, **LEDUC) > 20_000 * 2


def test_a_leduc_poker_with_one_raise_a_round_is_told_apart(tmp_path):
    path = tmp_path / "leduc.yaml"
    text = (GAMES / "leduc-poker.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("most_raises: 2", "most_raises: 1"), encoding="utf-8")
    assert any(compare("leduc_poker", path, s, _leduc_move, **LEDUC)["mismatches"] for s in range(100))
