"""A listing's second parameter kept by a test ending in any(...) (compiler/anyloops.py):
written as loops, it keeps the same values, makes the same reads in the same order and
fails where the comprehension fails."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from playa_rules.compiler.anyloops import kept_lines, listed_lines

CALLS = st.lists(st.integers(0, 5), max_size=6)


def _run(lines: list[str], items, cells, holds, fails) -> tuple:
    """Run ``lines`` (finished: slots as e[...]) with tests that log each call; (the pairs or
    the failure, the log)."""
    log = []

    def near(v, t):  # F: the cell is near the value
        log.append(("near", v, t))
        return (v + t) % 3 != 0

    def same(v, t):  # E: the cell matches; fails for the values in ``fails``
        log.append(("same", v, t))
        if v in fails:
            raise ValueError(v)
        return (v * t) % 5 in holds

    def ready(t):  # a test before the any
        log.append(("ready", t))
        return t % 4 != 1

    space = {"near": near, "same": same, "ready": ready, "e": {"cells": cells}, "_l1": items, "_v9": cells}
    text = "def _f():\n" + "\n".join("    " + line for line in lines) + "\n    return _l2\n"
    text = text.replace("\x00", "e[").replace("\x01", "]")
    exec(compile(text, "<test>", "exec"), space)  # noqa: S102 (the test's own source)
    try:
        return space["_f"](), log
    except ValueError as failure:
        return ("failed", failure.args), log


TESTS = [
    "any(same(_v3, _v4) for _v3 in _v9 if near(_v3, _v4))",
    "ready(_v4) and any(same(_v3, _v4) for _v3 in _v9 if near(_v3, _v4))",
    "ready(_v4) and _v4 > 0 and any(same(_v3, _v4) for _v3 in \x00'cells'\x01)",
    "any((same(_v3, _v4) or near(_v3, _v4)) for _v3 in _v9 if near(_v3, _v4) if _v3 != _v4)",
]


@given(
    st.lists(st.integers(0, 6), max_size=7),
    CALLS,
    st.sets(st.integers(0, 4)),
    st.sets(st.integers(0, 5), max_size=2),
    st.sampled_from(TESTS),
)
def test_the_loops_keep_what_the_comprehension_keeps(tops, cells, holds, fails, test):
    """The same pairs kept, the same calls in the same order, the same failure."""
    items = [(t, 10 + t) for t in tops]
    plain = [f"_l2 = [(_v4, _k5) for _v4, _k5 in _l1 if {test}]"]
    loops = kept_lines("_l2", "_v4", "_k5", "_l1", test)
    assert loops != plain and "for _v4, _k5 in _l1:" in loops
    assert _run(loops, items, cells, holds, fails) == _run(plain, items, cells, holds, fails)


def test_other_tests_keep_the_comprehension():
    """A test that is no any(...) of one loop, or any(...) before another test, or one whose
    loop variable is a slot of the environment, stays a comprehension."""
    for test in (
        "same(_v4, 1)",
        "any(same(_v3, _v4) for _v3 in _v9) and ready(_v4)",
        "any(same(_v3, _v4) for _v3 in _v9 for _x in _v9)",
        "any(same(\x00'c'\x01, _v4) for \x00'c'\x01 in _v9)",
        "any([_v4])",
    ):
        assert kept_lines("_l2", "_v4", "_k5", "_l1", test) == [
            f"_l2 = [(_v4, _k5) for _v4, _k5 in _l1 if {test}]"
        ]


def test_a_slot_in_a_test_is_kept_whole():
    """A slot (\\x00'key'\\x01) read as the loop's collection is cut with its marks."""
    lines = kept_lines("_l2", "_v4", "_k5", "_l1", "any(same(_v3, _v4) for _v3 in \x00'cells'\x01)")
    assert "    for _v3 in \x00'cells'\x01:" in lines


