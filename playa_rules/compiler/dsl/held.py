"""What a variable holds: the type its initial value fixes, checked at every ``set``, and
the type of a variable that starts as ``none``, told from the values the rule file sets.

A variable that starts as a number, a truth value or a text keeps that type: ``set`` of a
value of another type is a ``type-error``, and ``+=`` / ``-=`` need a number on both sides.
A variable that starts as ``none`` ("nothing yet") may be set to anything; if every ``set``
of it gives a seat, it reads as a seat, if every one gives components, as a component of
those types. The compiler learns that by compiling the file, noting the type of each
value set to such a variable (``cp.assigned``), and compiling it again with those types
(``cp.held``) when they tell something (:func:`compile_typed`): only files with such
variables pay for a second pass. The closures a ``set`` runs are here too.
"""

from __future__ import annotations

from ...errors import SpecError
from ...shared.limits import MAX_COLLECTION, MAX_INT
from . import ast as A
from . import types as T
from .faults import OverLimit, value_text
from .hints import type_hint
from .recover import poisoned
from .staying import ANYTHING, NOTHING

FIXED = ("int", "bool", "str")  # the kinds an initial value fixes
MAX_PASSES = 4  # a variable set from another one is typed one pass later


def var_type(cp, key: tuple, init, unknown: T.T = T.NONE) -> T.T:
    """The type a read of the variable ``key`` ((scope, name); ("component", name) for a
    component variable) gives: its initial value's, or for ``none`` what the sets told."""
    if init is not None:
        if init == []:  # a collection that starts empty: a list of what its sets give
            return cp.held.get(key, T.of_value(init))
        return T.of_value(init)
    return cp.held.get(key, unknown)


def face_type(m, types) -> T.T:
    """The type of ``x.face`` for a component of ``types``: that of all the faces it may
    show when they all have one (numbers, texts), else ANY."""
    faces, ctype = m.props.get("faces", ()), m.ctype
    kinds = {
        T.of_value(x) for c in m.faces if ctype[c] in types and isinstance(faces[c], list) for x in faces[c]
    }
    return kinds.pop() if len(kinds) == 1 else T.ANY


def shown(key: tuple) -> str:
    """How a variable is written: ``hand.last``, ``player variable 'x'``."""
    scope, name = key
    if scope in ("turn", "hand", "match"):
        return f"{scope}.{name}"
    return f"{'component' if scope == 'component' else 'player'} variable '{name}'"


def check_set(cp, node, value, key: tuple, init) -> None:
    """Check ``set VARIABLE OP value`` (``node`` an A.Set) against what the variable holds;
    note the type of a value given to a variable that starts as ``none``. A value that did not
    compile (an unknown name, recovered as a value of any kind: recover.py) tells nothing:
    what the variable holds follows from the sets that compiled, and the mistake is
    reported once, at the value."""
    told = value.fn is not poisoned
    if isinstance(init, list):
        if value.t.kind not in ("list", "any"):
            cp.error(
                node.value,
                "type-error",
                f"{shown(key)} is a collection (it starts as a list): 'set {node.op}' takes a list "
                f"of values ({'set hand.seen += [x]' if node.op != '=' else 'set hand.seen = []'}), not {value.t}",
            )
        if not init and node.op != "-=" and told:  # what it may hold; '= []' tells nothing
            cp.assigned.setdefault(key, set()).add(
                T.list_of(T.NONE) if value.is_const and not value.const else value.t
            )
        return
    if node.op != "=":
        if not T.accepts("int", value.t):
            cp.error(
                node.value,
                "type-error",
                f"what '{node.op}' {'adds' if node.op == '+=' else 'takes away'} "
                f"must be a number, but this is {value.t}",
                _props_hint(cp, value.t, T.INT) or type_hint(value.t),
            )
        vt = var_type(cp, key, init)
        if vt.kind not in ("int", "any"):
            start = "starts as none" if init is None else f"holds {vt}"
            cp.error(
                node,
                "type-error",
                f"'{node.op}' needs a number, but {shown(key)} {start}",
                "give it a number as its initial value (0)" if init is None else None,
            )
        return
    if init is None:
        if told:
            cp.assigned.setdefault(key, set()).add(value.t)
        return
    fixed = T.of_value(init)
    if (
        fixed.kind in FIXED
        and value.t.kind not in (fixed.kind, "any")
        and not (fixed.kind == "int" and value.t.kind == "seat")
    ):  # a seat is a number
        cp.error(
            node.value,
            "type-error",
            f"{shown(key)} holds {fixed} (its initial value is "
            f"{value_text(init)}), so it cannot be set to {value.t}",
            _props_hint(cp, value.t, fixed),
        )


