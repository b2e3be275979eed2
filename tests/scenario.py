"""Helpers to build Playa Pirata rulebook situations in a real game.

Most helpers use only the public API (``legal_actions``, ``apply``, ``view``, ``log``).
Building a rulebook position (a blue 3 on a treasure, a hand of only 1-towel cards)
needs the engine's internals; this is the complete list of what these helpers touch,
so that a change to the engine shows up here and nowhere else:

``game.g`` -- the State
    ``g.zones``     list of lists of component ids, one list per zone instance; the
                    last id of a list is on top (``stack`` zones: the visible towel).
    ``g.loc[c]``    zone index of component ``c`` (-1: not in play).
    ``g.known[c]``  bitmask of the seats that know ``c``'s face (bit ``1 << seat``).
    ``g.move(c, z)`` moves ``c`` on top of zone ``z`` (keeps ``loc`` and ``zones``
                    consistent; seats that can see ``z`` learn the face).
    ``g.n``         number of seats; ``g.hand_scores`` the finished hands' rows.
``game.m`` -- the Model, the fixed layout shared by every game of the rules
    ``m.ctype[c]``  'treasure', 'pirate' or 'towel';
    ``m.props[name][c]`` with ``name`` in 'value', 'kind', 'ability';
    ``m.owner[c]``  seat owning a pirate/towel card (None for treasures);
    ``m.labels[c]``; ``m.component_count``;
    ``m.zone_index(name, seat=None, comp=None)``: ``m.zone_index('beach')``,
                    ``m.zone_index('towels', seat=1)``, ``m.zone_index('stack', comp=t)``.
    ``g.cvars[name][c]`` component variables of the rule file (``face_up``, ``touched``).
``game.program.scoring`` -- the compiled scoring rules, a list of ``(id, rule, fn)``;
    ``fn(game.g, {"me": seat})`` is that rule's points for ``seat`` right now
    (see :func:`score_now`, which does not append to ``g.hand_scores``).
``game._set_legal(game._current_legal())`` -- after changing the state by hand,
    recomputes the legal actions of the seat to act at its current step
    (see :func:`refresh_legal`).

Seats in the rulebook's examples: red = 0, blue = 1, green = 2.
"""

from __future__ import annotations

import json
import random

import playa_rules as pr

RED, BLUE, GREEN = 0, 1, 2
CARD_ACTIONS = {"bury", "telescope", "map", "umbrella", "keep_umbrella", "discard_pirate"}
TOWEL_ACTIONS = {"place_towels", "done"}


def rules():
    """The bundled Playa Pirata rules."""
    return pr.load("playa-pirata")


def new(players: int = 3, seed=0):
    """A new match."""
    return rules().new_game(players=players, seed=seed)


# ---------------------------------------------------------------- reading the state
def zone(game, name: str, seat: int | None = None, comp: int | None = None) -> list[int]:
    """The component ids in one zone instance (a live list: do not mutate)."""
    return game.g.zones[game.m.zone_index(name, seat=seat, comp=comp)]


def beach(game) -> list[int]:
    """The buried treasures, by position (``#0`` is the one buried at setup)."""
    return zone(game, "beach")


def stack(game, t: int) -> list[int]:
    """The towel cards on treasure ``t``, bottom first (the last is on top)."""
    return zone(game, "stack", comp=t)


def cover(game, t: int) -> list[int]:
    """The Beach Umbrella on treasure ``t`` (empty or one pirate card)."""
    return zone(game, "cover", comp=t)


def value(game, c: int):
    return game.m.props["value"][c]


def kind(game, c: int):
    return game.m.props["kind"][c]


def controller(game, t: int):
    """Who controls treasure ``t`` (rulebook): the umbrella's owner, else the top towel's, else None."""
    if cover(game, t):
        return game.m.owner[cover(game, t)[-1]]
    s = stack(game, t)
    return game.m.owner[s[-1]] if s else None


def knows(game, seat: int, c: int) -> bool:
    return bool(game.g.known[c] >> seat & 1)


def treasures(game, kind_: str, value_=None) -> list[int]:
    """Every treasure component of a kind ('number', 'skull', 'towel'), optionally of a value."""
    m = game.m
    return [
        c
        for c in range(m.component_count)
        if m.ctype[c] == "treasure"
        and m.props["kind"][c] == kind_
        and (value_ is None or m.props["value"][c] == value_)
    ]


def towels_of(game, seat: int, value_=None) -> list[int]:
    """Every towel card of ``seat`` (wherever it is), optionally of one value."""
    m = game.m
    return [
        c
        for c in range(m.component_count)
        if m.ctype[c] == "towel" and m.owner[c] == seat and (value_ is None or m.props["value"][c] == value_)
    ]


