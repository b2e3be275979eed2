"""Worlds a seat cannot tell from the real one: ``game.sample_world(seat, rng)``.

What a seat knows of a component it has not seen is its back: its place, its type and
its owner. A world keeps everything the seat sees and redraws the rest:

* the faces the seat does not know are dealt again among the places they occupy, one
  uniform random permutation per kind of back (type and owner). The permutation is drawn
  over the *set* of unseen components (sorted by id) and the *set* of their places (in
  place order), both public, so the world never depends on which unseen card sits where;
* a rolled die whose face the seat does not know is rolled again;
* what belongs to a place stays with it: the stack on a face-down card, its variables,
  and who else knows the face there;
* in a simultaneous step, a choice another seat has sealed is chosen again (engine.sealed):
  the seat knows that it chose, not what.

It does not use what the seat could infer from what others chose to do (a bet that
suggests a strong hand), nor from what they did not do; every consistent deal is
equally likely. The order of a shuffled pile that nobody has read yet is undecided in
the real game too (see engine.chance) and stays so.
"""

from __future__ import annotations

import operator
import random
from operator import itemgetter

from ..errors import IllegalAction, PlayaRulesError, shown
from . import sealed as _sealed
from .state import DECIDE


def _seed_of(rng):
    """A seed given for ``rng``: None, a whole number (an integer-like such as numpy's) or a text."""
    if rng is None or isinstance(rng, str) or (isinstance(rng, int) and not isinstance(rng, bool)):
        return rng
    if not isinstance(rng, bool):
        try:
            return operator.index(rng)
        except TypeError:
            pass
    raise PlayaRulesError(
        f"rng is a random.Random, a seed (a whole number or a text) or None, not a "
        f"{type(rng).__name__} (from a numpy Generator, give random.Random(int(gen.integers(2**63))))"
    )


def sample_world(game, seat: int, rng, chance: str = "sample"):
    """An independent game: everything ``seat`` knows as it is, the unknown redrawn (module doc)."""
    from .game import Game

    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.g.n:
        raise IllegalAction(f"no seat {shown(seat)}: seats are 0 to {game.g.n - 1}")  # as view and log_for
    if game.is_chance:
        raise PlayaRulesError(
            "a world is sampled at a decision, not while a chance event waits for its outcome"
        )
    if chance not in ("sample", "explicit"):
        raise PlayaRulesError(f"chance is 'sample' or 'explicit', not {chance!r}")
    if not isinstance(rng, random.Random):
        rng = random.Random(_seed_of(rng))
    g = game.g.copy()
    redraw = None if g.sim is None else _sealed.forget_others(g, seat)  # others' sealed choices: unknown
    m = game.m
    bit = 1 << seat
    groups: dict = {}
    known, loc, ctype, owner = g.known, g.loc, m.ctype, m.owner
    for c in range(m.component_count):
        if not known[c] & bit and loc[c] >= 0:
            groups.setdefault((ctype[c], owner[c]), []).append(c)
    slot = _slots(g)
    mapping = {}
    for key in sorted(groups, key=lambda k: (k[0], -1 if k[1] is None else k[1])):
        unseen = groups[key]  # sorted by id: public
        places = sorted(slot[c] for c in unseen)  # public too
        drawn = unseen[:]
        rng.shuffle(drawn)
        at = {slot[c]: c for c in unseen}
        for place, new in zip(places, drawn):
            if at[place] != new:  # (a component left at its own place changes nothing)
                mapping[at[place]] = new  # the component now at the place of 'old'
    _permute(game, g, mapping, slot)
    faces = m.props.get("faces")
    face = g.cvars.get("face")
    if faces is not None and face is not None:
        for c in _dice(m):
            if not known[c] & bit and face[c] is not None:
                face[c] = faces[c][rng.randrange(len(faces[c]))]
    g.rng = random.Random(rng.getrandbits(64))
    g.rng_shared = False
    g.explicit = chance == "explicit"
    g.queue, g.qi = None, 0
    g.log = [("world", seat)]
    world = Game(game.rules, g.n, _state=g)
    if redraw is not None:
        _sealed.settle_world(world, seat, redraw, rng)
    elif g.mode == DECIDE:
        world._set_legal(world._current_legal())
    return world


def _slots(g) -> dict:
    """Each component's place: (zone, position)."""
    out = {}
    for zi, items in enumerate(g.zones):
        for i, c in enumerate(items):
            out[c] = (zi, i)
    return out


def _dice(m) -> list:
    """The components with faces to roll (worked out once per model)."""
    dice = m.__dict__.get("_dice")
    if dice is None:
        faces = m.props.get("faces") or [None] * m.component_count
        dice = m.__dict__["_dice"] = [c for c in range(m.component_count) if faces[c]]
    return dice


def _permute(game, g, mapping: dict, slot: dict) -> None:
    """Put ``mapping[old]`` where ``old`` is (``slot``: each component's place), keeping each
    place's own state: its position, who knows the face there, its variables and the zones
    attached to it. ``mapping`` permutes a set of components of one type each."""
    if not mapping:
        return
    olds = list(mapping)
    news = [mapping[c] for c in olds]
    zones, loc, known = g.zones, g.loc, g.known
    for old, new in zip(olds, news):
        zi, i = slot[old]
        zones[zi][i] = new
    take = itemgetter(*olds)  # (a permutation moves two components at least: take gives tuples)
    for new, z, k in zip(news, take(loc), take(known)):
        loc[new] = z
        known[new] = k
    for store in g.cvars.values():  # variables stay with the place
        for new, v in zip(news, take(store)):
            store[new] = v
    for table in game.m.attached.values():  # stacks and other attached zones stay at the place
        held = [(zones[table[c]], c) if table[c] >= 0 else None for c in olds]
        for new, pair in zip(news, held):
            if pair is not None:
                zi = table[new]
                items = zones[zi] = pair[0][:]
                for c in items:
                    loc[c] = zi
