"""Lying Pirates' action cards (the bundled variant action-cards), as the rulebook gives
them without their faces: the deal, the draft, when gold and silver cards are played,
buying a card, the free draw; with made-up faces (tests/variants/lying-action-card-faces.yaml)
a card's event strikes its target."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import playa_rules as pr

FACES = Path(__file__).resolve().parent.parent / "variants" / "lying-action-card-faces.yaml"
USUAL = Path(__file__).resolve().parent.parent / "variants" / "lying-usual-setup.yaml"  # the draft runs
CARDS = 48  # the assumptions gold_cards + silver_cards


def rules(faces: bool = False, draft: bool = False):
    if draft:
        return pr.load(USUAL)
    return pr.load(FACES) if faces else pr.load("lying-pirates", variants=["action-cards"])


def phase(game) -> str:
    return game.view(0)["phase"]


def zone(game, name, seat=None):
    return game.g.zones[game.m.zone_index(name, seat=seat)]


def cards_everywhere(game) -> int:
    n = game.g.n
    return (
        len(zone(game, "deck"))
        + len(zone(game, "discard"))
        + sum(
            len(zone(game, "cards", s)) + len(zone(game, "passing", s)) + len(zone(game, "bought", s))
            for s in range(n)
        )
    )


def until(game, stop, rnd, limit=5000):
    for _ in range(limit):
        if game.is_over or stop(game):
            return
        legal = game.legal_actions()
        game.apply(legal[rnd.randrange(len(legal))])
    raise AssertionError("not reached")


def test_the_cards_are_dealt_then_drafted_three_two_one_to_the_left():
    """ "deal out cards face down to each player ... Base Map: 6 action cards" and "1st
    Round: Pass 3 cards, 2nd Round: Pass 2 cards, 3rd Round: Pass 1 card"."""
    game = rules(draft=True).new_game(4, seed=2)
    assert phase(game) == "card_draft"
    assert all(len(zone(game, "cards", s)) == 6 for s in range(4))
    passes = {s: 0 for s in range(4)}
    rounds = []
    while phase(game) in ("card_draft", "card_pick_up"):
        seat = game.current_player
        assert {a.name for a in game.legal_actions()} == {"pass_card"}
        rounds.append(game.g.hvars["draft_round"])
        game.apply(game.legal_actions()[0])
        passes[seat] += 1
        assert cards_everywhere(game) == CARDS
    assert passes == {s: 6 for s in range(4)}  # 3 + 2 + 1
    assert [rounds.count(r) for r in (1, 2, 3)] == [12, 8, 4]
    assert all(len(zone(game, "cards", s)) == 6 for s in range(4))
    assert phase(game) == "betting"


def test_a_first_game_skips_the_card_draft():
    """ "Perform the Card Draft. If this is your first game, skip this final step." The map
    encoded is the Suggested First Game Setup's, which skips "Step 6 (the card draft)"."""
    game = rules().new_game(4, seed=2)
    assert phase(game) == "betting"
    assert all(len(zone(game, "cards", s)) == 6 for s in range(4))
    assert all(e["event"] != "action" or "pass" not in e["action"] for e in game.log)


def test_cards_passed_stay_face_down_until_picked_up():
    """ "place those cards face down next to the player they are passing them to"."""
    game = rules(draft=True).new_game(3, seed=1)
    game.apply(game.legal_actions()[0])  # seat 0 passes one card
    passed = game.view(1)["seats"][0]["zones"]["passing"]
    assert len(passed) == 1 and passed[0]["hidden"]
    assert not game.view(0)["seats"][0]["zones"]["passing"][0].get("hidden")


@pytest.mark.parametrize("seed", range(4))
def test_gold_in_the_sail_phase_silver_only_in_the_action_phase_one_of_each_a_round(seed):
    """ "Gold cards are allowed to be played in both the Sail and Action Phases. Silver
    cards can only be played during the Action Phase" and "you are allowed to play one
    gold and one silver action card" each round."""
    rnd = random.Random(seed)
    game = rules().new_game(3, seed=seed)
    seen_sail = seen_action = False
    for _ in range(4000):
        if game.is_over:
            break
        p = phase(game)
        if p in ("sail_cards", "action_cards"):
            me = game.current_player
            plays = [a for a in game.legal_actions() if a.name == "play_card"]
            metals = {str(a).split()[1] for a in plays}
            played_gold = game.g.pvars["gold_round"][me] == game.g.hvars["round_no"]
            played_silver = game.g.pvars["silver_round"][me] == game.g.hvars["round_no"]
            if p == "sail_cards":
                seen_sail = True
                assert "silver" not in metals
            else:
                seen_action = True
                if played_silver:
                    assert "silver" not in metals
            if played_gold:
                assert "gold" not in metals
        legal = game.legal_actions()
        game.apply(legal[rnd.randrange(len(legal))])
        assert cards_everywhere(game) == CARDS
    assert seen_sail and seen_action


