"""The DSL's abstract syntax tree: plain frozen data with positions.

The parser builds these; the compiler walks them once into fast callables; nothing
re-reads DSL text while a game runs. ``pos`` is the 1-based (line, column) of the
node inside its DSL text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Pos = tuple[int, int]


@dataclass(frozen=True)
class Node:
    """Base of every AST node."""

    pos: Pos = field(default=(1, 1), kw_only=True, compare=False)


# ------------------------------------------------------------------ expressions
@dataclass(frozen=True)
class Num(Node):
    """An integer literal: ``3``."""

    value: int


@dataclass(frozen=True)
class Str(Node):
    """A string literal: ``'bonus'``."""

    value: str


@dataclass(frozen=True)
class Bool(Node):
    """``true`` or ``false``."""

    value: bool


@dataclass(frozen=True)
class NoneLit(Node):
    """``none``: no seat, no component."""


@dataclass(frozen=True)
class Name(Node):
    """A name: a parameter, a bound variable, ``me``, ``players``, a zone..."""

    id: str


@dataclass(frozen=True)
class Attr(Node):
    """``x.name``: a property, a variable or a zone of a seat or a component."""

    obj: Node
    name: str


@dataclass(frozen=True)
class Index(Node):
    """``x[i]``: an element of a list or a table."""

    obj: Node
    index: Node


@dataclass(frozen=True)
class Call(Node):
    """``f(a, b)``: a DSL function or a ``define``."""

    func: str
    args: tuple


@dataclass(frozen=True)
class Comprehension(Node):
    """``[expr for var in coll where cond]``, ``[var in coll where cond]`` (expr None)."""

    var: str
    coll: Node
    where: Node | None
    expr: Node | None


@dataclass(frozen=True)
class CallOver(Node):
    """``count(t in won where ...)`` / ``sum(t.value for t in won)``: a function of a comprehension."""

    func: str
    comp: Comprehension


@dataclass(frozen=True)
class ListLit(Node):
    """``[a, b, c]``."""

    items: tuple


@dataclass(frozen=True)
class Conditional(Node):
    """``if test then a else b``."""

    test: Node
    then: Node
    orelse: Node


@dataclass(frozen=True)
class BoolOp(Node):
    """``a and b and c`` / ``a or b``."""

    op: str
    values: tuple


@dataclass(frozen=True)
class Not(Node):
    """``not x``."""

    operand: Node


@dataclass(frozen=True)
class Compare(Node):
    """``a < b`` and friends."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class BinOp(Node):
    """``a + b``, ``a * b``, ``a // b``, ``a % b``."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Neg(Node):
    """``-x``."""

    operand: Node


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class Block(Node):
    """A sequence of effects."""

    stmts: tuple


@dataclass(frozen=True)
class Move(Node):
    """``move X to ZONE [sorted by PROP ascending|descending]``; ``move X to bottom(ZONE)``
    puts X under the zone's pile (``bottom`` true, ``to`` the zone)."""

    what: Node
    to: Node
    sort_by: str | None = None
    descending: bool = False
    bottom: bool = False


@dataclass(frozen=True)
class Reveal(Node):
    """``reveal X to SEAT`` or ``reveal X to all`` (``to`` is None)."""

    what: Node
    to: Node | None


@dataclass(frozen=True)
class Set(Node):
    """``set a.b = x`` / ``+=`` / ``-=``."""

    target: tuple
    op: str
    value: Node


@dataclass(frozen=True)
class SetOn(Node):
    """``set EXPR.name = x`` where EXPR is not a plain name: ``set at(board, 0, 1).mark = 1``."""

    obj: Node
    name: str
    op: str
    value: Node


@dataclass(frozen=True)
class Pick(Node):
    """``pick a.b from LIST``: a random element (a chance event)."""

    target: tuple
    options: Node


@dataclass(frozen=True)
class Shuffle(Node):
    """``shuffle ZONE``."""

    zone: Node


@dataclass(frozen=True)
class Deal(Node):
    """``deal N from ZONE to each ZONENAME``: N to every seat, start player first;
    ``deal N from ZONE to ZONE``: N to one zone (``zone`` is then None)."""

    count: Node
    source: Node
    zone: str | None
    to: Node | None = None


@dataclass(frozen=True)
class Roll(Node):
    """``roll X``: each component of X shows a random one of its ``faces``."""

    what: Node


@dataclass(frozen=True)
class If(Node):
    """``if cond { ... } else { ... }``."""

    test: Node
    body: Block
    orelse: Block | None


@dataclass(frozen=True)
class For(Node):
    """``for x in COLLECTION { ... }`` over a finite collection."""

    var: str
    coll: Node
    body: Block


@dataclass(frozen=True)
class While(Node):
    """``while COND up to N times { ... }``: the block again and again while COND holds, at
    most N times (``bound`` None: the limit ``MAX_WHILE_ROUNDS``); past it, a runtime error."""

    test: Node
    bound: Node | None
    body: Block


@dataclass(frozen=True)
class Let(Node):
    """``let NAME = EXPR``: a local name for the rest of its block (``set NAME = ...`` changes it)."""

    name: str
    value: Node


@dataclass(frozen=True)
class Do(Node):
    """``do NAME(ARGS)``: run the procedure NAME (an effect block of the rule file's
    ``procedures``) with its parameters bound to the arguments."""

    name: str
    args: tuple


@dataclass(frozen=True)
class End(Node):
    """``end step|turn|phase|hand|match``."""

    what: str


@dataclass(frozen=True)
class Win(Node):
    """``win SEAT``: that seat wins the match at once."""

    who: Node


def walk(node):
    """Yield ``node`` and every node below it."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Node):
            yield n
            for v in n.__dict__.values():
                if isinstance(v, (Node, tuple)):
                    stack.append(v)
        elif isinstance(n, tuple):
            stack.extend(n)
