"""Sealed simultaneous decisions: a step whose seats all choose at once.

A step with ``simultaneous: SEATS`` asks every seat of the list (read when the step
starts, ``me`` the seat to play) for one of the step's actions. Each seat's legal actions
are listed on the state as the step starts, and a choice changes nothing until every
seat has chosen: it is *sealed*. Then the choices are applied one by one in the order of
the list, each seeing the effects of those before it (``me`` its own seat), and the turn
goes on with the next step, ``me`` its seat again. An effect that ends the step, the turn
or more (``end step``, ``win``) stops the choices after it. A seat of the list with no
legal action is blocked (a ``blocked`` event, the step's ``on_blocked`` with ``me`` that
seat) and is not asked; seats the rules play themselves choose at once.

The state holds ``g.sim = (seat of the turn, seats asked in order, ((seat, action), ...)
chosen so far)`` while choices are pending; ``g.seat`` is the seat whose choice the
sequential API asks for (the first still to choose, or the one a caller names), so
``current_player``, ``legal_actions()`` and ``apply`` work unchanged one seat at a time.
The log records each choice as a ``chose`` event (others learn that the seat chose, not
what) and, once all have chosen, each choice as an ``action`` event marked ``sealed``.
"""

from __future__ import annotations

from ..errors import GameRuntimeError, IllegalAction, shown
from . import automata as _automata
from .flow import RUNTIME_ERRORS
from .legal import Legal
from .resolve import resolve, seat_number
from .state import STEP_ENTER


class _Joint:
    """The segment's action once every seat has chosen: apply the sealed choices."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "JOINT"


JOINT = _Joint()


def pending(g) -> tuple:
    """The seats of the simultaneous step still to choose, in the step's order."""
    _, order, chosen = g.sim
    done = {s for s, _ in chosen}
    return tuple(s for s in order if s not in done)


def _step(game):
    g = game.g
    return game.program.phases[g.phase_i].steps[g.step_i]


def begin(game, step) -> bool:
    """A simultaneous step starts: list each seat's actions, seal the automata's choices.

    True when a person must choose (the flow waits); False when the flow goes on (nobody
    could choose, or only automata did and their choices are applied).
    """
    g = game.g
    turn = g.seat
    seats = []
    for s in step.simultaneous(g, {"me": turn}):
        s %= g.n
        if s not in seats:
            seats.append(s)
    asked, blocked, listed = [], [], {}
    for s in seats:
        g.seat = s
        legal = listed[s] = game._step_legal(step)
        (asked if legal else blocked).append(s)
    for s in blocked:
        game._log.append(("blocked", s, step.id))
        if step.on_blocked is not None:
            listed = {}  # the state may change: the others' actions are listed again when asked
            g.seat = s
            step.on_blocked(g, {"me": s})
            if g.end == "step":  # that seat's part of the step, which ends anyway (Flow._blocked)
                g.end = None
    g.seat = turn
    game._choosing = listed
    if not asked:
        g.step_i += 1
        g.mode = STEP_ENTER
        return False
    g.sim = (turn, tuple(asked), ())
    for s in asked:
        auto = g.auto[s]
        if auto is not None:
            focus(game, s)
            _seal(game, s, _automata.choose(game, auto))
    left = pending(g)
    if not left:
        perform(game)
        return False
    focus(game, left[0])
    return True


def legal_for(game, seat) -> Legal:
    """The legal actions of ``seat`` now: its own in a simultaneous step, else those of the seat
    to act (an empty list for any other seat)."""
    g = game.g
    if g.sim is None or game._node is not None:
        return game._legal if seat == g.seat and game._node is None else Legal()
    if seat not in pending(g):
        return Legal()
    if seat == g.seat:
        return game._legal
    return _listed(game, seat)


def _listed(game, seat) -> Legal:
    """``seat``'s legal actions in the simultaneous step, listed once (the state does not
    change while choices are sealed)."""
    legal = game._choosing.get(seat)
    if legal is None:
        g = game.g
        turn = g.seat
        g.seat = seat
        try:
            legal = game._choosing[seat] = game._step_legal(_step(game))
        finally:
            g.seat = turn
    return legal


def focus(game, seat) -> None:
    """Make ``seat``'s choice the one the sequential API asks for (current_player, apply)."""
    legal = _listed(game, seat)
    game.g.seat = seat
    game._set_legal(legal.restamped((game._token, game._stamp + 1)))


def acting(game) -> tuple:
    """The seats whose choice the game waits for (Game.acting)."""
    g = game.g
    if game._node is not None or game.is_over:
        return ()
    if g.sim is None:
        return (g.seat,)
    return pending(g)


def _check_seat(game, seat) -> int:
    """``seat`` as an int, if it may choose now (else IllegalAction saying why)."""
    g = game.g
    seat = seat_number(game, seat)
    if game._node is not None:
        raise IllegalAction(f"seat {seat} cannot act now: a chance event waits for its outcome")
    if game.is_over:
        raise IllegalAction("the game is over: no action is legal")
    if seat not in acting(game):
        if g.sim is not None and seat in g.sim[1]:
            raise IllegalAction(f"seat {seat} has chosen already: its choice is sealed until all have chosen")
        now = ", ".join(map(str, acting(game)))
        raise IllegalAction(f"seat {seat} does not act now (seats to act: {now})")
    return seat


