"""A kind of a position and a group joined by a comparison (``sum(w.mass for w in weights)
<= spot.load``) is listed in one loop over the positions by the generated backend
(compiler/listing.py ``_fused_join``): the same actions as the closures list, and where a
listing fails, the same fault, though the loop works out a position's join before the
next position's checks."""

import ast
from bisect import bisect_left, bisect_right
from pathlib import Path

import pytest
from backend_switch import load_with
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules.compiler.joinlines import _BOUNDS

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
    check=st.sampled_from(["count(spot.hold) < 2", "count(spot.hold) < 1", "spot.load > 9"]),
    picks=st.lists(st.integers(0, 50), min_size=1, max_size=8),
)
def test_the_one_loop_lists_what_the_closures_list(tmp_path, monkeypatch, loads, masses, op, check, picks):
    """Whatever the crates' loads and the weights' masses (whole: a binary search in the
    groups sorted by mass; halves: each group tested), and whether some crates pass their
    check or none (the groups are then fetched for nothing), both backends offer the same
    actions at every decision."""
    parts = dict(loads=loads, masses=masses, check=check, op=op, outer="spot.load")
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


def test_the_join_is_prepared_once_before_the_loop_over_the_positions(tmp_path, monkeypatch):
    """The listing's source: the groups' memo entry and its prepared join are read before the
    positions' loops, which test each position and search its groups with nothing else per
    position (no test of whether the join is prepared yet): one loop for a sorted join, one
    for another, and none when there is no group."""
    parts = dict(loads=[1, 2, 3], masses=[1, 2, 2], check="count(spot.hold) < 2", op=">", outer="spot.load")
    rules = _rules(tmp_path, monkeypatch, "generated", **parts)
    _decisions(rules, [0, 1, 2])  # (each function's source is rewritten when first called)
    text = next(t for t in rules.program.generated if "= len(runs)" in t)
    fused = next(n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Try))
    loops = [n for part in fused.body for n in ast.walk(part) if isinstance(n, ast.For)]
    assert len(loops) == 2
    first = next(i for i, part in enumerate(fused.body) if any(n in loops for n in ast.walk(part)))
    assert ".memo.get(" in "".join(ast.unparse(part) for part in fused.body[:first])
    for loop in loops:
        body = ast.unparse(loop.body)
        assert " is None" not in body and "memo" not in body, body


EMPTIED = """
game: emptied
title: Emptied purse (test game)
players: [2]
components:
  crate:
    start: dock
    label: "crate {load}"
    items:
      - {each: {load: [1, 2]}}
  weight:
    per_player: true
    start: purse
    label: "{mass}"
    items:
      - {each: {mass: [1, 2]}}
zones:
  dock: {visibility: public, holds: [crate]}
  bin: {visibility: public, holds: [weight]}
  purse: {per: player, visibility: owner, holds: [weight]}
  hold: {per: crate, visibility: public, holds: [weight]}
actions:
  drop:
    text: drop
    effect: move me.purse to bin
  load:
    text: "load {weights} on #{spot}"
    params:
      spot: {position_in: dock}
      weights: {group_of: me.purse, by: mass}
    require:
      - "[0, 0][spot.load] == 0"
      - "sum(w.mass for w in weights) <= 6 / (spot.load - 1)"
    effect: move weights to spot.hold
  rest:
    text: rest
    effect: end turn
phases:
  - id: play
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: empty, actions: [drop]}
      - {id: act, actions: [load, rest]}
scoring:
  - {id: purse, points: count(me.purse)}
match:
  hands: 1
"""


def test_with_no_group_there_is_nothing_to_test(tmp_path, monkeypatch):
    """With the purse emptied there is no group of weights, so no ``load`` action: neither the
    join (which would divide by zero on the first crate) nor the crates' own check (which
    reads past the end of its list on the second) is tested, and only ``rest`` is legal, on
    both backends. With weights in the purse the same listing fails, the same way on both."""
    path = tmp_path / "emptied.yaml"
    path.write_text(EMPTIED)
    messages = []
    for backend in ("closures", "generated"):
        rules = load_with(monkeypatch, backend, path)
        game = rules.new_game(2, seed=1)
        game.apply(game.legal_actions()[0])  # drop: the purse is empty
        assert [str(a) for a in game.legal_actions()] == ["rest"], backend
        assert _fused(rules) == (backend == "generated")
        full = path.with_name("full.yaml")
        full.write_text(
            EMPTIED.replace("effect: move me.purse to bin", "effect: set turn.n = 1").replace(
                "match:", "variables:\n  turn: {n: 0}\nmatch:"
            )
        )
        game = load_with(monkeypatch, backend, full).new_game(2, seed=1)
        with pytest.raises(pr.GameRuntimeError) as err:  # (the flow lists the next step)
            game.apply(game.legal_actions()[0])  # the purse kept
        messages.append(str(err.value))
    assert messages[0] == messages[1] and "[0, 0][spot.load] == 0" in messages[0]


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(st.integers(-3, 9), min_size=1, max_size=6).map(sorted),
    outer=st.one_of(
        st.integers(-5, 12), st.sampled_from([0.5, 2.5, float("nan"), float("inf"), -float("inf")])
    ),
    how=st.sampled_from(["gt", "ge", "le", "lt"]),
)
def test_the_bound_test_decides_as_the_binary_search(values, outer, how):
    """Each position's outer value is compared with the bound of the sorted values before any
    search: the test passes exactly where the search leaves some groups (a suffix for ``>``
    and ``>=``, a prefix for ``<=`` and ``<``), NaN and infinities included."""
    index, test = _BOUNDS[how]
    passes = eval(test.format(o="o", m="m"), {}, {"o": outer, "m": values[int(index)]})  # noqa: S307 - the module's own test text
    if how == "gt":
        some = bisect_right(values, outer) < len(values)
    elif how == "ge":
        some = bisect_left(values, outer) < len(values)
    elif how == "le":
        some = bisect_right(values, outer) > 0
    else:
        some = bisect_left(values, outer) > 0
    assert passes == some