def _props_hint(cp, got: T.T, wanted: T.T) -> str | None:
    """For a component where a number, truth value or text is wanted: its properties and
    variables of that type."""
    if got.kind != "comp":
        return None
    m = cp.m
    types = got.types or frozenset(m.types)
    names = sorted(
        {
            p
            for t in types
            for p in m.type_props.get(t, ())
            if T.of_value(next((v for v in m.props[p] if v is not None), None)).kind == wanted.kind
        }
        | {
            v
            for v, (owners, init) in m.cvars.items()
            if set(owners) & types
            and (face_type(m, types) if v == "face" else T.of_value(init)).kind == wanted.kind
        }
    )
    if not names:
        return None
    return (
        f"a component is not {wanted}: read one of its properties or variables ({', '.join(names)}), "
        f"as in x.{names[0]}"
    )


def why_unknown(cp, key: tuple) -> str:
    """Why the variable ``key``, which starts as none, has no type the compiler can tell
    (from the sets of the last pass, which saw them all, and of this one so far)."""
    given = (cp.given.get(key, set()) | cp.assigned.get(key, set())) - {T.NONE}
    if not given:
        return "no 'set' gives it a seat or a component"
    return f"its 'set's give it {' and '.join(sorted(map(str, given)))}, so its type cannot be told"


def read_as_none(cp, node, key: tuple, what: str):
    """The error for ``what`` (a reading of a seat's or component's part) of a variable that
    starts as none and whose type the compiler could not tell."""
    cp.error(
        node,
        "type-error",
        f"{shown(key)} starts as none and {why_unknown(cp, key)}: {what}",
        f"set {shown(key) if key[0] in ('turn', 'hand', 'match') else 'it'} only to seats, or only to "
        "components, and it reads as one",
    )


def compile_typed(doc, stage_class):
    """Compile ``doc`` with ``stage_class`` (compiler/compile.py's _Stage), again while the
    types of the variables that start as none, told from the last pass's sets, change (or,
    when it fails, until its messages know every set: a set may be compiled after a read);
    and again where a pass relied on components staying in their zones that its moves do
    not leave there (:mod:`.staying`), assuming then what it found moved."""
    held, given, moved, program, failure = {}, {}, NOTHING, None, None
    passes, doubted = 0, set()
    while passes < MAX_PASSES:
        stage = stage_class(doc)
        stage.held, stage.moved = (held, given), moved
        try:
            program, failure = stage.run(), None
        except SpecError as exc:
            program, failure = None, exc
        cp = getattr(stage, "cp", None)
        if failure is None and cp is not None and cp.staying is not None and not cp.staying.proven():
            found = cp.staying.found()  # again, assuming what this pass found moved; if that
            moved = found if found != moved else ANYTHING  # was assumed already, that anything may move
            continue  # (a pass assuming nothing stays relies on nothing: it is proven)
        passes += 1
        told = {}
        for key, types in cp.assigned.items() if cp is not None else ():
            if held.get(key, T.NONE).kind == "list" and any(
                t.kind == "list" and t.elem == T.ANY for t in types
            ):
                doubted.add(key)  # typed by hope, yet still given items of no known kind: never again
            t = _told(types, hopeful=key not in doubted)
            if t is not None:
                told[key] = t
        if told == held and (failure is None or cp is None or cp.assigned == given):
            break
        held, given = told, cp.assigned
    if failure is not None:
        raise failure
    program.component_vars = component_vars(stage.cp.held)
    return program


