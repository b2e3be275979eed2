"""Ayoayo, the Yoruba sowing game (tests/games/ayoayo.yaml), written from the docs and compared
move by move with an independent implementation written from the same rules text alone
(tests/references/ayoayo.py): at every decision the same seat to act, the same legal houses,
the same houses and stores; the same end and the same returns. Then the rules text's cases
played through the engine with the rule file, each from a position given as a variant of the
file (its hand's board, who moves first, a ruling): relay sowing, the house a lap is taken from
skipped, the capture opposite, feeding an empty side, and the rulings that end a move after
its 50th lap and a game after its 200th move.

The file holds the board as a list variable (``hand.board``, house 0 first) and each seat's
store as a player variable (``store``); a move is ``sow H`` with H the house's number."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import strategies as st
from references.ayoayo import Ayoayo, sow
from sizes import parts, property_test

import playa_rules as pr

GAMES = Path(__file__).resolve().parent.parent / "games"
RULES = pr.load(GAMES / "ayoayo.yaml")


def _read(game) -> tuple[list[int], list[int]]:
    """The houses and the stores, as the view of seat 0 shows them (everything is public)."""
    view = game.view(0)
    return view["vars"]["hand"]["board"], [s["vars"]["store"] for s in view["seats"]]


def _board(game) -> list[int]:
    return _read(game)[0]


def _stores(game) -> list[int]:
    return _read(game)[1]


def _houses(game) -> list[int]:
    """The houses the seat to act may sow, by the number in the action's text ("sow 7")."""
    return sorted(int(str(a).removeprefix("sow ")) for a in game.legal_actions())


def _returns(game) -> list[int]:
    """+1 to the winner and -1 to the other; 0 each for a draw (both seats win)."""
    winners = game.winners()
    if len(winners) != 1:
        return [0, 0]
    return [1 if s in winners else -1 for s in range(2)]


def _at_random(ref: Ayoayo, rng: random.Random) -> int:
    return rng.choice(sorted(ref.legal_actions()))


def _cautiously(ref: Ayoayo, rng: random.Random) -> int:
    """The house whose move captures least (ties at random): such games go on to the 200th move."""
    return min(
        sorted(ref.legal_actions()),
        key=lambda h: (sow(ref.houses, h, ref.current_player)[1], rng.random()),
    )


def _compare(seed: int, choose=_at_random) -> dict:
    """One seeded game in both at once, ``choose`` picking each move: the decisions compared,
    the moves made and the mismatches seen."""
    game = RULES.new_game(players=2, seed=seed)
    ref = Ayoayo()
    rng = random.Random(seed)
    seen = {"decisions": 0, "mismatches": []}
    while not ref.is_over and not game.is_over:
        board, stores = _read(game)
        for kind, ours, theirs in [
            ("seat", game.current_player, ref.current_player),
            ("legal", _houses(game), sorted(ref.legal_actions())),
            ("houses", board, list(ref.houses)),
            ("stores", stores, list(ref.stores)),
        ]:
            if ours != theirs:
                seen["mismatches"].append((kind, seen["decisions"], ours, theirs))
        if seen["mismatches"]:
            return seen
        house = choose(ref, rng)
        game.apply(f"sow {house}")
        ref.apply(house)
        seen["decisions"] += 1
    if game.is_over != ref.is_over:
        seen["mismatches"].append(("end", seen["decisions"], game.is_over, ref.is_over))
    elif _stores(game) != list(ref.stores) or _returns(game) != list(ref.returns()):
        seen["mismatches"].append(("returns", seen["decisions"], _stores(game), list(ref.stores)))
    return seen


def _agree(seeds, choose=_at_random) -> int:
    decisions = 0
    for seed in seeds:
        seen = _compare(seed, choose)
        assert seen["mismatches"] == [], (seed, seen)
        decisions += seen["decisions"]
    return decisions


