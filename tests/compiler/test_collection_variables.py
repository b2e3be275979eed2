"""Collection variables: a variable that starts as a list (``[]``, or values) holds a list of values (positions
seen, numbers called), grown with ``set V += [x]``, thinned with ``set V -= [x]`` (every
element equal to x), emptied with ``set V = []`` and read with ``contains`` and ``count``;
at most ``limits.MAX_COLLECTION`` values, the same in both backends."""

from __future__ import annotations

from pathlib import Path

import pytest
from backend_switch import load_with

from playa_rules.errors import GameRuntimeError, SpecError
from playa_rules.shared.limits import MAX_COLLECTION

CALLS = (Path(__file__).resolve().parent.parent / "games" / "called-numbers.yaml").read_text(encoding="utf-8")


def _rules(monkeypatch, tmp_path, backend, text=CALLS):
    path = tmp_path / "calls.yaml"
    path.write_text(text, encoding="utf-8")
    return load_with(monkeypatch, backend, path)


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_value_called_is_remembered_until_forgotten_or_cleared(monkeypatch, tmp_path, backend):
    game = _rules(monkeypatch, tmp_path, backend).new_game(2, seed=1)
    game.apply("call 2")
    assert "call 2" not in game.legal_actions().texts() and "forget 2" in game.legal_actions().texts()
    game.apply("call 4")
    assert game.view(None)["vars"]["hand"]["called"] == [2, 4]
    game.apply("forget 2")
    assert game.view(None)["vars"]["hand"]["called"] == [4]
    game.apply("call 1")
    game.apply("call 2")
    assert "clear" in game.legal_actions().texts()
    game.apply("clear")
    assert game.view(None)["vars"]["hand"]["called"] == []
    assert game.view(None)["seats"][1]["vars"]["seen"] == [[4, 1], [1, 1]]  # lists as values


def test_a_collection_is_set_with_lists_only(monkeypatch, tmp_path):
    with pytest.raises(
        SpecError, match=r"hand.called is a collection \(it starts as a list\): 'set \+=' takes a list"
    ):
        _rules(
            monkeypatch,
            tmp_path,
            "generated",
            CALLS.replace("set hand.called += [n]", "set hand.called += n"),
        )


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_collection_may_start_with_values_and_is_read_by_position(monkeypatch, tmp_path, backend):
    """Seeds in houses: a variable that starts as [4, 4, 4] is a collection too, its elements
    read with [i] and changed by giving the whole list again."""
    text = CALLS.replace("hand: {called: []}", "hand: {called: [], houses: [4, 4, 4]}")
    text = text.replace(
        "set hand.called += [n]",
        "set hand.called += [n]\n      set hand.houses = [if i == n - 1 then hand.houses[i] + 1 "
        "else hand.houses[i] for i in [0, 1, 2]]",
    )
    game = _rules(monkeypatch, tmp_path, backend, text).new_game(2, seed=1)
    assert game.view(None)["vars"]["hand"]["houses"] == [4, 4, 4]
    game.apply("call 2")
    assert game.view(None)["vars"]["hand"]["houses"] == [4, 5, 4]


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_one_item_of_a_list_is_set_or_added_to_by_its_position(monkeypatch, tmp_path, backend):
    """Seeds sown into one house: ``set hand.houses[n - 1] += 1``; a copy of the game made
    before keeps its own list."""
    text = CALLS.replace("hand: {called: []}", "hand: {called: [], houses: [4, 4, 4]}")
    text = text.replace("set hand.called += [n]", "set hand.called += [n]\n      set hand.houses[n - 1] += 1")
    game = _rules(monkeypatch, tmp_path, backend, text).new_game(2, seed=1)
    before = game.clone()
    game.apply("call 2")
    assert game.view(None)["vars"]["hand"]["houses"] == [4, 5, 4]
    assert before.view(None)["vars"]["hand"]["houses"] == [4, 4, 4]
    text = text.replace("set hand.houses[n - 1] += 1", "set hand.houses[n - 1] = 0")
    game = _rules(monkeypatch, tmp_path, backend, text).new_game(2, seed=1)
    game.apply("call 3")
    assert game.view(None)["vars"]["hand"]["houses"] == [4, 4, 0]


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_an_item_past_the_end_of_the_list_stops_the_game_at_its_position(monkeypatch, tmp_path, backend):
    text = CALLS.replace("hand: {called: []}", "hand: {called: [], houses: [4, 4, 4]}")
    text = text.replace("set hand.called += [n]", "set hand.called += [n]\n      set hand.houses[n] += 1")
    game = _rules(monkeypatch, tmp_path, backend, text).new_game(2, seed=1)
    game.apply("call 2")
    with pytest.raises(GameRuntimeError, match=r"no item 3 in a list of 3 items \(0 to 2\)"):
        game.apply("call 3")


