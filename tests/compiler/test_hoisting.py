"""Reads that no turn of a loop changes, worked out once before the loop (compiler/dsl/hoist.py).

The game below lists `pick {card} at {n}` for every card of the row and every n of 0..3,
checking `matches(n)` (some card of the row is worth n + hand.shift) and `fits(n)` (for each
card the seat has taken, short[me.index] + n > 0). Inside the listing's loops, hand.shift,
the row and short[me.index] are the same for every card and every n: the generated listing
reads them once per listing. short has one item, so short[1] fails: seat 1 reads it only
once it has taken a card (before, `all(...)` over its empty zone reads nothing)."""

from __future__ import annotations

import re

import pytest
from backend_switch import load_with

from playa_rules.compiler.dsl.hoist import hoisted_text
from playa_rules.compiler.dsl.pysource import rewritten_text
from playa_rules.errors import GameRuntimeError

SHIFTED = """\
game: shifted
title: Shifted picks (test game)
players: [2]
parameters:
  short: [1]
components:
  card:
    start: row
    label: "{value}"
    items:
      - {each: {value: [1, 2, 3, 4, 5, 6]}}
zones:
  row: {visibility: public, holds: [card]}
  taken: {per: player, visibility: public, holds: [card]}
define:
  matches(k): "any(c.value == k + hand.shift for c in row)"
  fits(k): "all(short[me.index] + k > 0 for c in me.taken)"
variables:
  hand: {shift: 0}
actions:
  pick:
    text: "pick {card} at {n}"
    params:
      card: {one_of: row}
      n: {number_in: [0, 3]}
    require: ["matches(n)", "fits(n)"]
    effect: |
      move card to me.taken
      set hand.shift += 1
phases:
  - id: play
    turns: {from: start_player, until: "count(row) == 0"}
    steps:
      - {id: pick, actions: [pick]}
"""


@pytest.fixture
def shifted(tmp_path):
    path = tmp_path / "shifted.yaml"
    path.write_text(SHIFTED, encoding="utf-8")
    return path


def _listing(rules) -> str:
    """The step's listing as it runs: rewritten when first called (a game's first decision;
    the kind's own plan, which the step's listing has inline, is never called)."""
    rules.new_game(2, seed=1).legal_actions()
    listings = [s for s in rules.program.generated if "runs.append" in s and "hvars" in s]
    assert len(listings) == 2  # the kind's plan and the step's listing
    (text,) = [s for s in listings if "try:" in s]
    return text


def test_the_listing_reads_the_loop_invariant_parts_once(shifted, monkeypatch):
    text = _listing(load_with(monkeypatch, "generated", shifted))
    hoisted = text[: text.index("except")]
    assert re.search(r"_h\d+ = g\.hvars\['shift'\]", hoisted), text  # hand.shift
    assert re.search(r"_h\d+ = _b\d+\(_b\d+, me\)", hoisted), text  # short[me.index], through its reader
    inner = text[text.index("else:") :]
    assert "hvars" not in inner and not re.search(r"_b\d+\(_b\d+, me\)", inner), text


def test_a_read_that_changes_between_listings_is_read_again(tmp_path, monkeypatch):
    """Each pick adds 1 to hand.shift, so a card must be worth n + shift: n = 3 needs a 6
    at shift 3 and nothing at shift 4. Every listing reads the shift it is made at, as the
    closures do (short has an item per seat here: nothing fails)."""
    path = tmp_path / "shifted.yaml"
    path.write_text(SHIFTED.replace("short: [1]", "short: [1, 1]"), encoding="utf-8")
    seen = {}
    for backend in ("closures", "generated"):
        game = load_with(monkeypatch, backend, path).new_game(2, seed=1)
        texts = []
        while not game.is_over:
            legal = game.legal_actions()
            texts.append(legal.texts())
            game.apply(legal[0])
        seen[backend] = texts
    listings = seen["generated"]
    assert "pick 4 at 3" in listings[1] and "pick 6 at 3" in listings[3]  # shift 1, shift 3
    assert not any(t.endswith(" at 3") for t in listings[4])  # shift 4: 3 + 4 is no card's value
    assert listings == seen["closures"]


