"""Boards given as data: cells that name their neighbours.

A cell of such a board is a component with a ``next_to`` property, the list of the names
(labels) of the cells next to it, of its own type and owner; it may have no ``row`` and
``col`` at all (a Nine Men's Morris board, a map of regions). The names are resolved once,
when the rules load, into :attr:`Model.links`, a table by component of the neighbours'
ids, which the DSL's board functions (``neighbours``, ``connected``, ``line``) read
(:mod:`.dsl.grid`). A board is a set of places next to each other both ways, so the lists
must agree: a cell that names another is named by it, unless its type says
``next_to_both_ways: true``, where each relation is written once, on either cell, and the
other way is added (a cell's neighbours are then in file order). Every problem (a name that is no cell, a cell named twice, a list one
way only) is a located ``bad-board`` error.
"""

from __future__ import annotations

from ..errors import spelled
from ..shared.limits import MAX_NEIGHBOURS
from ..shared.spelling import did_you_mean

LINKS = "next_to"
"""The property listing a cell's neighbours by name."""
BOTH_WAYS = "next_to_both_ways"
"""The component type's option making each listed neighbour relation go both ways."""


def _places(m) -> dict:
    """(type, owner) -> {label: [cells]}: the names each cell's links may use (cells of its
    own type and owner)."""
    out: dict = {}
    for x, label in enumerate(m.labels):
        out.setdefault((m.ctype[x], m.owner[x]), {}).setdefault(label, []).append(x)
    return out


def link(builder, m, where: list) -> None:
    """Fill ``m.links`` from the cells' ``next_to`` lists, reporting each problem through
    ``builder`` at the cell's item line (``where``: the item line's pointer by component)."""
    table = m.props.get(LINKS)
    if table is None:
        return
    links: list = [None] * m.component_count
    places = _places(m)
    both = {t for t, spec in m.types.items() if isinstance(spec, dict) and spec.get(BOTH_WAYS) is True}
    for c, names in enumerate(table):
        if names is None:
            if m.ctype[c] in both:
                links[c] = ()  # a cell whose neighbours all name it
            continue
        ptr = where[c] + "/" + LINKS
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            builder.error(
                ptr,
                "bad-board",
                f"'{LINKS}' lists the names of the cells next to a cell, not {spelled(names)}",
            )
            continue
        if len(names) > MAX_NEIGHBOURS:
            builder.error(
                ptr,
                "bad-board",
                f"cell '{m.labels[c]}' lists {len(names)} neighbours: over the limit of {MAX_NEIGHBOURS}",
            )
            continue
        by_name, found = places[m.ctype[c], m.owner[c]], []
        for name in names:
            cells = by_name.get(name, ())
            if len(cells) != 1:
                message = (
                    f"cell '{m.labels[c]}' is next to '{name}', but no {m.ctype[c]} is named so"
                    if not cells
                    else f"cell '{m.labels[c]}' is next to '{name}', but {len(cells)} cells are named so"
                )
                builder.error(ptr, "bad-board", message, did_you_mean(name, list(by_name)))
            elif cells[0] == c:
                builder.error(ptr, "bad-board", f"cell '{name}' lists itself among its neighbours")
            elif cells[0] not in found:
                found.append(cells[0])
        links[c] = tuple(found)
    for c, found in enumerate(list(links)):  # a relation written once: the other way added
        if m.ctype[c] in both:
            for x in found or ():
                if c not in (links[x] or ()):
                    links[x] = (links[x] or ()) + (c,)
                    if len(links[x]) == MAX_NEIGHBOURS + 1:
                        builder.error(
                            where[x],
                            "bad-board",
                            f"cell '{m.labels[x]}' is next to more than {MAX_NEIGHBOURS} cells, with those "
                            f"that name it: over the limit of {MAX_NEIGHBOURS}",
                        )
    for c, found in enumerate(links):
        for x in found or ():
            if c not in (links[x] or ()):
                builder.error(
                    where[c] + "/" + LINKS,
                    "bad-board",
                    f"cell '{m.labels[c]}' is next to '{m.labels[x]}', but '{m.labels[x]}' does not "
                    f"list '{m.labels[c]}': neighbours are next to each other both ways",
                )
    for c in range(m.component_count):  # in file order; what views and screens show, both ways
        if m.ctype[c] in both and links[c] is not None:
            links[c] = tuple(sorted(links[c]))
            table[c] = [m.labels[x] for x in links[c]]
    m.links = links


def steps(m, prop: str) -> tuple[list, list]:
    """The cell each cell's ``prop`` names (a direction of a board given as data: ``up:
    a4``), by component, None where it names none; and the problems, as messages."""
    table = m.props.get(prop) or [None] * m.component_count
    out: list = [None] * m.component_count
    problems, places = [], _places(m)
    for c, name in enumerate(table):
        if name is None or m.links is None or m.links[c] is None:
            continue
        cells = places[m.ctype[c], m.owner[c]].get(name, ()) if isinstance(name, str) else ()
        if len(cells) != 1 or cells[0] == c:
            problems.append(f"cell '{m.labels[c]}' has {prop}: {spelled(name)}, which names no other cell")
        else:
            out[c] = cells[0]
    return out, problems
