"""Validation outside Python: editors (YAML language server), pre-commit, check-jsonschema, the docs."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

import playa_rules as pr
from playa_rules import resources

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
SCHEMA = json.loads(resources.schema_path().read_text(encoding="utf-8"))
LANGUAGE_SERVER = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


@pytest.mark.parametrize("game", pr.games())
def test_every_bundled_rule_file_names_the_schema_for_the_language_server(game):
    path = resources.games_dir() / f"{game}.yaml"
    first = path.read_text(encoding="utf-8").splitlines()[0]
    found = LANGUAGE_SERVER.match(first)
    assert found, f"{path} must start with '# yaml-language-server: $schema=...'"
    assert (path.parent / found.group(1)).resolve() == resources.schema_path().resolve()


def test_the_docs_name_the_schema_id_and_the_language_server_line():
    assert SCHEMA["$id"] in DOC
    assert "# yaml-language-server: $schema=../schema/playa-rules.schema.json" in DOC


def test_pre_commit_hook_manifest():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["id"] == "playa-rules-validate"
    assert hook["language"] == "python"
    assert hook["entry"] == "playa-rules validate"
    files = re.compile(hook["files"])
    assert files.search("rules/game.yaml") and files.search("x.yml")
    assert not files.search("game.json") and not files.search("notes.yaml.txt")
    assert hook["id"] in DOC and "files: ^rules/" in DOC
    # the entry point the hook runs is the one the package installs
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'playa-rules = "playa_rules.cli:main"' in pyproject


def test_yaml_examples_of_the_validation_page_parse():
    blocks = re.findall(r"```yaml\n(.*?)```", DOC, flags=re.S)
    assert len(blocks) >= 3
    for block in blocks:
        yaml.safe_load(block)
    for block in re.findall(r"```json\n(.*?)```", DOC, flags=re.S):
        json.loads(block)


@pytest.mark.skipif(shutil.which("check-jsonschema") is None, reason="check-jsonschema is not installed")
def test_check_jsonschema_accepts_the_bundled_games_and_rejects_a_bad_file():
    schema = str(resources.schema_path())
    files = [str(resources.games_dir() / f"{g}.yaml") for g in pr.games()]
    ok = subprocess.run(
        ["check-jsonschema", "--schemafile", schema, *files], capture_output=True, text=True, timeout=120
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = subprocess.run(
        [
            "check-jsonschema",
            "--schemafile",
            schema,
            str(ROOT / "tests" / "cases" / "schema" / "several-errors.yaml"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1
