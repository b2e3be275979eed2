"""``if A and not any(E for x in L if F):`` as a loop (one of the last rewrites, :mod:`.peephole`).

A check ending in ``not any(...)`` (``not any(t in pile where owner(t) == me)``) makes a
generator at every test and resumes it per element,
and the names it reads from the function become cells, read slower everywhere in it. An
``if`` statement with no ``else`` whose test is ``not any(GEN)``, alone or the last operand
of an ``and``, ``GEN`` a generator expression with one ``for``, becomes:

```python
if A:                      # (the operands before it; none: no if)
    for x in L:
        if (F) and (E):    # (E alone with no F; F alone for E the constant True)
            break
    else:
        BODY
```

``L`` is evaluated where the generator would evaluate it (after ``A``), the elements tested
in the same order with the same truth, and the loop stops where ``any`` stops; ``BODY`` runs
exactly where the test held. A ``break`` or ``continue`` in ``BODY`` still means the loop
around the ``if`` (a loop's ``else`` is outside it). The loop's variables are names the
generator alone used (checked): a function reading them elsewhere is left as it is.
"""

from __future__ import annotations

import ast


def none_loops(fn: ast.FunctionDef) -> bool:
    """Rewrite, in place, each ``if ... not any(GEN)`` of ``fn`` (module doc): whether any was."""
    changed = False
    for node in list(ast.walk(fn)):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for i, stmt in enumerate(block):
                loop = _as_loop(fn, stmt)
                if loop is not None:
                    block[i] = loop
                    changed = True
        for h in getattr(node, "handlers", ()):
            for i, stmt in enumerate(h.body):
                loop = _as_loop(fn, stmt)
                if loop is not None:
                    h.body[i] = loop
                    changed = True
    return changed


def _as_loop(fn, stmt):
    """The loop for ``stmt`` (module doc), or None for another statement."""
    if not isinstance(stmt, ast.If) or stmt.orelse:
        return None
    test = stmt.test
    before, last = ([], test) if not _is_and(test) else (test.values[:-1], test.values[-1])
    gen = _not_any(last)
    if gen is None:
        return None
    comp = gen.generators[0]
    names = {n.id for n in ast.walk(comp.target) if isinstance(n, ast.Name)}
    if not names or not isinstance(comp.target, (ast.Name, ast.Tuple)):
        return None
    inside = {id(n) for n in ast.walk(gen)}
    if any(isinstance(n, ast.Name) and n.id in names and id(n) not in inside for n in ast.walk(fn)):
        return None  # (the loop's names read or bound elsewhere: the generator's own scope kept them apart)
    parts = list(comp.ifs)
    if not (isinstance(gen.elt, ast.Constant) and gen.elt.value is True):
        parts.append(gen.elt)
    cond = parts[0] if len(parts) == 1 else ast.BoolOp(ast.And(), parts) if parts else ast.Constant(True)
    loop = ast.For(comp.target, comp.iter, [ast.If(cond, [ast.Break()], [])], stmt.body)
    ast.copy_location(loop, stmt)
    if before:
        outer = before[0] if len(before) == 1 else ast.BoolOp(ast.And(), before)
        loop = ast.copy_location(ast.If(outer, [loop], []), stmt)
    return ast.fix_missing_locations(loop)


def _is_and(node) -> bool:
    return isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And)


def _not_any(node):
    """``GEN`` of ``not any(GEN)``, one synchronous ``for``; else None."""
    if not (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return None
    call = node.operand
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "any"
        and len(call.args) == 1
        and not call.keywords
        and isinstance(call.args[0], ast.GeneratorExp)
    ):
        return None
    gen = call.args[0]
    if len(gen.generators) != 1 or gen.generators[0].is_async:
        return None
    return gen
