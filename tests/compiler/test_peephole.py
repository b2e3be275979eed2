"""The generated source's last rewrites (compiler/dsl/peephole.py): a zone read once where
it is read several times in one expression, ``len(zone) == 0`` as ``not zone``, ``== None``
as ``is None``, ``g.zones`` as a local. Each rewrite keeps what the function computes and where it fails: checked on
the examples the listings write and on random expressions (hypothesis)."""

from __future__ import annotations

import ast
import itertools
import random
import re
import types
from pathlib import Path

import pytest
from backend_switch import load_with, play_alike
from hypothesis import strategies as st
from sizes import property_test

import playa_rules as pr
from playa_rules import rules as rules_module
from playa_rules.compiler.dsl.hoist import hoisted_text
from playa_rules.compiler.dsl.peephole import tidied
from playa_rules.compiler.dsl.pysource import rewritten_text

GAMES = Path(__file__).parent.parent / "games"


def _body(text: str) -> str:
    return "\n".join(line.strip() for line in text.splitlines()[1:])


def test_a_zone_read_in_the_test_of_a_conditional_is_read_once_for_its_branch():
    """``top(pile).value if pile is not empty``: the pile's list is read once, in the test."""
    src = "def _generated(g, e):\n    return (_b1[g.zones[_b2[x]][-1]] if g.zones[_b2[x]] else 0)\n"
    out = tidied(src)
    assert out.count("g.zones") == 1 and "(_zc0 := g.zones[_b2[x]])" in out
    assert "_b1[_zc0[-1]]" in out


def test_a_count_of_zero_is_the_zone_being_empty_and_g_zones_a_local():
    src = (
        "def _generated(g, me, out):\n"
        "    _l = [(v, k) for k, v in enumerate(g.zones[1]) if (len(g.zones[_b15[v]]) == 0)]\n"
        "    return len(g.zones[2]) == 0\n"
    )
    out = tidied(src)
    assert "len(" not in out and "not _zs[_b15[v]]" in out and "return not _zs[2]" in out
    assert _body(out).startswith("_zs = g.zones")


def test_a_comparison_with_none_is_a_test_of_identity():
    """``card != none`` (the pirates' ``has_card``): ``is not None``, which asks no side's
    ``==``; the DSL's values equal none only when they are none. Two operands neither of
    which is the literal none, or a chain, are left as written."""
    src = "def _generated(g, e):\n    return (x != None, None == y, x == y, x == None == y)\n"
    out = tidied(src)
    assert "x is not None" in out and "None is y" in out
    assert "x == y" in out and "x == None == y" in out
    values = [None, 0, 1, False, True, "", "a", [], [None], (), (None,), {}, 2.5]
    for x in values:
        assert (x != None) is (x is not None) and (x == None) is (x is None)  # noqa: E711


def test_a_read_behind_and_is_not_bound_for_one_before_it():
    """``a and Z`` then ``Z`` outside the ``and``: the first Z may never be read, so the
    second cannot take its value from it."""
    src = "def _generated(g, e):\n    return (a and g.zones[1]) or g.zones[1]\n"
    assert ":=" not in tidied(src)


def test_reads_in_two_branches_are_not_shared_and_a_count_of_one_is_kept():
    src = "def _generated(g, e):\n    return (g.zones[1] if c else 0, g.zones[1] if d else 0, len(g.zones[1]) == 1)\n"
    out = tidied(src)
    assert ":=" not in out and "len(_zs[1]) == 1" in out


def test_a_comprehension_in_another_s_iterable_binds_nothing():
    """``one_of: "[top(s.pile) for s in row where count(s.pile) > 0]"`` with a require: the
    listing's outer comprehension runs over the inner one, where Python allows no ``:=``;
    the inner one's reads stay as they are and the function compiles."""
    src = (
        "def _generated(g, me, out):\n"
        "    _l7 = [(_v8, _b8[_v8]) for _v8 in [(g.zones[_b1[_v1]][-1] if g.zones[_b1[_v1]] else None)"
        " for _v1 in g.zones[0] if (len(g.zones[_b1[_v1]]) > 0)] if (_b2[_v8] != 2)]\n"
    )
    out = tidied(src)
    compile(out, "<tidied>", "exec")
    assert ":=" not in out and "_zs = g.zones" in out


