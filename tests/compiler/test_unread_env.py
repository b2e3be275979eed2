"""A listing makes its environment ``e = {'me': me}`` and writes each let there
(``e['card#2'] = _v21``) for the closures it may call; where it calls none and reads no slot
back (it reads its lets as locals), the last rewrites (compiler/dsl/peephole.py) drop the
dict and the writes, keeping every value computed where it was. Checked on examples, on
random functions (hypothesis: the same value, the same calls, the same failure) and on
Playa Pirata's card step, whose listing no longer makes one."""

from __future__ import annotations

import random
import types

from hypothesis import strategies as st
from sizes import property_test

import playa_rules as pr
from playa_rules.compiler.dsl.peephole import tidied

LISTING = (
    "def _generated(g, me, out):\n"
    "    e = {'me': me}\n"
    "    runs, ends = (out._runs, out._ends)\n"
    "    _v21 = None\n"
    "    for _v10 in g.zones[me]:\n"
    "        if _b8[_v10] == 'telescope':\n"
    "            _v21 = _v10\n"
    "            break\n"
    "    e['card#2'] = _v21\n"
    "    e['card#11'] = _v54 = _v21\n"
    "    if _v54 != None:\n"
    "        e['card#5'] = _b9[_v54]\n"
    "    return _v54\n"
)


def _names(text: str) -> set:
    import ast

    return {n.id for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Name)}


def test_a_listing_that_reads_its_lets_as_locals_makes_no_environment():
    """The telescope's let is written to ``e`` twice and read as ``_v21``/``_v54``: no dict is
    made, the other name of a chained write stays, a computed value is still computed."""
    out = tidied(LISTING)
    assert "e" not in _names(out)
    assert "_v54 = _v21" in out and "_b9[_v54]" in out
    compile(out, "<tidied>", "exec")


def test_an_environment_handed_on_or_read_back_is_kept():
    """A closure called with ``e``, a slot read back, a loop binding a slot, ``e`` returned:
    each reads the environment, so the function keeps it whole."""
    for use in ("_b3(g, e)", "x = e['card#2']", "for e['spot#1'], k in l: pass", "return e"):
        src = LISTING.replace("    return _v54\n", f"    {use}\n")
        out = tidied(src)
        assert "e = {'me': me}" in out and "e['card#2'] = _v21" in out, use


def test_an_effect_given_its_environment_keeps_it():
    """A function whose argument is ``e`` (an effect, a check) writes the caller's dict."""
    src = "def _generated(g, e):\n    e['x#1'] = 3\n    return g.zones[0], g.zones[1]\n"
    assert "e['x#1'] = 3" in tidied(src)


def test_a_block_left_empty_holds_pass():
    src = "def _generated(g, me, out):\n    e = {'me': me}\n    if me:\n        e['a#1'] = me\n    return 1\n"
    out = tidied(src)
    assert "pass" in out and "e" not in _names(out)
    compile(out, "<tidied>", "exec")


# ---------------------------------------------------------------------------- random functions
_VALUE = st.sampled_from(["a", "0", "None", "f(a)", "f(b)", "b[0]", "b[a]", "(a + 1)", "g.zones[a]"])


def _statement():
    return st.one_of(
        st.tuples(st.sampled_from(["x#1", "y#2"]), _VALUE).map(lambda t: f"e[{t[0]!r}] = {t[1]}"),
        _VALUE.map(lambda v: f"e['x#1'] = a = {v}"),
        _VALUE.map(lambda v: f"if c:\n        e['y#2'] = {v}"),
        _VALUE.map(lambda v: f"if c:\n        e['y#2'] = {v}\n    else:\n        b = [a]"),
        _VALUE.map(lambda v: f"r.append({v})"),
        st.sampled_from(["a = a + 1", "c = not c", "r.append(e.get('x#1'))", "r.append(len(e))"]),
    )


def _run(text: str, zones, a, b, c):
    log = []
    ns = {"f": lambda x: log.append(x) or x}
    exec(compile(text, "<test>", "exec"), ns)  # noqa: S102 - the test's own source
    g = types.SimpleNamespace(zones=[list(z) for z in zones])
    try:
        return ("value", repr(ns["_generated"](g, a, b, c)), log)
    except Exception as exc:  # noqa: BLE001 - the same failure is what is compared
        return ("fails", type(exc).__name__, log)


@property_test(
    quick=150,
    full=2000,
    body=st.lists(_statement(), min_size=1, max_size=6),
    zones=st.lists(st.lists(st.integers(0, 3), max_size=3), min_size=3, max_size=4),
    a=st.integers(-1, 4),
    b=st.lists(st.integers(0, 3), min_size=1, max_size=2),
    c=st.booleans(),
)
def test_a_function_without_its_environment_gives_what_it_gave(body, zones, a, b, c):
    """Whatever the statements around the writes (calls with a log, reads that fail), the
    function without its environment returns the same, calls the same in the same order, or
    fails as it failed; it keeps the environment where a statement reads it."""
    lines = ["e = {'me': a}", "r = []", *body, "return (r, a, b, c)"]
    src = "def _generated(g, a, b, c):\n" + "".join(f"    {line}\n" for line in lines)
    out = tidied(src)
    assert _run(out, zones, a, b, c) == _run(src, zones, a, b, c)
    reads = any("e.get" in s or "len(e)" in s for s in body)
    assert ("e = {" in out) == reads


def test_playa_pirata_s_card_step_is_listed_without_an_environment():
    """The card step's listing (bury, telescope, map, umbrella, keep the umbrella, the
    fallback discard) reads its four lets as locals and calls no closure: the function that
    runs makes no dict. (The play digests check that every game plays as before.)"""
    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=2)
    rng = random.Random(2)
    for _ in range(12):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    card = next(s.plan for p in rules.program.phases for s in p.steps if s.id == "card")
    assert "e" not in card.__code__.co_varnames
    assert "runs" in card.__code__.co_varnames
