"""Every worked example and countable statement of the Playa Pirata rulebook, with its own numbers.

Rulebook: shared/rulebooks/000_383859bdf4c20040.txt (English). Each test's docstring
quotes the sentence it checks. Seats of the rulebook's examples: red 0, blue 1, green 2.
Positions are built with the helpers of tests/scenario.py (which documents the engine
internals it touches).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
import yaml
from scenario import (
    BLUE,
    CARD_ACTIONS,
    GREEN,
    RED,
    beach,
    clear_table,
    controller,
    cover,
    kind,
    knows,
    move,
    names,
    new,
    phase,
    pirate_of,
    play_first_turn,
    play_until,
    put_towels,
    random_chooser,
    refresh_legal,
    score_now,
    stack,
    step,
    take_towel,
    texts,
    thrifty_chooser,
    total_now,
    towels_of,
    treasures,
    turn_face_up,
    value,
    zone,
)
from view_checks import same_kind

import playa_rules as pr
from playa_rules import resources

TURNS = {2: 8, 3: 7, 4: 6}
DEALT = {2: 5, 3: 4, 4: 3}


def _scoring_table(players=3):
    game = new(players, seed=0)
    clear_table(game)
    return game


def _red_scoring_example(game):
    """The rulebook's scoring picture: red controls a skull, a 3, a Treasure with Towel with
    3 towel cards and one with 7 (at the cap); red still holds 1, 2, 2, 3.  Returns a red
    2-towel card lying under the skull's stack (red's one card to spare)."""
    skull = treasures(game, "skull")[0]
    three = treasures(game, "number", 3)[0]
    towel_a, towel_b = treasures(game, "towel")[:2]
    for t in (skull, three, towel_a, towel_b):
        move(game, t, "beach")
    red = {v: towels_of(game, RED, v) for v in (1, 2, 3)}
    # red keeps one 1, two 2s and one 3 in hand; all its other cards are on the stacks
    put_towels(game, skull, [red[3][0], red[3][1], red[3][2], red[2][0], red[1][0]])
    put_towels(game, three, [take_towel(game, BLUE, 2), red[1][1]])
    put_towels(game, towel_a, [take_towel(game, BLUE, 3), take_towel(game, GREEN, 2), red[1][2]])
    put_towels(
        game,
        towel_b,
        [
            take_towel(game, BLUE, 3),
            take_towel(game, GREEN, 3),
            take_towel(game, BLUE, 2),
            take_towel(game, GREEN, 2),
            take_towel(game, BLUE, 1),
            take_towel(game, GREEN, 1),
            red[2][1],
        ],
    )
    assert sorted(value(game, c) for c in zone(game, "towels", seat=RED)) == [1, 2, 2, 3]
    assert [len(stack(game, t)) for t in (towel_a, towel_b)] == [3, 7]
    assert all(controller(game, t) == RED for t in (skull, three, towel_a, towel_b))
    assert [kind(game, t) for t in beach(game)] == ["skull", "number", "towel", "towel"]
    return red[2][0]


# ================================================================ scoring
def test_scoring_example_red_scores_21():
    """ "Example: At the end of the game, the red player controls these 4 Treasures. He also
    has 4 Beach Towel cards still in hand (values: 1, 2, 2, 3). So, his score is:
    0 (skull) + 3 + 6 + 8 (max) + 4 = 21 points.\""""
    game = _scoring_table()
    _red_scoring_example(game)
    parts = score_now(game)[RED]
    assert parts["skulls"] == 0
    assert parts["numbered"] == 3
    assert parts["towel_treasures"] == 6 + 8
    assert parts["unplayed_towels"] == 4
    assert sum(parts.values()) == 21


def test_scoring_example_one_more_skull_scores_31():
    """ "If he had gained 1 more skull, he would have scored 10 for them, and thus 31 points total.\""""
    game = _scoring_table()
    spare = _red_scoring_example(game)
    second = treasures(game, "skull")[1]
    move(game, second, "beach")
    put_towels(game, second, [take_towel(game, GREEN, 1), spare])
    assert controller(game, second) == RED and controller(game, treasures(game, "skull")[0]) == RED
    parts = score_now(game)[RED]
    assert parts["skulls"] == 10
    assert sum(parts.values()) == 31


