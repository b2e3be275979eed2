"""The zones of a view as one Python function generated per rule set from its layout.

A view shows every component of every shared and per-seat zone, and the zones attached to
them, as the seat may know it (:mod:`.view`). What each component can show is fixed by the
layout: its face (id, type, label, properties, owner), the component variables its type
carries and the zones attached to it. Components that show the same kind of entry (the same
variables, the same attached zones) share a *shape*; the generated function has one branch
per shape, in which the entry is written out whole (a dict display of its variables, one of
its attached zones) instead of looping over names, and one line per zone of the view.

Why this is safe with rule files from strangers: the source is assembled here from fixed
templates and integers only (zone indices, shape numbers, positions in tables). Every name
from the rule file (a zone, a variable, a property) and every per-component entry is an object
bound in the function's own namespace under a name made here (``_k3``, ``_t0``); no text of the
file ever becomes source, and the function runs with no builtins but ``range``.
"""

from __future__ import annotations

from types import FunctionType

from .log import all_plain, plain

_ENTRY = "_view_code"
_INLINE_LINES = 3000  # the most lines the loops of a view's zones take written out one per zone  # the attribute of the Model holding (function, source), made once


def _entries(m, shape_of: list, shapes: list) -> tuple[list, list]:
    """Per component, what a seat that knows its face sees of it that never changes (id, type,
    label, properties, owner) and what a seat that does not know it sees (its type, a back).
    Each already holds the keys ``vars`` and ``zones`` its shape fills in (None until then), in
    the order of an entry: a copy has the room for them and keeps their order, no dict grows."""
    known, hidden = [], []
    for c in range(m.component_count):
        out = {"id": c, "type": m.ctype[c], "label": m.labels[c]}
        for name, table in m.props.items():
            v = table[c]
            if v is not None:
                out[name] = v
        if m.owner[c] is not None:
            out["owner"] = m.owner[c]
        back = {"type": m.ctype[c], "hidden": True}
        names, tables = shapes[shape_of[c]]
        if names:
            out["vars"] = None
        if tables:
            out["zones"] = back["zones"] = None
        known.append(out)
        hidden.append(back)
    return known, hidden


def _shapes(m) -> tuple[list, list]:
    """``(shapes, shape of each component)``: a shape is (indices of the component variables it
    carries, indices of its attached zone tables), numbered most common first."""
    cvars = list(m.cvars.items())
    attached = list(m.attached.items())
    each = []
    for c in range(m.component_count):
        t = m.ctype[c]
        names = tuple(i for i, (_, (types, _)) in enumerate(cvars) if t in types)
        tables = tuple(i for i, (_, table) in enumerate(attached) if table[c] >= 0)
        each.append((names, tables))
    counts: dict = {}
    for s in each:
        counts[s] = counts.get(s, 0) + 1
    shapes = sorted(counts, key=lambda s: (-counts[s], s))
    number = {s: i for i, s in enumerate(shapes)}
    return shapes, [number[s] for s in each]


def _loop(shapes: list, zone: str, pad: str) -> list[str]:
    """Lines that list the entries of zone ``zone`` (an expression) in ``out``, one branch per shape."""
    lines = ["out = []", "add = out.append", f"for c in zones[{zone}]:"]
    if len(shapes) > 1:
        lines.append("    k = _S[c]")
    if not shapes:  # no components at all: every zone empty
        lines.append("    pass")
    for number, (names, tables) in enumerate(shapes):
        if not names:
            body = [
                "item = _KH[c][knows[c] >> seat & 1].copy()"
                if tables
                else "add(_KH[c][knows[c] >> seat & 1].copy())"
            ]
        else:
            shown = ", ".join(f"_c{i}: v{i}[c]" for i in names)
            body = [
                "if knows[c] >> seat & 1:",
                "    item = _KN[c].copy()",
                f"    item['vars'] = {{{shown}}}",
                "else:",
                "    item = _HI[c].copy()",
            ]
        if tables:
            held = ", ".join(f"_a{j}: Z(z, Z) if zones[(z := _t{j}[c])] else []" for j in tables)
            body.append(f"item['zones'] = {{{held}}}")
        if names or tables:
            body.append("add(item)")
        if len(shapes) == 1:
            lines += ["    " + b for b in body]
        else:
            lines.append(f"    {'if' if number == 0 else 'elif'} k == {number}:")
            lines += ["        " + b for b in body]
    return [pad + line for line in lines]


