"""The public API contract of playa_rules, exercised on Playa Pirata.

import playa_rules as pr
rules = pr.load("playa-pirata"); game = rules.new_game(players=3, seed=7)
game.current_player; game.legal_actions(); game.apply(action | text | id)
game.is_over; game.scores(); game.hand_scores; game.winners(); game.view(seat); game.log; game.clone()
"""

from __future__ import annotations

import json
import random

import pytest

import playa_rules as pr


@pytest.fixture(scope="module")
def rules():
    return pr.load("playa-pirata")


def _random_match(rules, players, seed, rng_seed=0):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(rng_seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _last_action(game):
    return [e for e in game.log if e["event"] == "action"][-1]


def _advance(game, k, rng_seed=0):
    rng = random.Random(rng_seed)
    for _ in range(k):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------- rule sets
def test_games_lists_playa_pirata():
    assert "playa-pirata" in pr.games()
    assert all(isinstance(g, str) for g in pr.games())


def test_rules_metadata(rules):
    assert rules.id == "playa-pirata"
    assert rules.title == "Playa Pirata"
    assert rules.player_counts == [2, 3, 4]
    assert isinstance(rules.num_distinct_actions, int) and rules.num_distinct_actions > 0


def test_unknown_game_is_a_playa_rules_error():
    with pytest.raises(pr.PlayaRulesError, match="no bundled game") as info:
        pr.load("playa-piratta")
    assert isinstance(info.value, pr.LoadError)  # docs/api.md: code 'unreadable'
    assert info.value.diagnostic.code == "unreadable"


# ---------------------------------------------------------------- new_game
@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_for_each_player_count(rules, players):
    game = rules.new_game(players=players, seed=7)
    assert game.players == players
    assert game.hands == players
    assert game.current_player in range(players)
    assert not game.is_over
    assert game.scores() == [0] * players
    assert game.hand_scores == []
    assert len(game.legal_actions()) > 0
    assert game.log[0] == {
        "event": "start",
        "game": "playa-pirata",
        "players": players,
        "seed": 7,
        "variants": [],
        "rules": rules.digest,
    }


@pytest.mark.parametrize("players", [5, 1, 0, -2, True, False, 2.0, "3", None, [3]])
def test_new_game_rejects_bad_player_counts(rules, players):
    with pytest.raises(pr.PlayaRulesError, match="2 to 4 players"):
        rules.new_game(players=players, seed=1)


@pytest.mark.parametrize("seed", [1.5, float("nan"), [1], {"a": 1}, b"seed", object(), (1,)])
def test_new_game_rejects_bad_seeds(rules, seed):
    with pytest.raises(pr.PlayaRulesError, match="seed"):
        rules.new_game(players=2, seed=seed)


@pytest.mark.parametrize("seed", [0, -5, 2**53, -(2**53), "beach", ""])
def test_new_game_accepts_int_and_text_seeds(rules, seed):
    a, b = rules.new_game(players=3, seed=seed), rules.new_game(players=3, seed=seed)
    assert a.view(0) == b.view(0)


def test_new_game_rejects_a_bool_seed(rules):
    with pytest.raises(pr.PlayaRulesError):
        rules.new_game(players=2, seed=True)


# ---------------------------------------------------------------- legal actions
def test_legal_actions_are_a_read_only_sequence(rules):
    game = rules.new_game(players=3, seed=7)
    legal = game.legal_actions()
    items = list(legal)
    assert len(items) == len(legal) > 0
    assert legal[-1] == items[-1] and legal[0:2] == items[0:2]
    assert items[0] in legal
    with pytest.raises(TypeError):
        legal[0] = legal[1]
    assert not hasattr(legal, "append")
    with pytest.raises(IndexError):
        legal[len(items)]
    a = items[0]
    assert isinstance(a, pr.Action)
    assert a.name == "bury"
    assert str(a).startswith("bury ")
    assert a.to_json() == {"id": a.id, "text": str(a)}
    assert str(a) in repr(a)


def test_same_action_same_text_and_id_in_every_game(rules):
    seen = {}
    for players in (2, 3, 4):
        for seed in range(3):
            game = rules.new_game(players=players, seed=seed)
            _advance(game, 40, seed)
            for a in game.legal_actions():
                assert seen.setdefault(str(a), a.id) == a.id
    assert len(set(seen.values())) == len(seen)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_num_distinct_actions_exceeds_every_id_seen(rules, players):
    for seed in range(3):
        game = rules.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert all(0 <= a.id < rules.num_distinct_actions for a in legal)
            game.apply(legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------- apply
def test_apply_accepts_action_text_and_id(rules):
    game = rules.new_game(players=3, seed=7)
    a = game.legal_actions()[0]
    for how in (a, str(a), a.id, f"  {a}  "):
        other = game.clone()
        other.apply(how)
        assert _last_action(other) == {
            "event": "action",
            "seat": game.current_player,
            "action": str(a),
            "id": a.id,
        }


def test_apply_accepts_an_equal_action_from_a_clone(rules):
    game = rules.new_game(players=3, seed=7)
    other = game.clone()
    game.apply(other.legal_actions()[1])
    assert _last_action(game)["action"] == str(other.legal_actions()[1])


def test_illegal_text_raises_with_a_helpful_message(rules):
    game = rules.new_game(players=3, seed=7)
    before = (game.log, game.view(0), [str(a) for a in game.legal_actions()])
    with pytest.raises(pr.IllegalAction) as info:
        game.apply("bury 99")
    err = info.value
    assert isinstance(err, pr.PlayaRulesError)
    assert "'bury 99' is not legal now" in str(err)
    assert f"seat {game.current_player}" in str(err)
    # only its number differs from legal ones: the hint lists the legal 'bury' actions, not a guess
    buries = [str(a) for a in game.legal_actions() if a.name == "bury"]
    assert f"; legal now: {', '.join(buries)} (" in str(err)
    assert "did you mean" not in str(err)
    assert err.action == "bury 99"
    assert err.legal == [str(a) for a in game.legal_actions()]
    assert (game.log, game.view(0), [str(a) for a in game.legal_actions()]) == before


def test_illegal_id_raises_with_the_action_kind(rules):
    game = rules.new_game(players=3, seed=7)
    towel_id = next(a.id for a in _towel_step(rules).legal_actions() if a.name == "place_towels")
    with pytest.raises(pr.IllegalAction, match=rf"id {towel_id} \(place_towels\) is not legal now"):
        game.apply(towel_id)
    for bad in (-1, rules.num_distinct_actions, 10**12):
        with pytest.raises(pr.IllegalAction, match="no such action id"):
            game.apply(bad)


def _towel_step(rules):
    game = rules.new_game(players=3, seed=7)
    while game.legal_actions()[0].name != "place_towels":
        game.apply(game.legal_actions()[0])
    return game


def test_stale_action_object_raises(rules):
    game = rules.new_game(players=3, seed=7)
    for _ in range(3):  # the first turn: everyone buries
        game.apply(game.legal_actions()[0])
    card = next(a for a in game.legal_actions() if a.name == "telescope")
    game.apply(card)
    with pytest.raises(pr.IllegalAction, match=f"'{card}' is not legal now"):
        game.apply(card)


@pytest.mark.parametrize("junk", [None, 2.5, True, False, [1], {"id": 1}, b"done"])
def test_apply_of_a_non_action_raises(rules, junk):
    game = rules.new_game(players=2, seed=3)
    with pytest.raises(pr.IllegalAction, match="not an action"):
        game.apply(junk)


def test_apply_accepts_an_integer_like_id_such_as_numpys(rules):
    np = pytest.importorskip("numpy")
    game = rules.new_game(players=3, seed=7)
    ids = game.legal_action_ids()
    for how in (np.int64(ids[0]), np.int32(ids[0]), np.uint16(ids[0]), np.argmax(np.eye(ids[0] + 1)[-1])):
        other = game.clone()
        other.apply(how)
        assert _last_action(other)["id"] == ids[0]
    for junk in (np.float64(ids[0]), np.bool_(True)):  # integer-like only, and never a bool
        with pytest.raises(pr.IllegalAction, match="not an action"):
            game.clone().apply(junk)
    with pytest.raises(pr.IllegalAction, match="no such action id"):
        game.apply(np.int64(10**9))


def test_apply_after_the_game_is_over_raises(rules):
    game = _random_match(rules, 2, seed=4)
    assert game.is_over and game.current_player is None
    assert len(game.legal_actions()) == 0
    for what in ("done", 0, "bury 3"):
        with pytest.raises(pr.IllegalAction, match="the game is over"):
            game.apply(what)


# ---------------------------------------------------------------- results
@pytest.mark.parametrize("players", [2, 3, 4])
def test_scores_hand_scores_winners_and_log(rules, players):
    game = _random_match(rules, players, seed=players)
    hs = game.hand_scores
    assert len(hs) == players and all(len(row) == players for row in hs)
    assert game.scores() == [sum(row[s] for row in hs) for s in range(players)]
    hs.append([999] * players)  # a copy
    assert len(game.hand_scores) == players
    winners = game.winners()
    assert winners and set(winners) <= set(range(players))
    assert all(game.scores()[w] == max(game.scores()) for w in winners)
    log = game.log
    json.dumps(log)
    assert log[-1] == {"event": "end", "scores": game.scores(), "winners": winners}
    assert [e["hand"] for e in log if e["event"] == "score"] == list(range(1, players + 1))
    assert [e["scores"] for e in log if e["event"] == "score"] == game.hand_scores
    view = game.view(0)
    json.dumps(view)
    assert view["is_over"] and view["scores"] == game.scores() and "legal_actions" not in view


# ---------------------------------------------------------------- view
def test_view_of_each_seat(rules):
    game = rules.new_game(players=3, seed=7)
    for s in range(3):
        v = game.view(s)
        json.dumps(v)
        assert v["seat"] == s and v["players"] == 3 and v["game"] == "playa-pirata"
        assert ("legal_actions" in v) == (s == game.current_player)
    assert game.view(game.current_player)["legal_actions"] == [a.to_json() for a in game.legal_actions()]


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", 1.0, [0]])  # None: the whole-state view
def test_view_of_a_bad_seat_raises(rules, seat):
    game = rules.new_game(players=3, seed=7)
    with pytest.raises(pr.IllegalAction, match="no seat"):
        game.view(seat)


@pytest.mark.parametrize("seat", [-1, 3, "0", True])
def test_a_bad_seat_raises_illegal_action_in_view_log_for_and_sample_world_alike(rules, seat):
    game = rules.new_game(players=3, seed=7)
    for ask in (game.view, game.log_for, lambda s: game.sample_world(s, random.Random(1))):
        with pytest.raises(pr.IllegalAction, match="no seat"):
            ask(seat)


def test_view_of_a_bool_seat_raises(rules):
    game = rules.new_game(players=3, seed=7)
    with pytest.raises(pr.IllegalAction):
        game.view(True)


# ---------------------------------------------------------------- clone
def test_clone_is_independent(rules):
    game = rules.new_game(players=3, seed=7)
    _advance(game, 10)
    log, views, legal = game.log, [game.view(s) for s in range(3)], [str(a) for a in game.legal_actions()]
    other = game.clone()
    assert other.log == log and [other.view(s) for s in range(3)] == views
    assert [str(a) for a in other.legal_actions()] == legal
    _advance(other, 30, rng_seed=5)
    assert game.log == log
    assert [game.view(s) for s in range(3)] == views
    assert [str(a) for a in game.legal_actions()] == legal
    # and the other way round
    snapshot = other.log
    _advance(game, 5, rng_seed=6)
    assert other.log == snapshot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_clone_continues_like_the_original(rules, players):
    game = rules.new_game(players=players, seed=11)
    _advance(game, 17)
    other = game.clone()
    rng = random.Random(8)
    while not game.is_over:
        legal = game.legal_actions()
        a = legal[rng.randrange(len(legal))]
        game.apply(str(a))
        other.apply(str(a))
    assert other.is_over
    assert other.log == game.log
    assert other.scores() == game.scores() and other.winners() == game.winners()


def test_clone_mid_towel_step_keeps_the_legal_actions(rules):
    game = _towel_step(rules)
    game.apply(next(a for a in game.legal_actions() if a.name == "place_towels"))
    other = game.clone()
    assert [str(a) for a in other.legal_actions()] == [str(a) for a in game.legal_actions()]
    assert [a.id for a in other.legal_actions()] == [a.id for a in game.legal_actions()]


# ---------------------------------------------------------------- replay
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_log_replays_from_its_settings_and_action_ids(rules, players):
    game = _random_match(rules, players, seed=f"replay-{players}", rng_seed=players)
    start = game.log[0]
    replay = rules.new_game(players=start["players"], seed=start["seed"])
    for event in game.log:
        if event["event"] == "action":
            assert replay.current_player == event["seat"]
            replay.apply(event["id"])
    assert replay.is_over
    assert replay.log == game.log
    assert [replay.view(s) for s in range(players)] == [game.view(s) for s in range(players)]


@pytest.mark.slow
def test_an_action_of_a_dead_game_is_checked_like_any_other(rules):
    import gc

    game = rules.new_game(players=3, seed=0)
    stale, address = game.legal_actions()[0], id(game)
    victim = None
    for seed in range(1, 40):
        game = rules.new_game(players=3, seed=seed)
        gc.collect()
        if id(game) == address and stale not in game.legal_actions():
            victim = game
            break
    if victim is None:  # no address reuse here: build the same coincidence by hand
        victim = next(
            g
            for g in (rules.new_game(players=3, seed=s) for s in range(4, 200))
            if stale not in g.legal_actions()
        )
        stale.stamp = (id(victim), victim._stamp)
    held = list(victim.g.zones[victim.m.zone_index("treasures", seat=victim.current_player)])
    with pytest.raises(pr.IllegalAction):
        victim.apply(stale)
    assert victim.g.zones[victim.m.zone_index("treasures", seat=victim.current_player)] == held


def test_an_action_text_is_matched_as_the_command_line_matches_it():
    """The CLI accepts `BURY 7`; so does apply: case and runs of spaces do not matter."""
    import playa_rules as pr

    game = pr.load("playa-pirata").new_game(players=2, seed=1)
    text = str(game.legal_actions()[0])
    game.apply("  " + text.upper().replace(" ", "   "))
    assert game.log[-1]["event"] != "action" or game.log[-1]["action"] == text
    assert any(e.get("action") == text for e in game.log if e["event"] == "action")
    with pytest.raises(pr.IllegalAction, match=r"did you mean 'bury"):
        game.apply("BURRY 9")


def test_iterating_the_legal_actions_gives_what_indexing_gives():
    """``for a in game.legal_actions()`` walks the listing's runs; the same actions (equal, of
    this decision), in the same order, as ``legal[i]``, and their ids are the mask's."""
    import random

    rules = pr.load("playa-pirata")
    for seed in range(4):
        game = rules.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            walked = list(legal)
            assert all(a == legal[i] and str(a) == str(legal[i]) for i, a in enumerate(walked))
            assert len(walked) == len(legal) and all(a.stamp is legal.stamp for a in walked)
            assert sorted(a.id for a in walked) == game.legal_action_ids()
            game.apply(rng.choice(walked))


def test_a_clone_shares_the_listing_under_its_own_stamp():
    """A clone at a decision does not list the legal actions again: it has the same actions,
    stamped for itself, and the two games then go their own ways."""
    import random

    rules = pr.load("maui")
    game = rules.new_game(3, seed=2)
    rng = random.Random(2)
    for _ in range(10):
        game.apply(rng.choice(list(game.legal_actions())))
    copy = game.clone()
    assert [str(a) for a in copy.legal_actions()] == [str(a) for a in game.legal_actions()]
    assert copy.legal_actions().stamp != game.legal_actions().stamp
    assert copy.legal_action_ids() == game.legal_action_ids()
    before = [str(a) for a in game.legal_actions()]
    copy.apply(copy.legal_actions()[0])
    assert [str(a) for a in game.legal_actions()] == before  # the original is untouched
    game.apply(before[-1])
    assert json.dumps(game.view(None), sort_keys=True) != json.dumps(copy.view(None), sort_keys=True)


def test_a_clone_and_its_original_draw_the_same_chance_independently():
    """The random generator is copied by whichever game draws first after a clone: the
    original draws what it would have drawn had it never been cloned, and so does the
    clone, each from its own copy."""
    import random

    rules = pr.load("lying-pirates")
    plain, cloned = rules.new_game(3, seed=11), rules.new_game(3, seed=11)
    rng = random.Random(5)
    for _ in range(20):
        i = rng.randrange(len(plain.legal_actions()))
        plain.apply(plain.legal_actions()[i])
        cloned.apply(cloned.legal_actions()[i])
    copy = cloned.clone()
    other = random.Random(9)
    while not copy.is_over:  # the copy plays on first, differently: its own draws
        copy.apply(copy.legal_actions()[other.randrange(len(copy.legal_actions()))])
    while not plain.is_over:
        i = rng.randrange(len(plain.legal_actions()))
        plain.apply(plain.legal_actions()[i])
        cloned.apply(cloned.legal_actions()[i])
    assert cloned.log == plain.log and cloned.scores() == plain.scores()
    again = rules.new_game(3, seed=11).clone()  # a clone of a fresh game replays the seed
    fresh = rules.new_game(3, seed=11)
    for g in (again, fresh):
        pick = random.Random(2)
        while not g.is_over:
            g.apply(g.legal_actions()[pick.randrange(len(g.legal_actions()))])
    assert again.log == fresh.log


@pytest.mark.parametrize("game_id", pr.games())
def test_every_legal_id_names_its_own_action_and_the_mask_lists_them_all(game_id):
    """Applying by id finds the action through the ids read off the listing (no Action made
    for the others): each legal action's id leads back to it, and the mask is every id."""
    rules = pr.load(game_id)
    rng = random.Random(5)
    for seed in range(3):
        game = rules.new_game(min(rules.player_counts), seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert game.legal_action_ids() == sorted(a.id for a in legal)
            for a in legal:
                assert game._action_by_id(a.id) == a
            assert game._action_by_id(rules.num_distinct_actions) is None
            pick = legal[rng.randrange(len(legal))]
            copy = game.clone()
            copy.apply(pick.id)
            game.apply(pick)
            assert copy.log == game.log


@pytest.mark.parametrize("game_id", sorted(pr.games()))
def test_a_finished_match_view_counts_the_hands_played(game_id):
    """Once over, a view's ``hand`` is how many hands were played (from 1, never 0), even
    when the rules end the match before its last hand."""
    rules = pr.load(game_id)
    game, rng = rules.new_game(rules.player_counts[0], seed=1), random.Random(1)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert game.view(0)["hand"] == len(game.hand_scores) >= 1
