"""Numbers in words, for the ``{name:form}`` fields of a text for people (docs/format.md, ``rule``).

A rule text writes ``{rounds}`` for a parameter's value in figures; a sentence that says the
number in words or as an ordinal writes ``{rounds:words}`` (``three``), ``{rounds:ordinal}``
(``third``) or ``{rounds:nth}`` (``3rd``), so that a variant changing the value changes the
sentence. A first capital letter (``{rounds:Words}``) capitalises the word; ``_f`` after the form
(``{rounds:ordinal_f}``) asks for the feminine in a language that has one (Italian, Spanish:
``terza``, ``tercera``), ``_m`` for the short form a masculine noun takes after it (Spanish
``un``, ``veintiún``, ``primer``, ``tercer``, ``3.er``; Italian ``un``), the same word in English.
A noun that follows the number is written ``{rounds:round|rounds}``: the first word when the value
is 1, else the second. Shared by the checks (which forms exist, what a stale text in English
looks like) and the renderer (the words in each language).

>>> say("en", 3, "Words"), say("it", 3, "ordinal_f"), say("es", 21, "words"), say("en", 22, "nth")
('Three', 'terza', 'veintiuno', '22nd')
>>> say("es", 3, "ordinal_m"), say("es", 1, "words_m"), say("es", 1, "ronda|rondas")
('tercer', 'un', 'ronda')
"""

from __future__ import annotations

import re

FORMS = ("words", "ordinal", "nth")  # each also capitalised (Words) and feminine (words_f)
PROSE_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::([^{}]*))?\}")  # {name} or {name:form}
WORDS_UP_TO = 99  # larger whole numbers (and negative ones) stay in figures, in every form

_FORM = re.compile(r"(?P<base>[A-Za-z]+)(?:_(?P<gender>[fm]))?")
_NOUN = re.compile(r"(?P<one>[^|{}:]*[^\s|{}:][^|{}:]*)\|(?P<many>[^|{}:]*[^\s|{}:][^|{}:]*)")  # one|many


def form_names() -> list[str]:
    """Every form a field may name, as a did-you-mean list."""
    return [f"{c}{s}" for b in FORMS for c in (b, b.capitalize()) for s in ("", "_f", "_m")]


def known_form(form: str) -> bool:
    """Whether ``form`` (the text after the colon) is a form of :data:`FORMS`, or a noun's
    singular and plural (``round|rounds``)."""
    m = _FORM.fullmatch(form)
    return bool(m) and m["base"].lower() in FORMS and m["base"][1:].islower() or bool(_NOUN.fullmatch(form))


def say(lang: str, n, form: str) -> str:
    """The whole number ``n`` in ``form`` in the language ``lang`` (figures where no word is
    given: past :data:`WORDS_UP_TO`, below 0, or not a whole number); for a noun's form
    (``round|rounds``), the noun: singular for 1, else plural."""
    noun = _NOUN.fullmatch(form)
    if noun:
        return noun["one"] if n == 1 and not isinstance(n, bool) else noun["many"]
    m = _FORM.fullmatch(form)
    base, fem, short = m["base"], m["gender"] == "f", m["gender"] == "m"
    whole = isinstance(n, int) and not isinstance(n, bool)
    kind = base.lower()
    if not whole or n < 0 or (kind != "nth" and n > WORDS_UP_TO) or (kind == "ordinal" and n == 0):
        text = _NTH[lang](n, fem) if whole and kind != "words" and n > 0 else str(n)
        if short and kind != "words" and whole and n > 0:  # an ordinal past 99 in figures too
            text = _SHORT[lang](n, "nth", text)
    else:
        text = {"words": _WORDS, "ordinal": _ORDINALS, "nth": _NTH}[kind][lang](n, fem)
        if short:
            text = _SHORT[lang](n, kind, text)
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


def _es_short(n: int, kind: str, text: str) -> str:
    """The form before a masculine noun: un, veintiún, treinta y un; primer, tercer (and
    decimotercer, vigésimo primer); 1.er, 3.er, 21.er in figures."""
    if kind == "words" and text.endswith("uno"):
        return text[:-3] + ("ún" if text.endswith("tiuno") else "un")
    if kind == "ordinal" and text.endswith(("primero", "tercero")):
        return text[:-1]
    if kind == "nth" and n % 10 in (1, 3) and n % 100 != 11:  # (undécimo stays whole)
        return f"{n}.er"
    return text


def _it_short(n: int, kind: str, text: str) -> str:
    """The form before most masculine nouns: un, ventun (ordinals do not change)."""
    return text[:-1] if kind == "words" and text.endswith("uno") else text


def _en_short(n: int, kind: str, text: str) -> str:
    return text


_SHORT = {"en": _en_short, "it": _it_short, "es": _es_short}
_WORDS = {"en": _en_words, "it": _it_words, "es": _es_words}
_ORDINALS = {"en": _en_ordinal, "it": _it_ordinal, "es": _es_ordinal}
_NTH = {"en": _en_nth, "it": _it_nth, "es": _es_nth}
LANGUAGES = tuple(_WORDS)  # the languages whose number words are known (a test: the renderer's)
