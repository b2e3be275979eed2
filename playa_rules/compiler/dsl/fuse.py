"""Generated source of an unrolled ``any``/``all`` whose items count walks along lines: one function.

``any(run(x, d[0], d[1]) + run(x, -d[0], -d[1]) >= 2 for d in directions)``, unrolled
(:mod:`.unroll`), is a term per direction, each adding two counting walks along a line of a
fixed direction (:mod:`.gridsource`: ``count(leading(c in line(...) where P))``), each walk a
generated function of its own. Here the quantifier becomes one generated function: per item,
in the loop's order, the walks its term works out first are written inline as loops setting
locals (the path read from the rule set's table, ``P`` tested per cell, no call per walk), then
the term, with the locals in place of the calls, decides whether to stop (``any``: the first
item that holds; ``all``: the first that fails).

A walk moves ahead of the term only where Python evaluates it before anything else of the term
that could fail or call: the term's operands are followed in Python's order of evaluation
(operators, the first two operands of a comparison, the first of ``and``/``or``, the test of a
conditional), and the first part that is not a constant, a variable's slot or a walk already
moved, or an operation that could fail (arithmetic or an ordering of anything but whole numbers
the walks counted), stops the moving; what follows stays in the term as it is. So the function
reads and fails as the ``or``/``and`` of the terms does. The terms are the package's own
source, parsed with ``ast`` and written back with ``ast.unparse`` (constants by ``repr``); a term
reading a name the new function would not have (a variable an enclosing loop binds as a local)
is left to the plain form.
"""

from __future__ import annotations

import ast

from .pysource import Generator, hoisted

_CONTEXT = frozenset({"g", "e"})


def fused_quantifier(gen: Generator, name: str, terms: list[str], fallback):
    """A generated function ``fn(g, e)`` working out ``name`` (``any`` or ``all``) over the
    unrolled ``terms`` with their counting walks inline, or None when no term has a walk that
    can move ahead of it (the ``or``/``and`` of the terms is as good) or a term reads a name the
    function would not have. ``fallback``: the quantifier's closure."""
    if name not in ("any", "all") or not terms or not gen.walks:
        return None
    items = []  # per term: (its walks moved [(walk, start, local)], the term left, whether it calls)
    for term in terms:
        text = term.replace("\x00", "e[").replace("\x01", "]")  # the slots, as the function reads them
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError:  # (deeper than Python parses: the plain form, compiled as its closure then)
            return None
        if not _own_names(gen, tree):
            return None
        walks = _Walks(gen)
        body = walks.visit(tree.body)
        calls = any(isinstance(n, (ast.Call, ast.comprehension)) for n in ast.walk(body))
        items.append((walks.moved, ast.unparse(body), calls))
    if not any(moved for moved, _, _ in items):
        return None
    shared = _shared_paths(gen, items, fallback)
    lines = [] if shared is None else shared[0]
    for moved, test, _ in items:
        for walk, start, out in moved:
            lines += (
                walk.lines(start, out) if shared is None else walk.counting(shared[1].pop(0), out, shared[2])
            )
        lines.append(f"if {test}:" if name == "any" else f"if not ({test}):")
        lines.append(f"    return {name == 'any'}")
    lines.append(f"return {name != 'any'}")
    return gen.function(hoisted(gen, lines), fallback=fallback, pure=True)


def _shared_paths(gen: Generator, items: list, fallback):
    """``(lines, paths, locals)`` when every walk of ``items`` starts from the same cell, the
    first term's first: the lines reading every walk's path from that cell at once (a table made
    now, by cell, of the tuple of their paths), each path then a local in ``paths``, in order,
    and the variables the walks' tests read, each into a local (``locals``: slot -> local); a
    start that is not a cell of every table, or a variable not in the environment, runs
    ``fallback``, the quantifier's closure, which reads as the source would. None when the
    starts differ, or a term calls something (which could bind a slot again)."""
    walks = [w for moved, _, _ in items for w in moved]
    starts = {start for _, start, _ in walks}
    if len(starts) != 1 or not items[0][0] or any(calls for _, _, calls in items):
        return None
    cells = set.intersection(*(set(w.flat) for w, _, _ in walks))
    table = {x: tuple(w.flat[x] for w, _, _ in walks) for x in cells}
    both, paths, plain = gen.fresh("x"), [gen.fresh("x") for _ in walks], gen.bind(fallback)
    lines = [
        f"{both} = {gen.bind(table)}.get({starts.pop()})",
        f"if {both} is None:",
        f"    return {plain}(g, e)",
    ]
    local = {}
    for slot in sorted(set().union(*(w.slots() for w, _, _ in walks))):  # read once, if there
        local[slot] = gen.fresh("x")
        key = slot[1:-1]
        lines += [f"if {key} not in e:", f"    return {plain}(g, e)", f"{local[slot]} = e[{key}]"]
    return [*lines, f"{', '.join(paths)}, = {both}"], paths, local


