"""A ``position_in`` parameter with no check (Playa Pirata's telescope: ``spot: {position_in:
beach}``) is listed by one call pairing each component with its position
(compiler/listing.py ``_positions``), no comprehension: the same pairs, and the same games on
both backends."""

from __future__ import annotations

from backend_switch import load_with, play_alike
from hypothesis import given
from hypothesis import strategies as st

from playa_rules.compiler.listing import _positions


@given(zone=st.lists(st.integers(0, 40), unique=True, max_size=15))
def test_the_pairs_are_each_component_with_its_position(zone):
    assert _positions(zone) == [(c, k) for k, c in enumerate(zone)]
    assert _positions(zone) is not _positions(zone)  # (a list of its own each time: runs keep it)


def test_the_telescope_is_listed_by_one_call_and_plays_as_the_closures_play(monkeypatch):
    generated = load_with(monkeypatch, "generated", "playa-pirata")
    closures = load_with(monkeypatch, "closures", "playa-pirata")
    play_alike(generated, closures, 3, seeds=range(3))
    card = next(s.plan for p in generated.program.phases for s in p.steps if s.id == "card")
    bound = [name for name, value in card.__globals__.items() if value is _positions]
    assert len(bound) == 1 and bound[0] in card.__code__.co_names  # (the step's listing calls it)
