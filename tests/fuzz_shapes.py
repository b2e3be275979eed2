"""A generative fuzzer of the two backends: new, well-typed DSL shapes played on both.

``rule_file`` writes small valid rule files on one skeleton (``SKELETON``): their defines,
procedures, setup, lets, parameter domains, conditions, effects, steps and scoring are random
well-typed DSL text from tests/shapes_gen.py, shapes_boards.py and shapes_statements.py, their
phases, automata and match from tests/shapes_flow.py (the
shapes nobody wrote: comprehensions inside comprehensions' iterables, the same subexpression
said twice, define calls in domains, runs along a board's lines...). Each file is loaded with the
generated backend and with the closures alone (the reference, ``PLAYA_RULES_BACKEND=closures``,
whose games run the flow between decisions through the interpreter, not the flow generated per
rule set) and seeded random games are played on both with ``backend_switch.play_alike``: the same
legal actions (ids and texts) at every decision, every seat's view after every action, the
same log, scores and winners, and any fault the library's own error with the same message on
both. A file one backend refuses must be refused by the other with the same message. Then a
search's playouts are compared (tests/shapes_playouts.py). An automaton or a flow that never
reaches a person's decision is called endless sooner than the engine's limits say
(``AUTOMATON_ACTIONS``, ``FLOW_STEPS``: the same error on both backends, found in a fiftieth
of the time), and a file's whole check has a budget of CPU time (``BUDGET``): a file over it
is a finding.

``tests/fuzz/test_fuzz_shapes.py`` runs a short campaign in every test run and a long one
with ``python -m pytest -m fuzz``; ``python tests/fuzz_shapes.py N [START]`` runs N cases
and prints each failure with its rule file.
"""

from __future__ import annotations

import copy
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parent.parent)
)  # this checkout's playa_rules, run as a script

import pytest  # noqa: E402
import shapes_flow as flow  # noqa: E402
import yaml  # noqa: E402
from backend_switch import load_with, play_alike  # noqa: E402
from shapes_gen import Shapes, seeded  # noqa: E402
from shapes_playouts import playouts  # noqa: E402
from shapes_statements import block  # noqa: E402
from shapes_types import BOOL, CARD, CARDS, CELL, CELLS, NUM, SEAT, SEATS, SPOT, SPOTS, TILE, wrap  # noqa: E402

from playa_rules.engine import flow as engine_flow  # noqa: E402
from playa_rules.errors import PlayaRulesError  # noqa: E402

PLAYERS = (2, 3)
GAMES = 2  # seeded games per player count
STEPS = 60  # actions per game at most
AUTOMATON_ACTIONS = 2_000  # an automaton's actions in a row before the engine calls it endless (100,000)
FLOW_STEPS = 50_000  # flow steps without a decision before the engine calls the flow endless (1,000,000)
BUDGET = 20.0  # seconds of CPU a file's check may take (files take 0.05-0.8 s, the slowest of 500 7 s)
SKIPPED: dict[int, str] = {}  # seeds left out of the campaigns, with the reason (none today)


SKELETON = {
    "game": "shapes",
    "title": "Generated shapes",
    "players": [2, 3],
    "parameters": {"vals": [1, 2, 3, 5], "directions": [[0, 1], [1, 0], [1, 1], [1, -1]]},
    "components": {
        "spot": {
            "start": "row",
            "label": "s{n}",
            "vars": {"touched": False, "tally": 0, "claim": None, "seen": []},  # claim: a card
            "items": [{"each": {"n": [0, 1, 2]}}],
        },
        "card": {
            "start": "deck",
            "label": "{v}{k}",
            "vars": {"boost": 0},
            "items": [{"each": {"v": [1, 2, 3, 4, 5, 6], "k": ["a", "b"]}}, {"v": 7, "k": "a", "count": 2}],
        },
        "tile": {
            "per_player": True,
            "start": "mat",
            "label": "{row}:{col}",
            "vars": {"lit": 0},
            "items": [{"each": {"row": [0, 1], "col": [0, 1, 2]}}],
        },
        "cell": {
            "start": "board",
            "label": "{row},{col}",
            "vars": {"mark": -1},
            "items": [{"each": {"row": [0, 1, 2], "col": [0, 1, 2]}}],
        },
    },
    "zones": {
        "row": {"visibility": "public", "holds": ["spot"]},
        "pile": {"per": "spot", "visibility": "public", "holds": ["card"]},
        "deck": {"visibility": "hidden", "holds": ["card"]},
        "hand": {"per": "player", "visibility": "owner", "holds": ["card"]},
        "won": {"per": "player", "visibility": "public", "holds": ["card"]},
        "board": {"visibility": "public", "holds": ["cell"]},
        "mat": {"per": "player", "visibility": "public", "holds": ["tile"]},
    },
    "variables": {
        "turn": {"n": 0},
        "hand": {
            "total": 0,
            "seen": [],
            "lead": None,
            "kept": [],  # cards
            "group": [],  # seats
            "spots": [],
            "last": None,  # a card
            "at": None,  # a spot
            "ticks": 0,  # turns of a phase played until something holds (shapes_flow.py)
            "loops": 0,  # phases sent back by a next
        },
        "player": {"points": 0, "flag": False, "mine": [], "fav": None},
        "player_match": {"wins": 0},
    },
}
PARAM_KINDS = ["one_of", "one_of", "position_in", "seat_in", "number_in", "group_of", "cell", "tile"]


