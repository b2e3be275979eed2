"""Running a command a docs page shows, as the page shows it: the commands of a page (a
``playa-rules`` line of a fenced block, or ``$ command`` with its output in a ``console``
block), run in a folder (``playa-rules`` in this process, ``python`` ones in a subprocess)
and checked against the exit code or the output shown, where a line ``...`` stands for any
number of lines and ``...`` inside a line for any text. tests/docs/test_docs_commands.py
runs every page's in a scratch folder, tests/docs/test_readme_fresh_clone.py the README's
in a fresh clone."""

from __future__ import annotations

import contextlib
import glob
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from playa_rules.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
SKIP_LANGS = {"python", "yaml", "json", "dsl-expr", "dsl-effect", "text", "toml", "mermaid"}
FOREIGN = ("pip ", "python -m pip", "python -m pytest", "pytest")
LAST_EXIT: dict[Path, int] = {}  # per page, for a shown `$ echo $?`
OPTIONAL_TOOLS = ("check-jsonschema",)
# The optional extras (pyproject.toml) and the modules each installs: a README command runs
# with the modules of every extra neither the README's install line (`pip install .`, none)
# nor its own line (`pip install '.[report]' && playa-rules ...`) installs made unimportable,
# so a command that needs one fails here as it fails after the README's install.
EXTRA_MODULES = {
    "openspiel": ("pyspiel", "open_spiel"),
    "pettingzoo": ("pettingzoo", "gymnasium"),
    "ray": ("ray",),
    "report": ("matplotlib",),
    "web": ("starlette", "uvicorn", "websockets", "markdown_it"),
}
# Slow commands the pages show as they are meant to be typed; the test runs them with
# fewer games (the same code path), and says so in its id.
FEWER_GAMES = 3


class Command:
    def __init__(self, page: Path, line: int, text: str, shown: str | None, stdin: str | None):
        self.page, self.line, self.text, self.shown, self.stdin = page, line, text, shown, stdin

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def strip_comment(line: str) -> str:
    """Drop a trailing shell comment (the pages put none inside quotes)."""
    return re.sub(r"(^|\s+)#(\s.*)?$", "", line).strip()


def commands_of(page: Path) -> list[Command]:
    text = page.read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", text, flags=re.S | re.M):
        lang = m.group(1)
        if lang in SKIP_LANGS:
            continue
        first = text.count("\n", 0, m.start()) + 2
        lines = m.group(2).split("\n")
        if lang == "console":
            i = 0
            while i < len(lines):
                if lines[i].startswith("$ "):
                    j = i + 1
                    while j < len(lines) and not lines[j].startswith("$ "):
                        j += 1
                    shown = "\n".join(lines[i + 1 : j]).rstrip("\n")
                    out.append(Command(page, first + i, lines[i][2:], shown, None))
                    i = j
                else:
                    i += 1
            continue
        for k, line in enumerate(lines):
            stripped = line.strip()
            if (
                "playa-rules " in stripped
                or "playa_rules" in stripped
                or stripped.startswith(OPTIONAL_TOOLS)
                or stripped.startswith(FOREIGN)
            ):
                out.append(Command(page, first + k, stripped, None, None))
    return out


def _run_one(argv: list[str], stdin: str | None) -> tuple[int, str]:
    out = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin if stdin is not None else "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue()


def extras_installed(text: str) -> set[str]:
    """The extras a line installs: ``python -m pip install '.[report,web]'`` -> {"report", "web"}."""
    return {
        e.strip() for group in re.findall(r"pip install '?\.\[([\w, -]+)\]", text) for e in group.split(",")
    }


def readme_extras() -> set[str]:
    """The extras the README's install line (its first command) installs."""
    return extras_installed(commands_of(ROOT / "README.md")[0].text)


def _without_extras(command: Command, monkeypatch) -> set[str]:
    """For a README command, make the modules of the extras it may not count on unimportable
    (their submodules too, which a ``sys.modules`` entry would let through); the extras left out."""
    if command.page.name != "README.md":
        return set()
    missing = set(EXTRA_MODULES) - readme_extras() - extras_installed(command.text)
    blocked = {m for extra in missing for m in EXTRA_MODULES[extra]}
    for name in [n for n in sys.modules if n.split(".")[0] in blocked] + sorted(blocked):
        monkeypatch.setitem(sys.modules, name, None)
    return missing


