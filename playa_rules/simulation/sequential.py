"""Stopping a comparison as soon as its answer is clear, with an error guarantee that survives the peeking.

A comparison that looks at its results after every game and stops when they look
significant would, with a fixed-sample test, find a "difference" between two identical
rule sets far more often than ``alpha``. A *confidence sequence* is an interval that holds
the true value at every number of games at once, with probability ``1 - alpha``
(anytime-valid), so it may be read after every game and the run stopped whenever one
likes.

The one used here is the predictable plug-in empirical-Bernstein confidence sequence
(PrPl-EB) of Waudby-Smith and Ramdas (2024, "Estimating means of bounded random variables
by betting", JRSS B 86(1), Theorem 2), for the mean of values in [0, 1] that are
independent from game to game. Game ``i`` gives for each statistic watched the difference,
variant minus base, of that statistic's mean over the game's seats (for a win rate, in
[-1, 1]; mapped to [0, 1] and back). Each statistic gets ``alpha / k`` (Bonferroni over the
``k`` statistics watched), so all the sequences hold together with probability at least
``1 - alpha``.

    >>> cs = ConfidenceSequence(alpha=0.05)
    >>> for x in [1, 0, 1, 1, 0, 1, 1, 1] * 25:
    ...     cs.add(x)
    >>> lo, hi = cs.interval()
    >>> round(lo, 2), round(hi, 2)
    (0.64, 0.85)
"""

from __future__ import annotations

import math

C = 0.5  # the largest bet (lambda) of the sequence, as the paper recommends


class ConfidenceSequence:
    """PrPl-EB for the mean of values in [``low``, ``high``] (module doc); the running intersection."""

    def __init__(self, alpha: float, low: float = 0.0, high: float = 1.0):
        self.log_term = math.log(2 / alpha)
        self.low, self.span = low, high - low
        self.t = 0
        self.total = 0.0  # sum of x (scaled to [0, 1])
        self.squares = 0.25  # 1/4 + sum of (x_i - mu_i)^2
        self.mu = 0.5  # the plug-in mean after the values so far
        self.sum_lambda = 0.0
        self.sum_lambda_x = 0.0
        self.penalty = 0.0  # sum of v_i * psi_E(lambda_i)
        self.lo, self.hi = 0.0, 1.0

    def add(self, value: float) -> None:
        """One more value (in [low, high])."""
        x = min(1.0, max(0.0, (value - self.low) / self.span))
        t = self.t + 1
        variance = self.squares / t  # sigma^2 after t - 1 values
        lam = min(C, math.sqrt(2 * self.log_term / (variance * t * math.log(1 + t))))
        v = 4 * (x - self.mu) ** 2
        self.penalty += v * (-math.log(1 - lam) - lam) / 4
        self.sum_lambda += lam
        self.sum_lambda_x += lam * x
        self.t, self.total = t, self.total + x
        self.mu = (0.5 + self.total) / (t + 1)
        self.squares += (x - self.mu) ** 2
        centre = self.sum_lambda_x / self.sum_lambda
        half = (self.log_term + self.penalty) / self.sum_lambda
        self.lo, self.hi = max(self.lo, centre - half), min(self.hi, centre + half)

    def interval(self) -> tuple[float, float]:
        """The interval for the mean, in the values' own scale (the whole range before any value)."""
        lo, hi = (self.lo, self.hi) if self.lo <= self.hi else ((self.lo + self.hi) / 2,) * 2
        return (self.low + self.span * lo, self.low + self.span * hi)


def watched_values(record: dict) -> dict[str, float]:
    """What a game says of who wins: each seat's win (0/1) and each agent's share of its seats' wins."""
    winners = set(record["winners"])
    out = {}
    per_agent: dict[str, list] = {}
    for pos, seat in enumerate(record["seats"]):
        won = float(seat in winners)
        out[f"seats[{pos}].win_rate"] = won
        per_agent.setdefault(record["agents"][pos], []).append(won)
    if len(per_agent) > 1:  # (one agent on every seat: its share is fixed by the rules, not by play)
        for name, wins in per_agent.items():
            out[f"by_agent[{name}].win_rate"] = sum(wins) / len(wins)
    return out


class Sequential:
    """Watches the per-game differences of who wins, game pair after game pair, and says when to stop.

    The answer is *clear* when each watched statistic's confidence sequence either leaves
    out 0 (it changed) or lies within ``margin`` of 0 (any change is smaller than the margin).
    """

    def __init__(self, alpha: float, margin: float):
        self.alpha, self.margin = alpha, margin
        self.sequences: dict[str, ConfidenceSequence] = {}
        self.pairs = 0

    def add(self, base: dict, variant: dict) -> None:
        """One more pair of games on the same seed."""
        b, v = watched_values(base), watched_values(variant)
        names = [n for n in b if n in v]
        if not self.sequences:
            each = self.alpha / max(1, len(names))
            self.sequences = {n: ConfidenceSequence(each, -1.0, 1.0) for n in names}
        for name, cs in self.sequences.items():
            cs.add(v.get(name, 0.0) - b.get(name, 0.0))
        self.pairs += 1

    def intervals(self) -> dict[str, tuple[float, float]]:
        """Each watched statistic's confidence sequence now (variant minus base)."""
        return {n: cs.interval() for n, cs in self.sequences.items()}

    def clear(self) -> bool:
        """True when every watched difference is shown to be non-zero or shown to be small."""
        if not self.sequences:
            return False
        m = self.margin
        return all(lo > 0 or hi < 0 or (-m <= lo and hi <= m) for lo, hi in self.intervals().values())
