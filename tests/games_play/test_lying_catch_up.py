"""Lying Pirates' catch-up, as the rulebook writes it: "If two or more players are in last
place, they may collectively choose to sacrifice Crew Dice to move forward. Each player must
sacrifice one die per tile, and they may only move forward together. (If any one player
refuses, no sacrifices may be made and no movement happens.)" The players in last place
decide at once and in secret (ruling catch_up_decision: together, a simultaneous step); the
earlier encoding, each in turn and in public, is the alternative in_turn and plays exactly
as the game did before (its digests from tests/digests/play.json are kept here)."""

from __future__ import annotations

from pathlib import Path

from lying_scenario import captain, jump, new, phase, var, zone
from play_digests import digest

import playa_rules as pr

IN_TURN = {
    (2, 0): "0de26288250c34f4",
    (2, 1): "421acf89b19c6542",
    (3, 0): "823c86d83ddad442",
    (3, 1): "9454863dce16e6eb",
    (4, 0): "b31df217baaff03d",
    (4, 1): "db4de996b8ab1deb",
    (5, 0): "70d8118156562f59",
    (5, 1): "2cb8d788f5b294cf",
    (6, 0): "39390dca2a9a55ce",
    (6, 1): "e7f20532e4de5c56",
}


def _behind(game, *pos):
    for s, p in enumerate(pos):
        game.g.cvars["pos"][captain(game, s)] = p


def test_the_players_in_last_place_choose_at_once_and_in_secret():
    game = new(3, seed=14)
    _behind(game, 2, 2, 5)
    jump(game, "catch_up_vote")
    assert game.acting == (0, 1)  # both in last place, asked together
    game.apply("sacrifice 3", seat=0)
    assert game.log_for(1)[-1] == {"event": "chose", "seat": 0}  # that Anne chose, not what
    assert "choices" not in game.view(1)["simultaneous"]
    assert [a["text"] for a in game.view(1)["legal_actions"]] == ["sacrifice 3", "refuse"]
    game.apply("sacrifice 3", seat=1)
    assert [var(game, captain(game, s), "pos") for s in range(3)] == [5, 5, 5]
    assert [len(zone(game, "cup", seat=s)) for s in range(3)] == [2, 2, 5]
    assert phase(game) == "betting"


def test_if_any_one_refuses_nobody_moves_whoever_chose_first():
    game = new(3, seed=14)
    _behind(game, 2, 2, 5)
    jump(game, "catch_up_vote")
    game.apply_joint({0: "refuse", 1: "sacrifice 3"})
    assert [var(game, captain(game, s), "pos") for s in range(3)] == [2, 2, 5]
    assert [len(zone(game, "cup", seat=s)) for s in range(3)] == [5, 5, 5]


def test_the_in_turn_alternative_plays_as_the_game_did_before():
    """Each in turn and in public: the committed digests of random play from before the
    catch-up became simultaneous, every player count, two seeds each (taken again when the
    narrated texts agreed their nouns with their numbers: the same play, '1 tile' for '1 tiles')."""
    rules = pr.load(
        "lying-pirates", variants=[str(Path(__file__).parent.parent / "variants" / "catch-up-in-turn.yaml")]
    )
    assert {(n, seed): digest(rules, n, seed) for n, seed in IN_TURN} == IN_TURN
    game = rules.new_game(3, seed=14)
    _behind(game, 2, 2, 5)
    jump(game, "catch_up_vote")
    assert game.acting == (0,) and game.g.sim is None  # one at a time: seat 1 hears seat 0's answer
