"""The sections of the rules about what a game is made of: its components and their items,
zones, parameters and variables.
"""

from __future__ import annotations

import math

from ..compiler.items import ITEM_KEYS
from .markup import Writer, code, linked, value_text
from .words import joined


class PartSections(Writer):
    """Components, zones, parameters and variables, rendered on a :class:`~.markup.Writer`."""

    def components(self) -> None:
        types = self.spec.get("components") or {}
        if types:
            self.heading(2, self.w("components"))
        for name, t in types.items():
            self.heading(3, code(name))
            lines, total = [], 0
            sizes = self.line_sizes.get(name) or []
            for i, item in enumerate(t.get("items") or [{}]):
                line, n = self.item(item, sizes[i] if "where" in item and i < len(sizes) else None)
                lines.append(f"- {line}")
                total += n
            counts = self.rules.player_counts
            if t.get("per_player"):
                totals = joined(self.lang, [total * c for c in counts])
                start = (self.spec.get("zones") or {}).get(t.get("start"))
                own = not isinstance(start, dict) or start.get("per") == "player"  # else a shared zone
                self.para(
                    self.w(
                        "player_set" if own else "player_set_shared",
                        n=total,
                        totals=totals,
                        counts=joined(self.lang, counts),
                        k=counts[0] if len(counts) == 1 else len(counts),  # the noun agrees
                        zone=t.get("start"),
                    )
                )
            else:
                self.para(self.w("shared_set", n=total, zone=t.get("start")))
            self.emit(*lines, "")
            if t.get("label"):
                self.para(self.w("shown_as", label=self.t(["components", name, "label"], t["label"])))
            if t.get("next_to_both_ways") is True:
                self.para(self.w("both_ways"))
            cvars = [self.var(n, v) for n, v in (t.get("vars") or {}).items()]
            if cvars:
                self.para(self.w("cvars", vars="; ".join(cvars)))

    def item(self, item: dict, kept: int | None = None) -> tuple[str, int]:
        """One line of an item entry, and how many items it makes (``kept``: as the rules
        made them, for a line whose ``where`` keeps some combinations)."""
        each = item.get("each") or {}
        combos, parts = 1, []
        for prop, values in each.items():
            if isinstance(values, dict):  # {permutations: LIST, size: N}: every choice of N
                kind = "permutations" if "permutations" in values else "combinations"
                source, size = values.get(kind), values.get("size")
                listed = self.constants.get(source) if isinstance(source, str) else source
                shown = code(value_text(source)) + (
                    f" ({code(value_text(listed))})" if isinstance(source, str) else ""
                )
                n = len(listed) if isinstance(listed, list) else 0
                made = (
                    (math.perm(n, size) if kind == "permutations" else math.comb(n, size))
                    if isinstance(size, int) and not isinstance(size, bool) and 0 <= size
                    else 0
                )
                combos *= made
                parts.append(self.w("each_" + kind, prop=prop, size=size, values=shown))
                continue
            shown = code(value_text(values))
            if isinstance(values, str):
                shown += f" ({code(value_text(self.constants.get(values)))})"
                values = self.constants.get(values)
            combos *= len(values) if isinstance(values, list) else 0
            parts.append(self.w("each", prop=prop, values=shown))
        pairs = item.get("pairs") or {}
        if pairs:
            listed = {p: self.constants.get(v) if isinstance(v, str) else v for p, v in pairs.items()}
            combos *= min((len(v) for v in listed.values() if isinstance(v, list)), default=0)
            shown = ", ".join(f"`{p}` {code(value_text(v))}" for p, v in listed.items())
            parts.append(self.w("pairs", values=shown))
        count = item.get("count", 1)
        n = self.constant(count) if isinstance(count, str) else count
        made = n * combos if isinstance(n, int) else None
        if "where" in item:
            made = kept
            parts.append(self.w("item_where", cond=code(str(item["where"]))))
        number = (
            self.w("count_expr", n="?" if made is None else made, expr=count)
            if isinstance(count, str)
            else str(made)
        )
        props = [code(f"{k}: {value_text(v)}") for k, v in item.items() if k not in ITEM_KEYS]
        text = self.w("item", n=number, props=", ".join(props)) if props else self.w("item_plain", n=number)
        extra = parts + (
            [self.w("item_label", label=self.cat.label(item["label"]))] if "label" in item else []
        )
        return ", ".join([text] + extra), made or 0

    def var(self, name: str, init, scope: str = "") -> str:
        reset = init.get("reset", "hand") if isinstance(init, dict) else "hand"
        value = init.get("value") if isinstance(init, dict) else init
        return self.w("var_init", name=name, value=value_text(value), reset=self.w(f"reset_{scope or reset}"))

    def zones(self) -> None:
        zones = self.spec.get("zones") or {}
        if zones:
            self.heading(2, self.w("zones"))
        for name, z in zones.items():
            per = z.get("per")
            where = (
                self.w("zone_shared")
                if per is None
                else self.w("zone_player")
                if per == "player"
                else self.w("zone_per", type=per)
            )
            facts = [
                where,
                self.w(f"vis_{z.get('visibility')}"),
                self.w("holds", types=joined(self.lang, [code(h) for h in z.get("holds") or []], "and")),
            ] + [self.w("linked_board")] * linked(self.spec, z)
            about = self.t(["zones", name, "about"], z.get("about"))
            self.emit(
                f"- {code(name)} ({'; '.join(facts)})" + (f": {' '.join(about.split())}" if about else "")
            )
        if zones:
            self.emit("")

    def parameters(self) -> None:
        params = self.spec.get("parameters") or {}
        if params:
            self.heading(2, self.w("parameters"))
        for name, value in params.items():
            counts = self.rules.player_counts
            if isinstance(value, dict) and value and all(isinstance(k, int) and k in counts for k in value):
                shown = ", ".join(
                    self.w("per_count", value=code(value_text(v)), n=k) for k, v in value.items()
                )
            else:
                shown = code(value_text(value))
            self.emit(f"- {code(name)}: {shown}")
        if params:
            self.emit("")

    def variables(self) -> None:
        scopes = self.spec.get("variables") or {}
        lines = [
            f"- {self.var(f'{scope}.{n}', v, scope)}"
            for scope, names in scopes.items()
            for n, v in (names or {}).items()
        ]
        if lines:
            self.heading(2, self.w("variables"))
            self.emit(*lines, "")
