"""Rules as readable Markdown, rendered from the rule data the engine runs.

Printed house rules made this way always match the engine: every condition, effect
and score is shown as the DSL text the engine compiled, next to the rule text written
for people. Fixed phrases come from :mod:`.words`; the game's own texts from the rule
data (English) or its catalogue (:mod:`.catalogue`). The sections about play (phases,
actions, automata) are in :mod:`.flow`, those about what a game is made of (components,
zones, parameters, variables) in :mod:`.parts`, the building blocks in :mod:`.markup`.
"""

from __future__ import annotations

import math

from ..errors import PlayaRulesError
from .catalogue import Catalogue, load_catalogue, missing_translations, value_key
from .flow import FlowSections
from .markup import block, code, value_text
from .parts import PartSections
from .words import LANGUAGES, joined

__all__ = ["NOT_RULES", "RENDERED", "block", "code", "rules_markdown", "untranslated_texts", "value_text"]

# The keys of each part of a rule file the renderer prints (a test checks the schema's
# keys are all here, so a new key of the format cannot be silently left out).
RENDERED: dict[str, set[str]] = {
    "": {
        "game",
        "title",
        "source",
        "players",
        "assumptions",
        "rulings",
        "parameters",
        "components",
        "zones",
        "variables",
        "define",
        "procedures",
        "setup",
        "actions",
        "phases",
        "scoring",
        "match",
        "automata",
        "$schema",
        "extends",
        "variant",
        "display",
    },  # the last four name files or shape the screen: not rules
    "assumption": {"value", "default", "about", "source", "alternatives"},
    "ruling": {"value", "default", "question", "cites", "alternatives"},
    "alternative": {"value", "means"},
    "component": {"start", "per_player", "label", "vars", "items", "next_to_both_ways"},
    "item": {"count", "each", "pairs", "label", "where", "next_to"},  # next_to: among the properties
    "each_choices": {"permutations", "combinations", "size"},
    "component_var": {"value", "reset"},
    "variables": {"turn", "hand", "match", "player", "player_match"},  # the scopes (words.py: reset_<scope>)
    "zone": {"per", "visibility", "holds", "about"},
    "action": {"text", "rule", "others_see", "params", "let", "require", "effect", "tell"},
    "param": {"one_of", "position_in", "group_of", "by", "seat_in", "number_in"},
    "phase": {"id", "rule", "when", "turns", "let", "on_start", "on_turn_start", "steps", "next", "tell"},
    "tell": {"text", "when"},
    "turns": {"from", "rounds", "until", "seat", "seats", "order"},
    "step": {"id", "when", "simultaneous", "actions", "fallback", "free", "repeat", "on_blocked", "effect"},
    "scoring_rule": {"id", "rule", "points"},
    "match": {
        "rule",
        "hands",
        "rotate_start",
        "first_start",
        "tie_breaks",
        "end_when",
        "next_start",
        "points",
    },
    "tie_break": {"id", "rule", "value"},
    "automaton": {"rule", "seats", "can_win", "plays"},
    "automaton/plays": {"action", "when"},  # the entries of an automaton's plays
}
# Parts of the format that are presentation (play --human's screen), never printed as rules.
NOT_RULES = {"display", "zone_display"}


