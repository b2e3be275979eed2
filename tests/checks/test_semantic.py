"""Validation beyond the schema: a table of bad rule files, each problem located exactly.

Every file in ``tests/cases/semantic/`` is ``minimal.yaml`` with one thing wrong (or
three, for ``three-errors.yaml``). ``pr.validate`` must report exactly the listed
diagnostics, in order: severity, code, a fragment of the message, line, column and a
fragment of the hint (or None for no hint).
"""

from __future__ import annotations

import builtins
import os
import re
import subprocess
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules import resources
from playa_rules.checks import CHECKS, dsl_texts, semantic_diagnostics
from playa_rules.compiler.compile import compile_document
from playa_rules.compiler.dsl.parse import parse_expr
from playa_rules.compiler.model import _label
from playa_rules.errors import DSLSyntaxError, RuleError
from playa_rules.source.load import load_file, load_text

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).parent.parent / "cases" / "semantic"

# file -> every diagnostic expected, in order: (severity, code, message fragment, line, column, hint fragment)
BAD_FILES = {
    "unknown-name.yaml": [("error", "unknown-name", "unknown name 'dekc'", 27, 21, "did you mean 'deck'?")],
    "type-error.yaml": [
        (
            "error",
            "type-error",
            "the argument of 'count' must be a zone or a list, but this is a number",
            27,
            15,
            None,
        )
    ],
    "unknown-zone-in-move.yaml": [
        ("error", "unknown-name", "unknown name 'discrad'", 24, 26, "did you mean 'discard'?")
    ],
    "unknown-action-in-step.yaml": [
        ("error", "unknown-action", "no action is named 'pas'", 33, 36, "did you mean 'pass'?")
    ],
    "unknown-property.yaml": [
        (
            "error",
            "unknown-attribute",
            "card has no property, variable or zone 'valeu'",
            35,
            31,
            "did you mean 'value'?",
        )
    ],
    "dsl-syntax.yaml": [("error", "dsl-syntax", "unexpected 'into'", 18, 20, "expected")],
    "python-reach.yaml": [
        ("error", "unknown-variable", "no component variable '__class__' is declared", 26, 7, None),
        ("error", "unknown-function", "unknown function '__import__'", 30, 9, None),
        ("error", "unknown-attribute", "card has no property, variable or zone '__class__'", 31, 19, None),
        ("error", "unknown-function", "unknown function 'eval'", 32, 9, ""),
        ("error", "unknown-name", "unknown name 'x'", 33, 9, None),
        ("error", "dsl-syntax", "unexpected '('", 34, 32, "expected"),
    ],
    "three-errors.yaml": [
        ("error", "unknown-name", "unknown name 'discrad'", 24, 26, "did you mean 'discard'?"),
        ("error", "unknown-name", "unknown name 'dekc'", 27, 21, "did you mean 'deck'?"),
        ("error", "unknown-action", "no action is named 'pas'", 33, 36, "did you mean 'pass'?"),
    ],
    "duplicate-phase-id.yaml": [
        (
            "error",
            "duplicate-id",
            "duplicate phase id 'main' (first used at line 30)",
            34,
            9,
            "give each its own",
        )
    ],
    "duplicate-ids.yaml": [
        (
            "error",
            "duplicate-id",
            "duplicate step id 'play' in phase 'main' (first used at line 33)",
            34,
            14,
            "give each step of a phase its own",
        ),
        (
            "error",
            "duplicate-id",
            "duplicate scoring id 'kept' (first used at line 36)",
            37,
            10,
            "one rule's points would be lost",
        ),
        (
            "error",
            "duplicate-id",
            "duplicate tie-break id 'most' (first used at line 41)",
            42,
            12,
            "give each tie-break its own id",
        ),
    ],
    "duplicate-step-action.yaml": [
        (
            "error",
            "duplicate-id",
            "duplicate action 'play' in step 'play' of phase 'main' (first used at line 33)",
            33,
            42,
            "a step lists each action once",
        ),
        (
            "error",
            "duplicate-id",
            "duplicate action 'pass' in step 'play' of phase 'main' (first used at line 33)",
            33,
            56,
            "remove this mention",
        ),
    ],
    "misplaced-end.yaml": [
        (
            "error",
            "misplaced-end",
            "'end turn' in setup: no turn is being played when it runs",
            19,
            25,
            "use 'end phase', 'end hand' or 'end match' here",
        )
    ],
    "unknown-phase.yaml": [
        ("error", "unknown-phase", "no phase has the id 'mian'", 27, 51, "did you mean 'main'?")
    ],
    "unknown-component.yaml": [
        ("error", "unknown-component", "no component type is named 'crad'", 27, 57, "did you mean 'card'?")
    ],
    "unused-action.yaml": [
        (
            "warning",
            "unused-action",
            "action 'peek' is in no step's actions, fallback or free, so it can never be taken",
            29,
            3,
            "add it to a step",
        )
    ],
    "never-legal.yaml": [
        (
            "warning",
            "never-legal",
            "action 'pass' can never be taken: this condition is always false",
            27,
            36,
            None,
        )
    ],
    "unreachable-phase.yaml": [
        (
            "warning",
            "unreachable-phase",
            "phase 'bonus' never takes a turn: its 'until' condition always holds, and it is tested "
            "before the first turn",
            35,
            40,
            "write a condition that is false when the phase starts",
        )
    ],
    "rounds-below-one.yaml": [
        (
            "error",
            "bad-count",
            "phase 'bonus' would never take a turn: its rounds are always 0",
            35,
            41,
            "rounds is how many times",
        )
    ],
    "endless-phase.yaml": [
        (
            "warning",
            "endless-phase",
            "phase 'main' never ends: its 'until' condition never holds",
            31,
            40,
            "the game cannot finish",
        ),
        (
            "warning",
            "unreachable-phase",
            "phase 'last' is never reached: phase 'main' before it never ends",
            34,
            5,
            "give the earlier phase an end",
        ),
    ],
    "unused-zone.yaml": [("warning", "unused-zone", "zone 'attic' is used nowhere", 16, 3, "remove it")],
    "unused-component.yaml": [
        (
            "warning",
            "unused-component",
            "component type 'coin' starts in zone 'bank', which no expression or "
            "effect names: its items never move",
            13,
            12,
            "move them with an effect",
        )
    ],
    "name-clash.yaml": [
        (
            "error",
            "name-clash",
            "player variable 'hand' has the name of the per-player zone 'hand': me.hand would name both",
            17,
            12,
            "rename the variable",
        )
    ],
    "variables.yaml": [
        (
            "warning",
            "unset-variable",
            "hand.bonus is read but no effect sets it: it is always 0",
            17,
            10,
            "set hand.bonus = ...",
        ),
        ("warning", "unused-variable", "hand.spare is never read or set", 17, 20, "remove it"),
    ],
    "start-expression.yaml": [
        (
            "error",
            "start-expression",
            "the start value 'me.index' reads as an expression, but a start value is a literal",
            6,
            18,
            "set hand.leader = me.index",
        ),
        (
            "error",
            "start-expression",
            "the start value 'count(deck)' reads as an expression",
            6,
            36,
            "set hand.target = count(deck)",
        ),
    ],
    "impossible-value.yaml": [
        (
            "warning",
            "impossible-value",
            "no component has value 3, so this comparison is never true",
            27,
            51,
            "the values of 'value' are 1, 2",
        )
    ],
    "unknown-alternative.yaml": [
        (
            "warning",
            "unknown-alternative",
            "ruling 'pass_rule' is never 'allways': its value and alternatives are empty_hand, always",
            32,
            29,
            "did you mean 'always'?",
        )
    ],
    "duplicate-text.yaml": [
        (
            "warning",
            "duplicate-text",
            "actions 'play' and 'pass' have the same text 'play {card}'",
            26,
            11,
            "give each action a text of its own",
        )
    ],
    "text-omits-parameter.yaml": [
        (
            "warning",
            "text-omits-parameter",
            "the text 'play' of action 'play' does not show its parameter 'card': "
            "actions that differ only there read alike",
            21,
            11,
            "add {card} to the text",
        )
    ],
    "set-wrong-type.yaml": [
        (
            "error",
            "type-error",
            "turn.kept holds a number (its initial value is 0), so it cannot be set to a component (card)",
            24,
            19,
            "read one of its properties or variables (marked, value)",
        ),
        (
            "error",
            "type-error",
            "what '+=' adds must be a number, but this is a component (card)",
            32,
            24,
            "read one of its properties or variables",
        ),
        (
            "error",
            "type-error",
            "player variable 'seen' holds a truth value (its initial value is false), so it "
            "cannot be set to a text",
            37,
            21,
            None,
        ),
    ],
    "compare-face.yaml": [
        ("error", "type-error", "'==' compares a number with a text: they can never be equal", 33, 52, None)
    ],
    "null-variable-mixed.yaml": [
        (
            "error",
            "type-error",
            "hand.leader starts as none and its 'set's give it a component (card) and a seat, "
            "so its type cannot be told: '.hand' reads it as a component",
            32,
            33,
            "set hand.leader only to seats, or only to components",
        )
    ],
    "unknown-function-alias.yaml": [
        (
            "error",
            "unknown-function",
            "unknown function 'length'",
            27,
            15,
            "did you mean 'count'? How many elements",
        )
    ],
    "unknown-zone-name.yaml": [
        (
            "error",
            "unknown-name",
            "unknown name 'dice'",
            25,
            8,
            "a zone is needed here; the shared zones are cup, deck, discard",
        )
    ],
    "unknown-prose-field.yaml": [
        (
            "warning",
            "unknown-prose-field",
            "'{delt}' names no parameter, assumption or ruling: it is printed as written",
            38,
            11,
            "did you mean 'dealt'?",
        )
    ],
    "unknown-prose-form.yaml": [
        (
            "error",
            "unknown-prose-form",
            "'{dealt:word}' is no form of a number: a field's form is words, ordinal or nth "
            "(Words for a capital letter, words_f for the feminine, words_m for the short masculine), "
            "or a noun as one|many",
            38,
            11,
            "did you mean 'words'?",
        )
    ],
    "label-fields.yaml": [
        (
            "error",
            "unknown-field",
            "the label's '{value.__class__}' is no field: it would be shown as written",
            10,
            12,
            "a label's field is {property} or {table[property]}",
        ),
        (
            "error",
            "unknown-field",
            "the label's '{value!r}' is no field",
            10,
            12,
            "a label's field is {property} or {table[property]}",
        ),
    ],
    "running-scores-hidden.yaml": [
        (
            "error",
            "running-scores-hidden",
            "scoring rule 'kept' reads in zone 'hand' (through define 'kept_value'), which only its owner sees",
            39,
            11,
            "drop 'scores: running'",
        )
    ],
    "minimal.yaml": [],
}


