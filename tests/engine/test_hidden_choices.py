"""Knowledge follows a choice made out of sight (compiler/unseen_choice.py, format.md's "A choice
made out of sight"): a seat that knew the faces in another seat's hand sees that seat take a
component out of it, not which one, so it stops knowing the faces it can no longer tell apart.

The outside tester's cases (session 20, items 1 and 3): in Playa Pirata's special-cards draft
the passer went on seeing which card each later seat kept and which was removed ("he passes
the remaining cards face down ... He keeps one and removes the last one from play without
revealing it"), in its view, its log and OpenSpiel's information state; after a Lifeguard
look at a hand ("You can look at all the Treasure cards in any one player's hand") the looker
saw every later burial from that hand."""

from __future__ import annotations

import functools
import random
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import playa_rules as pr

SPECIALS = pr.load("playa-pirata", variants=["special-cards"])


def _chance(game, prefer: str = "") -> None:
    """Explicit chance: take the first outcome naming ``prefer`` (else the first) until a decision."""
    while game.is_chance:
        outs = [str(o) for o, _ in game.chance_outcomes()]
        game.apply(next((o for o in outs if prefer in o), outs[0]))


def _two_player_draft(keep: str):
    """2 players, seat 1 drafts first (keeps the Lifeguard), seat 0 keeps ``keep`` of the two
    seat 1 passed it: the tester's p3_draft_leak.py."""
    game = SPECIALS.new_game(players=2, chance="explicit", seed=1)
    _chance(game, "lifeguard")
    game.apply("keep lifeguard")
    _chance(game)
    game.apply(keep)
    _chance(game)
    return game


def _labels(cards: list) -> list:
    return [c.get("label", "hidden") for c in cards]


def test_the_passer_does_not_see_which_card_the_next_seat_kept_or_removed():
    """'He passes the remaining cards face down ... He keeps one and removes the last one from
    play without revealing it': seat 1 passed Sand Castle and Skeleton; whichever seat 0
    keeps, seat 1 sees a card kept and a card removed, and its log reads 'keep special'."""
    a, b = _two_player_draft("keep sand castle"), _two_player_draft("keep skeleton")
    for game, kept, removed in ((a, "sand castle", "skeleton"), (b, "skeleton", "sand castle")):
        view = game.view(1)
        assert _labels(view["seats"][0]["zones"]["special"]) == ["hidden"]
        assert _labels(view["zones"]["removed"]) == ["hidden"]
        assert _labels(view["seats"][1]["zones"]["special"]) == ["lifeguard"]  # its own card
        last = [ev for ev in game.log_for(1) if ev["event"] == "action"][-1]
        assert last == {"event": "action", "seat": 0, "action": "keep special"}
        # the seat that chose keeps what it knows: its card, and the one it removed
        mine = game.view(0)
        assert _labels(mine["seats"][0]["zones"]["special"]) == [kept]
        assert _labels(mine["zones"]["removed"]) == [removed]
        assert [ev for ev in game.log_for(0) if ev["event"] == "action"][-1]["action"] == f"keep {kept}"
    assert a.view(1) == b.view(1)
    assert a.log_for(1) == b.log_for(1)
    assert a.view(None) != b.view(None)


def test_after_a_three_player_draft_each_seat_knows_its_own_card_and_the_last_the_removed_one():
    """The tester's p3_draft_leak3.py (3 players, seed 4, random picks): seat 1, the first to
    choose, saw every seat's card and the removed one."""
    game = SPECIALS.new_game(players=3, seed=4)
    rng = random.Random(0)
    while game.view(None)["phase"] == "special_draft":
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    everything = game.view(None)
    start = everything["start_player"]
    for seat in range(3):
        view = game.view(seat)
        for other in range(3):
            shown = _labels(view["seats"][other]["zones"]["special"])
            if other == seat:
                assert shown == _labels(everything["seats"][seat]["zones"]["special"])
            else:
                assert shown == ["hidden"], (seat, other)
        removed = _labels(view["zones"]["removed"])
        assert (removed != ["hidden"]) == (seat == start), (seat, removed)


