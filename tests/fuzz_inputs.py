"""Fuzzers of what surrounds a rule file: logs to replay, command lines, chains of variants,
and values that only exist while a game runs (tests/fuzz_rules.py mutates the files).

Each case is made from its seed alone and checks the target of issue 30: only the library's
errors come out (a ``PlayaRulesError``, an argparse usage error on the command line), never a
Python exception, a traceback or "internal error"; within CPU_LIMIT seconds; messages short.

``tests/fuzz/test_fuzz_rules.py`` runs a few of each in every run and long campaigns behind the
``fuzz`` marker; ``python tests/fuzz_inputs.py KIND N`` runs N cases of one kind (replay,
cli, chain, arithmetic) and prints what failed.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KUHN = ROOT / "docs" / "examples" / "kuhn-poker.yaml"
CPU_LIMIT = 4.0  # CPU seconds per case (the 2 s target, doubled for slower CI machines)
LONGEST_MESSAGE = 2000
ODD = [
    None,
    True,
    -1,
    0,
    2**53 + 1,
    10**5000,
    1.5,
    "",
    "x" * 400,
    [],
    ["chance"],
    {"x": [1]},
    "start",
    "chance",
    "action",
    float("nan"),
]


def _odd(rnd: random.Random):
    value = rnd.choice(ODD)
    return value() if callable(value) else value


def _timed(problems: list, what: str, t0: float) -> None:
    spent = time.thread_time() - t0
    if spent > CPU_LIMIT:
        problems.append(f"{what}: took {spent:.1f} s of CPU")


def _long(problems: list, what: str, message: str) -> None:
    if len(message) > LONGEST_MESSAGE:
        problems.append(f"{what}: a message of {len(message)} characters")


# ------------------------------------------------------------------ replay logs
_LOGS: dict = {}


def _log(game_id: str, seed: int):
    """(rules, a JSON round trip of the log of a random game) of a bundled game or Kuhn poker."""
    import playa_rules as pr

    key = (game_id, seed % 4)
    if key not in _LOGS:
        rules = pr.load(KUHN if game_id == "kuhn" else game_id)
        rnd = random.Random(seed % 4)
        game = rules.new_game(rules.player_counts[0], seed=seed % 4)
        for _ in range(60):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
        _LOGS[key] = (rules, json.dumps(game.log))
    rules, text = _LOGS[key]
    return rules, json.loads(text)


def forge(log: list, rnd: random.Random) -> list:
    """``log`` with one to three forgeries: a field given an odd value, an event dropped,
    doubled, moved or replaced by an odd value, the log cut."""
    log = list(log)
    for _ in range(rnd.choice([1, 1, 2, 3])):
        if not log:
            break
        i = rnd.randrange(len(log))
        op = rnd.randrange(6)
        if op == 0 and isinstance(log[i], dict) and log[i]:
            event = dict(log[i])
            event[rnd.choice(sorted(event, key=str))] = _odd(rnd)
            log[i] = event
        elif op == 1:
            del log[i]
        elif op == 2:
            log.insert(i, log[i])
        elif op == 3:
            log.insert(rnd.randrange(len(log) + 1), log.pop(i))
        elif op == 4:
            log[i] = _odd(rnd)
        else:
            log = log[: i + 1]
    return log


def replay_case(seed: int) -> list[str]:
    """Problems replaying forged log ``seed`` (empty: a library error or a game)."""
    import playa_rules as pr

    rnd = random.Random(seed)
    rules, log = _log(rnd.choice(["kuhn", "kuhn", "playa-pirata", "lying-pirates"]), seed)
    forged = forge(log, rnd)
    what, problems = f"replay seed {seed} ({rules.id})", []
    t0 = time.thread_time()
    try:
        pr.replay(rules, forged)
    except pr.PlayaRulesError as exc:
        _long(problems, what, str(exc))
    except Exception as exc:  # noqa: BLE001 - the point: nothing else may escape
        problems.append(f"{what}: {type(exc).__name__}: {str(exc)[:200]}")
    _timed(problems, what, t0)
    return problems


# ------------------------------------------------------------------ command lines
def _argument(rnd: random.Random, workdir: Path) -> str:
    fifo = workdir / "pipe.yaml"
    if hasattr(os, "mkfifo") and not fifo.exists():
        os.mkfifo(fifo)
    return rnd.choice(
        [
            str(KUHN),
            "playa-pirata",
            "special-cards",
            "a" * 300,
            "a" * 300 + ".yaml",
            "",
            " ",
            str(workdir),
            str(fifo) if fifo.exists() else str(KUHN),
            str(workdir / "missing.yaml"),
            "10" + "0" * 5000,
            "-1",
            "0",
            "2",
            "\u0662",
            "x\u202ey",
            "--",
            "-",
            "../" * 40 + "etc/hostname",
            "nope",
        ]
    )


_COMMANDS = {
    "validate": ["--format", "--simulate"],
    "play": ["--players", "--seed", "--variant", "--quiet"],
    "rules": ["--variant", "--lang"],
    "diff": ["--variant"],
    "games": [],
}


def argv_of(seed: int, workdir: Path) -> list[str]:
    """A command line made from ``seed``: a command, a target and a few options, some hostile."""
    rnd = random.Random(seed)
    command = rnd.choice(sorted(_COMMANDS))
    argv = [command]
    if command != "games":
        argv.append(_argument(rnd, workdir))
    if command == "diff":
        argv.append(_argument(rnd, workdir))
    for _ in range(rnd.randrange(3)):
        options = _COMMANDS[command]
        if not options:
            break
        option = rnd.choice(options)
        argv.append(option)
        if option != "--quiet":
            argv.append(
                _argument(rnd, workdir)
                if rnd.random() < 0.7
                else rnd.choice(["json", "text", "it", "5", "1"])
            )
    if command == "play" and "--quiet" not in argv:
        argv.append("--quiet")
    return argv


def cli_case(seed: int, workdir: Path) -> list[str]:
    """Problems running command line ``seed`` in-process: an exit code other than 0, 1 or 2,
    a traceback or an internal error printed."""
    from playa_rules.cli import main

    argv = argv_of(seed, workdir)
    what, problems = f"cli seed {seed} ({' '.join(a[:40] for a in argv)})", []
    out, err = io.StringIO(), io.StringIO()
    t0 = time.thread_time()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code
    except Exception as exc:  # noqa: BLE001
        return [f"{what}: {type(exc).__name__}: {str(exc)[:200]}"]
    printed = out.getvalue() + err.getvalue()
    if code not in (0, 1, 2, None) or "Traceback" in printed or "internal error" in printed:
        problems.append(f"{what}: exit {code}: {printed[-300:]}")
    _timed(problems, what, t0)
    return problems


# ------------------------------------------------------------------ chains of variants
def chain_case(seed: int, workdir: Path) -> list[str]:
    """A chain of 1 to 40 variants, each extending the one before, some with a mistake: the
    last validates and loads alike (load fails exactly when validate finds an error), every
    diagnostic located in a file, within the time bound."""
    import playa_rules as pr

    rnd = random.Random(seed)
    folder = workdir / f"chain-{seed}"
    folder.mkdir()
    (folder / "game.yaml").write_text(KUHN.read_text(encoding="utf-8"), encoding="utf-8")
    length = rnd.choice([1, 2, 3, 8, 31, 32, 33, 40])
    for i in range(length):
        parent = "game.yaml" if i == 0 else f"v{i - 1}.yaml"
        lines = [f"extends: {parent}", f"variant: v{i}", f"title: Variant {i}"]
        kind = rnd.randrange(6)
        if kind == 1:
            lines += ["variables:", f"  hand: {{bets: {rnd.choice([0, 1, 'x', '[1]'])}}}"]
        elif kind == 2:
            lines += [
                "actions:",
                "  bet:",
                f"    effect: {rnd.choice(['set me.put += 2', 'set me.putt += 1', 'x +'])}",
            ]
        elif kind == 3:
            lines += [rnd.choice(["parametres: {x: 1}", "extends2: game.yaml", "players: [2, 99]"])]
        elif kind == 4:
            lines += ["phases:", f"  - {{id: extra{i}, at: end, on_start: 'set hand.bets = 0'}}"]
        (folder / f"v{i}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    path = folder / f"v{length - 1}.yaml"
    what, problems = f"chain seed {seed} ({length} variants)", []
    t0 = time.thread_time()
    try:
        diags = pr.validate(path)
        errors = [d for d in diags if d.severity == "error"]
        try:
            pr.load(path)
            if errors:
                problems.append(f"{what}: load succeeded but validate found {errors[0].code}")
        except pr.PlayaRulesError:
            if not errors:
                problems.append(f"{what}: load failed but validate found no error")
        for d in errors:
            if not d.file:
                problems.append(f"{what}: a diagnostic without a file: {d.code}")
            _long(problems, what, d.format())
        if length > 32 and not any(d.code == "too-many-variants" for d in errors):
            problems.append(f"{what}: no too-many-variants")
    except Exception as exc:  # noqa: BLE001
        problems.append(f"{what}: {type(exc).__name__}: {str(exc)[:200]}")
    _timed(problems, what, t0)
    return problems


# ------------------------------------------------------------------ values made while playing
_LETS = [
    "'ab'",
    "[1, 2]",
    "[1, 'ab']",
    "[[1, 2], [3]]",
    "100000000000000",
    "-100000000000000",
    "9007199254740992",
    "0",
    "-1",
    "true",
    "none",
    "seats",
    "'%0999999999d'",
]
_EFFECTS = [
    "set hand.bets = phase.x * {k}",
    "set hand.bets = {k} * phase.x",
    "set hand.bets = -phase.x",
    "set hand.bets = phase.x % {k}",
    "set hand.bets = phase.x // {k}",
    "set hand.bets = phase.x + phase.x",
    "set hand.bets = phase.x - {k}",
    "reveal top(deck) to phase.x",
    "deal phase.x from deck to each hand",
    "set hand.bets = count(seats) * phase.x * phase.x",
    "set hand.bets = phase.x[{k}]",
    "set hand.bets = max(phase.x, {k})",
]


def arithmetic_case(seed: int, workdir: Path) -> list[str]:
    """Kuhn poker whose phase gives ``x`` a value only the running game types (a text, a list,
    a huge number) and whose bet works on it: playing ends in a game or a library error."""
    import playa_rules as pr

    rnd = random.Random(seed)
    let = rnd.choice(_LETS)
    k = rnd.choice(["2", "1000000000000", "100000000000000000000", "0", "-3", "9007199254740992"])
    effect = rnd.choice(_EFFECTS).format(k=k)
    text = KUHN.read_text(encoding="utf-8")
    text = text.replace(
        "    turns: {from: start_player, until: hand.done}\n",
        f"    turns: {{from: start_player, until: hand.done}}\n    let: {{x: {json.dumps(let)}}}\n",
    ).replace("      set me.put += 1\n", f"      set me.put += 1\n      {effect}\n")
    path = workdir / f"arith-{seed}.yaml"
    path.write_text(text, encoding="utf-8")
    what, problems = f"arithmetic seed {seed} (x: {let}; {effect})", []
    t0 = time.thread_time()
    try:
        rules = pr.load(path)
        game = rules.new_game(2, seed=seed)
        for _ in range(20):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
    except pr.PlayaRulesError as exc:
        _long(problems, what, str(exc))
    except Exception as exc:  # noqa: BLE001
        problems.append(f"{what}: {type(exc).__name__}: {str(exc)[:200]}")
    _timed(problems, what, t0)
    return problems


KINDS = {"replay": replay_case, "cli": cli_case, "chain": chain_case, "arithmetic": arithmetic_case}


def campaign(kind: str, seeds, workdir: Path | None = None) -> list[str]:
    """Cases ``seeds`` of ``kind``; every problem found."""
    if workdir is None:
        with tempfile.TemporaryDirectory() as tmp:
            return campaign(kind, seeds, Path(tmp))
    case = KINDS[kind]
    problems: list[str] = []
    for seed in seeds:
        problems += case(seed) if kind == "replay" else case(seed, workdir)
    return problems


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # this checkout's playa_rules, not an installed one
    kind = sys.argv[1] if len(sys.argv) > 1 else "replay"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    found = campaign(kind, range(count))
    print("\n".join(found) or f"{count} {kind} cases: no problem")
    sys.exit(1 if found else 0)