def test_running_scores_over_public_zones_and_zone_sizes_are_valid(tmp_path):
    """``scores: running`` shows every seat the scoring rules on the current state: reading
    public zones, and the size of any zone (count(Z), which every seat sees), is no leak;
    Maui (bundled) reads only public zones."""
    text = (CASES / "running-scores-hidden.yaml").read_text(encoding="utf-8")
    public = text.replace("c in me.hand", "c in discard").replace(
        "count(deck)", "count(me.hand) + count(deck)"
    )
    (tmp_path / "public.yaml").write_text(public, encoding="utf-8")
    assert [d.code for d in pr.validate(tmp_path / "public.yaml")] == []
    assert pr.validate(resources.games_dir() / "maui.yaml") == []


def test_every_case_file_is_in_the_table():
    assert sorted(BAD_FILES) == sorted(p.name for p in CASES.glob("*.yaml"))


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_reports_exactly_its_problems(name):
    path = CASES / name
    got = pr.validate(path)
    expected = BAD_FILES[name]
    assert [(d.severity, d.code, d.line, d.column) for d in got] == [
        (sev, code, line, column) for sev, code, _, line, column, _ in expected
    ], "\n".join(map(str, got))
    for d, (_, _, fragment, _, _, hint) in zip(got, expected):
        assert fragment in d.message
        if hint is None:
            assert d.hint is None, d.hint
        else:
            assert d.hint is not None and hint in d.hint
        assert d.file == str(path)
        assert d.path.startswith("/")
        assert d.source_line == path.read_text(encoding="utf-8").splitlines()[d.line - 1]


