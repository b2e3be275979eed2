"""Which legal action a caller means: an Action object, its text or its integer id (an int, or
an integer-like such as numpy's ``int64``, though never a bool).

An action made for this decision is recognised by its stamp at once; anything else is
looked up among the legal actions, and what is not legal raises
:class:`~playa_rules.errors.IllegalAction` with a hint (the closest legal text, or the legal
actions of its kind when only a number differs) and the legal texts.
"""

from __future__ import annotations

import operator
import re

from ..errors import IllegalAction, shown
from ..shared.spelling import closest
from .actions import Action, decode
from .state import OVER

_NUMBER = re.compile(r"-?\d+")
LISTED = 10  # the legal actions of a kind an IllegalAction's hint lists at most


def resolve(game, action) -> Action:
    """The legal action meant by ``action`` (an Action, its text or its integer id); else IllegalAction."""
    if game.g.mode == OVER:
        raise IllegalAction("the game is over: no action is legal", action=action)
    if isinstance(action, Action):
        if action.stamp is not None and action.stamp == (game._token, game._stamp):
            return action
        for a in game._legal:
            if a == action:
                return a
        raise IllegalAction(_illegal_message(game, action), action=action, legal=_texts(game))
    if isinstance(action, bool):
        raise IllegalAction(f"{shown(action)} is not an action", action=action, legal=_texts(game))
    if isinstance(action, int):
        a = game._action_by_id(action)
        if a is not None:
            return a
        known = decode(list(game.program.actions.values()), action)
        what = f"id {shown(action)} ({known[0].name})" if known else f"id {shown(action)} (no such action id)"
        raise IllegalAction(f"{what} is not legal now", action=action, legal=_texts(game))
    if isinstance(action, str):
        if game._by_text is None:
            game._by_text = {a.text_with(game.m): a for a in game._legal}
        a = game._by_text.get(action.strip())
        if a is None:  # as the command line: case and runs of spaces do not matter, if unambiguous
            folded = _fold(action)
            found = [b for t, b in game._by_text.items() if _fold(t) == folded]
            a = found[0] if len(found) == 1 else None
        if a is not None:
            return a
        raise IllegalAction(_illegal_message(game, action), action=action, legal=_texts(game))
    index = integer(action)
    if index is not None:  # an integer-like id (numpy's argmax, a gymnasium sample): as the int
        return resolve(game, index)
    raise IllegalAction(
        f"{shown(action)} is not an action, its text or its id", action=action, legal=_texts(game)
    )


def integer(x):
    """``x`` as an int when it is an integer-like other than a bool (numpy's integers), else None."""
    if isinstance(x, bool):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


def seat_number(game, seat, everything: bool = False) -> int:
    """``seat`` as an int, any integer-like but a bool (numpy's integers too), or IllegalAction
    naming it: every method that takes a seat checks it here, alike (``everything``: the
    method also takes None, meaning the whole state)."""
    n = game.g.n
    if seat.__class__ is int and 0 <= seat < n:
        return seat
    s = integer(seat)
    if s is None or not 0 <= s < n:
        raise IllegalAction(
            f"no seat {shown(seat)}: seats are 0 to {n - 1}"
            + (" (or None for everything)" if everything else ""),
            action=None,
        )
    return s


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _texts(game) -> list[str]:
    return [a.text_with(game.m) for a in game._legal]


def _illegal_message(game, action) -> str:
    """Why ``action`` is not legal, with a hint: the legal actions of its kind when it differs
    from them only in its numbers (another number would be a guess), else the closest text."""
    legal = [(a.text_with(game.m), a.name) for a in game._legal]
    given = _fold(str(action))
    shape = _NUMBER.sub("#", given)
    kinds = {name for t, name in legal if _NUMBER.sub("#", _fold(t)) == shape}
    if kinds:
        same = [t for t, name in legal if name in kinds]
        more = f", ... ({len(same) - LISTED} more)" if len(same) > LISTED else ""
        hint = f"; legal now: {', '.join(same[:LISTED])}{more}"
    else:
        folded = {_fold(t): t for t, _ in legal}
        close = closest(given, folded)
        hint = f"; did you mean '{folded[close]}'?" if close is not None else ""
    return f"'{action}' is not legal now for seat {game.g.seat}{hint} (legal: {len(legal)} {'action' if len(legal) == 1 else 'actions'})"
