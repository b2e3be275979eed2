"""The compiler's operator nodes: conditionals, and/or/not, comparisons, arithmetic, negation.

:class:`OperatorNodes` is the part of :class:`~.compile.Compiler` that compiles them (the
compiler finds a node's method by its class name, ``_Compare`` for a comparison). Constants
fold when the rules load; comparisons of a bound name's property or zone size with a
constant fuse into one closure; operands the compiler could not type are checked while
playing (:mod:`.operators`).
"""

from __future__ import annotations

import operator
from fractions import Fraction

from . import ast as A
from . import operators
from . import types as T
from .exprsource import top_source
from .faults import divider, value_text
from .names import zone_list
from .pysource import too_deep, with_src
from .values import C, Scope, const, retyped

_CMP = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_ARITH = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": operator.floordiv,
    "%": operator.mod,
    "/": operators.exact,
}
_NONEMPTY = {(operator.gt, 0), (operator.ge, 1), (operator.ne, 0)}  # count(z) OP k: z is not empty


class OperatorNodes:
    """Compile methods of the operator nodes (mixed into the Compiler, whose ``expr``,
    ``expect``, ``error``, ``fault_site`` and ``gen`` they use)."""

    def _Conditional(self, n: A.Conditional, scope: Scope) -> C:
        t = self.expr(n.test, scope)
        with self.never_run(t.is_const and not t.const):  # (a side a constant test never picks)
            a = self.expr(n.then, scope)
        with self.never_run(t.is_const and bool(t.const)):
            b = self.expr(n.orelse, scope)
        if {a.t.kind, b.t.kind} == {"zone", "list"}:  # a zone on one side: read as its components
            a, b = (C(zone_list(c), T.list_of(c.t.element())) if c.t.kind == "zone" else c for c in (a, b))
        tf, af, bf, out_t = t.fn, a.fn, b.fn, T.join(a.t, b.t)
        if t.is_const:  # a ruling or parameter decides it when the rules load
            return retyped(a if t.const else b, out_t)
        if t.count_test is not None:  # if count(x.zone) OP k then ... : the test inline
            op, key, table, k = t.count_test
            if (
                a.top_prop is not None
                and a.top_prop[0] == key
                and a.top_prop[1] is table
                and (op, k) in _NONEMPTY
            ):
                ptable = a.top_prop[2]  # if count(x.zone) > 0 then top(x.zone).prop else ...: one read

                if b.is_const:
                    bv = b.const

                    def top_or_const(g, e):
                        zi = table[e[key]]
                        if g.mix[zi] is not None:
                            g.settle_top(zi)
                        z = g.zones[zi]
                        return ptable[z[-1]] if z else bv

                    return top_source(self.gen, C(top_or_const, out_t), key, table, ptable, b)

                def top_or(g, e):
                    zi = table[e[key]]
                    if g.mix[zi] is not None:
                        g.settle_top(zi)
                    z = g.zones[zi]
                    return ptable[z[-1]] if z else bf(g, e)

                return top_source(self.gen, C(top_or, out_t), key, table, ptable, b)
            if b.is_const:
                bv = b.const
                return C(lambda g, e: af(g, e) if op(len(g.zones[table[e[key]]]), k) else bv, out_t)
            return C(lambda g, e: af(g, e) if op(len(g.zones[table[e[key]]]), k) else bf(g, e), out_t)
        if b.is_const:
            bv = b.const
            return C(lambda g, e: af(g, e) if tf(g, e) else bv, out_t)
        return C(lambda g, e: af(g, e) if tf(g, e) else bf(g, e), out_t)

    def _BoolOp(self, n: A.BoolOp, scope: Scope) -> C:
        absorbing = n.op == "or"  # a constant true decides an 'or', a false an 'and'
        compiled = []
        for v in n.values:  # what follows a deciding constant is never read
            with self.never_run(any(c.is_const and bool(c.const) is absorbing for c in compiled)):
                compiled.append(self.expr(v, scope))
        if any(c.is_const and bool(c.const) is absorbing for c in compiled):
            return const(absorbing, T.BOOL)
        compiled = [c for c in compiled if not c.is_const]
        if not compiled:
            return const(not absorbing, T.BOOL)
        if len(compiled) == 1:
            if compiled[0].is_bool:
                return compiled[0]
            f = compiled[0].fn
            return C(lambda g, e: bool(f(g, e)), T.BOOL, is_bool=True)
        parts = [c.fn for c in compiled]
        if n.op == "and":
            if len(parts) == 2:
                a, b = parts
                return C(lambda g, e: bool(a(g, e) and b(g, e)), T.BOOL, is_bool=True)
            return C(lambda g, e: all(p(g, e) for p in parts), T.BOOL, is_bool=True)
        if len(parts) == 2:
            a, b = parts
            return C(lambda g, e: bool(a(g, e) or b(g, e)), T.BOOL, is_bool=True)
        return C(lambda g, e: any(p(g, e) for p in parts), T.BOOL, is_bool=True)

    def _Not(self, n: A.Not, scope: Scope) -> C:
        c = self.expr(n.operand, scope)
        if c.negated is not None:
            return C(c.negated, T.BOOL, is_bool=True)
        f = c.fn
        return C(lambda g, e: not f(g, e), T.BOOL, is_bool=True)

    def _Compare(self, n: A.Compare, scope: Scope) -> C:
        a, b = self.expr(n.left, scope), self.expr(n.right, scope)
        op = _CMP[n.op]
        if n.op not in ("==", "!="):
            self.expect(a, "int", n.left, f"the left side of '{n.op}'")
            self.expect(b, "int", n.right, f"the right side of '{n.op}'")
        elif (
            a.t.kind not in ("any", "none")
            and b.t.kind not in ("any", "none")
            and a.t.kind != b.t.kind
            and not {a.t.kind, b.t.kind} <= {"int", "bool"}
        ):
            self.error(n, "type-error", f"'{n.op}' compares {a.t} with {b.t}: they can never be equal")
        if a.is_const and b.is_const:
            return const(op(a.const, b.const), T.BOOL)
        if n.op not in ("==", "!="):  # an order: a text or none there fails located (operators.py)
            return operators.ordering(self.fault_site(n), n.op, op, a, b)
        af, bf = a.fn, b.fn
        eq = op is operator.eq  # the commonest test, written out: no call to operator.eq
        if b.is_const:
            bv = b.const
            if a.count_of is not None:  # count(x.zone) OP constant, fused
                key, table = a.count_of
                return C(
                    (lambda g, e: len(g.zones[table[e[key]]]) == bv)
                    if eq
                    else (lambda g, e: op(len(g.zones[table[e[key]]]), bv)),
                    T.BOOL,
                    count_test=(op, key, table, bv),
                    is_bool=True,
                )
            if a.prop is not None:  # x.prop OP constant
                key, table = a.prop
                return C(
                    lambda g, e: op(table[e[key]], bv), T.BOOL, is_bool=True, prop_test=(key, table, op, bv)
                )
            if a.local is not None:
                ak = a.local
                return C(lambda g, e: op(e[ak], bv), T.BOOL, is_bool=True)
            return C(lambda g, e: op(af(g, e), bv), T.BOOL, is_bool=True)
        if b.local is not None:
            bk = b.local
            return C(
                (lambda g, e: af(g, e) == e[bk]) if eq else (lambda g, e: op(af(g, e), e[bk])),
                T.BOOL,
                is_bool=True,
            )
        return C(lambda g, e: op(af(g, e), bf(g, e)), T.BOOL, is_bool=True)

    def _BinOp(self, n: A.BinOp, scope: Scope) -> C:
        if n.op == "/":  # a value may be an exact fraction (a view writes it as text: engine/viewcode.py)
            self.m.divides = True
        a, b = self.expr(n.left, scope), self.expr(n.right, scope)
        self.expect(a, "int", n.left, f"the left side of '{n.op}'")
        self.expect(b, "int", n.right, f"the right side of '{n.op}'")
        op = _ARITH[n.op]
        if a.is_const and b.is_const:
            try:
                return const(op(a.const, b.const), T.INT)
            except ZeroDivisionError:
                self.error(n, "division-by-zero", "division by zero")
        af, bf = a.fn, b.fn
        if not operators.typed(a, b):  # (a phase.x) checked to be numbers before the operator runs
            fn = divider(self.fault_site(n), op, n.op) if n.op in ("//", "%", "/") else op
            return C(operators.checked(self.fault_site(n), n.op, fn, af, bf), T.INT)
        if n.op in ("//", "%", "/"):
            divide = divider(self.fault_site(n), op, n.op)  # a division by zero located here
            c = C(lambda g, e: divide(af(g, e), bf(g, e)), T.INT)
            if self.gen is None or (a.src is None and b.src is None) or too_deep((a, b)):
                return c
            return with_src(self.gen, c, f"{self.gen.bind(divide)}({self.gen.of(a)}, {self.gen.of(b)})")
        return C(operators.arithmetic(self.fault_site(n), n.op, op, af, bf), T.INT)

    def _Neg(self, n: A.Neg, scope: Scope) -> C:
        a = self.expect(self.expr(n.operand, scope), "int", n.operand, "what follows '-'")
        if a.is_const and not isinstance(a.const, (int, Fraction)):  # none, a text: said when the rules load
            self.error(
                n.operand, "type-error", f"what follows '-' must be a number, not {value_text(a.const)}"
            )
            return const(0, T.INT)
        if a.is_const:
            return const(-a.const, T.INT)
        return C(operators.negation(self.fault_site(n), a.fn, operators.typed(a)), T.INT)

    # ------------------------------------------------------------ effects
