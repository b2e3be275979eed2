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
MAX_LOOP_COST = 10_000_000
"""Most steps the loops of one DSL text may take in one evaluation: the product, over loops
nested in loops (through defines too), of a bound of each collection's size
(compiler/dsl/cost.py); ``loops-too-large``. The bundled games reach 28,672 (7 x 64 x 64)."""
MAX_WHILE_ROUNDS = 1_000
"""Most rounds of one ``while`` loop, its bound when it writes none (``while COND up to N
times``: N, at most this); a runtime error when its condition still holds after them;
``bad-bound`` for a larger N."""
MAX_COLLECTION = 10_000
"""Most values one collection variable (a variable that starts as ``[]``) may hold; a runtime
error in play when a ``set`` would store more."""
MAX_COUNT = 10_000
"""Most items one item line makes (``count`` times the sizes of its ``each`` lists); ``bad-count``."""
MAX_COMPONENTS = 100_000
"""Most components in one game, all types together (a ``per_player`` type once per seat of the
largest game), counted before any is made; ``too-many-components``. The bundled games have
at most 524."""
MAX_NEIGHBOURS = 64
"""Most cells one cell of a board given as data may name as its neighbours (``next_to``);
``bad-board``. A square board's cell has 8, a hex board's 6."""
MAX_PLAYERS = 64
"""Largest player count a rule file may allow (real games: 2 to 10); ``too-many-players``."""
MAX_ACTION_IDS = 100_000
"""Most distinct actions one action kind can name (the product of its parameters' sizes);
``too-many-actions``. The largest action of the bundled games names under 2,000."""
MAX_LEGAL_ACTIONS = 200_000
"""Most legal actions at one decision, all the step's action kinds together (twice one kind's
limit: a kind at its limit leaves room for the others); a ``GameRuntimeError`` while playing,
raised as the step's listing passes it. Only steps whose kinds can name more are counted."""
MAX_INT = 2**53
"""Largest whole number (in size) a file may write, a variable may hold or a score may reach: what
JSON readers hold exactly; ``bad-value`` in a file, a runtime error in play."""
MAX_VARIANTS = 32
"""Most variants applied together, a chain of variants extending each other included, counted
as each file's ``extends`` is followed (before the next file is read); ``too-many-variants``."""
MAX_PHASES = 256
"""Most phases in a game, a variant's added ones included (counted before a variant's are merged);
``too-many-phases``. The bundled games have at most 5."""
MAX_PROBLEMS = 100
"""Most problems one stage reports in detail; the rest are counted in one ``too-many-problems``."""
MAX_AUTOMATON_ACTIONS = 100_000
"""Actions the automata may take in a row, without a person deciding, before the engine gives up."""
MAX_STEPS = 1_000_000
"""Flow transitions without a decision before the engine gives up (a runtime error)."""
MAX_GAME_ACTIONS = 100_000
"""Actions (people's and agents' decisions) of one game before it stops with an error naming
the bound, by default: ``play``, ``validate --simulate`` (``sim-no-end``), ``simulate`` and
``compare``, and each table of ``serve``; ``--max-actions`` (``max_actions=``) changes it."""

LIMITS = (
    ("file size, in bytes", MAX_BYTES, "too-large"),
    ("values in a file, alias expansions included", MAX_NODES, "too-large"),
    ("nesting of mappings and lists", MAX_DEPTH, "too-deep"),
    ("alias uses", MAX_ALIASES, "alias-limit"),
    ("size of a whole number (written, held by a variable, scored)", MAX_INT, "bad-value"),
    ("characters in one DSL text", MAX_DSL_LENGTH, "dsl-too-long"),
    ("define calls inlined into one DSL text", MAX_INLINES, "define-too-large"),
    ("steps of the nested loops of one DSL text", MAX_LOOP_COST, "loops-too-large"),
    ("rounds of one while loop (its 'up to N times', or this)", MAX_WHILE_ROUNDS, "bad-bound"),
    ("items one item line makes (count times each)", MAX_COUNT, "bad-count"),
    ("values one collection variable holds, while playing", MAX_COLLECTION, "sim-runtime-error"),
    ("components in one game", MAX_COMPONENTS, "too-many-components"),
    ("players", MAX_PLAYERS, "too-many-players"),
    ("neighbours one cell of a board given as data may list", MAX_NEIGHBOURS, "bad-board"),
    ("phases", MAX_PHASES, "too-many-phases"),
    (
        "variants applied together (a chain of variants extending each other included)",
        MAX_VARIANTS,
        "too-many-variants",
    ),
    ("distinct actions of one action kind", MAX_ACTION_IDS, "too-many-actions"),
    ("legal actions at one decision, while playing", MAX_LEGAL_ACTIONS, "sim-runtime-error"),
    ("problems reported in detail by one stage", MAX_PROBLEMS, "too-many-problems"),
    ("flow steps without a decision", MAX_STEPS, "sim-runtime-error"),
    ("automaton actions without a person's decision", MAX_AUTOMATON_ACTIONS, "sim-runtime-error"),
    ("actions of one game (play, simulate, compare, serve: --max-actions)", MAX_GAME_ACTIONS, "sim-no-end"),
)
"""(what, limit, diagnostic code) for each limit, as docs/validation.md shows them."""


def seed_range_problem(first: int, last: int | None = None, *, texts: bool = True) -> str | None:
    """Why whole-number seeds ``first`` to ``last`` (``first`` alone by default) cannot seed a
    match, or None: a match's log writes its seed, and a log replays only with the whole numbers
    JSON readers hold exactly, at most :data:`MAX_INT` in size (``pr.replay`` refuses others).
    Text seeds have no such limit (``texts``: the message offers them)."""
    last = first if last is None else last
    if -MAX_INT <= first and last <= MAX_INT:
        return None
    bad = first if first < -MAX_INT else last
    shown = str(bad) if bad.bit_length() <= 128 else f"a number of {bad.bit_length()} bits"
    return (
        f"a seed is {'a text or ' if texts else ''}a whole number from -2**53 to 2**53 ({-MAX_INT:,} to {MAX_INT:,}: "
        f"a match's log writes its seed, and JSON readers hold whole numbers exactly only that far), "
        f"not {shown}"
    )
