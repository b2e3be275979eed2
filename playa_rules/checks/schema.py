"""The schema stage: check a loaded rule file against the JSON Schema.

JSON Schema catches the shape errors (unknown keys, missing keys, wrong types,
bad enum values) before the DSL compiler runs, but its raw messages talk about
"instances" and "additional properties". This module turns every error into a
located :class:`~playa_rules.errors.Diagnostic` that reads like advice to a rule
author: what is wrong, in which action/zone/phase, and a did-you-mean when a
name is close to a known one.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from .. import resources
from ..errors import Diagnostic, SpecError
from ..limits import MAX_PROBLEMS
from ..source.load import Document, pointer_of
from ..spelling import did_you_mean
from .schema_advice import conforming, without_echoes

# Sections whose keys name things (``actions: {draw: ...}``) and lists whose
# entries have ids (``phases: [{id: ...}]``): how to call one of them in a message.
_NAMED = {
    "actions": "action",
    "zones": "zone",
    "components": "component",
    "assumptions": "assumption",
    "rulings": "ruling",
    "define": "definition",
    "procedures": "procedure",
    "parameters": "parameter",
    "variables": "variable scope",
    "params": "parameter",
}
_LISTED = {
    "phases": "phase",
    "steps": "step",
    "scoring": "scoring rule",
    "tie_breaks": "tie break",
    "items": "item",
}
_KEY_NOUNS = {**_NAMED, "vars": "variable", "let": "name", "each": "property"}  # for bad key names
_TYPES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true/false",
    "null": "empty",
}


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
    for error in errors:
        converted = _Explainer(doc, data, error).diagnostics()
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


class _Explainer:
    """Turns one ValidationError into diagnostics with author-friendly messages."""

    def __init__(self, doc: Document, data: Any, error: ValidationError):
        self.doc = doc
        self.data = data
        self.error = error
        self.parts = list(error.absolute_path)
        self.pointer = pointer_of(self.parts)

    def diagnostics(self) -> list[Diagnostic]:
        """One diagnostic, or one per unknown key for additionalProperties."""
        error = self.error
        if error.validator == "additionalProperties":
            return [self.unknown_key(key) for key in self.extra_keys()]
        if "propertyNames" in error.relative_schema_path:
            return [self.bad_name()]
        method = getattr(self, "explain_" + str(error.validator), None)
        message = method() if method else self.generic()
        message, hint = message if isinstance(message, tuple) else (message, None)  # (message, hint)
        return [self.located(self.pointer, message, hint)]

    # -- where --------------------------------------------------------------------

    def located(self, pointer: str, message: str, hint: str | None = None, key: bool = False) -> Diagnostic:
        """A schema Diagnostic at the value at ``pointer`` (at its key, with ``key``)."""
        return self.doc.diagnostic(pointer, "schema", message, key=key, hint=hint)

    def entity(self, parts: list) -> tuple[str | None, list]:
        """The innermost named thing containing ``parts`` ("step 'x' of phase 'y'") and the rest of the path."""
        chain: list[str] = []
        end = 0
        node = self.data
        for i, part in enumerate(parts):
            parent = parts[i - 1] if i else None
            if (
                isinstance(parent, str)
                and parent in _NAMED
                and isinstance(part, str)
                and isinstance(node, dict)
            ):
                chain.append(f"{_NAMED[parent]} '{part}'")
                end = i + 1
            elif isinstance(parent, str) and parent in _LISTED and isinstance(part, int):
                entry = node[part] if isinstance(node, list) and part < len(node) else None
                ident = entry.get("id") if isinstance(entry, dict) else None
                name = f"'{ident}'" if isinstance(ident, str) else str(part + 1)
                chain.append(f"{_LISTED[parent]} {name}")
                end = i + 1
            node = _child(node, part)
        if not chain:
            if len(parts) >= 2 and isinstance(parts[0], str):  # a plain section such as 'match'
                return f"'{parts[0]}'", parts[1:]
            return None, parts
        return " of ".join(reversed(chain)), parts[end:]

    def subject(self, parts: list) -> tuple[str | None, str | None]:
        """(entity phrase, relative phrase) for a path, e.g. ("zone 'deck'", "'visibility'")."""
        owner, rest = self.entity(parts)
        if not rest:
            return owner, None
        if isinstance(rest[-1], int):
            inner = _dotted(rest[:-1])
            return owner, (f"item {rest[-1] + 1} of '{inner}'" if inner else f"item {rest[-1] + 1}")
        return owner, f"'{_dotted(rest)}'"

    def name_of(self, parts: list) -> str:
        """A noun phrase for the value at ``parts``: "action 'draw'", "'turns' of phase 'x'"."""
        if not parts:
            return "the rule file"
        owner, rel = self.subject(parts)
        if rel is None:
            return owner or "the rule file"
        return f"{rel} of {owner}" if owner else rel

    def must(self, requirement: str) -> str:
        """'in zone 'deck', 'visibility' must ...' for the error's own path."""
        if not self.parts:
            return f"the rule file must {requirement}"
        owner, rel = self.subject(self.parts)
        if rel is None:
            return f"{owner} must {requirement}"
        return f"in {owner}, {rel} must {requirement}" if owner else f"{rel} must {requirement}"

    # -- messages -----------------------------------------------------------------

    def extra_keys(self) -> list[str]:
        instance, schema = self.error.instance, self.error.schema
        known = schema.get("properties", {})
        return [key for key in instance if key not in known]

    def unknown_key(self, key: str) -> Diagnostic:
        known = list(self.error.schema.get("properties", {}))
        pointer = pointer_of(self.parts + [key])
        where = "at the top level" if not self.parts else f"in {self.name_of(self.parts)}"
        message = f"unknown key '{key}' {where}{_did_you_mean(key, known)}"
        hint = None
        if self.error.instance.get(key) is None and "{" in self.source_of(pointer):
            hint = "a comma inside a {flow: mapping} starts a new key; quote text that contains commas"
        elif known:
            hint = "known keys: " + ", ".join(known)
        return self.located(pointer, message, hint, key=True)

    def source_of(self, pointer: str) -> str:
        doc, pointer = self.doc.source(pointer)
        position = doc.key_location(pointer)
        return doc.source_line(position[0]) if position else ""

    def bad_name(self) -> Diagnostic:
        name = self.error.instance
        parent = self.parts[-1] if self.parts else None
        noun = _KEY_NOUNS.get(parent, "key") if isinstance(parent, str) else "property"
        described = self.error.schema.get("description")
        what = "name" if noun == "name" else f"{noun} name"
        if noun in ("key", "property", "name", "variable") and self.parts:
            what += f" in {self.name_of(self.parts)}"
        message = f"'{name}' is not a valid {what}" + (f": use {described}" if described else "")
        pointer = pointer_of(self.parts + [name])
        return self.located(pointer, message, key=True)

    def explain_required(self) -> str:
        missing = self.missing()
        return f"{self.name_of(self.parts)} is missing required key '{missing}'"

    def missing(self) -> str:
        for key in self.error.validator_value:  # one error per missing key: the one this names
            if isinstance(key, str) and self.error.message.startswith(f"{key!r} "):
                return key
        for key in self.error.validator_value:
            if isinstance(self.error.instance, dict) and key not in self.error.instance:
                return key
        return str(self.error.validator_value[0])

    def explain_enum(self) -> str:
        options = self.error.validator_value
        shown = ", ".join(str(o) for o in options)
        value = self.error.instance
        return self.must(f"be one of {shown}, not {_show(value)}") + _did_you_mean(value, options)

    def explain_const(self) -> str:
        return self.must(f"be {_show(self.error.validator_value)}, not {_show(self.error.instance)}")

    def explain_type(self) -> str:
        wanted = self.error.validator_value
        wanted = [wanted] if isinstance(wanted, str) else list(wanted)
        if "number" in wanted and "integer" in wanted:
            wanted.remove("integer")
        names = [_TYPES.get(t, t) for t in wanted]
        expected = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        if not self.parts and self.error.instance is None:
            return "the rule file is empty"
        if not self.parts and isinstance(self.error.instance, str):  # not a rule file: its text is not quoted
            return self.must(f"be {expected}, not a text")
        return self.must(f"be {expected}, not {_kind(self.error.instance)}")

    def explain_pattern(self) -> str:
        schema = self.error.schema
        what = schema.get("title", "value")
        detail = f"; use {schema['description']}" if schema.get("description") else ""
        owner, rel = self.subject(self.parts)
        subject = rel or owner or "the value"
        prefix = f"in {owner}, " if owner and rel else ""
        message = f"{prefix}{subject} is not a valid {what}: {_show(self.error.instance)}{detail}"
        fixed = conforming(self.error.instance, schema.get("pattern"))
        return message, (f"for example {_show(fixed)}" if fixed else None)

    def explain_minLength(self) -> str:
        return self.must("not be empty")

    def explain_minItems(self) -> str:
        count = self.error.validator_value
        return self.must(f"have at least {count} item{'s' if count != 1 else ''}")

    def explain_maxItems(self) -> str:
        count = self.error.validator_value
        return self.must(f"have at most {count} item{'s' if count != 1 else ''}")

    def explain_minProperties(self) -> str:
        count = self.error.validator_value
        return self.must(f"have at least {count} key{'s' if count != 1 else ''}")

    def explain_uniqueItems(self) -> str:
        return self.must("not repeat a value")

    def explain_minimum(self) -> str:
        return self.must(f"be at least {self.error.validator_value}, not {_show(self.error.instance)}")

    def explain_maximum(self) -> str:
        return self.must(f"be at most {self.error.validator_value}, not {_show(self.error.instance)}")

    def explain_dependentRequired(self) -> str:
        instance = self.error.instance
        for key, needs in self.error.validator_value.items():
            if key in instance:
                for need in needs:
                    if need not in instance:
                        return f"in {self.name_of(self.parts)}, '{key}' needs '{need}'"
        return self.generic()

    def explain_oneOf(self) -> str:
        return self.choice("exactly one of")

    def explain_anyOf(self) -> str:
        return self.choice("one of")

    def choice(self, how: str) -> str:
        """For oneOf/anyOf of ``required`` branches: name the accepted key sets."""
        options = []
        for branch in self.error.validator_value:
            keys = branch.get("required") if isinstance(branch, dict) else None
            if not keys:
                inner = best_match(self.error.context) if self.error.context else None
                return (
                    _Explainer(self.doc, self.data, inner).diagnostics()[0].message
                    if inner
                    else self.generic()
                )
            options.append(" + ".join(keys))
        present = [k for k in self.error.instance] if isinstance(self.error.instance, dict) else []
        got = f" (it has {', '.join(present)})" if present else " (it has none)"
        return f"{self.name_of(self.parts)} must have {how}: {', '.join(options)}{got}"

    def generic(self) -> str:
        return f"{self.name_of(self.parts)}: {self.error.message}"


def _child(node: Any, part: Any) -> Any:
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


def _dotted(parts: list) -> str:
    return "".join(
        f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(parts)
    )


def _did_you_mean(word: Any, choices) -> str:
    """`` (did you mean 'x'?)`` after a message, or nothing."""
    hint = did_you_mean(word, [c for c in choices if isinstance(c, str)]) if isinstance(word, str) else None
    return f" ({hint})" if hint else ""


def _show(value: Any) -> str:
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f"'{text}'" if "'" not in text else json.dumps(text)  # YAML's quoting: "..." when it holds a '
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    return f"the text {_show(value)}"


__all__ = ["schema_diagnostics", "check_schema_file", "validator", "jsonable"]


def validator(variant: bool = False) -> jsonschema.Draft202012Validator:
    """The validator of the rule-file schema (of the variant schema, with ``variant``)."""
    return _validator(variant)


def jsonable(value: Any) -> Any:
    """The data as JSON sees it: integer keys become strings (their pointer segments)."""
    return _jsonable(value)
