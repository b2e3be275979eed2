"""A ``position_in`` parameter with no check (Playa Pirata's telescope: ``spot: {position_in:
beach}``) is listed with no comprehension and no call of a Python function: each component
paired with its position by ``zip`` over the zone and its range, in C; one with checks (the
map's ``face_down``) by a statement loop, no comprehension either (compiler/listing.py). The
same pairs, and the same games on both backends."""

from __future__ import annotations

import re

from backend_switch import load_with, play_alike


def _card_step_source(rules) -> str:
    card = next(s.plan for p in rules.program.phases for s in p.steps if s.id == "card")
    card(*_first_card_step(rules))  # (compiled when first called)
    return rules.program.generated[int(card.__code__.co_filename.rsplit(" ", 1)[1].rstrip(">"))]


def _first_card_step(rules):
    from playa_rules.engine.legal import Legal

    game = rules.new_game(3, seed=1)
    while game.g.step_i != 0 or game.g.phase_i != 1:  # the first turn's burials, then a card step
        game.apply(game.legal_actions()[0])
    return game.g, game.g.seat, Legal()


def test_the_telescope_is_listed_by_zip_and_plays_as_the_closures_play(monkeypatch):
    generated = load_with(monkeypatch, "generated", "playa-pirata")
    closures = load_with(monkeypatch, "closures", "playa-pirata")
    play_alike(generated, closures, 3, seeds=range(3))
    source = _card_step_source(generated)
    ns = next(s.plan for p in generated.program.phases for s in p.steps if s.id == "card").__globals__
    pairing = [name for name, value in ns.items() if value is zip]
    assert len(pairing) == 1 and re.search(rf"list\({pairing[0]}\(\(_x\d+ := ", source), source
    assert "[(" not in source  # (no list comprehension left in the step's listing)
