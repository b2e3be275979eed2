"""The last escapes of issue 30, each a reproducer: hostile rule files, logs and paths end in
the library's own errors, located, before the work they ask for is done (benchmarks/hostile.py
measures the time and memory of each)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.errors import LoadError, SpecError
from playa_rules.shared import limits, spelling

ROOT = Path(__file__).resolve().parents[2]
KUHN = (ROOT / "docs" / "examples" / "kuhn-poker.yaml").read_text(encoding="utf-8")


def _write(folder, text, name="hostile.yaml"):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _with_phase_let(let: str, effect: str) -> str:
    """Kuhn poker whose phase gives ``x`` (a value the compiler cannot type) and whose bet runs ``effect``."""
    return KUHN.replace(
        "    turns: {from: start_player, until: hand.done}\n",
        f"    turns: {{from: start_player, until: hand.done}}\n    let: {{x: {json.dumps(let)}}}\n",
    ).replace("      set me.put += 1\n", f"      set me.put += 1\n      {effect}\n")


def _bet(rules):
    game = rules.new_game(2, seed=0)
    game.apply("bet")
    return game


@pytest.mark.parametrize(
    "let,effect",
    [
        ("'ab'", "set hand.bets = phase.x * 1000000000000"),
        ("[1, 2]", "set hand.bets = 1000000000000 * phase.x"),
        # past an index-sized integer (a number written past 2**53 is refused when the rules load)
        ("[1, 2]", "set hand.bets = phase.x * (9007199254740992 * 9007199254740992)"),
        ("[1, 'ab']", "set hand.bets = phase.x[1] * 1000000000000"),
        ("'ab'", "set hand.bets = -phase.x"),
    ],
)
@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_text_or_list_times_a_huge_number_is_refused_before_it_is_made(
    tmp_path, monkeypatch, let, effect, backend
):
    """``phase.x`` is typed only while the game runs: a text there, times 10**12, was a
    MemoryError (or OverflowError) before; now the operand is checked to be a number first."""
    from backend_switch import load_with

    rules = load_with(monkeypatch, backend, _write(tmp_path, _with_phase_let(let, effect)))
    with pytest.raises(pr.GameRuntimeError) as info:
        _bet(rules)
    assert "hostile.yaml:42:7: runtime-error: 'set' met a value of the wrong kind" in str(info.value)


@pytest.mark.parametrize("let", ["100000000000000", "'ab'", "-1"])
def test_reveal_to_a_value_that_is_no_seat_is_a_located_error(tmp_path, let):
    """``reveal ... to`` a huge number made a bit that large (MemoryError)."""
    rules = pr.load(_write(tmp_path, _with_phase_let(let, "reveal top(deck) to phase.x")))
    with pytest.raises(pr.GameRuntimeError, match=r"hostile.yaml:42:7: runtime-error: 'reveal' met a value"):
        _bet(rules)


def test_a_phase_value_the_phase_does_not_give_is_located(tmp_path):
    """A phase without the ``let`` an action reads said only "'x'" (a bare KeyError's text)."""
    text = KUHN.replace(
        "    rule: Bet 1 chip; facing a bet, this calls.\n",
        "    rule: Bet 1 chip; facing a bet, this calls.\n    require: [phase.x >= 0]\n",
    ).replace(
        "    turns: {from: start_player, until: hand.done}\n    steps:\n      - {id: act, actions: [pass, bet]}\n",
        "    turns: {from: start_player, rounds: 1}\n    let: {x: 1}\n    steps:\n"
        "      - {id: act, actions: [pass, bet]}\n  - id: second\n    turns: {from: start_player, rounds: 1}\n"
        "    steps:\n      - {id: s, actions: [pass, bet]}\n",
    )
    game = pr.load(_write(tmp_path, text)).new_game(2, seed=0)
    game.apply("bet")
    with pytest.raises(pr.GameRuntimeError) as info:
        game.apply("bet")
        game.legal_actions()
    assert "hostile.yaml:40:21: runtime-error: phase 'second' gives no 'x' in its let (phase.x)" in str(
        info.value
    )


def test_did_you_mean_over_thousands_of_names_is_bounded(tmp_path):
    """3,000 steps name 3,000 misspelt actions among 3,000: each hint compared the name with
    every action in difflib (minutes). Now one hint ranks the names by shared letter pairs and
    compares a few, and a load searches long lists for at most MAX_PROBLEMS hints."""
    n = 3000
    actions = "".join(f"  action_{i}:\n    text: a{i}\n    effect: set hand.bets = 1\n" for i in range(n))
    misspelt = ", ".join(f"actoin_{i}" for i in range(n))
    text = KUHN.replace("actions:\n", "actions:\n" + actions, 1).replace(
        "[pass, bet]", f"[pass, bet, {misspelt}]"
    )
    diags = pr.validate(_write(tmp_path, text))
    unknown = [d for d in diags if d.code == "unknown-action"]
    assert len(unknown) == limits.MAX_PROBLEMS
    assert unknown[0].hint == "did you mean 'action_0'?"
    assert any(d.code == "too-many-problems" for d in diags)


def test_one_hint_searches_a_long_list_by_its_closest_names():
    names = [f"counter_{i}" for i in range(5000)] + ["treasure"]
    assert spelling.closest("tresure", names) == "treasure"
    assert spelling.closest("countr_4321", names) == "counter_4321"
    assert spelling.closest("x" * 1000, names) is None  # no one misspells a paragraph
    with spelling.budget(hints=1):
        assert spelling.closest("countr_1", names) == "counter_1"
        assert spelling.closest("countr_2", names) is None  # the load's budget is spent
        assert spelling.closest("efect", ["effect", "text"]) == "effect"  # short lists cost nothing


def test_a_variant_with_thousands_of_phases_is_refused_before_it_is_merged(tmp_path):
    lines = ["extends: playa-pirata", "variant: many", "title: Many", "phases:"]
    lines += [f"  - {{id: extra{i}, at: end, on_start: 'set turn.groups = 0'}}" for i in range(5000)]
    (d,) = pr.validate(_write(tmp_path, "\n".join(lines) + "\n"))
    assert (d.code, d.line, d.column, d.path) == (
        "too-many-phases",
        4 + limits.MAX_PHASES + 1,
        5,
        "/phases/256",
    )
    assert d.message == f"5,000 phases: over the limit of {limits.MAX_PHASES} in one game (this is phase 257)"


def test_a_long_chain_of_variants_is_refused_as_it_is_followed(tmp_path):
    _write(tmp_path, KUHN, "game.yaml")
    for i in range(200):
        parent = "game.yaml" if i == 0 else f"v{i - 1}.yaml"
        _write(tmp_path, f"extends: {parent}\nvariant: v{i}\ntitle: Variant number {i}\n", f"v{i}.yaml")
    with pytest.raises(SpecError) as info:
        pr.load(tmp_path / "v199.yaml")
    (d,) = info.value.diagnostics
    assert (d.code, d.file, d.line, d.path) == (
        "too-many-variants",
        str(tmp_path / "v167.yaml"),
        1,
        "/extends",
    )
    assert f"more than {limits.MAX_VARIANTS} variants" in d.message


def test_a_title_names_three_variants_and_counts_the_rest(tmp_path):
    _write(tmp_path, KUHN, "game.yaml")
    for i in range(6):
        parent = "game.yaml" if i == 0 else f"v{i - 1}.yaml"
        _write(tmp_path, f"extends: {parent}\nvariant: v{i}\ntitle: V{i}\n", f"v{i}.yaml")
    rules = pr.load(tmp_path / "v5.yaml")
    assert rules.title == "Kuhn poker (test game) (V0, V1, V2, 3 more variants)"
    assert rules.variant_titles == [f"V{i}" for i in range(6)]


@pytest.mark.parametrize("call", ["load", "validate", "variant"])
def test_a_name_too_long_for_the_file_system_is_a_clean_error(tmp_path, call):
    long = "a" * 300
    if call == "validate":
        for name in (long, long + ".yaml"):
            (d,) = pr.validate(name)
            assert d.code == "unreadable"
        return
    with pytest.raises(LoadError) as info:
        if call == "load":
            pr.load(long)
        else:
            pr.load(_write(tmp_path, KUHN), variants=[long])
    assert info.value.diagnostics[0].code in ("unreadable", "unknown-variant")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_at_once_not_read(tmp_path):
    """``validate some.fifo`` blocked forever, waiting for a writer."""
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    (d,) = pr.validate(fifo)
    assert (d.code, d.message) == (
        "unreadable",
        f"cannot read {fifo}: it is not a regular file (a pipe, device or socket)",
    )
    with pytest.raises(LoadError):
        pr.load(fifo)
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "playa_rules", "validate", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "not a regular file" in done.stdout + done.stderr


def _kuhn_log():
    rules = pr.load(ROOT / "docs" / "examples" / "kuhn-poker.yaml")
    game = rules.new_game(2, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return rules, json.loads(json.dumps(game.log))


def _forged(log):
    first_action = next(i for i, ev in enumerate(log) if ev["event"] == "action")
    first_chance = next(i for i, ev in enumerate(log) if ev["event"] == "chance")

    def at(i, **changes):
        return log[:i] + [dict(log[i], **changes)] + log[i + 1 :]

    return [
        (log[:1] + [{"event": ["chance"]}], "event 1 of the log is of unknown kind ['chance']"),
        (log[:1] + [{"event": {"x": 1}}], "event 1 of the log is of unknown kind {'x': 1}"),
        (at(0, players=10**5000), "a number of about 5,001 digits as its 'players'"),
        (at(0, game=["x"] * 10**5), "this log is of ['x', 'x'"),
        (at(first_chance, id=10**5000), "about 5,001 digits as its 'id': replay needs a whole number"),
        (at(first_action, seat=10**5000), "a number of about 5,001 digits as its 'seat'"),
        (
            at(first_action, id=2**60),
            f"event {first_action} ('action') of the log has 1152921504606846976 as",
        ),
        (at(first_action, seat=True), "has True as its 'seat'"),
        (log[:1] + [None], "event 1 of the log is None, not a dict"),
    ]


def test_a_forged_log_is_refused_with_the_library_s_error_naming_the_event():
    """Valid JSON, forged: each event's shape is checked before any is used (an id or seat
    that is a whole number in range but does not fit the game is IllegalAction, naming it)."""
    rules, log = _kuhn_log()
    for forged, words in _forged(log):
        with pytest.raises(pr.PlayaRulesError) as info:
            pr.replay(rules, forged)
        assert words in str(info.value) and len(str(info.value)) < 400
