"""``playa-rules simulate`` and ``playa-rules compare``: batches of games between agents, as tables.

    playa-rules simulate GAME [--variant V]... [--players N[,M...]] [--games K] [--agents A,B,...]
                         [--seed S] [--workers W] [--backend process|ray [--address A]] [--no-rotate]
                         [--json] [--report DIR]
    playa-rules compare GAME --variant V [--variant W]... [--against X]... (the same options) [--alpha A]

The numbers come from :func:`playa_rules.simulate` and :func:`playa_rules.compare`; this
module only parses options, shows progress (rich, on standard error) and prints tables.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..agents import parse_spec
from ..errors import PlayaRulesError
from ..shared.limits import MAX_GAME_ACTIONS
from .common import plural, seed_number, whole_number

INTERRUPTED = 130
UNTIL_CLEAR_GAMES = 1000  # the most games a side --until-clear plays when --games is not given


def _player_counts(text: str) -> list[int]:
    try:
        return [int(p) for p in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"players is a whole number or a list such as 2,3,4, not {text!r}"
        ) from None


def _alpha(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = text
    if isinstance(value, float) and 0 < value < 1:
        return value
    raise argparse.ArgumentTypeError(
        f"the significance level is a number between 0 and 1 (such as 0.05), not {text!r}"
    )


def _margin(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if 0 <= value < 1:
        return value
    raise argparse.ArgumentTypeError(
        f"the margin is a change in a rate from 0 to 1 (such as 0.05), not {text!r}"
    )


def agents_warning(agents) -> str:
    """Why these agents cannot show a change in who wins (empty when they can)."""
    if all(a.split(":")[0] == "random" for a in agents):
        return (
            "random agents cannot show whether a rule changes who wins (they ignore the rules' "
            "incentives); add a searching agent, as in --agents ismcts,random,random"
        )
    if len(set(agents)) == 1:
        return (
            f"every seat is played by {agents[0]}, so it cannot win more than before against itself: "
            f"its win rate moves only with ties, draws and the wins of seats the rules play"
        )
    return ""


def _agents(text: str) -> list[str]:
    specs = _split_agents(text)
    for spec in specs:
        try:
            parse_spec(spec)
        except PlayaRulesError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return specs


def _split_agents(text: str) -> list[str]:
    """``ismcts:playouts=50,c=1,random`` -> two specs: a part ``key=value`` continues the agent before it."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += ("," if ":" in specs[-1] else ":") + part
        else:
            specs.append(part)
    return specs


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME", help="a bundled game id, or a path to a rule file")
    p.add_argument(
        "--players",
        "-p",
        type=_player_counts,
        metavar="N",
        help="the player count, or several (2,3,4): one result per count (default: the smallest)",
    )
    p.add_argument(
        "--games",
        "-n",
        type=whole_number("--games", 1),
        default=None,
        metavar="K",
        help="games per player count (default 100; with compare --until-clear, the most played: "
        f"default {UNTIL_CLEAR_GAMES})",
    )
    p.add_argument(
        "--agents",
        "-a",
        type=_agents,
        default=["random"],
        metavar="A,B,...",
        help="one agent for every seat, or one per seat: random, greedy, ismcts, with options "
        "as in ismcts:playouts=200 (default random)",
    )
    p.add_argument(
        "--no-rotate",
        dest="rotate",
        action="store_false",
        help="keep each agent on its seat (default: game i shifts the agents i seats, so each "
        "agent plays every seat equally often when K is a multiple of the seats)",
    )
    p.add_argument(
        "--seed",
        "-s",
        type=seed_number,
        default=0,
        metavar="S",
        help="game i uses the seed S + i, as 'playa-rules play --seed' (default 0)",
    )
    p.add_argument(
        "--max-actions",
        type=whole_number("--max-actions", 1),
        default=MAX_GAME_ACTIONS,
        metavar="M",
        help="stop with an error naming the game and its seed if one is not over after M actions "
        "(default 100000)",
    )
    p.add_argument(
        "--workers",
        "-w",
        type=whole_number("--workers", 1),
        default=None,
        metavar="W",
        help="processes (or Ray CPUs) playing at once (default: the CPU count); results do not depend on it",
    )
    p.add_argument(
        "--backend",
        choices=["process", "ray"],
        default="process",
        help="process: a local process pool (default); ray: a Ray cluster (the extra 'ray')",
    )
    p.add_argument(
        "--address", metavar="A", help="with --backend ray: the cluster to join (default: a local Ray)"
    )
    p.add_argument(
        "--format",
        choices=["text", "json"],
        default="text",
        help="text: tables for people (default); json: one JSON document for tools (as validate's)",
    )
    p.add_argument(
        "--json", action="store_const", const="json", dest="format", help="the same as --format json"
    )
    p.add_argument(
        "--report", metavar="DIR", help="also write an HTML report with plots to DIR (the extra 'report')"
    )


