"""DSL text -> AST, with the lark grammar in ``grammar/effects.lark``.

One LALR parser with two start rules (``expr`` and ``block``). Syntax errors become
:class:`~playa_rules.errors.DSLSyntaxError` located in the rule file, with the
offending line and a caret; messages for common mistakes come from a table of known
bad examples, as lark's own ``GRAMMAR_ERRORS`` does.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ... import resources
from ...errors import DSLSyntaxError
from ...shared.limits import MAX_DSL_LENGTH
from ...source.document import Origin
from . import ast as A
from .build import BUILDER

_OPTIONS = dict(parser="lalr", start=["expr", "block"], maybe_placeholders=True)


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The lark parser, building AST nodes as it reduces (``BUILDER``): its tables read from
    ``grammar/effects.tables.json`` when they were made from this very grammar (a JSON file,
    never a pickle), else built from the grammar."""
    grammar = resources.grammar_path().read_text(encoding="utf-8")
    tables = resources.grammar_path().with_suffix(".tables.json")
    try:
        saved = json.loads(tables.read_text(encoding="utf-8"), object_hook=_decoded)
    except (OSError, ValueError):
        saved = None
    if isinstance(saved, dict) and saved.get("grammar_sha256") == _digest(grammar):
        try:
            data = saved["tables"]
            data["data"]["options"]["transformer"] = BUILDER  # an option lark lets a loaded parser take
            return Lark.load(data)
        except Exception:  # noqa: BLE001 - tables from another lark version: build them instead
            pass
    return Lark(grammar, transformer=BUILDER, **_OPTIONS)


def parser_tables() -> str:
    """The JSON of the parser's tables for ``grammar/effects.tables.json`` (the test suite
    checks the file is up to date: ``python -m playa_rules.compiler.dsl.tables > grammar/effects.tables.json``)."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    grammar = resources.grammar_path().read_text(encoding="utf-8")
    data, memo = Lark(grammar, **_OPTIONS).memo_serialize([TerminalDef, Rule])
    return (
        json.dumps(
            {"grammar_sha256": _digest(grammar), "tables": _encode({"data": data, "memo": memo})},
            separators=(",", ":"),
            sort_keys=True,
        )
        + "\n"
    )


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _encode(x):
    """JSON for lark's serialised tables: integer keys and tuples kept."""
    if isinstance(x, dict):
        if all(isinstance(k, str) for k in x):
            return {k: _encode(v) for k, v in x.items()}
        return {"#keys": [[k, _encode(v)] for k, v in x.items()]}
    if isinstance(x, tuple):
        return {"#tuple": [_encode(v) for v in x]}
    if isinstance(x, list):
        return [_encode(v) for v in x]
    return x


def _decoded(x: dict):
    """What :func:`_encode` wrote, back (``json.loads``' object_hook: inner values first)."""
    if "#keys" in x:
        return {k: v for k, v in x["#keys"]}
    if "#tuple" in x:
        return tuple(x["#tuple"])
    return x


# Readable names for the grammar's terminals that match more than one text, used in
# "expected ..." messages (one that matches one text is named by it: terminal_word).
_TERMINAL_WORDS = {
    "NAME": "a name",
    "NUMBER": "a number",
    "STRING": "a 'string'",
    "COMP_OP": "a comparison",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/', '//' or '%'",
    "SEP": "a new line or ';'",
    "ASSIGN_OP": "'=', '+=' or '-='",
    "_UP": "'up to N times'",
    "DIRECTION": "'ascending' or 'descending'",
    "END_WHAT": "step, turn, phase, hand or match",
    "$END": "the end of the text",
}

# Known mistakes, matched against the parser state like lark's match_examples.
_IF_EXPRESSION = "an 'if' expression needs 'then' and 'else': if COND then A else B"
_KNOWN_ERRORS = {
    "the expression is incomplete: an operand is missing": [
        ("expr", "1 +"),
        ("expr", "a and"),
        ("expr", "a <"),
        ("expr", "not"),
    ],
    _IF_EXPRESSION: [
        ("expr", "if a b"),
        ("expr", "if a then b"),
    ],
    "a comprehension reads 'x in ZONE where COND', not 'if'": [
        ("expr", "count(t in z if a)"),
        ("expr", "[t in z if a]"),
    ],
    "unbalanced brackets": [
        ("expr", "(a"),
        ("expr", "f(a"),
        ("expr", "[a"),
        ("expr", "a)"),
        ("expr", "a]"),
    ],
}


# other languages' operators, and how this one writes them
_OTHER_OPERATORS = {"&&": "and", "||": "or", "&": "and", "|": "or", "!": "not"}


# A lone '=' where a comparison may follow (``if me.tokens = 3 then ...``).
_LONE_EQUALS = (
    "did you mean '=='? '=' compares nothing: '==' compares, and 'set x = ...' sets a value in an effect"
)


