"""A rule text that states a value a variant changes, in figures, is a warning at the variant
(``stale-rule-text``, docs/validation.md); the bundled texts write such values as ``{name}``,
so a house rule's printed rules say the values it plays."""

import shutil
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.render import rules_markdown as render_rules
from playa_rules.source.variants import bundled_variants

ROOT = Path(__file__).resolve().parents[2]
TWELVE = ROOT / "docs" / "examples" / "two-skulls-twelve.yaml"


def _stale(rules_or_path):
    found = pr.validate(rules_or_path) if isinstance(rules_or_path, Path) else rules_or_path.warnings
    return [d for d in found if d.code == "stale-rule-text"]


def _variant(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_rule_on_a_house_rule_that_wrote_the_skulls_out_is_warned_at_its_own_line(tmp_path):
    # two-skulls-twelve.yaml writes its sentence out, "Skulls together score 0, 0, 12, 18, 18";
    # a house rule on top of it making two skulls worth 14 keeps that sentence.
    shutil.copy(TWELVE, tmp_path / "two-skulls-twelve.yaml")
    path = _variant(
        tmp_path,
        "fourteen",
        "extends: two-skulls-twelve.yaml\nvariant: fourteen\ntitle: Fourteen\n"
        "parameters:\n  skull_points: [0, 0, 14, 18, 18]\n",
    )
    (d,) = _stale(path)
    assert (Path(d.file).name, d.line, d.column, d.severity) == ("fourteen.yaml", 5, 17, "warning")
    assert d.message == (
        "this changes parameter 'skull_points' from 0, 0, 12, 18, 18 to 0, 0, 14, 18, 18, but a rule "
        "text that variant 'fourteen' keeps still states 0, 0, 12, 18, 18 in figures: the printed rules "
        "would say the old value"
    )
    assert d.hint.startswith("write {skull_points} in that text")
    (note,) = d.notes
    assert (Path(note.file).name, note.line, note.path) == ("two-skulls-twelve.yaml", 15, "/scoring/0/rule")
    assert "'Skulls together score 0, 0, 12, 18, 18 for 0 to 4 of them.'" in note.message


def test_the_house_rule_that_rewrites_the_sentence_itself_is_not_warned():
    assert _stale(pr.load("playa-pirata", variants=[TWELVE])) == []


def test_pirate_gold_giving_to_two_people_prints_two_in_english_and_italian(tmp_path):
    # "Up to 7 cards a turn ..., to at least 3 people including you": the game file writes
    # the 3 as {min_receivers}, so a house rule of 2 prints 2 and keeps no stale text.
    path = _variant(
        tmp_path,
        "two",
        "extends: pirate-gold-cards\nvariant: two\ntitle: Two\nparameters:\n  min_receivers: 2\n",
    )
    assert _stale(path) == []
    rules = pr.load(path)
    assert "to at least 2 people including you" in render_rules(rules)
    assert "ad almeno 2 persone te compreso" in render_rules(rules, lang="it")
    published = pr.load("pirate-gold-cards")
    assert "to at least 3 people including you" in render_rules(published)
    assert "ad almeno 3 persone te compreso" in render_rules(published, lang="it")


def test_fewer_cards_a_turn_warns_of_the_sentence_that_says_up_to_7(tmp_path):
    # "Up to 7 cards a turn (5 with 6-7 players)" describes the table gives, {3: 7, ..., 7: 5}:
    # a house rule of 5 (4 with 6-7 players) keeps no count giving 7, so the 7 is stale.
    path = _variant(
        tmp_path,
        "fewer",
        "extends: pirate-gold-cards\nvariant: fewer\ntitle: Fewer\n"
        "parameters:\n  gives: {3: 5, 4: 5, 5: 5, 6: 4, 7: 4}\n",
    )
    (d,) = _stale(path)
    assert (Path(d.file).name, d.line, d.path) == ("fewer.yaml", 5, "/parameters/gives")
    assert "still states 7 in figures" in d.message
    (note,) = d.notes
    assert note.path == "/actions/give/rule" and "Up to 7 cards a turn" in note.message
    # six cards with 6-7 players: the 7 stays true, the "(5 with 6-7 players)" goes stale
    six = "extends: pirate-gold-cards\nvariant: six\ntitle: Six\nparameters:\n  gives: {3: 7, 4: 7, 5: 7, 6: 6, 7: 6}\n"
    (d,) = _stale(_variant(tmp_path, "six", six))
    assert "still states 5 in figures" in d.message and "(5 with 6-7 play" in d.notes[0].message


@pytest.mark.parametrize(
    "change",
    [
        "start_coins: 3",  # 2 coins at the start; "pay 2 coins" to buy crew is another 2
        "wild: 2",  # the wild face is 1, and the action that reads it says "you add 1 Crew Die"
    ],
)
def test_a_lone_figure_that_is_not_the_value_is_not_taken_for_it(tmp_path, change):
    path = _variant(
        tmp_path, "house", f"extends: lying-pirates\nvariant: house\ntitle: House\nparameters:\n  {change}\n"
    )
    assert _stale(path) == []


def test_lying_pirates_crew_limit_prints_the_house_rule_s_limit(tmp_path):
    path = _variant(
        tmp_path, "crew", "extends: lying-pirates\nvariant: crew\ntitle: Crew\nparameters:\n  max_crew: 12\n"
    )
    assert _stale(path) == []
    assert "beyond the limit of 12;" in render_rules(pr.load(path))
    assert "oltre il limite di 12;" in render_rules(pr.load(path), lang="it")


def test_lying_pirates_with_four_crew_dice_each_says_four_in_the_crew_dice_assumption(tmp_path):
    """The Crew Dice assumption's about wrote "5 per player at the start" out: a house rule
    starting with 4 printed 5 there (an outside tester's report); it writes {start_crew} now."""
    path = _variant(
        tmp_path, "four", "extends: lying-pirates\nvariant: four\ntitle: Four\nparameters:\n  start_crew: 4\n"
    )
    assert _stale(path) == []
    assert "How many regular Crew Dice the game has (4 per player at the start" in render_rules(pr.load(path))
    assert "(4 per giocatore all'inizio" in render_rules(pr.load(path), lang="it")


def test_no_bundled_variant_keeps_a_stale_text():
    found = bundled_variants()
    assert sum(len(v) for v in found.values()) >= 7
    for game, variants in found.items():
        for variant in variants:
            assert _stale(pr.load(game, variants=[variant])) == [], (game, variant)


def test_the_web_table_and_the_terminal_explain_an_action_with_the_house_rule_s_value(tmp_path):
    from playa_rules.cli.human import Choices, explained
    from playa_rules.web.present import action_rules

    path = _variant(
        tmp_path,
        "two",
        "extends: pirate-gold-cards\nvariant: two\ntitle: Two\nparameters:\n  min_receivers: 2\n",
    )
    rules = pr.load(path)
    assert "to at least 2 people including you" in action_rules(rules)["give"]["rule"]
    game = rules.new_game(3, seed=1)
    lines = explained(game, Choices(game.legal_actions()))
    assert any("to at least 2 people including you" in line for line in lines)


def test_the_check_looks_for_the_figures_a_field_prints():
    from playa_rules.checks.stale import figures
    from playa_rules.render.words import value_words

    for game in ("playa-pirata", "maui", "lying-pirates", "pirate-gold-cards"):
        for value in pr.load(game).spec["parameters"].values():
            assert figures(value) == value_words("en", value)


def test_a_table_by_rank_changed_in_one_place_is_told_by_that_key_not_as_by_player_count(tmp_path):
    """An outside tester's Crazy Eights: card points by rank, eights 50 made 20 by a variant,
    the kept rule text saying "eights 50". The warning told the whole table as "1 with 1
    players ... 10 with 13 players"; it tells the one key that changed."""
    points = "{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 50, 9: 9, 10: 10, 11: 10, 12: 10, 13: 10}"
    game = (ROOT / "docs" / "examples" / "kuhn-poker.yaml").read_text(encoding="utf-8")
    game = game.replace("players: [2]\n", f"players: [2]\nparameters:\n  card_points: {points}\n", 1)
    game = game.replace(
        "at a showdown the higher card", "eights count 50 and at a showdown the higher card", 1
    )
    game = game.replace("rank_of(s): top(s.hand).rank", "rank_of(s): card_points[top(s.hand).rank]", 1)
    (tmp_path / "eights.yaml").write_text(game, encoding="utf-8")
    low = points.replace("8: 50", "8: 20")
    path = _variant(
        tmp_path, "low", f"extends: eights.yaml\nvariant: low\nparameters:\n  card_points: {low}\n"
    )
    (d,) = _stale(path)
    assert d.message.startswith(
        "this changes parameter 'card_points' from 50 (at key 8) to 20, but a rule text"
    )


def test_a_kept_text_stating_several_old_numbers_of_a_table_names_them_all(tmp_path):
    # Outside tester, session 19: "Up to 7 cards a turn (5 with 6-7 players)" with gives made
    # {3: 6, ..., 7: 4} states two old numbers; the warning named only 5.
    path = _variant(
        tmp_path,
        "four-gold",
        "extends: pirate-gold-cards\nvariant: four-gold\ntitle: Four\n"
        "parameters:\n  gives: {3: 6, 4: 6, 5: 6, 6: 4, 7: 4}\n",
    )
    (d,) = _stale(path)
    assert "still states 7 and 5 in figures" in d.message
    (note,) = d.notes
    assert note.path == "/actions/give/rule" and "the text that states 7 and 5:" in note.message


def test_a_number_of_items_several_constants_make_is_warned_when_a_kept_text_states_it(tmp_path):
    # Outside tester, session 19: "until the 4th of the 5 special cards appears" counts the
    # card items with gold 0 (pirate_cards 4 + treasure_box_cards 1); a house rule of 6 pirate
    # cards made 7 of them and the printed rules still said 5.
    path = _variant(
        tmp_path,
        "five-rounds",
        "extends: pirate-gold-cards\nvariant: five-rounds\ntitle: More pirates\n"
        "parameters:\n  rounds: 5\n  pirate_cards: 6\n",
    )
    (d,) = _stale(path)
    assert (Path(d.file).name, d.line, d.path, d.severity) == (
        "five-rounds.yaml",
        6,
        "/parameters/pirate_cards",
        "warning",
    )
    assert d.message.startswith(
        "this changes parameter 'pirate_cards' from 4 to 6, so there are 7 'card' items whose gold is 0 "
        "(there were 5), but a rule text that variant 'five-rounds' keeps still states 5 of them"
    )
    (note,) = d.notes
    assert note.path == "/phases/0/rule" and "5 special cards" in note.message
    # a number of one item line is its constant's own check; an unchanged number is not looked for
    same = "extends: pirate-gold-cards\nvariant: same\ntitle: Same\nparameters:\n  one_gold_cards: 30\n"
    assert _stale(_variant(tmp_path, "same", same)) == []
    # items added by the variant change the numbers too
    more = (
        "extends: pirate-gold-cards\nvariant: more\ntitle: More\ncomponents:\n  card:\n    items:\n"
        "      add: [{kind: cursed, gold: 0, count: 2}]\n"
    )
    (d,) = _stale(_variant(tmp_path, "more", more))
    assert d.path == "/components/card/items" and "there are 7 'card' items whose gold is 0" in d.message


def test_the_note_quotes_the_kept_text_with_its_fields_as_written(tmp_path):
    # Outside tester, session 19: the note quoted '...until the of the 5 special cards' (the
    # field {round_end_specials:nth} left out); the quote is the text as written, a field the
    # quote's window cuts whole.
    path = _variant(
        tmp_path,
        "pirates",
        "extends: pirate-gold-cards\nvariant: pirates\ntitle: More pirates\nparameters:\n  pirate_cards: 6\n",
    )
    (d,) = _stale(path)
    (note,) = d.notes
    assert "{round_end_specials:nth} of the 5 special cards appears" in note.message
    assert " the of the " not in note.message and "{round_end_specials:nth}" in note.message.split("'")[1]
    from playa_rules.checks.stale import _states

    text = "Start. Then {a_rather_long_field_name:Words} cards, {b} of the 5\n  special ones {c:nth}, {the_last_long_field}."
    _, quote = _states(text, "5")  # 30 characters either side of the 5 cut both long fields
    assert (
        quote
        == "...{a_rather_long_field_name:Words} cards, {b} of the 5 special ones {c:nth}, {the_last_long_field}..."
    )
    assert _states("the {n} cards", "5") is None and _states("{n5} 5", "5")[1] == "{n5} 5"


def test_stacked_variants_locate_a_number_of_items_at_the_variant_that_changed_it(tmp_path):
    # Outside tester, session 19: with --variant a --variant c, the 5 special cards a's 6
    # pirate cards made 7 were warned at c, which added a card of another gold.
    a = _variant(
        tmp_path,
        "a",
        "extends: pirate-gold-cards\nvariant: a\ntitle: A\nparameters:\n  pirate_cards: 6\n",
    )
    items = "extends: pirate-gold-cards\nvariant: {v}\ntitle: V\ncomponents:\n  card:\n    items:\n      add: [{x}]\n"
    c = _variant(tmp_path, "c", items.format(v="c", x="{kind: gold, gold: 9, count: 1}"))
    for order in ([a, c], [c, a]):
        (d,) = _stale(pr.load("pirate-gold-cards", variants=order))
        assert (Path(d.file).name, d.path) == ("a.yaml", "/parameters/pirate_cards"), order
        assert "so there are 7 'card' items whose gold is 0 (there were 5)," in d.message
    # both change it: at the first, saying what the later ones made of it
    d2 = _variant(tmp_path, "d", items.format(v="d", x="{kind: cursed, gold: 0, count: 2}"))
    (d,) = _stale(pr.load("pirate-gold-cards", variants=[a, d2]))
    assert Path(d.file).name == "a.yaml"
    assert (
        "so there are 7 'card' items whose gold is 0 (there were 5; 9 with the variants after it)"
        in d.message
    )
