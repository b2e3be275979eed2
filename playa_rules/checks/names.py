"""Semantic checks of names: display hints naming nothing, defines and parameters nothing reads.

Registered like the checks of :mod:`.rules` (codes ``unknown-display``,
``running-scores-hidden`` and ``reserved-name`` (errors), ``unused-define``, ``unused-parameter`` and ``unused-procedure``
(warnings)).
"""

from __future__ import annotations

import re

from ..compiler.dsl import ast as A
from ..compiler.dsl.names import BUILTIN_NAMES
from ..compiler.model import LOOKUP, did_you_mean
from ..source.load import escape_pointer_segment
from .base import STRING_LITERAL, WORD, Context, check, items_of, list_of

FIELD_REF = re.compile(
    r"\{([A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*)\}"
)  # a status line's {hand.token}


@check("unknown-display")
def display_names(ctx: Context):
    """``display`` hints that name a variable, component template or zone the file does not declare."""
    display = ctx.data.get("display")
    if not isinstance(display, dict):
        return
    scoped, named = [], []
    for scope, names in items_of(ctx.data.get("variables")):
        for name, _ in items_of(names):
            scoped.append(f"{scope}.{name}")
            if scope in ("player", "player_match"):
                named.append(name)
    for i, wanted in enumerate(list_of(display.get("variables"))):
        if isinstance(wanted, str) and wanted not in scoped and wanted not in named:
            yield ctx.at(
                f"/display/variables/{i}",
                "unknown-display",
                f"no variable is named '{wanted}'",
                hint=did_you_mean(wanted, scoped + named) or "name a variable as scope.name, e.g. hand.x",
            )
    refs = [("/display/round", display.get("round"))]
    for i, entry in enumerate(list_of(display.get("status"))):
        text = entry.get("text") if isinstance(entry, dict) else entry
        if isinstance(entry, dict):
            refs.append((f"/display/status/{i}/when", entry.get("when")))
        ptr = f"/display/status/{i}" + ("/text" if isinstance(entry, dict) else "")
        refs += [(ptr, ref) for ref in FIELD_REF.findall(text if isinstance(text, str) else "")]
    for ptr, ref in refs:
        if isinstance(ref, str) and ref not in scoped:
            yield ctx.at(
                ptr,
                "unknown-display",
                f"no variable is named '{ref}'",
                hint=did_you_mean(ref, scoped) or "name a variable as scope.name, e.g. hand.x",
            )
    steps = {
        st.get("id")
        for ph in list_of(ctx.data.get("phases"))
        if isinstance(ph, dict)
        for st in list_of(ph.get("steps"))
        if isinstance(st, dict)
    }
    ids = {ph.get("id") for ph in list_of(ctx.data.get("phases")) if isinstance(ph, dict)} | steps
    ids |= {r.get("id") for r in list_of(ctx.data.get("scoring")) if isinstance(r, dict)}
    for name, _ in items_of(display.get("names")):
        if name not in ids:  # a warning: a variant that removes a step leaves its name harmless
            yield ctx.at(
                f"/display/names/{escape_pointer_segment(name)}",
                "unknown-display",
                f"no phase, step or scoring rule is named '{name}': this display name is never shown",
                severity="warning",
                hint=did_you_mean(str(name), sorted(str(i) for i in ids if i)),
                key=True,
            )
    types = dict(items_of(ctx.data.get("components")))
    for tname, shown in items_of(display.get("components")):
        ptr = f"/display/components/{escape_pointer_segment(tname)}"
        comp = types.get(tname)
        if comp is None:
            yield ctx.at(
                ptr,
                "unknown-display",
                f"no component template is named '{tname}'",
                hint=did_you_mean(str(tname), [str(t) for t in types]),
                key=True,
            )
            continue
        known = ["face", "owner", "label", "type"] + (
            list(comp.get("vars") or {}) if isinstance(comp, dict) else []
        )
        known += [
            k
            for item in list_of(comp.get("items") if isinstance(comp, dict) else None)
            if isinstance(item, dict)
            for k in item
        ]
        known += list(
            (comp.get("properties") or {})
            if isinstance(comp, dict) and isinstance(comp.get("properties"), dict)
            else []
        )
        for i, name in enumerate(list(shown) if isinstance(shown, dict) else list_of(shown)):
            if isinstance(name, str) and name not in known:
                yield ctx.at(
                    f"{ptr}/{escape_pointer_segment(name) if isinstance(shown, dict) else i}",
                    "unknown-display",
                    f"component template '{tname}' has no variable or property '{name}'",
                    hint=did_you_mean(name, sorted(set(known))),
                )
    zones = dict(items_of(ctx.data.get("zones")))
    for zname, hint in items_of(display.get("zones")):
        ptr = f"/display/zones/{escape_pointer_segment(zname)}"
        if zname not in zones:
            yield ctx.at(
                ptr,
                "unknown-display",
                f"no zone is named '{zname}'",
                hint=did_you_mean(str(zname), [str(z) for z in zones]),
                key=True,
            )
            continue
        grid = hint.get("grid") if isinstance(hint, dict) else None
        if isinstance(grid, str):
            held = zones[zname].get("holds") if isinstance(zones[zname], dict) else None
            known = {"label"}
            for tname in list_of(held):
                comp = types.get(tname)
                if isinstance(comp, dict):
                    known |= set(comp.get("vars") or {}) | {
                        k for item in list_of(comp.get("items")) if isinstance(item, dict) for k in item
                    }
                    known |= {
                        k
                        for item in list_of(comp.get("items"))
                        if isinstance(item, dict)
                        for k in list(item.get("each") or {}) + list(item.get("pairs") or {})
                    }
            if grid not in known:
                yield ctx.at(
                    f"{ptr}/grid",
                    "unknown-display",
                    f"the cells of zone '{zname}' have no variable or property '{grid}'",
                    hint=did_you_mean(grid, sorted(known)),
                )


