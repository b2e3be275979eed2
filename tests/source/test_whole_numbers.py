"""Whole numbers written as decimals (outside tester, session 19, findings 0b, 9 and 12).

A decimal with a whole value is that whole number everywhere (``players: [2.0]`` is
``players: [2]``): it crashed the loader with Python's TypeError, or validated clean and
failed in play. A decimal that is not whole where the rules need a count is a located error
when the rules load, at the value (the variant's line when a variant set it). And
``validate a b c`` reports every file even when one of them meets a bug (format.md, Numbers)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.source.load import load_text

HIGH_CARD = (
    Path(__file__).resolve().parents[2] / "docs" / "examples" / "rules" / "high-card-five.yaml"
).read_text()


def _file(tmp_path, text: str, name: str = "game.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def _played(rules, players: int = 2) -> pr.Game:
    game = rules.new_game(players, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def test_a_whole_decimal_is_read_as_that_whole_number_keys_too():
    data = load_text("players: [2.0]\nhand: {2.0: 5.0, 3: 4}\ncap: 7.5\nbig: 1.0e+3\n").data
    assert data == {"players": [2], "hand": {2: 5, 3: 4}, "cap": 7.5, "big": 1000}
    assert all(type(v) is int for v in (data["players"][0], data["hand"][2], data["big"]))


def test_players_written_as_a_decimal_load_and_play(tmp_path):
    """It was 'internal error: TypeError: 'float' object cannot be interpreted as an integer'."""
    rules = pr.load(_file(tmp_path, HIGH_CARD.replace("players: [2, 3, 4, 5]", "players: [2.0]")))
    assert rules.player_counts == [2]
    assert _played(rules).is_over


def test_an_automatons_seats_as_a_decimal_play(tmp_path):
    """It validated clean, then 'can't multiply sequence by non-int of type float' in play."""
    text = HIGH_CARD + "automata:\n  bot:\n    rule: b\n    seats: {2: 1.0}\n    plays: [{action: keep}]\n"
    game = _played(pr.load(_file(tmp_path, text)))
    assert len(game.scores()) == 3  # two people and the automaton


def test_a_parameter_written_as_a_whole_decimal_deals(tmp_path):
    text = (
        HIGH_CARD.replace("deal 1 from deck to each hand", "deal k from deck to each hand")
        + "parameters:\n  k: 1.0\n"
    )
    game = pr.load(_file(tmp_path, text)).new_game(2, seed=0)
    assert [len(z["hand"]) for z in (s["zones"] for s in game.view(None)["seats"])] == [1, 1]


def test_a_parameter_that_is_not_whole_read_as_a_count_is_an_error_at_its_value(tmp_path):
    text = (
        HIGH_CARD.replace("deal 1 from deck to each hand", "deal k from deck to each hand")
        + "parameters:\n  k: 1.5\n"
    )
    path = _file(tmp_path, text)
    (d,) = [d for d in pr.validate(path) if d.severity == "error"]
    assert (
        d.code == "type-error"
        and d.path == "/parameters/k"
        and d.line == text.splitlines().index("  k: 1.5") + 1
    )
    assert "how many 'deal' deals must be a whole number, but k is 1.5" in d.message
    assert d.notes and "deal k" in d.notes[0].source_line
    with pytest.raises(pr.PlayaRulesError):
        pr.load(path)


def test_a_variants_table_by_player_count_that_is_not_whole_is_an_error_at_the_variants_line(tmp_path):
    """It validated clean, then play failed with "'deal' met a value of the wrong kind (a text or
    a list ...)" at the game's line, not the variant's."""
    path = _file(
        tmp_path,
        "extends: playa-pirata\nvariant: half\nparameters:\n  hand_size: {2: 5.5, 3: 4, 4: 3}\n",
        "half.yaml",
    )
    (d,) = [d for d in pr.validate(path) if d.severity == "error"]
    assert (d.code, Path(d.file).name, d.line, d.path) == (
        "type-error",
        "half.yaml",
        4,
        "/parameters/hand_size/2",
    )
    assert "hand_size[2] is 5.5 (with 2 players)" in d.message
    fine = _file(
        tmp_path, "extends: playa-pirata\nvariant: whole\nparameters:\n  hand_size: {2: 5.0, 3: 4, 4: 3}\n"
    )
    assert not [d for d in pr.validate(fine) if d.severity == "error"]


def test_a_fraction_in_the_text_is_no_count(tmp_path):
    text = HIGH_CARD.replace("deal 1 from deck to each hand", "deal 3 / 2 from deck to each hand")
    (d,) = [d for d in pr.validate(_file(tmp_path, text)) if d.severity == "error"]
    assert d.code == "type-error" and "whole number" in d.message and "3/2" in d.message


def test_a_count_that_turns_out_not_whole_in_play_says_so(tmp_path):
    """Known only while playing (ten cards over four): the runtime error says the number is not
    whole, not that it is 'a text or a list'."""
    text = HIGH_CARD.replace("deal 1 from deck to each hand", "deal count(deck) / 4 from deck to each hand")
    rules = pr.load(_file(tmp_path, text))
    with pytest.raises(pr.PlayaRulesError, match=r"'deal' needs a whole number of components, not 5/2"):
        rules.new_game(2, seed=0)


