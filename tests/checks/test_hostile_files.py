"""A red team's findings, each a reproducer: rule files from strangers that tried to reach the
terminal, read other files, or grow numbers and texts without bound end in the library's
located errors (the limits of issue 13 are in tests/checks/test_limits.py)."""

import json
import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.errors import LoadError, SpecError
from playa_rules.shared import limits

ROOT = Path(__file__).resolve().parents[2]
KUHN = (ROOT / "docs" / "examples" / "kuhn-poker.yaml").read_text(encoding="utf-8")


def _write(tmp_path, text, name="hostile.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("escape", ["\\e]0;PWNED\\a\\e[2J", "\\x9b31m", "\\0", "\\x7f"])
def test_a_control_character_in_a_text_is_refused_where_it_is_written(tmp_path, escape):
    """A label with an escape sequence would reach every terminal that prints it."""
    text = KUHN.replace("game: kuhn-poker", f'game: kuhn-poker\nsource: "rulebook{escape}"', 1)
    with pytest.raises(LoadError) as info:
        pr.load(_write(tmp_path, text))
    d = info.value.diagnostics[0]
    assert (d.code, d.path) == ("bad-value", "/source")
    assert "control character U+00" in d.message


def test_tabs_and_line_breaks_in_texts_are_fine(tmp_path):
    text = KUHN.replace("game: kuhn-poker", 'game: kuhn-poker\nsource: "a\\tb\\nc"', 1)
    assert pr.load(_write(tmp_path, text)).spec["source"] == "a\tb\nc"


@pytest.mark.parametrize("written", ["0x" + "f" * 4000, str(2**53 + 1), "-" + str(2**60), "0b1" + "0" * 60])
def test_a_number_past_two_to_the_53_is_refused_in_any_form(tmp_path, written):
    text = KUHN.replace("game: kuhn-poker", f"game: kuhn-poker\ntitle: {written}", 1)
    with pytest.raises(LoadError) as info:
        pr.load(_write(tmp_path, text))
    d = info.value.diagnostics[0]
    assert (d.code, d.path) == ("bad-value", "/title")
    assert f"at most {limits.MAX_INT:,} in size" in d.message and len(d.message) < 300


def test_a_number_that_grows_past_two_to_the_53_in_play_is_a_runtime_error(tmp_path):
    """`set hand.x = hand.x * hand.x` in a loop used to eat gigabytes."""
    text = KUHN.replace(
        "  hand: {bets: 0, passes: 0, done: false}", "  hand: {bets: 0, passes: 0, done: false, big: 3}"
    )
    text = text.replace(
        "  deal 1 from deck to each hand\n",
        "  deal 1 from deck to each hand\n  for i in [1, 2, 3, 4, 5, 6, 7] { set hand.big = hand.big * hand.big }\n",
    )
    rules = pr.load(_write(tmp_path, text))
    with pytest.raises(pr.GameRuntimeError, match="a number larger than 9,007,199,254,740,992 in size"):
        rules.new_game(2, seed=0)


def test_extends_reaches_only_rule_files_beside_the_variant(tmp_path):
    """A stranger's variant must not make the loader read, and its messages quote, any file."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("password hunter2\n", encoding="utf-8")
    inner = tmp_path / "inner"
    inner.mkdir()
    for ref in ("/etc/hostname", "../secret.yaml", str(secret)):
        variant = _write(inner, f"extends: {json.dumps(ref)}\nvariant: v\ntitle: V\n", "v.yaml")
        with pytest.raises(SpecError) as info:
            pr.load(variant)
        text = "\n".join(d.format() for d in info.value.diagnostics)
        assert info.value.diagnostics[0].code == "unknown-extends"
        assert "hunter2" not in text and "not a rule file this variant may extend" in text


def test_a_text_file_loaded_as_a_rule_file_is_not_quoted(tmp_path):
    path = _write(tmp_path, "PRETTY_NAME=something private\n")
    errors = [d for d in pr.validate(path) if d.severity == "error"]
    (d,) = errors
    assert d.message == "the rule file must be a mapping, not a text"
    assert "private" not in d.message


def test_a_huge_value_in_a_rule_text_field_stays_a_short_text(tmp_path):
    text = KUHN.replace("players: [2]\n", "players: [2]\nparameters:\n  v: " + "x" * 100_000 + "\n", 1)
    text = text.replace("    rule: Pass; facing a bet, this folds.", '    rule: "' + "{v} " * 900 + '"', 1)
    from playa_rules.render import rules_markdown

    assert len(rules_markdown(pr.load(_write(tmp_path, text)))) < 300_000


def test_scores_past_two_to_the_53_are_a_runtime_error(tmp_path):
    text = KUHN.replace("players: [2]\n", "players: [2]\nparameters:\n  v: 9007199254740992\n", 1)
    text = text.replace("  - id: chips\n", "  - id: huge\n    points: v * v\n  - id: chips\n", 1)
    rules = pr.load(_write(tmp_path, text))
    game, rng = rules.new_game(2, seed=1), random.Random(1)
    with pytest.raises(pr.GameRuntimeError, match="would score more than 9,007,199,254,740,992 in size"):
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("call", ["new_game", "apply", "view", "log_for", "sample_world"])
def test_a_number_too_large_to_write_is_named_by_its_size_in_the_error(call):
    rules, huge = pr.load("playa-pirata"), 10**5000
    with pytest.raises(pr.PlayaRulesError) as info:
        if call == "new_game":
            rules.new_game(players=huge)
        else:
            getattr(rules.new_game(3, seed=1), call)(huge)
    assert "a number of about 5,001 digits" in str(info.value)
