"""Rebuilding a game from its log: ``pr.replay(rules, game.log)``, no seed needed.

The full log (``game.log``) holds every chance outcome and every decision by id; the
chance outcomes are queued and taken, in order, wherever the rules need chance, and the
decisions are applied in order (moves of seats the rules play themselves follow by
themselves). A seat's log (``log_for``) leaves out what the seat did not know, so it
cannot rebuild a game.
"""
from __future__ import annotations

from ..errors import IllegalAction, PlayaRulesError
from .game import Game


def replay(rules, log: list, chance: str = "sample", seed=None) -> Game:
    """The game ``log`` records, rebuilt from the outcomes and decisions in it.

    Once the log is used up the game goes on as ``chance`` says: drawing from a generator
    seeded with ``seed``, or stopping at chance nodes (``"explicit"``).
    """
    if not isinstance(log, list) or not log or not isinstance(log[0], dict) or log[0].get("event") != "start":
        raise PlayaRulesError("a log to replay is the list game.log returns, starting with its 'start' event")
    start = log[0]
    if start.get("game") != rules.id:
        raise PlayaRulesError(f"this log is of '{start.get('game')}', not of '{rules.id}'")
    outcomes, actions = [], []
    for i, ev in enumerate(log):
        kind = ev.get("event") if isinstance(ev, dict) else None
        if kind in ("chance", "action") and "id" not in ev:
            raise PlayaRulesError(f"event {i} has no id: replay needs the full log (game.log), not a seat's log_for")
        if kind == "chance":
            outcomes.append(ev["id"])
        elif kind == "action":
            actions.append((i, ev))
    game = rules.new_game(start["players"], seed=seed, chance=chance, _queue=outcomes)
    auto = set(game.automata)
    for i, ev in actions:
        if ev["seat"] in auto:
            continue  # the rules play these seats themselves: their moves follow
        try:
            game.apply(ev["id"])
        except IllegalAction as exc:
            raise IllegalAction(f"the log does not fit these rules at event {i} ({ev.get('action')!r}): {exc}",
                                action=ev.get("id")) from None
    return game
