"""Observation tensors name components as the seat's view does (docs/adapters.md): a variable
holding a component (a turn, hand, match, seat or item variable) is encoded by the id the seat's
view shows it by, or by its back when the seat does not see it, and a component's row of
variables is the row of that id, never of the engine's own id. The engine id of a card another
seat marked in secret tells which card it is; the engine id of one of two copies a seat holds
tells which copy it was dealt, the order of a deal it did not see.

Two states a seat cannot tell apart (the same view and ``log_for``) give it the same tensors:
OpenSpiel's observation and information-state tensors and PettingZoo's observations are the
one :class:`~playa_rules.adapters.observation.Layout`."""

from __future__ import annotations

import json

import numpy as np
import pytest

import playa_rules as pr
from playa_rules.adapters.observation import Layout

RULES = """
game: mark-test
title: Mark test
players: [2]
components:
  card:
    start: deck
    vars: {touched: false, partner: ~}
    items:
      - {value: 1, count: 2}
      - {value: 2, count: 2}
      - {value: 3, count: 2}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
  pit: {visibility: hidden, holds: [card]}
variables:
  hand: {marked: ~, kept: []}
  player: {last: ~}
phases:
  - id: deal
    on_start: |
      shuffle deck
      deal 2 from deck to each hand
  - id: play
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: choose, actions: [mark, touch]}
actions:
  mark:
    text: "mark {card}"
    params:
      card: {one_of: me.hand}
    rule: Mark a card of your hand in secret, and put it face down into the pit.
    effect: |
      set hand.marked = card
      set hand.kept += [card]
      set me.last = card
      set card.touched = true
      move card to pit
  touch:
    text: "touch {card}"
    params:
      card: {one_of: me.hand}
    rule: Touch a card of your hand, and pair it with your other card.
    effect: |
      set card.touched = true
      set card.partner = first(c in me.hand where c != card)
      set me.last = card
scoring:
  - id: card
    rule: Your cards score their value.
    points: sum(c.value for c in me.hand)
"""


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    p = tmp_path_factory.mktemp("names") / "mark-test.yaml"
    p.write_text(RULES, encoding="utf-8")
    return p


def _tensor(layout, game, seat) -> bytes:
    t = np.zeros(layout.size, np.float32)
    layout.write(game, seat, t)
    return t.tobytes()


def test_states_a_seat_cannot_tell_apart_give_it_the_same_tensor(path):
    """Every deal and every first move: grouped by what each seat can tell (its view and its
    log), each group has one tensor. The engine ids gave marked and kept cards away."""
    rules = pr.load(path)
    layout = Layout(rules.program)
    tensors: dict = {}
    for seed in range(30):
        for move in range(2):
            game = rules.new_game(2, seed=seed)
            game.apply(game.legal_actions()[move])
            for seat in (0, 1):
                told = json.dumps([seat, game.view(seat), game.log_for(seat)], sort_keys=True)
                tensors.setdefault(told, set()).add(_tensor(layout, game, seat))
    assert 20 < len(tensors) < 60 * 2  # (groups of several states: a seat cannot tell them apart)
    assert all(len(t) == 1 for t in tensors.values())


def _swap_copies(game, a: int, b: int):
    """The game with copies a and b exchanged: their places, what goes with a place, and every
    variable naming one naming the other. Nothing tells the two games apart."""
    other = game.clone()
    g = other.g
    za, zb = g.loc[a], g.loc[b]
    ia, ib = g.zones[za].index(a), g.zones[zb].index(b)
    g.zones[za][ia], g.zones[zb][ib] = b, a
    g.loc[a], g.loc[b] = zb, za
    g.known[a], g.known[b] = g.known[b], g.known[a]
    swap = {a: b, b: a}

    def moved(v):
        if isinstance(v, list):
            return [swap.get(x, x) if isinstance(x, int) else x for x in v]
        return swap.get(v, v) if isinstance(v, int) and not isinstance(v, bool) else v

    for name, store in g.cvars.items():
        store[a], store[b] = store[b], store[a]
        if name == "partner":
            store[:] = [moved(v) for v in store]
    for table in (g.hvars, g.tvars, g.mvars):
        for k in ("marked", "kept"):
            if k in table:
                table[k] = moved(table[k])
    g.pvars["last"] = [moved(v) for v in g.pvars["last"]]
    other._set_legal(other._current_legal())
    return other


@pytest.mark.parametrize("move", ["touch", "mark"])
def test_which_of_two_copies_a_seat_holds_is_not_in_its_tensor(path, move):
    """Seat 0 touches (or marks) a card of its hand; exchanging it with its copy elsewhere (the
    deck, the other hand) changes nothing seat 0 or seat 1 can tell, nor their tensors."""
    rules = pr.load(path)
    layout = Layout(rules.program)
    m = rules.program.model
    checked = 0
    for seed in range(12):
        game = rules.new_game(2, seed=seed)
        game.apply(next(a for a in game.legal_actions() if str(a).startswith(move)))
        g = game.g
        for a in range(m.component_count):
            if not g.cvars["touched"][a]:
                continue
            for b in range(m.component_count):
                if b != a and m.face[b] == m.face[a] and m.labels[b] == m.labels[a] and g.loc[b] >= 0:
                    other = _swap_copies(game, a, b)
                    for seat in (0, 1):
                        assert other.view(seat) == game.view(seat)
                        assert _tensor(layout, other, seat) == _tensor(layout, game, seat), (seed, seat)
                    checked += 1
    assert checked >= 6


def test_a_marked_card_is_named_by_its_view_id_or_its_back(path):
    rules = pr.load(path)
    layout = Layout(rules.program)
    game = rules.new_game(2, seed=4)
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("mark")))
    card = game.g.hvars["marked"]
    for seat, want in (
        (0, game.view(0)["vars"]["hand"]["marked"] + 1),
        (1, -1.0 - layout.types.index("card")),
    ):
        t = np.frombuffer(_tensor(layout, game, seat), np.float32)
        names = layout.var_names
        assert t[layout.offset["vars"] + names.index(("hand", "marked"))] == want
    assert game.view(1)["vars"]["hand"]["marked"] == {"type": "card", "hidden": True}
    assert isinstance(card, int)


def test_openspiel_and_pettingzoo_tensors_follow(path):
    """The adapters' tensors are the layout's: seat 1's are the same whichever card seat 0 marked."""
    pyspiel = pytest.importorskip("pyspiel")
    import playa_rules.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("playa_rules", {"rules": str(path), "players": 2})
    seen: dict = {}
    for seed in range(6):
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        marks = [a for a in state.legal_actions() if state.action_to_string(a).startswith("mark")]
        state.apply_action(marks[0])
        told = state.information_state_string(1)
        seen.setdefault(told, set()).add(
            (tuple(state.observation_tensor(1)), tuple(state.information_state_tensor(1)))
        )
    assert all(len(v) == 1 for v in seen.values())
    pytest.importorskip("pettingzoo")
    from playa_rules.pettingzoo import env

    zoo = env(rules=str(path), players=2)
    seen = {}
    for seed in range(12):
        zoo.reset(seed=seed)
        game = zoo.unwrapped.game
        mark = next(a for a in game.legal_actions() if str(a).startswith("mark"))
        zoo.step(mark.id)
        told = json.dumps([game.view(1), game.log_for(1)], sort_keys=True)
        seen.setdefault(told, set()).add(zoo.observe("player_1")["observation"].tobytes())
    assert all(len(v) == 1 for v in seen.values())
