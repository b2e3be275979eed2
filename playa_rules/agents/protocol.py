"""What an agent is given and what it returns: the whole contract between the runner and a player.

An agent decides for one seat of one game. At each of its decisions the runner calls

    agent.act(view, legal, log, worlds)   # a class instance (made once per game and seat)
    agent(view, legal, log, worlds)       # or a plain function

* ``view``: ``game.view(seat)``, the seat's view (a read-only mapping, built on first use; the
  dicts and lists in it are plain ones, this decision's own copy: docs/agents.md);
* ``legal``: the legal actions (``Action`` items with ``.id``, ``.name``, ``str()``);
* ``log``: ``game.log_for(seat)``, the events as far as the seat knows them (built on first use);
* ``worlds``: a :class:`Worlds`: ``worlds()`` returns a new ``Game`` consistent with all
  the seat knows and the rest redrawn (``game.sample_world(seat, ...)``), to search on;
  ``worlds.rng`` is the agent's own seeded ``random.Random``; ``worlds.seat`` its seat.

and it returns one of ``legal`` (or its id, or its text). The agent never receives the
``Game`` itself, so it cannot read hidden cards. A class is created as ``cls(rng)`` with
that same seeded generator; a function gets it as ``worlds.rng``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from ..errors import PlayaRulesError


@runtime_checkable
class Agent(Protocol):
    """A player: ``act(view, legal, log, worlds)`` returns one of ``legal`` (or its id or text)."""

    def act(self, view: Mapping, legal: Sequence, log: Sequence, worlds: Worlds) -> Any:
        """Choose one of ``legal``."""


class Worlds:
    """What the seat may imagine: ``worlds()`` samples a game consistent with its knowledge."""

    __slots__ = ("seat", "rng", "_sample")

    def __init__(self, sample, seat: int, rng):
        self._sample = sample
        self.seat = seat
        self.rng = rng

    def __call__(self):
        """A fresh ``Game``: everything the seat knows as it is, the unknown redrawn."""
        return self._sample(self.rng)


class _Lazy:
    """A value built on first use, during the decision only (a stale one is an error)."""

    __slots__ = ("_make", "_value")

    def __init__(self, make):
        self._make = make
        self._value = None

    def _get(self):
        if self._value is None:
            if self._make is None:
                raise PlayaRulesError("an agent kept a view or log past its decision; copy what it needs")
            self._value = self._make()
        return self._value

    def close(self) -> None:
        """End of the decision: what was not built can no longer be."""
        self._make = None


class LazyView(_Lazy, Mapping):
    """``game.view(seat)`` as a read-only mapping, computed when first read."""

    __slots__ = ()

    def __getitem__(self, key):
        return self._get()[key]

    def __iter__(self):
        return iter(self._get())

    def __len__(self):
        return len(self._get())


class LazyLog(_Lazy, Sequence):
    """``game.log_for(seat)`` as a read-only sequence, computed when first read."""

    __slots__ = ()

    def __getitem__(self, index):
        return self._get()[index]

    def __len__(self):
        return len(self._get())


def evaluate(game, seats: int) -> list[float]:
    """Rewards in [0, 1] per seat: half for leading (shared; the winners once over), half for rank.

    Scale-free, so it suits any game's points: rank is the share of other seats with fewer
    points (a tie counts a half), counted in the sorted points (a sum of halves and ones is
    exact in any order: the same floats as adding them up seat by seat).
    """
    return list(rewards(game, seats))


def rewards(game, seats: int) -> tuple:
    """:func:`evaluate`'s rewards as a tuple, shared between calls with the same points (a
    search evaluates every playout: before the match is over they depend on the points alone,
    remembered for the last few thousand)."""
    totals = game.scores()
    if game.is_over:
        return _rewards(totals, game.winners(), seats)
    return _by_points(tuple(totals), seats)


def _rewards(totals: list, leaders: list, seats: int) -> tuple:
    out = []
    ranked = sorted(totals)
    for s in range(seats):
        lead = 1 / len(leaders) if s in leaders else 0.0
        if seats > 1:
            mine = totals[s]
            below = bisect_left(ranked, mine)
            rank = (below + 0.5 * (bisect_right(ranked, mine) - below - 1)) / (seats - 1)
        else:
            rank = 1.0
        out.append(0.5 * lead + 0.5 * rank)
    return tuple(out)


@lru_cache(maxsize=4096)
def _by_points(totals: tuple, seats: int) -> tuple:
    """The rewards before the match is over: the leaders are the seats with the most points."""
    top = max(totals, default=None)
    return _rewards(totals, [s for s, t in enumerate(totals) if t == top], seats)


def finish_hand(game, rng, hands: int | None = None) -> None:
    """Play uniformly at random until the hand under way is scored (or the match ends)."""
    hands = game.hands_played if hands is None else hands
    while not game.is_over and game.hands_played == hands:
        game.apply_index(rng.randrange(len(game.legal_actions())))
