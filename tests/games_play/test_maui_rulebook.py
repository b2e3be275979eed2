"""Maui's rulebook (shared/rulebooks/002, Spanish), rule by rule, with the text's numbers.

The text's two worked examples are named tests (``test_example_player_c_...`` and
``test_final_scoring_example_...``); the rest follow the text's sections: setup, choosing and
paying for a piece, the market refill, placing a piece, advancing markers, decorated spaces,
Spare Towels, the end of the game, the final scoring and its tie-breaks, and the crab
variant. Values the lost page held are the bundled assumptions (docs/games/maui.md).
"""

from __future__ import annotations

import pytest
from maui_scenario import (
    cell,
    clear_beach_tokens,
    dollars,
    marker,
    marker_pos,
    new,
    of_type,
    on_market,
    pattern,
    put_on_market,
    refresh_legal,
    reserve,
    rules,
    set_column,
    texts,
    under,
    zone,
)

import playa_rules as pr

PATTERNS = ["stripes", "fish", "flowers", "leaves", "dots"]


def to_seat(game, seat: int) -> None:
    """Earlier seats take sand dollars until ``seat`` is to play."""
    while game.current_player != seat:
        game.apply(next(a for a in texts(game) if a.startswith("take")))


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    game = new(players, seed=players)
    assert len(of_type(game, "piece")) == 60  # 60 towel pieces
    assert all(on_market(game, r, p) is not None for r in (0, 1) for p in (0, 1, 2))  # 6 on the market
    assert [game.g.cvars["dollars"][reserve(game, r)] for r in (0, 1)] == [1, 1]  # 1 on each reserve
    for s in range(players):
        assert dollars(game, s) == 1  # each player 1 sand dollar
        assert len(zone(game, "placed", s)) == 1  # the starting piece, in the port
        assert [pattern(game, s, r, 0) is not None for r in range(7)] == [
            False,
            False,
            True,
            True,
            True,
            False,
            False,
        ]
        tokens = [t for c in of_type(game, "cell", s) for t in under(game, c)]
        assert len(tokens) == 8  # 8 umbrella tokens on the beach
        view = game.view((s + 1) % players)  # face up: everyone sees them
        beach = next(e for e in view["seats"] if e["seat"] == s)["zones"]["beach"]
        assert sum(len(c["zones"]["under"]) for c in beach if c.get("zones")) == 8
        assert all(not t.get("hidden") for c in beach for t in (c.get("zones") or {}).get("under", []))
    # "En partidas de 2 jugadores ... solo con 1 ficha de Toalla celeste y 1 ficha de Toalla naranja"
    supply = [game.m.props["track"][t] for t in zone(game, "towel_supply")]
    each = 1 if players == 2 else 2
    assert sorted(supply) == sorted(["stripes"] * each + ["fish"] * each)
    assert len(zone(game, "bag")) == 60 - 6 - players


# ---------------------------------------------------------------- choosing and paying
def test_the_first_piece_is_free_the_others_cost_1_and_2_onto_the_rows_reserve():
    game = new(2, seed=1)
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {2: "fish", 3: "fish", 4: "fish"})
    put_on_market(game, ["fish", "dots", "leaves"], 1, 2)
    game.g.pvars["dollars"][0] = 2
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 2")
    assert dollars(game, 0) == 0
    assert game.g.cvars["dollars"][reserve(game, 1)] == 1 + 2  # paid onto that row's reserve
    assert game.g.cvars["dollars"][reserve(game, 0)] == 1


def test_a_piece_you_cannot_pay_for_is_not_offered():
    game = new(2, seed=1)
    set_column(game, 0, 0, {2: "fish", 3: "fish", 4: "fish"})
    put_on_market(game, ["fish", "dots", "leaves"], 0, 2)
    game.g.pvars["dollars"][0] = 1
    refresh_legal(game)
    assert not any(t.startswith("place fish-dots-leaves") for t in texts(game))


