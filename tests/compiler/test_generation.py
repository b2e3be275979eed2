"""Listing legal actions: the engine's loops agree with trying every combination of values."""

import itertools
import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.engine.actions import _items

GAMES = Path(__file__).parent.parent / "games"


def brute_force(game) -> set:
    """Every (kind, keys) whose conditions all hold, trying each combination of parameter values."""
    g = game.g
    step = game.program.phases[g.phase_i].steps[g.step_i]
    found = set()
    for defs in (step.actions, step.fallback):
        for d in defs:
            e = {"me": g.seat}
            for key, f in d.lets:
                e[key] = f(g, e)
            found |= _combinations(d, g, e, 0, ())
        if found:
            return found
    return found


def _combinations(d, g, e, i, keys) -> set:
    if i == len(d.params):
        checks = itertools.chain.from_iterable(d.checks)
        joins = itertools.chain.from_iterable(d.joins)
        ok = all(chk(g, e) for chk in checks) and all(
            op(inner(g, e), outer(g, e)) for inner, op, outer, _ in joins
        )
        return {(d.name, keys)} if ok else set()
    p = d.params[i]
    out = set()
    for value, key in list(_items(p, g, e)):
        e[p.key] = value
        out |= _combinations(d, g, e, i + 1, keys + (key,))
    return out