def _split_pipeline(text: str):
    """``printf 'x' | playa-rules ... | head -7 > f`` -> (stdin, argv, head, redirect)."""
    stdin = head = redirect = None
    if "&&" in text:
        text = text.split("&&")[-1].strip()
    parts = [p.strip() for p in text.split(" | ")]
    if parts[0].startswith("printf "):
        stdin = shlex.split(parts.pop(0))[1].encode().decode("unicode_escape")
    if len(parts) > 1:
        head_args = shlex.split(parts[1])
        assert head_args[0] == "head", f"unsupported pipe in a doc command: {parts[1]}"
        head = int(head_args[1].lstrip("-"))
    command = parts[0]
    if " > " in command:
        command, redirect = (s.strip() for s in command.split(" > "))
    return stdin, shlex.split(command), head, redirect


def _matches(shown: str, printed: str) -> bool:
    """``...`` alone on a line: any lines; ``...`` inside a line: any text."""
    pattern = []
    for line in shown.split("\n"):
        if line.strip() == "...":
            pattern.append(r"(?:.*\n)*?")
        else:
            pattern.append(".*?".join(re.escape(part) for part in line.rstrip().split("...")) + r"[ \t]*\n")
    text = "\n".join(line.rstrip() for line in printed.rstrip("\n").split("\n")) + "\n"
    return re.fullmatch("".join(pattern), text) is not None


def _expected_exit(line: str) -> int:
    """A command without shown output must exit 0, unless its comment says ``exit N``."""
    comment = re.search(r"(?:^|\s)#\s(.*)$", line)
    found = re.search(r"\bexit (\d+)", comment.group(1)) if comment else None
    return int(found.group(1)) if found else 0


def run_doc_command(command: Command, text: str, where: Path, code_root: Path, monkeypatch) -> None:
    """Run one command of a page in the folder ``where`` (python commands with ``code_root`` on
    PYTHONPATH) and check its exit code or the output the page shows."""
    stdin, argv, head, redirect = _split_pipeline(text)
    monkeypatch.chdir(where)
    monkeypatch.setenv("NO_COLOR", "1")
    if argv[0].startswith("PYTHONPATH=") or argv[0] == "python" or argv[0] in OPTIONAL_TOOLS:
        env = dict(os.environ, PYTHONPATH=str(code_root))
        while "=" in argv[0]:
            argv.pop(0)
        if argv[0] in OPTIONAL_TOOLS and shutil.which(argv[0]) is None:
            pytest.skip(f"{argv[0]} is not installed here")
        if argv[0] == "python":
            argv[0] = sys.executable
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=900)  # a bound on a hang
        code, printed = proc.returncode, proc.stdout + proc.stderr
    else:
        assert argv[0] == "playa-rules", f"{command.id}: not a command this test knows: {text}"
        args = [a2 for a in argv[1:] for a2 in (sorted(glob.glob(a)) if "*" in a else [a])]
        missing = _without_extras(command, monkeypatch)
        if "--report" in args and "report" not in missing:
            pytest.importorskip("matplotlib", reason="--report needs the optional extra 'report'")
        if command.shown is None:
            args = _fewer_games(args)
        if "--human" in args and stdin is None:
            stdin = "1\n" * 2000  # take the first legal action every time, to the end
        code, printed = _run_one(args, stdin)
    if redirect:
        Path(redirect).write_text(printed, encoding="utf-8")
    if head is not None:
        printed = "\n".join(printed.split("\n")[:head])
    LAST_EXIT[command.page] = code
    if command.shown is None:
        expected = _expected_exit(command.text)
        hint = ""
        if "playa-rules[" in printed and command.page.name == "README.md":
            hint = " (an extra the README's install line does not install: install it on the command's line)"
        assert code == expected, (
            f"{command.id}: `{text}` exited {code}, not {expected}{hint}:\n{printed[-3000:]}"
        )
    elif command.shown.strip():
        assert _matches(command.shown, printed), (
            f"{command.id}: `{text}` printed something else than the page shows:\n{printed[:4000]}"
        )


def _fewer_games(args: list[str]) -> list[str]:
    out = list(args)
    for flag in ("--games", "-n", "--simulate"):
        if flag in out:
            i = out.index(flag) + 1
            out[i] = str(min(int(out[i]), FEWER_GAMES))
    return out
