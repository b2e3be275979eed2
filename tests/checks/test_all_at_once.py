"""A rule author's broken files, each reported whole in one run (an outside tester's findings):
every misspelt name of a text, checks that a bad id no longer stops, a broken variant in one
run instead of four, a card whose value is a text where the rules add numbers at the card's
line, a number YAML reads as text, the 100-problem cap on unknown keys, and a label's typo."""

from __future__ import annotations

from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.errors import SpecError
from playa_rules.shared.limits import MAX_PROBLEMS
from playa_rules.simulation.smoke import simulate

ROOT = Path(__file__).resolve().parents[2]
MY_RULES = (ROOT / "docs" / "examples" / "my-rules.yaml").read_text()


def _write(tmp_path, text: str, name: str = "rules.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _found(diags) -> list:
    return [(d.code, d.line, d.column) for d in diags]


def _my_rules(tmp_path, *changes) -> Path:
    text = MY_RULES
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return _write(tmp_path, text)


# ------------------------------------------------------------------ every mistake of a text
def test_two_misspelt_zones_in_one_score_are_both_reported(tmp_path):
    path = _my_rules(
        tmp_path, ("points: sum(c.value for c in me.hand)", "points: count(dekc) + count(discrad)")
    )
    diags = pr.validate(path)
    assert [(d.code, d.message) for d in diags] == [
        ("unknown-name", "unknown name 'dekc'"),
        ("unknown-name", "unknown name 'discrad'"),
    ]
    assert [d.hint for d in diags] == ["did you mean 'deck'?", "did you mean 'discard'?"]
    assert [d.column for d in diags] == [19, 33]


def test_an_effect_with_three_typos_over_two_lines_reports_the_three(tmp_path):
    path = _my_rules(
        tmp_path,
        (
            "      move me.hand to discard\n      deal 1 from deck to me.hand",
            "      move me.hnd to discrad\n      deal 1 from dekc to me.hand",
        ),
    )
    diags = pr.validate(path)
    assert [d.code for d in diags] == ["unknown-attribute", "unknown-name", "unknown-name"]
    assert [d.line for d in diags] == [41, 41, 42]
    assert "'hnd'" in diags[0].message and "'discrad'" in diags[1].message and "'dekc'" in diags[2].message


def test_every_kind_of_statement_mistake_in_one_effect_is_reported(tmp_path):
    path = _my_rules(
        tmp_path,
        (
            "      move me.hand to discard\n",
            "      shuffle dekc\n      set turn.nope = 1\n      do nothing_here\n"
            "      if count(deck) > 'a' { move me.hand to dsicard }\n      move me.hand to discard\n",
        ),
    )
    codes = [d.code for d in pr.validate(path)]
    assert codes == ["unknown-name", "unknown-variable", "unknown-procedure", "type-error", "unknown-name"]


def test_a_part_failing_only_because_of_its_misspelt_part_adds_nothing(tmp_path):
    """``me.hnd``'s cards are of no known kind: reading their value is no second mistake."""
    path = _my_rules(tmp_path, ("c in me.hand)", "c in me.hnd)"))
    assert [d.code for d in pr.validate(path)] == ["unknown-attribute"]


LEADER = """\
game: leader
title: Leader
players: [2]
components:
  card:
    start: deck
    items: [{value: 1, count: 4}]
zones:
  deck: {visibility: hidden, holds: [card]}
  taken: {per: player, visibility: public, holds: [card]}
variables:
  hand: {leader: null}
actions:
  pass: {text: pass, effect: end step}
phases:
  - id: lead
    on_start: set hand.leader = start_player
    turns: {from: hand.leader, rounds: 1}
    steps: [{id: s, actions: [pass]}]
  - id: collect
    on_start: |
      set hand.leader = owner_of_winner
      move deck to hand.leader.taken
scoring:
  - {id: kept, points: count(me.taken)}
"""


def test_a_variable_set_from_an_unknown_name_is_no_second_mistake(tmp_path):
    """``set hand.leader = owner_of_winner`` (no such name) also gave a type-error at
    ``hand.leader.taken``: the unknown name, recovered as a value of any kind, counted as
    a 'set' giving the variable a value, so a seat and a value made its type unknown
    (outside tester, session 19, item 7). A value that did not compile tells nothing."""
    diags = pr.validate(_write(tmp_path, LEADER))
    assert [(d.code, d.message, d.line) for d in diags] == [
        ("unknown-name", "unknown name 'owner_of_winner'", 22)
    ]
    fixed = pr.validate(_write(tmp_path, LEADER.replace("= owner_of_winner", "= start_player")))
    assert [d for d in fixed if d.severity == "error"] == []


def test_a_mistake_in_a_define_is_reported_once_where_it_is_written(tmp_path):
    path = _my_rules(
        tmp_path,
        ("scoring:\n", "define:\n  best: max(c.valeu for c in me.hand)\nscoring:\n"),
        ("points: sum(c.value for c in me.hand)", "points: best + best + lenght(deck)"),
    )
    diags = pr.validate(path)
    assert [d.code for d in diags] == ["unknown-attribute", "unknown-function"], [d.format() for d in diags]


# ------------------------------------------------------------------ a bad id stops nothing
def test_an_invalid_game_id_does_not_stop_the_dsl_checks(tmp_path):
    path = _my_rules(
        tmp_path,
        ("game: high-card", "game: High Card!"),
        ("points: sum(c.value for c in me.hand)", "points: sum(c.value for c in me.hnd)"),
    )
    diags = pr.validate(path)
    assert [d.code for d in diags] == ["schema", "unknown-attribute", "not-checked"]
    assert diags[0].hint == "for example 'high-card'"
    assert "read stand-ins for /game" in diags[-1].message


def test_an_action_name_that_is_no_identifier_does_not_stop_the_checks(tmp_path):
    path = _my_rules(
        tmp_path,
        ("  keep:\n", "  keep-it:\n"),
        ("actions: [swap, keep]", "actions: [swap, keep-it]"),
        ("points: sum(c.value for c in me.hand)", "points: lenght(me.hand)"),
    )
    diags = pr.validate(path)
    assert [d.code for d in diags] == ["schema", "schema", "unknown-function", "not-checked"]
    assert "read /actions/keep-it as 'keep_it'" in diags[-1].message


def test_checks_that_cannot_run_say_which_schema_errors_stop_them(tmp_path):
    path = _write(tmp_path, "game: x\ntitle: X\nplayers: [2]\n")
    note = pr.validate(path)[-1]
    assert note.code == "not-checked"
    assert note.message == (
        "the DSL and semantic checks did not run: the missing 'actions', 'phases' at the top level "
        "stop them: fix that first"
    )


# ------------------------------------------------------------------ a broken variant, one run
BROKEN_VARIANT = """\
extends: playa-pirata
variant: My Variant
title: Broken house rule
rulings:
  second_group_same_treasure: maybe
parameters:
  skull_pionts: [0, 0, 12, 18, 18]
  skull_points: "many"
phases:
  - id: reguler
    let: {max_groups: 3}
scoring:
  - id: skulls
    points: "skull_points[min(count(t in won where t.kind == 'skul'), 4)]"
  - id: brand_new
    at: end
    points: 5 +
actions:
  done: null
"""


def test_a_broken_variant_reports_every_stage_in_one_run(tmp_path):
    """It took four runs: the schema; then the unknown change and the phase no game has; then
    the ruling, the syntax and the removed action; then the type error."""
    path = _write(tmp_path, BROKEN_VARIANT, "badvar.yaml")
    diags = pr.validate(path)
    assert _found(diags) == [
        ("schema", 2, 10),  # variant: My Variant
        ("not-an-alternative", 5, 31),
        ("unknown-change", 7, 3),  # skull_pionts
        ("overlay-target", 10, 9),  # reguler
        ("type-error", 14, 14),  # "many"[...]
        ("dsl-syntax", 17, 16),  # 5 +
        ("unknown-action", 19, 9),  # done: null, which two steps offer: once
        ("not-checked", None, None),
    ], "\n".join(d.format() for d in diags)
    removed = diags[6]
    assert removed.hint == f"{path}:19:3 removes action 'done'"
    assert [n.line for n in removed.notes] == [243, 255]  # the two steps of the game offering it
    with pytest.raises(SpecError) as info:
        pr.load(path)
    assert _found(info.value.diagnostics) == _found(diags)


# ------------------------------------------------------------------ values of the wrong kind
def test_a_card_value_written_as_a_word_is_an_error_at_the_card(tmp_path):
    path = _my_rules(tmp_path, ("{value: 2, count: 1}", '{value: "two", count: 1}'))
    (d,) = pr.validate(path)
    assert (d.code, d.line, d.column, d.path) == ("type-error", 14, 17, "/components/card/items/1/value")
    assert d.message == (
        "card 'value' is a text here ('two'), a number in the other items, and the rules read it "
        "where what 'sum' adds must be a number"
    )
    assert "a number is written without quotes" in d.hint
    (use,) = d.notes
    assert (use.line, use.column, use.message) == (50, 19, "where the rules read 'value' as a number")


@pytest.mark.parametrize(
    "points,said",
    [
        ("sum([hand.bonus, 1])", "'sum' adds numbers, not 'many'"),
        ("sum(x for x in [hand.bonus, 1])", "'sum' adds numbers, not 'many'"),
        ("max(x for x in [hand.bonus, 1])", "'max' compares numbers, not 'many'"),
        ("min([hand.bonus, 1])", "'min' compares numbers, not 'many'"),
    ],
)
@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_text_added_while_scoring_fails_in_the_library_s_words_at_its_place(
    tmp_path, monkeypatch, backend, points, said
):
    """A variable starting as none is given a phase value, a text in one phase: only the
    running game knows it. Both backends fail the same way, located at the function."""
    from backend_switch import load_with

    path = _my_rules(
        tmp_path,
        ("phases:\n", "variables:\n  hand: {bonus: ~}\nphases:\n"),
        ("  - id: deal\n", "  - id: deal\n    let: {bonus: \"'many'\"}\n"),
        ("  - id: play\n", "  - id: play\n    let: {bonus: 1}\n"),
        ("      shuffle deck\n", "      shuffle deck\n      set hand.bonus = phase.bonus\n"),
        ("points: sum(c.value for c in me.hand)", f"points: {points}"),
    )
    diags = simulate(load_with(monkeypatch, backend, path), 1)
    assert {(d.code, d.line, d.column, d.path) for d in diags} == {
        ("sim-runtime-error", 55, 13, "/scoring/0/points")
    }
    assert all(f"runtime-error: {said}" in d.message for d in diags), diags[0].message
    assert not any("unsupported" in d.message for d in diags)


@pytest.mark.parametrize("written", ["1e3", "1e999", "2E-5", "1.5e3"])
def test_a_number_yaml_reads_as_text_is_a_bad_value(tmp_path, written):
    path = _my_rules(tmp_path, ("{value: 3, count: 1}", f"{{value: {written}, count: 1}}"))
    (d,) = pr.validate(path)
    assert (d.code, d.line, d.column) == ("bad-value", 15, 17)
    assert d.message == f"'{written}' looks like a number, but YAML reads it as the text '{written}'"


def test_a_quoted_number_like_text_is_a_text(tmp_path):
    path = _my_rules(tmp_path, ('text: "keep"', 'text: "1e3"'), ("rule: Keep your card.", "rule: '1e3'"))
    assert [d.code for d in pr.validate(path)] == []


def test_a_dsl_number_past_the_limit_is_refused_where_it_is_written(tmp_path):
    path = _my_rules(
        tmp_path,
        ("points: sum(c.value for c in me.hand)", "points: sum(c.value for c in me.hand) + 9007199254740993"),
    )
    (d,) = pr.validate(path)
    assert (d.code, d.line, d.column) == ("bad-value", 50, 45)
    assert d.message.startswith("9007199254740993 is a larger number than a rule may use")


# ------------------------------------------------------------------ the cap on unknown keys
def test_thousands_of_misspelt_top_level_keys_are_capped(tmp_path):
    keys = "".join(f"compnents{i}: 1\n" for i in range(3000))
    path = _write(tmp_path, "game: x\ntitle: X\nplayers: [2]\n" + keys)
    diags = pr.validate(path)
    assert diags[0].code == "too-many-problems"
    assert diags[0].message.startswith("2902 more schema problems are not shown")  # 3,000 keys, 2 missing
    assert sum(d.code == "schema" for d in diags) == MAX_PROBLEMS
    assert "over 100 schema errors" in diags[-1].message


def test_three_hundred_unknown_keys_of_one_action_are_capped(tmp_path):
    keys = "".join(f"    efect{i}: 1\n" for i in range(300))
    path = _my_rules(tmp_path, ('    text: "keep"\n', '    text: "keep"\n' + keys))
    diags = pr.validate(path)
    assert sum(d.code == "schema" for d in diags) == MAX_PROBLEMS
    assert diags[0].code == "too-many-problems" and diags[0].message.startswith("200 more")


# ------------------------------------------------------------------ a label's typo
def test_a_misspelt_field_of_a_label_is_an_error_like_one_of_an_action_text(tmp_path):
    path = _my_rules(tmp_path, ("    start: deck\n", "    start: deck\n    label: '{valeu}'\n"))
    (d,) = pr.validate(path)
    assert (d.code, d.line, d.path) == ("unknown-field", 12, "/components/card/label")
    assert d.message == "the label names '{valeu}', which is no property of any card"
    assert d.hint == "did you mean 'value'?"


def test_a_label_naming_a_property_only_some_items_have_is_no_mistake(tmp_path):
    """A blank card without a value shows '?' there: a design, not a typo."""
    path = _my_rules(
        tmp_path,
        ("    start: deck\n", "    start: deck\n    label: 'card {value}'\n"),
        (
            "      - {value: 10, count: 1}\n",
            "      - {value: 10, count: 1}\n      - {blank: true, count: 1}\n",
        ),
    )
    assert [d.code for d in pr.validate(path) if d.severity == "error"] == []


def test_a_label_reading_a_table_that_is_no_parameter_is_an_error(tmp_path):
    path = _my_rules(tmp_path, ("    start: deck\n", "    start: deck\n    label: '{names[value]}'\n"))
    (d,) = pr.validate(path)
    assert d.code == "unknown-field" and "'names' is no parameter" in d.message


# ------------------------------------------------------------------ simulation, located
def test_a_runtime_error_found_by_simulation_is_located_at_the_failing_text(tmp_path):
    path = _my_rules(
        tmp_path,
        (
            "points: sum(c.value for c in me.hand)",
            "points: sum(c.value for c in me.hand) // (count(discard) - count(discard))",
        ),
    )
    diags = simulate(pr.load(path), 2)
    assert {(d.code, d.line, d.column, d.path) for d in diags} == {
        ("sim-runtime-error", 50, 43, "/scoring/0/points")
    }
    assert diags[0].source_line.strip().startswith("points: sum(")
