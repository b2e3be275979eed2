"""The semantic checks' machinery: the DSL texts of a file, a context, the registry.

The checks themselves are in :mod:`.rules`, :mod:`.flow`, :mod:`.parts` and :mod:`.names`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from ..compiler.dsl import ast as A
from ..compiler.dsl.compile import Compiler, Define, Scope
from ..compiler.dsl.parse import Origin, parse_block, parse_expr
from ..errors import Diagnostic, SpecError
from ..shared.limits import MAX_PROBLEMS
from ..source.load import Document, escape_pointer_segment

PARAM_DOMAINS = ("one_of", "position_in", "group_of", "seat_in")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
STRING_LITERAL = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")
UNKNOWN = object()


@dataclass(frozen=True)
class DslText:
    """One piece of DSL in the document: where it is, its text, and whether it is an effect block."""

    pointer: str
    text: object  # a string, or a plain YAML int / bool where an expression may be one
    effect: bool


def dsl_texts(data) -> Iterator[DslText]:
    """Every DSL text of a rule document (schema-valid data), in document order."""
    if not isinstance(data, dict):
        return
    p = escape_pointer_segment
    for name, text in items_of(data.get("define")):
        yield DslText(f"/define/{p(name)}", text, False)
    for name, text in items_of(data.get("procedures")):
        yield DslText(f"/procedures/{p(name)}", text, True)
    for tname, comp in items_of(data.get("components")):
        for i, item in enumerate(list_of(comp.get("items") if isinstance(comp, dict) else None)):
            if isinstance(item, dict) and "count" in item:
                yield DslText(f"/components/{p(tname)}/items/{i}/count", item["count"], False)
            if isinstance(item, dict) and "where" in item:
                yield DslText(f"/components/{p(tname)}/items/{i}/where", item["where"], False)
    if "setup" in data:
        yield DslText("/setup", data["setup"], True)
    for aname, action in items_of(data.get("actions")):
        ptr = f"/actions/{p(aname)}"
        if not isinstance(action, dict):
            continue
        for k, text in items_of(action.get("let")):
            yield DslText(f"{ptr}/let/{p(k)}", text, False)
        for k, param in items_of(action.get("params")):
            for kind in PARAM_DOMAINS:
                if isinstance(param, dict) and kind in param:
                    yield DslText(f"{ptr}/params/{p(k)}/{kind}", param[kind], False)
            if isinstance(param, dict) and isinstance(param.get("number_in"), str):
                yield DslText(f"{ptr}/params/{p(k)}/number_in", param["number_in"], False)
            if isinstance(param, dict) and isinstance(param.get("number_in"), list):
                for j, text in enumerate(param["number_in"]):
                    yield DslText(f"{ptr}/params/{p(k)}/number_in/{j}", text, False)
        for key, text in requirements(action):
            yield DslText(f"{ptr}/require/{key}", text, False)
        if "effect" in action:
            yield DslText(f"{ptr}/effect", action["effect"], True)
    for i, phase in enumerate(list_of(data.get("phases"))):
        if not isinstance(phase, dict):
            continue
        ptr = f"/phases/{i}"
        for k, text in items_of(phase.get("turns")):
            if k != "order":
                yield DslText(f"{ptr}/turns/{p(k)}", text, False)
        for k, text in items_of(phase.get("let")):
            yield DslText(f"{ptr}/let/{p(k)}", text, False)
        for k in ("on_start", "on_turn_start"):
            if k in phase:
                yield DslText(f"{ptr}/{k}", phase[k], True)
        for k in ("when", "next"):
            if k in phase:
                yield DslText(f"{ptr}/{k}", phase[k], False)
        for j, step in enumerate(list_of(phase.get("steps"))):
            if isinstance(step, dict) and "when" in step:
                yield DslText(f"{ptr}/steps/{j}/when", step["when"], False)
            for k in ("effect", "on_blocked"):
                if isinstance(step, dict) and k in step:
                    yield DslText(f"{ptr}/steps/{j}/{k}", step[k], True)
    for i, rule in enumerate(list_of(data.get("scoring"))):
        if isinstance(rule, dict) and "points" in rule:
            yield DslText(f"/scoring/{i}/points", rule["points"], False)
    match = data.get("match")
    if isinstance(match, dict):
        for k in ("hands", "first_start", "rotate_start", "end_when", "next_start", "points"):
            if k in match:
                yield DslText(f"/match/{k}", match[k], False)
        for i, tb in enumerate(list_of(match.get("tie_breaks"))):
            if isinstance(tb, dict) and "value" in tb:
                yield DslText(f"/match/tie_breaks/{i}/value", tb["value"], False)
    for name, auto in items_of(data.get("automata")):
        if isinstance(auto, dict) and "can_win" in auto:
            yield DslText(f"/automata/{p(name)}/can_win", auto["can_win"], False)
        for i, entry in enumerate(list_of(auto.get("plays") if isinstance(auto, dict) else None)):
            if isinstance(entry, dict) and "when" in entry:
                yield DslText(f"/automata/{p(name)}/plays/{i}/when", entry["when"], False)


def requirements(action) -> list:
    """An action's ``require`` conditions as (key, text): list positions, or the names of a mapping."""
    require = action.get("require") if isinstance(action, dict) else None
    if isinstance(require, dict):
        return [(escape_pointer_segment(k), v) for k, v in require.items()]
    return list(enumerate(list_of(require)))


