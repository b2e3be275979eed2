"""A static bound on the loops of one DSL text, checked while it compiles.

Every loop of a text (a comprehension, ``sum``/``count``/``any``/``all``/``first``/``max``/
``min`` over a collection, a ``for`` effect) runs its body once per element of its
collection, and a loop inside that body once per element of each; a function walking a
collection (``sum(list)``, ``contains``, the board functions...) walks it once per run of
the loops around it. Their cost is the product of an upper bound of each collection's
size: a constant list's length, a list literal's, the components a zone (or a list of
components) can hold, the seats of the largest game for ``seats``, and for any other list
the rules compute the largest of the number of components, of seats and of a list
parameter's length. Defines are compiled in place, so loops nested through them count
too. A text whose loops may take more than ``MAX_LOOP_COST`` steps in one evaluation is
refused (``loops-too-large``) at the loop that goes past the budget: ``sum(sum(...(s.put for
s in seats)...) for s in seats)`` nested 30 deep is 2**30 steps, a game that never ends.

The compiler (compile.py) keeps the bounds of the loops around the node it compiles in
``cp.loops``, a tuple, empty at the start of each text, and the bound of the list each
comprehension makes in ``cp.sizes`` (so ``[t for t in [0, 1, 2] where ...]`` is 3 long).
"""

from __future__ import annotations

import math

from ...shared.limits import MAX_LOOP_COST
from . import ast as A
from .names import BUILTIN_NAMES
from .values import Scope


def bound(cp, c, node, scope) -> int:
    """The most elements collection ``c`` (compiled from ``node`` in ``scope``) can have."""
    m = cp.m
    if c.is_const and isinstance(c.const, (list, tuple, dict, str)):
        return len(c.const)
    known = _recorded(cp, node, scope)
    if known is not None:
        return known
    elem = c.t.element()
    if c.t.kind == "zone" or elem.kind == "comp":
        return sum(len(m.type_members.get(t, ())) for t in elem.types) or m.component_count
    if elem.kind == "seat":
        return m.max_players
    longest = cp.sizes.get("longest")
    if longest is None:  # worked out once per compile
        longest = cp.sizes["longest"] = max(
            [len(v) for v in m.constants.values() if isinstance(v, list)] + [m.component_count, m.max_players]
        )
    return longest


def _recorded(cp, node, scope):
    """The bound read off the tree: a list literal's length, or a comprehension's (its
    collection's, recorded when it was compiled, just before), through the defines that
    name one; None when the tree does not tell."""
    for _ in range(64):
        if isinstance(node, A.ListLit):
            return len(node.items)
        if (
            not isinstance(node, (A.Name, A.Call))
            or (node.id if isinstance(node, A.Name) else node.func) in scope.names
        ):
            break
        d = cp.defines.get(node.id if isinstance(node, A.Name) else node.func)
        if d is None or (
            isinstance(node, A.Name)
            and (
                node.id in cp.m.zones
                or node.id in cp.m.constants
                or node.id in BUILTIN_NAMES
                or node.id == "me"
            )
        ):
            break  # (what the compiler reads before a define of that name)
        node, scope = d.body, Scope()  # a define's body was compiled just now, for this very use
    got = cp.sizes.get(id(node))
    return got[1] if got is not None and got[0] is node else None


def enter(cp, c, node, scope) -> tuple:
    """Check the loop of ``node`` (a comprehension or a ``for``) over collection ``c``, then
    count it around what its body compiles; the bounds before, for the caller to put back."""
    before = cp.loops
    size = walk(cp, c, node.coll, scope)
    if isinstance(node, A.Comprehension):
        cp.sizes[id(node)] = (node, size)  # the list it makes is no longer (the node held: ids are reused)
    cp.loops = before + (max(size, 1),)
    return before


def walk(cp, c, node, scope) -> int:
    """Check one walk through collection ``c`` (at ``node``) inside the loops around it:
    refused past ``MAX_LOOP_COST`` steps; the collection's bound."""
    size = bound(cp, c, node, scope)
    _within(cp, node, size)
    return size


def rounds(cp, n: int, node) -> tuple:
    """Check a ``while`` loop of at most ``n`` rounds at ``node``, then count it around what
    its body compiles; the bounds before, for the caller to put back."""
    before = cp.loops
    _within(cp, node, n)
    cp.loops = before + (n,)
    return before


def _within(cp, node, size: int) -> None:
    """Refuse a walk of ``size`` steps inside the loops around it past ``MAX_LOOP_COST``."""
    steps = math.prod(cp.loops) * size
    if steps > MAX_LOOP_COST:
        factors = cp.loops + (size,)
        shown = " x ".join(f"{b:,}" for b in factors[:8]) + (" x ..." if len(factors) > 8 else "")
        cp.error(
            node,
            "loops-too-large",
            f"this loop may take {steps:,} steps in one evaluation of the text ({len(factors)} nested "
            f"loops over {shown} elements), over the limit of {MAX_LOOP_COST:,}",
            "loops inside loops multiply: work a value out once (a define, a variable set "
            "beforehand) or loop over a smaller collection",
        )


def walked_args(cp, node, args, scope) -> None:
    """Check the collections a plain call of a function (``sum(list)``, ``contains(zone, x)``)
    walks (a function registered with ``walks=False`` walks none): each once per run of the
    loops around it."""
    for a, n in zip(args, node.args):
        if a.t.kind in ("zone", "list"):
            walk(cp, a, n, scope)
