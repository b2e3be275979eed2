"""The ``playa-rules`` command line: exit codes, output, logs and play at the terminal."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.cli.human import Choices, summary

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).parent.parent / "cases"
GAME = "playa-pirata"

BROKEN_YAML = "game: broken\ntitle: Broken\nplayers: [2, 3\nzones: {}\n"
UNKNOWN_KEY = (
    (CASES / "schema" / "minimal.yaml")
    .read_text(encoding="utf-8")
    .replace("title: Minimal", "title: Minimal\ntitel: typo")
)


def run(capsys, *argv, stdin: str | None = None, monkeypatch=None):
    """Run the CLI in-process: (exit code, stdout, stderr)."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_process(*argv, stdin: str = "", env=None):
    """Run ``python -m playa_rules`` in a child process."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "playa_rules", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=120,
    )


def assert_no_traceback(*texts):
    for text in texts:
        assert "Traceback" not in text


# ------------------------------------------------------------------ usage
def test_no_arguments_is_a_usage_error(capsys):
    code, out, err = run(capsys)
    assert code == 2
    assert "usage:" in err


def test_unknown_command_and_bad_option_are_usage_errors(capsys):
    assert run(capsys, "dance")[0] == 2
    assert run(capsys, "play", GAME, "--players", "three")[0] == 2


def test_python_dash_m_runs_the_cli():
    proc = run_process("--version")
    assert proc.returncode == 0
    assert pr.__version__ in proc.stdout


# ------------------------------------------------------------------ games
def test_games_lists_bundled_games_with_title_and_player_counts(capsys):
    code, out, err = run(capsys, "games")
    assert code == 0
    for gid in pr.games():
        rules = pr.load(gid)
        line = next(line for line in out.splitlines() if line.startswith(gid))
        assert rules.title in line
        assert "players" in line
    assert re.search(r"playa-pirata\s+Playa Pirata\s+2-4 players", out)


# ------------------------------------------------------------------ validate
def test_validate_bundled_game_is_valid(capsys):
    code, out, err = run(capsys, "validate", GAME)
    assert code == 0
    assert out.strip() == f"{GAME}: valid"


def test_validate_broken_yaml_reports_file_line_column(capsys, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN_YAML, encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: error yaml-syntax", out)
    assert "^" in out  # the caret under the spot
    assert out.strip().splitlines()[-1] == f"{path}: 1 error"
    assert "\033[" not in out  # no colour when stdout is not a terminal
    assert_no_traceback(out, err)


def test_validate_schema_error_is_located(capsys, tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text(UNKNOWN_KEY, encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert f"{path}:4:1: error schema: unknown key 'titel'" in out  # line 1 is a comment


def test_validate_nonexistent_path_is_an_unreadable_diagnostic(capsys, tmp_path):
    missing = tmp_path / "missing.yaml"
    code, out, err = run(capsys, "validate", str(missing))
    assert code == 1
    assert "unreadable" in out
    assert_no_traceback(out, err)


def test_validate_unknown_game_id_is_an_unreadable_diagnostic(capsys):
    code, out, _ = run(capsys, "validate", "no-such-game")
    assert code == 1
    assert "no-such-game: error unreadable" in out


def test_validate_several_files_fails_if_any_fails(capsys, tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text(BROKEN_YAML, encoding="utf-8")
    code, out, _ = run(capsys, "validate", GAME, str(bad))
    assert code == 1
    assert f"{GAME}: valid" in out
    assert f"{bad}: 1 error" in out


def test_validate_warnings_alone_exit_zero(capsys, tmp_path):
    text = (CASES / "schema" / "minimal.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "    effect: move top(deck) to me.hand",
        "    require: ['1 > 2']\n    effect: move top(deck) to me.hand",
        1,
    )
    path = tmp_path / "warn.yaml"
    path.write_text(text, encoding="utf-8")
    diags = pr.validate(path)
    assert diags and all(d.severity == "warning" for d in diags)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0
    assert f"{path}: valid, 1 warning" in out


def test_validate_json_format(capsys, tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text(BROKEN_YAML, encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--format", "json", GAME, str(bad))
    assert code == 1
    doc = json.loads(out)
    first, second = doc["files"]
    assert first == {"file": GAME, "valid": True, "diagnostics": []}
    assert second["file"] == str(bad) and second["valid"] is False
    diag = second["diagnostics"][0]
    assert diag["severity"] == "error" and diag["code"] == "yaml-syntax"
    assert isinstance(diag["line"], int) and isinstance(diag["column"], int)


def test_validate_json_valid_exits_zero(capsys):
    code, out, _ = run(capsys, "validate", GAME, "--format", "json")
    assert code == 0
    assert json.loads(out)["files"][0]["valid"] is True


def test_validate_colour_only_on_a_terminal_without_no_color(monkeypatch, capsys, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN_YAML, encoding="utf-8")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, out, _ = run(capsys, "validate", str(path))
    assert "\033[31;1merror\033[0m" in out
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "validate", str(path))
    assert "\033[" not in out


# ------------------------------------------------------------------ play
def test_play_prints_hands_actions_and_final_scores(capsys):
    code, out, err = run(capsys, "play", GAME, "--players", "3", "--seed", "7")
    assert code == 0, err
    assert out.startswith("Playa Pirata (playa-pirata): 3 players, seed 7")
    for hand in (1, 2, 3):
        assert f"Hand {hand} of 3" in out
        assert f"Hand {hand} scores:" in out
    assert re.search(r"^  seat [0-2]: \S", out, re.M)  # a turn line
    assert "Final scores:" in out
    assert re.search(r"^Winners?( \(tied\))?: seat", out, re.M)


def test_play_final_scores_match_the_engine(capsys, tmp_path):
    log = tmp_path / "log.json"
    code, out, _ = run(capsys, "play", GAME, "-p", "2", "-s", "5", "--log", str(log))
    assert code == 0
    end = json.loads(log.read_text(encoding="utf-8"))[-1]
    assert end["event"] == "end"
    final = out[out.index("Final scores:") :]
    for seat, points in enumerate(end["scores"]):
        assert re.search(rf"^  seat {seat}: {points}\b", final, re.M)


def test_play_same_seed_same_game(capsys):
    first = run(capsys, "play", GAME, "-p", "4", "-s", "42")
    second = run(capsys, "play", GAME, "-p", "4", "-s", "42")
    other = run(capsys, "play", GAME, "-p", "4", "-s", "43")
    assert first == second
    assert first[1] != other[1]


def test_play_same_seed_same_game_across_processes():
    a = run_process("play", GAME, "-p", "3", "-s", "9", env={"PYTHONHASHSEED": "1"})
    b = run_process("play", GAME, "-p", "3", "-s", "9", env={"PYTHONHASHSEED": "2"})
    assert a.returncode == 0 and a.stdout == b.stdout


def test_play_quiet_prints_only_the_result(capsys):
    code, out, _ = run(capsys, "play", GAME, "-p", "2", "-s", "1", "--quiet")
    assert code == 0
    assert out.startswith("Final scores:")
    assert "Hand 1" not in out


def test_play_log_writes_the_game_log_as_json(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, _, _ = run(capsys, "play", GAME, "-p", "3", "-s", "7", "--log", str(path))
    assert code == 0
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log[0] == {
        "event": "start",
        "game": GAME,
        "players": 3,
        "seed": 7,
        "variants": [],
        "rules": pr.load(GAME).digest,
    }
    assert log[-1]["event"] == "end"
    assert {ev["event"] for ev in log} >= {"start", "hand", "action", "score", "end"}
    # the log replays to the same match
    game = pr.load(GAME).new_game(3, seed=7)
    for ev in log:
        if ev["event"] == "action":
            assert game.current_player == ev["seat"]
            game.apply(ev["action"])
    assert game.is_over and game.scores() == log[-1]["scores"]


def test_play_log_to_unwritable_place_fails_before_playing(capsys, tmp_path):
    code, out, err = run(capsys, "play", GAME, "-p", "2", "-s", "1", "--log", str(tmp_path / "no" / "x.json"))
    assert code == 1
    assert "cannot write the log" in err and "Hand 1" not in out


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["play", "no-such-game", "-p", "2"], "no bundled game 'no-such-game'"),
        (["play", GAME, "-p", "5"], "not 5"),
    ],
)
def test_play_errors_are_one_clear_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert "playa-rules: error:" in err and fragment in err
    assert len(err.strip().splitlines()) == 1
    assert_no_traceback(out, err)


def test_play_invalid_rule_file_prints_every_diagnostic(capsys):
    path = CASES / "schema" / "several-errors.yaml"
    code, out, err = run(capsys, "play", str(path), "-p", "2")
    assert code == 1
    assert err.count(f"{path}:") == 5  # three diagnostics, what was not checked, the closing line
    assert "invalid rules (3 errors)" in err
    assert_no_traceback(out, err)


@pytest.mark.parametrize("argv", [["play", GAME], ["play", GAME, "-p", "2", "--human", "2"]])
def test_play_usage_errors(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err


# ------------------------------------------------------------------ human play
def test_human_bad_input_then_always_the_first_action(capsys, monkeypatch):
    answers = "banana\n0\n99999\n\n" + "1\n" * 400
    code, out, err = run(
        capsys, "play", GAME, "-p", "2", "-s", "3", "--human", "0", stdin=answers, monkeypatch=monkeypatch
    )
    assert code == 0, err
    assert "'banana' is not a legal action and no legal action matches it" in out
    assert "there is no action 0" in out
    assert "there is no action 99999" in out
    assert "seat 0 to play · hand 1 of 2 · The First Turn · bury a Treasure" in out
    assert re.search(r"^ you \(seat 0\) ", out, re.M)
    assert "Final scores:" in out
    assert_no_traceback(out, err)


def test_human_play_against_a_move_the_others_see_only_as_a_turn(capsys, monkeypatch, tmp_path):
    """Connect Four with `others_see: turn` on its drop: the person at seat 0 reads that seat 1
    moved, not where (format.md), instead of the narrator failing on the missing action text."""
    rules = (ROOT / "tests" / "games" / "connect-four.yaml").read_text(encoding="utf-8")
    path = tmp_path / "c4-os.yaml"
    path.write_text(rules.replace('text: "drop {cell}"', 'text: "drop {cell}"\n    others_see: turn'))
    code, out, err = run(
        capsys,
        "play",
        str(path),
        "-p",
        "2",
        "-s",
        "1",
        "--human",
        "0",
        stdin="1\n1\nq\n",
        monkeypatch=monkeypatch,
    )
    assert code == 130, err
    assert "  seat 1: made a move (which one is not shown to you)" in out
    assert "internal error" not in err
    assert_no_traceback(out, err)


def test_human_summary_shows_own_zones_and_hides_others(capsys, monkeypatch):
    code, out, _ = run(
        capsys, "play", GAME, "-p", "3", "-s", "7", "--human", "0", stdin="q\n", monkeypatch=monkeypatch
    )
    assert code == 130
    view = out[out.index("seat 0 to play") :]
    assert re.search(r"^ you \(seat 0\) ", view, re.M)
    assert re.search(r"^ seat 1 .*hidden", view, re.M)
    assert "legal actions (" in view and "  1. " in view


def test_human_help_filter_and_action_text(capsys, monkeypatch):
    game = pr.load(GAME).new_game(2, seed=3)
    first_text = str(game.legal_actions()[0])
    word = first_text.split()[0]
    answers = f"?\n{word}\n{first_text}\nq\n"
    code, out, err = run(
        capsys, "play", GAME, "-p", "2", "-s", "3", "--human", "0", stdin=answers, monkeypatch=monkeypatch
    )
    assert code == 130
    assert "Choose an action by typing one of:" in out
    assert f"match '{word}':" in out
    assert f"seat 0 (you): {first_text}" in out
    assert "quit" in err


def test_human_quit_exits_130(capsys, monkeypatch, tmp_path):
    log = tmp_path / "partial.json"
    code, out, err = run(
        capsys,
        "play",
        GAME,
        "-p",
        "2",
        "-s",
        "1",
        "--human",
        "1",
        "--log",
        str(log),
        stdin="1\nquit\n",
        monkeypatch=monkeypatch,
    )
    assert code == 130
    assert "quit: the game is abandoned" in err
    events = json.loads(log.read_text(encoding="utf-8"))
    assert events[-1]["event"] != "end"
    assert_no_traceback(out, err)


def test_human_end_of_input_exits_1_with_a_message():
    proc = run_process("play", GAME, "-p", "2", "-s", "1", "--human", "0", stdin="2\n")
    assert proc.returncode == 1
    assert "end of input" in proc.stderr
    assert_no_traceback(proc.stdout, proc.stderr)


def test_human_several_seats(capsys, monkeypatch):
    code, out, _ = run(
        capsys,
        "play",
        GAME,
        "-p",
        "2",
        "-s",
        "2",
        "--human",
        "0",
        "--human",
        "1",
        stdin="1\n" * 400,
        monkeypatch=monkeypatch,
    )
    assert code == 0
    assert "seat 0 (human)" in out and "seat 1 (human)" in out


def test_a_person_at_the_terminal_never_sees_what_another_seat_buried(capsys, monkeypatch):
    """The lines of play follow the person's own log (log_for): another seat's buried
    treasure reads 'bury treasure', as its card reads '?' on the table."""
    code, out, _ = run(
        capsys, "play", GAME, "-p", "3", "-s", "5", "--human", "0", stdin="1\n" * 400, monkeypatch=monkeypatch
    )
    assert code == 0
    others = re.findall(r"^  seat [12]: bury (\w+)", out, re.M)
    assert others and set(others) == {"treasure"}
    assert re.search(r"^  seat 0 \(you\): bury (?!treasure)\S+", out, re.M)


def test_people_sharing_a_keyboard_see_only_what_all_of_them_may_see(capsys, monkeypatch):
    code, out, _ = run(
        capsys,
        "play",
        GAME,
        "-p",
        "3",
        "-s",
        "5",
        "--human",
        "0",
        "--human",
        "1",
        stdin="1\n" * 400,
        monkeypatch=monkeypatch,
    )
    assert code == 0
    assert set(re.findall(r"^  seat \d \(human\): bury (\w+)", out, re.M)) == {"treasure"}
    assert set(re.findall(r"^  seat 2: bury (\w+)", out, re.M)) == {"treasure"}


def test_long_action_lists_are_summarised_and_filterable():
    """Hundreds of legal actions: the overview stays short; words narrow the list."""
    game = pr.load(GAME).new_game(2, seed=3)
    while len(game.legal_actions()) < 100:
        game.apply(game.legal_actions()[0])
    choices = Choices(game.legal_actions())
    overview = choices.overview()
    assert len(overview) < 20
    last = choices.texts[-1]
    narrowed = choices.matching(f"{last.split()[0]} {last.split()[-1]}")
    assert 0 < len(narrowed) < len(choices.texts)
    assert all(last.split()[-1] in choices.texts[i] for i in narrowed)
    assert choices.exact(last) == len(choices.texts) - 1
    lines = summary(game.view(game.current_player))
    assert lines[0].startswith(f"seat {game.current_player} to play")


# ------------------------------------------------------------------ the pirate gold card game
GOLD = "pirate-gold-cards"


def test_validate_the_pirate_gold_card_game(capsys):
    assert run(capsys, "validate", GOLD) == (0, f"{GOLD}: valid\n", "")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_play_the_pirate_gold_card_game_for_every_player_count(capsys, tmp_path, players):
    log = tmp_path / "log.json"
    code, out, err = run(capsys, "play", GOLD, "-p", str(players), "-s", "3", "--log", str(log))
    assert code == 0, err
    assert out.startswith(f"Pirate gold cards (Piece Craft) ({GOLD}): {players} players, seed 3")
    end = json.loads(log.read_text(encoding="utf-8"))[-1]
    final = out[out.index("Final scores (the match's points: `me.tokens`, not the hands' sum):") :]
    for seat, points in enumerate(end["scores"]):  # the final scores are the tokens, not a sum of hands
        assert re.search(rf"^  seat {seat}( \(automaton\))?: {points}$", final, re.M)
    assert len(end["scores"]) == max(players, 3)
    if players == 2:
        assert "seat 2: played by the rules" in out
        assert re.search(
            r"^  seat 2 \(automaton\): give to 2 \(\w+( gold)?\); give to 0 \(\w+( gold)?\); give to 1",
            out,
            re.M,
        )


def test_a_person_cannot_take_the_automaton_seat(capsys):
    code, _, err = run(capsys, "play", GOLD, "-p", "2", "--human", "2")
    assert (
        code == 2
        and (
            "--human 2: seat 2 is played by the rules (automaton 'dummy' of pirate-gold-cards "
            "with 2 players); people take seats 0 to 1"
        )
        in err
    )


def test_a_seat_given_twice_to_human_is_a_usage_error(capsys):
    code, _, err = run(capsys, "play", GOLD, "-p", "3", "--human", "0", "--human", "0")
    assert code == 2 and "--human 0 is given twice" in err


@pytest.mark.parametrize(
    "command",
    [
        ["play", "playa-pirata", "-p", "2", "--seed", "abc"],
        ["validate", "playa-pirata", "--simulate", "1", "--seed", "abc"],
        ["simulate", "playa-pirata", "-p", "2", "-n", "1", "--seed", "abc"],
    ],
)
def test_every_command_takes_a_whole_number_seed_and_says_so(capsys, command):
    code, _, err = run(capsys, *command)
    assert code == 2 and "a seed is a whole number, not 'abc'" in err


def test_bundled_files_are_named_by_their_place_in_the_package_not_the_install_path(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "extends: playa-pirata\nvariant: bad\nphases:\n  - {id: regular, rule: 12}\n", encoding="utf-8"
    )
    from playa_rules import resources
    from playa_rules.source.variants import display_name, read

    assert display_name(resources.games_dir() / "playa-pirata.yaml") == "spec/games/playa-pirata.yaml"
    assert read(resources.games_dir() / "playa-pirata.yaml").file == "spec/games/playa-pirata.yaml"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_play_lying_pirates_for_every_player_count(capsys, players):
    code, out, err = run(capsys, "play", "lying-pirates", "-p", str(players), "-s", "3")
    assert code == 0, err
    assert out.startswith(f"Lying Pirates (lying-pirates): {players} players, seed 3")
    assert re.search(r"^(Winners?( \(tied\))?: seat|No winner)", out, re.M)


def test_validate_lying_pirates_is_valid(capsys):
    code, out, _ = run(capsys, "validate", "lying-pirates")
    assert code == 0 and out.strip() == "lying-pirates: valid"


def test_a_match_won_by_no_seat_says_so(capsys):
    from playa_rules.cli import Narrator

    Narrator(hands=1, humans=set(), quiet=True).event({"event": "end", "scores": [0, 0], "winners": []})
    assert capsys.readouterr().out.splitlines()[-1] == "No winner"


def test_a_random_match_says_what_chance_decided(capsys):
    """Spectators see each card that came up beside the action that drew it, and what the
    flow dealt or rolled on a line of its own."""
    code, out, _ = run(capsys, "play", GOLD, "-p", "3", "-s", "1")
    assert code == 0
    assert "  seat 0: give to 0 (1 gold); give to 2 (2 gold); give to 0 (Pirate)\n" in out
    code, out, _ = run(capsys, "play", "playa-pirata", "-p", "2", "-s", "1")
    assert "  chance: drawn from supply: 4, 7, skull, 3 (treasure), 5," in out


def test_a_person_at_the_table_is_not_told_what_chance_decided(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    code, out, _ = run(capsys, "play", GOLD, "-p", "3", "-s", "1", "--human", "0")
    assert code == 0 and "chance:" not in out and "(1 gold)" not in out


def test_a_game_without_scores_says_how_it_was_won(capsys):
    code, out, _ = run(capsys, "play", "lying-pirates", "-p", "3", "-s", "1")
    assert code == 0 and "Final scores" not in out
    assert "Winner: seat 0 (the rules declared it in phase 'end_game')" in out


def test_a_game_without_scoring_or_win_says_every_seat_ties_on_0_points(capsys, tmp_path):
    """No scoring rules and no `win` effect: the winners are the seats with most points
    (all on 0), not a win the rules declared (format.md, match)."""
    code, out, _ = run(capsys, "play", str(CASES / "schema" / "minimal.yaml"), "-p", "2", "-s", "1")
    assert code == 0 and "Final scores" not in out and "declared" not in out
    assert (
        "Winners (tied): seat 0, seat 1 (no scoring rules and no `win` effect: every seat ends on 0 points, "
        "so they tie)\n"
    ) in out
    tie_broken = (CASES / "schema" / "minimal.yaml").read_text(encoding="utf-8") + (
        'match:\n  hands: 1\n  tie_breaks:\n    - {id: cards, value: "count(me.hand) + me.index"}\n'
    )
    (tmp_path / "tie-broken.yaml").write_text(tie_broken, encoding="utf-8")
    code, out, _ = run(capsys, "play", str(tmp_path / "tie-broken.yaml"), "-p", "2", "-s", "1")
    assert code == 0
    assert (
        "Winner: seat 1 (no scoring rules and no `win` effect: every seat ends on 0 points; "
        "the tie-breaks decided)\n"
    ) in out


def test_a_win_effect_in_a_scored_game_is_named_after_the_scores(capsys):
    code, out, _ = run(capsys, "play", str(ROOT / "tests" / "games" / "dice-duel.yaml"), "-p", "2", "-s", "5")
    assert code == 0 and "Final scores:" in out
    assert "Winner: seat 1 (the rules declared it in phase 'play')\n" in out
    code, out, _ = run(capsys, "play", str(ROOT / "tests" / "games" / "dice-duel.yaml"), "-p", "2", "-s", "1")
    assert "Winner: seat 1\n" in out


# ------------------------------------------------------------------ what a user testing from outside found
def _help_of(capsys, *argv) -> str:
    code, out, _ = run(capsys, *argv, "--help")
    assert code == 0
    return " ".join(out.split())


def test_play_help_says_a_seed_is_a_whole_number_as_it_is(capsys):
    assert "--seed S, -s S a whole number fixing all chance" in _help_of(capsys, "play")
    assert "text" not in _help_of(capsys, "play").split("--seed S, -s S", 1)[1].split("--human")[0]
    assert run(capsys, "play", GAME, "-p", "2", "-s", "abc")[0] == 2


def test_the_log_example_of_the_docs_is_the_seed_1_match_printed_above_it(capsys, tmp_path):
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    example = json.loads(
        page.split("### `--log FILE.json`", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    )
    assert run(capsys, "play", GAME, "-p", "2", "-s", "1", "--log", str(tmp_path / "log.json"))[0] == 0
    log = json.loads((tmp_path / "log.json").read_text(encoding="utf-8"))
    for event in example:
        assert event in log, event
    ends = [e for e in log if e["event"] in ("score", "end")]
    assert [e for e in example if e["event"] in ("score", "end")] == ends
    assert ends[-1]["scores"] == [5, 42] and ends[-1]["winners"] == [1]


def test_validate_json_reports_no_simulated_games_for_files_with_errors(capsys):
    examples = ROOT / "docs" / "examples"
    code, out, _ = run(
        capsys,
        "validate",
        "--format",
        "json",
        "--simulate",
        "2",
        str(examples / "broken.yaml"),
        str(examples / "several-errors.yaml"),
        GAME,
    )
    assert code == 1
    assert [(f["valid"], f["simulated_games"]) for f in json.loads(out)["files"]] == [
        (False, 0),
        (False, 0),
        (True, 2),
    ]


def _suggestions(lines: list[str]) -> list[tuple[str, int]]:
    return [
        (q, int(k))
        for line in lines
        if "type words to list some" in line
        for q, k in re.findall(r"'([^']+)' \((\d+)\)", line)
    ]


def test_counts_of_one_read_in_the_singular(capsys):
    """One player, one action, a group of one (outside tester, session 19, item 22): '1
    player', '1 action', 'towels 1 of the cards' (the parameter names the many), not '1
    players', '1 action(s)' or 'towels 1 cards'."""
    code, out, err = run(capsys, "play", str(ROOT / "tests" / "games" / "blackjack.yaml"), "--seed", "1")
    assert code == 0, err
    assert out.startswith("Blackjack (test game) (blackjack): 1 player, seed 1")
    game = pr.load(GAME).new_game(2, seed=1)
    game.apply(game.legal_actions()[0])
    while len(game.legal_actions()) < 100:
        game.apply(game.legal_actions()[0])
    choices = Choices(game.legal_actions())
    kind = [i for i, a in enumerate(choices.actions) if a.name == "place_towels"]
    one = [i for i in kind if choices.actions[i].parts()["spot"] == choices.actions[kind[0]].parts()["spot"]]
    labels = [label for label, _ in choices.groups(one)]
    assert labels[0].startswith("towels 1 of the cards on #") and labels[1].startswith("towels 2 cards on #")
    assert choices.lettered([("x", [0])], "")[0].strip() == "a. x (1)"
    choices.letters = {"a": [one[0]]}
    assert choices.narrowed("a")[0] == "1 action:"
    from playa_rules.cli.human import HumanSeat

    longest = max(choices.texts, key=len)  # words that only one action has
    HumanSeat._filter(choices, longest, len(choices.texts))
    assert capsys.readouterr().out.startswith(f"1 action matches '{longest}':")


