"""Variants as overlays: merging, composing, the bundled variants, and every overlay error.

docs/variants.md describes what is tested here. Error cases check the exact code, message,
file, line and column.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.source import variants as V

ROOT = Path(__file__).resolve().parents[2]
HOUSE_RULE = ROOT / "docs" / "examples" / "two-skulls-twelve.yaml"
BUNDLED = ["special-cards", "short-game", "short-game-two-hands"]


def write(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text.lstrip("\n"), encoding="utf-8")
    return path


def errors_of(fn):
    with pytest.raises(pr.SpecError) as info:
        fn()
    return [d for d in info.value.diagnostics if d.severity == "error"]


def where(d) -> tuple:
    return (Path(d.file).name if d.file else None, d.line, d.column)


def play_out(rules, players: int, seed: int) -> pr.Game:
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if game.is_over:
            return game
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("the game did not end")


# ================================================================ the bundled variants
def test_bundled_variants_are_listed_by_game():
    assert V.bundled_variants("playa-pirata") == {"playa-pirata": sorted(BUNDLED)}


@pytest.mark.parametrize(
    "combo",
    [
        c
        for n in range(1, 4)
        for c in itertools.permutations(BUNDLED, n)
        if list(c) == sorted(c) or len(c) == 2
    ],
    ids=lambda c: "+".join(c),
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_combination_of_bundled_variants_compiles_and_plays_to_the_end(combo, players):
    rules = pr.load("playa-pirata", variants=list(combo))
    assert [d for d in rules.warnings if d.severity == "error"] == []
    expected = [v for v in ("short-game", "short-game-two-hands", "special-cards") if v in combo]
    assert sorted(rules.variants) == sorted(
        set(expected) | ({"short-game"} if "short-game-two-hands" in combo else set())
    )
    for seed in range(3):
        game = play_out(rules, players, seed)
        hands = 2 if "short-game-two-hands" in combo else 1 if "short-game" in combo else players
        assert len(game.hand_scores) == hands
        assert game.winners()


def test_a_variant_extending_another_brings_it_along():
    """short-game-two-hands extends short-game: loading it alone applies both, in order."""
    rules = pr.load("playa-pirata", variants=["short-game-two-hands"])
    assert rules.variants == ["short-game", "short-game-two-hands"]
    assert rules.spec["match"]["hands"] == 2
    assert rules.title == "Playa Pirata (Short game (one hand), Short game (two hands))"


def test_short_game_two_hands_lowest_scorer_chooses_a_position():
    """ "If you play two hands, the player with the lowest score in the first hand chooses
    which position to play in the second hand.\""""
    rules = pr.load("playa-pirata", variants=["short-game-two-hands"])
    for seed in range(12):
        game = rules.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while len(game.hand_scores) < 1:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        first = game.hand_scores[0]
        if first.count(min(first)) > 1:
            continue
        lowest = first.index(min(first))
        assert game.current_player == lowest
        assert [str(a) for a in game.legal_actions()] == ["play 1", "play 2", "play 3"]
        game.apply("play 3")  # third in turn order: the start player is the seat after
        assert game.view(0)["start_player"] == (lowest + 1) % 3
        return
    pytest.fail("no seed gave a single lowest scorer")


def test_short_game_two_hands_the_position_is_chosen_before_the_second_hand_is_dealt():
    """ "the player with the lowest score in the first hand chooses which position to play
    in the second hand": the choice comes between the hands, before the deal, so the
    chooser sees no treasure of the second hand while choosing; then the hand is dealt as
    the game's setup deals it (the variant's deal phase runs the game's setup text)."""
    rules = pr.load("playa-pirata", variants=["short-game-two-hands"])
    base = pr.load("playa-pirata")
    deal = next(p for p in rules.spec["phases"] if p["id"] == "deal")
    assert deal["on_start"].strip() == base.spec["setup"].strip()
    assert [p["id"] for p in rules.spec["phases"]][:2] == ["choose_position", "deal"]
    game = rules.new_game(players=3, seed=0)
    rng = random.Random(0)
    while len(game.hand_scores) < 1:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    chooser = game.current_player
    view = game.view(chooser)
    assert view["phase"] == "choose_position"
    assert view["seats"][chooser]["zones"]["treasures"] == [] and view["zones"]["beach"] == []
    game.apply("play 1")
    view = game.view(chooser)
    assert view["start_player"] == chooser
    assert len(view["seats"][chooser]["zones"]["treasures"]) == 4 and len(view["zones"]["beach"]) == 1


