"""Loading rules with one backend or the other, for the tests that compare them."""

from __future__ import annotations

import json
import random

import playa_rules as pr
from playa_rules import rules as rules_module


def load_with(monkeypatch, backend: str, name, variants=()):
    """``pr.load(name, variants)`` with the generated backend or the closures alone
    (``PLAYA_RULES_BACKEND=closures``), the rules cache cleared around it."""
    if backend == "closures":
        monkeypatch.setenv("PLAYA_RULES_BACKEND", "closures")
    else:
        monkeypatch.delenv("PLAYA_RULES_BACKEND", raising=False)
    rules_module._CACHE.clear()
    try:
        return pr.load(name, variants=list(variants))
    finally:
        rules_module._CACHE.clear()


def play_alike(generated, closures, players: int, seeds, views: bool = False) -> list[str]:
    """Seeded random games of both loads: the same legal actions at every decision (and,
    with ``views``, every seat's view and the whole one), the same logs, scores and winners.
    Returns the texts of the actions chosen, in order."""
    chosen = []
    for seed in seeds:
        a, b = generated.new_game(players, seed=seed), closures.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            la, lb = a.legal_actions(), b.legal_actions()
            texts = la.texts()
            assert texts == lb.texts()
            i = rng.randrange(len(la))
            chosen.append(texts[i])
            a.apply(la[i])
            b.apply(lb[i])
            if views:
                for seat in (*range(players), None):
                    assert json.dumps(a.view(seat)) == json.dumps(b.view(seat))
        assert b.is_over and a.log == b.log
        assert a.scores() == b.scores() and a.winners() == b.winners()
    return chosen