def _own_names(gen: Generator, tree) -> bool:
    """Whether every name ``tree`` reads is one a generated function of ``(g, e)`` has: ``g``,
    ``e``, the namespace's (bound objects, builtins) and those the tree binds itself."""
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    return all(
        n.id in _CONTEXT or n.id in gen.ns or n.id in bound
        for n in ast.walk(tree)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    )


class _Walks:
    """Moves the counting walks of one term ahead of it, in Python's order of evaluation, up to
    the first part that could fail or call (see the module's docstring)."""

    def __init__(self, gen: Generator):
        self.gen, self.moved, self.counts, self.blocked = gen, [], set(), False

    def visit(self, node):
        if self.blocked:
            return node
        walk = self._walk(node)
        if walk is not None:
            return walk
        if isinstance(node, ast.BinOp):
            node.left, node.right = self.visit(node.left), self.visit(node.right)
            self.blocked = self.blocked or not self._whole(node)
        elif isinstance(node, ast.UnaryOp):
            node.operand = self.visit(node.operand)
            self.blocked = self.blocked or not (isinstance(node.op, ast.Not) or self._whole(node))
        elif isinstance(node, ast.Compare):
            node.left = self.visit(node.left)
            node.comparators[0] = self.visit(node.comparators[0])
            ordered = not all(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops[:1])
            whole = self._whole(node.left) and self._whole(node.comparators[0])
            self.blocked = self.blocked or len(node.ops) > 1 or (ordered and not whole)
        elif isinstance(node, ast.BoolOp):
            node.values[0] = self.visit(node.values[0])
            self.blocked = True
        elif isinstance(node, ast.IfExp):
            node.test = self.visit(node.test)
            self.blocked = True
        elif not _still(node):
            self.blocked = True
        return node

    def _walk(self, node):
        """The local counting walk ``node`` (a call of a counting walk from a start that is
        read more than once safely), its lines added; None for any other node."""
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in self.gen.walks
            and len(node.args) == 3
            and not node.keywords
            and all(isinstance(a, ast.Name) for a in node.args[:2])
            and [a.id for a in node.args[:2]] == ["g", "e"]
            and _still(node.args[2])
        ):
            return None
        out = self.gen.fresh("r")
        self.moved.append((self.gen.walks[node.func.id], ast.unparse(node.args[2]), out))
        self.counts.add(out)
        return ast.Name(out, ast.Load())

    def _whole(self, node) -> bool:
        """Whether ``node`` is a whole number for sure (a count, an int constant, + - * of
        those): arithmetic and orderings of it cannot fail."""
        if isinstance(node, ast.Name):
            return node.id in self.counts
        if isinstance(node, ast.Constant):
            return node.value.__class__ is int
        if isinstance(node, ast.BinOp):
            return (
                isinstance(node.op, (ast.Add, ast.Sub, ast.Mult))
                and self._whole(node.left)
                and self._whole(node.right)
            )
        if isinstance(node, ast.UnaryOp):
            return isinstance(node.op, ast.USub) and self._whole(node.operand)
        return False


def _still(node) -> bool:
    """Whether ``node`` reads without calling or failing: a constant, a name, or a variable's slot
    (``e['key']``, bound while the expression runs)."""
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == "e"
        and isinstance(node.slice, ast.Constant)
        and node.slice.value.__class__ is str
    )
