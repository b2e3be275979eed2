"""Translation catalogues: a game's own texts (rule texts, questions, meanings) in another language.

The rule data is written in English; a catalogue gives the same texts in one other
language, so that rendered rules (:mod:`playa_rules.render`) can be printed in it. A
catalogue mirrors the rule data and holds only its text fields: mappings by key, the
items of a list with an ``id`` (phases, scoring rules, tie-breaks) by their id, and the
alternatives of a ruling or assumption by their value (``"true"``, ``own``)::

    title: Gioco di prova
    actions:
      draw: {rule: Pesca una carta.}
    rulings:
      may_pass:
        question: Si può passare?
        alternatives: {"true": {means: Sì, sempre.}}
    scoring:
      cards: {rule: Un punto per carta.}

Bundled catalogues live in ``spec/lang/<lang>/<game>.yaml``, and for a variant in
``spec/lang/<lang>/<game>/<variant>.yaml``; a variant's catalogue is merged over the
game's, in the order the variants are applied. A text the catalogue lacks stays English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .. import resources
from ..errors import Diagnostic
from ..shared.numbers import PROSE_FIELD, known_form
from ..source.document import Document, pointer_of
from ..source.load import load_file

# Where the rule data holds text for people: every other string is data or DSL.
TEXT_FIELDS: tuple[tuple[str, ...], ...] = (
    ("title",),
    ("source",),
    ("assumptions", "*", "about"),
    ("assumptions", "*", "source"),
    ("assumptions", "*", "alternatives", "*", "means"),
    ("rulings", "*", "question"),
    ("rulings", "*", "cites"),
    ("rulings", "*", "alternatives", "*", "means"),
    ("zones", "*", "about"),
    ("components", "*", "label"),
    ("actions", "*", "rule"),
    ("actions", "*", "text"),
    ("phases", "*", "rule"),
    ("scoring", "*", "rule"),
    ("match", "rule"),
    ("match", "tie_breaks", "*", "rule"),
    ("automata", "*", "rule"),
)

# In a variant's catalogue, as in a variant file, these describe the variant itself.
VARIANT_TEXTS: tuple[str, ...] = ("title", "about", "source")

_MISSING = object()


def value_key(value) -> str:
    """The catalogue key of a value (``true``, ``own``, ``3``), as YAML writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def entries(node) -> Iterator[tuple[str, object]]:
    """The (key, child) pairs of a data node: mapping keys, list items by ``id`` or ``value``."""
    if isinstance(node, dict):
        for key, child in node.items():
            yield str(key), child
    elif isinstance(node, list):
        for item in node:
            if isinstance(item, dict) and "id" in item:
                yield str(item["id"]), item
            elif isinstance(item, dict) and "value" in item:
                yield value_key(item["value"]), item


def lookup(data, path) -> object:
    """The value at ``path`` (keys, ids and values as in a catalogue), or ``None`` if absent."""
    node = data
    for key in path:
        node = next((child for k, child in entries(node) if k == key), _MISSING)
        if node is _MISSING:
            return None
    return node


def text_fields(spec: dict) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every (path, English text) of the rule data a catalogue may translate, section by section.

    Item labels have no id to be found by; they are translated by their English text,
    under ``labels`` (``labels: {joker: jolly}``).
    """
    for pattern in TEXT_FIELDS:
        yield from _expand(spec, pattern, ())
    for label in item_labels(spec):
        yield ("labels", label), label


def item_labels(spec: dict) -> list[str]:
    """The labels written on component items (``{kind: wild, label: joker}``), in file order."""
    out: list[str] = []
    for _, ctype in entries(spec.get("components") if isinstance(spec, dict) else None):
        for item in (ctype.get("items") if isinstance(ctype, dict) else None) or []:
            label = item.get("label") if isinstance(item, dict) else None
            if isinstance(label, str) and label not in out:
                out.append(label)
    return out


def fields_of(form: str) -> list[str]:
    """The names of the ``{name}`` (and ``{name:form}``) fields of a text, sorted: a translation
    keeps the names and may choose their forms (``{rounds:words_f}`` where English has ``{rounds:words}``)."""
    return sorted({m.group(1) for m in PROSE_FIELD.finditer(form)})


def needs_words(text: str) -> bool:
    """Whether a text has anything to translate besides its ``{fields}`` (``{value}`` has not)."""
    return bool(re.search(r"[^\W\d_]", PROSE_FIELD.sub("", text)))


def _expand(node, pattern, path):
    if not pattern:
        if isinstance(node, str):
            yield path, node
        return
    head, rest = pattern[0], pattern[1:]
    for key, child in entries(node):
        if head in ("*", key):
            yield from _expand(child, rest, path + (key,))


def _shaped(path, patterns) -> bool:
    return any(len(p) == len(path) and all(a in ("*", b) for a, b in zip(p, path)) for p in patterns)


def is_text_field(path) -> bool:
    """Whether ``path`` has the shape of a translatable text field."""
    return _shaped(path, TEXT_FIELDS) or (len(path) == 2 and path[0] == "labels")


@dataclass
class Catalogue:
    """One language's texts for a game (and its variants), merged; English where absent."""

    lang: str
    data: dict = field(default_factory=dict)
    files: list[Document] = field(default_factory=list)
    variants: dict = field(default_factory=dict)  # variant id -> its own texts (VARIANT_TEXTS)
    by_variant: dict = field(default_factory=dict)  # variant id -> its catalogue's rule texts
    # A text a variant changed -> the variants whose catalogues may translate it (see ``against``)
    changed: dict = field(default_factory=dict)

    def text(self, path, english):
        """The translation of the text at ``path``, or ``english`` when there is none.

        A text a variant changed is translated only by the catalogue of that variant (or of
        one applied after it): the game's translation is of the text the variant replaced.
        """
        path = tuple(path)
        if path in self.changed:
            for variant in reversed(self.changed[path]):
                found = _at(self.by_variant.get(variant), path)
                if found is not None:
                    return found
            return english
        found = _at(self.data, path)
        return english if found is None else found

    def label(self, english: str) -> str:
        """An item label in this language (``labels`` of the catalogue), or the English one."""
        return self.text(("labels", english), english)

    def has(self, path) -> bool:
        """Whether the catalogue translates the text at ``path``."""
        return self.text(path, None) is not None

    def against(self, spec: dict, base: dict, layers=()) -> Catalogue:
        """This catalogue for the rules ``spec``, whose texts may differ from ``base`` (the game
        without variants).

        ``layers`` are the applied variants as ``(id, own data)`` pairs, in order: a text a
        variant changed may be translated by the catalogue of the last variant whose file
        writes it, or of a later one (by every variant's catalogue when no file writes it as
        it reads), never by the game's. Item labels are keyed by their text: a changed label
        has no translation to reuse.
        """
        ids = [vid for vid, _ in layers]
        changed = {}
        for path, english in text_fields(spec):
            if path[0] == "labels" or lookup(base, path) == english:
                continue
            setters = [i for i, (_, own) in enumerate(layers) if lookup(own, path) == english]
            changed[path] = ids[setters[-1] :] if setters else ids
        return Catalogue(self.lang, self.data, self.files, self.variants, self.by_variant, changed)


