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