def test_the_market_slides_towards_the_reserve_and_refills_from_the_bag():
    game = new(2, seed=2)
    set_column(game, 0, 0, {2: "fish", 3: "fish", 4: "fish"})
    first, second, third = (on_market(game, 0, p) for p in (0, 1, 2))
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    second, third = on_market(game, 0, 1), on_market(game, 0, 2)
    bag = len(zone(game, "bag"))
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 2")
    assert on_market(game, 0, 0) == second and on_market(game, 0, 1) == third
    assert on_market(game, 0, 2) is not None and on_market(game, 0, 2) not in (second, third)
    assert len(zone(game, "bag")) == bag - 1


def test_take_sand_dollars_takes_all_of_one_row():
    game = new(2, seed=3)
    game.g.cvars["dollars"][reserve(game, 1)] = 4
    refresh_legal(game)
    assert "take dollars row 1" in texts(game)
    game.apply("take dollars row 1")
    assert dollars(game, 0) == 5 and game.g.cvars["dollars"][reserve(game, 1)] == 0
    game.g.cvars["dollars"][reserve(game, 0)] = 0
    refresh_legal(game)
    assert not any(t.startswith("take") for t in texts(game))  # an empty reserve cannot be taken


# ---------------------------------------------------------------- placing a piece
def test_at_least_one_pattern_next_to_the_same_pattern_of_the_previous_piece():
    game = new(2, seed=4)
    set_column(game, 0, 0, {2: "stripes", 3: "fish", 4: "flowers"})
    put_on_market(game, ["leaves", "dots", "fish"], 0, 0)
    refresh_legal(game)
    rows = sorted(int(t.rsplit(" ", 1)[1]) for t in texts(game) if t.startswith("place leaves-dots-fish"))
    assert rows == [1]  # only its fish (third section) beside the fish of row 3
    put_on_market(game, ["leaves", "dots", "stripes"], 0, 0)
    refresh_legal(game)
    assert sorted(
        int(t.rsplit(" ", 1)[1]) for t in texts(game) if t.startswith("place leaves-dots-stripes")
    ) == [0]


def test_pieces_go_left_to_right_one_per_column():
    game = new(2, seed=5)
    set_column(game, 0, 0, {2: "fish", 3: "fish", 4: "fish"})
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 4")
    assert [pattern(game, 0, r, 1) for r in (4, 5, 6)] == ["fish", "dots", "leaves"]
    assert len(zone(game, "placed", 0)) == 2


def test_seats_across_the_market_read_the_strip_from_the_other_end():
    """'Para los jugadores A y B, las piedras están abajo; para los jugadores C y D, están
    arriba': player C (seat 2 of 4) lays the same piece upside down."""
    game = new(4, seed=6)
    to_seat(game, 2)
    set_column(game, 2, 0, {2: "leaves", 3: "leaves", 4: "leaves"})
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 2")
    assert [pattern(game, 2, r, 1) for r in (2, 3, 4)] == ["leaves", "dots", "fish"]


def test_a_connection_advances_its_marker_by_the_rows_value():
    game = new(2, seed=7)
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {0: "fish", 1: "dots", 2: "leaves"})
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 0")
    # rows 0, 1, 2 are worth 3, 2, 1
    assert [marker_pos(game, 0, p) for p in ("fish", "dots", "leaves")] == [3, 2, 1]


def test_example_player_c_places_a_second_marker_and_reaches_the_decorated_space():
    """'el jugador C ha colocado una pieza de Toallas que coincide con [dos] estampados.
    Después, coloca su marcador de Puntuación en la segunda casilla del medidor y avanza 3
    casillas su marcador ... Al hacerlo, alcanza la casilla decorada ... y obtiene la ficha de
    Toalla naranja.'"""
    game = new(4, seed=8)
    to_seat(game, 2)
    clear_beach_tokens(game, 2)
    set_column(game, 2, 0, {0: "fish", 1: "leaves", 2: "stripes"})
    game.g.cvars["pos"][marker(game, 2, "fish")] = 4  # 3 spaces before the decorated 7
    put_on_market(game, ["dots", "leaves", "fish"], 0, 0)  # laid upside down: fish on top
    refresh_legal(game)
    game.apply("place dots-leaves-fish at row 0")
    assert marker_pos(game, 2, "leaves") == 2  # placed on the second space
    assert marker_pos(game, 2, "fish") == 7  # advanced 3, on the decorated space
    assert [game.m.props["track"][t] for t in zone(game, "towel_tokens", 2)] == ["fish"]  # the orange token
    assert [game.m.props["track"][t] for t in zone(game, "towel_supply")].count("fish") == 1