def test_the_library_s_messages_say_one_player_and_one_action():
    """Rules for one player, a legal list of one, a simulation of one seat: '1 player', '1
    action', not '1 players', '(legal: 1 actions)'."""
    from playa_rules.engine.resolve import _illegal_message
    from playa_rules.simulation.report import summary_html
    from playa_rules.simulation.smoke import _diagnostic

    rules = pr.load(ROOT / "tests" / "games" / "blackjack.yaml")
    assert rules.not_for(2) == "blackjack is for 1 player, not 2" and repr(rules).endswith("for 1 player>")
    assert pr.load(GAME).not_for(9) == "playa-pirata is for 2 to 4 players, not 9"
    game = rules.new_game(1, seed=1)

    class One:  # the game with one legal action
        def __init__(self, inner):
            self.g, self.m, self._legal = inner.g, inner.m, list(inner.legal_actions())[:1]

    assert _illegal_message(One(game), "zzz").endswith("(legal: 1 action)")
    d = _diagnostic(rules, "sim-runtime-error", 1, 3, "it failed", None, [3], 1)
    assert (
        d.message.startswith("with 1 player, seed 3: it failed")
        and d.hint == "1 of 1 game with 1 player failed this way"
    )
    result = pr.simulate(rules, players=1, games=2, seed=0)
    assert ", 1 player, agents" in summary_html(result)


