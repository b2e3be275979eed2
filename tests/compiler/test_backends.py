"""The generated backend (compiler/dsl/pysource.py) against the closure interpreter it is
built on: the same games, decision by decision, for every bundled game and variant and the
test games; generated source made only of the package's own templates; the same located
errors."""

from __future__ import annotations

import ast
import itertools
import json
import random
import re
from pathlib import Path

import pytest
import yaml
from backend_switch import load_with
from probe_game import PROBE
from sizes import parts

import playa_rules as pr
from playa_rules import rules as rules_module
from playa_rules.compiler.dsl.hoist import hoisted_text
from playa_rules.source.variants import bundled_variants

GAMES = Path(__file__).parent.parent / "games"


_load = load_with  # (tests/backend_switch.py)


def _sets():
    out = [(g, ()) for g in pr.games()]
    out += [(g, (v,)) for g, names in bundled_variants().items() for v in names]
    out += [(str(p), ()) for p in sorted(GAMES.glob("*.yaml"))]
    return out


@pytest.mark.parametrize("seeds", parts(150, quick=25))
@pytest.mark.parametrize("name,variants", _sets(), ids=lambda x: Path(str(x)).stem if x else "-")
def test_the_generated_backend_plays_the_games_the_closures_play(monkeypatch, name, variants, seeds):
    """Same legal actions (texts and ids), same logs, same scores, over seeded random games
    (150 per rule set, over every bundled game, variant and test game: the first 25 in
    every run, the other 125 with ``-m slow``)."""
    closures = _load(monkeypatch, "closures", name, variants)
    generated = _load(monkeypatch, "generated", name, variants)
    assert closures.program.model is not generated.program.model
    counts = sorted(generated.player_counts)
    for seed in seeds:
        n = counts[seed % len(counts)]
        a, b = generated.new_game(n, seed=seed), closures.new_game(n, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if a.is_over:
                break
            la, lb = a.legal_actions(), b.legal_actions()
            assert la.ids() == lb.ids()
            if seed < 8:
                assert la.texts() == lb.texts()
            i = rng.randrange(len(la))
            a.apply(la[i])
            b.apply(lb[i])
        assert a.is_over == b.is_over
        assert a.log == b.log
        if a.is_over:
            assert a.scores() == b.scores()


_NAMES = re.compile(
    r"^(g|e|me|v|out|runs|ends|len|list|tuple|sum|min|max|any|all|next|enumerate|TypeError|AttributeError|KeyError|_b\d+|_[hixdklrv]\d+|_generated)$"
)
_ATTRIBUTES = {
    "add",
    "zones",
    "loc",
    "cvars",
    "pvars",
    "pmvars",
    "tvars",
    "hvars",
    "mvars",
    "plet",
    "end",
    "mix",
    "settle_top",
    "plan",
    "append",
    "remove",
    "zowner",
    "_runs",
    "_ends",
    "move",
    "known",
    "all_seats",
    "memo",
    "last_entry",
    "tpl",
    "get",
    "roll",
    "n",
    "start",
    "seat",
    "hand",
    "round",
}


@pytest.mark.parametrize("name", [g for g in pr.games()] + [str(p) for p in sorted(GAMES.glob("*.yaml"))])
def test_generated_source_is_made_only_of_the_packages_templates(name):
    """Every generated function reads only g and e, bound objects and a few builtins, the
    state's own stores as attributes (and its one settling method, a kind's listing plan, a
    list's append), and literals that are ints, bools, None or texts; Python compiles each.
    So does each as rewritten when first called (hoist.py moves loop-invariant reads into
    locals _hN), every bound name taken for a pure reader here so that the most reads move."""
    rules_module._CACHE.clear()
    sources = pr.load(name).program.generated
    rules_module._CACHE.clear()
    assert sources
    bound = {n for text in sources for n in re.findall(r"\b_b\d+\b", text)}
    fresh = (f"_h{i}" for i in itertools.count())
    rewritten = [hoisted_text(text, bound, lambda stem: next(fresh), "_b0") for text in sources]
    for text in sources + [t for t, s in zip(rewritten, sources) if t != s]:  # and as first called
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                assert _NAMES.match(node.id), (node.id, text)
            elif isinstance(node, ast.Attribute):
                assert node.attr in _ATTRIBUTES, (node.attr, text)
            elif isinstance(node, ast.Constant):
                assert type(node.value) in (int, bool, str, type(None)), text
            elif isinstance(
                node,
                (
                    ast.Import,
                    ast.ImportFrom,
                    ast.Lambda,
                    ast.ClassDef,
                    ast.Global,
                    ast.Nonlocal,
                    ast.With,
                    ast.Await,
                    ast.Yield,
                    ast.Delete,
                ),
            ):
                raise AssertionError(f"{type(node).__name__} in generated source:\n{text}")
        assert [type(n).__name__ for n in tree.body] == ["FunctionDef"]
        compile(text, "<generated>", "exec")  # Python takes it: none falls back to its closure


def test_a_text_that_looks_like_python_stays_a_text(tmp_path):
    """Quotes and Python in a rule file's texts reach generated source only as literals."""
    hostile = "x'] + __import__('os').system('touch /tmp/pwned') + ['"
    text = (
        (GAMES / "split-checks.yaml")
        .read_text()
        .replace(
            "effect: set hand.moves += 1\n",
            f'effect: |\n      set hand.moves += 1\n      set hand.note = "{hostile}"\n',
        )
    )
    text = text.replace(
        "hand: {level: 0, side: 0, moves: 0}", "hand: {level: 0, side: 0, moves: 0, note: ''}"
    )
    path = tmp_path / "quotes.yaml"
    path.write_text(text)
    rules_module._CACHE.clear()
    rules = pr.load(path)
    rules_module._CACHE.clear()
    assert any(repr(hostile) in s for s in rules.program.generated)
    game = rules.new_game(2, seed=1)
    while not game.is_over and game.g.hvars["note"] == "":
        legal = game.legal_actions()
        weigh = [a for a in legal if a.name == "weigh"]
        game.apply(weigh[0] if weigh else legal[0])
    assert game.g.hvars["note"] == hostile
    assert not Path("/tmp/pwned").exists()


def test_both_backends_locate_a_failing_statement_alike(monkeypatch, tmp_path):
    """A statement that reads a part of none fails at its own line in both backends (here
    the second statement of an if's body), with the same message."""
    text = (
        (GAMES / "split-checks.yaml")
        .read_text()
        .replace(
            "      set hand.moves += 1\n      if count(deck) > 0 { move top(deck) to row }",
            "      set hand.moves += 1\n      if count(deck) >= 0 {\n        set hand.side = 1\n"
            "        set hand.level = first(c in row where c.value > 99).value\n      }",
        )
    )
    path = tmp_path / "fails.yaml"
    path.write_text(text)
    line = text.splitlines().index("        set hand.level = first(c in row where c.value > 99).value") + 1
    messages = []
    for backend in ("closures", "generated"):
        game = _load(monkeypatch, backend, path).new_game(2, seed=3)
        with pytest.raises(pr.GameRuntimeError) as err:
            for _ in range(40):
                legal = game.legal_actions()
                pick = [a for a in legal if a.name == "take"] or [a for a in legal if a.name == "weigh"]
                game.apply(pick[0] if pick else legal[0])
        messages.append(str(err.value))
    assert messages[0] == messages[1]
    assert f"fails.yaml:{line}:9: runtime-error" in messages[0]


@pytest.mark.parametrize("name", ["lying-pirates", "maui", "playa-pirata", str(GAMES / "shared-lets.yaml")])
def test_both_backends_stop_at_the_same_chance_events(monkeypatch, name):
    """With chance explicit (as OpenSpiel plays), a chance event inside a generated block
    rewinds and replays it as the closures do: the same chance nodes, outcomes and games."""
    closures = _load(monkeypatch, "closures", name)
    generated = _load(monkeypatch, "generated", name)
    for seed in range(3):
        n = sorted(generated.player_counts)[seed % len(generated.player_counts)]
        a = generated.new_game(n, seed=seed, chance="explicit")
        b = closures.new_game(n, seed=seed, chance="explicit")
        rng = random.Random(seed)
        for _ in range(300):
            if a.is_over:
                break
            assert a.is_chance == b.is_chance
            if a.is_chance:
                oa, ob = a.chance_outcomes(), b.chance_outcomes()
                assert [(str(o), p) for o, p in oa] == [(str(o), p) for o, p in ob]
                i = rng.randrange(len(oa))
                a.apply(oa[i][0])
                b.apply(ob[i][0])
                continue
            la, lb = a.legal_actions(), b.legal_actions()
            assert la.texts() == lb.texts()
            i = rng.randrange(len(la))
            a.apply(la[i])
            b.apply(lb[i])
        assert a.log == b.log


def test_generated_functions_compile_on_first_call_even_from_several_threads(monkeypatch):
    """A generated function is compiled when first called; threads racing to call it first
    all get the same answers."""
    import threading

    rules = _load(monkeypatch, "generated", "lying-pirates")
    results, errors = [], []

    def play(seed):
        try:
            game = rules.new_game(3, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
            results.append((seed, game.scores()))
        except Exception as exc:  # reported below with the seed
            errors.append((seed, repr(exc)))

    threads = [threading.Thread(target=play, args=(s % 2,)) for s in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    by_seed = {}
    for seed, scores in results:
        by_seed.setdefault(seed, set()).add(tuple(scores))
    assert all(len(v) == 1 for v in by_seed.values()) and len(results) == 6


@pytest.mark.parametrize(
    "what,old,new",
    [
        (
            "300 nested parentheses",
            'points: "count(me.won)"',
            'points: "' + "(" * 300 + "count(me.won)" + " + 1)" * 300 + '"',
        ),
        (
            "201 nested nots",
            "require: [n <= count(bank)]",
            'require: ["' + "not (" * 201 + "n > count(bank)" + ")" * 201 + '"]',
        ),
        (
            "120 nested ifs",
            "    effect: move take(bank, n) to me.won",
            "    effect: " + "if n > 0 { " * 120 + "move take(bank, n) to me.won" + " }" * 120,
        ),
    ],
)
def test_source_nested_deeper_than_python_takes_falls_back_to_the_closures(
    monkeypatch, tmp_path, what, old, new
):
    """Python refuses source nested 200 brackets or 100 blocks deep: a deep expression is
    generated in pieces (MAX_SOURCE_DEPTH) and a block Python cannot compile runs its
    closures; either way the game is the closures' game, never a raw SyntaxError."""
    path = tmp_path / "deep.yaml"
    path.write_text(PROBE.replace(old, new))
    games = []
    for backend in ("generated", "closures"):
        game = _load(monkeypatch, backend, path).new_game(2, seed=1)
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        games.append((game.log, game.scores()))
    assert games[0] == games[1]


def test_a_split_levels_generated_source_grows_with_its_conditions_not_their_paths(tmp_path):
    """Twenty conditions with two early parts each have 2**20 ways through; the generated
    resolver writes each part once (it once copied what follows into every branch)."""
    reqs = ", ".join(f'"n > {i} or n < {i + 5} or m > {i}"' for i in range(20))
    text = (
        PROBE.replace(
            "      n: {number_in: [1, 2]}", "      n: {number_in: [1, 2]}\n      m: {number_in: [1, 2]}"
        )
        .replace("require: [n <= count(bank)]", f'require: ["n <= count(bank)", {reqs}]')
        .replace('text: "take {n}"', 'text: "take {n} {m}"')
    )
    path = tmp_path / "wide.yaml"
    path.write_text(text)
    rules_module._CACHE.clear()
    rules = pr.load(path)
    rules_module._CACHE.clear()
    assert max(len(s) for s in rules.program.generated) < 20_000
    game = rules.new_game(2, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])


def test_a_text_that_holds_the_marks_of_an_env_slot_stays_a_text(monkeypatch, tmp_path):
    """Generated source marks each variable slot with NUL and SOH characters before it is
    written as ``e['key']`` or as a local (pysource.env); ``repr`` never writes either, so a
    text holding them around a slot's key, and ``e['me']``, is a literal that neither
    rewriting touches, in a condition whose variable became a local. Both backends play the
    same game."""
    hostile = "\0'spot#1'\1 \0'me'\1 e['me'] (g, e)"
    condition = json.dumps(
        f'any(c in row where hand.note != "{hostile}" or c.value > 0)'
    )  # JSON: YAML's "..."
    effect = json.dumps(f'set hand.moves += 1\nset hand.note = "{hostile}"')
    text = (GAMES / "split-checks.yaml").read_text()
    text = text.replace("    text: rest\n", f"    text: rest\n    require: [{condition}]\n")
    text = text.replace("effect: set hand.moves += 1\n", f"effect: {effect}\n")
    text = text.replace(
        "hand: {level: 0, side: 0, moves: 0}", "hand: {level: 0, side: 0, moves: 0, note: ''}"
    )
    path = tmp_path / "marks.yaml"
    path.write_text(text)
    from playa_rules.errors import LoadError
    from playa_rules.source import convert as loader

    with pytest.raises(LoadError, match="control character U\\+0000"):  # the loader refuses such texts...
        _load(monkeypatch, "generated", path)
    monkeypatch.setattr(loader, "_CONTROL", re.compile("(?!)"))  # ...and the generator must not rely on it
    generated = _load(monkeypatch, "generated", path)
    sources = generated.program.generated
    assert not any("\0" in s or "\1" in s for s in sources)
    assert any(repr(hostile) in s and "_v" in s for s in sources)  # the text, beside a local
    closures = _load(monkeypatch, "closures", path)
    noted = 0
    for seed in range(20):
        a, b = generated.new_game(2, seed=seed), closures.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            assert a.legal_actions().ids() == b.legal_actions().ids()
            i = rng.randrange(len(a.legal_actions()))
            a.apply(a.legal_actions()[i])
            b.apply(b.legal_actions()[i])
        assert a.log == b.log
        noted += a.g.hvars["note"] == hostile
    assert noted


@pytest.mark.parametrize("name,variants", _sets(), ids=lambda x: Path(str(x)).stem if x else "-")
def test_a_steps_generated_listing_lists_what_its_kinds_plans_list(name, variants):
    """A step's generated listing (compiler/listing.py: its kinds inline, fallback and free
    kinds as the engine orders them) lists what calling each kind's plan lists, the way it
    runs if Python refuses the generated one."""
    from playa_rules.compiler.listing import _by_plans
    from playa_rules.engine.legal import Legal
    from playa_rules.engine.plans import step_plan

    rules = pr.load(name, variants=list(variants))
    if not any(s.inline for p in rules.program.phases for s in p.steps):
        pytest.skip("no step listed by generated source")
    seen = set()
    for seed in range(30):
        game = rules.new_game(min(rules.player_counts), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            g = game.g
            step = rules.program.phases[g.phase_i].steps[g.step_i]
            if step.inline is not None:
                seen.add(step.id)
                a, b = Legal(), Legal()
                step_plan(step)(g, g.seat, a)
                _by_plans(step)(g, g.seat, b)
                assert a.ids() == b.ids() and a.texts() == b.texts()
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert seen


@pytest.mark.parametrize("name,variants", _sets(), ids=lambda x: Path(str(x)).stem if x else "-")
def test_a_kinds_generated_env_is_the_one_its_loop_makes(name, variants):
    """``ActionDef.env`` (generated: the seat, the parameters by key, the lets) makes the
    environment the engine's loop makes, the way it runs if Python refuses the generated one."""
    from playa_rules.compiler.listing import _env_of

    rules = pr.load(name, variants=list(variants))
    checked = 0
    for seed in range(10):
        game = rules.new_game(min(rules.player_counts), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and checked < 400:
            legal = game.legal_actions()
            a = legal[rng.randrange(len(legal))]
            d, g = a.defn, game.g
            assert d.env(g, g.seat, a.values) == _env_of(d)(g, g.seat, a.values)
            checked += 1
            game.apply(a)
    assert checked


def test_a_let_meaning_the_same_in_every_kind_of_a_step_is_worked_out_once():
    """``next_card: top(deck)`` and ``held: count(me.hand)`` read no name of their kind's own:
    the step's listing works each out once (the first read of the hidden deck's top is a
    chance event) and later kinds read that value; ``after: held + 1`` reads its kind's own
    let, so each kind works its own out. The games are the closures' (the differential tests
    above play this game too)."""
    rules_module._CACHE.clear()
    rules = pr.load(GAMES / "shared-lets.yaml")
    listing = next(s for s in rules.program.generated if s.count("runs.append") == 3)
    found = re.findall(r"e\['(\w+)#\d+'\] = (_v\d+) = (.*)", listing)
    assert [name for name, _, _ in found] == [
        "next_card",
        "held",
        "next_card",
        "held",
        "after",
        "held",
        "after",
    ]
    first = {name: local for name, local, _ in found[:2]}
    assert found[2][2] == first["next_card"] and found[3][2] == first["held"] and found[5][2] == first["held"]
    assert found[4][2] == f"({found[3][1]} + 1)" and found[6][2] == f"({found[5][1]} - 1)"
    game = rules.new_game(2, seed=4)  # the deal's 4 draws, then the deck's top read once
    assert [e["event"] for e in game.log].count("chance") == 5
    assert game.legal_actions().texts()[0] == "draw"


def test_a_zone_no_effect_shuffles_has_its_top_read_without_a_chance_check():
    """Reading ``top(x.zone)`` checks first whether the zone's order is still undecided (a
    shuffle leaves it so) and decides it: needless for a zone the rules never shuffle. Only
    a shuffle of a zone named outright names it; a target that may be any zone (a let, a
    loop variable) keeps every check. The games are the same either way (the differential
    tests above play shuffled-piles.yaml, whose piles are shuffled)."""
    from playa_rules.checks.base import dsl_texts
    from playa_rules.compiler.dsl.analysis import never_shuffled

    def never_shuffled_in(data):  # the zones never shuffled, by index
        return never_shuffled([t.text for t in dsl_texts(data) if t.effect], data, m)

    playa = pr.load("playa-pirata")
    assert not any("settle_top" in s for s in playa.program.generated)
    piles = pr.load(GAMES / "shuffled-piles.yaml")
    assert any("settle_top" in s for s in piles.program.generated)
    m = piles.program.model
    assert set(m.attached) == {"pile", "stash"}
    but_piles = {i for i, (name, _, _) in enumerate(m.zone_names) if name != "pile"}
    assert {i for i, (name, _, _) in enumerate(m.zone_names) if name == "stash"} <= but_piles
    data = yaml.safe_load((GAMES / "shuffled-piles.yaml").read_text())
    assert never_shuffled_in(data) == but_piles
    data["actions"]["stir"]["effect"] = "for z in [spot] { shuffle z.pile }"
    assert never_shuffled_in(data) == but_piles
    data["actions"]["stir"]["let"] = {"heap": "spot.pile"}
    data["actions"]["stir"]["effect"] = "shuffle heap"
    assert never_shuffled_in(data) == frozenset()
    data["actions"]["stir"]["effect"] = "shuffle ("
    assert never_shuffled_in(data) == frozenset()


def test_the_first_of_a_zone_no_effect_shuffles_is_read_without_deciding_its_order():
    """``first(c in ZONE where ...)`` reads a zone's order: a zone the rules may shuffle is
    decided first (a closure calling settle), one they never shuffle is read as it is, in
    the generated source (Lying Pirates' fleet)."""
    import re

    lying = pr.load("lying-pirates")
    fleet = lying.program.model.zones["fleet"].base
    first_of_fleet = rf"next\(\(_v\d+ for _v\d+ in g\.zones\[{fleet}\] if"
    assert any(
        re.search(first_of_fleet, s)
        for s in lying.program.generated
        if s.startswith("def _generated(g, me, out)")
    )  # in a step's listing: who bids
    piles = pr.load(GAMES / "shuffled-piles.yaml")  # peek: the first of a pile, then of a stash
    peek = [
        s
        for s in piles.program.generated
        if re.search(r"next\(\(_v\d+ for _v\d+ in _b\d+\(g, e\) if", s)
        and re.search(r"next\(\(_v\d+ for _v\d+ in g\.zones\[_b\d+\[", s)
    ]
    assert len(peek) >= 1, "the pile's first is decided by a closure, the stash's read in place"