def test_validate_reports_every_file_when_one_meets_a_bug(tmp_path, capsys, monkeypatch):
    """An unexpected failure on one file is that file's internal-error diagnostic: the files
    before and after it are still reported, in text and in JSON."""
    cli = importlib.import_module("playa_rules.cli.main")  # (the package exports the function main)

    good = _file(tmp_path, HIGH_CARD, "good.yaml")
    bad = _file(tmp_path, HIGH_CARD, "bad.yaml")
    real = cli.validate

    def failing(path):
        if Path(path).name == "bad.yaml":
            raise TypeError("'float' object cannot be interpreted as an integer")
        return real(path)

    monkeypatch.setattr(cli, "validate", failing)
    monkeypatch.delenv("PLAYA_RULES_DEBUG", raising=False)
    code = main(["validate", str(good), str(bad), "playa-pirata"])
    out, _ = capsys.readouterr()
    assert code == 1
    assert "good.yaml: valid" in out and "playa-pirata: valid" in out
    assert "internal-error" in out and "bad.yaml: 1 error" in out
    code = main(["validate", "--format", "json", str(good), str(bad), "playa-pirata"])
    files = json.loads(capsys.readouterr().out)["files"]
    assert code == 1 and [f["valid"] for f in files] == [True, False, True]
    assert files[1]["diagnostics"][0]["code"] == "internal-error"


def test_a_decimal_in_dsl_text_says_the_dsl_has_whole_numbers_and_fractions(tmp_path):
    """Finding 14: it was "unexpected '0'" with the hint "expected a name"."""
    text = HIGH_CARD.replace("deal 1 from deck to each hand", "deal 1.0 from deck to each hand")
    (d,) = [d for d in pr.validate(_file(tmp_path, text)) if d.severity == "error"]
    assert d.code == "dsl-syntax" and "'1.0' is a decimal number" in d.message
    assert "whole numbers and fractions only" in d.hint and "parameter" in d.hint


def test_rotate_start_as_a_whole_decimal_is_a_whole_number(tmp_path):
    """Finding 14: `rotate_start: 1.0` was "expected DSL text, got float" where 1 is fine."""
    text = HIGH_CARD + "match:\n  hands: 2.0\n  rotate_start: 1.0\n"
    rules = pr.load(_file(tmp_path, text))
    assert _played(rules).hands == 2


@pytest.mark.parametrize(
    "where, value, words",
    [
        ("match", "hands: 0", "a match of 0 hands"),
        ("match", "hands: -2", "a match of -2 hands"),
        ("turns", "rounds: -1", "its rounds are always -1"),
        ("turns", "rounds: 0", "its rounds are always 0"),
    ],
)
def test_no_hands_or_rounds_below_one(tmp_path, where, value, words):
    """Finding 13: `hands: 0` was valid and played one hand; `rounds: -1` only warned that the
    phase's steps could not be reached. A constant below 1 is a located bad-count error."""
    if where == "match":
        text = HIGH_CARD + f"match:\n  {value}\n"
    else:
        text = HIGH_CARD.replace("rounds: 1", value)
    (d,) = [d for d in pr.validate(_file(tmp_path, text)) if d.severity == "error"]
    line = next(i for i, line in enumerate(text.splitlines(), 1) if value in line)
    assert d.code == "bad-count" and words in d.message and d.line == line


@pytest.mark.parametrize(
    "effect, value, words",
    [
        (
            "move take(deck, k) to discard",
            "1.5",
            "how many 'take' takes must be a whole number, but k is 1.5",
        ),
        ("deal [1, 2][k] from deck to each hand", "0.5", "a list index must be a whole number, but k is 0.5"),
        (
            "deal 1 from deck to seat(k).hand",
            "0.5",
            "the argument of 'seat' must be a whole number, but k is 0.5",
        ),
    ],
)
def test_other_counts_and_positions_that_are_not_whole(tmp_path, effect, value, words):
    text = HIGH_CARD.replace("deal 1 from deck to each hand", effect) + f"parameters:\n  k: {value}\n"
    (d,) = [d for d in pr.validate(_file(tmp_path, text)) if d.severity == "error"]
    assert d.code == "type-error" and words in d.message and d.path == "/parameters/k"


@pytest.mark.parametrize(
    "rounds, parameter, words, path",
    [
        ("3 / 2", "", "a phase's rounds must be a whole number, but this is 3/2", "/phases/1/turns/rounds"),
        (
            "k",
            "parameters:\n  k: 1.5\n",
            "a phase's rounds must be a whole number, but k is 1.5",
            "/parameters/k",
        ),
    ],
)
def test_a_phase_of_rounds_that_are_not_whole_is_an_error(tmp_path, rounds, parameter, words, path):
    """`rounds: 3 / 2` validated clean and played rounds * players turns (3 with two players):
    a phase's rounds are a whole number, refused when the rules load where known then, else
    a runtime error where the phase starts."""
    text = HIGH_CARD.replace("rounds: 1", f'rounds: "{rounds}"') + parameter
    (d,) = [d for d in pr.validate(_file(tmp_path, text)) if d.severity == "error"]
    assert (d.code, d.path) == ("type-error", path) and words in d.message
    later = HIGH_CARD.replace("rounds: 1", 'rounds: "(count(deck) + 1) / (count(deck) + 2)"')
    rules = pr.load(_file(tmp_path, later))  # (n + 1) / (n + 2): never whole
    with pytest.raises(pr.PlayaRulesError, match=r"'rounds' needs a whole number of rounds, not \d+/\d+"):
        _played(rules)
    assert _played(pr.load(_file(tmp_path, HIGH_CARD.replace("rounds: 1", 'rounds: "4 / 2"')))).is_over
