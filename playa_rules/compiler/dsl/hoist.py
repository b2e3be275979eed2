"""Loop-invariant reads moved out of a generated function's loops.

A generated function repeats what its source says at every turn of a loop: in a listing,
``connects(left, piece, top)`` checked for every ``top`` reads ``flipped(me)`` (an item of
a parameter's table, two located reader calls) and the piece's ``patterns`` for every cell
of ``left``, though neither changes while the loops run. :func:`hoisted_text` rewrites
the function (parsed with :mod:`ast`, the source the package wrote) so that such a read
is worked out once before the statement whose loops it was in, into a local ``_hN``:

    for e['piece#4'], _k51 in _l49:                 _h1 = _b16(_b15(_b14, g.n), me)
        _l53 = [... if any(... _b16(_b15(_b14,     for e['piece#4'], _k51 in _l49:
                  g.n), me) ...) ...]          ->       _h2 = _b13[e['piece#4']]
                                                        _l53 = [... if any(... _h1 ...)]

What moves (:func:`_facts`): an expression made only of reads (names, items, the
state's attributes, operators, conditionals, calls of ``len`` and of the helpers bound as
pure, :meth:`.pysource.Generator.bind_pure`) reading nothing the statement binds (a loop
variable, a comprehension's, a slot of the environment set there, a local it assigns or
appends to), and costing more than a name. Where it moves from: a
``for`` statement or a statement holding a comprehension, only when nothing in it
changes the state or calls a closure (which could settle a zone's top or bind a slot:
:func:`_still`), so every read of the expression in the loop gives the value read
before it. A function is rewritten per call, so a read is made again at every call (a
listing made after a move reads the new state).

Faults stay where they were: the reads are worked out in a ``try``; when one fails (an
index past the end of a list that the loop would never have read, or would have read
and failed on), the statement runs as it was written, which fails at the same place and
with the same fault as before, or does not read it at all:

    try:
        _h1 = <read>
    except _bN:            # Exception
        <the statement as written>
    else:
        <the statement reading _h1>

The same pass writes ``(True if X else False)`` as ``X`` where only X's truth is looked
at (:func:`_truth_tests`).
"""

from __future__ import annotations

import ast

MIN_WEIGHT = 2
"""The least weight (:func:`_facts`) of an expression worth a local: one item of a table
read per turn of a loop (``_b13[e['piece#4']]``) is; a name or a literal is not. One more
out of a loop that may stop early (:func:`_runs_through`)."""

_BUILTINS = frozenset({"len", "list", "tuple", "sum", "min", "max", "any", "all", "next", "enumerate"})
_COMPREHENSIONS = (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)
_NEUTRAL = (ast.expr_context, ast.operator, ast.unaryop, ast.boolop, ast.cmpop)  # parts of a node, no reads
_APPENDS = frozenset({"append"})  # a method a listing calls on its own lists
_STOPPING = frozenset({"any", "all", "next"})  # what stops at the first element that decides


