"""The safety limits on untrusted rule files, in one place (docs/validation.md lists them).

Each limit has its own diagnostic code and sits far above any real game, so a hostile
or mistyped file fails fast with a located error instead of exhausting time or memory.
"""
from __future__ import annotations

MAX_BYTES = 2 * 1024 * 1024
"""Largest rule file accepted, in bytes of UTF-8 (checked before parsing); ``too-large``."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and lists accepted; ``too-deep``."""
MAX_NODES = 100_000
"""Most values a file may compose into or expand to (alias expansions count); ``too-large``."""
MAX_ALIASES = 1_000
"""Most alias uses (``*name``) in one file; ``alias-limit``."""
MAX_DSL_LENGTH = 4000
"""Longest DSL text, in characters; ``dsl-too-long``."""
MAX_INLINES = 10_000
"""Most define calls inlined into one DSL text, nested ones included; ``define-too-large``."""
MAX_COUNT = 10_000
"""Most copies of one component (``count``); ``bad-count``."""
MAX_PLAYERS = 64
"""Largest player count a rule file may allow (real games: 2 to 10); ``too-many-players``."""
MAX_ACTION_IDS = 100_000
"""Most distinct actions one action kind can name (the product of its parameters' sizes);
``too-many-actions``. The largest action of the bundled games names under 2,000."""
MAX_PROBLEMS = 100
"""Most problems one stage reports in detail; the rest are counted in one ``too-many-problems``."""
MAX_AUTOMATON_ACTIONS = 100_000
"""Actions the automata may take in a row, without a person deciding, before the engine gives up."""
MAX_STEPS = 1_000_000
"""Flow transitions without a decision before the engine gives up (a runtime error)."""

LIMITS = (
    ("file size, in bytes", MAX_BYTES, "too-large"),
    ("values in a file, alias expansions included", MAX_NODES, "too-large"),
    ("nesting of mappings and lists", MAX_DEPTH, "too-deep"),
    ("alias uses", MAX_ALIASES, "alias-limit"),
    ("characters in one DSL text", MAX_DSL_LENGTH, "dsl-too-long"),
    ("define calls inlined into one DSL text", MAX_INLINES, "define-too-large"),
    ("copies of one component", MAX_COUNT, "bad-count"),
    ("players", MAX_PLAYERS, "too-many-players"),
    ("distinct actions of one action kind", MAX_ACTION_IDS, "too-many-actions"),
    ("problems reported in detail by one stage", MAX_PROBLEMS, "too-many-problems"),
    ("flow steps without a decision", MAX_STEPS, "sim-runtime-error"),
    ("automaton actions without a person's decision", MAX_AUTOMATON_ACTIONS, "sim-runtime-error"),
)
"""(what, limit, diagnostic code) for each limit, as docs/validation.md shows them."""
