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
  of play in games of fewer seats; a reader that knows the seats in play may count a seat's
  components too, as :mod:`.seatboards` does: ``owned``);
- every component of its type and owner starts in the same zone (a sampled world exchanges
  only components of one type and owner, so each stays in that zone).

Each move and deal also records the zones it may move a component into (any zone where the
compiler cannot tell which): a zone whose cells stay and that receives nothing always holds
exactly the cells it starts with (``picks.first_by_value`` finds one by a property's value).

The moved types are known only once every effect is compiled, after the readers that want
the answer. So a compile pass **assumes** which components stay (the first pass: as if
nothing moved), the readers record what they were written for (:meth:`Staying.cells_stay`,
:meth:`Staying.receives_nothing`), and the pass is kept only if that holds by the moves it
found; otherwise the rule set is compiled again assuming what that pass found
(``held.compile_typed``). A rule set that moves its cells is therefore compiled twice and
reads its boards with the tests; one that moves none, or moves other components only, is
compiled once and reads them as tables.
"""

from __future__ import annotations

from dataclasses import dataclass

EVERY = None
"""The moved types when a ``move`` or ``deal`` may move a component of any type."""


def stays(m, moved, owned: bool = False) -> list[bool]:
    """Per component of model ``m``: whether it stays in its start zone when the types
    ``moved`` (a set of type names, or EVERY) are those a move or a deal may move; ``owned``:
    a seat's components too, where its seat is in play (readers of them know the seats in
    play: :mod:`.seatboards`)."""
    if moved is EVERY:
        return [False] * m.component_count
    first: dict = {}  # (type, owner) -> the start zone all of them share, or None
    for x in range(m.component_count):
        key, z = (m.ctype[x], m.owner[x]), m.start_zone[x]
        first[key] = z if first.get(key, z) == z else None
    return [
        m.ctype[x] not in moved
        and (owned or m.owner[x] is None)
        and m.start_zone[x] >= 0
        and first[m.ctype[x], m.owner[x]] == m.start_zone[x]
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


@dataclass(frozen=True)
class Moves:
    """What the ``move`` and ``deal`` effects of a rule set may do: the types of the components
    they may move and the zones they may move one into (EVERY: any)."""

    types: frozenset | None = frozenset()
    into: frozenset | None = frozenset()


NOTHING = Moves()
ANYTHING = Moves(EVERY, EVERY)


class Staying:
    """One compile pass's answer to "does this component stay where it starts?" and "can a
    component be moved into this zone?": what it assumes (what the last pass found moved:
    nothing at first), what it finds, and what generated code relied on."""

    def __init__(self, m, assumed: Moves = NOTHING):
        self.m = m
        self.assumed = assumed
        self.staying = stays(m, assumed.types)
        self.held = stays(m, assumed.types, owned=True)  # a seat's components too, where in play
        self.moved: set | None = set()  # EVERY once a move of unknown types is met
        self.into: set | None = set()  # EVERY once a move into a zone not known is met
        self.relied: set = set()  # components relied on to stay
        self.closed: set = set()  # zones relied on to receive nothing

    def note_moved(self, types) -> None:
        """A ``move`` or ``deal`` may move components of ``types`` (EVERY, or empty: any type)."""
        if self.moved is not EVERY:
            if not types:
                self.moved = EVERY
            else:
                self.moved.update(types)

    def note_into(self, zones) -> None:
        """A ``move`` or ``deal`` may move components into ``zones`` (indices; EVERY: any)."""
        if self.into is not EVERY:
            if zones is EVERY:
                self.into = EVERY
            else:
                self.into.update(zones)

    def found(self) -> Moves:
        """What the moves and deals of this pass may do (the types include the misfiled ones
        once anything moves)."""
        types = self.moved if self.moved is EVERY or not self.moved else self.moved | misfiled(self.m)
        return Moves(
            types if types is EVERY else frozenset(types),
            self.into if self.into is EVERY else frozenset(self.into),
        )

    def cells_stay(self, cells, owned: bool = False) -> bool:
        """Whether every one of ``cells`` is assumed to stay (``owned``: a seat's, where its seat
        is in play); if so, generated code is about to rely on it, and this pass is kept only
        if it holds (:meth:`proven`)."""
        cells = list(cells)
        staying = self.held if owned else self.staying
        if not all(staying[x] for x in cells):
            return False
        self.relied.update(cells)
        return True

    def receives_nothing(self, zone: int) -> bool:
        """Whether zone ``zone`` is assumed to receive no component (no move or deal into it),
        relied on if so, as :meth:`cells_stay`."""
        into = self.assumed.into
        if into is EVERY or zone in into:
            return False
        self.closed.add(zone)
        return True

    def proven(self) -> bool:
        """Whether every component generated code relied on stays, and every zone it relied
        on receives nothing, by what this pass found."""
        found = self.found()
        if self.closed and (found.into is EVERY or self.closed & found.into):
            return False
        if not self.relied:
            return True
        staying = stays(self.m, found.types, owned=True)  # the same as without for a cell of no owner
        return all(staying[x] for x in self.relied)
