"""The groups of a hand a ``group_of`` parameter lists: every non-empty choice of how many of
each value, the first ones of each value in the zone's order, in the order of
``itertools.product`` over the counts (compiler.domains)."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from playa_rules.compiler.domains import _entry, _grouped, groups
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


# A hand's groups as the listings read them (domains.items): a ``Groups`` list, made of the
# hand sorted by value and a template shared by every hand of the same faces.


def _model(faces: list, values: list):
    """A model of components with these faces and values (``face`` fixes ``value``)."""
    return SimpleNamespace(face=faces, props={"value": values})


@st.composite
def dealt_hands(draw):
    """Components 0..n-1, each of a face (face f has value f // 2: two faces per value), and
    a hand of some of them in any order."""
    faces = draw(st.lists(st.integers(0, 7), min_size=1, max_size=12))
    values = [f // 2 + 1 for f in faces]
    hand = draw(st.permutations(range(len(faces))))[: draw(st.integers(0, len(faces)))]
    return faces, values, list(hand)


def _param() -> ParamDef:
    values = [1, 2, 3, 4]
    return ParamDef(
        "cards",
        "cards#1",
        "group_of",
        lambda g, e: [],
        by="value",
        values=values,
        index={1: 0, 2: 1, 3: 2, 4: 3},
    )


@given(dealt_hands())
def test_a_hands_groups_read_as_the_groups_of_its_components_by_value(dealt):
    faces, values, hand = dealt
    p, g = _param(), SimpleNamespace(m=_model(faces, values))
    listed = _entry(p, g, hand)[0]
    expected = groups(p, g, hand)
    assert listed == expected and len(listed) == len(expected)
    assert [listed[i] for i in range(len(listed))] == expected == list(listed)
    assert listed[1:-1] == expected[1:-1] and (not expected or listed[-1] == expected[-1])


@given(dealt_hands())
def test_hands_of_the_same_faces_share_one_template_each_naming_its_own_cards(dealt):
    """Another copy of each card of a hand (as another seat's hand in a sampled world): the
    same groups member by member, each the copy at its place, from one template."""
    faces, values, hand = dealt
    n = len(faces)
    model = _model(faces + faces, values + values)  # component n + c: a copy of component c
    p, g = _param(), SimpleNamespace(m=model)
    first = _entry(p, g, hand)[0]
    again = _entry(p, g, [c + n for c in hand])[0]
    assert again.tpl is first.tpl
    assert [([c - n for c in members], key) for members, key in again] == list(first)


def test_a_component_with_no_value_to_group_by_is_in_no_group():
    """Components 0 (value 1), 1 (no value) and 2 (value 2), in the hand 2, 1, 0."""
    p = _param()
    g = SimpleNamespace(m=_model([0, 1, 2], [1, None, 2]))
    assert list(_entry(p, g, [2, 1, 0])[0]) == [
        ([2], (0, 1, 0, 0)),
        ([0], (1, 0, 0, 0)),
        ([0, 2], (1, 1, 0, 0)),
    ]