# decisions in the random games of each part: 250 games, then the other 10,000 (-m slow)
RANDOM_DECISIONS = {250: 11_255, 10_000: 442_297}


@pytest.mark.parametrize("seeds", parts(10_250, quick=250))
def test_ayoayo_agrees_with_the_reference_move_by_move(seeds):
    """Seeded random games: 250 (11,255 decisions; 10 moves stopped by the 50-lap ruling, 125
    decisions narrowed by the feeding rule), and 10,000 more with -m slow (442,297 decisions;
    242 and 4,932): 0 mismatches."""
    assert _agree(seeds) == RANDOM_DECISIONS[len(seeds)]


@pytest.mark.parametrize("seeds", parts(210, quick=10))
def test_ayoayo_agrees_with_the_reference_in_games_that_reach_the_200th_move(seeds):
    """Random play ends within about 100 moves; players who capture as little as they can go
    on to the 200-move ruling, every game of them: 10 games (2,000 decisions), and 200 more
    with -m slow: 0 mismatches."""
    assert _agree(seeds, _cautiously) == 200 * len(seeds)


@property_test(quick=25, full=100, choices=st.lists(st.integers(0, 5), min_size=1, max_size=200))
def test_seeds_are_never_made_or_lost_and_the_seat_to_act_always_has_a_move(choices):
    """Whatever is chosen: the 48 seeds are in the houses or the stores, a seat only sows its
    own houses that hold seeds, and the game ends by the 200th move."""
    game = RULES.new_game(players=2, seed=0)
    for moves, choice in enumerate(choices * 200):
        if game.is_over:
            break
        board, stores = _read(game)
        assert sum(board) + sum(stores) == 48
        seat = game.current_player
        houses = _houses(game)
        assert houses and all(h // 6 == seat and board[h] > 0 for h in houses)
        game.apply(f"sow {houses[choice % len(houses)]}")
    assert game.is_over and moves <= 200 and sum(_stores(game)) == 48


def _position(tmp_path: Path, board: list[int], first: int = 0, **rulings) -> pr.Game:
    """A game from a position given as a variant of the file (beside a copy of it: a variant
    extends files of its own folder): the hand's board (house 0 first), the seat that moves
    first, rulings changed."""
    (tmp_path / "ayoayo.yaml").write_text(
        (GAMES / "ayoayo.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    lines = [
        "extends: ayoayo.yaml",
        "variant: position",
        f"variables: {{hand: {{board: {board}}}}}",
        f"match: {{first_start: {first}}}",
    ]
    if rulings:
        lines.append("rulings: {" + ", ".join(f"{k}: {str(v).lower()}" for k, v in rulings.items()) + "}")
    path = tmp_path / "position.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return pr.load(tmp_path / "ayoayo.yaml", variants=[path]).new_game(players=2, seed=0)


def test_the_game_starts_with_four_seeds_in_each_house_and_seat_0_to_play():
    game = RULES.new_game(players=2, seed=0)
    assert _board(game) == [4] * 12 and _stores(game) == [0, 0]
    assert game.current_player == 0 and _houses(game) == [0, 1, 2, 3, 4, 5]


def test_a_lap_ending_in_a_house_that_held_seeds_is_sown_on(tmp_path):
    """Rule 3: house 1's two seeds go to 2 and 3; house 3 held one, so its two seeds are taken
    and sown on into 4 and 5; house 5 was empty: the move ends there, on seat 0's side, and
    captures the three seeds of house 6 opposite (rule 4)."""
    game = _position(tmp_path, [0, 2, 0, 1, 0, 0, 3, 1, 1, 1, 1, 1])
    game.apply("sow 1")
    assert _board(game) == [0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1]
    assert _stores(game) == [3, 0] and game.current_player == 1


def test_a_lap_of_twelve_seeds_skips_the_house_it_was_taken_from(tmp_path):
    """Rule 2: twelve seeds from house 0 put one into each other house and the twelfth into
    house 1, not house 0. House 1 now holds two, sown on into 2 and 3 (rule 3); house 3's two
    into 4 and 5, and so on round the board, until the lap from house 11 puts a seed into the
    emptied house 0 and its last into house 1, emptied by its own relay: the move ends there
    and captures the two seeds of house 10 opposite."""
    game = _position(tmp_path, [12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    game.apply("sow 0")
    assert _board(game) == [1, 1, 2, 0, 2, 0, 2, 0, 2, 0, 0, 0]
    assert _stores(game) == [2, 0]


def test_a_move_ending_in_an_empty_house_captures_the_house_opposite(tmp_path):
    """Rule 4: house 2's seed falls into the empty house 3; house 8 faces it (11 - 3) and its
    five seeds go to seat 0's store; the seed that ended the move stays in house 3."""
    game = _position(tmp_path, [0, 0, 1, 0, 0, 0, 1, 1, 5, 1, 1, 1])
    game.apply("sow 2")
    assert _board(game) == [0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1]
    assert _stores(game) == [5, 0]


def test_seat_1_captures_from_seat_0s_side_the_same_way(tmp_path):
    """Rule 4 for seat 1, who moves first here: house 9's two seeds fall into 10 and 11; house
    11 was empty and is seat 1's, so seat 1 captures house 0's four seeds opposite."""
    game = _position(tmp_path, [4, 1, 1, 1, 1, 1, 0, 0, 0, 2, 0, 0], first=1)
    assert game.current_player == 1 and _houses(game) == [9]
    game.apply("sow 9")
    assert _board(game) == [0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1]
    assert _stores(game) == [0, 4] and game.current_player == 0


def test_no_capture_on_the_other_side_nor_from_an_empty_house(tmp_path):
    """Ending in an empty house of the other seat captures nothing; ending in an empty house of
    one's own whose opposite house is empty captures nothing either."""
    game = _position(tmp_path, [0, 0, 0, 0, 1, 1, 0, 2, 2, 2, 1, 0])
    game.apply("sow 5")  # into house 6, which was empty: seat 1's side
    assert _board(game) == [0, 0, 0, 0, 1, 0, 1, 2, 2, 2, 1, 0] and _stores(game) == [0, 0]
    game.apply("sow 10")  # seat 1: into house 11, empty, its own; house 0 opposite is empty
    assert _board(game) == [0, 0, 0, 0, 1, 0, 1, 2, 2, 2, 0, 1] and _stores(game) == [0, 0]


def test_with_the_other_side_empty_only_a_move_that_leaves_it_a_seed(tmp_path):
    """Rule 5: seat 1's houses are empty. Sowing house 0 or house 3 stays on seat 0's side;
    house 5's seed falls into house 6: the only move seat 0 may choose."""
    game = _position(tmp_path, [1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
    assert _houses(game) == [5]


def test_the_seat_that_was_fed_must_feed_back_if_it_can(tmp_path):
    """Seat 0 sows its last seed into house 6. Seat 0's side is now empty: of seat 1's moves,
    house 6 (one seed, into the empty house 7) leaves it empty; house 10's three seeds reach
    houses 11, 0 and 1, so only house 10 may be sown. It ends in house 1, seat 0's: no capture."""
    game = _position(tmp_path, [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 0])
    game.apply("sow 5")
    assert game.current_player == 1 and _houses(game) == [10]
    game.apply("sow 10")
    assert _board(game) == [1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] and _stores(game) == [0, 0]


def test_without_a_move_that_feeds_any_move_may_be_chosen_and_the_game_ends(tmp_path):
    """Rule 5's last sentence: neither move of seat 0 reaches seat 1's empty side, so both are
    allowed. Then seat 1 has no move: the game ends, seat 0 captures the two seeds left on its
    side (rule 6) and wins (rule 7)."""
    game = _position(tmp_path, [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    assert _houses(game) == [0, 2]
    game.apply("sow 0")
    assert game.is_over
    assert _stores(game) == [2, 0] and _returns(game) == [1, -1]


def test_the_game_ends_when_the_seat_to_act_has_no_seed_and_the_other_takes_its_side(tmp_path):
    """Rule 6: seat 0 sows its last seed into house 6. Seat 1 has no move that feeds seat 0
    (house 6's seed relays from house 7 into 8, 9, 10; house 7's two end in house 9), so both
    are allowed; after house 7, seat 0 is to act with no seed: seat 1 captures the three seeds
    on its side and wins 3 to 0."""
    game = _position(tmp_path, [0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0])
    game.apply("sow 5")
    assert _houses(game) == [6, 7]
    game.apply("sow 7")
    assert game.is_over
    assert _stores(game) == [0, 3] and _returns(game) == [-1, 1]


def test_equal_stores_are_a_draw(tmp_path):
    """Rule 7: seat 0's seed falls into the empty house 4 and captures house 7's two; seat 1's
    falls into the empty house 7 and captures house 4's one. Seat 0 has no move: seat 1 takes
    the seed left on its side, and the stores hold 2 and 2: a draw."""
    game = _position(tmp_path, [0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 0, 0])
    game.apply("sow 3")
    game.apply("sow 6")
    assert game.is_over and _stores(game) == [2, 2] and _returns(game) == [0, 0]


def test_a_move_that_would_relay_for_ever_ends_after_its_50th_lap(tmp_path):
    """Rule 3's ruling: house 3's two seeds end in house 5, which held one; its two end in 7,
    which held two; its three end in 10, its two in 0, its two in 2, its two in 4, ... the
    relays go round the board for ever. The move stops after its 50th lap, whose last seed
    fell into house 3, which then holds three seeds: no capture."""
    game = _position(tmp_path, [1, 0, 1, 2, 0, 1, 0, 2, 1, 0, 1, 0])
    game.apply("sow 3")
    assert _board(game) == [1, 0, 1, 3, 1, 0, 1, 0, 1, 0, 1, 0]
    assert _stores(game) == [0, 0] and game.current_player == 1


def test_a_50th_lap_ending_in_an_empty_house_of_ones_own_captures_nothing(tmp_path):
    """Rule 3's ruling, "no capture then": the 50th lap of sowing house 2 ends in house 2 itself,
    empty since the first lap took its seed, on seat 0's side, with two seeds in house 9
    opposite. The move ends with no capture; under the ruling's alternative
    (``last_lap_captures: true``) seat 0 takes the two."""
    board = [3, 6, 1, 1, 0, 1, 0, 1, 0, 2, 3, 4]
    after = [3, 4, 1, 1, 2, 1, 0, 1, 0, 2, 3, 4]
    game = _position(tmp_path, board)
    game.apply("sow 2")
    assert _board(game) == after and _stores(game) == [0, 0]
    game = _position(tmp_path, board, last_lap_captures=True)
    game.apply("sow 2")
    assert _board(game) == after[:9] + [0] + after[10:] and _stores(game) == [2, 0]


def test_the_game_ends_after_the_200th_move_and_each_seat_takes_its_side():
    """Rule 6's ruling. Two players who capture as little as they can (ties broken at random,
    seed 0) are still playing after 200 moves: the game ends there, each seat captures the
    seeds left on its own side, and all 48 seeds are in the stores."""
    game = RULES.new_game(players=2, seed=0)
    rng = random.Random(0)
    moves = 0
    while not game.is_over:
        board = _board(game)
        seat = game.current_player

        def captured(action):
            trial = game.clone()
            trial.apply(action)
            return _stores(trial)[seat] - _stores(game)[seat]

        game.apply(min(game.legal_actions(), key=lambda a: (captured(a), rng.random())))
        moves += 1
        assert moves < 200 or game.is_over, board
    assert moves == 200 and sum(_stores(game)) == 48
