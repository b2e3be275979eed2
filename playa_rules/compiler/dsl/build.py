"""The DSL's syntax tree built while lark parses: one builder method per grammar alias.

:data:`BUILDER` is the object lark's ``transformer`` option reads (:mod:`.parse` gives it to
the parser): each rule's children become an AST node of :mod:`.ast` with the position where
its text starts, as the parser reduces, so no parse tree is built and walked after.
"""

from __future__ import annotations

from lark import Token

from . import ast as A


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
        to, under = c[1], False
        if isinstance(to, A.Call) and to.func == "bottom" and len(to.args) == 1:  # under the pile
            to, under = to.args[0], True  # (moving onto a component would be a type error)
        return A.Move(c[0], to, sort_by, desc, under, pos=start)

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


BUILDER = _Callbacks()
for _name, _method in vars(_ToAst).items():
    if not _name.startswith("_") and callable(_method):
        setattr(BUILDER, _name, _callback(_method.__get__(_ToAst())))
