"""An environment a generated function makes and nothing reads, dropped (one of the last
rewrites, :mod:`.peephole`).

A step's listing makes the environment ``e = {'me': me}`` and writes each let there
(``e['card#2'] = _v21``) for the closures it may call; where it calls none and reads no slot
back (it reads its lets as locals), the dict and the writes to it go, the values written
stay computed where they were (a plain name or constant, which computes nothing, is dropped
with its write). A function whose argument is ``e`` (an effect, a check) writes its caller's
dict and keeps it.
"""

from __future__ import annotations

import ast

_ENV = "e"


def unread_env(fn: ast.FunctionDef) -> bool:
    """Drop, in place, the environment ``e`` that ``fn`` makes and never reads (module doc):
    where ``e = {...}`` of constant keys and plain values, and ``e[k] = ...`` writes (``k`` a
    constant) as targets of plain assignments, are its only uses. Whether it did."""
    if _ENV in [a.arg for a in fn.args.args + fn.args.kwonlyargs]:
        return False
    made, parents = [], {}
    for node in ast.walk(fn):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Name) and node.id == _ENV):
            continue
        up = parents.get(id(node))
        if isinstance(node.ctx, ast.Store) and _makes_env(up, node):
            made.append(up)
        elif not (isinstance(node.ctx, ast.Load) and _writes_env(up, node, parents.get(id(up)))):
            return False
    if not made:
        return False
    _EnvWrites({id(s) for s in made}).visit(fn)
    _fill_bodies(fn)
    return True


def _makes_env(stmt, name) -> bool:
    """``stmt`` is ``e = {'k': x, ...}``, constant keys and plain values (a name, a constant)."""
    return (
        isinstance(stmt, ast.Assign)
        and stmt.targets == [name]
        and isinstance(stmt.value, ast.Dict)
        and all(isinstance(k, ast.Constant) for k in stmt.value.keys)
        and all(isinstance(v, (ast.Name, ast.Constant)) for v in stmt.value.values)
    )


def _writes_env(sub, name, stmt) -> bool:
    """``sub`` is ``e[k]`` (``k`` a constant) written as a target of plain assignment ``stmt``."""
    return (
        isinstance(sub, ast.Subscript)
        and sub.value is name
        and isinstance(sub.ctx, ast.Store)
        and isinstance(sub.slice, ast.Constant)
        and isinstance(stmt, ast.Assign)
        and any(t is sub for t in stmt.targets)
    )


class _EnvWrites(ast.NodeTransformer):
    """The environment's making and its writes dropped (see :func:`unread_env`)."""

    def __init__(self, made: set):
        self.made = made

    def visit_Assign(self, node):
        if id(node) in self.made:
            return None
        kept = [t for t in node.targets if not _is_env_item(t)]
        if len(kept) == len(node.targets):
            return node
        if kept:
            node.targets = kept
            return node
        if isinstance(node.value, (ast.Name, ast.Constant)):
            return None
        return ast.copy_location(ast.Expr(node.value), node)


def _is_env_item(node) -> bool:
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == _ENV


def _fill_bodies(fn) -> None:
    """A ``pass`` in each block the drops left empty (an empty ``else`` is no ``else``)."""
    for node in ast.walk(fn):
        block = getattr(node, "body", None)
        if isinstance(block, list) and not block:
            block.append(ast.Pass())
        if isinstance(node, ast.Try) and not node.handlers and not node.finalbody:
            node.finalbody.append(ast.Pass())
