"""A match that ends when someone reaches a goal (``match.end_when``) counts its hands up to a
bound, not to a known end: the output says "hand 1 (at most 50)" and how the match ends, never
"Hand 1 of 50" as if fifty hands were to be played."""

from __future__ import annotations

from pathlib import Path

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.render.progress import end_condition, hand_heading, hand_progress
from playa_rules.render.screen import Screen

CASES = Path(__file__).resolve().parents[1] / "cases"

# Everyone scores 2 points a hand; the match ends once someone has 10 (after hand 5), or after
# 50 hands at the latest.
FIRST_TO_TEN = (
    (CASES / "semantic" / "unknown-prose-field.yaml")
    .read_text(encoding="utf-8")
    .replace('rule: "Each of the {delt} cards you kept scores its value."', "rule: Two points a hand.")
    .replace('points: "sum(c.value for c in me.hand)"', "points: 2")
) + "match:\n  hands: 50\n  end_when: sum(me.hand_scores) >= 10\n"


def _first_to_ten(tmp_path) -> Path:
    path = tmp_path / "first-to-ten.yaml"
    path.write_text(FIRST_TO_TEN, encoding="utf-8")
    return path


def test_play_says_the_match_ends_at_the_goal_not_after_fifty_hands(tmp_path, capsys):
    code = main(["play", str(_first_to_ten(tmp_path)), "--players", "2", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0
    assert "of 50" not in out
    assert (
        "Hand 1 (seat 0 starts); the match ends after the hand in which `sum(me.hand_scores) >= 10` "
        "holds, at the latest after hand 50" in out
    )
    assert "\nHand 2 (seat 1 starts)\n" in out  # the next hands: only their number
    assert "\nHand 5 (seat 0 starts)\n" in out and "Hand 6" not in out


def test_the_screen_header_says_at_most_fifty(tmp_path):
    rules = pr.load(_first_to_ten(tmp_path))
    game = rules.new_game(2, seed=1)
    screen = Screen(rules.spec.get("display"), ends_early=end_condition(rules.spec) is not None)
    header = screen.text(game.view(0), 100).splitlines()[0]
    assert header.startswith("seat 0 to play · hand 1 (at most 50) · ")


def test_a_match_of_a_known_number_of_hands_still_says_hand_1_of_2(capsys):
    assert main(["play", "playa-pirata", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "\nHand 1 of 2 (seat 0 starts)\n" in out and "\nHand 2 of 2 (seat 1 starts)\n" in out
    assert end_condition(pr.load("playa-pirata").spec) is None
    assert hand_progress(1, 2, ends_early=False) == "hand 1 of 2"


def test_one_hand_is_one_hand_whatever_ends_it():
    assert hand_heading(1, 1, "seat 0", "count(deck) == 0") == "Hand 1 of 1 (seat 0 starts)"
    assert hand_progress(1, 1, ends_early=True) == "hand 1 of 1"