def component_vars(held: dict) -> dict:
    """The variables that hold components, as ``held`` typed them: ``(scope, name)`` -> True for
    one component, False for a list of them (a seat's view shows them as its zones do)."""
    out = {}
    for key, t in held.items():
        if t.kind == "comp":
            out[key] = True
        elif t.kind == "list" and t.elem is not None and t.elem.kind == "comp":
            out[key] = False
    return out


def _told(types, hopeful: bool) -> T.T | None:
    """What the values ``types`` set to a variable tell of it: a seat or a component (for one
    that starts as none), a list of items of one kind (for one that starts as ``[]``: every
    set gives a list of them, ``[]`` saying nothing); None when they tell nothing. ``hopeful``:
    a list of items of no known kind says nothing yet (``set hand.in = [p in hand.in where
    ...]`` reads the variable itself: its items are what the other sets give, which the next
    pass checks)."""
    if types and all(t.kind == "list" for t in types):
        elem = T.NONE
        for one in types:
            if not (hopeful and one.elem == T.ANY):
                elem = T.join(elem, one.elem or T.ANY)
        return T.list_of(elem) if elem.kind not in ("none", "any") else None
    t = T.NONE
    for one in types:
        t = T.join(t, one)
    return t if t.kind in ("seat", "comp") else None


# ------------------------------------------------------------ none where a kind is fixed
def none_guard(cp, node, value, key: tuple, init):
    """For ``set VARIABLE = value`` (``node``) of a variable whose start value fixes its kind
    (a number, a truth value, a text): the callable ``refuse(g, e)`` raising the located fault
    of a value that is none when the game runs (a property an item leaves out reads none,
    as the top of an empty zone does), as ``set hand.x = none`` is refused when the rules
    load; None when no check is needed (a constant, ``+=``, a collection, a variable
    that starts as none). For ``x.name`` with ``x`` a bound component (a parameter, a loop's
    variable), the fault names the component that has no such property."""
    if node.op != "=" or init is None or isinstance(init, list) or value.is_const:
        return None
    fixed = T.of_value(init)
    if fixed.kind not in FIXED:
        return None
    fault = cp.fault_site(node.value)
    head = (
        f"{shown(key)} holds {fixed} (its initial value is {value_text(init)}), so it cannot be set to none"
    )
    # x.name of a bound x (a parameter, a loop's variable): the component read is e[x]
    bound = value.prop[0] if value.prop is not None and isinstance(node.value, A.Attr) else None
    name = node.value.name if bound is not None else None

    def refuse(g, e):
        x = e.get(bound) if bound is not None else None
        if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(g.m.labels):
            why = f": {g.m.labels[x]} (a {g.m.ctype[x]}) has no property '{name}', so it reads none"
        else:
            why = ": the value is none here (a property an item leaves out, the top of an empty zone, ...)"
        return fault(head + why)

    return refuse


def guarded(vf, refuse):
    """``vf`` that raises ``refuse(g, e)`` instead of giving none (see :func:`none_guard`)."""
    if refuse is None:
        return vf

    def value(g, e):
        v = vf(g, e)
        if v is None:
            raise refuse(g, e)
        return v

    return value


# ------------------------------------------------------------ the closures a set runs
def bounded(op: str, value) -> bool:
    """Whether a set must check the size of what it stores: a number it computes (``+=``,
    ``-=``, or ``=`` of a number) may not grow past MAX_INT (``x = x * x`` in a loop would
    eat the memory of the process)."""
    return op != "=" or getattr(value, "t", None) == T.INT


def too_big(v) -> OverLimit:
    """The error of a set whose number is past MAX_INT (located at the set, a runtime error)."""
    return OverLimit(
        f"a number larger than {MAX_INT:,} in size would be stored "
        f"({len(str(abs(v))) if abs(v) < 10**4000 else 'thousands of'} digits): rules keep numbers "
        f"within what JSON readers hold exactly"
    )


