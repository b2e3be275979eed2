"""The layers of docs/architecture.md hold: imports flow one way, and no module reaches into
another's private names.

The import contracts are in pyproject.toml (``[tool.importlinter]``) and checked with
import-linter, the tool CI runs as ``lint-imports``; the private names are checked here with
``ast``. A contract that a backward import breaks is shown to break on a copy of the package.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter", reason="import-linter is in the test extra: pip install '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "playa_rules"
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def _lint_imports(where: Path) -> subprocess.CompletedProcess:
    """lint-imports run from ``where`` (its pyproject.toml, its playa_rules first on the path)."""
    code = "import sys; sys.path.insert(0, '.'); from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-cache"],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_import_contracts_are_kept():
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def test_a_backward_import_breaks_the_contract(tmp_path):
    """The reading stage importing the public entry points above it is reported, by module and line."""
    shutil.copytree(PACKAGE, tmp_path / "playa_rules", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    positions = tmp_path / "playa_rules" / "source" / "positions.py"
    positions.write_text(positions.read_text(encoding="utf-8") + "\nfrom ..rules import load  # noqa\n")
    result = _lint_imports(tmp_path)
    assert result.returncode == 1
    assert "playa_rules.source is not allowed to import playa_rules.rules" in result.stdout
    assert "playa_rules.source.positions -> playa_rules.rules" in result.stdout


def test_every_module_of_the_compiler_is_in_a_layer():
    """The compiler package is split between two layers (the rule language below the checks,
    the compile stage above them), so each of its modules is named in the contract: a new
    module left out would be checked by nothing."""
    for path in sorted((PACKAGE / "compiler").iterdir()):
        name = path.stem
        if name.startswith("__") or (path.is_file() and path.suffix != ".py"):
            continue
        assert re.search(rf"playa_rules\.compiler\.{name}\b", PYPROJECT), (
            f"playa_rules.compiler.{name} is in no layer of [tool.importlinter] in pyproject.toml"
        )


def _module_name(path: Path) -> list[str]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def _private_reaches(path: Path, text: str | None = None) -> list[str]:
    """``from M import _name`` and ``M._name`` for another module M of the package, in the
    module at ``path`` (its text, unless given)."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me[:-1]
    modules, found = {}, []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{node.lineno}: from {source} import {alias.name}")
                else:
                    modules[alias.asname or alias.name] = source
        elif isinstance(node, ast.Import):
            for alias in node.names:
                modules[alias.asname or alias.name.split(".")[0]] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and modules.get(node.value.id, "").startswith("playa_rules")
        ):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_reaches_into_another_s_private_names(path):
    found = _private_reaches(path)
    assert not found, f"{path.relative_to(ROOT)} uses other modules' private names: " + "; ".join(found)


def test_the_private_name_check_sees_both_forms():
    text = "from .actions import _nested, Action\nfrom .. import rules\nrules._CACHE.clear()\nrules.load\n"
    found = _private_reaches(PACKAGE / "engine" / "probe.py", text)
    assert found == ["1: from playa_rules.engine.actions import _nested", "3: rules._CACHE"]
