"""The groups of a hand a ``group_of`` parameter lists: every non-empty choice of how many of
each value, the first ones of each value in the zone's order, in the order of
``itertools.product`` over the counts (compiler.domains)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from playa_rules.compiler.domains import _grouped
from playa_rules.compiler.program import ParamDef


def _by_definition(values: int, present: list) -> list:
    counts = dict(present)  # value index -> its components in the zone's order
    ranges = [range(len(counts.get(i, [])) + 1) for i in range(values)]
    out = []
    for key in itertools.product(*ranges):
        if any(key):
            members = [c for i, k in enumerate(key) for c in counts.get(i, [])[:k]]
            out.append((members, key))
    return out


@st.composite
def hands(draw):
    values = draw(st.integers(1, 5))
    shown = sorted(draw(st.sets(st.integers(0, values - 1))))
    ids = iter(range(100))
    return values, [(i, [next(ids) for _ in range(draw(st.integers(1, 3)))]) for i in shown]


@given(hands())
def test_the_groups_of_a_hand_are_every_nonempty_count_of_each_value_in_product_order(hand):
    values, present = hand
    p = ParamDef("cards", "cards#1", "group_of", lambda g, e: [], values=list(range(values)))
    assert _grouped(p, present) == _by_definition(values, present)


def test_three_towels_of_two_values_make_five_groups():
    """Towels 2, 2 and 5 (values 2 and 5 of the values 1 to 5): one or two 2s, with or without the 5."""
    p = ParamDef("cards", "cards#1", "group_of", lambda g, e: [], values=[1, 2, 3, 4, 5])
    assert _grouped(p, [(1, [10, 11]), (4, [12])]) == [
        ([12], (0, 0, 0, 0, 1)),
        ([10], (0, 1, 0, 0, 0)),
        ([10, 12], (0, 1, 0, 0, 1)),
        ([10, 11], (0, 2, 0, 0, 0)),
        ([10, 11, 12], (0, 2, 0, 0, 1)),
    ]
