"""Information-set Monte Carlo tree search (single observer, Cowling, Powley and Whitehouse 2012).

Each iteration samples a world from the seat's knowledge (``worlds()``, never the real
hidden state), walks one shared tree in it and backs the result up. A node is reached
by an action id; its statistics count from the point of view of the seat that chose it.
Selection is UCB1 over the actions legal *in this world*, each arm's exploration term
using how often it was available (not how often its parent was visited). The playout
is random until the hand under way is scored (``horizon="hand"``, the default) or the
match ends (``"match"``); the reward is :func:`~playa_rules.agents.protocol.evaluate`
(with one seat alone, whose rank never changes, its points scaled to those its playouts
reached: :meth:`ISMCTSAgent._back_alone`). The action played is the most visited at the root. The budget is ``playouts``
iterations (reproducible for a seed), or ``seconds`` of search if that is given. With a
budget of iterations the search stops as soon as the most visited legal action leads
every other by more than the iterations left: none of them could change the choice, so
the answer is the whole budget's at a fraction of its cost (tested only where it can
first hold: :meth:`ISMCTSAgent._margin`).

With ``reuse`` (the default) the agent keeps its tree between its decisions in a game and
starts the next search from the subtree of the actions taken since, when the seat has
learnt nothing hidden meanwhile (:mod:`.reuse` says how that is checked). The budget
counts the iterations that subtree already holds: a decision is made on ``playouts``
iterations either way, and only the missing ones are played.
"""

from __future__ import annotations

import math
import time
from collections import Counter

from .collector import paused
from .options import check
from .protocol import rewards as _rewards
from .reuse import Kept, follow, known_ids

DEFAULT_PLAYOUTS = 100


class _Node:
    __slots__ = ("player", "visits", "total", "points", "children", "avail")

    def __init__(self, player):
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.points = 0.0  # (one seat alone: the playouts' points added up, see Solo)
        self.children: dict[int, _Node] = {}
        self.avail: Counter = Counter()  # how often each action was legal here


