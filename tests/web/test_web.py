"""The web table (playa-rules serve), in process: setting tables up, seats' sockets, secrecy, moves
kept once in the store, reloads and restarts. The browser tests are in test_web_browser.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

import playa_rules as pr  # noqa: E402
from playa_rules.web.app import build_app  # noqa: E402
from playa_rules.web.present import log_lines, view_of  # noqa: E402
from playa_rules.web.store import Store  # noqa: E402

PIRATA = {"game": "playa-pirata", "players": 3, "seed": 11}


def table(client, **changes) -> dict:
    body = dict(PIRATA, seats=[{"kind": "person"}, {"kind": "random"}, {"kind": "greedy"}])
    body.update(changes)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def play_to_end(ws, pick=lambda msg: msg["actions"][-1]["id"], limit=400) -> list[dict]:
    """Every message the seat's socket receives while it plays its turns to the end."""
    got = []
    for _ in range(limit * 10):
        msg = ws.receive_json()
        got.append(msg)
        if msg["type"] == "table" and msg["over"]:
            return got
        if msg["type"] == "table" and msg["actions"]:
            ws.send_json({"type": "act", "id": pick(msg), "seen": msg["moves"]})
    raise AssertionError("the match did not end")


def components(value, out=None) -> list[dict]:
    """Every component dict (one with a type) anywhere in a message."""
    out = [] if out is None else out
    if isinstance(value, dict):
        if "type" in value and ("id" in value or value.get("hidden")):
            out.append(value)
        for v in value.values():
            components(v, out)
    elif isinstance(value, list):
        for v in value:
            components(v, out)
    return out


# ---------------------------------------------------------------- setting a table up
def test_the_setup_page_lists_the_bundled_games_with_their_variants(tmp_path):
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert set(games) == set(pr.games())
        assert games["maui"]["players"] == [2, 3, 4]
        assert "crabs" in games["maui"]["variants"]
        assert "<title>" in client.get("/").text


BAD_SETUPS = [
    ({"game": "no-such-game"}, "choose a bundled game"),
    ({"players": 9, "seats": [{"kind": "person"}] * 9}, "playa-pirata is for 2 to 4 players, not 9"),
    ({"seats": [{"kind": "person"}]}, "give one player for each seat"),
    (
        {"seats": [{"kind": "person"}, {"kind": "robot"}, {"kind": "random"}]},
        "seat 1: choose a person or an agent",
    ),
    (
        {"seats": [{"kind": "person"}, {"kind": "ismcts", "playouts": 10**9}, {"kind": "random"}]},
        "seat 1: ismcts playouts is a whole number from 1 to 5000",
    ),
    ({"variants": ["no-such-variant"]}, "no-such-variant"),
    ({"lang": "xx"}, "the rules are in en, it, es, not 'xx'"),
    ({"upload": {"name": "../x.yaml", "text": "a: 1"}}, "the file name '../x.yaml' is not accepted"),
    (
        {"upload": {"name": "mine.yaml", "text": "game: mine\ntitle: [\n"}},
        "mine.yaml:3:1: error yaml-syntax",
    ),
]


@pytest.mark.parametrize("change, message", BAD_SETUPS)
def test_a_bad_setup_is_refused_with_the_librarys_located_message(tmp_path, change, message):
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        body = dict(PIRATA, seats=[{"kind": "person"}, {"kind": "random"}, {"kind": "random"}])
        body.update(change)
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400
        assert message in r.json()["error"]
        assert "Traceback" not in r.text


def test_a_request_that_is_not_json_gets_a_message(tmp_path):
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        r = client.post("/api/tables", content=b"\xff{")
        assert r.status_code == 400 and "not JSON" in r.json()["error"]