def items_of(section) -> list:
    return list(section.items()) if isinstance(section, dict) else []


def list_of(section) -> list:
    return section if isinstance(section, list) else []


class Context:
    """What the checks read: the document, the program (or None), and helpers to locate."""

    def __init__(self, program, doc: Document):
        self.program = program
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}

    # ------------------------------------------------------------ locating
    def at(
        self,
        pointer: str,
        code: str,
        message: str,
        *,
        severity: str = "error",
        hint: str | None = None,
        key: bool = False,
    ) -> Diagnostic:
        """A diagnostic at the value at ``pointer`` (or at its key, with ``key``)."""
        return self.doc.diagnostic(pointer, code, message, key=key, severity=severity, hint=hint)

    def in_text(
        self,
        dsl: DslText,
        node: A.Node,
        code: str,
        message: str,
        *,
        severity: str = "error",
        hint: str | None = None,
    ) -> Diagnostic:
        """A diagnostic at ``node`` inside the DSL text ``dsl``, with the caret under it."""
        origin = self.doc.origin(dsl.pointer)
        return origin.diagnostic(code, message, str(dsl.text), node.pos, hint=hint, severity=severity)

    def line_of(self, pointer: str) -> int | None:
        """The line of the value at ``pointer``."""
        doc, pointer = self.doc.source(pointer)
        found = doc.locate(pointer)
        return found[0] if found else None

    # ------------------------------------------------------------ the DSL of the file
    @cached_property
    def texts(self) -> list[DslText]:
        """Every DSL text of the file."""
        return list(dsl_texts(self.data))

    @cached_property
    def _parsed(self) -> tuple[list, list]:
        trees, unparsed = [], []
        for dsl in self.texts:
            try:
                trees.append((dsl, parse_block(dsl.text) if dsl.effect else parse_expr(dsl.text)))
            except SpecError:
                unparsed.append(dsl)
        return trees, unparsed

    @property
    def trees(self) -> list[tuple[DslText, A.Node]]:
        """Every DSL text that parses, with its tree (texts that do not are the compiler's business)."""
        return self._parsed[0]

    @cached_property
    def unparsed_words(self) -> set[str]:
        """The names written in texts that do not parse: checks reading trees know nothing of them."""
        return {
            w
            for dsl in self._parsed[1]
            if isinstance(dsl.text, str)
            for w in WORD.findall(STRING_LITERAL.sub(" ", dsl.text))
        }

    @cached_property
    def words(self) -> set[str]:
        """Every name written in a DSL text of the file, outside string literals."""
        found: set[str] = set()
        for dsl in self.texts:
            if isinstance(dsl.text, str):
                found.update(WORD.findall(STRING_LITERAL.sub(" ", dsl.text)))
        return found

    @cached_property
    def _all_nodes(self) -> list[tuple[DslText, A.Node]]:
        """Every AST node of the file's DSL with its text, walked once for all the checks."""
        return [(dsl, node) for dsl, tree in self.trees for node in A.walk(tree)]

    def nodes(self, kind) -> Iterator[tuple[DslText, A.Node]]:
        """Every AST node of type ``kind`` in the file's DSL, with its text."""
        for dsl, node in self._all_nodes:
            if isinstance(node, kind):
                yield dsl, node

    def literal_comparisons(self) -> Iterator[tuple[DslText, A.Compare, A.Node, A.Node]]:
        """``X == 'lit'`` / ``X != lit`` (either way round): (text, compare, X, literal node)."""
        for dsl, node in self.nodes(A.Compare):
            if node.op not in ("==", "!="):
                continue
            for subject, lit in ((node.left, node.right), (node.right, node.left)):
                if isinstance(lit, (A.Str, A.Num)) and not isinstance(subject, (A.Str, A.Num)):
                    yield dsl, node, subject, lit

    @cached_property
    def phase_ids(self) -> list[str]:
        return [ph.get("id") for ph in list_of(self.data.get("phases")) if isinstance(ph, dict)]

    # ------------------------------------------------------------ constants
    def constant(self, value):
        """The value of an expression if it is known before the game starts, else ``UNKNOWN``."""
        if isinstance(value, (bool, int)):
            return value
        if not isinstance(value, str):
            return UNKNOWN
        if self.program is None:  # the file did not compile: literals are still known
            try:
                node = parse_expr(value)
            except SpecError:
                return UNKNOWN
            return node.value if isinstance(node, (A.Str, A.Num, A.Bool)) else UNKNOWN
        try:
            compiler = Compiler(self.program.model, self._defines)
            compiled = compiler.expr(parse_expr(value), Scope())
        except SpecError:
            return UNKNOWN
        return compiled.const if compiled.is_const else UNKNOWN

    @cached_property
    def _defines(self) -> dict:
        out = {}
        for key, text in items_of(self.data.get("define")):
            name, _, rest = str(key).partition("(")
            params = tuple(x.strip() for x in rest.rstrip(") ").split(",") if x.strip())
            try:
                out[name.strip()] = Define(name.strip(), params, parse_expr(text), Origin(), str(text))
            except SpecError:
                continue
        return out


