"""A simultaneous step at the web table (playa-rules serve): every person it asks chooses at
once from their own page, a choice another seat sealed meanwhile does not make a page stale,
the others' pages show that a seat has chosen and not what, and a restarted server replays
the sealed choices from the store."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from playa_rules.web.app import build_app  # noqa: E402
from playa_rules.web.store import Store  # noqa: E402

GOOFSPIEL = (Path(__file__).resolve().parent.parent / "games" / "goofspiel.yaml").read_text(encoding="utf-8")


def _table(client) -> dict:
    r = client.post(
        "/api/tables",
        json={
            "game": None,
            "upload": {"name": "goofspiel.yaml", "text": GOOFSPIEL},
            "players": 2,
            "seed": 4,
            "seats": [{"kind": "person"}, {"kind": "person"}],
        },
    )
    assert r.status_code == 200, r.text
    return r.json()


def _until(ws, holds, limit: int = 10) -> dict:
    """The first table message the page receives for which ``holds`` is true (a page is also
    sent the table again when another page connects)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == "table" and holds(msg):
            return msg
    raise AssertionError("no such message")


def _link(made, seat: int) -> str:
    return "/ws/" + made["seats"][str(seat)].rsplit("/", 1)[1]


def test_two_people_bid_at_once_from_their_own_pages(tmp_path):
    path = str(tmp_path / "t.sqlite")
    with TestClient(build_app(path)) as client:
        made = _table(client)
        with (
            client.websocket_connect(_link(made, 0)) as zero,
            client.websocket_connect(_link(made, 1)) as one,
        ):
            page0 = _until(zero, lambda m: m["players"][1]["watching"])
            page1 = _until(one, lambda m: True)
            assert len(page0["actions"]) == 13 and len(page1["actions"]) == 13  # both asked at once
            one.send_json({"type": "act", "id": page1["actions"][-1]["id"], "seen": page1["moves"]})
            after = _until(
                zero, lambda m: m["moves"] == 1
            )  # seat 1 sealed its bid: seat 0 sees that, not which
            assert (
                after["view"]["simultaneous"]["chosen"] == [1]
                and "choices" not in after["view"]["simultaneous"]
            )
            assert after["log"][-1] == "seat 1: has chosen (sealed)" and len(after["actions"]) == 13
            zero.send_json(
                {"type": "act", "id": page0["actions"][0]["id"], "seen": page0["moves"]}
            )  # seen: 0
            done = _until(zero, lambda m: m["moves"] == 2)
            assert "seat 1: bid 13" in done["log"] and "you: bid 1" in done["log"]
    assert Store(path).move_count(made["table"]) == 2
    with TestClient(build_app(path)) as client:  # a new server replays the two sealed choices
        with client.websocket_connect(_link(made, 0)) as ws:
            ws.receive_json()
            assert ws.receive_json()["view"] == done["view"]
