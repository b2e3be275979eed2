"""A rule set's digest: what a game's log records to say which rules it was played under.

``pr.replay`` checks a log against the rules it is given (engine/replay.py): the game id,
the variants and this digest, 16 hex digits of SHA-256 over the merged rule data as it
plays. The prose (a part's ``rule`` sentence, ``title``, ``about``, ``source``, ``means``,
``question``, ``cites``: texts shown to people) and ``display`` (how a screen reads) are
left out, so rewording a sentence keeps old logs replayable while a changed value, a changed
expression or a part added or removed gives another digest.

    >>> rules_digest({"game": "g", "title": "G", "parameters": {"n": 3}}) == rules_digest(
    ...     {"game": "g", "title": "Another title", "parameters": {"n": 3}})
    True
    >>> rules_digest({"parameters": {"n": 3}}) == rules_digest({"parameters": {"n": 4}})
    False
"""

from __future__ import annotations

import hashlib
import json

PROSE = frozenset(("rule", "title", "about", "source", "means", "question", "cites"))
"""Keys whose text only people read (left out when the value is a text)."""

SCREEN = frozenset(("display", "$schema"))
"""Top-level sections that do not change play."""


def rules_digest(spec: dict) -> str:
    """16 hex digits of SHA-256 over ``spec`` as it plays (module doc)."""
    data = {k: v for k, v in spec.items() if k not in SCREEN} if isinstance(spec, dict) else spec
    text = json.dumps(_playing(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _playing(x):
    if isinstance(x, dict):
        return {str(k): _playing(v) for k, v in x.items() if not (k in PROSE and isinstance(v, str))}
    if isinstance(x, (list, tuple)):
        return [_playing(v) for v in x]
    return x
