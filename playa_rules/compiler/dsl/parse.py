"""DSL text -> AST, with the lark grammar in ``grammar/effects.lark``.

One LALR parser with two start rules (``expr`` and ``block``). Syntax errors become
:class:`~playa_rules.errors.DSLSyntaxError` located in the rule file, with the
offending line and a caret; messages for common mistakes come from a table of known
bad examples, as lark's own ``GRAMMAR_ERRORS`` does.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ... import resources
from ...errors import DSLSyntaxError
from ...limits import MAX_DSL_LENGTH
from ...source.document import Origin
from . import ast as A

_OPTIONS = dict(parser="lalr", start=["expr", "block"], maybe_placeholders=True)


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The lark parser, building AST nodes as it reduces (``_BUILDER``): its tables read from
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
            data["data"]["options"]["transformer"] = _BUILDER  # an option lark lets a loaded parser take
            return Lark.load(data)
        except Exception:  # noqa: BLE001 - tables from another lark version: build them instead
            pass
    return Lark(grammar, transformer=_BUILDER, **_OPTIONS)


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


def _names_of(node):
    """``a.b.c`` as ('a', 'b', 'c') when it is only names, else None."""
    if isinstance(node, A.Name):
        return (node.id,)
    if isinstance(node, A.Attr):
        head = _names_of(node.obj)
        return None if head is None else head + (node.name,)
    return None


def _tpos(tok: Token) -> A.Pos:
    return (tok.line or 1, tok.column or 1)


class _ToAst:
    """Builds AST nodes while the parser reduces: one method per grammar alias, called with
    ``start`` (where the node's text starts, as lark's propagated positions would say) and
    its children (tokens, nodes built below, None for an absent optional part).

    lark's internal transformer takes no positions (``meta``), so each callback returns
    ``(node, start)``: :func:`_callback` takes the start of a node from its first token or
    first child, and drops the named keyword that opens it (``_LEADING``).
    """

    def number(self, start, c):
        return A.Num(int(c[0]), pos=_tpos(c[0]))

    def string(self, start, c):
        return A.Str(str(c[0])[1:-1], pos=_tpos(c[0]))

    def true(self, start, c):
        return A.Bool(True, pos=start)

    def false(self, start, c):
        return A.Bool(False, pos=start)

    def none(self, start, c):
        return A.NoneLit(pos=start)

    def name(self, start, c):
        return A.Name(str(c[0]), pos=_tpos(c[0]))

    def attr(self, start, c):
        return A.Attr(c[0], str(c[1]), pos=_tpos(c[1]))

    def index(self, start, c):
        return A.Index(c[0], c[1], pos=start)

    def call(self, start, c):
        args = tuple(a for a in c[1:] if a is not None)
        return A.Call(str(c[0]), args, pos=_tpos(c[0]))

    def call_filter(self, start, c):
        comp = A.Comprehension(str(c[1]), c[2], c[3], None, pos=_tpos(c[1]))
        return A.CallOver(str(c[0]), comp, pos=_tpos(c[0]))

    def call_map(self, start, c):
        comp = A.Comprehension(str(c[2]), c[3], c[4], c[1], pos=start)
        return A.CallOver(str(c[0]), comp, pos=_tpos(c[0]))

    def paren(self, start, c):
        return c[0]  # ( expr ): the node itself, starting at the bracket

    def list_(self, start, c):
        return A.ListLit(tuple(x for x in c if x is not None), pos=start)

    def filter_(self, start, c):
        return A.Comprehension(str(c[0]), c[1], c[2], None, pos=start)

    def map_(self, start, c):
        return A.Comprehension(str(c[1]), c[2], c[3], c[0], pos=start)

    def conditional(self, start, c):
        return A.Conditional(c[0], c[1], c[2], pos=start)

    def or_(self, start, c):
        return A.BoolOp("or", tuple(c), pos=start)

    def and_(self, start, c):
        return A.BoolOp("and", tuple(c), pos=start)

    def not_(self, start, c):
        return A.Not(c[0], pos=start)

    def compare(self, start, c):
        return A.Compare(str(c[1]), c[0], c[2], pos=_tpos(c[1]))

    def binop(self, start, c):
        node = c[0]
        for i in range(1, len(c), 2):
            node = A.BinOp(str(c[i]), node, c[i + 1], pos=_tpos(c[i]))
        return node

    def neg(self, start, c):
        return A.Neg(c[0], pos=start)

    # effects
    def block(self, start, c):
        return A.Block(tuple(s for s in c if isinstance(s, A.Node)), pos=start)

    def move(self, start, c):
        sort_by, desc = None, False
        if c[2] is not None:
            sort_by, desc = c[2]
        return A.Move(c[0], c[1], sort_by, desc, pos=start)

    def sort_clause(self, start, c):
        return (str(c[0]), c[1] is not None and str(c[1]) == "descending")

    def reveal(self, start, c):
        to = None if isinstance(c[1], Token) and c[1].type == "ALL" else c[1]
        return A.Reveal(c[0], to, pos=start)

    def set(self, start, c):
        target, op, value = c[0], str(c[1]), c[2]
        names = _names_of(target)
        if names is not None and len(names) <= 2:  # set hand.x / me.points / cell.mark / start_player
            return A.Set(names, op, value, pos=start)
        if isinstance(target, A.Attr):  # set at(board, r, c).mark = ..., set hand.last.x = ...
            return A.SetOn(target.obj, target.name, op, value, pos=start)
        return A.SetOn(target, "", op, value, pos=start)  # reported by the compiler

    def target(self, start, c):
        return tuple(str(t) for t in c)

    def pick(self, start, c):
        return A.Pick(c[0], c[1], pos=start)

    def shuffle(self, start, c):
        return A.Shuffle(c[0], pos=start)

    def deal(self, start, c):
        if isinstance(c[2], Token):
            return A.Deal(c[0], c[1], str(c[2]), pos=start)
        return A.Deal(c[0], c[1], None, c[2], pos=start)

    def roll(self, start, c):
        return A.Roll(c[0], pos=start)

    def else_block(self, start, c):
        block = c[0]  # else { ... }: an empty block starts at its bracket
        return block if block.stmts or block.pos != (1, 1) else A.Block((), pos=start)

    def if_stmt(self, start, c):
        orelse = c[2]
        if isinstance(orelse, A.If):
            orelse = A.Block((orelse,), pos=orelse.pos)
        return A.If(c[0], c[1], orelse, pos=start)

    def for_stmt(self, start, c):
        items = c[1]
        if c[2] is not None:  # for x in Z where COND { ... }: over [x in Z where COND]
            items = A.Comprehension(str(c[0]), c[1], c[2], None, pos=c[1].pos)
        return A.For(str(c[0]), items, c[3], pos=start)

    def while_stmt(self, start, c):
        return A.While(c[0], c[1], c[2], pos=start)

    def let_stmt(self, start, c):
        return A.Let(str(c[0]), c[1], pos=start)

    def do_stmt(self, start, c):
        return A.Do(str(c[0]), tuple(a for a in c[1:] if a is not None), pos=start)

    def end(self, start, c):
        return A.End(str(c[0]), pos=start)

    def win(self, start, c):
        return A.Win(c[0], pos=start)


# Named terminals that open a node: the builder reads their position, then drops them.
_LEADING = frozenset(
    {
        "MOVE",
        "REVEAL",
        "SET",
        "PICK",
        "SHUFFLE",
        "DEAL",
        "ROLL",
        "IF",
        "FOR",
        "WHILE",
        "LET",
        "DO",
        "END",
        "WIN",
        "NOT",
        "MINUS",
        "TRUE",
        "FALSE",
        "NONE",
        "LPAR",
        "LSQB",
        "LBRACE",
    }
)


def _callback(method):
    """lark's callback for one rule: ``children -> (node, start)``; ``start`` None when the
    rule matched no text (lark's empty meta), so the parent looks at its next child."""

    def build(children):
        start = None
        c = []
        for x in children:
            if x is None:
                c.append(None)
            elif x.__class__ is tuple:  # (node, start) from a rule below
                if start is None:
                    start = x[1]
                c.append(x[0])
            else:  # a token
                if start is None:
                    start = (x.line, x.column)
                if x.type not in _LEADING:
                    c.append(x)
        return method(start or (1, 1), c), start

    return build


class _Callbacks:
    """The object lark's ``transformer`` option reads: one callback per rule alias."""


_BUILDER = _Callbacks()
for _name, _method in vars(_ToAst).items():
    if not _name.startswith("_") and callable(_method):
        setattr(_BUILDER, _name, _callback(_method.__get__(_ToAst())))


# Readable names for the grammar's terminals, used in "expected ..." messages.
_TERMINAL_WORDS = {
    "NAME": "a name",
    "NUMBER": "a number",
    "STRING": "a 'string'",
    "COMP_OP": "a comparison",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/', '//' or '%'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "COMMA": "','",
    "DOT": "'.'",
    "SEMICOLON": "';'",
    "SEP": "a new line or ';'",
    "ASSIGN_OP": "'=', '+=' or '-='",
    "ALL": "'all'",
    "_WHERE": "'where'",
    "_UP": "'up to N times'",
    "DIRECTION": "'ascending' or 'descending'",
    "END_WHAT": "step, turn, phase, hand or match",
    "$END": "the end of the text",
}

# Known mistakes, matched against the parser state like lark's match_examples.
_KNOWN_ERRORS = {
    "'=' compares nothing: use '==' to compare, or 'set x = ...' in an effect": [
        ("expr", "a = 1"),
        ("expr", "x.y = 2"),
    ],
    "the expression is incomplete: an operand is missing": [
        ("expr", "1 +"),
        ("expr", "a and"),
        ("expr", "a <"),
        ("expr", "not"),
    ],
    "an 'if' expression needs 'then' and 'else': if COND then A else B": [
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


def _expected(exc: UnexpectedInput) -> str:
    names = sorted(
        {
            _TERMINAL_WORDS.get(t, repr(t.lower()) if t.isupper() and len(t) < 12 else t)
            for t in getattr(exc, "expected", set()) or getattr(exc, "allowed", set())
        }
    )
    words = [n for n in names if not n.startswith("_")][:14]
    return ", ".join(words)


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


def _known_message(exc: UnexpectedInput) -> str | None:
    state = getattr(exc, "state", None)
    tok = getattr(getattr(exc, "token", None), "type", None)
    for st, kind, ttype, label in _known_table():
        if st is not None and st == state and kind is type(exc) and ttype == tok:
            return label
    return None


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of a character offset in ``text``."""
    offset = max(0, min(offset, len(text)))
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _syntax_error(exc: UnexpectedInput, text: str, origin: Origin) -> DSLSyntaxError:
    line, col = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    offset = getattr(exc, "pos_in_stream", None)
    if isinstance(offset, int) and offset >= 0:
        line, col = _line_col(text, offset)  # an expression was parsed as one line: map back
    if isinstance(exc, UnexpectedCharacters):
        ch = text[offset : offset + 1] if isinstance(offset, int) else ""
        message = f"unexpected character {ch!r}"
    elif isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        message = "the text ends too early"
        if isinstance(exc, UnexpectedToken):
            line, col = _line_col(text, len(text.rstrip()))
    else:
        message = f"unexpected {str(exc.token)!r}"
    known = _known_message(exc)
    if known:
        message = f"{message}: {known}"
    expected = _expected(exc)
    hint = f"expected {expected}" if expected and not known else None
    return DSLSyntaxError(origin.diagnostic("dsl-syntax", message, text, (line, col), hint=hint))


def _parse(text: str, start: str, origin: Origin | None):
    origin = origin or Origin()
    if not isinstance(text, str):
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
        raise _syntax_error(exc, text, origin) from None
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
