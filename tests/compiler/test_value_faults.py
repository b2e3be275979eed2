"""Values of the wrong kind, reads of none and names taken by built-ins, each a located
problem (the red team's R11, R12 and R15, on the Kuhn poker example with one change):

- a list of the rule file mixing kinds (``l: [1, x, 3]``, the bare word a text) is no list
  of numbers: used as a number, a type error where it is used (not Python's "can only
  concatenate str" while playing);
- an operator given a text or none while playing, and ``x.name`` of none (``first(...)``
  that found nothing, the top of an empty zone), fail as located runtime errors naming
  the operator or the part, alike in both backends (not "list indices must be integers or
  slices, not NoneType" with no place);
- a parameter, assumption, ruling or define named like a built-in (``players``) is an
  error at its key (the built-in would win, silently).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from backend_switch import load_with

import playa_rules as pr

KUHN = (Path(__file__).parents[2] / "docs" / "examples" / "kuhn-poker.yaml").read_text(encoding="utf-8")
POINTS = """points: >-
      if me.folded then -me.put
      else if me.left.folded then me.left.put
      else if rank_of(me) > rank_of(me.left) then me.left.put else -me.put"""
NONE_RANK = "first(c in deck where c.rank == 99).rank"


def _write(tmp_path, text: str, name: str = "k.yaml") -> Path:
    assert text != KUHN
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _at(text: str, needle: str) -> tuple[int, int]:
    """(line, column) of ``needle`` in ``text``, 1-based: of its ``^`` if it has one (not part
    of the text), else of its start."""
    mark = needle.index("^") if "^" in needle else 0
    needle = needle.replace("^", "")
    for i, line in enumerate(text.splitlines(keepends=True), 1):
        if needle in line:
            return i, line.index(needle) + mark + 1
    raise AssertionError(needle)


def _errors(path: Path) -> list:
    return [d for d in pr.validate(path) if d.severity == "error"]


_load = load_with  # (tests/backend_switch.py)


def _failure(monkeypatch, backend: str, path: Path) -> str:
    """The GameRuntimeError of a game that bets whenever it can."""
    rules = _load(monkeypatch, backend, path)
    with pytest.raises(pr.GameRuntimeError) as err:
        game = rules.new_game(2, seed=1)
        for _ in range(50):
            legal = game.legal_actions()
            bets = [a for a in legal if a.name == "bet"]
            game.apply(bets[0] if bets else legal[0])
    return str(err.value)


# ------------------------------------------------------------------ R11: a list mixing kinds
@pytest.mark.parametrize(
    "change,needle",
    [
        ((POINTS, "points: l[me.put] + 1"), "l[me.put] + 1"),
        (("      set me.put += 1\n", "      set me.put += l[me.put]\n"), "l[me.put]\n"),
        ((POINTS, "points: if l[me.put] > 1 then 1 else 0"), "l[me.put] > 1"),
    ],
)
def test_an_item_of_a_list_mixing_numbers_and_texts_is_no_number(tmp_path, change, needle):
    text = KUHN.replace(*change).replace("match:\n", "parameters:\n  l: [1, x, 3]\nmatch:\n")
    path = _write(tmp_path, text)
    (d,) = _errors(path)
    assert (d.code, d.line, d.column) == ("type-error", *_at(text, needle))
    assert "must be a number, but this is a number or a text (an item of a list that mixes them)" in d.message
    assert "a bare word is a text" in d.hint


def test_a_list_mixing_kinds_still_serves_where_any_item_may(tmp_path):
    """Compared with '==', or counted, a mixed list is fine: only a use as a number is not."""
    text = KUHN.replace(POINTS, "points: if l[1] == 'x' then count(l) else 0").replace(
        "match:\n", "parameters:\n  l: [1, x, 3]\nmatch:\n"
    )
    assert _errors(_write(tmp_path, text)) == []
    game = pr.load(tmp_path / "k.yaml").new_game(2, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.scores() == [3, 3]


def test_a_list_written_in_the_rules_takes_the_join_of_its_items(tmp_path):
    text = KUHN.replace(POINTS, "points: \"[1, 'x'][me.put] + 1\"")
    (d,) = _errors(_write(tmp_path, text))
    assert (d.code, d.line, d.column) == ("type-error", *_at(text, "[1, 'x'][me.put]"))
    assert "a number or a text" in d.message


# ------------------------------------------------------------------ runtime: located operators
@pytest.mark.parametrize(
    "until,needle,message",
    [
        ("phase.x + 1 > 2", "phase.x ^+ 1", "'+' needs two numbers, not 'a' and 1"),
        ("phase.x > 2", "phase.x ^> 2", "'>' needs two numbers, not 'a' and 2"),
        ("-phase.x > 2", "-phase.x", "'-' needs a number, not 'a'"),
        ("phase.x // 2 > 2", "phase.x ^// 2", "'//' needs two numbers, not 'a' and 2"),
    ],
)
def test_an_operator_given_a_text_while_playing_fails_located_alike_in_both_backends(
    monkeypatch, tmp_path, until, needle, message
):
    text = KUHN.replace("  - id: betting\n", "  - id: betting\n    let: {x: \"'a'\"}\n").replace(
        "until: hand.done}", f"until: hand.done or {until}}}"
    )
    path = _write(tmp_path, text)
    line, column = _at(text, needle)
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    assert got[0].startswith(
        f"the rules failed in phase 'betting': {path}:{line}:{column}: runtime-error: {message} "
    )
    assert "supported" not in got[0]


def test_a_statement_given_a_text_to_add_says_so_not_that_it_read_none(monkeypatch, tmp_path):
    text = KUHN.replace("  - id: betting\n", "  - id: betting\n    let: {x: \"'a'\"}\n").replace(
        "      set me.put += 1\n", "      set me.put += phase.x\n"
    )
    path = _write(tmp_path, text)
    line, column = _at(text, "set me.put += phase.x")
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    assert f"k.yaml:{line}:{column}: runtime-error: 'set' met a value of the wrong kind" in got[0]
    assert "none" not in got[0].split("runtime-error:")[1].split("(at")[0]


@pytest.mark.parametrize(
    "old,new,needle",
    [
        (
            "require: [hand.moves > 2 or spot.value > 3]",
            "require: [hand.moves > 2 or spot.value > phase.x]",
            "spot.value ^> phase.x",
        ),
        ("      - n <= 5\n", "      - n <= phase.x\n", "n ^<= phase.x"),  # a number_in limit
    ],
)
def test_a_check_of_an_action_parameter_fails_located_in_a_generated_listing_too(
    monkeypatch, tmp_path, old, new, needle
):
    """A generated listing writes its checks inline: on its error path the step is listed
    again by the kinds' closures (engine.plans.relisted), to the same located fault."""
    base = (Path(__file__).parent.parent / "games" / "split-checks.yaml").read_text(encoding="utf-8")
    text = base.replace("  - id: play\n", "  - id: play\n    let: {x: \"'a'\"}\n").replace(old, new)
    path = _write(tmp_path, text, "split.yaml")
    line, column = _at(text, needle)
    got = []
    for backend in ("generated", "closures"):
        with pytest.raises(pr.GameRuntimeError) as err:
            game = _load(monkeypatch, backend, path).new_game(2, seed=1)
            for _ in range(30):
                game.apply(game.legal_actions()[-1])
        got.append(str(err.value))
    assert got[0] == got[1]
    assert got[0].startswith(
        f"could not list the legal actions (step 'act'): {path}:{line}:{column}: "
        f"runtime-error: '{needle.split('^')[1].split()[0]}' needs two numbers, not "
    )


