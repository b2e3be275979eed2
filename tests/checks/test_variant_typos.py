"""A misspelt name a variant adds (``pirate_card`` for ``pirate_cards``) hides nothing else:
validation finds every mistake of a house rule at once, in the order of its lines."""

from __future__ import annotations

from pathlib import Path

import playa_rules as pr


def _where(d):
    return (Path(d.file).name if d.file else None, d.line, d.column)


def _variant(tmp_path, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("extends: pirate-gold-cards\nvariant: house\n" + body, encoding="utf-8")
    return path


def test_a_misspelt_parameter_and_a_misspelt_zone_are_both_reported(tmp_path):
    path = _variant(
        tmp_path,
        "parameters:\n  pirate_card: 8\nscoring:\n  - id: gold\n    points: gold(me) + count(me.bnak)\n",
    )
    diags = pr.validate(path)
    assert [(d.code, _where(d)) for d in diags] == [
        ("unknown-change", ("house.yaml", 4, 3)),
        ("unknown-attribute", ("house.yaml", 7, 33)),
    ]
    assert diags[0].hint.startswith("did you mean 'pirate_cards'?")
    assert diags[1].hint == "did you mean 'bank'?"


def test_a_misspelt_parameter_alone_is_the_one_error(tmp_path):
    (d,) = pr.validate(_variant(tmp_path, "parameters:\n  pirate_card: 8\n"))
    assert (d.code, _where(d)) == ("unknown-change", ("house.yaml", 4, 3))


def test_a_misspelt_parameter_beside_a_schema_error_reports_both_and_what_follows(tmp_path):
    path = _variant(
        tmp_path,
        "titel: x\nparameters:\n  pirate_card: 8\nscoring:\n  - id: gold\n    points: count(me.bnak)\n",
    )
    diags = pr.validate(path)
    assert [(d.code, _where(d)[1]) for d in diags if d.severity == "error"] == [
        ("schema", 3),
        ("unknown-change", 5),
        ("unknown-attribute", 8),
    ]
    assert diags[-1].code == "not-checked"


def test_errors_are_in_line_order_and_a_ruling_set_to_no_alternative_is_one_error(tmp_path):
    path = _variant(
        tmp_path,
        "parameters:\n  rounds: five\nrulings:\n  dummy_can_win: maybe\n"
        "scoring:\n  - id: gold\n    points: gold(me) + count(me.bnak)\n",
    )
    diags = pr.validate(path)
    assert [(d.code, _where(d)[1]) for d in diags] == [
        ("type-error", 4),
        ("not-an-alternative", 6),
        ("unknown-attribute", 9),
    ]


def test_a_variant_value_two_rules_read_is_one_type_error_in_plain_words(tmp_path):
    path = _variant(tmp_path, 'parameters:\n  gives: {3: "seven"}\n  min_receivers: [3]\n')
    diags = pr.validate(path)
    assert [(d.code, _where(d)[1]) for d in diags] == [("type-error", 4), ("type-error", 5)]
    assert diags[0].hint.startswith("its items mix a number and a text")
    assert "but this is a list of numbers" in diags[1].message
