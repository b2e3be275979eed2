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

from ..errors import PlayaRulesError
from . import sealed as _sealed
from .resolve import seat_number
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

    seat = seat_number(game, seat)  # as view and log_for
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
    groups, zis, tables, dice = _plan(game.m, g, seat)
    if groups and game.m.component_count > 1:  # (one component alone has nowhere else to go)
        fwd, inv = _dealt(rng, groups, game.m.component_count)
        _permute(g, fwd, inv, zis, tables)
    face = g.cvars.get("face")
    if dice and face is not None:
        faces = game.m.props["faces"]
        for c in dice:
            if face[c] is not None:
                face[c] = faces[c][rng.randrange(len(faces[c]))]
    g.reseed(rng.getrandbits(64))  # its own generator: random.Random(seed) when it first draws
    g.explicit = chance == "explicit"
    g.queue, g.qi = None, 0
    g.log = [("world", seat)]
    world = Game(game.rules, g.n, _state=g)
    if redraw is not None:
        _sealed.settle_world(world, seat, redraw, rng)
    elif g.mode == DECIDE:
        world._set_legal(world._current_legal())
    return world


def _plan(m, g, seat: int) -> tuple:
    """``(groups, zones, tables, dice)``: what a world of ``seat`` redraws in state
    ``g``, worked out once for a position a search samples many worlds of (remembered per
    model, for the last state asked, and used again while the state's zones and knowledge
    read the same).

    ``groups``: for each kind of back (type and owner, in their order), the unseen components
    sorted by id, the component at each of their places, in place order, and the draws of a
    shuffle of them (``random.shuffle``'s: position, bound, bits); ``zones``: the zones that
    hold them; ``tables``: the attached zones' tables in which one of them has a zone, each
    with those components and what :func:`_permute` moves with them (:func:`_stacks`);
    ``dice``: the dice whose face the seat does not know (rolled again if they show one)."""
    zones, known, loc = g.zones, g.known, g.loc
    last = m.__dict__.get("_world_plan")
    if last is not None and last[0] == seat and last[1] == known and last[2] == loc and last[3] == zones:
        return last[4]
    bit = 1 << seat
    kinds: dict = {}
    ctype, owner = m.ctype, m.owner
    for c in range(m.component_count):
        if not known[c] & bit and loc[c] >= 0:
            kinds.setdefault((ctype[c], owner[c]), []).append(c)
    zis = sorted({loc[c] for unseen in kinds.values() for c in unseen})
    slot = {}
    for zi in zis:
        for i, c in enumerate(zones[zi]):
            slot[c] = (zi, i)
    groups = []
    for key in sorted(kinds, key=lambda k: (k[0], -1 if k[1] is None else k[1])):
        unseen = kinds[key]  # sorted by id: public
        at = {slot[c]: c for c in unseen}
        draws = [(i, i + 1, (i + 1).bit_length()) for i in range(len(unseen) - 1, 0, -1)]
        groups.append((unseen, [at[place] for place in sorted(at)], draws))  # places in order: public too
    every = [c for unseen in kinds.values() for c in unseen]
    tables = []
    for table in m.attached.values():
        having = [c for c in every if table[c] >= 0]
        if having:
            whole = all(  # every kind with an attached zone has one each: moved among themselves
                all(table[c] >= 0 for c in unseen)
                for unseen, _, _ in groups
                if any(table[c] >= 0 for c in unseen)
            )
            stacks = _stacks(zones, table, having, set(zis)) if whole else None
            tables.append((table, having, stacks))
    dice = [c for c in _dice(m) if not known[c] & bit] if m.props.get("faces") is not None else []
    plan = groups, zis, tables, dice
    m.__dict__["_world_plan"] = (seat, known[:], loc[:], list(map(list.copy, zones)), plan)
    return plan


def _dealt(rng, groups: list, n: int) -> tuple:
    """``(fwd, inv)``: the component now at the place of each of the ``n``, and the place each
    goes to, after ``rng.shuffle`` of each group's unseen components (``groups``: see
    :func:`_plan`)."""
    fwd = list(range(n))
    inv = fwd[:]
    plain = rng.__class__ is random.Random
    bits = rng.getrandbits
    # unseen: sorted by id; olds: the component at each place, in place order
    for unseen, olds, draws in groups:
        drawn = unseen[:]
        if plain:  # rng.shuffle(drawn) inline: the same draws, without two calls per element
            for i, n_, k in draws:
                j = bits(k)
                while j >= n_:
                    j = bits(k)
                drawn[i], drawn[j] = drawn[j], drawn[i]
        else:
            rng.shuffle(drawn)
        for old, new in zip(olds, drawn):
            fwd[old] = new
            inv[new] = old
    return fwd, inv


def _stacks(zones: list, table: list, having: list, moving: set):
    """What :func:`_permute` moves with the components ``having`` an attached zone in
    ``table``, known in the planned state: ``(held, holding)``, each of them with something
    in its attached zone and those contents, and the set of them; None when one of those
    zones holds unseen components (``moving``: their zones), which the world moves first."""
    if any(table[c] in moving for c in having):
        return None
    held = [(c, tuple(zones[table[c]])) for c in having if zones[table[c]]]
    return held, {c for c, _ in held}


def _dice(m) -> list:
    """The components with faces to roll (worked out once per model)."""
    dice = m.__dict__.get("_dice")
    if dice is None:
        faces = m.props.get("faces") or [None] * m.component_count
        dice = m.__dict__["_dice"] = [c for c in range(m.component_count) if faces[c]]
    return dice


def _permute(g, fwd: list, inv: list, zis: list, tables: list) -> None:
    """Put ``fwd[c]`` where ``c`` is (``inv`` the inverse permutation; ``zis``: the zones of
    the components it moves), keeping each place's own state: who knows the face there, its
    variables and the zones attached to it (``tables``: the attached zones' tables where one
    of them has a zone, each with those components and :func:`_stacks`). ``fwd`` permutes
    components of one type each; the lists are rewritten whole, in C, rather than place by
    place."""
    zones = g.zones
    moved = fwd.__getitem__
    for zi in zis:
        zones[zi] = list(map(moved, zones[zi]))
    take = itemgetter(*inv)
    loc = g.loc
    loc[:] = take(loc)
    g.known[:] = take(g.known)
    for store in g.cvars.values():  # variables stay with the place
        store[:] = take(store)
    for table, having, stacks in tables:  # stacks and other attached zones stay at the place
        if stacks is not None:  # each attached zone's contents go to the zone of the component
            held, holding = stacks  # now at its place; only non-empty ones (known from the plan) and
            for old, items in held:  # the zones they go to or leave are written
                zi = table[fwd[old]]
                zones[zi] = list(items)
                for c in items:
                    loc[c] = zi
            for old, _ in held:
                if inv[old] not in holding:  # what comes to its place has nothing on it
                    zones[table[old]] = []
            continue
        held = [(zones[table[c]], c) for c in having]
        for items, old in held:
            new = fwd[old]
            if new != old:
                zi = table[new]
                items = zones[zi] = items[:]
                for c in items:
                    loc[c] = zi
