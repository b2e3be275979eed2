"""The worked examples and countable statements of the Lying Pirates rulebook, with its numbers.

Rulebook: shared/rulebooks/004_0b22577a8ba77184.txt. Each test quotes the sentence it
checks. The dice of the examples were pictures the text lost: each test sets dice that
give the text's counts (tests/lying_scenario.py lists the engine internals it touches).
"""

from __future__ import annotations

import random

import pytest
from lying_scenario import (
    MIDDLE,
    SKULL,
    TOP,
    captain,
    cup_faces,
    keep_until,
    new,
    phase,
    play,
    random_until,
    refresh_legal,
    script_rolls,
    set_cup,
    set_var,
    start_battle,
    texts,
    var,
    zone,
)

ANNE, JACK, MARY = 0, 1, 2


def statuses(game, seats):
    return [var(game, captain(game, s), "status") for s in seats]


# ================================================================ the betting phase
def test_betting_example_mary_wins_jack_loses_anne_survives():
    """ "Anne starts: 3 sixes / Jack raises: 4 fives / Mary raises: 4 sixes / Anne raises:
    8 sixes / Jack raises: 9 fives / Mary calls: Liar! ... there were 5 fives and 3 ones,
    for a total of 8 fives. As a result, Mary wins, Jack loses, and Anne survives.\""""
    game = new(3, seed=1)
    set_cup(game, ANNE, [5, 5, 1, 2, 3])
    set_cup(game, JACK, [5, 5, 1, 4, 6])
    set_cup(game, MARY, [5, 1, 2, 3, 4])
    play(game, "0: bid 3 x 6", "1: bid 4 x 5", "2: bid 4 x 6", "0: bid 8 x 6", "1: bid 9 x 5", "2: liar")
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
    """ "All the ones on the table are wild, and are considered to match the face value of
    the current bid.\""""
    game = new(2, seed=3)
    set_cup(game, 0, [1, 1, 1, 1, 1])
    set_cup(game, 1, [4, 4, 2, 2, 2])
    set_cup(game, None, [2, 3, 5, 6, 6])  # the Phantom's dice count too
    play(game, "0: bid 2 x 4", "1: bid 7 x 4", "0: liar")
    assert game.g.hvars["found"] == 7
    assert statuses(game, [0, 1]) == ["loser", "winner"]


def test_the_opening_bet_is_at_most_the_number_of_players():
    """ "in a game with three players, the initial bet cannot be "4 twos," but could instead
    be "3 twos" or "2 sixes.\"\""""
    game = new(3, seed=0)
    legal = texts(game)
    assert "bid 4 x 2" not in legal
    assert "bid 3 x 2" in legal and "bid 2 x 6" in legal
    assert not any(t.startswith(("exact", "liar")) for t in legal)  # nothing to call yet


def test_raise_order():
    """ "Bid the same quantity of a higher face value. Example: "4 threes" -> "4 fours."
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
    """ "You win if the exact quantity of the given face value is correct (ones included).
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
    """ "if the quantity ... is anything other than what you bet, then you lose. The previous
    player is the winner, and all other players are survivors. ... as a penalty, you: May
    not move forward in this Sailing Phase; May not participate in the next Betting Phase\""""
    game = new(3, seed=2)
    set_cup(game, 0, [6, 6, 2, 3, 4])
    set_cup(game, 1, [1, 2, 3, 4, 5])
    set_cup(game, 2, [2, 2, 3, 4, 5])
    play(game, "0: bid 2 x 6", "1: bid 3 x 5", "2: exact 4 x 5")
    assert game.g.hvars["found"] == 3  # two fives and a one
    assert statuses(game, [0, 1, 2]) == ["survivor", "winner", "loser"]
    assert len(zone(game, "cup", seat=2)) == 5
    keep_until(game, "betting")
    assert var(game, captain(game, 2), "pos") == 0
    # next Betting Phase: seat 2 sits out, its dice shown in the capsized cup
    assert phase(game) == "betting"
    assert not var(game, captain(game, 2), "bets")
    assert all(game.g.known[d] == 0b111 for d in zone(game, "cup", seat=2))
    seen = set()
    while phase(game) == "betting":
        seen.add(game.current_player)
        game.apply(
            next(t for t in texts(game) if t.startswith("bid")) if "liar" not in texts(game) else "liar"
        )
    assert 2 not in seen
    blocked = [e for e in game.log if e["event"] == "blocked"]
    assert blocked and all(e["seat"] == 2 for e in blocked)