def test_the_openspiel_information_state_does_not_tell_which_card_was_kept():
    """The tester's p3_draft_leak_openspiel.py: seat 1's information state and observation
    tensor were not equal for two keeps of seat 0."""
    pyspiel = pytest.importorskip("pyspiel")
    import playa_rules.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game(
        "playa_rules", {"rules": "playa-pirata", "players": 2, "variants": "special-cards"}
    )

    def run(keep_index: int):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        state.apply_action(state.legal_actions()[0])  # seat 1 keeps its first card
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        state.apply_action(state.legal_actions()[keep_index])  # seat 0 keeps one, out of sight
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        return state

    a, b = run(0), run(1)
    assert a.information_state_string(0) != b.information_state_string(0)  # seat 0 knows
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.observation_tensor(1) == b.observation_tensor(1)
    assert a.information_state_tensor(1) == b.information_state_tensor(1)


def _looked_at(bury: str | None = None):
    """The tester's p3_lifeguard_memory.py: seat 1 plays the Lifeguard on seat 0 (hand 4, 5, 6,
    7), then seat 0 buries ``bury`` (or its first burial)."""
    game = SPECIALS.new_game(players=2, chance="explicit", seed=1)
    _chance(game, "lifeguard")
    game.apply("keep lifeguard")
    _chance(game)
    game.apply(game.legal_actions()[0])
    _chance(game)
    game.apply(game.legal_actions().texts()[0])  # seat 0's first burial
    _chance(game)
    game.apply("lifeguard 0")
    _chance(game)
    assert _labels(game.view(1)["seats"][0]["zones"]["treasures"]) == ["4", "5", "6", "7"]
    game.apply(next(t for t in game.legal_actions().texts() if t.startswith("bury ")))  # seat 1's
    _chance(game)
    game.apply(bury or next(t for t in game.legal_actions().texts() if t.startswith("bury ")))
    return game


def test_a_look_at_a_hand_does_not_tell_which_card_its_holder_buries_later():
    """'You can look at all the Treasure cards in any one player's hand': seat 1 knows the
    hand 4, 5, 6, 7; seat 0 then buries one face down. Seat 1 sees a treasure buried, not
    which (its log reads 'bury treasure'), and no longer knows which three are left; seat 0
    knows its burial."""
    a, b = _looked_at("bury 4"), _looked_at("bury 6")
    for game, buried in ((a, "4"), (b, "6")):
        view = game.view(1)
        assert _labels(view["seats"][0]["zones"]["treasures"]) == ["hidden"] * 3
        assert _labels(view["zones"]["beach"])[-1] == "hidden"
        assert game.log_for(1)[-1] == {"event": "action", "seat": 0, "action": "bury treasure"}
        assert _labels(game.view(0)["zones"]["beach"])[-1] == buried
        assert game.log_for(0)[-1]["action"] == f"bury {buried}"
    assert a.view(1) == b.view(1)
    assert a.log_for(1) == b.log_for(1)