def hoisted_text(text: str, pure: set, fresh, caught: str) -> str:
    """``text`` (one generated function) with its loop-invariant reads worked out once
    before the loops they were in; ``pure``: the bound names of the helpers that only read
    their arguments, ``fresh(stem)`` a new local name, ``caught`` the bound name of the
    exception class whose failure of a read runs the statement as written. ``text``
    itself when nothing moves or Python cannot parse it (nested too deeply)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, RecursionError, MemoryError):
        return text
    if not hoist_tree(tree, text, pure, fresh, caught):
        return text
    try:
        return ast.unparse(located(tree)) + "\n"
    except RecursionError:
        return text


def hoist_tree(tree: ast.Module, text: str, pure: set, fresh, caught: str) -> int:
    """:func:`hoisted_text`'s rewrites made in ``tree``, the parse of ``text`` (one generated
    function), in place: how many (reads moved and truth tests written plainly). The nodes
    it makes have no line (:func:`located` gives them one)."""
    fn = tree.body[0]
    mover = _Mover(text, pure, fresh, caught)
    fn.body = mover.block(fn.body)
    return mover.moved + _truth_tests(tree)


class _Mover:
    """Moves reads out of the loops of one function's statements (see the module)."""

    def __init__(self, text: str, pure: set, fresh, caught: str):
        self.text, self.pure, self.fresh, self.caught = text, pure, fresh, caught
        self.moved = 0
        self._as_written: dict | None = None

    def as_written(self, s):
        """Statement ``s`` as the text wrote it (before any read moved), from a second
        parse of the text, made when first needed (cheaper than copying the tree)."""
        if self._as_written is None:
            self._as_written = {
                _where(n): n for n in ast.walk(ast.parse(self.text)) if isinstance(n, ast.stmt)
            }
        return self._as_written[_where(s)]

    def block(self, stmts: list) -> list:
        out = []
        for s in stmts:
            out += self.statement(s)
        return out

    def statement(self, s) -> list:
        if isinstance(s, ast.If):
            s.body, s.orelse = self.block(s.body), self.block(s.orelse)
            return [s]
        if isinstance(s, ast.Try):
            s.body, s.orelse, s.finalbody = self.block(s.body), self.block(s.orelse), self.block(s.finalbody)
            for h in s.handlers:
                h.body = self.block(h.body)
            return [s]
        if isinstance(s, ast.For):
            out = self.move(s, [*s.body])
            s.body = self.block(s.body)
            return out
        if isinstance(s, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return)):
            looped = [part for c in _comprehensions(s) for part in _looped_parts(c)]
            return self.move(s, looped) if looped else [s]
        return [s]

    def move(self, s, places: list) -> list:
        """``s`` reading, in ``places`` (the parts of it run at every turn of a loop), each
        movable expression from a local set before it (guarded as the module says)."""
        if not _still(s, self.pure):
            return [s]
        bound, slots = _bindings(s)
        found: dict = {}  # the dump of an expression -> (its local, the expression)
        least = MIN_WEIGHT if _runs_through(s) else MIN_WEIGHT + 1
        facts: dict = {}
        _facts(s, bound, slots, self.pure, facts)
        for place in places:
            self._replace(place, facts, found, least)
        if not found:
            return [s]
        original = self.as_written(s)
        _substitute_places(s, places, found)
        self.moved += len(found)
        sets = [ast.Assign([ast.Name(name, ast.Store())], x) for name, x in found.values()]
        guard = ast.ExceptHandler(ast.Name(self.caught, ast.Load()), None, [original])
        return [ast.Try(sets, [guard], [s], [])]

    def _replace(self, node, facts: dict, found: dict, least: int):
        """Record in ``found`` the largest movable expressions under ``node`` weighing
        ``least`` or more (``facts``: :func:`_facts` of the statement)."""
        weight = facts.get(id(node), -1)
        if weight >= least:
            key = _key(node)
            if key not in found:
                found[key] = (self.fresh("h"), node)  # taken out of the tree by _substitute
            return
        for child in ast.iter_child_nodes(node):
            self._replace(child, facts, found, least)


def located(tree):
    """``tree`` with a line on every node that has none (the nodes made here), as
    ``ast.unparse`` needs; not ``ast.fix_missing_locations``, whose helper calls itself
    through a closure (see :func:`_key`)."""
    for node in ast.walk(tree):
        if "lineno" in node._attributes and not hasattr(node, "lineno"):
            node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = 1, 0, 1, 0
    return tree


def _key(node):
    """What expression ``node`` is, as a value to compare (a constant with its type: 1 is not
    True). Not ``ast.dump``, whose helper calls itself through a closure: a reference cycle
    per call, which a search that pauses the collector must not leave behind."""
    if isinstance(node, ast.AST):
        return (type(node).__name__, *[_key(getattr(node, f, None)) for f in node._fields])
    if isinstance(node, list):
        return tuple([_key(x) for x in node])
    return (type(node).__name__, node)


