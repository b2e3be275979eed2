"""A text a variant changes is never printed in the game's translation of the text it replaced.

A printed rulebook must say the rule the engine runs: when a house rule rewrites a
scoring rule's sentence, the Italian page shows the house rule's own (English) sentence,
names it as untranslated, and the command line warns, until the variant's catalogue
translates it.
"""

from __future__ import annotations

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.render import load_catalogue, rules_markdown, untranslated_texts

GAME = "pirate-gold-cards"
BASE_GOLD_IT = "Alla fine della manche, ogni giocatore conta l'oro totale delle carte oro guadagnate."
DOUBLE_GOLD = "At the end of the round, each player counts their gold; a 3-gold card counts 6."
DOUBLE_THREE = f"""\
extends: {GAME}
variant: double-three
title: Three-gold cards count double
scoring:
  - id: gold
    rule: {DOUBLE_GOLD}
    points: "gold(me) + sum(c.gold for c in me.bank where c.gold == 3)"
"""
NEW_GIVE = "Draw a card and give it to anyone."


@pytest.fixture
def double_three(tmp_path):
    path = tmp_path / "double-three.yaml"
    path.write_text(DOUBLE_THREE, encoding="utf-8")
    return str(path)


def squash(text: str) -> str:
    return " ".join(text.split())


def test_the_base_game_in_italian_has_every_text_translated():
    rules = pr.load(GAME)
    text = rules_markdown(rules, lang="it")
    assert BASE_GOLD_IT in squash(text)
    assert untranslated_texts(rules, "it") == []
    assert "inglese, come nelle regole" not in text


def test_a_scoring_rule_a_variant_rewrote_is_printed_as_the_variant_writes_it(double_three):
    rules = pr.load(GAME, variants=[double_three])
    text = squash(rules_markdown(rules, lang="it", base_spec=pr.load(GAME).spec))
    assert BASE_GOLD_IT not in text
    assert f"- `gold`: {DOUBLE_GOLD}" in text
    assert "(una variante li ha aggiunti o cambiati): `/scoring/gold/rule`." in text
    assert untranslated_texts(rules, "it") == ["/scoring/gold/rule"]
    assert untranslated_texts(rules, "en") == []


def test_the_other_texts_keep_their_translation(double_three):
    text = squash(rules_markdown(pr.load(GAME, variants=[double_three]), lang="it"))
    assert "Pesca una carta dalla cima del mazzo senza guardarla" in text
    assert "`dai a {target}`" in text


def test_an_action_rule_and_form_a_variant_rewrote_are_untranslated(tmp_path):
    path = tmp_path / "quick-give.yaml"
    path.write_text(
        f"extends: {GAME}\nvariant: quick-give\nactions:\n  give:\n"
        f"    text: 'hand to {{target}}'\n    rule: {NEW_GIVE}\n",
        encoding="utf-8",
    )
    rules = pr.load(GAME, variants=[str(path)])
    text = squash(rules_markdown(rules, lang="it"))
    assert "Pesca una carta dalla cima del mazzo senza guardarla" not in text
    assert NEW_GIVE in text
    assert "dai a {target}" not in text
    assert untranslated_texts(rules, "it") == ["/actions/give/rule", "/actions/give/text"]


def test_the_variants_own_catalogue_translates_the_text_it_changed(double_three):
    rules = pr.load(GAME, variants=[double_three])
    cat = load_catalogue(GAME, lang="it")
    cat.by_variant["double-three"] = {"scoring": {"gold": {"rule": "Ogni carta da 3 ori vale 6."}}}
    text = squash(rules_markdown(rules, lang="it", catalogue=cat))
    assert "- `gold`: Ogni carta da 3 ori vale 6." in text
    assert untranslated_texts(rules, "it", catalogue=cat) == []


def test_a_catalogue_of_a_variant_applied_before_the_one_that_rewrote_the_text_is_not_used(
    tmp_path, double_three
):
    later = tmp_path / "triple.yaml"
    later.write_text(
        "extends: double-three.yaml\nvariant: triple\nscoring:\n  - id: gold\n    rule: Every card counts triple.\n",
        encoding="utf-8",
    )
    rules = pr.load(str(later))
    assert list(rules.variants) == ["double-three", "triple"]
    cat = load_catalogue(GAME, lang="it")
    cat.by_variant["double-three"] = {"scoring": {"gold": {"rule": "Ogni carta da 3 ori vale 6."}}}
    text = squash(rules_markdown(rules, lang="it", catalogue=cat))
    assert "- `gold`: Every card counts triple." in text
    assert untranslated_texts(rules, "it", catalogue=cat) == ["/scoring/gold/rule"]


def test_the_command_warns_of_the_texts_it_prints_in_english(capsys, double_three):
    assert main(["rules", GAME, "--variant", double_three, "--lang", "it"]) == 0
    out, err = capsys.readouterr()
    assert DOUBLE_GOLD in out and BASE_GOLD_IT not in squash(out)
    assert "warning untranslated: 1 text printed in English" in err
    assert "/scoring/gold/rule" in err
    assert main(["rules", GAME, "--lang", "it"]) == 0
    assert capsys.readouterr().err == ""
