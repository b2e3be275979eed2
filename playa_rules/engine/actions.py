"""Actions: small value objects with a stable text and a stable integer id, and their generation.

A legal action is one :class:`~playa_rules.compiler.program.ActionDef` with each parameter
bound to a value from its domain. Its integer id is fixed by the rule set (an
offset per action kind plus a mixed-radix number over its parameters), so
adapters that need a fixed action numbering (OpenSpiel, PettingZoo) get one.
"""

from __future__ import annotations

from ..compiler.domains import MEMO_LIMIT as _MEMO_LIMIT
from ..compiler.domains import checked as _checked
from ..compiler.domains import items as _items
from ..compiler.domains import prepare_join as _prepare_join
from ..compiler.model import fill
from ..compiler.program import ActionDef, ParamDef


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
            n = n * p.radix + local_index(p, k)
        return d.base + n

    def text_with(self, model) -> str:
        """The readable text, rendering components with the model's labels."""
        if self._text is None:
            d = self.defn
            if model is d.model:
                text = d.texts.get(self.keys)
                self._text = text if text is not None else text_of(d, self.values, self.keys)
            else:
                parts = {
                    p.name: render_value(p, v, k, model) for p, v, k in zip(d.params, self.values, self.keys)
                }
                self._text = fill(d.text, parts)
        return self._text

    def __str__(self) -> str:
        return self._text if self._text is not None else self.text_with(self.defn.model)

    def parts(self) -> dict[str, str]:
        """Each parameter's value as the text shows it, by parameter name, in parameter order."""
        d = self.defn
        return {p.name: render_value(p, v, k, d.model) for p, v, k in zip(d.params, self.values, self.keys)}

    def __repr__(self) -> str:
        return f"Action({str(self)!r}, id={self.id})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and other.defn is self.defn and other.keys == self.keys

    def __hash__(self) -> int:
        return hash((self.defn.index, self.keys))

    def to_json(self) -> dict:
        """``{"id": ..., "text": ...}``."""
        return {"id": self.id, "text": str(self)}

    def parameters(self) -> list[dict]:
        """Each parameter as the text writes it, in order, for choosing one at a time:
        ``[{"name": "spot", "kind": "position_in", "text": "2"}, {"name": "cards", "kind":
        "group_of", "text": "1+3", "items": ["1", "3"]}]`` (``items``: a group's values, one a unit)."""
        d = self.defn
        out = []
        for p, v, k in zip(d.params, self.values, self.keys):
            entry = {"name": p.name, "kind": p.kind, "text": render_value(p, v, k, d.model)}
            if p.kind == "group_of":
                entry["items"] = [str(value) for value, count in zip(p.values, k) for _ in range(count)]
            out.append(entry)
        return out


def text_of(d, values: tuple, keys: tuple) -> str:
    """The text of the action of kind ``d`` with these values and keys (remembered by keys)."""
    model = d.model
    text = fill(d.text, {p.name: render_value(p, v, k, model) for p, v, k in zip(d.params, values, keys)})
    if len(d.texts) >= _MEMO_LIMIT:
        d.texts.clear()
    d.texts[keys] = text
    return text


def local_index(p: ParamDef, k) -> int:
    if p.kind == "one_of" or p.kind == "value_in":
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


def render_value(p: ParamDef, value, key, model) -> str:
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
# A parameter's domain and its joins: compiler/domains.py (the generated listings read them too).


def generate(d: ActionDef, g, me: int, out) -> None:
    """Record every legal action of kind ``d`` for seat ``me`` in ``out``."""
    from .plans import plan_of  # plans builds on the helpers here

    plan_of(d)(g, me, out)


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


def joined_domain(d, g, e, i, cache):
    """The (value, key) pairs of parameter ``i`` that pass its joins, before its own checks."""
    items, join = _source(d, g, e, i, cache)
    if join is None or not items:  # (no value to bind: the joins, which name it, are not tested)
        return items
    items, lo, hi = join[0](g, e)
    return items if lo == 0 and hi == len(items) else items[lo:hi]


def list_nested(d, g, e, i, vals, keys, out, cache):
    p = d.params[i]
    checks = d.checks[i + 1]
    if not checks:
        items = joined_domain(d, g, e, i, cache)
    elif p.kind == "position_in" and not d.joins[i + 1]:
        items = _checked(p, checks, None, g, e)
    else:
        items = _checked(p, checks, joined_domain(d, g, e, i, cache), g, e)
    if i == len(d.params) - 1:
        out.add(d, vals, keys, items)
        return
    pk = p.key
    j = i + 1
    for v, k in items:
        e[pk] = v
        list_nested(d, g, e, j, vals + (v,), keys + (k,), out, cache)