@pytest.mark.parametrize("cards, points", [(1, 2), (2, 4), (3, 6), (4, 8), (5, 8), (6, 8), (7, 8)])
def test_towel_treasure_twice_the_cards_at_most_8(cards, points):
    """ "Treasure with Towel: At the end of the game, this Treasure is worth twice the number of
    Beach Towel cards played on it (regardless of value), up to a maximum of eight points.
    Example: ... has 3 Beach Towel cards on it. It's worth 3 x 2 = 6 points. If it had 7
    towels on it, it would be worth 8 points (not 7 x 2 = 14).\""""
    game = _scoring_table()
    t = treasures(game, "towel")[0]
    move(game, t, "beach")
    for s in (BLUE, GREEN, BLUE, GREEN, BLUE, GREEN)[: cards - 1]:
        put_towels(game, t, [take_towel(game, s, 3)])
    put_towels(game, t, [take_towel(game, RED, 1)])
    assert len(stack(game, t)) == cards
    parts = score_now(game)
    assert parts[RED]["towel_treasures"] == points
    assert parts[BLUE]["towel_treasures"] == parts[GREEN]["towel_treasures"] == 0


@pytest.mark.parametrize("skulls, points", [(0, 0), (1, 0), (2, 10), (3, 18)])
def test_skull_table(skulls, points):
    """ "Treasure with a Skull: Alone, this Treasure is worth zero points. But, if you have two
    Skulls at the end of the game, they are worth ten points together. If you have three of
    them, they are worth 18 points!\""""
    game = _scoring_table()
    for t in treasures(game, "skull")[:skulls]:
        move(game, t, "beach")
        put_towels(game, t, [take_towel(game, RED, 1)])
    assert score_now(game)[RED]["skulls"] == points


def test_four_skulls_still_18(tmp_path):
    """ "Four skulls don't give you any more points (they are still worth 18)."  The default
    deck has 3 Skulls (assumption skull_treasures); this loads the documented alternative
    (4 Skulls + 1 Towel) to hold four of them."""
    data = yaml.safe_load((resources.games_dir() / "playa-pirata.yaml").read_text(encoding="utf-8"))
    assert 4 in data["assumptions"]["skull_treasures"]["alternatives"]
    data["assumptions"]["skull_treasures"]["value"] = 4
    path = tmp_path / "playa-pirata-4-skulls.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    game = pr.load(path).new_game(players=3, seed=0)
    clear_table(game)
    skulls = treasures(game, "skull")
    assert len(skulls) == 4
    for t in skulls:
        move(game, t, "beach")
        put_towels(game, t, [take_towel(game, RED, 1)])
    assert score_now(game)[RED]["skulls"] == 18


def test_unplayed_towel_cards_one_point_each():
    """ "Add 1 point for each Beach Towel card you did not play (a 2- or 3-towel card is still
    worth only 1 point).\""""
    game = _scoring_table()
    assert [score_now(game)[s]["unplayed_towels"] for s in range(3)] == [12, 12, 12]
    for v in (3, 3, 2, 1):
        move(game, take_towel(game, RED, v), "discard")
    assert score_now(game)[RED]["unplayed_towels"] == 8
    assert total_now(game, RED) == 8


def test_control_is_the_top_card_and_buried_treasures_belong_to_nobody():
    """ "You control the Treasure if the card on top is your color." and "Each player takes all
    the Treasure cards he controls" (a treasure with no towel on it is nobody's)."""
    game = _scoring_table()
    seven, six = treasures(game, "number", 7)[0], treasures(game, "number", 6)[0]
    move(game, seven, "beach")
    move(game, six, "beach")
    put_towels(game, seven, [take_towel(game, RED, 3), take_towel(game, GREEN, 1)])
    parts = score_now(game)
    assert [p["numbered"] for p in parts] == [0, 0, 7]


