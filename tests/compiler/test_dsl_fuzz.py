"""Fuzzing the DSL: whatever the text, only the library's own errors escape, and quickly.

Inputs: random text; token soups made of the grammar's keywords and operators and of
the names Playa Pirata defines; mutations (cuts, insertions, duplications) of the DSL
texts found in ``playa-pirata.yaml``; and mutated rule files through the whole
validation. Each call must finish in well under half a second.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from cpu import cpu_within
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules import resources
from playa_rules.checks import dsl_texts
from playa_rules.compiler.dsl import types as T
from playa_rules.compiler.dsl.compile import Compiler, Define, Scope
from playa_rules.compiler.dsl.parse import MAX_DSL_LENGTH, Origin, parse_block, parse_expr
from playa_rules.errors import DSLSyntaxError, PlayaRulesError

LIMIT = 2.0  # CPU seconds for one call: a bound against blow-ups (a normal call takes milliseconds)
FUZZ = settings(
    max_examples=400,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

RULES = pr.load("playa-pirata")
MODEL = RULES.program.model
DATA = RULES.doc.data
TEXTS = [t for t in dsl_texts(DATA) if isinstance(t.text, str)]
EXPRESSIONS = [t.text for t in TEXTS if not t.effect]
EFFECTS = [t.text for t in TEXTS if t.effect]

_GRAMMAR = resources.grammar_path().read_text(encoding="utf-8")
KEYWORDS = sorted({w for w in re.findall(r'"([^"\\]+)"', _GRAMMAR) if "^" not in w})
NAMES = sorted(
    {
        *re.findall(r"[A-Za-z_][A-Za-z0-9_]*", " ".join(t.text for t in TEXTS)),
        *MODEL.zones,
        *MODEL.props,
        *MODEL.constants,
        "me",
        "players",
        "seats",
        "others",
        "round",
        "owner",
        "type",
        "label",
        "hand_scores",
        "x",
        "__class__",
        "__import__",
        "eval",
    }
)
LITERALS = [
    "0",
    "1",
    "2",
    "-1",
    "99999999999999999999",
    "'skull'",
    "'telescope'",
    '"x"',
    "'",
    '"',
    "\n",
    ";",
    "#",
    "\t",
    "\\",
    "@",
    "$",
    "1e9",
    "0x1f",
]
TOKENS = KEYWORDS + NAMES + LITERALS


def _defines() -> dict:
    out = {}
    for key, text in DATA["define"].items():
        name, _, rest = key.partition("(")
        params = tuple(p.strip() for p in rest.rstrip(") ").split(",") if p.strip())
        out[name] = Define(name, params, parse_expr(text), Origin(), text)
    return out


DEFINES = _defines()
PHASE_LETS = {k for ph in DATA["phases"] for k in (ph.get("let") or {})}


def _scope() -> Scope:
    """Names the actions of Playa Pirata bind (card is a treasure in one, a pirate in others)."""
    return (
        Scope()
        .bind("card", "card#0", T.comp(()))
        .bind("spot", "spot#1", T.comp({"treasure"}))
        .bind("cards", "cards#2", T.list_of(T.comp({"towel"})))
    )


def _compiler() -> Compiler:
    cp = Compiler(MODEL, DEFINES)
    cp.phase_lets.update(PHASE_LETS)
    return cp


def _only_library_errors(fn, *args):
    """Run ``fn``; a library error is fine, anything else fails; either way within LIMIT seconds."""
    with cpu_within(LIMIT, f"{fn.__name__} on {args[0]!r:.200}"):
        try:
            result = fn(*args)
        except PlayaRulesError as exc:
            result = exc
    return result


# ------------------------------------------------------------------ strategies
token_soup = st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join)


@st.composite
def mutated(draw, pool):
    """A DSL text of the bundled game with a few cuts, insertions and duplications."""
    text = draw(st.sampled_from(pool))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["cut", "token", "char", "copy"]))
        if how == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif how == "token":
            text = (
                text[:at] + draw(st.sampled_from([" ", ""])) + draw(st.sampled_from(TOKENS)) + " " + text[at:]
            )
        elif how == "char":
            text = text[:at] + draw(st.characters()) + text[at:]
        else:
            other = draw(st.integers(0, len(text)))
            text = text[:at] + text[min(at, other) : max(at, other)] + text[at:]
    return text


any_expression = st.one_of(st.text(max_size=120), token_soup, mutated(EXPRESSIONS))
any_effect = st.one_of(st.text(max_size=120), token_soup, mutated(EFFECTS))


# ------------------------------------------------------------------ parsing
@FUZZ
@given(st.text(max_size=300))
@example("(" * 5000)
@example("not " * 900 + "true")
@example("-" * 3999 + "1")
@example("[" * 3000 + "]" * 3000)
@example("if " * 1300 + "a")
@example("a." * 1900 + "b")
@example("\x00\r\n\u2028\ufeff")
def test_parsing_random_text_raises_only_library_errors(text):
    _only_library_errors(parse_expr, text)
    _only_library_errors(parse_block, text)


@FUZZ
@given(token_soup)
def test_parsing_token_soup_raises_only_library_errors(text):
    _only_library_errors(parse_expr, text)
    _only_library_errors(parse_block, text)


@FUZZ
@given(st.one_of(mutated(EXPRESSIONS), mutated(EFFECTS)))
def test_parsing_mutated_game_texts_raises_only_library_errors(text):
    _only_library_errors(parse_expr, text)
    _only_library_errors(parse_block, text)


def test_texts_over_the_limit_are_refused_at_once():
    for text in ("1 + " * MAX_DSL_LENGTH, "x" * (MAX_DSL_LENGTH + 1)):
        with cpu_within(0.5, "refusing a text over the limit"), pytest.raises(DSLSyntaxError) as info:
            parse_expr(text)  # refused before parsing: milliseconds
        assert info.value.diagnostic.code == "dsl-too-long"


@pytest.mark.parametrize("text", ["(" * 1999 + "1" + ")" * 1999, "not " * 999 + "true", "-" * 3999 + "1"])
def test_deep_nesting_within_the_limit_is_refused_or_parsed_quickly(text):
    result = _only_library_errors(parse_expr, text)
    assert not isinstance(result, PlayaRulesError) or result.diagnostic.code in ("dsl-too-deep", "dsl-syntax")


# ------------------------------------------------------------------ compiling against the Playa Pirata model
def _compile_expression(text):
    return _compiler().expr(parse_expr(text, Origin()), _scope())


def _compile_effect(text):
    return _compiler().block(parse_block(text, Origin()), _scope())


@FUZZ
@given(any_expression)
def test_compiling_random_expressions_raises_only_library_errors(text):
    _only_library_errors(_compile_expression, text)


@FUZZ
@given(any_effect)
def test_compiling_random_effects_raises_only_library_errors(text):
    _only_library_errors(_compile_effect, text)


def test_every_text_of_the_bundled_game_compiles_in_this_harness():
    """The harness is faithful: the unmutated texts compile (so mutations test the compiler, not the setup)."""
    for t in TEXTS:
        if t.pointer.startswith(("/define/", "/components/")):
            continue
        result = _only_library_errors(_compile_effect if t.effect else _compile_expression, t.text)
        assert not isinstance(result, PlayaRulesError), (t.pointer, result)


# ------------------------------------------------------------------ whole files
MINIMAL = (Path(__file__).parent.parent / "cases" / "semantic" / "minimal.yaml").read_text(encoding="utf-8")
MINIMAL_LINES = MINIMAL.splitlines()


@st.composite
def mutated_file(draw):
    """The minimal rule file with lines dropped, repeated, swapped or edited."""
    lines = list(MINIMAL_LINES)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "repeat", "swap", "edit", "indent"]))
        if how == "drop":
            del lines[i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        elif how == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif how == "indent":
            lines[i] = draw(st.sampled_from(["  ", ""])) + lines[i].lstrip(draw(st.sampled_from([" ", ""])))
        else:
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = (
                lines[i][:at]
                + draw(st.sampled_from(TOKENS + [":", "- ", "{", "}", "[", "]", "&a", "*a"]))
                + lines[i][at + draw(st.integers(0, 4)) :]
            )
        if not lines:
            break
    return "\n".join(lines) + "\n"


@settings(
    max_examples=100,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated_file())
def test_validating_mutated_rule_files_reports_and_never_crashes(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.yaml"
        path.write_text(text, encoding="utf-8")
        with cpu_within(LIMIT, "validating a mutated file"):
            diags = pr.validate(path)
        assert all(isinstance(d, pr.Diagnostic) and d.code and d.message for d in diags)
        _only_library_errors(pr.load, path)


def test_the_parser_tables_file_is_made_from_this_grammar():
    """grammar/effects.tables.json (read at start-up, JSON, never a pickle) is up to date:
    regenerate with python -m playa_rules.compiler.dsl.tables > grammar/effects.tables.json"""
    import json

    from playa_rules.compiler.dsl import parse as P

    tables = json.loads(resources.grammar_path().with_suffix(".tables.json").read_text(encoding="utf-8"))
    grammar = resources.grammar_path().read_text(encoding="utf-8")
    assert tables["grammar_sha256"] == P._digest(grammar), "regenerate grammar/effects.tables.json"


def test_the_parser_read_from_its_tables_parses_as_the_one_built_from_the_grammar():
    from lark import Lark

    from playa_rules.compiler.dsl import parse as P

    built = Lark(resources.grammar_path().read_text(encoding="utf-8"), transformer=P.BUILDER, **P._OPTIONS)
    loaded = P.parser()
    assert loaded.source_path == "<deserialized>"  # read from the tables, not built
    for dsl in TEXTS:
        start = "block" if dsl.effect else "expr"
        source = dsl.text if dsl.effect else dsl.text.replace("\n", " ")
        a, b = loaded.parse(source, start=start), built.parse(source, start=start)
        assert a == b and _positions(a[0]) == _positions(b[0])


def _positions(node) -> list:
    """Every AST node's class and position, depth first (positions are not compared by ==)."""
    import dataclasses

    from playa_rules.compiler.dsl import ast as A

    out = []

    def walk(n):
        if isinstance(n, A.Node):
            out.append((type(n).__name__, n.pos))
            for f in dataclasses.fields(n):
                walk(getattr(n, f.name))
        elif isinstance(n, (tuple, list)):
            for x in n:
                walk(x)

    walk(node)
    return out


