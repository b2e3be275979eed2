"""Tree reuse between one seat's decisions: when a search tree still describes the position.

After a search the agent keeps its tree, with what the seat knew then: the length of its
log, the ids of the components its view showed, and one world sampled from that
knowledge. At its next decision the subtree reached by the actions taken since (its own
and the others', read off its log by id) becomes the new root, with its statistics, if
the seat has learnt nothing about the hidden state meanwhile, so that the worlds the
kept iterations were played in are worlds it would sample now:

* every event since is an action with its id (its face known to the seat) or a mark of the
  flow (a turn, a phase, a step it could not take): no chance event (a draw, a roll), no
  score, no new hand, no action the seat saw only by its back;
* its view shows the same components by id (nothing was revealed to it, nothing hidden again);
* the kept world, with those actions applied, shows the seat the very view it has now
  (nothing public came out of hidden information: a score or a variable set from a card
  it has not seen would differ there, but for the chance that the world drew that card);
* the tree has a node for every one of those actions.

Otherwise the search starts from an empty tree, as a fresh agent's would.
"""

from __future__ import annotations

from ..errors import PlayaRulesError

FLOW = frozenset({"turn", "phase", "blocked"})  # events that carry no choice and no hidden information


class Kept:
    """A finished search's tree and what the seat knew when it was searched."""

    __slots__ = ("root", "length", "last", "seen", "world")

    def __init__(self, root, length: int, last, seen: frozenset, world):
        self.root = root
        self.length = length  # the log's length at that decision
        self.last = last  # its last event then (the log must still start the same)
        self.seen = seen
        self.world = world  # a world sampled then, to replay the actions taken since


def known_ids(view) -> frozenset:
    """The ids of every component the view shows face up to the seat (in any zone, stacked or not)."""
    out = set()
    stack = [view["zones"], view["seats"]]
    pop, push = stack.pop, stack.extend
    while stack:
        x = pop()
        if x.__class__ is dict:
            if "id" in x and "type" in x:
                out.add(x["id"])
            push(x.values())
        elif x.__class__ is list:
            push(x)
    return frozenset(out)


def follow(kept: Kept, view, log, seat: int, seen: frozenset):
    """The kept tree's node for the position now, or None when the tree no longer fits (module doc)."""
    n, start = len(log), kept.length
    if n <= start or (start and log[start - 1] != kept.last) or seen != kept.seen:
        return None
    node, taken = kept.root, []
    for ev in log[start:n]:
        kind = ev.get("event")
        if kind == "action":
            i = ev.get("id")
            node = None if i is None else node.children.get(i)
            if node is None or node.player != ev.get("seat"):
                return None
            taken.append(i)
        elif kind not in FLOW:
            return None
    if not taken:
        return None
    world = kept.world
    try:
        for i in taken:
            world.apply(i)
        if world.is_over or world.current_player != seat or world.view(seat) != dict(view):
            return None
    except PlayaRulesError:  # an action the kept world does not allow: it no longer fits
        return None
    return node