def test_umbrella_treasure_belongs_to_the_umbrella_owner():
    """ "Each player takes all the Treasure cards he controls: the one with his Beach Umbrella
    and any that have his Beach Towel card on top.\""""
    game = _scoring_table()
    seven = treasures(game, "number", 7)[0]
    move(game, seven, "beach")
    put_towels(game, seven, [take_towel(game, BLUE, 1)])
    move(game, pirate_of(game, BLUE, "umbrella"), "cover", comp=seven)
    put_towels(game, seven, [take_towel(game, RED, 3)])  # under the umbrella, even on top
    assert [p["numbered"] for p in score_now(game)] == [0, 7, 0]


# ================================================================ towels: the overbid examples
def _overbid_position():
    """3 players; red's first regular turn, towels step; treasure #1 has a blue 3 on top."""
    game = new(3, seed=0)
    play_first_turn(game)
    assert game.current_player == RED and step(game) == "card"
    game.apply("telescope #0")
    assert step(game) == "towels"
    t = beach(game)[1]
    put_towels(game, t, [take_towel(game, BLUE, 3)])
    refresh_legal(game)
    return game, t


def test_overbid_example_red_plays_3_plus_1_and_the_1_is_on_top():
    """ "This buried Treasure already has a blue Beach Towel card worth 3 towels on top of it.
    Red wants to take over this Treasure, so he must play cards with a total value of 4 or
    higher. If he plays a card worth 3 and a card worth 1, he must put the 3-towel card on
    the stack first, then the 1-towel card on top. Only the 1-towel card will be visible.\""""
    game, t = _overbid_position()
    legal = texts(game)
    assert "towels 1+3 on #1" in legal
    for bad in ("towels 3 on #1", "towels 1+2 on #1", "towels 1+1+1 on #1", "towels 2 on #1"):
        assert bad not in legal, bad
    game.apply("towels 1+3 on #1")
    s = stack(game, t)
    assert [(game.m.owner[c], value(game, c)) for c in s] == [(BLUE, 3), (RED, 3), (RED, 1)]
    assert controller(game, t) == RED
    seen = game.view(GREEN)["zones"]["beach"][1]["zones"]["stack"]
    assert [(x["owner"], x["value"]) for x in seen][-1] == (RED, 1)


def test_overbid_any_combination_totalling_four():
    """ "You could also exceed a card worth 3 towels by playing two cards worth 2 each, or four
    cards worth 1, or any other combination that added together totals four or higher.\""""
    game, _ = _overbid_position()
    legal = texts(game)
    for ok in ("towels 2+2 on #1", "towels 1+1+1+1 on #1", "towels 1+3 on #1", "towels 1+1+2 on #1"):
        assert ok in legal, ok


def test_overbid_two_3s_leave_a_3_on_top():
    """ "You could even play two cards worth 3 towels each - it would cost you two very
    valuable cards, but you would be able to play a 3-towel card on top of the stack\""""
    game, t = _overbid_position()
    game.apply("towels 3+3 on #1")
    assert [value(game, c) for c in stack(game, t)] == [3, 3, 3]
    assert controller(game, t) == RED


def test_overbid_example_green_needs_only_to_beat_the_1():
    """ "If green wants to take over this Treasure on her turn, she only needs to play Beach
    Towel cards with a total value of 2 or more. Even a single 2-towel card is good enough!"
    and "Any other player that wants to control this Treasure only has to beat the single
    card on top of the stack.\""""
    game, t = _overbid_position()
    game.apply("towels 1+3 on #1")
    game.apply("done")
    assert game.current_player == BLUE
    game.apply(next(a for a in game.legal_actions() if a.name == "bury"))
    game.apply(
        next(a for a in game.legal_actions() if a.name == "place_towels" and not str(a).endswith("#1"))
    )
    game.apply("done")
    assert game.current_player == GREEN
    game.apply(next(a for a in game.legal_actions() if a.name == "bury"))
    assert controller(game, t) == RED
    legal = texts(game)
    assert "towels 2 on #1" in legal
    assert "towels 1+1 on #1" in legal
    assert "towels 1 on #1" not in legal
    game.apply("towels 2 on #1")
    assert controller(game, t) == GREEN