@pytest.mark.parametrize(
    "name", sorted(n for n, diags in BAD_FILES.items() if any(sev == "error" for sev, *_ in diags))
)
def test_load_refuses_a_file_with_errors_and_reports_all_of_them(name):
    path = CASES / name
    with pytest.raises(pr.SpecError) as info:
        pr.load(path)
    errors = [(d.code, d.line, d.column) for d in pr.validate(path) if d.severity == "error"]
    assert [(d.code, d.line, d.column) for d in info.value.diagnostics] == errors
    assert str(info.value).splitlines()[0] == info.value.diagnostics[0].format().splitlines()[0]


@pytest.mark.parametrize(
    "name",
    sorted(n for n, diags in BAD_FILES.items() if diags and all(sev == "warning" for sev, *_ in diags)),
)
def test_warnings_do_not_stop_loading_and_are_kept_on_the_rules(name):
    rules = pr.load(CASES / name)
    assert rules.warnings == pr.validate(CASES / name)


def test_semantic_errors_raise_rule_error_from_load():
    with pytest.raises(RuleError) as info:
        pr.load(CASES / "duplicate-phase-id.yaml")
    assert info.value.diagnostic.code == "duplicate-id"


def test_an_action_listed_twice_in_a_step_is_refused_at_the_second_mention(tmp_path):
    # Outside tester, session 19: `actions: [a, b, a]` loaded and offered 'a' twice among the
    # legal actions (OpenSpiel's legal actions [0, 0, 1], which must be unique).
    path = tmp_path / "dups.yaml"
    path.write_text(
        "game: dups\ntitle: Dups\nplayers: [2]\nvariables:\n  player: {x: 0}\n"
        "actions:\n  a: {text: same, effect: set me.x += 1}\n  b: {text: other, effect: set me.x += 2}\n"
        "phases:\n  - id: m\n    turns: {from: start_player, rounds: 1}\n"
        "    steps:\n      - {id: s, actions: [a, b, a]}\n"
        "scoring:\n  - {id: x, points: me.x}\n",
        encoding="utf-8",
    )
    with pytest.raises(pr.SpecError) as info:
        pr.load(path)
    (d,) = info.value.diagnostics
    assert (d.code, d.line, d.column, d.path) == ("duplicate-id", 13, 33, "/phases/0/steps/0/actions/2")
    assert "action 'a' in step 's' of phase 'm'" in d.message
    # in both actions and fallback it is never offered twice (the fallback only when no action is legal)
    text = path.read_text(encoding="utf-8").replace("actions: [a, b, a]", "actions: [a, b], fallback: [a]")
    path.write_text(text, encoding="utf-8")
    assert [d.code for d in pr.validate(path) if d.severity == "error"] == []


