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
import random
import sys
from dataclasses import replace
from pathlib import Path

from .. import __version__
from ..errors import Diagnostic, PlayaRulesError, SpecError
from ..render.words import LANGUAGES
from ..rules import games as bundled_games
from ..rules import load, validate
from ..simulation.smoke import simulate
from ..source.variants import bundled_variants
from .narrate import Narrator

PROG = "playa-rules"
_COLOURS = {"error": "\033[31;1m", "warning": "\033[33;1m"}


def _colour_enabled(stream) -> bool:
    return not os.environ.get("NO_COLOR") and hasattr(stream, "isatty") and stream.isatty()


def _target(arg: str):
    """A bundled id stays an id; an existing file becomes a path; anything else is left to the library."""
    if arg in bundled_games():
        return arg
    return Path(arg) if os.path.exists(arg) else arg


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------------ validate
def _label(arg: str) -> str:
    """A file argument as messages name it: an empty (or blank) one quoted, as ''."""
    return arg if arg.strip() else repr(arg)


def _diagnostics_of(arg: str) -> list[Diagnostic]:
    try:
        return validate(_target(arg))
    except PlayaRulesError as exc:
        return [Diagnostic("unreadable", str(exc), file=arg)]


def _format_diagnostic(d: Diagnostic, colour: bool) -> str:
    text = d.format()
    head = f"{d.location()}: {d.severity} "
    if colour and text.startswith(head):
        code = _COLOURS.get(d.severity, "\033[36m")
        text = f"{d.location()}: {code}{d.severity}\033[0m " + text[len(head) :]
    return text


def _simulated(arg: str, diags: list[Diagnostic], args) -> list[Diagnostic]:
    """``diags`` plus what random games find, for a file without errors (``--simulate N``)."""
    if not args.simulate or any(d.severity == "error" for d in diags):
        return diags
    try:
        rules = load(_target(arg))
        return diags + simulate(rules, args.simulate, seed=args.seed, max_actions=args.max_actions)
    except PlayaRulesError as exc:
        return diags + [Diagnostic("unreadable", str(exc), file=arg)]


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
    colour = _colour_enabled(sys.stdout)
    for arg, diags in results:
        for d in diags:  # (an empty path is named '' here too, not <rules>)
            print(_format_diagnostic(replace(d, file=_label(arg)) if not arg.strip() else d, colour))
        errors = sum(d.severity == "error" for d in diags)
        others = len(diags) - errors
        warnings = _plural(others, "warning")
        if errors:
            print(f"{_label(arg)}: {_plural(errors, 'error')}" + (f", {warnings}" if others else ""))
        else:
            played = (
                f" ({_plural(args.simulate, 'random game')} per player count played)" if args.simulate else ""
            )
            print(f"{_label(arg)}: valid" + (f", {warnings}" if others else "") + played)
    return 1 if failed else 0


# ------------------------------------------------------------------ games
def _counts(counts: list[int]) -> str:
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


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
        rows.append((gid, rules.title, f"{_counts(rules.player_counts)} players"))
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


def _variant(arg: str):
    """A variant given on the command line: an existing file is a path, anything else a bundled id."""
    return Path(arg) if os.path.exists(arg) else arg


