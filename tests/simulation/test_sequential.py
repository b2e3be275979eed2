"""compare --until-clear: confidence sequences that may be read after every game, and the verdict in words."""

from __future__ import annotations

import random

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.simulation.batch import units_for
from playa_rules.simulation.runner import run
from playa_rules.simulation.sequential import ConfidenceSequence, Sequential

SKULLS = "docs/examples/two-skulls-twelve.yaml"


def _peeking_false_alarms(alpha: float, runs: int, games: int, seed: int) -> int:
    """Runs in which a difference of two equal win rates was ever called significant, looking after every game."""
    rng = random.Random(seed)
    alarms = 0
    for _ in range(runs):
        p = rng.random()
        cs = ConfidenceSequence(alpha, -1.0, 1.0)
        for _ in range(games):
            cs.add((rng.random() < p) - (rng.random() < p))
            lo, hi = cs.interval()
            if lo > 0 or hi < 0:
                alarms += 1
                break
    return alarms


def test_looking_after_every_game_finds_no_change_that_is_not_there_more_often_than_alpha():
    # 400 comparisons of rule sets that change nothing, each read after every one of 500 games
    assert _peeking_false_alarms(0.05, 400, 500, seed=1) <= 0.05 * 400


def test_a_fixed_sample_test_read_after_every_game_would_not_keep_its_level():
    # the reason for confidence sequences: the same peeking with a 95% normal interval
    rng = random.Random(2)
    alarms = 0
    for _ in range(200):
        total = squares = 0.0
        for n in range(1, 501):
            d = (rng.random() < 0.5) - (rng.random() < 0.5)
            total, squares = total + d, squares + d * d
            if n >= 10:
                mean = total / n
                sd = max((squares / n - mean * mean), 1e-12) ** 0.5
                if abs(mean) > 1.96 * sd / n**0.5:
                    alarms += 1
                    break
    assert alarms > 0.05 * 200 * 2


def test_the_sequence_holds_a_real_difference_and_narrows_around_it():
    rng = random.Random(3)
    cs = ConfidenceSequence(0.05, -1.0, 1.0)
    widths = []
    for n in range(2000):
        cs.add((rng.random() < 0.6) - (rng.random() < 0.4))  # the variant wins 20 points more often
        if n in (99, 1999):
            lo, hi = cs.interval()
            assert lo <= 0.2 <= hi
            widths.append(hi - lo)
    assert widths[1] < widths[0] / 2 and cs.interval()[0] > 0


def test_values_outside_the_range_are_clipped_and_an_empty_sequence_is_the_whole_range():
    cs = ConfidenceSequence(0.05, -1.0, 1.0)
    assert cs.interval() == (-1.0, 1.0)
    cs.add(5)
    lo, hi = cs.interval()
    assert -1.0 <= lo <= hi <= 1.0


def _record(agents, winners):
    return {"seats": [0, 1, 2], "agents": agents, "winners": winners}


def test_what_is_watched_is_each_seat_and_each_agent_when_the_seats_differ():
    watch = Sequential(alpha=0.05, margin=0.05)
    watch.add(_record(["a", "b", "b"], [0]), _record(["a", "b", "b"], [1]))
    assert sorted(watch.sequences) == [
        "by_agent[a].win_rate",
        "by_agent[b].win_rate",
        "seats[0].win_rate",
        "seats[1].win_rate",
        "seats[2].win_rate",
    ]
    same = Sequential(alpha=0.05, margin=0.05)
    same.add(_record(["r"] * 3, [0]), _record(["r"] * 3, [0]))
    assert sorted(same.sequences) == ["seats[0].win_rate", "seats[1].win_rate", "seats[2].win_rate"]


def test_identical_games_are_clear_once_every_interval_is_within_the_margin():
    watch = Sequential(alpha=0.05, margin=0.05)
    pairs = 0
    while not watch.clear():
        watch.add(_record(["r"] * 3, [pairs % 3]), _record(["r"] * 3, [pairs % 3]))
        pairs += 1
    lo, hi = watch.intervals()["seats[0].win_rate"]
    assert -0.05 <= lo <= hi <= 0.05 and 10 < pairs < 1000


def test_a_variant_that_changes_nothing_stops_early_with_no_change_in_who_wins():
    r = pr.compare(
        "playa-pirata", [SKULLS], [SKULLS], players=2, games=400, workers=1, until_clear=True, margin=0.1
    )
    seq = r["sequential"]
    assert seq["clear"] and 10 <= seq["games"] < 400 and r["base"]["games"] == seq["games"]
    assert not any(s["significant"] for s in r["statistics"])
    watched = [s for s in r["statistics"] if s["statistic"] in seq["watched"]]
    assert watched and all(s["test"] == "confidence sequence" and s["p_value"] is None for s in watched)
    assert r["verdict"]["headline"].startswith("no clear change in play")
    assert "who wins changed by less than 10 points either way" in " ".join(r["verdict"]["why_not"])


def test_the_runner_stops_when_told_and_keeps_what_finished():
    rules = pr.load("playa-pirata")
    units = units_for(rules, 2, 50, ("random",), 0, True)
    seen = []

    def enough(records):
        seen.extend(records)
        return len(seen) >= 5

    records, interrupted = run(units, 2, "process", None, enough)
    assert not interrupted and 5 <= len(records) < 50 and len(seen) == len(records)


@pytest.mark.slow
def test_games_with_no_change_but_their_own_luck_are_called_significant_at_most_alpha_of_the_time():
    # base and "variant" are the same rules on different seeds: every difference in who wins is luck
    rules = pr.load("playa-pirata")
    runs, alarms = 40, 0
    for k in range(runs):
        base, _ = run(units_for(rules, 2, 150, ("random",), 1000 * k, True), 1)
        other, _ = run(units_for(rules, 2, 150, ("random",), 1000 * k + 500, True), 1)
        watch = Sequential(alpha=0.05, margin=0.0)
        for b, v in zip(base, other):
            watch.add(b, v)  # read after every pair of games
            if any(lo > 0 or hi < 0 for lo, hi in watch.intervals().values()):
                alarms += 1
                break
    assert alarms <= 0.05 * runs


def test_the_verdict_names_what_changed_and_why_who_wins_could_not(capsys):
    assert main(["compare", "playa-pirata", "--variant", SKULLS, "-p", "3", "-n", "100", "-w", "1"]) == 0
    captured = capsys.readouterr()
    out = " ".join(captured.out.split())  # (rich wraps long lines)
    assert out.startswith("Verdict, 3 players: the variant changes play")
    assert "`" not in out
    assert out.index("What changed in the rules") < out.index("points from skulls per seat and game")
    assert "random agents choose blindly" in out
    assert "all 100 games had the same winners under both rule sets" in out
    assert out.index("Clear changes") < out.index("rules[skulls].mean") < out.index("identical on both sides")
    assert "random agents cannot show whether a rule changes who wins" in " ".join(captured.err.split())


def test_compare_without_players_covers_every_count(capsys):
    assert main(["compare", "playa-pirata", "--variant", SKULLS, "-n", "3", "-w", "1", "--json"]) == 0
    captured = capsys.readouterr()
    import json

    assert [r["base"]["players"] for r in json.loads(captured.out)["runs"]] == [2, 3, 4]
    assert "comparing with 2, 3, 4 players" in captured.err
