"""What the other seats learn of an action (docs/format.md, actions, ``others_see``): the
move (the default), only that a move was made, or nothing; the acting seat and the full
log always see the move, and what the move visibly changes still shows in views."""

from __future__ import annotations

from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.render.markdown import rules_markdown

GAME = (Path(__file__).parent.parent / "games" / "call-suit.yaml").read_text(encoding="utf-8")


def _game(tmp_path, others_see: str | None):
    text = (
        GAME
        if others_see is None
        else GAME.replace(
            '    text: "call {suit}"\n', f'    text: "call {{suit}}"\n    others_see: {others_see}\n'
        )
    )
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    game = pr.load(path).new_game(2, seed=1)
    game.apply("call hearts")
    return game


def _actions(events) -> list:
    return [e for e in events if e["event"] == "action"]


def test_by_default_every_seat_sees_the_move(tmp_path):
    game = _game(tmp_path, None)
    assert _actions(game.log_for(1)) == [{"event": "action", "seat": 0, "action": "call hearts", "id": 2}]


def test_a_move_kept_secret_shows_others_only_that_a_move_was_made(tmp_path):
    game = _game(tmp_path, "turn")
    assert _actions(game.log_for(1)) == [{"event": "action", "seat": 0}]
    assert _actions(game.log_for(0))[0]["action"] == "call hearts"  # the seat that made it
    assert _actions(game.log)[0]["action"] == "call hearts"  # the whole log


def test_a_move_others_learn_nothing_of_is_not_in_their_log(tmp_path):
    game = _game(tmp_path, "nothing")
    assert _actions(game.log_for(1)) == []
    assert [e["event"] for e in game.log_for(1) if e["event"] != "chance"][-4:] == [
        "phase",
        "turn",
        "phase",
        "turn",
    ]
    assert _actions(game.log_for(0))[0]["action"] == "call hearts"


def test_what_a_secret_move_changes_in_plain_sight_still_shows(tmp_path):
    game = _game(tmp_path, "nothing")
    assert game.view(1)["vars"]["hand"]["called"] == "hearts"  # a hand variable: every seat reads it


def test_others_see_takes_only_its_three_values(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(
        GAME.replace('    text: "call {suit}"\n', '    text: "call {suit}"\n    others_see: some\n')
    )
    (d,) = [d for d in pr.validate(path) if d.severity == "error"]
    assert d.code == "schema" and d.path == "/actions/call/others_see"


@pytest.mark.parametrize(
    "lang,line",
    [
        ("en", "The other players see:** only that a move was made, not which"),
        ("it", "Gli altri giocatori vedono:** solo che è stata fatta una mossa, non quale"),
        ("es", "Los demás jugadores ven:** solo que se hizo una jugada, no cuál"),
    ],
)
def test_the_rules_text_says_what_others_see(tmp_path, lang, line):
    game = _game(tmp_path, "turn")
    assert line in rules_markdown(game.rules, lang)
