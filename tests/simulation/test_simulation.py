"""Batch simulation and comparison: reproducible whatever the workers, honest numbers, clear errors."""

import json
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli.main import main
from playa_rules.simulation.summary import measures

SKULLS = "tests/variants/two-skulls-twelve.yaml"


def test_the_same_seed_gives_the_same_json_whatever_the_number_of_workers():
    one = pr.simulate("playa-pirata", players=3, games=12, seed=5, workers=1)
    two = pr.simulate("playa-pirata", players=3, games=12, seed=5, workers=2)
    assert json.dumps(one) == json.dumps(two)
    assert json.dumps(one) == json.dumps(pr.simulate("playa-pirata", players=3, games=12, seed=5, workers=1))
    assert one != pr.simulate("playa-pirata", players=3, games=12, seed=6, workers=1)


@pytest.mark.parametrize("games", [3, pytest.param(9, marks=pytest.mark.slow)])
def test_the_summary_has_the_documented_fields_and_consistent_counts(games):
    r = pr.simulate(
        "lying-pirates",
        players=3,
        games=games,
        agents=["random", "greedy:width=8", "random"],
        seed=2,
        workers=1,
    )
    assert (r["game"], r["players"], r["games"], r["requested"]) == ("lying-pirates", 3, games, games)
    assert r["agents"] == ["random", "greedy:width=8", "random"] and r["rotate"] is True
    for seat in r["seats"]:
        # rotated over the seats: each seat plays each agent's share of the games
        assert seat["agents"] == {"random": games * 2 // 3, "greedy:width=8": games // 3}
        lo, hi = seat["win_rate_ci"]
        assert lo <= seat["win_rate"] <= hi
    assert r["by_agent"]["greedy:width=8"]["seat_games"] == games
    assert r["by_agent"]["random"]["seat_games"] == 2 * games
    assert sum(s["wins"] for s in r["seats"]) >= r["games"]  # ties count for each winner
    assert r["length"]["min"] <= r["length"]["mean"] <= r["length"]["max"]
    assert set(r["ties"]) == {"games", "rate", "rate_ci"}
    assert r["first_player"]["expected"] == pytest.approx(1 / 3)
    assert sum(a["total"] for a in r["actions"].values()) == pytest.approx(r["length"]["mean"] * games)


def test_a_scoring_rule_is_decisive_when_its_points_change_the_leaders():
    record = {
        "seats": [0, 1],
        "agents": ["a", "a"],
        "scores": [10, 8],
        "winners": [0],
        "first": 0,
        "decisions": 4,
        "actions": {"x": 4},
        "rules": {"big": [2, 8], "small": [8, 0]},
    }
    m = measures([record])
    assert m["rules[big].decisive"] == ("rate", [0])  # 8 vs 0: seat 0 still leads
    assert m["rules[small].decisive"] == ("rate", [1])  # 2 vs 8: seat 1 would lead
    assert m["rules[big].scored"] == ("rate", [1, 1])
    odd = dict(record, rules={"big": [1, 1]})  # points that do not add up to the scores
    assert "rules[big].decisive" not in measures([odd])


def test_compare_finds_the_two_skulls_change_in_the_skull_points_and_nowhere_else_with_random_agents():
    r = pr.compare("playa-pirata", [SKULLS], players=3, games=80, seed=0, workers=1)
    assert [c["sentence"] for c in r["changes"]] == [
        "Parameter `skull_points`: now `[0, 0, 12, 18, 18]` (was `[0, 0, 10, 18, 18]`)"
    ]
    stats = {s["statistic"]: s for s in r["statistics"]}
    skulls = stats["rules[skulls].mean"]
    assert skulls["significant"] and skulls["difference"] > 0 and skulls["ci"][0] > 0
    assert set(skulls) >= {"base", "variant", "difference", "ci", "p_value", "p_adjusted", "significant"}
    # random agents ignore scoring: the same seeds give the same games, so play is unchanged
    assert not stats["length.mean"]["significant"] and stats["length.mean"]["difference"] == 0
    assert not any(s["significant"] for name, s in stats.items() if "win_rate" in name)


def test_compare_tests_a_scoring_rule_only_the_variant_has():
    """A rule the base game lacks scores 0 there: its points are compared, not left out."""
    r = pr.compare(
        "playa-pirata", ["tests/variants/first-treasure-bonus.yaml"], players=2, games=30, seed=0, workers=1
    )
    stats = {s["statistic"]: s for s in r["statistics"]}
    new = stats["rules[first_treasure].mean"]
    assert new["base"] == 0 and new["variant"] > 0 and new["significant"]
    assert stats["rules[first_treasure].scored"]["base"] == 0


@pytest.mark.parametrize(
    "run", [pr.simulate, lambda *a, **k: pr.compare(*a, ["short-game"], **k)], ids=["simulate", "compare"]
)
@pytest.mark.parametrize(
    "settings,message",
    [
        (dict(seed="abc"), "a batch's seed is a whole number, not 'abc': game i plays with seed \\+ i"),
        (dict(seed=None), "a batch's seed is a whole number, not None"),
        (dict(seed=1.5), "a batch's seed is a whole number, not 1.5"),
        (dict(seed=True), "a batch's seed is a whole number, not True"),
        (dict(workers=0), r"workers is a whole number from 1 \(or None for the CPU count\), not 0"),
        (dict(workers=-2), "workers is a whole number from 1 .*, not -2"),
        (dict(workers=1.0), "workers is a whole number from 1 .*, not 1.0"),
    ],
)
def test_a_seed_or_worker_count_a_batch_cannot_take_raises_before_any_game(run, settings, message):
    with pytest.raises(pr.PlayaRulesError, match=message):
        run("playa-pirata", **{"players": 2, "games": 2, "workers": 1, **settings})


def test_a_numpy_integer_seed_is_the_same_as_the_int():
    np = pytest.importorskip("numpy")
    one = pr.simulate("playa-pirata", players=2, games=2, seed=np.int64(3), workers=1)
    assert one["seed"] == 3 and type(one["seed"]) is int
    assert json.dumps(one) == json.dumps(pr.simulate("playa-pirata", players=2, games=2, seed=3, workers=1))


def test_ctrl_c_returns_what_is_done():
    seen = []

    def interrupt_after_the_first(records):
        seen.extend(records)
        if len(seen) >= 2:
            raise KeyboardInterrupt

    r = pr.simulate("playa-pirata", players=2, games=40, workers=1, on_done=interrupt_after_the_first)
    assert r["interrupted"] and 2 <= r["games"] < 40 and r["requested"] == 40


def test_simulate_and_compare_take_validates_format_option(capsys):
    """``--format json`` as validate writes it, the same document as ``--json``; ``--format
    text`` the tables (outside tester, session 20: one option name for the three commands)."""
    base = ["simulate", "playa-pirata", "-p", "2", "-n", "3", "-w", "1"]
    assert main([*base, "--format", "json"]) == 0
    by_format = json.loads(capsys.readouterr().out)
    assert main([*base, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == by_format
    assert main([*base, "--format", "text"]) == 0
    assert not capsys.readouterr().out.lstrip().startswith("{")
    compare = [
        "compare",
        "playa-pirata",
        "--variant",
        SKULLS,
        "-p",
        "2",
        "-n",
        "3",
        "-w",
        "1",
        "--format",
        "json",
    ]
    assert main(compare) == 0
    assert "verdict" in json.loads(capsys.readouterr().out)


def test_cli_simulate_json_and_tables(capsys):
    assert main(["simulate", "playa-pirata", "-p", "2", "-n", "4", "-w", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["players"] == 2 and len(data["seats"]) == 2
    assert main(["simulate", "pirate-gold-cards", "-p", "2,3", "-n", "3", "-w", "1", "--json"]) == 0
    assert [run["players"] for run in json.loads(capsys.readouterr().out)["runs"]] == [2, 3]
    assert (
        main(
            [
                "simulate",
                "playa-pirata",
                "-p",
                "2",
                "-n",
                "4",
                "-w",
                "1",
                "--agents",
                "ismcts:playouts=3,c=1,random",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "By seat" in out and "ismcts:playouts=3,c=1" in out and "Scoring rules" in out


def test_cli_simulate_of_rules_without_points_shows_no_score_columns(capsys):
    """Nim names its loser: no scoring rules, every score 0, so no empty table or zero columns."""
    nim = Path(__file__).resolve().parents[1] / "games" / "nim.yaml"
    assert main(["simulate", str(nim), "-p", "2", "-n", "6", "-w", "1"]) == 0
    out = capsys.readouterr().out
    assert "By seat" in out and "win rate" in out
    assert "mean score" not in out and "Scoring rules" not in out
    assert "scoring rules: none (the rules name the winners)" in out


def test_cli_compare_prints_the_rule_changes_above_the_play_changes(capsys):
    assert main(["compare", "playa-pirata", "--variant", SKULLS, "-p", "3", "-n", "30", "-w", "1"]) == 0
    out = capsys.readouterr().out
    assert (
        out.index("What changed in the rules") < out.index("skull_points") < out.index("What changed in play")
    )
    assert "rules[skulls].mean" in out


@pytest.mark.parametrize(
    "argv,code,message",
    [
        (["simulate", "playa-pirata", "--agents", "minimax"], 2, "unknown agent 'minimax'"),
        (["simulate", "playa-pirata", "-n", "0"], 2, "--games is at least 1"),
        (["simulate", "playa-pirata", "-p", "9", "-n", "1"], 1, "playa-pirata is for 2 to 4 players, not 9"),
        (
            ["simulate", "playa-pirata", "-p", "3", "-n", "1", "--agents", "random,random"],
            1,
            "2 agents for 3 seats",
        ),
        (["simulate", "no-such-game", "-n", "1"], 1, "no-such-game"),
        (["compare", "playa-pirata", "-n", "1"], 2, "--variant"),
    ],
)
def test_cli_errors_are_one_clear_line(capsys, argv, code, message):
    assert main(argv) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.slow
def test_ray_backend_gives_the_same_results_as_the_process_pool():
    ray = pytest.importorskip("ray", reason="the ray backend needs the optional extra 'ray'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        by_ray = pr.simulate("playa-pirata", players=2, games=6, seed=4, workers=2, backend="ray")
    finally:
        ray.shutdown()
    assert by_ray == pr.simulate("playa-pirata", players=2, games=6, seed=4, workers=2)


def test_report_writes_an_offline_page_with_its_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="--report needs the optional extra 'report'")
    assert (
        main(
            [
                "compare",
                "playa-pirata",
                "--variant",
                SKULLS,
                "-p",
                "2",
                "-n",
                "6",
                "-w",
                "1",
                "--report",
                str(tmp_path),
                "--json",
            ]
        )
        == 0
    )
    assert "significant" in json.loads(capsys.readouterr().out)["statistics"][0]
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "What changed in the rules" in page and "skull_points" in page and "http" not in page
    assert page.index("Verdict: ") < page.index("What changed in the rules") < page.index("Clear changes")
    assert "`" not in page  # the rule changes in plain words, not Markdown
    assert "<details><summary>No clear change" in page  # the unchanged statistics folded
    for name in ("scores", "wins", "rules"):
        assert f'src="run0-{name}.png"' in page
        assert (tmp_path / f"run0-{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


TIC_TAC_TOE = "tests/games/tic-tac-toe.yaml"  # `win none` when the board fills: a draw


def test_a_game_no_seat_wins_is_counted_as_a_draw_and_moves_the_even_share(capsys):
    r = pr.simulate(TIC_TAC_TOE, players=2, games=60, seed=0, workers=1)
    draws, ties, first = r["draws"], r["ties"], r["first_player"]
    assert set(draws) == {"games", "rate", "rate_ci"} and draws["games"] > 0 and ties["games"] == 0
    assert sum(s["wins"] for s in r["seats"]) + draws["games"] == r["games"]  # one winner or none
    assert draws["rate_ci"][0] <= draws["rate"] == draws["games"] / 60 <= draws["rate_ci"][1]
    # with no edge a seat would win half of the games someone won, not half of all games
    assert first["expected"] == pytest.approx((60 - draws["games"]) / 60 / 2)
    assert first["advantage"] == pytest.approx(first["win_rate"] - first["expected"])
    assert first["advantage_ci"][0] <= first["advantage"] <= first["advantage_ci"][1]
    assert main(["simulate", TIC_TAC_TOE, "-n", "60", "-w", "1"]) == 0
    out = capsys.readouterr().out
    assert f"draws (no winner): {draws['games']} games, {100 * draws['rate']:.1f}%" in out
    assert "ties (several winners): 0 games, 0.0%" in out
    assert f"{100 * first['expected']:.1f}% if no seat had an edge (" in out


def test_compare_tests_the_draws_and_the_first_players_advantage(tmp_path):
    base = tmp_path / "tic-tac-toe.yaml"  # (a variant extends a file beside it)
    base.write_text(Path(TIC_TAC_TOE).read_text(encoding="utf-8"), encoding="utf-8")
    no_diagonals = tmp_path / "no-diagonals.yaml"  # three in a row or a column only: more draws
    no_diagonals.write_text(
        "extends: tic-tac-toe.yaml\nvariant: no-diagonals\nparameters:\n  directions: [[0, 1], [1, 0]]\n",
        encoding="utf-8",
    )
    r = pr.compare(str(base), [str(no_diagonals)], players=2, games=80, seed=0, workers=1)
    stats = {s["statistic"]: s for s in r["statistics"]}
    draws, edge = stats["draws.rate"], stats["first_player.advantage"]
    assert (draws["kind"], edge["kind"]) == ("rate", "mean")
    assert draws["base"] == r["base"]["draws"]["rate"] and draws["variant"] == r["variant"]["draws"]["rate"]
    assert draws["difference"] > 0 and draws["significant"]
    assert edge["base"] == pytest.approx(r["base"]["first_player"]["advantage"])
    assert edge["variant"] == pytest.approx(r["variant"]["first_player"]["advantage"])
    # the first player wins less often only because more games are drawn: its edge is unchanged
    assert stats["first_player.win_rate"]["difference"] < 0 and not edge["significant"]


@pytest.mark.slow
def test_a_two_node_ray_cluster_joined_by_address_gives_the_local_results():
    ray = pytest.importorskip("ray", reason="the ray backend needs the optional extra 'ray'")
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        settings = {"players": 2, "games": 8, "seed": 11, "agents": ["greedy:width=4", "random"]}
        remote = pr.simulate("playa-pirata", **settings, workers=2, backend="ray", address=cluster.address)
        assert not ray.is_initialized()  # joined for the run, then disconnected; the cluster stays up
        ray.init(address=cluster.address, log_to_driver=False)
        assert len([n for n in ray.nodes() if n["Alive"]]) == 2
        ray.shutdown()
    finally:
        cluster.shutdown()
    assert remote == pr.simulate("playa-pirata", **settings, workers=1)


NIM_ONE_STICK = """extends: nim.yaml
variant: one-stick
title: One stick
parameters:
  start_heaps: [1, 0, 0]
"""


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_report_of_a_game_where_a_seat_never_wins_draws_its_plots(tmp_path, capsys, command):
    """Misère Nim from one stick: the first player must take it and always loses, seat 2 always wins."""
    pytest.importorskip("matplotlib", reason="--report needs the optional extra 'report'")
    base = tmp_path / "nim.yaml"
    base.write_text((Path(__file__).parent.parent / "games" / "nim.yaml").read_text(encoding="utf-8"))
    variant = tmp_path / "nim-one.yaml"
    variant.write_text(NIM_ONE_STICK, encoding="utf-8")
    where = tmp_path / "report"
    if command == "simulate":
        argv = ["simulate", str(variant), "-n", "10", "-w", "1", "--no-rotate"]
    else:
        argv = ["compare", str(base), "--variant", str(variant), "-n", "40", "-w", "1", "--no-rotate"]
    assert main([*argv, "--report", str(where), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    seats = (out if command == "simulate" else out["variant"])["seats"]
    assert [s["wins"] for s in seats] == [0, 10 if command == "simulate" else 40]  # seat 1 opens
    assert seats[0]["win_rate_ci"][0] == 0.0 and seats[1]["win_rate_ci"][1] == 1.0
    assert (where / "run0-wins.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