def test_all_problems_of_a_file_are_reported_at_once():
    diags = pr.validate(CASES / "three-errors.yaml")
    assert len(diags) == 3
    assert {d.path for d in diags} == {
        "/actions/play/effect",
        "/actions/pass/require/0",
        "/phases/0/steps/0/actions/1",
    }


def test_document_checks_still_run_when_the_file_does_not_compile(tmp_path):
    text = (
        (CASES / "duplicate-phase-id.yaml")
        .read_text(encoding="utf-8")
        .replace("require: [count(me.hand) == 0]", "require: [count(dekc) == 0]")
    )
    path = tmp_path / "two-problems.yaml"
    path.write_text(text, encoding="utf-8")
    assert [(d.code, d.line) for d in pr.validate(path)] == [("unknown-name", 27), ("duplicate-id", 34)]


def test_dsl_syntax_error_caret_is_under_the_unexpected_word():
    (d,) = pr.validate(CASES / "dsl-syntax.yaml")
    lines = d.format().splitlines()
    assert lines[0].startswith(f"{CASES / 'dsl-syntax.yaml'}:18:20: error dsl-syntax: unexpected 'into'")
    assert lines[1] == "      deal 2 from deck into each hand"
    assert lines[2] == "                       ^"
    assert lines[1][lines[2].index("^") :].startswith("into")


def test_every_diagnostic_renders_with_a_caret_under_its_column():
    for name in BAD_FILES:
        for d in pr.validate(CASES / name):
            lines = d.format().splitlines()
            assert lines[1] == "    " + d.source_line
            assert lines[2] == "    " + " " * (d.column - 1) + "^"


