"""Random games that find what static checks cannot: dead ends, endless games, runtime errors."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.errors import Diagnostic, GameRuntimeError
from playa_rules.simulation.smoke import CODES, game_argument, play_one, simulate

CASES = Path(__file__).parent.parent / "cases" / "simulate"
NO_END = CASES / "no-end.yaml"
RUNTIME_ERROR = CASES / "runtime-error.yaml"
SCORING_ERROR = CASES / "end-match-scoring-error.yaml"


def test_the_bundled_game_simulates_clean():
    rules = pr.load("playa-pirata")
    assert simulate(rules, 3) == []
    assert simulate(rules, 2, seed=1000) == []


def test_a_game_that_never_ends_is_reported_with_its_seed():
    rules = pr.load(NO_END)
    diags = simulate(rules, 3, seed=7, max_actions=200)
    # located at the condition that never held: the phase's `until`
    assert [(d.code, d.severity, d.line, d.column, d.path) for d in diags] == [
        ("sim-no-end", "error", 12, 40, "/phases/0/turns/until")
    ] * 2
    two, three = diags
    assert two.file == str(NO_END)
    assert two.message.startswith(
        "with 2 players, seed 7: the game did not end within 200 actions (it was in "
        "hand 1, phase 'main', step 'wait', round 101)"
    )
    assert two.message.endswith(f"to reproduce: playa-rules play {NO_END} --players 2 --seed 7")
    assert three.message.startswith("with 3 players, seed 7:")
    assert two.hint == "3 of 3 games with 2 players failed this way (seeds 7, 8, 9)"


def test_a_runtime_error_is_reported_with_the_seed_that_replays_it(capsys):
    rules = pr.load(RUNTIME_ERROR)
    diags = simulate(rules, 4)
    assert [d.code for d in diags] == ["sim-runtime-error", "sim-runtime-error"]
    first = diags[0]
    assert "with 2 players, seed 1: action 'split' failed: " in first.message
    assert (
        "runtime-error.yaml:12:23: runtime-error: division by zero: 10 // 0 (at /actions/split/effect)"
        in first.message
    )
    # the command in the message replays the same failure
    command = shlex.split(first.message.split("to reproduce: ")[1])
    assert command[:2] == ["playa-rules", "play"]
    assert main(command[1:] + ["--quiet"]) == 1
    assert "runtime-error.yaml:12:23: runtime-error: division by zero" in capsys.readouterr().err


def test_games_that_end_are_not_reported():
    rules = pr.load(RUNTIME_ERROR)
    assert play_one(rules, 2, 0, 1000) > 0  # seed 0 never splits three times
    assert simulate(rules, 1, seed=0) == []


def test_simulation_is_deterministic():
    rules = pr.load(RUNTIME_ERROR)
    assert simulate(rules, 5, seed=3) == simulate(rules, 5, seed=3)


def test_zero_games_and_bad_arguments():
    rules = pr.load("playa-pirata")
    assert simulate(rules, 0) == []
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(pr.PlayaRulesError):
            simulate(rules, bad)
    with pytest.raises(pr.PlayaRulesError):
        simulate(rules, 1, seed="x")
    with pytest.raises(pr.PlayaRulesError):
        simulate(rules, 1, max_actions=0)


def test_a_bundled_game_is_replayed_by_its_id():
    assert game_argument(pr.load("playa-pirata")) == "playa-pirata"
    assert game_argument(pr.load(NO_END)) == str(NO_END)


# ------------------------------------------------------------------ dead ends and engine bugs, with fakes
class _FakeGame:
    """A game that misbehaves as told: ``plan`` per seed is 'ok', 'dead', 'loop', 'error' or 'bug'."""

    def __init__(self, how: str):
        self.how, self.moves = how, 0

    @property
    def is_over(self):
        return self.how == "ok" and self.moves >= 3

    @property
    def current_player(self):
        return 0

    def legal_actions(self):
        return [] if self.how == "dead" else ["a", "b"]

    def apply(self, action):
        self.moves += 1
        if self.how == "error":
            raise GameRuntimeError("the rules failed in phase 'x': boom")
        if self.how == "bug":
            raise KeyError("oops")

    def view(self, seat):
        return {"hand": 1, "phase": "p", "step": "s", "round": self.moves}


class _FakeRules:
    id = "fake"

    def __init__(self, plan: dict):
        self.plan = plan
        self.played = []
        self.player_counts = [2, 3]
        self.doc = type("Doc", (), {"file": "fake.yaml"})()

    def new_game(self, players, seed):
        self.played.append((players, seed))
        return _FakeGame(self.plan.get(seed, "ok"))


def test_a_dead_end_is_reported():
    rules = _FakeRules({1: "dead"})
    diags = simulate(rules, 3)
    assert [(d.code, d.file) for d in diags] == [("sim-dead-end", "fake.yaml")] * 2
    assert (
        "seed 1: seat 0 has no legal action in hand 1, phase 'p', step 's', round 0, but the game is not over"
        in diags[0].message
    )
    assert diags[0].message.endswith("to reproduce: playa-rules play fake.yaml --players 2 --seed 1")


def test_each_code_is_reported_once_per_player_count_and_a_count_stops_once_all_are_seen():
    rules = _FakeRules({0: "dead", 1: "loop", 2: "dead", 3: "error", 4: "bug", 5: "error"})
    diags = simulate(rules, 10, max_actions=50)
    assert [d.code for d in diags] == list(CODES) * 2
    assert [d.message.split(":")[0] for d in diags[:4]] == [
        "with 2 players, seed 0",
        "with 2 players, seed 1",
        "with 2 players, seed 3",
        "with 2 players, seed 4",
    ]
    assert diags[0].hint == "2 of 5 games with 2 players failed this way (seeds 0, 2)"
    assert "KeyError: 'oops' (a bug in playa-rules" in diags[3].message
    assert rules.played == [(2, s) for s in range(5)] + [(3, s) for s in range(5)]  # stopped after seed 4


# ------------------------------------------------------------------ the command line
def test_cli_validate_simulate(capsys):
    code = main(["validate", str(NO_END), "--simulate", "2", "--seed", "5", "--max-actions", "100"])
    out = capsys.readouterr().out
    assert code == 1
    assert (
        f"{NO_END}:12:40: error sim-no-end: with 2 players, seed 5: the game did not end within 100 actions"
        in out
    )
    assert f"to reproduce: playa-rules play {NO_END} --players 3 --seed 5" in out
    assert out.rstrip().endswith(f"{NO_END}: 2 errors, 1 warning")


def test_cli_validate_simulate_a_clean_game(capsys):
    assert main(["validate", "playa-pirata", "--simulate", "1"]) == 0
    assert capsys.readouterr().out == "playa-pirata: valid (1 random game per player count played)\n"


def test_cli_validate_simulate_json(capsys):
    code = main(["validate", "--format", "json", str(RUNTIME_ERROR), "--simulate", "3"])
    result = json.loads(capsys.readouterr().out)
    assert code == 1
    (entry,) = result["files"]
    assert entry["valid"] is False and entry["simulated_games"] == 3
    assert {d["code"] for d in entry["diagnostics"]} == {"sim-runtime-error"}
    first = entry["diagnostics"][0]  # where the located fault it quotes failed: CI annotations point there
    assert (first["line"], first["column"], first["path"]) == (12, 23, "/actions/split/effect")
    assert first["source_line"].strip() == "set hand.n = 10 // hand.n"


def test_cli_does_not_simulate_a_file_with_errors(capsys):
    bad = Path(__file__).parent.parent / "cases" / "semantic" / "three-errors.yaml"
    assert main(["validate", str(bad), "--simulate", "5"]) == 1
    out = capsys.readouterr().out
    assert "sim-" not in out and out.rstrip().endswith(": 3 errors")


@pytest.mark.parametrize(
    "argv", [["--simulate", "-1"], ["--simulate", "x"], ["--seed", "abc"], ["--max-actions", "0"]]
)
def test_cli_simulate_usage_errors(capsys, argv):
    assert main(["validate", "playa-pirata", *argv]) == 2
    assert "usage:" in capsys.readouterr().err


# ------------------------------------------------------------------ known engine bugs
def test_scoring_failure_after_end_match_is_a_runtime_error():
    game = pr.load(SCORING_ERROR).new_game(players=2, seed=0)
    with pytest.raises(GameRuntimeError):
        game.apply("stop")


def test_simulation_reports_a_scoring_failure_as_a_runtime_error():
    assert [d.code for d in simulate(pr.load(SCORING_ERROR), 1)] == ["sim-runtime-error"]


def test_failing_tie_break_in_winners_is_a_runtime_error():
    game = pr.load(CASES / "tie-break-error.yaml").new_game(players=2, seed=0)
    with pytest.raises(GameRuntimeError):
        game.winners()


def test_diagnostics_are_plain_diagnostics():
    (d,) = simulate(pr.load(RUNTIME_ERROR), 2)[:1]
    assert isinstance(d, Diagnostic)
    assert d.to_json()["code"] == "sim-runtime-error"


def test_a_player_count_whose_games_all_fail_alike_stops_after_twenty(capsys):
    """--simulate 1000000000 on a file whose every game fails the same way played them all,
    silently (outside tester, session 19, item 1): a player count stops once its first 20
    games failed the same way, says so in the hint, and reports its games as done; N is
    bounded (MAX_GAMES, a usage error above it on the command line)."""
    from playa_rules.simulation.smoke import MAX_GAMES, SAME_STOP

    done = []
    (d,) = simulate(pr.load(NO_END), 500, max_actions=50, on_games=done.append)[:1]
    assert SAME_STOP == 20 and d.hint.startswith("20 of 20 games with 2 players failed this way (seeds 0, 1,")
    assert d.hint.endswith("; stopped after 20 games: every one failed this way")
    assert done == ([1] * 20 + [480]) * len(pr.load(NO_END).player_counts)
    assert simulate(pr.load(RUNTIME_ERROR), 25)[0].hint.startswith(
        "18 of 25 games"
    )  # not all alike: all played
    with pytest.raises(pr.PlayaRulesError, match="from 0 to 10,000"):
        simulate(pr.load(NO_END), MAX_GAMES + 1)
    assert main(["validate", str(NO_END), "--simulate", "10001"]) == 2
    assert "--simulate: the number of games is at most 10,000, not 10,001" in capsys.readouterr().err
