"""A rule text says a parameter's number in words or as an ordinal with ``{name:words}``,
``{name:ordinal}`` and ``{name:nth}`` (docs/format.md, ``rule``): a house rule that changes the
number changes the sentence, in every language the rules are printed in."""

from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.errors import RuleError
from playa_rules.render import LANGUAGES
from playa_rules.render import rules_markdown as render_rules
from playa_rules.render.catalogue import check_catalogue
from playa_rules.render.words import prose
from playa_rules.shared.numbers import LANGUAGES as NUMBER_LANGUAGES
from playa_rules.shared.numbers import say
from playa_rules.source.load import load_text


def _variant(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_pirate_gold_cards_printed_as_today_three_rounds_and_the_3rd():
    text = " ".join(render_rules(pr.load("pirate-gold-cards")).split())
    assert "Three rounds; each new round starts with the player after the last player" in text
    assert "The game ends after the 3rd round, or at once" in text
    assert "until the 4th of the 5 special cards appears" in text
    italian = " ".join(render_rules(pr.load("pirate-gold-cards"), lang="it").split())
    assert "Tre manche; ogni nuova manche" in italian and "dopo la 3ª manche" in italian
    assert "finché non compare la 4ª delle 5 carte speciali" in italian


def test_a_five_round_house_rule_says_five_rounds_and_the_5th_in_english_and_italian(tmp_path):
    path = _variant(
        tmp_path,
        "five-rounds",
        "extends: pirate-gold-cards\nvariant: five-rounds\ntitle: Five rounds\nparameters:\n  rounds: 5\n",
    )
    rules = pr.load(path)
    assert not [d for d in rules.warnings if d.code == "stale-rule-text"]
    text = " ".join(render_rules(rules).split())
    assert "Five rounds; each new round" in text and "after the 5th round" in text
    assert "Three rounds" not in text and "after the 3rd round" not in text
    italian = " ".join(render_rules(rules, lang="it").split())
    assert "Cinque manche; ogni nuova manche" in italian and "dopo la 5ª manche" in italian


def test_a_one_round_house_rule_says_one_round_not_one_rounds(tmp_path):
    """At 1 the noun is singular ({rounds:round|rounds}), and Italian's feminine manche takes una."""
    path = _variant(
        tmp_path,
        "one-round",
        "extends: pirate-gold-cards\nvariant: one-round\ntitle: One\nparameters:\n  rounds: 1\n",
    )
    rules = pr.load(path)
    assert "One round; each new round" in " ".join(render_rules(rules).split())
    assert "Una manche; ogni nuova manche" in " ".join(render_rules(rules, lang="it").split())


def test_a_one_round_draft_says_one_round_and_un_giro_di_scelta(tmp_path):
    path = _variant(
        tmp_path,
        "one-draft",
        "extends: action-cards\nvariant: one-draft\ntitle: One draft\nparameters:\n  draft_rounds: 1\n",
    )
    rules = pr.load(path)
    assert "One round of the draft, played at once" in " ".join(render_rules(rules).split())
    assert "Un giro di scelta, giocato insieme" in " ".join(render_rules(rules, lang="it").split())


@pytest.mark.parametrize(
    ("extends", "section", "values", "says"),
    [
        (
            "action-cards",
            "parameters",
            "card_cost: 1\n  hand_cards: 1",
            {
                "en": ["The cost is 1 coin per card.", "deal 1 card face down"],
                "it": ["Il costo è 1 moneta per carta.", "distribuisci 1 carta coperta"],
            },
        ),
        (
            "playa-pirata",
            "parameters",
            "towel_treasure_points: 1",
            {"it": ["vale 1 punto per ogni carta telo"]},
        ),
        (
            "pirate-gold-cards",
            "parameters",
            "min_receivers: 1",
            {"en": ["to at least 1 person including you"], "it": ["ad almeno 1 persona te compreso"]},
        ),
        (
            "maui",
            "assumptions",
            "umbrella_advance: {value: 2}",
            {
                "en": ["advances 2 spaces at once"],
                "it": ["avanza subito di 2 caselle"],
                "es": ["avanza 2 casillas en el acto"],
            },
        ),
    ],
)
def test_a_bundled_rule_text_agrees_with_a_number_field_of_1(tmp_path, extends, section, values, says):
    """A noun after a number field is written {n:one|other} in the bundled texts and their
    catalogues: a house rule of 1 coin prints '1 moneta', not '1 monete' (and Maui's own 1 space
    '1 space', not '1 spaces')."""
    text = f"extends: {extends}\nvariant: ones\ntitle: Ones\n{section}:\n  {values}\n"
    rules = pr.load(_variant(tmp_path, "ones", text))
    for lang, said in says.items():
        page = " ".join(render_rules(rules, lang=lang).split())
        for words in said:
            assert words in page, (lang, words)
    base = {lang: " ".join(render_rules(pr.load("maui"), lang=lang).split()) for lang in ("en", "it", "es")}
    assert "advances 1 space at once" in base["en"] and "di 1 casella)" in base["it"]
    assert "avanza 1 casilla en el acto" in base["es"]


def test_maui_s_status_line_agrees_with_its_penalty(tmp_path):
    """A display hint's status line is a text for people too: '-1 point', '-2 points'."""
    from playa_rules.render.screen import Screen

    two = "extends: maui\nvariant: two\ntitle: Two\nassumptions:\n  overhang_penalty: {value: 2}\n"
    for rules, says in (
        (pr.load("maui"), "-1 point."),
        (pr.load(_variant(tmp_path, "two", two)), "-2 points."),
    ):
        game = rules.new_game(2, seed=1)
        text = Screen(rules.spec.get("display"), None, game.m.constants).text(game.view(0), width=200)
        assert f"off the beach: {says}" in " ".join(text.split())


SOLO = """\
game: solo
title: Solo
players: [1, 2]
parameters:
  hand_size: {1: 5, 2: 4}
components:
  card:
    start: deck
    items:
      - {value: 1, count: 9}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
automata:
  bot:
    seats: {1: 1}
    plays:
      - {action: draw}
actions:
  draw:
    text: draw
    effect: move top(deck) to me.hand
phases:
  - id: main
    turns: {from: start_player, rounds: 1}
    steps:
      - {id: draw, actions: [draw]}
match:
  hands: 2
  rotate_start: 1
"""


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", ["`5` with 1 player, `4` with 2 players", "1 with 1 player;", "moves `1` seat clockwise"]),
        ("it", ["`5` con 1 giocatore, `4` con 2 giocatori", "1 con 1 giocatore;", "di `1` posto in senso"]),
        (
            "es",
            ["`5` con 1 jugador, `4` con 2 jugadores", "1 con 1 jugador;", "avanza `1` puesto en sentido"],
        ),
    ],
)
def test_the_renderers_words_agree_with_a_count_of_1(tmp_path, lang, says):
    """Outside tester, session 19: a word after a count agrees with 1 (no "1 giocatori",
    "1 players"), in the renderer's own phrases as in the catalogues ({n:one|other})."""
    text = " ".join(render_rules(pr.load(_variant(tmp_path, "solo", SOLO)), lang=lang).split())
    for said in says:
        assert said in text


