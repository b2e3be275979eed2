"""A seat's log does not tell it what it cannot know: two games that differ only in chance
outcomes a seat has not seen give that seat the same ``log_for`` and the same ``view``.

A draw is a chance event even when its outcome is forced (every component left shows the same
face): whether it is forced depends on the faces drawn before it, so a log that left forced
draws out would show a seat, by the count of draws it cannot see, which faces those were.
Maui's crabs are laid face down from each seat's own shuffled pile (two -2, three -3, two -4):
no seat knows its own, and when only one value is left in the pile the next draw is forced.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules import rules as rules_module

BUNDLED = [
    ("maui", ("crabs",)),
    ("maui", ()),
    ("playa-pirata", ()),
    ("playa-pirata", ("special-cards",)),
    ("lying-pirates", ("action-cards",)),
    ("pirate-gold-cards", ()),
]
_LOADED: dict = {}


def _rules(name: str, variants: tuple, backend: str):
    """The rules on the generated backend or on the closures alone (``PLAYA_RULES_BACKEND``)."""
    key = (name, variants, backend)
    if key not in _LOADED:
        saved = os.environ.pop("PLAYA_RULES_BACKEND", None)
        if backend == "closures":
            os.environ["PLAYA_RULES_BACKEND"] = "closures"
        rules_module._CACHE.clear()
        try:
            _LOADED[key] = pr.load(name, variants=list(variants))
        finally:
            os.environ.pop("PLAYA_RULES_BACKEND", None)
            if saved is not None:
                os.environ["PLAYA_RULES_BACKEND"] = saved
            rules_module._CACHE.clear()
    return _LOADED[key]


def _played(rules, players: int, picks: list, changed: int | None, decisions: int):
    """A game with explicit chance: at the i-th chance node the outcome ``picks[i]`` (modulo how
    many there are), but at node ``changed`` the next one; at each decision the action
    ``picks[j]`` modulo the legal ones, for ``decisions`` decisions."""
    game = rules.new_game(players=players, chance="explicit")
    i = j = 0
    while not game.is_over:
        if game.is_chance:
            outcomes = game.chance_outcomes()
            k = picks[i % len(picks)] + (1 if i == changed else 0)
            game.apply(outcomes[k % len(outcomes)][0])
            i += 1
        elif j < decisions:
            legal = game.legal_actions()
            game.apply(legal[picks[j % len(picks)] % len(legal)])
            j += 1
        else:
            break
    return game


def _chances(log: list) -> list:
    return [e for e in log if e["event"] == "chance"]


def _unseen_from(game, seat: int, k: int) -> bool:
    """Whether the seat knows none of the game's chance outcomes from the ``k``-th on: neither
    when it was drawn (its log) nor now (its view). Read off the engine's own log entries
    (``["chance", node, outcome, who knew it, the component drawn]``) and knowledge bits, as
    tests/unseen.py reads the state: no count of the seat's log enters the question."""
    entries = [ev for ev in game._log if ev[0] == "chance"][k:]
    for ev in entries:
        node, mask = ev[1], ev[3]
        if node.kind == "choice" or mask >> seat & 1:
            return False
        c = ev[4] if node.kind == "draw" else node.subject
        if game.g.known[c] >> seat & 1:
            return False
    return True


def _forced(game) -> int:
    """How many of the game's draws had one possible outcome."""
    return sum(1 for e in _chances(game.log) if e["kind"] == "draw" and e["probability"] == "1")


def _same_to_seat(rules, players: int, picks: list, changed, decisions: int) -> list:
    """The seats that know none of the outcomes from node ``changed`` on (a number of the
    first game's chance nodes, or a fraction of them), in either game; for each, the two games
    must show it the same log and the same view."""
    a = _played(rules, players, picks, None, decisions)
    if isinstance(changed, float):
        changed = int(changed * len(_chances(a.log)))
    b = _played(rules, players, picks, changed, decisions)
    if a.is_chance or b.is_chance or len(_chances(a.log)) <= changed:
        return []
    if _chances(a.log)[changed]["id"] == _chances(b.log)[changed]["id"]:
        return []  # the node had one outcome: nothing changed
    blind = [s for s in range(a.players) if _unseen_from(a, s, changed) and _unseen_from(b, s, changed)]
    for seat in blind:
        assert a.log_for(seat) == b.log_for(seat), (seat, changed)
        assert a.view(seat) == b.view(seat), (seat, changed)
    return blind


