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
