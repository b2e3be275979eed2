"""The web table under a bounded load on loopback (benchmarks/web_load.py, smaller): tables of
people whose several tabs race each other on every turn, and agents, all at once. No move is
lost or applied twice: each table's store holds its log's decisions once each, in order, and
the log replays to the end of the match."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


@pytest.mark.slow
def test_racing_tabs_and_agents_lose_no_move_and_apply_none_twice():
    spec = importlib.util.spec_from_file_location("web_load", PATH)
    load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load)
    got = load.run(tables=8, tabs=2, limit=300)
    assert got["connections"] == 32
    assert got["tables_whose_store_and_log_differ"] == 0
    assert got["tables_over"] == 8
    assert got["refused"] > 0, "the tabs of a seat raced: all but one of their moves were refused"
    # each move sent is applied once or refused (an answer lost with a dropped connection aside)
    answered = got["people_moves"] + got["refused"]
    assert answered <= got["moves_sent"] <= answered + got["unanswered_at_reconnect"]
