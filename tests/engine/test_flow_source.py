"""The source generated per rule set (step functions, playout loops) holds no text of the rule
file: names are objects bound in its namespace, so a rule file cannot write code into it."""

from __future__ import annotations

import ast

import pytest
from flow_games import FLOW_PATHS, write_rules

import playa_rules as pr
from playa_rules.engine.flowcode import play_loop, source


@pytest.mark.parametrize("form", ["step functions", "playout loop", "playout loop logging nothing"])
def test_the_source_holds_no_text_of_the_rule_file(tmp_path, form):
    """Step ids, action names and variable names are objects bound in the namespace: the
    source is the same whatever the rule file calls them, and reads no name but its own."""
    path = tmp_path / "odd.yaml"
    path.write_text(FLOW_PATHS.replace("{id: first,", "{id: os_system,").replace("taken", "log_append"))
    texts = []
    for program in (pr.load(str(write_rules(tmp_path, FLOW_PATHS))).program, pr.load(str(path)).program):
        if form != "step functions":
            logs = form == "playout loop"
            play_loop(program, logs)
            text, ns = program.extras["play" if logs else "play unlogged"][1], program.extras["after"][2]
        else:
            text, ns, _ = source(program)
        texts.append(text)
    assert texts[0] == texts[1] and "os_system" not in text and "log_append" not in text
    assert ns["__builtins__"] == {}
    tree = ast.parse(text)
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert strings <= {"act", "turn", "blocked", "step", "$turns", "me", "phase", "score"}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    bound = set(ns) | {"game", "a", "g", "d", "seat", "vals", "e", "entry", "log", "exc", "hides", "out"}
    bound |= {"k", "order", "n", "r", "cvars", "first", "s", "i", "row", "detail", "parts", "total", "shared"}
    bound |= {"random", "at", "ends", "keys", "items", "lo", "v", "key", "spare"}
    bound |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}  # (a phase's end, by name)
    assert names <= bound
