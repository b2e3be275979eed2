"""Progress that informs: games reported one by one as they finish, and Ctrl-C keeps what finished."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
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


# The command line in a child process, watched: after each task, the number of games it
# finished on standard error ("finished N", the rest of standard error as it is); with
# ``--at-start``, a Ctrl-C to the whole process group (as a terminal sends it) as each worker
# of the pool starts, before its first game.
WATCHED = """
import os, signal, sys
import multiprocessing.process
# as a terminal starts a command: Ctrl-C neither ignored nor held, whatever the test runner's
# process left to its children (a pytest worker may hold it: the run then never saw the signal)
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
from playa_rules.cli import simulate
from playa_rules.cli.main import main
advance = simulate._Progress.advance
def told(self, records):
    advance(self, records)
    print(f"finished {len(records)}", file=sys.stderr, flush=True)
simulate._Progress.advance = told
if sys.argv[1] == "--at-start":
    start = multiprocessing.process.BaseProcess.start
    def started(self):
        start(self)
        os.killpg(0, signal.SIGINT)
    multiprocessing.process.BaseProcess.start = started
raise SystemExit(main(sys.argv[2:]))
"""
SIMULATE = ["simulate", "playa-pirata", "-p", "2", "-n", "100000", "-w", "2", "--json"]


def _watched(when: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", WATCHED, when, *SIMULATE],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, for the Ctrl-C of --at-start
    )


def _interrupted_line(games: int) -> str:
    return f"interrupted: the results are of the {games} of 100000 games finished before Ctrl-C\n"


@pytest.mark.slow
def test_sigint_to_a_running_simulation_on_two_workers_keeps_the_finished_games():
    """Ctrl-C once a game has finished, with 99,999 left (minutes of play): the games finished
    are kept, the exit code is 130, and standard error has one clean line."""
    proc = _watched("--running")
    watchdog = threading.Timer(600, proc.kill)  # (a run that never reports: the test fails, not hangs)
    watchdog.start()
    try:
        first = proc.stderr.readline()
        assert first.startswith("finished "), first
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        watchdog.cancel()
    result = json.loads(out)
    assert proc.returncode == 130 and result["interrupted"]
    assert int(first.split()[1]) <= result["games"] < 100_000
    told = [line for line in err.splitlines(keepends=True) if not line.startswith("finished ")]
    assert told == [_interrupted_line(result["games"])]


@pytest.mark.slow
def test_ctrl_c_while_the_pool_starts_stops_the_run_with_one_clean_line():
    """A Ctrl-C to the process group while the pool's workers start (before any game): exit
    130, no game, one clean line on standard error (no traceback of a worker), no worker left."""
    proc = _watched("--at-start")
    out, err = proc.communicate(timeout=300)  # (a worker left would hold the pipes open)
    result = json.loads(out)
    assert proc.returncode == 130 and result["interrupted"] and result["games"] == 0
    assert err == _interrupted_line(0)
