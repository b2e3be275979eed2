"""Playa Pirata's official special-card variant: the draft and each of the ten cards.

Rulebook: shared/rulebooks/000_383859bdf4c20040.txt, "Game variant: Special cards"; the
variant is spec/variants/playa-pirata/special-cards.yaml. Each test's docstring quotes the
card it checks; each shows the card's effect and its limits. Seats: red 0, blue 1, green 2.
"""

from __future__ import annotations

import pytest
from scenario import (
    BLUE,
    GREEN,
    RED,
    beach,
    clear_table,
    controller,
    cover,
    knows,
    move,
    names,
    phase,
    pirate_of,
    play_until,
    put_towels,
    refresh_legal,
    score_now,
    stack,
    step,
    take_towel,
    texts,
    towels_of,
    treasures,
    zone,
)

import playa_rules as pr
from playa_rules.render import rules_markdown

SPECIALS = [
    "sand_castle",
    "skeleton",
    "wave",
    "king_size",
    "jolly_roger",
    "beach_bucket",
    "lifeguard",
    "flip_flops",
    "piggybank",
    "parrot",
]


def rules(**rulings):
    if not rulings:
        return pr.load("playa-pirata", variants=["special-cards"])
    return pr.load("playa-pirata", variants=["special-cards", _house_rule(rulings)])


_HOUSE: dict = {}


