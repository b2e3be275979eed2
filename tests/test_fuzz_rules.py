"""The structure-aware rule-file fuzzer (tests/fuzz_rules.py) as tests: a bounded campaign
in every run, a long one on demand with ``python -m pytest -m fuzz``."""

from __future__ import annotations

import os

import pytest
from fuzz_rules import campaign, differential, mutate

CI_MUTANTS = 240  # about half a minute
LONG_MUTANTS = int(os.environ.get("PLAYA_FUZZ_MUTANTS", "5000"))


@pytest.mark.parametrize("block", range(4))
def test_mutated_rule_files_get_located_library_errors_or_load_and_play(tmp_path, block):
    per = CI_MUTANTS // 4
    assert campaign(range(block * per, (block + 1) * per), tmp_path) == []


def test_mutants_that_load_play_alike_with_both_backends(tmp_path):
    """The generated backend against the closures on rule files nobody wrote: the same legal
    ids at every decision, logs and errors (tests/test_backends.py does it for the bundled
    and test games)."""
    problems, loaded = differential(range(300_000, 300_000 + CI_MUTANTS), tmp_path)  # ~12 s
    assert problems == []
    assert loaded >= 20


def test_the_mutations_change_the_files():
    import random

    data = {"a": {"b": "count(me.won) + 1", "c": [1, 2]}, "d": "x"}
    assert any(mutate(data, random.Random(seed)) != data for seed in range(5))


@pytest.mark.fuzz
def test_a_long_differential_campaign(tmp_path):
    """``python -m pytest -m fuzz``: a tenth as many mutants, played with both backends."""
    assert differential(range(400_000, 400_000 + LONG_MUTANTS // 10), tmp_path)[0] == []


@pytest.mark.fuzz
def test_a_long_fuzzing_campaign(tmp_path):
    """``python -m pytest -m fuzz`` (PLAYA_FUZZ_MUTANTS sets how many; seeds after the CI ones)."""
    assert campaign(range(100_000, 100_000 + LONG_MUTANTS), tmp_path) == []
