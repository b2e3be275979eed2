"""Small rewrites of a generated function's source, made when it is first compiled.

The generator writes each expression where its source says, so a listing reads the
same zone several times in one condition (``count(spot.cover) == 0 and controller(spot)
== me``, the define reading ``spot.cover`` again) and ``g.zones`` at every read.
:func:`tidied` rewrites the parsed function (:mod:`ast`) these ways, none of which
changes what it computes or where it fails:

- ``g.zones`` read twice or more becomes a local ``_zs`` set on entry (the state's list of
  zones is made with the state and never replaced; a zone's own list may be);
- an ``if`` with no ``else`` testing ``not any(...)`` last becomes a loop (:mod:`.noneloops`);
- ``len(Z) == 0`` of a zone ``Z`` (``g.zones[...]``, a list) becomes ``not Z``;
- ``X == None`` (``!=``) becomes ``X is None`` (``is not``): the DSL's values are ints,
  texts, booleans, none and lists, tuples and tables of them, none of which equals none
  but none itself, and ``==`` asks each side in turn before it falls back to identity
  (an int's ``==`` with none is not specialised: a call of each side's comparison);
- a zone read ``g.zones[i]`` repeated within one expression, ``i`` a plain read (names,
  items, attributes, operators), is read once where one occurrence is sure to be
  evaluated before the others (they lie in the same conditional parts as it, or further
  in: behind ``and``/``or``, in a conditional's branch, in a comprehension's later
  condition or element): it binds a local (``(_zcN := g.zones[i])``) that they read. Zones are lists kept in place while a function runs (moves change their
  contents, not which list a zone is), so the local is the list the read would give;
- a conditional testing such a local after an ``and``/``or`` operand that already decided
  whether the zone is empty (``not (_zc0 := Z) and (X if _zc0 else Y)``) is its branch
  taken (:func:`_settled`), in operations that call nothing;
- an environment ``e`` the function makes itself (a listing's ``e = {'me': me}``, its
  lets written there as ``e['card#2'] = _v21``) and that nothing reads (no closure is
  handed it, no slot of it is read back: the function reads its lets as locals) is not
  made: the dict and the writes to it go, the values written stay computed where they
  were (a plain name or constant, which computes nothing, is dropped with its write);
- an environment it makes and reads only on some paths (behind an ``if`` or in a ``try``)
  is made where it is first read (:mod:`.lazyenv`).

Each comprehension is its own expression here: its reads are bound within its
conditions and element, never across its loop, and not at all in a comprehension that is
part of another's iterable (Python allows no ``:=`` there). Source that does not parse, or a
function that rebinds ``g``, is left as it is.
"""

from __future__ import annotations

import ast

from .lazyenv import lazy_env
from .noneloops import none_loops
from .unread import unread_env

_PLAIN = (
    ast.Name,
    ast.Constant,
    ast.Subscript,
    ast.Attribute,
    ast.BinOp,
    ast.UnaryOp,
    ast.Load,
    ast.operator,
    ast.unaryop,
)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
_ALIAS = "_zs"