def set_source(cp, fn, op: str, store: str, key, value, collection: bool = False, refuse=None):
    """``fn`` (a set statement) with its source: ``key`` a literal or a compiled expression
    (``collection``: a variable holding a list, changed by :func:`changed`; ``refuse``: the
    fault of a none where the variable's kind is fixed, :func:`none_guard`)."""
    gen = cp.gen
    if gen is None:
        return fn
    k = key if isinstance(key, str) else gen.of(key)
    v = gen.of(value)
    check = bounded(op, value)
    if refuse is not None:
        x = gen.fresh("x")
        fn.py = [
            f"{x} = {v}",
            f"if {x} is None: raise {gen.bind(refuse)}(g, e)",
            *([f"if not -{MAX_INT} <= {x} <= {MAX_INT}: raise {gen.bind(too_big)}({x})"] if check else []),
            f"{store}[{k}] = {x}",
        ]
        fn.may_end = False
        return fn
    if collection:
        d, kk = gen.fresh("d"), gen.fresh("k")
        fn.py = [
            f"{d} = {store}",
            f"{kk} = {k}",
            f"{d}[{kk}] = {gen.bind(changed)}({d}[{kk}], {op!r}, {v})",
        ]
    elif op == "=" and not check:
        fn.py = [f"{store}[{k}] = {v}"]
    elif op == "=":
        x = gen.fresh("x")
        fn.py = [
            f"{x} = {v}",
            f"if not -{MAX_INT} <= {x} <= {MAX_INT}: raise {gen.bind(too_big)}({x})",
            f"{store}[{k}] = {x}",
        ]
    else:
        d, kk, x = gen.fresh("d"), gen.fresh("k"), gen.fresh("x")
        fn.py = [
            f"{d} = {store}",
            f"{kk} = {k}",
            f"{x} = {d}[{kk}] {'+' if op == '+=' else '-'} ({v})",
            f"if not -{MAX_INT} <= {x} <= {MAX_INT}: raise {gen.bind(too_big)}({x})",
            f"{d}[{kk}] = {x}",
        ]
    fn.may_end = False
    return fn


def changed(held: list, op: str, values) -> list:
    """A collection variable's new list (a new one: a saved state keeps the old): ``values``
    given (``=``), added at the end (``+=``), or every element equal to one of them taken out
    (``-=``); at most MAX_COLLECTION elements."""
    if op == "-=":
        return [x for x in held if x not in values]
    out = list(values) if op == "=" else [*held, *values]
    if len(out) > MAX_COLLECTION:
        raise OverLimit(
            f"a collection of {len(out):,} values would be stored: over the limit of {MAX_COLLECTION:,}"
        )
    return out


def setter(op, store, key, vf, check: bool = False, collection: bool = False):
    """The closure of ``set``: ``store(g, e)[key(g, e)]`` given, added to or taken from (a
    number it computes kept within MAX_INT when ``check``, always for ``+=`` and ``-=``;
    a list, for a ``collection`` variable: :func:`changed`)."""
    if collection:

        def change(g, e):
            d = store(g, e)
            k = key(g, e)
            d[k] = changed(d[k], op, vf(g, e))

        return change
    if op == "=":
        if not check:

            def assign(g, e):
                store(g, e)[key(g, e)] = vf(g, e)

            return assign

        def assign_number(g, e):
            v = vf(g, e)
            if not -MAX_INT <= v <= MAX_INT:
                raise too_big(v)
            store(g, e)[key(g, e)] = v

        return assign_number
    sign = 1 if op == "+=" else -1

    def add(g, e):
        d = store(g, e)
        k = key(g, e)
        v = d[k] + sign * vf(g, e)
        if not -MAX_INT <= v <= MAX_INT:
            raise too_big(v)
        d[k] = v

    return add