def test_a_spanish_translation_says_el_tercer_turno_and_una_ronda():
    spec = {
        "match": {"rule": "The {n:ordinal} turn; {k:words} {k:round|rounds}."},
        "parameters": {"n": 3, "k": 1},
    }
    spanish = load_text(
        "match:\n  rule: 'El {n:ordinal_m} turno; {k:words_f} {k:ronda|rondas}.'\n", "es.yaml"
    )
    assert check_catalogue(spanish, spec) == []
    assert prose("es", "El {n:ordinal_m} turno; {k:words_f} {k:ronda|rondas}.", spec["parameters"]) == (
        "El tercer turno; una ronda."
    )


def test_the_round_ends_at_the_third_special_card_under_a_house_rule(tmp_path):
    path = _variant(
        tmp_path,
        "three",
        "extends: pirate-gold-cards\nvariant: three\ntitle: Three\nparameters:\n  round_end_specials: 3\n",
    )
    rules = pr.load(path)
    assert "until the 3rd of the 5 special cards" in " ".join(render_rules(rules).split())
    assert "la 3ª delle 5 carte speciali" in " ".join(render_rules(rules, lang="it").split())


def test_a_two_round_draft_says_two_rounds_and_warns_of_the_3_then_2_then_1(tmp_path):
    # Lying Pirates' action cards: "Three rounds of the draft ... (3, then 2, then 1)". The
    # number of rounds is {draft_rounds:Words}; the cards passed each round stay in figures,
    # and the stale-text check says so when a house rule changes the rounds.
    path = _variant(
        tmp_path,
        "short-draft",
        "extends: action-cards\nvariant: short-draft\ntitle: Short draft\n"
        "parameters:\n  first_game: false\n  draft_rounds: 2\n",
    )
    rules = pr.load(path)
    text = " ".join(render_rules(rules).split())
    assert "Two rounds of the draft, played at once" in text
    assert "Due giri di scelta, giocati insieme" in " ".join(render_rules(rules, lang="it").split())
    (d,) = [d for d in rules.warnings if d.code == "stale-rule-text"]
    assert d.path == "/parameters/draft_rounds" and "still states 3 in figures" in d.message
    assert "the left (3, then 2, then 1)" in d.notes[0].message


