"""A listing's values kept by a test ending in ``any(...)``, written as loops.

The second parameter of a kind is listed per first value by one comprehension over its
values (:func:`.listing._two_lines`): ``[(t, k) for t, k in items if TEST]``. When ``TEST``
is ``any(E for x in L if F)``, alone or last of an ``and`` (a define testing the cells of a
list against each value: ``connects(left, p, top)``), the comprehension makes a generator per value and resumes it for each ``x`` that passes ``F``.
Written as loops, the same tests run in the same order with no generator and no call:

```python
_l58 = []
for _v60, _k59 in _l54:
    for _v5 in _v61:
        if (F) and (E):
            _l58.append((_v60, _k59))
            break
```

``E`` is tested for its truth by ``if`` as ``any`` tests it, ``L`` is read once per value as
the generator reads it when made, and the loop stops where ``any`` stops, so the values kept,
the reads made and the failures raised are the comprehension's. The parts are cut from the
test's own source by the positions ``ast`` gives them (nothing is rewritten); a test of
another shape, or one ``ast`` cannot read (a loop whose variable is a slot of the
environment), keeps the comprehension.

Per value of the first parameter the same ``F`` is tested again on the same cells for each
second value; where ``L`` and ``F`` only read (pure reads) and read nothing the first
parameter binds, :func:`listed_lines` sifts the cells once per second value before the
first parameter's loop, and each first value tests ``E`` on the sifted cells alone.
"""

from __future__ import annotations

import ast

from .dsl.pysource import indent


def kept_lines(pairs: str, target: str, key: str, items: str, test: str) -> list[str]:
    """Lines setting ``pairs`` to the ``(target, key)`` pairs of ``items`` for which ``test``
    (source reading ``target``) holds."""
    parts = _any_parts(test)
    if parts is None:
        return [f"{pairs} = [({target}, {key}) for {target}, {key} in {items} if {test}]"]
    before, var, coll, conditions = parts
    inner = [
        f"for {var} in {coll}:",
        "    if " + " and ".join(f"({c})" for c in conditions) + ":",
        f"        {pairs}.append(({target}, {key}))",
        "        break",
    ]
    if before:
        inner = ["if " + " and ".join(f"({c})" for c in before) + ":"] + indent(inner)
    return [f"{pairs} = []", f"for {target}, {key} in {items}:"] + indent(inner)


def listed_lines(gen, first: tuple, pairs: str, last: tuple, items: str, test: str, after: str) -> list[str]:
    """Lines listing, per value of the first parameter (``first``: its slot, key and kept
    pairs), the ``last`` parameter's pairs (``last``: its target and key) of ``items`` for
    which ``test`` holds, then ``after`` (the run written when some are kept). Where ``test``
    is ``any(E for x in L if F)`` and ``L`` and ``F`` read nothing the first parameter
    binds, only pure reads (:func:`_invariant`), the cells passing ``F`` are sifted once
    per last value before the first parameter's loop (in a ``try``: if a read fails there,
    each value runs the loops as written, which fail where they would), and each first value
    tests ``E`` on those alone: ``F`` is worked out once per last value and cell instead of
    once per first value, last value and cell. The sifting is written as statement loops (a
    comprehension per last value made a function call each: more than it saved), and a last
    value with no cell left is left out (no ``E`` to test there)."""
    slot, key, kept = first
    target, key2 = last
    plain = kept_lines(pairs, target, key2, items, test)
    parts = _any_parts(test)
    if parts is None or parts[0] or len(parts[3]) < 2:
        return [f"for {slot}, {key} in {kept}:", *indent(plain), f"    {after}"]
    _, var, coll, conditions = parts
    sift, elt = conditions[:-1], conditions[-1]
    if not all(_invariant(gen, x, {var, target}, slot) for x in [coll, *sift]):
        return [f"for {slot}, {key} in {kept}:", *indent(plain), f"    {after}"]
    pre, cells = gen.fresh("l"), gen.fresh("l")
    passing = " and ".join(f"({c})" for c in sift)
    return [
        f"{pre} = []",
        "try:",
        f"    for {target}, {key2} in {items}:",
        f"        {cells} = []",
        f"        for {var} in {coll}:",
        f"            if {passing}:",
        f"                {cells}.append({var})",
        f"        if {cells}:",
        f"            {pre}.append(({target}, {key2}, {cells}))",
        f"except {gen.caught}:",
        f"    {pre} = None",
        f"for {slot}, {key} in {kept}:",
        f"    if {pre} is None:",
        *indent(indent(plain)),
        "    else:",
        f"        {pairs} = []",
        f"        for {target}, {key2}, {cells} in {pre}:",
        f"            for {var} in {cells}:",
        f"                if {elt}:",
        f"                    {pairs}.append(({target}, {key2}))",
        "                    break",
        f"    {after}",
    ]