def test_empty_treasure_takes_any_value():
    """ "You can play any value of Beach Towel card(s) on top of a Treasure that has no cards on it\""""
    game, _ = _overbid_position()
    legal = texts(game)
    for v in ("1", "2", "3", "1+1"):
        assert f"towels {v} on #2" in legal


def test_towels_on_at_most_two_treasures_and_at_least_one_card():
    """ "you must play one or more of your Beach Towel cards, distributing them as you please on
    a maximum of two buried Treasures\""""
    game = new(3, seed=0)
    play_first_turn(game)
    game.apply("telescope #0")
    assert "done" not in texts(game)  # one or more: cannot pass
    game.apply("towels 1 on #1")
    assert "done" in texts(game)
    # ruling second_group_same_treasure (default false): the second group goes elsewhere
    assert not [t for t in texts(game) if t.endswith(" on #1")]
    game.apply("towels 1 on #2")
    assert texts(game) == ["done"]  # a maximum of two treasures


def test_ruling_a_pirate_without_target_is_played_without_effect():
    """ "On your turn, you must play one of these cards from your hand." (ruling
    pirate_without_target, default true: a Map when every treasure is already face up, with
    nothing else to play, is discarded without effect)."""
    game = new(2, seed=0)
    play_first_turn(game)
    seat = game.current_player
    for c in list(zone(game, "treasures", seat=seat)):
        move(game, c, "supply")
    for c in list(zone(game, "pirates", seat=seat)):
        if game.m.props["ability"][c] != "map":
            move(game, c, "discard")
    for t in beach(game):
        turn_face_up(game, t)  # every buried treasure is face up
    refresh_legal(game)
    assert texts(game) == ["discard map"]
    game.apply("discard map")
    assert pirate_of(game, seat, "map") in zone(game, "discard")
    assert step(game) == "towels"


def test_blocked_towel_step_reveals_the_hand_and_skips():
    """ "If you cannot play any of your Beach Towel cards, you must show your hand to the other
    players and skip this part of your turn. This could happen ... if all the buried
    Treasures have a 2- or 3-value card on top and you only have one or two 1-towel cards left.\""""
    game = new(3, seed=0)
    play_first_turn(game)
    assert game.current_player == RED
    ones = towels_of(game, RED, 1)[:2]
    for c in list(zone(game, "towels", seat=RED)):
        if c not in ones:
            move(game, c, "discard")
    for i, t in enumerate(beach(game)):
        put_towels(game, t, [take_towel(game, (BLUE, GREEN)[i % 2], 2 + i % 2)])
    refresh_legal(game)
    hidden_before = game.view(BLUE)["seats"][RED]["zones"]["towels"]
    assert all(x.get("hidden") for x in hidden_before)
    logged = len(game.log)
    game.apply("telescope #0")  # a card that adds no treasure to the beach
    assert {"event": "blocked", "seat": RED, "step": "towels"} in game.log[logged:]
    assert game.current_player == BLUE  # the towel part of red's turn was skipped
    for c in ones:
        assert all(knows(game, s, c) for s in range(3))
    for s in (BLUE, GREEN):
        shown = game.view(s)["seats"][RED]["zones"]["towels"]
        assert [x.get("value") for x in shown] == [1 for c in ones]
        assert all(same_kind(game.m, x["id"], c) for x, c in zip(shown, ones))