def _params(g: Shapes, scope: dict) -> dict:
    """An action's parameters (each domain may read the lets and the parameters before it),
    their names added to ``scope``; a ``position_in`` of spots followed by a ``group_of`` may
    be joined by a ``require`` comparing a sum over the group with the spot (joinlines.py)."""
    params = {}
    for _ in range(g.pick(3)):
        kind = g.one([k for k in PARAM_KINDS if k != "group_of" or CARDS not in (scope[n] for n in params)])
        name = g.fresh({"one_of": "c", "position_in": "s", "seat_in": "p", "number_in": "n"}.get(kind, "g"))
        if kind == "one_of":
            params[name], scope[name] = {"one_of": g.expr(CARDS, scope, 3)}, CARD
        elif kind == "position_in":
            params[name], scope[name] = {"position_in": g.expr(SPOTS, scope, 2)}, SPOT
        elif kind == "seat_in":
            params[name], scope[name] = {"seat_in": g.expr(SEATS, scope, 2)}, SEAT
        elif kind == "number_in":
            params[name], scope[name] = {"number_in": [0, 1 + g.pick(3)]}, NUM
        elif kind == "group_of":
            zone = g.one(["me.hand", "me.won", "deck", *(f"{n}.pile" for n, t in scope.items() if t == SPOT)])
            params[name], scope[name] = {"group_of": zone, "by": "v"}, CARDS
        elif kind == "tile":  # a tile of the seat's own mat (Personal boards)
            params[name], scope[name] = {"position_in": "me.mat"}, TILE
        else:
            domain = "board" if g.maybe(50) else g.expr(CELLS, scope, 2)
            params[name], scope[name] = {g.one(["position_in", "one_of"]): domain}, CELL
    return params


def _action(g: Shapes, i: int, scopes: dict) -> dict:
    scope: dict = {"@me": 1, "@phase": 1}
    lets = {}
    for _ in range(g.pick(3)):
        name, t = g.fresh("l"), g.one([NUM, BOOL, CARDS, SEAT, SPOTS, CELLS])
        lets[name] = g.expr(t, scope, 3)
        scope[name] = t
    params = _params(g, scope)
    action = {"text": " ".join([f"a{i}", *(f"{{{p}}}" for p in params)])}
    if lets:
        action["let"] = lets
    if params:
        action["params"] = params
    require = [g.expr(BOOL, scope, 3) for _ in range(g.pick(3))]
    require += [g.lit_left(scope, n) for n in params if scope[n] == TILE and g.maybe(60)]
    spots = [n for n in params if scope[n] == SPOT]
    groups = [
        n
        for n in params
        if scope[n] == CARDS and spots and list(params).index(n) > list(params).index(spots[0])
    ]
    if groups and g.maybe(70):  # a position joined to a group (Playa Pirata's place_towels)
        x = g.fresh("c")
        worth = f"if count({spots[0]}.pile) > 0 then top({spots[0]}.pile).v else 0"
        require.append(
            f"sum({x}.v for {x} in {groups[0]}) {g.one(['>', '>=', '<'])} {wrap(g.one([worth, g.expr(NUM, scope, 2)]))}"
        )
    if require:
        action["require"] = require
    marks = [
        f"set {n}.{'mark = me.index' if scope[n] == CELL else 'lit = 1'}"
        for n in params
        if scope[n] in (CELL, TILE)
    ]
    action["effect"] = "\n".join([*marks, *block(g, scope, 3, 4)] or ["set turn.n += 1"])
    if g.maybe(10):
        action["tell"] = f"{{me}} says {{{g.expr(NUM, scope, 2)}}}"
    if g.maybe(15):  # what the other seats learn of the action in their logs
        action["others_see"] = g.one(["turn", "nothing"])
    scopes[f"a{i}"] = scope  # what an automaton's when may read
    return action


