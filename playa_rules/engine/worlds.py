"""Worlds a seat cannot tell from the real one: ``game.sample_world(seat, rng)``.

What a seat knows of a component it has not seen is its back: its place, its type and
its owner. A world keeps everything the seat sees and redraws the rest:

* the faces the seat does not know are dealt again among the places they occupy, one
  uniform random permutation per kind of back (type and owner). The permutation is drawn
  over the *set* of unseen components (sorted by id) and the *set* of their places (in
  place order), both public, so the world never depends on which unseen card sits where;
* a rolled die whose face the seat does not know is rolled again;
* what belongs to a place stays with it: the stack on a face-down card, its variables,
  and who else knows the face there.

It does not use what the seat could infer from what others chose to do (a bet that
suggests a strong hand), nor from what they did not do; every consistent deal is
equally likely. The order of a shuffled pile that nobody has read yet is undecided in
the real game too (see engine.chance) and stays so.
"""
from __future__ import annotations

import random

from ..errors import PlayaRulesError
from .state import DECIDE


def sample_world(game, seat: int, rng, chance: str = "sample"):
    """An independent game: everything ``seat`` knows as it is, the unknown redrawn (module doc)."""
    from .game import Game
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.g.n:
        raise PlayaRulesError(f"no seat {seat!r}: seats are 0 to {game.g.n - 1}")
    if game.is_chance:
        raise PlayaRulesError("a world is sampled at a decision, not while a chance event waits for its outcome")
    if rng is None or isinstance(rng, int):
        rng = random.Random(rng)
    g = game.g.copy()
    m = game.m
    bit = 1 << seat
    groups: dict = {}
    for c in range(m.component_count):
        if not g.known[c] & bit and g.loc[c] >= 0:
            groups.setdefault((m.ctype[c], m.owner[c]), []).append(c)
    slot = _slots(g)
    mapping = {}
    for key in sorted(groups, key=lambda k: (k[0], -1 if k[1] is None else k[1])):
        unseen = groups[key]            # sorted by id: public
        places = sorted(slot[c] for c in unseen)  # public too
        drawn = unseen[:]
        rng.shuffle(drawn)
        at = {slot[c]: c for c in unseen}
        for place, new in zip(places, drawn):
            mapping[at[place]] = new    # the component now at the place of 'old'
    _permute(game, g, mapping)
    faces = m.props.get("faces")
    if faces is not None:
        face = g.cvars.get("face")
        for c in range(m.component_count):
            if faces[c] and not g.known[c] & bit and face is not None and face[c] is not None:
                face[c] = faces[c][rng.randrange(len(faces[c]))]
    g.rng = random.Random(rng.getrandbits(64))
    g.rng_shared = False
    g.explicit = chance == "explicit"
    g.queue, g.qi = None, 0
    g.log = [("world", seat)]
    world = Game(game.rules, g.n, _state=g)
    if g.mode == DECIDE:
        world._set_legal(world._current_legal())
    return world


def _slots(g) -> dict:
    """Each component's place: (zone, position)."""
    out = {}
    for zi, items in enumerate(g.zones):
        for i, c in enumerate(items):
            out[c] = (zi, i)
    return out


def _permute(game, g, mapping: dict) -> None:
    """Put ``mapping[old]`` where ``old`` is, keeping each place's own state."""
    if not mapping:
        return
    m = game.m
    old_state = {c: (g.loc[c], g.known[c], {k: v[c] for k, v in g.cvars.items()}) for c in mapping}
    for zi, items in enumerate(g.zones):
        for i, c in enumerate(items):
            if c in mapping:
                items[i] = mapping[c]
    attached = {c: {name: g.zones[t[c]][:] for name, t in m.attached.items() if t[c] >= 0} for c in mapping}
    for old, new in mapping.items():
        loc, known, cv = old_state[old]
        g.loc[new] = loc
        g.known[new] = known
        for k, v in cv.items():
            g.cvars[k][new] = v
    for old, new in mapping.items():  # stacks and other attached zones stay at the place
        for name, items in attached[old].items():
            zi = m.attached[name][new]
            g.zones[zi] = items
            for c in items:
                g.loc[c] = zi
