"""The closures of ``+ - *``, of ``-x`` and of the order tests ``< <= > >=``, located.

Each is the closure compile.py wrote before, with a ``try`` around the operation: the same
cost while it works (a ``try`` is free in Python 3.11 until it catches), and values it
cannot work with (a text, none: an item of a list typed ``any``, a ``phase.x``) raise a
fault located at the operator and naming them (faults.operator_fault) instead of Python's
"'>' not supported between instances of 'str' and 'int'". The generated backend writes the
operators inline and, on its error path, works a failing expression out again through
these closures (faults.relocated).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from . import types as T
from .faults import operand_fault, operator_fault
from .values import C


def arithmetic(where, sign: str, op, af: Callable, bf: Callable) -> Callable:
    """``fn(g, e)``: ``op(a, b)`` (``+``, ``-`` or ``*``)."""

    def arith(g, e):
        try:
            return op(af(g, e), bf(g, e))
        except TypeError as exc:
            raise operator_fault(where, sign, (af, bf), g, e, exc) from None

    return arith


def exact(a, b):
    """``a / b`` as an exact fraction (``1 / 3``), a whole number when it is one (``6 / 3`` is
    2): the numbers of the DSL are whole numbers and the fractions ``/`` makes, never floats."""
    if (
        type(a) is bool
        or type(b) is bool
        or not isinstance(a, (int, Fraction))
        or not isinstance(b, (int, Fraction))
    ):
        raise TypeError(f"unsupported operand type(s) for /: {type(a).__name__} and {type(b).__name__}")
    q = Fraction(a, b)
    return q.numerator if q.denominator == 1 else q


_NUMBERS = (int, Fraction)  # what the DSL's numbers are: whole numbers and the fractions '/' makes


def typed(*operands: C) -> bool:
    """Whether the compiler typed every operand a number (then no check is needed while playing)."""
    return all(c.t.kind == "int" and not c.t.mix for c in operands)


def checked(where, sign: str, op, af: Callable, bf: Callable) -> Callable:
    """``fn(g, e)``: ``op(a, b)`` for operands the compiler could not type (``any``: a ``phase.x``,
    an item of a mixed list), each checked to be a number first: a text or list times a huge
    number (or a text ``%`` a number, Python's formatting) would be made before it failed."""

    def guarded(g, e):
        a, b = af(g, e), bf(g, e)
        if type(a) not in _NUMBERS or type(b) not in _NUMBERS:
            raise operand_fault(where, sign, [a, b])
        return op(a, b)

    return guarded


def negation(where, af: Callable, typed_: bool = True) -> Callable:
    """``fn(g, e)``: ``-a`` (``a`` checked to be a number first unless ``typed_``)."""

    def neg(g, e):
        try:
            return -af(g, e)
        except TypeError as exc:
            raise operator_fault(where, "-", (af,), g, e, exc) from None

    if not typed_:

        def checked_neg(g, e):
            a = af(g, e)
            if type(a) not in _NUMBERS:
                raise operand_fault(where, "-", [a])
            return -a

        return checked_neg
    return neg


def ordering(where, sign: str, op, a: C, b: C) -> C:
    """``a SIGN b`` for an order test, in the shapes the compiler fuses (a count of a bound
    name's zone or a property of a bound name against a constant: ``count_test``,
    ``prop_test``), each located."""
    af, bf = a.fn, b.fn
    fns = (af, bf)
    if b.is_const:
        bv = b.const
        if a.count_of is not None:  # count(x.zone) OP constant, fused
            key, table = a.count_of

            def count_test(g, e):
                try:
                    return op(len(g.zones[table[e[key]]]), bv)
                except TypeError as exc:
                    raise operator_fault(where, sign, fns, g, e, exc) from None

            return C(count_test, T.BOOL, count_test=(op, key, table, bv), is_bool=True)
        if a.prop is not None:  # x.prop OP constant
            key, table = a.prop

            def prop_test(g, e):
                try:
                    return op(table[e[key]], bv)
                except TypeError as exc:
                    raise operator_fault(where, sign, fns, g, e, exc) from None

            return C(prop_test, T.BOOL, is_bool=True, prop_test=(key, table, op, bv))
        if a.local is not None:
            ak = a.local

            def local_test(g, e):
                try:
                    return op(e[ak], bv)
                except TypeError as exc:
                    raise operator_fault(where, sign, fns, g, e, exc) from None

            return C(local_test, T.BOOL, is_bool=True)

        def const_test(g, e):
            try:
                return op(af(g, e), bv)
            except TypeError as exc:
                raise operator_fault(where, sign, fns, g, e, exc) from None

        return C(const_test, T.BOOL, is_bool=True)
    if b.local is not None:
        bk = b.local

        def with_local(g, e):
            try:
                return op(af(g, e), e[bk])
            except TypeError as exc:
                raise operator_fault(where, sign, fns, g, e, exc) from None

        return C(with_local, T.BOOL, is_bool=True)

    def test(g, e):
        try:
            return op(af(g, e), bf(g, e))
        except TypeError as exc:
            raise operator_fault(where, sign, fns, g, e, exc) from None

    return C(test, T.BOOL, is_bool=True)
