"""Progress that informs: games reported one by one as they finish, and Ctrl-C keeps what finished."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.cli import simulate as cli_simulate
from playa_rules.simulation.runner import Sizer

ROOT = Path(__file__).resolve().parents[2]


def test_a_task_is_one_game_until_the_cost_of_a_game_is_known_then_a_quarter_second_of_them():
    sizer = Sizer(workers=2)
    assert sizer.next_size(200) == 1
    sizer.record(1, 4.0)  # a search game: 4 s
    assert sizer.next_size(200) == 1
    quick = Sizer(workers=2)
    quick.record(10, 0.01)  # random games: 1 ms each
    assert quick.next_size(10_000) == 250
    assert quick.next_size(12) == 3  # never more than an even share of what is left


def test_slow_games_are_reported_one_by_one_on_two_workers():
    sizes = []
    pr.simulate(
        "playa-pirata",
        players=3,
        games=6,
        agents=["ismcts:playouts=4", "random", "random"],
        workers=2,
        on_done=lambda records: sizes.append(len(records)),
    )
    assert sum(sizes) == 6 and sizes[0] == 1


def test_ctrl_c_in_the_cli_prints_one_clean_line_and_the_statistics_of_the_games_finished(
    monkeypatch, capsys
):
    advance = cli_simulate._Progress.advance
    seen = []

    def interrupted_after_three(self, records):
        advance(self, records)
        seen.extend(records)
        if len(seen) >= 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(cli_simulate._Progress, "advance", interrupted_after_three)
    assert main(["simulate", "playa-pirata", "-p", "2", "-n", "50", "-w", "1"]) == 130
    captured = capsys.readouterr()
    assert captured.err == "interrupted: the results are of the 3 of 50 games finished before Ctrl-C\n"
    assert "3 of 50 games (interrupted)" in captured.out and "By seat" in captured.out


@pytest.mark.slow
def test_sigint_to_a_running_simulation_on_two_workers_keeps_the_finished_games():
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "playa_rules",
            "simulate",
            "playa-pirata",
            "-p",
            "2",
            "-n",
            "100000",
            "-w",
            "2",
        ]
        + ["--json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(8)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    result = json.loads(out)
    assert proc.returncode == 130 and result["interrupted"] and 0 < result["games"] < 100_000
    assert err == (
        f"interrupted: the results are of the {result['games']} of 100000 games finished before Ctrl-C\n"
    )