def pirate_of(game, seat: int, ability: str) -> int:
    m = game.m
    return next(
        c
        for c in range(m.component_count)
        if m.ctype[c] == "pirate" and m.owner[c] == seat and m.props["ability"][c] == ability
    )


def hand_towels(game, seat: int, value_=None) -> list[int]:
    """The towel cards ``seat`` still holds, optionally of one value."""
    return [c for c in zone(game, "towels", seat=seat) if value_ is None or value(game, c) == value_]


def texts(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def names(game) -> set[str]:
    return {a.name for a in game.legal_actions()}


def phase(game) -> str:
    """The current phase id, read from the public view."""
    return game.view(0)["phase"]


def step(game):
    """The current step id ('bury', 'card', 'towels'), read from the public view (None once over)."""
    return game.view(0).get("step")


# ---------------------------------------------------------------- changing the state
def move(game, c: int, name: str, seat: int | None = None, comp: int | None = None) -> None:
    """Move component ``c`` on top of a zone instance."""
    game.g.move(c, game.m.zone_index(name, seat=seat, comp=comp))


def take_towel(game, seat: int, value_: int) -> int:
    """A towel card of ``seat`` and value ``value_`` taken from its hand."""
    for c in zone(game, "towels", seat=seat):
        if value(game, c) == value_:
            return c
    raise LookupError(f"seat {seat} holds no {value_}-towel card")


def put_towels(game, t: int, cards) -> None:
    """Put towel cards on treasure ``t``'s stack, in order (the last ends on top)."""
    for c in cards:
        move(game, c, "stack", comp=t)


def bury_at_setup(game, t: int) -> int:
    """Put treasure ``t`` on the beach (from wherever it is); returns its position."""
    move(game, t, "beach")
    return beach(game).index(t)


def turn_face_up(game, t: int) -> None:
    """Treasure ``t`` as if a Map had turned it face up: every seat knows it, and the
    treasure variable ``face_up`` (declared by the rule file) is set when it exists."""
    game.g.known[t] = game.g.all_seats
    if "face_up" in game.g.cvars:
        game.g.cvars["face_up"][t] = True


def clear_table(game) -> None:
    """Empty the table: every treasure to the supply (set aside), every towel card back
    to its owner's hand, every pirate to the discard pile."""
    m = game.m
    for c in game.g.in_play():
        t = m.ctype[c]
        if t == "treasure":
            move(game, c, "supply")
        elif t == "towel":
            move(game, c, "towels", seat=m.owner[c])
        else:
            move(game, c, "discard")


def refresh_legal(game) -> None:
    """Recompute the legal actions of the seat to act after changing the state by hand."""
    game._set_legal(game._current_legal())


def score_now(game) -> list[dict]:
    """Per seat, scoring rule id -> points, if the hand ended now (nothing is recorded)."""
    g = game.g
    return [{sid: fn(g, {"me": s}) for sid, _, fn in game.program.scoring} for s in range(g.n)]


def total_now(game, seat: int) -> int:
    return sum(score_now(game)[seat].values())


# ---------------------------------------------------------------- playing
def random_chooser(rng: random.Random):
    def choose(game):
        legal = game.legal_actions()
        return legal[rng.randrange(len(legal))]

    return choose


def thrifty_chooser(rng: random.Random, avoid=("umbrella",)):
    """Plays cards at random (avoiding the given kinds while it can), one small group of
    towels a turn, then 'done': keeps towel cards for later turns."""

    def choose(game):
        legal = list(game.legal_actions())
        kinds = {a.name for a in legal}
        if kinds & CARD_ACTIONS:
            pool = [a for a in legal if a.name not in avoid] or legal
            return pool[rng.randrange(len(pool))]
        done = [a for a in legal if a.name == "done"]
        if done:
            return done[0]
        size = min(str(a).split()[1].count("+") for a in legal)
        pool = [a for a in legal if str(a).split()[1].count("+") == size]
        return pool[rng.randrange(len(pool))]

    return choose


def play_until(game, stop, choose, limit: int = 2000) -> None:
    """Apply ``choose(game)`` until ``stop(game)`` is true (checked before each action)."""
    for _ in range(limit):
        if stop(game):
            return
        if game.is_over:
            raise AssertionError("the match ended before the situation was reached")
        game.apply(choose(game))
    raise AssertionError(f"situation not reached in {limit} actions")


def play_first_turn(game) -> None:
    """Every seat buries the first treasure offered."""
    play_until(game, lambda gm: phase(gm) != "first_turn", lambda gm: gm.legal_actions()[0])


def jsonable(obj) -> str:
    return json.dumps(obj, sort_keys=True)