def test_a_read_moved_out_of_a_loop_that_fails_is_located_where_it_is_written(shifted, monkeypatch):
    """Seat 1's first listing: short[1] would fail, but `all` over its empty zone never
    reads it, so the listing works; its next listing reads it and fails, at the same place
    and with the same message as the closures'."""
    messages = {}
    for backend in ("closures", "generated"):
        game = load_with(monkeypatch, backend, shifted).new_game(2, seed=1)
        game.apply(game.legal_actions()[0])  # seat 0 picks: seat 1 is listed, its zone empty
        assert game.current_player == 1 and len(game.legal_actions()) > 0
        game.apply(game.legal_actions()[0])  # seat 1 picks; then seat 0
        with pytest.raises(GameRuntimeError) as info:
            game.apply(game.legal_actions()[0])  # seat 1's listing reads short[1]
        messages[backend] = str(info.value)
    line = SHIFTED.splitlines().index('  fits(k): "all(short[me.index] + k > 0 for c in me.taken)"') + 1
    assert f"shifted.yaml:{line}:17: runtime-error: index 1 is past the end of [1]" in messages["generated"]
    assert messages["generated"] == messages["closures"]


# ------------------------------------------------------------------ the rewrite itself
PURE = {"_b5"}


def _hoist(body: str) -> str:
    names = iter(f"_h{i}" for i in range(1, 100))
    return hoisted_text(f"def _generated(g, e):\n{body}", PURE, lambda stem: next(names), "_b0")


def test_what_reads_the_loop_variable_stays_in_the_loop():
    text = _hoist("    return any(_b1[_v2] == _b5(_b3, e['me']) for _v2 in g.zones[0])\n")
    assert "_h1 = _b5(_b3, e['me'])" in text
    assert "_b1[_v2] == _h1" in text.split("else:")[1]
    assert "_h2" not in text  # nothing else moved: _b1[_v2] reads the loop's variable


def test_a_slot_the_statement_binds_is_not_read_before_it():
    # e['k'] is the loop's own variable (a slot, as a closure reads it): _b1[e['k']] stays
    text = _hoist("    for e['k'] in _l3:\n        _l1 = [_v2 for _v2 in _l4 if _b1[e['k']] == _b1[_v2]]\n")
    assert "_h1 = _b1[e['k']]" in text  # moved out of the comprehension, not out of the for
    assert text.index("for e['k'] in") < text.index("_h1 = _b1[e['k']]")
    assert "_h1 == _b1[_v2]" in text


def test_a_statement_that_calls_a_closure_or_changes_the_state_moves_nothing():
    for body in (
        "    return any(_b1[_v2] == _b9(g, e) + g.tvars['x'] for _v2 in g.zones[0])\n",  # a closure
        "    for _v2 in g.zones[0]:\n        g.cvars['m'][_v2] = g.tvars['x'] + 1\n",  # a store of the state
        "    for _v2 in g.zones[0]:\n        g.move(_v2, g.tvars['x'] + 1)\n",  # a move
    ):
        assert _hoist(body) == f"def _generated(g, e):\n{body}"


def test_a_whole_condition_moved_out_is_read_from_its_local_and_shared_with_nothing():
    """``[top(s.pile) for s in [t in row where top(me.won) != none] ...]`` (a condition of the
    seat, not of the pile, inside the list of piles): the inner comprehension's whole
    condition is read once before the statement, and the comprehension reads the local. Left
    in place as well, the node was shared with the local's assignment, so the tidying's
    ``:=`` for the zone read twice went into both, inside a comprehension's iterable, where
    Python refuses it, and the listing could not compile (found by tests/fuzz_shapes.py;
    tests/games/open-piles.yaml is the game)."""
    src = (
        "def _generated(g, me, out):\n"
        "    _l11 = [(_v12, _b11[_v12]) for _v12 in [g.zones[_b2[_v2]][-1] if g.zones[_b2[_v2]] else None"
        " for _v2 in [_v1 for _v1 in g.zones[0] if (g.zones[_b1[me]][-1] if g.zones[_b1[me]] else None)"
        " != None] if len(g.zones[_b2[_v2]]) > 0]]\n"
    )
    names = iter(f"_h{i}" for i in range(1, 100))
    hoisted = hoisted_text(src, PURE, lambda stem: next(names), "_b0")
    assert "_h1 = (g.zones[_b1[me]][-1] if g.zones[_b1[me]] else None) != None" in hoisted
    assert "for _v1 in g.zones[0] if _h1]" in hoisted.split("else:")[-1]
    names = iter(f"_h{i}" for i in range(1, 100))
    out = rewritten_text(src, PURE, lambda stem: next(names), "_b0")
    compile(out, "<rewritten>", "exec")
    assert out.count(":=") == 1  # in the local's assignment only