def _steps(g: Shapes, kinds: list[str]) -> list[dict]:
    """The turn's steps: a decision among the kinds and ``pass``, maybe with a free kind, and
    maybe a step run only ``when`` something holds, one that repeats, one that may be blocked
    (``on_blocked``), one with only an effect, one where seats choose at once in secret."""
    me = {"@me": 1, "@phase": 1}
    first = {"id": "act", "actions": [*kinds, "pass"]}
    if len(kinds) > 1 and g.maybe(25):
        first = {"id": "act", "actions": [*kinds[:-1], "pass"], "free": [kinds[-1]]}
    steps = [first]
    for k in range(g.pick(3)):
        step: dict = {"id": f"step{k}"}
        form = g.pick(5)
        if form == 0:
            step["effect"] = "\n".join(block(g, me, 2, 3) or ["set turn.n += 1"])
        elif form == 1:
            step.update({"actions": [g.one(kinds), "done"], "repeat": True})
        elif form == 2:  # every seat listed chooses in secret, then the choices are applied in order
            who = g.one(["seats", "[me.left, me]", g.expr(SEATS, me, 2)])
            step.update({"simultaneous": who, "actions": [*kinds, "pass"]})
        else:
            step["actions"] = [g.one(kinds)]
            blocked = block(g, me, 2, 2)
            if blocked:
                step["on_blocked"] = "\n".join(blocked)
        if g.maybe(40):
            step["when"] = g.expr(BOOL, me, 2)
        steps.append(step)
    return steps


def rule_file(pick) -> dict:
    """A whole rule file (as data) of random well-typed DSL text on the fixed skeleton."""
    g = Shapes(pick)
    data = copy.deepcopy(SKELETON)
    defines = {}
    for i in range(g.pick(4)):
        args = [(g.fresh("a"), g.one([NUM, CARD, SPOT, SEAT, CELL])) for _ in range(g.pick(3))]
        rt = g.one([NUM, BOOL, NUM, BOOL, CARDS])
        defines[f"d{i}({', '.join(a for a, _ in args)})" if args else f"d{i}"] = g.expr(
            rt, {"@me": 1, **dict(args)}, 3
        )
        g.defines.append((f"d{i}", args, rt))
    if defines:
        data["define"] = defines
    procedures = {}
    for i in range(g.pick(3)):
        args = [(g.fresh("a"), g.one([NUM, CARD, SPOT, SEAT, CELL])) for _ in range(g.pick(3))]
        body = block(g, dict(args), 2, 3) or ["set hand.total += 1"]
        procedures[f"r{i}({', '.join(a for a, _ in args)})" if args else f"r{i}"] = "\n".join(body)
        g.procedures.append((f"r{i}", args))
    if procedures:
        data["procedures"] = procedures
    setup = [  # variables that hold a card, a spot, seats: each typed by a set
        "set hand.last = first(c in deck where c.v == 7)",
        "set hand.at = first(s in row where s.n == 2)",
        "set hand.group = [p in seats where p != start_player]",
        "set hand.kept = [c in deck where c.v == 7]",
        "set hand.spots = [s in row where s.n == 2]",
        "for p in seats { set p.fav = hand.last; set p.mine = [c in p.hand where c.v == 7] }",
        "for s in row { set s.claim = hand.last; set s.seen = [c in s.pile where c.v == 7] }",
        "shuffle deck",
        "deal 2 from deck to each hand",
        "for s in row { move top(deck) to s.pile }",
    ]
    data["setup"] = "\n".join(setup + block(g, {}, 2, 3))
    kinds, scopes = [f"a{i}" for i in range(1 + g.pick(3))], {"pass": {"@me": 1}, "done": {"@me": 1}}
    data["actions"] = {kind: _action(g, i, scopes) for i, kind in enumerate(kinds)}
    data["actions"]["pass"] = {
        "text": "pass",
        "effect": "\n".join(block(g, {"@me": 1}, 2, 2) or ["set turn.n += 1"]),
    }
    data["actions"]["done"] = {"text": "done", "effect": "pick hand.lead from seats\nend step"}
    data["phases"] = flow.phases(g, kinds, _steps)
    data["scoring"] = [{"id": f"k{i}", "points": g.expr(NUM, {"@me": 1}, 3)} for i in range(1 + g.pick(2))]
    if g.maybe(50):
        data["match"] = flow.match(g)
    if g.maybe(25):
        data["automata"] = flow.automata(g, scopes)
    return data


class _Literal(str):
    """A multi-line text dumped as a YAML block (``|``), as rule files write effects."""


yaml.SafeDumper.add_representer(
    _Literal, lambda d, s: d.represent_scalar("tag:yaml.org,2002:str", s, style="|")
)


