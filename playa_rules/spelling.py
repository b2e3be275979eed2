"""Did-you-mean: the known name closest to a misspelt one, the one implementation every
stage uses (schema advice, overlays, the model, the DSL's names, the engine's action texts).

Bounded for many names: a rule file may declare thousands of ids, and a file full of
mistakes asks once per mistake. Only names of a length that could reach the similarity
cutoff are compared, and of those, when there are more than :data:`COMPARED`, only the
ones sharing the most letter pairs with the word go through :mod:`difflib`'s full ratio.

    >>> did_you_mean("pahse", ["phase", "phases", "step"])
    "did you mean 'phase'?"
    >>> closest("zzz", ["phase"]) is None
    True
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import lru_cache

CUTOFF = 0.6  # difflib's default: how alike two names must be (0 to 1)
COMPARED = 64  # at most this many names get the full comparison per word


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
    low, high = _lengths(len(word), cutoff)
    names = {
        c if type(c) is str else str(c) for c in choices if type(c) is str or type(c) is int
    }  # (type(c) is int leaves out True and False)
    names = {c for c in names if low <= len(c) <= high}
    names.discard(word)
    if len(names) > COMPARED:
        mine = _pairs(word)
        shared = map(len, map(mine.intersection, map(_pairs, names)))
        names = [c for _, c in sorted(zip(shared, names), reverse=True)[:COMPARED]]
    found = difflib.get_close_matches(word, names, n=1, cutoff=cutoff)
    return found[0] if found else None


def did_you_mean(word, choices: Iterable, cutoff: float = CUTOFF) -> str | None:
    """A ``did you mean 'x'?`` hint, or None when nothing is close."""
    found = closest(word, choices, cutoff)
    return f"did you mean '{found}'?" if found is not None else None