def test_a_variant_file_loads_directly_with_its_game():
    rules = pr.load(HOUSE_RULE)
    assert rules.id == "playa-pirata" and rules.variants == ["two-skulls-twelve"]
    assert pr.load("playa-pirata", variants=[HOUSE_RULE]) is rules
    assert pr.validate(HOUSE_RULE) == []


def test_house_rule_two_skulls_worth_12_changes_those_scores_and_nothing_else():
    """A house rule written only in YAML: the skulls rule scores 12 for two skulls; every
    other rule, and the games themselves, are unchanged."""
    base, house = pr.load("playa-pirata"), pr.load("playa-pirata", variants=[HOUSE_RULE])
    assert house.num_distinct_actions == base.num_distinct_actions
    two_skulls = 0
    for seed in range(40):
        a, b = play_out(base, 3, seed), play_out(house, 3, seed)
        assert [e for e in a.log if e["event"] == "action"] == [e for e in b.log if e["event"] == "action"]
        for hand_a, hand_b in zip(a.g.score_detail, b.g.score_detail):
            for da, db in zip(hand_a, hand_b):
                assert {k: v for k, v in da.items() if k != "skulls"} == {
                    k: v for k, v in db.items() if k != "skulls"
                }
                if da["skulls"] == 10:
                    two_skulls += 1
                    assert db["skulls"] == 12
                else:
                    assert db["skulls"] == da["skulls"]
    assert two_skulls > 0


