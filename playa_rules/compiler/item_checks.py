"""The fields each label of a component type names, checked when the model is built: a
``{name}`` that is no property of the items it labels is an error, as in an action's text."""

from __future__ import annotations

import re

from ..shared.spelling import did_you_mean
from .items import ITEM_KEYS

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")  # a {name} field of a text
BRACED = re.compile(r"\{[^{}]*\}")  # whatever a text holds in braces, a field or not
LOOKUP = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\[([A-Za-z_][A-Za-z0-9_]*)\]\}")
"""A ``{table[prop]}`` field of a label: the entry of a table (or list) parameter at the value
of the component's property (``{rank_names[rank]}``: the name of its rank)."""


def label_fields(builder, tname: str, lines: list, constants: dict) -> None:
    """An ``unknown-field`` error (``builder.error``) for each ``{name}`` of a label that no
    item of the type has as a property (``{valeu}`` would show as '?'; a property only some
    items have is no mistake: the others show '?'), or ``{table[name]}`` whose table is no
    parameter: as an action's text naming no parameter. Once per label written."""
    told = set()
    written = [i for i in builder.data["components"][tname].get("items") or [] if isinstance(i, dict)]
    names = {k for i in written for k in i if k not in ITEM_KEYS}
    for item in written:
        for key in ("each", "pairs"):
            if isinstance(item.get(key), dict):
                names.update(item[key])
    for line in lines:
        names |= set(line.base) | {p for p, _ in line.each} | {p for p, _ in line.pairs}
    for line in lines:
        if line.label is None:
            continue
        items_ = builder.data["components"][tname].get("items") or []
        own = 0 <= line.index < len(items_) and isinstance(items_[line.index], dict)
        own = own and "label" in items_[line.index]
        ptr = f"/components/{tname}/items/{line.index}/label" if own else f"/components/{tname}/label"
        parts = LOOKUP.split(str(line.label))
        for i in range(0, len(parts), 3):  # {value.x}, {value!r}, {t[value].x}: no field, shown as written
            for odd in BRACED.findall(parts[i]):
                if not FIELD.fullmatch(odd) and (ptr, odd) not in told:
                    told.add((ptr, odd))
                    builder.error(
                        ptr,
                        "unknown-field",
                        f"the label's '{odd}' is no field: it would be shown as written",
                        "a label's field is {property} or {table[property]}, "
                        "a property of the items or a table parameter's entry at one",
                    )
        wanted = [(f, None) for i in range(0, len(parts), 3) for f in FIELD.findall(parts[i])]
        wanted += [(parts[i + 1], parts[i]) for i in range(1, len(parts), 3)]
        for name, table in wanted:
            if table is not None and table not in constants and (ptr, table) not in told:
                told.add((ptr, table))
                builder.error(
                    ptr,
                    "unknown-field",
                    f"the label names '{{{table}[{name}]}}', but '{table}' is no parameter",
                    did_you_mean(table, list(constants)),
                )
            if name not in names and (ptr, name) not in told:
                told.add((ptr, name))
                builder.error(
                    ptr,
                    "unknown-field",
                    f"the label names '{{{name}}}', which is no property of any {tname}",
                    did_you_mean(name, sorted(names))
                    or ("its properties: " + ", ".join(sorted(names)) if names else None),
                )