def test_filter_suggestions_count_what_typing_them_lists():
    """lying-pirates, 3 players, seed 4, seat 1: 'bid 6' lists 19 actions (every bid with a
    word starting with 6), so the hint says 19, not the 15 with 6 as the last word."""
    import random

    game = pr.load("lying-pirates").new_game(3, seed=4)
    rng = random.Random(4)
    while game.current_player != 1:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    choices = Choices(game.legal_actions())
    found = _suggestions(choices.overview())
    assert ("bid 6", 19) in found and ("exact 5", 19) in found and ("bid 2", 18) in found
    for query, count in found:
        assert len(choices.matching(query)) == count, query
    game = pr.load(GAME).new_game(2, seed=3)  # where the words split the list exactly: each part's size
    while len(game.legal_actions()) < 100:
        game.apply(game.legal_actions()[0])
    choices = Choices(game.legal_actions())
    assert _suggestions(choices.overview()) == [(f"towels #{k}", 124) for k in range(4)]


def test_every_yaml_modeline_names_a_schema_that_exists():
    """`# yaml-language-server: $schema=PATH` is relative to the file: it must reach the schema."""
    files = [p for top in ("docs", "spec") for ext in ("yaml", "yml") for p in (ROOT / top).rglob(f"*.{ext}")]
    checked = 0
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            found = re.search(r"yaml-language-server:.*\$schema=(\S+)", line)
            if found and "://" not in found.group(1):
                assert (path.parent / found.group(1)).is_file(), f"{path.relative_to(ROOT)}: {line}"
                checked += 1
    assert checked >= 20


