"""What the OpenSpiel and PettingZoo adapters share: rules from parameters, returns from
scores, stable texts for any action or chance id, and a bound on the game's length."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

from ..engine.actions import decode
from ..engine.chance import space
from ..errors import PlayaRulesError
from ..rules import load

#: how scores become returns (see docs/adapters.md)
RETURNS = ("win", "relative", "scores")


def variant_list(variants) -> list:
    """Variants as a list: given as one, or in a text separated by ',' or '+'."""
    if isinstance(variants, str):
        return [v.strip() for v in variants.replace("+", ",").split(",") if v.strip()]
    return list(variants or [])


def rules_from(rules, variants) -> object:
    """A rule set from adapter parameters: an id or path, and its variants (see variant_list)."""
    return load(rules, variants=variant_list(variants))


def people(rules, players) -> int:
    """The player count to use (the smallest the rules allow when not given)."""
    if players is None or players == -1:
        return rules.player_counts[0]
    if players not in rules.player_counts:
        raise PlayaRulesError(rules.not_for(players))
    return players


def returns_of(game, people_count: int, mapping: str) -> list[float]:
    """Per person (seats the rules play are left out), from the final scores.

    ``win``: winners share +1, the others share -1 (all 0 when everyone or nobody wins):
    zero-sum. ``relative``: a seat's score minus the mean score: zero-sum. ``scores``: the
    scores as they are: general-sum.
    """
    if mapping == "scores":
        return [float(s) for s in game.scores()[:people_count]]
    if mapping == "relative":
        scores = game.scores()[:people_count]
        mean = Fraction(sum(scores), len(scores))  # exact, for scores that are fractions too
        return [float(s - mean) for s in scores]
    won = [s for s in game.winners() if s < people_count]
    k = len(won)
    if k in (0, people_count):
        return [0.0] * people_count
    return [1.0 / k if s in won else -1.0 / (people_count - k) for s in range(people_count)]


def score_bound(value) -> float:
    """``max_abs_score`` checked: a positive finite number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < float("inf"):
        raise PlayaRulesError(
            f"max_abs_score is a positive number (the largest absolute score a match can "
            f"end with), not {value!r}"
        )
    return float(value)


def utility_bounds(mapping: str, people_count: int, bound: float) -> tuple[float, float]:
    """(min, max) of a person's return."""
    if mapping == "win":
        return -1.0, 1.0
    if mapping == "relative":
        return -bound * 2, bound * 2
    return -bound, bound


def action_text(rules, action_id: int) -> str:
    """A stable text for any action id of the rule set (PlayaRulesError for an id out of range)."""
    n = rules.num_distinct_actions
    if not 0 <= action_id < n:
        raise PlayaRulesError(f"action {action_id} is out of range: the action ids are 0 to {n - 1}")
    defs = list(rules.program.actions.values())
    found = decode(defs, action_id)
    if found is None:
        return f"action {action_id}"
    d, keys = found
    return f"{d.name} {list(keys)}" if keys else d.name


def chance_text(rules, outcome_id: int) -> str:
    """A stable text for any chance outcome id of the rule set (PlayaRulesError for an id out of range)."""
    n = rules.max_chance_outcomes
    if not 0 <= outcome_id < n:
        raise PlayaRulesError(
            f"chance outcome {outcome_id} is out of range: the outcome ids are 0 to {n - 1}"
        )
    m = rules.program.model
    sp = space(m)
    if outcome_id < sp.faces:
        return f"draw {sp.face_names[outcome_id]}"
    if outcome_id < sp.faces + len(sp.die_values):
        return f"roll {sp.die_values[outcome_id - sp.faces]}"
    return f"chance option {outcome_id - sp.faces - len(sp.die_values)}"


@lru_cache(maxsize=64)
def length_bound(source: tuple, players: int) -> int:
    """A bound on decisions plus chance events in one match: four times the longest of
    twenty seeded random matches, at least 50. The adapters stop a match that goes past
    it with an error rather than return a wrong bound silently."""
    rules = rules_from(source[0], list(source[1]))
    longest = 0
    for seed in range(20):
        game = rules.new_game(players, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            n += 1
        chance = sum(1 for ev in game._log if ev[0] == "chance")
        longest = max(longest, n + chance)
    return max(50, 4 * longest)
