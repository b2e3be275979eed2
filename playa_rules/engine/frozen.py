"""Read-only containers for what the library hands out and keeps: log events, rule data.

A game keeps the events it has converted and hands the same ones out again (``log``,
``log_for`` convert only what is new), and every ``pr.load`` of a file shares one ``Rules``:
a caller that changed one of these would change the game's record, or every game of those
rules. :class:`FrozenDict` and :class:`FrozenList` are a ``dict`` and a ``list`` in every
way but change: they compare equal to plain ones, ``json.dumps`` writes them as it writes
those, they pickle as themselves, and ``dict(x)`` / ``list(x)``, ``copy.copy`` and
``copy.deepcopy`` give plain, changeable copies (to edit a log, say).
Changing one raises ``TypeError`` (as a tuple does), saying so.
"""

from __future__ import annotations

from copy import deepcopy


def _refuse(self, *args, **kwargs):
    kind = "dict" if isinstance(self, dict) else "list"
    raise TypeError(f"this {kind} is read-only (the library's own record, shared): change a copy, {kind}(x)")


class FrozenDict(dict):
    """A ``dict`` that cannot be changed (see the module doc)."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self):
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo) -> dict:
        return {k: deepcopy(v, memo) for k, v in self.items()}


class FrozenList(list):
    """A ``list`` that cannot be changed (see the module doc)."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __reduce__(self):
        return (FrozenList, (list(self),))

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo) -> list:
        return [deepcopy(v, memo) for v in self]


def frozen(x):
    """``x`` with every dict and list in it made read-only (the rest is kept as it is)."""
    cls = x.__class__
    if cls is dict:
        return FrozenDict({k: frozen(v) for k, v in x.items()})
    if cls is list or cls is tuple:
        return FrozenList([frozen(v) for v in x])
    return x


def frozen_event(ev: dict | None):
    """A log event made read-only: its values are flat but for a few lists (scores, winners,
    a score's detail), so only those are walked."""
    if ev is None:
        return None
    for v in ev.values():
        if v.__class__ is list or v.__class__ is dict:
            return frozen(ev)
    return FrozenDict(ev)
