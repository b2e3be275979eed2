"""A variant's check: a DSL block it rewrites to change a number, leaving out the rest.

A variant's text replaces the game's whole text (docs/variants.md, How a variant merges): an
``effect`` of five lines given as the one line whose number changes runs that one line alone.
This check warns (``partial-block``) at the variant's text when every line it writes is a line
of the text it replaces with only numbers changed, at least one number does change, and some of
the replaced text's lines are gone: what a variant meaning to change one value writes. A text
that also drops lines on purpose changes more than a number and is not warned of; nor is one
that removes lines and changes no number.
"""

from __future__ import annotations

import re

from ..source.load import escape_pointer_segment
from .base import Context, check

BLOCKS = ("effect", "setup", "on_start", "on_turn_start", "on_blocked")  # the keys holding DSL blocks
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
_SHOWN = 3  # lines left out named in the message


def _lines(text: str) -> list[str]:
    return [
        " ".join(line.split())
        for line in text.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]


def _texts(over, under, pointer: str):
    """(pointer, the variant's text, the text it replaces) for each DSL block the variant rewrites."""
    if isinstance(over, dict) and isinstance(under, dict):
        for k, v in over.items():
            if k not in under:
                continue
            p = f"{pointer}/{escape_pointer_segment(str(k))}"
            if k in BLOCKS and isinstance(v, str) and isinstance(under[k], str):
                yield p, v, under[k]
            else:
                yield from _texts(v, under[k], p)
    elif isinstance(over, list) and isinstance(under, list):
        ids = {x.get("id"): x for x in under if isinstance(x, dict) and "id" in x}
        for i, x in enumerate(over):
            if isinstance(x, dict) and x.get("id") in ids:
                yield from _texts(x, ids[x["id"]], f"{pointer}/{i}")


def partial(new: str, old: str) -> list[str] | None:
    """The lines of ``old`` that ``new`` leaves out, when ``new`` is some of ``old``'s lines with a
    number changed (module doc); else None."""
    new_lines, old_lines = _lines(new), _lines(old)
    masked = {_NUMBER.sub("#", line) for line in old_lines}
    if not new_lines or len(new_lines) >= len(old_lines):
        return None
    if any(_NUMBER.sub("#", line) not in masked for line in new_lines) or set(new_lines) <= set(old_lines):
        return None  # a new line, or no number changed
    kept = {_NUMBER.sub("#", line) for line in new_lines}
    return [line for line in old_lines if _NUMBER.sub("#", line) not in kept]


@check("partial-block")
def a_variant_rewrites_a_block_to_change_a_number_and_drops_the_rest(ctx: Context):
    """A variant gives part of a DSL block, a number changed, and drops the rest (module doc)."""
    doc = ctx.doc
    layers = getattr(doc, "layers", None)
    base = getattr(getattr(doc, "base", None), "data", None)
    if not layers or not isinstance(base, dict):
        return
    below = [base]  # the texts a layer replaces: those of the nearest layer under it that has them
    for layer in layers:
        data = layer.doc.data if isinstance(layer.doc.data, dict) else {}
        replaced = {}
        for under in below:
            for pointer, new, old in _texts(data, under, ""):
                replaced.setdefault(pointer, (new, old))
        below.insert(0, data)
        for pointer, (new, old) in replaced.items():
            gone = partial(new, old)
            if not gone:
                continue
            where = pointer.rsplit("/", 1)[-1]
            shown = "; ".join(f"`{line}`" for line in gone[:_SHOWN]) + (
                f" and {len(gone) - _SHOWN} more" if len(gone) > _SHOWN else ""
            )
            yield layer.doc.diagnostic(
                pointer,
                "partial-block",
                f"this {where} changes a number of the one it replaces but leaves out {len(gone)} of its "
                f"lines ({shown}): a variant's text replaces the whole text, so the rules would no longer "
                "run them",
                severity="warning",
                hint="give the whole text with the number changed; better, let the game name the number "
                "(a parameter, or a `let` of the action or phase) and change that name in the variant "
                "(docs/variants.md, Changing one number)",
            )
