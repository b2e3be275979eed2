"""A match's seed is a text or a whole number from -2**53 to 2**53, the same range everywhere
(outside tester, session 20, item 6): a match's log writes its seed, and a log replays only with
the whole numbers JSON readers hold exactly. new_game, play --seed, simulate's and validate
--simulate's seeds (game i plays with seed + i) and the web table's setup refuse a seed past
that range with one message; pr.replay names the range when a log holds one."""

from __future__ import annotations

import copy
import re

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.simulation import smoke
from playa_rules.web.setup import checked

LIMIT = 2**53
RANGE = "a whole number from -2**53 to 2**53"
RANGE_RE = re.escape(RANGE)


@pytest.fixture(scope="module")
def rules():
    return pr.load("pirate-gold-cards")


@pytest.mark.parametrize("seed", [LIMIT, -LIMIT, 0, "any text"])
def test_a_seed_in_range_plays_and_its_log_replays(rules, seed):
    game = rules.new_game(players=3, seed=seed)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    assert game.log[0]["seed"] == seed
    assert pr.replay(rules, game.log).log[1:] == game.log[1:]  # the replay takes chance from the log


@pytest.mark.parametrize(
    "seed",
    [LIMIT + 1, -LIMIT - 1, -(2**60), 2**100, 10**5000],
    ids=["2**53+1", "-2**53-1", "-2**60", "2**100", "10**5000"],
)
def test_new_game_refuses_a_seed_past_2_53_whose_log_would_not_replay(rules, seed):
    with pytest.raises(pr.PlayaRulesError, match="^a seed is a text or " + RANGE_RE):
        rules.new_game(players=3, seed=seed)


def test_replay_names_the_range_of_a_seed_it_refuses(rules):
    log = copy.deepcopy(rules.new_game(players=3, seed=5).log)
    log[0]["seed"] = LIMIT + 1
    with pytest.raises(
        pr.PlayaRulesError, match=r"at most 9,007,199,254,740,992 in size, as new_game takes it"
    ):
        pr.replay(rules, log)


@pytest.mark.parametrize(
    "command",
    [
        ["play", "pirate-gold-cards", "-p", "3", "--seed", str(2**100)],
        ["validate", "pirate-gold-cards", "--simulate", "1", "--seed", str(-LIMIT - 1)],
        ["simulate", "pirate-gold-cards", "-p", "3", "-n", "1", "--seed", str(LIMIT + 1)],
    ],
)
def test_every_command_refuses_a_seed_past_2_53_as_a_usage_error(capsys, command):
    assert main(command) == 2
    err = capsys.readouterr().err
    assert f"a seed is {RANGE} " in err and "not a text" not in err


def test_batches_refuse_a_first_seed_whose_later_games_leave_the_range(rules):
    with pytest.raises(
        pr.PlayaRulesError, match=r"game i plays with seed \+ i, here 9007199254740991 to 9007199254740993"
    ):
        pr.simulate("pirate-gold-cards", players=3, games=3, seed=LIMIT - 1, workers=1)
    with pytest.raises(pr.PlayaRulesError, match=r"here 9007199254740992 to 9007199254740993"):
        smoke.simulate(rules, 2, seed=LIMIT)
    assert smoke.simulate(rules, 1, seed=LIMIT, max_actions=10) is not None  # the last seed in range plays


def test_the_web_setup_takes_the_same_range():
    seats = [{"kind": "random"}] * 3
    assert (
        checked({"game": "pirate-gold-cards", "players": 3, "seats": seats, "seed": -LIMIT})["seed"] == -LIMIT
    )
    with pytest.raises(pr.PlayaRulesError, match=f"a seed is {RANGE_RE} "):
        checked({"game": "pirate-gold-cards", "players": 3, "seats": seats, "seed": LIMIT + 1})
