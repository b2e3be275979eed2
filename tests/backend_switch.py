"""Loading rules with one backend or the other, for the tests that compare them."""

from __future__ import annotations

import json
import random

import playa_rules as pr
from playa_rules import rules as rules_module
from playa_rules.engine.flowcode import interpreted as interpreted_flow
from playa_rules.errors import PlayaRulesError


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


def play_alike(
    generated,
    closures,
    players: int,
    seeds,
    views: bool = False,
    errors: bool = False,
    steps: int | None = None,
    met: list | None = None,
    interpreted: bool = False,
) -> list[str]:
    """Seeded random games of both loads: the same legal actions at every decision (and,
    with ``views``, every seat's view and the whole one after every action, and every seat's
    log at the end), the same logs, scores and winners.
    With ``errors``, a library error (``PlayaRulesError``) where one backend meets it must be
    the same error, with the same message, on the other, and ends that game; the legal ids
    are compared too, and ``met`` (a list) gets the text of each such error. ``steps`` bounds
    the actions of each game. With ``interpreted``, the closures' game runs its flow between
    decisions through the interpreter (engine/flow.py), not the flow generated per rule set
    (engine/flowcode.py), so the flows are compared too. Returns the texts of the actions
    chosen, in order. A difference is an ``AssertionError`` saying where."""
    chosen = []
    for seed in seeds:
        where = f"{players} players, seed {seed}"
        games = _alike(lambda r: r.new_game(players, seed=seed), (generated, closures), errors, where, met)
        if games is None:
            continue
        a, b = games
        if interpreted:
            interpreter_only(b)
        rng, done = random.Random(seed), 0
        while not a.is_over and (steps is None or done < steps):
            at = f"{where}, after {chosen[len(chosen) - done :]}"
            listed = (lambda g: (g.legal_actions(), g.legal_action_ids())) if errors else _legal
            legal = _alike(listed, (a, b), errors, at, met)
            if legal is None:
                break
            (la, ia), (lb, ib) = legal
            texts = la.texts()
            assert texts == lb.texts(), f"legal actions differ ({at}): {texts} != {lb.texts()}"
            assert ia == ib, f"legal ids differ ({at}): {ia} != {ib}"
            i = rng.randrange(len(la))
            chosen.append(texts[i])
            done += 1
            at = f"{at}, then {texts[i]}"
            if _alike(lambda g: g.apply((la if g is a else lb)[i]), (a, b), errors, at, met) is None:
                break
            if views:
                for seat in (*range(players), None):
                    va, vb = json.dumps(a.view(seat)), json.dumps(b.view(seat))
                    assert va == vb, f"seat {seat}'s views differ ({at}): {va} != {vb}"
        assert a.is_over == b.is_over, f"one game is over, not the other ({where})"
        assert a.log == b.log, f"logs differ ({where}): {a.log} != {b.log}"
        for seat in range(players) if views else ():
            assert a.log_for(seat) == b.log_for(seat), f"seat {seat}'s logs differ ({where})"
        # the end's scores and winners (a tie-break may meet a library error: alike on both)
        ends = _alike(lambda g: (g.scores(), g.winners()), (a, b), errors, where, met) if a.is_over else None
        if ends is not None:
            (sa, wa), (sb, wb) = ends
            assert sa == sb, f"scores differ ({where}): {sa} != {sb}"
            assert wa == wb, f"winners differ ({where}): {wa} != {wb}"
    return chosen


def interpreter_only(game) -> None:
    """Make ``game`` run every step's flow through the interpreter (engine/flow.py), as
    tests/flow_games.py plays one game beside the other, instead of the flow generated per rule set."""
    game._after = [[interpreted_flow] * len(phase.steps) for phase in game.program.phases]


def _legal(game):
    return game.legal_actions(), None


def _alike(work, pair, errors: bool, where: str, met: list | None):
    """``work`` done on both of ``pair``: the two results, or None when both met the same
    library error (with ``errors``; without, an error goes up as it came)."""
    if not errors:
        return work(pair[0]), work(pair[1])
    out = []
    for x in pair:
        try:
            out.append(("ok", work(x)))
        except PlayaRulesError as exc:
            out.append(("error", f"{type(exc).__name__}: {exc}"))
    (ka, ra), (kb, rb) = out
    if ka == kb == "ok":
        return ra, rb
    assert (ka, ra) == (kb, rb), (
        f"errors differ ({where}): generated {ra if ka == 'error' else 'no error'}, "
        f"closures {rb if kb == 'error' else 'no error'}"
    )
    if met is not None:
        met.append(ra)
    return None