def _blocks(node):
    if isinstance(node, dict):
        return {k: _blocks(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_blocks(v) for v in node]
    return _Literal(node) if isinstance(node, str) and "\n" in node else node


def rule_text(pick) -> str:
    """The YAML text of one generated rule file."""
    return yaml.safe_dump(_blocks(rule_file(pick)), sort_keys=False, width=100, allow_unicode=True)


def check_text(text: str, path: Path) -> tuple[list[str], str]:
    """Problems found playing the rule file ``text`` (written to ``path``) on both backends,
    and what became of it: ``refused`` (both refused it alike), ``faulted`` (a game met a
    library error, the same on both), ``played``."""
    path.write_text(text, encoding="utf-8")
    loads = []
    with pytest.MonkeyPatch.context() as mp:
        for backend in ("generated", "closures"):
            try:
                loads.append(load_with(mp, backend, str(path)))
            except PlayaRulesError as exc:
                loads.append(f"{type(exc).__name__}: {exc}")
            except Exception as exc:  # noqa: BLE001 - the point: only the library's errors
                return [f"loading with the {backend} backend raised {type(exc).__name__}: {exc}"], "crashed"
    generated, closures = loads
    if isinstance(generated, str) or isinstance(closures, str):
        if isinstance(generated, str) and generated == closures:
            return [], "refused"
        return [f"the loads differ: generated {generated!s:.300}, closures {closures!s:.300}"], "crashed"
    problems, met = [], []
    with pytest.MonkeyPatch.context() as mp:  # an endless automaton or flow met sooner, on both backends
        mp.setattr(engine_flow, "MAX_AUTOMATON_ACTIONS", AUTOMATON_ACTIONS)
        mp.setattr(engine_flow, "MAX_STEPS", FLOW_STEPS)
        for players in PLAYERS:
            try:
                play_alike(
                    generated,
                    closures,
                    players,
                    range(GAMES),
                    views=True,
                    errors=True,
                    steps=STEPS,
                    met=met,
                    interpreted=True,
                )
            except AssertionError as exc:
                problems.append(str(exc)[:1500])
            except Exception as exc:  # noqa: BLE001
                problems.append(f"{players} players raised {type(exc).__name__}: {exc}"[:1500])
            problems += playouts(generated, closures, players, GAMES)
    # an error met in play names the place in the file that failed, never Python's words alone
    problems += [f"an error without its place in the file: {m[:300]}" for m in met if f"{path}:" not in m]
    return problems, "faulted" if met else "played"


class _OverBudget(BaseException):
    """A file's check out of CPU time (a BaseException: no check's ``except Exception`` takes it)."""


def _over_budget(signum, frame):
    raise _OverBudget


def _within_budget(text: str, path: Path) -> tuple[list[str], str]:
    """``check_text`` in at most ``BUDGET`` seconds of CPU: past it, the check stops (a timer of
    the process's CPU time, where this thread may set one) and that is a finding, ``over
    budget``, not a file left out; a file the timer cannot stop is a finding all the same."""
    timer = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if timer:
        before = signal.signal(signal.SIGPROF, _over_budget)
        signal.setitimer(signal.ITIMER_PROF, BUDGET)
    started = time.process_time()
    try:
        problems, fate = check_text(text, path)
    except _OverBudget:
        problems, fate = [], "over budget"
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, before)
    spent = time.process_time() - started
    if fate == "over budget" or spent > BUDGET:
        problems.append(
            f"over its budget of {BUDGET:g} s of CPU ({spent:.1f} s, {fate}): a shape this slow is a finding"
        )
        fate = "over budget"
    return problems, fate


def campaign(seeds, workdir: Path | None = None) -> tuple[list[str], dict[str, int]]:
    """Cases ``seeds`` (a generated file each): every problem, with its rule file, and how
    many files were played or refused."""
    if workdir is None:
        with tempfile.TemporaryDirectory() as tmp:
            return campaign(seeds, Path(tmp))
    found, counts = [], {"played": 0, "faulted": 0, "refused": 0, "crashed": 0, "over budget": 0}
    for seed in seeds:
        if seed in SKIPPED:
            continue
        text = rule_text(seeded(seed))
        problems, fate = _within_budget(text, workdir / f"shape-{seed}.yaml")
        counts[fate] += 1
        if problems:
            found.append(f"seed {seed}: " + "\n  ".join(problems) + f"\n--- the rule file:\n{text}")
    return found, counts


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    found, counts = campaign(range(start, start + count))
    print("\n\n".join(found))
    print(f"{count} generated rule files from seed {start}: {counts}, {len(found)} with problems")
    sys.exit(1 if found else 0)