def test_an_uploaded_rule_file_and_variant_make_a_table(tmp_path):
    text = (pr.resources.games_dir() / "playa-pirata.yaml").read_text()
    variant = "extends: my-playa.yaml\nvariant: big-skulls\nparameters:\n  skull_points: [0, 0, 12, 18, 18]\n"
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        r = client.post(
            "/api/tables",
            json=dict(
                PIRATA,
                game=None,
                upload={"name": "my-playa.yaml", "text": text},
                variant_uploads=[{"name": "skulls.yaml", "text": variant}],
                seats=[{"kind": "person"}, {"kind": "random"}, {"kind": "random"}],
            ),
        )
        assert r.status_code == 200, r.text
        link = f"/ws/{token_of(r.json()['seats']['0'])}"
        with client.websocket_connect(link) as ws:
            intro = ws.receive_json()
            assert intro["variants"] == ["big-skulls"]
            first = ws.receive_json()
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:  # the uploads are in the store
        with client.websocket_connect(link) as ws:
            assert ws.receive_json()["variants"] == ["big-skulls"]
            assert ws.receive_json()["view"] == first["view"]


# ---------------------------------------------------------------- a seat's socket
def test_a_seat_plays_a_whole_match_against_agents_and_sees_only_what_it_may_know(tmp_path):
    """Every message seat 0's socket receives is seat 0's view and log at that move, and no
    component hidden from seat 0 then (another seat's hand, a buried card) is in it."""
    path = str(tmp_path / "t.sqlite")
    with TestClient(build_app(path)) as client:
        made = table(client)
        with client.websocket_connect(f"/ws/{token_of(made['seats']['0'])}") as ws:
            intro = ws.receive_json()
            assert intro["type"] == "intro" and intro["title"] == "Playa Pirata"
            assert "bury" in intro["action_rules"]
            messages = play_to_end(ws)
    setup, moves = Store(path).table(made["table"])
    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=setup["seed"])
    truth = {}
    m = game.m

    def kind(c: int) -> tuple:  # seat 0's view numbers identical copies by their places
        return m.face[c], m.labels[c]

    for n in range(len(moves) + 1):
        hidden, seen = set(), Counter()
        mine, every = game.view(0), game.view(None)
        for a, b in zip(components(mine), components(every)):
            if a.get("hidden"):
                hidden.add(b["id"])
            else:
                seen[kind(b["id"])] += 1
        truth[n] = (view_of(game, 0), log_lines(game.log_for(0), 0), hidden, seen)
        if n < len(moves):
            game.apply(moves[n][1])
    tables = [m for m in messages if m["type"] == "table"]
    assert tables and tables[-1]["over"] and game.is_over
    assert sum(1 for m in tables if m["actions"]) >= 5
    for msg in tables:
        view, log, hidden, seen = truth[msg["moves"]]
        assert msg["view"] == view
        assert msg["log"] == log
        shown = Counter(kind(c["id"]) for c in components(msg) if "id" in c)
        assert shown <= seen  # no more faces of a kind than seat 0 knows of that kind
    assert hidden, "some components stay hidden from seat 0 to the end (other seats' pirates)"


def test_a_move_the_others_see_only_as_a_turn_reads_as_a_move_made():
    """`others_see: turn` (format.md): the other seat's log line says the seat moved, not how."""
    events = [{"event": "action", "seat": 1}, {"event": "action", "seat": 0, "action": "drop r5c3"}]
    assert log_lines(events, 0) == ["seat 1: made a move (not shown)", "you: drop r5c3"]


def test_a_move_sent_twice_is_applied_once(tmp_path):
    path = str(tmp_path / "t.sqlite")
    with TestClient(build_app(path)) as client:
        made = table(client, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "random"}])
        with client.websocket_connect(f"/ws/{token_of(made['seats']['0'])}") as ws:
            ws.receive_json()
            msg = ws.receive_json()
            move = {"type": "act", "id": msg["actions"][0]["id"], "seen": msg["moves"]}
            ws.send_json(move)
            ws.send_json(move)
            answers = [ws.receive_json() for _ in range(3)]
            refused = [a for a in answers if a["type"] == "refused"]
            assert len(refused) == 1 and "moved on" in refused[0]["error"]
    assert Store(path).move_count(made["table"]) == 1