def test_a_lone_player_in_the_betting_phase_wins_and_everyone_else_loses():
    """ "If there is only one player in the Betting Phase, that player wins by default and
    everyone else is a loser.\""""
    game = new(3, seed=4)
    play(game, "0: bid 1 x 2", "1: liar")
    assert phase(game) == "sail"
    for s in (1, 2):  # both miss the next Betting Phase
        set_var(game, captain(game, s), "sit_out", True)
    game.apply("keep sail die")
    keep_until(game, "sail")
    assert phase(game) == "sail"  # no bet at all: seat 0 won by default
    assert statuses(game, [0, 1, 2]) == ["winner", "loser", "loser"]
    assert [e for e in game.log if e["event"] == "phase"][-2]["phase"] == "betting"


# ================================================================ the cursed die
def test_cursed_example_1_the_curse_does_not_take_effect():
    """ "Anne (cursed) starts: 3 threes. Jack raises: 4 threes. Mary raises: 7 threes. Anne
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
    """ "Jack starts: 3 threes. Mary raises: 4 threes. Anne (cursed) raises: 5 threes. Jack
    calls: Liar! With the Cursed Die's effect, there are only 4 threes, making Anne a liar.
    Jack wins.\""""
    jack, mary, anne = 0, 1, 2  # Jack holds the Starting Captain Token
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
    """ "The Cursed Die only affects YOUR bets. When another player makes a bet, all of your
    dice (including the Cursed Die) are counted as usual.\""""
    game = new(2, seed=7)
    set_cup(game, 0, [6, 6, 2, 2, 4], {"cursed": 6})
    set_cup(game, 1, [6, 3, 3, 4, 5])
    set_cup(game, None, [2, 3, 4, 5, 2])
    refresh_legal(game)
    play(game, "0: bid 2 x 6", "1: exact 4 x 6")  # seat 1's own bet: seat 0's curse is not in it
    assert game.g.hvars["found"] == 4
    game2 = new(2, seed=7)
    set_cup(game2, 0, [6, 6, 2, 2, 4], {"cursed": 6})
    set_cup(game2, 1, [6, 3, 3, 4, 5])
    set_cup(game2, None, [2, 3, 4, 5, 2])
    refresh_legal(game2)
    play(game2, "0: bid 2 x 6", "1: bid 4 x 6", "0: exact 4 x 6")  # seat 0's exact: cursed
    assert game2.g.hvars["found"] == 1


def test_dice_are_hidden_under_the_cups_until_revealed():
    """ "all players will shake the dice in their cups ... conceal the results from other
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
    """ "At its end, there will be one winner, at least one loser, and survivors\""""
    rng = random.Random(0)
    for players in (2, 3, 4, 5, 6):
        game = new(players, seed=players)
        for _ in range(5):
            random_until(game, lambda g: phase(g) != "betting", rng)
            if game.is_over:
                break
            st = [var(game, c, "status") for c in zone(game, "fleet")]  # the Phantom included
            assert st.count("winner") == 1 and st.count("loser") >= 1, st
            random_until(game, lambda g: phase(g) == "betting", rng)


