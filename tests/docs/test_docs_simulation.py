"""docs/simulation.md and docs/agents.md: their Python examples run, the worked example's output is real."""

import json
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


def _strength_rows():
    """The rows of docs/agents.md's "How strong they are": (command, wins, rate, scores) as shown."""
    text = (DOCS / "agents.md").read_text(encoding="utf-8")
    section = text.split("## How strong they are", 1)[1].split("\n## ", 1)[0]
    row = re.compile(r"^\| `\w+` against [^|]*\| `(simulate [^`]*)`[^|]*\| ([^|]*) \| ([^|]*) \| ([^|]*) \|$")
    return [pytest.param(*m.groups(), id=m.group(1)) for m in map(row.match, section.splitlines()) if m]


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def test_the_strength_table_has_its_rows():
    assert len(_strength_rows()) >= 5


@pytest.mark.slow
@pytest.mark.parametrize("command, wins, rate, scores", _strength_rows())
def test_the_strength_table_shows_what_its_commands_print(command, wins, rate, scores, capsys):
    """Each row's figures are its command's, run as the row shows it: the table cannot go stale
    when the agents or the game change (one search more or less changes a match)."""
    argv = shlex.split(command)
    assert main(argv + ["--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    first, other = dict.fromkeys(result["agents"])
    mine, theirs = result["by_agent"][first], result["by_agent"][other]
    assert wins == f"{mine['wins']} of {mine['seat_games']}"
    lo, hi = mine["win_rate_ci"]
    assert rate.startswith(f"{_percent(mine['win_rate'])} ({_percent(lo)} - {_percent(hi)})"), rate
    assert scores == f"{mine['mean_score']:.1f} against {theirs['mean_score']:.1f}"