def _where(s) -> tuple:
    """Where statement ``s`` is in the text (a node of a second parse is at the same place)."""
    return (type(s), s.lineno, s.col_offset, s.end_lineno, s.end_col_offset)


def _runs_through(s) -> bool:
    """Whether the loops of ``s`` run through their collections: not a ``for`` that may
    break or return, nor a generator that ``any``, ``all`` or ``next`` stop at the first
    hit (a walk along a line stops at its first empty cell, often after one step): a read
    moved out of those must weigh more to pay for its local."""
    if isinstance(s, ast.For):  # (a break of a loop inside it stops that loop only)
        inner = {id(b) for n in ast.walk(s) if n is not s and isinstance(n, ast.For) for b in ast.walk(n)}
        return not any(isinstance(n, (ast.Break, ast.Return)) and id(n) not in inner for n in ast.walk(s))
    stopping = {
        id(n.args[0])
        for n in ast.walk(s)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _STOPPING and n.args
    }
    return not any(id(c) in stopping for c in _comprehensions(s))


def _substitute(node, found: dict):
    """Each recorded expression under ``node`` replaced by a read of its local."""
    for field, value in ast.iter_fields(node):
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, ast.AST):
                    value[i] = _swap(item, found)
        elif isinstance(value, ast.AST):
            setattr(node, field, _swap(value, found))


def _substitute_places(s, places: list, found: dict):
    """Each recorded expression in ``places`` (parts of statement ``s``) replaced by a read of
    its local, a whole place too (a comprehension's whole condition): left in the tree, it
    would stay shared with the local's assignment, and a later rewrite of one (peephole's
    ``:=``) would change the other."""
    wanted = {id(p) for p in places}
    spots = []  # (parent, field, index or None, place)
    for node in ast.walk(s):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                spots += [(node, field, i, item) for i, item in enumerate(value) if id(item) in wanted]
            elif id(value) in wanted:
                spots.append((node, field, None, value))
    for parent, field, index, place in spots:
        new = _swap(place, found)
        if index is None:
            setattr(parent, field, new)
        else:
            getattr(parent, field)[index] = new


def _swap(node, found: dict):
    if isinstance(node, ast.expr):
        hit = found.get(_key(node))
        if hit is not None:
            return ast.Name(hit[0], ast.Load())
    _substitute(node, found)
    return node


def _comprehensions(s) -> list:
    """The outermost comprehensions in statement ``s``."""
    out, todo = [], [s]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            (out if isinstance(child, _COMPREHENSIONS) else todo).append(child)
    return out


def _looped_parts(c) -> list:
    """The parts of comprehension ``c`` run at every turn of its loop: all but the
    iterable of its first ``for`` (worked out once)."""
    parts = [c.key, c.value] if isinstance(c, ast.DictComp) else [c.elt]
    for i, gen in enumerate(c.generators):
        parts += gen.ifs if i == 0 else [gen.iter, *gen.ifs]
    if c.generators:  # the first iterable's own comprehensions loop too
        for inner in _comprehensions(ast.Expr(c.generators[0].iter)):
            parts += _looped_parts(inner)
    return parts


def _bindings(s) -> tuple[set, set]:
    """(the local names statement ``s`` binds, assigns or appends to; the keys of the
    environment's slots it binds)."""
    names, slots = set(), set()
    for node in ast.walk(s):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
            if _is_slot(node):
                slots.add(node.slice.value)
            elif isinstance(node.value, ast.Name):
                names.add(node.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if isinstance(node.func.value, ast.Name):
                names.add(node.func.value.id)
    return names, slots


def _still(s, pure: set) -> bool:
    """Whether running ``s`` changes no store of the state and calls nothing but ``len``,
    the builtins, the pure helpers and a list's ``append`` on a local: then a read made
    before it gives what the same read gives anywhere in it."""
    for node in ast.walk(s):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name):
                if f.id not in pure and f.id not in _BUILTINS:
                    return False
            elif not (
                isinstance(f, ast.Attribute)
                and f.attr in _APPENDS
                and isinstance(f.value, ast.Name)
                and f.value.id not in ("g", "e")
            ):
                return False
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and not isinstance(node.ctx, ast.Load):
            if not _is_slot(node):  # an item of the state, or of a local that may be one of its tables
                return False
        elif isinstance(node, (ast.Lambda, ast.NamedExpr, ast.Delete, ast.Global, ast.Nonlocal)):
            return False
    return True


