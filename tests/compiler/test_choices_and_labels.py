"""Choices over texts, ranges by a parameter's name, items paired position by position, a
seat from its number, labels and reads of tables keyed by text (docs/format.md, parameters,
components and parameter kinds; docs/dsl.md, seat): "name a suit" without a made-up suit
component, oware's houses A-F paired with their index, "play CA" without thirteen lines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from backend_switch import load_with

import playa_rules as pr
from playa_rules.errors import GameRuntimeError, SpecError
from playa_rules.render.markdown import rules_markdown

GAME = Path(__file__).parent.parent / "games" / "call-suit.yaml"
TEXT = GAME.read_text(encoding="utf-8")


def _write(tmp_path, text: str) -> Path:
    assert text != TEXT
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _error(tmp_path, text: str, code: str):
    with pytest.raises(SpecError) as exc:
        pr.load(_write(tmp_path, text))
    return next(d for d in exc.value.diagnostics if d.code == code)


@pytest.mark.parametrize("backend", ["closures", "generated"])
def test_the_leader_names_a_suit_from_a_list_of_texts(monkeypatch, backend):
    rules = load_with(monkeypatch, backend, GAME)
    game = rules.new_game(2, seed=1)
    actions = game.legal_actions()
    assert [str(a) for a in actions] == ["call clubs", "call diamonds", "call hearts", "call spades"]
    assert [a.id for a in actions] == [0, 1, 2, 3]  # one digit per suit of the list, in its order
    game.apply("call hearts")
    assert game.view(0)["vars"]["hand"]["called"] == "hearts"


def test_one_of_a_list_computed_while_playing_is_refused_with_a_hint(tmp_path):
    text = TEXT.replace("suit: {one_of: suits}", 'suit: {one_of: "[s in suits where s != hand.called]"}')
    d = _error(tmp_path, text, "not-constant")
    assert d.path == "/actions/call/params/suit/one_of"
    assert "require" in d.hint


def test_number_in_takes_the_name_of_a_parameter_holding_low_and_high():
    game = pr.load(GAME).new_game(2, seed=1)
    game.apply("call clubs")
    assert [str(a) for a in game.legal_actions()] == ["bid 0", "bid 1", "bid 2"]


def test_number_in_naming_something_else_is_a_bad_range(tmp_path):
    d = _error(tmp_path, TEXT.replace("n: {number_in: bids}", "n: {number_in: suits}"), "bad-range")
    assert d.path == "/actions/bid/params/n"


def test_pairs_make_one_card_per_rank_with_its_letter_for_each_suit():
    m = pr.load(GAME).program.model
    assert len(m.labels) == 20  # 4 suits x 5 paired ranks, not 4 x 5 x 5
    assert m.labels[:5] == ["Ac", "2c", "3c", "4c", "5c"]
    assert [m.props["rank"][c] for c in range(5)] == [1, 2, 3, 4, 5]


def test_pairs_of_unequal_lengths_are_refused(tmp_path):
    d = _error(tmp_path, TEXT.replace('letter: [A, "2", "3", "4", "5"]', 'letter: [A, "2"]'), "bad-pairs")
    assert d.message.endswith("not 5 values of 'rank', 2 values of 'letter'")


def test_a_label_reads_a_table_keyed_by_text():
    labels = pr.load(GAME).program.model.labels
    assert {labels[0][-1], labels[5][-1], labels[10][-1], labels[15][-1]} == {"c", "d", "h", "s"}


def test_a_label_reading_a_missing_entry_shows_a_question_mark(tmp_path):
    path = _write(tmp_path, TEXT.replace("diamonds: d, ", ""))
    assert pr.load(path).program.model.labels[5] == "A?"


def test_a_table_keyed_by_text_scores_each_card_by_its_suit():
    game = pr.load(GAME).new_game(2, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    view = game.view(0)
    points = {"clubs": 1, "diamonds": 2, "hearts": 3, "spades": 4}
    for seat, score in zip(view["seats"], game.scores()):
        won = seat["zones"]["won"]
        bonus = 5 if len(won) == seat["vars"]["bid"] else 0
        assert score == sum(points[c["suit"]] for c in won) + bonus


def test_seat_turns_a_number_kept_in_a_variable_into_a_seat(tmp_path):
    rules = pr.load(
        _write(tmp_path, TEXT.replace('hand: {called: "", leader: 0}', 'hand: {called: "", leader: 1}'))
    )
    game = rules.new_game(3, seed=2)
    game.apply("call clubs")
    for _ in range(3):
        game.apply("bid 0")
    assert game.current_player == 1  # the play phase starts from seat(hand.leader)


def test_seat_of_a_number_that_is_no_seat_is_a_located_runtime_error(tmp_path):
    path = _write(tmp_path, TEXT.replace('hand: {called: "", leader: 0}', 'hand: {called: "", leader: 7}'))
    game = pr.load(path).new_game(3, seed=2)
    game.apply("call clubs")
    game.apply("bid 0")
    game.apply("bid 0")
    with pytest.raises(GameRuntimeError, match=r"runtime-error: seat\(7\): the seats are numbered 0 to 2"):
        game.apply("bid 0")


def test_a_seat_argument_must_be_a_number(tmp_path):
    d = _error(tmp_path, TEXT.replace("seat(hand.leader).won", "seat(hand.called).won"), "type-error")
    assert d.message == "the argument of 'seat' must be a number, but this is a text"


def test_choices_ranges_and_pairs_read_as_rules_in_each_language():
    rules = pr.load(GAME)
    for lang, value, named, pairs in (
        ("en", "one value of `suits`", "a whole number in the range `bids`", "one for each position"),
        ("it", "un valore di `suits`", "un numero intero nell'intervallo `bids`", "uno per ogni posizione"),
        ("es", "un valor de `suits`", "un número entero en el intervalo `bids`", "uno por cada posición"),
    ):
        md = rules_markdown(rules, lang)
        assert value in md and named in md and pairs in md
