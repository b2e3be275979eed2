"""The zones of a view come from a function generated per rule set (engine/viewcode.py): it
shows every zone entry for entry as the plain reading of the state below does, for every
bundled and test game, every seat and the whole state, in clones, unpickled games and sampled
worlds; its source holds no text of the rule file; a view is the caller's own to change."""

from __future__ import annotations

import ast
import json
import pickle
import random
import re
from pathlib import Path
from types import FunctionType

import pytest

import playa_rules as pr
from playa_rules.engine import viewcode

GAMES = Path(__file__).parent.parent / "games"
NAMES = [*pr.games(), *(str(p) for p in sorted(GAMES.glob("*.yaml")))]


def _entry(g, m, seat, c) -> dict:
    """Component ``c`` as ``seat`` sees it, read straight off the state and the layout."""
    if seat is None or g.known[c] >> seat & 1:
        out = {"id": c, "type": m.ctype[c], "label": m.labels[c]}
        out.update({name: table[c] for name, table in m.props.items() if table[c] is not None})
        if m.owner[c] is not None:
            out["owner"] = m.owner[c]
        carried = {name: g.cvars[name][c] for name, (types, _) in m.cvars.items() if m.ctype[c] in types}
        if carried:
            out["vars"] = carried
    else:
        out = {"type": m.ctype[c], "hidden": True}
    held = {name: _zone(g, m, seat, table[c]) for name, table in m.attached.items() if table[c] >= 0}
    if held:
        out["zones"] = held
    return out


def _zone(g, m, seat, zi) -> list:
    return [_entry(g, m, seat, c) for c in g.zones[zi]]


def _renumber(m, zones: list) -> None:
    """A seat's view numbers the copies it sees of one face and label by their places: the
    k-th met (zone by zone, a component before the zones attached to it) shows the k-th
    lowest id of its copies (engine/view.py)."""
    met: dict = {}

    def visit(entries):
        for x in entries:
            if "id" in x:
                key = (m.face[x["id"]], m.labels[x["id"]])
                copies = [c for c in range(m.component_count) if (m.face[c], m.labels[c]) == key]
                x["id"] = copies[met.get(key, 0)]
                met[key] = met.get(key, 0) + 1
            for held in x.get("zones", {}).values():
                visit(held)

    for entries in zones:
        visit(entries)


def _check(game, seat) -> None:
    """The view's zones are the plain reading's, keys in the same order (the JSON is the same)."""
    g, m = game.g, game.m
    view = game.view(seat)
    shared = {name: _zone(g, m, seat, z.base) for name, z in m.zones.items() if z.per is None}
    owned = [
        {name: _zone(g, m, seat, z.base + s) for name, z in m.zones.items() if z.per == "player"}
        for s in range(len(view["seats"]))
    ]
    if seat is not None:
        _renumber(m, [*shared.values(), *(zone for own in owned for zone in own.values())])
    assert list(view["zones"].items()) == list(shared.items())
    for s, entry in enumerate(view["seats"]):
        own = owned[s]
        assert entry["zones"] == own
        assert repr(entry["zones"]) == repr(own)  # dict order included
    assert repr(view["zones"]) == repr(shared)


@pytest.mark.parametrize("name", NAMES, ids=lambda x: Path(x).stem)
def test_every_zone_of_a_view_is_what_the_state_shows_the_seat(name):
    """Seeded random games: each seat's view and the whole state's, also of a clone, of an
    unpickled copy and of a world sampled for the seat to act, zone by zone and entry by entry."""
    rules = pr.load(name)
    rng = random.Random(5)
    for n in rules.player_counts[:2]:
        game = rules.new_game(n, seed=3)
        for k in range(120):
            if game.is_over:
                break
            for seat in (None, *range(n)):
                _check(game, seat)
            if k % 9 == 4:
                _check(game.clone(), 0)
                _check(pickle.loads(pickle.dumps(game)), n - 1)
                if game.current_player is not None and not game.is_chance and game.g.sim is None:
                    world = game.sample_world(game.current_player, random.Random(k))
                    _check(world, game.current_player)
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(legal[rng.randrange(len(legal))])


_LOCALS = {
    "g",
    "seat",
    "n",
    "shared",
    "seats",
    "zones",
    "knows",
    "cv",
    "Z",
    "zi",
    "out",
    "add",
    "c",
    "k",
    "item",
    "z",
    "p",
    "x",
}
_LOCAL = r"(v|r)\d+"
_BOUND = r"_(KN|HI|KH|S|ALL|PLAIN|P|[catz]\d+)"
_ATTRIBUTES = {"zones", "known", "cvars", "copy", "append"}


