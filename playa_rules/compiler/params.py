"""Compiling action parameters: their domains and their share of the stable action numbering.

Functions of the compile stage (``self`` is the stage of :mod:`.compile`).
"""

from __future__ import annotations

from ..shared.limits import MAX_ACTION_IDS
from .dsl import types as T
from .dsl.compile import Scope
from .dsl.names import zone_list
from .dsl.values import const
from .model import did_you_mean
from .program import ParamDef

PARAM_KINDS = ("one_of", "position_in", "group_of", "seat_in", "number_in")


def compile_param(self, name: str, pspec: dict, ptr: str, scope: Scope):
    """One action parameter: its kind, domain, radix (its share of the action numbering)."""
    kinds = [k for k in PARAM_KINDS if k in pspec]
    if len(kinds) != 1:
        self.error(ptr, "bad-param", f"parameter '{name}' needs exactly one of {', '.join(PARAM_KINDS)}")
        return None, scope
    kind = kinds[0]
    key = self.cp.fresh(name)
    m = self.model
    if kind == "number_in":
        if isinstance(pspec[kind], str):  # number_in: NAME, a parameter holding [low, high]
            lo_c = hi_c = self.expr(pspec[kind], f"{ptr}/number_in", Scope())
            pair = lo_c.const if lo_c is not None and lo_c.is_const else None
            if isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair):
                lo_c, hi_c = const(pair[0]), const(pair[1])
        else:
            lo, hi = (pspec[kind] + [0, 0])[:2] if isinstance(pspec[kind], list) else (0, 0)
            lo_c = self.expr(lo, f"{ptr}/number_in/0", Scope(), "int")
            hi_c = self.expr(hi, f"{ptr}/number_in/1", Scope(), "int")
        if not (
            lo_c
            and hi_c
            and lo_c.is_const
            and hi_c.is_const
            and type(lo_c.const) is int
            and type(hi_c.const) is int
            and lo_c.const <= hi_c.const
        ):
            self.error(
                ptr,
                "bad-range",
                "number_in needs two constant whole numbers [low, high], low <= high, or the name of "
                "a parameter holding them",
            )
            return None, scope
        p = ParamDef(
            name, key, kind, None, radix=hi_c.const - lo_c.const + 1, low=lo_c.const, caps=[hi_c.const]
        )
        return p, scope.bind(name, key, T.INT)
    c = self.expr(pspec[kind], f"{ptr}/{kind}", scope)
    if c is None:
        return None, scope
    if kind == "seat_in":
        if c.t.kind not in ("list", "any") or (c.t.elem and c.t.elem.kind not in ("seat", "any")):
            self.error(f"{ptr}/{kind}", "type-error", f"seat_in needs a list of seats, but this is {c.t}")
        p = ParamDef(name, key, kind, c.fn, radix=m.max_players, domain_src=c.src)
        return p, scope.bind(name, key, T.SEAT)
    if not c.t.is_collection:
        self.error(f"{ptr}/{kind}", "type-error", f"{kind} needs a zone or a list, but this is {c.t}")
        return None, scope
    if kind == "one_of" and c.t.kind == "list" and _plain_values(c.t.elem):
        return _one_value(self, name, key, c, f"{ptr}/{kind}", scope)
    elem = c.t.elem if c.t.kind == "list" else None
    if elem is not None and elem.kind == "seat":  # one_of: others, meant seat_in
        self.error(
            f"{ptr}/{kind}",
            "bad-param",
            f"{kind} picks from a zone or a list of components, but this is {c.t}",
            f"pick a seat with seat_in ({name}: {{seat_in: {pspec[kind]}}}); then {name}.hand "
            "names that seat's zone",
        )
        return None, scope.bind(name, key, T.SEAT)  # its uses read as a seat's: no error after this one
    if c.is_const and isinstance(c.const, list) and c.const:  # values known at load, not components
        self.error(
            f"{ptr}/{kind}",
            "bad-param",
            f"{kind} picks from a zone or a list of components, but this is {c.t}",
            "one_of also picks one value of a list of texts and whole numbers ([A, 2, 3]); "
            "a list of truth values or of lists cannot number the actions"
            if kind == "one_of"
            else "pick one value with one_of, or a number with number_in: [low, high]",
        )
        return None, scope
    domain = zone_list(c) if c.t.kind == "zone" else c.fn
    src = (
        c.src if c.src is None or c.t.kind != "zone" else f"g.zones[{c.src}]"
    )  # the listing's source reads it
    types = c.t.types if c.t.kind == "zone" else (c.t.elem.types if c.t.elem else frozenset())
    types = types or frozenset(m.types)
    members = [x for t in sorted(types) for x in m.type_members.get(t, [])]
    elem = T.comp(types)
    if kind == "position_in":
        cap = sum(len(m.type_members.get(t, [])) for t in types)
        return ParamDef(name, key, kind, domain, radix=max(cap, 1), domain_src=src), scope.bind(
            name, key, elem
        )
    if kind == "one_of":
        faces = sorted({m.face[x] for x in members})
        return ParamDef(
            name,
            key,
            kind,
            domain,
            radix=max(len(faces), 1),
            domain_src=src,
            index={f: i for i, f in enumerate(faces)},
        ), scope.bind(name, key, elem)
    by = pspec.get("by")
    if by in m.cvars and by not in m.props:  # a die's face, an item's `vars`: set while playing
        what = "the face a roll gives a die" if by == "face" else f"a variable of {'/'.join(m.cvars[by][0])}"
        self.error(
            f"{ptr}/by",
            "bad-param",
            f"group_of groups components by a property fixed when the rules load (its values number "
            f"the actions), but '{by}' is {what}, which changes while playing",
            "choose the value and how many instead: params {v: {one_of: values}, n: {number_in: [1, 6]}} "
            f"with a parameter values: [1, 2, 3, 4, 5, 6], require count(x in ZONE where x.{by} == v) >= n, "
            f"effect move take([x in ZONE where x.{by} == v], n) to ...; a repeating step takes several "
            "values (format.md, Parameter kinds)",
        )
        return None, scope
    if by not in m.props:
        self.error(
            f"{ptr}/by",
            "unknown-attribute",
            "group_of needs 'by': a property its components share",
            did_you_mean(by, list(m.props)) if by else None,
        )
        return None, scope
    prop = m.props[by]
    odd = next((x for x in members if isinstance(prop[x], (list, dict))), None)
    if odd is not None:  # groups count equal values: a list cannot be one
        self.error(
            f"{ptr}/by",
            "bad-param",
            f"group_of groups components by '{by}', which must be a number or "
            f"a text, but '{m.labels[odd]}' ({m.ctype[odd]}) has a list there",
        )
        return None, scope
    values = sorted({prop[x] for x in members if prop[x] is not None}, key=_sort_key)
    caps = []
    for v in values:
        per_owner = {}
        for x in members:
            if prop[x] == v:
                per_owner[m.owner[x]] = per_owner.get(m.owner[x], 0) + 1
        caps.append(max(per_owner.values()))
    radix = 1
    for cap in caps:
        radix *= cap + 1
    p = ParamDef(
        name,
        key,
        kind,
        domain,
        by=by,
        radix=radix,
        values=values,
        caps=caps,
        domain_src=src,
        index={v: i for i, v in enumerate(values)},
    )
    return p, scope.bind(name, key, T.list_of(elem))


