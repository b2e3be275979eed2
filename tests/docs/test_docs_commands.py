"""Every command the docs show is run, and every output they show is what it prints.

The README and every page of docs/ are scanned for fenced blocks; each line that runs
``playa-rules`` (or ``python -m playa_rules``) becomes a test. In a ``console`` block the
lines after ``$ command`` are the output the page shows: it must be what the command
prints, where a line ``...`` stands for any number of lines and ``...`` inside a line for
any text. A command without shown output must succeed (exit 0), except where its block
shows errors. Commands run in a scratch folder holding the files the pages name
(``docs/examples/``'s files, and the checkout's ``docs/``, ``tests/`` and ``spec/``), so the
pages' file names (``my-rules.yaml``, ``rules/*.yaml``, ``docs/examples/x.yaml``...) are real
files, not placeholders.
Commands that are not this project's (``pip install``, ``python -m pytest``) are listed
in ``FOREIGN`` and skipped with that reason.
"""

from __future__ import annotations

import re
import shutil

import pytest
from doc_commands import (
    EXTRA_MODULES,
    FOREIGN,
    LAST_EXIT,
    PAGES,
    ROOT,
    Command,
    commands_of,
    readme_extras,
    run_doc_command,
    strip_comment,
)

COMMANDS = [c for page in PAGES for c in commands_of(page)]
# Commands that play whole matches with search agents take a minute each: they run with
# ``-m slow`` (after the quick loop in .ci/run), not in every run.
SEARCH_AGENTS = ("ismcts", "greedy")
BENCHMARKS = ("playa_rules.bench",)  # speed measurements run for seconds per figure by design


def _param(command: Command):
    slow = any(name in command.text for name in SEARCH_AGENTS + BENCHMARKS)
    return pytest.param(command, id=command.id, marks=[pytest.mark.slow] if slow else [])


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A folder holding every file the pages name."""
    where = tmp_path_factory.mktemp("docs-commands")
    for name in ("tests", "spec", "grammar", "playa_rules", "docs"):
        (where / name).symlink_to(ROOT / name)
    examples = ROOT / "docs" / "examples"
    for path in examples.rglob("*"):
        if path.is_file():
            target = where / path.relative_to(examples)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    return where


@pytest.mark.parametrize("command", [_param(c) for c in COMMANDS])
def test_doc_command(command: Command, scratch, monkeypatch):
    text = strip_comment(command.text) if command.shown is None else command.text
    if text == "echo $?":
        assert command.page in LAST_EXIT, f"{command.id}: `echo $?` without a command before it"
        assert command.shown.strip() == str(LAST_EXIT[command.page]), f"{command.id}: the exit code differs"
        return
    if text.startswith(FOREIGN) and not text.split("&&")[-1].strip().startswith("playa-rules"):
        pytest.skip("not a playa-rules command: " + text)
    run_doc_command(command, text, scratch, ROOT, monkeypatch)


def test_the_pages_show_commands():
    assert len(COMMANDS) >= 40
    assert any(c.shown for c in COMMANDS)


def test_every_optional_extra_is_one_the_readme_check_knows():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    assert set(EXTRA_MODULES) == set(re.findall(r"^([\w-]+) = \[", section, re.M)) - {"test"}
    assert readme_extras() == set()  # the README's install line installs the library alone


def test_a_readme_command_needing_an_extra_its_line_does_not_install_fails(scratch, monkeypatch):
    """The check itself: the README once showed ``--report`` after a plain ``pip install .``."""
    old = Command(
        ROOT / "README.md",
        0,
        "playa-rules compare playa-pirata --variant short-game -n 2 --report out/",
        None,
        None,
    )
    with pytest.raises(AssertionError, match="an extra the README's install line does not install"):
        run_doc_command(old, old.text, scratch, ROOT, monkeypatch)