@pytest.mark.parametrize("name", NAMES, ids=lambda x: Path(x).stem)
def test_the_view_source_holds_no_text_of_the_rule_file(name):
    """Names the generator made, the state's stores and a dict's copy and a list's append, and
    as constants only integers, None, True and the two keys of an entry ('vars', 'zones'):
    every name from the rule file (zones, variables, properties) is a bound object."""
    m = pr.load(name).new_game(min(pr.load(name).player_counts), seed=1).m
    text, ns = viewcode.source(m)
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            assert (
                node.id in _LOCALS
                or re.fullmatch(_LOCAL, node.id)
                or (re.fullmatch(_BOUND, node.id) and node.id in ns)
                or node.id == "range"
            ), node.id
        elif isinstance(node, ast.Attribute):
            assert node.attr in _ATTRIBUTES, node.attr
        elif isinstance(node, ast.Constant):
            assert node.value in ("vars", "zones", None, True) or type(node.value) is int, node.value
        elif isinstance(
            node, (ast.Import, ast.ImportFrom, ast.Lambda, ast.ClassDef, ast.Global, ast.Nonlocal)
        ):
            raise AssertionError(type(node).__name__)
    assert [type(node).__name__ for node in tree.body] == ["FunctionDef"]
    assert set(ns["__builtins__"]) == set()


def test_a_view_is_the_callers_own():
    """Changing a view (its entries, their variables and attached zones) changes neither the
    game nor the next view, of this seat or another."""
    game = pr.load("playa-pirata").new_game(3, seed=2)
    rng = random.Random(2)
    for _ in range(12):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    before = [repr(game.view(s)) for s in (None, 0, 1, 2)]
    for s in (None, 0, 1, 2):
        view = game.view(s)
        for entries in [*view["zones"].values(), *(z for e in view["seats"] for z in e["zones"].values())]:
            for entry in entries:
                entry["type"] = "changed"
                entry.pop("id", None)
                if "vars" in entry:
                    entry["vars"].clear()
                for held in entry.get("zones", {}).values():
                    held.append({"type": "changed"})
            entries.clear()
    assert [repr(game.view(s)) for s in (None, 0, 1, 2)] == before


def test_a_layout_without_components_shows_its_zones_empty():
    """No component at all: the generated loops have no branch, and every zone is empty."""
    from playa_rules.compiler.model import Model, ZoneDef

    m = Model(game_id="none", max_players=2, zone_count=3)
    m.zones = {
        "pile": ZoneDef("pile", None, "public", ()),
        "hand": ZoneDef("hand", "player", "owner", (), base=1),
    }
    state = type("S", (), {"zones": [[], [], []], "known": [], "cvars": {}})()
    assert viewcode.view_zones(m)(state, 0, 2) == ({"pile": []}, [{"hand": []}, {"hand": []}])
    assert viewcode.view_zones(m)(state, None, 2) == ({"pile": []}, [{"hand": []}, {"hand": []}])


@pytest.mark.parametrize(
    "name", ["playa-pirata", "maui", str(GAMES / "tic-tac-toe.yaml")], ids=lambda x: Path(x).stem
)
def test_zones_too_many_to_write_out_are_listed_by_one_function_alike(monkeypatch, name):
    """Past the size at which each zone's loop is written out, one function lists every zone:
    the same views (tic-tac-toe's layout has no attached zone, so the function is made for this)."""
    rules = pr.load(name)
    game = rules.new_game(min(rules.player_counts), seed=4)
    rng = random.Random(4)
    for _ in range(30):
        if game.is_over:
            break
        game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
    text, _ = viewcode.source(game.m)
    monkeypatch.setattr(viewcode, "_INLINE_LINES", 0)
    called, ns = viewcode.source(game.m)
    assert called != text and called.count("for c in zones[") == 1
    module = compile(called, "<view>", "exec")
    fn = FunctionType(next(c for c in module.co_consts if hasattr(c, "co_code")), ns)
    for seat in (None, *range(game.g.n)):
        assert repr(fn(game.g, seat, game.g.n)) == repr(viewcode.view_zones(game.m)(game.g, seat, game.g.n))


def test_a_component_variable_holding_a_fraction_shows_as_its_text_in_every_view(tmp_path):
    """``set card.boost += 1 / 2``: the card's variable holds the exact fraction, and every view
    writes it as JSON holds it, ``'1/2'``, as it writes player and turn variables (the view
    held the Fraction itself and could not be written as JSON: found by tests/fuzz_shapes.py)."""
    text = (GAMES / "tops-claim.yaml").read_text(encoding="utf-8")
    text = text.replace("    start: deck\n", "    start: deck\n    vars: {boost: 0}\n", 1)
    text = text.replace(
        "effect: move card to me.won", "effect: |\n      move card to me.won\n      set card.boost += 1 / 2"
    )
    path = tmp_path / "halves.yaml"
    path.write_text(text, encoding="utf-8")
    game = pr.load(path).new_game(2, seed=0)
    game.apply(game.legal_actions()[0])
    claimed = game.view(None)["seats"][0]["zones"]["won"][0]
    assert claimed["vars"] == {"boost": "1/2"}
    for seat in (0, 1, None):
        json.dumps(game.view(seat))
