"""The worked examples and countable statements of the Lying Pirates rulebook, with its numbers.

Rulebook: shared/rulebooks/004_0b22577a8ba77184.txt. Each test quotes the sentence it
checks. The dice of the examples were pictures the text lost: each test sets dice that
give the text's counts (tests/lying_scenario.py lists the engine internals it touches).
"""
from __future__ import annotations

import random

import pytest

from lying_scenario import (captain, cup_faces, new, phase, play, random_until, refresh_legal,
                            set_cup, set_var, texts, var, zone)

ANNE, JACK, MARY = 0, 1, 2


def statuses(game, seats):
    return [var(game, captain(game, s), "status") for s in seats]


# ================================================================ the betting phase
def test_betting_example_mary_wins_jack_loses_anne_survives():
    """"Anne starts: 3 sixes / Jack raises: 4 fives / Mary raises: 4 sixes / Anne raises:
    8 sixes / Jack raises: 9 fives / Mary calls: Liar! ... there were 5 fives and 3 ones,
    for a total of 8 fives. As a result, Mary wins, Jack loses, and Anne survives.\""""
    game = new(3, seed=1)
    set_cup(game, ANNE, [5, 5, 1, 2, 3])
    set_cup(game, JACK, [5, 5, 1, 4, 6])
    set_cup(game, MARY, [5, 1, 2, 3, 4])
    play(game, "0: bid 3 x 6", "1: bid 4 x 5", "2: bid 4 x 6", "0: bid 8 x 6", "1: bid 9 x 5",
         "2: liar")
    assert game.g.hvars["found"] == 5 + 3
    assert statuses(game, [ANNE, JACK, MARY]) == ["survivor", "loser", "winner"]
    # "All dice are revealed."
    for seat in (ANNE, JACK, MARY):
        assert all(game.g.known[d] == 0b111 for d in zone(game, "cup", seat=seat))
    # the Sail Phase begins: "The player who won the Betting Phase will: Take the Starting
    # Captain Token, Receive 1 coin, Roll the Sail Die"
    assert phase(game) == "sail" and game.current_player == MARY
    assert game.g.hvars["token"] == MARY
    assert [var(game, captain(game, s), "coins") for s in (ANNE, JACK, MARY)] == [2, 2, 3]
    game.apply("keep sail die")
    # "The winner and any survivors from the Betting Phase move forward"
    moved = [var(game, captain(game, s), "pos") for s in (ANNE, JACK, MARY)]
    assert moved[JACK] == 0 and moved[ANNE] == moved[MARY] in (1, 2)


def test_ones_are_wild():
    """"All the ones on the table are wild, and are considered to match the face value of
    the current bid.\""""
    game = new(2, seed=3)
    set_cup(game, 0, [1, 1, 1, 1, 1])
    set_cup(game, 1, [4, 4, 2, 2, 2])
    play(game, "0: bid 2 x 4", "1: bid 7 x 4", "0: liar")
    assert game.g.hvars["found"] == 7
    assert statuses(game, [0, 1]) == ["loser", "winner"]


def test_the_opening_bet_is_at_most_the_number_of_players():
    """"in a game with three players, the initial bet cannot be "4 twos," but could instead
    be "3 twos" or "2 sixes.\"\""""
    game = new(3, seed=0)
    legal = texts(game)
    assert "bid 4 x 2" not in legal
    assert "bid 3 x 2" in legal and "bid 2 x 6" in legal
    assert not any(t.startswith(("exact", "liar")) for t in legal)   # nothing to call yet