def test_a_listing_over_a_list_of_tops_plays_as_the_closures_play(tmp_path, monkeypatch):
    """The rule file behind the case above: every legal action and log alike, both backends."""
    path = tmp_path / "tops.yaml"
    path.write_text(TOPS, encoding="utf-8")
    generated = load_with(monkeypatch, "generated", str(path))
    closures = load_with(monkeypatch, "closures", str(path))
    play_alike(generated, closures, 2, range(10))


TOPS = """\
game: tops-probe
title: Tops probe
players: [2]
components:
  spot:
    start: row
    items:
      - {each: {n: [0, 1, 2]}}
  card:
    start: deck
    label: "card {v}"
    items:
      - {each: {v: [1, 2, 3, 4, 5, 6]}}
zones:
  row: {visibility: public, holds: [spot]}
  pile: {per: spot, visibility: public, holds: [card]}
  deck: {visibility: public, holds: [card]}
  won: {per: player, visibility: public, holds: [card]}
setup: |
  for s in row { move top(deck) to s.pile }
actions:
  claim:
    text: "claim {card}"
    params: {card: {one_of: "[top(s.pile) for s in row where count(s.pile) > 0]"}}
    require: ["card.v != 2"]
    effect: move card to me.won
phases:
  - id: play
    turns: {from: start_player, rounds: 2}
    steps:
      - {id: act, actions: [claim]}
"""


def test_a_branch_decided_by_an_operand_before_it_is_taken():
    """``count(spot.cover) == 0 and controller(spot) == me``: the define tests the cover again,
    which the ``and`` already found empty, so its conditional is its ``else`` branch and the
    cover is not bound to a local; after ``or`` the other way round."""
    src = (
        "def _generated(g, me, out):\n"
        "    return [v for v in g.zones[1] if len(g.zones[_b15[v]]) == 0 and "
        "(_b17[g.zones[_b15[v]][-1]] if g.zones[_b15[v]] else _b17[g.zones[_b16[v]][-1]] "
        "if g.zones[_b16[v]] else None) == me]\n"
    )
    out = tidied(src)
    assert "_zc0" not in out and "_b17[_zs[_b15[v]][-1]]" not in out
    assert "if not _zs[_b15[v]] and (_b17[_zc1[-1]] if (_zc1 := _zs[_b16[v]]) else None) == me" in out
    src = "def _generated(g, e):\n    return g.zones[a] or (g.zones[a][-1] if g.zones[a] else 0)\n"
    assert tidied(src).endswith("return g.zones[a] or 0\n")


def test_a_branch_after_a_call_is_not_decided():
    """A call between the test and the conditional could change the zone: left as it is."""
    src = "def _generated(g, e):\n    return not g.zones[a] and f(x) and (g.zones[a][-1] if g.zones[a] else 0)\n"
    assert "if _zc0 else 0" in tidied(src)


def test_source_that_rebinds_g_or_reads_a_call_in_the_index_is_left_alone():
    assert (
        tidied("def _generated(g, e):\n    g = h\n    return g.zones[1], g.zones[1]\n").count("g.zones") == 2
    )
    src = "def _generated(g, e):\n    return (g.zones[f(x)] if g.zones[f(x)] else 0)\n"
    assert ":=" not in tidied(src)


def test_a_bundled_games_listing_runs_from_tidied_source():
    """Playa Pirata's card step, listed in a game: the function that ran was compiled from
    tidied source (``g.zones`` a local). That it plays as the closures backend does is what
    the play digests and the backends' differential tests check, for every game."""
    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=1)
    rng = random.Random(1)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    plans = [s.plan for p in rules.program.phases for s in p.steps if s.plan is not None]
    assert any("_zs" in plan.__code__.co_varnames + plan.__code__.co_cellvars for plan in plans)


