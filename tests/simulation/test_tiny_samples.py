"""A comparison of a handful of games claims nothing its tests cannot give (docs/simulation.md, "Tiny samples")."""

import random

import pytest

import playa_rules as pr
from playa_rules.cli.main import main
from playa_rules.simulation.compare import compare_records

GALORE = "tests/variants/pirates-galore.yaml"
DUMMY = "tests/variants/dummy-can-win.yaml"


@pytest.mark.parametrize("games", [1, 2, 3])
def test_one_two_or_three_games_never_make_a_change_clear(games):
    r = pr.compare("pirate-gold-cards", [GALORE], players=3, games=games, seed=8, workers=1)
    assert not any(s["significant"] for s in r["statistics"])
    assert r["verdict"]["headline"].startswith(f"too few games to tell: {games} game")
    for s in r["statistics"]:
        if games == 1:  # one pair: no interval, no p-value
            assert s["ci"] is None and s["p_value"] is None and s["test"] == "none (one game)"
        elif s["ci"] is not None and not s["identical"]:
            assert s["ci"][0] < s["ci"][1]  # never an interval of width 0 for a change seen in 2 or 3 games
    summary = pr.simulate("pirate-gold-cards", players=3, games=1, seed=8, workers=1)
    assert all(seat["mean_score_ci"] is None for seat in summary["seats"])
    assert summary["first_player"]["advantage_ci"] is None


def test_the_cli_says_too_few_games_and_prints_no_certain_change(capsys):
    argv = [
        "compare",
        "pirate-gold-cards",
        "--variant",
        GALORE,
        "-p",
        "3",
        "-n",
        "2",
        "--seed",
        "8",
        "-w",
        "1",
    ]
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("Verdict, 3 players: too few games to tell: 2 games a side")
    assert "changes who wins" not in out and "Clear changes" not in out


def _record(rng, winner_chance):
    """A two-seat game where seat 0 wins with the given chance (else seat 1)."""
    winner = 0 if rng.random() < winner_chance else 1
    return {
        "seats": [0, 1],
        "agents": ["a", "b"],
        "scores": [int(winner == 0), int(winner == 1)],
        "winners": [winner],
        "first": 0,
        "decisions": rng.randint(5, 9),
        "actions": {"move": rng.randint(1, 3)},
        "rules": {},
    }


@pytest.mark.parametrize("games", [2, 3, 5, 8, 20])
def test_a_variant_that_changes_nothing_is_called_different_at_most_alpha_of_the_time(games):
    rng = random.Random(games)
    runs, alarms = 400, 0
    for _ in range(runs):
        base = [_record(rng, 0.6) for _ in range(games)]
        variant = [_record(rng, 0.6) for _ in range(games)]  # the same game, other luck
        alarms += any(s["significant"] for s in compare_records(base, variant))
    assert (
        alarms <= 0.05 * runs + 2 * (0.05 * 0.95 * runs) ** 0.5
    )  # alpha, with room for the luck of 400 runs


def test_the_wins_of_a_seat_the_rules_play_show_where_the_wins_went(capsys):
    r = pr.compare("pirate-gold-cards", [DUMMY], players=2, games=40, seed=0, workers=1)
    ruled = {s["statistic"]: s for s in r["statistics"]}["rule_seats.win_rate"]
    assert ruled["base"] == 0 and ruled["variant"] > 0 and ruled["significant"]
    assert r["verdict"]["headline"].startswith(
        "the variant changes who wins: games won by a seat the rules play"
    )
    assert r["variant"]["rule_seats"]["games"] == round(40 * ruled["variant"])
    # the agent's win rate moved because the dummy wins: the stock caveat would be untrue here
    assert not any("wins every game" in line for line in r["verdict"]["why_not"])
    main(["simulate", "pirate-gold-cards", "--variant", DUMMY, "-p", "2", "-n", "20", "-w", "1"])
    assert "won by a seat the rules play:" in capsys.readouterr().out
    # three players: no seat is played by the rules, no such statistic
    three = pr.simulate("pirate-gold-cards", players=3, games=2, workers=1)
    assert three["rule_seats"] is None