def test_raise_order():
    """"Bid the same quantity of a higher face value. Example: "4 threes" -> "4 fours."
    Bid a higher quantity of any face value (including the same value). Example: "4 threes"
    -> "5 twos" or "6 fours" or "7 threes"\""""
    game = new(3, seed=0)
    play(game, "0: bid 3 x 6", "1: bid 4 x 3")
    legal = texts(game)
    for ok in ("bid 4 x 4", "bid 5 x 2", "bid 6 x 4", "bid 7 x 3", "liar", "exact 4 x 3"):
        assert ok in legal, ok
    for bad in ("bid 4 x 3", "bid 4 x 2", "bid 3 x 6", "exact 3 x 6", "exact 4 x 2"):
        assert bad not in legal, bad
    assert all(int(t.split()[3]) in range(2, 7) for t in legal if t.startswith("bid"))


def test_exact_right_caller_wins_all_others_lose_and_gain_a_die():
    """"You win if the exact quantity of the given face value is correct (ones included).
    In this case, all other players are losers. As the winner, you receive: 1 Crew Die from
    the dice bag to add to your cup; Exclusive use of the Sail Die's result\""""
    game = new(3, seed=2)
    set_cup(game, 0, [6, 6, 2, 3, 4])
    set_cup(game, 1, [1, 2, 3, 4, 5])
    set_cup(game, 2, [2, 2, 3, 4, 5])
    play(game, "0: bid 2 x 6", "1: bid 3 x 5", "2: exact 3 x 6")
    assert game.g.hvars["found"] == 3
    assert statuses(game, [0, 1, 2]) == ["loser", "loser", "winner"]
    assert len(zone(game, "cup", seat=2)) == 6
    game.apply("keep sail die")
    assert [var(game, captain(game, s), "pos") > 0 for s in (0, 1, 2)] == [False, False, True]


def test_exact_wrong_caller_loses_previous_wins_others_survive_and_sit_out():
    """"if the quantity ... is anything other than what you bet, then you lose. The previous
    player is the winner, and all other players are survivors. ... as a penalty, you: May
    not move forward in this Sailing Phase; May not participate in the next Betting Phase\""""
    game = new(3, seed=2)
    set_cup(game, 0, [6, 6, 2, 3, 4])
    set_cup(game, 1, [1, 2, 3, 4, 5])
    set_cup(game, 2, [2, 2, 3, 4, 5])
    play(game, "0: bid 2 x 6", "1: bid 3 x 5", "2: exact 4 x 5")
    assert game.g.hvars["found"] == 3              # two fives and a one
    assert statuses(game, [0, 1, 2]) == ["survivor", "winner", "loser"]
    assert len(zone(game, "cup", seat=2)) == 5
    game.apply("keep sail die")
    assert var(game, captain(game, 2), "pos") == 0
    # next Betting Phase: seat 2 sits out, its dice shown in the capsized cup
    assert phase(game) == "betting"
    assert not var(game, captain(game, 2), "bets")
    assert all(game.g.known[d] == 0b111 for d in zone(game, "cup", seat=2))
    seen = set()
    while phase(game) == "betting":
        seen.add(game.current_player)
        game.apply(next(t for t in texts(game) if t.startswith("bid")) if "liar" not in texts(game)
                   else "liar")
    assert 2 not in seen
    blocked = [e for e in game.log if e["event"] == "blocked"]
    assert blocked and all(e["seat"] == 2 for e in blocked)


def test_a_lone_player_in_the_betting_phase_wins_and_everyone_else_loses():
    """"If there is only one player in the Betting Phase, that player wins by default and
    everyone else is a loser.\""""
    game = new(3, seed=4)
    play(game, "0: bid 1 x 2", "1: liar")
    assert phase(game) == "sail"
    for s in (1, 2):                               # both miss the next Betting Phase
        set_var(game, captain(game, s), "sit_out", True)
    game.apply("keep sail die")
    assert phase(game) == "sail"                   # no bet at all: seat 0 won by default
    assert statuses(game, [0, 1, 2]) == ["winner", "loser", "loser"]
    assert [e for e in game.log if e["event"] == "phase"][-2]["phase"] == "betting"


