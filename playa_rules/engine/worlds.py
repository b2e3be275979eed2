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
from . import game as _game  # (engine.game imports this module: Game is read when a world is made)
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
    seat = seat_number(game, seat)  # as view and log_for
    if game.is_chance:
        raise PlayaRulesError(
            "a world is sampled at a decision, not while a chance event waits for its outcome"
        )
    if chance not in ("sample", "explicit"):
        raise PlayaRulesError(f"chance is 'sample' or 'explicit', not {chance!r}")
    if not isinstance(rng, random.Random):
        rng = random.Random(_seed_of(rng))
    g = game.g.copy(log=False)  # (a world's log starts afresh)
    redraw = None if g.sim is None else _sealed.forget_others(g, seat)  # others' sealed choices: unknown
    plan = _plan(game.m, g, seat)
    if plan.groups and game.m.component_count > 1:  # (one component alone has nowhere else to go)
        _permute(g, *_dealt(rng, plan), plan)
    dice = plan.dice
    face = g.cvars.get("face")
    if dice and face is not None:
        faces = game.m.props["faces"]
        for c in dice:
            if face[c] is not None:
                face[c] = faces[c][rng.randrange(len(faces[c]))]
    g.reseed(rng.getrandbits(64))  # its own generator: random.Random(seed) when it first draws
    g.explicit = chance == "explicit"
    g.queue, g.qi = None, 0
    g.log.append(("world", seat))
    world = _game.Game(game.rules, g.n, _state=g)
    if redraw is not None:
        _sealed.settle_world(world, seat, redraw, rng)
    elif g.mode == DECIDE:
        world._set_legal(world._current_legal())
    return world


class _Plan:
    """What the worlds of one seat at one position redraw, worked out once (:func:`_plan`).

    ``groups``: per kind of back (type and owner, in their order), ``(off, draws)``: the
    kind's unseen components sit at ``start[off:off + len]`` (sorted by id), and ``draws``
    are ``random.shuffle``'s draws over them (position, bound, bits), positions counted
    from ``off``; ``at``: the component at each place of those kinds, the places of each
    kind in place order, aligned with ``start``; ``start``: then the components of the
    zones concerned that stay (seen ones); ``zones``: ``(zone, a, b)`` for each zone holding
    an unseen component, its contents after a deal being items ``a:b`` of ``rebuilt``
    applied to the dealt list; ``moved``: the per-component lists a deal rewrites (the
    place's zone, who knows the face, component variables) by name, those
    whose value is the same at every place of each kind left out (a deal changes nothing
    there); ``span``: the ids a deal moves are in ``range(*span)``; ``tables``: the attached zones' tables in which one of the unseen components
    has a zone, each with those components as ``(component, its place in at)`` and what
    :func:`_permute` moves with them (:func:`_stacks`); ``dice``: the dice whose face the
    seat does not know (rolled again if they show one)."""

    __slots__ = ("groups", "at", "start", "ident", "span", "zones", "rebuilt", "moved", "tables", "dice")


def _plan(m, g, seat: int) -> _Plan:
    """The :class:`_Plan` of a world of ``seat`` in state ``g`` (remembered per model, for
    the last state asked, and used again while what it was worked out from reads the same:
    the seat, every component's zone and knowledge, the component variables, and the
    contents of the zones it read)."""
    known, loc, cvars = g.known, g.loc, g.cvars
    last = m.__dict__.get("_world_plan")
    if (
        last is not None
        and last[0] == seat
        and last[1] == known
        and last[2] == loc
        and last[3] == cvars
        and (last[4] is None or last[4](g.zones) == last[5])
    ):
        return last[6]
    plan, read = _planned(m, g, seat)
    zones = g.zones  # a zone holds the components whose zone is it: only the order of two or more is read
    read = [zi for zi in read if len(zones[zi]) > 1]
    read = itemgetter(*read, read[0]) if read else None  # (a tuple of lists whatever their number)
    snapshot = None if read is None else tuple(map(list.copy, read(zones)))
    cvars = {k: v[:] for k, v in cvars.items()}
    m.__dict__["_world_plan"] = (seat, known[:], loc[:], cvars, read, snapshot, plan)
    return plan