def tidied(text: str) -> str:
    """``text`` (one ``def``) with the rewrites of the module doc, or as it is."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return text
    if not tidy_tree(tree, text):
        return text
    try:
        return ast.unparse(tree) + "\n"  # (no locations needed: the text is compiled)
    except (RecursionError, MemoryError, ValueError):
        return text


def tidy_tree(tree: ast.Module, text: str) -> bool:
    """:func:`tidied`'s rewrites made in ``tree``, a parse of ``text`` (one ``def``, perhaps
    rewritten since: nothing of ours named in it), in place: whether any was made."""
    fn = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(fn, ast.FunctionDef) or "g" not in [a.arg for a in fn.args.args] or _rebinds_g(fn):
        return False
    if _ALIAS in text or "_zc" in text:  # (names of ours already there: leave it alone)
        return False
    changed = none_loops(fn)
    changed |= _Empties().rewrite(fn)
    changed |= _NoneTests().rewrite(fn)
    changed |= _Repeats().rewrite(fn)
    changed |= _alias(fn)
    changed |= unread_env(fn) or lazy_env(fn)
    changed |= _settled(fn)
    return changed


def _settled(fn: ast.FunctionDef) -> bool:
    """In ``A and B`` (``A or B``), ``A`` a zone read bound by ``:=`` (or ``not`` of one), ``B``
    is evaluated only where the zone is empty (not empty, ...), so a conditional of ``B``
    testing that local takes its branch (``not (_zc0 := Z) and (X if _zc0 else Y)`` ->
    ``... and Y``); a local no longer read is not bound. Only in operations that call
    nothing and hold no comprehension or lambda: nothing runs in between that could change
    the zone (a comprehension's condition is one such operation, per element)."""
    ops = [n for n in ast.walk(fn) if isinstance(n, ast.BoolOp) and not any(map(_opaque, ast.walk(n)))]
    changed = False
    for op in ops:
        known: dict = {}
        for i, value in enumerate(op.values):
            if known:
                settle = _Settle(known)
                op.values[i] = settle.visit(value)
                changed |= settle.changed
            fact = _truth(op.values[i])
            if fact is not None:  # (the next operand runs only where this one is true for `and`)
                known[fact[0]] = fact[1] if isinstance(op.op, ast.And) else not fact[1]
    if changed:
        read = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        _Unbind(read).visit(fn)
    return changed


_OPAQUE = (ast.Call, ast.Lambda, *_COMPREHENSIONS, ast.Await, ast.Yield, ast.YieldFrom)


def _opaque(node) -> bool:
    return isinstance(node, _OPAQUE)


def _truth(node):
    """``(local, truth)``: an operand true exactly when zone local ``local`` is ``truth``."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _truth(node.operand)
        return None if inner is None else (inner[0], not inner[1])
    if isinstance(node, ast.NamedExpr) and node.target.id.startswith("_zc"):
        return node.target.id, True
    if isinstance(node, ast.Name) and node.id.startswith("_zc"):
        return node.id, True
    return None


class _Settle(ast.NodeTransformer):
    """Conditionals testing a local whose truth is known, as the branch taken."""

    def __init__(self, known: dict):
        self.known = known
        self.changed = False

    def visit_IfExp(self, node):
        self.generic_visit(node)
        if isinstance(node.test, ast.Name) and node.test.id in self.known:
            self.changed = True
            return node.body if self.known[node.test.id] else node.orelse
        return node


class _Unbind(ast.NodeTransformer):
    """``(_zcN := Z)`` -> ``Z`` where ``_zcN`` is read nowhere."""

    def __init__(self, read: set):
        self.read = read

    def visit_NamedExpr(self, node):
        self.generic_visit(node)
        if node.target.id.startswith("_zc") and node.target.id not in self.read:
            return node.value
        return node


def _rebinds_g(fn: ast.FunctionDef) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id == "g" and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, ast.NamedExpr) and node.target.id == "g":
            return True
    return False


def _is_zones(node) -> bool:
    """``g.zones`` read."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "zones"
        and isinstance(node.value, ast.Name)
        and node.value.id == "g"
        and isinstance(node.ctx, ast.Load)
    )


def _is_zone(node) -> bool:
    """``g.zones[i]`` read, ``i`` a plain read."""
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and _is_zones(node.value)
        and all(isinstance(n, _PLAIN) for n in ast.walk(node.slice))
    )


class _Empties(ast.NodeTransformer):
    """``len(Z) == 0`` -> ``not Z`` for a zone ``Z``."""

    def rewrite(self, fn) -> bool:
        self.changed = False
        self.visit(fn)
        return self.changed

    def visit_Compare(self, node):
        self.generic_visit(node)
        if (
            len(node.ops) == 1
            and isinstance(node.ops[0], ast.Eq)
            and isinstance(node.comparators[0], ast.Constant)
            and node.comparators[0].value == 0
            and type(node.comparators[0].value) is int
            and isinstance(node.left, ast.Call)
            and isinstance(node.left.func, ast.Name)
            and node.left.func.id == "len"
            and len(node.left.args) == 1
            and not node.left.keywords
            and _is_zone(node.left.args[0])
        ):
            self.changed = True
            return ast.copy_location(ast.UnaryOp(ast.Not(), node.left.args[0]), node)
        return node


class _NoneTests(ast.NodeTransformer):
    """``X == None`` -> ``X is None``, ``X != None`` -> ``X is not None`` (either side none, the
    other not a literal)."""

    def rewrite(self, fn) -> bool:
        self.changed = False
        self.visit(fn)
        return self.changed

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            sides = (node.left, node.comparators[0])  # (a literal on the other side: left, as `is` warns)
            if sum(isinstance(x, ast.Constant) for x in sides) == 1 and any(
                isinstance(x, ast.Constant) and x.value is None for x in sides
            ):
                node.ops = [ast.Is() if isinstance(node.ops[0], ast.Eq) else ast.IsNot()]
                self.changed = True
        return node


class _Repeats:
    """A zone read repeated within one expression, read once (module doc)."""

    def rewrite(self, fn) -> bool:
        self.n = 0
        roots = []
        iterables = {  # (Python refuses := anywhere in a comprehension's iterable)
            id(inner)
            for node in ast.walk(fn)
            if isinstance(node, _COMPREHENSIONS)
            for gen in node.generators
            for inner in ast.walk(gen.iter)
        }
        for node in ast.walk(fn):
            if isinstance(node, _COMPREHENSIONS):
                if id(node) in iterables:
                    continue
                roots.append([*(i for gen in node.generators for i in gen.ifs), *_elements(node)])
            elif isinstance(node, ast.stmt):
                roots.append(_expressions(node))
        for parts in roots:
            self._root(parts)
        return self.n > 0

    def _root(self, parts: list) -> None:
        """The zone reads of ``parts``, evaluated in this order (each after the one before
        passed: a comprehension's conditions, then its element)."""
        seen: dict[str, list] = {}  # key -> [(parent, field, index, node, context)], in evaluation order
        for k, part in enumerate(parts):
            _occurrences(part, None, None, None, () if k == 0 else (("part", k),), seen)
        for found in seen.values():
            bound: list = []  # (context, name): a local bound where that context is evaluated
            for j, (parent, field, index, node, ctx) in enumerate(found):
                name = next((nm for c, nm in bound if ctx[: len(c)] == c), None)
                if name is not None:
                    _replace(parent, field, index, ast.copy_location(ast.Name(name, ast.Load()), node))
                elif any(later[4][: len(ctx)] == ctx for later in found[j + 1 :]):
                    name = f"_zc{self.n}"
                    self.n += 1
                    bound.append((ctx, name))
                    new = ast.NamedExpr(ast.Name(name, ast.Store()), node)
                    _replace(parent, field, index, ast.copy_location(new, node))


