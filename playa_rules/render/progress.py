"""Where a match stands, in words: ``hand 2 of 3``, or, for a match that ends early when a
condition holds (``match.end_when``), the hand and the bound said as a bound (``hand 2 (at most
50)``), never ``hand 2 of 50``: such a match ends when someone reaches the goal, and the hand
count only says when it stops at the latest. Shared by the terminal, the browser's payload
and the PettingZoo text render."""

from __future__ import annotations


def end_condition(spec: dict) -> str | None:
    """The text of the match's ``end_when`` (a DSL condition), or None: the match plays all
    its hands (none written, or ``false``)."""
    match = spec.get("match") if isinstance(spec, dict) else None
    when = match.get("end_when") if isinstance(match, dict) else None
    return None if when is None or when is False else " ".join(str(when).split())


def hand_progress(hand: int, hands: int, ends_early: bool) -> str:
    """``hand 2 of 3``; ``hand 2 (at most 50)`` when the match may end before its last hand."""
    return f"hand {hand} (at most {hands})" if ends_early and hands > 1 else f"hand {hand} of {hands}"


def hand_heading(hand: int, hands: int, start: str, end_when: str | None) -> str:
    """The line that opens a hand in a told match: ``Hand 1 of 2 (seat 0 starts)``; for a
    match that ends early, the first hand says how it ends (``Hand 1 (seat 0 starts); the
    match ends after the hand in which `max(...) >= 100` holds, at the latest after hand 50``)
    and the next ones only their number."""
    if end_when is None or hands < 2:  # (one hand: the match ends after it, whatever holds)
        return f"Hand {hand} of {hands} ({start} starts)"
    if hand > 1:
        return f"Hand {hand} ({start} starts)"
    return (
        f"Hand {hand} ({start} starts); the match ends after the hand in which `{end_when}` holds, "
        f"at the latest after hand {hands}"
    )


def scored(spec: dict) -> bool:
    """Whether the rules score points (scoring rules, or the match's own ``points``)."""
    match = spec.get("match") if isinstance(spec, dict) else None
    return bool(spec.get("scoring")) or (isinstance(match, dict) and "points" in match)


def lone_seat(game) -> int | None:
    """The one seat that can win a match over, when only one can (one player against the rules,
    or people with automata that cannot win) and no `win` effect named the winners: most points
    would always name it, so its result is its points (:func:`lone_result`). None otherwise."""
    g = game.g
    if g.won:  # a `win` effect decided ('win none' records None)
        return None
    able = [s for s in range(g.n) if g.auto[s] is None or g.auto[s].can_win]
    return able[0] if len(able) == 1 else None


def lone_result(name: str, points) -> str:
    """The end line of a match one seat alone can win (:func:`lone_seat`), as the terminal and
    the web table say it: its points (None: the rules score none) and no winner named."""
    if points is None:
        return "No winner (one seat can win, no scoring rules and no `win` effect)"
    return (
        f"Result: {name} ends on {points} point{'' if points in (1, -1) else 's'} "
        "(one seat can win: its points are its result; only a `win` effect names a winner)"
    )