def _expected(exc: UnexpectedInput) -> str:
    """What the parser could take instead, every kind of it (a comparison, a name...): a list
    cut short would mislead (the cut once dropped the comparisons). The tokens the parser
    accepts at the stop, tried one by one: the table's list for the state also holds what
    only other texts that share the state may take (')', 'then', 'times' after 'move a')."""
    kinds = getattr(exc, "expected", set()) or getattr(exc, "allowed", set())
    try:
        kinds = exc.interactive_parser.accepts() or kinds
    except Exception:  # noqa: BLE001 - no parser to try the tokens on: the table's list
        pass
    names = sorted({terminal_word(t) for t in kinds})
    return ", ".join(n for n in names if not n.startswith("_"))


def terminal_word(name: str) -> str:
    """A terminal of the grammar as a hint names it: a word of the table above, else the text
    it matches when that is one fixed text (``MINUS`` reads ``'-'``, ``EQUAL`` ``'='``, ``TO``
    ``'to'``), never the grammar's own name for it."""
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    literal = _literals().get(name)
    return repr(literal) if literal is not None else name


@lru_cache(maxsize=1)
def _literals() -> dict[str, str]:
    """Each terminal that matches one fixed text, with that text."""
    return {t.name: t.pattern.value for t in parser().terminals if t.pattern.type == "str"}


def _lone_equals(exc: UnexpectedInput) -> bool:
    """A '=' where a comparison ('==', '<'...) would be valid: the writer meant '=='."""
    token = getattr(exc, "token", None)
    return str(token) == "=" and "COMP_OP" in (getattr(exc, "expected", None) or ())


@lru_cache(maxsize=1)
def _known_table():
    table = []
    p = parser()
    for label, examples in _KNOWN_ERRORS.items():
        for start, text in examples:
            try:
                p.parse(text, start=start)
            except UnexpectedInput as e:
                table.append(
                    (
                        getattr(e, "state", None),
                        type(e),
                        getattr(getattr(e, "token", None), "type", None),
                        label,
                    )
                )
    return table


def _known_message(exc: UnexpectedInput, before: str, start: str) -> str | None:
    """The label of a known mistake the parser stopped at as it stops at one of its examples;
    the 'if' expression's only where one is open in ``before`` (the text up to the stop): the
    parser's state after a complete expression is shared with 'move a', 'win a'..."""
    state = getattr(exc, "state", None)
    tok = getattr(getattr(exc, "token", None), "type", None)
    for st, kind, ttype, label in _known_table():
        if st is not None and st == state and kind is type(exc) and ttype == tok:
            if label == _IF_EXPRESSION and not _open_if(before, start):
                continue
            return label
    return None


def _open_if(before: str, start: str) -> bool:
    """Whether the last 'if' of ``before`` starts an expression still without its 'then' (not
    an 'if' statement, which starts a line of a block or follows '} else')."""
    found = list(re.finditer(r"(?<![\w.])if(?![\w])", before))
    if not found:
        return False
    at = found[-1]
    if start == "block" and re.search(r"(^|[;\n{}]|\}\s*else)\s*$", before[: at.start()]):
        return False
    return re.search(r"(?<![\w.])then(?![\w])", before[at.end() :]) is None


def _dangling_else(exc: UnexpectedInput) -> bool:
    """An 'else' where a statement starts: a new line or ';' after the '}' ended the 'if'."""
    token = getattr(exc, "token", None)
    return getattr(token, "type", None) == "ELSE" and "MOVE" in (getattr(exc, "expected", None) or ())


def _unbracketed_filter(text: str, offset) -> str | None:
    """The advice for ``move c in Z where COND to ...``: a filtered list goes in brackets, shown
    with the text's own names (None when no ``NAME in ... where`` is at ``offset``)."""
    if not isinstance(offset, int):
        return None
    name = re.search(r"([A-Za-z_]\w*)\s+$", text[:offset])
    end = text.find("\n", offset)
    rest = text[offset : len(text) if end < 0 else end]
    where = re.search(r"\bwhere\b", rest)
    if name is None or where is None:
        return None
    stop = re.search(r"\s+(to|from)\s|\s*\{|\s*$", rest[where.end() :])
    filtered = f"[{name.group(1)} {rest[: where.end() + stop.start()].strip()}]"
    return f"a list filtered with 'where' is written in brackets: {filtered}"


_TOP_COMMA_HINT = (
    "a condition has no commas: write each condition on its own line (one list item each), "
    "or join them with 'and'; a list is written in brackets, [a, b]"
)


def _top_level_comma(text: str, offset) -> bool:
    """Whether ``offset`` is a comma outside every bracket and string of ``text`` (two
    conditions on one line, ``- a >= n, n > 0``)."""
    if not isinstance(offset, int) or text[offset : offset + 1] != ",":
        return False
    depth = 0
    for ch in STRING_TEXT.sub("''", text[:offset]):
        depth += ch in "([{"
        depth -= ch in ")]}"
    return depth == 0


STRING_TEXT = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")

_DECIMAL_HINT = (
    "the DSL has whole numbers and fractions only: write 1 for 1.0, 3 / 2 for 1.5; a decimal "
    "value belongs in a parameter (parameters: {k: 1.5}, read as k), where 2.0 is read as 2"
)


