"""The printed rules speak to people: outside code (the DSL and the ids the page shows as
code), no internal name (``max_bid``, ``components.phantom_card``) stands where a reader
expects words. A text for people writes a value as ``{max_bid}`` (it prints ``60``), a
ruling by what it decides, a part of the rule data as code; the match's hands read
``3 (`rounds`)``, not the bare parameter name."""

from __future__ import annotations

import re

import pytest

import playa_rules as pr
from playa_rules.render import LANGUAGES
from playa_rules.render import rules_markdown as render_rules
from playa_rules.resources import bundled_games
from playa_rules.source.variants import bundled_variants

IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+\.[a-z]+_[a-z_]+\b")  # snake_case, a.b_c


def words_of(markdown: str) -> str:
    """The page without its code: fenced blocks and inline code spans left out."""
    markdown = re.sub(r"^(\s*)(`{3,})[^\n]*\n.*?^\s*\2\s*$", "", markdown, flags=re.M | re.S)
    return re.sub(r"(`+)(.+?)\1", " ", markdown)


RULE_SETS = [(game, ()) for game in bundled_games()] + [
    (game, (variant,)) for game, variants in bundled_variants().items() for variant in variants
]


@pytest.mark.parametrize(
    "game, variants", RULE_SETS, ids=lambda v: "+".join(v) if isinstance(v, tuple) else v
)
def test_no_internal_name_stands_for_words_in_the_rules_text(game, variants):
    rules = pr.load(game, variants=list(variants))
    for lang in LANGUAGES:
        found = sorted(set(IDENTIFIER.findall(words_of(render_rules(rules, lang=lang)))))
        assert found == [], f"{lang}: {found}"


def test_the_check_sees_a_name_outside_code_and_not_inside():
    assert IDENTIFIER.findall(words_of("Any quantity up to the parameter max_bid.")) == ["max_bid"]
    assert IDENTIFIER.findall(words_of("no event (components.phantom_card)")) == ["components.phantom_card"]
    assert (
        IDENTIFIER.findall(
            words_of("- **Hands:** 3 (`rounds`), `max(me.hand_scores)`\n```\nset a_b = 1\n```")
        )
        == []
    )


def test_the_match_reads_its_hands_as_a_number():
    text = render_rules(pr.load("pirate-gold-cards"))
    assert "- **Hands:** 3 (`rounds`)" in text
    assert "- **Mani:** 3 (`rounds`)" in render_rules(pr.load("pirate-gold-cards"), lang="it")
    assert "- **Hands:** 1\n" in render_rules(pr.load("maui"))


def test_a_parameter_in_a_sentence_prints_its_value():
    lying = render_rules(pr.load("lying-pirates"))
    assert "Any quantity up to 60." in lying
    assert (
        "(the events the rule file knows: none, recruit, desert, plunder, toll, wind, drift, special, curse)"
        in (" ".join(lying.split()))
    )
