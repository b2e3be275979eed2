"""Components that stay where they start: the cells of a board nothing moves.

A board's cells usually never move: a game marks them (``set cell.mark = me.index``) and no
``move`` or ``deal`` takes one anywhere. A component that is always in the zone it starts
every hand in lets the readers of a board (:mod:`.grid`, :mod:`.gridsource`,
:mod:`.linked`) leave out the test that a cell is in the board (``g.loc[c] == zone``):
the cell at a location, a line's cells and a cell's neighbours in that zone are then
tables made when the rules load.

What can change a component's zone: the ``move`` and ``deal`` effects (setup, actions,
steps, hooks and procedures all compile through them), the start of a hand (every
component back to its start zone) and a sampled world (``engine/worlds.py``: components a
seat has not seen change places with others of their type and owner, and components in a
zone attached to one follow it). So a component **stays** when

- no ``move`` or ``deal`` of the rule set can move a component of its type: each records the
  types of what it moves as the compiler types it (a move, the types of the components it
  names; a deal, the types its source zone holds), every type when that is not known; and
  when any component moves at all, the types that start in a zone not holding them count as
  moved too (an expression reading such a zone is typed by what the zone holds);
- it starts a hand in a zone (not out of play) and has no owner (a seat's components are out
  of play in games of fewer seats);
- every component of its type and owner starts in the same zone (a sampled world exchanges
  only components of one type and owner, so each stays in that zone).

The moved types are known only once every effect is compiled, after the readers that want
the answer. So a compile pass **assumes** which components stay (the first pass: as if
nothing moved), the readers record those they were written for (:meth:`Staying.cells_stay`),
and the pass is kept only if those are among the components that stay by the moved types it
found; otherwise the rule set is compiled again assuming what that pass found
(``held.compile_typed``). A rule set that moves its cells is therefore compiled twice and
reads its boards with the tests; one that moves none, or moves other components only, is
compiled once and reads them as tables.
"""

from __future__ import annotations

EVERY = None
"""The moved types when a ``move`` or ``deal`` may move a component of any type."""


def stays(m, moved) -> list[bool]:
    """Per component of model ``m``: whether it stays in its start zone when the types
    ``moved`` (a set of type names, or EVERY) are those a move or a deal may move."""
    if moved is EVERY:
        return [False] * m.component_count
    first: dict = {}  # (type, owner) -> the start zone all of them share, or None
    for x in range(m.component_count):
        key, z = (m.ctype[x], m.owner[x]), m.start_zone[x]
        first[key] = z if first.get(key, z) == z else None
    return [
        m.ctype[x] not in moved
        and m.owner[x] is None
        and m.start_zone[x] >= 0
        and first[m.ctype[x], None] == m.start_zone[x]
        for x in range(m.component_count)
    ]


def misfiled(m) -> set:
    """The types of the components that start in a zone whose ``holds`` does not list them."""
    out = set()
    for x in range(m.component_count):
        z = m.start_zone[x]
        if z >= 0:
            zone = m.zones.get(m.zone_names[z][0])
            if zone is not None and zone.holds and m.ctype[x] not in zone.holds:
                out.add(m.ctype[x])
    return out


class Staying:
    """One compile pass's answer to "does this component stay where it starts?": the
    components assumed to (from the types the last pass found moved: none at first), the
    types this pass finds moved, and the components generated code relied on."""

    def __init__(self, m, assumed_moved=frozenset()):
        self.m = m
        self.assumed_moved = assumed_moved
        self.assumed = stays(m, assumed_moved)
        self.moved: set | None = set()  # EVERY once a move of unknown types is met
        self.relied: set = set()

    def note_moved(self, types) -> None:
        """A ``move`` or ``deal`` may move components of ``types`` (EVERY, or empty: any type)."""
        if self.moved is EVERY:
            return
        if not types:
            self.moved = EVERY
        else:
            self.moved.update(types)

    def found_moved(self):
        """The types a move or a deal of this pass may move (EVERY: any), the misfiled ones included."""
        if self.moved is EVERY:
            return EVERY
        if self.moved:
            return frozenset(self.moved | misfiled(self.m))
        return frozenset()

    def cells_stay(self, cells) -> bool:
        """Whether every one of ``cells`` is assumed to stay; if so, generated code is about to
        rely on it, and this pass is kept only if it holds (:meth:`proven`)."""
        cells = list(cells)
        if not all(self.assumed[x] for x in cells):
            return False
        self.relied.update(cells)
        return True

    def proven(self) -> bool:
        """Whether every component generated code relied on stays by the moved types found."""
        if not self.relied:
            return True
        found = stays(self.m, self.found_moved())
        return all(found[x] for x in self.relied)


def in_zone(m, cells, zone: int) -> list:
    """Those of ``cells`` (components that stay) that are in zone ``zone``: those starting there."""
    return [x for x in cells if m.start_zone[x] == zone]
