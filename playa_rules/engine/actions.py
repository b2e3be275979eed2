"""Actions: small value objects with a stable text and a stable integer id, and their generation.

A legal action is one :class:`~playa_rules.program.ActionDef` with each parameter
bound to a value from its domain. Its integer id is fixed by the rule set (an
offset per action kind plus a mixed-radix number over its parameters), so
adapters that need a fixed action numbering (OpenSpiel, PettingZoo) get one.
"""
from __future__ import annotations

import itertools

from ..model import fill
from ..program import ActionDef, ParamDef


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
            parts = {p.name: _render(p, v, k, model) for p, v, k in zip(d.params, self.values, self.keys)}
            self._text = fill(d.text, parts)
        return self._text

    def __str__(self) -> str:
        return self._text if self._text is not None else self.defn.name

    def __repr__(self) -> str:
        return f"Action({str(self)!r}, id={self.id})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and other.defn is self.defn and other.keys == self.keys

    def __hash__(self) -> int:
        return hash((self.defn.index, self.keys))

    def to_json(self) -> dict:
        """``{"id": ..., "text": ...}``."""
        return {"id": self.id, "text": str(self)}


def _local_index(p: ParamDef, k) -> int:
    if p.kind == "one_of":
        return p.index[k]
    if p.kind == "group_of":
        n = 0
        for count, cap in zip(k, p.caps):
            n = n * (cap + 1) + count
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
def _items(p: ParamDef, g, e):
    """(value, key) pairs of one parameter's domain, in a stable order."""
    kind = p.kind
    if kind == "position_in":
        return [(c, i) for i, c in enumerate(p.domain(g, e))]
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
        return _groups(p, g, p.domain(g, e))
    if kind == "seat_in":
        return [(s, s) for s in p.domain(g, e)]
    return [(v, v) for v in range(p.low, p.caps[0] + 1)]


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


def generate(d: ActionDef, g, me: int, stamp, out: list) -> None:
    """Append every legal action of kind ``d`` for seat ``me`` to ``out``."""
    e = {"me": me}
    for key, f in d.lets:
        e[key] = f(g, e)
    for chk in d.checks[0]:
        if not chk(g, e):
            return
    params = d.params
    if not params:
        out.append(Action(d, (), (), stamp))
        return
    if len(params) == 1:
        p = params[0]
        checks = d.checks[1]
        pk = p.key
        for v, k in _items(p, g, e):
            e[pk] = v
            for chk in checks:
                if not chk(g, e):
                    break
            else:
                out.append(Action(d, (v,), (k,), stamp))
        return
    _nested(d, g, e, 0, (), (), stamp, out, {})


def _nested(d, g, e, i, vals, keys, stamp, out, cache):
    p = d.params[i]
    checks = d.checks[i + 1]
    last = i == len(d.params) - 1
    if p.independent:
        items = cache.get(i)
        if items is None:
            items = cache[i] = _items(p, g, e)
    else:
        items = _items(p, g, e)
    pk = p.key
    for v, k in items:
        e[pk] = v
        for chk in checks:
            if not chk(g, e):
                break
        else:
            if last:
                out.append(Action(d, vals + (v,), keys + (k,), stamp))
            else:
                _nested(d, g, e, i + 1, vals + (v,), keys + (k,), stamp, out, cache)
