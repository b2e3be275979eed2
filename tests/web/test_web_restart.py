"""Nothing lost: a real server killed (SIGKILL) mid-match and started again on the same store
finds every table and seat link as it was, and the match plays on to its end."""

from __future__ import annotations

import contextlib
import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from web_server import Server  # noqa: E402

import playa_rules as pr  # noqa: E402


def until_table(ws) -> dict:
    while True:
        msg = json.loads(ws.recv(timeout=60))
        if msg["type"] == "table":
            return msg


def play(server, links: dict, moves: int | None = None) -> None:
    """The people at ``links`` play their turns (the first legal action, else the last) until
    ``moves`` of theirs are made, or to the end of the match."""
    with contextlib.ExitStack() as stack:
        sockets = {s: stack.enter_context(server.ws(link)) for s, link in links.items()}
        latest: dict = {}
        acted: set = set()
        made = 0
        while True:
            for s, ws in sockets.items():
                try:
                    while True:
                        msg = json.loads(ws.recv(timeout=0.05))
                        if msg["type"] == "table":
                            latest[s] = msg
                except TimeoutError:
                    pass
            if any(m["over"] for m in latest.values()) or (moves is not None and made >= moves):
                return
            for s, msg in latest.items():
                if msg["actions"] and msg["moves"] not in acted:
                    acted.add(msg["moves"])
                    pick = msg["actions"][0 if moves is not None else -1]["id"]
                    sockets[s].send(json.dumps({"type": "act", "id": pick, "seen": msg["moves"]}))
                    made += 1


def test_a_server_killed_mid_match_restarts_with_every_table_and_link(tmp_path):
    db = str(tmp_path / "tables.sqlite")
    server = Server(db).start()
    try:
        made = server.post(
            "/api/tables",
            {
                "game": "playa-pirata",
                "players": 3,
                "seed": 4,
                "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "random"}],
            },
        )
        links = made["seats"]
        other = server.post(
            "/api/tables",
            {"game": "maui", "players": 2, "seed": 2, "seats": [{"kind": "person"}, {"kind": "greedy"}]},
        )
        play(server, {s: links[s] for s in ("0", "1")}, moves=6)
        with server.ws(links["0"]) as ws:
            before = until_table(ws)
        server.kill()

        server = Server(db, server.port).start()
        with server.ws(links["0"]) as ws:
            after = until_table(ws)
        assert after["moves"] == before["moves"] >= 6
        assert after["view"] == before["view"] and after["log"] == before["log"]
        with server.ws(other["seats"]["0"]) as ws:
            assert until_table(ws)["view"]["game"] == "maui"

        play(server, {s: links[s] for s in ("0", "1")})
        log = server.get(f"/api/seat/{links['0'].rsplit('/', 1)[1]}/log.json")
    finally:
        server.stop()
    game = pr.replay(pr.load("playa-pirata"), log)  # the saved log is the whole match, each move once
    assert game.is_over
    from playa_rules.web.store import Store

    setup, moves = Store(db).table(made["table"])
    assert [m[1] for m in moves] == [
        e["id"] for e in log if e["event"] == "action" and e["seat"] in (0, 1, 2)
    ]
