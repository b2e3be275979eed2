"""What ``compare`` prints reads true: each player count's verdict named, counts that agree, plain intervals."""

import playa_rules as pr
from playa_rules.cli.main import main
from playa_rules.cli.simulate import _Progress
from playa_rules.simulation.report import _comparison_html
from playa_rules.simulation.verdict import method, p_text, sentence

SKULLS = "tests/variants/two-skulls-twelve.yaml"
GALORE = "tests/variants/pirates-galore.yaml"


def test_each_player_count_has_its_own_verdict_line_and_block(capsys):
    assert main(["compare", "playa-pirata", "--variant", SKULLS, "-n", "2", "-w", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    verdicts = [i for i, line in enumerate(lines) if line.startswith("Verdict")]
    assert [lines[i].split(":")[0] for i in verdicts] == [f"Verdict, {n} players" for n in (2, 3, 4)]
    assert all(lines[i - 1] == "" for i in verdicts[1:])  # a blank line between two blocks


def test_until_clear_that_runs_out_of_games_says_so():
    r = pr.compare("pirate-gold-cards", [GALORE], players=3, games=12, workers=1, until_clear=True)
    assert r["sequential"]["clear"] is False and r["sequential"]["games"] == 12
    assert method(r).startswith("--until-clear ran out of games: 12 a side without a clear answer")
    assert any(
        "the stopping rule (--until-clear) ran out of games" in line for line in r["verdict"]["why_not"]
    )


def test_the_html_says_why_a_statistic_is_not_clear_and_counts_as_the_terminal(capsys):
    r = pr.compare("pirate-gold-cards", [GALORE], players=3, games=20, workers=1)
    page = _comparison_html(r)
    rest = [s for s in r["statistics"] if not s["significant"]]
    same = [s for s in rest if s["identical"]]
    assert "their intervals hold 0" not in page
    if len(rest) > len(same):
        assert f"No clear change in {len(rest) - len(same)} statistic" in page
        assert "not significant after Holm's correction for the number of statistics tested" in page
    if same:
        assert f"{len(same)} statistic" in page and "identical on both sides" in page
    clear = [s for s in r["statistics"] if s["significant"] and s["kind"] == "rate"]
    for s in clear:  # a rate's difference in points, as the terminal says it
        assert f"{100 * s['difference']:+.1f} percentage points" in page
    assert "% - " not in page  # intervals read "low to high"
    pr_main = main(["compare", "pirate-gold-cards", "--variant", GALORE, "-p", "3", "-n", "20", "-w", "1"])
    out = " ".join(capsys.readouterr().out.split())
    assert pr_main == 0 and f"{len(same)} statistic{'' if len(same) == 1 else 's'} identical" in out
    assert " - -" not in out


def test_a_p_value_below_the_smallest_double_is_not_printed_as_0():
    assert p_text(0.0) == "< 1e-300" and p_text(0.0123) == "0.0123"


def test_the_progress_bar_labels_the_time_elapsed_and_the_time_left():
    texts = [getattr(c, "text_format", None) for c in _Progress(quiet=True).bar.columns]
    assert "games, elapsed" in texts and texts.index("games, elapsed") < texts.index("left")


ADVANTAGE = {
    "statistic": "first_player.advantage",
    "kind": "mean",
    "base": -0.03,
    "variant": 0.50,
    "difference": 0.525,
    "ci": [0.363, 0.687],
    "test": "paired t test",
    "p_value": 1e-6,
    "p_adjusted": 1e-5,
    "significant": True,
    "identical": False,
}
WIN_RATE = {**ADVANTAGE, "statistic": "seats[0].win_rate", "kind": "rate", "base": 0.31, "variant": 0.385}
WIN_RATE.update(difference=-0.2, ci=[-0.448, 0.048])


def test_a_change_of_a_share_reads_in_percentage_points_throughout():
    """A share's change is in percentage points, never beside a plain fraction or a percent interval."""
    assert sentence(ADVANTAGE) == (
        "the first player's advantage: -3.0 to +50.0 (+52.5 percentage points, 95% interval +36.3 to +68.7)"
    )
    assert sentence(WIN_RATE).endswith("31.0% to 38.5% (-20.0 percentage points, 95% interval -44.8 to +4.8)")
    verdict = {"headline": "h", "rules": [], "clear": [], "why_not": []}
    page = _comparison_html({"statistics": [WIN_RATE, ADVANTAGE], "verdict": verdict, "alpha": 0.05})
    assert "<td>-20.0 percentage points</td><td>-44.8 to +4.8</td>" in page
    assert "<td>-3.0</td><td>+50.0</td><td>+52.5 percentage points</td><td>+36.3 to +68.7</td>" in page


def test_a_longer_game_reads_with_the_same_signs_in_the_verdict_and_the_table(capsys, tmp_path):
    """Three Pirate cards instead of four make the game longer: the verdict says "+18.45, 95%
    interval +9.75 to +27.15", and the table's row says the same, signs included (it printed
    "9.75 to 27.15" beside "+18.45")."""
    variant = tmp_path / "fewer-pirates.yaml"
    variant.write_text("extends: pirate-gold-cards\nvariant: fewer-pirates\nparameters:\n  pirate_cards: 3\n")
    assert (
        main(["compare", "pirate-gold-cards", "--variant", str(variant), "-p", "3", "-n", "20", "-w", "1"])
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    said = "- the length of a game (decisions): 116.10 to 134.55 (+18.45, 95% interval +9.75 to +27.15)"
    assert said in lines
    (row,) = [line for line in lines if "length.mean" in line]
    assert [cell.strip() for cell in row.split("│")[1:6]] == [
        "length.mean",
        "116.10",
        "134.55",
        "+18.45",
        "+9.75 to +27.15",
    ]
