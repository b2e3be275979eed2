"""Chance as first-class: explicit chance nodes, chance in the log, replay, worlds, pickling.

The same game in both chance modes, the exact game value of Kuhn poker under uniform
random play from a walk of its whole tree, and the properties of sampled worlds: they
match the seat's view, never depend on the hidden truth, and are uniform over the deals
the seat cannot tell apart.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from unseen import swapped, unseen_pairs

import playa_rules as pr

KUHN = Path(__file__).resolve().parent.parent / "games" / "kuhn-poker.yaml"
GAMES = [(gid, p) for gid in pr.games() for p in pr.load(gid).player_counts]
VARIANT_SETS = [
    [],
    ["special-cards"],
    ["short-game"],
    ["short-game-two-hands"],
    ["special-cards", "short-game"],
    ["special-cards", "short-game-two-hands"],
]


def play_random(game, seed: int, limit: int | None = None):
    """Play uniformly random decisions (and, at explicit chance nodes, outcomes by their odds)."""
    rng = random.Random(seed)
    n = 0
    while not game.is_over and (limit is None or n < limit):
        if game.is_chance:
            outcomes = game.chance_outcomes()
            r = Fraction(rng.random())
            for outcome, p in outcomes:
                r -= p
                if r < 0:
                    break
            game.apply(outcome)
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        n += 1
    return game


def decisions(log):
    return [e["id"] for e in log if e["event"] == "action"]


# ---------------------------------------------------------------- the two modes agree
@pytest.mark.parametrize("gid,players", GAMES)
def test_explicit_and_sampled_play_agree(gid, players):
    """Explicit play taking the outcomes a sampled game drew reaches the same states."""
    rules = pr.load(gid)
    sampled = play_random(rules.new_game(players, seed=17), seed=3)
    outcomes = [e["id"] for e in sampled.log if e["event"] == "chance"]
    actions = [(e["seat"], e["id"]) for e in sampled.log if e["event"] == "action"]
    explicit = rules.new_game(players, chance="explicit")
    auto = set(explicit.automata)
    todo = [a for s, a in actions if s not in auto]
    seen = 0
    while not explicit.is_over:
        if explicit.is_chance:
            odds = explicit.chance_outcomes()
            assert sum(p for _, p in odds) == 1
            assert all(p > 0 for _, p in odds)
            assert len(odds) > 1 or " from " in str(odds[0][0])  # one outcome: only a forced draw
            explicit.apply(outcomes[seen])
            seen += 1
        else:
            explicit.apply(todo.pop(0))
    assert seen == len(outcomes) and not todo
    assert explicit.log[1:] == sampled.log[1:]
    assert explicit.view(None) == sampled.view(None)
    assert explicit.scores() == sampled.scores() and explicit.winners() == sampled.winners()


@pytest.mark.parametrize("gid,players", GAMES)
def test_a_draw_offers_exactly_what_could_be_there(gid, players):
    """At a draw, the outcomes are the faces of the undecided part of the zone, weighted by count."""
    rules = pr.load(gid)
    game = rules.new_game(players, chance="explicit")
    rng = random.Random(1)
    checked = 0
    for _ in range(400):
        if game.is_over:
            break
        if game.is_chance:
            node = game._node
            odds = game.chance_outcomes()
            if node.kind == "draw":
                zone = node.subject[0]
                lo, hi = game.g.mix[zone]
                undecided = game.g.zones[zone][lo:hi]
                counts = Counter(game.m.face[c] for c in undecided)
                assert {o.id: p for o, p in odds} == {
                    f: Fraction(n, len(undecided)) for f, n in counts.items()
                }
                checked += 1
            game.apply(odds[rng.randrange(len(odds))][0])
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    # Lying Pirates' bag holds interchangeable crew dice: drawing one decides nothing
    assert checked > 0 or gid == "lying-pirates"


def test_a_rolled_die_offers_its_faces():
    rules = pr.load("tests/games/dice-duel.yaml")
    game = rules.new_game(2, chance="explicit")
    game.apply("roll")
    assert game.is_chance and game.current_player == pr.CHANCE and game.legal_actions() == []
    odds = game.chance_outcomes()
    assert [str(o) for o, _ in odds] == [f"d6 shows {k}" for k in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in odds)
    assert all(0 <= o.id < rules.max_chance_outcomes for o, _ in odds)
    game.apply("d6 shows 5")  # by text
    assert not game.is_chance and game.view(0)["seats"][0]["vars"]["total"] == 5
    game.apply("stop")
    game.apply("roll")  # seat 1 rolls
    game.apply(odds[1][0].id)  # by id: it shows 2
    assert game.view(1)["seats"][1]["vars"]["total"] == 2


def test_only_an_outcome_of_the_node_is_accepted():
    game = pr.load("tests/games/dice-duel.yaml").new_game(2, chance="explicit")
    game.apply("roll")
    for wrong in ["d6 shows 7", 10_000, "roll", None, 2.5, True]:
        with pytest.raises(pr.IllegalAction):
            game.apply(wrong)
    # an id is shown as the number it is (OpenSpiel's apply_action(99999)), a text as a text
    with pytest.raises(pr.IllegalAction, match=r"^10000 is not an outcome of this chance event \(roll\)"):
        game.apply(10_000)
    with pytest.raises(pr.IllegalAction, match=r"^'d6 shows 7' is not an outcome of this chance event"):
        game.apply("d6 shows 7")
    assert game.is_chance
    outcome = game.chance_outcomes()[0][0]
    game.apply(outcome)
    with pytest.raises(pr.IllegalAction):
        game.apply(outcome)  # no chance node now: an outcome is not an action


def test_chance_mode_is_checked():
    with pytest.raises(pr.PlayaRulesError, match="chance is 'sample' or 'explicit'"):
        pr.load("playa-pirata").new_game(3, chance="dice")


def test_a_shuffle_nobody_reads_decides_nothing():
    """Shuffling the 15 treasures and dealing 5 each to 2 players costs 11 events, not 15!."""
    game = pr.load("playa-pirata").new_game(2, chance="explicit")
    events = 0
    while game.is_chance:
        game.apply(game.chance_outcomes()[0][0])
        events += 1
    assert events == 11  # 5 + 5 dealt, 1 in the middle; the 4 left stay undecided
    assert sum(r is not None for r in game.g.mix) == 1


# ---------------------------------------------------------------- a whole tree
def _value(game) -> list[Fraction]:
    """Expected points per seat when every decision is uniformly random, by walking the tree."""
    if game.is_over:
        return [Fraction(s) for s in game.scores()]
    if game.is_chance:
        branches = [(p, o) for o, p in game.chance_outcomes()]
    else:
        legal = game.legal_actions()
        branches = [(Fraction(1, len(legal)), a) for a in legal]
    total = [Fraction(0)] * game.players
    for p, move in branches:
        child = game.clone()
        child.apply(move)
        total = [t + p * v for t, v in zip(total, _value(child))]
    return total


def test_kuhn_poker_under_uniform_random_play_is_worth_one_eighth_to_the_first_player():
    """By hand: with the higher card the first player expects 1/4(+1) + 1/8(-1) + 1/8(+2)
    + 1/4(+1) + 1/4(+2) = 9/8, with the lower 1/4(-1) + 1/8(-1) + 1/8(-2) + 1/4(+1) + 1/4(-2)
    = -7/8; each half of the six deals: 1/8. The game is zero-sum."""
    game = pr.load(KUHN).new_game(2, chance="explicit")
    odds = game.chance_outcomes()
    assert [(str(o), p) for o, p in odds] == [
        ("J from deck", Fraction(1, 3)),
        ("Q from deck", Fraction(1, 3)),
        ("K from deck", Fraction(1, 3)),
    ]
    assert _value(game) == [Fraction(1, 8), Fraction(-1, 8)]


# ---------------------------------------------------------------- the log and replays
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_from_the_log_alone_playa(variants, players):
    rules = pr.load("playa-pirata", variants=variants)
    game = play_random(rules.new_game(players, seed=players * 7), seed=players)
    for chance in ("sample", "explicit"):
        again = pr.replay(rules, game.log, chance=chance)
        assert again.log[1:] == game.log[1:]
        assert again.scores() == game.scores() and again.view(None) == game.view(None)


@pytest.mark.parametrize("gid,players", [(g, p) for g, p in GAMES if g != "playa-pirata"])
def test_replay_from_the_log_alone(gid, players):
    rules = pr.load(gid)
    game = play_random(rules.new_game(players, seed=5), seed=players)
    again = pr.replay(rules, game.log)
    assert again.log[1:] == game.log[1:] and again.scores() == game.scores()


def test_replay_part_of_a_log_then_play_on():
    rules = pr.load("lying-pirates")
    game = play_random(rules.new_game(3, seed=2), seed=1, limit=30)
    again = pr.replay(rules, game.log, seed=9)
    assert again.view(None) == game.view(None)
    play_random(again, seed=4)
    assert again.is_over


def test_replay_needs_the_full_log():
    rules = pr.load("playa-pirata")
    game = play_random(rules.new_game(3, seed=1), seed=1, limit=5)
    with pytest.raises(pr.PlayaRulesError, match="full log"):
        pr.replay(rules, game.log_for(0))
    with pytest.raises(pr.PlayaRulesError, match="not of 'lying-pirates'"):
        pr.replay(pr.load("lying-pirates"), game.log)
    with pytest.raises(pr.PlayaRulesError, match="starting with its 'start' event"):
        pr.replay(rules, [])


def test_replay_takes_loaded_rules_not_a_game_id():
    rules = pr.load("playa-pirata")
    game = play_random(rules.new_game(2, seed=1), seed=1, limit=5)
    for wrong in ("playa-pirata", None):
        with pytest.raises(pr.PlayaRulesError, match="replay takes loaded rules, pr.load"):
            pr.replay(wrong, game.log)


def _mangled(log: list, change) -> list:
    log = [dict(e) if isinstance(e, dict) else e for e in log]
    change(
        log,
        next(i for i, e in enumerate(log) if e["event"] == "chance"),
        next(i for i, e in enumerate(log) if e["event"] == "action"),
    )
    return log


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda log, c, a: log[0].pop("players"), r"event 0 \('start'\) of the log has no 'players'"),
        (
            lambda log, c, a: log[0].update(players="2"),
            r"event 0 \('start'\) of the log has '2' as its 'players'",
        ),
        (
            lambda log, c, a: log[0].update(players=9),
            r"has 9 as its 'players', but playa-pirata is for 2 to 4 players, not 9",
        ),
        (lambda log, c, a: log.insert(3, 7), r"event 3 of the log is 7, not a dict"),
        (lambda log, c, a: log.insert(3, {"x": 1}), r"event 3 of the log is a dict with no 'event'"),
        (
            lambda log, c, a: log.insert(3, {"event": "shuffle"}),
            r"event 3 of the log is of unknown kind 'shuffle'",
        ),
        (lambda log, c, a: log[c].update(id="3"), r"event \d+ \('chance'\) of the log has '3' as its 'id'"),
        (lambda log, c, a: log[c].update(id=True), r"has True as its 'id'"),
        (lambda log, c, a: log[a].update(id=None), r"event \d+ \('action'\) of the log has None as its 'id'"),
        (lambda log, c, a: log[a].pop("seat"), r"event \d+ \('action'\) of the log has no 'seat'"),
        (lambda log, c, a: log[a].update(seat=[0]), r"has \[0\] as its 'seat'"),
        (lambda log, c, a: log.append(dict(log[0])), r"is a second 'start'"),
    ],
)
def test_a_malformed_log_raises_naming_the_event_and_the_field(change, message):
    rules = pr.load("playa-pirata")
    game = play_random(rules.new_game(2, seed=3), seed=0, limit=20)
    with pytest.raises(pr.PlayaRulesError, match=message):
        pr.replay(rules, _mangled(game.log, change))


@pytest.mark.parametrize(
    "change,message",
    [
        (
            lambda log, c, a: log[c].update(
                id=105
            ),  # an id of these rules (a random choice's), not of a draw
            r"at event \d+ \('.* from supply'\): chance outcome 105 is "
            r"not possible here",
        ),
        (
            lambda log, c, a: log[a].update(seat=1 - log[a]["seat"]),
            r"at event \d+ \('bury .*'\): it has seat 1 act "
            r"where seat 0 is to act",
        ),
        (
            lambda log, c, a: log.insert(len(log), log.pop(a)),
            r"at event \d+ .*: it has seat 1 act where seat 0",
        ),
    ],
)
def test_a_log_that_does_not_fit_the_rules_raises_illegal_action_naming_the_event(change, message):
    rules = pr.load("playa-pirata")
    game = play_random(rules.new_game(2, seed=3), seed=0, limit=20)
    with pytest.raises(pr.IllegalAction, match=message):
        pr.replay(rules, _mangled(game.log, change))


def test_log_probabilities_are_the_reduced_fractions_of_chance_outcomes():
    game = pr.load("playa-pirata").new_game(2, chance="explicit")
    for card in ["6", "7"]:
        odds = {str(o): p for o, p in game.chance_outcomes()}
        game.apply(f"{card} from supply")
        assert game.log[-1]["probability"] == str(odds[f"{card} from supply"])
    assert game.log[-1]["probability"] == "1/7"  # two 7s of the fourteen cards left
    for event in play_random(pr.load("lying-pirates").new_game(3, seed=2), seed=2).log:
        if event["event"] == "chance":
            assert str(Fraction(event["probability"])) == event["probability"]


def test_the_start_event_of_an_explicit_game_says_so():
    rules = pr.load("playa-pirata")
    assert rules.new_game(2, seed=1, chance="explicit").log[0] == {
        "event": "start",
        "game": "playa-pirata",
        "players": 2,
        "seed": 1,
        "variants": [],
        "rules": rules.digest,
        "chance": "explicit",
    }
    assert rules.new_game(2, chance="explicit").log_for(1)[0]["chance"] == "explicit"
    assert "chance" not in rules.new_game(2, seed=1).log[0]


def test_a_chance_outcome_id_may_be_a_numpy_integer():
    np = pytest.importorskip("numpy")
    game = pr.load("playa-pirata").new_game(2, chance="explicit")
    outcome = game.chance_outcomes()[1][0]
    game.apply(np.int64(outcome.id))
    assert game.log[-1]["id"] == outcome.id
    with pytest.raises(pr.IllegalAction, match="not a chance outcome"):
        game.apply(np.float64(outcome.id))


def test_the_log_shows_a_chance_event_only_as_far_as_a_seat_knows_it():
    game = pr.load("playa-pirata").new_game(2, chance="explicit")
    for card in ["6", "7", "3 (treasure)", "3 (treasure)", "4", "4", "5", "5", "6", "7", "towel"]:
        game.apply(f"{card} from supply")
    full = [e for e in game.log if e["event"] == "chance"]
    assert full[0] == {
        "event": "chance",
        "kind": "draw",
        "zone": "supply",
        "outcome": "6 from supply",
        "id": full[0]["id"],
        "probability": "2/15",
    }
    mine = [e for e in game.log_for(0) if e["event"] == "chance"]
    assert mine[0] == full[0]  # dealt to seat 0: it knows
    assert mine[1] == {"event": "chance", "kind": "draw", "zone": "supply", "outcome": "treasure from supply"}
    assert mine[10]["outcome"] == "treasure from supply"  # the middle treasure: nobody looked


# ---------------------------------------------------------------- worlds
def _at_decision(gid: str, players: int, seed: int, steps: int):
    game = play_random(pr.load(gid).new_game(players, seed=seed), seed=seed, limit=steps)
    return None if game.is_over else game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 10_000))
def test_a_world_looks_the_same_to_the_seat_and_ignores_the_hidden_truth(case, seed, steps, world_seed):
    gid, players = case
    game = _at_decision(gid, players, seed, steps)
    if game is None:
        return
    seat = game.current_player
    world = game.sample_world(seat, random.Random(world_seed))
    assert world.view(seat) == game.view(seat)
    for a, b in itertools.islice(unseen_pairs(game, seat), 3):
        truth = swapped(game, a, b)
        assert truth.view(seat) == game.view(seat)  # the seat cannot tell the two apart
        other = truth.sample_world(seat, random.Random(world_seed))
        assert other.view(None) == world.view(None)  # and neither can the sampler
    play_random(world, seed=world_seed)  # a world plays on to the end
    assert world.is_over


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 10_000))
def test_what_belongs_to_a_place_stays_with_it_in_a_world(case, seed, steps, world_seed):
    """A world puts another card of the same back at a place the seat cannot see into, and
    the place keeps who knew the face there, its variables and the stack on it."""
    gid, players = case
    game = _at_decision(gid, players, seed, steps)
    if game is None:
        return
    seat = game.current_player
    g, m = game.g, game.m
    w = game.sample_world(seat, random.Random(world_seed)).g
    dice = m.props.get("faces") or [None] * m.component_count
    stacks = {zi for table in m.attached.values() for zi in table if zi >= 0}  # zones attached to a card
    at = {}  # the component a world put at each one's place
    for zi, (real, imagined) in enumerate(zip(g.zones, w.zones)):
        if zi in stacks:
            continue  # (checked below, by the card it is attached to)
        assert len(real) == len(imagined)
        for old, new in zip(real, imagined):
            at[old] = new
            assert w.loc[new] == zi
            assert (m.ctype[new], m.owner[new]) == (m.ctype[old], m.owner[old])
            if g.known[old] >> seat & 1:
                assert new == old  # a face the seat knows is where it is
            assert w.known[new] == g.known[old]
            for name, store in g.cvars.items():
                if name != "face" or not dice[old]:  # (a die the seat has not seen is rolled again)
                    assert w.cvars[name][new] == store[old]
    for table in m.attached.values():  # a stack stays at its place, under the card put there
        for old, new in list(at.items()):
            if table[old] >= 0:
                real, imagined = g.zones[table[old]], w.zones[table[new]]
                assert len(real) == len(imagined)
                for c, d in zip(real, imagined):
                    at[c] = d
                    assert w.loc[d] == table[new] and w.known[d] == g.known[c]
                    assert (m.ctype[d], m.owner[d]) == (m.ctype[c], m.owner[c])
    assert sorted(at.values()) == sorted(at)  # one component at each place: a permutation


def test_worlds_are_uniform_over_the_deals_a_seat_cannot_tell_apart():
    """Kuhn poker, seat 0 holds the Queen: the Jack and the King are equally likely to be
    in the other hand (and the other in the deck)."""
    game = pr.load(KUHN).new_game(2, chance="explicit")
    game.apply("Q from deck")
    game.apply("K from deck")
    m = game.m
    rng = random.Random(12)
    counts = Counter(
        m.labels[w.g.zones[m.zone_index("hand", seat=1)][0]]
        for w in (game.sample_world(0, rng) for _ in range(4000))
    )
    assert set(counts) == {"J", "K"}
    assert abs(counts["J"] - 2000) < 5 * 32  # five standard deviations


def test_worlds_are_uniform_over_every_consistent_deal():
    """Playa Pirata, 2 players, after the deal: seat 0 knows its 5 treasures; the other 10
    are spread over seat 1's hand (5), the middle (1) and the undecided supply (4). Every
    way to put them there is equally likely: each treasure kind lands in seat 1's hand
    in proportion to how many of it seat 0 has not seen."""
    game = pr.load("playa-pirata").new_game(2, seed=4)
    m = game.m
    mine = Counter(m.face[c] for c in game.g.zones[m.zone_index("treasures", seat=0)])
    unseen = Counter(m.face[c] for c in m.type_members["treasure"]) - mine
    rng = random.Random(7)
    landed = Counter()
    n = 3000
    for _ in range(n):
        world = game.sample_world(0, rng)
        landed.update(m.face[c] for c in world.g.zones[m.zone_index("treasures", seat=1)])
    for face, k in unseen.items():
        expected = n * 5 * k / 10
        sd = (n * 5 * (k / 10) * (1 - k / 10)) ** 0.5 * 2  # generous: draws in one world are not independent
        assert abs(landed[face] - expected) < 5 * sd, (m.labels[m.faces[face]], landed[face], expected)


def test_a_world_rerolls_dice_the_seat_has_not_seen():
    game = pr.load("tests/games/dice-duel.yaml").new_game(2, seed=3)
    game.apply("roll")
    game.apply("stop")  # seat 1 to roll: seat 0's dice are unknown to seat 1
    m = game.m
    cup0 = m.zone_index("cup", seat=0)
    faces = {
        tuple(game.sample_world(1, random.Random(k)).g.cvars["face"][c] for c in game.g.zones[cup0])
        for k in range(30)
    }
    assert len(faces) > 5
    own = {
        tuple(game.sample_world(0, random.Random(k)).g.cvars["face"][c] for c in game.g.zones[cup0])
        for k in range(30)
    }
    assert len(own) == 1  # seat 0 saw its own dice


def test_a_world_takes_a_random_or_a_seed_and_nothing_else():
    np = pytest.importorskip("numpy")
    game = pr.load("playa-pirata").new_game(3, seed=7)
    same = game.sample_world(0, random.Random(5)).view(None)
    assert game.sample_world(0, 5).view(None) == same and game.sample_world(0, np.int64(5)).view(None) == same
    assert game.sample_world(0, "five").view(0) == game.view(0) and game.sample_world(0, None).view(
        0
    ) == game.view(0)
    for bad in (np.random.default_rng(0), 1.5, True, [1]):
        with pytest.raises(pr.PlayaRulesError, match="rng is a random.Random, a seed"):
            game.sample_world(0, bad)
    with pytest.raises(pr.PlayaRulesError, match="chance is 'sample' or 'explicit'"):
        game.sample_world(0, 1, chance="bogus")


def test_a_world_is_not_sampled_at_a_chance_node():
    game = pr.load("playa-pirata").new_game(2, chance="explicit")
    with pytest.raises(pr.PlayaRulesError, match="not while a chance event waits"):
        game.sample_world(0, random.Random(1))


# ---------------------------------------------------------------- the whole state, pickling
def test_view_none_shows_every_face_in_the_shape_of_a_seat_view():
    game = pr.load("playa-pirata").new_game(3, seed=2)
    every, mine = game.view(None), game.view(0)
    assert every.keys() == mine.keys() and every["seat"] is None
    assert all("hidden" not in c for s in every["seats"] for z in s["zones"].values() for c in z)
    assert any(c.get("hidden") for s in mine["seats"] for z in s["zones"].values() for c in z)


@pytest.mark.parametrize("gid,players", [("playa-pirata", 3), ("pirate-gold-cards", 2), ("lying-pirates", 4)])
def test_pickled_games_continue_identically(gid, players):
    rules = pr.load(gid)
    assert pickle.loads(pickle.dumps(rules)) is rules
    game = play_random(rules.new_game(players, seed=8), seed=8, limit=25)
    action = game.legal_actions()[0]
    assert pickle.loads(pickle.dumps(action)) == action
    again = pickle.loads(pickle.dumps(game))
    play_random(game, seed=1)
    play_random(again, seed=1)
    assert again.log == game.log and again.scores() == game.scores()


def test_a_game_waiting_for_chance_pickles():
    game = pr.load("lying-pirates").new_game(3, chance="explicit")
    assert game.is_chance
    again = pickle.loads(pickle.dumps(game))
    assert again.is_chance and again.chance_outcomes() == game.chance_outcomes()
    play_random(game, seed=6)
    play_random(again, seed=6)
    assert again.log == game.log


def test_rules_with_variants_pickle_by_source():
    rules = pr.load("playa-pirata", variants=["special-cards", "tests/variants/two-skulls-twelve.yaml"])
    assert pickle.loads(pickle.dumps(rules)) is rules


def test_a_query_that_reads_an_undecided_order_says_so(tmp_path):
    """Match points that read the top of a shuffled pile, asked between decisions in explicit
    mode, name the problem instead of leaking the engine's internal signal."""
    text = KUHN.read_text().replace("match:\n  hands: 1", "match:\n  hands: 1\n  points: top(deck).rank")
    path = tmp_path / "kuhn-top.yaml"
    path.write_text(text)
    game = pr.load(path).new_game(2, chance="explicit")
    with pytest.raises(pr.GameRuntimeError, match="match points read a position of a shuffled zone"):
        game.scores()