# ================================================================ battles and duels
def test_battle_example_mary_is_the_loser():
    """ "Anne, Dave, Jack, and Mary are battling to determine a loser. ... First Roll ...
    Anne is safe. Second Roll: No one is safe. Third Roll: Jack is safe. Fourth Roll: Mary
    is the loser.\""""
    anne, dave, jack, mary = 0, 1, 2, 3
    game = new(4, seed=9)
    for s in range(4):
        set_var(game, captain(game, s), "coins", 0)  # nobody pays to reroll
    rolls = script_rolls(
        game,
        [
            TOP,
            MIDDLE,
            MIDDLE,
            MIDDLE,  # Anne is safe
            SKULL,
            SKULL,
            SKULL,  # no one is safe
            MIDDLE,
            TOP,
            MIDDLE,  # Jack is safe
            TOP,
            MIDDLE,
        ],
    )  # Mary is the loser
    start_battle(game, [anne, dave, jack, mary], "loser")
    assert not rolls.script
    assert [e["phase"] for e in game.log if e["event"] == "phase"].count("clash") == 4
    # the Battle Dice as they were last rolled: Anne's first roll, Jack's third, Dave's and Mary's fourth
    assert [var(game, captain(game, s), "face") for s in (anne, dave, jack, mary)] == [3, 3, 3, 2]
    assert [var(game, captain(game, s), "contending") for s in range(4)] == [False, False, False, True]


def test_a_battle_for_a_tile_looks_for_a_winner_and_ties_roll_again():
    """ "when battling for a tile in the Sail Phase, you are looking for a winner" ... "Those
    who tied will reroll their Battle Dice.\""""
    game = new(3, seed=10)
    for s in range(3):
        set_var(game, captain(game, s), "coins", 0)
    rolls = script_rolls(game, [TOP, TOP, MIDDLE, SKULL, MIDDLE])
    start_battle(game, [0, 1, 2], "winner")
    assert not rolls.script and [var(game, captain(game, s), "face") for s in range(3)] == [1, 2, 2]
    assert [var(game, captain(game, s), "contending") for s in range(3)] == [False, True, False]


def test_a_player_behind_may_pay_a_coin_once_per_round_to_reroll():
    """ "Once per round, you may pay 1 coin to reroll any single die during the Sail or
    Action Phase. This only applies to dice that you yourself have rolled.\""""
    game = new(2, seed=11)
    script_rolls(game, [TOP, SKULL, TOP, TOP, MIDDLE])
    start_battle(game, [0, 1], "winner")
    assert game.current_player == 1 and texts(game) == ["reroll battle die for 1 coin", "keep battle die"]
    game.apply("reroll battle die for 1 coin")  # seat 1 rolls a 3: tied, both roll again
    assert var(game, captain(game, 1), "coins") == 1
    # seat 1 is behind again, but has used its reroll this round: no decision
    assert [var(game, captain(game, s), "contending") for s in range(2)] == [True, False]


def test_only_one_ship_moved_so_it_activates_its_tile_without_a_battle():
    """ "(If only one player moved, then there is no battle; they automatically activate
    their tile.)\""""
    game = new(3, seed=12)
    set_cup(game, 0, [6, 6, 2, 3, 4])
    set_cup(game, 1, [1, 2, 3, 4, 5])
    set_cup(game, 2, [2, 2, 3, 4, 5])
    play(game, "0: bid 2 x 6", "1: bid 3 x 5", "2: exact 3 x 6")  # exact: only seat 2 sails
    game.apply("keep sail die")
    phases = [e["phase"] for e in game.log if e["event"] == "phase"]
    after = phases[phases.index("sail") :]
    assert "clash" not in after and after[:4] == ["sail", "voyage", "activate", "event"]


# ================================================================ tiles and crew
MAP = """\
      - {event: recruit, amount: 2, die: ''}
      - {event: desert, amount: 2, die: ''}
      - {event: plunder, amount: 3, die: ''}
      - {event: toll, amount: 5, die: ''}
      - {event: wind, amount: 2, die: ''}
      - {event: drift, amount: 3, die: ''}
      - {event: special, amount: 0, die: king}
      - {event: curse, amount: 0, die: ''}
      - {event: none, amount: 0, die: '', count: blank_tiles - 8}
"""


@pytest.fixture(scope="module")
def mapped(tmp_path_factory):
    """The game with a map whose first eight tiles carry events (as an owner would write them)."""
    from playa_rules import resources

    text = (resources.games_dir() / "lying-pirates.yaml").read_text()
    blank = "      - {event: none, amount: 0, die: '', count: blank_tiles}\n"
    assert blank in text
    path = tmp_path_factory.mktemp("map") / "lying-pirates-mapped.yaml"
    path.write_text(text.replace(blank, MAP))
    import playa_rules as pr

    return pr.load(path)


