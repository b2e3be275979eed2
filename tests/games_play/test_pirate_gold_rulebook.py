"""Every worked example and countable statement of Piece Craft's pirate gold card game, with
its own numbers.

Rulebook: shared/rulebooks/003_b03b3a9c31feda79.txt (English); rule file
spec/games/pirate-gold-cards.yaml. Each test's docstring quotes the sentence it checks.
Seats go clockwise from seat 0, the first start player. Positions are arranged with the
helpers of tests/gold_scenario.py (which lists the engine internals it touches).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
import yaml
from gold_scenario import (
    actions_since,
    bank_gold,
    beside_tokens,
    gold_in,
    gold_only_on_top,
    kind,
    new,
    put_beside,
    rules,
    set_tokens,
    stack_deck,
    texts,
    tokens,
    zone,
)

import playa_rules as pr
from playa_rules import resources

# The rulebook's example: "Player D's turn ... The next turn is A." D starts, A follows.
D, A, B, C = 0, 1, 2, 3


def with_rulings(tmp_path, **values):
    """The bundled rules with some rulings set to one of their alternatives."""
    data = yaml.safe_load((resources.games_dir() / "pirate-gold-cards.yaml").read_text(encoding="utf-8"))
    for name, value in values.items():
        ruling = data["rulings"][name]
        offered = [alt["value"] if isinstance(alt, dict) else alt for alt in ruling["alternatives"]]
        assert value in offered, f"{value!r} is not an alternative of {name}"
        ruling["value"] = value
    path = tmp_path / "pirate-gold-cards-variant.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return pr.load(path)


# ================================================================ components and preparation
def test_components_53_cards_and_35_tokens():
    """ "53 Cards (48 Gold Cards) (5 Special Cards): 1 Gold 33 pieces, 2 Golds 10 pieces,
    3 Golds 5 pieces, Pirate 4 pieces, Treasure Box 1 piece. 35 Treasure Tokens\""""
    game = new(3)
    deck = zone(game, "deck")
    assert len(deck) == 53
    faces = Counter(kind(game, c) if kind(game, c) != "gold" else game.m.props["gold"][c] for c in deck)
    assert faces == {1: 33, 2: 10, 3: 5, "pirate": 4, "treasure_box": 1}
    assert rules().spec["parameters"]["treasure_tokens"] == 35


@pytest.mark.parametrize("players, each", [(2, 7), (3, 7), (4, 7), (5, 7), (6, 5), (7, 5)])
def test_treasure_tokens_at_the_start(players, each):
    """ "3~5 Players: Give 7 treasure tokens to each player. ... 6~7 Players: Give 5 treasure
    tokens to each player." and, with 2, "The dummy player also gets 7 treasure tokens at start.\""""
    game = new(players)
    seats = max(players, 3)
    assert tokens(game) == [each] * seats
    assert each * seats <= 35 and beside_tokens(game) == 0


def test_the_deck_is_shuffled_face_down():
    """ "Shuffle 53 cards all and place face down on the middle of a table.\""""
    a = new(4, seed=1)
    assert len(a.view(0)["zones"]["deck"]) == 53
    assert all(c == {"type": "card", "hidden": True} for c in a.view(0)["zones"]["deck"])
    # the first card drawn is a chance event over the 53 cards: 33 one-gold, 10 two-gold,
    # 5 three-gold, 4 pirates and 1 treasure box
    game = rules().new_game(4, chance="explicit")
    while game.current_player != pr.CHANCE:
        game.apply(game.legal_actions()[0])
    odds = sorted(p for _, p in game.chance_outcomes())
    assert odds == [Fraction(1, 53), Fraction(4, 53), Fraction(5, 53), Fraction(10, 53), Fraction(33, 53)]