@pytest.mark.parametrize("backend", ["generated", "closures"])
@pytest.mark.parametrize("changed", [10, 12])
def test_a_seat_cannot_count_its_own_face_down_crabs_in_its_log(backend, changed):
    """Maui with crabs, two players, the first outcome at every chance node: six of seat 0's seven
    crabs (-2, -2, -3, -3, -3, -4, -4) are laid face down: -2, -2, -3, -3, -3 and a -4 that is
    forced (only the two -4 are left). With a -4 drawn earlier (node 10 or 12) the last one is a
    -3 or a -4 by chance: seat 0 sees six draws from its pile either way."""
    rules = _rules("maui", ("crabs",), backend)
    a = _played(rules, 2, [0], None, 0)
    b = _played(rules, 2, [0], changed, 0)
    pile = [e for e in _chances(a.log) if e["zone"] == "seat 0 crabs"]
    assert [e["outcome"].split(" (")[0] for e in pile] == ["crab -2", "crab -2"] + ["crab -3"] * 3 + [
        "crab -4"
    ]
    assert pile[-1]["probability"] == "1" and _forced(a) == 2 and _forced(b) == 1
    for game in (a, b):
        mine = [e for e in _chances(game.log_for(0)) if e["zone"] == "seat 0 crabs"]
        unseen = {
            "event": "chance",
            "kind": "draw",
            "zone": "seat 0 crabs",
            "outcome": "crab from seat 0 crabs",
        }
        assert mine == [unseen] * 6
    assert a.log_for(0) == b.log_for(0) and a.view(0) == b.view(0)


@pytest.mark.parametrize("backend", ["generated", "closures"])
@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(BUNDLED),
    picks=st.lists(st.sampled_from([0, 0, 0, 1, 2, 3]), min_size=1, max_size=12),  # 0s empty a face first
    changed=st.floats(0, 1, exclude_max=True),
    decisions=st.sampled_from([0, 0, 0, 1, 2, 4]),  # the deal most often: most draws are there
    more=st.booleans(),
)
@example(game=("maui", ("crabs",)), picks=[0], changed=10, decisions=0, more=False)
@example(game=("lying-pirates", ("action-cards",)), picks=[1, 2], changed=0.8, decisions=3, more=True)
def test_outcomes_a_seat_has_not_seen_change_nothing_it_is_shown(
    backend, game, picks, changed, decisions, more
):
    """Any bundled game, any outcomes and decisions: where only outcomes a seat has not seen
    differ, its log and its view are the same (checked for every such seat)."""
    name, variants = game
    rules = _rules(name, variants, backend)
    players = rules.player_counts[-1 if more else 0]
    _same_to_seat(rules, players, picks, changed, decisions)


def test_forced_draws_are_chance_events_in_both_chance_modes():
    """A sampled game logs a forced draw as explicit chance does (a node with one outcome of
    probability 1), and a replay of its log in explicit chance takes the same outcomes."""
    rules = _rules("maui", ("crabs",), "generated")
    met = 0
    for seed in range(40):
        sampled = rules.new_game(players=3, seed=seed)
        forced = [e for e in _chances(sampled.log) if e["probability"] == "1"]
        explicit = pr.replay(rules, sampled.log, chance="explicit")
        assert not explicit.is_chance and explicit.log[1:] == sampled.log[1:]
        if forced:
            met += 1
            assert all(e["kind"] == "draw" for e in forced)
            assert [str(o) for o, _ in _at_forced_node(rules, sampled)] == [forced[0]["outcome"]]
    assert met >= 10  # about one deal in two ends a pile of crabs with a forced draw


def test_the_last_card_of_a_deck_dealt_out_is_no_event(tmp_path):
    """Hearts deals the 52 cards of a shuffled deck: 51 chance events, in sampled play and
    explicit chance alike (format.md): the card left alone is known to be the last by the
    count, so nothing is drawn for it, and explicit chance asks for 51 outcomes only."""
    rules = pr.load(Path(__file__).parents[1] / "games" / "hearts.yaml")
    sampled = rules.new_game(players=4, seed=1)
    assert len(_chances(sampled.log)) == 51
    game = rules.new_game(players=4, chance="explicit")
    asked = 0
    while game.is_chance:
        game.apply(game.chance_outcomes()[0][0])
        asked += 1
    assert asked == 51
    assert [len(seat["zones"]["hand"]) for seat in game.view(0)["seats"]] == [13, 13, 13, 13]


def _at_forced_node(rules, sampled):
    """The outcomes explicit chance offers at the sampled game's first forced draw."""
    log = sampled.log
    first = next(i for i, e in enumerate(_chances(log)) if e["probability"] == "1")
    game = rules.new_game(players=sampled.players, chance="explicit")
    for e in _chances(log)[:first]:
        game.apply(e["id"])
    assert game.is_chance
    return game.chance_outcomes()


@pytest.mark.parametrize("game", BUNDLED, ids=lambda g: "+".join((g[0], *g[1])))
def test_every_deal_node_changed_alone_shows_the_blind_seats_nothing(game):
    """Every bundled game's deal with the first outcome at each node, then the same deal with one
    node changed (each in turn): the seats that know none of the outcomes from there on see the
    same log and view. (With the first outcomes a face runs out early, so draws are forced.)"""
    rules = _rules(*game, "generated")
    players = rules.player_counts[0]
    nodes = len(_chances(_played(rules, players, [0], None, 0).log))
    blind = [_same_to_seat(rules, players, [0], k, 0) for k in range(nodes)]
    assert any(blind) or game == ("maui", ()) or game[0] == "pirate-gold-cards"
