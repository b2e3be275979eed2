"""The schema stage: check a loaded rule file against the JSON Schema.

JSON Schema catches the shape errors (unknown keys, missing keys, wrong types,
bad enum values) before the DSL compiler runs, but its raw messages talk about
"instances" and "additional properties". This module turns every error into a
located :class:`~playa_rules.errors.Diagnostic` that reads like advice to a rule
author (:mod:`.explain`): what is wrong, in which action/zone/phase, and a did-you-mean when
a name is close to a known one.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match

from .. import resources
from ..errors import Diagnostic, SpecError
from ..shared.limits import MAX_PROBLEMS
from ..source.load import Document, pointer_of
from .explain import Explainer
from .schema_advice import without_echoes


@lru_cache(maxsize=2)
def _schema(variant: bool = False) -> dict:
    path = resources.variant_schema_path() if variant else resources.schema_path()
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def _canonical(value):
    """A hashable form equal for values JSON Schema calls equal (1 and 1.0; not true and 1)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return (type(value).__name__, value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, dict):
        return ("object", frozenset((k, _canonical(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("array", tuple(_canonical(v) for v in value))
    return ("other", repr(value))


def _unique_items(validator, unique, instance, schema):
    """``uniqueItems`` in linear time (jsonschema compares unhashable items pairwise: a list
    of thousands of mappings took seconds)."""
    if not unique or not validator.is_type(instance, "array"):
        return
    seen = set()
    for item in instance:
        key = _canonical(item)
        if key in seen:
            yield jsonschema.ValidationError(f"{instance!r} has non-unique elements")
            return
        seen.add(key)


_Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"uniqueItems": _unique_items})


@lru_cache(maxsize=2)
def _validator(variant: bool = False) -> jsonschema.Draft202012Validator:
    return _Validator(_inlined(_schema(variant)))


def _inlined(schema: dict) -> dict:
    """The schema the validator runs: each ``{"$ref": "#/$defs/NAME"}`` replaced by that
    definition (a third of the time of checking a large file went to resolving references;
    the file keeps its ``$defs`` for editors). Only annotations (``title``, ``description``)
    sit beside a reference, and the definitions never refer to themselves: checked here,
    else the schema is used as it is."""
    defs = schema.get("$defs") or {}
    annotations = {"title", "description", "$comment"}

    def inline(x, depth: int):
        if isinstance(x, list):
            return [inline(v, depth) for v in x]
        if not isinstance(x, dict):
            return x
        ref = x.get("$ref")
        if isinstance(ref, str):
            name = ref[len("#/$defs/") :]
            if (
                not ref.startswith("#/$defs/")
                or name not in defs
                or set(x) - annotations - {"$ref"}
                or depth > 20
            ):
                raise ValueError(ref)
            return inline(defs[name], depth + 1)
        return {k: inline(v, depth) for k, v in x.items() if k != "$defs"}

    try:
        return inline(schema, 0)
    except ValueError:  # another kind of reference, or one too deep (a cycle): keep the references
        return schema


def check_schema_file() -> None:
    """Raise SpecError unless the bundled schemas are valid JSON Schema 2020-12 documents."""
    for variant, path in ((False, resources.schema_path()), (True, resources.variant_schema_path())):
        schema = _schema(variant)
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as exc:
            raise SpecError(
                Diagnostic(
                    "bad-schema",
                    f"the JSON Schema is invalid: {exc.message}",
                    file=str(path),
                    path=pointer_of(exc.absolute_path),
                )
            )
        if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
            raise SpecError(
                Diagnostic(
                    "bad-schema", "the JSON Schema must declare draft 2020-12 in '$schema'", file=str(path)
                )
            )


def schema_diagnostics(doc: Document, variant: bool = False) -> list[Diagnostic]:
    """Every schema error in ``doc`` as a located Diagnostic: the most relevant first, then by position.

    ``variant`` checks a variant file against the variant schema (its overall shape);
    the merged rules are then checked against the rule-file schema.
    """
    data = _jsonable(doc.data)
    errors = list(_validator(variant).iter_errors(data))
    if not errors:
        return []
    dropped = 0
    if len(errors) > MAX_PROBLEMS:  # thousands of bad items: report the first ones in detail
        kept = sorted(
            errors,
            key=lambda e: [(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in e.absolute_path],
        )[:MAX_PROBLEMS]
        dropped = len(errors) - len(kept)
        errors = kept
    errors = without_echoes(errors, _validator(variant))
    headline = best_match(errors)
    while headline.parent is not None:  # best_match may dig into a oneOf/anyOf branch
        headline = headline.parent
    first: list[Diagnostic] = []
    rest: list[Diagnostic] = []
    for error in errors:  # at most MAX_PROBLEMS in detail, unknown keys counted one by one
        explainer = Explainer(doc, data, error)
        converted = explainer.diagnostics(limit=MAX_PROBLEMS - len(first) - len(rest))
        dropped += explainer.left_out
        if error is headline and not first:
            first, converted = converted[:1], converted[1:]
        rest.extend(converted)
    rest.sort(key=lambda d: (d.line or 0, d.column or 0, d.path))
    if dropped:
        rest.append(
            Diagnostic(
                "too-many-problems",
                f"{dropped} more schema problems are not shown "
                f"(at most {MAX_PROBLEMS} are reported in detail)",
                file=doc.file,
                hint="fix the ones shown and validate again",
            )
        )
    return first + rest


def _jsonable(value: Any) -> Any:
    """The data as JSON sees it: integer keys become strings (their pointer segments)."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    return value


__all__ = ["schema_diagnostics", "check_schema_file", "validator", "jsonable"]


def validator(variant: bool = False) -> jsonschema.Draft202012Validator:
    """The validator of the rule-file schema (of the variant schema, with ``variant``)."""
    return _validator(variant)


def jsonable(value: Any) -> Any:
    """The data as JSON sees it: integer keys become strings (their pointer segments)."""
    return _jsonable(value)