def test_a_sentence_that_says_the_number_in_words_is_warned_when_a_house_rule_changes_it(tmp_path):
    # A game whose phase says "Play two rounds." in words where its turns play `dealt` rounds:
    # a house rule of 3 is warned of the stale words, and the hint names the forms.
    _variant(
        tmp_path,
        "game",
        Path(__file__)
        .resolve()
        .parents[1]
        .joinpath("cases", "semantic", "unknown-prose-field.yaml")
        .read_text(encoding="utf-8")
        .replace("{delt}", "{dealt}")
        .replace("  - id: main\n", "  - id: main\n    rule: Play two rounds.\n")
        .replace("rounds: 2}", "rounds: dealt}"),
    )
    path = _variant(
        tmp_path, "three", "extends: game.yaml\nvariant: three\ntitle: Three\nparameters:\n  dealt: 3\n"
    )
    (d,) = [d for d in pr.validate(path) if d.code == "stale-rule-text"]
    assert "still states two in words" in d.message and "{dealt:words}" in d.hint


@pytest.mark.parametrize(
    "lang, n, form, words",
    [
        ("en", 3, "words", "three"),
        ("en", 3, "Words", "Three"),
        ("en", 21, "ordinal", "twenty-first"),
        ("en", 12, "ordinal", "twelfth"),
        ("en", 13, "nth", "13th"),
        ("en", 22, "nth", "22nd"),
        ("en", 3, "ordinal_f", "third"),  # English has no feminine: the same word
        ("en", 150, "words", "150"),  # past 99: figures
        ("en", 150, "ordinal", "150th"),
        ("it", 3, "Words", "Tre"),
        ("it", 23, "words", "ventitré"),
        ("it", 1, "words_f", "una"),
        ("it", 3, "ordinal", "terzo"),
        ("it", 3, "ordinal_f", "terza"),
        ("it", 21, "ordinal", "ventunesimo"),
        ("it", 4, "nth_f", "4ª"),
        ("es", 3, "Words", "Tres"),
        ("es", 21, "words_f", "veintiuna"),
        ("es", 31, "words", "treinta y uno"),
        ("es", 3, "ordinal_f", "tercera"),
        ("es", 17, "ordinal", "decimoséptimo"),
        ("es", 21, "ordinal", "vigésimo primero"),
        ("es", 3, "nth", "3.º"),
        # before a masculine noun: Spanish un, veintiún, primer, tercer; Italian un
        ("es", 1, "words_m", "un"),
        ("es", 21, "words_m", "veintiún"),
        ("es", 31, "words_m", "treinta y un"),
        ("es", 2, "words_m", "dos"),
        ("es", 3, "ordinal_m", "tercer"),
        ("es", 1, "Ordinal_m", "Primer"),
        ("es", 13, "ordinal_m", "decimotercer"),
        ("es", 21, "ordinal_m", "vigésimo primer"),
        ("es", 4, "ordinal_m", "cuarto"),
        ("es", 3, "nth_m", "3.er"),
        ("es", 11, "nth_m", "11.º"),
        ("it", 1, "words_m", "un"),
        ("it", 21, "words_m", "ventun"),
        ("it", 3, "ordinal_m", "terzo"),
        ("en", 1, "words_m", "one"),
        # a noun after the number: singular at 1 only
        ("es", 1, "ronda|rondas", "ronda"),
        ("es", 0, "ronda|rondas", "rondas"),
        ("en", 2, "round|rounds", "rounds"),
    ],
)
def test_numbers_in_words(lang, n, form, words):
    assert say(lang, n, form) == words


