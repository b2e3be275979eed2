"""The legal actions of one decision: a read-only list made lazily from runs.

Generation (:mod:`.actions`, :mod:`.plans`) records runs of actions that differ only in
their last parameter; :class:`Legal` makes an :class:`~.actions.Action` only when one is
read, and reads ids and texts off the runs for masks and views.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from operator import index

from ..compiler.domains import MEMO_LIMIT, Groups
from .actions import Action, local_index, text_of


def _remembered(p, items) -> tuple:
    """``(list, local indices, {key prefix: texts}, {id base: ids})`` for a ``group_of``
    parameter's list of groups ``items``: such lists are remembered by hand composition
    (compiler.domains ``items`` and ``prepare_join``), and a :class:`~..compiler.domains.Groups`
    shares its template with every hand of the same faces, so a mask, a search's tree or a
    view of the same groups again reads its ids and texts here instead of working out each
    (hundreds for a large hand). ``list`` is the template, or the list of groups itself."""
    src = items.tpl if items.__class__ is Groups else items
    got = p.runs.get(id(src))
    if got is None or got[0] is not src:  # the entry holds its list: its id is not reused meanwhile
        _make_room(p, len(src))
        got = p.runs[id(src)] = (src, [local_index(p, k) for _, k in src], {}, {})
    return got


_HELD = 200_000  # ids and texts kept for a parameter's lists of groups, at most (then forgotten)


def _make_room(p, n: int) -> None:
    """Count ``n`` more values kept in ``p.runs``, forgetting them all first if that would
    pass the bounds (so a rule file with huge groups cannot make it grow without end)."""
    if len(p.runs) >= MEMO_LIMIT or p.runs_held + n > _HELD:
        p.runs.clear()
        p.runs_held = 0
    p.runs_held += n


def _base(d, keys: tuple) -> int:
    """The id of the action of kind ``d`` with ``keys`` (every parameter's), or the base of the
    ids of a run whose ``keys`` lack the last parameter's (each of its actions adds its local
    index), remembered in ``d.bases`` (a run of the same keys again, in another decision)."""
    n = 0
    for p, k in zip(d.params, keys):
        n = n * p.radix + (k if p.kind == "position_in" else local_index(p, k))
    base = d.base + (n if len(keys) == len(d.params) else n * d.params[-1].radix)
    if len(d.bases) >= MEMO_LIMIT:
        d.bases.clear()
    d.bases[keys] = base
    return base


class Legal(Sequence):
    """The legal actions of one decision: a read-only list of :class:`Action`.

    Generation records runs of actions that differ only in their last parameter;
    an Action object is made when an element is read, so a player that looks at one
    action does not pay for making all of them.
    """

    __slots__ = ("_runs", "_ends", "stamp")

    def __init__(self, stamp=None):
        self._runs: list = []  # (defn, values prefix, keys prefix, [(value, key)] or None, first index used)
        self._ends: list = [0]  # cumulative lengths, after a leading 0
        self.stamp = stamp

    def add(self, d, vals, keys, items, lo: int = 0, hi: int | None = None) -> None:
        """Record a run: one action per (value, key) of ``items[lo:hi]`` for the last parameter.

        ``items`` None records one action, the values and keys given.
        """
        if items is None:
            n = 1
        else:
            n = (len(items) if hi is None else hi) - lo
        if n > 0:
            self._runs.append((d, vals, keys, items, lo))
            self._ends.append(self._ends[-1] + n)

    def restamped(self, stamp) -> Legal:
        """The same actions for another game in the same state (a clone): the runs are read-only
        once listed, so they are shared, not listed again."""
        out = Legal(stamp)
        out._runs, out._ends = self._runs, self._ends
        return out

    def __len__(self) -> int:
        return self._ends[-1]

    def __bool__(self) -> bool:
        return self._ends[-1] > 0

    def __getitem__(self, i):
        ends = self._ends
        if i.__class__ is not int or not 0 <= i < ends[-1]:
            return self._other_index(i)
        d, vals, keys, items, lo = self._runs[r := bisect_right(ends, i) - 1]
        if items is None:
            return Action(d, vals, keys, self.stamp)
        v, k = items[lo + i - ends[r]]
        return Action(d, vals + (v,), keys + (k,), self.stamp)

    def _other_index(self, i):
        """``self[i]`` for a slice, a negative index or an index-like object (or else the error)."""
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        i = index(i)
        n = self._ends[-1]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal action index out of range")
        return self[i]

    def __iter__(self):
        """The actions in list order, walking the runs (no search per index)."""
        stamp, ends = self.stamp, self._ends
        for r, (d, vals, keys, items, lo) in enumerate(self._runs):
            if items is None:
                yield Action(d, vals, keys, stamp)
                continue
            for v, k in items[lo : lo + ends[r + 1] - ends[r]]:  # (the items may go on past the run)
                yield Action(d, vals + (v,), keys + (k,), stamp)

    def texts(self) -> list[str]:
        """The texts of the actions, in list order, without making an Action object each."""
        out: list[str] = []
        ends = self._ends
        for r, (d, vals, keys, items, lo) in enumerate(self._runs):
            memo = d.texts
            if items is None:
                text = memo.get(keys)
                out.append(text if text is not None else text_of(d, vals, keys))
                continue
            hi = lo + ends[r + 1] - ends[r]
            last = d.params[-1]
            if last.kind == "group_of":  # a remembered list of groups: its texts too
                run = _remembered(last, items)[2].get(keys)
                if run is None:
                    _make_room(last, len(items))
                    got = _remembered(last, items)  # again: making room may have forgotten it
                    run = got[2][keys] = [  # (a group's members made only for a text not known yet)
                        memo.get(keys + (k,)) or text_of(d, vals + (items[j][0],), keys + (k,))
                        for j, (_, k) in enumerate(got[0])
                    ]
                out.extend(run[lo:hi])
                continue
            for v, k in items[lo:hi]:
                full = keys + (k,)
                text = memo.get(full)
                out.append(text if text is not None else text_of(d, vals + (v,), full))
        return out

    def ids(self) -> list[int]:
        """The integer ids of the actions, in list order, worked out from the runs
        without making an Action object each (an action mask for hundreds of actions)."""
        out: list[int] = []
        ends = self._ends
        r = 0
        for d, _, keys, items, lo in self._runs:
            r += 1
            base = d.bases.get(keys)  # a run's keys fix its id, or the base of its last parameter's
            if base is None:
                base = _base(d, keys)
            if items is None:
                out.append(base)
                continue
            last = d.params[-1]
            hi = lo + ends[r] - ends[r - 1]
            kind = last.kind
            if kind == "position_in" or kind == "seat_in":
                out.extend([base + k for _, k in items[lo:hi]])
            elif kind == "group_of":  # a remembered list of groups, its groups' indices and ids with it
                src = items.tpl if items.__class__ is Groups else items  # (_remembered's first case, inline)
                got = last.runs.get(id(src))
                if got is None or got[0] is not src:
                    got = _remembered(last, items)
                run = got[3].get(base)
                if run is None:
                    _make_room(last, len(items))
                    got = _remembered(last, items)  # again: making room may have forgotten it
                    run = got[3][base] = [base + x for x in got[1]]
                out.extend(run[lo:hi])
            elif kind == "number_in":
                low = last.low
                out.extend([base + k - low for _, k in items[lo:hi]])
            else:  # one_of, value_in
                index = last.index
                out.extend([base + index[k] for _, k in items[lo:hi]])
        return out

    def __eq__(self, other) -> bool:
        if isinstance(other, (Legal, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __repr__(self) -> str:
        return f"Legal({[str(a) for a in self]!r})"
