"""Play seeded random games to find what static checks cannot: games that stall or never end.

:func:`simulate` plays, for every player count of a rule set, games in which every seat
picks uniformly at random among its legal actions: game ``i`` uses the seed
``seed + i`` both for the game and for the random choices, exactly as
``playa-rules play GAME --players N --seed S`` does, so every problem found comes
with the command that replays it.

Codes (all errors; a dead end is located at the step the seat was in, a game that does not
end at its phase's ``until`` (else the phase), a runtime error at the rule text that failed
when its message names it (at a variant's line when that text reads a name the variant sets:
source/blame.py), the others at line 1 of the rule file):

* ``sim-dead-end``: the game is not over, yet the seat to act has no legal action.
* ``sim-no-end``: the game did not end within ``max_actions`` actions.
* ``sim-runtime-error``: the engine raised a library error while playing (for
  example a :class:`~playa_rules.errors.GameRuntimeError` from an effect that
  divides by zero or moves from an empty zone).
* ``sim-internal-error``: any other exception: a bug in playa-rules, not in the rules.

Each code is reported at most once per player count, for the first seed that shows it,
with how many of the games played failed the same way; a player count stops early once
every code has been seen, or once its first ``SAME_STOP`` games all failed the same way
(more games would only count the same failure). At most ``MAX_GAMES`` games a player count.
"""

from __future__ import annotations

import random
import re
import shlex
from dataclasses import replace
from pathlib import Path

from .. import resources
from ..errors import Diagnostic, PlayaRulesError
from ..shared.limits import MAX_GAME_ACTIONS, seed_range_problem
from ..source.blame import blamed

CODES = ("sim-dead-end", "sim-no-end", "sim-runtime-error", "sim-internal-error")
MAX_GAMES = 10_000  # games a player count at most (validate --simulate N: a usage error above)
SAME_STOP = 20  # a player count whose first SAME_STOP games all failed the same way stops there


class _Failure(Exception):
    """One game went wrong: its code and what to say about it."""

    def __init__(self, code: str, what: str, pointer: str | None = None):
        super().__init__(what)
        self.code, self.what, self.pointer = code, what, pointer  # pointer: where in the rule file


def simulate(
    rules, games: int, *, seed: int = 0, max_actions: int = MAX_GAME_ACTIONS, on_games=None
) -> list[Diagnostic]:
    """Play ``games`` random games per player count; one diagnostic per problem found.

    Game ``i`` of each player count uses the seed ``seed + i``. An empty list means
    every game ended within ``max_actions`` actions without an error or a dead end.
    ``on_games(k)``, if given, is called as games are done (``k`` of them; the games a
    player count that stops early does not play count as done), for a progress bar.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= MAX_GAMES:
        raise PlayaRulesError(f"the number of games is a whole number from 0 to {MAX_GAMES:,}, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayaRulesError(f"the simulation seed is a whole number, not {seed!r}")
    problem = seed_range_problem(seed, seed + max(games, 1) - 1, texts=False)
    if problem:  # game i plays with seed + i: each would fail at new_game
        raise PlayaRulesError(
            f"{problem} (game i plays with seed + i, here {seed} to {seed + max(games, 1) - 1})"
        )
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise PlayaRulesError(f"max_actions is a whole number from 1, not {max_actions!r}")
    out: list[Diagnostic] = []
    for players in rules.player_counts:
        first: dict[str, tuple[int, str, str | None]] = {}  # code -> (seed, what happened, where)
        seeds: dict[str, list[int]] = {}
        played = 0
        same = False  # the first SAME_STOP games all failed the same way
        for i in range(games):
            game_seed = seed + i
            played += 1
            try:
                play_one(rules, players, game_seed, max_actions)
            except _Failure as failure:
                first.setdefault(failure.code, (game_seed, failure.what, failure.pointer))
                seeds.setdefault(failure.code, []).append(game_seed)
                if len(first) == len(CODES):
                    break
                same = played == SAME_STOP and len(first) == 1 and len(seeds[failure.code]) == played
                if same:
                    break
            finally:
                if on_games is not None:
                    on_games(1)
        if on_games is not None and played < games:
            on_games(games - played)
        for code in CODES:
            if code in first:
                d = _diagnostic(rules, code, players, *first[code], seeds[code], played)
                if same:
                    d = replace(d, hint=f"{d.hint}; stopped after {played} games: every one failed this way")
                out.append(d)
    return out


def play_one(rules, players: int, seed: int, max_actions: int) -> int:
    """Play one random game (as ``playa-rules play``); the number of actions, or raise _Failure."""
    rng = random.Random(seed)
    game = None
    actions = 0
    try:
        game = rules.new_game(players=players, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            if not legal:
                raise _Failure(
                    "sim-dead-end",
                    f"seat {game.current_player} has no legal action "
                    f"{_where(game)}, but the game is not over",
                    _pointer(rules, game, step=True),
                )
            if actions >= max_actions:
                raise _Failure(
                    "sim-no-end",
                    f"the game did not end within {max_actions:,} actions (it was {_where(game)})",
                    _pointer(rules, game),
                )
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
    except _Failure:
        raise
    except PlayaRulesError as exc:
        where = f" (action {actions + 1} of the game)" if game is not None else " when the game was set up"
        raise _Failure("sim-runtime-error", f"{_first_line(exc)}{where}") from None
    except Exception as exc:  # noqa: BLE001 - an engine bug must not stop the validation
        raise _Failure(
            "sim-internal-error", f"{type(exc).__name__}: {exc} (a bug in playa-rules; please report it)"
        ) from None
    return actions


def _where(game) -> str:
    try:
        v = game.view(game.current_player)
    except Exception:  # noqa: BLE001 - the description is a courtesy
        return "in the game"
    return (
        f"in hand {v.get('hand')}, phase '{v.get('phase')}', step '{v.get('step')}', round {v.get('round')}"
    )


def _pointer(rules, game, step: bool = False) -> str | None:
    """Where in the rule file the game was: its step, or its phase's ``until`` (else the phase)."""
    try:
        g = game.g
        phase = rules.doc.data["phases"][g.phase_i]
        base = f"/phases/{g.phase_i}"
        if step:
            return f"{base}/steps/{g.step_i}" if g.step_i < len(phase.get("steps", [])) else base
        turns = phase.get("turns")
        return f"{base}/turns/until" if isinstance(turns, dict) and "until" in turns else base
    except (AttributeError, IndexError, KeyError, TypeError):  # the location is a courtesy
        return None


