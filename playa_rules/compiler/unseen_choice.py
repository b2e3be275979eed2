"""What the other seats stop knowing when a seat's choice takes components out of a place they
cannot see: an action's effect wrapped so that, once it has run, knowledge follows the move.

A seat that knew the faces in a zone another seat owns (it passed those components on, or
was shown them) sees a component of some back leave that zone, not which one: the choice
was made where it cannot look. So after an action whose parameter names components
(``one_of``, ``group_of``) taken from an ``owner`` zone, each seat but the one that chose
considers the components of the chosen ones' backs (type and owner) that were in that zone
before the action: those now in places it cannot see (the zone itself unless it is the
seat's own, a hidden zone, another seat's zone) are forgotten by it when they lie in two
places or more, since it can no longer tell which is where. One place (they all went
together, or all stayed): it still knows them. Components that went where the seat sees
them (a public zone, its own) are known to it there, as any move makes them, and tell it
nothing about the others. When the seat knew every one of them and they all show one
face, it keeps them (nothing to tell apart).

The seat that chose keeps what it knew: it knows what it chose. A move the rules make
without a choice (the top of a pile, the first components of a zone: its order is in the
views) changes nothing here, and neither does a choice among components of a zone without
an owner (hidden or public: everyone sees which place of the pile was taken).

An action with no such parameter keeps its effect as it is; one with such a parameter
pays a look at the source zone's knowledge before its effect (nothing more when nobody but
the chooser knows a face there, the common case)."""

from __future__ import annotations

from collections.abc import Callable

_NAMES_FACES = ("one_of", "group_of")


def following(params: list, effect: Callable, model, targets: list | None = None) -> Callable:
    """``effect``, or a wrapper of it that applies the module doc's rule after it, when one of
    ``params`` names components and the effect may move a component into a zone that is not
    public (``targets``: per move of the effect, the zones it moves into, None for any)."""
    keys = tuple((p.key, p.kind == "group_of") for p in params if p.kind in _NAMES_FACES)
    if not keys or model is None:
        return effect
    vis = model.zone_vis
    if targets is not None and all(t is not None and all(vis[z] == "public" for z in t) for t in targets):
        return effect  # every move lands face up: each seat sees which component went where
    backs: dict = {}
    back = [backs.setdefault(k, len(backs)) for k in zip(model.ctype, model.owner)]
    face = model.face
    if len(keys) == 1 and not keys[0][1]:  # one component chosen (the common case): inline
        key = keys[0][0]

        def run(g, e):
            z = g.loc[e[key]]
            if z >= 0 and g.vis[z] == "owner":
                me = e["me"]
                items = g.zones[z]
                bit = 1 << me
                # the owner knows every face of its zone: another seat knows one iff a mask is not bit
                if g.zowner[z] != me or any(map(bit.__ne__, map(g.known.__getitem__, items))):
                    watched = {z: (items[:], {back[e[key]]})}
                    effect(g, e)
                    _forget(g, me, watched, back, face)
                    return
            effect(g, e)

    else:

        def run(g, e):
            watched = _watch(g, e, keys, back)
            effect(g, e)
            if watched is not None:
                _forget(g, e["me"], watched, back, face)

    run.__wrapped__ = effect
    return run


def _watch(g, e, keys: tuple, back: list):
    """``{zone: (its components before the effect, the backs chosen from it)}`` for the
    ``owner`` zones the chosen components are in, where another seat than the chooser knows
    a face or the chooser is not the owner; None when there is none (the common case)."""
    loc, vis, zones, known, zowner = g.loc, g.vis, g.zones, g.known, g.zowner
    me = e["me"]
    bit = 1 << me
    out = None
    for key, group in keys:
        v = e[key]
        for c in v if group else (v,):
            z = loc[c]
            if z < 0 or vis[z] != "owner":
                continue
            if out is not None and z in out:
                out[z][1].add(back[c])
                continue
            items = zones[z]
            if zowner[z] == me and not any(map(bit.__ne__, map(known.__getitem__, items))):
                continue  # only the chooser, the owner, knows their faces
            if out is None:
                out = {}
            out[z] = (items[:], {back[c]})
    return out


def _forget(g, me: int, watched: dict, back: list, face: list) -> None:
    """The module doc's rule, for each zone watched (see :func:`_watch`)."""
    loc, vis, zowner, known = g.loc, g.vis, g.zowner, g.known
    for before, chosen in watched.values():
        for b in chosen:
            group = [x for x in before if back[x] == b]
            if len(group) < 2:
                continue  # the only one of its back there: every seat sees which left
            for s in range(g.n):
                if s == me:
                    continue
                bit = 1 << s
                unseen = [
                    x
                    for x in group
                    if not (
                        (z := loc[x]) >= 0 and (vis[z] == "public" or (vis[z] == "owner" and zowner[z] == s))
                    )
                ]
                if len({loc[x] for x in unseen}) < 2:
                    continue
                knew = [x for x in unseen if known[x] & bit]
                if not knew or (len(knew) == len(unseen) and len({face[x] for x in unseen}) == 1):
                    continue
                for x in knew:
                    known[x] &= ~bit
