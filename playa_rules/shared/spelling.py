"""Did-you-mean: the known name closest to a misspelt one, the one implementation every
stage uses (schema advice, overlays, the model, the DSL's names, the engine's action texts).

Bounded for many names: a rule file may declare thousands of ids, and a file full of
mistakes asks once per mistake. Only names of a length that could reach the similarity
cutoff are compared, and of those, when there are more than :data:`COMPARED`, only the
ones sharing the most letter pairs with the word go through :mod:`difflib`'s full ratio.
A word longer than :data:`LONGEST` is never compared (no one misspells a paragraph). While a
rule file is loaded or validated (:func:`budget`), at most :data:`limits.MAX_PROBLEMS` hints
search a list of more than :data:`COMPARED` names: past that many mistakes the rest would not
be shown, so a file misspelling thousands of names among thousands costs no more than one
misspelling a hundred.

    >>> did_you_mean("pahse", ["phase", "phases", "step"])
    "did you mean 'phase'?"
    >>> closest("zzz", ["phase"]) is None
    True
"""

from __future__ import annotations

import contextlib
import difflib
import threading
from collections.abc import Iterable
from functools import lru_cache

from .limits import MAX_PROBLEMS

CUTOFF = 0.6  # difflib's default: how alike two names must be (0 to 1)
COMPARED = 64  # at most this many names get the full comparison per word
LONGEST = 120  # longest word compared at all

_LEFT = threading.local()  # .hints: searches of long lists left in this load, None outside one


@contextlib.contextmanager
def budget(hints: int = MAX_PROBLEMS):
    """Within this block (one load or validation), at most ``hints`` hints search a list of
    more than :data:`COMPARED` names; later ones are None. Blocks inside it share its budget."""
    outer = getattr(_LEFT, "hints", None)
    if outer is None:
        _LEFT.hints = hints
    try:
        yield
    finally:
        if outer is None:
            _LEFT.hints = None


@lru_cache(maxsize=16384)
def _pairs(text: str) -> frozenset[str]:
    """The letter pairs of a name (remembered: the same names are asked about again and again)."""
    return frozenset(text[i : i + 2] for i in range(len(text) - 1)) or frozenset((text,))


@lru_cache(maxsize=256)
def _lengths(size: int, cutoff: float) -> tuple[int, int]:
    """The lengths a name may have and still be ``cutoff`` alike a word of ``size`` letters:
    difflib's ratio is at most ``2 * min(a, b) / (a + b)`` (its real_quick_ratio, computed
    as difflib does so that the bound is exactly difflib's)."""
    if cutoff <= 0:
        return (0, 1 << 62)
    fits = [n for n in range(1, int(2 * size / cutoff) + 2) if 2.0 * min(size, n) / (size + n) >= cutoff]
    return (fits[0], fits[-1]) if fits else (1, 0)


def closest(word, choices: Iterable, cutoff: float = CUTOFF) -> str | None:
    """The name of ``choices`` most like ``word`` (a text; numbers in ``choices`` count as
    their text), or None when none is at least ``cutoff`` alike or ``word`` is no text."""
    if type(word) is int:
        word = str(word)
    elif not isinstance(word, str):
        return None
    if len(word) > LONGEST:
        return None
    if not isinstance(choices, (list, tuple, set, frozenset, dict)):
        choices = list(choices)
    if len(choices) > COMPARED:  # a long list: one of the load's hints (see budget)
        left = getattr(_LEFT, "hints", None)
        if left is not None:
            if left <= 0:
                return None
            _LEFT.hints = left - 1
    low, high = _lengths(len(word), cutoff)
    names = {
        c if type(c) is str else str(c) for c in choices if type(c) is str or type(c) is int
    }  # (type(c) is int leaves out True and False)
    names = {c for c in names if low <= len(c) <= high}
    names.discard(word)
    if len(names) > COMPARED:
        mine = _pairs(word)
        shared = map(len, map(mine.intersection, map(_pairs, names)))
        # the most pairs shared first, then the nearest in length (a tie among thousands of
        # names alike, counter_1 ... counter_1999, must not drop the one asked for)
        size = len(word)
        names = [
            c for _, _, c in sorted((-s, abs(len(c) - size), c) for s, c in zip(shared, names))[:COMPARED]
        ]
    found = difflib.get_close_matches(word, names, n=1, cutoff=cutoff)
    return found[0] if found else None


def did_you_mean(word, choices: Iterable, cutoff: float = CUTOFF) -> str | None:
    """A ``did you mean 'x'?`` hint, or None when nothing is close."""
    found = closest(word, choices, cutoff)
    return f"did you mean '{found}'?" if found is not None else None