def _on_tile(rules, tile, faces, specials=None, coins=2):
    game = rules.new_game(3, seed=13)
    set_cup(game, 1, faces, specials)
    cap = captain(game, 1)
    set_var(game, cap, "pos", tile)
    set_var(game, cap, "coins", coins)
    start_battle(game, [1], "winner")
    while phase(game) == "lose_special":  # the Special Crew Die of their choice: the only one
        assert len(game.legal_actions()) == 1
        game.apply(game.legal_actions()[0])
    return game, cap


def _kinds(game, seat):
    m = game.m
    return sorted(m.props["kind"][d] for d in zone(game, "cup", seat=seat))


@pytest.mark.parametrize(
    "tile,faces,specials,check",
    [
        (1, [2] * 5, None, lambda g, c: len(zone(g, "cup", seat=1)) == 7),
        (1, [2] * 9, None, lambda g, c: len(zone(g, "cup", seat=1)) == 10),  # at most 10 dice
        (2, [2] * 5, None, lambda g, c: len(zone(g, "cup", seat=1)) == 3),
        (
            2,
            [2] * 2,
            {"king": 6, "cursed": 1},  # keep 1 regular die;
            lambda g, c: _kinds(g, 1) == ["cursed", "regular"],
        ),  # a special goes instead
        (3, [2] * 5, None, lambda g, c: var(g, c, "coins") == 2 + 3),
        (4, [2] * 5, None, lambda g, c: var(g, c, "coins") == 0),  # pays what it has
        (5, [2] * 5, None, lambda g, c: var(g, c, "pos") == 7),
        (6, [2] * 5, None, lambda g, c: var(g, c, "pos") == 3),
        (
            7,
            [2] * 10,
            None,
            lambda g, c: _kinds(g, 1).count("king") == 1 and len(zone(g, "cup", seat=1)) == 10,
        ),
        (8, [2] * 5, None, lambda g, c: "cursed" in _kinds(g, 1)),
    ],
)
def test_tile_events_written_as_data(mapped, tile, faces, specials, check):
    """ "The newly minted winner of this battle activates the tile their ship is on. They must
    resolve its event." The Tile Legend is lost: the events here are the rule file's own
    vocabulary, written as data on the map. Crew limits: "a maximum of 10 dice in their cup.
    If adding a Special Crew Die pushes a player over the limit of 10, they must discard a
    regular Crew Die" and "If an event ... would ever leave your cup without a regular Crew
    Die, then you must lose a Special Crew Die of your choice instead ... (However, you may
    not lose the Cursed Die in this manner.)\""""
    game, cap = _on_tile(mapped, tile, faces, specials)
    assert check(game, cap)


def test_the_bundled_map_has_a_start_tile_and_blank_tiles():
    game = new(2, seed=0)
    sea = zone(game, "sea")
    assert len(sea) == 16
    assert [game.m.props["event"][t] for t in sea] == ["start"] + ["none"] * 15


# ================================================================ the action phase
def _positions(game, *pos):
    for s, p in enumerate(pos):
        set_var(game, captain(game, s), "pos", p)


def test_last_place_players_catch_up_together_one_die_per_tile():
    """ "If two or more players are in last place, they may collectively choose to sacrifice
    Crew Dice to move forward. Each player must sacrifice one die per tile, and they may only
    move forward together.\""""
    from lying_scenario import jump

    game = new(3, seed=14)
    _positions(game, 2, 2, 5)
    jump(game, "catch_up_vote")
    assert game.current_player == 0 and texts(game) == ["sacrifice 3", "refuse"]
    play(game, "0: sacrifice 3", "1: sacrifice 3")
    assert [var(game, captain(game, s), "pos") for s in range(3)] == [5, 5, 5]
    assert [len(zone(game, "cup", seat=s)) for s in range(3)] == [2, 2, 5]
    assert phase(game) == "betting"


