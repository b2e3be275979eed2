"""The fields of a log's events, as ``game.log`` writes them: what ``pr.replay`` checks in every
event before it uses the first (a forged or damaged log fails naming the event and the field,
never half-way through the game nor with Python's error).

One table, kind -> field -> (check, required). A check takes the value and what the log is
replayed on (:class:`Bounds`) and returns None when the value is fine, else what replay
needs there, in words.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from ..errors import PlayaRulesError, shown
from ..shared.limits import MAX_INT


class Bounds:
    """What the fields are checked against: the seats (people and automata), the action and
    chance outcome ids of the rules."""

    __slots__ = ("seats", "actions", "outcomes")

    def __init__(self, seats: int, actions: int, outcomes: int):
        self.seats, self.actions, self.outcomes = seats, actions, outcomes


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_INT


def whole(v, b) -> str | None:
    return None if _whole(v) else f"a whole number (at most {MAX_INT:,} in size)"


def counted(v, b) -> str | None:
    return None if _whole(v) and v >= 1 else "a whole number from 1"


def seat(v, b) -> str | None:
    return None if _whole(v) and 0 <= v < b.seats else f"a seat (0 to {b.seats - 1})"


def seat_or_none(v, b) -> str | None:
    return None if v is None else seat(v, b)


def action_id(v, b) -> str | None:
    if not _whole(v):
        return f"a whole number (at most {MAX_INT:,} in size)"
    return None if 0 <= v < b.actions else f"an action id (0 to {b.actions - 1})"


def outcome_id(v, b) -> str | None:
    if not _whole(v):
        return f"a whole number (at most {MAX_INT:,} in size)"
    return None if 0 <= v < b.outcomes else f"a chance outcome id (0 to {b.outcomes - 1})"


def text(v, b) -> str | None:
    return None if isinstance(v, str) else "a text"


def flag(v, b) -> str | None:
    return None if isinstance(v, bool) else "true or false"


def seed(v, b) -> str | None:
    if v is None or isinstance(v, str) or _whole(v):
        return None
    return f"a whole number (at most {MAX_INT:,} in size, as new_game takes it), a text or null"


def chance_kind(v, b) -> str | None:
    return None if v in ("draw", "roll", "choice") else "'draw', 'roll' or 'choice'"


def _fraction_text(v: str) -> bool:
    """A fraction as ``plain`` writes one (``str(Fraction)``: ``'7/2'``, ``'-1/3'``, reduced, no
    spaces), not any text."""
    if len(v) > 40 or not re.fullmatch(r"-?[0-9]+(/0*[1-9][0-9]*)?", v):
        return False
    value = Fraction(v)
    return str(value) == v and abs(value.numerator) <= MAX_INT


def _point(v) -> bool:
    if isinstance(v, str):
        return _fraction_text(v)
    return _whole(v) or (isinstance(v, float) and math.isfinite(v))


def scores(v, b) -> str | None:
    ok = isinstance(v, list) and len(v) == b.seats and all(_point(x) for x in v)
    return None if ok else f"a list of {b.seats} points (numbers, or fractions as text such as '7/2')"


def detail(v, b) -> str | None:
    ok = isinstance(v, list) and len(v) == b.seats and all(isinstance(d, dict) for d in v)
    return None if ok else f"a list of {b.seats} dicts (points by scoring rule)"


def winners(v, b) -> str | None:
    ok = isinstance(v, list) and len(v) <= b.seats and all(seat(x, b) is None for x in v)
    return None if ok else f"a list of seats (0 to {b.seats - 1})"


def anything(v, b) -> str | None:
    return None


REQUIRED, OPTIONAL = True, False

FIELDS: dict = {
    "start": {"game": (anything, REQUIRED), "players": (whole, REQUIRED), "seed": (seed, OPTIONAL),
              "chance": (text, OPTIONAL), "variants": (anything, OPTIONAL), "rules": (anything, OPTIONAL)},
    "hand": {"hand": (counted, REQUIRED), "start_player": (seat, REQUIRED)},
    "phase": {"phase": (text, REQUIRED)},
    "turn": {"seat": (seat, REQUIRED), "round": (counted, REQUIRED)},
    "action": {"seat": (seat, REQUIRED), "id": (action_id, REQUIRED), "action": (text, OPTIONAL),
               "sealed": (flag, OPTIONAL)},
    "chose": {"seat": (seat, REQUIRED), "id": (action_id, REQUIRED), "action": (text, OPTIONAL)},
    "blocked": {"seat": (seat, REQUIRED), "step": (text, REQUIRED)},
    "tell": {"seat": (seat_or_none, REQUIRED), "text": (text, REQUIRED)},
    "chance": {"kind": (chance_kind, OPTIONAL), "id": (outcome_id, REQUIRED), "outcome": (text, OPTIONAL),
               "zone": (text, OPTIONAL), "component": (text, OPTIONAL), "probability": (text, OPTIONAL)},
    "world": {"seat": (seat, REQUIRED)},
    "score": {"hand": (counted, REQUIRED), "scores": (scores, REQUIRED), "detail": (detail, OPTIONAL)},
    "end": {"scores": (scores, REQUIRED), "winners": (winners, REQUIRED)},
}  # fmt: skip


def check_event(ev: dict, i: int, bounds: Bounds) -> None:
    """A PlayaRulesError naming event ``i`` and its first field that is missing, not as
    game.log writes it, or one game.log never writes (the event's kind is already known to be
    one of FIELDS)."""
    kind = ev["event"]
    fields = FIELDS[kind]
    odd = next((key for key in ev if key not in fields and key != "event"), None)
    if odd is not None:
        raise PlayaRulesError(
            f"event {i} ({shown(kind)}) of the log has a field {shown(odd)} that game.log never "
            f"writes: a {shown(kind)} event has {', '.join(repr(k) for k in ('event', *fields))} "
            "(the log was edited or is not a playa-rules log)"
        )
    for key, (check, required) in fields.items():
        if key not in ev:
            if required:
                raise PlayaRulesError(
                    f"event {i} ({shown(kind)}) of the log has no '{key}': replay needs "
                    f"{check(None, bounds) or 'it'} there, as game.log writes it"
                )
            continue
        need = check(ev[key], bounds)
        if need is not None:
            raise PlayaRulesError(
                f"event {i} ({shown(kind)}) of the log has {shown(ev[key])} as its '{key}': replay "
                f"needs {need} there, as game.log writes it"
            )
