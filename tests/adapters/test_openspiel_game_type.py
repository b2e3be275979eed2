"""OpenSpiel's game type says what the rules are: a public board with no chance (tic-tac-toe,
Othello, Nim) is PERFECT_INFORMATION and DETERMINISTIC, so OpenSpiel's minimax takes it;
public dice (pig) are perfect information with chance; a hidden card (Kuhn poker) is neither.
Each way the rules can hide something (a hidden or owner zone, `others_see`, a simultaneous
step) or make chance (`shuffle`, `roll`, `pick`) changes the type (docs/adapters.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
import playa_rules.openspiel  # noqa: E402,F401  (registers the game)

GAMES = Path(__file__).resolve().parents[1] / "games"
KIND = pyspiel.GameType
PERFECT, IMPERFECT = KIND.Information.PERFECT_INFORMATION, KIND.Information.IMPERFECT_INFORMATION
DETERMINISTIC, STOCHASTIC = KIND.ChanceMode.DETERMINISTIC, KIND.ChanceMode.EXPLICIT_STOCHASTIC


def game_type(rules):
    t = pyspiel.load_game("playa_rules", {"rules": str(rules)}).get_type()
    return t.information, t.chance_mode


@pytest.mark.parametrize(
    ("name", "information", "chance"),
    [
        ("tic-tac-toe", PERFECT, DETERMINISTIC),
        ("connect-four", PERFECT, DETERMINISTIC),
        ("nim", PERFECT, DETERMINISTIC),
        ("pig", PERFECT, STOCHASTIC),
        ("kuhn-poker", IMPERFECT, STOCHASTIC),
        ("dark-hex", IMPERFECT, DETERMINISTIC),  # others_see: turn, no chance
        ("goofspiel", IMPERFECT, STOCHASTIC),  # simultaneous bids, a shuffled prize deck
    ],
)
def test_each_test_game_declares_its_information_and_chance(name, information, chance):
    assert game_type(GAMES / f"{name}.yaml") == (information, chance)


def test_a_bundled_card_game_is_imperfect_and_stochastic():
    t = pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "players": 3}).get_type()
    assert (t.information, t.chance_mode) == (IMPERFECT, STOCHASTIC)


def test_minimax_solves_a_small_nim_as_a_perfect_information_deterministic_game(tmp_path):
    from open_spiel.python.algorithms import minimax

    path = changed(tmp_path, "nim", "start_heaps: [3, 4, 5]", "start_heaps: [1, 2, 2]")
    game = pyspiel.load_game("playa_rules", {"rules": str(path)})
    value, action = minimax.alpha_beta_search(game, maximizing_player_id=0)
    # misère Nim 1-2-2: take the single object, leaving 2-2, and the second player loses
    assert value == 1.0
    assert game.new_initial_state().action_to_string(0, action) == "take 1 from heap 0"


def changed(tmp_path, name: str, old: str, new: str) -> Path:
    text = (GAMES / f"{name}.yaml").read_text()
    assert old in text
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace(old, new))
    return path


def test_a_hidden_zone_makes_tic_tac_toe_imperfect(tmp_path):
    path = changed(tmp_path, "tic-tac-toe", "board: {visibility: public", "board: {visibility: hidden")
    assert game_type(path) == (IMPERFECT, DETERMINISTIC)


def test_a_move_the_others_do_not_see_makes_it_imperfect(tmp_path):
    path = changed(
        tmp_path,
        "tic-tac-toe",
        '    text: "place #{cell}"\n',
        '    text: "place #{cell}"\n    others_see: turn\n',
    )
    assert game_type(path) == (IMPERFECT, DETERMINISTIC)


def test_a_random_start_makes_nim_stochastic_but_the_word_roll_in_prose_does_not(tmp_path):
    path = changed(
        tmp_path,
        "nim",
        "setup: |\n  set hand.heaps = start_heaps\n",
        "setup: |\n  set hand.heaps = start_heaps\n  pick hand.first from seats\n",
    )
    path.write_text(
        path.read_text().replace(
            "variables:\n  hand: {heaps: []}", "variables:\n  hand: {heaps: [], first: 0}"
        )
    )
    assert game_type(path) == (PERFECT, STOCHASTIC)
    prose = changed(
        tmp_path, "nim", "rule: On your turn take", "rule: No dice to roll or cards to shuffle; take"
    )
    assert game_type(prose) == (PERFECT, DETERMINISTIC)
