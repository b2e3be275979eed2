"""A structure-aware fuzzer for rule files: mutants of the bundled games and variants.

Each mutant is a bundled file (or a test game) with a few structure-aware mutations:
keys dropped or misspelled, values of another type or an absurd size, ids duplicated or
renamed, DSL tokens cut, swapped or duplicated, lists and counts blown up. For each the
target of issue 13 is checked:

- ``validate`` returns located diagnostics and never raises; ``load`` raises only the
  library's errors (each diagnostic with a file and, but for a few file-wide codes, a line);
- validate and load agree (load fails exactly when validate reports an error);
- both finish within a time bound, and ``playa-rules validate`` agrees (every 8th mutant);
- a mutant that loads plays a few random games without a raw Python exception.

``tests/fuzz/test_fuzz_rules.py`` runs a bounded campaign in CI and a long one with
``python -m pytest -m fuzz``; ``python tests/fuzz_rules.py N`` runs N mutants and
prints what failed.
"""

from __future__ import annotations

import copy
import random
import re
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*ROOT.glob("spec/games/*.yaml"), *ROOT.glob("tests/games/*.yaml")])
VARIANTS = sorted(ROOT.glob("spec/variants/*/*.yaml"))
TIME_LIMIT = 4.0  # CPU seconds for validate + load of one mutant (2 s target, doubled for slower CI machines)
PLAY_ACTIONS = 300  # random actions played on a mutant that loads
FILE_WIDE = {
    "too-many-problems",
    "unreadable",
    "yaml-syntax",
    "too-large",
    "empty-file",
    "not-a-mapping",
    "bad-schema",
    "unknown-extends",
    "extends-cycle",
    "wrong-game",
    "not-a-variant",
}

_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+|'[^']*'|\"[^\"]*\"|//|==|!=|<=|>=|\S")
_ODD_TOKENS = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "==",
    "+",
    "//",
    "%",
    "0",
    "-1",
    "10**9",
    "99999999999999999999",
    "'x'",
    "none",
    "true",
    "me",
    "for",
    "in",
    "where",
    "if",
    "then",
    "else",
    "end",
    "set",
    "move",
    "__class__",
    "__import__",
    "seats[100000000000]",
    "'ab' * 1000000000",
]
_ODD_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    10**30,
    2**63,
    1.5,
    "",
    "x" * 300,
    "0",
    "١٢",
    [],
    {},
    [[1, [2]]],
    {"a": {"b": None}},
    "{}",
    "${x}",
    "..",
    "true",
    ["a", "a"],
    10**7,
    "9" * 4400,
]


