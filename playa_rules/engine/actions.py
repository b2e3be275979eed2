"""Actions: small value objects with a stable text and a stable integer id, and their generation.

A legal action is one :class:`~playa_rules.compiler.program.ActionDef` with each parameter
bound to a value from its domain. Its integer id is fixed by the rule set (an
offset per action kind plus a mixed-radix number over its parameters), so
adapters that need a fixed action numbering (OpenSpiel, PettingZoo) get one.
"""
from __future__ import annotations

import itertools
import operator
from bisect import bisect_left, bisect_right

from ..compiler.model import fill
from ..compiler.program import ActionDef, LevelChecks, ParamDef


class Action:
    """One legal action: ``str(action)`` is its stable text, ``action.id`` its stable number."""

    __slots__ = ("defn", "values", "keys", "stamp", "_text")

    def __init__(self, defn: ActionDef, values: tuple, keys: tuple, stamp=None):
        self.defn = defn
        self.values = values
        self.keys = keys
        self.stamp = stamp
        self._text = None

    @property
    def name(self) -> str:
        """The action kind, as named in the rule file."""
        return self.defn.name

    @property
    def id(self) -> int:
        """The stable integer id of this action within its rule set."""
        d = self.defn
        n = 0
        for p, k in zip(d.params, self.keys):
            n = n * p.radix + _local_index(p, k)
        return d.base + n

    def text_with(self, model) -> str:
        """The readable text, rendering components with the model's labels."""
        if self._text is None:
            d = self.defn
            if model is d.model:
                text = d.texts.get(self.keys)
                self._text = text if text is not None else _text_of(d, self.values, self.keys)
            else:
                parts = {p.name: _render(p, v, k, model) for p, v, k in zip(d.params, self.values, self.keys)}
                self._text = fill(d.text, parts)
        return self._text

    def __str__(self) -> str:
        return self._text if self._text is not None else self.text_with(self.defn.model)

    def __repr__(self) -> str:
        return f"Action({str(self)!r}, id={self.id})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and other.defn is self.defn and other.keys == self.keys

    def __hash__(self) -> int:
        return hash((self.defn.index, self.keys))

    def to_json(self) -> dict:
        """``{"id": ..., "text": ...}``."""
        return {"id": self.id, "text": str(self)}

    def __reduce__(self):
        """An action pickles as its rule set's source and its kind and values."""
        source = getattr(self.defn.model, "source", None)
        if source is None:
            from ..errors import PlayaRulesError
            raise PlayaRulesError("this action's rules were not loaded with playa_rules.load: it cannot be pickled")
        return (_unpickle_action, (source, self.defn.name, self.values, self.keys))


def _text_of(d, values: tuple, keys: tuple) -> str:
    """The text of the action of kind ``d`` with these values and keys (remembered by keys)."""
    model = d.model
    text = fill(d.text, {p.name: _render(p, v, k, model) for p, v, k in zip(d.params, values, keys)})
    if len(d.texts) >= _MEMO_LIMIT:
        d.texts.clear()
    d.texts[keys] = text
    return text


def _unpickle_action(source, name, values, keys) -> "Action":
    from ..rules import load
    return Action(load(*source).program.actions[name], values, keys)


def _local_index(p: ParamDef, k) -> int:
    if p.kind == "one_of":
        return p.index[k]
    if p.kind == "group_of":
        n = p.locals.get(k)
        if n is None:
            n = 0
            for count, cap in zip(k, p.caps):
                n = n * (cap + 1) + count
            if len(p.locals) >= _MEMO_LIMIT:
                p.locals.clear()
            p.locals[k] = n
        return n
    if p.kind == "number_in":
        return k - p.low
    return k


def _render(p: ParamDef, value, key, model) -> str:
    if p.kind == "one_of":
        return model.labels[value]
    if p.kind == "group_of":
        parts = []
        for v, count in zip(p.values, key):
            parts.extend([str(v)] * count)
        return "+".join(parts)
    return str(key)


def decode(defs: list[ActionDef], action_id: int):
    """(ActionDef, keys) for an integer id, or None if no action kind spans it."""
    for d in defs:
        if d.base <= action_id < d.base + d.size:
            rest = action_id - d.base
            locals_ = []
            for p in reversed(d.params):
                locals_.append(rest % p.radix)
                rest //= p.radix
            return d, tuple(reversed(locals_))
    return None


# ---------------------------------------------------------------- generation
_MEMO_LIMIT = 4096


def _items(p: ParamDef, g, e):
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
            if len(p.memo) >= _MEMO_LIMIT:
                p.memo.clear()
            hit = p.memo[memo_key] = [_groups(p, g, comps), {}]
        p.last_entry = hit  # _prepare_join finds the join values here, without a second lookup
        return hit[0]
    if kind == "seat_in":
        return [(s, s) for s in p.domain(g, e)]
    low, high = p.low, p.caps[0]
    for op, limit in p.bounds:        # n <= X and the like, X read once per listing
        x = limit(g, e)
        if op == "<=":
            high = min(high, x)
        elif op == "<":
            high = min(high, x - 1)
        elif op == ">=":
            low = max(low, x)
        else:
            low = max(low, x + 1)
    return [(v, v) for v in range(low, high + 1)]