def test_every_language_of_the_rules_text_has_its_number_words():
    assert set(LANGUAGES) == set(NUMBER_LANGUAGES)


def test_a_text_left_in_english_says_its_numbers_in_english():
    # pirate-gold-cards has no Spanish catalogue: the page is in Spanish, the texts in English.
    text = " ".join(render_rules(pr.load("pirate-gold-cards"), lang="es").split())
    assert "Three rounds; each new round" in text and "after the 3rd round" in text


def test_an_unknown_form_is_a_located_rule_error():
    path = Path(__file__).resolve().parents[1] / "cases" / "semantic" / "unknown-prose-form.yaml"
    with pytest.raises(RuleError) as exc:
        pr.load(path)
    (d,) = exc.value.diagnostics
    assert (d.code, d.line, d.column, d.path) == ("unknown-prose-form", 38, 11, "/scoring/0/rule")


def test_a_translation_keeps_the_names_and_may_choose_the_forms():
    spec = {"match": {"rule": "{rounds:Words} rounds."}, "parameters": {"rounds": 3}}
    feminine = load_text(
        "match:\n  rule: '{rounds:Words} manche, fino alla {rounds:ordinal_f}.'\n", "it.yaml"
    )
    assert check_catalogue(feminine, spec) == []
    wrong = load_text("match:\n  rule: '{rounds:parole} manche.'\n", "it.yaml")
    (d,) = check_catalogue(wrong, spec)
    assert (d.code, d.path, d.line) == ("unknown-prose-form", "/match/rule", 2)


@pytest.mark.parametrize(
    ("lang", "says"),
    [("en", "(5 with 1 player)"), ("it", "(5 con 1 giocatore)"), ("es", "(5 con 1 jugador)")],
)
def test_a_set_per_player_for_one_player_says_player(tmp_path, lang, says):
    """A set of components per player, for a game of one player: '(5 with 1 player)'."""
    one = SOLO.replace("players: [1, 2]", "players: [1]").replace(
        "hand_size: {1: 5, 2: 4}", "hand_size: {1: 5}"
    )
    one = one.replace("    start: deck\n", "    start: deck\n    per_player: true\n")
    one = one.replace("      - {value: 1, count: 9}", "      - {value: 1, count: 5}")
    one = one.replace(
        "  deck: {visibility: hidden, holds: [card]}",
        "  deck: {per: player, visibility: hidden, holds: [card]}",
    )
    one = one.replace("move top(deck) to me.hand", "move top(me.deck) to me.hand").replace(
        "    seats: {1: 1}\n", "    seats: {}\n"
    )
    text = " ".join(render_rules(pr.load(_variant(tmp_path, "one", one)), lang=lang).split())
    assert says in text