@pytest.mark.parametrize(
    "name", [*pr.games(), *(str(GAMES / f"{n}.yaml") for n in ("connect-four", "hex", "kalah", "uno"))]
)
def test_one_parse_rewrites_each_function_as_the_two_passes_do(name):
    """A function is parsed once when first called, its loops' invariant reads moved and the
    last rewrites made in the same tree (``rewritten_text``): the text is the one the
    hoisting pass then the tidying pass, each parsing and writing it, give."""
    rules_module._CACHE.clear()
    sources = pr.load(name).program.generated
    rules_module._CACHE.clear()
    bound = {n for text in sources for n in re.findall(r"\b_b\d+\b", text)}
    rewritten = 0
    for text in sources:
        one, two = (f"_h{i}" for i in itertools.count()), (f"_h{i}" for i in itertools.count())
        hoisted = hoisted_text(text, bound, lambda stem: next(two), "_b0") if " for " in text else text
        new = rewritten_text(text, bound, lambda stem: next(one), "_b0")
        assert new == tidied(hoisted), text
        rewritten += new != text
    assert rewritten  # (some function of every one of these games is rewritten)


# ---------------------------------------------------------------------------- random expressions
_INDEX = st.sampled_from(["0", "1", "2", "a", "b[0]", "b[a]", "(a + 1)"])


def _zone():
    return _INDEX.map(lambda i: f"g.zones[{i}]")


_ATOM = st.one_of(
    _zone(),
    _zone().map(lambda z: f"{z}[-1]"),
    _zone().map(lambda z: f"len({z}) == 0"),
    _zone().map(lambda z: f"len({z})"),
    st.sampled_from(["a", "c", "0", "1", "None"]),
)


def _grow(inner):
    return st.one_of(
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        st.tuples(inner, inner).map(lambda t: f"({t[0]} and {t[1]})"),
        st.tuples(inner, inner).map(lambda t: f"({t[0]} or {t[1]})"),
        st.tuples(inner, inner).map(lambda t: f"({t[0]} == {t[1]})"),
        st.tuples(inner, inner).map(lambda t: f"({t[0]} != {t[1]})"),
        st.tuples(inner, inner).map(lambda t: f"f({t[0]}, {t[1]})"),
        st.tuples(inner, inner).map(lambda t: f"[x for x in g.zones[0] if {t[0]}] + [{t[1]}]"),
        st.tuples(inner, inner).map(lambda t: f"({t[0]}, {t[1]})"),
    )


_EXPR = st.recursive(_ATOM, _grow, max_leaves=12)


def _outcome(src: str, zones, a, b, c):
    ns = {"f": lambda x, y: (x, y)}
    exec(compile(src, "<test>", "exec"), ns)  # noqa: S102 - the test's own source
    g = types.SimpleNamespace(zones=[list(z) for z in zones])
    try:
        return ("value", repr(ns["_generated"](g, a, b, c)))
    except Exception as exc:  # noqa: BLE001 - the same failure is what is compared
        return ("fails", type(exc).__name__)


@property_test(
    quick=150,
    full=2000,
    expr=_EXPR,
    zones=st.lists(st.lists(st.integers(0, 3), max_size=3), min_size=3, max_size=4),
    a=st.integers(-1, 4),
    b=st.lists(st.integers(0, 3), min_size=1, max_size=2),
    c=st.booleans(),
)
def test_a_tidied_function_gives_what_it_gave_or_fails_as_it_failed(expr, zones, a, b, c):
    src = f"def _generated(g, a, b, c):\n    return {expr}\n"
    out = tidied(src)
    ast.parse(out)  # (source Python accepts: no binding in a comprehension's iterable)
    assert _outcome(out, zones, a, b, c) == _outcome(src, zones, a, b, c)
