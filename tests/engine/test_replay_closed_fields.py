"""A log's format is closed: `pr.replay` refuses an event with a field game.log never writes
(an `extra` key added by hand), naming the event and the field, as it refuses a missing or
misspelt one (docs/api.md, Replaying a log)."""

from __future__ import annotations

import random

import pytest

import playa_rules as pr


@pytest.fixture(scope="module")
def played():
    rules = pr.load("playa-pirata")
    game = rules.new_game(players=3, seed=4)
    rng = random.Random(4)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return rules, game


def test_the_full_log_replays(played):
    rules, game = played
    copy = pr.replay(rules, game.log)
    assert (copy.scores(), copy.winners()) == (game.scores(), game.winners())


@pytest.mark.parametrize("kind", ["start", "chance", "action", "score", "end"])
def test_an_extra_key_in_any_event_is_refused_naming_it(played, kind):
    rules, game = played
    log = [dict(ev) for ev in game.log]
    i = next(i for i, ev in enumerate(log) if ev["event"] == kind)
    log[i]["extra"] = "x"
    with pytest.raises(pr.PlayaRulesError) as caught:
        pr.replay(rules, log)
    assert str(caught.value).startswith(
        f"event {i} ('{kind}') of the log has a field 'extra' that game.log never writes: a '{kind}' event has 'event', "
    )