def test_the_command_table_names_every_language_rules_prints(capsys):
    from playa_rules.render.words import LANGUAGES

    names = {"en": "English", "it": "Italian", "es": "Spanish"}
    row = next(
        line
        for line in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| `playa-rules rules GAME` |")
    )
    assert set(LANGUAGES) == set(names) and all(names[lang] in row for lang in LANGUAGES)
    assert run(capsys, "rules", "maui", "--lang", "es")[0] == 0


@pytest.mark.parametrize("alpha", ["2", "-1", "0", "1", "nan", "x"])
def test_a_significance_level_outside_0_1_is_a_usage_error(capsys, alpha):
    code, out, err = run(capsys, "compare", GAME, "--variant", "short-game", "-n", "1", f"--alpha={alpha}")
    assert code == 2 and "between 0 and 1" in err and not out


@pytest.mark.parametrize("alpha", [2, -1, 0, 1.0, float("nan"), True, "0.05"])
def test_compare_raises_for_a_significance_level_outside_0_1(alpha):
    with pytest.raises(pr.PlayaRulesError, match="between 0 and 1"):
        pr.compare(GAME, ["short-game"], games=1, workers=1, alpha=alpha)


def test_the_prompt_quotes_input_safely_and_takes_only_ascii_digits(capsys):
    from playa_rules.cli.human import HumanSeat, quoted

    game = pr.load(GAME).new_game(2, seed=1)
    answers = iter(["\x1b[A", "\x00", "z" * 5000, "\uff13", "\u00b2", "9" * 5000, "1"])
    action = HumanSeat(0, read=lambda prompt: next(answers), echo=False).choose(game)
    out = capsys.readouterr().out
    assert str(action) == str(game.legal_actions()[0])  # '３' did not play action 3
    assert "\x1b[A" not in out and "\x00" not in out
    assert "'\\x1b[A' is not a legal action: control characters" in out and "'\\x00'" in out
    assert "'" + "z" * 60 + "...' is not a legal action" in out and "z" * 61 not in out
    assert "'\uff13' is not a legal action" in out and "'\u00b2' is not a legal action" in out
    assert "there is no action " + "9" * 60 + "...: choose a number from 1 to" in out
    assert quoted("a\tb") == "a\\tb" and quoted("x" * 70, None) == "x" * 70


