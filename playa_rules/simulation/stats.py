"""The statistics behind ``simulate`` and ``compare``, in pure Python (no SciPy).

* :func:`wilson` - a Wilson score interval for a rate (a win rate, a tie rate);
* :func:`mean_interval` - a mean with its Student-t interval;
* :func:`two_proportions` - the difference of two rates with its (Newcombe) interval
  and the p-value of a two-sided two-proportion z test (pooled);
* :func:`welch` - the difference of two means with its Welch interval and the p-value
  of a two-sided Welch t test;
* :func:`paired` - the mean of paired differences with its t interval and the p-value of
  a two-sided paired t test (games played on the same seeds on both sides);
* :func:`sign_test` - the exact two-sided sign test of paired differences.

Tiny samples get no false certainty: with fewer than two values there is no interval and
no p-value (``None``); when every value is the same (no observed spread, where a t interval
would have width 0) the p-value is exact (the sign test for pairs, the permutation test for
two groups) and the interval is the conservative bound of :func:`constant_interval` when the
values are bounded (rates), else ``None``.
* :func:`holm` - Holm's step-down correction of many p-values at once.

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
"""

from __future__ import annotations

import math
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


def wilson(successes: float, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``successes`` out of ``n`` ((0, 1) when n is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + level / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval holds its estimate: exactly 0 at no successes, exactly 1 at all (rounding
    # would otherwise leave 2.8e-17 above a rate of 0).
    low = 0.0 if successes <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes >= n else max(p, min(1.0, centre + half))
    return (low, high)


def mean_sd(values) -> tuple[float, float]:
    """The mean and the sample standard deviation (0 for fewer than two values)."""
    values = list(values)
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, 0.0)
    return (mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)))


def constant_interval(value: float, n: int, bounds, level: float = 0.95) -> tuple[float, float]:
    """An interval for the mean of values in ``bounds`` when all ``n`` seen were ``value``.

    Clopper and Pearson's exact bound says at least a share ``L = ((1 - level) / 2) ** (1 / n)``
    of all values equal ``value``; the rest may lie anywhere in ``bounds``, so the mean lies in
    ``[L * value + (1 - L) * low, L * value + (1 - L) * high]``. Wide for small ``n``, never of width 0.
    """
    low, high = bounds
    share = ((1 - level) / 2) ** (1 / n)
    return (share * value + (1 - share) * low, share * value + (1 - share) * high)


def mean_interval(values, level: float = 0.95, bounds=None) -> tuple[float, float] | None:
    """The Student-t interval of the mean of ``values``; ``None`` where it says nothing.

    ``None`` for fewer than two values, and for values that are all the same (the t interval
    would have width 0) unless ``bounds`` (the range the values can take) give the
    conservative :func:`constant_interval`.
    """
    values = list(values)
    mean, sd = mean_sd(values)
    n = len(values)
    if n < 2:
        return None
    if sd == 0:
        return constant_interval(mean, n, bounds, level) if bounds else None
    half = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    return (mean - half, mean + half)


def two_proportions(k1: float, n1: int, k2: float, n2: int, level: float = 0.95) -> dict:
    """Rate 2 minus rate 1: the difference, its Newcombe (Wilson-based) interval, a z-test p-value."""
    if n1 < 1 or n2 < 1:
        return {"difference": 0.0, "ci": None, "p_value": None}
    p1, p2 = (k1 / n1 if n1 else 0.0), (k2 / n2 if n2 else 0.0)
    l1, u1 = wilson(k1, n1, level)
    l2, u2 = wilson(k2, n2, level)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pooled = (k1 + k2) / (n1 + n2) if n1 + n2 else 0.0
    se = math.sqrt(pooled * (1 - pooled) * ((1 / n1 if n1 else 0) + (1 / n2 if n2 else 0)))
    if se == 0:
        p = 1.0 if d == 0 else 0.0
    else:
        p = 2 * (1 - NormalDist().cdf(abs(d) / se))
    return {"difference": d, "ci": [lo, hi], "p_value": min(1.0, p)}


def welch(a, b, level: float = 0.95) -> dict:
    """Mean of ``b`` minus mean of ``a``: the difference, its Welch interval, a Welch t-test p-value."""
    a, b = list(a), list(b)
    ma, sa = mean_sd(a)
    mb, sb = mean_sd(b)
    d = mb - ma
    va = sa * sa / len(a) if a else 0.0
    vb = sb * sb / len(b) if b else 0.0
    se = math.sqrt(va + vb)
    if len(a) < 2 or len(b) < 2:
        return {"difference": d, "ci": None, "p_value": None}
    if se == 0:  # each side always the same value: the exact permutation test, no interval
        p = 1.0 if d == 0 else min(1.0, 2 / math.comb(len(a) + len(b), len(a)))
        return {"difference": d, "ci": None, "p_value": p}
    df = (va + vb) ** 2 / ((va * va / (len(a) - 1) if va else 0) + (vb * vb / (len(b) - 1) if vb else 0))
    t = d / se
    p = 2 * t_sf(abs(t), df)
    half = t_quantile(0.5 + level / 2, df) * se
    return {"difference": d, "ci": [d - half, d + half], "p_value": min(1.0, p)}


def paired(a, b, level: float = 0.95, bounds=None) -> dict:
    """Mean of ``b[i] - a[i]``: the difference, its t interval, a two-sided paired t-test p-value.

    Fewer than two pairs: no interval, no p-value (``None``). Every pair differing by the same
    amount: the exact :func:`sign_test`, and the :func:`constant_interval` when ``bounds``
    (the range of one difference, ``(-1, 1)`` for a rate) are given, else no interval.
    ``bounds`` also clip the t interval (a mean of differences stays in their range).
    """
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    d, sd = mean_sd(diffs)
    if n < 2:
        return {"difference": d, "ci": None, "p_value": None}
    if sd == 0:
        ci = list(constant_interval(d, n, bounds, level)) if bounds else None
        return {"difference": d, "ci": ci, "p_value": sign_test(diffs)}
    se = sd / math.sqrt(n)
    half = t_quantile(0.5 + level / 2, n - 1) * se
    lo, hi = d - half, d + half
    if bounds:  # the mean cannot leave the range of one difference
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return {"difference": d, "ci": [lo, hi], "p_value": min(1.0, 2 * t_sf(abs(d) / se, n - 1))}


def sign_test(diffs) -> float:
    """The exact two-sided sign test: the chance, if a difference were as likely above 0 as
    below, of signs at least as lopsided as these (zero differences left out; 1 with none left)."""
    signs = [x > 0 for x in diffs if x != 0]
    m = len(signs)
    if m == 0:
        return 1.0
    k = min(sum(signs), m - sum(signs))
    return min(1.0, 2 * math.fsum(math.comb(m, i) for i in range(k + 1)) / 2**m)


def holm(pvalues: list[float]) -> list[float]:
    """Holm-adjusted p-values (compare each with the level; controls the family-wise error rate)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


# ------------------------------------------------------------------ Student t
def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with ``df`` degrees of freedom, t >= 0."""
    x = df / (df + t * t)
    return 0.5 * _betainc(df / 2, 0.5, x)


def t_quantile(q: float, df: float) -> float:
    """The ``q`` quantile (q > 0.5) of Student's t, by bisection on :func:`t_sf`."""
    lo, hi = 0.0, 1.0
    while t_sf(hi, df) > 1 - q:
        hi *= 2
    for _ in range(80):
        mid = (lo + hi) / 2
        if t_sf(mid, df) > 1 - q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction, Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betainc(b, a, 1 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 300):
        for num in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1) < 1e-14:
            break
    return front * f / a
