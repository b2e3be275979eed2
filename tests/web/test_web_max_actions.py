"""The web table's bound on one match (docs/web.md, README "Safety"): a table not over after the
server's ``max_actions`` moves (``playa-rules serve --max-actions``, default 100,000, people's and
agents' moves as the store counts them) stops with an error every page shows, as ``play
--max-actions`` does, quoting the rules' ``endless-phase`` warning. Agents at a stranger's game
that cannot finish no longer play on for as long as the server runs."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from playa_rules.cli.main import build_parser  # noqa: E402
from playa_rules.web.app import build_app  # noqa: E402
from playa_rules.web.store import Store  # noqa: E402

NO_END = Path(__file__).resolve().parent.parent / "cases" / "simulate" / "no-end.yaml"


def _table(client) -> str:
    r = client.post(
        "/api/tables",
        json={
            "game": None,
            "upload": {"name": "no-end.yaml", "text": NO_END.read_text(encoding="utf-8")},
            "players": 2,
            "seed": 1,
            "seats": [{"kind": "person"}, {"kind": "random"}],
        },
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_a_table_past_the_servers_bound_stops_with_an_error(tmp_path):
    path = str(tmp_path / "t.sqlite")
    with TestClient(build_app(path, max_actions=9)) as client:
        made = _table(client)
        with client.websocket_connect(f"/ws/{made['seats']['0'].rsplit('/', 1)[1]}") as ws:
            assert ws.receive_json()["type"] == "intro"
            for _ in range(40):
                msg = ws.receive_json()
                if msg["type"] == "table" and msg["error"]:
                    break
                if msg["type"] == "table" and msg["actions"]:
                    ws.send_json({"type": "act", "id": msg["actions"][0]["id"], "seen": msg["moves"]})
            assert msg["error"].startswith(
                "the match did not end within 9 moves: stopped (the server's bound: playa-rules serve "
                "--max-actions); "
            )
            assert "the rules cannot finish: phase 'main' never ends" in msg["error"]
            assert msg["moves"] == 9 and not msg["over"] and msg["actions"] == []
            ws.send_json({"type": "act", "id": 0, "seen": msg["moves"]})
            assert ws.receive_json()["error"] == msg["error"]  # a move after it: the same error
    assert Store(path).move_count(made["table"]) == 9
    with TestClient(build_app(path, max_actions=5)) as client:  # a restart with a lower bound
        with client.websocket_connect(f"/ws/{made['seats']['0'].rsplit('/', 1)[1]}") as ws:
            ws.receive_json()
            assert "within 5 moves" in ws.receive_json()["error"]


def test_serve_takes_max_actions():
    assert build_parser().parse_args(["serve"]).max_actions == 100_000  # as play and simulate
    assert build_parser().parse_args(["serve", "--max-actions", "50"]).max_actions == 50
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--max-actions", "0"])
