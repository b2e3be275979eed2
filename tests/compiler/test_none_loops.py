"""A listing's check ending in ``not any(...)`` (Playa Pirata's ``controls_nothing: not any(t in
beach where controller(t) == me)``) is tested by a loop with an ``else``, not a generator made
at every test (compiler/dsl/noneloops.py, one of the last rewrites): the same elements
tested in the same order, the block run exactly where the test held. Checked on examples,
on random functions (hypothesis: the same value, the same calls in the same order, the same
failure) and on Playa Pirata's card step."""

from __future__ import annotations

import random
import types

from hypothesis import strategies as st
from sizes import property_test

import playa_rules as pr
from playa_rules.compiler.dsl.peephole import tidied

CHECK = (
    "def _generated(g, me, out):\n"
    "    r = []\n"
    "    if me is not None and len(g.zones[0]) == 1 and not any(True for t in g.zones[1] if _b1[t] == me):\n"
    "        r.append(me)\n"
    "    return r\n"
)


def test_a_test_ending_in_not_any_is_a_loop_with_an_else():
    out = tidied(CHECK)
    assert "any(" not in out and "for t in " in out and "else:" in out and "break" in out
    compile(out, "<tidied>", "exec")


def test_a_test_with_an_else_or_a_name_read_outside_is_left_as_written():
    with_else = CHECK.replace(
        "        r.append(me)\n", "        r.append(me)\n    else:\n        r.append(0)\n"
    )
    assert "any(" in tidied(with_else)
    reads_t = CHECK.replace("    return r\n", "    t = 3\n    return r\n")
    assert "any(" in tidied(reads_t)
    any_alone = CHECK.replace("not any(", "any(")
    assert "any(" in tidied(any_alone)


_ATOM = st.sampled_from(["a", "c", "0", "1", "None", "f(a)", "b[0]", "b[a]", "x", "(x + a)", "x[0]"])
_TEST = st.one_of(_ATOM, st.tuples(_ATOM, _ATOM).map(lambda t: f"{t[0]} == {t[1]}"))
_OUTSIDE = st.sampled_from(["a", "c", "0", "1", "None", "f(a)", "b[0]", "b[a]", "a == 1", "f(c) == b[0]"])


def _run(text: str, zones, a, b, c):
    log = []
    ns = {"f": lambda v: log.append(v) or v}
    exec(compile(text, "<test>", "exec"), ns)  # noqa: S102 - the test's own source
    g = types.SimpleNamespace(zones=[list(z) for z in zones])
    try:
        return ("value", repr(ns["_generated"](g, a, b, c)), log)
    except Exception as exc:  # noqa: BLE001 - the same failure is what is compared
        return ("fails", type(exc).__name__, log)


@property_test(
    quick=150,
    full=2000,
    before=st.lists(_OUTSIDE, max_size=2),  # (x: the loop's own name)
    elt=st.one_of(st.just("True"), _TEST.map(lambda t: f"f({t})")),
    conds=st.lists(_TEST.map(lambda t: f"f({t})"), max_size=2),
    coll=st.sampled_from(["g.zones[0]", "g.zones[a]", "b", "[a, c]", "f(b)"]),
    zones=st.lists(st.lists(st.integers(0, 3), max_size=3), min_size=3, max_size=4),
    a=st.integers(-1, 4),
    b=st.lists(st.integers(0, 3), min_size=1, max_size=2),
    c=st.booleans(),
)
def test_a_not_any_as_a_loop_gives_what_it_gave(before, elt, conds, coll, zones, a, b, c):
    ifs = "".join(f" if {x}" for x in conds)
    test = " and ".join([*before, f"not any({elt} for x in {coll}{ifs})"])
    lines = ["r = []", f"if {test}:", "    r.append(f(a))", "    c = not c", "return (r, c)"]
    src = "def _generated(g, a, b, c):\n" + "".join(f"    {line}\n" for line in lines)
    out = tidied(src)
    assert "any(" not in out, out
    assert _run(out, zones, a, b, c) == _run(src, zones, a, b, c), out


def test_playa_pirata_s_card_step_tests_controls_nothing_by_a_loop():
    """The card step's ``keep_umbrella`` check: no generator in the function that runs.
    (The play digests check that every game plays as before.)"""
    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=2)
    rng = random.Random(2)
    for _ in range(12):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    card = next(s.plan for p in rules.program.phases for s in p.steps if s.id == "card")
    text = rules.program.generated[int(card.__code__.co_filename.rsplit(" ", 1)[1].rstrip(">"))]
    assert "any(" not in text and "else:" in text, text
    assert not card.__code__.co_cellvars  # (no name of it read by a nested function: all fast locals)
