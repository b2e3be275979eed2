"""A listing makes its environment ``e = {'me': me}`` for the closures it may call; one that
reads it only on some paths (Playa Pirata's towels step: only where the groups' memo misses,
where a join is cut by a call, and on its failure path) makes it where it is first read,
``if e is None: e = {'me': me}``, not at every call (compiler/dsl/lazyenv.py, one of
the last rewrites, compiler/dsl/peephole.py). Checked on examples, on random functions
(hypothesis: the same value, the same calls, the same failure, the dict the same at every
read) and on Playa Pirata's towels step."""

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
    "    if g.tvars['groups'] < 2:\n"
    "        try:\n"
    "            hit = _b1.get(me)\n"
    "            if hit is None:\n"
    "                hit = _b2(g, e)\n"
    "            runs.append(hit)\n"
    "        except _b0:\n"
    "            runs[:] = []\n"
    "            runs.append(_b2(g, e))\n"
    "    ends.append(1)\n"
)


def test_an_environment_read_only_behind_a_test_is_made_there():
    out = tidied(LISTING)
    assert "e = None" in out and "e = {'me': me}" in out
    lines = out.splitlines()
    made = [i for i, line in enumerate(lines) if "e = {'me': me}" in line]
    assert len(made) == 2  # on the memo's miss, and on the failure path
    for i in made:
        assert lines[i - 1].strip() == "if e is None:" and "_b2(g, e)" in lines[i + 1]
    compile(out, "<tidied>", "exec")


def test_an_environment_read_on_every_path_is_made_on_entry():
    """The first statement reading it is not behind a test: nothing to gain, left as written."""
    src = LISTING.replace("    if g.tvars['groups'] < 2:\n", "    _b3(g, e)\n    if g.tvars['groups'] < 2:\n")
    assert "e = None" not in tidied(src)
    test_read = LISTING.replace("g.tvars['groups'] < 2", "e['me'] < 2")
    assert "e = None" not in tidied(test_read)


def test_an_item_rebound_in_the_function_keeps_the_environment_on_entry():
    src = LISTING.replace(
        "            runs.append(hit)\n", "            runs.append(hit)\n            me = 3\n"
    )
    assert "e = None" not in tidied(src)


# ---------------------------------------------------------------------------- random functions
_VALUE = st.sampled_from(["a", "0", "None", "f(a)", "b[0]", "b[a]", "(a + 1)", "g.zones[a]"])
_READ = st.sampled_from(["r.append(e.get('x#1'))", "r.append(sorted(e.items()))", "f(e)", "e['x#1'] = a"])


def _statement(depth: int):
    simple = st.one_of(
        _VALUE.map(lambda v: f"r.append({v})"),
        _READ,
        st.sampled_from(["a = a + 1", "c = not c"]),
    )
    if depth == 0:
        return simple.map(lambda s: [s])
    block = st.lists(_statement(depth - 1), min_size=1, max_size=3).map(lambda b: [x for s in b for x in s])
    return st.one_of(
        simple.map(lambda s: [s]),
        st.tuples(_VALUE, block).map(lambda t: [f"if {t[0]}:", *_indent(t[1])]),
        st.tuples(_VALUE, block, block).map(
            lambda t: [f"if {t[0]}:", *_indent(t[1]), "else:", *_indent(t[2])]
        ),
        st.tuples(block, block).map(lambda t: ["try:", *_indent(t[0]), "except KeyError:", *_indent(t[1])]),
    )


def _indent(lines: list) -> list:
    return [f"    {line}" for line in lines]


def _run(text: str, zones, a, b, c):
    log = []
    ns = {"f": lambda x: log.append(sorted(x.items()) if isinstance(x, dict) else x) or x}
    exec(compile(text, "<test>", "exec"), ns)  # noqa: S102 - the test's own source
    g = types.SimpleNamespace(zones=[list(z) for z in zones])
    try:
        return ("value", repr(ns["_generated"](g, a, b, c)), log)
    except Exception as exc:  # noqa: BLE001 - the same failure is what is compared
        return ("fails", type(exc).__name__, log)


@property_test(
    quick=150,
    full=2000,
    body=st.lists(_statement(2), min_size=1, max_size=5).map(lambda b: [x for s in b for x in s]),
    zones=st.lists(st.lists(st.integers(0, 3), max_size=3), min_size=3, max_size=4),
    a=st.integers(-1, 4),
    b=st.lists(st.integers(0, 3), min_size=1, max_size=2),
    c=st.booleans(),
)
def test_a_function_making_its_environment_late_gives_what_it_gave(body, zones, a, b, c):
    """Whatever the statements (reads of the dict, writes to it, a closure handed it, reads
    that fail and are caught), the function making its environment where it is first read
    returns the same, calls the same with the same dict contents, or fails as it failed."""
    lines = ["e = {'me': a, 'k#0': 7}", "r = []", *body, "return (r, a, b, c)"]
    src = "def _generated(g, a, b, c):\n" + "".join(f"    {line}\n" for line in lines)
    out = tidied(src)
    assert _run(out, zones, a, b, c) == _run(src, zones, a, b, c), out


def test_playa_pirata_s_towels_step_makes_no_environment_on_the_memo_s_path():
    """The towels step's listing reads its groups and their join from the memo and makes no
    dict there; where it calls a closure, the dict is made first. (The play digests check
    that every game plays as before.)"""
    rules = pr.load("playa-pirata")
    game = rules.new_game(3, seed=2)
    rng = random.Random(2)
    while not (game.g.phase_i == 1 and game.g.step_i == 1):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    towels = next(s.plan for p in rules.program.phases for s in p.steps if s.id == "towels")
    text = rules.program.generated[int(towels.__code__.co_filename.rsplit(" ", 1)[1].rstrip(">"))]
    head = text.splitlines()[1:4]
    assert "    e = None" in head and "e = {'me': me}" in text, text
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() == "e = {'me': me}":
            assert lines[i - 1].strip() == "if e is None:", text
