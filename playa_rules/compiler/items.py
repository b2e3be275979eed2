"""Component items: the item lines of each component type, resolved and counted.

An item line makes ``count`` copies of every combination of its ``each`` values (those
its ``where`` keeps, a condition over their properties worked out once). How
many that is (count times the product of the sizes of its ``each`` lists, a choice's size
given by ``math.perm`` or ``math.comb``) is worked out arithmetically, per line, per type
(a ``per_player`` type once per seat of the largest game) and in all, and checked
against the limits before a single item is made: a hostile line such as
``each: {a: l, b: l, c: l, d: l}`` over a list of 1,000 values (10**12 items) is one
located error, not minutes of work and a MemoryError.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from ..errors import SpecError, spelled
from ..shared.limits import MAX_COMPONENTS, MAX_COUNT

ITEM_KEYS = ("count", "each", "pairs", "label", "where")
"""The keys of an item line that are not properties of its items."""


@dataclass
class Line:
    """One item line, resolved: its properties, copies and ``each`` values."""

    base: dict  # the properties every item of the line has
    count: int  # copies of each combination (0 once refused)
    each: list  # [(property, values)], combined in order
    label: object  # the label template (the line's, else the type's), or None
    pairs: list = field(default_factory=list)  # [(property, values)], taken together item by item
    index: int = 0  # its place in the type's items
    only: list | None = None  # the combinations its ``where`` keeps (all of them when None)

    @property
    def size(self) -> int:
        """How many items the line makes, without making them (at most, before ``where``)."""
        if self.only is not None:
            return self.count * len(self.only)
        rows = len(self.pairs[0][1]) if self.pairs else 1
        return self.count * rows * math.prod(len(values) for _, values in self.each)

    def variants(self) -> list[dict]:
        """The properties of each combination the line makes (one item each, times ``count``)."""
        if self.only is not None:
            return self.only
        out = [dict(self.base)]
        for prop, values in self.each:
            out = [dict(v, **{prop: x}) for v in out for x in values]
        return [dict(v, **row) for v in out for row in self.rows()]

    def rows(self) -> list[dict]:
        """The properties ``pairs`` gives each item, position by position (one empty row without pairs)."""
        if not self.pairs:
            return [{}]
        return [{prop: values[i] for prop, values in self.pairs} for i in range(len(self.pairs[0][1]))]


def resolve(builder, m, tname: str, t: dict) -> list[Line]:
    """The item lines of type ``tname``; each problem is reported through ``builder``, and
    a line over ``MAX_COUNT`` items is reported and makes one (so the rules are still checked)."""
    lines = []
    for i, item in enumerate(t.get("items") or [{}]):
        ptr = f"/components/{tname}/items/{i}"
        base = {k: v for k, v in item.items() if k not in ITEM_KEYS}
        if "faces" in base and not isinstance(base["faces"], list):
            base["faces"] = _faces(builder, base["faces"], ptr + "/faces")
        count = item.get("count", 1)
        if isinstance(count, str):
            try:
                count = builder.evaluate(count, ptr + "/count")
            except Exception as exc:  # noqa: BLE001 - reported as a diagnostic
                builder.diags.extend(getattr(exc, "diagnostics", []))
                count = 0
        if not isinstance(count, int) or isinstance(count, bool) or count < 0 or count > MAX_COUNT:
            builder.error(
                ptr + "/count",
                "bad-count",
                f"count must be a whole number from 0 to {MAX_COUNT}, not {spelled(count)}",
            )
            count = 0
        each = [
            (prop, _values(builder, m, item, prop, values, f"{ptr}/each/{prop}"))
            for prop, values in (item.get("each") or {}).items()
        ]
        pairs = [
            (prop, _values(builder, m, item, prop, values, f"{ptr}/pairs/{prop}", "pairs"))
            for prop, values in (item.get("pairs") or {}).items()
        ]
        if len({len(values) for _, values in pairs}) > 1:
            builder.error(
                f"{ptr}/pairs",
                "bad-pairs",
                "'pairs' takes its lists item by item, so they must be as long as each other, not "
                + ", ".join(f"{len(values)} values of '{prop}'" for prop, values in pairs),
            )
            pairs = [(prop, values[: min(len(v) for _, v in pairs)]) for prop, values in pairs]
        line = Line(base, count, each, item.get("label", t.get("label")), pairs, i)
        if line.size > MAX_COUNT:
            parts = ([f"count {count:,}"] if count != 1 else []) + [
                f"{len(values):,} values of '{prop}'" for prop, values in each
            ]
            builder.error(
                ptr,
                "bad-count",
                f"this item line makes {line.size:,} items ({' x '.join(parts)}): "
                f"over the limit of {MAX_COUNT:,} items for one line",
            )
            line.count, line.each, line.pairs = (
                1,
                [(prop, values[:1]) for prop, values in each],
                [(prop, values[:1]) for prop, values in pairs],
            )  # one still types the rules
        elif "where" in item and builder.condition is not None:
            line.only = _kept(builder, line, item["where"], ptr + "/where")
        lines.append(line)
    return lines


def _faces(builder, faces, ptr: str) -> list:
    """A die's ``faces`` written as the name of a list constant (``faces: sides``) is that list;
    anything else that is not a list is an error (a text is no die: its letters would be rolled)."""
    if isinstance(faces, str):
        try:
            value = builder.evaluate(faces, ptr)
        except Exception as exc:  # noqa: BLE001 - reported as a diagnostic
            builder.diags.extend(getattr(exc, "diagnostics", []))
            return [0]
        if isinstance(value, list) and value:
            return value
        faces = value
    builder.error(
        ptr,
        "bad-faces",
        f"a die's faces are a list of its faces (or a list parameter's name), not {spelled(faces)}",
        "faces: [1, 2, 3, 4, 5, 6], or faces: sides with a parameter sides: [1, 2, 3, 4, 5, 6]",
    )
    return [0]


def _kept(builder, line: Line, text, ptr: str) -> list:
    """The combinations of ``line`` for which its ``where`` holds (all of them, and the
    problem reported, when it cannot be worked out)."""
    made = line.variants()
    try:
        keep = builder.condition(text, ptr, made[0] if made else dict(line.base))
        return [props for props in made if keep(props)]
    except SpecError as exc:
        builder.diags.extend(d for d in exc.diagnostics if d not in builder.diags)
        return made


def bound_totals(builder, m, lines: dict) -> None:
    """Refuse, at its items, a type whose components would take the game past
    ``MAX_COMPONENTS`` (a ``per_player`` type counts once per seat of the largest game);
    a refused type makes one item with the properties of all its lines (so the rules are
    still checked)."""
    total = 0
    for tname, type_lines in lines.items():
        t = m.types[tname]
        seats = m.max_players if t.get("per_player") else 1
        made = sum(line.size for line in type_lines) * seats
        if total + made <= MAX_COMPONENTS:
            total += made
            continue
        what = f"component type '{tname}' makes {made:,} components"
        if seats > 1:
            what += f" ({made // seats:,} for each of {seats} seats)"
        if made <= MAX_COMPONENTS:
            what += f", {total + made:,} with the types before it"
        builder.error(
            f"/components/{tname}" + ("/items" if "items" in t else ""),
            "too-many-components",
            f"{what}: over the limit of {MAX_COMPONENTS:,} components in one game",
        )
        stand_in: dict = {}
        for line in type_lines:
            stand_in.update((k, v) for k, v in line.base.items() if k not in stand_in)
            stand_in.update((p, v[0]) for p, v in line.each + line.pairs if v and p not in stand_in)
        lines[tname] = [Line(stand_in, 1, [], type_lines[0].label if type_lines else None)]


def _values(builder, m, item: dict, prop: str, values, ptr: str, key: str = "each") -> list:
    """The values ``each`` (or ``pairs``, ``key``) gives ``prop``: a list, a list parameter's
    name, or a choice."""
    if isinstance(values, dict):
        values = _choices(builder, m, values, ptr)
    if isinstance(values, str):
        values = m.constants.get(values, None)
        if not isinstance(values, list):
            from .model import did_you_mean

            builder.error(
                ptr,
                "unknown-name",
                f"'{key}' needs a list or the name of a list parameter, not {spelled(item[key][prop])}",
                did_you_mean(item[key][prop], [k for k, v in m.constants.items() if isinstance(v, list)]),
            )
            values = []
    bad = next((x for x in values if not _plain(x)), None) if isinstance(values, list) else None
    if bad is not None:
        builder.error(
            ptr,
            "bad-value",
            f"the values '{key}' gives '{prop}' must be plain values (text, numbers, "
            f"true/false) or lists of them, not {spelled(bad)}",
        )
        values = [x for x in values if _plain(x)]  # the rest still types the rules
    return values


def _choices(builder, m, spec: dict, ptr: str) -> list:
    """``{permutations: LIST, size: N}`` or ``{combinations: ...}``: every choice of N
    different elements, in order, each as a list."""
    kind = "permutations" if "permutations" in spec else "combinations"
    source, size = spec.get(kind), spec.get("size")
    if isinstance(source, str):
        source = m.constants.get(source)
    whole = isinstance(size, int) and not isinstance(size, bool) and size >= 1
    if not whole:  # (2.0 passes the schema: JSON Schema counts it an integer)
        builder.error(
            f"{ptr}/size",
            "bad-value",
            f"'size' is how many elements each of the {kind} has: a whole number from 1, not {spelled(size)}",
        )
    if not isinstance(source, list):
        builder.error(
            f"{ptr}/{kind}", "unknown-name", f"'{kind}' needs a list or the name of a list parameter"
        )
    if not whole or not isinstance(source, list):
        return []
    count = math.perm(len(source), size) if kind == "permutations" else math.comb(len(source), size)
    if count > MAX_COUNT:
        builder.error(
            ptr,
            "bad-count",
            f"{count:,} {kind} of {size} out of {len(source)}: over the limit of {MAX_COUNT:,} items",
        )
        return []
    pick = itertools.permutations if kind == "permutations" else itertools.combinations
    return [list(choice) for choice in pick(source, size)]


def _plain(v) -> bool:
    """A value an item property may hold: a scalar, or a list of scalars (as for die faces)."""
    scalar = (str, int, float, bool, type(None))
    return isinstance(v, scalar) or (isinstance(v, list) and all(isinstance(x, scalar) for x in v))