# ------------------------------------------------------------------ DSL that tries to reach Python
def test_dsl_cannot_reach_python(monkeypatch):
    canary = Path("/tmp/playa-rules-pwned")
    if canary.exists():
        canary.unlink()
    called = []

    def forbidden(name):
        def trap(*args, **kwargs):
            called.append(name)
            raise AssertionError(f"{name} was called")

        return trap

    monkeypatch.setattr(builtins, "eval", forbidden("eval"))
    monkeypatch.setattr(builtins, "exec", forbidden("exec"))
    monkeypatch.setattr(os, "system", forbidden("os.system"))
    monkeypatch.setattr(subprocess, "Popen", forbidden("subprocess.Popen"))
    diags = pr.validate(CASES / "python-reach.yaml")
    with pytest.raises(RuleError):  # the headline decides the class; all six are reported
        pr.load(CASES / "python-reach.yaml")
    assert called == []
    assert not canary.exists()
    assert len(diags) == 6 and all(d.severity == "error" and d.line and d.column for d in diags)


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os')",
        "eval('1')",
        "exec('x = 1')",
        "getattr(me, 'x')",
        "open('/etc/passwd')",
        "me.__class__",
        "me.__dict__",
        "(1).__class__",
        "'a'.__class__",
        "top(deck).__globals__ == 1",
        "players.__class__",
    ],
)
def test_python_names_are_plain_unknown_names(text):
    doc = load_text(
        (CASES / "minimal.yaml")
        .read_text(encoding="utf-8")
        .replace("require: [count(me.hand) == 0]", f'require: ["{text}"]'),
        "inline.yaml",
    )
    with pytest.raises(pr.SpecError) as info:
        compile_document(doc)
    (d,) = info.value.diagnostics
    assert d.code in ("unknown-function", "unknown-attribute", "unknown-name", "type-error")
    assert (d.line, d.path) == (27, "/actions/pass/require/0")


def test_fields_that_look_like_python_are_no_fields_and_never_format():
    """A label's {value.__class__} is refused when the rules load; were one to reach the
    engine, it is filled by plain substitution, never str.format: shown as written."""
    assert _label(
        "{value.__class__}{value!r}{t[value].__class__} {value}", "card", {"value": 1}, {"t": {1: "one"}}
    ) == ("{value.__class__}{value!r}{t[value].__class__} 1")
    assert _label("{t[value]}", "card", {"value": 1}, {"t": {1: "one"}}) == "one"


# ------------------------------------------------------------------ the bundled games
BUNDLED_WARNINGS: dict[str, list[tuple[str, str]]] = {"playa-pirata": []}  # (code, path) each, if any


@pytest.mark.parametrize("game", pr.games())
def test_bundled_games_have_no_errors(game):
    diags = pr.validate(game)
    assert [d for d in diags if d.severity == "error"] == []
    assert [(d.code, d.path) for d in diags] == BUNDLED_WARNINGS.get(game, [])


def test_test_games_have_no_errors():
    for path in (ROOT / "tests" / "games").glob("*.yaml"):
        assert [d for d in pr.validate(path) if d.severity == "error"] == [], path


def test_dsl_texts_finds_every_kind_of_dsl_in_the_bundled_game():
    doc = load_file(resources.games_dir() / "playa-pirata.yaml")
    pointers = {t.pointer for t in dsl_texts(doc.data)}
    for pointer in (
        "/define/won",
        "/components/treasure/items/2/count",
        "/setup",
        "/actions/telescope/let/card",
        "/actions/place_towels/params/cards/group_of",
        "/actions/done/require/played_enough",
        "/actions/done/effect",
        "/phases/1/turns/rounds",
        "/phases/1/let/max_groups",
        "/phases/1/steps/1/on_blocked",
        "/scoring/0/points",
        "/match/hands",
        "/match/tie_breaks/0/value",
    ):
        assert pointer in pointers
    for t in dsl_texts(doc.data):  # every one is a string, an int or a bool the compiler reads
        assert isinstance(t.text, (str, int, bool))


def test_checks_are_registered_documented_and_listed_in_the_docs():
    docs = (ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
    assert CHECKS
    for registered in CHECKS:
        assert registered.fn.__doc__, registered.fn.__name__
        assert registered.codes
        for code in registered.codes:
            assert f"`{code}`" in docs, code


NOT_CODES = {"utf-8", "playa-pirata", "playa-rules"}  # hyphenated texts of the library that are no codes


def test_every_diagnostic_code_of_the_library_is_documented():
    docs = (ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "playa_rules").rglob("*.py"))
    codes = set(re.findall(r"""["']([a-z][a-z0-9]*(?:-[a-z0-9]+)+)["']""", source)) - NOT_CODES
    codes |= {"schema", "unreadable"}
    assert len(codes) > 50
    assert sorted(c for c in codes if f"`{c}`" not in docs) == []