def test_if_any_one_refuses_no_sacrifice_and_no_movement():
    """ "(If any one player refuses, no sacrifices may be made and no movement happens.)\""""
    from lying_scenario import jump

    game = new(3, seed=14)
    _positions(game, 2, 2, 5)
    jump(game, "catch_up_vote")
    play(game, "0: sacrifice 3", "1: refuse")
    assert [var(game, captain(game, s), "pos") for s in range(3)] == [2, 2, 5]
    assert [len(zone(game, "cup", seat=s)) for s in range(3)] == [5, 5, 5]


def test_a_player_cannot_sacrifice_their_last_regular_die():
    """ "You must always have at least 1 regular Crew Die in your cup.\""""
    from lying_scenario import jump

    game = new(2, seed=15)
    set_cup(game, 0, [2, 3, 4])
    _positions(game, 0, 3)
    jump(game, "catch_up_vote")
    assert texts(game) == ["refuse"]


def test_no_one_catches_up_with_a_ship_at_the_same_place():
    """At the start everyone is on the Start/End tile: nobody is in front, so no catch-up."""
    from lying_scenario import jump

    game = new(3, seed=16)
    jump(game, "catch_up_vote")
    assert phase(game) == "betting"


def test_passing_the_cursed_die_costs_2_crew_and_spares_the_immune():
    """ "You may pass the Cursed Die to another player by sacrificing 2 crew." and "If your
    ship is located on the Start/End tile, you are immune to any negative effects during the
    Action Phase\""""
    from lying_scenario import jump

    game = new(3, seed=17)
    set_cup(game, 0, [2, 3, 4, 5], {"cursed": 4})
    _positions(game, 3, 0, 2)
    jump(game, "action")
    assert texts(game) == ["pass curse to 2", "keep curse"]  # seat 1 is on the Start/End tile
    game.apply("pass curse to 2")
    assert len(zone(game, "cup", seat=0)) == 2
    assert sorted(game.m.props["kind"][d] for d in zone(game, "cup", seat=2)) == ["cursed"] + ["regular"] * 5


# ================================================================ the end game
def _home(game, seats):
    for s in seats:
        set_var(game, captain(game, s), "pos", len(zone(game, "sea")))


def test_one_ship_home_claims_the_throne_unchallenged():
    """ "If only one player has reached the Start/End tile at the end of the Sail Phase, then
    their claim to the Pirate Throne is unchallenged, and they are declared the winner.\""""
    from lying_scenario import jump

    game = new(4, seed=18)
    _home(game, [2])
    jump(game, "end_game")
    assert game.is_over and game.winners() == [2]


def test_final_battle_example_anne_claims_the_throne():
    """ "First Battle: Anne: 2 crew, Dave: 2 crew, Jack: 1 crew ... (Tied players reroll) ...
    Dave loses 1 crew. Second Battle ... Anne and Jack each lose 1 crew; Jack is eliminated.
    Third Battle: Anne: 1 crew, Dave: 1 crew ... Both Anne and Dave keep their last crew,
    because there needs to be a clear winner. Fourth Battle ... Dave loses 1 crew and is
    eliminated; Anne claims the Pirate Throne.\""""
    from lying_scenario import jump

    anne, dave, jack = 0, 1, 2
    game = new(3, seed=19)
    for s, crew in ((anne, 2), (dave, 2), (jack, 1)):
        set_cup(game, s, [2] * crew)
        set_var(game, captain(game, s), "coins", 0)
    _home(game, [anne, dave, jack])
    jump(game, "end_game")
    assert phase(game) == "final_prep" and texts(game) == ["ready"]  # no special die, no coins
    play(game, "0: ready", "1: ready")
    crews = []  # the crews at each roll
    rolls = script_rolls(
        game,
        [
            TOP,
            MIDDLE,
            MIDDLE,  # first battle: Dave and Jack tie ...
            MIDDLE,
            TOP,  # ... and reroll: Dave loses 1 crew
            SKULL,
            MIDDLE,
            SKULL,  # second: Anne and Jack roll Skulls
            SKULL,
            SKULL,  # third: both would lose their last crew
            TOP,
            MIDDLE,
        ],  # fourth: Dave loses
        on_roll=lambda: crews.append(tuple(len(zone(game, "cup", seat=s)) for s in (anne, dave, jack))),
    )
    game.apply("ready")
    assert not rolls.script
    assert crews == [(2, 2, 1)] * 5 + [(2, 1, 1)] * 3 + [(1, 1, 0)] * 4
    assert [len(zone(game, "cup", seat=s)) for s in (anne, dave, jack)] == [1, 0, 0]
    assert game.is_over and game.winners() == [anne]
    assert [e["phase"] for e in game.log if e["event"] == "phase"].count("final_battle") == 4


