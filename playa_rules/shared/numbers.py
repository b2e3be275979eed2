"""Numbers in words, for the ``{name:form}`` fields of a text for people (docs/format.md, ``rule``).

A rule text writes ``{rounds}`` for a parameter's value in figures; a sentence that says the
number in words or as an ordinal writes ``{rounds:words}`` (``three``), ``{rounds:ordinal}``
(``third``) or ``{rounds:nth}`` (``3rd``), so that a variant changing the value changes the
sentence. A first capital letter (``{rounds:Words}``) capitalises the word; ``_f`` after the form
(``{rounds:ordinal_f}``) asks for the feminine in a language that has one (Italian, Spanish:
``terza``, ``tercera``), the same word in English. Shared by the checks (which forms exist, what
a stale text in English looks like) and the renderer (the words in each language).

>>> say("en", 3, "Words"), say("it", 3, "ordinal_f"), say("es", 21, "words"), say("en", 22, "nth")
('Three', 'terza', 'veintiuno', '22nd')
"""

from __future__ import annotations

import re

FORMS = ("words", "ordinal", "nth")  # each also capitalised (Words) and feminine (words_f)
PROSE_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::([^{}]*))?\}")  # {name} or {name:form}
WORDS_UP_TO = 99  # larger whole numbers (and negative ones) stay in figures, in every form

_FORM = re.compile(r"(?P<base>[A-Za-z]+)(?P<fem>_f)?")


def form_names() -> list[str]:
    """Every form a field may name, as a did-you-mean list."""
    return [f"{c}{s}" for b in FORMS for c in (b, b.capitalize()) for s in ("", "_f")]


def known_form(form: str) -> bool:
    """Whether ``form`` (the text after the colon) is a form of :data:`FORMS`."""
    m = _FORM.fullmatch(form)
    return bool(m) and m["base"].lower() in FORMS and m["base"][1:].islower()


def say(lang: str, n, form: str) -> str:
    """The whole number ``n`` in ``form`` in the language ``lang`` (figures where no word is
    given: past :data:`WORDS_UP_TO`, below 0, or not a whole number)."""
    m = _FORM.fullmatch(form)
    base, fem = m["base"], bool(m["fem"])
    whole = isinstance(n, int) and not isinstance(n, bool)
    kind = base.lower()
    if not whole or n < 0 or (kind != "nth" and n > WORDS_UP_TO) or (kind == "ordinal" and n == 0):
        text = _NTH[lang](n, fem) if whole and kind != "words" and n > 0 else str(n)
    else:
        text = {"words": _WORDS, "ordinal": _ORDINALS, "nth": _NTH}[kind][lang](n, fem)
    return text[:1].upper() + text[1:] if base[0].isupper() else text


# English

_EN_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_EN_ORD = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth"}
_EN_ORD |= {"nine": "ninth", "twelve": "twelfth"}


def _en_words(n: int, fem: bool) -> str:
    if n < 20:
        return _EN_UNITS[n]
    tens, unit = divmod(n, 10)
    return _EN_TENS[tens] + (f"-{_EN_UNITS[unit]}" if unit else "")


def _en_ordinal(n: int, fem: bool) -> str:
    head, _, last = _en_words(n, fem).rpartition("-")
    last = _EN_ORD.get(last) or (last[:-1] + "ieth" if last.endswith("y") else last + "th")
    return f"{head}-{last}" if head else last


def _en_nth(n: int, fem: bool) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# Italian: uno/una, ventuno/ventuna; ordinals agree (terzo/terza)

_IT_UNITS = (
    "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici "
    "quindici sedici diciassette diciotto diciannove"
).split()
_IT_TENS = "_ _ venti trenta quaranta cinquanta sessanta settanta ottanta novanta".split()
_IT_ORD = "_ primo secondo terzo quarto quinto sesto settimo ottavo nono decimo".split()


def _it_words(n: int, fem: bool) -> str:
    if n < 20:
        text = _IT_UNITS[n]
    else:
        tens, unit = divmod(n, 10)
        head = _IT_TENS[tens]
        if unit in (1, 8):
            head = head[:-1]  # ventuno, ventotto
        text = head + ("tré" if unit == 3 else _IT_UNITS[unit] if unit else "")
    return text[:-1] + "a" if fem and text.endswith("uno") else text


def _it_ordinal(n: int, fem: bool) -> str:
    if n <= 10:
        text = _IT_ORD[n]
    else:
        words = _it_words(n, False)
        if words.endswith("tré"):
            stem = words[:-1] + "e"  # ventitreesimo
        elif words.endswith("sei"):
            stem = words  # ventiseiesimo
        else:
            stem = words[:-1]  # undicesimo, ventunesimo, trentesimo
        text = stem + "esimo"
    return text[:-1] + "a" if fem else text


def _it_nth(n: int, fem: bool) -> str:
    return f"{n}{'ª' if fem else 'º'}"


# Spanish: uno/una (un before a masculine noun has no form), veintiuno/veintiuna; ordinals agree

_ES_UNITS = (
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
    "dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés veinticuatro "
    "veinticinco veintiséis veintisiete veintiocho veintinueve"
).split()
_ES_TENS = "_ _ veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa".split()
_ES_ORD = (
    "_ primero segundo tercero cuarto quinto sexto séptimo octavo noveno décimo undécimo duodécimo".split()
)
_ES_ORD_TENS = (
    "_ décimo vigésimo trigésimo cuadragésimo quincuagésimo sexagésimo septuagésimo octogésimo nonagésimo"
).split()


def _es_words(n: int, fem: bool) -> str:
    if n < 30:
        text = _ES_UNITS[n]
    else:
        tens, unit = divmod(n, 10)
        text = _ES_TENS[tens] + (f" y {_ES_UNITS[unit]}" if unit else "")
    return text[:-1] + "a" if fem and text.endswith("uno") else text


def _es_ordinal(n: int, fem: bool) -> str:
    if n < len(_ES_ORD):
        words = [_ES_ORD[n]]
    elif n < 20:
        words = ["decimoctavo" if n == 18 else "decimo" + _ES_ORD[n - 10]]  # decimotercero, decimoséptimo
    else:
        tens, unit = divmod(n, 10)
        words = [_ES_ORD_TENS[tens]] + ([_ES_ORD[unit]] if unit else [])  # vigésimo primero
    return " ".join(w[:-1] + "a" if fem else w for w in words)


def _es_nth(n: int, fem: bool) -> str:
    return f"{n}.{'ª' if fem else 'º'}"


_WORDS = {"en": _en_words, "it": _it_words, "es": _es_words}
_ORDINALS = {"en": _en_ordinal, "it": _it_ordinal, "es": _es_ordinal}
_NTH = {"en": _en_nth, "it": _it_nth, "es": _es_nth}
LANGUAGES = tuple(_WORDS)  # the languages whose number words are known (a test: the renderer's)