Check = Callable[[Context], Iterable[Diagnostic]]


@dataclass(frozen=True)
class Registered:
    """One check: its function and whether it needs the compiled program."""

    fn: Check
    needs_program: bool = False
    codes: tuple = field(default=())


CHECKS: list[Registered] = []


def check(*codes: str, needs_program: bool = False):
    """Register a check (a function of a Context yielding diagnostics) reporting ``codes``."""

    def deco(fn: Check) -> Check:
        CHECKS.append(Registered(fn, needs_program, codes))
        return fn

    return deco


def semantic_diagnostics(program, doc: Document) -> list[Diagnostic]:
    """Every semantic problem of a schema-valid document: errors first, then warnings, each by position.

    ``program`` is the compiled program, or None when the document did not compile:
    then only the checks that read the document alone run.
    """
    ctx = Context(program, doc)
    found: list[Diagnostic] = []
    for registered in CHECKS:
        if registered.needs_program and program is None:
            continue
        try:
            found.extend(registered.fn(ctx))
        except Exception as exc:  # noqa: BLE001 - a bug in one check must not hide the others' findings
            found.append(
                Diagnostic(
                    "internal-error",
                    f"the check '{registered.fn.__name__}' failed: "
                    f"{type(exc).__name__}: {exc} (a bug in playa-rules)",
                    file=doc.file,
                    severity="warning",
                )
            )
    return cap_problems(sort_diagnostics(found), doc.file)


def cap_problems(diags: list[Diagnostic], file: str | None) -> list[Diagnostic]:
    """The first MAX_PROBLEMS diagnostics of each code, in order, and for a code with more,
    one ``too-many-problems`` counting the rest (thousands of one mistake read as one)."""
    counts: dict[str, int] = {}
    kept = []
    for d in diags:
        counts[d.code] = counts.get(d.code, 0) + 1
        if counts[d.code] <= MAX_PROBLEMS:
            kept.append(d)
    for code, n in counts.items():
        if n > MAX_PROBLEMS:
            kept.append(
                Diagnostic(
                    "too-many-problems",
                    f"{n - MAX_PROBLEMS} more '{code}' problems are not shown "
                    f"(at most {MAX_PROBLEMS} of a kind are reported in detail)",
                    file=file,
                    severity="error"
                    if any(d.code == code and d.severity == "error" for d in kept)
                    else "warning",
                )
            )
    return kept


def sort_diagnostics(diags: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Errors before warnings, each in file order (the first is the headline)."""
    return sorted(diags, key=lambda d: (d.severity != "error", d.file or "", d.line or 0, d.column or 0))


# ================================================================== duplicate ids