# ================================================================ a turn
def test_example_turn_of_player_d():
    """ "Player D's turn: It's good to gather much money first, so D draws 2 times to himself.
    After that, D gives A and B a card to satisfy the condition to give cards to al least 3
    people. One more to himself, and one to A for afraid of pirate. D thinks for a while to
    stop, but give himself last card. (D did not give C a card ...) D's turn ends and each
    player piles earned cards face-down. The next turn is A.\""""
    game = new(4)
    assert game.current_player == D
    gold_only_on_top(game, 7)
    start = len(game.log)
    may_stop = []
    for receiver in (D, D, A, B, D, A, D):
        assert game.current_player == D
        game.apply(f"give to {receiver}")
        may_stop.append("stop" in texts(game))
    # stop only once D, A and B have cards ("thinks for a while to stop"); the 7th card ends the turn
    assert may_stop[:6] == [False, False, False, True, True, True]
    assert actions_since(game, start) == [(D, f"give to {r}") for r in (D, D, A, B, D, A, D)]
    assert [len(zone(game, "bank", seat=s)) for s in (D, A, B, C)] == [4, 2, 1, 0]
    assert all(zone(game, "earned", seat=s) == [] for s in (D, A, B, C))
    assert game.current_player == A


def test_cards_are_opened_in_front_of_the_receiver_for_everyone_to_see():
    """ "Do not look a card when draw. Choose a player and then open a card in front of him/her.\""""
    game = new(4)
    stack_deck(game, ["3"])
    assert game.view(D)["zones"]["deck"][-1] == {"type": "card", "hidden": True}  # drawn blind
    game.apply("give to 2")
    for seat in range(4):
        (card,) = game.view(seat)["seats"][B]["zones"]["earned"]
        assert card["label"] == "3 gold" and card["gold"] == 3


def test_you_cannot_give_all_seven_cards_to_yourself():
    """ "Give cards to at least 3 people including you before your turn ends.\""""
    game = new(4)
    gold_only_on_top(game, 7)
    for _ in range(5):
        game.apply("give to 0")
    assert texts(game) == ["give to 1", "give to 2", "give to 3"]  # two more people, two cards left
    game.apply("give to 1")
    assert texts(game) == ["give to 2", "give to 3"]


def test_you_must_be_one_of_the_three():
    """ "You can give to more than 3 people, but you should be included.\""""
    game = new(4)
    gold_only_on_top(game, 7)
    for receiver in (A, B, C):
        game.apply(f"give to {receiver}")
    assert "stop" not in texts(game)
    for _ in range(3):
        game.apply("give to 1")
    assert texts(game) == ["give to 0"]


@pytest.mark.parametrize("players, most", [(2, 7), (3, 7), (4, 7), (5, 7), (6, 5), (7, 5)])
def test_up_to_7_cards_a_turn_5_with_6_or_7_players(players, most):
    """ "1. You can give a card up to 7 times. (In case of 6~7 players, up to 5 times.)" and
    "Conditions to end your turn 1. When you give all 7 cards(times).\""""
    game = new(players)
    gold_only_on_top(game, most)
    start = len(game.log)
    for receiver in (0, 1, 2) + (0,) * (most - 3):
        assert game.current_player == 0
        game.apply(f"give to {receiver}")
    assert game.current_player == 1
    assert len(actions_since(game, start)) == most


def test_stop_after_three_people():
    """ "2. Before you give up to 7 cards, if you have given to more than 3 people including
    you, you can say 'Stop!' and finish your turn." (ruling stop_min_receivers: 3 or more)"""
    game = new(4)
    gold_only_on_top(game, 3)
    for receiver in (D, A, B):
        game.apply(f"give to {receiver}")
    game.apply("stop")
    assert game.current_player == A
    assert [gold_in(game, "bank", s) > 0 for s in (D, A, B, C)] == [True, True, True, False]


def test_ruling_stop_needs_four_people_when_read_literally(tmp_path):
    game = with_rulings(tmp_path, stop_min_receivers=4).new_game(4, seed=0)
    gold_only_on_top(game, 4)
    for receiver in (D, A, B):
        game.apply(f"give to {receiver}")
    assert "stop" not in texts(game)
    game.apply("give to 3")
    assert "stop" in texts(game)


# ================================================================ special cards
def test_pirate_takes_a_token_and_this_turns_gold_and_ends_the_turn():
    """ "Pirate: The player has received it loses his/her one treasure token. Also loses earned
    gold cards in this turn, and places these token and cards with the pirate card beside the
    deck." and "3. When a special card ... appears ... your turn ends though you have not given
    to 3 people(including you).\""""
    game = new(4)
    bank_gold(game, A, 5)  # gold A banked in an earlier turn
    stack_deck(game, ["2", "3", "1", "pirate"])
    for receiver in (A, A, D, A):
        game.apply(f"give to {receiver}")
    assert tokens(game) == [7, 6, 7, 7] and beside_tokens(game) == 1
    beside = zone(game, "beside_deck")
    assert sorted(kind(game, c) + str(game.m.props["gold"][c]) for c in beside) == [
        "gold2",
        "gold3",
        "pirate0",
    ]
    assert gold_in(game, "bank", A) == 5  # only this turn's gold is lost
    assert gold_in(game, "bank", D) == 1  # D's card of this turn is banked as the turn ends
    assert game.current_player == A  # the turn ended with only 2 people served