def _at(node, path):
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return node if isinstance(node, str) and node.strip() else None


def catalogue_paths(game: str, variants=(), lang: str = "it") -> list:
    """The bundled catalogue files for a game and its variants (existing or not), in merge order."""
    folder = resources.spec_dir() / "lang" / lang
    return [folder / f"{game}.yaml"] + [folder / game / f"{v}.yaml" for v in variants]


def load_catalogue(game: str, variants=(), lang: str = "it") -> Catalogue:
    """The bundled texts of ``game`` and ``variants`` in ``lang``, merged (empty if there are none).

    English is the rule data itself, so its catalogue is always empty. A catalogue that
    is not valid YAML raises :class:`~playa_rules.errors.LoadError`.
    """
    cat = Catalogue(lang)
    if lang == "en":
        return cat
    for i, path in enumerate(catalogue_paths(game, variants, lang)):
        if path.is_file():
            doc = load_file(path)
            cat.files.append(doc)
            data = _keys_as_text(doc.data if isinstance(doc.data, dict) else {})
            if i:  # a variant's catalogue
                cat.variants[variants[i - 1]] = {k: data.pop(k) for k in VARIANT_TEXTS if k in data}
                cat.by_variant[variants[i - 1]] = data
            cat.data = merge(cat.data, data)
    return cat


def merge(base: dict, over: dict) -> dict:
    """``over`` merged into a copy of ``base``, mapping by mapping; ``over``'s texts win."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def _keys_as_text(node):
    if isinstance(node, dict):
        return {value_key(k): _keys_as_text(v) for k, v in node.items()}
    return node


def check_catalogue(doc: Document, spec: dict, variant: bool = False) -> list[Diagnostic]:
    """Every entry of a catalogue file that translates nothing in ``spec`` (a stale translation).

    A translation keeps the ``{fields}`` of its English text: a label's or an action text's
    parameters, a rule text's constants (filled in by the renderer).

    ``spec`` is the rule data the catalogue is for: for a variant's catalogue
    (``variant=True``), the game with the variants up to this one applied.
    """
    diags: list[Diagnostic] = []

    def report(path, message, code="stale-translation"):
        pointer = pointer_of(path)
        line, column = doc.key_location(pointer) or (None, None)
        diags.append(Diagnostic(code, message, file=doc.file, line=line, column=column, path=pointer))

    def walk(node, path):
        for key, child in node.items():
            here = path + (value_key(key),)
            if variant and not path and here[0] in VARIANT_TEXTS and isinstance(child, str):
                continue
            if isinstance(child, dict):
                walk(child, here)
            elif not isinstance(child, str):
                report(here, f"a translation is a text, not {type(child).__name__}")
            elif not is_text_field(here):
                report(here, f"'{pointer_of(here)}' is not a text field of the rules")
            elif here[0] == "labels":
                if here[1] not in item_labels(spec):
                    report(here, f"no component item is labelled '{here[1]}'")
            elif not isinstance(lookup(spec, here), str):
                report(here, f"the rules have no text at '{pointer_of(here)}' to translate")
            elif bad := [
                m.group(0) for m in PROSE_FIELD.finditer(child) if not known_form(m.group(2) or "words")
            ]:
                report(
                    here,
                    f"{bad[0]} is no form of a number: a field's form is words, ordinal or nth, or a noun as one|many",
                    "unknown-prose-form",
                )
            elif fields_of(child) != fields_of(lookup(spec, here)):  # forms' {params}, prose's {constants}
                report(
                    here,
                    f"the translation must keep the fields of '{lookup(spec, here)}' "
                    f"({', '.join('{' + f + '}' for f in fields_of(lookup(spec, here))) or 'none'}), "
                    f"not {', '.join('{' + f + '}' for f in fields_of(child)) or 'none'}",
                )

    if isinstance(doc.data, dict):
        walk(doc.data, ())
    elif doc.data is not None:
        report((), "a catalogue is a mapping")
    return diags


def missing_translations(catalogue: Catalogue, spec: dict) -> list[str]:
    """The JSON pointers of the texts of ``spec`` the catalogue does not translate."""
    return [
        pointer_of(path)
        for path, english in text_fields(spec)
        if needs_words(english) and not catalogue.has(path)
    ]