def _planned(m, g, seat: int) -> tuple:
    """``(plan, zones read)``: the :class:`_Plan` worked out afresh, and the zones whose
    contents it depends on beyond what each component's zone and knowledge say (the order
    of the zones holding unseen components, the stacks on them)."""
    zones, known, loc = g.zones, g.known, g.loc
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
    plan = _Plan()
    plan.groups, start, at = [], [], []
    for key in sorted(kinds, key=lambda k: (k[0], -1 if k[1] is None else k[1])):
        unseen = kinds[key]  # sorted by id: public
        off = len(start)
        by_place = {slot[c]: c for c in unseen}
        plan.groups.append(
            (off, [(off + i, i + 1, (i + 1).bit_length()) for i in range(len(unseen) - 1, 0, -1)])
        )
        start += unseen
        at += [by_place[place] for place in sorted(by_place)]  # places in order: public too
    if not at:  # nothing unseen: nothing to deal
        plan.zones, plan.rebuilt, plan.start, plan.at, plan.span, plan.moved = [], None, [], [], (0, 0), []
        plan.ident, plan.tables, plan.dice = [], [], _unseen_dice(m, known, bit)
        return plan, []
    place = {c: t for t, c in enumerate(at)}  # the component there before a deal -> its place
    recipe, plan.zones = [], []
    for zi in zis:  # a zone's contents after a deal: the dealt component at each place, the rest stay
        a = len(recipe)
        for c in zones[zi]:
            t = place.get(c)
            if t is None:
                t = len(start)
                start.append(c)
            recipe.append(t)
        plan.zones.append((zi, a, len(recipe)))
    plan.rebuilt = itemgetter(*recipe, 0)  # (a tuple even for one component)
    plan.start, plan.at = start, at
    plan.ident = list(range(m.component_count))
    plan.span = min(at), max(at) + 1  # (the ids a deal moves: a slice of each list is rewritten)
    bounds = [(off, off + len(draws) + 1) for off, draws in plan.groups]
    plan.moved = [
        name
        for name, store in (("loc", loc), ("known", known), *g.cvars.items())
        if any(len({store[c] for c in at[a:b]}) > 1 for a, b in bounds)
    ]
    plan.tables, read = [], list(zis)
    for table in m.attached.values():
        having = [(c, place[c]) for c in at if table[c] >= 0]
        if having:
            whole = all(  # every kind with an attached zone has one each: moved among themselves
                all(table[c] >= 0 for c in at[a:b]) for a, b in bounds if any(table[c] >= 0 for c in at[a:b])
            )
            stacks = _stacks(zones, table, having, set(zis)) if whole else None
            if stacks is not None:
                read += (table[c] for c, _ in having)
            plan.tables.append((table, having, stacks))
    plan.dice = _unseen_dice(m, known, bit)
    return plan, read


def _unseen_dice(m, known: list, bit: int) -> list:
    """The dice whose face the seat (``bit``) does not know."""
    return [c for c in _dice(m) if not known[c] & bit] if m.props.get("faces") is not None else []


def _dealt(rng, plan: _Plan) -> tuple:
    """``(dealt, inv)``: ``plan.start`` with each kind's unseen components put in the order of
    ``rng.shuffle`` of them (the component now at each of their places, aligned with
    ``plan.at``), and the place each component goes to (its own for those that stay)."""
    dealt = plan.start[:]
    if rng.__class__ is random.Random:  # rng.shuffle inline: the same draws, without two calls per element
        bits = rng.getrandbits
        for off, draws in plan.groups:
            for i, n, k in draws:
                j = bits(k)
                while j >= n:
                    j = bits(k)
                j += off
                dealt[i], dealt[j] = dealt[j], dealt[i]
    else:
        for off, draws in plan.groups:
            end = off + len(draws) + 1
            drawn = dealt[off:end]
            rng.shuffle(drawn)
            dealt[off:end] = drawn
    inv = plan.ident[:]
    for old, new in zip(plan.at, dealt):
        inv[new] = old
    return dealt, inv


def _stacks(zones: list, table: list, having: list, moving: set):
    """What :func:`_permute` moves with the components ``having`` an attached zone in
    ``table`` (``(component, its place)``), known in the planned state: ``(held, holding)``,
    each of them with something in its attached zone, its place and those contents, and the
    set of them; None when one of those zones holds unseen components (``moving``: their
    zones), which the world moves first."""
    if any(table[c] in moving for c, _ in having):
        return None
    held = [(c, t, tuple(zones[table[c]])) for c, t in having if zones[table[c]]]
    return held, {c for c, _, _ in held}


def _dice(m) -> list:
    """The components with faces to roll (worked out once per model)."""
    dice = m.__dict__.get("_dice")
    if dice is None:
        faces = m.props.get("faces") or [None] * m.component_count
        dice = m.__dict__["_dice"] = [c for c in range(m.component_count) if faces[c]]
    return dice


def _permute(g, dealt: list, inv: list, plan: _Plan) -> None:
    """Put ``dealt[t]`` at the place of ``plan.at[t]`` (``inv``: the place each component goes
    to), keeping each place's own state: who knows the face there, its variables and the
    zones attached to it. The lists are rewritten whole, in C, rather than place by place,
    and only those a deal changes (``plan.moved``)."""
    zones = g.zones
    rebuilt = plan.rebuilt(dealt)
    for zi, a, b in plan.zones:
        zones[zi] = list(rebuilt[a:b])
    if plan.moved:
        lo, hi = plan.span
        take = itemgetter(*inv[lo:hi])
        for name in plan.moved:  # variables stay with the place
            store = g.loc if name == "loc" else g.known if name == "known" else g.cvars[name]
            store[lo:hi] = take(store)
    loc = g.loc
    for table, having, stacks in plan.tables:  # stacks and other attached zones stay at the place
        if stacks is not None:  # each attached zone's contents go to the zone of the component
            held, holding = stacks  # now at its place; only non-empty ones (known from the plan) and
            for old, t, items in held:  # the zones they go to or leave are written
                zi = table[dealt[t]]
                zones[zi] = list(items)
                for c in items:
                    loc[c] = zi
            for old, _, _ in held:
                if inv[old] not in holding:  # what comes to its place has nothing on it
                    zones[table[old]] = []
            continue
        held = [(zones[table[c]], c, t) for c, t in having]
        for items, old, t in held:
            new = dealt[t]
            if new != old:
                zi = table[new]
                items = zones[zi] = items[:]
                for c in items:
                    loc[c] = zi