def test_treasure_box_takes_every_token_beside_the_deck():
    """ "Treasure box: The player has received it takes all treasure tokens placed around the
    deck. (The tokens are placed by pirates.) ... Places the treasure box card beside the
    deck." and "If there are earned gold cards in this turn, gets them\""""
    game = new(4)
    set_tokens(game, [7, 6, 5, 7], beside=3)
    stack_deck(game, ["3", "treasure_box"])
    game.apply("give to 2")
    game.apply("give to 2")
    assert tokens(game) == [7, 6, 8, 7] and beside_tokens(game) == 0
    assert [kind(game, c) for c in zone(game, "beside_deck")] == ["treasure_box"]
    assert gold_in(game, "bank", B) == 3
    assert game.current_player == A


def test_treasure_box_with_no_token_beside_the_deck():
    """ "Cannot take if there is no token.\""""
    game = new(3)
    stack_deck(game, ["treasure_box"])
    game.apply("give to 1")
    assert tokens(game) == [7, 7, 7] and beside_tokens(game) == 0
    assert game.current_player == 1


# ================================================================ the round
def test_the_round_ends_the_moment_the_fourth_special_card_appears():
    """ "The round ends when 4 pieces apper among the 5 special cards ... at the moment that 4th
    card appears - there would be 4 pirate cards or be 3 pirate cards and 1 treasure box card."
    and "A new start player is the next one from the last player of the previous round.\""""
    game = new(3)
    stack_deck(game, ["1", "pirate", "2", "pirate", "treasure_box", "3", "1", "2", "pirate"])
    game.apply("give to 0")
    game.apply("give to 1")  # 1st special: seat 1 loses a token; seat 0's turn ends
    game.apply("give to 1")
    game.apply("give to 2")  # 2nd: seat 2 loses a token
    game.apply("give to 2")  # 3rd, the Treasure Box: seat 2 takes the 2 tokens
    assert game.view(0)["phase"] == "turns" and game.view(0)["hand"] == 1
    assert tokens(game) == [7, 6, 8] and beside_tokens(game) == 0
    start = len(game.log)
    for receiver in (0, 1, 2, 0):  # the 4th special, a Pirate, to seat 0
        game.apply(f"give to {receiver}")
    events = [e["event"] for e in game.log[start:]]
    assert events == ["action"] * 4 + ["phase", "score", "hand", "phase", "turn"]
    # banked gold: seat 0 its first 1 (the 3 of the last turn went with the Pirate),
    # seat 1 its 2 and the 1 of the last turn (ruling last_turn_gold), seat 2 the 2
    assert game.hand_scores == [[1, 3, 2]]
    # seat 1 has the most gold: a token from each of seats 0 and 2; the Pirate's stays beside the deck
    assert tokens(game) == [7 - 1 - 1, 6 + 2, 8 - 1] and beside_tokens(game) == 1
    assert game.log[start + 6] == {"event": "hand", "hand": 2, "start_player": 1}
    assert game.current_player == 1


def test_tokens_beside_the_deck_stay_for_the_next_round():
    """ "At this time, the treasure tokens taken by pirates should be around the deck. (They are
    left until the treasure box card appears.)\""""
    game = new(3)
    set_tokens(game, [7, 7, 7], beside=2)
    put_beside(game, ["pirate", "pirate", "treasure_box"])
    stack_deck(game, ["pirate"])
    game.apply("give to 0")  # the 4th special: a Pirate; nobody has gold, nobody pays
    assert game.view(0)["hand"] == 2 and game.current_player == 1
    assert tokens(game) == [6, 7, 7] and beside_tokens(game) == 3
    stack_deck(game, ["treasure_box"])
    game.apply("give to 1")
    assert tokens(game) == [6, 10, 7] and beside_tokens(game) == 0


