"""Bounds on the work a call does, in CPU time: the tests' guards against blow-ups.

A bound in wall-clock time fails when the machine is busy (other jobs, other test workers);
the CPU time of the calling thread counts only the work the call itself does, so a bound on
it holds however loaded the machine is. The bounds are loose (a blow-up takes orders of
magnitude longer); speed itself is measured in benchmarks/, never asserted in tests.
"""

from __future__ import annotations

import time
from contextlib import contextmanager


@contextmanager
def cpu_within(seconds: float, what: str = "the call"):
    """Fail when the block takes more than ``seconds`` of this thread's CPU time."""
    started = time.thread_time()
    yield
    spent = time.thread_time() - started
    assert spent < seconds, f"{what} took {spent:.2f} s of CPU (the bound is {seconds} s)"
