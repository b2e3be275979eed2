"""The structure-aware rule-file fuzzer (tests/fuzz_rules.py) and the fuzzers of logs, command
lines, variant chains and running values (tests/fuzz_inputs.py) as tests: a bounded campaign,
its first part in every run and the rest with ``python -m pytest -m slow``, and long ones with
``python -m pytest -m fuzz`` (CI runs all three, see .ci/run)."""

from __future__ import annotations

import os

import fuzz_inputs
import pytest
from fuzz_rules import campaign, differential, mutate
from sizes import parts

CI_MUTANTS = 240  # about half a minute: the first two blocks in every run, the other two with -m slow
LONG_MUTANTS = int(os.environ.get("PLAYA_FUZZ_MUTANTS", "4000"))  # in 4 blocks (xdist spreads them)
CI_CASES = 30  # of each kind of fuzz_inputs: logs, command lines, chains, running values
LONG_CASES = int(os.environ.get("PLAYA_FUZZ_CASES", "2000"))


@pytest.mark.parametrize("block", [0, 1, *(pytest.param(b, marks=pytest.mark.slow) for b in (2, 3))])
def test_mutated_rule_files_get_located_library_errors_or_load_and_play(tmp_path, block):
    per = CI_MUTANTS // 4
    assert campaign(range(block * per, (block + 1) * per), tmp_path) == []


@pytest.mark.parametrize("seeds", parts(CI_MUTANTS, quick=60, start=300_000))
def test_mutants_that_load_play_alike_with_both_backends(tmp_path, seeds):
    """The generated backend against the closures on rule files nobody wrote: the same legal
    ids at every decision, logs and errors (tests/compiler/test_backends.py does it for the bundled
    and test games). About one mutant in nine loads (27 of the 240)."""
    problems, loaded = differential(seeds, tmp_path)  # ~12 s for the 240
    assert problems == []
    assert loaded >= len(seeds) // 12


def test_the_mutations_change_the_files():
    import random

    data = {"a": {"b": "count(me.won) + 1", "c": [1, 2]}, "d": "x"}
    assert any(mutate(data, random.Random(seed)) != data for seed in range(5))


@pytest.mark.fuzz
def test_a_long_differential_campaign(tmp_path):
    """``python -m pytest -m fuzz``: a tenth as many mutants, played with both backends."""
    assert differential(range(400_000, 400_000 + LONG_MUTANTS // 10), tmp_path)[0] == []


@pytest.mark.fuzz
@pytest.mark.parametrize("block", range(4))
def test_a_long_fuzzing_campaign(tmp_path, block):
    """``python -m pytest -m fuzz`` (PLAYA_FUZZ_MUTANTS sets how many; seeds after the CI ones),
    in four blocks that xdist runs side by side (the whole fuzz run stays within minutes)."""
    per = LONG_MUTANTS // 4
    start = 100_000 + block * per
    assert campaign(range(start, start + per), tmp_path) == []


@pytest.mark.parametrize("kind", sorted(fuzz_inputs.KINDS))
def test_forged_logs_command_lines_chains_and_running_values_end_in_library_errors(tmp_path, kind):
    """A few cases of each fuzzer of tests/fuzz_inputs.py: replaying a forged log, running a
    hostile command line, loading a chain of variants, playing values only the game types."""
    assert fuzz_inputs.campaign(kind, range(CI_CASES), tmp_path) == []


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", sorted(fuzz_inputs.KINDS))
def test_a_long_campaign_of_each_input_fuzzer(tmp_path, kind):
    """``python -m pytest -m fuzz`` (PLAYA_FUZZ_CASES sets how many of each; seeds after the CI ones)."""
    assert fuzz_inputs.campaign(kind, range(10_000, 10_000 + LONG_CASES), tmp_path) == []
