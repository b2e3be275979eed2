"""A process that loads many rule files keeps only the recent ones: the compiled rule sets and
the files read are cached (the same file loads once), up to a bound, and a rule set nothing
holds any more is freed, its generated functions with it (benchmarks/heap.py measures what a
long fuzzing campaign keeps)."""

from __future__ import annotations

import gc
import pickle
import shutil
import weakref
from pathlib import Path

import playa_rules as pr
from playa_rules import rules as rules_module
from playa_rules.source import variants
from playa_rules.source.recent import Recent

KUHN = Path(__file__).parent.parent / "games" / "kuhn-poker.yaml"


def _copies(tmp_path, n: int) -> list[Path]:
    paths = [tmp_path / f"kuhn-{i}.yaml" for i in range(n)]
    for path in paths:
        shutil.copy(KUHN, path)
    return paths


def test_the_same_file_loads_once():
    assert pr.load(KUHN) is pr.load(KUHN)


def test_a_rule_set_the_cache_let_go_is_freed_with_its_generated_functions(tmp_path):
    """Generated functions keep their source until first called: a rule set whose functions
    were never called (a game never played) is freed like any other."""
    path = _copies(tmp_path, 1)[0]
    rules = pr.load(path)
    assert rules.program.generated  # functions were written, none called yet
    program = weakref.ref(rules.program)
    document = weakref.ref(rules.doc)
    del rules
    rules_module.clear_cache(files=True)
    gc.collect()
    assert program() is None and document() is None


def test_a_played_rule_set_is_freed_too(tmp_path):
    path = _copies(tmp_path, 1)[0]
    rules = pr.load(path)
    game = rules.new_game(2, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    program = weakref.ref(rules.program)
    del rules, game
    rules_module.clear_cache(files=True)
    gc.collect()
    assert program() is None


def test_the_oldest_rule_sets_are_forgotten_past_the_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(rules_module, "_CACHE", Recent(2))
    first, second, third = _copies(tmp_path, 3)
    kept = pr.load(first)
    pr.load(second)
    assert pr.load(first) is kept  # used again: now the most recent
    pr.load(third)  # forgets the second, the least recently used
    assert pr.load(first) is kept
    assert len(rules_module._CACHE) == 2


def test_a_forgotten_rule_set_loads_again_as_the_same_rules(tmp_path, monkeypatch):
    """Rules and actions pickle as what they were loaded from: after the cache let go of
    them, unpickling compiles them again, and a game started from either plays alike."""
    monkeypatch.setattr(rules_module, "_CACHE", Recent(1))
    first, second = _copies(tmp_path, 2)
    rules = pr.load(first)
    game = rules.new_game(2, seed=7)
    action = game.legal_actions()[0]
    pr.load(second)  # the first is forgotten
    again = pickle.loads(pickle.dumps(rules))
    assert again is not rules and again.num_distinct_actions == rules.num_distinct_actions
    replayed = again.new_game(2, seed=7)
    replayed.apply(pickle.loads(pickle.dumps(action)))
    game.apply(action)
    assert replayed.log == game.log


def test_the_files_read_are_bounded_too(tmp_path, monkeypatch):
    monkeypatch.setattr(variants, "_DOCS", Recent(3))
    for path in _copies(tmp_path, 5):
        pr.validate(path)
    assert len(variants._DOCS) == 3
