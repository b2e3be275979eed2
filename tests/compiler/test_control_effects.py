"""Loops until a condition holds, local names and procedures (docs/dsl.md, ``let``,
``while`` and ``do``; docs/format.md, ``procedures``): the dealer who draws while at 16 or
less, "deal until 7", a value read once and named, "make a book" written once and run from
several actions. Each is bounded and located: a loop past its bound, a name hidden, a
procedure that calls itself or is misspelt."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from backend_switch import load_with

import playa_rules as pr
from playa_rules.errors import GameRuntimeError, RuleError
from playa_rules.render.markdown import rules_markdown
from playa_rules.shared.limits import MAX_WHILE_ROUNDS

DRAW_UP = Path(__file__).parent.parent / "games" / "draw-up.yaml"

BASE = """game: loops
title: Loops
players: [2]
parameters:
  goal: 17
components:
  card:
    start: deck
    label: "{value}"
    items:
      - {count: 4, each: {value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}}
zones:
  deck: {visibility: public, holds: [card]}
  hand: {per: player, visibility: public, holds: [card]}
variables:
  player: {total: 0}
PROCEDURES
setup: |
  SETUP
actions:
  stand:
    text: stand
    effect: end match
phases:
  - id: play
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: act, actions: [stand]}
scoring:
  - {id: total, points: sum(c.value for c in me.hand)}
"""


def _rules(tmp_path, setup: str, procedures: str = "", backend: str | None = None, monkeypatch=None):
    text = BASE.replace("SETUP", setup.replace("\n", "\n  ")).replace("PROCEDURES", procedures)
    path = tmp_path / "loops.yaml"
    path.write_text(text, encoding="utf-8")
    if backend is not None:
        return load_with(monkeypatch, backend, path), text, path
    return pr.load(path), text, path


def _error(tmp_path, setup: str, procedures: str = ""):
    with pytest.raises(RuleError) as exc:
        _rules(tmp_path, setup, procedures)
    return exc.value.diagnostics[0]


def _line(setup: str, needle: str, procedures: str = "") -> int:
    """The file line holding ``needle`` once ``setup`` and ``procedures`` are in BASE."""
    text = BASE.replace("SETUP", setup.replace("\n", "\n  ")).replace("PROCEDURES", procedures)
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("backend", ["closures", "generated"])
def test_the_dealer_draws_while_at_16_or_less(tmp_path, monkeypatch, backend):
    rules, _, _ = _rules(
        tmp_path,
        "while sum(c.value for c in seats[0].hand) < goal up to 40 times { move top(deck) to seats[0].hand }",
        backend=backend,
        monkeypatch=monkeypatch,
    )
    for seed in range(10):
        values = [c["value"] for c in _hands(rules.new_game(2, seed=seed))[0]]
        assert sum(values) >= 17 > sum(values[:-1])  # stopped at the first card that reached 17


def _hands(game) -> list[list]:
    return [s["zones"]["hand"] for s in game.view(0)["seats"]]


@pytest.mark.parametrize("backend", ["closures", "generated"])
def test_a_while_loop_still_going_at_its_bound_is_a_runtime_error_at_the_while(
    tmp_path, monkeypatch, backend
):
    setup = "while count(deck) > 0 up to 3 times { move top(deck) to seats[1].hand }"
    rules, text, path = _rules(tmp_path, setup, backend=backend, monkeypatch=monkeypatch)
    with pytest.raises(GameRuntimeError) as exc:
        rules.new_game(2, seed=1)
    line = text.splitlines().index("  " + setup) + 1
    assert f"{path}:{line}:3: runtime-error: 'while' went round 3 times and its condition still holds" in str(
        exc.value
    )


def test_a_while_loop_without_a_bound_stops_at_the_limit(tmp_path):
    rules, _, _ = _rules(tmp_path, "let n = 0\nwhile true { set n += 1 }")
    with pytest.raises(GameRuntimeError, match=f"went round {MAX_WHILE_ROUNDS:,} times"):
        rules.new_game(2, seed=1)


def test_a_bound_must_be_a_whole_number_known_when_the_rules_load(tmp_path):
    setup = "while count(deck) > 0 up to count(deck) times { move top(deck) to seats[1].hand }"
    d = _error(tmp_path, setup)
    assert (d.code, d.line, d.column) == ("bad-bound", _line(setup, "up to"), 31)
    d = _error(tmp_path, f"while true up to {MAX_WHILE_ROUNDS + 1} times {{ end step }}")
    assert d.code == "bad-bound"


def test_whiles_nested_past_the_loop_budget_are_refused(tmp_path):
    d = _error(tmp_path, "while true { while true { while true { end step } } }")
    assert d.code == "loops-too-large"
    assert "1,000 x 1,000 x 1,000" in d.message


def test_a_let_names_a_value_for_the_rest_of_its_block(tmp_path):
    rules, _, _ = _rules(
        tmp_path,
        "let first = top(deck)\nmove first to seats[0].hand\nlet n = 0\n"
        "while n < 3 { set n += 1; move top(deck) to seats[1].hand }",
    )
    assert [len(h) for h in _hands(rules.new_game(2, seed=2))] == [1, 3]


def test_a_let_is_not_seen_outside_its_block(tmp_path):
    setup = "if true { let n = 1 }\nmove take(deck, n) to seats[0].hand"
    d = _error(tmp_path, setup)
    assert (d.code, d.line, d.column) == ("unknown-name", _line(setup, "take"), 19)


@pytest.mark.parametrize(
    "setup,hidden",
    [
        ("let goal = 3", "a parameter, assumption or ruling"),
        ("let deck = 3", "a zone"),
        ("let me = 3", "a built-in name"),
        ("for s in seats { let s = 1 }", "a name already bound here"),
    ],
)
def test_a_let_may_not_hide_another_name(tmp_path, setup, hidden):
    d = _error(tmp_path, setup)
    assert d.code == "name-taken"
    assert hidden in d.message


def test_set_keeps_what_a_let_holds(tmp_path):
    d = _error(tmp_path, "let n = 0\nset n = top(deck)")
    assert d.code == "type-error"
    assert d.message == "'n' holds a number (its let), so it cannot be set to a component (card)"


def test_a_loop_variable_cannot_be_set(tmp_path):
    d = _error(tmp_path, "for s in seats { set s = 1 }")
    assert d.code == "bad-target"


PROCS = """procedures:
  deal_to(s, n): |
    while count(s.hand) < n up to 10 times { move top(deck) to s.hand }
  deal_all(n): |
    for s in seats { do deal_to(s, n) }