# ================================================================ setup, first turn, length
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_and_the_treasure_buried_in_the_middle(players):
    """ "Shuffle the 15 Treasures face down and deal to each player: 2 players: 5 treasures
    (5 are left over) 3 players: 4 treasures (3 are left over) 4 players: 3 treasures (3 are
    left over). Take the leftover Treasures (3 or 5), put one face down in the middle of the
    table, and set the rest aside without anyone looking at them.\""""
    for seed in range(5):
        game = new(players, seed=seed)
        for s in range(players):
            hand = zone(game, "treasures", seat=s)
            assert len(hand) == DEALT[players]
            assert all(knows(game, s, c) and game.g.known[c] == 1 << s for c in hand)
            assert len(zone(game, "pirates", seat=s)) == 3
            assert len(zone(game, "towels", seat=s)) == 12
        assert len(beach(game)) == 1
        leftover = zone(game, "supply")
        assert len(leftover) + 1 == 15 - players * DEALT[players]
        for c in beach(game) + leftover:
            assert game.g.known[c] == 0
        for s in range(players):
            assert game.view(s)["zones"]["beach"][0] == {
                "type": "treasure",
                "hidden": True,
                "zones": {"stack": [], "cover": []},
            }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_turn_every_seat_buries_one_treasure_clockwise(players):
    """ "The First Turn is special: Each player, beginning with the starting player and
    proceeding clockwise, must "bury" (i.e., play) one Treasure from his hand ... Only you know
    the value of this Treasure (for now!). Once all players have buried one Treasure, the
    First Turn ends.\""""
    game = new(players, seed=11)
    rng = random.Random(3)
    for hand in range(players):
        start = game.view(0)["start_player"]
        assert start == hand % players
        # every hand is dealt afresh: nothing of the last hand is face up, kept or played
        assert len(beach(game)) == 1 and game.g.known[beach(game)[0]] == 0
        assert zone(game, "discard") == [] and not stack(game, beach(game)[0])
        for s in range(players):
            assert len(zone(game, "treasures", seat=s)) == DEALT[players]
            assert all(game.g.known[c] == 1 << s for c in zone(game, "treasures", seat=s))
            assert len(zone(game, "pirates", seat=s)) == 3 and len(zone(game, "towels", seat=s)) == 12
            assert zone(game, "kept", seat=s) == []
        for k in range(players):
            assert phase(game) == "first_turn"
            seat = game.current_player
            assert seat == (start + k) % players
            assert names(game) == {"bury"}
            held = len(zone(game, "treasures", seat=seat))
            game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
            buried = beach(game)[-1]
            assert len(zone(game, "treasures", seat=seat)) == held - 1
            assert game.g.known[buried] == 1 << seat
            for other in range(players):
                if other != seat:
                    assert game.view(other)["zones"]["beach"][-1]["hidden"] is True
        assert phase(game) == "regular" and game.current_player == start
        play_until(game, lambda gm: gm.is_over or gm.view(0)["hand"] != hand + 1, random_chooser(rng))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_counts_8_7_6(players):
    """ "Once all players have played all of their Treasure and Pirate cards, the game ends
    (so, eight turns in a two-player game, seven turns in a three-player game, or six turns
    in a four-player game)." and "Note: Beach Towel cards are not counted when determining
    if the game ends." Counted per seat and hand: the first turn plus every regular turn
    (one decision at the start of each), and the cards played (one per turn)."""
    for seed in (1, 2):
        game = new(players, seed=seed)
        rng = random.Random(seed)
        turns, cards, finals = Counter(), Counter(), defaultdict(set)
        while not game.is_over:
            v = game.view(0)
            seat, h = game.current_player, v["hand"]
            if v["phase"] == "first_turn" or (v["phase"] == "regular" and v["step"] == "card"):
                turns[h, seat] += 1
            if v["phase"] == "final_turn":
                finals[h].add(seat)
            a = game.legal_actions()[rng.randrange(len(game.legal_actions()))]
            if a.name in CARD_ACTIONS:
                cards[h, seat] += 1
            if v["phase"] == "regular" and v["step"] == "card":
                assert a.name in CARD_ACTIONS
            game.apply(a)
        for h in range(1, players + 1):
            for s in range(players):
                assert turns[h, s] == TURNS[players], (h, s)
                assert cards[h, s] == TURNS[players], (h, s)
            assert finals[h] == {(h - 1) % players}
        # the same count from the log's turn events
        logged, hand, ph = Counter(), 0, None
        for e in game.log:
            if e["event"] == "hand":
                hand = e["hand"]
            elif e["event"] == "phase":
                ph = e["phase"]
            elif e["event"] == "turn":
                logged[hand, ph == "final_turn", e["seat"]] += 1
        for h in range(1, players + 1):
            assert [logged[h, False, s] for s in range(players)] == [TURNS[players]] * players
            assert [logged[h, True, s] for s in range(players)] == [
                int(s == (h - 1) % players) for s in range(players)
            ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_treasure_and_pirate_is_played_before_the_final_turn(players):
    """ "Once all players have played all of their Treasure and Pirate cards, the game ends\""""
    game = new(players, seed=5)
    play_until(game, lambda gm: phase(gm) == "final_turn", random_chooser(random.Random(5)))
    for s in range(players):
        assert zone(game, "treasures", seat=s) == [] and zone(game, "pirates", seat=s) == []


# ================================================================ pirates
def test_telescope_only_that_seat_learns_the_face():
    """ "Pirate with a Telescope: You can peek at one buried Treasure! Then, put it back where
    it was, face down, along with any Beach Towel cards that were on it\""""
    game = new(3, seed=0)
    play_first_turn(game)
    middle = beach(game)[0]
    order = list(beach(game))
    assert game.g.known[middle] == 0
    game.apply("telescope #0")
    assert game.g.known[middle] == 1 << RED
    assert beach(game) == order
    assert pirate_of(game, RED, "telescope") in zone(game, "discard")
    assert same_kind(game.m, game.view(RED)["zones"]["beach"][0]["id"], middle)
    assert game.view(RED)["zones"]["beach"][0]["value"] == value(game, middle)
    for s in (BLUE, GREEN):
        entry = game.view(s)["zones"]["beach"][0]
        assert entry["hidden"] is True and "id" not in entry and "value" not in entry


def test_map_turns_a_treasure_face_up_for_all():
    """ "Pirate with a Map: You may turn one buried Treasure face up! All players will know the
    value of that Treasure for the rest of the game.\""""
    game = new(3, seed=0)
    play_first_turn(game)
    middle = beach(game)[0]
    game.apply("map #0")
    assert game.g.known[middle] == 0b111
    for s in range(3):
        entry = game.view(s)["zones"]["beach"][0]
        assert same_kind(game.m, entry["id"], middle) and entry["value"] == value(game, middle)
    # for the rest of the game
    play_until(
        game,
        lambda gm: gm.view(0)["hand"] != 1 or phase(gm) == "final_turn",
        random_chooser(random.Random(2)),
    )
    assert all(same_kind(game.m, game.view(s)["zones"]["beach"][0]["id"], middle) for s in range(3))


def test_map_may_turn_up_a_face_down_treasure_everyone_has_peeked_at():
    """ "Pirate with a Map: You may turn one buried Treasure face up!"  (A treasure seen by both
    players of a 2-player game is still face down.)"""
    game = new(2, seed=0)
    play_first_turn(game)  # red buried #1, blue buried #2
    game.apply("telescope #2")  # red peeks at blue's treasure
    game.apply(next(a for a in game.legal_actions() if a.name == "place_towels"))
    game.apply("done")
    assert game.current_player == BLUE
    assert game.g.known[beach(game)[2]] == 0b11  # both know it, nobody turned it face up
    assert "map #2" in texts(game)
    game.apply("map #2")
    assert game.g.known[beach(game)[2]] == 0b11
    game.apply(next(a for a in game.legal_actions() if a.name == "place_towels"))
    game.apply("done")
    assert game.current_player == RED and "map #1" in texts(game)
    assert "map #2" not in texts(game)  # face up now: nothing left for a Map to do there


def _umbrella_position():
    """3 players; at the start of blue's first regular turn blue controls #1, green #2, red #3,
    nobody #0."""
    game = new(3, seed=0)
    play_first_turn(game)
    game.apply("telescope #0")
    b = beach(game)
    put_towels(game, b[1], [take_towel(game, BLUE, 1)])
    put_towels(game, b[2], [take_towel(game, GREEN, 1)])
    refresh_legal(game)
    game.apply("towels 3 on #3")
    game.apply("done")
    assert game.current_player == BLUE and step(game) == "card"
    return game


def test_umbrella_only_on_a_treasure_controlled_at_the_start_of_the_turn():
    """ "Pirate with a Beach Umbrella: You may conquer one buried Treasure! You may only play this
    card on a Treasure that you already control at the beginning of your turn (i.e., the Beach
    Towel card on top of the stack is yours).\""""
    game = _umbrella_position()
    assert [t for t in texts(game) if t.startswith("umbrella")] == ["umbrella #1"]
    assert "keep umbrella" not in texts(game)
    game.apply("umbrella #1")
    t = beach(game)[1]
    assert cover(game, t) == [pirate_of(game, BLUE, "umbrella")]
    assert controller(game, t) == BLUE


def test_no_towels_on_a_treasure_with_an_umbrella():
    """ "Once a Treasure has a Beach Umbrella on top of it, no one can play any more Beach Towels
    on it." and "Remember: You cannot play Beach Towel cards on a Treasure with a Beach Umbrella on it!\""""
    game = _umbrella_position()
    game.apply("umbrella #1")
    assert step(game) == "towels"
    assert not [t for t in texts(game) if t.endswith(" on #1")]
    game.apply(next(a for a in game.legal_actions() if a.name == "place_towels"))
    game.apply("done")
    assert game.current_player == GREEN
    game.apply(next(a for a in game.legal_actions() if a.name == "bury"))
    assert [t for t in texts(game) if t.endswith(" on #2")]
    assert not [t for t in texts(game) if t.endswith(" on #1")]


def _no_towels_for(game, seat):
    """``seat`` starts the hand without towel cards (put on the discard pile): it controls
    nothing unless given a towel."""
    for c in list(zone(game, "towels", seat=seat)):
        move(game, c, "discard")


def _last_turn_of(seat):
    def reached(game):
        return (
            not game.is_over
            and phase(game) == "regular"
            and step(game) == "card"
            and game.current_player == seat
            and len(zone(game, "treasures", seat=seat)) + len(zone(game, "pirates", seat=seat)) == 1
        )

    return reached


def test_keep_umbrella_on_the_last_turn_when_controlling_nothing_scores_1():
    """ "Exception: If, during the last game turn, you only have a Beach Umbrella left to play,
    and you don't control any Treasures, place your Beach Umbrella in front of you. It will be
    worth one point at the end of the game." and "Don't forget to add 1 point if you weren't
    able to play your Beach Umbrella card by the end of the game.\""""
    game = new(3, seed=0)
    _no_towels_for(game, BLUE)
    refresh_legal(game)
    choose = thrifty_chooser(random.Random(4))
    seen_earlier = []

    def stop(gm):
        if (
            phase(gm) == "regular"
            and step(gm) == "card"
            and gm.current_player == BLUE
            and not _last_turn_of(BLUE)(gm)
        ):
            seen_earlier.append(texts(gm))
        return _last_turn_of(BLUE)(gm)

    play_until(game, stop, choose)
    assert zone(game, "pirates", seat=BLUE) == [pirate_of(game, BLUE, "umbrella")]
    assert texts(game) == ["keep umbrella"]
    # before the last turn the exception does not apply
    assert len(seen_earlier) == TURNS[3] - 2
    assert all("keep umbrella" not in legal for legal in seen_earlier)
    game.apply("keep umbrella")
    assert zone(game, "kept", seat=BLUE) == [pirate_of(game, BLUE, "umbrella")]
    play_until(game, lambda gm: any(e["event"] == "score" for e in gm.log), choose)
    detail = next(e for e in game.log if e["event"] == "score")["detail"]
    assert detail[BLUE]["kept_umbrella"] == 1
    assert detail[BLUE]["unplayed_towels"] == 0


def test_no_keep_umbrella_on_the_last_turn_when_controlling_a_treasure():
    """ "... and you don't control any Treasures, place your Beach Umbrella in front of you."
    (controlling one, the Umbrella must conquer it.)"""
    game = new(3, seed=0)
    _no_towels_for(game, BLUE)
    put_towels(game, beach(game)[0], [towels_of(game, BLUE, 3)[0]])
    refresh_legal(game)
    inner = thrifty_chooser(random.Random(4))

    def choose(gm):
        a = inner(gm)
        if a.name == "place_towels" and str(a).endswith(" on #0"):
            a = next((b for b in gm.legal_actions() if not str(b).endswith(" on #0")), a)
        return a

    play_until(game, _last_turn_of(BLUE), choose)
    assert controller(game, beach(game)[0]) == BLUE
    assert "keep umbrella" not in texts(game)
    assert texts(game) == ["umbrella #0"]


# ================================================================ final turn
def _final_turn(players, seed):
    game = new(players, seed=seed)
    play_until(game, lambda gm: phase(gm) == "final_turn", thrifty_chooser(random.Random(seed)))
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_turn_start_player_towels_only_on_one_treasure(players):
    """ "At this point, there is a special Final Turn, played only by the player who started the
    game. That player may only play Beach Towels this turn - as many as he wants, following
    the normal rules - but only on one Treasure.\""""
    game = _final_turn(players, seed=players)
    v = game.view(0)
    assert game.current_player == v["start_player"] == 0
    assert names(game) <= {"place_towels", "done"}
    assert "place_towels" in names(game), "the start player should still hold a placeable towel"
    big = max(
        (a for a in game.legal_actions() if a.name == "place_towels"),
        key=lambda a: str(a).split()[1].count("+"),
    )
    game.apply(big)
    assert texts(game) == ["done"]
    assert sum(e["event"] == "score" for e in game.log) == 0
    game.apply("done")
    log = game.log
    last = max(i for i, e in enumerate(log) if e["event"] == "action")
    after = [e["event"] for e in log[last + 1 :]]
    assert after[0] == "score" and "hand" in after  # the hand ends with the final turn
    assert game.view(0)["start_player"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_turn_may_pass(players):
    """ "That player may only play Beach Towels this turn - as many as he wants\" (none is as many
    as he wants: 'done' is legal at once, and the hand is then scored)."""
    game = _final_turn(players, seed=players)
    start = game.current_player
    held = len(zone(game, "towels", seat=start))
    assert "done" in texts(game)
    scored = sum(e["event"] == "score" for e in game.log)
    game.apply("done")
    assert sum(e["event"] == "score" for e in game.log) == scored + 1
    detail = [e for e in game.log if e["event"] == "score"][-1]["detail"]
    assert detail[start]["unplayed_towels"] == held


# ================================================================ the match
@pytest.mark.parametrize("players", [2, 3, 4])
def test_as_many_hands_as_players_start_player_rotating(players):
    """ "Play as many hands as the number of players, adding the scores from hand to hand.
    Starting player shifts one place clockwise each hand, so each player starts a hand once
    during the game.\""""
    game = new(players, seed=21)
    play_until(game, lambda gm: gm.is_over, random_chooser(random.Random(21)))
    starts = [e["start_player"] for e in game.log if e["event"] == "hand"]
    assert len(starts) == players
    assert starts == [(starts[0] + k) % players for k in range(players)]
    assert sorted(starts) == list(range(players))
    assert len(game.hand_scores) == players
    assert game.scores() == [sum(h[s] for h in game.hand_scores) for s in range(players)]
    best = max(game.scores())
    assert set(game.winners()) <= {s for s in range(players) if game.scores()[s] == best}


def test_tie_break_by_best_single_hand():
    """ "If there is a tie, the winner is the tied player who scored the single highest score in
    any single hand. If they're still tied, the victory is shared.\""""
    game = new(3, seed=1)
    play_until(game, lambda gm: gm.is_over, random_chooser(random.Random(1)))
    game.g.hand_scores = [[12, 5, 20], [3, 10, 0], [5, 5, 0]]  # 20, 20, 20: best 12, 10, 20
    assert game.winners() == [2]
    game.g.hand_scores = [[12, 5, 1], [3, 10, 1], [5, 5, 1]]  # 20, 20, 3: best 12 vs 10
    assert game.winners() == [0]
    game.g.hand_scores = [[10, 5, 1], [5, 10, 1], [5, 5, 1]]  # 20, 20: best 10 and 10
    assert game.winners() == [0, 1]
    game.g.hand_scores = [[1, 30, 2], [1, 0, 2], [1, 0, 40]]  # no tie: most points wins
    assert game.winners() == [2]