def test_moves_out_of_turn_or_malformed_are_refused_in_words(tmp_path):
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        made = table(client, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "random"}])
        with client.websocket_connect(f"/ws/{token_of(made['seats']['1'])}") as ws:
            ws.receive_json()
            msg = ws.receive_json()
            assert msg["actions"] == []
            ws.send_json({"type": "act", "id": 2, "seen": msg["moves"]})
            assert ws.receive_json()["error"] == "it is not your turn"
            ws.receive_json()
            ws.send_text("{not json")
            assert ws.receive_json()["error"] == "a page sends moves only"
        with client.websocket_connect(f"/ws/{token_of(made['seats']['0'])}") as ws:
            ws.receive_json()
            msg = ws.receive_json()
            ws.send_json({"type": "act", "id": 10**6, "seen": msg["moves"]})
            error = ws.receive_json()["error"]
            assert "not legal" in error or "no action" in error, error


def test_a_mistyped_link_says_so_instead_of_retrying():
    """A link cut short when copied: its page answers 404, and the websocket the page opens
    closes with the code the page reads as final (4404) and the server's words, which the page
    shows (tests/web/test_web_browser.py)."""
    from starlette.websockets import WebSocketDisconnect

    with TestClient(build_app(":memory:")) as client:
        link = table(client)["seats"]["0"]
        assert client.get(link).status_code == 200
        page = client.get(link[:-3])
        assert page.status_code == 404
        assert client.get("/api/seat/notatoken/log.json").json() == {
            "error": "no table has this link: check it was copied whole"
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect("/ws/notatoken") as ws:
                ws.receive_json()
        assert (closed.value.code, closed.value.reason) == (
            4404,
            "no table has this link: check it was copied whole",
        )


# ---------------------------------------------------------------- reloads and restarts
def test_a_reload_and_a_restarted_server_find_the_table_as_it_was(tmp_path):
    path = str(tmp_path / "t.sqlite")
    with TestClient(build_app(path)) as client:
        made = table(client, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "random"}])
        link = f"/ws/{token_of(made['seats']['0'])}"
        with client.websocket_connect(link) as ws:
            ws.receive_json()
            msg = ws.receive_json()
            ws.send_json({"type": "act", "id": msg["actions"][0]["id"], "seen": msg["moves"]})
            before = ws.receive_json()
        with client.websocket_connect(link) as ws:  # the page reloads
            ws.receive_json()
            assert ws.receive_json()["view"] == before["view"]
    with TestClient(build_app(path)) as client:  # a new server on the same store
        with client.websocket_connect(link) as ws:
            ws.receive_json()
            again = ws.receive_json()
            assert again["view"] == before["view"] and again["moves"] == before["moves"] == 1


# ---------------------------------------------------------------- replays
def test_a_finished_table_is_saved_as_a_replay_stepped_as_a_seat_or_a_spectator(tmp_path):
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        made = table(client)
        token = token_of(made["seats"]["0"])
        assert "once the match is over" in client.get(f"/api/seat/{token}/log.json").json()["error"]
        with client.websocket_connect(f"/ws/{token}") as ws:
            ws.receive_json()
            play_to_end(ws)
        log = client.get(f"/api/seat/{token}/log.json").json()
        assert log[-1]["event"] == "end"
        link = client.post(f"/api/seat/{token}/replay").json()["replay"]
        rid = link.rsplit("/", 1)[1]
        first = client.get(f"/api/replays/{rid}?step=0&seat=1").json()
        steps = first["steps"]
        assert steps == sum(1 for e in log if e["event"] == "action")
        end = client.get(f"/api/replays/{rid}?step={steps}&seat=spectator").json()
        assert end["over"] and end["log"][-1].startswith("the end")
        assert not [c for c in components(end["view"]) if c.get("hidden")]
        seat1 = client.get(f"/api/replays/{rid}?step=3&seat=1").json()
        assert [c for c in components(seat1["view"]) if c.get("hidden")]
        assert "from 0 to" in client.get(f"/api/replays/{rid}?step={steps + 1}").json()["error"]
        # the same log uploaded from the setup page
        r = client.post("/api/replays", json={"game": "playa-pirata", "log": log})
        assert r.status_code == 200, r.text
        bad = client.post("/api/replays", json={"game": "maui", "log": log}).json()["error"]
        assert "this log is of 'playa-pirata', not of 'maui'" in bad


