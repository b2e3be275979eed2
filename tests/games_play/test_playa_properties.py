"""Property tests: random legal play of whole Playa Pirata matches, for seeds and 2-4 players.

After every action: the play never raises, every component of the game is in exactly one
zone (``g.loc`` agrees with ``g.zones``; components of absent seats are nowhere), the towel
rules hold, and no view leaks a face its seat does not know. Matches end within a bound,
replay identically from their seed and action texts, and action ids are unique, stable
and accepted by ``apply``. Sized to run in well under a minute.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario import new, rules
from sizes import property_test
from view_checks import check_views

PLAYERS = st.sampled_from([2, 3, 4])
SEEDS = st.one_of(st.integers(min_value=0, max_value=2**32), st.text(max_size=6))
TURNS = {2: 8, 3: 7, 4: 6}
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def action_bound(players: int) -> int:
    """Most decisions a match can take: per hand, every turn is a card, at most two groups of
    towels and 'done'; the final turn one group and 'done'."""
    return players * (players * TURNS[players] * 4 + 2)


# ---------------------------------------------------------------- invariants
def check_zones(game) -> None:
    """Every in-play component in exactly one zone, where ``g.loc`` says, of a type the zone holds."""
    g, m = game.g, game.m
    seen = {}
    for zi, comps in enumerate(g.zones):
        name, seat, comp = m.zone_names[zi]
        zdef = m.zones[name]
        for c in comps:
            assert c not in seen, f"component {c} is in zones {seen[c]} and {zi}"
            seen[c] = zi
            assert g.loc[c] == zi, f"loc[{c}] = {g.loc[c]} but it lies in zone {zi}"
            assert m.ctype[c] in zdef.holds, f"a {m.ctype[c]} in {m.describe_zone(zi)}"
            if seat is not None and m.owner[c] is not None:
                assert m.owner[c] == seat, f"seat {m.owner[c]}'s card in {m.describe_zone(zi)}"
            if comp is not None:
                assert g.loc[comp] >= 0, f"a card lies on {m.labels[comp]}, which is not in play"
    for c in range(m.component_count):
        absent = m.owner[c] is not None and m.owner[c] >= g.n
        if absent:
            assert c not in seen and g.loc[c] == -1, f"component {c} of absent seat {m.owner[c]} is in play"
        else:
            assert c in seen, f"component {c} ({m.labels[c]}) is in no zone"
    assert len(seen) == 15 + 15 * g.n


def check_towel_move(game, before_top, actor: int, text: str) -> None:
    """After 'towels a+b on #k': the group beat the old top, lies on the stack highest first,
    the lowest card on top, all of the actor's colour."""
    group, spot = text.split()[1], int(text.split("#")[1])
    values = [int(v) for v in group.split("+")]
    t = game.g.zones[game.m.zone_index("beach")][spot]
    pile = game.g.zones[game.m.zone_index("stack", comp=t)]
    assert sum(values) > before_top[spot]
    placed = pile[-len(values) :]
    assert [game.m.props["value"][c] for c in placed] == sorted(values, reverse=True)
    assert all(game.m.owner[c] == actor for c in placed)


def tops(game) -> list[int]:
    g, m = game.g, game.m
    out = []
    for t in g.zones[m.zone_index("beach")]:
        pile = g.zones[m.zone_index("stack", comp=t)]
        out.append(m.props["value"][pile[-1]] if pile else 0)
    return out


# ---------------------------------------------------------------- properties
def check_blocked_hands_shown(game, events) -> None:
    """A seat whose towel step was blocked has shown its towel cards to everyone."""
    g, m = game.g, game.m
    for e in events:
        if e["event"] == "blocked" and e["step"] == "towels":
            for c in g.zones[m.zone_index("towels", seat=e["seat"])]:
                assert g.known[c] == g.all_seats, f"seat {e['seat']} was blocked but hides a towel"


@property_test(quick=12, full=32, seed=SEEDS, players=PLAYERS, rnd=st.randoms(use_true_random=False))
def test_random_play_ends_and_keeps_every_invariant(seed, players, rnd):
    game = new(players, seed=seed)
    check_zones(game)
    check_views(game)
    for _ in range(action_bound(players)):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert len(legal) > 0
        a = legal[rnd.randrange(len(legal))]
        actor, text, before, logged = game.current_player, str(a), tops(game), len(game.log)
        game.apply(a)
        if a.name == "place_towels":
            check_towel_move(game, before, actor, text)
        if not game.is_over:
            check_blocked_hands_shown(game, game.log[logged:])
        check_zones(game)
        check_views(game)
    assert game.is_over, f"not over after {action_bound(players)} actions"
    assert game.current_player is None and len(game.legal_actions()) == 0
    assert len(game.hand_scores) == players
    json.dumps(game.log)
    assert game.log[-1]["event"] == "end"
    assert game.log[-1]["scores"] == game.scores()


def _play(seed, players, rnd):
    game = new(players, seed=seed)
    played, views = [], [[json.dumps(game.view(s), sort_keys=True) for s in range(players)]]
    while not game.is_over:
        legal = game.legal_actions()
        a = legal[rnd.randrange(len(legal))]
        played.append(str(a))
        game.apply(a)
        views.append([json.dumps(game.view(s), sort_keys=True) for s in range(players)])
        assert len(played) <= action_bound(players)
    return game, played, views