class _Gen:
    """What listed_lines asks of a generator: fresh names, the bound exception class, the
    names of the pure helpers."""

    caught = "_b0"
    pure = {"_b1", "_b2"}

    def __init__(self):
        self.n = 100

    def fresh(self, stem):
        self.n += 1
        return f"_{stem}{self.n}"


SIFTED = [  # F (sifted before the first parameter's loop) reads the last value and the cell only
    "any(_b2(_v3, _v4, \x00'p'\x01) for _v3 in _v9 if _b1(_v3, _v4))",
    "any(_b2(_v3, _v4, \x00'p'\x01) for _v3 in \x00'cells'\x01 if _b1(_v3, _v4) if _v3 != len(_v9))",
]


def _listing(lines, firsts, items, cells, holds, fails, sift_fails) -> tuple:
    """Run listing ``lines`` (finished) for first values ``firsts``; (the runs or the failure,
    the calls of E in order)."""
    calls = []

    def near(v, t):  # F: pure; fails for the cells in ``sift_fails``
        if v in sift_fails and t % 2:
            raise ValueError("near", v)
        return (v + t) % 3 != 0

    def same(v, t, p):  # E
        calls.append((v, t, p))
        if v in fails and p % 2:
            raise ValueError("same", v)
        return (v * t + p) % 5 in holds

    space = {"_b0": Exception, "_b1": near, "_b2": same}
    head = [
        "e = {'cells': cells}",
        "out = []",
        "_l0 = [(p, 20 + p) for p in firsts]",
        "_l1 = items",
        "_v9 = cells",
    ]
    text = "def _f(firsts, items, cells):\n" + "\n".join("    " + x for x in head + lines + ["return out"])
    text = text.replace("\x00", "e[").replace("\x01", "]")
    exec(compile(text, "<test>", "exec"), space)  # noqa: S102 (the test's own source)
    try:
        return space["_f"](firsts, items, cells), calls
    except ValueError as failure:
        return ("failed", failure.args), calls


@given(
    st.lists(st.integers(0, 4), max_size=4),
    st.lists(st.integers(-1, 6), max_size=7),
    CALLS,
    st.sets(st.integers(0, 4)),
    st.sets(st.integers(0, 5), max_size=2),
    st.sets(st.integers(0, 5), max_size=2),
    st.sampled_from(SIFTED),
)
def test_the_cells_sifted_once_list_what_the_loops_list(firsts, tops, cells, holds, fails, sift_fails, test):
    """Sifting the cells by F once per last value lists the same runs, tests E on the same
    cells in the same order, and fails where the loops fail (a failure while sifting: the
    loops as written)."""
    items = [(t, 10 + t) for t in tops]
    after = "if _l2: out.append((\x00'p'\x01, _l2))"
    sifted = listed_lines(_Gen(), ("\x00'p'\x01", "_k1", "_l0"), "_l2", ("_v4", "_k5"), "_l1", test, after)
    assert any("_b0" in line for line in sifted)
    plain = [
        "for \x00'p'\x01, _k1 in _l0:",
        f"    _l2 = [(_v4, _k5) for _v4, _k5 in _l1 if {test}]",
        f"    {after}",
    ]
    args = (firsts, items, cells, holds, fails, sift_fails)
    assert _listing(sifted, *args) == _listing(plain, *args)


def test_a_test_reading_the_first_value_in_its_sift_is_not_sifted():
    """F reading the first parameter (its slot) or calling a helper that is not pure keeps
    the loops per first value."""
    for test in (
        "any(_b2(_v3, _v4, 1) for _v3 in _v9 if _b1(_v3, \x00'p'\x01))",
        "any(_b2(_v3, _v4, 1) for _v3 in _v9 if _b7(_v3, _v4))",
        "any(_b2(_v3, _v4, 1) for _v3 in _v9 if e.get(_v3))",
    ):
        lines = listed_lines(
            _Gen(), ("\x00'p'\x01", "_k1", "_l0"), "_l2", ("_v4", "_k5"), "_l1", test, "pass"
        )
        assert not any("_b0" in line for line in lines)
