"""pr.replay applies a log's decisions and chance outcomes by id; the rest of each event is
what the game writes of them, and an edited log whose text or numbers say otherwise is refused
naming the event, the field, what the log has and what the replay gives (docs/api.md,
"Replaying a log"): an action's text that is not its id's action, a chance event's outcome or
probability, a hand's scores, the end's scores or winners."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import playa_rules as pr

GOOFSPIEL = Path(__file__).resolve().parent.parent / "games" / "goofspiel.yaml"


def _log(gid="playa-pirata", players=3, seed=7):
    rules = pr.load(gid)
    game = rules.new_game(players=players, seed=seed)
    game.play_at_random(random.Random(seed).random)
    return rules, json.loads(json.dumps(game.log))


def _first(log, **fields) -> int:
    return next(i for i, e in enumerate(log) if all(e.get(k) == v for k, v in fields.items()))


def _edited(log, i, **fields):
    return log[:i] + [dict(log[i], **fields)] + log[i + 1 :]


def _refused(rules, log, i, kind, key, found, expected):
    message = (
        f"event {i} ('{kind}') of the log has {found} as its '{key}', but {expected}: "
        "the log was edited or is of other rules"
    )
    with pytest.raises(pr.PlayaRulesError, match="^" + re.escape(message)):
        pr.replay(rules, log)


def test_an_action_whose_text_is_not_its_ids_action_is_refused():
    """The log says the seat buried the 3, but its id is 'done' (1940): the replay does not
    quietly play 'done'."""
    rules, log = _log()
    i = _first(log, event="action", id=1940)
    _refused(
        rules,
        _edited(log, i, action="bury 3"),
        i,
        "action",
        "action",
        "'bury 3'",
        "its id 1940 is the action 'done' there",
    )


def test_a_sealed_choice_whose_text_is_not_its_ids_choice_is_refused():
    rules = pr.load(GOOFSPIEL)
    game = rules.new_game(2, seed=1)
    game.play_at_random(random.Random(1).random)
    log = json.loads(json.dumps(game.log))
    i = _first(log, event="chose")
    other = "bid 13" if log[i]["action"] != "bid 13" else "bid 1"
    with pytest.raises(
        pr.PlayaRulesError, match=rf"^event {i} \('chose'\) of the log has '{other}' as its 'action'"
    ):
        pr.replay(rules, _edited(log, i, action=other))


def test_a_chance_probability_edited_is_refused():
    rules, log = _log()
    i = _first(log, event="chance")
    right = log[i]["probability"]
    assert right != "1/2"
    _refused(
        rules,
        _edited(log, i, probability="1/2"),
        i,
        "chance",
        "probability",
        "'1/2'",
        f"the replay gives {right!r} there",
    )


def test_a_chance_outcome_edited_is_refused_at_its_event_not_where_the_game_goes_wrong_later():
    rules, log = _log()
    i = _first(log, event="chance")
    j = next(k for k, e in enumerate(log) if e["event"] == "chance" and e["outcome"] != log[i]["outcome"])
    edited = _edited(log, i, id=log[j]["id"])  # the id of another face, the text left as it was
    with pytest.raises(
        pr.PlayaRulesError,
        match=rf"^event {i} \('chance'\) of the log has {re.escape(repr(log[i]['outcome']))} as its 'outcome', but the replay gives",
    ):
        pr.replay(rules, edited)


def test_a_hands_scores_edited_are_refused():
    rules, log = _log()
    i = _first(log, event="score")
    right = log[i]["scores"]
    _refused(
        rules,
        _edited(log, i, scores=[99, 99, 99]),
        i,
        "score",
        "scores",
        "[99, 99, 99]",
        f"the replay gives {right} there",
    )


@pytest.mark.parametrize("key", ["winners", "scores"])
def test_the_ends_winners_or_scores_edited_are_refused(key):
    rules, log = _log()
    i = len(log) - 1
    assert log[i]["event"] == "end"
    right = log[i][key]
    forged = [s for s in range(3) if [s] != right][:1] if key == "winners" else [s + 1 for s in right]
    _refused(
        rules, _edited(log, i, **{key: forged}), i, "end", key, str(forged), f"the replay gives {right} there"
    )


@pytest.mark.parametrize("gid", pr.games())
def test_a_log_as_game_log_writes_it_still_replays_whole_or_cut_short(gid):
    rules = pr.load(gid)
    players = rules.player_counts[0]
    _, log = _log(gid, players, seed=3)
    assert pr.replay(rules, log).log[1:] == log[1:]
    cut = log[: len(log) // 2]
    assert pr.replay(rules, cut, chance="explicit").log[1 : len(cut)] == cut[1:]
