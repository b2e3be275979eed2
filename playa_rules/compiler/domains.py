"""A parameter's domain and its joins, as the listing of legal actions reads them at run time.

Both backends list actions with these: the engine's plans (:mod:`playa_rules.engine.plans`,
through :mod:`playa_rules.engine.actions`) and the listing functions the generated backend
writes (:mod:`.listing`). :func:`items` is a parameter's (value, key) pairs, the groups of a
``group_of`` remembered by hand composition; :func:`checked` those passing its checks
(split by level or not); :func:`prepare_join` the filter of its joins
(``sum(c.value for c in cards) > top_value(spot)``): the inner side computed once per
element, one ordering comparison kept sorted for a binary search, and remembered for
every hand of the same faces (the hands of a sampled world hold other copies of the same
cards: a search lists the same groups over other component ids again and again).
"""

from __future__ import annotations

import operator
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from .program import LevelChecks, ParamDef

MEMO_LIMIT = 4096  # entries kept per memo (groups, texts, indices) before it is cleared


def items(p: ParamDef, g, e):
    """(value, key) pairs of one parameter's domain, in a stable order."""
    kind = p.kind
    if kind == "position_in":
        z = p.domain(g, e)
        return list(zip(z, range(len(z))))
    if kind == "one_of":
        face = g.m.face
        seen = set()
        out = []
        for c in p.domain(g, e):
            f = face[c]
            if f not in seen:
                seen.add(f)
                out.append((c, f))
        return out
    if kind == "group_of":
        comps = p.domain(g, e)
        memo_key = tuple(comps)
        hit = p.memo.get(memo_key)
        if hit is None:
            if len(p.memo) >= MEMO_LIMIT:
                p.memo.clear()
            hit = p.memo[memo_key] = _entry(p, g, comps)
        p.last_entry = hit  # _prepare_join finds the join values here, without a second lookup
        return hit[0]
    if kind == "seat_in":
        return [(s, s) for s in p.domain(g, e)]
    if kind == "value_in":  # one_of over texts or numbers: each value once
        return [(v, v) for v in dict.fromkeys(p.domain(g, e))]
    low, high = p.low, p.caps[0]
    for op, limit in p.bounds:  # n <= X and the like, X read once per listing
        x = limit(g, e)
        if op == "<=":
            high = min(high, x)
        elif op == "<":
            high = min(high, x - 1)
        elif op == ">=":
            low = max(low, x)
        else:
            low = max(low, x + 1)
    hit = p.memo.get((low, high))  # the same range again: the same (read-only) list
    if hit is None:
        if len(p.memo) >= MEMO_LIMIT:
            p.memo.clear()
        hit = p.memo[(low, high)] = [(v, v) for v in range(low, high + 1)]
    return hit


def checked(p: ParamDef, checks, pairs, g, e):
    """The (value, key) ``pairs`` passing every check, the parameter bound to each in turn
    (``pairs`` None: the positions of a ``position_in`` parameter's zone)."""
    pk = p.key
    if checks.__class__ is LevelChecks:  # parts reading only earlier parameters: decided once
        checks = checks.resolve(g, e)
        if checks is None:
            return []
        if not checks:
            return items(p, g, e) if pairs is None else pairs
    kept = []
    if pairs is None:  # a position in a zone: pairs made only for the positions kept
        if len(checks) == 1:
            chk = checks[0]
            for k, c in enumerate(p.domain(g, e)):
                e[pk] = c
                if chk(g, e):
                    kept.append((c, k))
            return kept
        for k, c in enumerate(p.domain(g, e)):
            e[pk] = c
            for chk in checks:
                if not chk(g, e):
                    break
            else:
                kept.append((c, k))
        return kept
    for it in pairs:
        e[pk] = it[0]
        for chk in checks:
            if not chk(g, e):
                break
        else:
            kept.append(it)
    return kept


def _present(p: ParamDef, g, comps) -> list:
    """``comps`` by value of ``p.by``: ``(index of the value, its components in the zone's
    order)`` for each value present, in the order of ``p.values``."""
    prop = g.m.props[p.by]
    index = p.index
    buckets: dict = {}
    for c in comps:
        buckets.setdefault(prop[c], []).append(c)
    return sorted((index[v], lst) for v, lst in buckets.items() if v in index)


