"""Rules rendered as Markdown from the data the engine runs, in English and Italian."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.render import (
    LANGUAGES,
    Catalogue,
    check_catalogue,
    load_catalogue,
    missing_translations,
    rules_markdown,
    text_fields,
)
from playa_rules.render import catalogue as catalogue_module
from playa_rules.render.catalogue import needs_words
from playa_rules.render.markdown import NOT_RULES, RENDERED
from playa_rules.render.words import WORDS
from playa_rules.source.load import load_text

ROOT = Path(__file__).resolve().parents[2]
LANG = ROOT / "spec" / "lang"
GAME = "playa-pirata"


def squash(text: str) -> str:
    return " ".join(text.split())


def dsl_texts(spec: dict):
    """Every condition, effect and score of a rule file: what the engine compiles."""
    yield spec.get("setup", "")
    for action in spec["actions"].values():
        require = action.get("require") or []
        yield from require.values() if isinstance(require, dict) else require
        yield action["effect"]
        yield from (action.get("let") or {}).values()
    for phase in spec["phases"]:
        for step in phase["steps"]:
            yield step.get("on_blocked", "")
    for rule in spec.get("scoring") or []:
        yield rule["points"]
    yield from (spec.get("define") or {}).values()


@pytest.fixture(scope="module")
def english():
    return rules_markdown(pr.load(GAME))


@pytest.fixture(scope="module")
def italian():
    return rules_markdown(pr.load(GAME), lang="it")


# ------------------------------------------------------------------ English
def test_english_starts_with_title_players_and_sections_in_order(english):
    rules = pr.load(GAME)
    assert english.startswith(f"# {rules.title}\n")
    assert "- **Players:** 2, 3 or 4" in english
    assert "- **Variants:** none (the base game)" in english
    headings = re.findall(r"^## (.+)$", english, re.M)
    assert headings == [
        "Components",
        "Zones",
        "Parameters",
        "Variables",
        "Definitions",
        "Setup",
        "A hand, phase by phase",
        "Actions",
        "Scoring",
        "Match",
        "Assumptions",
        "Rulings",
    ]


def _prose(rules, lang="en"):
    """How the renderer fills a text for people: its {constants} by their values."""
    from playa_rules.render.markup import PROSE, Writer

    writer = Writer(rules, lang, load_catalogue(rules.id, lang=lang) if lang != "en" else None, None)
    return lambda path, text: writer.prose(text) if path[-1] in PROSE else text


def test_every_text_of_the_rules_is_printed(english):
    rules = pr.load(GAME)
    filled = _prose(rules)
    flat = squash(english)
    for path, text in text_fields(rules.spec):
        assert squash(filled(path, text)) in flat, f"{path} is not rendered"


def test_a_rule_text_says_the_values_of_its_constants_in_a_house_rule():
    """`{towel_treasure_cap}` in a rule text is printed as the value the variant plays."""
    base = rules_markdown(pr.load(GAME))
    assert "A Treasure with Towel scores 2 per Beach Towel card on it, at most 8." in base
    assert "Skulls together score, for 0 to 4 of them: 0, 0, 10, 18, 18." in base
    assert "the Treasures dealt, 5 with 2 players, 4 with 3 players and 3 with 4 players)" in base
    variant = pr.load(Path(__file__).parent.parent / "variants" / "two-skulls-twelve.yaml")
    assert "Skulls together score, for 0 to 4 of them: 0, 0, 12, 18, 18." in rules_markdown(variant)


def test_every_dsl_text_is_printed_as_the_engine_runs_it(english):
    """Conditions, effects and scores appear verbatim (line by line for blocks)."""
    for text in dsl_texts(pr.load(GAME).spec):
        for line in text.strip().splitlines():
            assert line.strip() in english, line


def test_components_say_how_many_and_whose(english):
    assert "Shared: 15 in all; each starts in `supply`." in english
    assert "- 2 (`5 - skull_treasures`) with `kind: towel`, `value: 0`, shown as `towel`" in english
    assert (
        "One set per player, 12 in a set (24, 36 or 48 with 2, 3 or 4 players); "
        "each set starts in its player's `towels`."
    ) in english


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "every set starts in the shared zone `fleet`."),
        ("it", "ogni serie parte dalla zona comune `fleet`."),
        ("es", "cada juego empieza en la zona común `fleet`."),
    ],
)
def test_a_set_per_player_that_starts_in_a_shared_zone_says_so(lang, words):
    """Lying Pirates' captains are one per player but start in the shared `fleet`: not 'its
    player's `fleet`', a zone no player has (outside tester, session 20, item 8)."""
    text = rules_markdown(pr.load("lying-pirates"), lang=lang)
    assert words in text and "`fleet` del suo" not in text and "its player's `fleet`" not in text


def test_a_text_that_would_read_otherwise_bare_is_quoted():
    """An empty text and texts YAML would read as numbers print as the file writes them:
    UNO's wilds have the colour '', its number cards the symbols '0' to '9'."""
    page = rules_markdown(pr.load(ROOT / "tests" / "games" / "uno.yaml"))
    assert "`hand.colour` (initially `''`, reset every hand)" in page
    assert "`kind: wild`, `colour: ''`, `symbol: wild`" in page
    assert "one for each `symbol` in `['0']`" in page
    assert "one for each `symbol` in `[skip, reverse, draw two]`" in page


