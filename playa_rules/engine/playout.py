"""The fast lane of a search's playouts: the i-th legal action applied by its index, and a
world that stops once its hand is scored.

A search agent plays thousands of actions a decision in worlds it throws away, choosing
each by its index in the legal list. Two things the general :meth:`Game.apply
<playa_rules.engine.game.Game.apply>` does are then wasted:

* reading the action out of the list (:class:`~.legal.Legal` finds its run, keeps the
  Action it made for a second reading) and recognising it again in ``apply``:
  :func:`apply_index` makes the one Action the log records and performs it, the same
  action with the same effect, log and chance as ``apply(legal_actions()[i])``;
* setting up the next hand when the playout ends with this one's scoring: a game told
  :func:`stop_between_hands` returns from the flow once a hand is scored and the next
  is due to start (before its shuffle and deal). It then stands between hands:
  ``is_over`` False, ``legal_actions()`` empty, ``current_player`` None, the scores of
  the hands played final; :func:`go_on` sets the next hand up and plays on as the game
  would have, so the pause changes nothing but when the work is done.
"""

from __future__ import annotations

from bisect import bisect_right

from ..errors import IllegalAction
from .actions import Action
from .flowcode import play_loop
from .log import UNLOGGED
from .resolve import integer
from .state import HAND_START, OVER


def apply_index(game, k: int) -> None:
    """Apply the ``k``-th of ``game.legal_actions()`` (``0 <= k < len``): what
    ``game.apply(game.legal_actions()[k])`` does, without reading the list's item."""
    g = game.g
    legal = game._legal
    ends = legal._ends
    if g.sim is not None or game._node is not None or g.explicit or g.mode == OVER:
        game.apply(legal[k])  # a simultaneous step, a chance node, explicit chance: the general path
        return
    i = k if k.__class__ is int else integer(k)  # numpy's integers too; None for a non-integer
    if i is None or not 0 <= i < ends[-1]:
        raise IllegalAction(f"no legal action {k!r}: there are {ends[-1]}")
    _play(game, g, legal, ends, i)


def _play(game, g, legal, ends, k: int) -> None:
    """Apply the ``k``-th legal action of a game in sample mode outside a simultaneous step."""
    r = bisect_right(ends, k) - 1
    d, vals, keys, items, lo = legal._runs[r]
    if items is None:
        a = Action(d, vals, keys, legal.stamp)
    else:
        v, key = items[lo + k - ends[r]]
        a = Action(d, vals + (v,), keys + (key,), legal.stamp)
    if not (game._after or game._flow_code())[g.phase_i][g.step_i](game, a):  # as Game.apply
        game._run()
    if g.nchance != game._nmasked:
        game._mask_chance()


def play_at_random(game, random, log: bool = True) -> None:
    """Apply the ``int(random() * n)``-th of the ``n`` legal actions until none is legal (the
    match is over, or the game stands between hands: :func:`stop_between_hands`), as
    ``apply_index`` would one at a time: a search's playout. ``random`` draws a float in
    ``[0, 1)`` (``random.Random().random``); the same draws give the same game. In sample
    mode the loop is generated per rule set (:func:`.flowcode.loop_source`), the flow after
    each action written inside it.

    ``log=False`` is for a search that reads only how the playout ends (its scores, who
    won): the same game, but the loop logs neither the actions nor the turns and blocked
    steps between them (no Action object is made for them). The game's log is then
    incomplete for good, and reading it (``log``, ``log_for``) raises
    :class:`~playa_rules.errors.PlayaRulesError`."""
    g = game.g
    if g.explicit:  # chance nodes and segments: the general path (a game's chance mode never changes)
        while game._legal:
            apply_index(game, int(random() * len(game._legal)))
        return
    if not log and game._legal:
        game._log.append(UNLOGGED)  # (engine.log: reading the log from here on fails)
    play_loop(game.program, log)(
        game, random
    )  # sample mode: the loop generated per rule set (engine.flowcode)


def stop_between_hands(game) -> None:
    """From now on the flow of ``game`` stops once a hand is scored, before the next is set up
    (module doc); the last hand's scoring still ends the match."""
    game._pause_between_hands = True


def between_hands(game) -> bool:
    """Whether ``game`` stands between two hands, stopped there by :func:`stop_between_hands`
    (a clone of it too: no other game waits at the start of a hand)."""
    return game.g.mode == HAND_START and game._node is None


def go_on(game) -> None:
    """Stop pausing between hands and, if ``game`` stands between two, play on to the next decision."""
    paused = between_hands(game)
    game._pause_between_hands = False
    if paused:
        game._run()
        if game.g.nchance != game._nmasked:
            game._mask_chance()