"""


def test_a_procedure_runs_with_its_arguments(tmp_path):
    rules, _, _ = _rules(tmp_path, "do deal_all(4)\ndo deal_to(seats[0], 6)", PROCS)
    assert [len(h) for h in _hands(rules.new_game(2, seed=3))] == [6, 4]


def test_a_misspelt_procedure_is_named_with_a_hint(tmp_path):
    d = _error(tmp_path, "do deal_al(4)", PROCS)
    assert (d.code, d.message, d.hint) == (
        "unknown-procedure",
        "no procedure 'deal_al'",
        "did you mean 'deal_all'?",
    )


def test_a_procedure_takes_as_many_arguments_as_it_names(tmp_path):
    d = _error(tmp_path, "do deal_all(4, 5)", PROCS)
    assert (d.code, d.message) == ("wrong-arity", "'deal_all' takes 1 argument(s), not 2")


def test_a_procedure_cannot_call_itself(tmp_path):
    procs = "procedures:\n  again(n): |\n    do again(n)\n"
    d = _error(tmp_path, "do again(1)", procs)
    assert d.code == "recursive-procedure"


def test_a_mistake_in_a_procedure_is_located_in_its_own_text(tmp_path):
    procs = "procedures:\n  tidy: |\n    move top(deck) to nowhere\n"
    d = _error(tmp_path, "do tidy", procs)
    where = (_line("do tidy", "nowhere", procs), 23)
    assert (d.code, (d.line, d.column), d.path) == ("unknown-name", where, "/procedures/tidy")


def test_the_draw_up_game_fills_every_hand_after_each_play():
    rules = pr.load(DRAW_UP)
    for seed in range(20):
        game = rules.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            view = game.view(0)
            assert all(len(s["zones"]["hand"]) == 3 for s in view["seats"]) or not view["zones"]["deck"]
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])


def test_procedures_are_printed_with_the_rules_in_each_language():
    for lang, heading in (("en", "## Procedures"), ("it", "## Procedure"), ("es", "## Procedimientos")):
        md = rules_markdown(pr.load(DRAW_UP), lang)
        assert heading in md
        assert "draw_up_to(s, n)" in md


def test_a_procedure_nothing_runs_is_a_warning(tmp_path):
    rules, _, _ = _rules(tmp_path, "do deal_to(seats[0], 2)", PROCS)
    (w,) = [w for w in rules.warnings if w.code == "unused-procedure"]
    assert (w.message, w.path) == (
        "procedure 'deal_all' is run nowhere: no 'do deal_all' outside it",
        "/procedures/deal_all(n)",
    )
