"""What a variant changes, rule by rule: describe_changes on hand-made rule data, and ``playa-rules diff``."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli import main
from playa_rules.render.changes import Change, changes_markdown, describe_changes

GAME = "playa-pirata"

BASE = {
    "game": "house",
    "title": "House",
    "players": [2, 3],
    "rulings": {
        "second_group_same_treasure": {
            "value": False,
            "question": "May a player put a second group of towels on the same treasure in one turn?",
            "alternatives": [True],
        },
    },
    "parameters": {"hand_size": {2: 5, 3: 4}},
    "actions": {
        "place_towels": {
            "text": "towels {cards} on #{spot}",
            "rule": "Play towels on a buried treasure.",
            "params": {"spot": {"position_in": "beach"}, "cards": {"group_of": "me.towels", "by": "value"}},
            "require": [
                "turn.groups < phase.max_groups",
                "count(spot.cover) == 0",
                "sum(c.value for c in cards) > top_value(spot)",
            ],
            "effect": "move cards to spot.stack\nset turn.groups += 1\n",
        },
        "done": {"rule": "End your turn.", "effect": "end step"},
    },
    "phases": [
        {
            "id": "first_turn",
            "turns": {"from": "start_player", "rounds": 1},
            "steps": [{"id": "bury", "actions": ["bury"]}],
        },
        {
            "id": "regular",
            "turns": {"from": "start_player", "rounds": 3},
            "steps": [
                {"id": "card", "actions": ["bury"]},
                {"id": "towels", "actions": ["place_towels", "done"]},
            ],
        },
    ],
    "scoring": [
        {"id": "numbered", "rule": "Each numbered treasure scores its value.", "points": "1"},
        {"id": "skulls", "rule": "Skulls together score 0, 0, 10, 18.", "points": "2"},
    ],
    "match": {"hands": "players", "tie_breaks": [{"id": "best_hand", "rule": "best hand", "value": "0"}]},
}


def changed(edit) -> dict:
    new = copy.deepcopy(BASE)
    edit(new)
    return new


def only(changes: list[Change]) -> Change:
    assert len(changes) == 1, changes
    return changes[0]


def test_no_changes():
    assert describe_changes(BASE, copy.deepcopy(BASE)) == []
    assert changes_markdown([]) == ""


def test_house_rule_changes_a_ruling():
    new = changed(lambda s: s["rulings"]["second_group_same_treasure"].update(value=True))
    c = only(describe_changes(BASE, new))
    assert (c.kind, c.section, c.what, c.before, c.after) == (
        "changed",
        "ruling",
        "ruling second_group_same_treasure",
        False,
        True,
    )
    assert c.sentence == (
        "Ruling `second_group_same_treasure`: now `true` (was `false`): "
        "May a player put a second group of towels on the same treasure in one turn?"
    )


def test_house_rule_adds_an_action():
    parrot = {"rule": "Match the top card instead of exceeding it.", "effect": "set turn.parrot = true"}
    c = only(describe_changes(BASE, changed(lambda s: s["actions"].update(parrot=parrot))))
    assert (c.kind, c.section, c.what, c.before, c.after) == (
        "added",
        "action",
        "action parrot",
        None,
        parrot,
    )
    assert c.sentence == "Action `parrot` added: Match the top card instead of exceeding it."


def test_house_rule_removes_a_scoring_rule():
    new = changed(lambda s: s["scoring"].pop(1))
    c = only(describe_changes(BASE, new))
    assert (c.kind, c.section, c.what) == ("removed", "scoring rule", "scoring rule skulls")
    assert c.sentence == "Scoring rule `skulls` removed: Skulls together score 0, 0, 10, 18."


def test_house_rule_replaces_a_requirement():
    def edit(s):
        s["actions"]["place_towels"]["require"][2] = "sum(c.value for c in cards) >= top_value(spot)"

    c = only(describe_changes(BASE, changed(edit)))
    assert (c.kind, c.section, c.what) == ("changed", "action", "action place_towels, requirement 3")
    assert c.sentence == (
        "Action `place_towels`, requirement 3: now `sum(c.value for c in cards) >= "
        "top_value(spot)` (was `sum(c.value for c in cards) > top_value(spot)`)"
    )


def test_an_inserted_requirement_does_not_renumber_the_others_into_changes():
    new = changed(lambda s: s["actions"]["place_towels"]["require"].insert(0, "not spot.face_up"))
    c = only(describe_changes(BASE, new))
    assert (c.kind, c.what, c.after) == ("added", "action place_towels, requirement 1", "not spot.face_up")


def test_house_rule_adds_a_step_to_a_phase():
    step = {"id": "special", "actions": ["parrot"]}
    c = only(describe_changes(BASE, changed(lambda s: s["phases"][1]["steps"].append(step))))
    assert (c.kind, c.section, c.what, c.after) == ("added", "step", "phase regular, step special", step)
    assert (
        c.sentence
        == "Phase `regular`, step `special` added (after `towels`): `{id: special, actions: [parrot]}`"
    )


def test_items_are_matched_by_id_not_position():
    new = changed(lambda s: s["phases"].reverse())
    c = only(describe_changes(BASE, new))
    assert (c.section, c.what, c.before, c.after) == (
        "phase",
        "order of the phases",
        ["first_turn", "regular"],
        ["regular", "first_turn"],
    )


def test_named_requirements_are_matched_by_name():
    def named(s):
        s["actions"]["place_towels"]["require"] = {
            "groups_left": "turn.groups < phase.max_groups",
            "beats_top": "sum(c.value for c in cards) > top_value(spot)",
        }

    base = changed(named)
    new = copy.deepcopy(base)
    new["actions"]["place_towels"]["require"]["beats_top"] = "sum(c.value for c in cards) >= top_value(spot)"
    del new["actions"]["place_towels"]["require"]["groups_left"]
    assert [(c.kind, c.what) for c in describe_changes(base, new)] == [
        ("removed", "action place_towels, requirement groups_left"),
        ("changed", "action place_towels, requirement beats_top"),
    ]


def test_the_default_a_merged_ruling_remembers_is_no_change_of_its_own():
    def edit(s):
        s["rulings"]["second_group_same_treasure"].update(value=True, default=False)

    assert [c.what for c in describe_changes(BASE, changed(edit))] == ["ruling second_group_same_treasure"]


@pytest.mark.parametrize(
    "edit, section, what, sentence",
    [
        (
            lambda s: s["parameters"]["hand_size"].update({2: 6}),
            "parameter",
            "parameter hand_size",
            "Parameter `hand_size`: now `{2: 6, 3: 4}` (was `{2: 5, 3: 4}`)",
        ),
        (
            lambda s: s["actions"]["done"].update(rule="Say done."),
            "action",
            "action done, rule",
            "Action `done`, rule: now “Say done.” (was “End your turn.”)",
        ),
        (
            lambda s: s["actions"]["place_towels"].update(effect="move cards to spot.stack\nend turn\n"),
            "action",
            "action place_towels, effect",
            "Action `place_towels`, effect: drops `set turn.groups += 1`; adds `end turn`",
        ),
        (
            lambda s: s["actions"]["place_towels"]["params"]["spot"].update(position_in="dunes"),
            "action",
            "action place_towels, parameter spot",
            "Action `place_towels`, parameter `spot`: now `{position_in: dunes}` (was `{position_in: beach}`)",
        ),
        (
            lambda s: s["phases"][1]["turns"].update(rounds=4),
            "phase",
            "phase regular, turns, rounds",
            "Phase `regular`, turns, rounds: now `4` (was `3`)",
        ),
        (
            lambda s: s["phases"][1]["steps"][1].update(repeat=True),
            "step",
            "phase regular, step towels, repeat",
            "Phase `regular`, step `towels`, repeat added: `true`",
        ),
        (
            lambda s: s["match"].update(hands=1),
            "match",
            "match, hands",
            "Match, hands: now `1` (was `players`)",
        ),
        (
            lambda s: s["match"]["tie_breaks"][0].update(value="1"),
            "match",
            "match, tie-break best_hand, value",
            "Match, tie-break `best_hand`, value: now `1` (was `0`)",
        ),
        (
            lambda s: s.update(variables={"turn": {"parrot": False}}),
            "variable",
            "variable turn.parrot",
            "Variable `turn.parrot` added: `false`",
        ),
        (lambda s: s.update(setup="shuffle supply\n"), "setup", "setup", "Setup added: `shuffle supply`"),
        (lambda s: s.update(players=[2, 3, 4]), "game", "players", "Players: now `[2, 3, 4]` (was `[2, 3]`)"),
        (
            lambda s: s["match"].update(next_start="current_player.left"),
            "match",
            "match, next start",
            "Match, next start added: `current_player.left`",
        ),
        (
            lambda s: s["match"].update(points="me.tokens"),
            "match",
            "match, points",
            "Match, points added: `me.tokens`",
        ),
        (
            lambda s: s.update(
                automata={
                    "bot": {
                        "rule": "A third seat that always passes.",
                        "seats": {2: 1},
                        "plays": [{"action": "done"}],
                    }
                }
            ),
            "automaton",
            "automaton bot",
            "Automaton `bot` added: A third seat that always passes.",
        ),
        (lambda s: s.update(variant="house", extends="x"), None, None, None),
    ],
)
def test_each_section_in_words(edit, section, what, sentence):
    changes = describe_changes(BASE, changed(edit))
    if section is None:
        assert changes == []
        return
    c = only(changes)
    assert (c.section, c.what, c.sentence) == (section, what, sentence)


def test_an_automaton_changed_entry_by_entry():
    bot = {
        "rule": "A third seat.",
        "seats": {2: 1},
        "can_win": False,
        "plays": [{"action": "done", "when": "true"}],
    }
    base = changed(lambda s: s.update(automata={"bot": bot}))
    new = copy.deepcopy(base)
    new["automata"]["bot"].update(can_win=True, seats={2: 1, 3: 1})
    new["automata"]["bot"]["plays"].append({"action": "place_towels"})
    assert [c.sentence for c in describe_changes(base, new)] == [
        "Automaton `bot`, seats: now `{2: 1, 3: 1}` (was `{2: 1}`)",
        "Automaton `bot`, can win: now `true` (was `false`)",
        "Automaton `bot`, plays: now `[{action: done, when: true}, {action: place_towels}]` "
        "(was `[{action: done, when: true}]`)",
    ]
    assert "## Automata" in changes_markdown(describe_changes(base, new))


def test_markdown_groups_changes_by_section_in_rule_order():
    def edit(s):
        s["scoring"].pop(1)
        s["rulings"]["second_group_same_treasure"]["value"] = True
        s["actions"]["parrot"] = {"rule": "Match the top card.", "effect": "end step"}

    text = changes_markdown(describe_changes(BASE, changed(edit)))
    assert text == (
        "## Rulings\n\n"
        "- Ruling `second_group_same_treasure`: now `true` (was `false`): May a player put a second group "
        "of towels on the same treasure in one turn?\n\n"
        "## Actions\n\n- Action `parrot` added: Match the top card.\n\n"
        "## Scoring rules\n\n- Scoring rule `skulls` removed: Skulls together score 0, 0, 10, 18.\n"
    )


def test_component_items_are_told_item_by_item_not_as_two_whole_lists():
    """Outside tester, session 19: an item added to a component type read as the whole old and
    new items lists (a 600-character line). Items are aligned like lines of text: one added,
    one removed, one changed key by key."""
    cards = [
        {"kind": "gold", "gold": 1, "count": 30},
        {"kind": "gold", "gold": 2, "count": 10},
        {"kind": "gold", "gold": 3, "count": 5},
        {"kind": "pirate", "gold": 0, "count": 4, "label": "Pirate"},
    ]
    base = {"components": {"card": {"start": "deck", "items": cards}}}
    new = copy.deepcopy(base)
    items = new["components"]["card"]["items"]
    items[1]["count"] = 12
    del items[2]
    items.append({"kind": "gold", "gold": 4, "count": 3})
    assert [c.sentence for c in describe_changes(base, new)] == [
        "Component `card`, item 2, count: now `12` (was `10`)",
        "Component `card`, item 3 removed: `{kind: gold, gold: 3, count: 5}`",
        "Component `card`, item 4 added: `{kind: gold, gold: 4, count: 3}`",
    ]
    assert [(c.kind, c.what) for c in describe_changes(base, new)] == [
        ("changed", "component card, item 2, count"),
        ("removed", "component card, item 3"),
        ("added", "component card, item 4"),
    ]


def test_the_bundled_game_against_itself_changes_nothing():
    spec = pr.load(GAME).spec
    assert describe_changes(spec, copy.deepcopy(spec)) == []


# ------------------------------------------------------------------ the command
VARIANTS = Path(__file__).resolve().parent.parent / "variants"
SKULLS = VARIANTS / "two-skulls-twelve.yaml"

HOUSE = """\
extends: playa-pirata
variant: two-groups
rulings:
  second_group_same_treasure:
    value: true
    question: May a player put a second group of towels on the same treasure in one turn?
    cites: "distributing them as you please on a maximum of two buried Treasures"
    alternatives: [false]
