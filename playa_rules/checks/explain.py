"""One JSON Schema error in words: what is wrong, in which action, zone or phase, and a
did-you-mean when a name is close to a known one (the schema stage, :mod:`.schema`, calls
:class:`Explainer` for each error it keeps).
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from ..errors import Diagnostic
from ..shared.spelling import did_you_mean
from ..source.load import Document, pointer_of
from ..source.nouns import LISTED, NAMED, NOUNS
from .base import PARAM_DOMAINS
from .schema_advice import conforming

_TYPES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true/false",
    "null": "empty",
}


class Explainer:
    """Turns one ValidationError into diagnostics with author-friendly messages."""

    def __init__(self, doc: Document, data: Any, error: ValidationError):
        self.doc = doc
        self.data = data
        self.error = error
        self.parts = list(error.absolute_path)
        self.pointer = pointer_of(self.parts)

    def diagnostics(self, limit: int | None = None) -> list[Diagnostic]:
        """One diagnostic, or one per unknown key for additionalProperties (the first
        ``limit`` of them; ``left_out`` counts the others)."""
        error = self.error
        self.left_out = 0
        if error.validator == "additionalProperties":
            keys = self.extra_keys()
            shown = keys if limit is None else keys[: max(limit, 0)]
            self.left_out = len(keys) - len(shown)
            return [self.unknown_key(key) for key in shown]
        if "propertyNames" in error.relative_schema_path:
            return [self.bad_name()]
        inner = self.only_fitting_branch()
        if inner is not None:  # the one form its kind of value can take: what is wrong there, and where
            return Explainer(self.doc, self.data, inner).diagnostics(limit)
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
                and parent in NAMED
                and isinstance(part, str)
                and isinstance(node, dict)
            ):
                chain.append(f"{NAMED[parent]} '{part}'")
                end = i + 1
            elif isinstance(parent, str) and parent in LISTED and isinstance(part, int):
                entry = node[part] if isinstance(node, list) and part < len(node) else None
                ident = entry.get("id") if isinstance(entry, dict) else None
                name = f"'{ident}'" if isinstance(ident, str) else str(part + 1)
                chain.append(f"{LISTED[parent]} {name}")
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
            if len(self.parts) == 2 and self.parts[0] == "components" and "items" in known:
                hint += (  # faces: [1, ..., 6] beside start: a property of the items
                    f"; a property of the components ('{key}') goes on each of its items: "
                    f"items: [{{{key}: ..., count: ...}}]"
                )
        return self.located(pointer, message, hint, key=True)

    def source_of(self, pointer: str) -> str:
        doc, pointer = self.doc.source(pointer)
        position = doc.key_location(pointer)
        return doc.source_line(position[0]) if position else ""

    def bad_name(self) -> Diagnostic:
        name = self.error.instance
        parent = self.parts[-1] if self.parts else None
        noun = NOUNS.get(parent, "key") if isinstance(parent, str) else "property"
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
        message = self.must(f"be {expected}, not {_kind(self.error.instance)}")
        if (
            "string" in wanted
            and isinstance(self.error.instance, list)
            and self.parts
            and self.parts[-1] in PARAM_DOMAINS
        ):  # one_of: [0, 1, 2]: a domain is DSL text
            return message, (
                f"write the list as DSL text, {_dsl_list(self.error.instance)}, or name a list parameter"
            )
        return message

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

    def only_fitting_branch(self) -> ValidationError | None:
        """For anyOf/oneOf: the error inside the one form that takes a value of this kind
        (``{permutations: [1, 2, 3], size: -1}`` where a list, a text or such a mapping is
        accepted: the mapping's ``size``), when the others refuse its kind outright; else None."""
        if self.error.validator not in ("anyOf", "oneOf") or not self.error.context:
            return None
        branches: dict = {}
        for sub in self.error.context:
            if sub.relative_schema_path:
                branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        fitting = [
            errors
            for errors in branches.values()
            if not any(e.validator == "type" and not e.relative_path for e in errors)
        ]
        if len(fitting) != 1 or len(branches) < 2:
            return None
        return best_match(fitting[0])

    def choice(self, how: str) -> str:
        """For oneOf/anyOf of ``required`` branches: name the accepted key sets."""
        options = []
        for branch in self.error.validator_value:
            keys = branch.get("required") if isinstance(branch, dict) else None
            if not keys:
                inner = best_match(self.error.context) if self.error.context else None
                return (
                    Explainer(self.doc, self.data, inner).diagnostics()[0].message
                    if inner
                    else self.generic()
                )
            options.append(" + ".join(keys))
        present = [k for k in self.error.instance] if isinstance(self.error.instance, dict) else []
        got = f" (it has {', '.join(present)})" if present else " (it has none)"
        return f"{self.name_of(self.parts)} must have {how}: {', '.join(options)}{got}"

    def generic(self) -> str:
        return f"{self.name_of(self.parts)}: {self.error.message}"


def _dsl_list(items: list) -> str:
    """``"[0, 1, 2]"``: a YAML list as the quoted DSL text of the same list."""
    shown = [
        f"'{x}'" if isinstance(x, str) else ("true" if x is True else "false" if x is False else str(x))
        for x in items[:6]
    ]
    return '"[' + ", ".join(shown + (["..."] if len(items) > 6 else [])) + ']"'


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