def test_passing_the_decorated_space_also_gives_a_towel_token_while_any_is_left():
    game = new(2, seed=9)
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {0: "stripes"})
    game.g.cvars["pos"][marker(game, 0, "stripes")] = 6
    put_on_market(game, ["stripes", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    game.apply("place stripes-dots-leaves at row 0")
    assert marker_pos(game, 0, "stripes") == 9  # passed the decorated space 7
    assert len(zone(game, "towel_tokens", 0)) == 1
    assert not [
        t for t in zone(game, "towel_supply") if game.m.props["track"][t] == "stripes"
    ]  # 2 players: 1 each


def test_a_marker_on_the_last_space_stays_there():
    """'Si uno de tus marcadores de Puntuación llega a la última casilla del medidor, puedes
    seguir creando conexiones con ese estampado, pero ya no obtendrás puntos por ellas.'"""
    game = new(2, seed=10)
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {6: "dots"})
    last = len(rules().spec["assumptions"]["track_points"]["value"]["dots"]) - 1
    game.g.cvars["pos"][marker(game, 0, "dots")] = last - 1
    put_on_market(game, ["fish", "leaves", "dots"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-leaves-dots at row 4")
    assert marker_pos(game, 0, "dots") == last
    game.apply(texts(game)[0])  # seat 1
    assert game.view(0)["seats"][0]["zones"]["markers"][4]["vars"]["points"] == 12  # the end of dots


def test_each_score_track_ends_on_its_own_value():
    """The score board's extraction: '15 14 13 12 20', '12 11 10 9 14' and, read across,
    '14 13 11 / 13 12 10 / 12 11 9 / 11 10 8 / 18 16 12': five tracks whose last numbered
    spaces are 15, 14, 13, 12, 11 and whose ends are 20, 18, 16, 14, 12 (which pattern has
    which is assumed: docs/games/maui.md)."""
    tracks = rules().spec["assumptions"]["track_points"]["value"]
    ends = {pat: (t[-2], t[-1]) for pat, t in tracks.items()}
    assert ends == {
        "stripes": (15, 20),
        "fish": (14, 18),
        "flowers": (13, 16),
        "leaves": (12, 14),
        "dots": (11, 12),
    }
    assert all(t[3:7] == [3, 4, 5, 6] for t in tracks.values())  # "3 4 5 6" alike on every track
    game = new(2, seed=16)
    for pat in PATTERNS:
        game.g.cvars["pos"][marker(game, 1, pat)] = len(tracks[pat]) - 1
    game.g.hvars["ending"] = True
    game.apply("take dollars row 0")
    game.apply("take dollars row 1")
    assert game.hand_scores[0][1] == 20 + 18 + 16 + 14 + 12 + 2  # and 2 sand dollars
    equal = pr.load("maui", variants=["equal-tracks"]).spec["assumptions"]["track_points"]["value"]
    assert all(t[-2:] == [15, 20] for t in equal.values())  # the other reading, a variant


def test_a_beach_has_six_pearls_and_two_patterned_umbrella_tokens():
    """'Cada jugador recibe 8 fichas de Sombrilla'; in the crab variant 'los jugadores toman 7
    fichas de Cangrejo y las 2 fichas de Sombrilla con estampados ... de su color': of the 8, 2
    are patterned, so 6 are pearls."""
    game = new(3, seed=2)
    for s in range(3):
        gifts = sorted(game.m.props["gift"][t] for t in of_type(game, "umbrella_token", s))
        assert len(gifts) == 8
        assert sum(g in PATTERNS for g in gifts) == 2 and sum(g in ("white", "black") for g in gifts) == 6


def test_covering_an_umbrella_token_applies_it():
    game = new(2, seed=11)
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {3: "fish"})
    g, m = game.g, game.m
    white = next(t for t in of_type(game, "umbrella_token", 0) if m.props["gift"][t] == "white")
    flowers = next(t for t in of_type(game, "umbrella_token", 0) if m.props["gift"][t] == "flowers")
    g.move(white, m.attached["under"][cell(game, 0, 3, 1)])
    g.move(flowers, m.attached["under"][cell(game, 0, 4, 1)])
    put_on_market(game, ["fish", "leaves", "dots"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-leaves-dots at row 3")
    assert white in zone(game, "pearls", 0)  # a pearl is kept
    assert marker_pos(game, 0, "flowers") == 1  # a pattern advances its marker
    assert marker_pos(game, 0, "fish") == 1  # and the connection of row 3 (worth 1)


def test_a_section_off_the_beach_costs_a_penalty():
    game = new(2, seed=12)
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {0: "dots"})
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    assert "place fish-dots-leaves at row -1" in texts(game)
    assert "place fish-dots-leaves at row -2" not in texts(game)  # one section at most
    game.apply("place fish-dots-leaves at row -1")
    assert game.g.pvars["overhangs"][0] == 1
    assert marker_pos(game, 0, "dots") == 3


def test_a_towel_token_matches_every_pattern():
    game = new(2, seed=13)
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {3: "fish", 4: "stripes"})
    token = zone(game, "towel_supply")[-1]
    game.g.move(token, game.m.zone_index("towel_tokens", seat=0))
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 3")  # fish beside fish; dots beside stripes
    assert "lay towel token" in " ".join(texts(game)) and "keep towel tokens" in texts(game)
    game.apply(next(t for t in texts(game) if t.endswith("on section 1")))
    assert marker_pos(game, 0, "fish") == 1 and marker_pos(game, 0, "stripes") == 1
    assert token in zone(game, "laid", 0)


@pytest.mark.parametrize("ruling,scored", [("left_printed", "fish"), ("own_printed", "leaves")])
def test_a_towel_token_beside_a_wild_section_scores_as_the_ruling_says(ruling, scored, tmp_path):
    """The towel tokens' rules are on the lost page 5 ('ver página 5 para saber más'): a
    wild section beside a wild section advances the marker the ruling wild_beside_wild names."""
    variant = tmp_path / "wild.yaml"
    variant.write_text(f"extends: maui\nvariant: wild\nrulings:\n  wild_beside_wild: {{value: {ruling}}}\n")
    game = new(2, seed=13, variants=[variant])
    clear_beach_tokens(game, 0)
    set_column(game, 0, 0, {3: "fish"})
    game.g.cvars["wild"][cell(game, 0, 3, 0)] = True  # an earlier token on the fish section
    token = zone(game, "towel_supply")[-1]
    game.g.move(token, game.m.zone_index("towel_tokens", seat=0))
    put_on_market(game, ["leaves", "dots", "stripes"], 0, 0)
    refresh_legal(game)
    game.apply("place leaves-dots-stripes at row 3")  # leaves beside the wild fish section
    game.apply(next(t for t in texts(game) if t.endswith("on section 0")))  # the new leaves wild too
    assert marker_pos(game, 0, scored) == 1 and sum(marker_pos(game, 0, p) for p in PATTERNS) == 1


# ---------------------------------------------------------------- Spare Towels
def test_spare_towels_when_nothing_connects_and_no_sand_dollars_are_left():
    """'si ninguna de las piezas ... crea una conexión ... y tampoco hay ningún Dólar de arena
    en ninguna de las dos reservas, debes realizar la acción Toallas de repuesto'"""
    game = new(2, seed=14)
    clear_beach_tokens(game, 0)
    g, m = game.g, game.m
    set_column(game, 0, 0, {2: "stripes", 3: "stripes", 4: "stripes"})
    for r in (0, 1):
        for p in (0, 1, 2):
            s = on_market(game, r, p)
            while "stripes" in m.props["patterns"][s]:
                put_on_market(
                    game,
                    next(
                        m.props["patterns"][c]
                        for c in of_type(game, "piece")
                        if "stripes" not in m.props["patterns"][c] and g.loc[c] == m.zone_index("bag")
                    ),
                    r,
                    p,
                )
                s = on_market(game, r, p)
    g.cvars["dollars"][reserve(game, 0)] = g.cvars["dollars"][reserve(game, 1)] = 0
    umbrella = of_type(game, "umbrella_token", 0)[0]
    g.move(umbrella, m.attached["under"][cell(game, 0, 3, 1)])
    refresh_legal(game)
    assert texts(game) and all(t.startswith("spare ") for t in texts(game))
    assert len(texts(game)) == 6  # any piece, free
    choice = texts(game)[0]
    game.apply(choice)
    assert [pattern(game, 0, r, 1) is not None for r in range(7)] == [
        False,
        False,
        True,
        True,
        True,
        False,
        False,
    ]
    assert all(marker_pos(game, 0, p) == 0 for p in PATTERNS)  # no points
    assert umbrella in zone(game, "box")  # removed, its effect ignored
    assert dollars(game, 0) == 1


# ---------------------------------------------------------------- end and scoring
def test_the_twelfth_piece_ends_the_game_at_the_end_of_the_round():
    game = new(3, seed=15)
    to_seat(game, 1)
    g = game.g
    placed = zone(game, "placed", 1)
    bag = game.m.zone_index("bag")
    g.settle_all(bag)
    while len(placed) < 12:  # 11 more pieces already laid
        g.move(g.zones[bag][-1], game.m.zone_index("placed", seat=1))
    for s in (1,):
        set_column(game, s, 11, {2: "fish", 3: "fish", 4: "fish"})
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 2")
    assert not game.is_over and game.current_player == 2  # the round goes on
    game.apply(texts(game)[0])
    assert game.is_over  # seat 0 starts the next round: over
    assert len(zone(game, "placed", 0)) < 13


def test_final_scoring_example_player_c_scores_60():
    """'el jugador C suma los puntos de todos sus marcadores ... (50 puntos) ... 3 [perlas] = 9
    puntos, 1 [perla] = 2 puntos y 2 [dólares] = 2 puntos; 13 puntos en total ... resta el
    valor de sus fichas de Penalización (-3 puntos). Puntuación final: 60 puntos.'"""
    game = new(2, seed=16)
    g, m = game.g, game.m
    for pat, pos in zip(PATTERNS, (15, 13, 12, 10, 0)):  # 15 + 13 + 12 + 10 = 50
        g.cvars["pos"][marker(game, 1, pat)] = pos
    pearls = m.zone_index("pearls", seat=1)
    tokens = of_type(game, "umbrella_token", 1)
    for colour, n in (("white", 3), ("black", 1)):
        for t in [t for t in tokens if m.props["gift"][t] == colour][:n]:
            g.move(t, pearls)
    g.pvars["overhangs"][1] = 3
    g.hvars["ending"] = True
    game.apply("take dollars row 0")  # seat 0
    game.apply("take dollars row 1")  # seat 1: 1 + 1 = 2 sand dollars
    assert game.is_over
    assert game.hand_scores[0][1] == 60


def test_ties_fewest_pieces_then_most_dollars_then_later_in_turn_order():
    # equal points; seat 1 has more pieces: seat 0 wins
    game = new(2, seed=17)
    bag = game.m.zone_index("bag")
    game.g.settle_all(bag)
    game.g.move(game.g.zones[bag][-1], game.m.zone_index("placed", seat=1))
    game.g.hvars["ending"] = True
    game.apply("take dollars row 0")
    game.apply("take dollars row 1")
    assert game.scores() == [2, 2] and game.winners() == [0]
    # equal points and pieces: the most sand dollars (sand dollars are points too, so a
    # penalty evens the points)
    game = new(2, seed=18)
    game.g.pvars["overhangs"][1] = 1
    game.g.hvars["ending"] = True
    game.g.cvars["dollars"][reserve(game, 1)] = 2
    game.apply("take dollars row 0")
    game.apply("take dollars row 1")
    assert game.scores() == [2, 2] and game.winners() == [1]
    # all equal: the later in turn order
    game = new(2, seed=19)
    game.g.hvars["ending"] = True
    game.apply("take dollars row 0")
    game.apply("take dollars row 1")
    assert game.scores() == [2, 2] and game.winners() == [1]


# ---------------------------------------------------------------- the crab variant
def crab_game(seed=20):
    game = new(2, seed=seed, variants=["crabs"])
    return game


def test_crab_side_setup():
    game = crab_game()
    m = game.m
    for s in range(2):
        tokens = [t for c in of_type(game, "cell", s) for t in under(game, c)]
        assert sorted(m.ctype[t] for t in tokens) == ["crab"] * 7 + ["umbrella_token"] * 2
        view = game.view(s)
        beach = next(e for e in view["seats"] if e["seat"] == s)["zones"]["beach"]
        shown = [t for c in beach for t in (c.get("zones") or {}).get("under", [])]
        assert sum(1 for t in shown if t.get("hidden")) == 7  # crabs face down, even to their owner
        assert sum(1 for t in shown if not t.get("hidden")) == 2


def seen_under(game, viewer: int, seat: int, row: int, col: int) -> list[dict]:
    """What ``viewer`` sees of the tokens under a cell of ``seat``'s beach."""
    beach = next(e for e in game.view(viewer)["seats"] if e["seat"] == seat)["zones"]["beach"]
    entry = next(
        c for c in beach if c.get("props", c).get("row") == row and c.get("props", c).get("col") == col
    )
    return (entry.get("zones") or {}).get("under", [])


def test_a_covered_crab_turns_face_up_and_its_section_cannot_connect_with_the_next_piece():
    """'Si tapas una ficha de Cangrejo ... déjala bocarriba encima del estampado ... El
    estampado cubierto por una ficha de Cangrejo queda inactivo y no puede usarse para
    conseguir conexiones con la siguiente pieza de Toallas.'"""
    game = crab_game(21)
    g, m = game.g, game.m
    crab = next(t for c in of_type(game, "cell", 0) for t in under(game, c) if m.ctype[t] == "crab")
    g.move(crab, game.m.zone_index("crabs", seat=0))  # hidden to hidden: still face down
    clear_beach_tokens(game, 0)
    g.move(crab, m.attached["under"][cell(game, 0, 3, 1)])
    assert seen_under(game, 1, 0, 3, 1)[0].get("hidden")  # face down
    set_column(game, 0, 0, {2: "fish", 3: "dots"})
    put_on_market(game, ["fish", "dots", "leaves"], 0, 0)
    refresh_legal(game)
    game.apply("place fish-dots-leaves at row 2")
    assert marker_pos(game, 0, "dots") == 1  # this piece's connection still scores
    assert not seen_under(game, 1, 0, 3, 1)[0].get("hidden")  # face up, for everyone
    game.apply("take dollars row 0")  # seat 1
    # column 1 now reads fish / dots (under the crab) / leaves on rows 2-4: a piece whose only
    # match is dots beside the crab's section cannot be placed
    put_on_market(game, ["stripes", "dots", "flowers"], 0, 0)
    refresh_legal(game)
    assert not any(t.startswith("place stripes-dots-flowers") for t in texts(game))
    g.cvars["dead"][cell(game, 0, 3, 1)] = False  # without the crab it would connect
    refresh_legal(game)
    assert "place stripes-dots-flowers at row 2" in texts(game)


def test_crabs_cost_their_points_at_the_end():
    game = crab_game(22)
    g, m = game.g, game.m
    clear_beach_tokens(game, 1)
    crabs = of_type(game, "crab", 1)
    values = [m.props["points"][c] for c in crabs[:2]]
    for c, col in zip(crabs[:2], (1, 2)):
        g.move(c, m.attached["under"][cell(game, 1, 3, col)])
        g.cvars["pattern"][cell(game, 1, 3, col)] = "fish"
    g.move(crabs[2], m.attached["under"][cell(game, 1, 3, 3)])  # not covered: no cost
    g.hvars["ending"] = True
    game.apply("take dollars row 0")
    game.apply("take dollars row 1")
    assert game.hand_scores[0][1] == 2 + sum(values)


# ---------------------------------------------------------------- base game + crabs
def test_long_game_turns_the_beaches_over_and_keeps_markers_pearls_and_dollars():
    """'los jugadores devuelven a la bolsa todas las piezas de Toallas de sus Playas y del
    tablero de Mercado y le dan la vuelta a su Playa ... Los jugadores mantienen sus
    posiciones actuales en los medidores de Puntuación y conservan las Perlas, Dólares de
    arena y fichas de Toalla y Penalización conseguidas hasta el momento.'"""
    import random

    game = new(2, seed=30, variants=["long-game"])
    rng = random.Random(30)
    for _ in range(16):  # some of the base game
        game.apply(rng.choice(texts(game)))
    while game.current_player != 0 or game.g.step_i != 0:
        game.apply(rng.choice(texts(game)))
    for r in (0, 1):
        game.g.cvars["dollars"][reserve(game, r)] = 1
    refresh_legal(game)

    def kept():
        return (
            [marker_pos(game, s, p) for s in range(2) for p in PATTERNS],
            [sorted(zone(game, "pearls", s)) for s in range(2)],
            [game.g.pvars["overhangs"][s] for s in range(2)],
            [sorted(zone(game, "towel_tokens", s)) for s in range(2)],
        )

    before, cash = kept(), [dollars(game, s) for s in range(2)]
    assert any(pos > 0 for pos in before[0])
    game.g.hvars["ending"] = True  # someone filled their beach
    game.apply("take dollars row 0")
    game.apply("take dollars row 1")
    assert game.g.hvars["side"] == "crabs" and not game.is_over
    assert kept() == before and [dollars(game, s) for s in range(2)] == [cash[0] + 1, cash[1] + 1]
    for s in range(2):
        assert len(zone(game, "placed", s)) == 1  # a new starting piece, the rest in the bag
        tokens = [game.m.ctype[t] for c in of_type(game, "cell", s) for t in under(game, c)]
        assert sorted(tokens) == ["crab"] * 7 + ["umbrella_token"] * 2  # the crab side
        assert all(
            game.g.cvars["pattern"][c] is None for c in of_type(game, "cell", s) if game.m.props["col"][c] > 0
        )
    assert len(zone(game, "bag")) == 60 - 6 - 2


def test_long_game_the_lowest_player_starts_the_crab_half_at_random_among_the_tied():
    """'El jugador con la puntuación más baja recibe el [jugador inicial]. En caso de empate,
    el jugador inicial se elige al azar entre los jugadores empatados.'"""
    starts = set()
    for seed in range(12):
        game = new(2, seed=seed, variants=["long-game"])
        game.g.hvars["ending"] = True
        game.apply("take dollars row 0")  # 2 sand dollars each: tied
        game.apply("take dollars row 1")
        assert game.g.hvars["side"] == "crabs" and not game.is_over
        starts.add(game.current_player)
        (choice,) = [e for e in game.log if e.get("kind") == "choice"]  # a chance event, seen by all
        assert choice["outcome"] == f"choose seat {game.current_player}" and choice["probability"] == "1/2"
    assert starts == {0, 1}
    game = new(2, seed=1, variants=["long-game"])
    game.g.pvars["overhangs"][1] = 1  # seat 1 is lowest: it starts
    game.g.hvars["ending"] = True
    game.apply("take dollars row 0")
    game.apply("take dollars row 1")
    assert game.current_player == 1
    assert not [e for e in game.log if e.get("kind") == "choice"]  # one lowest: nothing to decide
