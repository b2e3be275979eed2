"""A variant's check: a rule text it keeps that states, in figures, a value it changes.

A text for people writes a constant's value as ``{name}`` so that ``playa-rules rules``
prints the value the rules play (docs/format.md, ``rule``). A text that writes the value
itself ("Pairs score 0, 0, 10, 18, 18") goes stale when a variant changes the
parameter but keeps the text: the printed rules then contradict the engine. This check
warns (``stale-rule-text``) at the variant's line that changes the value, with the text
as a note, when a text the variant does not rewrite holds the old value in figures, as
``{name}`` would print it: a list or a table by player count anywhere in a text, a single
number (or a number a list or table held and no longer holds: "up to 7 cards (5 with 6-7
players)" when no count keeps 7) only in the text of a part whose expressions read the name,
through the defines they call, and never 0 or 1 ("pay 1 token": a lone figure elsewhere, or those anywhere, are too
common to mean the value). A single number is also looked for in English words and as an
ordinal, as ``{name:words}``, ``{name:ordinal}`` and ``{name:nth}`` print it ("Three rounds",
"after the third round", "the 3rd round"), in any case. Parameters and assumptions are looked
at, not rulings (a text quotes the rulebook, whose figures a ruling reads one way or another);
texts, truth values and ``none`` are not looked for, nor the figures of a ruling's ``cites``
(the rulebook's own words, quoted). Every old number of a list or table a text states is named.
Numbers of items several constants make are looked for too (:func:`_stale_counts`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from ..compiler.model import PROSE_KEYS
from ..errors import Diagnostic
from ..shared.numbers import PROSE_FIELD, say
from ..source.load import escape_pointer_segment
from .base import STRING_LITERAL, WORD, Context, check, items_of

# the constants looked at; not rulings: a text quotes the rulebook, a ruling reads it
_SECTIONS = ("parameters", "assumptions")


def _value(section: str, entry):
    """The value of an entry: a parameter's own, an assumption's ``value``."""
    if section == "parameters":
        return entry
    return entry.get("value") if isinstance(entry, dict) else entry  # (a variant's short form)


def figures(value) -> str:
    """A number, list or table as ``{name}`` prints it in English (render/words.py
    ``value_words``, above this stage): ``8``; ``0, 0, 10, 18, 18``; ``5 with 2 players, 4
    with 3 players and 3 with 4 players``."""
    if isinstance(value, list):
        return ", ".join(figures(v) for v in value)
    if isinstance(value, dict):
        items = [f"{figures(v)} with {k} players" for k, v in value.items()]
        return items[0] if len(items) < 2 else ", ".join(items[:-1]) + " and " + items[-1]
    return str(value)


def _numeric(value) -> bool:
    """A number, or a list or table whose items are all numbers or such lists (what is looked for)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    items = value if isinstance(value, list) else list(value.values()) if isinstance(value, dict) else None
    return bool(items) and all(_numeric(v) for v in items)