def _round_end(players, golds, start_tokens=None, rules_=None):
    """A game where the next card drawn is the 4th special card, with ``golds`` banked."""
    game = (rules_ or rules()).new_game(players, seed=0)
    for seat, total in enumerate(golds):
        bank_gold(game, seat, total)
    if start_tokens is not None:
        set_tokens(game, start_tokens)
    put_beside(game, ["pirate", "pirate", "pirate"])
    stack_deck(game, ["treasure_box"])  # nothing beside the deck: the box changes nothing
    game.apply("give to 0")
    assert game.hand_scores[0] == golds
    return game


@pytest.mark.parametrize(
    "players, golds, after",
    [
        (4, [10, 6, 3, 2], [9, 7, 6, 6]),
        (3, [5, 9, 1], [6, 9, 6]),
        (2, [3, 1, 9], [6, 6, 9]),  # the dummy (seat 2) takes tokens like a player
        (5, [1, 2, 12, 4, 3], [6, 6, 9, 7, 7]),
        (7, [4, 4, 4, 9, 4, 1, 0], [5, 5, 5, 7, 5, 4, 4]),
    ],
)
def test_most_gold_takes_a_token_from_each_of_the_two_lowest(players, golds, after):
    """ "At the end of the round, each player counts total golds from earned gold cards. The
    player who gathered the most golds receives a treasure token from the lowest 2 players.
    (recieves total 2 tokens)\""""
    game = _round_end(players, golds)
    assert tokens(game) == after


def test_a_tie_for_the_most_gold_moves_no_token():
    """ "If the most players tie, no one can receive the tokens.\""""
    game = _round_end(4, [10, 10, 3, 2])
    assert tokens(game) == [7, 7, 7, 7]


def test_ruling_lowest_ties_every_tied_player_gives(tmp_path):
    """Ruling lowest_ties: 'all_tied_give' (the default) and its alternative 'clear_only'."""
    assert tokens(_round_end(4, [10, 3, 3, 3])) == [10, 6, 6, 6]
    assert tokens(_round_end(4, [10, 5, 5, 2])) == [10, 6, 6, 6]
    clear = with_rulings(tmp_path, lowest_ties="clear_only")
    assert tokens(_round_end(4, [10, 5, 5, 2], rules_=clear)) == [8, 7, 7, 6]
    assert tokens(_round_end(4, [10, 3, 3, 3], rules_=clear)) == [7, 7, 7, 7]


# ================================================================ the end
def test_the_game_ends_after_the_third_round_and_most_tokens_wins():
    """ "The game ends at the end of 3rd round. ... The player who gets the most treasure tokens
    wins.\""""
    import random

    game = new(4, seed=5)
    set_tokens(game, [30, 30, 30, 30])  # nobody can run out: three full rounds
    rng = random.Random(5)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert [e["event"] for e in game.log].count("score") == 3
    assert game.scores() == tokens(game)
    best = max(game.scores())
    assert game.winners() == [s for s, t in enumerate(game.scores()) if t == best]


def test_a_pirate_to_a_player_without_token_ends_the_game_at_once():
    """ "Or before the end of 3rd round, if someone cannot give own treasure token anymore, the
    game ends at that moment." (ruling game_end_without_token: when a token must be given)"""
    game = new(4)
    set_tokens(game, [7, 0, 6, 7])
    stack_deck(game, ["pirate"])
    game.apply("give to 1")
    assert game.is_over
    assert game.scores() == [7, 0, 6, 7] and game.winners() == [0, 3]
    assert len(game.hand_scores) == 1


def test_a_lowest_player_without_token_at_the_round_end_ends_the_game():
    """The same sentence at a round's end (ruling short_payment: the others still give)."""
    game = _round_end(4, [10, 6, 3, 2], start_tokens=[7, 7, 0, 7])
    assert game.is_over
    assert game.scores() == [8, 7, 0, 6]


def test_ruling_the_game_ends_with_the_last_token(tmp_path):
    game = with_rulings(tmp_path, game_end_without_token="last_token").new_game(4, seed=0)
    set_tokens(game, [7, 1, 6, 7])
    stack_deck(game, ["pirate"])
    game.apply("give to 1")
    assert game.is_over and game.scores() == [7, 0, 6, 7]