def _is_slot(node) -> bool:
    """Whether ``node`` is ``e['key']``, a slot of the environment."""
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == "e"
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    )


def _facts(node, bound: set, slots: set, pure: set, out: dict) -> int:
    """The weight of ``node`` if it is a movable expression (it only reads, and reads
    nothing bound in the statement), else -1; recorded in ``out`` by ``id`` for every
    movable expression under it, in one walk (bottom up). The weight is what reading it
    costs, roughly: 3 per call, 1 per item, attribute, operator or conditional."""
    if isinstance(node, _NEUTRAL):
        return 0
    if _is_slot(node) and isinstance(node.ctx, ast.Load):  # e['key']: e itself is no read of its own
        if node.slice.value in slots:
            return -1
        out[id(node)] = 1
        return 1
    kids = [_facts(child, bound, slots, pure, out) for child in ast.iter_child_nodes(node)]
    if not isinstance(node, ast.expr) or -1 in kids:
        return -1
    weight = sum(kids)
    if isinstance(node, ast.Name):
        if not isinstance(node.ctx, ast.Load) or node.id in bound or node.id == "e":
            return -1
    elif isinstance(node, (ast.Subscript, ast.Attribute)):
        if not isinstance(node.ctx, ast.Load):
            return -1
        if isinstance(node, ast.Attribute) and (node.attr.startswith("_") or node.attr == "rng"):
            return -1
        weight += 1
    elif isinstance(node, ast.Call):
        f = node.func
        if not (isinstance(f, ast.Name) and (f.id in pure or f.id == "len")) or node.keywords:
            return -1
        weight += 3
    elif isinstance(node, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp)):
        weight += 1
    elif not isinstance(node, (ast.Tuple, ast.Constant, ast.Slice)):
        return -1
    out[id(node)] = weight
    return weight


# ------------------------------------------------------------------ truth tests
def _truth_tests(tree) -> int:
    """``(True if X else False)`` (how and/or/not read as the DSL's, always true or false)
    written ``X`` where only X's truth is looked at: an ``if``'s test, a comprehension's
    condition, the test of a conditional, what ``not`` negates, the element ``any`` and
    ``all`` test, and the operands of an and/or that is itself such a test. How many."""
    done = [0]  # (no closure calling itself: a cycle the collector would have to find)
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            node.test = _truth(node.test, done)
        elif isinstance(node, ast.comprehension):
            node.ifs = [_truth(x, done) for x in node.ifs]
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            node.operand = _truth(node.operand, done)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("any", "all")
            and len(node.args) == 1
            and isinstance(node.args[0], ast.GeneratorExp)
        ):
            node.args[0].elt = _truth(node.args[0].elt, done)
    return done[0]


def _truth(x, done: list):
    """``x``, a truth test, with its ``(True if X else False)`` written ``X`` (counted in ``done``)."""
    while _is_bool_wrap(x):
        x = x.test
        done[0] += 1
    if isinstance(x, ast.BoolOp):
        x.values = [_truth(v, done) for v in x.values]
    elif isinstance(x, ast.UnaryOp) and isinstance(x.op, ast.Not):
        x.operand = _truth(x.operand, done)
    return x


def _is_bool_wrap(x) -> bool:
    return (
        isinstance(x, ast.IfExp)
        and isinstance(x.body, ast.Constant)
        and x.body.value is True
        and isinstance(x.orelse, ast.Constant)
        and x.orelse.value is False
    )
