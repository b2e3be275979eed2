"""Rebuilding a game from its log: ``pr.replay(rules, game.log)``, no seed needed.

The full log (``game.log``) holds every chance outcome and every decision by id; the
chance outcomes are queued and taken, in order, wherever the rules need chance, and the
decisions are applied in order (moves of seats the rules play themselves follow by
themselves). A seat's log (``log_for``) leaves out what the seat did not know, so it
cannot rebuild a game.
"""

from __future__ import annotations

from ..compiler.program import Program
from ..errors import IllegalAction, PlayaRulesError, shown
from ..shared.limits import MAX_INT
from .automata import seats_of
from .chance import CHANCE
from .game import Game
from .logfields import Bounds, check_event
from .replaycheck import action_text, rewritten

_KINDS = frozenset(
    (
        "start",
        "hand",
        "phase",
        "turn",
        "action",
        "chose",
        "blocked",
        "tell",
        "chance",
        "world",
        "score",
        "end",
    )
)


def _whole(ev: dict, i: int, key: str) -> int:
    """``ev[key]``, a whole number at most MAX_INT in size, or a PlayaRulesError naming the event
    and the field (a forged log's 10**5000 is refused here, before anything uses or prints it)."""
    value = ev.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_INT:
        what = "has no" if key not in ev else f"has {shown(value)} as its"
        raise PlayaRulesError(
            f"event {i} ({shown(ev.get('event'))}) of the log {what} '{key}': replay needs "
            f"a whole number there (at most {MAX_INT:,} in size), as game.log writes it"
        )
    return value


def _parts(rules, log) -> tuple[list, list]:
    """The chance outcome ids of ``log`` and its decisions ``(event index, event)``, every field
    replay reads checked (PlayaRulesError naming the event and the field)."""
    if not isinstance(log, list) or not log or not isinstance(log[0], dict) or log[0].get("event") != "start":
        raise PlayaRulesError("a log to replay is the list game.log returns, starting with its 'start' event")
    start = log[0]
    if start.get("game") != rules.id:
        raise PlayaRulesError(
            f"the log does not fit these rules: this log is of {shown(start.get('game'))}, not of {rules.id!r}"
        )
    _same_rules(start, rules)
    players = _whole(start, 0, "players")
    if players not in rules.player_counts:
        raise PlayaRulesError(
            f"event 0 ('start') of the log has {shown(players)} as its 'players', but "
            f"{rules.not_for(players)}"
        )
    bounds = Bounds(
        len(seats_of(rules.program, players)), rules.num_distinct_actions, rules.max_chance_outcomes
    )
    outcomes, actions, chances = [], [], []
    for i, ev in enumerate(log):
        kind = ev.get("event") if isinstance(ev, dict) else None
        if not isinstance(kind, str) or kind not in _KINDS:
            what = (
                f"{shown(ev)}, not a dict"
                if not isinstance(ev, dict)
                else "a dict with no 'event'"
                if "event" not in ev
                else f"of unknown kind {shown(kind)}"
            )
            raise PlayaRulesError(
                f"event {i} of the log is {what}: events are dicts whose 'event' is one of "
                f"{', '.join(sorted(_KINDS))}"
            )
        if kind in ("chance", "action", "chose") and "id" not in ev:
            raise PlayaRulesError(
                f"event {i} has no id: replay needs the full log (game.log), not a seat's log_for"
            )
        if kind == "start" and i:
            raise PlayaRulesError(f"event {i} of the log is a second 'start': a log has one, its first event")
        check_event(ev, i, bounds)  # every field as game.log writes it, before any event is used
        if kind == "chance":
            outcomes.append(ev["id"])
            chances.append(i)
        elif kind == "chose" or (kind == "action" and not ev.get("sealed")):
            actions.append((i, ev))  # (a sealed action follows from its 'chose' event)
    return outcomes, actions, chances