@pytest.mark.parametrize(
    "path, players",
    [
        (GAMES / "param-shapes.yaml", 2),
        (GAMES / "param-shapes.yaml", 3),
        ("playa-pirata", 3),
        ("playa-pirata", 4),
        (GAMES / "float-join.yaml", 3),
    ],
)
def test_listed_actions_are_exactly_the_combinations_that_pass(path, players):
    rules = pr.load(path)
    rng = random.Random(players)
    decisions = 0
    for seed in range(6):
        game = rules.new_game(players, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            listed = [(a.name, a.keys) for a in legal]
            assert len(set(listed)) == len(listed)
            assert set(listed) == brute_force(game)
            game.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    assert decisions > 40


@pytest.mark.parametrize(
    "game_id,variants",
    [
        ("playa-pirata", []),
        ("playa-pirata", ["special-cards"]),
        ("pirate-gold-cards", []),
        ("lying-pirates", []),
        ("lying-pirates", ["action-cards"]),
    ],
)
def test_action_ids_and_texts_worked_out_from_the_runs_are_the_actions_own(game_id, variants):
    """legal_action_ids() (an action mask) reads the ids off the generation's runs without
    making the Action objects: the same ids as the actions themselves, in the same order."""
    import random

    rules = pr.load(game_id, variants=variants)
    for seed in range(4):
        game, rnd, n = rules.new_game(min(rules.player_counts), seed=seed), random.Random(seed), 0
        while not game.is_over and n < 300:
            legal = game.legal_actions()
            texts = legal.texts()  # before any Action object is made: from the runs
            assert legal.ids() == [a.id for a in legal]
            assert texts == [str(a) for a in legal]
            assert game.legal_action_ids() == sorted(a.id for a in legal)
            game.apply(legal[rnd.randrange(len(legal))])
            n += 1


def test_the_ids_and_texts_kept_for_lists_of_groups_are_bounded(monkeypatch):
    """A list of groups keeps its ids and texts (engine.legal ``_remembered``) within a bound:
    past it everything kept is forgotten, and the ids and texts read are the same."""
    import random

    from playa_rules.engine import legal as legal_module

    monkeypatch.setattr(legal_module, "_HELD", 300)
    rules = pr.load("playa-pirata")
    towels = rules.program.actions["place_towels"].params[1]
    towels.runs.clear()
    towels.runs_held = 0
    seen = 0
    for seed in range(6):
        game, rnd = rules.new_game(3, seed=seed), random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal.texts() == [str(a) for a in legal] and legal.ids() == [a.id for a in legal]
            seen = max(seen, towels.runs_held)
            assert towels.runs_held <= 300 or len(towels.runs) == 1  # one list longer than the bound
            game.apply(legal[rnd.randrange(len(legal))])
    assert seen > 100
    towels.runs.clear()
    towels.runs_held = 0


def test_number_ranges_cut_by_a_limit_list_what_checking_each_number_lists(monkeypatch):
    """``qty <= bid_cap`` on a number_in parameter is kept as a limit of its range, worked
    out once per listing: the same actions as checking every number (Lying Pirates' bets)."""
    from playa_rules import rules as rules_module
    from playa_rules.compiler import compile as compile_module

    cut = pr.load("lying-pirates")
    assert any(p.bounds for d in cut.program.actions.values() for p in d.params)
    rules_module._CACHE.clear()
    monkeypatch.setattr(compile_module._Stage, "use_bounds", False)
    plain = pr.load("lying-pirates")
    rules_module._CACHE.clear()
    assert not any(p.bounds for d in plain.program.actions.values() for p in d.params)
    for players in (2, 3, 5):
        for seed in range(4):
            a, b, rng = (
                cut.new_game(players, seed=seed),
                plain.new_game(players, seed=seed),
                random.Random(seed),
            )
            while not a.is_over:
                assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
                i = rng.randrange(len(a.legal_actions()))
                a.apply(a.legal_actions()[i])
                b.apply(b.legal_actions()[i])
            assert b.is_over and a.scores() == b.scores()


def _pairs():
    from playa_rules.source.variants import bundled_variants

    out = [(game_id, ()) for game_id in pr.games()]
    out += [(game_id, (v,)) for game_id, names in bundled_variants().items() for v in names]
    return sorted(out) + [(str(GAMES / "split-checks.yaml"), ())]


@pytest.mark.parametrize("game_id,variants", _pairs())
def test_conditions_split_by_level_list_what_whole_conditions_list(monkeypatch, game_id, variants):
    """A condition's parts that read only earlier parameters are decided once per binding of
    those (compiler/split.py): the same actions, in the same order, as testing the whole
    conditions per candidate, over seeded random games of every bundled game and variant."""
    from playa_rules import rules as rules_module
    from playa_rules.compiler import compile as compile_module
    from playa_rules.compiler.program import LevelChecks

    rules_module._CACHE.clear()
    split = pr.load(game_id, variants=list(variants))
    rules_module._CACHE.clear()
    monkeypatch.setattr(compile_module._Stage, "use_splits", False)
    whole = pr.load(game_id, variants=list(variants))
    rules_module._CACHE.clear()
    assert not any(c.__class__ is LevelChecks for d in whole.program.actions.values() for c in d.checks)
    players = sorted(split.player_counts)
    for seed in range(6):
        n = players[seed % len(players)]
        a, b, rng = split.new_game(n, seed=seed), whole.new_game(n, seed=seed), random.Random(seed)
        steps = 0
        while not a.is_over and steps < 400:
            assert a.legal_actions().texts() == b.legal_actions().texts()
            i = rng.randrange(len(a.legal_actions()))
            a.apply(a.legal_actions()[i])
            b.apply(b.legal_actions()[i])
            steps += 1
        assert a.is_over == b.is_over
        if a.is_over:
            assert a.scores() == b.scores()


def test_the_test_game_of_split_conditions_splits_each_shape():
    """The shapes the split handles: an ``or`` decided by its first part, a define's body in
    place of its call, an ``and`` whose first part reads only the earlier parameter, a part
    reading no parameter."""
    from playa_rules.compiler.program import LevelChecks

    rules = pr.load(GAMES / "split-checks.yaml")
    kinds = {d.name: [c.__class__ is LevelChecks for c in d.checks] for d in rules.program.actions.values()}
    assert kinds == {
        "raise": [False, True, True],
        "match": [False, False, True],
        "weigh": [False, False, True],
        "take": [False, True],
        "rest": [False],
    }


def test_a_part_worked_out_early_that_fails_fails_as_the_whole_condition_does(tmp_path, monkeypatch):
    """``nums[a] > 0 or b == 1``: for a = 3 the early part fails; the level then tests the
    whole condition per candidate, so the game fails with the same located error."""
    from playa_rules import rules as rules_module
    from playa_rules.compiler import compile as compile_module

    text = (
        (GAMES / "split-checks.yaml")
        .read_text()
        .replace("weights[a] > 0 or b == 1", "weights[a + hand.moves] > 0 or b == 1")
    )
    path = tmp_path / "failing.yaml"
    path.write_text(text)
    messages = []
    for use in (True, False):
        monkeypatch.setattr(compile_module._Stage, "use_splits", use)
        rules_module._CACHE.clear()
        game = pr.load(path).new_game(2, seed=0)
        with pytest.raises(pr.GameRuntimeError) as err:
            for _ in range(50):
                legal = game.legal_actions()
                game.apply(
                    next(a for a in legal if a.name in ("weigh", "take"))
                    if any(a.name in ("weigh", "take") for a in legal)
                    else legal[0]
                )
        messages.append(str(err.value))
    rules_module._CACHE.clear()
    assert messages[0] == messages[1]
    assert "runtime-error" in messages[0] and "index" in messages[0]