def test_parameters_by_player_count_and_turn_structure(english):
    assert "- `hand_size`: `5` with 2 players, `4` with 3 players, `3` with 4 players" in english
    assert (
        "`regular_rounds` rounds: in each, every player takes one turn, clockwise, "
        "starting with `start_player`."
    ) in english
    assert "One turn only, played by `start_player`." in english
    assert (
        "1. `card`: choose one of `bury`, `telescope`, `map`, `umbrella` or `keep_umbrella`; "
        "if none is legal: `discard_pirate`"
    ) in english


def test_actions_show_text_form_choices_requirements_and_effect(english):
    section = english[english.index("### `place_towels`") : english.index("### `done`")]
    assert "- **Text form:** `towels {cards} on #{spot}`" in section
    assert "  - `spot`: a position in `beach` (0 is the bottom)" in section
    assert re.search(r"^  3\. (`\w+`: )?`second_group_same_treasure or not spot.touched`$", section, re.M)
    assert "  ```\n  move cards to spot.stack sorted by value descending\n" in section


def test_rulings_show_value_in_force_default_and_alternatives(english):
    section = english[english.index("### `umbrella_last_turn`") :]
    assert (
        "> The text says: “If, during the last game turn, you only have a Beach Umbrella left to play”"
        in section
    )
    assert "- **In force:** `own` (the default): The player's own last regular turn" in section
    assert "  - `final_round`: Only during the last round of regular turns." in section
    assert "- **In force:** `3` (the default)" in english  # an assumption


def test_match_and_tie_breaks(english):
    assert "- **Hands:** `players`" in english
    assert "  1. `best_hand`: the highest score in any single hand (`max(me.hand_scores)`)" in english


def test_a_game_without_translations_renders_in_english_words_and_italian_headings():
    rules = pr.load(ROOT / "tests" / "games" / "dice-duel.yaml")
    text = rules_markdown(rules, lang="it")
    assert "## Azioni" in text
    for path, english in text_fields(rules.spec):
        assert squash(english) in squash(text)


def schema_objects(node, part):
    """(part, keys) of every object with properties in a schema node: in ``then``, and inline in its
    properties' ``items`` (named ``part/property``), ``$ref``s left to their own ``$defs`` entry."""
    for shape in (node, node.get("then") or {}):
        props = shape.get("properties") or {}
        if props:
            yield part, set(props)
        for name, prop in props.items():
            for inner in (prop, prop.get("items") or {}):
                if inner is not prop or "properties" in inner:
                    yield from schema_objects(inner, f"{part}/{name}".lstrip("/"))


def test_every_key_of_the_format_is_rendered():
    """A key the schema allows and the renderer does not know would silently vanish from printed rules."""
    schema = json.loads((ROOT / "spec" / "schema" / "playa-rules.schema.json").read_text(encoding="utf-8"))
    found = dict(schema_objects(schema, ""))
    for name, node in schema["$defs"].items():
        found.update(schema_objects(node, name))
    assert {"", "automaton", "automaton/plays", "component_var", "match"} <= found.keys()
    for part, keys in found.items():
        if part in NOT_RULES or part.split("/")[0] in NOT_RULES:
            continue
        assert part in RENDERED, f"the renderer does not know the part {part!r} of the format"
        assert keys <= RENDERED[part], part


def test_every_variable_scope_has_its_words():
    for scope in RENDERED["variables"]:
        assert f"reset_{scope}" in WORDS["en"], scope


GOLD = "pirate-gold-cards"