def source(m) -> tuple[str, dict]:
    """The source of ``_view_zones(g, seat, n) -> (shared zones, [zones of each seat])`` and the
    objects its names stand for."""
    shapes, shape_of = _shapes(m)
    known, hidden = _entries(m, shape_of, shapes)
    cvars, attached = list(m.cvars), list(m.attached)
    ns = {
        "__builtins__": {},
        "range": range,
        "_KN": known,
        "_HI": hidden,
        "_KH": [(h, k) for h, k in zip(hidden, known)],
        "_S": shape_of,
        "_ALL": [1] * m.component_count,
        "_PLAIN": all_plain,
        "_P": plain,
    }
    for i, name in enumerate(cvars):
        ns[f"_c{i}"] = name
    for i, name in enumerate(attached):
        ns[f"_a{i}"] = name
        ns[f"_t{i}"] = m.attached[name]
    used = sorted({i for names, _ in shapes for i in names})
    lines = [
        "def _view_zones(g, seat, n):",
        "    zones = g.zones",
        "    if seat is None:",
        "        knows = _ALL",  # every face shown: a table of ones read at bit 0
        "        seat = 0",
        "    else:",
        "        knows = g.known",
        "    cv = g.cvars",
    ]
    for i in used:
        lines.append(f"    v{i} = cv[_c{i}]")
        if m.divides:  # a variable may hold a fraction ('/'): shown as JSON holds it, '1/2' (log.plain)
            lines += [f"    if not _PLAIN(v{i}):", f"        v{i} = [_P(x) for x in v{i}]"]
    nested = any(tables for _, tables in shapes)
    zone_names = [(i, name, z) for i, (name, z) in enumerate(m.zones.items()) if z.per in (None, "player")]
    inline = len(zone_names) * (2 + 6 * len(shapes)) <= _INLINE_LINES
    if nested or not inline:  # one function listing a zone: for the attached zones not empty, and
        # for every zone when written out they would be too long; it is given itself to recurse
        # (a function in its own closure would make a reference cycle each view)
        lines += ["    def Z(zi, Z):", *_loop(shapes, "zi", "        "), "        return out"]
    shared, owned = [], []
    for i, name, z in zone_names:
        ns[f"_z{i}"] = name
        zone = f"{z.base}" if z.per is None else f"{z.base} + p"
        if inline:  # a loop written out per zone: no call
            body = [*_loop(shapes, zone, ""), f"r{i} = out"]
            got = f"r{i}"
        else:
            body = []
            got = f"Z({zone}, Z) if zones[{zone}] else []"
        (shared if z.per is None else owned).append((f"_z{i}: {got}", body))
    for entry, body in shared:
        lines += ["    " + b for b in body]
    lines.append(f"    shared = {{{', '.join(e for e, _ in shared)}}}")
    lines += ["    seats = []", "    for p in range(n):"]
    for entry, body in owned:
        lines += ["        " + b for b in body]
    lines += [f"        seats.append({{{', '.join(e for e, _ in owned)}}})", "    return shared, seats"]
    return "\n".join(lines) + "\n", ns


def view_zones(m):
    """The generated function of ``m``'s views (made on first use, kept on the Model)."""
    made = m.__dict__.get(_ENTRY)
    if made is None:
        text, ns = source(m)
        module = compile(text, "<playa-rules view>", "exec")
        code = next(c for c in module.co_consts if hasattr(c, "co_code"))
        made = (FunctionType(code, ns, "_view_zones"), text)
        setattr(m, _ENTRY, made)
    return made[0]