def test_semantic_diagnostics_without_a_program_runs_the_document_checks_only():
    doc = load_file(CASES / "endless-phase.yaml")
    assert semantic_diagnostics(None, doc) == []  # phase checks need the compiled program
    assert [d.code for d in semantic_diagnostics(compile_document(doc), doc)] == [
        "endless-phase",
        "unreachable-phase",
    ]


# ------------------------------------------------------------------ known bugs
def test_syntax_error_on_the_second_line_of_an_expression_is_located_there():
    with pytest.raises(DSLSyntaxError) as info:
        parse_expr("players > 1 and\n  players $ 2")
    d = info.value.diagnostic
    assert (d.line, d.column, d.message) == (2, 11, "unexpected character '$'")


def test_a_failing_check_is_reported_and_does_not_hide_the_others(monkeypatch):
    from playa_rules.checks import base as checks

    def broken(ctx):
        raise ValueError("boom")
        yield  # pragma: no cover

    monkeypatch.setattr(
        checks, "CHECKS", checks.CHECKS + [checks.Registered(broken, False, ("internal-error",))]
    )
    diags = pr.validate(CASES / "unused-action.yaml")
    assert sorted((d.severity, d.code) for d in diags) == [
        ("warning", "internal-error"),
        ("warning", "unused-action"),
    ]
    (internal,) = [d for d in diags if d.code == "internal-error"]
    assert "the check 'broken' failed: ValueError: boom" in internal.message


def _gated(ruling: str) -> str:
    src = (Path(__file__).resolve().parent.parent / "cases" / "semantic" / "never-legal.yaml").read_text(
        encoding="utf-8"
    )
    return (
        src.replace("require: [count(me.hand) == 0, 1 > 2]", "require: [count(me.hand) == 0, may_pass]")
        + ruling
    )


@pytest.mark.parametrize(
    "ruling, warned",
    [
        # a ruling with alternatives switches the action on in the other reading: no mistake
        (
            "rulings:\n  may_pass:\n    value: false\n    question: May a player pass?\n    alternatives: [true]\n",
            False,
        ),
        # a plain false parameter is a condition that is always false
        ("parameters:\n  may_pass: false\n", True),
    ],
)
def test_an_action_switched_off_by_a_ruling_with_alternatives_is_no_never_legal_warning(
    tmp_path, ruling, warned
):
    path = tmp_path / "gated.yaml"
    path.write_text(_gated(ruling), encoding="utf-8")
    codes = [d.code for d in pr.validate(path)]
    assert ("never-legal" in codes) is warned


def test_groups_by_a_property_that_holds_a_list_are_a_located_error(tmp_path):
    """group_of counts equal values of its 'by' property: a component whose value there is a
    list (a typo in a list of values) is a located error, not a crash (found by the
    backends' differential fuzzing)."""
    text = (
        (resources.games_dir() / "playa-pirata.yaml")
        .read_text(encoding="utf-8")
        .replace(
            "value: [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]", "value: [1, 1, 1, 1, [2, 2], 2, 2, 2, 3, 3, 3, 3]"
        )
    )
    path = tmp_path / "listed.yaml"
    path.write_text(text, encoding="utf-8")
    found = [d for d in pr.validate(path) if d.code == "bad-param"]
    assert len(found) == 1 and found[0].line is not None
    assert "group_of groups components by 'value'" in found[0].message and "a list" in found[0].message
    with pytest.raises(pr.PlayaRulesError):
        pr.load(path)


@pytest.mark.parametrize(
    "text, shown",
    [
        ("play {}", "{}"),
        ("play { card }", "{ card }"),
        ("play {crad}", "{crad}"),
        ("play {card.__class__}", "{card.__class__}"),
        ("{card.value}", "{card.value}"),
    ],
)
def test_a_text_field_that_names_no_parameter_is_an_error(text, shown):
    source = (
        (CASES / "duplicate-text.yaml").read_text(encoding="utf-8").replace('"play {card}"', f'"{text}"', 1)
    )
    with pytest.raises(pr.SpecError) as info:
        compile_document(load_text(source, "inline.yaml"))
    found = [d for d in info.value.diagnostics if d.code == "unknown-field"]
    assert [d.line for d in found] == [21]
    assert f"the text names '{shown}', which is not a parameter" in found[0].message
    assert "card" in found[0].hint


