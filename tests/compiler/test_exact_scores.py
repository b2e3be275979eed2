"""Scores that are not whole numbers: "1 point shared among the winners" is an exact
fraction made by '/' (docs/dsl.md, operators), in scores(), the log and views (as the text
'1/2'), OpenSpiel's returns and PettingZoo's rewards (as numbers)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from backend_switch import load_with

import playa_rules as pr

GAME = Path(__file__).parent.parent / "games" / "shared-win.yaml"


def _played(shows: list[int], backend: str = "generated", monkeypatch=None):
    rules = load_with(monkeypatch, backend, GAME) if monkeypatch is not None else pr.load(GAME)
    game = rules.new_game(len(shows), seed=0)
    for n in shows:
        game.apply(f"show {n}")
    assert game.is_over
    return game


@pytest.mark.parametrize("backend", ["closures", "generated"])
def test_two_players_tied_for_the_highest_share_the_point(monkeypatch, backend):
    game = _played([3, 3, 1], backend, monkeypatch)
    assert game.scores() == [Fraction(1, 2), Fraction(1, 2), Fraction(-1, 3)]
    assert game.winners() == [0, 1]


def test_a_whole_share_is_a_whole_number():
    game = _played([3, 2, 1])
    assert game.scores() == [1, 0, Fraction(-1, 3)]
    assert type(game.scores()[0]) is int


def test_the_log_and_the_views_write_a_fraction_as_its_text():
    game = _played([3, 3, 1])
    assert game.log[-1]["scores"] == ["1/2", "1/2", "-1/3"]
    assert game.view(0)["scores"] == ["1/2", "1/2", "-1/3"]
    json.dumps(game.log)
    json.dumps(game.view(None))


def test_three_way_ties_share_thirds_that_add_up_to_one():
    game = _played([2, 2, 2])
    assert game.scores() == [Fraction(1, 3)] * 3
    assert sum(game.scores()) == 1


def test_a_division_by_zero_is_refused_when_the_rules_load(tmp_path):
    text = GAME.read_text(encoding="utf-8").replace("1 / count(leaders)", "1 / 0")
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    (d,) = [d for d in pr.validate(path) if d.severity == "error"]
    assert (d.code, d.message) == ("division-by-zero", "division by zero")


def test_openspiel_returns_are_the_exact_shares():
    pyspiel = pytest.importorskip("pyspiel")
    import playa_rules.openspiel  # noqa: F401

    for returns, expected in (
        ("scores", [0.5, 0.5, -1 / 3]),
        ("relative", [0.5 - 2 / 9, 0.5 - 2 / 9, -1 / 3 - 2 / 9]),
        ("win", [0.5, 0.5, -1.0]),
    ):
        game = pyspiel.load_game("playa_rules", {"rules": str(GAME), "players": 3, "returns": returns})
        state = game.new_initial_state()
        for n in (3, 3, 1):
            state.apply_action(
                next(a for a in state.legal_actions() if state.action_to_string(a) == f"show {n}")
            )
        assert state.is_terminal()
        assert state.returns() == pytest.approx(expected)


def test_pettingzoo_rewards_are_the_exact_shares():
    pytest.importorskip("pettingzoo")
    pytest.importorskip("numpy")
    from playa_rules.pettingzoo import env

    e = env(rules=str(GAME), players=3, returns="scores")
    e.reset(seed=0)
    game = e.unwrapped.game
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        total[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        wanted = {0: 3, 1: 3, 2: 1}[game.current_player]
        action = next(a for a in game.legal_actions() if str(a) == f"show {wanted}")
        assert observation["action_mask"][action.id]
        e.step(action.id)
    assert total == pytest.approx({"player_0": 0.5, "player_1": 0.5, "player_2": -1 / 3})