# ------------------------------------------------------------------ R12: a part of none
@pytest.mark.parametrize(
    "where,change,needle,prefix",
    [
        ("scoring", (POINTS, f"points: {NONE_RANK}"), "99).^rank\n", "the rules failed in the scoring: "),
        (
            "top",
            (POINTS, "points: top(pile).rank + 1"),
            "(pile).^rank + 1",
            "the rules failed in the scoring: ",
        ),
        (
            "require",
            ("    text: bet\n", f"    text: bet\n    require: [{NONE_RANK} > 0]\n"),
            "99).^rank > 0",
            "could not list the legal actions (step 'act'): ",
        ),
        (
            "let",
            ("    text: bet\n", f"    text: bet\n    let: {{x: {NONE_RANK}}}\n"),
            "99).^rank}",
            "could not list the legal actions (step 'act'): ",
        ),
        (
            "until",
            ("until: hand.done}", f"until: hand.done or {NONE_RANK} > 0}}"),
            "99).^rank > 0",
            "the rules failed in phase 'betting': ",
        ),
    ],
)
def test_a_part_of_none_fails_located_at_the_part_alike_in_both_backends(
    monkeypatch, tmp_path, where, change, needle, prefix
):
    text = KUHN.replace(*change).replace("zones:\n", "zones:\n  pile: {visibility: public, holds: [card]}\n")
    path = _write(tmp_path, text)
    line, column = _at(text, needle)
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    assert got[0].startswith(
        f"{prefix}{path}:{line}:{column}: runtime-error: '.rank' of none: there is no component here"
    )
    assert "NoneType" not in got[0]