def test_automata_seats_and_a_match_won_on_a_running_count():
    text = rules_markdown(pr.load(GOLD))
    assert "- **Players:** 2, 3, 4, 5, 6 or 7 (with 2, one more seat played by the rules: `dummy`)" in text
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings.index("Actions") + 1 == headings.index("Seats played by the rules")
    section = text[text.index("## Seats played by the rules") : text.index("## Scoring")]
    assert "2 Players Rule: add a dummy player" in section
    assert "- **Seats:** 1 with 2 players; none with other player counts. They sit after" in section
    assert (
        "- **Can win:** no (`dummy_can_win`). The winners are the people with the most points, "
        "whatever these seats score."
    ) in section
    assert (
        "  1. `give`: the first legal one for which "
        "`target.index == (me.index + turn.given + dummy_offset) % players` holds"
    ) in section
    assert "- A decision none of these fits stops the game with an error." in section
    assert "- Each next hand is started by `current_player.left`, worked out when a hand ends" in text
    assert "- A player's points for the match: `me.tokens`, read from the game when it ends" in text
    assert "starting player moves" not in text  # next_start replaces the rotation


@pytest.mark.parametrize(
    "automaton, can_win, stuck",
    [
        (
            {"seats": {2: 1, 3: 0}, "plays": [{"action": "draw", "when": "true"}, {"action": "draw"}]},
            "- **Can win:** no (the default). The winners are",
            False,
        ),
        (
            {"seats": {2: 2}, "can_win": True, "plays": [{"action": "draw", "when": "true"}]},
            "- **Can win:** yes\n",
            True,
        ),
    ],
)
def test_automata_by_hand(automaton, can_win, stuck):
    text = rules_markdown(small_rules(players=[2, 3], automata={"bot": automaton}), catalogue=Catalogue("en"))
    assert can_win in text
    assert ("none of these fits" in text) is stuck
    assert "  2. `draw`: the first legal one" in text or stuck


def small_rules(**changes):
    spec = {
        "game": "g",
        "title": "G",
        "players": [2],
        "actions": {
            "draw": {"require": {"has_card": "count(deck) > 0", "my_turn": "true"}, "effect": "end step"}
        },
        "phases": [
            {
                "id": "main",
                "when": "hand.number > 1",
                "turns": {"seat": "start_player"},
                "steps": [{"id": "play", "actions": ["draw"], "free": ["look", "talk"]}],
            }
        ],
        "rulings": {"r": {"value": True, "default": False, "question": "Q?"}},
    }
    spec.update(changes)
    return SimpleNamespace(spec=spec, id="g", title="G", player_counts=spec["players"], variants=["v"])


def test_named_requirements_phase_conditions_free_actions_and_merged_defaults():
    text = rules_markdown(small_rules(), catalogue=Catalogue("en"))
    assert "  1. `has_card`: `count(deck) > 0`\n  2. `my_turn`: `true`" in text
    assert "Played only if `hand.number > 1` holds when it would start; otherwise skipped." in text
    assert "also `look` and `talk` at any time in the step, without ending it" in text
    assert "- **In force:** `true` (changed by a variant; the default is `false`)" in text


def test_unknown_language_is_an_error():
    with pytest.raises(pr.PlayaRulesError, match="no language 'fr'"):
        rules_markdown(pr.load(GAME), lang="fr")


# ------------------------------------------------------------------ Italian
def test_italian_uses_the_catalogue_and_italian_headings(italian):
    assert "## Interpretazioni" in italian and "## Azioni" in italian
    assert "- **Giocatori:** 2, 3 o 4" in italian
    assert "Cannocchiale - puoi guardare segretamente un tesoro sotterrato." in italian
    assert "> Il testo dice: “distribuendole a piacere fra un massimo di 2 tesori sotterrati”" in italian
    assert "- **In vigore:** `nobody` (il valore predefinito): Nessuno lo guarda." in italian


def test_italian_prints_every_translation_and_no_translated_english_text(italian):
    rules = pr.load(GAME)
    cat = load_catalogue(GAME, lang="it")
    flat = squash(italian)
    filled = _prose(rules, "it")
    for path, english in text_fields(rules.spec):
        translated = filled(path, cat.text(path, None if needs_words(english) else english))
        english = filled(path, english)
        assert squash(translated) in flat, path
        if squash(translated) != squash(english) and len(english) > 20 and path[-1] != "text":
            # (an action's form is shown with the English one the table and the log use)
            assert squash(english) not in flat, path


