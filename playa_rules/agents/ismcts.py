"""Information-set Monte Carlo tree search (single observer, Cowling, Powley and Whitehouse 2012).

Each iteration samples a world from the seat's knowledge (``worlds()``, never the real
hidden state), walks one shared tree in it and backs the result up. A node is reached
by an action id; its statistics count from the point of view of the seat that chose it.
Selection is UCB1 over the actions legal *in this world*, each arm's exploration term
using how often it was available (not how often its parent was visited). The playout
is random until the hand under way is scored (``horizon="hand"``, the default) or the
match ends (``"match"``); the reward is :func:`~playa_rules.agents.protocol.evaluate`.
The action played is the most visited at the root. The budget is ``playouts``
iterations (reproducible for a seed), or ``seconds`` of search if that is given. With a
budget of iterations the search stops as soon as the most visited legal action leads
every other by more than the iterations left: none of them could change the choice, so
the answer is the whole budget's at a fraction of its cost.
"""

from __future__ import annotations

import math
import time

from ..errors import PlayaRulesError
from .collector import paused
from .protocol import evaluate

DEFAULT_PLAYOUTS = 100


class _Node:
    __slots__ = ("player", "visits", "total", "children", "avail")

    def __init__(self, player):
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}
        self.avail: dict[int, int] = {}


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
    ):
        if horizon not in ("hand", "match"):
            raise PlayaRulesError(f"ismcts horizon must be 'hand' or 'match', not {horizon!r}")
        self.rng = rng
        self.playouts = max(1, int(playouts))
        self.seconds = None if seconds is None else float(seconds)
        self.c = float(c)
        self.horizon = horizon

    def act(self, view, legal, log, worlds):
        """The most visited legal action at the root after the search."""
        if len(legal) == 1:
            return legal[0]
        root = _Node(None)
        listed = (
            legal.ids() if hasattr(legal, "ids") else [a.id for a in legal]
        )  # (a Legal reads them off its runs)
        ids = dict(zip(listed, range(len(listed))))  # id -> index
        with paused():  # the collector would walk the tree at every few hundred allocations
            if self.seconds is None:
                self._search(root, worlds, ids)
            else:
                deadline = time.perf_counter() + self.seconds
                self._iterate(root, worlds())
                while time.perf_counter() < deadline:
                    self._iterate(root, worlds())
        ranked = [(n.visits, n.total / n.visits, i) for i, n in root.children.items() if i in ids]
        if not ranked:  # no world allowed any of the real legal actions
            return legal[self.rng.randrange(len(legal))]
        return legal[ids[max(ranked)[2]]]

    def _search(self, root: _Node, worlds, ids: dict) -> None:
        """``playouts`` iterations, ending early once the most visited legal action can no longer
        be overtaken by the iterations left: the choice is the one the whole budget makes."""
        budget = self.playouts
        for done in range(budget):
            left = budget - done
            if 2 * left < budget and self._settled(root, ids, left):
                return
            self._iterate(root, worlds())

    @staticmethod
    def _settled(root: _Node, ids: dict, left: int) -> bool:
        """True when one legal action leads every other by more than ``left`` visits."""
        children = root.children
        first = second = 0
        for i in ids:
            child = children.get(i)
            v = 0 if child is None else child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first > second + left

    def _iterate(self, root: _Node, world) -> None:
        rng = self.rng
        hands = world.hands_played
        node, path = root, []
        expanded = False
        while not (world.is_over or (self.horizon == "hand" and world.hands_played != hands)):
            legal = world.legal_actions()
            player = world.current_player
            if not expanded:
                ids = legal.ids()  # in list order, read off the runs (no Action made each)
                avail, children = node.avail, node.children
                for i in ids:
                    avail[i] = avail.get(i, 0) + 1
                untried = [k for k, i in enumerate(ids) if i not in children]
                if untried:
                    k = untried[rng.randrange(len(untried))]
                    child = children[ids[k]] = _Node(player)
                    expanded = True
                else:
                    k = self._select(node, ids)
                    child = children[ids[k]]
                action = legal[k]
                path.append(child)
                node = child
            else:  # the playout
                action = legal[rng.randrange(len(legal))]
            world.apply(action)
        rewards = evaluate(world, world.players)
        for n in path:
            n.visits += 1
            n.total += rewards[n.player]

    def _select(self, node: _Node, ids: list) -> int:
        """The index (in ``ids``, the legal actions' ids) of the UCB1 choice."""
        c = self.c
        best, best_value = None, -math.inf
        for k, i in enumerate(ids):
            child = node.children[i]
            value = child.total / child.visits + c * math.sqrt(math.log(node.avail[i]) / child.visits)
            if value > best_value:
                best, best_value = k, value
        return best