@pytest.mark.parametrize(
    "points,needle",
    [
        ("if revealed(top(pile)) then 1 else 0", "if ^revealed("),
        ("if knows(me, top(pile)) then 1 else 0", "if ^knows("),
        ("position(top(pile))", "points: ^position("),
    ],
)
def test_a_function_of_a_component_given_none_fails_located_at_the_call_alike_in_both_backends(
    monkeypatch, tmp_path, points, needle
):
    """``revealed``, ``knows`` and ``position`` of none (the top of an empty zone) are a
    located runtime error, not Python's "list indices must be integers or slices, not
    NoneType" with no place (found by tests/fuzz_shapes.py)."""
    text = KUHN.replace(POINTS, f"points: {points}").replace(
        "zones:\n", "zones:\n  pile: {visibility: public, holds: [card]}\n"
    )
    path = _write(tmp_path, text)
    line, column = _at(text, needle)
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    name = needle.split("^")[1].rstrip("(")
    assert got[0].startswith(
        f"the rules failed in the scoring: {path}:{line}:{column}: runtime-error: '{name}' of none: "
        "there is no component here"
    )


def test_a_number_past_the_limit_fails_located_at_the_set_alike_in_both_backends(monkeypatch, tmp_path):
    """``set`` of a number past 2**53 (a bet of 2**53 on top of the ante) is a runtime error
    located at the ``set``, not a bare message with no place (found by tests/fuzz_shapes.py)."""
    text = KUHN.replace("set me.put += 1", "set me.put += 9007199254740992", 1)
    path = _write(tmp_path, text)
    line, column = _at(text, "set me.put += 9007199254740992")
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    assert f"{path}:{line}:{column}: runtime-error: a number larger than 9,007,199,254,740,992" in got[0]


@pytest.mark.parametrize(
    "points,needle,message",
    [
        (
            "count(take(deck, count(me.hand) / 2))",
            "count(^take(",
            "'take' needs a whole number of elements, not 1/2",
        ),
        (
            "if clockwise(me, count(me.hand) / 2) == me then 1 else 0",
            "if ^clockwise(",
            "'clockwise' needs a whole number of places, not 1/2",
        ),
        (
            "if seat(count(me.hand) / 2) == me then 1 else 0",
            "if ^seat(",
            "seat(1/2): the seats are numbered 0 to 1",
        ),
    ],
)
def test_a_fraction_where_a_whole_number_is_needed_fails_located_alike_in_both_backends(
    monkeypatch, tmp_path, points, needle, message
):
    """Half a seat clockwise, half a card taken: a located runtime error that writes the
    fraction as the rules do (1/2), not Python's "slice indices must be integers" with no
    place, nor a seat numbered 1/2 (found by tests/fuzz_shapes.py). (A fraction known when the
    rules load, 1 / 2, is a type-error then: tests/source/test_whole_numbers.py.) Each player
    holds one card when the scoring runs."""
    text = KUHN.replace(POINTS, f"points: {points}")
    path = _write(tmp_path, text)
    line, column = _at(text, needle)
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    assert got[0].startswith(
        f"the rules failed in the scoring: {path}:{line}:{column}: runtime-error: {message}"
    )


