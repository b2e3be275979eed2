"""Questions asked of DSL text and trees before they are compiled.

``names_in`` lists the names an expression reads (to order an action's conditions by
the parameters they need); ``is_static`` tells whether a condition reads only one
parameter and fixed properties (so its value may be remembered); ``narrowed_type``
reads ``x.type == 'T'`` in a filter to type its elements as T.
"""

from __future__ import annotations

from ...errors import SpecError
from . import ast as A
from . import types as T
from .functions import FUNCTIONS
from .parse import parse_block, parse_expr


def names_in(text) -> set[str]:
    """The names an expression text reads (empty if it is no text or does not parse)."""
    if not isinstance(text, str):
        return set()
    try:
        node = parse_expr(text)
    except SpecError:
        return set()
    return {n.id for n in A.walk(node) if isinstance(n, A.Name)}


def is_static(node, param: str, model) -> bool:
    """Whether ``node`` reads only ``param`` and fixed properties (so its value may be remembered)."""
    bound = {param}
    for n in A.walk(node):
        if isinstance(n, A.Comprehension):
            bound.add(n.var)
    for n in A.walk(node):
        if isinstance(
            n,
            (
                A.Num,
                A.Str,
                A.Bool,
                A.NoneLit,
                A.BinOp,
                A.Compare,
                A.Neg,
                A.Not,
                A.BoolOp,
                A.Conditional,
                A.Comprehension,
                A.ListLit,
            ),
        ):
            continue
        if isinstance(n, A.Name):
            if n.id in bound or (n.id in model.constants and n.id not in model.zones):
                continue
            return False
        if isinstance(n, A.Attr):
            if n.name in model.props and n.name not in model.cvars and n.name not in model.zones:
                continue
            return False
        if isinstance(n, (A.Call, A.CallOver)) and n.func in FUNCTIONS and FUNCTIONS[n.func].static:
            continue
        return False
    return True


def narrowed_type(elem: T.T, var: str, where):
    """``[d in z where d.type == 'die' and ...]``: the one component type of the elements, or None."""
    if elem.kind != "comp" or where is None:
        return None
    parts = where.values if isinstance(where, A.BoolOp) and where.op == "and" else (where,)
    for p in parts:
        if isinstance(p, A.Compare) and p.op == "==":
            for a, b in ((p.left, p.right), (p.right, p.left)):
                if (
                    isinstance(a, A.Attr)
                    and a.name == "type"
                    and isinstance(a.obj, A.Name)
                    and a.obj.id == var
                    and isinstance(b, A.Str)
                    and b.value in elem.types
                ):
                    return T.comp({b.value})
    return None


# Expressions worth working out once per listing when they read no parameter (a name, an
# attribute or a literal costs no more than remembering it).
HOISTABLE = (
    A.Call,
    A.CallOver,
    A.Conditional,
    A.BinOp,
    A.Index,
    A.Comprehension,
    A.ListLit,
    A.BoolOp,
    A.Compare,
    A.Not,
    A.Neg,
)


def free_names(node: A.Node) -> set[str]:
    """The names an expression reads that it does not bind itself (comprehension variables)."""
    names, bound = set(), set()
    for n in A.walk(node):
        if isinstance(n, A.Name):
            names.add(n.id)
        elif isinstance(n, A.Comprehension):
            bound.add(n.var)
    return names - bound


READS_ALWAYS = {"count": (0,), "line": (0, 2, 3), "at": (0, 1, 2), "neighbours": (0,)}
"""Built-in functions whose compiled form works out some arguments at every call: their
positions (``line`` reads its board only from a cell, in a direction)."""


