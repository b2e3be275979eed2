"""A log replays only on the rules it was played under (docs/api.md, "Replaying a log"): its
start event names the game, the variants and a digest of the rules, and ``pr.replay`` says
which differs; a log written before logs named them still replays."""

import json
import random
from pathlib import Path

import pytest

import playa_rules as pr

ROOT = Path(__file__).resolve().parents[2]
TWELVE = ROOT / "docs" / "examples" / "two-skulls-twelve.yaml"
MY_HOUSE_RULE = ROOT / "docs" / "examples" / "my-house-rule.yaml"


def _played(rules, players=3, seed=4) -> list:
    """A finished game's log, as JSON brings it back (play --log, a saved file)."""
    game = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return json.loads(json.dumps(game.log))


def _house_rule(tmp_path, skulls: str, sentence: str) -> Path:
    """A house rule file of the given id whose two Skulls score as given, with that sentence."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: playa-pirata\nvariant: two-skulls-twelve\ntitle: Two skulls\n"
        f"parameters:\n  skull_points: {skulls}\n"
        f"scoring:\n  - id: skulls\n    rule: {sentence}\n",
        encoding="utf-8",
    )
    return path


def test_the_log_names_the_rules_it_was_played_under():
    house = pr.load("playa-pirata", variants=[TWELVE])
    start = _played(house)[0]
    assert (start["game"], start["variants"], start["rules"]) == (
        "playa-pirata",
        ["two-skulls-twelve"],
        house.digest,
    )
    assert house.digest != pr.load("playa-pirata").digest
    assert pr.load("playa-pirata").new_game(2).log_for(1)[0]["variants"] == []  # no secret: every seat's log


def test_a_house_rule_game_replayed_on_the_published_rules_is_refused_naming_the_variant():
    # Every move of a two-Skulls-twelve game is legal under the published rules too: without
    # the check the replay would "succeed" with other scores.
    log = _played(pr.load("playa-pirata", variants=[TWELVE]))
    with pytest.raises(pr.PlayaRulesError) as info:
        pr.replay(pr.load("playa-pirata"), log)
    assert str(info.value) == (
        "the log does not fit these rules: it was played with the variant 'two-skulls-twelve', these "
        "rules have no variant; load the rules it was played with, pr.load('playa-pirata', variants=[...])"
    )
    with pytest.raises(pr.PlayaRulesError, match="these rules have the variant 'my-house-rule'"):
        pr.replay(pr.load("playa-pirata", variants=[MY_HOUSE_RULE]), log)
    assert pr.replay(pr.load("playa-pirata", variants=[TWELVE]), log).log[1:] == log[1:]


def test_a_house_rule_file_changed_since_the_game_is_refused_by_its_digest(tmp_path):
    log = _played(pr.load(_house_rule(tmp_path, "[0, 0, 12, 18, 18]", "Two skulls score 12.")))
    changed = pr.load(_house_rule(tmp_path, "[0, 0, 14, 18, 18]", "Two skulls score 12."))
    assert changed.variants == ["two-skulls-twelve"]  # the same id: only the digest tells
    with pytest.raises(pr.PlayaRulesError) as info:
        pr.replay(changed, log)
    assert str(info.value).startswith(
        f"the log does not fit these rules: it was played under rules with the digest '{log[0]['rules']}', "
        f"these rules have '{changed.digest}' (the same game and variants, but a rule file changed since"
    )


def test_a_reworded_sentence_keeps_the_log_replayable(tmp_path):
    log = _played(pr.load(_house_rule(tmp_path, "[0, 0, 12, 18, 18]", "Two skulls score 12.")))
    reworded = pr.load(_house_rule(tmp_path, "[0, 0, 12, 18, 18]", "Two Skulls together are worth 12."))
    assert reworded.digest == log[0]["rules"]
    assert pr.replay(reworded, log).log[1:] == log[1:]


def test_a_log_of_another_game_is_refused():
    log = _played(pr.load("playa-pirata"))
    with pytest.raises(pr.PlayaRulesError, match="this log is of 'playa-pirata', not of 'lying-pirates'"):
        pr.replay(pr.load("lying-pirates"), log)


def test_an_old_log_without_the_rules_it_names_still_replays():
    rules = pr.load("playa-pirata", variants=[TWELVE])
    log = _played(rules)
    old = [{k: v for k, v in log[0].items() if k not in ("variants", "rules")}, *log[1:]]
    again = pr.replay(rules, old)
    assert again.log[1:] == log[1:]


@pytest.mark.parametrize(
    "variants, words",
    [
        (
            "two-skulls-twelve",
            "has 'two-skulls-twelve' as its 'variants': replay needs a list of variant ids",
        ),
        ([1], "has [1] as its 'variants'"),
        (["v"] * 10**5, "the variants 'v', 'v', 'v', 'v', 'v' and 99995 more"),
    ],
)
def test_a_forged_variants_field_is_the_library_s_error(variants, words):
    rules = pr.load("playa-pirata")
    log = _played(rules, players=2)
    log[0]["variants"] = variants
    with pytest.raises(pr.PlayaRulesError) as info:
        pr.replay(rules, log)
    assert words in str(info.value) and len(str(info.value)) < 400
