"""Checking the well-formed parts of a file the schema refused, so one run reports every problem.

The compiler needs data of the schema's shape, so a file with schema errors used to stop
there: a misspelt key, a wrong ruling value and a bad DSL call took three runs. Here each
schema error is mended in a copy of the data, the least that makes it fit: an unknown key is
read as the known key it is spelt like (``efect`` as ``effect``) or dropped, a value of the
wrong kind or outside its choices is replaced by a stand-in of the right kind (the first
choice, the least number, false, ``[]``), a missing key is given one; what cannot be mended
so, the innermost mapping entry holding the error, is set aside. The copy is checked again
(a few rounds at most) and, once it fits, compiled with the semantic checks. Their errors are
reported after the schema's, less those that only follow from the mending (an unknown name
that is a set-aside part, a problem inside a stand-in); one ``not-checked`` warning names
what was mended or set aside, or says why nothing further could be checked.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .. import spelling
from ..errors import Diagnostic, PlayaRulesError, SpecError
from ..limits import MAX_PROBLEMS
from ..source.document import Document, pointer_of
from .schema import jsonable, validator

ROUNDS = 4
"""Rounds of mending and checking again before giving up."""
NEEDED = ("players", "actions", "phases")
"""Top-level parts of a game without which nothing can be compiled."""
_NONE = object()


def stand_in(schema) -> object:
    """The least value of the kind ``schema`` asks for, or _NONE when there is no obvious one
    (a text, which a pattern or a name may constrain, a mapping)."""
    if not isinstance(schema, dict):
        return _NONE
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) and kind else kind
    if kind == "boolean":
        return False
    if kind in ("integer", "number"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", -1) + 1)
        return low if isinstance(low, int) else 0
    if kind == "array":
        size = schema.get("minItems", 0)
        if not size:
            return []
        item = stand_in(schema.get("items", {}))
        if item is _NONE:
            return _NONE
        return [item + k for k in range(size)] if isinstance(item, int) else [item] * size
    for branch in schema.get("oneOf", []) + schema.get("anyOf", []):
        value = stand_in(branch)
        if value is not _NONE:
            return value
    return _NONE


@dataclass
class Mended:
    """A copy of a document mended to fit the schema, and what was changed."""

    doc: Document
    aside: list = field(default_factory=list)  # pointers of what was set aside
    stood_in: list = field(default_factory=list)  # pointers of values replaced by stand-ins
    renamed: dict = field(default_factory=dict)  # pointer as read -> pointer as written

    def merge(self, other: Mended) -> None:
        self.aside += other.aside
        self.stood_in += other.stood_in
        self.renamed.update(other.renamed)

    def keeps(self, d: Diagnostic) -> bool:
        """Whether ``d``, found in the mended copy, is a problem of its own, not of the mending."""
        if d.code.startswith("unknown") and any(f"'{_last(p)}'" in d.message for p in self.aside):
            return False
        return not any(d.path == p or d.path.startswith(p + "/") for p in self.stood_in)

    def note(self, file: str | None) -> Diagnostic | None:
        parts = []
        if self.renamed:
            parts.append("read " + _listed(sorted(f"{w} as '{_last(n)}'" for n, w in self.renamed.items())))
        if self.stood_in:
            parts.append("read stand-ins for " + _listed(_outer(self.stood_in)))
        if self.aside:
            parts.append("left out " + _listed(_outer(self.aside)))
        if not parts:
            return None
        return noted(
            file,
            f"the DSL and semantic checks ran on the rest of the file; they {', '.join(parts)} (the "
            "schema errors above): fix those and validate again to check them",
        )


def _last(pointer: str) -> str:
    return pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")


def _walk(data, path: list):
    """(parent, key) of each step along ``path`` that exists, and the node reached."""
    node, out = data, []
    for part in path:
        if (
            isinstance(node, dict)
            and part not in node
            and isinstance(part, str)
            and part.lstrip("-").isdigit()
        ):
            part = int(part)  # a number key, a text in JSON's eyes (schema.jsonable)
        if isinstance(node, dict) and part in node:
            out.append((node, part))
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            out.append((node, part))
            node = node[part]
        else:
            break
    return out, node


def _mend(data, error, m: Mended) -> bool:
    """Make ``error`` go away in ``data``: the least change (see the module), or set aside the
    innermost mapping entry holding it. False when only the whole file holds it."""
    path = list(error.absolute_path)
    steps, node = _walk(data, path)
    if len(steps) < len(path):
        return True  # already gone with an earlier change
    if error.validator == "additionalProperties" and isinstance(node, dict):
        known = error.schema.get("properties", {})
        for key in [k for k in node if k not in known]:
            value = node.pop(key)
            close = spelling.closest(key, list(known)) if isinstance(key, str) else None
            if close is not None and close not in node:  # read as the key it is spelt like
                node[close] = value
                m.renamed[pointer_of(path + [close])] = pointer_of(path + [key])
            else:
                m.aside.append(pointer_of(path + [key]))
        return True
    if error.validator == "required" and isinstance(node, dict):
        props = error.schema.get("properties", {})
        for key in error.validator_value:
            if key not in node:
                value = stand_in(props.get(key))
                if value is _NONE:
                    return _set_aside(steps, m)
                node[key] = copy.deepcopy(value)
                m.stood_in.append(pointer_of(path + [key]))
        return True
    if steps and error.validator in (
        "type",
        "enum",
        "const",
        "minimum",
        "maximum",
        "minItems",
        "uniqueItems",
    ):
        value = stand_in(error.schema)
        if value is not _NONE:
            parent, key = steps[-1]
            parent[key] = copy.deepcopy(value)
            m.stood_in.append(pointer_of(path))
            return True
    return _set_aside(steps, m)


def _set_aside(steps, m: Mended) -> bool:
    for i in range(len(steps) - 1, -1, -1):
        parent, key = steps[i]
        if isinstance(parent, dict):
            del parent[key]
            m.aside.append(pointer_of([k for _, k in steps[: i + 1]]))
            return True
    return False


def noted(file: str | None, text: str) -> Diagnostic:
    """The one ``not-checked`` warning of a run."""
    return Diagnostic("not-checked", text, file=file, severity="warning")


def _outer(pointers: list[str]) -> list[str]:
    return sorted(p for p in set(pointers) if not any(p.startswith(q + "/") for q in pointers))


def _listed(items: list[str]) -> str:
    return ", ".join(items[:8]) + (", ..." if len(items) > 8 else "")


def _as_written(pointer: str, renamed: dict) -> str:
    for new, old in renamed.items():
        if pointer == new or pointer.startswith(new + "/"):
            return old + pointer[len(new) :]
    return pointer


def mend(doc: Document, variant: bool = False) -> Mended | str:
    """A copy of ``doc`` mended until it fits its schema (the variant schema with ``variant``),
    or why it cannot be."""
    if not isinstance(doc.data, dict):
        return "fix the schema errors first"
    data = copy.deepcopy(doc.data)
    m = Mended(doc)
    for _ in range(ROUNDS):
        errors = list(validator(variant).iter_errors(jsonable(data)))
        if not errors:
            break
        if len(errors) > MAX_PROBLEMS or not all(_mend(data, e, m) for e in errors):
            return "fix the schema errors first"
        missing = [k for k in NEEDED if k not in data]
        if missing and not variant:
            return f"{', '.join(missing)} must be well formed first"
    else:
        return "fix the schema errors first"
    fixed = copy.copy(doc)
    fixed.data, fixed.schema_checked = data, []
    if m.renamed:  # what is found inside a renamed key points at the key as written
        renamed = m.renamed
        fixed.source = lambda pointer: doc.source(_as_written(pointer, renamed))
        fixed.locate = lambda pointer: doc.locate(_as_written(pointer, renamed))
        fixed.key_location = lambda pointer: doc.key_location(_as_written(pointer, renamed))
        fixed.locate_in_scalar = lambda pointer, line, col: doc.locate_in_scalar(
            _as_written(pointer, renamed), line, col
        )
    m.doc = fixed
    return m


def compiled_errors(doc: Document, compile_document, m: Mended | None = None) -> list[Diagnostic]:
    """The errors ``compile_document`` (the compile stage and its semantic checks, the
    caller's: the checks sit below the compile stage) finds in ``doc`` (a mended copy), less
    those that only follow from the mending ``m``."""
    try:
        compile_document(doc)
        return []
    except SpecError as exc:
        found = [d for d in exc.diagnostics if d.severity == "error"]
    except PlayaRulesError:
        return []
    return [d for d in found if m is None or m.keeps(d)]


def further(
    doc: Document, schema_errors: list[Diagnostic], compile_document, prior: Mended | None = None
) -> list[Diagnostic]:
    """What ``compile_document`` (the caller's compile stage) finds in ``doc`` once its schema
    errors (``schema_errors``, reported already) are mended, then one ``not-checked`` note;
    only the note when nothing could be. ``prior``: what was mended already in its variants'
    files (their own schema errors)."""
    if any(d.code == "too-many-problems" for d in schema_errors):
        return [noted(doc.file, "the DSL and semantic checks did not run: fix the schema errors first")]
    m = mend(doc) if schema_errors else Mended(doc)
    if isinstance(m, str):
        return [noted(doc.file, f"the DSL and semantic checks did not run: {m}")]
    if prior is not None:
        m.merge(prior)
    note = m.note(doc.file)
    return compiled_errors(m.doc, compile_document, m) + ([note] if note else [])
