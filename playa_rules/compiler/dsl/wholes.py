"""Numbers the rules need whole (how many to deal or take, a list index, a seat number) that
the file gives as a decimal or a fraction: an error when the rules load where the value is
known then, else a located fault while the game runs (format.md, Numbers)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from ...errors import RuleError, spelled
from . import ast as A
from .faults import value_text
from .values import C


def check(cp, c: C, node: A.Node, what: str) -> C:
    """Check that a number the rules need whole (how many to deal or take, a list index) is
    not a decimal or fraction the file already gives (``deal k`` with ``k: 1.5``,
    ``hand_size[players]`` with ``{2: 5.5}``): a ``type-error`` when the rules load, at the
    parameter's value (a variant's line when a variant set it), with a note at the text
    that reads it; else at the text."""
    values, name = [], None
    if c.is_const:
        values = [("", None, c.const)]
        name = node.id if isinstance(node, A.Name) else None
    elif (
        isinstance(node, A.Index)
        and isinstance(node.obj, A.Name)
        and isinstance(node.index, A.Name)
        and node.index.id == "players"
    ):
        name = node.obj.id
        table = cp.m.constants.get(name)
        if isinstance(table, dict):
            values = [(f"/{p}", p, table[p]) for p in cp.player_counts if p in table]
        elif isinstance(table, list):
            values = [(f"/{p}", p, table[p]) for p in cp.player_counts if 0 <= p < len(table)]
    for suffix, players, v in values:
        if isinstance(v, bool) or not isinstance(v, (float, Fraction)):
            continue
        shown = f"{name}[{players}]" if players is not None else (name or "this")
        with_players = f" (with {players} players)" if players is not None else ""
        message = f"{what} must be a whole number, but {shown} is {spelled(v)}{with_players}"
        hint = (
            "counts and positions are whole numbers (5, not 5.5; 2.0 is read as 2); a decimal "
            "or a fraction fits only where the rules compute with it (points)"
        )
        if name in cp.parameter_names and name in cp.m.constants and cp.locate is not None:
            d = cp.locate(f"/parameters/{name}{suffix}", "type-error", message, hint=hint)
            use = cp.origin.diagnostic(
                "note", f"where the rules read {shown} as {what}", cp.text, node.pos, severity="note"
            )
            raise RuleError(dataclasses.replace(d, notes=(use,)))
        cp.error(node, "type-error", message, hint)
    return c


def counted(cp, c: C, node: A.Node, what: str, keyword: str, unit: str):
    """``fn(g, e)``: the whole number ``c`` gives (checked by :func:`check` when the rules load),
    else a fault located at ``node`` while the game runs (``'deal' needs a whole number of
    components, not 5/2``)."""
    cf = check(cp, c, node, what).fn
    where = cp.fault_site(node)

    def count(g, e) -> int:
        k = cf(g, e)
        if type(k) is not int:  # a fraction (3 / 2) is no number of components
            raise where(f"'{keyword}' needs a whole number of {unit}, not {value_text(k)}")
        return k

    return count
