"""The pre-commit recipes of docs/validation.md work as written.

A scratch project gets the page's `.pre-commit-config.yaml` unchanged, a clone of this
checkout at `../playa-rules` (where the recipe looks for it), and a rules folder; then
`pre-commit run --all-files` must pass with a valid rule file and fail, naming the file
and line, once a broken one is added.
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
EXAMPLES = ROOT / "docs" / "examples"
RECIPES = [b for b in re.findall(r"```yaml\n(.*?)```", DOC, flags=re.S) if b.startswith("repos:")]

pytestmark = pytest.mark.skipif(
    shutil.which("pre-commit") is None or shutil.which("git") is None,
    reason="pre-commit or git is not installed (pip install '.[test]' installs pre-commit)",
)


def _git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=120)


def _project(tmp_path: Path, recipe: str) -> Path:
    project = tmp_path / "project"
    (project / "rules").mkdir(parents=True)
    shutil.copy(EXAMPLES / "my-rules.yaml", project / "rules" / "my-rules.yaml")
    (project / ".pre-commit-config.yaml").write_text(recipe, encoding="utf-8")
    _git("init", "-q", cwd=project)
    _git("add", "-A", cwd=project)
    return project


def _clone_beside(project: Path):
    if not (ROOT / ".git").exists():
        pytest.skip("this checkout is not a git repository: nothing to clone")
    clone = project.parent / "playa-rules"
    _git("clone", "-q", str(ROOT), str(clone), cwd=project.parent)
    _git("checkout", "-q", "-B", "main", cwd=clone)  # the recipe's rev, whatever HEAD is here


def _run(project: Path, tmp_path: Path):
    env = dict(
        os.environ, PRE_COMMIT_HOME=str(tmp_path / "cache"), NO_COLOR="1", GIT_CONFIG_GLOBAL="/dev/null"
    )
    env.setdefault("GIT_AUTHOR_NAME", "t")
    return subprocess.run(
        ["pre-commit", "run", "--all-files", "--color", "never"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_the_page_shows_both_recipes():
    assert len(RECIPES) == 2
    assert "repo: ../playa-rules" in RECIPES[0] and "repo: local" in RECIPES[1]


# The clone recipe builds the hook's environment from a clone of this checkout (pip installs it
# there, about ten seconds of CPU): it runs with -m slow.
@pytest.mark.parametrize(
    "index", [pytest.param(0, id="clone", marks=pytest.mark.slow), pytest.param(1, id="local")]
)
def test_recipe_passes_a_valid_file_and_stops_a_broken_one(index, tmp_path):
    project = _project(tmp_path, RECIPES[index])
    if "repo: ../playa-rules" in RECIPES[index]:
        _clone_beside(project)
    elif shutil.which("playa-rules") is None:
        pytest.skip("the local recipe needs playa-rules installed")
    ok = _run(project, tmp_path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert re.search(r"validate .*rule files\.+Passed", ok.stdout), ok.stdout
    shutil.copy(EXAMPLES / "broken.yaml", project / "rules" / "broken.yaml")
    _git("add", "-A", cwd=project)
    bad = _run(project, tmp_path)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "Failed" in bad.stdout
    assert "rules/broken.yaml:4:1: error yaml-syntax" in bad.stdout


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed (the test extra installs it)")
def test_the_repository_s_own_config_runs_ruff_and_stops_unformatted_code(tmp_path):
    """.pre-commit-config.yaml (this repository's own, not the hook it offers) lints and
    formats with the settings of pyproject.toml: code written as ruff would passes, a file
    with an unused import and a badly spaced call is stopped, then fixed by the hooks."""
    project = tmp_path / "repo"
    (project / "pkg").mkdir(parents=True)
    shutil.copy(ROOT / ".pre-commit-config.yaml", project)
    shutil.copy(ROOT / "pyproject.toml", project)
    (project / "pkg" / "good.py").write_text('"""Fine."""\n\nVALUE = 1\n', encoding="utf-8")
    _git("init", "-q", cwd=project)
    _git("add", "-A", cwd=project)
    ok = _run(project, tmp_path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert re.search(r"ruff check \(lint\)\.+Passed", ok.stdout) and re.search(
        r"ruff format\.+Passed", ok.stdout
    )
    bad_file = project / "pkg" / "bad.py"
    bad_file.write_text("import os\nprint( 'x' )\n", encoding="utf-8")
    _git("add", "-A", cwd=project)
    bad = _run(project, tmp_path)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "Failed" in bad.stdout
    assert bad_file.read_text(encoding="utf-8") == 'print("x")\n'  # the hooks fixed it
