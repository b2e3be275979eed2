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
