"""What a replay checks of a log's content against the game it rebuilds (engine.replay).

A log's decisions are applied by id and its chance outcomes taken by id; the rest of an
event is what the game writes of them and of their consequences: an action's text, a chance
event's outcome text and probability, a hand's scores, the end's scores and winners. A log
whose text or numbers say otherwise than its ids was edited (or is of other rules), and is
refused naming the event, the field, what the log has and what the replay gives there.
"""

from __future__ import annotations

import json

from ..errors import PlayaRulesError, shown

# the events whose every field the replay writes again, by the kind of event
_REWRITTEN = ("action", "chance", "score", "end")


def action_text(game, i: int, ev: dict) -> None:
    """A PlayaRulesError when the logged decision ``ev`` (event ``i``) names another action
    than its id is now (checked before it is applied: an id that is not legal is the replay's)."""
    if "action" not in ev:
        return
    if ev["event"] == "chose":
        legal = game.legal_actions(ev["seat"]) if ev["seat"] in game.acting else ()
        a = next((x for x in legal if x.id == ev["id"]), None)
    else:
        a = game._action_by_id(ev["id"])
    if a is None:
        return  # not legal here: applying it says so
    text = a.text_with(game.m)
    if ev["action"] != text:
        raise _differs(i, ev, "action", text, f"its id {ev['id']} is the action {text!r} there")


def rewritten(log: list, game) -> None:
    """A PlayaRulesError at the first action, chance, score or end event of ``log`` that differs
    from the one the replayed ``game`` wrote (the n-th of its kind against the n-th): a field
    of the log that the replay writes otherwise."""
    mine = game.log
    for kind in _REWRITTEN:
        theirs = [(i, ev) for i, ev in enumerate(log) if ev["event"] == kind]
        ours = [ev for ev in mine if ev["event"] == kind]
        for (i, ev), own in zip(theirs, ours):
            for key, value in own.items():
                if key in ev and _json(ev[key]) != _json(value):
                    raise _differs(i, ev, key, value, f"the replay gives {_shown(value)} there")


def _json(value) -> str | None:
    """``value`` as JSON text, to compare a logged field with the replay's (None: no JSON has it)."""
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):  # (a field the log's checks leave free, forged unwritable)
        return None


def _shown(value) -> str:
    text = _json(value) if isinstance(value, (list, dict)) else None
    return shown(value if text is None else json.loads(text))


def _differs(i: int, ev: dict, key: str, value, why: str) -> PlayaRulesError:
    return PlayaRulesError(
        f"event {i} ({shown(ev['event'])}) of the log has {_shown(ev[key])} as its {key!r}, but {why}: "
        f"the log was edited or is of other rules (replay needs each field as game.log writes it)"
    )
