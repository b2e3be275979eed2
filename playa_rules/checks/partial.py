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
import re
from dataclasses import dataclass, field

from ..errors import Diagnostic, PlayaRulesError, SpecError
from ..shared import spelling
from ..shared.limits import MAX_PROBLEMS
from ..source.document import Document, pointer_of
from .schema import jsonable, validator
from .schema_advice import conforming

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
    respelt: set = field(default_factory=set)  # keys read under another name (their uses: unknown)

    def merge(self, other: Mended) -> None:
        self.aside += other.aside
        self.stood_in += other.stood_in
        self.renamed.update(other.renamed)
        self.respelt |= other.respelt

    def keeps(self, d: Diagnostic) -> bool:
        """Whether ``d``, found in the mended copy, is a problem of its own, not of the mending."""
        named = [_last(p) for p in self.aside] + sorted(self.respelt)  # as a name or a {field}
        if d.code.startswith("unknown") and any(
            f"'{n}'" in d.message or f"{{{n}}}" in d.message for n in named
        ):
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
    if error.validator == "pattern" and isinstance(error.instance, str):
        return _mend_pattern(error, path, steps, node, m)
    if error.validator == "required" and isinstance(node, dict):
        props = error.schema.get("properties", {})
        for key in error.validator_value:
            if key not in node:
                value = _stand_in_key(props, key)
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


def _mend_pattern(error, path: list, steps, node, m: Mended) -> bool:
    """An id or a name that breaks its pattern (``game: High Card!``, an action named
    ``my-action``) stops nothing later: it is read as the id it is written like (high-card,
    my_action), or as a stand-in that fits."""
    pattern = error.schema.get("pattern", "")
    fixed = conforming(error.instance, pattern) or next(
        (x for x in ("x", "_") if re.fullmatch(pattern, x)), None
    )
    if "propertyNames" in error.relative_schema_path:  # a key of the mapping ``node``
        key = error.instance
        if not isinstance(node, dict) or key not in node:
            return True
        if fixed is None or fixed in node:
            return _set_aside(steps + [(node, key)], m)
        node[fixed] = node.pop(key)
        m.renamed[pointer_of(path + [fixed])] = pointer_of(path + [key])
        m.respelt.add(key)
        return True
    if fixed is None or not steps:
        return _set_aside(steps, m)
    parent, key = steps[-1]
    parent[key] = fixed
    m.stood_in.append(pointer_of(path))
    return True


def _problems(error) -> int:
    """How many problems the schema stage reports for ``error``: one per unknown key."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        return max(1, sum(1 for k in error.instance if k not in known))
    return 1


def _stand_in_key(props: dict, key: str):
    """A stand-in for the missing required ``key`` (a text where any text fits: a title)."""
    value = stand_in(props.get(key))
    return "x" if value is _NONE and _fits(props.get(key), "x") else value


def _fits(schema, value) -> bool:
    """Whether ``value`` fits ``schema`` (a part of the rule-file schema, its references read)."""
    if not isinstance(schema, dict):
        return False
    try:
        return validator(False).evolve(schema=schema).is_valid(value)
    except Exception:  # noqa: BLE001 - a reference this part cannot reach alone: no stand-in
        return False


def _stopping(errors: list) -> str:
    """The schema errors ``errors`` in a few words: what is missing, or where they are."""
    said = []
    for e in errors:
        where = pointer_of(list(e.absolute_path)) or "the top level"
        if e.validator == "required":
            props = e.schema.get("properties", {})
            missing = [
                k
                for k in e.validator_value
                if isinstance(e.instance, dict) and k not in e.instance and _stand_in_key(props, k) is _NONE
            ]
            said.append(f"the missing {', '.join(repr(k) for k in missing)} at {where}")
        else:
            said.append(f"the schema error at {where}")
    return _listed(list(dict.fromkeys(said)))


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
    or why it cannot be (naming the schema errors that stop the later checks)."""
    if not isinstance(doc.data, dict):
        return "the file is no mapping of keys: fix the schema error above first"
    data = copy.deepcopy(doc.data)
    m = Mended(doc)
    for _ in range(ROUNDS):
        errors = list(validator(variant).iter_errors(jsonable(data)))
        if not errors:
            break
        if sum(_problems(e) for e in errors) > MAX_PROBLEMS:
            return f"over {MAX_PROBLEMS} schema errors: fix those first"
        stuck = [e for e in errors if not _mend(data, e, m)]
        if stuck:
            return f"{_stopping(stuck)} {'stops' if len(stuck) == 1 else 'stop'} them: fix that first"
        missing = [k for k in NEEDED if k not in data]
        if missing and not variant:
            return f"{', '.join(missing)} must be well formed first"
    else:
        return f"{_stopping(errors)} still stand after mending the others: fix those first"
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
        return [
            noted(
                doc.file,
                f"the DSL and semantic checks did not run: over {MAX_PROBLEMS} schema errors: fix those first",
            )
        ]
    m = mend(doc) if schema_errors else Mended(doc)
    if isinstance(m, str):
        return [noted(doc.file, f"the DSL and semantic checks did not run: {m}")]
    if prior is not None:
        m.merge(prior)
    note = m.note(doc.file)
    return compiled_errors(m.doc, compile_document, m) + ([note] if note else [])