def test_a_folder_given_as_a_rule_file_is_named(capsys, tmp_path):
    folder = str(tmp_path)
    message = f"cannot read {folder}: it is a folder, not a rule file"
    for argv in (["play", folder], ["diff", GAME, folder], ["play", GAME, "-p", "2", "--variant", folder]):
        code, _, err = run(capsys, *argv)
        assert code == 1 and message in err, argv
    code, out, _ = run(capsys, "validate", folder)
    assert code == 1 and f"{folder}: error unreadable: {message}" in out


def test_validate_names_an_empty_path_once(capsys):
    code, out, _ = run(capsys, "validate", "")
    assert code == 1
    assert out.splitlines() == [
        "'': error unreadable: the game is empty (''): give a bundled game id "
        f"({', '.join(pr.games())}) or the path of a rule file",
        "'': 1 error",
    ]
    code, _, err = run(capsys, "play", "")
    assert code == 1 and "the game is empty" in err


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_a_report_path_that_cannot_be_written_fails_before_any_game(capsys, tmp_path, monkeypatch, command):
    import playa_rules.simulation.batch as batch
    import playa_rules.simulation.compare as comparing

    def played(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(batch, "simulate", played)
    monkeypatch.setattr(comparing, "compare", played)
    a_file = tmp_path / "report.html"
    a_file.write_text("", encoding="utf-8")
    extra = ["--variant", "short-game"] if command == "compare" else []
    code, _, err = run(capsys, command, GAME, "-n", "2", *extra, "--report", str(a_file))
    assert (
        code == 1 and f"cannot write the report to {a_file}: it is a file, and --report names a folder" in err
    )
    code, _, err = run(capsys, command, GAME, "-n", "2", *extra, "--report", str(a_file / "sub"))
    assert code == 1 and f"cannot write the report to {a_file / 'sub'}: " in err


def test_the_source_line_names_the_rulebook_not_a_file_in_every_language():
    from playa_rules.render import rules_markdown
    from playa_rules.render.words import LANGUAGES

    for gid in pr.games():
        rules = pr.load(gid)
        for lang in LANGUAGES:
            head = rules_markdown(rules, lang=lang).split("\n## ", 1)[0]
            assert "shared/" not in head and ".txt" not in head, (gid, lang)


def test_a_failing_action_is_printed_before_the_error(capsys):
    code, out, err = run(
        capsys, "play", str(ROOT / "docs" / "examples" / "runtime-error.yaml"), "-p", "2", "-s", "1"
    )
    assert code == 1
    # seat 1's second split divides by zero: printed once, marked, after seat 0's wait
    assert out.rstrip().splitlines()[-2:] == [
        "  seat 0: wait",
        "  seat 1: split (failed: see the error below)",
    ]
    assert "action 'split' failed" in err and "division by zero" in err


def test_a_one_player_match_gives_the_players_result_not_a_winner(capsys, tmp_path):
    """Outside tester, session 19: Blackjack against the rules' dealer printed "Winner: seat 0"
    after a loss. With one seat that can win, most points names nobody: the line gives the
    seat's points, unless a `win` effect declared the result."""
    blackjack = ROOT / "tests" / "games" / "blackjack.yaml"
    code, out, _ = run(capsys, "play", str(blackjack), "-s", "1")
    assert code == 0 and "Winner" not in out
    assert (
        "Result: seat 0 ends on -1 point (one seat can win: its points are its result; "
        "only a `win` effect names a winner)\n"
    ) in out
    declared = (
        blackjack.read_text(encoding="utf-8")
        .replace("if mine > 21 { end match }", "if mine > 21 { win none }")
        .replace(
            "      end match\n", "      if mine > dealers or dealers > 21 { win me } else { win none }\n"
        )
    )
    (tmp_path / "declared.yaml").write_text(declared, encoding="utf-8")
    code, out, _ = run(capsys, "play", str(tmp_path / "declared.yaml"), "-s", "1")
    assert code == 0 and "No winner (the rules declared it in phase 'play')\n" in out


ENDLESS = """\
game: endless
title: Endless
players: [2]
variables:
  player: {x: 0}
actions:
  a:
    text: a
    effect: set me.x += 1
phases:
  - id: m
    turns: {from: start_player, until: false}
    steps: [{id: s, actions: [a]}]
scoring:
  - {id: x, rule: x, points: me.x}
"""


def test_play_stops_a_match_that_cannot_finish_with_an_error(capsys, tmp_path):
    """A phase that never ends loads with the endless-phase warning; play stopped it only when
    killed (outside tester, session 19, item 18): now after --max-actions actions (default
    100,000), an error that quotes the warning, and the log of the unfinished game."""
    path, log = tmp_path / "endless.yaml", tmp_path / "log.json"
    path.write_text(ENDLESS, encoding="utf-8")
    argv = ["play", str(path), "-p", "2", "--seed", "0", "--log", str(log)]
    assert main([*argv, "--max-actions", "7"]) == 1
    out, err = capsys.readouterr()
    assert out.count("  seat ") == 7 and "(unfinished game)" in out
    (last,) = [line for line in err.splitlines() if line.startswith("playa-rules: error:")]
    assert last == (
        f"playa-rules: error: the match did not end within 7 actions: stopped (give --max-actions to play "
        f"longer); {path}:12:40: the rules cannot finish: phase 'm' never ends: its 'until' condition never "
        f"holds and no effect ends a phase, hand or match"
    )
    assert sum(ev["event"] == "action" for ev in json.loads(log.read_text())) == 7
    from playa_rules.cli.main import build_parser

    assert build_parser().parse_args(["play", str(path)]).max_actions == 100_000  # as validate --simulate
    assert main(["play", "high-card-five", "-p", "2", "--max-actions", "0"]) == 2