def test_a_part_of_a_seat_variable_holding_none_names_the_seat(monkeypatch, tmp_path):
    text = (
        KUHN.replace(
            "  hand: {bets: 0, passes: 0, done: false}", "  hand: {bets: 0, passes: 0, done: false, who: ~}"
        )
        .replace(
            "      if hand.bets > 0 { set me.folded = true",
            "      set hand.who = me\n      if hand.bets > 0 { set me.folded = true",
        )
        .replace(POINTS, "points: hand.who.put")
    )
    path = _write(tmp_path, text)
    line, column = _at(text, "who.^put\n")
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    assert f"k.yaml:{line}:{column}: runtime-error: '.put' of none: there is no seat here" in got[0]


def test_a_part_of_none_in_an_effect_stays_located_at_the_statement(monkeypatch, tmp_path):
    text = KUHN.replace("      set me.put += 1\n", f"      set me.put += {NONE_RANK}\n")
    path = _write(tmp_path, text)
    line, column = _at(text, f"set me.put += {NONE_RANK}")
    got = [_failure(monkeypatch, backend, path) for backend in ("generated", "closures")]
    assert got[0] == got[1]
    assert f"k.yaml:{line}:{column}: runtime-error: 'set' read a part of none" in got[0]


# ------------------------------------------------------------------ R15: names the DSL has
@pytest.mark.parametrize(
    "section,entry,name",
    [
        ("parameters", "  players: 5", "players"),
        ("parameters", "  me: 1", "me"),
        ("assumptions", "  seats: {value: 3, about: how many}", "seats"),
        ("rulings", "  round: {value: 1, question: which round?}", "round"),
        ("define", "  others: 3", "others"),
    ],
)
def test_a_name_the_dsl_has_built_in_cannot_be_given_again(tmp_path, section, entry, name):
    if section == "define":
        text = KUHN.replace("define:\n", f"define:\n{entry}\n")
    else:
        text = KUHN.replace("match:\n", f"{section}:\n{entry}\nmatch:\n")
    path = _write(tmp_path, text)
    found = [d for d in _errors(path) if d.code == "reserved-name"]
    assert len(found) == 1
    d = found[0]
    assert (d.line, d.column) == _at(text, entry.strip())
    assert f"has the name of a built-in: '{name}' in a rule always means" in d.message
    assert "would be ignored" in d.message
    assert re.search(r"the built-in names are me, players, seats, others, .*round", d.hint)
    with pytest.raises(pr.SpecError):
        pr.load(path)


def test_a_define_with_parameters_may_share_a_built_ins_name(tmp_path):
    """``round(x)`` is what its calls mean (calls reach defines first): not reported."""
    text = KUHN.replace("define:\n", "define:\n  round(x): x + 1\n").replace(POINTS, "points: round(me.put)")
    assert _errors(_write(tmp_path, text)) == []


def test_no_bundled_game_or_variant_gives_a_built_in_name_again():
    from playa_rules.source.variants import bundled_variants

    for game in pr.games():
        assert not [d for d in pr.validate(game) if d.code == "reserved-name"]
    for game, names in bundled_variants().items():
        for v in names:
            pr.load(game, variants=[v])  # loads: no error of any code


# ------------------------------------------------------------------ on_blocked straight after an action
BLOCKED = """\
game: blocked-probe
title: Blocked probe
players: [2]
variables:
  player: {tries: 0}
  turn: {zero: 0}
actions:
  go:
    text: go
    effect: set me.tries += 1
  never:
    text: never
    require: [me.tries > 100]
    effect: set me.tries += 1
phases:
  - id: play
    turns: {from: start_player, rounds: 3}
    steps:
      - {id: first, actions: [go]}
      - {id: second, actions: [never], on_blocked: "set me.tries = 10 / turn.zero"}
"""


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_an_on_blocked_failing_straight_after_an_action_is_a_located_game_runtime_error(
    monkeypatch, tmp_path, backend
):
    """The step after 'go' is blocked at once, so its on_blocked runs within the apply of
    'go' (not from the flow's loop): its failure is the library's error, located, as when
    the flow's loop runs it."""
    path = _write(tmp_path, BLOCKED, "blocked.yaml")
    line, column = _at(BLOCKED, "10 ^/ turn.zero")
    game = _load(monkeypatch, backend, path).new_game(2, seed=1)
    with pytest.raises(pr.GameRuntimeError) as err:
        game.apply("go")
    assert str(err.value).startswith(
        f"the rules failed in phase 'play': {path}:{line}:{column}: runtime-error: division by zero"
    )