@check("running-scores-hidden")
def running_scores_public(ctx: Context):
    """``display: {scores: running}`` shows every seat the scoring rules on the current state: a
    scoring rule (or a define it calls) reading a zone that not every seat sees would show
    them what it holds (only its size, ``count(Z)``, is everyone's)."""
    display = ctx.data.get("display")
    if not isinstance(display, dict) or display.get("scores") != "running":
        return
    zones = {
        str(name): (z.get("visibility", "hidden"), z.get("per"))
        for name, z in items_of(ctx.data.get("zones"))
        if isinstance(z, dict)
    }
    defines = ctx._defines
    for dsl, tree in ctx.trees:
        if not dsl.pointer.startswith("/scoring/"):
            continue
        found = _private_zone_read(tree, zones, defines, set())
        if found is None:
            continue
        zone, via = found
        rule = list_of(ctx.data.get("scoring"))[int(dsl.pointer.split("/")[2])]
        rid = rule.get("id") if isinstance(rule, dict) else None
        through = f" (through define '{via}')" if via else ""
        yield ctx.at(
            "/display/scores",
            "running-scores-hidden",
            f"running scores would show every seat what scoring rule '{rid}' reads in zone "
            f"'{zone}'{through}, which {_SEEN_BY.get(zones[zone][0], 'not every seat sees')}",
            hint="running scores are only for scoring that reads what every seat may know "
            "(public zones, variables, zone sizes with count(Z)): drop 'scores: running'",
        )
        return


_SEEN_BY = {"owner": "only its owner sees", "hidden": "no seat sees"}


def _private_zone_read(node, zones: dict, defines: dict, seen: set, via: str | None = None):
    """(zone, define it is read through or None) of the first zone read under ``node`` that is
    not public, following the defines it calls; None when it reads only public zones."""
    if isinstance(node, A.Call) and node.func == "count" and len(node.args) == 1:
        arg = node.args[0]  # count(Z): a zone's size, which every seat sees
        if (isinstance(arg, A.Name) and arg.id in zones) or (isinstance(arg, A.Attr) and arg.name in zones):
            return None
    zone = None
    if isinstance(node, A.Name) and node.id in zones and zones[node.id][1] is None:
        zone = node.id
    elif isinstance(node, A.Attr) and node.name in zones and zones[node.name][1] is not None:
        zone = node.name
    if zone is not None and zones[zone][0] != "public":
        return zone, via
    called = node.func if isinstance(node, A.Call) else node.id if isinstance(node, A.Name) else None
    if called in defines and called not in seen:
        seen.add(called)
        found = _private_zone_read(defines[called].body, zones, defines, seen, via or called)
        if found is not None:
            return found
    for v in node.__dict__.values():
        for child in v if isinstance(v, tuple) else (v,):
            if isinstance(child, A.Node):
                found = _private_zone_read(child, zones, defines, seen, via)
                if found is not None:
                    return found
    return None


