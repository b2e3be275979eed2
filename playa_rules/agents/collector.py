"""Searching without the cyclic garbage collector: :func:`paused`.

A search keeps thousands of live objects (tree nodes, clones, legal lists) while it makes
and drops many more; Python's cyclic collector, run every few hundred allocations, walks the
live ones again and again (5-8% of the CPU time of 1,000 ISMCTS playouts at the bench's
Playa Pirata decision). Playing makes no reference cycles (``tests/agents/test_agents.py`` checks that a search
and whole games leave nothing for the collector), so reference counting frees everything a
search drops, and pausing the collector for the search loses no memory. It is turned back
on afterwards, as it was, whatever happens.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def paused():
    """Run the body with the cyclic garbage collector off (if it was on, it is on again after)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
