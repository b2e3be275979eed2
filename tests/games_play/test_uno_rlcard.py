"""UNO (tests/games/uno.yaml), written from the docs, compared with RLCard's UNO (PyPI
``rlcard``, rlcard/games/uno: an implementation of its own, not OpenSpiel's) move by move
over seeded games. RLCard plays a seeded game of its own; every card it deals, turns up or
draws (after the discard pile is shuffled back into the draw pile too) and every colour it
chooses at random is the outcome given to our game at its chance event, whose odds must be
those of RLCard's draw pile at that moment. At every decision the same seat acts with the
same legal moves (ours written as RLCard's action strings); after every move the draw
pile, the discard pile and both hands hold as many cards in both, and the colour and symbol
to match are the same; at the end the payoffs are the scores. A game with a draw pile
refilled from its discard: the refills are counted and must happen."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import playa_rules as pr

pytest.importorskip("rlcard", reason="rlcard is not installed (pip install rlcard)")

import numpy as np  # noqa: E402  (rlcard brings numpy)
import rlcard.games.uno.game as uno_game  # noqa: E402
from rlcard.games.uno.dealer import UnoDealer  # noqa: E402

GAMES = Path(__file__).resolve().parent.parent / "games"
COLOURS = {"r": "red", "g": "green", "b": "blue", "y": "yellow"}
SYMBOLS = {"draw_2": "draw two", "wild": "wild", "wild_draw_4": "wild draw four"}


def _face(card) -> str:
    """An RLCard card as our label: 'r-draw_2' is 'red draw two', a wild of any colour 'wild'."""
    if card.type == "wild":
        return SYMBOLS[card.trait]
    return f"{COLOURS[card.color]} {SYMBOLS.get(card.trait, card.trait)}"


def _theirs(text: str) -> str:
    """Our action as RLCard's action string: 'play red 5' is 'r-5', 'play wild draw four
    calling blue' is 'b-wild_draw_4', 'draw' is 'draw'."""
    if text == "draw":
        return text
    card = text.removeprefix("play ")
    initial = {name: letter for letter, name in COLOURS.items()}
    if " calling " in card:
        card, colour = card.split(" calling ")
        return f"{initial[colour]}-{ {v: k for k, v in SYMBOLS.items()}[card] }"
    colour, symbol = card.split(" ", 1)
    return f"{initial[colour]}-{ {v: k for k, v in SYMBOLS.items()}.get(symbol, symbol) }"


class _Deck(list):
    """RLCard's draw pile, noting each card taken (with the pile it was taken from) and each
    time the discard pile is shuffled back into it."""

    def __init__(self, cards, events: list):
        super().__init__(cards)
        self.events = events

    def pop(self, *args):
        pile = Counter(_face(c) for c in self)
        card = super().pop(*args)
        self.events.append(("draw", _face(card), pile))
        return card

    def extend(self, cards):
        self.events.append(("refill",))
        super().extend(cards)