def test_buying_a_card_costs_two_coins():
    """ "You may purchase additional action cards ... The cost is 2 coins per card.\""""
    rnd = random.Random(3)
    game = rules().new_game(3, seed=3)
    until(game, lambda g: any(a.name == "buy_card" for a in g.legal_actions()), rnd)
    me = game.current_player
    cap = next(c for c in zone(game, "fleet") if game.m.owner[c] == me)
    coins, held = game.g.cvars["coins"][cap], len(zone(game, "cards", me))
    game.apply("buy card")
    assert game.g.cvars["coins"][cap] == coins - 2
    bought = list(zone(game, "bought", me))
    if bought:  # "purchase ... and immediately play them": the only choice is where to play it
        (card,) = bought
        legal = game.legal_actions()
        assert {a.name for a in legal} == {"play_card"}
        assert {str(a).split(" at ")[0] for a in legal} == {f"play {game.m.labels[card]}"}
        game.apply(legal[0])
        assert card in zone(game, "discard")
    else:  # a card the round's limits forbid (a silver card in the Sail Phase, a second gold)
        assert len(zone(game, "cards", me)) == held + 1


@pytest.mark.parametrize("seed", range(6))
def test_a_card_bought_is_played_at_once_when_the_round_allows_it(seed):
    """ "You may purchase additional action cards and immediately play them during the Sail
    and Action Phases" (ruling bought_card)."""
    rnd = random.Random(seed)
    game = rules().new_game(3, seed=seed)
    for _ in range(3):
        until(game, lambda g: any(a.name == "buy_card" for a in g.legal_actions()), rnd)
        if game.is_over:
            return
        me = game.current_player
        game.apply("buy card")
        bought = list(zone(game, "bought", me))
        if bought:
            assert all(a.name == "play_card" for a in game.legal_actions())
            game.apply(game.legal_actions()[0])
            assert not zone(game, "bought", me) and bought[0] not in zone(game, "cards", me)


def test_a_player_who_played_all_their_cards_draws_one_for_free():
    """ "If you have played all of your cards, pick up a new one from the deck. Gaining a
    card this way does not cost you any coins.\""""
    rnd = random.Random(5)
    game = rules().new_game(2, seed=5)
    until(
        game,
        lambda g: (
            phase(g) in ("sail_cards", "action_cards")
            and any(a.name == "play_card" for a in g.legal_actions())
        ),
        rnd,
    )
    me = game.current_player
    hand = zone(game, "cards", me)
    metal = str(next(a for a in game.legal_actions() if a.name == "play_card")).split()[1]
    keep = next(c for c in hand if game.m.props["metal"][c] == metal)
    for c in [c for c in hand if c != keep]:  # leave one playable card in hand
        game.g.move(c, game.m.zone_index("discard"))
    game._set_legal(game._current_legal())
    play = next(a for a in game.legal_actions() if a.name == "play_card")
    deck = len(zone(game, "deck"))
    game.apply(play)
    assert keep in zone(game, "discard")
    assert len(zone(game, "cards", me)) == 1 and len(zone(game, "deck")) == deck - 1


def test_a_card_s_event_strikes_its_target():
    """With faces written over the skeleton: a gold card that plunders 3 coins for its
    player, a silver one that makes the player it is played at pay 1 coin."""
    rnd = random.Random(7)
    game = rules(faces=True).new_game(3, seed=7)
    until(game, lambda g: any(str(a).startswith("play treasure map") for a in g.legal_actions()), rnd)
    me = game.current_player
    cap = next(c for c in zone(game, "fleet") if game.m.owner[c] == me)
    coins = game.g.cvars["coins"][cap]
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("play treasure map")))
    assert game.g.cvars["coins"][cap] == coins + 3
    until(game, lambda g: any(str(a).startswith("play mutiny") for a in g.legal_actions()), rnd)
    me = game.current_player
    action = next(a for a in game.legal_actions() if str(a).startswith("play mutiny"))
    target = int(str(action).split()[-1])
    assert target != me
    victim = next(c for c in zone(game, "fleet") if game.m.owner[c] == target)
    coins = game.g.cvars["coins"][victim]
    immune = game.g.cvars["pos"][victim] == 0 and game.g.hvars["in_action"]
    game.apply(action)
    assert game.g.cvars["coins"][victim] == (coins if immune else max(0, coins - 1))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_matches_with_action_cards_end_and_conserve_the_cards(players):
    for seed in range(3):
        game = rules(faces=True).new_game(players, seed=seed)
        rnd = random.Random(seed)
        for _ in range(20000):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
            assert cards_everywhere(game) == CARDS
        assert game.is_over