def _plain_values(elem) -> bool:
    """Whether the items of a list are texts or numbers (``[A, 2, 3]`` mixes both: one value each)."""
    if elem is None:
        return False
    return elem.kind in ("str", "int") or bool(elem.mix) and elem.mix <= {"str", "int"}


def _one_value(self, name: str, key: str, c, ptr: str, scope: Scope):
    """``one_of`` over a list of texts or numbers (a suit, a colour): the value itself, shown
    as it is; each value of the list known when the rules load is one digit of the id."""
    if not c.is_const:
        self.error(
            ptr,
            "not-constant",
            f"one_of over {c.t} needs a list known when the rules load (a parameter, an assumption "
            "or a literal list): its values number the actions",
            "keep the list whole here and narrow it in 'require' (require: [suit != turn.led])",
        )
        return None, scope
    values = list(dict.fromkeys(c.const))  # each value once, in the list's order
    if None in values:  # [A, null]: an action would read 'call None'
        self.error(
            ptr,
            "bad-param",
            f"one_of over {c.t} holds none (null in YAML) at item {c.const.index(None)}: each value is "
            "an action's text, and none is no value to choose",
            "leave none out of the list; to let a player choose nothing, give the step an action "
            "for it (a pass)",
        )
        return None, scope
    shown = {}
    for v in values:
        if str(v) in shown:  # [2, "2"]: two actions the same text would name
            self.error(
                ptr,
                "bad-param",
                f"one_of over {c.t} holds both {shown[str(v)]!r} and {v!r}, which read the same in an action",
                "keep one of them",
            )
            return None, scope
        shown[str(v)] = v
    p = ParamDef(
        name,
        key,
        "value_in",
        c.fn,
        radix=max(len(values), 1),
        domain_src=c.src,
        index={v: i for i, v in enumerate(values)},
        values=values,
    )
    return p, scope.bind(name, key, c.t.elem)


def number_actions(self, actions: dict):
    """Number the action kinds: each spans the product of its parameters' radices."""
    base = 0
    for a in actions.values():
        size = 1
        for p in a.params:
            size *= p.radix
        if size > MAX_ACTION_IDS:
            sizes = ", ".join(f"{p.name} {p.radix:,}" for p in a.params)
            self.error(
                f"{a.pointer}/params",
                "too-many-actions",
                f"action '{a.name}' can name {size:,} different actions (its parameters take "
                f"{sizes} values), over the limit of {MAX_ACTION_IDS:,}",
                "narrow a number_in range, or split a group_of over fewer distinct values",
            )
        a.base, a.size = base, size
        base += size


# ------------------------------------------------------------ flow


def _sort_key(v):
    return (0, v, "") if isinstance(v, (int, float)) and not isinstance(v, bool) else (1, 0, str(v))
