"""Did-you-mean, the one implementation every stage uses (playa_rules/shared/spelling.py)."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playa_rules.shared import spelling
from playa_rules.shared.spelling import closest, did_you_mean


@pytest.mark.parametrize(
    "word, choices, expected",
    [
        ("pahse", ["phase", "phases", "step"], "phase"),
        ("efect", ["effect", "when", "text"], "effect"),
        ("zzz", ["phase", "step"], None),
        ("phase", ["phase"], None),  # the word itself is no suggestion
        (3, [1, 2, 33], "33"),  # numbers count as their text
        (True, ["True"], None),  # a bool is no name
        (None, ["none"], None),
        ("x", [], None),
    ],
)
def test_the_closest_name_or_none(word, choices, expected):
    assert closest(word, choices) == expected


def test_the_hint_names_the_closest():
    assert did_you_mean("pahse", ["phase", "phases", "step"]) == "did you mean 'phase'?"
    assert did_you_mean("zzz", ["phase"]) is None


def test_a_higher_cutoff_asks_for_closer_names():
    assert closest("scor", ["score"], cutoff=0.75) == "score"  # 2 * 4 / 9 = 0.89 alike
    assert closest("scor", ["score"], cutoff=0.9) is None


@settings(max_examples=200, deadline=None)
@given(
    st.text("abcde_", min_size=1, max_size=8),
    st.lists(st.text("abcde_", min_size=1, max_size=10), max_size=40),
)
def test_over_few_names_it_is_difflib_s_answer(word, choices):
    """Below the bound every name that could reach the cutoff is compared: the answer is
    difflib's over all of them."""
    expected = difflib.get_close_matches(word, [c for c in choices if c != word], n=1)
    assert closest(word, choices) == (expected[0] if expected else None)


def test_thousands_of_names_get_a_bounded_comparison(monkeypatch):
    """Over 3,000 names only the COMPARED names sharing the most letter pairs get difflib's
    full comparison, and the misspelt name's own is among them."""
    compared = []
    real = difflib.get_close_matches

    def counting(word, possibilities, n, cutoff):
        compared.append(len(possibilities))
        return real(word, possibilities, n=n, cutoff=cutoff)

    monkeypatch.setattr(spelling.difflib, "get_close_matches", counting)
    names = [f"card_{i}" for i in range(3000)]
    for i in range(0, 3000, 250):
        assert closest(f"crad_{i}", names) == f"card_{i}"
    assert compared and max(compared) <= spelling.COMPARED