def test_a_replay_with_other_variants_says_which_to_tick_on_the_page(tmp_path):
    """The page's words, not pr.replay's advice to call pr.load(...): a browser user ticks boxes."""
    game = pr.load("playa-pirata", variants=["short-game"]).new_game(players=2, seed=3)
    game.play_at_random(random.Random(3).random)
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        bad = client.post("/api/replays", json={"game": "playa-pirata", "log": game.log}).json()["error"]
        assert bad == (
            "this log was played with the variant 'short-game', and no variant is ticked above: tick the "
            "variants it was played with (or upload the file of one that is not bundled) and open the "
            "replay again"
        )
        body = {"game": "playa-pirata", "variants": ["short-game"], "log": game.log}
        assert "replay" in client.post("/api/replays", json=body).json()


def test_the_rules_are_served_as_html_in_three_languages(tmp_path):
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        token = token_of(table(client)["seats"]["0"])
        en = client.get(f"/api/seat/{token}/rules?lang=en").json()["html"]
        it = client.get(f"/api/seat/{token}/rules?lang=it").json()["html"]
        assert en.startswith("<h1>Playa Pirata</h1>") and it != en
        assert "error" in client.get(f"/api/seat/{token}/rules?lang=xx").json()


def test_a_log_written_by_play_log_opens_as_a_replay(tmp_path, capsys):
    import json

    from playa_rules.cli.main import main

    path = tmp_path / "match.json"
    assert main(["play", "lying-pirates", "-p", "3", "--seed", "2", "--log", str(path)]) == 0
    capsys.readouterr()
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        r = client.post("/api/replays", json={"game": "lying-pirates", "log": json.loads(path.read_text())})
        assert r.status_code == 200, r.text
        rid = r.json()["replay"].rsplit("/", 1)[1]
        first = client.get(f"/api/replays/{rid}?step=0&seat=0").json()
        last = client.get(f"/api/replays/{rid}?step={first['steps']}&seat=spectator").json()
        assert last["over"] and last["log"][-1].startswith("the end")


def test_the_replay_apis_seat_is_one_rule_with_one_message(tmp_path):
    """?seat= is a whole number from 0 to the last seat, or spectator (or empty) for a finished
    match: 'all', '+1', a seat out of range and a spectator of an unfinished match are each
    refused with that rule and the value given; ?step= likewise (outside tester, session 20,
    item 9: 'seat=all' read 'step and seat are whole numbers')."""
    rules = pr.load("playa-pirata", variants=["short-game"])
    game = rules.new_game(players=2, seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    unfinished = [dict(e) for e in game.log]
    game = rules.new_game(players=2, seed=3)
    game.play_at_random(random.Random(3).random)
    finished = [dict(e) for e in game.log]
    rule = "the seat is a whole number from 0 to 1, or spectator (or empty) for a finished match; not "
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        ids = []
        for log in (unfinished, finished):
            made = client.post(
                "/api/replays", json={"game": "playa-pirata", "variants": ["short-game"], "log": log}
            )
            assert made.status_code == 200, made.text
            ids.append(made.json()["replay"].rsplit("/", 1)[1])
        open_, over = ids

        def error(rid, query):
            return client.get(f"/api/replays/{rid}?{query}").json().get("error")

        assert error(open_, "step=1&seat=spectator") == rule + "spectator: this match is not finished"
        assert error(open_, "step=1") == rule + "spectator: this match is not finished"
        for seat, given in [("all", "'all'"), ("%2B1", "'+1'"), ("2", "2"), ("-1", "-1"), ("1.0", "'1.0'")]:
            assert error(open_, f"step=1&seat={seat}") == rule + given
            assert error(over, f"step=1&seat={seat}") == rule + given
        assert error(over, "step=1&seat=spectator") is None and error(over, "step=1") is None
        assert error(open_, "step=1&seat=1") is None
        assert error(open_, "step=x&seat=1").startswith("the step is a whole number from 0 to ")
        assert error(open_, "step=x&seat=1").endswith("not 'x'")