def apply(game, action, seat) -> None:
    """Apply one seat's choice (Game.apply with a seat, or in a simultaneous step)."""
    g = game.g
    if seat is None:
        seat = g.seat
    seat = _check_seat(game, seat)
    if g.sim is None:  # a sequential decision, the seat named: as apply(action)
        game.apply(action)
        return
    if seat != g.seat:
        focus(game, seat)
    _seal(game, seat, resolve(game, action))
    _next(game)


def apply_joint(game, choices) -> None:
    """Apply the choices of every seat to act at once: a mapping seat -> action, or a list
    by seat (None for a seat that does not act). Nothing is applied if one is not legal."""
    if isinstance(choices, dict):
        given = dict(choices)
    elif isinstance(choices, (list, tuple)):
        given = {s: a for s, a in enumerate(choices) if a is not None}
    else:
        raise IllegalAction(
            f"a joint action is a mapping seat -> action or a list by seat, not {shown(choices)}"
        )
    now = acting(game)
    if set(given) != set(now):
        raise IllegalAction(
            f"a joint action gives one choice for each seat to act ({', '.join(map(str, now)) or 'none'}), "
            f"not for seats {', '.join(map(str, sorted(given, key=str))) or 'none'}"
        )
    g = game.g
    if g.sim is None:
        game.apply(given[g.seat])
        return
    first = g.seat
    picked = []
    try:
        for s in now:
            focus(game, s)
            picked.append((s, resolve(game, given[s])))
    finally:
        focus(game, first)
    for s, a in picked:
        _seal(game, s, a)
    _next(game)


def _seal(game, seat, a) -> None:
    g = game.g
    turn, order, chosen = g.sim
    g.sim = (turn, order, chosen + ((seat, a),))
    game._log.append(("chose", seat, a))


def _next(game) -> None:
    """After a choice: ask the next seat, or apply every choice once all have chosen."""
    left = pending(game.g)
    if left:
        focus(game, left[0])
        return
    game._begin(JOINT)


def perform(game) -> bool:
    """Apply the sealed choices in the step's order; False: the flow goes on."""
    g = game.g
    turn, order, chosen = g.sim
    g.sim = None
    game._choosing = {}
    by_seat = dict(chosen)
    for s in order:
        g.seat = s
        _run_action(game, by_seat[s])
        if g.end is not None:
            break
    g.seat = turn
    if g.end is None:
        g.step_i += 1
        g.mode = STEP_ENTER
    return False


def _run_action(game, a) -> None:
    """One sealed choice's effect, as Game._perform runs an action's, logged as sealed."""
    g = game.g
    d = a.defn
    try:  # its lets, worked out again after the choices applied before it: they may fail now
        e = d.env(g, g.seat, a.values)
    except RUNTIME_ERRORS as exc:
        raise GameRuntimeError(f"action '{a.text_with(game.m)}' failed: {exc}") from None
    entry = ["act", g.seat, a, None, True]
    game._log.append(entry)
    try:
        d.effect(g, e)
        if d.tell is not None:
            game._tell(d.tell, e, entry[1])
    except RUNTIME_ERRORS as exc:
        raise GameRuntimeError(f"action '{a.text_with(game.m)}' failed: {exc}") from None
    if d.hides is not None:
        entry[3] = d.hides(g.known, a.values)


def forget_others(g, seat: int) -> tuple:
    """In a world sampled for ``seat``, before its hidden components are redrawn: the other
    seats' sealed choices are not known to ``seat``, so they are dropped (:func:`settle_world`
    redraws them); the seat's own stays. Returns the seats that had chosen, in order (public)."""
    turn, order, chosen = g.sim
    g.sim = (turn, order, tuple((s, a) for s, a in chosen if s == seat))
    return tuple(s for s, _ in chosen)


def settle_world(world, seat: int, had_chosen: tuple, rng) -> None:
    """The world just made: each seat that had chosen chooses again, as ``seat`` can imagine
    it: a person uniformly among its legal actions in the world (drawn from ``rng``), a seat
    the rules play as the rules choose there; the seat's own choice stays. Who has chosen, in
    what order, is as in the real game; the seat to choose is ``seat`` if it has not."""
    g = world.g
    world._choosing = {}
    turn, order, mine = g.sim
    own = dict(mine)
    chosen = []
    for s in had_chosen:
        if s in own:
            chosen.append((s, own[s]))
            continue
        legal = _listed(world, s)
        if not legal:  # nothing it could choose in this world: it is not asked in it
            order = tuple(x for x in order if x != s)
            continue
        auto = g.auto[s]
        if auto is not None:
            focus(world, s)
            chosen.append((s, _automata.choose(world, auto)))
        else:
            chosen.append((s, legal[rng.randrange(len(legal))]))
    g.sim = (turn, order, tuple(chosen))
    left = pending(g)
    if not left:
        world._begin(JOINT)
        return
    focus(world, seat if seat in left else left[0])


def public(game, seat) -> dict | None:
    """What a view shows of a simultaneous step: who is asked and who has chosen (a seat's own
    choice to itself, every choice in the full view), and the seat's own legal actions."""
    g = game.g
    if g.sim is None or game._node is not None:
        return None
    _, order, chosen = g.sim
    out = {"seats": list(order), "chosen": [s for s, _ in chosen], "to_choose": list(pending(g))}
    mine = [(s, a) for s, a in chosen if seat is None or s == seat]
    if mine:
        out["choices"] = {str(s): {"id": a.id, "text": a.text_with(game.m)} for s, a in mine}
    return out