# ================================================================ the cursed die
def test_cursed_example_1_the_curse_does_not_take_effect():
    """"Anne (cursed) starts: 3 threes. Jack raises: 4 threes. Mary raises: 7 threes. Anne
    (cursed) calls: Liar! Since the cursed player did not make the bet, there are indeed 7
    threes, and Mary wins.\""""
    game = new(3, seed=5)
    set_cup(game, ANNE, [3, 3, 1, 2, 4], {"cursed": 3})
    set_cup(game, JACK, [3, 1, 5, 6, 2])
    set_cup(game, MARY, [3, 4, 5, 6, 2])
    refresh_legal(game)
    play(game, "0: bid 3 x 3", "1: bid 4 x 3", "2: bid 7 x 3", "0: liar")
    assert game.g.hvars["found"] == 7
    assert statuses(game, [ANNE, JACK, MARY]) == ["loser", "survivor", "winner"]


def test_cursed_example_2_the_curse_does_take_effect():
    """"Jack starts: 3 threes. Mary raises: 4 threes. Anne (cursed) raises: 5 threes. Jack
    calls: Liar! With the Cursed Die's effect, there are only 4 threes, making Anne a liar.
    Jack wins.\""""
    jack, mary, anne = 0, 1, 2                     # Jack holds the Starting Captain Token
    game = new(3, seed=6)
    set_cup(game, jack, [3, 1, 2, 4, 5])
    set_cup(game, mary, [3, 2, 4, 5, 6])
    set_cup(game, anne, [1, 2, 4, 5, 6], {"cursed": 3})
    refresh_legal(game)
    play(game, "0: bid 3 x 3", "1: bid 4 x 3", "2: bid 5 x 3", "0: liar")
    assert sum(f in (1, 3) for s in (jack, mary, anne) for f in cup_faces(game, s)) == 5
    assert game.g.hvars["found"] == 4
    assert statuses(game, [jack, mary, anne]) == ["winner", "survivor", "loser"]


def test_the_curse_counts_as_usual_for_other_players_bets():
    """"The Cursed Die only affects YOUR bets. When another player makes a bet, all of your
    dice (including the Cursed Die) are counted as usual.\""""
    game = new(2, seed=7)
    set_cup(game, 0, [6, 6, 2, 2, 4], {"cursed": 6})
    set_cup(game, 1, [6, 3, 3, 4, 5])
    refresh_legal(game)
    play(game, "0: bid 2 x 6", "1: exact 4 x 6")        # seat 1's own bet: seat 0's curse is not in it
    assert game.g.hvars["found"] == 4
    game2 = new(2, seed=7)
    set_cup(game2, 0, [6, 6, 2, 2, 4], {"cursed": 6})
    set_cup(game2, 1, [6, 3, 3, 4, 5])
    refresh_legal(game2)
    play(game2, "0: bid 2 x 6", "1: bid 4 x 6", "0: exact 4 x 6")   # seat 0's exact: cursed
    assert game2.g.hvars["found"] == 1


def test_dice_are_hidden_under_the_cups_until_revealed():
    """"all players will shake the dice in their cups ... conceal the results from other
    players. (You may look at your own dice at any time.)\""""
    game = new(4, seed=8)
    for seat in range(4):
        view = game.view(seat)
        for other in range(4):
            cup = view["seats"][other]["zones"]["cup"]
            assert len(cup) == 5
            if other == seat:
                assert all("face" in d["vars"] for d in cup)
            else:
                assert all(d == {"type": "crew", "hidden": True} for d in cup)


def test_random_betting_rounds_always_end_with_a_winner_and_a_loser():
    """"At its end, there will be one winner, at least one loser, and survivors\""""
    rng = random.Random(0)
    for players in (2, 3, 4, 5, 6):
        game = new(players, seed=players)
        for _ in range(5):
            random_until(game, lambda g: phase(g) != "betting", rng)
            if game.is_over:
                break
            st = statuses(game, range(players))
            assert st.count("winner") == 1 and st.count("loser") >= 1, st
            random_until(game, lambda g: phase(g) == "betting", rng)