def _paths(node, path=()):
    """Every (path, value) inside a data tree."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _get(root, path):
    for p in path:
        root = root[p]
    return root


def _misspell(word: str, rnd: random.Random) -> str:
    if len(word) < 2:
        return word + "x"
    i = rnd.randrange(len(word) - 1)
    kind = rnd.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    return word[:i] + rnd.choice("aeiouxz_") + word[i:]


def _mutate_dsl(text: str, rnd: random.Random, names: list[str]) -> str:
    tokens = _TOKEN.findall(text)
    if not tokens:
        return rnd.choice(_ODD_TOKENS)
    i = rnd.randrange(len(tokens))
    kind = rnd.randrange(5)
    if kind == 0:
        del tokens[i]
    elif kind == 1:
        tokens.insert(i, tokens[i])
    elif kind == 2:
        tokens[i] = rnd.choice(_ODD_TOKENS)
    elif kind == 3 and names:
        tokens[i] = rnd.choice(names)
    else:
        tokens[i] = _misspell(tokens[i], rnd)
    return " ".join(tokens)


def mutate(data, rnd: random.Random, n: int = 3):
    """``data`` with ``n`` structure-aware mutations."""
    data = copy.deepcopy(data)
    names = sorted({w for _, v in _paths(data) if isinstance(v, str) for w in re.findall(r"[A-Za-z_]\w*", v)})
    for _ in range(n):
        spots = [(p, v) for p, v in _paths(data) if p]
        if not spots:
            break
        path, value = rnd.choice(spots)
        parent, last = _get(data, path[:-1]), path[-1]
        op = rnd.randrange(9)
        if op == 0 and isinstance(parent, dict):  # drop a key
            del parent[last]
        elif op == 1 and isinstance(parent, dict) and isinstance(last, str):  # misspell a key
            parent[_misspell(last, rnd)] = parent.pop(last)
        elif op == 2:  # another type or an absurd value
            parent[last] = copy.deepcopy(rnd.choice(_ODD_VALUES))
        elif op == 3 and isinstance(value, str):  # a DSL token
            parent[last] = _mutate_dsl(value, rnd, names)
        elif op == 4 and isinstance(parent, list):  # duplicate a list item (ids twice)
            parent.insert(last, copy.deepcopy(value))
        elif op == 5 and isinstance(value, int) and not isinstance(value, bool):  # sizes
            parent[last] = rnd.choice([value * 10**6, -value, 10**5, 65, 0])
        elif op == 6 and isinstance(value, list) and value:  # blow a list up
            parent[last] = value * rnd.choice([50, 500])
        elif op == 7 and isinstance(value, str) and names:  # rename to another name of the file
            parent[last] = rnd.choice(names)
        elif op == 8 and isinstance(parent, dict):  # nest
            parent[last] = {"x": [value]}
        else:
            parent[last] = _mutate_dsl(str(value), rnd, names)
    return data


def _text(path: Path, rnd: random.Random) -> tuple[str, str]:
    """(file name, mutated YAML text) of one mutant."""
    source = rnd.choice(SOURCES + VARIANTS)
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    mutant = mutate(data, rnd, rnd.choice([1, 1, 2, 3, 5]))
    if (
        source in VARIANTS
        and isinstance(mutant, dict)
        and isinstance(mutant.get("extends"), str)
        and "/" not in mutant["extends"]
    ):
        pass  # a bundled variant extends a bundled game by id: it still resolves from a temp dir
    text = yaml.safe_dump(mutant, allow_unicode=True, sort_keys=False, width=100)
    return source.name, text


def check_one(seed: int, workdir: Path) -> list[str]:
    """Problems found with mutant ``seed`` (empty when it meets the target)."""
    import playa_rules as pr
    from playa_rules.errors import PlayaRulesError, SpecError

    rnd = random.Random(seed)
    name, text = _text(workdir, rnd)
    path = workdir / f"mutant-{seed}.yaml"
    path.write_text(text, encoding="utf-8")
    problems = []
    t0 = time.thread_time()  # this thread's CPU time: other jobs, and threads other tests left, do not count
    try:
        diags = pr.validate(path)
    except Exception as exc:  # noqa: BLE001 - the point: nothing may escape
        return [f"seed {seed} ({name}): validate raised {type(exc).__name__}: {str(exc)[:200]}"]
    errors = [d for d in diags if d.severity == "error"]
    for d in diags:
        if not d.file or (
            d.line is None
            and d.code not in FILE_WIDE
            and d.severity == "error"
            and d.code != "unknown-player-count"
        ):
            problems.append(
                f"seed {seed} ({name}): diagnostic without a location: {d.code}: {d.message[:120]}"
            )
            break
        # the file's own text, quoted (with its quotes escaped), may say anything
        unquoted = re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "", d.message)
        if re.search(r"\b(True|False|None)\b", unquoted):
            problems.append(f"seed {seed} ({name}): Python spelling in a message: {d.message[:120]}")
            break
    rules = None
    try:
        rules = pr.load(path)
    except SpecError as exc:
        if not errors:
            problems.append(
                f"seed {seed} ({name}): load failed but validate found no error: {exc.diagnostics[0].code}"
            )
    except PlayaRulesError as exc:
        if not errors:
            problems.append(
                f"seed {seed} ({name}): load raised {type(exc).__name__} but validate found no error"
            )
    except Exception as exc:  # noqa: BLE001
        problems.append(f"seed {seed} ({name}): load raised {type(exc).__name__}: {str(exc)[:200]}")
    else:
        if errors:
            problems.append(f"seed {seed} ({name}): load succeeded but validate found {errors[0].code}")
    elapsed = time.thread_time() - t0
    if elapsed > TIME_LIMIT:
        problems.append(f"seed {seed} ({name}): validate + load took {elapsed:.1f} s of CPU")
    if seed % 8 == 0:
        problems += _cli_agrees(path, seed, name, bool(errors))
    if rules is not None:
        problems += _play(rules, seed, name)
    return problems


def _cli_agrees(path: Path, seed: int, name: str, has_errors: bool) -> list[str]:
    """``playa-rules validate`` (in-process) exits 1 exactly when validate finds an error,
    and prints diagnostics, never a traceback."""
    import contextlib
    import io

    from playa_rules.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["validate", str(path)])
    printed = out.getvalue() + err.getvalue()
    if code != (1 if has_errors else 0) or "Traceback" in printed or "internal error" in printed:
        return [
            f"seed {seed} ({name}): the CLI exited {code} (validate found "
            f"{'errors' if has_errors else 'none'}): {printed[-200:]}"
        ]
    return []


def _play(rules, seed: int, name: str) -> list[str]:
    from playa_rules.errors import PlayaRulesError

    rnd = random.Random(seed)
    for players in rules.player_counts[:2]:
        try:
            game = rules.new_game(players, seed=seed)
            for _ in range(PLAY_ACTIONS):
                if game.is_over:
                    break
                legal = game.legal_actions()
                game.apply(legal[rnd.randrange(len(legal))])
                if rnd.random() < 0.05:
                    game.view(game.current_player)
        except PlayaRulesError:
            continue  # a located library error: what a file wrong at play time gets
        except Exception as exc:  # noqa: BLE001
            return [f"seed {seed} ({name}): playing {players} raised {type(exc).__name__}: {str(exc)[:200]}"]
    return []


def _played(rules, players: int, seed: int) -> list:
    """What one seeded random game shows: the legal ids at each decision, then its log, or
    the library error it stopped with."""
    from playa_rules.errors import PlayaRulesError

    rnd, seen = random.Random(seed), []
    try:
        game = rules.new_game(players, seed=seed)
        for _ in range(PLAY_ACTIONS):
            if game.is_over:
                break
            seen.append(game.legal_action_ids())
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
        seen.append(game.log)
    except PlayaRulesError as exc:
        seen.append((type(exc).__name__, str(exc)))
    return seen


def differential(seeds, workdir: Path | None = None) -> tuple[list[str], int]:
    """Mutants ``seeds`` played with the generated backend and with the closures alone (the
    reference backend): ``(problems, how many mutants loaded)``. A mutant that loads must
    give the same legal ids at every decision, the same log and the same errors."""
    import os

    import playa_rules as pr
    from playa_rules import rules as rules_module
    from playa_rules.errors import PlayaRulesError

    if workdir is None:
        with tempfile.TemporaryDirectory() as tmp:
            return differential(seeds, Path(tmp))
    problems, loaded = [], 0
    saved = os.environ.pop("PLAYA_RULES_BACKEND", None)
    try:
        for seed in seeds:
            name, text = _text(workdir, random.Random(seed))
            path = workdir / f"mutant-{seed}.yaml"
            path.write_text(text, encoding="utf-8")
            both = []
            for backend in ("generated", "closures"):
                if backend == "closures":
                    os.environ["PLAYA_RULES_BACKEND"] = "closures"
                rules_module._CACHE.clear()
                try:
                    both.append(pr.load(path))
                except PlayaRulesError:
                    break
                except Exception as exc:  # noqa: BLE001 - the campaign's own check, reported here too
                    problems.append(
                        f"seed {seed} ({name}): load raised {type(exc).__name__}: {str(exc)[:200]}"
                    )
                    break
                finally:
                    os.environ.pop("PLAYA_RULES_BACKEND", None)
                    rules_module._CACHE.clear()
            if len(both) < 2:
                continue
            loaded += 1
            for game_seed, players in enumerate(both[0].player_counts[:2]):
                if _played(both[0], players, game_seed) != _played(both[1], players, game_seed):
                    problems.append(f"seed {seed} ({name}): the backends play {players} players differently")
    finally:
        if saved is not None:
            os.environ["PLAYA_RULES_BACKEND"] = saved
    return problems, loaded


def campaign(seeds, workdir: Path | None = None) -> list[str]:
    """Run mutants ``seeds``; every problem found."""
    if workdir is None:
        with tempfile.TemporaryDirectory() as tmp:
            return campaign(seeds, Path(tmp))
    problems = []
    for seed in seeds:
        problems += check_one(seed, workdir)
    return problems


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # this checkout's playa_rules, not an installed one
    args = [a for a in sys.argv[1:] if a != "--backends"]
    count = int(args[0]) if args else 200
    start = int(args[1]) if len(args) > 1 else 0
    if "--backends" in sys.argv:
        found, loaded = differential(range(start, start + count))
        print("\n".join(found) or f"{count} mutants, {loaded} loaded: both backends play them alike")
    else:
        found = campaign(range(start, start + count))
        print("\n".join(found) or f"{count} mutants: no problem")
    sys.exit(1 if found else 0)