def test_final_battle_preparation_trades_special_dice_and_buys_crew_beyond_ten():
    """ "Trade each Special Crew Die in their cup for 2 regular Crew Dice; Pay 2 coins for each
    1 regular Crew Die they wish to add; Exceed the normal maximum of 10 dice in their cup\""""
    from lying_scenario import jump

    game = new(2, seed=20)
    set_cup(game, 0, [2] * 9, {"king": 6})
    set_var(game, captain(game, 0), "coins", 5)
    _home(game, [0, 1])
    jump(game, "end_game")
    assert texts(game) == ["trade special die", "buy crew", "ready"]
    play(game, "0: trade special die", "0: buy crew", "0: buy crew")
    assert texts(game) == ["ready"]
    assert len(zone(game, "cup", seat=0)) == 13 and var(game, captain(game, 0), "coins") == 1


def test_in_the_final_battle_the_bag_running_out_puts_coins_in_the_cup():
    """ "In the highly unlikely event that you run out of Crew Dice in preparation for the
    Final Battle, coins may be placed in your cup instead as placeholders.\""""
    from lying_scenario import jump

    game = new(2, seed=21)
    set_var(game, captain(game, 0), "coins", 4)
    for d in list(zone(game, "bag"))[:-1]:
        game.g.move(d, game.m.zone_index("cup", seat=1))
    _home(game, [0, 1])
    jump(game, "end_game")
    play(game, "0: buy crew", "0: buy crew")
    assert len(zone(game, "cup", seat=0)) == 6 and var(game, captain(game, 0), "placeholders") == 1


# ================================================================ phantom mode
def test_two_players_sail_with_the_phantom_whose_dice_nobody_sees():
    """ "A two-player game of Lying Pirates incorporates a third pirate captain known as the
    Phantom ... Pass out player components as usual, making sure to give the Phantom its own
    set." ... "Make sure to keep the Phantom's dice concealed except when they are required
    to be revealed.\""""
    from lying_scenario import phantom

    game = new(2, seed=22)
    ph = phantom(game)
    assert ph is not None and var(game, ph, "coins") == 2
    assert len(zone(game, "phantom_cup")) == 5 and len(zone(game, "phantom_hand")) == 6
    assert all(game.g.known[d] == 0 for d in zone(game, "phantom_cup"))
    assert all(e["hidden"] for s in (0, 1) for e in game.view(s)["zones"]["phantom_cup"])
    assert phantom(new(3, seed=22)) is None


def test_the_phantom_makes_no_bets_but_sails_as_a_survivor():
    """ "the Phantom will not make any bets. (Its dice still count when revealed.)\""""
    from lying_scenario import phantom

    game = new(2, seed=23)
    assert var(game, phantom(game), "bets") is False and var(game, phantom(game), "counted") is True
    play(game, "0: bid 1 x 2", "1: liar")
    assert var(game, phantom(game), "status") == "survivor"
    keep_until(game, "betting")
    assert var(game, phantom(game), "pos") > 0