class _Renderer(FlowSections, PartSections):
    """Builds the Markdown of one rule set in one language, section by section."""

    def render(self) -> str:
        s = self.spec
        self.heading(1, self.title())
        self.para(self.w("intro", id=self.rules.id))
        if self.lang != "en" and not self.cat.files:
            self.para(self.w("no_catalogue", id=self.rules.id))
        elif self.lang != "en":
            english = missing_translations(self.cat, self.spec)
            if english:
                self.para(self.w("in_english", texts=", ".join(map(code, english))))
        variants = list(getattr(self.rules, "variants", None) or [])
        counts = joined(self.lang, self.rules.player_counts)
        if s.get("source"):
            self.emit(f"- **{self.w('source')}:** {' '.join(self.t(['source'], s['source']).split())}")
        self.emit(
            f"- **{self.w('players')}:** {counts}{self.automaton_seats()}",
            f"- **{self.w('variants')}:** " + (", ".join(map(code, variants)) or self.w("no_variants")),
        )
        self.emit(*self.variant_notes())
        for section in (
            self.components,
            self.zones,
            self.parameters,
            self.variables,
            self.definitions,
            self.procedures,
            self.setup,
            self.phases,
            self.actions,
            self.automata,
            self.scoring,
            self.match,
            self.assumptions,
            self.rulings,
        ):
            section()
        return "\n".join(self.out).rstrip() + "\n"

    def variant_notes(self) -> list[str]:
        """One line per applied variant that describes itself (its ``title`` and ``about``)."""
        lines = []
        for layer in getattr(getattr(self.rules, "doc", None), "layers", None) or []:
            own = layer.doc.data if isinstance(layer.doc.data, dict) else {}
            texts = self.cat.variants.get(layer.id, {})
            words = [" ".join(str(texts.get(k) or own.get(k) or "").split()) for k in ("title", "about")]
            words = [w if w.endswith((".", "!", "?")) else w + "." for w in words if w]
            if words:
                lines.append(f"  - {code(layer.id)}: " + " ".join(words))
        return lines

    def automaton_seats(self) -> str:
        """`` (with 2, one more seat played by the rules: `bot`)`` after the player counts, if any."""
        automata = {name: self.seats_of(a) for name, a in (self.spec.get("automata") or {}).items()}
        parts = []
        for n in self.rules.player_counts:
            k = sum(seats.get(n, 0) for seats in automata.values())
            if k:
                names = ", ".join(code(name) for name, seats in automata.items() if seats.get(n))
                parts.append(
                    self.w("players_automaton" if k == 1 else "players_automata", n=n, k=k, names=names)
                )
        return f" ({'; '.join(parts)})" if parts else ""

    def title(self) -> str:
        """The game's title, then the variants' titles as the rules name them (translated if all are)."""
        english = self.spec.get("title") or self.rules.id
        title, full = self.t(["title"], english), str(self.rules.title)
        suffix = full[len(english) :] if full.startswith(english) else ""
        variants = list(getattr(self.rules, "variants", None) or [])
        names = [self.cat.variants.get(v, {}).get("title") for v in variants]
        if suffix and names and all(names):
            suffix = " (" + ", ".join(names) + ")"
        return title + suffix

    def definitions(self) -> None:
        defines = self.spec.get("define") or {}
        if defines:
            self.heading(2, self.w("definitions"))
            self.emit(*(f"- {code(name)}: {code(body)}" for name, body in defines.items()), "")

    def procedures(self) -> None:
        procs = self.spec.get("procedures") or {}
        if procs:
            self.heading(2, self.w("procedures"))
            self.para(self.w("procedures_intro"))
        for name, body in procs.items():
            self.emit(f"- {code(name)}:", "", *block(body, "  "), "")

    def setup(self) -> None:
        if self.spec.get("setup"):
            self.heading(2, self.w("setup"))
            self.para(self.w("setup_intro"))
            self.emit(*block(self.spec["setup"]), "")

    def scoring(self) -> None:
        rules = self.spec.get("scoring") or []
        if rules:
            self.heading(2, self.w("scoring"))
            self.para(self.w("scoring_intro"))
        for r in rules:
            text = self.t(["scoring", r.get("id"), "rule"], r.get("rule"))
            head = f"- {code(r.get('id'))}" + (f": {' '.join(text.split())}" if text else "")
            points = self.dsl(r.get("points"), "  ")
            if len(points) == 1:
                self.emit(f"{head} ({self.w('points')}: {points[0]})")
            else:
                self.emit(f"{head} ({self.w('points')}:)", "", *points, "")
        if rules:
            self.emit("")

    def match(self) -> None:
        m = self.spec.get("match")
        if m is None:
            return
        self.heading(2, self.w("match"))
        self.para(self.t(["match", "rule"], m.get("rule")))
        self.emit(
            f"- **{self.w('hands')}:** {self.count(m.get('hands', 1))}",
            f"- {self.w('first_start', seat=self.seat(m.get('first_start', 0)))}",
            f"- {self.w('next_start', seat=code(m['next_start']))}"
            if "next_start" in m
            else f"- {self.w('rotate', n=code(m.get('rotate_start', 1)), count=m.get('rotate_start', 1))}",
        )
        if "end_when" in m:
            self.emit(f"- {self.w('end_when', cond=code(m['end_when']))}")
        if "points" in m:
            points = self.dsl(m["points"], "  ")
            if len(points) == 1:
                self.emit(f"- {self.w('match_points', expr=points[0])}")
            else:
                self.emit(f"- {self.w('match_points', expr='')}", "", *points, "")
        ties = m.get("tie_breaks") or []
        self.emit(f"- {self.w('tie_breaks' if ties else 'no_tie_breaks')}")
        for i, tb in enumerate(ties, 1):
            text = self.t(["match", "tie_breaks", tb.get("id"), "rule"], tb.get("rule"))
            self.emit(
                f"  {i}. {code(tb.get('id'))}" + (f": {text}" if text else "") + f" ({code(tb.get('value'))})"
            )
        if ties:
            self.emit(f"- {self.w('still_tied')}")
        self.emit("")

    def seat(self, expr) -> str:
        """A seat the rules name: ``seat 0`` for a number, the expression as code otherwise."""
        if isinstance(expr, int) and not isinstance(expr, bool):
            return self.w("seat_n", n=expr)
        return code(expr)

    def count(self, expr) -> str:
        """A number the rules compute as people read it: ``3``, and ``3 (`rounds`)`` for a
        parameter (or a constant expression) rather than its bare name; a number only known
        when the game starts (``players``) stays the expression."""
        if isinstance(expr, int) and not isinstance(expr, bool):
            return str(expr)
        value = self.constant(str(expr))
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value} ({code(expr)})"
        return code(expr)

    def assumptions(self) -> None:
        self.named_values("assumptions", ("about", "source"))

    def rulings(self) -> None:
        self.named_values("rulings", ("question", "cites"))

    def named_values(self, section: str, texts: tuple[str, str]) -> None:
        """Assumptions or rulings: the value in force, whether it is the default, the alternatives."""
        entries = self.spec.get(section) or {}
        if entries:
            self.heading(2, self.w(section))
        for name, e in entries.items():
            self.heading(3, code(name))
            first, second = (self.t([section, name, k], e.get(k)) for k in texts)
            self.para(first)
            if second and section == "rulings":
                self.emit(f"> {self.w('cites')}: “{' '.join(second.split())}”", "")
            elif second:
                self.emit(f"- **{self.w('source')}:** {' '.join(second.split())}")
            alts = [a if isinstance(a, dict) else {"value": a} for a in e.get("alternatives") or []]
            means = {
                value_key(a.get("value")): self.t(
                    [section, name, "alternatives", value_key(a.get("value")), "means"], a.get("means")
                )
                for a in alts
            }
            value = e.get("value")
            status = self.status(section, name, value)
            shown = f"- **{self.w('in_force')}:** {code(value_text(value))}" + (
                f" ({status})" if status else ""
            )
            meaning = means.get(value_key(value))
            self.emit(shown + (f": {' '.join(meaning.split())}" if meaning else ""))
            others = [a for a in alts if value_key(a.get("value")) != value_key(value)]
            if others:
                self.emit(f"- **{self.w('alternatives')}:**")
                for a in others:
                    meaning = means.get(value_key(a.get("value")))
                    self.emit(
                        f"  - {code(value_text(a.get('value')))}"
                        + (f": {' '.join(meaning.split())}" if meaning else "")
                    )
            self.emit("")

    def status(self, section: str, name: str, value) -> str | None:
        """``the default``, or that a variant changed it; None when the base rules are unknown."""
        own = (self.spec.get(section) or {}).get(name) or {}
        if "default" in own:  # the merged rules name the game's own value
            entry = {"value": own["default"]}
        elif self.base is None:
            return None
        else:
            entry = (self.base.get(section) or {}).get(name)
        if not isinstance(entry, dict) or "value" not in entry:
            return None
        if _same(entry["value"], value):
            return self.w("default")
        return self.w("changed", value=code(value_text(entry["value"])))


