"""The source of a step listing's parts shared by its kinds' shapes, and of a kind of two
parameters joined by one ordering comparison (``sum(c.value for c in cards) >
top_value(spot)``): the groups' memo read inline, the join prepared once per listing, and
per value of the first parameter the binary search of the sorted inner values
(:mod:`.listing` writes the rest of the listing around them)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from .domains import ORDERED, prepare_join
from .domains import items as domain_items
from .dsl.pysource import Generator, env, indent, literal, localized
from .program import ActionDef


def run_line(kind: str, vals: str, keys: str, items: str, lo: str = "0", count: str | None = None) -> str:
    """A statement recording a run of actions in the listing (``Legal.add``, inline: a call
    per run costs more than the two appends): ``count`` actions, ``len(items)`` by default."""
    return (
        f"runs.append(({kind}, {vals}, {keys}, {items}, {lo})); "
        f"ends.append(ends[-1] + {count if count is not None else f'len({items})'})"
    )


def source_of(gen: Generator, x) -> str:
    """A check's source: a compiled expression's, or a call of a plain function."""
    return gen.of(x) if hasattr(x, "src") else f"{gen.bind(x)}(g, e)"


def domain_source(gen: Generator, p) -> str:
    """Source of parameter ``p``'s domain (the list its values come from): the domain's
    own expression when it has source, else a call of its closure."""
    return p.domain_src if p.domain_src is not None else f"{gen.bind(p.domain)}(g, e)"


def remembered_groups(gen: Generator, p, items: str, hit: str) -> list[str]:
    """Lines setting ``items`` to a ``group_of`` parameter's groups (its domain has source)
    and ``hit`` to their memo entry (:func:`.domains.items`): the memo read inline,
    ``items`` called only for a composition not seen yet."""
    pb = gen.bind(p)
    return [
        f"{hit} = {pb}.memo.get(tuple({p.domain_src}))",
        f"if {hit} is None:",
        f"    {gen.bind(domain_items)}({pb}, g, e)",
        f"    {hit} = {pb}.last_entry",
        "else:",
        f"    {pb}.last_entry = {hit}",
        f"{items} = {hit}[0]",
    ]


def join_lines(
    gen: Generator, d: ActionDef, outer_c, kept: str, items: str, k: str, entry: str | None = None
) -> list[str]:
    """Per first value kept, the actions whose last value passes the one ordering join;
    ``entry``: the local holding the groups' memo entry, whose remembered join is read inline."""
    how = ORDERED[d.joins[2][0][1]]
    find = gen.bind(bisect_right if how in ("gt", "le") else bisect_left)
    kind = gen.bind(d)
    its, cut, search = gen.fresh("l"), gen.fresh("x"), gen.fresh("x")
    prepared = _prepared(gen, d, items, entry, cut, search)
    lo, hi, si, sv, n, at = (gen.fresh(x) for x in ("i", "i", "l", "l", "i", "i"))
    slot = env(d.params[0].key)
    target, (outer,) = localized(gen, d.params[0].key, [source_of(gen, outer_c)])
    run = (
        f"if {at} < {n}: " + run_line(kind, f"({target},)", f"({k},)", si, at, f"{n} - {at}")
        if how in ("gt", "ge")
        else f"if {at}: " + run_line(kind, f"({target},)", f"({k},)", si, "0", at)
    )
    return prepared + [
        f"if {search} is None:",
        f"    for {slot}, {k} in {kept}:",
        f"        {its}, {lo}, {hi} = {cut}(g, e)",
        f"        if {lo} < {hi}: " + run_line(kind, f"({slot},)", f"({k},)", its, lo, f"{hi} - {lo}"),
        "else:",
        f"    {si} = {search}[0]",
        f"    {sv} = {search}[1]",
        f"    {n} = len({si})",
        f"    for {target}, {k} in {kept}:",
        f"        {at} = {find}({sv}, {outer})",
        f"        {run}",
    ]


def fused_join(
    gen: Generator, d: ActionDef, checks: list, outer_c, fetch: list, items: str, entry, as_written: list
) -> list[str]:
    """The lines of :func:`_join_lines` over a ``position_in`` first parameter, in one loop: each
    position tested, then (the first time one passes) the last parameter's items fetched
    and their join prepared, then the position's run written, with no list of the positions
    kept. The same expressions are worked out, those of a position before the next one's
    test rather than after every test, and a listing changes nothing they read (it only
    appends to the runs), so the runs are the same; a failure, which could come from
    another expression than it would as written, drops the runs written in the loop and
    runs the lines ``as_written``, which fail where they always did."""
    how = ORDERED[d.joins[2][0][1]]
    find = gen.bind(bisect_right if how in ("gt", "le") else bisect_left)
    kind, first = gen.bind(d), d.params[0]
    test = " and ".join(source_of(gen, c) for c in checks)
    slot = env(first.key)
    target, (test, outer) = localized(gen, first.key, [test or "True", source_of(gen, outer_c)])
    k, its, lo, hi, at, n0 = (gen.fresh(x) for x in ("k", "l", "i", "i", "i", "i"))
    cut, search, si, sv, n = gen.fresh("x"), gen.fresh("x"), gen.fresh("l"), gen.fresh("l"), gen.fresh("i")
    prepared = _prepared(gen, d, items, entry, cut, search)
    run = (
        f"if {at} < {n}: " + run_line(kind, f"({target},)", f"({k},)", si, at, f"{n} - {at}")
        if how in ("gt", "ge")
        else f"if {at}: " + run_line(kind, f"({target},)", f"({k},)", si, "0", at)
    )
    once = [f"if {cut} is None:"] + indent(
        fetch
        + prepared
        + [
            f"if {search} is not None:",
            f"    {si} = {search}[0]",
            f"    {sv} = {search}[1]",
            f"    {n} = len({si})",
        ]
    )
    per_value = (
        [f"if {search} is None:"]
        + indent(
            ([] if target == slot else [f"{slot} = {target}"])
            + [
                f"{its}, {lo}, {hi} = {cut}(g, e)",
                f"if {lo} < {hi}: " + run_line(kind, f"({target},)", f"({k},)", its, lo, f"{hi} - {lo}"),
            ]
        )
        + ["else:", f"    {at} = {find}({sv}, {outer})", f"    {run}"]
    )
    loop = [f"for {k}, {target} in enumerate({domain_source(gen, first)}):"] + indent(
        ([f"if {test}:"] + indent(once + per_value)) if test != "True" else once + per_value
    )
    return [
        f"{n0} = len(runs)",
        f"{cut} = None",
        "try:",
        *indent(loop),
        f"except {gen.caught}:",
        f"    runs[{n0}:] = []",
        f"    ends[{n0} + 1:] = []",
        *indent(as_written),
    ]


def _prepared(gen: Generator, d: ActionDef, items: str, entry, cut: str, search: str) -> list[str]:
    """Lines setting ``cut`` and ``search`` to the last parameter's join prepared
    (:func:`.domains.prepare_join`), read from the groups' memo ``entry`` when there is one."""
    p, j = gen.bind(d.params[1]), gen.bind(d.joins[2])
    prepare = f"{gen.bind(prepare_join)}({p}, {j}, {items}, g, e)"
    if entry is None:
        return [f"{cut}, {search} = {prepare}"]
    found = gen.fresh("x")  # prepare_join remembers its result in the entry under the joins' id
    return [
        f"{found} = {entry}[1].get({literal(id(d.joins[2]))})",
        f"{cut}, {search} = {found} if {found} is not None else {prepare}",
    ]
