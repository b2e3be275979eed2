"""The ``playa-rules`` command: validate rule files, list the bundled games, play a match, print rules.

    playa-rules games
    playa-rules validate PATH_OR_ID... [--format text|json] [--simulate N [--seed S] [--max-actions M]]
    playa-rules play GAME [--players N] [--seed S] [--variant V]... [--human SEAT]... [--log FILE.json] [--quiet]
    playa-rules rules GAME [--variant V]... [--lang en|it|es] [--output FILE]
    playa-rules diff BASE VARIANT [--variant V]...

Exit codes: 0 success, 1 an error (invalid rules, bad game, abandoned game), 2 a usage
error, 130 a player quit. Library errors become one clear message, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace

from .. import __version__
from ..errors import Diagnostic, PlayaRulesError, SpecError
from ..render.words import LANGUAGES
from ..rules import games as bundled_games
from ..rules import load, validate
from ..shared.limits import MAX_GAME_ACTIONS
from ..simulation.smoke import MAX_GAMES, SAME_STOP, simulate
from ..source.variants import bundled_variants
from .common import (
    PROG,
    colour_enabled,
    format_diagnostic,
    players_text,
    plural,
    seed_number,
    target,
    whole_number,
)
from .play import cmd_play


# ------------------------------------------------------------------ validate
def _label(arg: str) -> str:
    """A file argument as messages name it: an empty (or blank) one quoted, as ''."""
    return arg if arg.strip() else repr(arg)


def _diagnostics_of(arg: str) -> list[Diagnostic]:
    try:
        return validate(target(arg))
    except PlayaRulesError as exc:
        return [Diagnostic("unreadable", str(exc), file=arg)]
    except Exception as exc:  # a bug: reported for this file, and the other files still checked
        return [_internal(arg, exc)]


def _internal(arg: str, exc: Exception) -> Diagnostic:
    """An unexpected failure on one file as that file's diagnostic (``validate a b c`` reports
    every file, in JSON too); the traceback with PLAYA_RULES_DEBUG=1."""
    if os.environ.get("PLAYA_RULES_DEBUG"):
        raise exc
    return Diagnostic(
        "internal-error",
        f"{type(exc).__name__}: {exc} (a bug in playa-rules; please report it)",
        file=arg,
        hint="set PLAYA_RULES_DEBUG=1 for the traceback",
    )


def _simulated(arg: str, diags: list[Diagnostic], args) -> list[Diagnostic]:
    """``diags`` plus what random games find, for a file without errors (``--simulate N``)."""
    if not args.simulate or any(d.severity == "error" for d in diags):
        return diags
    try:
        rules = load(target(arg))
        with _SimulationBar(_label(arg), args.simulate * len(rules.player_counts)) as bar:
            found = simulate(
                rules, args.simulate, seed=args.seed, max_actions=args.max_actions, on_games=bar.advance
            )
        return diags + found
    except PlayaRulesError as exc:
        return diags + [Diagnostic("unreadable", str(exc), file=arg)]
    except Exception as exc:
        return diags + [_internal(arg, exc)]


class _SimulationBar:
    """A rich progress bar on standard error while ``--simulate`` plays a file's games
    ("FILE: simulating  ━━━━  120/300 games, elapsed 0:00:04"); nothing when it is no terminal."""

    def __init__(self, what: str, total: int):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        console = Console(stderr=True)
        self.bar = Progress(
            TextColumn(f"{what}: simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games, elapsed"),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        )
        self.task = self.bar.add_task("simulating", total=total)

    def advance(self, games: int) -> None:
        self.bar.advance(self.task, games)

    def __enter__(self):
        self.bar.start()
        return self

    def __exit__(self, *exc) -> None:
        self.bar.stop()


def cmd_validate(args) -> int:
    results, simulated = [], []  # simulated: the games simulated per file (none for a file with errors)
    for arg in args.paths:
        diags = _diagnostics_of(arg)
        simulated.append(0 if any(d.severity == "error" for d in diags) else args.simulate)
        results.append((arg, _simulated(arg, diags, args)))
    failed = any(d.severity == "error" for _, diags in results for d in diags)
    if args.format == "json":
        files = [
            {
                "file": arg,
                "valid": not any(d.severity == "error" for d in diags),
                "diagnostics": [d.to_json() for d in diags],
            }
            for arg, diags in results
        ]
        if args.simulate:
            for i, entry in enumerate(files):
                entry["simulated_games"] = simulated[i]
        print(json.dumps({"files": files}, indent=2))
        return 1 if failed else 0
    colour = colour_enabled(sys.stdout)
    for arg, diags in results:
        for d in diags:  # (an empty path is named '' here too, not <rules>)
            print(format_diagnostic(replace(d, file=_label(arg)) if not arg.strip() else d, colour))
        errors = sum(d.severity == "error" for d in diags)
        others = len(diags) - errors
        warnings = plural(others, "warning")
        if errors:
            print(f"{_label(arg)}: {plural(errors, 'error')}" + (f", {warnings}" if others else ""))
        else:
            played = (
                f" ({plural(args.simulate, 'random game')} per player count played)" if args.simulate else ""
            )
            print(f"{_label(arg)}: valid" + (f", {warnings}" if others else "") + played)
    return 1 if failed else 0


# ------------------------------------------------------------------ games


def cmd_games(args) -> int:
    status = 0
    rows = []
    for gid in bundled_games():
        try:
            rules = load(gid)
        except PlayaRulesError as exc:
            print(f"{PROG}: {gid}: cannot be loaded: {str(exc).splitlines()[0]}", file=sys.stderr)
            status = 1
            continue
        rows.append((gid, rules.title, players_text(rules.player_counts)))
        for vid in bundled_variants(gid).get(gid, []):
            try:
                title = load(gid, variants=[vid]).variant_titles[-1]
            except PlayaRulesError as exc:
                print(f"{PROG}: {gid} + {vid}: cannot be loaded: {str(exc).splitlines()[0]}", file=sys.stderr)
                status = 1
                continue
            rows.append((f"  + {vid}", title, "variant"))
    if rows:
        w0, w1 = (max(len(r[i]) for r in rows) for i in (0, 1))
        for gid, title, players in rows:
            print(f"{gid:<{w0}}  {title:<{w1}}  {players}")
    return status


# ------------------------------------------------------------------ play


# ------------------------------------------------------------------ main
def _seat(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seat is a number from 0, not {text!r}") from None


def _players(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the number of players is a whole number, not {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Tabletop game rules as data: validate rule files, play matches, print rules.",
        epilog="Exit codes: 0 ok, 1 error, 2 usage error, 130 a player quit. See docs/cli.md.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser(
        "validate",
        help="check rule files and print every problem",
        description="Check rule files (paths or bundled game ids) and print every "
        "problem with file:line:column. Exit 1 if any file has an error.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="a rule file, or a bundled game id")
    p.add_argument(
        "--format", choices=["text", "json"], default="text", help="text for people (default), json for tools"
    )
    p.add_argument(
        "--simulate",
        type=whole_number("the number of games", 0, MAX_GAMES),
        default=0,
        metavar="N",
        help="also play N random games per player count on each valid file and report dead "
        "ends, games that do not end and runtime errors, with the seed that replays them "
        f"(at most {MAX_GAMES}; a player count whose first {SAME_STOP} games fail the same way stops there)",
    )
    p.add_argument(
        "--seed",
        type=seed_number,
        default=0,
        metavar="S",
        help="the seed of the first simulated game; game i uses S + i (default 0)",
    )
    p.add_argument(
        "--max-actions",
        type=whole_number("--max-actions", 1),
        default=MAX_GAME_ACTIONS,
        metavar="M",
        help="a simulated game not over after M actions does not end (default 100000)",
    )

    sub.add_parser("games", help="list the bundled games", description="List the bundled games.")

    p = sub.add_parser(
        "play",
        help="play a match with random players (and humans)",
        description="Play a whole match. Seats not given to --human play uniformly at "
        "random; the same game, players and seed always give the same match.",
    )
    p.add_argument("game", metavar="GAME", help="a bundled game id, or a path to a rule file")
    p.add_argument("--players", "-p", type=_players, metavar="N", help="how many seats play")
    p.add_argument(
        "--seed",
        "-s",
        type=seed_number,
        metavar="S",
        help="a whole number fixing all chance (default: a random one, printed)",
    )
    p.add_argument(
        "--human",
        type=_seat,
        action="append",
        metavar="SEAT",
        help="play this seat (0-based) at the terminal; repeatable",
    )
    p.add_argument(
        "--variant",
        action="append",
        metavar="V",
        help="apply a variant (a bundled variant id or a path to a variant file); repeatable",
    )
    p.add_argument("--log", metavar="FILE.json", help="write the full event log as JSON")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the final scores and winners")
    p.add_argument(
        "--max-actions",
        type=whole_number("--max-actions", 1),
        default=MAX_GAME_ACTIONS,
        metavar="M",
        help="stop with an error if the match is not over after M actions (default 100000)",
    )
    p.set_defaults(parser=p)

    p = sub.add_parser(
        "rules",
        help="print the rules the engine runs, as Markdown",
        description="Print the rules of a game (with its variants) as readable Markdown, "
        "rendered from the rule data the engine runs.",
    )
    p.add_argument("game", metavar="GAME", help="a bundled game id, or a path to a rule file")
    p.add_argument(
        "--variant",
        action="append",
        metavar="V",
        help="apply this variant (a bundled variant id or a path); repeatable, in order",
    )
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the language (default en)")
    p.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")

    p = sub.add_parser(
        "diff",
        help="list what variants change, rule by rule",
        description="List, rule by rule, what a variant changes in a game, as Markdown.",
    )
    p.add_argument("base", metavar="BASE", help="a bundled game id, or a path to a rule file")
    p.add_argument("variant", metavar="VARIANT", help="a bundled variant id, or a path to a variant file")
    p.add_argument(
        "--variant",
        dest="more",
        action="append",
        metavar="V",
        help="also apply this variant, after VARIANT; repeatable",
    )
    from ..web.cli import register as register_serve
    from .simulate import register

    register(sub)
    register_serve(sub)
    return parser


def _fail(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 1


def main(argv=None) -> int:
    """Run the command line; returns the exit code."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # usage errors (2), --help and --version (0)
        return exc.code if isinstance(exc.code, int) else 0
    try:
        if args.command == "validate":
            return cmd_validate(args)
        if args.command == "games":
            return cmd_games(args)
        if args.command in ("rules", "diff"):
            from .show import cmd_diff, cmd_rules

            return (cmd_rules if args.command == "rules" else cmd_diff)(args, target)
        if hasattr(args, "run_command"):  # simulate, compare (cli/simulate.py)
            return args.run_command(args)
        return cmd_play(args)
    except SystemExit as exc:  # parser.error() inside a command
        return exc.code if isinstance(exc.code, int) else 1
    except SpecError as exc:
        if len(exc.diagnostics) == 1 and exc.diagnostics[0].code == "unreadable":
            return _fail(exc.diagnostics[0].message)  # not a rules problem: a missing file or game
        for d in exc.diagnostics:
            print(format_diagnostic(d, colour_enabled(sys.stderr)), file=sys.stderr)
        errors = sum(d.severity == "error" for d in exc.diagnostics)
        where = exc.diagnostics[0].file if exc.diagnostics and exc.diagnostics[0].file else "rules"
        variant = getattr(args, "variant", None)  # (diff: one VARIANT, and --variant as 'more')
        asked = ([variant] if isinstance(variant, str) else list(variant or [])) + list(
            getattr(args, "more", None) or []
        )
        if asked:  # the rules asked for are the game with these variants, wherever the errors are
            where = f"{getattr(args, 'game', None) or getattr(args, 'base', where)} with {', '.join(_label(str(v)) for v in asked)}"
        return _fail(f"{where}: invalid rules ({plural(errors, 'error')})")
    except PlayaRulesError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as exc:  # a bug: still one line, the traceback only on request
        if os.environ.get("PLAYA_RULES_DEBUG"):
            raise
        return _fail(f"internal error: {type(exc).__name__}: {exc} (set PLAYA_RULES_DEBUG=1 for details)")


if __name__ == "__main__":
    sys.exit(main())