def register(sub) -> None:
    """Add ``simulate`` and ``compare`` to the ``playa-rules`` subcommands."""
    p = sub.add_parser(
        "simulate",
        help="play many games between agents and report the statistics",
        description="Play seeded games between agents (random, greedy, ismcts) and report win "
        "rates with 95% intervals, scores, game length, ties, the first player's "
        "advantage and how often each action and scoring rule mattered.",
    )
    _common(p)
    p.add_argument("--variant", action="append", metavar="V", help="apply a variant (id or path); repeatable")
    p.set_defaults(run_command=cmd_simulate)
    p = sub.add_parser(
        "compare",
        help="compare a game with variants against the game as published",
        description="Play the same seeds and agents on the game with --variant and on the game "
        "as published (or with --against), and list which statistics differ "
        "significantly (paired t tests, Holm-corrected), below the rule changes.",
    )
    _common(p)
    p.add_argument(
        "--variant",
        action="append",
        required=True,
        metavar="V",
        help="a variant of the compared side (id or path); repeatable",
    )
    p.add_argument(
        "--against",
        action="append",
        metavar="X",
        help="a variant of the base side (default: none, the game as published); repeatable",
    )
    p.add_argument(
        "--alpha",
        type=_alpha,
        default=0.05,
        metavar="A",
        help="the family-wise significance level, between 0 and 1 (default 0.05)",
    )
    p.add_argument(
        "--until-clear",
        action="store_true",
        help="stop as soon as the change in who wins is clear (anytime-valid confidence sequences); "
        f"--games is then the most played (default {UNTIL_CLEAR_GAMES})",
    )
    p.add_argument(
        "--margin",
        type=_margin,
        default=0.05,
        metavar="M",
        help="with --until-clear: a change in a win rate smaller than M counts as none (default 0.05)",
    )
    p.set_defaults(run_command=cmd_compare)


def _target(arg: str):
    return Path(arg) if (arg.endswith((".yaml", ".yml")) or os.sep in arg) and os.path.exists(arg) else arg


class _Progress:
    """A rich progress bar on standard error, per game: "6/12 games, elapsed 0:00:18 left 0:00:16"
    (nothing when it is not a terminal)."""

    def __init__(self, quiet: bool):
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.console = Console(stderr=True)
        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games, elapsed"),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=self.console,
            transient=True,
            disable=quiet or not self.console.is_terminal,
        )
        self.task = None

    def start(self, what: str, total: int):
        if self.task is not None:
            self.bar.remove_task(self.task)
        self.task = self.bar.add_task(what, total=total)

    def advance(self, records):
        self.bar.advance(self.task, len(records))

    def interrupted(self, games: str) -> None:
        """After Ctrl-C: the bar gone and one clean line saying what the tables below hold."""
        self.bar.stop()
        self.console.file.write("\r\x1b[2K" if self.console.is_terminal else "")
        print(
            f"interrupted: the results are of the {games} finished before Ctrl-C",
            file=sys.stderr,
            flush=True,
        )


def _console():
    from rich.console import Console

    return Console(width=None if sys.stdout.isatty() else 130, highlight=False)


def cmd_simulate(args) -> int:
    """Run ``simulate`` for each player count; print a table as each finishes (or one JSON document)."""
    from ..rules import load
    from ..simulation.batch import simulate
    from . import simulate_tables as tables

    rules = load(_target(args.game), variants=[_target(v) for v in args.variant or []])
    _check_report(args)
    counts = args.players or [rules.player_counts[0]]

    def play(n, progress):
        progress.start(f"{rules.id}, {plural(n, 'player')}", args.games or 100)
        result = simulate(rules, players=n, games=args.games or 100, on_done=progress.advance, **_batch(args))
        return result, f"{result['games']} of {result['requested']} games", tables.print_summary

    return _runs(args, counts, play)


def cmd_compare(args) -> int:
    """Run ``compare`` for each player count; the rule changes above each table (or one JSON document)."""
    from ..rules import load
    from ..simulation.compare import compare
    from . import simulate_tables as tables

    variants = [_target(v) for v in args.variant]
    against = [_target(v) for v in args.against or []]
    rules = load(_target(args.game), variants=against)
    _check_report(args)
    counts = args.players or list(rules.player_counts)
    if not args.players and len(counts) > 1:
        print(f"comparing with {', '.join(map(str, counts))} players (-p chooses)", file=sys.stderr)
    warning = agents_warning(args.agents)
    if warning:
        print(f"note: {warning}", file=sys.stderr)
    games = args.games or (UNTIL_CLEAR_GAMES if args.until_clear else 100)

    def play(n, progress):
        progress.start(f"{plural(n, 'player')}, both sides", 2 * games)
        result = compare(
            _target(args.game),
            variants,
            against,
            players=n,
            games=games,
            alpha=args.alpha,
            until_clear=args.until_clear,
            margin=args.margin,
            on_done=lambda side, records: progress.advance(records),
            **_batch(args),
        )
        return result, f"{result['base']['games']} of {games} games a side", tables.print_comparison

    return _runs(args, counts, play)


def _batch(args) -> dict:
    """The options simulate and compare share, as keyword arguments of both."""
    return {
        "agents": args.agents,
        "seed": args.seed,
        "workers": args.workers,
        "backend": args.backend,
        "address": args.address,
        "rotate": args.rotate,
        "max_actions": args.max_actions,
    }


def _runs(args, counts: list, play) -> int:
    """``play(n, progress) -> (result, games done in words, printer)`` for each player count,
    with one progress bar, each result printed as it comes (unless --json); stops at Ctrl-C."""
    progress = _Progress(quiet=False)
    results = []
    with progress.bar:
        for n in counts:
            result, done, show = play(n, progress)
            results.append(result)
            if result["interrupted"]:
                progress.interrupted(done)
            if args.format != "json":
                if len(results) > 1:
                    _console().print()  # a blank line between the blocks of two player counts
                show(_console(), result)
            if result["interrupted"]:
                break
    return _finish(args, results)


def _check_report(args) -> None:
    """A --report folder that cannot be written fails before the games, not after them."""
    if args.report:
        from ..simulation.report import check_report

        check_report(args.report)


def _finish(args, results: list) -> int:
    """The report and the JSON document of a run of simulate or compare; its exit code."""
    if args.report:
        from ..simulation.report import write_report

        path = write_report(args.report, results)
        print(f"report written to {path}", file=sys.stderr)
    if args.format == "json":
        print(json.dumps(results[0] if len(results) == 1 else {"runs": results}, indent=2))
    return INTERRUPTED if results[-1]["interrupted"] else 0