TINY = """
game: hidden-choices
title: Choices out of sight (test game)
players: [3]
components:
  card:
    start: deck
    label: "{name}"
    items:
      - each: {name: [a, b, c, d, e, f]}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
  table: {visibility: public, holds: [card]}
  pile: {visibility: hidden, holds: [card]}
setup: |
  deal 3 from deck to seats[0].hand
  reveal seats[0].hand to seats[1]
actions:
  hide: {text: "hide {card}", params: {card: {one_of: me.hand}}, effect: move card to pile}
  show: {text: "show {card}", params: {card: {one_of: me.hand}}, effect: move card to table}
  hide_all: {text: hide all, require: ["count(me.hand) > 0"], effect: move me.hand to pile}
  drop_first: {text: drop first, require: ["count(me.hand) > 0"], effect: "move take(me.hand, 1) to pile"}
  pass: {text: pass, effect: end step}
phases:
  - id: play
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: act, actions: [hide, show, hide_all, drop_first, pass]}
"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("hidden") / "hidden-choices.yaml"
    path.write_text(TINY, encoding="utf-8")
    return pr.load(path)


def _after(rules, action: str):
    game = rules.new_game(players=3, seed=0)
    assert game.current_player == 0
    assert _labels(game.view(1)["seats"][0]["zones"]["hand"]) != ["hidden"] * 3  # seat 1 was shown it
    game.apply(action)
    return game


def test_a_card_hidden_out_of_a_known_hand_hides_the_rest_of_it(tiny):
    """Seat 1 was shown seat 0's hand; seat 0 puts one card face down on the pile: seat 1
    forgets the three, seat 2 never knew them, seat 0 knows them all."""
    game = _after(tiny, "hide " + _labels(tiny.new_game(3, seed=0).view(0)["seats"][0]["zones"]["hand"])[0])
    assert _labels(game.view(1)["seats"][0]["zones"]["hand"]) == ["hidden"] * 2
    assert _labels(game.view(1)["zones"]["pile"]) == ["hidden"]
    assert {"event": "action", "seat": 0, "action": "hide card"} in game.log_for(1)
    assert {"event": "action", "seat": 0, "action": "hide card"} in game.log_for(2)
    assert "hidden" not in _labels(game.view(0)["seats"][0]["zones"]["hand"]) + _labels(
        game.view(0)["zones"]["pile"]
    )


def test_what_goes_where_a_seat_sees_tells_it_the_rest(tiny):
    """A card shown on the public table: seat 1 sees which one left, so it still knows the two
    left in the hand."""
    first = _labels(tiny.new_game(3, seed=0).view(0)["seats"][0]["zones"]["hand"])[0]
    game = _after(tiny, f"show {first}")
    assert "hidden" not in _labels(game.view(1)["seats"][0]["zones"]["hand"])
    assert _labels(game.view(2)["zones"]["table"]) == [first]


def test_moves_without_a_choice_or_all_together_keep_what_a_seat_knew(tiny):
    """The whole hand to the pile (one place: seat 1 knows they are all there), or the first
    card of the hand by the rules (its order is in the views): no choice to hide."""
    everything = tiny.new_game(3, seed=0).view(1)["seats"][0]["zones"]["hand"]
    game = _after(tiny, "hide all")
    assert _labels(game.view(1)["zones"]["pile"]) == _labels(everything)
    game = _after(tiny, "drop first")
    assert "hidden" not in _labels(game.view(1)["zones"]["pile"] + game.view(1)["seats"][0]["zones"]["hand"])


WORD = re.compile(r"^(keep|bury) \S+$")  # Playa Pirata's choices out of sight: one kind each


def _hidden_pairs(game):
    """Pairs of legal actions of one kind that choose a component out of the acting seat's hand
    into a place no other seat sees (the draft's keep, a burial)."""
    texts = [t for t in game.legal_actions().texts() if WORD.match(t)]
    by_kind: dict = {}
    for t in texts:
        by_kind.setdefault(t.split()[0], []).append(t)
    for same in by_kind.values():
        for i in range(len(same) - 1):
            yield same[i], same[i + 1]


def _blind(a, b, actor: int) -> list:
    """The seats other than ``actor`` that see none of the places where ``a`` and ``b`` differ:
    every component that lies elsewhere in one than in the other is, in both, in a zone that
    is neither public nor the seat's own."""
    ga, gb = a.g, b.g
    places = {z for c in range(len(ga.loc)) if ga.loc[c] != gb.loc[c] for z in (ga.loc[c], gb.loc[c])}
    out = []
    for seat in range(a.players):
        if seat != actor and not any(
            z >= 0 and (ga.vis[z] == "public" or (ga.vis[z] == "owner" and ga.zowner[z] == seat))
            for z in places
        ):
            out.append(seat)
    return out


@settings(max_examples=30, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
    lifeguard=st.booleans(),
)
def test_two_choices_a_seat_cannot_see_leave_its_view_and_log_the_same(players, seed, steps, lifeguard):
    """A random position of Playa Pirata with special cards (a Lifeguard played whenever
    offered, if drawn so): two games that differ only in the card the seat to act keeps or
    buries out of the others' sight look the same to every other seat that sees none of the
    places they differ in: in its view, its log and its observation tensor."""
    game = SPECIALS.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        texts = game.legal_actions().texts()
        looks = [t for t in texts if t.startswith("lifeguard")]
        game.apply(looks[0] if lifeguard and looks else texts[rng.randrange(len(texts))])
    assume(not game.is_over)
    pairs = list(_hidden_pairs(game))
    assume(pairs)
    actor = game.current_player
    for x, y in pairs[:3]:
        a, b = game.clone(), game.clone()
        a.apply(x)
        b.apply(y)
        for seat in _blind(a, b, actor):
            assert a.view(seat) == b.view(seat), (x, y, seat)
            assert a.log_for(seat) == b.log_for(seat), (x, y, seat)
            assert (_tensor(a, seat) == _tensor(b, seat)).all(), (x, y, seat)


def _tensor(game, seat: int):
    """The observation tensor the adapters give ``seat`` (OpenSpiel's information state is its
    view and its log, both compared above)."""
    np = pytest.importorskip("numpy")
    layout = _layout()
    out = np.zeros(layout.size, np.float32)
    layout.write(game, seat, out)
    return out


@functools.cache
def _layout():
    from playa_rules.adapters.observation import Layout

    return Layout(SPECIALS.program)
