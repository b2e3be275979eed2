"""The compile stage's action kinds: one kind's lets, parameters, requirements and effect
compiled into an :class:`~playa_rules.compiler.program.ActionDef`.

:class:`ActionKinds` is the part of the compile stage (``compile.py``) that places each
requirement where it is cheapest: at the level of the newest parameter it reads, as a
limit of a ``number_in`` range (:meth:`~ActionKinds.bound`), as a join worked out once per
domain element and once per binding of the older parameters (:meth:`~ActionKinds.join`),
or split by what it reads (``split.py``); then the kind's generated listing and environment
(``listing.py``).
"""

from __future__ import annotations

import operator
from dataclasses import replace

from ..checks.base import requirements
from . import params
from .dsl import ast as A
from .dsl import types as T
from .dsl.analysis import free_names, is_static, names_in
from .dsl.compile import Scope
from .dsl.parse import parse_expr
from .listing import generated_env, generated_plan
from .model import did_you_mean, field_hint, text_fields
from .params import PARAM_KINDS
from .program import ActionDef
from .split import level_checks
from .tell import compile_tell
from .unseen_choice import following


def _never(g, e):
    return False


_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
_OPS = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


class ActionKinds:
    """Mixed into the compile stage (which holds ``cp``, ``model``, ``diags``, ``scopes``,
    ``bodies``, ``use_bounds``, ``use_splits`` and compiles texts with ``expr`` and ``block``)."""

    def action(self, name: str, spec: dict, index: int) -> ActionDef | None:
        ptr = f"/actions/{name}"
        scope = Scope()
        lets, let_cs = [], []
        own = set(spec.get("let") or {}) | set(spec.get("params") or {})  # names only this kind has
        for k, text in (spec.get("let") or {}).items():
            c = self.expr(text, f"{ptr}/let/{k}", scope)
            key = self.cp.fresh(k)
            scope = scope.bind(k, key, c.t if c else T.ANY)
            if c is not None:
                lets.append((key, c.fn))  # and its text when it means the same in every kind
                let_cs.append((key, c, text if isinstance(text, str) and not names_in(text) & own else None))
        params, failed = [], set()
        for k, pspec in (spec.get("params") or {}).items():
            p, bound = self.param(k, pspec, f"{ptr}/params/{k}", scope)
            if p is None:  # reported: its name still reads as a parameter, so its uses are not errors too
                failed.add(k)  # (bound as what it was meant to be, a seat for one_of: others, or any)
                scope = bound if bound is not scope else scope.bind(k, self.cp.fresh(k), T.ANY)
                continue
            scope = bound
            domain_text = next((pspec[x] for x in PARAM_KINDS if x in pspec), None)
            p.independent = not (names_in(domain_text) & {q.name for q in params})
            params.append(p)
        checks = [[] for _ in range(len(params) + 1)]
        joins = [[] for _ in range(len(params) + 1)]
        order = [p.name for p in params]
        written = [[] for _ in range(len(params) + 1)]
        check_cs = [[] for _ in range(len(params) + 1)]
        join_cs = [[] for _ in range(len(params) + 1)]  # each join's outer side, compiled
        for key, text in requirements(spec):
            rptr = f"{ptr}/require/{key}"
            used = names_in(text) & set(order)
            level = max((order.index(n) + 1 for n in used), default=0)
            if level:  # checked once per candidate: what reads no parameter is worked out once
                self.cp.hoist = frozenset(order)
            try:
                c = self.expr(text, rptr, scope, "bool")
            finally:
                self.cp.hoist = None
            if c is None:
                continue
            if c.is_const and not c.const and not (names_in(text) & self.switches()):
                self.diags.append(
                    replace(
                        self.diag(
                            rptr,
                            "never-legal",
                            f"action '{name}' can never be taken: this condition is always false",
                        ),
                        severity="warning",
                    )
                )
            if c.is_const:
                if not c.const:
                    checks[0].append(_never)
                    check_cs[0].append(_never)
                continue
            if level and self.use_bounds and self.bound(text, rptr, scope, order, params[level - 1]):
                continue
            join = self.join(text, rptr, scope, order, level, params)
            if join is not None:
                joins[level].append(join[:4])
                join_cs[level].append(join[4])
            else:
                checks[level].append(c.fn)
                written[level].append((text, rptr, c.fn))
                check_cs[level].append(c)
        for level in range(1, len(checks)):
            checks[level] = self.split(written[level], scope, order, level) if written[level] else []
        self.scopes[name] = scope  # automata's choices are read with the parameters bound
        self.cp.move_targets = targets = []
        try:
            effect = self.block(spec.get("effect"), f"{ptr}/effect", scope) or (lambda g, e: None)
        finally:
            self.cp.move_targets = None
        text = spec.get("text", name)
        for field in text_fields(text):
            if field not in order and field not in failed:
                self.error(
                    f"{ptr}/text",
                    "unknown-field",
                    f"the text names '{{{field}}}', which is not a parameter",
                    did_you_mean(field, order) or field_hint(order),
                )
        d = ActionDef(
            name=name,
            index=index,
            text=text,
            rule=spec.get("rule", ""),
            others_see=spec.get("others_see", "move"),
            lets=lets,
            params=params,
            checks=checks,
            joins=joins,
            effect=following(params, effect, self.model, targets),  # knowledge follows a hidden choice
            pointer=ptr,
            model=self.model,
            tell=compile_tell(self, spec["tell"], f"{ptr}/tell", scope, spec.get("effect"))
            if "tell" in spec
            else None,
        )
        if self.cp.gen is not None:
            d.plan = generated_plan(self.cp.gen, d, let_cs, check_cs, self.bodies, join_cs)
            d.env = generated_env(self.cp.gen, d, let_cs)
        return d

    def split(self, written: list, scope: Scope, order: list, level: int) -> list:
        """A level's checks, with what reads only earlier parameters decided once per binding
        of those (compiler/split.py)."""
        if not self.use_splits:
            return [fn for _, _, fn in written]
        entries = []
        for text, ptr, fn in written:
            node = parse_expr(text) if isinstance(text, str) else None
            entries.append((node, self.origin(ptr), text, fn))
        return level_checks(self.cp, entries, scope, order, level)

    def bound(self, text, ptr: str, scope: Scope, order: list, p) -> bool:
        """``n <= X`` (or <, >=, >) on a number_in parameter ``n``, X reading no parameter:
        kept as a limit of ``n``'s range, worked out once per listing (no check per number)."""
        if p.kind != "number_in" or not isinstance(text, str):
            return False
        node = parse_expr(text)
        if not isinstance(node, A.Compare) or node.op not in _FLIP or node.op in ("==", "!="):
            return False
        left, right, op = node.left, node.right, node.op
        if isinstance(right, A.Name) and right.id == p.name:
            left, right, op = right, left, _FLIP[op]
        if not (isinstance(left, A.Name) and left.id == p.name) or (free_names(right) & set(order)):
            return False
        saved, self.cp.hoist = self.cp.hoist, frozenset(order)  # worked out once per listing, shared
        try:
            limit = self.cp.with_origin(self.origin(ptr), text).expr(right, scope)
        finally:
            self.cp.hoist = saved
        if limit.t.kind != "int":  # (an untyped limit stays a check: a text there fails located)
            return False
        p.bounds.append((op, limit.fn))
        return True

    def join(self, text, ptr: str, scope: Scope, order: list, level: int, params: list):
        """Split ``A op B`` where A reads only the newest parameter and B only older ones.

        The engine then computes A once per domain element and B once per binding of
        the older parameters, and filters with one comparison: the generic form of
        "this group's total must beat that card's value".
        """
        if level < 2 or not params[level - 1].independent:
            return None
        node = parse_expr(text)
        if not isinstance(node, A.Compare):
            return None
        inner = order[level - 1]
        left = {n.id for n in A.walk(node.left) if isinstance(n, A.Name)} & set(order)
        right = {n.id for n in A.walk(node.right) if isinstance(n, A.Name)} & set(order)
        op = node.op
        if left == {inner} and inner not in right:
            inner_node, outer_node = node.left, node.right
        elif right == {inner} and inner not in left:
            inner_node, outer_node = node.right, node.left
            op = _FLIP[op]
        else:
            return None
        origin = self.origin(ptr)
        cp = self.cp.with_origin(origin, text)
        static = is_static(inner_node, inner, self.model)
        inner_c, outer = cp.expr(inner_node, scope), cp.expr(outer_node, scope)
        return inner_c.fn, _OPS[op], outer.fn, static, outer  # and the outer side, compiled

    def param(self, name: str, pspec: dict, ptr: str, scope: Scope):
        """(ParamDef or None, the scope with the parameter bound)."""
        return params.compile_param(self, name, pspec, ptr, scope)

    def number_actions(self, actions: dict):
        params.number_actions(self, actions)
