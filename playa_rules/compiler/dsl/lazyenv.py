"""An environment a generated function makes but reads only on some paths, made where it is
first needed (one of the last rewrites, :mod:`.peephole`).

A step's listing makes ``e = {'me': me}`` on entry for the closures it may call. A listing
whose kind is a position joined to a group (:mod:`..joinlines`) reads it only where the
groups' memo misses, where a join is cut by a call, and on its failure path: the common
path, groups and join read from the memo, never does, yet made a dict at every call. Where
the first statement that reads ``e`` is an ``if`` (whose test does not) or a ``try``, the
function instead sets ``e = None`` on entry and, before each statement that reads ``e``
where it may not be made yet, makes it: ``if e is None: e = {'me': me}``. Branches of an
``if`` and the parts of a ``try`` are entered (each makes it where it first reads it), any
other statement gets the guard before it, and after a guard at one level the statements
that follow at that level need none. The dict is made once, before any read, with the same
items (its values are names the function never rebinds, or constants), and every later
read sees the same dict and its writes: the function computes what it did.
"""

from __future__ import annotations

import ast
import copy

_ENV = "e"


def lazy_env(fn: ast.FunctionDef) -> bool:
    """Make ``fn``'s environment where it is first read (module doc), in place: whether it did."""
    if _ENV in [a.arg for a in fn.args.args + fn.args.kwonlyargs]:
        return False
    body = fn.body
    at = next((i for i, s in enumerate(body) if _makes_env(s)), None)
    if at is None:
        return False
    made = body[at]
    stores = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)]
    names = {v.id for v in made.value.values if isinstance(v, ast.Name)}
    if sum(n.id == _ENV for n in stores) != 1 or any(n.id in names for n in stores):
        return False  # (made again, or an item's value rebound: not moved)
    if any(isinstance(n, (ast.Global, ast.Nonlocal)) for n in ast.walk(fn)):
        return False
    rest = body[at + 1 :]
    first = next((s for s in rest if _reads(s)), None)
    if not (isinstance(first, ast.Try) or (isinstance(first, ast.If) and not _reads(first.test))):
        return False  # (read at once on every path, or never: nothing to gain)

    def guard():
        test = ast.Compare(ast.Name(_ENV, ast.Load()), [ast.Is()], [ast.Constant(None)])
        return ast.fix_missing_locations(ast.copy_location(ast.If(test, [copy.deepcopy(made)], []), made))

    unmade = ast.copy_location(ast.Assign([ast.Name(_ENV, ast.Store())], ast.Constant(None)), made)
    body[at:] = [unmade, *_guarded(rest, guard)]
    return True


def _guarded(stmts: list, guard) -> list:
    """``stmts`` with the environment made before each read where it may not be made yet."""
    out = []
    made = False
    for s in stmts:
        if made or not _reads(s):
            out.append(s)
        elif isinstance(s, ast.If) and not _reads(s.test):
            s.body = _guarded(s.body, guard)
            s.orelse = _guarded(s.orelse, guard)
            out.append(s)
        elif isinstance(s, ast.Try):
            s.body = _guarded(s.body, guard)
            for h in s.handlers:
                if h.type is not None and _reads(h.type):
                    out.append(guard())  # (not ours: made before the try, as written)
                    made = True
                h.body = _guarded(h.body, guard)
            s.orelse = _guarded(s.orelse, guard)
            s.finalbody = _guarded(s.finalbody, guard)
            out.append(s)
        else:
            out += [guard(), s]
            made = True
    return out


def _reads(node) -> bool:
    return any(isinstance(n, ast.Name) and n.id == _ENV for n in ast.walk(node))


def _makes_env(stmt) -> bool:
    """``stmt`` is ``e = {'k': x, ...}``, constant keys and plain values (a name, a constant)."""
    return (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and stmt.targets[0].id == _ENV
        and isinstance(stmt.value, ast.Dict)
        and all(isinstance(k, ast.Constant) for k in stmt.value.keys)
        and all(isinstance(v, (ast.Name, ast.Constant)) for v in stmt.value.values)
    )
