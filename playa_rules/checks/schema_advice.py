"""Advice on schema errors beyond what each error says: which errors only echo another, and
how a value that breaks an id's pattern could read."""

from __future__ import annotations

import re

from ..shared.limits import MAX_PROBLEMS
from ..shared.spelling import closest


def conforming(value, pattern) -> str | None:
    """``value`` rewritten to match ``pattern`` (an id or a name: lowercase with hyphens, or
    with underscores), if one of those simple rewritings does; else None."""
    if not isinstance(value, str) or not isinstance(pattern, str):
        return None
    for fixed in (
        re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-"),
        re.sub(r"\W+", "_", value).strip("_"),
    ):
        try:
            if fixed and fixed != value and re.fullmatch(pattern, fixed):
                return fixed
        except re.error:
            return None
    return None


def without_echoes(errors: list, validator) -> list:
    """The errors, less those that only echo a misspelt key: where an object has an unknown
    key close to a known one (``efect``), a missing required key that is that known one, or
    a ``oneOf``/``anyOf`` that renaming the key would satisfy, says the same thing again."""
    renames: dict = {}  # object path -> {unknown key: the known key it is close to}
    echoing = {  # objects where a misspelt key could be echoed (a spelling worked out only there)
        tuple(e.absolute_path) for e in errors if e.validator in ("required", "oneOf", "anyOf")
    }
    for error in errors:
        if (
            error.validator == "additionalProperties"
            and isinstance(error.instance, dict)
            and tuple(error.absolute_path) in echoing
            and len(error.instance) <= MAX_PROBLEMS
        ):
            known = [k for k in error.schema.get("properties", {}) if isinstance(k, str)]
            for key in error.instance:
                close = closest(key, known) if key not in known else None
                if close is not None and close not in error.instance:
                    renames.setdefault(tuple(error.absolute_path), {})[key] = close
    if not renames:
        return errors
    kept = []
    for error in errors:
        fixes = renames.get(tuple(error.absolute_path))
        if fixes and isinstance(error.instance, dict):
            if error.validator == "required" and any(
                error.message.startswith(f"{known!r} ") for known in fixes.values()
            ):
                continue
            if error.validator in ("oneOf", "anyOf"):
                renamed = {fixes.get(k, k): v for k, v in error.instance.items()}
                if validator.evolve(schema=error.schema).is_valid(renamed):
                    continue
        kept.append(error)
    return kept
