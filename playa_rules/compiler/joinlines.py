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
        f"{hit} = {_memo_get(gen, p)}",
        f"if {hit} is None:",
        f"    {gen.bind(domain_items)}({pb}, g, e)",
        f"    {hit} = {pb}.last_entry",
        "else:",
        f"    {pb}.last_entry = {hit}",
        f"{items} = {hit}[0]",
    ]


def some(items: str, entry) -> str:
    """A test that ``items`` holds some pair: a list's truth, or where they are a
    :class:`.domains.Groups` read from the memo (``entry`` not None) its template's, the
    same answer without a call of ``Groups.__len__`` (a Python method: a frame per test)."""
    return f"{items}.tpl" if entry is not None else items


def _memo_get(gen: Generator, p) -> str:
    """The memo entry of a ``group_of`` parameter's groups of its domain as it is now, or None."""
    return f"{gen.bind(p)}.memo.get(tuple({p.domain_src}))"


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
        f"    {n} = len({sv})",  # (one value per item: a list, whatever the items are)
        f"    for {target}, {k} in {kept}:",
        f"        {at} = {find}({sv}, {outer})",
        f"        {run}",
    ]


def fused_join(
    gen: Generator, d: ActionDef, checks: list, outer_c, fetch: list, items: str, entry, as_written: list
) -> list[str]:
    """The lines of :func:`join_lines` over a ``position_in`` first parameter, in one loop: the
    last parameter's items fetched and their join prepared first (read from the groups'
    memo when it holds both: :func:`_fetched`), then, where there are items, each position
    tested and its run written, with no list of the positions kept and no test per
    position of what was prepared (one loop for a sorted join, one for another). The same
    expressions are worked out, those of a position before the next one's test rather than
    after every test; a listing changes nothing they read (it only appends to the runs, and
    the memo only remembers), so the runs are the same. A failure, which could come from
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
    each = f"for {k}, {target} in enumerate({domain_source(gen, first)}):"

    def loop(body: list) -> list:
        return [each] + indent(([f"if {test}:"] + indent(body)) if test != "True" else body)

    by_cut = loop(
        ([] if target == slot else [f"{slot} = {target}"])
        + [
            f"{its}, {lo}, {hi} = {cut}(g, e)",
            f"if {lo} < {hi}: " + run_line(kind, f"({target},)", f"({k},)", its, lo, f"{hi} - {lo}"),
        ]
    )
    span = (at, f"{n} - {at}") if how in ("gt", "ge") else ("0", at)  # the groups passing: a suffix, a prefix
    passing = run_line(kind, f"({target},)", f"({k},)", si, *span)
    by_search = [f"{si} = {search}[0]", f"{sv} = {search}[1]", f"{n} = len({sv})"] + _bounded(
        gen, how, loop, outer, (find, sv, at), passing
    )
    body = (
        _fetched(gen, d, fetch, items, entry, cut, search)
        + [f"if {some(items, entry)}:"]  # (no group: no action, nothing tested, as written)
        + indent([f"if {search} is None:"] + indent(by_cut) + ["else:"] + indent(by_search))
    )
    return [
        f"{n0} = len(runs)",
        "try:",
        *indent(body),
        f"except {gen.caught}:",
        f"    runs[{n0}:] = []",
        f"    ends[{n0} + 1:] = []",
        *indent(as_written),
    ]


_BOUNDS = {  # the test, on the outer value o and the bound m, that bisect's answer leaves some groups
    "gt": ("-1", "{o} < {m}"),  # bisect_right(values, o) < n
    "ge": ("-1", "not {m} < {o}"),  # bisect_left(values, o) < n
    "le": ("0", "not {o} < {m}"),  # bisect_right(values, o) > 0
    "lt": ("0", "{m} < {o}"),  # bisect_left(values, o) > 0
}


def _bounded(gen: Generator, how: str, loop, outer: str, search: tuple, run: str) -> list[str]:
    """The loop of a sorted join (``search``: the bisect function, the sorted values ``sv``, not
    empty, and the local for its answer ``at``): each position's outer value ``o`` is first
    compared with the bound of the values (the greatest for a suffix, the least for a
    prefix) and searched only where some group passes, then its run (``run``) written. The
    test is the search's own comparison with that bound, operands in its order
    (``bisect_right`` compares ``o < values[i]``, ``bisect_left`` ``values[i] < o``): for
    values in order the search leaves some groups exactly when it passes, a value that does
    not compare with the bound fails as the search would, and a NaN, which compares false
    with all, passes where the search leaves some (``bisect_left`` answers 0 for it)."""
    (index, test), (find, sv, at) = _BOUNDS[how], search
    m, o = gen.fresh("x"), gen.fresh("x")
    return [f"{m} = {sv}[{index}]"] + loop(
        [f"{o} = {outer}", f"if {test.format(o=o, m=m)}:", f"    {at} = {find}({sv}, {o})", f"    {run}"]
    )


def _fetched(
    gen: Generator, d: ActionDef, fetch: list, items: str, entry, cut: str, search: str
) -> list[str]:
    """Lines setting ``cut`` and ``search`` to the last parameter's join prepared
    (:func:`_prepared`), after ``fetch`` (the items, and their memo ``entry``, :func:`remembered_groups`).
    With a memo: where the memo holds the items' entry and the entry the join, both are
    read from it and nothing else is done (the memo's ``last_entry`` is set only for
    :func:`.domains.prepare_join`, which reads it, and is not called then)."""
    prepared = _prepared(gen, d, items, entry, cut, search)
    if entry is None:
        return fetch + prepared
    got, found = gen.fresh("x"), gen.fresh("x")
    return [
        f"{found} = None",
        f"{got} = {_memo_get(gen, d.params[1])}",
        f"if {got} is not None:",
        f"    {found} = {got}[1].get({literal(id(d.joins[2]))})",
        f"if {found} is None:",
        *indent(fetch + prepared),
        "else:",
        f"    {items} = {got}[0]",
        f"    {cut}, {search} = {found}",
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
