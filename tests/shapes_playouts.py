"""A search's playouts of a generated rule file (tests/fuzz_shapes.py) compared: the logged
one, one action at a time through the interpreted flow, and the one that logs nothing, on each
backend."""

from __future__ import annotations

import json
import random

from backend_switch import interpreter_only

from playa_rules.errors import PlayaRulesError

PLAYOUT_STEPS = 400  # actions per playout at most


class _Capped(BaseException):
    """A playout's draw past ``PLAYOUT_STEPS`` actions (a BaseException: the library lets it by)."""


def _draws(seed: int):
    """``random.Random(seed).random``, raising :class:`_Capped` at its ``PLAYOUT_STEPS + 1``-th draw."""
    rng, drawn = random.Random(seed).random, 0

    def draw() -> float:
        nonlocal drawn
        drawn += 1
        if drawn > PLAYOUT_STEPS:
            raise _Capped
        return rng()

    return draw


def _playout(rules, players: int, seed: int, way: str):
    """A playout of ``way`` with the draws of ``seed``: the game, and its scores, None (not
    over), or the words saying it was stopped after ``PLAYOUT_STEPS`` actions."""
    game, draw = rules.new_game(players, seed=seed), _draws(seed)
    try:
        if way == "apply one at a time":
            interpreter_only(game)  # the flow between decisions interpreted
            legal = game.legal_actions()
            while legal:
                game.apply(legal[int(draw() * len(legal))])
                legal = game.legal_actions()
        else:
            game.play_at_random(draw, log=way == "play_at_random")
    except _Capped:  # compared as it stands: the same draws gave the same actions so far
        return game, f"not over after {PLAYOUT_STEPS} actions"
    return game, game.scores() if game.is_over else None


def playouts(generated, closures, players: int, seed: int) -> list[str]:
    """A search's playout, ``play_at_random(draw)``, against ``apply`` of the
    ``int(draw() * n)``-th legal action one at a time with the same draws (docs/api.md
    promises the very same actions), on each backend, and the two backends alike: the same
    log and scores, or the same library error. And on each backend the playout that logs
    nothing (``play_at_random(draw, log=False)``, the search's) against that logged one: the
    same state, scores or error. A playout is stopped after ``PLAYOUT_STEPS`` actions (a
    repeated step offering thousands of actions may take tens of thousands of random ones)."""
    outcomes, problems = {}, []
    for backend, rules in (("generated", generated), ("closures", closures)):
        ends = []  # the logged playout's and the unlogged one's
        for way in ("play_at_random", "apply one at a time", "logging nothing"):
            try:
                game, scores = _playout(rules, players, seed, way)
                if way != "logging nothing":
                    outcomes[backend, way] = (json.dumps(game.log, default=str), scores)
                if way != "apply one at a time":
                    g = game.g
                    state = g.__getstate__() | {"log": None, "_rng": g._rng and g._rng.getstate()}
                    ends.append((str(state), scores))
            except PlayaRulesError as exc:
                outcome = f"{type(exc).__name__}: {exc}"
                if way != "logging nothing":
                    outcomes[backend, way] = outcome
                if way != "apply one at a time":
                    ends.append(outcome)
            except Exception as exc:  # noqa: BLE001
                return [f"{backend}, {way}, {players} players: {type(exc).__name__}: {exc}"[:1500]]
        if ends[0] != ends[1] and not problems:
            problems.append(
                f"{players} players, playout of seed {seed}: {backend}, logging nothing differs from the "
                f"logged playout: {str(ends[1])[:600]} != {str(ends[0])[:600]}"
            )
    first = next(iter(outcomes.values()))
    return [
        f"{players} players, playout of seed {seed}: {backend}, {way} differs from the generated backend's "
        f"play_at_random: {str(outcome)[:600]} != {str(first)[:600]}"
        for (backend, way), outcome in outcomes.items()
        if outcome != first
    ][:1] + problems
