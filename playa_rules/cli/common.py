"""What the commands of ``playa-rules`` share: the program's name, how an argument names a
game or a variant, how a diagnostic is printed, and the parsers of numbers on the command line."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..errors import Diagnostic
from ..rules import games as bundled_games
from ..shared.limits import seed_range_problem

PROG = "playa-rules"

_COLOURS = {"error": "\033[31;1m", "warning": "\033[33;1m"}


def colour_enabled(stream) -> bool:
    """Whether to colour what goes to ``stream``: a terminal, and NO_COLOR not set."""
    return not os.environ.get("NO_COLOR") and hasattr(stream, "isatty") and stream.isatty()


def target(arg: str):
    """A bundled id stays an id; an existing file becomes a path; anything else is left to the library."""
    if arg in bundled_games():
        return arg
    return Path(arg) if os.path.exists(arg) else arg


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: "2 errors", "1 error"; a word whose
    plural is not its singular and 's' is written as the rule texts write it, ``die|dice``."""
    one, _, other = word.partition("|")
    return f"{n} {one if n == 1 else (other or one + 's')}"


def format_diagnostic(d: Diagnostic, colour: bool) -> str:
    """A diagnostic as the commands print it, its severity coloured when ``colour``."""
    text = d.format()
    head = f"{d.location()}: {d.severity} "
    if colour and text.startswith(head):
        code = _COLOURS.get(d.severity, "\033[36m")
        text = f"{d.location()}: {code}{d.severity}\033[0m " + text[len(head) :]
    return text


def counts_text(counts: list[int]) -> str:
    """Player counts in short: "2-5" for a run, else "2, 4"."""
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


def players_text(counts: list[int]) -> str:
    """Player counts and the noun: "2-5 players", "1 player"."""
    return f"{counts_text(counts)} {'player' if counts == [1] else 'players'}"


def variant_arg(arg: str):
    """A variant given on the command line: an existing file is a path, anything else a bundled id."""
    return Path(arg) if os.path.exists(arg) else arg


def seed_number(text: str) -> int:
    """A seed on the command line: a whole number, for play as for validate and simulate."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text[:40]!r}") from None
    problem = seed_range_problem(number, texts=False)
    if problem:  # refused here as new_game refuses it: its log would not replay
        raise argparse.ArgumentTypeError(problem)
    return number


def whole_number(what: str, low: int, high: int | None = None):
    """A parser of a whole number of at least ``low`` (and at most ``high``) on the command line
    (``what`` names it in errors)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} is at least {low}, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{what} is at most {high:,}, not {value:,}")
        return value

    return parse