def _groups(p: ParamDef, g, comps):
    prop = g.m.props[p.by]
    index = p.index
    buckets: dict = {}
    for c in comps:
        buckets.setdefault(prop[c], []).append(c)
    present = sorted((index[v], lst) for v, lst in buckets.items() if v in index)
    width = len(p.values)
    out = []
    ranges = [range(len(lst) + 1) for _, lst in present]
    for counts in itertools.product(*ranges):
        if not any(counts):
            continue
        members = []
        key = [0] * width
        for (i, lst), k in zip(present, counts):
            if k:
                members.extend(lst[:k])
                key[i] = k
        out.append((members, tuple(key)))
    return out


def generate(d: ActionDef, g, me: int, out) -> None:
    """Record every legal action of kind ``d`` for seat ``me`` in ``out``."""
    from .plans import plan_of  # plans builds on the helpers here
    plan_of(d)(g, me, out)


_ORDERED = {operator.gt: "gt", operator.ge: "ge", operator.lt: "lt", operator.le: "le"}


def _prepare_join(p: ParamDef, joins, items, g, e):
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
    pk = p.key
    fns = [j[0] for j in joins]
    inner = []
    for v, _ in items:
        e[pk] = v
        inner.append(tuple(f(g, e) for f in fns))
    if len(joins) == 1 and joins[0][1] in _ORDERED and all(type(x) is int for (x,) in inner):
        order = sorted(range(len(items)), key=lambda j: inner[j][0])
        cut = _sorted_cut(_ORDERED[joins[0][1]], joins[0][2], [items[j] for j in order],
                          [inner[j][0] for j in order])
    else:
        cut = _plain_cut(joins, items, inner), None
    if hit is not None:
        hit[1][id(joins)] = cut
    return cut


def _sorted_cut(how, outer, sitems, svals):
    """The filter for one ordering comparison: a binary search in the sorted inner values."""
    n = len(sitems)
    find = bisect_right if how in ("gt", "le") else bisect_left
    if how in ("gt", "ge"):  # the values above (or from) the outer side: a suffix
        return (lambda g, e: (sitems, find(svals, outer(g, e)), n)), (sitems, svals, outer, find, True)
    return (lambda g, e: (sitems, 0, find(svals, outer(g, e)))), (sitems, svals, outer, find, False)


def _plain_cut(joins, items, inner):
    """The filter for any other joins: each comparison tested for each element."""
    if len(joins) == 1:
        _, op, outer, _ = joins[0]

        def cut1(g, e):
            r = outer(g, e)
            kept = [it for it, (x,) in zip(items, inner) if op(x, r)]
            return kept, 0, len(kept)
        return cut1

    def cut(g, e):
        rs = [(op, outer(g, e)) for _, op, outer, _ in joins]
        kept = [it for it, xs in zip(items, inner) if all(op(x, r) for x, (op, r) in zip(xs, rs))]
        return kept, 0, len(kept)
    return cut


def _source(d, g, e, i, cache):
    """Parameter ``i``'s (value, key) pairs, and the (cut, search) of its joins (None without joins)."""
    p = d.params[i]
    if p.independent:
        items = cache.get(i)
        if items is None:
            items = cache[i] = _items(p, g, e)
    else:
        items = _items(p, g, e)
    if not d.joins[i + 1]:
        return items, None
    cut = cache.get(("join", i))
    if cut is None:
        cut = cache[("join", i)] = _prepare_join(p, d.joins[i + 1], items, g, e)
    return items, cut


def _domain(d, g, e, i, cache):
    """The (value, key) pairs of parameter ``i`` that pass its joins, before its own checks."""
    items, join = _source(d, g, e, i, cache)
    if join is None:
        return items
    items, lo, hi = join[0](g, e)
    return items if lo == 0 and hi == len(items) else items[lo:hi]


def _checked(p: ParamDef, checks, items, g, e):
    """The (value, key) pairs passing every check, the parameter bound to each in turn."""
    pk = p.key
    if checks.__class__ is LevelChecks:  # parts reading only earlier parameters: decided once
        checks = checks.resolve(g, e)
        if checks is None:
            return []
        if not checks:
            return _items(p, g, e) if items is None else items
    kept = []
    if items is None:  # a position in a zone: pairs made only for the positions kept
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
    for it in items:
        e[pk] = it[0]
        for chk in checks:
            if not chk(g, e):
                break
        else:
            kept.append(it)
    return kept


def _nested(d, g, e, i, vals, keys, out, cache):
    p = d.params[i]
    checks = d.checks[i + 1]
    if not checks:
        items = _domain(d, g, e, i, cache)
    elif p.kind == "position_in" and not d.joins[i + 1]:
        items = _checked(p, checks, None, g, e)
    else:
        items = _checked(p, checks, _domain(d, g, e, i, cache), g, e)
    if i == len(d.params) - 1:
        out.add(d, vals, keys, items)
        return
    pk = p.key
    j = i + 1
    for v, k in items:
        e[pk] = v
        _nested(d, g, e, j, vals + (v,), keys + (k,), out, cache)