# ------------------------------------------------------------------ types of variables, faces; hints
def _errors(name):
    return [(d.code, d.line, d.message, d.hint) for d in pr.validate(CASES / name) if d.severity == "error"]


def test_set_of_a_value_of_another_type_than_the_variables_is_a_type_error():
    """A new user's pig: ``set turn.pot += die`` (a component) added its id to the pot, and
    ``set turn.pot = 'x'`` was accepted on a variable that starts at 0."""
    (kept, added, seen) = _errors("set-wrong-type.yaml")
    assert kept[:2] == ("type-error", 24) and "turn.kept holds a number" in kept[2] and "component" in kept[2]
    assert added[:2] == ("type-error", 32) and "what '+=' adds must be a number" in added[2]
    assert "(marked, value)" in added[3]
    assert seen[:2] == ("type-error", 37) and "cannot be set to a text" in seen[2]


def test_a_dies_numeric_face_compared_with_a_text_is_a_type_error():
    """``if die.face == 'one'`` with faces [1..6] was accepted and always false."""
    assert [e[:2] for e in _errors("compare-face.yaml")] == [("type-error", 33)]
    assert "compares a number with a text" in _errors("compare-face.yaml")[0][2]


def test_a_null_variable_set_to_a_seat_and_a_component_says_why_it_cannot_be_read():
    ((code, line, message, hint),) = _errors("null-variable-mixed.yaml")
    assert (code, line) == ("type-error", 32)
    assert "hand.leader starts as none and its 'set's give it a component (card) and a seat" in message
    assert "only to seats" in hint


def test_a_function_named_as_other_languages_name_it_suggests_this_ones():
    """``length(...)`` suggested 'leading'."""
    ((code, line, message, hint),) = _errors("unknown-function-alias.yaml")
    assert (code, line, message) == ("unknown-function", 27, "unknown function 'length'")
    assert hint.startswith("did you mean 'count'?")


def test_an_unknown_name_where_a_zone_is_needed_suggests_only_zones():
    """``roll dice`` suggested the define 'die' (a component), though a zone is needed there."""
    ((code, line, message, hint),) = _errors("unknown-zone-name.yaml")
    assert (code, line, message) == ("unknown-name", 25, "unknown name 'dice'")
    assert "'die'" not in hint and "the shared zones are cup, deck, discard" in hint


def test_a_define_made_wrong_by_its_arguments_notes_the_call_that_passed_them(tmp_path):
    """``seeds_on(board, s)`` compares ``side(h) == s``, a number: given a seat (``me.left``),
    the error is in the define's text, and a note points at the call that passed the seat."""
    text = (ROOT / "tests" / "games" / "ayoayo.yaml").read_text(encoding="utf-8")
    call = "if seeds_on(turn.sown, 1 - me.index) > 0"
    assert call in text
    path = tmp_path / "ayoayo.yaml"
    path.write_text(text.replace(call, "if seeds_on(turn.sown, me.left) > 0"), encoding="utf-8")
    (error,) = [d for d in pr.validate(path) if d.severity == "error"]
    assert (error.code, error.path) == ("type-error", "/define/seeds_on(board, s)")
    (note,) = error.notes
    assert note.severity == "note" and note.message == "in this use of 'seeds_on'"
    assert note.source_line.strip().startswith("if seeds_on(turn.sown, me.left) > 0")
    assert "note: " in error.format()


def test_a_rule_text_field_that_looks_like_python_is_warned(tmp_path):
    """An action's rule text with {card.__class__}, {0} or {t[k]}: no field, printed as written,
    so the same unknown-prose-field warning as a {name} that names nothing (outside tester,
    session 19, item 5); {name} and {name:form} fields are still read as before."""
    path = tmp_path / "prose.yaml"
    path.write_text(
        (CASES / "minimal.yaml")
        .read_text(encoding="utf-8")
        .replace(
            '    text: "play {card}"\n',
            '    text: "play {card}"\n    rule: "Take {card.__class__} {0} {t[k]}."\n',
        ),
        encoding="utf-8",
    )
    found = [(d.code, d.severity, d.message, d.path) for d in pr.validate(path)]
    assert found == [
        (
            "unknown-prose-field",
            "warning",
            f"'{odd}' is no field: it is printed as written",
            "/actions/play/rule",
        )
        for odd in ("{card.__class__}", "{0}", "{t[k]}")
    ]