def _decimal(text: str, offset) -> str | None:
    """The decimal number (``1.0``) whose digits after the point are at ``offset``, or None."""
    if not isinstance(offset, int) or offset <= 0:
        return None
    before = re.search(r"(?<![\w.])[0-9]+\.$", text[:offset])
    after = re.match(r"[0-9]+", text[offset:])
    return before.group() + after.group() if before and after else None


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of a character offset in ``text``."""
    offset = max(0, min(offset, len(text)))
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _syntax_error(exc: UnexpectedInput, text: str, origin: Origin, start: str = "expr") -> DSLSyntaxError:
    line, col = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    offset = getattr(exc, "pos_in_stream", None)
    if isinstance(offset, int) and offset >= 0:
        line, col = _line_col(text, offset)  # an expression was parsed as one line: map back
    advice = None  # another language's habit, and how this one writes it
    if isinstance(exc, UnexpectedCharacters):
        ch = text[offset : offset + 1] if isinstance(offset, int) else ""
        message = f"unexpected character {ch!r}"
        other = text[offset : offset + 2] if ch in "&|" else ch
        if (
            other in _OTHER_OPERATORS and text[offset : offset + 2] != "!="
        ):  # another language's operator (&&, ||, !)
            advice = f"this language writes '{other}' as '{_OTHER_OPERATORS[other]}'"
    elif isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        message = "the text ends too early"
        if isinstance(exc, UnexpectedToken):
            line, col = _line_col(text, len(text.rstrip()))
    else:
        message = f"unexpected {str(exc.token)!r}"
    known = _known_message(exc, text[:offset] if isinstance(offset, int) else text, start)
    if isinstance(exc, UnexpectedToken) and exc.token.type == "IN" and not known:
        advice = _unbracketed_filter(text, offset) or (
            "whether a list or a zone holds a value is contains(COLLECTION, VALUE), not 'VALUE in ...'"
        )
    if _dangling_else(exc):
        known = "'else' goes on the line of the '}' that closes its 'if': } else {"
    decimal = _decimal(text, offset)
    if decimal is not None and not known:
        known = f"'{decimal}' is a decimal number"
        advice = _DECIMAL_HINT
    if known:
        message = f"{message}: {known}"
    expected = _expected(exc)
    hint = f"expected {expected}" if expected and not known else None
    if advice:
        hint = advice
    if _lone_equals(exc):
        hint = _LONE_EQUALS
    if start == "expr" and isinstance(exc, UnexpectedToken) and _top_level_comma(text, offset):
        hint = _TOP_COMMA_HINT
    if message.startswith("the text ends too early") and text.count("(") > text.count(")"):
        hint = "a comma in a YAML list written [a, b] ends the text there: put the text in quotes"
    return DSLSyntaxError(origin.diagnostic("dsl-syntax", message, text, (line, col), hint=hint))


def _parse(text: str, start: str, origin: Origin | None):
    origin = origin or Origin()
    if not isinstance(text, str):
        if isinstance(text, float):  # (a whole one, 1.0, is read as 1 when the file loads)
            raise DSLSyntaxError(
                origin.diagnostic(
                    "dsl-type", f"expected DSL text, got the decimal number {text}", "", hint=_DECIMAL_HINT
                )
            )
        raise DSLSyntaxError(
            origin.diagnostic("dsl-type", f"expected DSL text, got {type(text).__name__}", "")
        )
    if len(text) > MAX_DSL_LENGTH:
        raise DSLSyntaxError(
            origin.diagnostic(
                "dsl-too-long",
                f"DSL text of {len(text)} characters is over the limit of {MAX_DSL_LENGTH}",
                text,
            )
        )
    source = text.replace("\r", " ")
    if start == "expr":
        source = source.replace("\n", " ")  # an expression may wrap; offsets stay the same
    cached = _PARSED.get((source, start))
    if cached is not None:
        return cached
    try:
        node = parser().parse(source, start=start)[0]  # (node, start): see _callback
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, origin, start) from None
    except RecursionError:
        raise DSLSyntaxError(origin.diagnostic("dsl-too-deep", "the text nests too deeply", text)) from None
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[(source, start)] = node
    return node


# Parsed texts (the AST is immutable): a define is read by every text that calls it, and
# the compiler and the semantic checks read the same texts.
_PARSED: dict = {}
_PARSED_MAX = 20_000


def parse_expr(text: str, origin: Origin | None = None) -> A.Node:
    """Parse one expression; raises DSLSyntaxError located through ``origin``."""
    if isinstance(text, bool):
        return A.Bool(text)
    if isinstance(text, int):
        return A.Num(text) if text >= 0 else A.Neg(A.Num(-text))
    return _parse(text, "expr", origin)


def parse_block(text: str, origin: Origin | None = None) -> A.Block:
    """Parse a block of effects; raises DSLSyntaxError located through ``origin``."""
    return _parse(text, "block", origin)