def _same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b)
    return a == b


def rules_markdown(
    rules, lang: str = "en", base_spec: dict | None = None, catalogue: Catalogue | None = None
) -> str:
    """The rules of ``rules`` as Markdown in ``lang`` (``en``, ``it``, ``es``), rendered from its data.

    ``base_spec`` is the rule data without variants, to tell which assumptions and
    rulings a variant changed; without it, a rule set with no variants counts as the
    default and one with variants says nothing about defaults. ``catalogue`` replaces
    the bundled translations of the game and its variants.

        >>> text = rules_markdown(rules, lang="it")   # doctest: +SKIP
    """
    if base_spec is None and not getattr(rules, "variants", None):
        base_spec = rules.spec
    return _Renderer(rules, lang, _catalogue(rules, lang, base_spec, catalogue), base_spec).render()


def untranslated_texts(
    rules, lang: str, base_spec: dict | None = None, catalogue: Catalogue | None = None
) -> list[str]:
    """The JSON pointers of the texts ``rules_markdown`` prints in English for want of a
    translation of the text these rules have (a new text, or one a variant changed)."""
    if lang == "en":
        return []
    cat = _catalogue(rules, lang, base_spec, catalogue)
    return missing_translations(cat, rules.spec) if cat.files else []


def _catalogue(rules, lang, base_spec, catalogue) -> Catalogue:
    """The catalogue of ``rules`` in ``lang``, which translates a text a variant changed only
    by a variant's own catalogue (the game's translates the text the variant replaced)."""
    if lang not in LANGUAGES:
        raise PlayaRulesError(f"no language '{lang}' (known: {', '.join(LANGUAGES)})")
    variants = list(getattr(rules, "variants", None) or [])
    if catalogue is None:
        catalogue = load_catalogue(rules.id, variants, lang)
    doc = getattr(rules, "doc", None)
    base = getattr(getattr(doc, "base", None), "data", None)
    base = base if isinstance(base, dict) else base_spec
    if not variants or base is None:
        return catalogue
    layers = [(layer.id, layer.doc.data) for layer in getattr(doc, "layers", None) or []]
    return catalogue.against(rules.spec, base, layers)