# The passages of the Italian rulebook (shared/rulebooks/001) that match the English cites.
RULEBOOK_IT = {
    "second_group_same_treasure": "Una volta sotterrato un tesoro o giocato un pirata, devi giocare dalla mano "
    "una o più carte telo da mare, distribuendole a piacere fra un massimo di 2 "
    "tesori sotterrati, per “occuparli”.",
    "pirate_without_target": "Devi giocare una carta dalla mano: puoi scegliere se giocare un tesoro oppure "
    "un pirata.",
    "umbrella_last_turn": "Eccezione: se è l’ultimo turno di gioco, ti è rimasto solo l’ombrellone da giocare e "
    "non occupi alcun tesoro, aggiungi questa carta alle tue prese",
    "middle_treasure_seen_by": "Prendi i tesori avanzati (3 o 5), mettine uno coperto in mezzo al tavolo, e "
    "rimuovi dal gioco gli altri",
}


def test_italian_cites_quote_the_italian_rulebook():
    cat = load_catalogue(GAME, lang="it")
    assert set(RULEBOOK_IT) == set(pr.load(GAME).spec["rulings"])
    for name, passage in RULEBOOK_IT.items():
        assert squash(cat.data["rulings"][name]["cites"]) in passage, name


def test_italian_of_a_game_without_an_italian_rulebook():
    text = rules_markdown(pr.load(GOLD), lang="it")
    cat = load_catalogue(GOLD, lang="it")
    assert "## Posti giocati dalle regole" in text
    assert "(con 2 si aggiunge un posto giocato dalle regole: `dummy`)" in text
    assert "Regola per 2 giocatori: aggiungi un giocatore fittizio" in text
    assert "> Il testo dice: “Vince il giocatore che ottiene più segnalini tesoro.”" in text
    comment = " ".join(w for w in cat.files[0].text.split() if w != "#")
    assert "The `cites` are our translation of the English quotes" in comment
    assert "- **Può vincere:** no (`dummy_can_win`)." in text


def test_a_missing_italian_text_falls_back_to_english():
    rules = pr.load(GAME)
    cat = Catalogue("it", data={"actions": {"bury": {"rule": "Sotterra."}}})
    text = rules_markdown(rules, lang="it", catalogue=cat)
    assert "Sotterra." in text
    assert rules.spec["actions"]["done"]["rule"] in text


# ------------------------------------------------------------------ catalogues
def bundled_catalogues():
    for path in sorted(LANG.glob("*/*.yaml")):
        yield pytest.param(path, id=str(path.relative_to(LANG)))


@pytest.mark.parametrize("path", bundled_catalogues())
def test_bundled_catalogue_has_no_stale_entry(path):
    doc = catalogue_module.load_file(path)
    assert check_catalogue(doc, pr.load(path.stem).spec) == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_bundled_catalogues_translate_every_text(lang):
    """Every bundled catalogue is complete; every bundled game has an Italian one (Spanish
    ones come with the games whose rulebook is Spanish)."""
    for game in pr.games():
        cat = load_catalogue(game, lang=lang)
        if lang == "it":
            assert cat.files, f"no {lang} catalogue for {game}"
        if cat.files:
            assert missing_translations(cat, pr.load(game).spec) == []


def test_a_language_without_a_catalogue_says_the_game_texts_are_english():
    text = rules_markdown(pr.load("playa-pirata"), lang="es")
    assert "## Componentes" in text and "no hay catálogo en español para `playa-pirata`" in text
    assert "no hay catálogo" not in rules_markdown(pr.load("playa-pirata"), lang="en")


SPEC = {
    "title": "T",
    "actions": {"draw": {"rule": "Draw.", "text": "draw {n} from #{spot}", "effect": "end step"}},
    "components": {"card": {"label": "card {value}", "items": [{"label": "joker"}, {"value": 1}]}},
    "rulings": {"r": {"value": True, "alternatives": [{"value": False, "means": "No."}]}},
    "phases": [{"id": "main", "rule": "Play."}],
}