# ------------------------------------------------------------------ play
def seed_number(text: str) -> int:
    """A seed on the command line: a whole number, for play as for validate and simulate."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None


def _try_next(game: str, players: int, automata, variants=()) -> None:
    """After a match between random seats: what a newcomer can do next (with the same variants)."""
    name = game if " " not in game else repr(game)
    name += "".join(f" --variant {v if ' ' not in v else repr(v)}" for v in variants)
    seat = next(s for s in range(players + len(automata)) if s not in automata)
    print(
        f"\nTry next: `{PROG} play {name} -p {players} --human {seat}` to play seat {seat} yourself, "
        f"`{PROG} rules {name}` to read the rules it runs."
    )


def _span(seats: list[int]) -> str:
    return (
        f"{seats[0]} to {seats[-1]}"
        if len(seats) > 1 and seats == list(range(seats[0], seats[-1] + 1))
        else ", ".join(map(str, seats))
    )


def _write_log(path: str, log: list) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(log, fh, indent=2)
            fh.write("\n")
    except OSError as exc:
        raise PlayaRulesError(f"cannot write the log {path}: {exc.strerror or exc}") from None


def _header(rules, players: int, seed, humans: set[int], automata=()) -> None:
    print(f"{rules.title} ({rules.id}): {players} players, seed {seed}")
    who = [f"seat {s}: {'you' if len(humans) == 1 else 'human'}" for s in sorted(humans)]
    others = [str(s) for s in range(players) if s not in humans]
    if others:
        who.append(f"{'seat' if len(others) == 1 else 'seats'} {', '.join(others)}: random")
    if automata:
        who.append(
            f"{'seat' if len(automata) == 1 else 'seats'} {', '.join(map(str, automata))}: "
            f"played by the rules"
        )
    print("Players: " + "; ".join(who))


def _play_out(game, seats: dict, rng: random.Random, narrator: Narrator) -> None:
    """Play to the end: people at ``seats`` choose, every other seat picks uniformly at random.
    When the keyboard passes from one person to another, the screen is cleared first."""
    last = None
    while not game.is_over:
        seat = game.current_player
        if seat in seats:
            if len(seats) > 1 and last is not None and last != seat:
                seats[seat].hand_over()
            last = seat
            narrator.catch_up(game)
            narrator.flush()
            action = seats[seat].choose(game)
        else:
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]
        try:
            game.apply(action)
        except PlayaRulesError:  # the rules failed: the failing action's line, then the error
            narrator.catch_up(game)
            narrator.event(
                {"event": "action", "seat": seat, "action": f"{action} (failed: see the error below)"}
            )
            narrator.flush()
            raise
        if not narrator.quiet or seat in seats or game.is_over:
            narrator.catch_up(game)
    narrator.flush()


def cmd_play(args) -> int:
    from .human import Abandon, HumanSeat

    rules = load(_target(args.game), variants=[_variant(v) for v in args.variant or []])
    if not args.quiet:
        for d in rules.warnings:
            print(_format_diagnostic(d, _colour_enabled(sys.stderr)), file=sys.stderr)
    players = args.players
    if players is None:
        if len(rules.player_counts) != 1:
            args.parser.error(f"give --players ({rules.id} is for {_counts(rules.player_counts)} players)")
        players = rules.player_counts[0]
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    twice = sorted({s for s in args.human or [] if (args.human or []).count(s) > 1})
    if twice:
        args.parser.error(f"--human {twice[0]} is given twice: each seat is played by one person")
    humans = set(args.human or [])
    game = rules.new_game(players=players, seed=seed)
    people = [s for s in range(len(game.view(None)["seats"])) if s not in game.automata]
    bad = sorted(s for s in humans if s not in people)
    if bad:
        from ..engine.automata import seats_of

        auto = seats_of(rules.program, players)[bad[0]] if bad[0] in game.automata else None
        why = (
            f"seat {bad[0]} is played by the rules (automaton '{auto.id}' of {rules.id} with {players} "
            f"players)"
            if auto is not None
            else f"there is no seat {bad[0]}"
        )
        args.parser.error(f"--human {bad[0]}: {why}; people take seats {_span(people)}")
    if args.log:
        _write_log(args.log, [])  # fail before the match, not after it
    if not args.quiet:
        _header(rules, players, seed, humans, game.automata)
    narrator = Narrator(game.view(0)["hands"], humans, args.quiet, rules.spec)
    narrator.automata = set(game.automata)
    status = 0
    try:
        _play_out(game, {s: HumanSeat(s) for s in humans}, random.Random(seed), narrator)
    except Abandon as exc:
        narrator.flush()
        print(f"{PROG}: {exc}", file=sys.stderr)
        status = exc.code
    else:
        if not humans and not args.quiet:
            _try_next(args.game, players, game.automata, args.variant or [])
    finally:  # also after an engine error: the log up to it is what one needs to debug the rules
        if args.log:
            _write_log(args.log, game.log)
            if not args.quiet:
                print(f"log written to {args.log}" + ("" if game.is_over else " (unfinished game)"))
    return status


# ------------------------------------------------------------------ main
def _seat(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seat is a number from 0, not {text!r}") from None


def whole_number(what: str, low: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} is at least {low}, not {value}")
        return value

    return parse


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
        type=whole_number("the number of games", 0),
        default=0,
        metavar="N",
        help="also play N random games per player count on each valid file and report dead "
        "ends, games that do not end and runtime errors, with the seed that replays them",
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
        default=100_000,
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

            return (cmd_rules if args.command == "rules" else cmd_diff)(args, _target)
        if hasattr(args, "run_command"):  # simulate, compare (cli/simulate.py)
            return args.run_command(args)
        return cmd_play(args)
    except SystemExit as exc:  # parser.error() inside a command
        return exc.code if isinstance(exc.code, int) else 1
    except SpecError as exc:
        if len(exc.diagnostics) == 1 and exc.diagnostics[0].code == "unreadable":
            return _fail(exc.diagnostics[0].message)  # not a rules problem: a missing file or game
        for d in exc.diagnostics:
            print(_format_diagnostic(d, _colour_enabled(sys.stderr)), file=sys.stderr)
        errors = sum(d.severity == "error" for d in exc.diagnostics)
        where = exc.diagnostics[0].file if exc.diagnostics and exc.diagnostics[0].file else "rules"
        variant = getattr(args, "variant", None)  # (diff: one VARIANT, and --variant as 'more')
        asked = ([variant] if isinstance(variant, str) else list(variant or [])) + list(
            getattr(args, "more", None) or []
        )
        if asked:  # the rules asked for are the game with these variants, wherever the errors are
            where = f"{getattr(args, 'game', None) or getattr(args, 'base', where)} with {', '.join(_label(str(v)) for v in asked)}"
        return _fail(f"{where}: invalid rules ({_plural(errors, 'error')})")
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
