"""Helpers to build rulebook situations of Piece Craft's pirate gold card game in a real game.

Reading uses the public API (``view``, ``legal_actions``, ``log``). Arranging a position
(which card is on top of the deck, gold already banked) touches the engine's internals;
this is the complete list, so that a change to the engine shows up here:

``game.g.zones`` (lists of component ids, the last on top), ``game.g.move(c, z)``,
``game.g.settle_all(z)`` (decides the whole order of a shuffled zone, see engine.chance),
``game.g.pmvars["tokens"]`` and ``game.g.mvars["deck_tokens"]`` (variables of the rule
file), ``game.m.zone_index(name, seat=...)``, ``game.m.props["kind"|"gold"][c]``, and
``game._set_legal(game._current_legal())`` after changing the state by hand.
"""

from __future__ import annotations

import playa_rules as pr

GAME = "pirate-gold-cards"


def rules():
    """The bundled rules."""
    return pr.load(GAME)


def new(players: int, seed=0):
    """A new game; seat 0 is the first start player."""
    return rules().new_game(players, seed=seed)


def zone(game, name: str, seat: int | None = None) -> list[int]:
    """The component ids of a zone instance, bottom first."""
    return game.g.zones[game.m.zone_index(name, seat=seat)]


def kind(game, c: int) -> str:
    return game.m.props["kind"][c]


def gold_of(game, c: int) -> int:
    return game.m.props["gold"][c]


def card_spec(game, c: int) -> str:
    """'pirate', 'treasure_box', or the gold value as text ('1', '2', '3')."""
    return kind(game, c) if kind(game, c) != "gold" else str(gold_of(game, c))


def decide_deck(game) -> None:
    """Decide the whole order of the shuffled deck now (it is decided card by card as it
    is drawn otherwise), so that a helper can rearrange it as a plain list."""
    game.g.settle_all(game.m.zone_index("deck"))


def stack_deck(game, top: list[str]) -> None:
    """Put the named cards on top of the deck, ``top[0]`` drawn first: each entry is
    'pirate', 'treasure_box' or a gold value '1', '2', '3'."""
    decide_deck(game)
    deck_index = game.m.zone_index("deck")
    placed: list[int] = []
    for spec in reversed(top):
        c = next(c for c in zone(game, "deck") if card_spec(game, c) == spec and c not in placed)
        game.g.move(c, deck_index)
        placed.append(c)
    drawn = [card_spec(game, c) for c in reversed(zone(game, "deck"))][: len(top)]
    assert drawn == top, drawn


def gold_only_on_top(game, n: int) -> None:
    """The next ``n`` cards drawn are gold (the specials go to the bottom of the deck)."""
    decide_deck(game)
    deck = zone(game, "deck")
    specials = [c for c in deck if kind(game, c) != "gold"]
    for c in specials:
        deck.remove(c)
    deck[0:0] = specials
    assert all(kind(game, c) == "gold" for c in deck[-n:])


def bank_gold(game, seat: int, total: int) -> None:
    """Move gold cards from the deck to ``seat``'s bank until it holds ``total`` more gold."""
    target = game.m.zone_index("bank", seat=seat)
    while total > 0:
        golds = [c for c in zone(game, "deck") if kind(game, c) == "gold" and gold_of(game, c) <= total]
        c = max(golds, key=lambda c: gold_of(game, c))  # the largest card that fits
        game.g.move(c, target)
        total -= gold_of(game, c)


def put_beside(game, specs: list[str]) -> None:
    """Special cards already seen this round: moved from the deck to beside it."""
    target = game.m.zone_index("beside_deck")
    for spec in specs:
        c = next(c for c in zone(game, "deck") if card_spec(game, c) == spec)
        game.g.move(c, target)


def set_tokens(game, tokens: list[int], beside: int = 0) -> None:
    game.g.pmvars["tokens"][:] = tokens
    game.g.mvars["deck_tokens"] = beside


def refresh(game) -> None:
    """Recompute the legal actions after changing the state by hand."""
    game._set_legal(game._current_legal())


def tokens(game) -> list[int]:
    """Each seat's treasure tokens, from the public view."""
    return [s["vars"]["tokens"] for s in game.view(0)["seats"]]


def beside_tokens(game) -> int:
    return game.view(0)["vars"]["match"]["deck_tokens"]


def texts(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def gold_in(game, name: str, seat: int) -> int:
    return sum(gold_of(game, c) for c in zone(game, name, seat=seat))


def actions_since(game, start: int) -> list[tuple[int, str]]:
    """(seat, action text) of the log's action events from index ``start``."""
    return [(e["seat"], e["action"]) for e in game.log[start:] if e["event"] == "action"]