class Groups(Sequence):
    """A hand's groups (:func:`groups`), each ``(members, key)`` made when it is read.

    ``flat`` is the hand's components by value (in the order of :func:`_present`) and
    ``tpl`` per group ``(positions of its members in flat, key)``. The template depends only
    on how many components of each value the hand holds, so it is worked out once for every
    hand of the same faces; a hand seen for the first time (another seat's, dealt again in a
    sampled world) then costs this one object, not a list per group that a listing mostly
    never reads. A group's members are a new list at each reading, read-only as the
    remembered ones always were."""

    __slots__ = ("flat", "tpl")

    def __init__(self, flat: list, tpl: list):
        self.flat = flat
        self.tpl = tpl

    def __len__(self) -> int:
        return len(self.tpl)

    def __getitem__(self, i):
        if i.__class__ is slice:
            get = self.flat.__getitem__
            return [(list(map(get, pos)), key) for pos, key in self.tpl[i]]
        pos, key = self.tpl[i]
        return list(map(self.flat.__getitem__, pos)), key

    def __iter__(self):
        get = self.flat.__getitem__
        for pos, key in self.tpl:
            yield list(map(get, pos)), key

    def __eq__(self, other) -> bool:
        if isinstance(other, (Groups, list)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # a list of groups: mutable-looking, compared by value

    def __repr__(self) -> str:
        return f"Groups({list(self)!r})"


_TEMPLATE = "groups"  # a shape's template of groups (Groups.tpl), beside the joins' inner sides


def _entry(p: ParamDef, g, comps) -> list:
    """A memo entry for a composition not seen yet: ``[groups, {id(joins): cut}, shape]``.

    ``shape`` is shared by every composition whose components have the same faces (the
    interchangeability classes of the model: type, owner and properties) value by value in
    the zone's order, as the same hand dealt again with other copies of its cards (a
    sampled world's, another seat's): their lists of groups match element by element, each
    member replaced by the copy at its place, so they share one template of groups
    (:class:`Groups`), and a join's inner side that reads only the members' properties
    (static, see :func:`prepare_join`) has the same values for both: ``shape`` keeps them
    (with their sorted order) under the joins' id. The components sorted by value (a
    stable sort: the zone's order within a value) and their faces in that order name the
    shape, a value being one of the properties a face fixes."""
    rank = p.rank
    if rank is None:
        rank = p.rank = _ranks(p, g.m)
    flat = sorted(comps, key=rank.__getitem__)
    none = len(p.values)
    if flat and rank[flat[-1]] == none:  # components with no value to group by: in no group
        flat = [c for c in flat if rank[c] != none]
    key = tuple(map(g.m.face.__getitem__, flat))
    shapes = p.shapes
    shape = shapes.get(key)
    if shape is None:
        if len(shapes) >= MEMO_LIMIT:
            shapes.clear()
        shape = shapes[key] = {_TEMPLATE: _template(p, list(map(rank.__getitem__, flat)))}
    return [Groups(flat, shape[_TEMPLATE]), {}, shape]


def _ranks(p: ParamDef, m) -> list:
    """Per component, the index in ``p.values`` of its value of ``p.by`` (their number for none)."""
    index, none = p.index, len(p.values)
    out = []
    for v in m.props[p.by]:
        try:
            out.append(index.get(v, none))
        except TypeError:  # a list or a table: not a value groups count
            out.append(none)
    return out


def _template(p: ParamDef, ranks: list) -> list:
    """:class:`Groups` ``tpl`` of a hand whose components, sorted by value, have these
    indices of their values: :func:`_grouped` of their positions."""
    spans: dict = {}
    for j, i in enumerate(ranks):
        spans.setdefault(i, []).append(j)
    return [(tuple(pos), key) for pos, key in _grouped(p, list(spans.items()))]


def groups(p: ParamDef, g, comps):
    """Every non-empty group of ``comps`` by property ``p.by``: ``(members, key)``, ``key[i]``
    the number taken of the ``i``-th value of ``p.values`` (the first ones of each value, in
    the zone's order). Built value by value, each partial group extended by 0, 1, ... of the
    next value, so a group costs one list and one tuple; in the order of
    ``itertools.product`` over the counts (the last value changes fastest)."""
    return _grouped(p, _present(p, g, comps))


def _grouped(p: ParamDef, present: list) -> list:
    """:func:`groups` of the components by value (:func:`_present`)."""
    partial: list = [([], ())]
    at = 0
    for i, lst in present:
        gap, at = (0,) * (i - at), i + 1
        steps = [(lst[:k], gap + (k,)) for k in range(len(lst) + 1)]
        partial = [(members + taken, key + more) for members, key in partial for taken, more in steps]
    del partial[0]  # the empty group
    tail = (0,) * (len(p.values) - at)
    return [(members, key + tail) for members, key in partial] if tail else partial


ORDERED = {operator.gt: "gt", operator.ge: "ge", operator.lt: "lt", operator.le: "le"}


def prepare_join(p: ParamDef, joins, items, g, e):
    """``(cut, search)``: ``cut(g, e) -> (items, lo, hi)``, the elements ``items[lo:hi]`` pass the joins.

    ``search`` is None, or for a sorted cut ``(items, values, outer, bisect, suffix)`` so a
    loop can do the binary search itself.

    The inner side of the joins is computed once for each domain element. One ordering
    comparison over whole numbers (``sum(...) > top``) is kept sorted, so each binding of
    the outer parameters filters with a binary search; the filter is remembered across
    decisions when the inner side reads only fixed data.
    """
    hit = p.last_entry  # the memo entry of a group_of domain (see _items)
    if hit is not None and hit[0] is items:
        found = hit[1].get(id(joins))
        if found is not None:
            return found
        if not all(j[3] for j in joins):  # an inner side reads the state: not remembered
            hit = None
    else:
        hit = None
    shape = None if hit is None else hit[2]  # the same faces seen before: the inner side known
    made = None if shape is None else shape.get(id(joins))
    if made is None:
        made = _inner(p, joins, items, g, e)
        if made[0] is not None and items.__class__ is Groups:  # the template sorted: once per shape
            made = (*made, list(map(items.tpl.__getitem__, made[0])))
        if shape is not None:
            shape[id(joins)] = made
    order, values = made[0], made[1]
    if order is None:
        cut = _plain_cut(joins, items, values), None
    else:
        if items.__class__ is Groups:
            sitems = Groups(items.flat, made[2])
        else:
            sitems = list(map(items.__getitem__, order))
        cut = _sorted_cut(ORDERED[joins[0][1]], joins[0][2], sitems, values)
    if hit is not None:
        hit[1][id(joins)] = cut
    return cut


def _inner(p: ParamDef, joins, items, g, e) -> tuple:
    """``(order, values)``: the joins' inner sides for each element of ``items``; for one
    ordering comparison over whole numbers, ``order`` sorts the elements by it and
    ``values`` is its sorted values, else ``order`` is None and ``values`` the tuples of
    inner values in the elements' order."""
    pk = p.key
    fns = [j[0] for j in joins]
    inner = []
    for v, _ in items:
        e[pk] = v
        inner.append(tuple(f(g, e) for f in fns))
    if len(joins) == 1 and joins[0][1] in ORDERED and all(type(x) is int for (x,) in inner):
        order = sorted(range(len(items)), key=lambda j: inner[j][0])
        return order, [inner[j][0] for j in order]
    return None, inner


def _sorted_cut(how, outer, sitems, svals):
    """The filter for one ordering comparison: a binary search in the sorted inner values."""
    n = len(svals)  # (one per item: a plain list, whatever the items are)
    find = bisect_right if how in ("gt", "le") else bisect_left
    if how in ("gt", "ge"):  # the values above (or from) the outer side: a suffix
        return (lambda g, e: (sitems, find(svals, outer(g, e)), n)), (sitems, svals, outer, find, True)
    return (lambda g, e: (sitems, 0, find(svals, outer(g, e)))), (sitems, svals, outer, find, False)


def _plain_cut(joins, items, inner):
    """The filter for any other joins: each comparison tested for each element (of a
    :class:`Groups`, its template's: the groups kept are made when read, as all are)."""
    flat = None
    if items.__class__ is Groups:
        flat, items = items.flat, items.tpl
    if len(joins) == 1:
        _, op, outer, _ = joins[0]

        def cut1(g, e):
            r = outer(g, e)
            kept = [it for it, (x,) in zip(items, inner) if op(x, r)]
            if flat is not None:
                kept = Groups(flat, kept)
            return kept, 0, len(kept)

        return cut1

    def cut(g, e):
        rs = [(op, outer(g, e)) for _, op, outer, _ in joins]
        kept = [it for it, xs in zip(items, inner) if all(op(x, r) for x, (op, r) in zip(xs, rs))]
        if flat is not None:
            kept = Groups(flat, kept)
        return kept, 0, len(kept)

    return cut