def _failed_at(rules, what: str):
    """``(document, line, column, pointer)`` of the first located fault (``FILE:LINE:COLUMN:
    runtime-error: ... (at POINTER)``, or ``endless-flow``, ``compiler/dsl/faults.py``) that ``what`` quotes, in
    one of the files the rules were read from; None when it quotes none."""
    doc = rules.doc
    layers = [layer.doc for layer in getattr(doc, "layers", [])]
    # a merged document (a game and its variants) has no text of its own and shares the
    # last variant's file name: its lines are read from the files it was merged from
    docs = [getattr(doc, "base", None)] + layers if layers else [doc]
    for source in docs:
        file = getattr(source, "file", None)
        if not file:
            continue
        found = re.search(  # a runtime-error, an endless-flow (engine/endless.py)
            re.escape(str(file)) + r":(\d+):(\d+): (?:runtime-error|endless-flow): .*?\(at (/[^)\s]*|)\)",
            what,
        )
        if found:
            return source, int(found[1]), int(found[2]), found[3]
    return None


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def game_argument(rules) -> str:
    """What to pass to ``playa-rules play`` for these rules: the bundled id, or the file's path."""
    file = getattr(rules.doc, "file", None)
    if file is None:
        return rules.id
    bundled = resources.games_dir() / f"{rules.id}.yaml"
    try:
        if Path(file).resolve() == bundled.resolve():
            return rules.id
    except OSError:
        pass
    return shlex.quote(str(file))


def _diagnostic(
    rules, code: str, players: int, seed: int, what: str, pointer: str | None, seeds: list[int], played: int
) -> Diagnostic:
    command = f"playa-rules play {game_argument(rules)} --players {players} --seed {seed}"
    seated = f"{players} {'player' if players == 1 else 'players'}"
    if len(seeds) > 1:
        shown = ", ".join(map(str, seeds[:10])) + (", ..." if len(seeds) > 10 else "")
        more = f"{len(seeds)} of {played} games with {seated} failed this way (seeds {shown})"
    else:
        more = f"1 of {played} {'game' if played == 1 else 'games'} with {seated} failed this way"
    message = f"with {seated}, seed {seed}: {what}; to reproduce: {command}"
    if pointer is not None:
        located = rules.doc.diagnostic(pointer, code, message, hint=more)
        if located.line is not None:
            return located
    failed = _failed_at(rules, what)
    if failed is not None:  # a runtime error: where its located fault says the rules failed
        doc, line, column, path = failed
        at_text = Diagnostic(
            code=code,
            message=message,
            file=doc.file,
            line=line,
            column=column,
            path=path,
            severity="error",
            source_line=doc.source_line(line),
            hint=more,
        )
        (found,) = blamed(rules.doc, [at_text])  # a value a variant set: at the variant's line
        return found
    return Diagnostic(
        code=code,
        message=message,
        file=rules.doc.file,
        line=1,
        column=1,
        path="",
        severity="error",
        hint=more,
    )


__all__ = ["CODES", "game_argument", "play_one", "simulate"]
