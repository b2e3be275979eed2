"""Rules as readable Markdown, in the languages of the rulebooks, rendered from the rule data.

    >>> import playa_rules as pr
    >>> from playa_rules.render import rules_markdown
    >>> rules_markdown(pr.load("playa-pirata"), lang="it").splitlines()[0]
    '# Playa Pirata'

``markdown`` renders, ``words`` holds the renderer's own phrases per language, and
``catalogue`` the game's texts in languages other than English.
"""

from .catalogue import Catalogue, check_catalogue, load_catalogue, missing_translations, text_fields
from .markdown import rules_markdown, untranslated_texts
from .words import LANGUAGES

__all__ = [
    "Catalogue",
    "LANGUAGES",
    "check_catalogue",
    "load_catalogue",
    "missing_translations",
    "rules_markdown",
    "text_fields",
    "untranslated_texts",
]
