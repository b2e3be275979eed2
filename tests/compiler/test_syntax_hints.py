"""A syntax error says what the writer most likely meant, and lists what may come next truthfully.

A rule writer who knows other languages writes ``=`` to compare; wherever a comparison may
stand, the error says "did you mean '=='?". Elsewhere, the list of what the parser expected
names the comparisons where they are valid.
"""

from __future__ import annotations

import pytest

from playa_rules.compiler.dsl.parse import parse_block, parse_expr
from playa_rules.errors import DSLSyntaxError


def syntax_error(text: str, block: bool = False):
    with pytest.raises(DSLSyntaxError) as info:
        (parse_block if block else parse_expr)(text)
    (diag,) = info.value.diagnostics
    return diag


@pytest.mark.parametrize(
    "text",
    [
        "if me.tokens = 3 then 1 else 0",
        "me.tokens = 3",
        "a = 1",
        "count(c in me.bank where c.gold = 3)",
        "a and b = 1",
        "[c for c in me.bank where c.gold = 3]",
    ],
)
def test_a_lone_equals_where_a_comparison_fits_asks_for_double_equals(text):
    diag = syntax_error(text)
    assert diag.code == "dsl-syntax"
    assert diag.message == "unexpected '='"
    assert diag.hint.startswith("did you mean '=='?")
    assert diag.column == text.index("=") + 1


def test_the_expected_list_names_the_comparisons_where_they_are_valid():
    diag = syntax_error("f(a b)")
    assert diag.hint.startswith("expected ") and "a comparison" in diag.hint
    assert "'+' or '-'" in diag.hint and "'and'" in diag.hint


def test_setting_a_value_with_equals_in_an_effect_is_still_valid():
    parse_block("set turn.given = 3")


@pytest.mark.parametrize(
    ("text", "block", "named"),
    [
        ("set x = ", True, "'-'"),  # the unary minus: once 'minus'
        ("let a 3", True, "'='"),  # once 'equal'
        ("[1, 2", False, "']'"),
        ("move a", True, "'to'"),
    ],
)
def test_the_expected_list_names_a_symbol_as_written_not_as_the_grammar_names_it(text, block, named):
    diag = syntax_error(text, block)
    assert named in diag.hint.removeprefix("expected ").split(", ")


def test_every_terminal_the_parser_can_expect_reads_as_written_or_in_words():
    """No name of the grammar's own (MINUS, EQUAL, LSQB) can reach a hint: a terminal that
    matches one text is shown as that text, the others by a word of the table."""
    from playa_rules.compiler.dsl.parse import parser, terminal_word

    ignored = set(parser().lexer_conf.ignore)  # spaces and comments: never expected
    for t in parser().terminals:
        if t.name in ignored:
            continue
        word = terminal_word(t.name)
        if t.pattern.type == "str":
            assert word == repr(t.pattern.value) or t.name.startswith("_"), t.name
        else:
            assert word != t.name, t.name  # a word of the table


@pytest.mark.parametrize("text", ["move a b", "win a b", "if a b { end turn }", "roll a b"])
def test_an_if_expression_is_named_only_where_one_is_open(text):
    """The parser stops at 'move a b' in the state it stops at in 'if a b' (LALR shares it):
    the 'if' expression's message is for a text with an 'if' expression open only."""
    diag = syntax_error(text, block=True)
    assert diag.message == "unexpected 'b'" and "'if' expression" not in diag.message
    assert syntax_error("if a b").message.endswith(
        "an 'if' expression needs 'then' and 'else': if COND then A else B"
    )


@pytest.mark.parametrize(
    ("text", "block", "wanted", "not_wanted"),
    [
        ("move a b", True, {"'to'", "a comparison", "'and'"}, {"')'", "']'", "'then'", "'times'", "'='"}),
        ("set x = a b", True, {"a new line or ';'", "the end of the text"}, {"'to'", "')'", "'else'"}),
        ("[1, 2", False, {"','", "']'"}, {"')'"}),
    ],
)
def test_the_expected_list_holds_only_what_the_parser_takes_there(text, block, wanted, not_wanted):
    """The expected list is what the parser accepts at the stop, each token tried, not the
    whole list of the state (shared with texts where ')' or 'then' may come)."""
    listed = set(syntax_error(text, block).hint.removeprefix("expected ").split(", "))
    assert wanted <= listed and not (not_wanted & listed), listed