@pytest.mark.parametrize(
    "text, message, line",
    [
        ("actions: {draw: {rule: Pesca.}}", None, None),
        ("rulings: {r: {alternatives: {'false': {means: No.}}}}", None, None),
        ("phases: {main: {rule: Gioca.}}", None, None),
        ("actions: {drow: {rule: Pesca.}}", "the rules have no text at '/actions/drow/rule' to translate", 1),
        (
            "actions:\n  draw: {effect: end step}",
            "'/actions/draw/effect' is not a text field of the rules",
            2,
        ),
        (
            "rulings: {r: {alternatives: {'true': {means: Si.}}}}",
            "the rules have no text at '/rulings/r/alternatives/true/means' to translate",
            1,
        ),
        ("phases: {other: {rule: Gioca.}}", "the rules have no text at '/phases/other/rule' to translate", 1),
        ("title: [T]", "a translation is a text, not list", 1),
        ("actions: {draw: {text: 'pesca {n} da #{spot}'}}", None, None),
        (
            "actions: {draw: {text: 'pesca {n}'}}",
            "the translation must keep the fields of 'draw {n} from #{spot}' ({n}, {spot}), not {n}",
            1,
        ),
        (
            "components: {card: {label: 'carta {valore}'}}",
            "the translation must keep the fields of 'card {value}' ({value}), not {valore}",
            1,
        ),
        ("labels: {joker: jolly}", None, None),
        ("labels: {jocker: jolly}", "no component item is labelled 'jocker'", 1),
    ],
)
def test_stale_catalogue_entries_are_located(text, message, line):
    diags = check_catalogue(load_text(text, "it.yaml"), SPEC)
    if message is None:
        assert diags == []
    else:
        assert [(d.code, d.message, d.line) for d in diags] == [("stale-translation", message, line)]


def test_variant_catalogues_merge_in_order_and_name_the_variants(tmp_path, monkeypatch):
    folder = tmp_path / "lang" / "it"
    (folder / "g").mkdir(parents=True)
    (folder / "g.yaml").write_text("title: Gioco\nactions: {draw: {rule: Pesca.}}\n", encoding="utf-8")
    (folder / "g" / "a.yaml").write_text(
        "title: Variante A\nactions: {draw: {rule: Pesca due.}}\n", encoding="utf-8"
    )
    (folder / "g" / "b.yaml").write_text("actions: {pass: {rule: Passa.}}\n", encoding="utf-8")
    monkeypatch.setattr(catalogue_module.resources, "spec_dir", lambda: tmp_path)
    cat = load_catalogue("g", ["a", "b"], "it")
    assert cat.data == {
        "title": "Gioco",
        "actions": {"draw": {"rule": "Pesca due."}, "pass": {"rule": "Passa."}},
    }
    assert cat.variants == {"a": {"title": "Variante A"}, "b": {}}
    assert check_catalogue(cat.files[1], SPEC, variant=True) == []
    assert load_catalogue("g", ["a"], "en").data == {}


def test_variants_are_named_and_changed_rulings_marked():
    spec = dict(
        SPEC,
        players=[2],
        rulings={"r": {"value": False, "question": "Q?", "alternatives": [{"value": False, "means": "No."}]}},
    )
    rules = SimpleNamespace(spec=spec, id="g", title="T (House)", player_counts=[2], variants=["house"])
    cat = Catalogue("it", data={"title": "Gioco"}, variants={"house": {"title": "Di casa"}})
    text = rules_markdown(rules, lang="it", base_spec=SPEC, catalogue=cat)
    assert text.startswith("# Gioco (Di casa)\n")
    assert "- **Varianti:** `house`" in text
    assert "- **In vigore:** `false` (cambiato da una variante; il predefinito è `true`): No." in text
    english = rules_markdown(rules, base_spec=SPEC, catalogue=Catalogue("en"))
    assert english.startswith("# T (House)\n")
    assert "(changed by a variant; the default is `true`)" in english


def test_every_language_has_the_same_phrases():
    keys = set(WORDS["en"])
    for lang, words in WORDS.items():
        assert set(words) == keys, lang
        for key, text in words.items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", WORDS["en"][key])), key


# ------------------------------------------------------------------ the command
@pytest.mark.parametrize("lang, heading", [("en", "## Rulings"), ("it", "## Interpretazioni")])
def test_cli_rules_prints_the_markdown(capsys, lang, heading):
    code = main(["rules", GAME, "--lang", lang])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out == rules_markdown(pr.load(GAME), lang=lang)
    assert heading in out


def test_cli_rules_output_file(capsys, tmp_path):
    path = tmp_path / "rules.md"
    assert main(["rules", GAME, "--output", str(path)]) == 0
    assert capsys.readouterr().out == ""
    assert path.read_text(encoding="utf-8") == rules_markdown(pr.load(GAME))