"""


def test_cli_diff_lists_the_changed_ruling(capsys, tmp_path):
    path = tmp_path / "two-groups.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    code = main(["diff", GAME, str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "## Rulings" in out
    assert (
        "- Ruling `second_group_same_treasure`: now `true` (was `false`): May a player put a second group "
        "of towels on the same treasure in one turn?"
    ) in out


def test_cli_rules_with_a_variant_marks_what_it_changed(capsys, tmp_path):
    path = tmp_path / "two-groups.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    code = main(["rules", GAME, "--variant", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "- **In force:** `true` (changed by a variant; the default is `false`)" in out


def test_a_real_variant_changing_a_ruling_is_one_change_not_its_remembered_default(tmp_path):
    path = tmp_path / "two-groups.yaml"
    path.write_text(
        "extends: playa-pirata\nvariant: two-groups\nrulings: {second_group_same_treasure: {value: true}}\n",
        encoding="utf-8",
    )
    merged = pr.load(GAME, variants=[str(path)]).spec
    assert merged["rulings"]["second_group_same_treasure"]["default"] is False
    assert [c.what for c in describe_changes(pr.load(GAME).spec, merged)] == [
        "ruling second_group_same_treasure"
    ]


def test_cli_diff_of_a_variant_file(capsys):
    assert main(["diff", GAME, str(SKULLS)]) == 0
    out, err = capsys.readouterr()
    assert out == (
        "# `two-skulls-twelve` on Playa Pirata (`playa-pirata`)\n\n## Parameters\n\n"
        "- Parameter `skull_points`: now `[0, 0, 12, 18, 18]` (was `[0, 0, 10, 18, 18]`)\n"
    )


def test_cli_diff_of_two_variants_lists_what_they_change_together(capsys, tmp_path):
    path = tmp_path / "two-groups.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    assert main(["diff", GAME, str(SKULLS), "--variant", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# `two-skulls-twelve`, `two-groups` on Playa Pirata")
    assert out.index("## Rulings") < out.index("## Parameters")
    assert "- Parameter `skull_points`: now `[0, 0, 12, 18, 18]`" in out


@pytest.mark.parametrize(
    "lang, title, variants",
    [
        ("en", "# Playa Pirata (Two skulls are worth 12)\n", "- **Variants:** `two-skulls-twelve`"),
        ("it", "# Playa Pirata (Two skulls are worth 12)\n", "- **Varianti:** `two-skulls-twelve`"),
    ],
)
def test_cli_rules_with_a_variant_file(capsys, lang, title, variants):
    assert main(["rules", GAME, "--variant", str(SKULLS), "--lang", lang]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(title) and variants in out
    assert "  - `two-skulls-twelve`: Two skulls are worth 12. Two Skulls together score 12 points" in out
    assert "- `skull_points`: `[0, 0, 12, 18, 18]`" in out
    assert "`[0, 0, 10, 18, 18]`" not in out


@pytest.mark.parametrize(
    "argv, code, fragment",
    [
        (["diff", "no-such-game", "x"], 1, "no bundled game 'no-such-game'"),
        (["diff", GAME], 2, "usage:"),
    ],
)
def test_cli_diff_bad_input_is_one_clear_message(capsys, argv, code, fragment):
    assert main(argv) == code
    out, err = capsys.readouterr()
    assert fragment in err and "Traceback" not in out + err


def test_cli_diff_unknown_variant_is_one_clear_message(capsys, tmp_path):
    assert main(["diff", GAME, str(tmp_path / "missing.yaml")]) == 1
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and err.startswith("playa-rules: error:")
    assert "Traceback" not in out + err
