"""A search's fast lane plays the very same game (engine.playout).

``apply_index(i)`` is ``apply(legal_actions()[i])`` without reading the list's item; a
game told ``stop_between_hands()`` waits once a hand is scored, before the next is set
up, and ``go_on()`` plays on as if it had never waited. Both are checked against the
general path on every bundled game and on test games with automata, simultaneous steps,
dice, shuffled piles and several hands.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.errors import IllegalAction

TESTS = Path(__file__).resolve().parents[1] / "games"
EXTRA = ["goofspiel", "pig", "hearts", "blackjack", "uno", "liars-dice", "shuffled-piles", "chip-relay"]
RULES = [(gid, pr.load(gid)) for gid in pr.games()] + [(gid, pr.load(TESTS / f"{gid}.yaml")) for gid in EXTRA]


def _whole(game) -> tuple:
    """Everything the game is: its log, every place, face and variable, who knows what."""
    g = game.g
    return game.log, g.zones, g.loc, g.known, g.cvars, g.pvars, g.hvars, g.mvars, g.hand_scores


@pytest.mark.parametrize("gid,rules", RULES, ids=[gid for gid, _ in RULES])
def test_applying_the_ith_legal_action_by_its_index_is_applying_that_action(gid, rules):
    players = rules.player_counts[0]
    for seed in (1, 2):
        general, fast = rules.new_game(players, seed=seed), rules.new_game(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if general.is_over:
                break
            legal = general.legal_actions()
            assert fast.legal_actions().ids() == legal.ids()
            k = rng.randrange(len(legal))
            general.apply(legal[k])
            fast.apply_index(k)
        assert _whole(fast) == _whole(general)
        assert fast.is_over == general.is_over


def test_an_index_outside_the_legal_list_is_an_illegal_action():
    game = pr.load("playa-pirata").new_game(3, seed=1)
    n = len(game.legal_actions())
    for bad in (n, -1, "0", 1.0):
        with pytest.raises(IllegalAction, match="no legal action"):
            game.apply_index(bad)


@pytest.mark.parametrize("gid,rules", RULES, ids=[gid for gid, _ in RULES])
def test_a_game_stopped_between_hands_goes_on_as_if_it_had_never_stopped(gid, rules):
    players = rules.player_counts[0]
    for seed in (3, 4):
        plain, stopping = rules.new_game(players, seed=seed), rules.new_game(players, seed=seed)
        stopping.stop_between_hands()
        rng = random.Random(seed)
        waits = 0
        for _ in range(2000):
            if plain.is_over:
                break
            hands = plain.hands_played
            k = rng.randrange(len(plain.legal_actions()))
            plain.apply_index(k)
            stopping.apply_index(k)
            if stopping.between_hands:  # the hand just scored: the same scores, nothing set up yet
                waits += 1
                assert plain.hands_played == stopping.hands_played == hands + 1
                assert stopping.hand_scores == plain.hand_scores
                assert stopping.scores() == plain.scores()
                assert not stopping.is_over and len(stopping.legal_actions()) == 0
                assert stopping.current_player is None  # nobody to act while it waits
                for seat in [None, *range(players)]:  # every view reads (no phase is under way)
                    view = stopping.view(seat)
                    assert view["current_player"] is None and view["step"] is None
                    assert "legal_actions" not in view
                    json.dumps(view)
                stopping.go_on()
                stopping.stop_between_hands()
            assert _whole(stopping) == _whole(plain)
        assert stopping.is_over == plain.is_over
        assert not stopping.between_hands
        if plain.is_over:
            assert waits == plain.hands_played - 1  # every hand but the last: that one ends the match
            assert stopping.winners() == plain.winners()


def test_a_three_hand_match_of_playa_pirata_waits_twice_and_its_clone_can_go_on():
    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=7)
    game.stop_between_hands()
    rng = random.Random(7)
    while not game.between_hands:
        game.apply_index(rng.randrange(len(game.legal_actions())))
    assert game.hands_played == 1
    twin = game.clone()
    assert twin.between_hands
    twin.go_on()
    game.go_on()
    assert len(twin.legal_actions()) > 0 and twin.legal_actions() == game.legal_actions()
    assert twin.view(None) == game.view(None)


@pytest.mark.parametrize("gid,rules", RULES, ids=[gid for gid, _ in RULES])
def test_a_playout_in_one_call_applies_the_actions_apply_index_would(gid, rules):
    players = rules.player_counts[-1]
    for seed in (1, 2):
        one, each = rules.new_game(players, seed=seed), rules.new_game(players, seed=seed)
        for game in (one, each):
            game.stop_between_hands()
        draws, again = random.Random(seed), random.Random(seed)
        one.play_at_random(draws.random)
        while each.legal_actions():
            each.apply_index(int(again.random() * len(each.legal_actions())))
        assert _whole(one) == _whole(each)
        assert one.between_hands == each.between_hands and one.is_over == each.is_over
        assert one.hands_played == 1 or one.is_over
        assert draws.random() == again.random()  # as many draws taken


def test_a_playout_with_explicit_chance_stops_where_a_chance_event_waits_for_its_outcome():
    rules = pr.load("playa-pirata")
    one, each = (rules.new_game(3, seed=4, chance="explicit") for _ in range(2))
    for game in (one, each):
        while game.is_chance:
            game.apply(game.chance_outcomes()[0][0])
    draws, again = random.Random(4), random.Random(4)
    one.play_at_random(draws.random)
    while each.legal_actions():
        each.apply_index(int(again.random() * len(each.legal_actions())))
    assert one.log == each.log and (one.is_chance or one.is_over)


def _state(game) -> tuple:
    """Everything the game is but its log."""
    g = game.g
    return g.zones, g.loc, g.known, g.cvars, g.pvars, g.hvars, g.mvars, g.hand_scores, g.score_detail


@pytest.mark.parametrize("gid,rules", RULES, ids=[gid for gid, _ in RULES])
def test_a_playout_that_logs_nothing_plays_the_same_game_and_its_log_then_cannot_be_read(gid, rules):
    """``play_at_random(random, log=False)``, for a search that reads only how the playout ends:
    the same actions, state, scores and winners as the logged playout with the same draws,
    and the same next hand after it; only the log lacks the playout, so reading it fails."""
    players = rules.player_counts[-1]
    for seed in (1, 2):
        logged, quiet = rules.new_game(players, seed=seed), rules.new_game(players, seed=seed)
        for game in (logged, quiet):
            game.stop_between_hands()
        draws, again = random.Random(seed), random.Random(seed)
        logged.play_at_random(draws.random)
        quiet.play_at_random(again.random, log=False)
        assert _state(quiet) == _state(logged)
        assert (quiet.between_hands, quiet.is_over) == (logged.between_hands, logged.is_over)
        assert quiet.scores() == logged.scores() and draws.random() == again.random()
        if quiet.is_over:
            assert quiet.winners() == logged.winners()
        else:
            for game in (logged, quiet):
                game.go_on()
            assert quiet.view(None) == logged.view(None)
            assert quiet.legal_actions().ids() == logged.legal_actions().ids()
        for read in (lambda: quiet.log, lambda: quiet.log_for(0)):
            with pytest.raises(pr.PlayaRulesError, match="log is incomplete"):
                read()
        assert logged.log[0]["event"] == "start"


def test_an_action_failing_in_a_playout_that_logs_nothing_fails_alike():
    """The error names the action that failed whether or not the playout logs its moves."""
    rules = pr.load(Path(__file__).resolve().parents[2] / "docs" / "examples" / "runtime-error.yaml")
    failed = 0
    for seed in range(8):
        said = []
        for log in (True, False):
            game = rules.new_game(2, seed=seed)
            try:
                game.play_at_random(random.Random(seed).random, log=log)
                said.append(game.scores())
            except pr.GameRuntimeError as exc:
                said.append(str(exc))
        assert said[0] == said[1]
        failed += isinstance(said[0], str) and said[0].startswith("action 'split' failed: ")
    assert failed >= 2
