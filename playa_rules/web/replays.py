"""Replays: a saved log stepped through decision by decision, as one seat or as a spectator.

A replay is a full log (``game.log``, what ``play --log`` writes, or a finished table's)
and the rules it was played with. Step ``k`` is the game after its first ``k`` decisions:
``pr.replay`` of the log cut just before decision ``k + 1`` (the chance that came between
the two included). A seat sees its own view and log at that step; a spectator, who may
watch only a finished match, sees every face.
"""

from __future__ import annotations

import re

from ..engine.replay import replay
from ..errors import PlayaRulesError, shown
from ..shared import limits
from . import present
from .setup import checked, rules_of

MAX_EVENTS = 200_000  # events in a log a page may send


def checked_log(log) -> list:
    """A log as a page sent it, its shape checked (replay checks every event it reads)."""
    if not isinstance(log, list) or not log:
        raise PlayaRulesError("a log is the JSON list game.log returns (or play --log writes)")
    if len(log) > MAX_EVENTS:
        raise PlayaRulesError(f"a log of {len(log)} events is more than the {MAX_EVENTS} a replay takes")
    return log


def prepared(body) -> tuple[dict, list]:
    """The rules part of a replay request checked (as a table's) and its log checked to fit them
    whole: ``(setup, log)``, or a PlayaRulesError naming the field or the event at fault."""
    if not isinstance(body, dict):
        raise PlayaRulesError("a replay is asked for with a JSON object")
    log = checked_log(body.get("log"))
    players = log[0].get("players") if isinstance(log[0], dict) else None
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= limits.MAX_PLAYERS:
        raise PlayaRulesError(
            "event 0 of the log is not a 'start' event naming its players, as game.log writes it"
        )
    setup = checked(dict(body, players=players, seats=[{"kind": "person"}] * players))
    del setup["seats"]
    rules = rules_of(setup)
    if log[0].get("game") == rules.id:  # (a log of another game: replay says so first)
        _same_variants(log[0].get("variants"), rules.variants)
    at_step(rules, log, len(decisions(log)))
    return setup, log


def _same_variants(logged, chosen: list) -> None:
    """The log's variants against those ticked on the setup page, in the page's words (replay's
    own message, for a Python caller, says which ``pr.load`` call to make)."""
    if not isinstance(logged, list) or not all(isinstance(v, str) for v in logged) or logged == chosen:
        return  # (a malformed list is replay's to name; an old log names none)
    raise PlayaRulesError(
        f"this log was played with {_named(logged)}, and {_named(chosen)} "
        f"{'are' if len(chosen) > 1 else 'is'} ticked above: tick the "
        f"variants it was played with (or upload the file of one that is not bundled) and open the "
        f"replay again"
    )


def _named(ids: list) -> str:
    if not ids:
        return "no variant"
    return ("the variant " if len(ids) == 1 else "the variants ") + ", ".join(shown(v) for v in ids[:5])


def decisions(log: list) -> list[int]:
    """The index in ``log`` of each decision (``action`` event)."""
    return [i for i, ev in enumerate(log) if isinstance(ev, dict) and ev.get("event") == "action"]


def at_step(rules, log: list, step: int):
    """The game after the first ``step`` decisions of ``log``."""
    marks = decisions(log)
    cut = marks[step] if step < len(marks) else len(log)
    return replay(rules, log[:cut])


SPECTATOR = ("", "spectator")  # the replay API's seat parameter for one who sees every face


def frame_for_query(rules, log: list, step: str, seat: str) -> dict:
    """:func:`frame` for the replay API's query texts (``?step=3&seat=1``): ``step`` a whole
    number in figures, ``seat`` one too or ``spectator`` (or empty); any other text breaks the
    same rule as a number out of range, and is refused with its message (docs/web.md)."""
    return frame(rules, log, _figures(step), None if seat in SPECTATOR else _figures(seat))


_FIGURES = re.compile(r"-?[0-9]{1,18}")


def _figures(text: str):
    """The whole number ``text`` writes in figures (``-2``, ``17``; not ``+1``, ``1_0``, `` 1``
    or other digits), else the text itself, for the range check to refuse by name."""
    return int(text) if _FIGURES.fullmatch(text) else text


def frame(rules, log: list, step, seat) -> dict:
    """What the replay page shows at ``step`` for ``seat`` (None: a spectator). A bad step or seat
    is refused with the one rule it breaks: a seat is a whole number from 0 to the last seat, or
    a spectator for a finished match (the message names the value given)."""
    marks = decisions(log)
    finished = bool(log) and isinstance(log[-1], dict) and log[-1].get("event") == "end"
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(marks):
        raise PlayaRulesError(f"the step is a whole number from 0 to {len(marks)}, not {shown(step)}")
    game = at_step(rules, log, step)
    a_seat = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players
    if not (a_seat or (seat is None and finished)):
        given = "spectator: this match is not finished" if seat is None else shown(seat)
        raise PlayaRulesError(
            f"the seat is a whole number from 0 to {game.players - 1}, or spectator (or empty) "
            f"for a finished match; not {given}"
        )
    result = present.result_text(game, seat) if game.is_over else None
    return {
        "type": "replay",
        "step": step,
        "steps": len(marks),
        "finished": finished,
        "seat": seat,
        "players": game.players,
        "view": present.view_of(game, seat),
        "log": present.log_lines(game.log if seat is None else game.log_for(seat), seat, result),
        "over": game.is_over,
        "winners": game.winners() if game.is_over else [],
        "result": result,
    }
