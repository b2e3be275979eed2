"""Reproducers for issue 13: hostile sizes end in located library errors, fast."""
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules import limits
from playa_rules.errors import SpecError

BASE = (Path(__file__).resolve().parent.parent / "spec/games/pirate-gold-cards.yaml").read_text()


def _write(tmp_path, text):
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _errors(path):
    diags = [d for d in pr.validate(path) if d.severity == "error"]
    with pytest.raises(SpecError) as info:
        pr.load(path)
    assert [d.code for d in info.value.diagnostics] == [d.code for d in diags]
    return diags


def test_player_count_over_the_limit_is_located_and_fast(tmp_path):
    path = _write(tmp_path, BASE.replace("players: [2, 3, 4, 5, 6, 7]", "players: [2, 10000000]"))
    (d,) = _errors(path)
    assert (d.code, d.file, d.line, d.column, d.path) == ("too-many-players", str(path), 12, 14, "/players/1")
    assert d.message == f"10000000 players is over the limit of {limits.MAX_PLAYERS} seats"


def test_long_operator_chain_through_a_define_is_dsl_too_deep(tmp_path):
    chain = "+".join(["1"] * 1990)  # under the length limit, deeper than the stack
    text = BASE.replace("define:\n", f'define:\n  chain: "{chain}"\n', 1)
    text = text.replace('specials_out: "', 'specials_out: "0*chain+', 1)
    path = _write(tmp_path, text)
    diags = _errors(path)
    assert diags and {d.code for d in diags} == {"dsl-too-deep"}
    assert all(d.file == str(path) and d.line is not None and d.column is not None for d in diags)
    assert diags[0].message.startswith("the text nests too deeply to compile")


def test_every_limit_is_declared_once_with_its_code():
    codes = [code for _, _, code in limits.LIMITS]
    assert "too-many-players" in codes and "dsl-too-long" in codes
    assert all(isinstance(value, int) and value > 0 for _, value, _ in limits.LIMITS)
    for game in pr.games():  # every real game stays far inside the limits
        assert max(pr.load(game).player_counts) * 4 <= limits.MAX_PLAYERS



def test_doubling_defines_stop_at_the_inline_limit(tmp_path):
    levels = "".join(f'  d{i}: "d{i - 1}+d{i - 1}"\n' for i in range(1, 19)).replace("d0", "1")
    text = BASE.replace("define:\n", "define:\n" + levels, 1)
    text = text.replace('specials_out: "', 'specials_out: "0*d18+', 1)
    path = _write(tmp_path, text)  # 2**18 inlined calls: used to take about 5 s
    diags = _errors(path)
    assert {d.code for d in diags} == {"define-too-large"}
    first = diags[0]
    assert (first.file, first.line, first.column) == (str(path), 153, 11)  # d3: "d2+d2", at its first d2
    assert first.message == (f"using 'd2' here expands the defines to over {limits.MAX_INLINES} calls in "
                             "one text (defines that use each other several times double at each level)")


def test_each_missing_key_is_named_once(tmp_path):
    path = _write(tmp_path, "game: x\n")
    got = [(d.code, d.message, d.file, d.line, d.column) for d in pr.validate(path)]
    assert got == [("schema", f"the rule file is missing required key '{key}'", str(path), 1, 1)
                   for key in ("title", "players", "actions", "phases")]


def test_an_extends_name_too_long_for_the_system_is_unknown_extends(tmp_path):
    path = _write(tmp_path, "variant: v\nextends: " + "a" * 5000 + "\n")  # was a raw OSError
    (d,) = _errors(path)
    assert (d.code, d.file, d.line, d.column, d.path) == ("unknown-extends", str(path), 2, 10, "/extends")
    assert d.message.startswith("'aaaa") and "neither a bundled game" in d.message