@property_test(quick=6, full=16, seed=SEEDS, players=PLAYERS, rnd=st.randoms(use_true_random=False))
def test_replay_from_seed_and_texts_is_identical(seed, players, rnd):
    game, played, views = _play(seed, players, rnd)
    again = new(players, seed=seed)
    replay_views = [[json.dumps(again.view(s), sort_keys=True) for s in range(players)]]
    for text in played:
        again.apply(text)
        replay_views.append([json.dumps(again.view(s), sort_keys=True) for s in range(players)])
    assert again.is_over
    assert again.log == game.log
    assert json.dumps(again.log) == json.dumps(game.log)
    assert replay_views == views
    assert again.scores() == game.scores() and again.winners() == game.winners()


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(seed=SEEDS, players=PLAYERS, rnd=st.randoms(use_true_random=False))
def test_action_ids_unique_stable_and_applicable(seed, players, rnd):
    game = new(players, seed=seed)
    limit = rules().num_distinct_actions
    id_of_text = {}
    steps = 0
    while not game.is_over:
        legal = list(game.legal_actions())
        ids = [a.id for a in legal]
        texts = [str(a) for a in legal]
        assert len(set(ids)) == len(ids), "two legal actions share an id"
        assert len(set(texts)) == len(texts), "two legal actions share a text"
        for a, i, t in zip(legal, ids, texts):
            assert isinstance(i, int) and 0 <= i < limit
            assert id_of_text.setdefault(t, i) == i, f"'{t}' had id {id_of_text[t]}, now {i}"
            assert a.name in rules().spec["actions"]
        a = legal[rnd.randrange(len(legal))]
        how = rnd.randrange(3)
        if how == 0:
            other = game.clone()
            other.apply(str(a))
            game.apply(a.id)
            assert other.log == game.log
        else:
            game.apply(a.id if how == 1 else str(a))
        last = [e for e in game.log if e["event"] == "action"][-1]
        assert (last["id"], last["action"]) == (a.id, str(a))
        steps += 1
        assert steps <= action_bound(players)
    # texts and ids are one-to-one over the whole match
    assert len(set(id_of_text.values())) == len(id_of_text)


def _played_to(game, cut, rnd):
    """The game after ``cut`` random actions, or None if it ended before."""
    for _ in range(cut):
        if game.is_over:
            return None
        legal = game.legal_actions()
        game.apply(legal[rnd.randrange(len(legal))])
    return game


@settings(max_examples=50, **SETTINGS)
@given(
    seed=SEEDS,
    players=PLAYERS,
    cut=st.integers(min_value=0, max_value=200),
    rnd=st.randoms(use_true_random=False),
)
def test_apply_by_object_text_and_id_agree(seed, players, cut, rnd):
    """At a random point of a random match, the same legal action applied as an Action, as its
    text and as its id gives the same game."""
    game = _played_to(new(players, seed=seed), cut, rnd)
    if game is None:
        return
    if game.is_over:
        return
    legal = game.legal_actions()
    a = legal[rnd.randrange(len(legal))]
    by_obj, by_text, by_id = game.clone(), game.clone(), game.clone()
    by_obj.apply(a)
    by_text.apply(str(a))
    by_id.apply(a.id)
    assert by_obj.log == by_text.log == by_id.log
    for s in range(players):
        assert by_obj.view(s) == by_text.view(s) == by_id.view(s)


@settings(max_examples=60, **SETTINGS)
@given(
    seed=SEEDS,
    players=PLAYERS,
    cut=st.integers(min_value=0, max_value=200),
    rnd=st.randoms(use_true_random=False),
)
def test_a_hidden_face_is_the_same_whatever_it_is(seed, players, cut, rnd):
    """Views leak nothing, checked another way: swapping two treasures that a seat does not
    know (in zones of the same kind) leaves that seat's view unchanged."""
    game = _played_to(new(players, seed=seed), cut, rnd)
    if game is None:
        return
    g, m = game.g, game.m
    for seat in range(players):
        unknown = [
            c
            for c in g.in_play()
            if m.ctype[c] == "treasure"
            and not g.known[c] >> seat & 1
            and m.zone_names[g.loc[c]][0] in ("beach", "supply", "treasures")
        ]
        if len(unknown) < 2:
            continue
        c1, c2 = rnd.sample(unknown, 2)
        other = game.clone()
        h = other.g
        z1, z2 = h.loc[c1], h.loc[c2]
        i1, i2 = h.zones[z1].index(c1), h.zones[z2].index(c2)
        if m.zone_names[z1][0] != m.zone_names[z2][0] or h.known[c1] != h.known[c2]:
            continue
        h.zones[z1][i1], h.zones[z2][i2] = c2, c1
        h.loc[c1], h.loc[c2] = z2, z1
        for name, table in m.attached.items():  # the towels stay where they lie
            a1, a2 = table[c1], table[c2]
            h.zones[a1], h.zones[a2] = h.zones[a2], h.zones[a1]
            for c in h.zones[a1]:
                h.loc[c] = a1
            for c in h.zones[a2]:
                h.loc[c] = a2
        for name in m.cvars:
            store = h.cvars[name]
            store[c1], store[c2] = store[c2], store[c1]
        assert game.view(seat) == other.view(seat)
