"""A kind of a position and a group joined by a comparison (``sum(w.mass for w in weights)
<= spot.load``) is listed in one loop over the positions by the generated backend
(compiler/listing.py ``_fused_join``): the same actions as the closures list, and where a
listing fails, the same fault, though the loop works out a position's join before the
next position's checks."""

from pathlib import Path

import pytest
from backend_switch import load_with
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import playa_rules as pr

GAMES = Path(__file__).parent.parent / "games"

RULES = """
game: loading
title: Loading (test game)
players: [2]
components:
  crate:
    start: dock
    label: "crate {{load}}"
    items:
      - {{each: {{load: {loads}}}}}
  weight:
    per_player: true
    start: purse
    label: "{{mass}}"
    items:
      - {{each: {{mass: {masses}}}}}
zones:
  dock: {{visibility: public, holds: [crate]}}
  purse: {{per: player, visibility: owner, holds: [weight]}}
  hold: {{per: crate, visibility: public, holds: [weight]}}
actions:
  load:
    text: "load {{weights}} on #{{spot}}"
    params:
      spot: {{position_in: dock}}
      weights: {{group_of: me.purse, by: mass}}
    require:
      - "{check}"
      - "sum(w.mass for w in weights) {op} {outer}"
    effect: move weights to spot.hold
  rest:
    text: rest
    effect: end turn
phases:
  - id: play
    turns: {{from: start_player, rounds: 3}}
    steps:
      - {{id: act, actions: [load, rest]}}
scoring:
  - {{id: purse, points: count(me.purse)}}
match:
  hands: 1
"""


def _rules(tmp_path, monkeypatch, backend, **parts):
    path = tmp_path / "loading.yaml"
    path.write_text(RULES.format(**parts))
    return load_with(monkeypatch, backend, path)


def _fused(rules) -> bool:
    """Whether a listing of ``rules`` is the one loop (it keeps the runs' count to drop them)."""
    return any("= len(runs)" in text for text in rules.program.generated)


def _decisions(rules, picks: list) -> list:
    """The legal actions (as texts) at each decision, taking the ``picks``-th each time."""
    game = rules.new_game(2, seed=1)
    seen = []
    for pick in picks:
        if game.is_over:
            break
        legal = game.legal_actions()
        seen.append([str(a) for a in legal])
        game.apply(legal[pick % len(legal)])
    return seen


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    loads=st.lists(st.integers(0, 6), min_size=1, max_size=5),
    masses=st.lists(st.sampled_from([1, 2, 3, 0.5]), min_size=1, max_size=5),
    op=st.sampled_from(["<=", "<", ">", ">="]),
    picks=st.lists(st.integers(0, 50), min_size=1, max_size=8),
)
def test_the_one_loop_lists_what_the_closures_list(tmp_path, monkeypatch, loads, masses, op, picks):
    """Whatever the crates' loads and the weights' masses (whole: a binary search in the
    groups sorted by mass; halves: each group tested), both backends offer the same actions
    at every decision."""
    parts = dict(loads=loads, masses=masses, check="count(spot.hold) < 2", op=op, outer="spot.load")
    generated = _rules(tmp_path, monkeypatch, "generated", **parts)
    assert _fused(generated)
    closures = _rules(tmp_path, monkeypatch, "closures", **parts)
    assert _decisions(generated, picks) == _decisions(closures, picks)


@pytest.mark.parametrize("masses", [[1, 2, 2], [0.5, 1, 1.5]])
def test_a_failing_listing_fails_as_the_closures_fail(tmp_path, monkeypatch, masses):
    """The first crate's join divides by zero (load 1), the last crate's check reads past the
    end of a list (load 4): the closures test every crate before any join, so the check's
    fault is the one reported, by both backends."""
    parts = dict(
        loads=[1, 2, 3, 4],
        masses=masses,
        check="[0, 0, 0, 0][spot.load] == 0",
        op="<=",
        outer="6 / (spot.load - 1)",
    )
    messages = []
    for backend in ("closures", "generated"):
        rules = _rules(tmp_path, monkeypatch, backend, **parts)
        assert _fused(rules) == (backend == "generated")
        with pytest.raises(pr.GameRuntimeError) as err:
            rules.new_game(2, seed=1).legal_actions()
        messages.append(str(err.value))
    assert messages[0] == messages[1]
    assert "[0, 0, 0, 0][spot.load] == 0" in messages[0]