PICK = """\
game: pick-probe
title: Pick probe
players: [2, 3]
variables:
  player: {points: 0}
  hand: {first: 0}
components:
  chip: {start: bank, items: [{count: 3}]}
zones:
  bank: {visibility: public, holds: [chip]}
  won: {per: player, visibility: public, holds: [chip]}
actions:
  take:
    text: take
    require: [count(bank) > 0]
    effect: |
      move top(bank) to me.won
      set me.points += 1
setup: |
  pick hand.first from [s in seats where s.points == min(p.points for p in seats)]
  set start_player = hand.first
phases:
  - id: play
    turns: {from: start_player, until: "count(bank) == 0"}
    steps:
      - {id: t, actions: [take]}
scoring:
  - {id: chips, points: "count(me.won)"}
"""


def test_pick_is_a_public_chance_event_among_the_tied(tmp_path):
    """ "the start player is chosen at random among the tied players": pick."""
    import collections

    path = tmp_path / "pick.yaml"
    path.write_text(PICK, encoding="utf-8")
    rules = pr.load(path)
    assert [d.code for d in pr.validate(path)] == []
    starts = collections.Counter(rules.new_game(3, seed=s).view(None)["start_player"] for s in range(300))
    assert set(starts) == {0, 1, 2} and min(starts.values()) > 60
    game = rules.new_game(3, seed=1, chance="explicit")
    assert game.is_chance and [str(o) for o, _ in game.chance_outcomes()] == [
        "choose seat 0",
        "choose seat 1",
        "choose seat 2",
    ]
    game.apply("choose seat 2")
    assert game.current_player == 2
    sampled = rules.new_game(3, seed=4)
    (ev,) = [e for e in sampled.log_for(1) if e["event"] == "chance"]
    assert ev["kind"] == "choice" and ev["outcome"].startswith("choose seat")  # everyone sees it


