"""Which expressions the generated backend writes as source, on tests/games/define-calls.yaml
(the games both backends play are compared by tests/compiler/test_backends.py, which plays every
test game): a define call's argument is written in place where that reads the same (a
plain argument the body always reads), and otherwise is passed to a function generated for
the call, or the call stays a closure's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules import rules as rules_module
from playa_rules.compiler.dsl.pysource import hands_on, plain_code

GAME = Path(__file__).parent.parent / "games" / "define-calls.yaml"
_CLOSURE = re.compile(r"_b\d+\(g, e\)")  # a call of a closure (or of a generated function) from source


@pytest.fixture(scope="module")
def sources():
    rules_module._CACHE.clear()
    try:
        return pr.load(GAME).program.generated
    finally:
        rules_module._CACHE.clear()


def _line(sources, needle: str) -> str:
    """The return line of the smallest generated function holding ``needle``."""
    found = sorted((s for s in sources if needle in s), key=len)
    assert found, needle
    return found[0].splitlines()[-1]


def test_an_argument_that_calls_something_stays_a_call(sources):
    # scaled(x): "x * 3" with x = count([c in row where c.value < card.value]): written in
    # place, its list would be built where the body reads it, not before the body runs
    assert any(re.search(r"return \(_b\d+\(g, e\) < 99\)", s) for s in sources)
    assert not any("* 3) < 99" in s for s in sources)


def test_a_plain_argument_read_in_one_branch_only_is_worked_out_before_the_body(sources):
    # either(flag, x): "if flag then x else 0" with x = c.value: the closures work x out
    # before the body (a part of none fails there), so it is not written into the branch but
    # passed to a function generated for the call, which reads its parameters
    bodies = [s.splitlines()[-1] for s in sources if "else 0)" in s]
    assert any(re.fullmatch(r"\s+return \(_v\d+ if _v\d+ else 0\)", b) for b in bodies), bodies
    assert all(  # else the define's own body, reading its parameters' slots (for the closures)
        re.fullmatch(r"\s+return \((_v\d+|e\['x#\d+'\]) if (_v\d+|e\['flag#\d+'\]) else 0\)", b)
        for b in bodies
    ), bodies
    assert any(re.search(r"_b\d+\(g, \(\S+\[_v\d+\] > 0\), _b\d+\[_v\d+\]\)", s) for s in sources)


def test_a_plain_argument_read_twice_is_written_twice(sources):
    # doubled(x): "x + x" with x = c.boost: two reads of a store, no call
    line = _line(sources, "]) + (g.cvars['boost'][_v")
    assert line.count("g.cvars['boost']") == 2 and not _CLOSURE.search(line)


def test_an_argument_that_calls_something_read_twice_is_worked_out_once(sources):
    # doubled(worth(card)): worth reads a table through its reader, so it is not written
    # twice into x + x: the call site's own function takes it once, as its parameter
    assert any(re.fullmatch(r"def _generated\(g, (_v\d+)\):\n    return \(\1 \+ \1\)\n", s) for s in sources)
    assert any(
        re.search(r"\(_b\d+\(g, \(_b\d+\(_b\d+, _b\d+\[e\['card#\d+'\]\]\) \+ g\.cvars\['boost'\]", s)
        for s in sources
    )


def test_indexing_division_and_a_zone_copy_are_source(sources):
    # slot(k): "[c in row][k % count(row)]": the row copied, the index's divider and the
    # list's reader called with their parts inline
    line = _line(sources, "list(g.zones[4]), _b")  # the define's own body: its parameter's slot
    assert re.fullmatch(
        r"\s+return _b\d+\(list\(g\.zones\[4\]\), _b\d+\(e\['k#\d+'\], len\(g\.zones\[4\]\)\)\)", line
    ), line
    line = _line(sources, "(((g.round + ")  # the call: the argument in the slot's place
    assert re.fullmatch(
        r"\s+return _b\d+\(list\(g\.zones\[4\]\), _b\d+\(\(\(g\.round \+ _b\d+\[e\['card#\d+'\]\]\)\), "
        r"len\(g\.zones\[4\]\)\)\)",
        line,
    ), line


def test_hands_on_sees_the_environment_only_in_code():
    assert hands_on("_b3(g, e) + 1")
    assert not hands_on("g.zones[\x00'e'\x01]")  # a slot named e
    assert not hands_on("(x == 'e')")  # a text
    assert plain_code("f('a', \x00'k'\x01)") == "f(, )"


@pytest.mark.parametrize("seed", range(6))
def test_the_define_calls_game_scores_alike_with_both_backends(monkeypatch, seed):
    scores = []
    for backend in ("closures", "generated"):
        if backend == "closures":
            monkeypatch.setenv("PLAYA_RULES_BACKEND", "closures")
        else:
            monkeypatch.delenv("PLAYA_RULES_BACKEND", raising=False)
        rules_module._CACHE.clear()
        game = pr.load(GAME).new_game(3, seed=seed)
        rules_module._CACHE.clear()
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[(seed * 7 + len(game.log)) % len(legal)])
        scores.append((game.scores(), game.log))
    assert scores[0] == scores[1]