def test_an_item_of_something_that_is_not_a_list_cannot_be_set(monkeypatch, tmp_path):
    text = CALLS.replace("hand: {called: []}", "hand: {called: [], count: 0}")
    text = text.replace("set hand.called += [n]", "set hand.called += [n]\n      set hand.count[0] = 1")
    with pytest.raises(SpecError, match=r"'set \.\.\.\[i\]' changes an item of a list, but this is"):
        _rules(monkeypatch, tmp_path, "generated", text)


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_collection_over_the_limit_stops_the_game_with_a_runtime_error(monkeypatch, tmp_path, backend):
    """A list parameter of MAX_COLLECTION values fits; one more value does not: a runtime error
    located at the ``set``."""
    text = CALLS.replace("players: [2]\n", f"players: [2]\nparameters:\n  many: {[0] * MAX_COLLECTION}\n")
    text = text.replace("set hand.called += [n]", "set hand.called += [n]\n      set me.seen = many")
    text = text.replace("set me.seen += [[n, me.index]]", "set me.seen += [n]")
    game = _rules(monkeypatch, tmp_path, backend, text).new_game(2, seed=1)
    with pytest.raises(
        GameRuntimeError,
        match=rf"calls.yaml:\d+:\d+: runtime-error: a collection of {MAX_COLLECTION + 1:,} values would be stored",
    ):
        game.apply("call 1")  # located at the set (found by tests/fuzz_shapes.py: it had no place)


def test_an_item_of_a_list_of_numbers_takes_a_number_when_the_rules_load(monkeypatch, tmp_path):
    text = CALLS.replace("hand: {called: []}", "hand: {called: [], houses: [4, 4, 4]}")
    text = text.replace("set hand.called += [n]", 'set hand.called += [n]\n      set hand.houses[0] = "x"')
    with pytest.raises(SpecError, match=r"an item of hand.houses must be a number, but this is a text"):
        _rules(monkeypatch, tmp_path, "generated", text)


CONTEST = (Path(__file__).resolve().parent.parent / "games" / "seat-lists.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_list_of_the_seats_still_in_reads_each_as_a_seat(monkeypatch, tmp_path, backend):
    """The players still in the contest, kept in a list that starts empty: each one's chips
    and hand are read from it (a list of seats once read as components: 'a component has no
    ... zone hand', found by tests/fuzz_shapes.py); the cards shown read their rank."""
    game = _rules(monkeypatch, tmp_path, backend, CONTEST).new_game(3, seed=2)
    hands = {s: [c["rank"] for c in game.view(s)["seats"][s]["zones"]["hand"]] for s in range(3)}
    game.apply("fold")
    game.apply("show 6")
    game.apply("fold")
    assert game.view(None)["vars"]["hand"]["contenders"] == [1]
    chips = sum(hands[1])
    assert game.scores() == [0, chips + 6, 0]


@pytest.mark.parametrize(
    "reading, message",
    [
        ("sum(p.rank for p in hand.contenders)", "a seat has no zone or variable 'rank'"),
        ("sum(c.chips for c in hand.shown)", "has no property, variable or zone 'chips'"),
    ],
)
def test_an_element_of_a_list_is_read_as_what_the_list_holds(monkeypatch, tmp_path, reading, message):
    """A seat's property of a card kept in a list, a card's of a seat: refused when the rules load."""
    text = CONTEST.replace("points: me.chips}", f'points: "{reading}"}}')
    with pytest.raises(SpecError, match=message):
        _rules(monkeypatch, tmp_path, "generated", text)


def test_a_list_given_both_seats_and_cards_holds_values_of_either(monkeypatch, tmp_path):
    """A list whose sets give seats and cards tells no kind: a seat's hand of one of its
    elements is refused (as of a component)."""
    text = CONTEST.replace("set hand.shown += [c]", "set hand.shown += [c]\n      set hand.contenders += [c]")
    with pytest.raises(SpecError, match="has no property, variable or zone 'hand'"):
        _rules(monkeypatch, tmp_path, "generated", text)


@pytest.mark.parametrize("backend", ["generated", "closures"])
def test_a_list_kept_from_its_own_items_still_reads_them_as_seats(monkeypatch, tmp_path, backend):
    """``set hand.contenders = [p in hand.contenders where p != me]`` reads the list itself: its
    items are the seats the other sets give (it was refused as 'a component has no ... hand')."""
    text = CONTEST.replace(
        "effect: set hand.contenders -= [me]",
        "effect: set hand.contenders = [p in hand.contenders where p != me]",
    )
    game = _rules(monkeypatch, tmp_path, backend, text).new_game(3, seed=2)
    for action in ("fold", "show 6", "fold"):
        game.apply(action)
    assert game.view(None)["vars"]["hand"]["contenders"] == [1]
    assert game.scores()[0] == game.scores()[2] == 0
