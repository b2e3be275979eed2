"""Go Fish's ranks, A 2 ... 10 J Q K: a `one_of` list that mixes words and numbers.

format.md: `one_of: LIST_OF_VALUES` picks one value of a list of texts or whole numbers; one list
may mix both. A list one_of cannot number (truth values, lists, `2` beside `'2'`) is refused when
the rules load, with the place and a hint, never a Python message at the first turn.
"""

import random

import pytest

import playa_rules as pr
from playa_rules import rules as rules_module

GO_FISH = """\
game: go-fish
title: Go Fish (trimmed)
players: [2, 3]
parameters:
  ranks: RANKS
  suits: [c, d, h, s]
components:
  card:
    start: deck
    label: "{rank}{suit}"
    items:
      - {each: {rank: ranks, suit: suits}}
zones:
  deck: {visibility: hidden, holds: [card]}
  hand: {per: player, visibility: owner, holds: [card]}
  books: {per: player, visibility: public, holds: [card]}
setup: |
  shuffle deck
  deal 5 from deck to each hand
actions:
  ask:
    text: "ask {target} for {rank}"
    params:
      target: {seat_in: others}
      rank: {one_of: ranks}
    require:
      - any(c in me.hand where c.rank == rank)
    effect: |
      let got = [c in target.hand where c.rank == rank]
      if count(got) > 0 { move got to me.books } else { move top(deck) to me.hand }
phases:
  - id: play
    turns: {from: start_player, until: "count(deck) == 0"}
    steps: [{id: ask, actions: [ask]}]
scoring:
  - id: books
    rule: Each card won scores 1.
    points: count(me.books)
"""

RANKS = "[A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]"


def go_fish(tmp_path, ranks=RANKS):
    path = tmp_path / "go-fish.yaml"
    path.write_text(GO_FISH.replace("RANKS", ranks))
    return path


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_ask_for_aces_twos_and_kings_from_one_list_of_ranks(tmp_path, monkeypatch, backend):
    if backend == "closures":
        monkeypatch.setenv("PLAYA_RULES_BACKEND", "closures")
    else:
        monkeypatch.delenv("PLAYA_RULES_BACKEND", raising=False)
    rules_module.clear_cache()
    try:
        rules = pr.load(go_fish(tmp_path))
        asked = set()
        for seed in range(4):
            game = rules.new_game(players=2, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                seat, legal = game.current_player, game.legal_actions()
                held = {str(c["rank"]) for c in game.view(seat)["seats"][seat]["zones"]["hand"]}
                assert {str(a).split(" for ")[1] for a in legal} == held  # you ask for a rank you hold
                action = legal[rng.randrange(len(legal))]
                asked.add(action.parameters()[1]["text"])
                game.apply(str(action))  # the text names it back, "2" as well as "A"
            assert pr.replay(rules, game.log).scores() == game.scores()
        assert {"A", "2", "10", "K"} <= asked
    finally:
        rules_module.clear_cache()


def test_validate_simulate_plays_it(tmp_path, capsys):
    from playa_rules.cli.main import main

    assert main(["validate", "--simulate", "3", str(go_fish(tmp_path))]) == 0
    assert "valid (3 random games per player count played)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("ranks", "says"),
    [
        ("[true, false]", "but this is a list of truth values"),
        ("[[1, 2], [3]]", "but this is a list of lists of numbers"),
        ("[A, 2, '2']", "holds both 2 and '2', which read the same in an action"),
        # outside tester, session 19: [A, null] offered an action 'ask 1 for None'
        ("[A, null, K]", "holds none (null in YAML) at item 1: each value is an action's text"),
        ("[2, 3, null]", "holds none (null in YAML) at item 2"),
    ],
)
def test_a_list_one_of_cannot_number_is_refused_where_it_is_used(tmp_path, ranks, says):
    diags = [d for d in pr.validate(go_fish(tmp_path, ranks)) if d.severity == "error"]
    assert [d.code for d in diags] == ["bad-param"]
    assert says in diags[0].message
    assert diags[0].path == "/actions/ask/params/rank/one_of"
    assert diags[0].source_line == "      rank: {one_of: ranks}"


def test_a_literal_list_with_none_is_refused_where_it_is_written(tmp_path):
    path = tmp_path / "go-fish.yaml"
    path.write_text(GO_FISH.replace("RANKS", RANKS).replace("{one_of: ranks}", "{one_of: \"['A', none]\"}"))
    diags = [d for d in pr.validate(path) if d.severity == "error"]
    assert [d.code for d in diags] == ["bad-param"] and "holds none" in diags[0].message
    assert diags[0].path == "/actions/ask/params/rank/one_of" and "a pass" in diags[0].hint
