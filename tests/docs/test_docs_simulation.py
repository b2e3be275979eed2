"""docs/simulation.md and docs/agents.md: their Python examples run, the worked example's output is real."""

import re
import shlex
from pathlib import Path

import pytest

from playa_rules.cli.main import main

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _python_blocks(name):
    text = (DOCS / name).read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize(
    "name,index", [(n, i) for n in ("simulation.md", "agents.md") for i in range(len(_python_blocks(n)))]
)
def test_python_examples_run(name, index, capsys):
    """Each example runs; a ``# -> text`` after a print is what it prints."""
    block = _python_blocks(name)[index]
    exec(compile(block, f"<docs/{name}>", "exec"), {"__name__": "__docs__"})
    out = capsys.readouterr().out
    assert out
    shown = re.findall(r"^print\(.*# -> (.*)$", block, re.M)
    assert [line for line in out.splitlines() if line in shown] == shown or not shown


def test_the_worked_example_shows_the_real_output_of_compare(capsys):
    text = (DOCS / "simulation.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- compare-random -->\n```console\n\$ (playa-rules [^\n]*)\n(.*?)```", text, re.S)
    command, shown = block.group(1), block.group(2)
    assert main(shlex.split(command)[1:] + ["--workers", "1"]) == 0
    captured = capsys.readouterr()  # (the note on the agents comes first, on standard error)
    printed = "\n".join(line.rstrip() for line in (captured.err + captured.out).splitlines())
    assert printed.strip() == "\n".join(line.rstrip() for line in shown.splitlines()).strip()