class _Random(np.random.RandomState):
    """RLCard's generator, noting each colour it chooses at random."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.events: list = []

    def choice(self, *args, **kw):
        chosen = super().choice(*args, **kw)
        self.events.append(("colour", COLOURS[str(chosen)]))
        return chosen


class _Dealer(UnoDealer):
    def __init__(self, np_random):
        super().__init__(np_random)
        self.deck = _Deck(self.deck, np_random.events)


def _feed(game, events: list, seen: dict) -> None:
    """Give our game, at each of its chance events, RLCard's outcome, after checking the odds.
    A card drawn from a pile of one kind of card decides nothing (in RLCard no
    chance event there, a forced one of probability 1 in ours, which takes it)."""
    while game.is_chance:
        outcomes = game.chance_outcomes()
        if len(outcomes) == 1:  # a forced draw: every card left shows one face
            while events and events[0][0] == "refill":
                seen["refills"] += events.pop(0)[0] == "refill"
            if events and events[0][0] == "draw" and len(events[0][2]) == 1:
                assert str(outcomes[0][0]) == f"{events[0][1]} from deck", (events[0], outcomes)
                events.pop(0)
            assert outcomes[0][1] == 1, outcomes
            game.apply(outcomes[0][0])
            continue
        while events and (events[0][0] == "refill" or (events[0][0] == "draw" and len(events[0][2]) == 1)):
            seen["refills"] += events.pop(0)[0] == "refill"
        if not events:
            raise AssertionError("a chance event only in ours")
        event = events.pop(0)
        ours = {str(o): (o, p) for o, p in game.chance_outcomes()}
        if event[0] == "draw":
            pile = event[2]
            odds = {f"{face} from deck": Fraction(n, sum(pile.values())) for face, n in pile.items()}
            want = f"{event[1]} from deck"
        else:
            odds = {f"choose {c}": Fraction(1, 4) for c in COLOURS.values()}
            want = f"choose {event[1]}"
        assert {k: v[1] for k, v in ours.items()} == odds, (event, sorted(ours))
        game.apply(ours[want][0])
        seen["chance"] += 1
    seen["refills"] += sum(e[0] == "refill" for e in events)
    forced = [e for e in events if e[0] == "draw" and len(e[2]) == 1]
    assert game.is_over or [e for e in events if e[0] != "refill" and e not in forced] == [], events
    events.clear()


def _same_table(game, theirs) -> None:
    """The piles and hands hold as many cards in both; the same colour and symbol to match."""
    view = game.view(0)
    target = theirs.round.target
    assert len(view["zones"]["deck"]) == len(theirs.dealer.deck)
    assert len(view["zones"]["discard"]) == len(theirs.round.played_cards)
    assert [len(s["zones"]["hand"]) for s in view["seats"]] == [len(p.hand) for p in theirs.players]
    assert view["vars"]["hand"]["colour"] == COLOURS[target.color]
    assert view["vars"]["hand"]["symbol"] == SYMBOLS.get(target.trait, target.trait)


def _at_random(theirs, legal: list, rng: random.Random) -> str:
    return rng.choice(legal)


def play_both(rules, seed: int, monkeypatch, choose=_at_random, players: int = 2) -> dict:
    """One seeded game in both at once, the moves chosen by ``choose`` from RLCard's legal
    ones; the decisions, chance events and refills seen. Any difference fails an assertion."""
    monkeypatch.setattr(uno_game, "Dealer", _Dealer)
    theirs = uno_game.UnoGame(num_players=players)
    theirs.np_random = _Random(seed)
    theirs.init_game()
    events = theirs.np_random.events
    game = rules.new_game(players, seed=seed, chance="explicit")
    rng = random.Random(seed)
    seen = {"decisions": 0, "chance": 0, "refills": 0}
    _feed(game, events, seen)
    while not theirs.is_over():
        assert not game.is_over, "ours ended first"
        _same_table(game, theirs)
        assert game.current_player == theirs.get_player_id()
        ours = {_theirs(str(a)): a for a in game.legal_actions()}
        legal = sorted(set(theirs.get_legal_actions()))
        assert sorted(ours) == legal, (seed, seen["decisions"])
        move = choose(theirs, legal, rng)
        theirs.step(move)
        game.apply(ours[move])
        seen["decisions"] += 1
        _feed(game, events, seen)
    assert game.is_over, "theirs ended first"
    if players == 2:  # RLCard's payoffs are for two players only
        assert [int(s) for s in game.scores()] == theirs.get_payoffs()
    assert game.winners() == theirs.round.winner
    return seen


def _play_many(seeds, monkeypatch, players: int = 2) -> Counter:
    rules = pr.load(GAMES / "uno.yaml")
    totals = Counter()
    for seed in seeds:
        totals.update(play_both(rules, seed, monkeypatch, players=players))
    return totals


# Seeds whose random two-player game runs RLCard's draw pile out (about 1 game in 60 does).
REFILLING = [25, 85, 94, 129, 202, 229]


def test_uno_agrees_with_rlcard_move_by_move(monkeypatch):
    """40 seeded two-player games: every decision, card and colour the same."""
    seen = _play_many(range(40), monkeypatch)
    assert seen["decisions"] > 40 * 20 and seen["chance"] > 40 * 20


@pytest.mark.parametrize("seed", REFILLING)
def test_the_discard_pile_refills_the_draw_pile_as_in_rlcard(monkeypatch, seed):
    """Games where the draw pile runs out: the cards drawn after the discard pile is shuffled
    back into it are RLCard's, with the odds of RLCard's refilled pile."""
    assert _play_many([seed], monkeypatch)["refills"] >= 1


def test_uno_for_three_and_four_agrees_with_rlcard(monkeypatch):
    """With more players a reverse changes who plays next: 15 games of each."""
    for players in (3, 4):
        assert _play_many(range(15), monkeypatch, players)["decisions"] > 15 * 20


@pytest.mark.slow
@pytest.mark.parametrize("players, games", [(2, 3000), (3, 500), (4, 500)])
def test_uno_agrees_with_rlcard_over_thousands_of_games(monkeypatch, players, games):
    """Thousands of seeded games: 0 mismatches; the draw pile is refilled in about one game in
    60 with two players, one in 100 or more with three or four."""
    seen = _play_many(range(games), monkeypatch, players)
    assert seen["refills"] >= games // 200


def test_uno_with_the_closures_alone_agrees_with_rlcard(monkeypatch):
    """The same comparison with the closures backend (no generated code), a refill included."""
    from backend_switch import load_with

    rules = load_with(monkeypatch, "closures", GAMES / "uno.yaml")
    seen = Counter()
    for seed in [*range(5), REFILLING[0]]:
        seen.update(play_both(rules, seed, monkeypatch))
    assert seen["refills"] >= 1


def _told_apart(tmp_path, monkeypatch, old: str, new: str, seeds) -> bool:
    text = (GAMES / "uno.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "uno.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    rules = pr.load(path)
    for seed in seeds:
        try:
            play_both(rules, seed, monkeypatch)
        except AssertionError:
            return True
    return False


def test_a_refill_that_keeps_the_top_card_is_told_apart(tmp_path, monkeypatch):
    """The printed rules keep the top card of the discard pile when the rest is shuffled into
    the draw pile; RLCard shuffles it in too, and the comparison sees the difference."""
    keep_top = "move [c in discard where c != top(discard)] to deck"
    assert _told_apart(tmp_path, monkeypatch, "move discard to deck", keep_top, REFILLING)


def test_a_drawn_card_of_the_symbol_to_match_laid_at_once_is_told_apart(tmp_path, monkeypatch):
    old = "else if drawn.colour == hand.colour {"
    new = "else if drawn.colour == hand.colour or drawn.symbol == hand.symbol {"
    assert _told_apart(tmp_path, monkeypatch, old, new, range(20))