def always_reads(node: A.Node, name: str, defines: dict, memo: dict, depth: int = 0) -> bool:
    """Whether evaluating expression ``node`` reads the name ``name`` whatever the state: not
    only in a branch, a later operand of and/or, a comprehension's condition or element (its
    collection is read always) or a builtin function's arguments (a function may read them
    when it likes); through a call of a define, where its body always reads the parameter
    the name is passed as, or where a bound argument reads it (arguments are worked out first).
    ``memo``: the answer for each (define, parameter) worked out so far, so a define used many
    times is walked once."""
    if depth > 40:
        return False
    if isinstance(node, A.Name):
        return node.id == name
    if isinstance(node, (A.Attr, A.Not, A.Neg)):
        return always_reads(
            node.obj if isinstance(node, A.Attr) else node.operand, name, defines, memo, depth + 1
        )
    if isinstance(node, (A.Index, A.Compare, A.BinOp)):
        parts = (node.obj, node.index) if isinstance(node, A.Index) else (node.left, node.right)
        return any(always_reads(x, name, defines, memo, depth + 1) for x in parts)
    if isinstance(node, A.BoolOp):
        return always_reads(node.values[0], name, defines, memo, depth + 1)
    if isinstance(node, A.Conditional):
        return always_reads(node.test, name, defines, memo, depth + 1) or (
            always_reads(node.then, name, defines, memo, depth + 1)
            and always_reads(node.orelse, name, defines, memo, depth + 1)
        )
    if isinstance(node, A.ListLit):
        return any(always_reads(x, name, defines, memo, depth + 1) for x in node.items)
    if isinstance(node, (A.Comprehension, A.CallOver)):
        return always_reads(
            (node.comp if isinstance(node, A.CallOver) else node).coll, name, defines, memo, depth + 1
        )
    if isinstance(node, A.Call):
        d = defines.get(node.func)
        if d is None:
            return any(
                always_reads(node.args[i], name, defines, memo, depth + 1)
                for i in READS_ALWAYS.get(node.func, ())
                if i < len(node.args)
            )
        if len(node.args) != len(d.params):
            return False
        return any(
            define_reads(d, p, defines, memo, depth + 1)
            if isinstance(a, A.Name) and a.id == name
            else always_reads(a, name, defines, memo, depth + 1)
            for a, p in zip(node.args, d.params)
        )
    return False


def define_reads(d, param: str, defines: dict, memo: dict, depth: int = 0) -> bool:
    """Whether define ``d``'s body reads its parameter ``param`` whatever the state
    (:func:`always_reads`), remembered in ``memo``."""
    key = (d.name, param)
    if key not in memo:
        memo[key] = always_reads(d.body, param, defines, memo, depth)
    return memo[key]


def never_shuffled(blocks: list, data: dict, model) -> frozenset:
    """The indices of the zones none of the effect ``blocks`` of the rule file ``data``
    shuffles: their order is never undecided, so reading it needs no chance check. Only a
    shuffle of a zone named outright (``shuffle supply``, ``shuffle c.pile``) names the zone
    it shuffles; any other target (a define, a variable, a text that does not parse) may be
    any zone, and then none is listed."""
    local = set(data.get("define") or {})
    for spec in (data.get("actions") or {}).values():
        if isinstance(spec, dict):
            local.update(spec.get("let") or {}, spec.get("params") or {})
    for key in data.get("procedures") or {}:  # a procedure's parameters name what it is given
        local.update(p.strip() for p in str(key).partition("(")[2].rstrip(") ").split(","))
    targets = []
    for text in blocks:
        try:
            node = parse_block(text)
        except SpecError:
            return frozenset()
        for n in A.walk(node):
            if isinstance(n, (A.For, A.Let)):
                local.add(n.var if isinstance(n, A.For) else n.name)
            elif isinstance(n, A.Shuffle):
                targets.append(n.zone)
    variables = set(model.cvars).union(*(set(v) for v in model.variables.values()))
    shuffled = set()
    for z in targets:
        name = (
            z.id if isinstance(z, A.Name) and z.id not in local else z.name if isinstance(z, A.Attr) else None
        )
        if name is None or name not in model.zones or name in variables:
            return frozenset()
        shuffled.add(name)
    return frozenset(i for i, (name, _, _) in enumerate(model.zone_names) if name not in shuffled)


def reads_name(texts, name: str) -> bool:
    """Whether any of ``texts`` (``checks.base.DslText``s) reads ``name`` (one that does
    not parse counts as reading it)."""
    for t in texts:
        if not isinstance(t.text, str):
            continue
        try:
            node = parse_block(t.text) if t.effect else parse_expr(t.text)
        except SpecError:
            return True
        if any(isinstance(n, A.Name) and n.id == name for n in A.walk(node)):
            return True
    return False
