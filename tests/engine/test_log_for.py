"""log_for(seat): the log as one seat saw it, with nothing its views did not show."""

import json
import random

import pytest

import playa_rules as pr


def _played(seed, players=3):
    game = pr.load("playa-pirata").new_game(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize("seed", range(5))
def test_first_turn_burials_of_others_are_hidden(seed):
    """'Only you know the value of this Treasure (for now!)': others see a treasure buried, not which."""
    game = _played(seed)
    for seat in range(3):
        events = game.log_for(seat)
        phases = [i for i, e in enumerate(events) if e["event"] == "phase"]
        first_turn = events[phases[0] : phases[1]]
        for e in first_turn:
            if e["event"] == "action":
                if e["seat"] == seat:
                    assert e["action"] != "bury treasure" and "id" in e
                else:
                    assert e["action"] == "bury treasure" and "id" not in e


def test_no_seed_and_json_serialisable():
    game = _played(1)
    for seat in range(3):
        events = game.log_for(seat)
        assert "seed" not in events[0]
        json.dumps(events)
    assert "seed" in game.log[0]


def test_public_plays_are_shown_to_everyone():
    """Towels are played face up: every seat's log shows the values of every group."""
    game = _played(3)
    full = [e for e in game.log if e["event"] == "action" and e["action"].startswith("towels")]
    for seat in range(3):
        mine = [e for e in game.log_for(seat) if e["event"] == "action" and e["action"].startswith("towels")]
        assert mine == full


def test_bad_seat():
    game = _played(0)
    with pytest.raises(pr.IllegalAction):
        game.log_for(3)
    with pytest.raises(pr.IllegalAction):
        game.log_for(True)


@pytest.mark.parametrize("game_id", pr.games())
@pytest.mark.parametrize("chance", ["sample", "explicit"])
def test_log_for_read_again_is_what_a_fresh_reading_gives(game_id, chance):
    """log_for keeps the events that can no longer change and converts only the rest: at
    every step, through chance nodes (explicit chance rewinds its segments) and clones,
    it equals converting the whole log afresh."""
    from playa_rules.engine.log import event

    rules = pr.load(game_id)
    rng = random.Random(3)
    game = rules.new_game(min(rules.player_counts), seed=1, chance=chance)
    steps = 0
    while not game.is_over and steps < 400:
        for seat in range(game.players):
            assert game.log_for(seat) == [event(game, ev, seat) for ev in game._log]
        if game.is_chance:
            outcomes = game.chance_outcomes()
            game.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            if rng.random() < 0.1:
                game = game.clone()
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        steps += 1
    for seat in range(game.players):
        assert game.log_for(seat) == [event(game, ev, seat) for ev in game._log]


def test_a_seat_sees_its_own_card_in_its_log_while_the_deal_waits_at_a_chance_node():
    """Explicit chance stops at every card of a deal: the cards already dealt are named in
    the log of the seat that holds them, as in its view, and hidden from the others."""
    game = pr.load("playa-pirata").new_game(players=2, seed=1, chance="explicit")
    for _ in range(4):
        game.apply(game.chance_outcomes()[0][0])
        assert game.is_chance
        for seat in (0, 1):
            # the engine's ids (a seat's own view numbers copies by their places)
            mine = {c["id"] for c in game.view(None)["seats"][seat]["zones"]["treasures"]}
            shown = [ev for ev in game.log_for(seat) if ev["event"] == "chance"]
            assert [ev for ev, c in zip(shown, _drawn(game)) if "id" in ev] == [
                ev for ev, c in zip(shown, _drawn(game)) if c in mine
            ]
    assert any("id" in ev for ev in game.log_for(0) if ev["event"] == "chance")


def _drawn(game):
    """The components drawn by the chance entries of the internal log, in order."""
    return [ev[4] for ev in game.g.log if ev[0] == "chance"]
