"""`python -m playa_rules.bench` from an installed package, no checkout around it: section 1b
finds the board games' rule files and yardsticks in the installed `playa_rules_benchmarks`
(pyproject.toml's force-include puts them there), as benchmarks/README.md says."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playa_rules.bench import yardsticks

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_ships_each_board_yardstick_with_its_rule_file():
    text = (ROOT / "pyproject.toml").read_text()  # (tomllib is Python 3.11's; the project runs on 3.10)
    for module in yardsticks.BOARD_GAMES:
        rules = module.replace("_", "-")
        assert f'"benchmarks/{module}.py" = "playa_rules_benchmarks/{module}.py"' in text
        assert f'"tests/games/{rules}.yaml" = "playa_rules_benchmarks/{rules}.yaml"' in text


def test_without_a_checkout_the_installed_yardsticks_are_measured(tmp_path, monkeypatch, capsys):
    installed = tmp_path / "site" / "playa_rules_benchmarks"
    installed.mkdir(parents=True)
    (installed / "__init__.py").write_text("")
    for module in yardsticks.BOARD_GAMES:
        shutil.copy(ROOT / "benchmarks" / f"{module}.py", installed)
        shutil.copy(ROOT / "tests" / "games" / f"{module.replace('_', '-')}.yaml", installed)
    away = tmp_path / "elsewhere"
    away.mkdir()
    monkeypatch.setattr(yardsticks, "ROOT", away)  # the package's folder holds no tests/ nor benchmarks/
    monkeypatch.chdir(away)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    sys.modules.pop("playa_rules_benchmarks", None)
    assert yardsticks._checkout_file("tests", "games", "tic-tac-toe.yaml") == installed / "tic-tac-toe.yaml"

    def measure(runners, seconds):  # one game each: the rows are what is checked, not the speed
        return [(1.0, 1.0) for _ in runners]

    rows = yardsticks.board_games(0.01, measure)
    assert [r["game"] for r in rows] == ["tic-tac-toe", "connect-four"]
    assert not any(r.get("missing") for r in rows)
    sys.modules.pop("playa_rules_benchmarks", None)