def _component_items(data):
    """Every item mapping of every component template."""
    for _, comp in items_of(data.get("components")):
        for item in list_of(comp.get("items") if isinstance(comp, dict) else None):
            if isinstance(item, dict):
                yield item


def _constant_names_in_items(data) -> set[str]:
    """Names of constants the components read: lists an item's ``each`` or ``pairs`` reads
    (``each: {value: towel_values}``) or its ``faces`` (``faces: sides``), tables a label reads
    (``{rank_letter[rank]}``)."""
    found = set()
    for _, comp in items_of(data.get("components")):
        if isinstance(comp, dict):
            labels = [comp.get("label")] + [
                i.get("label") for i in list_of(comp.get("items")) if isinstance(i, dict)
            ]
            found.update(name for text in labels if isinstance(text, str) for name, _ in LOOKUP.findall(text))
    for item in _component_items(data):
        for _, value in list(items_of(item.get("each"))) + list(items_of(item.get("pairs"))):
            if isinstance(value, dict):  # {permutations: NAME, size: N}
                value = value.get("permutations", value.get("combinations"))
            if isinstance(value, str):
                found.add(value)
        if isinstance(item.get("faces"), str):  # a die's faces given as a list constant: faces: sides
            found.add(item["faces"])
    return found


_BUILT_IN = {
    "me": "the seat the rule is about",
    "players": "the number of players",
    "seats": "every seat",
    "others": "every seat but me",
    "start_player": "the seat that starts the hand",
    "current_player": "the seat to act",
    "hand_number": "the hand being played, from 1",
    "round": "the round of the phase",
}


@check("reserved-name")
def reserved_names(ctx: Context):
    """A parameter, assumption, ruling or define named like a built-in name (``players``,
    ``me``, ...): every rule reading the name gets the built-in, so it would be ignored. (A
    define with parameters, ``round(x)``, is what its calls mean: not reported.)"""
    p = escape_pointer_segment
    builtins = ["me", *BUILTIN_NAMES]
    for section, what in (
        ("parameters", "parameter"),
        ("assumptions", "assumption"),
        ("rulings", "ruling"),
        ("define", "define"),
    ):
        for key, _ in items_of(ctx.data.get(section)):
            name = str(key).strip()
            if name in builtins:
                yield ctx.at(
                    f"/{section}/{p(key)}",
                    "reserved-name",
                    f"{what} '{name}' has the name of a built-in: '{name}' in a rule always means "
                    f"{_BUILT_IN.get(name, 'the built-in')}, so this {what} would be ignored",
                    key=True,
                    hint=f"rename it; the built-in names are {', '.join(builtins)}",
                )


@check("unused-define", "unused-parameter")
def unused_defines_and_parameters(ctx: Context):
    """A define or a parameter nothing reads: a typo in its name, or a rule that was removed.
    (A misspelled name in a house rule otherwise changes nothing, silently.)"""
    p = escape_pointer_segment
    own: dict[str, set[str]] = {}  # words of each define's own text
    for name, text in items_of(ctx.data.get("define")):
        if isinstance(text, str):
            own[str(name).split("(")[0]] = set(WORD.findall(STRING_LITERAL.sub(" ", text)))
    read: set[str] = set(_constant_names_in_items(ctx.data)) | ctx.unparsed_words
    for dsl in ctx.texts:
        if isinstance(dsl.text, str) and not dsl.pointer.startswith("/define/"):
            read.update(WORD.findall(STRING_LITERAL.sub(" ", dsl.text)))
    literals = {node.value for _, node in ctx.nodes(A.Str)}
    # defines read by read defines, transitively
    pending = [d for d in own if d in read]
    while pending:
        for word in own.get(pending.pop(), ()):
            if word not in read:
                read.add(word)
                if word in own:
                    pending.append(word)
    for name, _ in items_of(ctx.data.get("define")):
        short = str(name).split("(")[0]
        if short not in read:
            yield ctx.at(
                f"/define/{p(name)}",
                "unused-define",
                f"define '{short}' is used nowhere: no rule reads it",
                severity="warning",
                key=True,
                hint="remove it, or use it in the rules",
            )
    for name, value in items_of(ctx.data.get("parameters")):
        vocabulary = isinstance(value, list) and any(isinstance(v, str) and v in literals for v in value)
        if str(name) not in read and not vocabulary:  # a list of the words rules compare with declares them
            yield ctx.at(
                f"/parameters/{p(name)}",
                "unused-parameter",
                f"parameter '{name}' is used nowhere: no rule reads it",
                severity="warning",
                key=True,
                hint="remove it, or use it in the rules",
            )