def _house_rule(rulings: dict):
    import tempfile
    from pathlib import Path

    key = tuple(sorted(rulings.items()))
    if key not in _HOUSE:
        folder = Path(tempfile.mkdtemp())
        lines = ["extends: special-cards", "variant: test-rulings", "rulings:"]
        lines += [f"  {k}: {v if not isinstance(v, bool) else str(v).lower()}" for k, v in rulings.items()]
        (folder / "rulings.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        _HOUSE[key] = folder / "rulings.yaml"
    return _HOUSE[key]


def special(game, name: str) -> int:
    m = game.m
    return next(c for c in range(m.component_count) if m.ctype[c] == "special" and m.props["name"][c] == name)


def give(game, seat: int, name: str) -> int:
    """``seat``'s special card becomes ``name`` (its drafted one is set aside)."""
    for c in list(zone(game, "special", seat=seat)):
        move(game, c, "removed")
    c = special(game, name)
    move(game, c, "special", seat=seat)
    return c


def drafted(players=3, seed=0, **rulings):
    """A game after the draft, each seat keeping the first card offered."""
    game = rules(**rulings).new_game(players=players, seed=seed)
    play_until(game, lambda gm: phase(gm) != "special_draft", lambda gm: gm.legal_actions()[0])
    return game


def red_card_step(**rulings):
    """3 players after the first turn: red's first regular turn, card step."""
    game = drafted(**rulings)
    play_until(
        game,
        lambda gm: phase(gm) != "first_turn",
        lambda gm: next(a for a in gm.legal_actions() if a.name == "bury"),
    )
    assert game.current_player == RED and step(game) == "card"
    return game


def red_towel_step(top_value: int, **rulings):
    """Red's towel step; treasure #1 has a blue card of ``top_value`` on top."""
    game = red_card_step(**rulings)
    game.apply("telescope #0")
    t = beach(game)[1]
    put_towels(game, t, [take_towel(game, BLUE, top_value)])
    refresh_legal(game)
    assert step(game) == "towels"
    return game, t


# ================================================================ the draft


def test_the_special_cards_read_by_their_names_in_the_rulebook():
    """Players read the cards by the rulebook's names ("KING SIZE BEACH TOWEL", "JOLLY
    ROGER", "SAND CASTLE"; Italian "TELO DA MARE A DUE PIAZZE", "LA BANDIERA"), never by
    the ids the rules read (`king_size`): in action texts, views and the rendered rules."""
    game = rules().new_game(players=3, seed=1)
    shown = {
        c["label"] for c in game.view(game.current_player)["seats"][game.current_player]["zones"]["draft"]
    }
    assert shown and all("_" not in label for label in shown)
    assert all(t.startswith("keep ") and "_" not in t for t in texts(game))
    labels = {
        game.m.props["name"][c]: game.m.labels[c]
        for c in range(game.m.component_count)
        if game.m.ctype[c] == "special"
    }
    assert labels["king_size"] == "king size beach towel" and labels["jolly_roger"] == "jolly roger"
    assert labels["sand_castle"] == "sand castle" and labels["flip_flops"] == "flip-flops"
    italian = rules_markdown(rules(), lang="it")
    assert "mostrato come `telo da mare a due piazze`" in italian and "mostrato come `bandiera`" in italian


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draft_players_plus_one_cards_from_the_left_of_the_start_player(players):
    """ "give a number of cards equal to one more than the number of players to the player
    sitting to the left of the starting player ... Continue until the starting player
    receives the last two special cards. He keeps one and removes the last one from play
    without revealing it.\""""
    game = rules().new_game(players=players, seed=3)
    assert phase(game) == "special_draft"
    order = []
    while phase(game) == "special_draft":
        seat = game.current_player
        order.append(seat)
        offered = zone(game, "draft", seat=seat)
        assert len(offered) == players + 1 - len(order) + 1
        assert all(knows(game, seat, c) for c in offered)
        game.apply(game.legal_actions()[0])
    assert order == [(1 + k) % players for k in range(players)]  # start player 0 last
    assert [len(zone(game, "special", seat=s)) for s in range(players)] == [1] * players
    removed = zone(game, "removed")
    assert len(removed) == 1
    # every drafter held the removed card while picking, but the cards were passed face down:
    # only the start player, who removed it, knows which it is (tester20 item 1); the cards
    # never dealt stay unseen
    assert [s for s in range(players) if knows(game, s, removed[0])] == [0]
    assert removed[0] not in {c for s in range(players) for c in zone(game, "special", seat=s)}
    assert len(zone(game, "special_deck")) == 10 - players - 1
    assert not any(knows(game, s, c) for s in range(players) for c in zone(game, "special_deck"))
    for s in range(players):  # nobody sees another seat's kept card
        for o in range(players):
            if o != s:
                assert not knows(game, s, zone(game, "special", seat=o)[0])
                assert game.view(s)["seats"][o]["zones"]["special"] == [{"type": "special", "hidden": True}]


def test_a_special_card_is_played_in_addition_to_the_normal_actions():
    """ "Important: Playing your special card is in addition to your normal actions on your turn.\""""
    game = red_card_step()
    give(game, RED, "parrot")
    refresh_legal(game)
    assert "parrot" in texts(game) and "bury" in names(game)
    game.apply("parrot")
    assert game.current_player == RED and step(game) == "card"  # still red's card to play
    assert "parrot" not in texts(game)
    game.apply(next(a for a in game.legal_actions() if a.name == "bury"))
    assert step(game) == "towels"


# ================================================================ the cards
def test_jolly_roger_blocks_a_telescope_a_map_and_an_umbrella():
    """JOLLY ROGER: "Play this card next to a Treasure when you bury it. Other special cards
    and Pirate cards played on that Treasure have no effect.\""""
    game = red_card_step()
    give(game, RED, "jolly_roger")
    refresh_legal(game)
    flagged = next(a for a in game.legal_actions() if a.name == "jolly_roger")
    game.apply(flagged)
    spot = len(beach(game)) - 1
    assert [game.m.props["name"][c] for c in zone(game, "beside", comp=beach(game)[spot])] == ["jolly_roger"]
    game.apply(
        next(a for a in game.legal_actions() if a.name == "place_towels" and str(a).endswith(f"#{spot}"))
    )
    game.apply("done")
    assert game.current_player == BLUE
    legal = texts(game)
    assert f"telescope #{spot}" not in legal and f"map #{spot}" not in legal
    assert f"telescope #{spot - 1}" in legal
    give(game, BLUE, "king_size")
    refresh_legal(game)
    assert f"king size #{spot}" not in texts(game) and f"king size #{spot - 1}" in texts(game)


@pytest.mark.parametrize("ruling, own_umbrella", [("all", False), ("others", True)])
def test_jolly_roger_ruling_whose_cards_it_blocks(ruling, own_umbrella):
    """Ruling jolly_roger_blocks: 'all' blocks its owner's cards too, 'others' only the others'."""
    game = red_card_step(jolly_roger_blocks=ruling)
    t = beach(game)[1]  # red's own burial, with red's Jolly Roger and a red towel on top
    flag = special(game, "jolly_roger")
    move(game, flag, "beside", comp=t)
    game.g.cvars["played_by"][flag] = RED
    put_towels(game, t, [take_towel(game, RED, 1)])
    refresh_legal(game)
    assert ("umbrella #1" in texts(game)) is own_umbrella
    assert ("map #1" in texts(game)) is own_umbrella
    game.apply("telescope #0")
    game.apply(
        next(a for a in game.legal_actions() if a.name == "place_towels" and not str(a).endswith("#1"))
    )
    game.apply("done")
    assert game.current_player == BLUE
    assert "map #1" not in texts(game) and "telescope #1" not in texts(game)  # never for the others


def test_parrot_lets_a_group_match_the_top_card():
    """THE PARROT: "for the rest of that turn, you may play Beach Towel cards on top of a
    Treasure by matching the value of the top card, instead of having to exceed it.\""""
    game, t = red_towel_step(3)
    give(game, RED, "parrot")
    refresh_legal(game)
    assert "towels 3 on #1" not in texts(game)
    game.apply("parrot")
    assert "towels 3 on #1" in texts(game) and "towels 2 on #1" not in texts(game)
    game.apply("towels 3 on #1")
    assert controller(game, t) == RED


def test_king_size_needs_two_more_towels_than_the_top_card():
    """KING SIZE BEACH TOWEL: "Any Beach Towels played on this Treasure must exceed the
    value of the top card by at least two towels instead of only one.\""""
    game, t = red_towel_step(1)
    move(game, special(game, "king_size"), "beside", comp=t)
    refresh_legal(game)
    legal = texts(game)
    assert "towels 2 on #1" not in legal and "towels 1+1 on #1" not in legal
    assert "towels 3 on #1" in legal and "towels 1+2 on #1" in legal


def test_king_size_on_a_treasure_with_no_cards_allows_any_value():
    """The towel rule: "You can play any value of Beach Towel card(s) on top of a Treasure
    that has no cards on it, but if the Treasure already has towels on it, you must exceed
    the value of the last card played there"; KING SIZE BEACH TOWEL: "must exceed the value
    of the top card by at least two towels instead of only one". With no card on the
    Treasure there is no top card to exceed: a single 1-towel card may be played."""
    game = red_card_step()
    game.apply("telescope #0")
    t = beach(game)[1]
    assert stack(game, t) == []
    move(game, special(game, "king_size"), "beside", comp=t)
    refresh_legal(game)
    legal = texts(game)
    assert "towels 1 on #1" in legal and "towels 2 on #1" in legal
    game.apply("towels 1 on #1")
    assert controller(game, t) == RED
    # from now on the Treasure has a top card: the +2 applies (the test below)


@pytest.mark.parametrize("ruling, weakest", [("combine", "2"), ("parrot", "1"), ("king_size", "3")])
def test_parrot_with_king_size_ruling(ruling, weakest):
    """Ruling parrot_with_king_size: does the Parrot's match combine with a King Size?"""
    game, t = red_towel_step(1, parrot_with_king_size=ruling)
    move(game, special(game, "king_size"), "beside", comp=t)
    give(game, RED, "parrot")
    refresh_legal(game)
    game.apply("parrot")
    legal = texts(game)
    assert f"towels {weakest} on #1" in legal
    smaller = {"1": None, "2": "1", "3": "2"}[weakest]
    if smaller:
        assert f"towels {smaller} on #1" not in legal


def test_king_size_is_played_next_to_a_treasure_and_not_under_an_umbrella():
    game = red_card_step()
    give(game, RED, "king_size")
    t = beach(game)[1]
    move(game, pirate_of(game, BLUE, "umbrella"), "cover", comp=t)
    refresh_legal(game)
    assert "king size #1" not in texts(game) and "king size #0" in texts(game)
    game.apply("king size #0")
    assert zone(game, "beside", comp=beach(game)[0]) == [special(game, "king_size")]


def test_beach_bucket_peeks_only_under_a_3_towel_card():
    """BEACH BUCKET: "peek at one buried Treasure that has a 3-towel card on top of its stack.\""""
    game = red_card_step()
    give(game, RED, "beach_bucket")
    t3, t2 = beach(game)[2], beach(game)[3]  # buried by blue and green
    put_towels(game, t3, [take_towel(game, BLUE, 3)])
    put_towels(game, t2, [take_towel(game, BLUE, 2)])
    refresh_legal(game)
    assert [x for x in texts(game) if x.startswith("beach bucket")] == ["beach bucket #2"]
    assert not knows(game, RED, t3)
    game.apply("beach bucket #2")
    assert knows(game, RED, t3) and not knows(game, GREEN, t3)
    assert special(game, "beach_bucket") in zone(game, "special_discard")


def test_lifeguard_at_the_start_of_the_game_looks_at_one_players_hand():
    """LIFEGUARD: "You may play this card at the start of the game or during your turn. You
    can look at all the Treasure cards in any one player's hand.\""""
    game = drafted()
    assert phase(game) == "first_turn" and game.current_player == RED
    give(game, RED, "lifeguard")
    refresh_legal(game)
    assert {"lifeguard 1", "lifeguard 2"} <= set(texts(game))
    hand = list(zone(game, "treasures", seat=GREEN))
    assert not any(knows(game, RED, c) for c in hand)
    game.apply("lifeguard 2")
    assert all(knows(game, RED, c) for c in hand) and not any(knows(game, BLUE, c) for c in hand)
    assert game.current_player == RED and phase(game) == "first_turn"  # still red's burial


def test_flip_flops_move_your_umbrella_to_another_treasure_you_control():
    """FLIP-FLOPS: "move your Beach Umbrella to any other Treasure that you control. Your
    Beach Umbrella must already be in play for you to use this card.\""""
    game = red_card_step()
    give(game, RED, "flip_flops")
    a, b, c = beach(game)[0], beach(game)[1], beach(game)[2]
    put_towels(game, b, [take_towel(game, RED, 1)])
    put_towels(game, c, [take_towel(game, BLUE, 1)])
    refresh_legal(game)
    assert not any(x.startswith("flip-flops") for x in texts(game))  # no umbrella in play yet
    umbrella = pirate_of(game, RED, "umbrella")
    move(game, umbrella, "cover", comp=a)
    refresh_legal(game)
    assert [x for x in texts(game) if x.startswith("flip-flops")] == ["flip-flops #1"]
    game.apply("flip-flops #1")
    assert cover(game, b) == [umbrella] and cover(game, a) == []
    assert controller(game, b) == RED


def test_piggybank_takes_back_a_card_worth_two_or_less_from_anywhere_in_a_stack():
    """PIGGYBANK: "take one of your played Beach Towel cards back into your hand. You can only
    take back a card worth two towels or less, but you can take it even if it is not on the
    top of its stack.\""""
    game = red_card_step()
    give(game, RED, "piggybank")
    t = beach(game)[1]
    red2, red3 = take_towel(game, RED, 2), take_towel(game, RED, 3)
    put_towels(game, t, [red2, red3, take_towel(game, BLUE, 1)])
    refresh_legal(game)
    piggy = [x for x in texts(game) if x.startswith("piggybank")]
    assert piggy == ["piggybank 2 from #1"]  # not the 3, not blue's 1
    before = len(zone(game, "towels", seat=RED))
    game.apply("piggybank 2 from #1")
    assert red2 in zone(game, "towels", seat=RED) and len(zone(game, "towels", seat=RED)) == before + 1
    assert [game.m.props["value"][c] for c in stack(game, t)] == [3, 1]


def _end_of_game(name: str):
    game = drafted()
    clear_table(game)
    give(game, RED, name)
    return game


def test_sand_castle_3_towel_cards_in_hand_are_worth_3():
    """SAND CASTLE: "Each 3-towel card you have left in your hand at the end of the game is
    worth 3 points instead of 1.\""""
    game = _end_of_game("sand_castle")
    for c in towels_of(game, RED):
        if game.m.props["value"][c] != 3:
            move(game, c, "stack", comp=treasures(game, "number", 7)[0])
    s = score_now(game)[RED]
    assert (s["unplayed_towels"], s["sand_castle"]) == (4, 8)  # four 3s: 4 x 3 = 12


@pytest.mark.parametrize("skulls, points", [(0, 0), (1, 3), (2, 3)])
def test_skeleton_3_points_with_at_least_one_skull(skulls, points):
    """SKELETON: "If you have at least one skull at the end of the game, this card is worth
    3 points. Otherwise, it's worth 0. If you have two or more skulls, it's still only worth
    3 points.\""""
    game = _end_of_game("skeleton")
    for t in treasures(game, "skull")[:skulls]:
        move(game, t, "beach")
        put_towels(game, t, [take_towel(game, RED, 1)])
    assert score_now(game)[RED]["skeleton"] == points


@pytest.mark.parametrize("pair, points", [("numbers", 3), ("skulls", 0), ("different", 0)])
def test_wave_3_points_for_two_treasures_of_the_same_value(pair, points):
    """WAVE: "This card is worth 3 points at the end of the game if you have two Treasures with
    the exact same value (skulls do not count).\""""
    game = _end_of_game("wave")
    won = {
        "numbers": treasures(game, "number", 5)[:2],
        "skulls": treasures(game, "skull")[:2],
        "different": [treasures(game, "number", 5)[0], treasures(game, "number", 6)[0]],
    }[pair]
    for t in won:
        move(game, t, "beach")
        put_towels(game, t, [take_towel(game, RED, 1)])
    assert score_now(game)[RED]["wave"] == points


def test_unplayed_held_cards_score_nothing_for_the_others():
    game = _end_of_game("sand_castle")
    assert score_now(game)[BLUE]["sand_castle"] == 0