class ISMCTSAgent:
    """Single-observer ISMCTS with a budget of ``playouts`` iterations or ``seconds``."""

    name = "ismcts"

    def __init__(
        self,
        rng,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        c: float = 0.7,
        horizon: str = "hand",
        reuse: bool = True,
    ):
        self.rng = rng  # every option in its range (.options), refused rather than clamped
        self.playouts = check("ismcts", "playouts", playouts)
        self.seconds = None if seconds is None else check("ismcts", "seconds", seconds)
        self.c = check("ismcts", "c", c)
        self.horizon = check("ismcts", "horizon", horizon)
        self.reuse = check("ismcts", "reuse", reuse)
        self._kept: Kept | None = None  # the last search's tree, for the next decision (reuse)
        self.reused = 0  # iterations taken over from earlier searches (for benchmarks and tests)
        self._span: list | None = None  # one seat alone: the lowest and highest playout points

    def act(self, view, legal, log, worlds):
        """The most visited legal action at the root after the search."""
        if len(legal) == 1:
            return legal[0]
        listed = (
            legal.ids() if hasattr(legal, "ids") else [a.id for a in legal]
        )  # (a Legal reads them off its runs)
        ids = dict(zip(listed, range(len(listed))))  # id -> index
        keep = self.reuse and view is not None and log is not None
        root, seen = None, None
        if keep:
            seen = known_ids(view)
            kept, self._kept = self._kept, None
            if kept is not None:
                root = follow(kept, view, log, worlds.seat, seen)
        if root is None:
            root = _Node(None)
        self.reused += root.visits
        with paused():  # the collector would walk the tree at every few hundred allocations
            if self.seconds is None:
                self._search(root, worlds, ids)
            else:
                deadline = time.perf_counter() + self.seconds
                self._iterate(root, worlds())
                while time.perf_counter() < deadline:
                    self._iterate(root, worlds())
        ranked = [(n.visits, self._mean(n), i) for i, n in root.children.items() if i in ids]
        if keep:
            self._kept = Kept(root, len(log), log[-1] if len(log) else None, seen, worlds())
        if not ranked:  # no world allowed any of the real legal actions
            return legal[self.rng.randrange(len(legal))]
        return legal[ids[max(ranked)[2]]]

    def _search(self, root: _Node, worlds, ids: dict) -> None:
        """Iterations until the root holds ``playouts`` (a reused root holds some already), ending
        early once the most visited legal action can no longer be overtaken by the iterations
        left: the choice is the one the whole budget makes."""
        budget = self.playouts
        due = root.visits  # the first iteration at which the lead can be decisive (see _margin)
        for done in range(root.visits, budget):
            left = budget - done
            if 2 * left < budget and done >= due:
                if self._settled(root, ids, left):
                    return
                due = done + self._margin(root, ids, left) // 2 + 1
            self._iterate(root, worlds())

    @staticmethod
    def _settled(root: _Node, ids: dict, left: int) -> bool:
        """True when one legal action leads every other by more than ``left`` visits."""
        return ISMCTSAgent._margin(root, ids, left) < 0

    @staticmethod
    def _margin(root: _Node, ids: dict, left: int) -> int:
        """``second + left - first`` (the visits of the two most visited legal actions): negative
        once the search is settled. An iteration adds one visit to one action and spends one of
        those ``left``, so the margin falls by at most 2 an iteration: from a margin ``m`` the
        next ``m // 2`` iterations cannot settle it, and are not tested."""
        first = second = 0
        for i, child in root.children.items():  # (a legal action not tried yet counts 0)
            if i in ids:
                v = child.visits
                if v > first:
                    first, second = v, first
                elif v > second:
                    second = v
        return second + left - first

    def _iterate(self, root: _Node, world) -> None:
        """One iteration: down the tree by UCB1 to a new node, then at random to the horizon.
        Actions are applied by their index in the legal list (``Game.apply_index``), and with
        the hand as horizon the world stops once the hand is scored (``stop_between_hands``):
        nothing after it is read."""
        rng = self.rng
        root.visits += 1  # (the iterations the root holds: its own total is never read)
        hands = world.hands_played
        by_hand = self.horizon == "hand"
        if by_hand:
            world.stop_between_hands()
        node, path = root, []
        while not world.is_over and not (by_hand and world.hands_played != hands):
            legal = world.legal_actions()
            ids = legal.ids()  # in list order, read off the runs (no Action made each)
            node.avail.update(ids)  # (a Counter: counted in C)
            children = node.children
            k = self._untried(ids, children)
            if k is not None:
                node = children[ids[k]] = _Node(world.current_player)
                path.append(node)
                world.apply_index(k)
                break
            k = self._select(node, ids)
            node = children[ids[k]]
            path.append(node)
            world.apply_index(k)
        random = rng.random  # the playout: int(random() * n) is randrange(n) at a fraction of its cost
        if by_hand:  # nothing is legal once the hand is scored: the match is over or the world stopped
            world.play_at_random(random, log=False)  # (the playout is read for its scores only)
        else:
            play = world.apply_index
            while not world.is_over:
                legal = world.legal_actions()
                play(int(random() * len(legal)))
        rewards = _rewards(world, world.players)  # (evaluate's, shared between playouts)
        if world.players == 1:  # one seat alone: its rank says nothing, its points do
            self._back_alone(world, path, rewards[0])
            return
        for n in path:
            n.visits += 1
            n.total += rewards[n.player]

    def _back_alone(self, world, path: list, reward: float) -> None:
        """Back up a playout of a game with one seat: the leading half of the reward as usual (a
        match that can be lost: ``win none``), and the points, which the selection scales to the
        lowest and highest points the agent's playouts reached (``_span``) in place of the rank."""
        points = world.scores()[0]
        span = self._span
        if span is None:
            self._span = span = [points, points]
            self._select = self._select_alone  # (from now on, for this agent's game)
        elif points < span[0]:
            span[0] = points
        elif points > span[1]:
            span[1] = points
        lead = reward - 0.5  # (the rank half of one seat's reward is always 0.5)
        for n in path:
            n.visits += 1
            n.total += lead
            n.points += points

    def _mean(self, node: _Node) -> float:
        """A node's mean reward: with one seat, half for leading and half its points scaled to the span."""
        mean = node.total / node.visits
        if self._span is None:
            return mean
        lo, hi = self._span
        return mean + (0.5 * (node.points / node.visits - lo) / (hi - lo) if hi > lo else 0.25)

    def _select_alone(self, node: _Node, ids: list) -> int:
        """``_select`` with :meth:`_mean` as the value (one seat alone)."""
        c, sqrt, log, children, avail, mean = (
            self.c,
            math.sqrt,
            math.log,
            node.children,
            node.avail,
            self._mean,
        )
        best, best_value = None, -math.inf
        for k, i in enumerate(ids):
            child = children[i]
            value = mean(child) + c * sqrt(log(avail[i]) / child.visits)
            if value > best_value:
                best, best_value = k, value
        return best

    def _untried(self, ids: list, children: dict):
        """The index of a legal action not tried yet at this node, uniformly drawn, or None. Where
        fewer actions were tried than are legal (a wide node early on) a few random draws find
        one without listing them all; a draw that finds a tried one is drawn again, which keeps
        the choice uniform."""
        n = len(ids)
        if len(children) < n:  # (some untried for sure: the children are not all legal here)
            random = self.rng.random
            for _ in range(8):
                k = int(random() * n)
                if ids[k] not in children:
                    return k
        if children.keys() >= set(ids):  # (every legal action tried, checked in C: the usual case)
            return None
        untried = [k for k, i in enumerate(ids) if i not in children]
        return untried[self.rng.randrange(len(untried))]

    def _select(self, node: _Node, ids: list) -> int:
        """The index (in ``ids``, the legal actions' ids) of the UCB1 choice."""
        c, sqrt, log, children, avail = self.c, math.sqrt, math.log, node.children, node.avail
        best, best_value = None, -math.inf
        for k, i in enumerate(ids):
            child = children[i]
            value = child.total / child.visits + c * sqrt(log(avail[i]) / child.visits)
            if value > best_value:
                best, best_value = k, value
        return best