def _texts(node, pointer: str) -> Iterator[tuple[str, str]]:
    """(pointer, text) of every text for people."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{pointer}/{escape_pointer_segment(key)}"
            if key in PROSE_KEYS and key != "cites" and isinstance(value, str):
                yield here, value  # (a ruling's cites quote the rulebook: they keep its figures)
            else:
                yield from _texts(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _texts(value, f"{pointer}/{i}")


def _states(text: str, words: str, after: str = "") -> tuple[int, str] | None:
    """Where ``text`` (its ``{fields}`` left out) holds ``words`` as figures of their own
    (followed by the pattern ``after``, when given): the place, and a few words either side
    as the text writes them, its fields too ("...until the {last:nth} of the 5 red tokens..."),
    or None."""
    written = " ".join(text.split())
    fields = [mt.span() for mt in PROSE_FIELD.finditer(written)]
    plain = PROSE_FIELD.sub(lambda mt: " " * len(mt.group()), written)  # the same places, no field
    m = re.search(rf"(?<![\w.,-]){re.escape(words)}(?![\w-]|[.,]\d){after}", plain, re.IGNORECASE)
    if m is None:
        return None
    lo, hi = max(0, m.start() - 30), min(len(written), m.end() + 30)
    for start, end in fields:  # a field the window cuts is quoted whole
        lo, hi = (start if start < lo < end else lo), (end if start < hi < end else hi)
    return m.start(), ("..." if lo else "") + written[lo:hi] + ("..." if hi < len(written) else "")


def _and(words: list[str]) -> str:
    return words[0] if len(words) < 2 else ", ".join(words[:-1]) + " and " + words[-1]


@check("stale-rule-text")
def kept_texts_state_no_value_a_variant_changes(ctx: Context):
    """A variant changes a value that a text it keeps states in figures (module doc)."""
    doc = ctx.doc
    layers = getattr(doc, "layers", None)
    base = getattr(getattr(doc, "base", None), "data", None)
    if not layers or not isinstance(base, dict):
        return
    order = {id(layer.doc): i for i, layer in enumerate(layers)}  # the game's own file: -1
    texts = [(where, text, order.get(id(doc.source(where)[0]), -1)) for where, text in _texts(ctx.data, "")]
    reads = _reads(ctx)
    below = [base]
    for i, layer in enumerate(layers):
        data = layer.doc.data if isinstance(layer.doc.data, dict) else {}
        for section in _SECTIONS:
            for name, entry in items_of(data.get(section)):
                old = _value(section, _nearest(below, section, name))
                new = _value(section, entry)
                if new is None or old == new or not _numeric(old):
                    continue
                for where, text, written in texts:
                    if written >= i:
                        continue  # a text this variant or a later one wrote is theirs to keep true
                    found = []  # (where in the text, words, quote)
                    for words, single in _looked_for(old, new):
                        at = _states(text, words)
                        if at is None or (single and name not in reads(_part_of(where))):
                            continue
                        found.append((*at, words))
                        if words == figures(old) or not isinstance(old, (list, dict)):
                            break  # the whole value, or one number (in figures or in words)
                    if found:
                        found.sort()
                        stated = _and([words for _, _, words in found])
                        yield _stale(ctx, layer, section, name, (old, stated), new, where, found[0][1])
        below.insert(0, data)
    yield from _stale_counts(ctx, layers, base, texts)


def _looked_for(old, new) -> list[tuple[str, bool]]:
    """(words, single) looked for in texts: the value as ``{name}`` prints it, and for a list
    or a table each number it holds that the new value no longer does ("Up to 7 cards a turn
    (5 with 6-7 players)" for a table by player count), as single numbers; a single whole
    number also in words and as ordinals ("three", "third", "3rd"); never 0 or 1."""
    if not isinstance(old, (list, dict)):
        return [] if old in (0, 1) else [(figures(old), True), *((w, True) for w in _in_words(old))]
    gone = sorted(set(_leaves(old)) - set(_leaves(new)) - {0, 1})
    return [(figures(old), False), *((figures(v), True) for v in gone)]


def _in_words(n) -> list[str]:
    """A whole number as English words and ordinals write it (none for a number words do not give)."""
    if not isinstance(n, int) or isinstance(n, bool):
        return []
    return [
        w for w in dict.fromkeys(say("en", n, form) for form in ("words", "ordinal", "nth")) if w != str(n)
    ]


def _leaves(value) -> list:
    """The numbers of a number, list or table (its items' numbers, at any depth)."""
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    return [value] if isinstance(value, (int, float)) and not isinstance(value, bool) else []


def _nearest(datas: list, section: str, name: str):
    """The entry ``name`` of ``section`` in the first of ``datas`` that has it (None: none has)."""
    for data in datas:
        entry = dict(items_of(data.get(section))).get(name)
        if entry is not None:
            return entry
    return None


def _reads(ctx: Context):
    """A function: part pointer -> the names its expressions read, through the defines they call."""
    words = {
        dsl.pointer: set(WORD.findall(STRING_LITERAL.sub(" ", dsl.text)))
        for dsl in ctx.texts
        if isinstance(dsl.text, str)
    }
    defines = {
        str(key).split("(")[0].strip(): words.get(f"/define/{escape_pointer_segment(key)}", set())
        for key, _ in items_of(ctx.data.get("define"))
    }
    cache: dict[str, set] = {}

    def reads(part: str) -> set:
        if part not in cache:
            found = set().union(*(w for p, w in words.items() if p.startswith(part + "/")))
            todo = [w for w in found if w in defines]
            while todo:  # the defines called, and those they call (each once)
                more = defines[todo.pop()] - found
                found |= more
                todo.extend(w for w in more if w in defines)
            cache[part] = found
        return cache[part]

    return reads


def _change(old, new) -> tuple[str, str]:
    """The old and the new value in words; of two tables (or two lists of one length) that
    differ in a few places, only those places by key ("50 at key 8", not a whole table of
    ranks read as if it were by player count)."""
    if isinstance(old, dict) and isinstance(new, dict):
        keys = [k for k in dict.fromkeys([*old, *new]) if old.get(k) != new.get(k)]
        place = "key"
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        keys = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
        place = "index"
    else:
        return figures(old), figures(new)
    if not keys or len(keys) > 3:
        return figures(old), figures(new)
    if len(keys) == 1 and _has(old, keys[0]) and _has(new, keys[0]):
        k = keys[0]
        return f"{figures(old[k])} (at {place} {k})", figures(new[k])

    def at(value) -> str:
        said = [f"{figures(value[k]) if _has(value, k) else 'nothing'} at {place} {k}" for k in keys]
        return said[0] if len(said) < 2 else ", ".join(said[:-1]) + " and " + said[-1]

    return at(old), at(new)


def _has(value, k) -> bool:
    return k in value if isinstance(value, dict) else 0 <= k < len(value)


def _part_of(pointer: str) -> str:
    """The part a text belongs to: its parent mapping (a scoring rule, an action, a phase)."""
    return pointer.rsplit("/", 1)[0]


def _stale(ctx, layer, section, name, olds, new, where, quote) -> Diagnostic:
    old, stated = olds  # the old value, and the figures of it the text states
    what = {"parameters": "parameter", "assumptions": "assumption"}[section]
    whole = stated == figures(old)  # the text states the whole value: say it whole
    old, new = (figures(old), figures(new)) if whole else _change(old, new)
    pointer = f"/{section}/{escape_pointer_segment(name)}" + ("" if section == "parameters" else "/value")
    d = layer.doc.diagnostic(
        pointer,
        "stale-rule-text",
        f"this changes {what} '{name}' from {old} to {new}, but a rule text that variant '{layer.id}' keeps "
        f"still states {stated} {'in figures' if re.search(r'[0-9]', stated) else 'in words'}: the printed "
        f"rules would say the old value",
        severity="warning",
        hint=f"write {{{name}}} in that text where it states the value (it prints the value the rules "
        f"play; {{{name}:words}}, {{{name}:ordinal}} or {{{name}:nth}} for three, third, 3rd), or give the "
        f"text anew in the variant",
    )
    note = ctx.at(where, "stale-rule-text", f"the text that states {stated}: {quote!r}", severity="note")
    return replace(d, notes=(*d.notes, note))


# ================================================================== counts of items
# A text may state a number the rules work out from several constants: "the 5 red tokens" of a
# bag holding 4 of one red token (a parameter) and 1 of another. What is looked for: how many
# items of a component type there are in all, and how many have each value of a property (the
# items whose `colour` is red), when two or more item lines make that number and a variant
# changes it (a parameter a `count` names, or the items); the old number must be followed,
# within two words, by the type's name ("the 5 red tokens" of the type `token`). With variants
# applied together, the warning is at the first one after which the number is another. A count that
# is an expression, and items made by `each`, `pairs` or `where`, are not worked out.


def _stale_counts(ctx: Context, layers: list, base: dict, texts: list) -> Iterator[Diagnostic]:
    final = ctx.data
    stages = _Stages(ctx)
    for tname, comp in items_of(base.get("components")):
        now = dict(items_of(final.get("components"))).get(tname)
        olds, news = _item_counts(comp, base), _item_counts(now, final)
        if olds is None or news is None:
            continue
        noun = r"\s+(?:[\w'-]+\s+){0,2}?" + re.escape(str(tname).replace("_", " ")) + r"(?:e?s)?\b"
        reported = set()
        for group, old in olds.items():
            new = news.get(group, (0, 0, set()))
            if old[1] < 2 or old[0] == new[0] or old[0] in (0, 1):
                continue  # one item line: its own constant's check; an unchanged number
            at = _changed_by(layers, base, tname, old[2] | new[2], stages.first_change(tname, group, old[0]))
            if at is None:
                continue
            i, layer, pointer, what = at
            made = stages.count(i, tname, group)
            numbers = (old[0], new[0]) if made in (None, new[0]) else (old[0], made, new[0])
            for where, text, written in texts:
                if written >= i or where in reported:
                    continue
                found = _states(text, str(old[0]), noun)
                if found is None:
                    continue
                reported.add(where)
                yield _stale_count(ctx, layer, pointer, what, (tname, group), numbers, where, found[1])


def _item_counts(comp, data: dict) -> dict | None:
    """How many items of a component type there are (key ``None``) and how many have each
    value of each property (key ``(property, value)``), each as (items, item lines, the
    constants their ``count`` names); None
    when an item's number is not worked out here (an expression, `each`, `pairs`)."""
    if not isinstance(comp, dict) or not isinstance(comp.get("items"), list):
        return None
    constants = {name: _value("parameters", v) for name, v in items_of(data.get("parameters"))}
    for name, entry in items_of(data.get("assumptions")):
        constants.setdefault(name, _value("assumptions", entry))
    counts: dict = {}
    for item in comp["items"]:
        if not isinstance(item, dict) or "each" in item or "pairs" in item or "where" in item:
            return None
        n = item.get("count", 1)
        n = constants.get(n) if isinstance(n, str) else n
        if not isinstance(n, int) or isinstance(n, bool):
            return None
        keys = [None] + [
            (k, v)
            for k, v in item.items()
            if k not in ("count", "label") and isinstance(v, (str, int)) and not isinstance(v, bool)
        ]
        named = {item["count"]} if isinstance(item.get("count"), str) else set()
        for key in keys:
            items, lines, names = counts.get(key, (0, 0, set()))
            counts[key] = (items + n, lines + 1, names | named)
    return counts


class _Stages:
    """The rules merged with the first variant, with the first two, ... (the last: the rules
    checked), each worked out when first asked for (only when a number of items changed)."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.merged: dict[int, dict] = {len(ctx.doc.layers) - 1: ctx.data}

    def __len__(self) -> int:
        return len(self.ctx.doc.layers)

    def __getitem__(self, i: int) -> dict:
        if i not in self.merged:
            from ..source.overlay import merge

            base = self.ctx.doc.base
            name = base.data.get("game", "") if isinstance(base.data, dict) else ""
            self.merged[i] = merge(base, self.ctx.doc.layers[: i + 1], name).data
        return self.merged[i]

    def count(self, i: int, tname, group) -> int | None:
        """How many items of ``group`` the rules have with the variants up to the ``i``-th."""
        data = self[i]
        counts = _item_counts(dict(items_of(data.get("components"))).get(tname), data)
        return None if counts is None else counts.get(group, (0, 0, set()))[0]

    def first_change(self, tname, group, old: int) -> int | None:
        """The place of the first variant after which the rules have another number of items
        of ``group`` than ``old`` (the game's), or None when none is worked out."""
        for i in range(len(self)):
            n = self.count(i, tname, group)
            if n is not None and n != old:
                return i
        return None


def _changed_by(layers: list, base: dict, tname, feeding: set, first: int | None = None):
    """The variant that changes the items of ``tname`` or a constant their counts name: the
    ``first``-th when given and it does (the one that made the number another), else the last
    that does; (its place, the layer, the pointer of the change, the change in words); None:
    none does."""
    if first is not None:
        found = _changed_by(layers[: first + 1], base, tname, feeding)
        if found is not None and found[0] == first:
            return found
    for i in range(len(layers) - 1, -1, -1):
        data = layers[i].doc.data if isinstance(layers[i].doc.data, dict) else {}
        comp = dict(items_of(data.get("components"))).get(tname)
        if isinstance(comp, dict) and "items" in comp:
            ptr = f"/components/{escape_pointer_segment(tname)}/items"
            return i, layers[i], ptr, f"this changes the items of component type '{tname}'"
        for section in _SECTIONS:
            for name, entry in items_of(data.get(section)):
                if name in feeding and _value(section, entry) is not None:
                    what = {"parameters": "parameter", "assumptions": "assumption"}[section]
                    ptr = f"/{section}/{escape_pointer_segment(name)}" + (
                        "" if section == "parameters" else "/value"
                    )
                    below = [x.doc.data for x in reversed(layers[:i]) if isinstance(x.doc.data, dict)]
                    before = _value(section, _nearest([*below, base], section, name))
                    change = f"from {figures(before)} to " if before is not None else "to "
                    new = figures(_value(section, entry))
                    return i, layers[i], ptr, f"this changes {what} '{name}' {change}{new}"
    return None


def _stale_count(ctx, layer, pointer, what, group, numbers, where, quote) -> Diagnostic:
    tname, key = group
    old, new = numbers[0], numbers[1]
    later = f"; {numbers[2]} with the variants after it" if len(numbers) > 2 else ""
    items = f"'{tname}' items" if key is None else f"'{tname}' items whose {key[0]} is {key[1]}"
    d = layer.doc.diagnostic(
        pointer,
        "stale-rule-text",
        f"{what}, so there are {new} {items} (there were {old}{later}), but a rule text that variant "
        f"'{layer.id}' keeps still states {old} of them in figures: the printed rules would say the old number",
        severity="warning",
        hint="a number worked out from several constants has no {field}: say it without the number, "
        "or give the text anew in the variant",
    )
    note = ctx.at(where, "stale-rule-text", f"the text that states {old}: {quote!r}", severity="note")
    return replace(d, notes=(*d.notes, note))