def test_a_player_missing_the_betting_phase_plays_for_the_phantom():
    """ "If one player is required to miss the next Betting Phase, they must play for the
    Phantom during the Betting and Sail Phases, using its cup, dice, and ship. (Never look
    at its cards, though!)\""""
    from lying_scenario import phantom

    game = new(2, seed=24)
    set_cup(game, 0, [6, 6, 2, 3, 4])
    set_cup(game, 1, [2, 2, 3, 4, 5])
    set_cup(game, None, [2, 3, 4, 5, 5])
    play(game, "0: bid 2 x 6", "1: exact 4 x 6")  # wrong: seat 1 misses the next Betting Phase
    keep_until(game, "betting")
    ph = phantom(game)
    assert game.g.hvars["pilot"] == 1 and var(game, ph, "bets")
    assert all(game.g.known[d] == 0b10 for d in zone(game, "phantom_cup"))  # seat 1 sees them
    assert all(game.g.known[d] == 0b11 for d in zone(game, "cup", seat=1))  # its own, capsized
    assert all(e["hidden"] for e in game.view(1)["zones"]["phantom_hand"])  # never its cards
    play(game, "0: bid 2 x 3", "1: bid 3 x 3")  # seat 1 bets for the Phantom
    assert var(game, ph, "last_bid") and not var(game, captain(game, 1), "last_bid")


def _lapped(game, phantom_pos, pos0, pos1):
    from lying_scenario import jump, phantom

    set_var(game, phantom(game), "pos", phantom_pos)
    _positions(game, pos0, pos1)
    jump(game, "sail_end")


def test_the_phantom_sinks_the_player_it_catches_and_the_other_wins():
    """ "If the Phantom reaches the Start/End tile before either of the players, it will
    continue forward around the map. If it then catches up with one of the players, the
    Phantom will sink that player's ship, and the other player wins the game.\""""
    game = new(2, seed=25)
    _lapped(game, 16 + 3, 3, 9)
    assert game.is_over and game.winners() == [1]


def test_the_phantom_catching_both_claims_the_throne():
    """ "However, if the Phantom catches up to both of the players' ships, then they are sunk
    simultaneously, and the Phantom claims the Pirate Thone!\""""
    game = new(2, seed=26)
    _lapped(game, 16 + 5, 3, 5)
    assert game.is_over and game.winners() == []
    assert game.log[-1]["winners"] == []


def test_the_phantom_past_the_start_tile_has_not_caught_anyone_yet():
    game = new(2, seed=27)
    _lapped(game, 16 + 2, 3, 9)
    assert not game.is_over


def test_the_phantom_card_strikes_the_loser_of_a_duel(tmp_path):
    """ "The Phantom will begin every Action Phase by playing a random card from its hand. If
    this card must be resolved against only one player, the two players duel, with the loser
    being affected by the Phantom's card." The cards are lost: one written as data here.\""""
    from lying_scenario import jump

    import playa_rules as pr
    from playa_rules import resources

    text = (resources.games_dir() / "lying-pirates.yaml").read_text()
    card = "      - {event: none, amount: 0, die: '', target: one, count: phantom_cards}\n"
    assert card in text
    path = tmp_path / "lying-pirates-cards.yaml"
    path.write_text(text.replace(card, card.replace("event: none, amount: 0", "event: desert, amount: 2")))
    game = pr.load(path).new_game(2, seed=28)
    _positions(game, 3, 4)
    for s in (0, 1):
        set_var(game, captain(game, s), "coins", 0)
    script_rolls(game, [TOP, MIDDLE])  # the duel: seat 1 loses
    jump(game, "phantom_card")
    assert [len(zone(game, "cup", seat=s)) for s in (0, 1)] == [5, 3]
    assert len(zone(game, "phantom_played")) == 1


def test_the_phantom_card_spares_a_ship_on_the_start_tile(tmp_path):
    """ "If your ship is located on the Start/End tile, you are immune to any negative effects
    during the Action Phase\""""
    from lying_scenario import jump

    import playa_rules as pr
    from playa_rules import resources

    text = (resources.games_dir() / "lying-pirates.yaml").read_text()
    card = "      - {event: none, amount: 0, die: '', target: one, count: phantom_cards}\n"
    path = tmp_path / "lying-pirates-cards.yaml"
    path.write_text(
        text.replace(
            card,
            card.replace(
                "event: none, amount: 0, die: '', target: one",
                "event: desert, amount: 2, die: '', target: all",
            ),
        )
    )
    game = pr.load(path).new_game(2, seed=29)
    _positions(game, 0, 4)
    jump(game, "phantom_card")
    assert [len(zone(game, "cup", seat=s)) for s in (0, 1)] == [5, 3]


