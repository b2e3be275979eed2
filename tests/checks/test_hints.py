"""Every hint, checked against a table: for each diagnostic code that carries a hint, a case
where the hint is right, and the cases where a hint used to mislead (issue 30). Values in
messages are spelt as YAML spells them (true, false, null), never as Python does."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

import playa_rules as pr

ROOT = Path(__file__).resolve().parents[2]
KUHN = (ROOT / "docs" / "examples" / "kuhn-poker.yaml").read_text(encoding="utf-8")
PLAYA = (ROOT / "spec" / "games" / "playa-pirata.yaml").read_text(encoding="utf-8")
NIM = (ROOT / "tests" / "games" / "nim.yaml").read_text(encoding="utf-8")
SETUP = "  deal 1 from deck to each hand\n"
SCORE = "    points: count(me.towels)"


def _kuhn_setup(line: str) -> str:
    return KUHN.replace(SETUP, SETUP + f"  {line}\n")


def _variant(body: str) -> tuple[str, str]:
    return "extends: playa-pirata\nvariant: v\ntitle: V\n" + body, "v.yaml"


# (case, text or (text, file name), code, the hint holds this)
RIGHT = [
    (
        "a comma of a call in a YAML flow list",
        PLAYA.replace("require: {has_card: card != none}", "require: [contains(me.treasures, card)]"),
        "dsl-syntax",
        "a comma in a YAML list written [a, b] ends the text there: put the text in quotes",
    ),
    (
        "two conditions on one line of a block list",
        NIM.replace("      - hand.heaps[heap] >= n\n", "      - hand.heaps[heap] >= n, n > 0\n"),
        "dsl-syntax",
        "a condition has no commas: write each condition on its own line",
    ),
    (
        "a YAML list as a one_of domain",
        NIM.replace("heap: {number_in: [0, 2]}", "heap: {one_of: [0, 1, 2]}"),
        "schema",
        'write the list as DSL text, "[0, 1, 2]", or name a list parameter',
    ),
    ("a misspelt name", _kuhn_setup("shuffle dekc"), "unknown-name", "did you mean 'deck'?"),
    (
        "a player variable named like a per-player zone",
        KUHN.replace("player: {put: 1, folded: false}", "player: {put: 1, folded: false, hand: 0}"),
        "name-clash",
        "rename the variable (or the zone)",
    ),
    (
        "a key given twice",
        KUHN.replace("players: [2]\n", "players: [2]\nplayers: [2]\n", 1),
        "duplicate-key",
        "the other checks read the first one (line 9): remove one of them",
    ),
    ("a number written as a word", _kuhn_setup("set hand.bets = two"), "unknown-name", "in digits: 2"),
    # programmers' habits from other languages (an outside tester's list)
    ("&& for and", _kuhn_setup("if true && false { shuffle deck }"), "dsl-syntax", "writes '&&' as 'and'"),
    ("|| for or", _kuhn_setup("if true || false { shuffle deck }"), "dsl-syntax", "writes '||' as 'or'"),
    ("! for not", _kuhn_setup("if !true { shuffle deck }"), "dsl-syntax", "writes '!' as 'not'"),
    ("null for none", _kuhn_setup("set hand.bets = null"), "unknown-name", "writes 'none', not 'null'"),
    ("True for true", _kuhn_setup("if True { shuffle deck }"), "unknown-name", "'true', in lower case"),
    ("False for false", _kuhn_setup("if False { shuffle deck }"), "unknown-name", "'false', in lower case"),
    (
        "x in a list",
        _kuhn_setup("if 1 in [1, 2] { shuffle deck }"),
        "dsl-syntax",
        "contains(COLLECTION, VALUE)",
    ),
    ("a zone's length", _kuhn_setup("set hand.bets = me.hand.length"), "type-error", "did you mean 'count'?"),
    (
        "deal to a per-player zone",
        _kuhn_setup("deal 1 from deck to hand"),
        "zone-needs-owner",
        "'to each hand'",
    ),
    (
        "extends misspelt",
        _variant("")[0].replace("playa-pirata", "playa-pirta"),
        "unknown-extends",
        "'playa-pirata'",
    ),
    ("len, as other languages say", _kuhn_setup("set hand.bets = len(deck)"), "unknown-function", "'count'"),
    ("length misspelt", _kuhn_setup("set hand.bets = lenght(deck)"), "unknown-function", "'count'"),
    (
        "len over a comprehension",
        PLAYA.replace(SCORE, "    points: -len(c in me.towels where c.value == 3)"),
        "unknown-function",
        "did you mean 'count'?",
    ),
    ("a misspelt function", _kuhn_setup("set hand.bets = cuont(deck)"), "unknown-function", "'count'"),
    (
        "range, which this language writes out",
        _kuhn_setup("set hand.bets = count(range(3))"),
        "unknown-function",
        "there is no range: write the numbers as a list",
    ),
    ("a misspelt variable", _kuhn_setup("set hand.betz = 1"), "unknown-variable", "did you mean 'bets'?"),
    (
        "a start value written as an expression",
        KUHN.replace(
            "  hand: {bets: 0, passes: 0, done: false}",
            "  hand: {bets: 0, passes: 0, done: false, n: count(deck)}",
        ),
        "start-expression",
        "set it with an effect in setup (run at the start of every hand): set hand.n = count(deck)",
    ),
    (
        "a misspelt property",
        KUHN.replace("top(s.hand).rank", "top(s.hand).rnak"),
        "unknown-attribute",
        "did you mean 'rank'?",
    ),
    (
        "a misspelt key",
        KUHN.replace("    effect: |\n      set me.put", "    efect: |\n      set me.put"),
        "schema",
        "known keys: text",
    ),
    (
        "a misspelt choice",
        KUHN.replace("deck: {visibility: hidden", "deck: {visibility: hiden"),
        "schema",
        None,  # the message itself says: (did you mean 'hidden'?)
    ),
    ("a misspelt action in a step", KUHN.replace("[pass, bet]", "[pas, bet]"), "unknown-action", "'pass'"),
    ("a misspelt start zone", KUHN.replace("    start: deck", "    start: dekc"), "unknown-zone", "'deck'"),
    (
        "a bare word in a list of numbers",
        PLAYA.replace("skull_points: [0, 0, 10, 18, 18]", "skull_points: [0, 0, ten, 18, 18]"),
        "type-error",
        "in YAML a bare word is a text, not a name",
    ),
    (
        "a phase id written bare in next",
        (ROOT / "tests" / "games" / "uno.yaml")
        .read_text(encoding="utf-8")
        .replace("next: \"'turn'\"", "next: turn"),
        "namespace-alone",
        "a phase id in next is a text, in quotes: next: \"'turn'\"",
    ),
    (
        "a phase id written bare inside an if in next",
        (ROOT / "tests" / "games" / "roll-off.yaml")
        .read_text(encoding="utf-8")
        .replace("then 'roll_off' else none", "then roll_off else none"),
        "unknown-name",
        "a phase id in next is a text, in quotes: 'roll_off'",
    ),
    (
        "a phase named like a namespace written bare inside an if in next",
        (ROOT / "tests" / "games" / "uno.yaml")
        .read_text(encoding="utf-8")
        .replace("next: \"'turn'\"", 'next: "if players > 1 then turn else none"'),
        "namespace-alone",
        "a phase id in next is a text, in quotes: 'turn'",
    ),
    (
        "a phase value no phase gives",
        PLAYA.replace("turn.groups < phase.max_groups", "turn.groups < phase.max_grups"),
        "unknown-phase-value",
        "did you mean 'max_groups'?",
    ),
    (
        "a ruling set to no alternative",
        _variant("rulings:\n  umbrella_last_turn: final-round\n"),
        "not-an-alternative",
        "did you mean 'final_round'?",
    ),
    (
        "a phase value true where another phase gives a number",
        PLAYA.replace("let: {max_groups: 2, min_groups: 1}", "let: {max_groups: true, min_groups: 1}"),
        "type-error",
        "a number here",
    ),
]


# the test cases' files (tests/cases/) whose hints are right: (code, file, the hint holds this)
CASE_FILES = [
    ("bad-key", "load/bad-key.yaml", "quote the key to make it a name"),
    ("alias-limit", "load/billion-laughs.yaml", "a 'billion laughs' file"),
    ("bad-value", "load/non-finite.yaml", "write a large integer or quote the text"),
    ("unsafe-tag", "load/python-tag.yaml", "remove the tag"),
    ("dsl-syntax", "semantic/dsl-syntax.yaml", "expected '('"),
    ("duplicate-id", "semantic/duplicate-ids.yaml", "give each step of a phase its own"),
    ("duplicate-text", "semantic/duplicate-text.yaml", "give each action a text of its own"),
    ("endless-phase", "semantic/endless-phase.yaml", "write a condition that becomes true"),
    ("unreachable-phase", "semantic/endless-phase.yaml", "give the earlier phase an end"),
    ("bad-count", "semantic/rounds-below-one.yaml", "a phase without turns leaves out 'turns'"),
    ("impossible-value", "semantic/impossible-value.yaml", "the values of 'value' are 1, 2"),
    ("misplaced-end", "semantic/misplaced-end.yaml", "use 'end phase', 'end hand' or 'end match' here"),
    ("running-scores-hidden", "semantic/running-scores-hidden.yaml", "drop 'scores: running'"),
    ("text-omits-parameter", "semantic/text-omits-parameter.yaml", "add {card} to the text"),
    ("unknown-alternative", "semantic/unknown-alternative.yaml", "did you mean 'always'?"),
    ("unknown-component", "semantic/unknown-component.yaml", "did you mean 'card'?"),
    ("unknown-phase", "semantic/unknown-phase.yaml", "did you mean 'main'?"),
    ("unknown-prose-field", "semantic/unknown-prose-field.yaml", "did you mean 'dealt'?"),
    ("unknown-field", "semantic/label-fields.yaml", "a label's field is {property} or {table[property]}"),
    ("unknown-prose-form", "semantic/unknown-prose-form.yaml", "did you mean 'words'?"),
    ("unused-action", "semantic/unused-action.yaml", "add it to a step of a phase, or remove it"),
    ("unused-component", "semantic/unused-component.yaml", "move them with an effect"),
    ("unused-zone", "semantic/unused-zone.yaml", "remove it, or use it in the rules"),
    ("unset-variable", "semantic/variables.yaml", "set it in an effect (set hand.bonus = ...)"),
    ("unused-variable", "semantic/variables.yaml", "remove it, or use it in the rules"),
]


@pytest.mark.parametrize("code,name,hint", CASE_FILES, ids=[c[0] for c in CASE_FILES])
def test_each_hint_of_the_test_cases_is_right(code, name, hint):
    found = [d for d in pr.validate(ROOT / "tests" / "cases" / name) if d.code == code]
    assert any(d.hint and hint in d.hint for d in found), [d.hint for d in found]


def _diagnostics(tmp_path, case):
    text, name = case if isinstance(case, tuple) else (case, "rules.yaml")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return pr.validate(path)


@pytest.mark.parametrize("case,text,code,hint", RIGHT, ids=[r[0] for r in RIGHT])
def test_each_hint_is_right_where_it_is_given(tmp_path, case, text, code, hint):
    found = [d for d in _diagnostics(tmp_path, text) if d.code == code]
    assert found, f"no {code} for {case}"
    if hint is None:
        assert "did you mean 'hidden'?" in found[0].message
    else:
        assert found[0].hint and hint in found[0].hint, found[0].hint


# (case, text, code, what the hint (or message) must not say)
MISLEADING = [
    (
        "max_groups: 'two' is no misspelt 'won'",
        PLAYA.replace("let: {max_groups: 2, min_groups: 1}", 'let: {max_groups: "two", min_groups: 1}'),
        "unknown-name",
        "'won'",
    ),
    (
        "-len(...) is no misspelt 'leading'",
        PLAYA.replace(SCORE, "    points: -len(c in me.towels where c.value == 3)"),
        "unknown-function",
        "leading",
    ),
    (
        "a name like nothing gets no guess",
        _kuhn_setup("set hand.bets = zqxwv"),
        "unknown-name",
        "did you mean",
    ),
    (
        "a paragraph is never compared",
        _kuhn_setup("set hand.bets = " + "b" * 300),
        "unknown-name",
        "did you mean",
    ),
    (
        "a ruling's choices are spelt as YAML spells them",
        PLAYA.replace(
            "  second_group_same_treasure:\n    value: false",
            "  second_group_same_treasure:\n    default: false\n    value: maybe",
        ),
        "not-an-alternative",
        "True",
    ),
]


@pytest.mark.parametrize("case,text,code,wrong", MISLEADING, ids=[m[0] for m in MISLEADING])
def test_no_hint_misleads(tmp_path, case, text, code, wrong):
    found = [d for d in _diagnostics(tmp_path, text) if d.code == code]
    assert found, f"no {code} for {case}"
    for d in found:
        assert wrong not in (d.hint or "") and wrong not in d.message, d.format()


def test_true_where_a_number_is_compared_is_refused():
    """``max_groups: true`` in every phase: compared with a number, it is a type error (not 1)."""
    text = PLAYA.replace(
        "let: {max_groups: 2, min_groups: 1}", "let: {max_groups: true, min_groups: 1}"
    ).replace("let: {max_groups: 1, min_groups: 0}", "let: {max_groups: false, min_groups: 0}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.yaml"
        path.write_text(text, encoding="utf-8")
        diags = pr.validate(path)
    (d,) = [d for d in diags if d.severity == "error"]
    assert (d.code, d.message) == (
        "type-error",
        "the right side of '<' must be a number, but this is a truth value",
    )


def test_every_code_that_carries_a_hint_has_a_case():
    """The codes the bundled test cases and the tables above show with a hint are the table's."""
    cases = {r[2] for r in RIGHT} | {c[0] for c in CASE_FILES}
    seen = set()
    for path in sorted((ROOT / "tests" / "cases").rglob("*.yaml")):
        seen |= {d.code for d in pr.validate(path) if d.hint}
    untested = seen - cases - {"schema", "not-checked", "too-many-problems"}
    assert not untested, f"codes with hints but no case in RIGHT: {sorted(untested)}"


@pytest.mark.parametrize("between", ["\n  ", "; "])
def test_an_else_after_a_new_line_says_where_it_goes(tmp_path, between):
    """A new line (or ';') after the '}' ends the 'if': the 'else' then starts a statement,
    and the message says to write '} else {'."""
    text = _kuhn_setup(f"if true {{ shuffle deck }}{between}else {{ shuffle deck }}")
    (found,) = [d for d in _diagnostics(tmp_path, text) if d.code == "dsl-syntax"]
    assert (
        "unexpected 'else': 'else' goes on the line of the '}' that closes its 'if': } else {"
        in found.message
    )
    assert found.hint is None
