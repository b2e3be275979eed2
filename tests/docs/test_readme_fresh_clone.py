"""Every command the README shows runs as written from a fresh clone.

tests/docs/test_docs_commands.py runs the pages' commands (with tests/doc_commands.py) in a scratch folder holding the files
the pages name; this test runs the README's in a ``git clone`` of this checkout with nothing
added, so a command naming a file that only exists elsewhere (a README once said
``playa-rules validate my-rules.yaml``, a file of docs/examples/) fails here. The clone holds
what is committed: commit before running it. Slow (a whole clone, every README command): it
runs with ``-m slow``.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from doc_commands import FOREIGN, ROOT, Command, commands_of, run_doc_command, strip_comment

README_COMMANDS = commands_of(ROOT / "README.md")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if not (ROOT / ".git").exists():
        pytest.skip("this checkout is not a git repository: nothing to clone")
    where = tmp_path_factory.mktemp("fresh") / "playa-rules"
    subprocess.run(
        ["git", "clone", "-q", str(ROOT), str(where)], check=True, capture_output=True, timeout=300
    )
    return where


def test_the_readme_shows_commands():
    assert len(README_COMMANDS) >= 15


@pytest.mark.parametrize("command", README_COMMANDS, ids=lambda c: c.id)
def test_the_readme_command_runs_in_a_fresh_clone(command, clone, monkeypatch):
    text = strip_comment(command.text) if command.shown is None else command.text
    if text.startswith(FOREIGN) and not text.split("&&")[-1].strip().startswith("playa-rules"):
        pytest.skip("not a playa-rules command: " + text)
    run_doc_command(command, text, clone, clone, monkeypatch)


def test_a_file_outside_the_clone_fails_there(clone, monkeypatch):
    """The check itself: the README's old command, naming a file only docs/examples/ holds."""
    (old,) = _commands_of_text("playa-rules validate my-rules.yaml")
    with pytest.raises(AssertionError, match="exited 1, not 0"):
        run_doc_command(old, old.text, clone, clone, monkeypatch)


def _commands_of_text(line: str):
    return [Command(ROOT / "README.md", 0, line, None, None)]