# ================================================================ merging
def test_merge_adds_replaces_removes_and_keeps_every_location(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
extends: playa-pirata
variant: house
rulings:
  second_group_same_treasure: true
actions:
  done:
    require: {played_enough: turn.groups >= 0}
  discard_pirate: null
phases:
  - id: regular
    steps:
      - id: card
        fallback: null
scoring:
  - {id: kept_umbrella, remove: true}
  - id: bonus
    after: numbered
    rule: One point for everyone.
    points: 1
""",
    )
    rules = pr.load(path)
    spec = rules.spec
    ruling = spec["rulings"]["second_group_same_treasure"]
    assert (ruling["value"], ruling["default"]) == (True, False)
    assert "discard_pirate" not in spec["actions"]
    assert [s["id"] for s in spec["scoring"]] == [
        "numbered",
        "bonus",
        "towel_treasures",
        "skulls",
        "unplayed_towels",
    ]
    assert "fallback" not in spec["phases"][1]["steps"][0]
    doc = rules.doc
    assert where(doc.diagnostic("/scoring/1/points", "x", "x")) == ("house.yaml", 19, 13)
    assert where(doc.diagnostic("/scoring/0/points", "x", "x"))[0] == "playa-pirata.yaml"
    assert where(doc.diagnostic("/rulings/second_group_same_treasure/value", "x", "x")) == (
        "house.yaml",
        4,
        31,
    )


def test_list_add_and_remove(tmp_path):
    path = write(
        tmp_path,
        "steps.yaml",
        """
extends: playa-pirata
variant: steps
phases:
  - id: regular
    steps:
      - id: card
        actions: {remove: [keep_umbrella], add: [discard_pirate]}
""",
    )
    step = pr.load(path).spec["phases"][1]["steps"][0]
    assert step["actions"] == ["bury", "telescope", "map", "umbrella", "discard_pirate"]


def test_a_dsl_error_in_a_variant_is_located_in_the_variant(tmp_path):
    path = write(
        tmp_path,
        "typo.yaml",
        """
extends: playa-pirata
variant: typo
actions:
  place_towels:
    require:
      beats_top: sum(c.value for c in cards) > top_value(spott)
""",
    )
    [d] = errors_of(lambda: pr.load(path))
    assert (d.code, where(d)) == ("unknown-name", ("typo.yaml", 6, 58))
    assert "spott" in d.message and d.hint == "did you mean 'spot'?"


def test_a_schema_error_after_the_merge_is_located_in_the_variant(tmp_path):
    path = write(
        tmp_path,
        "shape.yaml",
        """
extends: playa-pirata
variant: shape
zones:
  beach: {visibility: secret}
""",
    )
    [d] = errors_of(lambda: pr.load(path))
    assert d.code == "schema" and where(d) == ("shape.yaml", 4, 23)
    assert "secret" in d.message


# ================================================================ overlay errors
@pytest.mark.parametrize(
    "body, code, message, position, hint",
    [
        (
            "phases:\n  - id: reguler\n    let: {max_groups: 3}\n",
            "overlay-target",
            "no phase 'reguler' in phases of playa-pirata to change",
            (4, 9),
            "did you mean 'regular'?",
        ),
        (
            "phases:\n  - id: extra\n    after: nowhere\n    turns: {seat: start_player}\n",
            "overlay-target",
            "no phase 'nowhere' to put 'extra' after",
            (5, 12),
            None,
        ),
        (
            "scoring:\n  - {id: numberd, remove: true}\n",
            "overlay-target",
            "removes scoring rule 'numberd', which scoring of playa-pirata does not have",
            (4, 10),
            "did you mean 'numbered'?",
        ),
        (
            "actions:\n  telscope: null\n",
            "overlay-target",
            "removes action 'telscope', which playa-pirata does not have",
            (4, 3),
            "did you mean 'telescope'?",
        ),
        (
            "phases:\n  - {let: {max_groups: 3}}\n",
            "schema",
            "phase 1 is missing required key 'id'",
            (4, 5),
            None,
        ),
        (
            "phases:\n  - {id: x, before: regular, after: regular, turns: {seat: me}}\n",
            "overlay-shape",
            "give one of 'before', 'after' or 'at', not 'before' and 'after'",
            (4, 37),
            None,
        ),
        ("phases: {regular: {}}\n", "schema", "'phases' must be a list, not a mapping", (3, 9), None),
        (
            "phases:\n  - id: regular\n    steps:\n      - id: card\n        actions: {remove: [dig]}\n",
            "overlay-target",
            "removes 'dig' from phase 'regular', step 'card', 'actions', which does not hold it",
            (7, 28),
            None,
        ),
    ],
)
def test_overlay_errors_say_what_and_where(tmp_path, body, code, message, position, hint):
    path = write(tmp_path, "bad.yaml", "extends: playa-pirata\nvariant: bad\n" + body)
    diags = errors_of(lambda: pr.load(path))
    assert [(d.code, d.message, where(d)[1:], d.hint) for d in diags][:1] == [(code, message, position, hint)]
    assert where(diags[0])[0] == "bad.yaml"


def test_every_overlay_error_is_reported_at_once(tmp_path):
    path = write(
        tmp_path,
        "many.yaml",
        """
extends: playa-pirata
variant: many
actions: {telscope: null}
scoring: [{id: numberd, remove: true}]
""",
    )
    assert [d.line for d in errors_of(lambda: pr.load(path))] == [3, 4]


def test_two_sibling_variants_changing_one_thing_differently_conflict(tmp_path):
    write(
        tmp_path, "ten.yaml", "extends: playa-pirata\nvariant: ten\nparameters:\n  towel_treasure_cap: 10\n"
    )
    write(tmp_path, "six.yaml", "extends: playa-pirata\nvariant: six\nparameters:\n  towel_treasure_cap: 6\n")
    write(
        tmp_path, "same.yaml", "extends: playa-pirata\nvariant: same\nparameters:\n  towel_treasure_cap: 10\n"
    )
    [d] = errors_of(lambda: pr.load("playa-pirata", variants=[tmp_path / "ten.yaml", tmp_path / "six.yaml"]))
    assert d.code == "overlay-conflict" and where(d) == ("six.yaml", 4, 23)
    assert d.message == "variant 'six' and variant 'ten' both change parameter 'towel_treasure_cap'"
    assert d.hint.startswith(f"'ten' changes it at {tmp_path / 'ten.yaml'}:4:23; ")
    # the same change twice is no conflict
    rules = pr.load("playa-pirata", variants=[tmp_path / "ten.yaml", tmp_path / "same.yaml"])
    assert rules.spec["parameters"]["towel_treasure_cap"] == 10


def test_a_variant_may_override_what_the_variant_it_extends_changed(tmp_path):
    write(
        tmp_path, "ten.yaml", "extends: playa-pirata\nvariant: ten\nparameters:\n  towel_treasure_cap: 10\n"
    )
    write(
        tmp_path, "twelve.yaml", "extends: ten.yaml\nvariant: twelve\nparameters:\n  towel_treasure_cap: 12\n"
    )
    rules = pr.load("playa-pirata", variants=[tmp_path / "twelve.yaml"])
    assert rules.variants == ["ten", "twelve"] and rules.spec["parameters"]["towel_treasure_cap"] == 12


@pytest.mark.parametrize(
    "files, load, code, message, at",
    [
        (
            {"a.yaml": "extends: nowhere\nvariant: a\n"},
            "a.yaml",
            "unknown-extends",
            "'nowhere' is neither a bundled game (",
            ("a.yaml", 1, 10),
        ),
        (
            {"a.yaml": "extends: b.yaml\nvariant: a\n", "b.yaml": "extends: a.yaml\nvariant: b\n"},
            "a.yaml",
            "extends-cycle",
            "variant 'a' extends itself: a.yaml -> b.yaml -> a.yaml",
            ("a.yaml", 1, 10),
        ),
        ({"a.yaml": "extends: playa-pirata\nvariant: A\n"}, "a.yaml", "schema", "", ("a.yaml", 2, 10)),
    ],
)
def test_bad_extends(tmp_path, files, load, code, message, at):
    for name, text in files.items():
        write(tmp_path, name, text)
    [d] = errors_of(lambda: pr.load(tmp_path / load))
    assert d.code == code and d.message.startswith(message) and where(d) == at


def test_unknown_variant_id_lists_the_bundled_ones():
    with pytest.raises(pr.PlayaRulesError) as info:
        pr.load("playa-pirata", variants=["special-card"])
    assert info.value.diagnostics[0].code == "unknown-variant"
    assert (
        "no bundled variant 'special-card' of playa-pirata (bundled: short-game, short-game-two-hands, "
        "special-cards)" in str(info.value)
    )


def test_a_game_is_not_a_variant():
    with pytest.raises(pr.PlayaRulesError) as info:
        pr.load("playa-pirata", variants=[ROOT / "tests" / "games" / "dice-duel.yaml"])
    assert info.value.diagnostics[0].code == "not-a-variant"


def test_a_variant_of_another_game(tmp_path):
    write(
        tmp_path, "dice-duel.yaml", (ROOT / "tests" / "games" / "dice-duel.yaml").read_text(encoding="utf-8")
    )
    path = write(tmp_path, "dice.yaml", "extends: dice-duel.yaml\nvariant: d\n")
    [d] = errors_of(lambda: pr.load("playa-pirata", variants=[path]))
    assert d.code == "wrong-game" and d.message.startswith("variant 'd' is a variant of ")


def test_variants_must_be_a_list():
    with pytest.raises(pr.PlayaRulesError, match="variants is a list of variant ids or paths, not str"):
        pr.load("playa-pirata", variants="special-cards")


def test_a_ruling_set_to_no_alternative_is_flagged(tmp_path):
    path = write(
        tmp_path, "r.yaml", "extends: playa-pirata\nvariant: r\nrulings:\n  umbrella_last_turn: final-round\n"
    )
    diags = pr.validate(path)
    assert [(d.code, d.message, where(d), d.hint) for d in diags] == [
        (
            "not-an-alternative",
            "ruling 'umbrella_last_turn' cannot be 'final-round': it is one of own, final_round",
            ("r.yaml", 4, 23),
            "did you mean 'final_round'?",
        )
    ]


# ================================================================ command line
def test_cli_games_lists_the_bundled_variants(capsys):
    from playa_rules.cli import main

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "  + special-cards" in out and "Special cards" in out and "  + short-game-two-hands" in out


def test_cli_play_with_variants_and_a_house_rule(capsys):
    from playa_rules.cli import main

    assert (
        main(
            [
                "play",
                "playa-pirata",
                "-p",
                "3",
                "-s",
                "5",
                "--variant",
                "special-cards",
                "--variant",
                "short-game",
                "--variant",
                str(HOUSE_RULE),
                "--log",
                "/dev/null",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "keep " in out and "Final scores:" in out


def test_cli_play_with_an_unknown_variant_says_so(capsys):
    from playa_rules.cli import main

    assert main(["play", "playa-pirata", "--variant", "nope", "-q"]) == 1
    err = capsys.readouterr().err
    assert "unknown-variant: no bundled variant 'nope' of playa-pirata" in err
    assert "Traceback" not in err


def test_cli_validate_a_variant_file(capsys):
    from playa_rules.cli import main

    assert main(["validate", str(HOUSE_RULE), "--simulate", "3"]) == 0


# ================================================================ the authoring guide
GUIDE = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
LAZY = ROOT / "docs" / "examples" / "lazy-sunday.yaml"


def _guide_blocks(lang: str) -> list[str]:
    """The fenced blocks of the guide in ``lang`` ('' for plain blocks)."""
    blocks, current = [], None
    for line in GUIDE.splitlines(keepends=True):
        if line.startswith("```"):
            if current is None:
                current = (line[3:].strip(), [])
            else:
                if current[0] == lang:
                    blocks.append("".join(current[1]))
                current = None
        elif current is not None:
            current[1].append(line)
    return blocks


def test_the_guides_whole_file_is_the_example_file_and_it_plays():
    assert LAZY.read_text(encoding="utf-8") in _guide_blocks("yaml")
    rules = pr.load(LAZY)
    assert rules.variants == ["lazy-sunday"] and pr.validate(LAZY) == []
    game = play_out(rules, 3, 1)
    assert all("sunburn" in d for d in game.g.score_detail[0])


@pytest.mark.parametrize(
    "name, typo, fixed",
    [("phase-typo", "id: final_turn", "id: final_trun"), ("name-typo", "me.towels where", "me.towel where")],
)
def test_the_guides_error_examples_are_the_example_with_one_typo(name, typo, fixed):
    """docs/authoring.md runs `validate mistakes/NAME.yaml` (tests/docs/test_docs_commands.py checks
    the output); those files must stay the guide's example with exactly one typo."""
    lines = lambda text: [l for l in text.splitlines() if not l.startswith("#")]
    mistaken = (LAZY.parent / "mistakes" / f"{name}.yaml").read_text(encoding="utf-8")
    assert lines(mistaken) == lines(LAZY.read_text(encoding="utf-8").replace(typo, fixed))
    assert f"$ playa-rules validate mistakes/{name}.yaml" in GUIDE


def test_the_guides_python_example_runs(monkeypatch):
    code = _guide_blocks("python")[0].replace("games=200", "games=3")
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    exec(compile(code, "<docs/authoring.md>", "exec"), namespace)


@pytest.mark.parametrize("variant", BUNDLED)
def test_every_bundled_variant_has_its_italian_texts(variant):
    from playa_rules.render.catalogue import check_catalogue, load_catalogue, missing_translations
    from playa_rules.source.load import load_file

    rules = pr.load("playa-pirata", variants=[variant])
    catalogue = load_catalogue("playa-pirata", rules.variants, "it")
    assert missing_translations(catalogue, rules.spec) == []
    path = ROOT / "spec" / "lang" / "it" / "playa-pirata" / f"{variant}.yaml"
    assert check_catalogue(load_file(path), rules.spec, variant=True) == []


def test_a_part_a_variant_removes_but_the_game_still_uses_points_at_the_removal(tmp_path, capsys):
    """The error is at the variant's line that removes the part (the author's file), a note
    shows where the game still uses it, and the hint says what the line does."""
    variant = tmp_path / "no-done.yaml"
    variant.write_text("extends: playa-pirata\nvariant: no-done\ntitle: No done\nactions:\n  done: null\n")
    with pytest.raises(pr.SpecError) as info:
        pr.load(variant)
    (found,) = [d for d in info.value.diagnostics if d.code == "unknown-action"]  # once, not per step
    assert (found.file, found.line) == (str(variant), 5)
    assert found.hint == f"{variant}:5:3 removes action 'done'"
    assert [n.file for n in found.notes] == ["spec/games/playa-pirata.yaml"] * 2
    assert len({n.line for n in found.notes}) == 2  # each place the game still names it
    assert main(["diff", "playa-pirata", str(variant)]) == 1
    assert f"playa-pirata with {variant}: invalid rules (1 error)" in capsys.readouterr().err


def test_a_removed_parameter_is_reported_once_per_place_without_a_misleading_guess(tmp_path):
    variant = tmp_path / "no-hand-size.yaml"
    variant.write_text(
        "extends: playa-pirata\nvariant: no-hand-size\ntitle: No hand size\nparameters:\n  hand_size: null\n"
    )
    with pytest.raises(pr.SpecError) as info:
        pr.load(variant)
    diags = info.value.diagnostics
    assert len(diags) == len(set(diags))
    assert all(
        d.hint == f"{variant}:5:3 removes parameter 'hand_size'" for d in diags if "'hand_size'" in d.message
    )


def test_removing_a_phases_last_step_warns_that_its_turns_do_nothing(tmp_path):
    variant = tmp_path / "no-bury.yaml"
    variant.write_text(
        "extends: playa-pirata\nvariant: no-bury\ntitle: No burying first\n"
        "phases:\n  - id: first_turn\n    steps:\n      - {id: bury, remove: true}\n"
    )
    warnings = [d for d in pr.validate(variant) if d.code == "turns-without-steps"]
    assert [(d.severity, d.path) for d in warnings] == [("warning", "/phases/0/steps")]
    assert "phase 'first_turn' takes turns but has no steps" in warnings[0].message


def test_a_removed_part_takes_the_games_display_name_for_it_along(tmp_path):
    """Outside tester, session 19: removing a scoring rule as variants.md teaches warned
    'unknown-display' at the game's display name for it, a line the author never wrote. A
    removed part (a scoring rule, a phase with its steps, a zone) drops the display hint of the
    game that only named it; a hint the variant itself writes for a part it removes is still
    warned about, at the variant's line."""
    path = write(
        tmp_path,
        "cap.yaml",
        """
extends: playa-pirata
variant: big-towels
scoring:
  - {id: kept_umbrella, remove: true}
phases:
  - id: first_turn
    steps:
      - {id: bury, remove: true}
""",
    )
    assert [d for d in pr.validate(path) if d.code == "unknown-display"] == []
    names = pr.load(path).spec["display"]["names"]
    assert (
        "kept_umbrella" not in names and "bury" not in names and names["card"] == "play a Treasure or Pirate"
    )
    own = write(
        tmp_path,
        "own.yaml",
        """
extends: playa-pirata
variant: own-name
scoring:
  - {id: kept_umbrella, remove: true}
display:
  names: {kept_umbrella: the Umbrella kept}
""",
    )
    (d,) = [d for d in pr.validate(own) if d.code == "unknown-display"]
    assert where(d) == ("own.yaml", 6, 11) and d.severity == "warning"
    zone = write(tmp_path, "zone.yaml", "extends: maui\nvariant: no-box\nzones:\n  box: null\n")
    assert [d for d in pr.validate(zone) if d.code == "unknown-display"] == []


def test_the_named_parts_skip_ids_that_are_no_names():
    """Long fuzzing campaign, seed 102408: a step whose id is a mapping made the list of named
    parts (for the display hints of removed parts) hash a dict: TypeError out of validate. Such
    an id is the schema's error; the named parts keep the names only."""
    from playa_rules.source.overlay import _named_parts

    data = {"phases": [{"id": "p", "steps": [{"id": {"a": 1}}, {"id": "s"}]}], "scoring": [{"id": ["x"]}]}
    assert _named_parts(data)["ids"] == {"p", "s"}
