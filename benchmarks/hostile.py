"""The hostile inputs of issues 13 and 30, measured: each must end in a located PlayaRulesError
within 2 s and 500 MB.

Each case runs in a fresh process under a 500 MB address-space cap (RLIMIT_AS) that first
validates a bundled game cold (the reference: imports and one load, the same in every case);
the case's own CPU time is then reported in seconds and as a ratio to that reference, with the
process's peak resident memory and what the case ended in. Run it from the repository root:

    python benchmarks/hostile.py            # every case
    python benchmarks/hostile.py chain      # the cases whose name holds "chain"

The figures of a run are in benchmarks/README.md.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT_MB = 500

PRELUDE = """
import json, os, resource, sys, time
from pathlib import Path
import playa_rules as pr
KUHN = Path("docs/examples/kuhn-poker.yaml").read_text()
HERE = Path(sys.argv[1])
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
t0 = cpu(); pr.validate("playa-pirata"); reference = cpu() - t0
def write(name, text):
    (HERE / name).write_text(text)
    return HERE / name
def phase_let(let, effect):
    return KUHN.replace("    turns: {from: start_player, until: hand.done}\\n",
        "    turns: {from: start_player, until: hand.done}\\n    let: {x: " + json.dumps(let) + "}\\n"
    ).replace("      set me.put += 1\\n", "      set me.put += 1\\n      " + effect + "\\n")
def bet(path):
    game = pr.load(path).new_game(2, seed=0)
    game.apply("bet")
"""

CASES = {
    "text times a huge number (phase.x)": """
        path = write("a.yaml", phase_let("'ab'", "set hand.bets = phase.x * 1000000000000"))
        run = lambda: bet(path)""",
    "list times past an index-sized integer": """
        path = write("a.yaml", phase_let("[1, 2]", "set hand.bets = phase.x * 100000000000000000000"))
        run = lambda: bet(path)""",
    "reveal to a huge seat number": """
        path = write("a.yaml", phase_let("100000000000000", "reveal top(deck) to phase.x"))
        run = lambda: bet(path)""",
    "players: [10000000], each bundled game": """
        import re
        paths = [write(g + ".yaml", re.sub(r"^players: .*$", "players: [10000000]",
                 Path("spec/games/" + g + ".yaml").read_text(), count=1, flags=re.M)) for g in pr.games()]
        def run():
            for p in paths:
                assert [d.code for d in pr.validate(p)][0] == "too-many-players"
            pr.load(paths[0])""",
    "did-you-mean: 3,000 misspelt actions among 3,000": """
        acts = "".join(f"  action_{i}:\\n    text: a{i}\\n    effect: set hand.bets = 1\\n" for i in range(3000))
        path = write("a.yaml", KUHN.replace("actions:\\n", "actions:\\n" + acts, 1).replace(
            "[pass, bet]", "[pass, bet, " + ", ".join(f"actoin_{i}" for i in range(3000)) + "]"))
        run = lambda: pr.load(path)""",
    "did-you-mean: 3,000 misspelt variables among 3,000": """
        vs = ", ".join(f"counter_{i}: 0" for i in range(3000))
        acts = "".join(f"  action_{i}:\\n    text: a{i}\\n    effect: set hand.countr_{i} = 1\\n" for i in range(3000))
        text = KUHN.replace("  hand: {bets: 0, passes: 0, done: false}", "  hand: {bets: 0, passes: 0, done: false, " + vs + "}")
        path = write("a.yaml", text.replace("actions:\\n", "actions:\\n" + acts, 1))
        run = lambda: pr.load(path)""",
    "a variant with 5,000 phases": """
        lines = ["extends: playa-pirata", "variant: many", "title: Many", "phases:"]
        lines += [f"  - {{id: extra{i}, at: end, on_start: 'set turn.groups = 0'}}" for i in range(5000)]
        path = write("v.yaml", "\\n".join(lines) + "\\n")
        run = lambda: pr.load(path)""",
    "a chain of 1,500 variants": """
        write("game.yaml", KUHN)
        for i in range(1500):
            write(f"v{i}.yaml", f"extends: {'game.yaml' if i == 0 else f'v{i - 1}.yaml'}\\nvariant: v{i}\\ntitle: V{i}\\n")
        run = lambda: pr.load(HERE / "v1499.yaml")""",
    "150,000 unique zone names in a holds list": """
        path = write("a.yaml", KUHN.replace("holds: [card]}\\n  hand", "holds: [card, " +
            ", ".join(f"c{i}" for i in range(150000)) + "]}\\n  hand"))
        run = lambda: pr.load(path)""",
    "a forged log: players 10**5000": """
        rules = pr.load("docs/examples/kuhn-poker.yaml")
        game = rules.new_game(2, seed=1)
        log = [dict(game.log[0], players=10**5000)] + game.log[1:]
        run = lambda: pr.replay(rules, log)""",
    "a forged log: an event that is a list": """
        rules = pr.load("docs/examples/kuhn-poker.yaml")
        log = rules.new_game(2, seed=1).log[:1] + [{"event": ["chance"]}]
        run = lambda: pr.replay(rules, log)""",
    "a file name too long for the file system": """
        run = lambda: pr.load("a" * 300)""",
    "a named pipe": """
        os.mkfifo(HERE / "p.yaml")
        run = lambda: pr.load(HERE / "p.yaml")""",
}

CASE_END = """
t0 = cpu()
try:
    run()
    ended = "no error"
except pr.PlayaRulesError as exc:
    d = getattr(exc, "diagnostics", None)
    ended = type(exc).__name__ + (": " + d[0].code + (" (located)" if d[0].line else "") if d else "")
except BaseException as exc:
    ended = "ESCAPE " + type(exc).__name__
spent = cpu() - t0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"cpu": spent, "reference": reference, "peak_mb": peak, "ended": ended}))
"""


def measure(name: str, body: str) -> dict:
    """One case in a fresh process capped at LIMIT_MB."""

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT_MB * 2**20, LIMIT_MB * 2**20))

    code = PRELUDE + textwrap.dedent(body) + CASE_END
    with tempfile.TemporaryDirectory() as here:
        done = subprocess.run(
            [sys.executable, "-c", code, here],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            preexec_fn=cap if os.name == "posix" else None,
        )
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        return {
            "cpu": float("nan"),
            "reference": float("nan"),
            "peak_mb": float("nan"),
            "ended": done.stderr[-200:],
        }
    return json.loads(lines[-1])


def main(argv: list[str]) -> int:
    chosen = [n for n in CASES if not argv or any(a in n for a in argv)]
    print(f"{'case':<52} {'cpu s':>7} {'x ref':>6} {'peak MB':>8}  ended in")
    bad = 0
    for name in chosen:
        r = measure(name, CASES[name])
        ok = r["ended"].startswith(
            ("PlayaRulesError", "LoadError", "SpecError", "RuleError", "GameRuntimeError")
        )
        ok = ok and r["cpu"] < 2 and r["peak_mb"] < LIMIT_MB
        bad += not ok
        ratio = r["cpu"] / r["reference"] if r["reference"] else float("nan")
        print(
            f"{name:<52} {r['cpu']:>7.2f} {ratio:>6.1f} {r['peak_mb']:>8.0f}  {r['ended']}{'' if ok else '  <- over target'}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