@pytest.mark.parametrize(
    "argv, code, fragment",
    [
        (["rules", "no-such-game"], 1, "no bundled game 'no-such-game'"),
        (["rules", "missing/rules.yaml"], 1, "missing/rules.yaml"),
        (["rules", GAME, "--output", "/no/such/dir/rules.md"], 1, "cannot write /no/such/dir/rules.md"),
        (["rules", GAME, "--lang", "fr"], 2, "invalid choice: 'fr'"),
        (["rules"], 2, "usage:"),
    ],
)
def test_cli_rules_bad_input_is_one_clear_message(capsys, argv, code, fragment):
    assert main(argv) == code
    out, err = capsys.readouterr()
    assert fragment in err and "Traceback" not in out + err
    if code == 1:
        assert len(err.strip().splitlines()) == 1 and err.startswith("playa-rules: error:")


# ------------------------------------------------------------------ the docs
DOCS = ROOT / "docs"


def test_translations_page_examples_work():
    page = (DOCS / "translations.md").read_text(encoding="utf-8")
    (yaml_block,) = re.findall(r"```yaml\n(.*?)```", page, re.S)
    assert check_catalogue(load_text(yaml_block, "example.yaml"), pr.load(GAME).spec) == []
    for block in re.findall(r"```python\n(.*?)```", page, re.S):
        exec(compile(block, "<docs/translations.md>", "exec"), {"__name__": "__docs_example__"})


def test_cli_page_shows_the_real_start_of_the_rules():
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    shown = page.split("$ playa-rules rules playa-pirata | head -7\n", 1)[1].split("```", 1)[0]
    assert shown.splitlines() == rules_markdown(pr.load(GAME)).splitlines()[:7]


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("en", "`1` round: in it, every player", "`3` rounds: in each, every player"),
        ("it", "`1` turno di gioco: in esso ogni giocatore", "`3` turni di gioco: in ognuno ogni giocatore"),
        ("es", "`1` ronda: en ella, cada jugador", "`3` rondas: en cada una, cada jugador"),
    ],
)
def test_a_phase_of_rounds_agrees_with_their_number(lang, one, three):
    """The renderer's phrase for a phase of rounds writes its noun as {n:round|rounds}: one
    round is no 'round(s)' (outside tester, session 19, item 22), nor 'turno/i'."""
    assert one in rules_markdown(
        pr.load(ROOT / "docs" / "examples" / "rules" / "high-card-five.yaml"), lang=lang
    )
    assert three in rules_markdown(pr.load(ROOT / "tests" / "games" / "star-board.yaml"), lang=lang)


def test_italian_rules_use_the_rulebooks_terms_and_translate_forms_and_labels():
    """Rulebook 001 says "turno" (8 turni con 2 giocatori) and "fase del turno" ("salta questa
    fase del turno"); the forms a player types and the items' labels are translated too, each
    form with the English one the table and the log use."""
    text = rules_markdown(pr.load(GAME), lang="it")
    assert "giro" not in text and "passo" not in text
    assert "`regular_rounds` turni di gioco" in text and "chiude la fase del turno" in text
    assert "**Forma testuale:** `sotterra {card}` (al tavolo e nel registro: `bury {card}`)" in text
    assert "mostrato come `teschio`" in text and "mostrato come `telo`" in text
    assert "`discard` (in comune; scoperta: tutti la vedono; contiene `pirate`): le carte pirata" in text
    english = rules_markdown(pr.load(GAME), lang="en")
    assert "**Text form:** `bury {card}`\n" in english and "al tavolo" not in english


def test_a_form_with_nothing_to_translate_is_not_missing():
    spec = {"title": "T", "components": {"die": {"label": "{value}", "items": [{"label": "{value}"}]}}}
    assert missing_translations(Catalogue("it", {"title": "T"}), spec) == []
    assert missing_translations(Catalogue("it", {}), {"components": {"c": {"label": "die {value}"}}}) == [
        "/components/c/label"
    ]


def bundled_variant_catalogues():
    for path in sorted(LANG.glob("*/*/*.yaml")):
        yield pytest.param(path, id=str(path.relative_to(LANG)))


@pytest.mark.parametrize("path", bundled_variant_catalogues())
def test_bundled_variant_catalogue_has_no_stale_entry(path):
    doc = catalogue_module.load_file(path)
    rules = pr.load(path.parent.name, variants=[path.stem])
    assert check_catalogue(doc, rules.spec, variant=True) == []


def test_the_first_hand_is_started_by_a_seat_named_as_people_read_it():
    """A number in match.first_start is a seat ('seat 0'), not a bare code literal ('`0`')."""
    assert "- The first hand is started by seat 0." in rules_markdown(pr.load("playa-pirata"))
    assert "- La prima mano la inizia il posto 0." in rules_markdown(pr.load("playa-pirata"), lang="it")