def _same_rules(start: dict, rules) -> None:
    """A PlayaRulesError when the start event names other variants or another rules digest than
    ``rules`` (a log written before logs recorded them has neither: nothing to check)."""
    if "variants" in start:
        logged = start["variants"]
        if not isinstance(logged, list) or not all(isinstance(v, str) for v in logged):
            raise PlayaRulesError(
                f"event 0 ('start') of the log has {shown(logged)} as its 'variants': replay needs "
                f"a list of variant ids there, as game.log writes it"
            )
        if logged != rules.variants:
            raise PlayaRulesError(
                f"the log does not fit these rules: it was played with {_variants(logged)}, these "
                f"rules have {_variants(rules.variants)}; load the rules it was played with, "
                f"pr.load({rules.id!r}, variants=[...])"
            )
    if "rules" in start and start["rules"] != rules.digest:
        raise PlayaRulesError(
            f"the log does not fit these rules: it was played under rules with the digest "
            f"{shown(start['rules'])}, these rules have {rules.digest!r} (the same game and "
            f"variants, but a rule file changed since: a value, an expression or a part)"
        )


def _variants(ids: list) -> str:
    if not ids:
        return "no variant"
    named = ", ".join(map(shown, ids[:5])) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
    return ("the variant " if len(ids) == 1 else "the variants ") + named


def replay(rules, log: list, chance: str = "sample", seed=None) -> Game:
    """The game ``log`` records, rebuilt from the outcomes and decisions in it.

    ``rules`` are the loaded rules the game was played with (variants included: the log
    names them, with a digest of the rules, and a log of other rules is refused). Once the log is used up the game goes on as ``chance`` says:
    drawing from a generator seeded with ``seed``, or stopping at chance nodes
    (``"explicit"``). A malformed log raises PlayaRulesError naming the event at fault.
    """
    if not isinstance(getattr(rules, "program", None), Program) or not hasattr(rules, "new_game"):
        raise PlayaRulesError(
            f"replay takes loaded rules, pr.load(game, variants=[...]) with the variants the "
            f"game was played with (its log's 'start' event names them), not {rules!r}"
        )
    outcomes, actions, chances = _parts(rules, log)
    try:
        game = rules.new_game(log[0]["players"], seed=seed, chance=chance, _queue=outcomes)
    except IllegalAction as exc:  # a chance outcome of the setup that these rules cannot take there
        raise _misfit(exc, chances, log, None) from None
    auto = set(game.automata)
    for i, ev in actions:
        if ev["seat"] in auto:
            continue  # the rules play these seats themselves: their moves follow
        if ev["event"] == "chose":  # a sealed choice of a simultaneous step: any seat still to choose
            if ev["seat"] not in game.acting:
                rewritten(log[:i], game)
                raise IllegalAction(
                    f"the log does not fit these rules at event {i} ({shown(ev.get('action'))}): it has "
                    f"seat {ev['seat']} choose where {_whose(game)}",
                    action=ev["id"],
                )
        elif ev["seat"] != game.current_player:
            rewritten(log[:i], game)  # an edited event before this one: that is the fault
            raise IllegalAction(
                f"the log does not fit these rules at event {i} ({shown(ev.get('action'))}): it has "
                f"seat {ev['seat']} act where {_whose(game)}",
                action=ev["id"],
            )
        action_text(game, i, ev)
        try:
            game.apply(ev["id"], seat=ev["seat"] if ev["event"] == "chose" else None)
        except IllegalAction as exc:
            if getattr(exc, "chance_index", None) is not None:
                raise _misfit(exc, chances, log, game) from None
            rewritten(log[:i], game)
            raise IllegalAction(
                f"the log does not fit these rules at event {i} ({shown(ev.get('action'))}): {exc}",
                action=ev.get("id"),
            ) from None
    rewritten(log, game)
    return game


def _whose(game) -> str:
    seat = game.current_player
    if seat is None:
        return "the game is over"
    return "a chance event comes first" if seat == CHANCE else f"seat {seat} is to act"


def _misfit(exc: IllegalAction, chances: list, log: list, game) -> PlayaRulesError:
    """The error of a logged chance outcome the rules cannot take where it comes, naming its event
    (or the error of an event before it that the replay wrote otherwise: an edited log's fault)."""
    k = exc.chance_index
    if game is not None and k < len(chances):
        try:
            rewritten(log[: chances[k]], game)
        except PlayaRulesError as edited:
            return edited
    where = (
        f"event {chances[k]} ({shown(log[chances[k]].get('outcome'))})"
        if k < len(chances)
        else "a chance event"
    )
    return IllegalAction(f"the log does not fit these rules at {where}: {exc}", action=exc.action)