# ================================================================ 2 players
def test_two_players_add_a_dummy_that_plays_by_itself():
    """ "Add a dummy player and play like as with 3 players. The dummy player also gets 7
    treasure tokens at start. ... Draw a card from the deck up to 7 times, but give a card to
    each player clockwise from the dummy player." (ruling dummy_first_receiver: itself first)"""
    game = new(2)
    assert game.players == 3 and game.automata == [2]
    assert tokens(game) == [7, 7, 7]
    gold_only_on_top(game, 13)
    start = len(game.log)
    for receiver in (0, 1, 2):
        game.apply(f"give to {receiver}")
    game.apply("stop")
    for receiver in (1, 2, 0):
        game.apply(f"give to {receiver}")
    game.apply("stop")  # the dummy's whole turn runs before seat 0 is asked again
    dummy = [a for seat, a in actions_since(game, start) if seat == 2]
    assert dummy == [f"give to {r}" for r in (2, 0, 1, 2, 0, 1, 2)]
    assert game.current_player == 0


def test_a_special_card_ends_the_dummys_turn_at_once():
    """ "(If a special card appears the dummy player's turn is end immediately.)\""""
    game = new(2)
    stack_deck(game, ["1", "1", "1", "1", "1", "1", "2", "3", "pirate"])
    for receiver in (0, 1, 2):
        game.apply(f"give to {receiver}")
    game.apply("stop")
    start = len(game.log)
    for receiver in (0, 1, 2):
        game.apply(f"give to {receiver}")
    game.apply("stop")
    assert [a for s, a in actions_since(game, start) if s == 2] == ["give to 2", "give to 0", "give to 1"]
    assert tokens(game) == [7, 6, 7] and game.current_player == 0


def test_ruling_the_dummy_may_start_with_the_next_player(tmp_path):
    game = with_rulings(tmp_path, dummy_first_receiver="next").new_game(2, seed=0)
    gold_only_on_top(game, 13)
    start = len(game.log)
    for seat in (0, 1):
        for receiver in (0, 1, 2):
            game.apply(f"give to {receiver}")
        game.apply("stop")
    assert [a for s, a in actions_since(game, start) if s == 2] == [
        f"give to {r}" for r in (0, 1, 2, 0, 1, 2, 0)
    ]


def test_the_dummy_does_not_win(tmp_path):
    """Ruling dummy_can_win: the winner is a person; the alternative lets the dummy win."""
    game = new(2)
    set_tokens(game, [0, 4, 9])
    stack_deck(game, ["pirate"])
    game.apply("give to 0")  # seat 0 has no token to lose: the game ends
    assert game.is_over and game.scores() == [0, 4, 9] and game.winners() == [1]
    other = with_rulings(tmp_path, dummy_can_win=True).new_game(2, seed=0)
    set_tokens(other, [0, 4, 9])
    stack_deck(other, ["pirate"])
    other.apply("give to 0")
    assert other.winners() == [2]


# ================================================================ the other rulings
@pytest.mark.parametrize("ruling, seat_1_gold", [("counts", 3), ("lost", 0)])
def test_ruling_last_turn_gold(tmp_path, ruling, seat_1_gold):
    """Ruling last_turn_gold: the gold of the turn in which the 4th special card appears."""
    game = with_rulings(tmp_path, last_turn_gold=ruling).new_game(3, seed=0)
    put_beside(game, ["pirate", "pirate", "pirate"])
    stack_deck(game, ["3", "treasure_box"])
    game.apply("give to 1")
    game.apply("give to 0")
    assert game.hand_scores == [[0, seat_1_gold, 0]]


def test_ruling_short_payment_nobody_pays(tmp_path):
    nobody = with_rulings(tmp_path, short_payment="nobody_pays")
    game = _round_end(4, [10, 6, 3, 2], start_tokens=[7, 7, 0, 7], rules_=nobody)
    assert game.is_over and game.scores() == [7, 7, 0, 7]


@pytest.mark.parametrize("ruling, winners", [("shared", [0, 3]), ("last_round_gold", [3])])
def test_ruling_token_tie(tmp_path, ruling, winners):
    game = with_rulings(tmp_path, token_tie=ruling).new_game(4, seed=0)
    set_tokens(game, [7, 0, 6, 7])
    bank_gold(game, 3, 4)
    stack_deck(game, ["pirate"])
    game.apply("give to 1")
    assert game.is_over and game.hand_scores == [[0, 0, 0, 4]]
    assert game.winners() == winners