@pytest.mark.parametrize("explicit", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_taking_the_top_of_a_shuffled_zone_is_deciding_it_then_moving_it(explicit, seed):
    """``State.move_top`` (what a deal does for each card) leaves the state, the log and the
    chance events exactly as ``settle_top`` then ``move`` do, down to an emptied zone, with
    sampled chance and with outcomes queued as explicit chance queues them."""
    from playa_rules.engine.chance import NeedChance
    from playa_rules.engine.state import State

    m = pr.load("playa-pirata").program.model
    z = m.zones["supply"].base
    dest = [m.zones["treasures"].base + s for s in range(3)] + [m.zones["beach"].base]
    states = []
    for fused in (False, True):
        g = State(m, 3, seed, explicit=explicit)
        g.reset_components()
        g.shuffle(z)
        for k in range(len(g.zones[z])):
            while True:
                try:
                    if fused:
                        g.move_top(z, dest[k % 4])
                    else:
                        if g.mix[z] is not None:
                            g.settle_top(z)
                        g.move(g.zones[z][-1], dest[k % 4])
                    break
                except NeedChance as need:  # explicit: nothing changed; queue its last outcome, again
                    g.queue = (g.queue or []) + [need.node.options[-1][0]]
        states.append(g)
    a, b = states
    assert not a.zones[z] and a.zones == b.zones and a.mix == b.mix and a.loc == b.loc and a.known == b.known
    assert [
        (e[0], e[2], e[4], e[1].subject, e[1].options, e[1].total) if e[0] == "chance" else e for e in a.log
    ] == [
        (e[0], e[2], e[4], e[1].subject, e[1].options, e[1].total) if e[0] == "chance" else e for e in b.log
    ]
    assert a.nchance == b.nchance > 0


def test_a_state_copy_has_every_slot_of_the_state_and_shares_only_what_never_changes_in_place():
    """State.copy stores the shared slots one by one: none may be forgotten, and the copied
    containers must be new objects equal to the original's."""
    from playa_rules.engine.state import _SHARED, State

    game = pr.load("lying-pirates").new_game(3, seed=4)
    for _ in range(25):
        game.apply(game.legal_actions()[0])
    g = game.g
    c = g.copy()
    assert set(_SHARED) | set(State._COPIED) == set(State.__slots__)
    for name in State.__slots__:
        assert getattr(c, name) == getattr(g, name), name
        if name in _SHARED:
            assert getattr(c, name) is getattr(g, name), name
        elif name != "rng_shared":
            assert getattr(c, name) is not getattr(g, name), name
