"""pr.replay checks every field of every event, as game.log writes it, before it uses the
first: a forged or damaged log fails naming the event and the field, never half-way through
the game with an IllegalAction, and never accepted with nonsense in it."""

from __future__ import annotations

import json
import random

import pytest

import playa_rules as pr
from playa_rules.engine.logfields import FIELDS, Bounds, scores


def _log(gid="playa-pirata", players=3, seed=7):
    rules = pr.load(gid)
    game = rules.new_game(players=players, seed=seed)
    game.play_at_random(random.Random(seed).random)
    return rules, json.loads(json.dumps(game.log))


def _at(log, kind, nth=0):
    return [i for i, e in enumerate(log) if e["event"] == kind][nth]


def _changed(log, i, **fields):
    return log[:i] + [dict(log[i], **fields)] + log[i + 1 :]


@pytest.mark.parametrize(
    "kind,nth,fields,message",
    [
        (
            "action",
            -1,
            {"seat": 99},
            r"\('action'\) of the log has 99 as its 'seat': replay needs a seat \(0 to 2\)",
        ),
        ("turn", 0, {"seat": "x"}, r"\('turn'\) of the log has 'x' as its 'seat'"),
        (
            "turn",
            0,
            {"round": 0},
            r"\('turn'\) of the log has 0 as its 'round': replay needs a whole number from 1",
        ),
        (
            "score",
            0,
            {"scores": "lol"},
            r"\('score'\) of the log has 'lol' as its 'scores': replay needs a list of 3 points",
        ),
        ("score", 0, {"scores": [1, 2]}, r"\('score'\) of the log has \[1, 2\] as its 'scores'"),
        (
            "score",
            0,
            {"scores": ["a", "b", "c"]},
            r"\('score'\) of the log has \['a', 'b', 'c'\] as its 'scores': replay needs a list of 3 "
            r"points \(numbers, or fractions as text such as '7/2'\)",
        ),
        ("score", -1, {"scores": [3, "14/4", 1]}, r"\('score'\) of the log has \[3, '14/4', 1\] as its"),
        ("end", 0, {"winners": [5]}, r"\('end'\) of the log has \[5\] as its 'winners'"),
        ("hand", 0, {"start_player": -1}, r"\('hand'\) of the log has -1 as its 'start_player'"),
        ("phase", 0, {"phase": 3}, r"\('phase'\) of the log has 3 as its 'phase': replay needs a text"),
        (
            "chance",
            0,
            {"id": 10**6},
            r"\('chance'\) of the log has 1000000 as its 'id': replay needs a chance outcome id",
        ),
        ("chance", 0, {"kind": "coin"}, r"\('chance'\) of the log has 'coin' as its 'kind'"),
        (
            "action",
            0,
            {"id": -1},
            r"\('action'\) of the log has -1 as its 'id': replay needs an action id \(0 to 1940\)",
        ),
        (
            "action",
            0,
            {"sealed": "yes"},
            r"\('action'\) of the log has 'yes' as its 'sealed': replay needs true or false",
        ),
    ],
)
def test_a_bad_field_anywhere_is_refused_before_the_game_is_rebuilt(kind, nth, fields, message):
    rules, log = _log()
    i = _at(log, kind, nth)
    with pytest.raises(pr.PlayaRulesError, match=rf"^event {i} {message}") as info:
        pr.replay(rules, _changed(log, i, **fields))
    assert not isinstance(info.value, pr.IllegalAction)  # a malformed log, found before any move


def test_a_missing_field_is_named():
    rules, log = _log()
    i = _at(log, "turn")
    broken = log[:i] + [{"event": "turn", "seat": 0}] + log[i + 1 :]
    with pytest.raises(pr.PlayaRulesError, match=rf"^event {i} \('turn'\) of the log has no 'round'"):
        pr.replay(rules, broken)


@pytest.mark.parametrize("gid", pr.games())
def test_every_field_game_log_writes_is_one_replay_checks(gid):
    """The table of fields follows the log: every event of random games of each bundled game
    has only fields the table knows, and each passes its check (the logs replay)."""
    rules = pr.load(gid)
    for players in rules.player_counts:
        rules_, log = _log(gid, players, seed=players)
        for e in log:
            assert set(e) - {"event"} <= set(FIELDS[e["event"]]), e
        assert pr.replay(rules, log).log[1:] == log[1:]


def test_a_score_as_text_is_a_fraction_as_the_log_writes_one():
    """A rule dividing with ``/`` scores exact fractions, which the log writes as text
    (``str(Fraction)``): those texts replay, any other text is a forged score."""
    three = Bounds(seats=3, actions=1, outcomes=1)
    assert scores([4, "7/2", "-1/3"], three) is None
    for forged in ("a", "14/4", "7/0", " 7/2", "1e3", "nan", "3.5"):
        assert scores([4, forged, 0], three) is not None, forged