@check("unused-procedure")
def unused_procedures(ctx: Context):
    """A procedure no ``do`` runs (but its own): a typo in its name, or a rule that was removed."""
    called: dict[str, set] = {}
    for dsl, node in ctx.nodes(A.Do):
        called.setdefault(node.name, set()).add(dsl.pointer)
    for key, _ in items_of(ctx.data.get("procedures")):
        short = str(key).split("(")[0].strip()
        pointer = f"/procedures/{escape_pointer_segment(key)}"
        if not called.get(short, set()) - {pointer}:
            yield ctx.at(
                pointer,
                "unused-procedure",
                f"procedure '{short}' is run nowhere: no 'do {short}' outside it",
                severity="warning",
                key=True,
                hint="remove it, or run it with 'do' in an effect",
            )


def _item_words(data) -> set:
    """The text values of the component items' properties (given one by one or in ``each``)."""
    found = set()
    for item in _component_items(data):
        each = dict(item.get("each") or {}, **(item.get("pairs") or {}))
        for v in list(item.values()) + list(each.values()):
            found.update(w.lower() for w in (v if isinstance(v, list) else [v]) if isinstance(w, str))
    return found


@check("none-text")
def none_as_text(ctx: Context):
    """A variable starting as ``none`` in YAML: that is the text 'none', not nothing, so a
    rule's ``x == none`` is false from the start (YAML spells nothing ``~`` or ``null``).
    Not reported where 'none' is a word of the rules (compared as text, or an item's value)."""
    if any(str(node.value).lower() == "none" for _, node in ctx.nodes(A.Str)) or "none" in _item_words(
        ctx.data
    ):
        return  # 'none' is a word of the rules (an event named none): meant as text
    p = escape_pointer_segment
    places = [(f"/variables/{p(scope)}", v) for scope, v in items_of(ctx.data.get("variables"))]
    places += [
        (f"/components/{p(t)}/vars", c.get("vars"))
        for t, c in items_of(ctx.data.get("components"))
        if isinstance(c, dict)
    ]
    for ptr, block in places:
        for name, init in items_of(block):
            value = init.get("value") if isinstance(init, dict) else init
            if isinstance(value, str) and value.lower() == "none":
                where = f"{ptr}/{p(name)}" + ("/value" if isinstance(init, dict) else "")
                yield ctx.at(
                    where,
                    "none-text",
                    f"variable '{name}' starts as the text '{value}', not as nothing",
                    severity="warning",
                    key=False,
                    hint="in YAML, nothing is written ~ or null (the DSL's none)",
                )


@check("name-clash")
def player_variables_named_like_zones(ctx: Context):
    """A player variable named like a per-player zone (``player: {hand: 0}`` beside a zone
    ``hand`` per player): ``me.hand`` would name both, and a rule means one of them."""
    zones = ctx.data.get("zones")
    per_player = {str(k) for k, z in items_of(zones) if isinstance(z, dict) and z.get("per") == "player"}
    variables = ctx.data.get("variables")
    player = variables.get("player") if isinstance(variables, dict) else None
    for key, _ in items_of(player):
        if str(key) in per_player:
            yield ctx.at(
                f"/variables/player/{escape_pointer_segment(key)}",
                "name-clash",
                f"player variable '{key}' has the name of the per-player zone '{key}': me.{key} "
                "would name both",
                key=True,
                hint="rename the variable (or the zone)",
            )
