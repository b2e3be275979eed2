"""The reference of every key of the rule-file and variant schemas, and every DSL function
and effect, generated from the schemas and the DSL registries.

    python -m playa_rules.render.reference > docs/reference.md

The test suite regenerates it and compares, so docs/reference.md cannot drift from the
code.
"""

from __future__ import annotations

import json
import sys

from .. import resources

_TYPES = {
    "object": "mapping",
    "array": "list",
    "string": "text",
    "integer": "whole number",
    "boolean": "true/false",
    "null": "empty",
    "number": "number",
}


def _load(path) -> dict:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def _type(schema: dict, defs: dict) -> str:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return (
            f"[{name}](#{name.replace('_', '-')})"
            if name in defs and _documented(defs[name])
            else _type(defs.get(name, {}), defs)
        )
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " or ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return " or ".join(_type(s, defs) for s in schema[key])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(_TYPES.get(k, k) for k in kind)
    if kind == "array" and isinstance(schema.get("items"), dict):
        return f"list of {_type(schema['items'], defs)}"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"mapping of names to {_type(schema['additionalProperties'], defs)}"
    return _TYPES.get(kind, kind) if kind else "any value"


def _documented(schema: dict) -> bool:
    return bool(schema.get("properties"))


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _table(schema: dict, defs: dict) -> list[str]:
    required = set(schema.get("required", []))
    lines = ["| key | required | value | meaning |", "|---|---|---|---|"]
    for key, sub in schema.get("properties", {}).items():
        meaning = sub.get("description") or (
            defs.get(sub.get("$ref", "").rsplit("/", 1)[-1], {}).get("description", "")
        )
        lines.append(
            f"| `{key}` | {'yes' if key in required else ''} | {_type(sub, defs)} | {_cell(meaning)} |"
        )
    return lines


def markdown() -> str:
    """docs/reference.md."""
    from ..compiler.dsl.effects import EFFECTS
    from ..compiler.dsl.functions import FUNCTIONS

    rules = _load(resources.schema_path())
    variant = _load(resources.variant_schema_path())
    defs = rules["$defs"]
    out = [
        "# Reference",
        "",
        "Generated from `spec/schema/playa-rules.schema.json`, "
        "`spec/schema/playa-rules-variant.schema.json` and the DSL's registries by",
        "`python -m playa_rules.render.reference > docs/reference.md`; the test suite checks it is up to date.",
        "[format.md](format.md) explains each section with examples; [dsl.md](dsl.md) the DSL.",
        "",
        "## A rule file",
        "",
        _cell(rules.get("description", "")),
        "",
    ]
    out += _table(rules, defs)
    for name, sub in defs.items():
        if _documented(sub):
            out += ["", f"### {name}", "", _cell(sub.get("description", sub.get("title", ""))), ""]
            out += _table(sub, defs)
    out += ["", "## A variant file", "", _cell(variant.get("description", "")), ""]
    out += _table(variant, variant.get("$defs", {}))
    for name, sub in variant.get("$defs", {}).items():
        out += ["", f"### variant {name}", "", _cell(sub.get("description", "")), ""]
        out += _table(sub, variant["$defs"])
    out += ["", "## DSL functions", "", "| function | meaning | example |", "|---|---|---|"]
    for name in sorted(FUNCTIONS):
        fn = FUNCTIONS[name]
        out.append(f"| `{name}` | {_cell(fn.doc)} | `{fn.example}` |")
    out += ["", "## DSL effects", "", "| effect | meaning | example |", "|---|---|---|"]
    for effect in sorted(EFFECTS.values(), key=lambda e: e.keyword):
        out.append(f"| `{effect.keyword}` | {_cell(effect.doc)} | `{effect.example}` |")
    return "\n".join(out) + "\n"


def main() -> int:
    sys.stdout.write(markdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