def test_desert_takes_a_special_crew_die_of_your_choice_never_the_cursed_die():
    """ "If an event or action card would ever leave your cup without a regular Crew Die,
    then you must lose a Special Crew Die of your choice instead ... (However, you may
    not lose the Cursed Die in this manner.)" A desert of 1 hits a cup of one regular die,
    the Pirate King, the Mermaid and the Cursed Die: the regular die stays, and the
    player chooses one of King and Mermaid; the Cursed Die is never offered."""
    from lying_scenario import captain, jump, new, phase, set_cup, set_var, special, texts, zone

    game = new(players=3, seed=4)
    set_cup(game, 0, [3], {"king": 6, "mermaid": 4, "cursed": 2})
    for seat in (1, 2):
        set_var(game, captain(game, seat), "hit", False)
    set_var(game, captain(game, 0), "hit", True)
    game.g.hvars.update(event="desert", amount=1, after_event="sail_end")
    jump(game, "event")
    assert phase(game) == "lose_special" and game.current_player == 0
    assert sorted(texts(game)) == ["lose king", "lose mermaid"]
    game.apply("lose mermaid")
    cup = zone(game, "cup", seat=0)
    assert special(game, "mermaid") in zone(game, "board")
    assert special(game, "king") in cup and special(game, "cursed") in cup
    assert sum(game.m.ctype[d] == "crew" for d in cup) == 1
    assert phase(game) != "lose_special"


def test_a_desert_with_no_special_die_to_lose_takes_nothing_more():
    """ "In the case that you do not have an eligible die to lose, no action is taken.\""""
    from lying_scenario import captain, jump, new, phase, set_cup, set_var, zone

    game = new(players=3, seed=4)
    set_cup(game, 0, [3], {"cursed": 2})
    for seat in (1, 2):
        set_var(game, captain(game, seat), "hit", False)
    set_var(game, captain(game, 0), "hit", True)
    game.g.hvars.update(event="desert", amount=2, after_event="sail_end")
    jump(game, "event")
    assert phase(game) != "lose_special"
    assert len(zone(game, "cup", seat=0)) == 2


@pytest.mark.parametrize("ruling,token", [("pilot", 1), ("unchanged", "before")])
def test_the_phantom_flown_by_a_player_wins_the_bet_and_the_token_follows_the_ruling(tmp_path, ruling, token):
    """The winner "takes the Starting Captain Token"; the Phantom is no player. Ruling
    phantom_win_token: the pilot takes it (default), or it stays where it is."""
    from lying_scenario import phantom

    import playa_rules as pr

    variant = tmp_path / "token.yaml"
    variant.write_text(f"extends: lying-pirates\nvariant: token\nrulings:\n  phantom_win_token: {ruling}\n")
    game = pr.load("lying-pirates", variants=[variant]).new_game(2, seed=24)
    set_cup(game, 0, [6, 6, 2, 3, 4])
    set_cup(game, 1, [2, 2, 3, 4, 5])
    set_cup(game, None, [2, 3, 4, 5, 5])
    play(game, "0: bid 2 x 6", "1: exact 4 x 6")  # wrong: seat 1 flies the Phantom next round
    keep_until(game, "betting")
    set_cup(game, 0, [3, 3, 2, 2, 2])
    set_cup(game, None, [3, 3, 4, 5, 5])
    before = game.g.hvars["token"]
    assert before != 1  # so the two readings differ
    play(game, "0: bid 2 x 3", "1: bid 3 x 3", "0: liar")  # four threes: the Phantom's bet stands
    ph = phantom(game)
    assert var(game, ph, "status") == "winner" and var(game, ph, "coins") == 3
    assert game.g.hvars["token"] == (before if token == "before" else token)
