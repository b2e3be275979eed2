"""Quick and full sizes of one test: a sample in every run, the rest with ``-m slow``.

The README's ``python -m pytest`` leaves out the tests marked slow; ``python -m pytest -m slow``
runs them (``.ci/run`` runs both), so a long campaign split here still runs whole in CI.

- ``parts(150, quick=25)``: two parameters of a seeded campaign, ``range(0, 25)`` (id
  ``quick``) and ``range(25, 150)`` (id ``rest``, slow): every seed is played once.
- ``@property_test(quick=12, full=32, seed=..., players=...)`` in place of ``@settings`` and
  ``@given``: a property test with 12 hypothesis examples (id ``quick``) and 32 (id
  ``full``, slow), no deadline (a wall-clock deadline fails on a busy machine).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings


def parts(total: int, quick: int, start: int = 0) -> list:
    """Seeds ``start`` .. ``start + total`` as a quick part and a slow rest (see the module doc)."""
    assert 0 < quick < total
    return [
        pytest.param(range(start, start + quick), id="quick"),
        pytest.param(range(start + quick, start + total), id="rest", marks=pytest.mark.slow),
    ]


def property_test(quick: int, full: int, **strategies):
    """The decorated function as a property test over ``strategies`` (``given``'s keywords):
    ``quick`` examples in every run, ``full`` with -m slow (see the module doc)."""
    assert 0 < quick < full

    def sized(body):
        @pytest.mark.parametrize(
            "examples",
            [pytest.param(quick, id="quick"), pytest.param(full, id="full", marks=pytest.mark.slow)],
        )
        def test(examples):
            check = settings(
                max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
            )
            check(given(**strategies)(body))()

        test.__name__, test.__qualname__, test.__doc__ = body.__name__, body.__qualname__, body.__doc__
        return test

    return sized
