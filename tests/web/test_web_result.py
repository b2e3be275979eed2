"""The end of a match on the web table says what the terminal says (docs/web.md): a match only
one seat can win (Blackjack against the rules' dealer), whose winner no `win` effect named, ends
with that seat's result, ``Result: seat 0 (you) ends on -1 point (...)``, as ``playa-rules play``
prints it, never "won by you": the one seat always has most points, so it "won" every match,
lost or not. Other matches still say who won."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli.narrate import Narrator
from playa_rules.web.present import log_lines, result_text

BLACKJACK = Path(__file__).resolve().parent.parent / "games" / "blackjack.yaml"


def _played(rules, players: int, seed: int):
    game = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _terminal(game, humans, capsys) -> list[str]:
    """The lines ``playa-rules play`` ends the match with (quiet: the final ones only)."""
    capsys.readouterr()
    narrator = Narrator(game.view(0)["hands"], humans, True, game.rules.spec)
    narrator.catch_up(game)
    return capsys.readouterr().out.splitlines()


def test_a_one_seat_match_ends_with_the_terminals_result_line(capsys):
    rules = pr.load(BLACKJACK)
    points = set()
    for seed in range(30):
        game = _played(rules, 1, seed)
        points.add(game.scores()[0])
        result = result_text(game, 0)
        assert result in _terminal(game, {0}, capsys)  # seat 0 (you), in the same words
        assert result.startswith("Result: seat 0 (you) ends on ") and "won by" not in result
        end = log_lines(game.log_for(0), 0, result)[-1]
        assert end == f"the end: scores {game.scores()[0]}; {result}"
        spectator = result_text(game, None)
        assert spectator in _terminal(game, set(), capsys) and spectator.startswith("Result: seat 0 ends")
    assert {-1, 1} <= points  # lost and won matches alike


def test_a_one_seat_match_lost_reads_as_its_points_not_a_win(capsys):
    rules = pr.load(BLACKJACK)
    game = next(g for g in (_played(rules, 1, s) for s in range(50)) if g.scores()[0] == -1)
    assert game.winners() == [0]  # the engine's winners: most points, unchanged
    assert result_text(game, 0) == (
        "Result: seat 0 (you) ends on -1 point (one seat can win: its points are its result; "
        "only a `win` effect names a winner)"
    )


def test_a_one_seat_match_with_no_scoring_names_no_winner(tmp_path, capsys):
    path = tmp_path / "solo.yaml"
    path.write_text(
        BLACKJACK.read_text(encoding="utf-8").split("scoring:")[0].rstrip() + "\n", encoding="utf-8"
    )
    rules = pr.load(path)
    game = _played(rules, 1, 3)
    assert result_text(game, 0) == "No winner (one seat can win, no scoring rules and no `win` effect)"
    assert result_text(game, 0) in _terminal(game, {0}, capsys)


def test_a_match_of_several_seats_still_says_who_won():
    game = _played(pr.load("playa-pirata"), 3, 5)
    names = ", ".join("you" if s == 1 else f"seat {s}" for s in game.winners())
    assert result_text(game, 1) == f"won by {names}"
    assert log_lines(game.log_for(1), 1, result_text(game, 1)) == log_lines(game.log_for(1), 1)


def test_the_tables_last_message_carries_the_result(tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from playa_rules.web.app import build_app

    with TestClient(build_app(str(tmp_path / "t.sqlite"))) as client:
        r = client.post(
            "/api/tables",
            json={
                "game": None,
                "upload": {"name": "blackjack.yaml", "text": BLACKJACK.read_text(encoding="utf-8")},
                "players": 1,
                "seed": 4,
                "seats": [{"kind": "person"}],
            },
        )
        assert r.status_code == 200, r.text
        token = r.json()["seats"]["0"].rsplit("/", 1)[1]
        with client.websocket_connect(f"/ws/{token}") as ws:
            assert ws.receive_json()["type"] == "intro"
            for _ in range(50):
                msg = ws.receive_json()
                if msg["type"] == "table" and msg["over"]:
                    break
                if msg["type"] == "table" and msg["actions"]:
                    stand = next(a for a in msg["actions"] if a["text"] == "Stand")
                    ws.send_json({"type": "act", "id": stand["id"], "seen": msg["moves"]})
    assert msg["over"] and msg["result"].startswith("Result: seat 0 (you) ends on ")
    assert msg["log"][-1].endswith(msg["result"]) and "won by" not in msg["log"][-1]


def test_the_web_log_opens_with_the_player_count_in_words_that_agree():
    """'blackjack for 1 player', 'playa-pirata for 3 players' (as play's header says it)."""
    alone = log_lines(_played(pr.load(BLACKJACK), 1, 0).log_for(0), 0)
    assert alone[0] == "blackjack for 1 player"
    three = log_lines(pr.load("playa-pirata").new_game(3, seed=1).log_for(0), 0)
    assert three[0] == "playa-pirata for 3 players"
