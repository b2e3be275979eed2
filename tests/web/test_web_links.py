"""The setup page reads an uploaded rule file at once (POST /api/rules: its title and player
counts, or its located problems), a link that names no table or replay answers 404, and the
pages have an icon (no 404 for /favicon.ico). Plain HTTP, in process; the page's side is in
test_web_browser.py."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from playa_rules.web.app import build_app  # noqa: E402

MY_RULES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "my-rules.yaml"


@pytest.fixture
def client(tmp_path):
    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as c:
        yield c


def test_an_uploaded_rule_file_is_read_at_once_for_its_player_counts(client):
    """docs/examples/my-rules.yaml says players: [2, 3, 4]: the page offers those."""
    upload = {"name": "my-rules.yaml", "text": MY_RULES.read_text(encoding="utf-8")}
    r = client.post("/api/rules", json={"upload": upload})
    assert r.status_code == 200, r.text
    assert r.json() == {"id": "high-card", "title": "High card", "players": [2, 3, 4]}


def test_a_bundled_game_with_its_variants_is_read_the_same_way(client):
    r = client.post("/api/rules", json={"game": "maui", "variants": ["crabs"]})
    assert r.status_code == 200 and r.json()["players"] == [2, 3, 4]


def test_an_uploaded_rule_file_with_a_problem_answers_it_located_before_any_table(client):
    upload = {"name": "broken.yaml", "text": "game: broken\ntitle: Broken\nplayers: [2]\ncomponents: 3\n"}
    r = client.post("/api/rules", json={"upload": upload})
    assert r.status_code == 400
    assert "broken.yaml:4:13: error schema" in r.json()["error"]
    assert "Traceback" not in r.text


@pytest.mark.parametrize(
    "path, message",
    [
        ("/api/seat/no-such-token/rules", "no table has this link"),
        ("/api/seat/no-such-token/log.json", "no table has this link"),
        ("/api/replays/no-such-replay", "no replay has this link"),
        ("/api/replays/no-such-replay/rules", "no replay has this link"),
    ],
)
def test_a_link_that_names_nothing_is_not_found(client, path, message):
    r = client.get(path)
    assert r.status_code == 404 and message in r.json()["error"]


def test_the_page_of_a_link_that_names_nothing_is_not_found_but_still_says_so(client):
    for path in ("/t/no-such-token", "/r/no-such-replay"):
        r = client.get(path)
        assert r.status_code == 404 and "<title>" in r.text  # the page, which shows the message


def test_the_pages_of_a_real_table_and_replay_are_found(client):
    made = client.post(
        "/api/tables",
        json={
            "game": "playa-pirata",
            "players": 2,
            "seed": 1,
            "seats": [{"kind": "person"}, {"kind": "random"}],
        },
    ).json()
    assert client.get(made["seats"]["0"]).status_code == 200


def test_every_page_has_an_icon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    for path in ("/", "/t/x", "/r/x"):
        assert '<link rel="icon" href="/favicon.ico"' in client.get(path).text