def _invariant(gen, text: str, bound: set, slot: str) -> bool:
    """Whether source ``text`` only reads, the same whatever the first parameter is: not its
    ``slot`` (other slots, the seat's and the lets', are set before), no call but ``len`` and
    the pure helpers, no assignment; names bound here (``bound``), bound objects and locals
    (``_bN``, ``_kN``, ``_vN``, ``_hN``) and the state's public attributes (``g.n``)."""
    if slot in text:
        return False
    try:
        tree = ast.parse(text.replace("\x00", "(").replace("\x01", ")"), mode="eval")
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if not (isinstance(node.func, ast.Name) and (node.func.id in gen.pure or node.func.id == "len")):
                return False
        elif isinstance(node, ast.Name):
            if node.id in ("g", "len") or node.id in bound:
                continue
            if node.id[:2] not in ("_b", "_k", "_v", "_h") or not node.id[2:].isdigit():
                return False
        elif isinstance(node, ast.Attribute):
            if not (isinstance(node.value, ast.Name) and node.value.id == "g") or node.attr.startswith("_"):
                return False
            if node.attr in ("rng", "settle_top", "settle_bottom", "settle_all", "move"):
                return False
        elif isinstance(node, (ast.NamedExpr, ast.Lambda, *_LOOPS)):
            return False
    return True


_LOOPS = (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)


def _any_parts(test: str) -> tuple | None:
    """``(tests before, loop variable, collection, [conditions..., element])`` of ``test`` read
    as ``A and ... and any(E for x in L if F ...)``, each part the text of ``test`` it stands
    for; None for any other shape."""
    # a slot (\x00'key'\x01, pysource.env) reads as a parenthesised string of the same length
    if "\n" in test:
        return None
    try:
        tree = ast.parse(test.replace("\x00", "(").replace("\x01", ")"), mode="eval").body
    except SyntaxError:
        return None
    before = []
    if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And):
        before, tree = tree.values[:-1], tree.values[-1]
    if not (
        isinstance(tree, ast.Call)
        and isinstance(tree.func, ast.Name)
        and tree.func.id == "any"
        and len(tree.args) == 1
        and not tree.keywords
        and isinstance(tree.args[0], ast.GeneratorExp)
        and len(tree.args[0].generators) == 1
        and not tree.args[0].generators[0].is_async
        and isinstance(tree.args[0].generators[0].target, ast.Name)
    ):
        return None
    loop = tree.args[0].generators[0]
    raw = test.encode()

    def text(node) -> str:  # a slot's string stands for the whole slot, its marks included
        start, end = node.col_offset, node.end_col_offset
        if start > 0 and raw[start - 1] == 0 and raw[end : end + 1] == b"\x01":
            start, end = start - 1, end + 1
        return raw[start:end].decode()

    conditions = [text(c) for c in loop.ifs] + [text(tree.args[0].elt)]
    return [text(b) for b in before], text(loop.target), text(loop.iter), conditions