# Where each kind of node starts: the text at its position begins with this (a regular
# expression); nodes that start where their first part starts are checked through it.
_OPENS = {
    "Num": r"\d",
    "Str": "['\"]",
    "Bool": "true|false",
    "NoneLit": "none",
    "Move": "move",
    "Reveal": "reveal",
    "Set": "set",
    "SetOn": "set",
    "Pick": "pick",
    "Shuffle": "shuffle",
    "Deal": "deal",
    "Roll": "roll",
    "If": "if",
    "For": "for",
    "End": "end",
    "Win": "win",
    "Conditional": "if",
    "Not": "not",
    "Neg": "-",
    "ListLit": r"\[",
    "Compare": "[=!<>]",
    "BinOp": r"[-+*/%]",
}


def test_every_node_of_the_bundled_texts_is_located_where_its_text_is():
    """The parser builds the AST while it reduces and reads positions off the tokens: a
    statement is located at its keyword, a literal at itself, a name or a call at the name,
    an operator at the operator, an 'if' expression at 'if'."""
    import dataclasses

    from playa_rules.compiler.dsl import ast as A
    from playa_rules.compiler.dsl.parse import parse_block, parse_expr

    for dsl in TEXTS:
        text = dsl.text if dsl.effect else dsl.text.replace("\n", " ")
        lines = text.split("\n")
        root = parse_block(text) if dsl.effect else parse_expr(text)
        stack = [root]
        while stack:
            n = stack.pop()
            if isinstance(n, (tuple, list)):
                stack.extend(n)
                continue
            if not isinstance(n, A.Node):
                continue
            stack.extend(getattr(n, f.name) for f in dataclasses.fields(n))
            line, col = n.pos
            at = lines[line - 1][col - 1 :]
            kind = type(n).__name__
            if kind in _OPENS:
                assert re.match(_OPENS[kind], at), (text, kind, n.pos)
            elif kind in ("Name", "Call", "CallOver"):
                assert at.startswith(n.id if kind == "Name" else n.func), (text, kind, n.pos)
            elif kind == "Attr":
                assert at.startswith(n.name), (text, kind, n.pos)