def _elements(node) -> list:
    return [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]


def _expressions(stmt) -> list:
    """The expressions a simple statement evaluates itself (a compound statement's test or
    iterable only: its body's statements are roots of their own)."""
    if isinstance(stmt, (ast.If, ast.While)):
        return [stmt.test]
    if isinstance(stmt, ast.For):
        return [stmt.iter]
    if isinstance(stmt, (ast.Expr, ast.Return)):
        return [stmt.value] if stmt.value is not None else []
    if isinstance(stmt, ast.Assign):
        return [stmt.value]  # (targets: stores, evaluated after; not read here)
    return []


def _occurrences(node, parent, field, index, ctx: tuple, seen: dict) -> None:
    """Walk ``node`` in evaluation order, noting each zone read with its context: the
    conditional parts it lies in (``and``/``or`` operands after the first, a conditional's
    branches), so that a read is known to come after another whose context is a prefix of
    its own. Only the node kinds below are entered (their parts in the order Python
    evaluates them); comprehensions, lambdas and anything else are not: a read there is
    left as it is."""
    if _is_zone(node):
        seen.setdefault(ast.unparse(node), []).append((parent, field, index, node, ctx))
        return
    if isinstance(node, ast.BoolOp):
        for i, v in enumerate(node.values):
            _occurrences(v, node, "values", i, ctx if i == 0 else (*ctx, (id(node), i)), seen)
    elif isinstance(node, ast.IfExp):
        _occurrences(node.test, node, "test", None, ctx, seen)
        _occurrences(node.body, node, "body", None, (*ctx, (id(node), "body")), seen)
        _occurrences(node.orelse, node, "orelse", None, (*ctx, (id(node), "orelse")), seen)
    elif isinstance(node, ast.Compare):
        _occurrences(node.left, node, "left", None, ctx, seen)
        for i, c in enumerate(node.comparators):
            _occurrences(c, node, "comparators", i, ctx if i == 0 else (*ctx, (id(node), i)), seen)
    elif isinstance(node, ast.Call):
        _occurrences(node.func, node, "func", None, ctx, seen)
        for i, a in enumerate(node.args):
            _occurrences(a, node, "args", i, ctx, seen)
        for k in node.keywords:
            _occurrences(k.value, k, "value", None, ctx, seen)
    elif isinstance(node, (ast.Subscript, ast.Attribute, ast.Starred)):
        _occurrences(node.value, node, "value", None, ctx, seen)
        if isinstance(node, ast.Subscript):
            _occurrences(node.slice, node, "slice", None, ctx, seen)
    elif isinstance(node, ast.BinOp):
        _occurrences(node.left, node, "left", None, ctx, seen)
        _occurrences(node.right, node, "right", None, ctx, seen)
    elif isinstance(node, ast.UnaryOp):
        _occurrences(node.operand, node, "operand", None, ctx, seen)
    elif isinstance(node, (ast.Tuple, ast.List)):
        for i, x in enumerate(node.elts):
            _occurrences(x, node, "elts", i, ctx, seen)


def _replace(parent, field: str, index, new) -> None:
    if index is None:
        setattr(parent, field, new)
    else:
        getattr(parent, field)[index] = new


def _alias(fn: ast.FunctionDef) -> bool:
    """``g.zones`` -> ``_zs``, set on entry, where it is read twice or more."""
    reads = [(p, f, i) for p, f, i in _zones_reads(fn)]
    if len(reads) < 2:
        return False
    for parent, field, index in reads:
        _replace(parent, field, index, ast.Name(_ALIAS, ast.Load()))
    first = ast.parse(f"{_ALIAS} = g.zones").body[0]
    fn.body.insert(0, first)
    return True


def _zones_reads(fn) -> list:
    out = []
    for parent in ast.walk(fn):
        for name, value in ast.iter_fields(parent):
            if isinstance(value, ast.AST) and _is_zones(value):
                out.append((parent, name, None))
            elif isinstance(value, list):
                out.extend((parent, name, i) for i, item in enumerate(value) if _is_zones(item))
    return out
